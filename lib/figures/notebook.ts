/**
 * Figures in notebooks (tslab): `await displayFigure(spec)` shows a figure spec as ONE
 * display_data output holding three representations of the same figure, each enough on its own:
 *
 *   application/vnd.plotly.v1+json  the spec (data, layout, config), drawn by JupyterLab's or
 *                                   VS Code's own plotly renderer where one is installed;
 *   text/html                       a div with the static image, and a script that loads
 *                                   plotly.js itself and replaces the image with the interactive
 *                                   figure (trusted notebooks, nbviewer, exported HTML);
 *   image/png (or image/svg+xml)    the static image, rendered by headless Chromium in the
 *                                   kernel, for GitHub, untrusted notebooks and PDF export.
 *
 * Figures are shown at screen size (./screen.ts: a print-size figure scaled, fonts and all, to
 * about 640–960 px wide); `size: "print"` keeps the paper size.
 *
 * plotly.js comes from, in order: a plotly.js already in the page that draws the figure's trace
 * types, the bundle a notebook carries in its setup cell's output (`prepareFigures()`, see
 * ./carrier.ts: the way that works at once, offline and in exported HTML), the kernel's own
 * loopback server (while a capqa kernel runs on the browser's machine), then jsDelivr (the npm
 * file capqa uses, checked by its SHA-384). Where none answers the static image stays. Any cell
 * can be re-run, the page reloaded, outputs cleared in any order: a figure whose notebook carries
 * no plotly.js still loads it itself.
 *
 * The interactive figure has the layout's width and height, never a CSS zoom or transform:
 * plotly maps the pointer through its own layout, so hover reports the point under the pointer.
 */
