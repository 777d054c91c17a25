/**
 * Descriptive statistics as numpy computes them (sample std with ddof = 1, linear percentiles).
 * Input follows the numeric input policy of ./validate: values must be finite (NaN and ±Infinity
 * are refused, not propagated), except that sortedFinite drops NaN on purpose. No values give NaN.
 */
import { checkFinite, checkFiniteOrNaN, checkNonDecreasing, checkUnitScalar } from "./validate.js";

/** Arithmetic mean (NaN for no values). Values must be finite. */
export function mean(values: ArrayLike<number>): number {
  checkFinite("mean", "values", values);
  return meanOf(values);
}

/**
 * The mean of the values that are not NaN (NaN marks a row a metric could not score), NaN when
 * there is none; ±Infinity is refused as everywhere else.
 */
export function meanOfScored(values: ArrayLike<number>): number {
  checkFiniteOrNaN("meanOfScored", "values", values);
  let sum = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i];
    if (Number.isNaN(x)) continue;
    sum += x;
    n++;
  }
  return n > 0 ? sum / n : NaN;
}

function meanOf(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i];
  return values.length > 0 ? s / values.length : NaN;
}

/** Sample standard deviation (n − 1 in the denominator; NaN below two values). Values must be finite. */
export function sampleStd(values: ArrayLike<number>): number {
  checkFinite("sampleStd", "values", values);
  return sampleStdOf(values);
}

function sampleStdOf(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 2) return NaN;
  const m = meanOf(values);
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (values[i] - m) ** 2;
  return Math.sqrt(ss / (n - 1));
}

/**
 * Quantile q ∈ [0, 1] of ascending-sorted values, linear interpolation (numpy's default, type 7);
 * NaN for no values. `sorted` must be finite and non-decreasing (one pass checks it).
 */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  checkUnitScalar("quantileSorted", "q", q);
  checkNonDecreasing("quantileSorted", "sorted", sorted);
  return quantileSortedUnchecked(sorted, q);
}

/** quantileSorted without the checks, for callers that sorted finite values and chose q in [0, 1] (see ./validate). */
export function quantileSortedUnchecked(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/**
 * Sorted copy without NaN. NaN is accepted and dropped on purpose (an undefined bootstrap
 * statistic, see ./validate); ±Infinity is refused.
 */
export function sortedFinite(values: ArrayLike<number>): Float64Array {
  checkFiniteOrNaN("sortedFinite", "values", values);
  return sortedFiniteUnchecked(values);
}

/** sortedFinite without the ±Infinity check, for callers that checked `values` (see ./validate). */
export function sortedFiniteUnchecked(values: ArrayLike<number>): Float64Array {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i])) out.push(values[i]);
  return Float64Array.from(out).sort();
}

export interface Description {
  readonly n: number;
  readonly mean: number;
  readonly std: number;
  readonly min: number;
  readonly p05: number;
  readonly median: number;
  readonly p95: number;
  readonly max: number;
}

/** n, mean, std, min, 5th percentile, median, 95th percentile, max (NaN but n for no values). Values must be finite. */
export function describe(values: ArrayLike<number>): Description {
  checkFinite("describe", "values", values);
  const s = Float64Array.from(values as ArrayLike<number>).sort();
  return {
    n: s.length,
    mean: meanOf(s),
    std: sampleStdOf(s),
    min: s.length ? s[0] : NaN,
    p05: quantileSortedUnchecked(s, 0.05),
    median: quantileSortedUnchecked(s, 0.5),
    p95: quantileSortedUnchecked(s, 0.95),
    max: s.length ? s[s.length - 1] : NaN,
  };
}
