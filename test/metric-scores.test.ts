/**
 * Benchmarking a metric of one's own on CAP-Correctness (Sec. 8.2): `capqa evaluate --scores`
 * and `capqa calibrate --metric --scores`, checked against independent computations: brute-force
 * Spearman, Kendall τ-b and class-pair counts, and, for a strictly increasing transform of BLEU,
 * every table row (intervals and paired differences included) equal to BLEU's own.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadBenchmark, releasedColumn, selectRows } from "../lib/data/benchmark.js";
import { readMetricScores } from "../lib/data/metric-scores.js";
import { CLASSES, PAPER_ORDERING } from "../lib/taxonomy/index.js";
import { Xoshiro128 } from "../lib/stats/random.js";
import { toCsv } from "../lib/io/csv.js";
import { releasedDataDir } from "./helpers.js";

const CLI = resolve("dist/cli/main.js");
const dataDir = releasedDataDir();
const root = mkdtempSync(join(tmpdir(), "capqa-metric-scores-"));
const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });
const skip = dataDir ? false : "no released data (CAPQA_DATA_DIR)";

type Row = Record<string, string | number | boolean | null>;
const readJson = (dir: string, table: string) => JSON.parse(readFileSync(join(dir, `${table}.json`), "utf8")) as Row[];

/** Average ranks (ties share the mean rank), 1-based. */
function ranks(x: ArrayLike<number>): Float64Array {
  const idx = Array.from({ length: x.length }, (_, i) => i).sort((a, b) => x[a] - x[b]);
  const r = new Float64Array(x.length);
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j + 1 < idx.length && x[idx[j + 1]] === x[idx[i]]) j++;
    for (let k = i; k <= j; k++) r[idx[k]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return r;
}

function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let ma = 0,
    mb = 0;
  for (let i = 0; i < a.length; i++) (ma += a[i]), (mb += b[i]);
  ma /= a.length;
  mb /= b.length;
  let sab = 0,
    saa = 0,
    sbb = 0;
  for (let i = 0; i < a.length; i++) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) ** 2;
    sbb += (b[i] - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb);
}

/** Kendall's τ-b by looking at every pair. */
function kendallBrute(x: ArrayLike<number>, y: ArrayLike<number>): number {
  let c = 0,
    d = 0,
    tx = 0,
    ty = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const a = Math.sign(x[i] - x[j]);
      const b = Math.sign(y[i] - y[j]);
      if (a === 0 && b === 0) continue;
      if (a === 0) tx++;
      else if (b === 0) ty++;
      else if (a === b) c++;
      else d++;
    }
  }
  return (c - d) / Math.sqrt((c + d + tx) * (c + d + ty));
}

