/**
 * capqa setup: installs optional features into the user's project with what their install
 * needs. `npm install capqa` installs the core only; the notebooks need the tslab kernel,
 * danfojs-node (whose install needs two `overrides` in the installing project: npm applies
 * overrides only from the root package.json, never from a dependency's) and better-sqlite3;
 * figure export needs playwright-core; the model runtime @huggingface/transformers. The kernel
 * is registered with Jupyter by absolute paths (lib/setup), so it starts from any shell.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { DANFOJS_OVERRIDES, JUPYTER_PYTHON_CANDIDATES, OPTIONAL_PACKAGES, TSLAB_RANGE, type OptionalPackage } from "../lib/constants.js";
import { CHROMIUM_INSTALL_HINT, findChromium } from "../lib/figures/index.js";
import { capqaVersion, writeFileAtomic } from "../lib/io/index.js";
import {
  planTslabKernel,
  registerTslabKernel,
  tslabKernelLines,
  tslabKernelSpec,
  type JupyterPython,
  type TslabKernelPlan,
} from "../lib/setup/index.js";
import { UsageError, defineOptions, optionsHelp, parseOptions } from "./args.js";
import { out, summary } from "./output.js";

export const SETUP_TARGETS = ["notebooks", "kernel", "dataframes", "cache", "figures", "models", "all"] as const;
export type SetupTarget = (typeof SETUP_TARGETS)[number];

export const SETUP_OPTIONS = defineOptions({
  dir: {
    type: "string",
    value: "DIR",
    help: "The npm project to install into (default: the current folder; it needs a package.json: npm init -y).",
  },
  "dry-run": { type: "boolean", help: "Print the plan and change nothing." },
  force: { type: "boolean", help: "Overwrite notebooks already in DIR/notebooks (they are kept otherwise)." },
  python: {
    type: "string",
    value: "PY",
    help: `The Python whose Jupyter gets the tslab kernel (notebooks, kernel; default: the first of ${JUPYTER_PYTHON_CANDIDATES.join(", ")} that has jupyter_client and notebook or jupyterlab).`,
  },
});

export const SETUP_HELP = `capqa setup TARGET... [--dir DIR] [--dry-run] [--force] [--python PY]

Installs optional capqa features into the npm project in DIR (default: the current folder; it
needs a package.json: npm init -y), with what their install needs, and prints what it did.
TARGET is one or more of:
  notebooks    the notebooks (copied into DIR/notebooks where absent) and what they need:
               the kernel, danfojs-node and better-sqlite3 (dataframes, cache)
  kernel       tslab ${TSLAB_RANGE}, registered with the Jupyter of a Python that has it (--python) by
               absolute paths, so that Jupyter started from any shell starts it; prints how
               to start Jupyter (with --allow-root when you are root)
  dataframes   danfojs-node ${OPTIONAL_PACKAGES["danfojs-node"].range} (benchmarkFrame, tableFrame), and the overrides its install needs
               in package.json: xlsx from the npm registry, the pure-JS tfjs for tfjs-node
  cache        better-sqlite3 ${OPTIONAL_PACKAGES["better-sqlite3"].range} (the NLI cache)
  figures      playwright-core ${OPTIONAL_PACKAGES["playwright-core"].range} (SVG/PDF/PNG export; Chromium comes from the system)
  models       @huggingface/transformers ${OPTIONAL_PACKAGES["@huggingface/transformers"].range} (the model runtime), installed with
               ONNXRUNTIME_NODE_INSTALL=skip (CPU) unless that variable is set
  all          every one of them

Options:
${optionsHelp(SETUP_OPTIONS)}`;

export interface SetupPlan {
  readonly dir: string;
  readonly targets: readonly SetupTarget[];
  /** Overrides to add to package.json (those already there are kept as they are). */
  readonly overrides: Readonly<Record<string, string>>;
  /** Overrides package.json already has with another value: kept, and said. */
  readonly keptOverrides: Readonly<Record<string, string>>;
  /** Package specs for one `npm install`. */
  readonly install: readonly string[];
  /** Environment for npm install (ONNXRUNTIME_NODE_INSTALL). */
  readonly env: Readonly<Record<string, string>>;
  /** Notebooks to copy (file names) and those already there, kept. */
  readonly notebooks: {
    readonly from: string;
    readonly to: string;
    readonly copy: readonly string[];
    readonly kept: readonly string[];
  } | null;
  /** The tslab kernel to register with Jupyter after the install. */
  readonly kernel: TslabKernelPlan | null;
  /** Lines for the user after the install (Chromium, data, Jupyter). */
  readonly notes: readonly string[];
}

