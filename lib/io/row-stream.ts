/**
 * Row files read and written as streams, so that memory stays flat however many rows a file
 * has: CSV (RFC 4180) and JSON Lines in, the same out. Input is decoded as strict UTF-8 (a byte
 * sequence that is not UTF-8 is an error naming its line, never a silent U+FFFD), JSON numbers
 * must be finite (1e400 is refused, naming line and field), and an object or array written to
 * a CSV cell is written as its JSON text. Outputs go to a temporary file renamed into place at
 * the end, so a file is there whole or not at all.
 *
 * @example
 * const source = await openRowSource("answers.csv");
 * const writer = RowWriter.open("scored.csv", [...source.columns, "cap"]);
 * for await (const { row } of source.rows()) writer.write({ ...row, cap: 0.5 });
 * writer.commit();
 */
import { otherProcessAlive, trackPartial, untrackPartial } from "./partials.js";
import { writeError } from "./write-errors.js";
import {
  closeSync,
  createReadStream,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { createHash } from "node:crypto";
import { basename, dirname, extname, join, resolve } from "node:path";
import { csvCell, csvFormulaGuardDefault, parseCsvRecords, type CsvWriteOptions } from "./csv.js";
import { DataError } from "./errors.js";

/** The formats of row files capqa reads and writes. */
export type TableFormat = "csv" | "jsonl";

export function formatOf(file: string): TableFormat {
  const ext = extname(file).toLowerCase();
  if (ext === "" && existsSync(file) && statSync(file).isDirectory()) throw new Error(`${file} is a folder; name a .csv or .jsonl file`);
  if (ext === ".csv") return "csv";
  if (ext === ".jsonl" || ext === ".ndjson") return "jsonl";
  throw new Error(`${file}: unknown table format "${ext}"; use .csv or .jsonl`);
}

export interface RowRecord {
  readonly row: Record<string, unknown>;
  /** 1-based line where the row starts. */
  readonly line: number;
}

export interface RowSource {
  readonly file: string;
  readonly format: TableFormat;
  /** CSV: the header; JSON Lines: every key seen, in first-seen order. */
  readonly columns: string[];
  rows(): AsyncGenerator<RowRecord>;
  /**
   * The SHA-256 and size of the bytes the last rows() pass read to its end: what those rows were
   * parsed from, even if the file changed while it was read (a manifest records this, not a
   * second read of the file); undefined before a pass has ended.
   */
  digest(): { readonly path: string; readonly sha256: string; readonly bytes: number } | undefined;
}

/** A SHA-256 of the bytes a pass reads, kept once the pass reaches the end of the file. */
class PassDigest {
  private hash = createHash("sha256");
  private bytes = 0;
  constructor(private readonly done: (d: { sha256: string; bytes: number }) => void) {}
  update(chunk: Buffer): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
  }
  end(): void {
    this.done({ sha256: this.hash.digest("hex"), bytes: this.bytes });
  }
}

/** Where the first byte sequence that is not UTF-8 sits: 1-based line and byte offset. */
export function locateInvalidUtf8(bytes: Uint8Array): { line: number; offset: number } | undefined {
  let line = 1;
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    let need = 0;
    if (b < 0x80) {
      if (b === 0x0a) line++;
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) need = 2;
    else if (b >= 0xf0 && b <= 0xf4) need = 3;
    else return { line, offset: i };
    for (let k = 1; k <= need; k++) if (i + k >= bytes.length || (bytes[i + k] & 0xc0) !== 0x80) return { line, offset: i };
    const b1 = bytes[i + 1];
    if ((b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 > 0x9f) || (b === 0xf0 && b1 < 0x90) || (b === 0xf4 && b1 > 0x8f))
      return { line, offset: i };
    i += need + 1;
  }
  return undefined;
}

