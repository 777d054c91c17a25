/**
 * The documentation runs in a notebook as written: every TypeScript block of the README (and of
 * docs/*.md) and every `@example` of lib/ executes in a fresh tslab kernel, cell by cell as a user
 * types it (a block's paragraphs, split at blank lines, are its cells), through
 * scripts/run-kernel-cells.py and jupyter_client, the kernel registered the way
 * `capqa setup kernel` registers it (lib/setup) into a temporary JUPYTER_DATA_DIR.
 *
 * Before an example's own cells come, each in a cell of its own and so in an EARLIER cell (the
 * situation where tslab 1.0.22 does not resolve shorthand properties), the preamble a user has:
 * - the imports of the names it uses from "capqa" or a subpath (found in the built package, the
 *   root first), when the example does not import them itself;
 * - CONTEXT: the variables it uses without defining them (questions, golds, bench, systems, …);
 * - files it reads (answers.csv, gpt.csv, …), written into the kernel's folder (FILES).
 * What cannot run here is replaced by SUBSTITUTIONS, each listed with its reason and each used:
 * the paper's 1.7 GB NLI model and the BERTScore export by capqa's demo model and a tiny
 * BERTScore fixture (no network here), GPUs by the CPU, inference servers and the hub by local
 * stand-ins (test/support/nli-servers.ts, test/fixtures/hub/mirror.ts). Nothing is faked: the
 * example's code runs as written around those names. NEEDS_REAL_MODEL lists what still cannot
 * run (kept small). Without Jupyter or tslab the kernel tests are skipped and say why; the
 * static checks below run everywhere.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import ts from "typescript";
import { DEMO_NLI_MODEL_DIR, loadBenchmark, toCsv, Xoshiro128 } from "../lib/index.js";
import { DATA_DIR_ENV, DEFAULT_KSERVE_MODEL_NAME } from "../lib/constants.js";
import { planTslabKernel, registerTslabKernel, type TslabKernelPlan } from "../lib/setup/index.js";
import { writeTinyBertScoreModel } from "../scripts/fixtures/tiny-encoders.js";
import { startNliTestServer, type NliTestServer } from "./support/nli-servers.js";
import { startHubMirror, type HubMirror } from "./fixtures/hub/mirror.js";
import { releasedDataDir } from "./helpers.js";
import { loadNliClassifier } from "../lib/nli/transformers-engine.js";

const root = resolve(".");

// ------------------------------------------------------------------ the examples

interface Example {
  /** README.md:12, lib/score/cap-scorer.ts:182 (createCapScorer) */
  readonly id: string;
  readonly file: string;
  readonly code: string;
}

