/**
 * The metric registry: every metric's compute equals the function it wraps, row by row (BLEU,
 * ROUGE-L, METEOR; BERTScore and COMET on the tiny encoders; CAP on the tiny NLI model), one
 * result shape, clear errors for unknown names and missing options, and user metrics.
 * evaluateScores: the typed rows are evaluateMetrics' tables, key for key.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bleuMulti, bleuPair, meteorMulti, meteorPair, rougeLMulti, rougeLPair } from "../lib/baselines/index.js";
import { loadBertScorer } from "../lib/baselines/bertscore.js";
import { loadCometEstimator } from "../lib/baselines/comet.js";
import { listMetrics, metric, registerMetric } from "../lib/metrics/registry.js";
import { camelCaseRow, evaluateScores } from "../lib/metrics/evaluate-arrays.js";
import { evaluateMetrics, type TableRow } from "../lib/eval/evaluate.js";
import { scoreAnswers, scoreStatements } from "../lib/score/score.js";
import { findWordNetDir } from "../lib/text/wordnet.js";
import { CLASSES } from "../lib/taxonomy/index.js";
import { writeTinyModel } from "../scripts/fixtures/tiny-nli.js";
import { writeTinyBertScoreModel, writeTinyComet } from "../scripts/fixtures/tiny-encoders.js";
import { randomScored } from "./helpers.js";

const root = mkdtempSync(join(tmpdir(), "capqa-metrics-"));
process.on("exit", () => rmSync(root, { recursive: true, force: true }));

const QUESTIONS = [
  "What travels through the stem of a plant?",
  "What is the sun?",
  "Which animal eats plants?",
  "What does a laser produce?",
  "Name three cities in Europe.",
];
const REFERENCES = ["water", "a star", "cows", "light", "Paris, Rome and Berlin"];
const PREDICTIONS = ["Water and food travel through the stem.", "The sun is hot.", "", "Lasers produce light.", "Rome, Paris, and Madrid."];
const INPUT = { questions: QUESTIONS, references: REFERENCES, predictions: PREDICTIONS };
const needsWordNet = {
  skip: findWordNetDir() ? false : "WordNet 3.0 is not installed (apt-get install wordnet-base, or set CAPQA_WORDNET_DIR)",
};

const mean = (xs: ArrayLike<number>) => {
  const v = Array.from(xs).filter((x) => !Number.isNaN(x));
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN;
};

test("bleu and rouge_l equal bleuPair and rougeLPair row by row, in one result shape", async () => {
  for (const [name, f] of [
    ["bleu", bleuPair],
    ["rouge_l", rougeLPair],
  ] as const) {
    const m = metric(name);
    assert.equal(m.name, name);
    assert.equal(m.higherIsBetter, true);
    assert.ok(m.description.length > 0);
    const r = await m.compute({ references: REFERENCES, predictions: PREDICTIONS });
    assert.deepEqual(Object.keys(r).sort(), ["mean", "scores"]);
    assert.ok(r.scores instanceof Float64Array);
    assert.deepEqual(
      Array.from(r.scores),
      REFERENCES.map((g, i) => f(g, PREDICTIONS[i])),
    );
    assert.equal(r.mean, mean(r.scores));
    await m.dispose();
  }
  // Any spelling of the name.
  assert.equal(metric("ROUGE-L").name, "rouge_l");
  assert.equal(metric("rougeL").name, "rouge_l");
});

test("several references per row: bleu, rouge_l and meteor equal bleuMulti, rougeLMulti and meteorMulti; a single one stays the pair function's", async () => {
  const references = [
    ["water", "minerals and water"],
    "a star",
    ["cows", "herbivores such as cows"],
    ["light"],
    ["Paris, Rome and Berlin", "Madrid, Rome and Paris"],
  ];
  const cases = [
    ["bleu", bleuPair, bleuMulti],
    ["rouge_l", rougeLPair, rougeLMulti],
    ...(findWordNetDir() ? [["meteor", meteorPair, meteorMulti] as const] : []),
  ] as const;
  for (const [name, one, several] of cases) {
    const m = metric(name);
    assert.equal(m.multiReference, true);
    const r = await m.compute({ references, predictions: PREDICTIONS });
    assert.deepEqual(
      Array.from(r.scores),
      references.map((g, i) => (typeof g === "string" ? one(g, PREDICTIONS[i]) : several(g, PREDICTIONS[i]))),
      name,
    );
    assert.equal(r.scores[3], one("light", PREDICTIONS[3]), `${name}: one gold in a list scores as the pair function`);
  }
  assert.equal(metric("bertscore", { model: "unused" }).multiReference, false);
});

test("meteor equals meteorPair row by row", needsWordNet, async () => {
  const r = await metric("meteor").compute(INPUT);
  assert.deepEqual(
    Array.from(r.scores),
    REFERENCES.map((g, i) => meteorPair(g, PREDICTIONS[i])),
  );
  const withDir = await metric("meteor", { wordnetDir: findWordNetDir()! }).compute(INPUT);
  assert.deepEqual(withDir.scores, r.scores);
});

test("meteor with a folder that holds no WordNet says how to install it", async () => {
  await assert.rejects(
    metric("meteor", { wordnetDir: join(root, "no-wordnet") }).compute(INPUT),
    /WordNet not found.*apt-get install wordnet-base/s,
  );
});

test("bertscore and comet equal their scorers over several computes, and need the model option", async () => {
  const bertDir = join(root, "bert");
  const cometDir = join(root, "comet");
  writeTinyBertScoreModel(bertDir, { layers: 3 });
  writeTinyComet(cometDir);
  const direct = await loadBertScorer({ model: bertDir });
  const expected = (await direct.score(REFERENCES, PREDICTIONS)).f1;
  await direct.dispose();
  const bert = metric("bertscore", { model: bertDir });
  const r1 = await bert.compute(INPUT);
  const r2 = await bert.compute({ references: REFERENCES.slice(0, 2), predictions: PREDICTIONS.slice(0, 2) });
  assert.deepEqual(r1.scores, expected);
  assert.deepEqual(Array.from(r2.scores), Array.from(expected.slice(0, 2)));
  assert.equal(r1.mean, mean(expected));
  await bert.dispose();
  await bert.dispose();
  await assert.rejects(bert.compute(INPUT), /after dispose/);

  const est = await loadCometEstimator({ model: cometDir });
  const cometExpected = await est.score(QUESTIONS, PREDICTIONS, REFERENCES);
  await est.dispose();
  const comet = metric("comet", { model: cometDir });
  assert.deepEqual((await comet.compute(INPUT)).scores, cometExpected);
  await assert.rejects(
    comet.compute({ references: REFERENCES, predictions: PREDICTIONS }),
    /metric\("comet"\)\.compute\(\) needs questions/,
  );
  await comet.dispose();

  for (const name of ["bertscore", "comet"]) {
    assert.throws(
      () => metric(name),
      (err: Error) => {
        assert.match(
          err.message,
          new RegExp(`^metric\\("${name}"\\) needs the model option, a model folder: metric\\("${name}", \\{ model: `),
        );
        assert.doesNotMatch(err.message, /\n/);
        return true;
      },
    );
  }
});

test("cap from answers equals scoreAnswers, from statements equals scoreStatements; without questions it says what to do", async () => {
  const model = join(root, "tiny-nli");
  writeTinyModel(model, { precisions: ["fp32"] });
  const cap = metric("cap", { model, cache: null });
  const r = await cap.compute(INPUT);
  const direct = await scoreAnswers(QUESTIONS, REFERENCES, PREDICTIONS, { model, cache: null });
  assert.deepEqual(
    Array.from(r.scores),
    direct.rows.map((x) => x.cap ?? NaN),
  );
  assert.ok(Number.isNaN(r.scores[2]), "an empty answer is not scored");
  assert.equal(r.mean, mean(direct.rows.filter((x) => x.cap !== null).map((x) => x.cap!)));
  await assert.rejects(cap.compute({ references: REFERENCES, predictions: PREDICTIONS }), /needs questions .*\{ from: "statements" \}/);
  await cap.dispose();

  const statements = metric("cap", { model, cache: null, from: "statements" });
  const premises = ["The sun is a star.", "Cows eat plants."];
  const hypotheses = ["The sun is hot.", "Cows eat meat."];
  const s = await statements.compute({ references: premises, predictions: hypotheses });
  assert.deepEqual(
    Array.from(s.scores),
    (await scoreStatements(premises, hypotheses, { model, cache: null })).rows.map((x) => x.cap),
  );
  await assert.rejects(
    statements.compute({ references: [premises], predictions: ["x"] }),
    /references\[0\] is a list; statements are scored one premise per row/,
  );
  await statements.dispose();
  assert.throws(() => metric("cap", { from: "texts" as never }), /"answers" or "statements"/);

  // Several golds per row: the best CAP over them, as scoreAnswers gives it.
  const golds = [["water", "minerals"], "a star", ["cows"], ["light", "a beam of light"], ["Paris, Rome and Berlin", "Rome"]];
  const multi = metric("cap", { model, cache: null });
  const m = await multi.compute({ questions: QUESTIONS, references: golds, predictions: PREDICTIONS });
  const directMulti = await scoreAnswers(QUESTIONS, golds, PREDICTIONS, { model, cache: null });
  assert.deepEqual(
    Array.from(m.scores),
    directMulti.rows.map((x) => x.cap ?? NaN),
  );
  assert.equal(m.scores[1], r.scores[1], "a row of one string scores as before");
  await multi.dispose();
});

test("an unknown metric lists the known ones; inputs are checked before any work", async () => {
  assert.throws(
    () => metric("bluert"),
    (err: Error) => {
      assert.ok(err instanceof RangeError);
      assert.match(
        err.message,
        /^unknown metric "bluert"; known metrics: bleu, rouge_l, meteor, squad_em, squad_f1, bertscore, comet, cap/,
      );
      return true;
    },
  );
  const bleu = metric("bleu");
  await assert.rejects(bleu.compute({ references: ["a"], predictions: ["a", "b"] }), /1 references but 2 predictions/);
  await assert.rejects(bleu.compute({ references: ["a", 3 as never], predictions: ["a", "b"] }), /references\[1\] is not a string/);
  await assert.rejects(
    metric("bertscore", { model: "not-loaded-before-the-input-is-checked" }).compute({ references: [["a", "b"]], predictions: ["a"] }),
    /references\[0\] is a list; bertscore takes one reference per row \(bleu, rouge_l, meteor, squad_em, squad_f1, cap take several\)/,
  );
  await assert.rejects(bleu.compute({ references: [[]], predictions: ["a"] }), /references\[0\] is an empty list/);
  await assert.rejects(bleu.compute({ references: [["a", 1 as never]], predictions: ["a"] }), /references\[0\]\[1\] is not a string/);
  await assert.rejects(bleu.compute({ references: ["a"], predictions: ["a"], questions: [] }), /1 references but 0 questions/);
  const names = listMetrics().map((m) => m.name);
  assert.deepEqual(names.slice(0, 8), ["bleu", "rouge_l", "meteor", "squad_em", "squad_f1", "bertscore", "comet", "cap"]);
  assert.ok(
    listMetrics()
      .slice(0, 6)
      .every((m) => m.builtin),
  );
});

test("registerMetric serves a user's metric with the same convention; name clashes fail", async () => {
  const info = registerMetric({
    name: "exact_match",
    description: "1 when the prediction equals the reference, ignoring case and outer spaces",
    compute: ({ references, predictions }) =>
      references.map((r, i) => Number(r.trim().toLowerCase() === predictions[i].trim().toLowerCase())),
  });
  assert.equal(info.builtin, false);
  assert.equal(info.higherIsBetter, true);
  const r = await metric("exact_match").compute({ references: ["Paris", "Rome"], predictions: [" paris", "Berlin"] });
  assert.deepEqual(Array.from(r.scores), [1, 0]);
  assert.equal(r.mean, 0.5);
  assert.ok(listMetrics().some((m) => m.name === "exact_match" && !m.builtin));

  assert.throws(
    () => registerMetric({ name: "Exact-Match", description: "again", compute: () => [] }),
    /the name "Exact-Match" is taken by the registered metric "exact_match"; pass \{ replace: true \}/,
  );
  assert.throws(
    () => registerMetric({ name: "BLEU", description: "mine", compute: () => [] }, { replace: true }),
    /taken by capqa's metric "bleu"/,
  );
  assert.throws(() => registerMetric({ name: "x", description: "neither" }), /exactly one of compute .* or create/);
  registerMetric(
    { name: "exact_match", description: "replaced", compute: ({ predictions }) => predictions.map(() => 7) },
    { replace: true },
  );
  assert.deepEqual(Array.from((await metric("exact_match").compute({ references: ["a"], predictions: ["b"] })).scores), [7]);

  // A stateful metric: created with its options, disposed once.
  let disposed = 0;
  registerMetric<{ offset: number }>({
    name: "length_plus",
    description: "prediction length plus an offset",
    higherIsBetter: false,
    create: ({ offset }) => ({ compute: ({ predictions }) => predictions.map((p) => p.length + offset), dispose: () => void disposed++ }),
  });
  const lp = metric("length_plus", { offset: 10 });
  assert.equal(lp.higherIsBetter, false);
  assert.deepEqual(Array.from((await lp.compute({ references: ["", ""], predictions: ["ab", ""] })).scores), [12, 10]);
  await lp.dispose();
  await lp.dispose();
  assert.equal(disposed, 1);

  registerMetric({ name: "wrong_length", description: "returns too few scores", compute: () => [1] });
  await assert.rejects(metric("wrong_length").compute({ references: ["a", "b"], predictions: ["a", "b"] }), /returned 1 scores for 2 rows/);
});

/** The typed rows of evaluateScores against evaluateMetrics' tables, key for key. */
const EXPECTED_KEYS = {
  correlations: [
    "metric",
    "n",
    "spearman",
    "spearmanCiLow",
    "spearmanCiHigh",
    "spearmanP",
    "kendall",
    "kendallCiLow",
    "kendallCiHigh",
    "kendallP",
    "pairwiseAccuracy",
    "pairwiseAccuracyCiLow",
    "pairwiseAccuracyCiHigh",
    "comparablePairs",
    "pairWins",
    "pairTies",
    "pairLosses",
  ],
  descriptives: ["metric", "label", "severity", "n", "mean", "meanCiLow", "meanCiHigh", "std", "min", "p05", "median", "p95", "max"],
  classPairs: [
    "metric",
    "better",
    "worse",
    "hardPair",
    "nBetter",
    "nWorse",
    "pairs",
    "wins",
    "ties",
    "losses",
    "accuracy",
    "accuracyCiLow",
    "accuracyCiHigh",
    "auc",
    "aucCiLow",
    "aucCiHigh",
    "violationRate",
    "meanBetter",
    "meanWorse",
    "meanViolation",
  ],
  monotonicity: [
    "metric",
    "classPairs",
    "meanViolations",
    "meanViolationRate",
    "meanViolationsCiLow",
    "meanViolationsCiHigh",
    "rowLevelViolationRate",
    "violatingPairs",
  ],
  pairedDifferences: ["reference", "metric", "statistic", "meanDifference", "ciLow", "ciHigh", "pReferenceNotBetter"],
};

