/**
 * The tslab kernel registered by absolute paths with the Jupyter of a Python that has it
 * (lib/setup): the Python search and its errors, the kernelspec, the start command as root, and
 * the registered kernel started the way Jupyter started from a plain shell starts it (PATH
 * without node_modules/.bin, another folder), executing cells that import "capqa".
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { capScore, PAPER_WEIGHTS } from "../lib/index.js";
import {
  findJupyterPython,
  jupyterStartCommand,
  planTslabKernel,
  probeJupyterPython,
  registerTslabKernel,
  tslabKernelLines,
  type JupyterPython,
} from "../lib/setup/index.js";

const DEBIAN_PYTHON = "/usr/bin/python3";
const root = resolve(".");
const work = mkdtempSync(join(tmpdir(), "capqa-kernel-"));
process.on("exit", () => rmSync(work, { recursive: true, force: true }));

/** A Python that runs but has no Jupyter: Debian's without site-packages (-S), where Debian puts Jupyter. */
function pythonWithoutJupyter(): string {
  const bin = join(work, "bin");
  mkdirSync(bin, { recursive: true });
  const py = join(bin, "python3");
  writeFileSync(py, `#!/bin/sh\nexec ${DEBIAN_PYTHON} -S "$@"\n`);
  chmodSync(py, 0o755);
  return py;
}

const jupyter = existsSync(DEBIAN_PYTHON) ? probeJupyterPython(DEBIAN_PYTHON) : { problem: `${DEBIAN_PYTHON} is absent` };
const noJupyter = "problem" in jupyter ? `no Jupyter in ${DEBIAN_PYTHON}: ${jupyter.problem}` : false;

test("no candidate has Jupyter: one error naming each candidate, what it lacks and what to install", {
  skip: existsSync(DEBIAN_PYTHON) ? false : `${DEBIAN_PYTHON} is absent`,
}, () => {
  const py = pythonWithoutJupyter();
  const env = { PATH: join(work, "bin") };
  assert.throws(
    () => findJupyterPython({ env, candidates: ["python3", "python", "/nonexistent/python3"] }),
    (e: Error) => {
      assert.match(
        e.message,
        new RegExp(
          `^no Python with Jupyter found \\(tried python3: ${py}: no jupyter_client \\(No module named 'jupyter_client'\\); python: not on PATH; /nonexistent/python3: no such executable\\)`,
        ),
      );
      assert.match(
        e.message,
        /: install Jupyter \(Debian\/Ubuntu: apt-get install jupyter-notebook; elsewhere: python3 -m pip install notebook\), or name the Python that has it with the `python` option$/,
      );
      return true;
    },
  );
  assert.throws(
    () => findJupyterPython({ python: py, env }),
    new RegExp(`^Error: the \`python\` option names ${py}, which cannot register the kernel: ${py}: no jupyter_client`),
  );
});

test("the first candidate with Jupyter wins, JUPYTER_DATA_DIR honoured; the `python` option is taken as it is", { skip: noJupyter }, () => {
  pythonWithoutJupyter();
  const dataDir = join(work, "data-a");
  const env = { PATH: join(work, "bin"), JUPYTER_DATA_DIR: dataDir, HOME: work };
  const found = findJupyterPython({ env, candidates: ["python3", DEBIAN_PYTHON] });
  assert.equal(found.command, DEBIAN_PYTHON, "the candidate without Jupyter is passed over");
  assert.equal(found.dataDir, dataDir);
  assert.equal(found.kernelPath[0], join(dataDir, "kernels"));
  assert.match(found.jupyterClient, /^\d+\.\d+/);
  assert.equal(findJupyterPython({ python: DEBIAN_PYTHON, env }).executable, found.executable);
});

