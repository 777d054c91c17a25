/**
 * CAP as a label-free classifier (paper Sec. 8.2): ordered cut points on the score axis map a
 * score to a taxonomy level. Levels are the six severity levels of Eq. 1 or the eight classes
 * under a declared strict order. Cuts are fitted exactly on labelled data for accuracy,
 * macro-F1 (a sum over levels of a function of each level's run: segment DP) or
 * quadratic-weighted κ (a ratio of two sums over items: Dinkelbach's method, each step an exact
 * segment DP); the paper's equal-width bins are the baseline.
 *
 * Input follows the numeric input policy of lib/stats/validate: scores finite, levels integers
 * in 0..K−1 (K levels of the level set), cut points finite and non-decreasing (equal cuts leave a
 * level empty, as fitted cuts of an empty level are), bin ranges finite with lo < hi. By design
 * predictLevels accepts a NaN score (a row that could not be scored) and gives it level 0.
 */
import {
  checkOrdering,
  checkFinite,
  checkFiniteOrNaN,
  checkFiniteScalar,
  checkLabels,
  checkNonDecreasing,
  checkSameLength,
  reject,
} from "../stats/validate.js";
import { CLASSES, PAPER_ORDERING, type CorrectnessClass, type Ordering } from "../taxonomy/index.js";
import { segmentQuadraticKappa } from "./kernel.js";
import { bestRuns, cutsFromBoundaries, groupScoresUnchecked } from "./segments.js";

export type CalibrationObjective = "accuracy" | "macro_f1" | "quadratic_kappa";

/** What a calibration can maximise. */
export const CALIBRATION_OBJECTIVES: readonly CalibrationObjective[] = ["accuracy", "macro_f1", "quadratic_kappa"];

/** A level set's number of levels, 1..256 (levels are predicted into a Uint8Array). */
function checkLevelCount(fn: string, levelSet: LevelSet<string>): number {
  const K = levelSet.levels.length;
  if (!(K >= 1 && K <= 256)) throw new RangeError(`${fn}: levelSet.levels has ${K} levels; a level set needs 1 to 256 levels`);
  return K;
}

/**
 * Levels from least to most correct; each groups one or more labels. The paper's level sets
 * (severityLevelSet, classLevelSet) group the taxonomy's classes; a level set declared by a user
 * (parseLevelOrder in ./levels) groups any labels. The field keeps the name `classes`, so
 * classifier.json files of every version read the same.
 */
export interface LevelSet<L extends string = CorrectnessClass> {
  readonly name: string;
  readonly levels: { readonly name: string; readonly classes: readonly L[] }[];
}

/** The six severity levels of Eq. 1 (exact, equivalent and alternative-correct share the top). */
export function severityLevelSet(ordering: Ordering = PAPER_ORDERING): LevelSet {
  checkOrdering("severityLevelSet", ordering);
  const values = [...new Set(CLASSES.map((c) => ordering.severity[c]))].sort((a, b) => a - b);
  return {
    name: `severity-${ordering.name}`,
    levels: values.map((v) => {
      const classes = CLASSES.filter((c) => ordering.severity[c] === v);
      return { name: classes.join("|"), classes };
    }),
  };
}

/** The eight classes in a declared strict order, least correct first (default: Table 7's order reversed). */
export function classLevelSet(order: readonly CorrectnessClass[] = [...CLASSES].reverse()): LevelSet {
  if (new Set(order).size !== CLASSES.length || order.length !== CLASSES.length)
    throw new Error(`a class order must name each of the ${CLASSES.length} classes once`);
  return { name: "classes", levels: order.map((c) => ({ name: c, classes: [c] })) };
}

/** Level index of each class under a level set. */
export function levelOfClass(set: LevelSet): Record<CorrectnessClass, number> {
  const out = {} as Record<CorrectnessClass, number>;
  set.levels.forEach((l, k) => l.classes.forEach((c) => (out[c] = k)));
  return out;
}

export interface ThresholdClassifier<L extends string = string> {
  readonly kind: "capqa-threshold-classifier";
  readonly version: 1;
  readonly levelSet: LevelSet<L>;
  /** K − 1 ascending cut points; level = number of cuts ≤ score. ±Number.MAX_VALUE mean ±∞. */
  readonly cuts: number[];
  /** How the cuts were chosen: fitted for an objective, the equal-width bins, or set by hand in the explorer. */
  readonly objective: CalibrationObjective | "equal_width" | "explorer";
  /**
   * What the scores are, for the record and for the tools that apply the classifier: `metric`
   * names the score column (absent in early files: CAP), with CAP's weights or the scores' source.
   */
  readonly score: Record<string, unknown>;
  readonly fittedOn?: Record<string, unknown>;
  /** Where the classifier was made, when not by a fit (e.g. "set in the capqa explorer"). */
  readonly origin?: string;
}

