/**
 * The fault matrix, inference-server part (with test/faults.test.ts; both run in .ci/run): what
 * capqa does when a TEI or KServe v2 server, or one replica of several, answers something other
 * than what it claims. Each case names its fault (issue 22's items) and asserts the behaviour: a
 * refusal before any pair of the run is sent, naming the library option (or the CLI flag) that
 * settles it; a stop with what was kept; never a silently wrong number. The servers are the local
 * stand-ins of test/support/nli-servers.ts with their fault switches.
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadNliEngine } from "../lib/nli/load-engine.js";
import { loadNliClassifier, type NliClassifier } from "../lib/nli/transformers-engine.js";
import type { NliServerOptions } from "../lib/nli/server/options.js";
import { ServerPool } from "../lib/nli/server/server-pool.js";
import { scoreStatements } from "../lib/score/score.js";
import { NliCache } from "../lib/nli/cache.js";
import { startNliTestServer, type NliTestServer, type NliTestServerOptions } from "./support/nli-servers.js";
import { benchPairs } from "../bench/nli-bench.js";
import { cacheEntries, statementPairsCsv } from "./helpers.js";

const MODEL = resolve("models/demo-nli");
const CLI = resolve("dist/cli/main.js");
const root = mkdtempSync(join(tmpdir(), "capqa-faults-servers-"));
const { premises, hypotheses } = benchPairs(60, 22);
const PROTOCOLS = ["tei", "kserve"] as const;
type Protocol = (typeof PROTOCOLS)[number];
/** Short backoff and timeouts, so that failing runs end soon. */
const FAST = { backoffMs: 2, maxBackoffMs: 20, timeoutMs: 2000 };

let shared: NliClassifier | undefined;
const classifier = async () => (shared ??= await loadNliClassifier({ model: MODEL }));
const servers: NliTestServer[] = [];
const serve = async (o: Omit<NliTestServerOptions, "classifier">) => {
  const s = await startNliTestServer({ ...o, classifier: await classifier() });
  servers.push(s);
  return s;
};
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await shared?.dispose();
});

const serverOptions = (protocol: Protocol, urls: string[], more: Record<string, unknown> = {}): NliServerOptions =>
  ({ urls, protocol, modelName: "nli", ...FAST, ...more }) as NliServerOptions;

/** In-process probabilities over the same pairs: KServe is fed capqa's batches; the TEI stand-in runs each pair alone. */
async function inProcess(protocol: Protocol, batchSize: number, ps = premises, hs = hypotheses): Promise<Float64Array> {
  const engine = await loadNliEngine({ model: MODEL, batchSize: protocol === "tei" ? 1 : batchSize });
  const p = await engine.probabilities(ps, hs);
  await engine.dispose();
  return p;
}

function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  assert.equal(a.length, b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i] - b[i]));
  return max;
}

function runCli(
  args: string[],
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<{ status: number | null; signal: string | null; stderr: string; stdout: string }> {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [...nodeArgs, CLI, ...args], { env: { ...process.env, ...env } });
    let stderr = "";
    let stdout = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.stderr.on("data", (d) => (stderr += d));
    child.stdout.on("data", (d) => (stdout += d));
    child.on("exit", (status, signal) => {
      clearTimeout(timer);
      resolvePromise({ status, signal, stderr, stdout });
    });
  });
}

/** A TEI answer (rows of {label, score}) or a KServe one ({outputs: [{data}]}), as the rewrite hook sees it. */
type TeiRows = { label: string; score: number }[][];
type KserveAnswer = { model_name?: string; model_version?: string; outputs: { name: string; shape: number[]; data: unknown[] }[] };

// ---------------------------------------------------------------- issue 22, item 3: probabilities taken for logits

