/**
 * Calibration on a labelled score file of one's own (`capqa calibrate --in`): the benchmark's
 * calibration (calibrateOnRows, the one step both take) on the rows of a file whose labels are
 * any ordered set the user declares. With a split column, cuts are fitted on one split's rows
 * and evaluated on another's; without one, the figures are k-fold cross-validated (stratified by
 * level, seeded): each row's level is predicted by cuts and equal-width bins fitted on the other
 * folds, and the pooled predictions are reported; the classifier returned is fitted on all rows.
 *
 * @example
 * const run = runLabelledCalibration("labelled.csv", { labelColumn: "label", metric: "my_metric", splitColumn: "split", order: "bad < ok < good" });
 * run.calibrated.cuts; // two cuts for three levels
 * console.log(run.markdown);
 */
import { basename } from "node:path";
import { DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_CALIBRATION_FOLDS, DEFAULT_SEED, RELEASED_METRICS } from "../constants.js";
import { equalWidthClassifier, fitThresholds, predictLevels, type CalibrationObjective } from "./classifier.js";
import { stratifiedFolds } from "./folds.js";
import { readLabelledScores, labelledSplitRows, type LabelledScores, type LabelledScoresOptions } from "./labelled.js";
import { calibrateOnRows, calibrationTablesMarkdown, equalWidthRange, type CalibrationBase } from "./workflow.js";

export interface LabelledCalibrationOptions extends LabelledScoresOptions {
  /** What the cuts maximise (default macro_f1). */
  readonly objective?: CalibrationObjective;
  /** With a split column: the split value of the rows the cuts are fitted on (default validation). */
  readonly fitSplit?: string;
  /** With a split column: the split value of the rows the classifiers are evaluated on (default test). */
  readonly evalSplit?: string;
  /** Without a split column: the folds of the cross-validation (default DEFAULT_CALIBRATION_FOLDS). */
  readonly folds?: number;
  /** Bootstrap resamples of the intervals (default 10,000; 0: none). */
  readonly resamples?: number;
  /** Seed of the bootstrap and of the folds. */
  readonly seed?: number;
}

/** How the figures were obtained: on a held-out split, or k-fold cross-validated. */
export type LabelledValidation =
  | { readonly kind: "split"; readonly splitColumn: string; readonly fitSplit: string; readonly evalSplit: string }
  | { readonly kind: "cross-validation"; readonly folds: number; readonly seed: number; readonly stratified: true };

export interface LabelledCalibrationRun extends CalibrationBase<string> {
  readonly file: string;
  readonly labelColumn: string;
  /** How the level set was given: the paper's severity levels or classes, or declared. */
  readonly levels: LabelledScores["levelsKind"];
  readonly validation: LabelledValidation;
  /** The evaluation rows' labels (indices into `labels`) beside their scores and levels. */
  readonly evaluation: { readonly scores: Float64Array; readonly levels: Uint8Array; readonly label: Uint16Array };
  /** The level set's labels, least correct first. */
  readonly labels: string[];
  /** The report `capqa calibrate --in` prints and writes as summary.md. */
  readonly markdown: string;
}

/** Each row's level predicted by cuts and equal-width bins fitted on the other folds. */
function outOfFoldLevels(
  table: LabelledScores,
  folds: Uint16Array,
  K: number,
  objective: CalibrationObjective,
  range: readonly [number, number] | "fit",
): { calibrated: Uint8Array; equalWidth: Uint8Array } {
  const calibrated = new Uint8Array(folds.length);
  const equalWidth = new Uint8Array(folds.length);
  for (let f = 0; f < K; f++) {
    const train: number[] = [];
    const held: number[] = [];
    folds.forEach((g, i) => (g === f ? held : train).push(i));
    const trainScores = Float64Array.from(train, (i) => table.scores[i]);
    const cuts = fitThresholds(
      trainScores,
      Uint8Array.from(train, (i) => table.levels[i]),
      table.levelSet,
      objective,
    );
    const [lo, hi] = equalWidthRange(range, trainScores);
    const bins = equalWidthClassifier(table.levelSet, {}, lo, hi);
    const heldScores = Float64Array.from(held, (i) => table.scores[i]);
    const p = predictLevels(cuts, heldScores);
    const q = predictLevels(bins, heldScores);
    held.forEach((i, k) => ((calibrated[i] = p[k]), (equalWidth[i] = q[k])));
  }
  return { calibrated, equalWidth };
}

const pick = <T extends Float64Array | Uint8Array | Uint16Array>(xs: T, idx: readonly number[]): T => {
  const out = new (xs.constructor as new (n: number) => T)(idx.length);
  idx.forEach((i, k) => (out[k] = xs[i]));
  return out;
};

