/**
 * Figure builders: pure functions from data to plotly figure specs ({data, layout}), sized for
 * a paper column and drawn in the shared style (palette.ts). The same data always gives the
 * same spec, so exported files are byte-identical from run to run.
 */
import { CLASSES, type CorrectnessClass } from "../taxonomy/index.js";
import type { QuestionType } from "../statements/types.js";
import type { LevelSet } from "../calibrate/classifier.js";
import type { PlotlyFigure } from "./heatmap.js";
import {
  CLASS_COLORS,
  FONT_SIZE,
  QUESTION_TYPE_COLORS,
  QUESTION_TYPE_ORDER,
  STATEMENT_LABELS,
  STATEMENT_LABEL_COLORS,
  TICK_FONT_SIZE,
  axisStyle,
  baseLayout,
  classLabel,
  figureSize,
  classShortLabel,
  metricLabel,
  questionTypeLabel,
  type ColumnWidth,
  type StatementLabel,
} from "./palette.js";
import { FIG7_STATEMENT_VALIDATION, TABLE15_STATEMENT_ERRORS } from "./paper-numbers.js";
import { sourceLabel, type ClassScores, type SourceCounts } from "./data.js";

/** Options every builder takes. */
export interface FigureOptions {
  /** Paper column to size the figure for (each builder has its own default). */
  readonly width?: ColumnWidth;
  /** Height in inches (each builder has its own default). */
  readonly heightIn?: number;
  /** A title above the plot (none by default: papers put the caption under the figure). */
  readonly title?: string;
}

/** Rounds to 4 decimals: enough for any plot, and keeps specs small and stable. */
export function round4(x: number): number {
  const r = Math.round(x * 1e4) / 1e4;
  return r === 0 ? 0 : r;
}

function withTitle(layout: Record<string, unknown>, title: string | undefined): Record<string, unknown> {
  if (!title) return layout;
  const margin = layout.margin as Record<string, number>;
  return {
    ...layout,
    title: { text: title, font: { size: FONT_SIZE + 1 }, x: 0.5, xanchor: "center", y: 1, yanchor: "top", pad: { t: 4 } },
    margin: { ...margin, t: margin.t + 22 },
  };
}

function percent(x: number, total: number): string {
  return total > 0 ? `${((100 * x) / total).toFixed(1)}%` : "–";
}

/** Class labels for a categorical axis, most correct at the top. */
function classAxisOrder(): string[] {
  return [...CLASSES].reverse().map(classLabel);
}

// ------------------------------------------------------------------ Fig. 3

export interface ScoreDistributionOptions extends FigureOptions {
  /** Note added under the second panel's name, e.g. why it is not COMET. */
  readonly note?: string;
}

/**
 * Fig. 3: per-class score distributions of two (or more) metrics side by side, one horizontal
 * violin per class (box and mean line inside), classes in taxonomy order, shared class axis.
 */
