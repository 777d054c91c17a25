import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DANFOJS_OVERRIDES, OPTIONAL_PACKAGES, TSLAB_RANGE } from "../lib/constants.js";
import {
  OptionalDependencyError,
  loadOptional,
  loadOptionalSync,
  optionalDependencyError,
  optionalInstallCommand,
} from "../lib/optional.js";
import { planSetup, runSetup } from "../cli/setup-commands.js";
import type { JupyterPython } from "../lib/setup/index.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  overrides: Record<string, string>;
  files: string[];
  license: string;
};

test("loadOptional: a missing package fails with one line naming it and its install command", async () => {
  await assert.rejects(loadOptional("capqa-no-such-package", "the thing"), (e: unknown) => {
    assert.ok(e instanceof OptionalDependencyError);
    assert.equal(e.message, "the thing needs the optional package capqa-no-such-package: npm install capqa-no-such-package");
    assert.equal(e.packageName, "capqa-no-such-package");
    assert.equal(e.feature, "the thing");
    assert.ok(e.cause, "the original error is kept as the cause");
    return true;
  });
  assert.throws(() => loadOptionalSync("@capqa-none/no-such-package", "the other thing"), {
    name: "OptionalDependencyError",
    message: "the other thing needs the optional package @capqa-none/no-such-package: npm install @capqa-none/no-such-package",
  });
});

test("loadOptional: an installed package loads, as ES module and through require", async () => {
  const jstat = await loadOptional<{ default: unknown }>("jstat", "p-values");
  assert.ok(jstat.default);
  assert.ok(loadOptionalSync("jstat", "p-values"));
});

test("optional package messages carry capqa's range, one line, for every kind of missing piece", () => {
  const range = OPTIONAL_PACKAGES["better-sqlite3"].range;
  const missing = optionalDependencyError(
    "better-sqlite3",
    "the NLI cache",
    Object.assign(new Error("Cannot find module 'better-sqlite3'\nRequire stack:\n- /p/dist/lib/optional.js"), {
      code: "MODULE_NOT_FOUND",
    }),
  );
  assert.equal(missing?.message, `the NLI cache needs the optional package better-sqlite3: npm install better-sqlite3@${range}`);

  const bindings = optionalDependencyError(
    "better-sqlite3",
    "the NLI cache",
    new Error("Could not locate the bindings file. Tried:\n → /p/build/better_sqlite3.node\n → /p/build/Debug/better_sqlite3.node"),
  );
  assert.equal(
    bindings?.message,
    `the NLI cache needs the optional package better-sqlite3, whose native module did not load (Could not locate the bindings file.): npm rebuild better-sqlite3, or npm install better-sqlite3@${range}`,
  );

  const abi = optionalDependencyError(
    "better-sqlite3",
    "the NLI cache",
    Object.assign(
      new Error("The module '/p/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115."),
      { code: "ERR_DLOPEN_FAILED" },
    ),
  );
  assert.match(
    abi!.message,
    /^the NLI cache needs the optional package better-sqlite3, whose native module did not load \(The module '\/p\/better_sqlite3\.node' was compiled .* NODE_MODULE_VERSION 115\.\): npm rebuild better-sqlite3/,
  );
  assert.ok(!abi!.message.includes("\n"));

  // The package is there, one of its own dependencies is not: the cause is named on the same line.
  const dep = optionalDependencyError(
    "playwright-core",
    "figure export",
    Object.assign(new Error("Cannot find package 'chromium-bidi' imported from /p/node_modules/playwright-core/lib/x.js"), {
      code: "ERR_MODULE_NOT_FOUND",
    }),
  );
  assert.equal(
    dep?.message,
    `figure export needs the optional package playwright-core, which did not load (Cannot find package 'chromium-bidi' imported from /p/node_modules/playwright-core/lib/x.js): npm install playwright-core@${OPTIONAL_PACKAGES["playwright-core"].range}`,
  );

  // Anything else is not a missing package: reported as it is.
  assert.equal(optionalDependencyError("better-sqlite3", "the NLI cache", new TypeError("x is not a function")), undefined);
  const boom = new RangeError("boom");
  assert.throws(
    () =>
      loadOptionalSync("jstat", "p-values", () => {
        throw boom;
      }),
    (e) => e === boom,
  );
  assert.throws(
    () =>
      loadOptionalSync("jstat", "p-values", () => {
        throw new Error("Could not locate the bindings file. Tried:\n → /x");
      }),
    {
      message:
        "p-values needs the optional package jstat, whose native module did not load (Could not locate the bindings file.): npm rebuild jstat, or npm install jstat",
    },
  );
});

