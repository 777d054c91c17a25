/**
 * What a page shows of its figures, measured in the browser: for every capqa figure output (and
 * any other plotly plot or output image), whether it is drawn (a plotly plot with traces, or a
 * loaded image), its size, its smallest text, text cut off by the figure's edge, what plotly's
 * mode bar covers, a legend that scrolls, and the gap between a colour bar and its plot.
 * `inspectFigures` runs inside the page (page.evaluate), so it is self-contained.
 */

export interface FigureReport {
  /** Where the figure is: its output's index among the page's figures and a short description. */
  readonly where: string;
  /** A capqa figure output (displayFigure): it can always be drawn by plotly; other outputs may be plain images. */
  readonly capqa: boolean;
  /** "plot": plotly drew it; "image": a loaded static image shows; "none": neither. */
  readonly kind: "plot" | "image" | "none";
  readonly width: number;
  readonly height: number;
  readonly traces: number;
  /** The smallest font size (CSS px) of the figure's visible text; null without text (an image). */
  readonly minFontPx: number | null;
  /** Visible texts that reach past the figure's edge. */
  readonly cutTexts: readonly string[];
  /** What the mode bar's box covers: plot areas, legends, colour bars, titles, annotations. */
  readonly modebarCovers: readonly string[];
  /** A legend taller or wider than its box (plotly then scrolls or clips it). */
  readonly legendScrolls: boolean;
  /** Gap in px between each colour bar and the plot area at its left. */
  readonly colorbarGaps: readonly number[];
}

type Rect = { left: number; top: number; right: number; bottom: number; width: number; height: number };

// The DOM as this file uses it (the project compiles without the DOM library; this code runs in the page).
interface Element {
  readonly tagName: string;
  readonly textContent: string | null;
  readonly classList: { contains(name: string): boolean };
  readonly complete?: boolean;
  readonly naturalWidth?: number;
  getBoundingClientRect(): Rect;
  querySelector(selector: string): Element | null;
  querySelectorAll(selector: string): ArrayLike<Element>;
  closest(selector: string): Element | null;
}
declare const document: { querySelector(selector: string): Element | null; querySelectorAll(selector: string): ArrayLike<Element> };
declare function getComputedStyle(el: Element): { display: string; visibility: string; opacity: string; fontSize: string };

