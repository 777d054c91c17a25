/**
 * Exact optimal cut points on a score axis. Items sorted by score form groups of equal score;
 * K ordered levels take K consecutive (possibly empty) runs of groups. When the objective is a
 * sum over levels of a function of that level's run alone, dynamic programming over
 * (level, run end) finds the optimum exactly in O(K·G²) (G groups).
 */

/** Items sorted once: group boundaries and, per group, how many items of each true level it holds. */
export interface ScoreGroups {
  /** Distinct scores, ascending. */
  readonly scores: Float64Array;
  /** counts[g * K + k]: items of true level k in group g. */
  readonly counts: Float64Array;
  readonly K: number;
}

export function groupScores(scores: ArrayLike<number>, levels: ArrayLike<number>, K: number, weights?: ArrayLike<number>): ScoreGroups {
  const n = scores.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[a] - scores[b]);
  const distinct: number[] = [];
  const counts: number[] = [];
  for (const i of order) {
    if (!Number.isFinite(scores[i])) throw new RangeError(`score ${i} is not finite`);
    if (!(levels[i] >= 0 && levels[i] < K)) throw new RangeError(`level of item ${i} is outside 0..${K - 1}`);
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

/** Cut values from run boundaries: midway between the last score of one run and the first of the next. */
export function cutsFromBoundaries(groups: ScoreGroups, boundaries: readonly number[]): number[] {
  const s = groups.scores;
  const G = s.length;
  // ±Number.MAX_VALUE stand for ±∞ (an empty level at either end) and survive JSON.
  return boundaries.slice(1, -1).map((b) => (b <= 0 ? -Number.MAX_VALUE : b >= G ? Number.MAX_VALUE : (s[b - 1] + s[b]) / 2));
}
