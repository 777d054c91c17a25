/**
 * Interactive figures as notebooks show them (displayFigure's HTML) and as HTML pages show them
 * (figuresPage), in headless Chromium: the pointer over a data point's pixel, computed from
 * plotly's own axes, shows that point in the hover label (no CSS zoom shifting it). The notebook
 * HTML loads plotly.js itself in a fresh page, once for several figures; without scripts (an
 * untrusted notebook) or without plotly.js (offline) its static PNG stays.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { CorrectnessClass } from "../lib/taxonomy/index.js";
import { classCountsFigure } from "../lib/figures/builders.js";
import { sweepHeatmap, type PlotlyFigure } from "../lib/figures/heatmap.js";
import { CHROMIUM_ARGS, findChromium, pngDimensions, pngPixelSize } from "../lib/figures/export.js";
import { figuresPage } from "../lib/figures/html.js";
import { classLabel } from "../lib/figures/palette.js";
import {
  PLOTLY_MIME,
  closeNotebookFigures,
  figureBundle,
  plotlyCarrierBundle,
  plotlyCdnUrl,
  plotlySources,
} from "../lib/figures/notebook.js";
import { screenFigure } from "../lib/figures/screen.js";
import { plotlyBundlePath } from "../lib/figures/plotly-bundle.js";

const chromiumPath = findChromium();
const skip =
  chromiumPath === undefined
    ? "no Chromium at /usr/bin/chromium (or $CAPQA_CHROMIUM): apt-get install chromium fonts-dejavu-core fonts-liberation"
    : false;

/** Fig. 4's counts on the released data: under the old 1.5× zoom, pointing at partial showed "invalid: 1156". */
const COUNTS: Record<CorrectnessClass, number> = {
  exact: 1045,
  equivalent: 1157,
  alternative_correct: 1161,
  overinclusive_valid: 1182,
  partial: 940,
  overinclusive_invalid: 1155,
  invalid: 1156,
  contradictory: 1031,
};

/** A 21 × 21 α–λ sweep whose Spearman at (α, λ) is α + λ/10 (so the label names the cell). */
function sweepPoints(): { alpha: number; lambda: number; spearman: number }[] {
  const grid = Array.from({ length: 21 }, (_, i) => Number((i * 0.05).toFixed(2)));
  return grid.flatMap((alpha) => grid.map((lambda) => ({ alpha, lambda, spearman: Number((alpha + lambda / 10).toFixed(4)) })));
}

const PAGE_URL = "http://capqa.test/figure.html";

/** The little of the DOM the page functions use (the project compiles without the DOM library). */
type Doc = { querySelectorAll(s: string): ArrayLike<unknown>; querySelector(s: string): unknown };
type Img = { naturalWidth: number; width: number; title: string };

let browser: Browser | undefined;
let bar: PlotlyFigure;
/** Fig. 4 as displayFigure shows it: at screen size. */
let barScreen: PlotlyFigure;
let heat: PlotlyFigure;
let barHtml: string;
let heatHtml: string;
let barPng: Buffer;

before(async () => {
  if (skip) return;
  bar = classCountsFigure(COUNTS);
  barScreen = screenFigure(bar);
  heat = sweepHeatmap(sweepPoints(), "spearman", { marks: [{ alpha: 0.9, lambda: 0.1, label: "far mark" }] });
  // The bundles displayFigure sends, with the CDN as the only source (a page of this test has no kernel beside it).
  const sources = plotlySources({ env: {} });
  const b = await figureBundle(bar, { plotlySources: sources });
  const h = await figureBundle(heat, { plotlySources: sources });
  await closeNotebookFigures();
  assert.ok(b.data[PLOTLY_MIME] && typeof b.data["image/png"] === "string", "the bundle has the plotly JSON and a PNG");
  barPng = Buffer.from(b.data["image/png"] as string, "base64");
  barHtml = b.data["text/html"] as string;
  heatHtml = h.data["text/html"] as string;
  const { chromium } = await import("playwright-core");
  browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, headless: true });
});

after(async () => {
  await browser?.close();
  await closeNotebookFigures();
});

