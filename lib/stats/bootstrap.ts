/**
 * Paired percentile bootstrap over rows. Resample r is a vector of draw counts from its own
 * random stream, evaluated for every metric by the sorted-once sweep of ./ordinal: the same
 * resamples for every metric, so differences between metrics are paired. Work is split over
 * worker threads by resample index; results do not depend on the number of threads.
 *
 * Input follows the numeric input policy of ./validate, checked once per public call before any
 * resample is drawn: classes integers in 0..7, every metric as long as classes and finite,
 * resamples and threads positive integers, the seed an integer. Bootstrap distributions may hold
 * NaN (a statistic undefined in a resample, e.g. a class not drawn): percentileInterval and
 * pairedDifference accept NaN on purpose and leave it out; they refuse ±Infinity.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { PAPER_ORDERING, type Ordering } from "../taxonomy/index.js";
import { quantileSortedUnchecked, sortedFiniteUnchecked } from "./descriptives.js";
import {
  K,
  newSweepSums,
  ordinalLayout,
  ordinalStatistics,
  sortScoresUnchecked,
  statisticsWidth,
  sweepUnchecked,
  type SortedScores,
} from "./ordinal.js";
import { MAX_RESAMPLE_ROWS, Xoshiro128, resampleCounts } from "./random.js";
import { tieRounded } from "./ties.js";
import { SCORE_DECIMALS } from "../constants.js";
import {
  checkFinite,
  checkFiniteOrNaN,
  checkInteger,
  checkLabels,
  checkOrdering,
  checkSameLength,
  checkSeed,
  checkUnitScalar,
} from "./validate.js";

export interface BootstrapOptions {
  readonly resamples: number;
  readonly seed: number;
  /** Worker threads; default: the machine's parallelism (at most 8). 1 runs in this thread. */
  readonly threads?: number;
  readonly ordering?: Ordering;
  /** Called now and then with (resamples done, total). */
  readonly onProgress?: (done: number, total: number) => void;
  /** Decimals scores are rounded to before they are compared (default SCORE_DECIMALS; null: raw doubles); see ./ties. */
  readonly scoreDecimals?: number | null;
}

/** Statistics of every resample: values[(r * metrics + m) * width + s], layout as ordinalStatistics. */
export interface BootstrapSamples {
  readonly resamples: number;
  readonly metrics: number;
  readonly width: number;
  readonly values: Float64Array;
}

/** The bootstrap distribution of statistic s of metric m (integers inside b's metrics and width). */
export function samplesOf(b: BootstrapSamples, m: number, s: number): Float64Array {
  checkInteger("samplesOf", "m", m, 0, b.metrics - 1);
  checkInteger("samplesOf", "s", s, 0, b.width - 1);
  if (b.values.length !== b.resamples * b.metrics * b.width)
    throw new RangeError(
      `samplesOf: b.values has ${b.values.length} values, not resamples × metrics × width = ${b.resamples * b.metrics * b.width}`,
    );
  const out = new Float64Array(b.resamples);
  for (let r = 0; r < b.resamples; r++) out[r] = b.values[(r * b.metrics + m) * b.width + s];
  return out;
}

/** Work description shared with worker threads (plain data, structured-cloneable). */
export interface BootstrapJob {
  readonly n: number;
  readonly sorted: SortedScores[];
  readonly severity: Ordering["severity"];
  readonly orderingName: string;
  readonly seed: number;
  readonly width: number;
}

/**
 * Evaluates resamples [from, to) of a job into `out` (the full values array). The job is built
 * by bootstrapOrdinal from checked input; here only its shape and the range are checked, once.
 */
export function runResampleRange(job: BootstrapJob, from: number, to: number, out: Float64Array, onEach?: (r: number) => void): void {
  const fn = "runResampleRange";
  checkInteger(fn, "job.n", job.n, 0, MAX_RESAMPLE_ROWS);
  checkSeed(fn, "job.seed", job.seed);
  const M = job.sorted.length;
  for (let m = 0; m < M; m++)
    if (job.sorted[m].n !== job.n)
      throw new RangeError(`${fn}: job.sorted[${m}] has ${job.sorted[m].n} rows, job.n is ${job.n}; every metric must cover the same rows`);
  checkInteger(fn, "from", from, 0);
  checkInteger(fn, "to", to, from);
  const layout = ordinalLayout({ name: job.orderingName, severity: job.severity });
  if (job.width !== statisticsWidth(layout))
    throw new RangeError(`${fn}: job.width is ${job.width}, the ordering's statistics width is ${statisticsWidth(layout)}`);
  if (to > from && to * M * job.width > out.length)
    throw new RangeError(
      `${fn}: to is ${to}; out holds ${out.length} values, too few for ${to} resamples of ${M} metrics × ${job.width} statistics`,
    );
  const sums = newSweepSums();
  const counts = new Float64Array(job.n);
  for (let r = from; r < to; r++) {
    resampleCounts(new Xoshiro128(job.seed, r), job.n, counts);
    for (let m = 0; m < M; m++) {
      sweepUnchecked(layout, job.sorted[m], counts, sums);
      ordinalStatistics(layout, sums, out, (r * M + m) * job.width);
    }
    onEach?.(r);
  }
}

