/**
 * The fault matrix, continued (with test/faults.test.ts; run by `npm test`, which .ci/run runs):
 * the cases of issue 22's second campaign on inputs, caches, outputs, statistics and the
 * explorer's server. Each case names the fault and asserts the behaviour it must have; each
 * failed before its fix (the failures are quoted in the commit that fixed it):
 *  - `capqa explore --serve`: a malformed request gets 400 and the server stays up; only a Host of
 *    127.0.0.1, localhost or [::1] at its port is answered (DNS rebinding); connections are capped;
 *    a client that sends headers slowly, sends nothing or never reads is disconnected.
 *  - The NLI cache: a row whose probabilities are not a distribution (NaN, negative, over 1, text,
 *    a blob, sums far from 1, too few or many values) is a cache miss with one warning, computed
 *    again and replaced.
 *  - `--classify` with a malformed classifier fails before the first model call.
 *  - Degenerate statistics are scipy's: NaN where scipy gives NaN; bad levels are refused.
 *  - A huge cell is tokenized up to a window, to the same tokens as the whole text.
 *  - Output names longer than the file system takes, a full disk and an I/O error: one error naming
 *    the file before any work or at the failing write, and nothing left behind.
 *  - An input appended during `capqa score`: the manifest records the bytes that were scored.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { CACHE_FILE, checkCachedProbabilities, NliCache } from "../lib/nli/cache.js";
import { scoreStatements } from "../lib/score/score.js";
import { scoreFile } from "../lib/score/score-file.js";
import { readSystem } from "../lib/compare/systems.js";
import type { ThresholdClassifier } from "../lib/calibrate/classifier.js";
import { kendallTauB, pearson, spearman } from "../lib/stats/correlation.js";
import { exploreClassification, exploreRanking } from "../lib/explore/compute.js";
import { EXPLORE_SERVE_MAX_CONNECTIONS, NLI_TOKENIZE_CHARS_PER_TOKEN, NLI_TOKENIZE_MAX_CHARS } from "../lib/constants.js";
import { explorerRequestVerdict, serveExplorerPage } from "../lib/explore/serve.js";
import { PairEncoder, type HfTokenizer } from "../lib/nli/pair-encoding.js";
import { loadPretrainedTokenizer, loadTransformers } from "../lib/runtime/transformers.js";
import { Xoshiro128 } from "../lib/stats/random.js";
import { writeTinyModel } from "../scripts/fixtures/tiny-nli.js";
import { releasedDataDir, statementPairsCsv } from "./helpers.js";

const CLI = resolve("dist/cli/main.js");
const run = (args: string[], env: Record<string, string> = {}, nodeArgs: string[] = []) =>
  spawnSync(process.execPath, [...nodeArgs, CLI, ...args], { encoding: "utf8", env: { ...process.env, ...env } });
const root = mkdtempSync(join(tmpdir(), "capqa-faults-inputs-"));
process.on("exit", () => rmSync(root, { recursive: true, force: true }));
const model = join(root, "tiny-nli");
writeTinyModel(model, { precisions: ["fp32"] });
const data = releasedDataDir();
const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

// ================================================================ capqa explore --serve

/** A labelled file of one's own for `capqa explore --in`. */
function labelledFile(): string {
  const file = join(root, "labelled.csv");
  const rng = new Xoshiro128(22, 7);
  const labels = ["bad", "ok", "good"];
  const rows = Array.from({ length: 120 }, (_, i) => {
    const k = rng.nextInt(3);
    return `${i},${labels[k]},${Math.round((k / 3 + rng.nextFloat() / 2) * 1000) / 1000}`;
  });
  writeFileSync(file, `id,verdict,judge\n${rows.join("\n")}\n`);
  return file;
}
const EXPLORE_IN = ["--in", labelledFile(), "--label-column", "verdict", "--metric", "judge", "--order", "bad < ok < good"];

/** `capqa explore --serve 0` started, with the port it printed. */
async function startServer(): Promise<{ child: ChildProcess; port: number; stderr: () => string }> {
  const child = spawn(process.execPath, [CLI, "explore", ...EXPLORE_IN, "--serve", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const port = await new Promise<number>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`the explorer did not start: ${stderr}`)), 60_000);
    child.stderr!.on("data", () => {
      const m = /serving the explorer on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
      if (m) clearTimeout(timer), ok(Number(m[1]));
    });
    child.on("exit", (code) => fail(new Error(`the explorer exited (${code}): ${stderr}`)));
  });
  return { child, port, stderr: () => stderr };
}

/** Sends raw bytes and collects what comes back until the server closes the connection (or `limitMs` passes). */
function exchange(port: number, request: string | Buffer, limitMs = 10_000): Promise<{ text: string; closed: boolean }> {
  return new Promise((ok) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, "127.0.0.1");
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      ok({ text: Buffer.concat(chunks).toString("latin1"), closed });
    };
    const timer = setTimeout(() => done(false), limitMs);
    socket.on("data", (d) => chunks.push(d));
    socket.on("error", () => undefined);
    socket.on("close", () => done(true));
    socket.write(request);
  });
}
const statusOf = (response: string) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(response)?.[1] ?? 0);

