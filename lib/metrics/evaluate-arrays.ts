/**
 * The paper's evaluation of metrics against the taxonomy from plain arrays: a label per row (any
 * spelling of the eight classes) and a score column per metric, through `evaluateMetrics` (the
 * same statistics and bootstrap as `capqa evaluate`), returned as typed camelCase rows.
 *
 * @example
 * import { evaluateScores } from "capqa";
 * const ev = await evaluateScores({
 *   labels: ["exact", "partial", "invalid", "Equivalent", "contradictory", "overinclusive-valid"],
 *   scores: { mine: [0.9, 0.5, 0.2, 0.8, 0.1, 0.7], bleu: [1, 0.3, 0.1, 0.2, 0.4, 0.5] },
 *   resamples: 1000,
 *   reference: "mine",
 * });
 * console.table(ev.correlations.map((r) => ({ metric: r.metric, rho: r.spearman, low: r.spearmanCiLow, high: r.spearmanCiHigh })));
 */
import { evaluateMetrics, type Evaluation, type EvaluationOptions, type TableRow } from "../eval/evaluate.js";
import { CLASSES, tryParseClass, type CorrectnessClass, type Ordering } from "../taxonomy/index.js";
import type { PairedStatistic } from "../constants.js";
import type { PairCounts } from "../stats/ordinal.js";
import { withoutAbsentClasses } from "../eval/labelled-eval.js";

export interface EvaluateScoresOptions extends Omit<EvaluationOptions, "reference"> {
  /** The class of each row: the eight classes in any case, hyphenated or underscored, or their short names (Eq, OV, …). */
  readonly labels: readonly string[];
  /** One score per row for each metric, keyed by the metric's name. */
  readonly scores: Readonly<Record<string, readonly number[] | Float64Array>>;
  /** The metric the others are compared with in pairedDifferences; default "cap" when it is among the scores. */
  readonly reference?: string;
  /**
   * A score that is not a finite number (NaN where CAP could not score a row): "error" (default)
   * names it; "drop" leaves its row out of every metric and lists it in `excluded`.
   */
  readonly missing?: "error" | "drop";
}

/** Rank correlations with the taxonomy's severity, and pairwise accuracy, of one metric. */
export interface CorrelationRow {
  readonly metric: string;
  readonly n: number;
  readonly spearman: number | null;
  readonly spearmanCiLow: number | null;
  readonly spearmanCiHigh: number | null;
  readonly spearmanP: number | null;
  readonly kendall: number | null;
  readonly kendallCiLow: number | null;
  readonly kendallCiHigh: number | null;
  readonly kendallP: number | null;
  readonly pairwiseAccuracy: number | null;
  readonly pairwiseAccuracyCiLow: number | null;
  readonly pairwiseAccuracyCiHigh: number | null;
  readonly comparablePairs: number;
  readonly pairWins: number;
  readonly pairTies: number;
  readonly pairLosses: number;
}

/** A metric's scores within one class. */
export interface DescriptiveRow {
  readonly metric: string;
  readonly label: CorrectnessClass;
  readonly severity: number;
  readonly n: number;
  readonly mean: number | null;
  readonly meanCiLow: number | null;
  readonly meanCiHigh: number | null;
  readonly std: number | null;
  readonly min: number | null;
  readonly p05: number | null;
  readonly median: number | null;
  readonly p95: number | null;
  readonly max: number | null;
}

/** How often a metric ranks the rows of the better class above those of the worse. */
export interface ClassPairRow extends Omit<PairCounts, "pair"> {
  readonly metric: string;
  readonly better: CorrectnessClass;
  readonly worse: CorrectnessClass;
  /** One of the paper's four hard neighbouring pairs (Table 4). */
  readonly hardPair: boolean;
  readonly accuracy: number | null;
  readonly accuracyCiLow: number | null;
  readonly accuracyCiHigh: number | null;
  readonly auc: number | null;
  readonly aucCiLow: number | null;
  readonly aucCiHigh: number | null;
  readonly violationRate: number | null;
  readonly meanBetter: number | null;
  readonly meanWorse: number | null;
  /** The worse class's mean score is not below the better class's. */
  readonly meanViolation: boolean;
}

/** Class pairs whose means are out of order, for one metric. */
export interface MonotonicityRow {
  readonly metric: string;
  readonly classPairs: number;
  readonly meanViolations: number | null;
  readonly meanViolationRate: number | null;
  readonly meanViolationsCiLow: number | null;
  readonly meanViolationsCiHigh: number | null;
  readonly rowLevelViolationRate: number | null;
  /** The violating pairs as "better>worse", joined by "; " (empty when none). */
  readonly violatingPairs: string;
}

/** Reference metric minus another, on one statistic, over the same bootstrap resamples. */
export interface PairedDifferenceRow {
  readonly reference: string;
  readonly metric: string;
  readonly statistic: PairedStatistic;
  readonly meanDifference: number | null;
  readonly ciLow: number | null;
  readonly ciHigh: number | null;
  readonly pReferenceNotBetter: number | null;
}

export interface ScoresEvaluation {
  /** Rows evaluated. */
  readonly n: number;
  /** Indices of rows left out (a score that is not a finite number, with missing: "drop"). */
  readonly excluded: number[];
  readonly metrics: { name: string; source: string }[];
  readonly resamples: number;
  readonly seed: number;
  readonly confidence: number;
  readonly ordering: Ordering;
  /** Classes with no row; the class pairs and descriptives involving them are left out. */
  readonly absentClasses: CorrectnessClass[];
  readonly notes: string[];
  readonly correlations: CorrelationRow[];
  readonly descriptives: DescriptiveRow[];
  readonly classPairs: ClassPairRow[];
  readonly hardPairs: ClassPairRow[];
  readonly monotonicity: MonotonicityRow[];
  /** Empty without bootstrap resamples or without the reference metric. */
  readonly pairedDifferences: PairedDifferenceRow[];
  /** The same tables in the file layout (snake_case keys, as results.json and writeTable use). */
  readonly evaluation: Evaluation;
}

