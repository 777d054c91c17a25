/**
 * Rank correlations as scipy computes them: Spearman's ρ (Pearson on mid-ranks, t-test
 * p-value) and Kendall's τ-b (Knight's O(n log n) algorithm, asymptotic p-value with the
 * tie-corrected variance of scipy.stats.kendalltau).
 *
 * Input follows the numeric input policy of ./validate: x and y must be equally long arrays of
 * finite numbers. Fewer values than a statistic needs give NaN, as before.
 */
import { normalTwoSidedP, studentTTwoSidedP } from "./distributions.js";
import { midRanksUnchecked, tieGroupSizesUnchecked } from "./ranks.js";
import { checkFinite, checkSameLength } from "./validate.js";

export interface Correlation {
  readonly statistic: number;
  /** Two-sided p-value. */
  readonly pValue: number;
}

/** The policy's checks of two paired samples (./validate), once per public call; returns n. */
function checkPaired(fn: string, x: ArrayLike<number>, y: ArrayLike<number>): number {
  checkSameLength(fn, "x", x, "y", y);
  checkFinite(fn, "x", x);
  checkFinite(fn, "y", y);
  return x.length;
}

/** Pearson's r; NaN when either side is constant or empty. */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>): number {
  checkPaired("pearson", x, y);
  return pearsonUnchecked(x, y);
}

function pearsonUnchecked(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i];
    my += y[i];
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i] - mx;
    const dy = y[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  const r = sxy / Math.sqrt(sxx * syy);
  return Math.max(-1, Math.min(1, r));
}

/** Spearman's ρ with mid-ranks, and scipy's two-sided t-distribution p-value (df = n − 2). */
export function spearman(x: ArrayLike<number>, y: ArrayLike<number>): Correlation {
  const n = checkPaired("spearman", x, y);
  const rho = pearsonUnchecked(midRanksUnchecked(x), midRanksUnchecked(y));
  const df = n - 2;
  const t = rho * Math.sqrt(df / ((rho + 1) * (1 - rho)));
  return { statistic: rho, pValue: Math.abs(rho) === 1 ? 0 : studentTTwoSidedP(t, df) };
}

/** Counts adjacent inversions while merge-sorting `a` (by value) in place; returns the count. */
function mergeSortCountSwaps(a: Float64Array, buf: Float64Array, lo: number, hi: number): number {
  if (hi - lo < 2) return 0;
  const mid = (lo + hi) >>> 1;
  let swaps = mergeSortCountSwaps(a, buf, lo, mid) + mergeSortCountSwaps(a, buf, mid, hi);
  let i = lo;
  let j = mid;
  let k = lo;
  while (i < mid && j < hi) {
    if (a[j] < a[i]) {
      buf[k++] = a[j++];
      swaps += mid - i;
    } else buf[k++] = a[i++];
  }
  while (i < mid) buf[k++] = a[i++];
  while (j < hi) buf[k++] = a[j++];
  for (let t = lo; t < hi; t++) a[t] = buf[t];
  return swaps;
}

function tieSums(sizes: number[]): { pairs: number; v0: number; v1: number } {
  let pairs = 0;
  let v0 = 0;
  let v1 = 0;
  for (const t of sizes) {
    pairs += (t * (t - 1)) / 2;
    v0 += t * (t - 1) * (t - 2);
    v1 += t * (t - 1) * (2 * t + 5);
  }
  return { pairs, v0, v1 };
}

/** Kendall's τ-b in O(n log n), with the asymptotic two-sided p-value scipy reports for tied data. */
export function kendallTauB(x: ArrayLike<number>, y: ArrayLike<number>): Correlation & { concordantMinusDiscordant: number } {
  const n = checkPaired("kendallTauB", x, y);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => x[a] - x[b] || y[a] - y[b]);
  // Pairs tied in both x and y.
  let jointTies = 0;
  let run = 1;
  for (let i = 1; i <= n; i++) {
    if (i < n && x[order[i]] === x[order[i - 1]] && y[order[i]] === y[order[i - 1]]) run++;
    else {
      jointTies += (run * (run - 1)) / 2;
      run = 1;
    }
  }
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) ys[i] = y[order[i]];
  const swaps = mergeSortCountSwaps(ys, new Float64Array(n), 0, n);
  const tx = tieSums(tieGroupSizesUnchecked(x));
  const ty = tieSums(tieGroupSizesUnchecked(y));
  const total = (n * (n - 1)) / 2;
  const cMinusD = total - tx.pairs - ty.pairs + jointTies - 2 * swaps;
  const tau = cMinusD / Math.sqrt(total - tx.pairs) / Math.sqrt(total - ty.pairs);
  const m = n * (n - 1);
  const variance = (m * (2 * n + 5) - tx.v1 - ty.v1) / 18 + (2 * tx.pairs * ty.pairs) / m + (tx.v0 * ty.v0) / (9 * m * (n - 2));
  const z = cMinusD / Math.sqrt(variance);
  return { statistic: Math.max(-1, Math.min(1, tau)), pValue: normalTwoSidedP(z), concordantMinusDiscordant: cMinusD };
}
