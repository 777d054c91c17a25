/**
 * What a command writes to the terminal: lines on stdout/stderr that survive a closed pipe,
 * progress with rate and time left, and the one JSON object of --json.
 */
import { CSV_FORMULA_GUARD_ENV } from "../lib/io/csv.js";
import { OPTION_FLAGS } from "../lib/constants.js";

/** Where a library's log lines go: standard error; with --quiet only its warnings and notes. */
export function logLines(quiet: boolean): (line: string) => void {
  return quiet ? (line) => (/^(warning|note)\b/.test(line) ? err(line) : undefined) : err;
}

/** "42 s", "3 min 5 s", "1 h 2 min". */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/**
 * A progress line: done of total, time so far, the rate, and the time left at that rate once
 * there is a rate to go by ("NLI pairs: 1200/17654 (7 %), 12.0 s, 100/s, about 2 min 45 s left").
 */
export function progressLine(label: string, done: number, total: number, elapsedSeconds: number): string {
  const percent = total > 0 ? ` (${Math.floor((100 * done) / total)} %)` : "";
  const rate = elapsedSeconds > 0 && done > 0 ? done / elapsedSeconds : 0;
  const rateText = rate > 0 ? `, ${rate >= 10 ? rate.toFixed(0) : rate.toFixed(1)}/s` : "";
  const left = rate > 0 && done < total ? `, about ${durationText((total - done) / rate)} left` : "";
  return `${label}: ${done}/${total}${percent}, ${elapsedSeconds.toFixed(1)} s${rateText}${left}`;
}

/** A progress line on stderr (progressLine), rewritten in place on a terminal and printed every 10 % elsewhere. */
export function progressPrinter(label: string): (done: number, total: number) => void {
  let lastDecile = -1;
  const started = Date.now();
  return (done, total) => {
    const line = progressLine(label, done, total, (Date.now() - started) / 1000);
    if (process.stderr.isTTY) {
      write(process.stderr, `\r${line}\x1b[K${done === total ? "\n" : ""}`);
      return;
    }
    const decile = Math.floor((10 * done) / total);
    if (decile !== lastDecile) {
      lastDecile = decile;
      write(process.stderr, `${line}\n`);
    }
  };
}

// ---------------------------------------------------------------- output: closed pipes, --json

/**
 * Writes unless the stream was closed by its reader (`capqa … | head`): main.ts turns EPIPE into
 * a closed stream once, and every later write is dropped, so the command finishes its files and
 * exits with its own status, without a stack trace.
 */
function write(stream: NodeJS.WriteStream, s: string): void {
  if (stream.destroyed || stream.writableEnded) return;
  stream.write(s);
}

let jsonMode = false;
let jsonWritten = false;

/**
 * Removes every --json before a "--" from argv and switches the output to JSON when there was one.
 * In JSON mode standard output carries exactly one JSON object (summary() or jsonError()); the
 * human lines of out() go to standard error.
 */
export function takeJsonFlag(argv: readonly string[]): string[] {
  const end = argv.indexOf("--");
  const head = end < 0 ? argv : argv.slice(0, end);
  const rest = end < 0 ? [] : argv.slice(end);
  jsonMode = head.includes("--json");
  return [...head.filter((a) => a !== "--json"), ...rest];
}

/**
 * --csv-formula-guard, taken anywhere before `--` like --json, by every command: each CSV the
 * command writes has its cells guarded against formula injection (lib/data/csv.ts, `formulaGuard`).
 * It sets $CAPQA_CSV_FORMULA_GUARD for this process, so every writer and worker thread sees it.
 */
export function takeCsvFormulaGuardFlag(argv: readonly string[]): string[] {
  const end = argv.indexOf("--");
  const head = end < 0 ? argv : argv.slice(0, end);
  const rest = end < 0 ? [] : argv.slice(end);
  if (head.includes("--csv-formula-guard")) process.env[CSV_FORMULA_GUARD_ENV] = "1";
  return [...head.filter((a) => a !== "--csv-formula-guard"), ...rest];
}

/** Whether --json was given: commands leave out their human summary then. */
export function jsonOutput(): boolean {
  return jsonMode;
}

/** Whether the one JSON object has been written. */
export function jsonDone(): boolean {
  return jsonWritten;
}

/** JSON for a summary: Maps as objects, typed arrays as arrays, non-finite numbers as null. */
function toJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof Map) return Object.fromEntries(v);
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) return Array.from(v as unknown as ArrayLike<number>);
    if (typeof v === "bigint") return v.toString();
    return v;
  });
}

/**
 * A command's machine-readable summary: with --json, one JSON object `{ command, ...fields }` on
 * standard output (the first call only); without it, nothing (the command prints its human lines).
 */
export function summary(command: string, fields: Record<string, unknown>): void {
  if (!jsonMode || jsonWritten) return;
  jsonWritten = true;
  write(process.stdout, toJson({ command, ...fields }) + "\n");
}

/** With --json, the error as `{ "error": { "message", "kind" } }` on standard output (unless a summary went out). */
export function jsonError(message: string, kind: "usage" | "data" | "error"): void {
  if (!jsonMode || jsonWritten) return;
  jsonWritten = true;
  write(process.stdout, toJson({ error: { message, kind } }) + "\n");
}

/** A line on standard output (standard error in JSON mode) / standard error (a final newline added when missing). */
export const out = (s: string) => write(jsonMode ? process.stderr : process.stdout, s.endsWith("\n") ? s : s + "\n");
export const err = (s: string) => write(process.stderr, s.endsWith("\n") ? s : s + "\n");
/** Text that is the command's product (help, --version), on standard output in every mode. */
export const print = (s: string) => write(process.stdout, s.endsWith("\n") ? s : s + "\n");

/** A library message for the command line: "the `restart` option" becomes "--restart" (OPTION_FLAGS). */
export function cliMessage(message: string): string {
  return message.replace(/the `([A-Za-z_.]+)` option/g, (whole, name: string) => OPTION_FLAGS[name] ?? whole);
}
