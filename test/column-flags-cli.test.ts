/**
 * The column flags on every command that reads a file of rows with --in (score: test/score-cli.test.ts):
 * a file whose columns are spelled otherwise (prompt, reference, prediction, Hugging Face style)
 * gives what the canonical file gives, with the file's own columns kept in outputs; an unknown
 * column names the file and the flag and lists the file's columns (exit 1); two flags on one
 * column, a flag whose role's own name is another column of the file, and a flag where no file of
 * rows is read are usage errors naming the flag (exit 2), and no output is written.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { writeTinyModel } from "../scripts/fixtures/tiny-nli.js";

const CLI = resolve("dist/cli/main.js");
const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });
const root = mkdtempSync(join(tmpdir(), "capqa-column-flags-cli-"));
const model = join(root, "tiny-nli");
writeTinyModel(model, { precisions: ["fp32"] });

/** question, gold answer, answer, the answer's statement (reference), label. */
const ITEMS = [
  ["Who wrote Jane Eyre?", "Charlotte Brontë", "Charlotte Brontë wrote it.", "Charlotte Brontë wrote Jane Eyre.", "exact"],
  ["What is the capital of France?", "Paris", "Lyon", "The capital of France is Lyon.", "contradictory"],
  ["How many legs does a spider have?", "eight", "Spiders have eight legs.", "A spider has eight legs.", "equivalent"],
  [
    "What color is the sky?",
    "blue",
    "It is usually blue, sometimes grey.",
    "The sky is usually blue, sometimes grey.",
    "overinclusive_valid",
  ],
  ["Who painted the Mona Lisa?", "Leonardo da Vinci", "da Vinci", "Da Vinci painted the Mona Lisa.", "partial"],
  ["When did World War II end?", "1945", "It ended in 1944.", "World War II ended in 1944.", "contradictory"],
  ["What is the largest planet?", "Jupiter", "Jupiter, a gas giant", "The largest planet is Jupiter.", "overinclusive_valid"],
  [
    "Who discovered penicillin?",
    "Alexander Fleming",
    "Fleming discovered it in 1928.",
    "Alexander Fleming discovered penicillin.",
    "exact",
  ],
];

const jsonl = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
const readJsonl = (file: string) =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** The same rows twice, as JSON Lines (so lines agree): capqa's column names, and Hugging Face's. */
const canonical = join(root, "canonical.jsonl");
const hf = join(root, "hf.jsonl");
writeFileSync(
  canonical,
  jsonl(ITEMS.map(([question, gold_answer, answer, statement, label], k) => ({ id: k, question, gold_answer, answer, statement, label }))),
);
writeFileSync(
  hf,
  jsonl(ITEMS.map(([prompt, reference, prediction, target, human], k) => ({ id: k, prompt, reference, prediction, target, human }))),
);
const HF_COLUMNS = ["id", "prompt", "reference", "prediction", "target", "human"];
const HF_FLAGS = ["--question-column", "prompt", "--gold-column", "reference", "--answer-column", "prediction"];

/** A refused run: the exit status, the message, and no output left behind. */
function refused(args: string[], status: number, message: RegExp, output: string): void {
  const r = run(args);
  assert.equal(r.status, status, `${args.join(" ")}\n${r.stderr}`);
  assert.match(r.stderr, message);
  if (status === 2) assert.match(r.stderr, /Run "capqa help \w+" for usage/);
  assert.equal(existsSync(output), false, `${output} was written`);
}

