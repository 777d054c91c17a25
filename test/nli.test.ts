/**
 * The NLI engine through the real transformers.js + onnxruntime-node path, on the tiny model
 * the project builds (scripts/fixtures/tiny-nli.ts), against probabilities computed
 * independently in TypeScript.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeTinyModel, referenceLogits, softmax, TINY_LABELS, type TinyPrecision } from "../scripts/fixtures/tiny-nli.js";
import { loadTransformersNli } from "../lib/nli/transformers-engine.js";
import { labelOrder, nliSoftmax, argmaxLabel } from "../lib/nli/labels.js";
import { resolveDevice, CUDA_INSTALL_HINT } from "../lib/runtime/device.js";
import { modelKey } from "../lib/nli/model-key.js";
import { resolveModelRef } from "../lib/runtime/model-ref.js";

const root = mkdtempSync(join(tmpdir(), "capqa-models-"));
writeTinyModel(join(root, "tiny-nli"));
writeTinyModel(join(root, "tiny-nli-permuted"), { labels: ["neutral", "contradiction", "entailment"] });

const PAIRS: [string, string][] = [
  ["Water travels through the stem of a plant.", "Water and food travel through the stem."],
  ["The sun is a star.", "The sun is hot!"],
  ["A laser would most likely be used to produce light energy.", "Light would most likely be used to produce light energy."],
  ["Cows eat plants, not pork.", "A cow would turn down a chunk of pork, since cows are herbivores."],
  ["Zebra xylophones quietly", "unknownword 42"],
];

/** Expected (entailment, neutral, contradiction) for the fixture whose logits are ordered as `labels`. */
function expected(
  premise: string,
  hypothesis: string,
  precision: TinyPrecision = "fp32",
  labels: readonly string[] = TINY_LABELS,
  maxLength = 512,
): number[] {
  const p = softmax(referenceLogits(premise, hypothesis, precision, maxLength));
  return ["entailment", "neutral", "contradiction"].map((c) => p[labels.indexOf(c)]);
}

function assertClose(actual: Float64Array, want: number[][], tol: number, what: string) {
  want.forEach((row, i) =>
    row.forEach((v, k) => assert.ok(Math.abs(actual[3 * i + k] - v) <= tol, `${what}: pair ${i} class ${k}: ${actual[3 * i + k]} vs ${v}`)),
  );
}

for (const dtype of ["fp32", "fp16", "q8"] as const) {
  test(`tiny model (${dtype}) through transformers.js matches the independent computation to 1e-6`, async () => {
    const engine = await loadTransformersNli({ model: join(root, "tiny-nli"), dtype, batchSize: 2 });
    const got = await engine.probabilities(
      PAIRS.map((p) => p[0]),
      PAIRS.map((p) => p[1]),
    );
    assertClose(
      got,
      PAIRS.map(([a, b]) => expected(a, b, dtype)),
      1e-6,
      dtype,
    );
    assert.match(engine.modelKey, /^local:tiny-nli:sha256:[0-9a-f]{32}:tok:[0-9a-f]{12}:labels:[0-9a-f]{12}(?::(?:fp16|q8)@cpu)?$/);
    assert.equal(engine.stats.inferredPairs, PAIRS.length);
    assert.equal(engine.stats.batches, 3);
    await engine.dispose();
  });
}

test("the permuted-label copy gives the same probabilities per class: the order comes from id2label", async () => {
  const engine = await loadTransformersNli({ model: join(root, "tiny-nli-permuted"), batchSize: 4 });
  const got = await engine.probabilities(
    PAIRS.map((p) => p[0]),
    PAIRS.map((p) => p[1]),
  );
  // Same weights, different meaning of the logits: entailment is now logit 2, and so on.
  assertClose(
    got,
    PAIRS.map(([a, b]) => expected(a, b, "fp32", ["neutral", "contradiction", "entailment"])),
    1e-6,
    "permuted",
  );
  const plain = await (await loadTransformersNli({ model: join(root, "tiny-nli") })).probabilities([PAIRS[0][0]], [PAIRS[0][1]]);
  // The raw logit 0 is "contradiction" in one folder and "neutral" in the other.
  assert.ok(Math.abs(got[1] - plain[2]) < 1e-6);
});