for (const protocol of PROTOCOLS) {
  test(`${protocol}: scores that are probabilities (a TEI that ignores raw_scores, a softmax output) are refused before any pair, naming the \`output\` option; told so, they give the in-process numbers`, async () => {
    const srv = await serve({ protocol, answers: "probabilities" });
    await assert.rejects(
      loadNliEngine({ model: MODEL, server: serverOptions(protocol, [srv.url]) }),
      (e: Error) => /probabilities/.test(e.message) && /the `output` option/.test(e.message) && e.message.includes(srv.url),
    );
    assert.equal(srv.requests.length, 0, "no pair of the run was sent");
    const logitsKey = (await loadNliEngine({ model: MODEL, server: serverOptions(protocol, [(await serve({ protocol })).url]) })).modelKey;
    const engine = await loadNliEngine({
      model: MODEL,
      batchSize: 8,
      server: serverOptions(protocol, [srv.url], { output: "probabilities" }),
    });
    const got = await engine.probabilities(premises, hypotheses);
    const diff = maxAbsDiff(got, await inProcess(protocol, 8));
    assert.ok(diff < 1e-9, `max |Δ| ${diff}`);
    assert.notEqual(engine.modelKey, logitsKey, "the server's probabilities are cached under their own key");
  });
}

test("the probe is robust: logits that look like probabilities on one probe pair are logits; `output: logits` takes the server's word; `output: probabilities` on logits is refused", async () => {
  // Every answer's first row sums to 1 within [0, 1]; the others are logits.
  const oneRow = await serve({
    protocol: "tei",
    rewrite: (a) =>
      (a as TeiRows).map((row, b) => (b === 0 ? row.map((item, k) => ({ label: item.label, score: [0.2, 0.3, 0.5][k] })) : row)),
  });
  const engine = await loadNliEngine({ model: MODEL, server: serverOptions("tei", [oneRow.url]) });
  assert.doesNotMatch(engine.modelKey, /probabilities/);

  // A server of probabilities the user says are logits: taken as logits (softmax of the probabilities).
  const probs = await serve({ protocol: "tei", answers: "probabilities" });
  const asLogits = await loadNliEngine({ model: MODEL, server: serverOptions("tei", [probs.url], { output: "logits" }) });
  const got = await asLogits.probabilities(premises.slice(0, 10), hypotheses.slice(0, 10));
  const truth = await inProcess("tei", 1, premises.slice(0, 10), hypotheses.slice(0, 10));
  const expected = Float64Array.from(truth, (_, i) => {
    const row = truth.subarray(i - (i % 3), i - (i % 3) + 3);
    const z = Math.exp(row[0]) + Math.exp(row[1]) + Math.exp(row[2]);
    return Math.exp(truth[i]) / z;
  });
  assert.ok(maxAbsDiff(got, expected) < 1e-9);

  // Logits the user says are probabilities (TEI is then asked without raw_scores; this one sends logits all the same): refused, naming the
  // option and the row.
  for (const protocol of PROTOCOLS) {
    const logits = await serve({ protocol, answers: "logits" });
    await assert.rejects(
      loadNliEngine({ model: MODEL, server: serverOptions(protocol, [logits.url], { output: "probabilities" }) }),
      /the `output` option says probabilities.*not probabilities/,
    );
    assert.equal(logits.requests.length, 0);
  }
  await assert.rejects(
    loadNliEngine({ model: MODEL, server: serverOptions("tei", [probs.url], { output: "softmax" }) }),
    /the `output` option must be one of logits, probabilities/,
  );
});

test("capqa score --nli-server-output: refused without it naming the flag, accepted with it, a wrong value is a usage error", async () => {
  const srv = await serve({ protocol: "tei", answers: "probabilities" });
  const input = join(root, "probs.csv");
  writeFileSync(input, statementPairsCsv(6, 4));
  const out = join(root, "probs-out.csv");
  const base = ["score", "--in", input, "--out", out, "--no-cache", "--nli-server", srv.url, "--nli-protocol", "tei", "--quiet"];
  let r = await runCli(base);
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /answers probabilities, not logits.*set --nli-server-output to "probabilities"/);
  r = await runCli([...base, "--nli-server-output", "probabilities"]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(readFileSync(out, "utf8"), /,ok,/);
  r = await runCli([...base, "--nli-server-output", "softmax"]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--nli-server-output must be one of logits, probabilities/);
});