/** ```ts blocks of a Markdown file. */
function markdownBlocks(file: string): Example[] {
  const lines = readFileSync(join(root, file), "utf8").split("\n");
  const out: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(ts|typescript)\s*$/.test(lines[i])) continue;
    const start = i + 1;
    let j = start;
    while (j < lines.length && !/^```\s*$/.test(lines[j])) j++;
    out.push({ id: `${file}:${start}`, file, code: lines.slice(start, j).join("\n") });
    i = j;
  }
  return out;
}

/** `@example` sections of the doc comments of a TypeScript file, each named by what the comment documents. */
function docExamples(file: string): Example[] {
  const text = readFileSync(join(root, file), "utf8");
  const out: Example[] = [];
  for (const m of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const body = m[1].split("\n").map((l) => l.replace(/^\s*\* ?/, ""));
    const at = body.findIndex((l) => l.startsWith("@example"));
    if (at < 0) continue;
    let end = at + 1;
    while (end < body.length && !/^@\w/.test(body[end])) end++;
    const code = body
      .slice(at + 1, end)
      .join("\n")
      .replace(/\s+$/, "");
    const after = text.slice((m.index ?? 0) + m[0].length);
    const name =
      /^\s*export\s+(?:declare\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|class|const|let|interface|type)\s+(\w+)/.exec(after)?.[1] ??
      "module";
    const line = text.slice(0, m.index).split("\n").length + at + 1;
    out.push({ id: `${file}:${line} (${name})`, file, code });
  }
  return out;
}

function tsFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

const docs = existsSync(join(root, "docs")) ? readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")) : [];
const EXAMPLES: Example[] = [
  ...markdownBlocks("README.md"),
  ...docs.flatMap((f) => markdownBlocks(join("docs", f))),
  ...tsFiles("lib").sort().flatMap(docExamples),
];

/** A block's cells: its paragraphs (a user types or pastes them one cell at a time). */
const cellsOf = (code: string) =>
  code
    .split(/\n\s*\n/)
    .map((c) => c.trim())
    .filter((c) => c !== "");

// ------------------------------------------------------------------ names a cell declares and uses (TypeScript's parser)

interface Names {
  readonly declared: Set<string>;
  readonly used: Set<string>;
  /** Shorthand properties ({ questions }), each a use of a variable by its name. */
  readonly shorthand: Set<string>;
}

function namesOf(code: string): Names {
  const sf = ts.createSourceFile("cell.ts", code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const declared = new Set<string>();
  const used = new Set<string>();
  const shorthand = new Set<string>();
  const bind = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) declared.add(name.text);
    else for (const el of name.elements) if (!ts.isOmittedExpression(el)) bind(el.name);
  };
  const isDeclarationName = (id: ts.Identifier) => {
    const p = id.parent;
    return (
      ((ts.isVariableDeclaration(p) ||
        ts.isParameter(p) ||
        ts.isBindingElement(p) ||
        ts.isFunctionDeclaration(p) ||
        ts.isClassDeclaration(p)) &&
        p.name === id) ||
      (ts.isBindingElement(p) && p.propertyName === id) ||
      (ts.isPropertyAccessExpression(p) && p.name === id) ||
      ((ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p)) &&
        p.name === id) ||
      ts.isImportSpecifier(p) ||
      ts.isImportClause(p) ||
      ts.isNamespaceImport(p) ||
      ts.isLabeledStatement(p)
    );
  };
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) || ts.isParameter(node)) bind(node.name);
    else if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && node.name) declared.add(node.name.text);
    else if (ts.isImportSpecifier(node) || ts.isNamespaceImport(node)) declared.add(node.name.text);
    else if (ts.isImportClause(node) && node.name) declared.add(node.name.text);
    if (ts.isShorthandPropertyAssignment(node)) shorthand.add(node.name.text);
    if (ts.isIdentifier(node) && !isDeclarationName(node)) used.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { declared, used, shorthand };
}

// ------------------------------------------------------------------ what a user has before an example: context, files, substitutions

/** Variables the documentation uses without defining them, defined in an earlier cell as a user would. */
const CONTEXT: readonly { readonly defines: readonly string[]; readonly code: string }[] = [
  {
    defines: ["questions", "golds", "answers"],
    code: `const questions = ["What travels through the stem of a plant?", "Who wrote Hamlet?", "What is the capital of France?", "How many legs does a spider have?", "Is the Earth flat?", "What is the sun?", "When did the Second World War end?", "What gas do plants take in?"];
const golds = ["water", "William Shakespeare", "Paris", "eight", "no", "a star", "1945", "carbon dioxide"];
const answers = ["Water and minerals.", "Shakespeare wrote it.", "Lyon", "Eight legs.", "Yes, it is flat.", "The sun is a star.", "It ended in 1945.", "Oxygen"];`,
  },
  {
    defines: ["labels"],
    code: `const labels = ["overinclusive_valid", "equivalent", "contradictory", "exact", "contradictory", "exact", "equivalent", "invalid"];`,
  },
  { defines: ["myScores"], code: "const myScores = [0.8, 0.9, 0.1, 0.95, 0.05, 0.97, 0.85, 0.3];" },
  { defines: ["bench"], code: "const bench = loadBenchmark();" },
  {
    defines: ["systems"],
    code: `const systems = [readSystem("gpt.csv", { name: "GPT-4o", labelColumn: "label" }), readSystem("qwen.csv", { name: "Qwen 3", labelColumn: "label" })];`,
  },
  { defines: ["manifest"], code: `const manifest = buildManifest({ command: ["compare", "gpt.csv", "qwen.csv"] });` },
  { defines: ["dir"], code: `const dir = "nli-cache";` },
  {
    defines: ["rows"],
    code: `const rows = [
  { metric: "cap", spearman: 0.61 },
  { metric: "bleu", spearman: 0.32 },
];`,
  },
];

/** Examples that read bench need the released data (CAPQA_DATA_DIR, else ../shared beside the repo); without it they are skipped. */
const dataDir = releasedDataDir();

interface Substitution {
  readonly from: string;
  /** The replacement; a function of the running stand-ins and the example. */
  readonly to: (s: Stage, e: Example) => string;
  readonly why: string;
  /** Example files it does not apply to. */
  readonly except?: readonly string[];
}

/** What the test runs with: the kernel's folder, the model stand-ins, the servers. */
interface Stage {
  readonly work: string;
  readonly bertscore: string;
  readonly tei: readonly string[];
  /** KServe stand-ins by the model name they serve. */
  readonly kserve: Readonly<Record<string, string>>;
}

const SUBSTITUTIONS: readonly Substitution[] = [
  {
    from: `"cross-encoder/nli-deberta-v3-large"`,
    to: () => JSON.stringify(DEMO_NLI_MODEL_DIR),
    why: "the paper's NLI model is 1.7 GB from the hub and no network is here: capqa's demo model runs the same path (its scores mean nothing)",
    except: ["lib/runtime/hub-client.ts"],
  },
  {
    from: `"models/nli-deberta-v3-large"`,
    to: () => JSON.stringify(DEMO_NLI_MODEL_DIR),
    why: "a local export of the paper's model is not here: the demo model",
  },
  { from: `"/path/to/model"`, to: () => JSON.stringify(DEMO_NLI_MODEL_DIR), why: "a placeholder path: the demo model" },
  {
    from: `"models/bertscore-roberta-large-L17"`,
    to: (s) => JSON.stringify(s.bertscore),
    why: "the BERTScore export (1.4 GB) is not here: a tiny BERTScore model (scripts/fixtures/tiny-encoders.ts)",
  },
  { from: `dtype: "fp16"`, to: () => `dtype: "fp32"`, why: "the demo model ships fp32 only" },
  { from: `device: "cuda"`, to: () => `device: "cpu"`, why: "no GPU runtime in the test" },
  { from: `"~/.cache/capqa"`, to: (s) => JSON.stringify(join(s.work, "capqa-cache")), why: "the user's cache folder stays untouched" },
  {
    from: `"http://127.0.0.1:8000"`,
    to: (s, e) => JSON.stringify(s.kserve[/modelName: "([^"]+)"/.exec(e.code)?.[1] ?? DEFAULT_KSERVE_MODEL_NAME]),
    why: "a KServe v2 stand-in serving the demo model under the model name the example asks for (test/support/nli-servers.ts)",
  },
  { from: `"http://127.0.0.1:8080"`, to: (s) => JSON.stringify(s.tei[0]), why: "a TEI stand-in serving the demo model" },
  { from: `"http://gpu1:8080"`, to: (s) => JSON.stringify(s.tei[0]), why: "two TEI stand-ins for two GPU servers" },
  { from: `"http://gpu2:8080"`, to: (s) => JSON.stringify(s.tei[1]), why: "two TEI stand-ins for two GPU servers" },
];

/** Examples that cannot run here even so, with the reason: keep this list small. */
const NEEDS_REAL_MODEL: readonly { readonly id: string; readonly why: string }[] = [];

/** Values an example's comments promise, checked in its last cell's output (a regular expression on the text). */
const SHOWS: Readonly<Record<string, RegExp>> = {
  "lib/statements/builtin.ts": /The Earth is not flat\./,
  "lib/statements/reformulate-all.ts": /William Shakespeare wrote Hamlet\./,
  "lib/nli/batching.ts": /^\[ Uint32Array\(1\) \[ 1 \], Uint32Array\(2\) \[ 2, 0 \] \]$/m,
};

const applies = (s: Substitution, e: Example) => e.code.includes(s.from) && !(s.except ?? []).includes(e.file);

function substitute(code: string, e: Example, stage: Stage): string {
  let out = code;
  for (const s of SUBSTITUTIONS) if (applies(s, e)) out = out.split(s.from).join(s.to(stage, e));
  return out;
}

/** The package's exports, name → module ("capqa" first, then each subpath). */
async function exportedNames(): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  const add = (mod: string, keys: string[]) => {
    for (const k of keys) if (!map.has(k)) map.set(k, mod);
  };
  add("capqa", Object.keys(await import("capqa")));
  for (const d of readdirSync(join(root, "dist", "lib")).sort()) {
    if (existsSync(join(root, "dist", "lib", d, "index.js"))) add(`capqa/${d}`, Object.keys(await import(`capqa/${d}`)));
  }
  add("capqa/constants", Object.keys(await import("capqa/constants")));
  return map;
}

/** The cells a user runs for an example: imports, context, then the example's own paragraphs. */
function cellsFor(e: Example, exports: Map<string, string>, stage: Stage): string[] {
  const own = cellsOf(substitute(e.code, e, stage));
  const ownNames = own.map(namesOf);
  const declared = new Set(ownNames.flatMap((n) => [...n.declared]));
  const used = new Set(ownNames.flatMap((n) => [...n.used]));
  const context = CONTEXT.filter((c) => c.defines.some((v) => used.has(v) && !declared.has(v)));
  const contextNames = context.map((c) => namesOf(c.code));
  for (const n of contextNames) for (const u of n.used) used.add(u);
  for (const n of contextNames) for (const d of n.declared) declared.add(d);
  const imports = new Map<string, string[]>();
  for (const name of [...used].sort()) {
    const mod = exports.get(name);
    if (mod === undefined || declared.has(name)) continue;
    imports.set(mod, [...(imports.get(mod) ?? []), name]);
  }
  const importCell = [...imports].map(([mod, names]) => `import { ${names.join(", ")} } from "${mod}";`).join("\n");
  return [...(importCell ? [importCell] : []), ...context.map((c) => c.code), ...own];
}

// ------------------------------------------------------------------ static checks (no kernel needed)

test("there are examples: the README's library block and the @examples of lib/", () => {
  assert.ok(
    EXAMPLES.some((e) => e.file === "README.md"),
    "a ```ts block in README.md",
  );
  assert.ok(EXAMPLES.filter((e) => e.file.startsWith("lib/")).length >= 20, EXAMPLES.map((e) => e.id).join("\n"));
});

