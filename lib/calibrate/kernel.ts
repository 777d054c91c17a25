/**
 * The calibration kernel: the exact segment dynamic programme that fits ordered cut points on a
 * score axis (lib/calibrate/segments.ts and classifier.ts check the input and call it). It has
 * no imports and takes no checks, so that the explorer page (lib/explore) inlines its compiled
 * code and runs the very same arithmetic in the browser.
 */

/**
 * Items sorted by score, grouped by equal score, with per-group counts (or summed weights) of each
 * true level: the one implementation: lib/calibrate's groupScores checks its input, the explorer page runs it.
 */
export function segmentGroups(
  scores: ArrayLike<number>,
  levels: ArrayLike<number>,
  K: number,
  weights?: ArrayLike<number>,
): { scores: Float64Array; counts: Float64Array; K: number } {
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

/**
 * The run boundaries b_0 = 0 ≤ … ≤ b_K = G over G score groups (counts[g * K + k]: items of true
 * level k in group g) that maximise Σ_k value(k, run k), ties towards earlier boundaries; and
 * that maximum. The one implementation: lib/calibrate's bestRuns checks its input, the explorer page runs it.
 */
export function segmentBestRuns(
  counts: Float64Array,
  G: number,
  K: number,
  value: (k: number, run: Float64Array, size: number) => number,
): { boundaries: number[]; value: number } {
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

/**
 * The boundaries that maximise quadratic-weighted κ (the one implementation: lib/calibrate's fitThresholds
 * and the explorer page call it). κ_w = 1 − N/D with N = Σ_items w(pred, true) and D = Σ_items Σ_j w(pred, j)·actual_j / n:
 * both are sums over items given their predicted level, so for fixed t the minimum of N − t·D is
 * an exact segment DP; Dinkelbach's iteration on t, from the accuracy optimum, converges to the
 * minimum ratio.
 */
export function segmentQuadraticKappa(counts: Float64Array, G: number, K: number, actual: Float64Array, n: number): number[] {
  const w = (i: number, j: number) => ((i - j) * (i - j)) / ((K - 1) * (K - 1));
  const expectedCost = Float64Array.from({ length: K }, (_, i) => {
    let s = 0;
    for (let j = 0; j < K; j++) s += (w(i, j) * actual[j]) / n;
    return s;
  });
  const ratio = (b: number[]) => {
    let N = 0;
    let D = 0;
    for (let k = 0; k < K; k++) {
      for (let g = b[k]; g < b[k + 1]; g++) {
        for (let j = 0; j < K; j++) {
          const c = counts[g * K + j];
          N += c * w(k, j);
          D += c * expectedCost[k];
        }
      }
    }
    return D > 0 ? N / D : Infinity;
  };
  let boundaries = segmentBestRuns(counts, G, K, (k, run) => run[k]).boundaries;
  let t = ratio(boundaries);
  for (let iter = 0; iter < 100; iter++) {
    const next = segmentBestRuns(counts, G, K, (k, run, size) => {
      let N = 0;
      for (let j = 0; j < K; j++) N += run[j] * w(k, j);
      return -(N - t * size * expectedCost[k]);
    }).boundaries;
    const tNext = ratio(next);
    if (!(tNext < t - 1e-15)) break;
    boundaries = next;
    t = tNext;
  }
  return boundaries;
}
