/**
 * Every notebook as a researcher meets it: Debian's Jupyter Notebook on 127.0.0.1 with the tslab
 * kernel (registered by absolute paths, started from a PATH without node_modules/.bin), each
 * notebook opened in headless Chromium (1280 × 900), Cell → Run All through the menu, the kernel
 * waited for. Then, on the live page: no error output, no console or page error, every figure
 * drawn by plotly with traces, at least 600 px wide, text at least 10 px, nothing cut at the
 * edge, the mode bar covering nothing, legends that fit, colour bars beside their plots; the
 * explorer (notebook 08) draws its histogram and its numbers change when a cut's slider moves.
 * The first figure cell runs again (its figures come back as they were). Then the notebook is saved
 * (its figure outputs and size checked as scripts/run-notebooks.py checks a saved notebook),
 * exported with nbconvert, and the HTML opened with the network blocked: every figure shows
 * (interactive, or its static image), the explorer too.
 *
 * Needs Chromium, /usr/bin/python3 with Jupyter Notebook and nbconvert, and the released data
 * (the notebooks read it); skipped with the reason when any is missing, unless
 * CAPQA_REQUIRE_BROWSER_TESTS=1 (as .ci/run sets), which turns the reason into a failure.
 * Screenshots of failures are kept under the session's temporary folder and named in the message.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Frame, Page } from "playwright-core";
import { releasedDataDir } from "./helpers.js";
import { figureProblems, inspectFigures, type FigureReport } from "./support/figure-inspection.js";
import {
  browserTestsUnavailable,
  JUPYTER_PYTHON,
  collectErrors,
  exportHtml,
  newWindow,
  openNotebook,
  removeSession,
  runAllCells,
  saveNotebook,
  screenshot,
  startJupyter,
  type JupyterSession,
} from "./support/jupyter-browser.js";

const REPO = resolve(".");
/** CAPQA_BROWSER_NOTEBOOKS=01,08 runs only notebooks whose names contain one of these (while working on them). */
const ONLY = process.env.CAPQA_BROWSER_NOTEBOOKS?.split(",").filter((s) => s.trim() !== "");
const NOTEBOOKS = readdirSync(join(REPO, "notebooks"))
  .filter((f) => f.endsWith(".ipynb") && (!ONLY?.length || ONLY.some((o) => f.includes(o.trim()))))
  .sort();
const DATA = releasedDataDir();
const STATEMENTS = [process.env.CAPQA_STATEMENTS_DIR, resolve("../shared/data/cap-statements")].find((d) => d !== undefined);
const REQUIRED = process.env.CAPQA_REQUIRE_BROWSER_TESTS === "1";
const unavailable = browserTestsUnavailable(REPO) ?? (DATA ? undefined : "no released data (CAPQA_DATA_DIR)");
/** What a figure on screen must be (the issue's acceptance). */
const LIVE_RULES = { interactive: true, minWidth: 600, minFontPx: 10, maxColorbarGap: 40 };
/** In the exported HTML opened offline a figure may be its static image. */
const EXPORTED_RULES = { interactive: false, minWidth: 600, minFontPx: 10, maxColorbarGap: 40 };
/** A notebook's cells together may take this long. */
const RUN_TIMEOUT_MS = 480_000;

// Code passed to page.evaluate runs in the page.
declare const Jupyter: {
  notebook: {
    get_cells(): { cell_type: string; get_text(): string }[];
    get_cell(i: number): { execute(): void; input_prompt_number?: number | string | null; output_area: { element: { text(): string } } };
  };
};
declare const document: {
  querySelectorAll(s: string): ArrayLike<{ textContent: string | null }>;
  querySelector(s: string): unknown;
  getElementById(
    id: string,
  ): { textContent: string | null; value: string; max: string; dispatchEvent(e: unknown): boolean; data?: unknown[] } | null;
  body: { dataset: Record<string, string | undefined> };
};
declare class Event {
  constructor(type: string, init?: { bubbles?: boolean });
}

