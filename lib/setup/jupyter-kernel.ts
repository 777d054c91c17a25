/**
 * The tslab kernel registered with Jupyter so that it starts from any shell. tslab's own
 * `tslab install` writes a kernelspec whose command is a bare `tslab`, which only `npm run` (or
 * `npx`) puts on PATH, so Jupyter started from an ordinary shell fails with
 * `FileNotFoundError: 'tslab'`; and it registers with the first `python3` on PATH, which may
 * have no Jupyter. Here the kernelspec names absolute paths (this Node, the project's tslab) and
 * is written into the per-user kernel folder of a Python that has Jupyter: the one the `python`
 * option names, or the first of JUPYTER_PYTHON_CANDIDATES that has it.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants as fsConstants, existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, isAbsolute, join, resolve } from "node:path";
import { JUPYTER_PYTHON_CANDIDATES, TSLAB_KERNEL_NAME } from "../constants.js";
import { writeFileAtomic } from "../io/format.js";

/** A Python with Jupyter, as it describes itself. */
export interface JupyterPython {
  /** What was asked for ("python3", "/usr/bin/python3"). */
  readonly command: string;
  /** The interpreter itself (its sys.executable: absolute, version-manager shims resolved). */
  readonly executable: string;
  readonly version: string;
  /** jupyter_client's version (what starts kernels). */
  readonly jupyterClient: string;
  /** The front end to start: the Notebook (6 or 7) when present, else JupyterLab. */
  readonly frontEnd: "notebook" | "jupyterlab";
  /** Its per-user data folder (JUPYTER_DATA_DIR when set), where the kernelspec goes. */
  readonly dataDir: string;
  /** Its kernel search path, first match wins (JUPYTER_PATH, the data folder, the environment's, the system's). */
  readonly kernelPath: readonly string[];
}

/** Why a candidate Python cannot serve: not found, does not run, or lacks a Jupyter module. */
export interface PythonProblem {
  readonly command: string;
  readonly problem: string;
}

/** What Jupyter starts: kernel.json, as `jupyter kernelspec install` would copy it. */
export interface KernelSpec {
  readonly argv: readonly string[];
  readonly display_name: string;
  readonly language: string;
}

/** How to start Jupyter on the notebooks with this Python. */
export interface JupyterStart {
  readonly argv: readonly string[];
  /** The command as one shell line. */
  readonly line: string;
  /** Why `--allow-root` is there, when it is. */
  readonly rootNote?: string;
}

export interface TslabKernelPlan {
  readonly python: JupyterPython;
  readonly spec: KernelSpec;
  /** The kernelspec folder to write: <dataDir>/kernels/tslab. */
  readonly kernelDir: string;
  /** A tslab kernelspec earlier on Jupyter's kernel path, which would still be the one started (JUPYTER_PATH). */
  readonly shadowedBy?: string;
  /** The project's tslab is not installed yet (the plan runs before `npm install`). */
  readonly tslabMissing: boolean;
  readonly start: JupyterStart;
}

export interface TslabKernelOptions {
  /** The Python whose Jupyter gets the kernel (command or path); default: the first of JUPYTER_PYTHON_CANDIDATES with Jupyter. */
  readonly python?: string;
  /** Environment for finding and asking Python (PATH, JUPYTER_DATA_DIR, JUPYTER_PATH); default process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** The Node that runs the kernel (default: this one). */
  readonly node?: string;
  /** The Python to use, already found (findJupyterPython); the `python` option and the search are then skipped. */
  readonly jupyter?: JupyterPython;
  /** The folder Jupyter opens, relative to where it starts (default: that folder itself). */
  readonly notebookDir?: string;
  /** Whether Jupyter will run as root (default: this process's user is root). */
  readonly root?: boolean;
}