export interface SetupOptions {
  readonly dir?: string;
  readonly force?: boolean;
  readonly env?: NodeJS.ProcessEnv;
  readonly notebooksFrom?: string;
  /** The Python whose Jupyter gets the kernel (--python). */
  readonly python?: string;
  /** That Python, already found (tests, scripts): no search. */
  readonly jupyter?: JupyterPython;
  /** Whether Jupyter will run as root (default: this user is root). */
  readonly root?: boolean;
}

/** capqa's own folder (dist/cli/ → the package root), where its notebooks ship. */
function packageRoot(): string {
  return fileURLToPath(new URL("../../", import.meta.url));
}

const spec = (pkg: OptionalPackage) => `${pkg}@${OPTIONAL_PACKAGES[pkg].range}`;

/** What `capqa setup TARGET...` would do in `dir`; reads package.json and the notebooks folder, changes nothing. */
export function planSetup(targetList: readonly SetupTarget[], options: SetupOptions = {}): SetupPlan {
  const dir = resolve(options.dir ?? ".");
  const env = options.env ?? process.env;
  const pkgFile = join(dir, "package.json");
  if (!existsSync(pkgFile)) throw new Error(`no package.json in ${dir}: create the project first (npm init -y), or name it with --dir`);
  let pkg: { name?: string; overrides?: Record<string, unknown>; dependencies?: Record<string, string> };
  try {
    pkg = JSON.parse(readFileSync(pkgFile, "utf8"));
  } catch (e) {
    throw new Error(`${pkgFile} is not valid JSON: ${(e as Error).message}`);
  }
  const all = new Set<SetupTarget>(targetList.includes("all") ? SETUP_TARGETS.filter((t) => t !== "all") : targetList);
  if (all.has("notebooks")) {
    all.add("kernel");
    all.add("dataframes");
    all.add("cache");
  }
  if (options.python !== undefined && !all.has("kernel"))
    throw new Error("the `python` option is for the notebooks and kernel targets (the Python whose Jupyter gets the tslab kernel)");
  const targets = SETUP_TARGETS.filter((t) => all.has(t));
  const install: string[] = [];
  const overrides: Record<string, string> = {};
  const keptOverrides: Record<string, string> = {};
  const runEnv: Record<string, string> = {};
  const notes: string[] = [];
  // capqa itself, when this project does not have it (npx ran capqa from its own cache).
  if (pkg.name !== "capqa" && !existsSync(join(dir, "node_modules", "capqa", "package.json"))) install.push(`capqa@${capqaVersion()}`);
  if (all.has("kernel")) install.push(`tslab@${TSLAB_RANGE}`);
  if (all.has("dataframes")) {
    install.push(spec("danfojs-node"));
    for (const [name, value] of Object.entries(DANFOJS_OVERRIDES)) {
      const have = pkg.overrides?.[name];
      if (have === undefined) overrides[name] = value;
      else if (have !== value) keptOverrides[name] = String(typeof have === "string" ? have : JSON.stringify(have));
    }
  }
  if (all.has("cache")) install.push(spec("better-sqlite3"));
  if (all.has("figures")) {
    install.push(spec("playwright-core"));
    if (findChromium(undefined, env) === undefined)
      notes.push(`figure export also needs Chromium, which is not installed: ${CHROMIUM_INSTALL_HINT}`);
  }
  if (all.has("models")) {
    install.push(spec("@huggingface/transformers"));
    if (env.ONNXRUNTIME_NODE_INSTALL === undefined) {
      runEnv.ONNXRUNTIME_NODE_INSTALL = "skip";
      notes.push("inference runs on the CPU; for CUDA 12: ONNXRUNTIME_NODE_INSTALL=cuda12 npm rebuild onnxruntime-node");
    }
  }
  let notebooks: SetupPlan["notebooks"] = null;
  if (all.has("notebooks")) {
    const from = options.notebooksFrom ?? join(packageRoot(), "notebooks");
    const to = join(dir, "notebooks");
    const files = existsSync(from)
      ? readdirSync(from)
          .filter((f) => f.endsWith(".ipynb"))
          .sort()
      : [];
    if (files.length === 0) throw new Error(`capqa's notebooks are not in ${from}`);
    const kept = options.force ? [] : files.filter((f) => existsSync(join(to, f)));
    notebooks = { from, to, copy: files.filter((f) => !kept.includes(f)), kept };
    notes.push("the notebooks read the released data from $CAPQA_DATA_DIR or ../data: npx capqa data fetch (writes ./data)");
  }
  // Found before any install, so that a machine without Jupyter hears so before npm runs.
  const kernel = all.has("kernel")
    ? planTslabKernel(dir, {
        python: options.python,
        jupyter: options.jupyter,
        env,
        root: options.root,
        notebookDir: notebooks ? "notebooks" : undefined,
      })
    : null;
  if (kernel) {
    notes.push(`start Jupyter from ${dir}: ${kernel.start.line}`);
    if (kernel.start.rootNote) notes.push(kernel.start.rootNote);
  }
  return { dir, targets, overrides, keptOverrides, install, env: runEnv, notebooks, kernel, notes };
}

