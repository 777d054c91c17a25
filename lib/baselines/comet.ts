/**
 * COMET (Rei et al., 2020/2022) as the paper ran it: Unbabel/wmt22-comet-da, the question as
 * source, the candidate answer as MT output and the gold answer as reference. A port of the
 * RegressionMetric estimator of the unbabel-comet package (2.x) over a user-exported model
 * folder, run through transformers.js and onnxruntime-node. The released data holds no COMET
 * scores and capqa never makes any up: without a folder, `cometUnavailable()` says how to get one.
 *
 * ## Model folder contract (scripts/export/export_comet.py writes it)
 *   config.json, tokenizer.json, tokenizer_config.json   the encoder's (XLM-R large for wmt22-comet-da)
 *   onnx/model.onnx (+ onnx/model.onnx_data)   the encoder: input_ids, attention_mask int64
 *       [batch, sequence] → hidden_states float [layers, batch, sequence, hidden], every hidden
 *       state stacked (torch.stack(output_hidden_states), 25 for XLM-R large)
 *   onnx/estimator.onnx   the feed-forward head: features float [batch, 6·hidden] → score [batch, 1]
 *   comet.json            the rest of the checkpoint (see CometSettings): layer-wise attention
 *       weights and gamma, layer ("mix" or an index), layer_transformation, layer_norm, pool,
 *       max_length
 *
 * ## The computation (CometModel.compute_sentence_embedding + RegressionMetric.estimate)
 * - Each text is tokenised alone (no stripping; XLM-R's sentencepiece adds its own space),
 *   truncated to max_length tokens with <s> … </s> kept.
 * - Layer mix: weights = sparsemax or softmax of the scalar parameters (wmt22-comet-da:
 *   sparsemax; the layer-wise dropout is off at inference); embedding = gamma · Σₖ wₖ Hₖ, each
 *   Hₖ first normalised per sentence over its real tokens × hidden when layer_norm is set
 *   (wmt22-comet-da: not set, its hparams say layer_norm: false; the export script reads the
 *   flag from the checkpoint). An integer `layer` takes that hidden state instead.
 * - Average pooling: sum over the tokens whose id is not the pad id (special tokens included),
 *   divided by the attention-mask length, as pooling_utils.average_pooling.
 * - Features [mt, ref, mt⊙ref, |mt−ref|, mt⊙src, |mt−src|] go to the head; its output is the score.
 * - Deviation: the mix and pooling are float64 (COMET: float32); distinct texts are embedded once.
 */
import { join } from "node:path";
import { resolveDevice } from "../runtime/device.js";
import type { Device, DeviceChoice } from "../runtime/device.js";
import { checkModelFolder, readJsonFile } from "../runtime/model-ref.js";
import { floatValues } from "../runtime/tensors.js";
import { loadTransformers, type Transformers } from "../runtime/transformers.js";
import { checkTexts, loadOnnxModel, loadTokenizer, runEncoder, SentenceEncoder, type OnnxModel } from "./bertscore.js";
import { COMET_EXPORT_COMMAND, DEFAULT_DEVICE } from "../constants.js";
export { COMET_EXPORT_COMMAND, PAPER_COMET_MODEL } from "../constants.js";
export { cometUnavailable } from "../data/metric-columns.js";

export const COMET_FORMAT = "capqa-comet-1";

/** comet.json: what of the checkpoint is not in the two ONNX files. */
export interface CometSettings {
  readonly format: typeof COMET_FORMAT;
  /** Where the weights came from, e.g. "Unbabel/wmt22-comet-da". */
  readonly source: string;
  /** Only "regression_metric" (the [mt, ref, src] estimator) is supported. */
  readonly class_identifier: "regression_metric";
  /** "mix" (layer-wise attention over every hidden state) or the index of one hidden state. */
  readonly layer: "mix" | number;
  readonly layer_transformation: "softmax" | "sparsemax";
  readonly layer_norm: boolean;
  readonly pool: "avg";
  /** Hidden states the encoder returns (embeddings + layers). */
  readonly num_layers: number;
  readonly hidden_size: number;
  /** Longest encoding in tokens, special tokens included (the encoder's max_positions − 2). */
  readonly max_length: number;
  /** LayerwiseAttention.scalar_parameters, before the transformation (num_layers values). */
  readonly layerwise_weights: readonly number[];
  readonly gamma: number;
  /** The head's shape, for the record (the head itself is onnx/estimator.onnx). */
  readonly estimator?: {
    readonly hidden_sizes?: readonly number[];
    readonly activations?: string;
    readonly final_activation?: string | null;
  };
}

