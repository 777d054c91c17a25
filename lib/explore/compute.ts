/**
 * The explorer's arithmetic, with no imports but the CAP formula (lib/cap/formula.ts), Pearson's r
 * (lib/stats/pearson.ts) and the calibration kernel (lib/calibrate/kernel.ts), all import-free, so that the same compiled code runs in Node
 * and, inlined after the kernel,
 * in the browser page: CAP for given α and λ (or the released CAP column),
 * Spearman ρ and pairwise accuracy against ordinal levels, mean-based monotonicity violations, a
 * threshold classification's accuracy, macro-F1, Cohen's κ (unweighted, linear, quadratic) and
 * confusion matrix, the exact cut candidates of a score column, and the exact fit of cut points
 * (through the calibration kernel: one implementation of the segment dynamic programme). Tests check every number
 * against capqa's library implementations (capScores, ordinalSummary, predictLevels,
 * classificationReport, fitThresholds) for equality to the last bit.
 */

import { segmentBestRuns, segmentGroups, segmentQuadraticKappa } from "../calibrate/kernel.js";
import { capOfDirections, directionalOf } from "../cap/formula.js";
import { pearsonUnchecked } from "../stats/pearson.js";

/**
 * The rows of one split: class (or label) index, and their scores: the four probabilities CAP
 * needs and the released CAP, or the values of a metric's column (a metric of one's own, which
 * α and λ do not move).
 */
export interface ExploreRows {
  /** Per row: index into `classNames`. */
  readonly cls: number[];
  readonly peF?: number[];
  readonly pnF?: number[];
  readonly peR?: number[];
  readonly pnR?: number[];
  /** The released CAP column (computed by the authors at the paper's α and λ), when known. */
  readonly cap?: number[];
  /** The shown metric's scores when it is a column, not CAP recomputed from probabilities. */
  readonly values?: number[];
}

export interface ExploreData extends ExploreRows {
  /** Class names, in taxonomy order (labels of one's own: most correct first). */
  readonly classNames: string[];
  /** Severity of each class (Eq. 1); higher is more correct. */
  readonly severity: number[];
  /** The rows cut points are (re)fitted on, when the page may refit them. */
  readonly fit?: ExploreRows;
  /** The split names of the shown rows and of `fit`, for the record. */
  readonly split?: string;
  readonly fitSplit?: string;
  /** The metric shown (default cap) and where its scores come from, for a saved classifier's record. */
  readonly metric?: string;
  readonly metricSource?: string;
  /** The score axis (default [0, 1], CAP's range). */
  readonly axis?: readonly [number, number];
}

/** How the scores are taken: the released CAP column, CAP recomputed from the probabilities at α and λ, or a metric's column (`values`). */
export type ExploreSource = "released" | "recomputed" | "column";

/** The objectives the cut points can be fitted for (as lib/calibrate's fitThresholds). */
export type ExploreObjective = "accuracy" | "macro_f1" | "quadratic_kappa";

/** CAP recomputed at α and λ, exactly as lib/cap's capScores computes it. */
export function exploreCap(d: ExploreRows, alpha: number, lambda: number): number[] {
  const { peF, pnF, peR, pnR } = d;
  if (!peF || !pnF || !peR || !pnR) throw new Error("these rows carry no NLI probabilities to recompute CAP from");
  const out = new Array<number>(d.cls.length);
  for (let i = 0; i < d.cls.length; i++) {
    out[i] = capOfDirections(directionalOf(peF[i], pnF[i], lambda), directionalOf(peR[i], pnR[i], lambda), alpha);
  }
  return out;
}

/** The scores of the rows: the released CAP column, or CAP recomputed at α and λ. */
export function exploreScores(d: ExploreRows, alpha: number, lambda: number, source: ExploreSource): number[] {
  if (source === "released") {
    if (!d.cap) throw new Error("these rows carry no released CAP column");
    return d.cap.slice();
  }
  if (source === "column") {
    if (!d.values) throw new Error("these rows carry no metric column");
    return d.values.slice();
  }
  return exploreCap(d, alpha, lambda);
}

function midRanks(values: number[]): number[] {
  const idx = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  const r = new Array<number>(values.length);
  let i = 0;
  while (i < idx.length) {
    let j = i + 1;
    while (j < idx.length && values[idx[j]] === values[idx[i]]) j++;
    for (let k = i; k < j; k++) r[idx[k]] = (i + 1 + j) / 2;
    i = j;
  }
  return r;
}

