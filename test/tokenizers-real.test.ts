/**
 * capqa's tokenization on the real tokenizer files of the models its users load
 * (../shared/tokenizers, or CAPQA_TOKENIZERS_DIR) against HF tokenizers' Rust core, the core of
 * Python's fast tokenizers (@anush008/tokenizers, a dev dependency), driven as
 * sentence-transformers' CrossEncoder and bert_score drive it: the token ids published by
 * transformers.js' tests, pair encodings of every CAP-Correctness pair in both directions (the
 * released data: CAPQA_DATA_DIR or ../shared/data/cap-correctness), long pairs and white-space /
 * Unicode stress pairs for DeBERTa-v3 and a RoBERTa cross-encoder, through `capqa score` with an
 * echo model (scripts/fixtures/echo-nli.ts) whose probabilities give back the ids it was fed;
 * BERTScore's stripping; the pad id; T5's decoding and segmentation.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { NLI_TOKENIZE_CHARS_PER_TOKEN } from "../lib/constants.js";
import { loadBenchmark } from "../lib/data/benchmark.js";
import { parseCsv, toCsv } from "../lib/io/csv.js";
import { longestFirstKeep, PairEncoder, pairEncodingOf, type HfTokenizer } from "../lib/nli/pair-encoding.js";
import { loadTokenizer, SentenceEncoder } from "../lib/baselines/bertscore.js";
import { padTokenId } from "../lib/runtime/tokenizer-fidelity.js";
import { loadPretrainedTokenizer, loadTransformers } from "../lib/runtime/transformers.js";
import { pySplit, pyStrip } from "../lib/text/python-string.js";
import { echoLogits, writeEchoModel, type EchoTables } from "../scripts/fixtures/echo-nli.js";
import { releasedDataDir, runNode } from "./helpers.js";

/** The oracle's surface used here (@anush008/tokenizers 0.6). */
interface OracleEncoding {
  getIds(): number[];
  getTypeIds(): number[];
  getTokens(): string[];
}
interface Oracle {
  encode(a: string, b?: string | null, options?: { addSpecialTokens?: boolean }): Promise<OracleEncoding>;
  decode(ids: number[], skipSpecialTokens: boolean): Promise<string>;
  setTruncation(maxLength: number, options?: { strategy?: string }): void;
  tokenToId(token: string): number | null;
}
const require = createRequire(import.meta.url);
const { Tokenizer } = require("@anush008/tokenizers") as { Tokenizer: { fromFile(f: string): Oracle; fromString(s: string): Oracle } };

const shared = process.env.CAPQA_TOKENIZERS_DIR ?? resolve("..", "shared", "tokenizers");
const NEEDED = [
  "deberta-v3/tokenizer.derived.json",
  "deberta-v3/cross-encoder-tokenizer_config.json",
  "roberta-base/tokenizer.json",
  "t5-small/tokenizer.json",
  "expected-ids/t5.json",
];
const noTokenizers = NEEDED.every((f) => existsSync(join(shared, f)))
  ? false
  : `the real tokenizer files are not in ${shared} (set CAPQA_TOKENIZERS_DIR; see ../shared/tokenizers/README.md)`;
const dataDir = releasedDataDir();
const noData = noTokenizers || (dataDir ? false : "the released data is not present (set CAPQA_DATA_DIR)");

const root = mkdtempSync(join(tmpdir(), "capqa-tokreal-"));
process.on("exit", () => rmSync(root, { recursive: true, force: true }));

/** Python's str.isspace() characters, as Python 3.12 lists them (independent of lib/text/python-string.ts). */
const PYTHON_SPACES =
  "\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";
const PY_STRIP = new RegExp(`^[${PYTHON_SPACES}]+|[${PYTHON_SPACES}]+$`, "gu");
/** The oracle's stripping: Python's str.strip(), as CrossEncoder and bert_score strip each text. */
const oracleStrip = (s: string) => s.replace(PY_STRIP, "");

