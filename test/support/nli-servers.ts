/**
 * Local stand-ins for the two inference servers, on 127.0.0.1, answering with a model folder
 * through capqa's own classifier (tokenizer, ONNX forward pass): Text Embeddings Inference
 * (GET /info, POST /predict with text pairs; raw scores by label name; each pair run alone, since
 * TEI forms its batches from its own queue, which a client cannot see) and KServe v2 as Triton speaks it (GET /v2/health/ready,
 * GET /v2/models/{name}, POST /v2/models/{name}/infer with INT64 tensors; logits out). Faults
 * can be injected per inference request: a status (503, 429, 401 …), a hang (no answer), a
 * delay; a bearer token can be required. Every inference request is recorded. Fault switches
 * for the fault matrix (test/faults-servers.test.ts): scores that are probabilities, /info,
 * metadata and config fields replaced (limits, id2label, versions), answers rewritten. capqa's
 * canary pairs (sent to every replica at the start) are answered but kept apart: they are not
 * numbered, recorded or faulted as inference requests, only counted.
 *
 * Written from the protocol documents (TEI's router types and OpenAPI; the KServe v2 / Triton
 * HTTP protocol); the real servers were not run here.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { loadNliClassifier, type NliClassifier } from "../../lib/nli/transformers-engine.js";
import { padBatch } from "../../lib/nli/encoded-engine.js";
import { NLI_SERVER_CANARY_PAIRS } from "../../lib/nli/server/probe.js";

export type Fault = { status: number; body?: unknown; headers?: Record<string, string> } | { hang: true } | undefined;

export interface NliTestServerOptions {
  readonly protocol: "tei" | "kserve";
  /** A model folder capqa loads (default models/demo-nli). */
  readonly modelDir?: string;
  /** KServe model name (default "nli"). */
  readonly modelName?: string;
  /** The fault for inference request n (1-based), if any. */
  readonly fault?: (n: number) => Fault;
  /** Milliseconds before each inference answer (or a function of the request's number). */
  readonly delayMs?: number | ((n: number) => number);
  /** Bearer token the server requires on every request. */
  readonly token?: string;
  /** KServe: Triton's max_batch_size, served at /v2/models/{name}/config (absent: no such endpoint, as on other KServe servers). */
  readonly maxBatch?: number;
  /** Inference requests of more tokens (pairs × length) than this are answered 500 with onnxruntime's out-of-memory message. */
  readonly memoryTokens?: number;
  /** TEI's max_client_batch_size (default 32). */
  readonly maxClientBatch?: number;
  /** Called after each inference request is answered, with its number. */
  readonly onAnswered?: (n: number) => void;
  /** Answer at once with constant logits, without the model: a server of unbounded speed, for measuring the client alone. */
  readonly instant?: boolean;
  /** A loaded classifier to share between servers (the model is then loaded once). */
  readonly classifier?: NliClassifier;
  /**
   * "probabilities": the scores are a softmax (a TEI that ignores raw_scores, a Triton model whose output is a softmax); "logits": always
   * logits (TEI even without raw_scores); default logits (TEI: as raw_scores asks).
   */
  readonly answers?: "logits" | "probabilities";
  /** TEI: fields that replace those of GET /info's answer (limits, id2label …). */
  readonly info?: Record<string, unknown>;
  /** KServe: fields that replace those of the model metadata (versions …). */
  readonly metadata?: Record<string, unknown>;
  /** KServe: the body of GET /v2/models/{name}/config, instead of one made from maxBatch. */
  readonly config?: unknown;
  /** Changes an inference answer before it is sent (a string is sent as it is, not as JSON). */
  readonly rewrite?: (answer: unknown, request: { n: number; canary: boolean }) => unknown;
}

export interface NliTestServer {
  readonly url: string;
  /** Inference requests received (answered or not), each the list of its pairs' identities. */
  readonly requests: string[][];
  /** Pairs in answered inference requests. */
  answeredPairs: number;
  /** Requests of capqa's canary pairs (not among `requests`). */
  readonly canaryRequests: number;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, raw = false): void {
  const text = raw && typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Softmax of one row of logits, in float64. */
function softmax(row: ArrayLike<number>): number[] {
  const max = Math.max(...Array.from(row));
  const e = Array.from(row, (v) => Math.exp(v - max));
  const z = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / z);
}