test("baselines --in: the metrics of a file spelled otherwise are the canonical file's, its columns kept; errors name the flag", () => {
  const metrics = "bleu,rouge_l,meteor,squad_em,squad_f1";
  const a = run(["baselines", "--in", canonical, "--out", join(root, "b-canonical.jsonl"), "--metrics", metrics]);
  assert.equal(a.status, 0, a.stderr);
  const b = run(["baselines", "--in", hf, "--out", join(root, "b-hf.jsonl"), "--metrics", metrics, ...HF_FLAGS]);
  assert.equal(b.status, 0, b.stderr);
  const rowsA = readJsonl(join(root, "b-canonical.jsonl"));
  const rowsB = readJsonl(join(root, "b-hf.jsonl"));
  assert.deepEqual(
    Object.keys(rowsB[0]),
    [...HF_COLUMNS, ...metrics.split(",")],
    "the file's columns, then the metrics: no answer or gold_answer column added",
  );
  for (const m of metrics.split(","))
    assert.deepEqual(
      rowsB.map((r) => r[m]),
      rowsA.map((r) => r[m]),
      m,
    );
  assert.ok(rowsA.some((r) => (r.bleu as number) > 0) && rowsA.some((r) => (r.squad_f1 as number) > 0), "the metrics are not all zero");
  const out = join(root, "b-refused.jsonl");
  refused(
    ["baselines", "--in", hf, "--out", out, "--answer-column", "pred"],
    1,
    /hf\.jsonl, line 1, field pred: has no column "pred" \(named by --answer-column\); it has id, prompt, reference, prediction, target, human/,
    out,
  );
  refused(
    ["baselines", "--in", hf, "--out", out, "--gold-column", "reference", "--answer-column", "reference"],
    2,
    /--gold-column and --answer-column both name the column "reference": one column plays one role/,
    out,
  );
  refused(
    ["baselines", "--in", canonical, "--out", out, "--answer-column", "statement"],
    2,
    /field answer: has a column "answer" and --answer-column names "statement" for it: rename one of the two/,
    out,
  );
  refused(
    ["baselines", "--in", hf, "--out", out, "--gold-column", "reference", "--answer-column", ""],
    2,
    /--answer-column needs a column name/,
    out,
  );
  refused(
    ["baselines", "--split", "test", "--out", out, "--answer-column", "prediction"],
    2,
    /--answer-column names a column of --in FILE; it does not apply with --split/,
    out,
  );
});