test("capqa explore --serve answers a malformed or foreign request with an error and stays up; only its own Host is served", {
  timeout: 180_000,
}, async () => {
  const reference = join(root, "explorer.html");
  const built = run(["explore", ...EXPLORE_IN, "--out", reference]);
  assert.equal(built.status, 0, built.stderr);
  const page = readFileSync(reference);
  const { child, port, stderr } = await startServer();
  try {
    const H = `127.0.0.1:${port}`;
    const get = (target: string, headers: string) => `GET ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`;
    const cases: [string, string | Buffer, number][] = [
      ["the campaign's request line (an absolute URL that does not parse)", get("http://[", `Host: ${H}\r\n`), 400],
      ["the same without a Host", "GET http://[ HTTP/1.1\r\n\r\n", 400],
      ["an absolute URL of another host", get("http://evil.example/", `Host: ${H}\r\n`), 403],
      ["an absolute URL of this server", get(`http://${H}/`, `Host: ${H}\r\n`), 200],
      ["no Host (HTTP/1.1)", get("/", ""), 400],
      ["no Host (HTTP/1.0)", "GET / HTTP/1.0\r\n\r\n", 400],
      ["a DNS-rebinding page's Host", get("/", `Host: evil.example:${port}\r\n`), 403],
      ["a Host of another port", get("/", `Host: 127.0.0.1:${port + 1}\r\n`), 403],
      ["a Host without the port", get("/", "Host: 127.0.0.1\r\n"), 403],
      ["two Host headers", get("/", `Host: ${H}\r\nHost: evil.example\r\n`), 400],
      ["localhost", get("/", `Host: localhost:${port}\r\n`), 200],
      ["LOCALHOST", get("/", `Host: LOCALHOST:${port}\r\n`), 200],
      ["[::1]", get("/", `Host: [::1]:${port}\r\n`), 200],
      ["a path with a bad percent escape", get("/%zz", `Host: ${H}\r\n`), 404],
      ["a protocol-relative path", get("//evil.example/", `Host: ${H}\r\n`), 404],
      ["the asterisk form", `OPTIONS * HTTP/1.1\r\nHost: ${H}\r\nConnection: close\r\n\r\n`, 405],
      ["POST", `POST / HTTP/1.1\r\nHost: ${H}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`, 405],
      [
        "not HTTP at all (a TLS hello)",
        Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03, 0x0d, 0x0a, 0x0d, 0x0a]),
        400,
      ],
      ["a header over 16 KB", get("/", `Host: ${H}\r\nX-Big: ${"a".repeat(20_000)}\r\n`), 431],
    ];
    for (const [what, request, status] of cases) {
      const r = await exchange(port, request);
      assert.equal(statusOf(r.text), status, `${what}: ${JSON.stringify(r.text.slice(0, 200))}; server stderr: ${stderr().slice(-600)}`);
      assert.equal(child.exitCode, null, `${what}: the server exited: ${stderr().slice(-600)}`);
    }
    const head = await exchange(port, `HEAD / HTTP/1.1\r\nHost: ${H}\r\nConnection: close\r\n\r\n`);
    assert.equal(statusOf(head.text), 200);
    assert.equal(head.text.split("\r\n\r\n")[1], "", "HEAD has no body");
    // Still up after all of them, serving the page byte for byte.
    const ok = await exchange(port, get("/", `Host: ${H}\r\n`));
    assert.equal(statusOf(ok.text), 200);
    const body = Buffer.from(ok.text.slice(ok.text.indexOf("\r\n\r\n") + 4), "latin1");
    assert.ok(body.equals(page), "the served page is the page explore --out writes");
    assert.match(ok.text, /x-content-type-options: nosniff/i);
  } finally {
    child.kill();
  }
});