interface ModelFiles {
  readonly name: string;
  /** [file in ../shared/tokenizers, name in the model folder]. */
  readonly files: [string, string][];
  /** The tokenizer.json the oracle loads. */
  readonly oracleFile: string;
}
const DEBERTA: ModelFiles = {
  name: "deberta-v3",
  files: [
    ["deberta-v3/tokenizer.derived.json", "tokenizer.json"],
    ["deberta-v3/cross-encoder-tokenizer_config.json", "tokenizer_config.json"],
    ["deberta-v3/special_tokens_map.json", "special_tokens_map.json"],
  ],
  oracleFile: "deberta-v3/tokenizer.derived.json",
};
/** A RoBERTa cross-encoder as assembled from roberta-base's hub files (its tokenizer_config.json names no pad token). */
const ROBERTA: ModelFiles = {
  name: "roberta-base",
  files: [
    ["roberta-base/tokenizer.json", "tokenizer.json"],
    ["roberta-base/tokenizer_config.json", "tokenizer_config.json"],
  ],
  oracleFile: "roberta-base/tokenizer.json",
};
const T5: ModelFiles = {
  name: "t5-small",
  files: [
    ["t5-small/tokenizer.json", "tokenizer.json"],
    ["t5-small/tokenizer_config.json", "tokenizer_config.json"],
  ],
  oracleFile: "t5-small/tokenizer.json",
};

function tokenizerFolder(m: ModelFiles, suffix = ""): string {
  const dir = join(root, `${m.name}${suffix}`);
  mkdirSync(dir, { recursive: true });
  for (const [from, to] of m.files) copyFileSync(join(shared, from), join(dir, to));
  return dir;
}

async function tokenizerOf<T = HfTokenizer>(dir: string): Promise<T> {
  return loadPretrainedTokenizer<T>(await loadTransformers(), dir);
}

/**
 * The ids of the pairs longer than this many characters are asked of an oracle once and kept: the
 * core takes seconds for two texts of 70,000 characters (its longest-first truncation builds every
 * pairing of the two sides' overflowing pieces), and the same long pairs come back in both
 * directions and in several tests. Their ids are still HF's core's, computed by it.
 */
const ORACLE_KEEPS_PAIRS_OVER_CHARS = 20_000;
const oracleKept = new WeakMap<Oracle, Map<string, Promise<number[]>>>();

/**
 * The CrossEncoder's ids of a pair: each text stripped, longest-first truncation to maxLength, [CLS] a [SEP] b [SEP] (RoBERTa: <s> a
 * </s></s> b </s>).
 */
async function oraclePair(oracle: Oracle, premise: string, hypothesis: string): Promise<number[]> {
  const ask = async () => (await oracle.encode(oracleStrip(premise), oracleStrip(hypothesis))).getIds();
  if (premise.length + hypothesis.length <= ORACLE_KEEPS_PAIRS_OVER_CHARS) return ask();
  let kept = oracleKept.get(oracle);
  if (!kept) oracleKept.set(oracle, (kept = new Map()));
  const key = JSON.stringify([premise, hypothesis]);
  if (!kept.has(key)) kept.set(key, ask());
  return [...(await kept.get(key)!)];
}

const oracles = new Map<string, Oracle>();

/**
 * HF's core for a model's tokenizer.json with longest-first truncation to maxLength: one per model and length, shared by the tests (none
 * changes its settings).
 */
function oracleFor(m: ModelFiles, maxLength = 512): Oracle {
  const key = `${m.oracleFile}:${maxLength}`;
  let oracle = oracles.get(key);
  if (!oracle) {
    oracle = Tokenizer.fromFile(join(shared, m.oracleFile));
    oracle.setTruncation(maxLength, { strategy: "LongestFirst" });
    oracles.set(key, oracle);
  }
  return oracle;
}

// ------------------------------------------------------------------ inputs

/** Every CAP-Correctness pair in both directions: premise = gold statement, hypothesis = the candidate's. */
function capPairs(): [string, string][] {
  const bench = loadBenchmark(dataDir);
  return bench.rows.flatMap((r): [string, string][] => [
    [r.premise, r.hypothesis],
    [r.hypothesis, r.premise],
  ]);
}

