/**
 * The NLI model of a run, resolved once: the options a user gives (model, revision, dtype,
 * device, ONNX file, length and batch limits, servers) with every default from lib/constants.ts
 * applied, every value checked (an error names the option), and the model reference (a local
 * folder, or a hub id with its revision) resolved. The scoring path, the cache key, the
 * provenance and the engines take this spec rather than re-reading the loose options.
 *
 * @example
 * const spec = resolveNliModelSpec({ model: "models/demo-nli", dtype: "q8" });
 * spec.ref; // { kind: "local", dir: "/…/models/demo-nli", … }
 * spec.onnxFile; // "onnx/model_quantized.onnx"
 */
import {
  DEFAULT_DEVICE,
  DEFAULT_DTYPE,
  DEFAULT_NLI_MAX_LENGTH,
  MAX_NLI_BATCH_SIZE,
  MAX_NLI_MAX_LENGTH,
  MIN_NLI_MAX_LENGTH,
  PAPER_NLI_MODEL,
} from "../constants.js";
import { demoModelRefWarning } from "../runtime/demo-model.js";
import type { DeviceChoice, Dtype } from "../runtime/device.js";
import type { HubSettings } from "../runtime/hub-settings.js";
import { ONNX_FILE_FOR_DTYPE, resolveModelRef, type ModelRef } from "../runtime/model-ref.js";
import { batchLimitsOf, type BatchLimits } from "./batching.js";
import { checkServerOptions, type NliServerOptions } from "./server/options.js";

/** The options that name an NLI model and how it runs (NliEngineOptions' fields, as users give them). */
export interface NliModelOptions {
  /** Local folder (models/NAME or a path) or hub id; default the paper's model (KServe: the served model's tokenizer and config.json). */
  readonly model?: string;
  readonly revision?: string;
  readonly modelsDir?: string;
  readonly dtype?: Dtype;
  readonly device?: DeviceChoice;
  /**
   * An ONNX file other than the dtype's transformers.js name, relative to the folder or the
   * repository (e.g. "onnx/model_qint8_avx512.onnx" of cross-encoder/nli-deberta-v3-large).
   */
  readonly onnxFile?: string;
  readonly maxLength?: number;
  /**
   * At most this many pairs per forward pass or request (default DEFAULT_NLI_BATCH_SIZE; TEI: also at most the server's
   * max_client_batch_size).
   */
  readonly batchSize?: number;
  /**
   * At most this many tokens (pairs × padded length) per forward pass or KServe request; 0 for no budget (default
   * DEFAULT_NLI_BATCH_TOKENS).
   */
  readonly batchTokens?: number;
  readonly server?: NliServerOptions;
  /** Hub endpoint, cache folder, offline mode and token; default from HF_ENDPOINT, HF_HOME / HF_HUB_CACHE, HF_HUB_OFFLINE, HF_TOKEN. */
  readonly hub?: Partial<HubSettings>;
  readonly log?: (line: string) => void;
}

/**
 * What connecting to the servers takes (connectNliServer, nliServerModelKey): the server, and for KServe the served model's tokenizer and
 * limits.
 */
export type NliServerConnectOptions = Omit<NliModelOptions, "server" | "dtype" | "device" | "onnxFile"> & {
  readonly server: NliServerOptions;
  /**
   * The served model's tokenizer reference already resolved from `model`, `revision` and
   * `modelsDir` (resolveNliModelSpec sets it, so a run resolves it once); when absent, KServe resolves it.
   */
  readonly ref?: ModelRef;
};

interface NliModelSpecFields {
  /** The model as named (a folder, NAME in modelsDir, or a hub id); PAPER_NLI_MODEL when none is. */
  readonly model: string;
  readonly dtype: Dtype;
  /** The ONNX file read, relative to the folder or repository: the `onnxFile` option, else the dtype's transformers.js name. */
  readonly onnxFile: string;
  /** The `onnxFile` option as given: a named file is read from the repository named, with no fallback, and enters the cache key. */
  readonly namedOnnxFile: string | undefined;
  /** Where inference runs, as asked ("auto" is resolved where the model loads, since it depends on this machine). */
  readonly device: DeviceChoice;
  readonly maxLength: number;
  /** Pairs and tokens per forward pass (in-process, and per KServe request). */
  readonly limits: BatchLimits;
  readonly hub: Partial<HubSettings> | undefined;
  readonly log: ((line: string) => void) | undefined;
}

