import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLASSES, type CorrectnessClass } from "../lib/taxonomy/index.js";
import { QUESTION_TYPES } from "../lib/statements/types.js";
import { loadBenchmark } from "../lib/data/benchmark.js";
import {
  CLASS_COLORS,
  CLASS_COLOR_LIST,
  COLUMN_WIDTH_IN,
  FIG7_STATEMENT_VALIDATION,
  FONT_FAMILY,
  STATEMENT_LABELS,
  classCounts,
  classCountsFigure,
  classLabel,
  classMeansFigure,
  confusionMatrixFigure,
  exportFigures,
  figureCatalogue,
  figureToHtml,
  findChromium,
  normalisePdf,
  pngDimensions,
  pngPixelSize,
  questionTypesFigure,
  scoreDistributionFigure,
  setPngDpi,
  severityLevelSet,
  sourcesFigure,
  statementErrorsByTypeFigure,
  statementValidationFigure,
  sweepHeatmap,
  thresholdFigure,
  type ClassScores,
  type PlotlyFigure,
} from "../lib/all.js";
import { releasedDataDir } from "./helpers.js";

type Trace = Record<string, unknown> & { marker?: { color?: unknown } };
const traces = (f: PlotlyFigure) => f.data as Trace[];
const axisTitle = (f: PlotlyFigure, axis: string) => (f.layout[axis] as { title?: { text?: string } } | undefined)?.title?.text ?? "";

function fakeScores(metric: string, spread: number): ClassScores {
  const byClass = Object.fromEntries(
    CLASSES.map((c, k) => [
      c,
      Float64Array.from({ length: 20 + k }, (_, i) => Math.min(1, Math.max(0, 1 - k / 8 + spread * Math.sin(i + k)))),
    ]),
  ) as Record<CorrectnessClass, Float64Array>;
  return { metric, split: "test", labels: "synthetic", byClass, source: "released", excluded: [] };
}

const counts = Object.fromEntries(CLASSES.map((c, k) => [c, 100 + 10 * k])) as Record<CorrectnessClass, number>;

test("one palette: eight distinct colours in taxonomy order, used by every class figure", () => {
  assert.equal(new Set(Object.values(CLASS_COLORS)).size, 8);
  assert.deepEqual(
    CLASS_COLOR_LIST,
    CLASSES.map((c) => CLASS_COLORS[c]),
  );
  assert.equal(classLabel("alternative_correct"), "alternative-correct");
  assert.equal(classLabel("overinclusive_invalid"), "overinclusive-invalid");

  const bars = classCountsFigure(counts);
  assert.deepEqual(traces(bars)[0].marker?.color, CLASS_COLOR_LIST);
  assert.deepEqual(traces(bars)[0].y, CLASSES.map(classLabel));

  const violins = scoreDistributionFigure([fakeScores("cap", 0.05), fakeScores("bertscore", 0.01)]);
  assert.equal(traces(violins).length, 16);
  traces(violins).forEach((t, i) => assert.equal((t.line as { color: string }).color, CLASS_COLOR_LIST[i % 8]));

  const stacked = sourcesFigure({
    sources: ["ARC-Easy", "mmlu"],
    counts: { "ARC-Easy": counts, mmlu: counts },
    totals: { "ARC-Easy": 1080, mmlu: 1080 },
  });
  assert.deepEqual(
    traces(stacked).map((t) => t.marker?.color),
    CLASS_COLOR_LIST,
  );
  const key = (stacked.layout.annotations as { text: string }[]).map((a) => a.text);
  CLASSES.forEach((c, k) => assert.ok(key[k].includes(CLASS_COLORS[c]) && key[k].includes(classLabel(c)), `key entry ${k}`));

  const means = Object.fromEntries(CLASSES.map((c, k) => [c, 1 - k / 10])) as Record<CorrectnessClass, number>;
  const dots = classMeansFigure({ name: "synthetic", means }, { name: "human", means });
  assert.deepEqual(traces(dots)[1].marker?.color, CLASS_COLOR_LIST);

  const hist = thresholdFigure({ scores: [0.1, 0.5, 0.9], classes: [7, 3, 0], cutSets: [{ name: "cuts", cuts: [0.3] }] });
  assert.deepEqual(
    traces(hist)
      .slice(0, 8)
      .map((t) => t.marker?.color),
    CLASS_COLOR_LIST,
  );
  assert.deepEqual(
    traces(hist)
      .slice(0, 8)
      .map((t) => t.name),
    CLASSES.map(classLabel),
  );
});

test("class axes keep the taxonomy's order, most correct at the top", () => {
  for (const f of [classCountsFigure(counts), scoreDistributionFigure([fakeScores("cap", 0.05)])]) {
    const y = f.layout.yaxis as { categoryarray: string[] };
    assert.deepEqual(y.categoryarray, [...CLASSES].reverse().map(classLabel));
  }
});

