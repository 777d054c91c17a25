/**
 * The paper's lexical baselines (App. C.2), each a port of the package the
 * authors ran, and pair helpers that apply their preprocessing. The helpers
 * are named as the metrics are in the released scores.json.
 */
import { sentenceBleu } from "./bleu.js";
import { meteorScore, type MeteorOptions } from "./meteor.js";
import { baselineTokens } from "./parity.js";
import { rougeL, rougeLMultiTarget } from "./rouge.js";

export { brevityPenalty, closestRefLength, corpusBleu, fsum, modifiedPrecision, sentenceBleu } from "./bleu.js";
export type { BleuOptions, BleuSmoothing } from "./bleu.js";
export { lcsLength, rougeL, rougeLMultiTarget, rougeLTokens, rougeTokenize } from "./rouge.js";
export type { RougeScore } from "./rouge.js";
export { alignWords, countChunks, meteorScore, singleMeteorScore } from "./meteor.js";
export type { MeteorMatch, MeteorOptions } from "./meteor.js";
export { squadExactMatch, squadExactMatchMulti, squadF1, squadF1Multi, squadNormalize } from "./squad.js";
export { BASELINE_METRICS, baselineParity, baselineTokens } from "./parity.js";
export type { BaselineMetric, BaselineParity, BaselineParityOptions, MetricParity, ParityDifference, ParityReason } from "./parity.js";
export { checkTexts, computeIdf, greedyCosineMatch, IdfMap, isByteLevel, loadBertScorer, loadOnnxModel } from "./bertscore.js";
export { loadTokenizer, ROBERTA_LARGE_L17_BASELINE, runEncoder, SentenceEncoder } from "./bertscore.js";
export type { BertScoreBaseline, BertScorer, BertScoreResult, BertScorerOptions, BertScoreTriple, EncoderTokenizer } from "./bertscore.js";
export type { OnnxModel, SentenceEncoderOptions, TokenMatrix } from "./bertscore.js";
export { COMET_EXPORT_COMMAND, COMET_FORMAT, cometUnavailable, layerSoftmax, loadCometEstimator, PAPER_COMET_MODEL } from "./comet.js";
export { parseCometSettings, sparsemax } from "./comet.js";
export type { CometEstimator, CometEstimatorOptions, CometSettings } from "./comet.js";

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

/**
 * BLEU of a candidate answer against several gold answers, every gold a reference: NLTK
 * `sentence_bleu([gold_tokens, ...], candidate_tokens)` with bleuPair's settings (uniform 4-gram
 * weights, smoothing method 1, `baselineTokens`). As in NLTK, n-gram counts are clipped by the
 * largest count in any one reference (`modified_precision`) and the brevity penalty uses the
 * reference length closest to the candidate's, the shorter on a tie (`closest_ref_length`), so
 * the score can exceed every single-gold BLEU. One gold gives bleuPair's score.
 */
export function bleuMulti(golds: readonly string[], candidate: string): number {
  if (golds.length === 0) throw new RangeError("BLEU needs at least one gold answer");
  return sentenceBleu(golds.map(baselineTokens), baselineTokens(candidate), { smoothing: "method1" });
}

/**
 * ROUGE-L F-measure of a candidate answer against several gold answers: rouge-score's
 * `RougeScorer(["rougeL"], use_stemmer=True).score_multi(golds, candidate)["rougeL"].fmeasure`,
 * the best single-gold F (see rougeLMultiTarget for the winning gold). One gold gives rougeLPair's score.
 */
export function rougeLMulti(golds: readonly string[], candidate: string): number {
  return rougeLMultiTarget(golds, candidate).fmeasure;
}

/**
 * METEOR of a candidate answer against several gold answers: NLTK
 * `meteor_score([gold_tokens, ...], candidate_tokens)` on `baselineTokens`, which is the best
 * `single_meteor_score` over the golds. One gold gives meteorPair's score.
 */
export function meteorMulti(golds: readonly string[], candidate: string, options: MeteorOptions = {}): number {
  if (golds.length === 0) throw new RangeError("METEOR needs at least one gold answer");
  return meteorScore(golds.map(baselineTokens), baselineTokens(candidate), options);
}
