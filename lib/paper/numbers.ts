/**
 * The numbers the paper prints (../shared/paper/cap-paper.txt), transcribed once so that
 * `capqa reproduce` can put them beside ours. Percentages as printed (×100).
 */
import type { CorrectnessClass } from "../taxonomy/index.js";

export const PAPER_METRIC_NAMES: Record<string, string> = {
  bleu: "BLEU",
  rouge_l: "ROUGE-L",
  meteor: "METEOR",
  bertscore: "BERTScore",
  comet: "COMET",
  cap: "CAP",
};

/** Table 2: Spearman ρ, Kendall τ, pairwise accuracy on the test split. */
export const TABLE2: Record<string, { spearman: number; kendall: number; pairwiseAccuracy: number }> = {
  bleu: { spearman: 10.95, kendall: 8.31, pairwiseAccuracy: 51.57 },
  rouge_l: { spearman: 16.67, kendall: 13.0, pairwiseAccuracy: 55.35 },
  meteor: { spearman: 14.7, kendall: 11.45, pairwiseAccuracy: 53.71 },
  bertscore: { spearman: 16.1, kendall: 10.9, pairwiseAccuracy: 56.18 },
  comet: { spearman: 26.88, kendall: 19.57, pairwiseAccuracy: 61.1 },
  cap: { spearman: 60.37, kendall: 48.83, pairwiseAccuracy: 77.7 },
};

/** Table 3: CAP AUC on six class pairs. */
export const TABLE3: { better: CorrectnessClass; worse: CorrectnessClass; auc: number }[] = [
  { better: "exact", worse: "invalid", auc: 98.24 },
  { better: "partial", worse: "invalid", auc: 94.39 },
  { better: "equivalent", worse: "invalid", auc: 92.63 },
  { better: "equivalent", worse: "overinclusive_valid", auc: 80.65 },
  { better: "partial", worse: "overinclusive_invalid", auc: 89.03 },
  { better: "overinclusive_valid", worse: "overinclusive_invalid", auc: 69.48 },
];

/** Table 4: pairwise accuracy on the hard pairs Eq>Part, OV>Part, OV>OI, Alt>Inv. */
export const TABLE4: Record<string, [number, number, number, number]> = {
  bleu: [36.47, 51.42, 34.8, 36.78],
  rouge_l: [23.21, 27.37, 27.74, 35.74],
  meteor: [41.31, 70.66, 36.38, 39.86],
  bertscore: [51.86, 32.02, 30.88, 57.21],
  comet: [47.36, 26.88, 41.61, 61.01],
  cap: [59.73, 16.34, 69.48, 73.2],
};

/** Table 8: human–LLM agreement on the 1,638 human-labelled rows. */
export const TABLE8 = { unweighted: 77.9, linear: 82.5, quadratic: 87.9 };

/** Table 13: Spearman and Kendall (×100) with 95 % bootstrap intervals. */
export const TABLE13: Record<string, { spearman: [number, number, number]; kendall: [number, number, number] }> = {
  bleu: { spearman: [10.95, 8.55, 13.25], kendall: [8.31, 6.41, 10.12] },
  rouge_l: { spearman: [16.67, 14.29, 19.08], kendall: [13.0, 11.04, 14.95] },
  meteor: { spearman: [14.7, 12.41, 17.01], kendall: [11.45, 9.62, 13.27] },
  bertscore: { spearman: [16.1, 13.82, 18.39], kendall: [10.9, 9.22, 12.63] },
  comet: { spearman: [26.88, 24.77, 28.99], kendall: [19.57, 17.98, 21.18] },
  cap: { spearman: [60.37, 58.56, 62.11], kendall: [48.83, 47.32, 50.35] },
};

/** Table 14: monotonicity violations out of 25 class pairs. */
export const TABLE14: Record<string, number> = { bleu: 14, rouge_l: 12, meteor: 12, bertscore: 11, comet: 9, cap: 4 };

/** Table 16: CAP on the human-labelled rows under synthetic and human labels. */
export const TABLE16 = {
  synthetic: { spearman: 66.87, kendall: 54.69, pairwiseAccuracy: 84.87 },
  human: { spearman: 69.89, kendall: 57.34, pairwiseAccuracy: 87.16 },
};

/** Table 17: mean CAP (×100) per class, synthetic vs annotator labels. */
export const TABLE17: { cls: CorrectnessClass; name: string; synthetic: number; human: number }[] = [
  { cls: "exact", name: "Exact", synthetic: 98.79, human: 98.62 },
  { cls: "equivalent", name: "Equivalent", synthetic: 84.59, human: 86.76 },
  { cls: "partial", name: "Partial", synthetic: 83.61, human: 77.98 },
  { cls: "overinclusive_valid", name: "OV", synthetic: 50.07, human: 49.91 },
  { cls: "overinclusive_invalid", name: "OI", synthetic: 39.2, human: 38.46 },
  { cls: "invalid", name: "Invalid", synthetic: 13.04, human: 14.56 },
  { cls: "contradictory", name: "Contradictory", synthetic: 3.18, human: 4.22 },
  { cls: "alternative_correct", name: "Alt.", synthetic: 36.74, human: 31.74 },
];

/** Table 1 and Sec. 5: split sizes the paper reports. */
export const PAPER_SPLIT_SIZES = { validation: 1000, test: 7827 };

/** Table 12: the α–λ sweep on the validation split (×100; violations of 25). */
export const TABLE12: { alpha: number; lambda: number; spearman: number; pairwiseAccuracy: number; violations: number }[] = [
  { alpha: 0.3, lambda: 0.0, spearman: 54.2, pairwiseAccuracy: 74.16, violations: 4 },
  { alpha: 0.5, lambda: 0.0, spearman: 56.36, pairwiseAccuracy: 75.33, violations: 4 },
  { alpha: 0.5, lambda: 0.3, spearman: 57.96, pairwiseAccuracy: 76.2, violations: 4 },
  { alpha: 0.7, lambda: 0.3, spearman: 59.33, pairwiseAccuracy: 76.92, violations: 4 },
  { alpha: 0.85, lambda: 0.3, spearman: 59.41, pairwiseAccuracy: 76.97, violations: 4 },
];
