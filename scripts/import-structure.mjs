#!/usr/bin/env node
// The import structure of lib/ and cli/, measured from the code: each folder of lib/ (lib/nli/server
// belongs to lib/nli) and each file directly in lib/ is a unit, cli/ is one unit. It reports the
// units, the imports that run back up (the fewest unit imports whose removal leaves no cycle
// between units: a feedback arc set, found exactly for this size by trying the greedy order and
// improving it), the layers of what is left (the longest import chain), and the import cycles
// between files (strongly connected components of the file graph). Type-only imports count:
// they tie a module to another's shape as much as a value import does.
//
//   node scripts/import-structure.mjs [--json] [--max-cycles N --max-back N --max-layers N]
//
// With limits it exits 1 when one is exceeded (.ci/run checks issue 24's: no cycle, at most 2
// imports back up, at most 12 layers).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : undefined;
};

function tsFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...tsFiles(p));
    else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

const files = [...tsFiles(join(root, "lib")), ...tsFiles(join(root, "cli"))].map((f) => relative(root, f));
const fileSet = new Set(files);

/** The unit of a file: lib/<folder>, lib/<file>.ts, or cli. */
function unitOf(file) {
  const parts = file.split("/");
  if (parts[0] === "cli") return "cli";
  return parts.length > 2 ? `lib/${parts[1]}` : file;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/g;
const DYNAMIC = /import\(\s*["']([^"']+)["']\s*\)/g;

const fileEdges = new Map(files.map((f) => [f, new Set()]));
for (const file of files) {
  const text = readFileSync(join(root, file), "utf8");
  for (const re of [IMPORT, DYNAMIC]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const spec = m[1];
      if (!spec.startsWith(".")) continue;
      const target = relative(root, resolve(root, dirname(file), spec)).replace(/\.js$/, ".ts");
      if (fileSet.has(target)) fileEdges.get(file).add(target);
    }
  }
}

// ------------------------------------------------------------------ file cycles (Tarjan)
function sccs(nodes, edges) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      out.push(comp);
    }
  };
  for (const v of nodes) if (!idx.has(v)) visit(v);
  return out;
}
const fileCycles = sccs(files, fileEdges).filter((c) => c.length > 1 || fileEdges.get(c[0]).has(c[0]));

// ------------------------------------------------------------------ the unit graph
const units = [...new Set(files.map(unitOf))].sort();
const unitEdges = new Map(units.map((u) => [u, new Map()]));
for (const [from, tos] of fileEdges) {
  for (const to of tos) {
    const a = unitOf(from);
    const b = unitOf(to);
    if (a === b) continue;
    const m = unitEdges.get(a);
    if (!m.has(b)) m.set(b, []);
    m.get(b).push(`${from} → ${to}`);
  }
}

/** Edges running back (from a unit to one earlier) in an order, the order being "lowest first". */
function backEdges(order) {
  const pos = new Map(order.map((u, i) => [u, i]));
  const back = [];
  for (const [a, m] of unitEdges) for (const b of m.keys()) if (pos.get(b) > pos.get(a)) back.push([a, b]);
  return back;
}
// A unit imports what comes before it in the order ("lower" units first). Start from Eades–Lin–Smyth's
// greedy order, then move single units while that removes back edges.
function greedyOrder() {
  const left = new Set(units);
  const indeg = (u) => [...left].filter((a) => a !== u && unitEdges.get(a).has(u)).length;
  const outdeg = (u) => [...unitEdges.get(u).keys()].filter((b) => left.has(b)).length;
  const head = [];
  const tail = [];
  while (left.size) {
    let changed = true;
    while (changed) {
      changed = false;
      for (const u of [...left]) {
        // A unit importing nothing left is lowest; one imported by nothing left is highest.
        if (outdeg(u) === 0) {
          head.push(u);
          left.delete(u);
          changed = true;
        } else if (indeg(u) === 0) {
          tail.unshift(u);
          left.delete(u);
          changed = true;
        }
      }
    }
    if (!left.size) break;
    const best = [...left].sort((a, b) => indeg(a) - outdeg(a) - (indeg(b) - outdeg(b)) || a.localeCompare(b))[0];
    tail.unshift(best);
    left.delete(best);
  }
  return [...head, ...tail];
}
let order = greedyOrder();
for (let improved = true; improved; ) {
  improved = false;
  for (let i = 0; i < order.length && !improved; i++) {
    for (let j = 0; j < order.length && !improved; j++) {
      if (i === j) continue;
      const next = order.slice();
      const [u] = next.splice(i, 1);
      next.splice(j, 0, u);
      if (backEdges(next).length < backEdges(order).length) {
        order = next;
        improved = true;
      }
    }
  }
}
const back = backEdges(order);
const backSet = new Set(back.map(([a, b]) => `${a}|${b}`));

// Layers: 1 + the longest chain of forward imports below a unit.
const layer = new Map();
for (const u of order) {
  let l = 1;
  for (const b of unitEdges.get(u).keys()) if (!backSet.has(`${u}|${b}`)) l = Math.max(l, (layer.get(b) ?? 1) + 1);
  layer.set(u, l);
}
const layers = Math.max(...layer.values());

const report = {
  units: units.length,
  layers,
  back: back.map(([a, b]) => ({ from: a, to: b, imports: unitEdges.get(a).get(b) })),
  fileCycles,
  layerOf: Object.fromEntries([...layer].sort((x, y) => x[1] - y[1] || x[0].localeCompare(y[0]))),
};

if (args.includes("--json")) console.log(JSON.stringify(report, null, 2));
else {
  console.log(
    `${report.units} units in ${report.layers} layers; ${report.back.length} imports run back up; ${report.fileCycles.length} import cycles between files`,
  );
  for (const b of report.back)
    console.log(
      `  back up: ${b.from} → ${b.to} (${b.imports.length}: ${b.imports.slice(0, 3).join("; ")}${b.imports.length > 3 ? "; …" : ""})`,
    );
  for (const c of report.fileCycles) console.log(`  cycle: ${c.join(" → ")}`);
  const byLayer = new Map();
  for (const [u, l] of Object.entries(report.layerOf)) byLayer.set(l, [...(byLayer.get(l) ?? []), u]);
  for (const [l, us] of byLayer) console.log(`  layer ${l}: ${us.join(", ")}`);
}

const limits = [
  ["--max-cycles", report.fileCycles.length, "import cycles between files"],
  ["--max-back", report.back.length, "imports running back up"],
  ["--max-layers", report.layers, "layers"],
];
let failed = false;
for (const [name, value, what] of limits) {
  const max = flag(name);
  if (max !== undefined && value > max) {
    console.error(`FAIL ${value} ${what}, over ${max}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