/** The text of a file as strict UTF-8 chunks (BOM dropped); an invalid byte is an error naming its line. */
async function* textChunks(file: string, digest?: PassDigest): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let first = true;
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
      digest?.update(chunk as Buffer);
      let text = decoder.decode(chunk as Buffer, { stream: true });
      if (first) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      if (text) yield text;
    }
    const tail = decoder.decode();
    digest?.end();
    if (tail) yield tail;
  } catch (err) {
    if (err instanceof TypeError && /encoded data was not valid|invalid/i.test(err.message)) {
      const where = locateInvalidUtf8(readFileSync(file));
      throw new DataError(
        { file, line: where?.line },
        `is not UTF-8 text${where ? ` (byte ${where.offset})` : ""}; save the file as UTF-8`,
      );
    }
    if ((err as NodeJS.ErrnoException).code) throw new DataError({ file }, `cannot read: ${(err as Error).message}`);
    throw err;
  }
}

/** Text split into complete CSV records as it streams: a record ends at a line break outside quotes. */
async function* csvRecordStream(file: string, digest?: PassDigest): AsyncGenerator<{ fields: string[]; line: number }> {
  let buffer = "";
  let line = 1;
  let inQuotes = false;
  let scanned = 0;
  for await (const text of textChunks(file, digest)) {
    buffer += text;
    // The last record end outside quotes: everything before it parses as whole records.
    let cut = -1;
    for (let i = scanned; i < buffer.length; i++) {
      const c = buffer.charCodeAt(i);
      if (c === 34) inQuotes = !inQuotes;
      else if (c === 10 && !inQuotes) cut = i + 1;
    }
    scanned = buffer.length;
    if (cut < 0) continue;
    const complete = buffer.slice(0, cut);
    buffer = buffer.slice(cut);
    scanned = buffer.length;
    for (const r of parseCsvRecords(complete, file, line)) yield r;
    line += countNewlines(complete);
  }
  if (buffer.length > 0) for (const r of parseCsvRecords(buffer, file, line)) yield r;
}

function countNewlines(s: string): number {
  let k = 0;
  for (let p = s.indexOf("\n"); p >= 0; p = s.indexOf("\n", p + 1)) k++;
  return k;
}

/** Refuses numbers JSON could not carry (1e400 parses as Infinity), naming the field. */
function checkFinite(value: unknown, file: string, line: number, path: string): void {
  if (typeof value === "number") {
    if (!Number.isFinite(value))
      throw new DataError({ file, line, field: path }, `is a number out of range (${value}); write it as a string if it is text`);
  } else if (Array.isArray(value)) value.forEach((v, k) => checkFinite(v, file, line, `${path}[${k}]`));
  else if (value !== null && typeof value === "object")
    for (const [k, v] of Object.entries(value)) checkFinite(v, file, line, path ? `${path}.${k}` : k);
}

async function* jsonLines(file: string, digest?: PassDigest): AsyncGenerator<RowRecord> {
  let buffer = "";
  let line = 0;
  const parse = (raw: string): RowRecord | undefined => {
    line++;
    const text = raw.trim();
    if (text === "") return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new DataError({ file, line }, `not valid JSON: ${(err as Error).message}`);
    }
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new DataError({ file, line }, "each line must be a JSON object");
    checkFinite(value, file, line, "");
    return { row: value as Record<string, unknown>, line };
  };
  for await (const text of textChunks(file, digest)) {
    buffer += text;
    let nl = buffer.indexOf("\n");
    while (nl >= 0) {
      const r = parse(buffer.slice(0, nl));
      if (r) yield r;
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf("\n");
    }
  }
  if (buffer.length > 0) {
    const r = parse(buffer);
    if (r) yield r;
  }
}

