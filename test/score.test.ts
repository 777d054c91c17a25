import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeTinyModel, referenceLogits, softmax } from "../scripts/fixtures/tiny-nli.js";
import { scoreStatements, scoreAnswers } from "../lib/score/score.js";
import { SCORE_COLUMNS, scoreColumnsOf } from "../lib/score/pair-score.js";
import { NliCache } from "../lib/nli/cache.js";
import { capScore } from "../lib/cap/index.js";
import type { NliEngine } from "../lib/nli/engine.js";

const root = mkdtempSync(join(tmpdir(), "capqa-score-"));
const model = join(root, "tiny-nli");
writeTinyModel(model, { precisions: ["fp32"] });

const GOLD = ["The sun is a star.", "Water travels through the stem.", "Cows eat plants.", "A laser produces light."];
const CAND = ["The sun is hot.", "Water and food travel through the stem.", "", "Light produces light."];

/** (e, n, c) of the fixture for premise → hypothesis, computed independently. */
const probs = (a: string, b: string) => {
  const p = softmax(referenceLogits(a, b));
  return [p[1], p[2], p[0]];
};

test("scoreStatements: CAP from both directions; empty statements are reported, not scored", async () => {
  const { rows, report } = await scoreStatements(GOLD, CAND, { model, cache: null });
  assert.equal(report.rows, 4);
  assert.equal(report.scored, 3);
  assert.deepEqual(report.notScored, [{ index: 2, reason: "empty candidate statement (hypothesis)" }]);
  assert.equal(rows[2].cap, null);
  for (const i of [0, 1, 3]) {
    const f = probs(GOLD[i], CAND[i]);
    const r = probs(CAND[i], GOLD[i]);
    assert.ok(Math.abs(rows[i].cap! - capScore(f[0], f[1], r[0], r[1])) < 1e-6);
    assert.ok(Math.abs(rows[i].peForward! - f[0]) < 1e-6 && Math.abs(rows[i].pcReverse! - r[2]) < 1e-6);
    assert.equal(rows[i].status, "ok");
  }
  assert.deepEqual(
    rows.map((r) => [r.premise, r.hypothesis]),
    GOLD.map((g, i) => [g, CAND[i]]),
    "every row carries its statements, scored or not",
  );
  assert.equal(report.modelPairs, 6);
  // The file spelling of a row: every score column in SCORE_COLUMNS' order, each from its camelCase field.
  const written = scoreColumnsOf(rows[0]);
  assert.deepEqual(Object.keys(written), [...SCORE_COLUMNS]);
  const r0 = rows[0];
  assert.deepEqual(written, {
    cap: r0.cap,
    d_forward: r0.dForward,
    d_reverse: r0.dReverse,
    pe_f: r0.peForward,
    pn_f: r0.pnForward,
    pc_f: r0.pcForward,
    pe_r: r0.peReverse,
    pn_r: r0.pnReverse,
    pc_r: r0.pcReverse,
    label_f: r0.labelForward,
    label_r: r0.labelReverse,
    status: "ok",
    reason: null,
  });
  assert.deepEqual(scoreColumnsOf(rows[2]), {
    ...Object.fromEntries(SCORE_COLUMNS.map((c) => [c, null])),
    status: "not_scored",
    reason: "empty candidate statement (hypothesis)",
  });
});

test("a second run takes every pair from the cache and makes no model call", async () => {
  const cache = NliCache.open(join(root, "cache"));
  const first = await scoreStatements(GOLD, CAND, { model, cache });
  assert.equal(first.report.cacheHits, 0);
  assert.equal(first.report.modelPairs, 6);
  const untouchable: NliEngine = {
    modelKey: first.report.modelKey,
    device: "cpu",
    stats: { truncatedPairs: 0, inferredPairs: 0, batches: 0 },
    probabilities: async () => assert.fail("the model must not be called"),
    dispose: async () => {},
  };
  const second = await scoreStatements(GOLD, CAND, { cache, engine: untouchable });
  assert.equal(second.report.cacheHits, 6);
  assert.equal(second.report.modelPairs, 0);
  assert.deepEqual(
    second.rows.map((r) => r.cap),
    first.rows.map((r) => r.cap),
  );
  cache.close();
});