/** Asks a Python for its Jupyter: one JSON line, or {problem}. Never imports more than Jupyter's path helpers. */
const PROBE = `
import json, sys
import importlib.util as u
try:
    import jupyter_client
    from jupyter_core.paths import jupyter_data_dir, jupyter_path
except Exception as e:
    print(json.dumps({"problem": "no jupyter_client (%s)" % e})); sys.exit(0)
front = "notebook" if u.find_spec("notebook") else "jupyterlab" if u.find_spec("jupyterlab") else None
if front is None:
    print(json.dumps({"problem": "jupyter_client %s but neither notebook nor jupyterlab" % jupyter_client.__version__})); sys.exit(0)
print(json.dumps({"executable": sys.executable, "version": sys.version.split()[0], "jupyterClient": jupyter_client.__version__, "frontEnd": front, "dataDir": jupyter_data_dir(), "kernelPath": jupyter_path("kernels")}))
`;

/** What to install when no Python has Jupyter. */
export const JUPYTER_INSTALL_HINT = "Debian/Ubuntu: apt-get install jupyter-notebook; elsewhere: python3 -m pip install notebook";

/** A command as the shell would find it on PATH (a path is taken as it is); undefined when absent. */
function onPath(command: string, env: NodeJS.ProcessEnv): string | undefined {
  const executable = (p: string) => {
    try {
      accessSync(p, fsConstants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (command.includes("/")) return executable(resolve(command)) ? resolve(command) : undefined;
  for (const dir of (env.PATH ?? "").split(delimiter)) if (dir && executable(join(dir, command))) return join(dir, command);
  return undefined;
}

/** One Python's Jupyter, or why it has none. */
export function probeJupyterPython(command: string, env: NodeJS.ProcessEnv = process.env): JupyterPython | PythonProblem {
  const path = onPath(command, env);
  if (path === undefined) return { command, problem: command.includes("/") ? "no such executable" : "not on PATH" };
  const r = spawnSync(path, ["-c", PROBE], { env, encoding: "utf8", timeout: 60_000 });
  const last = (r.stdout ?? "").trim().split("\n").pop() ?? "";
  if (r.error || r.status !== 0 || !last.startsWith("{")) {
    const why = r.error?.message ?? (r.stderr ?? "").trim().split("\n").pop() ?? `exit status ${r.status}`;
    return { command, problem: `${path} did not run as Python (${why || `exit status ${r.status}`})` };
  }
  const found = JSON.parse(last) as Omit<JupyterPython, "command"> | { problem: string };
  if ("problem" in found) return { command, problem: `${path}: ${found.problem}` };
  return { command, ...found };
}

/**
 * The Python whose Jupyter gets the kernel: the one the `python` option names (an error when it
 * has no Jupyter), else the first of JUPYTER_PYTHON_CANDIDATES that has jupyter_client and a
 * front end; an error listing each candidate and what it lacks when none does.
 */
export function findJupyterPython(
  options: Pick<TslabKernelOptions, "python" | "env"> & { readonly candidates?: readonly string[] } = {},
): JupyterPython {
  const env = options.env ?? process.env;
  if (options.python !== undefined) {
    const p = probeJupyterPython(options.python, env);
    if ("problem" in p)
      throw new Error(
        `the \`python\` option names ${options.python}, which cannot register the kernel: ${p.problem}; install Jupyter for it (${options.python} -m pip install notebook) or name another Python`,
      );
    return p;
  }
  const tried: PythonProblem[] = [];
  const seen = new Set<string>();
  for (const candidate of options.candidates ?? JUPYTER_PYTHON_CANDIDATES) {
    const path = onPath(candidate, env);
    if (path !== undefined && seen.has(path)) continue;
    if (path !== undefined) seen.add(path);
    const p = probeJupyterPython(candidate, env);
    if (!("problem" in p)) return p;
    tried.push(p);
  }
  throw new Error(
    `no Python with Jupyter found (tried ${tried.map((t) => `${t.command}: ${t.problem}`).join("; ")}): install Jupyter (${JUPYTER_INSTALL_HINT}), or name the Python that has it with the \`python\` option`,
  );
}

/** The project's tslab start script: resolved where npm installed it, else where it will be. */
export function tslabScript(projectDir: string): string {
  try {
    return join(dirname(createRequire(join(resolve(projectDir), "package.json")).resolve("tslab/package.json")), "bin", "tslab");
  } catch {
    return join(resolve(projectDir), "node_modules", "tslab", "bin", "tslab");
  }
}

/** kernel.json for the project's tslab: absolute Node and script, so no PATH is needed. */
export function tslabKernelSpec(projectDir: string, node: string = process.execPath): KernelSpec {
  if (!isAbsolute(node)) throw new Error(`the \`node\` option must be an absolute path, not ${node}`);
  return {
    argv: [node, tslabScript(projectDir), "kernel", "--config-path", "{connection_file}"],
    display_name: "TypeScript",
    language: "typescript",
  };
}

/** A word the shell reads back as it is. */
function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The command that opens Jupyter on `notebookDir`; as root with `--allow-root`, which Jupyter otherwise refuses. */
export function jupyterStartCommand(
  python: Pick<JupyterPython, "executable" | "frontEnd">,
  options: { notebookDir?: string; root?: boolean } = {},
): JupyterStart {
  const root = options.root ?? process.getuid?.() === 0;
  const argv = [
    python.executable,
    "-m",
    python.frontEnd,
    ...(options.notebookDir ? [`--notebook-dir=${options.notebookDir}`] : []),
    ...(root ? ["--allow-root"] : []),
  ];
  return {
    argv,
    line: argv.map(shellWord).join(" "),
    ...(root
      ? { rootNote: "--allow-root because this user is root: Jupyter stops with 'Running as root is not recommended' without it" }
      : {}),
  };
}

/** What registering the project's tslab kernel would do; asks Python, writes nothing. */
export function planTslabKernel(projectDir: string, options: TslabKernelOptions = {}): TslabKernelPlan {
  const python = options.jupyter ?? findJupyterPython(options);
  const spec = tslabKernelSpec(projectDir, options.node);
  const kernelDir = join(python.dataDir, "kernels", TSLAB_KERNEL_NAME);
  const own = resolve(python.dataDir, "kernels");
  let shadowedBy: string | undefined;
  for (const dir of python.kernelPath) {
    if (resolve(dir) === own) break;
    if (existsSync(join(dir, TSLAB_KERNEL_NAME, "kernel.json"))) {
      shadowedBy = join(dir, TSLAB_KERNEL_NAME);
      break;
    }
  }
  return {
    python,
    spec,
    kernelDir,
    ...(shadowedBy ? { shadowedBy } : {}),
    tslabMissing: !existsSync(spec.argv[1]),
    start: jupyterStartCommand(python, { notebookDir: options.notebookDir, root: options.root }),
  };
}

/** Writes the plan's kernelspec (kernel.json, whole or not at all), replacing a tslab kernelspec in the same folder. */
export function registerTslabKernel(plan: TslabKernelPlan): void {
  if (!existsSync(plan.spec.argv[1])) throw new Error(`tslab is not installed at ${plan.spec.argv[1]}: npm install tslab first`);
  mkdirSync(plan.kernelDir, { recursive: true });
  writeFileAtomic(join(plan.kernelDir, "kernel.json"), `${JSON.stringify(plan.spec, null, 1)}\n`);
}

/** Lines that say what the plan does and how to start Jupyter, for the CLI and scripts. */
export function tslabKernelLines(plan: TslabKernelPlan): string[] {
  const lines = [
    `register the tslab kernel for ${plan.python.executable} (Python ${plan.python.version}, jupyter_client ${plan.python.jupyterClient}) in ${plan.kernelDir}: ${plan.spec.argv.slice(0, 2).join(" ")} …`,
  ];
  if (plan.shadowedBy)
    lines.push(
      `warning: ${plan.shadowedBy} comes first on Jupyter's kernel path (JUPYTER_PATH) and will still be the tslab kernel started; remove it`,
    );
  return lines;
}
