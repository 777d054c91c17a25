/**
 * Several gold answers per row: ROUGE-L's score_multi (max over targets), the gold cells that
 * capqa score reads (a gold_answers JSON array, or gold_answer split at --gold-separator), and
 * CAP as the best gold's, checked against scoring every gold on its own with the tiny NLI model.
 * (Multi-reference BLEU and METEOR are checked against NLTK in bleu.test.ts and meteor.test.ts.)
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { referenceLogits, softmax, writeTinyModel } from "../scripts/fixtures/tiny-nli.js";
import { parseCsv } from "../lib/io/csv.js";
import { DataError } from "../lib/io/errors.js";
import { capScore } from "../lib/cap/index.js";
import { bleuMulti, meteorMulti, rougeLMulti, rougeLPair } from "../lib/baselines/index.js";
import { rougeL, rougeLMultiTarget } from "../lib/baselines/rouge.js";
import { bestOverGolds, goldSourceFor, MULTI_GOLD_COLUMNS, parseGoldAnswers, rowGolds, splitGoldAnswer } from "../lib/score/golds.js";
import { scoreAnswers, type CapRow } from "../lib/score/score.js";
import { scoreFile } from "../lib/score/score-file.js";
import type { NliEngine } from "../lib/nli/engine.js";
import type { StatementGeneratorEngine } from "../lib/statements/generator.js";
import { builtinGenerator } from "../lib/statements/generator.js";
import { Xoshiro128 } from "../lib/stats/random.js";

const CLI = resolve("dist/cli/main.js");
const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });
const root = mkdtempSync(join(tmpdir(), "capqa-multi-gold-"));
const model = join(root, "tiny-nli");
writeTinyModel(model, { precisions: ["fp32"] });

const readCsv = (file: string) => {
  const t = parseCsv(readFileSync(file, "utf8"), file);
  return t.records.map((r) => Object.fromEntries(t.header.map((h, k) => [h, r.fields[k]])));
};
const headerOf = (file: string) => parseCsv(readFileSync(file, "utf8"), file).header;
const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

// ---------------------------------------------------------------- ROUGE-L: score_multi

test("rougeLMulti is rouge-score's score_multi: the highest F over the golds, the first on a tie", () => {
  const rng = new Xoshiro128(14, 3);
  const vocab = "the a cat cats sat sitting on mat mats dog dogs ran running park big large , . !".split(" ");
  const text = (lo: number, hi: number) =>
    Array.from({ length: lo + rng.nextInt(hi - lo + 1) }, () => vocab[rng.nextInt(vocab.length)]).join(" ");
  let notFirst = 0;
  let ties = 0;
  for (let i = 0; i < 300; i++) {
    const golds = Array.from({ length: 1 + rng.nextInt(4) }, () => text(0, 8));
    const candidate = text(0, 8);
    // Brute force: every gold alone, then the first index of the largest F.
    const each = golds.map((g) => rougeL(g, candidate));
    let best = 0;
    for (let k = 1; k < each.length; k++) if (each[k].fmeasure > each[best].fmeasure) best = k;
    const got = rougeLMultiTarget(golds, candidate);
    assert.equal(got.index, best);
    assert.deepEqual({ precision: got.precision, recall: got.recall, fmeasure: got.fmeasure }, each[best]);
    assert.equal(rougeLMulti(golds, candidate), Math.max(...each.map((s) => s.fmeasure)));
    if (best > 0) notFirst++;
    if (each.filter((s) => s.fmeasure === each[best].fmeasure).length > 1) ties++;
  }
  assert.ok(notFirst >= 50 && ties >= 20, `${notFirst} won by a later gold, ${ties} ties`);
  // A tie keeps the first target, as numpy's argmax; a later, better target wins.
  assert.equal(rougeL("cat sat", "cat sat on").fmeasure, rougeL("sat on", "cat sat on").fmeasure);
  assert.equal(rougeLMultiTarget(["cat sat", "sat on"], "cat sat on").index, 0);
  assert.equal(rougeLMultiTarget(["x", "cat sat", "sat on"], "cat sat on").index, 1);
  assert.deepEqual(rougeLMultiTarget(["cat sat", "the cat sat on"], "cat sat on"), { ...rougeL("the cat sat on", "cat sat on"), index: 1 });
  assert.equal(rougeLMulti(["The cat sat."], "a cat"), rougeLPair("The cat sat.", "a cat"));
  assert.throws(() => rougeLMulti([], "a"), /at least one target/);
  assert.throws(() => bleuMulti([], "a"), /at least one gold/);
  assert.throws(() => meteorMulti([], "a"), /at least one gold/);
});

// ---------------------------------------------------------------- gold cells

const at = { file: "f.csv", line: 3, row: 1, field: "gold_answers" };

test("gold_answers cells: a JSON array of strings that are not blank, as an array or as its JSON text", () => {
  assert.deepEqual(parseGoldAnswers('["Paris", "the city of Paris"]', at), ["Paris", "the city of Paris"]);
  assert.deepEqual(parseGoldAnswers(["Paris"], at), ["Paris"]);
  assert.deepEqual(parseGoldAnswers(' [" a, b "] ', at), [" a, b "]); // kept as written
  const bad: [unknown, RegExp][] = [
    ["Paris", /is not a JSON array of gold answers \(.*\): "Paris"; write them as a JSON array/],
    ['{"a": 1}', /is not a JSON array of gold answers: \{"a":1\}/],
    ['"Paris"', /is not a JSON array of gold answers: "Paris"/],
    ["[]", /is an empty list; each row needs at least one gold answer/],
    [[], /is an empty list/],
    ['["a", 2]', /gold_answers\[1\] is not a string: 2/],
    ['["a", null]', /gold_answers\[1\] is not a string: null/],
    ['["a", "  "]', /gold_answers\[1\] is empty/],
    [["a", ["b"]], /gold_answers\[1\] is not a string: \["b"\]/],
    ["", /is empty; each row needs at least one gold answer/],
    [undefined, /is missing/],
    [null, /is missing/],
    [7, /is not a JSON array of gold answers: 7/],
  ];
  for (const [value, message] of bad) {
    assert.throws(
      () => parseGoldAnswers(value, at),
      (e: unknown) => e instanceof DataError && /^f\.csv, line 3, row 1, field gold_answers: /.test(e.message) && message.test(e.message),
      JSON.stringify(value),
    );
  }
});

test("gold_answer split at a separator: literal text, pieces trimmed, no empty piece", () => {
  const where = { ...at, field: "gold_answer" };
  assert.deepEqual(splitGoldAnswer("a star | the sun |a sun", "|", where), ["a star", "the sun", "a sun"]);
  assert.deepEqual(splitGoldAnswer("1.5 or 2.5", " or ", where), ["1.5", "2.5"]);
  assert.deepEqual(splitGoldAnswer("a.b", ".", where), ["a", "b"]); // not a pattern
  assert.deepEqual(splitGoldAnswer("one", "|", where), ["one"]);
  assert.throws(() => splitGoldAnswer("a || b", "|", where), /field gold_answer: gold answer 2 of 3 is empty \(split at "\|"\)/);
  assert.throws(() => splitGoldAnswer("a |", "|", where), /gold answer 2 of 2 is empty/);
  assert.throws(() => splitGoldAnswer("  ", "|", where), /is empty; each row needs at least one gold answer/);
  // Where the golds come from.
  assert.deepEqual(goldSourceFor("f.csv", ["question", "gold_answer", "answer"], undefined), { kind: "single" });
  assert.deepEqual(goldSourceFor("f.csv", ["question", "gold_answers", "answer"], undefined), { kind: "array" });
  assert.deepEqual(goldSourceFor("f.csv", ["question", "gold_answer", "answer"], ";"), { kind: "separator", separator: ";" });
  assert.throws(
    () => goldSourceFor("f.csv", ["question", "gold_answers", "answer"], ";"),
    /f\.csv, line 1: has a gold_answers column, and a gold separator/,
  );
  assert.throws(() => goldSourceFor("f.csv", ["gold_answer"], ""), /must not be empty/);
  assert.deepEqual(rowGolds({ row: { gold_answer: "x|y" }, line: 2 }, { kind: "separator", separator: "|" }, "f.csv", 0), ["x", "y"]);
  assert.throws(
    () => rowGolds({ row: { gold_answer: 3 }, line: 2 }, { kind: "separator", separator: "|" }, "f.jsonl", 0),
    /f\.jsonl, line 2, row 0, field gold_answer: is not a string: 3/,
  );
});

const ok = (cap: number): CapRow => ({
  status: "ok",
  reason: null,
  cap,
  dForward: cap,
  dReverse: cap,
  peForward: 0,
  pnForward: 0,
  pcForward: 0,
  peReverse: 0,
  pnReverse: 0,
  pcReverse: 0,
  labelForward: "e",
  labelReverse: "e",
  premise: "p",
  hypothesis: "h",
});
const no = (reason: string): CapRow => ({ ...ok(0), status: "not_scored", reason, cap: null, dForward: null, dReverse: null });

test("bestOverGolds: the highest CAP, the first on a tie; a row is scored only when every gold is", () => {
  assert.deepEqual(bestOverGolds([ok(0.2), ok(0.7), ok(0.5)]), { score: ok(0.7), index: 1, caps: [0.2, 0.7, 0.5] });
  assert.equal(bestOverGolds([ok(0.7), ok(0.2), ok(0.7)]).index, 0);
  assert.equal(bestOverGolds([ok(0.1), ok(0.7), ok(0.7)]).index, 1);
  assert.equal(bestOverGolds([ok(0.4)]).index, 0);
  const some = bestOverGolds([ok(0.9), no("no NLI probabilities for this pair")]);
  assert.equal(some.index, null);
  assert.equal(some.score.status, "not_scored");
  assert.equal(some.score.reason, "gold 1 (0-based) not scored: no NLI probabilities for this pair");
  assert.deepEqual(some.caps, [0.9, null]);
  const all = bestOverGolds([no("empty candidate statement (hypothesis)"), no("empty candidate statement (hypothesis)")]);
  assert.equal(all.score.reason, "empty candidate statement (hypothesis)");
  assert.throws(() => bestOverGolds([]), /at least one gold/);
});

// ---------------------------------------------------------------- CAP over golds, end to end

const ROWS = [
  { id: "r1", question: "What is the sun?", golds: ["a star", "a large hot light", "the sun"], answer: "a hot star" },
  { id: "r2", question: "What do cows eat?", golds: ["plants", "grass and other plants", "no meat"], answer: "cows eat plants" },
  { id: "r3", question: "How many moons does the earth have?", golds: ["one", "a single moon"], answer: "two" },
  { id: "r4", question: "Which city is the most likely answer?", golds: ["a city in europe"], answer: "some city" },
  { id: "r5", question: "What is water?", golds: ["cold rain", "cold rain"], answer: "rain" },
  { id: "r6", question: "What produces light?", golds: ["a laser", "the sun"], answer: "" },
];

/** The rows with a gold_answers column of JSON arrays. */
const multiCsv = join(root, "multi.csv");
writeFileSync(
  multiCsv,
  "id,question,gold_answers,answer\n" +
    ROWS.map((r) => [r.id, r.question, JSON.stringify(r.golds), r.answer].map(csvCell).join(",")).join("\n") +
    "\n",
);

