/**
 * The NLI cache's identity of a model: everything that changes a probability. Which model a
 * user means, and its files, are the runtime's (lib/runtime/model-ref.ts).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_DEVICE, MODEL_KEY_PLAIN_DTYPE, PAPER_NLI_CONVERSION, PAPER_NLI_MODEL, PAPER_NLI_REVISION } from "../constants.js";
import { isCommitHash } from "../runtime/hub-cache.js";
import { HubClient } from "../runtime/hub-client.js";
import { fetchHubModel, onnxSources, resolveModelCommit } from "../runtime/hub-model.js";
import { hubSettings, type HubSettings } from "../runtime/hub-settings.js";
import { fileSha256, ONNX_FILE_FOR_DTYPE, type ModelRef } from "../runtime/model-ref.js";
import { resolveDevice, type Device, type Dtype } from "../runtime/device.js";
import type { InProcessNliModelSpec } from "./model-spec.js";

/** SHA-256 of a small file's bytes, or of nothing when it is absent. */
async function optionalFileSha256(path: string, hashFile: (path: string) => Promise<string>): Promise<string> {
  return existsSync(path) ? hashFile(path) : "absent";
}

/** What makes a model's probabilities what they are, besides the weights. */
export interface ModelKeyOptions {
  readonly dtype: Dtype;
  readonly maxLength: number;
  /** Where inference runs; it enters the key for fp16 and q8, whose numbers differ by execution provider (default DEFAULT_DEVICE). */
  readonly device?: Device;
  /** An ONNX file other than the dtype's transformers.js name (relative to the model folder or repository). */
  readonly onnxFile?: string;
  readonly hashFile?: (path: string) => Promise<string>;
  /**
   * The commit a hub model's revision resolved to (lib/runtime/hub-model.ts resolveModelCommit):
   * the key holds it in place of a branch or tag, so that a branch that moved is another model.
   */
  readonly commit?: string;
  /**
   * The hub model's snapshot folder and ONNX file in it, for a mirror that names no commit: the
   * key is then its files' digests, as for a local folder.
   */
  readonly snapshot?: { readonly dir: string; readonly onnxFile: string };
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
 * its weights' identity (`id@commit`: the commit fixes weights, tokenizer and label order; a
 * branch or tag enters as the commit it resolved to, `options.commit`, and a mirror that names
 * no commit as its snapshot's digests) plus the dtype when it is not fp32, and the file when one
 * is named; a local folder is the
 * SHA-256 of the ONNX file read, of its tokenizer files and of the label order in config.json.
 * The length limit enters when it is not 512. The device enters for fp16 and q8 (e.g.
 * "fp16@cuda"): their results differ by execution provider, while fp32 results agree across CPU,
 * CUDA and WebGPU to 3.5e-7 (measured on an H200), below the 8 decimals of the authors' released
 * probabilities, so fp32 keeps one key and `cache import-released` serves it.
 */
export async function modelKey(ref: ModelRef, options: ModelKeyOptions): Promise<string> {
  const { dtype, maxLength } = options;
  const hashFile = options.hashFile ?? fileSha256;
  const numerics = deviceEntersKey(dtype) ? `:${dtype}@${options.device ?? DEFAULT_DEVICE}` : "";
  const limit = maxLength === 512 ? "" : `:max${maxLength}`;
  const defaultFile = join("onnx", ONNX_FILE_FOR_DTYPE[dtype]);
  const file = options.onnxFile !== undefined && options.onnxFile !== defaultFile ? options.onnxFile : undefined;
  if (ref.kind === "hub") {
    const at = options.commit ?? ref.revision;
    if (isCommitHash(at) || options.snapshot === undefined || ref.id === PAPER_NLI_CONVERSION)
      return `${hubWeightsIdentity(ref.id, at)}${file ? `:file:${file}` : ""}${numerics}${limit}`;
    const { dir, onnxFile } = options.snapshot;
    return `${ref.id}@${ref.revision}:${await filesDigest(dir, onnxFile, hashFile)}${numerics}${limit}`;
  }
  return `local:${ref.name}:${await filesDigest(ref.dir, file ?? defaultFile, hashFile)}${numerics}${limit}`;
}

/**
 * Whether the device enters the key of a model read in this dtype: fp16 and q8, whose numbers differ by execution provider (not
 * MODEL_KEY_PLAIN_DTYPE).
 */
export function deviceEntersKey(dtype: Dtype): boolean {
  return dtype !== MODEL_KEY_PLAIN_DTYPE;
}

/** The key of a spec's model as `loaded` says it ran (device, length, and for a hub model the commit and snapshot it was read from). */
export function specModelKey(
  spec: InProcessNliModelSpec,
  loaded: Omit<ModelKeyOptions, "dtype" | "maxLength" | "onnxFile"> & { readonly maxLength?: number },
): Promise<string> {
  return modelKey(spec.ref, { dtype: spec.dtype, onnxFile: spec.namedOnnxFile, ...loaded, maxLength: loaded.maxLength ?? spec.maxLength });
}

/**
 * The key of a spec's model known before it is loaded, for cache lookups: the device is resolved
 * as loading will ("auto") when it enters the key, and a hub model on a branch or tag is keyed
 * by the commit the branch names now (offline, the one the hub cache holds; hubKeyInputs).
 */
export async function specModelKeyBeforeLoading(spec: InProcessNliModelSpec): Promise<string> {
  const { ref, dtype } = spec;
  const device = deviceEntersKey(dtype) ? resolveDevice(spec.device) : undefined;
  const hub = ref.kind === "hub" ? await hubKeyInputs(ref, { dtype, onnxFile: spec.namedOnnxFile, hub: spec.hub, log: spec.log }) : {};
  return specModelKey(spec, { device, ...hub });
}

/** The digests of a model folder's ONNX file, tokenizer files and label order, as a key part. */
async function filesDigest(dir: string, onnxFile: string, hashFile: (path: string) => Promise<string>): Promise<string> {
  const weights = (await hashFile(join(dir, onnxFile))).slice(0, 32);
  return `sha256:${weights}:tok:${await tokenizerDigest(dir, hashFile)}:labels:${labelOrderDigest(join(dir, "config.json"))}`;
}

/**
 * What a hub model on a branch or tag adds to its key before it is loaded (modelKey's `commit`
 * and `snapshot`): the commit the revision names now (one request; offline, the hub cache's
 * refs, said in a line); for a mirror that names no commit, the model's files are fetched and
 * their digests key it. A commit hash, and the paper's conversion (one identity), add nothing.
 */
export async function hubKeyInputs(
  ref: Extract<ModelRef, { kind: "hub" }>,
  options: {
    readonly dtype: Dtype;
    readonly onnxFile?: string;
    readonly hub?: Partial<HubSettings>;
    readonly log?: (line: string) => void;
  },
): Promise<Pick<ModelKeyOptions, "commit" | "snapshot">> {
  if (isCommitHash(ref.revision) || ref.id === PAPER_NLI_CONVERSION) return {};
  const client = new HubClient(hubSettings(options.hub), { log: options.log });
  try {
    const commit = await resolveModelCommit(client, ref.id, ref.revision, options.log);
    if (isCommitHash(commit)) return { commit };
    const fetched = await fetchHubModel(client, onnxSources(ref.id, ref.revision, options.dtype, options.onnxFile), { log: options.log });
    return { commit: fetched.commit, snapshot: { dir: fetched.dir, onnxFile: fetched.onnxFile } };
  } catch (err) {
    throw new Error(
      `cannot tell which commit hub model ${ref.id}@${ref.revision} is, which the NLI cache is keyed by: ${(err as Error).message} (or name the commit as the revision)`,
      { cause: err },
    );
  }
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
