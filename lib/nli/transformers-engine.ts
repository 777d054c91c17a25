/**
 * The NLI engine over transformers.js and onnxruntime-node: a sequence-classification model
 * from a local folder or the hub (`loadNliClassifier`: tokenizer, label order, forward pass),
 * run by the encoded-pairs engine (lib/nli/encoded-engine.ts: token-budget batches of
 * length-sorted pairs, softmax in float64, results in input order, out-of-memory splits).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { HubClient } from "../runtime/hub-client.js";
import { fetchHubModel, onnxSources, resolveModelCommit, type FetchedHubModel } from "../runtime/hub-model.js";
import { hubSettings } from "../runtime/hub-settings.js";
import { fileSha256, missingModelFiles } from "../runtime/model-ref.js";
import { floatValues } from "../runtime/tensors.js";
import { loadPretrainedConfig, loadPretrainedModel, loadPretrainedTokenizer, loadTransformers } from "../runtime/transformers.js";
import { resolveDevice } from "../runtime/device.js";
import { EncodedPairsEngine, type ForwardPass } from "./encoded-engine.js";
import type { ModelOrigin, NliEngine } from "./engine.js";
import type { Device } from "../runtime/device.js";
import { labelOrder, type LabelOrder } from "./labels.js";
import { specModelKey } from "./model-key.js";
import { resolveNliModelSpec, type InProcessNliModelSpec, type NliModelOptions } from "./model-spec.js";
import { PairEncoder, pairEncodingOf, type HfTokenizer } from "./pair-encoding.js";

/** The in-process engine's options: the NLI model options without a server. */
export type TransformersNliOptions = Omit<NliModelOptions, "server">;

interface LoadedModel {
  (inputs: Record<string, unknown>): Promise<{ logits: { data: ArrayLike<number>; dims: number[]; type: string } }>;
  sessions: Record<string, { inputNames: string[] }>;
  dispose(): Promise<unknown>;
}

/** A loaded sequence classifier: its tokenization, label order and forward pass, without batching. */
export interface NliClassifier {
  readonly modelKey: string;
  readonly device: Device;
  readonly provenance: ModelOrigin;
  readonly encoder: PairEncoder;
  readonly order: LabelOrder;
  /** config.json's id2label, as the model names its classes. */
  readonly id2label: Record<string, string>;
  /** The ONNX graph's input names (DeBERTa-v3 has no token_type_ids). */
  readonly inputNames: readonly string[];
  readonly forward: ForwardPass;
  dispose(): Promise<void>;
}

/**
 * Loads the model and returns an engine; every failure names the model and what is wrong.
 *
 * @example
 * const engine = await loadTransformersNli({ model: "cross-encoder/nli-deberta-v3-large", dtype: "fp16", device: "cuda" });
 * const probs = await engine.probabilities(["A cat sat."], ["An animal sat."]); // entailment, neutral, contradiction
 */
export async function loadTransformersNli(options: TransformersNliOptions = {}): Promise<NliEngine> {
  return loadTransformersNliOf(inProcessSpec(options));
}

/** The options of an in-process model as a spec (a `server` among them is not this engine's). */
function inProcessSpec(options: TransformersNliOptions): InProcessNliModelSpec {
  return resolveNliModelSpec({ ...options, server: undefined });
}

/** loadTransformersNli of a resolved spec. */
export async function loadTransformersNliOf(spec: InProcessNliModelSpec): Promise<NliEngine> {
  const { limits, log } = spec;
  const classifier = await loadNliClassifierOf(spec);
  const batching = `at most ${limits.maxPairs} pairs${limits.maxTokens === Infinity ? "" : ` and ${limits.maxTokens} tokens`} per batch`;
  log?.(
    `loaded ${classifier.modelKey} on ${classifier.device} (${classifier.provenance.dtype}, ${batching}, max length ${classifier.encoder.maxLength})`,
  );
  return new EncodedPairsEngine({
    modelKey: classifier.modelKey,
    device: classifier.device,
    provenance: classifier.provenance,
    tokenizer: classifier.encoder,
    order: classifier.order,
    forward: classifier.forward,
    limits,
    log,
    dispose: () => classifier.dispose(),
  });
}

/**
 * The model of `options` (local folder or hub id, dtype, device, ONNX file) with its tokenizer
 * and label order, as a forward pass from padded token ids to logits: what the engine batches,
 * and what a test server answers requests with.
 */
export async function loadNliClassifier(options: TransformersNliOptions = {}): Promise<NliClassifier> {
  return loadNliClassifierOf(inProcessSpec(options));
}

