/**
 * BERTScore (Zhang et al., ICLR 2020) over a local ONNX export of the encoder, run through
 * transformers.js and onnxruntime-node; the matching is a port of the bert_score package
 * (0.3.13: `sent_encode`, `get_idf_dict`, `greedy_cos_idf`, `score`).
 *
 * The paper scored BERTScore F1 with bert_score's English default: roberta-large, layer 17, no
 * idf, no baseline rescaling, the gold answer as reference and the candidate answer as candidate.
 *
 * ## Model folder contract
 * A transformers.js feature-extraction folder:
 *   config.json              transformers config; model_type one transformers.js knows (roberta, bert, …)
 *   tokenizer.json           the fast tokenizer
 *   tokenizer_config.json    special tokens (cls/sep/pad) and model_max_length
 *   onnx/model.onnx          inputs input_ids and attention_mask (token_type_ids optional, fed zeros),
 *                            int64 [batch, sequence]; one of these float outputs:
 *     last_hidden_state [batch, sequence, hidden]  the encoder truncated after layer L, config.json
 *                            saying num_hidden_layers = L (what bert_score itself runs: it deletes
 *                            the layers above L). Recommended: smaller and faster.
 *     hidden_states [layers+1, batch, sequence, hidden]  every hidden state stacked (index 0 = the
 *                            embeddings), of which `layer` is taken.
 *   onnx/model.onnx_data     optional external weights (files over 2 GB)
 *
 * Export of the paper's model (roberta-large truncated after layer 17; or run
 * scripts/export/export_bertscore.py, which does the same through torch.onnx and, with --check,
 * prints bert_score's own scores of a few pairs for comparison):
 *   python -c "from transformers import AutoModel, AutoTokenizer; \
 *     AutoModel.from_pretrained('roberta-large', num_hidden_layers=17, add_pooling_layer=False).save_pretrained('rl17'); \
 *     AutoTokenizer.from_pretrained('roberta-large').save_pretrained('rl17')"
 *   optimum-cli export onnx --model rl17 --task feature-extraction models/bertscore-roberta-large-L17
 *   mkdir models/bertscore-roberta-large-L17/onnx && mv models/bertscore-roberta-large-L17/model.onnx
 * models/bertscore-roberta-large-L17/onnx/
 *
 * ## Choices (each as bert_score does unless marked as a deviation)
 * - Tokens: text stripped (Python's str.strip(): U+001C–U+001F and U+0085 go, U+FEFF stays, unlike
 *   JavaScript's trim()); an empty text becomes the special tokens alone; byte-level BPE
 *   tokenizers (GPT-2/RoBERTa) get a prefix space, as bert_score's add_prefix_space for
 *   GPT2Tokenizer and RobertaTokenizer (releases that tested GPT2Tokenizer alone skipped it for
 *   RoBERTa under transformers ≥ 4.17, bert_score issue #147, which changes scores a lot:
 *   `prefixSpace: false` reproduces those); truncated to model_max_length, special tokens kept.
 * - Special tokens take part in the matching as tokens to be matched against, with weight 0 when
 *   idf is off (idf[CLS] = idf[SEP] = 0) and their idf when on (0, as they occur in every reference).
 * - Embeddings of every token are L2-normalised; precision is the weighted mean over candidate
 *   tokens of the best cosine with a reference token, recall the converse; F1 = 2PR/(P+R), NaN → 0.
 * - A side with no tokens besides the special ones gets P = R = 0 (F1 is computed before).
 * - Baseline rescaling: (x − b)/(1 − b) per measure, applied last.
 * - Deviation: the maximum runs over the other side's real tokens only. bert_score multiplies
 *   similarities by the padding mask, so a padded position (similarity 0) can win when every
 *   similarity of a token is negative and the other sentence is shorter than the longest in its
 *   batch; with roberta-large (cosines near 0.8 at layer 17) this does not happen, and the result
 *   here does not depend on batching.
 * - Deviation: arithmetic after the encoder is float64 (bert_score: float32).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_DEVICE } from "../constants.js";
import { resolveDevice } from "../runtime/device.js";
import type { Device, DeviceChoice } from "../runtime/device.js";
import { checkModelFolder, readJsonFile } from "../runtime/model-ref.js";
import { floatValues, type OutputTensor } from "../runtime/tensors.js";
import { loadPretrainedModel, loadPretrainedTokenizer, loadTransformers, type Transformers } from "../runtime/transformers.js";
import { padTokenId } from "../runtime/tokenizer-fidelity.js";
import { pyStrip } from "../text/python-string.js";

// ------------------------------------------------------------------ the matching (pure)

/** Token embeddings of one sentence with one weight per token. */
export interface TokenMatrix {
  /** Row-major `tokens × dim` embeddings. */
  readonly embeddings: ArrayLike<number>;
  /** Importance weight per token (idf; or 1, with 0 for the special tokens). */
  readonly weights: ArrayLike<number>;
}

