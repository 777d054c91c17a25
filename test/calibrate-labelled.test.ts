/**
 * Calibration on a labelled file of one's own (`capqa calibrate --in`, runLabelledCalibration):
 * declared level orders, the file's checks, stratified folds, split and cross-validated runs
 * against a by-hand oracle, and the acceptance check of issue 21: the released rows written as a
 * user's CSV give `calibrate --metric NAME --scores FILE`'s cuts and numbers to the last digit.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { classLevelSet, fitThresholds, predictLevels, severityLevelSet } from "../lib/calibrate/classifier.js";
import { labelIndexer, parseLevelOrder } from "../lib/calibrate/levels.js";
import { readLabelledScores } from "../lib/calibrate/labelled.js";
import { stratifiedFolds } from "../lib/calibrate/folds.js";
import { runLabelledCalibration } from "../lib/calibrate/labelled-workflow.js";
import { classificationIntervals, classificationReport } from "../lib/calibrate/metrics.js";
import { loadBenchmark } from "../lib/data/benchmark.js";
import { Xoshiro128 } from "../lib/stats/random.js";
import { CLASSES } from "../lib/taxonomy/index.js";
import { releasedDataDir } from "./helpers.js";

const CLI = resolve("dist/cli/main.js");
const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });
const root = mkdtempSync(join(tmpdir(), "capqa-cal-in-"));
process.on("exit", () => rmSync(root, { recursive: true, force: true }));
const released = releasedDataDir();

test("declared orders: least correct first with <, most correct first with >, ties with =; the paper's classes canonicalised", () => {
  const own = parseLevelOrder("bad < ok = fine < good");
  assert.deepEqual(
    own.levels.map((l) => [l.name, l.classes]),
    [
      ["bad", ["bad"]],
      ["ok|fine", ["ok", "fine"]],
      ["good", ["good"]],
    ],
  );
  assert.equal(own.name, "bad < ok = fine < good");
  assert.deepEqual(parseLevelOrder("good > ok = fine > bad").levels, own.levels);
  // The paper's eight classes in a strict order are classLevelSet's; Eq. 1's grouping is severityLevelSet's.
  const order = [...CLASSES].reverse();
  assert.deepEqual(parseLevelOrder(order.map((c) => c.replace(/_/g, "-").toUpperCase()).join(" < ")), classLevelSet(order));
  assert.deepEqual(
    parseLevelOrder(
      "contradictory < invalid < overinclusive-invalid < partial < overinclusive-valid < alternative-correct = exact = equivalent",
    ),
    severityLevelSet(),
  );
  // Some of the classes: their canonical names, any spelling in the file.
  const some = parseLevelOrder("Invalid < partial < EXACT");
  assert.deepEqual(
    some.levels.map((l) => l.classes),
    [["invalid"], ["partial"], ["exact"]],
  );
  const index = labelIndexer(some);
  assert.deepEqual(["invalid", " Partial ", "exact", "equivalent", "inv"].map(index), [0, 1, 2, undefined, 0]);
  // Labels of one's own are taken as declared (surrounding spaces aside).
  assert.deepEqual(["ok", " fine ", "Fine", "good"].map(labelIndexer(own)), [1, 1, undefined, 2]);
  for (const [text, re] of [
    ["bad < ok > good", /mixes "<" and ">"/],
    ["bad < ok < bad", /label "bad" appears twice/],
    ["bad = ok", /one level/],
    ["bad < < good", /a label is empty/],
  ] as const)
    assert.throws(() => parseLevelOrder(text), re);
});

test("a labelled file is checked whole: missing column, label outside the order, score not a number, each named by file, line, row and field", () => {
  const file = join(root, "checks.csv");
  writeFileSync(file, "label,m,split\nbad,0.1,validation\nFine,0.5,test\n");
  assert.throws(
    () => readLabelledScores(file, { labelColumn: "label", metric: "m", order: "bad < ok = fine < good" }),
    /checks\.csv, line 3, row 1, field label: "Fine" is not one of the declared labels \(bad, ok, fine, good\)/,
  );
  writeFileSync(file, "label,m,split\nbad,0.1,validation\nfine,high,test\n");
  assert.throws(
    () => readLabelledScores(file, { labelColumn: "label", metric: "m", order: "bad < ok = fine < good" }),
    /checks\.csv, line 3, row 1, field m: score "high" is not a number/,
  );
  assert.throws(
    () => readLabelledScores(file, { labelColumn: "label", metric: "score", order: "bad < good" }),
    /checks\.csv, field score: no such column \(the metric's scores\); the file has label, m, split/,
  );
  assert.throws(
    () => readLabelledScores(file, { labelColumn: "label", metric: "m" }),
    /line 2, row 0, field label: "bad" is not a class of the taxonomy .*declare other labels and their order with the `order` option/,
  );
  writeFileSync(file, "label,m,split\nOverinclusive-Valid,0.1,validation\nexact,0.5,test\n");
  const t = readLabelledScores(file, { labelColumn: "label", metric: "m", splitColumn: "split" });
  assert.deepEqual([...t.levels], [4, 5]); // severity levels of Eq. 1
  assert.deepEqual(t.splits, ["validation", "test"]);
  assert.throws(
    () => runLabelledCalibration(t, { labelColumn: "label", metric: "m", splitColumn: "split", evalSplit: "holdout", resamples: 0 }),
    /field split: no row has split "holdout" \(the rows the classifiers are evaluated on\); the column's values are "validation", "test"/,
  );
});

test("stratified folds: seeded, every level dealt evenly round the folds", () => {
  const rng = new Xoshiro128(5);
  const levels = Uint8Array.from({ length: 203 }, () => rng.nextInt(4));
  const folds = stratifiedFolds(levels, 5, 42);
  assert.deepEqual(folds, stratifiedFolds(levels, 5, 42));
  assert.notDeepEqual(folds, stratifiedFolds(levels, 5, 43));
  const sizes = [0, 1, 2, 3, 4].map((f) => folds.filter((g) => g === f).length);
  assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, String(sizes));
  for (let k = 0; k < 4; k++) {
    const per = [0, 1, 2, 3, 4].map((f) => folds.filter((g, i) => g === f && levels[i] === k).length);
    assert.ok(Math.max(...per) - Math.min(...per) <= 1, `level ${k}: ${per}`);
  }
  assert.throws(() => stratifiedFolds(levels.subarray(0, 3), 5, 1), /3 rows cannot fill 5 folds/);
});

/** A labelled file of a 4-level scale of one's own, scores loosely rising with the level. */
function ownFile(
  name: string,
  n: number,
  seed: number,
  split: boolean,
): { file: string; labels: string[]; scores: number[]; splits: string[] } {
  const names = ["wrong", "partial", "right", "perfect"];
  const rng = new Xoshiro128(seed, 1);
  const labels: string[] = [];
  const scores: number[] = [];
  const splits: string[] = [];
  for (let i = 0; i < n; i++) {
    const k = rng.nextInt(4);
    labels.push(names[k]);
    scores.push(Math.round((k * 0.2 + rng.nextFloat() * 0.6) * 1000) / 1000);
    splits.push(i % 3 === 0 ? "validation" : "test");
  }
  const file = join(root, name);
  writeFileSync(
    file,
    `id,verdict,judge${split ? ",part" : ""}\n${labels.map((l, i) => `${i},${l},${scores[i]}${split ? `,${splits[i]}` : ""}`).join("\n")}\n`,
  );
  return { file, labels, scores, splits };
}

