/** Plotly figure specs (plain data, rendered by plotly.js in notebooks, pages or the exporter). */

export interface PlotlyFigure {
  readonly data: Record<string, unknown>[];
  readonly layout: Record<string, unknown>;
}

/** A heatmap of a statistic over the α–λ grid of a sweep, the chosen and the paper's points marked. */
export function sweepHeatmap(
  points: readonly { alpha: number; lambda: number; [k: string]: number }[],
  statistic: string,
  options: { title?: string; marks?: { alpha: number; lambda: number; label: string }[]; percent?: boolean } = {},
): PlotlyFigure {
  const alphas = [...new Set(points.map((p) => p.alpha))].sort((a, b) => a - b);
  const lambdas = [...new Set(points.map((p) => p.lambda))].sort((a, b) => a - b);
  const scale = options.percent ? 100 : 1;
  const z = lambdas.map((l) => alphas.map((a) => {
    const p = points.find((q) => q.alpha === a && q.lambda === l);
    return p === undefined ? null : Number((scale * p[statistic]).toFixed(4));
  }));
  const marks = options.marks ?? [];
  return {
    data: [
      { type: "heatmap", x: alphas, y: lambdas, z, colorscale: "Viridis", colorbar: { title: { text: statistic } }, hovertemplate: "α=%{x}<br>λ=%{y}<br>%{z}<extra></extra>" },
      ...(marks.length
        ? [{ type: "scatter", mode: "markers+text", x: marks.map((m) => m.alpha), y: marks.map((m) => m.lambda), text: marks.map((m) => m.label), textposition: "top center", marker: { symbol: "x", size: 10, color: "white", line: { width: 1, color: "black" } }, textfont: { color: "white" }, showlegend: false }]
        : []),
    ],
    layout: {
      title: { text: options.title ?? `${statistic} over α and λ` },
      xaxis: { title: { text: "α (weight of gold → candidate)" } },
      yaxis: { title: { text: "λ (weight of neutral)" } },
      font: { family: "Helvetica, Arial, sans-serif", size: 12 },
      margin: { l: 60, r: 20, t: 50, b: 50 },
    },
  };
}