/**
 * Long pairs around the truncation budget: both sides over half of it (ties, off by one), one side short, both past the tokenization
 * window.
 */
function longPairs(): [string, string][] {
  const sentences = [
    "The formation of acid rain is the effect of fossil fuel burning the scientists most likely evaluated.",
    "Plants make their food by photosynthesis, using light energy from the sun.",
    "Water travels through the stem of a plant to its leaves.",
    "A neuron communicates with another cell across a synapse, 3.14 times a second (or so).",
  ];
  const text = (words: number, offset = 0) => {
    const all = sentences.join(" ").split(" ");
    return Array.from({ length: words }, (_, i) => all[(i + offset) % all.length]).join(" ");
  };
  const out: [string, string][] = [];
  for (const [a, b] of [
    [300, 300],
    [300, 301],
    [301, 300],
    [254, 255],
    [255, 254],
    [250, 250],
    [400, 120],
    [120, 400],
    [508, 1],
    [1, 508],
    [600, 600],
    [2000, 300],
    [300, 2000],
    [1000, 1001],
  ]) {
    out.push([text(a), text(b, 7)], [text(a, 3), text(b, 3)]);
  }
  // Past NLI_TOKENIZE_CHARS_PER_TOKEN × (budget + 1) characters: read a window at a time, both
  // texts over the budget (which one keeps the larger half is known only once both are read to
  // their ends: 12,000 words against 11,500, and one text twice, a tie). Just past the window, as
  // HF's core takes seconds for such a pair (it pairs each overflowing piece of one side with each
  // of the other's).
  const [longer, shorter] = [text(12_000), text(11_500, 5)];
  const window = 512 * NLI_TOKENIZE_CHARS_PER_TOKEN;
  assert.ok(
    shorter.length > window,
    `the long pairs' texts are past the tokenization window (${shorter.length} characters; the window ${window})`,
  );
  out.push([longer, shorter], [shorter, longer], [text(12_000, 2), text(12_000, 2)]);
  return out;
}

/**
 * White-space and Unicode stress pairs: every space Python, Rust and JavaScript disagree on, at the ends and inside, and characters
 * normalizers treat specially.
 */
function stressPairs(): [string, string][] {
  const base = "Growth of plants needs light.";
  const spaces = [
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x1d",
    "\x1e",
    "\x1f",
    "\x85",
    "\xa0",
    "\u1680",
    "\u2000",
    "\u2007",
    "\u200a",
    "\u2028",
    "\u2029",
    "\u202f",
    "\u205f",
    "\u3000",
    "\ufeff",
    "\u200b",
    "\u180e",
    "\u00ad",
  ];
  const out: [string, string][] = [];
  for (const s of spaces) {
    out.push(
      [`${s}${base}`, base],
      [base, `${base}${s}`],
      [`${s}Grow${s}`, `x${s}y`],
      [`The sun${s}${s}is hot.`, `${s} ${s}Energy comes from the sun.${s} `],
    );
  }
  const unicode = [
    "e\u0301t\u00e9 caf\u00e9 na\u00efve",
    "\ufb01ne \u2460 \u00bd \u2126 \u212b \uff21\uff22\uff23 \u3000\u30ab\u30bf\u30ab\u30ca",
    "emoji 😀👍🏽 👩‍👩‍👧‍👦 🇫🇷 family",
    "東京都の天気は晴れです。",
    "Answer: ____________ and as____________: done",
    "control \x00 \x07 \x1b chars",
    "\u0344 \u0958 \u2ada \ufdfa Arabic ligature",
    "The term 'mean' isn't \"average\" , is it ?",
    "tab\tseparated\tvalues\r\nand lines",
    "a\u0085b\u2028c\u00a0d",
  ];
  for (const u of unicode) out.push([u, base], [base, u], [` ${u}\x85`, `\ufeff${u}`]);
  return out;
}

// ------------------------------------------------------------------ published ids