let session: JupyterSession | undefined;
const failures: string[] = [];

/** The problems of a page, after a line naming the page and its screenshot (none when there are none). */
async function withScreenshot(page: Page, name: string, problems: readonly string[]): Promise<string[]> {
  if (problems.length === 0) return [];
  const shot = session ? await screenshot(session, page, name) : "(no session)";
  return [`${name} (screenshot: ${shot}):`, ...problems.map((p) => `  - ${p}`)];
}

/** Figures of a page, each with the reasons it fails `rules`. */
async function figureReport(page: Page, rules: typeof LIVE_RULES): Promise<{ figures: FigureReport[]; problems: string[] }> {
  const figures = await page.evaluate(inspectFigures, {});
  const problems = figures.flatMap((f) => figureProblems(f, rules).map((p) => `${f.where}: ${p}`));
  return { figures, problems };
}

/**
 * The explorer outputs of a page (notebook 08's): each shows its working page in a frame, or (where
 * the frame cannot work) a static picture of its first state. A frame is checked when it shows;
 * a picture must be loaded and visible.
 */
async function explorerOutputs(
  page: Page,
  rules: typeof LIVE_RULES,
  options: { moveSlider: boolean; pictureAllowed: boolean },
): Promise<string[]> {
  const problems: string[] = [];
  const outputs = await page.$$(".output_area .capqa-explorer, .output_area iframe:not(.capqa-explorer iframe)");
  for (const [k, output] of outputs.entries()) {
    const name = `explorer ${k + 1}`;
    const shown = await output.evaluate((el) => {
      type Node = {
        tagName: string;
        complete?: boolean;
        naturalWidth?: number;
        getBoundingClientRect(): { width: number; height: number };
        querySelector(s: string): Node | null;
      };
      const box = (x: Node | null) => (x ? x.getBoundingClientRect() : { width: 0, height: 0 });
      const node = el as unknown as Node;
      const frame = node.tagName === "IFRAME" ? node : node.querySelector("iframe");
      const picture = node.querySelector("img");
      return {
        frame: box(frame).width > 0 && box(frame).height > 0,
        picture: Boolean(picture?.complete && (picture.naturalWidth ?? 0) > 0 && box(picture).width > 0),
        pictureWidth: Math.round(box(picture).width),
      };
    });
    if (shown.frame) {
      const handle =
        (await output.evaluate((el) => (el as unknown as { tagName: string }).tagName)) === "IFRAME" ? output : await output.$("iframe");
      const frame = await handle?.contentFrame();
      if (!frame) problems.push(`${name}: its frame has no document`);
      else problems.push(...(await explorerProblems(frame, rules, options.moveSlider)).map((p) => `${name}: ${p}`));
    } else if (shown.picture && options.pictureAllowed) {
      if (shown.pictureWidth < rules.minWidth) problems.push(`${name}: its picture is ${shown.pictureWidth} px wide (< ${rules.minWidth})`);
    } else {
      problems.push(`${name}: neither its page nor a picture of it shows`);
    }
  }
  return problems;
}

