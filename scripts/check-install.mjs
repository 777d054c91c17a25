#!/usr/bin/env node
// Checks that capqa installs and works as a dependency, the way a user gets it from the registry:
// packs the package (the built dist/ of this checkout), installs the tarball into a new npm
// project with no overrides and no environment variables, and there
//   - imports from "capqa" and computes CAP from probabilities and a Spearman correlation,
//   - runs the CLI (help, version, and reproduce when CAPQA_DATA_DIR holds the data),
//   - checks that each feature whose optional package is absent fails with one line naming it,
//   - prints the tarball's size, the install's size and its package count,
//   - then runs `capqa setup kernel` there (tslab from the registry, registered into a temporary
//     JUPYTER_DATA_DIR with the Python that has Jupyter) and starts that kernel the way Jupyter
//     started from a plain shell does: scripts/run-kernel-cells.py under that Python, with a
//     PATH of /usr/bin:/bin (no node_modules/.bin), from another folder, the kernel in the
//     project's notebooks/ folder; a cell imports "capqa" and computes CAP.
// --all then installs every optional feature into a second project (`capqa setup all`: the
// overrides danfojs-node's install needs, the model runtime on the CPU, the cache, figure
// export, the notebooks and their kernel), checks that each loads, and prints that size too.
//
//   node scripts/check-install.mjs [--build] [--all] [--no-kernel] [--tarball FILE] [--keep] [--dir DIR]
//
// --no-kernel leaves the kernel check out (a machine without Jupyter; .ci/run installs it).
// --build runs tsc first (otherwise dist/ must be built: npm install / npm ci build it).
// --tarball installs FILE instead of packing this checkout (e.g. an older release, to compare).
// --keep leaves the temporary projects in place and prints where. --dir DIR makes them in DIR
// (default the system's temporary folder, or /var/tmp when a node_modules sits above that).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, lstatSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const { values } = parseArgs({
  options: {
    build: { type: "boolean" },
    all: { type: "boolean" },
    "no-kernel": { type: "boolean" },
    tarball: { type: "string" },
    keep: { type: "boolean" },
    dir: { type: "string" },
  },
  strict: true,
});
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const peers = pkg.peerDependencies ?? {};
const started = Date.now();
/** A folder none of whose ancestors holds a node_modules (which Node's resolution would find and use). */
function cleanBase(candidates) {
  for (const c of candidates) {
    if (!c || !existsSync(c)) continue;
    let d = resolve(c);
    let clean = true;
    for (;;) {
      if (existsSync(join(d, "node_modules"))) clean = false;
      const up = dirname(d);
      if (up === d) break;
      d = up;
    }
    if (clean) return c;
  }
  throw new Error(
    `every candidate folder (${candidates.filter(Boolean).join(", ")}) has a node_modules above it, which would hide missing packages: name another with --dir`,
  );
}
const work = mkdtempSync(join(cleanBase([values.dir, ...(values.dir ? [] : [tmpdir(), "/var/tmp"])]), "capqa-check-install-"));
let failures = 0;

const secs = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const ok = (s) => console.log(`ok    ${s}`);
const fail = (s) => {
  failures++;
  console.log(`FAIL  ${s}`);
};
const note = (s) => console.log(`      ${s}`);

/** The environment of a user's shell: no npm_* variables from an enclosing `npm run`, no ONNXRUNTIME_NODE_INSTALL. */
function userEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^npm_/i.test(k) && k !== "ONNXRUNTIME_NODE_INSTALL" && k !== "INIT_CWD") env[k] = v;
  return { ...env, ...extra };
}

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, env: userEnv(), ...options });
  if (r.error) throw r.error;
  return r;
}

function must(r, what) {
  if (r.status !== 0) {
    console.log(`${r.stdout ?? ""}${r.stderr ?? ""}`.trimEnd().split("\n").slice(-30).join("\n"));
    throw new Error(`${what} failed (exit status ${r.status ?? r.signal})`);
  }
  return r;
}