test("results do not depend on batch size or order; the longer side is truncated first", async () => {
  const engine = await loadTransformersNli({ model: join(root, "tiny-nli"), batchSize: 1 });
  const one = await engine.probabilities(
    PAIRS.map((p) => p[0]),
    PAIRS.map((p) => p[1]),
  );
  const rev = await engine.probabilities(PAIRS.map((p) => p[0]).reverse(), PAIRS.map((p) => p[1]).reverse());
  for (let i = 0; i < PAIRS.length; i++)
    for (let k = 0; k < 3; k++) assert.ok(Math.abs(one[3 * i + k] - rev[3 * (PAIRS.length - 1 - i) + k]) < 1e-9);
  const short = await loadTransformersNli({ model: join(root, "tiny-nli"), maxLength: 12, batchSize: 8 });
  const got = await short.probabilities(
    PAIRS.map((p) => p[0]),
    PAIRS.map((p) => p[1]),
  );
  assertClose(
    got,
    PAIRS.map(([a, b]) => expected(a, b, "fp32", TINY_LABELS, 12)),
    1e-6,
    "max length 12",
  );
  assert.ok(short.stats.truncatedPairs >= 4, `truncated ${short.stats.truncatedPairs}`);
  assert.match(short.modelKey, /:max12$/);
});

test("bad pairs and bad model folders get clear errors", async () => {
  const engine = await loadTransformersNli({ model: join(root, "tiny-nli") });
  await assert.rejects(engine.probabilities(["a", "b"], ["c"]), /2 premises but 1 hypotheses/);
  await assert.rejects(engine.probabilities(["a", 3 as unknown as string], ["c", "d"]), /premise 1 is not a string: 3/);
  await assert.rejects(loadTransformersNli({ model: join(root, "missing") }), /neither an existing folder nor a hub id/);
  const broken = join(root, "broken");
  writeTinyModel(broken, { precisions: ["fp32"] });
  await assert.rejects(
    loadTransformersNli({ model: broken, dtype: "fp16" }),
    /lacks onnx\/model_fp16\.onnx \(dtype fp16 reads onnx\/model_fp16\.onnx\)/,
  );
  rmSync(join(broken, "tokenizer.json"));
  await assert.rejects(loadTransformersNli({ model: broken }), /lacks tokenizer\.json/);
  const noLabels = join(root, "no-labels");
  writeTinyModel(noLabels, { precisions: ["fp32"] });
  const cfg = JSON.parse(readFileSync(join(noLabels, "config.json"), "utf8"));
  delete cfg.id2label;
  writeFileSync(join(noLabels, "config.json"), JSON.stringify(cfg));
  await assert.rejects(loadTransformersNli({ model: noLabels }), /has no id2label/);
  const corrupt = join(root, "corrupt");
  writeTinyModel(corrupt, { precisions: ["fp32"] });
  writeFileSync(join(corrupt, "onnx", "model.onnx"), "not a model");
  await assert.rejects(loadTransformersNli({ model: corrupt }), /cannot load model folder .*corrupt on cpu with dtype fp32/);
});

test("id2label is matched by name, case-insensitively; missing or ambiguous classes fail", () => {
  assert.deepEqual(labelOrder({ "0": "CONTRADICTION", "1": "NEUTRAL", "2": "ENTAILMENT" }), {
    size: 3,
    entailment: 2,
    neutral: 1,
    contradiction: 0,
  });
  assert.deepEqual(labelOrder({ "0": "entailment", "1": "not_entailment", "2": "neutral", "3": "contradiction" }).size, 4);
  assert.throws(() => labelOrder({ "0": "entailment", "1": "neutral", "2": "other" }), /no contradiction class/);
  assert.throws(
    () => labelOrder({ "0": "entailment", "1": "entailed", "2": "neutral", "3": "contradiction" }),
    /several entailment classes/,
  );
  assert.throws(() => labelOrder(undefined), /has no id2label/);
  const out = new Float64Array(3);
  nliSoftmax([1, 2, 3], 0, { size: 3, entailment: 2, neutral: 1, contradiction: 0 }, out, 0);
  const z = Math.exp(1) + Math.exp(2) + Math.exp(3);
  assert.ok(Math.abs(out[0] - Math.exp(3) / z) < 1e-15 && Math.abs(out[2] - Math.exp(1) / z) < 1e-15);
  assert.equal(argmaxLabel(out), "entailment");
});

