/**
 * The paper's lexical baselines (App. C.2), each a port of the package the
 * authors ran, and pair helpers that apply their preprocessing. The helpers
 * are named as the metrics are in the released scores.json.
 */
import { sentenceBleu } from "./bleu.js";
import { meteorScore, type MeteorOptions } from "./meteor.js";
import { baselineTokens } from "./parity.js";
import { rougeL } from "./rouge.js";

export * from "./bleu.js";
export * from "./rouge.js";
export * from "./meteor.js";
export * from "./parity.js";
export * from "./bertscore.js";
export * from "./comet.js";

/**
 * BLEU of a candidate answer against the gold answer: NLTK `sentence_bleu`,
 * gold as the only reference, uniform 4-gram weights, smoothing method 1, on
 * `baselineTokens`. An empty candidate scores 0.
 */
export function bleuPair(gold: string, candidate: string): number {
  return sentenceBleu([baselineTokens(gold)], baselineTokens(candidate), { smoothing: "method1" });
}

/** ROUGE-L F-measure (rouge-score, `use_stemmer=True`), the gold answer as target. */
export function rougeLPair(gold: string, candidate: string): number {
  return rougeL(gold, candidate).fmeasure;
}

/**
 * METEOR of a candidate answer against the gold answer: NLTK
 * `meteor_score([gold_tokens], candidate_tokens)` on `baselineTokens`.
 * Needs WordNet 3.0 (see lib/text/wordnet.ts) unless one side is empty.
 */
export function meteorPair(gold: string, candidate: string, options: MeteorOptions = {}): number {
  return meteorScore([baselineTokens(gold)], baselineTokens(candidate), options);
}
