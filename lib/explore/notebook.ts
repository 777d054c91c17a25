/**
 * The explorer inside a notebook (tslab): `await displayExplorerPage(data, options)` shows one
 * output holding the explorer's page in a frame and a static picture of the page's first state
 * (rendered by the kernel's Chromium), in HTML and as image/png.
 *
 * Where scripts run (a trusted notebook, the notebook exported to HTML), the frame shows: its page
 * takes plotly.js from the bundle the notebook carries (`prepareFigures()`, lib/figures/carrier.ts)
 * and runs it in its own window, then the sources of the figures. A page that gets no plotly.js
 * says so to this output, which shows the picture instead. Where scripts do not run (GitHub, an
 * untrusted notebook) the picture shows.
 *
 * The cuts come back: the page posts its classifier whenever the cuts move, and in Jupyter
 * Notebook (classic) this output hands it to the kernel (a silent execute, at most every 300 ms),
 * where `explorer.classifier()` returns it. Elsewhere "Save classifier" on the page writes it to a
 * file (readClassifierFile reads it).
 */
import { randomBytes } from "node:crypto";
import { EXPLORER_FRAME_HEIGHT_PX, EXPLORER_PICTURE_WIDTH_PX } from "../constants.js";
import { checkClassifier } from "../calibrate/classifier-file.js";
import type { ThresholdClassifier } from "../calibrate/classifier.js";
import { pngDimensions } from "../figures/export.js";
import { ensureLocalPlotlyServer, kernelWriter, plotlySources, renderPageImage, type MimeBundle } from "../figures/notebook.js";
import type { ExploreData } from "./compute.js";
import { buildExplorerPage, type ExplorerOptions } from "./page.js";

export interface ExplorerOutputOptions extends Omit<ExplorerOptions, "id" | "plotlySources"> {
  /**
   * Height of the frame in CSS px at first (default: the picture's, else EXPLORER_FRAME_HEIGHT_PX); the page then sizes it to its content.
   */
  readonly heightPx?: number;
  /** The static picture of the first state (default true; false leaves it out, e.g. without Chromium). */
  readonly picture?: boolean;
}

/** An explorer shown in a notebook: the cuts its page shows, as they come back to the kernel. */
export interface NotebookExplorer {
  /** The output's id (the page's id in its messages). */
  readonly id: string;
  /**
   * The classifier of the cuts the page shows now: the last one the page sent (it sends one when
   * it has loaded and whenever the cuts move), or undefined before any arrived (the page has not
   * loaded, or the front end is not Jupyter Notebook: use the page's "Save classifier" there).
   */
  classifier(): ThresholdClassifier | undefined;
  /** How many classifiers the page has sent. */
  readonly updates: number;
}

/** Explorers of this kernel by id, where the notebook page's silent executes deliver classifiers. */
type Registry = Map<string, { receive(json: string): void }>;
const REGISTRY_KEY = "__capqaExplorers";

function registry(): Registry {
  const g = globalThis as unknown as Record<string, Registry | undefined>;
  g[REGISTRY_KEY] ??= new Map();
  return g[REGISTRY_KEY];
}

function registerExplorer(id: string): NotebookExplorer {
  let latest: ThresholdClassifier | undefined;
  let updates = 0;
  registry().set(id, {
    receive(json: string) {
      // Whatever arrives is checked as a classifier file would be; anything else is ignored.
      try {
        latest = checkClassifier(JSON.parse(json), "the explorer's classifier");
        updates++;
      } catch {
        // not a classifier
      }
    },
  });
  return {
    id,
    classifier: () => latest,
    get updates() {
      return updates;
    },
  };
}