/** Sparsemax (Martins & Astudillo, 2016) as entmax.sparsemax: the Euclidean projection onto the simplex. */
export function sparsemax(z: readonly number[]): number[] {
  const sorted = [...z].sort((a, b) => b - a);
  let cumulative = 0;
  let support = 0;
  let supportSum = 0;
  sorted.forEach((v, k) => {
    cumulative += v;
    if (1 + (k + 1) * v > cumulative) {
      support = k + 1;
      supportSum = cumulative;
    }
  });
  const tau = (supportSum - 1) / support;
  return z.map((v) => Math.max(v - tau, 0));
}

/** Softmax of the layer weights (torch.softmax over dim 0). */
export function layerSoftmax(z: readonly number[]): number[] {
  const m = Math.max(...z);
  const e = z.map((v) => Math.exp(v - m));
  const total = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / total);
}

/** Validates comet.json, naming the field at fault. */
export function parseCometSettings(value: unknown, where: string): CometSettings {
  const s = value as Partial<CometSettings> | null;
  const fail = (what: string) => {
    throw new Error(`${where}: ${what}`);
  };
  if (!s || typeof s !== "object") fail("expected a JSON object");
  const c = s as Partial<CometSettings>;
  if (c.format !== COMET_FORMAT) fail(`format is ${JSON.stringify(c.format)}, expected "${COMET_FORMAT}"`);
  if (c.class_identifier !== "regression_metric")
    fail(
      `class_identifier ${JSON.stringify(c.class_identifier)} is not supported; capqa implements regression_metric (wmt22-comet-da), not referenceless or unified models`,
    );
  if (c.pool !== "avg") fail(`pool ${JSON.stringify(c.pool)} is not supported; capqa implements "avg" (wmt22-comet-da's)`);
  if (!Number.isInteger(c.num_layers) || c.num_layers! < 1) fail("num_layers must be a positive integer");
  if (!Number.isInteger(c.hidden_size) || c.hidden_size! < 1) fail("hidden_size must be a positive integer");
  if (!Number.isInteger(c.max_length) || c.max_length! < 3) fail("max_length must be an integer of at least 3");
  if (c.layer !== "mix" && !(Number.isInteger(c.layer) && (c.layer as number) >= 0 && (c.layer as number) < c.num_layers!))
    fail(`layer must be "mix" or an index below num_layers, got ${JSON.stringify(c.layer)}`);
  if (c.layer_transformation !== "softmax" && c.layer_transformation !== "sparsemax")
    fail(`layer_transformation ${JSON.stringify(c.layer_transformation)} is not softmax or sparsemax`);
  if (typeof c.layer_norm !== "boolean") fail("layer_norm must be true or false");
  const w = c.layerwise_weights;
  if (!Array.isArray(w) || w.length !== c.num_layers || w.some((v) => typeof v !== "number" || !Number.isFinite(v)))
    fail(`layerwise_weights must hold ${c.num_layers} finite numbers`);
  if (typeof c.gamma !== "number" || !Number.isFinite(c.gamma)) fail("gamma must be a finite number");
  return c as CometSettings;
}

export interface CometEstimatorOptions {
  /** Local model folder (see the contract above). */
  readonly model: string;
  /** Texts per encoder pass (default 8; the encoder returns every layer, so memory grows with it). */
  readonly batchSize?: number;
  readonly device?: DeviceChoice;
  readonly log?: (line: string) => void;
}

export interface CometEstimator {
  readonly settings: CometSettings;
  readonly device: Device;
  /** One score per (source, hypothesis, reference) triple, in input order. */
  score(sources: readonly string[], hypotheses: readonly string[], references: readonly string[]): Promise<Float64Array>;
  dispose(): Promise<void>;
}

