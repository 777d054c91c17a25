/**
 * The α–λ sweep as one workflow (paper App. C.3, Table 12), the one `capqa sweep`, the figure
 * catalogue and notebook 07 call: the grid on a split from the released NLI probabilities (no
 * model call), Table 12's five points beside the paper, the best point by an objective, the
 * paper's point (α 0.85, λ 0.3; computed on its own when the grid does not hold it), both on the
 * test split with bootstrap intervals; then the same as Markdown (the heatmaps: lib/figures/sweep-heatmaps.ts).
 */
import { DEFAULT_ALPHA, DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_LAMBDA, DEFAULT_SEED } from "../constants.js";
import { releasedColumn, selectRows, type Benchmark, type SplitChoice } from "../data/benchmark.js";
import { evaluateBenchmark } from "../eval/benchmark-eval.js";
import type { TableRow } from "../eval/evaluate.js";
import { markdownTable } from "../io/format.js";
import { TABLE12 } from "../paper/numbers.js";
import { HARD_PAIRS, SHORT_NAMES, type CorrectnessClass } from "../taxonomy/index.js";
import { bestPoint, sweepCap, unitGrid, type DirectionalInputs, type SweepObjective, type SweepPoint } from "./core.js";

/** NLI probabilities and classes of a split, as the sweep takes them (released, no model call). */
export function benchmarkSweepInputs(bench: Benchmark, split: SplitChoice = "validation"): DirectionalInputs {
  const sel = selectRows(bench, split);
  const col = (f: string) => releasedColumn(bench, f, sel.rowIds);
  return { peForward: col("pe_f"), pnForward: col("pn_f"), peReverse: col("pe_r"), pnReverse: col("pn_r"), classes: sel.classes };
}

export interface SweepOptions {
  /** Rows the grid is computed on (default validation). */
  readonly split?: SplitChoice;
  /** Values of α (default: unitGrid(step)). */
  readonly alphaGrid?: readonly number[];
  /** Values of λ (default: unitGrid(step)). */
  readonly lambdaGrid?: readonly number[];
  /** Step of a grid not given (default 0.05: 0, 0.05, … 1). Any step in (0, 1] works. */
  readonly step?: number;
  /** The statistic the best point maximises (default spearman). */
  readonly objective?: SweepObjective;
  /**
   * Bootstrap resamples of the test-split intervals of the best and the paper's point (default
   * 10,000); 0, or a sweep on the test split itself, evaluates nothing on the test split.
   */
  readonly resamples?: number;
  readonly seed?: number;
  /** A progress callback for each test-split evaluation (called just before it starts). */
  readonly onProgress?: (point: {
    readonly label: "best" | "paper";
    readonly alpha: number;
    readonly lambda: number;
  }) => ((done: number, total: number) => void) | undefined;
}

/** A row of Table 12: the paper's printed numbers (×100) and capqa's point at the same α, λ. */
export interface Table12Row {
  readonly alpha: number;
  readonly lambda: number;
  readonly spearman: number;
  readonly pairwiseAccuracy: number;
  readonly violations: number;
  readonly ours: SweepPoint;
}

/** The paper's point (α 0.85, λ 0.3) on the sweep's split; onGrid says whether the grid holds it. */
export interface SweepPaperPoint extends SweepPoint {
  readonly onGrid: boolean;
}

/** The best and the paper's point on the test split. */
export interface SweepTestSplit {
  readonly n: number;
  readonly resamples: number;
  readonly seed: number;
  /** The correlations row of `capqa evaluate` (Spearman, Kendall, pairwise accuracy, their intervals). */
  readonly best: TableRow;
  readonly paper: TableRow;
  /** Monotonicity violations (of 25 class pairs). */
  readonly violations: { readonly best: number; readonly paper: number };
}

export interface SweepResult {
  readonly split: SplitChoice;
  /** Rows of the split. */
  readonly rows: number;
  readonly objective: SweepObjective;
  readonly alphaGrid: number[];
  readonly lambdaGrid: number[];
  /** Every grid point, α major, λ minor. */
  readonly points: SweepPoint[];
  readonly best: SweepPoint;
  readonly paperPoint: SweepPaperPoint;
  readonly table12: Table12Row[];
  /** Seconds the grid, Table 12 and the paper's point took. */
  readonly seconds: number;
  /** The best and the paper's point on the test split (absent with resamples 0 or on the test split). */
  readonly test?: SweepTestSplit;
}

