/**
 * The NLI engine over transformers.js and onnxruntime-node: a sequence-classification model
 * from a local folder or the hub, pairs encoded with longest-first truncation, batches formed
 * from length-sorted pairs (little padding), softmax in float64, results in input order.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_NLI_BATCH_SIZE, DEFAULT_NLI_MAX_LENGTH, PAPER_NLI_MODEL } from "../constants.js";
import { HubClient } from "../runtime/hub-client.js";
import { fetchHubModel, onnxSources, type FetchedHubModel } from "../runtime/hub-model.js";
import { hubSettings, type HubSettings } from "../runtime/hub-settings.js";
import { checkDtype, fileSha256, missingModelFiles, ONNX_FILE_FOR_DTYPE, resolveModelRef } from "../runtime/model-ref.js";
import { floatValues } from "../runtime/tensors.js";
import { loadPretrainedConfig, loadPretrainedModel, loadPretrainedTokenizer, loadTransformers, type Transformers } from "../runtime/transformers.js";
import { resolveDevice } from "../runtime/device.js";
import { checkPairs, type ModelOrigin, type NliDeviceChoice, type NliDtype, type NliEngine, type NliRunOptions, type NliStats, type NliDevice } from "./engine.js";
import { labelOrder, nliSoftmax, type LabelOrder } from "./labels.js";
import { modelKey } from "./model-key.js";
import { PairEncoder, type EncodedPair, type HfTokenizer } from "./pair-encoding.js";

export interface TransformersNliOptions {
  /** Local folder (models/NAME or a path) or hub id; default the paper's model. */
  readonly model?: string;
  readonly revision?: string;
  readonly device?: NliDeviceChoice;
  readonly dtype?: NliDtype;
  /**
   * An ONNX file other than the dtype's transformers.js name, relative to the folder or the
   * repository (e.g. "onnx/model_qint8_avx512.onnx" of cross-encoder/nli-deberta-v3-large).
   */
  readonly onnxFile?: string;
  readonly batchSize?: number;
  readonly maxLength?: number;
  readonly modelsDir?: string;
  /** Hub endpoint, cache folder, offline mode and token; default from HF_ENDPOINT, HF_HOME / HF_HUB_CACHE, HF_HUB_OFFLINE, HF_TOKEN. */
  readonly hub?: Partial<HubSettings>;
  readonly log?: (line: string) => void;
}

interface LoadedModel {
  (inputs: Record<string, unknown>): Promise<{ logits: { data: ArrayLike<number>; dims: number[]; type: string } }>;
  sessions: Record<string, { inputNames: string[] }>;
  dispose(): Promise<unknown>;
}

/**
 * Loads the model and returns an engine; every failure names the model and what is wrong.
 *
 * @example
 * const engine = await loadTransformersNli({ model: "cross-encoder/nli-deberta-v3-large", dtype: "fp16", device: "cuda" });
 * const probs = await engine.probabilities(["A cat sat."], ["An animal sat."]); // entailment, neutral, contradiction
 */
export async function loadTransformersNli(options: TransformersNliOptions = {}): Promise<NliEngine> {
  const spec = options.model ?? PAPER_NLI_MODEL;
  const dtype = options.dtype ?? "fp32";
  checkDtype(dtype);
  const batchSize = options.batchSize ?? DEFAULT_NLI_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`batch size must be a positive integer, got ${batchSize}`);
  const maxLength = options.maxLength ?? DEFAULT_NLI_MAX_LENGTH;
  const log = options.log ?? (() => {});
  const ref = resolveModelRef(spec, { revision: options.revision, modelsDir: options.modelsDir });
  if (ref.kind === "local") {
    const missing = missingModelFiles(ref.dir, dtype, options.onnxFile);
    if (missing.length > 0) {
      throw new Error(
        `model folder ${ref.dir} lacks ${missing.join(", ")} (dtype ${dtype} reads ${options.onnxFile ?? `onnx/${ONNX_FILE_FOR_DTYPE[dtype]}`}); a model folder holds config.json, tokenizer.json and onnx/model*.onnx as transformers.js reads them`,
      );
    }
  }
  const device = resolveDevice(options.device ?? "cpu", log);
  const tf = await loadTransformers();
  // A hub model is fetched into the huggingface_hub cache first; then both kinds load from disk.
  let dir: string;
  let onnxFile: string;
  let externalData = false;
  let provenance: ModelOrigin;
  if (ref.kind === "hub") {
    const client = new HubClient(hubSettings(options.hub), { log });
    let fetched: FetchedHubModel;
    try {
      fetched = await fetchHubModel(client, onnxSources(ref.id, ref.revision, dtype, options.onnxFile), { log });
    } catch (err) {
      throw new Error(`cannot load hub model ${ref.id}@${ref.revision}: ${(err as Error).message}`, { cause: err });
    }
    ({ dir, onnxFile, externalData } = fetched);
    provenance = {
      source: "hub",
      id: ref.id,
      revision: ref.revision,
      repo: fetched.repo,
      repoRevision: fetched.revision,
      commit: fetched.commit,
      file: onnxFile,
      sha256: fetched.sha256 ?? (await fileSha256(`${dir}/${onnxFile}`)),
      dtype,
      device,
      note: fetched.note,
    };
  } else {
    dir = ref.dir;
    onnxFile = options.onnxFile ?? `onnx/${ONNX_FILE_FOR_DTYPE[dtype]}`;
    externalData = existsSync(join(dir, `${onnxFile}_data`));
    provenance = { source: "local", id: ref.dir, file: onnxFile, sha256: await fileSha256(join(dir, onnxFile)), dtype, device };
  }
  let config: { id2label?: Record<string, string> };
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
  const encoder = new PairEncoder(tokenizer, maxLength);
  const key = await modelKey(ref, { dtype, maxLength: encoder.maxLength, device, onnxFile: options.onnxFile, hashFile: async (f) => (f === join(dir, onnxFile) ? provenance.sha256! : fileSha256(f)) });
  log(`loaded ${key} on ${device} (${dtype}, batch ${batchSize}, max length ${encoder.maxLength})`);
  return new TransformersNliEngine(tf, model, encoder, order, key, device, batchSize, provenance);
}

