/**
 * A real Jupyter Notebook (Debian's classic Notebook 6.4 under /usr/bin/python3) on 127.0.0.1 with
 * the project's tslab kernel, and headless Chromium driven by playwright-core, for tests that look
 * at notebooks the way a researcher does: open one, Cell → Run All, wait for the kernel, look at
 * what the page shows; then save it, export it with nbconvert and open the HTML with the network
 * blocked. Everything lives in one temporary folder (notebook copies, Jupyter's config, runtime
 * and kernelspec, exports, screenshots), removed by close() unless the caller keeps it.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "../../lib/figures/export.js";
import { planTslabKernel, registerTslabKernel } from "../../lib/setup/jupyter-kernel.js";

/** The Python with Jupyter (classic Notebook, nbconvert) these tests drive. */
export const JUPYTER_PYTHON = "/usr/bin/python3";

/** Why the browser tests cannot run here (undefined: they can). */
export function browserTestsUnavailable(repo: string): string | undefined {
  if (!findChromium()) return "no Chromium (Debian: apt-get install chromium)";
  if (!existsSync(JUPYTER_PYTHON)) return `no ${JUPYTER_PYTHON}`;
  const probe = spawnSync(JUPYTER_PYTHON, ["-c", "import notebook, nbconvert, jupyter_client"], { encoding: "utf8" });
  if (probe.status !== 0)
    return `${JUPYTER_PYTHON} has no Jupyter Notebook and nbconvert (Debian: apt-get install jupyter-notebook python3-nbconvert)`;
  if (!existsSync(join(repo, "node_modules", "tslab"))) return "tslab is not installed (npm install)";
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => ok(port));
    });
  });
}

export interface JupyterSession {
  /** The temporary folder holding everything (notebooks, exports, screenshots). */
  readonly dir: string;
  /** Where the notebook copies are (Jupyter's notebook dir). */
  readonly notebookDir: string;
  readonly baseUrl: string;
  readonly token: string;
  readonly browser: Browser;
  /** Jupyter's own log so far (for failure messages). */
  log(): string;
  close(): Promise<void>;
}

/**
 * Starts Jupyter Notebook on a free loopback port on copies of `notebooks` (file paths), with the
 * project's tslab kernel registered in the session's own Jupyter data folder (absolute Node and
 * tslab, as `capqa setup kernel` registers it), and Chromium.
 */
export async function startJupyter(repo: string, notebooks: readonly string[], env: NodeJS.ProcessEnv): Promise<JupyterSession> {
  const dir = mkdtempSync(join(tmpdir(), "capqa-notebooks-browser-"));
  const notebookDir = join(dir, "notebooks");
  mkdirSync(notebookDir);
  for (const nb of notebooks) copyFileSync(nb, join(notebookDir, basename(nb)));
  // The kernel resolves `import … from "capqa"` from the notebook's folder, as in a user's project.
  symlinkSync(join(repo, "node_modules"), join(dir, "node_modules"), "dir");
  const jupyterEnv: NodeJS.ProcessEnv = {
    ...env,
    JUPYTER_DATA_DIR: join(dir, "jupyter-data"),
    JUPYTER_CONFIG_DIR: join(dir, "jupyter-config"),
    JUPYTER_RUNTIME_DIR: join(dir, "jupyter-runtime"),
    JUPYTER_PATH: join(dir, "jupyter-data"),
    // A plain shell: the kernelspec names absolute paths, nothing comes from node_modules/.bin.
    PATH: (env.PATH ?? "")
      .split(":")
      .filter((p) => !p.includes("node_modules"))
      .join(":"),
  };
  registerTslabKernel(planTslabKernel(repo, { python: JUPYTER_PYTHON, env: jupyterEnv }));
  const port = await freePort();
  const token = randomBytes(16).toString("hex");
  const args = [
    "-m",
    "notebook",
    "--no-browser",
    "--ip=127.0.0.1",
    `--port=${port}`,
    "--NotebookApp.port_retries=0",
    `--NotebookApp.token=${token}`,
    `--notebook-dir=${notebookDir}`,
  ];
  if (process.getuid?.() === 0) args.push("--allow-root");
  const server: ChildProcess = spawn(JUPYTER_PYTHON, args, { env: jupyterEnv, cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  server.stdout?.on("data", (d) => (log += d));
  server.stderr?.on("data", (d) => (log += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`Jupyter exited with ${server.exitCode}:\n${log}`);
    try {
      const r = await fetch(`${baseUrl}/api/status?token=${token}`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Jupyter did not answer on ${baseUrl} within 60 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true });
  return {
    dir,
    notebookDir,
    baseUrl,
    token,
    browser,
    log: () => log,
    async close() {
      await browser.close().catch(() => undefined);
      server.kill("SIGTERM");
      await new Promise((r) => (server.exitCode !== null ? r(undefined) : server.once("exit", r)));
    },
  };
}

/** Console errors and page errors of a page and its frames, as they come. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m: ConsoleMessage) => {
    if (m.type() === "error") errors.push(`console error: ${m.text()}${m.location().url ? ` (${m.location().url.slice(0, 120)})` : ""}`);
  });
  page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
  page.on("crash", () => errors.push("the page crashed"));
  return errors;
}

/** A 1280 × 900 window, the size a researcher's laptop shows. */
export const WINDOW = { width: 1280, height: 900 } as const;

export async function newWindow(browser: Browser, options: { offline?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: WINDOW,
    deviceScaleFactor: 1,
    locale: "en-US",
    timezoneId: "UTC",
    colorScheme: "light",
    acceptDownloads: true,
  });
  if (options.offline) {
    // Nothing but the file itself: every http(s) request fails, as on a machine without network.
    await context.route(/^(?!file:|data:|about:)/, (route) => route.abort("internetdisconnected"));
  }
  return { context, page: await context.newPage() };
}

// Code passed to page.evaluate runs in the page, where Jupyter's globals exist.
declare const Jupyter: {
  notebook: {
    kernel?: { info_reply?: { protocol_version?: string } };
    get_cells(): { cell_type: string; input_prompt_number?: number | string | null }[];
    save_notebook(): Promise<unknown>;
    dirty: boolean;
  };
};
declare const window: { __capqaStable?: number };
declare const document: { querySelector(s: string): unknown };

/** How long a page waits for its kernel's first answer before it is reloaded (as a reader would). */
const KERNEL_READY_MS = 90_000;
/** Reloads of a page whose kernel has not answered, before the test gives up. */
const KERNEL_RELOADS = 2;

/** What the page knows of its kernel, for a failure message. */
async function kernelState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const k = (globalThis as unknown as { Jupyter?: { notebook?: { kernel?: Record<string, unknown> } } }).Jupyter?.notebook?.kernel;
      const icon = (document.querySelector("#kernel_indicator_icon") as { className?: string } | null)?.className ?? "no indicator";
      const ws = (k?.ws as { readyState?: number } | undefined)?.readyState;
      return `kernel ${k ? `id ${String(k.id)}, websocket state ${ws ?? "none"}` : "not created"}; indicator ${icon}`;
    })
    .catch((e: Error) => `page not readable (${e.message.split("\n")[0]})`);
}

