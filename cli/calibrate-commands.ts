/** capqa calibrate: fit CAP's cut points on one split, report them against equal-width bins on another. */
import { parseArgs } from "node:util";
import { join, resolve } from "node:path";
import {
  CLASSES,
  DEFAULT_BOOTSTRAP_RESAMPLES,
  DEFAULT_SEED,
  benchmarkMetricColumn,
  classLevelSet,
  classificationIntervals,
  classificationReport,
  equalWidthClassifier,
  fitThresholds,
  levelOfClass,
  loadBenchmark,
  markdownTable,
  parseClass,
  predictLevels,
  selectRows,
  severityLevelSet,
  writeFileAtomic,
  type CalibrationObjective,
  type ThresholdClassifier,
  dataProvenance,
  writeFolder,
  checkOutputFolder,
  buildManifest,
  DEFAULT_ALPHA,
  DEFAULT_LAMBDA,
  RELEASED_METRICS,
  fileDigest,
  metricScoresFor,
  readMetricScores,
} from "../lib/all.js";
import { existsSync } from "node:fs";
import { COMMON_OPTIONS, choiceFlag, defineOptions, intFlag, numberFlag, optionsHelp, parseOptions, splitOption, out, err, summary, jsonOutput, UsageError } from "./args.js";

export const CALIBRATE_OPTIONS = defineOptions({
  "data-dir": COMMON_OPTIONS["data-dir"],
  levels: { type: "string", value: "severity|classes", help: "The levels fitted: severity, the six levels of Eq. 1 (default), or classes, the eight classes in --order." },
  order: {
    type: "string",
    value: '"c1 < c2 < …"',
    help: "With --levels classes, the classes least correct first (default contradictory < invalid < overinclusive_invalid < partial < overinclusive_valid < alternative_correct < equivalent < exact).",
  },
  objective: { type: "string", value: "macro_f1|accuracy|quadratic_kappa", help: "What the cut points maximise on the fit split (default macro_f1)." },
  "fit-split": splitOption(["validation", "test", "all"], "validation", "Rows the cuts are fitted on"),
  "eval-split": splitOption(["validation", "test", "all"], "test", "Rows the classifiers are evaluated on"),
  alpha: { ...COMMON_OPTIONS.alpha, help: `${COMMON_OPTIONS.alpha.help} With --alpha or --lambda, CAP is recomputed from the released NLI probabilities.` },
  lambda: COMMON_OPTIONS.lambda,
  bootstrap: COMMON_OPTIONS.bootstrap,
  seed: COMMON_OPTIONS.seed,
  out: { type: "string", value: "DIR", help: "Output folder (default out/calibrate-<levels>)." },
  metric: { type: "string", value: "NAME", help: "The metric calibrated (default cap): a released one or a column of --scores FILE." },
  scores: { type: "string", value: "FILE", help: 'Your own metrics\' scores for CAP-Correctness (CSV or JSONL, as "capqa evaluate --scores" reads it).' },
  quiet: COMMON_OPTIONS.quiet,
});

export const CALIBRATE_HELP = `capqa calibrate [--levels severity|classes] [--order "c1 < c2 < …"] [--objective macro_f1|accuracy|quadratic_kappa]
                [--fit-split validation] [--eval-split test] [--alpha A --lambda L] [--bootstrap N] [--out DIR]
                [--seed S] [--metric NAME [--scores FILE]]

Fits ordered cut points on CAP's score axis (exactly, by dynamic programming over the sorted
scores) on the fit split and reports accuracy, macro-F1, Cohen's κ (unweighted, linear,
quadratic), per-level precision and recall and the confusion matrix on the eval split, beside the
paper's equal-width bins, with bootstrap intervals. --levels severity: the six levels of Eq. 1;
classes: the eight classes in the declared order (least correct first; default contradictory <
invalid < overinclusive_invalid < partial < overinclusive_valid < alternative_correct <
equivalent < exact). Writes DIR/classifier.json (used by "capqa score --classify"),
DIR/report.json, DIR/summary.md and DIR/meta.json (with the run's manifest).
--metric NAME calibrates another metric instead of CAP: a released one (bleu, rouge_l, meteor,
bertscore) or a column of --scores FILE (as "capqa evaluate --scores" reads it); the equal-width
bins then span the fit split's range of that metric.

Options:
${optionsHelp(CALIBRATE_OPTIONS)}`;

