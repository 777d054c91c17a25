/**
 * transformers.js's tokenizers made to give the ids of the Python stack, whose fast tokenizers
 * are HF tokenizers' Rust core. Where the JavaScript port differs on real tokenizer files
 * (DeBERTa-v3's, RoBERTa's, T5's; test/tokenizers-real.test.ts checks them against that core),
 * the loaded tokenizer's parts are given the core's behaviour:
 *
 * - Strip normalizer: the core strips Unicode White_Space (Rust's `char::is_whitespace`), not
 *   JavaScript's `trim()` set (which also strips U+FEFF and keeps U+0085).
 * - WhitespaceSplit pre-tokenizer: the core splits at Unicode White_Space, not at JavaScript's
 *   `\s` (U+0085 splits a T5 word in Python, not in transformers.js).
 * - ByteLevel pre-tokenizer (GPT-2, RoBERTa): its split pattern with Unicode White_Space for `\s`
 *   (JavaScript's `\s` takes U+FEFF and not U+0085: " \uFEFF" is one piece in Python, two here).
 * - Precompiled normalizer: the SentencePiece character map itself (./precompiled-charsmap.ts),
 *   not transformers.js's NFKC approximation (newer NFKC mappings the map lacks, U+0344, …).
 * - Unigram model: the vocabulary's scores as the core parses them from tokenizer.json
 *   (./rust-json.ts), so that a tie in exact arithmetic falls the same way.
 * - Decoding: clean_up_tokenization_spaces from tokenizer_config.json, and when it is not there
 *   the default of current transformers (false since 4.45, except the BERT-family classes whose
 *   __init__ sets it: TOKENIZER_CLASSES_CLEANING_UP); transformers.js defaults to true.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TOKENIZER_CLASSES_CLEANING_UP } from "../constants.js";
import { isRustSpace, splitBy, stripBy } from "../text/python-string.js";
import { PrecompiledCharsmap } from "./precompiled-charsmap.js";
import { parseJsonAsRust } from "./rust-json.js";

/** The parts of @huggingface/tokenizers' Tokenizer that are adjusted here. */
interface CoreParts {
  /** tokenizer.json as read. */
  tokenizer?: { pre_tokenizer?: unknown };
  normalizer?: Part | null;
  pre_tokenizer?: Part | null;
  model?: UnigramParts;
  config?: Record<string, unknown>;
  clean_up_tokenization_spaces?: boolean;
}

/** A normalizer or pre-tokenizer: its tokenizer.json config, its children, the method run. */
interface Part {
  config?: { type?: string; strip_left?: boolean; strip_right?: boolean; precompiled_charsmap?: string | null };
  normalizers?: (Part | null)[];
  tokenizers?: (Part | null)[];
  normalize?: (text: string) => string;
  pre_tokenize_text?: (text: string, options?: unknown) => string[];
  /** ByteLevel's GPT-2 split pattern. */
  pattern?: RegExp;
}

/** transformers.js's ByteLevel split: its `\s` takes U+FEFF and not U+0085. */
const JS_BYTE_LEVEL_PATTERN = /'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+/gu;
/** Unicode White_Space, what `\s` is to the Rust core's regex engine (Oniguruma). */
const RUST_SPACE_CLASS = "\\t-\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
/** The same split with the Rust core's white space (a text with U+FEFF after a space splits as in Python: " \uFEFF" is one piece). */
const RUST_BYTE_LEVEL_PATTERN = new RegExp(
  `'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^${RUST_SPACE_CLASS}\\p{L}\\p{N}]+|[${RUST_SPACE_CLASS}]+(?![^${RUST_SPACE_CLASS}])|[${RUST_SPACE_CLASS}]+`,
  "gu",
);

interface UnigramParts {
  constructor: { name: string };
  scores?: number[];
  trie?: unknown;
  unk_token_id?: number;
  min_score?: number;
  unk_score?: number;
}

/** The Rust core's penalty below the lowest score for a character no piece covers (K_UNK_PENALTY). */
const UNIGRAM_UNKNOWN_PENALTY = 10;

/**
 * Gives a transformers.js tokenizer loaded from `dir` the Rust core's behaviour where the two
 * differ (see the top of this file). Called once, by loadPretrainedTokenizer.
 */
