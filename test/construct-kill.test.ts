/**
 * The construct commands as a user runs them (a spawned process against the local fault server):
 * killed with SIGKILL halfway and started again, a run ends with exactly the rows of an
 * uninterrupted run and sends no request again that had succeeded; no API key appears in any
 * output, log, checkpoint, cache entry or report.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { toCsv } from "../lib/io/csv.js";
import { FaultServer, type Fault } from "./fixtures/construct/fault-server.js";

const RUNNER = resolve("dist/test/fixtures/construct/run-cli.js");
const KEY = "sk-ant-api03-KILLtestSECRET-7hQ2mZ9xR4vL1pW";
const root = mkdtempSync(join(tmpdir(), "capqa-construct-kill-"));
const outputs: string[] = [];

interface Done {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function start(args: string[], server: FaultServer, extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, [RUNNER, ...args], {
    env: {
      ...process.env,
      ANTHROPIC_API_KEY: KEY,
      OPENAI_API_KEY: KEY,
      ANTHROPIC_BASE_URL: server.url,
      OPENAI_BASE_URL: `${server.url}/v1`,
      CAPQA_CACHE_DIR: join(root, "default-cache"),
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const done = new Promise<Done>((r) =>
    child.on("close", (code, signal) => {
      outputs.push(stdout, stderr);
      r({ code, signal, stdout, stderr });
    }),
  );
  return { child, done };
}

const FAULTS: Record<number, Fault> = { 3: "429", 6: "500", 14: "529", 17: "429", 21: "500" };

function lines(file: string): Record<string, unknown>[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Runs to the hold point, waits for the run to record what it received, kills it with SIGKILL. */
async function killAt(args: string[], server: FaultServer, n: number): Promise<Done> {
  server.holdFrom = n;
  const run = start(args, server);
  await server.reached(n);
  await new Promise((r) => setTimeout(r, 250));
  run.child.kill("SIGKILL");
  const d = await run.done;
  server.holdFrom = undefined;
  assert.equal(d.signal, "SIGKILL");
  return d;
}

test("candidates: killed with SIGKILL halfway, resumed, equals an uninterrupted run; no successful request sent twice", async () => {
  const dir = join(root, "cand");
  mkdirSync(dir, { recursive: true });
  const rows = Array.from({ length: 64 }, (_, i) => ({ question: `What is thing ${i}?`, gold_answer: `answer ${i}`, dataset: "ARC-Easy" }));
  rows.splice(10, 0, { question: "Which of the following is true?", gold_answer: "x", dataset: "mmlu" });
  writeFileSync(join(dir, "sources.csv"), toCsv(["question", "gold_answer", "dataset"], rows));
  writeFileSync(
    join(dir, "config.json"),
    JSON.stringify({
      provider: "anthropic",
      model: "claude-haiku-4-5",
      in: "sources.csv",
      batchSize: 2,
      concurrency: 2,
      requestsPerMinute: 0,
      backoffBaseMs: 5,
      backoffMaxMs: 20,
      timeoutMs: 3000,
      seed: 3,
    }),
  );
  const args = (tag: string) => [
    "candidates",
    "--config",
    join(dir, "config.json"),
    "--out",
    join(dir, tag, "cands.csv"),
    "--cache-dir",
    join(dir, tag, "cache"),
  ];

  const a = await new FaultServer({ key: KEY, delayMs: 10, faults: FAULTS, retryAfter: "0.02" }).start();
  const b = await new FaultServer({ key: KEY, delayMs: 10, faults: FAULTS, retryAfter: "0.02" }).start();
  try {
    const full = await start(args("A"), a).done;
    assert.equal(full.code, 0, full.stderr);
    const reportA = JSON.parse(readFileSync(join(dir, "A", "cands.report.json"), "utf8"));
    assert.deepEqual(reportA.stats.faults, { http_429: 2, http_500: 2, http_529: 1 });
    assert.equal(reportA.dropped, 1);

    await killAt(args("B"), b, 14);
    const cp = join(dir, "B", "cands.checkpoint.jsonl");
    const before = lines(cp).filter((r) => r.type === "answers").length;
    assert.ok(before >= 6 && before < 32, `${before} batches checkpointed before the kill`);
    assert.ok(!existsSync(join(dir, "B", "cands.csv")));
    const resumed = await start(args("B"), b).done;
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stderr, new RegExp(`resuming .*: ${before * 2} of 64 rows already done`));

    assert.equal(readFileSync(join(dir, "B", "cands.csv"), "utf8"), readFileSync(join(dir, "A", "cands.csv"), "utf8"));
    assert.deepEqual(b.repeatedSuccesses(), []);
    const seen = lines(cp).flatMap((r) => (r.type === "answers" ? (r.rows as number[]) : []));
    assert.equal(seen.length, 64);
    assert.equal(new Set(seen).size, 64);
    assert.equal(b.log.filter((r) => r.delivered).length, a.log.filter((r) => r.delivered).length);
  } finally {
    await a.close();
    await b.close();
  }
});

