/**
 * Every ordinal statistic of capqa from one sweep over the scores sorted once.
 *
 * Rows carry a class (CLASSES order) and optionally a weight: a bootstrap resample is the
 * vector of how often each row was drawn, so a resample is evaluated without sorting again.
 * One pass in score order, group by group of tied scores, accumulates for every class pair
 * (better, worse) the weighted wins (better scored strictly higher), ties and, by difference,
 * losses; the weighted mid-ranks of the scores for Spearman's ρ; the score-tie pairs for
 * Kendall's τ-b; and per-class sums for class means. With all weights 1 these are the exact
 * counts of the data; with integer weights they equal the statistics of the expanded
 * resample, copies of a row being ties in both score and label.
 *
 * Input follows the numeric input policy of ./validate: scores finite, classes integers in
 * 0..K−1, weights finite and ≥ 0, severities finite. sortScores, sweep and ordinalLayout scan
 * their input once; the structures they return are then checked for shape only. The bootstrap's
 * inner loop calls sweepUnchecked on counts it drew itself.
 */
import { CLASSES, PAPER_ORDERING, orderedPairs, type ClassPair, type Ordering } from "../taxonomy/index.js";
import { checkInteger, checkNonNegative, checkOrdering, checkScoresAndClasses } from "./validate.js";

export const K = CLASSES.length;

/** The taxonomy-dependent tables the sweep needs, derived once per ordering. */
export interface OrdinalLayout {
  readonly ordering: Ordering;
  /** Strictly ordered class pairs (25 under Eq. 1), in CLASSES order. */
  readonly pairs: readonly ClassPair[];
  /** pairBetter[p], pairWorse[p]: class indices of pair p. */
  readonly pairBetter: Uint8Array;
  readonly pairWorse: Uint8Array;
  /** For class i, the classes it outranks: worseList[worseStart[i] .. worseStart[i+1]). */
  readonly worseStart: Uint16Array;
  readonly worseList: Uint8Array;
  /** Severity level (0 = least correct) of each class, and the number of levels. */
  readonly levelOf: Uint8Array;
  readonly levels: number;
}

/** The tables of an ordering (every class's severity must be a finite number). */
export function ordinalLayout(ordering: Ordering = PAPER_ORDERING): OrdinalLayout {
  checkOrdering("ordinalLayout", ordering);
  const pairs = orderedPairs(ordering);
  const idx = (c: string) => CLASSES.indexOf(c as (typeof CLASSES)[number]);
  const pairBetter = Uint8Array.from(pairs.map((p) => idx(p.better)));
  const pairWorse = Uint8Array.from(pairs.map((p) => idx(p.worse)));
  const worseStart = new Uint16Array(K + 1);
  const worse: number[] = [];
  for (let i = 0; i < K; i++) {
    worseStart[i] = worse.length;
    for (let j = 0; j < K; j++) if (ordering.severity[CLASSES[i]] > ordering.severity[CLASSES[j]]) worse.push(j);
  }
  worseStart[K] = worse.length;
  const distinct = [...new Set(CLASSES.map((c) => ordering.severity[c]))].sort((a, b) => a - b);
  const levelOf = Uint8Array.from(CLASSES.map((c) => distinct.indexOf(ordering.severity[c])));
  return { ordering, pairs, pairBetter, pairWorse, worseStart, worseList: Uint8Array.from(worse), levelOf, levels: distinct.length };
}

/** One metric's scores sorted once: what every sweep reads. */
export interface SortedScores {
  readonly n: number;
  /** Row index at each sorted position (ascending score). */
  readonly row: Uint32Array;
  /** Class index at each sorted position. */
  readonly cls: Uint8Array;
  /** Score at each sorted position. */
  readonly score: Float64Array;
  /** Start position of each group of tied scores, plus n at the end. */
  readonly groupStart: Uint32Array;
}

/** Sorts one metric's scores: equally many finite scores and class indices (integers in 0..K−1). */
export function sortScores(scores: ArrayLike<number>, classes: ArrayLike<number>): SortedScores {
  checkScoresAndClasses("sortScores", "scores", scores, classes);
  return sortScoresUnchecked(scores, classes);
}

