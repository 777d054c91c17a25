/**
 * RFC 4180 CSV: fields separated by commas, optionally quoted; a quote inside a quoted field is
 * doubled; quoted fields may hold commas and line breaks; records end with CRLF or LF. The
 * released CAP-Correctness.csv has CRLF record ends and bare LF inside quoted fields, so the
 * parser never splits on lines first.
 */
import { DataError } from "./errors.js";

export interface CsvRecord {
  /** Field values in column order. */
  readonly fields: string[];
  /** 1-based line on which the record starts (what an editor shows). */
  readonly line: number;
}

export interface CsvTable {
  readonly header: string[];
  readonly records: CsvRecord[];
}

/** Parses CSV text into a header and records; `file` names the source in error messages. */
export function parseCsv(text: string, file = "<csv>"): CsvTable {
  const records = parseCsvRecords(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, file);
  if (records.length === 0) throw new DataError({ file }, "the file is empty (no header)");
  const [head, ...rest] = records;
  const seen = new Set<string>();
  for (const name of head.fields) {
    if (seen.has(name)) throw new DataError({ file, line: 1, field: name }, "column name appears twice in the header");
    seen.add(name);
  }
  for (const rec of rest) {
    if (rec.fields.length !== head.fields.length) {
      throw new DataError({ file, line: rec.line }, `record has ${rec.fields.length} fields, the header has ${head.fields.length}`);
    }
  }
  return { header: head.fields, records: rest };
}

/** The records of CSV text whose first line is `firstLine` of its file (for streaming: whole records only). */
export function parseCsvRecords(text: string, file: string, firstLine = 1): CsvRecord[] {
  const out: CsvRecord[] = [];
  const n = text.length;
  let i = 0;
  let line = firstLine;
  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === 34 /* " */) {
        const quoteLine = line;
        let buf = "";
        let j = i + 1;
        for (;;) {
          const q = text.indexOf('"', j);
          if (q < 0) throw new DataError({ file, line: quoteLine }, "quoted field is never closed");
          const chunk = text.slice(j, q);
          buf += chunk;
          line += countNewlines(chunk);
          if (text.charCodeAt(q + 1) === 34) {
            buf += '"';
            j = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
        value = buf;
        const c = text.charCodeAt(i);
        if (i < n && c !== 44 && c !== 10 && c !== 13) {
          throw new DataError({ file, line }, `unexpected character after a closing quote: ${JSON.stringify(text[i])}`);
        }
      } else {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === 44 || c === 10 || c === 13) break;
          if (c === 34) throw new DataError({ file, line }, "a quote inside an unquoted field");
          j++;
        }
        value = text.slice(i, j);
        i = j;
      }
      fields.push(value);
      if (i >= n) break;
      const c = text.charCodeAt(i);
      if (c === 44) {
        i++;
        continue;
      }
      // record end: CRLF or LF (or a lone CR)
      if (c === 13) i++;
      if (text.charCodeAt(i) === 10) i++;
      line++;
      break;
    }
    // A trailing blank line is not a record.
    if (!(fields.length === 1 && fields[0] === "" && i >= n)) out.push({ fields, line: startLine });
  }
  return out;
}

function countNewlines(s: string): number {
  let k = 0;
  for (let p = s.indexOf("\n"); p >= 0; p = s.indexOf("\n", p + 1)) k++;
  return k;
}

/** Returns the index of each required column, or throws naming the missing ones. */
export function requireColumns(table: CsvTable, file: string, names: readonly string[]): Record<string, number> {
  const index: Record<string, number> = {};
  const missing: string[] = [];
  for (const name of names) {
    const k = table.header.indexOf(name);
    if (k < 0) missing.push(name);
    else index[name] = k;
  }
  if (missing.length > 0) {
    throw new DataError({ file, line: 1 }, `missing column(s) ${missing.join(", ")}; the header has ${table.header.join(", ")}`);
  }
  return index;
}

