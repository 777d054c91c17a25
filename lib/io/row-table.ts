/**
 * Reading and writing the row tables `capqa score` takes and gives: CSV (RFC 4180) or JSON
 * Lines, chosen by the file's extension. Errors name the file, line and field.
 */
import { readFileSync } from "node:fs";
import { parseCsv, type CsvWriteOptions } from "./csv.js";
import { formatOf, locateInvalidUtf8, RowWriter, type TableFormat } from "./row-stream.js";
export { formatOf, type TableFormat } from "./row-stream.js";
import { DataError } from "./errors.js";

export interface RowTable {
  readonly file: string;
  readonly format: TableFormat;
  readonly columns: string[];
  readonly rows: Record<string, unknown>[];
  /** 1-based line of each row in the file, for messages. */
  readonly lines: number[];
}

export function readRowTable(file: string): RowTable {
  const format = formatOf(file);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new DataError({ file }, `cannot read: ${(err as Error).message}`);
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const where = locateInvalidUtf8(bytes);
    throw new DataError({ file, line: where?.line }, `is not UTF-8 text${where ? ` (byte ${where.offset})` : ""}; save the file as UTF-8`);
  }
  if (text.charCodeAt(0) === 0xfeff && format === "jsonl") text = text.slice(1);
  if (format === "csv") {
    const t = parseCsv(text, file);
    return {
      file,
      format,
      columns: t.header,
      rows: t.records.map((r) => Object.fromEntries(t.header.map((h, k) => [h, r.fields[k]]))),
      lines: t.records.map((r) => r.line),
    };
  }
  const columns: string[] = [];
  const seen = new Set<string>();
  const rows: Record<string, unknown>[] = [];
  const lines: number[] = [];
  text.split("\n").forEach((raw, k) => {
    const line = raw.trim();
    if (line === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new DataError({ file, line: k + 1 }, `not valid JSON: ${(err as Error).message}`);
    }
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new DataError({ file, line: k + 1 }, "each line must be a JSON object");
    for (const [key, v] of Object.entries(value))
      if (typeof v === "number" && !Number.isFinite(v))
        throw new DataError({ file, line: k + 1, field: key }, `is a number out of range (${v}); write it as a string if it is text`);
    for (const key of Object.keys(value)) if (!seen.has(key)) seen.add(key), columns.push(key);
    rows.push(value as Record<string, unknown>);
    lines.push(k + 1);
  });
  return { file, format, columns, rows, lines };
}

/** The string cells of a column; a missing or non-string cell is an error naming file, line and field. */
export function stringColumn(table: RowTable, column: string): string[] {
  return table.rows.map((row, i) => {
    const v = row[column];
    if (typeof v === "string") return v;
    if (v === undefined || v === null) throw new DataError({ file: table.file, line: table.lines[i], row: i, field: column }, "is missing");
    throw new DataError({ file: table.file, line: table.lines[i], row: i, field: column }, `is not a string: ${JSON.stringify(v)}`);
  });
}

/**
 * Writes a whole table through RowWriter: a temporary file renamed into place, no giant string; `formulaGuard` (CSV): see CsvWriteOptions.
 */
export function writeRowTable(
  file: string,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
  options: CsvWriteOptions = {},
): void {
  const w = RowWriter.open(file, columns, options);
  try {
    for (const r of rows) w.write(r);
    w.commit();
  } catch (err) {
    w.abort();
    throw err;
  }
}
