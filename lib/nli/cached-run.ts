/**
 * NLI probabilities through the cache: look every pair up, run the model only on what is
 * missing (loading it only then), and commit each finished batch to the cache at once.
 * A pair the model cannot score is reported with its reason; it never stops the others, except
 * an NliFatalError (a server refusing the credentials), which no other batch would escape.
 */
import { DEFAULT_NLI_CHUNK_PAIRS } from "../constants.js";
import type { CacheEntry, NliCache } from "./cache.js";
import { runBounded } from "./encoded-engine.js";
import { NliFatalError, type NliEngine } from "./engine.js";

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
  /** Why computed results could not be stored (a locked or full cache); they are still returned. */
  readonly cacheWriteError?: string;
  /** Computed pairs the cache did not keep (they will be computed again next time). */
  readonly unsavedPairs: number;
}

/**
 * Stores a batch's results; a write that fails (SQLITE_BUSY from a held lock, a full disk) keeps
 * the results in this run and says where the cache is and what failed, once.
 */
function storeBatch(
  cache: NliCache | null,
  key: string,
  entries: CacheEntry[],
  state: { error?: string; unsaved: number },
  log?: (line: string) => void,
): void {
  if (!cache || entries.length === 0) return;
  try {
    cache.put(key, entries, "model");
  } catch (err) {
    state.unsaved += entries.length;
    if (state.error === undefined) {
      state.error = `could not write to the NLI cache ${cache.path}: ${(err as Error).message}`;
      log?.(`warning: ${state.error}; the results are kept in this run's output but not in the cache, so a later run computes them again`);
    }
  }
}

export async function cachedProbabilities(
  premises: readonly string[],
  hypotheses: readonly string[],
  options: CachedRunOptions,
): Promise<CachedRunResult> {
  const n = premises.length;
  const { cache } = options;
  let probabilities: Float64Array;
  let missing: number[];
  if (cache) {
    // (`stats` may be absent from a stand-in for the cache.)
    const invalidBefore = cache.stats?.invalid ?? 0;
    ({ probabilities, missing } = cache.lookup(options.modelKey, premises, hypotheses));
    // Rows that hold no valid probabilities are misses: one warning for the cache's first ones
    // (a run of many blocks would repeat it); the count is in cache.stats.invalid.
    const invalid = (cache.stats?.invalid ?? 0) - invalidBefore;
    if (invalid > 0 && invalidBefore === 0) {
      options.log?.(
        `warning: ${invalid} row${invalid === 1 ? "" : "s"} of the NLI cache ${cache.path} hold${invalid === 1 ? "s" : ""} no valid probabilities (first: ${cache.firstInvalid}); ` +
          "they are treated as missing, computed again and replaced (later ones are counted in the cache's stats, not shown)",
      );
    }
  } else {
    probabilities = new Float64Array(3 * n).fill(NaN);
    missing = Array.from({ length: n }, (_, i) => i);
  }
  const cacheHits = n - missing.length;
  const failures = new Map<number, string>();
  if (missing.length === 0) return { probabilities, failures, cacheHits, computed: 0, unsavedPairs: 0 };

  let engine: NliEngine;
  try {
    engine = await options.engine();
  } catch (err) {
    const reason = `no ${cache ? "cached " : ""}NLI probabilities for this pair, and the model could not be loaded: ${(err as Error).message}`;
    for (const i of missing) failures.set(i, reason);
    return { probabilities, failures, cacheHits, computed: 0, modelError: (err as Error).message, unsavedPairs: 0 };
  }
  const storeKey = engine.modelKey;
  if (storeKey !== options.modelKey)
    options.log?.(
      `note: the loaded model's identity is ${storeKey} (looked up as ${options.modelKey}); new results are stored under the former`,
    );
  let computed = 0;
  const store = { error: undefined as string | undefined, unsaved: 0 };
  if (engine.planBatches && engine.runBatch) {
    // The batches an uninterrupted run forms over all pairs; those holding a missing pair run whole,
    // so a resumed run computes each missing pair beside the same batch-mates, to the same bits.
    const isMissing = new Uint8Array(n);
    for (const i of missing) isMissing[i] = 1;
    const batches = engine.planBatches(premises, hypotheses).filter((b) => b.some((i) => isMissing[i] === 1));
    const runBatch = engine.runBatch.bind(engine);
    // Batches run with the engine's concurrency (a server's slots); each is committed as it finishes.
    await runBounded(
      batches.length,
      engine.concurrency ?? 1,
      async (b) => {
        const batch = batches[b];
        try {
          return await runBatch(
            Array.from(batch, (i) => premises[i]),
            Array.from(batch, (i) => hypotheses[i]),
          );
        } catch (err) {
          if (err instanceof NliFatalError) throw err;
          return err as Error;
        }
      },
      (b, probs) => {
        const batch = batches[b];
        if (probs instanceof Error) {
          const reason = `the model failed on this pair's batch: ${probs.message}`;
          for (const i of batch) if (isMissing[i]) failures.set(i, reason);
          return;
        }
        const entries: CacheEntry[] = [];
        for (let k = 0; k < batch.length; k++) {
          const i = batch[k];
          if (!isMissing[i]) continue;
          probabilities.set(probs.subarray(3 * k, 3 * k + 3), 3 * i);
          entries.push({ premise: premises[i], hypothesis: hypotheses[i], probabilities: probs.subarray(3 * k, 3 * k + 3) });
        }
        storeBatch(cache, storeKey, entries, store, options.log);
        computed += entries.length;
        options.onProgress?.(computed, missing.length);
      },
    );
    return { probabilities, failures, cacheHits, computed, engine, cacheWriteError: store.error, unsavedPairs: store.unsaved };
  }
  const chunk = options.chunkSize ?? DEFAULT_NLI_CHUNK_PAIRS;
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
          storeBatch(cache, storeKey, entries, store, options.log);
          computed += local.length;
          options.onProgress?.(computed, missing.length);
        },
      });
    } catch (err) {
      if (err instanceof NliFatalError) throw err;
      const reason = `the model failed on this pair's batch: ${(err as Error).message}`;
      for (const i of ids) if (Number.isNaN(probabilities[3 * i])) failures.set(i, reason);
    }
  }
  return { probabilities, failures, cacheHits, computed, engine, cacheWriteError: store.error, unsavedPairs: store.unsaved };
}