/** The same rows with one gold each: the reference the multi-gold CAP must agree with. */
function singleGoldFile(file: string): void {
  const lines = ["id,k,question,gold_answer,answer"];
  for (const r of ROWS) r.golds.forEach((g, k) => lines.push([r.id, String(k), r.question, g, r.answer].map(csvCell).join(",")));
  writeFileSync(file, lines.join("\n") + "\n");
}

/** CAP of (gold statement, candidate statement) from the fixture's own arithmetic, not the model. */
const referenceCap = (gold: string, cand: string) => {
  const f = softmax(referenceLogits(gold, cand));
  const r = softmax(referenceLogits(cand, gold));
  return capScore(f[1], f[2], r[1], r[2]);
};

function checkAgainstSingles(multi: Record<string, string>[], singles: Record<string, string>[]): void {
  assert.equal(multi.length, ROWS.length);
  ROWS.forEach((r, i) => {
    const m = multi[i];
    const each = singles.filter((s) => s.id === r.id);
    assert.equal(each.length, r.golds.length);
    if (r.answer === "") {
      assert.equal(m.status, "not_scored");
      assert.equal(m.reason, "empty candidate statement (hypothesis)");
      assert.equal(m.cap, "");
      assert.equal(m.best_gold, "");
      assert.equal(m.gold_caps, "[null,null]");
      return;
    }
    const caps = each.map((s) => Number(s.cap));
    const best = caps.indexOf(Math.max(...caps));
    assert.equal(m.status, "ok", `${r.id}: ${m.reason}`);
    assert.ok(Math.abs(Number(m.cap) - caps[best]) <= 1e-6, `${r.id}: cap ${m.cap} vs max ${caps[best]}`);
    assert.equal(Number(m.best_gold), best, r.id);
    assert.equal(m.best_gold_answer, r.golds[best]);
    const goldCaps = JSON.parse(m.gold_caps) as number[];
    goldCaps.forEach((c, k) => assert.ok(Math.abs(c - caps[k]) <= 1e-6, `${r.id} gold ${k}`));
    assert.equal(Number(m.cap), goldCaps[best]);
    // The statements and probabilities written are the winning gold's.
    for (const col of ["premise", "hypothesis", "premise_rule", "d_forward", "d_reverse", "label_f", "label_r"]) {
      if (col.startsWith("d_")) assert.ok(Math.abs(Number(m[col]) - Number(each[best][col])) <= 1e-6, `${r.id} ${col}`);
      else assert.equal(m[col], each[best][col], `${r.id} ${col}`);
    }
    assert.ok(Math.abs(Number(m.cap) - referenceCap(m.premise, m.hypothesis)) <= 1e-6, `${r.id}: reference arithmetic`);
  });
}

