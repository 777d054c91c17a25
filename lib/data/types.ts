/** Typed records of the released CAP-Correctness data. */
import type { CorrectnessClass } from "../taxonomy/index.js";

export type Split = "validation" | "test";
export const SPLITS: readonly Split[] = ["validation", "test"];
/** What a --split flag chooses: one split of the benchmark or both. */
export const SPLIT_CHOICES = ["validation", "test", "all"] as const;

/** One row of CAP-Correctness.csv; `rowId` is its 0-based position (header excluded). */
export interface CorrectnessRow {
  readonly rowId: number;
  readonly question: string;
  readonly dataset: string;
  readonly goldAnswer: string;
  readonly answer: string;
  /** The candidate answer's statement (the NLI hypothesis of the forward direction). */
  readonly hypothesis: string;
  /** The gold answer's statement (the NLI premise of the forward direction). */
  readonly premise: string;
  /** Synthetic label (`label_semantic`). */
  readonly label: CorrectnessClass;
  /** Human label (`label_semantic_manual`), or null where none was given. */
  readonly manualLabel: CorrectnessClass | null;
}

/** The six NLI probabilities of CAP: forward = premise → hypothesis = gold → candidate. */
export const PROBABILITY_FIELDS = ["pe_f", "pn_f", "pc_f", "pe_r", "pn_r", "pc_r"] as const;
export type ProbabilityField = (typeof PROBABILITY_FIELDS)[number];

/** The released `scores.json`: parallel arrays over the rows it covers, in row_id order. */
export interface ReleasedScores {
  readonly file: string;
  readonly rowIds: Int32Array;
  readonly split: Split[];
  readonly label: CorrectnessClass[];
  readonly dataset: string[];
  /** Names of the metric arrays present, as listed by the file. */
  readonly metrics: string[];
  readonly values: Readonly<Record<string, Float64Array>>;
  readonly probabilities: Readonly<Record<ProbabilityField, Float64Array>>;
}

/** The authors' `results.json`, kept as parsed; its tables are arrays of row objects. */
export interface ReleasedResults {
  readonly split: string;
  readonly rows: number;
  readonly n_bootstrap: number;
  readonly severity: Record<string, number>;
  readonly hard_pairs: [string, string][];
  readonly cap_weights: { neutral_weight: number; forward_weight: number };
  readonly correlations: Record<string, number | string>[];
  readonly descriptives: Record<string, number | string>[];
  readonly class_pairs: Record<string, number | string | boolean>[];
  readonly monotonicity: Record<string, number | string>[];
  readonly paired_differences: Record<string, number | string>[];
  readonly [key: string]: unknown;
}