/** Installed packages (every folder with a package.json at a package root, nested ones included) and bytes on disk. */
function measure(dir) {
  let packages = 0;
  const walkModules = (nm) => {
    if (!existsSync(nm)) return;
    for (const name of readdirSync(nm)) {
      if (name.startsWith(".")) continue;
      const p = join(nm, name);
      if (name.startsWith("@")) {
        for (const sub of readdirSync(p)) countPackage(join(p, sub));
      } else countPackage(p);
    }
  };
  const countPackage = (p) => {
    if (lstatSync(p).isSymbolicLink() || !existsSync(join(p, "package.json"))) return;
    packages++;
    walkModules(join(p, "node_modules"));
  };
  walkModules(join(dir, "node_modules"));
  const du = run("du", ["-sk", join(dir, "node_modules")]);
  const kib = Number(du.stdout.split(/\s/)[0]);
  return { packages, mb: kib / 1024 };
}

const fmtMb = (mb) => (mb >= 100 ? mb.toFixed(0) : mb.toFixed(1));

/**
 * `capqa setup TARGET` in `dir` with a temporary JUPYTER_DATA_DIR (the machine's kernels stay
 * as they are), then the registered tslab kernel started as Jupyter from a plain shell starts
 * it, executing a cell that imports "capqa"; CAP checked against Eqs. 2-3 with PAPER_WEIGHTS.
 */
function checkKernel(dir, target) {
  const jupyterData = join(dir, "jupyter-data");
  const env = userEnv({ JUPYTER_DATA_DIR: jupyterData });
  const t0 = Date.now();
  const r = run(join(dir, "node_modules", ".bin", "capqa"), ["setup", target, "--json"], { cwd: dir, env });
  const setupSecs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    fail(`capqa setup ${target}: exit status ${r.status}: ${r.stderr.trim().split("\n").slice(-3).join(" | ")}`);
    return;
  }
  const kernel = JSON.parse(r.stdout).kernel;
  const specFile = join(kernel.kernelDir, "kernel.json");
  const spec = existsSync(specFile) ? JSON.parse(readFileSync(specFile, "utf8")) : { argv: [] };
  const [node, script] = spec.argv;
  if (
    kernel.kernelDir.startsWith(jupyterData) &&
    node?.startsWith("/") &&
    existsSync(node) &&
    script === join(dir, "node_modules", "tslab", "bin", "tslab") &&
    existsSync(script)
  )
    ok(`capqa setup ${target}: ${setupSecs} s; tslab registered for ${kernel.python} by absolute paths (${node} ${relative(dir, script)})`);
  else fail(`capqa setup ${target}: kernelspec ${specFile}: ${JSON.stringify(spec.argv)}`);
  for (const n of JSON.parse(r.stdout).notes) note(n);

  const notebooks = join(dir, "notebooks");
  must(run("mkdir", ["-p", notebooks]), "mkdir");
  const job = join(dir, "kernel-job.json");
  const cells = [
    'import { capScore, PAPER_WEIGHTS } from "capqa";',
    "const weights = PAPER_WEIGHTS;",
    "console.log(JSON.stringify({ cap: capScore(0.92, 0.06, 0.05, 0.9), weights: weights }))",
  ];
  writeFileSync(job, JSON.stringify({ kernel: "tslab", timeout: 120, runs: [{ id: "kernel", cwd: notebooks, cells }] }));
  const plain = { HOME: process.env.HOME ?? "/tmp", PATH: "/usr/bin:/bin", JUPYTER_DATA_DIR: jupyterData, LANG: "C.UTF-8" };
  const t1 = Date.now();
  const k = spawnSync(kernel.python, [join(root, "scripts", "run-kernel-cells.py"), job], { cwd: tmpdir(), env: plain, encoding: "utf8" });
  const kernelSecs = ((Date.now() - t1) / 1000).toFixed(1);
  let result;
  try {
    result = JSON.parse(k.stdout.trim().split("\n").pop());
  } catch {
    fail(
      `the tslab kernel from a plain shell: ${kernel.python} scripts/run-kernel-cells.py exited with status ${k.status}: ${(k.stderr ?? "").trim().split("\n").slice(-3).join(" | ")}`,
    );
    return;
  }
  const last = result.cells.at(-1);
  if (result.startError || result.cells.length !== cells.length || last.status !== "ok") {
    fail(`the tslab kernel from a plain shell (PATH=/usr/bin:/bin): ${result.startError ?? `cell ${result.cells.length}: ${last?.error}`}`);
    return;
  }
  const { cap, weights } = JSON.parse(last.output);
  const expected = weights.alpha * (0.92 + weights.lambda * 0.06) + (1 - weights.alpha) * (0.05 + weights.lambda * 0.9);
  if (cap === expected)
    ok(
      `the tslab kernel from a plain shell (PATH=/usr/bin:/bin, kernel in notebooks/): import "capqa", capScore = ${cap}, ${kernelSecs} s`,
    );
  else fail(`the tslab kernel from a plain shell: capScore = ${cap}, expected ${expected}`);
}