test("capqa score with a gold_answers column: CAP is the max over golds, best_gold the first winner", () => {
  const singles = join(root, "singles.csv");
  singleGoldFile(singles);
  const singlesOut = join(root, "singles-out.csv");
  const s = run(["score", "--in", singles, "--out", singlesOut, "--model", model, "--no-cache", "--quiet"]);
  assert.equal(s.status, 3, s.stderr); // r6 has an empty answer
  assert.ok(!headerOf(singlesOut).includes("best_gold"), "one gold per row: no new columns");
  const singleRows = readCsv(singlesOut);
  // The data exercise a later gold winning and a tie (r5's two equal golds).
  const capsOf = (id: string) => singleRows.filter((x) => x.id === id).map((x) => Number(x.cap));
  assert.ok(
    ROWS.some((r) => capsOf(r.id).indexOf(Math.max(...capsOf(r.id))) > 0),
    "some row is won by a later gold",
  );
  assert.equal(capsOf("r5")[0], capsOf("r5")[1]);

  const input = multiCsv;
  const out = join(root, "multi-out.csv");
  const m = run(["score", "--in", input, "--out", out, "--model", model, "--no-cache", "--quiet"]);
  assert.equal(m.status, 3, m.stderr);
  assert.match(m.stderr, /row 5 \(line 7\): empty candidate statement \(hypothesis\)/);
  const header = headerOf(out);
  assert.deepEqual(header.slice(0, 4), ["id", "question", "gold_answers", "answer"]);
  assert.deepEqual(header.slice(-MULTI_GOLD_COLUMNS.length - 2), ["status", "reason", ...MULTI_GOLD_COLUMNS]);
  const rows = readCsv(out);
  checkAgainstSingles(rows, singleRows);
  assert.equal(rows[4].best_gold, "0", "a tie goes to the first gold");
  // Every gold's statement was generated: 3 + 3 + 2 + 1 + 2 + 2 golds and 5 candidates.
  assert.match(m.stderr, /generated 18 statements/);

  // JSON Lines in: arrays, or the JSON text capqa writes into CSV; the same numbers come out.
  const jsonl = join(root, "multi.jsonl");
  writeFileSync(
    jsonl,
    ROWS.map((r, i) =>
      JSON.stringify({ id: r.id, question: r.question, gold_answers: i % 2 ? JSON.stringify(r.golds) : r.golds, answer: r.answer }),
    ).join("\n") + "\n",
  );
  const jsonlOut = join(root, "multi-out.jsonl");
  assert.equal(run(["score", "--in", jsonl, "--out", jsonlOut, "--model", model, "--no-cache", "--quiet"]).status, 3);
  const jrows = readFileSync(jsonlOut, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  jrows.forEach((j, i) => {
    assert.equal(j.best_gold, rows[i].best_gold === "" ? null : Number(rows[i].best_gold));
    assert.equal(j.cap, rows[i].cap === "" ? null : Number(rows[i].cap));
    assert.deepEqual(j.gold_caps, JSON.parse(rows[i].gold_caps));
  });
});

test("scoreFile: several golds scored in blocks of rows give the numbers of one block", async () => {
  const input = multiCsv;
  const whole = join(root, "blocks-1.csv");
  const blocks = join(root, "blocks-2.csv");
  const a = await scoreFile(input, whole, { model, cache: null, manifest: false });
  const b = await scoreFile(input, blocks, { model, cache: null, manifest: false, blockRows: 2 });
  assert.equal(a.goldSource, "array");
  assert.equal(b.scored, a.scored);
  assert.equal(b.statements.generated, 18);
  const x = readCsv(whole);
  const y = readCsv(blocks);
  x.forEach((row, i) => {
    assert.equal(y[i].best_gold, row.best_gold);
    assert.equal(y[i].premise, row.premise);
    if (row.cap !== "") assert.ok(Math.abs(Number(y[i].cap) - Number(row.cap)) <= 1e-6);
  });
});

test("capqa score --gold-separator: gold_answer split at the separator scores as the gold_answers array does", () => {
  const input = join(root, "sep.csv");
  writeFileSync(
    input,
    "id,question,gold_answer,answer\n" +
      ROWS.map((r) => [r.id, r.question, r.golds.join(" | "), r.answer].map(csvCell).join(",")).join("\n") +
      "\n",
  );
  const out = join(root, "sep-out.csv");
  const r = run(["score", "--in", input, "--out", out, "--model", model, "--no-cache", "--quiet", "--gold-separator", "|"]);
  assert.equal(r.status, 3, r.stderr);
  const rows = readCsv(out);
  const arraysOut = join(root, "sep-arrays-out.csv");
  assert.equal(run(["score", "--in", multiCsv, "--out", arraysOut, "--model", model, "--no-cache", "--quiet"]).status, 3);
  const arrays = readCsv(arraysOut);
  for (const col of ["cap", "best_gold", "best_gold_answer", "gold_caps", "premise", "status"]) {
    assert.deepEqual(
      rows.map((x) => x[col]),
      arrays.map((x) => x[col]),
      col,
    );
  }
  assert.equal(rows[0].gold_answer, "a star | a large hot light | the sun", "the input cell is kept as written");
  // A file of one gold per row, scored with a separator that never occurs: the single-gold CAP, plus best_gold 0.
  const plain = join(root, "plain.csv");
  writeFileSync(plain, "question,gold_answer,answer\nWhat is the sun?,a star,a hot star\n");
  const withSep = run([
    "score",
    "--in",
    plain,
    "--out",
    join(root, "plain-sep.csv"),
    "--model",
    model,
    "--no-cache",
    "--quiet",
    "--gold-separator",
    "|",
  ]);
  const without = run(["score", "--in", plain, "--out", join(root, "plain-out.csv"), "--model", model, "--no-cache", "--quiet"]);
  assert.equal(withSep.status, 0, withSep.stderr);
  assert.equal(without.status, 0, without.stderr);
  const a = readCsv(join(root, "plain-sep.csv"))[0];
  const b = readCsv(join(root, "plain-out.csv"))[0];
  assert.equal(a.cap, b.cap);
  assert.equal(a.best_gold, "0");
  assert.equal(
    headerOf(join(root, "plain-out.csv")).join(","),
    headerOf(join(root, "plain-sep.csv"))
      .filter((c) => !(MULTI_GOLD_COLUMNS as readonly string[]).includes(c))
      .join(","),
  );
});

test("bad gold cells are one error naming file, line and field, before any statement or model call; no output is written", async () => {
  const input = join(root, "bad.csv");
  writeFileSync(
    input,
    [
      "question,gold_answers,answer",
      'What is the sun?,"[""a star""]",a star',
      "What is the sun?,a star,a star",
      "What is the sun?,[],a star",
      'What is the sun?,"[""a star"", 3]",a star',
      'What is the sun?,"[""a star"", """"]",a star',
      "What is the sun?,,a star",
    ].join("\n") + "\n",
  );
  const out = join(root, "bad-out.csv");
  const r = run(["score", "--in", input, "--out", out, "--model", model, "--no-cache"]);
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /5 problem\(s\) in the gold answers of .*bad\.csv/);
  assert.match(r.stderr, /bad\.csv, line 3, row 1, field gold_answers: is not a JSON array of gold answers/);
  assert.match(r.stderr, /bad\.csv, line 4, row 2, field gold_answers: is an empty list/);
  assert.match(r.stderr, /bad\.csv, line 5, row 3, field gold_answers: gold_answers\[1\] is not a string: 3/);
  assert.match(r.stderr, /bad\.csv, line 6, row 4, field gold_answers: gold_answers\[1\] is empty/);
  assert.match(r.stderr, /bad\.csv, line 7, row 5, field gold_answers: is empty/);
  assert.equal(existsSync(out), false);

  // Library: the bad row is in the third block, yet nothing is generated or scored first.
  const lib = join(root, "bad-late.jsonl");
  writeFileSync(
    lib,
    [0, 1, 2, 3]
      .map((k) =>
        JSON.stringify({ question: "What is the sun?", gold_answers: k === 2 ? ["a star", ""] : ["a star", "the sun"], answer: "a star" }),
      )
      .join("\n") + "\n",
  );
  let generated = 0;
  let loaded = 0;
  const generator: StatementGeneratorEngine = {
    ...builtinGenerator,
    name: "spy",
    generateDetailed: async (q, a) => ((generated += q.length), builtinGenerator.generateDetailed(q, a)),
  };
  await assert.rejects(
    scoreFile(lib, join(root, "bad-late-out.jsonl"), {
      model,
      cache: null,
      generator,
      blockRows: 1,
      manifest: false,
      loadEngine: async () => (loaded++, {}) as NliEngine,
    }),
    /bad-late\.jsonl, line 3, row 2, field gold_answers: gold_answers\[1\] is empty/,
  );
  assert.equal(generated, 0);
  assert.equal(loaded, 0);

  // Separator problems, and the flag where it does not apply.
  const sep = join(root, "bad-sep.csv");
  writeFileSync(sep, "question,gold_answer,answer\nWhat is the sun?,a star||the sun,a star\n");
  const s = run(["score", "--in", sep, "--out", out, "--model", model, "--no-cache", "--gold-separator", "|"]);
  assert.equal(s.status, 1);
  assert.match(s.stderr, /bad-sep\.csv, line 2, row 0, field gold_answer: gold answer 2 of 3 is empty \(split at "\|"\)/);
  const both = run(["score", "--in", multiCsv, "--out", out, "--model", model, "--no-cache", "--gold-separator", "|"]);
  assert.equal(both.status, 1);
  assert.match(both.stderr, /multi\.csv, line 1: has a gold_answers column, and a gold separator/);
  const statements = join(root, "statements.csv");
  writeFileSync(statements, "premise,hypothesis\nThe sun is a star.,The sun is hot.\n");
  const st = run(["score", "--in", statements, "--out", out, "--model", model, "--no-cache", "--gold-separator", "|"]);
  assert.equal(st.status, 1);
  assert.match(st.stderr, /statements\.csv, line 1: has statements \(premise, hypothesis\); a gold separator/);
  const empty = run(["score", "--in", sep, "--out", out, "--gold-separator", ""]);
  assert.equal(empty.status, 2);
  assert.match(empty.stderr, /--gold-separator needs a separator/);
  assert.equal(existsSync(out), false);
  assert.match(run(["help", "score"]).stdout + run(["score", "--help"]).stdout, /--gold-separator SEP/);
});