export interface BertScoreTriple {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

/**
 * Greedy cosine matching of one (reference, candidate) pair, as bert_score's greedy_cos_idf:
 * precision = Σᵢ wᵢ maxⱼ cos(cᵢ, rⱼ) / Σᵢ wᵢ over candidate tokens, recall the converse over
 * reference tokens, F1 their harmonic mean (NaN → 0). No empty-sentence rule here (see the scorer).
 */
export function greedyCosineMatch(reference: TokenMatrix, candidate: TokenMatrix, dim: number): BertScoreTriple {
  const r = unitRows(reference, dim, "reference");
  const c = unitRows(candidate, dim, "candidate");
  const nr = reference.weights.length;
  const nc = candidate.weights.length;
  const bestForCandidate = new Float64Array(nc).fill(-Infinity);
  const bestForReference = new Float64Array(nr).fill(-Infinity);
  for (let i = 0; i < nc; i++) {
    for (let j = 0; j < nr; j++) {
      let s = 0;
      for (let d = 0; d < dim; d++) s += c[i * dim + d] * r[j * dim + d];
      if (s > bestForCandidate[i]) bestForCandidate[i] = s;
      if (s > bestForReference[j]) bestForReference[j] = s;
    }
  }
  const precision = weightedMean(bestForCandidate, candidate.weights);
  const recall = weightedMean(bestForReference, reference.weights);
  const f = (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1: Number.isNaN(f) ? 0 : f };
}

function unitRows(m: TokenMatrix, dim: number, what: string): Float64Array {
  const n = m.weights.length;
  if (m.embeddings.length !== n * dim)
    throw new RangeError(`${what}: ${m.embeddings.length} embedding values for ${n} tokens of dimension ${dim}`);
  const out = new Float64Array(n * dim);
  for (let i = 0; i < n; i++) {
    let norm = 0;
    for (let d = 0; d < dim; d++) norm += m.embeddings[i * dim + d] ** 2;
    norm = Math.sqrt(norm);
    for (let d = 0; d < dim; d++) out[i * dim + d] = m.embeddings[i * dim + d] / norm;
  }
  return out;
}

function weightedMean(values: Float64Array, weights: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += weights[i];
  let s = 0;
  for (let i = 0; i < values.length; i++) s += (weights[i] / total) * values[i];
  return s;
}

// ------------------------------------------------------------------ idf

/** Idf weights by token id, with the weight bert_score gives a token no reference contains. */
export class IdfMap extends Map<number, number> {
  constructor(
    entries: Iterable<readonly [number, number]>,
    readonly unseen: number,
  ) {
    super(entries);
  }
}

/**
 * bert_score's get_idf_dict: idf(w) = ln((M + 1)/(c(w) + 1)) over the M references, c(w) the
 * number of references whose encoding (special tokens included) contains token w; a token in
 * none gets ln(M + 1). `tokenize` is the scorer's `encode`.
 */
export function computeIdf(references: readonly string[], tokenize: (text: string) => readonly number[]): IdfMap {
  const counts = new Map<number, number>();
  for (const text of references) for (const id of new Set(tokenize(text))) counts.set(id, (counts.get(id) ?? 0) + 1);
  const m = references.length;
  return new IdfMap(
    [...counts].map(([id, c]) => [id, Math.log((m + 1) / (c + 1))] as const),
    Math.log(m + 1),
  );
}

/** Baseline of bert_score's rescale_baseline/en/roberta-large.tsv, row of layer 17 (the paper's setting). */
export const ROBERTA_LARGE_L17_BASELINE: BertScoreBaseline = { precision: 0.83150584, recall: 0.8314941, f1: 0.83122575 };

export interface BertScoreBaseline {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

// ------------------------------------------------------------------ model folders (shared with comet.ts)

export interface OnnxModel {
  (inputs: Record<string, unknown>): Promise<Record<string, OutputTensor>>;
  sessions: Record<string, { inputNames: string[]; outputNames: string[] }>;
  dispose(): Promise<unknown>;
}

/**
 * Loads onnx/<file>.onnx of a local folder as a transformers.js model (its forward runs the
 * session and returns every output by name); onnx/<file>.onnx_data, when present, is its
 * external weights.
 */
export async function loadOnnxModel(tf: Transformers, dir: string, file: string, device: Device): Promise<OnnxModel> {
  const onnxFile = `onnx/${file}.onnx`;
  try {
    return await loadPretrainedModel<OnnxModel>(tf, "AutoModel", dir, {
      dtype: "fp32",
      device,
      onnxFile,
      externalData: existsSync(join(dir, `${onnxFile}_data`)),
    });
  } catch (err) {
    throw new Error(`cannot load ${join(dir, onnxFile)} on ${device}: ${(err as Error).message}`);
  }
}

/**
 * Loads tokenizer.json and tokenizer_config.json of a local folder, with the pad id the Python
 * stack pads with (padTokenId: from special_tokens_map.json or the vocabulary when
 * tokenizer_config.json names none; never 0 by default, which is RoBERTa's <s>).
 */
export async function loadTokenizer(tf: Transformers, dir: string): Promise<EncoderTokenizer> {
  try {
    const tokenizer = await loadPretrainedTokenizer<EncoderTokenizer>(tf, dir);
    tokenizer.pad_token_id = padTokenId(tokenizer, dir);
    return tokenizer;
  } catch (err) {
    throw new Error(`cannot load the tokenizer of ${dir}: ${(err as Error).message}`);
  }
}

/** What capqa uses of @huggingface/tokenizers' Tokenizer (as lib/nli/pair-encoding.ts does). */
interface CoreTokenizer {
  encode_text(text: string | null): string[] | null;
  post_processor?: (a: string[], b: string[] | null, addSpecialTokens: boolean) => { tokens: string[] };
  token_to_id(token: string): number | undefined;
  added_tokens_map?: Map<string, { id: number }>;
  model?: { unk_token_id?: number };
}

/** What capqa uses of a transformers.js PreTrainedTokenizer. */
export interface EncoderTokenizer {
  _tokenizer: unknown;
  config?: Record<string, unknown>;
  model_max_length?: number;
  pad_token_id?: number;
  sep_token_id?: number;
}

export interface SentenceEncoderOptions {
  /** Strip white space first (bert_score does; COMET does not). */
  readonly strip: boolean;
  /** Prepend a space to a non-empty text (byte-level BPE, as bert_score's add_prefix_space). */
  readonly prefixSpace: boolean;
  /** Longest encoding, special tokens included; default the tokenizer's model_max_length, else 512. */
  readonly maxLength?: number;
}

/** Single-sentence encoding with the tokenizer's own special tokens, truncating the text and never the special tokens. */
export class SentenceEncoder {
  private readonly core: CoreTokenizer;
  readonly padId: number;
  readonly maxLength: number;
  /** The encoding of an empty text: the special tokens alone ([CLS] [SEP], <s> </s>). */
  readonly emptyIds: readonly number[];
  readonly clsId: number;
  readonly sepId: number;

