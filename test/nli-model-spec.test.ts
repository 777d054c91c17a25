/**
 * The NLI model spec (lib/nli/model-spec.ts): every default from lib/constants.ts, the user's
 * values kept, a bad value refused naming its option; and a scoring run (scoreFile,
 * createCapScorer) resolves its model reference once, counted on the diagnostics channel
 * resolveModelRef publishes on, with the scores, cache keys and manifest fields capqa gave
 * before the spec existed (recorded on commit 8c95194 with the same fixture model).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { referenceLogits, softmax, writeTinyModel } from "../scripts/fixtures/tiny-nli.js";
import {
  DEFAULT_DEVICE,
  DEFAULT_DTYPE,
  DEFAULT_NLI_BATCH_SIZE,
  DEFAULT_NLI_BATCH_TOKENS,
  DEFAULT_NLI_MAX_LENGTH,
  PAPER_NLI_MODEL,
  PAPER_NLI_REVISION,
} from "../lib/constants.js";
import { capScore } from "../lib/cap/index.js";
import { NliCache } from "../lib/nli/cache.js";
import { resolveNliModelSpec } from "../lib/nli/model-spec.js";
import { MODEL_REF_CHANNEL } from "../lib/runtime/model-ref.js";
import { createCapScorer } from "../lib/score/cap-scorer.js";
import { preflightModel } from "../lib/score/preflight.js";
import { scoreAnswers } from "../lib/score/score.js";
import { manifestPathFor, scoreFile } from "../lib/score/score-file.js";
import { startNliTestServer } from "./support/nli-servers.js";

const root = mkdtempSync(join(tmpdir(), "capqa-nli-spec-"));
process.on("exit", () => rmSync(root, { recursive: true, force: true }));
// The folder's name enters a local model's key, so it is the one the recorded keys were made with.
const model = join(root, "tiny-nli");
writeTinyModel(model);

/** What capqa gave for this fixture before the spec (commit 8c95194): keys, file digests, CAP. */
const BEFORE = {
  fp32Key: "local:tiny-nli:sha256:54bdb284298aa9636d95c59a11467ee0:tok:b35a59345c20:labels:273e6e8803c3",
  fp32Sha256: "54bdb284298aa9636d95c59a11467ee003899d72cf86564dc2d4fc26c00d9ed4",
  q8Max64Key: "local:tiny-nli:sha256:a861e62b0c78f24d254aaa31b7f3409d:tok:b35a59345c20:labels:273e6e8803c3:q8@cpu:max64",
  q8Sha256: "a861e62b0c78f24d254aaa31b7f3409d644125921d2b8ae5f5548ab43352e807",
  fp16Key: "local:tiny-nli:sha256:2e84e3fc48a6e87c2998d33ffda2b85f:tok:b35a59345c20:labels:273e6e8803c3:fp16@cpu",
  caps: [0.3196311604636588, 0.3006272280066099],
};
const PREMISES = ["The sun is a star.", "Cows eat plants."];
const HYPOTHESES = ["The sun is hot.", "Cows eat meat."];
const statements = join(root, "statements.csv");
writeFileSync(statements, `premise,hypothesis\n${PREMISES.map((p, i) => `${p},${HYPOTHESES[i]}`).join("\n")}\n,x\n`);

/** The model references resolved while `run` runs (the `spec` of each resolveModelRef call). */
async function resolutionsDuring<T>(run: () => Promise<T>): Promise<{ value: T; resolved: string[] }> {
  const resolved: string[] = [];
  const listener = (message: unknown) => resolved.push((message as { spec: string }).spec);
  subscribe(MODEL_REF_CHANNEL, listener);
  try {
    return { value: await run(), resolved };
  } finally {
    unsubscribe(MODEL_REF_CHANNEL, listener);
  }
}