/** loadNliClassifier of a resolved spec. */
export async function loadNliClassifierOf(spec: InProcessNliModelSpec): Promise<NliClassifier> {
  const { ref, dtype } = spec;
  const log = spec.log ?? (() => {});
  if (ref.kind === "local") {
    const missing = missingModelFiles(ref.dir, dtype, spec.namedOnnxFile);
    if (missing.length > 0) {
      throw new Error(
        `model folder ${ref.dir} lacks ${missing.join(", ")} (dtype ${dtype} reads ${spec.onnxFile}); a model folder holds config.json, tokenizer.json and onnx/model*.onnx as transformers.js reads them`,
      );
    }
  }
  const device = resolveDevice(spec.device, log);
  const tf = await loadTransformers();
  // A hub model is fetched into the huggingface_hub cache first; then both kinds load from disk.
  let dir: string;
  let onnxFile: string;
  let externalData = false;
  let provenance: ModelOrigin;
  let keyCommit: string | undefined;
  if (ref.kind === "hub") {
    const client = new HubClient(hubSettings(spec.hub), { log });
    let fetched: FetchedHubModel;
    try {
      fetched = await fetchHubModel(client, onnxSources(ref.id, ref.revision, dtype, spec.namedOnnxFile), { log });
    } catch (err) {
      throw new Error(`cannot load hub model ${ref.id}@${ref.revision}: ${(err as Error).message}`, { cause: err });
    }
    ({ dir, onnxFile, externalData } = fetched);
    // The key holds the commit of the repository the user named (the files may come from the paper's conversion).
    keyCommit = fetched.repo === ref.id ? fetched.commit : await resolveModelCommit(client, ref.id, ref.revision, log);
    provenance = {
      source: "hub",
      id: ref.id,
      revision: ref.revision,
      repo: fetched.repo,
      repoRevision: fetched.revision,
      commit: fetched.commit,
      file: onnxFile,
      sha256: fetched.sha256,
      dtype,
      device,
      note: fetched.note,
    };
  } else {
    dir = ref.dir;
    onnxFile = spec.onnxFile;
    externalData = existsSync(join(dir, `${onnxFile}_data`));
    provenance = { source: "local", id: ref.dir, file: onnxFile, sha256: await fileSha256(join(dir, onnxFile)), dtype, device };
  }
  let config: { id2label?: Record<string, string>; type_vocab_size?: number };
  let tokenizer: HfTokenizer;
  let model: LoadedModel;
  try {
    config = await loadPretrainedConfig(tf, dir);
    tokenizer = await loadPretrainedTokenizer(tf, dir);
    model = await loadPretrainedModel(tf, "AutoModelForSequenceClassification", dir, { dtype, device, onnxFile, externalData });
  } catch (err) {
    const what = ref.kind === "hub" ? `hub model ${ref.id}@${ref.revision} (files in ${dir})` : `model folder ${ref.dir}`;
    throw new Error(`cannot load ${what} on ${device} with dtype ${dtype}: ${(err as Error).message}`);
  }
  const order = labelOrder(config.id2label, `${dir}/config.json`);
  const encoder = new PairEncoder(tokenizer, spec.maxLength, pairEncodingOf(tokenizer, config, dir));
  const key = await specModelKey(spec, {
    maxLength: encoder.maxLength,
    device,
    hashFile: async (f) => (f === join(dir, onnxFile) ? provenance.sha256! : fileSha256(f)),
    ...(ref.kind === "hub" ? { commit: keyCommit, snapshot: { dir, onnxFile } } : {}),
  });
  const inputNames = Object.values(model.sessions)[0]?.inputNames ?? ["input_ids", "attention_mask", "token_type_ids"];
  const wantsTypes = inputNames.includes("token_type_ids");
  const forward: ForwardPass = async (batch) => {
    const shape = [batch.pairs, batch.length];
    const inputs: Record<string, unknown> = {
      input_ids: new tf.Tensor("int64", batch.ids, shape),
      attention_mask: new tf.Tensor("int64", batch.mask, shape),
    };
    if (wantsTypes) inputs.token_type_ids = new tf.Tensor("int64", batch.types, shape);
    const { logits } = await model(inputs);
    return { values: floatValues(logits, "logits"), width: logits.dims[logits.dims.length - 1] };
  };
  const id2label = Object.fromEntries(Object.entries(config.id2label ?? {}).map(([k, v]) => [k, String(v)]));
  return {
    modelKey: key,
    device,
    provenance,
    encoder,
    order,
    id2label,
    inputNames,
    forward,
    dispose: async () => void (await model.dispose()),
  };
}
