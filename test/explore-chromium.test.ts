/**
 * The explorer end to end in headless Chromium (playwright-core, the Chromium findChromium()
 * finds, started with CHROMIUM_ARGS): for a classifier fitted by "capqa calibrate" on the released
 * data, the page shows report.json's accuracy, macro-F1 and κ (unweighted, linear, quadratic) to
 * the last digit; a cut moved past its neighbour keeps the cuts in order and the level labels on
 * the right stretches; with refit on, moving α or the objective gives fitThresholds' cuts at that
 * setting. A synthetic page checks the same without the released data.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { buildExplorerPage, exploreCap, type ExploreData, type ExploreRows } from "../lib/explore/index.js";
import { CHROMIUM_ARGS, findChromium } from "../lib/figures/export.js";
import { levelLabel } from "../lib/figures/builders.js";
import { capScores } from "../lib/cap/index.js";
import { ordinalSummary } from "../lib/stats/pairwise.js";
import { classificationReport } from "../lib/calibrate/metrics.js";
import { fitThresholds, levelOfClass, predictLevels, severityLevelSet, type CalibrationObjective } from "../lib/calibrate/classifier.js";
import { loadBenchmark, releasedColumn, selectRows } from "../lib/data/benchmark.js";
import { benchmarkMetricColumn } from "../lib/data/metric-columns.js";
import { CLASSES, PAPER_ORDERING } from "../lib/taxonomy/index.js";
import { Xoshiro128 } from "../lib/stats/random.js";
import { releasedDataDir, syntheticExploreRows } from "./helpers.js";

const CHROMIUM = findChromium();
const DATA = releasedDataDir();
const CLI = resolve("dist/cli/main.js");
const LEVEL_SET = severityLevelSet();
const LEVEL_OF = levelOfClass(LEVEL_SET);
const LEVEL_NAMES = LEVEL_SET.levels.map((l) => l.name);
const LEVEL_LABELS = LEVEL_SET.levels.map(levelLabel);
const METRIC_IDS = {
  accuracy: "accuracy",
  macroF1: "macrof1",
  kappa: "kappa",
  kappaLinear: "kappa-linear",
  kappaQuadratic: "qwk",
} as const;
type MetricName = keyof typeof METRIC_IDS;

// Code passed to page.evaluate runs in the browser, where document and the page's globals exist.
declare const document: {
  getElementById(id: string): {
    textContent: string;
    dataset: Record<string, string>;
    layout?: { annotations?: { name?: string; text: string; x: number }[] };
  } | null;
  body: { dataset: Record<string, string> };
};
interface ExplorerState {
  alpha: number;
  lambda: number;
  source: string;
  objective: string;
  refit: boolean;
  cuts: number[];
}
declare const window: { capqaExplorer: { state(): ExplorerState; candidates(): number[] } };

async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS, headless: true });
}

/** Opens a page file and waits for its first render; page errors fail the test. */
async function open(browser: Browser, file: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`file://${file}`);
  await page.waitForSelector("body[data-ready]", { timeout: 60_000 });
  return { page, errors };
}

const renders = (page: Page) => page.evaluate(() => Number(document.body.dataset.ready));
/** Runs a user action and waits for the page to render after it. */
async function act(page: Page, action: () => Promise<unknown>): Promise<void> {
  const before = await renders(page);
  await action();
  await page.waitForFunction((n) => Number(document.body.dataset.ready) > n, before, { timeout: 60_000 });
}
const state = (page: Page) => page.evaluate(() => window.capqaExplorer.state());
const candidates = (page: Page) => page.evaluate(() => window.capqaExplorer.candidates());
/** The classification numbers as the page shows them (text) and holds them (data-value). */
const shown = (page: Page) =>
  page.evaluate(
    (ids) =>
      Object.fromEntries(
        Object.entries(ids).map(([k, id]) => [
          k,
          { text: document.getElementById(id)!.textContent, value: document.getElementById(id)!.dataset.value },
        ]),
      ),
    METRIC_IDS,
  );
const annotations = (page: Page) =>
  page.evaluate(() =>
    (document.getElementById("dist")!.layout?.annotations ?? []).map((a) => ({ name: a.name ?? "", text: a.text, x: a.x })),
  );