test("no example uses a variable of an earlier cell as a shorthand property (tslab 1.0.22 does not resolve them across cells)", () => {
  const bad: string[] = [];
  for (const e of EXAMPLES) {
    for (const cell of cellsOf(e.code)) {
      const n = namesOf(cell);
      for (const name of n.shorthand) if (!n.declared.has(name)) bad.push(`${e.id}: { ${name} } → { ${name}: ${name} }`);
    }
  }
  assert.deepEqual(bad, []);
});

test("every substitution is used, NEEDS_REAL_MODEL is small and names examples that exist", () => {
  const unused = SUBSTITUTIONS.filter((s) => !EXAMPLES.some((e) => applies(s, e))).map((s) => s.from);
  assert.deepEqual(unused, [], "substitutions no example needs any more");
  assert.ok(NEEDS_REAL_MODEL.length <= 3, NEEDS_REAL_MODEL.map((n) => n.id).join(", "));
  for (const n of NEEDS_REAL_MODEL)
    assert.ok(
      EXAMPLES.some((e) => e.id === n.id),
      `${n.id} is not an example`,
    );
  for (const f of Object.keys(SHOWS))
    assert.ok(
      EXAMPLES.some((e) => e.file === f),
      `${f} has no example`,
    );
});

// ------------------------------------------------------------------ the kernel