/** A model that runs in this process (transformers.js over onnxruntime). */
export interface InProcessNliModelSpec extends NliModelSpecFields {
  readonly server: undefined;
  readonly ref: ModelRef;
}

/**
 * A model on inference servers: `server` is what connecting to them takes (lib/nli/server
 * applies its own defaults, e.g. TEI's batch size). `ref` names the tokenizer and label order a
 * KServe server is fed with; null for TEI, which tokenizes itself (no model named is read).
 */
export interface ServerNliModelSpec extends NliModelSpecFields {
  readonly server: NliServerConnectOptions;
  readonly ref: ModelRef | null;
}

export type NliModelSpec = InProcessNliModelSpec | ServerNliModelSpec;

const DTYPES = Object.keys(ONNX_FILE_FOR_DTYPE) as Dtype[];
const DEVICE_CHOICES: readonly DeviceChoice[] = ["cpu", "cuda", "webgpu", "auto"];

function checkInteger(value: number, option: string, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new RangeError(`the \`${option}\` option must be an integer from ${min} to ${max}, got ${value}`);
}

/**
 * The spec of the model `options` name: defaults applied (DEFAULT_DTYPE, DEFAULT_DEVICE,
 * DEFAULT_NLI_MAX_LENGTH, the batch limits, PAPER_NLI_MODEL), values checked, the reference
 * resolved (a path that exists is a folder, else owner/name is a hub id). Throws the first bad
 * value, naming its option; reads no model file (lib/score/preflight.ts checks the files).
 */
export function resolveNliModelSpec(options: NliModelOptions & { readonly server?: undefined }): InProcessNliModelSpec;
export function resolveNliModelSpec(options?: NliModelOptions): NliModelSpec;
export function resolveNliModelSpec(options: NliModelOptions = {}): NliModelSpec {
  const dtype = options.dtype ?? DEFAULT_DTYPE;
  if (!DTYPES.includes(dtype)) throw new Error(`the \`dtype\` option must be one of ${DTYPES.join(", ")}, got ${JSON.stringify(dtype)}`);
  if (options.batchSize !== undefined) checkInteger(options.batchSize, "batchSize", 1, MAX_NLI_BATCH_SIZE);
  const limits = batchLimitsOf(options);
  const maxLength = options.maxLength ?? DEFAULT_NLI_MAX_LENGTH;
  checkInteger(maxLength, "maxLength", MIN_NLI_MAX_LENGTH, MAX_NLI_MAX_LENGTH);
  const device = options.device ?? DEFAULT_DEVICE;
  if (!DEVICE_CHOICES.includes(device))
    throw new Error(`the \`device\` option must be one of ${DEVICE_CHOICES.join(", ")}, got ${JSON.stringify(device)}`);
  const model = options.model ?? PAPER_NLI_MODEL;
  const namedOnnxFile = options.onnxFile;
  const fields: NliModelSpecFields = {
    model,
    dtype,
    onnxFile: namedOnnxFile ?? `onnx/${ONNX_FILE_FOR_DTYPE[dtype]}`,
    namedOnnxFile,
    device,
    maxLength,
    limits,
    hub: options.hub,
    log: options.log,
  };
  const ref = (): ModelRef => resolveModelRef(model, { revision: options.revision, modelsDir: options.modelsDir });
  if (!options.server) return Object.freeze({ ...fields, server: undefined, ref: ref() });
  checkServerOptions(options.server);
  const served = options.server.protocol === "tei" ? null : ref();
  const server: NliServerConnectOptions = {
    server: options.server,
    model: options.model,
    revision: options.revision,
    modelsDir: options.modelsDir,
    maxLength,
    batchSize: options.batchSize,
    batchTokens: options.batchTokens,
    hub: options.hub,
    log: options.log,
    ref: served ?? undefined,
  };
  return Object.freeze({ ...fields, server, ref: served });
}

/**
 * DEMO_NLI_MODEL_WARNING when the spec's model is capqa's demo model folder (inference servers never are, as far as capqa can tell); else
 * null.
 */
export function demoWarningOf(spec: NliModelSpec): string | null {
  return spec.server ? null : demoModelRefWarning(spec.ref);
}
