/** capqa sweep: CAP's α–λ grid from released NLI probabilities (no model call). */
import { parseArgs } from "node:util";
import { markdownForTerminal } from "./terminal.js";
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_SEED, DEFAULT_ALPHA, DEFAULT_LAMBDA, PAIRED_STATISTICS } from "../lib/constants.js";
import { loadBenchmark, dataProvenance, SPLIT_CHOICES } from "../lib/data/index.js";
import {
  CHROMIUM_INSTALL_HINT,
  exportFigures,
  figureFileName,
  findChromium,
  sweepHeatmaps,
  type SweepHeatmap,
} from "../lib/figures/index.js";
import { writeFileAtomic, writeTable, writeFolderAsync, checkOutputFolder, buildManifest } from "../lib/io/index.js";
import { parseGrid, runSweep, sweepMarkdown, unitGrid } from "../lib/sweep/index.js";
import { COMMON_OPTIONS, UsageError, choiceFlag, defineOptions, intFlag, optionsHelp, parseOptions, splitOption } from "./args.js";
import { progressPrinter, out, err, summary, jsonOutput } from "./output.js";
import { CONFIG_OPTION, withConfig } from "./config-flag.js";

export const SWEEP_OPTIONS = defineOptions({
  "data-dir": COMMON_OPTIONS["data-dir"],
  split: splitOption(SPLIT_CHOICES, "validation", "Rows the grid is computed on"),
  "alpha-grid": { type: "string", value: "LIST", help: 'Values of α: "0,0.3,0.5" or "start:stop:step" (default 0:1:0.05).' },
  "lambda-grid": { type: "string", value: "LIST", help: "Values of λ, as --alpha-grid (default 0:1:0.05)." },
  objective: {
    type: "string",
    value: "spearman|kendall|pairwise_accuracy",
    help: "The statistic the best point maximises (default spearman).",
  },
  bootstrap: {
    ...COMMON_OPTIONS.bootstrap,
    help: `Resamples for the test-split intervals of the best and the paper's point (default ${DEFAULT_BOOTSTRAP_RESAMPLES}; 0 = no test-split evaluation).`,
  },
  seed: COMMON_OPTIONS.seed,
  config: CONFIG_OPTION,
  out: { type: "string", value: "DIR", help: "Output folder (default out/sweep-<split>)." },
  quiet: COMMON_OPTIONS.quiet,
});

export const SWEEP_HELP = `capqa sweep [--split validation|test|all] [--alpha-grid LIST] [--lambda-grid LIST]
            [--objective spearman|kendall|pairwise_accuracy] [--bootstrap N] [--seed S] [--out DIR]

Every (α, λ) of the grid (default 0 to 1 in steps of 0.05; LIST is "0,0.3,0.5" or "0:1:0.05"),
CAP recomputed from the released NLI probabilities: Spearman, Kendall, pairwise accuracy and
violations, written to DIR/sweep.json and .csv. Then Table 12's five rows beside the paper, the
best point by the objective (ties: fewer violations, then the other statistics, then nearest to
α ${DEFAULT_ALPHA}, λ ${DEFAULT_LAMBDA}), and that point and the paper's on the test split with bootstrap intervals
(DIR/best.json, DIR/summary.md), and heatmaps of Spearman, pairwise accuracy and violations as
plotly figure specs (DIR/heatmap-*.json) and, through headless Chromium, as images
(DIR/heatmap-*-single.svg and .png, listed in DIR/index.json; without Chromium only the JSON,
and the command says so); DIR/meta.json holds the run's manifest.

Options:
${optionsHelp(SWEEP_OPTIONS)}`;