export function scoreDistributionFigure(panels: readonly ClassScores[], options: ScoreDistributionOptions = {}): PlotlyFigure {
  if (panels.length === 0) throw new Error("scoreDistributionFigure needs at least one metric");
  const width = options.width ?? "double";
  const narrow = width === "single";
  // A single column has no room for the full class names: the short ones of Tables 3, 4, 17.
  const label = narrow ? classShortLabel : classLabel;
  const gap = 0.05;
  const span = (1 - gap * (panels.length - 1)) / panels.length;
  const data: Record<string, unknown>[] = [];
  const layout: Record<string, unknown> = baseLayout(width, options.heightIn ?? 3.1, {
    margin: { l: 8, r: 8, t: 22, b: 8, pad: 0 },
    violingap: 0.15,
    violinmode: "overlay",
  });
  const annotations: Record<string, unknown>[] = [];
  panels.forEach((panel, p) => {
    const axis = p === 0 ? "x" : `x${p + 1}`;
    const axisKey = p === 0 ? "xaxis" : `xaxis${p + 1}`;
    for (const c of CLASSES) {
      const values = Array.from(panel.byClass[c], round4);
      data.push({
        type: "violin",
        orientation: "h",
        x: values,
        y0: label(c),
        name: label(c),
        xaxis: axis,
        yaxis: "y",
        legendgroup: c,
        showlegend: false,
        spanmode: "hard",
        scalemode: "width",
        width: 0.85,
        points: false,
        line: { color: CLASS_COLORS[c], width: 1 },
        fillcolor: CLASS_COLORS[c],
        opacity: 0.75,
        box: { visible: true, width: 0.25, fillcolor: "#ffffff", line: { color: "#000000", width: 0.75 } },
        meanline: { visible: true, color: "#000000", width: 1 },
        hoveron: "violins",
        hovertemplate: `${metricLabel(panel.metric)} · ${classLabel(c)}<br>n = ${values.length}<extra></extra>`,
      });
    }
    const start = p * (span + gap);
    const note = p === panels.length - 1 && options.note ? options.note : undefined;
    const axisTitleText = `${metricLabel(panel.metric)} score${narrow && note ? `<br><span style="font-size:${TICK_FONT_SIZE - 1}px">(${note})</span>` : ""}`;
    layout[axisKey] = axisStyle(axisTitleText, {
      domain: [round4(start), round4(start + span)],
      range: [-0.02, 1.02],
      dtick: narrow ? 0.5 : 0.2,
      anchor: "y",
      showgrid: true,
    });
    annotations.push(
      panelTitle(
        `<b>${metricLabel(panel.metric)}</b>${!narrow && note ? ` <span style="font-size:${TICK_FONT_SIZE}px">(${note})</span>` : ""}`,
        "paper",
        round4(start + span / 2),
      ),
    );
  });
  layout.yaxis = axisStyle("", {
    type: "category",
    categoryorder: "array",
    categoryarray: [...CLASSES].reverse().map(label),
    showgrid: false,
    ticks: "",
    title: { text: "" },
  });
  layout.annotations = annotations;
  return { data, layout: withTitle(layout, options.title) };
}

/** A panel's title, centred above it at x (in xref's coordinates) on the top of the plot area. */
function panelTitle(text: string, xref: string, x: number): Record<string, unknown> {
  return {
    text,
    xref,
    yref: "paper",
    x,
    y: 1,
    xanchor: "center",
    yanchor: "bottom",
    yshift: 4,
    showarrow: false,
    font: { size: FONT_SIZE },
  };
}

// ------------------------------------------------------------------ Fig. 4

/** Fig. 4: examples per class, horizontal bars in taxonomy order with count and share. */
export function classCountsFigure(counts: Readonly<Record<CorrectnessClass, number>>, options: FigureOptions = {}): PlotlyFigure {
  const total = CLASSES.reduce((a, c) => a + counts[c], 0);
  const max = Math.max(...CLASSES.map((c) => counts[c]));
  return countBarsFigure(CLASSES, counts, classLabel, CLASS_COLORS, options, {
    heightIn: 2.2,
    bargap: 0.25,
    xTitle: `examples (n = ${total.toLocaleString("en-US")})`,
    xMax: Math.ceil((max * 1.42) / 100) * 100,
    categoryarray: classAxisOrder(),
  });
}

/** How Fig. 4 and Fig. 6 differ: their height, bar gap, x title and range, and category order. */
interface CountBarsStyle {
  readonly heightIn: number;
  readonly bargap: number;
  readonly xTitle: string;
  readonly xMax: number;
  readonly categoryarray: readonly string[];
}

