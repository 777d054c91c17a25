/**
 * The inference-server request pool against a scripted fetch: concurrency bounds per replica,
 * Retry-After, redirects refused, garbled answers retried, credentials from the environment
 * and never shown, fatal errors stopping waiting requests.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { displayUrl, serverHeaders, ServerPool } from "../lib/nli/server/server-pool.js";

type Script = (url: string, init: RequestInit) => Promise<Response> | Response;
const fake = (script: Script) =>
  (async (url: string | URL | Request, init?: RequestInit) => script(String(url), init ?? {})) as typeof fetch;
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

test("credentials come from the environment and are never shown", () => {
  assert.deepEqual(serverHeaders({ CAPQA_NLI_SERVER_TOKEN: "abc" }), { authorization: "Bearer abc" });
  assert.deepEqual(serverHeaders({ CAPQA_NLI_SERVER_HEADERS: '{"X-Api-Key": "k1"}' }), { "x-api-key": "k1" });
  assert.throws(
    () => serverHeaders({ CAPQA_NLI_SERVER_HEADERS: "X-Api-Key: very-secret" }),
    (e: Error) => /must be a JSON object/.test(e.message) && !e.message.includes("very-secret"),
  );
  assert.throws(() => serverHeaders({ CAPQA_NLI_SERVER_HEADERS: '{"Bad Name": "x"}' }), /not a valid header name/);
  assert.throws(
    () => serverHeaders({ CAPQA_NLI_SERVER_HEADERS: '{"X-Key": "a\\r\\nInjected: 1"}' }),
    (e: Error) => /holds a line break/.test(e.message) && !e.message.includes("Injected"),
  );
  assert.equal(displayUrl("http://user:pw@host:8080/base/"), "http://host:8080/base");
});

test("at most `concurrency` requests per replica, spread over the replicas", async () => {
  const inFlight = new Map<string, number>();
  const peak = new Map<string, number>();
  const pool = new ServerPool(["http://a:1", "http://b:1"], "tei", {
    concurrency: 2,
    headers: {},
    fetch: fake(async (url) => {
      const host = new URL(url).host;
      inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
      peak.set(host, Math.max(peak.get(host) ?? 0, inFlight.get(host)!));
      await new Promise((r) => setTimeout(r, 5));
      inFlight.set(host, inFlight.get(host)! - 1);
      return json(200, { ok: host });
    }),
  });
  const answers = await Promise.all(Array.from({ length: 20 }, () => pool.request<{ ok: string }>("/predict", {}, { pairs: 1 })));
  assert.deepEqual([...peak.values()], [2, 2]);
  assert.ok(answers.filter((a) => a.ok === "a:1").length >= 8 && answers.filter((a) => a.ok === "b:1").length >= 8);
  assert.equal(pool.stats.requests, 20);
});

test("Retry-After is waited for; a garbled answer is retried; a redirect is refused", async () => {
  let n = 0;
  const t = Date.now();
  const pool = new ServerPool(["http://a:1"], "kserve", {
    headers: {},
    backoffMs: 1,
    fetch: fake(() => {
      n++;
      if (n === 1) return json(429, { error: "busy" }, { "retry-after": "0.2" });
      if (n === 2) return new Response("<html>proxy error</html>", { status: 200 });
      return json(200, { fine: true });
    }),
  });
  assert.deepEqual(await pool.request("/x", {}), { fine: true });
  assert.ok(Date.now() - t >= 190, "waited for Retry-After");
  assert.deepEqual(pool.stats.errors, { "429": 1, "bad-answer": 1 });
  const redirecting = new ServerPool(["http://a:1"], "kserve", {
    headers: { authorization: "Bearer t0ken" },
    fetch: fake(() => new Response(null, { status: 307, headers: { location: "http://evil/" } })),
  });
  await assert.rejects(redirecting.request("/x", {}), /answered 307, a redirect, which capqa does not follow/);
});

test("a fatal answer stops the requests waiting for a slot, and later ones", async () => {
  let calls = 0;
  const pool = new ServerPool(["http://a:1"], "tei", {
    concurrency: 1,
    headers: {},
    fetch: fake(async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      return json(403, { error: "forbidden" });
    }),
  });
  const results = await Promise.allSettled(Array.from({ length: 6 }, () => pool.request("/predict", {}, { pairs: 1 })));
  assert.ok(results.every((r) => r.status === "rejected" && /HTTP 403: forbidden.*CAPQA_NLI_SERVER_TOKEN/.test(String(r.reason.message))));
  assert.equal(calls, 1, "the waiting requests were not sent");
  await assert.rejects(pool.request("/predict", {}), /HTTP 403/);
  assert.equal(calls, 1);
});

test("bad settings are named before any request", () => {
  assert.throws(() => new ServerPool(["http://a:1"], "tei", { concurrency: 0 }), /the `concurrency` option must be a positive integer/);
  assert.throws(() => new ServerPool(["http://a:1"], "tei", { retries: -1 }), /the `retries` option/);
  assert.throws(() => new ServerPool(["http://a:1?x=1"], "tei"), /without a query/);
});
