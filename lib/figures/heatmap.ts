/** Plotly figure specs (plain data, rendered by plotly.js in notebooks, pages or the exporter). */
import { FONT_SIZE, TICK_FONT_SIZE, axisStyle, baseLayout, type ColumnWidth } from "./palette.js";

export interface PlotlyFigure {
  readonly data: Record<string, unknown>[];
  readonly layout: Record<string, unknown>;
}

/** Colour-bar titles of the sweep statistics. */
const STATISTIC_TITLES: Record<string, string> = {
  spearman: "Spearman ρ",
  kendall: "Kendall τ",
  pairwise_accuracy: "pairwise acc.",
  violations: "violations (of 25)",
};

/** Statistics for which lower is better (their colour scale is reversed so bright = good). */
const LOWER_IS_BETTER = new Set(["violations"]);

const MARK_SYMBOLS = ["x-thin-open", "circle-open", "diamond-open", "square-open"];

/**
 * A heatmap of a statistic over the α–λ grid of a sweep, the chosen and the paper's points
 * marked. Bright is better for every statistic (the scale is reversed for violations).
 */
export function sweepHeatmap<P extends { readonly alpha: number; readonly lambda: number }>(
  points: readonly P[],
  statistic: string,
  options: {
    title?: string;
    marks?: { alpha: number; lambda: number; label: string }[];
    percent?: boolean;
    /** Paper column to size the figure for (default single). */
    width?: ColumnWidth;
    heightIn?: number;
    /** Colour-bar title (default: the statistic's name, "×100" when percent). */
    colorbarTitle?: string;
  } = {},
): PlotlyFigure {
  const value = (p: { readonly alpha: number; readonly lambda: number }) => (p as unknown as Record<string, number>)[statistic];
  if (points.length > 0 && typeof value(points[0]) !== "number") throw new Error(`sweep points have no numeric "${statistic}"`);
  const alphas = [...new Set(points.map((p) => p.alpha))].sort((a, b) => a - b);
  const lambdas = [...new Set(points.map((p) => p.lambda))].sort((a, b) => a - b);
  const scale = options.percent ? 100 : 1;
  const byKey = new Map(points.map((p) => [`${p.alpha}|${p.lambda}`, p]));
  const z = lambdas.map((l) =>
    alphas.map((a) => {
      const p = byKey.get(`${a}|${l}`);
      return p === undefined ? null : Number((scale * value(p)).toFixed(4));
    }),
  );
  const marks = options.marks ?? [];
  const name = STATISTIC_TITLES[statistic] ?? statistic;
  const barTitle = options.colorbarTitle ?? (options.percent ? `${name} (×100)` : name);
  const reverse = LOWER_IS_BETTER.has(statistic);
  const step = (xs: number[]) => (xs.length > 1 ? xs[1] - xs[0] : 1);
  const layout = baseLayout(options.width ?? "single", options.heightIn ?? 2.7, {
    margin: { l: 8, r: 8, t: options.title ? 30 : 8, b: 8, pad: 0 },
    xaxis: axisStyle("α (weight of gold → candidate)", {
      range: [alphas[0] - step(alphas) / 2, alphas[alphas.length - 1] + step(alphas) / 2],
      dtick: 0.2,
      showgrid: false,
      showline: false,
    }),
    yaxis: axisStyle("λ (weight of neutral)", {
      range: [lambdas[0] - step(lambdas) / 2, lambdas[lambdas.length - 1] + step(lambdas) / 2],
      dtick: 0.2,
      showgrid: false,
      showline: false,
    }),
    annotations: marks.map((m, i) => ({
      x: m.alpha,
      y: m.lambda,
      text: m.label,
      showarrow: true,
      arrowhead: 0,
      arrowwidth: 0.75,
      arrowcolor: "#000000",
      ax: m.alpha > 0.6 ? -26 : 26,
      ay: i % 2 === 0 ? -18 : 18,
      bgcolor: "rgba(255,255,255,0.85)",
      borderpad: 1,
      font: { size: TICK_FONT_SIZE },
    })),
  });
  if (options.title)
    layout.title = { text: options.title, font: { size: FONT_SIZE + 1 }, x: 0.5, xanchor: "center", y: 0.99, yanchor: "top" };
  return {
    data: [
      {
        type: "heatmap",
        x: alphas,
        y: lambdas,
        z,
        colorscale: "Viridis",
        reversescale: reverse,
        colorbar: {
          title: { text: barTitle, side: "right", font: { size: TICK_FONT_SIZE } },
          thickness: 8,
          len: 1,
          outlinewidth: 0,
          tickfont: { size: TICK_FONT_SIZE - 1 },
          xpad: 4,
        },
        hovertemplate: `α=%{x}<br>λ=%{y}<br>${name}: %{z}<extra></extra>`,
      },
      ...(marks.length
        ? [
            {
              type: "scatter",
              mode: "markers",
              x: marks.map((m) => m.alpha),
              y: marks.map((m) => m.lambda),
              text: marks.map((m) => m.label),
              marker: {
                symbol: marks.map((_, i) => MARK_SYMBOLS[i % MARK_SYMBOLS.length]),
                size: 9,
                color: "#000000",
                line: { width: 2, color: "#000000" },
              },
              hovertemplate: "%{text}: α=%{x}, λ=%{y}<extra></extra>",
              showlegend: false,
            },
          ]
        : []),
    ],
    layout,
  };
}
