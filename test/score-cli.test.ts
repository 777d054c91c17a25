import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { writeTinyModel } from "../scripts/fixtures/tiny-nli.js";
import { parseCsv } from "../lib/io/csv.js";
import { cacheEntries, releasedDataDir, statementPairsCsv } from "./helpers.js";

const CLI = resolve("dist/cli/main.js");
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", env: { ...process.env, ...env } });
const root = mkdtempSync(join(tmpdir(), "capqa-score-cli-"));
const model = join(root, "tiny-nli");
writeTinyModel(model, { precisions: ["fp32"] });
const data = releasedDataDir();

test("after import-released, scoring CAP-Correctness with the paper's model id needs no model call and reproduces the released CAP", {
  skip: data === undefined && "released data not found",
}, () => {
  const cacheDir = join(root, "released-cache");
  const imp = run(["cache", "import-released", "--data-dir", data!, "--cache-dir", cacheDir]);
  assert.equal(imp.status, 0, imp.stderr);
  assert.match(imp.stdout, /imported the released probabilities of 8826 rows \(17652 directed pairs\)/);
  const outFile = join(root, "scored.csv");
  const r = run(["score", "--in", join(data!, "CAP-Correctness.csv"), "--out", outFile, "--cache-dir", cacheDir, "--quiet"]);
  assert.equal(r.status, 3, r.stderr); // incomplete: row 4306
  assert.match(r.stderr, /scored 8826 of 8827 rows .* 0 through the model \(no model call\)/);
  assert.match(r.stderr, /row 4306 \(line \d+\): no cached NLI probabilities for this pair, and the model could not be loaded/);
  assert.match(r.stderr, /output incomplete: exit status 3/);
  const out = parseCsv(readFileSync(outFile, "utf8"), outFile);
  const input = parseCsv(readFileSync(join(data!, "CAP-Correctness.csv"), "utf8"), "in");
  assert.equal(out.records.length, 8827);
  assert.deepEqual(out.header.slice(0, input.header.length), input.header);
  const col = (name: string) => out.header.indexOf(name);
  const released = JSON.parse(readFileSync(join(data!, "scores.json"), "utf8")) as { row_id: number[]; cap: number[] };
  let max = 0;
  released.row_id.forEach((id, k) => {
    const cap = Number(out.records[id].fields[col("cap")]);
    max = Math.max(max, Math.abs(cap - released.cap[k]));
  });
  assert.ok(max <= 1e-6, `max |Δ| ${max}`);
  assert.equal(out.records[4306].fields[col("status")], "not_scored");
  assert.equal(out.records[4306].fields[col("cap")], "");
  // Input columns are kept verbatim.
  assert.equal(out.records[17].fields[0], input.records[17].fields[0]);
});

const syntheticInput = (rows: number) => statementPairsCsv(rows, 5);

test("a scoring run killed with SIGKILL halfway resumes from the cache and gives exactly the uninterrupted output", async () => {
  const input = join(root, "pairs.csv");
  writeFileSync(input, syntheticInput(3000));
  const args = (out: string, cache: string) => [
    "score",
    "--in",
    input,
    "--out",
    out,
    "--model",
    model,
    "--batch",
    "1",
    "--cache-dir",
    cache,
  ];
  const full = run(args(join(root, "full.jsonl"), join(root, "cache-full")));
  assert.equal(full.status, 0, full.stderr);
  const total = Number(/(\d+) distinct NLI pairs/.exec(full.stderr)![1]);

  const cacheDir = join(root, "cache-killed");
  const killedOut = join(root, "killed.jsonl");
  const child = spawn(process.execPath, [CLI, ...args(killedOut, cacheDir)], { stdio: "ignore" });
  const exited = new Promise<NodeJS.Signals | null>((res) => child.on("exit", (_code, signal) => res(signal)));
  let seen = 0;
  for (let k = 0; k < 600 && seen < total / 4; k++) {
    await new Promise((r) => setTimeout(r, 25));
    seen = cacheEntries(cacheDir);
  }
  child.kill("SIGKILL");
  assert.equal(await exited, "SIGKILL");
  const kept = cacheEntries(cacheDir);
  assert.ok(kept > 0 && kept < total, `killed with ${kept} of ${total} pairs done`);
  assert.equal(existsSync(killedOut), false, "no partial output file is left");

  const resumed = run(args(killedOut, cacheDir));
  assert.equal(resumed.status, 0, resumed.stderr);
  const m = /(\d+) from the cache, (\d+) through the model/.exec(resumed.stderr)!;
  assert.equal(Number(m[1]), kept, "finished pairs are not recomputed");
  assert.equal(Number(m[1]) + Number(m[2]), total);
  assert.equal(readFileSync(killedOut, "utf8"), readFileSync(join(root, "full.jsonl"), "utf8"));
  assert.equal(cacheEntries(cacheDir), total, "no pair is stored twice");
});