function kernelPlan(jupyterData: string): TslabKernelPlan | string {
  if (!existsSync(join(root, "node_modules", "tslab", "bin", "tslab"))) return "tslab is not installed (npm install)";
  try {
    return planTslabKernel(root, { env: { ...process.env, JUPYTER_DATA_DIR: jupyterData } });
  } catch (e) {
    return (e as Error).message;
  }
}

interface CellResult {
  readonly status: "ok" | "error";
  readonly output: string;
  readonly error?: string;
}
interface RunResult {
  readonly id: string;
  readonly seconds: number;
  readonly cells: CellResult[];
  readonly startError?: string;
  /** Present when a kernel did not answer and a fresh one was started (scripts/run-kernel-cells.py). */
  readonly startAttempts?: number;
}

/** Runs the job through scripts/run-kernel-cells.py without blocking this process (the stand-in servers answer from it). */
function runKernelCells(python: string, job: unknown, work: string, env: NodeJS.ProcessEnv): Promise<RunResult[]> {
  const jobDir = mkdtempSync(join(tmpdir(), "capqa-docs-job-"));
  const file = join(jobDir, "job.json");
  writeFileSync(file, JSON.stringify(job));
  const done = new Promise<RunResult[]>((ok, fail) => {
    const child = spawn(python, [join(root, "scripts", "run-kernel-cells.py"), file], {
      cwd: work,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString("utf8");
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString("utf8");
    });
    child.on("error", fail);
    child.on("close", (code) => {
      if (code !== 0) fail(new Error(`run-kernel-cells.py exited with status ${code}: ${stderr.trim().split("\n").slice(-5).join(" | ")}`));
      else
        ok(
          stdout.trim() === ""
            ? []
            : stdout
                .trim()
                .split("\n")
                .map((l) => JSON.parse(l) as RunResult),
        );
    });
  });
  return done.finally(() => rmSync(jobDir, { recursive: true, force: true }));
}

