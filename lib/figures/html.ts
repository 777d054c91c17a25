/**
 * Figure specs in plain HTML pages: a div of the figure's layout size and a script that draws the
 * spec with plotly.js (figuresPage puts plotly.js in the page's head once). For notebooks use
 * displayFigure (./notebook.ts): each of its outputs loads plotly.js itself and carries a static
 * image, where an HTML fragment of this module depends on the page (or the output) that brought
 * plotly.js.
 *
 * The figure is shown at its layout's width and height, never scaled with CSS (zoom or
 * transform): plotly maps the pointer to data through its own layout, so a scaled figure would
 * report the point beside the one under the pointer.
 */
import { createHash } from "node:crypto";
import type { PlotlyFigure } from "./heatmap.js";
import { plotlyBundle } from "./plotly-bundle.js";

let bundleSent = false;
let counter = 0;

export interface FigureHtmlOptions {
  /**
   * Inline the plotly.js bundle (about 4.8 MB): "auto" (default) does it once per process,
   * true every time (a self-contained output), false never (the page must provide Plotly).
   */
  readonly includePlotly?: boolean | "auto";
  /** plotly config (default: FIGURE_CONFIG). */
  readonly config?: Record<string, unknown>;
}

/** The plotly config of interactive figures: fixed size, no logo, a mode bar that downloads SVG. */
export const FIGURE_CONFIG: Readonly<Record<string, unknown>> = Object.freeze({
  displaylogo: false,
  responsive: false,
  modeBarButtonsToRemove: ["select2d", "lasso2d", "autoScale2d"],
  toImageButtonOptions: { format: "svg", filename: "figure" },
});

/** JSON safe to embed in a <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** A <script> that defines window.Plotly from the bundled plotly.js (idempotent). */
export function plotlyScriptTag(): string {
  return `<script type="text/javascript">if (!window.Plotly) { ${plotlyBundle()}\n}</script>`;
}

/** HTML that draws the figure with plotly.js where it is displayed. */
export function figureToHtml(spec: PlotlyFigure, options: FigureHtmlOptions = {}): string {
  const include = options.includePlotly ?? "auto";
  const withBundle = include === true || (include === "auto" && !bundleSent);
  if (withBundle) bundleSent = true;
  const hash = createHash("sha256").update(JSON.stringify(spec)).digest("hex").slice(0, 10);
  const id = `capqa-fig-${hash}-${++counter}`;
  // The div takes the layout's size; plotly draws at that size (no CSS scaling, see above).
  const w = Number(spec.layout.width) || undefined;
  const h = Number(spec.layout.height) || undefined;
  const style = `${w ? `width:${w}px;` : ""}${h ? `height:${h}px;` : ""}`;
  const config = options.config ?? FIGURE_CONFIG;
  const draw = `<script type="text/javascript">(function () {
  var spec = ${scriptJson({ data: spec.data, layout: spec.layout, config })};
  var tries = 0;
  function draw() {
    var el = document.getElementById(${JSON.stringify(id)});
    if (!window.Plotly || !el) { if (++tries < 600) return setTimeout(draw, 50); if (el) el.textContent = "plotly.js did not load: display a figure with includePlotly: true"; return; }
    window.Plotly.newPlot(el, spec.data, spec.layout, spec.config);
  }
  draw();
})();</script>`;
  return `<div id="${id}" class="capqa-figure" style="${style}"></div>${withBundle ? plotlyScriptTag() : ""}${draw}`;
}

/** A standalone HTML page showing figures (plotly.js inlined once), e.g. to browse an export. */
export function figuresPage(figures: readonly { title?: string; caption?: string; spec: PlotlyFigure }[], title = "capqa figures"): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const body = figures
    .map(
      (f) =>
        `<section>${f.title ? `<h2>${esc(f.title)}</h2>` : ""}${figureToHtml(f.spec, { includePlotly: false })}${f.caption ? `<p>${esc(f.caption)}</p>` : ""}</section>`,
    )
    .join("\n");
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title>${plotlyScriptTag()}<style>body{font-family:"Liberation Sans","DejaVu Sans",sans-serif;max-width:60em;margin:2em auto}section{margin-bottom:2em}p{max-width:45em}</style></head><body><h1>${esc(title)}</h1>\n${body}\n</body></html>`;
}

/** Forget that the bundle was sent (e.g. after restarting a notebook's front end). */
export function resetFigureHtml(): void {
  bundleSent = false;
}
