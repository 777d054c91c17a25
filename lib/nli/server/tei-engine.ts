/**
 * The NLI engine over Hugging Face Text Embeddings Inference, which serves sequence
 * classifiers such as the paper's DeBERTa-v3 cross-encoder: text pairs go to `POST /predict`
 * with `raw_scores` (the logits, by label name) and `truncate` (the server cuts pairs over its
 * length limit), and capqa maps the labels by name (GET /info's id2label) and takes the softmax
 * in float64. Tokenization, truncation and batching on the GPU are the server's. /info is checked
 * (limits that are positive integers, an id2label of distinct names numbered 0 … n-1), and every
 * prediction must name each label once.
 *
 * @example
 * const engine = await connectTeiNli({ server: { urls: ["http://127.0.0.1:8080"], protocol: "tei" } });
 * const probs = await engine.probabilities(["A cat sat."], ["An animal sat."]);
 */
import { DEFAULT_TEI_BATCH_PAIRS } from "../../constants.js";
import { concatRows, runBatches } from "../encoded-engine.js";
import { checkPairs, type ModelOrigin, type NliEngine, type NliRunOptions, type NliStats } from "../engine.js";
import { labelOrder, type LabelOrder } from "../labels.js";
import { id2labelDigest } from "../model-key.js";
import type { NliServerOptions } from "./options.js";
import { nliRows, type NliServerOutput } from "./output.js";
import { checkCanaries, probeReplicas, type ReplicaAnswer } from "./probe.js";
import { ServerError, ServerPool } from "./server-pool.js";

/** The parts of TEI's GET /info capqa reads. */
export interface TeiInfo {
  readonly model_id: string;
  readonly model_sha?: string | null;
  readonly model_dtype?: string;
  readonly model_type?: { readonly classifier?: { readonly id2label?: Record<string, string> }; readonly embedding?: unknown };
  readonly max_input_length?: number;
  readonly max_client_batch_size?: number;
  readonly version?: string;
}

export interface TeiConnectOptions {
  readonly server: NliServerOptions;
  /** Pairs per request (default DEFAULT_TEI_BATCH_PAIRS, at most the server's max_client_batch_size). */
  readonly batchSize?: number;
  readonly log?: (line: string) => void;
}

/** What identifies the model a TEI server serves: id, commit, dtype and label order. */
function teiIdentity(info: TeiInfo): string {
  return `${info.model_id}@${info.model_sha ?? "unpinned"}:${info.model_dtype ?? "unknown"}:labels:${id2labelDigest(info.model_type?.classifier?.id2label)}`;
}

/**
 * The NLI cache identity of a TEI-served model (its results are the server's numerics, so they get
 * their own key; probabilities the server computed, another).
 */
export function teiModelKey(info: TeiInfo, output: NliServerOutput = "logits"): string {
  return `tei:${teiIdentity(info)}${info.max_input_length && info.max_input_length !== 512 ? `:max${info.max_input_length}` : ""}${output === "probabilities" ? ":probabilities" : ""}`;
}

/** A limit a server reports: absent (undefined or null), or a positive integer; anything else is refused, naming the field. */
function serverLimit(value: unknown, field: string, where: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1)
    throw new Error(
      `${where}: ${field} is ${JSON.stringify(value)}; a server's limit must be a positive integer, so capqa cannot plan its requests for this server`,
    );
  return value;
}

/** Checks the parts of a replica's /info that capqa reads; throws naming the field. */
export function checkTeiInfo(info: unknown, where: string): TeiInfo {
  if (info === null || typeof info !== "object" || Array.isArray(info))
    throw new Error(`${where}/info: not Text Embeddings Inference's /info (not a JSON object)`);
  const i = info as Record<string, unknown>;
  if (typeof i.model_id !== "string" || i.model_id === "")
    throw new Error(`${where}/info: model_id is ${JSON.stringify(i.model_id)}, not a model id`);
  for (const field of ["model_sha", "model_dtype", "version"]) {
    if (i[field] !== undefined && i[field] !== null && typeof i[field] !== "string")
      throw new Error(`${where}/info: ${field} is ${JSON.stringify(i[field])}, not text`);
  }
  serverLimit(i.max_client_batch_size, "max_client_batch_size", `${where}/info`);
  serverLimit(i.max_input_length, "max_input_length", `${where}/info`);
  return info as TeiInfo;
}

function teiClassifier(info: TeiInfo, where: string): { order: LabelOrder; labels: Map<string, number> } {
  const id2label = info.model_type?.classifier?.id2label;
  if (!id2label) {
    throw new Error(
      `${where} serves ${info.model_id} as ${info.model_type?.embedding ? "an embedding model" : "no classifier"}; CAP needs a sequence classifier (an NLI cross-encoder such as cross-encoder/nli-deberta-v3-large)`,
    );
  }
  const order = labelOrder(id2label, `${where}/info`);
  // Predictions name their classes: two classes of one name could not be told apart.
  const labels = new Map<string, number>();
  for (const [k, v] of Object.entries(id2label)) {
    if (labels.has(String(v)))
      throw new Error(
        `${where}/info: id2label names two classes "${String(v)}" (${labels.get(String(v))} and ${k}); predictions could not be told apart`,
      );
    labels.set(String(v), Number(k));
  }
  return { order, labels };
}

