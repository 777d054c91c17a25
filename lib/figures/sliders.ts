/**
 * Interactive figures for notebooks: one figure with a slider that steps through precomputed
 * variants (plain plotly sliders, so they work wherever the figure is shown, with no kernel).
 */
import { DEFAULT_ALPHA, DEFAULT_LAMBDA } from "../constants.js";
import type { Benchmark } from "../data/benchmark.js";
import type { SplitChoice } from "../data/benchmark.js";
import type { CalibrationObjective } from "../calibrate/classifier.js";
import type { PlotlyFigure } from "./heatmap.js";
import type { ColumnWidth } from "./palette.js";
import { TICK_FONT_SIZE } from "./palette.js";
import { runCalibration } from "../calibrate/workflow.js";
import { thresholdFigure } from "./builders.js";

const DATA_KEYS = ["x", "y", "z", "text"] as const;

/**
 * Several variants of one figure (same traces, other data) behind a slider. Each step swaps the
 * traces' x, y, z and text and the layout's title and annotations.
 */
export function steppedFigure(
  steps: readonly { readonly label: string; readonly figure: PlotlyFigure }[],
  options: { prefix?: string; active?: number } = {},
): PlotlyFigure {
  if (steps.length === 0) throw new Error("steppedFigure needs at least one step");
  const active = options.active ?? 0;
  const base = steps[active].figure;
  for (const s of steps)
    if (s.figure.data.length !== base.data.length)
      throw new Error(`step "${s.label}" has ${s.figure.data.length} traces, the first ${base.data.length}`);
  const keys = DATA_KEYS.filter((k) => base.data.every((t) => t[k] !== undefined));
  const sliderSteps = steps.map((s) => {
    const data: Record<string, unknown[]> = {};
    for (const k of keys) data[k] = s.figure.data.map((t) => t[k]);
    const title = (s.figure.layout.title as { text?: string } | undefined)?.text;
    const layout: Record<string, unknown> = {};
    if (title !== undefined) layout["title.text"] = title;
    if (s.figure.layout.annotations !== undefined) layout.annotations = s.figure.layout.annotations;
    return { label: s.label, method: "update", args: [data, layout] };
  });
  const margin = (base.layout.margin ?? {}) as Record<string, number>;
  const height = Number(base.layout.height) || 300;
  return {
    data: base.data,
    layout: {
      ...base.layout,
      height: height + 70,
      margin: { ...margin, b: (margin.b ?? 8) + 70 },
      sliders: [
        {
          active,
          steps: sliderSteps,
          x: 0,
          len: 1,
          y: 0,
          yanchor: "top",
          pad: { t: 48, b: 0 },
          currentvalue: { prefix: options.prefix ?? "", font: { size: TICK_FONT_SIZE + 1 } },
          font: { size: TICK_FONT_SIZE - 1 },
          transition: { duration: 0 },
        },
      ],
    },
  };
}

/**
 * CAP as a classifier under other α (λ fixed): for every α of the grid, CAP recomputed from the
 * released probabilities, cut points fitted on one split, the stacked score histogram of the
 * other with the cuts, and accuracy and macro-F1 in the title; a slider steps through α.
 */
export function calibrationExplorerFigure(
  bench: Benchmark,
  options: {
    alphas?: readonly number[];
    lambda?: number;
    objective?: CalibrationObjective;
    levels?: "severity" | "classes";
    fitSplit?: SplitChoice;
    evalSplit?: SplitChoice;
    width?: ColumnWidth;
  } = {},
): PlotlyFigure {
  const alphas = options.alphas ?? [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, DEFAULT_ALPHA, 0.9, 1];
  const lambda = options.lambda ?? DEFAULT_LAMBDA;
  const steps = alphas.map((alpha) => {
    // The figure shows point estimates only: no bootstrap intervals (resamples 0) for any step.
    const c = runCalibration(bench, {
      alpha,
      lambda,
      objective: options.objective,
      levels: options.levels,
      fitSplit: options.fitSplit,
      evalSplit: options.evalSplit,
      resamples: 0,
    });
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    const title = `α = ${alpha}, λ = ${lambda}: calibrated accuracy ${pct(c.report.accuracy)}, macro-F1 ${pct(c.report.macroF1)} (equal-width ${pct(c.equalWidthReport.accuracy)}, ${pct(c.equalWidthReport.macroF1)})`;
    return {
      label: String(alpha),
      figure: thresholdFigure(
        {
          scores: c.evaluation.scores,
          classes: c.evaluation.classes,
          cutSets: [
            { name: "calibrated cuts", cuts: c.calibrated.cuts },
            { name: "equal-width cuts", cuts: c.equalWidth.cuts },
          ],
        },
        { width: options.width ?? "double", title, heightIn: 2.9 },
      ),
    };
  });
  const paper = alphas.indexOf(DEFAULT_ALPHA);
  return steppedFigure(steps, { prefix: "α = ", active: Math.max(paper, 0) });
}