  constructor(
    tokenizer: EncoderTokenizer,
    private readonly options: SentenceEncoderOptions,
  ) {
    this.core = tokenizer._tokenizer as CoreTokenizer;
    if (typeof this.core?.encode_text !== "function" || typeof this.core.token_to_id !== "function") {
      throw new Error("this transformers.js tokenizer does not expose encode_text/token_to_id; capqa needs @huggingface/tokenizers 0.2");
    }
    this.emptyIds = this.join([]);
    const limit = tokenizer.model_max_length && tokenizer.model_max_length < 1e9 ? tokenizer.model_max_length : 512;
    this.maxLength = options.maxLength ?? limit;
    if (!Number.isInteger(this.maxLength) || this.maxLength <= this.emptyIds.length) {
      throw new Error(`maximum length ${this.maxLength} leaves no room for text (the special tokens take ${this.emptyIds.length})`);
    }
    this.padId = padTokenId(tokenizer);
    const configured = (name: string) => {
      const v = tokenizer.config?.[name];
      const token = typeof v === "string" ? v : (v as { content?: string } | undefined)?.content;
      return token === undefined ? undefined : this.core.token_to_id(token);
    };
    // bert_score zeroes tokenizer.cls_token_id and sep_token_id; a tokenizer without them wraps texts in emptyIds.
    this.clsId = configured("cls_token") ?? this.emptyIds[0] ?? -1;
    this.sepId = tokenizer.sep_token_id ?? configured("sep_token") ?? this.emptyIds[this.emptyIds.length - 1] ?? -1;
  }

