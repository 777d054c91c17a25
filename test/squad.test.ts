/**
 * SQuAD v1.1 exact match and token F1 against an oracle: the official evaluation script's rules
 * (evaluate-v1.1.py: normalize_answer, f1_score, exact_match_score, metric_max_over_ground_truths)
 * transcribed into Python and run by the system's Python, on every CAP-Correctness row, on
 * several golds per row, and on hand-written edge cases; plus expected values written by hand.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { squadExactMatch, squadExactMatchMulti, squadF1, squadF1Multi, squadNormalize } from "../lib/baselines/squad.js";
import { loadBenchmark, selectRows } from "../lib/data/index.js";
import { evaluateBenchmark } from "../lib/eval/benchmark-eval.js";
import { readRowTable } from "../lib/io/row-table.js";
import { listMetrics, metric } from "../lib/metrics/index.js";
import { releasedDataDir } from "./helpers.js";

const PYTHON = ["/usr/bin/python3", "python3"].find((p) => spawnSync(p, ["-c", "pass"]).status === 0);

/** The official v1.1 rules, as the script states them; reads [[golds, prediction], ...] as JSON. */
const ORACLE = String.raw`
import json, re, string, sys
from collections import Counter

def normalize_answer(s):
    def remove_articles(text):
        return re.sub(r'\b(a|an|the)\b', ' ', text)
    def white_space_fix(text):
        return ' '.join(text.split())
    def remove_punc(text):
        exclude = set(string.punctuation)
        return ''.join(ch for ch in text if ch not in exclude)
    def lower(text):
        return text.lower()
    return white_space_fix(remove_articles(remove_punc(lower(s))))

def f1_score(prediction, ground_truth):
    prediction_tokens = normalize_answer(prediction).split()
    ground_truth_tokens = normalize_answer(ground_truth).split()
    common = Counter(prediction_tokens) & Counter(ground_truth_tokens)
    num_same = sum(common.values())
    if num_same == 0:
        return 0
    precision = 1.0 * num_same / len(prediction_tokens)
    recall = 1.0 * num_same / len(ground_truth_tokens)
    return (2 * precision * recall) / (precision + recall)

def exact_match_score(prediction, ground_truth):
    return normalize_answer(prediction) == normalize_answer(ground_truth)

def metric_max_over_ground_truths(metric_fn, prediction, ground_truths):
    return max(metric_fn(prediction, g) for g in ground_truths)

rows = json.load(sys.stdin)
out = [[normalize_answer(p), float(metric_max_over_ground_truths(exact_match_score, p, g)), float(metric_max_over_ground_truths(f1_score, p, g))] for g, p in rows]
json.dump(out, sys.stdout)
`;

type Case = readonly [golds: readonly string[], prediction: string];