test("statements: killed with SIGKILL halfway, resumed, equals an uninterrupted run", async () => {
  const dir = join(root, "st");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "fast.json"), JSON.stringify({ backoffBaseMs: 5, backoffMaxMs: 20 }));
  const args = (tag: string) => [
    "statements",
    "--config",
    join(dir, "fast.json"),
    "--out",
    join(dir, tag),
    "--total",
    "40",
    "--concurrency",
    "1",
    "--rpm",
    "0",
    "--seed",
    "11",
    "--cache-dir",
    join(dir, tag, "cache"),
    "--quiet",
  ];
  const a = await new FaultServer({ key: KEY, delayMs: 5, faults: FAULTS, retryAfter: "0.02" }).start();
  const b = await new FaultServer({ key: KEY, delayMs: 5, faults: FAULTS, retryAfter: "0.02" }).start();
  try {
    const full = await start(args("A"), a).done;
    assert.equal(full.code, 0, full.stderr);
    await killAt(args("B"), b, 12);
    const resumed = await start(args("B"), b).done;
    assert.equal(resumed.code, 0, resumed.stderr);
    for (const f of [
      "CAP-Statements.csv",
      "CAP-Statements.train.csv",
      "CAP-Statements.validation.csv",
      "CAP-Statements.test.csv",
      "dropped.csv",
    ]) {
      assert.equal(readFileSync(join(dir, "B", f), "utf8"), readFileSync(join(dir, "A", f), "utf8"), f);
    }
    assert.equal(
      readFileSync(join(dir, "A", "CAP-Statements.csv"), "utf8")
        .trim()
        .split("\n").length,
      41,
    );
    // The resumed pair needed exactly the successful replies of the uninterrupted run: none was asked for twice.
    assert.equal(b.log.filter((r) => r.delivered).length, a.log.filter((r) => r.delivered).length);
    const report = JSON.parse(readFileSync(join(dir, "A", "report.json"), "utf8"));
    assert.ok(report.complete && report.duplicatesDropped > 0);
  } finally {
    await a.close();
    await b.close();
  }
});

test("answers from the command line; dry run; missing and wrong keys; the key is in no output or file", async () => {
  const dir = join(root, "ans");
  mkdirSync(dir, { recursive: true });
  const inFile = join(dir, "in.csv");
  writeFileSync(
    inFile,
    toCsv(
      ["question", "gold_answer"],
      Array.from({ length: 6 }, (_, i) => ({ question: `Why ${i}?`, gold_answer: `because ${i}` })),
    ),
  );
  const s = await new FaultServer({ key: KEY, faults: { 2: "hang", 4: "empty_string" } }).start();
  try {
    writeFileSync(join(dir, "fast.json"), JSON.stringify({ backoffBaseMs: 5, backoffMaxMs: 20 }));
    const base = [
      "answers",
      "--config",
      join(dir, "fast.json"),
      "--provider",
      "openai",
      "--model",
      "gpt-4o-2024-08-06",
      "--in",
      inFile,
      "--rpm",
      "0",
      "--timeout-ms",
      "1500",
    ];
    const dry = await start([...base, "--out", join(dir, "dry.csv"), "--dry-run"], s, { OPENAI_API_KEY: "" }).done;
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /SYSTEM:\nAnswer the question in the style of a person responding on an exam/);
    assert.match(dry.stdout, /USER:\nWhy 5\?/);
    assert.match(dry.stdout, /calls: 6 \(before retries\)/);
    assert.match(dry.stdout, /output tokens: at most 1536/);
    assert.equal(s.log.length, 0);

    const nokey = await start([...base, "--out", join(dir, "x.csv")], s, { OPENAI_API_KEY: "" }).done;
    assert.equal(nokey.code, 2);
    assert.match(nokey.stderr, /set OPENAI_API_KEY/);

    const wrongKey = "sk-proj-WRONGkey-abcdefghijklmnop1234";
    const wrong = await start([...base, "--out", join(dir, "w.csv")], s, { OPENAI_API_KEY: wrongKey }).done;
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /HTTP 401/);
    assert.ok(!wrong.stderr.includes(wrongKey) && !wrong.stderr.includes("WRONGkey-abcd"), wrong.stderr);

    s.log.length = 0;
    const ok = await start([...base, "--out", join(dir, "out.csv")], s).done;
    assert.equal(ok.code, 0, ok.stderr);
    const out = readFileSync(join(dir, "out.csv"), "utf8").trim().split("\n");
    assert.equal(out[0], "question,gold_answer,answer,model,stop_reason");
    assert.equal(out[6], "Why 5?,because 5,Answer to: Why 5?,gpt-4o-2024-08-06,stop");
    const report = JSON.parse(readFileSync(join(dir, "out.report.json"), "utf8"));
    assert.ok(report.stats.faults.timeout >= 1); // the hung connection (more under a loaded machine)
    assert.equal(report.stats.faults.content_empty_string, 1);
  } finally {
    await s.close();
  }
});

test("no API key in any output, log, checkpoint, cache entry, report or data file", () => {
  for (const o of outputs) assert.ok(!o.includes(KEY));
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]));
  const files = walk(root);
  assert.ok(files.some((f) => f.endsWith(".checkpoint.jsonl")) && files.some((f) => f.includes("cache")));
  for (const f of files) assert.ok(!readFileSync(f, "utf8").includes(KEY), f);
});