/** The score column a classifier applies to: its score.metric, or CAP for files that do not say. */
export function classifierMetric(c: Pick<ThresholdClassifier, "score">): string {
  const m = c.score?.metric;
  return typeof m === "string" && m !== "" ? m : "cap";
}

/**
 * Level of each score: the number of cuts ≤ score. Cuts: at most 255, finite, non-decreasing.
 * Scores: finite, or NaN for a row without a score, which gets level 0 (callers such as
 * `capqa score --classify` discard it); ±Infinity is refused.
 */
export function predictLevels(c: Pick<ThresholdClassifier, "cuts">, scores: ArrayLike<number>): Uint8Array {
  const fn = "predictLevels";
  if (c.cuts.length > 255) throw new RangeError(`${fn}: c.cuts has ${c.cuts.length} values; at most 255 cuts (256 levels) are supported`);
  checkNonDecreasing(fn, "c.cuts", c.cuts);
  checkFiniteOrNaN(fn, "scores", scores);
  const out = new Uint8Array(scores.length);
  for (let i = 0; i < scores.length; i++) {
    let k = 0;
    while (k < c.cuts.length && scores[i] >= c.cuts[k]) k++;
    out[i] = k;
  }
  return out;
}

/** The paper's baseline: K equal-width bins on [lo, hi] ([0, 1/K), [1/K, 2/K), … for CAP). */
export function equalWidthClassifier<L extends string>(
  levelSet: LevelSet<L>,
  score: Record<string, unknown>,
  lo = 0,
  hi = 1,
): ThresholdClassifier<L> {
  const fn = "equalWidthClassifier";
  const K = checkLevelCount(fn, levelSet);
  checkFiniteScalar(fn, "lo", lo);
  checkFiniteScalar(fn, "hi", hi);
  if (!(lo < hi)) reject(fn, "hi", hi, `hi must exceed lo (${lo})`);
  return {
    kind: "capqa-threshold-classifier",
    version: 1,
    levelSet,
    cuts: Array.from({ length: K - 1 }, (_, i) => lo + ((i + 1) * (hi - lo)) / K),
    objective: "equal_width",
    score,
  };
}

/** Fits the cuts on labelled scores (levels: index into levelSet.levels) for an objective. */
export function fitThresholds<L extends string>(
  scores: ArrayLike<number>,
  levels: ArrayLike<number>,
  levelSet: LevelSet<L>,
  objective: CalibrationObjective,
  score: Record<string, unknown> = {},
): ThresholdClassifier<L> {
  const fn = "fitThresholds";
  if (!CALIBRATION_OBJECTIVES.includes(objective))
    throw new Error(`unknown objective "${String(objective)}"; expected accuracy, macro_f1 or quadratic_kappa`);
  const K = checkLevelCount(fn, levelSet);
  checkSameLength(fn, "scores", scores, "levels", levels);
  checkFinite(fn, "scores", scores);
  checkLabels(fn, "levels", levels, K);
  const groups = groupScoresUnchecked(scores, levels, K);
  const actual = new Float64Array(K);
  for (let i = 0; i < levels.length; i++) actual[levels[i]]++;
  let boundaries: number[];
  if (objective === "accuracy") {
    boundaries = bestRuns(groups, (k, run) => run[k]).boundaries;
  } else if (objective === "macro_f1") {
    // F1 of level k depends only on its run: 2·TP / (predicted + actual).
    boundaries = bestRuns(groups, (k, run, size) => (size + actual[k] > 0 ? (2 * run[k]) / (size + actual[k]) : 0)).boundaries;
  } else if (objective === "quadratic_kappa") {
    // κ_w is a ratio of sums over items: Dinkelbach's iteration of exact segment DPs (lib/explore/compute.ts).
    boundaries = segmentQuadraticKappa(groups.counts, groups.scores.length, groups.K, actual, levels.length);
  } else throw new Error(`unknown objective "${String(objective)}"; expected accuracy, macro_f1 or quadratic_kappa`);
  return {
    kind: "capqa-threshold-classifier",
    version: 1,
    levelSet,
    cuts: cutsFromBoundaries(groups, boundaries),
    objective,
    score,
    fittedOn: { n: levels.length },
  };
}
