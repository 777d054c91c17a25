/**
 * Limits a server cannot push the LLM client past: a reply body larger than maxResponseBytes is
 * refused while it streams in; a Retry-After longer than maxRetryAfterMs stops the run instead of
 * sleeping; the same 4xx for maxRepeatedErrors requests in a row stops the run instead of being
 * met once per item. Small limits keep every case well under a second. Local servers only.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DEFAULT_LLM_MAX_RESPONSE_BYTES, DEFAULT_LLM_MAX_RETRY_AFTER_MS, DEFAULT_LLM_REPEATED_ERROR_LIMIT } from "../lib/constants.js";
import { CallError, LlmClient, type ClientOptions } from "../lib/construct/client.js";
import { Provider, type ProviderName } from "../lib/construct/providers.js";
import { runAnswers } from "../lib/construct/answers.js";
import { toCsv } from "../lib/io/csv.js";
import { FaultServer } from "./fixtures/construct/fault-server.js";
import { runNode } from "./helpers.js";

const KEY = "sk-test-LIMITSkey-8Hq2Lm5Nv0Xc7Rt3";
const RUNNER = resolve("dist/test/fixtures/construct/run-cli.js");
const FAST: ClientOptions = { backoffBaseMs: 5, backoffMaxMs: 20, timeoutMs: 3000, requestsPerMinute: 0 };
const root = mkdtempSync(join(tmpdir(), "capqa-construct-limits-"));
const req = {
  system: "Answer the question in the style of a person responding on an exam.",
  user: "What is water?",
  maxTokens: 256,
  temperature: 0,
};
const accept = { validate: (r: { text: string }) => ({ ok: true as const, value: r.text }) };

function client(url: string, provider: ProviderName, options: ClientOptions = {}): LlmClient {
  return new LlmClient(new Provider({ provider, model: "m", baseUrl: provider === "anthropic" ? url : `${url}/v1`, apiKey: KEY }), {
    ...FAST,
    ...options,
  });
}

/** A server on 127.0.0.1 answering with `handle`; counts requests. */
async function serve(handle: (req: IncomingMessage, res: ServerResponse, n: number, body: string) => void | Promise<void>) {
  let n = 0;
  const sockets = new Set<Socket>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    await handle(req, res, ++n, Buffer.concat(chunks).toString("utf8"));
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return n;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const run = (args: string[], env: Record<string, string>) => runNode(RUNNER, args, { ANTHROPIC_API_KEY: KEY, OPENAI_API_KEY: KEY, ...env });

test("defaults of the limits live in lib/constants.ts", () => {
  assert.equal(DEFAULT_LLM_MAX_RETRY_AFTER_MS, 120_000);
  assert.ok(DEFAULT_LLM_MAX_RESPONSE_BYTES >= 1 << 20 && DEFAULT_LLM_MAX_RESPONSE_BYTES <= 16 << 20);
  assert.ok(DEFAULT_LLM_REPEATED_ERROR_LIMIT >= 2 && DEFAULT_LLM_REPEATED_ERROR_LIMIT <= 10);
  assert.throws(() => client("http://127.0.0.1:9", "openai", { maxResponseBytes: -1 }), /maxResponseBytes must be a number ≥ 0/);
});

test("a reply body past maxResponseBytes is refused while it streams in (not read whole), and the run stops", async () => {
  const CAP = 64 * 1024;
  const TOTAL = 32 * 1024 * 1024;
  let sent = 0;
  let finished = false;
  let mode: "stream" | "declared" | "error" | "small" = "stream";
  const s = await serve(async (req, res) => {
    const anthropic = req.url === "/v1/messages";
    const head = anthropic
      ? '{"id":"m","type":"message","model":"m","stop_reason":"end_turn","usage":{},"content":[{"type":"text","text":"'
      : '{"id":"c","model":"m","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"';
    const tail = anthropic ? '"}]}' : '"}}]}';
    if (mode === "small") {
      res.writeHead(200, { "content-type": "application/json" }).end(head + "x".repeat(CAP / 2) + tail);
      return;
    }
    const status = mode === "error" ? 500 : 200;
    const total = TOTAL + head.length + tail.length;
    res.writeHead(status, { "content-type": "application/json", ...(mode === "declared" ? { "content-length": String(total) } : {}) });
    let closed = false;
    res.on("close", () => (closed = true));
    sent = 0;
    finished = false;
    res.write(head);
    const chunk = "a".repeat(64 * 1024);
    while (sent < TOTAL && !closed) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        await new Promise<void>((r) => {
          const go = (): void => {
            res.off("drain", go);
            res.off("close", go);
            r();
          };
          res.on("drain", go);
          res.on("close", go);
        });
      }
    }
    if (!closed) {
      res.end(tail);
      finished = true;
    }
  });
  try {
    for (const provider of ["anthropic", "openai"] as ProviderName[]) {
      mode = "stream";
      const before = s.requests;
      const c = client(s.url, provider, { maxResponseBytes: CAP });
      const t0 = Date.now();
      await assert.rejects(c.call(req, accept), (e: unknown) => {
        assert.ok(e instanceof CallError, String(e));
        assert.equal(e.kind, "response_too_large");
        assert.equal(e.fatal, true);
        assert.match(
          e.message,
          new RegExp(`${provider}: HTTP 200 reply past \\d+ bytes and still coming is larger than maxResponseBytes \\(${CAP}\\)`),
        );
        return true;
      });
      assert.ok(Date.now() - t0 < 2000);
      assert.equal(s.requests, before + 1, "not retried");
      await new Promise((r) => setTimeout(r, 50));
      assert.ok(!finished && sent < TOTAL / 4, `the client stopped reading (${sent} of ${TOTAL} bytes sent)`);
      assert.equal(c.stats.faults.response_too_large, 1);
    }
    // A Content-Length past the cap is refused before the body is read; so is an error body past it.
    for (const m of ["declared", "error"] as const) {
      mode = m;
      const before = s.requests;
      const c = client(s.url, "openai", { maxResponseBytes: CAP });
      await assert.rejects(
        c.call(req, accept),
        (e: unknown) =>
          e instanceof CallError &&
          e.kind === "response_too_large" &&
          e.status === (m === "error" ? 500 : 200) &&
          /maxResponseBytes/.test(e.message),
      );
      assert.equal(s.requests, before + 1, `${m}: not retried`);
      if (m === "declared")
        await assert.rejects(
          client(s.url, "openai", { maxResponseBytes: CAP }).call(req, accept),
          /reply of \d+ bytes \(Content-Length\) is larger than maxResponseBytes/,
        );
    }
    // Under the cap: read as before.
    mode = "small";
    const ok = await client(s.url, "anthropic", { maxResponseBytes: CAP }).call(req, accept);
    assert.equal(ok.value.length, CAP / 2);
  } finally {
    await s.close();
  }
});

