/**
 * NUMERIC INPUT POLICY of lib/stats, lib/cap and lib/calibrate (every exported function there
 * follows it and points here).
 *
 * One rule. An exported function checks its numeric arguments once, on entry, before it sorts,
 * allocates in proportion to its input or starts any other expensive work, and refuses bad
 * input with a RangeError that names the function, the argument, the first offending index and
 * the value, then the rule broken:
 *
 *     pairwiseAccuracy: scores[17] is NaN; scores must be finite numbers
 *     bootstrapOrdinal: metrics[2][5] is Infinity; metrics[2] must be finite numbers
 *     capScore: peForward is 7; peForward must be a probability in [0, 1] (tolerance 1e-9)
 *     bootstrapOrdinal: options.seed is 1.5; options.seed must be an integer
 *     cohenKappa: a has 3 values, b has 2; a and b must have equal lengths
 *
 * Arrays are scanned in argument order, so "first" means the lowest index of the first argument
 * that breaks a rule. Checks never change values (nothing is clamped or rounded): a call that
 * passes them returns exactly what it returned before they existed.
 *
 * What is checked, by kind of argument:
 *  - Data (scores of any metric, labels used as numbers, bootstrap samples, cohenKappa's scale):
 *    finite numbers. NaN, ±Infinity and non-numbers are rejected. No range: a metric may use
 *    any scale.
 *  - Arrays that pair up (x with y, scores with classes, truth with predicted, the four CAP
 *    probability columns, a bootstrap counts vector with its rows): equal lengths, checked before
 *    any element.
 *  - Class labels and levels: integers in 0..K−1, with K the 8 taxonomy classes for the ordinal
 *    statistics and the number of categories or levels where a function is given one (2.5, −1,
 *    8 and NaN are rejected).
 *  - Probabilities (NLI entailment and neutral probabilities): finite and in [0, 1] with a
 *    tolerance of PROBABILITY_TOLERANCE = 1e-9 on either side, for values that a float32 softmax
 *    or a CSV rounded; such a value is used as given, not clamped. Each probability is checked
 *    on its own; pe + pn ≤ 1 is not required (rounded released probabilities can sum a hair over 1).
 *  - Parameters in [0, 1] that a person chooses (CAP α and λ, a quantile q, a confidence level):
 *    finite and in [0, 1] exactly, without tolerance.
 *  - Cut points of a threshold classifier: finite and non-decreasing. Non-decreasing, not strictly
 *    increasing, because the fitted cuts of a level that receives no scores coincide
 *    (cutsFromBoundaries writes ±Number.MAX_VALUE, which is finite, for an empty level at either
 *    end and equal midpoints for an empty level in between); equal cuts just leave that level empty.
 *  - Seeds and stream numbers: integers (finite, no fraction). Negative and large integers are
 *    accepted and reduced modulo 2^32, as the generator always did, so seeds that agree modulo
 *    2^32 give the same stream.
 *  - Counts (resamples, threads, number of categories or levels): positive integers; weights
 *    and resample counts: finite and ≥ 0; indices, offsets and ranges: integers inside the data.
 *  - Structures built by this library (OrdinalLayout, SortedScores, SweepSums, ScoreGroups,
 *    BootstrapSamples, BootstrapJob) are checked for shape (sizes and lengths), not scanned
 *    element by element: the checked function that built them validated their content.
 *  - Empty arrays stay valid wherever the result is defined or reported as NaN (the mean of no
 *    values, a correlation of fewer than two values, an interval of no samples, cut points fitted
 *    on no items), as before; cohenKappa and classificationReport refuse no labels, as they did.
 *    Outputs are NaN where a statistic is undefined; that is output, not input, and unchanged.
 *  - Non-numeric choices keep their own errors (fitThresholds' unknown objective: an Error;
 *    classLevelSet's class order); cohenKappa's weighting name is checked with a RangeError.
 *
 * Where NaN is accepted, on purpose (and nowhere else):
 *  - erfc, normalTwoSidedP, studentTTwoSidedP: scalar special functions applied to test
 *    statistics, which are NaN when undefined (a constant sample) and ±Infinity when perfect.
 *    NaN in gives NaN out, ±Infinity gives the limit, and df ≤ 0 (Spearman with n ≤ 2) gives NaN.
 *  - sortedFinite, percentileInterval, pairedDifference: a NaN bootstrap statistic marks a
 *    resample in which the statistic is undefined (e.g. a class that was not drawn); these
 *    functions leave it out (pairedDifference leaves out a resample where either side is NaN).
 *    ±Infinity is still rejected.
 *  - predictLevels: a NaN score is a row that could not be scored (`capqa score --classify`
 *    passes NaN for it and discards its level); it gets level 0, as before. ±Infinity is rejected.
 *
 * Checked once, never in loops. A public function validates and then runs an unchecked kernel.
 * A kernel that another module of this library calls in a hot path, or after validating the same
 * input itself, is exported with the suffix `Unchecked` (sortScoresUnchecked, sweepUnchecked,
 * midRanksUnchecked, tieGroupSizesUnchecked, quantileSortedUnchecked, sortedFiniteUnchecked,
 * cohenKappaUnchecked, percentileIntervalUnchecked, groupScoresUnchecked). These trust their
 * input, exist for this library's own validated call paths (the bootstrap evaluates millions of
 * statistics), and are the only exports exempt from the policy. Functions called once per
 * resample (the generator's constructor, resampleCounts, ordinalStatistics) make only O(1) checks.
 *
 * The helpers below are pure, make a single pass without allocating, and build a message only
 * when they throw.
 */

