/**
 * COMET: sparsemax, comet.json validation, and the estimator through transformers.js +
 * onnxruntime-node on the tiny COMET-shaped folder the project builds
 * (scripts/fixtures/tiny-encoders.ts), against its independent float64 reference.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  COMET_EXPORT_COMMAND,
  cometUnavailable,
  layerSoftmax,
  loadCometEstimator,
  parseCometSettings,
  sparsemax,
} from "../lib/baselines/comet.js";
import { Xoshiro128 } from "../lib/stats/random.js";
import {
  referenceComet,
  referenceSparsemax,
  tinyCometSettings,
  TINY_LAYERWISE_WEIGHTS,
  writeTinyBertScoreModel,
  writeTinyComet,
  type TinyCometOptions,
} from "../scripts/fixtures/tiny-encoders.js";

const root = mkdtempSync(join(tmpdir(), "capqa-comet-"));
process.on("exit", () => rmSync(root, { recursive: true, force: true }));
const folder = (name: string, options: TinyCometOptions = {}) => {
  const dir = join(root, name);
  writeTinyComet(dir, options);
  return dir;
};
const wmt22 = folder("wmt22-like");

// Question as source, candidate answer as MT output, gold answer as reference (the paper's setup).
const SRC = [
  "What travels through the stem of a plant?",
  "What is the sun?",
  "Which animal is a herbivore?",
  "What is the sun?",
  "",
  "How many cities are in Europe?",
];
const MT = [
  "Water and food travel through the stem.",
  "The sun is hot!",
  "A cow would turn down a chunk of pork, since cows are herbivores.",
  "The sun is a star.",
  "light",
  "zebra xylophones 42",
];
const REF = [
  "Water travels through the stem of a plant.",
  "The sun is a star.",
  "cows",
  "The sun is a star.",
  "Light energy.",
  "Many cities.",
];

function assertClose(got: Float64Array, want: number[], tol: number, what: string) {
  assert.equal(got.length, want.length, `${what}: length`);
  want.forEach((v, i) => assert.ok(Math.abs(got[i] - v) <= tol, `${what}: row ${i}: ${got[i]} vs ${v}`));
}

test("sparsemax is entmax's: the simplex projection, sparse where softmax is not", () => {
  const p = sparsemax(TINY_LAYERWISE_WEIGHTS);
  const want = [0.18333333, 0, 0.48333333, 0, 0.33333333];
  p.forEach((v, i) => assert.ok(Math.abs(v - want[i]) < 1e-6, `${v} vs ${want[i]}`));
  assert.ok(Math.abs(p.reduce((a, b) => a + b, 0) - 1) < 1e-12);
  assert.deepEqual(sparsemax([0, 0, 0, 0]), [0.25, 0.25, 0.25, 0.25]);
  assert.deepEqual(sparsemax([5, 0, 1]), [1, 0, 0]);
  assert.ok(layerSoftmax(TINY_LAYERWISE_WEIGHTS).every((v) => v > 0));
  const rng = new Xoshiro128(7, 1);
  for (let trial = 0; trial < 200; trial++) {
    const z = Array.from({ length: 1 + rng.nextInt(25) }, () => (rng.nextFloat() - 0.5) * 4 * rng.nextFloat());
    const mine = sparsemax(z);
    const theirs = referenceSparsemax(z);
    mine.forEach((v, i) => assert.ok(Math.abs(v - theirs[i]) < 1e-12, `trial ${trial}: ${z}`));
  }
});

test("the wmt22-comet-da configuration (sparsemax mix, no layer norm, avg pooling) matches the independent reference to 1e-6", async () => {
  const comet = await loadCometEstimator({ model: wmt22, batchSize: 3 });
  assert.equal(comet.settings.layer_transformation, "sparsemax");
  const got = await comet.score(SRC, MT, REF);
  assertClose(got, referenceComet(SRC, MT, REF), 1e-6, "sparsemax");
  // The layer mix matters: softmax weights, or one layer alone, would give other scores.
  const soft = referenceComet(SRC, MT, REF, { layerTransformation: "softmax" });
  assert.ok(
    soft.some((v, i) => Math.abs(v - got[i]) > 1e-3),
    "softmax would differ",
  );
  const top = referenceComet(SRC, MT, REF, { layer: 4 });
  assert.ok(
    top.some((v, i) => Math.abs(v - got[i]) > 1e-3),
    "the last layer alone would differ",
  );
  // Rows 1 and 3 share the source; row 3 is the reference itself.
  assert.notEqual(got[1], got[3]);
  await comet.dispose();
});

test("softmax with layer norm, a single layer, truncation and external weights match the reference", async () => {
  const cases: [string, TinyCometOptions][] = [
    ["softmax-norm", { layerTransformation: "softmax", layerNorm: true }],
    ["sparsemax-norm", { layerNorm: true }],
    ["layer-2", { layer: 2 }],
    ["short", { maxLength: 6 }],
    ["external", { externalData: true }],
  ];
  for (const [name, options] of cases) {
    const comet = await loadCometEstimator({ model: folder(name, options), batchSize: 4 });
    assertClose(await comet.score(SRC, MT, REF), referenceComet(SRC, MT, REF, options), 1e-6, name);
    await comet.dispose();
  }
  assert.ok(existsSync(join(root, "external", "onnx", "model.onnx_data")));
  const norm = referenceComet(SRC, MT, REF, { layerNorm: true });
  const plain = referenceComet(SRC, MT, REF);
  assert.ok(
    norm.some((v, i) => Math.abs(v - plain[i]) > 1e-3),
    "layer norm changes the scores",
  );
});

test("scores do not depend on batch size or order", async () => {
  const runs = [];
  for (const batchSize of [1, 2, 50]) {
    const comet = await loadCometEstimator({ model: wmt22, batchSize });
    runs.push(await comet.score(SRC, MT, REF));
    await comet.dispose();
  }
  for (const r of runs.slice(1)) assertClose(r, [...runs[0]], 1e-6, "batch size");
  const comet = await loadCometEstimator({ model: wmt22 });
  const reversed = await comet.score([...SRC].reverse(), [...MT].reverse(), [...REF].reverse());
  assertClose(reversed.reverse(), [...runs[0]], 1e-6, "reversed");
  // Many rows: the head runs in passes of 256 rows; rows on both sides of a boundary are right.
  const n = 600;
  const pick = (i: number) => [SRC[i % 6], MT[(i * 5) % 6], REF[(i * 7) % 6]];
  const many = await comet.score(
    Array.from({ length: n }, (_, i) => pick(i)[0]),
    Array.from({ length: n }, (_, i) => pick(i)[1]),
    Array.from({ length: n }, (_, i) => pick(i)[2]),
  );
  assert.equal(many.length, n);
  for (const i of [0, 255, 256, 599]) {
    const [s, m, r] = pick(i);
    assertClose(many.subarray(i, i + 1), referenceComet([s], [m], [r]), 1e-6, `row ${i}`);
  }
  await comet.dispose();
});

test("comet.json is validated field by field", () => {
  const good = tinyCometSettings();
  assert.equal(parseCometSettings(good, "comet.json").layer, "mix");
  const bad = (patch: Record<string, unknown>, pattern: RegExp) =>
    assert.throws(() => parseCometSettings({ ...good, ...patch }, "x/comet.json"), pattern);
  bad({ format: "other" }, /x\/comet\.json: format is "other", expected "capqa-comet-1"/);
  bad({ class_identifier: "unified_metric" }, /class_identifier "unified_metric" is not supported/);
  bad({ pool: "cls" }, /pool "cls" is not supported/);
  bad({ layer_transformation: "sparsemax_patch" }, /layer_transformation "sparsemax_patch" is not softmax or sparsemax/);
  bad({ layerwise_weights: [1, 2] }, /layerwise_weights must hold 5 finite numbers/);
  bad({ layer: 5 }, /layer must be "mix" or an index below num_layers/);
  bad({ layer_norm: "no" }, /layer_norm must be true or false/);
  bad({ gamma: null }, /gamma must be a finite number/);
  bad({ max_length: 2 }, /max_length must be an integer of at least 3/);
  assert.throws(() => parseCometSettings([], "c.json"), /format is undefined/);
});

test("missing and malformed COMET folders get clear errors before any scoring", async () => {
  await assert.rejects(
    loadCometEstimator({ model: join(root, "nowhere") }),
    /COMET model folder .*nowhere does not exist; .*export_comet\.py/,
  );
  const partial = folder("partial");
  rmSync(join(partial, "comet.json"));
  rmSync(join(partial, "onnx", "estimator.onnx"));
  await assert.rejects(loadCometEstimator({ model: partial }), /lacks comet\.json, onnx\/estimator\.onnx;/);
  const broken = folder("broken");
  writeFileSync(join(broken, "comet.json"), "[1,");
  await assert.rejects(loadCometEstimator({ model: broken }), /comet\.json: not valid JSON/);
  writeFileSync(join(broken, "comet.json"), JSON.stringify({ ...tinyCometSettings(), layer_transformation: "entmax15" }));
  await assert.rejects(loadCometEstimator({ model: broken }), /layer_transformation "entmax15" is not softmax or sparsemax/);
  // An encoder that gives only its last layer cannot feed the layer mix.
  const lastOnly = join(root, "last-only");
  writeTinyBertScoreModel(lastOnly);
  writeFileSync(join(lastOnly, "comet.json"), JSON.stringify(tinyCometSettings()));
  writeFileSync(join(lastOnly, "onnx", "estimator.onnx"), readFileSync(join(wmt22, "onnx", "estimator.onnx")));
  await assert.rejects(loadCometEstimator({ model: lastOnly }), /outputs last_hidden_state; COMET needs hidden_states/);
  // An estimator that is not the head.
  const wrongHead = folder("wrong-head");
  writeFileSync(join(wrongHead, "onnx", "estimator.onnx"), readFileSync(join(wmt22, "onnx", "model.onnx")));
  await assert.rejects(
    loadCometEstimator({ model: wrongHead }),
    /estimator\.onnx takes input_ids, attention_mask, token_type_ids .* must take one input "features"/,
  );
  // comet.json disagreeing with the encoder about its layers fails at the first batch.
  const mismatch = folder("mismatch");
  writeFileSync(join(mismatch, "comet.json"), JSON.stringify({ ...tinyCometSettings(), num_layers: 4, layerwise_weights: [0, 0, 0, 1] }));
  const comet = await loadCometEstimator({ model: mismatch });
  await assert.rejects(comet.score(["a"], ["b"], ["c"]), /hidden_states has shape \[5,3,3,8\], expected \[4, 3, 3, 8\]/);
  await assert.rejects(comet.score(["a"], ["b", "c"], ["d"]), /1 sources but 2 hypotheses/);
  await comet.dispose();
});

test("without a model COMET is unavailable, with the command that adds it and no numbers", () => {
  const text = cometUnavailable();
  assert.match(text, /COMET is unavailable/);
  assert.match(text, /released no COMET scores/);
  assert.match(text, /Unbabel\/wmt22-comet-da/);
  assert.ok(text.includes(COMET_EXPORT_COMMAND));
  assert.match(COMET_EXPORT_COMMAND, /^python scripts\/export\/export_comet\.py /);
  assert.doesNotMatch(text, /\d\.\d{2}/, "no score-like numbers");
  const script = fileURLToPath(new URL("../../scripts/export/export_comet.py", import.meta.url));
  assert.ok(existsSync(script), `${script} exists`);
});