/** CAP of gold → candidate from the fixture's reference implementation (no onnxruntime). */
function referenceCap(gold: string, candidate: string): number {
  // The fixture's label order is contradiction, entailment, neutral.
  const [, ef, nf] = softmax(referenceLogits(gold, candidate));
  const [, er, nr] = softmax(referenceLogits(candidate, gold));
  return capScore(ef, nf, er, nr);
}

/** The CAP column of a scored CSV (statements have no commas here). */
function capColumn(file: string): (number | null)[] {
  const [head, ...lines] = readFileSync(file, "utf8").trim().split("\n");
  const at = head.split(",").indexOf("cap");
  return lines.map((l) => (l.split(",")[at] === "" ? null : Number(l.split(",")[at])));
}

function assertCaps(caps: readonly (number | null)[], what: string): void {
  assert.equal(caps.length, 3, what);
  assert.equal(caps[2], null, `${what}: the row without a gold statement is not scored`);
  caps.slice(0, 2).forEach((cap, i) => {
    assert.ok(
      Math.abs(cap! - BEFORE.caps[i]) < 1e-9,
      `${what}: row ${i} CAP ${cap} is the one recorded before the spec, ${BEFORE.caps[i]}`,
    );
    assert.ok(
      Math.abs(cap! - referenceCap(PREMISES[i], HYPOTHESES[i])) < 1e-6,
      `${what}: row ${i} CAP agrees with the reference implementation`,
    );
  });
}

test("resolveNliModelSpec applies lib/constants.ts's defaults and resolves the model reference", () => {
  const spec = resolveNliModelSpec({ model });
  assert.equal(spec.server, undefined);
  assert.deepEqual(spec.ref, { kind: "local", dir: model, name: "tiny-nli", parent: root });
  assert.equal(spec.model, model);
  assert.equal(spec.dtype, DEFAULT_DTYPE);
  assert.equal(spec.device, DEFAULT_DEVICE);
  assert.equal(spec.maxLength, DEFAULT_NLI_MAX_LENGTH);
  assert.deepEqual(spec.limits, { maxPairs: DEFAULT_NLI_BATCH_SIZE, maxTokens: DEFAULT_NLI_BATCH_TOKENS });
  assert.equal(spec.onnxFile, "onnx/model.onnx");
  assert.equal(spec.namedOnnxFile, undefined);
  assert.ok(Object.isFrozen(spec));
  // No model named: the paper's, on the hub, at the pinned revision.
  const paper = resolveNliModelSpec();
  assert.equal(paper.model, PAPER_NLI_MODEL);
  assert.deepEqual(paper.ref, { kind: "hub", id: PAPER_NLI_MODEL, revision: PAPER_NLI_REVISION });
});

test("resolveNliModelSpec keeps the user's values: hub id and revision, dtype, device, limits, ONNX file, models folder", () => {
  const hub = resolveNliModelSpec({
    model: "org/other",
    revision: "v1",
    dtype: "q8",
    device: "auto",
    maxLength: 128,
    batchSize: 8,
    batchTokens: 0,
    onnxFile: "onnx/model_qint8.onnx",
  });
  assert.deepEqual(hub.ref, { kind: "hub", id: "org/other", revision: "v1" });
  assert.equal(hub.dtype, "q8");
  assert.equal(hub.device, "auto");
  assert.equal(hub.maxLength, 128);
  assert.deepEqual(hub.limits, { maxPairs: 8, maxTokens: Infinity }, "batchTokens 0 is no token budget");
  assert.equal(hub.onnxFile, "onnx/model_qint8.onnx");
  assert.equal(hub.namedOnnxFile, "onnx/model_qint8.onnx");
  assert.equal(resolveNliModelSpec({ model, dtype: "fp16" }).onnxFile, "onnx/model_fp16.onnx", "the dtype's transformers.js file");
  const named = resolveNliModelSpec({ model: "tiny-nli", modelsDir: root });
  assert.equal(named.ref.kind === "local" && named.ref.dir, model, "NAME inside modelsDir");
  // Servers: TEI reads no model (no reference); KServe is fed the named folder's tokenizer.
  const urls = ["http://127.0.0.1:9"];
  const tei = resolveNliModelSpec({ model: "not a model", server: { urls, protocol: "tei" }, batchSize: 4 });
  assert.equal(tei.ref, null);
  assert.deepEqual(
    tei.server && [tei.server.server.protocol, tei.server.batchSize],
    ["tei", 4],
    "a server keeps its options as given (TEI has its own batch default)",
  );
  const kserve = resolveNliModelSpec({ model, server: { urls, protocol: "kserve" } });
  assert.equal(kserve.ref?.kind, "local");
});

