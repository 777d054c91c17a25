/**
 * Every number docs/statements.md (the statements page) reports, from one run (issue 23):
 *
 *   node dist/scripts/statements-numbers.js [--sets] [--held-out] [--tables] [--flags] [--cap] [--train]
 *                                           [--agreement] [--speed] [--misses FILE]
 *
 * --speed      the built-in reformulator over all 17,654 CAP-Correctness (question, answer) pairs in
 *              one thread, the NLP libraries loaded first (as `npm run bench` times it); run first,
 *              before anything fills the memos
 * --sets       capqa's own development sets (test/fixtures/statements/*.csv): exact match, ROUGE-L,
 *              ill-formed, flagged, and the flags' recall of misses and rate on exact statements;
 *              the held-out sets (lean-holdout.csv, holdout-2.csv) only with --held-out, so that a
 *              person developing the rules does not see them by accident
 * --tables     the per-form and per-style tables of those sets
 * --flags      the hand-labelled flag set (flags.csv): recall of bad statements, rate on good ones, precision
 * --cap        CAP-Statements validation part overall and per question type (BLEU, ROUGE-L, EM)
 * --train      the same on its train part
 * --agreement  agreement with the released CAP-Correctness statements (`capqa statements agreement`)
 * --misses F   writes every miss of the sets (and of CAP-Statements with --cap/--train) to F
 * --readme     writes the sets' table (held-out sets included), the per-form tables of dev.csv and
 *              lean.csv, the flags' table and the CAP-Statements per-type table into docs/statements.md,
 *              between <!-- statements-numbers:begin --> and <!-- statements-numbers:end -->
 *              (run with --sets --held-out --tables --flags --cap)
 *
 * Data: $CAPQA_STATEMENTS_DIR (else ../shared/data/cap-statements) and $CAPQA_DATA_DIR (else the
 * released data folder the tests use). With no section named, all but --held-out, --train and
 * --agreement run.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { loadBenchmark } from "../lib/data/index.js";
import { QUESTION_TYPES } from "../lib/statements/types.js";
import { builtinGenerator } from "../lib/statements/generator.js";
import { evaluateReferenceStatements, loadReferenceStatements, type ReferenceScores } from "../lib/statements/reference-set.js";
import { evaluateFlagLabels, loadFlagLabels } from "../lib/statements/flag-labels.js";
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
const HELD_OUT = new Set(["lean-holdout.csv", "holdout-2.csv"]);
const FIXTURES = resolve("test/fixtures/statements");
const statementsDir = process.env.CAPQA_STATEMENTS_DIR ?? resolve("../shared/data/cap-statements");
const missLines: string[] = [];
/** What --readme writes into docs/statements.md. */
const readme: string[] = [];
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
  console.log(
    `## Speed\n\n${made.length} CAP-Correctness (question, answer) pairs in one thread: ${secs.toFixed(3)} s wall, ${cpuSecs.toFixed(3)} s CPU (${((1e6 * secs) / made.length).toFixed(1)} µs a pair; NLP loaded first in ${load.toFixed(2)} s); ${made.filter((m) => m.flagged).length} flagged\n`,
  );
}

if (on("--sets") || on("--tables")) {
  const files = readdirSync(FIXTURES)
    .filter((f) => f.endsWith(".csv") && f !== "flags.csv" && (heldOut || !HELD_OUT.has(f)))
    .sort();
  const rows: string[] = [
    "## Development sets",
    "",
    "| set | n | exact match % | ROUGE-L | ill-formed % | flagged % | misses flagged % | exact flagged % |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  const add = (name: string, s: ReferenceScores) =>
    rows.push(`| ${name} | ${s.n} | ${f1(s.exactMatch)} | ${f1(s.rougeL)} | ${f1(s.illFormed)} | ${f1(s.flagged)} | ${f1(s.missesFlagged)} | ${f1(s.exactFlagged)} |`);
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
        const table = [`| ${title} | n | exact match % | ill-formed % | misses flagged % | exact flagged % |`, "| --- | --- | --- | --- | --- | --- |"];
        for (const [k, s] of Object.entries(group)) table.push(`| ${k} | ${s.n} | ${f1(s.exactMatch)} | ${f1(s.illFormed)} | ${f1(s.missesFlagged)} | ${f1(s.exactFlagged)} |`);
        tables.push(`### ${file}: per ${title}`, "", ...table, "");
        if (README_TABLE_SETS.has(file) && title === "question form") readme.push(`${file}, per question form:`, "", ...table, "");
      }
    for (const m of e.misses)
      missLines.push(`[${file}:${m.line}] ${m.form} ${m.rule}${m.doubts.length ? ` FLAG ${m.doubts.join("; ")}` : ""}\n Q: ${m.question}\n A: ${m.answer}\n R: ${m.reference}\n G: ${m.statement}`);
  }
  console.log([...rows, "", ...(on("--tables") ? tables : [])].join("\n"));
  readme.unshift(...rows.slice(2), "");
}