/**
 * The policy of lib/stats/validate.ts, restated here because this file imports nothing (the page
 * inlines it): a RangeError naming the function, the argument, the first offending index and the
 * value. Levels and classes index arrays, so one outside 0..K−1 would be dropped from a confusion
 * matrix, or land in another cell, and leave confident numbers.
 */
function refuse(fn: string, what: string, value: unknown, rule: string): never {
  throw new RangeError(`${fn}: ${what} is ${typeof value === "string" ? JSON.stringify(value) : String(value)}; ${rule}`);
}

function checkIndices(fn: string, name: string, values: ArrayLike<number>, k: number): void {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!(Number.isInteger(v) && v >= 0 && v < k)) refuse(fn, `${name}[${i}]`, v, `${name} must be integers in 0..${k - 1}`);
  }
}

export interface RankingStats {
  spearman: number;
  pairwiseAccuracy: number;
  violations: number;
  classMeans: number[];
}

/** ρ on mid-ranks, pairwise accuracy (ties not won) over rows of different severity, violations of mean order. */
export function exploreRanking(d: Pick<ExploreData, "cls" | "severity" | "classNames">, scores: number[]): RankingStats {
  if (d.cls.length !== scores.length)
    throw new RangeError(
      `exploreRanking: cls has ${d.cls.length} values, scores has ${scores.length}; cls and scores must have equal lengths`,
    );
  checkIndices("exploreRanking", "cls", d.cls, d.classNames.length);
  const sev = d.cls.map((c) => d.severity[c]);
  const spearman = pearsonUnchecked(midRanks(scores), midRanks(sev));
  // Pairwise accuracy by sorting once and counting, per severity level, the rows strictly below.
  const levels = [...new Set(d.severity)].sort((a, b) => a - b);
  const L = levels.length;
  const lev = sev.map((s) => levels.indexOf(s));
  const order = scores.map((_, i) => i).sort((a, b) => scores[a] - scores[b]);
  const below = new Array<number>(L).fill(0);
  let wins = 0;
  let i = 0;
  while (i < order.length) {
    let j = i + 1;
    while (j < order.length && scores[order[j]] === scores[order[i]]) j++;
    for (let k = i; k < j; k++) for (let l = 0; l < lev[order[k]]; l++) wins += below[l];
    for (let k = i; k < j; k++) below[lev[order[k]]]++;
    i = j;
  }
  const count = new Array<number>(L).fill(0);
  for (const l of lev) count[l]++;
  let pairs = 0;
  let seen = 0;
  for (let l = 0; l < L; l++) (pairs += count[l] * seen), (seen += count[l]);
  const K = d.classNames.length;
  const sum = new Array<number>(K).fill(0);
  const num = new Array<number>(K).fill(0);
  d.cls.forEach((c, r) => ((sum[c] += scores[r]), num[c]++));
  const classMeans = sum.map((s, k) => s / num[k]);
  let violations = 0;
  for (let a = 0; a < K; a++)
    for (let b = 0; b < K; b++) if (d.severity[a] > d.severity[b] && !(classMeans[a] > classMeans[b])) violations++;
  return { spearman, pairwiseAccuracy: wins / pairs, violations, classMeans };
}

export interface ClassificationStats {
  accuracy: number;
  macroF1: number;
  /** Cohen's κ, unweighted. */
  kappa: number;
  kappaLinear: number;
  kappaQuadratic: number;
  /** The same as kappaQuadratic (the name of earlier versions). */
  quadraticKappa: number;
  /** F1 of each level (0 for a level neither true nor predicted). */
  f1: number[];
  /** confusion[true][predicted]. */
  confusion: number[][];
}

/** Level of each score: the number of cuts ≤ score (lib/calibrate's predictLevels). */
export function explorePredict(scores: number[], cuts: number[]): number[] {
  const out = new Array<number>(scores.length);
  for (let i = 0; i < scores.length; i++) {
    let k = 0;
    while (k < cuts.length && scores[i] >= cuts[k]) k++;
    out[i] = k;
  }
  return out;
}