/** sortScores without the input checks, for callers that validated scores and classes (see ./validate). */
export function sortScoresUnchecked(scores: ArrayLike<number>, classes: ArrayLike<number>): SortedScores {
  const n = scores.length;
  const row = new Uint32Array(n);
  for (let i = 0; i < n; i++) row[i] = i;
  row.sort((a, b) => scores[a] - scores[b] || a - b);
  const cls = new Uint8Array(n);
  const score = new Float64Array(n);
  const starts: number[] = [];
  for (let p = 0; p < n; p++) {
    cls[p] = classes[row[p]];
    score[p] = scores[row[p]];
    if (p === 0 || score[p] !== score[p - 1]) starts.push(p);
  }
  starts.push(n);
  return { n, row, cls, score, groupStart: Uint32Array.from(starts) };
}

/** Raw sums of one sweep; see `ordinalStatistics` for what is derived from them. */
export interface SweepSums {
  /** Weighted wins and score ties of class i over class j, at [i*K + j] (only for i outranking j). */
  readonly wins: Float64Array;
  readonly ties: Float64Array;
  /** Total weight and weighted score sum of each class. */
  readonly classWeight: Float64Array;
  readonly classSum: Float64Array;
  /** Σ w·rank(score)·rank(label) and Σ w·rank(score)², with weighted mid-ranks. */
  rankXY: number;
  rankXX: number;
  /** Σ over groups of tied scores of G(G−1)/2 (G = group weight): the score-tied pairs. */
  scoreTiePairs: number;
}

export function newSweepSums(): SweepSums {
  return {
    wins: new Float64Array(K * K),
    ties: new Float64Array(K * K),
    classWeight: new Float64Array(K),
    classSum: new Float64Array(K),
    rankXY: 0,
    rankXX: 0,
    scoreTiePairs: 0,
  };
}

/**
 * Label mid-ranks per class from the class weights (levels ascending), written to `out`.
 * Returns Σ w·rank(label)² and the label-tied pairs.
 */
function labelRanks(layout: OrdinalLayout, classWeight: Float64Array, out: Float64Array): { yy: number; tiePairs: number } {
  const L = layout.levels;
  const levelWeight = new Float64Array(L);
  for (let c = 0; c < K; c++) levelWeight[layout.levelOf[c]] += classWeight[c];
  const levelRank = new Float64Array(L);
  let before = 0;
  let yy = 0;
  let tiePairs = 0;
  for (let l = 0; l < L; l++) {
    const w = levelWeight[l];
    levelRank[l] = before + (w + 1) / 2;
    yy += w * levelRank[l] * levelRank[l];
    tiePairs += (w * (w - 1)) / 2;
    before += w;
  }
  for (let c = 0; c < K; c++) out[c] = levelRank[layout.levelOf[c]];
  return { yy, tiePairs };
}

/**
 * One pass over the sorted scores with per-row weights (undefined = every weight 1; else one
 * finite weight ≥ 0 per row, in row order). `sums` is overwritten, so a caller can reuse it
 * across resamples without allocating.
 */
export function sweep(layout: OrdinalLayout, sorted: SortedScores, weights: Float64Array | undefined, sums: SweepSums): void {
  checkShapes("sweep", layout, sorted, sums);
  if (weights !== undefined) {
    if (weights.length !== sorted.n)
      throw new RangeError(
        `sweep: weights has ${weights.length} values, sorted has ${sorted.n} rows; weights must hold one weight per row`,
      );
    checkNonNegative("sweep", "weights", weights);
  }
  sweepUnchecked(layout, sorted, weights, sums);
}