/** The explorer draws its histogram (with the figure rules) and its numbers follow a cut's slider. */
async function explorerProblems(frame: Frame, rules: typeof LIVE_RULES, moveSlider: boolean): Promise<string[]> {
  const problems: string[] = [];
  await frame
    .waitForSelector("body[data-ready]", { timeout: 60_000 })
    .catch(() => problems.push("the explorer never rendered (body[data-ready] missing)"));
  if (problems.length) return problems;
  const drawn = await frame
    .waitForFunction(() => (document.getElementById("dist")?.data ?? []).length > 0, null, { timeout: 20_000 })
    .then(() => true)
    .catch(() => false);
  if (!drawn) problems.push("the explorer's histogram is not drawn");
  const { problems: figure } = await figureReport(frame as unknown as Page, rules);
  problems.push(...figure.map((p) => `histogram ${p}`));
  if (!moveSlider) return problems;
  const numbers = () =>
    frame.evaluate(() => ["accuracy", "macrof1", "qwk", "spearman"].map((id) => document.getElementById(id)?.textContent ?? ""));
  const before = await numbers();
  const renders = await frame.evaluate(() => Number(document.body.dataset.ready));
  await frame.evaluate(() => {
    const slider = document.getElementById("cut0");
    if (!slider) return;
    // A quarter of the way along the first cut's range: a different level boundary.
    slider.value = String(Math.floor(Number(slider.max) / 4));
    slider.dispatchEvent(new Event("input", { bubbles: true }));
    slider.dispatchEvent(new Event("change", { bubbles: true }));
  });
  await frame
    .waitForFunction((n) => Number(document.body.dataset.ready) > n, renders, { timeout: 30_000 })
    .catch(() => problems.push("the explorer did not render again after a cut's slider moved"));
  const after = await numbers();
  if (after.every((v, i) => v === before[i]))
    problems.push(`the explorer's numbers did not change when a cut moved (${before.join(", ")})`);
  return problems;
}

/**
 * The cuts set on the explorer come back to the kernel: after a cut moved, the notebook's cell that
 * reads `explorer.classifier()` runs again and must show the page's cuts (4 decimals, as
 * classifierRows writes them), not "no cuts yet".
 */
async function readBackProblems(page: Page): Promise<string[]> {
  const cell = await page.evaluate(() =>
    Jupyter.notebook.get_cells().findIndex((c) => c.cell_type === "code" && c.get_text().includes("explorer.classifier()")),
  );
  if (cell < 0) return [];
  const handle = await page.$(".output_area .capqa-explorer iframe");
  const frame = await handle?.contentFrame();
  if (!frame) return ["the explorer's frame is missing, so its cuts cannot be read back"];
  const cuts = await frame.evaluate(
    () => (globalThis as unknown as { capqaExplorer: { state(): { cuts: number[] } } }).capqaExplorer.state().cuts,
  );
  // The page hands its classifier on at most every 300 ms; the kernel runs it when idle.
  await page.waitForTimeout(1500);
  await rerunCell(page, cell);
  const text = await page.evaluate((i) => Jupyter.notebook.get_cell(i).output_area.element.text(), cell);
  const missing = cuts.filter((c) => Math.abs(c) < 1e300 && !text.includes(c.toFixed(4)));
  if (/sent no cuts/.test(text) || missing.length)
    return [
      `the explorer's cuts did not come back to the kernel: cell ${cell + 1} shows "${text.replace(/\s+/g, " ").slice(0, 300)}", the page has cuts ${cuts.join(", ")}`,
    ];
  return [];
}

/** Runs a code cell again through the page (as a reader re-runs it) and waits for the kernel. */
async function rerunCell(page: Page, cell: number): Promise<void> {
  await page.evaluate((i) => Jupyter.notebook.get_cell(i).execute(), cell);
  await page.waitForFunction(
    (i) =>
      typeof Jupyter.notebook.get_cell(i).input_prompt_number === "number" &&
      Boolean(document.querySelector("#kernel_indicator_icon.kernel_idle_icon")),
    cell,
    {
      timeout: 120_000,
      polling: 300,
    },
  );
}

/** The first figure cell run again in the same kernel: its figures must come back as they were. */
async function rerunFigureProblems(page: Page): Promise<string[]> {
  const cell = await page.evaluate(() =>
    Jupyter.notebook.get_cells().findIndex((c) => c.cell_type === "code" && c.get_text().includes("displayFigure(")),
  );
  if (cell < 0) return [];
  await rerunCell(page, cell);
  await page.waitForTimeout(1500);
  const { problems } = await figureReport(page, LIVE_RULES);
  return problems.map((p) => `after cell ${cell + 1} ran again: ${p}`);
}