const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/** The grid part of the sweep (everything but the test split): synchronous, no bootstrap. */
export function computeSweep(bench: Benchmark, options: Omit<SweepOptions, "resamples" | "seed" | "onProgress"> = {}): SweepResult {
  const split = options.split ?? "validation";
  const objective = options.objective ?? "spearman";
  const alphaGrid = [...(options.alphaGrid ?? unitGrid(options.step))];
  const lambdaGrid = [...(options.lambdaGrid ?? unitGrid(options.step))];
  const inputs = benchmarkSweepInputs(bench, split);
  const started = Date.now();
  const points = sweepCap(inputs, alphaGrid, lambdaGrid);
  const best = bestPoint(points, objective);
  const table12 = TABLE12.map((t) => {
    const [ours] = sweepCap(inputs, [t.alpha], [t.lambda]);
    return { ...t, ours };
  });
  const onGrid = points.find((p) => same(p.alpha, DEFAULT_ALPHA) && same(p.lambda, DEFAULT_LAMBDA));
  const paperPoint: SweepPaperPoint = {
    ...(onGrid ?? sweepCap(inputs, [DEFAULT_ALPHA], [DEFAULT_LAMBDA])[0]),
    onGrid: onGrid !== undefined,
  };
  const seconds = (Date.now() - started) / 1000;
  return { split, rows: inputs.classes.length, objective, alphaGrid, lambdaGrid, points, best, paperPoint, table12, seconds };
}

/**
 * The whole sweep: computeSweep, then the best and the paper's point evaluated on the test split
 * with bootstrap intervals (the numbers `capqa sweep` prints and writes).
 *
 * @example
 * const sweep = await runSweep(loadBenchmark(), { step: 0.1, resamples: 1000 });
 * console.log(sweep.best, sweep.paperPoint);
 */
export async function runSweep(bench: Benchmark, options: SweepOptions = {}): Promise<SweepResult> {
  const r = computeSweep(bench, options);
  const resamples = options.resamples ?? DEFAULT_BOOTSTRAP_RESAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  if (r.split === "test" || resamples <= 0) return r;
  const evalAt = (label: "best" | "paper", alpha: number, lambda: number) =>
    evaluateBenchmark(bench, {
      split: "test",
      metrics: ["cap"],
      capWeights: { alpha, lambda },
      resamples,
      seed,
      onProgress: options.onProgress?.({ label, alpha, lambda }),
    });
  const chosen = await evalAt("best", r.best.alpha, r.best.lambda);
  const paperEval = await evalAt("paper", DEFAULT_ALPHA, DEFAULT_LAMBDA);
  const test: SweepTestSplit = {
    n: chosen.n,
    resamples,
    seed,
    best: chosen.tables.correlations[0],
    paper: paperEval.tables.correlations[0],
    violations: {
      best: chosen.tables.monotonicity[0].mean_violations as number,
      paper: paperEval.tables.monotonicity[0].mean_violations as number,
    },
  };
  return { ...r, test };
}

// ------------------------------------------------------------------ Markdown

/** Statistics as the paper prints them: ×100, two decimals. */
const pct = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? (100 * x).toFixed(2) : "—");
const interval = (lo: unknown, hi: unknown) => `[${pct(lo)}, ${pct(hi)}]`;

/** Table 12's five points: the paper's numbers beside capqa's. */
export function sweepTable12Markdown(r: Pick<SweepResult, "table12">): string {
  return markdownTable(
    ["α", "λ", "Spearman (paper)", "Spearman (capqa)", "PairAcc (paper)", "PairAcc (capqa)", "violations (paper)", "violations (capqa)"],
    r.table12.map((t) => [
      t.alpha,
      t.lambda,
      t.spearman.toFixed(2),
      pct(t.ours.spearman),
      t.pairwiseAccuracy.toFixed(2),
      pct(t.ours.pairwise_accuracy),
      `${t.violations}/25`,
      `${t.ours.violations}/25`,
    ]),
  );
}

/** One sentence on the best point. */
export function sweepBestMarkdown(r: Pick<SweepResult, "best" | "objective">): string {
  const b = r.best;
  return `Best point by ${r.objective}: α ${b.alpha}, λ ${b.lambda} (Spearman ${pct(b.spearman)}, Kendall ${pct(b.kendall)}, pairwise accuracy ${pct(b.pairwise_accuracy)}, ${b.violations}/25 violations).`;
}

/** The best and the paper's point on the sweep's split, saying whether the grid holds the paper's. */
export function sweepPointsMarkdown(r: Pick<SweepResult, "best" | "paperPoint" | "objective" | "split">): string {
  const row = (name: string, p: SweepPoint, where: string) => [
    name,
    p.alpha,
    p.lambda,
    pct(p.spearman),
    pct(p.kendall),
    pct(p.pairwise_accuracy),
    `${p.violations}/25`,
    where,
  ];
  return markdownTable(
    ["point", "α", "λ", "Spearman ρ", "Kendall τ", "pairwise acc.", "violations", "where"],
    [
      row(`best by ${r.objective}`, r.best, "on the grid"),
      row("paper", r.paperPoint, r.paperPoint.onGrid ? "on the grid" : "not on the grid: computed on its own"),
    ],
  );
}