import { createHash } from "node:crypto";
import { createReadStream, readFileSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { SCREEN_FIGURE_PNG_SCALE } from "../constants.js";
import { CARRIED_PLOTLY_SCRIPT, plotlyCarrierHtml, carrierNote, traceTypes } from "./carrier.js";
import type { PlotlyFigure } from "./heatmap.js";
import { FIGURE_CONFIG, scriptJson } from "./html.js";
import { plotlyBundlePath, plotlyVersion } from "./plotly-bundle.js";
import { PLOTLY_DEFAULT_SIZE, screenFigure } from "./screen.js";

/** The MIME type of a plotly figure in Jupyter (JupyterLab's and VS Code's plotly renderers). */
export const PLOTLY_MIME = "application/vnd.plotly.v1+json";

/** Environment variable: a URL to load plotly.js from instead of jsDelivr (a mirror, a local copy). */
export const PLOTLY_URL_ENV = "CAPQA_PLOTLY_URL";
/** Environment variable: the loopback port a kernel serves plotly.js on; "0" turns the server off. */
export const PLOTLY_PORT_ENV = "CAPQA_PLOTLY_PORT";
/** The loopback port a kernel serves plotly.js on (a fixed one, so saved outputs keep working while any capqa kernel runs). */
export const DEFAULT_PLOTLY_PORT = 47_830;

/** Where an HTML output loads plotly.js from when the page has none. */
export interface PlotlySource {
  readonly src: string;
  /** Subresource integrity ("sha384-…"): the browser runs the file only if it is this one. */
  readonly integrity?: string;
  /** Give up on this source after so many ms and try the next (default: wait for the browser's verdict). */
  readonly timeoutMs?: number;
}

export interface DisplayFigureOptions {
  /**
   * "screen" (default): the figure scaled to screen size, fonts and all (screenFigure); "print":
   * as the spec lays it out (capqa's figures: a paper column, 317 or 662 px wide).
   */
  readonly size?: "screen" | "print";
  /** Width in CSS px (default: layout.width after `size`, else 700): plotly draws at it, the image is rendered at it. */
  readonly width?: number;
  /** Height in CSS px (default: layout.height, else 450). */
  readonly height?: number;
  /** The static image: "png" (default), "svg", or false for none. */
  readonly image?: "png" | "svg" | false;
  /**
   * Image pixels per CSS px of the PNG, shown at the CSS size (default: 1 at screen size, where
   * the figure is already large; 1.5 at print size). 2 is sharper on high-density screens and
   * makes an executed notebook larger.
   */
  readonly scale?: number;
  /** Where the HTML loads plotly.js when the page has none (default: plotlySources(), the kernel's loopback server first). */
  readonly plotlySources?: readonly (string | PlotlySource)[];
  /** plotly config (default: FIGURE_CONFIG). */
  readonly config?: Record<string, unknown>;
  /** Text of the static image for screen readers (default: the layout's title, else "figure"). */
  readonly alt?: string;
}

/** A Jupyter MIME bundle: the content of one display_data message. */
export interface MimeBundle {
  readonly data: Record<string, unknown>;
  readonly metadata: Record<string, unknown>;
}

/** A static image of a figure, as it goes into a MIME bundle. */
export interface FigureImage {
  readonly mime: "image/png" | "image/svg+xml";
  /** Base64 for PNG, the document's text for SVG. */
  readonly content: string;
}

// ------------------------------------------------------------------ where plotly.js comes from

let integrityCache: string | undefined;

/** Subresource integrity of capqa's plotly.js bundle ("sha384-…"). */
export function plotlyIntegrity(): string {
  integrityCache ??= `sha384-${createHash("sha384").update(readFileSync(plotlyBundlePath())).digest("base64")}`;
  return integrityCache;
}

/** jsDelivr's copy of the npm file capqa bundles (plotly.js-dist-min at the installed version). */
export function plotlyCdnUrl(version = plotlyVersion()): string {
  return `https://cdn.jsdelivr.net/npm/plotly.js-dist-min@${version}/plotly.min.js`;
}

/** Path of plotly.js on a kernel's loopback server (versioned: kernels of two capqa versions never mix bundles). */
function localPath(): string {
  return `/plotly.js-dist-min@${plotlyVersion()}/plotly.min.js`;
}

/** The loopback port from $CAPQA_PLOTLY_PORT (undefined: the server is off). */
export function plotlyPort(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env[PLOTLY_PORT_ENV];
  if (raw === undefined || raw === "") return DEFAULT_PLOTLY_PORT;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n < 65_536 ? n : undefined;
}

/**
 * Where the HTML of a figure loads plotly.js, in order: the loopback server of a capqa kernel
 * (when `local`: displayFigure adds it when the port serves the bundle), then $CAPQA_PLOTLY_URL
 * if set, else jsDelivr.
 * Files of capqa's own bundle carry its integrity, so a different file on the port or the CDN
 * is refused and the next source tried.
 */
export function plotlySources(options: { local?: boolean; env?: NodeJS.ProcessEnv } = {}): PlotlySource[] {
  const env = options.env ?? process.env;
  const sources: PlotlySource[] = [];
  const port = plotlyPort(env);
  if (options.local && port !== undefined)
    sources.push({ src: `http://127.0.0.1:${port}${localPath()}`, integrity: plotlyIntegrity(), timeoutMs: 5000 });
  const custom = env[PLOTLY_URL_ENV];
  sources.push(custom ? { src: custom } : { src: plotlyCdnUrl(), integrity: plotlyIntegrity() });
  return sources;
}

let server: Server | undefined;
let serverStarting: Promise<boolean> | undefined;

/** Whether the process on the loopback port answers the bundle's path (another kernel's server). */
function servesBundle(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port, path: localPath(), method: "HEAD", timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(false));
    req.end();
  });
}

/**
 * Serves capqa's plotly.js on 127.0.0.1:$CAPQA_PLOTLY_PORT from this process unless a process
 * (another kernel) already does; true when the bundle is served there. The server answers
 * nothing but the bundle and never keeps the process alive.
 */
export async function ensureLocalPlotlyServer(): Promise<boolean> {
  const port = plotlyPort();
  if (port === undefined) return false;
  if (server !== undefined) return true;
  serverStarting ??= new Promise<boolean>((resolve) => {
    const path = localPath();
    const s = createServer((req, res) => {
      req.socket.unref();
      res.setHeader("Access-Control-Allow-Origin", "*");
      res.setHeader("Connection", "close");
      if ((req.method === "GET" || req.method === "HEAD") && req.url === path) {
        res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable" });
        if (req.method === "HEAD") res.end();
        else createReadStream(plotlyBundlePath()).pipe(res);
      } else {
        res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
      }
    });
    s.once("error", () => {
      // The port is taken, most often by another kernel's server: use it if it serves the bundle; try to own it next time.
      serverStarting = undefined;
      servesBundle(port).then(resolve);
    });
    s.listen(port, "127.0.0.1", () => {
      s.unref();
      server = s;
      resolve(true);
    });
  });
  return serverStarting;
}

