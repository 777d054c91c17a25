/**
 * One scoring pass over long pairs, for `npm run bench`'s memory comparison: run in a child
 * process per batching mode, it prints the process's peak resident memory.
 *   node dist/bench/memory-run.js MODEL_DIR adaptive|fixed [pairs] [batch]
 */
import { performance } from "node:perf_hooks";
import { loadTransformersNli } from "../lib/nli/transformers-engine.js";
import { benchPairs } from "./nli-bench.js";

if (import.meta.url === `file://${process.argv[1]}`) {
  const [model, mode, count, batch] = process.argv.slice(2);
  const n = Number(count ?? 10_000);
  const batchSize = Number(batch ?? 256);
  const engine = await loadTransformersNli({ model, batchSize, batchTokens: mode === "fixed" ? 0 : undefined });
  const { premises, hypotheses } = benchPairs(n, 5, 210, 250); // about 480 tokens a pair
  const t = performance.now();
  await engine.probabilities(premises, hypotheses);
  const seconds = (performance.now() - t) / 1000;
  console.log(
    JSON.stringify({
      mode,
      pairs: n,
      batchSize,
      seconds,
      peakRssMiB: process.resourceUsage().maxRSS / 1024,
      batches: engine.stats.batches,
      truncated: engine.stats.truncatedPairs,
    }),
  );
  await engine.dispose();
}
