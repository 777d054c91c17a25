/**
 * `npm run fixtures`: writes the models capqa builds for itself (no weights can be downloaded
 * in tests) into models/fixtures/: tiny-nli (fp32, fp16 and q8 ONNX files) and tiny-nli-permuted
 * (the same weights with a different id2label).
 */
import { join, resolve } from "node:path";
import { writeTinyModel } from "./fixtures/tiny-nli.js";

const root = resolve(process.argv[2] ?? "models/fixtures");
writeTinyModel(join(root, "tiny-nli"));
writeTinyModel(join(root, "tiny-nli-permuted"), { labels: ["neutral", "contradiction", "entailment"] });
console.log(`wrote ${join(root, "tiny-nli")} and ${join(root, "tiny-nli-permuted")}`);
