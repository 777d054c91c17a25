/**
 * `capqa explore`: one self-contained HTML page (plotly and the explorer's arithmetic inlined,
 * data embedded) where α, λ and the classification cut points move, and the page shows per-class
 * score histograms with the cuts and the levels they separate, the ranking statistics, the
 * classification metrics and the confusion matrix, recomputed in the browser by the same code as
 * `./compute`.
 *
 * Cut points are exact: a cut's slider moves over the values between consecutive distinct
 * sorted scores (and any exact value typed or loaded), so a "capqa calibrate" classifier's cuts
 * are loaded as they are and the page's numbers equal calibrate's report to the last digit. The
 * cuts stay in order (a cut moved past its neighbour pushes it along). With "refit" on, the cuts
 * are refitted (fitThresholds' dynamic programme, run in the page) on the fit split whenever α,
 * λ, the score source or the objective moves, as notebook 08's slider does. Colours, class order
 * and class names are the figures' (lib/figures/palette.ts).
 */
import { DEFAULT_ALPHA, DEFAULT_LAMBDA } from "../constants.js";
import { readFileSync } from "node:fs";
import { CLASSES, PAPER_ORDERING, type CorrectnessClass } from "../taxonomy/index.js";
import { releasedColumn, selectRows, type Benchmark, type SplitChoice } from "../data/benchmark.js";
import {
  classifierMetric,
  equalWidthClassifier,
  severityLevelSet,
  type LevelSet,
  type ThresholdClassifier,
} from "../calibrate/classifier.js";
import { checkClassifier } from "../calibrate/classifier-file.js";
import { isClassLevelSet } from "../calibrate/levels.js";
import { FONT_FAMILY, classLabel } from "../figures/palette.js";
import { CARRIED_PLOTLY_SCRIPT, inlinePlotlyScript } from "../figures/carrier.js";
import { levelLabel } from "../figures/builders.js";
import { labelColors } from "./label-colors.js";
import type { ExploreData, ExploreObjective, ExploreRows, ExploreSource } from "./compute.js";

const OBJECTIVES: readonly ExploreObjective[] = ["macro_f1", "accuracy", "quadratic_kappa"];

function rowsOf(bench: Benchmark, split: SplitChoice, metric: string): ExploreRows {
  const sel = selectRows(bench, split);
  // The released values as they are (no rounding), so the page computes what the library computes.
  const col = (f: string) => Array.from(releasedColumn(bench, f, sel.rowIds));
  if (metric !== "cap") return { cls: Array.from(sel.classes), values: col(metric) };
  return {
    cls: Array.from(sel.classes),
    peF: col("pe_f"),
    pnF: col("pn_f"),
    peR: col("pe_r"),
    pnR: col("pn_r"),
    ...(bench.scores.metrics.includes("cap") ? { cap: col("cap") } : {}),
  };
}

/**
 * The data the page needs: class, the four probabilities and the released CAP of each row of
 * `split` (the rows shown and evaluated), and the same for `fitSplit` (the rows cuts are
 * refitted on; default validation, as "capqa calibrate" fits). Another released metric
 * (`metric`: bleu, rouge_l, …) is shown as its column, which α and λ do not move.
 */
export function exploreDataFromBenchmark(
  bench: Benchmark,
  split: SplitChoice = "test",
  fitSplit: SplitChoice = "validation",
  metric = "cap",
): ExploreData {
  if (!bench.scores.metrics.includes(metric))
    throw new Error(`the released scores (${bench.scores.file}) have no metric ${metric}; they have ${bench.scores.metrics.join(", ")}`);
  return {
    classNames: [...CLASSES],
    severity: CLASSES.map((c) => PAPER_ORDERING.severity[c]),
    ...rowsOf(bench, split, metric),
    fit: rowsOf(bench, fitSplit, metric),
    split,
    fitSplit,
    ...(metric !== "cap" ? { metric, metricSource: "released" } : {}),
  };
}

