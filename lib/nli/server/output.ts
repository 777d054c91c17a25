/**
 * What a server's scores are, and how they become (entailment, neutral, contradiction) rows:
 * logits take a softmax in float64; probabilities (a TEI asked without raw_scores, a model whose
 * graph ends in a softmax) are checked to be probabilities and renormalised. Taking one for the
 * other gives a wrong CAP on every row, so the canary pairs decide which a server sends (probe.ts).
 */
import { type NLI_SERVER_OUTPUTS, NLI_SERVER_PROBABILITY_TOLERANCE } from "../../constants.js";
import { nliSoftmax, type LabelOrder } from "../labels.js";

export type NliServerOutput = (typeof NLI_SERVER_OUTPUTS)[number];

/** Is row `row` of `values` (width `width`) a probability row: each in [0, 1] and summing to 1, within the tolerance? */
function isProbabilityRow(values: ArrayLike<number>, row: number, width: number): boolean {
  const tol = NLI_SERVER_PROBABILITY_TOLERANCE;
  let sum = 0;
  for (let k = 0; k < width; k++) {
    const v = values[row * width + k];
    if (!(v >= -tol && v <= 1 + tol)) return false;
    sum += v;
  }
  return Math.abs(sum - 1) <= tol;
}

/** The first row that is not a probability row, or -1. */
export function firstNonProbabilityRow(values: ArrayLike<number>, width: number): number {
  const rows = values.length / width;
  for (let b = 0; b < rows; b++) if (!isProbabilityRow(values, b, width)) return b;
  return -1;
}

/** A row's scores as text for a message. */
export function showRow(values: ArrayLike<number>, row: number, width: number): string {
  return `[${Array.from({ length: width }, (_, k) => Number(values[row * width + k].toPrecision(6))).join(", ")}]`;
}

/** Why a row taken for probabilities is not one. */
export function notProbabilities(values: ArrayLike<number>, row: number, width: number, where: string): string {
  return `${where}: the \`output\` option says probabilities, but pair ${row}'s scores ${showRow(values, row, width)} are not probabilities (each in [0, 1], summing to 1)`;
}

/**
 * Rows of (entailment, neutral, contradiction) from a server's scores, row-major [rows, width]:
 * the softmax of logits, or probabilities divided by their sum (after checking each row is one;
 * `where` names the answer in the error).
 */
export function nliRows(values: ArrayLike<number>, width: number, order: LabelOrder, output: NliServerOutput, where: string): Float64Array {
  const rows = values.length / width;
  const out = new Float64Array(3 * rows);
  if (output === "logits") {
    for (let b = 0; b < rows; b++) nliSoftmax(values, b * width, order, out, 3 * b);
    return out;
  }
  const bad = firstNonProbabilityRow(values, width);
  if (bad >= 0) throw new Error(notProbabilities(values, bad, width, where));
  for (let b = 0; b < rows; b++) {
    let z = 0;
    for (let k = 0; k < width; k++) z += values[b * width + k];
    out[3 * b] = values[b * width + order.entailment] / z;
    out[3 * b + 1] = values[b * width + order.neutral] / z;
    out[3 * b + 2] = values[b * width + order.contradiction] / z;
  }
  return out;
}

/**
 * Logits whose softmax is these probabilities (their logarithms), for engines that take the
 * softmax themselves (lib/nli/encoded-engine.ts): exp(log p − max) / Σ = p / Σp.
 */
export function probabilitiesAsLogits(values: ArrayLike<number>, width: number, where: string): Float64Array {
  const bad = firstNonProbabilityRow(values, width);
  if (bad >= 0) throw new Error(notProbabilities(values, bad, width, where));
  // A probability a hair below 0 (rounding) is 0.
  return Float64Array.from(values, (v) => Math.log(Math.max(0, v)));
}
