/**
 * Token-budget batching and out-of-memory recovery: the planner checked against brute force
 * (every pair once, within both limits, as full as the limits allow, longest first), and the
 * encoded-pairs engine against a forward pass that fails past a memory limit: the batch is
 * split, the size that worked is kept, and the probabilities are those of a run that never
 * ran out of memory.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { isOutOfMemoryError, splitToBudget, tokenBudgetBatches } from "../lib/nli/batching.js";
import { EncodedPairsEngine, runBounded, type ForwardPass } from "../lib/nli/encoded-engine.js";
import { loadTransformersNli } from "../lib/nli/transformers-engine.js";
import { Xoshiro128 } from "../lib/stats/random.js";
import { benchPairs } from "../bench/nli-bench.js";

test("tokenBudgetBatches: every pair once, longest first, each batch within both limits and as full as they allow", () => {
  const rng = new Xoshiro128(7, 3);
  for (let trial = 0; trial < 300; trial++) {
    const n = rng.nextInt(120);
    const lengths = Array.from({ length: n }, () => 1 + rng.nextInt(rng.nextInt(2) === 0 ? 40 : 600));
    const limits = { maxPairs: 1 + rng.nextInt(70), maxTokens: rng.nextInt(4) === 0 ? Infinity : 64 + rng.nextInt(20_000) };
    const batches = tokenBudgetBatches(lengths, limits);
    const seen = batches.flatMap((b) => Array.from(b));
    // Brute force: the order is a stable sort by length, descending.
    const sorted = Array.from({ length: n }, (_, i) => i).sort((a, b) => lengths[b] - lengths[a] || a - b);
    assert.deepEqual(seen, sorted);
    for (const [k, b] of batches.entries()) {
      const padded = Math.max(...Array.from(b, (i) => lengths[i]));
      assert.ok(b.length <= limits.maxPairs);
      assert.ok(b.length === 1 || b.length * padded <= limits.maxTokens, `batch ${k}: ${b.length} × ${padded} > ${limits.maxTokens}`);
      // Full: one more pair (the next one) would break a limit.
      if (k < batches.length - 1) assert.ok(b.length === limits.maxPairs || (b.length + 1) * padded > limits.maxTokens);
    }
  }
  assert.deepEqual(
    tokenBudgetBatches([10, 500, 12], { maxPairs: 64, maxTokens: 999 }).map((b) => Array.from(b)),
    [[1], [2, 0]],
  );
  assert.deepEqual(
    tokenBudgetBatches([700], { maxPairs: 4, maxTokens: 100 }).map((b) => Array.from(b)),
    [[0]],
    "a pair longer than the budget goes alone",
  );
});

test("splitToBudget keeps order and fits each piece; isOutOfMemoryError knows the runtimes' messages", () => {
  const lengths = [50, 40, 40, 30, 10, 10];
  const pieces = splitToBudget(Uint32Array.from([0, 1, 2, 3, 4, 5]), lengths, 100);
  assert.deepEqual(
    pieces.map((p) => Array.from(p)),
    [
      [0, 1],
      [2, 3],
      [4, 5],
    ],
  );
  for (const m of [
    "Failed to allocate memory for requested buffer of size 123456",
    "std::bad_alloc",
    "CUDA failure 2: out of memory",
    "Array buffer allocation failed",
    "[WebGPU] Out of memory",
    "CUBLAS_STATUS_ALLOC_FAILED",
  ])
    assert.ok(isOutOfMemoryError(new Error(m)), m);
  for (const m of ["input_ids: wrong shape", "HTTP 400: input too long", "timeout"]) assert.ok(!isOutOfMemoryError(new Error(m)), m);
});

test("runBounded keeps at most `limit` tasks in flight and reports each result", async () => {
  let inFlight = 0;
  let peak = 0;
  const results: number[] = [];
  await runBounded(
    20,
    3,
    async (i) => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((r) => setTimeout(r, (i * 37) % 7));
      inFlight--;
      return i * i;
    },
    (i, v) => (results[i] = v),
  );
  assert.equal(peak, 3);
  assert.deepEqual(
    results,
    Array.from({ length: 20 }, (_, i) => i * i),
  );
  await assert.rejects(
    runBounded(
      5,
      2,
      async (i) => {
        if (i === 1) throw new Error("boom");
        return i;
      },
      () => {},
    ),
    /boom/,
  );
});

/** A tokenizer whose pair length is the number of words; ids are word lengths. */
const wordTokenizer = {
  padId: 0,
  maxLength: 512,
  encode(p: string, h: string) {
    const ids = [1, ...p.split(" ").map((w) => 2 + w.length), 2, ...h.split(" ").map((w) => 2 + w.length), 2];
    return { ids, types: ids.map(() => 0), truncated: false };
  },
};

