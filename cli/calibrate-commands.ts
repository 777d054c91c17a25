/**
 * capqa calibrate: fit CAP's cut points on one split, report them against equal-width bins on
 * another; with --in, the same on a labelled score file of one's own (runLabelledCalibration).
 */
import { parseArgs } from "node:util";
import { markdownForTerminal } from "./terminal.js";
import { join, resolve } from "node:path";
import { CALIBRATION_OBJECTIVES, calibrationBrief, classLevelSet, runCalibration } from "../lib/calibrate/index.js";
import { DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_SEED, RELEASED_METRICS, DEFAULT_CALIBRATION_FOLDS } from "../lib/constants.js";
import { loadBenchmark, dataProvenance, readMetricScores, SPLIT_CHOICES } from "../lib/data/index.js";
import { writeFileAtomic, writeFolder, checkOutputFolder, buildManifest, fileDigest } from "../lib/io/index.js";
import { parseClass } from "../lib/taxonomy/index.js";
import { existsSync } from "node:fs";
import { cmdCalibrateLabelled } from "./calibrate-labelled.js";
import {
  COMMON_OPTIONS,
  choiceFlag,
  defineOptions,
  intFlag,
  unitFlag,
  optionsHelp,
  parseOptions,
  splitOption,
  UsageError,
} from "./args.js";
import { out, err, summary, jsonOutput } from "./output.js";
import { CONFIG_OPTION, withConfig } from "./config-flag.js";

export const CALIBRATE_OPTIONS = defineOptions({
  "data-dir": COMMON_OPTIONS["data-dir"],
  config: CONFIG_OPTION,
  in: {
    type: "string",
    value: "FILE",
    help: "A labelled score file of your own (CSV or JSONL) instead of CAP-Correctness: needs --label-column and --metric.",
  },
  "label-column": { type: "string", value: "NAME", help: "With --in: the column holding each row's label." },
  "split-column": {
    type: "string",
    value: "NAME",
    help: "With --in: the column naming each row's split; cuts are fitted on the rows of --fit-split's value and evaluated on --eval-split's. Without it, the figures are k-fold cross-validated.",
  },
  folds: {
    type: "string",
    value: "K",
    help: `With --in and no --split-column: folds of the stratified cross-validation (default ${DEFAULT_CALIBRATION_FOLDS}; seeded by --seed).`,
  },
  levels: {
    type: "string",
    value: "severity|classes",
    help: "The levels fitted: severity, the six levels of Eq. 1 (default), or classes, the eight classes in --order.",
  },
  order: {
    type: "string",
    value: '"c1 < c2 < …"',
    help: 'With --levels classes, the classes least correct first (default contradictory < invalid < overinclusive_invalid < partial < overinclusive_valid < alternative_correct < equivalent < exact). With --in, your labels least correct first, "=" between labels of one level (e.g. "wrong < partial = vague < right"); default: the paper\'s classes.',
  },
  objective: {
    type: "string",
    value: "macro_f1|accuracy|quadratic_kappa",
    help: "What the cut points maximise on the fit split (default macro_f1).",
  },
  "fit-split": {
    ...splitOption(SPLIT_CHOICES, "validation", "Rows the cuts are fitted on"),
    help: "Rows the cuts are fitted on: validation, test or all (default validation); with --in, a value of --split-column (default validation).",
  },
  "eval-split": {
    ...splitOption(SPLIT_CHOICES, "test", "Rows the classifiers are evaluated on"),
    help: "Rows the classifiers are evaluated on: validation, test or all (default test); with --in, a value of --split-column (default test).",
  },
  alpha: {
    ...COMMON_OPTIONS.alpha,
    help: `${COMMON_OPTIONS.alpha.help} With --alpha or --lambda, CAP is recomputed from the released NLI probabilities.`,
  },
  lambda: COMMON_OPTIONS.lambda,
  bootstrap: COMMON_OPTIONS.bootstrap,
  seed: COMMON_OPTIONS.seed,
  out: { type: "string", value: "DIR", help: "Output folder (default out/calibrate-<levels>)." },
  metric: {
    type: "string",
    value: "NAME",
    help: "The metric calibrated (default cap): a released one or a column of --scores FILE; with --in, the column of FILE holding the scores.",
  },
  scores: {
    type: "string",
    value: "FILE",
    help: 'Your own metrics\' scores for CAP-Correctness (CSV or JSONL, as "capqa evaluate --scores" reads it).',
  },
  quiet: COMMON_OPTIONS.quiet,
});

export const CALIBRATE_HELP = `capqa calibrate [--levels severity|classes] [--order "c1 < c2 < …"] [--objective macro_f1|accuracy|quadratic_kappa]
                [--fit-split validation] [--eval-split test] [--alpha A --lambda L] [--bootstrap N] [--out DIR]
                [--seed S] [--metric NAME [--scores FILE]]
capqa calibrate --in FILE --label-column NAME --metric COLUMN [--split-column NAME [--fit-split V] [--eval-split V]]
                [--order "bad < ok < good"] [--folds K] [--objective …] [--bootstrap N] [--seed S] [--out DIR]

Fits ordered cut points on CAP's score axis (exactly, by dynamic programming over the sorted
scores) on the fit split and reports accuracy, macro-F1, Cohen's κ (unweighted, linear,
quadratic), per-level precision and recall and the confusion matrix on the eval split, beside the
paper's equal-width bins, with bootstrap intervals. --levels severity: the six levels of Eq. 1;
classes: the eight classes in the declared order (least correct first; default contradictory <
invalid < overinclusive_invalid < partial < overinclusive_valid < alternative_correct <
equivalent < exact). Writes DIR/classifier.json (used by "capqa score --classify" and
"capqa explore --classifier"; it records the metric it classifies), DIR/report.json,
DIR/summary.md and DIR/meta.json (with the run's manifest).
--metric NAME calibrates another metric instead of CAP: a released one (bleu, rouge_l, meteor,
bertscore) or a column of --scores FILE (as "capqa evaluate --scores" reads it); the equal-width
bins then span the fit split's range of that metric.

--in FILE calibrates your own labelled scores (CSV or JSONL): each row's label in --label-column,
its score in the --metric column. Labels are the paper's classes (any spelling; --levels as
above) or any ordered set you declare with --order, least correct first, "=" between labels of
one level. With --split-column, the cuts are fitted on the rows whose split is --fit-split's
value (default validation) and evaluated on --eval-split's (default test). Without it, the
figures are k-fold cross-validated (--folds, default ${DEFAULT_CALIBRATION_FOLDS}; folds stratified by label, seeded by
--seed): each row is predicted by cuts fitted on the other folds, and the report says so;
classifier.json is then fitted on all rows. A missing column, a label outside the declared
order, a score that is not a number or an empty split stops the run first, naming file, line and field.

Options:
${optionsHelp(CALIBRATE_OPTIONS)}`;

