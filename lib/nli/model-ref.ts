/**
 * Which model a user means: a local folder (models/NAME or any path, in the layout
 * transformers.js reads) or a hub id with a revision. Also the model's identity for the cache:
 * hub id@revision, or the SHA-256 of the local ONNX file actually used.
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { PAPER_NLI_MODEL, PAPER_NLI_REVISION } from "../constants.js";
import type { NliDtype } from "./engine.js";

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

/** The cache identity of a model as used (dtype and length limit included where they change results). */
export async function modelKey(ref: ModelRef, dtype: NliDtype, maxLength: number, hashFile: (path: string) => Promise<string> = fileSha256): Promise<string> {
  const suffix = maxLength === 512 ? "" : `:max${maxLength}`;
  if (ref.kind === "hub") return `${ref.id}@${ref.revision}${suffix}`;
  const file = join(ref.dir, "onnx", ONNX_FILE_FOR_DTYPE[dtype]);
  return `local:${ref.name}:sha256:${(await hashFile(file)).slice(0, 32)}${suffix}`;
}