/** Calibrates a labelled file's metric (a file path, or a table readLabelledScores read). */
export function runLabelledCalibration(input: string | LabelledScores, options: LabelledCalibrationOptions): LabelledCalibrationRun {
  const objective = options.objective ?? "macro_f1";
  const resamples = options.resamples ?? DEFAULT_BOOTSTRAP_RESAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  if (options.splitColumn === undefined && (options.fitSplit !== undefined || options.evalSplit !== undefined))
    throw new Error(
      "the `fitSplit` and `evalSplit` options name values of the split column; give the `splitColumn` option too (without it the figures are cross-validated)",
    );
  if (options.splitColumn !== undefined && options.folds !== undefined)
    throw new Error(
      "the `folds` option applies without a split column (cross-validation); with the `splitColumn` option the cuts are fitted on one split and evaluated on another",
    );
  const table = typeof input === "string" ? readLabelledScores(input, options) : input;
  const { levelSet, metric } = table;
  // The paper's metrics span [0, 1] (their equal-width bins too, as `capqa calibrate --metric` has them); a metric of one's own spans the
  // fit rows' range.
  const range: readonly [number, number] | "fit" = (RELEASED_METRICS as readonly string[]).includes(metric) ? [0, 1] : "fit";
  const source = `column ${metric} of ${table.file}`;
  const score = { metric, source };
  const all = Array.from(table.scores.keys());
  let validation: LabelledValidation;
  let fitIdx: number[];
  let evalIdx: number[];
  let predicted: { calibrated: Uint8Array; equalWidth: Uint8Array } | undefined;
  let fittedOn: Record<string, unknown>;
  if (table.splits !== undefined) {
    const fitSplit = options.fitSplit ?? "validation";
    const evalSplit = options.evalSplit ?? "test";
    fitIdx = labelledSplitRows(table, fitSplit, "rows the cuts are fitted on");
    evalIdx = labelledSplitRows(table, evalSplit, "rows the classifiers are evaluated on");
    validation = { kind: "split", splitColumn: table.splitColumn!, fitSplit, evalSplit };
    fittedOn = { split: fitSplit, n: fitIdx.length };
  } else {
    const K = options.folds ?? DEFAULT_CALIBRATION_FOLDS;
    const folds = stratifiedFolds(table.levels, K, seed);
    fitIdx = all;
    evalIdx = all;
    predicted = outOfFoldLevels(table, folds, K, objective, range);
    validation = { kind: "cross-validation", folds: K, seed, stratified: true };
    fittedOn = { rows: "all", n: all.length };
  }
  const fit = { scores: pick(table.scores, fitIdx), levels: pick(table.levels, fitIdx) };
  const evaluation = { scores: pick(table.scores, evalIdx), levels: pick(table.levels, evalIdx), label: pick(table.label, evalIdx) };
  const outcome = calibrateOnRows({
    levelSet,
    objective,
    score,
    fit,
    fittedOn,
    evaluation,
    equalWidthRange: range,
    resamples,
    seed,
    ...(predicted ? { predicted } : {}),
  });
  const v = validation;
  const run: Omit<LabelledCalibrationRun, "markdown"> = {
    file: table.file,
    labelColumn: table.labelColumn,
    levels: table.levelsKind,
    levelSet,
    labels: table.labels,
    objective,
    metric,
    score,
    validation,
    fitSplit: v.kind === "split" ? v.fitSplit : `${v.folds}-fold`,
    evalSplit: v.kind === "split" ? v.evalSplit : `${v.folds}-fold`,
    ...outcome,
    fit: { n: fit.levels.length, source },
    evaluation,
    resamples,
    seed,
  };
  return { ...run, markdown: labelledCalibrationMarkdown(run) };
}

/** One sentence on how the figures were obtained (held-out split, or which cross-validation). */
export function labelledValidationText(r: Pick<LabelledCalibrationRun, "validation" | "fit" | "evaluation">): string {
  const v = r.validation;
  if (v.kind === "split")
    return `Cuts fitted on the ${r.fit.n} rows whose ${v.splitColumn} is "${v.fitSplit}", evaluated on the ${r.evaluation.levels.length} rows whose ${v.splitColumn} is "${v.evalSplit}".`;
  return (
    `**These are ${v.folds}-fold cross-validated figures** (no split column): the ${r.evaluation.levels.length} rows were dealt into ${v.folds} folds stratified by level (seed ${v.seed}); ` +
    `each row's level is predicted by cuts and equal-width bins fitted on the other ${v.folds - 1} folds, and the pooled predictions are reported` +
    " (bootstrap intervals resample these rows; the folds' fits are not redone). The classifier written is fitted on all rows."
  );
}

/** The report `capqa calibrate --in` prints and writes as summary.md. */
export function labelledCalibrationMarkdown(r: Omit<LabelledCalibrationRun, "markdown">): string {
  const K = r.levelSet.levels.length;
  const how =
    r.validation.kind === "split"
      ? `fitted for ${r.objective} on ${r.validation.fitSplit} (${r.fit.n} rows), evaluated on ${r.validation.evalSplit}`
      : `fitted for ${r.objective}, ${r.validation.folds}-fold cross-validated`;
  return [
    `# ${r.metric} as a classifier of ${basename(r.file)}: ${K} levels (${r.levels === "declared" ? r.levelSet.name : r.levels}), cuts ${how} (${r.evaluation.levels.length} rows)`,
    "",
    labelledValidationText(r),
    "",
    calibrationTablesMarkdown(r),
  ].join("\n");
}
