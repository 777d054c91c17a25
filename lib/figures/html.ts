/**
 * Inline display of figure specs in notebooks (tslab: `tslab.display.html(figureToHtml(spec))`)
 * and in plain HTML pages: a div and a script that draws the spec with plotly.js. The plotly.js
 * bundle is inlined into the first figure of the process (like plotly's offline notebook mode),
 * so notebooks work without a network; later figures wait for it.
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
  /**
   * CSS zoom of the figure on screen; "auto" (default) shows figures narrower than 400 px
   * (single-column ones) at 1.5× and the others at their size. Exported files are unaffected.
   */
  readonly zoom?: number | "auto";
  /** plotly config (default: responsive off, the mode bar with PNG/SVG download). */
  readonly config?: Record<string, unknown>;
}

/** JSON safe to embed in a <script> element. */
function scriptJson(value: unknown): string {
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
  const w = Number(spec.layout.width) || undefined;
  const h = Number(spec.layout.height) || undefined;
  const z = options.zoom === undefined || options.zoom === "auto" ? (w !== undefined && w < 400 ? 1.5 : 1) : options.zoom;
  const zoom = z !== 1 ? `zoom:${z};` : "";
  const style = `${w ? `width:${w}px;` : ""}${h ? `height:${h}px;` : ""}${zoom}`;
  const config = options.config ?? {
    displaylogo: false,
    responsive: false,
    modeBarButtonsToRemove: ["select2d", "lasso2d", "autoScale2d"],
    toImageButtonOptions: { format: "svg", filename: "figure" },
  };
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
    .map((f) => `<section>${f.title ? `<h2>${esc(f.title)}</h2>` : ""}${figureToHtml(f.spec, { includePlotly: false })}${f.caption ? `<p>${esc(f.caption)}</p>` : ""}</section>`)
    .join("\n");
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title>${plotlyScriptTag()}<style>body{font-family:"Liberation Sans","DejaVu Sans",sans-serif;max-width:60em;margin:2em auto}section{margin-bottom:2em}p{max-width:45em}</style></head><body><h1>${esc(title)}</h1>\n${body}\n</body></html>`;
}

/** Forget that the bundle was sent (e.g. after restarting a notebook's front end). */
export function resetFigureHtml(): void {
  bundleSent = false;
}
