/**
 * Does the GPU path compute the same probabilities as the CPU? Runs the same pairs through
 * capqa's engine on both devices (tiny fixture and, if given, the large model) and prints the
 * largest absolute difference, plus the tiny model's difference from the independent reference.
 *   node dist/bench/gpu/check-webgpu.js MODELS_DIR [device]
 */
import { join } from "node:path";
import { loadTransformersNli } from "../../lib/nli/transformers-engine.js";
import type { DeviceChoice } from "../../lib/runtime/device.js";
import { referenceLogits, softmax } from "../../scripts/fixtures/tiny-nli.js";
import { benchPairs } from "../nli-bench.js";

const dir = process.argv[2] ?? "models/fixtures";
const device = (process.argv[3] ?? "webgpu") as DeviceChoice;
for (const [name, n, dtypes] of [
  ["tiny-nli", 2000, ["fp32", "fp16", "q8"]],
  ["large-nli", 128, ["fp32", "fp16"]],
] as const) {
  for (const dtype of dtypes) {
    try {
      const { premises, hypotheses } = benchPairs(n, 3);
      const cpu = await (await loadTransformersNli({ model: join(dir, name), device: "cpu", dtype, batchSize: 32 })).probabilities(
        premises,
        hypotheses,
      );
      const gpu = await (await loadTransformersNli({ model: join(dir, name), device, dtype, batchSize: 32 })).probabilities(
        premises,
        hypotheses,
      );
      let max = 0;
      for (let i = 0; i < cpu.length; i++) max = Math.max(max, Math.abs(cpu[i] - gpu[i]));
      let ref = NaN;
      if (name === "tiny-nli") {
        ref = 0;
        premises.forEach((p, i) => {
          const q = softmax(referenceLogits(p, hypotheses[i], dtype));
          const want = [q[1], q[2], q[0]];
          for (let k = 0; k < 3; k++) ref = Math.max(ref, Math.abs(gpu[3 * i + k] - want[k]));
        });
      }
      console.log(JSON.stringify({ model: name, dtype, device, pairs: n, maxAbsDiffVsCpu: max, maxAbsDiffVsReference: ref }));
    } catch (err) {
      console.log(JSON.stringify({ model: name, dtype, device, error: (err as Error).message.slice(0, 300) }));
    }
  }
}
