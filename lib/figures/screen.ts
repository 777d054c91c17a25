/**
 * Figures at screen size. capqa's figure builders lay figures out for print (a 3.3 in or 6.9 in
 * paper column, 10–11 px text: 317 or 662 CSS px wide), which a notebook on a laptop shows as a
 * thumbnail. `screenFigure` scales a spec by one factor, as a magnifying glass would: the size,
 * every font, margin, line width, tick, gap and marker (everything plotly measures in pixels), and
 * nothing measured in data or paper units, so the figure keeps its proportions and reads at
 * 15–22 px. plotly then lays it out at that size: hover, zoom and the mode bar work at the pixels
 * shown (a CSS zoom or transform would make plotly hover beside the pointer).
 *
 * The mode bar (plotly's buttons) sits over the top-right corner of the figure; screen figures get
 * a top margin that holds it, so it never covers the plot, a legend or a colour bar.
 */
import { SCREEN_FIGURE_MAX_SCALE, SCREEN_FIGURE_WIDTH_PX, SCREEN_MODEBAR_PX } from "../constants.js";
import type { PlotlyFigure } from "./heatmap.js";

/** Size of a figure without layout.width / layout.height (plotly's own default). */
export const PLOTLY_DEFAULT_SIZE = Object.freeze({ width: 700, height: 450 });

/** Keys of any plotly object whose number is a length in px (wherever they appear). */
const PX_KEYS = new Set([
  "ticklen",
  "tickwidth",
  "linewidth",
  "gridwidth",
  "zerolinewidth",
  "dividerwidth",
  "spikethickness",
  "standoff",
  "borderwidth",
  "outlinewidth",
  "borderpad",
  "arrowwidth",
  "xshift",
  "yshift",
  "xpad",
  "ypad",
  "itemwidth",
  "tracegroupgap",
  "xgap",
  "ygap",
  "ticklabelshift",
  "ticklabelstandoff",
  "minorticklen",
  "offset",
]);

/** Objects whose every number is a length in px (margin {l, r, t, b, pad}, title.pad {t, r, b, l}). */
const PX_OBJECTS = new Set(["margin", "pad"]);

const scaleNumber = (v: unknown, f: number): unknown =>
  typeof v === "number" ? v * f : Array.isArray(v) ? v.map((x) => (typeof x === "number" ? x * f : x)) : v;

/** Font sizes written into text as HTML (`<span style="font-size:9px">`), which plotly draws as they say. */
const INLINE_FONT_SIZE = /font-size:\s*(\d+(?:\.\d+)?)px/g;
const scaleText = (v: unknown, f: number): unknown =>
  typeof v === "string" && v.includes("font-size")
    ? v.replace(INLINE_FONT_SIZE, (_m, n: string) => `font-size:${Number(n) * f}px`)
    : Array.isArray(v)
      ? v.map((x) => scaleText(x, f))
      : v;

/** Scales the pixel lengths of one plotly object (a layout, a trace, an axis, …) and of everything in it. */
function scaleObject(value: unknown, f: number, key: string, parent: string): unknown {
  if (Array.isArray(value)) return value.map((v) => scaleObject(v, f, key, parent));
  if (value === null || typeof value !== "object") return value;
  const obj = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const isFont = key === "font" || key.endsWith("font");
  for (const [k, v] of Object.entries(obj)) {
    if (v !== null && typeof v === "object" && !Array.isArray(v)) out[k] = scaleObject(v, f, k, key);
    else if (Array.isArray(v) && v.some((x) => x !== null && typeof x === "object")) out[k] = scaleObject(v, f, k, key);
    else if (PX_OBJECTS.has(key) || PX_KEYS.has(k)) out[k] = scaleNumber(v, f);
    else if (isFont && k === "size") out[k] = scaleNumber(v, f);
    // A line's width is in px wherever the line is (traces, markers, shapes, error bars' own line).
    else if (key === "line" && k === "width") out[k] = scaleNumber(v, f);
    // Error bars: thickness and the cap's width in px.
    else if ((key === "error_x" || key === "error_y") && (k === "thickness" || k === "width")) out[k] = scaleNumber(v, f);
    // Markers in px unless sized through sizeref (bubble charts: data → px already scaled by sizeref).
    else if (key === "marker" && k === "size" && obj.sizeref === undefined) out[k] = scaleNumber(v, f);
    // A colour bar's thickness and length in px unless given as a fraction of the plot.
    else if (key === "colorbar" && k === "thickness" && obj.thicknessmode !== "fraction") out[k] = scaleNumber(v, f);
    else if (key === "colorbar" && k === "len" && obj.lenmode === "pixels") out[k] = scaleNumber(v, f);
    // Annotations: a box of fixed px size, and arrow tails given as px offsets (axref/ayref "pixel", the default).
    else if (parent === "annotations" && (k === "width" || k === "height")) out[k] = scaleNumber(v, f);
    else if (
      parent === "annotations" &&
      ((k === "ax" && (obj.axref ?? "pixel") === "pixel") || (k === "ay" && (obj.ayref ?? "pixel") === "pixel"))
    )
      out[k] = scaleNumber(v, f);
    // A legend entry's width in px unless a fraction.
    else if (key === "legend" && k === "entrywidth" && obj.entrywidthmode !== "fraction") out[k] = scaleNumber(v, f);
    else out[k] = scaleText(v, f);
  }
  return out;
}

