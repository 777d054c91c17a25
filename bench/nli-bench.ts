/**
 * NLI throughput: pairs per second through capqa's engine (transformers.js + onnxruntime-node)
 * for a model folder, a device, dtypes and batch sizes. Pairs are CAP-Correctness-like
 * statements (8–40 words). Prints one JSON object per configuration.
 *
 *   node dist/bench/nli-bench.js --model DIR [--device cpu] [--dtypes fp32,fp16] [--batches 1,16,64] [--pairs 512]
 */
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { loadTransformersNli } from "../lib/nli/transformers-engine.js";
import type { DeviceChoice, Dtype } from "../lib/runtime/device.js";
import { Xoshiro128 } from "../lib/stats/random.js";

const WORDS =
  "the water sun plant travels through stem light heat rain cloud energy animal cow eats food cell neuron communicate earth moon rock mineral temperature boil city europe scientist fossil fuel acid formation".split(
    " ",
  );

/** Pairs of statements of `minWords` to `maxWords` words (default 8–40, CAP-Correctness-like), seeded. */
export function benchPairs(n: number, seed = 1, minWords = 8, maxWords = 40): { premises: string[]; hypotheses: string[] } {
  const rng = new Xoshiro128(seed, 11);
  const sentence = () =>
    Array.from({ length: minWords + rng.nextInt(maxWords - minWords + 1) }, () => WORDS[rng.nextInt(WORDS.length)]).join(" ") + ".";
  const premises = Array.from({ length: n }, sentence);
  const hypotheses = Array.from({ length: n }, sentence);
  return { premises, hypotheses };
}

export interface ThroughputResult {
  model: string;
  device: string;
  dtype: string;
  batch: number;
  pairs: number;
  seconds: number;
  pairsPerSecond: number;
  error?: string;
}

export async function measureThroughput(
  model: string,
  device: DeviceChoice,
  dtype: Dtype,
  batch: number,
  pairs: number,
): Promise<ThroughputResult> {
  try {
    const engine = await loadTransformersNli({ model, device, dtype, batchSize: batch });
    const { premises, hypotheses } = benchPairs(pairs);
    await engine.probabilities(premises.slice(0, Math.min(pairs, 2 * batch)), hypotheses.slice(0, Math.min(pairs, 2 * batch))); // warm-up
    const t = performance.now();
    await engine.probabilities(premises, hypotheses);
    const seconds = (performance.now() - t) / 1000;
    await engine.dispose();
    return { model, device: engine.device, dtype, batch, pairs, seconds, pairsPerSecond: pairs / seconds };
  } catch (err) {
    return { model, device, dtype, batch, pairs, seconds: NaN, pairsPerSecond: NaN, error: (err as Error).message.slice(0, 400) };
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      model: { type: "string" },
      device: { type: "string" },
      dtypes: { type: "string" },
      batches: { type: "string" },
      pairs: { type: "string" },
    },
  });
  if (!values.model) throw new Error("--model DIR is required");
  for (const dtype of (values.dtypes ?? "fp32").split(",") as Dtype[]) {
    for (const batch of (values.batches ?? "1,16,64").split(",").map(Number)) {
      console.log(
        JSON.stringify(
          await measureThroughput(values.model, (values.device ?? "cpu") as DeviceChoice, dtype, batch, Number(values.pairs ?? 512)),
        ),
      );
    }
  }
}
