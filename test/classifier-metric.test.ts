/**
 * A classifier records its metric, and `capqa score --classify` and `capqa explore --classifier`
 * take a classifier of any metric the input has a column for: predicted levels from that column
 * (checked before any scoring), a clear error naming the metric and the columns otherwise; files
 * without a metric (early versions) classify CAP.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { writeTinyModel } from "../scripts/fixtures/tiny-nli.js";
import { parseCsv } from "../lib/io/csv.js";
import { predictLevels, severityLevelSet, type ThresholdClassifier } from "../lib/calibrate/classifier.js";
import { checkClassifier, classifierColumn, readClassifierFile } from "../lib/calibrate/classifier-file.js";
import { Xoshiro128 } from "../lib/stats/random.js";
import { releasedDataDir, statementPairsCsv } from "./helpers.js";

const CLI = resolve("dist/cli/main.js");
const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });
const root = mkdtempSync(join(tmpdir(), "capqa-classify-"));
process.on("exit", () => rmSync(root, { recursive: true, force: true }));
const model = join(root, "tiny-nli");
writeTinyModel(model, { precisions: ["fp32"] });
const released = releasedDataDir();

const declared = { name: "bad < ok < good", levels: ["bad", "ok", "good"].map((l) => ({ name: l, classes: [l] })) };
const classifier = (over: Partial<ThresholdClassifier>): ThresholdClassifier => ({
  kind: "capqa-threshold-classifier",
  version: 1,
  levelSet: declared,
  cuts: [0.3, 0.7],
  objective: "macro_f1",
  score: { metric: "mine", source: "column mine of labelled.csv" },
  ...over,
});
const write = (name: string, c: unknown) => {
  const file = join(root, name);
  writeFileSync(file, JSON.stringify(c, null, 2));
  return file;
};

/** Statement pairs with a metric column of one's own. */
function pairsWithMetric(name: string, rows: number): { file: string; mine: number[] } {
  const rng = new Xoshiro128(3, 9);
  const table = parseCsv(statementPairsCsv(rows, 4), "pairs");
  const mine = table.records.map(() => Math.round(rng.nextFloat() * 1000) / 1000);
  const file = join(root, name);
  writeFileSync(file, `${table.header.join(",")},mine\n${table.records.map((r, k) => `${r.fields.join(",")},${mine[k]}`).join("\n")}\n`);
  return { file, mine };
}

test("checkClassifier: any labels and metric; a file without a metric classifies CAP; malformed files refused", () => {
  assert.equal(checkClassifier(classifier({})).levelSet.levels.length, 3);
  const old = write("old.json", {
    kind: "capqa-threshold-classifier",
    version: 1,
    levelSet: severityLevelSet(),
    cuts: [0.1, 0.2, 0.3, 0.4, 0.5],
    objective: "macro_f1",
    score: {},
  });
  assert.equal(classifierColumn(readClassifierFile(old), ["cap", "x"], "the input"), "cap");
  assert.throws(
    () => classifierColumn(classifier({}), ["premise", "hypothesis"], "the input file x.csv"),
    /classifies the metric mine, but the input file x\.csv has no column mine; its columns are premise, hypothesis/,
  );
  assert.throws(
    () => checkClassifier(classifier({ cuts: [0.7, 0.3] }), "c.json"),
    /c\.json is not a classifier .*cut 2 \(0\.3\) is below cut 1 \(0\.7\)/,
  );
  assert.throws(() => checkClassifier(classifier({ cuts: [0.3] }), "c.json"), /1 cuts for 3 levels/);
  assert.throws(() => readClassifierFile(join(root, "none.json")), /none\.json: cannot read/);
});

test("capqa score --classify: a classifier of another metric labels every row from the input's column of that name", () => {
  const { file, mine } = pairsWithMetric("pairs.csv", 40);
  const c = write("mine.json", classifier({}));
  const out = join(root, "scored.csv");
  const r = run(["score", "--in", file, "--out", out, "--model", model, "--no-cache", "--classify", c, "--quiet"]);
  assert.equal(r.status, 0, r.stderr);
  const t = parseCsv(readFileSync(out, "utf8"), out);
  const col = t.header.indexOf("predicted_level");
  const expected = Array.from(predictLevels({ cuts: [0.3, 0.7] }, mine), (k) => ["bad", "ok", "good"][k]);
  assert.deepEqual(
    t.records.map((x) => x.fields[col]),
    expected,
  );
  assert.ok(new Set(expected).size === 3, "every level is predicted somewhere");
  // A CAP classifier (no metric: an early file) still labels from CAP.
  const capClassifier = write("cap.json", { ...classifier({ score: {} }), cuts: [0.3, 0.5] });
  const out2 = join(root, "scored-cap.csv");
  const r2 = run(["score", "--in", file, "--out", out2, "--model", model, "--no-cache", "--classify", capClassifier, "--quiet"]);
  assert.equal(r2.status, 0, r2.stderr);
  const t2 = parseCsv(readFileSync(out2, "utf8"), out2);
  const cap = t2.records.map((x) => Number(x.fields[t2.header.indexOf("cap")]));
  assert.deepEqual(
    t2.records.map((x) => x.fields[t2.header.indexOf("predicted_level")]),
    Array.from(predictLevels({ cuts: [0.3, 0.5] }, cap), (k) => ["bad", "ok", "good"][k]),
  );
});