const COMET_FILES = [
  "config.json",
  "tokenizer.json",
  "tokenizer_config.json",
  "comet.json",
  join("onnx", "model.onnx"),
  join("onnx", "estimator.onnx"),
];
const COMET_HINT = `a COMET model folder holds config.json, tokenizer.json, tokenizer_config.json, comet.json, onnx/model.onnx and onnx/estimator.onnx; write one with ${COMET_EXPORT_COMMAND}`;
/** Feature rows per estimator pass. */
const HEAD_BATCH = 256;

/** Loads a COMET model folder; every problem with it is reported before any scoring. */
export async function loadCometEstimator(options: CometEstimatorOptions): Promise<CometEstimator> {
  const batchSize = options.batchSize ?? 8;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`batch size must be a positive integer, got ${batchSize}`);
  const dir = checkModelFolder(options.model, COMET_FILES, "COMET", COMET_HINT);
  const settings = parseCometSettings(readJsonFile(join(dir, "comet.json")), join(dir, "comet.json"));
  const log = options.log ?? (() => {});
  const device = resolveDevice(options.device ?? DEFAULT_DEVICE, log);
  const tf = await loadTransformers();
  const encoderModel = await loadOnnxModel(tf, dir, "model", device);
  let head: OnnxModel | undefined;
  try {
    const outs = encoderModel.sessions.model?.outputNames ?? [];
    if (!outs.includes("hidden_states"))
      throw new Error(
        `${dir}: onnx/model.onnx outputs ${outs.join(", ") || "nothing"}; COMET needs hidden_states [layers, batch, sequence, hidden] (every hidden state stacked)`,
      );
    head = await loadOnnxModel(tf, dir, "estimator", device);
    const ins = head.sessions.model?.inputNames ?? [];
    const headOuts = head.sessions.model?.outputNames ?? [];
    if (ins.length !== 1 || ins[0] !== "features" || headOuts.length !== 1) {
      throw new Error(
        `${dir}: onnx/estimator.onnx takes ${ins.join(", ") || "nothing"} and gives ${headOuts.join(", ") || "nothing"}; it must take one input "features" [batch, 6·hidden] and give one output, the score`,
      );
    }
    const tokenizer = await loadTokenizer(tf, dir);
    const encoder = new SentenceEncoder(tokenizer, { strip: false, prefixSpace: false, maxLength: settings.max_length });
    const mix =
      settings.layer === "mix"
        ? (settings.layer_transformation === "sparsemax" ? sparsemax : layerSoftmax)(settings.layerwise_weights)
        : undefined;
    log(
      `COMET: ${dir} (${settings.source}), layer ${settings.layer}${mix ? ` with ${settings.layer_transformation} weights ${mix.map((v) => v.toFixed(3)).join(" ")}` : ""}, on ${device}`,
    );
    return new OnnxCometEstimator(tf, encoderModel, head, encoder, settings, mix, device, batchSize);
  } catch (err) {
    await encoderModel.dispose();
    await head?.dispose();
    throw err;
  }
}

class OnnxCometEstimator implements CometEstimator {
  constructor(
    private readonly tf: Transformers,
    private readonly encoderModel: OnnxModel,
    private readonly head: OnnxModel,
    private readonly encoder: SentenceEncoder,
    readonly settings: CometSettings,
    private readonly mix: number[] | undefined,
    readonly device: Device,
    private readonly batchSize: number,
  ) {}

  async score(sources: readonly string[], hypotheses: readonly string[], references: readonly string[]): Promise<Float64Array> {
    checkTexts({ sources, hypotheses, references });
    const embedded = await this.embed([...sources, ...hypotheses, ...references]);
    const D = this.settings.hidden_size;
    const n = sources.length;
    const scores = new Float64Array(n);
    for (let start = 0; start < n; start += HEAD_BATCH) {
      const B = Math.min(HEAD_BATCH, n - start);
      const features = new Float32Array(B * 6 * D);
      for (let b = 0; b < B; b++) {
        const i = start + b;
        const src = embedded.get(sources[i])!;
        const mt = embedded.get(hypotheses[i])!;
        const ref = embedded.get(references[i])!;
        const row = b * 6 * D;
        for (let d = 0; d < D; d++) {
          features[row + d] = mt[d];
          features[row + D + d] = ref[d];
          features[row + 2 * D + d] = mt[d] * ref[d];
          features[row + 3 * D + d] = Math.abs(mt[d] - ref[d]);
          features[row + 4 * D + d] = mt[d] * src[d];
          features[row + 5 * D + d] = Math.abs(mt[d] - src[d]);
        }
      }
      const out = await this.head({ features: new this.tf.Tensor("float32", features, [B, 6 * D]) });
      const [name, t] = Object.entries(out)[0];
      if (t.dims.reduce((a, b) => a * b, 1) !== B || t.dims[0] !== B)
        throw new Error(`onnx/estimator.onnx gave ${name} of shape [${t.dims}] for ${B} rows; expected one score per row`);
      const values = floatValues(t, name);
      for (let b = 0; b < B; b++) scores[start + b] = values[b];
    }
    return scores;
  }

