/**
 * The paper's evaluation of metrics against the taxonomy (Sec. 6.2, App. C.1, D): rank
 * correlations, pairwise accuracy, class pairs, hard pairs, monotonicity, descriptives and
 * paired differences against a reference metric, each with paired bootstrap intervals.
 * Tables are arrays of row objects keyed like the authors' results.json.
 */
import {
  DEFAULT_BOOTSTRAP_RESAMPLES,
  DEFAULT_CONFIDENCE,
  DEFAULT_SEED,
  PAIRED_STATISTICS,
  REFERENCE_METRIC,
  SCORE_DECIMALS,
} from "../constants.js";
import { tieRounded } from "../stats/ties.js";
import { CLASSES, PAPER_ORDERING, hardPairsFor, type CorrectnessClass, type Ordering } from "../taxonomy/index.js";
import { bootstrapOrdinal, pairedDifference, percentileInterval, samplesOf, type BootstrapSamples } from "../stats/bootstrap.js";
import { kendallTauB, spearman } from "../stats/correlation.js";
import { describe } from "../stats/descriptives.js";
import { STAT, K } from "../stats/ordinal.js";
import { ordinalSummary, type OrdinalSummary } from "../stats/pairwise.js";
import type { MetricColumn } from "../data/metric-columns.js";
export type { MetricColumn } from "../data/metric-columns.js";

export type TableRow = Record<string, string | number | boolean | null>;

export const TABLE_NAMES = ["correlations", "descriptives", "class_pairs", "hard_pairs", "monotonicity", "paired_differences"] as const;
export type TableName = (typeof TABLE_NAMES)[number];
export type EvaluationTables = Record<TableName, TableRow[]>;

