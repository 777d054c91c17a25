/**
 * NLI over inference servers, against local stand-ins on 127.0.0.1 for both protocols
 * (test/support/nli-servers.ts) answering with the fixture model through capqa's classifier:
 * the same probabilities as in-process, order kept under concurrency and several replicas,
 * 503s, 429s and hung requests survived, a 401 stopping the run at once without leaking the
 * token, other 4xx failing their batch only, and `capqa score` killed with SIGKILL mid-run
 * resuming with nothing lost or computed twice.
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadNliEngine } from "../lib/nli/load-engine.js";
import { loadNliClassifier, type NliClassifier } from "../lib/nli/transformers-engine.js";
import type { NliServerOptions } from "../lib/nli/server/options.js";
import { scoreStatements } from "../lib/score/score.js";
import { NliCache } from "../lib/nli/cache.js";
import { startNliTestServer, type NliTestServer } from "./support/nli-servers.js";
import { benchPairs } from "../bench/nli-bench.js";
import { cacheEntries, statementPairsCsv } from "./helpers.js";

const MODEL = resolve("models/demo-nli");
const CLI = resolve("dist/cli/main.js");
const root = mkdtempSync(join(tmpdir(), "capqa-nli-servers-"));
const { premises, hypotheses } = benchPairs(300, 21);
const PROTOCOLS = ["kserve", "tei"] as const;
/** Short backoff so that retried runs stay quick. */
const FAST = { backoffMs: 2, maxBackoffMs: 20 };

let shared: NliClassifier | undefined;
const classifier = async () => (shared ??= await loadNliClassifier({ model: MODEL }));
const servers: NliTestServer[] = [];
const serve = async (o: Omit<Parameters<typeof startNliTestServer>[0], "classifier">) => {
  const s = await startNliTestServer({ ...o, classifier: await classifier() });
  servers.push(s);
  return s;
};
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await shared?.dispose();
});

const serverOptions = (protocol: (typeof PROTOCOLS)[number], urls: string[], more: Partial<NliServerOptions> = {}): NliServerOptions => ({
  urls,
  protocol,
  modelName: "nli",
  ...FAST,
  ...more,
});

/**
 * In-process probabilities: KServe is fed capqa's own batches, so it matches the default run; the TEI stand-in runs each pair alone (TEI
 * batches from its own queue), so it matches batches of one.
 */
async function inProcess(protocol: (typeof PROTOCOLS)[number], batchSize: number): Promise<Float64Array> {
  const engine = await loadNliEngine({ model: MODEL, batchSize: protocol === "tei" ? 1 : batchSize });
  const p = await engine.probabilities(premises, hypotheses);
  await engine.dispose();
  return p;
}

function runCli(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stderr: string; stdout: string }> {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
    let stderr = "";
    let stdout = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.stdout.on("data", (d) => (stdout += d));
    child.on("exit", (status) => resolvePromise({ status, stderr, stdout }));
  });
}