export async function cmdCalibrate(argv: string[]): Promise<number> {
  const values = withConfig(
    parseArgs({ args: argv, options: parseOptions(CALIBRATE_OPTIONS), strict: true }).values,
    CALIBRATE_OPTIONS,
    "calibrate",
  );
  if (values.in !== undefined) return cmdCalibrateLabelled(values, argv);
  for (const flag of ["label-column", "split-column", "folds"] as const)
    if (values[flag] !== undefined) throw new UsageError(`--${flag} applies to a labelled file of your own: give --in FILE`);
  const levelsKind = choiceFlag(values.levels, "levels", ["severity", "classes"] as const, "severity");
  const dir = resolve(values.out ?? `out/calibrate-${levelsKind}`);
  checkOutputFolder(dir);
  const objective = choiceFlag(values.objective, "objective", CALIBRATION_OBJECTIVES, "macro_f1");
  const fitSplit = choiceFlag(values["fit-split"], "fit-split", SPLIT_CHOICES, "validation");
  const evalSplit = choiceFlag(values["eval-split"], "eval-split", SPLIT_CHOICES, "test");
  const resamples = intFlag(values.bootstrap, "bootstrap", DEFAULT_BOOTSTRAP_RESAMPLES, 0);
  const seed = intFlag(values.seed, "seed", DEFAULT_SEED, 0);
  const alpha = unitFlag(values.alpha, "alpha");
  const lambda = unitFlag(values.lambda, "lambda");
  const order = levelsKind === "classes" && values.order ? values.order.split(/\s*<\s*/).map(parseClass) : undefined;
  if (order) classLevelSet(order); // a bad order fails before the data is read
  if (values.scores !== undefined && !existsSync(values.scores)) throw new UsageError(`--scores: no such file ${values.scores}`);
  const metric = values.metric ?? "cap";
  if (metric !== "cap" && (alpha !== undefined || lambda !== undefined))
    throw new UsageError(`--alpha and --lambda are CAP's weights; they do not apply to --metric ${metric}`);
  const bench = loadBenchmark(values["data-dir"]);
  const userScores =
    values.scores === undefined
      ? undefined
      : readMetricScores(values.scores, bench.rows.length, { reserved: [...RELEASED_METRICS, "comet"] });
  if (userScores && !userScores.columns[metric] && values.metric === undefined)
    throw new UsageError(`--scores: name the metric to calibrate with --metric (one of ${userScores.names.join(", ")})`);
  const run = runCalibration(bench, {
    levels: levelsKind,
    order,
    objective,
    fitSplit,
    evalSplit,
    alpha,
    lambda,
    metric,
    scores: userScores,
    resamples,
    seed,
  });
  const { calibrated: fitted, equalWidth: baseline, score } = run;
  const names = run.levelSet.levels.map((l) => l.name);
  const provenance = dataProvenance(bench);
  const manifest = buildManifest({
    command: ["calibrate", ...argv],
    data: provenance,
    cap: metric === "cap" ? { alpha: score.alpha as number, lambda: score.lambda as number } : null,
    inputs: userScores ? [await fileDigest(userScores.file)] : [],
  });
  writeFolder(dir, (d) => {
    writeFileAtomic(join(d, "classifier.json"), JSON.stringify(fitted, null, 2) + "\n");
    writeFileAtomic(
      join(d, "report.json"),
      JSON.stringify(
        {
          evalSplit,
          n: run.evaluation.levels.length,
          calibrated: { cuts: fitted.cuts, report: run.report, intervals: run.intervals?.calibrated },
          equalWidth: { cuts: baseline.cuts, report: run.equalWidthReport, intervals: run.intervals?.equalWidth },
          data: provenance,
        },
        null,
        2,
      ) + "\n",
    );
    writeFileAtomic(join(d, "summary.md"), run.markdown);
    writeFileAtomic(
      join(d, "meta.json"),
      JSON.stringify({ command: "calibrate", levels: levelsKind, objective, fitSplit, evalSplit, data: provenance, manifest }, null, 2) +
        "\n",
    );
  });
  summary("calibrate", {
    output: dir,
    classifier: join(dir, "classifier.json"),
    levels: levelsKind,
    levelNames: names,
    objective,
    fit: { split: fitSplit, n: run.fit.n },
    eval: { split: evalSplit, n: run.evaluation.levels.length },
    alpha: score.alpha,
    lambda: score.lambda,
    ...calibrationBrief(run),
    resamples,
    warnings: bench.warnings,
  });
  if (!values.quiet && !jsonOutput()) out(markdownForTerminal(run.markdown));
  err(`wrote ${dir}`);
  return 0;
}
