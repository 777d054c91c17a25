/**
 * BERTScore: the greedy matching on hand-made embeddings, idf, and the whole path through
 * transformers.js + onnxruntime-node on the tiny encoders the project builds
 * (scripts/fixtures/tiny-encoders.ts), against their independent float64 reference.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  computeIdf,
  greedyCosineMatch,
  IdfMap,
  isByteLevel,
  loadBertScorer,
  ROBERTA_LARGE_L17_BASELINE,
  type BertScoreResult,
} from "../lib/baselines/bertscore.js";
import {
  byteLevelTokenizerJson,
  referenceBertScore,
  referenceByteLevelIds,
  referenceIds,
  writeTinyBertScoreModel,
  writeTinyByteLevelBertScoreModel,
  type ReferenceBertScoreOptions,
} from "../scripts/fixtures/tiny-encoders.js";
import { tinyTokenizerJson, writeTinyModel } from "../scripts/fixtures/tiny-nli.js";

const root = mkdtempSync(join(tmpdir(), "capqa-bertscore-"));
writeTinyBertScoreModel(join(root, "layer3"), { layers: 3 });
writeTinyBertScoreModel(join(root, "all"), { output: "hidden_states" });
writeTinyByteLevelBertScoreModel(join(root, "bytes"), 2);
process.on("exit", () => rmSync(root, { recursive: true, force: true }));

const REFS = [
  "Water travels through the stem of a plant.",
  "The sun is a star.",
  "",
  "Cows eat plants, not pork.",
  "Three cities in Europe.",
  "The moon makes no light of its own.",
  "zebra xylophones quietly",
];
const CANDS = [
  "Water and food travel through the stem.",
  "The sun is hot!",
  "light",
  "A cow would turn down a chunk of pork, since cows are herbivores.",
  "   ",
  "The moon makes no light of its own.",
  "unknownword 42",
];

function assertClose(got: BertScoreResult, want: { precision: number[]; recall: number[]; f1: number[] }, tol: number, what: string) {
  for (const k of ["precision", "recall", "f1"] as const) {
    assert.equal(got[k].length, want[k].length, `${what}: ${k} length`);
    want[k].forEach((v, i) => assert.ok(Math.abs(got[k][i] - v) <= tol, `${what}: ${k}[${i}] ${got[k][i]} vs ${v}`));
  }
}

const reference = (o: ReferenceBertScoreOptions, refs = REFS, cands = CANDS) => referenceBertScore(refs, cands, o);

// ------------------------------------------------------------------ the pure matching

test("greedy matching: identical sentences score 1, a hand-computed pair matches bert_score's formula", () => {
  const e = Float64Array.of(3, 0, 1, 1, 0, 2);
  const same = greedyCosineMatch({ embeddings: e, weights: [1, 1, 1] }, { embeddings: e, weights: [1, 1, 1] }, 2);
  assert.ok(Math.abs(same.precision - 1) < 1e-12 && Math.abs(same.recall - 1) < 1e-12 && Math.abs(same.f1 - 1) < 1e-12);
  // Reference tokens (1,0) and (0,5); candidate tokens (2,0) and (1,1) with weights 1 and 3.
  const r = { embeddings: [1, 0, 0, 5], weights: [1, 1] };
  const c = { embeddings: [2, 0, 1, 1], weights: [1, 3] };
  const h = Math.SQRT1_2;
  const p = (1 * 1 + 3 * h) / 4;
  const rec = (1 + h) / 2;
  const m = greedyCosineMatch(r, c, 2);
  assert.ok(Math.abs(m.precision - p) < 1e-12, `${m.precision} vs ${p}`);
  assert.ok(Math.abs(m.recall - rec) < 1e-12, `${m.recall} vs ${rec}`);
  assert.ok(Math.abs(m.f1 - (2 * p * rec) / (p + rec)) < 1e-12);
  // Swapping the roles swaps precision and recall (with the weights).
  const swapped = greedyCosineMatch({ embeddings: c.embeddings, weights: [1, 1] }, { embeddings: r.embeddings, weights: [1, 1] }, 2);
  assert.ok(Math.abs(swapped.recall - (1 + h) / 2) < 1e-12);
});

test("greedy matching: negative cosines stay negative, zero weights give F1 0, bad shapes are refused", () => {
  const m = greedyCosineMatch({ embeddings: [1, 0], weights: [1] }, { embeddings: [-1, 0], weights: [1] }, 2);
  assert.equal(m.precision, -1);
  assert.equal(m.recall, -1);
  assert.equal(m.f1, -1);
  const zero = greedyCosineMatch({ embeddings: [1, 0], weights: [0] }, { embeddings: [1, 0], weights: [0] }, 2);
  assert.ok(Number.isNaN(zero.precision) && Number.isNaN(zero.recall));
  assert.equal(zero.f1, 0);
  assert.throws(
    () => greedyCosineMatch({ embeddings: [1, 0, 1], weights: [1, 1] }, { embeddings: [1, 0], weights: [1] }, 2),
    /reference: 3 embedding values for 2 tokens of dimension 2/,
  );
});

test("computeIdf is bert_score's get_idf_dict: ln((M+1)/(c+1)) per distinct token of each reference, unseen ln(M+1)", () => {
  const ids: Record<string, number> = { "<s>": 0, "</s>": 1, a: 2, b: 3, c: 4 };
  const tokenize = (t: string) => ["<s>", ...t.split(" "), "</s>"].map((w) => ids[w]);
  const idf = computeIdf(["a b b", "b c"], tokenize);
  assert.ok(idf instanceof IdfMap);
  assert.ok(Math.abs(idf.get(2)! - Math.log(3 / 2)) < 1e-15);
  assert.equal(idf.get(3), 0); // in both references (counted once per reference)
  assert.equal(idf.get(0), 0); // special tokens occur everywhere: weight 0
  assert.ok(Math.abs(idf.unseen - Math.log(3)) < 1e-15);
  assert.equal(idf.get(99), undefined);
});

test("isByteLevel recognises GPT-2/RoBERTa pre-tokenizers, alone or in a sequence", () => {
  assert.equal(isByteLevel(byteLevelTokenizerJson()), true);
  assert.equal(isByteLevel({ pre_tokenizer: { type: "Sequence", pretokenizers: [{ type: "Digits" }, { type: "ByteLevel" }] } }), true);
  assert.equal(isByteLevel(tinyTokenizerJson()), false);
  assert.equal(isByteLevel({ pre_tokenizer: null }), false);
});

// ------------------------------------------------------------------ through transformers.js

test("tiny encoder truncated at layer 3 (last_hidden_state) matches the independent reference to 1e-6", async () => {
  const scorer = await loadBertScorer({ model: join(root, "layer3"), batchSize: 3 });
  assert.equal(scorer.layer, 3);
  assert.equal(scorer.output, "last_hidden_state");
  for (const text of [...REFS, ...CANDS]) assert.deepEqual(scorer.encode(text), referenceIds(text));
  const got = await scorer.score(REFS, CANDS);
  assertClose(got, reference({ layer: 3 }), 1e-6, "no idf");
  // Empty sides score P = R = F1 = 0 (rows 2 and 4); identical sentences score 1.
  for (const i of [2, 4]) assert.deepEqual([got.precision[i], got.recall[i], got.f1[i]], [0, 0, 0]);
  assert.ok(Math.abs(got.f1[5] - 1) < 1e-6);
  await scorer.dispose();
});

test("idf from the references, a precomputed idf map, and baseline rescaling match the reference", async () => {
  const withIdf = await loadBertScorer({ model: join(root, "layer3"), idf: true });
  const idfScores = await withIdf.score(REFS, CANDS);
  assertClose(idfScores, reference({ layer: 3, idf: true }), 1e-6, "idf");
  const plain = reference({ layer: 3 });
  assert.ok(
    idfScores.f1.some((v, i) => Math.abs(v - plain.f1[i]) > 1e-3),
    "idf weighting changes some scores",
  );

  const corpus = ["the sun is a star", "the moon is not a star", "plants make food from light"];
  const map = computeIdf(corpus, (t) => withIdf.encode(t));
  const withMap = await loadBertScorer({ model: join(root, "layer3"), idf: map });
  assertClose(await withMap.score(REFS, CANDS), reference({ layer: 3, idf: corpus }), 1e-6, "idf map");

  const partial = await loadBertScorer({ model: join(root, "layer3"), idf: new Map([[2, 0]]) });
  await assert.rejects(partial.score(REFS, CANDS), /idf map has no weight for token id \d+/);

  const rescaled = await loadBertScorer({ model: join(root, "layer3"), baseline: ROBERTA_LARGE_L17_BASELINE });
  assertClose(await rescaled.score(REFS, CANDS), reference({ layer: 3, baseline: ROBERTA_LARGE_L17_BASELINE }), 1e-6, "baseline");
  const both = await loadBertScorer({ model: join(root, "layer3"), idf: true, baseline: { precision: 0.5, recall: 0.6, f1: 0.55 } });
  assertClose(
    await both.score(REFS, CANDS),
    reference({ layer: 3, idf: true, baseline: { precision: 0.5, recall: 0.6, f1: 0.55 } }),
    1e-6,
    "idf + baseline",
  );
  for (const s of [withIdf, withMap, partial, rescaled, both]) await s.dispose();
});

test("an all-layers export (hidden_states) gives each layer, and layer 3 equals the truncated export", async () => {
  for (const layer of [0, 1, 3, 4]) {
    const scorer = await loadBertScorer({ model: join(root, "all"), layer, batchSize: 4 });
    assert.equal(scorer.output, "hidden_states");
    assertClose(await scorer.score(REFS, CANDS), reference({ layer }), 1e-6, `layer ${layer}`);
    await scorer.dispose();
  }
  const truncated = await (await loadBertScorer({ model: join(root, "layer3") })).score(REFS, CANDS);
  const all = await (await loadBertScorer({ model: join(root, "all"), layer: 3 })).score(REFS, CANDS);
  assertClose(
    all,
    { precision: [...truncated.precision], recall: [...truncated.recall], f1: [...truncated.f1] },
    1e-6,
    "truncated vs all layers",
  );
});

test("scores do not depend on batch size or order; long texts are truncated with the special tokens kept", async () => {
  const results = [];
  for (const batchSize of [1, 2, 64]) {
    const scorer = await loadBertScorer({ model: join(root, "layer3"), batchSize, idf: true });
    results.push(await scorer.score(REFS, CANDS));
    await scorer.dispose();
  }
  for (const r of results.slice(1))
    assertClose(r, { precision: [...results[0].precision], recall: [...results[0].recall], f1: [...results[0].f1] }, 1e-6, "batch size");
  const scorer = await loadBertScorer({ model: join(root, "layer3"), batchSize: 2 });
  const forward = await scorer.score(REFS, CANDS);
  const backward = await scorer.score([...REFS].reverse(), [...CANDS].reverse());
  for (let i = 0; i < REFS.length; i++) assert.ok(Math.abs(forward.f1[i] - backward.f1[REFS.length - 1 - i]) < 1e-6);

  const short = await loadBertScorer({ model: join(root, "layer3"), maxLength: 6 });
  assert.deepEqual(short.encode(CANDS[3]), referenceIds(CANDS[3], 6));
  assert.equal(short.encode(CANDS[3]).length, 6);
  assertClose(await short.score(REFS, CANDS), reference({ layer: 3, maxLength: 6 }), 1e-6, "max length 6");
});

test("a byte-level (RoBERTa-style) tokenizer gets bert_score's prefix space, and <s> </s> weigh 0", async () => {
  const scorer = await loadBertScorer({ model: join(root, "bytes") });
  const ascii = REFS.map((r) => r.replace(/[^ -~]/g, ""));
  for (const t of [...ascii, ...CANDS]) assert.deepEqual(scorer.encode(t), referenceByteLevelIds(t, true));
  assertClose(
    await scorer.score(ascii, CANDS),
    referenceBertScore(ascii, CANDS, { layer: 2, byteLevel: { prefixSpace: true } }),
    1e-6,
    "prefix space",
  );
  const without = await loadBertScorer({ model: join(root, "bytes"), prefixSpace: false });
  assert.deepEqual(without.encode("The sun"), referenceByteLevelIds("The sun", false));
  const noSpace = await without.score(ascii, CANDS);
  assertClose(noSpace, referenceBertScore(ascii, CANDS, { layer: 2, byteLevel: { prefixSpace: false } }), 1e-6, "no prefix space");
  const withSpace = await scorer.score(ascii, CANDS);
  assert.ok(
    noSpace.f1.some((v, i) => Math.abs(v - withSpace.f1[i]) > 1e-3),
    "the prefix space changes scores (bert_score issue #147)",
  );
  await scorer.dispose();
  await without.dispose();
});

test("missing and malformed model folders, bad layers and bad inputs get clear errors", async () => {
  await assert.rejects(
    loadBertScorer({ model: join(root, "nowhere") }),
    /BERTScore model folder .*nowhere does not exist; .*export_bertscore\.py/,
  );
  const partial = join(root, "partial");
  writeTinyBertScoreModel(partial);
  rmSync(join(partial, "tokenizer.json"));
  rmSync(join(partial, "onnx", "model.onnx"));
  await assert.rejects(loadBertScorer({ model: partial }), /lacks tokenizer\.json, onnx\/model\.onnx;/);
  const badJson = join(root, "bad-json");
  writeTinyBertScoreModel(badJson);
  writeFileSync(join(badJson, "config.json"), "{ not json");
  await assert.rejects(loadBertScorer({ model: badJson }), /config\.json: not valid JSON/);
  writeFileSync(join(badJson, "config.json"), JSON.stringify({ model_type: "bert" }));
  await assert.rejects(loadBertScorer({ model: badJson }), /has no integer num_hidden_layers/);
  const nli = join(root, "nli");
  writeTinyModel(nli, { precisions: ["fp32"] });
  await assert.rejects(loadBertScorer({ model: nli }), /outputs logits; BERTScore needs last_hidden_state/);
  await assert.rejects(
    loadBertScorer({ model: join(root, "layer3"), layer: 2 }),
    /encoder of 3 layers .* but layer 2 was asked; export the encoder truncated after layer 2/,
  );
  const deep = await loadBertScorer({ model: join(root, "all"), layer: 7 });
  await assert.rejects(deep.score(["a"], ["b"]), /layer 7 was asked, but hidden_states holds layers 0\.\.4/);
  await assert.rejects(loadBertScorer({ model: join(root, "layer3"), batchSize: 0 }), /batch size must be a positive integer/);
  const scorer = await loadBertScorer({ model: join(root, "layer3") });
  await assert.rejects(scorer.score(["a", "b"], ["c"]), /2 references but 1 candidates/);
  await assert.rejects(scorer.score(["a"], [3 as unknown as string]), /candidates\[0\] is not a string: 3/);
});
