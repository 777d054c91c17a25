/**
 * The numeric input policy of lib/stats/validate.ts, function by function: every exported
 * function of lib/stats, lib/cap and lib/calibrate refuses NaN, ±Infinity, out-of-range values
 * and mismatched lengths with the policy's RangeError (exact message), accepts the valid edge
 * cases (empty arrays where meaningful, single values, ties) with the results it always gave,
 * and keeps the documented NaN tolerance of the functions that have one.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Worker } from "node:worker_threads";
import * as distributions from "../lib/stats/distributions.js";
import * as ranks from "../lib/stats/ranks.js";
import * as correlation from "../lib/stats/correlation.js";
import * as descriptives from "../lib/stats/descriptives.js";
import * as kappa from "../lib/stats/kappa.js";
import * as random from "../lib/stats/random.js";
import * as ordinal from "../lib/stats/ordinal.js";
import * as bootstrap from "../lib/stats/bootstrap.js";
import * as pairwise from "../lib/stats/pairwise.js";
import * as validate from "../lib/stats/validate.js";
import * as cap from "../lib/cap/index.js";
import * as classifier from "../lib/calibrate/classifier.js";
import * as segments from "../lib/calibrate/segments.js";
import * as metrics from "../lib/calibrate/metrics.js";
import { CLASSES, PAPER_ORDERING, type Ordering } from "../lib/taxonomy/index.js";

const { erfc, normalTwoSidedP, studentTTwoSidedP } = distributions;
const { argsort, midRanks, tieGroupSizes } = ranks;
const { pearson, spearman, kendallTauB } = correlation;
const { mean, sampleStd, quantileSorted, sortedFinite, describe } = descriptives;
const { cohenKappa } = kappa;
const { Xoshiro128, resampleCounts, MAX_RESAMPLE_ROWS } = random;
const { ordinalLayout, sortScores, newSweepSums, sweep, statisticsWidth, ordinalStatistics, pairCounts } = ordinal;
const { samplesOf, runResampleRange, bootstrapOrdinal, percentileInterval, pairedDifference } = bootstrap;
const { ordinalSummary, pairwiseAccuracy } = pairwise;
const { checkWeights, directionalScore, capScores, capScore } = cap;
const { severityLevelSet, predictLevels, equalWidthClassifier, fitThresholds } = classifier;
const { groupScores, bestRuns, cutsFromBoundaries } = segments;
const { classificationReport, classificationIntervals } = metrics;

/** A call that must be refused with exactly this RangeError message. */
interface Refusal {
  readonly fn: string;
  readonly input: string;
  readonly call: () => unknown;
  readonly message: string;
}

const FINITE = (fn: string, arg: string, i: number | string, v: string) => `${fn}: ${arg}[${i}] is ${v}; ${arg} must be finite numbers`;
const LENGTHS = (fn: string, a: string, n: number, b: string, m: number) =>
  `${fn}: ${a} has ${n} values, ${b} has ${m}; ${a} and ${b} must have equal lengths`;
const LABELS = (fn: string, arg: string, i: number, v: string, k: number) =>
  `${fn}: ${arg}[${i}] is ${v}; ${arg} must be integers in 0..${k - 1}`;
const PROB = (fn: string, what: string, v: string, name = what.replace(/\[\d+\]$/, "")) =>
  `${fn}: ${what} is ${v}; ${name} must be a probability in [0, 1] (tolerance 1e-9)`;
const UNIT = (fn: string, name: string, v: string) => `${fn}: ${name} is ${v}; ${name} must lie in [0, 1]`;

const bad = (severity: Partial<Record<string, number>>): Ordering => ({
  name: "bad",
  severity: { ...PAPER_ORDERING.severity, ...severity } as Ordering["severity"],
});
const layout = ordinalLayout();
const sorted3 = sortScores([0.1, 0.5, 0.9], [7, 4, 0]);
const sums = newSweepSums();
const width = statisticsWidth(layout);
const boot = { resamples: 2, metrics: 1, width: 3, values: new Float64Array(6) };
const job = { n: 3, sorted: [sorted3], severity: PAPER_ORDERING.severity, orderingName: "paper-eq1", seed: 1, width };
const groups = groupScores([0.1, 0.5, 0.5], [0, 1, 1], 2);
const set3 = { name: "t", levels: ["a", "b", "c"].map((name) => ({ name, classes: [] })) };

