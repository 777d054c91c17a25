/**
 * The explorer's arithmetic (lib/explore/compute.ts, the code the page runs) against capqa's
 * library, bit for bit: CAP, the ranking statistics, the classification report, the fitted cuts
 * for each objective; the cut candidates, ordering and parsing; the page's options and the
 * classifier check. The browser end of it is test/explore-chromium.test.ts.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  EXPLORE_CUT_INFINITY,
  buildExplorerPage,
  exploreCap,
  exploreClassification,
  exploreCutCandidates,
  exploreDataFromBenchmark,
  exploreFitCuts,
  exploreFormatCut,
  exploreHistogram,
  exploreNearestIndex,
  exploreParseCut,
  explorePredict,
  exploreRanking,
  exploreScores,
  exploreSetCut,
  explorerSettingsFromClassifier,
  type ExploreData,
} from "../lib/explore/index.js";
import { capScores } from "../lib/cap/index.js";
import { ordinalSummary } from "../lib/stats/pairwise.js";
import { classificationReport } from "../lib/calibrate/metrics.js";
import {
  classLevelSet,
  equalWidthClassifier,
  fitThresholds,
  levelOfClass,
  predictLevels,
  severityLevelSet,
  type CalibrationObjective,
  type ThresholdClassifier,
} from "../lib/calibrate/classifier.js";
import { loadBenchmark, releasedColumn, selectRows } from "../lib/data/benchmark.js";
import { benchmarkMetricColumn } from "../lib/data/metric-columns.js";
import { CLASSES, PAPER_ORDERING } from "../lib/taxonomy/index.js";
import { Xoshiro128 } from "../lib/stats/random.js";
import { releasedDataDir } from "./helpers.js";

/** Synthetic rows with CAP-like probabilities that drift with the class (rounded to `digits`, so ties occur). */
function syntheticData(n: number, seed = 11, digits = 6): ExploreData {
  const rng = new Xoshiro128(seed);
  const r = (x: number) => Math.round(x * 10 ** digits) / 10 ** digits;
  const cls: number[] = [];
  const peF: number[] = [];
  const pnF: number[] = [];
  const peR: number[] = [];
  const pnR: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = rng.nextInt(8);
    const q = (7 - c) / 7;
    const e1 = Math.min(1, q * rng.nextFloat() * 1.4);
    const e2 = Math.min(1, q * rng.nextFloat() * 1.2);
    cls.push(c);
    peF.push(r(e1));
    pnF.push(r((1 - e1) * rng.nextFloat()));
    peR.push(r(e2));
    pnR.push(r((1 - e2) * rng.nextFloat()));
  }
  return { classNames: [...CLASSES], severity: CLASSES.map((c) => PAPER_ORDERING.severity[c]), cls, peF, pnF, peR, pnR };
}

const SEVERITY = severityLevelSet();
const LEVEL_OF = levelOfClass(SEVERITY);
const levelsOf = (d: { cls: number[] }, set = SEVERITY) => {
  const of = levelOfClass(set);
  return d.cls.map((c) => of[CLASSES[c]]);
};
const libCap = (d: ExploreData, alpha: number, lambda: number) =>
  capScores({ peForward: d.peF!, pnForward: d.pnF!, peReverse: d.peR!, pnReverse: d.pnR! }, { alpha, lambda }).cap;

test("exploreCap is capScores bit for bit; exploreScores takes the released column as it is", () => {
  const d = syntheticData(500);
  for (const [alpha, lambda] of [
    [0.85, 0.3],
    [0.3, 0],
    [1, 1],
    [0.37, 0.55],
  ])
    assert.deepEqual(exploreCap(d, alpha, lambda), Array.from(libCap(d, alpha, lambda)));
  const withCap = { ...d, cap: d.peF!.map((x) => x / 3) };
  assert.deepEqual(exploreScores(withCap, 0.1, 0.2, "released"), withCap.cap);
  assert.deepEqual(exploreScores(withCap, 0.1, 0.2, "recomputed"), exploreCap(d, 0.1, 0.2));
  assert.throws(() => exploreScores(d, 0.85, 0.3, "released"), /no released CAP column/);
});

