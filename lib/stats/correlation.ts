/**
 * Rank correlations as scipy computes them: Spearman's ρ (Pearson on mid-ranks, t-test
 * p-value) and Kendall's τ-b (Knight's O(n log n) algorithm; scipy.stats.kendalltau's p-value:
 * exact without ties for n ≤ 33, else asymptotic with the tie-corrected variance).
 *
 * Degenerate input gives what scipy gives (scipy 1.11–1.16, scipy/stats/_stats_py.py and
 * _mstats_basic.py), never a confident number:
 *  - spearmanr: fewer than two values → (NaN, NaN); a constant x or y → (NaN, NaN) with a
 *    ConstantInputWarning; n = 2 → ρ = ±1 and p = NaN, since df = n − 2 = 0 makes
 *    t = ρ·√(df / ((ρ+1)(1−ρ))) = ρ·√(0/0); n > 2 with |ρ| = 1 → t = ±∞ and p = 0.
 *  - kendalltau: every pair tied in x or in y (a constant side, fewer than two values) →
 *    (NaN, NaN); no ties and n ≤ 33 (or at most one discordant or concordant pair) → the exact
 *    p-value (_kendall_p_exact: 1 for n = 2), else the asymptotic one.
 *  - pearsonr: a constant x or y (x == x[0] everywhere, tested on the values, not through the
 *    mean, which rounding makes non-zero for [0.1, 0.1, 0.1]) → NaN; n = 2 → exactly
 *    sign(x₁ − x₀)·sign(y₁ − y₀). scipy raises for fewer than two values; here they give NaN,
 *    as the numeric input policy keeps for statistics of too few values.
 * NaN in x or y is refused (the numeric input policy of ./validate), where scipy's default
 * nan_policy="propagate" returns NaN: x and y must be equally long arrays of finite numbers.
 */
import { normalTwoSidedP, studentTTwoSidedP } from "./distributions.js";
import { midRanksUnchecked, tieGroupSizesUnchecked } from "./ranks.js";
import { isConstant, pearsonUnchecked } from "./pearson.js";
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

/** Pearson's r; NaN when either side is constant or has fewer than two values (scipy.stats.pearsonr: see above). */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>): number {
  checkPaired("pearson", x, y);
  return pearsonUnchecked(x, y);
}

/**
 * Spearman's ρ with mid-ranks, and scipy's two-sided t-distribution p-value (df = n − 2):
 * t = ρ·√(max(0, df / ((ρ+1)(1−ρ)))), as scipy.stats.spearmanr clips it, so |ρ| = 1 gives p = 0
 * for n > 2 and NaN for n = 2 (0/0); fewer than two values or a constant side give (NaN, NaN).
 */
export function spearman(x: ArrayLike<number>, y: ArrayLike<number>): Correlation {
  const n = checkPaired("spearman", x, y);
  if (n < 2 || isConstant(x) || isConstant(y)) return { statistic: NaN, pValue: NaN };
  const rho = pearsonUnchecked(midRanksUnchecked(x), midRanksUnchecked(y));
  const df = n - 2;
  const ratio = df / ((rho + 1) * (1 - rho)); // ∞ when |ρ| = 1 and df > 0; NaN (0/0) when df = 0
  const t = rho * Math.sqrt(Math.max(ratio, 0)); // NaN stays NaN, as numpy's clip(0) leaves it
  return { statistic: rho, pValue: studentTTwoSidedP(t, df) };
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

/**
 * numpy's pairwise summation of a float64 array (np.sum's order: blocks of at most 128 values,
 * each summed in eight interleaved partial sums), so that sums of rounded terms are numpy's to
 * the last bit.
 */
function numpySum(a: Float64Array, lo = 0, n = a.length): number {
  if (n < 8) {
    let s = 0;
    for (let i = lo; i < lo + n; i++) s += a[i];
    return s;
  }
  if (n <= 128) {
    const r = [a[lo], a[lo + 1], a[lo + 2], a[lo + 3], a[lo + 4], a[lo + 5], a[lo + 6], a[lo + 7]];
    let i = 8;
    for (; i < n - (n % 8); i += 8) for (let k = 0; k < 8; k++) r[k] += a[lo + i + k];
    let s = r[0] + r[1] + (r[2] + r[3]) + (r[4] + r[5] + (r[6] + r[7]));
    for (; i < n; i++) s += a[lo + i];
    return s;
  }
  let half = n >> 1;
  half -= half % 8;
  return numpySum(a, lo, half) + numpySum(a, lo + half, n - half);
}

/** n! as the nearest double (Python's float(math.factorial(n))). */
function factorial(n: number): number {
  let f = 1n;
  for (let k = 2n; k <= BigInt(n); k++) f *= k;
  return Number(f);
}

/**
 * scipy's exact two-sided p-value of Kendall's τ without ties (mstats_basic._kendall_p_exact,
 * Kendall 1970): n values, c concordant pairs. The same recurrence on the counts of permutations
 * by inversions, in float64 and numpy's order of operations.
 */
function kendallExactP(n: number, c: number): number {
  const pairs = (n * (n - 1)) / 2;
  c = Math.min(c, pairs - c);
  if (n <= 2) return 1;
  if (c === 0) return n < 171 ? 2 / factorial(n) : 0;
  if (c === 1) return n < 172 ? 2 / factorial(n - 1) : 0;
  if (4 * c === n * (n - 1)) return 1;
  let prob: number;
  let next = new Float64Array(c + 1);
  next[0] = next[1] = 1;
  for (let j = 3; j <= n; j++) {
    // new = cumsum(new) (divided by j when n ≥ 171, where the counts overflow)
    const cum = new Float64Array(c + 1);
    let run = 0;
    for (let k = 0; k <= c; k++) cum[k] = run += next[k];
    if (n >= 171) for (let k = 0; k <= c; k++) cum[k] /= j;
    // if j <= c: new[j:] -= new[:c+1-j], right-hand side taken before the update
    if (j <= c) {
      const before = cum.slice(0, c + 1 - j);
      for (let k = j; k <= c; k++) cum[k] -= before[k - j];
    }
    next = cum;
  }
  if (n < 171) prob = (2 * numpySum(next)) / factorial(n);
  else prob = numpySum(next);
  return Math.min(1, Math.max(0, prob));
}

/**
 * Kendall's τ-b in O(n log n) with scipy.stats.kendalltau's two-sided p-value (method "auto"):
 * exact when neither side has ties and n ≤ 33 or at most one pair is discordant (or concordant),
 * else asymptotic with the tie-corrected variance. Every pair tied on a side (a constant side,
 * fewer than two values) gives (NaN, NaN), as scipy.
 */
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
  if (tx.pairs === total || ty.pairs === total) return { statistic: NaN, pValue: NaN, concordantMinusDiscordant: cMinusD };
  const tau = cMinusD / Math.sqrt(total - tx.pairs) / Math.sqrt(total - ty.pairs);
  const m = n * (n - 1);
  const variance = (m * (2 * n + 5) - tx.v1 - ty.v1) / 18 + (2 * tx.pairs * ty.pairs) / m + (tx.v0 * ty.v0) / (9 * m * (n - 2));
  const z = cMinusD / Math.sqrt(variance);
  const exact = tx.pairs === 0 && ty.pairs === 0 && (n <= 33 || Math.min(swaps, total - swaps) <= 1);
  return {
    statistic: Math.max(-1, Math.min(1, tau)),
    pValue: exact ? kendallExactP(n, total - swaps) : normalTwoSidedP(z),
    concordantMinusDiscordant: cMinusD,
  };
}
