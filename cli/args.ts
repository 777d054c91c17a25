/**
 * Small helpers over node:util parseArgs that turn bad flags into clear usage errors, and the
 * option declarations every command parses and documents its flags from (OptionSpec).
 */
import { closest, distance } from "fastest-levenshtein";
import { isDecimalText } from "../lib/io/csv.js";
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
  "statements-dir": {
    type: "string",
    value: "DIR",
    help: `CAP-Statements folder (default $${STATEMENTS_DIR_ENV}, else data/cap-statements).`,
  },
  quiet: { type: "boolean", help: "No progress lines and no summary on the terminal; the files written are the same." },
  bootstrap: {
    type: "string",
    value: "N",
    help: `Bootstrap resamples for the intervals (default ${DEFAULT_BOOTSTRAP_RESAMPLES}; 0 = no intervals).`,
  },
  seed: { type: "string", value: "S", help: `Seed of the bootstrap resamples (default ${DEFAULT_SEED}).` },
  threads: { type: "string", value: "T", help: "Worker threads for the bootstrap (default: all cores, at most 8)." },
  alpha: { type: "string", value: "A", help: `CAP's forward (gold → candidate) weight α (default ${DEFAULT_ALPHA}).` },
  lambda: { type: "string", value: "L", help: `CAP's neutral-class weight λ (default ${DEFAULT_LAMBDA}).` },
  ordering: {
    type: "string",
    value: "TEXT",
    help: 'A custom class order (default: the paper\'s), e.g. "exact = equivalent = alternative_correct > partial > overinclusive_valid > overinclusive_invalid > invalid > contradictory".',
  },
  "bertscore-model": {
    type: "string",
    value: "DIR",
    help: "BERTScore's model folder, a local ONNX export (roberta-large truncated at layer 17: scripts/export/export_bertscore.py).",
  },
  "comet-model": {
    type: "string",
    value: "DIR",
    help: "COMET's model folder, a local ONNX export of Unbabel/wmt22-comet-da (scripts/export/export_comet.py).",
  },
  "cache-dir": {
    type: "string",
    value: "DIR",
    help: `NLI cache folder (default $${CACHE_DIR_ENV}, else $XDG_CACHE_HOME/capqa, else ~/.cache/capqa).`,
  },
  "no-cache": { type: "boolean", help: "Score without the NLI cache (nothing persists; a killed run starts over)." },
});

/** A --split option over these splits of CAP-Correctness. */
export function splitOption(
  choices: readonly string[],
  fallback: string,
  what = "Rows of CAP-Correctness",
): OptionSpec & { type: "string" } {
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
  "onnx-file": {
    type: "string",
    value: "F",
    help: "Read this ONNX file of the folder or repository instead (e.g. onnx/model_qint8_avx512.onnx); its own bytes decide its arithmetic.",
  },
  batch: {
    type: "string",
    value: "N",
    help: `At most N pairs per forward pass or server request (default ${DEFAULT_NLI_BATCH_SIZE}; TEI ${DEFAULT_TEI_BATCH_PAIRS}; the paper used 16).`,
  },
  "batch-tokens": {
    type: "string",
    value: "T",
    help: `At most T tokens (pairs × padded length) per forward pass or KServe request, so long statements make smaller batches (default ${DEFAULT_NLI_BATCH_TOKENS}; 0 = none, every batch holds --batch pairs). On an out-of-memory error a batch is split and the smaller size kept.`,
  },
  "max-length": {
    type: "string",
    value: "N",
    help: `Joint token limit; the longer side is truncated first (default ${DEFAULT_NLI_MAX_LENGTH}).`,
  },
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
  "nli-server-model": {
    type: "string",
    value: "NAME",
    help: `KServe: the model's name on the server (default ${DEFAULT_KSERVE_MODEL_NAME}).`,
  },
  "nli-concurrency": { type: "string", value: "N", help: `Requests in flight per server URL (default ${DEFAULT_NLI_SERVER_CONCURRENCY}).` },
  "nli-timeout": {
    type: "string",
    value: "S",
    help: `Seconds one request may take before it is retried (default ${DEFAULT_NLI_SERVER_TIMEOUT_MS / 1000}).`,
  },
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
  "nli-server-version": {
    type: "string",
    value: "V",
    help: "KServe: the model version to use (needed when the server has several loaded); every answer must name it.",
  },
});

export function intFlag(value: string | undefined, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(
      `--${name} must be an integer ${max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`}, got "${value}"`,
    );
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
