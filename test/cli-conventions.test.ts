/**
 * CLI conventions: --version, --json summaries (and errors), a closed pipe ending quietly, and the
 * manifest every output records (score's sidecar, meta.json of folder outputs).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { writeTinyModel } from "../scripts/fixtures/tiny-nli.js";
import { buildManifest, capqaVersion, fileDigest, manifestModel, modelFromKey, redactCommand } from "../lib/io/manifest.js";
import { PINNED_FILES } from "../lib/data/fetch.js";
import { releasedDataDir } from "./helpers.js";

const CLI = resolve("dist/cli/main.js");
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", env: { ...process.env, ...env } });
const root = mkdtempSync(join(tmpdir(), "capqa-conventions-"));
const model = join(root, "tiny-nli");
writeTinyModel(model, { precisions: ["fp32"] });
const data = releasedDataDir();
const pkg = JSON.parse(readFileSync(resolve("package.json"), "utf8")) as { version: string };
const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");
/** The one JSON object a --json run prints. */
const json = (stdout: string) => {
  const lines = stdout.trim().split("\n");
  assert.equal(lines.length, 1, `one line of JSON on stdout, got:\n${stdout}`);
  return JSON.parse(lines[0]);
};
const pairs =
  "id,premise,hypothesis\n1,the sun is hot.,the sun is warm.\n2,water is wet.,water is dry.\n3,cows eat grass.,cows eat food.\n4,the cell divides.,\n";

test("--version and version print package.json's version; with --json as an object", () => {
  for (const args of [["--version"], ["version"]]) {
    const r = run(args);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, `${pkg.version}\n`);
    assert.equal(r.stderr, "");
  }
  assert.deepEqual(json(run(["--version", "--json"]).stdout), { command: "version", version: pkg.version });
  assert.equal(capqaVersion(), pkg.version);
});

test("score --json: one summary object on stdout, the notes on stderr; the manifest beside the output has the input's, the model's and the output's SHA-256 and α, λ", () => {
  const input = join(root, "pairs.csv");
  writeFileSync(input, pairs);
  const out = join(root, "scored.csv");
  const r = run(["score", "--in", input, "--out", out, "--model", model, "--no-cache", "--alpha", "0.7", "--lambda", "0.2", "--json"]);
  assert.equal(r.status, 3, r.stderr); // row 4 has an empty hypothesis
  const s = json(r.stdout);
  assert.equal(s.command, "score");
  assert.equal(s.output, out);
  assert.equal(s.manifest, `${out}.manifest.json`);
  assert.equal(s.rows, 4);
  assert.equal(s.scored, 3);
  assert.equal(s.notScoredCount, 1);
  assert.equal(s.complete, false);
  assert.equal(s.exitStatus, 3);
  assert.deepEqual(s.notScored, [{ row: 3, line: 5, reason: "empty candidate statement (hypothesis)" }]);
  assert.equal(s.pairs, 6);
  assert.equal(s.cacheHits, 0);
  assert.equal(s.modelPairs, 6);
  assert.equal(s.device, "cpu");
  assert.equal(s.alpha, 0.7);
  assert.equal(s.lambda, 0.2);
  assert.equal(s.generator, null);
  assert.match(s.modelKey, /^local:tiny-nli:sha256:[0-9a-f]{32}:/);
  assert.deepEqual(s.warnings, []);
  assert.match(r.stderr, /scored 3 of 4 rows/);

  const m = JSON.parse(readFileSync(`${out}.manifest.json`, "utf8"));
  assert.equal(m.capqa, pkg.version);
  assert.ok(Math.abs(Date.parse(m.created) - Date.now()) < 120_000, m.created);
  assert.deepEqual(m.command, ["score", "--in", input, "--out", out, "--model", model, "--no-cache", "--alpha", "0.7", "--lambda", "0.2"]);
  assert.deepEqual(m.cap, { alpha: 0.7, lambda: 0.2 });
  assert.equal(m.statementGenerator, null);
  assert.equal(m.data, null);
  assert.deepEqual(m.inputs, [{ path: input, sha256: sha256(input), bytes: Buffer.byteLength(pairs) }]);
  const onnx = join(model, "onnx", "model.onnx");
  assert.equal(m.model.sha256, sha256(onnx));
  assert.equal(m.model.id, model);
  assert.equal(m.model.file, "onnx/model.onnx");
  assert.equal(m.model.dtype, "fp32");
  assert.equal(m.model.device, "cpu");
  assert.equal(m.model.key, s.modelKey);
  assert.ok(s.modelKey.includes(sha256(onnx).slice(0, 32)));
  assert.deepEqual(m.output, { path: out, sha256: sha256(out), bytes: readFileSync(out).length, rows: 4 });
});