// ------------------------------------------------------------------ the HTML representation

let counter = 0;

/** The layout's title text, if any. */
function titleOf(spec: PlotlyFigure): string | undefined {
  const t = spec.layout.title as string | { text?: unknown } | undefined;
  const text = typeof t === "string" ? t : typeof t?.text === "string" ? t.text : undefined;
  return text ? text.replace(/<[^>]*>/g, " ").trim() : undefined;
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The spec at a size: layout.width and height set, autosize off (plotly draws at exactly that size). */
export function sizedSpec(spec: PlotlyFigure, size: { width?: number; height?: number } = {}): PlotlyFigure {
  const width = size.width ?? (Number(spec.layout.width) || PLOTLY_DEFAULT_SIZE.width);
  const height = size.height ?? (Number(spec.layout.height) || PLOTLY_DEFAULT_SIZE.height);
  // A plain JSON copy: the bundle holds data only (no typed arrays, undefined or functions).
  const plain = JSON.parse(JSON.stringify({ data: spec.data, layout: spec.layout })) as {
    data: Record<string, unknown>[];
    layout: Record<string, unknown>;
  };
  return { data: plain.data, layout: { ...plain.layout, width, height, autosize: false } };
}

/**
 * The script of a figure's HTML: finds its div (document.currentScript, else the id), waits until
 * the div is in the document, gets plotly.js (the page's, else the first source that loads; one
 * load per page, shared by every figure) and draws the spec in place of the static image. When
 * no source loads, the static image stays and says why in its tooltip.
 */
function loaderScript(id: string, spec: PlotlyFigure, config: Record<string, unknown>, sources: readonly PlotlySource[]): string {
  return `<script type="text/javascript">(function () {
  var id = ${JSON.stringify(id)}, fig = ${scriptJson({ data: spec.data, layout: spec.layout, config })};
  var sources = ${scriptJson(sources)}, needs = ${scriptJson(traceTypes(spec.data))};
  var w = window, cs = document.currentScript, el = null, tries = 0;
  if (cs && cs.previousElementSibling && cs.previousElementSibling.id === id) el = cs.previousElementSibling;
  ${CARRIED_PLOTLY_SCRIPT.replace(/\n/g, "\n  ")}
  function usable() {
    var types = w.__capqaPlotlyTraces;
    return Boolean(w.Plotly && w.Plotly.newPlot) && (!types || needs.every(function (t) { return types.indexOf(t) >= 0; }));
  }
  function loadPlotly() {
    var carried = capqaCarriedPlotly(w, document, needs);
    if (carried) return Promise.resolve(carried);
    if (w.__capqaPlotly) return w.__capqaPlotly;
    var p = sources.reduce(function (prev, s) {
      return prev.catch(function () {
        return new Promise(function (resolve, reject) {
          if (usable()) return resolve(w.Plotly);
          var t = document.createElement("script");
          if (s.integrity) { t.integrity = s.integrity; t.crossOrigin = "anonymous"; }
          if (s.timeoutMs) setTimeout(function () { reject(new Error(s.src + " timed out")); }, s.timeoutMs);
          t.onload = function () { w.__capqaPlotlyTraces = undefined; if (usable()) resolve(w.Plotly); else reject(new Error(s.src)); };
          t.onerror = function () { if (t.parentNode) t.parentNode.removeChild(t); reject(new Error(s.src)); };
          t.src = s.src;
          document.head.appendChild(t);
        });
      });
    }, Promise.reject(new Error("no source")));
    w.__capqaPlotly = p;
    p.catch(function () { if (w.__capqaPlotly === p) w.__capqaPlotly = undefined; });
    return p;
  }
  function start() {
    el = el || document.getElementById(id);
    if (!el || !el.isConnected) { if (++tries < 600) setTimeout(start, 50); return; }
    loadPlotly().then(function (Plotly) {
      var still = el.firstElementChild;
      if (still) el.removeChild(still);
      return Promise.resolve(Plotly.newPlot(el, fig.data, fig.layout, fig.config)).catch(function (e) {
        if (still) el.appendChild(still);
        throw e;
      });
    }).catch(function (e) {
      var still = el.firstElementChild;
      var why = "plotly.js did not load (" + sources.map(function (s) { return s.src; }).join(", ") + "): " + (e && e.message);
      if (still) still.title = (still.tagName === "IMG" ? "static image; " : "") + why;
    });
  }
  start();
})();</script>`;
}

/**
 * The HTML of a figure in a notebook: a div of the figure's size holding the static image (what
 * a page without scripts, e.g. an untrusted notebook, shows) and the script that loads plotly.js
 * and draws the interactive figure over it. Nothing in it depends on another output.
 */
export function notebookFigureHtml(
  spec: PlotlyFigure,
  options: {
    image?: FigureImage;
    sources?: readonly (string | PlotlySource)[];
    config?: Record<string, unknown>;
    alt?: string;
    note?: string;
  } = {},
): string {
  const sized = sizedSpec(spec);
  const { width, height } = sized.layout as { width: number; height: number };
  const hash = createHash("sha256").update(JSON.stringify(sized)).digest("hex").slice(0, 10);
  const id = `capqa-fig-${hash}-${++counter}`;
  const sources = (options.sources ?? plotlySources()).map((s) => (typeof s === "string" ? { src: s } : s));
  const alt = escapeAttr(options.alt ?? titleOf(spec) ?? "figure");
  let inner: string;
  if (options.image) {
    const src =
      options.image.mime === "image/png"
        ? `data:image/png;base64,${options.image.content}`
        : `data:image/svg+xml;base64,${Buffer.from(options.image.content, "utf8").toString("base64")}`;
    inner = `<img src="${src}" width="${width}" height="${height}" alt="${alt}" style="display:block;max-width:none">`;
  } else {
    inner = `<p style="margin:0;padding:1em;color:#666666;font:12px sans-serif">${escapeAttr(options.note ?? "interactive figure: plotly.js has not loaded (a trusted notebook loads it)")}</p>`;
  }
  return `<div id="${id}" class="capqa-figure" style="width:${width}px;height:${height}px">${inner}</div>${loaderScript(id, sized, options.config ?? FIGURE_CONFIG, sources)}`;
}

// ------------------------------------------------------------------ the static image

function oneLine(e: unknown): string {
  const s = (e instanceof Error ? e.message : String(e)).replace(/\s+/g, " ").trim();
  return s.length > 300 ? `${s.slice(0, 299)}…` : s;
}

/** The worker thread rendering this process's static images (./render-worker.ts), started on first use, and its open requests. */
let renderer: { worker: Worker; pending: Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }> } | undefined;
let nextId = 0;
const tempDirs = new Set<string>();
let exitHooked = false;

