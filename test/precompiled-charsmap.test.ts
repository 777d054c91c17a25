/**
 * SentencePiece's precompiled charsmap (lib/runtime/precompiled-charsmap.ts) segments a long text
 * a piece at a time (graphemeClusters: Intl.Segmenter slows with the string's length, a
 * 150,000-character text took minutes whole), keeping the clusters that end before a piece's last
 * two code units. The pieces must give the clusters of the whole text: the oracle here segments
 * the whole text at once (and normalises each cluster on its own), on texts of several pieces
 * made of what joins clusters (combining marks, Prepend characters, ZWJ emoji sequences, emoji
 * modifiers and tags, regional indicators, Hangul jamo, Indic conjuncts, CR LF, kana voicing
 * marks, surrogate pairs and lone halves), and on a cluster longer than a piece. The maps are
 * DeBERTa-v3's and T5's tokenizer.json's (../shared/tokenizers, or CAPQA_TOKENIZERS_DIR); without
 * them the test is skipped.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { graphemeClusters, PrecompiledCharsmap } from "../lib/runtime/precompiled-charsmap.js";
import { Xoshiro128 } from "../lib/stats/random.js";

const shared = process.env.CAPQA_TOKENIZERS_DIR ?? resolve("..", "shared", "tokenizers");
const FILES = ["deberta-v3/tokenizer.derived.json", "t5-small/tokenizer.json"];
const missing = FILES.every((f) => existsSync(join(shared, f)))
  ? false
  : `the real tokenizer files are not in ${shared} (set CAPQA_TOKENIZERS_DIR)`;

/** The precompiled_charsmap of a tokenizer.json's normalizer (itself or inside a Sequence). */
function charsmapOf(file: string): string {
  type Normalizer = { type?: string; precompiled_charsmap?: string; normalizers?: Normalizer[] } | null | undefined;
  const find = (n: Normalizer): string | undefined =>
    n?.type === "Precompiled" ? n.precompiled_charsmap : (n?.normalizers ?? []).map(find).find((m) => m !== undefined);
  const map = find((JSON.parse(readFileSync(join(shared, file), "utf8")) as { normalizer?: Normalizer }).normalizer);
  assert.ok(map, `${file} has a Precompiled normalizer`);
  return map;
}

/** What joins grapheme clusters, and what a piece may be cut before. */
const ATOMS = [
  ..."ab .-1#~x",
  "\r\n",
  "\r",
  "\n",
  "\t",
  "\u0000",
  "e\u0301",
  "\u0301",
  "\u0300\u0327",
  "\u0600",
  "\u0601",
  "\u06dd",
  "\u070f",
  "\u0890",
  "\u08e2",
  "\u0d4e",
  "\u200d",
  "👨\u200d👩\u200d👧",
  "😀",
  "👍🏽",
  "\u{1f3fd}",
  "🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}",
  "\u2764\ufe0f",
  "1\ufe0f\u20e3",
  "🇫🇷",
  "🇫",
  "\u1100",
  "\u1161",
  "\u11a8",
  "\uac00",
  "\u0915\u094d\u0937",
  "\u094d",
  "\u0915",
  "東",
  "京",
  "か\u3099",
  "\u3099",
  "カ",
  "ｶﾞ",
  "\ud800",
  "\udc00",
  "\ufeff",
  "\u00ad",
  "©",
  "ﬁ",
  "①",
  "\u0e01\u0e33",
];

test("graphemeClusters gives a whole text's clusters a piece at a time, and the charsmap normalises them one by one", {
  skip: missing,
}, () => {
  const whole = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  const rng = new Xoshiro128(4099, 1);
  const texts: string[] = [];
  for (let k = 0; k < 80; k++) {
    let text = "";
    const length = 3_000 + rng.nextInt(4_000);
    while (text.length < length) text += ATOMS[rng.nextInt(ATOMS.length)];
    texts.push(text);
  }
  // One cluster of 3,001 characters (a letter under combining marks) amid Thai without spaces: pieces grow past it.
  texts.push(`${"\u0e01\u0e33\u0e44\u0e17\u0e22".repeat(300)}e${"\u0301\u0327".repeat(1_500)}${"\u0e01\u0e33".repeat(500)}`);
  const charsmaps = FILES.map((file) => [file, new PrecompiledCharsmap(charsmapOf(file))] as const);
  for (const [k, text] of texts.entries()) {
    const clusters = Array.from(whole.segment(text), ({ segment }) => segment);
    assert.deepEqual([...graphemeClusters(text)], clusters, `text ${k} (${text.length} characters)`);
    for (const [file, charsmap] of charsmaps)
      assert.equal(charsmap.normalize(text), clusters.map((c) => charsmap.normalize(c)).join(""), `${file}, text ${k}`);
  }
  assert.ok(Array.from(whole.segment(texts.at(-1)!), ({ segment }) => segment.length).includes(3_001), "the long cluster is one cluster");
});