export async function cmdSweep(argv: string[]): Promise<number> {
  const values = withConfig(parseArgs({ args: argv, options: parseOptions(SWEEP_OPTIONS), strict: true }).values, SWEEP_OPTIONS, "sweep");
  const split = choiceFlag(values.split, "split", SPLIT_CHOICES, "validation");
  const dir = resolve(values.out ?? `out/sweep-${split}`);
  checkOutputFolder(dir);
  const objective = choiceFlag(values.objective, "objective", PAIRED_STATISTICS, "spearman");
  const grid = (flag: "alpha-grid" | "lambda-grid") => {
    try {
      return values[flag] ? parseGrid(values[flag]!) : unitGrid();
    } catch (e) {
      throw new UsageError(`--${flag}: ${(e as Error).message}`);
    }
  };
  const alphas = grid("alpha-grid");
  const lambdas = grid("lambda-grid");
  const resamples = intFlag(values.bootstrap, "bootstrap", DEFAULT_BOOTSTRAP_RESAMPLES, 0);
  const seed = intFlag(values.seed, "seed", DEFAULT_SEED, 0);
  const bench = loadBenchmark(values["data-dir"]);
  const result = await runSweep(bench, {
    split,
    alphaGrid: alphas,
    lambdaGrid: lambdas,
    objective,
    resamples,
    seed,
    onProgress: values.quiet ? undefined : (p) => progressPrinter(`bootstrap α ${p.alpha} λ ${p.lambda}`),
  });
  const { points, best, table12 } = result;
  const md = sweepMarkdown(result);
  const test = result.test ? { best: result.test.best, paper: result.test.paper } : undefined;
  const data = dataProvenance(bench);
  const manifest = buildManifest({ command: ["sweep", ...argv], data, cap: { alpha: alphas, lambda: lambdas } });
  // Everything is written at the end, into a folder that replaces the previous one as a whole.
  const images = await writeFolderAsync(dir, async (d) => {
    writeTable(d, "sweep", points as unknown as Record<string, unknown>[]);
    const heatmaps = sweepHeatmaps(result);
    for (const h of heatmaps) writeFileAtomic(join(d, `heatmap-${h.statistic}.json`), JSON.stringify(h.spec) + "\n");
    writeFileAtomic(
      join(d, "best.json"),
      JSON.stringify({ split, objective, best, table12, ...(test ? { test } : {}), data }, null, 2) + "\n",
    );
    writeFileAtomic(join(d, "summary.md"), md + "\n");
    writeFileAtomic(
      join(d, "meta.json"),
      JSON.stringify({ command: "sweep", split, objective, points: points.length, resamples, seed, data, manifest }, null, 2) + "\n",
    );
    return heatmapImages(heatmaps, d, split);
  });
  if (images.reason !== undefined) err(`capqa sweep: heatmaps written as plotly JSON only, not as SVG or PNG: ${images.reason}`);
  summary("sweep", {
    output: dir,
    split,
    rows: result.rows,
    objective,
    alphaGrid: alphas,
    lambdaGrid: lambdas,
    points: points.length,
    best,
    table12,
    test: test ?? null,
    heatmapImages: images.files ?? null,
    resamples,
    seed,
    warnings: bench.warnings,
  });
  if (!values.quiet && !jsonOutput()) out(markdownForTerminal(md));
  err(`wrote ${dir}`);
  return 0;
}

/** The heatmaps as SVG and PNG through headless Chromium; without it (or when export fails) none, and why. */
async function heatmapImages(
  heatmaps: readonly SweepHeatmap[],
  dir: string,
  split: string,
): Promise<{ files?: string[]; reason?: string }> {
  const chromium = findChromium();
  if (chromium === undefined) return { reason: `no Chromium found: ${CHROMIUM_INSTALL_HINT}` };
  const jobs = heatmaps.map((h) => ({
    id: `heatmap-${h.statistic}`,
    width: "single" as const,
    spec: h.spec,
    title: `${h.label} (${split})`,
  }));
  try {
    const index = await exportFigures(jobs, dir, { formats: ["svg", "png"], executablePath: chromium });
    return { files: index.files.map((f) => f.file) };
  } catch (e) {
    // No half set of images: what was written before the failure goes.
    for (const j of jobs) for (const f of ["svg", "png"] as const) rmSync(join(dir, figureFileName(j.id, j.width, f)), { force: true });
    rmSync(join(dir, "index.json"), { force: true });
    return { reason: (e as Error).message.split("\n")[0] };
  }
}
