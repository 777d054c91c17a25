import { test } from "node:test";
import assert from "node:assert/strict";
import { fitLogistic, predictProba } from "../lib/learned-scorer/logistic.js";
import { scorerFeatures, FEATURE_NAMES } from "../lib/learned-scorer/features.js";
import { fitScorer, applyScorer } from "../lib/learned-scorer/scorer.js";
import { benchmarkScorerInputs } from "../lib/learned-scorer/benchmark.js";
import { loadBenchmark, selectRows, releasedColumn } from "../lib/data/index.js";
import { ordinalSummary } from "../lib/stats/pairwise.js";
import { Xoshiro128 } from "../lib/stats/random.js";
import { releasedDataDir } from "./helpers.js";

test("multinomial logistic regression separates separable classes and gives probabilities", () => {
  const rng = new Xoshiro128(2);
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < 300; i++) {
    const k = i % 3;
    X.push([k * 2 + rng.nextFloat() * 0.5, rng.nextFloat()]);
    y.push(k);
  }
  const m = fitLogistic(X, y, 3, { iterations: 800 });
  let correct = 0;
  X.forEach((x, i) => {
    const p = predictProba(m, x);
    assert.ok(Math.abs(p.reduce((a, b) => a + b, 0) - 1) < 1e-12);
    if (p.indexOf(Math.max(...p)) === y[i]) correct++;
  });
  assert.ok(correct / X.length > 0.97, `accuracy ${correct / X.length}`);
});

test("answer-text features see containment, length and negation", () => {
  const base = { pe_f: 0.9, pn_f: 0.05, pc_f: 0.05, pe_r: 0.2, pn_r: 0.7, pc_r: 0.1 };
  const f = (gold: string, answer: string) =>
    Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, scorerFeatures({ ...base, goldAnswer: gold, answer })[i]]));
  const partial = f("water and food", "water");
  const over = f("water and food", "water and food, which plants need to grow");
  assert.equal(partial.candidate_in_gold, 1);
  assert.ok(partial.gold_in_candidate < 1 && over.gold_in_candidate === 1);
  assert.ok(partial.log_length_ratio < 0 && over.log_length_ratio > 0);
  assert.equal(over.gold_string_in_candidate, 1);
  assert.equal(f("it melts", "it does not melt").negation_added, 1);
  assert.equal(f("Paris", "paris").exact, 1);
});

const data = releasedDataDir();

test("fitted on the validation split only, the scorer beats CAP on the test split", {
  skip: data === undefined && "released data not found",
}, () => {
  const bench = loadBenchmark(data!);
  const val = selectRows(bench, "validation");
  const testRows = selectRows(bench, "test");
  const scorer = fitScorer(benchmarkScorerInputs(bench, val.rowIds), val.classes, { split: "validation" });
  assert.equal(scorer.fittedOn.n, 1000);
  const applied = applyScorer(scorer, benchmarkScorerInputs(bench, testRows.rowIds));
  const mine = ordinalSummary(applied.score, testRows.classes);
  const cap = ordinalSummary(releasedColumn(bench, "cap", testRows.rowIds), testRows.classes);
  assert.ok(mine.spearman > cap.spearman + 0.08, `Spearman ${mine.spearman} vs CAP ${cap.spearman}`);
  assert.ok(mine.pairwiseAccuracy > cap.pairwiseAccuracy + 0.04);
  const hard = (s: typeof mine) => s.classPairs.filter((p) => p.hardPair);
  hard(mine).forEach((p, i) =>
    assert.ok(p.accuracy >= hard(cap)[i].accuracy, `${p.better} > ${p.worse}: ${p.accuracy} vs CAP ${hard(cap)[i].accuracy}`),
  );
  assert.ok(hard(mine).find((p) => p.better === "overinclusive_valid" && p.worse === "partial")!.accuracy >= 0.55);
  assert.ok(mine.meanViolations < cap.meanViolations);
  const acc = applied.predicted.reduce((a, p, i) => a + (p === testRows.classes[i] ? 1 : 0), 0) / testRows.classes.length;
  assert.ok(acc >= 0.66, `8-class accuracy ${acc}`);
});
