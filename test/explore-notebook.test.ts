/**
 * The explorer's notebook output (lib/explore/notebook.ts) in headless Chromium, on a page served
 * as a notebook serves outputs: after the output that carries plotly.js, the frame draws from the
 * carried bundle with no request leaving the page; with no plotly.js anywhere (offline, nothing
 * carried) the picture of the first state (rendered by the kernel's Chromium, a real PNG) shows
 * instead; without scripts the picture shows; and the cuts moved on the page go to Jupyter
 * Notebook's kernel as one silent execute that hands the page's classifier to the explorer.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Frame, Page } from "playwright-core";
import { CLASSES, PAPER_ORDERING } from "../lib/taxonomy/index.js";
import type { ExploreData } from "../lib/explore/compute.js";
import { explorerBundle } from "../lib/explore/notebook.js";
import { CHROMIUM_ARGS, findChromium, pngDimensions } from "../lib/figures/export.js";
import { closeNotebookFigures, plotlyCarrierBundle } from "../lib/figures/notebook.js";
import { EXPLORER_PICTURE_WIDTH_PX } from "../lib/constants.js";
import { syntheticExploreRows } from "./helpers.js";

const CHROMIUM = findChromium();
const skip = CHROMIUM === undefined && "no Chromium found";
const PAGE_URL = "http://notebook.test/notebook.html";
const ID = "capqa-explorer-test0123456789";

type El = { style: { display: string }; getBoundingClientRect(): { width: number; height: number } };
type Doc = {
  querySelector(s: string): El | null;
  getElementById(id: string): (El & { value: string; max: string; data?: unknown[]; dispatchEvent(e: unknown): boolean }) | null;
};
declare const document: Doc;
declare class Event {
  constructor(type: string, init?: { bubbles?: boolean });
}

let browser: Browser | undefined;
let html: string;
let picture: Buffer;

before(async () => {
  if (skip) return;
  const data: ExploreData = {
    classNames: [...CLASSES],
    severity: CLASSES.map((c) => PAPER_ORDERING.severity[c]),
    ...syntheticExploreRows(600, 21),
    fit: syntheticExploreRows(200, 22),
    split: "synthetic",
    fitSplit: "synthetic-fit",
  };
  const bundle = await explorerBundle(data, { title: "synthetic" }, ID);
  await closeNotebookFigures();
  html = bundle.data["text/html"] as string;
  assert.equal(typeof bundle.data["image/png"], "string", "the output carries the picture as image/png");
  picture = Buffer.from(bundle.data["image/png"] as string, "base64");
  const { chromium } = await import("playwright-core");
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
});

after(async () => {
  await browser?.close();
  await closeNotebookFigures();
});

/** A notebook-like page holding `body`; every other request is counted and refused (offline). */
async function openPage(
  body: string,
  options: { javaScript?: boolean; head?: string } = {},
): Promise<{ context: BrowserContext; page: Page; requests: string[] }> {
  assert.ok(browser);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: options.javaScript ?? true });
  const requests: string[] = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url === PAGE_URL)
      return route.fulfill({
        status: 200,
        contentType: "text/html; charset=utf-8",
        body: `<!doctype html><html><head><meta charset="utf-8">${options.head ?? ""}</head><body>${body}</body></html>`,
      });
    requests.push(url);
    return route.abort("internetdisconnected");
  });
  const page = await context.newPage();
  await page.goto(PAGE_URL, { waitUntil: "load" });
  return { context, page, requests };
}

const shown = (page: Page) =>
  page.evaluate(() => {
    const box = (el: El | null) => (el ? el.getBoundingClientRect().width : 0);
    return { frame: box(document.querySelector(".capqa-explorer iframe")), picture: box(document.querySelector(".capqa-explorer img")) };
  });

async function frameOf(page: Page): Promise<Frame> {
  const frame = await (await page.$(".capqa-explorer iframe"))?.contentFrame();
  assert.ok(frame, "the output has a frame");
  return frame;
}

test("the picture of the first state is the page as wide as a notebook's output", { skip }, () => {
  assert.equal(pngDimensions(picture).width, EXPLORER_PICTURE_WIDTH_PX);
  assert.ok(pngDimensions(picture).height > 600, "the whole page, not the first screen");
});