/** Shapes of the structures a sweep reads and writes (they are built by this module). */
function checkShapes(fn: string, layout: OrdinalLayout, sorted: SortedScores | undefined, sums: SweepSums): void {
  if (layout.levelOf.length !== K || layout.worseStart.length !== K + 1 || layout.pairBetter.length !== layout.pairs.length)
    throw new RangeError(`${fn}: layout is not an OrdinalLayout of ${K} classes; build it with ordinalLayout`);
  if (sums.wins.length !== K * K || sums.ties.length !== K * K || sums.classWeight.length !== K || sums.classSum.length !== K)
    throw new RangeError(`${fn}: sums is not a SweepSums of ${K} classes; build it with newSweepSums`);
  if (sorted === undefined) return;
  const n = sorted.n;
  if (
    !(
      Number.isInteger(n) &&
      sorted.row.length === n &&
      sorted.cls.length === n &&
      sorted.score.length === n &&
      sorted.groupStart.length >= 1 &&
      sorted.groupStart[sorted.groupStart.length - 1] === n
    )
  ) {
    throw new RangeError(`${fn}: sorted is not a SortedScores (n ${n}, ${sorted.row.length} rows); build it with sortScores`);
  }
}

/** sweep without the checks, for the bootstrap's inner loop (weights: counts it drew itself; see ./validate). */
export function sweepUnchecked(layout: OrdinalLayout, sorted: SortedScores, weights: Float64Array | undefined, sums: SweepSums): void {
  const { wins, ties, classWeight, classSum } = sums;
  wins.fill(0);
  ties.fill(0);
  classWeight.fill(0);
  classSum.fill(0);
  const { row, cls, score, groupStart } = sorted;
  const { worseStart, worseList } = layout;
  // Class weights first: the label ranks are needed inside the pass.
  for (let p = 0; p < sorted.n; p++) classWeight[cls[p]] += weights === undefined ? 1 : weights[row[p]];
  const ry = new Float64Array(K);
  labelRanks(layout, classWeight, ry);
  const cum = new Float64Array(K); // weight of each class strictly below the current group
  const gw = new Float64Array(K); // weight of each class inside the current group
  let below = 0;
  let rankXY = 0;
  let rankXX = 0;
  let tiePairs = 0;
  const groups = groupStart.length - 1;
  for (let g = 0; g < groups; g++) {
    const s = groupStart[g];
    const e = groupStart[g + 1];
    if (e - s === 1) {
      const w = weights === undefined ? 1 : weights[row[s]];
      if (w === 0) continue;
      const c = cls[s];
      const base = c * K;
      for (let k = worseStart[c], end = worseStart[c + 1]; k < end; k++) {
        const j = worseList[k];
        wins[base + j] += w * cum[j];
      }
      cum[c] += w;
      classSum[c] += w * score[s];
      const r = below + (w + 1) / 2;
      rankXY += w * r * ry[c];
      rankXX += w * r * r;
      tiePairs += (w * (w - 1)) / 2;
      below += w;
      continue;
    }
    let G = 0;
    for (let p = s; p < e; p++) {
      const w = weights === undefined ? 1 : weights[row[p]];
      gw[cls[p]] += w;
      classSum[cls[p]] += w * score[p];
      G += w;
    }
    if (G === 0) continue;
    const r = below + (G + 1) / 2;
    for (let c = 0; c < K; c++) {
      const w = gw[c];
      if (w === 0) continue;
      const base = c * K;
      for (let k = worseStart[c], end = worseStart[c + 1]; k < end; k++) {
        const j = worseList[k];
        wins[base + j] += w * cum[j];
        ties[base + j] += w * gw[j];
      }
      rankXY += w * r * ry[c];
    }
    for (let c = 0; c < K; c++) {
      cum[c] += gw[c];
      gw[c] = 0;
    }
    rankXX += G * r * r;
    tiePairs += (G * (G - 1)) / 2;
    below += G;
  }
  sums.rankXY = rankXY;
  sums.rankXX = rankXX;
  sums.scoreTiePairs = tiePairs;
}

/** Number of values `ordinalStatistics` writes: 5 global, then accuracy and AUC per pair, then class means. */
export function statisticsWidth(layout: OrdinalLayout): number {
  return 5 + 2 * layout.pairs.length + K;
}

/** Offsets into the statistics vector. */
export const STAT = { spearman: 0, kendall: 1, pairwiseAccuracy: 2, rowViolationRate: 3, meanViolations: 4, pairs: 5 } as const;