type WorkerReply = { id?: number; ok?: boolean; content?: unknown; error?: string; type?: string; tempDir?: string };

function startRenderer(): NonNullable<typeof renderer> {
  const worker = new Worker(new URL("./render-worker.js", import.meta.url));
  const r: NonNullable<typeof renderer> = { worker, pending: new Map() };
  worker.on("message", (m: WorkerReply) => {
    if (m.type === "launched") {
      if (m.tempDir) tempDirs.add(m.tempDir);
      return;
    }
    const p = m.id === undefined ? undefined : r.pending.get(m.id);
    if (!p || m.id === undefined) return;
    r.pending.delete(m.id);
    if (r.pending.size === 0) worker.unref();
    if (m.ok) p.resolve(m.content);
    else p.reject(new Error(m.error ?? "the figure renderer failed"));
  });
  const fail = (e: unknown) => {
    if (renderer === r) renderer = undefined;
    for (const p of r.pending.values()) p.reject(new Error(`the figure renderer stopped: ${e instanceof Error ? e.message : String(e)}`));
    r.pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`exit code ${code}`)));
  hookExit();
  return r;
}

/** A request to the render worker; the worker keeps the process alive only while requests are open. */
function ask(message: Record<string, unknown>): Promise<unknown> {
  renderer ??= startRenderer();
  const r = renderer;
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    r.pending.set(id, { resolve, reject });
    r.worker.ref();
    r.worker.postMessage({ ...message, id });
  });
}

