/**
 * CAP (paper Eq. 2–3): D(a→b) = P_entail(a→b) + λ·P_neutral(a→b), and
 * CAP = α·D(gold→candidate) + (1−α)·D(candidate→gold). Vectorised over typed arrays.
 */
import { DEFAULT_ALPHA, DEFAULT_LAMBDA } from "../constants.js";

export interface CapWeights {
  /** Weight α of the forward (gold → candidate) direction, in [0, 1]. */
  readonly alpha: number;
  /** Weight λ of the neutral probability, in [0, 1]. */
  readonly lambda: number;
}

export const PAPER_WEIGHTS: CapWeights = Object.freeze({ alpha: DEFAULT_ALPHA, lambda: DEFAULT_LAMBDA });

/** Checks that α and λ are numbers in [0, 1]; CAP is only bounded in [0, 1] then (App. A). */
export function checkWeights(w: CapWeights): void {
  for (const [name, v] of [["alpha", w.alpha], ["lambda", w.lambda]] as const) {
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0 || v > 1) {
      throw new RangeError(`CAP ${name} must lie in [0, 1], got ${String(v)}`);
    }
  }
}

/** Entailment and neutral probabilities of both directions (contradiction is not needed). */
export interface DirectionalProbabilities {
  readonly peForward: ArrayLike<number>;
  readonly pnForward: ArrayLike<number>;
  readonly peReverse: ArrayLike<number>;
  readonly pnReverse: ArrayLike<number>;
}

export interface CapScores {
  readonly cap: Float64Array;
  /** D(gold → candidate). */
  readonly forward: Float64Array;
  /** D(candidate → gold). */
  readonly reverse: Float64Array;
}

/** D(a→b) for one direction, elementwise. */
export function directionalScore(pEntail: ArrayLike<number>, pNeutral: ArrayLike<number>, lambda: number): Float64Array {
  if (pEntail.length !== pNeutral.length) throw new RangeError(`entailment has ${pEntail.length} values, neutral ${pNeutral.length}`);
  checkWeights({ alpha: 0, lambda });
  const out = new Float64Array(pEntail.length);
  for (let i = 0; i < out.length; i++) out[i] = pEntail[i] + lambda * pNeutral[i];
  return out;
}

/** CAP and both directional scores for every pair. */
export function capScores(p: DirectionalProbabilities, weights: CapWeights = PAPER_WEIGHTS): CapScores {
  checkWeights(weights);
  const n = p.peForward.length;
  for (const [name, a] of Object.entries(p)) {
    if ((a as ArrayLike<number>).length !== n) throw new RangeError(`${name} has ${(a as ArrayLike<number>).length} values, peForward ${n}`);
  }
  const forward = directionalScore(p.peForward, p.pnForward, weights.lambda);
  const reverse = directionalScore(p.peReverse, p.pnReverse, weights.lambda);
  const cap = new Float64Array(n);
  const a = weights.alpha;
  for (let i = 0; i < n; i++) cap[i] = a * forward[i] + (1 - a) * reverse[i];
  return { cap, forward, reverse };
}

/** CAP of a single pair, for interactive use. */
export function capScore(peForward: number, pnForward: number, peReverse: number, pnReverse: number, weights: CapWeights = PAPER_WEIGHTS): number {
  return capScores({ peForward: [peForward], pnForward: [pnForward], peReverse: [peReverse], pnReverse: [pnReverse] }, weights).cap[0];
}