// ---------------------------------------------------------------- issue 22, item 4: KServe model versions

test("kserve: replicas of different model versions are refused before any pair, naming both", async () => {
  const v1 = await serve({ protocol: "kserve" });
  const v2 = await serve({
    protocol: "kserve",
    metadata: { versions: ["2"] },
    rewrite: (a) => ({ ...(a as KserveAnswer), model_version: "2" }),
  });
  await assert.rejects(
    loadNliEngine({ model: MODEL, server: serverOptions("kserve", [v1.url, v2.url]) }),
    (e: Error) => e.message.includes(v1.url) && e.message.includes(v2.url) && /version/.test(e.message),
  );
  // The cache key is asked of the servers too: it refuses as well.
  await assert.rejects(
    scoreStatements(premises.slice(0, 4), hypotheses.slice(0, 4), {
      model: MODEL,
      server: serverOptions("kserve", [v1.url, v2.url]),
      cache: null,
    }),
    /version/,
  );
  assert.equal(v1.requests.length + v2.requests.length, 0);
});

test("kserve: several loaded versions need the `modelVersion` option; a version the server does not list is refused; a named one is checked in every answer", async () => {
  const both = await serve({ protocol: "kserve", metadata: { versions: ["1", "2"] } });
  await assert.rejects(
    loadNliEngine({ model: MODEL, server: serverOptions("kserve", [both.url]) }),
    /versions 1, 2.*the `modelVersion` option/,
  );
  await assert.rejects(loadNliEngine({ model: MODEL, server: serverOptions("kserve", [both.url], { modelVersion: "3" }) }), /version 3/);
  // Named version 2: the stand-in answers as version 1 (its default), which is refused.
  await assert.rejects(
    loadNliEngine({ model: MODEL, server: serverOptions("kserve", [both.url], { modelVersion: "2" }) }),
    /model_version "1".*version 2/,
  );
  assert.equal(both.requests.length, 0);
  const named = await serve({
    protocol: "kserve",
    metadata: { versions: ["1", "2"] },
    rewrite: (a) => ({ ...(a as KserveAnswer), model_version: "2" }),
  });
  const engine = await loadNliEngine({ model: MODEL, batchSize: 8, server: serverOptions("kserve", [named.url], { modelVersion: "2" }) });
  assert.match(engine.modelKey, /^kserve:nli@2:/);
  assert.deepEqual(Array.from(await engine.probabilities(premises, hypotheses)), Array.from(await inProcess("kserve", 8)));
  // An answer from another model name is refused.
  const renamed = await serve({ protocol: "kserve", rewrite: (a) => ({ ...(a as KserveAnswer), model_name: "other" }) });
  await assert.rejects(loadNliEngine({ model: MODEL, server: serverOptions("kserve", [renamed.url]) }), /model_name "other"/);
});

test("kserve: a replica that starts answering as another version mid-run stops the run; only the first version's pairs are in the cache", async () => {
  let v1Pairs = 0;
  const srv = await serve({
    protocol: "kserve",
    rewrite: (a, { n, canary }) => {
      const answer = a as KserveAnswer;
      if (canary) return answer;
      if (n < 3) {
        v1Pairs += answer.outputs[0].shape[0];
        return answer;
      }
      return { ...answer, model_version: "2" };
    },
  });
  const dir = mkdtempSync(join(root, "version-cache-"));
  const cache = NliCache.open(dir);
  try {
    const err = await scoreStatements(premises, hypotheses, {
      model: MODEL,
      batchSize: 8,
      server: serverOptions("kserve", [srv.url], { concurrency: 1 }),
      cache,
    }).catch((e: Error) => e);
    assert.ok(err instanceof Error && /model_version "2"/.test(err.message) && /version 1/.test(err.message), String(err));
  } finally {
    cache.close();
  }
  assert.ok(v1Pairs > 0);
  assert.equal(cacheEntries(dir), v1Pairs, "only pairs answered by version 1 are cached");
});

// ---------------------------------------------------------------- issue 22, item 5: absurd server limits

