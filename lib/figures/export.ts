/**
 * Exports figure specs to SVG, PNG and PDF through headless Chromium (Debian's package) driven
 * by playwright-core (an optional package, loaded on first export), with plotly.js rendering in
 * the page.
 *
 * Determinism: plotly draws random ids (clip paths, trace uids) from Math.random, which the page
 * replaces by a seeded generator reset before every figure; fonts are Debian's Liberation Sans
 * and DejaVu Sans; PDF creation and modification dates are set to a fixed date (same length, so
 * the cross-reference offsets stay valid); PNGs get a pHYs chunk with the resolution and
 * nothing time-dependent. The same specs give byte-identical files on the same Chromium.
 */
import { DEFAULT_PNG_DPI } from "../constants.js";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { loadOptional } from "../optional.js";
import type { PlotlyFigure } from "./heatmap.js";
import { COLUMN_WIDTH_IN, CSS_PX_PER_INCH, type ColumnWidth } from "./palette.js";
import { plotlyBundlePath, plotlyVersion } from "./plotly-bundle.js";

export const FIGURE_FORMATS = ["svg", "pdf", "png"] as const;
export type FigureFormat = (typeof FIGURE_FORMATS)[number];

/** Environment variable naming the Chromium binary (else /usr/bin/chromium and its usual aliases). */
export const CHROMIUM_ENV = "CAPQA_CHROMIUM";
const CHROMIUM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/lib/chromium/chromium"];

export const CHROMIUM_INSTALL_HINT =
  "install Debian's Chromium and fonts (apt-get install chromium fonts-dejavu-core fonts-liberation), or name a Chromium binary in $" +
  CHROMIUM_ENV;

/** The Chromium binary to use: the argument, $CAPQA_CHROMIUM, then Debian's paths; undefined if none exists. */
export function findChromium(explicit?: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (explicit) return existsSync(explicit) ? explicit : undefined;
  const fromEnv = env[CHROMIUM_ENV];
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p));
}

/** Arguments Chromium is started with: headless, no GPU, no network chatter, no first-run work. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--font-render-hinting=none",
  "--disable-lcd-text",
  "--force-color-profile=srgb",
];

export interface ExporterOptions {
  /** Chromium binary (default: findChromium()). */
  readonly executablePath?: string;
  /** PNG resolution (default 300 dpi). */
  readonly dpi?: number;
  /** Per-figure time limit in ms (default 60 s). */
  readonly timeoutMs?: number;
  /**
   * Let playwright close Chromium and exit the process on Ctrl-C (default true, as in the CLI).
   * A notebook kernel passes false: Jupyter interrupts a cell with SIGINT, which must not end the kernel.
   */
  readonly handleSIGINT?: boolean;
}

/** Size of a spec in CSS px (its layout's width and height). */
export function specSize(spec: PlotlyFigure): { width: number; height: number } {
  const w = Number(spec.layout.width);
  const h = Number(spec.layout.height);
  if (!(w > 0 && h > 0)) throw new Error("a figure to export needs layout.width and layout.height in px (the builders set them)");
  return { width: w, height: h };
}

/** Pixel size of the PNG of a spec at a resolution: plotly draws width × dpi/96 (truncated). */
export function pngPixelSize(spec: PlotlyFigure, dpi = DEFAULT_PNG_DPI): { width: number; height: number } {
  const { width, height } = specSize(spec);
  const scale = dpi / CSS_PX_PER_INCH;
  return { width: Math.floor(width * scale), height: Math.floor(height * scale) };
}