/** Horizontal bars of counts, each labelled with its count and share of the total (Fig. 4, Fig. 6). */
function countBarsFigure<K extends string>(
  keys: readonly K[],
  counts: Readonly<Record<K, number>>,
  label: (key: K) => string,
  colors: Readonly<Record<K, string>>,
  options: FigureOptions,
  style: CountBarsStyle,
): PlotlyFigure {
  const total = keys.reduce((a, k) => a + counts[k], 0);
  const data = [
    {
      type: "bar",
      orientation: "h",
      y: keys.map(label),
      x: keys.map((k) => counts[k]),
      marker: { color: keys.map((k) => colors[k]), line: { width: 0 } },
      text: keys.map((k) => `${counts[k].toLocaleString("en-US")} (${percent(counts[k], total)})`),
      textposition: "outside",
      cliponaxis: false,
      textfont: { size: TICK_FONT_SIZE },
      hovertemplate: "%{y}: %{x}<extra></extra>",
      showlegend: false,
    },
  ];
  const layout = baseLayout(options.width ?? "single", options.heightIn ?? style.heightIn, {
    margin: { l: 8, r: 8, t: 6, b: 8, pad: 0 },
    bargap: style.bargap,
    xaxis: axisStyle(style.xTitle, { range: [0, style.xMax], showgrid: true }),
    yaxis: axisStyle("", {
      type: "category",
      categoryorder: "array",
      categoryarray: style.categoryarray,
      showgrid: false,
      ticks: "",
      title: { text: "" },
    }),
  });
  return { data, layout: withTitle(layout, options.title) };
}

// ------------------------------------------------------------------ Fig. 5

/**
 * A key drawn with annotations under the plot, in columns across the whole figure width (plotly's
 * own horizontal legend wraps at the plot area's width, too narrow in a single column). Needs the
 * figure's left and right margins in px; returns the annotations and the bottom margin they need.
 */
export function keyAnnotations(
  entries: readonly { readonly label: string; readonly color: string; readonly symbol?: string }[],
  geometry: {
    readonly width: number;
    readonly marginL: number;
    readonly marginR: number;
    readonly columns: number;
    readonly topPx?: number;
    readonly rowPx?: number;
    readonly leftPx?: number;
  },
): { annotations: Record<string, unknown>[]; marginB: number } {
  const plotW = geometry.width - geometry.marginL - geometry.marginR;
  const top = geometry.topPx ?? 38;
  const row = geometry.rowPx ?? 14;
  const left = geometry.leftPx ?? 4;
  // As many columns as the longest label leaves room for (at most `columns`): a key never runs off the figure.
  let columns = Math.max(1, geometry.columns);
  const longest = Math.max(...entries.map((e) => estimatedTextWidth(`${e.symbol ?? "■"} ${e.label}`, TICK_FONT_SIZE)));
  while (columns > 1 && longest > (geometry.width - left - 4) / columns) columns--;
  const colW = (geometry.width - left - 4) / columns;
  const annotations = entries.map((e, i) => ({
    text: `<span style="color:${e.color}">${e.symbol ?? "■"}</span> ${e.label}`,
    xref: "paper",
    yref: "paper",
    x: round4((left + (i % columns) * colW - geometry.marginL) / plotW),
    y: 0,
    xanchor: "left",
    yanchor: "top",
    yshift: -(top + Math.floor(i / columns) * row),
    showarrow: false,
    align: "left",
    font: { size: TICK_FONT_SIZE },
  }));
  return { annotations, marginB: top + Math.ceil(entries.length / columns) * row + 2 };
}

/**
 * A generous estimate of a text's width in px in the figures' sans-serif font (Liberation Sans:
 * about 0.55 em a character on average; 0.6 em here, so an estimate errs wide), markup left out.
 */
export function estimatedTextWidth(text: string, fontSizePx: number): number {
  return text.replace(/<[^>]*>/g, "").length * 0.6 * fontSizePx;
}

/** The key of the eight classes (taxonomy order and colours) for keyAnnotations. */
export function classKeyEntries(): { label: string; color: string }[] {
  return CLASSES.map((c) => ({ label: classLabel(c), color: CLASS_COLORS[c] }));
}

