/**
 * The NLI engine over any forward pass from token ids to logits: capqa tokenizes the pairs
 * (longest-first truncation), forms batches by token budget from length-sorted pairs, pads them,
 * hands them to `forward` (onnxruntime in-process, or a KServe v2 server) with up to
 * `concurrency` batches in flight, takes the softmax in float64 and returns rows in input order.
 * On an out-of-memory error a batch is split in halves and retried, and the budget that worked
 * is kept for the batches after it.
 */
import { isOutOfMemoryError, splitToBudget, tokenBudgetBatches, type BatchLimits } from "./batching.js";
import { checkPairs, type ModelOrigin, type NliEngine, type NliRunOptions, type NliServerStats, type NliStats } from "./engine.js";
import type { Device } from "../runtime/device.js";
import { nliSoftmax, type LabelOrder } from "./labels.js";
import type { EncodedPair } from "./pair-encoding.js";

/** A padded batch of token ids, row-major [pairs, length]. */
export interface TokenBatch {
  readonly ids: BigInt64Array;
  readonly mask: BigInt64Array;
  readonly types: BigInt64Array;
  readonly pairs: number;
  readonly length: number;
}

/** Logits of a batch, row-major [pairs, width]. */
export interface BatchLogits {
  readonly values: ArrayLike<number>;
  readonly width: number;
}

export type ForwardPass = (batch: TokenBatch) => Promise<BatchLogits>;

/** What encodes a pair (lib/nli/pair-encoding.ts's PairEncoder). */
export interface PairTokenizer {
  readonly padId: number;
  readonly maxLength: number;
  encode(premise: string, hypothesis: string): EncodedPair;
}

export interface EncodedEngineSettings {
  readonly modelKey: string;
  readonly device: Device;
  readonly provenance?: ModelOrigin;
  readonly tokenizer: PairTokenizer;
  readonly order: LabelOrder;
  readonly forward: ForwardPass;
  readonly limits: BatchLimits;
  /** Batches in flight at once (1 in-process; a server's slots). */
  readonly concurrency?: number;
  readonly server?: NliServerStats;
  readonly log?: (line: string) => void;
  readonly dispose?: () => Promise<void>;
}

/** Pads encoded pairs (by index) into one batch. */
export function padBatch(idx: ArrayLike<number>, encoded: readonly EncodedPair[], padId: number): TokenBatch {
  const B = idx.length;
  let L = 0;
  for (let b = 0; b < B; b++) L = Math.max(L, encoded[idx[b]].ids.length);
  const ids = new BigInt64Array(B * L).fill(BigInt(padId));
  const mask = new BigInt64Array(B * L);
  const types = new BigInt64Array(B * L);
  for (let b = 0; b < B; b++) {
    const e = encoded[idx[b]];
    for (let t = 0; t < e.ids.length; t++) {
      ids[b * L + t] = BigInt(e.ids[t]);
      mask[b * L + t] = 1n;
      types[b * L + t] = BigInt(e.types[t]);
    }
  }
  return { ids, mask, types, pairs: B, length: L };
}

/**
 * Runs tasks with at most `limit` in flight, calling `done` with each result as it finishes
 * (in finishing order). The first error stops new tasks and is thrown once those in flight end.
 */
export async function runBounded<T>(
  count: number,
  limit: number,
  task: (i: number) => Promise<T>,
  done: (i: number, result: T) => void,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (failure === undefined && next < count) {
      const i = next++;
      try {
        done(i, await task(i));
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, count)) }, lane));
  if (failure) throw failure.error;
}

/**
 * Runs batches (input indices) with at most `concurrency` in flight, writing each batch's rows
 * into `out` at its pairs' input positions as it finishes, with the run options' callbacks.
 */
export async function runBatches(
  batches: readonly Uint32Array[],
  out: Float64Array,
  concurrency: number,
  run: (idx: Uint32Array) => Promise<Float64Array>,
  options: NliRunOptions = {},
): Promise<void> {
  const total = out.length / 3;
  let done = 0;
  await runBounded(
    batches.length,
    concurrency,
    (b) => run(batches[b]),
    (b, probs) => {
      const idx = batches[b];
      for (let k = 0; k < idx.length; k++) out.set(probs.subarray(3 * k, 3 * k + 3), 3 * idx[k]);
      done += idx.length;
      options.onBatch?.(idx, probs);
      options.onProgress?.(done, total);
    },
  );
}

export class EncodedPairsEngine implements NliEngine {
  readonly stats: NliStats = { truncatedPairs: 0, inferredPairs: 0, batches: 0, outOfMemorySplits: 0 };
  readonly modelKey: string;
  readonly device: Device;
  readonly provenance?: ModelOrigin;
  readonly concurrency: number;
  readonly server?: NliServerStats;
  /** Lowered by out-of-memory errors to a budget that worked. */
  private maxTokens: number;