/** Options of capqa's CSV writers (toCsv, RowWriter.open, writeRowTable). */
export interface CsvWriteOptions {
  /**
   * Guard the file against formula injection for people who open it in a spreadsheet (OWASP, "CSV
   * Injection"): a text cell that a spreadsheet would run as a formula gets a leading `'`
   * (guardFormula), and every text cell is quoted. It changes values (`=1+1` is read back as
   * `'=1+1`), so it is off unless asked for; numbers, and text that is a decimal number ("-0.5"),
   * are never altered. Default: $CAPQA_CSV_FORMULA_GUARD (1 on, 0 off), else off.
   */
  readonly formulaGuard?: boolean;
}

/** Environment variable that turns the CSV formula guard on for every CSV written (1) or off (0); the CLI's --csv-formula-guard sets it. */
export const CSV_FORMULA_GUARD_ENV = "CAPQA_CSV_FORMULA_GUARD";

/** Whether CSV output is guarded when no option says: $CAPQA_CSV_FORMULA_GUARD; another value than 1/0/true/false is an error naming it. */
export function csvFormulaGuardDefault(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = (env[CSV_FORMULA_GUARD_ENV] ?? "").trim().toLowerCase();
  if (v === "" || v === "0" || v === "false") return false;
  if (v === "1" || v === "true") return true;
  throw new Error(
    `${CSV_FORMULA_GUARD_ENV} must be 1 (guard CSV cells against formulas) or 0, got ${JSON.stringify(env[CSV_FORMULA_GUARD_ENV])}`,
  );
}

/** What a spreadsheet may run as a formula: = + - @ (and their full-width forms) first, or first after white space and quotes. */
const FORMULA_AFTER_BLANKS = /^[\s"'\u201c\u201d\u2018\u2019]*[=+\-@\uff1d\uff0b\uff0d\uff20]/;
/** Characters that start a formula or hide one when a cell begins with them: tab, carriage return, NUL (OWASP, ASVS 1.2.10). */
const FORMULA_FIRST = /^[\t\r\0]/;

/**
 * A text cell made safe to open in a spreadsheet (OWASP's advice for CSV Injection): a cell that
 * starts with =, +, -, @, a tab, a carriage return or NUL, or with = + - @ after leading white space
 * or quotes (their full-width forms too), gets a leading `'`, which makes a spreadsheet show the
 * rest as text. Text that is a decimal number ("-0.5", "+1", "1e-3") is left as it is: a
 * spreadsheet reads it as that number, which runs nothing.
 */
export function guardFormula(text: string): string {
  if (!(FORMULA_FIRST.test(text) || FORMULA_AFTER_BLANKS.test(text)) || isDecimalText(text)) return text;
  return `'${text}`;
}

/**
 * Quotes a value for CSV output when it needs it (an object or array is written as its JSON text); with formulaGuard, every text cell is
 * quoted and formulas are guarded.
 */
export function csvEscape(value: unknown, options: CsvWriteOptions = {}): string {
  const guard = options.formulaGuard ?? csvFormulaGuardDefault();
  return csvCell(value, guard);
}

/** csvEscape with the guard decided (the writers decide it once per file). */
export function csvCell(value: unknown, formulaGuard: boolean): string {
  const s =
    value === null || value === undefined
      ? ""
      : typeof value === "number"
        ? formatNumber(value)
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value);
  // Guarded: every text cell quoted (OWASP), so that a spreadsheet splitting at ";" or tab keeps it one cell.
  if (formulaGuard && typeof value !== "number" && s !== "") return `"${guardFormula(s).replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Shortest round-tripping form; NaN as empty. */
function formatNumber(x: number): string {
  return Number.isNaN(x) ? "" : String(x);
}

/** Writes rows of objects as CSV with the given columns (LF line ends, header first); `formulaGuard`: see CsvWriteOptions. */
export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[], options: CsvWriteOptions = {}): string {
  const guard = options.formulaGuard ?? csvFormulaGuardDefault();
  const lines = [columns.map((c) => csvCell(c, guard)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c], guard)).join(","));
  return lines.join("\n") + "\n";
}

/**
 * Whether a cell's text is a number in decimal notation ("0.85", "-1e-3", " 2 "), as a CSV written
 * by pandas or R holds: no hexadecimal, no "Infinity", no "NaN". Every reader of numbers from
 * user files (and the CLI's number flags) uses this one rule.
 */
export function isDecimalText(text: string): boolean {
  return /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/.test(text);
}