/** Every replica's /info, checked, all describing one model. */
export async function probeTei(
  pool: ServerPool,
  log?: (line: string) => void,
): Promise<{ info: TeiInfo; url: string; answered: ReplicaAnswer<TeiInfo>[] }> {
  const { answer, url, answered } = await probeReplicas<TeiInfo>(pool, "/info", teiIdentity, { check: checkTeiInfo, log });
  return { info: answer, url, answered };
}

/** Connects to TEI replicas: every one is asked for /info and must serve the same classifier, then scores the canary pairs. */
export async function connectTeiNli(options: TeiConnectOptions): Promise<NliEngine> {
  const pool = new ServerPool(options.server.urls, "tei", { ...options.server, log: options.log });
  const { info, url, answered } = await probeTei(pool, options.log);
  const { order, labels } = teiClassifier(info, url);
  // Replicas may differ in their limits: requests fit the smallest.
  const serverMax = Math.min(...answered.map((a) => a.answer.max_client_batch_size ?? Infinity));
  const batchPairs = Math.min(options.batchSize ?? DEFAULT_TEI_BATCH_PAIRS, serverMax);
  /** Scores by class index of requests of at most batchPairs pairs, to any replica (counted in the run's stats) or to `server`. */
  const scoresOf = async (
    server: number | undefined,
    premises: readonly string[],
    hypotheses: readonly string[],
    output: NliServerOutput | undefined,
  ) => {
    const parts: Float64Array[] = [];
    for (let s = 0; s < premises.length; s += batchPairs) {
      const n = Math.min(batchPairs, premises.length - s);
      const body = {
        inputs: premises.slice(s, s + n).map((p, i) => [p, hypotheses[s + i]]),
        truncate: true,
        raw_scores: output !== "probabilities",
      };
      const answer = await pool.request<unknown>("/predict", body, server === undefined ? { pairs: n } : { server, retries: 2 });
      parts.push(teiScores(answer, n, labels, order.size));
    }
    return { values: parts.length === 1 ? parts[0] : concatRows(parts), width: order.size };
  };
  const output = await checkCanaries(
    pool,
    answered.map((a) => a.server),
    (server, ps, hs) => scoresOf(server, ps, hs, options.server.output),
    order,
    options.server.output,
    options.log,
  );
  const key = teiModelKey(info, output);
  if (!info.model_sha) {
    options.log?.(
      `warning: ${url} reports no commit for ${info.model_id}: the NLI cache knows the model by its id and dtype alone, so another model served under that id would be taken for it; start TEI with --revision <commit>, or use another cache folder`,
    );
  }
  options.log?.(
    `NLI server: TEI ${info.version ?? ""} at ${pool.stats.urls.join(", ")} serves ${info.model_id}${info.model_sha ? `@${info.model_sha.slice(0, 12)}` : ""} (${info.model_dtype ?? "?"}); ${batchPairs} pairs per request, ${pool.concurrency} in flight${output === "probabilities" ? "; it sends probabilities, taken as they are" : ""}`,
  );
  const provenance: ModelOrigin = {
    source: "server",
    id: info.model_id,
    ...(info.model_sha ? { commit: info.model_sha } : {}),
    dtype: info.model_dtype ?? "unknown",
    device: "server",
    note: `Text Embeddings Inference at ${pool.stats.urls.join(", ")}`,
  };
  return new TeiNliEngine(pool, order, batchPairs, key, provenance, output, (ps, hs) => scoresOf(undefined, ps, hs, output), options.log);
}

/**
 * A /predict answer's scores, row-major [pairs, width] by class index: every prediction must
 * name each of the server's labels exactly once, with a finite score.
 */