test("a Retry-After longer than maxRetryAfterMs stops at once with a clear error instead of sleeping; shorter ones are waited for", async () => {
  const cases: { provider: ProviderName; opts: { retryAfter?: string; retryAfterMs?: string }; secs: string }[] = [
    { provider: "anthropic", opts: { retryAfter: "3600" }, secs: "3600.0" },
    { provider: "openai", opts: { retryAfterMs: "900000" }, secs: "900.0" },
    { provider: "anthropic", opts: { retryAfter: new Date(Date.now() + 600_000).toUTCString() }, secs: "\\d{3}\\.\\d" },
  ];
  for (const { provider, opts, secs } of cases) {
    const s = await new FaultServer({ key: KEY, faults: { 1: "429", 2: "429" }, ...opts }).start();
    try {
      const c = client(s.url, provider, { maxRetryAfterMs: 300 });
      const t0 = Date.now();
      await assert.rejects(c.call(req, accept), (e: unknown) => {
        assert.ok(e instanceof CallError, String(e));
        assert.equal(e.kind, "retry_after_too_long");
        assert.equal(e.fatal, true);
        assert.equal(e.status, 429);
        assert.match(
          e.message,
          new RegExp(
            `${provider}: HTTP 429.* the server asks to wait ${secs} s \\(Retry-After\\), longer than maxRetryAfterMs \\(300 ms\\); stopping instead of waiting`,
          ),
        );
        return true;
      });
      assert.ok(Date.now() - t0 < 250, `${Date.now() - t0} ms: no sleep`);
      assert.equal(s.log.length, 1);
    } finally {
      await s.close();
    }
  }
  // Under the cap: waited for, then retried.
  const s = await new FaultServer({ key: KEY, faults: { 1: "429" }, retryAfter: "0.1" }).start();
  try {
    const r = await client(s.url, "anthropic", { maxRetryAfterMs: 300 }).call(req, accept);
    assert.equal(r.value, "Answer to: What is water?");
    assert.ok(s.log[1].at - s.log[0].at >= 90);
  } finally {
    await s.close();
  }
  // A run whose every request gets a long Retry-After stops at the first, not after sleeping once per row.
  const all = await new FaultServer({ key: KEY, faultFor: () => "429", retryAfter: "3600" }).start();
  try {
    const rows = Array.from({ length: 10 }, (_, i) => ({ question: `Q${i}?` }));
    const c = client(all.url, "openai", { maxRetryAfterMs: 300, concurrency: 2 });
    const t0 = Date.now();
    await assert.rejects(
      runAnswers({
        client: c,
        columns: ["question"],
        rows,
        settings: { maxTokens: 256, temperature: 0 },
        checkpoint: join(root, "ra.checkpoint.jsonl"),
        concurrency: 2,
      }),
      (e: unknown) => e instanceof CallError && e.kind === "retry_after_too_long",
    );
    assert.ok(Date.now() - t0 < 1000, `${Date.now() - t0} ms`);
    assert.ok(all.log.length <= 2, `${all.log.length} requests`);
  } finally {
    await all.close();
  }
});