test("the published ids of DeBERTa-v3, distilroberta (RoBERTa's vocabulary) and T5 come out of capqa's loaded tokenizers, as out of HF's core", {
  skip: noTokenizers,
}, async () => {
  const cases: [ModelFiles, string, string[]][] = [
    [DEBERTA, "deberta_v2", ["Xenova/nli-deberta-v3-small"]],
    [ROBERTA, "roberta", ["Xenova/all-distilroberta-v1"]],
    [T5, "t5", ["Xenova/t5-small", "google-t5/t5-small"]],
  ];
  for (const [m, file, models] of cases) {
    const tokenizer = await tokenizerOf<(t: string, o?: { text_pair?: string }) => { input_ids: { tolist(): unknown } | number[] }>(
      tokenizerFolder(m, "-published"),
    );
    const oracle = Tokenizer.fromFile(join(shared, m.oracleFile));
    const published = JSON.parse(readFileSync(join(shared, "expected-ids", `${file}.json`), "utf8")) as Record<
      string,
      Record<string, { text: string; text_pair?: string; ids: number[] }>
    >;
    for (const model of models) {
      for (const [name, c] of Object.entries(published[model])) {
        const raw = tokenizer(c.text, c.text_pair === undefined ? undefined : { text_pair: c.text_pair }).input_ids;
        const ids = (Array.isArray(raw) ? raw : (raw.tolist() as unknown[]).flat()).map(Number);
        assert.deepEqual(ids, c.ids, `${model} ${name}: capqa`);
        assert.deepEqual((await oracle.encode(c.text, c.text_pair ?? null)).getIds(), c.ids, `${model} ${name}: HF's core`);
      }
    }
  }
});

// ------------------------------------------------------------------ truncation arithmetic

test("longestFirstKeep is HF's longest-first truncation: every pair of lengths up to 30 at odd and even budgets from 1 to 17", {
  skip: noTokenizers,
}, async () => {
  // The oracle: DeBERTa-v3's core with "▁a" one token, lengths n and m, truncated to budget + 3.
  const oracle = Tokenizer.fromFile(join(shared, DEBERTA.oracleFile));
  const word = "a";
  assert.deepEqual((await oracle.encode(`${word} ${word}`, null, { addSpecialTokens: false })).getTokens(), ["▁a", "▁a"]);
  for (const budget of [1, 2, 3, 4, 5, 8, 9, 16, 17]) {
    oracle.setTruncation(budget + 3, { strategy: "LongestFirst" });
    for (let n = 1; n <= 30; n++) {
      for (let m = 1; m <= 30; m++) {
        const e = await oracle.encode(Array(n).fill(word).join(" "), Array(m).fill("b").join(" "));
        const ids = e.getTokens();
        const keepA = ids.filter((t) => t === "▁a").length;
        const keepB = ids.filter((t) => t === "▁b").length;
        assert.deepEqual(longestFirstKeep(n, m, budget), [keepA, keepB], `lengths ${n} and ${m}, budget ${budget}`);
      }
    }
  }
});

// ------------------------------------------------------------------ pair encodings, directly

test("DeBERTa-v3 and RoBERTa pair encodings of long and stress pairs equal HF's core (ids; token types all zero)", {
  skip: noTokenizers,
}, async (t) => {
  // config.json's type_vocab_size: DeBERTa-v3's cross-encoder 0, RoBERTa's 1 (pairEncodingOf: no token types reach either).
  for (const [m, typeVocabSize] of [
    [DEBERTA, JSON.parse(readFileSync(join(shared, "deberta-v3", "cross-encoder-config.json"), "utf8")).type_vocab_size],
    [ROBERTA, 1],
  ] as const) {
    const dir = tokenizerFolder(m, "-pairs");
    const tokenizer = await tokenizerOf(dir);
    const encoder = new PairEncoder(tokenizer, 512, pairEncodingOf(tokenizer, { type_vocab_size: typeVocabSize }, dir));
    const oracle = oracleFor(m);
    let same = 0;
    const pairs = [...longPairs(), ...stressPairs()];
    for (const [p, h] of pairs) {
      const mine = encoder.encode(p, h);
      assert.deepEqual(mine.ids, await oraclePair(oracle, p, h), `${m.name}: ${JSON.stringify([p.slice(0, 80), h.slice(0, 80)])}`);
      assert.ok(
        mine.types.every((x) => x === 0),
        `${m.name}: token types sent`,
      );
      same++;
    }
    t.diagnostic(`${m.name}: ${same} of ${pairs.length} long and stress pairs give HF's ids`);
  }
});

