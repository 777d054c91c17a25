/** capqa explore: the interactive explorer as one HTML file, or served on localhost. */
import { parseArgs } from "node:util";
import { createServer } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  buildExplorerPage,
  checkOutputFile,
  exploreDataFromBenchmark,
  explorerSettingsFromClassifier,
  loadBenchmark,
  writeFileAtomic,
  type ExplorerClassifierSettings,
  type ThresholdClassifier,
} from "../lib/all.js";
import { COMMON_OPTIONS, choiceFlag, defineOptions, intFlag, optionsHelp, parseOptions, splitOption, err, summary, UsageError } from "./args.js";

const SPLITS = ["test", "validation", "all"] as const;
const OBJECTIVES = ["macro_f1", "accuracy", "quadratic_kappa"] as const;

export const EXPLORE_OPTIONS = defineOptions({
  "data-dir": COMMON_OPTIONS["data-dir"],
  split: splitOption(SPLITS, "test", "Rows shown and evaluated"),
  out: { type: "string", value: "FILE.html", help: "The page written (default out/explorer.html)." },
  serve: { type: "string", value: "PORT", help: "Serve the page on 127.0.0.1:PORT instead of writing it (0 picks a free port)." },
  classifier: {
    type: "string",
    value: "FILE",
    help: 'Start at this "capqa calibrate" classifier: its levels, its exact cuts, its α, λ and CAP source, its objective and fit split; the page then shows the numbers of calibrate\'s report.',
  },
  "fit-split": splitOption(["validation", "test", "all"], "validation, or the classifier's", "Rows the cuts are refitted on"),
  objective: { type: "string", value: "macro_f1|accuracy|quadratic_kappa", help: "What refitted cuts maximise (default macro_f1, or the classifier's)." },
  refit: { type: "boolean", help: "Start with refitting on: the cuts are refitted whenever α, λ, the CAP source or the objective moves." },
});

export const EXPLORE_HELP = `capqa explore [--split test|validation|all] [--out FILE.html] [--serve PORT] [--classifier classifier.json]
              [--fit-split validation|test|all] [--objective macro_f1|accuracy|quadratic_kappa] [--refit]

Writes a self-contained HTML page (default out/explorer.html; plotly and the data inlined) where
α, λ and the cut points of the levels (the six severity levels, or a classifier's) move; it shows CAP's per-class histograms (stacked
or one per class) with the cuts and the levels between them, Spearman ρ, pairwise accuracy,
violations, accuracy, macro-F1, Cohen's κ (unweighted, linear, quadratic) and the confusion
matrix, recomputed in the browser. A cut's slider steps through the values midway between
consecutive distinct scores (each exact; type any other value in its box); cuts stay in order.
A checkbox refits the cuts (the dynamic programme of "capqa calibrate", on the --fit-split rows)
whenever α or λ moves. --classifier starts at a "capqa calibrate" classifier (its cuts exactly,
its α, λ and CAP source, its objective and fit split): the page's numbers are then those of
calibrate's report.json for the same --split. A refit takes well under a second on the validation
split, and seconds (quadratic κ: most of a minute) on --fit-split all. --serve PORT serves the page on 127.0.0.1 instead.

Options:
${optionsHelp(EXPLORE_OPTIONS)}`;

/** Reads and checks a classifier.json of "capqa calibrate". */
function readClassifier(file: string): ExplorerClassifierSettings {
  let c: ThresholdClassifier;
  try {
    c = JSON.parse(readFileSync(file, "utf8")) as ThresholdClassifier;
  } catch (e) {
    throw new Error(`${file}: ${(e as NodeJS.ErrnoException).code ? `cannot read: ${(e as Error).message}` : `not valid JSON: ${(e as Error).message}`}`);
  }
  return explorerSettingsFromClassifier(c, file);
}

export async function cmdExplore(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: parseOptions(EXPLORE_OPTIONS), strict: true });
  const split = choiceFlag(values.split, "split", SPLITS, "test");
  const port = values.serve === undefined ? undefined : intFlag(values.serve, "serve", 8765, 0, 65_535);
  const file = resolve(values.out ?? "out/explorer.html");
  if (port === undefined) checkOutputFile(file);
  if (values.classifier !== undefined && !existsSync(values.classifier)) throw new UsageError(`--classifier: no such file ${values.classifier}`);
  const settings = values.classifier === undefined ? undefined : readClassifier(values.classifier);
  const fitSplit = choiceFlag(values["fit-split"], "fit-split", ["validation", "test", "all"] as const, settings?.fitSplit ?? "validation");
  const objective = choiceFlag(values.objective, "objective", OBJECTIVES, settings?.objective ?? "macro_f1");
  const bench = loadBenchmark(values["data-dir"]);
  const data = exploreDataFromBenchmark(bench, split, fitSplit);
  if (settings?.source === "released" && data.cap === undefined) throw new Error(`${values.classifier} classifies the released CAP column, which ${bench.scores.file} does not have`);
  const html = buildExplorerPage(data, {
    title: `capqa explorer: CAP on the ${split} split`,
    ...(settings ? { levelSet: settings.levelSet, cuts: settings.cuts, alpha: settings.alpha, lambda: settings.lambda, source: settings.source, cutsFrom: `the classifier ${values.classifier}` } : {}),
    objective,
    refit: values.refit === true,
  });
  if (port !== undefined) {
    const server = createServer((req, res) => {
      // The page and nothing else: any other path is 404.
      if (req.method !== "GET" || !["/", "/index.html", "/explorer.html"].includes(new URL(req.url ?? "/", "http://127.0.0.1").pathname)) {
        res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
        res.end("not found\n");
        return;
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(html);
    });
    await new Promise<void>((ok, fail) => {
      server.once("error", (e: NodeJS.ErrnoException) =>
        fail(
          new Error(
            e.code === "EADDRINUSE"
              ? `port ${port} on 127.0.0.1 is in use by another program; choose another with --serve PORT (0 picks a free one)`
              : e.code === "EACCES"
                ? `port ${port} needs privileges this user does not have; choose a port above 1023 with --serve PORT`
                : `cannot serve on 127.0.0.1:${port}: ${e.message}`,
          ),
        ),
      );
      server.listen(port, "127.0.0.1", ok);
    });
    const address = server.address();
    const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/`;
    summary("explore", { url, split, fitSplit });
    err(`serving the explorer on ${url} (Ctrl-C to stop)`);
    await new Promise(() => {});
  }
  writeFileAtomic(file, html);
  summary("explore", { output: file, split, fitSplit, bytes: Buffer.byteLength(html) });
  err(`wrote ${file} (${(html.length / 1e6).toFixed(1)} MB)`);
  return 0;
}
