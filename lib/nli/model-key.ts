/**
 * The NLI cache's identity of a model: everything that changes a probability. Which model a
 * user means, and its files, are the runtime's (lib/runtime/model-ref.ts).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PAPER_NLI_CONVERSION, PAPER_NLI_MODEL, PAPER_NLI_REVISION } from "../constants.js";
import { fileSha256, ONNX_FILE_FOR_DTYPE, type ModelRef } from "../runtime/model-ref.js";
import type { NliDevice, NliDtype } from "./engine.js";

/** SHA-256 of a small file's bytes, or of nothing when it is absent. */
async function optionalFileSha256(path: string, hashFile: (path: string) => Promise<string>): Promise<string> {
  return existsSync(path) ? hashFile(path) : "absent";
}

/** What makes a model's probabilities what they are, besides the weights. */
export interface ModelKeyOptions {
  readonly dtype: NliDtype;
  readonly maxLength: number;
  /** Where inference runs; it enters the key for fp16 and q8, whose numbers differ by execution provider. */
  readonly device?: NliDevice;
  /** An ONNX file other than the dtype's transformers.js name (relative to the model folder or repository). */
  readonly onnxFile?: string;
  readonly hashFile?: (path: string) => Promise<string>;
}

/**
 * The identity of a hub model's weights. The transformers.js conversion of the paper's model is
 * the same checkpoint as the original repository, so both are one identity, the one the released
 * probabilities are imported under (`capqa verify-model` measures how close an export comes).
 */
export function hubWeightsIdentity(id: string, revision: string): string {
  if (id === PAPER_NLI_CONVERSION) return `${PAPER_NLI_MODEL}@${PAPER_NLI_REVISION}`;
  return `${id}@${revision}`;
}

/**
 * The cache identity of a model as used: everything that changes a probability. A hub model is
 * its weights' identity (`id@revision`: the revision fixes weights, tokenizer and label order)
 * plus the dtype when it is not fp32, and the file when one is named; a local folder is the
 * SHA-256 of the ONNX file read, of its tokenizer files and of the label order in config.json.
 * The length limit enters when it is not 512. The device enters for fp16 and q8 (e.g.
 * "fp16@cuda"): their results differ by execution provider, while fp32 results agree across CPU,
 * CUDA and WebGPU to 3.5e-7 (measured on an H200), below the 8 decimals of the authors' released
 * probabilities, so fp32 keeps one key and `cache import-released` serves it.
 */
export async function modelKey(ref: ModelRef, options: ModelKeyOptions): Promise<string> {
  const { dtype, maxLength } = options;
  const hashFile = options.hashFile ?? fileSha256;
  const numerics = dtype === "fp32" ? "" : `:${dtype}@${options.device ?? "cpu"}`;
  const limit = maxLength === 512 ? "" : `:max${maxLength}`;
  const defaultFile = join("onnx", ONNX_FILE_FOR_DTYPE[dtype]);
  const file = options.onnxFile !== undefined && options.onnxFile !== defaultFile ? options.onnxFile : undefined;
  if (ref.kind === "hub") return `${hubWeightsIdentity(ref.id, ref.revision)}${file ? `:file:${file}` : ""}${numerics}${limit}`;
  const weights = (await hashFile(join(ref.dir, file ?? defaultFile))).slice(0, 32);
  return `local:${ref.name}:sha256:${weights}:tok:${await tokenizerDigest(ref.dir, hashFile)}:labels:${labelOrderDigest(join(ref.dir, "config.json"))}${numerics}${limit}`;
}

/** A digest of a model folder's tokenizer files (absent ones count as absent). */
export async function tokenizerDigest(dir: string, hashFile: (path: string) => Promise<string> = fileSha256): Promise<string> {
  const tokenizer = createHash("sha256");
  for (const f of ["tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"])
    tokenizer
      .update(f)
      .update("\u0000")
      .update(await optionalFileSha256(join(dir, f), hashFile))
      .update("\u0000");
  return tokenizer.digest("hex").slice(0, 12);
}

/** A digest of an id2label object as a server reports it (same canonical form as labelOrderDigest). */
export function id2labelDigest(id2label: unknown): string {
  const entries =
    id2label && typeof id2label === "object"
      ? Object.entries(id2label as Record<string, unknown>)
          .map(([k, v]) => [Number(k), String(v).toLowerCase()] as const)
          .sort((a, b) => a[0] - b[0])
      : [];
  return createHash("sha256").update(JSON.stringify(entries)).digest("hex").slice(0, 12);
}

/** A digest of config.json's id2label (the order in which the model's logits come), canonical. */
export function labelOrderDigest(configFile: string): string {
  let id2label: unknown;
  try {
    id2label = (JSON.parse(readFileSync(configFile, "utf8")) as { id2label?: unknown }).id2label;
  } catch (err) {
    throw new Error(`${configFile}: not valid JSON: ${(err as Error).message}`);
  }
  return id2labelDigest(id2label);
}