// ------------------------------------------------------------------ through capqa score

/** An echo model folder with a real tokenizer (see scripts/fixtures/echo-nli.ts). */
function echoFolder(
  m: ModelFiles,
  o: { vocabSize: number; padId: number; modelType: string; architecture: string; typeRows: number; config: Record<string, unknown> },
): { dir: string; tables: EchoTables } {
  const dir = tokenizerFolder(m, "-echo");
  const tables = writeEchoModel(dir, o);
  return { dir, tables };
}

for (const [m, echo] of [
  [
    DEBERTA,
    {
      vocabSize: 128100,
      padId: 0,
      modelType: "deberta-v2",
      architecture: "DebertaV2ForSequenceClassification",
      typeRows: 0,
      config: { type_vocab_size: 0, pad_token_id: 0 },
    },
  ],
  // RoBERTa's type table has one row: a type id 1 fails the run.
  [
    ROBERTA,
    {
      vocabSize: 50265,
      padId: 1,
      modelType: "roberta",
      architecture: "RobertaForSequenceClassification",
      typeRows: 1,
      config: { type_vocab_size: 1, pad_token_id: 1 },
    },
  ],
] as const) {
  test(`capqa score feeds a ${m.name} model HF's ids for every CAP-Correctness pair (both directions), long pair and stress pair`, {
    skip: noData,
    timeout: 900_000,
  }, async (t) => {
    const { dir, tables } = echoFolder(m, echo);
    const cap = capPairs();
    // Reverse directions come from capqa's own reverse pass: one row per forward pair.
    const rows = [...cap.filter((_, i) => i % 2 === 0), ...longPairs(), ...stressPairs()].map(([premise, hypothesis], id) => ({
      id,
      premise,
      hypothesis,
    }));
    const input = join(root, `${m.name}-pairs.csv`);
    const output = join(root, `${m.name}-scored.csv`);
    writeFileSync(input, toCsv(["id", "premise", "hypothesis"], rows));
    const run = await runNode(resolve("dist/cli/main.js"), ["score", "--in", input, "--out", output, "--model", dir, "--no-cache"]);
    assert.equal(run.code, 0, run.stderr);
    const table = parseCsv(readFileSync(output, "utf8"), output);
    const scored = table.records.map((r) => Object.fromEntries(table.header.map((c, k) => [c, r.fields[k]])));
    assert.equal(scored.length, rows.length);
    const oracle = oracleFor(m);
    const encoder = new PairEncoder(await tokenizerOf(dir), 512);
    const counts = { cap: 0, long: 0, stress: 0 };
    const capRows = cap.length / 2;
    const longCount = longPairs().length;
    const mismatches: string[] = [];
    for (const [i, row] of rows.entries()) {
      const out = scored[i];
      assert.equal(out.status, "ok", `row ${i}: ${out.reason}`);
      for (const [dirn, p, h] of [
        ["f", row.premise, row.hypothesis],
        ["r", row.hypothesis, row.premise],
      ] as const) {
        const expected = await oraclePair(oracle, p, h);
        const [h0, h1] = echoLogits(expected, tables);
        const pe = Number(out[`pe_${dirn}`]);
        const pn = Number(out[`pn_${dirn}`]);
        const pc = Number(out[`pc_${dirn}`]);
        const ok = Math.abs(Math.log(pe / pc) - h0) < 1e-4 && Math.abs(Math.log(pn / pc) - h1) < 1e-4;
        if (ok) counts[i < capRows ? "cap" : i < capRows + longCount ? "long" : "stress"]++;
        else if (mismatches.length < 5)
          mismatches.push(
            `row ${i} (${dirn}): oracle ${JSON.stringify(expected.slice(0, 40))}, capqa's encoder ${JSON.stringify(encoder.encode(p, h).ids.slice(0, 40))}`,
          );
      }
    }
    // The check has teeth: where both texts of a CAP-Correctness pair are over half the budget,
    // the old arithmetic (the longer side popped one token at a time) gives other ids, and the
    // echo model's output tells them apart.
    const whole = Tokenizer.fromFile(join(shared, m.oracleFile));
    const budget = 512 - (m === DEBERTA ? 3 : 4);
    let bothLong = 0;
    let differ = 0;
    for (const [p, h] of cap) {
      const a = (await whole.encode(oracleStrip(p), null, { addSpecialTokens: false })).getIds();
      const b = (await whole.encode(oracleStrip(h), null, { addSpecialTokens: false })).getIds();
      if (2 * a.length <= budget || 2 * b.length <= budget) continue;
      bothLong++;
      while (a.length + b.length > budget) (a.length > b.length ? a : b).pop();
      const old = m === DEBERTA ? [1, ...a, 2, ...b, 2] : [0, ...a, 2, 2, ...b, 2];
      const expected = await oraclePair(oracle, p, h);
      if (old.length === expected.length && old.every((id, k) => id === expected[k])) continue; // an even budget: both halves equal either way
      differ++;
      const [o0, o1] = echoLogits(old, tables);
      const [e0, e1] = echoLogits(expected, tables);
      assert.ok(Math.max(Math.abs(o0 - e0), Math.abs(o1 - e1)) > 1e-2, "the echo model tells the old truncation's ids apart");
    }
    assert.ok(bothLong >= 2, `${bothLong} CAP-Correctness pairs have both texts over half the budget`);
    if (budget % 2 === 1) assert.equal(differ, bothLong, "at an odd budget the old arithmetic gives other ids for every such pair");
    t.diagnostic(
      `${m.name}: ${bothLong} CAP-Correctness pairs have both texts over half the budget; the old arithmetic gave other ids for ${differ}`,
    );
    t.diagnostic(
      `${m.name}: HF's ids reach the model for ${counts.cap} of ${cap.length} CAP-Correctness pairs, ${counts.long} of ${2 * longCount} long pairs, ${counts.stress} of ${2 * (rows.length - capRows - longCount)} stress pairs`,
    );
    assert.deepEqual(mismatches, []);
  });
}

