/**
 * Which model a user means: a local folder (models/NAME or any path, in the layout
 * transformers.js reads) or a hub id with a revision; and which ONNX file a dtype reads, by
 * transformers.js's naming (onnx/model.onnx, model_fp16.onnx, model_quantized.onnx).
 */
import { createHash } from "node:crypto";
import { channel } from "node:diagnostics_channel";
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { PAPER_NLI_MODEL, PAPER_NLI_REVISION } from "../constants.js";

/** The precisions capqa loads: transformers.js's dtype names. */
export type OnnxDtype = "fp32" | "fp16" | "q8";

/** The file-name suffix of each dtype in transformers.js's naming. */
export const ONNX_SUFFIX: Record<OnnxDtype, string> = { fp32: "", fp16: "_fp16", q8: "_quantized" };
export const ONNX_FILE_FOR_DTYPE: Record<OnnxDtype, string> = { fp32: "model.onnx", fp16: "model_fp16.onnx", q8: "model_quantized.onnx" };

export function checkDtype(dtype: string): asserts dtype is OnnxDtype {
  if (!(dtype in ONNX_SUFFIX)) throw new Error(`unknown dtype "${dtype}"; expected fp32, fp16 or q8`);
}

export type ModelRef =
  | { readonly kind: "local"; readonly dir: string; readonly name: string; readonly parent: string }
  | { readonly kind: "hub"; readonly id: string; readonly revision: string };

/**
 * The diagnostics channel (node:diagnostics_channel) on which every resolveModelRef call publishes
 * `{ spec, revision, modelsDir }`: how often a run looks its model up can be watched (a scoring
 * run resolves its NLI model once, lib/nli/model-spec.ts). Nothing is published without a subscriber.
 */
export const MODEL_REF_CHANNEL = "capqa:model-ref";
const modelRefChannel = channel(MODEL_REF_CHANNEL);

/** A path that exists (as given, or under modelsDir) is a local folder; otherwise a hub id "owner/name". */
export function resolveModelRef(spec: string, options: { revision?: string; modelsDir?: string } = {}): ModelRef {
  if (modelRefChannel.hasSubscribers) modelRefChannel.publish({ spec, revision: options.revision, modelsDir: options.modelsDir });
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

/** Lists what a local model folder lacks for a dtype (or an explicit ONNX file), so a user sees every missing file at once. */
export function missingModelFiles(dir: string, dtype: OnnxDtype, onnxFile?: string): string[] {
  const needed = ["config.json", "tokenizer.json", onnxFile ?? join("onnx", ONNX_FILE_FOR_DTYPE[dtype])];
  return needed.filter((f) => !existsSync(join(dir, f)));
}

/** SHA-256 of a file, streamed (ONNX files are large). */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Parses a JSON file, naming the file on failure. */
export function readJsonFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new Error(`cannot read ${path}: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`${path}: not valid JSON: ${(err as Error).message}`);
  }
}

/** Resolves a local model folder and names every missing file at once. */
export function checkModelFolder(spec: string, files: readonly string[], what: string, hint: string): string {
  const dir = resolve(spec);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`${what} model folder ${dir} does not exist; ${hint}`);
  const missing = files.filter((f) => !existsSync(join(dir, f)));
  if (missing.length > 0) throw new Error(`${what} model folder ${dir} lacks ${missing.join(", ")}; ${hint}`);
  return dir;
}

/** A folder named as a path or as NAME inside modelsDir (default models/). */
export function findModelFolder(spec: string, what: string, hint: string, modelsDir = "models"): string {
  if (typeof spec !== "string" || spec.length === 0)
    throw new TypeError(`a ${what} model folder must be named (a path, or NAME inside ${modelsDir}/)`);
  const candidates = [...new Set([resolve(spec), resolve(modelsDir, spec)])];
  for (const c of candidates) if (existsSync(c) && statSync(c).isDirectory()) return c;
  throw new Error(`${what} model folder "${spec}" not found (looked for ${candidates.join(" and ")}); ${hint}`);
}
