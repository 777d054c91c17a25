/**
 * CAP (or another metric) as a classifier, as one workflow (paper Sec. 8.2), the one
 * `capqa calibrate`, the figures and notebook 08 call: cut points fitted exactly on one split for
 * an objective, applied to another beside the paper's equal-width bins, with bootstrap intervals
 * of accuracy, macro-F1 and quadratic κ; then the same as Markdown.
 */
import { DEFAULT_ALPHA, DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_LAMBDA, DEFAULT_SEED } from "../constants.js";
import { selectRows, type Benchmark, type SplitChoice } from "../data/benchmark.js";
import { benchmarkMetricColumn } from "../data/metric-columns.js";
import { markdownTable } from "../io/format.js";
import { metricScoresFor, type MetricScores } from "../data/metric-scores.js";
import { CLASSES, type CorrectnessClass } from "../taxonomy/index.js";
import {
  classLevelSet,
  equalWidthClassifier,
  fitThresholds,
  levelOfClass,
  predictLevels,
  severityLevelSet,
  type CalibrationObjective,
  type LevelSet,
  type ThresholdClassifier,
} from "./classifier.js";
import { classificationIntervals, classificationReport, type ClassificationIntervals, type ClassificationReport } from "./metrics.js";

export interface CalibrationRunOptions {
  /** "severity": the six levels of Eq. 1 (default); "classes": the eight classes in `order`. */
  readonly levels?: "severity" | "classes";
  /** With levels "classes": the classes least correct first (default Table 7's order reversed). */
  readonly order?: readonly CorrectnessClass[];
  /** What the cuts maximise on the fit split (default macro_f1). */
  readonly objective?: CalibrationObjective;
  /** Rows the cuts are fitted on (default validation). */
  readonly fitSplit?: SplitChoice;
  /** Rows the classifiers are evaluated on (default test). */
  readonly evalSplit?: SplitChoice;
  /**
   * CAP recomputed from the released NLI probabilities at these weights (one given: the other at its default); neither: the released CAP.
   */
  readonly alpha?: number;
  readonly lambda?: number;
  /** The metric calibrated (default cap): a released one, or a column of `scores`. */
  readonly metric?: string;
  /** Metric scores of one's own (readMetricScores); `metric` names the column. */
  readonly scores?: MetricScores;
  /** Bootstrap resamples of the intervals (default 10,000; 0: none). */
  readonly resamples?: number;
  readonly seed?: number;
}

/** What every calibration reports (the benchmark's, a labelled file's); the Markdown tables read it. */
export interface CalibrationBase<L extends string = string> extends CalibrationOutcome<L> {
  readonly levelSet: LevelSet<L>;
  readonly objective: CalibrationObjective;
  readonly metric: string;
  /** What the classifiers score: the metric, CAP's weights, where the scores come from. */
  readonly score: Record<string, unknown>;
  /** The rows the cuts are fitted on and the rows they are evaluated on (for cross-validation: "k-fold"). */
  readonly fitSplit: string;
  readonly evalSplit: string;
  readonly fit: { readonly n: number; readonly source: string };
  /** Scores and true level of the evaluation rows. */
  readonly evaluation: { readonly scores: Float64Array; readonly levels: Uint8Array };
  readonly resamples: number;
  readonly seed: number;
}

export interface CalibrationRun extends CalibrationBase<CorrectnessClass> {
  readonly levels: "severity" | "classes";
  readonly fitSplit: SplitChoice;
  readonly evalSplit: SplitChoice;
  /** Scores, true level and class (CLASSES index) of the evaluation rows. */
  readonly evaluation: { scores: Float64Array; levels: Uint8Array; classes: Uint8Array };
  /** The report `capqa calibrate` prints and writes as summary.md. */
  readonly markdown: string;
}

