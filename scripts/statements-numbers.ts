/**
 * Every number docs/statements.md (the statements page) reports, from one run (issue 23):
 *
 *   node dist/scripts/statements-numbers.js [--sets] [--held-out] [--tables] [--flags] [--cap] [--train]
 *                                           [--agreement] [--speed] [--misses FILE] [--readme | --check] [--root DIR]
 *
 * --speed      the built-in reformulator over all 17,654 CAP-Correctness (question, answer) pairs in
 *              one thread, the NLP libraries loaded first (as `npm run bench` times it); run first,
 *              before anything fills the memos
 * --sets       capqa's own development sets (test/fixtures/statements/*.csv): exact match, ROUGE-L,
 *              ill-formed, flagged, and the flags' recall of misses and rate on exact statements;
 *              the held-out sets (lean-holdout.csv, holdout-2.csv, …, lean-holdout-2.csv) only with --held-out, so that a
 *              person developing the rules does not see them by accident
 * --tables     the per-form and per-style tables of those sets
 * --flags      the hand-labelled flag sets (flags.csv, flags-2.csv, …) and their union: recall of bad statements, rate on good ones, precision
 * --cap        CAP-Statements validation part overall and per question type (BLEU, ROUGE-L, EM)
 * --train      the same on its train part
 * --agreement  agreement with the released CAP-Correctness statements (`capqa statements agreement`)
 * --misses F   writes every miss of the sets (and of CAP-Statements with --cap/--train) to F
 * --readme     writes the sets' table (held-out sets included), the per-form tables of dev.csv and
 *              lean.csv, the flags' table and the CAP-Statements per-type table into docs/statements.md,
 *              between <!-- statements-numbers:begin --> and <!-- statements-numbers:end -->
 *              (run with --sets --held-out --tables --flags --cap), and with --agreement the released
 *              and built-in candidate statements' table between <!-- statements-agreement:begin -->
 *              and <!-- statements-agreement:end -->
 * --check      writes nothing: compares each block --readme would write with docs/statements.md and
 *              exits 1 with a line diff where they differ (scripts/docs-numbers.ts runs it in CI)
 * --root DIR   the folder whose docs/statements.md is written or checked (default: the working folder)
 *
 * Data: $CAPQA_STATEMENTS_DIR (else ../shared/data/cap-statements) and $CAPQA_DATA_DIR (else the
 * released data folder the tests use). With no section named, all but --held-out, --train and
 * --agreement run.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, relative, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { loadBenchmark } from "../lib/data/index.js";
import { QUESTION_TYPES } from "../lib/statements/types.js";
import { builtinGenerator } from "../lib/statements/generator.js";
import { evaluateReferenceStatements, loadReferenceStatements, type ReferenceScores } from "../lib/statements/reference-set.js";
import { evaluateFlagLabels, FLAG_LABEL_FILE, type FlagEvaluation, flagLabelFiles, loadFlagLabels } from "../lib/statements/flag-labels.js";
import { loadStatementItems } from "../lib/statements/dataset.js";
import { scoreStatementsAgainst, exactMatch } from "../lib/statements/metrics.js";
import { reformulateAll } from "../lib/statements/reformulate-all.js";
import { warmUpNlp } from "../lib/statements/nlp.js";
import { statementAgreement } from "../lib/statements/agreement.js";
import { releasedDataDir } from "../test/helpers.js";
import { writeFileAtomic } from "../lib/io/format.js";

const args = process.argv.slice(2);
const SECTIONS = ["--sets", "--tables", "--flags", "--cap", "--train", "--agreement", "--speed"];
const named = args.some((a) => SECTIONS.includes(a));
const on = (flag: string) => args.includes(flag) || (!named && !["--train", "--agreement"].includes(flag));
const heldOut = args.includes("--held-out");
const missesFile = args.includes("--misses") ? args[args.indexOf("--misses") + 1] : undefined;
const check = args.includes("--check");
if (check && args.includes("--readme")) throw new Error("--check compares the docs with what --readme would write; give one of them");
const root = args.includes("--root") ? resolve(args[args.indexOf("--root") + 1]) : process.cwd();
/** Sections' reports; --check prints only what differs from the docs. */
const print = (text: string) => {
  if (!check) console.log(text);
};
const HELD_OUT = new Set([
  "lean-holdout.csv",
  "holdout-2.csv",
  "holdout-3.csv",
  "holdout-4.csv",
  "lean-holdout-2.csv",
  "holdout-6.csv",
  "lean-holdout-4.csv",
  "holdout-7.csv",
  "lean-holdout-5.csv",
  "holdout-8.csv",
  "lean-holdout-6.csv",
  "holdout-9.csv",
  "lean-holdout-7.csv",
  "holdout-10.csv",
  "lean-holdout-8.csv",
  "lean-holdout-9.csv",
  "holdout-11.csv",
  "lean-holdout-10.csv",
  "lean-holdout-11.csv",
  "lean-holdout-12.csv",
  "lean-holdout-13.csv",
  "lean-holdout-14.csv",
  "lean-holdout-15.csv",
  "lean-holdout-16.csv",
  "lean-holdout-17.csv",
  "lean-holdout-18.csv",
  "lean-holdout-19.csv",
  "lean-holdout-20.csv",
  "lean-holdout-21.csv",
  "lean-holdout-22.csv",
  "lean-holdout-23.csv",
  "lean-holdout-24.csv",
  "lean-holdout-25.csv",
  "lean-holdout-26.csv",
  "holdout-12.csv",
  "lean-holdout-27.csv",
  "lean-holdout-28.csv",
  "lean-holdout-29.csv",
]);
const FIXTURES = resolve("test/fixtures/statements");
const statementsDir = process.env.CAPQA_STATEMENTS_DIR ?? resolve("../shared/data/cap-statements");
const missLines: string[] = [];
/** What --readme writes into docs/statements.md: the statements-numbers block, and the agreement block with --agreement. */
const readme: string[] = [];
const agreementBlock: string[] = [];
const README_TABLE_SETS = new Set(["dev.csv", "lean.csv"]);
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "—");
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : "—");

