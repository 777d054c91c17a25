/**
 * Encodes (premise, hypothesis) pairs the way NLI cross-encoders expect, with the joint length
 * capped by truncating the longer side first, token by token ("longest_first", as the Python
 * tokenizers do). transformers.js only cuts the joined sequence at the end, which would drop
 * the final separator and the hypothesis; so the two sides are tokenised separately here and
 * joined by the tokenizer's own post-processor ([CLS] A [SEP] B [SEP] for BERT and DeBERTa).
 */

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
  (text: string, options: { text_pair: string; add_special_tokens?: boolean; return_tensor?: boolean }): { input_ids: number[] | { tolist(): unknown }; token_type_ids?: unknown };
}

export interface EncodedPair {
  readonly ids: number[];
  readonly types: number[];
  readonly truncated: boolean;
}

export class PairEncoder {
  private readonly core: CoreTokenizer;
  readonly maxLength: number;
  readonly padId: number;
  private readonly specialCount: number;

  constructor(tokenizer: HfTokenizer, maxLength: number) {
    this.core = tokenizer._tokenizer as CoreTokenizer;
    if (typeof this.core?.encode_text !== "function" || typeof this.core.token_to_id !== "function") {
      throw new Error("this transformers.js tokenizer does not expose encode_text/token_to_id; capqa's pair encoding needs @huggingface/tokenizers 0.2");
    }
    const limit = tokenizer.model_max_length && tokenizer.model_max_length < 1e9 ? tokenizer.model_max_length : maxLength;
    this.maxLength = Math.min(maxLength, limit);
    this.padId = tokenizer.pad_token_id ?? 0;
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
    const types = joined.token_type_ids ?? ids.map(() => 0);
    return { ids, types };
  }

  /** The tokens of one pair, the longer side truncated first so that the whole fits maxLength. */
  encode(premise: string, hypothesis: string): EncodedPair {
    const a = this.core.encode_text(premise) ?? [];
    const b = this.core.encode_text(hypothesis) ?? [];
    const budget = this.maxLength - this.specialCount;
    const truncated = a.length + b.length > budget;
    while (a.length + b.length > budget) {
      if (a.length > b.length) a.pop();
      else b.pop();
    }
    return { ...this.join(a, b), truncated };
  }

  /** Fails early if this encoding and the tokenizer's own disagree on a pair (before any truncation). */
  private selfCheck(tokenizer: HfTokenizer): void {
    const premise = "The quick brown fox jumps over the lazy dog.";
    const hypothesis = "A fox is jumping, 2 times!";
    const mine = this.join(this.core.encode_text(premise) ?? [], this.core.encode_text(hypothesis) ?? []).ids;
    const theirs = tokenizer(premise, { text_pair: hypothesis, return_tensor: false }).input_ids as number[];
    if (mine.length !== theirs.length || mine.some((v, i) => v !== Number(theirs[i]))) {
      throw new Error(`capqa's pair encoding (${mine.join(" ")}) differs from the tokenizer's own (${theirs.join(" ")}); please report this with the model you used`);
    }
  }
}