/** Fits the cuts on one split and evaluates them and the equal-width bins on another. */
export function runCalibration(bench: Benchmark, options: CalibrationRunOptions = {}): CalibrationRun {
  const levels = options.levels ?? "severity";
  const levelSet = levels === "severity" ? severityLevelSet() : classLevelSet(options.order);
  const objective = options.objective ?? "macro_f1";
  const fitSplit = options.fitSplit ?? "validation";
  const evalSplit = options.evalSplit ?? "test";
  const metric = options.metric ?? "cap";
  const resamples = options.resamples ?? DEFAULT_BOOTSTRAP_RESAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  const capWeights =
    options.alpha !== undefined || options.lambda !== undefined
      ? { alpha: options.alpha ?? DEFAULT_ALPHA, lambda: options.lambda ?? DEFAULT_LAMBDA }
      : undefined;
  if (metric !== "cap" && capWeights) throw new Error(`alpha and lambda are CAP's weights; they do not apply to the metric ${metric}`);
  const own = options.scores?.columns[metric] !== undefined ? options.scores : undefined;
  const levelOf = levelOfClass(levelSet);
  const take = (split: SplitChoice) => {
    const sel = selectRows(bench, split);
    const col = own
      ? { scores: metricScoresFor(own, metric, sel.rowIds), source: `from ${own.file}` }
      : benchmarkMetricColumn(bench, metric, sel.rowIds, metric === "cap" ? capWeights : undefined);
    return {
      scores: col.scores,
      levels: Uint8Array.from(sel.classes, (c) => levelOf[CLASSES[c]]),
      classes: sel.classes,
      source: col.source ?? "released",
    };
  };
  const fit = take(fitSplit);
  const ev = take(evalSplit);
  const score =
    metric === "cap"
      ? { metric, alpha: capWeights?.alpha ?? DEFAULT_ALPHA, lambda: capWeights?.lambda ?? DEFAULT_LAMBDA, source: fit.source }
      : { metric, source: fit.source };
  // The paper's equal-width bins span [0, 1]; a metric of one's own spans its fit split's range.
  const outcome = calibrateOnRows({
    levelSet,
    objective,
    score,
    fit,
    fittedOn: { split: fitSplit, n: fit.levels.length },
    evaluation: ev,
    equalWidthRange: own ? "fit" : [0, 1],
    resamples,
    seed,
  });
  const run: Omit<CalibrationRun, "markdown"> = {
    levels,
    levelSet,
    objective,
    fitSplit,
    evalSplit,
    metric,
    score,
    ...outcome,
    fit: { n: fit.levels.length, source: fit.source },
    evaluation: { scores: ev.scores, levels: ev.levels, classes: ev.classes },
    resamples,
    seed,
  };
  return { ...run, markdown: calibrationReportMarkdown(run) };
}

/** The two classifiers of a calibration and their reports on the evaluation rows. */
export interface CalibrationOutcome<L extends string = string> {
  /** The fitted classifier (`capqa score --classify` reads it). */
  readonly calibrated: ThresholdClassifier<L>;
  /** The paper's baseline: equal-width bins (on [0, 1] for the paper's metrics, on the fit rows' range for a metric of one's own). */
  readonly equalWidth: ThresholdClassifier<L>;
  readonly report: ClassificationReport;
  readonly equalWidthReport: ClassificationReport;
  /** Percentile bootstrap intervals on the evaluation rows, when resamples > 0. */
  readonly intervals?: { calibrated: ClassificationIntervals; equalWidth: ClassificationIntervals };
}