test("the ranking statistics equal ordinalSummary's", () => {
  const d = syntheticData(500);
  for (const [alpha, lambda] of [
    [0.85, 0.3],
    [0.3, 0],
  ]) {
    const scores = exploreCap(d, alpha, lambda);
    const r = exploreRanking(d, scores);
    const s = ordinalSummary(scores, d.cls);
    assert.ok(Math.abs(r.spearman - s.spearman) < 1e-12);
    assert.equal(r.pairwiseAccuracy, s.pairwiseAccuracy);
    assert.equal(r.violations, s.meanViolations);
  }
});

test("exploreClassification is classificationReport bit for bit: accuracy, macro-F1, κ unweighted, linear and quadratic, F1, confusion", () => {
  const d = syntheticData(700, 3);
  const scores = exploreCap(d, 0.85, 0.3);
  for (const [set, cutSets] of [
    [
      SEVERITY,
      [
        [0.1, 0.3, 0.5, 0.7, 0.9],
        [1 / 6, 2 / 6, 3 / 6, 4 / 6, 5 / 6],
        [0.2, 0.2, 0.4, 0.4, 0.95], // empty levels
        [-EXPLORE_CUT_INFINITY, 0.3, 0.5, 0.7, EXPLORE_CUT_INFINITY], // empty end levels
        [0.5, 0.5, 0.5, 0.5, 0.5],
      ],
    ],
    [classLevelSet(), [[0.05, 0.1, 0.2, 0.35, 0.5, 0.65, 0.8]]],
  ] as const) {
    const truth = levelsOf(d, set);
    const K = set.levels.length;
    for (const cuts of cutSets) {
      const c = exploreClassification(truth, scores, [...cuts], K);
      const predicted = predictLevels({ cuts: [...cuts] }, scores);
      assert.deepEqual(explorePredict(scores, [...cuts]), Array.from(predicted));
      const r = classificationReport(
        truth,
        predicted,
        set.levels.map((l) => l.name),
      );
      assert.equal(c.accuracy, r.accuracy);
      assert.equal(c.macroF1, r.macroF1);
      assert.equal(c.kappa, r.kappa);
      assert.equal(c.kappaLinear, r.kappaLinear);
      assert.equal(c.kappaQuadratic, r.kappaQuadratic);
      assert.equal(c.quadraticKappa, r.kappaQuadratic);
      assert.deepEqual(
        c.f1,
        r.perLevel.map((p) => p.f1),
      );
      assert.deepEqual(c.confusion, r.confusion);
    }
  }
});

test("exploreFitCuts gives fitThresholds' cuts exactly, for every objective, with ties and with few rows", () => {
  const objectives: CalibrationObjective[] = ["macro_f1", "accuracy", "quadratic_kappa"];
  for (const [n, seed, digits] of [
    [400, 1, 6],
    [400, 2, 2], // many ties
    [60, 3, 1], // fewer distinct scores than levels in places: empty levels, ±∞ cuts
    [8, 4, 6],
  ]) {
    const d = syntheticData(n, seed, digits);
    for (const [alpha, lambda] of [
      [0.85, 0.3],
      [0.2, 0.9],
    ]) {
      const scores = exploreCap(d, alpha, lambda);
      for (const set of [SEVERITY, classLevelSet()]) {
        const levels = levelsOf(d, set);
        for (const objective of objectives) {
          const lib = fitThresholds(scores, levels, set, objective).cuts;
          assert.deepEqual(
            exploreFitCuts(scores, levels, set.levels.length, objective),
            lib,
            `${objective}, ${set.name}, n ${n}, seed ${seed}`,
          );
        }
      }
    }
  }
  assert.throws(() => exploreFitCuts([0.1], [0], 6, "f1" as CalibrationObjective), /unknown objective/);
});

test("cut candidates: ±∞, every midpoint between distinct sorted scores and the extras, ascending; every split of the rows is reachable", () => {
  const scores = [0.4, 0.1, 0.4, 0.7, 0.1, 0.25];
  const c = exploreCutCandidates(scores, [0.3, 0.175]);
  assert.deepEqual(c, [-EXPLORE_CUT_INFINITY, (0.1 + 0.25) / 2, 0.3, (0.25 + 0.4) / 2, (0.4 + 0.7) / 2, EXPLORE_CUT_INFINITY]);
  // Any cut value classifies the rows as some candidate does.
  const d = syntheticData(300, 5, 3);
  const s = exploreCap(d, 0.85, 0.3);
  const cand = exploreCutCandidates(s);
  const rng = new Xoshiro128(9);
  for (let t = 0; t < 200; t++) {
    const v = rng.nextFloat();
    const want = explorePredict(s, [v]).join();
    assert.ok(
      cand.some((x) => explorePredict(s, [x]).join() === want),
      `cut ${v}`,
    );
  }
  // No candidate equals a score (a row never sits on a cut), except typed extras.
  const set = new Set(s);
  assert.ok(cand.every((x) => !set.has(x)));
  assert.equal(exploreNearestIndex(cand, cand[17]), 17);
  assert.equal(exploreNearestIndex(cand, -EXPLORE_CUT_INFINITY), 0);
  assert.equal(exploreNearestIndex(cand, cand[3] + 0.9 * (cand[4] - cand[3])), 4);
  assert.equal(exploreNearestIndex(cand, 2), cand.length - 2);
});

