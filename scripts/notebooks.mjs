#!/usr/bin/env node
// `npm run notebooks`: registers this checkout's tslab kernel with the Jupyter of a Python that
// has it, by absolute paths (lib/setup, as `capqa setup kernel` does, so the kernel also starts
// when Jupyter is later started from a plain shell), then opens Jupyter on notebooks/, with
// --allow-root when run as root (Jupyter refuses root without it: containers, cloud machines).
//
//   npm run notebooks [-- --python PY] [-- JUPYTER ARGS…]
//
// --python PY names the Python (default: the first of JUPYTER_PYTHON_CANDIDATES with Jupyter);
// every other argument goes to Jupyter (--port=8889, --no-browser, …).
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const { planTslabKernel, registerTslabKernel, tslabKernelLines } = await import(
  pathToFileURL(join(root, "dist", "lib", "setup", "index.js")).href
);

const args = process.argv.slice(2);
let python;
const rest = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--python") python = args[++i];
  else if (args[i].startsWith("--python=")) python = args[i].slice("--python=".length);
  else rest.push(args[i]);
}
let plan;
try {
  plan = planTslabKernel(root, { python, notebookDir: "notebooks" });
  registerTslabKernel(plan);
} catch (e) {
  console.error(`npm run notebooks: ${e.message.replace("the `python` option", "--python")}`);
  process.exit(1);
}
for (const line of tslabKernelLines(plan)) console.error(line.replace(/^register /, "registered "));
if (plan.start.rootNote) console.error(plan.start.rootNote);
console.error(`starting: ${plan.start.line}${rest.length ? ` ${rest.join(" ")}` : ""}`);
const [command, ...argv] = plan.start.argv;
const jupyter = spawn(command, [...argv, ...rest], { cwd: root, stdio: "inherit" });
// Ctrl-C reaches Jupyter too (same process group); wait for it to shut down.
process.on("SIGINT", () => {});
jupyter.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