/** The compiled CAP formula, calibration kernel and compute module as one plain script (imports and `export` keywords removed). */
function computeScript(): string {
  const plain = (js: string) =>
    js
      .replace(/^import .*$/gm, "")
      .replace(/^export /gm, "")
      .replace(/^\/\/# sourceMappingURL=.*$/m, "");
  // compute.js's imports first: the CAP formula, Pearson's r and the calibration kernel, all import-free.
  return [
    new URL("../cap/formula.js", import.meta.url),
    new URL("../stats/pearson.js", import.meta.url),
    new URL("../calibrate/kernel.js", import.meta.url),
    new URL("./compute.js", import.meta.url),
  ]
    .map((u) => plain(readFileSync(u, "utf8")))
    .join("\n");
}

/**
 * Gets plotly.js for a page that does not inline it (a page in a notebook's frame): the bundle
 * the notebook carries (lib/figures/carrier.ts), run in this frame's own window (the notebook's
 * Plotly draws into the notebook's document, not this one), else each source in turn. The page
 * computes and shows its numbers without plotly.js; the histogram is drawn once plotly.js is
 * there. Where none loads, the page says so and tells its parent frame, which then shows the
 * static picture of the page's first state instead (lib/explore/notebook.ts).
 */
function plotlyLoader(sources: readonly { readonly src: string; readonly integrity?: string }[], id: string): string {
  return `<script>
(function () {
  var sources = ${scriptJson(sources)};
  ${CARRIED_PLOTLY_SCRIPT.replace(/\n/g, "\n  ")}
  var ready = function () { document.documentElement.dataset.plotly = "ready"; if (typeof window.capqaExplorerDraw === "function") window.capqaExplorerDraw(); };
  var parentDocument = null;
  try { if (window.parent && window.parent !== window) parentDocument = window.parent.document; } catch (e) { parentDocument = null; }
  if (capqaCarriedPlotly(window, parentDocument, ["bar"])) return ready();
  var i = 0;
  var next = function () {
    if (i >= sources.length) {
      document.documentElement.dataset.plotly = "missing";
      var note = function () { document.body.insertAdjacentHTML("afterbegin", "<p><b>plotly.js could not be loaded here</b> (offline?): the numbers work, the histogram does not; open the explorer on its own with <code>capqa explore --out explorer.html</code>.</p>"); };
      if (document.body) note(); else window.addEventListener("DOMContentLoaded", note);
      try { if (window.parent && window.parent !== window) window.parent.postMessage({ type: "capqa-explorer-no-plotly", id: ${scriptJson(id)} }, "*"); } catch (e) {}
      return;
    }
    var s = document.createElement("script");
    s.src = sources[i].src;
    if (sources[i].integrity) { s.integrity = sources[i].integrity; s.crossOrigin = "anonymous"; }
    i++;
    s.onload = function () { if (window.Plotly && window.Plotly.newPlot) ready(); else next(); };
    s.onerror = next;
    document.head.appendChild(s);
  };
  next();
})();
</script>`;
}

export interface ExplorerOptions {
  readonly title?: string;
  /** The page's id in the messages it posts to a parent frame (default the title). */
  readonly id?: string;
  /** The levels classified (default the six severity levels of Eq. 1); labels of one's own for a labelled file. */
  readonly levelSet?: LevelSet<string>;
  /** Initial cut points, exact (default the paper's equal-width bins over the levels). */
  readonly cuts?: readonly number[];
  readonly alpha?: number;
  readonly lambda?: number;
  /**
   * The scores: the released CAP column ("released", only at the released weights) or CAP
   * recomputed from the probabilities at α and λ. Default: released when the data has it and α
   * and λ are the released weights, else recomputed.
   */
  readonly source?: ExploreSource;
  /** What refitted cuts maximise (default macro_f1, as "capqa calibrate"). */
  readonly objective?: ExploreObjective;
  /**
   * Where the page gets plotly.js: inlined (default; the page works anywhere, offline, ~4.8 MB),
   * or these URLs in order after a plotly.js the page or its parent frame already has (a small
   * page for an iframe inside a notebook, whose figures load plotly.js the same way).
   */
  readonly plotlySources?: readonly { readonly src: string; readonly integrity?: string }[];
  /** Start with "refit the cuts when α or λ moves" on (default off). */
  readonly refit?: boolean;
  /** The weights of the released CAP column (default the paper's, α 0.85, λ 0.3). */
  readonly releasedWeights?: { readonly alpha: number; readonly lambda: number };
  /** A line saying where the initial cuts come from (e.g. the classifier's file). */
  readonly cutsFrom?: string;
}

/** The explorer's settings of a "capqa calibrate" classifier: its levels, exact cuts, objective, metric, CAP weights and score source. */
export interface ExplorerClassifierSettings {
  readonly levelSet: LevelSet<string>;
  readonly cuts: number[];
  /** The score column it classifies (cap unless the classifier says). */
  readonly metric: string;
  readonly objective: ExploreObjective;
  readonly alpha: number;
  readonly lambda: number;
  readonly source: ExploreSource;
  /** The split it was fitted on, when it says. */
  readonly fitSplit?: SplitChoice;
}

/**
 * Checks a classifier (parsed classifier.json of "capqa calibrate" or the explorer's "Save
 * classifier") and returns the explorer's settings for it: of any metric and any labels; whether
 * the data has its metric and labels is checked where the page is built.
 */
export function explorerSettingsFromClassifier(c: ThresholdClassifier, what = "the classifier"): ExplorerClassifierSettings {
  checkClassifier(c, what);
  const bad = (why: string): never => {
    throw new Error(`${what} is not a classifier the explorer can show: ${why}`);
  };
  const levels = c.levelSet.levels;
  if (levels.length < 2) bad("it has one level; the explorer moves the cuts between two or more");
  const metric = classifierMetric(c);
  const score = (c.score ?? {}) as { alpha?: unknown; lambda?: unknown; source?: unknown };
  const weight = (name: "alpha" | "lambda", fallback: number) => {
    const v = score[name];
    if (v === undefined) return fallback;
    if (typeof v !== "number" || !(v >= 0 && v <= 1)) bad(`its score.${name} is not a number in [0, 1]`);
    return v as number;
  };
  const objective = OBJECTIVES.includes(c.objective as ExploreObjective) ? (c.objective as ExploreObjective) : "macro_f1";
  const split = (c.fittedOn as { split?: unknown } | undefined)?.split;
  return {
    levelSet: { name: String(c.levelSet.name ?? "levels"), levels: levels.map((l) => ({ name: l.name, classes: [...l.classes] })) },
    cuts: [...c.cuts],
    metric,
    objective,
    alpha: weight("alpha", DEFAULT_ALPHA),
    lambda: weight("lambda", DEFAULT_LAMBDA),
    source: metric !== "cap" ? "column" : score.source === "released" ? "released" : "recomputed",
    ...(split === "validation" || split === "test" || split === "all" ? { fitSplit: split } : {}),
  };
}

/** JSON for a <script> element (no "</" inside). */
function scriptJson(x: unknown): string {
  return JSON.stringify(x).replace(/</g, "\\u003c");
}

export function buildExplorerPage(data: ExploreData, options: ExplorerOptions = {}): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
  const levelSet = options.levelSet ?? severityLevelSet();
  const K = levelSet.levels.length;
  const classIndex = (c: string) => {
    const k = data.classNames.indexOf(c);
    if (k < 0)
      throw new Error(
        `buildExplorerPage: label ${c} of level set ${levelSet.name} is not in the data's classNames (${data.classNames.join(", ")})`,
      );
    return k;
  };
  const levelOfClass = data.classNames.map(() => -1);
  levelSet.levels.forEach((l, k) => l.classes.forEach((c) => (levelOfClass[classIndex(c)] = k)));
  if (levelOfClass.some((k) => k < 0))
    throw new Error(`buildExplorerPage: level set ${levelSet.name} leaves class ${data.classNames[levelOfClass.indexOf(-1)]} out`);
  const axis: readonly [number, number] = data.axis ?? [0, 1];
  if (!(Number.isFinite(axis[0]) && Number.isFinite(axis[1]) && axis[0] < axis[1]))
    throw new Error(`buildExplorerPage: the axis [${axis.join(", ")}] is not a finite range`);
  const cuts = options.cuts ? [...options.cuts] : equalWidthClassifier(levelSet, {}, axis[0], axis[1]).cuts;
  if (cuts.length !== K - 1) throw new Error(`buildExplorerPage: ${cuts.length} cuts for ${K} levels; give ${K - 1}`);
  for (let i = 0; i < cuts.length; i++) {
    if (!Number.isFinite(cuts[i])) throw new Error(`buildExplorerPage: cut ${i + 1} is not a finite number`);
    if (i > 0 && cuts[i] < cuts[i - 1])
      throw new Error(`buildExplorerPage: cut ${i + 1} (${cuts[i]}) is below cut ${i} (${cuts[i - 1]}); cuts are non-decreasing`);
  }
  const released = options.releasedWeights ?? { alpha: DEFAULT_ALPHA, lambda: DEFAULT_LAMBDA };
  const alpha = options.alpha ?? released.alpha;
  const lambda = options.lambda ?? released.lambda;
  for (const [name, v] of [
    ["alpha", alpha],
    ["lambda", lambda],
  ] as const)
    if (!(v >= 0 && v <= 1)) throw new Error(`buildExplorerPage: ${name} ${v} is not in [0, 1]`);
  const hasReleased = data.cap !== undefined && (data.fit === undefined || data.fit.cap !== undefined);
  // α and λ move CAP recomputed from the NLI probabilities; a metric's column stays as it is.
  const recomputable = data.peF !== undefined && (data.fit === undefined || data.fit.peF !== undefined);
  const hasColumn = data.values !== undefined && (data.fit === undefined || data.fit.values !== undefined);
  const atReleased = alpha === released.alpha && lambda === released.lambda;
  const source: ExploreSource =
    options.source ?? (hasColumn && !recomputable ? "column" : hasReleased && atReleased ? "released" : "recomputed");
  if (source === "column" && !hasColumn)
    throw new Error("buildExplorerPage: source column, but the data carries no metric column (values)");
  if (source === "recomputed" && !recomputable)
    throw new Error("buildExplorerPage: source recomputed, but the data carries no NLI probabilities to recompute CAP from");
  if (source === "released" && !hasReleased)
    throw new Error("buildExplorerPage: source released, but the data carries no released CAP column");
  if (source === "released" && !atReleased)
    throw new Error(
      `buildExplorerPage: the released CAP column is at α ${released.alpha}, λ ${released.lambda}, not α ${alpha}, λ ${lambda}`,
    );
  const objective = options.objective ?? "macro_f1";
  if (!OBJECTIVES.includes(objective)) throw new Error(`buildExplorerPage: unknown objective "${objective}"`);
  const title = options.title ?? "capqa explorer";
  const isClass = (name: string): name is CorrectnessClass => (CLASSES as readonly string[]).includes(name);
  // Classes in taxonomy order (most correct first), as every figure has them; labels of one's own
  // most correct first, coloured by rank (the figures' colour where a label is a paper class).
  const paperLevels = isClassLevelSet(levelSet);
  const colors = labelColors(
    data.classNames,
    data.classNames.map((_, i) => data.classNames.length - 1 - i),
    paperLevels,
  );
  const classes = data.classNames.map((name, i) => ({ label: paperLevels && isClass(name) ? classLabel(name) : name, color: colors[i] }));
  const levels = levelSet.levels.map((l) =>
    paperLevels
      ? {
          name: l.name,
          label: levelLabel(l as { name: string; classes: CorrectnessClass[] }),
          title: l.classes.map((c) => classLabel(c as CorrectnessClass)).join(", "),
        }
      : { name: l.name, label: l.classes.join("/"), title: l.classes.join(", ") },
  );
  const metric = data.metric ?? "cap";
  const isCap = metric === "cap";
  const config = {
    K,
    levelOfClass,
    levels,
    classes,
    initial: { alpha, lambda, source, cuts, objective, refit: options.refit === true },
    released,
    hasReleased,
    recomputable,
    canRefit: data.fit !== undefined && data.fit.cls.length > 0,
    id: options.id ?? title,
    title,
    axis,
    bins: [0.005, 0.01, 0.025].map((f) => f * (axis[1] - axis[0])),
    metric,
    metricLabel: isCap ? "CAP" : metric,
    rowWord: paperLevels ? "class" : "label",
    // What a saved classifier records: its levels, and what it scores.
    levelSet: { name: levelSet.name, levels: levelSet.levels.map((l) => ({ name: l.name, classes: [...l.classes] })) },
    metricSource: data.metricSource ?? null,
  };
  const n = data.cls.length;
  const fitN = data.fit?.cls.length ?? 0;
  const splitName = (s: string | undefined) => (s ? `${s} split` : "rows");
  const hidden = recomputable ? "" : " hidden";
  const pair = (id: string, label: string) =>
    `<div class="weight"${hidden}><label for="${id}">${label} <output id="${id}-value"></output></label><input type="range" id="${id}" min="0" max="100" step="1"><input type="text" id="${id}-text" class="exact" aria-label="${label}, exact" spellcheck="false"></div>`;
  const cutControl = (i: number) =>
    `<div class="cut"><label for="cut${i}">cut ${i + 1} <span class="between" title="${esc(levels[i].title)} | ${esc(levels[i + 1].title)}">${esc(levels[i].label)} | ${esc(levels[i + 1].label)}</span> <output id="cut${i}-value"></output></label><input type="range" id="cut${i}" min="0" max="1" step="1"><input type="text" id="cut${i}-text" class="exact" aria-label="cut ${i + 1}, exact" spellcheck="false"></div>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>
body { font-family: ${FONT_FAMILY}; margin: 1.5em; color: #222; max-width: 1150px; }
.controls, .cuts { display: grid; grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); gap: 0.6em 1.5em; }
.cuts { margin-top: 0.8em; }
label { display: block; font-size: 0.9em; } input[type=range] { width: 100%; }
input.exact { width: 100%; box-sizing: border-box; font-family: monospace; font-size: 0.85em; }
input.exact.invalid { outline: 2px solid #d6604d; } select { max-width: 100%; }
.between { color: #555; } .options label { display: inline; margin-right: 1.2em; }
.options { margin-top: 0.8em; font-size: 0.9em; }
.stats { display: flex; flex-wrap: wrap; gap: 1.2em; margin: 1em 0; } .stat b { display: block; font-size: 1.3em; }
table { border-collapse: collapse; font-size: 0.85em; } td, th { border: 1px solid #ccc; padding: 2px 6px; text-align: right; }
#status { color: #555; font-size: 0.85em; min-height: 1.2em; }
</style></head><body>
<h1>${esc(title)}</h1>
<p>${recomputable || isCap ? "CAP = α·D(gold→candidate) + (1−α)·D(candidate→gold), D = P(entailment) + λ·P(neutral)" : `Scores: ${esc(metric)}`}${data.metricSource ? ` (${esc(data.metricSource)})` : ""}; ${n} rows of the ${esc(splitName(data.split))}${fitN ? `; cuts are refitted on the ${fitN} rows of the ${esc(splitName(data.fitSplit))}${fitN > 3000 ? " (on this many rows a refit takes seconds)" : ""}` : ""}. Cut points map ${esc(config.metricLabel)} to ${K} levels, least correct first (level = number of cuts ≤ score). A cut's slider steps through the values midway between consecutive distinct scores, so every cut is exact; type a value (or −∞, +∞) in its box for any other. A cut moved past its neighbour pushes it along.${options.cutsFrom ? ` Initial cuts: ${esc(options.cutsFrom)}.` : ""} "Save classifier" downloads the current cuts as a classifier.json that <code>capqa score --classify</code> and <code>capqa explore --classifier</code> read.</p>
${recomputable ? "" : `<p id="weights-note">α and λ move CAP recomputed from NLI probabilities; these scores are ${isCap ? "a CAP column without its probabilities" : `the ${esc(metric)} column`}, so no α or λ slider is shown.</p>`}
<div class="controls">
${pair("alpha", "α")}
${pair("lambda", "λ")}
<div${hidden}><label for="source">CAP</label><select id="source"><option value="released"${hasReleased ? "" : " disabled"}>the released column (α ${released.alpha}, λ ${released.lambda})</option><option value="recomputed">recomputed from the NLI probabilities at α, λ</option></select></div>
<div><label for="objective">objective of a fit</label><select id="objective"><option value="macro_f1">macro-F1</option><option value="accuracy">accuracy</option><option value="quadratic_kappa">quadratic κ</option></select></div>
</div>
<div class="options">
<label><input type="checkbox" id="refit"${config.canRefit ? "" : " disabled"}> refit the cuts when ${recomputable ? "α, λ, the CAP source or " : ""}the objective moves</label>
<button type="button" id="fit-now"${config.canRefit ? "" : " disabled"}>fit the cuts now</button>
<button type="button" id="reset">initial cuts</button>
<button type="button" id="save" title="download the current cuts as classifier.json">Save classifier</button>
<label for="view">view</label><select id="view"><option value="stacked">stacked histogram</option><option value="classes">one histogram per ${config.rowWord}</option></select>
<label for="bin">bin width</label><select id="bin">${config.bins.map((b, i) => `<option value="${b}"${i === 1 ? " selected" : ""}>${Number(b.toPrecision(3))}</option>`).join("")}</select>
</div>
<div class="cuts">
${cuts.map((_, i) => cutControl(i)).join("\n")}
</div>
<div id="status"></div>
<div class="stats">
<div class="stat">Spearman ρ<b id="spearman"></b></div><div class="stat">pairwise accuracy<b id="pairwise"></b></div>
<div class="stat">violations<b id="violations"></b></div><div class="stat">accuracy<b id="accuracy"></b></div>
<div class="stat">macro-F1<b id="macrof1"></b></div><div class="stat">κ<b id="kappa"></b></div>
<div class="stat">κ linear<b id="kappa-linear"></b></div><div class="stat">κ quadratic<b id="qwk"></b></div>
</div>
<div id="dist" style="width:100%;height:460px"></div>
<h2>Confusion matrix (rows: true level, columns: predicted; most correct first)</h2>
<table id="confusion"></table>
${options.plotlySources ? plotlyLoader(options.plotlySources, config.id) : inlinePlotlyScript()}
<script>
function capqaExplorerMain() {
${computeScript()}
const DATA = ${scriptJson(data)};
const CONFIG = ${scriptJson(config)};
${PAGE_SCRIPT}
}
capqaExplorerMain();
</script>
</body></html>
`;
}