test("devices: cuda without its provider fails with the install command; auto falls back to CPU and says so", () => {
  const lines: string[] = [];
  assert.equal(
    resolveDevice(
      "auto",
      (l) => lines.push(l),
      () => false,
    ),
    "cpu",
  );
  assert.match(lines[0], /CUDA execution provider is not installed, so inference runs on the CPU/);
  assert.equal(
    resolveDevice(
      "auto",
      () => {},
      () => true,
    ),
    "cuda",
  );
  assert.throws(
    () =>
      resolveDevice(
        "cuda",
        () => {},
        () => false,
      ),
    (e: Error) => e.message.includes(CUDA_INSTALL_HINT),
  );
  assert.equal(resolveDevice("cpu"), "cpu");
});

test("model references: folders are local, owner/name is a hub id with the paper model's pinned revision", async () => {
  const local = resolveModelRef(join(root, "tiny-nli"));
  assert.equal(local.kind, "local");
  const hub = resolveModelRef("cross-encoder/nli-deberta-v3-large");
  assert.deepEqual(hub.kind === "hub" && [hub.id, hub.revision.length], ["cross-encoder/nli-deberta-v3-large", 40]);
  assert.equal(await modelKey(resolveModelRef("org/other", { revision: "v1" }), { dtype: "fp32", maxLength: 512 }), "org/other@v1");
});

test("the cache key covers everything that changes a probability: dtype (and device for fp16/q8), weights, tokenizer, label order, length", async () => {
  const hub = resolveModelRef("cross-encoder/nli-deberta-v3-large");
  const fp32 = await modelKey(hub, { dtype: "fp32", maxLength: 512, device: "cuda" });
  assert.equal(fp32, `cross-encoder/nli-deberta-v3-large@${hub.kind === "hub" ? hub.revision : ""}`); // the key cache import-released fills
  const keys = new Set([
    fp32,
    await modelKey(hub, { dtype: "q8", maxLength: 512 }),
    await modelKey(hub, { dtype: "fp16", maxLength: 512, device: "cpu" }),
    await modelKey(hub, { dtype: "fp16", maxLength: 512, device: "cuda" }),
    await modelKey(hub, { dtype: "fp32", maxLength: 256 }),
  ]);
  assert.equal(keys.size, 5);
  // A local folder: editing config.json's id2label or the tokenizer gives another key; other config fields do not.
  const dir = join(root, "key-probe");
  cpSync(join(root, "tiny-nli"), dir, { recursive: true });
  const ref = resolveModelRef(dir);
  const before = await modelKey(ref, { dtype: "fp32", maxLength: 512 });
  const config = JSON.parse(readFileSync(join(dir, "config.json"), "utf8"));
  writeFileSync(join(dir, "config.json"), JSON.stringify({ ...config, note: "unrelated" }));
  assert.equal(await modelKey(ref, { dtype: "fp32", maxLength: 512 }), before);
  const labels = Object.values(config.id2label as Record<string, string>);
  writeFileSync(
    join(dir, "config.json"),
    JSON.stringify({ ...config, id2label: Object.fromEntries(labels.reverse().map((l, i) => [String(i), l])) }),
  );
  const relabelled = await modelKey(ref, { dtype: "fp32", maxLength: 512 });
  assert.notEqual(relabelled, before);
  const tok = JSON.parse(readFileSync(join(dir, "tokenizer.json"), "utf8"));
  tok.normalizer = { ...(tok.normalizer ?? {}), lowercase: !(tok.normalizer?.lowercase ?? false) };
  writeFileSync(join(dir, "tokenizer.json"), JSON.stringify(tok));
  assert.notEqual(await modelKey(ref, { dtype: "fp32", maxLength: 512 }), relabelled);
});