test("exploreSetCut keeps the cuts in order: a cut moved past its neighbours pushes them along", () => {
  const cuts = [0.1, 0.3, 0.5, 0.7, 0.9];
  assert.deepEqual(exploreSetCut(cuts, 1, 0.4), [0.1, 0.4, 0.5, 0.7, 0.9]);
  assert.deepEqual(exploreSetCut(cuts, 1, 0.6), [0.1, 0.6, 0.6, 0.7, 0.9]);
  assert.deepEqual(exploreSetCut(cuts, 1, 0.95), [0.1, 0.95, 0.95, 0.95, 0.95]);
  assert.deepEqual(exploreSetCut(cuts, 3, 0.05), [0.05, 0.05, 0.05, 0.05, 0.9]);
  assert.deepEqual(exploreSetCut(cuts, 0, -EXPLORE_CUT_INFINITY), [-EXPLORE_CUT_INFINITY, 0.3, 0.5, 0.7, 0.9]);
  assert.deepEqual(cuts, [0.1, 0.3, 0.5, 0.7, 0.9]); // not changed in place
});

test("cut text: exact decimals and ±∞ both ways", () => {
  for (const v of [0.044796978, 0.9651604199999999, 0.1 + 0.2, 1 / 3, 0, 1]) assert.equal(exploreParseCut(exploreFormatCut(v)), v);
  assert.equal(exploreFormatCut(-EXPLORE_CUT_INFINITY), "−∞");
  assert.equal(exploreFormatCut(EXPLORE_CUT_INFINITY), "+∞");
  for (const t of ["−∞", "-inf", "-Infinity", " -∞ "]) assert.equal(exploreParseCut(t), -EXPLORE_CUT_INFINITY);
  for (const t of ["+∞", "∞", "inf", "Infinity"]) assert.equal(exploreParseCut(t), EXPLORE_CUT_INFINITY);
  assert.equal(exploreParseCut("1e400"), undefined);
  for (const t of ["", "abc", "0x10", "1,5", "NaN"]) assert.equal(exploreParseCut(t), undefined, t);
  assert.equal(exploreParseCut(".5"), 0.5);
  assert.equal(exploreParseCut("-2e-3"), -0.002);
});

test("exploreHistogram counts rows per class and bin (a score of 1 in the last bin)", () => {
  const h = exploreHistogram([0, 0.004, 0.005, 0.4, 0.4049, 1], [0, 0, 1, 2, 2, 0], 3, 0.005);
  assert.equal(h[0].length, 200);
  assert.equal(h[0][0], 2);
  assert.equal(h[0][199], 1);
  assert.equal(h[1][1], 1);
  assert.equal(h[2][80], 2);
});

const classifierOf = (over: Partial<ThresholdClassifier> = {}): ThresholdClassifier => ({
  kind: "capqa-threshold-classifier",
  version: 1,
  levelSet: SEVERITY,
  cuts: [-EXPLORE_CUT_INFINITY, 0.39777443, 0.407308915, 0.90871805, 0.9651604199999999],
  objective: "quadratic_kappa",
  score: { metric: "cap", alpha: 0.85, lambda: 0.3, source: "released" },
  fittedOn: { split: "test", n: 7826 },
  ...over,
});