/** Fig. 5: examples per source dataset, stacked by class (taxonomy order and colours). */
export function sourcesFigure(sources: SourceCounts, options: FigureOptions = {}): PlotlyFigure {
  const width = options.width ?? "single";
  const total = sources.sources.reduce((a, s) => a + sources.totals[s], 0);
  const names = sources.sources.map(
    (s) =>
      `${sourceLabel(s)}<br><span style="font-size:${TICK_FONT_SIZE - 1}px">${sources.totals[s].toLocaleString("en-US")} (${percent(sources.totals[s], total)})</span>`,
  );
  const data: Record<string, unknown>[] = CLASSES.map((c) => ({
    type: "bar",
    orientation: "h",
    name: classLabel(c),
    y: names,
    x: sources.sources.map((s) => sources.counts[s][c]),
    marker: { color: CLASS_COLORS[c], line: { width: 0.5, color: "#ffffff" } },
    hovertemplate: `${classLabel(c)}: %{x}<extra></extra>`,
    legendgroup: c,
    showlegend: false,
  }));
  const max = Math.max(...sources.sources.map((s) => sources.totals[s]));
  const size = figureSize(width, options.heightIn ?? 2.6);
  const marginL = 82;
  const marginR = 12;
  const key = keyAnnotations(classKeyEntries(), { width: size.width, marginL, marginR, columns: width === "single" ? 2 : 4 });
  const layout = baseLayout(width, options.heightIn ?? 2.6, {
    margin: { l: marginL, r: marginR, t: 6, b: key.marginB, pad: 0 },
    barmode: "stack",
    bargap: 0.3,
    xaxis: axisStyle("examples", { range: [0, Math.ceil((max * 1.04) / 500) * 500], showgrid: true, automargin: false }),
    yaxis: axisStyle("", {
      type: "category",
      categoryorder: "array",
      categoryarray: [...names].reverse(),
      showgrid: false,
      ticks: "",
      title: { text: "" },
      automargin: false,
    }),
    annotations: key.annotations,
  });
  return { data, layout: withTitle(layout, options.title) };
}

// ------------------------------------------------------------------ Fig. 6

/** Fig. 6: items per question type of CAP-Statements (paper spelling and Okabe–Ito colours). */
export function questionTypesFigure(
  counts: Readonly<Record<QuestionType, number>>,
  options: FigureOptions & { readonly xTitle?: string } = {},
): PlotlyFigure {
  const types = QUESTION_TYPE_ORDER;
  const total = types.reduce((a, t) => a + counts[t], 0);
  const max = Math.max(...types.map((t) => counts[t]));
  return countBarsFigure(types, counts, questionTypeLabel, QUESTION_TYPE_COLORS, options, {
    heightIn: 1.7,
    bargap: 0.3,
    xTitle: options.xTitle ?? `triples (n = ${total.toLocaleString("en-US")})`,
    xMax: Math.ceil((max * 1.5) / 500) * 500,
    categoryarray: [...types].reverse().map(questionTypeLabel),
  });
}

// ------------------------------------------------------------------ Fig. 7 and Table 15

/** Fig. 7: human validation labels of the generated statements (numbers printed in App. B.5). */
export function statementValidationFigure(
  numbers: { readonly n: number; readonly percent: Readonly<Record<StatementLabel, number>> } = FIG7_STATEMENT_VALIDATION,
  options: FigureOptions = {},
): PlotlyFigure {
  const labels = STATEMENT_LABELS;
  const data = [
    {
      type: "bar",
      x: [...labels],
      y: labels.map((l) => numbers.percent[l]),
      marker: { color: labels.map((l) => STATEMENT_LABEL_COLORS[l]), line: { width: 0 } },
      text: labels.map((l) => `${numbers.percent[l].toFixed(1)}%`),
      textposition: "outside",
      cliponaxis: false,
      textfont: { size: TICK_FONT_SIZE },
      hovertemplate: "%{x}: %{y:.1f}%<extra></extra>",
      showlegend: false,
    },
  ];
  const layout = baseLayout(options.width ?? "single", options.heightIn ?? 1.9, {
    margin: { l: 8, r: 8, t: 8, b: 8, pad: 0 },
    bargap: 0.35,
    xaxis: axisStyle(`label (n = ${numbers.n.toLocaleString("en-US")} statements)`, { type: "category", showgrid: false, ticks: "" }),
    yaxis: axisStyle("statements (%)", { range: [0, 105], dtick: 20, showgrid: true }),
  });
  return { data, layout: withTitle(layout, options.title) };
}