/** A new npm project with capqa's tarball installed; returns its folder. */
function newProject(name, tarball, { overrides, extra = [], env = {} } = {}) {
  const dir = join(work, name);
  must(run("mkdir", ["-p", dir]), "mkdir");
  must(run("npm", ["init", "-y"], { cwd: dir }), "npm init -y");
  if (overrides) {
    const p = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    p.overrides = overrides;
    writeFileSync(join(dir, "package.json"), JSON.stringify(p, null, 2) + "\n");
  }
  const t0 = Date.now();
  const r = run("npm", ["install", "--no-audit", "--no-fund", tarball, ...extra], { cwd: dir, env: userEnv(env) });
  const s = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    fail(
      `npm install ${relative(work, tarball)}${extra.length ? ` ${extra.join(" ")}` : ""} in a new project (${s} s): exit status ${r.status}`,
    );
    console.log(`${r.stdout}${r.stderr}`.trimEnd().split("\n").slice(-15).join("\n"));
    throw new Error("install failed");
  }
  ok(
    `npm install of the tarball${extra.length ? ` with ${extra.join(" ")}` : ""} in a new project (${overrides ? "overrides added" : "no overrides"}): ${s} s`,
  );
  return dir;
}

try {
  // ------------------------------------------------------------------ the tarball
  let tarball;
  if (values.tarball) {
    tarball = resolve(values.tarball);
    note(`installing ${tarball}`);
  } else {
    if (values.build) must(run("npx", ["tsc", "-p", "tsconfig.json"], { cwd: root, env: process.env }), "tsc");
    for (const f of ["dist/lib/index.js", "dist/cli/main.js", "dist/lib/optional.js"]) {
      if (!existsSync(join(root, f))) throw new Error(`${f} is missing: build first (npx tsc -p tsconfig.json, or --build)`);
    }
    // Build outputs whose source is gone would ship too (tsc never deletes): say so.
    const stale = [];
    const walk = (d) => {
      for (const n of readdirSync(join(root, d))) {
        const rel = join(d, n);
        if (statSync(join(root, rel)).isDirectory()) walk(rel);
        else if (n.endsWith(".js") && !existsSync(join(root, rel.replace(/^dist\//, "").replace(/\.js$/, ".ts")))) stale.push(rel);
      }
    };
    walk("dist/lib");
    walk("dist/cli");
    if (stale.length)
      note(
        `warning: ${stale.length} built file(s) without a source would ship (rebuild in a clean checkout): ${stale.slice(0, 5).join(", ")}${stale.length > 5 ? ", …" : ""}`,
      );
    const r = must(run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", work], { cwd: root }), "npm pack");
    const info = JSON.parse(r.stdout.slice(r.stdout.indexOf("[")))[0];
    tarball = join(work, info.filename);
    const files = info.files.map((f) => f.path);
    const required = [
      "package.json",
      "LICENSE",
      "README.md",
      "dist/lib/index.js",
      "dist/lib/index.d.ts",
      "dist/lib/optional.js",
      "dist/cli/main.js",
      "dist/cli/setup-commands.js",
      "models/README.md",
      "models/demo-nli/onnx/model.onnx",
      "scripts/export/export_bertscore.py",
      "scripts/export/export_comet.py",
    ];
    const missing = required.filter((f) => !files.includes(f));
    const notebooks = files.filter((f) => /^notebooks\/[^/]+\.ipynb$/.test(f)).length;
    const forbidden = files.filter((f) =>
      /^(test|bench|dist\/test|dist\/bench|dist\/scripts|scripts\/fixtures|models\/(?!README\.md$|demo-nli\/)|data\/|figures\/|node_modules\/)/.test(
        f,
      ),
    );
    if (missing.length === 0 && notebooks > 0 && forbidden.length === 0)
      ok(
        `npm pack: ${info.filename}, ${info.entryCount} files, ${(info.size / 1024).toFixed(0)} KiB packed, ${(info.unpackedSize / 1024 / 1024).toFixed(1)} MiB unpacked (LICENSE, ${notebooks} notebooks, export recipes, models/README.md)`,
      );
    else
      fail(
        `npm pack: ${missing.length ? `missing ${missing.join(", ")}; ` : ""}${notebooks ? "" : "no notebooks; "}${forbidden.length ? `should not ship ${forbidden.slice(0, 5).join(", ")}` : ""}`,
      );
  }

  // ------------------------------------------------------------------ core only
  const core = newProject("core", tarball);
  const nm = join(core, "node_modules");
  const present = [...Object.keys(peers), "onnxruntime-node", "typescript", "@tensorflow/tfjs"].filter((p) => existsSync(join(nm, p)));
  if (present.length === 0) ok("no optional package, no onnxruntime-node, no typescript installed");
  else fail(`installed although optional: ${present.join(", ")}`);
  if (existsSync(join(nm, "capqa", "node_modules"))) fail("capqa's prepare script ran in the user's project");

  writeFileSync(
    join(core, "smoke.mjs"),
    `import { mkdtempSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as capqa from "capqa";
import { FigureExporter } from "capqa/figures";
import { loadTransformers } from "capqa/runtime";
const { capScore, capScores, spearman, PAPER_WEIGHTS, NliCache, tableFrame } = capqa;
const peers = JSON.parse(process.env.CAPQA_PEERS);
const fails = [];
const check = (cond, what) => { console.log(\`\${cond ? "ok   " : "FAIL "} \${what}\`); if (!cond) fails.push(what); };

// CAP from probabilities: D(g→p) = 0.92 + 0.3·0.06, D(p→g) = 0.05 + 0.3·0.9, CAP = α·D(g→p) + (1−α)·D(p→g).
const { alpha, lambda } = PAPER_WEIGHTS;
const expected = alpha * (0.92 + lambda * 0.06) + (1 - alpha) * (0.05 + lambda * 0.9);
const one = capScore(0.92, 0.06, 0.05, 0.9);
check(Math.abs(one - expected) < 1e-12, \`capScore(0.92, 0.06, 0.05, 0.9) = \${one.toFixed(6)} (α = \${alpha}, λ = \${lambda})\`);
const many = capScores({ peForward: [0.92, 0.1, 0.5], pnForward: [0.06, 0.2, 0.4], peReverse: [0.05, 0.7, 0.5], pnReverse: [0.9, 0.1, 0.4] });
check(many.cap.length === 3 && Math.abs(many.cap[0] - one) < 1e-12, \`capScores over 3 pairs: \${Array.from(many.cap, (x) => x.toFixed(4)).join(", ")}\`);
const rho = spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]);
check(Math.abs(rho.statistic - 0.8) < 1e-12 && rho.pValue > 0 && rho.pValue < 1, \`spearman ρ = \${rho.statistic}, p = \${rho.pValue.toFixed(4)}\`);

// Features whose optional package is absent: one line naming the package and its install command.
async function expectOptional(what, fn, exact) {
  try {
    await fn();
    check(false, \`\${what}: should fail without its optional package\`);
  } catch (e) {
    const m = String(e?.message);
    const good = typeof exact === "string" ? m === exact : exact.test(m);
    check(good && !m.includes("\\n"), \`\${what}: "\${m}"\`);
  }
}
const dir = join(mkdtempSync(join(tmpdir(), "capqa-smoke-")), "cache");
await expectOptional("NliCache.open", () => NliCache.open(dir), \`the NLI cache needs the optional package better-sqlite3: npm install better-sqlite3@\${peers["better-sqlite3"]}\`);
check(!existsSync(dir), "NliCache.open created no folder");
await expectOptional("tableFrame", () => tableFrame([{ a: 1 }]), \`a DataFrame view needs the optional package danfojs-node: npx capqa setup dataframes (npm install danfojs-node@\${peers["danfojs-node"]} plus the overrides its install needs)\`);
await expectOptional("FigureExporter.launch", () => FigureExporter.launch({ executablePath: "/nonexistent/chromium" }), \`figure export needs the optional package playwright-core: npm install playwright-core@\${peers["playwright-core"]}\`);
await expectOptional("loadTransformers", () => loadTransformers(), /needs the optional package @huggingface\\/transformers: .*npm install @huggingface\\/transformers/);
process.exitCode = fails.length ? 1 : 0;
`,
  );
  const smoke = run("node", ["smoke.mjs"], { cwd: core, env: userEnv({ CAPQA_PEERS: JSON.stringify(peers) }) });
  for (const line of `${smoke.stdout}${smoke.stderr}`.trimEnd().split("\n")) {
    if (line.startsWith("ok   ")) ok(`import "capqa": ${line.slice(5).trim()}`);
    else if (line.startsWith("FAIL ")) fail(`import "capqa": ${line.slice(5).trim()}`);
    else if (line.trim()) note(line);
  }
  if (smoke.status !== 0 && !/FAIL/.test(smoke.stdout)) fail(`smoke script exited with status ${smoke.status}`);

  // The CLI, through the bin link npm made.
  const bin = join(nm, ".bin", "capqa");
  const help = run(bin, ["--help"], { cwd: core });
  if (help.status === 0 && /capqa/.test(help.stdout)) ok(`capqa --help (${help.stdout.split("\n").length} lines)`);
  else fail(`capqa --help: exit status ${help.status}: ${help.stderr.trim()}`);
  const version = run(bin, ["--version"], { cwd: core });
  const installedVersion = JSON.parse(readFileSync(join(nm, "capqa", "package.json"), "utf8")).version;
  if (version.status === 0 && version.stdout.trim() === installedVersion) ok(`capqa --version: ${installedVersion}`);
  else fail(`capqa --version: "${version.stdout.trim()}" (exit status ${version.status}), expected ${installedVersion}`);
  const cache = run(bin, ["cache", "stats", "--cache-dir", join(core, "cli-cache")], { cwd: core });
  const cacheLine = cache.stderr.trim();
  if (
    cache.status === 1 &&
    cacheLine === `capqa: the NLI cache needs the optional package better-sqlite3: npm install better-sqlite3@${peers["better-sqlite3"]}`
  )
    ok(`capqa cache stats without better-sqlite3: "${cacheLine}"`);
  else fail(`capqa cache stats without better-sqlite3: exit status ${cache.status}: ${cacheLine}`);
  const setup = run(bin, ["setup", "notebooks", "--dry-run"], { cwd: core });
  if (/unknown command "setup"/.test(setup.stderr)) note("capqa setup: not a command of this build (cli/main.ts does not route it yet)");
  else if (
    setup.status === 0 &&
    /overrides/.test(setup.stdout) &&
    /npm install .*danfojs-node@/.test(setup.stdout) &&
    !("overrides" in JSON.parse(readFileSync(join(core, "package.json"), "utf8")))
  )
    ok("capqa setup notebooks --dry-run: prints the overrides and the install, changes nothing");
  else fail(`capqa setup notebooks --dry-run: exit status ${setup.status}: ${setup.stdout}${setup.stderr}`);
  const dataDir = process.env.CAPQA_DATA_DIR;
  if (dataDir && existsSync(dataDir)) {
    const rep = run(bin, ["reproduce", "--quiet", "--bootstrap", "200", "--out", join(core, "reproduce")], {
      cwd: core,
      env: userEnv({ CAPQA_DATA_DIR: dataDir }),
    });
    if (rep.status === 0 && existsSync(join(core, "reproduce", "README.md")))
      ok("capqa reproduce (released data, 200 resamples) with the core only");
    else fail(`capqa reproduce: exit status ${rep.status}: ${rep.stderr.trim().split("\n").slice(-3).join(" | ")}`);
  } else note("capqa reproduce: skipped (CAPQA_DATA_DIR does not name the released data)");

  const m = measure(core);
  const sizes = [["core (npm install capqa)", m]];

  // ------------------------------------------------------------------ the notebook kernel (after measuring: tslab is not core)
  if (values["no-kernel"]) note("the tslab kernel: skipped (--no-kernel)");
  else checkKernel(core, "kernel");

  // ------------------------------------------------------------------ everything
  if (values.all) {
    const full = newProject("all", tarball);
    const setupModule = pathToFileURL(join(full, "node_modules", "capqa", "dist", "cli", "setup-commands.js")).href;
    const t0 = Date.now();
    const r = run(
      "node",
      ["--input-type=module", "-e", `import { cmdSetup } from ${JSON.stringify(setupModule)}; process.exitCode = await cmdSetup(["all"]);`],
      {
        cwd: full,
        env: userEnv({ JUPYTER_DATA_DIR: join(full, "jupyter-data") }),
      },
    );
    if (r.status === 0) ok(`capqa setup all: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    else {
      fail(`capqa setup all: exit status ${r.status}`);
      console.log(`${r.stdout}${r.stderr}`.trimEnd().split("\n").slice(-15).join("\n"));
    }
    for (const line of r.stdout.trimEnd().split("\n")) note(line);
    writeFileSync(
      join(full, "features.mjs"),
      `import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as capqa from "capqa";
import { loadTransformers } from "capqa/runtime";
const { NliCache, tableFrame } = capqa;
const c = NliCache.open(join(mkdtempSync(join(tmpdir(), "capqa-all-")), "cache"));
console.log("ok    NliCache.open (better-sqlite3)", c.counts().length); c.close();
const df = await tableFrame([{ a: 1, b: 2 }]);
console.log("ok    tableFrame (danfojs-node):", df.shape.join(" × "));
const tf = await loadTransformers(); console.log("ok    loadTransformers:", typeof tf.AutoTokenizer);
const { chromium } = await import("playwright-core");
console.log("ok    playwright-core:", typeof chromium.launch);
`,
    );
    const f = run("node", ["features.mjs"], { cwd: full });
    for (const line of `${f.stdout}`.trimEnd().split("\n")) if (line) console.log(line);
    if (f.status !== 0) fail(`optional features with everything installed: ${f.stderr.trim().split("\n").slice(-3).join(" | ")}`);
    sizes.push(["everything (capqa setup all)", measure(full)]);
  }

  console.log("\ninstall                          packages   size on disk");
  for (const [label, s] of sizes) console.log(`${label.padEnd(32)} ${String(s.packages).padStart(8)}   ${fmtMb(s.mb).padStart(7)} MB`);
} catch (e) {
  fail(e.message);
} finally {
  if (values.keep) note(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
console.log(`\n${failures ? `${failures} check(s) failed` : "all checks passed"} (${secs()})`);
process.exitCode = failures ? 1 : 0;
