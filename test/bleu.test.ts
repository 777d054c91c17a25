import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  brevityPenalty,
  closestRefLength,
  corpusBleu,
  fsum,
  modifiedPrecision,
  sentenceBleu,
  type BleuOptions,
  type BleuSmoothing,
} from "../lib/baselines/bleu.js";
import { bleuMulti, bleuPair } from "../lib/baselines/index.js";
import { baselineTokens } from "../lib/baselines/parity.js";

interface CaseOptions {
  smoothing: BleuSmoothing;
  weights?: number[];
  epsilon?: number;
  expected: number;
}
/** Several gold answers, each a reference: NLTK's sentence_bleu with smoothing method1 on word_tokenize of the lower-cased texts. */
interface MultiReferenceCase {
  golds: string[];
  candidate: string;
  references: string[][];
  hypothesis: string[];
  bleu: number;
  bleuEach: number[];
}
interface Oracle {
  bleuSentence: ({ references: string[][]; hypothesis: string[] } & CaseOptions)[];
  bleuCorpus: ({ listOfReferences: string[][][]; hypotheses: string[][] } & CaseOptions)[];
  multiReference: MultiReferenceCase[];
}
/** Written by scripts/oracles/nltk_oracle.py from NLTK itself; tests run from the repo root. */
const oracle = JSON.parse(readFileSync(resolve("test/fixtures/nltk-oracle.json"), "utf8")) as Oracle;

const options = (c: CaseOptions): BleuOptions => ({ smoothing: c.smoothing, weights: c.weights, epsilon: c.epsilon });

/** Within 1e-12, and within 1e-12 relative too, so tiny unsmoothed scores are checked as well. */
function close(actual: number, expected: number): boolean {
  const diff = Math.abs(actual - expected);
  return diff <= 1e-12 && diff <= 1e-12 * Math.abs(expected) + Number.MIN_VALUE;
}

test("sentenceBleu matches NLTK's sentence_bleu on every oracle case", () => {
  const cases = oracle.bleuSentence;
  assert.ok(cases.length >= 150);
  for (const smoothing of ["none", "method1"]) assert.ok(cases.some((c) => c.smoothing === smoothing));
  for (const len of [0, 1, 2, 3]) assert.ok(cases.some((c) => c.hypothesis.length === len));
  assert.ok(cases.some((c) => c.references.length > 1));
  const bad = cases
    .map((c) => ({ c, actual: sentenceBleu(c.references, c.hypothesis, options(c)) }))
    .filter(({ c, actual }) => !close(actual, c.expected));
  assert.deepEqual(bad, []);
});

test("corpusBleu matches NLTK's corpus_bleu on every oracle case", () => {
  const cases = oracle.bleuCorpus;
  assert.ok(cases.length >= 40);
  const bad = cases
    .map((c) => ({ c, actual: corpusBleu(c.listOfReferences, c.hypotheses, options(c)) }))
    .filter(({ c, actual }) => !close(actual, c.expected));
  assert.deepEqual(bad, []);
});

test("bleuMulti matches NLTK's multi-reference sentence_bleu (every gold a reference, smoothing method1)", () => {
  const cases = oracle.multiReference;
  assert.ok(cases.length >= 150);
  assert.ok(cases.every((c) => c.golds.length >= 2));
  // The tokens are the paper's (word_tokenize of the lower-cased text), as bleuPair's.
  for (const c of cases) {
    assert.deepEqual(c.golds.map(baselineTokens), c.references, JSON.stringify(c.golds));
    assert.deepEqual(baselineTokens(c.candidate), c.hypothesis, c.candidate);
  }
  const bad = cases
    .map((c) => ({ c, multi: bleuMulti(c.golds, c.candidate), each: c.golds.map((g) => bleuPair(g, c.candidate)) }))
    .filter(({ c, multi, each }) => !close(multi, c.bleu) || each.some((v, k) => !close(v, c.bleuEach[k])));
  assert.deepEqual(bad, []);
  // Multi-reference BLEU pools the references: it is not the best single-reference score.
  const pooled = cases.filter((c) => c.bleu > Math.max(...c.bleuEach) + 1e-9);
  assert.ok(pooled.length >= 50, `${pooled.length} cases above the best single reference`);
  // The brevity penalty's closest reference length, ties to the shorter, is exercised.
  assert.ok(
    cases.some((c) => c.hypothesis.length > 0 && c.references.filter((r) => Math.abs(r.length - c.hypothesis.length) === 1).length === 2),
  );
});

test("bleuMulti: one gold is bleuPair; no golds is an error", () => {
  assert.equal(bleuMulti(["The capital is Paris."], "Paris"), bleuPair("The capital is Paris.", "Paris"));
  assert.equal(bleuMulti(["a", "b"], ""), 0);
  assert.throws(() => bleuMulti([], "Paris"), /at least one gold answer/);
});

// Hand-checked cases.

const split = (s: string) => s.split(" ");

