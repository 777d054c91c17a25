/**
 * `npm run fixtures`: writes the models capqa builds for itself (no weights can be downloaded
 * in tests) into models/fixtures/: tiny-nli (fp32, fp16 and q8 ONNX files) and tiny-nli-permuted
 * (the same weights with a different id2label), tiny-seq2seq (a T5-layout encoder-decoder for the
 * statement generator's seq2seq path); with --large also large-nli, a model of
 * DeBERTa-v3-large's size for throughput measurements. With --demo it also writes capqa's demo
 * model, models/demo-nli (the tiny-nli weights, fp32 only, marked as the demo in config.json),
 * which test/demo-model.test.ts checks byte for byte.
 */
import { join, resolve } from "node:path";
import { DEMO_NLI_MODEL_DIR } from "../lib/runtime/demo-model.js";
import { writeTinyModel } from "./fixtures/tiny-nli.js";
import { writeLargeModel, DEBERTA_LARGE_SHAPE } from "./fixtures/large-nli.js";
import { writeTinySeq2Seq } from "./fixtures/tiny-seq2seq.js";

const args = process.argv.slice(2);
const large = args.includes("--large");
const root = resolve(args.find((a) => !a.startsWith("--")) ?? "models/fixtures");
writeTinyModel(join(root, "tiny-nli"));
writeTinyModel(join(root, "tiny-nli-permuted"), { labels: ["neutral", "contradiction", "entailment"] });
writeTinySeq2Seq(join(root, "tiny-seq2seq"));
console.log(`wrote ${join(root, "tiny-nli")}, ${join(root, "tiny-nli-permuted")} and ${join(root, "tiny-seq2seq")}`);
if (args.includes("--demo")) {
  writeTinyModel(DEMO_NLI_MODEL_DIR, { precisions: ["fp32"], demo: true });
  console.log(`wrote ${DEMO_NLI_MODEL_DIR}`);
}
if (large) {
  // --large: a model of DeBERTa-v3-large's size for throughput runs (about 1.3 GB fp32 + 0.7 GB fp16).
  const params = writeLargeModel(join(root, "large-nli"), DEBERTA_LARGE_SHAPE);
  console.log(`wrote ${join(root, "large-nli")} (${(params / 1e6).toFixed(0)} M parameters)`);
}