/** The page's own code (plain browser JavaScript; compute.ts's functions are in scope). */
const PAGE_SCRIPT = String.raw`
const K = CONFIG.K;
const TRUE_LEVELS = DATA.cls.map((c) => CONFIG.levelOfClass[c]);
const FIT_LEVELS = DATA.fit ? DATA.fit.cls.map((c) => CONFIG.levelOfClass[c]) : [];
const INF = EXPLORE_CUT_INFINITY;
const [LO, HI] = CONFIG.axis;
const state = { ...CONFIG.initial, cuts: CONFIG.initial.cuts.slice(), view: "stacked", bin: CONFIG.bins[1] };
let scores = [];
let candidates = [];
let renders = 0;
const $ = (id) => document.getElementById(id);
const fmt = (x, digits) => (Number.isFinite(x) ? x.toFixed(digits) : String(x));
function status(text) { $("status").textContent = text; }
function show(id, x, digits) { const el = $(id); el.textContent = fmt(x, digits); el.dataset.value = String(x); }

/** Scores of the shown rows at the current α, λ and source; the cut candidates follow them. */
function rescore() {
  scores = exploreScores(DATA, state.alpha, state.lambda, state.source);
  rebuildCandidates();
}
function rebuildCandidates() { candidates = exploreCutCandidates(scores, state.cuts); }
function refit() {
  const fitScores = exploreScores(DATA.fit, state.alpha, state.lambda, state.source);
  state.cuts = exploreFitCuts(fitScores, FIT_LEVELS, K, state.objective);
  rebuildCandidates();
  status("cuts fitted for " + state.objective + " on the " + FIT_LEVELS.length + " rows of the " + (DATA.fitSplit || "fit") + " split at α " + state.alpha + ", λ " + state.lambda + " (" + state.source + " CAP)");
}
/** α, λ or the source moved: rescore, and refit when asked to. */
function weightsMoved() {
  if (state.source === "released" && !(state.alpha === CONFIG.released.alpha && state.lambda === CONFIG.released.lambda)) state.source = "recomputed";
  rescore();
  if (state.refit && CONFIG.canRefit) refit();
}
function setWeight(name, value) {
  if (!(value >= 0 && value <= 1)) return false;
  state[name] = value;
  weightsMoved();
  return true;
}
function setCut(i, value) {
  state.cuts = exploreSetCut(state.cuts, i, value);
}

function syncControls() {
  for (const name of ["alpha", "lambda"]) {
    const v = state[name];
    $(name).value = String(Math.round(v * 100));
    $(name + "-value").textContent = String(v);
    const text = $(name + "-text");
    if (document.activeElement !== text) text.value = String(v);
    text.classList.remove("invalid");
  }
  if (CONFIG.recomputable) $("source").value = state.source;
  $("objective").value = state.objective;
  $("refit").checked = state.refit;
  state.cuts.forEach((c, i) => {
    const slider = $("cut" + i);
    slider.max = String(candidates.length - 1);
    slider.value = String(exploreNearestIndex(candidates, c));
    $("cut" + i + "-value").textContent = Math.abs(c) >= INF ? exploreFormatCut(c) : c.toFixed(4);
    const text = $("cut" + i + "-text");
    if (document.activeElement !== text) text.value = exploreFormatCut(c);
    text.classList.remove("invalid");
  });
}

function histogramTraces(view, bin) {
  const counts = exploreHistogram(scores, DATA.cls, DATA.classNames.length, bin, LO, HI);
  const nBins = counts[0].length;
  const x = Array.from({ length: nBins }, (_, k) => LO + Math.round((k + 0.5) * bin * 1e6) / 1e6);
  return CONFIG.classes.map((c, k) => ({
    type: "bar", name: c.label, x, y: counts[k], width: bin,
    marker: { color: c.color, line: { width: 0 } },
    yaxis: view === "classes" ? "y" + (k === 0 ? "" : k + 1) : "y",
    showlegend: view !== "classes",
    hovertemplate: c.label + ": %{y} rows at " + CONFIG.metricLabel + " in [%{x:.4f} ± " + bin / 2 + "]<extra></extra>",
  }));
}

/** Cut lines, each named on the plot, and each level's name over its stretch of the axis. */
function cutLayout() {
  const shapes = [];
  const annotations = [];
  state.cuts.forEach((c, i) => {
    if (!(c >= LO && c <= HI)) return;
    shapes.push({ type: "line", xref: "x", yref: "paper", x0: c, x1: c, y0: 0, y1: 1, line: { color: "#000000", width: 1.25 } });
    annotations.push({ name: "cut" + i, text: "cut " + (i + 1) + " = " + c.toFixed(4), x: c, xref: "x", y: 1, yref: "paper", yanchor: "top", xanchor: "right", xshift: -1, textangle: -90, showarrow: false, font: { size: 10, color: "#000000" }, bgcolor: "rgba(255,255,255,0.7)" });
  });
  for (let k = 0; k < K; k++) {
    const lo = k === 0 ? LO : Math.max(LO, Math.min(HI, state.cuts[k - 1]));
    const hi = k === K - 1 ? HI : Math.max(LO, Math.min(HI, state.cuts[k]));
    if (!(hi > lo)) continue; // an empty level (equal cuts) or one off the axis
    annotations.push({
      // The first and last level's names sit against their outer end, so they never run off the plot.
      name: "level" + k, text: CONFIG.levels[k].label, hovertext: CONFIG.levels[k].title, x: k === 0 ? lo : k === K - 1 ? hi : (lo + hi) / 2, xanchor: k === 0 ? "left" : k === K - 1 ? "right" : "center", xref: "x", y: 1, yref: "paper",
      yanchor: "bottom", yshift: k % 2 === 0 ? 2 : 17, showarrow: false, font: { size: 11, color: "#222222" },
    });
  }
  return { shapes, annotations };
}

function drawPlot() {
  // The numbers do not need plotly.js; the histogram waits for it (the loader calls capqaExplorerDraw).
  if (!(window.Plotly && window.Plotly.newPlot)) return;
  const view = state.view;
  const traces = histogramTraces(view, state.bin);
  const cl = cutLayout();
  const title = CONFIG.metricLabel + " by " + CONFIG.rowWord + " (" + (state.source === "released" ? "released column" : state.source === "column" ? "its column" : "α " + state.alpha + ", λ " + state.lambda) + ")";
  const layout = {
    font: { family: ${JSON.stringify(FONT_FAMILY)}, size: 11, color: "#000000" },
    title: { text: title, font: { size: 12 }, y: 0.995, yanchor: "top" },
    margin: { t: 64, l: 56, r: view === "classes" ? 140 : 10, b: view === "classes" ? 50 : 90 },
    xaxis: { title: { text: CONFIG.metricLabel }, range: [LO, HI], ...(LO === 0 && HI === 1 ? { dtick: 0.1 } : {}), showline: true, linecolor: "#000000", ticks: "outside", zeroline: false },
    shapes: cl.shapes, annotations: cl.annotations, bargap: 0,
    hoverlabel: { font: { family: ${JSON.stringify(FONT_FAMILY)} } },
  };
  if (view === "classes") {
    const C = CONFIG.classes.length;
    const gap = 0.012;
    const h = (1 - gap * (C - 1)) / C;
    CONFIG.classes.forEach((c, k) => {
      // Most correct class on top, as the figures put it.
      const top = 1 - k * (h + gap);
      layout["yaxis" + (k === 0 ? "" : k + 1)] = { domain: [Math.max(0, top - h), top], rangemode: "tozero", showline: true, linecolor: "#000000", ticks: "outside", nticks: 3, anchor: "x", zeroline: false, gridcolor: "#e5e5e5" };
      layout.annotations.push({ name: "class" + k, text: '<span style="color:' + c.color + '">■</span> ' + c.label, xref: "paper", x: 1.01, xanchor: "left", yref: "paper", y: top - h / 2, yanchor: "middle", showarrow: false, font: { size: 10 } });
    });
    layout.xaxis.anchor = "y" + C;
    layout.showlegend = false;
    layout.height = Math.max(460, 70 * C + 140);
  } else {
    layout.barmode = "stack";
    layout.yaxis = { title: { text: "rows" }, rangemode: "tozero", showline: true, linecolor: "#000000", ticks: "outside", gridcolor: "#e5e5e5", zeroline: false };
    layout.showlegend = true;
    layout.legend = { orientation: "h", x: 0, y: -0.2, yanchor: "top", traceorder: "normal" };
    layout.height = 460;
  }
  $("dist").style.height = layout.height + "px";
  Plotly.react("dist", traces, layout, { displaylogo: false });
  postHeight();
}

/** Inside a frame, the page's height goes to the parent (a notebook's output), which sizes the frame to it. */
function postHeight() {
  if (!window.parent || window.parent === window) return;
  try { window.parent.postMessage({ type: "capqa-explorer-height", id: CONFIG.id, height: document.documentElement.scrollHeight }, "*"); } catch (e) { /* a parent that takes no messages */ }
}

function update() {
  const r = exploreRanking(DATA, scores);
  const c = exploreClassification(TRUE_LEVELS, scores, state.cuts, K);
  show("spearman", r.spearman, 4); show("pairwise", r.pairwiseAccuracy, 4); show("violations", r.violations, 0);
  show("accuracy", c.accuracy, 4); show("macrof1", c.macroF1, 4);
  show("kappa", c.kappa, 4); show("kappa-linear", c.kappaLinear, 4); show("qwk", c.kappaQuadratic, 4);
  const order = Array.from({ length: K }, (_, i) => K - 1 - i);
  const name = (k) => '<th title="' + CONFIG.levels[k].title + '">' + CONFIG.levels[k].label + "</th>";
  $("confusion").innerHTML = "<tr><th>true \\ predicted</th>" + order.map(name).join("") + "<th>F1</th></tr>" +
    order.map((t) => "<tr>" + name(t) + order.map((p) => "<td>" + c.confusion[t][p] + "</td>").join("") + "<td>" + c.f1[t].toFixed(4) + "</td></tr>").join("");
  syncControls();
  drawPlot();
  postClassifier();
  postHeight();
  document.body.dataset.ready = String(++renders);
}

/** The current cuts as a classifier.json (capqa calibrate's format): its levels, the cuts exactly, what they score. */
function currentClassifier() {
  const cap = CONFIG.metric === "cap" && state.source !== "column";
  const score = cap
    ? { metric: "cap", alpha: state.alpha, lambda: state.lambda, source: state.source === "released" ? "released" : "recomputed from the NLI probabilities (alpha=" + state.alpha + ", lambda=" + state.lambda + ")" }
    : { metric: CONFIG.metric, source: CONFIG.metricSource || "its column" };
  return {
    kind: "capqa-threshold-classifier", version: 1, levelSet: CONFIG.levelSet, cuts: state.cuts.slice(), objective: "explorer", score,
    origin: "cuts set in the capqa explorer (" + CONFIG.title + ")",
  };
}
/** "Save classifier": the current classifier downloaded as classifier.json. */
function saveClassifier() {
  const blob = new Blob([JSON.stringify(currentClassifier(), null, 2) + "\n"], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "classifier.json";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 60000);
  status("saved the current cuts as classifier.json (capqa score --classify and capqa explore --classifier read it)");
}
/** Inside a frame (a notebook's output), every new classifier goes to the parent, which may hand it to the kernel. */
let posted = "";
function postClassifier() {
  if (!window.parent || window.parent === window) return;
  const classifier = currentClassifier();
  const key = JSON.stringify(classifier);
  if (key === posted) return;
  posted = key;
  try { window.parent.postMessage({ type: "capqa-explorer-classifier", id: CONFIG.id, classifier }, "*"); } catch (e) { /* a parent that takes no messages */ }
}

// ------------------------------------------------------------------ events
for (const name of ["alpha", "lambda"]) {
  $(name).addEventListener("input", () => { setWeight(name, Number($(name).value) / 100); update(); });
  $(name + "-text").addEventListener("change", () => {
    const el = $(name + "-text");
    const v = el.value.trim() === "" ? NaN : Number(el.value);
    if (!setWeight(name, v)) { el.classList.add("invalid"); return; }
    update();
  });
}
state.cuts.forEach((_, i) => {
  $("cut" + i).addEventListener("input", () => { setCut(i, candidates[Number($("cut" + i).value)]); update(); });
  $("cut" + i + "-text").addEventListener("change", () => {
    const el = $("cut" + i + "-text");
    const v = exploreParseCut(el.value);
    if (v === undefined) { el.classList.add("invalid"); return; }
    setCut(i, v);
    rebuildCandidates();
    update();
  });
});
$("source").addEventListener("change", () => {
  state.source = $("source").value;
  if (state.source === "released") { state.alpha = CONFIG.released.alpha; state.lambda = CONFIG.released.lambda; }
  weightsMoved();
  update();
});
$("objective").addEventListener("change", () => { state.objective = $("objective").value; if (state.refit && CONFIG.canRefit) refit(); update(); });
$("refit").addEventListener("change", () => { state.refit = $("refit").checked; if (state.refit && CONFIG.canRefit) refit(); update(); });
$("fit-now").addEventListener("click", () => { refit(); update(); });
$("reset").addEventListener("click", () => { state.cuts = CONFIG.initial.cuts.slice(); rebuildCandidates(); status("initial cuts"); update(); });
$("save").addEventListener("click", saveClassifier);
$("view").addEventListener("change", () => { state.view = $("view").value; drawPlot(); });
$("bin").addEventListener("change", () => { state.bin = Number($("bin").value); drawPlot(); });

window.capqaExplorerDraw = drawPlot;

/** For scripts and tests: the current setting and numbers. */
window.capqaExplorer = {
  state: () => ({ alpha: state.alpha, lambda: state.lambda, source: state.source, objective: state.objective, refit: state.refit, cuts: state.cuts.slice(), view: state.view, bin: state.bin }),
  candidates: () => candidates.slice(),
  /** The current cuts as a classifier.json object (what "Save classifier" downloads). */
  classifier: () => currentClassifier(),
};
rescore();
if (state.refit && CONFIG.canRefit) refit();
update();
`;
