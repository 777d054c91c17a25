/**
 * Pearson's r without the input checks (scipy.stats.pearsonr's degenerate cases: see
 * ./correlation). Import-free, so that the explorer page inlines the same compiled code
 * the library runs (lib/explore/page.ts).
 */

/** Whether every value equals the first (scipy's constant-input test); true for no values. */
export function isConstant(v: ArrayLike<number>): boolean {
  for (let i = 1; i < v.length; i++) if (v[i] !== v[0]) return false;
  return true;
}

/** Pearson's r of two equally long finite samples; NaN for a constant side or fewer than two values. */
export function pearsonUnchecked(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const n = x.length;
  if (n < 2 || isConstant(x) || isConstant(y)) return NaN;
  if (n === 2) return Math.sign(x[1] - x[0]) * Math.sign(y[1] - y[0]);
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
