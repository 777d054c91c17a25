/**
 * The sweep workflow (lib/sweep/workflow.ts) is the one `capqa sweep`, the figure catalogue and
 * notebook 07 call: the library gives the CLI's numbers and files exactly, any grid step works
 * (the paper's point computed on its own when the grid misses it), and the CLI writes the
 * heatmaps as SVG and PNG beside their JSON (or says why not).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadBenchmark } from "../lib/data/benchmark.js";
import {
  benchmarkSweepInputs,
  computeSweep,
  runSweep,
  sweepMarkdown,
  sweepPointsMarkdown,
  sweepTestMarkdown,
} from "../lib/sweep/workflow.js";
import { SWEEP_HEATMAPS, sweepHeatmaps } from "../lib/figures/sweep-heatmaps.js";
import { sweepCap, unitGrid } from "../lib/sweep/core.js";
import { figureCatalogue } from "../lib/figures/catalogue.js";
import { findChromium } from "../lib/figures/export.js";
import { releasedDataDir } from "./helpers.js";

const data = releasedDataDir();
const skip = data === undefined && "released data not found (set CAPQA_DATA_DIR)";
const CLI = resolve("dist/cli/main.js");
const root = mkdtempSync(join(tmpdir(), "capqa-sweep-workflow-"));
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", env: { ...process.env, ...env } });
const readJson = (dir: string, name: string) => JSON.parse(readFileSync(join(dir, name), "utf8"));
/** The report without its timing ("…, 0.3 s)"), which differs between two runs. */
const untimed = (md: string) => md.replace(/, [\d.]+ s\)/, ", T s)");