/**
 * Level of each row under cuts against true levels: the arithmetic of lib/calibrate's
 * classificationReport (accuracy, macro-F1, κ linear and quadratic from the confusion matrix) and
 * of lib/stats' cohenKappa (unweighted κ), in the same order of operations, so the numbers are
 * the same to the last bit. K is a positive integer, trueLevels integers in 0..K−1 (one per
 * score), and the cuts non-decreasing and at most K − 1 (so every prediction is a level); anything
 * else is a RangeError, never a row dropped from the matrix. No rows give NaN (nothing to count).
 */
export function exploreClassification(trueLevels: number[], scores: number[], cuts: number[], K: number): ClassificationStats {
  const fn = "exploreClassification";
  if (!(Number.isInteger(K) && K > 0)) refuse(fn, "K", K, "K must be a positive integer");
  if (trueLevels.length !== scores.length)
    throw new RangeError(
      `${fn}: trueLevels has ${trueLevels.length} values, scores has ${scores.length}; trueLevels and scores must have equal lengths`,
    );
  if (cuts.length > K - 1) throw new RangeError(`${fn}: cuts has ${cuts.length} values; ${K} levels take at most ${K - 1} cuts`);
  for (let i = 0; i < cuts.length; i++) {
    if (typeof cuts[i] !== "number" || Number.isNaN(cuts[i])) refuse(fn, `cuts[${i}]`, cuts[i], "cuts must be numbers");
    if (i > 0 && cuts[i] < cuts[i - 1]) refuse(fn, `cuts[${i}]`, cuts[i], `cuts must be non-decreasing (cuts[${i - 1}] is ${cuts[i - 1]})`);
  }
  checkIndices(fn, "trueLevels", trueLevels, K);
  const predicted = explorePredict(scores, cuts);
  const conf = new Array<number>(K * K).fill(0);
  for (let i = 0; i < trueLevels.length; i++) conf[trueLevels[i] * K + predicted[i]]++;
  // fromConfusion (lib/calibrate/metrics.ts)
  let n = 0;
  let correct = 0;
  const support = new Array<number>(K).fill(0);
  const predictedCount = new Array<number>(K).fill(0);
  for (let t = 0; t < K; t++)
    for (let p = 0; p < K; p++) {
      const c = conf[t * K + p];
      n += c;
      support[t] += c;
      predictedCount[p] += c;
      if (t === p) correct += c;
    }
  const f1 = support.map((s, k) => (s + predictedCount[k] > 0 ? (2 * conf[k * K + k]) / (s + predictedCount[k]) : 0));
  const present = support.map((_s, k) => k).filter((k) => support[k] > 0 || predictedCount[k] > 0);
  const macroF1 = present.reduce((a, k) => a + f1[k], 0) / present.length;
  // cohenKappaUnchecked, unweighted (lib/stats/kappa.ts)
  let wo = 0;
  let we = 0;
  for (let i = 0; i < K; i++) {
    for (let j = 0; j < K; j++) {
      const w = i === j ? 0 : 1;
      const o = conf[i * K + j] / n;
      const e = (support[i] / n) * (predictedCount[j] / n);
      wo += w * o;
      we += w * e;
    }
  }
  const kappa = 1 - wo / we;
  // kappaFromConfusion (lib/calibrate/metrics.ts)
  const weighted = (kind: "linear" | "quadratic") => {
    let wo2 = 0;
    let we2 = 0;
    for (let t = 0; t < K; t++)
      for (let p = 0; p < K; p++) {
        const d = Math.abs(t - p);
        const w = kind === "linear" ? d : d * d;
        wo2 += (w * conf[t * K + p]) / n;
        we2 += (w * support[t] * predictedCount[p]) / (n * n);
      }
    return we2 > 0 ? 1 - wo2 / we2 : NaN;
  };
  const kappaQuadratic = weighted("quadratic");
  return {
    accuracy: correct / n,
    macroF1,
    kappa,
    kappaLinear: weighted("linear"),
    kappaQuadratic,
    quadraticKappa: kappaQuadratic,
    f1,
    confusion: Array.from({ length: K }, (_, t) => conf.slice(t * K, t * K + K)),
  };
}

/** Stands for −∞ and +∞ in cut points (an empty level at either end), as lib/calibrate writes them. */
export const EXPLORE_CUT_INFINITY = Number.MAX_VALUE;

/**
 * The cut values a slider can reach: ±∞ (EXPLORE_CUT_INFINITY), the midpoints between
 * consecutive distinct sorted scores (every way the rows can be split, each by a value no row
 * has) and any extra exact values (a classifier's cuts, typed ones), ascending and distinct.
 */
