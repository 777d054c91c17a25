/** capqa calibrate --in FILE: the calibration of a labelled score file of one's own (runLabelledCalibration). */
import { existsSync } from "node:fs";
import { markdownForTerminal } from "./terminal.js";
import { join, resolve } from "node:path";
import { calibrationBrief, readLabelledScores, runLabelledCalibration, type CalibrationObjective } from "../lib/calibrate/index.js";
import { DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_SEED } from "../lib/constants.js";
import { buildManifest, checkOutputFolder, fileDigest, formatOf, writeFileAtomic, writeFolder } from "../lib/io/index.js";
import { withColumnFlags } from "./column-flags.js";
import { UsageError, choiceFlag, intFlag } from "./args.js";
import { err, jsonOutput, out, summary } from "./output.js";

/** Flags of the released benchmark that a labelled file does not take. */
const BENCHMARK_ONLY = ["data-dir", "scores", "alpha", "lambda"] as const;

/** The --in branch of capqa calibrate; `values` are calibrate's parsed flags. */
export async function cmdCalibrateLabelled(values: Record<string, string | boolean | undefined>, argv: string[]): Promise<number> {
  const file = values.in as string;
  for (const flag of BENCHMARK_ONLY)
    if (values[flag] !== undefined) throw new UsageError(`--${flag} applies to the released benchmark, not to --in FILE`);
  const labelColumn = values["label-column"] as string | undefined;
  const metric = values.metric as string | undefined;
  if (!labelColumn) throw new UsageError("capqa calibrate --in FILE needs --label-column NAME (the column holding each row's label)");
  if (!metric) throw new UsageError("capqa calibrate --in FILE needs --metric COLUMN (the column holding the scores to calibrate)");
  const splitColumn = values["split-column"] as string | undefined;
  if (splitColumn === undefined && (values["fit-split"] !== undefined || values["eval-split"] !== undefined))
    throw new UsageError(
      "--fit-split and --eval-split name values of --split-column; without a split column the figures are k-fold cross-validated (--folds)",
    );
  if (splitColumn !== undefined && values.folds !== undefined)
    throw new UsageError("--folds applies without --split-column (k-fold cross-validation)");
  const order = values.order as string | undefined;
  if (order !== undefined && values.levels !== undefined)
    throw new UsageError("with --in, --order declares the levels; leave --levels out");
  if (!existsSync(file)) throw new UsageError(`--in: no such file ${file}`);
  formatOf(file);
  const levels = choiceFlag(values.levels as string | undefined, "levels", ["severity", "classes"] as const, "severity");
  const objective = choiceFlag(
    values.objective as string | undefined,
    "objective",
    ["macro_f1", "accuracy", "quadratic_kappa"] as const,
    "macro_f1",
  ) as CalibrationObjective;
  const resamples = intFlag(values.bootstrap as string | undefined, "bootstrap", DEFAULT_BOOTSTRAP_RESAMPLES, 0);
  const seed = intFlag(values.seed as string | undefined, "seed", DEFAULT_SEED, 0);
  const folds = values.folds === undefined ? undefined : intFlag(values.folds as string, "folds", 0, 2, 1000);
  const dir = resolve((values.out as string | undefined) ?? "out/calibrate-in");
  checkOutputFolder(dir);
  // Read and checked whole (columns, labels, scores) before any fit.
  const table = withColumnFlags(() =>
    readLabelledScores(file, { labelColumn, metric, splitColumn, ...(order !== undefined ? { order } : { levels }) }),
  );
  const run = runLabelledCalibration(table, {
    labelColumn,
    metric,
    splitColumn,
    objective,
    resamples,
    seed,
    ...(splitColumn !== undefined
      ? {
          fitSplit: (values["fit-split"] as string | undefined) ?? "validation",
          evalSplit: (values["eval-split"] as string | undefined) ?? "test",
        }
      : {}),
    ...(folds !== undefined ? { folds } : {}),
  });
  const manifest = buildManifest({ command: ["calibrate", ...argv], cap: null, inputs: [await fileDigest(file)] });
  const input = { file: resolve(file), labelColumn, metric, splitColumn: splitColumn ?? null };
  const evalSplit = run.validation.kind === "split" ? run.validation.evalSplit : null;
  writeFolder(dir, (d) => {
    writeFileAtomic(join(d, "classifier.json"), JSON.stringify(run.calibrated, null, 2) + "\n");
    writeFileAtomic(
      join(d, "report.json"),
      JSON.stringify(
        {
          evalSplit,
          validation: run.validation,
          n: run.evaluation.levels.length,
          calibrated: { cuts: run.calibrated.cuts, report: run.report, intervals: run.intervals?.calibrated },
          equalWidth: { cuts: run.equalWidth.cuts, report: run.equalWidthReport, intervals: run.intervals?.equalWidth },
          input,
        },
        null,
        2,
      ) + "\n",
    );
    writeFileAtomic(join(d, "summary.md"), run.markdown);
    writeFileAtomic(
      join(d, "meta.json"),
      JSON.stringify(
        { command: "calibrate", input, levels: run.levels, levelSet: run.levelSet.name, objective, validation: run.validation, manifest },
        null,
        2,
      ) + "\n",
    );
  });
  const v = run.validation;
  summary("calibrate", {
    output: dir,
    classifier: join(dir, "classifier.json"),
    input,
    levels: run.levels,
    levelNames: run.levelSet.levels.map((l) => l.name),
    objective,
    validation: v,
    crossValidated: v.kind === "cross-validation",
    fit: { split: v.kind === "split" ? v.fitSplit : null, n: run.fit.n },
    eval: { split: evalSplit, n: run.evaluation.levels.length },
    ...calibrationBrief(run),
    resamples,
    seed,
    warnings:
      v.kind === "cross-validation"
        ? [
            `no --split-column: the figures are ${v.folds}-fold cross-validated (stratified by level, seed ${v.seed}); the classifier is fitted on all rows`,
          ]
        : [],
  });
  if (!values.quiet && !jsonOutput()) out(markdownForTerminal(run.markdown));
  if (v.kind === "cross-validation")
    err(
      `note: no --split-column, so these are ${v.folds}-fold cross-validated figures (stratified by level, seed ${v.seed}); classifier.json is fitted on all ${run.fit.n} rows`,
    );
  err(`wrote ${dir}`);
  return 0;
}