const ORDER = "wrong < partial < right < perfect";
const levelOf = (l: string) => ORDER.split(" < ").indexOf(l);

test("with a split column: cuts fitted on one split's rows, both classifiers evaluated on another's (by-hand oracle)", () => {
  const own = ownFile("split.csv", 300, 7, true);
  const r = runLabelledCalibration(own.file, {
    labelColumn: "verdict",
    metric: "judge",
    splitColumn: "part",
    order: ORDER,
    objective: "quadratic_kappa",
    resamples: 300,
    seed: 9,
  });
  const idx = (s: string) => own.splits.flatMap((x, i) => (x === s ? [i] : []));
  const [fit, ev] = [idx("validation"), idx("test")];
  const levelSet = parseLevelOrder(ORDER);
  const cuts = fitThresholds(
    fit.map((i) => own.scores[i]),
    fit.map((i) => levelOf(own.labels[i])),
    levelSet,
    "quadratic_kappa",
  ).cuts;
  assert.deepEqual(r.calibrated.cuts, cuts);
  const truth = ev.map((i) => levelOf(own.labels[i]));
  const predicted = predictLevels(
    { cuts },
    ev.map((i) => own.scores[i]),
  );
  assert.deepEqual(r.report, classificationReport(truth, predicted, ["wrong", "partial", "right", "perfect"]));
  assert.deepEqual(r.intervals?.calibrated, classificationIntervals(truth, predicted, 4, 300, 9));
  // The equal-width bins of a metric of one's own span the fit rows' range.
  const fitScores = fit.map((i) => own.scores[i]);
  const [lo, hi] = [Math.min(...fitScores), Math.max(...fitScores)];
  assert.deepEqual(
    r.equalWidth.cuts,
    [1, 2, 3].map((k) => lo + (k * (hi - lo)) / 4),
  );
  assert.deepEqual(r.calibrated.score, { metric: "judge", source: `column judge of ${own.file}` });
  assert.deepEqual(r.validation, { kind: "split", splitColumn: "part", fitSplit: "validation", evalSplit: "test" });
  assert.match(
    r.markdown,
    /^# judge as a classifier of .*split\.csv: 4 levels \(wrong < partial < right < perfect\), cuts fitted for quadratic_kappa on validation \(100 rows\), evaluated on test \(200 rows\)/,
  );
});

