/** What every NLI backend offers: probabilities for premise → hypothesis pairs. */
import type { Device } from "../runtime/device.js";

export interface NliRunOptions {
  /** Called after each batch with (pairs done, pairs in this call). */
  readonly onProgress?: (done: number, total: number) => void;
  /** Called with the probabilities of each finished batch, by input index, so callers can persist work as it completes. */
  readonly onBatch?: (indices: Uint32Array, probabilities: Float64Array) => void;
}

export interface NliStats {
  /** Pairs whose joint length exceeded the model's limit and were truncated (longer side first). */
  truncatedPairs: number;
  /** Pairs run through the model. */
  inferredPairs: number;
  /** Forward passes (batches). */
  batches: number;
  /** Batches split in two after the runtime ran out of memory (the smaller size is kept). */
  outOfMemorySplits?: number;
}

/** What an engine that calls inference servers did: for the run report. */
export interface NliServerStats {
  readonly protocol: "tei" | "kserve";
  /** The servers, without credentials. */
  readonly urls: readonly string[];
  /** Inference requests answered (not the metadata probes). */
  requests: number;
  /** Pairs in those answers. */
  pairs: number;
  /** Requests sent again after a 429, a 5xx, a timeout or a dropped connection. */
  retries: number;
  /** Failed attempts by kind ("503", "429", "timeout", "connection", …). */
  errors: Record<string, number>;
  /** Milliseconds with at least one request in flight. */
  busyMs: number;
}

/** Where a loaded model's weights came from, for manifests and reports. */
export interface ModelOrigin {
  readonly source: "hub" | "local" | "server";
  /** The hub id the user named, or the local folder. */
  readonly id: string;
  /** The revision the user named (hub). */
  readonly revision?: string;
  /** The repository and revision the files were read from, when another than `id` (the paper's fp16/q8 conversion). */
  readonly repo?: string;
  readonly repoRevision?: string;
  /** The commit the revision resolved to. */
  readonly commit?: string;
  /** The ONNX file read, relative to the folder or repository. */
  readonly file?: string;
  readonly sha256?: string;
  readonly dtype: string;
  readonly device: string;
  /** Why the files come from where they do, when it is not the obvious place. */
  readonly note?: string;
}

export interface NliEngine {
  /** Stable identity of the model, used as the cache key (hub id@revision, or the local ONNX file's hash). */
  readonly modelKey: string;
  /** Where inference runs. */
  readonly device: Device;
  readonly stats: NliStats;
  /** Where the weights came from (absent for engines that cannot say). */
  readonly provenance?: ModelOrigin;
  /** How many `runBatch` calls may be in flight at once (servers); 1 when absent. */
  readonly concurrency?: number;
  /** Requests, retries and errors, for engines that call inference servers. */
  readonly server?: NliServerStats;
  /**
   * Probabilities for each pair, as rows of (entailment, neutral, contradiction):
   * result[3i], result[3i+1], result[3i+2], in input order.
   */
  probabilities(premises: readonly string[], hypotheses: readonly string[], options?: NliRunOptions): Promise<Float64Array>;
  /**
   * The batches this engine forms over these pairs (indices), a function of the pairs alone.
   * With `runBatch`, it lets the cache layer run exactly the batches an uninterrupted run would,
   * so that a resumed run gives the same bits (a pair's numbers depend on its padded batch-mates).
   */
  planBatches?(premises: readonly string[], hypotheses: readonly string[]): Uint32Array[];
  /** Runs exactly these pairs as one batch, in this order. */
  runBatch?(premises: readonly string[], hypotheses: readonly string[]): Promise<Float64Array>;
  dispose(): Promise<void>;
}

/** Checks two statement lists before any work: same length, strings only. */
export function checkPairs(premises: readonly unknown[], hypotheses: readonly unknown[]): void {
  if (!Array.isArray(premises) || !Array.isArray(hypotheses)) throw new TypeError("premises and hypotheses must be arrays of strings");
  if (premises.length !== hypotheses.length)
    throw new RangeError(`${premises.length} premises but ${hypotheses.length} hypotheses: they must pair up one to one`);
  for (const [name, list] of [
    ["premise", premises],
    ["hypothesis", hypotheses],
  ] as const) {
    list.forEach((v, i) => {
      if (typeof v !== "string") throw new TypeError(`${name} ${i} is not a string: ${JSON.stringify(v)}`);
    });
  }
}

/**
 * An error no other batch would escape (a server refusing the credentials, a model name it does
 * not serve): the run stops at once instead of failing every batch in turn.
 */
export class NliFatalError extends Error {
  override readonly name = "NliFatalError";
}