  /** Sentence embedding of each distinct text, batched longest first. */
  private async embed(texts: readonly string[]): Promise<Map<string, Float64Array>> {
    const unique = [...new Set(texts)].map((text) => ({ text, ids: this.encoder.encode(text) }));
    unique.sort((a, b) => b.ids.length - a.ids.length);
    const { num_layers: K, hidden_size: D } = this.settings;
    const out = new Map<string, Float64Array>();
    for (let start = 0; start < unique.length; start += this.batchSize) {
      const batch = unique.slice(start, start + this.batchSize);
      const B = batch.length;
      const { outputs, length: L } = await runEncoder(
        this.tf,
        this.encoderModel,
        batch.map((u) => u.ids),
        this.encoder.padId,
      );
      const t = outputs.hidden_states;
      if (t.dims.length !== 4 || t.dims[0] !== K || t.dims[1] !== B || t.dims[2] !== L || t.dims[3] !== D) {
        throw new Error(
          `hidden_states has shape [${t.dims}], expected [${K}, ${B}, ${L}, ${D}] (comet.json num_layers, batch, sequence, hidden_size)`,
        );
      }
      const h = floatValues(t, "hidden_states");
      batch.forEach((u, b) => out.set(u.text, this.sentenceEmbedding(h, B, L, b, u.ids)));
    }
    return out;
  }

  /** Layer mix (or one layer) and average pooling of sentence b of a batch. */
  private sentenceEmbedding(h: ArrayLike<number>, B: number, L: number, b: number, ids: readonly number[]): Float64Array {
    const { num_layers: K, hidden_size: D, layer, layer_norm, gamma } = this.settings;
    const n = ids.length;
    const at = (k: number, t: number) => ((k * B + b) * L + t) * D;
    const mixed = new Float64Array(n * D);
    if (this.mix === undefined) {
      const k = layer as number;
      for (let t = 0; t < n; t++) for (let d = 0; d < D; d++) mixed[t * D + d] = h[at(k, t) + d];
    } else {
      for (let k = 0; k < K; k++) {
        const w = this.mix[k];
        if (w === 0) continue;
        let mean = 0;
        let scale = 1;
        if (layer_norm) {
          // LayerwiseAttention._layer_norm: one mean and variance per sentence over its real tokens × hidden.
          for (let t = 0; t < n; t++) for (let d = 0; d < D; d++) mean += h[at(k, t) + d];
          mean /= n * D;
          let variance = 0;
          for (let t = 0; t < n; t++) for (let d = 0; d < D; d++) variance += (h[at(k, t) + d] - mean) ** 2;
          variance /= n * D;
          scale = 1 / Math.sqrt(variance + 1e-12);
        }
        for (let t = 0; t < n; t++) for (let d = 0; d < D; d++) mixed[t * D + d] += w * (h[at(k, t) + d] - mean) * scale;
      }
      for (let i = 0; i < mixed.length; i++) mixed[i] *= gamma;
    }
    const pooled = new Float64Array(D);
    const pad = this.encoder.padId;
    for (let t = 0; t < n; t++) {
      if (ids[t] === pad) continue; // average_pooling zeroes tokens equal to the pad id, yet divides by the mask length
      for (let d = 0; d < D; d++) pooled[d] += mixed[t * D + d];
    }
    for (let d = 0; d < D; d++) pooled[d] /= n;
    return pooled;
  }

  async dispose(): Promise<void> {
    await this.encoderModel.dispose();
    await this.head.dispose();
  }
}