/** Bootstrap distributions of every ordinal statistic for several metrics over the same rows. */
export async function bootstrapOrdinal(
  classes: ArrayLike<number>,
  metrics: readonly ArrayLike<number>[],
  options: BootstrapOptions,
): Promise<BootstrapSamples> {
  const fn = "bootstrapOrdinal";
  const B = options.resamples;
  checkInteger(fn, "options.resamples", B, 1);
  checkSeed(fn, "options.seed", options.seed);
  if (options.threads !== undefined) checkInteger(fn, "options.threads", options.threads, 1);
  const ordering = options.ordering ?? PAPER_ORDERING;
  checkOrdering(fn, ordering);
  if (classes.length > MAX_RESAMPLE_ROWS)
    throw new RangeError(`${fn}: classes has ${classes.length} values; the bootstrap supports up to ${MAX_RESAMPLE_ROWS} rows`);
  checkLabels(fn, "classes", classes, K);
  metrics.forEach((s, m) => {
    checkSameLength(fn, `metrics[${m}]`, s, "classes", classes);
    checkFinite(fn, `metrics[${m}]`, s);
  });
  const layout = ordinalLayout(ordering);
  const width = statisticsWidth(layout);
  const job: BootstrapJob = {
    n: classes.length,
    sorted: metrics.map((s) =>
      sortScoresUnchecked(tieRounded(s, options.scoreDecimals === undefined ? SCORE_DECIMALS : options.scoreDecimals), classes),
    ),
    severity: ordering.severity,
    orderingName: ordering.name,
    seed: options.seed,
    width,
  };
  const M = metrics.length;
  const shared = new SharedArrayBuffer(B * M * width * 8);
  const values = new Float64Array(shared);
  const threads = Math.max(1, Math.min(options.threads ?? Math.min(availableParallelism(), 8), Math.ceil(B / 250)));
  const progress = options.onProgress;
  if (threads === 1) {
    let done = 0;
    runResampleRange(job, 0, B, values, () => {
      done++;
      if (progress && (done % 250 === 0 || done === B)) progress(done, B);
    });
    return { resamples: B, metrics: M, width, values };
  }
  let done = 0;
  const chunk = Math.ceil(B / threads);
  await Promise.all(
    Array.from({ length: threads }, (_, t) => {
      const from = t * chunk;
      const to = Math.min(B, from + chunk);
      return new Promise<void>((resolve, reject) => {
        const worker = new Worker(new URL("./bootstrap-worker.js", import.meta.url), { workerData: { job, from, to, shared } });
        worker.on("message", (msg: { done: number }) => {
          done += msg.done;
          progress?.(done, B);
        });
        worker.on("error", reject);
        worker.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`bootstrap worker exited with code ${code}`))));
      });
    }),
  );
  return { resamples: B, metrics: M, width, values };
}

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/**
 * Percentile interval of a bootstrap distribution at a confidence level in [0, 1]. NaN resamples
 * (e.g. an empty class) are accepted and left out; ±Infinity is refused. No samples give NaN.
 */
export function percentileInterval(samples: ArrayLike<number>, confidence = 0.95): Interval {
  checkUnitScalar("percentileInterval", "confidence", confidence);
  checkFiniteOrNaN("percentileInterval", "samples", samples);
  return percentileIntervalUnchecked(samples, confidence);
}

/** percentileInterval without the checks, for callers that validated both arguments (see ./validate). */
export function percentileIntervalUnchecked(samples: ArrayLike<number>, confidence: number): Interval {
  const s = sortedFiniteUnchecked(samples);
  const tail = (1 - confidence) / 2;
  return { low: quantileSortedUnchecked(s, tail), high: quantileSortedUnchecked(s, 1 - tail) };
}

export interface PairedDifference {
  readonly meanDifference: number;
  readonly low: number;
  readonly high: number;
  /** One-sided bootstrap p-value: the share of resamples in which the reference is not better. */
  readonly pReferenceNotBetter: number;
}

/**
 * Paired bootstrap difference reference − other over the same resamples (equally long; a
 * resample where either side is NaN is accepted and left out; ±Infinity is refused).
 */
export function pairedDifference(reference: ArrayLike<number>, other: ArrayLike<number>, confidence = 0.95): PairedDifference {
  const fn = "pairedDifference";
  checkUnitScalar(fn, "confidence", confidence);
  checkSameLength(fn, "reference", reference, "other", other);
  checkFiniteOrNaN(fn, "reference", reference);
  checkFiniteOrNaN(fn, "other", other);
  const d: number[] = [];
  for (let r = 0; r < reference.length; r++) {
    const x = reference[r] - other[r];
    if (!Number.isNaN(x)) d.push(x);
  }
  let sum = 0;
  let notBetter = 0;
  for (const x of d) {
    sum += x;
    if (x <= 0) notBetter++;
  }
  const ci = percentileIntervalUnchecked(d, confidence);
  return { meanDifference: sum / d.length, low: ci.low, high: ci.high, pReferenceNotBetter: notBetter / d.length };
}