/** Closes the kernel's Chromium and its worker (displayFigure starts them again when next needed). */
export async function closeNotebookFigures(): Promise<void> {
  const r = renderer;
  if (r) {
    await ask({ type: "close" }).catch(() => undefined);
    if (renderer === r) renderer = undefined;
    await r.worker.terminate();
  }
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
  tempDirs.clear();
  if (server) {
    server.close();
    server.closeAllConnections();
    server = undefined;
  }
}

/**
 * Closes Chromium with the kernel. A kernel's shutdown (tslab closes its sockets and lets the
 * event loop end) closes it first, through the close of tslab's server, so that playwright
 * removes Chromium's profile; should the process end otherwise, Chromium ends with its pipe and
 * the exit handler removes the exporter's page.
 */
function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.once("exit", () => {
    for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
  });
  for (const jupyter of tslabJupyterModules()) {
    const proto = (jupyter.ZmqServer as { prototype?: { close?: (...a: unknown[]) => unknown } } | undefined)?.prototype;
    const close = proto?.close;
    if (!proto || typeof close !== "function" || (close as { capqa?: boolean }).capqa) continue;
    const wrapped = function (this: unknown, ...args: unknown[]) {
      const r = close.apply(this, args);
      void closeNotebookFigures();
      return r;
    };
    (wrapped as { capqa?: boolean }).capqa = true;
    proto.close = wrapped;
  }
}

/**
 * The static image of a figure, rendered by the kernel's Chromium (in a worker thread, one
 * render at a time); throws why there is none: no Chromium or playwright-core, a failed render.
 */
export async function renderFigureImage(spec: PlotlyFigure, options: { image?: "png" | "svg"; scale?: number } = {}): Promise<FigureImage> {
  const sized = sizedSpec(spec);
  const format = options.image === "svg" ? "svg" : "png";
  const content = (await ask({ type: "render", spec: sized, format, dpi: 96 * (options.scale ?? 1.5) })) as string;
  return { mime: format === "svg" ? "image/svg+xml" : "image/png", content };
}

/** A PNG (base64) of a whole HTML page rendered by the kernel's Chromium, `width` px wide, once `readySelector` matches. */
export async function renderPageImage(html: string, options: { readonly width: number; readonly readySelector?: string }): Promise<string> {
  return (await ask({ type: "page", html, width: options.width, readySelector: options.readySelector })) as string;
}

/** A small figure with text, drawn once when the renderer starts (fonts and plotly's first layout load then). */
const WARM_UP: PlotlyFigure = {
  data: [{ type: "bar", x: ["a"], y: [1] }],
  layout: { width: 120, height: 90, margin: { l: 20, r: 5, t: 5, b: 20 } },
};

/** The output that carries plotly.js for a notebook's figures (./carrier.ts): a note line, the bundle, the script that runs it. */
export function plotlyCarrierBundle(): MimeBundle {
  return { data: { "text/html": plotlyCarrierHtml(), "text/plain": carrierNote() }, metadata: {} };
}

/**
 * Call it in a notebook's setup cell: it shows one output that carries plotly.js (1.4 MB, once
 * per notebook), from which every figure and the explorer draw at once, offline and in exported
 * HTML; and it starts the kernel's Chromium in the background (two to four seconds, spent in a
 * worker thread while the next cells run), so the first figure's static image does not wait.
 * `carryPlotly: false` leaves the output out (figures then load plotly.js themselves). It
 * returns at once and never throws: a Chromium that cannot start is reported by the figures'
 * outputs. Outside a tslab kernel it does nothing.
 *
 * @example
 * import { prepareFigures } from "capqa/figures";
 * prepareFigures(); // first cell of a notebook with figures
 */
export function prepareFigures(options: { readonly carryPlotly?: boolean } = {}): void {
  const write = kernelWriter();
  if (write === undefined) return;
  if (options.carryPlotly !== false) {
    const bundle = plotlyCarrierBundle();
    write({ data: bundle.data, metadata: bundle.metadata, transient: {} }, false);
  }
  void ensureLocalPlotlyServer().catch(() => false);
  void ask({ type: "render", spec: WARM_UP, format: "png", dpi: 96 }).catch(() => undefined);
}

