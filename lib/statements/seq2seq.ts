/**
 * Statements from a fine-tuned seq2seq model (the paper's mT5-small): (question, answer) →
 * `question: {q} answer: {a}` → a declarative statement, run from a local ONNX export through
 * transformers.js and onnxruntime-node.
 *
 * Decoding is capqa's own: transformers.js 4.3.2's `generate()` accepts `num_beams` but its loop
 * keeps only the first sampled token per sequence, so it would silently return greedy output.
 * capqa loads the model with transformers.js (`AutoModelForSeq2SeqLM`), runs the encoder once
 * per batch and the merged decoder step by step through the model's own forward (which feeds
 * `use_cache_branch` and the empty first-step cache), and does the search and the cache
 * reordering here.
 *
 * Beam search follows transformers' legacy `BeamSearchScorer` (4.35–4.49; T5's defaults
 * `early_stopping=False`, no logits processors): per step, log-softmax + running score, the top
 * 2·num_beams candidates over (beam, token); a candidate ending in `eos` among the top num_beams
 * goes to a list of the num_beams best finished hypotheses, scored sum_logprobs /
 * generated_length ** length_penalty (length counting `eos`, not the start token); the first
 * num_beams others continue; an input is done when the list is full and its worst score is at
 * least best_candidate_sum / current_length ** length_penalty; inputs still open after
 * max_new_tokens add their beams (scored over their length); the best score wins (the last added
 * among equals). One beam means greedy search, as in transformers. Simplifications: scores are
 * summed in float64 (transformers: float32); among equal candidate scores the lower (beam, token)
 * comes first (torch.topk leaves ties unspecified); `generation_config.json` options other than
 * the start, end and pad ids (no_repeat_ngram_size, repetition_penalty, min_length,
 * early_stopping, …) are not applied, and a log line says so when a model sets them.
 *
 * Batching: up to `batchSize` inputs (length-sorted, so little padding) share the encoder call
 * and every decoder call, each with its beams; an input leaves the batch when its search is
 * done, so later steps run only the open ones. Rows are independent, so results do not depend
 * on the batch (up to floating-point rounding inside onnxruntime).
 */
import {
  DEFAULT_DEVICE,
  DEFAULT_DTYPE,
  DEFAULT_STATEMENT_BEAMS,
  DEFAULT_STATEMENT_MAX_INPUT_TOKENS,
  DEFAULT_STATEMENT_MAX_NEW_TOKENS,
  DEFAULT_STATEMENT_BATCH_SIZE,
  DEFAULT_STATEMENT_LENGTH_PENALTY,
} from "../constants.js";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { resolveDevice } from "../runtime/device.js";
import type { Device } from "../runtime/device.js";
import { fromHalfBits } from "../runtime/half.js";
import { findModelFolder, ONNX_SUFFIX, readJsonFile, type OnnxDtype } from "../runtime/model-ref.js";
import { loadPretrainedModel, loadPretrainedTokenizer, loadTransformers } from "../runtime/transformers.js";

export type Seq2SeqDtype = OnnxDtype;

export interface Seq2SeqOptions {
  /** A local model folder: a path, or NAME inside `modelsDir`. */
  readonly model: string;
  readonly device?: "cpu" | "cuda" | "webgpu";
  readonly dtype?: Seq2SeqDtype;
  /** Beams (default 4); 1 means greedy search. */
  readonly numBeams?: number;
  /** Input length limit in tokens, end-of-sequence token included (default 128). */
  readonly maxInputTokens?: number;
  /** Most tokens generated per statement, end-of-sequence token included (default 512). */
  readonly maxNewTokens?: number;
  /** Inputs per batch, each with its beams (default 16). */
  readonly batchSize?: number;
  /** Exponent of the length normalisation of finished hypotheses (default 1.0, as transformers). */
  readonly lengthPenalty?: number;
  /** Folder searched for a bare model NAME (default "models"). */
  readonly modelsDir?: string;
  readonly log?: (line: string) => void;
}

