/**
 * Small helpers over node:util parseArgs that turn bad flags into clear usage errors, and the
 * option declarations every command parses and documents its flags from (OptionSpec).
 */
import { closest, distance } from "fastest-levenshtein";
import { CSV_FORMULA_GUARD_ENV, isDecimalText } from "../lib/io/csv.js";
import {
  CACHE_DIR_ENV,
  DATA_DIR_ENV,
  DEFAULT_ALPHA,
  DEFAULT_BOOTSTRAP_RESAMPLES,
  DEFAULT_DATA_DIR,
  DEFAULT_LAMBDA,
  DEFAULT_KSERVE_MODEL_NAME,
  DEFAULT_NLI_BATCH_SIZE,
  DEFAULT_NLI_BATCH_TOKENS,
  DEFAULT_NLI_MAX_LENGTH,
  DEFAULT_NLI_SERVER_CONCURRENCY,
  DEFAULT_NLI_SERVER_GIVE_UP_MS,
  DEFAULT_NLI_SERVER_RETRIES,
  DEFAULT_NLI_SERVER_TIMEOUT_MS,
  DEFAULT_TEI_BATCH_PAIRS,
  DEFAULT_SEED,
  NLI_SERVER_HEADERS_ENV,
  NLI_SERVER_TOKEN_ENV,
  OPTION_FLAGS,
  PAPER_NLI_CONVERSION,
  PAPER_NLI_MODEL,
  STATEMENTS_DIR_ENV,
} from "../lib/constants.js";
export class UsageError extends Error {
  override name = "UsageError";
}

// ---------------------------------------------------------------- option declarations and their help

/**
 * One command-line option: what node:util parseArgs needs (type, multiple, short) and what its
 * help line says. A command declares its options once, as a record of these, and both parses
 * (parseOptions) and documents (optionsHelp) them from it, so the help cannot leave a flag out.
 */
