/** Writing tables: Markdown for reading, CSV and JSON for tools. */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { trackPartial, untrackPartial } from "../io/partials.js";
import { join } from "node:path";
import { toCsv } from "../data/csv.js";

/** Columns of a table: the union of its rows' keys, in first-seen order. */
export function columnsOf(rows: readonly Record<string, unknown>[]): string[] {
  const cols: string[] = [];
  const seen = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r)) if (!seen.has(k)) seen.add(k), cols.push(k);
  return cols;
}

export type Cell = string | number | boolean | null | undefined;

/** A number with fixed decimals; "—" for no value. */
export function fixed(x: Cell, digits = 2): string {
  if (x === null || x === undefined || (typeof x === "number" && !Number.isFinite(x))) return "—";
  return typeof x === "number" ? x.toFixed(digits) : String(x);
}

/** A GitHub-flavoured Markdown table. */
export function markdownTable(header: readonly string[], rows: readonly Cell[][]): string {
  const esc = (c: Cell) => (c === null || c === undefined ? "" : String(c)).replace(/\|/g, "\\|");
  const lines = [`| ${header.map(esc).join(" | ")} |`, `| ${header.map(() => "---").join(" | ")} |`];
  for (const r of rows) lines.push(`| ${r.map(esc).join(" | ")} |`);
  return lines.join("\n");
}

/**
 * Writes a file atomically (temporary name, then rename), so a crash never leaves half a file.
 * `tmp` names the temporary file (default `<path>.tmp-PID`).
 */
export function writeFileAtomic(path: string, text: string, tmp = `${path}.tmp-${process.pid}`): void {
  trackPartial(tmp);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  } finally {
    untrackPartial(tmp);
  }
}

/** Writes DIR/<name>.csv and DIR/<name>.json for a table of row objects. */
export function writeTable(dir: string, name: string, rows: readonly Record<string, unknown>[]): void {
  mkdirSync(dir, { recursive: true });
  writeFileAtomic(join(dir, `${name}.csv`), toCsv(columnsOf(rows), rows));
  writeFileAtomic(join(dir, `${name}.json`), JSON.stringify(rows, null, 2) + "\n");
}