/** The files the examples read, as a user would have them in the notebook's folder. */
function writeFiles(work: string): void {
  const questions = [
    "What travels through the stem of a plant?",
    "Who wrote Hamlet?",
    "What is the capital of France?",
    "How many legs does a spider have?",
    "Is the Earth flat?",
    "What is the sun?",
  ];
  const golds = ["water", "William Shakespeare", "Paris", "eight", "no", "a star"];
  const answers = ["Water and minerals.", "Shakespeare wrote it.", "Lyon", "Eight legs.", "Yes, it is flat.", "The sun is a star."];
  const labels = ["overinclusive_valid", "equivalent", "contradictory", "exact", "contradictory", "exact"];
  const ids = questions.map((_, i) => `q${i + 1}`);
  const csv = (file: string, rows: Record<string, unknown>[]) => writeFileSync(join(work, file), toCsv(Object.keys(rows[0]), rows));
  csv(
    "answers.csv",
    ids.map((id, i) => ({ id, question: questions[i], gold_answer: golds[i], answer: answers[i] })),
  );
  // Two systems' scored answers (capqa score's output, with human labels).
  const gptCap = [0.81, 0.9, 0.12, 0.95, 0.08, 0.97];
  const qwenCap = [0.7, 0.62, 0.2, 0.9, 0.3, 0.93];
  csv(
    "gpt.csv",
    ids.map((id, i) => ({ id, question: questions[i], gold_answer: golds[i], answer: answers[i], cap: gptCap[i], label: labels[i] })),
  );
  csv(
    "qwen.csv",
    ids.map((id, i) => ({
      id,
      question: questions[i],
      gold_answer: golds[i],
      answer: answers[i],
      cap: qwenCap[i],
      label: ["exact", "partial", "invalid", "exact", "partial", "exact"][i],
    })),
  );
  csv(
    "my-labelled.csv",
    ids.map((id, i) => ({ id, label: labels[i], gold_answer: golds[i], answer: answers[i], cap: gptCap[i], my_metric: qwenCap[i] })),
  );
  // A labelled file of one's own with levels of its own order and a split column (validation fits, test evaluates).
  const levels = ["bad", "ok", "good"];
  const rng = new Xoshiro128(11, 2);
  csv(
    "labelled.csv",
    Array.from({ length: 60 }, (_, i) => ({
      id: i,
      label: levels[i % 3],
      my_metric: Math.round(((i % 3) / 3 + rng.nextFloat() * 0.4) * 1000) / 1000,
      split: i < 30 ? "validation" : "test",
    })),
  );
  csv("statements.csv", [
    { question: "Who wrote Hamlet?", answer: "Shakespeare", statement: "Shakespeare wrote Hamlet." },
    { question: "Is the Earth flat?", answer: "No", statement: "The Earth is not flat." },
    { question: "What is the sun?", answer: "a star", statement: "the sun is is a star" },
  ]);
  csv("my-items.csv", [
    { question: "Who wrote Hamlet?", answer: "William Shakespeare", statement: "William Shakespeare wrote Hamlet." },
    { question: "How many legs does a spider have?", answer: "eight", statement: "A spider has eight legs." },
    { question: "Is the Earth flat?", answer: "No", statement: "The Earth is not flat." },
  ]);
  if (dataDir !== undefined) {
    // A metric of one's own for every benchmark row, by row_id (seeded).
    const n = loadBenchmark(dataDir).rows.length;
    const rng = new Xoshiro128(7, 1);
    csv(
      "my-metric.csv",
      Array.from({ length: n }, (_, i) => ({ row_id: i, my_metric: Math.round(rng.nextFloat() * 1000) / 1000 })),
    );
  }
}