for (const protocol of PROTOCOLS) {
  test(`${protocol}: probabilities identical to in-process scoring, in input order under concurrency over two replicas`, async () => {
    const expected = await inProcess(protocol, 8);
    // Random delays answer requests out of order; two replicas share the load.
    const a = await serve({ protocol, delayMs: (n) => (n * 7919) % 23 });
    const b = await serve({ protocol, delayMs: (n) => (n * 104729) % 17 });
    const engine = await loadNliEngine({ model: MODEL, batchSize: 8, server: serverOptions(protocol, [a.url, b.url], { concurrency: 3 }) });
    const got = await engine.probabilities(premises, hypotheses);
    assert.deepEqual(Array.from(got), Array.from(expected));
    assert.ok(a.requests.length > 0 && b.requests.length > 0, `both replicas used (${a.requests.length}, ${b.requests.length})`);
    assert.equal(engine.server!.pairs, premises.length);
    assert.equal(engine.server!.retries, 0);
    // Through the cache's concurrent batches (scoreStatements), still every row in place.
    const rows = await scoreStatements(premises.slice(0, 40), hypotheses.slice(0, 40), { engine, cache: null });
    const local = await scoreStatements(premises.slice(0, 40), hypotheses.slice(0, 40), {
      model: MODEL,
      batchSize: protocol === "tei" ? 1 : 8,
      cache: null,
    });
    assert.deepEqual(
      rows.rows.map((r) => r.cap),
      local.rows.map((r) => r.cap),
    );
  });

  test(`${protocol}: injected 503s, 429s and hung requests are retried; the numbers do not change`, async () => {
    const expected = await inProcess(protocol, 64);
    const srv = await serve({
      protocol,
      fault: (n) =>
        n % 4 === 1 ? { status: 503 } : n === 6 ? { hang: true } : n === 7 ? { status: 429, headers: { "retry-after": "0" } } : undefined,
    });
    const logs: string[] = [];
    const engine = await loadNliEngine({
      model: MODEL,
      batchSize: protocol === "tei" ? 32 : 64,
      // (Long enough that only the hung request times out while another test file keeps the CPUs busy: at 400 ms a loaded CI
      // machine timed out ordinary requests too.)
      server: serverOptions(protocol, [srv.url], { timeoutMs: 3000 }),
      log: (l) => logs.push(l),
    });
    const got = await engine.probabilities(premises, hypotheses);
    assert.deepEqual(Array.from(got), Array.from(expected));
    const s = engine.server!;
    assert.ok(s.errors["503"] >= 2, JSON.stringify(s.errors));
    assert.equal(s.errors.timeout, 1);
    assert.equal(s.errors["429"], 1);
    assert.equal(s.retries, s.errors["503"] + s.errors.timeout + s.errors["429"]);
    assert.ok(logs.some((l) => /HTTP 503/.test(l) && /retrying/.test(l)));
  });

  test(`${protocol}: a 401 stops the run at once and says which variable to set; the token never appears`, async () => {
    const token = "s3cret-token-value";
    const srv = await serve({ protocol, token });
    const noToken = loadNliEngine({ model: MODEL, server: serverOptions(protocol, [srv.url], { headers: {} }) });
    await assert.rejects(noToken, /HTTP 401.*CAPQA_NLI_SERVER_TOKEN/);
    assert.ok(srv.requests.length === 0, "no pair was sent");
    // A wrong token: refused, and neither the message nor the logs carry it.
    const logs: string[] = [];
    const wrong = await loadNliEngine({
      model: MODEL,
      server: serverOptions(protocol, [srv.url], { headers: { authorization: "Bearer wrong-token-123" } }),
      log: (l) => logs.push(l),
    }).catch((e: Error) => e);
    assert.ok(wrong instanceof Error && !wrong.message.includes("wrong-token-123"));
    // The right token from the environment works.
    process.env.CAPQA_NLI_SERVER_TOKEN = token;
    try {
      const engine = await loadNliEngine({ model: MODEL, server: serverOptions(protocol, [srv.url]) });
      const got = await engine.probabilities(premises.slice(0, 5), hypotheses.slice(0, 5));
      assert.equal(got.length, 15);
    } finally {
      delete process.env.CAPQA_NLI_SERVER_TOKEN;
    }
    // A 401 in the middle of a run (the credentials expired) stops it: scoring rejects after a handful of requests, not one per batch.
    const expiring = await serve({
      protocol,
      fault: (n) => (n >= 3 ? { status: 401, body: { error: `token ${token} expired` } } : undefined),
    });
    const engine = await loadNliEngine({
      model: MODEL,
      batchSize: 4,
      server: serverOptions(protocol, [expiring.url], { concurrency: 2, headers: { authorization: `Bearer ${token}` } }),
    });
    const err = await scoreStatements(premises, hypotheses, { engine, cache: null }).catch((e: Error) => e);
    assert.ok(err instanceof Error && /HTTP 401/.test(err.message), String(err));
    assert.ok(!err.message.includes(token), "the server's echo of the token is scrubbed");
    assert.ok(expiring.requests.length <= 5, `${expiring.requests.length} requests before stopping`);
    for (const l of logs) assert.ok(!l.includes("wrong-token-123"));
  });

  test(`${protocol}: another 4xx fails its batch's rows only, with the server's message`, async () => {
    const srv = await serve({ protocol, fault: (n) => (n === 2 ? { status: 400, body: { error: "input too long" } } : undefined) });
    const engine = await loadNliEngine({ model: MODEL, batchSize: 8, server: serverOptions(protocol, [srv.url], { concurrency: 1 }) });
    const { rows, report } = await scoreStatements(premises.slice(0, 60), hypotheses.slice(0, 60), { engine, cache: null });
    const failed = rows.filter((r) => r.status === "not_scored");
    assert.ok(failed.length > 0 && failed.length < rows.length);
    assert.match(failed[0].reason!, /HTTP 400: input too long/);
    assert.equal(report.server!.requests, srv.requests.length - 1, "every inference request but the refused one answered");
  });

  test(`${protocol}: capqa score killed with SIGKILL mid-run resumes with nothing lost or computed twice`, async () => {
    const input = join(root, `${protocol}-pairs.csv`);
    writeFileSync(input, statementPairsCsv(600, 9));
    const srv = await serve({ protocol, delayMs: 15 });
    const args = (out: string, cache: string) => [
      "score",
      "--in",
      input,
      "--out",
      out,
      "--model",
      MODEL,
      "--batch",
      "8",
      "--cache-dir",
      cache,
      "--nli-server",
      srv.url,
      "--nli-protocol",
      protocol,
      "--nli-server-model",
      "nli",
      "--nli-concurrency",
      "2",
    ];
    const fullOut = join(root, `${protocol}-full.csv`);
    const full = await runCli(args(fullOut, join(root, `${protocol}-cache-full`)));
    assert.equal(full.status, 0, full.stderr);
    const total = Number(/(\d+) distinct NLI pairs/.exec(full.stderr)![1]);
    assert.match(full.stderr, new RegExp(`NLI servers \\(${protocol}, http://127\\.0\\.0\\.1:\\d+\\): \\d+ requests for ${total} pairs`));

    const cacheDir = join(root, `${protocol}-cache-killed`);
    const killedOut = join(root, `${protocol}-killed.csv`);
    const child = spawn(process.execPath, [CLI, ...args(killedOut, cacheDir)], { stdio: "ignore" });
    const exited = new Promise<NodeJS.Signals | null>((res) => child.on("exit", (_code, signal) => res(signal)));
    for (let k = 0; k < 800 && cacheEntries(cacheDir) < total / 3; k++) await new Promise((r) => setTimeout(r, 10));
    child.kill("SIGKILL");
    assert.equal(await exited, "SIGKILL");
    const kept = cacheEntries(cacheDir);
    assert.ok(kept > 0 && kept < total, `killed with ${kept} of ${total} pairs done`);
    assert.equal(existsSync(killedOut), false, "no partial output file is left");

    await new Promise((r) => setTimeout(r, 300)); // requests the killed run left in flight finish on the server
    const before = srv.answeredPairs;
    const resumed = await runCli(args(killedOut, cacheDir));
    assert.equal(resumed.status, 0, resumed.stderr);
    const m = /(\d+) from the cache, (\d+) through the model/.exec(resumed.stderr)!;
    assert.equal(Number(m[1]), kept, "finished pairs are not recomputed");
    assert.equal(Number(m[1]) + Number(m[2]), total);
    assert.equal(srv.answeredPairs - before, total - kept, "the server sees only the missing pairs");
    assert.equal(readFileSync(killedOut, "utf8"), readFileSync(fullOut, "utf8"));
    const cache = NliCache.open(cacheDir);
    cache.close();
    assert.equal(cacheEntries(cacheDir), total, "no pair is stored twice");
  });
}

