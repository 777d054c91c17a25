import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Checkpoint } from "../lib/construct/checkpoint.js";
import { checkConfig, loadConfig, mergeConfig } from "../lib/construct/config.js";
import { Provider } from "../lib/construct/providers.js";

const root = mkdtempSync(join(tmpdir(), "capqa-checkpoint-"));

test("checkpoint: header, appended records, a torn last line cut off, another run's checkpoint refused", () => {
  const file = join(root, "a.checkpoint.jsonl");
  const cp = Checkpoint.open(file, "answers", "f1");
  assert.equal(cp.resumed, false);
  cp.append({ type: "answer", row: 0, answer: "x" });
  cp.append({ type: "answer", row: 1, answer: "y" });
  assert.ok(existsSync(`${file}.lock`));
  cp.close();
  assert.ok(!existsSync(`${file}.lock`));
  appendFileSync(file, '{"type":"answer","row":2,"ans'); // killed mid-write
  const again = Checkpoint.open(file, "answers", "f1");
  assert.equal(again.resumed, true);
  assert.deepEqual(
    again.records.map((r) => r.row),
    [0, 1],
  );
  again.append({ type: "answer", row: 2, answer: "z" });
  again.close();
  const lines = readFileSync(file, "utf8").trim().split("\n");
  assert.equal(lines.length, 4);
  assert.deepEqual(JSON.parse(lines[3]), { type: "answer", row: 2, answer: "z" });
  assert.throws(() => Checkpoint.open(file, "answers", "f2"), /other inputs or settings.*the `restart` option/);
  assert.throws(() => Checkpoint.open(file, "candidates", "f1"), /"answers" run, not candidates/);
  const fresh = Checkpoint.open(file, "answers", "f2", { restart: true });
  assert.equal(fresh.records.length, 0);
  fresh.close();
});

test("checkpoint lock: a live process's lock is refused, a dead one's taken over", () => {
  const file = join(root, "b.checkpoint.jsonl");
  writeFileSync(`${file}.lock`, `${process.ppid}\n`); // the test runner: alive
  assert.throws(() => Checkpoint.open(file, "answers", "f"), /in use by process/);
  writeFileSync(`${file}.lock`, "999999999\n"); // no such process
  Checkpoint.open(file, "answers", "f").close();
});

test("configuration: known keys only, no keys in files, paths relative to the file, flags on top", () => {
  assert.throws(() => checkConfig({ modle: "x" }, "c.json"), /unknown key "modle"/);
  assert.throws(
    () => checkConfig({ apiKey: "sk-secret-value" }, "c.json"),
    (e: Error) => /environment only/.test(e.message) && !e.message.includes("sk-secret-value"),
  );
  assert.throws(() => checkConfig({ concurrency: "4" }, "c.json"), /"concurrency" must be number/);
  assert.throws(() => checkConfig({ provider: "gemini" }, "c.json"), /provider must be one of/);
  const f = join(root, "cfg.json");
  writeFileSync(f, JSON.stringify({ provider: "openai", in: ["a.csv"], out: "o/out.csv", temperature: null, "//": "comment" }));
  const c = loadConfig(f);
  assert.deepEqual(c.in, [join(root, "a.csv")]);
  assert.equal(c.out, join(root, "o/out.csv"));
  assert.equal(c.temperature, null);
  assert.equal(mergeConfig(c, { out: "/x.csv", model: undefined }).out, "/x.csv");
  // A provider never shows its key.
  const p = new Provider({ provider: "openai", model: "m", apiKey: "sk-very-secret-123456" });
  assert.ok(!JSON.stringify(p).includes("sk-very"));
  assert.ok(!String(p.describe()).includes("sk-very"));
  assert.equal(p.redact("echo sk-very-secret-123456 and …secret-1234…"), "echo [REDACTED] and …[REDACTED]…");
});
