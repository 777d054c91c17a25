import { test } from "node:test";
import assert from "node:assert/strict";
import { parseCorrectnessCsv, parseScoresJson, parseSplitsCsv, parseResultsJson } from "../lib/data/loaders.js";
import { joinBenchmark, selectRows, releasedColumn } from "../lib/data/benchmark.js";
import { resolveDataDir, requireDataFiles } from "../lib/data/locate.js";

const HEADER = "question,dataset,gold_answer,answer,hypothesis,premise,label_semantic,label_semantic_manual";
const csv = (rows: string[]) => [HEADER, ...rows].join("\r\n") + "\r\n";
const row = (label: string, manual = "", answer = "b") => `Q?,ARC-Easy,a,${answer},"S b.","S a.",${label},${manual}`;

function scoresJson(ids: number[], labels: string[], split: string[], extra: Record<string, unknown> = {}) {
  const col = (v: number) => ids.map(() => v);
  return JSON.stringify({
    row_id: ids,
    split,
    label: labels,
    dataset: ids.map(() => "ARC-Easy"),
    metrics: ["cap", "bleu"],
    cap: col(0.5),
    bleu: col(0.1),
    pe_f: col(0.2),
    pn_f: col(0.3),
    pc_f: col(0.5),
    pe_r: col(0.6),
    pn_r: col(0.3),
    pc_r: col(0.1),
    ...extra,
  });
}

test("CAP-Correctness rows load with their 0-based row ids and both labels", () => {
  const rows = parseCorrectnessCsv(csv([row("exact"), row("alternative-correct", "partial")]), "c.csv");
  assert.equal(rows.length, 2);
  assert.equal(rows[1].rowId, 1);
  assert.equal(rows[1].label, "alternative_correct");
  assert.equal(rows[1].manualLabel, "partial");
  assert.equal(rows[0].manualLabel, null);
  assert.equal(rows[0].premise, "S a.");
  assert.equal(rows[0].hypothesis, "S b.");
});

test("an unknown label is reported with file, line, row and field; all problems at once", () => {
  assert.throws(
    () => parseCorrectnessCsv(csv([row("exact"), row("great"), row("partial", "meh")]), "c.csv"),
    (e: Error) => {
      assert.match(e.message, /2 problem\(s\)/);
      assert.match(e.message, /c\.csv, line 3, row 1, field label_semantic: unknown label "great"/);
      assert.match(e.message, /c\.csv, line 4, row 2, field label_semantic_manual: unknown label "meh"/);
      return true;
    },
  );
});

test("a missing column is named", () => {
  assert.throws(
    () => parseCorrectnessCsv("question,dataset\nq,d\n", "c.csv"),
    /missing column\(s\) gold_answer, answer, hypothesis, premise, label_semantic, label_semantic_manual/,
  );
});

test("splits: duplicate ids and unknown splits are errors", () => {
  assert.throws(() => parseSplitsCsv("row_id,split\n0,test\n0,test\n", "s.csv"), /s\.csv, line 3, row 0, field row_id: duplicate row_id/);
  assert.throws(() => parseSplitsCsv("row_id,split\n0,train\n", "s.csv"), /field split: unknown split "train"/);
  assert.throws(() => parseSplitsCsv("row_id,split\nx,test\n", "s.csv"), /field row_id: not a non-negative integer/);
});

test("scores.json: non-finite scores, duplicate ids and short arrays are errors naming row and field", () => {
  assert.throws(
    () => parseScoresJson(scoresJson([0, 1], ["exact", "exact"], ["test", "test"], { bleu: [0.1, null] }), "sc.json"),
    /sc\.json, row 1, field bleu: not a finite number: null/,
  );
  assert.throws(
    () => parseScoresJson(scoresJson([0, 0], ["exact", "exact"], ["test", "test"]), "sc.json"),
    /row 0, field row_id\[1\]: duplicate row_id/,
  );
  assert.throws(
    () => parseScoresJson(scoresJson([0, 1], ["exact", "exact"], ["test", "test"], { cap: [0.5] }), "sc.json"),
    /field cap: has 1 entries, row_id has 2/,
  );
  assert.throws(() => parseScoresJson("{", "sc.json"), /sc\.json: not valid JSON/);
  assert.throws(() => parseResultsJson("{}", "r.json"), /r\.json, field correlations: missing or not an array/);
});

test("joining: rows without scores are kept with a reason; files that do not line up are refused", () => {
  const rows = parseCorrectnessCsv(csv([row("exact", "exact"), row("partial", "", ""), row("invalid", "contradictory")]), "c.csv");
  const splits = parseSplitsCsv("row_id,split\n0,test\n1,test\n2,validation\n", "s.csv");
  assert.throws(
    () => joinBenchmark("/d", rows, splits, parseScoresJson(scoresJson([0, 2], ["exact", "partial"], ["test", "validation"]), "sc.json")),
    /sc\.json, row 2, field label: "partial" differs from CAP-Correctness\.csv's label_semantic "invalid" for row_id 2: the two files do not describe the same rows/,
  );
  const bench = joinBenchmark(
    "/d",
    rows,
    splits,
    parseScoresJson(scoresJson([0, 2], ["exact", "invalid"], ["test", "validation"]), "sc.json"),
  );
  assert.deepEqual(
    bench.unscored.map((u) => u.rowId),
    [1],
  );
  assert.match(bench.unscored[0].reason, /empty candidate answer/);
  assert.deepEqual(bench.warnings, []);
  const test = selectRows(bench, "test");
  assert.deepEqual([...test.rowIds], [0]);
  assert.deepEqual(
    test.excluded.map((e) => e.rowId),
    [1],
  );
  const human = selectRows(bench, "all", "human");
  assert.deepEqual([...human.rowIds], [0, 2]);
  assert.deepEqual([...human.classes], [0, 7]);
  assert.deepEqual([...releasedColumn(bench, "pe_r", human.rowIds)], [0.6, 0.6]);
  assert.throws(() => releasedColumn(bench, "comet", human.rowIds), /no released column "comet"/);
});

test("joining: splits that miss or invent rows, and scores that disagree on the split, are errors", () => {
  const rows = parseCorrectnessCsv(csv([row("exact"), row("partial")]), "c.csv");
  const scores = parseScoresJson(scoresJson([0], ["exact"], ["validation"]), "sc.json");
  assert.throws(
    () => joinBenchmark("/d", rows, parseSplitsCsv("row_id,split\n0,test\n5,test\n", "s.csv"), scores),
    (e: Error) => {
      assert.match(e.message, /row 1, field row_id: CSV row has no split/);
      assert.match(e.message, /row 5, field row_id: no such CSV row/);
      assert.match(e.message, /sc\.json, row 0, field split: says validation/);
      return true;
    },
  );
});

test("the data folder comes from the flag, then CAPQA_DATA_DIR, then ./data", () => {
  assert.deepEqual(resolveDataDir("/x", { CAPQA_DATA_DIR: "/y" }), { dir: "/x", source: "flag" });
  assert.deepEqual(resolveDataDir(undefined, { CAPQA_DATA_DIR: "/y" }), { dir: "/y", source: "environment" });
  assert.equal(resolveDataDir(undefined, {}).source, "default");
  assert.throws(
    () => requireDataFiles({ dir: "/nonexistent", source: "flag" }, ["correctness"]),
    /lacks CAP-Correctness\.csv\. Run "capqa data fetch"/,
  );
});