// ------------------------------------------------------------------ BERTScore

test("BERTScore strips as Python's str.strip(): RoBERTa's ids (prefix space) equal HF's core on stress texts and every CAP-Correctness text", {
  skip: noTokenizers,
}, async (t) => {
  const dir = tokenizerFolder(ROBERTA, "-bertscore");
  const tokenizer = await loadTokenizer(await loadTransformers(), dir);
  const encoder = new SentenceEncoder(tokenizer, { strip: true, prefixSpace: true, maxLength: 512 });
  // bert_score's RoBERTa: add_prefix_space=True in the byte-level pre-tokenizer and post-processor, each text str.strip()ped, truncated.
  const json = JSON.parse(readFileSync(join(shared, ROBERTA.oracleFile), "utf8"));
  json.pre_tokenizer.add_prefix_space = true;
  json.post_processor.add_prefix_space = true;
  const oracle = Tokenizer.fromString(JSON.stringify(json));
  oracle.setTruncation(512, { strategy: "LongestFirst" });
  const texts = stressPairs().flat();
  if (dataDir) for (const r of loadBenchmark(dataDir).rows) texts.push(r.goldAnswer, r.answer, r.premise, r.hypothesis);
  const distinct = [...new Set(texts)];
  let same = 0;
  for (const text of distinct) {
    assert.deepEqual(encoder.encode(text), (await oracle.encode(oracleStrip(text))).getIds(), JSON.stringify(text));
    same++;
  }
  t.diagnostic(`${same} of ${distinct.length} distinct texts give bert_score's ids`);
});

