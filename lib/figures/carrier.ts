/**
 * plotly.js carried once per notebook. `prepareFigures()` in a notebook's setup cell shows one
 * small output that holds plotly.js's cartesian bundle (1.4 MB) as inert text
 * (`<script type="text/plain" data-capqa-plotly>`) and runs it once. Every figure output, and the
 * explorer's page in its frame, takes plotly.js from there: at once, with the kernel busy or gone,
 * offline, and in the notebook exported to HTML. (Loading it from the kernel's loopback server
 * failed whenever the next cell kept the kernel busy for five seconds, and the CDN fails offline.)
 * A frame (the explorer) cannot use the notebook's Plotly, which draws into the notebook's
 * document, so it runs the carried text in its own window.
 *
 * The text is the bundle as published but for `</script` and `<!--`, written `<\/script` and
 * `<\!--` so the HTML parser never ends or reinterprets the element (the published bundle has
 * neither; the escapes mean the same inside JavaScript strings, where alone they could occur).
 */
import { CARTESIAN_TRACE_TYPES, cartesianBundle, cartesianVersion } from "./plotly-bundle.js";

/** The attribute that marks the carried bundle (its value: the plotly.js version). */
export const CARRIER_ATTRIBUTE = "data-capqa-plotly";

/** The bundle as text safe inside a <script> element. */
function carriedText(): string {
  return cartesianBundle()
    .replace(/<\/script/gi, "<\\/script")
    .replace(/<!--/g, "<\\!--");
}

/**
 * Browser JavaScript (ES5) defining `capqaCarriedPlotly(win, doc, needs)`: the Plotly of window
 * `win` when it draws every trace type in `needs`, else one made in `win` from the bundle carried
 * in document `doc` (the page's own, or a frame's parent), else null.
 */
export const CARRIED_PLOTLY_SCRIPT = `function capqaCarriedPlotly(win, doc, needs) {
  var covers = function (types) { for (var i = 0; i < needs.length; i++) if (types.indexOf(needs[i]) < 0) return false; return true; };
  if (win.Plotly && win.Plotly.newPlot && (!win.__capqaPlotlyTraces || covers(win.__capqaPlotlyTraces))) return win.Plotly;
  var el = null;
  try { el = doc && doc.querySelector('script[type="text/plain"][${CARRIER_ATTRIBUTE}]'); } catch (e) { el = null; }
  if (!el) return null;
  var types = (el.getAttribute("data-traces") || "").split(",");
  if (!covers(types)) return null;
  if (!(win.Plotly && win.Plotly.newPlot)) {
    var s = win.document.createElement("script");
    s.text = el.textContent;
    win.document.head.appendChild(s);
    if (win.Plotly && win.Plotly.newPlot) win.__capqaPlotlyTraces = types;
  }
  return win.Plotly && win.Plotly.newPlot ? win.Plotly : null;
}`;

/** A <script> element that defines Plotly from the cartesian bundle (a page of its own, such as the explorer's). */
export function inlinePlotlyScript(): string {
  return `<script>${carriedText()}</script>`;
}

/** The trace types a figure needs (each trace's type, plotly's default "scatter" where unnamed). */
export function traceTypes(data: readonly Record<string, unknown>[]): string[] {
  return [...new Set(data.map((t) => (typeof t.type === "string" ? t.type : "scatter")))].sort();
}

/** Whether the carried bundle draws every trace type of a figure. */
export function carriedBundleDraws(data: readonly Record<string, unknown>[]): boolean {
  return traceTypes(data).every((t) => CARTESIAN_TRACE_TYPES.includes(t));
}

/** The one line a carrier output shows. */
export function carrierNote(): string {
  const mb = (Buffer.byteLength(cartesianBundle()) / 1e6).toFixed(1);
  return `capqa: plotly.js ${cartesianVersion()} (cartesian bundle, ${mb} MB) is carried in this output; this notebook's figures and explorer draw with it, offline and in exported HTML too`;
}

/**
 * The HTML of the carrier output: the note, the bundle as inert text, and a script that runs it
 * in the page unless a Plotly is there already.
 */
export function plotlyCarrierHtml(): string {
  return `<div class="capqa-plotly-carrier" style="color:#777777;font:11px sans-serif">${carrierNote()}</div><script type="text/plain" ${CARRIER_ATTRIBUTE}="${cartesianVersion()}" data-traces="${CARTESIAN_TRACE_TYPES.join(",")}">${carriedText()}</script><script type="text/javascript">(function () {
${CARRIED_PLOTLY_SCRIPT}
capqaCarriedPlotly(window, document, []);
})();</script>`;
}