test("evaluate --scores: a new metric beside CAP and BLEU, every value against an independent computation", { skip }, () => {
  const bench = loadBenchmark(dataDir!);
  const all = Int32Array.from(bench.rows, (_, i) => i).filter((i) => bench.scoreIndex[i] >= 0);
  const bleuAll = releasedColumn(bench, "bleu", all);
  const bleuOf = new Float64Array(bench.rows.length); // rows without released scores get 0: they are left out anyway
  all.forEach((id, k) => (bleuOf[id] = bleuAll[k]));
  const rng = new Xoshiro128(2026);
  const noisy = Float64Array.from(bleuOf, (b) => 0.7 * b + 0.3 * (rng.nextU32() / 2 ** 32));
  // A strictly increasing transform of BLEU: every rank statistic, resample by resample, is BLEU's.
  const monotone = Float64Array.from(bleuOf, (b) => Math.exp(2 * b) - 1);
  const file = join(root, "mine.csv");
  writeFileSync(
    file,
    toCsv(
      ["mine_noisy", "mine_monotone"],
      Array.from(bleuOf, (_, i) => ({ mine_noisy: noisy[i], mine_monotone: monotone[i] })),
    ),
  );
  const out = join(root, "ev");
  const r = run([
    "evaluate",
    "--data-dir",
    dataDir!,
    "--scores",
    file,
    "--metrics",
    "cap,bleu,mine_noisy,mine_monotone",
    "--bootstrap",
    "300",
    "--quiet",
    "--out",
    out,
  ]);
  assert.equal(r.status, 0, r.stderr);

  const sel = selectRows(bench, "test");
  const severity = Float64Array.from(sel.classes, (c) => PAPER_ORDERING.severity[CLASSES[c]]);
  const mine = Float64Array.from(sel.rowIds, (id) => noisy[id]);
  const corr = readJson(out, "correlations");
  const row = corr.find((c) => c.metric === "mine_noisy")!;
  assert.equal(row.n, sel.rowIds.length);
  assert.ok(Math.abs((row.spearman as number) - pearson(ranks(mine), ranks(severity))) < 1e-12, "Spearman");
  assert.ok(Math.abs((row.kendall as number) - kendallBrute(mine, severity)) < 1e-12, "Kendall τ-b");

  // Class pairs: wins, ties and losses over every (better, worse) pair of rows.
  const pairs = readJson(out, "class_pairs").filter((p) => p.metric === "mine_noisy");
  assert.equal(pairs.length, 25);
  for (const p of pairs) {
    const better = Array.from(sel.rowIds)
      .filter((_, k) => CLASSES[sel.classes[k]] === p.better)
      .map((id) => noisy[id]);
    const worse = Array.from(sel.rowIds)
      .filter((_, k) => CLASSES[sel.classes[k]] === p.worse)
      .map((id) => noisy[id]);
    let wins = 0,
      ties = 0,
      losses = 0;
    for (const b of better) for (const w of worse) b > w ? wins++ : b === w ? ties++ : losses++;
    assert.deepEqual(
      [p.n_better, p.n_worse, p.wins, p.ties, p.losses],
      [better.length, worse.length, wins, ties, losses],
      `${p.better} > ${p.worse}`,
    );
    assert.ok(Math.abs((p.auc as number) - (wins + ties / 2) / (better.length * worse.length)) < 1e-12);
    const meanBetter = better.reduce((a, b) => a + b, 0) / better.length;
    assert.ok(Math.abs((p.mean_better as number) - meanBetter) < 1e-12);
  }

  // The monotone transform: every row of every table equals BLEU's, bootstrap intervals and paired differences too.
  for (const table of ["correlations", "class_pairs", "hard_pairs"]) {
    const rows = readJson(out, table);
    const strip = (m: string) => rows.filter((x) => x.metric === m).map(({ metric: _m, ...rest }) => rest);
    const keep = (o: Row) => Object.fromEntries(Object.entries(o).filter(([k]) => !/^mean_(better|worse|violation)$/.test(k))); // class means (and monotonicity) are not rank statistics
    assert.deepEqual(strip("mine_monotone").map(keep), strip("bleu").map(keep), table);
  }
  const diffs = readJson(out, "paired_differences");
  const strip = (m: string) => diffs.filter((x) => x.metric === m).map(({ metric: _m, ...rest }) => rest);
  assert.equal(strip("mine_noisy").length, 3);
  assert.deepEqual(strip("mine_monotone"), strip("bleu"), "paired differences against CAP: the same resamples");

  // --reference bleu: the monotone transform differs from it by exactly 0 in every resample.
  const out2 = join(root, "ev-ref");
  const r2 = run([
    "evaluate",
    "--data-dir",
    dataDir!,
    "--scores",
    file,
    "--metrics",
    "bleu,mine_monotone,cap",
    "--reference",
    "bleu",
    "--bootstrap",
    "200",
    "--quiet",
    "--out",
    out2,
  ]);
  assert.equal(r2.status, 0, r2.stderr);
  for (const d of readJson(out2, "paired_differences").filter((x) => x.metric === "mine_monotone")) {
    assert.equal(d.reference, "bleu");
    assert.deepEqual([d.mean_difference, d.ci_low, d.ci_high], [0, 0, 0], String(d.statistic));
  }
  const meta = JSON.parse(readFileSync(join(out, "meta.json"), "utf8"));
  assert.ok(
    meta.manifest.inputs.some((i: { path: string }) => i.path === file),
    "the scores file is in the manifest",
  );

  // calibrate --metric: thresholds for the new metric, equal-width bins over its range.
  const cal = join(root, "cal");
  const rc = run([
    "calibrate",
    "--data-dir",
    dataDir!,
    "--metric",
    "mine_noisy",
    "--scores",
    file,
    "--bootstrap",
    "0",
    "--quiet",
    "--out",
    cal,
  ]);
  assert.equal(rc.status, 0, rc.stderr);
  const classifier = JSON.parse(readFileSync(join(cal, "classifier.json"), "utf8"));
  assert.equal(classifier.score.metric, "mine_noisy");
  assert.equal(classifier.cuts.length, 5);
  assert.match(readFileSync(join(cal, "summary.md"), "utf8"), /^# mine_noisy as a classifier/);
  // A classifier of another metric cannot label CAP scores.
  const rs = run(["score", "--in", file, "--out", join(root, "x.csv"), "--classify", join(cal, "classifier.json"), "--no-cache"]);
  assert.notEqual(rs.status, 0);
});

test("scores files that do not line up are refused, naming the row", { skip }, () => {
  const n = loadBenchmark(dataDir!).rows.length;
  const cases: [string, string, RegExp][] = [
    ["short.csv", "m\n0.1\n0.2\n", new RegExp(`has 2 rows and no row_id column; .*exactly one row per benchmark row \\(${n}\\)`)],
    ["dup.csv", "row_id,m\n0,0.1\n5,0.2\n0,0.3\n", /dup\.csv, line 4, row 0, field row_id: row 0 appears twice \(first on line 2\)/],
    ["range.csv", `row_id,m\n${n},0.1\n`, new RegExp(`field row_id: "${n}" is not a row of the benchmark`)],
    ["text.csv", "row_id,m\n0,0.1\n1,high\n", /text\.csv, line 3, row 1, field m: score "high" is not a number/],
    ["nan.csv", "row_id,m\n0,NaN\n", /line 2, row 0, field m: score "NaN" is not a number/],
    ["empty.csv", "row_id,m\n0,\n", /line 2, row 0, field m: score is empty/],
    ["inf.jsonl", '{"row_id": 0, "m": 1e400}\n', /inf\.jsonl, line 1, field m: is a number out of range/],
    ["reserved.csv", "row_id,cap\n0,0.1\n", /field cap: "cap" is the name of a released metric/],
    ["lacks.csv", "row_id,m\n0,0.1\n1,0.2\n", /lacks \d+ of the \d+ rows to evaluate: row \d+/],
  ];
  for (const [name, text, expected] of cases) {
    const f = join(root, name);
    writeFileSync(f, text);
    const r = run(["evaluate", "--data-dir", dataDir!, "--scores", f, "--bootstrap", "0", "--quiet", "--out", join(root, `out-${name}`)]);
    assert.equal(r.status, 1, `${name}: ${r.stderr}`);
    assert.match(r.stderr, expected, name);
  }
  const ok = join(root, "ok.csv");
  writeFileSync(ok, "row_id,m\n0,0.5\n");
  const r = run(["evaluate", "--data-dir", dataDir!, "--scores", ok, "--metrics", "m", "--reference", "bleu", "--out", join(root, "o")]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--reference bleu is not among the metrics evaluated/);
  // The library reads and aligns by row_id.
  const s = readMetricScores(ok, n);
  assert.equal(s.alignment, "row_id");
  assert.equal(s.columns.m[0], 0.5);
  assert.ok(Number.isNaN(s.columns.m[1]));
});