export interface CalibrateOnRowsInput<L extends string> {
  readonly levelSet: LevelSet<L>;
  readonly objective: CalibrationObjective;
  /** What the scores are (the classifiers' `score`). */
  readonly score: Record<string, unknown>;
  /** Scores and true levels (indices into levelSet.levels) the cuts are fitted on. */
  readonly fit: { readonly scores: Float64Array; readonly levels: Uint8Array };
  /** The fitted classifier's `fittedOn`. */
  readonly fittedOn: Record<string, unknown>;
  /** Scores and true levels the classifiers are evaluated on. */
  readonly evaluation: { readonly scores: Float64Array; readonly levels: Uint8Array };
  /** The equal-width bins' range: [lo, hi], or "fit" for the fit rows' range. */
  readonly equalWidthRange: readonly [number, number] | "fit";
  /**
   * The evaluation rows' predicted levels when other classifiers than the two returned made them
   * (cross-validation: each row's by the cuts and bins of the folds without it); default: the two
   * returned classifiers' predictions.
   */
  readonly predicted?: { readonly calibrated: Uint8Array; readonly equalWidth: Uint8Array };
  readonly resamples: number;
  readonly seed: number;
}

/**
 * The one calibration step every calibration takes (the benchmark's splits, a labelled file's
 * splits or folds): cuts fitted on the fit rows, the equal-width bins beside them, both reported
 * on the evaluation rows with bootstrap intervals.
 */
export function calibrateOnRows<L extends string>(input: CalibrateOnRowsInput<L>): CalibrationOutcome<L> {
  const { levelSet, objective, score, fit, evaluation: ev, resamples, seed } = input;
  const calibrated: ThresholdClassifier<L> = {
    ...fitThresholds(fit.scores, fit.levels, levelSet, objective, score),
    fittedOn: input.fittedOn,
  };
  const [lo, hi] = equalWidthRange(input.equalWidthRange, fit.scores);
  const equalWidth = equalWidthClassifier(levelSet, score, lo, hi);
  const names = levelSet.levels.map((l) => l.name);
  const predicted = input.predicted?.calibrated ?? predictLevels(calibrated, ev.scores);
  const predictedEqual = input.predicted?.equalWidth ?? predictLevels(equalWidth, ev.scores);
  const intervals =
    resamples > 0
      ? {
          calibrated: classificationIntervals(ev.levels, predicted, names.length, resamples, seed),
          equalWidth: classificationIntervals(ev.levels, predictedEqual, names.length, resamples, seed),
        }
      : undefined;
  return {
    calibrated,
    equalWidth,
    report: classificationReport(ev.levels, predicted, names),
    equalWidthReport: classificationReport(ev.levels, predictedEqual, names),
    ...(intervals ? { intervals } : {}),
  };
}

/** The equal-width bins' [lo, hi]: as given, or the fit scores' range (a single score: [s, s + 1]). */
export function equalWidthRange(given: readonly [number, number] | "fit", fitScores: ArrayLike<number>): [number, number] {
  if (given !== "fit") return [given[0], given[1]];
  const [lo, hi] = range(fitScores);
  return hi > lo ? [lo, hi] : [lo, lo + 1];
}

function range(xs: ArrayLike<number>): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    if (xs[i] < lo) lo = xs[i];
    if (xs[i] > hi) hi = xs[i];
  }
  return [lo, hi];
}

// ------------------------------------------------------------------ Markdown (numbers: 4 decimals)

/** A cut point: 4 decimals, ±Number.MAX_VALUE (a level left empty) as ±∞. */
export function cutText(c: number): string {
  return Math.abs(c) === Number.MAX_VALUE ? (c < 0 ? "−∞" : "+∞") : c.toFixed(4);
}

const f4 = (x: number) => x.toFixed(4);
const ci = (c?: readonly [number, number] | number[]) => (c ? `[${f4(c[0])}, ${f4(c[1])}]` : "—");

type RunTables = Pick<CalibrationBase, "report" | "equalWidthReport" | "intervals">;

/** One classifier in brief: its cuts, accuracy, macro-F1, the three κ and their intervals (null without resamples). */
export interface ClassifierBrief {
  readonly cuts: readonly number[];
  readonly accuracy: number;
  readonly macroF1: number;
  readonly kappa: number;
  readonly kappaLinear: number;
  readonly kappaQuadratic: number;
  readonly intervals: ClassificationIntervals | null;
}