/** Logits of a pair from its own tokens only (so batch-mates cannot matter); fails past `memory` tokens per batch. */
function forwardWithMemory(memory: number, calls: { ok: number; oom: number; shapes: [number, number][] }): ForwardPass {
  return async (batch) => {
    calls.shapes.push([batch.pairs, batch.length]);
    if (batch.pairs * batch.length > memory) {
      calls.oom++;
      throw new Error(`Failed to allocate memory for requested buffer of size ${batch.pairs * batch.length * 4096}`);
    }
    calls.ok++;
    const values = new Float32Array(batch.pairs * 3);
    for (let b = 0; b < batch.pairs; b++) {
      let s = 0;
      for (let t = 0; t < batch.length; t++)
        if (batch.mask[b * batch.length + t] === 1n) s += Number(batch.ids[b * batch.length + t]) * (t + 1);
      values.set([Math.sin(s), Math.cos(s), Math.sin(s / 7)], 3 * b);
    }
    return { values, width: 3 };
  };
}

const ORDER = { entailment: 0, neutral: 1, contradiction: 2, size: 3 };

test("out of memory: the batch is split and retried, the size that worked is kept, the numbers are unchanged", async () => {
  const { premises, hypotheses } = benchPairs(400, 4);
  const engine = (memory: number, calls: { ok: number; oom: number; shapes: [number, number][] }, lines: string[] = []) =>
    new EncodedPairsEngine({
      modelKey: "test",
      device: "cpu",
      tokenizer: wordTokenizer,
      order: ORDER,
      forward: forwardWithMemory(memory, calls),
      limits: { maxPairs: 64, maxTokens: 8192 },
      log: (l) => lines.push(l),
    });
  const plenty = { ok: 0, oom: 0, shapes: [] as [number, number][] };
  const expected = await engine(Infinity, plenty).probabilities(premises, hypotheses);
  assert.equal(plenty.oom, 0);

  const tight = { ok: 0, oom: 0, shapes: [] as [number, number][] };
  const lines: string[] = [];
  const e = engine(700, tight, lines);
  const got = await e.probabilities(premises, hypotheses);
  assert.deepEqual(Array.from(got), Array.from(expected));
  assert.ok(tight.oom >= 1 && e.stats.outOfMemorySplits === tight.oom);
  // The budget that worked is kept: later batches are formed within it and do not fail again.
  assert.ok(e.tokenBudget <= 700, `budget now ${e.tokenBudget}`);
  assert.ok(tight.oom <= 4, `${tight.oom} out-of-memory errors: only the first batches should meet one`);
  const afterFirstFits = tight.shapes.slice(tight.shapes.findIndex(([b, l]) => b * l <= 700));
  assert.ok(afterFirstFits.filter(([b, l]) => b * l > 700).length <= 3);
  assert.match(
    lines[0],
    /out of memory on a batch of \d+ pairs × \d+ tokens .*split in two and retried; batches now hold at most \d+ tokens/,
  );

  // One pair that does not fit is an error for that pair's batch, not a loop.
  const hopeless = { ok: 0, oom: 0, shapes: [] as [number, number][] };
  await assert.rejects(engine(5, hopeless).probabilities(premises.slice(0, 3), hypotheses.slice(0, 3)), /Failed to allocate memory/);
  // Errors that are not about memory are not split.
  const broken = new EncodedPairsEngine({
    modelKey: "t",
    device: "cpu",
    tokenizer: wordTokenizer,
    order: ORDER,
    forward: async () => {
      throw new Error("input_ids: wrong rank");
    },
    limits: { maxPairs: 64, maxTokens: 8192 },
  });
  await assert.rejects(broken.probabilities(premises, hypotheses), /wrong rank/);
  assert.equal(broken.stats.outOfMemorySplits, 0);
});

test("the in-process engine batches by token budget: long pairs make small batches, short ones large", async () => {
  const long = Array.from({ length: 40 }, (_, i) => `${"word ".repeat(180 + i)}end.`);
  const short = Array.from({ length: 200 }, (_, i) => `a short statement ${i}.`);
  const engine = await loadTransformersNli({ model: "models/demo-nli", batchSize: 64, batchTokens: 4096 });
  const plan = engine.planBatches!([...long, ...short], [...long, ...short]);
  const longBatches = plan.filter((b) => b[0] < 40);
  const shortBatches = plan.filter((b) => b[0] >= 40);
  assert.ok(
    longBatches.every((b) => b.length <= 11),
    longBatches.map((b) => b.length).join(","),
  );
  assert.ok(shortBatches.some((b) => b.length === 64));
  const fixed = await loadTransformersNli({ model: "models/demo-nli", batchSize: 16, batchTokens: 0 });
  assert.ok(fixed.planBatches!([...long, ...short], [...long, ...short]).every((b, k, all) => b.length === 16 || k === all.length - 1));
  await assert.rejects(
    loadTransformersNli({ model: "models/demo-nli", batchTokens: -1 }),
    /the `batchTokens` option must be a positive integer/,
  );
  await engine.dispose();
  await fixed.dispose();
});