test("tei: absurd limits in /info (max_client_batch_size 0, negative, fractional, text, huge; max_input_length negative) are refused before any pair", async () => {
  for (const bad of [0, -1, 2.5, "32", 1e300]) {
    const srv = await serve({ protocol: "tei", info: { max_client_batch_size: bad } });
    await assert.rejects(
      loadNliEngine({ model: MODEL, server: serverOptions("tei", [srv.url]) }),
      (e: Error) => /max_client_batch_size/.test(e.message) && e.message.includes(JSON.stringify(bad)),
    );
    assert.equal(srv.requests.length, 0);
  }
  const srv = await serve({ protocol: "tei", info: { max_input_length: -5 } });
  await assert.rejects(loadNliEngine({ model: MODEL, server: serverOptions("tei", [srv.url]) }), /max_input_length/);
  // Absent (null) is no limit given: the default applies.
  const none = await serve({ protocol: "tei", info: { max_client_batch_size: null } });
  const engine = await loadNliEngine({ model: MODEL, server: serverOptions("tei", [none.url]) });
  assert.equal((await engine.probabilities(premises.slice(0, 3), hypotheses.slice(0, 3))).length, 9);
});

test("tei: capqa score against max_client_batch_size 0 ends at once with the error (it looped until V8 aborted)", async () => {
  const srv = await serve({ protocol: "tei", info: { max_client_batch_size: 0 } });
  const input = join(root, "limits.csv");
  writeFileSync(input, statementPairsCsv(6, 4));
  const r = await runCli(
    [
      "score",
      "--in",
      input,
      "--out",
      join(root, "limits-out.csv"),
      "--no-cache",
      "--nli-server",
      srv.url,
      "--nli-protocol",
      "tei",
      "--quiet",
    ],
    {},
    ["--max-old-space-size=256"],
  );
  assert.equal(r.signal, null);
  assert.equal(r.status, 1, r.stderr.slice(-400));
  assert.match(r.stderr, /max_client_batch_size is 0/);
});

test("kserve: absurd Triton max_batch_size (negative, text, fractional, beyond int32) is refused; 0 (no batching limit) is not", async () => {
  for (const bad of [-1, "abc", 1.5, 2 ** 40]) {
    const srv = await serve({ protocol: "kserve", config: { name: "nli", max_batch_size: bad } });
    await assert.rejects(
      loadNliEngine({ model: MODEL, server: serverOptions("kserve", [srv.url]) }),
      (e: Error) => /max_batch_size/.test(e.message) && e.message.includes(JSON.stringify(bad)),
    );
    assert.equal(srv.requests.length, 0);
  }
  const zero = await serve({ protocol: "kserve", config: { name: "nli", max_batch_size: 0 } });
  const engine = await loadNliEngine({ model: MODEL, batchSize: 8, server: serverOptions("kserve", [zero.url]) });
  assert.deepEqual(Array.from(await engine.probabilities(premises, hypotheses)), Array.from(await inProcess("kserve", 8)));
});

test("tei: an id2label index of 5,000,000, a huge id2label, or two classes of one name is refused before any pair (it allocated 3.8 GB)", async () => {
  const cases: Record<string, string>[] = [
    { "0": "contradiction", "1": "entailment", "5000000": "neutral" },
    Object.fromEntries(
      Array.from({ length: 100_000 }, (_, i) => [
        String(i),
        i === 0 ? "contradiction" : i === 1 ? "entailment" : i === 2 ? "neutral" : `x${i}`,
      ]),
    ),
    { "0": "contradiction", "1": "entailment", "2": "neutral", "3": "other", "4": "other" },
  ];
  for (const id2label of cases) {
    const srv = await serve({ protocol: "tei", info: { model_type: { classifier: { id2label } } } });
    await assert.rejects(loadNliEngine({ model: MODEL, server: serverOptions("tei", [srv.url]) }), /id2label/);
    assert.equal(srv.requests.length, 0);
  }
});

// ---------------------------------------------------------------- issue 22, item 11: a label named twice