test("figures are sized for a paper column, in the shared font, with axis titles", () => {
  const single = classCountsFigure(counts);
  const double = classCountsFigure(counts, { width: "double" });
  assert.equal(single.layout.width, Math.round(COLUMN_WIDTH_IN.single * 96));
  assert.equal(double.layout.width, Math.round(COLUMN_WIDTH_IN.double * 96));
  assert.equal((single.layout.font as { family: string }).family, FONT_FAMILY);
  assert.match(axisTitle(single, "xaxis"), /examples \(n = 1,080\)/);

  const violins = scoreDistributionFigure([fakeScores("cap", 0.05), fakeScores("bertscore", 0.01)], { note: "in place of COMET" });
  assert.equal(axisTitle(violins, "xaxis"), "CAP score");
  assert.equal(axisTitle(violins, "xaxis2"), "BERTScore score");
  assert.ok((violins.layout.annotations as { text: string }[])[1].text.includes("in place of COMET"));
  assert.equal(violins.layout.width, 662);

  const heat = sweepHeatmap(
    [0, 0.5, 1].flatMap((alpha) => [0, 1].map((lambda) => ({ alpha, lambda, spearman: alpha * 0.5 + lambda * 0.1, violations: 3 }))),
    "spearman",
    { percent: true, marks: [{ alpha: 0.5, lambda: 1, label: "paper" }] },
  );
  assert.equal(traces(heat)[0].type, "heatmap");
  assert.deepEqual(traces(heat)[0].z, [
    [0, 25, 50],
    [10, 35, 60],
  ]);
  assert.match(axisTitle(heat, "xaxis"), /^α/);
  assert.match(axisTitle(heat, "yaxis"), /^λ/);
  assert.equal(traces(heat)[1].mode, "markers");
  const viol = sweepHeatmap([{ alpha: 0, lambda: 0, violations: 4 }], "violations");
  assert.equal(traces(viol)[0].reversescale, true);

  const qt = questionTypesFigure(Object.fromEntries(QUESTION_TYPES.map((t) => [t, 10])) as Record<(typeof QUESTION_TYPES)[number], number>);
  assert.deepEqual(traces(qt)[0].y, ["short-question", "sentence-to-complete", "long-question", "blank-spaces-task"]);

  const fig7 = statementValidationFigure();
  assert.deepEqual(traces(fig7)[0].x, [...STATEMENT_LABELS]);
  assert.ok(Math.abs(STATEMENT_LABELS.reduce((a, l) => a + FIG7_STATEMENT_VALIDATION.percent[l], 0) - 100) < 1e-9);
  assert.equal(traces(statementErrorsByTypeFigure()).length, 3);
});

test("threshold plot counts every row once and draws only finite cuts; confusion matrix is row-normalised", () => {
  const scores = Float64Array.from({ length: 400 }, (_, i) => (i % 100) / 99);
  const classes = Uint8Array.from({ length: 400 }, (_, i) => i % 8);
  const f = thresholdFigure({
    scores,
    classes,
    cutSets: [
      { name: "calibrated", cuts: [-Number.MAX_VALUE, 0.2, 0.6] },
      { name: "equal", cuts: [0.5] },
    ],
  });
  const total = traces(f)
    .slice(0, 8)
    .reduce((a, t) => a + (t.y as number[]).reduce((x, y) => x + y, 0), 0);
  assert.equal(total, 400);
  assert.deepEqual(traces(f)[8].x, [0.2, 0.2, null, 0.6, 0.6, null]);

  const set = severityLevelSet();
  const K = set.levels.length;
  const conf = Array.from({ length: K }, (_, t) => Array.from({ length: K }, (_, p) => (t === p ? 8 : 1 + p)));
  const cm = confusionMatrixFigure(conf, set);
  const z = traces(cm)[0].z as number[][];
  for (const row of z) assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 100) < 1e-2);
  assert.equal((traces(cm)[0].x as string[])[0], "Exact/Eq/Alt");
  assert.equal((traces(cm)[0].x as string[])[K - 1], "Contr");
  assert.equal((traces(cm)[0].text as string[][])[0][0], String(conf[K - 1][K - 1]));
});

test("builders are deterministic: the same data gives the same spec", () => {
  const a = JSON.stringify(scoreDistributionFigure([fakeScores("cap", 0.05), fakeScores("bertscore", 0.01)]));
  const b = JSON.stringify(scoreDistributionFigure([fakeScores("cap", 0.05), fakeScores("bertscore", 0.01)]));
  assert.equal(a, b);
});

test("inline HTML: a div and a draw script; plotly.js inlined once, data cannot close the script", () => {
  const spec: PlotlyFigure = { data: [{ type: "bar", x: ["</script><b>"], y: [1] }], layout: { width: 300, height: 200 } };
  const first = figureToHtml(spec, { includePlotly: true });
  // The layout's size, no CSS zoom (plotly would map the pointer to the wrong point).
  assert.match(first, /^<div id="capqa-fig-[0-9a-f]{10}-\d+" class="capqa-figure" style="width:300px;height:200px;"><\/div>/);
  assert.ok(first.length > 1_000_000, "the plotly.js bundle is inlined");
  const later = figureToHtml(spec, { includePlotly: false });
  assert.ok(later.length < 5000);
  assert.ok(!later.includes("</script><b>"));
  assert.ok(later.includes("\\u003c/script>"));
});