test("unitGrid: the multiples of the step in [0, 1], for any step", () => {
  assert.equal(unitGrid().length, 21);
  assert.equal(unitGrid()[17], 0.85);
  assert.equal(unitGrid(0.05).at(-1), 1);
  assert.deepEqual(unitGrid(0.1), [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
  assert.deepEqual(unitGrid(0.07), [0, 0.07, 0.14, 0.21, 0.28, 0.35, 0.42, 0.49, 0.56, 0.63, 0.7, 0.77, 0.84, 0.91, 0.98]);
  assert.deepEqual(unitGrid(0.3), [0, 0.3, 0.6, 0.9]);
  assert.deepEqual(unitGrid(0.4), [0, 0.4, 0.8]);
  assert.deepEqual(unitGrid(1), [0, 1]);
  assert.throws(() => unitGrid(0), /grid step must lie in \(0, 1\]/);
  assert.throws(() => unitGrid(1e-7), /at most 10001 per axis/);
});

test("runSweep gives capqa sweep's numbers and files exactly", { skip, timeout: 180_000 }, async () => {
  const bench = loadBenchmark(data);
  const out = join(root, "default");
  const r = run(["sweep", "--data-dir", data!, "--bootstrap", "200", "--seed", "7", "--out", out, "--json"]);
  assert.equal(r.status, 0, r.stderr);
  const cli = JSON.parse(r.stdout);
  const lib = await runSweep(bench, { resamples: 200, seed: 7 });
  assert.equal(lib.points.length, 441);
  assert.deepEqual(readJson(out, "sweep.json"), lib.points);
  assert.deepEqual(cli.best, lib.best);
  assert.deepEqual(cli.table12, lib.table12);
  assert.deepEqual(cli.test, { best: lib.test!.best, paper: lib.test!.paper });
  assert.deepEqual(readJson(out, "best.json").test, cli.test);
  assert.equal(untimed(readFileSync(join(out, "summary.md"), "utf8")), untimed(sweepMarkdown(lib)) + "\n");
  for (const h of sweepHeatmaps(lib)) assert.deepEqual(readJson(out, `heatmap-${h.statistic}.json`), h.spec, h.statistic);
  // The paper's numbers: best on validation α 0.95, λ 0.65; on the test split its Spearman 60.56, the paper's point 60.38.
  assert.deepEqual([lib.best.alpha, lib.best.lambda], [0.95, 0.65]);
  assert.equal(lib.paperPoint.onGrid, true);
  assert.deepEqual(lib.paperPoint, { ...lib.points.find((p) => p.alpha === 0.85 && p.lambda === 0.3)!, onGrid: true });
  assert.equal((100 * (lib.test!.best.spearman as number)).toFixed(2), "60.56");
  assert.equal((100 * (lib.test!.paper.spearman as number)).toFixed(2), "60.38");
  assert.deepEqual(lib.test!.violations, { best: 5, paper: 4 });
});

test("other grids and objectives: the CLI's flags and the library's options give the same sweep", { skip, timeout: 120_000 }, async () => {
  const bench = loadBenchmark(data);
  const out = join(root, "kendall");
  const r = run([
    "sweep",
    "--data-dir",
    data!,
    "--split",
    "all",
    "--objective",
    "kendall",
    "--alpha-grid",
    "0.5,0.85,0.9",
    "--lambda-grid",
    "0:0.6:0.2",
    "--bootstrap",
    "0",
    "--out",
    out,
    "--json",
  ]);
  assert.equal(r.status, 0, r.stderr);
  const cli = JSON.parse(r.stdout);
  const lib = await runSweep(bench, {
    split: "all",
    objective: "kendall",
    alphaGrid: [0.5, 0.85, 0.9],
    lambdaGrid: [0, 0.2, 0.4, 0.6],
    resamples: 0,
  });
  assert.equal(lib.test, undefined);
  assert.equal(cli.test, null);
  assert.deepEqual(readJson(out, "sweep.json"), lib.points);
  assert.deepEqual(cli.best, lib.best);
  assert.equal(cli.rows, lib.rows);
  assert.equal(untimed(readFileSync(join(out, "summary.md"), "utf8")), untimed(sweepMarkdown(lib)) + "\n");
});

for (const step of [0.1, 0.07]) {
  test(`a grid of step ${step} works and reports the paper's point, computed on its own`, { skip, timeout: 120_000 }, async () => {
    const bench = loadBenchmark(data);
    const s = await runSweep(bench, { step, resamples: 50, seed: 1 });
    const n = unitGrid(step).length;
    assert.equal(s.points.length, n * n);
    assert.equal(s.paperPoint.onGrid, false);
    assert.ok(!s.points.some((p) => p.alpha === 0.85 && p.lambda === 0.3), "the grid misses the paper's point");
    const [alone] = sweepCap(benchmarkSweepInputs(bench, "validation"), [0.85], [0.3]);
    assert.deepEqual(s.paperPoint, { ...alone, onGrid: false });
    // …and it is the same number as Table 12's last row and as the 0.05 grid's point.
    assert.deepEqual(s.table12.at(-1)!.ours, alone);
    const { onGrid: _, ...fine } = computeSweep(bench, { step: 0.05 }).paperPoint;
    assert.deepEqual(fine, alone);
    assert.match(sweepPointsMarkdown(s), /\| paper \| 0\.85 \| 0\.3 \| 59\.40 \| .* \| not on the grid: computed on its own \|/);
    // The test split evaluates the grid's best point and the paper's, wherever they are.
    assert.ok(s.test !== undefined && (s.test.paper.spearman as number) > 0.6);
    assert.match(sweepTestMarkdown(s), /paper: α 0\.85, λ 0\.3 \| 60\.38 /);
    for (const h of sweepHeatmaps(s)) assert.equal((h.spec.data[0].x as number[]).length, n);
  });
}

test("the figure catalogue draws the workflow's sweep", { skip, timeout: 120_000 }, () => {
  const bench = loadBenchmark(data);
  const cat = figureCatalogue({ bench, sweepStep: 0.1 });
  const sweep = computeSweep(bench, { step: 0.1 });
  assert.deepEqual(cat.sweep.points, sweep.points);
  assert.deepEqual(cat.sweep.best, sweep.best);
  for (const h of SWEEP_HEATMAPS) {
    const f = cat.figures.find((x) => x.id === `sweep-${h.statistic.replace(/_/g, "-")}`)!;
    assert.match(f.caption, /11 × 11 grid/);
    assert.match(f.caption, /α 0\.85, λ 0\.3, between grid points/);
    assert.deepEqual(
      (f.build().data[0] as { z: unknown }).z,
      (sweepHeatmaps(sweep).find((x) => x.statistic === h.statistic)!.spec.data[0] as { z: unknown }).z,
    );
  }
});

const chromium = findChromium();
test("capqa sweep writes each heatmap as SVG and PNG beside its JSON", {
  skip: skip || (chromium === undefined && "no Chromium (apt-get install chromium fonts-dejavu-core fonts-liberation)"),
  timeout: 180_000,
}, () => {
  const out = join(root, "images");
  const r = run([
    "sweep",
    "--data-dir",
    data!,
    "--bootstrap",
    "0",
    "--alpha-grid",
    "0:1:0.25",
    "--lambda-grid",
    "0:1:0.25",
    "--out",
    out,
    "--json",
  ]);
  assert.equal(r.status, 0, r.stderr);
  const expected = SWEEP_HEATMAPS.flatMap((h) => [`heatmap-${h.statistic}-single.svg`, `heatmap-${h.statistic}-single.png`]);
  assert.deepEqual(JSON.parse(r.stdout).heatmapImages, expected);
  for (const h of SWEEP_HEATMAPS) {
    assert.ok(existsSync(join(out, `heatmap-${h.statistic}.json`)));
    assert.match(readFileSync(join(out, `heatmap-${h.statistic}-single.svg`), "utf8"), /^<svg/);
    assert.deepEqual([...readFileSync(join(out, `heatmap-${h.statistic}-single.png`)).subarray(1, 4)], [0x50, 0x4e, 0x47]);
  }
  assert.deepEqual(
    readJson(out, "index.json").files.map((f: { file: string }) => f.file),
    expected,
  );
});

test("without Chromium capqa sweep writes the heatmaps as JSON and says so", { skip, timeout: 60_000 }, () => {
  const out = join(root, "no-chromium");
  const r = run(
    ["sweep", "--data-dir", data!, "--bootstrap", "0", "--alpha-grid", "0,0.85", "--lambda-grid", "0.3", "--out", out, "--json"],
    { CAPQA_CHROMIUM: join(root, "no-such-chromium") },
  );
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /heatmaps written as plotly JSON only, not as SVG or PNG: no Chromium found/);
  assert.equal(JSON.parse(r.stdout).heatmapImages, null);
  for (const h of SWEEP_HEATMAPS) {
    assert.ok(existsSync(join(out, `heatmap-${h.statistic}.json`)));
    assert.ok(!existsSync(join(out, `heatmap-${h.statistic}-single.svg`)));
  }
});