test("capqa explore --serve caps its connections: the ones over EXPLORE_SERVE_MAX_CONNECTIONS are refused, the page is still served", {
  timeout: 120_000,
}, async () => {
  const cap = EXPLORE_SERVE_MAX_CONNECTIONS;
  assert.ok(Number.isInteger(cap) && cap > 0 && cap <= 256, `EXPLORE_SERVE_MAX_CONNECTIONS is ${cap}`);
  const { child, port } = await startServer();
  const sockets: Socket[] = [];
  try {
    const extra = 40;
    let closed = 0;
    await Promise.all(
      Array.from(
        { length: cap + extra },
        () =>
          new Promise<void>((ok) => {
            const s = connect(port, "127.0.0.1", () => ok());
            s.on("error", () => undefined);
            s.on("close", () => closed++);
            sockets.push(s);
          }),
      ),
    );
    // The refused ones are closed by the server at once; the others stay open (idle, not yet timed out).
    const deadline = Date.now() + 10_000;
    while (closed < extra && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.equal(closed, extra, `${closed} of ${cap + extra} idle connections were refused`);
    for (const s of sockets) s.destroy();
    await new Promise((r) => setTimeout(r, 200));
    const ok = await exchange(port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    assert.equal(statusOf(ok.text), 200);
  } finally {
    for (const s of sockets) s.destroy();
    child.kill();
  }
});

test("the explorer's server drops a client that sends its headers slowly, one that sends nothing and one that never reads the page", {
  timeout: 60_000,
}, async () => {
  const html = `<!doctype html><title>x</title>${"<p>explorer</p>".repeat(1 << 21)}`; // 32 MB: more than any socket buffers
  const server = await serveExplorerPage(html, { port: 0, headersTimeoutMs: 500, idleTimeoutMs: 500, checkIntervalMs: 100 });
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    const H = `127.0.0.1:${server.port}`;
    // Slow headers: a byte every 100 ms keeps the socket busy, but the headers never end.
    const slow = connect(server.port, "127.0.0.1");
    slow.on("error", () => undefined);
    slow.write(`GET / HTTP/1.1\r\nHost: ${H}\r\n`);
    const trickle = setInterval(() => slow.writable && slow.write("X-A: b\r\n"), 100);
    // Nothing at all.
    const silent = connect(server.port, "127.0.0.1");
    silent.on("error", () => undefined);
    // A reader that never reads the 32 MB page.
    const stalled = connect(server.port, "127.0.0.1", () => {
      stalled.pause();
      stalled.write(`GET / HTTP/1.1\r\nHost: ${H}\r\n\r\n`);
    });
    stalled.on("error", () => undefined);
    const closedWithin = (s: Socket, ms: number) =>
      new Promise<boolean>((ok) => {
        const t = setTimeout(() => ok(false), ms);
        s.on("close", () => (clearTimeout(t), ok(true)));
      });
    const [a, b] = await Promise.all([closedWithin(slow, 15_000), closedWithin(silent, 15_000)]);
    clearInterval(trickle);
    // The stalled reader is paused, so it would not notice its socket closing: the server's count says.
    let open = await server.connections();
    for (const deadline = Date.now() + 15_000; open > 0 && Date.now() < deadline; open = await server.connections())
      await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual({ slowHeaders: a, silent: b, openConnections: open }, { slowHeaders: true, silent: true, openConnections: 0 });
    stalled.destroy();
    // A well-behaved client still gets the whole page.
    const ok = await exchange(server.port, `GET / HTTP/1.1\r\nHost: ${H}\r\nConnection: close\r\n\r\n`, 30_000);
    assert.equal(statusOf(ok.text), 200);
    assert.equal(Buffer.byteLength(ok.text.slice(ok.text.indexOf("\r\n\r\n") + 4), "latin1"), Buffer.byteLength(html));
  } finally {
    await server.close();
  }
});

test("explorerRequestVerdict: each request's answer, from its method, target and Host headers alone", () => {
  const v = (method: string, target: string, hosts: string[], port = 8765) => explorerRequestVerdict(method, target, hosts, port).status;
  assert.equal(v("GET", "/", ["127.0.0.1:8765"]), 200);
  assert.equal(v("GET", "/index.html?x=1", ["localhost:8765"]), 200);
  assert.equal(v("GET", "/explorer.html", ["[::1]:8765"]), 200);
  assert.equal(v("GET", "/", ["127.0.0.1:80"], 80), 200);
  assert.equal(v("GET", "/", ["127.0.0.1"], 80), 200);
  assert.equal(v("GET", "/", ["127.0.0.1"]), 403);
  assert.equal(v("GET", "/", ["127.0.0.2:8765"]), 403);
  assert.equal(v("GET", "/", ["evil.example:8765"]), 403);
  assert.equal(v("GET", "/", ["127.0.0.1:8765@evil.example"]), 403);
  assert.equal(v("GET", "/", []), 400);
  assert.equal(v("GET", "/", ["127.0.0.1:8765", "127.0.0.1:8765"]), 400);
  assert.equal(v("GET", "http://[", ["127.0.0.1:8765"]), 400);
  assert.equal(v("GET", "http://127.0.0.1:8765/", ["127.0.0.1:8765"]), 200);
  assert.equal(v("GET", "http://evil.example:8765/", ["127.0.0.1:8765"]), 403);
  assert.equal(v("GET", "ftp://127.0.0.1:8765/", ["127.0.0.1:8765"]), 400);
  assert.equal(v("GET", "/missing", ["127.0.0.1:8765"]), 404);
  assert.equal(v("GET", "//evil.example/", ["127.0.0.1:8765"]), 404);
  assert.equal(v("PUT", "/", ["127.0.0.1:8765"]), 405);
  assert.equal(v("HEAD", "/", ["127.0.0.1:8765"]), 200);
});

// ================================================================ the NLI cache read back

const CACHE_PREMISES = [
  "the sun is hot.",
  "water is wet.",
  "cows eat grass.",
  "plants need light.",
  "rain falls from clouds.",
  "the moon is small.",
  "ice is cold.",
];
const CACHE_HYPOTHESES = [
  "the sun is warm.",
  "water is dry.",
  "cows eat food.",
  "plants need water.",
  "rain is water.",
  "the moon is large.",
  "ice is hot.",
];

test("checkCachedProbabilities: a distribution of three probabilities, or the reason it is not one", () => {
  assert.equal(checkCachedProbabilities([0.2, 0.3, 0.5]), undefined);
  assert.equal(checkCachedProbabilities([1, 0, 0]), undefined);
  assert.equal(checkCachedProbabilities([0.1, 0.2, 0.7 + 5e-8]), undefined, "a rounded row (the released probabilities sum to 1 ± 1.6e-7)");
  const bad: [unknown[], RegExp][] = [
    [[NaN, 0.5, 0.5], /probability 0 is NaN/],
    [[-0.1, 0.6, 0.5], /probability 0 is -0\.1; not in \[0, 1\]/],
    [[0.2, 1.5, 0.1], /probability 1 is 1\.5; not in \[0, 1\]/],
    [[Infinity, 0, 0], /probability 0 is Infinity/],
    [["abc", 0.5, 0.5], /probability 0 is "abc", not a number/],
    [[0.3, null, 0.5], /probability 1 is null, not a number/],
    [[0.9, 0.9, 0.9], /sum to 2\.7/],
    [[0.1, 0.1, 0.1], /sum to 0\.3/],
    [[0.5, 0.5], /2 values; a row holds 3/],
    [[0.25, 0.25, 0.25, 0.25], /4 values; a row holds 3/],
  ];
  for (const [values, message] of bad) assert.match(checkCachedProbabilities(values) ?? "(accepted)", message, JSON.stringify(values));
  // Writing is held to the same rule.
  const cache = NliCache.open(join(root, "write-check"));
  try {
    assert.throws(() => cache.put("m", [{ premise: "a", hypothesis: "b", probabilities: [0.9, 0.9, 0.9] }], "test"), /sum to 2\.7/);
  } finally {
    cache.close();
  }
});

test("a corrupted row of the NLI cache is a miss with one warning: computed again, replaced, and the numbers are the model's", async () => {
  const fresh = await scoreStatements(CACHE_PREMISES, CACHE_HYPOTHESES, { model, cache: null });
  const dir = join(root, "corrupt-cache");
  const cache = NliCache.open(dir);
  const first = await scoreStatements(CACHE_PREMISES, CACHE_HYPOTHESES, { model, cache });
  assert.deepEqual(first.rows, fresh.rows);
  cache.close();
  // Corrupt one direction of six pairs, each a different way (the seventh pair stays good).
  const db = new Database(join(dir, CACHE_FILE));
  const keys = (db.prepare("SELECT key, premise FROM nli ORDER BY premise").all() as { key: Buffer; premise: string }[]).filter((r) =>
    CACHE_PREMISES.includes(r.premise),
  );
  assert.equal(keys.length, 7);
  const corruptions = ["pe = 3.5", "pn = -0.25", "pe = 'abc'", "pc = X'0102'", "pe = 0.9, pn = 0.9, pc = 0.9", "pe = 9e999"];
  corruptions.forEach((set, k) => db.prepare(`UPDATE nli SET ${set} WHERE key = ?`).run(keys[k].key));
  db.close();
  const lines: string[] = [];
  const cache2 = NliCache.open(dir);
  try {
    const second = await scoreStatements(CACHE_PREMISES, CACHE_HYPOTHESES, { model, cache: cache2, log: (l) => lines.push(l) });
    assert.deepEqual(second.rows, fresh.rows, "every row as the model scores it: no CAP of 3.54, no text in cap");
    assert.equal(second.report.cacheHits, 14 - 6);
    assert.equal(second.report.modelPairs, 6);
    const warnings = lines.filter((l) => /warning/.test(l));
    assert.equal(warnings.length, 1, lines.join("\n"));
    assert.match(warnings[0], /6 rows of the NLI cache .*nli-cache\.sqlite hold no valid probabilities .*treated as missing/);
    // Replaced: a third run takes everything from the cache, without a warning.
    const lines3: string[] = [];
    const third = await scoreStatements(CACHE_PREMISES, CACHE_HYPOTHESES, { model, cache: cache2, log: (l) => lines3.push(l) });
    assert.deepEqual(third.rows, fresh.rows);
    assert.equal(third.report.cacheHits, 14);
    assert.deepEqual(
      lines3.filter((l) => /warning/.test(l)),
      [],
    );
  } finally {
    cache2.close();
  }
});

test("capqa score over a corrupted cache: exit 0, the same output as a clean run, one warning with the count", () => {
  const input = join(root, "cache-cli.csv");
  writeFileSync(input, statementPairsCsv(30, 8));
  const dir = join(root, "corrupt-cache-cli");
  const a = run(["score", "--in", input, "--out", join(root, "cache-cli-a.csv"), "--model", model, "--cache-dir", dir, "--quiet"]);
  assert.equal(a.status, 0, a.stderr);
  const db = new Database(join(dir, CACHE_FILE));
  const rows = db.prepare("SELECT key FROM nli LIMIT 5").all() as { key: Buffer }[];
  for (const r of rows) db.prepare("UPDATE nli SET pe = 7.5 WHERE key = ?").run(r.key);
  db.prepare("UPDATE nli SET pc = 'corrupt' WHERE key = (SELECT key FROM nli ORDER BY key DESC LIMIT 1)").run();
  db.close();
  const b = run(["score", "--in", input, "--out", join(root, "cache-cli-b.csv"), "--model", model, "--cache-dir", dir, "--quiet"]);
  assert.equal(b.status, 0, b.stderr);
  assert.equal(readFileSync(join(root, "cache-cli-b.csv"), "utf8"), readFileSync(join(root, "cache-cli-a.csv"), "utf8"));
  assert.equal((b.stderr.match(/warning: .*NLI cache/g) ?? []).length, 1, b.stderr);
  assert.match(b.stderr, /6 rows of the NLI cache/);
});

// ================================================================ --classify checked before any inference

const goodClassifier: ThresholdClassifier = {
  kind: "capqa-threshold-classifier",
  version: 1,
  levelSet: { name: "bad < ok < good", levels: ["bad", "ok", "good"].map((l) => ({ name: l, classes: [l] })) },
  cuts: [0.3, 0.7],
  objective: "macro_f1",
  score: {},
} as unknown as ThresholdClassifier;

test("scoreFile with a malformed classifier fails before the first model call, naming what is wrong", async () => {
  const input = join(root, "classify-in.csv");
  writeFileSync(input, statementPairsCsv(12, 3));
  const malformed: [string, unknown, RegExp][] = [
    [
      "fewer levels than cuts + 1",
      { ...goodClassifier, levelSet: { name: "x", levels: [{ name: "bad", classes: ["bad"] }] } },
      /2 cuts for 1 levels/,
    ],
    ["no levelSet", { ...goodClassifier, levelSet: undefined }, /its levelSet has no levels/],
    ["cuts not a list", { ...goodClassifier, cuts: "0.3,0.7" }, /no cuts for 3 levels/],
    [
      "a level without a name",
      {
        ...goodClassifier,
        levelSet: { name: "x", levels: [{ classes: ["a"] }, { name: "b", classes: ["b"] }, { name: "c", classes: ["c"] }] },
      },
      /level 0 has no name/,
    ],
    [
      "two levels of one name",
      {
        ...goodClassifier,
        levelSet: {
          name: "x",
          levels: [
            { name: "a", classes: ["a"] },
            { name: "a", classes: ["b"] },
            { name: "c", classes: ["c"] },
          ],
        },
      },
      /level 1 has the name "a" of level 0/,
    ],
    ["not a classifier object", [goodClassifier], /"kind" is not "capqa-threshold-classifier"/],
  ];
  for (const [what, classifier, message] of malformed) {
    let loads = 0;
    let generated = 0;
    const out = join(root, "classify-out.csv");
    await assert.rejects(
      () =>
        scoreFile(input, out, {
          model,
          cache: null,
          manifest: false,
          classifier: classifier as ThresholdClassifier,
          loadEngine: async () => {
            loads++;
            throw new Error("the model must not be loaded");
          },
          generator: {
            name: "counting",
            generateDetailed: async () => {
              generated++;
              return [];
            },
            dispose: async () => undefined,
          } as never,
        }),
      (e: Error) => (
        assert.match(e.message, /the `classifier` option is not a classifier/, what), assert.match(e.message, message, what), true
      ),
    );
    assert.equal(loads + generated, 0, `${what}: no model call`);
    assert.equal(existsSync(out), false, `${what}: no output`);
  }
});

test("capqa score --classify and compare refuse a classifier whose levels share a name, before any scoring", () => {
  const file = join(root, "dup-levels.json");
  writeFileSync(
    file,
    JSON.stringify({
      ...goodClassifier,
      levelSet: {
        name: "x",
        levels: [
          { name: "a", classes: ["a"] },
          { name: "a", classes: ["b"] },
          { name: "c", classes: ["c"] },
        ],
      },
    }),
  );
  const input = join(root, "classify-cli.csv");
  writeFileSync(input, statementPairsCsv(10, 2));
  const r = run(["score", "--in", input, "--out", join(root, "classify-cli-out.csv"), "--model", model, "--no-cache", "--classify", file]);
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /dup-levels\.json is not a classifier .*level 1 has the name "a" of level 0/);
  assert.doesNotMatch(r.stderr, /loaded|scored/);
  assert.equal(existsSync(join(root, "classify-cli-out.csv")), false);
  const scored = join(root, "compare-in.csv");
  writeFileSync(scored, "premise,hypothesis,cap\na.,b.,0.5\n");
  assert.throws(
    () => readSystem(scored, { classifier: { ...goodClassifier, levelSet: undefined } as unknown as ThresholdClassifier }),
    /the `classifier` option is not a classifier .*its levelSet has no levels/,
  );
});

