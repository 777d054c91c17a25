/**
 * createCapScorer on the tiny fixture model: one load for many calls, the numbers of
 * scoreAnswers / scoreStatements exactly, a lazy model (none loaded when the cache has every
 * pair), and a dispose that releases what the scorer opened and nothing else.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeTinyModel } from "../scripts/fixtures/tiny-nli.js";
import { createCapScorer } from "../lib/score/cap-scorer.js";
import { scoreAnswers, scoreStatements } from "../lib/score/score.js";
import { NliCache } from "../lib/nli/cache.js";
import type { NliEngine } from "../lib/nli/engine.js";

const root = mkdtempSync(join(tmpdir(), "capqa-cap-scorer-"));
process.on("exit", () => rmSync(root, { recursive: true, force: true }));
const model = join(root, "tiny-nli");
writeTinyModel(model, { precisions: ["fp32"] });

const QUESTIONS = [
  "What travels through the stem of a plant?",
  "What is the sun?",
  "Which animal eats plants?",
  "What does a laser produce?",
];
const GOLDS = ["water", "a star", "cows", "light"];
const ANSWERS = ["Water and food travel through the stem.", "The sun is hot.", "", "Lasers produce light."];
const PREMISES = ["The sun is a star.", "Water travels through the stem.", "Cows eat plants."];
const HYPOTHESES = ["The sun is hot.", "Water and food travel through the stem.", "Cows eat meat."];

test("two score() calls and a scoreStatements() load the model once and give scoreAnswers' numbers exactly", async () => {
  const cap = await createCapScorer({ model, cache: null });
  assert.equal(cap.loads, 0, "nothing is loaded before it is needed");
  assert.equal(cap.engine, null);
  const first = await cap.score({ questions: QUESTIONS, golds: GOLDS, answers: ANSWERS });
  const engine = cap.engine!;
  assert.ok(engine, "the first score() loaded the model");
  const second = await cap.score({ questions: QUESTIONS.slice(0, 2), golds: GOLDS.slice(0, 2), answers: ["Water.", "A star."] });
  const statements = await cap.scoreStatements({ premises: PREMISES, hypotheses: HYPOTHESES });
  assert.equal(cap.loads, 1);
  assert.equal(cap.engine, engine, "the same engine serves every call");
  assert.equal(engine.stats.inferredPairs, first.report.modelPairs + second.report.modelPairs + statements.report.modelPairs);

  const direct = await scoreAnswers(QUESTIONS, GOLDS, ANSWERS, { model, cache: null });
  assert.deepEqual(
    first.rows.map(({ question, gold, answer, flagged, ...row }) => row),
    direct.rows,
    "the scorer's rows are scoreAnswers' rows (one camelCase CapRow), with the answer's texts added",
  );
  assert.deepEqual(
    first.rows.map((r) => [r.question, r.gold, r.answer, r.premise, r.hypothesis]),
    QUESTIONS.map((q, i) => [q, GOLDS[i], ANSWERS[i], direct.premises[i], direct.hypotheses[i]]),
  );
  assert.deepEqual(
    first.rows.map((r) => r.flagged),
    direct.premiseDetails.map((p, i) => (p?.flagged ?? false) || (direct.hypothesisDetails[i]?.flagged ?? false)),
  );
  assert.equal(first.generator, "builtin");
  assert.equal(first.flaggedStatements, direct.flaggedStatements);
  assert.deepEqual({ ...first.report, seconds: 0 }, { ...direct.report, seconds: 0 });
  assert.equal(first.rows[2].status, "not_scored");
  assert.equal(first.rows[2].reason, "empty candidate answer");
  assert.ok(Number.isNaN(first.scores[2]));
  const scored = direct.rows.filter((r) => r.cap !== null).map((r) => r.cap!);
  assert.equal(first.mean, scored.reduce((a, b) => a + b, 0) / scored.length);

  const directStatements = await scoreStatements(PREMISES, HYPOTHESES, { model, cache: null });
  assert.deepEqual(statements.rows, directStatements.rows);
  assert.deepEqual(
    directStatements.rows.map((r) => [r.premise, r.hypothesis]),
    PREMISES.map((p, i) => [p, HYPOTHESES[i]]),
    "scoreStatements' rows carry their statements",
  );
  assert.deepEqual(
    Array.from(statements.scores),
    directStatements.rows.map((r) => r.cap),
  );

  // dispose releases the engine it loaded, once; later calls say what happened.
  let disposals = 0;
  const release = engine.dispose.bind(engine);
  (engine as { dispose: () => Promise<void> }).dispose = async () => {
    disposals++;
    await release();
  };
  await cap.dispose();
  await cap.dispose();
  assert.equal(disposals, 1);
  assert.equal(cap.disposed, true);
  assert.equal(cap.engine, null);
  await assert.rejects(
    cap.score({ questions: QUESTIONS, golds: GOLDS, answers: ANSWERS }),
    /score\(\) was called after dispose\(\); create another scorer with createCapScorer\(\)/,
  );
  await assert.rejects(cap.scoreStatements({ premises: PREMISES, hypotheses: HYPOTHESES }), /after dispose/);
});

test("a cache folder is opened once and closed by dispose; a second scorer takes every pair from it and loads no model", async () => {
  const dir = join(root, "cache");
  const cap = await createCapScorer({ model, cache: dir });
  const first = await cap.score({ questions: QUESTIONS, golds: GOLDS, answers: ANSWERS });
  assert.equal(first.report.cacheHits, 0);
  assert.ok(first.report.modelPairs > 0);
  const cache = cap.cache!;
  assert.ok(cache instanceof NliCache);
  assert.ok(cache.counts().length > 0);
  await cap.dispose();
  assert.throws(() => cache.counts(), /not open/, "the cache the scorer opened is closed");

  const again = await createCapScorer({ model, cache: dir });
  const second = await again.score({ questions: QUESTIONS, golds: GOLDS, answers: ANSWERS });
  assert.equal(second.report.modelPairs, 0);
  assert.equal(second.report.cacheHits, first.report.uniquePairs);
  assert.equal(again.loads, 0, "every pair was cached: the model was never loaded");
  assert.deepEqual(second.rows, first.rows);
  await again.dispose();
});

test("a cache and an engine the caller gives are used and left open", async () => {
  const cache = NliCache.open(join(root, "given-cache"));
  const loading = await createCapScorer({ model, cache: null });
  const engine: NliEngine = await loading.load();
  let disposed = false;
  const given: NliEngine = {
    modelKey: engine.modelKey,
    device: engine.device,
    stats: engine.stats,
    probabilities: (p, h, o) => engine.probabilities(p, h, o),
    dispose: async () => void (disposed = true),
  };
  const cap = await createCapScorer({ engine: given, cache });
  const r = await cap.scoreStatements({ premises: PREMISES, hypotheses: HYPOTHESES });
  assert.equal(r.report.scored, 3);
  assert.equal(cap.loads, 0);
  await cap.dispose();
  assert.equal(disposed, false, "the caller's engine is the caller's to dispose");
  assert.ok(cache.counts().length > 0, "the caller's cache stays open");
  cache.close();
  await loading.dispose();
});

test("a row's gold may be a list of golds: scoreAnswers' best-gold rows, with the winning gold and every gold's CAP", async () => {
  const golds = [["water", "minerals"], "a star", ["cows", "herbivores"], ["light"]];
  const cap = await createCapScorer({ model, cache: null });
  const r = await cap.score({ questions: QUESTIONS, golds, answers: ANSWERS });
  const direct = await scoreAnswers(QUESTIONS, golds, ANSWERS, { model, cache: null });
  assert.deepEqual(
    r.rows.map(({ question, gold, answer, flagged, ...row }) => row),
    direct.rows,
  );
  assert.deepEqual(
    r.rows.map((x) => x.premise),
    direct.premises,
  );
  assert.deepEqual(
    direct.rows.map((x) => [x.premise, x.hypothesis]),
    direct.premises.map((p, i) => [p, direct.hypotheses[i]]),
    "scoreAnswers' rows carry the winning gold's statement (the first gold's when not scored) and the candidate's",
  );
  assert.deepEqual(
    r.rows.map((x) => x.gold),
    golds,
  );
  assert.deepEqual(r.bestGold, direct.bestGold);
  assert.deepEqual(
    r.goldCaps,
    direct.goldScores!.map((list) => list.map((g) => g.cap)),
  );
  const single = await cap.score({ questions: QUESTIONS, golds: GOLDS, answers: ANSWERS });
  assert.equal(single.bestGold, undefined, "one gold per row: no multi-gold fields");
  assert.equal(cap.loads, 1);
  await cap.dispose();
});

test("a statements function replaces the generator; options are checked at once", async () => {
  const cap = await createCapScorer({ model, cache: null, statements: (q, a) => `The answer to "${q}" is ${a}.` });
  const r = await cap.score({ questions: QUESTIONS.slice(0, 2), golds: GOLDS.slice(0, 2), answers: ANSWERS.slice(0, 2) });
  assert.equal(r.generator, "custom function");
  assert.equal(r.rows[1].premise, 'The answer to "What is the sun?" is a star.');
  await cap.dispose();
  await assert.rejects(createCapScorer({ alpha: 1.5 }), /alpha/);
  await assert.rejects(createCapScorer({ cache: 42 as never }), /cache must be an NliCache, a folder path, or null/);
  const scorer = await createCapScorer({ model, cache: null });
  await assert.rejects(scorer.score({ questions: ["q"], golds: ["a", "b"], answers: ["c"] }), /must pair up/);
  await scorer.dispose();
});
