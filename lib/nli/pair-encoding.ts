/**
 * Encodes (premise, hypothesis) pairs the way NLI cross-encoders expect, with the joint length
 * capped by truncating the longer side first, token by token ("longest_first", as the Python
 * tokenizers do). transformers.js only cuts the joined sequence at the end, which would drop
 * the final separator and the hypothesis; so the two sides are tokenised separately here and
 * joined by the tokenizer's own post-processor ([CLS] A [SEP] B [SEP] for BERT and DeBERTa).
 *
 * A side keeps at most `budget` tokens (maxLength less the special tokens), so a long text is
 * tokenized from a prefix, not whole (a 57 MB cell took 80 s and 4 GB): the first
 * (budget + 1) × NLI_TOKENIZE_CHARS_PER_TOKEN characters, cut just after a word (a non-space
 * followed by a space). The tokenizers capqa loads (WordPiece, SentencePiece's Metaspace, byte-level
 * BPE) normalise character by character and split words at spaces before they tokenize each word
 * on its own, so the tokens of such a prefix are the first tokens of the whole text. The prefix is
 * used when it has more than `budget` tokens, which makes the whole text longer than the budget
 * too: longest-first truncation then keeps the same tokens from either, and the pair is marked
 * truncated either way. A prefix with fewer tokens (runs of spaces or characters the normaliser
 * drops, words WordPiece turns into one [UNK]) grows fourfold, up to the whole text; so a text
 * that fits is tokenized whole, up to NLI_TOKENIZE_MAX_CHARS characters: a longer one whose first
 * million characters still make fewer tokens than the budget is read that far and its pair marked
 * truncated. One word longer than half the window (a base64 blob, "aaaa…") is cut inside: its
 * tokens there are those of its first part, which a Unigram or BPE model may split otherwise
 * than the whole word (it is over the length limit either way; the whole word is never tokenized).
 *
 * What sentence-transformers' CrossEncoder gives the model, as HF's fast tokenizers make it:
 * each text stripped as Python's `str.strip()` strips (not JavaScript's `trim()`: they differ on
 * U+0085, U+001C–U+001F and U+FEFF); longest-first truncation with the fast tokenizer's
 * arithmetic (longestFirstKeep: when both sides are over half the budget, the originally longer
 * one keeps ⌈budget/2⌉ tokens, the second on a tie); token type 1 on the second text only for
 * models with segment embeddings (`tokenTypes`), else zeros (RoBERTa's tokenizer gives none,
 * DeBERTa-v3 has type_vocab_size 0).
 */
import { NLI_TOKENIZE_CHARS_PER_TOKEN, NLI_TOKENIZE_MAX_CHARS } from "../constants.js";
import { padTokenId } from "../runtime/tokenizer-fidelity.js";
import { pyStrip } from "../text/python-string.js";

/** The parts of @huggingface/tokenizers' Tokenizer that pair encoding uses. */
interface CoreTokenizer {
  encode_text(text: string | null): string[] | null;
  post_processor?: (a: string[], b: string[] | null, addSpecialTokens: boolean) => { tokens: string[]; token_type_ids?: number[] };
  token_to_id(token: string): number | undefined;
  added_tokens_map?: Map<string, { id: number }>;
  model?: { unk_token_id?: number };
}

/** What we need of a transformers.js PreTrainedTokenizer. */
export interface HfTokenizer {
  _tokenizer: unknown;
  model_max_length?: number;
  pad_token_id?: number;
  /** Whether the tokenizer gives token_type_ids (transformers.js: true for BERT and DeBERTa, false for RoBERTa). */
  return_token_type_ids?: boolean;
  (
    text: string,
    options: { text_pair: string; add_special_tokens?: boolean; return_tensor?: boolean },
  ): { input_ids: number[] | { tolist(): unknown }; token_type_ids?: unknown };
}

export interface EncodedPair {
  readonly ids: number[];
  readonly types: number[];
  readonly truncated: boolean;
}

export interface PairEncoderOptions {
  /** Characters of a text tokenized per token kept (default NLI_TOKENIZE_CHARS_PER_TOKEN); Infinity tokenizes every text whole. */
  readonly charsPerToken?: number;
  /** The most characters of one text ever tokenized (default NLI_TOKENIZE_MAX_CHARS); Infinity reads every text to its end. */
  readonly maxChars?: number;
  /**
   * The id of padded positions (default: the tokenizer's pad token, see padTokenId; the NLI engines pass the one of the model's folder).
   */
  readonly padId?: number;
  /**
   * Send the post-processor's token types (1 on the second text); default: whether the tokenizer gives token_type_ids. false: all zeros,
   * for models without segment embeddings.
   */
  readonly tokenTypes?: boolean;
  /** Strip each text as Python's str.strip() does first, as CrossEncoder does (default true). */
  readonly strip?: boolean;
}