/** Opens a CSV or JSON Lines file for streaming (a JSON Lines file is read once ahead for its keys). */
export async function openRowSource(file: string): Promise<RowSource> {
  if (!existsSync(file)) throw new DataError({ file }, "cannot read: no such file");
  if (statSync(file).isDirectory()) throw new DataError({ file }, "is a folder; give the .csv or .jsonl file of rows");
  const format = formatOf(file);
  if (format === "csv") {
    const head = await csvRecordStream(file).next();
    if (head.done) throw new DataError({ file }, "the file is empty (no header)");
    const columns = head.value.fields;
    const seen = new Set<string>();
    for (const c of columns) {
      if (seen.has(c)) throw new DataError({ file, line: 1, field: c }, "column name appears twice in the header");
      seen.add(c);
    }
    let last: { sha256: string; bytes: number } | undefined;
    return {
      file,
      format,
      columns,
      digest: () => last && { path: resolve(file), ...last },
      async *rows() {
        let header = true;
        for await (const rec of csvRecordStream(file, new PassDigest((d) => (last = d)))) {
          if (header) {
            header = false;
            continue;
          }
          if (rec.fields.length !== columns.length)
            throw new DataError({ file, line: rec.line }, `record has ${rec.fields.length} fields, the header has ${columns.length}`);
          yield { row: Object.fromEntries(columns.map((c, k) => [c, rec.fields[k]])), line: rec.line };
        }
      },
    };
  }
  const columns: string[] = [];
  const seen = new Set<string>();
  for await (const { row } of jsonLines(file)) for (const k of Object.keys(row)) if (!seen.has(k)) seen.add(k), columns.push(k);
  let last: { sha256: string; bytes: number } | undefined;
  return {
    file,
    format,
    columns,
    rows: () => jsonLines(file, new PassDigest((d) => (last = d))),
    digest: () => last && { path: resolve(file), ...last },
  };
}

/** A CSV cell: text as is, numbers in their shortest form, objects and arrays as JSON text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isNaN(value) ? "" : String(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Temporary files that killed runs left beside `file` (their process is gone). */
function removeStaleTemps(file: string): void {
  const dir = dirname(file);
  if (!existsSync(dir)) return;
  const prefix = `${basename(file)}.tmp-`;
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix)) continue;
    if (!otherProcessAlive(Number(name.slice(prefix.length).split("-")[0]))) rmSync(join(dir, name), { force: true });
  }
}

/** Writes rows to a temporary file, renamed into place by commit(); abort() leaves nothing. */
export class RowWriter {
  private buffer: string[] = [];
  private size = 0;
  private fd: number | undefined;
  private rows = 0;

  private constructor(
    readonly file: string,
    readonly format: TableFormat,
    readonly columns: readonly string[],
    private readonly tmp: string,
    /** CSV cells guarded against formulas (CsvWriteOptions). */
    readonly formulaGuard: boolean,
  ) {}

  /**
   * Opens the output now, so a missing folder or a read-only place fails before any work; `formulaGuard` (CSV only): see CsvWriteOptions.
   */
  static open(file: string, columns: readonly string[], options: CsvWriteOptions = {}): RowWriter {
    if (existsSync(file) && statSync(file).isDirectory())
      throw new DataError({ file }, "is a folder; name the output file (.csv or .jsonl)");
    const format = formatOf(file);
    const guard = options.formulaGuard ?? csvFormulaGuardDefault();
    removeStaleTemps(file);
    const tmp = `${file}.tmp-${process.pid}-${Date.now()}`;
    const w = new RowWriter(file, format, columns, tmp, guard);
    try {
      w.fd = openSync(tmp, "wx");
      trackPartial(tmp);
    } catch (err) {
      throw new DataError({ file }, `cannot write the output here: ${(err as Error).message}`);
    }
    if (format === "csv") w.push(columns.map((c) => csvCell(c, guard)).join(","));
    return w;
  }

  private push(line: string): void {
    this.buffer.push(line, "\n");
    this.size += line.length + 1;
    if (this.size >= 1 << 20) this.flush();
  }

  private flush(): void {
    if (this.buffer.length === 0 || this.fd === undefined) return;
    try {
      writeSync(this.fd, this.buffer.join(""));
    } catch (err) {
      throw writeError(this.file, err); // a full disk names the output, not a temporary name or none
    }
    this.buffer = [];
    this.size = 0;
  }

  write(row: Record<string, unknown>): void {
    this.rows++;
    if (this.format === "csv") this.push(this.columns.map((c) => csvCell(row[c], this.formulaGuard)).join(","));
    else this.push(JSON.stringify(Object.fromEntries(this.columns.map((c) => [c, row[c] ?? null]))));
  }

  get written(): number {
    return this.rows;
  }

  commit(): void {
    this.flush();
    try {
      if (this.fd !== undefined) closeSync(this.fd);
      this.fd = undefined;
      renameSync(this.tmp, this.file);
    } catch (err) {
      throw writeError(this.file, err);
    }
    untrackPartial(this.tmp);
  }

  abort(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    rmSync(this.tmp, { force: true });
    untrackPartial(this.tmp);
  }
}