/**
 * Derives the statistics of one (weighted) sample from its sweep sums, into `out` at `offset`:
 * [ρ, τ-b, pairwise accuracy, row-level violation rate, mean violations,
 *  accuracy of each pair…, AUC of each pair…, mean of each class…]. Undefined values are NaN.
 * `offset` is an integer with room for statisticsWidth(layout) values after it (O(1) checks:
 * this runs once per resample and metric).
 */
export function ordinalStatistics(layout: OrdinalLayout, sums: SweepSums, out: Float64Array, offset = 0): void {
  checkShapes("ordinalStatistics", layout, undefined, sums);
  const width = statisticsWidth(layout);
  if (out.length < width)
    throw new RangeError(`ordinalStatistics: out has ${out.length} values; it needs statisticsWidth(layout) = ${width}`);
  checkInteger("ordinalStatistics", "offset", offset, 0, out.length - width);
  const { wins, ties, classWeight, classSum } = sums;
  const P = layout.pairs.length;
  let totalWins = 0;
  let totalLosses = 0;
  let totalPairs = 0;
  for (let p = 0; p < P; p++) {
    const i = layout.pairBetter[p];
    const j = layout.pairWorse[p];
    const pairs = classWeight[i] * classWeight[j];
    const w = wins[i * K + j];
    const t = ties[i * K + j];
    out[offset + STAT.pairs + p] = pairs > 0 ? w / pairs : NaN;
    out[offset + STAT.pairs + P + p] = pairs > 0 ? (w + t / 2) / pairs : NaN;
    totalWins += w;
    totalLosses += pairs - w - t;
    totalPairs += pairs;
  }
  let N = 0;
  for (let c = 0; c < K; c++) N += classWeight[c];
  const ry = new Float64Array(K);
  const { yy, tiePairs: labelTiePairs } = labelRanks(layout, classWeight, ry);
  const m = (N + 1) / 2;
  const cov = sums.rankXY / N - m * m;
  const vx = sums.rankXX / N - m * m;
  const vy = yy / N - m * m;
  out[offset + STAT.spearman] = vx > 0 && vy > 0 ? clamp(cov / Math.sqrt(vx * vy)) : NaN;
  const n0 = (N * (N - 1)) / 2;
  const denom = Math.sqrt(n0 - sums.scoreTiePairs) * Math.sqrt(n0 - labelTiePairs);
  out[offset + STAT.kendall] = denom > 0 ? clamp((totalWins - totalLosses) / denom) : NaN;
  out[offset + STAT.pairwiseAccuracy] = totalPairs > 0 ? totalWins / totalPairs : NaN;
  out[offset + STAT.rowViolationRate] = totalPairs > 0 ? totalLosses / totalPairs : NaN;
  const base = offset + STAT.pairs + 2 * P;
  let violations = 0;
  for (let c = 0; c < K; c++) out[base + c] = classWeight[c] > 0 ? classSum[c] / classWeight[c] : NaN;
  for (let p = 0; p < P; p++) {
    const a = out[base + layout.pairBetter[p]];
    const b = out[base + layout.pairWorse[p]];
    if (!(a > b)) violations++; // a violation when mean(better) ≤ mean(worse), as in App. C.1
  }
  out[offset + STAT.meanViolations] = violations;
}

function clamp(r: number): number {
  return r > 1 ? 1 : Math.max(r, -1);
}

/** Exact counts of one class pair from an unweighted sweep. */
export interface PairCounts {
  readonly pair: ClassPair;
  readonly nBetter: number;
  readonly nWorse: number;
  readonly pairs: number;
  readonly wins: number;
  readonly ties: number;
  readonly losses: number;
}

export function pairCounts(layout: OrdinalLayout, sums: SweepSums): PairCounts[] {
  checkShapes("pairCounts", layout, undefined, sums);
  return layout.pairs.map((pair, p) => {
    const i = layout.pairBetter[p];
    const j = layout.pairWorse[p];
    const nBetter = sums.classWeight[i];
    const nWorse = sums.classWeight[j];
    const pairs = nBetter * nWorse;
    const wins = sums.wins[i * K + j];
    const ties = sums.ties[i * K + j];
    return { pair, nBetter, nWorse, pairs, wins, ties, losses: pairs - wins - ties };
  });
}
