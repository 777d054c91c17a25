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
import { segmentBestRuns, segmentGroups } from "./kernel.js";
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
export function groupScoresUnchecked(
  scores: ArrayLike<number>,
  levels: ArrayLike<number>,
  K: number,
  weights?: ArrayLike<number>,
): ScoreGroups {
  return segmentGroups(scores, levels, K, weights);
}

/** Value of giving level k the groups [start, end): computed from the true-level counts of that run. */
export type RunValue = (k: number, runCounts: Float64Array, runSize: number) => number;

/**
 * The runs (as group boundaries b_0 = 0 ≤ b_1 ≤ … ≤ b_K = G) that maximise Σ_k value(k, run k).
 * Ties are broken towards earlier boundaries, deterministically.
 */
export function bestRuns(groups: ScoreGroups, value: RunValue): { boundaries: number[]; value: number } {
  checkGroupsShape("bestRuns", groups);
  // The programme lives in the explorer's import-free module, so the page runs the same code.
  return segmentBestRuns(groups.counts, groups.scores.length, groups.K, value);
}

/** Shape of a ScoreGroups (built by groupScores, which checked its content): K ≥ 1 and G·K counts. */
function checkGroupsShape(fn: string, groups: ScoreGroups): void {
  checkInteger(fn, "groups.K", groups.K, 1);
  if (groups.counts.length !== groups.scores.length * groups.K)
    throw new RangeError(
      `${fn}: groups.counts has ${groups.counts.length} values, not groups × K = ${groups.scores.length * groups.K}; build groups with groupScores`,
    );
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
  if (boundaries.length !== groups.K + 1)
    throw new RangeError(
      `${fn}: boundaries has ${boundaries.length} values, groups.K + 1 is ${groups.K + 1}; one boundary per level and the end`,
    );
  for (let k = 0; k <= groups.K; k++) {
    const b = boundaries[k];
    const ok = Number.isInteger(b) && b >= (k === 0 ? 0 : boundaries[k - 1]) && b <= G && (k > 0 || b === 0) && (k < groups.K || b === G);
    if (!ok) reject(fn, `boundaries[${k}]`, b, `boundaries must be non-decreasing integers from 0 to ${G} (the number of groups)`);
  }
  // ±Number.MAX_VALUE stand for ±∞ (an empty level at either end) and survive JSON.
  return boundaries.slice(1, -1).map((b) => (b <= 0 ? -Number.MAX_VALUE : b >= G ? Number.MAX_VALUE : (s[b - 1] + s[b]) / 2));
}