  constructor(private readonly settings: EncodedEngineSettings) {
    this.modelKey = settings.modelKey;
    this.device = settings.device;
    this.provenance = settings.provenance;
    this.concurrency = settings.concurrency ?? 1;
    this.server = settings.server;
    this.maxTokens = settings.limits.maxTokens;
  }

  /** The token budget batches are held to now (lower than configured after an out-of-memory error). */
  get tokenBudget(): number {
    return this.maxTokens;
  }

  /** Encodings made by the last planBatches, taken by runBatch (tokenizing once, not twice; leftovers go with the next plan). */
  private planned = new Map<string, EncodedPair>();

  private encodeAll(premises: readonly string[], hypotheses: readonly string[]): EncodedPair[] {
    const encoded = premises.map((p, i) => {
      const key = `${p}\u0000${hypotheses[i]}`;
      const e = this.planned.get(key);
      if (e === undefined) return this.settings.tokenizer.encode(p, hypotheses[i]);
      this.planned.delete(key);
      return e;
    });
    for (const e of encoded) if (e.truncated) this.stats.truncatedPairs++;
    return encoded;
  }

  async probabilities(premises: readonly string[], hypotheses: readonly string[], options: NliRunOptions = {}): Promise<Float64Array> {
    checkPairs(premises, hypotheses);
    const out = new Float64Array(3 * premises.length);
    const encoded = this.encodeAll(premises, hypotheses);
    const batches = tokenBudgetBatches(
      encoded.map((e) => e.ids.length),
      this.settings.limits,
    );
    await runBatches(batches, out, this.concurrency, (idx) => this.runIndices(idx, encoded), options);
    return out;
  }

  planBatches(premises: readonly string[], hypotheses: readonly string[]): Uint32Array[] {
    checkPairs(premises, hypotheses);
    const planned = new Map<string, EncodedPair>();
    const lengths = premises.map((p, i) => {
      const e = this.settings.tokenizer.encode(p, hypotheses[i]);
      planned.set(`${p}\u0000${hypotheses[i]}`, e);
      return e.ids.length;
    });
    this.planned = planned;
    return tokenBudgetBatches(lengths, this.settings.limits);
  }

  async runBatch(premises: readonly string[], hypotheses: readonly string[]): Promise<Float64Array> {
    checkPairs(premises, hypotheses);
    const encoded = this.encodeAll(premises, hypotheses);
    return this.runIndices(
      Uint32Array.from(encoded, (_, i) => i),
      encoded,
    );
  }

  /** One planned batch, in pieces when an earlier out-of-memory error lowered the budget, halved on a new one. */
  private async runIndices(idx: Uint32Array, encoded: readonly EncodedPair[]): Promise<Float64Array> {
    const lengths = encoded.map((e) => e.ids.length);
    const pieces = splitToBudget(idx, lengths, this.maxTokens);
    if (pieces.length > 1) {
      // One after another: these pieces exist because memory is short.
      const parts: Float64Array[] = [];
      for (const p of pieces) parts.push(await this.runIndices(p, encoded));
      return concatRows(parts);
    }
    try {
      return await this.forwardProbabilities(idx, encoded);
    } catch (err) {
      if (idx.length === 1 || !isOutOfMemoryError(err)) throw err;
      let longest = 0;
      for (const i of idx) longest = Math.max(longest, lengths[i]);
      const half = Math.ceil(idx.length / 2);
      this.maxTokens = Math.min(this.maxTokens, half * longest);
      this.stats.outOfMemorySplits = (this.stats.outOfMemorySplits ?? 0) + 1;
      this.settings.log?.(
        `out of memory on a batch of ${idx.length} pairs × ${longest} tokens (${(err as Error).message.slice(0, 160)}); split in two and retried; batches now hold at most ${this.maxTokens} tokens`,
      );
      return concatRows([await this.runIndices(idx.slice(0, half), encoded), await this.runIndices(idx.slice(half), encoded)]);
    }
  }

  private async forwardProbabilities(idx: Uint32Array, encoded: readonly EncodedPair[]): Promise<Float64Array> {
    const batch = padBatch(idx, encoded, this.settings.tokenizer.padId);
    const { values, width } = await this.settings.forward(batch);
    const { order } = this.settings;
    if (width !== order.size) throw new Error(`the model returned ${width} logits per pair; its id2label names ${order.size}`);
    if (values.length !== batch.pairs * width)
      throw new Error(`the model returned ${values.length} logits for ${batch.pairs} pairs × ${width} classes`);
    const probs = new Float64Array(3 * batch.pairs);
    for (let b = 0; b < batch.pairs; b++) nliSoftmax(values, b * width, order, probs, 3 * b);
    this.stats.inferredPairs += batch.pairs;
    this.stats.batches++;
    return probs;
  }

  async dispose(): Promise<void> {
    await this.settings.dispose?.();
  }
}

/** Probability rows of several batches, one after another. */
export function concatRows(parts: Float64Array[]): Float64Array {
  const out = new Float64Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
