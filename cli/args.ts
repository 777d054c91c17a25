/** Small helpers over node:util parseArgs that turn bad flags into clear usage errors. */
import { OPTION_FLAGS } from "../lib/constants.js";
export class UsageError extends Error {
  override name = "UsageError";
}

export function intFlag(value: string | undefined, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${name} must be an integer ${max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`}, got "${value}"`);
  }
  return Number(value);
}

/** A decimal number ("0.85", "1e-3"); hexadecimal, "Infinity" and empty text are usage errors. */
export function numberFlag(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const x = Number(value);
  if (!/^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/.test(value) || !Number.isFinite(x)) throw new UsageError(`--${name} must be a decimal number, got "${value}"`);
  return x;
}

export function choiceFlag<T extends string>(value: string | undefined, name: string, choices: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!choices.includes(value as T)) throw new UsageError(`--${name} must be one of ${choices.join(", ")}, got "${value}"`);
  return value as T;
}

export function listFlag(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(",").map((s) => s.trim()).filter((s) => s.length > 0);
}

/** A progress line on stderr, rewritten in place on a terminal and printed every 10 % elsewhere. */
export function progressPrinter(label: string): (done: number, total: number) => void {
  let lastDecile = -1;
  const started = Date.now();
  return (done, total) => {
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    if (process.stderr.isTTY) {
      write(process.stderr, `\r${label}: ${done}/${total} (${secs} s)${done === total ? "\n" : ""}`);
      return;
    }
    const decile = Math.floor((10 * done) / total);
    if (decile !== lastDecile) {
      lastDecile = decile;
      write(process.stderr, `${label}: ${done}/${total} (${secs} s)\n`);
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
  return message.replace(/the `([A-Za-z]+)` option/g, (whole, name: string) => OPTION_FLAGS[name] ?? whole);
}