// ================================================================ degenerate statistics, as scipy

test("spearman, kendallTauB and pearson on degenerate input give scipy's NaN, not a confident number", () => {
  const nan = { statistic: NaN, pValue: NaN };
  // scipy.stats.spearmanr: n ≤ 1 → (nan, nan); a constant input → (nan, nan); n = 2 → (±1, nan) (df = 0).
  assert.deepEqual(spearman([1, 2], [3, 4]), { statistic: 1, pValue: NaN });
  assert.deepEqual(spearman([1, 2], [4, 3]), { statistic: -1, pValue: NaN });
  assert.deepEqual(spearman([1], [2]), nan);
  assert.deepEqual(spearman([], []), nan);
  assert.deepEqual(spearman([1, 1, 1], [1, 2, 3]), nan);
  assert.deepEqual(spearman([0.1, 0.1, 0.1, 0.1], [4, 2, 3, 1]), nan);
  assert.deepEqual(spearman([1, 2, 3], [2, 4, 8]), { statistic: 1, pValue: 0 }, "n = 3, perfect: t = ∞, p = 0");
  // scipy.stats.kendalltau: every pair tied on a side → (nan, nan); n = 2 untied → exact p = 1.
  const k = (x: number[], y: number[]) => {
    const r = kendallTauB(x, y);
    return { statistic: r.statistic, pValue: r.pValue };
  };
  assert.deepEqual(k([1, 1, 1], [1, 2, 3]), nan);
  assert.deepEqual(k([1, 2, 3], [5, 5, 5]), nan);
  assert.deepEqual(k([1], [1]), nan);
  assert.deepEqual(k([], []), nan);
  assert.deepEqual(k([1, 2], [1, 1]), nan);
  assert.deepEqual(k([1, 2], [1, 2]), { statistic: 1, pValue: 1 });
  assert.deepEqual(k([1, 2], [2, 1]), { statistic: -1, pValue: 1 });
  // scipy.stats.pearsonr: a constant input → nan (checked as x == x[0], not through the mean); n = 2 → ±1 exactly.
  assert.ok(Number.isNaN(pearson([0.1, 0.1, 0.1], [1, 2, 3])));
  assert.ok(Number.isNaN(pearson([1, 2, 3], [0.7, 0.7, 0.7])));
  assert.equal(pearson([0.1, 0.7], [0.3, 0.9]), 1);
  assert.equal(pearson([0.1, 0.7], [0.9, 0.3]), -1);
});