function teiScores(answer: unknown, n: number, labels: ReadonlyMap<string, number>, width: number): Float64Array {
  const rows = n === 1 && Array.isArray(answer) && answer.length > 0 && !Array.isArray(answer[0]) ? [answer] : answer;
  if (!Array.isArray(rows) || rows.length !== n)
    throw new ServerError(
      `TEI /predict answered ${Array.isArray(rows) ? rows.length : "no list of"} predictions for ${n} pairs`,
      "bad-answer",
      false,
    );
  const values = new Float64Array(n * width).fill(NaN);
  rows.forEach((row, b) => {
    if (!Array.isArray(row)) throw new ServerError(`TEI /predict: prediction ${b} is not a list of label scores`, "bad-answer", false);
    for (const item of row as { label?: unknown; score?: unknown }[]) {
      const k = labels.get(String(item?.label));
      if (k === undefined)
        throw new ServerError(
          `TEI /predict: label ${JSON.stringify(item?.label)?.slice(0, 80)} is not in the server's id2label`,
          "bad-answer",
          false,
        );
      if (typeof item.score !== "number" || !Number.isFinite(item.score))
        throw new ServerError(
          `TEI /predict: score of ${String(item.label).slice(0, 80)} for pair ${b} is not a finite number`,
          "bad-answer",
          false,
        );
      if (!Number.isNaN(values[b * width + k]))
        throw new ServerError(
          `TEI /predict: prediction ${b} names label ${JSON.stringify(item.label)?.slice(0, 80)} twice`,
          "bad-answer",
          false,
        );
      values[b * width + k] = item.score;
    }
    for (let k = 0; k < width; k++)
      if (Number.isNaN(values[b * width + k]))
        throw new ServerError(`TEI /predict: prediction ${b} lacks a score for class ${k}`, "bad-answer", false);
  });
  return values;
}

class TeiNliEngine implements NliEngine {
  readonly stats: NliStats = { truncatedPairs: 0, inferredPairs: 0, batches: 0, outOfMemorySplits: 0 };
  readonly device = "server" as const;
  readonly concurrency: number;
  readonly server;

  constructor(
    pool: ServerPool,
    private readonly order: LabelOrder,
    private batchPairs: number,
    readonly modelKey: string,
    readonly provenance: ModelOrigin,
    private readonly output: NliServerOutput,
    private readonly scoresOf: (
      premises: readonly string[],
      hypotheses: readonly string[],
    ) => Promise<{ values: ArrayLike<number>; width: number }>,
    private readonly log?: (line: string) => void,
  ) {
    this.concurrency = pool.concurrency;
    this.server = pool.stats;
  }

  /** Requests of up to batchPairs pairs, longest (in characters) first, so that each request's pairs are alike in length. */
  planBatches(premises: readonly string[], hypotheses: readonly string[]): Uint32Array[] {
    checkPairs(premises, hypotheses);
    const size = (i: number) => premises[i].length + hypotheses[i].length;
    const order = Uint32Array.from(premises, (_, i) => i).sort((a, b) => size(b) - size(a) || a - b);
    const batches: Uint32Array[] = [];
    for (let s = 0; s < order.length; s += this.batchPairs) batches.push(order.slice(s, s + this.batchPairs));
    return batches;
  }

  /**
   * One request per at most batchPairs pairs; a server out of memory splits the request in two,
   * and the smaller size is kept for the requests after it.
   */
  async runBatch(premises: readonly string[], hypotheses: readonly string[]): Promise<Float64Array> {
    checkPairs(premises, hypotheses);
    const n = premises.length;
    if (n > this.batchPairs) {
      const parts: Float64Array[] = [];
      for (let s = 0; s < n; s += this.batchPairs)
        parts.push(await this.runBatch(premises.slice(s, s + this.batchPairs), hypotheses.slice(s, s + this.batchPairs)));
      return concatRows(parts);
    }
    try {
      return await this.predict(premises, hypotheses);
    } catch (err) {
      if (n === 1 || !(err instanceof ServerError && err.kind === "out-of-memory")) throw err;
      const half = Math.ceil(n / 2);
      this.batchPairs = Math.min(this.batchPairs, half);
      this.stats.outOfMemorySplits = (this.stats.outOfMemorySplits ?? 0) + 1;
      this.log?.(
        `the server ran out of memory on ${n} pairs (${err.message.slice(0, 160)}); split in two and retried; requests now hold at most ${this.batchPairs} pairs`,
      );
      return concatRows([
        await this.runBatch(premises.slice(0, half), hypotheses.slice(0, half)),
        await this.runBatch(premises.slice(half), hypotheses.slice(half)),
      ]);
    }
  }

  private async predict(premises: readonly string[], hypotheses: readonly string[]): Promise<Float64Array> {
    const n = premises.length;
    const { values, width } = await this.scoresOf(premises, hypotheses);
    const probs = nliRows(values, width, this.order, this.output, "TEI /predict");
    this.stats.inferredPairs += n;
    this.stats.batches++;
    return probs;
  }

  async probabilities(premises: readonly string[], hypotheses: readonly string[], options: NliRunOptions = {}): Promise<Float64Array> {
    const batches = this.planBatches(premises, hypotheses);
    const out = new Float64Array(3 * premises.length);
    await runBatches(
      batches,
      out,
      this.concurrency,
      (idx) =>
        this.runBatch(
          Array.from(idx, (i) => premises[i]),
          Array.from(idx, (i) => hypotheses[i]),
        ),
      options,
    );
    return out;
  }

  async dispose(): Promise<void> {}
}
