/**
 * What can be known about a model before any row is read: a usable dtype, batch size and length
 * limit, a device that exists, and for a local folder every file present, config.json and the
 * tokenizer files valid JSON, and config.json's label order one capqa can map. Each problem is
 * one error naming the file and the option to change.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_NLI_BATCH_SIZE, DEFAULT_NLI_MAX_LENGTH, PAPER_NLI_MODEL } from "../constants.js";
import { resolveDevice } from "../runtime/device.js";
import { labelOrder } from "../nli/labels.js";
import { missingModelFiles, ONNX_FILE_FOR_DTYPE, resolveModelRef } from "../runtime/model-ref.js";
import type { NliEngineOptions } from "../nli/load-engine.js";
import { checkServerOptions } from "../nli/server/options.js";
import { batchLimitsOf } from "../nli/batching.js";

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`${file}: not valid JSON: ${(err as Error).message}`);
  }
}

/** Throws the first thing that would stop the model from loading; returns quietly otherwise. */
export function preflightModel(options: NliEngineOptions): void {
  const dtype = options.dtype ?? "fp32";
  if (!(dtype in ONNX_FILE_FOR_DTYPE)) throw new Error(`unknown dtype "${dtype}"; expected fp32, fp16 or q8`);
  const batchSize = options.batchSize ?? DEFAULT_NLI_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 65_536) throw new Error(`the \`batchSize\` option must be an integer from 1 to 65536, got ${batchSize}`);
  batchLimitsOf(options);
  const maxLength = options.maxLength ?? DEFAULT_NLI_MAX_LENGTH;
  if (!Number.isInteger(maxLength) || maxLength < 8 || maxLength > 1_000_000) throw new Error(`the \`maxLength\` option must be an integer from 8 to 1000000, got ${maxLength}`);
  if (options.server) {
    checkServerOptions(options.server);
    if (options.server.protocol === "tei") return; // the server tokenizes; no local files are read
  } else resolveDevice(options.device ?? "cpu");
  const ref = resolveModelRef(options.model ?? PAPER_NLI_MODEL, { revision: options.revision, modelsDir: options.modelsDir });
  if (ref.kind !== "local") return;
  if (options.server) {
    // KServe: the folder gives the tokenizer and the label order; the weights are the server's.
    const missing = ["config.json", "tokenizer.json"].filter((f) => !existsSync(join(ref.dir, f)));
    if (missing.length > 0) throw new Error(`model folder ${ref.dir} lacks ${missing.join(", ")}: with a KServe server, the \`model\` option names the served model's tokenizer and config.json`);
    labelOrder((readJson(join(ref.dir, "config.json")) as { id2label?: Record<string, string> }).id2label, join(ref.dir, "config.json"));
    readJson(join(ref.dir, "tokenizer.json"));
    return;
  }
  const missing = missingModelFiles(ref.dir, dtype);
  if (missing.length > 0) throw new Error(`model folder ${ref.dir} lacks ${missing.join(", ")} (dtype ${dtype} reads onnx/${ONNX_FILE_FOR_DTYPE[dtype]})`);
  const onnx = join(ref.dir, "onnx", ONNX_FILE_FOR_DTYPE[dtype]);
  if (statSync(onnx).size === 0) throw new Error(`${onnx} is empty`);
  const config = readJson(join(ref.dir, "config.json")) as { id2label?: Record<string, string> };
  labelOrder(config.id2label, join(ref.dir, "config.json"));
  for (const f of ["tokenizer.json", "tokenizer_config.json"]) if (existsSync(join(ref.dir, f))) readJson(join(ref.dir, f));
}