/** Table 15 as a figure: error labels per question type (grouped horizontal bars, Fig. 6's type order). */
export function statementErrorsByTypeFigure(
  table: Readonly<Record<QuestionType, Readonly<Record<Exclude<StatementLabel, "correct">, number>>>> = TABLE15_STATEMENT_ERRORS,
  options: FigureOptions = {},
): PlotlyFigure {
  const types = QUESTION_TYPE_ORDER;
  const errors = ["syntactic", "semantic", "wrong"] as const;
  const data = errors.map((e) => ({
    type: "bar",
    orientation: "h",
    name: e,
    y: types.map(questionTypeLabel),
    x: types.map((t) => table[t][e]),
    marker: { color: STATEMENT_LABEL_COLORS[e], line: { width: 0 } },
    text: types.map((t) => (table[t][e] > 0 ? `${table[t][e].toFixed(1)}` : "")),
    textposition: "outside",
    cliponaxis: false,
    textfont: { size: TICK_FONT_SIZE - 2 },
    hovertemplate: `%{y} · ${e}: %{x:.1f}%<extra></extra>`,
  }));
  const width = options.width ?? "single";
  const size = figureSize(width, options.heightIn ?? 2.4);
  const marginL = 112;
  const marginR = 10;
  const key = keyAnnotations(
    errors.map((e) => ({ label: e, color: STATEMENT_LABEL_COLORS[e] })),
    { width: size.width, marginL, marginR, columns: 3, leftPx: marginL - 20 },
  );
  const layout = baseLayout(width, options.heightIn ?? 2.4, {
    margin: { l: marginL, r: marginR, t: 6, b: key.marginB, pad: 0 },
    barmode: "group",
    bargap: 0.2,
    bargroupgap: 0,
    xaxis: axisStyle("statements of the type (%)", { range: [0, 40], dtick: 10, showgrid: true, automargin: false }),
    yaxis: axisStyle("", {
      type: "category",
      categoryorder: "array",
      categoryarray: [...types].reverse().map(questionTypeLabel),
      showgrid: false,
      ticks: "",
      title: { text: "" },
      automargin: false,
    }),
    annotations: key.annotations,
  });
  // Grouped horizontal bars are drawn bottom-up: reverse the traces so syntactic is on top.
  return { data: [...data].reverse().map((d) => ({ ...d, showlegend: false })), layout: withTitle(layout, options.title) };
}

// ------------------------------------------------------------------ Table 17

/**
 * Mean score per class under two label sources (Table 17): one row per class, a filled dot for
 * the first source, an open one for the second, joined by a line.
 */
export function classMeansFigure(
  a: { readonly name: string; readonly means: Readonly<Record<CorrectnessClass, number>> },
  b: { readonly name: string; readonly means: Readonly<Record<CorrectnessClass, number>> },
  options: FigureOptions & { readonly metric?: string; readonly xTitle?: string } = {},
): PlotlyFigure {
  const y = CLASSES.map(classLabel);
  const data: Record<string, unknown>[] = [
    {
      type: "scatter",
      mode: "lines",
      x: CLASSES.flatMap((c) => [round4(a.means[c]), round4(b.means[c]), null]),
      y: CLASSES.flatMap((c) => [classLabel(c), classLabel(c), null]),
      line: { color: "#999999", width: 1 },
      hoverinfo: "skip",
      showlegend: false,
    },
    {
      type: "scatter",
      mode: "markers",
      name: a.name,
      x: CLASSES.map((c) => round4(a.means[c])),
      y,
      marker: { symbol: "circle", size: 8, color: CLASSES.map((c) => CLASS_COLORS[c]), line: { color: "#000000", width: 0.75 } },
      hovertemplate: `%{y} · ${a.name}: %{x:.3f}<extra></extra>`,
    },
    {
      type: "scatter",
      mode: "markers",
      name: b.name,
      x: CLASSES.map((c) => round4(b.means[c])),
      y,
      marker: { symbol: "diamond-open", size: 8, color: CLASSES.map((c) => CLASS_COLORS[c]), line: { width: 1.5 } },
      hovertemplate: `%{y} · ${b.name}: %{x:.3f}<extra></extra>`,
    },
  ];
  const width = options.width ?? "single";
  const size = figureSize(width, options.heightIn ?? 2.5);
  const marginL = 112;
  const marginR = 10;
  const key = keyAnnotations(
    [
      { label: a.name, color: "#000000", symbol: "●" },
      { label: b.name, color: "#000000", symbol: "◇" },
    ],
    { width: size.width, marginL, marginR, columns: 2, leftPx: 40 },
  );
  const layout = baseLayout(width, options.heightIn ?? 2.5, {
    margin: { l: marginL, r: marginR, t: 8, b: key.marginB, pad: 0 },
    xaxis: axisStyle(options.xTitle ?? `mean ${metricLabel(options.metric ?? "cap")} score`, {
      range: [0, 1.02],
      dtick: 0.2,
      showgrid: true,
      automargin: false,
    }),
    yaxis: axisStyle("", {
      type: "category",
      categoryorder: "array",
      categoryarray: classAxisOrder(),
      showgrid: true,
      ticks: "",
      title: { text: "" },
      automargin: false,
    }),
    annotations: key.annotations,
  });
  return { data: data.map((d) => ({ ...d, showlegend: false })), layout: withTitle(layout, options.title) };
}

