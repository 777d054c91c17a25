/**
 * Seeds the cache with the authors' released DeBERTa-v3-large probabilities, keyed by the
 * CSV's statements in both directions (forward: premise → hypothesis = gold → candidate), so
 * that scoring CAP-Correctness pairs with the paper's model needs no inference.
 */
import { PAPER_NLI_MODEL, PAPER_NLI_REVISION } from "../constants.js";
import type { Benchmark } from "../data/benchmark.js";
import type { CacheEntry, NliCache } from "./cache.js";

export const RELEASED_SOURCE = "released:cross-encoder/nli-deberta-v3-large (CAP-Correctness scores.json)";

/** The cache identity of the paper's model at capqa's pinned revision. */
export const PAPER_MODEL_KEY = `${PAPER_NLI_MODEL}@${PAPER_NLI_REVISION}`;

export function importReleasedProbabilities(
  bench: Benchmark,
  cache: NliCache,
  modelKey = PAPER_MODEL_KEY,
): { pairs: number; inserted: number; conflicts: number; rows: number } {
  const p = bench.scores.probabilities;
  const entries: CacheEntry[] = [];
  let rows = 0;
  for (const row of bench.rows) {
    const k = bench.scoreIndex[row.rowId];
    if (k < 0) continue;
    rows++;
    entries.push({ premise: row.premise, hypothesis: row.hypothesis, probabilities: [p.pe_f[k], p.pn_f[k], p.pc_f[k]] });
    entries.push({ premise: row.hypothesis, hypothesis: row.premise, probabilities: [p.pe_r[k], p.pn_r[k], p.pc_r[k]] });
  }
  const { inserted, conflicts } = cache.put(modelKey, entries, RELEASED_SOURCE);
  return { pairs: entries.length, inserted, conflicts, rows };
}