test("evaluateScores: plain arrays and label names in, evaluateMetrics' tables out as typed camelCase rows", async () => {
  const a = randomScored(120, 3);
  const b = randomScored(120, 4);
  // Labels in mixed spellings: the paper's hyphens, capitals, short names.
  const spellings = (c: number, i: number) =>
    [CLASSES[c], CLASSES[c].toUpperCase().replace(/_/g, "-"), ` ${CLASSES[c].replace(/_/g, " ")} `][i % 3];
  const labels = Array.from(a.classes, spellings);
  const ev = await evaluateScores({ labels, scores: { cap: a.scores, other: Array.from(b.scores) }, resamples: 200, seed: 9 });
  const ref = await evaluateMetrics(
    a.classes,
    [
      { name: "cap", scores: a.scores },
      { name: "other", scores: b.scores },
    ],
    { resamples: 200, seed: 9 },
  );
  assert.equal(ev.n, 120);
  assert.deepEqual(
    ev.absentClasses,
    CLASSES.filter((c) => !a.classes.includes(CLASSES.indexOf(c))),
  );
  assert.deepEqual(ev.absentClasses, [], "every class is present in this dataset");
  const tables: Record<keyof typeof EXPECTED_KEYS, TableRow[]> = {
    correlations: ref.tables.correlations,
    descriptives: ref.tables.descriptives,
    classPairs: ref.tables.class_pairs,
    monotonicity: ref.tables.monotonicity,
    pairedDifferences: ref.tables.paired_differences,
  };
  for (const [name, keys] of Object.entries(EXPECTED_KEYS) as [keyof typeof EXPECTED_KEYS, string[]][]) {
    const rows = ev[name] as unknown as Record<string, unknown>[];
    assert.ok(rows.length > 0, name);
    assert.equal(rows.length, tables[name].length, name);
    rows.forEach((row, k) => {
      assert.deepEqual(Object.keys(row), keys, `${name} keys`);
      assert.deepEqual(Object.values(row), Object.values(tables[name][k]), `${name} row ${k}`);
    });
  }
  assert.deepEqual(
    ev.hardPairs,
    ev.classPairs.filter((r) => r.hardPair),
  );
  assert.equal(ev.pairedDifferences[0].reference, "cap");
  assert.deepEqual(ev.evaluation.tables, ref.tables);
  assert.equal(camelCaseRow<{ spearmanCiLow: number }>({ spearman_ci_low: 0.5 }).spearmanCiLow, 0.5);
});

