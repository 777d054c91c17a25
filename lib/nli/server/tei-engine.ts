/**
 * The NLI engine over Hugging Face Text Embeddings Inference, which serves sequence
 * classifiers such as the paper's DeBERTa-v3 cross-encoder: text pairs go to `POST /predict`
 * with `raw_scores` (the logits, by label name) and `truncate` (the server cuts pairs over its
 * length limit), and capqa maps the labels by name (GET /info's id2label) and takes the softmax
 * in float64. Tokenization, truncation and batching on the GPU are the server's.
 *
 * @example
 * const engine = await connectTeiNli({ server: { urls: ["http://127.0.0.1:8080"], protocol: "tei" } });
 * const probs = await engine.probabilities(["A cat sat."], ["An animal sat."]);
 */
import { DEFAULT_TEI_BATCH_PAIRS } from "../../constants.js";
import { concatRows, runBatches } from "../encoded-engine.js";
import { checkPairs, type ModelOrigin, type NliEngine, type NliRunOptions, type NliStats } from "../engine.js";
import { labelOrder, nliSoftmax, type LabelOrder } from "../labels.js";
import { id2labelDigest } from "../model-key.js";
import type { NliServerOptions } from "./options.js";
import { probeReplicas } from "./probe.js";
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

/** The NLI cache identity of a TEI-served model (its results are the server's numerics, so they get their own key). */
export function teiModelKey(info: TeiInfo): string {
  return `tei:${teiIdentity(info)}${info.max_input_length && info.max_input_length !== 512 ? `:max${info.max_input_length}` : ""}`;
}

function teiClassifier(info: TeiInfo, where: string): { order: LabelOrder; labels: Map<string, number> } {
  const id2label = info.model_type?.classifier?.id2label;
  if (!id2label) {
    throw new Error(
      `${where} serves ${info.model_id} as ${info.model_type?.embedding ? "an embedding model" : "no classifier"}; CAP needs a sequence classifier (an NLI cross-encoder such as cross-encoder/nli-deberta-v3-large)`,
    );
  }
  const order = labelOrder(id2label, `${where}/info`);
  const labels = new Map(Object.entries(id2label).map(([k, v]) => [String(v), Number(k)]));
  return { order, labels };
}

/** Connects to TEI replicas: every one is asked for /info and must serve the same classifier. */
export async function connectTeiNli(options: TeiConnectOptions): Promise<NliEngine> {
  const pool = new ServerPool(options.server.urls, "tei", { ...options.server, log: options.log });
  const { answer: info, url } = await probeReplicas<TeiInfo>(pool, "/info", teiIdentity, options.log);
  const { order, labels } = teiClassifier(info, url);
  const serverMax = info.max_client_batch_size ?? Infinity;
  const batchPairs = Math.min(options.batchSize ?? DEFAULT_TEI_BATCH_PAIRS, serverMax);
  const key = teiModelKey(info);
  if (!info.model_sha) {
    options.log?.(
      `warning: ${url} reports no commit for ${info.model_id}: the NLI cache knows the model by its id and dtype alone, so another model served under that id would be taken for it; start TEI with --revision <commit>, or use another cache folder`,
    );
  }
  options.log?.(
    `NLI server: TEI ${info.version ?? ""} at ${pool.stats.urls.join(", ")} serves ${info.model_id}${info.model_sha ? `@${info.model_sha.slice(0, 12)}` : ""} (${info.model_dtype ?? "?"}); ${batchPairs} pairs per request, ${pool.concurrency} in flight`,
  );
  const provenance: ModelOrigin = {
    source: "server",
    id: info.model_id,
    ...(info.model_sha ? { commit: info.model_sha } : {}),
    dtype: info.model_dtype ?? "unknown",
    device: "server",
    note: `Text Embeddings Inference at ${pool.stats.urls.join(", ")}`,
  };
  return new TeiNliEngine(pool, order, labels, batchPairs, key, provenance, options.log);
}

class TeiNliEngine implements NliEngine {
  readonly stats: NliStats = { truncatedPairs: 0, inferredPairs: 0, batches: 0, outOfMemorySplits: 0 };
  readonly device = "server" as const;
  readonly concurrency: number;
  readonly server;

  constructor(
    private readonly pool: ServerPool,
    private readonly order: LabelOrder,
    private readonly labels: Map<string, number>,
    private batchPairs: number,
    readonly modelKey: string,
    readonly provenance: ModelOrigin,
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
      for (let s = 0; s < n; s += this.batchPairs) parts.push(await this.runBatch(premises.slice(s, s + this.batchPairs), hypotheses.slice(s, s + this.batchPairs)));
      return concatRows(parts);
    }
    try {
      return await this.predict(premises, hypotheses);
    } catch (err) {
      if (n === 1 || !(err instanceof ServerError && err.kind === "out-of-memory")) throw err;
      const half = Math.ceil(n / 2);
      this.batchPairs = Math.min(this.batchPairs, half);
      this.stats.outOfMemorySplits = (this.stats.outOfMemorySplits ?? 0) + 1;
      this.log?.(`the server ran out of memory on ${n} pairs (${err.message.slice(0, 160)}); split in two and retried; requests now hold at most ${this.batchPairs} pairs`);
      return concatRows([await this.runBatch(premises.slice(0, half), hypotheses.slice(0, half)), await this.runBatch(premises.slice(half), hypotheses.slice(half))]);
    }
  }

  private async predict(premises: readonly string[], hypotheses: readonly string[]): Promise<Float64Array> {
    const n = premises.length;
    const body = { inputs: premises.map((p, i) => [p, hypotheses[i]]), truncate: true, raw_scores: true };
    const answer = await this.pool.request<unknown>("/predict", body, { pairs: n });
    const rows = n === 1 && Array.isArray(answer) && answer.length > 0 && !Array.isArray(answer[0]) ? [answer] : answer;
    if (!Array.isArray(rows) || rows.length !== n) throw new ServerError(`TEI /predict answered ${Array.isArray(rows) ? rows.length : "no list of"} predictions for ${n} pairs`, "bad-answer", false);
    const width = this.order.size;
    const logits = new Float64Array(n * width).fill(NaN);
    rows.forEach((row, b) => {
      if (!Array.isArray(row)) throw new ServerError(`TEI /predict: prediction ${b} is not a list of label scores`, "bad-answer", false);
      for (const item of row as { label?: unknown; score?: unknown }[]) {
        const k = this.labels.get(String(item?.label));
        if (k === undefined) throw new ServerError(`TEI /predict: label ${JSON.stringify(item?.label)} is not in the server's id2label`, "bad-answer", false);
        if (typeof item.score !== "number" || !Number.isFinite(item.score))
          throw new ServerError(`TEI /predict: score of ${String(item.label)} for pair ${b} is not a finite number`, "bad-answer", false);
        logits[b * width + k] = item.score;
      }
      for (let k = 0; k < width; k++) if (Number.isNaN(logits[b * width + k])) throw new ServerError(`TEI /predict: prediction ${b} lacks a score for class ${k}`, "bad-answer", false);
    });
    const probs = new Float64Array(3 * n);
    for (let b = 0; b < n; b++) nliSoftmax(logits, b * width, this.order, probs, 3 * b);
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
