import { test } from "node:test";
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { cleanSources, cleaningVerdict, readSources } from "../lib/construct/clean.js";
import { NearDuplicateIndex, dedupe, jaccard, normaliseText, wordSet } from "../lib/construct/dedupe.js";
import { apportion, parseJsonReply, seededPermutation } from "../lib/construct/run.js";
import { planCells, DEFAULT_STATEMENT_SETTINGS } from "../lib/construct/statements.js";
import { planCandidates, validateCandidateReply } from "../lib/construct/candidates.js";
import { Xoshiro128 } from "../lib/stats/random.js";

const FIX = resolve("test/fixtures/construct");

test("cleaning rules of Sec. 5: MCQ-style questions and gold answers are dropped with a reason", () => {
  const drop = (q: string, g = "x") => cleaningVerdict(q, g)?.rule;
  assert.equal(drop("Which of the following is a mammal?"), "which-of-the-following");
  assert.equal(drop("Seafloor spreading provides evidence of which of the following Earth processes?"), "which-of-the-following");
  assert.equal(drop("WHICH ONE OF THE FOLLOWING is true?"), "which-of-the-following");
  assert.equal(drop("Through which of these objects will the beam pass?"), "which-of-these");
  assert.equal(drop("All of these elements are metals except"), "of-the-following-except");
  assert.equal(drop("Each of the following is true EXCEPT"), "of-the-following-except");
  assert.equal(drop("What is the largest planet?"), undefined);
  assert.equal(drop("Which statement best explains the curved stem?"), undefined);
  assert.equal(drop("The following question is about plants. What do they need?"), undefined);
  for (const g of [
    "All of the above",
    "all of above",
    "ALL OF THE ABOVE.",
    "(D) all of the above",
    "All the above",
    "all of these",
    "Both of the above",
    "All of the above are correct",
  ])
    assert.equal(drop("Q?", g), "all-of-the-above", g);
  for (const g of ["None of the above", "none of above.", "None of these", "Neither of the above", "“None of the above”"])
    assert.equal(drop("Q?", g), "none-of-the-above", g);
  for (const g of ["both A and B", "A and C", "(a) and (c)", "(D) both A and B", "a, b and c"])
    assert.equal(drop("Q?", g), "option-letters", g);
  for (const g of [
    "the heart",
    "All behavior is affected by both experience and inheritance.",
    "none",
    "A laser",
    "a and the b",
    "above the clouds",
  ])
    assert.equal(drop("Q?", g), undefined, g);
  assert.equal(drop("  ", "x"), "empty-question");
  assert.equal(drop("Q?", " "), "empty-gold");
});

test("readSources reads CSV and JSONL (column aliases, source names) and cleanSources reports every drop", () => {
  const rows = readSources([{ file: resolve(FIX, "sources.csv") }, { file: resolve(FIX, "sources.jsonl") }]);
  assert.equal(rows.length, 15);
  assert.deepEqual(
    rows.map((r) => r.sourceRow),
    [...Array(15).keys()],
  );
  assert.equal(rows[12].goldAnswer, "the heart"); // "answer" column as the gold answer
  assert.equal(rows[12].dataset, "extra"); // "source" column
  assert.equal(rows[14].dataset, "sources"); // no source cell: the file's name
  assert.equal(rows[14].goldAnswer, "4"); // numbers as text
  assert.equal(rows[10].question, 'Which statement is true, given the text "above"?');
  const res = cleanSources(rows);
  assert.deepEqual(
    res.dropped.map((d) => [d.sourceRow, d.rule]),
    [
      [1, "which-of-the-following"],
      [2, "which-of-the-following"],
      [4, "all-of-the-above"],
      [5, "which-of-these"],
      [6, "none-of-the-above"],
      [7, "of-the-following-except"],
      [8, "option-letters"],
      [11, "empty-gold"],
      [13, "none-of-the-above"],
    ],
  );
  assert.equal(res.kept.length + res.dropped.length, rows.length);
  assert.ok(
    res.dropped.every((d) => d.reason.length > 0 && d.line > 0 && d.file.endsWith(d.sourceRow < 12 ? "sources.csv" : "sources.jsonl")),
  );
  assert.deepEqual(res.counts, {
    "which-of-the-following": 2,
    "all-of-the-above": 1,
    "which-of-these": 1,
    "none-of-the-above": 2,
    "of-the-following-except": 1,
    "option-letters": 1,
    "empty-gold": 1,
  });
  // A fixed source name overrides the column.
  assert.ok(readSources([{ file: resolve(FIX, "sources.jsonl"), dataset: "mine" }]).every((r) => r.dataset === "mine"));
  assert.throws(() => readSources([{ file: resolve(FIX, "sources.csv") }], { question: "nope" }), /no question column "nope"/);
});