test("exploreClassification and exploreRanking refuse levels outside 0..K−1 and more cuts than levels; no rows give NaN, not 1", () => {
  const scores = [0.1, 0.5, 0.9, 0.2];
  assert.throws(
    () => exploreClassification([0, 1, 5, 2], scores, [0.3, 0.7], 3),
    /exploreClassification: trueLevels\[2\] is 5; trueLevels must be integers in 0\.\.2/,
  );
  assert.throws(() => exploreClassification([0, -1, 2, 2], scores, [0.3, 0.7], 3), /trueLevels\[1\] is -1/);
  assert.throws(() => exploreClassification([0, 1.5, 2, 2], scores, [0.3, 0.7], 3), /trueLevels\[1\] is 1\.5/);
  assert.throws(() => exploreClassification([0, 1, 2, 2], scores, [0.3, 0.5, 0.7], 3), /cuts has 3 values; 3 levels take at most 2 cuts/);
  assert.throws(() => exploreClassification([0, 1, 2], scores, [0.3, 0.7], 3), /trueLevels has 3 values, scores has 4/);
  assert.throws(() => exploreClassification([0, 1, 2, 2], scores, [0.7, 0.3], 3), /cuts\[1\] is 0\.3; cuts must be non-decreasing/);
  assert.throws(() => exploreClassification([0, 0, 0, 0], scores, [], 0), /K is 0; K must be a positive integer/);
  const empty = exploreClassification([], [], [0.3, 0.7], 3);
  assert.ok(
    [empty.accuracy, empty.macroF1, empty.kappa, empty.kappaLinear, empty.kappaQuadratic].every(Number.isNaN),
    JSON.stringify(empty),
  );
  const d = { cls: [0, 1, 7], severity: [2, 1, 0], classNames: ["a", "b", "c"] };
  assert.throws(() => exploreRanking(d, [0.1, 0.2, 0.3]), /exploreRanking: cls\[2\] is 7; cls must be integers in 0\.\.2/);
});

// ================================================================ a huge cell, tokenized up to a window

/**
 * transformers.js tokenizers: the tiny model's WordPiece always; RoBERTa's BPE, T5's and DeBERTa-v3's SentencePiece when
 * ../shared/tokenizers has them.
 */