function escapeAttribute(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * The output's HTML: the picture (shown where scripts do not run), the frame with the page, and
 * the script that shows the frame, falls back to the picture, and forwards the cuts to the kernel.
 */
export function explorerOutputHtml(
  page: string,
  options: { readonly id: string; readonly heightPx?: number; readonly picture?: string; readonly alt?: string },
): string {
  const id = options.id;
  const height = options.heightPx ?? EXPLORER_FRAME_HEIGHT_PX;
  const picture = options.picture
    ? `<img class="capqa-explorer-picture" src="data:image/png;base64,${options.picture}" alt="${escapeAttribute(options.alt ?? "the explorer's first state")}" title="a picture of the explorer's first state: the explorer itself needs scripts and plotly.js" style="display:block;max-width:100%">`
    : "";
  const forward = `(globalThis as any).${REGISTRY_KEY}?.get(${JSON.stringify(id)})?.receive(`;
  return `<div class="capqa-explorer" id="${escapeAttribute(id)}">${picture}<iframe srcdoc="${escapeAttribute(page)}" title="capqa explorer" style="display:none;width:100%;height:${height}px;border:0"></iframe><script type="text/javascript">(function () {
  var root = document.getElementById(${JSON.stringify(id)});
  if (!root) return;
  var frame = root.querySelector("iframe"), picture = root.querySelector("img.capqa-explorer-picture");
  var show = function (page) { frame.style.display = page ? "block" : "none"; if (picture) picture.style.display = page ? "none" : "block"; };
  show(true);
  var pending = null, timer = null;
  var send = function () {
    timer = null;
    var nb = window.Jupyter && window.Jupyter.notebook, kernel = nb && nb.kernel;
    if (!kernel || !pending) return;
    kernel.execute(${JSON.stringify(forward)} + JSON.stringify(JSON.stringify(pending)) + ")", {}, { silent: true, store_history: false, stop_on_error: false });
  };
  window.addEventListener("message", function (event) {
    var m = event.data;
    if (!m || m.id !== ${JSON.stringify(id)} || event.source !== frame.contentWindow) return;
    if (m.type === "capqa-explorer-no-plotly") show(!picture);
    else if (m.type === "capqa-explorer-classifier") { pending = m.classifier; if (!timer) timer = setTimeout(send, 300); }
    else if (m.type === "capqa-explorer-height" && m.height > 0) frame.style.height = Math.ceil(m.height + 2) + "px";
  });
})();</script></div>`;
}

/** A new explorer id: random, so a page elsewhere cannot guess it. */
function newId(): string {
  return `capqa-explorer-${randomBytes(8).toString("hex")}`;
}

/** The MIME bundle of an explorer output and its id (what displayExplorerPage sends). */
export async function explorerBundle(data: ExploreData, options: ExplorerOutputOptions = {}, id = newId()): Promise<MimeBundle> {
  const sources = plotlySources({ local: await ensureLocalPlotlyServer().catch(() => false) });
  const page = buildExplorerPage(data, { ...options, id, plotlySources: sources });
  let picture: string | undefined;
  let missing: string | undefined;
  if (options.picture !== false) {
    try {
      // The picture: the same page with plotly.js inlined, in a window as wide as a notebook's output.
      picture = await renderPageImage(buildExplorerPage(data, { ...options, id }), {
        width: EXPLORER_PICTURE_WIDTH_PX,
        readySelector: "body[data-ready] #dist .main-svg",
      });
    } catch (e) {
      missing = (e instanceof Error ? e.message : String(e)).replace(/\s+/g, " ").slice(0, 300);
    }
  }
  const title = options.title ?? "capqa explorer";
  const text = `${title} (an interactive page: α, λ and the cut points move; needs scripts)${missing ? `; no picture: ${missing}` : ""}`;
  const bundle: MimeBundle = {
    // The frame starts as tall as the picture of the same page (then follows the page's own height).
    data: {
      "text/html": explorerOutputHtml(page, {
        id,
        heightPx: options.heightPx ?? (picture ? pngDimensions(Buffer.from(picture, "base64")).height : undefined),
        picture,
        alt: title,
      }),
      "text/plain": text,
      ...(picture ? { "image/png": picture } : {}),
    },
    metadata: {},
  };
  return bundle;
}

/**
 * Shows the explorer in a tslab notebook as one output (the page in a frame, a picture of its
 * first state) and returns a handle whose classifier() gives the cuts the page shows. Await it.
 * Outside a tslab kernel it throws (write the page with buildExplorerPage instead).
 *
 * @example
 * import { loadBenchmark } from "capqa";
 * import { displayExplorerPage, exploreDataFromBenchmark } from "capqa/explore";
 * const explorer = await displayExplorerPage(exploreDataFromBenchmark(loadBenchmark(), "test"), { title: "CAP on the test split" });
 * // … move the cuts on the page, then in a later cell:
 * explorer.classifier()?.cuts;
 */
export async function displayExplorerPage(data: ExploreData, options: ExplorerOutputOptions = {}): Promise<NotebookExplorer> {
  const write = kernelWriter();
  if (write === undefined)
    throw new Error(
      "displayExplorerPage shows the explorer in a tslab notebook kernel; elsewhere write the page with buildExplorerPage (or capqa explore)",
    );
  const id = newId();
  const explorer = registerExplorer(id);
  const bundle = await explorerBundle(data, options, id);
  write({ data: bundle.data, metadata: bundle.metadata, transient: {} }, false);
  return explorer;
}
