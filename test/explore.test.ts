/**
 * The explorer end to end in headless Chromium (Debian's /usr/bin/chromium through
 * playwright-core): moving a slider changes the numbers shown, and they equal the library's
 * numbers for the same setting.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { buildExplorerPage, exploreCap, exploreClassification, exploreRanking, type ExploreData } from "../lib/explore/index.js";
import { capScores } from "../lib/cap/index.js";
import { ordinalSummary } from "../lib/stats/pairwise.js";
import { classificationReport } from "../lib/calibrate/metrics.js";
import { predictLevels } from "../lib/calibrate/classifier.js";
import { CLASSES, PAPER_ORDERING } from "../lib/taxonomy/index.js";
import { Xoshiro128 } from "../lib/stats/random.js";

/** Synthetic rows with CAP-like probabilities that drift with the class. */
function syntheticData(n: number): ExploreData {
  const rng = new Xoshiro128(11);
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
    peF.push(Math.round(e1 * 1e6) / 1e6);
    pnF.push(Math.round((1 - e1) * rng.nextFloat() * 1e6) / 1e6);
    peR.push(Math.round(e2 * 1e6) / 1e6);
    pnR.push(Math.round((1 - e2) * rng.nextFloat() * 1e6) / 1e6);
  }
  return { classNames: [...CLASSES], severity: CLASSES.map((c) => PAPER_ORDERING.severity[c]), cls, peF, pnF, peR, pnR };
}

/** The library's numbers for a setting (capScores + ordinalSummary + classificationReport). */
function libraryNumbers(d: ExploreData, alpha: number, lambda: number, cuts: number[]) {
  const { cap } = capScores({ peForward: d.peF, pnForward: d.pnF, peReverse: d.peR, pnReverse: d.pnR }, { alpha, lambda });
  const s = ordinalSummary(cap, d.cls);
  const levels = [...new Set(d.severity)].sort((a, b) => a - b);
  const truth = d.cls.map((c) => levels.indexOf(d.severity[c]));
  const r = classificationReport(truth, predictLevels({ cuts }, cap), levels.map(String));
  return { spearman: s.spearman, pairwise: s.pairwiseAccuracy, violations: s.meanViolations, accuracy: r.accuracy, macrof1: r.macroF1, qwk: r.kappaQuadratic };
}

test("the explorer's arithmetic equals the library's", () => {
  const d = syntheticData(500);
  for (const [alpha, lambda] of [
    [0.85, 0.3],
    [0.3, 0],
    [1, 1],
  ]) {
    const cuts = [0.1, 0.3, 0.5, 0.7, 0.9];
    const scores = exploreCap(d, alpha, lambda);
    const r = exploreRanking(d, scores);
    const levels = [...new Set(d.severity)].sort((a, b) => a - b);
    const c = exploreClassification(
      d.cls.map((k) => levels.indexOf(d.severity[k])),
      scores,
      cuts,
      levels.length,
    );
    const lib = libraryNumbers(d, alpha, lambda, cuts);
    assert.ok(Math.abs(r.spearman - lib.spearman) < 1e-12 && Math.abs(r.pairwiseAccuracy - lib.pairwise) < 1e-12 && r.violations === lib.violations);
    assert.ok(Math.abs(c.accuracy - lib.accuracy) < 1e-12 && Math.abs(c.macroF1 - lib.macrof1) < 1e-12 && Math.abs(c.quadraticKappa - lib.qwk) < 1e-12);
  }
});

const CHROMIUM = "/usr/bin/chromium";
// Code passed to page.evaluate runs in the browser, where document exists.
declare const document: { getElementById(id: string): { dataset: Record<string, string>; value: string } | null; body: { dataset: Record<string, string> } };

test("in headless Chromium, moving the α slider changes the numbers, and they equal the library's", { skip: !existsSync(CHROMIUM) && "Debian's chromium is not installed" }, async () => {
  const d = syntheticData(800);
  const file = join(mkdtempSync(join(tmpdir(), "capqa-explore-")), "explorer.html");
  writeFileSync(file, buildExplorerPage(d, { title: "test" }));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`file://${file}`);
    await page.waitForSelector("body[data-ready]");
    const read = () =>
      page.evaluate(() => Object.fromEntries(["spearman", "pairwise", "violations", "accuracy", "macrof1", "qwk"].map((id) => [id, Number(document.getElementById(id)!.dataset.value)])));
    const before = await read();
    // The sliders hold the cuts as their step allows (e.g. 1/6 shows as 0.165): read them back.
    const cuts = await page.evaluate(() => [0, 1, 2, 3, 4].map((i) => Number(document.getElementById(`cut${i}`)!.value)));
    const libBefore = libraryNumbers(d, 0.85, 0.3, cuts);
    for (const k of Object.keys(libBefore) as (keyof typeof libBefore)[]) assert.ok(Math.abs(before[k] - libBefore[k]) < 1e-12, `${k}: page ${before[k]} vs library ${libBefore[k]}`);
    // Move α to 0.3 as a user would (the input event fires).
    await page.locator("#alpha").fill("0.3");
    await page.waitForFunction(() => Number(document.body.dataset.ready) >= 2);
    const after = await read();
    assert.notEqual(after.spearman, before.spearman);
    const libAfter = libraryNumbers(d, 0.3, 0.3, cuts);
    for (const k of Object.keys(libAfter) as (keyof typeof libAfter)[]) assert.ok(Math.abs(after[k] - libAfter[k]) < 1e-12, `${k}: page ${after[k]} vs library ${libAfter[k]}`);
    assert.equal(await page.locator("#alpha-value").textContent(), "0.300");
    const rows = await page.locator("#confusion tr").count();
    assert.equal(rows, 7);
  } finally {
    await browser.close();
  }
});