// ------------------------------------------------------------------ calibration

/** A level's display name: its classes' short names joined by "/" (e.g. "Exact/Eq/Alt"). */
export function levelLabel(level: { readonly classes: readonly CorrectnessClass[]; readonly name: string }): string {
  return level.classes.length ? level.classes.map(classShortLabel).join("/") : level.name;
}

/** Finite cut points inside [lo, hi] (±Number.MAX_VALUE marks an empty level at an end). */
function visibleCuts(cuts: readonly number[], lo = 0, hi = 1): number[] {
  return cuts.filter((c) => Number.isFinite(c) && Math.abs(c) !== Number.MAX_VALUE && c >= lo && c <= hi);
}

export interface ThresholdFigureInput {
  /** Scores of the evaluation rows. */
  readonly scores: ArrayLike<number>;
  /** Class (CLASSES index) of each row. */
  readonly classes: ArrayLike<number>;
  /** Named sets of cut points, drawn as vertical lines (first solid, the rest dashed). */
  readonly cutSets: readonly { readonly name: string; readonly cuts: readonly number[] }[];
  readonly metric?: string;
}

/**
 * Threshold plot: a stacked histogram of the scores by class (taxonomy colours), with the cut
 * points of one or more classifiers drawn over it as vertical lines.
 */