test("after the notebook's carried plotly.js, the frame draws its histogram with nothing fetched", { skip }, async () => {
  const carrier = plotlyCarrierBundle().data["text/html"] as string;
  const { context, page, requests } = await openPage(`${carrier}<p>cells between</p>${html}`);
  try {
    const frame = await frameOf(page);
    await frame.waitForFunction(() => (document.getElementById("dist")?.data ?? []).length > 0, null, { timeout: 30_000 });
    assert.deepEqual(requests, [], "no request left the page");
    const s = await shown(page);
    assert.ok(s.frame > 600 && s.picture === 0, `the frame shows, the picture does not (${JSON.stringify(s)})`);
    // The frame takes the page's height: nothing scrolls inside the output.
    const pageHeight = await frame.evaluate(
      () => (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document.documentElement.scrollHeight,
    );
    await page.waitForFunction(
      (h) => Math.abs((document.querySelector(".capqa-explorer iframe")?.getBoundingClientRect().height ?? 0) - h) <= 3,
      pageHeight,
      {
        timeout: 10_000,
      },
    );
  } finally {
    await context.close();
  }
});

test("with no plotly.js anywhere (offline, nothing carried) the picture shows instead of the frame", { skip }, async () => {
  const { context, page } = await openPage(html);
  try {
    await page.waitForFunction(() => document.querySelector(".capqa-explorer iframe")?.style.display === "none", null, { timeout: 30_000 });
    const s = await shown(page);
    assert.ok(s.picture > 600 && s.frame === 0, JSON.stringify(s));
  } finally {
    await context.close();
  }
});

test("without scripts (an untrusted notebook, GitHub) the picture shows", { skip }, async () => {
  const { context, page } = await openPage(html, { javaScript: false });
  try {
    const s = await shown(page);
    assert.ok(s.picture > 600 && s.frame === 0, JSON.stringify(s));
  } finally {
    await context.close();
  }
});

test("moved cuts go to Jupyter Notebook's kernel: one silent execute handing the page's classifier to this explorer", {
  skip,
}, async () => {
  const carrier = plotlyCarrierBundle().data["text/html"] as string;
  // Jupyter Notebook's kernel object, as the notebook page has it, recording what it is asked to run.
  const head = `<script>window.__sent = []; window.Jupyter = { notebook: { kernel: { execute: function (code, callbacks, options) { window.__sent.push({ code: code, options: options }); } } } };</script>`;
  const { context, page } = await openPage(`${carrier}${html}`, { head });
  try {
    const frame = await frameOf(page);
    await frame.waitForSelector("body[data-ready]");
    await frame.evaluate(() => {
      const slider = document.getElementById("cut0");
      if (!slider) return;
      slider.value = String(Math.floor(Number(slider.max) / 3));
      slider.dispatchEvent(new Event("input", { bubbles: true }));
    });
    const cuts = await frame.evaluate(
      () => (globalThis as unknown as { capqaExplorer: { state(): { cuts: number[] } } }).capqaExplorer.state().cuts,
    );
    await page.waitForFunction(
      (first) => {
        const sent = (globalThis as unknown as { __sent: { code: string }[] }).__sent;
        return sent.length > 0 && sent[sent.length - 1].code.includes(JSON.stringify(String(first)).slice(1, -1));
      },
      cuts[0],
      { timeout: 10_000 },
    );
    const sent = await page.evaluate(
      () => (globalThis as unknown as { __sent: { code: string; options: Record<string, unknown> }[] }).__sent,
    );
    const last = sent[sent.length - 1];
    assert.deepEqual(last.options, { silent: true, store_history: false, stop_on_error: false });
    const m = /^\(globalThis as any\)\.__capqaExplorers\?\.get\(("[^"]+")\)\?\.receive\((".*")\)$/.exec(last.code);
    assert.ok(m, last.code.slice(0, 200));
    assert.equal(JSON.parse(m[1]), ID);
    const classifier = JSON.parse(JSON.parse(m[2]));
    assert.equal(classifier.kind, "capqa-threshold-classifier");
    assert.deepEqual(classifier.cuts, cuts, "the page's cuts, exactly");
  } finally {
    await context.close();
  }
});