import { CLASSES, type Ordering } from "../taxonomy/index.js";

/** Half-width of the band around [0, 1] in which a rounded probability is still accepted. */
const PROBABILITY_TOLERANCE = 1e-9;

const PROBABILITY_RULE = `must be a probability in [0, 1] (tolerance ${PROBABILITY_TOLERANCE})`;

/** A value as it appears in a message: numbers as JavaScript prints them, strings quoted. */
export function showValue(v: unknown): string {
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (typeof v === "string") return JSON.stringify(v);
  if (v === null || v === undefined || typeof v === "boolean" || typeof v === "bigint") return String(v);
  return `a ${typeof v}`;
}

/** Throws the policy's RangeError: `fn: what is value; rule`. */
export function reject(fn: string, what: string, value: unknown, rule: string): never {
  throw new RangeError(`${fn}: ${what} is ${showValue(value)}; ${rule}`);
}

/** Arrays that pair up must be equally long. */
export function checkSameLength(fn: string, nameA: string, a: ArrayLike<unknown>, nameB: string, b: ArrayLike<unknown>): void {
  if (a.length !== b.length)
    throw new RangeError(`${fn}: ${nameA} has ${a.length} values, ${nameB} has ${b.length}; ${nameA} and ${nameB} must have equal lengths`);
}

/** Every value finite (no NaN, no ±Infinity, no non-numbers). */
export function checkFinite(fn: string, name: string, values: ArrayLike<number>): void {
  for (let i = 0, n = values.length; i < n; i++) {
    if (!Number.isFinite(values[i])) reject(fn, `${name}[${i}]`, values[i], `${name} must be finite numbers`);
  }
}

/** Every value finite or NaN (NaN marks an undefined value that the caller leaves out); ±Infinity rejected. */
export function checkFiniteOrNaN(fn: string, name: string, values: ArrayLike<number>): void {
  for (let i = 0, n = values.length; i < n; i++) {
    const v = values[i];
    if (!Number.isFinite(v) && !(typeof v === "number" && Number.isNaN(v)))
      reject(fn, `${name}[${i}]`, v, `${name} must be finite numbers or NaN`);
  }
}

/** Every value finite and ≥ 0 (weights, counts). */
export function checkNonNegative(fn: string, name: string, values: ArrayLike<number>): void {
  for (let i = 0, n = values.length; i < n; i++) {
    const v = values[i];
    if (!(Number.isFinite(v) && v >= 0)) reject(fn, `${name}[${i}]`, v, `${name} must be finite numbers ≥ 0`);
  }
}