export function thresholdFigure(input: ThresholdFigureInput, options: FigureOptions & { readonly binSize?: number } = {}): PlotlyFigure {
  const bin = options.binSize ?? 0.025;
  const nBins = Math.round(1 / bin);
  const counts = CLASSES.map(() => new Array<number>(nBins).fill(0));
  for (let i = 0; i < input.scores.length; i++) {
    const k = Math.min(nBins - 1, Math.max(0, Math.floor(input.scores[i] / bin)));
    counts[input.classes[i]][k]++;
  }
  const centers = Array.from({ length: nBins }, (_, k) => round4((k + 0.5) * bin));
  const data: Record<string, unknown>[] = CLASSES.map((c, j) => ({
    type: "bar",
    name: classLabel(c),
    x: centers,
    y: counts[j],
    width: bin,
    marker: { color: CLASS_COLORS[c], line: { width: 0 } },
    legendgroup: c,
    hovertemplate: `${classLabel(c)}: %{y} rows at ${metricLabel(input.metric ?? "cap")} ≈ %{x:.3f}<extra></extra>`,
  }));
  const dashes = ["solid", "dash", "dot", "dashdot"];
  input.cutSets.forEach((set, s) => {
    const cuts = visibleCuts(set.cuts);
    data.push({
      type: "scatter",
      mode: "lines",
      name: set.name,
      x: cuts.flatMap((c) => [round4(c), round4(c), null]),
      y: cuts.flatMap(() => [0, 1, null]),
      yaxis: "y2",
      line: { color: s === 0 ? "#000000" : "#555555", width: s === 0 ? 1.5 : 1.25, dash: dashes[s % dashes.length] },
      hovertemplate: `${set.name}: %{x:.4f}<extra></extra>`,
    });
  });
  const width = options.width ?? "double";
  const axes = {
    xaxis: axisStyle(`${metricLabel(input.metric ?? "cap")} score`, {
      range: [0, 1],
      dtick: width === "single" ? 0.2 : 0.1,
      showgrid: false,
    }),
    yaxis: axisStyle("rows", { showgrid: true, rangemode: "tozero" }),
    yaxis2: { overlaying: "y", range: [0, 1], visible: false, fixedrange: true },
  };
  if (width === "single") {
    // No room beside the plot: the key goes under it, across the whole width.
    const heightIn = options.heightIn ?? 3.2;
    const size = figureSize(width, heightIn);
    const marginL = 48;
    const marginR = 8;
    const lineKeys = input.cutSets.map((set, s) => ({
      label: set.name,
      color: s === 0 ? "#000000" : "#555555",
      symbol: s === 0 ? "━" : "╍",
    }));
    const key = keyAnnotations([...classKeyEntries(), ...lineKeys], { width: size.width, marginL, marginR, columns: 2 });
    const layout = baseLayout(width, heightIn, {
      margin: { l: marginL, r: marginR, t: 8, b: key.marginB, pad: 0 },
      barmode: "stack",
      bargap: 0,
      ...axes,
      xaxis: { ...axes.xaxis, automargin: false },
      yaxis: { ...axes.yaxis, automargin: false },
      annotations: key.annotations,
    });
    return { data: data.map((d) => ({ ...d, showlegend: false })), layout: withTitle(layout, options.title) };
  }
  const layout = baseLayout(width, options.heightIn ?? 2.5, {
    margin: { l: 8, r: 8, t: 8, b: 8, pad: 0 },
    barmode: "stack",
    bargap: 0,
    showlegend: true,
    legend: { orientation: "v", x: 1.01, xanchor: "left", y: 1, yanchor: "top", font: { size: TICK_FONT_SIZE }, traceorder: "normal" },
    ...axes,
  });
  return { data, layout: withTitle(layout, options.title) };
}

const CONFUSION_SCALE = [
  [0, "#f7fbff"],
  [0.25, "#c6dbef"],
  [0.5, "#6baed6"],
  [0.75, "#2171b5"],
  [1, "#08306b"],
];

/**
 * Confusion matrix of a level classifier: rows the true level, columns the predicted one, both
 * most correct first; colour = share of the true level's rows, text = counts.
 */
export function confusionMatrixFigure(
  confusion: readonly (readonly number[])[],
  levelSet: LevelSet,
  options: FigureOptions & { readonly colorbar?: boolean; readonly trueTitle?: string; readonly predictedTitle?: string } = {},
): PlotlyFigure {
  return confusionMatricesFigure([{ name: "", confusion }], levelSet, options);
}

/**
 * A class-by-class confusion matrix given in CLASSES order (e.g. labelAgreement's synthetic ×
 * human labels), drawn like the level matrices: rows and columns most correct first.
 */
export function classConfusionFigure(
  confusion: readonly (readonly number[])[],
  options: FigureOptions & { readonly colorbar?: boolean; readonly trueTitle?: string; readonly predictedTitle?: string } = {},
): PlotlyFigure {
  const K = CLASSES.length;
  // classLevelSet order: least correct first = CLASSES reversed.
  const levels = [...CLASSES].reverse().map((c) => ({ name: c, classes: [c] }));
  const idx = (k: number) => K - 1 - k;
  const reordered = Array.from({ length: K }, (_, t) => Array.from({ length: K }, (_, p) => confusion[idx(t)][idx(p)]));
  return confusionMatricesFigure([{ name: "", confusion: reordered }], { name: "classes", levels }, options);
}

/**
 * Confusion matrices of several classifiers side by side (e.g. calibrated cuts beside the paper's
 * equal-width bins), one shared colour scale; panel names above each matrix.
 */
