/**
 * `capqa verify-model`: how far a user's NLI model (for example an ONNX export of the paper's
 * DeBERTa-v3-large) is from the authors' released probabilities on CAP-Correctness pairs.
 */
import { capScores } from "../cap/index.js";
import type { Benchmark } from "../data/benchmark.js";
import { argmaxLabel } from "../nli/labels.js";
import type { NliEngine } from "../nli/engine.js";
import { spearman, pearson } from "../stats/correlation.js";
import { Xoshiro128 } from "../stats/random.js";

export interface ModelVerification {
  readonly model: string;
  readonly device: string;
  readonly rows: number;
  readonly pairs: number;
  readonly meanAbsDiff: number;
  readonly maxAbsDiff: number;
  /** Mean absolute difference of each class's probability. */
  readonly meanAbsDiffByClass: { entailment: number; neutral: number; contradiction: number };
  /** Share of pairs whose most probable class agrees with the released one, per direction. */
  readonly argmaxAgreementForward: number;
  readonly argmaxAgreementReverse: number;
  readonly capSpearman: number;
  readonly capPearson: number;
  readonly capMaxAbsDiff: number;
  readonly truncatedPairs: number;
  readonly seconds: number;
  readonly pairsPerSecond: number;
}

/** Row ids of a seeded sample of rows with released probabilities (all of them when sample ≥ their number). */
export function sampleReleasedRows(bench: Benchmark, sample: number, seed: number): number[] {
  const ids = bench.rows.filter((r) => bench.scoreIndex[r.rowId] >= 0).map((r) => r.rowId);
  const rng = new Xoshiro128(seed, 99);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  return ids.slice(0, Math.min(sample, ids.length)).sort((a, b) => a - b);
}

export async function verifyModel(bench: Benchmark, engine: NliEngine, rowIds: number[], onProgress?: (done: number, total: number) => void): Promise<ModelVerification> {
  const started = Date.now();
  const rows = rowIds.map((id) => bench.rows[id]);
  const premises = [...rows.map((r) => r.premise), ...rows.map((r) => r.hypothesis)];
  const hypotheses = [...rows.map((r) => r.hypothesis), ...rows.map((r) => r.premise)];
  const mine = await engine.probabilities(premises, hypotheses, { onProgress });
  const seconds = (Date.now() - started) / 1000;
  const P = bench.scores.probabilities;
  const n = rows.length;
  const released = new Float64Array(6 * n);
  rows.forEach((r, i) => {
    const k = bench.scoreIndex[r.rowId];
    released.set([P.pe_f[k], P.pn_f[k], P.pc_f[k]], 3 * i);
    released.set([P.pe_r[k], P.pn_r[k], P.pc_r[k]], 3 * (n + i));
  });
  let sum = 0;
  let max = 0;
  const byClass = [0, 0, 0];
  for (let j = 0; j < mine.length; j++) {
    const d = Math.abs(mine[j] - released[j]);
    sum += d;
    byClass[j % 3] += d;
    max = Math.max(max, d);
  }
  let agreeF = 0;
  let agreeR = 0;
  for (let i = 0; i < n; i++) {
    if (argmaxLabel(mine, 3 * i) === argmaxLabel(released, 3 * i)) agreeF++;
    if (argmaxLabel(mine, 3 * (n + i)) === argmaxLabel(released, 3 * (n + i))) agreeR++;
  }
  const col = (a: Float64Array, dir: number, k: number) => Float64Array.from({ length: n }, (_, i) => a[3 * (dir * n + i) + k]);
  const capOf = (a: Float64Array) => capScores({ peForward: col(a, 0, 0), pnForward: col(a, 0, 1), peReverse: col(a, 1, 0), pnReverse: col(a, 1, 1) }).cap;
  const capMine = capOf(mine);
  const capReleased = capOf(released);
  let capMax = 0;
  for (let i = 0; i < n; i++) capMax = Math.max(capMax, Math.abs(capMine[i] - capReleased[i]));
  const pairs = 2 * n;
  return {
    model: engine.modelKey,
    device: engine.device,
    rows: n,
    pairs,
    meanAbsDiff: sum / mine.length,
    maxAbsDiff: max,
    meanAbsDiffByClass: { entailment: byClass[0] / pairs, neutral: byClass[1] / pairs, contradiction: byClass[2] / pairs },
    argmaxAgreementForward: agreeF / n,
    argmaxAgreementReverse: agreeR / n,
    capSpearman: n > 2 ? spearman(capMine, capReleased).statistic : NaN,
    capPearson: n > 2 ? pearson(capMine, capReleased) : NaN,
    capMaxAbsDiff: capMax,
    truncatedPairs: engine.stats.truncatedPairs,
    seconds,
    pairsPerSecond: pairs / seconds,
  };
}