test("identical sentences of four or more tokens score 1", () => {
  assert.equal(sentenceBleu([split("the cat sat on the mat")], split("the cat sat on the mat")), 1);
  assert.equal(sentenceBleu([split("a b c d")], split("a b c d"), { smoothing: "method1" }), 1);
});

test("brevity penalty: all precisions 1, hypothesis 4 of 6 tokens gives exp(1 - 6/4)", () => {
  // p1..p4 = 4/4, 3/3, 2/2, 1/1; the only reference has 6 tokens.
  const score = sentenceBleu([split("the cat is on the mat")], split("the cat is on"));
  assert.ok(Math.abs(score - Math.exp(-0.5)) < 1e-15);
  assert.equal(brevityPenalty(12, 12), 1);
  assert.equal(brevityPenalty(12, 0), 0);
  assert.ok(Math.abs(brevityPenalty(28, 12) - 0.2635971381157267) < 1e-16);
});

test("closest reference length: ties go to the shorter reference", () => {
  const a = (n: number) => new Array<string>(n).fill("a");
  assert.equal(closestRefLength([a(13), a(11)], 12), 11);
  assert.equal(closestRefLength([a(11), a(13)], 12), 11);
  assert.equal(closestRefLength([a(13), a(2)], 12), 13);
  // With 11 chosen, the 12-token hypothesis is longer: no penalty, BLEU 1.
  assert.equal(sentenceBleu([a(13), a(11)], a(12)), 1);
});

test("modified precision clips counts and keeps the fraction unreduced", () => {
  const refs = [split("the cat is on the mat"), split("there is a cat on the mat")];
  assert.deepEqual(modifiedPrecision(refs, split("the the the the the the the"), 1), { numerator: 2, denominator: 7 });
  assert.deepEqual(modifiedPrecision([split("a b a b")], split("a b c d"), 2), { numerator: 1, denominator: 3 });
  // Shorter than n: 0/1, not 0/0.
  assert.deepEqual(modifiedPrecision([split("a b")], split("a b"), 3), { numerator: 0, denominator: 1 });
});

test("short hypotheses: method1 adds epsilon over denominator 1; no smoothing gives a tiny positive score", () => {
  const ref = [split("the cat sat down")];
  // p1 = 2/2, p2 = 1/1, p3 = p4 = 0/1 -> 0.1/1; brevity penalty exp(1 - 4/2).
  const smoothed = sentenceBleu(ref, split("the cat"), { smoothing: "method1" });
  assert.ok(Math.abs(smoothed - Math.exp(-1) * Math.sqrt(0.1)) < 1e-15);
  const eps = sentenceBleu(ref, split("the cat"), { smoothing: "method1", epsilon: 0.01 });
  assert.ok(Math.abs(eps - Math.exp(-1) * Math.sqrt(0.01)) < 1e-15);
  // Without smoothing a zero precision becomes sys.float_info.min, not 0.
  const unsmoothed = sentenceBleu([split("the cat sat")], split("the cat sat"));
  assert.ok(unsmoothed > 0);
  assert.ok(Math.abs(unsmoothed / 2.2250738585072014e-308 ** 0.25 - 1) < 1e-12);
});

test("no unigram match or an empty hypothesis scores exactly 0", () => {
  assert.equal(sentenceBleu([split("a b c")], []), 0);
  assert.equal(sentenceBleu([split("a b c")], [], { smoothing: "method1" }), 0);
  assert.equal(sentenceBleu([split("a b c")], split("x y z"), { smoothing: "method1" }), 0);
  assert.equal(corpusBleu([[split("a b")], [split("c")]], [[], []]), 0);
});

test("corpus BLEU sums counts before dividing, unlike the mean of sentence scores", () => {
  const refs = [[split("the cat sat on the mat")], [split("a dog ran in the park")]];
  const hyps = [split("the cat sat on the mat"), split("a dog ran")];
  const corpus = corpusBleu(refs, hyps);
  // p1 = 9/9, p2 = 7/7, p3 = 5/5, and p4 = 3/4: the 3-token hypothesis has no
  // 4-gram but still adds 1 to the denominator (0/1). bp = exp(1 - 12/9).
  assert.ok(Math.abs(corpus - Math.exp(1 - 12 / 9) * 0.75 ** 0.25) < 1e-15);
  const mean = (sentenceBleu(refs[0], hyps[0]) + sentenceBleu(refs[1], hyps[1])) / 2;
  assert.notEqual(corpus, mean);
});

test("errors where NLTK raises", () => {
  assert.throws(() => corpusBleu([[split("a")]], []), /same/);
  assert.throws(() => corpusBleu([], []), /empty corpus/);
  assert.throws(() => sentenceBleu([], split("a b")), /reference/);
});

test("fsum is Python's correctly rounded math.fsum", () => {
  assert.equal(fsum([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1]), 1);
  assert.equal(fsum([1e100, 1, -1e100]), 1);
  assert.equal(fsum([1, 1e-16, 1e-16]), 1.0000000000000002);
  assert.equal(fsum([]), 0);
});