/**
 * The one conversion from the file layout to the typed rows: every snake_case key of a table row
 * in camelCase ("spearman_ci_low" → "spearmanCiLow"), values as they are.
 */
export function camelCaseRow<T>(row: TableRow): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())] = value;
  return out as T;
}

/**
 * Evaluates metric scores against taxonomy labels: correlations, descriptives, class pairs, hard
 * pairs, monotonicity and paired differences with bootstrap intervals (default 10,000
 * resamples, seed 42; `resamples: 0` skips the intervals). A label that is not a class is a
 * RangeError naming its index; so is a score column of the wrong length.
 *
 * @example
 * const { correlations, classPairs } = await evaluateScores({
 *   labels: ["exact", "partial", "invalid", "partial"],
 *   scores: { cap: [0.95, 0.6, 0.1, 0.55] },
 *   resamples: 0,
 * });
 * correlations[0].spearman; // ρ of CAP with the taxonomy's severity
 * classPairs.filter((p) => p.hardPair); // the hard pairs present in the data
 */
export async function evaluateScores(options: EvaluateScoresOptions): Promise<ScoresEvaluation> {
  const { labels, scores, missing = "error", ...evaluationOptions } = options ?? ({} as EvaluateScoresOptions);
  if (!Array.isArray(labels)) throw new TypeError("evaluateScores(): labels must be an array of class names");
  if (scores === null || typeof scores !== "object" || Array.isArray(scores))
    throw new TypeError("evaluateScores(): scores must map each metric name to its scores");
  if (missing !== "error" && missing !== "drop")
    throw new TypeError(`evaluateScores(): missing is "error" or "drop", not ${JSON.stringify(missing)}`);
  const classes = Uint8Array.from(labels, (label, i) => {
    const cls = typeof label === "string" ? tryParseClass(label) : undefined;
    if (cls === undefined)
      throw new RangeError(
        `labels[${i}] = ${JSON.stringify(label)} is not a class of the taxonomy; expected one of ${CLASSES.join(", ")} (any case, hyphens or underscores)`,
      );
    return CLASSES.indexOf(cls);
  });
  const names = Object.keys(scores);
  if (names.length === 0) throw new RangeError("evaluateScores(): scores names no metric");
  const keep = new Uint8Array(labels.length).fill(1);
  for (const name of names) {
    const column = scores[name];
    if (!Array.isArray(column) && !(column instanceof Float64Array))
      throw new TypeError(`scores.${name} must be an array of numbers or a Float64Array`);
    if (column.length !== labels.length) throw new RangeError(`scores.${name} has ${column.length} scores for ${labels.length} labels`);
    for (let i = 0; i < column.length; i++) {
      const x = column[i];
      if (typeof x === "number" && Number.isFinite(x)) continue;
      if (missing === "drop" && typeof x === "number") keep[i] = 0;
      else
        throw new RangeError(
          `scores.${name}[${i}] = ${typeof x === "number" ? String(x) : JSON.stringify(x)} is not a finite number${typeof x === "number" ? ' (missing: "drop" leaves such rows out)' : ""}`,
        );
    }
  }
  const rows = Array.from(keep.keys()).filter((i) => keep[i] === 1);
  const excluded = Array.from(keep.keys()).filter((i) => keep[i] === 0);
  if (rows.length === 0) throw new RangeError("evaluateScores(): no row is left to evaluate");
  const kept = Uint8Array.from(rows, (i) => classes[i]);
  const columns = names.map((name) => ({ name, scores: Float64Array.from(rows, (i) => scores[name][i]), source: "given" }));
  const evaluation = await evaluateMetrics(kept, columns, evaluationOptions);
  const present = new Set(Array.from(kept, (c) => CLASSES[c]));
  const absentClasses = CLASSES.filter((c) => !present.has(c));
  const tables = withoutAbsentClasses(evaluation.tables, new Set(absentClasses));
  const notes = [
    ...(excluded.length > 0 ? [`${excluded.length} row(s) with a score that is not a finite number are left out of every metric.`] : []),
    ...(absentClasses.length > 0
      ? [
          `No row has class ${absentClasses.join(", ")}: the class pairs involving ${absentClasses.length > 1 ? "them" : "it"} are left out of classPairs, hardPairs, monotonicity and descriptives.`,
        ]
      : []),
  ];
  return {
    n: evaluation.n,
    excluded,
    metrics: evaluation.metrics,
    resamples: evaluation.resamples,
    seed: evaluation.seed,
    confidence: evaluation.confidence,
    ordering: evaluation.ordering,
    absentClasses,
    notes,
    correlations: tables.correlations.map((r) => camelCaseRow<CorrelationRow>(r)),
    descriptives: tables.descriptives.map((r) => camelCaseRow<DescriptiveRow>(r)),
    classPairs: tables.class_pairs.map((r) => camelCaseRow<ClassPairRow>(r)),
    hardPairs: tables.hard_pairs.map((r) => camelCaseRow<ClassPairRow>(r)),
    monotonicity: tables.monotonicity.map((r) => camelCaseRow<MonotonicityRow>(r)),
    pairedDifferences: tables.paired_differences.map((r) => camelCaseRow<PairedDifferenceRow>(r)),
    evaluation: { ...evaluation, tables },
  };
}
