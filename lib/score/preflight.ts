/**
 * What can be known about a model before any row is read: a usable dtype, batch size and length
 * limit (checked where the spec is resolved, lib/nli/model-spec.ts), a device that exists, and
 * for a local folder every file present (the ONNX file the spec reads), config.json and the
 * tokenizer files valid JSON, and config.json's label order one capqa can map. Each problem is
 * one error naming the file and the option to change.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { resolveDevice } from "../runtime/device.js";
import { labelOrder } from "../nli/labels.js";
import { missingModelFiles } from "../runtime/model-ref.js";
import type { NliEngineOptions } from "../nli/load-engine.js";
import { resolveNliModelSpec, type NliModelSpec } from "../nli/model-spec.js";

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`${file}: not valid JSON: ${(err as Error).message}`);
  }
}

/** Throws the first thing that would stop the model from loading; returns quietly otherwise. */
export function preflightModel(options: NliEngineOptions): void {
  preflightModelOf(resolveNliModelSpec(options));
}

/** preflightModel of a resolved spec (its values are checked already): the device and the model folder's files. */
export function preflightModelOf(spec: NliModelSpec): void {
  if (spec.server) {
    // TEI tokenizes (no model is read); KServe: the folder gives the tokenizer and the label order, the weights are the server's.
    if (spec.ref?.kind !== "local") return;
    const { dir } = spec.ref;
    const missing = ["config.json", "tokenizer.json"].filter((f) => !existsSync(join(dir, f)));
    if (missing.length > 0)
      throw new Error(
        `model folder ${dir} lacks ${missing.join(", ")}: with a KServe server, the \`model\` option names the served model's tokenizer and config.json`,
      );
    labelOrder((readJson(join(dir, "config.json")) as { id2label?: Record<string, string> }).id2label, join(dir, "config.json"));
    readJson(join(dir, "tokenizer.json"));
    return;
  }
  resolveDevice(spec.device);
  if (spec.ref.kind !== "local") return;
  const { dir } = spec.ref;
  const missing = missingModelFiles(dir, spec.dtype, spec.namedOnnxFile);
  if (missing.length > 0) throw new Error(`model folder ${dir} lacks ${missing.join(", ")} (dtype ${spec.dtype} reads ${spec.onnxFile})`);
  const onnx = join(dir, spec.onnxFile);
  if (statSync(onnx).size === 0) throw new Error(`${onnx} is empty`);
  const config = readJson(join(dir, "config.json")) as { id2label?: Record<string, string> };
  labelOrder(config.id2label, join(dir, "config.json"));
  for (const f of ["tokenizer.json", "tokenizer_config.json"]) if (existsSync(join(dir, f))) readJson(join(dir, f));
}