test("capqa score: bad input is named; missing statements are explained", () => {
  const bad = join(root, "bad.jsonl");
  writeFileSync(bad, '{"premise": "a.", "hypothesis": "b."}\n{"premise": 3, "hypothesis": "c."}\n');
  const r = run(["score", "--in", bad, "--out", join(root, "x.jsonl"), "--model", model, "--no-cache"]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /bad\.jsonl, line 2, row 1, field premise: is not a string: 3/);
  const answers = join(root, "answers.csv");
  writeFileSync(
    answers,
    "id,question,gold_answer,answer\n1,What is the sun?,a star,a planet\n2,Water boils at ___ degrees Celsius.,100,\n",
  );
  const raw = run(["score", "--in", answers, "--out", join(root, "y.csv"), "--model", model, "--no-cache"]);
  assert.equal(raw.status, 3, raw.stderr); // row 2 has an empty candidate answer
  const y = parseCsv(readFileSync(join(root, "y.csv"), "utf8"), "y.csv");
  assert.deepEqual(y.header.slice(0, 11), [
    "id",
    "question",
    "gold_answer",
    "answer",
    "premise",
    "hypothesis",
    "premise_rule",
    "premise_doubts",
    "hypothesis_rule",
    "hypothesis_doubts",
    "statement_generator",
  ]);
  assert.deepEqual(y.records[0].fields.slice(4, 11), ["The sun is a star.", "The sun is a planet.", "wh-be", "", "wh-be", "", "builtin"]);
  assert.match(raw.stderr, /flagged 0 of 3 statements/);
  assert.equal(y.records[1].fields[y.header.indexOf("status")], "not_scored");
  assert.match(raw.stderr, /statements by builtin/);
  assert.equal(run(["score", "--in", answers]).status, 2);
  assert.match(
    run(["score", "--in", bad, "--out", join(root, "z.csv"), "--device", "tpu"]).stderr,
    /--device must be one of cpu, cuda, webgpu, auto/,
  );
});

test("columns of another spelling (--question-column, --gold-column, --answer-column): the same scores, the file's column names kept, a missing or clashing column named before any work", () => {
  const standard = join(root, "standard.csv");
  const hf = join(root, "hf.jsonl");
  const items = [
    ["Who wrote Jane Eyre?", "Charlotte Brontë", "Charlotte Brontë wrote it."],
    ["What is the capital of France?", "Paris", "Lyon"],
    ["How many legs does a spider have?", "eight", "Spiders have eight legs."],
  ];
  writeFileSync(standard, `question,gold_answer,answer\n${items.map((r) => r.map((x) => `"${x}"`).join(",")).join("\n")}\n`);
  writeFileSync(hf, items.map(([q, g, a], k) => JSON.stringify({ id: k, prompt: q, reference: g, prediction: a })).join("\n") + "\n");
  const a = run(["score", "--in", standard, "--out", join(root, "standard-out.csv"), "--model", model, "--no-cache", "--quiet"]);
  assert.equal(a.status, 0, a.stderr);
  const b = run([
    "score",
    "--in",
    hf,
    "--out",
    join(root, "hf-out.jsonl"),
    "--model",
    model,
    "--no-cache",
    "--quiet",
    "--question-column",
    "prompt",
    "--gold-column",
    "reference",
    "--answer-column",
    "prediction",
  ]);
  assert.equal(b.status, 0, b.stderr);
  const capsA = parseCsv(readFileSync(join(root, "standard-out.csv"), "utf8"), "a");
  const rowsB = readFileSync(join(root, "hf-out.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  const capColumn = capsA.header.indexOf("cap");
  assert.deepEqual(
    rowsB.map((r) => r.cap),
    capsA.records.map((r) => Number(r.fields[capColumn])),
  );
  assert.deepEqual(Object.keys(rowsB[0]).slice(0, 4), ["id", "prompt", "reference", "prediction"]);
  assert.ok(!("answer" in rowsB[0]) && !("question" in rowsB[0]), "no column of capqa's spelling is added");
  assert.equal(rowsB[0].hypothesis, "Charlotte Brontë wrote Jane Eyre.");
  const missing = run([
    "score",
    "--in",
    hf,
    "--out",
    join(root, "missing-column.jsonl"),
    "--model",
    model,
    "--no-cache",
    "--answer-column",
    "pred",
  ]);
  assert.equal(missing.status, 1);
  assert.match(
    missing.stderr,
    /hf\.jsonl, line 1, field pred: has no column "pred" \(named by --answer-column\); it has id, prompt, reference, prediction/,
  );
  const clash = run([
    "score",
    "--in",
    standard,
    "--out",
    join(root, "clashing-column.csv"),
    "--model",
    model,
    "--no-cache",
    "--answer-column",
    "gold_answer",
  ]);
  assert.equal(clash.status, 2, "a mapping that cannot be right for the file is a usage error");
  assert.match(clash.stderr, /has a column "answer" and --answer-column names "gold_answer" for it: rename one of the two/);
  assert.equal(existsSync(join(root, "missing-column.jsonl")) || existsSync(join(root, "clashing-column.csv")), false);
});