test("scoreAnswers: a list of golds per row gives the best gold's CAP and which gold won", async () => {
  const questions = ROWS.map((r) => r.question);
  const answers = ROWS.map((r) => r.answer);
  const multi = await scoreAnswers(
    questions,
    ROWS.map((r) => r.golds),
    answers,
    { model, cache: null },
  );
  assert.equal(multi.report.rows, ROWS.length);
  assert.equal(multi.report.scored, ROWS.length - 1);
  assert.deepEqual(multi.report.notScored, [{ index: 5, reason: "empty candidate answer" }]);
  for (let i = 0; i < ROWS.length - 1; i++) {
    const each = await scoreAnswers(
      ROWS[i].golds.map(() => questions[i]),
      ROWS[i].golds,
      ROWS[i].golds.map(() => answers[i]),
      { model, cache: null },
    );
    const caps = each.rows.map((x) => x.cap as number);
    const best = caps.indexOf(Math.max(...caps));
    assert.equal(multi.bestGold![i], best);
    assert.ok(Math.abs((multi.rows[i].cap as number) - caps[best]) <= 1e-6);
    assert.equal(multi.premises[i], each.premises[best]);
    assert.deepEqual(
      multi.goldScores![i].map((x) => x.status),
      ROWS[i].golds.map(() => "ok"),
    );
  }
  assert.equal(multi.bestGold![5], null);
  // Strings and lists mix; a string row is one gold. Plain string rows return no multi-gold fields.
  const mixed = await scoreAnswers(["What is the sun?", "What is the sun?"], ["a star", ["a planet", "a star"]], ["a star", "a star"], {
    model,
    cache: null,
  });
  assert.deepEqual(mixed.bestGold, [0, 1]);
  assert.equal(mixed.rows[0].cap, mixed.rows[1].cap);
  const plain = await scoreAnswers(["What is the sun?"], ["a star"], ["a star"], { model, cache: null });
  assert.equal(plain.bestGold, undefined);
  await assert.rejects(scoreAnswers(["q"], [[]], ["a"], { model, cache: null }), /row 0 has an empty list of gold answers/);
  await assert.rejects(
    scoreAnswers(["q"], [["a", 3 as unknown as string]], ["a"], { model, cache: null }),
    /gold answer 1 of row 0 is not a string/,
  );
});