export function followRustCore(tokenizer: { _tokenizer?: unknown }, dir: string): void {
  const core = tokenizer._tokenizer as CoreParts | undefined;
  if (!core || typeof core !== "object") return;
  const type = (p: Part | null | undefined) => (p as { config?: { type?: string } } | null | undefined)?.config?.type;
  const normalizers = (p: Part | null | undefined) => {
    if (!p) return;
    if (type(p) === "Sequence" && Array.isArray(p.normalizers)) for (const child of p.normalizers) normalizers(child);
    else if (type(p) === "Strip" && typeof p.normalize === "function") {
      const left = p.config?.strip_left !== false;
      const right = p.config?.strip_right !== false;
      p.normalize = (text) => stripBy(text, isRustSpace, left, right);
    } else if (type(p) === "Precompiled" && typeof p.normalize === "function") {
      const map = p.config?.precompiled_charsmap;
      const charsmap = typeof map === "string" && map.length > 0 ? new PrecompiledCharsmap(map) : undefined;
      p.normalize = (text) => (charsmap ? charsmap.normalize(text) : text);
    }
  };
  // Pre-tokenizers keep no config: they are matched with tokenizer.json's, child for child.
  type PreConfig = { type?: string; pretokenizers?: PreConfig[] } | null | undefined;
  const preTokenizers = (p: Part | null | undefined, config: PreConfig) => {
    if (!p || !config) return;
    if (config.type === "Sequence" && Array.isArray(p.tokenizers) && Array.isArray(config.pretokenizers))
      config.pretokenizers.forEach((child, i) => preTokenizers(p.tokenizers![i], child));
    else if (config.type === "WhitespaceSplit" && typeof p.pre_tokenize_text === "function")
      p.pre_tokenize_text = (text) => splitBy(text, isRustSpace);
    else if (config.type === "ByteLevel" && p.pattern instanceof RegExp && p.pattern.source === JS_BYTE_LEVEL_PATTERN.source)
      p.pattern = new RegExp(RUST_BYTE_LEVEL_PATTERN);
  };
  normalizers(core.normalizer);
  preTokenizers(core.pre_tokenizer, core.tokenizer?.pre_tokenizer as PreConfig);
  if (core.model?.constructor?.name === "Unigram" && Array.isArray(core.model.scores))
    useRustUnigramScores(core.model, join(dir, "tokenizer.json"));
  if ("clean_up_tokenization_spaces" in core) core.clean_up_tokenization_spaces = cleansUpByDefault(core.config ?? {});
}

/**
 * Whether decoding cleans up spaces before punctuation: tokenizer_config.json's setting, else current transformers' default for the class.
 */
function cleansUpByDefault(config: Record<string, unknown>): boolean {
  const set = config.clean_up_tokenization_spaces;
  if (typeof set === "boolean") return set;
  const cls = typeof config.tokenizer_class === "string" ? config.tokenizer_class.replace(/Fast$/, "") : "";
  return (TOKENIZER_CLASSES_CLEANING_UP as readonly string[]).includes(cls);
}

/** The Unigram model's scores as the Rust core reads them from `file`, with its unknown-character score. */
function useRustUnigramScores(model: UnigramParts, file: string): void {
  let parsed: unknown;
  try {
    parsed = parseJsonAsRust(readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`cannot read the Unigram scores of ${file}: ${(err as Error).message}`);
  }
  const vocab = (parsed as { model?: { vocab?: unknown } } | null)?.model?.vocab;
  const scores = model.scores!;
  if (!Array.isArray(vocab) || vocab.length !== scores.length)
    throw new Error(
      `${file}: model.vocab has ${Array.isArray(vocab) ? vocab.length : "no"} entries; the loaded Unigram model has ${scores.length}`,
    );
  let min = Infinity;
  vocab.forEach((entry, i) => {
    const score = Array.isArray(entry) ? entry[1] : undefined;
    if (typeof score !== "number") throw new Error(`${file}: model.vocab[${i}] is not a [piece, score] pair`);
    scores[i] = score;
    min = Math.min(min, score);
  });
  model.min_score = min;
  model.unk_score = min - UNIGRAM_UNKNOWN_PENALTY;
}

/** tokenizer_config.json and special_tokens_map.json of a folder name a token as a string or {content}. */
function namedToken(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  const content = (value as { content?: unknown } | null | undefined)?.content;
  return typeof content === "string" ? content : undefined;
}

/** The pad tokens Python's tokenizer classes default to when no file names one (RoBERTa, XLM-R, T5; BERT, DeBERTa). */
const CONVENTIONAL_PAD_TOKENS = ["<pad>", "[PAD]"];

/**
 * The id padded positions carry, as the Python stack finds it: the pad token of
 * tokenizer_config.json, else of special_tokens_map.json in `dir`, else the class default
 * (<pad> or [PAD]) when the vocabulary has it. Never a guess: RoBERTa's hub tokenizer_config.json
 * names no pad token, and id 0 there is <s> (COMET's pooling skips pad ids, so a wrong one drops
 * every <s>). Fails, naming the folder, when none of these gives an id.
 */
export function padTokenId(tokenizer: { _tokenizer?: unknown; pad_token_id?: unknown }, dir?: string): number {
  if (typeof tokenizer.pad_token_id === "number" && Number.isInteger(tokenizer.pad_token_id)) return tokenizer.pad_token_id;
  const core = tokenizer._tokenizer as
    | { token_to_id?: (t: string) => number | undefined; added_tokens_map?: Map<string, { id: number }> }
    | undefined;
  const idOf = (token: string) => core?.added_tokens_map?.get(token)?.id ?? core?.token_to_id?.(token);
  const where = dir ?? "the tokenizer";
  if (dir !== undefined) {
    const file = join(dir, "special_tokens_map.json");
    let map: Record<string, unknown> | undefined;
    try {
      map = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw new Error(`cannot read ${file}: ${(err as Error).message}`);
    }
    const named = namedToken(map?.pad_token);
    if (named !== undefined) {
      const id = idOf(named);
      if (id === undefined)
        throw new Error(`${file} names the pad token ${JSON.stringify(named)}, which the vocabulary of ${where} does not have`);
      return id;
    }
  }
  for (const token of CONVENTIONAL_PAD_TOKENS) {
    const id = idOf(token);
    if (id !== undefined) return id;
  }
  throw new Error(
    `cannot tell the pad token of ${where}: tokenizer_config.json and special_tokens_map.json name none, and the vocabulary has neither ${CONVENTIONAL_PAD_TOKENS.join(" nor ")}; name it as "pad_token" in tokenizer_config.json`,
  );
}