/**
 * A page served at PAGE_URL holding `body`; plotly.js from the CDN is answered with capqa's bundle
 * (the same file, so its integrity holds) unless `offline`; every other request fails.
 */
async function openPage(
  body: string,
  options: { offline?: boolean; javaScript?: boolean; document?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; plotlyLoads: () => number }> {
  assert.ok(browser);
  const context = await browser.newContext({
    viewport: { width: 1000, height: 900 },
    deviceScaleFactor: 1,
    javaScriptEnabled: options.javaScript ?? true,
  });
  let loads = 0;
  const bundle = readFileSync(plotlyBundlePath());
  await context.route("**/*", async (route) => {
    const url = route.request().url();
    if (url === PAGE_URL) {
      const page = options.document
        ? body
        : `<!doctype html><html><head><meta charset="utf-8"><title>figure</title></head><body style="margin:0;padding:37px 23px">${body}</body></html>`;
      return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: page });
    }
    if (url === plotlyCdnUrl() && !options.offline) {
      loads++;
      return route.fulfill({ status: 200, contentType: "text/javascript", headers: { "Access-Control-Allow-Origin": "*" }, body: bundle });
    }
    return route.abort();
  });
  const page = await context.newPage();
  await page.goto(PAGE_URL, { waitUntil: "load" });
  return { context, page, plotlyLoads: () => loads };
}

/** Client pixel of a data point in the nth figure of the page, from plotly's own axes. */
async function pixelOf(page: Page, nth: number, x: number | string, y: number | string): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ({ nth, x, y }) => {
      type Axis = { _offset: number; d2p(v: unknown): number };
      type Graph = { getBoundingClientRect(): { left: number; top: number }; _fullLayout: { xaxis: Axis; yaxis: Axis } };
      const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<Graph> } }).document;
      const gd = doc.querySelectorAll(".js-plotly-plot")[nth];
      const r = gd.getBoundingClientRect();
      const { xaxis, yaxis } = gd._fullLayout;
      return { x: r.left + xaxis._offset + xaxis.d2p(x), y: r.top + yaxis._offset + yaxis.d2p(y) };
    },
    { nth, x, y },
  );
}

/**
 * The hover label's text with the pointer at a pixel. plotly handles at most one pointer move
 * per 50 ms, so the pointer rests there and moves again before the label is read, until two
 * reads agree.
 */
async function hoverAt(page: Page, at: { x: number; y: number }): Promise<string> {
  await page.mouse.move(at.x - 30, at.y - 30);
  await page.mouse.move(at.x, at.y, { steps: 6 });
  const label = page.locator(".hoverlayer .hovertext").first();
  let previous: string | undefined;
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(120);
    await page.mouse.move(at.x + 0.5, at.y);
    await page.mouse.move(at.x, at.y);
    await label.waitFor({ state: "attached", timeout: 10_000 });
    const text = (await label.textContent()) ?? "";
    if (text === previous) return text;
    previous = text;
  }
  return previous ?? "";
}

async function drawn(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (n) => (globalThis as unknown as { document: Doc }).document.querySelectorAll(".js-plotly-plot .main-svg").length >= n,
    count,
    { timeout: 30_000 },
  );
}

test("notebook HTML: the hover label over partial's bar shows partial and its count", { skip }, async () => {
  const { context, page } = await openPage(barHtml);
  try {
    await drawn(page, 1);
    assert.equal(await page.locator(".capqa-figure img").count(), 0, "the static image gives way to the interactive figure");
    const box = await page.locator(".capqa-figure .main-svg").first().boundingBox();
    assert.deepEqual(
      [box?.width, box?.height],
      [barScreen.layout.width, barScreen.layout.height],
      "drawn at the screen layout's size, unscaled by CSS",
    );
    // The middle of partial's bar; then the middle of invalid's (what the zoomed figure reported instead).
    const partial = await pixelOf(page, 0, COUNTS.partial / 2, classLabel("partial"));
    assert.equal(await hoverAt(page, partial), `${classLabel("partial")}: ${COUNTS.partial}`);
    const invalid = await pixelOf(page, 0, COUNTS.invalid / 2, classLabel("invalid"));
    assert.equal((await hoverAt(page, invalid)).replace(/,/g, ""), `${classLabel("invalid")}: ${COUNTS.invalid}`);
  } finally {
    await context.close();
  }
});