async function tokenizers(): Promise<{ name: string; tokenizer: HfTokenizer }[]> {
  const tf = await loadTransformers();
  const out = [{ name: "tiny WordPiece", tokenizer: await loadPretrainedTokenizer<HfTokenizer>(tf, model) }];
  const shared = process.env.CAPQA_TOKENIZERS_DIR ?? resolve("..", "shared", "tokenizers");
  const copies: [string, [string, string][]][] = [
    [
      "roberta-base",
      [
        ["roberta-base/tokenizer.json", "tokenizer.json"],
        ["roberta-base/tokenizer_config.json", "tokenizer_config.json"],
      ],
    ],
    [
      "t5-small",
      [
        ["t5-small/tokenizer.json", "tokenizer.json"],
        ["t5-small/tokenizer_config.json", "tokenizer_config.json"],
      ],
    ],
    [
      "deberta-v3",
      [
        ["deberta-v3/tokenizer.derived.json", "tokenizer.json"],
        ["deberta-v3/cross-encoder-tokenizer_config.json", "tokenizer_config.json"],
      ],
    ],
  ];
  for (const [name, files] of copies) {
    if (!files.every(([f]) => existsSync(join(shared, f)))) {
      console.log(`# ${name}: not in ${shared}; tested with the tiny tokenizer only`);
      continue;
    }
    const dir = join(root, `tok-${name}`);
    mkdirSync(dir, { recursive: true });
    for (const [from, to] of files) copyFileSync(join(shared, from), join(dir, to));
    out.push({ name, tokenizer: await loadPretrainedTokenizer<HfTokenizer>(tf, dir) });
  }
  return out;
}

test("a 2 MB cell is tokenized up to NLI_TOKENIZE_CHARS_PER_TOKEN × (budget + 1) characters, to the tokens of the whole text", async () => {
  const perToken = NLI_TOKENIZE_CHARS_PER_TOKEN;
  assert.ok(Number.isInteger(perToken) && perToken >= 100, `NLI_TOKENIZE_CHARS_PER_TOKEN is ${perToken}`);
  const tf = await loadTransformers();
  const tokenizer = await loadPretrainedTokenizer<HfTokenizer>(tf, model);
  const encoder = new PairEncoder(tokenizer, 512);
  const core = (encoder as unknown as { core: { encode_text(t: string | null): string[] | null } }).core;
  const original = core.encode_text.bind(core);
  let longest = 0;
  core.encode_text = (t) => ((longest = Math.max(longest, t?.length ?? 0)), original(t));
  const words = "the water sun plant travels through stem light heat rain cloud energy".split(" ");
  const huge = Array.from({ length: 400_000 }, (_, i) => words[(i * 7) % words.length]).join(" ");
  assert.ok(huge.length > 2_000_000);
  const windowed = encoder.encode(huge, "the sun is hot.");
  assert.ok(longest <= 3 * 512 * perToken, `encode_text was given ${longest} characters of a ${huge.length}-character cell`);
  core.encode_text = original;
  const whole = new PairEncoder(tokenizer, 512, { charsPerToken: Infinity }).encode(huge, "the sun is hot.");
  assert.deepEqual(windowed, whole);
  assert.equal(windowed.truncated, true);
});

test("windowed tokenization equals whole-text tokenization for every text that fits, and for long texts of words, runs, CJK and controls", {
  timeout: 600_000,
}, async () => {
  const rng = new Xoshiro128(2207, 3);
  const pick = <T>(xs: readonly T[]) => xs[rng.nextInt(xs.length)];
  const vocabulary =
    "the water sun plant travels through stem light heat rain cloud energy animal cow eats food cell neuron Schwangerschaft disproportionate antidisestablishmentarianism 1999 3.14 e-mail don't U.S.A. café naïve 東京 😀".split(
      " ",
    );
  const separators = [" ", " ", " ", " ", "  ", ", ", ". ", "\n", "\t", " - "];
  const prose = (chars: number) => {
    let s = "";
    while (s.length < chars) s += pick(vocabulary) + pick(separators);
    return s.slice(0, chars);
  };
  // At maxLength 64 the first window is 63 × NLI_TOKENIZE_CHARS_PER_TOKEN = 8,064 characters: texts around it and past it, and texts that
  // fit though long.
  const texts: [string, string][] = [
    ["prose just under the first window", prose(63 * 128 - 5)],
    ["prose past the window", prose(12_000)],
    ["prose past two windows", prose(40_000)],
    ["a few words in a long run of spaces (fits)", `the sun${" ".repeat(40_000)}is hot.`],
    ["a few words in a long run of newlines and tabs (fits)", `water${"\n\t".repeat(15_000)}is wet.`],
    ["control characters that BERT's normaliser drops (fits there)", `cows ${"\u0000\u0001".repeat(10_000)} eat grass`],
    ["one long word without spaces (base64)", Buffer.from(Array.from({ length: 24_000 }, (_, i) => (i * 7919) % 256)).toString("base64")],
    ["CJK without spaces", "東京都の天気は晴れです".repeat(2_000)],
    ["punctuation runs", "x-".repeat(12_000)],
    ["a long word across the window, then prose", `${"b".repeat(9_000)} ${prose(10_000)}`],
    ["prose, then a long word across the window", `${prose(2_000)} ${"c".repeat(30_000)}`],
    ["a run of spaces across the window", `${prose(7_000)}${" ".repeat(9_000)}${prose(9_000)}`],
  ];
  // The paper's length, 512 (a first window of 65,408 characters): the same kinds, longer, for every
  // tokenizer. 150,000 characters of prose: the window's tokens are the whole text's first tokens
  // at 512 (for DeBERTa-v3 and T5 this also runs the precompiled charsmap on texts past 65,536
  // characters, which took minutes when Intl.Segmenter took the whole text at once). A
  // 100,000-character word across the window after 50,000 characters of prose: the window is cut
  // before the word, whose start is never tokenized. A few words in a 150,000-character run of
  // spaces: a text that fits, read as the window grows to the whole text.
  const long: [string, string][] = [
    ["prose past the window at 512", prose(150_000)],
    ["a long word across the window at 512", `${prose(50_000)} ${"d".repeat(100_000)}`],
    ["a few words in a long run of spaces at 512 (fits)", `the sun${" ".repeat(150_000)}is hot.`],
  ];
  for (const { name, tokenizer } of await tokenizers()) {
    // The whole text's tokens are taken once per text (the reference's cost), not once per pair.
    const core = tokenizer._tokenizer as { encode_text(t: string | null): string[] | null };
    const original = core.encode_text.bind(core);
    const memo = new Map<string, string[] | null>();
    core.encode_text = (t) => {
      if (t === null || t.length < 5_000) return original(t);
      if (!memo.has(t)) memo.set(t, original(t));
      return memo.get(t)!.slice();
    };
    try {
      for (const [maxLength, cases] of [
        [64, texts],
        [512, long],
      ] as const) {
        const windowed = new PairEncoder(tokenizer, maxLength);
        const whole = new PairEncoder(tokenizer, maxLength, { charsPerToken: Infinity });
        for (const [what, text] of cases) {
          for (const [p, h] of [
            [text, "the sun is hot."],
            ["the sun is hot.", text],
            [text, text.slice(0, text.length >> 1)],
          ]) {
            assert.deepEqual(
              windowed.encode(p, h),
              whole.encode(p, h),
              `${name}, max length ${maxLength}: ${what} (${p.length} + ${h.length} characters)`,
            );
          }
        }
      }
      // A run of one letter is the one text seen to differ: a Unigram model (DeBERTa-v3's) may split
      // the start of "aaaa…" otherwise when it sees the whole run (1 token of 64). Same length, truncated.
      const run = "a".repeat(30_000);
      const [w, x] = [
        new PairEncoder(tokenizer, 64).encode(run, "the sun is hot."),
        new PairEncoder(tokenizer, 64, { charsPerToken: Infinity }).encode(run, "the sun is hot."),
      ];
      assert.deepEqual([w.ids.length, w.truncated], [x.ids.length, x.truncated], `${name}: a run of one letter`);
      if (name !== "deberta-v3") assert.deepEqual(w, x, `${name}: a run of one letter`);
    } finally {
      core.encode_text = original;
    }
  }
});