if (on("--flags")) {
  const { items } = loadFlagLabels(resolve(FIXTURES, "flags.csv"));
  const e = evaluateFlagLabels(items);
  // The flags' table, printed and written into docs/statements.md alike.
  const flagsTable = [
    "| | value |",
    "| --- | --- |",
    `| recall: bad statements flagged | ${e.flaggedBad}/${e.bad} = ${f1(e.recall)} % |`,
    `| good statements flagged | ${e.flaggedGood}/${e.good} = ${f1(e.goodFlaggedRate)} % |`,
    `| precision: flagged statements that are bad | ${f1(e.precision)} % |`,
    ...Object.entries(e.recallByReason).map(([k, v]) => `| recall, ${k} | ${v.flagged}/${v.n} |`),
  ];
  console.log(
    [
      "## Flags on hand-labelled statements (flags.csv)",
      "",
      `${e.n} statements, ${e.bad} labelled bad, ${e.good} good; ${e.reproduced} are what the rules write today (flagged by their rule and the checks), the other ${e.n - e.reproduced} are checked as written.`,
      "",
      ...flagsTable,
      "",
    ].join("\n"),
  );
  readme.push(`Flags on ${e.n} hand-labelled statements (flags.csv; ${e.bad} bad, ${e.good} good):`, "", ...flagsTable, "");
  if (missesFile)
    for (const m of e.wrong)
      missLines.push(`[flags.csv:${m.line}] ${m.label}${m.reason ? ` (${m.reason})` : ""}: flagged=${m.flagged} ${m.doubts.join("; ")}\n Q: ${m.question}\n A: ${m.answer}\n S: ${m.statement}`);
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
  const rows = [`## CAP-Statements, ${split} part`, "", "| question type | n | BLEU | ROUGE-L | exact match % |", "| --- | --- | --- | --- | --- |"];
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
  console.log(rows.join("\n") + "\n");
  if (split === "validation") readme.push(`CAP-Statements, validation part (${items.length} items), per question type:`, "", ...rows.slice(2), "");
  items.forEach((it, i) => {
    if (!exactMatch(made[i], it.statement)) missLines.push(`[${split}:${it.row}] ${it.questionType}\n Q: ${it.question}\n A: ${it.answer}\n R: ${it.statement}\n G: ${made[i]}`);
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
  console.log(rows.join("\n") + "\n");
}

if (args.includes("--readme")) {
  const file = resolve("docs/statements.md");
  const text = readFileSync(file, "utf8");
  const [begin, end] = ["<!-- statements-numbers:begin -->", "<!-- statements-numbers:end -->"];
  const a = text.indexOf(begin);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`docs/statements.md: no ${begin} … ${end} block to write the numbers into`);
  const block = [begin, "<!-- written by node dist/scripts/statements-numbers.js --sets --held-out --tables --flags --cap --readme; do not edit by hand -->", "", ...readme, end].join("\n");
  writeFileAtomic(file, text.slice(0, a) + block + text.slice(b + end.length));
  console.log("wrote the numbers into docs/statements.md");
}

if (missesFile) {
  writeFileSync(missesFile, missLines.join("\n") + "\n");
  console.log(`wrote ${missLines.length} misses to ${basename(missesFile)}`);
}