function oracle(cases: readonly Case[]): [string, number, number][] {
  const dir = mkdtempSync(join(tmpdir(), "capqa-squad-"));
  const script = join(dir, "oracle.py");
  writeFileSync(script, ORACLE);
  const r = spawnSync(PYTHON!, [script], { input: JSON.stringify(cases), encoding: "utf8", maxBuffer: 1 << 28 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

function assertAgrees(cases: readonly Case[]): void {
  const expected = oracle(cases);
  cases.forEach(([golds, prediction], k) => {
    const [normalized, em, f1] = expected[k];
    const where = `case ${k}: golds ${JSON.stringify(golds)}, prediction ${JSON.stringify(prediction)}`;
    assert.equal(squadNormalize(prediction), normalized, where);
    assert.equal(squadExactMatchMulti(golds, prediction), em, where);
    assert.equal(squadF1Multi(golds, prediction), f1, where); // bit for bit: same arithmetic
    if (golds.length === 1) {
      assert.equal(squadExactMatch(golds[0], prediction), em, where);
      assert.equal(squadF1(golds[0], prediction), f1, where);
    }
  });
}

/** Punctuation only, articles only, empty texts, Unicode punctuation and white space, word boundaries. */
const EDGE_CASES: Case[] = [
  [["Paris"], "!!!"],
  [["..."], "?!"],
  [["the"], "a an the"],
  [["The"], ""],
  [[""], ""],
  [["Paris"], ""],
  [[""], "Paris"],
  [["the Eiffel Tower"], "Eiffel tower."],
  [["An apple a day"], "apple day"],
  [["“Quoted” — dash"], "quoted dash"],
  [["¿Qué?"], "qué"],
  [["東京、日本。"], "東京 日本"],
  [["café"], "Café!"],
  [["the_cat"], "thecat"],
  [["a-b c"], "ab c"],
  [["l'a"], "la"],
  [["the\u00a0cat"], "cat"],
  [["\ufeffthe cat"], "cat"],
  [["x\u001cy"], "x y"],
  [["x\u0085y"], "x y"],
  [["théa"], "th a"],
  [["αthe"], "the"],
  [["the1 2the"], "1 2"],
  [["ΣΑΣ"], "σας"],
  [["İstanbul"], "istanbul"],
  [["red red blue"], "red blue blue"],
  [["one two three", "two"], "two three"],
  [["nothing", "in common"], "at all"],
  [["A", "An", "The"], ""],
];

test("SQuAD normalisation, EM and F1: values written by hand", () => {
  assert.equal(squadNormalize("The  Eiffel-Tower, in Paris!"), "eiffeltower in paris");
  assert.equal(squadNormalize("a an the"), "");
  assert.equal(squadNormalize("“Hi” — there"), "“hi” — there"); // Unicode punctuation is kept
  assert.equal(squadNormalize("thea theatre"), "thea theatre");
  assert.equal(squadExactMatch("the Eiffel Tower", "Eiffel tower."), 1);
  assert.equal(squadExactMatch("", ""), 1);
  assert.equal(squadF1("", ""), 0); // v1.1: no shared token scores 0, even two empty texts
  assert.equal(squadF1("Paris", ""), 0);
  assert.equal(squadF1("red red blue", "red blue blue"), (2 * (2 / 3) * (2 / 3)) / (2 / 3 + 2 / 3));
  assert.equal(squadF1("one two three", "two three"), 0.8);
  assert.equal(squadF1Multi(["one two three", "two"], "two"), 1);
  assert.throws(() => squadF1Multi([], "x"), /at least one gold/);
});

test("SQuAD EM and F1 equal the official rules on hand-written edge cases", { skip: PYTHON ? false : "no python3 for the oracle" }, () => {
  assertAgrees(EDGE_CASES);
});

const data = releasedDataDir();

test("SQuAD EM and F1 equal the official rules on every CAP-Correctness row, one gold and two", {
  skip: data === undefined ? "released data not found" : PYTHON ? false : "no python3 for the oracle",
}, () => {
  const bench = loadBenchmark(data!);
  const single: Case[] = bench.rows.map((r) => [[r.goldAnswer], r.answer]);
  // Several golds: the row's own gold and the next row's (the best of the two).
  const several: Case[] = bench.rows.map((r, i) => [[r.goldAnswer, bench.rows[(i + 1) % bench.rows.length].goldAnswer], r.answer]);
  // The golds as predictions too, so that the normalisation is checked on every text.
  const golds: Case[] = bench.rows.map((r) => [[r.answer], r.goldAnswer]);
  assert.ok(single.length > 8000);
  assertAgrees([...single, ...several, ...golds]);
});

test("squad_em and squad_f1 in the registry, evaluate and capqa baselines", {
  skip: data === undefined ? "released data not found" : false,
}, async () => {
  const names = listMetrics().map((m) => m.name);
  assert.ok(names.includes("squad_em") && names.includes("squad_f1"));
  const em = metric("squad_em");
  const r = await em.compute({ references: [["Paris", "the city of Paris"], "x"], predictions: ["The city of Paris.", "y"] });
  assert.deepEqual(Array.from(r.scores), [1, 0]);
  assert.equal((await metric("squad-f1").compute({ references: ["one two three"], predictions: ["two three"] })).scores[0], 0.8);

  const bench = loadBenchmark(data!);
  const ev = await evaluateBenchmark(bench, { split: "test", metrics: ["bleu", "squad_em", "squad_f1"], resamples: 0 });
  const mono = ev.tables.monotonicity.map((row) => row.metric);
  assert.deepEqual(mono, ["bleu", "squad_em", "squad_f1"]);
  assert.match(ev.metrics.find((m) => m.name === "squad_f1")!.source, /live/);

  const dir = mkdtempSync(join(tmpdir(), "capqa-squad-cli-"));
  const outFile = join(dir, "out.csv");
  const run = spawnSync(
    process.execPath,
    [resolve("dist/cli/main.js"), "baselines", "--split", "test", "--metrics", "squad_em,squad_f1", "--out", outFile, "--data-dir", data!],
    { encoding: "utf8" },
  );
  assert.equal(run.status, 0, run.stderr);
  const written = readRowTable(outFile);
  assert.deepEqual(written.columns, ["row_id", "split", "label", "gold_answer", "answer", "squad_em", "squad_f1"]);
  assert.equal(written.rows.length, selectRows(bench, "test").rowIds.length);
  for (const row of written.rows.slice(0, 500)) {
    assert.equal(Number(row.squad_em), squadExactMatch(String(row.gold_answer), String(row.answer)));
    assert.equal(Number(row.squad_f1), squadF1(String(row.gold_answer), String(row.answer)));
  }
});
