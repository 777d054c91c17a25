import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { alignWords, countChunks, meteorScore, singleMeteorScore } from "../lib/baselines/meteor.js";
import { meteorMulti, meteorPair } from "../lib/baselines/index.js";
import { porterStem } from "../lib/text/porter.js";
import {
  findWordNetDir,
  loadWordNet,
  requireWordNetDir,
  WordNet,
  WORDNET_POS,
  WordNetNotFoundError,
  type WordNetPos,
} from "../lib/text/wordnet.js";

/** Written by scripts/oracles/baselines_oracle.py from NLTK (meteor_score, WordNet 3.0, NLTK 3.9's morphy). */
interface MeteorCase {
  references: string[][];
  hypothesis: string[];
  score: number;
  alpha?: number;
  beta?: number;
  gamma?: number;
  scoreCustom?: number;
  alignment?: [number, number][];
}
interface WordNetCase {
  word: string;
  morphy: Record<WordNetPos, string[]>;
  morphy38: Record<WordNetPos, string[]>;
  synsets: [WordNetPos, number][];
  names: string[];
}
interface Oracle {
  meteor: MeteorCase[];
  wordnet: WordNetCase[];
}
const oracle = JSON.parse(readFileSync(resolve("test/fixtures/baselines-oracle.json"), "utf8")) as Oracle;
/**
 * Written by scripts/oracles/nltk_oracle.py: several gold answers, NLTK's meteor_score over all
 * of them (the best single_meteor_score), on word_tokenize of the lower-cased texts.
 */
const multiReference = (
  JSON.parse(readFileSync(resolve("test/fixtures/nltk-oracle.json"), "utf8")) as {
    multiReference: {
      golds: string[];
      candidate: string;
      references: string[][];
      hypothesis: string[];
      meteor: number;
      meteorEach: number[];
    }[];
  }
).multiReference;

const wordnetDir = findWordNetDir();
const needsWordNet = {
  skip: wordnetDir ? false : "WordNet 3.0 is not installed (apt-get install wordnet-base, or set CAPQA_WORDNET_DIR)",
};

/**
 * Within 1e-12: NLTK's chunk penalty goes through C's pow(), JavaScript's
 * through V8's, which may differ in the last bit.
 */
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-12;

test("meteorScore matches NLTK's meteor_score on every oracle case", needsWordNet, () => {
  const wordnet = loadWordNet();
  assert.ok(oracle.meteor.length >= 400);
  const bad = oracle.meteor
    .map((c) => ({ c, actual: meteorScore(c.references, c.hypothesis, { wordnet }) }))
    .filter(({ c, actual }) => !close(actual, c.score));
  assert.deepEqual(bad, []);
  // The cases exercise every stage: some need synonyms, some only stems.
  assert.ok(oracle.meteor.filter((c) => c.score > 0).length >= 200);
});

test("meteorMulti matches NLTK's meteor_score with every gold answer a reference", needsWordNet, () => {
  const wordnet = loadWordNet();
  assert.ok(multiReference.length >= 150);
  const bad = multiReference
    .map((c) => ({
      c,
      multi: meteorMulti(c.golds, c.candidate, { wordnet }),
      tokens: meteorScore(c.references, c.hypothesis, { wordnet }),
      each: c.references.map((r) => singleMeteorScore(r, c.hypothesis, { wordnet })),
    }))
    .filter(
      ({ c, multi, tokens, each }) =>
        !close(multi, c.meteor) || !close(tokens, c.meteor) || each.some((v, k) => !close(v, c.meteorEach[k])),
    );
  assert.deepEqual(bad, []);
  // NLTK's multi-reference METEOR is the best single reference, and the best is not always the first.
  for (const c of multiReference) assert.equal(c.meteor, Math.max(...c.meteorEach));
  assert.ok(multiReference.filter((c) => c.meteorEach[0] < c.meteor).length >= 50);
  assert.ok(multiReference.filter((c) => c.meteor > 0).length >= 100);
});

test("meteorMulti: one gold is meteorPair; no golds is an error", needsWordNet, () => {
  assert.equal(meteorMulti(["The car"], "the automobile"), meteorPair("The car", "the automobile"));
  assert.throws(() => meteorMulti([], "x"), /at least one gold answer/);
});

test("alpha, beta and gamma are NLTK's", needsWordNet, () => {
  const wordnet = loadWordNet();
  const cases = oracle.meteor.filter((c) => c.scoreCustom !== undefined);
  assert.ok(cases.length >= 100);
  const bad = cases
    .map((c) => ({ c, actual: meteorScore(c.references, c.hypothesis, { wordnet, alpha: c.alpha, beta: c.beta, gamma: c.gamma }) }))
    .filter(({ c, actual }) => !close(actual, c.scoreCustom as number));
  assert.deepEqual(bad, []);
});

test("alignWords matches NLTK's align_words (exact, stem, synonym; last reference word first)", needsWordNet, () => {
  const wordnet = loadWordNet();
  const cases = oracle.meteor.filter((c) => c.alignment !== undefined);
  assert.ok(cases.length >= 80);
  const lower = (tokens: string[]) => tokens.map((t) => t.toLowerCase());
  for (const c of cases) {
    assert.deepEqual(alignWords(lower(c.hypothesis), lower(c.references[0]), porterStem, wordnet), c.alignment, JSON.stringify(c));
  }
});