const jupyterData = mkdtempSync(join(tmpdir(), "capqa-docs-jupyter-"));
process.on("exit", () => rmSync(jupyterData, { recursive: true, force: true }));
const plan = kernelPlan(jupyterData);
const noKernel = typeof plan === "string" ? `no tslab kernel here: ${plan}` : false;

test("tslab 1.0.22 does not resolve a shorthand property across cells (why the docs write { questions: questions })", {
  skip: noKernel,
}, async () => {
  if (typeof plan === "string") return;
  registerTslabKernel(plan);
  const work = mkdtempSync(join(tmpdir(), "capqa-docs-canary-"));
  try {
    const cells = [
      'const golds = ["a star"];',
      "const explicit = { golds: golds }; explicit.golds.length",
      "const shorthand = { golds }; shorthand.golds.length",
    ];
    const [r] = await runKernelCells(plan.python.executable, { kernel: "tslab", runs: [{ id: "canary", cwd: work, cells }] }, work, {
      ...process.env,
      JUPYTER_DATA_DIR: jupyterData,
    });
    assert.equal(r.cells[1].status, "ok", JSON.stringify(r.cells));
    assert.equal(r.cells[1].output.trim(), "1");
    assert.equal(
      r.cells[2].status,
      "error",
      "shorthand resolves now: drop the docs' note and this canary when the pinned tslab (TSLAB_RANGE) is the fixed one",
    );
    assert.match(r.cells[2].error ?? "", /^ReferenceError: golds is not defined/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test("every README TypeScript block and every @example of lib/ runs in a tslab kernel", { skip: noKernel }, async (t) => {
  if (typeof plan === "string") return;
  registerTslabKernel(plan);
  // The kernel's folder: inside this checkout (node_modules/.cache, ignored by git), so that "capqa" and its peers resolve
  // by walking up to node_modules as in a user's project (through a linked node_modules, TypeScript cannot name their types).
  mkdirSync(join(root, "node_modules", ".cache"), { recursive: true });
  const base = mkdtempSync(join(root, "node_modules", ".cache", "capqa-docs-examples-"));
  const work = join(base, "notebook");
  mkdirSync(work);
  const servers: NliTestServer[] = [];
  let mirror: HubMirror | undefined;
  try {
    const bertscore = join(base, "bertscore-tiny");
    writeTinyBertScoreModel(bertscore);
    writeFiles(work);
    const classifier = await loadNliClassifier({ model: DEMO_NLI_MODEL_DIR });
    for (const protocol of ["tei", "tei"] as const) servers.push(await startNliTestServer({ protocol, classifier }));
    const kserve: Record<string, string> = {};
    for (const modelName of [DEFAULT_KSERVE_MODEL_NAME, "nli"]) {
      const server = await startNliTestServer({ protocol: "kserve", modelName, classifier });
      servers.push(server);
      kserve[modelName] = server.url;
    }
    mirror = await startHubMirror([
      {
        repo: "cross-encoder/nli-deberta-v3-large",
        revisions: [{ commit: "c".repeat(40), files: { "config.json": readFileSync(join(DEMO_NLI_MODEL_DIR, "config.json"), "utf8") } }],
        branches: { main: "c".repeat(40) },
      },
    ]);
    const stage: Stage = { work, bertscore, tei: [servers[0].url, servers[1].url], kserve };
    const exports = await exportedNames();
    const skipped = new Map<string, string>();
    for (const n of NEEDS_REAL_MODEL) skipped.set(n.id, `needs a real model: ${n.why}`);
    if (dataDir === undefined)
      for (const e of EXAMPLES)
        if (cellsFor(e, exports, stage).some((c) => c.includes("loadBenchmark(")))
          skipped.set(e.id, `needs the released data (${DATA_DIR_ENV})`);
    const runs = EXAMPLES.filter((e) => !skipped.has(e.id)).map((e) => ({ id: e.id, cwd: work, cells: cellsFor(e, exports, stage) }));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      JUPYTER_DATA_DIR: jupyterData,
      ...(dataDir === undefined ? {} : { [DATA_DIR_ENV]: dataDir }),
      HF_ENDPOINT: mirror.endpoint,
      HF_HOME: join(base, "hf-home"),
      CAPQA_CACHE_DIR: join(base, "capqa-cache"),
    };
    delete env.HF_HUB_OFFLINE;
    delete env.HF_HUB_CACHE;
    const started = Date.now();
    const results = await runKernelCells(plan.python.executable, { kernel: "tslab", jobs: 2, timeout: 300, runs }, work, env);
    const seconds = (Date.now() - started) / 1000;
    const byId = new Map(results.map((r) => [r.id, r]));
    t.diagnostic(
      `${runs.length} examples in ${seconds.toFixed(1)} s (two kernels at a time); substitutions: ${SUBSTITUTIONS.map((s) => `${s.from} (${s.why})`).join("; ")}`,
    );
    for (const e of EXAMPLES) {
      await t.test(e.id, { skip: skipped.get(e.id) ?? false }, () => {
        const r = byId.get(e.id);
        assert.ok(r, "no result");
        assert.equal(r.startError, undefined, r.startError);
        const cells = runs.find((x) => x.id === e.id)?.cells ?? [];
        const failed = r.cells.findIndex((c) => c.status !== "ok");
        if (failed >= 0)
          assert.fail(
            `cell ${failed + 1} of ${cells.length} failed: ${r.cells[failed].error}\n--- the cell:\n${cells[failed]}\n--- its output:\n${r.cells[failed].output.slice(0, 1500)}`,
          );
        assert.equal(r.cells.length, cells.length);
        const shows = SHOWS[e.file];
        if (shows) assert.match(r.cells.at(-1)?.output ?? "", shows);
        t.diagnostic(`${e.id}: ${r.seconds.toFixed(1)} s${r.startAttempts ? ` (its kernel answered at start ${r.startAttempts})` : ""}`);
      });
    }
  } finally {
    for (const s of servers) await s.close();
    await mirror?.close();
    rmSync(base, { recursive: true, force: true });
  }
});