test("kserve: Triton's max_batch_size caps the requests; a server out of memory makes the batch split, not retried", async () => {
  const capped = await serve({ protocol: "kserve", maxBatch: 16 });
  const lines: string[] = [];
  const engine = await loadNliEngine({ model: MODEL, server: serverOptions("kserve", [capped.url]), log: (l) => lines.push(l) });
  const got = await engine.probabilities(premises, hypotheses);
  assert.ok(capped.requests.every((r) => r.length <= 16));
  assert.ok(lines.some((l) => /max_batch_size for this model is 16/.test(l)));
  assert.deepEqual(Array.from(got), Array.from(await inProcess("kserve", 16)));

  const small = await serve({ protocol: "kserve", memoryTokens: 600 });
  const oom = await loadNliEngine({ model: MODEL, server: serverOptions("kserve", [small.url]), log: (l) => lines.push(l) });
  const split = await oom.probabilities(premises, hypotheses);
  const reference = await inProcess("kserve", 64);
  let max = 0;
  for (let i = 0; i < split.length; i++) max = Math.max(max, Math.abs(split[i] - reference[i]));
  assert.ok(max < 1e-6, `max |Δ| ${max}`);
  assert.ok(oom.stats.outOfMemorySplits! >= 1);
  assert.equal(oom.server!.retries, 0, "out of memory is split, not retried");
  assert.equal(oom.server!.errors["out-of-memory"], oom.stats.outOfMemorySplits);
  assert.ok(lines.some((l) => /out of memory on a batch of \d+ pairs/.test(l)));
});