test("when the model cannot be loaded, cached rows are scored and the others say why", async () => {
  const cache = NliCache.open(join(root, "cache2"));
  // A pinned commit: its key needs no hub (a branch is keyed by the commit it resolves to, test/faults-hub.test.ts).
  const commit = "0123456789abcdef0123456789abcdef01234567";
  const key = `org/absent-model@${commit}`;
  cache.put(
    key,
    [
      { premise: GOLD[0], hypothesis: CAND[0], probabilities: [0.7, 0.2, 0.1] },
      { premise: CAND[0], hypothesis: GOLD[0], probabilities: [0.5, 0.3, 0.2] },
    ],
    "test",
  );
  // No network in tests: offline, the absent model is not in the hub cache either.
  const offline = process.env.HF_HUB_OFFLINE;
  process.env.HF_HUB_OFFLINE = "1";
  const { rows, report } = await scoreStatements(GOLD, CAND, { model: "org/absent-model", revision: commit, cache, log: () => {} }).finally(
    () => {
      if (offline === undefined) delete process.env.HF_HUB_OFFLINE;
      else process.env.HF_HUB_OFFLINE = offline;
    },
  );
  assert.equal(rows[0].status, "ok");
  assert.ok(Math.abs(rows[0].cap! - (0.85 * (0.7 + 0.3 * 0.2) + 0.15 * (0.5 + 0.3 * 0.3))) < 1e-12);
  assert.equal(report.scored, 1);
  assert.match(
    rows[1].reason!,
    /no cached NLI probabilities for this pair, and the model could not be loaded: cannot load hub model org\/absent-model@0123456789abcdef0123456789abcdef01234567/,
  );
  assert.ok(report.modelError);
  cache.close();
});

test("scoring checks its input and weights; scoreAnswers makes statements (built-in by default)", async () => {
  await assert.rejects(scoreStatements(["a"], ["b", "c"], { model }), /1 premises but 2 hypotheses/);
  await assert.rejects(scoreStatements(["a"], ["b"], { model, alpha: 2 }), /alpha must lie in \[0, 1\]/);
  const builtin = await scoreAnswers(["What is the sun?", "What is water?"], ["a star", "H2O"], ["a planet", ""], { model, cache: null });
  assert.deepEqual(builtin.premises, ["The sun is a star.", "Water is H2O."]);
  assert.deepEqual(builtin.hypotheses, ["The sun is a planet.", ""]);
  assert.equal(builtin.generator, "builtin");
  assert.deepEqual(builtin.report.notScored, [{ index: 1, reason: "empty candidate answer" }]);
  await assert.rejects(scoreAnswers(["q"], ["g", "h"], ["a"], { model }), /1 questions, 2 gold answers and 1 candidate answers/);
  const viaAnswers = await scoreAnswers(["What is the sun?"], ["a star"], ["hot"], {
    model,
    cache: null,
    statements: (q, a) => `${q.replace(/\?$/, "")}: ${a}.`,
  });
  assert.deepEqual(viaAnswers.premises, ["What is the sun: a star."]);
  assert.equal(viaAnswers.rows[0].status, "ok");
});

test("the cache keeps one entry per key, counts conflicts and survives reopening", () => {
  const dir = join(root, "cache3");
  const cache = NliCache.open(dir);
  assert.deepEqual(cache.put("m", [{ premise: "a", hypothesis: "b", probabilities: [0.1, 0.2, 0.7] }], "t"), { inserted: 1, conflicts: 0 });
  assert.deepEqual(cache.put("m", [{ premise: "a", hypothesis: "b", probabilities: [0.1, 0.2, 0.7] }], "t"), { inserted: 0, conflicts: 0 });
  assert.deepEqual(cache.put("m", [{ premise: "a", hypothesis: "b", probabilities: [0.3, 0.2, 0.5] }], "t"), { inserted: 0, conflicts: 1 });
  assert.throws(() => cache.put("m", [{ premise: "x", hypothesis: "y", probabilities: [NaN, 0, 0] }], "t"), /not in \[0, 1\]/);
  cache.close();
  const again = NliCache.open(dir);
  assert.deepEqual(again.get("m", "a", "b"), [0.1, 0.2, 0.7]);
  assert.equal(again.get("m", "b", "a"), undefined);
  assert.equal(again.get("other", "a", "b"), undefined);
  assert.deepEqual(again.counts(), [{ model: "m", entries: 1, sources: "t" }]);
  again.close();
});
