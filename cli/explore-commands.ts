/**
 * capqa explore: the interactive explorer as one HTML file, or served on localhost; over CAP-Correctness or a labelled file of one's own.
 */
import { parseArgs } from "node:util";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { classifierColumn, isClassLevelSet, levelSetLabels, readClassifierFile, readLabelledScores } from "../lib/calibrate/index.js";
import { EXPLORE_SERVE_IDLE_TIMEOUT_MS, EXPLORE_SERVE_MAX_CONNECTIONS } from "../lib/constants.js";
import { loadBenchmark, SPLIT_CHOICES } from "../lib/data/index.js";
import {
  buildExplorerPage,
  exploreDataFromBenchmark,
  exploreDataFromLabelled,
  explorerSettingsFromClassifier,
  serveExplorerPage,
  type ExplorerServer,
  type ExploreData,
  type ExplorerClassifierSettings,
  type ExplorerOptions,
} from "../lib/explore/index.js";
import { checkOutputFile, formatOf, readRowTable, writeFileAtomic } from "../lib/io/index.js";
import { COMMON_OPTIONS, choiceFlag, defineOptions, intFlag, optionsHelp, parseOptions, splitOption, UsageError } from "./args.js";
import { err, summary } from "./output.js";
import { withColumnFlags } from "./column-flags.js";

const SPLITS = ["test", "validation", "all"] as const;
const OBJECTIVES = ["macro_f1", "accuracy", "quadratic_kappa"] as const;

export const EXPLORE_OPTIONS = defineOptions({
  "data-dir": COMMON_OPTIONS["data-dir"],
  in: {
    type: "string",
    value: "FILE",
    help: "A labelled score file of your own (CSV or JSONL) instead of CAP-Correctness, as capqa calibrate --in reads it.",
  },
  "label-column": { type: "string", value: "NAME", help: "With --in: the column holding each row's label." },
  metric: { type: "string", value: "COLUMN", help: "With --in: the column holding the scores (default: the classifier's metric)." },
  "split-column": {
    type: "string",
    value: "NAME",
    help: "With --in: the column naming each row's split; --split's value is shown, --fit-split's refitted on (default test and validation). Without it, every row is both.",
  },
  order: {
    type: "string",
    value: '"bad < ok < good"',
    help: "With --in: your labels least correct first, \"=\" between labels of one level (default: the paper's classes, or the classifier's levels).",
  },
  split: {
    ...splitOption(SPLITS, "test", "Rows shown and evaluated"),
    help: "Rows shown and evaluated: test, validation or all (default test); with --in, a value of --split-column (default test).",
  },
  out: { type: "string", value: "FILE.html", help: "The page written (default out/explorer.html)." },
  serve: { type: "string", value: "PORT", help: "Serve the page on 127.0.0.1:PORT instead of writing it (0 picks a free port)." },
  classifier: {
    type: "string",
    value: "FILE",
    help: "Start at this classifier (\"capqa calibrate\"'s, or one saved from the explorer): its levels, its exact cuts, its metric (a released one, or with --in a column of FILE), its α, λ and CAP source, its objective and fit split; the page then shows the numbers of calibrate's report.",
  },
  "fit-split": {
    ...splitOption(SPLIT_CHOICES, "validation, or the classifier's", "Rows the cuts are refitted on"),
    help: "Rows the cuts are refitted on: validation, test or all (default validation, or the classifier's); with --in, a value of --split-column (default validation).",
  },
  objective: {
    type: "string",
    value: "macro_f1|accuracy|quadratic_kappa",
    help: "What refitted cuts maximise (default macro_f1, or the classifier's).",
  },
  refit: { type: "boolean", help: "Start with refitting on: the cuts are refitted whenever α, λ, the CAP source or the objective moves." },
});