/** Scales every pixel length of a figure by `factor` (size, fonts, margins, lines, ticks, gaps, markers). */
export function scaleFigure(spec: PlotlyFigure, factor: number): PlotlyFigure {
  if (!(Number.isFinite(factor) && factor > 0)) throw new RangeError(`scaleFigure: factor ${factor} is not a positive number`);
  const width = Number(spec.layout.width) || PLOTLY_DEFAULT_SIZE.width;
  const height = Number(spec.layout.height) || PLOTLY_DEFAULT_SIZE.height;
  const layout = scaleObject(spec.layout, factor, "layout", "") as Record<string, unknown>;
  // plotly's default font (12 px) when the layout names none, scaled like the rest.
  const font = (layout.font ?? {}) as Record<string, unknown>;
  return {
    data: spec.data.map((trace) => scaleObject(trace, factor, "trace", "data") as Record<string, unknown>),
    layout: {
      ...layout,
      font: { ...font, size: typeof font.size === "number" ? font.size : 12 * factor },
      width: Math.round(width * factor),
      height: Math.round(height * factor),
    },
  };
}

/**
 * The factor that brings a figure `width` px wide to screen size: up to SCREEN_FIGURE_WIDTH_PX, at most SCREEN_FIGURE_MAX_SCALE, never
 * below 1.
 */
export function screenScale(width: number): number {
  return Math.max(1, Math.min(SCREEN_FIGURE_MAX_SCALE, SCREEN_FIGURE_WIDTH_PX / width));
}

/** The title's text, if any. */
function titleText(layout: Record<string, unknown>): string {
  const t = layout.title as string | { text?: unknown } | undefined;
  return typeof t === "string" ? t : typeof t?.text === "string" ? t.text : "";
}

/**
 * A print-size figure at screen size: scaled by screenScale (a single-column figure twice, a
 * double-column one to SCREEN_FIGURE_WIDTH_PX), then SCREEN_MODEBAR_PX taller, the strip on top
 * left free for plotly's mode bar. Everything placed against the plot area (axes, legends,
 * colour bars, annotations) moves down with it; a title placed against the figure moves down too.
 *
 * @example
 * import { loadBenchmark } from "capqa";
 * import { classCounts, classCountsFigure, screenFigure } from "capqa/figures";
 * const spec = screenFigure(classCountsFigure(classCounts(loadBenchmark())));
 * spec.layout.width; // 634: Fig. 4 (317 px in print) at twice the size
 */
export function screenFigure(spec: PlotlyFigure, options: { readonly scale?: number } = {}): PlotlyFigure {
  const width = Number(spec.layout.width) || PLOTLY_DEFAULT_SIZE.width;
  const scaled = scaleFigure(spec, options.scale ?? screenScale(width));
  const layout = scaled.layout;
  const strip = SCREEN_MODEBAR_PX;
  const margin = (layout.margin ?? {}) as Record<string, unknown>;
  // plotly's default top margin is 80 px.
  const top = typeof margin.t === "number" ? margin.t : 80;
  const oldHeight = layout.height as number;
  const height = oldHeight + strip;
  const out: Record<string, unknown> = { ...layout, height, margin: { ...margin, t: top + strip } };
  if (titleText(layout)) {
    const title = (typeof layout.title === "string" ? { text: layout.title } : layout.title) as Record<string, unknown>;
    if ((title.yref ?? "container") === "container") {
      // Where the title was, in px from the top ("auto": its middle at the middle of the top margin), plus the strip.
      const auto = title.y === undefined || title.y === "auto";
      const fromTop = auto ? top / 2 : (1 - Number(title.y)) * oldHeight;
      out.title = { ...title, y: 1 - (fromTop + strip) / height, ...(auto ? { yanchor: "middle" } : {}) };
    }
  }
  return { data: scaled.data, layout: out };
}