// ------------------------------------------------------------------ the bundle and the display

/** The MIME bundle of a figure (what displayFigure sends): plotly JSON, self-sufficient HTML, a static image, a text line. */
export async function figureBundle(spec: PlotlyFigure, options: DisplayFigureOptions = {}): Promise<MimeBundle> {
  const screen = (options.size ?? "screen") === "screen";
  const sized = sizedSpec(screen ? screenFigure(spec) : spec, options);
  const { width, height } = sized.layout as { width: number; height: number };
  const config = options.config ?? FIGURE_CONFIG;
  let image: FigureImage | undefined;
  let missing: string | undefined;
  if (options.image !== false) {
    try {
      image = await renderFigureImage(sized, {
        image: options.image === "svg" ? "svg" : "png",
        scale: options.scale ?? (screen ? SCREEN_FIGURE_PNG_SCALE : 1.5),
      });
    } catch (e) {
      missing = oneLine(e);
    }
  }
  const title = titleOf(sized);
  const name = `capqa figure${title ? ` "${title}"` : ""} (${width} × ${height} px)`;
  const data: Record<string, unknown> = {
    [PLOTLY_MIME]: { data: sized.data, layout: sized.layout, config },
    "text/html": notebookFigureHtml(sized, {
      image,
      sources: options.plotlySources,
      config,
      alt: options.alt,
      note:
        missing === undefined
          ? undefined
          : `interactive figure: plotly.js has not loaded (a trusted notebook loads it); no static image: ${missing}`,
    }),
    "text/plain": missing === undefined ? name : `${name}; no static image: ${missing}`,
  };
  const metadata: Record<string, unknown> = {};
  if (image) {
    data[image.mime] = image.content;
    metadata[image.mime] = { width, height };
  }
  return { data, metadata };
}

/** Sends one display_data output to the running cell (tslab's writer). */
export type DisplayWriter = (
  content: { data: Record<string, unknown>; metadata: Record<string, unknown>; transient: Record<string, unknown> },
  update: boolean,
) => void;

/** tslab's jupyter modules loaded in this process (the kernel's, and any other copy). */
function tslabJupyterModules(): Record<string, unknown>[] {
  const cache = createRequire(import.meta.url).cache;
  const out: Record<string, unknown>[] = [];
  for (const [file, mod] of Object.entries(cache)) {
    if (/[\\/]tslab[\\/]dist[\\/]jupyter\.js$/.test(file) && mod?.exports) out.push(mod.exports as Record<string, unknown>);
  }
  return out;
}

/** The display writer of the cell tslab is running (undefined outside a tslab kernel). */
export function kernelWriter(): DisplayWriter | undefined {
  for (const jupyter of tslabJupyterModules()) {
    if (typeof jupyter.lastWriteDisplayData === "function") return jupyter.lastWriteDisplayData as DisplayWriter;
  }
  return undefined;
}

/**
 * Shows a figure spec in a tslab notebook as one output carrying the plotly JSON, an HTML that
 * loads plotly.js itself and a static PNG (see the top of this file). Await it, so the figure
 * comes out inside its cell and in order with the cell's other outputs:
 *
 *   import { classCounts, classCountsFigure, displayFigure } from "capqa/figures";
 *   await displayFigure(classCountsFigure(classCounts(bench)));
 *
 * Without Chromium or playwright-core the output has no image and its text says why; the cell
 * does not fail. The kernel's Chromium starts with the first figure (or with prepareFigures())
 * and closes with the kernel. Outside a tslab kernel this throws (use figureToHtml or
 * FigureExporter there).
 */
export async function displayFigure(spec: PlotlyFigure, options: DisplayFigureOptions = {}): Promise<void> {
  // The writer of the running cell, taken before anything is awaited.
  const write = kernelWriter();
  if (write === undefined)
    throw new Error(
      "displayFigure shows figures in a tslab notebook kernel; elsewhere use figureToHtml (HTML pages) or FigureExporter (image files)",
    );
  const sources = options.plotlySources ?? plotlySources({ local: await ensureLocalPlotlyServer().catch(() => false) });
  const bundle = await figureBundle(spec, { ...options, plotlySources: sources });
  write({ data: bundle.data, metadata: bundle.metadata, transient: {} }, false);
}