test("install commands: the model runtime on the CPU, danfojs-node through capqa setup (its overrides)", () => {
  assert.equal(
    optionalInstallCommand("@huggingface/transformers"),
    `ONNXRUNTIME_NODE_INSTALL=skip npm install @huggingface/transformers@${OPTIONAL_PACKAGES["@huggingface/transformers"].range}`,
  );
  assert.equal(
    optionalInstallCommand("danfojs-node"),
    `npx capqa setup dataframes (npm install danfojs-node@${OPTIONAL_PACKAGES["danfojs-node"].range} plus the overrides its install needs)`,
  );
  assert.equal(optionalInstallCommand("playwright-core"), `npm install playwright-core@${OPTIONAL_PACKAGES["playwright-core"].range}`);
});

test("package.json: optional packages are optional peers (and dev dependencies) with the ranges of OPTIONAL_PACKAGES", () => {
  const names = Object.keys(OPTIONAL_PACKAGES).sort();
  assert.deepEqual(Object.keys(pkg.peerDependencies).sort(), names);
  for (const name of names) {
    const range = OPTIONAL_PACKAGES[name as keyof typeof OPTIONAL_PACKAGES].range;
    assert.equal(pkg.peerDependencies[name], range, `peerDependencies ${name}`);
    assert.equal(pkg.peerDependenciesMeta[name]?.optional, true, `peerDependenciesMeta ${name}`);
    assert.equal(pkg.devDependencies[name], range, `devDependencies ${name}`);
    assert.equal(pkg.dependencies[name], undefined, `${name} is not a core dependency`);
  }
  assert.deepEqual(pkg.overrides, DANFOJS_OVERRIDES, "capqa's own overrides are the ones capqa setup writes for users");
  assert.equal(pkg.devDependencies.tslab, TSLAB_RANGE);
  assert.equal(pkg.dependencies["onnxruntime-node"], undefined);
});

test("package.json files: the LICENSE and what capqa's messages point users to ship", () => {
  for (const f of ["dist/lib", "dist/cli", "notebooks/*.ipynb", "scripts/export/*.py", "models/README.md", "LICENSE", "README.md"])
    assert.ok(pkg.files.includes(f), f);
  assert.ok(!pkg.files.some((f) => /^(dist\/)?(test|bench)|fixtures/.test(f)));
  assert.equal(pkg.license, "MIT");
  assert.match(readFileSync(join(root, "LICENSE"), "utf8"), /^MIT License\n\nCopyright \(c\) \d{4} capqa contributors\n/);
  for (const f of ["scripts/export/export_bertscore.py", "scripts/export/export_comet.py", "models/README.md"])
    assert.ok(existsSync(join(root, f)), f);
});

function project(fields: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "capqa-setup-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "user-project", version: "1.0.0", ...fields }, null, 4) + "\n");
  return dir;
}

/**
 * A Python with Jupyter as findJupyterPython would report it, its data folder inside `dir` (no real Python asked, no real kernel folder
 * touched).
 */
function jupyterIn(dir: string): JupyterPython {
  const dataDir = join(dir, "jupyter-data");
  return {
    command: "python3",
    executable: "/usr/bin/python3",
    version: "3.11.2",
    jupyterClient: "7.4.9",
    frontEnd: "notebook",
    dataDir,
    kernelPath: [join(dataDir, "kernels")],
  };
}