test("explorerSettingsFromClassifier: a calibrate classifier's levels, exact cuts, weights, source, objective and fit split; others refused", () => {
  const s = explorerSettingsFromClassifier(classifierOf());
  assert.deepEqual(s.cuts, classifierOf().cuts);
  assert.deepEqual([s.alpha, s.lambda, s.source, s.objective, s.fitSplit], [0.85, 0.3, "released", "quadratic_kappa", "test"]);
  assert.deepEqual(s.levelSet.levels, SEVERITY.levels);
  const r = explorerSettingsFromClassifier(
    classifierOf({
      score: { metric: "cap", alpha: 0.5, lambda: 0.3, source: "recomputed from the released NLI probabilities (alpha=0.5, lambda=0.3)" },
    }),
  );
  assert.deepEqual([r.alpha, r.source], [0.5, "recomputed"]);
  const eight = explorerSettingsFromClassifier(classifierOf({ levelSet: classLevelSet(), cuts: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7] }));
  assert.equal(eight.levelSet.levels.length, 8);
  // A classifier of any metric and any labels: the page shows that metric's column (which the data must have).
  const bleu = explorerSettingsFromClassifier(classifierOf({ score: { metric: "bleu", source: "released" } }));
  assert.deepEqual([bleu.metric, bleu.source], ["bleu", "column"]);
  assert.equal(explorerSettingsFromClassifier(classifierOf()).metric, "cap");
  const own = explorerSettingsFromClassifier(
    classifierOf({
      levelSet: {
        name: "bad < ok",
        levels: [
          { name: "bad", classes: ["bad"] },
          { name: "ok", classes: ["ok"] },
        ],
      } as never,
      cuts: [0.4],
      score: { metric: "mine" },
    }),
  );
  assert.deepEqual([own.metric, own.source, own.levelSet.levels.map((l) => l.name)], ["mine", "column", ["bad", "ok"]]);
  const bad: [Partial<ThresholdClassifier>, RegExp][] = [
    [{ kind: "x" as "capqa-threshold-classifier" }, /kind/],
    [{ cuts: [0.1, 0.2] }, /2 cuts for 6 levels/],
    [{ cuts: [0.1, 0.3, 0.2, 0.4, 0.5] }, /cut 3 \(0.2\) is below cut 2/],
    [{ cuts: [0.1, Number.NaN, 0.3, 0.4, 0.5] }, /cut 2 is not a finite number/],
    [{ score: { metric: "cap", alpha: 2 } }, /score.alpha/],
    [{ score: { metric: 7 } as never }, /score.metric is not a column name/],
    [
      {
        levelSet: {
          name: "x",
          levels: [
            { name: "a", classes: ["exact"] },
            { name: "b", classes: ["exact"] },
          ],
        },
        cuts: [0.5],
      },
      /label "exact" is in two levels/,
    ],
    [{ levelSet: { name: "x", levels: [{ name: "a", classes: ["exact"] }] }, cuts: [] }, /one level/],
  ];
  for (const [over, re] of bad)
    assert.throws(
      () => explorerSettingsFromClassifier(classifierOf(over), "c.json"),
      (e: Error) => /^c\.json is not a classifier/.test(e.message) && re.test(e.message),
      String(re),
    );
});

/** The page's embedded configuration (the CONFIG script constant). */
function pageConfig(html: string): {
  K: number;
  initial: { cuts: number[]; alpha: number; lambda: number; source: string; objective: string; refit: boolean };
  levels: { label: string }[];
  classes: { label: string; color: string }[];
} {
  const m = /^const CONFIG = (.*);$/m.exec(html);
  assert.ok(m, "no CONFIG in the page");
  return JSON.parse(m[1]);
}