export interface EvaluationOptions {
  /** Bootstrap resamples; 0 skips every interval. */
  readonly resamples?: number;
  readonly seed?: number;
  readonly confidence?: number;
  readonly threads?: number;
  readonly ordering?: Ordering;
  /** Metric the others are compared with in paired differences (when present). */
  readonly reference?: string;
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * Decimals every score is rounded to before any statistic (default SCORE_DECIMALS, 10, as the
   * authors' evaluation), so floating-point noise counts as a tie; null keeps full precision.
   */
  readonly scoreDecimals?: number | null;
  /**
   * The hard neighbouring pairs reported in hard_pairs, as [better, worse] class names; a pair the
   * ordering contradicts is refused. Default: Table 4's four, less those a user ordering does not order (with a note).
   */
  readonly hardPairs?: readonly (readonly string[])[];
}

export interface Evaluation {
  readonly n: number;
  readonly metrics: { name: string; source: string }[];
  readonly resamples: number;
  readonly seed: number;
  readonly confidence: number;
  readonly ordering: Ordering;
  /** Decimals scores were rounded to before comparing; null: full precision. */
  readonly scoreDecimals: number | null;
  /** The hard pairs reported, [better, worse]. */
  readonly hardPairs: readonly (readonly [CorrectnessClass, CorrectnessClass])[];
  /** What a reader should know (hard pairs left out). */
  readonly notes: string[];
  readonly summaries: Record<string, OrdinalSummary>;
  readonly tables: EvaluationTables;
}

/** The settings an evaluation ran with, for its manifest: metrics, resamples, seed, confidence, ordering, hard pairs, score decimals. */
export function evaluationSettings(ev: Evaluation): Record<string, unknown> {
  return {
    metrics: ev.metrics.map((m) => m.name),
    resamples: ev.resamples,
    seed: ev.seed,
    confidence: ev.confidence,
    ordering: {
      name: ev.ordering.name,
      severity: ev.ordering.severity,
      ...(ev.ordering.unranked ? { unranked: ev.ordering.unranked } : {}),
    },
    hardPairs: ev.hardPairs,
    scoreDecimals: ev.scoreDecimals,
  };
}

/** NaN and ±Infinity become null so that JSON and CSV say "no value" rather than a number. */
function num(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

/** Evaluates metric columns against class labels (indices into CLASSES). */
export async function evaluateMetrics(
  classes: Uint8Array,
  columns: readonly MetricColumn[],
  options: EvaluationOptions = {},
): Promise<Evaluation> {
  const scoreDecimals = options.scoreDecimals === undefined ? SCORE_DECIMALS : options.scoreDecimals;
  // Every comparison (ranks, pairs, the class means of monotonicity) sees the rounded scores, as in the authors' evaluation.
  const metrics = columns.map((m) => ({ ...m, scores: tieRounded(m.scores, scoreDecimals) as Float64Array }));
  const resamples = options.resamples ?? DEFAULT_BOOTSTRAP_RESAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  const ordering = options.ordering ?? PAPER_ORDERING;
  if (metrics.length === 0) throw new Error("no metrics to evaluate");
  const names = new Set<string>();
  for (const m of metrics) {
    if (names.has(m.name)) throw new Error(`metric ${m.name} is given twice`);
    names.add(m.name);
    if (m.scores.length !== classes.length) throw new Error(`metric ${m.name} has ${m.scores.length} scores for ${classes.length} rows`);
  }
  if (options.reference !== undefined && !names.has(options.reference))
    throw new Error(`the reference metric "${options.reference}" is not among the metrics evaluated (${[...names].join(", ")})`);
  const hard = hardPairsFor(ordering, options.hardPairs);
  const isHard = (better: string, worse: string) => hard.pairs.some(([b, w]) => b === better && w === worse);
  const unranked = classes.findIndex((c) => ordering.unranked?.includes(CLASSES[c]) === true);
  if (unranked >= 0)
    throw new Error(`row ${unranked} has class ${CLASSES[classes[unranked]]}, which has no severity in the ordering "${ordering.name}"`);
  const severity = Float64Array.from(classes, (c) => ordering.severity[CLASSES[c]]);
  const summaries: Record<string, OrdinalSummary> = {};
  for (const m of metrics) summaries[m.name] = ordinalSummary(m.scores, classes, ordering, { scoreDecimals: null });

  let boot: BootstrapSamples | undefined;
  if (resamples > 0) {
    boot = await bootstrapOrdinal(
      classes,
      metrics.map((m) => m.scores),
      { resamples, seed, threads: options.threads, ordering, onProgress: options.onProgress, scoreDecimals: null },
    );
  }
  const ci = (m: number, s: number) => (boot ? percentileInterval(samplesOf(boot, m, s), confidence) : { low: NaN, high: NaN });
  const P = summaries[metrics[0].name].classPairs.length;

  const correlations: TableRow[] = [];
  const descriptives: TableRow[] = [];
  const classPairs: TableRow[] = [];
  const monotonicity: TableRow[] = [];
  metrics.forEach((metric, m) => {
    const s = summaries[metric.name];
    const rho = spearman(metric.scores, severity);
    const tau = kendallTauB(metric.scores, severity);
    const rhoCi = ci(m, STAT.spearman);
    const tauCi = ci(m, STAT.kendall);
    const accCi = ci(m, STAT.pairwiseAccuracy);
    correlations.push({
      metric: metric.name,
      n: classes.length,
      spearman: num(s.spearman),
      spearman_ci_low: num(rhoCi.low),
      spearman_ci_high: num(rhoCi.high),
      spearman_p: num(rho.pValue),
      kendall: num(s.kendall),
      kendall_ci_low: num(tauCi.low),
      kendall_ci_high: num(tauCi.high),
      kendall_p: num(tau.pValue),
      pairwise_accuracy: num(s.pairwiseAccuracy),
      pairwise_accuracy_ci_low: num(accCi.low),
      pairwise_accuracy_ci_high: num(accCi.high),
      comparable_pairs: s.comparablePairs,
      pair_wins: s.wins,
      pair_ties: s.ties,
      pair_losses: s.losses,
    });
    // Class means at full precision, as descriptives; which pair violates is decided on the rounded scores.
    const meanOf: Record<string, number> = {};
    for (let c = 0; c < K; c++) {
      // Descriptives at full precision: rounding only decides which scores tie.
      const values = columns[m].scores.filter((_, i) => classes[i] === c);
      const d = describe(values);
      meanOf[CLASSES[c]] = d.mean;
      const meanCi = ci(m, STAT.pairs + 2 * P + c);
      descriptives.push({
        metric: metric.name,
        label: CLASSES[c],
        severity: ordering.severity[CLASSES[c]],
        n: d.n,
        mean: num(d.mean),
        mean_ci_low: num(meanCi.low),
        mean_ci_high: num(meanCi.high),
        std: num(d.std),
        min: num(d.min),
        p05: num(d.p05),
        median: num(d.median),
        p95: num(d.p95),
        max: num(d.max),
      });
    }
    s.classPairs.forEach((cp, p) => {
      const accuracyCi = ci(m, STAT.pairs + p);
      const aucCi = ci(m, STAT.pairs + P + p);
      classPairs.push({
        metric: metric.name,
        better: cp.better,
        worse: cp.worse,
        hard_pair: isHard(cp.better, cp.worse),
        n_better: cp.nBetter,
        n_worse: cp.nWorse,
        pairs: cp.pairs,
        wins: cp.wins,
        ties: cp.ties,
        losses: cp.losses,
        accuracy: num(cp.accuracy),
        accuracy_ci_low: num(accuracyCi.low),
        accuracy_ci_high: num(accuracyCi.high),
        auc: num(cp.auc),
        auc_ci_low: num(aucCi.low),
        auc_ci_high: num(aucCi.high),
        violation_rate: num(cp.pairs > 0 ? cp.losses / cp.pairs : NaN),
        mean_better: num(meanOf[cp.better]),
        mean_worse: num(meanOf[cp.worse]),
        mean_violation: cp.meanViolation,
      });
    });
    const violCi = ci(m, STAT.meanViolations);
    monotonicity.push({
      metric: metric.name,
      class_pairs: P,
      mean_violations: s.meanViolations,
      mean_violation_rate: s.meanViolations / P,
      mean_violations_ci_low: num(violCi.low),
      mean_violations_ci_high: num(violCi.high),
      row_level_violation_rate: num(s.rowLevelViolationRate),
      violating_pairs: s.classPairs
        .filter((cp) => cp.meanViolation)
        .map((cp) => `${cp.better}>${cp.worse}`)
        .join("; "),
    });
  });

  const pairedDifferences: TableRow[] = [];
  const reference = options.reference ?? REFERENCE_METRIC;
  const refIndex = metrics.findIndex((m) => m.name === reference);
  if (boot && refIndex >= 0) {
    const statIndex = { spearman: STAT.spearman, kendall: STAT.kendall, pairwise_accuracy: STAT.pairwiseAccuracy };
    metrics.forEach((metric, m) => {
      if (m === refIndex) return;
      for (const statistic of PAIRED_STATISTICS) {
        const d = pairedDifference(samplesOf(boot!, refIndex, statIndex[statistic]), samplesOf(boot!, m, statIndex[statistic]), confidence);
        pairedDifferences.push({
          reference,
          metric: metric.name,
          statistic,
          mean_difference: num(d.meanDifference),
          ci_low: num(d.low),
          ci_high: num(d.high),
          p_reference_not_better: num(d.pReferenceNotBetter),
        });
      }
    });
  }

  return {
    n: classes.length,
    metrics: metrics.map((m) => ({ name: m.name, source: m.source ?? "given" })),
    resamples,
    seed,
    confidence,
    ordering,
    scoreDecimals,
    hardPairs: hard.pairs,
    notes:
      hard.dropped.length > 0
        ? [
            `The ordering "${ordering.name}" does not order the paper's hard pair${hard.dropped.length > 1 ? "s" : ""} ${hard.dropped.join(", ")}: left out of hard_pairs (name the hard pairs with the hardPairs option, --hard-pairs).`,
          ]
        : [],
    summaries,
    tables: {
      correlations,
      descriptives,
      class_pairs: classPairs,
      hard_pairs: classPairs.filter((r) => r.hard_pair === true),
      monotonicity,
      paired_differences: pairedDifferences,
    },
  };
}