test("score with every pair from the cache (no model load) still records the model file's hash; a rerun replaces the manifest with one for the new output", () => {
  const input = join(root, "cached.csv");
  writeFileSync(input, pairs.split("\n").slice(0, 4).join("\n") + "\n");
  const out = join(root, "cached.jsonl");
  const args = ["score", "--in", input, "--out", out, "--model", model, "--cache-dir", join(root, "cache"), "--quiet"];
  assert.equal(run(args).status, 0);
  const first = JSON.parse(readFileSync(`${out}.manifest.json`, "utf8"));
  writeFileSync(input, pairs.split("\n").slice(0, 3).join("\n") + "\n"); // one row fewer, all cached
  const r = run([...args, "--json"]);
  assert.equal(r.status, 0, r.stderr);
  const s = json(r.stdout);
  assert.equal(s.modelPairs, 0);
  assert.equal(s.cacheHits, 4);
  assert.equal(s.device, null);
  const m = JSON.parse(readFileSync(`${out}.manifest.json`, "utf8"));
  assert.equal(m.model.sha256, sha256(join(model, "onnx", "model.onnx")));
  assert.equal(m.model.device, null);
  assert.equal(m.inputs[0].sha256, sha256(input));
  assert.notEqual(m.inputs[0].sha256, first.inputs[0].sha256);
  assert.deepEqual(m.output, { path: out, sha256: sha256(out), bytes: readFileSync(out).length, rows: 2 });
});

test("evaluate --json summarises the run; meta.json carries the manifest (version, data checksums, α, λ)", {
  skip: data === undefined && "released data not found",
}, () => {
  const dir = join(root, "evaluate");
  const r = run(["evaluate", "--data-dir", data!, "--bootstrap", "20", "--metrics", "cap,bleu", "--out", dir, "--json"]);
  assert.equal(r.status, 0, r.stderr);
  const s = json(r.stdout);
  assert.equal(s.command, "evaluate");
  assert.equal(s.output, dir);
  assert.equal(s.split, "test");
  assert.equal(s.n, 7826);
  assert.equal(s.resamples, 20);
  assert.equal(s.seed, 42);
  assert.deepEqual(s.metrics, [
    { name: "cap", source: "released" },
    { name: "bleu", source: "released" },
  ]);
  assert.deepEqual(
    s.excluded.map((e: { rowId: number }) => e.rowId),
    [4306],
  );
  const cap = s.correlations.find((c: { metric: string }) => c.metric === "cap");
  const table = JSON.parse(readFileSync(join(dir, "correlations.json"), "utf8")).find((c: { metric: string }) => c.metric === "cap");
  assert.equal(cap.spearman, table.spearman);
  assert.ok(cap.spearman > 0.55 && cap.spearman < 0.65, String(cap.spearman));
  assert.ok(!r.stdout.includes("spearman 0."), "the human lines stay off stdout");

  const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8"));
  const m = meta.manifest;
  assert.equal(m.capqa, pkg.version);
  assert.deepEqual(m.command, ["evaluate", "--data-dir", data!, "--bootstrap", "20", "--metrics", "cap,bleu", "--out", dir]);
  assert.deepEqual(m.cap, { alpha: 0.85, lambda: 0.3 });
  assert.equal(m.model, null);
  assert.equal(m.statementGenerator, null);
  const csv = m.data.files.find((f: { name: string }) => f.name === "CAP-Correctness.csv");
  assert.equal(csv.sha256, sha256(join(data!, "CAP-Correctness.csv")));
  assert.equal(csv.sha256, PINNED_FILES.find((f) => f.name === "CAP-Correctness.csv")!.sha256);
  // --alpha/--lambda are the weights recorded.
  const r2 = run([
    "evaluate",
    "--data-dir",
    data!,
    "--bootstrap",
    "0",
    "--metrics",
    "cap",
    "--alpha",
    "0.6",
    "--out",
    join(root, "evaluate-0.6"),
    "--json",
  ]);
  assert.equal(r2.status, 0, r2.stderr);
  assert.deepEqual(JSON.parse(readFileSync(join(root, "evaluate-0.6", "meta.json"), "utf8")).manifest.cap, { alpha: 0.6, lambda: 0.3 });
});

