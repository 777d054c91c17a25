/**
 * Paired percentile bootstrap over rows. Resample r is a vector of draw counts from its own
 * random stream, evaluated for every metric by the sorted-once sweep of ./ordinal: the same
 * resamples for every metric, so differences between metrics are paired. Work is split over
 * worker threads by resample index; results do not depend on the number of threads.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { PAPER_ORDERING, type Ordering } from "../taxonomy/index.js";
import { quantileSorted, sortedFinite } from "./descriptives.js";
import { newSweepSums, ordinalLayout, ordinalStatistics, sortScores, statisticsWidth, sweep, type SortedScores } from "./ordinal.js";
import { Xoshiro128, resampleCounts } from "./random.js";

export interface BootstrapOptions {
  readonly resamples: number;
  readonly seed: number;
  /** Worker threads; default: the machine's parallelism (at most 8). 1 runs in this thread. */
  readonly threads?: number;
  readonly ordering?: Ordering;
  /** Called now and then with (resamples done, total). */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Statistics of every resample: values[(r * metrics + m) * width + s], layout as ordinalStatistics. */
export interface BootstrapSamples {
  readonly resamples: number;
  readonly metrics: number;
  readonly width: number;
  readonly values: Float64Array;
}

/** The bootstrap distribution of statistic s of metric m. */
export function samplesOf(b: BootstrapSamples, m: number, s: number): Float64Array {
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

/** Evaluates resamples [from, to) of a job into `out` (the full values array). */
export function runResampleRange(job: BootstrapJob, from: number, to: number, out: Float64Array, onEach?: (r: number) => void): void {
  const layout = ordinalLayout({ name: job.orderingName, severity: job.severity });
  const sums = newSweepSums();
  const counts = new Float64Array(job.n);
  const M = job.sorted.length;
  for (let r = from; r < to; r++) {
    resampleCounts(new Xoshiro128(job.seed, r), job.n, counts);
    for (let m = 0; m < M; m++) {
      sweep(layout, job.sorted[m], counts, sums);
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
  const B = options.resamples;
  if (!Number.isInteger(B) || B < 1) throw new RangeError(`resamples must be a positive integer, got ${B}`);
  if (!Number.isInteger(options.seed)) throw new RangeError(`seed must be an integer, got ${options.seed}`);
  const ordering = options.ordering ?? PAPER_ORDERING;
  const layout = ordinalLayout(ordering);
  const width = statisticsWidth(layout);
  const job: BootstrapJob = {
    n: classes.length,
    sorted: metrics.map((s) => sortScores(s, classes)),
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

/** Percentile interval of a bootstrap distribution (NaN resamples, e.g. an empty class, are left out). */
export function percentileInterval(samples: ArrayLike<number>, confidence = 0.95): Interval {
  const s = sortedFinite(samples);
  const tail = (1 - confidence) / 2;
  return { low: quantileSorted(s, tail), high: quantileSorted(s, 1 - tail) };
}

export interface PairedDifference {
  readonly meanDifference: number;
  readonly low: number;
  readonly high: number;
  /** One-sided bootstrap p-value: the share of resamples in which the reference is not better. */
  readonly pReferenceNotBetter: number;
}

/** Paired bootstrap difference reference − other over the same resamples. */
export function pairedDifference(reference: ArrayLike<number>, other: ArrayLike<number>, confidence = 0.95): PairedDifference {
  if (reference.length !== other.length) throw new RangeError("paired samples differ in length");
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
  const ci = percentileInterval(d, confidence);
  return { meanDifference: sum / d.length, low: ci.low, high: ci.high, pReferenceNotBetter: notBetter / d.length };
}
