/**
 * The worker thread that renders a notebook kernel's static images (./notebook.ts): it owns the
 * kernel's one FigureExporter (headless Chromium with plotly.js), launched on the first request.
 * Chromium's start-up and every render are driven from this thread's event loop, so they go on
 * while the kernel runs a cell's synchronous code.
 *
 * Messages in: { id, type: "render", spec, format: "png" | "svg", dpi } | { id, type: "page",
 * html, width, readySelector } (a PNG of a whole page) | { id, type: "close" }.
 * Messages out: { id, ok: true, content } (PNG base64, SVG text) | { id, ok: false, error }, and
 * { type: "launched", tempDir } once Chromium runs.
 */
import { parentPort } from "node:worker_threads";
import { FigureExporter } from "./export.js";
import type { PlotlyFigure } from "./heatmap.js";

type Request =
  | { id: number; type: "render"; spec: PlotlyFigure; format: "png" | "svg"; dpi: number }
  | { id: number; type: "page"; html: string; width: number; readySelector?: string }
  | { id: number; type: "close" };

const port = parentPort;
let exporter: FigureExporter | undefined;
let unavailable: string | undefined;
let queue: Promise<unknown> = Promise.resolve();

function oneLine(e: unknown): string {
  const s = (e instanceof Error ? e.message : String(e)).replace(/\s+/g, " ").trim();
  return s.length > 300 ? `${s.slice(0, 299)}…` : s;
}

/** The exporter, launched on first use and again if Chromium went away; a launch that failed is not retried. */
async function current(): Promise<FigureExporter> {
  if (unavailable !== undefined) throw new Error(unavailable);
  if (exporter?.connected) return exporter;
  try {
    // SIGINT is how Jupyter interrupts a cell: playwright must not answer it by closing Chromium and exiting.
    exporter = await FigureExporter.launch({ dpi: 96, timeoutMs: 30_000, handleSIGINT: false });
    port?.postMessage({ type: "launched", tempDir: exporter.temporaryDirectory });
    return exporter;
  } catch (e) {
    unavailable = oneLine(e);
    throw new Error(unavailable);
  }
}

async function handle(req: Request): Promise<unknown> {
  if (req.type === "close") {
    const e = exporter;
    exporter = undefined;
    await e?.close();
    return true;
  }
  const e = await current();
  if (req.type === "page")
    return (await e.screenshotPage(req.html, { width: req.width, readySelector: req.readySelector })).toString("base64");
  if (req.format === "svg") return e.toSvg(req.spec);
  return (await e.toPng(req.spec, req.dpi)).toString("base64");
}

port?.on("message", (req: Request) => {
  const run = queue.then(() => handle(req));
  queue = run.catch(() => undefined);
  run.then(
    (content) => port.postMessage({ id: req.id, ok: true, content }),
    (e) => port.postMessage({ id: req.id, ok: false, error: oneLine(e) }),
  );
});
