/** capqa scorers fit | evaluate: a scorer that fixes CAP's partial / overinclusive-valid inversion. */
import { parseArgs } from "node:util";
import { evaluationTable } from "./evaluation-table.js";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { classificationIntervals, classificationReport } from "../lib/calibrate/index.js";
import { DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_SEED, DEFAULT_ALPHA, DEFAULT_LAMBDA } from "../lib/constants.js";
import { loadBenchmark, releasedColumn, selectRows, dataProvenance, SPLIT_CHOICES } from "../lib/data/index.js";
import { evaluateMetrics, writeEvaluation } from "../lib/eval/index.js";
import { writeFileAtomic, buildManifest, fileDigest } from "../lib/io/index.js";
import { applyScorer, benchmarkScorerInputs, fitScorer, type CapqaScorer } from "../lib/learned-scorer/index.js";
import { CLASSES } from "../lib/taxonomy/index.js";
import { COMMON_OPTIONS, UsageError, choiceFlag, defineOptions, intFlag, optionsHelp, parseOptions } from "./args.js";
import { progressPrinter, out, err, summary, jsonOutput } from "./output.js";

/** capqa scorers fit | evaluate take the same flags. */
export const SCORERS_OPTIONS = defineOptions({
  "data-dir": COMMON_OPTIONS["data-dir"],
  split: { type: "string", value: "validation|test|all", help: "Rows of CAP-Correctness (default validation for fit, test for evaluate)." },
  out: {
    type: "string",
    value: "FILE|DIR",
    help: "fit: the scorer file written (needed); evaluate: the output folder (default out/scorers-<split>).",
  },
  model: { type: "string", value: "MODEL.json", help: "evaluate: the scorer written by capqa scorers fit (needed)." },
  bootstrap: {
    ...COMMON_OPTIONS.bootstrap,
    help: `evaluate: bootstrap resamples for the intervals (default ${DEFAULT_BOOTSTRAP_RESAMPLES}; 0 = no intervals).`,
  },
  seed: { ...COMMON_OPTIONS.seed, help: `evaluate: seed of the bootstrap resamples (default ${DEFAULT_SEED}).` },
  quiet: COMMON_OPTIONS.quiet,
});

export const SCORERS_HELP = `capqa scorers fit [--split validation] --out MODEL.json
    Fits the scorer (multinomial logistic regression on both NLI directions' probabilities and
    answer-text features; score = expected class value) on one split only.
capqa scorers evaluate --model MODEL.json [--split test] [--bootstrap N] [--seed S] [--out DIR]
    Scores the split and writes the tables of "capqa evaluate" (correlations, class_pairs,
    hard_pairs, monotonicity, descriptives, paired_differences with the scorer as reference)
    with a cap row beside it, plus classification.json (8-class accuracy, macro-F1, κ).

Options:
${optionsHelp(SCORERS_OPTIONS)}`;

export async function cmdScorers(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const { values } = parseArgs({ args: rest, options: parseOptions(SCORERS_OPTIONS), strict: true });
  const bench = loadBenchmark(values["data-dir"]);
  if (sub === "fit") {
    const split = choiceFlag(values.split, "split", SPLIT_CHOICES, "validation");
    if (!values.out) throw new UsageError("capqa scorers fit needs --out MODEL.json");
    const sel = selectRows(bench, split);
    const scorer = fitScorer(benchmarkScorerInputs(bench, sel.rowIds), sel.classes, { split, dataDir: bench.dir });
    mkdirSync(dirname(resolve(values.out)), { recursive: true });
    writeFileAtomic(values.out, JSON.stringify(scorer, null, 2) + "\n");
    summary("scorers fit", { output: values.out, name: scorer.name, split, rows: sel.rowIds.length });
    err(`fitted ${scorer.name} on ${sel.rowIds.length} ${split} rows; wrote ${values.out}`);
    return 0;
  }
  if (sub === "evaluate") {
    if (!values.model) throw new UsageError("capqa scorers evaluate needs --model MODEL.json");
    const split = choiceFlag(values.split, "split", SPLIT_CHOICES, "test");
    const scorer = JSON.parse(readFileSync(values.model, "utf8")) as CapqaScorer;
    if (scorer.kind !== "capqa-scorer") throw new Error(`${values.model} is not a scorer written by capqa scorers fit`);
    if (scorer.fittedOn.split === split) err(`warning: the scorer was fitted on the ${split} split; its numbers there are not held out`);
    const sel = selectRows(bench, split);
    const applied = applyScorer(scorer, benchmarkScorerInputs(bench, sel.rowIds));
    const resamples = intFlag(values.bootstrap, "bootstrap", DEFAULT_BOOTSTRAP_RESAMPLES, 0);
    const seed = intFlag(values.seed, "seed", DEFAULT_SEED, 0);
    const ev = await evaluateMetrics(
      sel.classes,
      [
        { name: scorer.name, scores: applied.score, source: `scorer ${values.model}` },
        { name: "cap", scores: releasedColumn(bench, "cap", sel.rowIds), source: "released" },
      ],
      {
        resamples,
        seed,
        reference: scorer.name,
        onProgress: values.quiet ? undefined : progressPrinter("bootstrap"),
      },
    );
    const dir = resolve(values.out ?? `out/scorers-${split}`);
    const data = dataProvenance(bench);
    const manifest = buildManifest({
      command: ["scorers", ...argv],
      data,
      cap: { alpha: DEFAULT_ALPHA, lambda: DEFAULT_LAMBDA },
      inputs: [await fileDigest(values.model)],
    });
    writeEvaluation(
      ev,
      dir,
      { command: "scorers evaluate", model: values.model, split, fittedOn: scorer.fittedOn, data, manifest },
      `capqa scorers evaluate: ${scorer.name} beside CAP (${split} split)`,
      [`Scorer fitted on: ${JSON.stringify(scorer.fittedOn)}.`],
    );
    const names = [...CLASSES];
    const report = classificationReport(sel.classes, applied.predicted, names);
    const intervals = resamples > 0 ? classificationIntervals(sel.classes, applied.predicted, names.length, resamples, seed) : null;
    writeFileAtomic(join(dir, "classification.json"), JSON.stringify({ ...report, intervals }, null, 2) + "\n");
    summary("scorers evaluate", {
      output: dir,
      scorer: scorer.name,
      split,
      n: ev.n,
      correlations: ev.tables.correlations,
      hardPairs: ev.tables.hard_pairs,
      classification: { accuracy: report.accuracy, macroF1: report.macroF1, kappa: report.kappa, intervals },
    });
    if (!values.quiet && !jsonOutput()) {
      out(evaluationTable(ev.tables));
      for (const r of ev.tables.hard_pairs)
        out(`${String(r.metric).padEnd(12)} ${r.better} > ${r.worse}: ${(r.accuracy as number).toFixed(4)}`);
      out(
        `8-class accuracy ${report.accuracy.toFixed(4)}${intervals ? ` [${intervals.accuracy.map((x) => x.toFixed(4)).join(", ")}]` : ""}, macro-F1 ${report.macroF1.toFixed(4)}`,
      );
    }
    err(`wrote ${dir}`);
    return 0;
  }
  throw new UsageError(`unknown scorers command "${sub ?? ""}"; expected fit or evaluate`);
}
