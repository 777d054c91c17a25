import { test } from "node:test";
import assert from "node:assert/strict";
import {
  distinctFourGrams,
  fourGramCounts,
  fourGramKey,
  fourGramsByText,
  repeatsFourGramIn,
  repeatsWord,
} from "../lib/statements/four-grams.js";

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Word lists from a tiny vocabulary (so that 4-grams repeat), of every length from 0 to 120 words, some over 40 words. */
function wordLists(): string[][] {
  const vocabulary = ["a", "b", "the", "ab", "ba", "cell", "cells", "it's", "naïve", "x"];
  const next = random(42);
  const lists: string[][] = [];
  for (let n = 0; n < 3000; n++) {
    const length = Math.floor(next() * (n % 10 === 0 ? 120 : 30));
    const size = 2 + Math.floor(next() * (vocabulary.length - 1));
    // Fresh strings (not the literals), as words split from a text are.
    lists.push(Array.from({ length }, () => vocabulary[Math.floor(next() * size)].split("").join("")));
  }
  return lists;
}

test("four-grams.ts: repeated 4-grams and words, and each distinct 4-gram's count and first and last place, agree with string maps (brute-force cross-check)", () => {
  for (const words of wordLists()) {
    const counts = fourGramCounts(words);
    assert.equal(
      repeatsFourGramIn(words),
      [...counts.values()].some((n) => n > 1),
      words.join(" "),
    );
    const table = distinctFourGrams(words);
    const seen = new Map<string, number>();
    for (let g = 0; g < table.size; g++) {
      const at = table.first[g];
      const key = fourGramKey(words, at);
      assert.ok(!seen.has(key), `4-gram ${key} listed twice`);
      seen.set(key, table.count[g]);
      // The first occurrence is the first position with these words.
      for (let i = 0; i < at; i++) assert.notEqual(fourGramKey(words, i), key);
      // The last occurrence is the last position with these words.
      const last = table.last[g];
      assert.equal(fourGramKey(words, last), key);
      for (let i = last + 1; i + 4 <= words.length; i++) assert.notEqual(fourGramKey(words, i), key);
    }
    assert.deepEqual(seen, counts);
    for (const min of [1, 2, 3, 5]) {
      const long = words.filter((w) => w.length >= min);
      assert.equal(repeatsWord(words, min), new Set(long).size < long.length, `${words.join(" ")} (${min})`);
    }
  }
});

test("four-grams.ts: 4-grams counted text by text in one scan agree with each text's string map, none across two texts (brute-force cross-check)", () => {
  const lists = wordLists();
  for (let k = 0; k + 2 < lists.length; k += 3) {
    for (const texts of [
      [lists[k], lists[k + 1]],
      [lists[k], lists[k + 1], lists[k + 2]],
    ]) {
      const table = fourGramsByText(texts);
      const n = texts.length;
      // The sequence the places refer to: the texts one after the other, a break (never a word) between two.
      const sequence = texts.flatMap((t, i) => (i === 0 ? t : [" ", ...t]));
      const maps = texts.map((t) => fourGramCounts(t));
      const seen = new Set<string>();
      for (let g = 0; g < table.size; g++) {
        const key = fourGramKey(sequence, table.first[g]);
        assert.equal(fourGramKey(sequence, table.last[g]), key);
        if (sequence.slice(table.first[g], table.first[g] + 4).includes(" ")) continue; // across a break: no text's 4-gram
        seen.add(key);
        for (let t = 0; t < n; t++) assert.equal(table.inText[g * n + t], maps[t].get(key) ?? 0, `${key} in text ${t}`);
      }
      for (const m of maps) for (const key of m.keys()) assert.ok(seen.has(key), `${key} missing`);
      assert.deepEqual(
        table.starts,
        texts.map((_, i) => texts.slice(0, i).reduce((s, t) => s + t.length + 1, 0)),
      );
    }
  }
});
