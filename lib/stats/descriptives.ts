/** Descriptive statistics as numpy computes them (sample std with ddof = 1, linear percentiles). */

/** Arithmetic mean (NaN for no values). */
export function mean(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i];
  return values.length > 0 ? s / values.length : NaN;
}

/** Sample standard deviation (n − 1 in the denominator; NaN below two values). */
export function sampleStd(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 2) return NaN;
  const m = mean(values);
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (values[i] - m) ** 2;
  return Math.sqrt(ss / (n - 1));
}

/** Quantile q ∈ [0, 1] of ascending-sorted values, linear interpolation (numpy's default, type 7). */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile must lie in [0, 1], got ${q}`);
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** Sorted copy without NaN. */
export function sortedFinite(values: ArrayLike<number>): Float64Array {
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

/** n, mean, std, min, 5th percentile, median, 95th percentile, max. */
export function describe(values: ArrayLike<number>): Description {
  const s = Float64Array.from(values as ArrayLike<number>).sort();
  return {
    n: s.length,
    mean: mean(s),
    std: sampleStd(s),
    min: s.length ? s[0] : NaN,
    p05: quantileSorted(s, 0.05),
    median: quantileSorted(s, 0.5),
    p95: quantileSorted(s, 0.95),
    max: s.length ? s[s.length - 1] : NaN,
  };
}
