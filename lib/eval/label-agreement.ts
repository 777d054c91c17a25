/** Agreement between the synthetic and the human labels (paper Table 8). */
import { CLASSES, CLASS_INDEX, PAPER_ORDERING, type Ordering } from "../taxonomy/index.js";
import { cohenKappa } from "../stats/kappa.js";
import type { Benchmark } from "../data/benchmark.js";

export interface LabelAgreement {
  readonly n: number;
  readonly rawAgreement: number;
  readonly unweighted: number;
  /** Weighted κ with the classes placed on the ordering's severity scale (Eq. 1). */
  readonly linear: number;
  readonly quadratic: number;
  /** Weighted κ with the classes placed at their index in Table 7's order (0 … 7), for contrast. */
  readonly linearByIndex: number;
  readonly quadraticByIndex: number;
  /** confusion[synthetic][human] counts in CLASSES order. */
  readonly confusion: number[][];
}

/** κ between label_semantic and label_semantic_manual over every row that has both. */
export function labelAgreement(bench: Benchmark, ordering: Ordering = PAPER_ORDERING): LabelAgreement {
  const a: number[] = [];
  const b: number[] = [];
  for (const row of bench.rows) {
    if (row.manualLabel === null) continue;
    a.push(CLASS_INDEX[row.label]);
    b.push(CLASS_INDEX[row.manualLabel]);
  }
  const k = CLASSES.length;
  const scale = CLASSES.map((c) => ordering.severity[c]);
  const confusion = CLASSES.map(() => new Array<number>(k).fill(0));
  a.forEach((x, i) => confusion[x][b[i]]++);
  const unweighted = cohenKappa(a, b, k, "unweighted");
  return {
    n: a.length,
    rawAgreement: unweighted.observedAgreement,
    unweighted: unweighted.kappa,
    linear: cohenKappa(a, b, k, "linear", scale).kappa,
    quadratic: cohenKappa(a, b, k, "quadratic", scale).kappa,
    linearByIndex: cohenKappa(a, b, k, "linear").kappa,
    quadraticByIndex: cohenKappa(a, b, k, "quadratic").kappa,
    confusion,
  };
}