test("capqa setup notebooks: overrides, one install, the notebooks; nothing changed by planning", () => {
  const dir = project();
  try {
    const before = readFileSync(join(dir, "package.json"), "utf8");
    const jupyter = jupyterIn(dir);
    const plan = planSetup(["notebooks"], { dir, env: {}, jupyter, root: false });
    assert.deepEqual(plan.targets, ["notebooks", "kernel", "dataframes", "cache"]);
    assert.deepEqual(plan.overrides, DANFOJS_OVERRIDES);
    assert.equal(
      plan.install[0],
      `capqa@${JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version}`,
      "capqa itself when the project lacks it",
    );
    assert.deepEqual(plan.install.slice(1), [
      `tslab@${TSLAB_RANGE}`,
      `danfojs-node@${OPTIONAL_PACKAGES["danfojs-node"].range}`,
      `better-sqlite3@${OPTIONAL_PACKAGES["better-sqlite3"].range}`,
    ]);
    assert.deepEqual(plan.env, {});
    const shipped = readdirSync(join(root, "notebooks"))
      .filter((f) => f.endsWith(".ipynb"))
      .sort();
    assert.deepEqual(plan.notebooks?.copy, shipped);
    assert.equal(readFileSync(join(dir, "package.json"), "utf8"), before, "planning writes nothing");
    const tslab = join(dir, "node_modules", "tslab", "bin", "tslab");
    assert.deepEqual(
      plan.kernel?.spec.argv,
      [process.execPath, tslab, "kernel", "--config-path", "{connection_file}"],
      "absolute Node and tslab",
    );
    assert.equal(plan.kernel?.tslabMissing, true);
    assert.ok(
      plan.notes.includes(`start Jupyter from ${dir}: /usr/bin/python3 -m notebook --notebook-dir=notebooks`),
      plan.notes.join("\n"),
    );
    assert.ok(!existsSync(jupyter.dataDir), "planning registers nothing");
    const asRoot = planSetup(["notebooks"], { dir, env: {}, jupyter, root: true });
    assert.ok(asRoot.notes.includes(`start Jupyter from ${dir}: /usr/bin/python3 -m notebook --notebook-dir=notebooks --allow-root`));
    assert.ok(asRoot.notes.some((n) => n.startsWith("--allow-root because this user is root")));

    // Running it (without the npm install, tslab put where npm puts it): overrides added in the file's own indentation, notebooks copied,
    // the kernel registered.
    mkdirSync(join(dir, "node_modules", "tslab", "bin"), { recursive: true });
    writeFileSync(join(dir, "node_modules", "tslab", "package.json"), JSON.stringify({ name: "tslab", version: TSLAB_RANGE }));
    writeFileSync(tslab, "#!/usr/bin/env node\n");
    const lines: string[] = [];
    runSetup({ ...plan, install: [] }, (l) => lines.push(l));
    const after = readFileSync(join(dir, "package.json"), "utf8");
    assert.deepEqual(JSON.parse(after).overrides, DANFOJS_OVERRIDES);
    assert.match(after, /^ {4}"name"/m);
    assert.deepEqual(readdirSync(join(dir, "notebooks")).sort(), shipped);
    assert.ok(lines.some((l) => l.startsWith("package.json: added overrides xlsx")));
    const spec = JSON.parse(readFileSync(join(jupyter.dataDir, "kernels", "tslab", "kernel.json"), "utf8"));
    assert.deepEqual(spec, {
      argv: [process.execPath, tslab, "kernel", "--config-path", "{connection_file}"],
      display_name: "TypeScript",
      language: "typescript",
    });
    assert.ok(
      lines.some((l) =>
        l.startsWith(
          `registered the tslab kernel for /usr/bin/python3 (Python 3.11.2, jupyter_client 7.4.9) in ${join(jupyter.dataDir, "kernels", "tslab")}`,
        ),
      ),
      lines.join("\n"),
    );

    // Again: nothing left to add, the notebooks kept (a user's edits survive).
    writeFileSync(join(dir, "notebooks", shipped[0]), "{}");
    const again = planSetup(["notebooks"], { dir, env: {}, jupyter });
    assert.deepEqual(again.overrides, {});
    assert.deepEqual(again.notebooks?.copy, []);
    assert.equal(again.notebooks?.kept.length, shipped.length);
    runSetup({ ...again, install: [] }, () => {});
    assert.equal(readFileSync(join(dir, "notebooks", shipped[0]), "utf8"), "{}");
    assert.equal(planSetup(["notebooks"], { dir, env: {}, jupyter, force: true }).notebooks?.copy.length, shipped.length);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("capqa setup: a user's own override is kept; all adds figures and the model runtime on the CPU", () => {
  const dir = project({ overrides: { xlsx: "0.18.4" } });
  try {
    mkdirSync(join(dir, "node_modules", "capqa"), { recursive: true });
    writeFileSync(join(dir, "node_modules", "capqa", "package.json"), "{}");
    const plan = planSetup(["all"], { dir, env: { CAPQA_CHROMIUM: "/nonexistent" }, jupyter: jupyterIn(dir) });
    assert.deepEqual(plan.overrides, { "@tensorflow/tfjs-node": DANFOJS_OVERRIDES["@tensorflow/tfjs-node"] });
    assert.deepEqual(plan.keptOverrides, { xlsx: "0.18.4" });
    assert.ok(!plan.install.some((s) => s.startsWith("capqa@")), "capqa is installed already");
    assert.ok(plan.install.includes(`playwright-core@${OPTIONAL_PACKAGES["playwright-core"].range}`));
    assert.ok(plan.install.includes(`@huggingface/transformers@${OPTIONAL_PACKAGES["@huggingface/transformers"].range}`));
    assert.deepEqual(plan.env, { ONNXRUNTIME_NODE_INSTALL: "skip" });
    assert.deepEqual(planSetup(["models"], { dir, env: { ONNXRUNTIME_NODE_INSTALL: "cuda12" } }).env, {}, "the user's choice stands");
    assert.equal(planSetup(["dataframes"], { dir, env: {} }).notebooks, null);
    assert.equal(planSetup(["dataframes"], { dir, env: {} }).kernel, null, "no Python asked for targets without the kernel");
    assert.throws(
      () => planSetup(["cache"], { dir, python: "python3" }),
      /^Error: the `python` option is for the notebooks and kernel targets/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const empty = mkdtempSync(join(tmpdir(), "capqa-setup-"));
  try {
    assert.throws(() => planSetup(["cache"], { dir: empty }), /^Error: no package\.json in .*: create the project first \(npm init -y\)/);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});
