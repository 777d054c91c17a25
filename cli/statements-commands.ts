/** capqa statements generate | eval | agreement. */
import { parseArgs } from "node:util";
import { join, resolve } from "node:path";
import {
  STATEMENTS_DIR_ENV,
  classifyQuestion,
  evaluateStatementGenerator,
  loadBenchmark,
  loadStatementGenerator,
  loadStatementItems,
  readRowTable,
  reformulate,
  statementAgreement,
  statementAgreementMarkdown,
  statementEvaluationMarkdown,
  stringColumn,
  writeFileAtomic,
  writeRowTable,
  type StatementSplit,
} from "../lib/index.js";
import { UsageError, choiceFlag, intFlag, progressPrinter, out, err } from "./args.js";
import { mkdirSync } from "node:fs";


export const STATEMENTS_HELP = `capqa statements generate --in FILE.csv|.jsonl --out FILE.csv|.jsonl [--generator builtin|MODEL_DIR]
    Adds statement, question_type, statement_rule and statement_generator to rows with
    question and answer columns (row for row, input columns kept).
capqa statements eval [--data PATH] [--split train|validation|test|all] [--generator builtin|MODEL_DIR] [--out DIR] [--worst N]
    Corpus BLEU, ROUGE-L and exact match against CAP-Statements references, overall and per
    question type, beside the naive rule; writes DIR/statements-eval.{json,md}. PATH: a folder
    with CAP-Statements.{train,validation}.csv or the upstream CAP-Statements.csv (default
    $${STATEMENTS_DIR_ENV}, else data/cap-statements).
capqa statements agreement [--data-dir DIR] [--generator builtin|MODEL_DIR] [--out DIR]
    Compares generated statements with the released CAP-Correctness ones, per source dataset.
Options for a model generator: --device cpu|cuda|webgpu, --batch N.`;

const GEN_OPTIONS = { generator: { type: "string" }, device: { type: "string" }, batch: { type: "string" } } as const;

async function generatorFrom(values: Record<string, unknown>) {
  return loadStatementGenerator((values.generator as string | undefined) ?? "builtin", {
    device: choiceFlag(values.device as string | undefined, "device", ["cpu", "cuda", "webgpu"] as const, "cpu"),
    batchSize: intFlag(values.batch as string | undefined, "batch", 16, 1),
    log: err,
  });
}

export async function cmdStatements(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === "generate") {
    const { values } = parseArgs({ args: rest, options: { in: { type: "string" }, out: { type: "string" }, quiet: { type: "boolean" }, ...GEN_OPTIONS }, strict: true });
    if (!values.in || !values.out) throw new UsageError("capqa statements generate needs --in FILE and --out FILE");
    const table = readRowTable(values.in);
    const questions = stringColumn(table, "question");
    const answers = stringColumn(table, "answer");
    const engine = await generatorFrom(values);
    const statements = await engine.generate(questions, answers, values.quiet ? undefined : progressPrinter("statements"));
    await engine.dispose();
    const added = ["statement", "question_type", "statement_rule", "statement_generator"];
    const rows = table.rows.map((r, i) => {
      const rule = engine.name === "builtin" ? reformulate(questions[i], answers[i]) : undefined;
      return { ...r, statement: statements[i], question_type: classifyQuestion(questions[i]), statement_rule: rule ? `${rule.rule}${rule.fallback ? " (fallback)" : ""}` : "", statement_generator: engine.name };
    });
    writeRowTable(values.out, [...table.columns.filter((c) => !added.includes(c)), ...added], rows);
    err(`wrote ${rows.length} statements to ${values.out}`);
    return 0;
  }
  if (sub === "eval") {
    const { values } = parseArgs({ args: rest, options: { data: { type: "string" }, split: { type: "string" }, out: { type: "string" }, worst: { type: "string" }, quiet: { type: "boolean" }, ...GEN_OPTIONS }, strict: true });
    const split = choiceFlag(values.split, "split", ["train", "validation", "test", "all"] as const, "validation") as StatementSplit | "all";
    const data = resolve(values.data ?? process.env[STATEMENTS_DIR_ENV] ?? "data/cap-statements");
    const { items, files } = loadStatementItems(data, split);
    const engine = await generatorFrom(values);
    const e = await evaluateStatementGenerator(items, engine, { worst: intFlag(values.worst, "worst", 25, 0) });
    await engine.dispose();
    const dir = resolve(values.out ?? "out/statements-eval");
    mkdirSync(dir, { recursive: true });
    const md = statementEvaluationMarkdown(e, `Statement generation on CAP-Statements (${split}: ${files.join(", ")})`);
    writeFileAtomic(join(dir, "statements-eval.json"), JSON.stringify({ split, files, ...e }, null, 2) + "\n");
    writeFileAtomic(join(dir, "statements-eval.md"), md);
    if (!values.quiet) out(md.split("\n## Worst")[0]);
    err(`wrote ${dir}`);
    return 0;
  }
  if (sub === "agreement") {
    const { values } = parseArgs({ args: rest, options: { "data-dir": { type: "string" }, out: { type: "string" }, quiet: { type: "boolean" }, ...GEN_OPTIONS }, strict: true });
    const bench = loadBenchmark(values["data-dir"]);
    const engine = await generatorFrom(values);
    const a = await statementAgreement(bench, engine);
    await engine.dispose();
    const dir = resolve(values.out ?? "out/statements-agreement");
    mkdirSync(dir, { recursive: true });
    const md = statementAgreementMarkdown(a);
    writeFileAtomic(join(dir, "statements-agreement.json"), JSON.stringify(a, null, 2) + "\n");
    writeFileAtomic(join(dir, "statements-agreement.md"), md);
    if (!values.quiet) out(md);
    err(`wrote ${dir}`);
    return 0;
  }
  throw new UsageError(`unknown statements command "${sub ?? ""}"; expected generate, eval or agreement`);
}