test("capqa baselines --in with several golds: BLEU and METEOR against every gold, ROUGE-L the best; the separator form gives the same", () => {
  const dir = mkdtempSync(join(tmpdir(), "capqa-baselines-multi-"));
  const rows = [
    { gold_answers: JSON.stringify(["Paris", "the city of Paris"]), answer: "Paris is the capital" },
    { gold_answers: JSON.stringify(["grass", "hay and grass"]), answer: "they eat hay" },
  ];
  const arrays = join(dir, "arrays.csv");
  writeFileSync(arrays, `gold_answers,answer\n${rows.map((r) => `"${r.gold_answers.replace(/"/g, '""')}",${r.answer}`).join("\n")}\n`);
  const sep = join(dir, "sep.csv");
  writeFileSync(
    sep,
    `gold_answer,answer\n${rows.map((r) => `${(JSON.parse(r.gold_answers) as string[]).join(" | ")},${r.answer}`).join("\n")}\n`,
  );
  const outA = join(dir, "a.csv");
  const outS = join(dir, "s.csv");
  for (const [input, out, extra] of [
    [arrays, outA, []],
    [sep, outS, ["--gold-separator", "|"]],
  ] as const) {
    const r = spawnSync(process.execPath, [CLI, "baselines", "--in", input, "--metrics", "bleu,rouge_l,meteor", "--out", out, ...extra], {
      encoding: "utf8",
    });
    assert.equal(r.status, 0, r.stderr);
  }
  const a = parseCsv(readFileSync(outA, "utf8")).records.map((r) => r.fields);
  const s = parseCsv(readFileSync(outS, "utf8")).records.map((r) => r.fields);
  rows.forEach((row, i) => {
    const golds = JSON.parse(row.gold_answers) as string[];
    const got = a[i].slice(-3).map(Number);
    assert.ok(Math.abs(got[0] - bleuMulti(golds, row.answer)) < 1e-15, "bleu");
    assert.ok(Math.abs(got[1] - rougeLMulti(golds, row.answer)) < 1e-15, "rouge_l");
    assert.ok(Math.abs(got[2] - meteorMulti(golds, row.answer)) < 1e-15, "meteor");
    assert.deepEqual(s[i].slice(-3), a[i].slice(-3), "separator = array");
  });
});