test("without a split column: k-fold cross-validated figures (said so), the classifier fitted on all rows", () => {
  const own = ownFile("nosplit.csv", 240, 8, false);
  const r = runLabelledCalibration(own.file, { labelColumn: "verdict", metric: "judge", order: ORDER, folds: 4, resamples: 0, seed: 11 });
  const levels = own.labels.map(levelOf);
  const levelSet = parseLevelOrder(ORDER);
  assert.deepEqual(r.calibrated.cuts, fitThresholds(own.scores, levels, levelSet, "macro_f1").cuts);
  assert.deepEqual(r.calibrated.fittedOn, { rows: "all", n: 240 });
  // Each row predicted by the cuts and bins of the folds without it.
  const folds = stratifiedFolds(Uint8Array.from(levels), 4, 11);
  const predicted = new Array<number>(240);
  const predictedEqual = new Array<number>(240);
  for (let f = 0; f < 4; f++) {
    const train = levels.flatMap((_, i) => (folds[i] === f ? [] : [i]));
    const trainScores = train.map((i) => own.scores[i]);
    const cuts = fitThresholds(
      trainScores,
      train.map((i) => levels[i]),
      levelSet,
      "macro_f1",
    ).cuts;
    const [lo, hi] = [Math.min(...trainScores), Math.max(...trainScores)];
    const bins = [1, 2, 3].map((k) => lo + (k * (hi - lo)) / 4);
    levels.forEach((_, i) => {
      if (folds[i] !== f) return;
      predicted[i] = predictLevels({ cuts }, [own.scores[i]])[0];
      predictedEqual[i] = predictLevels({ cuts: bins }, [own.scores[i]])[0];
    });
  }
  const names = ["wrong", "partial", "right", "perfect"];
  assert.deepEqual(r.report, classificationReport(levels, predicted, names));
  assert.deepEqual(r.equalWidthReport, classificationReport(levels, predictedEqual, names));
  assert.deepEqual(r.validation, { kind: "cross-validation", folds: 4, seed: 11, stratified: true });
  assert.match(r.markdown, /\*\*These are 4-fold cross-validated figures\*\* \(no split column\).*seed 11/);
  // The CLI says so in its summary and on stderr.
  const out = join(root, "cli-kfold");
  const c = run([
    "calibrate",
    "--in",
    own.file,
    "--label-column",
    "verdict",
    "--metric",
    "judge",
    "--order",
    ORDER,
    "--folds",
    "4",
    "--seed",
    "11",
    "--bootstrap",
    "0",
    "--out",
    out,
    "--json",
  ]);
  assert.equal(c.status, 0, c.stderr);
  const s = JSON.parse(c.stdout);
  assert.equal(s.crossValidated, true);
  assert.match(s.warnings[0], /4-fold cross-validated \(stratified by level, seed 11\)/);
  assert.match(c.stderr, /these are 4-fold cross-validated figures/);
  assert.deepEqual(s.calibrated.cuts, r.calibrated.cuts);
  const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8"));
  assert.equal(report.evalSplit, null);
  assert.deepEqual(report.validation, r.validation);
  assert.equal(readFileSync(join(out, "summary.md"), "utf8"), r.markdown);
});