test("capqa score --classify: a metric the input lacks, or a cell that is not a number, stops before any scoring, naming the metric and the columns (or the cell)", () => {
  const { file } = pairsWithMetric("pairs2.csv", 10);
  const out = join(root, "never.csv");
  const r = run([
    "score",
    "--in",
    file,
    "--out",
    out,
    "--model",
    model,
    "--no-cache",
    "--classify",
    write("other.json", classifier({ score: { metric: "judge" } })),
  ]);
  assert.equal(r.status, 1);
  assert.match(
    r.stderr,
    /the classifier classifies the metric judge, which is neither a score capqa computes \(cap, d_forward, .*\) nor a column of the input; the input's columns are id, premise, hypothesis, mine/,
  );
  assert.equal(existsSync(out), false);
  const bad = join(root, "bad-cell.csv");
  writeFileSync(bad, readFileSync(file, "utf8").replace(/,[0-9.]+\n$/, ",n/a\n"));
  const r2 = run(["score", "--in", bad, "--out", out, "--model", model, "--no-cache", "--classify", write("mine2.json", classifier({}))]);
  assert.equal(r2.status, 1);
  assert.match(r2.stderr, /bad-cell\.csv, line 11, row 9, field mine: score "n\/a" is not a number/);
  assert.equal(existsSync(out), false);
});

test("capqa explore --classifier: any metric the data has a column for (a released one, or --in FILE's); a clear error otherwise", {
  skip: released === undefined && "released data not found",
  timeout: 120_000,
}, () => {
  const cal = join(root, "cal-bleu");
  const c = run(["calibrate", "--data-dir", released!, "--metric", "bleu", "--bootstrap", "0", "--quiet", "--out", cal]);
  assert.equal(c.status, 0, c.stderr);
  const bleu = readClassifierFile(join(cal, "classifier.json"));
  assert.equal(bleu.score.metric, "bleu");
  const page = join(root, "bleu.html");
  const e = run(["explore", "--data-dir", released!, "--classifier", join(cal, "classifier.json"), "--out", page]);
  assert.equal(e.status, 0, e.stderr);
  const html = readFileSync(page, "utf8");
  assert.match(html, /"metric":"bleu"/);
  assert.match(html, /no α or λ slider is shown/);
  // A metric of one's own is not in the released scores.
  const mine = write("own-metric.json", { ...classifier({}), levelSet: severityLevelSet(), cuts: [0.1, 0.2, 0.3, 0.4, 0.5] });
  const e2 = run(["explore", "--data-dir", released!, "--classifier", mine, "--out", join(root, "x.html")]);
  assert.equal(e2.status, 1, e2.stderr);
  assert.match(
    e2.stderr,
    /the classifier .*own-metric\.json classifies the metric mine, but the released scores file .* has no column mine; its columns are cap, bleu, rouge_l, meteor, bertscore/,
  );
  // --in FILE: the classifier's metric must be a column of the file.
  const labelled = join(root, "labelled.csv");
  writeFileSync(labelled, "label,mine,other\nbad,0.1,1\nok,0.5,2\ngood,0.9,3\n");
  const ok = run([
    "explore",
    "--in",
    labelled,
    "--label-column",
    "label",
    "--classifier",
    write("mine3.json", classifier({})),
    "--out",
    join(root, "own.html"),
  ]);
  assert.equal(ok.status, 0, ok.stderr);
  const missing = run([
    "explore",
    "--in",
    labelled,
    "--label-column",
    "label",
    "--classifier",
    write("judge.json", classifier({ score: { metric: "judge" } })),
    "--out",
    join(root, "y.html"),
  ]);
  assert.equal(missing.status, 1);
  assert.match(
    missing.stderr,
    /classifies the metric judge, but the input file .*labelled\.csv has no column judge; its columns are label, mine, other/,
  );
});
