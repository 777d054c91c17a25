/**
 * `npm run bench`: speed of the evaluation on the released test split. Goals (not asserted in
 * tests): the full evaluation — 5 metrics × 10,000 bootstrap resamples × every statistic,
 * all 25 class pairs included — in at most 10 s on a 2-core machine.
 */
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import { RELEASED_METRICS } from "../lib/constants.js";
import { loadBenchmark } from "../lib/data/index.js";
import { evaluateBenchmark } from "../lib/eval/benchmark-eval.js";
import { releasedDataDir } from "../test/helpers.js";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeTinyModel } from "../scripts/fixtures/tiny-nli.js";
import { writeLargeModel, DEBERTA_LARGE_SHAPE } from "../scripts/fixtures/large-nli.js";
import { measureThroughput } from "./nli-bench.js";
import { measureMemoryPeak, measureServerThroughput } from "./server-bench.js";
import { writeAttentionModel } from "../scripts/fixtures/attention-nli.js";
import { DEFAULT_NLI_BATCH_TOKENS } from "../lib/constants.js";
import { Worker } from "node:worker_threads";
import type { ReformulateTiming } from "./reformulate-timing.js";
import { bleuPair, meteorPair, rougeLPair } from "../lib/baselines/index.js";

const dir = process.env.CAPQA_DATA_DIR ?? releasedDataDir();
if (dir === undefined) {
  console.error("bench: no data folder; set CAPQA_DATA_DIR to the folder with CAP-Correctness.csv and scores.json");
  process.exit(1);
}

function time<T>(f: () => T): [T, number] {
  const t = performance.now();
  const r = f();
  return [r, (performance.now() - t) / 1000];
}

const [bench, loadSecs] = time(() => loadBenchmark(dir));
console.log(`load + validate + join the released data (8,827 rows): ${loadSecs.toFixed(3)} s`);

const resamples = Number(process.env.CAPQA_BENCH_RESAMPLES ?? 10_000);
for (const threads of [...new Set([1, availableParallelism()])]) {
  const t = performance.now();
  const ev = await evaluateBenchmark(bench, { split: "test", metrics: RELEASED_METRICS, resamples, seed: 42, threads });
  const secs = (performance.now() - t) / 1000;
  console.log(
    `full test-split evaluation, ${ev.n} rows × ${RELEASED_METRICS.length} metrics × ${resamples} resamples, ${threads} thread(s): ` +
      `${secs.toFixed(2)} s wall, ${((1000 * secs) / resamples).toFixed(3)} ms per resample (all metrics), ` +
      `${((1e6 * secs) / (resamples * RELEASED_METRICS.length)).toFixed(1)} µs per metric-resample`,
  );
}
console.log(
  "reference: a numpy/scipy loop over the same statistics takes 41 s per 200 resamples of the five metrics here (≈ 34 min for 10,000).",
);

// Statements: the built-in reformulator over all 17,654 (question, answer) pairs of CAP-Correctness,
// rule and doubts included (goal: < 2 s on a 2-core machine, once the NLP libraries are loaded): one thread, then the
// default (worker threads on a batch this large, each loading the libraries itself, which is timed), each in a fresh thread.
{
  const questions = bench.rows.flatMap((r) => [r.question, r.question]);
  const answers = bench.rows.flatMap((r) => [r.goldAnswer, r.answer]);
  for (const threads of [1, undefined]) {
    const worker = new Worker(new URL("./reformulate-timing.js", import.meta.url), { workerData: { questions, answers, threads } });
    const r = await new Promise<ReformulateTiming>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    await worker.terminate();
    console.log(
      `built-in reformulator, ${r.pairs} (question, answer) pairs, ${threads === 1 ? "1 thread" : `default threads (${availableParallelism()} cores)`}: ` +
        `${r.seconds.toFixed(3)} s (${((1e6 * r.seconds) / r.pairs).toFixed(1)} µs per pair; wink-nlp + compromise loaded once before, ` +
        `${r.loadSeconds.toFixed(2)} s); ${r.flagged} flagged for review`,
    );
  }
}

// Baselines: BLEU + ROUGE-L + METEOR over all 8,827 (gold, candidate) pairs (goal: < 3 s).
{
  const t = performance.now();
  for (const r of bench.rows) {
    bleuPair(r.goldAnswer, r.answer);
    rougeLPair(r.goldAnswer, r.answer);
    meteorPair(r.goldAnswer, r.answer);
  }
  console.log(
    `BLEU + ROUGE-L + METEOR, ${bench.rows.length} pairs: ${((performance.now() - t) / 1000).toFixed(3)} s (WordNet loading included)`,
  );
}

// NLI throughput on the CPU through the real engine (transformers.js + onnxruntime-node).
const models = mkdtempSync(join(tmpdir(), "capqa-bench-"));
writeTinyModel(join(models, "tiny-nli"));
for (const batch of [1, 16, 64]) {
  const r = await measureThroughput(join(models, "tiny-nli"), "cpu", "fp32", batch, 4096);
  console.log(`NLI, tiny fixture model, CPU fp32, batch ${batch}: ${r.pairsPerSecond.toFixed(0)} pairs/s${r.error ? ` (${r.error})` : ""}`);
}
// The same model in-process and through each inference-server protocol (local stand-in servers).
for (const r of await measureServerThroughput(join(models, "tiny-nli"), 8192)) {
  console.log(
    `NLI, tiny fixture model, ${r.backend}: ${r.pairsPerSecond.toFixed(0)} pairs/s (${r.pairs} pairs${r.requests ? ` in ${r.requests} requests` : ""})`,
  );
}

// Memory: 10,000 long pairs (about 480 tokens each) through a tiny model with self-attention
// (its [batch, length, length] scores grow as DeBERTa's do), batches of at most 256 pairs by
// token budget against fixed batches of 256.
writeAttentionModel(join(models, "attention-nli"));
for (const mode of ["adaptive", "fixed"] as const) {
  const m = measureMemoryPeak(join(models, "attention-nli"), mode, Number(process.env.CAPQA_BENCH_LONG_PAIRS ?? 10_000), 256);
  const how = mode === "adaptive" ? `token budget ${DEFAULT_NLI_BATCH_TOKENS}, at most 256 pairs` : "fixed batches of 256 pairs";
  console.log(
    `NLI memory, ${m.pairs} long pairs, ${how}: peak RSS ${m.peakRssMiB.toFixed(0)} MiB, ${m.batches} batches, ${m.seconds.toFixed(1)} s`,
  );
}

if (process.env.CAPQA_BENCH_LARGE) {
  // A model of DeBERTa-v3-large's size (1.3 GB written to a temporary folder; about 30 s to build).
  writeLargeModel(join(models, "large-nli"), DEBERTA_LARGE_SHAPE);
  for (const dtype of ["fp32", "fp16"] as const) {
    const r = await measureThroughput(join(models, "large-nli"), "cpu", dtype, 16, 64);
    console.log(
      `NLI, DeBERTa-large-size model, CPU ${dtype}, batch 16: ${r.pairsPerSecond.toFixed(1)} pairs/s${r.error ? ` (${r.error})` : ""}`,
    );
  }
} else console.log("set CAPQA_BENCH_LARGE=1 to also time a model of DeBERTa-v3-large's size on the CPU");