/** The page shows exactly these numbers: to 4 decimals as capqa calibrate's summary prints them, and bit for bit. */
async function assertShows(page: Page, expected: Record<MetricName, number>, what: string): Promise<void> {
  const got = await shown(page);
  for (const k of Object.keys(METRIC_IDS) as MetricName[]) {
    assert.equal(got[k].text, expected[k].toFixed(4), `${what}: ${k} shown as ${got[k].text}, expected ${expected[k].toFixed(4)}`);
    assert.equal(got[k].value, String(expected[k]), `${what}: ${k} is ${got[k].value}, expected ${expected[k]}`);
  }
}

/** The cuts are in order and every level's name sits over its own stretch of the axis; each cut line is named. */
async function assertOrderedAndLabelled(page: Page, cuts: number[]): Promise<void> {
  for (let i = 1; i < cuts.length; i++) assert.ok(cuts[i - 1] <= cuts[i], `cuts out of order: ${cuts.join(", ")}`);
  const notes = await annotations(page);
  const K = cuts.length + 1;
  for (let k = 0; k < K; k++) {
    const lo = k === 0 ? 0 : Math.max(0, Math.min(1, cuts[k - 1]));
    const hi = k === K - 1 ? 1 : Math.max(0, Math.min(1, cuts[k]));
    const note = notes.find((a) => a.name === `level${k}`);
    if (!(hi > lo)) {
      assert.equal(note, undefined, `empty level ${k} is labelled`);
      continue;
    }
    assert.ok(note, `level ${k} (${LEVEL_LABELS[k]}) has no label on the plot`);
    assert.equal(note.text, LEVEL_LABELS[k]);
    // The first and last level's names sit against the axis' ends (so they never run off the plot), the others in their middle.
    assert.ok(
      note.x >= lo && note.x <= hi && (k === 0 || k === K - 1 || (note.x > lo && note.x < hi)),
      `label ${note.text} at ${note.x} is not between ${lo} and ${hi}`,
    );
  }
  cuts.forEach((c, i) => {
    const note = notes.find((a) => a.name === `cut${i}`);
    if (c < 0 || c > 1) return assert.equal(note, undefined);
    assert.ok(note && note.x === c && note.text.startsWith(`cut ${i + 1} `), `cut ${i + 1} at ${c} is not named on the plot`);
  });
  // The cut controls name the levels each separates, whatever the values.
  for (let i = 0; i < cuts.length; i++)
    assert.equal(await page.locator(`label[for=cut${i}] .between`).textContent(), `${LEVEL_LABELS[i]} | ${LEVEL_LABELS[i + 1]}`);
}

/** Sets a cut's slider to a candidate index, as dragging it there does (input events). */
async function dragCut(page: Page, i: number, index: number): Promise<void> {
  await act(page, () => page.locator(`#cut${i}`).fill(String(index)));
}

/** Types an exact value into a text box and presses Enter. */
async function type(page: Page, id: string, text: string): Promise<void> {
  await act(page, async () => {
    await page.locator(`#${id}`).fill(text);
    await page.locator(`#${id}`).press("Enter");
  });
}

function report(truth: ArrayLike<number>, scores: ArrayLike<number>, cuts: number[]): Record<MetricName, number> {
  const r = classificationReport(truth, predictLevels({ cuts }, scores), LEVEL_NAMES);
  return { accuracy: r.accuracy, macroF1: r.macroF1, kappa: r.kappa, kappaLinear: r.kappaLinear, kappaQuadratic: r.kappaQuadratic };
}