test("the kernelspec names absolute paths; a tslab kernelspec earlier on Jupyter's path is reported", () => {
  const dataDir = join(work, "data-b");
  const earlier = join(work, "jupyter-path", "kernels");
  const fake: JupyterPython = {
    command: "python3",
    executable: "/opt/py 3/bin/python3",
    version: "3.12.0",
    jupyterClient: "8.6.0",
    frontEnd: "jupyterlab",
    dataDir,
    kernelPath: [earlier, join(dataDir, "kernels")],
  };
  const clean = planTslabKernel(root, { jupyter: fake, node: "/usr/bin/node", root: false, notebookDir: "notebooks" });
  assert.deepEqual(clean.spec.argv, [
    "/usr/bin/node",
    join(root, "node_modules", "tslab", "bin", "tslab"),
    "kernel",
    "--config-path",
    "{connection_file}",
  ]);
  assert.equal(clean.kernelDir, join(dataDir, "kernels", "tslab"));
  assert.equal(clean.shadowedBy, undefined);
  assert.equal(clean.tslabMissing, false);
  assert.equal(
    clean.start.line,
    "'/opt/py 3/bin/python3' -m jupyterlab --notebook-dir=notebooks",
    "quoted for the shell; JupyterLab when the Notebook is absent",
  );
  mkdirSync(join(earlier, "tslab"), { recursive: true });
  writeFileSync(join(earlier, "tslab", "kernel.json"), "{}");
  const shadowed = planTslabKernel(root, { jupyter: fake, node: "/usr/bin/node", root: true });
  assert.equal(shadowed.shadowedBy, join(earlier, "tslab"));
  assert.match(tslabKernelLines(shadowed)[1], /^warning: .* comes first on Jupyter's kernel path \(JUPYTER_PATH\)/);
  assert.deepEqual(shadowed.start.argv, ["/opt/py 3/bin/python3", "-m", "jupyterlab", "--allow-root"]);
  assert.match(shadowed.start.rootNote ?? "", /Running as root is not recommended/);
  assert.deepEqual(
    jupyterStartCommand({ executable: "/usr/bin/python3", frontEnd: "notebook" }, { notebookDir: "notebooks", root: false }).argv,
    ["/usr/bin/python3", "-m", "notebook", "--notebook-dir=notebooks"],
  );
  assert.throws(() => planTslabKernel(root, { jupyter: fake, node: "node" }), /the `node` option must be an absolute path, not node/);
  assert.throws(
    () => registerTslabKernel({ ...clean, spec: { ...clean.spec, argv: ["/usr/bin/node", join(work, "no-tslab"), "kernel"] } }),
    /tslab is not installed at .*no-tslab: npm install tslab first/,
  );
});

test("the registered kernel starts from a plain shell (PATH=/usr/bin:/bin, another folder) and imports capqa", {
  skip: noJupyter || (existsSync(join(root, "node_modules", "tslab")) ? false : "tslab is not installed"),
}, () => {
  const dataDir = join(work, "data-c");
  const env = { ...process.env, JUPYTER_DATA_DIR: dataDir };
  const plan = planTslabKernel(root, { python: DEBIAN_PYTHON, env });
  registerTslabKernel(plan);
  const spec = JSON.parse(readFileSync(join(dataDir, "kernels", "tslab", "kernel.json"), "utf8"));
  assert.equal(spec.argv[0], process.execPath);
  const job = join(work, "job.json");
  const cells = [
    'import { capScore, PAPER_WEIGHTS } from "capqa";',
    "const args = [0.92, 0.06, 0.05, 0.9] as const;",
    "console.log(JSON.stringify({ cap: capScore(...args), weights: PAPER_WEIGHTS }))",
  ];
  writeFileSync(job, JSON.stringify({ kernel: "tslab", timeout: 120, runs: [{ id: "plain", cwd: join(root, "notebooks"), cells }] }));
  const plain = { HOME: process.env.HOME ?? work, PATH: "/usr/bin:/bin", JUPYTER_DATA_DIR: dataDir };
  const r = spawnSync(plan.python.executable, [join(root, "scripts", "run-kernel-cells.py"), job], {
    cwd: work,
    env: plain,
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  const result = JSON.parse(r.stdout.trim());
  assert.equal(result.startError, undefined);
  assert.deepEqual(
    result.cells.map((c: { status: string }) => c.status),
    ["ok", "ok", "ok"],
    JSON.stringify(result.cells),
  );
  const shown = JSON.parse(result.cells[2].output);
  assert.deepEqual(shown.weights, PAPER_WEIGHTS);
  assert.equal(shown.cap, capScore(0.92, 0.06, 0.05, 0.9));
});

test("a kernel that never answers is replaced by a fresh one; one that never answers at all fails naming the starts (scripts/run-kernel-cells.py)", {
  skip: noJupyter,
}, () => {
  const dataDir = join(work, "data-silent");
  const marker = join(work, "silent-started-once");
  // Kernelspecs of a kernel silent at its first start only (then Debian's ipykernel) and of one always silent.
  const spec = (name: string, script: string) => {
    mkdirSync(join(dataDir, "kernels", name), { recursive: true });
    writeFileSync(
      join(dataDir, "kernels", name, "kernel.json"),
      JSON.stringify({ argv: ["/bin/sh", "-c", script, "{connection_file}"], display_name: name, language: "python" }),
    );
  };
  spec("silent-once", `if [ -e ${marker} ]; then exec ${DEBIAN_PYTHON} -m ipykernel_launcher -f "$0"; fi; touch ${marker}; exec sleep 600`);
  spec("silent", "exec sleep 600");
  const run = (kernel: string) => {
    const job = join(work, `job-${kernel}.json`);
    writeFileSync(
      job,
      JSON.stringify({ kernel, timeout: 60, startTimeout: 3, runs: [{ id: kernel, cwd: work, cells: ["print(6 * 7)"] }] }),
    );
    const r = spawnSync(DEBIAN_PYTHON, [join(root, "scripts", "run-kernel-cells.py"), job], {
      cwd: work,
      env: { ...process.env, JUPYTER_DATA_DIR: dataDir },
      encoding: "utf8",
    });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout.trim());
  };
  const once = run("silent-once");
  assert.equal(once.startAttempts, 2);
  assert.deepEqual(once.cells, [{ status: "ok", output: "42\n" }]);
  const never = run("silent");
  assert.equal(never.startAttempts, undefined);
  assert.equal(never.cells.length, 1);
  assert.match(never.cells[0].error, /^RuntimeError: Kernel didn't respond in 3 seconds \(each of 3 fresh kernels\)$/);
});