export function confusionMatricesFigure(
  panels: readonly { readonly name: string; readonly confusion: readonly (readonly number[])[] }[],
  levelSet: LevelSet,
  options: FigureOptions & { readonly colorbar?: boolean; readonly trueTitle?: string; readonly predictedTitle?: string } = {},
): PlotlyFigure {
  const K = levelSet.levels.length;
  if (panels.length === 0) throw new Error("confusionMatricesFigure needs at least one matrix");
  for (const p of panels)
    if (p.confusion.length !== K || p.confusion.some((r) => r.length !== K)) throw new Error(`confusion matrix must be ${K} × ${K}`);
  const order = Array.from({ length: K }, (_, i) => K - 1 - i); // most correct first
  const names = order.map((k) => levelLabel(levelSet.levels[k]));
  const titled = panels.some((p) => p.name);
  const gap = 0.06;
  const colorbarShare = panels.length > 1 && (options.colorbar ?? true) ? 0.1 : 0;
  const span = (1 - colorbarShare - gap * (panels.length - 1)) / panels.length;
  const data: Record<string, unknown>[] = [];
  const layout: Record<string, unknown> = baseLayout(options.width ?? "single", options.heightIn ?? 2.9, {
    margin: { l: 8, r: 8, t: titled ? 22 : 8, b: 8, pad: 0 },
    coloraxis: {
      colorscale: CONFUSION_SCALE,
      cmin: 0,
      cmax: 100,
      showscale: options.colorbar ?? true,
      colorbar: {
        title: { text: "% of true", side: "right", font: { size: TICK_FONT_SIZE } },
        thickness: 8,
        len: 0.9,
        outlinewidth: 0,
        tickfont: { size: TICK_FONT_SIZE - 1 },
        dtick: 25,
        xpad: 4,
        ...(panels.length > 1 ? { x: round4(1 - colorbarShare + 0.01), xanchor: "left" } : {}),
      },
    },
  });
  const annotations: Record<string, unknown>[] = [];
  panels.forEach((panel, i) => {
    const rowTotals = panel.confusion.map((r) => r.reduce((a, b) => a + b, 0));
    const suffix = i === 0 ? "" : String(i + 1);
    data.push({
      type: "heatmap",
      x: names,
      y: names,
      z: order.map((t) => order.map((p) => (rowTotals[t] > 0 ? round4((100 * panel.confusion[t][p]) / rowTotals[t]) : 0))),
      text: order.map((t) => order.map((p) => String(panel.confusion[t][p]))),
      texttemplate: "%{text}",
      textfont: { size: K > 6 ? TICK_FONT_SIZE - 2 : TICK_FONT_SIZE - 1 },
      coloraxis: "coloraxis",
      xgap: 1,
      ygap: 1,
      xaxis: `x${suffix}`,
      yaxis: `y${suffix}`,
      hovertemplate: `${panel.name ? `${panel.name}<br>` : ""}true %{y}<br>predicted %{x}<br>%{text} rows (%{z:.1f}% of true)<extra></extra>`,
    });
    const start = i * (span + gap);
    layout[`xaxis${suffix}`] = axisStyle(options.predictedTitle ?? "predicted level", {
      type: "category",
      domain: [round4(start), round4(start + span)],
      anchor: `y${suffix}`,
      showgrid: false,
      showline: false,
      ticks: "",
      tickangle: 0,
      tickfont: { size: TICK_FONT_SIZE - 1 },
      // One square matrix: the plot area shrinks toward the colour bar, not toward the middle (a gap).
      ...(panels.length === 1 ? { constrain: "domain", constraintoward: "right" } : {}),
      tickvals: names,
      ticktext: names.map((n) => n.replace(/\//g, "/<br>")),
    });
    layout[`yaxis${suffix}`] = axisStyle(i === 0 ? (options.trueTitle ?? "true level") : "", {
      type: "category",
      anchor: `x${suffix}`,
      autorange: "reversed",
      showgrid: false,
      showline: false,
      ticks: "",
      showticklabels: i === 0,
      tickfont: { size: TICK_FONT_SIZE - 1 },
      ...(panels.length === 1 ? { scaleanchor: `x${suffix}`, constrain: "domain" } : {}),
    });
    if (panel.name) annotations.push(panelTitle(`<b>${panel.name}</b>`, `x${suffix} domain`, 0.5));
  });
  if (annotations.length) layout.annotations = annotations;
  return { data, layout: withTitle(layout, options.title) };
}