export interface OptionSpec {
  readonly type: "string" | "boolean";
  /** Repeatable: parseArgs returns every value, in order. */
  readonly multiple?: boolean;
  /** A one-letter alias (-x). */
  readonly short?: string;
  /** The value's placeholder in help ("N", "DIR", "test|validation|all"); string options only. */
  readonly value?: string;
  /** What the option does, with its default; wrapped to the help's width. */
  readonly help: string;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

/** Declares a command's options with their literal types kept (what parseArgs's typing needs). */
export function defineOptions<const T extends OptionSpecs>(specs: T): T {
  return specs;
}

/** The parseArgs form of a declaration: type, multiple, short; the help stays behind. */
export type ParseArgsOptions<T extends OptionSpecs> = {
  -readonly [K in keyof T]: { type: T[K]["type"]; multiple: T[K] extends { readonly multiple: true } ? true : false; short?: string };
};

/** The plain `options` object node:util parseArgs wants, from a declaration. */
export function parseOptions<T extends OptionSpecs>(specs: T): ParseArgsOptions<T> {
  const options: Record<string, { type: "string" | "boolean"; multiple: boolean; short?: string }> = {};
  for (const [name, spec] of Object.entries(specs)) {
    options[name] = { type: spec.type, multiple: spec.multiple === true, ...(spec.short === undefined ? {} : { short: spec.short }) };
  }
  return options as ParseArgsOptions<T>;
}

/** The left column of an option's help line: "-o, --out DIR", "--quiet". */
export function optionLabel(name: string, spec: OptionSpec): string {
  return `${spec.short ? `-${spec.short}, ` : ""}--${name}${spec.type === "string" ? ` ${spec.value ?? "VALUE"}` : ""}`;
}

/** Words of `text` in lines of at most `width` characters (a longer word stands alone); "\n" starts a new line. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter((w) => w.length > 0)) {
      if (line && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Help lines for a declaration, one option after the other in declaration order:
 * `  --name VALUE   help`, the help texts aligned in one column and wrapped at `width` characters
 * (continuation lines indented to that column). A label wider than `maxLabel` has its help start
 * on the next line, so that one long flag does not push every other help text to the right.
 */
export function optionsHelp(specs: OptionSpecs, options: { indent?: number; width?: number; maxLabel?: number } = {}): string {
  const indent = " ".repeat(options.indent ?? 2);
  const width = options.width ?? 100;
  const maxLabel = options.maxLabel ?? 24;
  const labels = Object.entries(specs).map(([name, spec]) => [optionLabel(name, spec), spec.help] as const);
  const column = Math.min(maxLabel, Math.max(0, ...labels.map(([label]) => label.length))) + 2;
  const pad = " ".repeat(column);
  const lines: string[] = [];
  for (const [label, help] of labels) {
    const text = wrapText(help, Math.max(20, width - indent.length - column));
    if (label.length + 2 > column) lines.push(`${indent}${label}`, ...text.map((t) => `${indent}${pad}${t}`));
    else lines.push(`${indent}${label.padEnd(column)}${text[0]}`, ...text.slice(1).map((t) => `${indent}${pad}${t}`));
  }
  return lines.map((l) => l.trimEnd()).join("\n");
}

/**
 * Options many commands take, declared once so that every command documents them the same way;
 * a command names them in its declaration (`quiet: COMMON_OPTIONS.quiet`). Defaults come from
 * lib/constants.ts.
 */
export const COMMON_OPTIONS = defineOptions({
  "data-dir": { type: "string", value: "DIR", help: `CAP-Correctness data folder (default $${DATA_DIR_ENV}, else ./${DEFAULT_DATA_DIR}).` },
  "statements-dir": { type: "string", value: "DIR", help: `CAP-Statements folder (default $${STATEMENTS_DIR_ENV}, else data/cap-statements).` },
  quiet: { type: "boolean", help: "No progress lines and no summary on the terminal; the files written are the same." },
  bootstrap: { type: "string", value: "N", help: `Bootstrap resamples for the intervals (default ${DEFAULT_BOOTSTRAP_RESAMPLES}; 0 = no intervals).` },
  seed: { type: "string", value: "S", help: `Seed of the bootstrap resamples (default ${DEFAULT_SEED}).` },
  threads: { type: "string", value: "T", help: "Worker threads for the bootstrap (default: all cores, at most 8)." },
  alpha: { type: "string", value: "A", help: `CAP's forward (gold → candidate) weight α (default ${DEFAULT_ALPHA}).` },
  lambda: { type: "string", value: "L", help: `CAP's neutral-class weight λ (default ${DEFAULT_LAMBDA}).` },
  ordering: {
    type: "string",
    value: "TEXT",
    help: 'A custom class order (default: the paper\'s), e.g. "exact = equivalent = alternative_correct > partial > overinclusive_valid > overinclusive_invalid > invalid > contradictory".',
  },
  "bertscore-model": { type: "string", value: "DIR", help: "BERTScore's model folder, a local ONNX export (roberta-large truncated at layer 17: scripts/export/export_bertscore.py)." },
  "comet-model": { type: "string", value: "DIR", help: "COMET's model folder, a local ONNX export of Unbabel/wmt22-comet-da (scripts/export/export_comet.py)." },
  "cache-dir": { type: "string", value: "DIR", help: `NLI cache folder (default $${CACHE_DIR_ENV}, else $XDG_CACHE_HOME/capqa, else ~/.cache/capqa).` },
  "no-cache": { type: "boolean", help: "Score without the NLI cache (nothing persists; a killed run starts over)." },
});

/** A --split option over these splits of CAP-Correctness. */
export function splitOption(choices: readonly string[], fallback: string, what = "Rows of CAP-Correctness"): OptionSpec & { type: "string" } {
  const listed = choices.length > 1 ? `${choices.slice(0, -1).join(", ")} or ${choices[choices.length - 1]}` : choices.join("");
  return { type: "string", value: choices.join("|"), help: `${what}: ${listed} (default ${fallback}).` };
}

/** The NLI model's flags: capqa score, verify-model and evaluate --in take them alike. */
export const NLI_MODEL_OPTIONS = defineOptions({
  model: { type: "string", value: "M", help: `Local model folder (models/NAME or a path) or hub id (default ${PAPER_NLI_MODEL}).` },
  revision: { type: "string", value: "R", help: "Hub revision (default: capqa's pin for the paper's model, else main)." },
  device: { type: "string", value: "D", help: "cpu (default), cuda, webgpu or auto (CUDA when installed, else CPU)." },
  dtype: {
    type: "string",
    value: "T",
    help: `fp32 (default), fp16 or q8: onnx/model.onnx, model_fp16.onnx, model_quantized.onnx; for ${PAPER_NLI_MODEL}, fp16 and q8 (and fp32 when the pinned revision has no onnx/ folder) come from ${PAPER_NLI_CONVERSION}, the transformers.js conversion of the same weights; the files chosen are printed.`,
  },
  "onnx-file": { type: "string", value: "F", help: "Read this ONNX file of the folder or repository instead (e.g. onnx/model_qint8_avx512.onnx); its own bytes decide its arithmetic." },
  batch: { type: "string", value: "N", help: `At most N pairs per forward pass or server request (default ${DEFAULT_NLI_BATCH_SIZE}; TEI ${DEFAULT_TEI_BATCH_PAIRS}; the paper used 16).` },
  "batch-tokens": {
    type: "string",
    value: "T",
    help: `At most T tokens (pairs × padded length) per forward pass or KServe request, so long statements make smaller batches (default ${DEFAULT_NLI_BATCH_TOKENS}; 0 = none, every batch holds --batch pairs). On an out-of-memory error a batch is split and the smaller size kept.`,
  },
  "max-length": { type: "string", value: "N", help: `Joint token limit; the longer side is truncated first (default ${DEFAULT_NLI_MAX_LENGTH}).` },
  "models-dir": { type: "string", value: "DIR", help: "Folder in which --model NAME is looked for (default models)." },
  "nli-server": {
    type: "string",
    value: "URL",
    multiple: true,
    help: `Send the NLI pairs to an inference server instead of running the model here; several URLs (repeated or comma-separated) spread the load. Credentials from $${NLI_SERVER_TOKEN_ENV} (bearer) or $${NLI_SERVER_HEADERS_ENV} (JSON headers).`,
  },
  "nli-protocol": {
    type: "string",
    value: "P",
    help: "tei (Text Embeddings Inference: pairs as text; --model, --dtype and --device are the server's) or kserve (KServe v2 / Triton: capqa tokenizes with --model's tokenizer and sends token ids).",
  },
  "nli-server-model": { type: "string", value: "NAME", help: `KServe: the model's name on the server (default ${DEFAULT_KSERVE_MODEL_NAME}).` },
  "nli-concurrency": { type: "string", value: "N", help: `Requests in flight per server URL (default ${DEFAULT_NLI_SERVER_CONCURRENCY}).` },
  "nli-timeout": { type: "string", value: "S", help: `Seconds one request may take before it is retried (default ${DEFAULT_NLI_SERVER_TIMEOUT_MS / 1000}).` },
  "nli-retries": {
    type: "string",
    value: "N",
    help: `Retries of a request after a 429, a 5xx, a timeout or a dropped connection (default ${DEFAULT_NLI_SERVER_RETRIES}); a 401 or 403 stops the run at once.`,
  },
  "nli-give-up": {
    type: "string",
    value: "S",
    help: `Stop the run once every server has failed every request for S seconds (default ${DEFAULT_NLI_SERVER_GIVE_UP_MS / 1000}); finished pairs stay in the cache.`,
  },
  "nli-server-output": {
    type: "string",
    value: "O",
    help: "What the server's scores are: logits (default; checked on canary pairs at the start) or probabilities (a softmax already: TEI is asked without raw_scores).",
  },
  "nli-server-version": { type: "string", value: "V", help: "KServe: the model version to use (needed when the server has several loaded); every answer must name it." },
});

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
  if (!isDecimalText(value) || !Number.isFinite(x)) throw new UsageError(`--${name} must be a decimal number, got "${value}"`);
  return x;
}