/**
 * The tokens HF's fast tokenizers keep of each side under longest-first truncation to `budget`
 * tokens (their truncate_encodings): when the pair is too long and the shorter side fits beside
 * the budget's other half, only the longer side is cut; else both keep half, the longer one
 * ⌈budget/2⌉ (the second on a tie).
 */
export function longestFirstKeep(first: number, second: number, budget: number): [number, number] {
  if (first + second <= budget) return [first, second];
  const swap = first > second;
  let shorter = swap ? second : first;
  let longer = shorter > budget ? shorter : Math.max(shorter, budget - shorter);
  if (shorter + longer > budget) {
    shorter = Math.floor(budget / 2);
    longer = shorter + (budget % 2);
  }
  return swap ? [Math.min(first, longer), Math.min(second, shorter)] : [Math.min(first, shorter), Math.min(second, longer)];
}

/**
 * The pair-encoding options of a model folder: its pad id (padTokenId: tokenizer_config.json,
 * special_tokens_map.json, the vocabulary) and whether its token types reach the model (not for
 * a config.json type_vocab_size of 0 or 1: DeBERTa-v3, RoBERTa).
 */
export function pairEncodingOf(tokenizer: HfTokenizer, config: { type_vocab_size?: unknown }, dir: string): PairEncoderOptions {
  const typeRows = config.type_vocab_size;
  const withoutTypes = typeof typeRows === "number" && typeRows <= 1;
  return { padId: padTokenId(tokenizer, dir), tokenTypes: !withoutTypes && tokenizer.return_token_type_ids === true };
}

/** The end of the last word that ends at or before `limit`: an index i with text[i] a space and text[i − 1] not white space; −1 if none. */
function wordEndAtOrBefore(text: string, limit: number): number {
  for (let i = text.lastIndexOf(" ", limit); i > 0; i = text.lastIndexOf(" ", i - 1)) {
    if (!/\s/.test(text[i - 1])) return i;
  }
  return -1;
}

/** `limit`, moved back one if it would split a surrogate pair. */
function safeCut(text: string, limit: number): number {
  const c = text.charCodeAt(limit - 1);
  return c >= 0xd800 && c <= 0xdbff ? limit - 1 : limit;
}

export class PairEncoder {
  private readonly core: CoreTokenizer;
  readonly maxLength: number;
  readonly padId: number;
  private readonly specialCount: number;
  private readonly charsPerToken: number;
  private readonly maxChars: number;
  private readonly tokenTypes: boolean;
  private readonly strip: boolean;

  constructor(tokenizer: HfTokenizer, maxLength: number, options: PairEncoderOptions = {}) {
    this.charsPerToken = options.charsPerToken ?? NLI_TOKENIZE_CHARS_PER_TOKEN;
    this.maxChars = options.maxChars ?? NLI_TOKENIZE_MAX_CHARS;
    if (!(this.maxChars >= 1)) throw new RangeError(`the \`maxChars\` option must be a number ≥ 1 (or Infinity), got ${this.maxChars}`);
    if (!(this.charsPerToken >= 1))
      throw new RangeError(`the \`charsPerToken\` option must be a number ≥ 1 (or Infinity), got ${this.charsPerToken}`);
    this.tokenTypes = options.tokenTypes ?? tokenizer.return_token_type_ids === true;
    this.strip = options.strip ?? true;
    this.core = tokenizer._tokenizer as CoreTokenizer;
    if (typeof this.core?.encode_text !== "function" || typeof this.core.token_to_id !== "function") {
      throw new Error(
        "this transformers.js tokenizer does not expose encode_text/token_to_id; capqa's pair encoding needs @huggingface/tokenizers 0.2",
      );
    }
    const limit = tokenizer.model_max_length && tokenizer.model_max_length < 1e9 ? tokenizer.model_max_length : maxLength;
    this.maxLength = Math.min(maxLength, limit);
    this.padId = options.padId ?? padTokenId(tokenizer);
    this.specialCount = this.join([], []).ids.length;
    if (this.maxLength <= this.specialCount + 1) throw new Error(`maximum length ${this.maxLength} leaves no room for text`);
    this.selfCheck(tokenizer);
  }

  private idOf(token: string): number {
    const id = this.core.added_tokens_map?.get(token)?.id ?? this.core.token_to_id(token) ?? this.core.model?.unk_token_id;
    if (id === undefined) throw new Error(`token "${token}" has no id and the tokenizer has no unknown token`);
    return id;
  }

  private join(a: string[], b: string[]): { ids: number[]; types: number[] } {
    const joined = this.core.post_processor ? this.core.post_processor(a, b, true) : { tokens: [...a, ...b] };
    const ids = joined.tokens.map((t) => this.idOf(t));
    const types = this.tokenTypes && joined.token_type_ids ? joined.token_type_ids : ids.map(() => 0);
    return { ids, types };
  }