/** Both classifiers of a calibration in brief, as `capqa calibrate` summarises them. */
export function calibrationBrief(r: RunTables & Pick<CalibrationBase, "calibrated" | "equalWidth">): {
  calibrated: ClassifierBrief;
  equalWidth: ClassifierBrief;
} {
  const brief = (
    cuts: readonly number[],
    report: ClassificationReport,
    intervals: ClassificationIntervals | undefined,
  ): ClassifierBrief => ({
    cuts,
    accuracy: report.accuracy,
    macroF1: report.macroF1,
    kappa: report.kappa,
    kappaLinear: report.kappaLinear,
    kappaQuadratic: report.kappaQuadratic,
    intervals: intervals ?? null,
  });
  return {
    calibrated: brief(r.calibrated.cuts, r.report, r.intervals?.calibrated),
    equalWidth: brief(r.equalWidth.cuts, r.equalWidthReport, r.intervals?.equalWidth),
  };
}

/** Accuracy, macro-F1 and Cohen's κ (unweighted, linear, quadratic) of both classifiers, with intervals. */
export function calibrationSummaryMarkdown(r: RunTables): string {
  const row = (name: string, rep: ClassificationReport, iv?: ClassificationIntervals) => [
    name,
    f4(rep.accuracy),
    ci(iv?.accuracy),
    f4(rep.macroF1),
    ci(iv?.macroF1),
    f4(rep.kappa),
    f4(rep.kappaLinear),
    f4(rep.kappaQuadratic),
    ci(iv?.kappaQuadratic),
  ];
  return markdownTable(
    ["classifier", "accuracy", "CI", "macro-F1", "CI", "κ", "κ linear", "κ quadratic", "CI"],
    [row("calibrated", r.report, r.intervals?.calibrated), row("equal-width bins", r.equalWidthReport, r.intervals?.equalWidth)],
  );
}

/** The two sets of cut points in one sentence. */
export function calibrationCutsMarkdown(r: Pick<CalibrationBase, "calibrated" | "equalWidth">): string {
  return `Calibrated cuts: ${r.calibrated.cuts.map(cutText).join(", ")}; equal-width: ${r.equalWidth.cuts.map((c) => c.toFixed(4)).join(", ")}.`;
}

/** Precision, recall, F1, support and predicted rows of each level of the calibrated classifier. */
export function calibrationLevelsMarkdown(r: Pick<CalibrationBase, "report">): string {
  return markdownTable(
    ["level", "precision", "recall", "F1", "support", "predicted"],
    r.report.perLevel.map((p) => [p.level, f4(p.precision), f4(p.recall), f4(p.f1), p.support, p.predicted]),
  );
}

/** The tables every calibration report ends with: summary, cuts, per level, confusion matrix. */
export function calibrationTablesMarkdown(r: RunTables & Pick<CalibrationBase, "calibrated" | "equalWidth" | "levelSet">): string {
  return [
    calibrationSummaryMarkdown(r),
    "",
    calibrationCutsMarkdown(r),
    "",
    "## Per level (calibrated)",
    "",
    calibrationLevelsMarkdown(r),
    "",
    "## Confusion matrix (rows: true level, columns: predicted)",
    "",
    calibrationConfusionMarkdown(r),
    "",
  ].join("\n");
}

/** The calibrated classifier's confusion matrix (rows: true level, columns: predicted). */
export function calibrationConfusionMarkdown(r: Pick<CalibrationBase, "report" | "levelSet">): string {
  const names = r.levelSet.levels.map((l) => l.name);
  return markdownTable(
    ["true \\ predicted", ...names],
    r.report.confusion.map((row, k) => [names[k], ...row]),
  );
}