test("evaluateScores: an unknown label names its index; missing scores are errors or dropped; absent classes are left out", async () => {
  await assert.rejects(evaluateScores({ labels: ["exact", "partially right"], scores: { m: [1, 0] }, resamples: 0 }), (err: Error) => {
    assert.ok(err instanceof RangeError);
    assert.match(err.message, /^labels\[1\] = "partially right" is not a class of the taxonomy; expected one of exact, equivalent/);
    return true;
  });
  await assert.rejects(
    evaluateScores({ labels: ["exact", "invalid"], scores: { m: [1] }, resamples: 0 }),
    /scores\.m has 1 scores for 2 labels/,
  );
  await assert.rejects(
    evaluateScores({ labels: ["exact", "invalid"], scores: { m: [1, NaN] }, resamples: 0 }),
    /scores\.m\[1\] = NaN is not a finite number \(missing: "drop"/,
  );

  const labels = ["exact", "invalid", "partial", "invalid", "exact", "partial", "contradictory"];
  const cap = [0.9, 0.2, NaN, 0.3, 0.95, 0.6, 0.05];
  const dropped = await evaluateScores({ labels, scores: { cap }, resamples: 0, missing: "drop" });
  assert.deepEqual(dropped.excluded, [2]);
  assert.equal(dropped.n, 6);
  const keptIdx = [0, 1, 3, 4, 5, 6];
  const ref = await evaluateMetrics(
    Uint8Array.from(keptIdx, (i) => CLASSES.indexOf(labels[i] as never)),
    [{ name: "cap", scores: Float64Array.from(keptIdx, (i) => cap[i]) }],
    { resamples: 0 },
  );
  assert.equal(dropped.correlations[0].spearman, ref.tables.correlations[0].spearman);
  // Classes with no row: their pairs and descriptives are gone, monotonicity counts only the rest.
  assert.deepEqual(dropped.absentClasses, ["equivalent", "alternative_correct", "overinclusive_valid", "overinclusive_invalid"]);
  const present = new Set(["exact", "partial", "invalid", "contradictory"]);
  assert.ok(dropped.classPairs.every((p) => present.has(p.better) && present.has(p.worse)));
  assert.ok(dropped.classPairs.length > 0);
  assert.equal(dropped.monotonicity[0].classPairs, dropped.classPairs.length);
  assert.equal(dropped.monotonicity[0].meanViolations, dropped.classPairs.filter((p) => p.meanViolation).length);
  assert.deepEqual(
    dropped.descriptives.map((d) => d.label),
    ["exact", "partial", "invalid", "contradictory"],
  );
  assert.equal(dropped.notes.length, 2);
});