export const EXPLORE_HELP = `capqa explore [--split test|validation|all] [--out FILE.html] [--serve PORT] [--classifier classifier.json]
              [--fit-split validation|test|all] [--objective macro_f1|accuracy|quadratic_kappa] [--refit]
capqa explore --in FILE --label-column NAME --metric COLUMN [--split-column NAME [--split V] [--fit-split V]]
              [--order "bad < ok < good"] [--classifier classifier.json] [--out FILE.html] [--serve PORT]

Writes a self-contained HTML page (default out/explorer.html; plotly and the data inlined) where
α, λ and the cut points of the levels (the six severity levels, or a classifier's) move; it shows
CAP's per-class histograms (stacked or one per class) with the cuts and the levels between them,
Spearman ρ, pairwise accuracy, violations, accuracy, macro-F1, Cohen's κ (unweighted, linear,
quadratic) and the confusion matrix, recomputed in the browser. A cut's slider steps through the
values midway between consecutive distinct scores (each exact; type any other value in its box);
cuts stay in order. A checkbox refits the cuts (the dynamic programme of "capqa calibrate", on the
--fit-split rows) whenever α or λ moves. --classifier starts at a classifier (its cuts exactly,
its metric, its α, λ and CAP source, its objective and fit split): the page's numbers are then
those of calibrate's report.json for the same --split. A classifier of another released metric
(bleu, rouge_l, meteor, bertscore) shows that column, with no α or λ. A refit takes well under a
second on the validation split, and seconds (quadratic κ: most of a minute) on --fit-split all.
"Save classifier" on the page downloads the current cuts as a classifier.json that
"capqa score --classify" and "capqa explore --classifier" read. --serve PORT serves the page on
127.0.0.1 instead, to this machine's browser only: a request must name 127.0.0.1, localhost or
[::1] at PORT as its host (a page of another site is refused), at most ${EXPLORE_SERVE_MAX_CONNECTIONS} connections
are open at once, and one that sends or reads nothing for ${EXPLORE_SERVE_IDLE_TIMEOUT_MS / 1000} s is closed.

--in FILE explores your own labelled scores (as "capqa calibrate --in" reads them): labels in
--label-column (the paper's classes, or any order declared with --order), scores in the --metric
column (or the --classifier's metric); with --split-column the --split rows are shown and the
cuts refitted on the --fit-split rows, without it every row is both. α and λ apply to CAP
recomputed from NLI probabilities, so the page shows no α or λ slider for a file's column.

Options:
${optionsHelp(EXPLORE_OPTIONS)}`;

/** Reads and checks a classifier.json (capqa calibrate's or the explorer's) into the page's settings. */
function readClassifier(file: string): ExplorerClassifierSettings {
  return explorerSettingsFromClassifier(readClassifierFile(file), file);
}

/** The page's data and settings for a labelled file of one's own (--in). */
function labelledPage(
  values: Record<string, string | boolean | undefined>,
  settings: ExplorerClassifierSettings | undefined,
): { data: ExploreData; options: ExplorerOptions } {
  const file = values.in as string;
  for (const flag of ["data-dir"])
    if (values[flag] !== undefined) throw new UsageError(`--${flag} applies to the released benchmark, not to --in FILE`);
  const labelColumn = values["label-column"] as string | undefined;
  if (!labelColumn) throw new UsageError("capqa explore --in FILE needs --label-column NAME (the column holding each row's label)");
  if (!existsSync(file)) throw new UsageError(`--in: no such file ${file}`);
  formatOf(file);
  const splitColumn = values["split-column"] as string | undefined;
  if (splitColumn === undefined && (values.split !== undefined || values["fit-split"] !== undefined))
    throw new UsageError("--split and --fit-split name values of --split-column; without it every row is shown and refitted on");
  let metric = values.metric as string | undefined;
  if (settings) {
    // A classifier of any metric, as long as the file has its column.
    const columns = readRowTable(file).columns;
    const needed = classifierColumn(
      { score: { metric: settings.metric } },
      columns,
      `the input file ${file}`,
      `the classifier ${values.classifier}`,
    );
    if (metric !== undefined && metric !== needed)
      throw new UsageError(
        `--metric ${metric}: the classifier ${values.classifier} classifies ${needed}; leave --metric out or name that column`,
      );
    metric = needed;
  }
  if (!metric)
    throw new UsageError("capqa explore --in FILE needs --metric COLUMN (the column holding the scores), or a --classifier that names it");
  if (settings && values.order !== undefined)
    throw new UsageError("--order declares the levels; with --classifier the classifier's levels are shown");
  const scored = { labelColumn, metric, splitColumn };
  const table = withColumnFlags(() =>
    readLabelledScores(file, {
      ...scored,
      ...(settings ? { order: settings.levelSet } : values.order !== undefined ? { order: values.order as string } : {}),
    }),
  );
  const data = exploreDataFromLabelled(table, {
    split: values.split as string | undefined,
    fitSplit: values["fit-split"] as string | undefined,
  });
  return {
    data,
    options: {
      title: `capqa explorer: ${metric} of ${file}`,
      levelSet: table.levelSet,
      source: "column",
      ...(settings ? { cuts: settings.cuts, cutsFrom: `the classifier ${values.classifier}` } : {}),
    },
  };
}

