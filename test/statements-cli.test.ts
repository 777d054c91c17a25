import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseCsv } from "../lib/io/csv.js";
import { readRowTable } from "../lib/io/row-table.js";
import { reviewStatements } from "../lib/statements/review.js";

const CLI = resolve("dist/cli/main.js");
const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });
const root = mkdtempSync(join(tmpdir(), "capqa-statements-"));

test("capqa statements generate adds rule, flag and doubts, and says how many to review", () => {
  const input = join(root, "qa.csv");
  writeFileSync(
    input,
    'id,question,answer\n1,Who wrote Hamlet?,William Shakespeare\n2,Is the Earth flat?,No\n3,Whither goest thou?,home\n4,"What do bees make?","Bees make honey.\nThey also make wax."\n',
  );
  const r = run(["statements", "generate", "--in", input, "--out", join(root, "out.csv"), "--quiet"]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /flagged 1 of 4 statements \(25\.0 %\)/);
  assert.match(r.stderr, /capqa statements review --in/);
  const t = parseCsv(readFileSync(join(root, "out.csv"), "utf8"), "out.csv");
  assert.deepEqual(t.header, [
    "id",
    "question",
    "answer",
    "statement",
    "question_type",
    "statement_rule",
    "statement_flagged",
    "statement_doubts",
    "statement_generator",
  ]);
  const col = (name: string) => t.records.map((x) => x.fields[t.header.indexOf(name)]);
  assert.deepEqual(col("statement"), [
    "William Shakespeare wrote Hamlet.",
    "The Earth is not flat.",
    "Whither goest thou: home.",
    "Bees make honey. They also make wax.",
  ]);
  assert.deepEqual(col("statement_flagged"), ["false", "false", "true", "false"]);
  assert.match(col("statement_doubts")[2], /question not parsed, colon form; ill-formed: colon/);

  const review = run(["statements", "review", "--in", join(root, "out.csv"), "--out", join(root, "review.csv")]);
  assert.equal(review.status, 0, review.stderr);
  assert.match(review.stdout, /^line 4 \(statement, question-colon\): question not parsed, colon form; ill-formed: colon/m);
  assert.match(review.stderr, /1 of 4 statements in 4 rows flagged: 1 question not parsed, colon form, 1 ill-formed: colon/);
  assert.ok(existsSync(join(root, "review.csv")));
  assert.equal(run(["statements", "review"]).status, 2);
});

test("capqa statements generate --gold writes the gold answer's statement too, and review lists both", () => {
  const input = join(root, "qa-gold.csv");
  writeFileSync(
    input,
    "question,gold_answer,answer\nWho wrote Jane Eyre?,Charlotte Brontë,Charlotte Brontë wrote it.\nWhither goest thou?,home,away\n",
  );
  const r = run(["statements", "generate", "--in", input, "--out", join(root, "gold.csv"), "--gold"]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /wrote 4 statements to .*gold\.csv \(2 of gold answers\); flagged 2 of 4 statements \(50\.0 %\)/);
  const t = parseCsv(readFileSync(join(root, "gold.csv"), "utf8"), "gold.csv");
  const col = (name: string) => t.records.map((x) => x.fields[t.header.indexOf(name)]);
  assert.deepEqual(col("premise"), ["Charlotte Brontë wrote Jane Eyre.", "Whither goest thou: home."]);
  assert.deepEqual(col("statement"), ["Charlotte Brontë wrote Jane Eyre.", "Whither goest thou: away."]);
  assert.deepEqual(col("premise_flagged"), ["false", "true"]);
  const review = run(["statements", "review", "--in", join(root, "gold.csv")]);
  assert.equal(review.status, 0, review.stderr);
  assert.match(review.stdout, /^line 3 \(premise, question-colon\)/m);
  assert.match(review.stdout, /^line 3 \(statement, question-colon\)/m);
  const missing = run(["statements", "generate", "--in", join(root, "qa.csv"), "--out", join(root, "x.csv"), "--gold"]);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /--gold needs a gold_answer column/);
});

test("review checks files from other tools for ill-formed statements and names what it needs", () => {
  const file = join(root, "model.csv");
  writeFileSync(
    file,
    "question,gold_answer,answer,premise,hypothesis\nIs the Earth flat?,No,Yes,The Earth is not flat.,Is the Earth flat: Yes.\n",
  );
  const r = reviewStatements(readRowTable(file));
  assert.equal(r.statements, 2);
  assert.deepEqual(
    r.items.map((it) => [it.column, it.line, it.doubts]),
    [["hypothesis", 2, ["ill-formed: question word order", "ill-formed: colon"]]],
  );
  const bad = join(root, "bad.csv");
  writeFileSync(bad, "a,b\n1,2\n");
  assert.throws(() => reviewStatements(readRowTable(bad)), /bad\.csv: nothing to review: it needs question and answer columns/);
});

test("capqa statements eval --in scores your own items per form and style", () => {
  const out = join(root, "eval");
  const r = run(["statements", "eval", "--in", resolve("test/fixtures/statements/holdout.csv"), "--out", out, "--quiet"]);
  assert.equal(r.status, 0, r.stderr);
  const e = JSON.parse(readFileSync(join(out, "statements-eval.json"), "utf8"));
  assert.equal(e.overall.n, 184);
  assert.ok(e.byForm["who-subject"].n > 0 && e.byStyle.phrase.n > 0);
  assert.match(
    readFileSync(join(out, "statements-eval.md"), "utf8"),
    /\| question form \| n \| exact match % \| ROUGE-L \| ill-formed % \| flagged % \|/,
  );
  const bad = join(root, "refs.csv");
  writeFileSync(bad, "question,answer,statement\nWho?,x,\n");
  const b = run(["statements", "eval", "--in", bad, "--out", out]);
  assert.equal(b.status, 1);
  assert.match(b.stderr, /refs\.csv, line 2.*field statement: empty/);
});