test("tei: a prediction naming a label twice is refused (the last won: every row wrong)", async () => {
  const twice = (a: unknown) => (a as TeiRows).map((row) => [...row, { label: row[0].label, score: row[0].score + 5 }]);
  const srv = await serve({ protocol: "tei", rewrite: twice });
  await assert.rejects(loadNliEngine({ model: MODEL, server: serverOptions("tei", [srv.url]) }), /names label "\w+" twice/);
  assert.equal(srv.requests.length, 0);
  // Past the canary, a request answered so fails its rows, with the reason; the others are scored.
  const later = await serve({ protocol: "tei", rewrite: (a, { n }) => (n === 2 ? twice(a) : a) });
  const engine = await loadNliEngine({ model: MODEL, batchSize: 8, server: serverOptions("tei", [later.url], { concurrency: 1 }) });
  const { rows } = await scoreStatements(premises, hypotheses, { engine, cache: null });
  const failed = rows.filter((r) => r.status === "not_scored");
  assert.ok(failed.length > 0 && failed.length < rows.length, `${failed.length} of ${rows.length} not scored`);
  assert.ok(failed.every((r) => /names label "\w+" twice/.test(r.reason!)));
});

// ---------------------------------------------------------------- partial: TEI's out of memory (424) is not "the same 4xx five times"

test("tei: out-of-memory answers (HTTP 424) at the default concurrency shrink the requests instead of stopping the run", async () => {
  const srv = await serve({ protocol: "tei", memoryTokens: 150 });
  const lines: string[] = [];
  const engine = await loadNliEngine({
    model: MODEL,
    server: serverOptions("tei", [srv.url], { concurrency: undefined }),
    log: (l) => lines.push(l),
  });
  const got = await engine.probabilities(premises, hypotheses);
  assert.deepEqual(Array.from(got), Array.from(await inProcess("tei", 1)));
  assert.ok(engine.stats.outOfMemorySplits! >= 5, `${engine.stats.outOfMemorySplits} splits`);
  assert.ok(!lines.some((l) => /in a row; stopping/.test(l)));
});

// ---------------------------------------------------------------- partial: a dead server

test("a server that dies mid-run stops the run after the `giveUpMs` option's time, with what was answered in the cache", async () => {
  const holder: { srv?: NliTestServer } = {};
  holder.srv = await serve({ protocol: "tei", onAnswered: (n) => void (n === 4 && holder.srv!.close()) });
  const dir = mkdtempSync(join(root, "dead-cache-"));
  const cache = NliCache.open(dir);
  const lines: string[] = [];
  let err: unknown;
  try {
    err = await scoreStatements(premises, hypotheses, {
      model: MODEL,
      batchSize: 8,
      server: serverOptions("tei", [holder.srv.url], { concurrency: 1, retries: 100, timeoutMs: 300, giveUpMs: 1000 }),
      cache,
      log: (l) => lines.push(l),
    }).catch((e: Error) => e);
  } finally {
    cache.close();
  }
  assert.ok(
    err instanceof Error && /every NLI server has failed/.test(err.message) && /the `giveUpMs` option/.test(err.message),
    String(err),
  );
  const answered = Number(/(\d+) pairs were answered/.exec((err as Error).message)?.[1]);
  assert.equal(answered, holder.srv.answeredPairs);
  assert.equal(cacheEntries(dir), answered, "every answered pair is in the cache");
  assert.ok(answered >= 4 * 8);
});