  private idOf(token: string): number {
    const id = this.core.added_tokens_map?.get(token)?.id ?? this.core.token_to_id(token) ?? this.core.model?.unk_token_id;
    if (id === undefined) throw new Error(`token "${token}" has no id and the tokenizer has no unknown token`);
    return id;
  }

  private join(tokens: string[]): number[] {
    const joined = this.core.post_processor ? this.core.post_processor(tokens, null, true).tokens : tokens;
    return joined.map((t) => this.idOf(t));
  }

  encode(text: string): number[] {
    // bert_score strips with Python's str.strip(), and the byte-level pre-tokenizer adds its prefix space unless the text starts with " ".
    let s = this.options.strip ? pyStrip(text) : text;
    if (s === "" && this.options.strip) return [...this.emptyIds];
    if (this.options.prefixSpace && s.length > 0 && !s.startsWith(" ")) s = ` ${s}`;
    const tokens = this.core.encode_text(s) ?? [];
    tokens.length = Math.min(tokens.length, this.maxLength - this.emptyIds.length);
    return this.join(tokens);
  }
}

/** Whether a tokenizer.json splits bytes as GPT-2 and RoBERTa do (a ByteLevel pre-tokenizer, alone or in a Sequence). */
export function isByteLevel(tokenizerJson: unknown): boolean {
  const visit = (p: unknown): boolean => {
    if (!p || typeof p !== "object") return false;
    const o = p as { type?: string; pretokenizers?: unknown[] };
    return o.type === "ByteLevel" || (o.type === "Sequence" && (o.pretokenizers ?? []).some(visit));
  };
  return visit((tokenizerJson as { pre_tokenizer?: unknown } | null)?.pre_tokenizer);
}

/** Runs a batch of encodings, right-padded with `padId`; token_type_ids, if wanted, are zeros (transformers.js fills them). */
export async function runEncoder(
  tf: Transformers,
  model: OnnxModel,
  encodings: readonly (readonly number[])[],
  padId: number,
): Promise<{ outputs: Record<string, OutputTensor>; length: number }> {
  const B = encodings.length;
  let L = 0;
  for (const e of encodings) L = Math.max(L, e.length);
  const ids = new BigInt64Array(B * L).fill(BigInt(padId));
  const mask = new BigInt64Array(B * L);
  encodings.forEach((e, b) => {
    for (let t = 0; t < e.length; t++) {
      ids[b * L + t] = BigInt(e[t]);
      mask[b * L + t] = 1n;
    }
  });
  const outputs = await model({ input_ids: new tf.Tensor("int64", ids, [B, L]), attention_mask: new tf.Tensor("int64", mask, [B, L]) });
  return { outputs, length: L };
}

// ------------------------------------------------------------------ the scorer

export interface BertScorerOptions {
  /** Local model folder (see the contract above). */
  readonly model: string;
  /** Layer whose hidden states are matched (0 = embeddings); default config.json's num_hidden_layers. */
  readonly layer?: number;
  /** false (default): weight 1, special tokens 0; true: idf of the references of each score() call; or a precomputed map. */
  readonly idf?: boolean | Map<number, number>;
  /** Rescale with this baseline (bert_score's rescale_with_baseline). */
  readonly baseline?: BertScoreBaseline;
  /** Sentences per forward pass (default 64, bert_score's). */
  readonly batchSize?: number;
  readonly device?: DeviceChoice;
  /** Prepend a space for the tokenizer; default: when its pre-tokenizer is byte-level. */
  readonly prefixSpace?: boolean;
  /** Longest encoding in tokens; default the tokenizer's model_max_length. */
  readonly maxLength?: number;
  readonly log?: (line: string) => void;
}

export interface BertScoreResult {
  readonly precision: Float64Array;
  readonly recall: Float64Array;
  readonly f1: Float64Array;
}

export interface BertScorer {
  /** The layer matched, and which output of the ONNX file provides it. */
  readonly layer: number;
  readonly output: "last_hidden_state" | "hidden_states";
  readonly device: Device;
  /** Token ids as bert_score's sent_encode gives them (what computeIdf needs). */
  encode(text: string): number[];
  score(references: readonly string[], candidates: readonly string[]): Promise<BertScoreResult>;
  dispose(): Promise<void>;
}

const BERTSCORE_FILES = ["config.json", "tokenizer.json", "tokenizer_config.json", join("onnx", "model.onnx")];
const BERTSCORE_HINT =
  "a BERTScore model folder holds config.json, tokenizer.json, tokenizer_config.json and onnx/model.onnx (scripts/export/export_bertscore.py writes one)";
/** Pairs scored per round: bounds the memory of token embeddings held at once. */
const PAIRS_PER_ROUND = 1024;

/** Loads a BERTScore model folder; every problem with it is reported before any scoring. */
export async function loadBertScorer(options: BertScorerOptions): Promise<BertScorer> {
  const batchSize = options.batchSize ?? 64;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`batch size must be a positive integer, got ${batchSize}`);
  const dir = checkModelFolder(options.model, BERTSCORE_FILES, "BERTScore", BERTSCORE_HINT);
  const config = readJsonFile(join(dir, "config.json")) as { num_hidden_layers?: unknown } | null;
  const depth = Number.isInteger(config?.num_hidden_layers) ? (config!.num_hidden_layers as number) : undefined;
  const tokenizerJson = readJsonFile(join(dir, "tokenizer.json"));
  if (options.layer !== undefined && (!Number.isInteger(options.layer) || options.layer < 0))
    throw new Error(`layer must be a non-negative integer, got ${options.layer}`);
  const log = options.log ?? (() => {});
  const device = resolveDevice(options.device ?? DEFAULT_DEVICE, log);
  const tf = await loadTransformers();
  const model = await loadOnnxModel(tf, dir, "model", device);
  try {
    const { output, layer } = chooseOutput(dir, model.sessions.model?.outputNames ?? [], depth, options.layer);
    const tokenizer = await loadTokenizer(tf, dir);
    const encoder = new SentenceEncoder(tokenizer, {
      strip: true,
      prefixSpace: options.prefixSpace ?? isByteLevel(tokenizerJson),
      maxLength: options.maxLength,
    });
    log(
      `BERTScore: ${dir}, layer ${layer} (${output}), ${options.idf ? "idf" : "no idf"}${options.baseline ? ", rescaled with baseline" : ""}, on ${device}`,
    );
    return new OnnxBertScorer(tf, model, encoder, layer, output, device, batchSize, options, log);
  } catch (err) {
    await model.dispose();
    throw err;
  }
}

/** Which ONNX output gives the layer: last_hidden_state of an encoder that stops there, else hidden_states. */
function chooseOutput(
  dir: string,
  outputs: readonly string[],
  depth: number | undefined,
  asked: number | undefined,
): { output: BertScorer["output"]; layer: number } {
  const config = join(dir, "config.json");
  if (outputs.includes("last_hidden_state") && depth !== undefined && (asked ?? depth) === depth)
    return { output: "last_hidden_state", layer: depth };
  if (outputs.includes("hidden_states")) {
    const layer = asked ?? depth;
    if (layer === undefined) throw new Error(`${config} has no integer num_hidden_layers; pass the layer to match`);
    return { output: "hidden_states", layer };
  }
  if (outputs.includes("last_hidden_state")) {
    if (depth === undefined)
      throw new Error(
        `${config} has no integer num_hidden_layers, which says after which layer the exported encoder (last_hidden_state) stops`,
      );
    throw new Error(
      `${dir}: onnx/model.onnx gives last_hidden_state of an encoder of ${depth} layers (config.json num_hidden_layers), but layer ${asked} was asked; export the encoder truncated after layer ${asked}, or one that outputs every hidden state as hidden_states`,
    );
  }
  throw new Error(
    `${dir}: onnx/model.onnx outputs ${outputs.join(", ") || "nothing"}; BERTScore needs last_hidden_state [batch, sequence, hidden] (an encoder truncated at the layer) or hidden_states [layers+1, batch, sequence, hidden]`,
  );
}

class OnnxBertScorer implements BertScorer {
  constructor(
    private readonly tf: Transformers,
    private readonly model: OnnxModel,
    private readonly encoder: SentenceEncoder,
    readonly layer: number,
    readonly output: BertScorer["output"],
    readonly device: Device,
    private readonly batchSize: number,
    private readonly options: BertScorerOptions,
    private readonly log: (line: string) => void,
  ) {}

