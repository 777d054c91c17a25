/**
 * CAP (paper Eq. 2–3): D(a→b) = P_entail(a→b) + λ·P_neutral(a→b), and
 * CAP = α·D(gold→candidate) + (1−α)·D(candidate→gold). Vectorised over typed arrays.
 *
 * Input follows the numeric input policy of lib/stats/validate: α and λ in [0, 1] exactly; every
 * probability finite and in [0, 1] up to a rounding tolerance of 1e-9 (used as given, not
 * clamped); the probability columns equally long. Checked once per call, before any output is
 * allocated.
 */
import { DEFAULT_ALPHA, DEFAULT_LAMBDA } from "../constants.js";
import { checkProbabilities, checkProbability, checkSameLength, checkUnitScalar } from "../stats/validate.js";
import { capOfDirections, directionalOf } from "./formula.js";

export interface CapWeights {
  /** Weight α of the forward (gold → candidate) direction, in [0, 1]. */
  readonly alpha: number;
  /** Weight λ of the neutral probability, in [0, 1]. */
  readonly lambda: number;
}

export const PAPER_WEIGHTS: CapWeights = Object.freeze({ alpha: DEFAULT_ALPHA, lambda: DEFAULT_LAMBDA });

/** Checks that α and λ are numbers in [0, 1]; CAP is only bounded in [0, 1] then (App. A). */
export function checkWeights(weights: CapWeights): void {
  checkWeightsFor("checkWeights", weights);
}

function checkWeightsFor(fn: string, weights: CapWeights): void {
  checkUnitScalar(fn, "weights.alpha", weights.alpha);
  checkUnitScalar(fn, "weights.lambda", weights.lambda);
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
  const fn = "directionalScore";
  checkUnitScalar(fn, "lambda", lambda);
  checkSameLength(fn, "pEntail", pEntail, "pNeutral", pNeutral);
  checkProbabilities(fn, "pEntail", pEntail);
  checkProbabilities(fn, "pNeutral", pNeutral);
  return directional(pEntail, pNeutral, lambda);
}

function directional(pEntail: ArrayLike<number>, pNeutral: ArrayLike<number>, lambda: number): Float64Array {
  const out = new Float64Array(pEntail.length);
  for (let i = 0; i < out.length; i++) out[i] = directionalOf(pEntail[i], pNeutral[i], lambda);
  return out;
}

/** CAP and both directional scores for every pair. */
export function capScores(p: DirectionalProbabilities, weights: CapWeights = PAPER_WEIGHTS): CapScores {
  const fn = "capScores";
  checkWeightsFor(fn, weights);
  const columns = [
    ["p.peForward", p.peForward],
    ["p.pnForward", p.pnForward],
    ["p.peReverse", p.peReverse],
    ["p.pnReverse", p.pnReverse],
  ] as const;
  for (const [name, a] of columns) checkSameLength(fn, name, a, "p.peForward", p.peForward);
  for (const [name, a] of columns) checkProbabilities(fn, name, a);
  return capOf(p, weights);
}

function capOf(p: DirectionalProbabilities, weights: CapWeights): CapScores {
  const n = p.peForward.length;
  const forward = directional(p.peForward, p.pnForward, weights.lambda);
  const reverse = directional(p.peReverse, p.pnReverse, weights.lambda);
  const cap = new Float64Array(n);
  const a = weights.alpha;
  for (let i = 0; i < n; i++) cap[i] = capOfDirections(forward[i], reverse[i], a);
  return { cap, forward, reverse };
}

/** CAP of a single pair, for interactive use. */
export function capScore(
  peForward: number,
  pnForward: number,
  peReverse: number,
  pnReverse: number,
  weights: CapWeights = PAPER_WEIGHTS,
): number {
  const fn = "capScore";
  checkWeightsFor(fn, weights);
  checkProbability(fn, "peForward", peForward);
  checkProbability(fn, "pnForward", pnForward);
  checkProbability(fn, "peReverse", peReverse);
  checkProbability(fn, "pnReverse", pnReverse);
  return capOf({ peForward: [peForward], pnForward: [pnForward], peReverse: [peReverse], pnReverse: [pnReverse] }, weights).cap[0];
}
