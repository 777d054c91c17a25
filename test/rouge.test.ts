import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { rougeLPair } from "../lib/baselines/index.js";
import { lcsLength, rougeL, rougeLTokens, rougeTokenize } from "../lib/baselines/rouge.js";

/**
 * Written by scripts/oracles/baselines_oracle.py: rouge-score 0.1.2's tokenizer
 * and `_score_lcs`, rendered in Python with NLTK's PorterStemmer.
 */
interface Oracle {
  rouge: {
    target: string;
    prediction: string;
    precision: number;
    recall: number;
    fmeasure: number;
    targetTokens?: string[];
    unstemmed?: string[];
  }[];
}
const oracle = JSON.parse(readFileSync(resolve("test/fixtures/baselines-oracle.json"), "utf8")) as Oracle;

test("rougeL matches rouge-score's rougeL (use_stemmer=True) on every oracle pair, to the bit", () => {
  assert.ok(oracle.rouge.length >= 200);
  const bad = oracle.rouge
    .map((c) => ({ c, actual: rougeL(c.target, c.prediction) }))
    .filter(({ c, actual }) => actual.precision !== c.precision || actual.recall !== c.recall || actual.fmeasure !== c.fmeasure);
  assert.deepEqual(bad, []);
});

test("rougeTokenize matches rouge-score's tokenizer, with and without the stemmer", () => {
  const cases = oracle.rouge.filter((c) => c.targetTokens !== undefined);
  assert.ok(cases.length >= 50);
  for (const c of cases) {
    assert.deepEqual(rougeTokenize(c.target), c.targetTokens, c.target);
    assert.deepEqual(rougeTokenize(c.target, { stem: false }), c.unstemmed, c.target);
  }
});

// Hand-checked cases.

test("rouge-score's README example", () => {
  const score = rougeL("The quick brown fox jumps over the lazy dog", "The quick brown dog jumps on the log.");
  // LCS "the quick brown jump the" = 5 of 8 (prediction) and 9 (target) tokens.
  assert.equal(score.precision, 5 / 8);
  assert.equal(score.recall, 5 / 9);
  assert.equal(score.fmeasure, (2 * (5 / 8) * (5 / 9)) / (5 / 8 + 5 / 9));
});

test("the tokenizer: non-[a-z0-9] separates, tokens over 3 characters are stemmed", () => {
  assert.deepEqual(rougeTokenize("Café au lait, NEW-York's 1990s!"), ["caf", "au", "lait", "new", "york", "s", "1990"]);
  assert.deepEqual(rougeTokenize("running runs ran"), ["run", "run", "ran"]);
  assert.deepEqual(rougeTokenize("running runs ran", { stem: false }), ["running", "runs", "ran"]);
  assert.deepEqual(rougeTokenize(""), []);
  assert.deepEqual(rougeTokenize(" ¿¡ — "), []);
});

test("an empty side (no tokens at all) scores 0", () => {
  const zero = { precision: 0, recall: 0, fmeasure: 0 };
  assert.deepEqual(rougeL("", "anything"), zero);
  assert.deepEqual(rougeL("anything", "..."), zero);
  assert.deepEqual(rougeL("", ""), zero);
  assert.deepEqual(rougeLTokens(["a"], ["b"]), zero);
});

test("LCS is order-sensitive and counts repeats once per match", () => {
  assert.equal(lcsLength(["a", "b", "c"], ["c", "b", "a"]), 1);
  assert.equal(lcsLength(["a", "a", "a"], ["a"]), 1);
  assert.equal(lcsLength(["a", "b", "a", "b"], ["b", "a", "b", "a"]), 3);
  assert.equal(lcsLength([], ["a"]), 0);
});

test("rougeLPair is the F-measure with the gold answer as target", () => {
  const gold = "the cat sat on the mat";
  const candidate = "a cat sat";
  assert.equal(rougeLPair(gold, candidate), rougeL(gold, candidate).fmeasure);
  // Precision is over the candidate, recall over the gold answer.
  assert.equal(rougeL(gold, candidate).precision, 2 / 3);
  assert.equal(rougeL(gold, candidate).recall, 2 / 6);
});