test("a text longer than NLI_TOKENIZE_MAX_CHARS whose first part makes too few tokens is read that far, and its pair counted as truncated", async () => {
  assert.equal(NLI_TOKENIZE_MAX_CHARS, 1_000_000);
  const tf = await loadTransformers();
  const tokenizer = await loadPretrainedTokenizer<HfTokenizer>(tf, model);
  const spaced = `the sun${" ".repeat(300_000)}is hot.`;
  const bounded = new PairEncoder(tokenizer, 64, { maxChars: 200_000 }).encode(spaced, "water is wet.");
  const whole = new PairEncoder(tokenizer, 64, { charsPerToken: Infinity }).encode(spaced, "water is wet.");
  assert.equal(whole.truncated, false);
  assert.equal(bounded.truncated, true, "the unread end is said");
  assert.deepEqual(
    bounded,
    { ...whole, ...new PairEncoder(tokenizer, 64).encode("the sun", "water is wet."), truncated: true },
    "the tokens of 'is hot.' were not read",
  );
  // Under the limit, the same text is read to its end.
  assert.deepEqual(new PairEncoder(tokenizer, 64, { maxChars: 400_000 }).encode(spaced, "water is wet."), whole);
});

// ================================================================ output names, full disks, I/O errors

test("an output name longer than the file system takes fails before any work, naming the file and the limit", () => {
  const input = join(root, "names-in.csv");
  writeFileSync(input, statementPairsCsv(8, 1));
  const long = join(root, `${"a".repeat(226)}.csv`); // 230 bytes: itself fits, its temporary and manifest names do not
  const r = run(["score", "--in", input, "--out", long, "--model", model, "--no-cache"]);
  assert.equal(r.status, 1, r.stderr);
  assert.match(
    r.stderr,
    /a{226}\.csv: the file name is 230 bytes long; with the \.tmp-…\.manifest\.json names capqa writes beside it \(up to 40 bytes more\) it passes the 255 bytes a file name may have: name the output with at most 215 bytes/,
  );
  assert.doesNotMatch(r.stderr, /ENAMETOOLONG|loaded|scored/);
  assert.equal(existsSync(long), false);
  // Bytes, not characters: 110 × "é" is 220 bytes.
  const accented = join(root, `${"é".repeat(110)}.csv`);
  const r2 = run(["score", "--in", input, "--out", accented, "--model", model, "--no-cache"]);
  assert.equal(r2.status, 1);
  assert.match(r2.stderr, /the file name is 224 bytes long/);
  // A folder on the way whose name is over 255 bytes.
  const r3 = run(["score", "--in", input, "--out", join(root, "b".repeat(300), "out.csv"), "--model", model, "--no-cache"]);
  assert.equal(r3.status, 1);
  assert.match(r3.stderr, /b{300}.*: the name b{8}… is 300 bytes long; a file or folder name may have at most 255 bytes/);
  // An output folder: its staging name (.capqa-partial-PID-TIME) must fit too.
  const folder = join(root, "c".repeat(240));
  const r4 = run(["evaluate", "--out", folder, "--bootstrap", "0"], data ? { CAPQA_DATA_DIR: data } : {});
  assert.equal(r4.status, 1);
  assert.match(
    r4.stderr,
    /c{240}: the folder name is 240 bytes long; with the \.capqa-partial-… names capqa writes beside it \(up to 36 bytes more\) it passes the 255 bytes a file name may have: name the output folder with at most 219 bytes/,
  );
  assert.deepEqual(
    readdirSync(root).filter((f) => f.startsWith("ccc")),
    [],
  );
  // Names at the limit work.
  const fits = join(root, `${"d".repeat(211)}.csv`);
  const r5 = run(["score", "--in", input, "--out", fits, "--model", model, "--no-cache", "--quiet"]);
  assert.equal(r5.status, 0, r5.stderr);
  assert.ok(existsSync(fits) && existsSync(`${fits}.manifest.json`));
});

/**
 * A preload for the CLI: writes under FAULT_DIR fail with FAULT_CODE once FAULT_BUDGET bytes went there (fs.writeFileSync and fs.writeSync,
 * as capqa writes).
 */