/** Every value an integer in 0..k−1 (class labels, levels, categories). */
export function checkLabels(fn: string, name: string, values: ArrayLike<number>, k: number): void {
  for (let i = 0, n = values.length; i < n; i++) {
    const v = values[i];
    if (!(Number.isInteger(v) && v >= 0 && v < k)) reject(fn, `${name}[${i}]`, v, `${name} must be integers in 0..${k - 1}`);
  }
}

/** Every value a probability: finite, in [0, 1] up to PROBABILITY_TOLERANCE (used as given). */
export function checkProbabilities(fn: string, name: string, values: ArrayLike<number>): void {
  for (let i = 0, n = values.length; i < n; i++) {
    const v = values[i];
    if (typeof v !== "number" || !(v >= -PROBABILITY_TOLERANCE && v <= 1 + PROBABILITY_TOLERANCE))
      reject(fn, `${name}[${i}]`, v, `${name} ${PROBABILITY_RULE}`);
  }
}

/** Finite and non-decreasing (cut points, already-sorted data). */
export function checkNonDecreasing(fn: string, name: string, values: ArrayLike<number>): void {
  let prev = -Infinity;
  for (let i = 0, n = values.length; i < n; i++) {
    const v = values[i];
    if (!Number.isFinite(v)) reject(fn, `${name}[${i}]`, v, `${name} must be finite numbers`);
    if (v < prev) reject(fn, `${name}[${i}]`, v, `${name} must be non-decreasing (${name}[${i - 1}] is ${showValue(prev)})`);
    prev = v;
  }
}

/** One finite number. */
export function checkFiniteScalar(fn: string, name: string, v: number): void {
  if (!Number.isFinite(v)) reject(fn, name, v, `${name} must be a finite number`);
}

/** One number in [0, 1] exactly (a chosen parameter: a weight, a quantile, a confidence level). */
export function checkUnitScalar(fn: string, name: string, v: number): void {
  if (!(typeof v === "number" && v >= 0 && v <= 1)) reject(fn, name, v, `${name} must lie in [0, 1]`);
}

/** One probability: finite, in [0, 1] up to PROBABILITY_TOLERANCE. */
export function checkProbability(fn: string, name: string, v: number): void {
  if (!(typeof v === "number" && v >= -PROBABILITY_TOLERANCE && v <= 1 + PROBABILITY_TOLERANCE))
    reject(fn, name, v, `${name} ${PROBABILITY_RULE}`);
}

/** One integer in [min, max] (counts, sizes, indices). */
export function checkInteger(fn: string, name: string, v: number, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (!(Number.isInteger(v) && v >= min && v <= max)) {
    const range =
      max === Number.MAX_SAFE_INTEGER ? (min === 1 ? "a positive integer" : `an integer ≥ ${min}`) : `an integer in ${min}..${max}`;
    reject(fn, name, v, `${name} must be ${range}`);
  }
}

/** A seed or stream number: an integer (finite, no fraction); the generator reduces it modulo 2^32. */
export function checkSeed(fn: string, name: string, v: number): void {
  if (!Number.isInteger(v)) reject(fn, name, v, `${name} must be an integer`);
}

/** An ordering's severity map: a finite number for each of the taxonomy's classes. */
export function checkOrdering(fn: string, ordering: Ordering): void {
  for (const c of CLASSES) {
    const v = ordering.severity[c];
    if (!Number.isFinite(v)) reject(fn, `ordering.severity.${c}`, v, "severities must be finite numbers");
  }
}

/** One metric's scores against class labels: equally long, scores finite, classes integers in 0..7. */
export function checkScoresAndClasses(fn: string, scoresName: string, scores: ArrayLike<number>, classes: ArrayLike<number>): void {
  checkSameLength(fn, scoresName, scores, "classes", classes);
  checkFinite(fn, scoresName, scores);
  checkLabels(fn, "classes", classes, CLASSES.length);
}