export async function startNliTestServer(options: NliTestServerOptions): Promise<NliTestServer> {
  const classifier = options.classifier ?? (await loadNliClassifier({ model: options.modelDir ?? "models/demo-nli" }));
  const name = options.modelName ?? "nli";
  const maxClientBatch = options.maxClientBatch ?? 32;
  const requests: string[][] = [];
  const hanging = new Set<ServerResponse>();
  // One forward pass at a time, as one device would run them.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(f: () => Promise<T>): Promise<T> => {
    const run = queue.then(f, f);
    queue = run.catch(() => undefined);
    return run;
  };
  const state = { answeredPairs: 0, canaryRequests: 0 };
  const canaryTexts = new Set(NLI_SERVER_CANARY_PAIRS.map(([p, h]) => `${p}\u0000${h}`));
  const canaryIds = new Set(NLI_SERVER_CANARY_PAIRS.map(([p, h]) => classifier.encoder.encode(p, h).ids.join(" ")));
  const pause = (n: number) => {
    const ms = typeof options.delayMs === "function" ? options.delayMs(n) : (options.delayMs ?? 0);
    return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
  };

  const reply = (res: ServerResponse, answer: unknown, n: number) => {
    const body = options.rewrite ? options.rewrite(answer, { n, canary: n === 0 }) : answer;
    send(res, 200, body, {}, typeof body === "string");
  };

  const infer = async (res: ServerResponse, body: string) => {
    // Canary requests are numbered 0 and never faulted.
    let n = requests.length + 1;
    let fault: Fault;
    const record = (rows: string[], canary: boolean) => {
      if (canary) {
        state.canaryRequests++;
        n = 0;
      } else {
        requests.push(rows);
        fault = options.fault?.(n);
      }
    };
    if (options.protocol === "tei") {
      const parsed = JSON.parse(body) as { inputs: [string, string][]; raw_scores?: boolean; truncate?: boolean };
      const pairs = parsed.inputs;
      const texts = pairs.map(([p, h]) => `${p}\u0000${h}`);
      record(
        texts,
        texts.every((r) => canaryTexts.has(r)),
      );
      if (fault && "hang" in fault) return void hanging.add(res);
      if (fault)
        return send(res, fault.status, fault.body ?? { error: `injected ${fault.status}`, error_type: "Overloaded" }, fault.headers);
      if (pairs.length > maxClientBatch)
        return send(res, 413, {
          error: `batch size ${pairs.length} > maximum allowed batch size ${maxClientBatch}`,
          error_type: "Validation",
        });
      // TEI answers a softmax unless raw_scores asks for the logits; a faulty one always does.
      const probabilities = options.answers === undefined ? !parsed.raw_scores : options.answers === "probabilities";
      if (options.memoryTokens !== undefined) {
        const tokens = pairs.length * Math.max(...pairs.map(([p, h]) => classifier.encoder.encode(p, h).ids.length));
        if (tokens > options.memoryTokens)
          return send(res, 424, { error: "Backend error: CUDA out of memory. Tried to allocate 2.00 GiB", error_type: "Backend" });
      }
      const rows = await serial(async () => {
        const out: { score: number; label: string }[][] = [];
        if (options.instant) return pairs.map(() => Object.values(classifier.id2label).map((label, k) => ({ score: k / 4, label })));
        for (const [p, h] of pairs) {
          const e = classifier.encoder.encode(p, h);
          const { values, width } = await classifier.forward(padBatch([0], [e], classifier.encoder.padId));
          const scores = probabilities ? softmax(Array.from(values).slice(0, width)) : Array.from(values);
          const row = Array.from({ length: width }, (_, k) => ({ score: scores[k], label: classifier.id2label[String(k)] }));
          out.push(row.sort((a, b) => b.score - a.score));
        }
        return out;
      });
      if (n === 0) return reply(res, rows, n);
      await pause(n);
      state.answeredPairs += pairs.length;
      reply(res, rows, n);
      options.onAnswered?.(n);
      return;
    }
    const parsed = JSON.parse(body) as { inputs: { name: string; shape: number[]; datatype: string; data: number[] }[] };
    const input = (k: string) => parsed.inputs.find((t) => t.name === k);
    const ids = input("input_ids");
    const mask = input("attention_mask");
    if (!ids || !mask) return send(res, 400, { error: "expected input_ids and attention_mask" });
    const [B, L] = ids.shape;
    const rowsOf = (t: { data: number[] }) => Array.from({ length: B }, (_, b) => t.data.slice(b * L, (b + 1) * L).join(" "));
    const unpadded = Array.from({ length: B }, (_, b) =>
      ids.data.slice(b * L, b * L + mask.data.slice(b * L, (b + 1) * L).filter((m) => m === 1).length).join(" "),
    );
    record(
      rowsOf(ids),
      unpadded.every((r) => canaryIds.has(r)),
    );
    if (fault && "hang" in fault) return void hanging.add(res);
    if (fault) return send(res, fault.status, fault.body ?? { error: `injected ${fault.status}` }, fault.headers);
    if (ids.datatype !== "INT64" || ids.data.length !== B * L || mask.data.length !== B * L)
      return send(res, 400, { error: "inputs must be INT64 [batch, length] tensors" });
    if (options.maxBatch !== undefined && B > options.maxBatch)
      return send(res, 400, { error: `inference request batch-size must be <= ${options.maxBatch} for '${name}'` });
    if (options.memoryTokens !== undefined && B * L > options.memoryTokens) {
      return send(res, 500, {
        error: `onnx runtime error 6: Non-zero status code returned while running MatMul node. Status Message: Failed to allocate memory for requested buffer of size ${B * L * 4096}`,
      });
    }
    const types = input("token_type_ids");
    const batch = {
      ids: BigInt64Array.from(ids.data, BigInt),
      mask: BigInt64Array.from(mask.data, BigInt),
      types: types ? BigInt64Array.from(types.data, BigInt) : new BigInt64Array(B * L),
      pairs: B,
      length: L,
    };
    const { values, width } = options.instant
      ? { values: new Float32Array(B * classifier.order.size), width: classifier.order.size }
      : await serial(() => classifier.forward(batch));
    const data =
      options.answers === "probabilities"
        ? Array.from({ length: B }, (_, b) => softmax(Array.from(values).slice(b * width, (b + 1) * width))).flat()
        : Array.from(values);
    const answer = { model_name: name, model_version: "1", outputs: [{ name: "logits", datatype: "FP32", shape: [B, width], data }] };
    if (n === 0) return reply(res, answer, n);
    await pause(n);
    state.answeredPairs += B;
    reply(res, answer, n);
    options.onAnswered?.(n);
  };

  const server: Server = createServer(async (req, res) => {
    try {
      if (options.token !== undefined && req.headers.authorization !== `Bearer ${options.token}`)
        return send(res, 401, { error: "Unauthorized", error_type: "Unauthorized" });
      const path = (req.url ?? "/").split("?")[0];
      const body = req.method === "POST" ? await readBody(req) : "";
      if (options.protocol === "tei") {
        if (req.method === "GET" && path === "/info") {
          return send(res, 200, {
            model_id: "capqa/demo-nli",
            model_sha: "0123456789abcdef0123456789abcdef01234567",
            model_dtype: "float32",
            model_type: {
              classifier: {
                id2label: classifier.id2label,
                label2id: Object.fromEntries(Object.entries(classifier.id2label).map(([k, v]) => [v, Number(k)])),
              },
            },
            max_concurrent_requests: 512,
            max_input_length: classifier.encoder.maxLength,
            max_batch_tokens: 16384,
            max_batch_requests: null,
            max_client_batch_size: maxClientBatch,
            tokenization_workers: 1,
            version: "1.8.0-capqa-test",
            ...options.info,
          });
        }
        if (req.method === "POST" && path === "/predict") return await infer(res, body);
        return send(res, 404, { error: `no route ${req.method} ${path}` });
      }
      if (req.method === "GET" && path === "/v2/health/ready") return send(res, 200, {});
      const m = /^\/v2\/models\/([^/]+)(\/versions\/[^/]+)?(\/infer|\/ready|\/config)?$/.exec(path);
      if (!m) return send(res, 404, { error: `no route ${req.method} ${path}` });
      if (decodeURIComponent(m[1]) !== name)
        return send(res, 404, { error: `Request for unknown model: '${decodeURIComponent(m[1])}' is not found` });
      if (req.method === "GET" && m[3] === undefined) {
        const inputs = classifier.inputNames.map((n) => ({ name: n, datatype: "INT64", shape: [-1, -1] }));
        return send(res, 200, {
          name,
          versions: ["1"],
          platform: "onnxruntime_onnx",
          inputs,
          outputs: [{ name: "logits", datatype: "FP32", shape: [-1, classifier.order.size] }],
          ...options.metadata,
        });
      }
      if (req.method === "GET" && m[3] === "/ready") return send(res, 200, {});
      if (req.method === "GET" && m[3] === "/config") {
        if (options.config !== undefined) return send(res, 200, options.config);
        if (options.maxBatch === undefined) return send(res, 404, { error: "not found" });
        return send(res, 200, { name, platform: "onnxruntime_onnx", backend: "onnxruntime", max_batch_size: options.maxBatch });
      }
      if (req.method === "POST" && m[3] === "/infer") return await infer(res, body);
      return send(res, 405, { error: "method not allowed" });
    } catch (err) {
      if (!res.headersSent) send(res, 500, { error: (err as Error).message });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const handle: NliTestServer = {
    url: `http://127.0.0.1:${port}`,
    requests,
    get answeredPairs() {
      return state.answeredPairs;
    },
    get canaryRequests() {
      return state.canaryRequests;
    },
    set answeredPairs(v: number) {
      state.answeredPairs = v;
    },
    close: async () => {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.classifier) await classifier.dispose();
    },
  };
  return handle;
}