const calibrateRun = (args: string[]) => {
  const r = spawnSync(process.execPath, [CLI, "calibrate", "--bootstrap", "0", "--quiet", ...args], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
};

test("in headless Chromium, the explorer shows capqa calibrate's numbers for its classifier to the last digit, keeps cuts in order and labelled, and refits as fitThresholds does", {
  skip: (CHROMIUM === undefined && "no Chromium found") || (DATA === undefined && "released data not found (CAPQA_DATA_DIR)"),
  timeout: 300_000,
}, async () => {
  const root = mkdtempSync(join(tmpdir(), "capqa-explore-"));
  calibrateRun(["--data-dir", DATA!, "--out", join(root, "cal")]);
  const classifier = JSON.parse(readFileSync(join(root, "cal", "classifier.json"), "utf8")) as { cuts: number[] };
  const calibrated = (
    JSON.parse(readFileSync(join(root, "cal", "report.json"), "utf8")) as {
      calibrated: { report: Record<MetricName, number> & { confusion: number[][] } };
    }
  ).calibrated.report;
  const html = join(root, "explorer.html");
  const r = spawnSync(
    process.execPath,
    [CLI, "explore", "--data-dir", DATA!, "--classifier", join(root, "cal", "classifier.json"), "--out", html],
    { encoding: "utf8" },
  );
  assert.equal(r.status, 0, r.stderr);

  const bench = loadBenchmark(DATA!);
  const evalRows = selectRows(bench, "test");
  const fitRows = selectRows(bench, "validation");
  const truth = Uint8Array.from(evalRows.classes, (c) => LEVEL_OF[CLASSES[c]]);
  const fitTruth = Uint8Array.from(fitRows.classes, (c) => LEVEL_OF[CLASSES[c]]);
  const releasedScores = releasedColumn(bench, "cap", evalRows.rowIds);
  const recomputed = (rows: typeof evalRows, alpha: number, lambda: number) =>
    benchmarkMetricColumn(bench, "cap", rows.rowIds, { alpha, lambda }).scores;
  const fitted = (alpha: number, lambda: number, objective: CalibrationObjective) =>
    fitThresholds(recomputed(fitRows, alpha, lambda), fitTruth, LEVEL_SET, objective).cuts;

  const browser = await launch();
  try {
    const { page, errors } = await open(browser, html);
    // 1. The classifier as loaded: its cuts exactly, and report.json's numbers, digit for digit.
    const s0 = await state(page);
    assert.deepEqual(s0.cuts, classifier.cuts);
    assert.equal(s0.source, "released");
    await assertShows(page, calibrated, "the classifier's cuts");
    const order = [5, 4, 3, 2, 1, 0];
    const table = await page.evaluate(() => {
      const t = document.getElementById("confusion") as unknown as { rows: ArrayLike<{ cells: ArrayLike<{ textContent: string }> }> };
      return Array.from(t.rows)
        .slice(1)
        .map((r) =>
          Array.from(r.cells)
            .slice(1, 7)
            .map((c) => Number(c.textContent)),
        );
    });
    assert.deepEqual(
      table,
      order.map((t) => order.map((p) => calibrated.confusion[t][p])),
    );
    await assertOrderedAndLabelled(page, s0.cuts);

    // 2. Cut 2 dragged past cut 3: cut 3 is pushed along, the others stay, labels follow.
    const cand = await candidates(page);
    for (const c of s0.cuts) assert.ok(cand.includes(c), `the classifier's cut ${c} is not a slider stop`);
    const past = cand.findIndex((c) => c > s0.cuts[2]) + 3;
    await dragCut(page, 1, past);
    const s1 = await state(page);
    assert.deepEqual(s1.cuts, [s0.cuts[0], cand[past], cand[past], s0.cuts[3], s0.cuts[4]]);
    await assertOrderedAndLabelled(page, s1.cuts);
    await assertShows(page, report(truth, releasedScores, s1.cuts), "cut 2 past cut 3");
    // Back below cut 1: cut 1 is pushed down, cut 3 stays where it was pushed.
    await dragCut(page, 1, 5);
    const s2 = await state(page);
    assert.deepEqual(s2.cuts, [cand[5], cand[5], cand[past], s0.cuts[3], s0.cuts[4]]);
    await assertOrderedAndLabelled(page, s2.cuts);
    await assertShows(page, report(truth, releasedScores, s2.cuts), "cut 2 below cut 1");
    // An exact value typed for cut 1 above every other cut pushes them all; the top level keeps its stretch.
    await type(page, "cut0-text", "0.99");
    const s3 = await state(page);
    assert.deepEqual(s3.cuts, [0.99, 0.99, 0.99, 0.99, 0.99]);
    await assertOrderedAndLabelled(page, s3.cuts);
    await assertShows(page, report(truth, releasedScores, s3.cuts), "typed cut");
    await act(page, () => page.locator("#reset").click());
    assert.deepEqual((await state(page)).cuts, classifier.cuts);
    await assertShows(page, calibrated, "the classifier's cuts again");

    // 3. Refit on: at the released weights it is the classifier's fit; α moved, it is fitThresholds' at that α.
    await act(page, () => page.locator("#refit").check());
    assert.deepEqual((await state(page)).cuts, classifier.cuts);
    await act(page, () => page.locator("#alpha").fill("50"));
    const s4 = await state(page);
    assert.equal(s4.alpha, 0.5);
    assert.equal(s4.source, "recomputed");
    const cuts05 = fitted(0.5, 0.3, "macro_f1");
    assert.notDeepEqual(cuts05, classifier.cuts);
    assert.deepEqual(s4.cuts, cuts05);
    await assertOrderedAndLabelled(page, s4.cuts);
    // …and the numbers are those capqa calibrate reports for α 0.5.
    calibrateRun(["--data-dir", DATA!, "--out", join(root, "cal-05"), "--alpha", "0.5", "--lambda", "0.3"]);
    const report05 = JSON.parse(readFileSync(join(root, "cal-05", "report.json"), "utf8")) as {
      calibrated: { cuts: number[]; report: Record<MetricName, number> };
    };
    assert.deepEqual(report05.calibrated.cuts, s4.cuts);
    await assertShows(page, report05.calibrated.report, "refitted at α 0.5");
    // An exact α typed, λ moved, another objective: each time fitThresholds' cuts.
    await type(page, "alpha-text", "0.37");
    assert.deepEqual((await state(page)).cuts, fitted(0.37, 0.3, "macro_f1"));
    await act(page, () => page.locator("#lambda").fill("55"));
    assert.deepEqual((await state(page)).cuts, fitted(0.37, 0.55, "macro_f1"));
    await act(page, () => page.locator("#objective").selectOption("quadratic_kappa"));
    const s5 = await state(page);
    assert.deepEqual(s5.cuts, fitted(0.37, 0.55, "quadratic_kappa"));
    await assertShows(page, report(truth, recomputed(evalRows, 0.37, 0.55), s5.cuts), "refitted for quadratic κ at α 0.37, λ 0.55");
    // Refit off: α moves, the cuts stay.
    await act(page, () => page.locator("#refit").uncheck());
    await act(page, () => page.locator("#alpha").fill("90"));
    const s6 = await state(page);
    assert.equal(s6.alpha, 0.9);
    assert.deepEqual(s6.cuts, s5.cuts);
    await assertShows(page, report(truth, recomputed(evalRows, 0.9, 0.55), s6.cuts), "α 0.9 without refit");
    // Back to the released column: α and λ return to its weights.
    await act(page, () => page.locator("#source").selectOption("released"));
    const s7 = await state(page);
    assert.deepEqual([s7.alpha, s7.lambda, s7.source], [0.85, 0.3, "released"]);
    // The distribution view per class: one bar trace per class, in the palette's colours.
    await page.locator("#view").selectOption("classes");
    const traces = await page.evaluate(() =>
      (document.getElementById("dist") as unknown as { data: { name: string; marker: { color: string } }[] }).data.map((t) => [
        t.name,
        t.marker.color,
      ]),
    );
    assert.deepEqual(
      traces.map((t) => t[0]),
      ["exact", "equivalent", "alternative-correct", "overinclusive-valid", "partial", "overinclusive-invalid", "invalid", "contradictory"],
    );
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("in headless Chromium, a synthetic explorer's numbers equal the library's bit for bit as α moves and cuts are refitted", {
  skip: CHROMIUM === undefined && "no Chromium found",
  timeout: 120_000,
}, async () => {
  const d: ExploreData = {
    classNames: [...CLASSES],
    severity: CLASSES.map((c) => PAPER_ORDERING.severity[c]),
    ...syntheticExploreRows(800, 11),
    fit: syntheticExploreRows(300, 12),
    split: "synthetic",
    fitSplit: "synthetic-fit",
  };
  const file = join(mkdtempSync(join(tmpdir(), "capqa-explore-")), "explorer.html");
  writeFileSync(file, buildExplorerPage(d, { title: "test" }));
  const truth = d.cls.map((c) => LEVEL_OF[CLASSES[c]]);
  const cap = (rows: ExploreRows, alpha: number, lambda: number) =>
    capScores({ peForward: rows.peF!, pnForward: rows.pnF!, peReverse: rows.peR!, pnReverse: rows.pnR! }, { alpha, lambda }).cap;
  const browser = await launch();
  try {
    const { page, errors } = await open(browser, file);
    const s0 = await state(page);
    assert.equal(s0.source, "recomputed"); // no released column in these rows
    assert.deepEqual(s0.cuts, [1 / 6, 2 / 6, 3 / 6, 4 / 6, 5 / 6]);
    await assertShows(page, report(truth, cap(d, 0.85, 0.3), s0.cuts), "equal-width cuts");
    const ranking = ordinalSummary(cap(d, 0.85, 0.3), d.cls);
    // ρ by another order of summation than ordinalSummary's: equal to rounding.
    assert.ok(Math.abs(Number(await page.evaluate(() => document.getElementById("spearman")!.dataset.value)) - ranking.spearman) < 1e-12);
    assert.equal(await page.evaluate(() => document.getElementById("pairwise")!.dataset.value), String(ranking.pairwiseAccuracy));
    await act(page, () => page.locator("#alpha").fill("30"));
    assert.equal(await page.locator("#alpha-value").textContent(), "0.3");
    await assertShows(page, report(truth, cap(d, 0.3, 0.3), s0.cuts), "α 0.3");
    assert.deepEqual(exploreCap(d, 0.3, 0.3), Array.from(cap(d, 0.3, 0.3)));
    await act(page, () => page.locator("#objective").selectOption("accuracy"));
    await act(page, () => page.locator("#fit-now").click());
    const fitTruth = d.fit!.cls.map((c) => LEVEL_OF[CLASSES[c]]);
    const cuts = fitThresholds(cap(d.fit!, 0.3, 0.3), fitTruth, LEVEL_SET, "accuracy").cuts;
    assert.deepEqual((await state(page)).cuts, cuts);
    await assertShows(page, report(truth, cap(d, 0.3, 0.3), cuts), "fitted for accuracy");
    await assertOrderedAndLabelled(page, cuts);
    assert.equal(await page.locator("#confusion tr").count(), 7);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

// ---------------------------------------------------------------- Save classifier, a file of one's own, the parent frame

import { writeTinyModel } from "../scripts/fixtures/tiny-nli.js";
import { parseCsv } from "../lib/io/csv.js";
import { statementPairsCsv } from "./helpers.js";

declare const parentWindow: { messages: { type: string; id: string; classifier: { cuts: number[]; score: { metric: string } } }[] };

/** Clicks "Save classifier" and returns the downloaded classifier.json, parsed. */
async function save(
  page: Page,
  file: string,
): Promise<{ kind: string; cuts: number[]; objective: string; levelSet: unknown; score: Record<string, unknown>; origin: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#save").click()]);
  assert.equal(download.suggestedFilename(), "classifier.json");
  await download.saveAs(file);
  return JSON.parse(readFileSync(file, "utf8"));
}

test("in headless Chromium, a labelled file of one's own: calibrate --in's numbers, no α or λ; cuts moved and saved feed explore --classifier and score --classify; the parent frame hears every change", {
  skip: CHROMIUM === undefined && "no Chromium found",
  timeout: 300_000,
}, async () => {
  const root = mkdtempSync(join(tmpdir(), "capqa-explore-own-"));
  const model = join(root, "tiny-nli");
  writeTinyModel(model, { precisions: ["fp32"] });
  // Statement pairs (so capqa score can score the file) with a label of a 4-level scale, a metric and a split.
  const pairs = parseCsv(statementPairsCsv(160, 6), "pairs");
  const rng = new Xoshiro128(12, 3);
  const names = ["wrong", "partial", "right", "perfect"];
  const rows = pairs.records.map((r, i) => {
    const k = rng.nextInt(4);
    return {
      fields: r.fields,
      label: names[k],
      judge: Math.round((k * 0.3 + rng.nextFloat()) * 1000) / 1000,
      part: i % 3 === 0 ? "validation" : "test",
    };
  });
  const file = join(root, "own.csv");
  writeFileSync(
    file,
    `${pairs.header.join(",")},verdict,judge,part\n${rows.map((r) => `${r.fields.join(",")},${r.label},${r.judge},${r.part}`).join("\n")}\n`,
  );
  const order = names.join(" < ");
  const cli = (args: string[]) => {
    const r = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });
    assert.equal(r.status, 0, `${args[0]}: ${r.stderr}`);
  };
  cli([
    "calibrate",
    "--in",
    file,
    "--label-column",
    "verdict",
    "--metric",
    "judge",
    "--split-column",
    "part",
    "--order",
    order,
    "--bootstrap",
    "0",
    "--quiet",
    "--out",
    join(root, "cal"),
  ]);
  const classifier = JSON.parse(readFileSync(join(root, "cal", "classifier.json"), "utf8")) as { cuts: number[]; levelSet: unknown };
  const calibrated = (
    JSON.parse(readFileSync(join(root, "cal", "report.json"), "utf8")) as { calibrated: { report: Record<MetricName, number> } }
  ).calibrated.report;
  const html = join(root, "own.html");
  cli([
    "explore",
    "--in",
    file,
    "--label-column",
    "verdict",
    "--split-column",
    "part",
    "--classifier",
    join(root, "cal", "classifier.json"),
    "--out",
    html,
  ]);
  const test = rows.flatMap((r, i) => (r.part === "test" ? [i] : []));
  const truth = test.map((i) => names.indexOf(rows[i].label));
  const judge = test.map((i) => rows[i].judge);
  const numbers = (cuts: number[]) => {
    const r = classificationReport(truth, predictLevels({ cuts }, judge), names);
    return { accuracy: r.accuracy, macroF1: r.macroF1, kappa: r.kappa, kappaLinear: r.kappaLinear, kappaQuadratic: r.kappaQuadratic };
  };

  const browser = await launch();
  try {
    const { page, errors } = await open(browser, html);
    const s0 = await state(page);
    assert.deepEqual(s0.cuts, classifier.cuts);
    assert.equal(s0.source, "column");
    await assertShows(page, calibrated, "calibrate --in's classifier");
    assert.equal(await page.locator("#alpha").isVisible(), false, "no α slider for a column of one's own");
    assert.equal(await page.locator("#lambda").isVisible(), false, "no λ slider for a column of one's own");
    assert.match((await page.locator("#weights-note").textContent()) ?? "", /no α or λ slider/);
    // Move cut 2, save: the download is the page's classifier, with its cuts exactly.
    const cand = await candidates(page);
    await dragCut(page, 1, cand.findIndex((c) => c > s0.cuts[1]) + 4);
    const moved = (await state(page)).cuts;
    assert.notDeepEqual(moved, classifier.cuts);
    await assertShows(page, numbers(moved), "cut 2 moved");
    const saved = await save(page, join(root, "saved.json"));
    assert.deepEqual(saved.cuts, moved);
    assert.deepEqual(saved.levelSet, classifier.levelSet);
    assert.deepEqual([saved.kind, saved.objective, saved.score.metric], ["capqa-threshold-classifier", "explorer", "judge"]);
    assert.match(saved.origin, /set in the capqa explorer/);
    assert.deepEqual(
      await page.evaluate(() => (window as unknown as { capqaExplorer: { classifier(): unknown } }).capqaExplorer.classifier()),
      saved,
    );
    assert.deepEqual(errors, []);

    // explore --classifier takes it back: the same cuts, the same numbers.
    const html2 = join(root, "own-saved.html");
    cli([
      "explore",
      "--in",
      file,
      "--label-column",
      "verdict",
      "--split-column",
      "part",
      "--classifier",
      join(root, "saved.json"),
      "--out",
      html2,
    ]);
    const again = await open(browser, html2);
    assert.deepEqual((await state(again.page)).cuts, moved);
    await assertShows(again.page, numbers(moved), "the saved classifier reopened");
    // score --classify takes it too: predicted_level from the file's judge column.
    const scored = join(root, "scored.csv");
    cli(["score", "--in", file, "--out", scored, "--model", model, "--no-cache", "--classify", join(root, "saved.json"), "--quiet"]);
    const out = parseCsv(readFileSync(scored, "utf8"), scored);
    assert.deepEqual(
      out.records.map((r) => r.fields[out.header.indexOf("predicted_level")]),
      Array.from(
        predictLevels(
          { cuts: moved },
          rows.map((r) => r.judge),
        ),
        (k) => names[k],
      ),
    );

    // Inside a frame, the page posts its classifier to the parent at first and on every change of cuts (and its height, not counted here).
    const parent = join(root, "parent.html");
    writeFileSync(
      parent,
      `<!doctype html><html><body><script>window.messages = []; addEventListener("message", (e) => { if (e.data && e.data.type === "capqa-explorer-classifier") messages.push(e.data); });</script><iframe src="own-saved.html" style="width:1200px;height:900px"></iframe></body></html>`,
    );
    const host = await browser.newPage({ viewport: { width: 1300, height: 1000 } });
    await host.goto(`file://${parent}`);
    const frame = host.frames().find((f) => f !== host.mainFrame())!;
    await frame.waitForSelector("body[data-ready]", { timeout: 60_000 });
    const messages = () => host.evaluate(() => (window as unknown as typeof parentWindow).messages);
    await host.waitForFunction(() => (window as unknown as typeof parentWindow).messages.length >= 1);
    const first = (await messages())[0];
    assert.equal(first.type, "capqa-explorer-classifier");
    assert.equal(first.id, "capqa explorer: judge of " + file);
    assert.deepEqual(first.classifier.cuts, moved);
    await frame.locator("#cut0-text").fill("0.25");
    await frame.locator("#cut0-text").press("Enter");
    await host.waitForFunction(() => (window as unknown as typeof parentWindow).messages.length >= 2);
    const last = (await messages()).at(-1)!;
    const frameCuts = await frame.evaluate(
      () => (window as unknown as { capqaExplorer: { state(): { cuts: number[] } } }).capqaExplorer.state().cuts,
    );
    assert.equal(frameCuts[0], 0.25);
    assert.deepEqual(last.classifier.cuts, frameCuts);
    assert.equal(last.classifier.score.metric, "judge");
  } finally {
    await browser.close();
  }
});

test("in headless Chromium, a CAP classifier saved after moving α comes back through explore --classifier with its weights, source and cuts", {
  skip: (CHROMIUM === undefined && "no Chromium found") || (DATA === undefined && "released data not found (CAPQA_DATA_DIR)"),
  timeout: 300_000,
}, async () => {
  const root = mkdtempSync(join(tmpdir(), "capqa-explore-save-"));
  calibrateRun(["--data-dir", DATA!, "--out", join(root, "cal")]);
  const html = join(root, "explorer.html");
  const r = spawnSync(
    process.execPath,
    [CLI, "explore", "--data-dir", DATA!, "--classifier", join(root, "cal", "classifier.json"), "--out", html],
    { encoding: "utf8" },
  );
  assert.equal(r.status, 0, r.stderr);
  const browser = await launch();
  try {
    const { page, errors } = await open(browser, html);
    await type(page, "alpha-text", "0.6");
    await type(page, "cut2-text", "0.5");
    const s = await state(page);
    const saved = await save(page, join(root, "saved.json"));
    assert.deepEqual(saved.cuts, s.cuts);
    assert.deepEqual(saved.score, {
      metric: "cap",
      alpha: 0.6,
      lambda: 0.3,
      source: "recomputed from the NLI probabilities (alpha=0.6, lambda=0.3)",
    });
    const html2 = join(root, "again.html");
    const r2 = spawnSync(
      process.execPath,
      [CLI, "explore", "--data-dir", DATA!, "--classifier", join(root, "saved.json"), "--out", html2],
      { encoding: "utf8" },
    );
    assert.equal(r2.status, 0, r2.stderr);
    const again = await open(browser, html2);
    const s2 = await state(again.page);
    assert.deepEqual([s2.alpha, s2.lambda, s2.source, s2.cuts], [0.6, 0.3, "recomputed", s.cuts]);
    assert.deepEqual(await shown(again.page), await shown(page));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
