import { test } from "node:test";
import assert from "node:assert/strict";
import { bestRuns, groupScores, cutsFromBoundaries } from "../lib/calibrate/segments.js";
import {
  fitThresholds,
  predictLevels,
  severityLevelSet,
  classLevelSet,
  equalWidthClassifier,
  levelOfClass,
} from "../lib/calibrate/classifier.js";
import { classificationReport, classificationIntervals } from "../lib/calibrate/metrics.js";
import { cohenKappa } from "../lib/stats/kappa.js";
import { Xoshiro128 } from "../lib/stats/random.js";

/** Random scores (coarse, with ties) loosely increasing with the level. */
function data(n: number, K: number, seed: number) {
  const rng = new Xoshiro128(seed, 4);
  const levels = Uint8Array.from({ length: n }, () => rng.nextInt(K));
  const scores = Float64Array.from(levels, (l) => Math.round((l / K + rng.nextFloat() * 0.8) * 20) / 20);
  return { scores, levels };
}

/** Every way to place K−1 cuts between the distinct scores (brute force). */
function* allCuts(points: number[], K: number, start = 0): Generator<number[]> {
  if (K === 1) return yield [];
  for (let i = start; i < points.length; i++) for (const rest of allCuts(points, K - 1, i)) yield [points[i], ...rest];
}

function macroF1(truth: ArrayLike<number>, pred: ArrayLike<number>, K: number): number {
  return classificationReport(
    truth,
    pred,
    Array.from({ length: K }, (_, k) => String(k)),
  ).macroF1;
}

test("the segment DP finds the exact optimum of accuracy, macro-F1 and quadratic κ (brute force over all cuts)", () => {
  for (let seed = 1; seed <= 6; seed++) {
    const K = 3 + (seed % 2);
    const { scores, levels } = data(40, K, seed);
    const distinct = [...new Set(scores)].sort((a, b) => a - b);
    const candidates = [-1, ...distinct.slice(1).map((s, i) => (s + distinct[i]) / 2), 2];
    const set = { name: "t", levels: Array.from({ length: K }, (_, k) => ({ name: String(k), classes: [] })) };
    const objectives = {
      accuracy: (p: Uint8Array) => p.reduce((a, x, i) => a + (x === levels[i] ? 1 : 0), 0) / p.length,
      macro_f1: (p: Uint8Array) => macroF1(levels, p, K),
      quadratic_kappa: (p: Uint8Array) => cohenKappa(levels, p, K, "quadratic").kappa,
    } as const;
    for (const [name, f] of Object.entries(objectives)) {
      let best = -Infinity;
      for (const cuts of allCuts(candidates, K)) {
        const v = f(predictLevels({ cuts }, scores));
        if (v > best) best = v;
      }
      const fitted = fitThresholds(scores, levels, set as never, name as never);
      const got = f(predictLevels(fitted, scores));
      assert.ok(Math.abs(got - best) < 1e-9, `seed ${seed} ${name}: DP ${got} vs brute force ${best}`);
    }
  }
});

test("level sets: six severity levels of Eq. 1, eight classes in a declared order", () => {
  const sev = severityLevelSet();
  assert.equal(sev.levels.length, 6);
  assert.deepEqual(sev.levels[5].classes, ["exact", "equivalent", "alternative_correct"]);
  assert.equal(levelOfClass(sev).contradictory, 0);
  const cls = classLevelSet();
  assert.equal(cls.levels.length, 8);
  assert.equal(cls.levels[0].name, "contradictory");
  assert.throws(() => classLevelSet(["exact"] as never), /each of the 8 classes once/);
  assert.deepEqual(equalWidthClassifier(classLevelSet(), {}).cuts, [0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875]);
  assert.deepEqual([...predictLevels({ cuts: [0.5, 0.8] }, [0, 0.5, 0.79, 0.8, 1])], [0, 1, 1, 2, 2]);
});