test("capqa score --nli-give-up: a dead server stops the run with exit 1; the next run resumes from the cache", async () => {
  const holder: { srv?: NliTestServer } = {};
  holder.srv = await serve({ protocol: "kserve", onAnswered: (n) => void (n === 3 && holder.srv!.close()) });
  const input = join(root, "dead.csv");
  writeFileSync(input, statementPairsCsv(80, 8));
  const cacheDir = join(root, "dead-cli-cache");
  const out = join(root, "dead-out.csv");
  const args = (url: string) => [
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
    cacheDir,
    "--nli-server",
    url,
    "--nli-protocol",
    "kserve",
    "--nli-server-model",
    "nli",
    "--nli-concurrency",
    "1",
    "--nli-timeout",
    "0.3",
    "--nli-retries",
    "100",
    "--nli-give-up",
    "1",
  ];
  const r = await runCli(args(holder.srv.url));
  assert.equal(r.status, 1, r.stderr.slice(-600));
  assert.match(r.stderr, /every NLI server has failed for.*--nli-give-up/);
  const kept = cacheEntries(cacheDir);
  assert.ok(kept >= 3 * 8, `${kept} pairs kept`);
  const again = await serve({ protocol: "kserve" });
  const resumed = await runCli(args(again.url));
  assert.equal(resumed.status, 0, resumed.stderr.slice(-600));
  assert.equal(Number(/(\d+) from the cache/.exec(resumed.stderr)?.[1]), kept);
});

// ---------------------------------------------------------------- partial: URL credentials and CAPQA_NLI_SERVER_TOKEN

test("credentials in a URL and in CAPQA_NLI_SERVER_TOKEN (or an Authorization header) at once are refused, naming both and neither secret", async () => {
  const url = "http://alice:pa55word@127.0.0.1:9";
  const secretFree = (e: Error) => !e.message.includes("pa55word") && !e.message.includes("t0ken-value") && !e.message.includes("alice");
  assert.throws(
    () => new ServerPool([url], "tei", { env: { CAPQA_NLI_SERVER_TOKEN: "t0ken-value" } }),
    (e: Error) => /the `urls` option's entry 1/.test(e.message) && /CAPQA_NLI_SERVER_TOKEN/.test(e.message) && secretFree(e),
  );
  assert.throws(
    () => new ServerPool([url], "tei", { env: { CAPQA_NLI_SERVER_HEADERS: '{"Authorization": "Bearer t0ken-value"}' } }),
    (e: Error) => /CAPQA_NLI_SERVER_HEADERS/.test(e.message) && secretFree(e),
  );
  assert.throws(
    () => new ServerPool([url], "tei", { headers: { authorization: "Bearer t0ken-value" } }),
    (e: Error) => /the `headers` option/.test(e.message) && secretFree(e),
  );
  assert.throws(
    () =>
      new ServerPool(["http://127.0.0.1:9"], "tei", {
        env: { CAPQA_NLI_SERVER_TOKEN: "t0ken-value", CAPQA_NLI_SERVER_HEADERS: '{"authorization": "Basic eA=="}' },
      }),
    (e: Error) => /CAPQA_NLI_SERVER_TOKEN/.test(e.message) && /CAPQA_NLI_SERVER_HEADERS/.test(e.message) && secretFree(e),
  );
  // Either alone is fine.
  new ServerPool([url], "tei", { env: {} });
  new ServerPool(["http://127.0.0.1:9"], "tei", { env: { CAPQA_NLI_SERVER_TOKEN: "t0ken-value" } });

  // The CLI: the flag and the variable named, exit 1, nothing secret on stderr.
  const srv = await serve({ protocol: "tei", token: "t0ken-value" });
  const input = join(root, "creds.csv");
  writeFileSync(input, statementPairsCsv(4, 4));
  const r = await runCli(
    [
      "score",
      "--in",
      input,
      "--out",
      join(root, "creds-out.csv"),
      "--no-cache",
      "--nli-server",
      srv.url.replace("http://", "http://alice:pa55word@"),
      "--nli-protocol",
      "tei",
    ],
    {
      CAPQA_NLI_SERVER_TOKEN: "t0ken-value",
    },
  );
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /--nli-server.*CAPQA_NLI_SERVER_TOKEN/);
  assert.ok(!r.stderr.includes("pa55word") && !r.stderr.includes("t0ken-value"));
});

// ---------------------------------------------------------------- partial: a canary to every replica

