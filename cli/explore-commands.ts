/** capqa explore: the interactive explorer as one HTML file, or served on localhost. */
import { parseArgs } from "node:util";
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { buildExplorerPage, exploreDataFromBenchmark, loadBenchmark, writeFileAtomic, type ThresholdClassifier } from "../lib/index.js";
import { choiceFlag, intFlag, err } from "./args.js";


export const EXPLORE_HELP = `capqa explore [--split test|validation|all] [--out FILE.html] [--serve PORT] [--classifier classifier.json]

Writes a self-contained HTML page (default out/explorer.html; plotly and the data inlined) with
sliders for α, λ and the five cut points of the severity levels; it shows CAP's per-class
distributions, Spearman ρ, pairwise accuracy, violations, accuracy, macro-F1, quadratic κ and the
confusion matrix, recomputed in the browser. --serve PORT serves it on 127.0.0.1 instead.
--classifier starts the cuts at a "capqa calibrate" classifier's (severity levels).`;

export async function cmdExplore(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { "data-dir": { type: "string" }, split: { type: "string" }, out: { type: "string" }, serve: { type: "string" }, classifier: { type: "string" } }, strict: true });
  const split = choiceFlag(values.split, "split", ["test", "validation", "all"] as const, "test");
  const bench = loadBenchmark(values["data-dir"]);
  let cuts: number[] | undefined;
  if (values.classifier) {
    const c = JSON.parse(readFileSync(values.classifier, "utf8")) as ThresholdClassifier;
    if (c.kind !== "capqa-threshold-classifier" || c.cuts.length !== 5) throw new Error(`${values.classifier} is not a severity-level classifier from capqa calibrate`);
    cuts = c.cuts.map((x) => Math.min(1, Math.max(0, x)));
  }
  const html = buildExplorerPage(exploreDataFromBenchmark(bench, split), { title: `capqa explorer: CAP on the ${split} split`, cuts });
  if (values.serve !== undefined) {
    const port = intFlag(values.serve, "serve", 8765, 0);
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(html);
    });
    await new Promise<void>((ok) => server.listen(port, "127.0.0.1", ok));
    const address = server.address();
    err(`serving the explorer on http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/ (Ctrl-C to stop)`);
    await new Promise(() => {});
  }
  const file = resolve(values.out ?? "out/explorer.html");
  writeFileAtomic(file, html);
  err(`wrote ${file} (${(html.length / 1e6).toFixed(1)} MB)`);
  return 0;
}