/**
 * Batches over pairs of these token lengths: longest first (the largest batch shape is met, and
 * fails if memory is short, at once), ties in input order, `batchSize` pairs each. A function of
 * the lengths alone, so the same pairs always form the same batches.
 */
export function lengthSortedBatches(lengths: readonly number[], batchSize: number): Uint32Array[] {
  const order = Uint32Array.from({ length: lengths.length }, (_, i) => i).sort((a, b) => lengths[b] - lengths[a] || a - b);
  const batches: Uint32Array[] = [];
  for (let s = 0; s < order.length; s += batchSize) batches.push(order.slice(s, s + batchSize));
  return batches;
}

class TransformersNliEngine implements NliEngine {
  readonly stats: NliStats = { truncatedPairs: 0, inferredPairs: 0, batches: 0 };
  private readonly wantsTypes: boolean;

  constructor(
    private readonly tf: Transformers,
    private readonly model: LoadedModel,
    private readonly encoder: PairEncoder,
    private readonly order: LabelOrder,
    readonly modelKey: string,
    readonly device: NliDevice,
    private readonly batchSize: number,
    readonly provenance: ModelOrigin,
  ) {
    const inputs = Object.values(model.sessions)[0]?.inputNames ?? ["input_ids", "attention_mask", "token_type_ids"];
    this.wantsTypes = inputs.includes("token_type_ids");
  }

  async probabilities(premises: readonly string[], hypotheses: readonly string[], options: NliRunOptions = {}): Promise<Float64Array> {
    checkPairs(premises, hypotheses);
    const n = premises.length;
    const out = new Float64Array(3 * n);
    const encoded: EncodedPair[] = premises.map((p, i) => this.encoder.encode(p, hypotheses[i]));
    for (const e of encoded) if (e.truncated) this.stats.truncatedPairs++;
    let done = 0;
    for (const idx of lengthSortedBatches(
      encoded.map((e) => e.ids.length),
      this.batchSize,
    )) {
      const probs = await this.runEncoded(idx, encoded);
      for (let k = 0; k < idx.length; k++) out.set(probs.subarray(3 * k, 3 * k + 3), 3 * idx[k]);
      done += idx.length;
      options.onBatch?.(idx, probs);
      options.onProgress?.(done, n);
    }
    return out;
  }

  planBatches(premises: readonly string[], hypotheses: readonly string[]): Uint32Array[] {
    checkPairs(premises, hypotheses);
    return lengthSortedBatches(
      premises.map((p, i) => this.encoder.encode(p, hypotheses[i]).ids.length),
      this.batchSize,
    );
  }

  async runBatch(premises: readonly string[], hypotheses: readonly string[]): Promise<Float64Array> {
    checkPairs(premises, hypotheses);
    const encoded = premises.map((p, i) => this.encoder.encode(p, hypotheses[i]));
    for (const e of encoded) if (e.truncated) this.stats.truncatedPairs++;
    return this.runEncoded(
      Uint32Array.from(encoded, (_, i) => i),
      encoded,
    );
  }

  private async runEncoded(idx: Uint32Array, encoded: EncodedPair[]): Promise<Float64Array> {
    const B = idx.length;
    let L = 0;
    for (const i of idx) L = Math.max(L, encoded[i].ids.length);
    const ids = new BigInt64Array(B * L).fill(BigInt(this.encoder.padId));
    const mask = new BigInt64Array(B * L);
    const types = new BigInt64Array(B * L);
    idx.forEach((i, b) => {
      const e = encoded[i];
      for (let t = 0; t < e.ids.length; t++) {
        ids[b * L + t] = BigInt(e.ids[t]);
        mask[b * L + t] = 1n;
        types[b * L + t] = BigInt(e.types[t]);
      }
    });
    const inputs: Record<string, unknown> = {
      input_ids: new this.tf.Tensor("int64", ids, [B, L]),
      attention_mask: new this.tf.Tensor("int64", mask, [B, L]),
    };
    if (this.wantsTypes) inputs.token_type_ids = new this.tf.Tensor("int64", types, [B, L]);
    const { logits } = await this.model(inputs);
    const width = logits.dims[logits.dims.length - 1];
    if (width !== this.order.size) throw new Error(`model returned ${width} logits per pair, config.json's id2label names ${this.order.size}`);
    const values = floatValues(logits, "logits");
    const probs = new Float64Array(3 * B);
    for (let b = 0; b < B; b++) nliSoftmax(values, b * width, this.order, probs, 3 * b);
    this.stats.inferredPairs += B;
    this.stats.batches++;
    return probs;
  }

  async dispose(): Promise<void> {
    await this.model.dispose();
  }
}
