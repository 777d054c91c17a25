/** Scorer inputs for benchmark rows: the released NLI probabilities and the answer texts. */
import type { Benchmark } from "../data/benchmark.js";
import type { ScorerInput } from "./features.js";

export function benchmarkScorerInputs(bench: Benchmark, rowIds: ArrayLike<number>): ScorerInput[] {
  const P = bench.scores.probabilities;
  return Array.from(rowIds, (id) => {
    const k = bench.scoreIndex[id];
    if (k < 0) throw new Error(`row ${id} has no released NLI probabilities`);
    return {
      pe_f: P.pe_f[k],
      pn_f: P.pn_f[k],
      pc_f: P.pc_f[k],
      pe_r: P.pe_r[k],
      pn_r: P.pn_r[k],
      pc_r: P.pc_r[k],
      goldAnswer: bench.rows[id].goldAnswer,
      answer: bench.rows[id].answer,
    };
  });
}