function planLines(plan: SetupPlan): string[] {
  const lines: string[] = [];
  const rel = (p: string) => relative(plan.dir, p) || ".";
  if (Object.keys(plan.overrides).length > 0)
    lines.push(
      `package.json: add overrides ${Object.entries(plan.overrides)
        .map(([k, v]) => `${k} → ${v}`)
        .join(", ")} (what danfojs-node's install needs)`,
    );
  for (const [k, v] of Object.entries(plan.keptOverrides))
    lines.push(`package.json: keeps its override ${k} → ${v} (capqa's is ${DANFOJS_OVERRIDES[k as keyof typeof DANFOJS_OVERRIDES]})`);
  if (plan.install.length > 0)
    lines.push(
      `${Object.entries(plan.env)
        .map(([k, v]) => `${k}=${v} `)
        .join("")}npm install ${plan.install.join(" ")}`,
    );
  if (plan.notebooks) {
    if (plan.notebooks.copy.length > 0) lines.push(`copy ${plan.notebooks.copy.length} notebook(s) into ${rel(plan.notebooks.to)}/`);
    if (plan.notebooks.kept.length > 0)
      lines.push(`keep ${plan.notebooks.kept.length} notebook(s) already in ${rel(plan.notebooks.to)}/ (--force overwrites them)`);
  }
  if (plan.kernel) lines.push(...tslabKernelLines(plan.kernel));
  return lines;
}

/** Adds the plan's overrides to package.json, keeping its indentation and every other field. */
function addOverrides(dir: string, overrides: Readonly<Record<string, string>>): void {
  if (Object.keys(overrides).length === 0) return;
  const file = join(dir, "package.json");
  const text = readFileSync(file, "utf8");
  const pkg = JSON.parse(text) as { overrides?: Record<string, unknown> };
  pkg.overrides = { ...(pkg.overrides ?? {}), ...overrides };
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? "  ";
  writeFileAtomic(file, JSON.stringify(pkg, null, indent) + "\n");
}

