import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ResponseCache } from "../lib/construct/cache.js";
import { LlmClient, type ClientOptions } from "../lib/construct/client.js";
import { Provider, type ProviderName } from "../lib/construct/providers.js";
import { runCandidates, DEFAULT_CANDIDATE_SETTINGS } from "../lib/construct/candidates.js";
import { runStatements, planCells, DEFAULT_STATEMENT_SETTINGS } from "../lib/construct/statements.js";
import { runAnswers } from "../lib/construct/answers.js";
import { cleanSources, readSources } from "../lib/construct/clean.js";
import { jaccard, wordSet } from "../lib/construct/dedupe.js";
import { ANSWER_SYSTEM_PROMPT, STATEMENTS_SYSTEM_PROMPT, candidatePrompt } from "../lib/construct/prompts.js";
import { readRowTable, stringColumn, writeRowTable } from "../lib/io/row-table.js";
import { toCsv } from "../lib/io/csv.js";
import { CLASSES, paperName } from "../lib/taxonomy/index.js";
import { FaultServer } from "./fixtures/construct/fault-server.js";

const KEY = "sk-ant-api03-PIPELINEtestKEY-x81Nq2vP0zL7";
const FAST: ClientOptions = { backoffBaseMs: 5, backoffMaxMs: 20, timeoutMs: 1500, requestsPerMinute: 0, concurrency: 3 };
const root = mkdtempSync(join(tmpdir(), "capqa-construct-"));

function client(s: FaultServer, provider: ProviderName, model: string, options: ClientOptions = {}): LlmClient {
  return new LlmClient(new Provider({ provider, model, baseUrl: provider === "anthropic" ? s.url : `${s.url}/v1`, apiKey: KEY }), {
    ...FAST,
    ...options,
  });
}

function sourceFile(n: number): string {
  const rows = Array.from({ length: n }, (_, i) => ({
    question: `What is item ${i}?`,
    gold_answer: `gold ${i}`,
    dataset: i % 2 ? "ARC-Easy" : "mmlu",
  }));
  rows.push(
    { question: "Which of the following is a gas?", gold_answer: "oxygen", dataset: "mmlu" },
    { question: "Pick one.", gold_answer: "None of the above", dataset: "mmlu" },
  );
  const f = join(root, `sources-${n}.csv`);
  writeFileSync(f, toCsv(["question", "gold_answer", "dataset"], rows));
  return f;
}

const logs: string[] = [];
const log = (s: string) => logs.push(s);

test("candidates: every fault kind met, every row generated once, classes balanced, faults in the report", async () => {
  const s = await new FaultServer({
    key: KEY,
    retryAfter: "0.05",
    faults: {
      2: "429",
      3: "500",
      5: "hang",
      7: "truncated_json",
      9: "wrong_length",
      11: "empty_string",
      13: "truncated_body",
      15: "529",
      17: "not_json",
    },
  }).start();
  try {
    const clean = cleanSources(readSources([{ file: sourceFile(60) }]));
    assert.equal(clean.dropped.length, 2);
    const c = client(s, "anthropic", "claude-haiku-4-5", { cache: new ResponseCache(join(root, "cache-a")) });
    const res = await runCandidates({
      client: c,
      rows: clean.kept,
      settings: { ...DEFAULT_CANDIDATE_SETTINGS, batchSize: 4, seed: 7 },
      checkpoint: join(root, "cand-a.checkpoint.jsonl"),
      concurrency: 3,
      log,
    });
    assert.equal(res.rows.length, 60);
    assert.equal(res.failed.length, 0);
    assert.deepEqual(res.columns, [
      "question",
      "dataset",
      "gold_answer",
      "answer",
      "label_semantic",
      "label_semantic_manual",
      "source_row",
    ]);
    res.rows.forEach((r, i) => {
      assert.equal(r.source_row, i);
      assert.equal(r.answer, `${paperName(r.label_semantic as (typeof CLASSES)[number])} candidate for gold ${i}`);
    });
    const counts = CLASSES.map((k) => res.rows.filter((r) => r.label_semantic === k).length);
    assert.ok(Math.max(...counts) - Math.min(...counts) <= 1, String(counts));
    const f = res.report.stats.faults;
    for (const k of [
      "http_429",
      "http_500",
      "http_529",
      "timeout",
      "truncated_response",
      "content_not_json",
      "content_wrong_length",
      "content_empty_string",
    ])
      assert.ok((f[k] ?? 0) >= 1, `${k} counted: ${JSON.stringify(f)}`);
    // 16 batches; a batch that met three content faults in a row is split in two.
    assert.equal(res.report.stats.succeeded, 16 + (res.report.batchSplits as number));
    // Prompts are the B.4 template of each row's class, with the right items in order.
    const okBodies = s.log.filter((r) => r.delivered).map((r) => (r.body.messages as { content: string }[])[0].content);
    const byId = new Map(clean.kept.map((r, i) => [r.question, i]));
    for (const p of okBodies) {
      const label = /^Label: (.*)$/m.exec(p)![1];
      const cls = CLASSES.find((k) => paperName(k) === label)!;
      const items = JSON.parse(p.slice(p.indexOf("Items:") + 6, p.lastIndexOf("\nJSON array:"))) as {
        question: string;
        gold_answer: string;
      }[];
      assert.equal(p, candidatePrompt(cls, items));
      for (const it of items) assert.equal(res.rows[byId.get(it.question)!].label_semantic, cls);
    }
  } finally {
    await s.close();
  }
});