test("resolveNliModelSpec refuses a bad value with an error naming the option, before resolving the model", async () => {
  const bad: [string, Parameters<typeof resolveNliModelSpec>[0], RegExp][] = [
    ["dtype", { model, dtype: "int4" as "fp32" }, /the `dtype` option must be one of fp32, fp16, q8, got "int4"/],
    ["device", { model, device: "tpu" as "cpu" }, /the `device` option must be one of cpu, cuda, webgpu, auto, got "tpu"/],
    ["batchSize 0", { model, batchSize: 0 }, /the `batchSize` option must be an integer from 1 to 65536, got 0/],
    ["batchSize 1.5", { model, batchSize: 1.5 }, /the `batchSize` option must be an integer from 1 to 65536, got 1.5/],
    ["batchSize too large", { model, batchSize: 65_537 }, /the `batchSize` option must be an integer from 1 to 65536/],
    ["batchTokens", { model, batchTokens: -1 }, /the `batchTokens` option must be a positive integer/],
    ["maxLength", { model, maxLength: 4 }, /the `maxLength` option must be an integer from 8 to 1000000, got 4/],
    [
      "protocol",
      { model, server: { urls: ["http://127.0.0.1:9"], protocol: "grpc" as "tei" } },
      /the `protocol` option must be one of tei, kserve/,
    ],
  ];
  for (const [what, options, message] of bad) {
    const { resolved } = await resolutionsDuring(async () => assert.throws(() => resolveNliModelSpec(options), message, what));
    assert.deepEqual(resolved, [], `${what}: refused before the model is looked up`);
  }
  assert.throws(
    () => resolveNliModelSpec({ model: "a/b/c" }),
    /model "a\/b\/c" is neither an existing folder nor a hub id of the form owner\/name/,
  );
});

test("preflight reads the ONNX file the spec names (the `onnxFile` option), not only the dtype's", () => {
  const custom = join(root, "custom-file");
  mkdirSync(join(custom, "onnx"), { recursive: true });
  for (const f of ["config.json", "tokenizer.json", "tokenizer_config.json"]) copyFileSync(join(model, f), join(custom, f));
  copyFileSync(join(model, "onnx", "model.onnx"), join(custom, "onnx", "renamed.onnx"));
  assert.doesNotThrow(() => preflightModel({ model: custom, onnxFile: "onnx/renamed.onnx" }));
  assert.throws(() => preflightModel({ model: custom }), /lacks onnx\/model\.onnx \(dtype fp32 reads onnx\/model\.onnx\)/);
  assert.throws(
    () => preflightModel({ model: custom, onnxFile: "onnx/absent.onnx" }),
    /lacks onnx\/absent\.onnx \(dtype fp32 reads onnx\/absent\.onnx\)/,
  );
});

