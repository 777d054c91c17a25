import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  PUNKT_ABBREVIATIONS,
  PUNKT_PARAMETERS,
  PUNKT_SENTENCE_STARTERS,
  sentTokenize,
  treebankWordTokenize,
  wordTokenize,
} from "../lib/text/nltk-tokenize.js";

/** Written by scripts/oracles/nltk_oracle.py from NLTK itself; tests run from the repo root. */
interface Oracle {
  punktParameters: { abbreviations: string[]; sentenceStarters: string[]; orthoFlags: number };
  treebank: { text: string; tokens: string[] }[];
  treebankConvertParentheses: { text: string; tokens: string[] }[];
  sentences: { text: string; sentences: string[]; words: string[] }[];
}
const oracle = JSON.parse(readFileSync(resolve("test/fixtures/nltk-oracle.json"), "utf8")) as Oracle;

/** Every case whose actual output differs from NLTK's, so one failure lists them all. */
function mismatches<C extends { text: string }, T>(cases: C[], expected: (c: C) => T, actual: (text: string) => T) {
  return cases
    .map((c) => ({ text: c.text, expected: expected(c), actual: actual(c.text) }))
    .filter((m) => JSON.stringify(m.expected) !== JSON.stringify(m.actual));
}

test("the fixture was generated with the port's Punkt parameters", () => {
  assert.deepEqual(oracle.punktParameters.abbreviations, [...PUNKT_ABBREVIATIONS]);
  assert.deepEqual(oracle.punktParameters.sentenceStarters, [...PUNKT_SENTENCE_STARTERS]);
  for (const word of PUNKT_SENTENCE_STARTERS) {
    assert.equal(PUNKT_PARAMETERS.orthoContext.get(word), oracle.punktParameters.orthoFlags);
  }
});

test("treebankWordTokenize matches NLTKWordTokenizer().tokenize on every oracle case", () => {
  assert.ok(oracle.treebank.length >= 100);
  assert.deepEqual(
    mismatches(
      oracle.treebank,
      (c) => c.tokens,
      (t) => treebankWordTokenize(t),
    ),
    [],
  );
});

test("convertParentheses matches tokenize(text, convert_parentheses=True)", () => {
  const actual = (t: string) => treebankWordTokenize(t, { convertParentheses: true });
  assert.deepEqual(
    mismatches(oracle.treebankConvertParentheses, (c) => c.tokens, actual),
    [],
  );
});

test("sentTokenize matches PunktSentenceTokenizer with the same parameters on every oracle case", () => {
  assert.ok(oracle.sentences.length >= 150);
  assert.deepEqual(
    mismatches(
      oracle.sentences,
      (c) => c.sentences,
      (t) => sentTokenize(t),
    ),
    [],
  );
});

test("wordTokenize matches word_tokenize (sentences, then words) on every oracle case", () => {
  assert.deepEqual(
    mismatches(
      oracle.sentences,
      (c) => c.words,
      (t) => wordTokenize(t),
    ),
    [],
  );
});

// Hand-checked cases: NLTK's documented examples and the rules NLTK 3.9 added.

const MUFFINS = "Good muffins cost $3.88\nin New York.  Please buy me\ntwo of them.\n\nThanks.";

test("NLTK's docstring example: word_tokenize, sent_tokenize and the one-sentence tokenizer", () => {
  assert.deepEqual(sentTokenize(MUFFINS), ["Good muffins cost $3.88\nin New York.", "Please buy me\ntwo of them.", "Thanks."]);
  assert.deepEqual(wordTokenize(MUFFINS), [
    "Good",
    "muffins",
    "cost",
    "$",
    "3.88",
    "in",
    "New",
    "York",
    ".",
    "Please",
    "buy",
    "me",
    "two",
    "of",
    "them",
    ".",
    "Thanks",
    ".",
  ]);
  // Without sentence splitting only the last period is split off.
  assert.deepEqual(wordTokenize(MUFFINS, { preserveLine: true }), [
    "Good",
    "muffins",
    "cost",
    "$",
    "3.88",
    "in",
    "New",
    "York.",
    "Please",
    "buy",
    "me",
    "two",
    "of",
    "them.",
    "Thanks",
    ".",
  ]);
});

test("quotes, contractions and clitics follow the Treebank conventions", () => {
  assert.deepEqual(treebankWordTokenize('"I can\'t," he said.'), ["``", "I", "ca", "n't", ",", "''", "he", "said", "."]);
  assert.deepEqual(treebankWordTokenize("I'm gonna go, y'all"), ["I", "'m", "gon", "na", "go", ",", "y'all"]);
  assert.deepEqual(treebankWordTokenize("cannot"), ["can", "not"]);
  assert.deepEqual(treebankWordTokenize("“Hi,” she said."), ["“", "Hi", ",", "”", "she", "said", "."]);
});

test("NLTK 3.9 rules: contractions before a tab or newline, and dashes", () => {
  assert.deepEqual(treebankWordTokenize("he's\ta good boy."), ["he", "'s", "a", "good", "boy", "."]);
  assert.deepEqual(treebankWordTokenize("food—which"), ["food", "—", "which"]);
  assert.deepEqual(treebankWordTokenize("10–20"), ["10", "–", "20"]);
  assert.deepEqual(treebankWordTokenize("well-known"), ["well-known"]);
});

test("numbers, money and percentages", () => {
  assert.deepEqual(treebankWordTokenize("It costs $5.99, or 3.5% more than 1,000 units."), [
    "It",
    "costs",
    "$",
    "5.99",
    ",",
    "or",
    "3.5",
    "%",
    "more",
    "than",
    "1,000",
    "units",
    ".",
  ]);
  assert.deepEqual(wordTokenize("100°C"), ["100°C"]);
});

test("sentTokenize: abbreviations, initials and numbers do not end sentences; ? and ! do", () => {
  assert.deepEqual(sentTokenize("Mr. Smith met Dr. Jones. They talked."), ["Mr. Smith met Dr. Jones.", "They talked."]);
  assert.deepEqual(sentTokenize("Fruit, e.g. apples, i.e. food. Fine."), ["Fruit, e.g. apples, i.e. food.", "Fine."]);
  assert.deepEqual(sentTokenize("J. S. Bach lived in the U.S. Army days."), ["J. S. Bach lived in the U.S. Army days."]);
  assert.deepEqual(sentTokenize("It rose 3.5 points. Then it fell."), ["It rose 3.5 points.", "Then it fell."]);
  assert.deepEqual(sentTokenize("Really? Yes! Ok."), ["Really?", "Yes!", "Ok."]);
  assert.deepEqual(sentTokenize('He said "Stop." Then he left.'), ['He said "Stop."', "Then he left."]);
  assert.deepEqual(sentTokenize(""), []);
  assert.deepEqual(wordTokenize(""), []);
});
