/** capqa explore: the interactive explorer as one HTML file, or served on localhost. */
import { parseArgs } from "node:util";
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { buildExplorerPage, checkOutputFile, exploreDataFromBenchmark, loadBenchmark, writeFileAtomic, type ThresholdClassifier } from "../lib/all.js";
import { COMMON_OPTIONS, choiceFlag, defineOptions, intFlag, optionsHelp, parseOptions, splitOption, err, summary } from "./args.js";

export const EXPLORE_OPTIONS = defineOptions({
  "data-dir": COMMON_OPTIONS["data-dir"],
  split: splitOption(["test", "validation", "all"], "test", "Rows shown"),
  out: { type: "string", value: "FILE.html", help: "The page written (default out/explorer.html)." },
  serve: { type: "string", value: "PORT", help: "Serve the page on 127.0.0.1:PORT instead of writing it (0 picks a free port)." },
  classifier: { type: "string", value: "FILE", help: 'Start the cuts at this "capqa calibrate" classifier\'s (severity levels).' },
});

export const EXPLORE_HELP = `capqa explore [--split test|validation|all] [--out FILE.html] [--serve PORT] [--classifier classifier.json]

Writes a self-contained HTML page (default out/explorer.html; plotly and the data inlined) with
sliders for α, λ and the five cut points of the severity levels; it shows CAP's per-class
distributions, Spearman ρ, pairwise accuracy, violations, accuracy, macro-F1, quadratic κ and the
confusion matrix, recomputed in the browser. --serve PORT serves it on 127.0.0.1 instead.
--classifier starts the cuts at a "capqa calibrate" classifier's (severity levels).

Options:
${optionsHelp(EXPLORE_OPTIONS)}`;

export async function cmdExplore(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: parseOptions(EXPLORE_OPTIONS), strict: true });
  const split = choiceFlag(values.split, "split", ["test", "validation", "all"] as const, "test");
  const port = values.serve === undefined ? undefined : intFlag(values.serve, "serve", 8765, 0, 65_535);
  const file = resolve(values.out ?? "out/explorer.html");
  if (port === undefined) checkOutputFile(file);
  const bench = loadBenchmark(values["data-dir"]);
  let cuts: number[] | undefined;
  if (values.classifier) {
    let c: ThresholdClassifier;
    try {
      c = JSON.parse(readFileSync(values.classifier, "utf8")) as ThresholdClassifier;
    } catch (e) {
      throw new Error(`${values.classifier}: ${(e as NodeJS.ErrnoException).code ? `cannot read: ${(e as Error).message}` : `not valid JSON: ${(e as Error).message}`}`);
    }
    if (c?.kind !== "capqa-threshold-classifier" || !Array.isArray(c.cuts) || c.cuts.length !== 5 || !c.cuts.every((x) => typeof x === "number" && Number.isFinite(x)))
      throw new Error(`${values.classifier} is not a severity-level classifier from capqa calibrate`);
    cuts = c.cuts.map((x) => Math.min(1, Math.max(0, x)));
  }
  const html = buildExplorerPage(exploreDataFromBenchmark(bench, split), { title: `capqa explorer: CAP on the ${split} split`, cuts });
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
    summary("explore", { url, split });
    err(`serving the explorer on ${url} (Ctrl-C to stop)`);
    await new Promise(() => {});
  }
  writeFileAtomic(file, html);
  summary("explore", { output: file, split, bytes: Buffer.byteLength(html) });
  err(`wrote ${file} (${(html.length / 1e6).toFixed(1)} MB)`);
  return 0;
}
