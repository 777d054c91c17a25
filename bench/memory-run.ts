/**
 * One scoring pass over long pairs, for `npm run bench`'s memory comparison: run in a child
 * process per batching mode, it prints the process's peak resident memory.
 *   node dist/bench/memory-run.js MODEL_DIR adaptive|fixed [pairs] [batch]
 */
import { performance } from "node:perf_hooks";
import { loadTransformersNli } from "../lib/nli/transformers-engine.js";
import { Xoshiro128 } from "../lib/stats/random.js";

const WORDS = "the water sun plant travels through stem light heat rain cloud energy animal cow eats food cell".split(" ");

/** Pairs of about `words` words a side (the joint length nears the 512-token limit). */
export function longPairs(n: number, words = 230, seed = 5): { premises: string[]; hypotheses: string[] } {
  const rng = new Xoshiro128(seed, 2);
  const sentence = () => Array.from({ length: words - 20 + rng.nextInt(40) }, () => WORDS[rng.nextInt(WORDS.length)]).join(" ") + ".";
  return { premises: Array.from({ length: n }, sentence), hypotheses: Array.from({ length: n }, sentence) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [model, mode, count, batch] = process.argv.slice(2);
  const n = Number(count ?? 10_000);
  const batchSize = Number(batch ?? 256);
  const engine = await loadTransformersNli({ model, batchSize, batchTokens: mode === "fixed" ? 0 : undefined });
  const { premises, hypotheses } = longPairs(n);
  const t = performance.now();
  await engine.probabilities(premises, hypotheses);
  const seconds = (performance.now() - t) / 1000;
  console.log(JSON.stringify({ mode, pairs: n, batchSize, seconds, peakRssMiB: process.resourceUsage().maxRSS / 1024, batches: engine.stats.batches, truncated: engine.stats.truncatedPairs }));
  await engine.dispose();
}
