import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ResponseCache } from "../lib/construct/cache.js";
import { CallError, ContentError, LlmClient, TokenBucket, type ClientOptions } from "../lib/construct/client.js";
import { parseRetryAfter } from "../lib/io/http.js";
import { Provider, type ProviderName } from "../lib/construct/providers.js";
import { FaultServer, type FaultServerOptions } from "./fixtures/construct/fault-server.js";

const KEY = "sk-test-Q7VX3pLmN9sTz2RkWc4YhB8dJfG6";
const FAST: ClientOptions = { backoffBaseMs: 5, backoffMaxMs: 20, timeoutMs: 2000, requestsPerMinute: 0 };
const accept = {
  validate: (r: { text: string }) =>
    r.text.trim() ? { ok: true as const, value: r.text } : { ok: false as const, kind: "empty_string", reason: "empty" },
};

async function withServer(opts: Partial<FaultServerOptions>, fn: (s: FaultServer) => Promise<void>): Promise<void> {
  const s = await new FaultServer({ key: KEY, ...opts }).start();
  try {
    await fn(s);
  } finally {
    await s.close();
  }
}

function client(s: FaultServer, provider: ProviderName, options: ClientOptions = {}, key = KEY): LlmClient {
  const base = provider === "anthropic" ? s.url : `${s.url}/v1`;
  return new LlmClient(new Provider({ provider, model: "test-model", baseUrl: base, apiKey: key }), { ...FAST, ...options });
}

const req = {
  system: "Answer the question in the style of a person responding on an exam.",
  user: "What is water?",
  maxTokens: 256,
  temperature: 0,
};

test("Anthropic Messages: path, headers and body as the SDK sends them", async () => {
  await withServer({}, async (s) => {
    const c = client(s, "anthropic");
    const r = await c.call({ ...req, topP: 0.95 }, accept);
    assert.equal(r.value, "Answer to: What is water?");
    const h = s.log[0].headers;
    assert.equal(s.log[0].api, "anthropic");
    assert.equal(h["x-api-key"], KEY);
    assert.equal(h["anthropic-version"], "2023-06-01");
    assert.match(String(h["content-type"]), /application\/json/);
    assert.deepEqual(s.log[0].body, {
      model: "test-model",
      max_tokens: 256,
      system: req.system,
      messages: [{ role: "user", content: "What is water?" }],
      temperature: 0,
      top_p: 0.95,
    });
    assert.equal(r.reply.stopReason, "end_turn");
    assert.ok((r.reply.inputTokens ?? 0) > 0);
  });
});

test("OpenAI chat completions: {base}/chat/completions with Bearer auth, system + user messages", async () => {
  await withServer({}, async (s) => {
    const c = client(s, "openai");
    const r = await c.call(req, accept);
    assert.equal(r.value, "Answer to: What is water?");
    assert.equal(s.log[0].api, "openai");
    assert.equal(s.log[0].headers.authorization, `Bearer ${KEY}`);
    assert.deepEqual(s.log[0].body, {
      model: "test-model",
      messages: [
        { role: "system", content: req.system },
        { role: "user", content: "What is water?" },
      ],
      temperature: 0,
      max_tokens: 256,
    });
    const c2 = new LlmClient(
      new Provider({ provider: "openai", model: "m", baseUrl: `${s.url}/v1/`, apiKey: KEY, maxTokensField: "max_completion_tokens" }),
      FAST,
    );
    await c2.call(req, accept);
    assert.equal(s.log[1].body.max_completion_tokens, 256);
    assert.equal(s.log[1].body.max_tokens, undefined);
  });
  // Defaults and environment, as the SDKs: public endpoints, *_BASE_URL, *_API_KEY.
  assert.equal(new Provider({ provider: "openai", model: "m", env: {} }).url(), "https://api.openai.com/v1/chat/completions");
  assert.equal(new Provider({ provider: "anthropic", model: "m", env: {} }).url(), "https://api.anthropic.com/v1/messages");
  assert.equal(
    new Provider({ provider: "openai", model: "m", env: { OPENAI_BASE_URL: "http://127.0.0.1:9/v1" } }).url(),
    "http://127.0.0.1:9/v1/chat/completions",
  );
  assert.equal(new Provider({ provider: "anthropic", model: "m", env: { ANTHROPIC_API_KEY: "k-123" } }).hasKey, true);
  assert.throws(() => new Provider({ provider: "anthropic", model: "m", env: {} }).http(req), /set ANTHROPIC_API_KEY/);
});

test("retries: 429 with Retry-After, 500, 529, hung connection, reply cut mid-body; every fault counted", async () => {
  await withServer({ faults: { 1: "429", 2: "500", 3: "529", 4: "hang", 5: "truncated_body" }, retryAfter: "0.3" }, async (s) => {
    const c = client(s, "anthropic", { timeoutMs: 1000 });
    const r = await c.call(req, accept);
    assert.equal(r.value, "Answer to: What is water?");
    assert.equal(s.log.length, 6);
    assert.ok(s.log[1].at - s.log[0].at >= 290, `Retry-After honoured (${s.log[1].at - s.log[0].at} ms)`);
    assert.deepEqual(c.stats.faults, { http_429: 1, http_500: 1, http_529: 1, timeout: 1, truncated_response: 1 });
    assert.equal(c.stats.retries, 5);
    assert.equal(c.stats.httpRequests, 6);
    assert.equal(c.stats.succeeded, 1);
  });
  await withServer({ faults: { 1: "429" }, retryAfterMs: "250" }, async (s) => {
    const c = client(s, "openai");
    await c.call(req, accept);
    assert.ok(s.log[1].at - s.log[0].at >= 240, "retry-after-ms honoured");
  });
});