/**
 * Opens a notebook of the session in a page and waits until its kernel is ready. A kernel that
 * has not answered in KERNEL_READY_MS gets the page reloaded (the session and kernel stay), at
 * most KERNEL_RELOADS times; the reloads are returned so a test can report them. On failure the
 * message holds the page's view of its kernel and the end of Jupyter's log.
 */
export async function openNotebook(session: JupyterSession, page: Page, file: string): Promise<{ readyMs: number; reloads: number }> {
  const started = Date.now();
  await page.goto(`${session.baseUrl}/notebooks/${encodeURIComponent(file)}?token=${session.token}`);
  for (let reloads = 0; ; reloads++) {
    try {
      await page.waitForFunction(() => Boolean(Jupyter?.notebook?.kernel?.info_reply?.protocol_version), null, {
        timeout: KERNEL_READY_MS,
      });
      return { readyMs: Date.now() - started, reloads };
    } catch (e) {
      if (reloads >= KERNEL_RELOADS) {
        const state = await kernelState(page);
        throw new Error(
          `${file}: the kernel did not answer within ${Math.round((Date.now() - started) / 1000)} s (${reloads} reloads of the page); ${state}; ` +
            `Jupyter's log ends:\n${session.log().slice(-4000)}`,
          { cause: e },
        );
      }
      await page.reload();
    }
  }
}

/**
 * Cell → Run All through the menu, then waits until the kernel is idle and every code cell has
 * run (or a cell failed, which stops Run All), steadily for two seconds.
 */
export async function runAllCells(page: Page, timeoutMs: number): Promise<void> {
  await page.click("#celllink");
  await page.click("#run_all_cells");
  await page.waitForFunction(
    () => {
      const cells = Jupyter.notebook.get_cells().filter((c) => c.cell_type === "code");
      const idle = Boolean(document.querySelector("#kernel_indicator_icon.kernel_idle_icon"));
      const settled = cells.every((c) => c.input_prompt_number !== "*");
      const finished = cells.every((c) => typeof c.input_prompt_number === "number") || Boolean(document.querySelector(".output_error"));
      window.__capqaStable = idle && settled && finished ? (window.__capqaStable ?? 0) + 1 : 0;
      return window.__capqaStable >= 5;
    },
    null,
    { timeout: timeoutMs, polling: 400 },
  );
}

/** Saves the notebook through the page (File → Save) and waits until it is written. */
export async function saveNotebook(page: Page): Promise<void> {
  await page.evaluate(() => Jupyter.notebook.save_notebook());
  await page.waitForFunction(() => !Jupyter.notebook.dirty, null, { timeout: 60_000 });
}

/** Exports a saved notebook to HTML with nbconvert (the classic template); returns the HTML file. */
export function exportHtml(session: JupyterSession, file: string): string {
  const out = join(session.dir, "html");
  mkdirSync(out, { recursive: true });
  const r = spawnSync(JUPYTER_PYTHON, ["-m", "nbconvert", "--to", "html", "--output-dir", out, join(session.notebookDir, file)], {
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`nbconvert failed on ${file}:\n${r.stderr}`);
  const html = join(out, file.replace(/\.ipynb$/, ".html"));
  if (!existsSync(html)) throw new Error(`nbconvert wrote no ${html}:\n${r.stderr}`);
  return html;
}

/** A full-page screenshot under the session's folder; returns its path (for a failure message). */
export async function screenshot(session: JupyterSession, page: Page, name: string): Promise<string> {
  const dir = join(session.dir, "screenshots");
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, `${name.replace(/[^\w.-]+/g, "_")}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  return file;
}

export function removeSession(session: JupyterSession): void {
  rmSync(session.dir, { recursive: true, force: true });
}