const faultPreload = join(root, "write-fault.mjs");
writeFileSync(
  faultPreload,
  `import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { resolve } from "node:path";
const dir = resolve(process.env.FAULT_DIR);
let budget = Number(process.env.FAULT_BUDGET ?? Infinity);
let written = 0;
const code = process.env.FAULT_CODE ?? "ENOSPC";
const fail = () => Object.assign(new Error(code === "EIO" ? "EIO: i/o error, write" : "ENOSPC: no space left on device, write"), { code, errno: code === "EIO" ? -5 : -28, syscall: "write" });
const under = (p) => typeof p === "string" && resolve(p).startsWith(dir);
const fds = new Set();
const { openSync, closeSync, writeFileSync, writeSync } = fs;
const take = (n) => { if (written + n > budget) throw fail(); written += n; };
fs.openSync = function (p, ...rest) { const fd = openSync.call(this, p, ...rest); if (under(p)) fds.add(fd); return fd; };
fs.closeSync = function (fd) { fds.delete(fd); return closeSync.call(this, fd); };
fs.writeFileSync = function (p, d, ...rest) { if (under(p)) take(Buffer.byteLength(d)); return writeFileSync.call(this, p, d, ...rest); };
fs.writeSync = function (fd, d, ...rest) { if (fds.has(fd)) take(typeof d === "string" ? Buffer.byteLength(d) : d.byteLength); return writeSync.call(this, fd, d, ...rest); };
process.on("exit", () => { if (process.env.FAULT_REPORT) writeFileSync.call(fs, process.env.FAULT_REPORT, String(written)); });
syncBuiltinESMExports();
`,
);

test("a disk that fills during evaluate --out: the error names the file, no staging folder is left, the previous outputs stay", {
  skip: data === undefined && "released data not found",
}, () => {
  const parent = join(root, "full-disk");
  mkdirSync(parent, { recursive: true });
  const out = join(parent, "ev");
  const env = { CAPQA_DATA_DIR: data!, FAULT_DIR: parent, FAULT_REPORT: join(root, "fault-report.txt") };
  const ok = run(["evaluate", "--out", out, "--bootstrap", "0", "--quiet"], env, ["--import", faultPreload]);
  assert.equal(ok.status, 0, ok.stderr);
  const total = Number(readFileSync(env.FAULT_REPORT, "utf8"));
  const before = Object.fromEntries(readdirSync(out).map((f) => [f, readFileSync(join(out, f), "utf8")]));
  // The disk fills at the first write, half-way, and at the very last byte (the folder's own list of files).
  for (const [budget, code] of [
    [0, "ENOSPC"],
    [Math.floor(total / 2), "ENOSPC"],
    [total - 1, "ENOSPC"],
    [Math.floor(total / 3), "EIO"],
  ] as const) {
    const r = run(["evaluate", "--out", out, "--bootstrap", "0", "--quiet"], { ...env, FAULT_BUDGET: String(budget), FAULT_CODE: code }, [
      "--import",
      faultPreload,
    ]);
    assert.equal(r.status, 1, `budget ${budget}: ${r.stderr}`);
    const message = code === "ENOSPC" ? "no space left on device" : "i/o error";
    assert.match(
      r.stderr,
      new RegExp(`cannot write ${out.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/[^:\\s]+: ${code}: ${message}`),
      `budget ${budget}: ${r.stderr}`,
    );
    assert.doesNotMatch(r.stderr, /capqa-partial/, "the message names the output, not the staging folder");
    assert.deepEqual(readdirSync(parent), ["ev"], `budget ${budget}: nothing left beside the output`);
    assert.deepEqual(
      Object.fromEntries(readdirSync(out).map((f) => [f, readFileSync(join(out, f), "utf8")])),
      before,
      `budget ${budget}: the previous outputs stay`,
    );
  }
});

test("a disk that fills while capqa score writes: the error names the output file, nothing is left", () => {
  const parent = join(root, "full-disk-score");
  mkdirSync(parent, { recursive: true });
  const input = join(root, "full-disk-in.csv");
  writeFileSync(input, statementPairsCsv(20, 6));
  for (const code of ["ENOSPC", "EIO"]) {
    const out = join(parent, "scored.csv");
    const r = run(
      ["score", "--in", input, "--out", out, "--model", model, "--no-cache", "--quiet"],
      { FAULT_DIR: parent, FAULT_BUDGET: "100", FAULT_CODE: code },
      ["--import", faultPreload],
    );
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, new RegExp(`cannot write ${out.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: ${code}`), r.stderr);
    assert.deepEqual(readdirSync(parent), []);
  }
});

// ================================================================ an input that changes during a run

test("an input appended while capqa score reads it: the manifest's hash is of the bytes that were scored", async () => {
  const input = join(root, "growing.csv");
  const filler = "x".repeat(900);
  const line = (i: number) => `${i},the sun is hot ${i % 5}.,water is wet ${i % 3}.,${filler}\n`;
  const original = `id,premise,hypothesis,notes\n${Array.from({ length: 3000 }, (_, i) => line(i)).join("")}`; // 2.8 MB: read in 1 MB chunks
  writeFileSync(input, original);
  const appended = Array.from({ length: 40 }, (_, i) => line(3000 + i)).join("");
  const output = join(root, "growing-out.csv");
  let grown = false;
  const report = await scoreFile(input, output, {
    model,
    cache: null,
    blockRows: 100,
    onRows: (done) => {
      // Well into the run (the rows are read 1 MB at a time, so the end of the file is still unread).
      if (done >= 500 && !grown) appendFileSync(input, appended), (grown = true);
    },
  });
  assert.ok(grown);
  const manifest = JSON.parse(readFileSync(`${output}.manifest.json`, "utf8"));
  const recorded = manifest.inputs.find((f: { path: string }) => f.path === resolve(input));
  const scoredRows = report.rows;
  const scoredBytes = scoredRows === 3040 ? original + appended : original;
  assert.ok(scoredRows === 3000 || scoredRows === 3040, `${scoredRows} rows scored`);
  assert.deepEqual(
    { sha256: recorded.sha256, bytes: recorded.bytes },
    { sha256: sha256(scoredBytes), bytes: Buffer.byteLength(scoredBytes) },
    `the manifest describes the ${scoredRows} rows scored`,
  );
  assert.equal(manifest.output.rows, scoredRows);
});
