/**
 * The α–λ sweep's heatmaps (capqa sweep writes them, notebook 07 and the figure catalogue show
 * them): Spearman ρ, pairwise accuracy and monotonicity violations over the grid, the best and the
 * paper's point marked.
 */
import { DEFAULT_ALPHA, DEFAULT_LAMBDA } from "../constants.js";
import type { SweepResult } from "../sweep/workflow.js";
import { sweepHeatmap, type PlotlyFigure } from "./heatmap.js";
import type { ColumnWidth } from "./palette.js";

export type SweepHeatmapStatistic = "spearman" | "pairwise_accuracy" | "violations";

/** The statistics drawn as heatmaps, their names and whether they are shown ×100. */
export const SWEEP_HEATMAPS: readonly { readonly statistic: SweepHeatmapStatistic; readonly label: string; readonly percent: boolean }[] = [
  { statistic: "spearman", label: "Spearman ρ", percent: true },
  { statistic: "pairwise_accuracy", label: "pairwise accuracy", percent: true },
  { statistic: "violations", label: "monotonicity violations", percent: false },
];

export interface SweepHeatmap {
  readonly statistic: SweepHeatmapStatistic;
  readonly label: string;
  readonly spec: PlotlyFigure;
}

export interface SweepHeatmapOptions {
  /** Paper column the figures are sized for (default single). */
  readonly width?: ColumnWidth;
  /** A title on each figure (default true). */
  readonly titles?: boolean;
  /** Points marked (default the best point, then the paper's). */
  readonly marks?: readonly { readonly alpha: number; readonly lambda: number; readonly label: string }[];
}

/** One statistic of a sweep over its α–λ grid. */
export function sweepHeatmapSpec(
  r: Pick<SweepResult, "points" | "best" | "split">,
  statistic: SweepHeatmapStatistic,
  options: SweepHeatmapOptions = {},
): PlotlyFigure {
  const h = SWEEP_HEATMAPS.find((s) => s.statistic === statistic);
  if (h === undefined)
    throw new Error(`no sweep heatmap of "${String(statistic)}"; expected ${SWEEP_HEATMAPS.map((s) => s.statistic).join(", ")}`);
  const marks = options.marks ?? [
    { alpha: r.best.alpha, lambda: r.best.lambda, label: "best" },
    { alpha: DEFAULT_ALPHA, lambda: DEFAULT_LAMBDA, label: "paper" },
  ];
  return sweepHeatmap(r.points, statistic, {
    ...((options.titles ?? true) ? { title: `${h.label} of CAP over α and λ (${r.split})` } : {}),
    marks: marks.map((m) => ({ ...m })),
    percent: h.percent,
    ...(options.width ? { width: options.width } : {}),
  });
}

/** Spearman, pairwise accuracy and violations of a sweep over its grid. */
export function sweepHeatmaps(r: Pick<SweepResult, "points" | "best" | "split">, options: SweepHeatmapOptions = {}): SweepHeatmap[] {
  return SWEEP_HEATMAPS.map((h) => ({ statistic: h.statistic, label: h.label, spec: sweepHeatmapSpec(r, h.statistic, options) }));
}