/** A decimal number from 0 to 1 (α, λ): anything else is a usage error naming the flag. */
export function unitFlag(value: string | undefined, name: string): number | undefined {
  const x = numberFlag(value, name);
  if (x !== undefined && !(x >= 0 && x <= 1)) throw new UsageError(`--${name} must be a number from 0 to 1, got "${value}"`);
  return x;
}

/**
 * ' (did you mean "x"?)' when one of `candidates` is close enough to `word` to be what was meant:
 * at most 2 edits away (Levenshtein, fastest-levenshtein) and fewer edits than half the word;
 * otherwise "".
 */
export function didYouMean(word: string, candidates: readonly string[]): string {
  if (candidates.length === 0) return "";
  const best = closest(word, [...candidates]);
  const edits = distance(word, best);
  return edits <= 2 && edits < word.length / 2 ? ` (did you mean "${best}"?)` : "";
}

export function choiceFlag<T extends string>(value: string | undefined, name: string, choices: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!choices.includes(value as T)) throw new UsageError(`--${name} must be one of ${choices.join(", ")}, got "${value}"`);
  return value as T;
}

export function listFlag(value: string | undefined): string[] | undefined {
  return value === undefined
    ? undefined
    : value
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s.length > 0);
}

/** Where a library's log lines go: standard error; with --quiet only its warnings and notes. */
export function logLines(quiet: boolean): (line: string) => void {
  return quiet ? (line) => (/^(warning|note)\b/.test(line) ? err(line) : undefined) : err;
}

/**
 * `--flag -0.5` as `--flag=-0.5`: node's parseArgs takes a value that starts with a dash for an
 * option of its own ("argument is ambiguous"), so a negative number after a flag is joined to it.
 */
export function joinNegativeNumbers(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = argv[i + 1];
    if (/^--[a-z][a-z0-9-]*$/.test(a) && next !== undefined && /^-(\d|\.\d)/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
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