test("candidates: a batch whose reply keeps having the wrong length is split down until it passes (OpenAI, prompt as system)", async () => {
  // Replies to prompts of more than two items for the class "partial" always have the wrong length.
  const s = await new FaultServer({
    key: KEY,
    faultFor: (_n, body) => {
      const sys = String((body.messages as { role: string; content: string }[])[0].content);
      return sys.startsWith("Label: partial") && (sys.match(/"gold_answer"/g) ?? []).length > 2 ? "wrong_length" : undefined;
    },
  }).start();
  try {
    const clean = cleanSources(readSources([{ file: sourceFile(48) }]));
    const c = client(s, "openai", "gpt-test", { contentRetries: 1 });
    const res = await runCandidates({
      client: c,
      rows: clean.kept,
      settings: { ...DEFAULT_CANDIDATE_SETTINGS, batchSize: 6, promptRole: "system" },
      checkpoint: join(root, "cand-b.checkpoint.jsonl"),
      concurrency: 2,
      log,
    });
    assert.equal(res.failed.length, 0);
    assert.equal(res.rows.filter((r) => r.answer === "").length, 0);
    assert.equal(res.report.batchSplits, 3); // 6 → 3 + 3 → (2 + 1) + (2 + 1): one split at 6, then two at 3
    assert.ok((res.report.stats.faults.content_wrong_length ?? 0) >= 2);
    const msgs = s.log[0].body.messages as { role: string; content: string }[];
    assert.deepEqual(
      msgs.map((m) => m.role),
      ["system", "user"],
    );
    assert.equal(msgs[1].content, "JSON array:");
  } finally {
    await s.close();
  }
});

test("statements: cells of B.5, temperature 1.0 / top_p 0.95, exact and near duplicates removed, seeded 80/10/10 split", async () => {
  const s = await new FaultServer({ key: KEY, retryAfter: "0.02", faults: { 3: "429", 8: "500", 12: "truncated_json" } }).start();
  try {
    const settings = { ...DEFAULT_STATEMENT_SETTINGS, total: 60, seed: 5 };
    const cells = planCells(settings);
    const c = client(s, "anthropic", "claude-sonnet-4-6", { cache: new ResponseCache(join(root, "cache-s")) });
    const res = await runStatements({ client: c, settings, checkpoint: join(root, "st.checkpoint.jsonl"), concurrency: 4, log });
    assert.ok(res.complete);
    assert.equal(res.rows.length, 60);
    assert.deepEqual(res.shortfall, []);
    for (const cell of cells) assert.equal(res.rows.filter((r) => r.cell === cell.index).length, cell.target);
    // 56.2 % of 60 = 33.7; the largest remainders (0.75 each) go to six academic subjects.
    assert.equal(res.rows.filter((r) => r.subject === "general knowledge").length, 33);
    // No two kept questions are near duplicates.
    for (let i = 0; i < res.rows.length; i++)
      for (let j = i + 1; j < res.rows.length; j++) assert.ok(jaccard(wordSet(res.rows[i].question), wordSet(res.rows[j].question)) < 0.9);
    assert.ok(res.dropped.some((d) => d.reason.startsWith("near duplicate")));
    assert.ok(res.dropped.some((d) => d.reason.startsWith("exact duplicate")));
    assert.ok((res.report.duplicatesDropped as number) > 0);
    assert.deepEqual(res.report.splitCounts, { train: 48, validation: 6, test: 6 });
    for (const r of s.log) {
      assert.equal(r.body.temperature, 1);
      assert.equal(r.body.top_p, 0.95);
      assert.equal(r.body.system, STATEMENTS_SYSTEM_PROMPT);
    }
    const users = new Set(s.log.map((r) => (r.body.messages as { content: string }[])[0].content));
    assert.equal(users.size, cells.filter((x) => x.target > 0).length); // one prompt per cell
    assert.ok(
      [...users].some((u) =>
        u.startsWith(
          "Subject: general knowledge\nQuestion type: blank-spaces-task\nQuestion-type definition: Question or statement containing blank spaces that must be filled.\n",
        ),
      ),
    );
    assert.ok((res.report.stats.faults.http_429 ?? 0) === 1 && (res.report.stats.faults.content_not_json ?? 0) === 1);
    // The split is a function of the seed.
    const fresh = client(s, "anthropic", "claude-sonnet-4-6");
    const again = await runStatements({ client: fresh, settings, checkpoint: join(root, "st.checkpoint.jsonl"), concurrency: 4 });
    assert.deepEqual(again.rows, res.rows);
    assert.equal(again.report.stats.httpRequests, 0); // all from the checkpoint
  } finally {
    await s.close();
  }
});

