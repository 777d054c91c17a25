/**
 * The NLI engine over the KServe v2 inference protocol (`POST /v2/models/{name}/infer`), as
 * NVIDIA Triton serves an ONNX file with its ONNX Runtime backend on CUDA or TensorRT: capqa
 * tokenizes with the model's own tokenizer (the `model` option: the folder or hub id whose
 * tokenizer.json and config.json match the served weights), forms token-budget batches exactly
 * as in-process, sends `input_ids` and `attention_mask` (and `token_type_ids` when the model
 * takes them) and reads `logits`. So a server running the same ONNX file gives the in-process
 * probabilities, and a resumed run repeats the bits.
 *
 * @example
 * const server = { urls: ["http://127.0.0.1:8000"], protocol: "kserve", modelName: "nli" } as const;
 * const engine = await connectKserveNli({ server: server, model: "cross-encoder/nli-deberta-v3-large", limits: batchLimitsOf({ batchSize: 64 }) });
 * const probs = await engine.probabilities(["A cat sat."], ["An animal sat."]);
 */
import { join } from "node:path";
import { DEFAULT_KSERVE_MODEL_NAME, DEFAULT_NLI_MAX_LENGTH, PAPER_NLI_MODEL } from "../../constants.js";
import { HubClient } from "../../runtime/hub-client.js";
import { fetchHubTokenizer } from "../../runtime/hub-model.js";
import { hubSettings, type HubSettings } from "../../runtime/hub-settings.js";
import { resolveModelRef, type ModelRef } from "../../runtime/model-ref.js";
import { loadPretrainedConfig, loadPretrainedTokenizer, loadTransformers } from "../../runtime/transformers.js";
import type { BatchLimits } from "../batching.js";
import { EncodedPairsEngine, type ForwardPass, type TokenBatch } from "../encoded-engine.js";
import type { ModelOrigin, NliEngine } from "../engine.js";
import { labelOrder } from "../labels.js";
import { hubWeightsIdentity, labelOrderDigest, tokenizerDigest } from "../model-key.js";
import { PairEncoder, type HfTokenizer } from "../pair-encoding.js";
import type { NliServerOptions } from "./options.js";
import { probeReplicas } from "./probe.js";
import { ServerError, ServerPool } from "./server-pool.js";

/** A tensor's description in KServe v2 model metadata. */
interface TensorMetadata {
  readonly name: string;
  readonly datatype: string;
  readonly shape?: readonly number[];
}

/** GET /v2/models/{name}[/versions/{v}]: the parts capqa reads. */
export interface KserveModelMetadata {
  readonly name: string;
  readonly versions?: readonly string[];
  readonly platform?: string;
  readonly inputs: readonly TensorMetadata[];
  readonly outputs: readonly TensorMetadata[];
}

export interface KserveConnectOptions {
  readonly server: NliServerOptions;
  /** The tokenizer and config.json (label order) of the served model: a folder or hub id (default the paper's model). */
  readonly model?: string;
  readonly revision?: string;
  readonly modelsDir?: string;
  readonly maxLength?: number;
  readonly limits: BatchLimits;
  readonly hub?: Partial<HubSettings>;
  readonly log?: (line: string) => void;
}

const INT_TYPES = new Set(["INT64", "INT32"]);

/** The model's path on the server: /v2/models/{name}, with /versions/{v} when one is named. */
export function kserveModelPath(server: NliServerOptions): string {
  const name = encodeURIComponent(server.modelName ?? DEFAULT_KSERVE_MODEL_NAME);
  return `/v2/models/${name}${server.modelVersion ? `/versions/${encodeURIComponent(server.modelVersion)}` : ""}`;
}

/** The tokenizer's identity: hub id@revision, or a digest of the folder's tokenizer files and label order. */
async function tokenizerIdentity(ref: ModelRef): Promise<string> {
  if (ref.kind === "hub") return hubWeightsIdentity(ref.id, ref.revision);
  return `local:${ref.name}:tok:${await tokenizerDigest(ref.dir)}:labels:${labelOrderDigest(join(ref.dir, "config.json"))}`;
}