/** Runs the plan: overrides, one npm install, the notebooks, the kernel's registration. */
export function runSetup(plan: SetupPlan, log: (line: string) => void = out): void {
  addOverrides(plan.dir, plan.overrides);
  if (Object.keys(plan.overrides).length > 0)
    log(
      `package.json: added overrides ${Object.entries(plan.overrides)
        .map(([k, v]) => `${k} → ${v}`)
        .join(", ")} (what danfojs-node's install needs)`,
    );
  for (const [k, v] of Object.entries(plan.keptOverrides))
    log(`package.json: kept its override ${k} → ${v} (capqa's is ${DANFOJS_OVERRIDES[k as keyof typeof DANFOJS_OVERRIDES]})`);
  if (plan.install.length > 0) {
    log(
      `${Object.entries(plan.env)
        .map(([k, v]) => `${k}=${v} `)
        .join("")}npm install ${plan.install.join(" ")}`,
    );
    const r = spawnSync("npm", ["install", "--no-fund", "--no-audit", ...plan.install], {
      cwd: plan.dir,
      env: { ...process.env, ...plan.env },
      // npm's own output goes to standard error, so that --json keeps standard output to one object.
      stdio: ["ignore", process.stderr, "inherit"],
      shell: process.platform === "win32",
    });
    if (r.error) throw new Error(`cannot run npm: ${r.error.message}`);
    if (r.status !== 0)
      throw new Error(
        `npm install ${plan.install.join(" ")} failed in ${plan.dir} (exit status ${r.status ?? r.signal}); npm's messages are above`,
      );
  }
  if (plan.notebooks && plan.notebooks.copy.length > 0) {
    mkdirSync(plan.notebooks.to, { recursive: true });
    for (const f of plan.notebooks.copy) copyFileSync(join(plan.notebooks.from, f), join(plan.notebooks.to, f));
    log(`copied ${plan.notebooks.copy.length} notebook(s) into ${plan.notebooks.to}`);
  }
  if (plan.notebooks && plan.notebooks.kept.length > 0)
    log(`kept ${plan.notebooks.kept.length} notebook(s) already in ${plan.notebooks.to} (--force overwrites them)`);
  if (plan.kernel) {
    // Resolved again: npm may have put tslab elsewhere than the plan's guess (a workspace's root).
    const kernel = { ...plan.kernel, spec: tslabKernelSpec(plan.dir, plan.kernel.spec.argv[0]) };
    registerTslabKernel(kernel);
    for (const l of tslabKernelLines(kernel)) log(l.replace(/^register /, "registered "));
  }
}

export async function cmdSetup(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: parseOptions(SETUP_OPTIONS), allowPositionals: true, strict: true });
  if (positionals.length === 0) throw new UsageError(`capqa setup needs a target: ${SETUP_TARGETS.join(", ")}`);
  for (const t of positionals)
    if (!(SETUP_TARGETS as readonly string[]).includes(t))
      throw new UsageError(`unknown setup target "${t}"; expected ${SETUP_TARGETS.join(", ")}`);
  if (values.python !== undefined && !positionals.some((t) => t === "notebooks" || t === "kernel" || t === "all"))
    throw new UsageError("--python is for the notebooks and kernel targets");
  const plan = planSetup(positionals as SetupTarget[], { dir: values.dir, force: values.force, python: values.python });
  const dry = values["dry-run"] === true;
  out(`capqa setup ${plan.targets.join(" ")} in ${plan.dir}${dry ? " (dry run: nothing changed)" : ""}`);
  if (dry) for (const l of planLines(plan)) out(`  ${l}`);
  else runSetup(plan, (l) => out(`  ${l}`));
  for (const n of plan.notes) out(`note: ${n}`);
  summary("setup", {
    dir: plan.dir,
    targets: plan.targets,
    dryRun: dry,
    overrides: plan.overrides,
    keptOverrides: plan.keptOverrides,
    install: plan.install,
    env: plan.env,
    notebooksCopied: plan.notebooks?.copy ?? [],
    notebooksKept: plan.notebooks?.kept ?? [],
    kernel: plan.kernel
      ? {
          python: plan.kernel.python.executable,
          kernelDir: plan.kernel.kernelDir,
          argv: plan.kernel.spec.argv,
          start: plan.kernel.start.argv,
        }
      : null,
    notes: plan.notes,
  });
  return 0;
}
