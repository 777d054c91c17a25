/** Writing tables: Markdown for reading, CSV and JSON for tools. */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { trackPartial, untrackPartial } from "./partials.js";
import { writeError } from "./write-errors.js";
import { join } from "node:path";
import { toCsv } from "./csv.js";

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

/**
 * A number the one way capqa's tables show numbers: an integer as it is, any other number with
 * `digits` decimals (default 4); "—" for NaN or ±Infinity.
 */
export function formatNumber(x: number, digits = 4): string {
  if (!Number.isFinite(x)) return "—";
  return Number.isInteger(x) ? String(x) : x.toFixed(digits);
}

export interface TableHtmlOptions {
  /** Columns shown, by key or with a header (default: every key of the rows, in first-seen order). */
  readonly columns?: readonly (string | { readonly key: string; readonly header: string })[];
  /** Rows shown at most (default all); a cut table says "first N of M rows" above it. */
  readonly maxRows?: number;
  /** Decimals of a non-integer number (default 4). */
  readonly digits?: number;
  /** A caption above the table. */
  readonly caption?: string;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Rows as an HTML table: every row (or, with maxRows, the first rows and a line saying how many
 * of how many), numbers by formatNumber, right-aligned; nulls "—"; arrays and objects as JSON.
 */
export function tableHtml(rows: readonly Record<string, unknown>[], options: TableHtmlOptions = {}): string {
  const max = options.maxRows ?? rows.length;
  if (!(Number.isInteger(max) && max >= 0)) throw new RangeError(`tableHtml: maxRows must be an integer ≥ 0, got ${max}`);
  const columns = (options.columns ?? columnsOf(rows)).map((c) => (typeof c === "string" ? { key: c, header: c } : c));
  const shown = rows.slice(0, max);
  const cell = (v: unknown) => {
    if (typeof v === "number") return `<td style="text-align:right">${formatNumber(v, options.digits)}</td>`;
    if (v === null || v === undefined) return `<td style="text-align:center">—</td>`;
    const text = typeof v === "object" ? JSON.stringify(v) : String(v);
    return `<td style="text-align:left">${escapeHtml(text)}</td>`;
  };
  const notes = [
    options.caption,
    shown.length < rows.length ? `first ${shown.length} of ${rows.length} rows (${rows.length - shown.length} not shown)` : undefined,
  ].filter((x): x is string => x !== undefined);
  return [
    '<table class="capqa-table">',
    notes.length ? `<caption style="caption-side:top;text-align:left">${notes.map(escapeHtml).join("; ")}</caption>` : "",
    `<thead><tr>${columns.map((c) => `<th>${escapeHtml(c.header)}</th>`).join("")}</tr></thead>`,
    `<tbody>${shown.map((r) => `<tr>${columns.map((c) => cell(r[c.key])).join("")}</tr>`).join("")}</tbody>`,
    "</table>",
  ].join("");
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
    throw writeError(path, err); // Node's message for a failed write names no file
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
