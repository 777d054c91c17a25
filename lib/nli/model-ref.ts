/**
 * Which model a user means: a local folder (models/NAME or any path, in the layout
 * transformers.js reads) or a hub id with a revision. Also the model's identity for the cache:
 * hub id@revision, or the SHA-256 of the local ONNX file actually used.
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { PAPER_NLI_MODEL, PAPER_NLI_REVISION } from "../constants.js";
import type { NliDevice, NliDtype } from "./engine.js";

export const ONNX_FILE_FOR_DTYPE: Record<NliDtype, string> = { fp32: "model.onnx", fp16: "model_fp16.onnx", q8: "model_quantized.onnx" };

export type ModelRef =
  | { readonly kind: "local"; readonly dir: string; readonly name: string; readonly parent: string }
  | { readonly kind: "hub"; readonly id: string; readonly revision: string };

/** A path that exists (as given, or under modelsDir) is a local folder; otherwise a hub id "owner/name". */
export function resolveModelRef(spec: string, options: { revision?: string; modelsDir?: string } = {}): ModelRef {
  const candidates = [spec, join(options.modelsDir ?? "models", spec)];
  for (const c of candidates) {
    if (existsSync(c) && statSync(c).isDirectory()) {
      const dir = resolve(c);
      return { kind: "local", dir, name: basename(dir), parent: dirname(dir) };
    }
  }
  if (spec.startsWith(".") || spec.startsWith("/") || spec.split("/").length !== 2) {
    throw new Error(`model "${spec}" is neither an existing folder nor a hub id of the form owner/name`);
  }
  const revision = options.revision ?? (spec === PAPER_NLI_MODEL ? PAPER_NLI_REVISION : "main");
  return { kind: "hub", id: spec, revision };
}

/** Lists what a local model folder lacks for a dtype, so a user sees every missing file at once. */
export function missingModelFiles(dir: string, dtype: NliDtype): string[] {
  const needed = ["config.json", "tokenizer.json", join("onnx", ONNX_FILE_FOR_DTYPE[dtype])];
  return needed.filter((f) => !existsSync(join(dir, f)));
}

/** SHA-256 of a file, streamed (ONNX files are large). */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

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
  readonly hashFile?: (path: string) => Promise<string>;
}

/**
 * The cache identity of a model as used: everything that changes a probability. A hub model is
 * `id@revision` (the revision fixes weights, tokenizer and label order) plus the dtype when it is
 * not fp32; a local folder is the SHA-256 of the ONNX file read, of its tokenizer files and of the
 * label order in config.json. The length limit enters when it is not 512. The device enters for
 * fp16 and q8 (e.g. "fp16@cuda"): their results differ by execution provider, while fp32 results
 * agree across CPU, CUDA and WebGPU to 3.5e-7 (measured on an H200), below the 8 decimals of the
 * authors' released probabilities, so fp32 keeps one key and `cache import-released` serves it.
 */
export async function modelKey(ref: ModelRef, options: ModelKeyOptions): Promise<string> {
  const { dtype, maxLength } = options;
  const hashFile = options.hashFile ?? fileSha256;
  const numerics = dtype === "fp32" ? "" : `:${dtype}@${options.device ?? "cpu"}`;
  const limit = maxLength === 512 ? "" : `:max${maxLength}`;
  if (ref.kind === "hub") return `${ref.id}@${ref.revision}${numerics}${limit}`;
  const weights = (await hashFile(join(ref.dir, "onnx", ONNX_FILE_FOR_DTYPE[dtype]))).slice(0, 32);
  const tokenizer = createHash("sha256");
  for (const f of ["tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"]) tokenizer.update(f).update("\u0000").update(await optionalFileSha256(join(ref.dir, f), hashFile)).update("\u0000");
  return `local:${ref.name}:sha256:${weights}:tok:${tokenizer.digest("hex").slice(0, 12)}:labels:${labelOrderDigest(join(ref.dir, "config.json"))}${numerics}${limit}`;
}

/** A digest of config.json's id2label (the order in which the model's logits come), canonical. */
export function labelOrderDigest(configFile: string): string {
  let id2label: unknown;
  try {
    id2label = (JSON.parse(readFileSync(configFile, "utf8")) as { id2label?: unknown }).id2label;
  } catch (err) {
    throw new Error(`${configFile}: not valid JSON: ${(err as Error).message}`);
  }
  const entries = id2label && typeof id2label === "object" ? Object.entries(id2label as Record<string, unknown>).map(([k, v]) => [Number(k), String(v).toLowerCase()] as const).sort((a, b) => a[0] - b[0]) : [];
  return createHash("sha256").update(JSON.stringify(entries)).digest("hex").slice(0, 12);
}