test("rejected replies are asked again, then fail as ContentError; transport faults give up after maxRetries", async () => {
  await withServer({ faults: { 1: "empty_string", 2: "empty_string" } }, async (s) => {
    const c = client(s, "openai", { contentRetries: 2 });
    assert.equal((await c.call(req, accept)).value, "Answer to: What is water?");
    assert.equal(c.stats.faults.content_empty_string, 2);
  });
  await withServer({ faultFor: () => "empty_string" }, async (s) => {
    const c = client(s, "openai", { contentRetries: 1 });
    await assert.rejects(c.call(req, accept), (e: unknown) => e instanceof ContentError && !e.fatal);
    assert.equal(s.log.length, 2);
  });
  await withServer({ faultFor: () => "500" }, async (s) => {
    const c = client(s, "anthropic", { maxRetries: 2 });
    await assert.rejects(
      c.call(req, accept),
      (e: unknown) => e instanceof CallError && e.kind === "http_500" && /gave up after 3 attempts/.test(e.message),
    );
    assert.equal(s.log.length, 3);
    assert.equal(c.stats.failed, 1);
  });
});

test("a wrong key is fatal and the key the API echoes never reaches a message", async () => {
  await withServer({}, async (s) => {
    const wrong = "sk-wrong-9f8e7d6c5b4a3f2e1d0c";
    for (const p of ["anthropic", "openai"] as const) {
      const c = client(s, p, {}, wrong);
      await assert.rejects(c.call(req, accept), (e: unknown) => {
        assert.ok(e instanceof CallError && e.fatal && e.status === 401);
        assert.ok(!e.message.includes(wrong) && !e.message.includes(wrong.slice(3, 15)), e.message);
        assert.match(e.message, /\[REDACTED\]/);
        return true;
      });
    }
    assert.equal(s.log.length, 2); // not retried
  });
});

test("response cache: keyed by the full request; the sample index separates sampled calls; identical calls in flight share one request", async () => {
  const dir = mkdtempSync(join(tmpdir(), "capqa-llm-cache-"));
  await withServer({ delayMs: 30 }, async (s) => {
    const cache = new ResponseCache(dir);
    const c = client(s, "anthropic", { cache });
    await c.call(req, accept);
    await c.call(req, accept);
    assert.equal(s.log.length, 1);
    assert.equal(c.stats.cacheHits, 1);
    await c.call({ ...req, temperature: 1 }, accept);
    assert.equal(s.log.length, 2);
    await c.call(req, { ...accept, sample: 1 });
    assert.equal(s.log.length, 3);
    // A second client over the same folder: still cached.
    const c2 = client(s, "anthropic", { cache: new ResponseCache(dir) });
    await c2.call(req, accept);
    assert.equal(s.log.length, 3);
    const r = await Promise.all([1, 2, 3].map(() => c2.call({ ...req, user: "Shared?" }, accept)));
    assert.ok(r.every((x) => x.value === "Answer to: Shared?"));
    assert.equal(s.log.length, 4);
    assert.equal(c2.stats.coalesced, 2);
  });
  // No key in the cache.
  const files = (d: string): string[] =>
    readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? files(join(d, f)) : [join(d, f)]));
  assert.ok(files(dir).length >= 4);
  for (const f of files(dir)) assert.ok(!readFileSync(f, "utf8").includes(KEY));
});

test("concurrency limit and token-bucket rate limit", async () => {
  await withServer({ delayMs: 40 }, async (s) => {
    let inFlight = 0;
    let most = 0;
    const counting: typeof fetch = async (...a) => {
      inFlight++;
      most = Math.max(most, inFlight);
      try {
        return await fetch(...a);
      } finally {
        inFlight--;
      }
    };
    const c = client(s, "openai", { concurrency: 3, fetch: counting });
    await Promise.all(Array.from({ length: 10 }, (_, i) => c.call({ ...req, user: `q${i}` }, accept)));
    assert.equal(most, 3);
  });
  const bucket = new TokenBucket(1200, 1); // one token each 50 ms
  const t0 = Date.now();
  for (let i = 0; i < 5; i++) await bucket.take();
  assert.ok(Date.now() - t0 >= 190, `${Date.now() - t0} ms`);
  await withServer({}, async (s) => {
    const c = client(s, "anthropic", { requestsPerMinute: 1500, concurrency: 1 }); // 40 ms apart
    const t = Date.now();
    await Promise.all(Array.from({ length: 4 }, (_, i) => c.call({ ...req, user: `r${i}` }, accept)));
    assert.ok(Date.now() - t >= 110, `${Date.now() - t} ms`);
  });
});

test("parseRetryAfter: retry-after-ms, seconds, HTTP date", () => {
  const h = (o: Record<string, string>) => new Headers(o);
  assert.equal(parseRetryAfter(h({ "retry-after-ms": "150" })), 150);
  assert.equal(parseRetryAfter(h({ "retry-after": "2" })), 2000);
  assert.equal(parseRetryAfter(h({ "retry-after": "0.5" })), 500);
  const now = Date.parse("2026-01-01T00:00:00Z");
  assert.equal(parseRetryAfter(h({ "retry-after": "Thu, 01 Jan 2026 00:00:03 GMT" }), now), 3000);
  assert.equal(parseRetryAfter(h({})), undefined);
  assert.equal(parseRetryAfter(h({ "retry-after": "soon" })), undefined);
});
