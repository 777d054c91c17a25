/**
 * Tail probabilities for the p-values of Spearman's ρ (Student t) and Kendall's τ (normal).
 *
 * An exception of the numeric input policy of ./validate, on purpose: these scalar functions take
 * test statistics, which are NaN when undefined (a constant sample) and ±Infinity when perfect.
 * They accept every number: NaN gives NaN, ±Infinity its limit, and df ≤ 0 (n ≤ 2) gives NaN.
 */
import jstatModule from "jstat";

const jStat =
  (jstatModule as unknown as { jStat?: { ibeta(x: number, a: number, b: number): number } }).jStat ??
  (jstatModule as unknown as { ibeta(x: number, a: number, b: number): number });

const TWO_OVER_SQRT_PI = 2 / Math.sqrt(Math.PI);

/**
 * Complementary error function with full relative precision in the far tail, where the
 * p-values of large samples live (jstat's erfc underflows to 0 near x = 7). A Maclaurin
 * series serves small x; Lentz's continued fraction the rest.
 */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < 2) {
    // erf(x) = 2/√π Σ (−1)^n x^(2n+1) / (n! (2n+1))
    let term = x;
    let sum = x;
    const x2 = x * x;
    for (let n = 1; n < 200; n++) {
      term *= -x2 / n;
      const add = term / (2 * n + 1);
      sum += add;
      if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
    }
    return 1 - TWO_OVER_SQRT_PI * sum;
  }
  if (x > 27.3) return 0; // below the smallest double
  // erfc(x) = exp(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + …)))))
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let k = 1; k < 500; k++) {
    const a = k / 2;
    d = x + a * d;
    d = Math.abs(d) < tiny ? tiny : d;
    c = x + a / c;
    c = Math.abs(c) < tiny ? tiny : c;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
}

/** Two-sided p-value of a standard normal statistic z: P(|Z| ≥ |z|). */
export function normalTwoSidedP(z: number): number {
  return erfc(Math.abs(z) / Math.SQRT2);
}

/** Two-sided p-value of Student's t with df degrees of freedom: I_{df/(df+t²)}(df/2, 1/2). */
export function studentTTwoSidedP(t: number, df: number): number {
  if (Number.isNaN(t) || !(df > 0)) return NaN;
  if (!Number.isFinite(t)) return 0;
  return jStat.ibeta(df / (df + t * t), df / 2, 0.5);
}