/** The saved notebook's figure outputs as a reader (or GitHub) gets them, and its size (scripts/run-notebooks.py --check-saved). */
function savedProblems(file: string): string[] {
  const r = spawnSync(JUPYTER_PYTHON, [join(REPO, "scripts", "run-notebooks.py"), "--check-saved", file], { encoding: "utf8" });
  return r.status === 0 ? [] : [`the saved notebook: ${(r.stdout + r.stderr).trim()}`];
}

describe("notebooks in a real Jupyter and Chromium", { concurrency: 2 }, () => {
  before(async () => {
    if (unavailable) return;
    const env: NodeJS.ProcessEnv = { ...process.env, CAPQA_DATA_DIR: DATA };
    if (STATEMENTS) env.CAPQA_STATEMENTS_DIR = STATEMENTS;
    session = await startJupyter(
      REPO,
      NOTEBOOKS.map((f) => join(REPO, "notebooks", f)),
      env,
    );
  });
  after(async () => {
    if (!session) return;
    await session.close();
    // CAPQA_BROWSER_KEEP=1 keeps the folder (executed notebooks, HTML exports) to look at.
    if (failures.length === 0 && process.env.CAPQA_BROWSER_KEEP !== "1") removeSession(session);
    else
      console.log(
        `kept ${session.dir} (screenshots, executed notebooks, HTML exports)${failures.length ? ` for ${failures.join(", ")}` : ""}`,
      );
  });

  if (unavailable) {
    test("browser tests of the notebooks", { skip: REQUIRED ? false : `skipped: ${unavailable}` }, () => {
      assert.fail(`CAPQA_REQUIRE_BROWSER_TESTS=1 but ${unavailable}`);
    });
    return;
  }

  for (const file of NOTEBOOKS) {
    test(file, { timeout: RUN_TIMEOUT_MS + 300_000 }, async () => {
      const s = session as JupyterSession;
      const report: string[] = [];
      const live = await newWindow(s.browser);
      const errors = collectErrors(live.page);
      let kernel = "";
      try {
        const opened = await openNotebook(s, live.page, file);
        kernel = `kernel ready in ${(opened.readyMs / 1000).toFixed(1)} s${opened.reloads ? ` after ${opened.reloads} reloads of the page` : ""}`;
        await runAllCells(live.page, RUN_TIMEOUT_MS);
        // Figures draw after their output arrives; give the last ones a moment.
        await live.page.waitForTimeout(1500);
        const cellErrors = await live.page.evaluate(() =>
          Array.from(document.querySelectorAll(".output_error")).map((e) => (e.textContent ?? "").trim().slice(0, 400)),
        );
        const { problems } = await figureReport(live.page, LIVE_RULES);
        const explorer = await explorerOutputs(live.page, LIVE_RULES, { moveSlider: true, pictureAllowed: false });
        explorer.push(...(await readBackProblems(live.page)), ...(await rerunFigureProblems(live.page)));
        report.push(
          ...(await withScreenshot(live.page, `${file} live`, [
            ...cellErrors.map((e) => `error output: ${e}`),
            ...errors,
            ...problems,
            ...explorer,
          ])),
        );
        await saveNotebook(live.page);
      } finally {
        await live.context.close();
      }
      report.push(...savedProblems(join(s.notebookDir, file)));
      const html = exportHtml(s, file);
      const offline = await newWindow(s.browser, { offline: true });
      try {
        await offline.page.goto(`file://${html}`);
        await offline.page.waitForTimeout(3000);
        const { figures, problems } = await figureReport(offline.page, EXPORTED_RULES);
        const explorer = await explorerOutputs(offline.page, EXPORTED_RULES, { moveSlider: false, pictureAllowed: true });
        report.push(...(await withScreenshot(offline.page, `${file} exported`, [...problems, ...explorer])));
        console.log(
          `${file}: ${kernel}; ${figures.length} figures live and exported offline (${figures.map((f) => f.kind).join(", ") || "none"})`,
        );
      } finally {
        await offline.context.close();
      }
      if (report.length) {
        failures.push(file);
        assert.fail(report.join("\n"));
      }
    });
  }
});
