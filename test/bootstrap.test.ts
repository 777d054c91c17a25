import { test } from "node:test";
import assert from "node:assert/strict";
import { Xoshiro128, resampleCounts } from "../lib/stats/random.js";
import { newSweepSums, ordinalLayout, ordinalStatistics, sortScores, statisticsWidth, sweep, STAT } from "../lib/stats/ordinal.js";
import { bootstrapOrdinal, pairedDifference, percentileInterval, samplesOf } from "../lib/stats/bootstrap.js";
import { ordinalSummary } from "../lib/stats/pairwise.js";
import { spearman } from "../lib/stats/correlation.js";
import { CLASSES, PAPER_ORDERING } from "../lib/taxonomy/index.js";
import { bruteKendallTauB, close, expand, randomScored } from "./helpers.js";

test("the generator is reproducible per (seed, stream) and draws integers uniformly", () => {
  const a = new Xoshiro128(42, 5);
  const b = new Xoshiro128(42, 5);
  const c = new Xoshiro128(42, 6);
  const xs = Array.from({ length: 5 }, () => a.nextU32());
  assert.deepEqual(
    Array.from({ length: 5 }, () => b.nextU32()),
    xs,
  );
  assert.notDeepEqual(
    Array.from({ length: 5 }, () => c.nextU32()),
    xs,
  );
  const rng = new Xoshiro128(1);
  const counts = new Array(7).fill(0);
  for (let k = 0; k < 70000; k++) counts[rng.nextInt(7)]++;
  for (const n of counts) assert.ok(Math.abs(n - 10000) < 500, String(counts));
});

test("a resample is a count vector summing to n", () => {
  const counts = new Float64Array(100);
  resampleCounts(new Xoshiro128(3, 0), 100, counts);
  assert.equal(
    counts.reduce((s, x) => s + x, 0),
    100,
  );
  assert.ok(counts.some((x) => x === 0) && counts.some((x) => x > 1));
});

test("a weighted sweep equals the statistics of the expanded resample (the bootstrap shortcut is exact)", () => {
  const layout = ordinalLayout(PAPER_ORDERING);
  const sums = newSweepSums();
  const out = new Float64Array(statisticsWidth(layout));
  for (let seed = 1; seed <= 12; seed++) {
    const { scores, classes } = randomScored(80, seed, 6);
    const sorted = sortScores(scores, classes);
    const counts = new Float64Array(80);
    resampleCounts(new Xoshiro128(seed, 1), 80, counts);
    sweep(layout, sorted, counts, sums);
    ordinalStatistics(layout, sums, out);
    const xs = expand(scores, counts);
    const cs = Uint8Array.from(expand(classes, counts));
    const ref = ordinalSummary(xs, cs, PAPER_ORDERING, { scoreDecimals: null }); // the sweep compares raw doubles
    const sev = Array.from(cs, (c) => PAPER_ORDERING.severity[CLASSES[c]]);
    assert.ok(close(out[STAT.spearman], spearman(xs, sev).statistic, 1e-12), `spearman seed ${seed}`);
    assert.ok(close(out[STAT.kendall], bruteKendallTauB(xs, sev), 1e-12), `kendall seed ${seed}`);
    assert.ok(close(out[STAT.pairwiseAccuracy], ref.pairwiseAccuracy, 1e-14));
    assert.ok(close(out[STAT.rowViolationRate], ref.rowLevelViolationRate, 1e-14));
    assert.equal(out[STAT.meanViolations], ref.meanViolations);
    const P = layout.pairs.length;
    ref.classPairs.forEach((cp, p) => {
      if (cp.pairs === 0) return assert.ok(Number.isNaN(out[STAT.pairs + p]));
      assert.ok(close(out[STAT.pairs + p], cp.accuracy, 1e-14));
      assert.ok(close(out[STAT.pairs + P + p], cp.auc, 1e-14));
    });
  }
});

test("bootstrap results do not depend on the number of threads", async () => {
  const { scores, classes } = randomScored(400, 5, 10);
  const other = Float64Array.from(scores, (s, i) => s + ((i * 37) % 11) / 50);
  const one = await bootstrapOrdinal(classes, [scores, other], { resamples: 600, seed: 42, threads: 1 });
  const two = await bootstrapOrdinal(classes, [scores, other], { resamples: 600, seed: 42, threads: 2 });
  assert.deepEqual(one.values, two.values);
  const three = await bootstrapOrdinal(classes, [scores, other], { resamples: 600, seed: 43, threads: 1 });
  assert.notDeepEqual(one.values, three.values);
});

test("percentile intervals cover the point estimate; paired differences are exact on identical metrics", async () => {
  const { scores, classes } = randomScored(500, 11, 15);
  const b = await bootstrapOrdinal(classes, [scores, scores], { resamples: 400, seed: 1, threads: 1 });
  const point = ordinalSummary(scores, classes);
  const ci = percentileInterval(samplesOf(b, 0, STAT.spearman));
  assert.ok(ci.low < point.spearman && point.spearman < ci.high);
  const d = pairedDifference(samplesOf(b, 0, STAT.spearman), samplesOf(b, 1, STAT.spearman));
  assert.deepEqual([d.meanDifference, d.low, d.high, d.pReferenceNotBetter], [0, 0, 0, 1]);
  assert.deepEqual(percentileInterval([1, 2, 3, 4, 5, NaN], 0.5), { low: 2, high: 4 });
});

test("bad bootstrap input is refused clearly", async () => {
  await assert.rejects(
    bootstrapOrdinal(Uint8Array.of(0, 1), [[0.1, 0.2]], { resamples: 0, seed: 1 }),
    /resamples must be a positive integer/,
  );
  await assert.rejects(
    bootstrapOrdinal(Uint8Array.of(0, 1), [[0.1, NaN]], { resamples: 5, seed: 1 }),
    /bootstrapOrdinal: metrics\[0\]\[1\] is NaN; metrics\[0\] must be finite numbers/,
  );
  await assert.rejects(
    bootstrapOrdinal(Uint8Array.of(0, 9), [[0.1, 0.2]], { resamples: 5, seed: 1 }),
    /bootstrapOrdinal: classes\[1\] is 9; classes must be integers in 0\.\.7/,
  );
});