/** The best and the paper's point on the test split with their intervals ("" when not evaluated). */
export function sweepTestMarkdown(r: Pick<SweepResult, "best" | "test">): string {
  const t = r.test;
  if (t === undefined) return "";
  const row = (name: string, c: TableRow, violations: number) => [
    name,
    pct(c.spearman),
    interval(c.spearman_ci_low, c.spearman_ci_high),
    pct(c.kendall),
    interval(c.kendall_ci_low, c.kendall_ci_high),
    pct(c.pairwise_accuracy),
    interval(c.pairwise_accuracy_ci_low, c.pairwise_accuracy_ci_high),
    `${violations}/25`,
  ];
  return markdownTable(
    ["point", "Spearman", "CI", "Kendall", "CI", "PairAcc", "CI", "violations"],
    [
      row(`best: α ${r.best.alpha}, λ ${r.best.lambda}`, t.best, t.violations.best),
      row(`paper: α ${DEFAULT_ALPHA}, λ ${DEFAULT_LAMBDA}`, t.paper, t.violations.paper),
    ],
  );
}

/** The report `capqa sweep` prints and writes as summary.md. */
export function sweepMarkdown(r: SweepResult): string {
  const md = [
    `# CAP α–λ sweep (${r.split} split, ${r.rows} rows, ${r.points.length} grid points, ${r.seconds.toFixed(1)} s)`,
    "",
    "## Table 12 beside the paper",
    "",
    sweepTable12Markdown(r),
    "",
    sweepBestMarkdown(r),
  ];
  if (r.test) md.push("", `## On the test split (${r.test.n} rows, ${r.test.resamples} bootstrap resamples)`, "", sweepTestMarkdown(r));
  return md.join("\n");
}

// ------------------------------------------------------------------ α alone

export interface AlphaTradeoffRow {
  readonly alpha: number;
  readonly lambda: number;
  readonly spearman: number;
  /** Accuracy of each hard pair of Table 4, keyed "better>worse" (e.g. "overinclusive_valid>partial"). */
  readonly hardPairs: Readonly<Record<string, number>>;
  readonly violations: number;
}

/**
 * CAP recomputed for several α at one λ on a split (App. E's trade-off): overall Spearman ρ, the
 * hard pairs of Table 4 and the monotonicity violations at each α. No bootstrap.
 */
export async function alphaTradeoff(
  bench: Benchmark,
  options: { alphas?: readonly number[]; lambda?: number; split?: SplitChoice } = {},
): Promise<{ split: SplitChoice; n: number; rows: AlphaTradeoffRow[] }> {
  const alphas = options.alphas ?? [0.15, 0.3, 0.5, 0.7, DEFAULT_ALPHA, 1];
  const lambda = options.lambda ?? DEFAULT_LAMBDA;
  const split = options.split ?? "test";
  const rows: AlphaTradeoffRow[] = [];
  let n = 0;
  for (const alpha of alphas) {
    const ev = await evaluateBenchmark(bench, { split, metrics: ["cap"], capWeights: { alpha, lambda }, resamples: 0 });
    n = ev.n;
    const hardPairs = Object.fromEntries(ev.tables.hard_pairs.map((h) => [`${h.better}>${h.worse}`, h.accuracy as number]));
    rows.push({
      alpha,
      lambda,
      spearman: ev.tables.correlations[0].spearman as number,
      hardPairs,
      violations: ev.tables.monotonicity[0].mean_violations as number,
    });
  }
  return { split, n, rows };
}

/** The trade-off as a table: α, Spearman ρ, the four hard pairs (×100) and violations. */
export function alphaTradeoffMarkdown(t: { rows: readonly AlphaTradeoffRow[] }): string {
  const name = (c: CorrectnessClass) => SHORT_NAMES[c];
  return markdownTable(
    ["α", "λ", "Spearman ρ", ...HARD_PAIRS.map(([b, w]) => `${name(b)} > ${name(w)}`), "violations"],
    t.rows.map((r) => [
      r.alpha,
      r.lambda,
      pct(r.spearman),
      ...HARD_PAIRS.map(([b, w]) => pct(r.hardPairs[`${b}>${w}`])),
      `${r.violations}/25`,
    ]),
  );
}
