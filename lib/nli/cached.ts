/**
 * NLI probabilities through the cache: look every pair up, run the model only on what is
 * missing (loading it only then), and commit each finished batch to the cache at once.
 * A pair the model cannot score is reported with its reason; it never stops the others.
 */
import type { NliCache } from "./cache.js";
import type { NliEngine } from "./engine.js";

export interface CachedRunOptions {
  readonly cache: NliCache | null;
  /** The model identity used for cache lookups before any model is loaded. */
  readonly modelKey: string;
  /** Loads the engine; called only when some pair is missing from the cache. */
  readonly engine: () => Promise<NliEngine>;
  /** Pairs handed to the engine per call (each call's batches are committed as they finish). */
  readonly chunkSize?: number;
  readonly onProgress?: (done: number, total: number) => void;
  readonly log?: (line: string) => void;
}

export interface CachedRunResult {
  /** Rows of (entailment, neutral, contradiction); NaN where a pair could not be scored. */
  readonly probabilities: Float64Array;
  /** Why each unscored pair (by index) has no probabilities. */
  readonly failures: Map<number, string>;
  readonly cacheHits: number;
  readonly computed: number;
  readonly engine?: NliEngine;
  readonly modelError?: string;
}

export async function cachedProbabilities(premises: readonly string[], hypotheses: readonly string[], options: CachedRunOptions): Promise<CachedRunResult> {
  const n = premises.length;
  const { cache } = options;
  let probabilities: Float64Array;
  let missing: number[];
  if (cache) ({ probabilities, missing } = cache.lookup(options.modelKey, premises, hypotheses));
  else {
    probabilities = new Float64Array(3 * n).fill(NaN);
    missing = Array.from({ length: n }, (_, i) => i);
  }
  const cacheHits = n - missing.length;
  const failures = new Map<number, string>();
  if (missing.length === 0) return { probabilities, failures, cacheHits, computed: 0 };

  let engine: NliEngine;
  try {
    engine = await options.engine();
  } catch (err) {
    const reason = `no ${cache ? "cached " : ""}NLI probabilities for this pair, and the model could not be loaded: ${(err as Error).message}`;
    for (const i of missing) failures.set(i, reason);
    return { probabilities, failures, cacheHits, computed: 0, modelError: (err as Error).message };
  }
  const storeKey = engine.modelKey;
  if (storeKey !== options.modelKey) options.log?.(`note: the loaded model's identity is ${storeKey} (looked up as ${options.modelKey}); new results are stored under the former`);
  const chunk = options.chunkSize ?? 1024;
  let computed = 0;
  for (let s = 0; s < missing.length; s += chunk) {
    const ids = missing.slice(s, s + chunk);
    const ps = ids.map((i) => premises[i]);
    const hs = ids.map((i) => hypotheses[i]);
    try {
      await engine.probabilities(ps, hs, {
        onBatch: (local, probs) => {
          const entries = Array.from(local, (j, k) => {
            probabilities.set(probs.subarray(3 * k, 3 * k + 3), 3 * ids[j]);
            return { premise: ps[j], hypothesis: hs[j], probabilities: probs.subarray(3 * k, 3 * k + 3) };
          });
          cache?.put(storeKey, entries, "model");
          computed += local.length;
          options.onProgress?.(computed, missing.length);
        },
      });
    } catch (err) {
      const reason = `the model failed on this pair's batch: ${(err as Error).message}`;
      for (const i of ids) if (Number.isNaN(probabilities[3 * i])) failures.set(i, reason);
    }
  }
  return { probabilities, failures, cacheHits, computed, engine };
}