test("notebook HTML: the hover label at α = 0.3, λ = 0.5 on the α–λ heatmap shows α=0.3, λ=0.5", { skip }, async () => {
  const { context, page } = await openPage(heatHtml);
  try {
    await drawn(page, 1);
    const text = await hoverAt(page, await pixelOf(page, 0, 0.3, 0.5));
    assert.match(text, /α=0\.3(?!\d)/, text);
    assert.match(text, /λ=0\.5(?!\d)/, text);
    assert.match(text, /Spearman ρ: 0\.35(?!\d)/, text);
    const other = await hoverAt(page, await pixelOf(page, 0, 0.65, 0.2));
    assert.match(other, /α=0\.65(?!\d).*λ=0\.2(?!\d)/, other);
  } finally {
    await context.close();
  }
});

test("notebook HTML loads plotly.js itself: two figures in a fresh page, one load", { skip }, async () => {
  const { context, page, plotlyLoads } = await openPage(`${barHtml}<p>text between</p>${heatHtml}`);
  try {
    await drawn(page, 2);
    assert.equal(plotlyLoads(), 1);
    const text = await hoverAt(page, await pixelOf(page, 1, 0.3, 0.5));
    assert.match(text, /α=0\.3(?!\d)/, text);
  } finally {
    await context.close();
  }
});

test("notebook HTML without scripts (untrusted) or without plotly.js (offline) shows the static PNG", { skip }, async () => {
  const { width, height } = pngDimensions(barPng);
  assert.deepEqual({ width, height }, pngPixelSize(barScreen, 96), "the PNG has the screen layout's size (it is at screen size already)");
  const untrusted = await openPage(barHtml, { javaScript: false });
  try {
    const img = untrusted.page.locator(".capqa-figure img");
    assert.deepEqual(await img.evaluate((e) => [(e as unknown as Img).naturalWidth, (e as unknown as Img).width]), [
      width,
      barScreen.layout.width,
    ]);
  } finally {
    await untrusted.context.close();
  }
  const offline = await openPage(barHtml, { offline: true });
  try {
    const img = offline.page.locator(".capqa-figure img");
    await offline.page.waitForFunction(
      () =>
        ((globalThis as unknown as { document: Doc }).document.querySelector(".capqa-figure img") as Img | null)?.title.includes(
          "did not load",
        ),
      undefined,
      {
        timeout: 30_000,
      },
    );
    assert.equal(await img.evaluate((e) => (e as unknown as Img).naturalWidth), width);
    assert.equal(await offline.page.locator(".main-svg").count(), 0);
  } finally {
    await offline.context.close();
  }
});

test("a notebook that carries plotly.js (prepareFigures' output): figures draw from it offline, no other load", { skip }, async () => {
  const carrier = plotlyCarrierBundle().data["text/html"] as string;
  const { context, page, plotlyLoads } = await openPage(`${carrier}<p>text between</p>${barHtml}${heatHtml}`, { offline: true });
  try {
    await drawn(page, 2);
    assert.equal(plotlyLoads(), 0, "nothing fetched: the carried bundle drew both");
    assert.equal(await page.locator(".capqa-figure img").count(), 0, "the static images gave way");
    const text = await hoverAt(page, await pixelOf(page, 1, 0.3, 0.5));
    assert.match(text, /α=0\.3(?!\d)/, text);
  } finally {
    await context.close();
  }
});

test("HTML page (figuresPage): the hover label over partial's bar shows partial and its count", { skip }, async () => {
  const { context, page, plotlyLoads } = await openPage(figuresPage([{ title: "Fig. 4", spec: bar }]), { document: true });
  try {
    await drawn(page, 1);
    assert.equal(plotlyLoads(), 0, "the page carries plotly.js");
    const at = await pixelOf(page, 0, COUNTS.partial / 2, classLabel("partial"));
    assert.equal(await hoverAt(page, at), `${classLabel("partial")}: ${COUNTS.partial}`);
  } finally {
    await context.close();
  }
});