test("pyStrip and pySplit are Python's str.strip() and str.split() for every BMP character (JavaScript's trim() differs on U+FEFF, U+001C–U+001F, U+0085)", () => {
  for (const c of ["\ufeff", "\x1c", "\x1d", "\x1e", "\x1f", "\x85"])
    assert.notEqual(`${c}a${c}`.trim(), oracleStrip(`${c}a${c}`), `U+${c.charCodeAt(0).toString(16)}`);
  for (let code = 0; code < 0x10000; code++) {
    const c = String.fromCharCode(code);
    const text = `${c}${c}a${c}b ${c}`;
    assert.equal(pyStrip(text), oracleStrip(text), `U+${code.toString(16)}`);
    const expected = PYTHON_SPACES.includes(c) ? ["a", "b"] : [`${c}${c}a${c}b`, c];
    assert.deepEqual(pySplit(text), expected, `U+${code.toString(16)}`);
  }
});

// ------------------------------------------------------------------ JSON numbers as the core reads them

test("rustJsonNumber: exact where one rounding suffices (≤ 15 digits, |exponent| ≤ 22), and t5-small's Unigram scores parsed as the core parses them differ from JSON.parse by at most one unit in the last place", async (t) => {
  const { rustJsonNumber, parseJsonAsRust } = await import("../lib/runtime/rust-json.js");
  let seed = 7;
  let checked = 0;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed);
  for (let k = 0; k < 20_000; k++) {
    const digits = String(next() % 10 ** (1 + (next() % 9))) + String(next() % 1_000_000);
    const cut = next() % digits.length;
    const literal = `${next() % 2 ? "-" : ""}${digits.slice(0, cut) || "0"}${cut < digits.length ? `.${digits.slice(cut)}` : ""}${next() % 3 === 0 ? `e${(next() % 23) - 11}` : ""}`;
    const significant = (digits.replace(/^0+/, "") || "0").length;
    if (significant > 15) continue;
    const exp = Number(/e(-?\d+)/.exec(literal)?.[1] ?? 0) - (cut < digits.length ? digits.length - cut : 0);
    if (Math.abs(exp) > 22) continue;
    assert.equal(rustJsonNumber(literal), Number(literal), literal);
    checked++;
  }
  assert.ok(checked > 5_000, `${checked} literals checked`);
  assert.deepEqual(parseJsonAsRust('{"a": [1, -2.5, 1e3, "x", null, true]}'), { a: [1, -2.5, 1000, "x", null, true] });
  if (noTokenizers) return;
  const text = readFileSync(join(shared, T5.oracleFile), "utf8");
  const rust = (parseJsonAsRust(text) as { model: { vocab: [string, number][] } }).model.vocab;
  const js = (JSON.parse(text) as { model: { vocab: [string, number][] } }).model.vocab;
  let differ = 0;
  rust.forEach(([piece, score], i) => {
    assert.equal(piece, js[i][0]);
    if (score !== js[i][1]) {
      differ++;
      const ulp = Math.abs(js[i][1]) * Number.EPSILON;
      assert.ok(Math.abs(score - js[i][1]) <= ulp, `${piece}: ${score} vs ${js[i][1]}`);
    }
  });
  t.diagnostic(`t5-small: ${differ} of ${rust.length} Unigram scores read otherwise than JSON.parse reads them`);
  assert.ok(differ > 0, "some scores differ (the Unigram tie on ____________ depends on them)");
});

// ------------------------------------------------------------------ pad id