if (on("--speed")) {
  const dir = process.env.CAPQA_DATA_DIR ?? releasedDataDir();
  if (!dir) throw new Error("no CAP-Correctness folder: set CAPQA_DATA_DIR");
  const bench = loadBenchmark(dir);
  let t = performance.now();
  warmUpNlp();
  const load = (performance.now() - t) / 1000;
  const questions = bench.rows.flatMap((r) => [r.question, r.question]);
  const answers = bench.rows.flatMap((r) => [r.goldAnswer, r.answer]);
  t = performance.now();
  const cpu = process.cpuUsage();
  const made = await reformulateAll(questions, answers, { threads: 1 });
  const secs = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSecs = (used.user + used.system) / 1e6;
  print(
    `## Speed\n\n${made.length} CAP-Correctness (question, answer) pairs in one thread: ${secs.toFixed(3)} s wall, ${cpuSecs.toFixed(3)} s CPU (${((1e6 * secs) / made.length).toFixed(1)} µs a pair; NLP loaded first in ${load.toFixed(2)} s); ${made.filter((m) => m.flagged).length} flagged\n`,
  );
}

if (on("--sets") || on("--tables")) {
  const files = readdirSync(FIXTURES)
    .filter((f) => f.endsWith(".csv") && !FLAG_LABEL_FILE.test(f) && (heldOut || !HELD_OUT.has(f)))
    .sort();
  const rows: string[] = [
    "## Development sets",
    "",
    "| set | n | exact match % | ROUGE-L | ill-formed % | flagged % | misses flagged % | exact flagged % |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  const add = (name: string, s: ReferenceScores) =>
    rows.push(
      `| ${name} | ${s.n} | ${f1(s.exactMatch)} | ${f1(s.rougeL)} | ${f1(s.illFormed)} | ${f1(s.flagged)} | ${f1(s.missesFlagged)} | ${f1(s.exactFlagged)} |`,
    );
  const tables: string[] = [];
  for (const file of files) {
    const { items } = loadReferenceStatements(resolve(FIXTURES, file));
    const e = await evaluateReferenceStatements(items, builtinGenerator);
    add(file, e.overall);
    if (on("--tables"))
      for (const [title, group] of [
        ["question form", e.byForm],
        ["answer style", e.byStyle],
      ] as const) {
        const table = [
          `| ${title} | n | exact match % | ill-formed % | misses flagged % | exact flagged % |`,
          "| --- | --- | --- | --- | --- | --- |",
        ];
        for (const [k, s] of Object.entries(group))
          table.push(`| ${k} | ${s.n} | ${f1(s.exactMatch)} | ${f1(s.illFormed)} | ${f1(s.missesFlagged)} | ${f1(s.exactFlagged)} |`);
        tables.push(`### ${file}: per ${title}`, "", ...table, "");
        if (README_TABLE_SETS.has(file) && title === "question form") readme.push(`${file}, per question form:`, "", ...table, "");
      }
    for (const m of e.misses)
      missLines.push(
        `[${file}:${m.line}] ${m.form} ${m.rule}${m.doubts.length ? ` FLAG ${m.doubts.join("; ")}` : ""}\n Q: ${m.question}\n A: ${m.answer}\n R: ${m.reference}\n G: ${m.statement}`,
      );
  }
  print([...rows, "", ...(on("--tables") ? tables : [])].join("\n"));
  readme.unshift(...rows.slice(2), "");
}

if (on("--flags")) {
  // Each batch of hand-labelled statements and their union, the development set (issue 23 part 6).
  const batches = flagLabelFiles(readdirSync(FIXTURES)).map((file) => ({ file, items: loadFlagLabels(resolve(FIXTURES, file)).items }));
  const union = batches.flatMap((b) => b.items);
  const columns: [string, FlagEvaluation][] = [
    ...batches.map((b) => [b.file, evaluateFlagLabels(b.items)] as [string, FlagEvaluation]),
    ["development set", evaluateFlagLabels(union)],
  ];
  const e = columns[columns.length - 1][1];
  const row = (title: string, cell: (x: FlagEvaluation) => string) => `| ${title} | ${columns.map(([, x]) => cell(x)).join(" | ")} |`;
  const reasons = [...new Set(columns.flatMap(([, x]) => Object.keys(x.recallByReason)))];
  // The flags' table, printed and written into docs/statements.md alike.
  const flagsTable = [
    `| | ${columns.map(([name]) => name).join(" | ")} |`,
    `| --- | ${columns.map(() => "---").join(" | ")} |`,
    row("recall: bad statements flagged", (x) => `${x.flaggedBad}/${x.bad} = ${f1(x.recall)} %`),
    row("good statements flagged", (x) => `${x.flaggedGood}/${x.good} = ${f1(x.goodFlaggedRate)} %`),
    row("precision: flagged statements that are bad", (x) => `${f1(x.precision)} %`),
    ...reasons.map((k) =>
      row(`recall, ${k}`, (x) => (x.recallByReason[k] ? `${x.recallByReason[k].flagged}/${x.recallByReason[k].n}` : "—")),
    ),
  ];
  const names = batches.map((b) => b.file).join(" + ");
  print(
    [
      `## Flags on hand-labelled statements (${names})`,
      "",
      `${e.n} statements, ${e.bad} labelled bad, ${e.good} good; ${e.reproduced} are what the rules write today (flagged by their rule and the checks), the other ${e.n - e.reproduced} are checked as written.`,
      "",
      ...flagsTable,
      "",
    ].join("\n"),
  );
  readme.push(`Flags on ${e.n} hand-labelled statements (${names}; ${e.bad} bad, ${e.good} good):`, "", ...flagsTable, "");
  if (missesFile)
    for (const [file, x] of columns.slice(0, -1))
      for (const m of x.wrong)
        missLines.push(
          `[${file}:${m.line}] ${m.label}${m.reason ? ` (${m.reason})` : ""}: flagged=${m.flagged} ${m.doubts.join("; ")}\n Q: ${m.question}\n A: ${m.answer}\n S: ${m.statement}`,
        );
}

for (const [flag, split] of [
  ["--cap", "validation"],
  ["--train", "train"],
] as const) {
  if (!on(flag)) continue;
  const { items } = loadStatementItems(statementsDir, split);
  const made = await builtinGenerator.generate(
    items.map((it) => it.question),
    items.map((it) => it.answer),
  );
  const rows = [
    `## CAP-Statements, ${split} part`,
    "",
    "| question type | n | BLEU | ROUGE-L | exact match % |",
    "| --- | --- | --- | --- | --- |",
  ];
  const score = (name: string, idx: number[]) => {
    const s = scoreStatementsAgainst(
      idx.map((i) => made[i]),
      idx.map((i) => items[i].statement),
    );
    rows.push(`| ${name} | ${s.n} | ${f2(s.bleu)} | ${f2(s.rougeL)} | ${f2(s.exactMatch)} |`);
  };
  score("all", [...items.keys()]);
  for (const t of QUESTION_TYPES)
    score(
      t,
      [...items.keys()].filter((i) => items[i].questionType === t),
    );
  print(rows.join("\n") + "\n");
  if (split === "validation") {
    // What dropping "Yes," costs: misses that would be exact with it put back, as the references keep it.
    const yesCost = items.filter(
      (it, i) =>
        !exactMatch(made[i], it.statement) && exactMatch(`Yes, ${made[i].charAt(0).toLowerCase()}${made[i].slice(1)}`, it.statement),
    ).length;
    readme.push(`CAP-Statements, validation part (${items.length} items), per question type:`, "", ...rows.slice(2), "");
    readme.push(
      `With "Yes," kept before the statement, as the references keep it, ${yesCost} more validation items would match exactly.`,
      "",
    );
  }
  items.forEach((it, i) => {
    if (!exactMatch(made[i], it.statement))
      missLines.push(`[${split}:${it.row}] ${it.questionType}\n Q: ${it.question}\n A: ${it.answer}\n R: ${it.statement}\n G: ${made[i]}`);
  });
}

if (on("--agreement")) {
  const dir = process.env.CAPQA_DATA_DIR ?? releasedDataDir();
  if (!dir) throw new Error("no CAP-Correctness folder: set CAPQA_DATA_DIR");
  const a = await statementAgreement(loadBenchmark(dir), builtinGenerator, 0);
  const rows = [
    "## Agreement with the released CAP-Correctness statements",
    "",
    "| side | n | exact % | ROUGE-L | repeated 4-gram (released) | colon form (released) | repeated clause (released) | answer left out (released) | flagged |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const [side, s] of Object.entries(a.overall))
    rows.push(
      `| ${side} | ${s.n} | ${f2(s.exact)} | ${f2(s.rougeL)} | ${s.generatedRepeated4gram} (${s.releasedRepeated4gram}) | ${s.generatedColonForm} (${s.releasedColonForm}) | ${s.generatedRepeatedClause} (${s.releasedRepeatedClause}) | ${s.generatedDropsAnswer} (${s.releasedDropsAnswer}) | ${s.generatedFlagged} |`,
    );
  print(rows.join("\n") + "\n");
  const c = a.overall.candidate;
  const n = (x: number) => x.toLocaleString("en-US");
  agreementBlock.push(
    `On the ${n(c.n)} CAP-Correctness candidate answers (\`capqa statements agreement\`):`,
    "",
    "| candidate statements | repeated 4-gram | colon form | repeated clause | answer left out | flagged |",
    "| --- | --- | --- | --- | --- | --- |",
    `| released (the authors' mT5) | ${n(c.releasedRepeated4gram)} | ${n(c.releasedColonForm)} | ${n(c.releasedRepeatedClause)} | ${n(c.releasedDropsAnswer)} | — |`,
    `| built-in | ${n(c.generatedRepeated4gram)} | ${n(c.generatedColonForm)} | ${n(c.generatedRepeatedClause)} | ${n(c.generatedDropsAnswer)} | ${n(c.generatedFlagged)} |`,
    "",
  );
}

/** A block of docs/statements.md written by this script: its markers, the sections that fill it, what they wrote. */
interface DocsBlock {
  readonly name: string;
  readonly flags: string;
  readonly lines: readonly string[];
}
const blocks: DocsBlock[] = [];
if (on("--sets") || on("--tables") || on("--flags") || on("--cap"))
  blocks.push({ name: "statements-numbers", flags: "--sets --held-out --tables --flags --cap", lines: readme });
if (on("--agreement")) blocks.push({ name: "statements-agreement", flags: "--agreement", lines: agreementBlock });

if (args.includes("--readme") || check) {
  const file = resolve(root, "docs/statements.md");
  const shown = relative(process.cwd(), file) || file;
  const original = readFileSync(file, "utf8");
  let text = original;
  const differences: string[] = [];
  for (const block of blocks) {
    const [begin, end] = [`<!-- ${block.name}:begin -->`, `<!-- ${block.name}:end -->`];
    const a = text.indexOf(begin);
    const b = text.indexOf(end);
    if (a < 0 || b < a)
      throw new Error(`${shown}: no ${begin} … ${end} block to ${check ? "check" : "write"} the numbers ${check ? "against" : "into"}`);
    const written = [
      begin,
      `<!-- written by node dist/scripts/statements-numbers.js ${block.flags} --readme; do not edit by hand -->`,
      "",
      ...block.lines,
      end,
    ].join("\n");
    const present = text.slice(a, b + end.length);
    if (check && present !== written) {
      const firstLine = text.slice(0, a).split("\n").length;
      differences.push(
        `${shown}: the ${block.name} block (line ${firstLine}) is not what the script measures today; regenerate it with node dist/scripts/statements-numbers.js ${block.flags} --readme`,
        ...lineDiff(present.split("\n"), written.split("\n"), firstLine),
      );
    }
    text = text.slice(0, a) + written + text.slice(b + end.length);
  }
  if (check) {
    if (differences.length > 0) {
      console.error(differences.join("\n"));
      process.exitCode = 1;
    } else
      console.log(
        `${shown}: ${blocks.map((b) => b.name).join(" and ")} ${blocks.length === 1 ? "block agrees" : "blocks agree"} with what the script measures`,
      );
  } else if (text !== original) {
    writeFileAtomic(file, text);
    console.log(`wrote the numbers into ${shown}`);
  } else console.log(`${shown}: the numbers are unchanged`);
}

/** The lines of `docs` that `measured` does not have ("- line N") and the reverse ("+"), by a longest common subsequence. */
function lineDiff(docs: readonly string[], measured: readonly string[], firstLine: number): string[] {
  const lcs = Array.from({ length: docs.length + 1 }, () => new Int32Array(measured.length + 1));
  for (let i = docs.length - 1; i >= 0; i--)
    for (let j = measured.length - 1; j >= 0; j--)
      lcs[i][j] = docs[i] === measured[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: string[] = [];
  let [i, j] = [0, 0];
  while (i < docs.length || j < measured.length) {
    if (i < docs.length && j < measured.length && docs[i] === measured[j]) [i, j] = [i + 1, j + 1];
    else if (i < docs.length && (j === measured.length || lcs[i + 1][j] >= lcs[i][j + 1]))
      out.push(`  - docs, line ${firstLine + i}: ${docs[i++]}`);
    else out.push(`  + measured:       ${measured[j++]}`);
  }
  return out;
}

if (missesFile) {
  writeFileSync(missesFile, missLines.join("\n") + "\n");
  console.log(`wrote ${missLines.length} misses to ${basename(missesFile)}`);
}
