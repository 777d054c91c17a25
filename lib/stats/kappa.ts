/**
 * Cohen's κ between two labelings: unweighted, or weighted by the distance between categories
 * on a numeric scale (linear |a−b|, quadratic (a−b)²). κ_w = 1 − Σ w·O / Σ w·E, with E the
 * product of the marginals. Unweighted κ is the special case w = [a ≠ b].
 */
import { checkFinite, checkInteger, checkLabels, checkSameLength, reject } from "./validate.js";

export type KappaWeighting = "unweighted" | "linear" | "quadratic";

export interface KappaResult {
  readonly kappa: number;
  readonly observedAgreement: number;
  readonly expectedAgreement: number;
  readonly n: number;
}

/** One category index (0..k−1) per item, as one rater labelled them. */
type Labels = ArrayLike<number>;
/** A number per category, placing it on the scale the weights measure distances on. */
type Scale = ArrayLike<number>;

const WEIGHTINGS: readonly KappaWeighting[] = ["unweighted", "linear", "quadratic"];

/**
 * κ for two equally long arrays of category indices in [0, k). `scale[c]` places category c on
 * the number line for the weighted variants (default: its index); only differences matter.
 * Input follows the numeric input policy of ./validate: k a positive integer, a and b equally
 * long (and not empty) integers in 0..k−1, `scale` k finite numbers.
 */
export function cohenKappa(a: Labels, b: Labels, k: number, weighting: KappaWeighting = "unweighted", scale?: Scale): KappaResult {
  const fn = "cohenKappa";
  checkInteger(fn, "k", k, 1);
  if (!WEIGHTINGS.includes(weighting)) reject(fn, "weighting", weighting, `weighting must be one of ${WEIGHTINGS.join(", ")}`);
  checkSameLength(fn, "a", a, "b", b);
  if (a.length === 0) throw new RangeError(`${fn}: a and b are empty; κ needs at least one pair of labels`);
  checkLabels(fn, "a", a, k);
  checkLabels(fn, "b", b, k);
  if (scale !== undefined) {
    if (scale.length !== k)
      throw new RangeError(`${fn}: scale has ${scale.length} values for k = ${k} categories; scale must place each category once`);
    checkFinite(fn, "scale", scale);
  }
  return cohenKappaUnchecked(a, b, k, weighting, scale);
}

/** cohenKappa without the input checks, for callers that validated its arguments (see ./validate). */
export function cohenKappaUnchecked(a: Labels, b: Labels, k: number, weighting: KappaWeighting = "unweighted", scale?: Scale): KappaResult {
  const n = a.length;
  const obs = new Float64Array(k * k);
  const ma = new Float64Array(k);
  const mb = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    obs[x * k + y] += 1;
    ma[x] += 1;
    mb[y] += 1;
  }
  const pos = (c: number) => (scale === undefined ? c : scale[c]);
  const weight = (i: number, j: number): number => {
    if (weighting === "unweighted") return i === j ? 0 : 1;
    const d = Math.abs(pos(i) - pos(j));
    return weighting === "linear" ? d : d * d;
  };
  let wo = 0;
  let we = 0;
  let po = 0;
  let pe = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = weight(i, j);
      const o = obs[i * k + j] / n;
      const e = (ma[i] / n) * (mb[j] / n);
      wo += w * o;
      we += w * e;
      if (i === j) {
        po += o;
        pe += e;
      }
    }
  }
  return { kappa: 1 - wo / we, observedAgreement: po, expectedAgreement: pe, n };
}