for (const protocol of PROTOCOLS) {
  test(`${protocol}: a replica with other weights behind the same metadata is caught by the canary pairs, before any pair of the run`, async () => {
    const good = await serve({ protocol });
    const other =
      protocol === "tei"
        ? await serve({
            protocol,
            rewrite: (a) =>
              (a as TeiRows).map((row) => row.map((item, k) => ({ label: item.label, score: row[(k + 1) % row.length].score }))),
          })
        : await serve({
            protocol,
            rewrite: (a) => {
              const answer = a as KserveAnswer;
              return {
                ...answer,
                outputs: answer.outputs.map((o) => ({ ...o, data: o.data.map((v, i) => (i % 3 === 0 ? (v as number) + 3 : v)) })),
              };
            },
          });
    await assert.rejects(
      loadNliEngine({ model: MODEL, server: serverOptions(protocol, [good.url, other.url]) }),
      (e: Error) => /different probabilities/.test(e.message) && e.message.includes(good.url) && e.message.includes(other.url),
    );
    assert.equal(good.requests.length + other.requests.length, 0);
  });
}

// ---------------------------------------------------------------- wider: answers of the wrong shape or kind

test("kserve: logits of another width, text values or a wrong shape are refused at the start, not row by row", async () => {
  const rewrites: ((a: KserveAnswer) => unknown)[] = [
    (a) => ({
      ...a,
      outputs: a.outputs.map((o) => ({ ...o, shape: [o.shape[0], 5], data: Array.from({ length: o.shape[0] * 5 }, () => 0.5) })),
    }),
    (a) => ({ ...a, outputs: a.outputs.map((o) => ({ ...o, data: o.data.map(String) })) }),
    (a) => ({ ...a, outputs: a.outputs.map((o) => ({ ...o, shape: [o.shape[0] + 1, 3] })) }),
  ];
  for (const rewrite of rewrites) {
    const srv = await serve({ protocol: "kserve", rewrite: (a) => rewrite(a as KserveAnswer) });
    await assert.rejects(loadNliEngine({ model: MODEL, server: serverOptions("kserve", [srv.url]) }), /canary/);
    assert.equal(srv.requests.length, 0);
  }
});

test("tei: answers that are not JSON, scores as text, or too few predictions are refused at the start, not row by row", async () => {
  const rewrites: ((a: TeiRows) => unknown)[] = [
    (a) => JSON.stringify(a).replace(/"score":[-0-9.e]+/, '"score":NaN'),
    (a) => a.map((row) => row.map((item) => ({ ...item, score: String(item.score) }))),
    (a) => a.slice(1),
  ];
  for (const rewrite of rewrites) {
    const srv = await serve({ protocol: "tei", rewrite: (a) => rewrite(a as TeiRows) });
    await assert.rejects(loadNliEngine({ model: MODEL, server: serverOptions("tei", [srv.url], { retries: 1 }) }), /canary/);
    assert.equal(srv.requests.length, 0);
  }
});

test("a server that fails often but answers in between is not given up on; bad give-up settings are named", async () => {
  const srv = await serve({ protocol: "tei", fault: (n) => (n % 2 === 1 ? { status: 503 } : undefined), delayMs: 30 });
  // Give-up time (at least one request timeout: 0.5 s) well within the run, failures all through it.
  const engine = await loadNliEngine({
    model: MODEL,
    batchSize: 2,
    server: serverOptions("tei", [srv.url], { concurrency: 1, timeoutMs: 500, giveUpMs: 50, retries: 3 }),
  });
  const got = await engine.probabilities(premises, hypotheses);
  assert.deepEqual(Array.from(got), Array.from(await inProcess("tei", 1)));
  assert.equal(engine.server!.errors["503"], 30);
  await assert.rejects(
    loadNliEngine({ model: MODEL, server: serverOptions("tei", [srv.url], { giveUpMs: 0 }) }),
    /the `giveUpMs` option must be a positive number/,
  );
  const input = join(root, "give-up.csv");
  writeFileSync(input, statementPairsCsv(2, 4));
  const r = await runCli([
    "score",
    "--in",
    input,
    "--out",
    join(root, "give-up-out.csv"),
    "--nli-server",
    srv.url,
    "--nli-protocol",
    "tei",
    "--nli-give-up",
    "0",
  ]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--nli-give-up must be a positive number of seconds/);
});
