/**
 * How pairs are grouped into forward passes: by a token budget rather than a fixed count, so
 * that short statements fill the device and long ones do not exhaust its memory; and what to
 * do when the runtime runs out of memory all the same (split the batch, keep the size that
 * worked). Pure functions; the engines (lib/nli/encoded-engine.ts) apply them.
 */
import { DEFAULT_NLI_BATCH_SIZE, DEFAULT_NLI_BATCH_TOKENS } from "../constants.js";

export interface BatchLimits {
  /** At most this many pairs per batch. */
  readonly maxPairs: number;
  /** At most this many tokens per batch, counted as pairs × the longest pair's length (padding included); Infinity for none. */
  readonly maxTokens: number;
}

/** Checks batch limits as a library option would be given, naming the option. */
export function checkBatchLimits(limits: BatchLimits): void {
  if (!Number.isInteger(limits.maxPairs) || limits.maxPairs < 1)
    throw new RangeError(`the \`batchSize\` option must be a positive integer, got ${limits.maxPairs}`);
  if (!(limits.maxTokens === Infinity || (Number.isInteger(limits.maxTokens) && limits.maxTokens >= 1))) {
    throw new RangeError(`the \`batchTokens\` option must be a positive integer (or 0 for no token budget), got ${limits.maxTokens}`);
  }
}

/** The batch limits `options` ask for (defaults DEFAULT_NLI_BATCH_SIZE pairs, DEFAULT_NLI_BATCH_TOKENS tokens), checked. */
export function batchLimitsOf(options: { readonly batchSize?: number; readonly batchTokens?: number }): BatchLimits {
  const limits = {
    maxPairs: options.batchSize ?? DEFAULT_NLI_BATCH_SIZE,
    maxTokens: tokenBudget(options.batchTokens, DEFAULT_NLI_BATCH_TOKENS),
  };
  checkBatchLimits(limits);
  return limits;
}

/** The token budget of a `batchTokens` option: 0 means none. */
export function tokenBudget(batchTokens: number | undefined, fallback: number): number {
  const t = batchTokens ?? fallback;
  return t === 0 ? Infinity : t;
}

/**
 * Batches over pairs of these token lengths: longest first (the largest shape is met, and fails
 * if memory is short, at once), ties in input order; each batch takes pairs while it stays within
 * both limits (a pair longer than the token budget goes alone). A function of the lengths alone,
 * so the same pairs always form the same batches and a resumed run repeats the bits.
 *
 * @example
 * tokenBudgetBatches([10, 500, 12], { maxPairs: 64, maxTokens: 999 }); // [[1], [2, 0]]: 2 × 500 > 999
 */
export function tokenBudgetBatches(lengths: readonly number[], limits: BatchLimits): Uint32Array[] {
  const order = Uint32Array.from({ length: lengths.length }, (_, i) => i).sort((a, b) => lengths[b] - lengths[a] || a - b);
  const batches: Uint32Array[] = [];
  let start = 0;
  while (start < order.length) {
    // Sorted longest first: the first pair's length is the batch's padded length.
    const padded = Math.max(1, lengths[order[start]]);
    const fit = Math.max(1, Math.min(limits.maxPairs, Math.floor(limits.maxTokens / padded)));
    batches.push(order.slice(start, start + fit));
    start += fit;
  }
  return batches;
}

/**
 * Does this error say the runtime ran out of memory? onnxruntime (CPU: "Failed to allocate
 * memory", bad_alloc; CUDA: "out of memory", CUDNN/CUBLAS alloc failures; WebGPU: OOM), V8's
 * "Array buffer allocation failed", and inference servers that pass such messages on.
 */
export function isOutOfMemoryError(err: unknown): boolean {
  const text = err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? "")}` : String(err);
  return /out of memory|failed to allocate|bad_alloc|allocation failed|\bOOM\b|ALLOC_FAILED|resource exhausted|cudaErrorMemoryAllocation|insufficient memory/i.test(
    text,
  );
}

/**
 * Pieces of a batch that fit a reduced token budget, in order (the pairs are length-sorted, so
 * the first piece is the widest): used after an out-of-memory error lowered the budget.
 */
export function splitToBudget(batch: Uint32Array, lengths: readonly number[], maxTokens: number): Uint32Array[] {
  const pieces: Uint32Array[] = [];
  let start = 0;
  while (start < batch.length) {
    let longest = 0;
    let end = start;
    while (end < batch.length) {
      const l = Math.max(longest, lengths[batch[end]], 1);
      if (end > start && l * (end - start + 1) > maxTokens) break;
      longest = l;
      end++;
    }
    pieces.push(batch.slice(start, end));
    start = end;
  }
  return pieces;
}