  encode(text: string): number[] {
    return this.encoder.encode(text);
  }

  async score(references: readonly string[], candidates: readonly string[]): Promise<BertScoreResult> {
    checkTexts({ references, candidates });
    const n = references.length;
    const weightOf = this.weights(references);
    const emptyLength = this.encoder.emptyIds.length;
    const result = { precision: new Float64Array(n), recall: new Float64Array(n), f1: new Float64Array(n) };
    let empties = 0;
    for (let start = 0; start < n; start += PAIRS_PER_ROUND) {
      const end = Math.min(n, start + PAIRS_PER_ROUND);
      const embedded = await this.embed([...references.slice(start, end), ...candidates.slice(start, end)]);
      for (let i = start; i < end; i++) {
        const ref = embedded.get(references[i])!;
        const cand = embedded.get(candidates[i])!;
        const m = greedyCosineMatch(
          { embeddings: ref.vectors, weights: ref.ids.map(weightOf) },
          { embeddings: cand.vectors, weights: cand.ids.map(weightOf) },
          ref.dim,
        );
        let { precision, recall } = m;
        if (ref.ids.length === emptyLength || cand.ids.length === emptyLength) {
          // bert_score: an empty side scores P = R = 0; F1, computed before, is usually NaN → 0.
          precision = 0;
          recall = 0;
          empties++;
        }
        result.precision[i] = precision;
        result.recall[i] = recall;
        result.f1[i] = m.f1;
      }
    }
    if (empties > 0) this.log(`BERTScore: ${empties} pair(s) with an empty reference or candidate; their raw precision and recall are 0`);
    const b = this.options.baseline;
    if (b) {
      for (let i = 0; i < n; i++) {
        result.precision[i] = (result.precision[i] - b.precision) / (1 - b.precision);
        result.recall[i] = (result.recall[i] - b.recall) / (1 - b.recall);
        result.f1[i] = (result.f1[i] - b.f1) / (1 - b.f1);
      }
    }
    return result;
  }