/**
 * The NLI cache identity of a KServe-served model: the server's name and version of it, and the
 * tokenizer capqa feeds it (the weights are the server's; capqa cannot see them).
 */
export async function kserveModelKey(server: NliServerOptions, metadata: KserveModelMetadata, options: { model?: string; revision?: string; modelsDir?: string; maxLength?: number }): Promise<string> {
  const ref = resolveModelRef(options.model ?? PAPER_NLI_MODEL, { revision: options.revision, modelsDir: options.modelsDir });
  const version = server.modelVersion ?? metadata.versions?.[metadata.versions.length - 1];
  const maxLength = options.maxLength ?? DEFAULT_NLI_MAX_LENGTH;
  return `kserve:${metadata.name}${version ? `@${version}` : ""}:tokenizer:${await tokenizerIdentity(ref)}${maxLength === 512 ? "" : `:max${maxLength}`}`;
}

/** The metadata of every replica, checked to describe one model with the inputs capqa sends. */
export async function probeKserve(pool: ServerPool, server: NliServerOptions, log?: (line: string) => void): Promise<{ metadata: KserveModelMetadata; url: string }> {
  const path = kserveModelPath(server);
  const { answer: metadata, url } = await probeReplicas<KserveModelMetadata>(pool, path, (m) => JSON.stringify({ name: m?.name, inputs: m?.inputs, outputs: m?.outputs, platform: m?.platform }), log);
  const where = `${url}${path}`;
  if (!metadata || !Array.isArray(metadata.inputs) || !Array.isArray(metadata.outputs)) throw new Error(`${where}: not KServe v2 model metadata (no inputs and outputs lists)`);
  for (const name of ["input_ids", "attention_mask"]) {
    const input = metadata.inputs.find((t) => t.name === name);
    if (!input) throw new Error(`${where}: the model has no input named ${name} (it has ${metadata.inputs.map((t) => t.name).join(", ")}); capqa sends input_ids and attention_mask`);
    if (!INT_TYPES.has(input.datatype)) throw new Error(`${where}: input ${name} is ${input.datatype}; capqa sends INT64 or INT32 token ids`);
  }
  if (!metadata.outputs.some((t) => t.name === "logits") && metadata.outputs.length !== 1) {
    throw new Error(`${where}: the model has no output named logits (it has ${metadata.outputs.map((t) => t.name).join(", ")})`);
  }
  return { metadata, url };
}

/**
 * Triton's max_batch_size for the model (its model-configuration extension,
 * GET /v2/models/{name}/config), so that no request is larger; Infinity where the server does
 * not say (other KServe servers, or a model without batching limits).
 */
async function tritonMaxBatch(pool: ServerPool, server: NliServerOptions, log?: (line: string) => void): Promise<number> {
  try {
    const config = await pool.request<{ max_batch_size?: unknown }>(`${kserveModelPath(server)}/config`, undefined, { optional: true });
    const max = Number(config?.max_batch_size);
    if (Number.isInteger(max) && max > 0) {
      log?.(`the server's max_batch_size for this model is ${max}: requests hold at most ${max} pairs`);
      return max;
    }
  } catch {
    /* not Triton, or no configuration extension: the server's own limit is unknown */
  }
  return Infinity;
}

