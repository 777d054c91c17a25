/**
 * The NLI engine over the KServe v2 inference protocol (`POST /v2/models/{name}/infer`), as
 * NVIDIA Triton serves an ONNX file with its ONNX Runtime backend on CUDA or TensorRT: capqa
 * tokenizes with the model's own tokenizer (the `model` option: the folder or hub id whose
 * tokenizer.json and config.json match the served weights), forms token-budget batches exactly
 * as in-process, sends `input_ids` and `attention_mask` (and `token_type_ids` when the model
 * takes them) and reads `logits`. So a server running the same ONNX file gives the in-process
 * probabilities, and a resumed run repeats the bits. The model's version is checked: replicas
 * must list the same one (or the `modelVersion` option names it), and every answer must name it.
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
import { concatRows, EncodedPairsEngine, padBatch, type ForwardPass, type TokenBatch } from "../encoded-engine.js";
import { NliFatalError, type ModelOrigin, type NliEngine } from "../engine.js";
import { labelOrder } from "../labels.js";
import { hubWeightsIdentity, labelOrderDigest, tokenizerDigest } from "../model-key.js";
import { PairEncoder, pairEncodingOf, type HfTokenizer } from "../pair-encoding.js";
import type { NliServerOptions } from "./options.js";
import { probabilitiesAsLogits } from "./output.js";
import { checkCanaries, probeReplicas, type ReplicaAnswer } from "./probe.js";
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
  /** `model`, `revision` and `modelsDir` already resolved (resolveNliModelSpec's); when absent, they are resolved here. */
  readonly ref?: ModelRef;
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

/** Where the served model's tokenizer and config.json are: a folder or hub id, or that already resolved. */
type ServedTokenizer = { readonly model?: string; readonly revision?: string; readonly modelsDir?: string; readonly ref?: ModelRef };