test("answers: C.2 system prompt, temperature 0, 256 tokens; input columns kept row for row; capqa score's columns", async () => {
  const s = await new FaultServer({ key: KEY, faults: { 1: "empty_string", 4: "500" } }).start();
  try {
    const inFile = join(root, "answers-in.csv");
    const cols = ["question", "dataset", "gold_answer", "answer", "hypothesis", "premise", "label_semantic", "label_semantic_manual"];
    const rows = Array.from({ length: 12 }, (_, i) => ({
      question: `Question ${i}, with "quotes"?`,
      dataset: "mmlu",
      gold_answer: `g${i}`,
      answer: `old ${i}`,
      hypothesis: `h${i}`,
      premise: `p${i}`,
      label_semantic: "exact",
      label_semantic_manual: "",
    }));
    writeFileSync(inFile, toCsv(cols, rows));
    const table = readRowTable(inFile);
    const c = client(s, "openai", "gpt-4o-2024-08-06");
    const res = await runAnswers({
      client: c,
      columns: table.columns,
      rows: table.rows,
      settings: { maxTokens: 256, temperature: 0 },
      checkpoint: join(root, "ans.checkpoint.jsonl"),
      concurrency: 3,
      log,
    });
    assert.deepEqual(res.columns, [
      "question",
      "dataset",
      "gold_answer",
      "original_answer",
      "original_hypothesis",
      "premise",
      "original_label_semantic",
      "original_label_semantic_manual",
      "answer",
      "model",
      "stop_reason",
    ]);
    res.rows.forEach((r, i) => {
      assert.equal(r.question, rows[i].question);
      assert.equal(r.original_answer, `old ${i}`);
      assert.equal(r.answer, `Answer to: ${rows[i].question}`);
      assert.equal(r.model, "gpt-4o-2024-08-06");
    });
    for (const r of s.log) {
      const m = r.body.messages as { role: string; content: string }[];
      assert.deepEqual(m[0], { role: "system", content: ANSWER_SYSTEM_PROMPT });
      assert.equal(r.body.temperature, 0);
      assert.equal(r.body.max_tokens, 256);
    }
    assert.equal(res.report.stats.faults.content_empty_string, 1);
    assert.equal(res.report.stats.faults.http_500, 1);
    const outFile = join(root, "answers-out.csv");
    writeRowTable(outFile, res.columns, res.rows);
    const back = readRowTable(outFile);
    assert.equal(stringColumn(back, "answer").length, 12);
    assert.ok(!back.columns.includes("hypothesis")); // score takes question + gold_answer + answer
    assert.deepEqual(
      stringColumn(back, "gold_answer"),
      rows.map((r) => r.gold_answer),
    );
  } finally {
    await s.close();
  }
});

test("no API key in any log line, checkpoint, cache entry or report of these runs", () => {
  const all = logs.join("\n");
  assert.ok(!all.includes(KEY));
  for (const f of ["cand-a.checkpoint.jsonl", "cand-b.checkpoint.jsonl", "st.checkpoint.jsonl", "ans.checkpoint.jsonl", "answers-out.csv"])
    assert.ok(!readFileSync(join(root, f), "utf8").includes(KEY), f);
});
