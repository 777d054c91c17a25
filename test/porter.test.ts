import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { cachedPorterStemmer, porterStem, type PorterMode } from "../lib/text/porter.js";
import { findWordNetDir } from "../lib/text/wordnet.js";

/** Written by scripts/oracles/baselines_oracle.py from NLTK's PorterStemmer; tests run from the repo root. */
interface Oracle {
  porter: {
    words: string;
    nltk: string;
    modeWords: string;
    martin: string;
    original: string;
    noLowercase: string;
    wordnetDigest: { count: number; chunk: number; sha256_16: string[] };
  };
}
const oracle = JSON.parse(readFileSync(resolve("test/fixtures/baselines-oracle.json"), "utf8")) as Oracle;
const lines = (joined: string) => joined.split("\n");

/** Every word whose stem differs from NLTK's, so one failure lists them all. */
function mismatches(words: string[], expected: string[], stem: (word: string) => string) {
  assert.equal(words.length, expected.length);
  return words.map((word, k) => ({ word, expected: expected[k], actual: stem(word) })).filter((m) => m.actual !== m.expected);
}

test("porterStem matches NLTK's PorterStemmer() on every oracle word", () => {
  const words = lines(oracle.porter.words);
  assert.ok(words.length >= 3000);
  assert.deepEqual(
    mismatches(words, lines(oracle.porter.nltk), (w) => porterStem(w)),
    [],
  );
});

test("the MARTIN_EXTENSIONS and ORIGINAL_ALGORITHM modes match NLTK", () => {
  const words = lines(oracle.porter.modeWords);
  const modes: [PorterMode, string][] = [
    ["MARTIN_EXTENSIONS", oracle.porter.martin],
    ["ORIGINAL_ALGORITHM", oracle.porter.original],
  ];
  for (const [mode, expected] of modes)
    assert.deepEqual(
      mismatches(words, lines(expected), (w) => porterStem(w, { mode })),
      [],
      mode,
    );
});

test("toLowercase: false matches stem(word, to_lowercase=False)", () => {
  const words = lines(oracle.porter.modeWords);
  assert.deepEqual(
    mismatches(words, lines(oracle.porter.noLowercase), (w) => porterStem(w, { toLowercase: false })),
    [],
  );
});

/** The oracle's word list: WordNet lemmas, their parts and the exception-list words, sorted by code point. */
function wordNetWords(dir: string): string[] {
  const words = new Set<string>();
  for (const pos of ["noun", "verb", "adj", "adv"]) {
    for (const line of readFileSync(join(dir, `index.${pos}`), "utf8").split("\n")) {
      if (line.startsWith(" ") || line.trim() === "") continue;
      const lemma = line.trim().split(/\s+/)[0];
      words.add(lemma);
      for (const part of lemma.split(/[_\-./']/)) if (part) words.add(part);
    }
    for (const line of readFileSync(join(dir, `${pos}.exc`), "utf8").split("\n")) {
      for (const word of line.trim().split(/\s+/)) if (word) words.add(word);
    }
  }
  return [...words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

const wordnetDir = findWordNetDir();

test("porterStem matches NLTK on all ~150k WordNet 3.0 words (chunk digests)", {
  skip: wordnetDir ? false : "WordNet 3.0 is not installed (apt-get install wordnet-base, or set CAPQA_WORDNET_DIR)",
}, () => {
  const words = wordNetWords(wordnetDir as string);
  const { count, chunk, sha256_16 } = oracle.porter.wordnetDigest;
  assert.equal(words.length, count);
  const stem = cachedPorterStemmer();
  const stems = words.map(stem);
  const bad: number[] = [];
  sha256_16.forEach((digest, k) => {
    const text = stems.slice(k * chunk, (k + 1) * chunk).join("\n");
    if (createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16) !== digest) bad.push(k);
  });
  // A failing chunk is words[k * chunk .. (k + 1) * chunk); compare them with NLTK by hand.
  assert.deepEqual(bad, []);
});

// Hand-checked cases.

test("the paper's examples and NLTK's departures", () => {
  const cases: [string, string][] = [
    ["caresses", "caress"],
    ["ponies", "poni"],
    ["ties", "tie"], // NLTK: a four-letter -ies word keeps "ie"
    ["flies", "fli"],
    ["died", "die"],
    ["spied", "spi"],
    ["feed", "feed"],
    ["agreed", "agre"],
    ["hopping", "hop"],
    ["filing", "file"],
    ["happy", "happi"],
    ["enjoy", "enjoy"],
    ["relational", "relat"],
    ["generalli", "gener"],
    ["geology", "geolog"],
    ["controll", "control"],
    ["generously", "gener"],
  ];
  for (const [word, stem] of cases) assert.equal(porterStem(word), stem, word);
});

test("the irregular-forms pool is looked up with the word as given (NLTK 3.9.4)", () => {
  assert.equal(porterStem("skies"), "sky");
  assert.equal(porterStem("Skies"), "ski");
  assert.equal(porterStem("dying"), "die");
  assert.equal(porterStem("news"), "news");
  assert.equal(porterStem("News"), "new");
  assert.equal(porterStem("skies", { mode: "MARTIN_EXTENSIONS" }), "ski");
});

test("words of one or two code points are only lower-cased; lengths count code points", () => {
  assert.equal(porterStem("Is"), "is");
  assert.equal(porterStem("😀s"), "😀s");
  assert.equal(porterStem("Is", { mode: "ORIGINAL_ALGORITHM" }), "i");
  // Two astral characters are one double consonant, as in Python (a UTF-16 view would see no double).
  assert.equal(porterStem("a😀😀ing"), "a😀");
  assert.equal(porterStem("a😀😀ed"), "a😀");
  assert.equal(porterStem("😀😀ing"), "😀😀ing"); // no vowel before -ing
});

test("cachedPorterStemmer gives porterStem's stems", () => {
  const stem = cachedPorterStemmer({}, 3);
  for (const word of ["running", "runs", "ran", "running", "happiness", "runs"]) assert.equal(stem(word), porterStem(word));
});