test("tei: a server out of memory makes the request split and the smaller size kept", async () => {
  const srv = await serve({ protocol: "tei", memoryTokens: 400 });
  const lines: string[] = [];
  const engine = await loadNliEngine({
    model: MODEL,
    server: serverOptions("tei", [srv.url], { concurrency: 1 }),
    log: (l) => lines.push(l),
  });
  const got = await engine.probabilities(premises, hypotheses);
  assert.deepEqual(Array.from(got), Array.from(await inProcess("tei", 1)));
  assert.ok(engine.stats.outOfMemorySplits! >= 1);
  assert.equal(engine.server!.retries, 0);
  assert.ok(lines.some((l) => /the server ran out of memory on \d+ pairs .*requests now hold at most \d+ pairs/.test(l)));
  // After the first splits, requests are formed at the size that worked.
  const oomAnswers = engine.server!.errors["out-of-memory"];
  assert.ok(oomAnswers <= 6, `${oomAnswers} out-of-memory answers`);
});

test("the same client error request after request stops the run instead of failing every batch", async () => {
  const srv = await serve({
    protocol: "tei",
    fault: () => ({ status: 422, body: { error: "Input validation error: inputs cannot be empty", error_type: "Validation" } }),
  });
  const engine = await loadNliEngine({ model: MODEL, batchSize: 2, server: serverOptions("tei", [srv.url], { concurrency: 1 }) });
  const err = await scoreStatements(premises.slice(0, 100), hypotheses.slice(0, 100), { engine, cache: null }).catch((e: Error) => e);
  assert.ok(err instanceof Error && /HTTP 422: Input validation error.*5 requests in a row; stopping/.test(err.message), String(err));
  assert.equal(srv.requests.length, 5);
});

test("servers are checked before any pair: a wrong model name, an embedding model, replicas serving different models, nothing listening", async () => {
  const k = await serve({ protocol: "kserve" });
  await assert.rejects(
    loadNliEngine({ model: MODEL, server: serverOptions("kserve", [k.url], { modelName: "other" }) }),
    /HTTP 404.*unknown model.*`modelName` option/,
  );
  const tei = await serve({ protocol: "tei" });
  const other = await serve({ protocol: "kserve", modelName: "nli" });
  // A KServe server asked as if it were TEI: /info is not there.
  await assert.rejects(loadNliEngine({ model: MODEL, server: serverOptions("tei", [other.url]) }), /HTTP 404/);
  // Nothing listening: a clear connection error after the retries.
  const closed = await serve({ protocol: "tei" });
  await closed.close();
  await assert.rejects(
    loadNliEngine({ model: MODEL, server: serverOptions("tei", [closed.url], { retries: 1 }) }),
    /no NLI server answered: .*connection failed/,
  );
  // One replica down and one up: a warning, and the run goes on.
  const logs: string[] = [];
  const engine = await loadNliEngine({
    model: MODEL,
    server: serverOptions("tei", [tei.url, closed.url], { retries: 2 }),
    log: (l) => logs.push(l),
  });
  assert.ok(logs.some((l) => /stays in the rotation/.test(l)));
  const p = await engine.probabilities(premises.slice(0, 20), hypotheses.slice(0, 20));
  assert.equal(p.length, 60);
  assert.ok(p.every(Number.isFinite));
  // Bad options are named before any request.
  await assert.rejects(loadNliEngine({ server: { urls: [], protocol: "tei" } }), /the `urls` option names no server/);
  await assert.rejects(loadNliEngine({ server: { urls: ["ftp://x"], protocol: "tei" } }), /must be an http or https URL/);
  await assert.rejects(
    loadNliEngine({ server: { urls: ["http://x"], protocol: "grpc" as "tei" } }),
    /the `protocol` option must be one of tei, kserve/,
  );
});

test("capqa score's server flags: usage errors name the flag; credentials in a URL stay out of the manifest", async () => {
  const input = join(root, "few.csv");
  writeFileSync(input, statementPairsCsv(10, 3));
  const out = join(root, "few-out.csv");
  let r = await runCli(["score", "--in", input, "--out", out, "--nli-server", "http://127.0.0.1:9"]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--nli-server needs --nli-protocol tei or kserve/);
  r = await runCli(["score", "--in", input, "--out", out, "--nli-protocol", "tei"]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--nli-protocol needs --nli-server URL/);
  r = await runCli(["score", "--in", input, "--out", out, "--nli-server", "http://127.0.0.1:9", "--nli-protocol", "grpc"]);
  assert.match(r.stderr, /--nli-protocol must be one of tei, kserve/);
  const srv = await serve({ protocol: "tei" });
  const withUser = srv.url.replace("http://", "http://user:pa55word@");
  r = await runCli(["score", "--in", input, "--out", out, "--no-cache", "--nli-server", withUser, "--nli-protocol", "tei"]);
  assert.equal(r.status, 0, r.stderr);
  const manifest = readFileSync(`${out}.manifest.json`, "utf8");
  assert.ok(!manifest.includes("pa55word") && !r.stderr.includes("pa55word"));
  assert.match(manifest, /"source": "server"/);
});