test("buildExplorerPage: exact cuts, paper palette and names, equal-width default, checked options", () => {
  const d = syntheticData(50);
  const def = pageConfig(buildExplorerPage(d));
  assert.deepEqual(def.initial.cuts, equalWidthClassifier(SEVERITY, {}).cuts);
  assert.deepEqual(
    [def.initial.alpha, def.initial.lambda, def.initial.source, def.initial.objective, def.initial.refit],
    [0.85, 0.3, "recomputed", "macro_f1", false],
  );
  assert.deepEqual(
    def.classes.map((c) => c.label),
    ["exact", "equivalent", "alternative-correct", "overinclusive-valid", "partial", "overinclusive-invalid", "invalid", "contradictory"],
  );
  assert.deepEqual(
    def.classes.map((c) => c.color),
    ["#1b7837", "#5aae61", "#a6d96a", "#2166ac", "#74add1", "#fdae61", "#d6604d", "#67001f"],
  );
  assert.deepEqual(
    def.levels.map((l) => l.label),
    ["Contr", "Inv", "OI", "Part", "OV", "Exact/Eq/Alt"],
  );
  const cuts = [-EXPLORE_CUT_INFINITY, 0.39777443, 0.407308915, 0.90871805, 0.9651604199999999];
  const withCap = { ...d, cap: d.peF };
  const c = pageConfig(buildExplorerPage(withCap, { cuts, objective: "accuracy", refit: true }));
  assert.deepEqual(c.initial.cuts, cuts);
  assert.deepEqual([c.initial.source, c.initial.objective, c.initial.refit], ["released", "accuracy", true]);
  assert.equal(pageConfig(buildExplorerPage(withCap, { alpha: 0.5 })).initial.source, "recomputed");
  const eight = pageConfig(buildExplorerPage(d, { levelSet: classLevelSet() }));
  assert.equal(eight.K, 8);
  assert.equal(eight.initial.cuts.length, 7);
  assert.throws(() => buildExplorerPage(d, { cuts: [0.1, 0.2] }), /2 cuts for 6 levels/);
  assert.throws(() => buildExplorerPage(d, { cuts: [0.1, 0.3, 0.2, 0.4, 0.5] }), /non-decreasing/);
  assert.throws(() => buildExplorerPage(d, { source: "released" }), /no released CAP column/);
  assert.throws(() => buildExplorerPage(withCap, { source: "released", alpha: 0.5 }), /released CAP column is at α 0.85/);
  assert.throws(() => buildExplorerPage(d, { alpha: 1.5 }), /alpha 1.5 is not in \[0, 1\]/);
  // No "</script>" can close the data early.
  const html = buildExplorerPage({ ...d, split: "</script><b>" });
  assert.ok(!html.includes("</script><b>"));
});

const DATA = releasedDataDir();

test("on the released data, the explorer's data and arithmetic give capqa calibrate's cuts and report exactly", {
  skip: DATA === undefined && "released data not found",
}, () => {
  const bench = loadBenchmark(DATA!);
  const d = exploreDataFromBenchmark(bench, "test", "validation");
  const evalRows = selectRows(bench, "test");
  const fitRows = selectRows(bench, "validation");
  assert.equal(d.cls.length, evalRows.rowIds.length);
  assert.equal(d.fit!.cls.length, fitRows.rowIds.length);
  assert.deepEqual(exploreScores(d, 0.85, 0.3, "released"), Array.from(releasedColumn(bench, "cap", evalRows.rowIds)));
  assert.deepEqual(
    exploreScores(d, 0.5, 0.3, "recomputed"),
    Array.from(benchmarkMetricColumn(bench, "cap", evalRows.rowIds, { alpha: 0.5, lambda: 0.3 }).scores),
  );
  const truth = d.cls.map((c) => LEVEL_OF[CLASSES[c]]);
  const fitTruth = d.fit!.cls.map((c) => LEVEL_OF[CLASSES[c]]);
  for (const [source, alpha, lambda] of [
    ["released", 0.85, 0.3],
    ["recomputed", 0.6, 0.2],
  ] as const) {
    const fitScores = exploreScores(d.fit!, alpha, lambda, source);
    const cuts = exploreFitCuts(fitScores, fitTruth, 6, "macro_f1");
    assert.deepEqual(cuts, fitThresholds(fitScores, Uint8Array.from(fitTruth), SEVERITY, "macro_f1").cuts);
    const scores = exploreScores(d, alpha, lambda, source);
    const c = exploreClassification(truth, scores, cuts, 6);
    const r = classificationReport(
      truth,
      predictLevels({ cuts }, scores),
      SEVERITY.levels.map((l) => l.name),
    );
    assert.deepEqual(
      [c.accuracy, c.macroF1, c.kappa, c.kappaLinear, c.kappaQuadratic],
      [r.accuracy, r.macroF1, r.kappa, r.kappaLinear, r.kappaQuadratic],
    );
  }
});

// ---------------------------------------------------------------- a labelled file of one's own

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readLabelledScores } from "../lib/calibrate/labelled.js";
import { runLabelledCalibration } from "../lib/calibrate/labelled-workflow.js";
import { exploreDataFromLabelled, labelColors, rankColor } from "../lib/explore/index.js";