const refusals: Refusal[] = [
  // lib/stats/pairwise.ts
  // A NaN score (which used to loop forever) is tested in a worker thread, below.
  {
    fn: "pairwiseAccuracy",
    input: "+Infinity score",
    call: () => pairwiseAccuracy([Infinity, 0], [0, 1]),
    message: FINITE("pairwiseAccuracy", "scores", 0, "Infinity"),
  },
  {
    fn: "pairwiseAccuracy",
    input: "-Infinity label",
    call: () => pairwiseAccuracy([0, 1], [0, -Infinity]),
    message: FINITE("pairwiseAccuracy", "labels", 1, "-Infinity"),
  },
  {
    fn: "pairwiseAccuracy",
    input: "NaN label",
    call: () => pairwiseAccuracy([0, 1], [NaN, 1]),
    message: FINITE("pairwiseAccuracy", "labels", 0, "NaN"),
  },
  {
    fn: "pairwiseAccuracy",
    input: "lengths",
    call: () => pairwiseAccuracy([0, 1], [0]),
    message: LENGTHS("pairwiseAccuracy", "scores", 2, "labels", 1),
  },
  {
    fn: "ordinalSummary",
    input: "NaN score",
    call: () => ordinalSummary([0.5, NaN], [0, 1]),
    message: FINITE("ordinalSummary", "scores", 1, "NaN"),
  },
  {
    fn: "ordinalSummary",
    input: "-Infinity score",
    call: () => ordinalSummary([-Infinity, 0.5], [0, 1]),
    message: FINITE("ordinalSummary", "scores", 0, "-Infinity"),
  },
  {
    fn: "ordinalSummary",
    input: "class 2.5",
    call: () => ordinalSummary([0.1, 0.2, 0.3], [0, 2.5, 1]),
    message: LABELS("ordinalSummary", "classes", 1, "2.5", 8),
  },
  {
    fn: "ordinalSummary",
    input: "class 8",
    call: () => ordinalSummary([0.1, 0.2], [0, 8]),
    message: LABELS("ordinalSummary", "classes", 1, "8", 8),
  },
  {
    fn: "ordinalSummary",
    input: "class -1",
    call: () => ordinalSummary([0.1, 0.2], [-1, 0]),
    message: LABELS("ordinalSummary", "classes", 0, "-1", 8),
  },
  {
    fn: "ordinalSummary",
    input: "class NaN",
    call: () => ordinalSummary([0.1, 0.2], [0, NaN]),
    message: LABELS("ordinalSummary", "classes", 1, "NaN", 8),
  },
  {
    fn: "ordinalSummary",
    input: "lengths",
    call: () => ordinalSummary([0.1, 0.2, 0.3], [0, 1]),
    message: LENGTHS("ordinalSummary", "scores", 3, "classes", 2),
  },
  {
    fn: "ordinalSummary",
    input: "NaN severity",
    call: () => ordinalSummary([0.1], [0], bad({ exact: NaN })),
    message: "ordinalSummary: ordering.severity.exact is NaN; severities must be finite numbers",
  },

  // lib/stats/ordinal.ts
  {
    fn: "ordinalLayout",
    input: "Infinity severity",
    call: () => ordinalLayout(bad({ partial: Infinity })),
    message: "ordinalLayout: ordering.severity.partial is Infinity; severities must be finite numbers",
  },
  { fn: "sortScores", input: "NaN score", call: () => sortScores([NaN], [0]), message: FINITE("sortScores", "scores", 0, "NaN") },
  {
    fn: "sortScores",
    input: "class 2.5",
    call: () => sortScores([0.1, 0.2], [1, 2.5]),
    message: LABELS("sortScores", "classes", 1, "2.5", 8),
  },
  { fn: "sortScores", input: "lengths", call: () => sortScores([0.1], [0, 1]), message: LENGTHS("sortScores", "scores", 1, "classes", 2) },
  {
    fn: "sweep",
    input: "NaN weight",
    call: () => sweep(layout, sorted3, Float64Array.of(1, NaN, 1), sums),
    message: "sweep: weights[1] is NaN; weights must be finite numbers ≥ 0",
  },
  {
    fn: "sweep",
    input: "negative weight",
    call: () => sweep(layout, sorted3, Float64Array.of(-1, 1, 1), sums),
    message: "sweep: weights[0] is -1; weights must be finite numbers ≥ 0",
  },
  {
    fn: "sweep",
    input: "Infinity weight",
    call: () => sweep(layout, sorted3, Float64Array.of(1, 1, Infinity), sums),
    message: "sweep: weights[2] is Infinity; weights must be finite numbers ≥ 0",
  },
  {
    fn: "sweep",
    input: "weights length",
    call: () => sweep(layout, sorted3, Float64Array.of(1, 1), sums),
    message: "sweep: weights has 2 values, sorted has 3 rows; weights must hold one weight per row",
  },
  {
    fn: "sweep",
    input: "sums shape",
    call: () => sweep(layout, sorted3, undefined, { ...sums, wins: new Float64Array(3) }),
    message: "sweep: sums is not a SweepSums of 8 classes; build it with newSweepSums",
  },
  {
    fn: "ordinalStatistics",
    input: "offset 1.5",
    call: () => ordinalStatistics(layout, sums, new Float64Array(2 * width), 1.5),
    message: `ordinalStatistics: offset is 1.5; offset must be an integer in 0..${width}`,
  },
  {
    fn: "ordinalStatistics",
    input: "offset -1",
    call: () => ordinalStatistics(layout, sums, new Float64Array(width), -1),
    message: "ordinalStatistics: offset is -1; offset must be an integer in 0..0",
  },
  {
    fn: "ordinalStatistics",
    input: "out too short",
    call: () => ordinalStatistics(layout, sums, new Float64Array(width), 1),
    message: "ordinalStatistics: offset is 1; offset must be an integer in 0..0",
  },
  {
    fn: "pairCounts",
    input: "sums shape",
    call: () => pairCounts(layout, { ...sums, classWeight: new Float64Array(2) }),
    message: "pairCounts: sums is not a SweepSums of 8 classes; build it with newSweepSums",
  },

  // lib/stats/bootstrap.ts
  {
    fn: "bootstrapOrdinal",
    input: "resamples 0",
    call: () => bootstrapOrdinal([0, 1], [[0.1, 0.2]], { resamples: 0, seed: 1 }),
    message: "bootstrapOrdinal: options.resamples is 0; options.resamples must be a positive integer",
  },
  {
    fn: "bootstrapOrdinal",
    input: "resamples NaN",
    call: () => bootstrapOrdinal([0, 1], [[0.1, 0.2]], { resamples: NaN, seed: 1 }),
    message: "bootstrapOrdinal: options.resamples is NaN; options.resamples must be a positive integer",
  },
  {
    fn: "bootstrapOrdinal",
    input: "seed NaN",
    call: () => bootstrapOrdinal([0, 1], [[0.1, 0.2]], { resamples: 5, seed: NaN }),
    message: "bootstrapOrdinal: options.seed is NaN; options.seed must be an integer",
  },
  {
    fn: "bootstrapOrdinal",
    input: "seed 1.5",
    call: () => bootstrapOrdinal([0, 1], [[0.1, 0.2]], { resamples: 5, seed: 1.5 }),
    message: "bootstrapOrdinal: options.seed is 1.5; options.seed must be an integer",
  },
  {
    fn: "bootstrapOrdinal",
    input: "seed Infinity",
    call: () => bootstrapOrdinal([0, 1], [[0.1, 0.2]], { resamples: 5, seed: Infinity }),
    message: "bootstrapOrdinal: options.seed is Infinity; options.seed must be an integer",
  },
  {
    fn: "bootstrapOrdinal",
    input: "threads 0",
    call: () => bootstrapOrdinal([0, 1], [[0.1, 0.2]], { resamples: 5, seed: 1, threads: 0 }),
    message: "bootstrapOrdinal: options.threads is 0; options.threads must be a positive integer",
  },
  {
    fn: "bootstrapOrdinal",
    input: "class 2.5",
    call: () => bootstrapOrdinal([0, 2.5], [[0.1, 0.2]], { resamples: 5, seed: 1 }),
    message: LABELS("bootstrapOrdinal", "classes", 1, "2.5", 8),
  },
  {
    fn: "bootstrapOrdinal",
    input: "NaN in the second metric",
    call: () =>
      bootstrapOrdinal(
        [0, 1],
        [
          [0.1, 0.2],
          [0.3, NaN],
        ],
        { resamples: 5, seed: 1 },
      ),
    message: FINITE("bootstrapOrdinal", "metrics[1]", 1, "NaN"),
  },
  {
    fn: "bootstrapOrdinal",
    input: "Infinity score",
    call: () => bootstrapOrdinal([0, 1], [[Infinity, 0.2]], { resamples: 5, seed: 1 }),
    message: FINITE("bootstrapOrdinal", "metrics[0]", 0, "Infinity"),
  },
  {
    fn: "bootstrapOrdinal",
    input: "NaN before a huge allocation",
    call: () => bootstrapOrdinal([0], [[NaN]], { resamples: 1e9, seed: 1 }),
    message: FINITE("bootstrapOrdinal", "metrics[0]", 0, "NaN"),
  },
  {
    fn: "bootstrapOrdinal",
    input: "lengths",
    call: () => bootstrapOrdinal([0, 1], [[0.1]], { resamples: 5, seed: 1 }),
    message: LENGTHS("bootstrapOrdinal", "metrics[0]", 1, "classes", 2),
  },
  {
    fn: "bootstrapOrdinal",
    input: "too many rows",
    call: () => bootstrapOrdinal(new Uint8Array(MAX_RESAMPLE_ROWS + 1), [], { resamples: 5, seed: 1 }),
    message: `bootstrapOrdinal: classes has ${MAX_RESAMPLE_ROWS + 1} values; the bootstrap supports up to ${MAX_RESAMPLE_ROWS} rows`,
  },
  {
    fn: "bootstrapOrdinal",
    input: "NaN severity",
    call: () => bootstrapOrdinal([0], [[0.1]], { resamples: 5, seed: 1, ordering: bad({ invalid: NaN }) }),
    message: "bootstrapOrdinal: ordering.severity.invalid is NaN; severities must be finite numbers",
  },
  {
    fn: "samplesOf",
    input: "metric out of range",
    call: () => samplesOf(boot, 1, 0),
    message: "samplesOf: m is 1; m must be an integer in 0..0",
  },
  {
    fn: "samplesOf",
    input: "statistic NaN",
    call: () => samplesOf(boot, 0, NaN),
    message: "samplesOf: s is NaN; s must be an integer in 0..2",
  },
  {
    fn: "runResampleRange",
    input: "to before from",
    call: () => runResampleRange(job, 2, 1, new Float64Array(10 * width)),
    message: "runResampleRange: to is 1; to must be an integer ≥ 2",
  },
  {
    fn: "runResampleRange",
    input: "out too short",
    call: () => runResampleRange(job, 0, 2, new Float64Array(width)),
    message: `runResampleRange: to is 2; out holds ${width} values, too few for 2 resamples of 1 metrics × ${width} statistics`,
  },
  {
    fn: "runResampleRange",
    input: "seed NaN",
    call: () => runResampleRange({ ...job, seed: NaN }, 0, 1, new Float64Array(width)),
    message: "runResampleRange: job.seed is NaN; job.seed must be an integer",
  },
  {
    fn: "percentileInterval",
    input: "Infinity sample",
    call: () => percentileInterval([1, Infinity, NaN]),
    message: "percentileInterval: samples[1] is Infinity; samples must be finite numbers or NaN",
  },
  {
    fn: "percentileInterval",
    input: "confidence 1.5",
    call: () => percentileInterval([1, 2], 1.5),
    message: UNIT("percentileInterval", "confidence", "1.5"),
  },
  {
    fn: "percentileInterval",
    input: "confidence NaN",
    call: () => percentileInterval([1, 2], NaN),
    message: UNIT("percentileInterval", "confidence", "NaN"),
  },
  {
    fn: "pairedDifference",
    input: "lengths",
    call: () => pairedDifference([1, 2], [1]),
    message: LENGTHS("pairedDifference", "reference", 2, "other", 1),
  },
  {
    fn: "pairedDifference",
    input: "-Infinity",
    call: () => pairedDifference([1, 2], [NaN, -Infinity]),
    message: "pairedDifference: other[1] is -Infinity; other must be finite numbers or NaN",
  },
  {
    fn: "pairedDifference",
    input: "confidence -0.1",
    call: () => pairedDifference([1], [1], -0.1),
    message: UNIT("pairedDifference", "confidence", "-0.1"),
  },

  // lib/stats/correlation.ts, ranks.ts
  { fn: "pearson", input: "NaN", call: () => pearson([1, NaN, 3], [1, 2, 3]), message: FINITE("pearson", "x", 1, "NaN") },
  { fn: "pearson", input: "Infinity", call: () => pearson([1, 2, 3], [1, 2, Infinity]), message: FINITE("pearson", "y", 2, "Infinity") },
  { fn: "pearson", input: "lengths", call: () => pearson([1, 2, 3], [1, 2]), message: LENGTHS("pearson", "x", 3, "y", 2) },
  { fn: "spearman", input: "NaN", call: () => spearman([1, 2, 3], [NaN, 2, 3]), message: FINITE("spearman", "y", 0, "NaN") },
  {
    fn: "spearman",
    input: "-Infinity",
    call: () => spearman([-Infinity, 2, 3], [1, 2, 3]),
    message: FINITE("spearman", "x", 0, "-Infinity"),
  },
  { fn: "spearman", input: "lengths", call: () => spearman([1], [1, 2]), message: LENGTHS("spearman", "x", 1, "y", 2) },
  { fn: "kendallTauB", input: "NaN", call: () => kendallTauB([1, 2, NaN], [1, 2, 3]), message: FINITE("kendallTauB", "x", 2, "NaN") },
  {
    fn: "kendallTauB",
    input: "Infinity",
    call: () => kendallTauB([1, 2, 3], [Infinity, 2, 3]),
    message: FINITE("kendallTauB", "y", 0, "Infinity"),
  },
  { fn: "kendallTauB", input: "lengths", call: () => kendallTauB([1, 2], [1, 2, 3]), message: LENGTHS("kendallTauB", "x", 2, "y", 3) },
  { fn: "argsort", input: "NaN", call: () => argsort([1, NaN]), message: FINITE("argsort", "values", 1, "NaN") },
  { fn: "argsort", input: "Infinity", call: () => argsort([Infinity, 1]), message: FINITE("argsort", "values", 0, "Infinity") },
  { fn: "midRanks", input: "NaN", call: () => midRanks([1, 2, NaN]), message: FINITE("midRanks", "values", 2, "NaN") },
  { fn: "midRanks", input: "-Infinity", call: () => midRanks([-Infinity]), message: FINITE("midRanks", "values", 0, "-Infinity") },
  { fn: "tieGroupSizes", input: "NaN", call: () => tieGroupSizes([NaN, NaN]), message: FINITE("tieGroupSizes", "values", 0, "NaN") },

  // lib/stats/descriptives.ts
  { fn: "describe", input: "[NaN, 1]", call: () => describe([NaN, 1]), message: FINITE("describe", "values", 0, "NaN") },
  { fn: "describe", input: "Infinity", call: () => describe([1, Infinity]), message: FINITE("describe", "values", 1, "Infinity") },
  { fn: "mean", input: "NaN", call: () => mean([1, NaN]), message: FINITE("mean", "values", 1, "NaN") },
  {
    fn: "meanOfScored",
    input: "Infinity",
    call: () => descriptives.meanOfScored([NaN, Infinity]),
    message: "meanOfScored: values[1] is Infinity; values must be finite numbers or NaN",
  },
  { fn: "mean", input: "-Infinity", call: () => mean([-Infinity]), message: FINITE("mean", "values", 0, "-Infinity") },
  { fn: "sampleStd", input: "NaN", call: () => sampleStd([1, 2, NaN]), message: FINITE("sampleStd", "values", 2, "NaN") },
  { fn: "quantileSorted", input: "q 1.5", call: () => quantileSorted([1, 2], 1.5), message: UNIT("quantileSorted", "q", "1.5") },
  { fn: "quantileSorted", input: "q NaN on no values", call: () => quantileSorted([], NaN), message: UNIT("quantileSorted", "q", "NaN") },
  {
    fn: "quantileSorted",
    input: "unsorted",
    call: () => quantileSorted([2, 1], 0.5),
    message: "quantileSorted: sorted[1] is 1; sorted must be non-decreasing (sorted[0] is 2)",
  },
  {
    fn: "quantileSorted",
    input: "NaN value",
    call: () => quantileSorted([1, NaN], 0.5),
    message: FINITE("quantileSorted", "sorted", 1, "NaN"),
  },
  {
    fn: "sortedFinite",
    input: "Infinity",
    call: () => sortedFinite([NaN, -Infinity]),
    message: "sortedFinite: values[1] is -Infinity; values must be finite numbers or NaN",
  },

  // lib/stats/kappa.ts
  { fn: "cohenKappa", input: "label 2.5", call: () => cohenKappa([0, 2.5], [0, 1], 3), message: LABELS("cohenKappa", "a", 1, "2.5", 3) },
  { fn: "cohenKappa", input: "label -1", call: () => cohenKappa([0, 1], [-1, 1], 2), message: LABELS("cohenKappa", "b", 0, "-1", 2) },
  { fn: "cohenKappa", input: "label NaN", call: () => cohenKappa([0, NaN], [0, 1], 2), message: LABELS("cohenKappa", "a", 1, "NaN", 2) },
  { fn: "cohenKappa", input: "lengths", call: () => cohenKappa([0, 1], [0], 2), message: LENGTHS("cohenKappa", "a", 2, "b", 1) },
  {
    fn: "cohenKappa",
    input: "no labels",
    call: () => cohenKappa([], [], 2),
    message: "cohenKappa: a and b are empty; κ needs at least one pair of labels",
  },
  { fn: "cohenKappa", input: "k 0", call: () => cohenKappa([0], [0], 0), message: "cohenKappa: k is 0; k must be a positive integer" },
  {
    fn: "cohenKappa",
    input: "k 2.5",
    call: () => cohenKappa([0], [0], 2.5),
    message: "cohenKappa: k is 2.5; k must be a positive integer",
  },
  {
    fn: "cohenKappa",
    input: "weighting",
    call: () => cohenKappa([0], [0], 2, "cubic" as never),
    message: 'cohenKappa: weighting is "cubic"; weighting must be one of unweighted, linear, quadratic',
  },
  {
    fn: "cohenKappa",
    input: "scale NaN",
    call: () => cohenKappa([0, 1], [1, 0], 2, "linear", [0, NaN]),
    message: FINITE("cohenKappa", "scale", 1, "NaN"),
  },
  {
    fn: "cohenKappa",
    input: "scale length",
    call: () => cohenKappa([0, 1], [1, 0], 2, "linear", [0]),
    message: "cohenKappa: scale has 1 values for k = 2 categories; scale must place each category once",
  },

  // lib/stats/random.ts
  { fn: "Xoshiro128", input: "seed NaN", call: () => new Xoshiro128(NaN), message: "Xoshiro128: seed is NaN; seed must be an integer" },
  {
    fn: "Xoshiro128",
    input: "seed Infinity",
    call: () => new Xoshiro128(Infinity),
    message: "Xoshiro128: seed is Infinity; seed must be an integer",
  },
  { fn: "Xoshiro128", input: "seed 0.5", call: () => new Xoshiro128(0.5), message: "Xoshiro128: seed is 0.5; seed must be an integer" },
  {
    fn: "Xoshiro128",
    input: "stream NaN",
    call: () => new Xoshiro128(1, NaN),
    message: "Xoshiro128: stream is NaN; stream must be an integer",
  },
  {
    fn: "Xoshiro128",
    input: "nextInt(0)",
    call: () => new Xoshiro128(1).nextInt(0),
    message: `Xoshiro128.nextInt: n is 0; n must be an integer in 1..${MAX_RESAMPLE_ROWS}`,
  },
  {
    fn: "Xoshiro128",
    input: "nextInt(NaN)",
    call: () => new Xoshiro128(1).nextInt(NaN),
    message: `Xoshiro128.nextInt: n is NaN; n must be an integer in 1..${MAX_RESAMPLE_ROWS}`,
  },
  {
    fn: "Xoshiro128",
    input: "nextInt(2.5)",
    call: () => new Xoshiro128(1).nextInt(2.5),
    message: `Xoshiro128.nextInt: n is 2.5; n must be an integer in 1..${MAX_RESAMPLE_ROWS}`,
  },
  {
    fn: "Xoshiro128",
    input: "nextInt above 2^21",
    call: () => new Xoshiro128(1).nextInt(MAX_RESAMPLE_ROWS + 1),
    message: `Xoshiro128.nextInt: n is ${MAX_RESAMPLE_ROWS + 1}; n must be an integer in 1..${MAX_RESAMPLE_ROWS}`,
  },
  {
    fn: "resampleCounts",
    input: "n -1",
    call: () => resampleCounts(new Xoshiro128(1), -1, new Float64Array(0)),
    message: `resampleCounts: n is -1; n must be an integer in 0..${MAX_RESAMPLE_ROWS}`,
  },
  {
    fn: "resampleCounts",
    input: "n 1.5",
    call: () => resampleCounts(new Xoshiro128(1), 1.5, new Float64Array(1)),
    message: `resampleCounts: n is 1.5; n must be an integer in 0..${MAX_RESAMPLE_ROWS}`,
  },
  {
    fn: "resampleCounts",
    input: "counts length",
    call: () => resampleCounts(new Xoshiro128(1), 3, new Float64Array(2)),
    message: "resampleCounts: counts has 2 values, n is 3; counts must hold one count per row",
  },

  // lib/cap/index.ts
  { fn: "capScore", input: "capScore(7, −3, …)", call: () => capScore(7, -3, 0.5, 0.5), message: PROB("capScore", "peForward", "7") },
  { fn: "capScore", input: "negative probability", call: () => capScore(0.5, -3, 0.5, 0.5), message: PROB("capScore", "pnForward", "-3") },
  { fn: "capScore", input: "NaN probability", call: () => capScore(0.5, 0.2, NaN, 0.5), message: PROB("capScore", "peReverse", "NaN") },
  {
    fn: "capScore",
    input: "just beyond the tolerance",
    call: () => capScore(0.5, 0.2, 0.5, 1 + 1e-8),
    message: PROB("capScore", "pnReverse", String(1 + 1e-8)),
  },
  {
    fn: "capScore",
    input: "alpha 2",
    call: () => capScore(0.5, 0.2, 0.5, 0.2, { alpha: 2, lambda: 0.3 }),
    message: UNIT("capScore", "weights.alpha", "2"),
  },
  {
    fn: "capScores",
    input: "NaN",
    call: () => capScores({ peForward: [0.1, 0.2], pnForward: [0.1, 0.2], peReverse: [0.1, 0.2], pnReverse: [0.1, NaN] }),
    message: PROB("capScores", "p.pnReverse[1]", "NaN"),
  },
  {
    fn: "capScores",
    input: "Infinity",
    call: () => capScores({ peForward: [Infinity], pnForward: [0], peReverse: [0], pnReverse: [0] }),
    message: PROB("capScores", "p.peForward[0]", "Infinity"),
  },
  {
    fn: "capScores",
    input: "lengths",
    call: () => capScores({ peForward: [0.1], pnForward: [0.1, 0.2], peReverse: [0.1], pnReverse: [0.1] }),
    message: LENGTHS("capScores", "p.pnForward", 2, "p.peForward", 1),
  },
  {
    fn: "capScores",
    input: "lambda NaN",
    call: () => capScores({ peForward: [], pnForward: [], peReverse: [], pnReverse: [] }, { alpha: 0.5, lambda: NaN }),
    message: UNIT("capScores", "weights.lambda", "NaN"),
  },
  {
    fn: "directionalScore",
    input: "1.5",
    call: () => directionalScore([0.1, 1.5], [0.2, 0.3], 0.3),
    message: PROB("directionalScore", "pEntail[1]", "1.5"),
  },
  {
    fn: "directionalScore",
    input: "-Infinity",
    call: () => directionalScore([0.1], [-Infinity], 0.3),
    message: PROB("directionalScore", "pNeutral[0]", "-Infinity"),
  },
  {
    fn: "directionalScore",
    input: "lengths",
    call: () => directionalScore([0.1, 0.2], [0.3], 0.3),
    message: LENGTHS("directionalScore", "pEntail", 2, "pNeutral", 1),
  },
  {
    fn: "directionalScore",
    input: "lambda Infinity",
    call: () => directionalScore([0.1], [0.3], Infinity),
    message: UNIT("directionalScore", "lambda", "Infinity"),
  },
  {
    fn: "checkWeights",
    input: "alpha NaN",
    call: () => checkWeights({ alpha: NaN, lambda: 0.3 }),
    message: UNIT("checkWeights", "weights.alpha", "NaN"),
  },
  {
    fn: "checkWeights",
    input: "lambda -0.1",
    call: () => checkWeights({ alpha: 0.5, lambda: -0.1 }),
    message: UNIT("checkWeights", "weights.lambda", "-0.1"),
  },

  // lib/calibrate/classifier.ts
  {
    fn: "predictLevels",
    input: "unsorted cuts",
    call: () => predictLevels({ cuts: [0.5, 0.2] }, [0.3]),
    message: "predictLevels: c.cuts[1] is 0.2; c.cuts must be non-decreasing (c.cuts[0] is 0.5)",
  },
  {
    fn: "predictLevels",
    input: "NaN cut",
    call: () => predictLevels({ cuts: [0.2, NaN] }, [0.3]),
    message: FINITE("predictLevels", "c.cuts", 1, "NaN"),
  },
  {
    fn: "predictLevels",
    input: "Infinity cut",
    call: () => predictLevels({ cuts: [-Infinity, 0.5] }, [0.3]),
    message: FINITE("predictLevels", "c.cuts", 0, "-Infinity"),
  },
  {
    fn: "predictLevels",
    input: "Infinity score",
    call: () => predictLevels({ cuts: [0.5] }, [0.3, Infinity]),
    message: "predictLevels: scores[1] is Infinity; scores must be finite numbers or NaN",
  },
  {
    fn: "predictLevels",
    input: "256 cuts",
    call: () => predictLevels({ cuts: new Array(256).fill(0) }, [0.3]),
    message: "predictLevels: c.cuts has 256 values; at most 255 cuts (256 levels) are supported",
  },
  {
    fn: "equalWidthClassifier",
    input: "lo NaN",
    call: () => equalWidthClassifier(set3, {}, NaN, 1),
    message: "equalWidthClassifier: lo is NaN; lo must be a finite number",
  },
  {
    fn: "equalWidthClassifier",
    input: "hi Infinity",
    call: () => equalWidthClassifier(set3, {}, 0, Infinity),
    message: "equalWidthClassifier: hi is Infinity; hi must be a finite number",
  },
  {
    fn: "equalWidthClassifier",
    input: "lo = hi",
    call: () => equalWidthClassifier(set3, {}, 1, 1),
    message: "equalWidthClassifier: hi is 1; hi must exceed lo (1)",
  },
  {
    fn: "equalWidthClassifier",
    input: "no levels",
    call: () => equalWidthClassifier({ name: "none", levels: [] }, {}),
    message: "equalWidthClassifier: levelSet.levels has 0 levels; a level set needs 1 to 256 levels",
  },
  {
    fn: "fitThresholds",
    input: "NaN score",
    call: () => fitThresholds([0.1, NaN], [0, 1], set3, "accuracy"),
    message: FINITE("fitThresholds", "scores", 1, "NaN"),
  },
  {
    fn: "fitThresholds",
    input: "level 2.5",
    call: () => fitThresholds([0.1, 0.2], [0, 2.5], set3, "macro_f1"),
    message: LABELS("fitThresholds", "levels", 1, "2.5", 3),
  },
  {
    fn: "fitThresholds",
    input: "level 3 of 3",
    call: () => fitThresholds([0.1, 0.2], [3, 0], set3, "quadratic_kappa"),
    message: LABELS("fitThresholds", "levels", 0, "3", 3),
  },
  {
    fn: "fitThresholds",
    input: "lengths",
    call: () => fitThresholds([0.1, 0.2], [0], set3, "accuracy"),
    message: LENGTHS("fitThresholds", "scores", 2, "levels", 1),
  },
  {
    fn: "severityLevelSet",
    input: "NaN severity",
    call: () => severityLevelSet(bad({ contradictory: NaN })),
    message: "severityLevelSet: ordering.severity.contradictory is NaN; severities must be finite numbers",
  },

  // lib/calibrate/segments.ts
  { fn: "groupScores", input: "NaN score", call: () => groupScores([NaN], [0], 2), message: FINITE("groupScores", "scores", 0, "NaN") },
  {
    fn: "groupScores",
    input: "level -1",
    call: () => groupScores([0.1, 0.2], [0, -1], 2),
    message: LABELS("groupScores", "levels", 1, "-1", 2),
  },
  { fn: "groupScores", input: "K 0", call: () => groupScores([], [], 0), message: "groupScores: K is 0; K must be a positive integer" },
  {
    fn: "groupScores",
    input: "lengths",
    call: () => groupScores([0.1], [0, 1], 2),
    message: LENGTHS("groupScores", "scores", 1, "levels", 2),
  },
  {
    fn: "groupScores",
    input: "NaN weight",
    call: () => groupScores([0.1, 0.2], [0, 1], 2, [1, NaN]),
    message: "groupScores: weights[1] is NaN; weights must be finite numbers ≥ 0",
  },
  {
    fn: "groupScores",
    input: "weights length",
    call: () => groupScores([0.1, 0.2], [0, 1], 2, [1]),
    message: LENGTHS("groupScores", "weights", 1, "scores", 2),
  },
  {
    fn: "bestRuns",
    input: "groups shape",
    call: () => bestRuns({ ...groups, counts: new Float64Array(1) }, () => 0),
    message: "bestRuns: groups.counts has 1 values, not groups × K = 4; build groups with groupScores",
  },
  {
    fn: "cutsFromBoundaries",
    input: "boundaries length",
    call: () => cutsFromBoundaries(groups, [0, 2]),
    message: "cutsFromBoundaries: boundaries has 2 values, groups.K + 1 is 3; one boundary per level and the end",
  },
  {
    fn: "cutsFromBoundaries",
    input: "decreasing",
    call: () => cutsFromBoundaries(groups, [0, 2, 1]),
    message: "cutsFromBoundaries: boundaries[2] is 1; boundaries must be non-decreasing integers from 0 to 2 (the number of groups)",
  },
  {
    fn: "cutsFromBoundaries",
    input: "fraction",
    call: () => cutsFromBoundaries(groups, [0, 0.5, 2]),
    message: "cutsFromBoundaries: boundaries[1] is 0.5; boundaries must be non-decreasing integers from 0 to 2 (the number of groups)",
  },
  {
    fn: "cutsFromBoundaries",
    input: "-1 (no feasible run)",
    call: () => cutsFromBoundaries(groups, [-1, 1, 2]),
    message: "cutsFromBoundaries: boundaries[0] is -1; boundaries must be non-decreasing integers from 0 to 2 (the number of groups)",
  },

  // lib/calibrate/metrics.ts
  {
    fn: "classificationReport",
    input: "label 2.5",
    call: () => classificationReport([0, 2.5], [0, 1], ["a", "b", "c"]),
    message: LABELS("classificationReport", "truth", 1, "2.5", 3),
  },
  {
    fn: "classificationReport",
    input: "predicted 3 of 3",
    call: () => classificationReport([0, 1], [0, 3], ["a", "b", "c"]),
    message: LABELS("classificationReport", "predicted", 1, "3", 3),
  },
  {
    fn: "classificationReport",
    input: "lengths",
    call: () => classificationReport([0, 1], [0], ["a", "b"]),
    message: LENGTHS("classificationReport", "truth", 2, "predicted", 1),
  },
  {
    fn: "classificationReport",
    input: "no items",
    call: () => classificationReport([], [], ["a"]),
    message: "classificationReport: truth and predicted are empty; a report needs at least one item",
  },
  {
    fn: "classificationIntervals",
    input: "resamples 0",
    call: () => classificationIntervals([0], [0], 2, 0),
    message: "classificationIntervals: resamples is 0; resamples must be a positive integer",
  },
  {
    fn: "classificationIntervals",
    input: "seed NaN",
    call: () => classificationIntervals([0], [0], 2, 10, NaN),
    message: "classificationIntervals: seed is NaN; seed must be an integer",
  },
  {
    fn: "classificationIntervals",
    input: "confidence 2",
    call: () => classificationIntervals([0], [0], 2, 10, 1, 2),
    message: UNIT("classificationIntervals", "confidence", "2"),
  },
  {
    fn: "classificationIntervals",
    input: "K 0",
    call: () => classificationIntervals([0], [0], 0, 10),
    message: "classificationIntervals: K is 0; K must be a positive integer",
  },
  {
    fn: "classificationIntervals",
    input: "label NaN",
    call: () => classificationIntervals([0, NaN], [0, 1], 2, 10),
    message: LABELS("classificationIntervals", "truth", 1, "NaN", 2),
  },
  {
    fn: "classificationIntervals",
    input: "lengths",
    call: () => classificationIntervals([0, 1], [0], 2, 10),
    message: LENGTHS("classificationIntervals", "truth", 2, "predicted", 1),
  },

  // lib/stats/validate.ts (the shared helpers themselves)
  {
    fn: "checkFinite",
    input: "string",
    call: () => validate.checkFinite("f", "x", [1, "2" as never]),
    message: 'f: x[1] is "2"; x must be finite numbers',
  },
  {
    fn: "checkFiniteOrNaN",
    input: "Infinity",
    call: () => validate.checkFiniteOrNaN("f", "x", [NaN, Infinity]),
    message: "f: x[1] is Infinity; x must be finite numbers or NaN",
  },
  {
    fn: "checkNonNegative",
    input: "-0.5",
    call: () => validate.checkNonNegative("f", "w", [0, -0.5]),
    message: "f: w[1] is -0.5; w must be finite numbers ≥ 0",
  },
  {
    fn: "checkLabels",
    input: "hole",
    call: () => validate.checkLabels("f", "c", [0, undefined as never], 2),
    message: "f: c[1] is undefined; c must be integers in 0..1",
  },
  {
    fn: "checkProbabilities",
    input: "string",
    call: () => validate.checkProbabilities("f", "p", ["0.5" as never]),
    message: 'f: p[0] is "0.5"; p must be a probability in [0, 1] (tolerance 1e-9)',
  },
  {
    fn: "checkProbability",
    input: "-1e-8",
    call: () => validate.checkProbability("f", "p", -1e-8),
    message: "f: p is -1e-8; p must be a probability in [0, 1] (tolerance 1e-9)",
  },
  {
    fn: "checkNonDecreasing",
    input: "decrease",
    call: () => validate.checkNonDecreasing("f", "c", [0, 1, 0.5]),
    message: "f: c[2] is 0.5; c must be non-decreasing (c[1] is 1)",
  },
  {
    fn: "checkSameLength",
    input: "lengths",
    call: () => validate.checkSameLength("f", "a", [1], "b", []),
    message: "f: a has 1 values, b has 0; a and b must have equal lengths",
  },
  {
    fn: "checkFiniteScalar",
    input: "NaN",
    call: () => validate.checkFiniteScalar("f", "v", NaN),
    message: "f: v is NaN; v must be a finite number",
  },
  {
    fn: "checkUnitScalar",
    input: "-0.1",
    call: () => validate.checkUnitScalar("f", "q", -0.1),
    message: "f: q is -0.1; q must lie in [0, 1]",
  },
  {
    fn: "checkInteger",
    input: "range",
    call: () => validate.checkInteger("f", "i", 5, 0, 4),
    message: "f: i is 5; i must be an integer in 0..4",
  },
  {
    fn: "checkSeed",
    input: "-Infinity",
    call: () => validate.checkSeed("f", "seed", -Infinity),
    message: "f: seed is -Infinity; seed must be an integer",
  },
  {
    fn: "checkOrdering",
    input: "NaN",
    call: () => validate.checkOrdering("f", bad({ equivalent: NaN })),
    message: "f: ordering.severity.equivalent is NaN; severities must be finite numbers",
  },
  {
    fn: "checkScoresAndClasses",
    input: "class 9",
    call: () => validate.checkScoresAndClasses("f", "s", [0.1], [9]),
    message: LABELS("f", "classes", 0, "9", 8),
  },
  { fn: "reject", input: "-0", call: () => validate.reject("f", "x", -0, "rule"), message: "f: x is -0; rule" },
];