/** An Anthropic-style 400 whose body carries a request id that differs every time. */
function badRequest(res: ServerResponse, n: number, message = "max_tokens: 999999 > 8192, which is the maximum allowed for this model") {
  res.writeHead(400, { "content-type": "application/json" }).end(
    JSON.stringify({
      type: "error",
      error: { type: "invalid_request_error", message },
      request_id: `req_${n}_${Math.random().toString(36).slice(2)}`,
    }),
  );
}

test("the same 4xx for maxRepeatedErrors requests in a row stops the run with a report; different or interrupted errors do not", async () => {
  const rows = Array.from({ length: 20 }, (_, i) => ({ question: `Q${i}?` }));
  const settings = { maxTokens: 256, temperature: 0 };
  const s = await serve((_, res, n) => badRequest(res, n));
  try {
    const c = client(s.url, "anthropic", { maxRepeatedErrors: 3 });
    const cp = join(root, "same400.checkpoint.jsonl");
    await assert.rejects(runAnswers({ client: c, columns: ["question"], rows, settings, checkpoint: cp, concurrency: 1 }), (e: unknown) => {
      assert.ok(e instanceof CallError, String(e));
      assert.equal(e.kind, "repeated_http_400");
      assert.equal(e.fatal, true);
      assert.match(
        e.message,
        /^anthropic: HTTP 400: .*invalid_request_error.* — the same reply to 3 requests in a row \(maxRepeatedErrors 3\); stopping/,
      );
      return true;
    });
    assert.equal(s.requests, 3, "stopped after 3 requests, not 20");
    assert.equal(c.stats.faults.http_400, 3);
    const failed = readFileSync(cp, "utf8")
      .trim()
      .split("\n")
      .slice(1)
      .map((l) => JSON.parse(l) as { type: string });
    assert.deepEqual(
      failed.map((r) => r.type),
      ["failed", "failed"],
    ); // the first two, kept for the next run

    // Concurrency: the requests already in flight finish, nothing more is sent.
    const before = s.requests;
    const c4 = client(s.url, "anthropic", { maxRepeatedErrors: 3, concurrency: 4 });
    await assert.rejects(
      runAnswers({
        client: c4,
        columns: ["question"],
        rows,
        settings,
        checkpoint: join(root, "same400-4.checkpoint.jsonl"),
        concurrency: 4,
      }),
      (e: unknown) => e instanceof CallError && e.kind === "repeated_http_400",
    );
    assert.ok(s.requests - before <= 3 + 3, `${s.requests - before} requests`);
  } finally {
    await s.close();
  }

  // Item-specific 400s (different messages), or a success in between, do not stop the run; 0 turns the rule off.
  const varied = await serve((_, res, n, body) => badRequest(res, n, `prompt too long: ${JSON.stringify(body).length + n} tokens`));
  const mixed = await serve((_req, res, n) => {
    if (n % 3 === 0)
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id: "m",
          type: "message",
          model: "m",
          content: [{ type: "text", text: "fine" }],
          stop_reason: "end_turn",
          usage: {},
        }),
      );
    else badRequest(res, n);
  });
  const same = await serve((_, res, n) => badRequest(res, n));
  try {
    for (const [srv, limit, name] of [
      [varied, 3, "varied"],
      [mixed, 3, "mixed"],
      [same, 0, "off"],
    ] as const) {
      const c = client(srv.url, "anthropic", { maxRepeatedErrors: limit });
      const res = await runAnswers({
        client: c,
        columns: ["question"],
        rows,
        settings,
        checkpoint: join(root, `${name}.checkpoint.jsonl`),
        concurrency: 1,
      });
      assert.equal(srv.requests, 20, name);
      assert.equal(res.failed.length, name === "mixed" ? 14 : 20, name);
    }
  } finally {
    await varied.close();
    await mixed.close();
    await same.close();
  }
});

