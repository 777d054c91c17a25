/**
 * A port of NLTK 3.9.4's `nltk.translate.bleu_score`: `sentence_bleu`,
 * `corpus_bleu`, and smoothing methods 0 (none) and 1 of `SmoothingFunction`.
 *
 * NLTK keeps each modified precision as an unreduced `Fraction` (3.8 through
 * `Fraction(..., _normalize=False)`, 3.9 through a `Fraction` subclass that
 * remembers the original numerator and denominator, since Python 3.12 dropped
 * `_normalize`). The two give the same numbers; here they are plain integer
 * pairs. The unreduced denominator matters: corpus BLEU sums denominators, and
 * smoothing method 1 divides epsilon by the denominator of a zero precision.
 *
 * Not ported: `auto_reweigh`, lists of weight tuples (several scores at once),
 * and smoothing methods 2-7.
 */
import { DEFAULT_BLEU_WEIGHTS, DEFAULT_BLEU_EPSILON } from "../constants.js";

export type BleuSmoothing = "none" | "method1";

export interface BleuOptions {
  /** n-gram weights, unigram first; NLTK's default is four times 0.25. */
  weights?: readonly number[];
  /** "none" is NLTK's default (`SmoothingFunction().method0`). */
  smoothing?: BleuSmoothing;
  /** Method 1's epsilon; NLTK's default is 0.1. */
  epsilon?: number;
}

/**
 * Python's `sys.float_info.min`, the smallest normal double: NLTK's stand-in
 * for a zero precision without smoothing. (Not `Number.MIN_VALUE`, which is
 * the smallest subnormal.)
 */
const PY_FLOAT_MIN = 2.2250738585072014e-308;

/** An unreduced fraction, as NLTK's `Fraction(n, d, _normalize=False)`. */
interface Ratio {
  numerator: number;
  denominator: number;
}

/** Counts of the n-grams of `tokens`; empty when `tokens` is shorter than n. */
function ngramCounts(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    // Tokens never contain U+0000 (word_tokenize splits on white space and keeps text), so joining
    // with it keeps n-grams unambiguous, and is much cheaper than JSON.
    let key = tokens[i];
    for (let j = 1; j < n; j++) key += "\u0000" + tokens[i + j];
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * Clipped n-gram matches over hypothesis n-grams (`modified_precision`). The
 * denominator is at least 1, so a hypothesis shorter than n gives 0/1.
 */
export function modifiedPrecision(references: readonly (readonly string[])[], hypothesis: readonly string[], n: number): Ratio {
  const counts = ngramCounts(hypothesis, n);
  const maxCounts = new Map<string, number>();
  for (const reference of references) {
    const referenceCounts = ngramCounts(reference, n);
    for (const ngram of counts.keys()) {
      maxCounts.set(ngram, Math.max(maxCounts.get(ngram) ?? 0, referenceCounts.get(ngram) ?? 0));
    }
  }
  let numerator = 0;
  let total = 0;
  for (const [ngram, count] of counts) {
    const maxCount = maxCounts.get(ngram);
    // NLTK raises a KeyError here when there are no references.
    if (maxCount === undefined) throw new Error("BLEU needs at least one reference");
    numerator += Math.min(count, maxCount);
    total += count;
  }
  return { numerator, denominator: Math.max(1, total) };
}

/** The reference length closest to `hypLen`; ties go to the shorter (`closest_ref_length`). */
export function closestRefLength(references: readonly (readonly string[])[], hypLen: number): number {
  if (references.length === 0) throw new Error("BLEU needs at least one reference");
  let best = references[0].length;
  for (const reference of references) {
    const len = reference.length;
    const distance = Math.abs(len - hypLen);
    const bestDistance = Math.abs(best - hypLen);
    if (distance < bestDistance || (distance === bestDistance && len < best)) best = len;
  }
  return best;
}

/** `brevity_penalty`: 1 for a longer hypothesis, 0 for an empty one. */
export function brevityPenalty(closestRefLen: number, hypLen: number): number {
  if (hypLen > closestRefLen) return 1;
  if (hypLen === 0) return 0;
  return Math.exp(1 - closestRefLen / hypLen);
}

/**
 * Python's `math.fsum`: the correctly rounded sum (Shewchuk's partials, with
 * CPython's half-even fix-up), so the log-sum matches NLTK to the last bit.
 * Assumes finite inputs, as BLEU's are.
 */
export function fsum(values: readonly number[]): number {
  const partials: number[] = [];
  for (let x of values) {
    let i = 0;
    for (let j = 0; j < partials.length; j++) {
      let y = partials[j];
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) partials[i++] = lo;
      x = hi;
    }
    partials.length = i;
    partials.push(x);
  }
  let n = partials.length;
  if (n === 0) return 0;
  let hi = partials[--n];
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = partials[--n];
    hi = x + y;
    lo = y - (hi - x);
    if (lo !== 0) break;
  }
  if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
    const y = lo * 2;
    const x = hi + y;
    if (y === x - hi) hi = x;
  }
  return hi;
}