test("calibrate and sweep record the manifest in meta.json too", { skip: data === undefined && "released data not found" }, () => {
  const cal = join(root, "calibrate");
  const c = run(["calibrate", "--data-dir", data!, "--bootstrap", "0", "--out", cal, "--json"]);
  assert.equal(c.status, 0, c.stderr);
  const cs = json(c.stdout);
  assert.equal(cs.fit.n, 1000);
  assert.equal(cs.eval.n, 7826);
  assert.deepEqual(cs.calibrated.cuts, JSON.parse(readFileSync(join(cal, "classifier.json"), "utf8")).cuts);
  assert.deepEqual(JSON.parse(readFileSync(join(cal, "meta.json"), "utf8")).manifest.cap, { alpha: 0.85, lambda: 0.3 });
  const sw = join(root, "sweep");
  const w = run([
    "sweep",
    "--data-dir",
    data!,
    "--bootstrap",
    "0",
    "--alpha-grid",
    "0.5,0.85",
    "--lambda-grid",
    "0,0.3",
    "--out",
    sw,
    "--json",
  ]);
  assert.equal(w.status, 0, w.stderr);
  const ws = json(w.stdout);
  assert.equal(ws.points, 4);
  assert.deepEqual(ws.best, JSON.parse(readFileSync(join(sw, "best.json"), "utf8")).best);
  const m = JSON.parse(readFileSync(join(sw, "meta.json"), "utf8")).manifest;
  assert.deepEqual(m.cap, { alpha: [0.5, 0.85], lambda: [0, 0.3] });
  assert.equal(m.capqa, pkg.version);
});

test("data verify --json: the per-file checks, ok false and exit 1 when files are missing", () => {
  if (data !== undefined) {
    const r = run(["data", "verify", "--data-dir", data, "--json"]);
    assert.equal(r.status, 0, r.stderr);
    const s = json(r.stdout);
    assert.equal(s.command, "data verify");
    assert.equal(s.ok, true);
    assert.deepEqual(
      s.files.map((f: { name: string; ok: boolean }) => [f.name, f.ok]),
      PINNED_FILES.map((f) => [f.name, true]),
    );
  }
  const empty = join(root, "empty-data");
  const r = run(["data", "verify", "--data-dir", empty, "--json"]);
  assert.equal(r.status, 1);
  const s = json(r.stdout);
  assert.equal(s.ok, false);
  assert.deepEqual(
    s.files.map((f: { detail: string }) => f.detail),
    PINNED_FILES.map(() => "missing"),
  );
});

test("errors with --json: the same exit status, the message on stderr and as {error: {message, kind}} on stdout", () => {
  const usage = run(["score", "--in", "x.csv", "--json"]);
  assert.equal(usage.status, 2);
  assert.deepEqual(json(usage.stdout), { error: { message: "capqa score needs --in FILE and --out FILE", kind: "usage" } });
  assert.match(usage.stderr, /capqa: capqa score needs --in FILE and --out FILE/);
  const bad = join(root, "bad.csv");
  writeFileSync(bad, "id,premise\n1,a\n");
  const dataErr = run(["score", "--in", bad, "--out", join(root, "bad-out.csv"), "--model", model, "--no-cache", "--json"]);
  assert.equal(dataErr.status, 1);
  const e = json(dataErr.stdout).error;
  assert.equal(e.kind, "data");
  assert.match(e.message, /bad\.csv, line 1: needs columns premise and hypothesis/);
  assert.equal(existsSync(join(root, "bad-out.csv.manifest.json")), false);
  const unsupported = run(["construct", "prepare", "--json"]);
  assert.equal(unsupported.status, 2);
  assert.equal(json(unsupported.stdout).error.kind, "usage");
});

const noTrace = (stderr: string) => assert.ok(!/EPIPE|Unhandled|\n\s+at /.test(stderr), `no stack trace on stderr:\n${stderr}`);