test("capqa calibrate --in: bad flags and bad cells stop the run before any work, naming the flag or the file, line and field", () => {
  const own = ownFile("flags.csv", 30, 3, true);
  const bad = join(root, "bad.csv");
  writeFileSync(bad, "verdict,judge,part\nwrong,0.1,validation\nright,,test\n");
  const cases: [string[], number, RegExp][] = [
    [["--in", own.file, "--metric", "judge"], 2, /needs --label-column NAME/],
    [["--in", own.file, "--label-column", "verdict"], 2, /needs --metric COLUMN/],
    [
      ["--in", own.file, "--label-column", "verdict", "--metric", "judge", "--fit-split", "validation"],
      2,
      /--fit-split and --eval-split name values of --split-column/,
    ],
    [
      ["--in", own.file, "--label-column", "verdict", "--metric", "judge", "--split-column", "part", "--folds", "3"],
      2,
      /--folds applies without --split-column/,
    ],
    [
      ["--in", own.file, "--label-column", "verdict", "--metric", "judge", "--alpha", "0.5"],
      2,
      /--alpha applies to the released benchmark/,
    ],
    [["--label-column", "verdict"], 2, /--label-column applies to a labelled file of your own: give --in FILE/],
    [
      ["--in", own.file, "--label-column", "verdict", "--metric", "judge"],
      1,
      /flags\.csv, line 2, row 0, field verdict: "\w+" is not a class of the taxonomy .*--order/,
    ],
    [
      ["--in", bad, "--label-column", "verdict", "--metric", "judge", "--order", ORDER],
      1,
      /bad\.csv, line 3, row 1, field judge: score is empty/,
    ],
    [["--in", own.file, "--label-column", "verdict", "--metric", "nope", "--order", ORDER], 1, /flags\.csv, field nope: no such column/],
    [
      [
        "--in",
        own.file,
        "--label-column",
        "verdict",
        "--metric",
        "judge",
        "--order",
        ORDER,
        "--split-column",
        "part",
        "--fit-split",
        "train",
      ],
      1,
      /field part: no row has split "train"/,
    ],
  ];
  for (const [args, status, re] of cases) {
    const r = run(["calibrate", ...args, "--bootstrap", "0", "--out", join(root, "never")]);
    assert.equal(r.status, status, `${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, re, args.join(" "));
  }
});

// ---------------------------------------------------------------- acceptance: parity with --metric NAME --scores FILE

test("the released rows written as a user's CSV (id, split, label, metric) give calibrate --metric NAME --scores FILE's cuts and test-split numbers to the last digit", {
  skip: released === undefined && "released data not found (CAPQA_DATA_DIR or ../shared/data)",
  timeout: 300_000,
}, () => {
  const bench = loadBenchmark(released);
  // A metric invented here: a seeded noisy transform of the released METEOR and BERTScore, not CAP.
  const rng = new Xoshiro128(2024, 21);
  const scored = bench.rows.filter((r) => bench.scoreIndex[r.rowId] >= 0 && r.label !== null);
  const value = new Map(
    scored.map((r) => {
      const i = bench.scoreIndex[r.rowId];
      return [
        r.rowId,
        Math.round((0.6 * bench.scores.values.meteor[i] + 0.4 * bench.scores.values.bertscore[i] + 0.15 * rng.nextFloat()) * 1e6) / 1e6,
      ];
    }),
  );
  const userCsv = join(root, "released-as-user.csv");
  writeFileSync(
    userCsv,
    `id,split,label,novel_metric\n${scored.map((r) => `${r.rowId},${bench.split[r.rowId]},${r.label},${value.get(r.rowId)}`).join("\n")}\n`,
  );
  const scoresCsv = join(root, "released-scores.csv");
  writeFileSync(scoresCsv, `row_id,novel_metric\n${scored.map((r) => `${r.rowId},${value.get(r.rowId)}`).join("\n")}\n`);
  for (const [name, extra] of [
    ["severity", ["--bootstrap", "1000"]],
    ["classes", ["--levels", "classes", "--objective", "quadratic_kappa", "--bootstrap", "300", "--seed", "7"]],
  ] as const) {
    const viaScores = join(root, `parity-scores-${name}`);
    const viaIn = join(root, `parity-in-${name}`);
    const a = run([
      "calibrate",
      "--data-dir",
      released!,
      "--metric",
      "novel_metric",
      "--scores",
      scoresCsv,
      ...extra,
      "--out",
      viaScores,
      "--quiet",
    ]);
    assert.equal(a.status, 0, a.stderr);
    const b = run([
      "calibrate",
      "--in",
      userCsv,
      "--label-column",
      "label",
      "--split-column",
      "split",
      "--metric",
      "novel_metric",
      ...extra,
      "--out",
      viaIn,
      "--quiet",
    ]);
    assert.equal(b.status, 0, b.stderr);
    const [ra, rb] = [viaScores, viaIn].map((d) => JSON.parse(readFileSync(join(d, "report.json"), "utf8")));
    const [ca, cb] = [viaScores, viaIn].map((d) => JSON.parse(readFileSync(join(d, "classifier.json"), "utf8")));
    // To the last digit: the JSON text of the cuts and of every number of the reports, not only equal values.
    assert.equal(JSON.stringify(cb.cuts), JSON.stringify(ca.cuts), `${name}: cuts`);
    assert.deepEqual(cb.levelSet, ca.levelSet, `${name}: levels`);
    assert.equal(
      JSON.stringify(rb.calibrated),
      JSON.stringify(ra.calibrated),
      `${name}: calibrated cuts, report (accuracy, macro-F1, κs, per level, confusion) and intervals`,
    );
    assert.equal(JSON.stringify(rb.equalWidth), JSON.stringify(ra.equalWidth), `${name}: equal-width bins' cuts, report and intervals`);
    assert.equal(rb.n, ra.n);
    assert.equal(rb.evalSplit, "test");
    assert.equal(ra.n, 7826);
    assert.ok(ra.calibrated.intervals.macroF1[0] < ra.calibrated.report.macroF1);
  }
});
