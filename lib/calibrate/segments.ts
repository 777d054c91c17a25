/**
 * Exact optimal cut points on a score axis. Items sorted by score form groups of equal score;
 * K ordered levels take K consecutive (possibly empty) runs of groups. When the objective is a
 * sum over levels of a function of that level's run alone, dynamic programming over
 * (level, run end) finds the optimum exactly in O(K·G²) (G groups).
 *
 * Input follows the numeric input policy of lib/stats/validate: scores finite, levels integers
 * in 0..K−1, weights finite and ≥ 0, all equally long; checked once by groupScores, before
 * sorting. bestRuns and cutsFromBoundaries check the shape of the ScoreGroups they are given.
 */
import { checkFinite, checkInteger, checkLabels, checkNonNegative, checkSameLength, reject } from "../stats/validate.js";

/** Items sorted once: group boundaries and, per group, how many items of each true level it holds. */
export interface ScoreGroups {
  /** Distinct scores, ascending. */
  readonly scores: Float64Array;
  /** counts[g * K + k]: items of true level k in group g. */
  readonly counts: Float64Array;
  readonly K: number;
}

/** Groups items by score: K a positive integer, equally many finite scores, levels in 0..K−1 and (optional) weights ≥ 0. */
export function groupScores(scores: ArrayLike<number>, levels: ArrayLike<number>, K: number, weights?: ArrayLike<number>): ScoreGroups {
  checkGroupInput("groupScores", scores, levels, K, weights);
  return groupScoresUnchecked(scores, levels, K, weights);
}

function checkGroupInput(fn: string, scores: ArrayLike<number>, levels: ArrayLike<number>, K: number, weights?: ArrayLike<number>): void {
  checkInteger(fn, "K", K, 1);
  checkSameLength(fn, "scores", scores, "levels", levels);
  checkFinite(fn, "scores", scores);
  checkLabels(fn, "levels", levels, K);
  if (weights !== undefined) {
    checkSameLength(fn, "weights", weights, "scores", scores);
    checkNonNegative(fn, "weights", weights);
  }
}

/** groupScores without the input checks, for callers that validated them (see lib/stats/validate). */
export function groupScoresUnchecked(scores: ArrayLike<number>, levels: ArrayLike<number>, K: number, weights?: ArrayLike<number>): ScoreGroups {
  const n = scores.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[a] - scores[b]);
  const distinct: number[] = [];
  const counts: number[] = [];
  for (const i of order) {
    if (distinct.length === 0 || distinct[distinct.length - 1] !== scores[i]) {
      distinct.push(scores[i]);
      for (let k = 0; k < K; k++) counts.push(0);
    }
    counts[(distinct.length - 1) * K + levels[i]] += weights ? weights[i] : 1;
  }
  return { scores: Float64Array.from(distinct), counts: Float64Array.from(counts), K };
}

/** Value of giving level k the groups [start, end): computed from the true-level counts of that run. */
export type RunValue = (k: number, runCounts: Float64Array, runSize: number) => number;

/**
 * The runs (as group boundaries b_0 = 0 ≤ b_1 ≤ … ≤ b_K = G) that maximise Σ_k value(k, run k).
 * Ties are broken towards earlier boundaries, deterministically.
 */
export function bestRuns(groups: ScoreGroups, value: RunValue): { boundaries: number[]; value: number } {
  checkGroupsShape("bestRuns", groups);
  const { K, counts } = groups;
  const G = groups.scores.length;
  // prefix[g * K + k]: items of level k in groups [0, g).
  const prefix = new Float64Array((G + 1) * K);
  for (let g = 0; g < G; g++) for (let k = 0; k < K; k++) prefix[(g + 1) * K + k] = prefix[g * K + k] + counts[g * K + k];
  const run = new Float64Array(K);
  const runValue = (k: number, s: number, e: number) => {
    let size = 0;
    for (let j = 0; j < K; j++) {
      run[j] = prefix[e * K + j] - prefix[s * K + j];
      size += run[j];
    }
    return value(k, run, size);
  };
  let prev = new Float64Array(G + 1).fill(-Infinity);
  prev[0] = 0; // before level 0, nothing is assigned
  const arg: Int32Array[] = [];
  for (let k = 0; k < K; k++) {
    const cur = new Float64Array(G + 1).fill(-Infinity);
    const from = new Int32Array(G + 1).fill(-1);
    const lastLevel = k === K - 1;
    for (let e = lastLevel ? G : 0; e <= G; e++) {
      for (let s = 0; s <= e; s++) {
        if (prev[s] === -Infinity) continue;
        const v = prev[s] + runValue(k, s, e);
        if (v > cur[e] + 1e-12) {
          cur[e] = v;
          from[e] = s;
        }
      }
    }
    arg.push(from);
    prev = cur;
  }
  const boundaries = new Array<number>(K + 1);
  boundaries[K] = G;
  for (let k = K - 1; k >= 0; k--) boundaries[k] = arg[k][boundaries[k + 1]];
  return { boundaries, value: prev[G] };
}

/** Shape of a ScoreGroups (built by groupScores, which checked its content): K ≥ 1 and G·K counts. */
function checkGroupsShape(fn: string, groups: ScoreGroups): void {
  checkInteger(fn, "groups.K", groups.K, 1);
  if (groups.counts.length !== groups.scores.length * groups.K)
    throw new RangeError(`${fn}: groups.counts has ${groups.counts.length} values, not groups × K = ${groups.scores.length * groups.K}; build groups with groupScores`);
}

/**
 * Cut values from run boundaries: midway between the last score of one run and the first of the
 * next. `boundaries` are K + 1 non-decreasing integers from 0 to G (as bestRuns returns them).
 */
export function cutsFromBoundaries(groups: ScoreGroups, boundaries: readonly number[]): number[] {
  const fn = "cutsFromBoundaries";
  checkGroupsShape(fn, groups);
  const s = groups.scores;
  const G = s.length;
  if (boundaries.length !== groups.K + 1) throw new RangeError(`${fn}: boundaries has ${boundaries.length} values, groups.K + 1 is ${groups.K + 1}; one boundary per level and the end`);
  for (let k = 0; k <= groups.K; k++) {
    const b = boundaries[k];
    const ok = Number.isInteger(b) && b >= (k === 0 ? 0 : boundaries[k - 1]) && b <= G && (k > 0 || b === 0) && (k < groups.K || b === G);
    if (!ok) reject(fn, `boundaries[${k}]`, b, `boundaries must be non-decreasing integers from 0 to ${G} (the number of groups)`);
  }
  // ±Number.MAX_VALUE stand for ±∞ (an empty level at either end) and survive JSON.
  return boundaries.slice(1, -1).map((b) => (b <= 0 ? -Number.MAX_VALUE : b >= G ? Number.MAX_VALUE : (s[b - 1] + s[b]) / 2));
}