  private weights(references: readonly string[]): (id: number) => number {
    const idf = this.options.idf ?? false;
    if (idf === false) {
      const { clsId, sepId } = this.encoder;
      return (id) => (id === clsId || id === sepId ? 0 : 1);
    }
    const map = idf === true ? computeIdf(references, (t) => this.encoder.encode(t)) : idf;
    const unseen = map instanceof IdfMap ? map.unseen : undefined;
    return (id) => {
      const w = map.get(id) ?? unseen;
      if (w === undefined)
        throw new Error(
          `the idf map has no weight for token id ${id}; build it with computeIdf (which gives unseen tokens ln(M+1)) or include every id`,
        );
      return w;
    };
  }

  /** Token ids and layer embeddings of each distinct text, batched longest first. */
  private async embed(texts: readonly string[]): Promise<Map<string, { ids: number[]; vectors: Float32Array; dim: number }>> {
    const unique = [...new Set(texts)].map((text) => ({ text, ids: this.encoder.encode(text) }));
    unique.sort((a, b) => b.ids.length - a.ids.length);
    const out = new Map<string, { ids: number[]; vectors: Float32Array; dim: number }>();
    for (let start = 0; start < unique.length; start += this.batchSize) {
      const batch = unique.slice(start, start + this.batchSize);
      const { outputs, length: L } = await runEncoder(
        this.tf,
        this.model,
        batch.map((u) => u.ids),
        this.encoder.padId,
      );
      const t = outputs[this.output];
      const B = batch.length;
      let D: number;
      let base: (b: number) => number;
      if (this.output === "last_hidden_state") {
        if (t.dims.length !== 3 || t.dims[0] !== B || t.dims[1] !== L)
          throw new Error(`last_hidden_state has shape [${t.dims}], expected [${B}, ${L}, hidden]`);
        D = t.dims[2];
        base = (b) => b * L * D;
      } else {
        if (t.dims.length !== 4 || t.dims[1] !== B || t.dims[2] !== L)
          throw new Error(`hidden_states has shape [${t.dims}], expected [layers+1, ${B}, ${L}, hidden]`);
        if (this.layer >= t.dims[0]) throw new Error(`layer ${this.layer} was asked, but hidden_states holds layers 0..${t.dims[0] - 1}`);
        D = t.dims[3];
        base = (b) => (this.layer * B + b) * L * D;
      }
      const values = floatValues(t, this.output);
      batch.forEach((u, b) => {
        const vectors = new Float32Array(u.ids.length * D);
        const from = base(b);
        for (let k = 0; k < vectors.length; k++) vectors[k] = values[from + k];
        out.set(u.text, { ids: u.ids, vectors, dim: D });
      });
    }
    return out;
  }

  async dispose(): Promise<void> {
    await this.model.dispose();
  }
}

/** Same-length arrays of strings, each named in the error. */
export function checkTexts(lists: Record<string, readonly unknown[]>): void {
  const entries = Object.entries(lists);
  for (const [name, list] of entries) {
    if (!Array.isArray(list)) throw new TypeError(`${name} must be an array of strings`);
    list.forEach((v, i) => {
      if (typeof v !== "string") throw new TypeError(`${name}[${i}] is not a string: ${JSON.stringify(v)}`);
    });
  }
  const [first, ...rest] = entries;
  for (const [name, list] of rest) {
    if (list.length !== first[1].length)
      throw new RangeError(`${first[1].length} ${first[0]} but ${list.length} ${name}: they must pair up one to one`);
  }
}