test("reports and bootstrap intervals", () => {
  const truth = [0, 0, 1, 1, 2, 2];
  const pred = [0, 1, 1, 1, 2, 0];
  const r = classificationReport(truth, pred, ["a", "b", "c"]);
  assert.equal(r.accuracy, 4 / 6);
  assert.deepEqual(r.confusion, [
    [1, 1, 0],
    [0, 2, 0],
    [1, 0, 1],
  ]);
  assert.ok(Math.abs(r.kappaQuadratic - cohenKappa(truth, pred, 3, "quadratic").kappa) < 1e-12);
  const { scores, levels } = data(300, 4, 9);
  const c = fitThresholds(
    scores,
    levels,
    { name: "t", levels: [0, 1, 2, 3].map((k) => ({ name: String(k), classes: [] })) } as never,
    "macro_f1",
  );
  const p = predictLevels(c, scores);
  const ci = classificationIntervals(levels, p, 4, 500, 1);
  const point = classificationReport(levels, p, ["0", "1", "2", "3"]);
  assert.ok(ci.accuracy[0] < point.accuracy && point.accuracy < ci.accuracy[1]);
  assert.ok(ci.macroF1[0] < point.macroF1 && point.macroF1 < ci.macroF1[1]);
  const g = groupScores([0.3, 0.1, 0.1], [1, 0, 0], 2);
  assert.deepEqual([...g.scores], [0.1, 0.3]);
  assert.deepEqual(cutsFromBoundaries(g, bestRuns(g, (k, run) => run[k]).boundaries), [0.2]);
});

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync as readText } from "node:fs";
import { tmpdir } from "node:os";
import { join as joinPath, resolve as resolvePath } from "node:path";
import { releasedDataDir } from "./helpers.js";

const released = releasedDataDir();

test("capqa calibrate beats the equal-width bins on the test split in quadratic κ and macro-F1", {
  skip: released === undefined && "released data not found",
}, () => {
  const out = mkdtempSync(joinPath(tmpdir(), "capqa-cal-"));
  for (const levels of ["severity", "classes"]) {
    const r = spawnSync(
      process.execPath,
      [resolvePath("dist/cli/main.js"), "calibrate", "--levels", levels, "--bootstrap", "300", "--out", joinPath(out, levels), "--quiet"],
      {
        encoding: "utf8",
        env: { ...process.env, CAPQA_DATA_DIR: released! },
      },
    );
    assert.equal(r.status, 0, r.stderr);
    const report = JSON.parse(readText(joinPath(out, levels, "report.json"), "utf8"));
    assert.equal(report.n, 7826);
    const mine = report.calibrated.report;
    const base = report.equalWidth.report;
    assert.ok(mine.kappaQuadratic > base.kappaQuadratic, `${levels}: κ ${mine.kappaQuadratic} vs ${base.kappaQuadratic}`);
    assert.ok(mine.macroF1 > base.macroF1, `${levels}: macro-F1 ${mine.macroF1} vs ${base.macroF1}`);
    assert.ok(report.calibrated.intervals.macroF1[0] < mine.macroF1);
    const classifier = JSON.parse(readText(joinPath(out, levels, "classifier.json"), "utf8"));
    assert.equal(classifier.kind, "capqa-threshold-classifier");
    assert.equal(classifier.cuts.length, levels === "severity" ? 5 : 7);
  }
});

// ---------------------------------------------------------------- the calibration workflow

import { writeFileSync } from "node:fs";
import { loadBenchmark } from "../lib/data/benchmark.js";
import { readMetricScores } from "../lib/data/metric-scores.js";
import { DEFAULT_ALPHA, DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_LAMBDA, DEFAULT_SEED, RELEASED_METRICS } from "../lib/constants.js";
import { classifierRows, classifierSummary, runCalibration, type CalibrationRunOptions } from "../lib/calibrate/workflow.js";
import { benchmarkExplorer } from "../lib/explore/benchmark.js";
import { calibrateCap } from "../lib/figures/data.js";
import { calibrationExplorerFigure } from "../lib/figures/sliders.js";
import { buildExplorerPage, explorerSettingsFromClassifier, exploreDataFromBenchmark } from "../lib/explore/index.js";

