/**
 * `capqa explore`: one self-contained HTML page (plotly and the explorer's arithmetic inlined,
 * data embedded) where sliders move α, λ and the classification cut points, and the page shows
 * per-class score distributions, the ranking statistics, the classification metrics and the
 * confusion matrix, recomputed in the browser by the same code as `./compute`.
 */
import { DEFAULT_ALPHA, DEFAULT_LAMBDA } from "../constants.js";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { CLASSES, PAPER_ORDERING } from "../taxonomy/index.js";
import { releasedColumn, selectRows, type Benchmark, type SplitChoice } from "../data/benchmark.js";
import type { ExploreData } from "./compute.js";

/** The compact data the page needs: class and four probabilities per row (rounded to 1e-8, as released). */
export function exploreDataFromBenchmark(bench: Benchmark, split: SplitChoice = "test"): ExploreData {
  const sel = selectRows(bench, split);
  const col = (f: string) => Array.from(releasedColumn(bench, f, sel.rowIds), (x) => Math.round(x * 1e8) / 1e8);
  return {
    classNames: [...CLASSES],
    severity: CLASSES.map((c) => PAPER_ORDERING.severity[c]),
    cls: Array.from(sel.classes),
    peF: col("pe_f"),
    pnF: col("pn_f"),
    peR: col("pe_r"),
    pnR: col("pn_r"),
  };
}

/** The compiled compute module as a plain script (its `export` keywords removed). */
function computeScript(): string {
  const js = readFileSync(new URL("./compute.js", import.meta.url), "utf8");
  return js.replace(/^export /gm, "").replace(/^\/\/# sourceMappingURL=.*$/m, "");
}

function plotlyScript(): string {
  const require = createRequire(import.meta.url);
  return readFileSync(require.resolve("plotly.js-dist-min/plotly.min.js"), "utf8");
}

export interface ExplorerOptions {
  readonly title?: string;
  /** Initial cut points for the six severity levels (default equal-width: 1/6, 2/6, …). */
  readonly cuts?: number[];
  readonly alpha?: number;
  readonly lambda?: number;
}

export function buildExplorerPage(data: ExploreData, options: ExplorerOptions = {}): string {
  const levels = [...new Set(data.severity)].sort((a, b) => a - b);
  const levelNames = levels.map((v) => data.classNames.filter((_, k) => data.severity[k] === v).join(" | "));
  const cuts = options.cuts ?? levels.slice(1).map((_, i) => (i + 1) / levels.length);
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const slider = (id: string, label: string, value: number, step: number) =>
    `<label for="${id}">${label} <output id="${id}-value">${value.toFixed(3)}</output></label><input type="range" id="${id}" min="0" max="1" step="${step}" value="${value}">`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(options.title ?? "capqa explorer")}</title>
<style>
body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 1.5em; color: #222; }
.controls { display: grid; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); gap: 0.6em 1.5em; max-width: 1100px; }
label { display: block; font-size: 0.9em; } input[type=range] { width: 100%; }
.stats { display: flex; flex-wrap: wrap; gap: 1.2em; margin: 1em 0; } .stat b { display: block; font-size: 1.3em; }
table { border-collapse: collapse; font-size: 0.85em; } td, th { border: 1px solid #ccc; padding: 2px 6px; text-align: right; }
</style></head><body>
<h1>${esc(options.title ?? "capqa explorer")}</h1>
<p>CAP = α·D(gold→candidate) + (1−α)·D(candidate→gold), D = P(entailment) + λ·P(neutral); ${data.cls.length} rows. Cut points map CAP to the six severity levels of Eq. 1 (level = number of cuts ≤ score).</p>
<div class="controls">
${slider("alpha", "α", options.alpha ?? DEFAULT_ALPHA, 0.05)}
${slider("lambda", "λ", options.lambda ?? DEFAULT_LAMBDA, 0.05)}
${cuts.map((c, i) => slider(`cut${i}`, `cut ${i + 1} (${esc(levelNames[i])} | ${esc(levelNames[i + 1])})`, c, 0.005)).join("\n")}
</div>
<div class="stats">
<div class="stat">Spearman ρ<b id="spearman"></b></div><div class="stat">pairwise accuracy<b id="pairwise"></b></div>
<div class="stat">violations (of 25)<b id="violations"></b></div><div class="stat">accuracy<b id="accuracy"></b></div>
<div class="stat">macro-F1<b id="macrof1"></b></div><div class="stat">quadratic κ<b id="qwk"></b></div>
</div>
<div id="dist" style="width:100%;max-width:1100px;height:420px"></div>
<h2>Confusion matrix (rows: true level, columns: predicted)</h2>
<table id="confusion"></table>
<script>${plotlyScript()}</script>
<script>
${computeScript()}
const DATA = ${JSON.stringify(data)};
const LEVELS = ${JSON.stringify(levels)};
const LEVEL_NAMES = ${JSON.stringify(levelNames)};
const TRUE_LEVELS = DATA.cls.map((c) => LEVELS.indexOf(DATA.severity[c]));
function val(id) { return Number(document.getElementById(id).value); }
function show(id, x, digits) { const el = document.getElementById(id); el.textContent = x.toFixed(digits); el.dataset.value = String(x); }
function update() {
  const alpha = val("alpha"), lambda = val("lambda");
  const cuts = LEVEL_NAMES.slice(1).map((_, i) => val("cut" + i));
  for (const id of ["alpha", "lambda", ...cuts.map((_, i) => "cut" + i)]) document.getElementById(id + "-value").textContent = val(id).toFixed(3);
  const scores = exploreCap(DATA, alpha, lambda);
  const r = exploreRanking(DATA, scores);
  const c = exploreClassification(TRUE_LEVELS, scores, [...cuts].sort((a, b) => a - b), LEVELS.length);
  show("spearman", r.spearman, 4); show("pairwise", r.pairwiseAccuracy, 4); show("violations", r.violations, 0);
  show("accuracy", c.accuracy, 4); show("macrof1", c.macroF1, 4); show("qwk", c.quadraticKappa, 4);
  const t = document.getElementById("confusion");
  t.innerHTML = "<tr><th></th>" + LEVEL_NAMES.map((n) => "<th>" + n + "</th>").join("") + "</tr>" +
    c.confusion.map((row, k) => "<tr><th>" + LEVEL_NAMES[k] + "</th>" + row.map((x) => "<td>" + x + "</td>").join("") + "</tr>").join("");
  const traces = DATA.classNames.map((name, k) => ({ type: "box", name, y: scores.filter((_, i) => DATA.cls[i] === k), boxpoints: false }));
  const shapes = cuts.map((y) => ({ type: "line", xref: "paper", x0: 0, x1: 1, y0: y, y1: y, line: { dash: "dot", width: 1 } }));
  Plotly.react("dist", traces, { title: { text: "CAP by class (α " + alpha.toFixed(2) + ", λ " + lambda.toFixed(2) + ")" }, yaxis: { title: { text: "CAP" }, range: [0, 1] }, showlegend: false, shapes, margin: { t: 40 } }, { staticPlot: false, displaylogo: false });
  document.body.dataset.ready = String(Number(document.body.dataset.ready || 0) + 1);
}
for (const el of document.querySelectorAll("input[type=range]")) el.addEventListener("input", update);
update();
</script>
</body></html>
`;
}
