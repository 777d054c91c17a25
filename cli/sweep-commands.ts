/** capqa sweep: CAP's α–λ grid from released NLI probabilities (no model call). */
import { parseArgs } from "node:util";
import { join, resolve } from "node:path";
import {
  DEFAULT_BOOTSTRAP_RESAMPLES,
  DEFAULT_SEED,
  bestPoint,
  evaluateBenchmark,
  loadBenchmark,
  markdownTable,
  paper,
  parseGrid,
  releasedColumn,
  selectRows,
  sweepCap,
  sweepHeatmap,
  unitGrid,
  writeFileAtomic,
  writeTable,
  type SweepObjective,
  dataProvenance,
  writeFolder,
  checkOutputFolder,
  buildManifest,
  DEFAULT_ALPHA,
  DEFAULT_LAMBDA,
} from "../lib/all.js";
import { COMMON_OPTIONS, UsageError, choiceFlag, defineOptions, intFlag, optionsHelp, parseOptions, progressPrinter, splitOption, out, err, summary, jsonOutput } from "./args.js";

export const SWEEP_OPTIONS = defineOptions({
  "data-dir": COMMON_OPTIONS["data-dir"],
  split: splitOption(["validation", "test", "all"], "validation", "Rows the grid is computed on"),
  "alpha-grid": { type: "string", value: "LIST", help: 'Values of α: "0,0.3,0.5" or "start:stop:step" (default 0:1:0.05).' },
  "lambda-grid": { type: "string", value: "LIST", help: "Values of λ, as --alpha-grid (default 0:1:0.05)." },
  objective: { type: "string", value: "spearman|kendall|pairwise_accuracy", help: "The statistic the best point maximises (default spearman)." },
  bootstrap: { ...COMMON_OPTIONS.bootstrap, help: `Resamples for the test-split intervals of the best and the paper's point (default ${DEFAULT_BOOTSTRAP_RESAMPLES}; 0 = no test-split evaluation).` },
  seed: COMMON_OPTIONS.seed,
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
(DIR/best.json, DIR/summary.md), and heatmaps as plotly figure specs (DIR/heatmap-*.json);
DIR/meta.json holds the run's manifest.

Options:
${optionsHelp(SWEEP_OPTIONS)}`;

export async function cmdSweep(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: parseOptions(SWEEP_OPTIONS), strict: true });
  const split = choiceFlag(values.split, "split", ["validation", "test", "all"] as const, "validation");
  const dir = resolve(values.out ?? `out/sweep-${split}`);
  checkOutputFolder(dir);
  const objective = choiceFlag(values.objective, "objective", ["spearman", "kendall", "pairwise_accuracy"] as const, "spearman") as SweepObjective;
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
  const sel = selectRows(bench, split);
  const col = (f: string) => releasedColumn(bench, f, sel.rowIds);
  const inputs = { peForward: col("pe_f"), pnForward: col("pn_f"), peReverse: col("pe_r"), pnReverse: col("pn_r"), classes: sel.classes };
  const started = Date.now();
  const points = sweepCap(inputs, alphas, lambdas);
  // Everything is written at the end, into a folder that replaces the previous one as a whole.
  const writes: ((d: string) => void)[] = [(d) => writeTable(d, "sweep", points as unknown as Record<string, unknown>[])];
  const best = bestPoint(points, objective);
  const table12 = paper.TABLE12.map((t) => {
    const [p] = sweepCap(inputs, [t.alpha], [t.lambda]);
    return { ...t, ours: p };
  });
  const f2 = (x: number) => x.toFixed(2);
  const md: string[] = [
    `# CAP α–λ sweep (${split} split, ${sel.rowIds.length} rows, ${points.length} grid points, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    "",
    "## Table 12 beside the paper",
    "",
    markdownTable(
      ["α", "λ", "Spearman (paper)", "Spearman (capqa)", "PairAcc (paper)", "PairAcc (capqa)", "violations (paper)", "violations (capqa)"],
      table12.map((t) => [t.alpha, t.lambda, f2(t.spearman), f2(100 * t.ours.spearman), f2(t.pairwiseAccuracy), f2(100 * t.ours.pairwise_accuracy), `${t.violations}/25`, `${t.ours.violations}/25`]),
    ),
    "",
    `Best point by ${objective}: α ${best.alpha}, λ ${best.lambda} (Spearman ${f2(100 * best.spearman)}, Kendall ${f2(100 * best.kendall)}, pairwise accuracy ${f2(100 * best.pairwise_accuracy)}, ${best.violations}/25 violations).`,
  ];
  const results: Record<string, unknown> = { split, objective, best, table12 };
  if (split !== "test" && resamples > 0) {
    const evalAt = (alpha: number, lambda: number) =>
      evaluateBenchmark(bench, {
        split: "test",
        metrics: ["cap"],
        capWeights: { alpha, lambda },
        resamples,
        seed,
        onProgress: values.quiet ? undefined : progressPrinter(`bootstrap α ${alpha} λ ${lambda}`),
      });
    const chosen = await evalAt(best.alpha, best.lambda);
    const paperPoint = await evalAt(DEFAULT_ALPHA, DEFAULT_LAMBDA);
    const row = (name: string, e: Awaited<ReturnType<typeof evalAt>>) => {
      const c = e.tables.correlations[0];
      const m = e.tables.monotonicity[0];
      const ci = (a: unknown, b: unknown) => `[${f2(100 * (a as number))}, ${f2(100 * (b as number))}]`;
      return [
        name,
        f2(100 * (c.spearman as number)),
        ci(c.spearman_ci_low, c.spearman_ci_high),
        f2(100 * (c.kendall as number)),
        ci(c.kendall_ci_low, c.kendall_ci_high),
        f2(100 * (c.pairwise_accuracy as number)),
        ci(c.pairwise_accuracy_ci_low, c.pairwise_accuracy_ci_high),
        `${m.mean_violations}/25`,
      ];
    };
    md.push(
      "",
      `## On the test split (${chosen.n} rows, ${resamples} bootstrap resamples)`,
      "",
      markdownTable(
        ["point", "Spearman", "CI", "Kendall", "CI", "PairAcc", "CI", "violations"],
        [row(`best: α ${best.alpha}, λ ${best.lambda}`, chosen), row(`paper: α ${DEFAULT_ALPHA}, λ ${DEFAULT_LAMBDA}`, paperPoint)],
      ),
    );
    results.test = { best: chosen.tables.correlations[0], paper: paperPoint.tables.correlations[0] };
  }
  const marks = [
    { alpha: best.alpha, lambda: best.lambda, label: "best" },
    { alpha: DEFAULT_ALPHA, lambda: DEFAULT_LAMBDA, label: "paper" },
  ];
  for (const [stat, title] of [
    ["spearman", "Spearman ρ"],
    ["pairwise_accuracy", "pairwise accuracy"],
    ["violations", "monotonicity violations"],
  ] as const) {
    writes.push((d) =>
      writeFileAtomic(
        join(d, `heatmap-${stat}.json`),
        JSON.stringify(
          sweepHeatmap(points as unknown as { alpha: number; lambda: number; [k: string]: number }[], stat, {
            title: `${title} of CAP over α and λ (${split})`,
            marks,
            percent: stat !== "violations",
          }),
        ) + "\n",
      ),
    );
  }
  const data = dataProvenance(bench);
  const manifest = buildManifest({ command: ["sweep", ...argv], data, cap: { alpha: alphas, lambda: lambdas } });
  writes.push((d) => writeFileAtomic(join(d, "best.json"), JSON.stringify({ ...results, data }, null, 2) + "\n"));
  writes.push((d) => writeFileAtomic(join(d, "summary.md"), md.join("\n") + "\n"));
  writes.push((d) => writeFileAtomic(join(d, "meta.json"), JSON.stringify({ command: "sweep", split, objective, points: points.length, resamples, seed, data, manifest }, null, 2) + "\n"));
  writeFolder(dir, (d) => writes.forEach((w) => w(d)));
  summary("sweep", {
    output: dir,
    split,
    rows: sel.rowIds.length,
    objective,
    alphaGrid: alphas,
    lambdaGrid: lambdas,
    points: points.length,
    best,
    table12,
    test: results.test ?? null,
    resamples,
    seed,
    warnings: bench.warnings,
  });
  if (!values.quiet && !jsonOutput()) out(md.join("\n"));
  err(`wrote ${dir}`);
  return 0;
}