/** Smoothing of the precisions: method0 (none) or method1 (epsilon for zero counts). */
function smooth(precisions: readonly Ratio[], smoothing: BleuSmoothing, epsilon: number): number[] {
  return precisions.map(({ numerator, denominator }) => {
    if (numerator !== 0) return numerator / denominator;
    // method0 warns and uses the smallest normal float, so log() stays finite
    // and the score is tiny, not 0; method1 adds epsilon to the numerator.
    return smoothing === "method1" ? (numerator + epsilon) / denominator : PY_FLOAT_MIN;
  });
}

/**
 * NLTK's `corpus_bleu(list_of_references, hypotheses, weights, smoothing_function)`:
 * clipped n-gram counts and lengths are summed over the corpus before the
 * precisions are taken. Returns 0 when no hypothesis unigram matches
 * (as for all-empty hypotheses); throws for an empty corpus, as NLTK does.
 */
export function corpusBleu(
  listOfReferences: readonly (readonly (readonly string[])[])[],
  hypotheses: readonly (readonly string[])[],
  options: BleuOptions = {},
): number {
  const weights = options.weights ?? DEFAULT_BLEU_WEIGHTS;
  const smoothing = options.smoothing ?? "none";
  const epsilon = options.epsilon ?? DEFAULT_BLEU_EPSILON;
  if (listOfReferences.length !== hypotheses.length) {
    throw new Error("The number of hypotheses and their reference(s) should be the same");
  }

  const maxN = weights.length;
  const numerators = new Array<number>(maxN).fill(0);
  const denominators = new Array<number>(maxN).fill(0);
  let hypLengths = 0;
  let refLengths = 0;
  hypotheses.forEach((hypothesis, k) => {
    const references = listOfReferences[k];
    for (let n = 1; n <= maxN; n++) {
      const p = modifiedPrecision(references, hypothesis, n);
      numerators[n - 1] += p.numerator;
      denominators[n - 1] += p.denominator;
    }
    hypLengths += hypothesis.length;
    refLengths += closestRefLength(references, hypothesis.length);
  });

  // An empty corpus leaves 0/0; NLTK's Fraction(0, 0) raises ZeroDivisionError.
  if (denominators.some((d) => d === 0)) throw new Error("BLEU of an empty corpus is undefined");
  const bp = brevityPenalty(refLengths, hypLengths);
  // No matching unigram: no higher-order match either, and NLTK returns 0.
  if ((numerators[0] ?? 0) === 0) return 0;

  const precisions = numerators.map((numerator, i) => ({ numerator, denominator: denominators[i] }));
  const smoothed = smooth(precisions, smoothing, epsilon);
  const terms: number[] = [];
  for (let i = 0; i < Math.min(weights.length, smoothed.length); i++) {
    if (smoothed[i] > 0) terms.push(weights[i] * Math.log(smoothed[i]));
  }
  return bp * Math.exp(fsum(terms));
}

/**
 * NLTK's `sentence_bleu(references, hypothesis, weights, smoothing_function)`:
 * `corpusBleu` over a corpus of one. An empty hypothesis scores 0.
 */
export function sentenceBleu(references: readonly (readonly string[])[], hypothesis: readonly string[], options: BleuOptions = {}): number {
  return corpusBleu([references], [hypothesis], options);
}