/** Each level's score range under the calibrated cuts and under the equal-width bins, and its rows on the evaluation split. */
export function calibrationRangesMarkdown(
  r: Pick<CalibrationBase, "levelSet" | "calibrated" | "equalWidth" | "report" | "evalSplit">,
): string {
  const ranges = (c: ThresholdClassifier) => classifierRows(c).map((x) => x.scores);
  const [mine, equal] = [ranges(r.calibrated), ranges(r.equalWidth)];
  return markdownTable(
    ["level (least correct first)", "calibrated cuts: scores", "equal-width bins: scores", `rows (${r.evalSplit})`],
    r.levelSet.levels.map((l, k) => [l.classes.join(", "), mine[k], equal[k], r.report.perLevel[k].support]),
  );
}

/**
 * A calibration at a glance: each level's scores under the calibrated cuts and under the
 * equal-width bins, how the cuts were fitted, then accuracy, macro-F1 and Cohen's κ of both.
 */
export function calibrationOverviewMarkdown(
  r: Pick<
    CalibrationBase,
    | "levelSet"
    | "calibrated"
    | "equalWidth"
    | "report"
    | "equalWidthReport"
    | "intervals"
    | "objective"
    | "fitSplit"
    | "evalSplit"
    | "fit"
    | "evaluation"
    | "resamples"
  >,
): string {
  const intervals = r.intervals ? `; 95 % intervals from ${r.resamples.toLocaleString("en-US")} bootstrap resamples` : "";
  return [
    calibrationRangesMarkdown(r),
    "",
    `Cuts fitted for ${r.objective} on the ${r.fitSplit} split (${r.fit.n} rows), evaluated on the ${r.evalSplit} split (${r.evaluation.levels.length} rows)${intervals}:`,
    "",
    calibrationSummaryMarkdown(r),
  ].join("\n");
}

/** The report `capqa calibrate` prints and writes as summary.md. */
export function calibrationReportMarkdown(r: Omit<CalibrationRun, "markdown">): string {
  return [
    `# ${r.metric === "cap" ? "CAP" : r.metric} as a classifier: ${r.levelSet.levels.length} levels (${r.levels}), cuts fitted for ${r.objective} on ${r.fitSplit} (${r.fit.n} rows), evaluated on ${r.evalSplit} (${r.evaluation.levels.length} rows)`,
    "",
    calibrationTablesMarkdown(r),
  ].join("\n");
}

// ------------------------------------------------------------------ a classifier as a table

/** A classifier level by level: its classes (or labels) and the scores it takes (level = number of cuts ≤ score). */
export function classifierRows(
  c: Pick<ThresholdClassifier, "levelSet" | "cuts">,
): { level: number; classes: string; from: string; to: string; scores: string }[] {
  const K = c.levelSet.levels.length;
  return c.levelSet.levels.map((l, k) => {
    const from = k === 0 ? "−∞" : cutText(c.cuts[k - 1]);
    const to = k === K - 1 ? "+∞" : cutText(c.cuts[k]);
    const scores = k === 0 ? (K === 1 ? "every score" : `< ${to}`) : k === K - 1 ? `≥ ${from}` : `[${from}, ${to})`;
    return { level: k, classes: l.classes.join(", "), from, to, scores };
  });
}

/** One line on a classifier: its kind, levels, how its cuts were chosen and what it scores. */
export function classifierSummary(c: ThresholdClassifier): string {
  const how =
    c.objective === "equal_width"
      ? "equal-width bins"
      : c.objective === "explorer"
        ? "cuts set in the explorer"
        : `cuts fitted for ${c.objective}`;
  const split =
    c.fittedOn?.split !== undefined ? ` on the ${String(c.fittedOn.split)} split` : c.fittedOn?.rows === "all" ? " on all rows" : "";
  const rows = c.fittedOn?.n === undefined ? "" : ` (${String(c.fittedOn.n)} rows)`;
  const score = Object.entries(c.score)
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(", ");
  return `${c.kind} v${c.version}: ${c.levelSet.levels.length} levels (${c.levelSet.name}), ${how}${split}${rows}; score: ${score}.`;
}
