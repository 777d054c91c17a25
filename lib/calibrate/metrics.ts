/**
 * Classification quality of predicted levels against true levels, with bootstrap intervals.
 * Input follows the numeric input policy of lib/stats/validate: truth and predicted equally long
 * integers in 0..K−1; resamples a positive integer, the seed an integer, the confidence in [0, 1].
 */
import { DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_SEED, DEFAULT_CONFIDENCE } from "../constants.js";
import { cohenKappaUnchecked } from "../stats/kappa.js";
import { percentileIntervalUnchecked } from "../stats/bootstrap.js";
import { MAX_RESAMPLE_ROWS, Xoshiro128, resampleCounts } from "../stats/random.js";
import { checkInteger, checkLabels, checkSameLength, checkSeed, checkUnitScalar } from "../stats/validate.js";

/** The policy's checks of a pair of labelings into K levels (lib/stats/validate). */
function checkLabelings(fn: string, truth: ArrayLike<number>, predicted: ArrayLike<number>, K: number): void {
  checkInteger(fn, "K", K, 1);
  checkSameLength(fn, "truth", truth, "predicted", predicted);
  checkLabels(fn, "truth", truth, K);
  checkLabels(fn, "predicted", predicted, K);
}

export interface ClassificationReport {
  readonly n: number;
  readonly accuracy: number;
  readonly macroF1: number;
  readonly kappa: number;
  readonly kappaLinear: number;
  readonly kappaQuadratic: number;
  readonly perLevel: { level: string; precision: number; recall: number; f1: number; support: number; predicted: number }[];
  /** confusion[true][predicted]. */
  readonly confusion: number[][];
}

function fromConfusion(
  conf: Float64Array,
  K: number,
): { accuracy: number; macroF1: number; f1: number[]; precision: number[]; recall: number[]; support: number[]; predicted: number[] } {
  let n = 0;
  let correct = 0;
  const support = new Array<number>(K).fill(0);
  const predicted = new Array<number>(K).fill(0);
  for (let t = 0; t < K; t++)
    for (let p = 0; p < K; p++) {
      const c = conf[t * K + p];
      n += c;
      support[t] += c;
      predicted[p] += c;
      if (t === p) correct += c;
    }
  const precision = support.map((_, k) => (predicted[k] > 0 ? conf[k * K + k] / predicted[k] : 0));
  const recall = support.map((s, k) => (s > 0 ? conf[k * K + k] / s : 0));
  const f1 = support.map((s, k) => (s + predicted[k] > 0 ? (2 * conf[k * K + k]) / (s + predicted[k]) : 0));
  const present = support.map((_s, k) => k).filter((k) => support[k] > 0 || predicted[k] > 0);
  return {
    accuracy: correct / n,
    macroF1: present.reduce((a, k) => a + f1[k], 0) / present.length,
    f1,
    precision,
    recall,
    support,
    predicted,
  };
}

/** κ from a confusion matrix with weights on the level index (0 … K−1). */
function kappaFromConfusion(conf: Float64Array, K: number, kind: "unweighted" | "linear" | "quadratic"): number {
  let n = 0;
  const rows = new Float64Array(K);
  const cols = new Float64Array(K);
  for (let t = 0; t < K; t++)
    for (let p = 0; p < K; p++) {
      n += conf[t * K + p];
      rows[t] += conf[t * K + p];
      cols[p] += conf[t * K + p];
    }
  let wo = 0;
  let we = 0;
  for (let t = 0; t < K; t++)
    for (let p = 0; p < K; p++) {
      const d = Math.abs(t - p);
      const w = kind === "unweighted" ? (d === 0 ? 0 : 1) : kind === "linear" ? d : d * d;
      wo += (w * conf[t * K + p]) / n;
      we += (w * rows[t] * cols[p]) / (n * n);
    }
  return we > 0 ? 1 - wo / we : NaN;
}

/** Report of predicted against true levels (equally many, not none; integers in 0..levelNames.length − 1). */
export function classificationReport(
  truth: ArrayLike<number>,
  predicted: ArrayLike<number>,
  levelNames: readonly string[],
): ClassificationReport {
  const fn = "classificationReport";
  const K = levelNames.length;
  if (K === 0) throw new RangeError(`${fn}: levelNames is empty; a report needs at least one level`);
  checkLabelings(fn, truth, predicted, K);
  if (truth.length === 0) throw new RangeError(`${fn}: truth and predicted are empty; a report needs at least one item`);
  const conf = new Float64Array(K * K);
  for (let i = 0; i < truth.length; i++) conf[truth[i] * K + predicted[i]]++;
  const m = fromConfusion(conf, K);
  // Cross-check κ with the general implementation once (same weights on the level index).
  const unweighted = cohenKappaUnchecked(truth, predicted, K).kappa;
  return {
    n: truth.length,
    accuracy: m.accuracy,
    macroF1: m.macroF1,
    kappa: unweighted,
    kappaLinear: kappaFromConfusion(conf, K, "linear"),
    kappaQuadratic: kappaFromConfusion(conf, K, "quadratic"),
    perLevel: levelNames.map((level, k) => ({
      level,
      precision: m.precision[k],
      recall: m.recall[k],
      f1: m.f1[k],
      support: m.support[k],
      predicted: m.predicted[k],
    })),
    confusion: Array.from({ length: K }, (_, t) => Array.from(conf.subarray(t * K, t * K + K))),
  };
}

export interface ClassificationIntervals {
  readonly accuracy: [number, number];
  readonly macroF1: [number, number];
  readonly kappaQuadratic: [number, number];
}

/** Percentile bootstrap intervals of accuracy, macro-F1 and quadratic κ (rows resampled; no rows give NaN). */
export function classificationIntervals(
  truth: ArrayLike<number>,
  predicted: ArrayLike<number>,
  K: number,
  resamples = DEFAULT_BOOTSTRAP_RESAMPLES,
  seed = DEFAULT_SEED,
  confidence = DEFAULT_CONFIDENCE,
): ClassificationIntervals {
  const fn = "classificationIntervals";
  checkInteger(fn, "resamples", resamples, 1);
  checkSeed(fn, "seed", seed);
  checkUnitScalar(fn, "confidence", confidence);
  checkLabelings(fn, truth, predicted, K);
  if (truth.length > MAX_RESAMPLE_ROWS)
    throw new RangeError(`${fn}: truth has ${truth.length} values; the bootstrap supports up to ${MAX_RESAMPLE_ROWS} rows`);
  const n = truth.length;
  const counts = new Float64Array(n);
  const acc = new Float64Array(resamples);
  const f1 = new Float64Array(resamples);
  const qk = new Float64Array(resamples);
  const conf = new Float64Array(K * K);
  for (let r = 0; r < resamples; r++) {
    resampleCounts(new Xoshiro128(seed, r), n, counts);
    conf.fill(0);
    for (let i = 0; i < n; i++) if (counts[i] > 0) conf[truth[i] * K + predicted[i]] += counts[i];
    const m = fromConfusion(conf, K);
    acc[r] = m.accuracy;
    f1[r] = m.macroF1;
    qk[r] = kappaFromConfusion(conf, K, "quadratic");
  }
  const ci = (x: Float64Array): [number, number] => {
    const c = percentileIntervalUnchecked(x, confidence);
    return [c.low, c.high];
  };
  return { accuracy: ci(acc), macroF1: ci(f1), kappaQuadratic: ci(qk) };
}