test("a closed pipe ends quietly: help | head -1, and a long listing whose reader goes away", async () => {
  const sh = spawnSync("bash", ["-c", `"${process.execPath}" "${CLI}" help | head -1; echo "status \${PIPESTATUS[0]}" >&2`], {
    encoding: "utf8",
  });
  assert.equal(sh.stdout, "capqa — how correct is your answer? (CAP metric, taxonomy, evaluation)\n");
  assert.match(sh.stderr, /status 0\n$/);
  noTrace(sh.stderr);

  // 40,000 rows listed (4 lines each, far past a pipe's buffer), read for 2 lines by head.
  const big = join(root, "big.csv");
  writeFileSync(
    big,
    "question,answer,statement\n" + Array.from({ length: 40_000 }, (_, i) => `what is ${i}?,${i},the answer is ${i}.`).join("\n") + "\n",
  );
  const listing = spawnSync(
    "bash",
    [
      "-c",
      `"${process.execPath}" "${CLI}" statements review --in "${big}" --all --out "${join(root, "review.csv")}" | head -2; echo "status \${PIPESTATUS[0]}" >&2`,
    ],
    {
      encoding: "utf8",
    },
  );
  assert.equal(listing.stdout, "line 2 (statement): not flagged\n  question:  what is 0?\n");
  assert.match(listing.stderr, /40000 of 40000 statements in 40000 rows listed\n/);
  assert.match(listing.stderr, /status 0\n$/);
  noTrace(listing.stderr);
  // The command finished its work: the --out file is whole.
  assert.equal(readFileSync(join(root, "review.csv"), "utf8").trimEnd().split("\n").length, 40_001);

  // A reader that closes its end after the first chunk, without a shell.
  const child = spawn(process.execPath, [CLI, "statements", "review", "--in", big, "--all"], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  child.stdout.once("data", () => child.stdout.destroy());
  const code = await new Promise<number | null>((ok) => child.on("close", (c) => ok(c)));
  assert.equal(code, 0, stderr);
  noTrace(stderr);
});

test("manifest helpers: keys parsed, secrets redacted, files hashed as streamed, fields filled with null", async () => {
  assert.deepEqual(modelFromKey("cross-encoder/nli-deberta-v3-large@c7f4f0356d88c434863529a8a2a0fb80de8fa918"), {
    source: "hub",
    id: "cross-encoder/nli-deberta-v3-large",
    revision: "c7f4f0356d88c434863529a8a2a0fb80de8fa918",
    dtype: "fp32",
  });
  assert.deepEqual(modelFromKey("owner/name@main:fp16@cuda:max256"), {
    source: "hub",
    id: "owner/name",
    revision: "main",
    dtype: "fp16",
    device: "cuda",
  });
  assert.deepEqual(modelFromKey("local:tiny:sha256:0123456789abcdef0123456789abcdef:tok:aaaaaaaaaaaa:labels:bbbbbbbbbbbb:q8@cpu"), {
    source: "local",
    id: "tiny",
    revision: null,
    dtype: "q8",
    device: "cpu",
  });
  assert.deepEqual(manifestModel("owner/name@v1", { sha256: "ab", device: "cuda" }), {
    id: "owner/name",
    revision: "v1",
    file: null,
    sha256: "ab",
    dtype: "fp32",
    device: "cuda",
    key: "owner/name@v1",
    source: "hub",
  });
  assert.deepEqual(redactCommand(["construct", "answers", "--api-key", "sk-123", "--auth-token=abc", "--model", "m"]), [
    "construct",
    "answers",
    "--api-key",
    "<redacted>",
    "--auth-token=<redacted>",
    "--model",
    "m",
  ]);
  const file = join(root, "digest.bin");
  const bytes = Buffer.alloc(3 * 1024 * 1024 + 7, 7);
  writeFileSync(file, bytes);
  assert.deepEqual(await fileDigest(file), { path: file, sha256: createHash("sha256").update(bytes).digest("hex"), bytes: bytes.length });
  const now = new Date("2025-01-02T03:04:05.000Z");
  assert.deepEqual(buildManifest({ command: ["evaluate", "--split", "test"], cap: { alpha: 0.85, lambda: 0.3 }, now, version: "9.9.9" }), {
    capqa: "9.9.9",
    created: "2025-01-02T03:04:05.000Z",
    command: ["evaluate", "--split", "test"],
    data: null,
    model: null,
    cap: { alpha: 0.85, lambda: 0.3 },
    statementGenerator: null,
    inputs: [],
    constants: {
      DEFAULT_SEED: 42,
      DEFAULT_ALPHA: 0.85,
      DEFAULT_LAMBDA: 0.3,
      DEFAULT_BOOTSTRAP_RESAMPLES: 10_000,
      DEFAULT_CONFIDENCE: 0.95,
      SCORE_DECIMALS: 10,
    },
  });
});

test("library messages name the library's options; the CLI says the flag", async () => {
  const { cliMessage } = await import("../cli/output.js");
  assert.equal(
    cliMessage("use another file for the `checkpoint` option, or set the `restart` option"),
    "use another file for --checkpoint, or set --restart",
  );
  assert.equal(cliMessage("point the `dataDir` option or CAPQA_DATA_DIR at it"), "point --data-dir or CAPQA_DATA_DIR at it");
  assert.equal(cliMessage("the `unknownThing` option stays"), "the `unknownThing` option stays");
  // Through the CLI: a missing data folder names --data-dir.
  const r = run(["data", "info", "--data-dir", join(root, "no-such-data")]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /--data-dir/);
  assert.doesNotMatch(r.stderr, /`dataDir` option/);
});

test("usage errors exit 2 and name the flag; unknown commands, subcommands and flags get the nearest name; a group alone shows its help", () => {
  const input = join(root, "usage.csv");
  writeFileSync(input, pairs);
  for (const [flag, value] of [
    ["alpha", "1.5"],
    ["lambda", "-0.1"],
    ["alpha", "abc"],
  ] as const) {
    const r = run(["score", "--in", input, "--out", join(root, "usage-out.csv"), "--model", model, "--no-cache", `--${flag}`, value]);
    assert.equal(r.status, 2, r.stderr);
    assert.match(
      r.stderr,
      new RegExp(
        `^capqa: --${flag} must be a (number from 0 to 1|decimal number), got "${value}"\\nRun "capqa help score" for usage\\.\\n$`,
      ),
    );
    assert.equal(existsSync(join(root, "usage-out.csv")), false);
  }
  const near: [string[], RegExp][] = [
    [["scroe"], /unknown command "scroe" \(did you mean "score"\?\)/],
    [["score", "--qiet"], /Unknown option '--qiet' \(did you mean "--quiet"\?\)\nRun "capqa help score"/],
    [["evaluate", "--bootstrp", "5"], /Unknown option '--bootstrp' \(did you mean "--bootstrap"\?\)/],
    [["data", "fech"], /unknown data command "fech"; expected fetch, verify, info \(did you mean "fetch"\?\)/],
    [["statements", "generat"], /did you mean "generate"\?/],
  ];
  for (const [args, message] of near) {
    const r = run(args);
    assert.equal(r.status, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, message);
  }
  // Nothing near enough: no guess.
  assert.doesNotMatch(run(["frobnicate"]).stderr, /did you mean/);
  for (const group of ["data", "cache", "statements", "scorers", "setup"]) {
    const r = run([group]);
    assert.equal(r.status, 0, `${group}: ${r.stderr}`);
    assert.match(r.stdout, new RegExp(`^capqa ${group} `), `capqa ${group} shows its help`);
    assert.equal(r.stderr, "");
  }
});

test("statements generate --quiet says nothing when no statement is flagged; without it the summary says how many were", () => {
  const input = join(root, "quiet-statements.csv");
  writeFileSync(
    input,
    'question,answer\nWho wrote Jane Eyre?,Charlotte Brontë wrote it.\n"Which planet is known as the Red Planet?",Mars\n',
  );
  const quiet = run(["statements", "generate", "--in", input, "--out", join(root, "quiet-statements-out.csv"), "--quiet"]);
  assert.equal(quiet.status, 0, quiet.stderr);
  assert.equal(quiet.stdout, "");
  assert.equal(quiet.stderr, "");
  const told = run(["statements", "generate", "--in", input, "--out", join(root, "told-statements-out.csv")]);
  assert.equal(told.status, 0, told.stderr);
  assert.match(told.stderr, /^wrote 2 statements to .*told-statements-out\.csv; flagged 0 of 2 statements \(0\.0 %\)$/m);
  assert.equal(readFileSync(join(root, "quiet-statements-out.csv"), "utf8"), readFileSync(join(root, "told-statements-out.csv"), "utf8"));
});

test("score --quiet says nothing when all goes well; an incomplete run is still accounted for", () => {
  const input = join(root, "quiet.csv");
  writeFileSync(input, pairs.split("\n").slice(0, 4).join("\n") + "\n");
  const ok = run(["score", "--in", input, "--out", join(root, "quiet-out.csv"), "--model", model, "--no-cache", "--quiet"]);
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal(ok.stdout, "");
  assert.equal(ok.stderr, "");
  const partialInput = join(root, "quiet-partial.csv");
  writeFileSync(partialInput, pairs);
  const partial = run([
    "score",
    "--in",
    partialInput,
    "--out",
    join(root, "quiet-partial-out.csv"),
    "--model",
    model,
    "--no-cache",
    "--quiet",
  ]);
  assert.equal(partial.status, 3);
  assert.match(partial.stderr, /1 row\(s\) NOT scored/);
  assert.match(partial.stderr, /^scored 3 of 4 rows/m);
});