/** The served tokenizer's reference: the one resolved before (`ref`), else `model` (default the paper's) resolved now. */
function servedTokenizerRef(options: ServedTokenizer): ModelRef {
  return options.ref ?? resolveModelRef(options.model ?? PAPER_NLI_MODEL, { revision: options.revision, modelsDir: options.modelsDir });
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
export async function kserveModelKey(
  server: NliServerOptions,
  metadata: KserveModelMetadata,
  options: ServedTokenizer & { maxLength?: number },
): Promise<string> {
  const ref = servedTokenizerRef(options);
  const version = server.modelVersion ?? metadata.versions?.[metadata.versions.length - 1];
  const maxLength = options.maxLength ?? DEFAULT_NLI_MAX_LENGTH;
  const output = server.output === "probabilities" ? ":probabilities" : "";
  return `kserve:${metadata.name}${version ? `@${version}` : ""}:tokenizer:${await tokenizerIdentity(ref)}${maxLength === 512 ? "" : `:max${maxLength}`}${output}`;
}

/** Checks one replica's model metadata: the lists capqa reads, and versions as a list of labels. */
function checkMetadata(metadata: unknown, where: string): void {
  const m = metadata as KserveModelMetadata | null;
  if (!m || typeof m !== "object" || !Array.isArray(m.inputs) || !Array.isArray(m.outputs))
    throw new Error(`${where}: not KServe v2 model metadata (no inputs and outputs lists)`);
  if (typeof m.name !== "string") throw new Error(`${where}: the model metadata's name is ${JSON.stringify(m.name)}, not a name`);
  if (m.versions !== undefined && (!Array.isArray(m.versions) || !m.versions.every((v) => typeof v === "string")))
    throw new Error(`${where}: the model metadata's versions is ${JSON.stringify(m.versions).slice(0, 80)}, not a list of version labels`);
}

/** The version every answer must name: the `modelVersion` option, else the one version the server lists (several are refused). */
function servedVersion(server: NliServerOptions, metadata: KserveModelMetadata, where: string): string | undefined {
  const listed = metadata.versions;
  if (server.modelVersion !== undefined) {
    if (listed && listed.length > 0 && !listed.includes(server.modelVersion))
      throw new Error(
        `${where}: ${metadata.name} has version${listed.length > 1 ? "s" : ""} ${listed.join(", ")}, not version ${server.modelVersion} (the \`modelVersion\` option)`,
      );
    return server.modelVersion;
  }
  if (listed && listed.length > 1)
    throw new Error(
      `${where}: ${metadata.name} has versions ${listed.join(", ")} loaded; name the one to use with the \`modelVersion\` option, so that every answer comes from it and the cache knows which`,
    );
  return listed?.[0];
}

/** The metadata of every replica, checked to describe one model and one version with the inputs capqa sends. */
export async function probeKserve(
  pool: ServerPool,
  server: NliServerOptions,
  log?: (line: string) => void,
): Promise<{ metadata: KserveModelMetadata; url: string; answered: ReplicaAnswer<KserveModelMetadata>[]; version: string | undefined }> {
  const path = kserveModelPath(server);
  const {
    answer: metadata,
    url,
    answered,
  } = await probeReplicas<KserveModelMetadata>(
    pool,
    path,
    (m) => JSON.stringify({ name: m.name, versions: m.versions ?? null, inputs: m.inputs, outputs: m.outputs, platform: m.platform }),
    {
      check: (m, at) => checkMetadata(m, `${at}${path}`),
      differ: (a, b) =>
        JSON.stringify(a.answer.versions ?? null) !== JSON.stringify(b.answer.versions ?? null)
          ? `the KServe replicas serve different versions of ${a.answer.name}: ${a.url} has ${a.answer.versions?.join(", ") ?? "none listed"}, ${b.url} has ${b.answer.versions?.join(", ") ?? "none listed"}; replicas must serve one version (the \`modelVersion\` option names it)`
          : `the NLI servers serve different models: ${a.url} and ${b.url} describe ${a.answer.name} differently (platform, inputs or outputs); replicas must serve one model`,
      log,
    },
  );
  const where = `${url}${path}`;
  const version = servedVersion(server, metadata, where);
  for (const name of ["input_ids", "attention_mask"]) {
    const input = metadata.inputs.find((t) => t.name === name);
    if (!input)
      throw new Error(
        `${where}: the model has no input named ${name} (it has ${metadata.inputs.map((t) => t.name).join(", ")}); capqa sends input_ids and attention_mask`,
      );
    if (!INT_TYPES.has(input.datatype))
      throw new Error(`${where}: input ${name} is ${input.datatype}; capqa sends INT64 or INT32 token ids`);
  }
  if (!metadata.outputs.some((t) => t.name === "logits") && metadata.outputs.length !== 1) {
    throw new Error(`${where}: the model has no output named logits (it has ${metadata.outputs.map((t) => t.name).join(", ")})`);
  }
  return { metadata, url, answered, version };
}

/** Triton's largest max_batch_size (an int32). */
const MAX_INT32 = 2 ** 31 - 1;

/**
 * Triton's max_batch_size for the model on each replica (its model-configuration extension,
 * GET /v2/models/{name}/config), so that no request is larger; Infinity where no replica says
 * (other KServe servers) or says 0 (no batching limit). A value that is not an integer from 0
 * to 2^31-1 is refused, naming the replica.
 */
async function tritonMaxBatch(
  pool: ServerPool,
  server: NliServerOptions,
  replicas: readonly number[],
  log?: (line: string) => void,
): Promise<number> {
  const path = `${kserveModelPath(server)}/config`;
  let smallest = Infinity;
  for (const i of replicas) {
    let config: { max_batch_size?: unknown } | null;
    try {
      config = await pool.request<{ max_batch_size?: unknown } | null>(path, undefined, { optional: true, server: i });
    } catch {
      continue; // not Triton, or no configuration extension: the server's own limit is unknown
    }
    const max = config?.max_batch_size;
    if (max === undefined || max === null || max === 0) continue;
    if (typeof max !== "number" || !Number.isInteger(max) || max < 0 || max > MAX_INT32)
      throw new Error(
        `${pool.servers[i].shown}${path}: max_batch_size is ${JSON.stringify(max)}; Triton's limit is an integer from 0 (no limit) to ${MAX_INT32}, so capqa cannot plan its requests for this server`,
      );
    smallest = Math.min(smallest, max);
  }
  if (smallest < Infinity) log?.(`the server's max_batch_size for this model is ${smallest}: requests hold at most ${smallest} pairs`);
  return smallest;
}

/** Connects to KServe v2 replicas and loads the tokenizer; every problem is named before any pair is sent. */
export async function connectKserveNli(options: KserveConnectOptions): Promise<NliEngine> {
  const { server } = options;
  const pool = new ServerPool(server.urls, "kserve", { ...server, log: options.log });
  const { metadata, answered, version } = await probeKserve(pool, server, options.log);
  const replicas = answered.map((a) => a.server);
  const ref = servedTokenizerRef(options);
  const dir =
    ref.kind === "local"
      ? ref.dir
      : (await fetchHubTokenizer(new HubClient(hubSettings(options.hub), { log: options.log }), ref.id, ref.revision, { log: options.log }))
          .dir;
  const tf = await loadTransformers();
  const config = await loadPretrainedConfig<{ id2label?: Record<string, string>; type_vocab_size?: number }>(tf, dir);
  const tokenizer = await loadPretrainedTokenizer<HfTokenizer>(tf, dir);
  const encoder = new PairEncoder(tokenizer, options.maxLength ?? DEFAULT_NLI_MAX_LENGTH, pairEncodingOf(tokenizer, config, dir));
  const order = labelOrder(config.id2label, `${dir}/config.json`);
  const limits = {
    ...options.limits,
    maxPairs: Math.min(options.limits.maxPairs, await tritonMaxBatch(pool, server, replicas, options.log)),
  };
  const types = new Map(metadata.inputs.map((t) => [t.name, t.datatype]));
  const outputName = metadata.outputs.some((t) => t.name === "logits") ? "logits" : metadata.outputs[0].name;
  const path = `${kserveModelPath(server)}/infer`;
  const tensor = (name: string, data: BigInt64Array, batch: TokenBatch) => ({
    name,
    shape: [batch.pairs, batch.length],
    datatype: types.get(name),
    data: Array.from(data, Number),
  });
  // The version answers name: the one probed, else the first answer's (all must agree, or the cache would mix them).
  let answeredVersion = version;
  /** One replica's answer (any, or `server`), checked: this model and version, a [pairs, classes] tensor of finite numbers. */
  const scores = async (batch: TokenBatch, server?: number): Promise<{ values: Float64Array; width: number }> => {
    const inputs = [tensor("input_ids", batch.ids, batch), tensor("attention_mask", batch.mask, batch)];
    if (types.has("token_type_ids")) inputs.push(tensor("token_type_ids", batch.types, batch));
    let via = "";
    type Answer = { model_name?: unknown; model_version?: unknown; outputs?: { name: string; shape?: unknown[]; data?: unknown[] }[] };
    const answer = await pool.request<Answer | null>(
      path,
      { inputs, outputs: [{ name: outputName }] },
      { ...(server === undefined ? { pairs: batch.pairs } : { server, retries: 2 }), via: (url) => (via = url) },
    );
    const where = `${via}${path}`;
    if (answer?.model_name !== undefined && answer.model_name !== metadata.name)
      throw pool.stop(
        new NliFatalError(
          `${where} answered model_name ${JSON.stringify(answer.model_name)}, not ${metadata.name}: replicas must serve one model; stopping, with the pairs answered before kept`,
        ),
      );
    if (answer?.model_version !== undefined) {
      const v = String(answer.model_version);
      answeredVersion ??= v;
      if (v !== answeredVersion)
        throw pool.stop(
          new NliFatalError(
            `${where} answered model_version ${JSON.stringify(v)}, but this run uses version ${answeredVersion} of ${metadata.name} (its NLI cache key; the \`modelVersion\` option names it): replicas must serve one version; stopping, with the pairs answered before kept`,
          ),
        );
    }
    const out = answer?.outputs?.find((o) => o.name === outputName);
    if (!out || !Array.isArray(out.data) || !Array.isArray(out.shape))
      throw new ServerError(`${where}: the answer has no ${outputName} output with shape and data`, "bad-answer", false);
    const shape = out.shape;
    const width = shape[shape.length - 1];
    if (shape.length !== 2 || shape[0] !== batch.pairs || width !== order.size || out.data.length !== batch.pairs * order.size)
      throw new ServerError(
        `${where}: ${outputName} has shape ${JSON.stringify(shape).slice(0, 60)} and ${out.data.length} values for ${batch.pairs} pairs; the model's id2label names ${order.size} classes`,
        "bad-answer",
        false,
      );
    const values = Float64Array.from(out.data, (v) => (typeof v === "number" ? v : NaN));
    if (values.some((v) => !Number.isFinite(v)))
      throw new ServerError(`${where}: ${outputName} holds a value that is not a finite number`, "bad-answer", false);
    return { values, width: order.size };
  };
  const output = await checkCanaries(
    pool,
    replicas,
    async (server, premises, hypotheses) => {
      const encoded = premises.map((p, i) => encoder.encode(p, hypotheses[i]));
      const parts: Float64Array[] = [];
      for (let s = 0; s < encoded.length; s += limits.maxPairs) {
        const idx = Array.from({ length: Math.min(limits.maxPairs, encoded.length - s) }, (_, k) => s + k);
        parts.push((await scores(padBatch(idx, encoded, encoder.padId), server)).values);
      }
      return { values: concatRows(parts), width: order.size };
    },
    order,
    server.output,
    options.log,
  );
  const key = await kserveModelKey({ ...server, output }, metadata, options);
  const forward: ForwardPass = async (batch) => {
    const { values, width } = await scores(batch);
    // The engine takes the softmax: probabilities go in as their logarithms, whose softmax they are.
    return output === "probabilities" ? { values: probabilitiesAsLogits(values, width, path), width } : { values, width };
  };
  const provenance: ModelOrigin = {
    source: "server",
    id: metadata.name,
    ...(version ? { revision: version } : {}),
    dtype: metadata.outputs.find((t) => t.name === outputName)?.datatype ?? "unknown",
    device: "server",
    note: `KServe v2 (${metadata.platform ?? "unknown platform"}) at ${pool.stats.urls.join(", ")}; tokenizer ${ref.kind === "hub" ? `${ref.id}@${ref.revision}` : ref.dir}`,
  };
  options.log?.(
    `NLI server: KServe v2 model ${metadata.name} (${metadata.platform ?? "?"}) at ${pool.stats.urls.join(", ")}; tokenizer ${ref.kind === "hub" ? ref.id : ref.dir}; at most ${limits.maxPairs} pairs${limits.maxTokens === Infinity ? "" : ` and ${limits.maxTokens} tokens`} per request, ${pool.concurrency} in flight${output === "probabilities" ? "; it sends probabilities, taken as they are" : ""}`,
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