test("a labelled file of one's own: the page's data and arithmetic give capqa calibrate --in's cuts and report exactly; no α or λ; labels coloured by rank", () => {
  const rng = new Xoshiro128(21, 4);
  const names = ["wrong", "vague", "partial", "right"];
  const lines = Array.from({ length: 240 }, (_, i) => {
    const k = rng.nextInt(4);
    return `${names[k]},${Math.round((k * 0.25 + rng.nextFloat() * 0.7) * 500) / 500 - 0.2},${i % 4 === 0 ? "validation" : "test"}`;
  });
  const file = join(mkdtempSync(join(tmpdir(), "capqa-explore-own-")), "own.csv");
  writeFileSync(file, `verdict,judge,part\n${lines.join("\n")}\n`);
  const order = "wrong < vague = partial < right";
  const table = readLabelledScores(file, { labelColumn: "verdict", metric: "judge", splitColumn: "part", order });
  const d = exploreDataFromLabelled(table);
  // Labels most correct first; severity is the level; tied labels share one.
  assert.deepEqual(d.classNames, ["right", "partial", "vague", "wrong"]);
  assert.deepEqual(d.severity, [2, 1, 1, 0]);
  assert.equal(d.cls.length, 180);
  assert.equal(d.fit!.cls.length, 60);
  assert.equal(d.peF, undefined);
  const scores = table.scores.filter((_, i) => table.splits![i] === "test");
  assert.deepEqual(exploreScores(d, 0.85, 0.3, "column"), Array.from(scores));
  assert.deepEqual(d.axis, [Math.min(...table.scores), Math.max(...table.scores)]);
  const run = runLabelledCalibration(table, { labelColumn: "verdict", metric: "judge", splitColumn: "part", resamples: 0 });
  const truth = d.cls.map((c) => d.severity[c]);
  const fitTruth = d.fit!.cls.map((c) => d.severity[c]);
  assert.deepEqual(exploreFitCuts(exploreScores(d.fit!, 0, 0, "column"), fitTruth, 3, "macro_f1"), run.calibrated.cuts);
  const c = exploreClassification(truth, exploreScores(d, 0, 0, "column"), run.calibrated.cuts, 3);
  assert.deepEqual(
    [c.accuracy, c.macroF1, c.kappa, c.kappaLinear, c.kappaQuadratic],
    [run.report.accuracy, run.report.macroF1, run.report.kappa, run.report.kappaLinear, run.report.kappaQuadratic],
  );
  assert.deepEqual(c.confusion, run.report.confusion);
  // The page: the column as its scores, no α/λ sliders (hidden, said why), its levels and labels, a Save button.
  const html = buildExplorerPage(d, { levelSet: table.levelSet, cuts: run.calibrated.cuts, title: "own" });
  const config = pageConfig(html) as ReturnType<typeof pageConfig> & {
    recomputable: boolean;
    metric: string;
    axis: number[];
    levelSet: unknown;
  };
  assert.deepEqual([config.initial.source, config.recomputable, config.metric], ["column", false, "judge"]);
  assert.deepEqual(config.initial.cuts, run.calibrated.cuts);
  assert.deepEqual(config.levelSet, table.levelSet);
  assert.deepEqual(
    config.levels.map((l) => l.label),
    ["wrong", "vague/partial", "right"],
  );
  assert.match(html, /<div class="weight" hidden><label for="alpha">/);
  assert.match(html, /no α or λ slider is shown/);
  assert.match(html, /<button type="button" id="save"[^>]*>Save classifier<\/button>/);
  // Colours by rank on the derived scale: "partial" here is a label of one's own, not the paper's class.
  assert.deepEqual(
    config.classes.map((x) => x.color),
    [3, 2, 1, 0].map((r) => rankColor(r / 3)),
  );
  assert.equal(rankColor(0), "#67001f");
  assert.equal(rankColor(1), "#1b7837");
  assert.deepEqual(labelColors(["exact", "invalid"], [1, 0], true), ["#1b7837", "#d6604d"]);
  // Equal-width default cuts span the axis, and a classifier's levels must cover the data's labels.
  assert.deepEqual(
    pageConfig(buildExplorerPage(d, { levelSet: table.levelSet })).initial.cuts,
    equalWidthClassifier(table.levelSet, {}, d.axis![0], d.axis![1]).cuts,
  );
  assert.throws(
    () =>
      buildExplorerPage(d, {
        levelSet: {
          name: "x",
          levels: [
            { name: "wrong", classes: ["wrong"] },
            { name: "right", classes: ["right"] },
          ],
        },
      }),
    /leaves class partial out/,
  );
  assert.throws(() => buildExplorerPage(d, { levelSet: table.levelSet, source: "recomputed" }), /no NLI probabilities/);
});