export function exploreCutCandidates(scores: number[], extra: number[] = []): number[] {
  const s = [...new Set(scores)].sort((a, b) => a - b);
  const out = [-EXPLORE_CUT_INFINITY, EXPLORE_CUT_INFINITY, ...extra];
  for (let g = 1; g < s.length; g++) out.push((s[g - 1] + s[g]) / 2);
  return [...new Set(out)].sort((a, b) => a - b);
}

/** Index of `value` in ascending `sorted`, or of the nearest value when it is not there. */
export function exploreNearestIndex(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && Math.abs(sorted[lo - 1] - value) < Math.abs(sorted[lo] - value)) return lo - 1;
  return lo;
}

/**
 * Cut `index` set to `value`, the others kept in order: a cut it passes is pushed along to the
 * same value (equal cuts leave the level between them empty). The cuts stay non-decreasing, so
 * cut i always separates level i from level i + 1.
 */
export function exploreSetCut(cuts: number[], index: number, value: number): number[] {
  return cuts.map((c, j) => (j === index ? value : j < index ? Math.min(c, value) : Math.max(c, value)));
}

/**
 * The K − 1 cut points that maximise an objective on labelled scores (levels in 0..K−1): the
 * cuts of lib/calibrate's fitThresholds, computed the same way (midway between the last score of
 * one level's run and the first of the next; ±EXPLORE_CUT_INFINITY for an empty end level).
 */
export function exploreFitCuts(scores: number[], levels: number[], K: number, objective: ExploreObjective): number[] {
  const groups = segmentGroups(scores, levels, K);
  const G = groups.scores.length;
  const actual = new Float64Array(K);
  for (let i = 0; i < levels.length; i++) actual[levels[i]]++;
  let boundaries: number[];
  if (objective === "accuracy") boundaries = segmentBestRuns(groups.counts, G, K, (k, run) => run[k]).boundaries;
  else if (objective === "macro_f1")
    boundaries = segmentBestRuns(groups.counts, G, K, (k, run, size) =>
      size + actual[k] > 0 ? (2 * run[k]) / (size + actual[k]) : 0,
    ).boundaries;
  else if (objective === "quadratic_kappa") boundaries = segmentQuadraticKappa(groups.counts, G, K, actual, levels.length);
  else throw new Error(`unknown objective "${String(objective)}"; expected accuracy, macro_f1 or quadratic_kappa`);
  const s = groups.scores;
  return boundaries.slice(1, -1).map((b) => (b <= 0 ? -EXPLORE_CUT_INFINITY : b >= G ? EXPLORE_CUT_INFINITY : (s[b - 1] + s[b]) / 2));
}

/** Rows per class and bin of width `bin` on [lo, hi] (default [0, 1]; a score of hi falls in the last bin): counts[class][bin]. */
export function exploreHistogram(scores: number[], cls: number[], nClasses: number, bin: number, lo = 0, hi = 1): number[][] {
  const nBins = Math.max(1, Math.round((hi - lo) / bin));
  const counts = Array.from({ length: nClasses }, () => new Array<number>(nBins).fill(0));
  for (let i = 0; i < scores.length; i++) counts[cls[i]][Math.min(nBins - 1, Math.max(0, Math.floor((scores[i] - lo) / bin)))]++;
  return counts;
}

/** A cut point as text: its shortest exact decimal, or −∞ / +∞ for the end markers. */
export function exploreFormatCut(c: number): string {
  return c <= -EXPLORE_CUT_INFINITY ? "−∞" : c >= EXPLORE_CUT_INFINITY ? "+∞" : String(c);
}

/** A typed cut point: a number, or −∞ / +∞ (also -inf, inf, -Infinity, Infinity); undefined if not one. */
export function exploreParseCut(text: string): number | undefined {
  const t = text
    .trim()
    .replace(/\u2212/g, "-")
    .toLowerCase();
  if (/^-(∞|inf|infinity)$/.test(t)) return -EXPLORE_CUT_INFINITY;
  if (/^\+?(∞|inf|infinity)$/.test(t)) return EXPLORE_CUT_INFINITY;
  if (t === "" || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/.test(t)) return undefined;
  const v = Number(t);
  if (!Number.isFinite(v)) return undefined;
  return Math.max(-EXPLORE_CUT_INFINITY, Math.min(EXPLORE_CUT_INFINITY, v));
}