/** One generated statement with what produced it. */
export interface Seq2SeqResult {
  readonly text: string;
  /** Generated token ids, without the decoder start token and without the end-of-sequence token. */
  readonly tokens: readonly number[];
  /** Beam search: transformers' sequence score (sum of log-probabilities / length ** length_penalty); greedy: sum of log-probabilities. */
  readonly score: number;
  /** False when the statement was cut at maxNewTokens instead of ending with the end-of-sequence token. */
  readonly finished: boolean;
  /** Input length in tokens after truncation, and whether it was truncated. */
  readonly inputTokens: number;
  readonly truncated: boolean;
  /** Text tokens cut from the input to fit maxInputTokens (0 when it fit). */
  readonly droppedInputTokens: number;
}

export interface Seq2SeqStats {
  inputs: number;
  truncatedInputs: number;
  /** Statements cut at maxNewTokens. */
  unfinished: number;
  encoderCalls: number;
  decoderCalls: number;
}

export interface Seq2SeqGenerator {
  readonly modelDir: string;
  readonly device: Device;
  readonly dtype: Seq2SeqDtype;
  readonly numBeams: number;
  readonly maxInputTokens: number;
  readonly maxNewTokens: number;
  readonly batchSize: number;
  readonly lengthPenalty: number;
  readonly stats: Seq2SeqStats;
  /** The token ids the model reads for one pair (truncated as T5 tokenizers do: the end-of-sequence token is kept). */
  encodeInput(question: string, answer: string): { ids: number[]; truncated: boolean };
  /** One statement per (question, answer) pair, in input order. */
  generate(questions: readonly string[], answers: readonly string[], onProgress?: (done: number, total: number) => void): Promise<string[]>;
  /** As generate, with token ids, scores and truncation flags. */
  generateDetailed(
    questions: readonly string[],
    answers: readonly string[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<Seq2SeqResult[]>;
  dispose(): Promise<void>;
}

/** The model's input text for a pair: the paper's template, every run of white space collapsed to one space, trimmed. */
export function statementInput(question: string, answer: string): string {
  return `question: ${question} answer: ${answer}`.replace(/\s+/g, " ").trim();
}

/** Files a seq2seq model folder needs for a dtype (generation_config.json is optional: config.json may hold the token ids). */
export function seq2seqModelFiles(dtype: Seq2SeqDtype): string[] {
  const s = ONNX_SUFFIX[dtype];
  return ["config.json", "tokenizer.json", "tokenizer_config.json", `onnx/encoder_model${s}.onnx`, `onnx/decoder_model_merged${s}.onnx`];
}

const SUPPORTED_TYPES = ["t5", "mt5"];

// ---------------------------------------------------------------- transformers.js surface used here

interface TfTensor {
  readonly type: string;
  readonly dims: number[];
  readonly data: ArrayLike<number> | BigInt64Array;
  readonly location?: string;
  readonly ort_tensor?: { getData?: (release?: boolean) => Promise<ArrayLike<number>> };
}
type TensorCtor = new (type: string, data: ArrayLike<number> | BigInt64Array, dims: number[]) => TfTensor;

interface LoadedSeq2Seq {
  sessions: Record<string, { inputNames: string[]; outputNames: string[] }>;
  forward(inputs: Record<string, unknown>): Promise<Record<string, TfTensor>>;
  _encode_input?: (session: string, inputs: Record<string, unknown>, output: string) => Promise<TfTensor>;
  dispose(): Promise<unknown>;
}

interface Seq2SeqTokenizer {
  encode(text: string, options?: { add_special_tokens?: boolean }): number[];
  decode(ids: number[], options?: { skip_special_tokens?: boolean }): string;
}

// ---------------------------------------------------------------- loading

function positiveInteger(name: string, v: number): number {
  if (!Number.isInteger(v) || v < 1) throw new RangeError(`${name} must be a positive integer, got ${v}`);
  return v;
}

const SEQ2SEQ_HINT = "export the model with Optimum (text2text-generation-with-past) into models/NAME";

function readJson(dir: string, file: string): Record<string, unknown> {
  return readJsonFile(join(dir, file)) as Record<string, unknown>;
}

interface TokenIds {
  readonly start: number;
  readonly eos: number;
  readonly pad: number;
}

/** Checks config.json and finds the start, end and pad ids (generation_config.json first, as transformers does). */
function checkConfig(dir: string, lengthPenalty: number, log: (s: string) => void): TokenIds {
  const config = readJson(dir, "config.json");
  const type = String(config.model_type ?? "(none)");
  if (!SUPPORTED_TYPES.includes(type)) {
    if (config.is_encoder_decoder === true)
      throw new Error(
        `${join(dir, "config.json")} says model_type "${type}"; capqa's seq2seq decoder drives ${SUPPORTED_TYPES.join(" and ")} exports only`,
      );
    throw new Error(
      `${join(dir, "config.json")} says model_type "${type}", which is not a seq2seq (encoder-decoder) model; statement generation needs a T5/mT5 text2text export`,
    );
  }
  const gen = existsSync(join(dir, "generation_config.json")) ? readJson(dir, "generation_config.json") : {};
  const pick = (key: string): number | undefined => {
    const v = gen[key] ?? config[key];
    const n = Array.isArray(v) ? v[0] : v;
    return typeof n === "number" && Number.isInteger(n) ? n : undefined;
  };
  const start = pick("decoder_start_token_id");
  const eos = pick("eos_token_id");
  const pad = pick("pad_token_id") ?? start;
  if (start === undefined || eos === undefined || pad === undefined) {
    throw new Error(`${dir}: neither generation_config.json nor config.json gives decoder_start_token_id and eos_token_id`);
  }
  const ignored = Object.entries(gen).filter(([k, v]) => {
    if (["no_repeat_ngram_size", "min_length", "min_new_tokens"].includes(k)) return typeof v === "number" && v > 0;
    if (k === "repetition_penalty") return v !== 1 && v !== null;
    if (k === "length_penalty") return typeof v === "number" && v !== lengthPenalty;
    if (k === "early_stopping") return v !== false && v !== null;
    return (
      ["bad_words_ids", "forced_bos_token_id", "forced_eos_token_id", "suppress_tokens", "begin_suppress_tokens"].includes(k) && v !== null
    );
  });
  if (ignored.length > 0)
    log(
      `note: generation_config.json sets ${ignored.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(", ")}, which capqa's decoder does not apply`,
    );
  return { start, eos, pad };
}

/** Loads a local T5/mT5 export and returns a generator; every failure names the folder and what is wrong. */
export async function loadSeq2SeqGenerator(options: Seq2SeqOptions): Promise<Seq2SeqGenerator> {
  const dtype = options.dtype ?? DEFAULT_DTYPE;
  if (!(dtype in ONNX_SUFFIX)) throw new Error(`unknown dtype "${dtype}"; expected fp32, fp16 or q8`);
  const numBeams = positiveInteger("numBeams", options.numBeams ?? DEFAULT_STATEMENT_BEAMS);
  const maxInputTokens = positiveInteger("maxInputTokens", options.maxInputTokens ?? DEFAULT_STATEMENT_MAX_INPUT_TOKENS);
  const maxNewTokens = positiveInteger("maxNewTokens", options.maxNewTokens ?? DEFAULT_STATEMENT_MAX_NEW_TOKENS);
  const batchSize = positiveInteger("batchSize", options.batchSize ?? DEFAULT_STATEMENT_BATCH_SIZE);
  const lengthPenalty = options.lengthPenalty ?? DEFAULT_STATEMENT_LENGTH_PENALTY;
  if (!Number.isFinite(lengthPenalty)) throw new RangeError(`lengthPenalty must be a finite number, got ${lengthPenalty}`);
  const log = options.log ?? (() => {});
  const dir = findModelFolder(options.model, "seq2seq", SEQ2SEQ_HINT, options.modelsDir);
  const missing = seq2seqModelFiles(dtype).filter((f) => !existsSync(join(dir, f)));
  if (missing.length > 0) {
    throw new Error(
      `seq2seq model folder ${dir} lacks ${missing.join(", ")} (dtype ${dtype}); it needs config.json, tokenizer.json, tokenizer_config.json and onnx/encoder_model*.onnx + onnx/decoder_model_merged*.onnx as transformers.js reads them`,
    );
  }
  const ids = checkConfig(dir, lengthPenalty, log);
  const device = resolveDevice(options.device ?? DEFAULT_DEVICE, log);
  const tf = await loadTransformers();
  let tokenizer: Seq2SeqTokenizer;
  let model: LoadedSeq2Seq;
  try {
    tokenizer = await loadPretrainedTokenizer<Seq2SeqTokenizer>(tf, dir);
    model = await loadPretrainedModel<LoadedSeq2Seq>(tf, "AutoModelForSeq2SeqLM", dir, { dtype, device });
  } catch (err) {
    throw new Error(`cannot load seq2seq model folder ${dir} on ${device} with dtype ${dtype}: ${(err as Error).message}`);
  }
  checkSessions(model, dir);
  const generator = new TransformersSeq2Seq(tf.Tensor as unknown as TensorCtor, model, tokenizer, ids, dir, device, dtype, {
    numBeams,
    maxInputTokens,
    maxNewTokens,
    batchSize,
    lengthPenalty,
  });
  log(
    `loaded seq2seq ${dir} on ${device} (${dtype}; ${numBeams === 1 ? "greedy" : `${numBeams} beams`}, input ≤ ${maxInputTokens} tokens, ≤ ${maxNewTokens} new tokens, batch ${batchSize})`,
  );
  return generator;
}

/** The export must be an encoder plus a merged decoder with a key/value cache, as Optimum writes for text2text-generation-with-past. */
function checkSessions(model: LoadedSeq2Seq, dir: string): void {
  const enc = model.sessions.model;
  const dec = model.sessions.decoder_model_merged;
  const problems: string[] = [];
  if (!enc?.inputNames.includes("input_ids") || !enc.outputNames.includes("last_hidden_state"))
    problems.push("the encoder must read input_ids and write last_hidden_state");
  if (!dec) problems.push("there is no decoder_model_merged session");
  else {
    for (const name of ["input_ids", "encoder_hidden_states"])
      if (!dec.inputNames.includes(name)) problems.push(`the decoder lacks input ${name}`);
    if (!dec.outputNames.includes("logits")) problems.push("the decoder lacks output logits");
    const pasts = dec.inputNames.filter((n) => n.startsWith("past_key_values."));
    if (pasts.length === 0) problems.push("the decoder has no past_key_values inputs (export with --task text2text-generation-with-past)");
    for (const p of pasts)
      if (!dec.outputNames.includes(p.replace("past_key_values", "present")))
        problems.push(`the decoder reads ${p} but writes no ${p.replace("past_key_values", "present")}`);
  }
  if (typeof model._encode_input !== "function") problems.push("this transformers.js version offers no encoder call (_encode_input)");
  if (problems.length > 0) throw new Error(`seq2seq model folder ${dir} is not usable: ${problems.join("; ")}`);
}

// ---------------------------------------------------------------- the decoder cache

type Typed = Float32Array | Uint16Array | Float64Array | BigInt64Array | Int32Array;

/** Values of a tensor on the CPU (WebGPU keeps the cache on the device). */
async function cpuData(t: TfTensor): Promise<Typed> {
  if (t.location && t.location !== "cpu" && t.ort_tensor?.getData) return (await t.ort_tensor.getData(true)) as unknown as Typed;
  return t.data as unknown as Typed;
}

/** Rows `src` of a [rows, ...] tensor, as a new tensor. */
async function gatherRows(Tensor: TensorCtor, t: TfTensor, src: Int32Array): Promise<TfTensor> {
  if (src.length === t.dims[0] && src.every((s, i) => s === i)) return t;
  const data = await cpuData(t);
  const row = t.dims.slice(1).reduce((a, b) => a * b, 1);
  const out = new (data.constructor as new (n: number) => Typed)(src.length * row);
  for (let r = 0; r < src.length; r++)
    (out as Float32Array).set((data as Float32Array).subarray(src[r] * row, src[r] * row + row), r * row);
  return new Tensor(t.type, out, [src.length, ...t.dims.slice(1)]);
}

/**
 * The decoder of one batch with its cache. Rows are (input, beam) pairs; `slot` says which
 * encoder output a row reads. After each step, `reorder` keeps rows `src` of the cache:
 * decoder keys/values always, encoder keys/values and states only when rows change input.
 */
class CachedDecoder {
  private past: Record<string, TfTensor> | undefined;
  private present: Record<string, TfTensor> = {};
  private rowStates!: TfTensor;
  private rowMask!: TfTensor;

  constructor(
    private readonly Tensor: TensorCtor,
    private readonly model: LoadedSeq2Seq,
    private readonly states: TfTensor,
    private readonly mask: BigInt64Array,
    private slot: Int32Array,
  ) {}

  static async create(
    Tensor: TensorCtor,
    model: LoadedSeq2Seq,
    states: TfTensor,
    mask: BigInt64Array,
    slot: Int32Array,
  ): Promise<CachedDecoder> {
    const d = new CachedDecoder(Tensor, model, states, mask, slot);
    await d.expandEncoder();
    return d;
  }

  private async expandEncoder(): Promise<void> {
    const S = this.states.dims[1];
    this.rowStates = await gatherRows(this.Tensor, this.states, this.slot);
    const m = new BigInt64Array(this.slot.length * S);
    this.slot.forEach((s, r) => m.set(this.mask.subarray(s * S, s * S + S), r * S));
    this.rowMask = new this.Tensor("int64", m, [this.slot.length, S]);
  }

  /** One decoder call: the last token of each row in, logits [rows, vocab] out (float32 values). */
  async step(lastTokens: readonly number[]): Promise<{ logits: Float32Array; vocab: number }> {
    const ids = new this.Tensor(
      "int64",
      BigInt64Array.from(lastTokens, (t) => BigInt(t)),
      [lastTokens.length, 1],
    );
    const out = await this.model.forward({
      attention_mask: this.rowMask,
      encoder_outputs: this.rowStates,
      decoder_input_ids: ids,
      past_key_values: this.past,
    });
    this.present = {};
    for (const [name, t] of Object.entries(out)) if (name.startsWith("present.")) this.present[name] = t;
    const logits = out.logits;
    const [rows, T, V] = logits.dims;
    const data = await cpuData(logits);
    if (T === 1 && data instanceof Float32Array) return { logits: data, vocab: V };
    const last = new Float32Array(rows * V);
    for (let r = 0; r < rows; r++) {
      const from = (r * T + T - 1) * V;
      if (logits.type === "float16") for (let v = 0; v < V; v++) last[r * V + v] = fromHalfBits((data as Uint16Array)[from + v]);
      else last.set((data as Float32Array).subarray(from, from + V), r * V);
    }
    return { logits: last, vocab: V };
  }

  /** Keeps rows `src` (row r of the next step continues row src[r] of this one). */
  async reorder(src: Int32Array): Promise<void> {
    const slot = src.map((r) => this.slot[r]);
    const slotsChanged = slot.length !== this.slot.length || slot.some((s, i) => s !== this.slot[i]);
    const past: Record<string, TfTensor> = {};
    for (const [name, t] of Object.entries(this.present)) {
      const pastName = name.replace(/^present/, "past_key_values");
      const isEncoder = name.includes(".encoder.");
      past[pastName] = isEncoder && !slotsChanged ? t : await gatherRows(this.Tensor, t, src);
    }
    this.past = past;
    this.slot = slot;
    if (slotsChanged) await this.expandEncoder();
  }
}

// ---------------------------------------------------------------- search

interface Hypothesis {
  readonly score: number;
  readonly tokens: number[];
  readonly finished: boolean;
}

/** transformers' BeamHypotheses: the num_beams best finished hypotheses of one input. */
class BeamHypotheses {
  readonly beams: Hypothesis[] = [];
  private worst = 1e9;

  constructor(
    private readonly size: number,
    private readonly lengthPenalty: number,
  ) {}

  add(tokens: number[], sumLogprobs: number, generatedLength: number, finished: boolean): void {
    const score = sumLogprobs / generatedLength ** this.lengthPenalty;
    if (this.beams.length < this.size || score > this.worst) {
      this.beams.push({ score, tokens, finished });
      if (this.beams.length > this.size) {
        // sorted((score, index)): drop the first, the new worst is the second
        let drop = 0;
        for (let i = 1; i < this.beams.length; i++) if (this.beams[i].score < this.beams[drop].score) drop = i;
        this.beams.splice(drop, 1);
        this.worst = Math.min(...this.beams.map((b) => b.score));
      } else this.worst = Math.min(score, this.worst);
    }
  }

  isDone(bestSumLogprobs: number, generatedLength: number): boolean {
    return this.beams.length >= this.size && this.worst >= bestSumLogprobs / generatedLength ** this.lengthPenalty;
  }

  /** sorted(beams, key=score).pop(): the highest score, the last added among equals. */
  best(): Hypothesis {
    let b = 0;
    for (let i = 1; i < this.beams.length; i++) if (this.beams[i].score >= this.beams[b].score) b = i;
    return this.beams[b];
  }
}

/** The search state of one input. */
interface InputSearch {
  readonly index: number;
  /** Generated tokens per beam (no start token). */
  beams: number[][];
  /** Running sums of log-probabilities per beam. */
  scores: number[];
  /** Beam each current beam continues, from the last step. */
  from: number[];
  readonly hyps: BeamHypotheses;
  done: boolean;
  result?: Hypothesis;
}

/** log Σ exp over one row of logits, in float64. */
function logSumExp(logits: Float32Array, from: number, V: number): number {
  let m = -Infinity;
  for (let v = 0; v < V; v++) if (logits[from + v] > m) m = logits[from + v];
  let z = 0;
  for (let v = 0; v < V; v++) z += Math.exp(logits[from + v] - m);
  return m + Math.log(z);
}

/** One beam-search step of one input (BeamSearchScorer.process); its rows start at `row0`. */
function beamStep(s: InputSearch, logits: Float32Array, V: number, row0: number, eos: number, step: number): void {
  const K = s.beams.length;
  const n = Math.min(2 * K, K * V);
  const topScore = new Float64Array(n).fill(-Infinity);
  const topBeam = new Int32Array(n);
  const topToken = new Int32Array(n);
  let count = 0;
  for (let b = 0; b < K; b++) {
    const from = (row0 + b) * V;
    const base = s.scores[b] - logSumExp(logits, from, V);
    for (let v = 0; v < V; v++) {
      const score = base + logits[from + v];
      if (count === n && !(score > topScore[n - 1])) continue;
      // insert after equal scores: earlier (beam, token) first
      let i = count < n ? count++ : n - 1;
      while (i > 0 && topScore[i - 1] < score) {
        topScore[i] = topScore[i - 1];
        topBeam[i] = topBeam[i - 1];
        topToken[i] = topToken[i - 1];
        i--;
      }
      topScore[i] = score;
      topBeam[i] = b;
      topToken[i] = v;
    }
  }
  const beams: number[][] = [];
  const scores: number[] = [];
  const from: number[] = [];
  for (let rank = 0; rank < count && beams.length < K; rank++) {
    if (topToken[rank] === eos) {
      if (rank >= K) continue;
      s.hyps.add(s.beams[topBeam[rank]], topScore[rank], step, true);
    } else {
      beams.push([...s.beams[topBeam[rank]], topToken[rank]]);
      scores.push(topScore[rank]);
      from.push(topBeam[rank]);
    }
  }
  if (beams.length < K) throw new Error(`beam search: fewer than ${K} candidates that are not the end-of-sequence token`);
  s.done = s.hyps.isDone(topScore[0], step);
  s.beams = beams;
  s.scores = scores;
  s.from = from;
  if (s.done) s.result = s.hyps.best();
}

/** One greedy step (argmax, first on ties) of one input at row `row`. */
function greedyStep(s: InputSearch, logits: Float32Array, V: number, row: number, eos: number): void {
  const from = row * V;
  let arg = 0;
  for (let v = 1; v < V; v++) if (logits[from + v] > logits[from + arg]) arg = v;
  const score = s.scores[0] + logits[from + arg] - logSumExp(logits, from, V);
  if (arg === eos) {
    s.done = true;
    s.result = { score, tokens: s.beams[0], finished: true };
  } else {
    s.beams = [[...s.beams[0], arg]];
    s.scores = [score];
  }
  s.from = [0];
}

// ---------------------------------------------------------------- the generator

interface Settings {
  readonly numBeams: number;
  readonly maxInputTokens: number;
  readonly maxNewTokens: number;
  readonly batchSize: number;
  readonly lengthPenalty: number;
}

function checkInputs(questions: readonly unknown[], answers: readonly unknown[]): void {
  if (!Array.isArray(questions) || !Array.isArray(answers)) throw new TypeError("questions and answers must be arrays of strings");
  if (questions.length !== answers.length)
    throw new RangeError(`${questions.length} questions but ${answers.length} answers: they must pair up one to one`);
  for (const [what, list] of [
    ["question", questions],
    ["answer", answers],
  ] as const) {
    const bad = list.findIndex((x) => typeof x !== "string");
    if (bad >= 0) throw new TypeError(`${what} ${bad} is ${list[bad] === null ? "null" : typeof list[bad]}, not a string`);
  }
}

class TransformersSeq2Seq implements Seq2SeqGenerator {
  readonly stats: Seq2SeqStats = { inputs: 0, truncatedInputs: 0, unfinished: 0, encoderCalls: 0, decoderCalls: 0 };
  readonly numBeams: number;
  readonly maxInputTokens: number;
  readonly maxNewTokens: number;
  readonly batchSize: number;
  readonly lengthPenalty: number;
  private disposed = false;

  constructor(
    private readonly Tensor: TensorCtor,
    private readonly model: LoadedSeq2Seq,
    private readonly tokenizer: Seq2SeqTokenizer,
    private readonly ids: TokenIds,
    readonly modelDir: string,
    readonly device: Device,
    readonly dtype: Seq2SeqDtype,
    s: Settings,
  ) {
    ({
      numBeams: this.numBeams,
      maxInputTokens: this.maxInputTokens,
      maxNewTokens: this.maxNewTokens,
      batchSize: this.batchSize,
      lengthPenalty: this.lengthPenalty,
    } = s);
    this.encodeInput("", ""); // fails now if maxInputTokens leaves no room beside the special tokens
  }

  encodeInput(question: string, answer: string): { ids: number[]; truncated: boolean } {
    const { ids, truncated } = this.encodeCounted(question, answer);
    return { ids, truncated };
  }

  /** As encodeInput, with the number of text tokens cut. */
  private encodeCounted(question: string, answer: string): { ids: number[]; truncated: boolean; dropped: number } {
    const text = statementInput(question, answer);
    const full = this.tokenizer.encode(text);
    const plain = this.tokenizer.encode(text, { add_special_tokens: false });
    // The special tokens the tokenizer's template adds around the text (T5: </s> after it) stay; the text is cut.
    let at = -1;
    for (let p = 0; p + plain.length <= full.length && at < 0; p++) if (plain.every((t, k) => full[p + k] === t)) at = p;
    if (at < 0)
      throw new Error(`the tokenizer of ${this.modelDir} encodes "${text}" with special tokens inside the text; cannot truncate it`);
    const prefix = full.slice(0, at);
    const suffix = full.slice(at + plain.length);
    const room = this.maxInputTokens - prefix.length - suffix.length;
    if (room < 1)
      throw new RangeError(
        `maxInputTokens ${this.maxInputTokens} leaves no room for text beside ${prefix.length + suffix.length} special token(s)`,
      );
    if (plain.length <= room) return { ids: full, truncated: false, dropped: 0 };
    return { ids: [...prefix, ...plain.slice(0, room), ...suffix], truncated: true, dropped: plain.length - room };
  }

  async generate(
    questions: readonly string[],
    answers: readonly string[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<string[]> {
    return (await this.generateDetailed(questions, answers, onProgress)).map((r) => r.text);
  }

  async generateDetailed(
    questions: readonly string[],
    answers: readonly string[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<Seq2SeqResult[]> {
    if (this.disposed) throw new Error("this seq2seq generator has been disposed");
    checkInputs(questions, answers);
    const n = questions.length;
    const encoded = questions.map((q, i) => this.encodeCounted(q, answers[i]));
    // Longest first: the largest batch shape is met (and fails, if memory is short) at once.
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => encoded[b].ids.length - encoded[a].ids.length || a - b);
    const results: Seq2SeqResult[] = new Array(n);
    for (let start = 0; start < n; start += this.batchSize) {
      const batch = order.slice(start, start + this.batchSize);
      const found = await this.runBatch(batch.map((i) => encoded[i].ids));
      batch.forEach((i, k) => {
        const h = found[k];
        results[i] = {
          text: h.tokens.length === 0 ? "" : this.tokenizer.decode(h.tokens, { skip_special_tokens: true }).trim(),
          tokens: h.tokens,
          score: h.score,
          finished: h.finished,
          inputTokens: encoded[i].ids.length,
          truncated: encoded[i].truncated,
          droppedInputTokens: encoded[i].dropped,
        };
        this.stats.inputs++;
        if (encoded[i].truncated) this.stats.truncatedInputs++;
        if (!h.finished) this.stats.unfinished++;
      });
      onProgress?.(Math.min(n, start + this.batchSize), n);
    }
    return results;
  }

  /** Encodes a batch once, then decodes step by step until every input's search is done. */
  private async runBatch(inputs: number[][]): Promise<Hypothesis[]> {
    const B = inputs.length;
    const S = Math.max(...inputs.map((x) => x.length));
    const ids = new BigInt64Array(B * S).fill(BigInt(this.ids.pad));
    const mask = new BigInt64Array(B * S);
    inputs.forEach((x, b) => x.forEach((t, j) => ((ids[b * S + j] = BigInt(t)), (mask[b * S + j] = 1n))));
    const states = await this.model._encode_input!(
      "model",
      { input_ids: new this.Tensor("int64", ids, [B, S]), attention_mask: new this.Tensor("int64", mask, [B, S]) },
      "last_hidden_state",
    );
    this.stats.encoderCalls++;
    const K = this.numBeams;
    const searches: InputSearch[] = inputs.map((_, index) => ({
      index,
      beams: Array.from({ length: K }, () => []),
      // transformers starts beams 1.. at -1e9 so that the first step continues beam 0 only
      scores: Array.from({ length: K }, (_, b) => (b === 0 ? 0 : -1e9)),
      from: [],
      hyps: new BeamHypotheses(K, this.lengthPenalty),
      done: false,
    }));
    const slot = Int32Array.from({ length: B * K }, (_, r) => Math.floor(r / K));
    const decoder = await CachedDecoder.create(this.Tensor, this.model, states, mask, slot);
    let active = searches;
    let last = new Array<number>(B * K).fill(this.ids.start);
    for (let step = 1; ; step++) {
      const { logits, vocab } = await decoder.step(last);
      this.stats.decoderCalls++;
      active.forEach((s, j) =>
        K === 1 ? greedyStep(s, logits, vocab, j, this.ids.eos) : beamStep(s, logits, vocab, j * K, this.ids.eos, step),
      );
      const open = active.filter((s) => !s.done);
      if (open.length === 0) break;
      if (step >= this.maxNewTokens) {
        for (const s of open) {
          if (K === 1) s.result = { score: s.scores[0], tokens: s.beams[0], finished: false };
          else {
            s.beams.forEach((tokens, b) => s.hyps.add(tokens, s.scores[b], tokens.length, false));
            s.result = s.hyps.best();
          }
        }
        break;
      }
      const src: number[] = [];
      active.forEach((s, j) => {
        if (!s.done) for (const b of s.from) src.push(j * K + b);
      });
      await decoder.reorder(Int32Array.from(src));
      last = open.flatMap((s) => s.beams.map((t) => t[t.length - 1]));
      active = open;
    }
    return searches.map((s) => s.result!);
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await this.model.dispose();
  }
}