test("runCalibration gives capqa calibrate's numbers and files exactly", {
  skip: released === undefined && "released data not found",
  timeout: 180_000,
}, () => {
  const bench = loadBenchmark(released);
  const out = mkdtempSync(joinPath(tmpdir(), "capqa-cal-workflow-"));
  const own = joinPath(out, "own.csv");
  const capOf = (id: number) => bench.scores.values.cap[bench.scoreIndex[id]];
  writeFileSync(
    own,
    "row_id,mine\n" +
      bench.rows
        .filter((r) => bench.scoreIndex[r.rowId] >= 0)
        .map((r) => `${r.rowId},${(0.2 + 0.5 * capOf(r.rowId) + ((r.rowId * 7919) % 13) / 100).toFixed(6)}`)
        .join("\n") +
      "\n",
  );
  const order = [
    "invalid",
    "contradictory",
    "overinclusive_invalid",
    "partial",
    "overinclusive_valid",
    "alternative_correct",
    "equivalent",
    "exact",
  ] as const;
  const cases: [string, string[], CalibrationRunOptions][] = [
    ["default", ["--bootstrap", "200"], { resamples: 200 }],
    [
      "classes",
      [
        "--levels",
        "classes",
        "--order",
        order.join(" < "),
        "--objective",
        "quadratic_kappa",
        "--alpha",
        "0.7",
        "--bootstrap",
        "100",
        "--seed",
        "3",
      ],
      { levels: "classes", order, objective: "quadratic_kappa", alpha: 0.7, resamples: 100, seed: 3 },
    ],
    [
      "bleu",
      ["--metric", "bleu", "--fit-split", "all", "--eval-split", "validation", "--objective", "accuracy", "--bootstrap", "0"],
      { metric: "bleu", fitSplit: "all", evalSplit: "validation", objective: "accuracy", resamples: 0 },
    ],
    [
      "own",
      ["--metric", "mine", "--scores", own, "--bootstrap", "50"],
      { metric: "mine", scores: readMetricScores(own, bench.rows.length, { reserved: [...RELEASED_METRICS, "comet"] }), resamples: 50 },
    ],
  ];
  for (const [name, args, options] of cases) {
    const dir = joinPath(out, name);
    const r = spawnSync(
      process.execPath,
      [resolvePath("dist/cli/main.js"), "calibrate", "--data-dir", released!, ...args, "--out", dir, "--json"],
      { encoding: "utf8" },
    );
    assert.equal(r.status, 0, `${name}: ${r.stderr}`);
    const cli = JSON.parse(r.stdout);
    const lib = runCalibration(bench, options);
    const json = <T>(x: T): T => JSON.parse(JSON.stringify(x));
    assert.deepEqual(JSON.parse(readText(joinPath(dir, "classifier.json"), "utf8")), json(lib.calibrated), name);
    const report = JSON.parse(readText(joinPath(dir, "report.json"), "utf8"));
    assert.deepEqual(
      report.calibrated,
      json({ cuts: lib.calibrated.cuts, report: lib.report, intervals: lib.intervals?.calibrated }),
      name,
    );
    assert.deepEqual(
      report.equalWidth,
      json({ cuts: lib.equalWidth.cuts, report: lib.equalWidthReport, intervals: lib.intervals?.equalWidth }),
      name,
    );
    assert.equal(readText(joinPath(dir, "summary.md"), "utf8"), lib.markdown, name);
    assert.deepEqual(cli.calibrated.cuts, lib.calibrated.cuts, name);
    assert.equal(cli.calibrated.macroF1, lib.report.macroF1, name);
    assert.deepEqual(cli.calibrated.intervals, lib.intervals?.calibrated ?? null, name);
    assert.equal(cli.eval.n, lib.evaluation.levels.length, name);
  }
  // Users' scores: the equal-width bins span the fit split's range, not [0, 1].
  const mine = runCalibration(bench, cases[3][2]);
  assert.ok(mine.equalWidth.cuts[0] > 0.2 && mine.equalWidth.cuts[0] < 0.4, String(mine.equalWidth.cuts));
  assert.throws(() => runCalibration(bench, { metric: "bleu", alpha: 0.5 }), /alpha and lambda are CAP's weights/);
});

test("calibrateCap (deprecated) is runCalibration: the same cuts for the same options, and runCalibration's defaults, DEFAULT_BOOTSTRAP_RESAMPLES resamples included", {
  skip: released === undefined && "released data not found",
  timeout: 120_000,
}, () => {
  const bench = loadBenchmark(released);
  const classes = calibrateCap(bench, { levels: "classes", objective: "accuracy", resamples: 0 });
  assert.deepEqual(classes, runCalibration(bench, { levels: "classes", objective: "accuracy", resamples: 0 }));
  assert.equal(classes.intervals, undefined);
  const withWeights = calibrateCap(bench, { capWeights: { alpha: 0.6, lambda: 0.2 }, resamples: 30, seed: 5 });
  assert.deepEqual(withWeights, runCalibration(bench, { alpha: 0.6, lambda: 0.2, resamples: 30, seed: 5 }));
  assert.deepEqual(withWeights.score, {
    metric: "cap",
    alpha: 0.6,
    lambda: 0.2,
    source: "recomputed from the released NLI probabilities (alpha=0.6, lambda=0.2)",
  });
  // No option: one home for the defaults, the resample count included (no default of its own).
  const byDefault = calibrateCap(bench);
  assert.equal(DEFAULT_BOOTSTRAP_RESAMPLES, 10_000);
  assert.equal(byDefault.resamples, DEFAULT_BOOTSTRAP_RESAMPLES);
  assert.equal(byDefault.seed, DEFAULT_SEED);
  assert.ok(byDefault.intervals, "intervals at the default resample count");
  assert.deepEqual(byDefault, runCalibration(bench));
});

test("the calibration explorer figure: each α's step is runCalibration at that α and λ, without intervals", {
  skip: released === undefined && "released data not found",
}, () => {
  const bench = loadBenchmark(released);
  const alphas = [0.5, DEFAULT_ALPHA];
  const figure = calibrationExplorerFigure(bench, { alphas, objective: "accuracy" });
  const steps = (figure.layout.sliders as { active: number; steps: { label: string; args: [unknown, Record<string, string>] }[] }[])[0];
  assert.deepEqual(
    steps.steps.map((s) => s.label),
    alphas.map(String),
  );
  assert.equal(steps.active, alphas.indexOf(DEFAULT_ALPHA));
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  alphas.forEach((alpha, k) => {
    const run = runCalibration(bench, { alpha, lambda: DEFAULT_LAMBDA, objective: "accuracy", resamples: 0 });
    const title = steps.steps[k].args[1]["title.text"];
    assert.ok(
      title.startsWith(
        `α = ${alpha}, λ = ${DEFAULT_LAMBDA}: calibrated accuracy ${pct(run.report.accuracy)}, macro-F1 ${pct(run.report.macroF1)} `,
      ),
      title,
    );
  });
});

test("a classifier as a table and a sentence; the explorer as an iframe", {
  skip: released === undefined && "released data not found",
  timeout: 60_000,
}, () => {
  const equal = equalWidthClassifier(severityLevelSet(), { metric: "cap" });
  const rows = classifierRows(equal);
  assert.deepEqual(
    rows.map((r) => r.scores),
    ["< 0.1667", "[0.1667, 0.3333)", "[0.3333, 0.5000)", "[0.5000, 0.6667)", "[0.6667, 0.8333)", "≥ 0.8333"],
  );
  assert.equal(rows[5].classes, "exact, equivalent, alternative_correct");
  const inf = classifierRows({ ...equal, cuts: [-Number.MAX_VALUE, 0.2, 0.4, 0.6, Number.MAX_VALUE] });
  assert.deepEqual([inf[0].to, inf[1].from, inf[4].to, inf[5].from], ["−∞", "−∞", "+∞", "+∞"]);
  assert.equal(
    classifierSummary(equal),
    "capqa-threshold-classifier v1: 6 levels (severity-paper-eq1), equal-width bins; score: metric cap.",
  );
  const bench = loadBenchmark(released);
  const cal = runCalibration(bench, { resamples: 0 });
  assert.match(
    classifierSummary(cal.calibrated),
    /cuts fitted for macro_f1 on the validation split \(1000 rows\); score: metric cap, alpha 0\.85, lambda 0\.3, source released\.$/,
  );
  const explorer = benchmarkExplorer(bench, { split: "test", title: "CAP on the test split" });
  const page = buildExplorerPage(explorer.data, explorer.options);
  // The classifier's exact cuts, weights and score source (capqa explore --classifier's settings).
  const s = explorerSettingsFromClassifier(cal.calibrated);
  const expected = buildExplorerPage(exploreDataFromBenchmark(bench, "test", s.fitSplit ?? "validation"), {
    title: "CAP on the test split",
    levelSet: s.levelSet,
    cuts: s.cuts,
    alpha: s.alpha,
    lambda: s.lambda,
    source: s.source,
    objective: s.objective,
  });
  assert.equal(page, expected);
  assert.deepEqual(s.cuts, cal.calibrated.cuts, "cuts passed exactly, not clamped");
  // An eight-class classifier is shown with its own levels.
  const classes = runCalibration(bench, { levels: "classes", resamples: 0 }).calibrated;
  assert.deepEqual(benchmarkExplorer(bench, { classifier: classes }).options.levelSet?.levels.length, 8);
});
