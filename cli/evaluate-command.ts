/** capqa evaluate: every table of the paper's evaluation for the released benchmark (or, with --in, a labelled file of one's own). */
import { EVALUATE_IN_HELP, cmdEvaluateLabelled } from "./evaluate-labelled.js";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  DEFAULT_ALPHA,
  DEFAULT_BOOTSTRAP_RESAMPLES,
  DEFAULT_LAMBDA,
  DEFAULT_SEED,
  REFERENCE_METRIC,
  RELEASED_METRICS,
} from "../lib/constants.js";
import { dataProvenance, loadBenchmark, readMetricScores } from "../lib/data/index.js";
import { evaluationSettings } from "../lib/eval/evaluate.js";
import { evaluateBenchmark, writeEvaluation } from "../lib/eval/index.js";
import { buildManifest, checkOutputFolder, fileDigest } from "../lib/io/index.js";
import { PAPER_ORDERING, checkHardPairs, parseHardPairs, parseOrdering, type Ordering } from "../lib/taxonomy/index.js";
import { UsageError, choiceFlag, intFlag, listFlag, optionsHelp, parseOptions, unitFlag } from "./args.js";
import { err, jsonOutput, out, progressPrinter, summary } from "./output.js";
import { withConfig } from "./config-flag.js";
import { refuseColumnFlags } from "./column-flags.js";
import { LABELLED_EVAL_ROLES } from "../lib/eval/labelled-eval.js";
import { evaluationTable } from "./evaluation-table.js";
import { EVALUATE_ALL_OPTIONS, EVALUATE_BENCHMARK_OPTIONS, EVALUATE_OPTIONS } from "./main-options.js";

import { liveFlag, scoreDecimalsFlag } from "./main-options.js";

export const EVALUATE_HELP = `capqa evaluate [--split test|validation|all] [--metrics LIST] [--labels synthetic|human]
               [--bootstrap N] [--seed S] [--out DIR] [--alpha A --lambda L] [--ordering TEXT]

Options (with or without --in):
${optionsHelp(EVALUATE_OPTIONS)}

Options of the released benchmark (not with --in):
${optionsHelp(EVALUATE_BENCHMARK_OPTIONS)}

${EVALUATE_IN_HELP}`;

/** --hard-pairs, checked against the ordering before any file is read. */
function hardPairsFlag(text: string | undefined, ordering: Ordering): string[][] | undefined {
  if (text === undefined) return undefined;
  try {
    return checkHardPairs(parseHardPairs(text), ordering).map((p) => [...p]);
  } catch (error) {
    throw new UsageError(`--hard-pairs: ${(error as Error).message}`);
  }
}