export async function cmdCalibrate(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: parseOptions(CALIBRATE_OPTIONS), strict: true });
  const levelsKind = choiceFlag(values.levels, "levels", ["severity", "classes"] as const, "severity");
  const dir = resolve(values.out ?? `out/calibrate-${levelsKind}`);
  checkOutputFolder(dir);
  const objective = choiceFlag(values.objective, "objective", ["macro_f1", "accuracy", "quadratic_kappa"] as const, "macro_f1") as CalibrationObjective;
  const fitSplit = choiceFlag(values["fit-split"], "fit-split", ["validation", "test", "all"] as const, "validation");
  const evalSplit = choiceFlag(values["eval-split"], "eval-split", ["validation", "test", "all"] as const, "test");
  const resamples = intFlag(values.bootstrap, "bootstrap", DEFAULT_BOOTSTRAP_RESAMPLES, 0);
  const seed = intFlag(values.seed, "seed", DEFAULT_SEED, 0);
  const alpha = numberFlag(values.alpha, "alpha");
  const lambda = numberFlag(values.lambda, "lambda");
  const capWeights = alpha !== undefined || lambda !== undefined ? { alpha: alpha ?? DEFAULT_ALPHA, lambda: lambda ?? DEFAULT_LAMBDA } : undefined;
  const levelSet = levelsKind === "severity" ? severityLevelSet() : classLevelSet(values.order ? values.order.split(/\s*<\s*/).map(parseClass) : undefined);
  const levelOf = levelOfClass(levelSet);
  if (values.scores !== undefined && !existsSync(values.scores)) throw new UsageError(`--scores: no such file ${values.scores}`);
  const metric = values.metric ?? "cap";
  if (metric !== "cap" && capWeights) throw new UsageError(`--alpha and --lambda are CAP's weights; they do not apply to --metric ${metric}`);
  const bench = loadBenchmark(values["data-dir"]);
  const userScores = values.scores === undefined ? undefined : readMetricScores(values.scores, bench.rows.length, { reserved: [...RELEASED_METRICS, "comet"] });
  if (userScores && !userScores.columns[metric] && values.metric === undefined) throw new UsageError(`--scores: name the metric to calibrate with --metric (one of ${userScores.names.join(", ")})`);
  const data = (split: "validation" | "test" | "all") => {
    const sel = selectRows(bench, split);
    const col = userScores?.columns[metric]
      ? { scores: metricScoresFor(userScores, metric, sel.rowIds), source: `from ${userScores.file}` }
      : benchmarkMetricColumn(bench, metric, sel.rowIds, metric === "cap" ? capWeights : undefined);
    return { scores: col.scores, levels: Uint8Array.from(sel.classes, (c) => levelOf[CLASSES[c]]), source: col.source ?? "released" };
  };
  const fit = data(fitSplit);
  const evalData = data(evalSplit);
  const score = metric === "cap" ? { metric, alpha: capWeights?.alpha ?? DEFAULT_ALPHA, lambda: capWeights?.lambda ?? DEFAULT_LAMBDA, source: fit.source } : { metric, source: fit.source };
  const fitted: ThresholdClassifier = { ...fitThresholds(fit.scores, fit.levels, levelSet, objective, score), fittedOn: { split: fitSplit, n: fit.levels.length } };
  // The paper's equal-width bins span [0, 1]; a metric of the user's spans its fit split's range.
  const [lo, hi] = userScores?.columns[metric] ? [Math.min(...fit.scores), Math.max(...fit.scores)] : [0, 1];
  const baseline = equalWidthClassifier(levelSet, score, lo, hi);
  const names = levelSet.levels.map((l) => l.name);
  const assess = (c: ThresholdClassifier) => {
    const pred = predictLevels(c, evalData.scores);
    return { report: classificationReport(evalData.levels, pred, names), intervals: resamples > 0 ? classificationIntervals(evalData.levels, pred, names.length, resamples, seed) : undefined };
  };
  const mine = assess(fitted);
  const base = assess(baseline);
  const f = (x: number) => x.toFixed(4);
  const ci = (c?: [number, number]) => (c ? `[${f(c[0])}, ${f(c[1])}]` : "—");
  const row = (name: string, a: ReturnType<typeof assess>) => [
    name,
    f(a.report.accuracy),
    ci(a.intervals?.accuracy),
    f(a.report.macroF1),
    ci(a.intervals?.macroF1),
    f(a.report.kappa),
    f(a.report.kappaLinear),
    f(a.report.kappaQuadratic),
    ci(a.intervals?.kappaQuadratic),
  ];
  const md = [
    `# ${metric === "cap" ? "CAP" : metric} as a classifier: ${levelSet.levels.length} levels (${levelsKind}), cuts fitted for ${objective} on ${fitSplit} (${fit.levels.length} rows), evaluated on ${evalSplit} (${evalData.levels.length} rows)`,
    "",
    markdownTable(["classifier", "accuracy", "CI", "macro-F1", "CI", "κ", "κ linear", "κ quadratic", "CI"], [row("calibrated", mine), row("equal-width bins", base)]),
    "",
    `Calibrated cuts: ${fitted.cuts.map((c) => (Math.abs(c) === Number.MAX_VALUE ? (c < 0 ? "−∞" : "+∞") : c.toFixed(4))).join(", ")}; equal-width: ${baseline.cuts.map((c) => c.toFixed(4)).join(", ")}.`,
    "",
    "## Per level (calibrated)",
    "",
    markdownTable(
      ["level", "precision", "recall", "F1", "support", "predicted"],
      mine.report.perLevel.map((p) => [p.level, f(p.precision), f(p.recall), f(p.f1), p.support, p.predicted]),
    ),
    "",
    "## Confusion matrix (rows: true level, columns: predicted)",
    "",
    markdownTable(
      ["true \\ predicted", ...names],
      mine.report.confusion.map((r, k) => [names[k], ...r]),
    ),
    "",
  ].join("\n");
  const provenance = dataProvenance(bench);
  const manifest = buildManifest({
    command: ["calibrate", ...argv],
    data: provenance,
    cap: metric === "cap" ? { alpha: capWeights?.alpha ?? DEFAULT_ALPHA, lambda: capWeights?.lambda ?? DEFAULT_LAMBDA } : null,
    inputs: userScores ? [await fileDigest(userScores.file)] : [],
  });
  writeFolder(dir, (d) => {
    writeFileAtomic(join(d, "classifier.json"), JSON.stringify(fitted, null, 2) + "\n");
    writeFileAtomic(
      join(d, "report.json"),
      JSON.stringify({ evalSplit, n: evalData.levels.length, calibrated: { cuts: fitted.cuts, ...mine }, equalWidth: { cuts: baseline.cuts, ...base }, data: provenance }, null, 2) + "\n",
    );
    writeFileAtomic(join(d, "summary.md"), md);
    writeFileAtomic(join(d, "meta.json"), JSON.stringify({ command: "calibrate", levels: levelsKind, objective, fitSplit, evalSplit, data: provenance, manifest }, null, 2) + "\n");
  });
  const brief = (a: ReturnType<typeof assess>) => ({
    accuracy: a.report.accuracy,
    macroF1: a.report.macroF1,
    kappa: a.report.kappa,
    kappaLinear: a.report.kappaLinear,
    kappaQuadratic: a.report.kappaQuadratic,
    intervals: a.intervals ?? null,
  });
  summary("calibrate", {
    output: dir,
    classifier: join(dir, "classifier.json"),
    levels: levelsKind,
    levelNames: names,
    objective,
    fit: { split: fitSplit, n: fit.levels.length },
    eval: { split: evalSplit, n: evalData.levels.length },
    alpha: score.alpha,
    lambda: score.lambda,
    calibrated: { cuts: fitted.cuts, ...brief(mine) },
    equalWidth: { cuts: baseline.cuts, ...brief(base) },
    resamples,
    warnings: bench.warnings,
  });
  if (!values.quiet && !jsonOutput()) out(md);
  err(`wrote ${dir}`);
  return 0;
}