/** Connects to KServe v2 replicas and loads the tokenizer; every problem is named before any pair is sent. */
export async function connectKserveNli(options: KserveConnectOptions): Promise<NliEngine> {
  const { server } = options;
  const pool = new ServerPool(server.urls, "kserve", { ...server, log: options.log });
  const { metadata } = await probeKserve(pool, server, options.log);
  const ref = resolveModelRef(options.model ?? PAPER_NLI_MODEL, { revision: options.revision, modelsDir: options.modelsDir });
  const dir = ref.kind === "local" ? ref.dir : (await fetchHubTokenizer(new HubClient(hubSettings(options.hub), { log: options.log }), ref.id, ref.revision, { log: options.log })).dir;
  const tf = await loadTransformers();
  const config = await loadPretrainedConfig<{ id2label?: Record<string, string> }>(tf, dir);
  const tokenizer = await loadPretrainedTokenizer<HfTokenizer>(tf, dir);
  const encoder = new PairEncoder(tokenizer, options.maxLength ?? DEFAULT_NLI_MAX_LENGTH);
  const order = labelOrder(config.id2label, `${dir}/config.json`);
  const key = await kserveModelKey(server, metadata, options);
  const limits = { ...options.limits, maxPairs: Math.min(options.limits.maxPairs, await tritonMaxBatch(pool, server, options.log)) };
  const types = new Map(metadata.inputs.map((t) => [t.name, t.datatype]));
  const outputName = metadata.outputs.some((t) => t.name === "logits") ? "logits" : metadata.outputs[0].name;
  const path = `${kserveModelPath(server)}/infer`;
  const tensor = (name: string, data: BigInt64Array, batch: TokenBatch) => ({ name, shape: [batch.pairs, batch.length], datatype: types.get(name), data: Array.from(data, Number) });
  const forward: ForwardPass = async (batch) => {
    const inputs = [tensor("input_ids", batch.ids, batch), tensor("attention_mask", batch.mask, batch)];
    if (types.has("token_type_ids")) inputs.push(tensor("token_type_ids", batch.types, batch));
    const answer = await pool.request<{ outputs?: { name: string; shape?: number[]; data?: unknown[] }[] }>(path, { inputs, outputs: [{ name: outputName }] }, { pairs: batch.pairs });
    const out = answer?.outputs?.find((o) => o.name === outputName);
    if (!out || !Array.isArray(out.data) || !Array.isArray(out.shape)) throw new ServerError(`${path}: the answer has no ${outputName} output with shape and data`, "bad-answer", false);
    const width = out.shape[out.shape.length - 1];
    if (out.shape[0] !== batch.pairs || out.data.length !== batch.pairs * width)
      throw new ServerError(`${path}: ${outputName} has shape [${out.shape.join(", ")}] and ${out.data.length} values for ${batch.pairs} pairs`, "bad-answer", false);
    const values = Float64Array.from(out.data, (v) => (typeof v === "number" ? v : NaN));
    if (values.some((v) => !Number.isFinite(v))) throw new ServerError(`${path}: ${outputName} holds a value that is not a finite number`, "bad-answer", false);
    return { values, width };
  };
  const provenance: ModelOrigin = {
    source: "server",
    id: metadata.name,
    ...(server.modelVersion ? { revision: server.modelVersion } : {}),
    dtype: metadata.outputs.find((t) => t.name === outputName)?.datatype ?? "unknown",
    device: "server",
    note: `KServe v2 (${metadata.platform ?? "unknown platform"}) at ${pool.stats.urls.join(", ")}; tokenizer ${ref.kind === "hub" ? `${ref.id}@${ref.revision}` : ref.dir}`,
  };
  options.log?.(
    `NLI server: KServe v2 model ${metadata.name} (${metadata.platform ?? "?"}) at ${pool.stats.urls.join(", ")}; tokenizer ${ref.kind === "hub" ? ref.id : ref.dir}; at most ${limits.maxPairs} pairs${limits.maxTokens === Infinity ? "" : ` and ${limits.maxTokens} tokens`} per request, ${pool.concurrency} in flight`,
  );
  return new EncodedPairsEngine({
    modelKey: key,
    device: "server",
    provenance,
    tokenizer: encoder,
    order,
    forward,
    limits,
    concurrency: pool.concurrency,
    server: pool.stats,
    log: options.log,
  });
}
