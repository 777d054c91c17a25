/**
 * `capqa verify-model`: how far a user's NLI model (for example an ONNX export of the paper's
 * DeBERTa-v3-large) is from the authors' released probabilities on CAP-Correctness pairs, and a
 * verdict: whether it behaves as an NLI model at all (modelVerdict).
 */
import { capScores } from "../cap/index.js";
import { VERIFY_MIN_ARGMAX_AGREEMENT, VERIFY_MIN_CAP_SPEARMAN, VERIFY_MIN_ROWS } from "../constants.js";
import { demoModelWarning } from "../runtime/demo-model.js";
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
  /** DEMO_NLI_MODEL_WARNING when the model is capqa's demo model, else null. */
  readonly warning: string | null;
  readonly verdict: ModelVerdict;
}

/** One check of the verdict: a measured value against its threshold (value ≥ threshold passes; NaN fails). */
export interface VerdictCheck {
  readonly name: string;
  readonly value: number;
  readonly threshold: number;
  readonly passed: boolean;
}

export interface ModelVerdict {
  /** "nli": every check passed; "not_nli": the demo model, or a check failed; "undetermined": too few rows to judge. */
  readonly status: "nli" | "not_nli" | "undetermined";
  /** One line, e.g. "OK — MODEL behaves as an NLI model on 3 checks (…)"; the CLI prints it after "verdict: ". */
  readonly text: string;
  readonly checks: VerdictCheck[];
}

/**
 * The verdict on a verification: capqa's demo model is not an NLI model whatever its numbers;
 * otherwise argmax agreement in both directions and CAP's Spearman correlation with the released
 * values are checked against VERIFY_MIN_ARGMAX_AGREEMENT and VERIFY_MIN_CAP_SPEARMAN, on at
 * least VERIFY_MIN_ROWS rows.
 */
export function modelVerdict(v: Omit<ModelVerification, "verdict">, name: string = v.model): ModelVerdict {
  const check = (checkName: string, value: number, threshold: number): VerdictCheck => ({
    name: checkName,
    value,
    threshold,
    passed: value >= threshold,
  });
  const checks = [
    check("argmax agreement, forward", v.argmaxAgreementForward, VERIFY_MIN_ARGMAX_AGREEMENT),
    check("argmax agreement, reverse", v.argmaxAgreementReverse, VERIFY_MIN_ARGMAX_AGREEMENT),
    check("CAP Spearman with the released CAP", v.capSpearman, VERIFY_MIN_CAP_SPEARMAN),
  ];
  const shown = (c: VerdictCheck) => (c.name.startsWith("argmax") ? `${(100 * c.value).toFixed(2)} %` : c.value.toFixed(3));
  const limit = (c: VerdictCheck) => (c.name.startsWith("argmax") ? `${100 * c.threshold} %` : String(c.threshold));
  if (v.warning) return { status: "not_nli", text: `NOT an NLI model — ${v.warning}`, checks };
  if (v.rows < VERIFY_MIN_ROWS)
    return {
      status: "undetermined",
      text: `UNDETERMINED — ${v.rows} rows are too few to judge ${name}; verify on at least ${VERIFY_MIN_ROWS}`,
      checks,
    };
  const failed = checks.filter((c) => !c.passed);
  if (failed.length > 0) {
    const why = failed.map((c) => `${c.name} ${shown(c)} < ${limit(c)}`).join("; ");
    return {
      status: "not_nli",
      text: `NOT an NLI model — ${name} fails ${failed.length} of ${checks.length} checks against the released DeBERTa-v3-large probabilities on ${v.rows} rows: ${why}`,
      checks,
    };
  }
  const how = checks.map((c) => `${c.name} ${shown(c)} ≥ ${limit(c)}`).join(", ");
  return {
    status: "nli",
    text: `OK — ${name} behaves as an NLI model on ${checks.length} checks against the released DeBERTa-v3-large probabilities on ${v.rows} rows: ${how}`,
    checks,
  };
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

export async function verifyModel(
  bench: Benchmark,
  engine: NliEngine,
  rowIds: number[],
  onProgress?: (done: number, total: number) => void,
): Promise<ModelVerification> {
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
  const capOf = (a: Float64Array) =>
    capScores({ peForward: col(a, 0, 0), pnForward: col(a, 0, 1), peReverse: col(a, 1, 0), pnReverse: col(a, 1, 1) }).cap;
  const capMine = capOf(mine);
  const capReleased = capOf(released);
  let capMax = 0;
  for (let i = 0; i < n; i++) capMax = Math.max(capMax, Math.abs(capMine[i] - capReleased[i]));
  const pairs = 2 * n;
  const measured = {
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
    warning: demoModelWarning({ engine }),
  };
  return { ...measured, verdict: modelVerdict(measured, engine.provenance?.id ?? engine.modelKey) };
}
