/**
 * Floating-point noise counts as a tie: scores are rounded to a number of decimals before they
 * are compared, as the authors' evaluation does (`np.round(scores, 10)`), so 0.49999999999999994
 * and 0.5 are one score in pairwise accuracy, class pairs and ranks, not a win for one of them.
 */

/** Round half to even (numpy's `rint`). */
function roundHalfEven(y: number): number {
  const r = Math.round(y);
  // Math.round takes halves up; numpy takes them to the even neighbour.
  return r - y === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/**
 * numpy's `np.round(x, decimals)` for decimals ≥ 0: x·10^d rounded half to even, divided by 10^d.
 * A product that overflows (|x| near the largest double) leaves x as it is, where numpy would give ±inf.
 */
export function roundToDecimals(x: number, decimals: number): number {
  const scale = 10 ** decimals;
  const y = x * scale;
  return Number.isFinite(y) ? roundHalfEven(y) / scale : x;
}

/**
 * Scores rounded for comparison; `decimals` null leaves them as they are (compared as raw doubles).
 * Returns the input when nothing is to be rounded, else a new array.
 */
export function tieRounded(scores: ArrayLike<number>, decimals: number | null): ArrayLike<number> {
  if (decimals === null) return scores;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 300)
    throw new RangeError(`the scoreDecimals option must be an integer in 0..300 or null, not ${decimals}`);
  return Float64Array.from(scores, (x) => roundToDecimals(x, decimals));
}