/** Measures every figure of the document (and of same-origin frames' documents when asked). Runs in the page. */
export function inspectFigures(root: { selector?: string } = {}): FigureReport[] {
  const scope = root.selector ? (document.querySelector(root.selector) ?? document) : document;
  const rectOf = (el: Element): Rect => {
    const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
  };
  const overlap = (a: Rect, b: Rect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const visible = (el: Element) => {
    const s = getComputedStyle(el);
    if (s.display === "none" || s.visibility === "hidden" || Number(s.opacity) === 0) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const candidates = new Set<Element>();
  for (const el of Array.from(scope.querySelectorAll(".capqa-figure"))) candidates.add(el);
  for (const el of Array.from(scope.querySelectorAll(".js-plotly-plot"))) if (!el.closest(".capqa-figure")) candidates.add(el);
  for (const el of Array.from(scope.querySelectorAll(".output_area img, .output_png img")))
    if (!el.closest(".capqa-figure, .capqa-explorer")) candidates.add(el);
  const out: FigureReport[] = [];
  let index = 0;
  for (const el of candidates) {
    const where = `figure ${++index} (${(el.closest(".cell")?.querySelector(".input_prompt")?.textContent ?? "").replace(/\s+/g, " ").trim() || el.tagName.toLowerCase()})`;
    const plot = el.classList.contains("js-plotly-plot") ? el : el.querySelector(".js-plotly-plot");
    const data = (plot as unknown as { data?: unknown[] } | null)?.data;
    const img = el.tagName === "IMG" ? el : el.querySelector("img");
    let kind: FigureReport["kind"] = "none";
    if (plot && Array.isArray(data) && data.length > 0 && plot.querySelector(".main-svg")) kind = "plot";
    else if (img?.complete && (img.naturalWidth ?? 0) > 0 && visible(img)) kind = "image";
    const box = kind === "image" && img ? rectOf(img) : rectOf(plot ?? el);
    const report = {
      where,
      capqa: el.classList.contains("capqa-figure"),
      kind,
      width: Math.round(box.width),
      height: Math.round(box.height),
      traces: Array.isArray(data) ? data.length : 0,
      minFontPx: null as number | null,
      cutTexts: [] as string[],
      modebarCovers: [] as string[],
      legendScrolls: false,
      colorbarGaps: [] as number[],
    };
    if (kind === "plot" && plot) {
      // Text elements and their runs (an inline <span style="font-size:…"> becomes a tspan of its own size).
      const texts = Array.from(plot.querySelectorAll(".main-svg text, .main-svg tspan")).filter(
        (t) => (t.textContent ?? "").trim() !== "" && visible(t) && !t.closest(".hoverlayer"),
      );
      for (const t of texts) {
        const size = Number.parseFloat(getComputedStyle(t).fontSize);
        if (report.minFontPx === null || size < report.minFontPx) report.minFontPx = size;
        const r = rectOf(t);
        if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1)
          report.cutTexts.push((t.textContent ?? "").trim().slice(0, 40));
      }
      const modebar = plot.querySelector(".modebar");
      if (modebar) {
        // The mode bar shows on hover; its place is the same hidden or not.
        const mb = rectOf(modebar);
        const named: [string, string][] = [
          [".nsewdrag", "plot area"],
          [".legend", "legend"],
          [".colorbar", "colour bar"],
          [".gtitle", "title"],
          [".annotation", "annotation"],
        ];
        for (const [sel, name] of named)
          for (const x of Array.from(plot.querySelectorAll(sel))) if (visible(x) && overlap(mb, rectOf(x))) report.modebarCovers.push(name);
      }
      for (const legend of Array.from(plot.querySelectorAll(".legend"))) {
        const bar = legend.querySelector(".scrollbar");
        if (bar && rectOf(bar).height > 0 && visible(bar)) report.legendScrolls = true;
        const items = legend.querySelector(".scrollbox");
        const bg = legend.querySelector(".bg");
        if (items && bg && (rectOf(items).right > rectOf(bg).right + 1 || rectOf(items).bottom > rectOf(bg).bottom + 1))
          report.legendScrolls = true;
      }
      const areas = Array.from(plot.querySelectorAll(".nsewdrag")).map(rectOf);
      for (const cb of Array.from(plot.querySelectorAll(".colorbar"))) {
        const r = rectOf(cb);
        const left = areas.filter((a) => a.right <= r.left + 1 && Math.min(a.bottom, r.bottom) > Math.max(a.top, r.top));
        if (left.length) report.colorbarGaps.push(Math.round(r.left - Math.max(...left.map((a) => a.right))));
      }
    }
    out.push(report);
  }
  return out;
}

/** Why a figure fails the screen checks (empty: it passes). */
export function figureProblems(
  f: FigureReport,
  rules: { interactive: boolean; minWidth: number; minFontPx: number; maxColorbarGap: number },
): string[] {
  const p: string[] = [];
  if (f.kind === "none") p.push("not drawn (no plotly plot with traces, no loaded image)");
  if (rules.interactive && f.capqa && f.kind !== "plot") p.push(`not interactive (${f.kind})`);
  if (f.width < rules.minWidth) p.push(`${f.width} px wide (< ${rules.minWidth})`);
  if (f.minFontPx !== null && f.minFontPx < rules.minFontPx) p.push(`text of ${f.minFontPx} px (< ${rules.minFontPx})`);
  if (f.cutTexts.length) p.push(`text cut at the edge: ${f.cutTexts.join(" | ")}`);
  if (f.modebarCovers.length) p.push(`the mode bar covers: ${[...new Set(f.modebarCovers)].join(", ")}`);
  if (f.legendScrolls) p.push("the legend does not fit its box");
  for (const g of f.colorbarGaps) if (g > rules.maxColorbarGap) p.push(`a colour bar ${g} px from its plot (> ${rules.maxColorbarGap})`);
  return p;
}