test("WordNet: morphy, synsets and lemma names match NLTK's WordNetCorpusReader", needsWordNet, () => {
  const wordnet = loadWordNet();
  assert.equal(wordnet.version, "3.0");
  for (const c of oracle.wordnet) {
    for (const pos of WORDNET_POS) assert.deepEqual(wordnet.morphy(c.word.toLowerCase(), pos), c.morphy[pos], `${c.word} ${pos}`);
    assert.deepEqual(wordnet.synsets(c.word), c.synsets, c.word);
    assert.deepEqual(wordnet.synonyms(c.word.toLowerCase()), c.names, c.word);
  }
});

test("WordNet: the nltk-3.8 option repeats morphy's rules as NLTK 3.8 does", needsWordNet, () => {
  const wordnet = new WordNet(wordnetDir as string, { morphy: "nltk-3.8" });
  const differing = oracle.wordnet.filter((c) => JSON.stringify(c.morphy) !== JSON.stringify(c.morphy38));
  assert.ok(differing.length >= 3);
  for (const c of oracle.wordnet) {
    for (const pos of WORDNET_POS) assert.deepEqual(wordnet.morphy(c.word.toLowerCase(), pos), c.morphy38[pos], `${c.word} ${pos}`);
  }
  // nltk#3225's example.
  assert.deepEqual(wordnet.morphy("catss", "n"), ["cat"]);
  assert.deepEqual(loadWordNet().morphy("catss", "n"), []);
});

test("meteorPair: lower-cased word_tokenize tokens, gold answer as the reference", needsWordNet, () => {
  // "paris" "." against "paris" "is" "big": one match, P = 1/3, R = 1/2, one chunk of one match.
  const precision = 1 / 3;
  const recall = 1 / 2;
  const fmean = (precision * recall) / (0.9 * precision + (1 - 0.9) * recall);
  assert.equal(meteorPair("Paris.", "PARIS is big"), (1 - 0.5 * 1 ** 3) * fmean);
  assert.equal(meteorPair("", "anything"), 0);
  assert.equal(meteorPair("The car", "the automobile"), meteorScore([["the", "car"]], ["the", "automobile"]));
});

// Without WordNet: a stand-in with no synonyms exercises the exact and stem stages.

const noSynonyms = { synonyms: () => [] } as unknown as WordNet;

test("exact matches pair each hypothesis word, from the last, with the last equal reference word", () => {
  // hyp: a(0) b(1) a(2); ref: a(0) a(1) b(2) -> a(2)-a(1), b(1)-b(2), a(0)-a(0), sorted by hypothesis.
  assert.deepEqual(alignWords(["a", "b", "a"], ["a", "a", "b"], porterStem, noSynonyms), [
    [0, 0],
    [1, 2],
    [2, 1],
  ]);
  // Stems: "running" and "runs" both stem to "run".
  assert.deepEqual(alignWords(["running"], ["runs"], porterStem, noSynonyms), [[0, 0]]);
});

test("countChunks counts breaks in either sentence", () => {
  assert.equal(countChunks([]), 1);
  assert.equal(countChunks([[0, 0]]), 1);
  assert.equal(
    countChunks([
      [0, 0],
      [1, 1],
      [2, 2],
    ]),
    1,
  );
  assert.equal(
    countChunks([
      [0, 1],
      [1, 0],
    ]),
    2,
  );
  assert.equal(
    countChunks([
      [0, 0],
      [1, 2],
      [2, 3],
    ]),
    2,
  );
});

test("empty sides and no matches score 0, as NLTK's ZeroDivisionError handler", () => {
  assert.equal(singleMeteorScore([], ["a"], { wordnet: noSynonyms }), 0);
  assert.equal(singleMeteorScore(["a"], [], { wordnet: noSynonyms }), 0);
  assert.equal(singleMeteorScore(["a"], ["b"], { wordnet: noSynonyms }), 0);
  assert.equal(meteorScore([[], ["a"]], [], { wordnet: noSynonyms }), 0);
  assert.throws(() => meteorScore([], ["a"], { wordnet: noSynonyms }), /at least one reference/);
});

test("identical sentences: fmean 1, one chunk, penalty 0.5 / n^3", () => {
  const n = 4;
  const words = ["w", "x", "y", "z"];
  assert.equal(singleMeteorScore(words, words, { wordnet: noSynonyms }), 1 - 0.5 * (1 / n) ** 3);
  // Multiple references: the best one.
  assert.equal(meteorScore([["q"], words], words, { wordnet: noSynonyms }), 1 - 0.5 * (1 / n) ** 3);
});

test("a missing WordNet names how to install it", () => {
  assert.throws(
    () => requireWordNetDir("/nonexistent/wordnet"),
    (error: unknown) =>
      error instanceof WordNetNotFoundError &&
      /apt-get install wordnet-base/.test(error.message) &&
      /CAPQA_WORDNET_DIR/.test(error.message),
  );
  // CAPQA_WORDNET_DIR, when set, is the only place looked at.
  assert.equal(findWordNetDir(undefined, { CAPQA_WORDNET_DIR: "/nonexistent/wordnet" }), undefined);
  if (wordnetDir) assert.equal(findWordNetDir(undefined, { CAPQA_WORDNET_DIR: wordnetDir }), wordnetDir);
});