test("near duplicates: normalised Jaccard ≥ 0.9, and the prefix index finds exactly what a full scan finds", () => {
  assert.equal(normaliseText("  What's the Sun?! "), "what s the sun");
  assert.equal(jaccard(wordSet("a b c d e f g h i j"), wordSet("a b c d e f g h i j k")), 10 / 11);
  const d = dedupe([
    "What is fact number 1 about physics in the set?",
    "WHAT IS FACT NUMBER 1 ABOUT PHYSICS IN THE SET",
    "What is fact number 1 about physics in the set really?",
    "What is fact number 2 about physics in the set?",
  ]);
  assert.deepEqual(d.keep, [true, false, false, true]);
  assert.equal(d.verdicts[1]?.kind, "exact");
  assert.equal(d.verdicts[2]?.kind, "near");
  assert.ok(d.verdicts[2]!.similarity >= 0.9);
  // Against brute force on random near-duplicate-rich text.
  const rng = new Xoshiro128(3);
  const vocab = Array.from({ length: 30 }, (_, i) => `w${i}`);
  const texts = Array.from({ length: 400 }, () =>
    Array.from({ length: 6 + rng.nextInt(10) }, () => vocab[rng.nextInt(vocab.length)]).join(" "),
  );
  for (let i = 0; i < 100; i++) texts.push(texts[rng.nextInt(texts.length)] + (rng.nextInt(2) ? " w99" : ""));
  for (const t of [0.9, 0.7, 0.5]) {
    const fast = dedupe(texts, t).keep;
    const kept: Set<string>[] = [];
    const slow = texts.map((x) => {
      const s = wordSet(x);
      const dup = kept.some((k) => jaccard(s, k) >= t - 1e-12);
      if (!dup) kept.push(s);
      return !dup;
    });
    assert.deepEqual(fast, slow, `threshold ${t}`);
  }
  assert.throws(() => new NearDuplicateIndex(0), RangeError);
});

test("planning: balanced classes, batches, subject quotas of B.5, seeded permutations", () => {
  const rows = Array.from({ length: 803 }, (_, i) => ({
    sourceRow: i,
    question: `q${i}?`,
    goldAnswer: `g${i}`,
    dataset: "d",
    file: "f",
    line: i + 2,
  }));
  const plan = planCandidates(rows, { seed: 1, batchSize: 7, promptRole: "user", maxTokens: 100 });
  const counts = new Map<string, number>();
  for (const c of plan.classes) counts.set(c, (counts.get(c) ?? 0) + 1);
  assert.equal(counts.size, 8);
  assert.ok(Math.max(...counts.values()) - Math.min(...counts.values()) <= 1);
  assert.deepEqual(
    plan.batches.flatMap((b) => b.rows).sort((a, b) => a - b),
    [...Array(803).keys()],
  );
  assert.ok(plan.batches.every((b) => b.rows.length <= 7 && b.rows.every((r) => plan.classes[r] === b.cls)));
  assert.deepEqual(planCandidates(rows, { seed: 1, batchSize: 7, promptRole: "user", maxTokens: 100 }).classes, plan.classes);
  assert.notDeepEqual(planCandidates(rows, { seed: 2, batchSize: 7, promptRole: "user", maxTokens: 100 }).classes, plan.classes);
  const cells = planCells(DEFAULT_STATEMENT_SETTINGS);
  assert.equal(cells.length, 32);
  const per = (s: string) => cells.filter((c) => c.subject === s).reduce((a, c) => a + c.target, 0);
  assert.equal(
    cells.reduce((a, c) => a + c.target, 0),
    11000,
  );
  assert.equal(per("general knowledge"), 6182); // 56.2 %
  for (const s of ["Biology", "Physics", "History", "Geography", "Chemistry", "Mathematics", "Computer Science"])
    assert.ok([688, 689].includes(per(s)), s);
  assert.deepEqual(apportion(10, [1, 1, 1]), [4, 3, 3]);
  assert.deepEqual(
    seededPermutation(50, 9)
      .slice()
      .sort((a, b) => a - b),
    [...Array(50).keys()],
  );
});

test("reply validation: JSON array of n non-empty strings (fences tolerated)", () => {
  const reply = (text: string) => ({ text, stopReason: null, inputTokens: null, outputTokens: null, model: null });
  assert.deepEqual(validateCandidateReply(reply('["a", "b"]'), 2), { ok: true, value: ["a", "b"] });
  assert.deepEqual(validateCandidateReply(reply('```json\n["a", "b"]\n```'), 2), { ok: true, value: ["a", "b"] });
  assert.deepEqual(validateCandidateReply(reply('Here: ["a", "b"]'), 2), { ok: true, value: ["a", "b"] });
  const kind = (text: string, n = 2) => {
    const v = validateCandidateReply(reply(text), n);
    return v.ok ? "ok" : v.kind;
  };
  assert.equal(kind('["a", "b'), "not_json");
  assert.equal(kind(""), "empty_reply");
  assert.equal(kind('{"a": 1}'), "not_array");
  assert.equal(kind('["a"]'), "wrong_length");
  assert.equal(kind('["a", 2]'), "not_string");
  assert.equal(kind('["a", "  "]'), "empty_string");
  assert.equal(parseJsonReply("{}", "{").ok, true);
});