  /**
   * The first `need` tokens of a text when it has at least that many, else all its tokens: from a
   * prefix of the text when one holds them (see the top of this file), else from the whole text,
   * read up to NLI_TOKENIZE_MAX_CHARS characters (`unread`: characters past those were not read).
   */
  private tokens(text: string, need: number): { tokens: string[]; unread: boolean } {
    const max = this.maxChars;
    for (let window = need * this.charsPerToken; window < text.length; window = Math.min(4 * window, max)) {
      const last = window >= max;
      const cut = wordEndAtOrBefore(text, window);
      if (cut > 0) {
        const head = this.core.encode_text(text.slice(0, cut)) ?? [];
        if (head.length >= need) return { tokens: head.slice(0, need), unread: false };
      }
      if (cut < window / 2 || last) {
        // No word ends in the window's second half: a word of thousands of characters runs across
        // its end, and is cut inside (a single word is never tokenized whole). A cut twice as far
        // is preferred, being nearer the whole word's tokens where the two differ.
        const near = this.core.encode_text(text.slice(0, safeCut(text, window))) ?? [];
        if (near.length >= need) {
          const far = last ? [] : (this.core.encode_text(text.slice(0, safeCut(text, Math.min(text.length, 2 * window)))) ?? []);
          return { tokens: (far.length >= need ? far : near).slice(0, need), unread: false };
        }
        if (last) return { tokens: near, unread: true };
      }
    }
    return { tokens: this.core.encode_text(text) ?? [], unread: false };
  }

  /**
   * The first text's tokens outnumber the second's (both read up to NLI_TOKENIZE_MAX_CHARS, a
   * piece cut after a word at a time, the shorter count ahead first): which of two texts over the
   * budget keeps the larger half.
   */
  private firstHasMoreTokens(first: string, second: string): boolean {
    const a = this.tokenCounts(first);
    const b = this.tokenCounts(second);
    let [na, nb, doneA, doneB] = [0, 0, false, false];
    for (;;) {
      if (!doneA && (doneB || na <= nb)) {
        const r = a.next();
        if (r.done) doneA = true;
        else na = r.value;
      } else {
        const r = b.next();
        if (r.done) doneB = true;
        else nb = r.value;
      }
      if ((doneA && doneB) || (doneA && nb > na) || (doneB && na > nb)) return na > nb;
    }
  }

  /** Running token counts of a text, tokenized a piece cut after a word at a time (up to maxChars characters). */
  private *tokenCounts(text: string): Generator<number> {
    const piece = Math.max(1, Math.min(this.maxChars, 256 * this.charsPerToken, 65_536));
    const end = Math.min(text.length, this.maxChars);
    let count = 0;
    for (let at = 0; at < end; ) {
      let cut = Math.min(end, at + piece);
      if (cut < text.length) {
        const word = wordEndAtOrBefore(text, cut);
        cut = word > at ? word : safeCut(text, cut);
      }
      count += (this.core.encode_text(text.slice(at, cut)) ?? []).length;
      at = cut;
      yield count;
    }
  }

  /**
   * The tokens of one pair, truncated longest first as HF's fast tokenizers truncate (longestFirstKeep) so that the whole fits maxLength.
   */
  encode(premise: string, hypothesis: string): EncodedPair {
    if (this.strip) {
      premise = pyStrip(premise);
      hypothesis = pyStrip(hypothesis);
    }
    const budget = this.maxLength - this.specialCount;
    // budget + 1 tokens of a side are as good as all of them: the truncation below keeps at most
    // budget of either, and the pair is truncated whether a side has budget + 1 or more.
    const premiseTokens = this.tokens(premise, budget + 1);
    const hypothesisTokens = this.tokens(hypothesis, budget + 1);
    const a = premiseTokens.tokens;
    const b = hypothesisTokens.tokens;
    const truncated = a.length + b.length > budget || premiseTokens.unread || hypothesisTokens.unread;
    let [keepA, keepB] = longestFirstKeep(a.length, b.length, budget);
    if (a.length > budget && b.length > budget && budget % 2 === 1) {
      // Both sides over the budget, each read only so far: the longer of the whole texts keeps ⌈budget/2⌉.
      const half = Math.floor(budget / 2);
      [keepA, keepB] = this.firstHasMoreTokens(premise, hypothesis) ? [budget - half, half] : [half, budget - half];
    }
    return { ...this.join(a.slice(0, keepA), b.slice(0, keepB)), truncated };
  }

  /** Fails early if this encoding and the tokenizer's own disagree on a pair (before any truncation). */
  private selfCheck(tokenizer: HfTokenizer): void {
    const premise = "The quick brown fox jumps over the lazy dog.";
    const hypothesis = "A fox is jumping, 2 times!";
    const mine = this.join(this.core.encode_text(premise) ?? [], this.core.encode_text(hypothesis) ?? []).ids;
    const theirs = tokenizer(premise, { text_pair: hypothesis, return_tensor: false }).input_ids as number[];
    if (mine.length !== theirs.length || mine.some((v, i) => v !== Number(theirs[i]))) {
      throw new Error(
        `capqa's pair encoding (${mine.join(" ")}) differs from the tokenizer's own (${theirs.join(" ")}); please report this with the model you used`,
      );
    }
  }
}