export async function cmdEvaluate(argv: string[]): Promise<number> {
  const values = withConfig(
    parseArgs({ args: argv, options: parseOptions(EVALUATE_ALL_OPTIONS), strict: true }).values,
    EVALUATE_ALL_OPTIONS,
    "evaluate",
  );
  if (values.in !== undefined) {
    const ordering = values.ordering ? parseOrdering(values.ordering, "custom") : PAPER_ORDERING;
    return cmdEvaluateLabelled(values, argv, {
      metrics: listFlag(values.metrics),
      ordering,
      hardPairs: hardPairsFlag(values["hard-pairs"], ordering),
      scoreDecimals: scoreDecimalsFlag(values["score-decimals"]),
      resamples: intFlag(values.bootstrap, "bootstrap", DEFAULT_BOOTSTRAP_RESAMPLES, 0, 10_000_000),
      seed: intFlag(values.seed, "seed", DEFAULT_SEED, 0),
      threads: values.threads === undefined ? undefined : intFlag(values.threads, "threads", 1, 1, 256),
      reference: values.reference,
    });
  }
  refuseColumnFlags(values, LABELLED_EVAL_ROLES, "to the released benchmark");
  const split = choiceFlag(values.split, "split", ["test", "validation", "all"] as const, "test");
  const labels = choiceFlag(values.labels, "labels", ["synthetic", "human"] as const, "synthetic");
  const dir = resolve(values.out ?? `out/evaluate-${split}`);
  checkOutputFolder(dir);
  const alpha = unitFlag(values.alpha, "alpha");
  const lambda = unitFlag(values.lambda, "lambda");
  // One of the two given: the other keeps the paper's value.
  const capWeights =
    alpha !== undefined || lambda !== undefined ? { alpha: alpha ?? DEFAULT_ALPHA, lambda: lambda ?? DEFAULT_LAMBDA } : undefined;
  const ordering = values.ordering ? parseOrdering(values.ordering, "custom") : PAPER_ORDERING;
  const hardPairs = hardPairsFlag(values["hard-pairs"], ordering);
  if (values.scores !== undefined && !existsSync(values.scores)) throw new UsageError(`--scores: no such file ${values.scores}`);
  // Usage errors before any file is read (the metrics of --scores join the list once it is).
  const metricsFlag = listFlag(values.metrics);
  const live = liveFlag(values, metricsFlag ?? RELEASED_METRICS);
  const reference = values.reference ?? REFERENCE_METRIC;
  if (metricsFlag && !metricsFlag.includes(reference))
    throw new UsageError(`--reference ${reference} is not among the metrics evaluated (${metricsFlag.join(", ")})`);
  const resamples = intFlag(values.bootstrap, "bootstrap", DEFAULT_BOOTSTRAP_RESAMPLES, 0, 10_000_000);
  const seed = intFlag(values.seed, "seed", DEFAULT_SEED, 0);
  const threads = values.threads === undefined ? undefined : intFlag(values.threads, "threads", 1, 1, 256);
  const bench = loadBenchmark(values["data-dir"]);
  for (const w of bench.warnings) err(`warning: ${w}`);
  const scores =
    values.scores === undefined
      ? undefined
      : readMetricScores(values.scores, bench.rows.length, { reserved: [...RELEASED_METRICS, "comet"] });
  const metrics = metricsFlag ?? [...RELEASED_METRICS, ...(scores?.names ?? [])];
  if (!metrics.includes(reference))
    throw new UsageError(`--reference ${reference} is not among the metrics evaluated (${metrics.join(", ")})`);
  const ev = await evaluateBenchmark(bench, {
    scores,
    reference,
    split,
    labels,
    onlyHumanLabelled: values["human-subset"],
    metrics,
    resamples,
    seed,
    threads,
    capWeights,
    ordering,
    hardPairs,
    scoreDecimals: scoreDecimalsFlag(values["score-decimals"]),
    live,
    bertscoreModel: values["bertscore-model"],
    cometModel: values["comet-model"],
    onProgress: values.quiet ? undefined : progressPrinter("bootstrap"),
  });
  const notes = [
    `Split ${split}, ${labels} labels${values["human-subset"] ? " (human-labelled rows only)" : ""}: ${ev.n} rows.`,
    ...ev.selection.excluded.map((e) => `Row ${e.rowId} left out: ${e.reason}.`),
    ...ev.metrics.map((m) => `${m.name}: ${m.source}.`),
    `Ordering: ${ordering.name}; ${ev.resamples} bootstrap resamples, seed ${ev.seed}.`,
  ];
  const data = dataProvenance(bench);
  // The released CAP column is the paper's weights; --alpha/--lambda recompute it.
  const manifest = buildManifest({
    command: ["evaluate", ...argv],
    data,
    cap: metrics.includes("cap") ? (capWeights ?? { alpha: DEFAULT_ALPHA, lambda: DEFAULT_LAMBDA }) : null,
    inputs: scores ? [await fileDigest(scores.file)] : [],
    settings: { split, labels, humanSubset: Boolean(values["human-subset"]), reference, live: live ?? [], ...evaluationSettings(ev) },
  });
  writeEvaluation(
    ev,
    dir,
    { command: "evaluate", split, labels, humanSubset: Boolean(values["human-subset"]), data, excluded: ev.selection.excluded, manifest },
    `capqa evaluate: ${split} split`,
    notes,
  );
  summary("evaluate", {
    output: dir,
    split,
    labels,
    humanSubset: Boolean(values["human-subset"]),
    n: ev.n,
    metrics: ev.metrics,
    ordering: ordering.name,
    resamples: ev.resamples,
    seed: ev.seed,
    correlations: ev.tables.correlations,
    monotonicity: ev.tables.monotonicity,
    excluded: ev.selection.excluded,
    warnings: bench.warnings,
  });
  if (!values.quiet && !jsonOutput()) {
    out(evaluationTable(ev.tables));
  }
  for (const e of ev.selection.excluded) err(`row ${e.rowId} left out: ${e.reason}`);
  err(`wrote ${dir}`);
  return 0;
}
