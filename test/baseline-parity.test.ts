import { test } from "node:test";
import assert from "node:assert/strict";
import { loadBenchmark } from "../lib/data/benchmark.js";
import { baselineParity, bleuPair, meteorPair, rougeLPair, type BaselineMetric } from "../lib/baselines/index.js";
import { findWordNetDir } from "../lib/text/wordnet.js";
import { releasedDataDir } from "./helpers.js";

/**
 * The ported BLEU, ROUGE-L and METEOR against the authors' released per-row
 * values. Needs the released data (CAPQA_DATA_DIR or ../shared/data/cap-correctness);
 * METEOR also needs WordNet 3.0.
 */
const dataDir = releasedDataDir();
const wordnetDir = findWordNetDir();
const noData = dataDir ? false : "the released data is not present (set CAPQA_DATA_DIR)";
const noWordNet = !dataDir
  ? noData
  : wordnetDir
    ? false
    : "WordNet 3.0 is not installed (apt-get install wordnet-base, or set CAPQA_WORDNET_DIR)";

const GOALS: Record<BaselineMetric, number> = { bleu: 0.995, rouge_l: 0.995, meteor: 0.98 };

const bench = dataDir ? loadBenchmark(dataDir) : undefined;
let cached: ReturnType<typeof baselineParity> | undefined;
function parity() {
  if (!bench) throw new Error("no data");
  cached ??= baselineParity(bench, { metrics: wordnetDir ? ["bleu", "rouge_l", "meteor"] : ["bleu", "rouge_l"] });
  return cached;
}

function checkMetric(metric: BaselineMetric, t: { diagnostic: (message: string) => void }) {
  const result = parity().metrics[metric];
  assert.ok(result, `${metric} was not compared`);
  t.diagnostic(
    `${metric}: ${result.within}/${result.compared} within ${parity().tolerance} (${(100 * result.share).toFixed(3)} %), ` +
      `max |Δ| ${result.maxAbsDelta.toExponential(2)}, reasons ${JSON.stringify(result.reasons)}`,
  );
  assert.equal(result.compared, bench?.rows.filter((row) => bench.scoreIndex[row.rowId] >= 0).length);
  assert.ok(result.share >= GOALS[metric], `${metric}: ${(100 * result.share).toFixed(3)} % within, goal ${100 * GOALS[metric]} %`);
  // Rows that agree do so to the released rounding (10 decimals).
  assert.ok(result.maxAbsDeltaWithin <= 1e-10, `max |Δ| within: ${result.maxAbsDeltaWithin}`);
  // Every difference has a diagnosed cause.
  assert.deepEqual(
    result.differing.filter((d) => d.reason === "unexplained"),
    [],
  );
}

test("BLEU reproduces the released values (goal: 99.5 % within 1e-6)", { skip: noData }, (t) => checkMetric("bleu", t));
test("ROUGE-L reproduces the released values (goal: 99.5 % within 1e-6)", { skip: noData }, (t) => checkMetric("rouge_l", t));
test("METEOR reproduces the released values (goal: 98 % within 1e-6)", { skip: noWordNet }, (t) => checkMetric("meteor", t));

test("the pair helpers give the released values row by row", { skip: noWordNet }, () => {
  if (!bench) return;
  const { bleu, rouge_l, meteor } = bench.scores.values;
  const differing = new Set(Object.values(parity().metrics).flatMap((m) => m?.differing.map((d) => d.rowId) ?? []));
  let checked = 0;
  for (const row of bench.rows.slice(0, 400)) {
    const k = bench.scoreIndex[row.rowId];
    if (k < 0 || differing.has(row.rowId)) continue;
    checked++;
    assert.ok(Math.abs(bleuPair(row.goldAnswer, row.answer) - bleu[k]) <= 1e-6, `bleu row ${row.rowId}`);
    assert.ok(Math.abs(rougeLPair(row.goldAnswer, row.answer) - rouge_l[k]) <= 1e-6, `rouge_l row ${row.rowId}`);
    assert.ok(Math.abs(meteorPair(row.goldAnswer, row.answer) - meteor[k]) <= 1e-6, `meteor row ${row.rowId}`);
  }
  assert.ok(checked >= 390);
});

test("differing rows carry gold, candidate, released and ours", { skip: noData }, () => {
  for (const result of Object.values(parity().metrics)) {
    for (const d of result?.differing ?? []) {
      assert.equal(d.gold, bench?.rows[d.rowId].goldAnswer);
      assert.equal(d.candidate, bench?.rows[d.rowId].answer);
      assert.ok(Math.abs(d.ours - d.released) > parity().tolerance);
    }
  }
});