export async function cmdExplore(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: parseOptions(EXPLORE_OPTIONS), strict: true });
  const port = values.serve === undefined ? undefined : intFlag(values.serve, "serve", 8765, 0, 65_535);
  const file = resolve(values.out ?? "out/explorer.html");
  if (port === undefined) checkOutputFile(file);
  if (values.classifier !== undefined && !existsSync(values.classifier))
    throw new UsageError(`--classifier: no such file ${values.classifier}`);
  const settings = values.classifier === undefined ? undefined : readClassifier(values.classifier);
  const objective = choiceFlag(values.objective, "objective", OBJECTIVES, settings?.objective ?? "macro_f1");
  let page: { data: ExploreData; options: ExplorerOptions };
  if (values.in !== undefined) page = labelledPage(values, settings);
  else {
    for (const flag of ["label-column", "metric", "split-column", "order"] as const)
      if (values[flag] !== undefined) throw new UsageError(`--${flag} applies to a labelled file of your own: give --in FILE`);
    const split = choiceFlag(values.split, "split", SPLITS, "test");
    const fitSplit = choiceFlag(values["fit-split"], "fit-split", SPLIT_CHOICES, settings?.fitSplit ?? "validation");
    const metric = settings?.metric ?? "cap";
    if (settings && !isClassLevelSet(settings.levelSet))
      throw new UsageError(
        `the classifier ${values.classifier} has labels of its own (${levelSetLabels(settings.levelSet).join(", ")}), not the paper's classes; show it over its labelled file with --in FILE`,
      );
    const bench = loadBenchmark(values["data-dir"]);
    // A classifier of any released metric: the page shows that column (α and λ do not move it).
    if (metric !== "cap")
      classifierColumn(
        { score: { metric } },
        bench.scores.metrics,
        `the released scores file ${bench.scores.file}`,
        `the classifier ${values.classifier}`,
      );
    const data = exploreDataFromBenchmark(bench, split, fitSplit, metric);
    if (settings?.source === "released" && data.cap === undefined)
      throw new Error(`${values.classifier} classifies the released CAP column, which ${bench.scores.file} does not have`);
    page = {
      data,
      options: {
        title: `capqa explorer: ${metric === "cap" ? "CAP" : metric} on the ${split} split`,
        ...(settings
          ? {
              levelSet: settings.levelSet,
              cuts: settings.cuts,
              alpha: settings.alpha,
              lambda: settings.lambda,
              source: settings.source,
              cutsFrom: `the classifier ${values.classifier}`,
            }
          : {}),
      },
    };
  }
  const html = buildExplorerPage(page.data, { ...page.options, objective, refit: values.refit === true });
  const { split, fitSplit } = page.data;
  if (port !== undefined) {
    let server: ExplorerServer;
    try {
      server = await serveExplorerPage(html, { port });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new Error(
        code === "EADDRINUSE"
          ? `port ${port} on 127.0.0.1 is in use by another program; choose another with --serve PORT (0 picks a free one)`
          : code === "EACCES"
            ? `port ${port} needs privileges this user does not have; choose a port above 1023 with --serve PORT`
            : `cannot serve on 127.0.0.1:${port}: ${(e as Error).message}`,
      );
    }
    const url = server.url;
    summary("explore", { url, split, fitSplit });
    err(`serving the explorer on ${url} (Ctrl-C to stop)`);
    await new Promise(() => {});
  }
  writeFileAtomic(file, html);
  summary("explore", { output: file, split, fitSplit, bytes: Buffer.byteLength(html) });
  err(`wrote ${file} (${(html.length / 1e6).toFixed(1)} MB)`);
  return 0;
}