// ------------------------------------------------------------------ file post-processing

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk. */
export function pngDimensions(png: Uint8Array): { width: number; height: number } {
  const b = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (b.length < 24 || !b.subarray(0, 8).equals(PNG_SIGNATURE) || b.toString("latin1", 12, 16) !== "IHDR")
    throw new Error("not a PNG file");
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/**
 * Sets a PNG's physical resolution (pHYs chunk after IHDR, replacing one already there), so that
 * word processors and LaTeX place it at its printed size. Ancillary chunks that carry times
 * (tIME) are dropped.
 */
export function setPngDpi(png: Uint8Array, dpi: number): Buffer {
  const b = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  pngDimensions(b);
  const chunks: Buffer[] = [PNG_SIGNATURE];
  let pos = 8;
  while (pos < b.length) {
    const len = b.readUInt32BE(pos);
    const type = b.toString("latin1", pos + 4, pos + 8);
    const end = pos + 12 + len;
    if (type !== "pHYs" && type !== "tIME") chunks.push(b.subarray(pos, end));
    if (type === "IHDR") {
      const ppm = Math.round(dpi / 0.0254);
      const body = Buffer.alloc(13);
      body.write("pHYs", 0, "latin1");
      body.writeUInt32BE(ppm, 4);
      body.writeUInt32BE(ppm, 8);
      body[12] = 1; // unit: metre
      const chunk = Buffer.alloc(21);
      chunk.writeUInt32BE(9, 0);
      body.copy(chunk, 4);
      chunk.writeUInt32BE(crc32(body), 17);
      chunks.push(chunk);
    }
    pos = end;
  }
  return Buffer.concat(chunks);
}

/** The fixed date written into every exported PDF (creation and modification). */
export const PDF_FIXED_DATE = "20000101000000";

/**
 * Makes a Chromium PDF reproducible: CreationDate and ModDate get a fixed date of the same
 * length (byte offsets, hence the xref table, are unchanged).
 */
export function normalisePdf(pdf: Uint8Array): Buffer {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString("latin1");
  if (!text.startsWith("%PDF-")) throw new Error("not a PDF file");
  const out = text.replace(/\/(CreationDate|ModDate)\s*\(D:(\d{14})/g, (_m, key: string) => `/${key} (D:${PDF_FIXED_DATE}`);
  if (out.length !== text.length) throw new Error("PDF normalisation changed the file length");
  return Buffer.from(out, "latin1");
}

// ------------------------------------------------------------------ the exporter

const SEED_SCRIPT = `
window.__capqaSeed = function (seed) {
  var s = seed >>> 0;
  Math.random = function () {
    s = (s + 0x6d2b79f5) >>> 0;
    var t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
window.__capqaSeed(1);
`;

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A headless Chromium with plotly.js loaded; renders specs one at a time. Close it when done. */
export class FigureExporter {
  private constructor(
    private readonly browser: Browser,
    private readonly plotPage: Page,
    readonly dpi: number,
    readonly chromium: string,
    readonly chromiumVersion: string,
    private readonly timeoutMs: number,
    private readonly tempDir?: string,
  ) {}

  static async launch(options: ExporterOptions = {}): Promise<FigureExporter> {
    // playwright-core is optional (lib/optional.ts): without it, one line says how to install it.
    const { chromium } = await loadOptional<typeof import("playwright-core")>("playwright-core", "figure export");
    const executablePath = options.executablePath ?? findChromium();
    if (executablePath === undefined || !existsSync(executablePath)) {
      throw new Error(`no Chromium found${options.executablePath ? ` at ${options.executablePath}` : ""}: ${CHROMIUM_INSTALL_HINT}`);
    }
    // launch() starts Chromium with a fresh temporary profile, removed on close.
    const browser = await chromium.launch({
      executablePath,
      args: CHROMIUM_ARGS,
      headless: true,
      handleSIGINT: options.handleSIGINT ?? true,
    });
    let tempDir: string | undefined;
    try {
      const context = await browser.newContext({
        deviceScaleFactor: 1,
        locale: "en-US",
        timezoneId: "UTC",
        colorScheme: "light",
        reducedMotion: "reduce",
      });
      const plotPage = await context.newPage();
      // Chromium loads plotly.js from its file itself (faster than pushing 4.8 MB through the protocol).
      tempDir = mkdtempSync(join(tmpdir(), "capqa-figures-"));
      const page = join(tempDir, "plot.html");
      writeFileSync(
        page,
        `<!doctype html><html><head><meta charset="utf-8"><title>capqa figures</title><script>${SEED_SCRIPT}</script><script src="${pathToFileURL(plotlyBundlePath()).href}"></script></head><body style="margin:0"></body></html>`,
      );
      await plotPage.goto(pathToFileURL(page).href, { waitUntil: "load", timeout: options.timeoutMs ?? 60_000 });
      const ok = await plotPage.evaluate(() => typeof (globalThis as unknown as { Plotly?: unknown }).Plotly === "object");
      if (!ok) throw new Error("plotly.js did not load in Chromium");
      return new FigureExporter(
        browser,
        plotPage,
        options.dpi ?? DEFAULT_PNG_DPI,
        executablePath,
        browser.version(),
        options.timeoutMs ?? 60_000,
        tempDir,
      );
    } catch (e) {
      await browser.close();
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
      throw e;
    }
  }

  /** The page PDFs are printed from, opened on the first PDF (SVG and PNG do not need it). */
  private printPage?: Page;

  /** Whether Chromium is still running (it may have crashed or been closed). */
  get connected(): boolean {
    return this.browser.isConnected();
  }

  /** The exporter's temporary folder (the page plotly.js runs in), removed by close(). */
  get temporaryDirectory(): string | undefined {
    return this.tempDir;
  }

  /** What rendered the files, for the record (index.json). */
  describe(): { chromium: string; chromiumVersion: string; plotly: string; dpi: number } {
    return { chromium: this.chromium, chromiumVersion: this.chromiumVersion, plotly: plotlyVersion(), dpi: this.dpi };
  }

  private async toImage(spec: PlotlyFigure, format: "svg" | "png", scale: number): Promise<string> {
    const { width, height } = specSize(spec);
    this.plotPage.setDefaultTimeout(this.timeoutMs);
    return this.plotPage.evaluate(
      async ({ data, layout, format, width, height, scale }) => {
        const w = globalThis as unknown as {
          __capqaSeed(s: number): void;
          Plotly: { toImage(fig: unknown, opts: unknown): Promise<string> };
        };
        w.__capqaSeed(1);
        return w.Plotly.toImage({ data, layout, config: { staticPlot: true, displayModeBar: false } }, { format, width, height, scale });
      },
      { data: spec.data, layout: spec.layout, format, width, height, scale },
    );
  }

  /** The figure as an SVG document (text as text, fonts named, not embedded). */
  async toSvg(spec: PlotlyFigure): Promise<string> {
    const url = await this.toImage(spec, "svg", 1);
    const comma = url.indexOf(",");
    const head = url.slice(0, comma);
    const body = url.slice(comma + 1);
    const svg = head.endsWith(";base64") ? Buffer.from(body, "base64").toString("utf8") : decodeURIComponent(body);
    if (!svg.startsWith("<svg")) throw new Error("plotly did not return an SVG document");
    return svg;
  }

  /** The figure as a PNG at a resolution (default the exporter's), with the resolution recorded in the file. */
  async toPng(spec: PlotlyFigure, dpi = this.dpi): Promise<Buffer> {
    const url = await this.toImage(spec, "png", dpi / CSS_PX_PER_INCH);
    const png = Buffer.from(url.slice(url.indexOf(",") + 1), "base64");
    return setPngDpi(png, dpi);
  }

  /** The figure as a one-page vector PDF of its exact size, fonts embedded (subset) by Chromium. */
  async toPdf(spec: PlotlyFigure, title = "figure"): Promise<Buffer> {
    const { width, height } = specSize(spec);
    const svg = await this.toSvg(spec);
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>@page { size: ${width}px ${height}px; margin: 0 } html, body { margin: 0; padding: 0; background: #ffffff } svg { display: block }</style></head><body>${svg}</body></html>`;
    this.printPage ??= await this.plotPage.context().newPage();
    const printPage = this.printPage;
    printPage.setDefaultTimeout(this.timeoutMs);
    await printPage.setContent(html, { waitUntil: "load" });
    await printPage.evaluate(() =>
      (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready.then(() => undefined),
    );
    const pdf = await printPage.pdf({
      width: `${width}px`,
      height: `${height}px`,
      printBackground: true,
      margin: { top: "0", right: "0", bottom: "0", left: "0" },
      pageRanges: "1",
      tagged: false,
      outline: false,
    });
    return normalisePdf(pdf);
  }

  /**
   * A PNG of a whole HTML page (the explorer's, for its static picture) in a window `width` px
   * wide, taken once `readySelector` matches and the fonts are loaded.
   */
  async screenshotPage(html: string, options: { readonly width: number; readonly readySelector?: string }): Promise<Buffer> {
    const page = await this.plotPage.context().newPage();
    try {
      page.setDefaultTimeout(this.timeoutMs);
      await page.setViewportSize({ width: Math.round(options.width), height: 800 });
      await page.setContent(html, { waitUntil: "load" });
      if (options.readySelector) await page.waitForSelector(options.readySelector, { state: "attached" });
      await page.evaluate(() =>
        (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready.then(() => undefined),
      );
      return await page.screenshot({ fullPage: true, type: "png" });
    } finally {
      await page.close();
    }
  }

  async render(spec: PlotlyFigure, format: FigureFormat, title?: string): Promise<Buffer> {
    if (format === "svg") return Buffer.from(await this.toSvg(spec), "utf8");
    if (format === "png") return this.toPng(spec);
    if (format === "pdf") return this.toPdf(spec, title);
    throw new Error(`unknown figure format "${String(format)}"; expected ${FIGURE_FORMATS.join(", ")}`);
  }

  async close(): Promise<void> {
    try {
      await this.browser.close();
    } finally {
      if (this.tempDir) rmSync(this.tempDir, { recursive: true, force: true });
    }
  }
}

// ------------------------------------------------------------------ exporting a set

/** One figure to export at one width. */
export interface FigureJob {
  /** File stem, e.g. "fig4-class-counts". */
  readonly id: string;
  readonly width: ColumnWidth;
  readonly spec: PlotlyFigure;
  readonly title?: string;
}

export interface ExportedFile {
  readonly file: string;
  readonly figure: string;
  readonly format: FigureFormat;
  readonly width: ColumnWidth;
  readonly widthIn: number;
  readonly heightIn: number;
  /** Pixel size (PNG) or CSS px size (SVG, PDF page at 96 px per inch). */
  readonly widthPx: number;
  readonly heightPx: number;
  readonly bytes: number;
  readonly sha256: string;
}

export interface FigureIndex {
  readonly generator: string;
  readonly renderer: { chromiumVersion: string; plotly: string; dpi: number };
  readonly figures: { id: string; title?: string; width: ColumnWidth }[];
  readonly files: ExportedFile[];
}

/** File name of a figure at a width in a format: "<id>-<width>.<format>". */
export function figureFileName(id: string, width: ColumnWidth, format: FigureFormat): string {
  return `${id}-${width}.${format}`;
}

function writeAtomic(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, path);
}

/**
 * Renders every job in every format into outDir and writes outDir/index.json (files, sizes,
 * SHA-256; nothing time-dependent). Returns the index.
 */
export async function exportFigures(
  jobs: readonly FigureJob[],
  outDir: string,
  options: ExporterOptions & {
    formats?: readonly FigureFormat[];
    onFile?: (file: ExportedFile, done: number, total: number) => void;
    exporter?: FigureExporter;
  } = {},
): Promise<FigureIndex> {
  const formats = options.formats ?? FIGURE_FORMATS;
  for (const f of formats)
    if (!FIGURE_FORMATS.includes(f)) throw new Error(`unknown figure format "${f}"; expected ${FIGURE_FORMATS.join(", ")}`);
  const exporter = options.exporter ?? (await FigureExporter.launch(options));
  const files: ExportedFile[] = [];
  const total = jobs.length * formats.length;
  try {
    for (const job of jobs) {
      const { width, height } = specSize(job.spec);
      for (const format of formats) {
        const bytes = await exporter.render(job.spec, format, job.title ?? job.id);
        const name = figureFileName(job.id, job.width, format);
        writeAtomic(join(outDir, name), bytes);
        const px = format === "png" ? pngDimensions(bytes) : { width, height };
        const entry: ExportedFile = {
          file: name,
          figure: job.id,
          format,
          width: job.width,
          widthIn: Number((width / CSS_PX_PER_INCH).toFixed(3)),
          heightIn: Number((height / CSS_PX_PER_INCH).toFixed(3)),
          widthPx: px.width,
          heightPx: px.height,
          bytes: bytes.length,
          sha256: createHash("sha256").update(bytes).digest("hex"),
        };
        files.push(entry);
        options.onFile?.(entry, files.length, total);
      }
    }
  } finally {
    if (!options.exporter) await exporter.close();
  }
  const d = exporter.describe();
  const index: FigureIndex = {
    generator: "capqa figures",
    renderer: { chromiumVersion: d.chromiumVersion, plotly: d.plotly, dpi: d.dpi },
    figures: jobs.map((j) => ({ id: j.id, ...(j.title ? { title: j.title } : {}), width: j.width })),
    files,
  };
  writeAtomic(join(outDir, "index.json"), Buffer.from(JSON.stringify(index, null, 2) + "\n", "utf8"));
  return index;
}

/** Expected PNG size of a figure width (the figure's own height decides the rest). */
export function columnPixelWidth(width: ColumnWidth, dpi = DEFAULT_PNG_DPI): number {
  return Math.floor(Math.round(COLUMN_WIDTH_IN[width] * CSS_PX_PER_INCH) * (dpi / CSS_PX_PER_INCH));
}