test("PNG and PDF post-processing: resolution chunk, fixed dates, same length", () => {
  // A 1 × 1 PNG.
  const png = Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f00050001ff89993d1d0000000049454e44ae426082",
    "hex",
  );
  const withDpi = setPngDpi(png, 300);
  assert.deepEqual(pngDimensions(withDpi), { width: 1, height: 1 });
  const at = withDpi.indexOf("pHYs");
  assert.equal(withDpi.readUInt32BE(at + 4), 11811);
  assert.deepEqual(setPngDpi(withDpi, 300), withDpi, "idempotent");
  const pdf = Buffer.from(
    "%PDF-1.4\n1 0 obj\n<</CreationDate (D:20261129223608+00'00')\n/ModDate (D:20261129223608+00'00')>>\nendobj\n",
    "latin1",
  );
  const fixed = normalisePdf(pdf);
  assert.equal(fixed.length, pdf.length);
  assert.ok(fixed.toString("latin1").includes("/CreationDate (D:20000101000000+00'00')"));
  assert.ok(fixed.toString("latin1").includes("/ModDate (D:20000101000000+00'00')"));
});

const dataDir = releasedDataDir();
test("the catalogue builds every figure the released data supports", {
  skip: dataDir === undefined ? "released data not found (set CAPQA_DATA_DIR)" : false,
}, () => {
  const bench = loadBenchmark(dataDir);
  const c = classCounts(bench);
  assert.equal(
    CLASSES.reduce((a, k) => a + c[k], 0),
    8827,
  );
  const cat = figureCatalogue({ bench });
  const ids = cat.figures.map((f) => f.id);
  for (const id of [
    "fig3-score-distributions",
    "fig4-class-counts",
    "fig5-sources",
    "fig7-statement-validation",
    "sweep-spearman",
    "sweep-pairwise-accuracy",
    "sweep-violations",
    "calibration-thresholds",
    "calibration-confusion",
  ])
    assert.ok(ids.includes(id), id);
  assert.deepEqual(
    cat.skipped.map((s) => s.id),
    ["fig6-question-types"],
  );
  assert.equal(cat.sweep.points.length, 21 * 21);
  for (const f of cat.figures) {
    const spec = f.build();
    assert.equal(spec.layout.width, Math.round(COLUMN_WIDTH_IN[f.width] * 96), f.id);
    assert.ok(f.caption.length > 40, f.id);
    assert.equal(JSON.stringify(f.build()), JSON.stringify(spec), `${f.id} is deterministic`);
  }
});

const chromium = findChromium();
test("export: SVG, PNG (300 dpi, expected pixels) and PDF (fonts embedded), byte-identical across two runs", {
  skip:
    chromium === undefined
      ? "no Chromium at /usr/bin/chromium (or $CAPQA_CHROMIUM): apt-get install chromium fonts-dejavu-core fonts-liberation"
      : false,
  timeout: 180_000,
}, async () => {
  const spec = classCountsFigure(counts);
  const dirs = [mkdtempSync(join(tmpdir(), "capqa-fig-a-")), mkdtempSync(join(tmpdir(), "capqa-fig-b-"))];
  try {
    const indexes = [];
    for (const dir of dirs) indexes.push(await exportFigures([{ id: "counts", width: "single", spec, title: "counts" }], dir));
    const [a, b] = indexes;
    assert.deepEqual(
      a.files.map((f) => f.file),
      ["counts-single.svg", "counts-single.pdf", "counts-single.png"],
    );
    const read = (dir: string, name: string) => readFileSync(join(dir, name));
    for (const f of a.files) {
      assert.ok(f.bytes > 1000, `${f.file} is not empty`);
      assert.ok(read(dirs[0], f.file).equals(read(dirs[1], f.file)), `${f.file} is byte-identical across runs`);
    }
    assert.deepEqual(a.files, b.files);
    assert.ok(read(dirs[0], "index.json").equals(read(dirs[1], "index.json")));

    const svg = read(dirs[0], "counts-single.svg").toString("utf8");
    assert.ok(svg.startsWith("<svg"));
    assert.ok(svg.includes("exact") && svg.includes("contradictory"));
    assert.ok(svg.includes("Liberation Sans"));

    const png = read(dirs[0], "counts-single.png");
    assert.ok(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])));
    assert.deepEqual(pngDimensions(png), pngPixelSize(spec, 300));
    assert.equal(pngDimensions(png).width, 990);
    const pngEntry = a.files.find((f) => f.format === "png")!;
    assert.deepEqual([pngEntry.widthPx, pngEntry.heightPx], [990, pngPixelSize(spec).height]);

    const pdf = read(dirs[0], "counts-single.pdf").toString("latin1");
    assert.ok(pdf.startsWith("%PDF-"));
    assert.ok(pdf.trimEnd().endsWith("%%EOF"));
    assert.match(pdf, /\/FontFile2/, "fonts are embedded");
    assert.match(pdf, /\/CreationDate \(D:20000101000000/);
    assert.equal((pdf.match(/\/Type \/Page\b/g) ?? []).length, 1);
  } finally {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
});