test("the pad id comes from tokenizer_config.json, special_tokens_map.json or the vocabulary (RoBERTa's hub files: 1, never <s>); none fails naming the folder", {
  skip: noTokenizers,
}, async () => {
  const robertaDir = tokenizerFolder(ROBERTA, "-pad");
  const roberta = await tokenizerOf<HfTokenizer>(robertaDir);
  assert.equal(padTokenId(roberta, robertaDir), 1);
  assert.equal(Tokenizer.fromFile(join(shared, ROBERTA.oracleFile)).tokenToId("<pad>"), 1);
  const bertscoreTokenizer = await loadTokenizer(await loadTransformers(), robertaDir);
  assert.equal(bertscoreTokenizer.pad_token_id, 1);
  const debertaDir = tokenizerFolder(DEBERTA, "-pad");
  assert.equal(padTokenId(await tokenizerOf<HfTokenizer>(debertaDir), debertaDir), 0);
  // special_tokens_map.json names another token: it wins over the vocabulary's <pad>.
  writeFileSync(join(robertaDir, "special_tokens_map.json"), JSON.stringify({ pad_token: { content: "</s>" } }));
  assert.equal(padTokenId(roberta, robertaDir), 2);
  writeFileSync(join(robertaDir, "special_tokens_map.json"), JSON.stringify({ pad_token: "<nowhere>" }));
  assert.throws(
    () => padTokenId(roberta, robertaDir),
    /special_tokens_map\.json names the pad token "<nowhere>", which the vocabulary of .* does not have/,
  );
  // No file names one and the vocabulary has neither <pad> nor [PAD].
  const bare = { _tokenizer: { token_to_id: () => undefined, added_tokens_map: new Map() } };
  assert.throws(
    () => padTokenId(bare, join(root, "nowhere")),
    /cannot tell the pad token of .*nowhere.*name it as "pad_token" in tokenizer_config\.json/,
  );
});

// ------------------------------------------------------------------ T5

test("T5: every CAP-Correctness text segments as HF's core segments it (the Unigram tie on ____________ included), and decodes as current transformers decodes", {
  skip: noTokenizers,
  timeout: 600_000,
}, async (t) => {
  type T5Tokenizer = ((text: string) => { input_ids: { tolist(): unknown } | number[] }) & {
    decode(ids: number[], o?: { skip_special_tokens?: boolean }): string;
  };
  const ids = (tok: T5Tokenizer, text: string) => {
    const raw = tok(text).input_ids;
    return (Array.isArray(raw) ? raw : (raw.tolist() as unknown[]).flat()).map(Number);
  };
  const configured = await tokenizerOf<T5Tokenizer>(tokenizerFolder(T5, "-configured"));
  // A tokenizer_config.json without clean_up_tokenization_spaces: current transformers (≥ 4.45) leaves spaces as they are.
  const plainDir = tokenizerFolder(T5, "-plain");
  const config = JSON.parse(readFileSync(join(plainDir, "tokenizer_config.json"), "utf8"));
  assert.equal(config.clean_up_tokenization_spaces, true, "t5-small's tokenizer_config.json cleans up");
  delete config.clean_up_tokenization_spaces;
  writeFileSync(join(plainDir, "tokenizer_config.json"), JSON.stringify(config));
  const plain = await tokenizerOf<T5Tokenizer>(plainDir);
  const oracle = Tokenizer.fromFile(join(shared, T5.oracleFile));
  assert.deepEqual(ids(plain, "as____________:"), (await oracle.encode("as____________:")).getIds(), "the Unigram tie");
  assert.equal(plain.decode(ids(plain, "The term 'mean' is used."), { skip_special_tokens: true }), "The term 'mean' is used.");
  assert.equal(configured.decode(ids(configured, "The term 'mean' is used."), { skip_special_tokens: true }), "The term'mean' is used.");
  const texts = stressPairs().flat();
  if (dataDir) for (const r of loadBenchmark(dataDir).rows) texts.push(r.question, r.goldAnswer, r.answer, r.premise, r.hypothesis);
  const distinct = [...new Set(texts)];
  let same = 0;
  for (const text of distinct) {
    const expected = (await oracle.encode(text)).getIds();
    const mine = ids(plain, text);
    assert.deepEqual(mine, expected, JSON.stringify(text));
    assert.equal(
      plain.decode(mine, { skip_special_tokens: true }),
      await oracle.decode(expected, true),
      `decoding ${JSON.stringify(text)}`,
    );
    same++;
  }
  t.diagnostic(`t5-small: ${same} of ${distinct.length} distinct texts give HF's ids and decode to HF's text`);
});