test("scoreFile resolves the model once per run, cold or from the cache, with the scores, keys and manifest of before", async () => {
  const cache = NliCache.open(join(root, "cache"));
  try {
    const runs = [
      {
        what: "fp32, cold cache",
        out: "fp32-cold.csv",
        options: {},
        key: BEFORE.fp32Key,
        file: "onnx/model.onnx",
        sha256: BEFORE.fp32Sha256,
        dtype: "fp32",
        device: "cpu",
      },
      // Every pair from the cache: no model loads, and the manifest's model comes from the spec (no device).
      {
        what: "fp32, all cached",
        out: "fp32-warm.csv",
        options: {},
        key: BEFORE.fp32Key,
        file: "onnx/model.onnx",
        sha256: BEFORE.fp32Sha256,
        dtype: "fp32",
        device: null,
      },
      {
        what: "q8, length 64, blocks of one row",
        out: "q8.csv",
        options: { dtype: "q8", maxLength: 64, batchSize: 2, blockRows: 1 },
        key: BEFORE.q8Max64Key,
        file: "onnx/model_quantized.onnx",
        sha256: BEFORE.q8Sha256,
        dtype: "q8",
        device: "cpu",
      },
    ] as const;
    for (const run of runs) {
      const out = join(root, run.out);
      const { value: report, resolved } = await resolutionsDuring(() => scoreFile(statements, out, { model, cache, ...run.options }));
      assert.deepEqual(resolved, [model], `${run.what}: one resolution of the model reference`);
      assert.equal(report.modelKey, run.key, run.what);
      assert.equal(report.scored, 2, run.what);
      if (run.dtype === "fp32") assertCaps(capColumn(out), run.what);
      const manifest = JSON.parse(readFileSync(manifestPathFor(out), "utf8")) as { model: Record<string, unknown> };
      assert.deepEqual(
        manifest.model,
        {
          id: model,
          revision: null,
          file: run.file,
          sha256: run.sha256,
          dtype: run.dtype,
          device: run.device,
          key: run.key,
          source: "local",
        },
        `${run.what}: the manifest's model`,
      );
    }
  } finally {
    cache.close();
  }
});

test("scoreFile over a KServe server resolves the served model's tokenizer once (cache key, connection and manifest share it)", async () => {
  const server = await startNliTestServer({ protocol: "kserve", modelDir: model });
  try {
    const out = join(root, "kserve.csv");
    const options = { model, cache: null, server: { urls: [server.url], protocol: "kserve" as const, modelName: "nli" } };
    const { value: report, resolved } = await resolutionsDuring(() => scoreFile(statements, out, options));
    assert.deepEqual(resolved, [model], "one resolution of the tokenizer's folder for the whole run");
    assert.equal(report.scored, 2);
    assert.match(report.modelKey, /^kserve:nli@1:tokenizer:local:tiny-nli:tok:b35a59345c20:labels:273e6e8803c3$/);
    assertCaps(capColumn(out), "KServe");
  } finally {
    await server.close();
  }
});

test("createCapScorer resolves the model once over all its calls; scoreAnswers once per call", async () => {
  const { value, resolved } = await resolutionsDuring(async () => {
    const cap = await createCapScorer({ model, cache: null });
    const first = await cap.scoreStatements({ premises: PREMISES, hypotheses: HYPOTHESES });
    const second = await cap.score({
      questions: ["What is the sun?", "Which animal eats plants?"],
      golds: ["a star", "cows"],
      answers: ["The sun is a star.", "Cows eat meat."],
    });
    const third = await cap.scoreStatements({ premises: PREMISES.slice(0, 1), hypotheses: HYPOTHESES.slice(0, 1) });
    const loads = cap.loads;
    await cap.dispose();
    return { first, second, third, loads };
  });
  assert.deepEqual(resolved, [model], "one resolution for the scorer's life");
  assert.equal(value.loads, 1);
  for (const r of [value.first, value.second, value.third]) assert.equal(r.report.modelKey, BEFORE.fp32Key);
  assertCaps([...value.first.rows.map((r) => r.cap), null], "createCapScorer");
  assert.equal(value.third.rows[0].cap, value.first.rows[0].cap);

  const answers = await resolutionsDuring(() =>
    scoreAnswers(["What is the sun?"], ["a star"], ["The sun is hot."], { model, cache: null, dtype: "fp16" }),
  );
  assert.deepEqual(answers.resolved, [model], "scoreAnswers: one resolution (key, load and warning share it)");
  assert.equal(answers.value.report.modelKey, BEFORE.fp16Key);
});