test("evaluate --in: the tables of a file spelled otherwise (CAP, BLEU, ROUGE-L computed from its texts) are the canonical file's; the mapping is in meta.json; errors name the flag", () => {
  const common = ["--metrics", "cap,bleu,rouge_l,squad_f1", "--bootstrap", "0", "--model", model, "--no-cache", "--quiet"];
  const a = run(["evaluate", "--in", canonical, "--label-column", "label", "--out", join(root, "ev-canonical"), ...common]);
  assert.equal(a.status, 0, a.stderr);
  const b = run(["evaluate", "--in", hf, "--label-column", "human", "--out", join(root, "ev-hf"), ...common, ...HF_FLAGS]);
  assert.equal(b.status, 0, b.stderr);
  for (const table of ["correlations", "descriptives", "class_pairs", "monotonicity", "paired_differences"]) {
    const read = (dir: string) => readFileSync(join(root, dir, `${table}.json`), "utf8");
    assert.equal(read("ev-hf"), read("ev-canonical"), table);
  }
  const correlations = JSON.parse(readFileSync(join(root, "ev-hf", "correlations.json"), "utf8")) as { metric: string; spearman: number }[];
  assert.deepEqual(
    correlations.map((c) => c.metric),
    ["cap", "bleu", "rouge_l", "squad_f1"],
  );
  assert.ok(correlations.every((c) => Number.isFinite(c.spearman)));
  const meta = JSON.parse(readFileSync(join(root, "ev-hf", "meta.json"), "utf8")) as {
    columns: unknown;
    manifest: { settings: { columns: unknown } };
  };
  const mapping = { question: "prompt", gold_answer: "reference", answer: "prediction" };
  assert.deepEqual(meta.columns, mapping);
  assert.deepEqual(meta.manifest.settings.columns, mapping);
  const out = join(root, "ev-refused");
  const args = ["evaluate", "--in", hf, "--label-column", "human", "--out", out, "--metrics", "bleu", "--bootstrap", "0"];
  refused(
    [...args, "--gold-column", "reference", "--answer-column", "pred"],
    1,
    /hf\.jsonl, line 1, field pred: has no column "pred" \(named by --answer-column\); it has id, prompt, reference, prediction, target, human/,
    out,
  );
  refused(
    [...args, "--gold-column", "reference", "--answer-column", "human"],
    2,
    /--answer-column and --label-column both name the column "human"/,
    out,
  );
  refused(
    ["evaluate", "--in", canonical, "--label-column", "label", "--out", out, "--metrics", "bleu", "--answer-column", "gold_answer"],
    2,
    /field answer: has a column "answer" and --answer-column names "gold_answer" for it: rename one of the two/,
    out,
  );
  // A file with a gold_answer column and the answers elsewhere: --answer-column gold_answer would judge the gold against itself.
  const golds = join(root, "golds.jsonl");
  writeFileSync(golds, jsonl(ITEMS.map(([question, gold_answer, resp, , label]) => ({ question, gold_answer, resp, label }))));
  refused(
    ["evaluate", "--in", golds, "--label-column", "label", "--out", out, "--metrics", "bleu", "--answer-column", "gold_answer"],
    2,
    /golds\.jsonl: --answer-column names "gold_answer", the column the gold answer is read from: one column plays one role \(name the gold answer's column with --gold-column\)/,
    out,
  );
  refused(
    ["evaluate", "--split", "test", "--out", out, "--gold-column", "reference"],
    2,
    /--gold-column names a column of --in FILE; it does not apply to the released benchmark/,
    out,
  );
});

test("statements generate and review: a file spelled otherwise gives the canonical file's statements and review, its columns kept; errors name the flag", () => {
  const a = run(["statements", "generate", "--in", canonical, "--out", join(root, "g-canonical.jsonl"), "--gold", "--quiet"]);
  assert.equal(a.status, 0, a.stderr);
  const b = run(["statements", "generate", "--in", hf, "--out", join(root, "g-hf.jsonl"), "--gold", "--quiet", ...HF_FLAGS]);
  assert.equal(b.status, 0, b.stderr);
  const rowsA = readJsonl(join(root, "g-canonical.jsonl"));
  const rowsB = readJsonl(join(root, "g-hf.jsonl"));
  const added = [
    "premise",
    "premise_rule",
    "premise_flagged",
    "premise_doubts",
    "statement",
    "question_type",
    "statement_rule",
    "statement_flagged",
    "statement_doubts",
    "statement_generator",
  ];
  assert.deepEqual(Object.keys(rowsB[0]), [...HF_COLUMNS, ...added]);
  for (const c of added)
    assert.deepEqual(
      rowsB.map((r) => r[c]),
      rowsA.map((r) => r[c]),
      c,
    );
  assert.equal(rowsB[0].premise, "Charlotte Brontë wrote Jane Eyre.");
  // review: the generate outputs, every statement listed (the answer's and the gold's).
  const ra = run(["statements", "review", "--in", join(root, "g-canonical.jsonl"), "--all", "--out", join(root, "r-canonical.csv")]);
  assert.equal(ra.status, 0, ra.stderr);
  const rb = run(["statements", "review", "--in", join(root, "g-hf.jsonl"), "--all", "--out", join(root, "r-hf.csv"), ...HF_FLAGS]);
  assert.equal(rb.status, 0, rb.stderr);
  assert.equal(readFileSync(join(root, "r-hf.csv"), "utf8"), readFileSync(join(root, "r-canonical.csv"), "utf8"));
  assert.equal(readFileSync(join(root, "r-hf.csv"), "utf8").split("\n").length - 2, 2 * ITEMS.length, "both statements of every row");
  // Another tool's statements in a column of its own: the items name that column.
  const rc = run([
    "statements",
    "review",
    "--in",
    hf,
    "--all",
    "--question-column",
    "prompt",
    "--answer-column",
    "prediction",
    "--statement-column",
    "target",
  ]);
  assert.equal(rc.status, 0, rc.stderr);
  assert.equal((rc.stdout.match(/^line \d+ \(target\)/gm) ?? []).length, ITEMS.length);
  assert.match(
    rc.stdout,
    /line 2 \(target\): not flagged\n {2}question: {2}What is the capital of France\?\n {2}answer: {4}Lyon\n {2}statement: The capital of France is Lyon\./,
  );
  const out = join(root, "g-refused.jsonl");
  refused(
    ["statements", "generate", "--in", hf, "--out", out, "--question-column", "prompt", "--answer-column", "answer_text"],
    1,
    /hf\.jsonl, line 1, field answer_text: has no column "answer_text" \(named by --answer-column\); it has id, prompt/,
    out,
  );
  refused(
    ["statements", "generate", "--in", hf, "--out", out, "--question-column", "prompt", "--answer-column", "prompt"],
    2,
    /--question-column and --answer-column both name the column "prompt"/,
    out,
  );
  refused(
    ["statements", "generate", "--in", hf, "--out", out, ...HF_FLAGS],
    2,
    /--gold-column names the gold answer's column for --gold; add --gold/,
    out,
  );
  refused(
    ["statements", "generate", "--in", canonical, "--out", out, "--answer-column", "statement"],
    2,
    /has a column "answer" and --answer-column names "statement" for it: rename one of the two/,
    out,
  );
  refused(
    ["statements", "review", "--in", hf, "--out", out, "--statement-column", "nope"],
    1,
    /field nope: has no column "nope" \(named by --statement-column\); it has id, prompt, reference, prediction, target, human/,
    out,
  );
  refused(
    ["statements", "review", "--in", canonical, "--out", out, "--statement-column", "answer"],
    2,
    /has a column "statement" and --statement-column names "answer" for it/,
    out,
  );
});

test("statements eval --in: items spelled otherwise are scored as the canonical items; errors name the flag", () => {
  const a = run(["statements", "eval", "--in", canonical, "--out", join(root, "se-canonical"), "--quiet"]);
  assert.equal(a.status, 0, a.stderr);
  const b = run([
    "statements",
    "eval",
    "--in",
    hf,
    "--out",
    join(root, "se-hf"),
    "--quiet",
    "--question-column",
    "prompt",
    "--answer-column",
    "prediction",
    "--statement-column",
    "target",
  ]);
  assert.equal(b.status, 0, b.stderr);
  const report = (dir: string) => {
    const {
      file: _file,
      seconds: _seconds,
      ...rest
    } = JSON.parse(readFileSync(join(root, dir, "statements-eval.json"), "utf8")) as Record<string, unknown>;
    return rest;
  };
  assert.deepEqual(report("se-hf"), report("se-canonical"));
  assert.equal((report("se-hf").overall as { n: number }).n, ITEMS.length);
  const out = join(root, "se-refused");
  refused(
    ["statements", "eval", "--in", hf, "--out", out, "--statement-column", "tgt"],
    1,
    /has no column "tgt" \(named by --statement-column\); it has id, prompt/,
    out,
  );
  refused(
    ["statements", "eval", "--in", hf, "--out", out, "--answer-column", "target", "--statement-column", "target"],
    2,
    /--answer-column and --statement-column both name the column "target"/,
    out,
  );
  refused(
    ["statements", "eval", "--out", out, "--statement-column", "target"],
    2,
    /--statement-column names a column of --in FILE; it does not apply to CAP-Statements/,
    out,
  );
});

test("score, calibrate --in, explore --in: two flags on one column are usage errors before any work", () => {
  const out = join(root, "refused.csv");
  refused(
    ["score", "--in", hf, "--out", out, "--model", model, "--no-cache", "--gold-column", "reference", "--answer-column", "reference"],
    2,
    /--gold-column and --answer-column both name the column "reference"/,
    out,
  );
  const scores = join(root, "scores.csv");
  writeFileSync(
    scores,
    `label,judge,split\n${ITEMS.map(([, , , , label], k) => `${label},${k / 10},${k % 2 ? "test" : "validation"}`).join("\n")}\n`,
  );
  const dir = join(root, "cal-refused");
  refused(
    ["calibrate", "--in", scores, "--label-column", "label", "--metric", "label", "--out", dir],
    2,
    /--label-column and --metric both name the column "label": one column plays one role/,
    dir,
  );
  const page = join(root, "refused.html");
  refused(
    ["explore", "--in", scores, "--label-column", "label", "--metric", "judge", "--split-column", "judge", "--out", page],
    2,
    /--metric and --split-column both name the column "judge"/,
    page,
  );
});