test("from the command line, a stop writes the report (why, and the faults met) and exits 1 with the reason", async () => {
  const dir = join(root, "cli");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "in.csv"),
    toCsv(
      ["question", "gold_answer"],
      Array.from({ length: 12 }, (_, i) => ({ question: `Why ${i}?`, gold_answer: `because ${i}` })),
    ),
  );
  writeFileSync(
    join(dir, "cfg.json"),
    JSON.stringify({ maxRepeatedErrors: 2, concurrency: 1, requestsPerMinute: 0, backoffBaseMs: 5, backoffMaxMs: 20 }),
  );
  const s = await serve((_, res, n) => badRequest(res, n));
  try {
    const r = await run(
      [
        "answers",
        "--config",
        join(dir, "cfg.json"),
        "--provider",
        "anthropic",
        "--model",
        "claude-x",
        "--in",
        join(dir, "in.csv"),
        "--out",
        join(dir, "out.csv"),
        "--cache-dir",
        join(dir, "cache"),
        "--quiet",
      ],
      { ANTHROPIC_BASE_URL: s.url },
    );
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /capqa: anthropic: HTTP 400: .* the same reply to 2 requests in a row \(maxRepeatedErrors 2\); stopping/);
    assert.match(r.stderr, /stopped: 2 HTTP request\(s\)/);
    assert.equal(s.requests, 2);
    const report = JSON.parse(readFileSync(join(dir, "out.report.json"), "utf8"));
    assert.equal(report.kind, "answers");
    assert.equal(report.stopped.kind, "repeated_http_400");
    assert.equal(report.stopped.status, 400);
    assert.equal(report.stats.faults.http_400, 2);
    assert.ok(!r.stderr.includes(KEY) && !readFileSync(join(dir, "out.report.json"), "utf8").includes(KEY));
  } finally {
    await s.close();
  }
});