for (const r of refusals) {
  test(`${r.fn} refuses ${r.input}`, async () => {
    await assert.rejects(Promise.resolve().then(r.call), (err: unknown) => {
      assert.ok(err instanceof RangeError, `a RangeError, got ${String(err)}`);
      assert.equal(err.message, r.message);
      return true;
    });
  });
}

/** Runs pairwiseAccuracy in a worker thread, so that a hang fails the test instead of blocking it. */
function pairwiseAccuracyInWorker(scores: number[], labels: number[], limitMs: number): Promise<{ result?: unknown; error?: string }> {
  const url = new URL("../lib/stats/pairwise.js", import.meta.url).href;
  const code = `
    const { parentPort, workerData } = require("node:worker_threads");
    import(workerData.url).then((m) => {
      try { parentPort.postMessage({ result: m.pairwiseAccuracy(workerData.scores, workerData.labels) }); }
      catch (e) { parentPort.postMessage({ error: e instanceof RangeError ? e.message : "not a RangeError: " + String(e) }); }
    });`;
  const worker = new Worker(code, { eval: true, workerData: { url, scores, labels } });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`pairwiseAccuracy did not return within ${limitMs} ms (it loops forever on NaN)`));
    }, limitMs);
    worker.once("message", (m: { result?: unknown; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(m);
    });
    worker.once("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

// It used to loop forever at 100 % CPU; run in a worker, a hang fails the test after 10 s.
for (const [input, scores, labels, message] of [
  [
    "a NaN score at index 17",
    Array.from({ length: 40 }, (_, i) => (i === 17 ? NaN : (i % 5) / 5)),
    Array.from({ length: 40 }, (_, i) => i % 3),
    "pairwiseAccuracy: scores[17] is NaN; scores must be finite numbers",
  ],
  ["a NaN score last", [0.1, 0.2, NaN], [0, 1, 2], "pairwiseAccuracy: scores[2] is NaN; scores must be finite numbers"],
  ["only NaN scores", [NaN, NaN], [0, 1], "pairwiseAccuracy: scores[0] is NaN; scores must be finite numbers"],
] as const) {
  test(`pairwiseAccuracy with ${input} returns promptly, with the policy's RangeError`, { timeout: 20_000 }, async () => {
    assert.deepEqual(await pairwiseAccuracyInWorker([...scores], [...labels], 10_000), { error: message });
  });
}

/** Valid edge cases: accepted, with the results these functions always gave. */
const accepted: { fn: string; input: string; check: () => unknown }[] = [
  {
    fn: "pairwiseAccuracy",
    input: "no values",
    check: () => assert.deepEqual(pairwiseAccuracy([], []), { accuracy: NaN, wins: 0, ties: 0, losses: 0, pairs: 0 }),
  },
  {
    fn: "pairwiseAccuracy",
    input: "one value",
    check: () => assert.deepEqual(pairwiseAccuracy([0.3], [2]), { accuracy: NaN, wins: 0, ties: 0, losses: 0, pairs: 0 }),
  },
  {
    fn: "pairwiseAccuracy",
    input: "ties in score and label",
    check: () =>
      assert.deepEqual(pairwiseAccuracy([0.5, 0.5, 0.9, 0.1], [0, 1, 2, 2]), { accuracy: 2 / 5, wins: 2, ties: 1, losses: 2, pairs: 5 }),
  },
  {
    fn: "ordinalSummary",
    input: "no rows",
    check: () => {
      const s = ordinalSummary([], []);
      assert.deepEqual([s.n, s.comparablePairs, s.wins], [0, 0, 0]);
      assert.ok(Number.isNaN(s.spearman) && Number.isNaN(s.kendall) && Number.isNaN(s.pairwiseAccuracy));
    },
  },
  {
    fn: "ordinalSummary",
    input: "one row and tied scores",
    check: () => {
      assert.equal(ordinalSummary([0.4], [3]).n, 1);
      const s = ordinalSummary(Float64Array.of(0.5, 0.5, 0.5), Uint8Array.of(0, 4, 7));
      assert.deepEqual([s.wins, s.ties, s.losses, s.comparablePairs], [0, 3, 0, 3]);
    },
  },
  { fn: "sortScores", input: "no rows", check: () => assert.deepEqual([...sortScores([], []).groupStart], [0]) },
  { fn: "sortScores", input: "ties", check: () => assert.deepEqual([...sortScores([0.2, 0.1, 0.2], [0, 1, 2]).groupStart], [0, 1, 3]) },
  { fn: "ordinalLayout", input: "the paper's ordering", check: () => assert.equal(ordinalLayout(PAPER_ORDERING).pairs.length, 25) },
  {
    fn: "sweep",
    input: "zero weights",
    check: () => {
      const s = newSweepSums();
      sweep(layout, sorted3, new Float64Array(3), s);
      const out = new Float64Array(width);
      ordinalStatistics(layout, s, out);
      assert.ok(Number.isNaN(out[ordinal.STAT.pairwiseAccuracy]));
      assert.equal(
        pairCounts(layout, s).reduce((a, p) => a + p.pairs, 0),
        0,
      );
    },
  },
  { fn: "ordinalStatistics", input: "last offset", check: () => ordinalStatistics(layout, sums, new Float64Array(2 * width), width) },
  { fn: "statisticsWidth", input: "(no numeric input)", check: () => assert.equal(statisticsWidth(layout), 5 + 2 * 25 + CLASSES.length) },
  { fn: "newSweepSums", input: "(no input)", check: () => assert.equal(newSweepSums().wins.length, 64) },
  { fn: "pairCounts", input: "a sweep of three rows", check: () => assert.equal(pairCounts(layout, sums).length, 25) },
  {
    fn: "bootstrapOrdinal",
    input: "one row, negative seed",
    check: async () => {
      const b = await bootstrapOrdinal([2], [[0.5]], { resamples: 3, seed: -7, threads: 1 });
      assert.equal(b.values.length, 3 * width);
      assert.deepEqual([...samplesOf(b, 0, ordinal.STAT.pairs + 2 * 25 + 2)], [0.5, 0.5, 0.5]);
    },
  },
  {
    fn: "bootstrapOrdinal",
    input: "no metrics",
    check: async () => assert.equal((await bootstrapOrdinal([0, 1], [], { resamples: 2, seed: 1, threads: 1 })).values.length, 0),
  },
  { fn: "samplesOf", input: "last statistic", check: () => assert.equal(samplesOf(boot, 0, 2).length, 2) },
  { fn: "runResampleRange", input: "an empty range", check: () => runResampleRange(job, 1, 1, new Float64Array(0)) },
  {
    fn: "percentileInterval",
    input: "NaN resamples are left out",
    check: () => assert.deepEqual(percentileInterval([1, 2, 3, 4, 5, NaN], 0.5), { low: 2, high: 4 }),
  },
  {
    fn: "percentileInterval",
    input: "only NaN, or nothing",
    check: () =>
      assert.deepEqual(
        [percentileInterval([NaN, NaN]), percentileInterval([])],
        [
          { low: NaN, high: NaN },
          { low: NaN, high: NaN },
        ],
      ),
  },
  {
    fn: "percentileInterval",
    input: "confidence 0 and 1",
    check: () =>
      assert.deepEqual(
        [percentileInterval([3, 1, 2], 1), percentileInterval([3, 1, 2], 0)],
        [
          { low: 1, high: 3 },
          { low: 2, high: 2 },
        ],
      ),
  },
  {
    fn: "pairedDifference",
    input: "a NaN on either side drops the resample",
    check: () =>
      assert.deepEqual(pairedDifference([1, NaN, 3, 0], [0, 1, NaN, 1]), {
        meanDifference: 0,
        low: -0.95,
        high: 0.95,
        pReferenceNotBetter: 0.5,
      }),
  },
  { fn: "pairedDifference", input: "no resamples", check: () => assert.ok(Number.isNaN(pairedDifference([], []).meanDifference)) },
  {
    fn: "pearson",
    input: "no values, one value, constant",
    check: () => assert.ok([pearson([], []), pearson([1], [2]), pearson([1, 1, 1], [1, 2, 3])].every(Number.isNaN)),
  },
  { fn: "spearman", input: "ties", check: () => assert.deepEqual(spearman([1, 1, 2], [1, 2, 3]).statistic, 0.8660254037844387) },
  {
    fn: "spearman",
    input: "two values (df = 0: scipy's p is NaN)",
    check: () => assert.deepEqual(spearman([1, 2], [1, 2]), { statistic: 1, pValue: NaN }),
  },
  { fn: "kendallTauB", input: "all tied", check: () => assert.ok(Number.isNaN(kendallTauB([1, 1, 1], [1, 2, 3]).statistic)) },
  { fn: "kendallTauB", input: "no values", check: () => assert.ok(Number.isNaN(kendallTauB([], []).statistic)) },
  {
    fn: "argsort",
    input: "ties stay in order; no values",
    check: () => assert.deepEqual([[...argsort([2, 1, 2, 1])], [...argsort([])]], [[1, 3, 0, 2], []]),
  },
  { fn: "midRanks", input: "ties", check: () => assert.deepEqual([...midRanks([5, 5, 1])], [2.5, 2.5, 1]) },
  { fn: "tieGroupSizes", input: "ties", check: () => assert.deepEqual(tieGroupSizes([1, 2, 1, 2, 2, 3]), [2, 3]) },
  { fn: "mean", input: "no values", check: () => assert.ok(Number.isNaN(mean([]))) },
  { fn: "sampleStd", input: "one value", check: () => assert.ok(Number.isNaN(sampleStd([4]))) },
  {
    fn: "describe",
    input: "no values and one value",
    check: () => {
      const e = describe([]);
      assert.equal(e.n, 0);
      assert.ok([e.mean, e.std, e.min, e.median, e.max].every(Number.isNaN));
      const one = describe([2]);
      assert.deepEqual([one.n, one.mean, one.min, one.p05, one.median, one.p95, one.max], [1, 2, 2, 2, 2, 2, 2]);
      assert.ok(Number.isNaN(one.std));
    },
  },
  {
    fn: "quantileSorted",
    input: "no values, ties, one value",
    check: () => assert.deepEqual([quantileSorted([], 0.5), quantileSorted([1, 1, 3], 0.5), quantileSorted([7], 1)], [NaN, 1, 7]),
  },
  { fn: "sortedFinite", input: "NaN is dropped", check: () => assert.deepEqual([...sortedFinite([3, NaN, 1, NaN])], [1, 3]) },
  { fn: "cohenKappa", input: "one pair (undefined κ)", check: () => assert.ok(Number.isNaN(cohenKappa([1], [1], 2).kappa)) },
  {
    fn: "cohenKappa",
    input: "perfect agreement with ties",
    check: () => assert.equal(cohenKappa([0, 0, 1], [0, 0, 1], 2, "quadratic", [0, 6]).kappa, 1),
  },
  {
    fn: "erfc",
    input: "NaN and ±Infinity (accepted on purpose)",
    check: () => assert.deepEqual([erfc(NaN), erfc(Infinity), erfc(-Infinity)], [NaN, 0, 2]),
  },
  {
    fn: "normalTwoSidedP",
    input: "NaN and ±Infinity (accepted on purpose)",
    check: () => assert.deepEqual([normalTwoSidedP(NaN), normalTwoSidedP(-Infinity)], [NaN, 0]),
  },
  {
    fn: "studentTTwoSidedP",
    input: "NaN, Infinity, df 0 (accepted on purpose)",
    check: () => assert.deepEqual([studentTTwoSidedP(NaN, 3), studentTTwoSidedP(Infinity, 3), studentTTwoSidedP(1, 0)], [NaN, 0, NaN]),
  },
  {
    fn: "Xoshiro128",
    input: "seeds agree modulo 2^32",
    check: () => assert.equal(new Xoshiro128(-1, 3).nextU32(), new Xoshiro128(2 ** 32 - 1, 3).nextU32()),
  },
  {
    fn: "Xoshiro128",
    input: "nextInt(1) and 2^21",
    check: () => {
      const r = new Xoshiro128(5);
      assert.equal(r.nextInt(1), 0);
      assert.ok(r.nextInt(MAX_RESAMPLE_ROWS) < MAX_RESAMPLE_ROWS);
      assert.ok(r.nextFloat() < 1);
    },
  },
  {
    fn: "resampleCounts",
    input: "no rows, one row",
    check: () => {
      resampleCounts(new Xoshiro128(1), 0, new Float64Array(0));
      const c = new Float64Array(1);
      resampleCounts(new Xoshiro128(1), 1, c);
      assert.deepEqual([...c], [1]);
    },
  },
  {
    fn: "capScore",
    input: "rounding within 1e-9 is used as given",
    check: () => assert.equal(capScore(1 + 1e-10, 0, -1e-10, 0, { alpha: 1, lambda: 0 }), 1 + 1e-10),
  },
  { fn: "capScore", input: "the bounds", check: () => assert.deepEqual([capScore(0, 0, 0, 0), capScore(1, 0, 1, 0)], [0, 1]) },
  {
    fn: "capScores",
    input: "no pairs",
    check: () => assert.equal(capScores({ peForward: [], pnForward: [], peReverse: [], pnReverse: [] }).cap.length, 0),
  },
  { fn: "directionalScore", input: "one pair, λ = 1", check: () => assert.deepEqual([...directionalScore([0.25], [0.5], 1)], [0.75]) },
  {
    fn: "checkWeights",
    input: "the corners",
    check: () => {
      checkWeights({ alpha: 0, lambda: 1 });
      checkWeights({ alpha: 1, lambda: 0 });
    },
  },
  {
    fn: "predictLevels",
    input: "a NaN score gets level 0 (accepted on purpose)",
    check: () => assert.deepEqual([...predictLevels({ cuts: [0.5] }, [NaN, 0.7])], [0, 1]),
  },
  {
    fn: "predictLevels",
    input: "equal cuts leave a level empty",
    check: () => assert.deepEqual([...predictLevels({ cuts: [0.5, 0.5] }, [0.4, 0.5, 0.6])], [0, 2, 2]),
  },
  {
    fn: "predictLevels",
    input: "±Number.MAX_VALUE cuts, no scores",
    check: () =>
      assert.deepEqual(
        [[...predictLevels({ cuts: [-Number.MAX_VALUE, Number.MAX_VALUE] }, [0, 1e300])], [...predictLevels({ cuts: [] }, [])]],
        [[1, 1], []],
      ),
  },
  {
    fn: "equalWidthClassifier",
    input: "one level",
    check: () => assert.deepEqual(equalWidthClassifier({ name: "one", levels: [{ name: "a", classes: [] }] }, {}).cuts, []),
  },
  {
    fn: "fitThresholds",
    input: "no items, one item",
    check: () => {
      assert.equal(fitThresholds([], [], set3, "accuracy").cuts.length, 2);
      assert.equal(fitThresholds([0.5], [2], set3, "quadratic_kappa").cuts.length, 2);
    },
  },
  { fn: "severityLevelSet", input: "the paper's ordering", check: () => assert.equal(severityLevelSet().levels.length, 6) },
  { fn: "classLevelSet", input: "(no numeric input)", check: () => assert.equal(classifier.classLevelSet().levels.length, 8) },
  { fn: "levelOfClass", input: "(no numeric input)", check: () => assert.equal(classifier.levelOfClass(severityLevelSet()).exact, 5) },
  {
    fn: "classifierMetric",
    input: "(no numeric input: a file without score.metric means CAP)",
    check: () =>
      assert.deepEqual(
        [classifier.classifierMetric({ score: {} }), classifier.classifierMetric({ score: { metric: "judge" } })],
        ["cap", "judge"],
      ),
  },
  {
    fn: "groupScores",
    input: "no items; ties with weights",
    check: () => {
      assert.equal(groupScores([], [], 3).scores.length, 0);
      assert.deepEqual([...groupScores([0.2, 0.2], [0, 1], 2, [0, 2.5]).counts], [0, 2.5]);
    },
  },
  {
    fn: "bestRuns",
    input: "one group",
    check: () => assert.deepEqual(bestRuns(groupScores([0.5], [1], 2), (k, run) => run[k]).boundaries, [0, 0, 1]),
  },
  {
    fn: "cutsFromBoundaries",
    input: "empty levels at either end",
    check: () => assert.deepEqual(cutsFromBoundaries(groups, [0, 0, 2]), [-Number.MAX_VALUE]),
  },
  { fn: "classificationReport", input: "one item", check: () => assert.equal(classificationReport([1], [1], ["a", "b"]).accuracy, 1) },
  {
    fn: "classificationIntervals",
    input: "no items (NaN intervals)",
    check: () =>
      assert.deepEqual(classificationIntervals([], [], 3, 10, 1), {
        accuracy: [NaN, NaN],
        macroF1: [NaN, NaN],
        kappaQuadratic: [NaN, NaN],
      }),
  },
];

for (const a of accepted) test(`${a.fn} accepts ${a.input}`, async () => void (await a.check()));

/**
 * Every exported function of lib/stats, lib/cap and lib/calibrate has refusal cases above,
 * except the kernels exempt by the policy (`…Unchecked`) and functions without numeric input.
 */
test("every exported function of the numeric modules is covered", () => {
  const modules = {
    distributions,
    ranks,
    correlation,
    descriptives,
    kappa,
    random,
    ordinal,
    bootstrap,
    pairwise,
    validate,
    cap,
    classifier,
    segments,
    metrics,
  };
  const refused = new Set(refusals.map((r) => r.fn));
  const withoutNumericInput = new Set([
    "newSweepSums",
    "statisticsWidth",
    "classLevelSet",
    "levelOfClass",
    "showValue",
    "classifierMetric",
  ]);
  const tolerant = new Set(["erfc", "normalTwoSidedP", "studentTTwoSidedP"]); // NaN-tolerant on purpose; cases in `accepted`
  const missing: string[] = [];
  for (const [file, m] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(m)) {
      if (typeof value !== "function" || name.endsWith("Unchecked")) continue;
      if (withoutNumericInput.has(name) || tolerant.has(name)) continue;
      if (!refused.has(name)) missing.push(`${file}.${name}`);
    }
  }
  assert.deepEqual(missing, []);
  const acceptedFns = new Set(accepted.map((a) => a.fn));
  for (const name of [...tolerant, ...withoutNumericInput].filter((n) => n !== "showValue")) assert.ok(acceptedFns.has(name), name);
});
