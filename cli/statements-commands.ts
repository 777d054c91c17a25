/** capqa statements generate | eval | review | agreement. */
import { parseArgs } from "node:util";
import { markdownForTerminal } from "./terminal.js";
import { join, resolve } from "node:path";
import { mkdirSync } from "node:fs";
import { DEFAULT_DEVICE, STATEMENTS_DIR_ENV } from "../lib/constants.js";
import { loadBenchmark } from "../lib/data/index.js";
import {
  readRowTable,
  stringColumn,
  checkOutputFile,
  checkOutputFolder,
  tableWithRoles,
  writeFileAtomic,
  writeRowTable,
} from "../lib/io/index.js";
import {
  classifyQuestion,
  evaluateReferenceStatements,
  evaluateStatementGenerator,
  loadReferenceStatements,
  loadStatementGenerator,
  loadStatementItems,
  REFERENCE_STATEMENT_ROLES,
  REVIEW_ROLES,
  referenceStatementsMarkdown,
  reviewStatements,
  statementAgreement,
  statementAgreementMarkdown,
  statementEvaluationMarkdown,
  tallyStatements,
  type GeneratedStatement,
  type StatementSplit,
  type StatementTally,
} from "../lib/statements/index.js";
import { columnOptions, columnRolesFlag, refuseColumnFlags, withColumnFlags } from "./column-flags.js";
import { COMMON_OPTIONS, UsageError, choiceFlag, defineOptions, intFlag, optionsHelp, parseOptions } from "./args.js";
import { progressPrinter, out, err, summary, jsonOutput } from "./output.js";

/** The statement generator's options (generate, eval, agreement). */
export const STATEMENT_GENERATOR_OPTIONS = defineOptions({
  generator: {
    type: "string",
    value: "builtin|MODEL_DIR",
    help: "The built-in rules (default) or a seq2seq model folder (an mT5 export).",
  },
  device: { type: "string", value: "cpu|cuda|webgpu", help: "A model generator's device (default cpu)." },
  batch: { type: "string", value: "N", help: "A model generator's batch size (default 16)." },
});

/** The columns statements generate reads: question and answer, and the gold answer with --gold. */
const GENERATE_ROLES = ["question", "answer", "gold_answer"] as const;

const GENERATE_OWN = defineOptions({
  in: { type: "string", value: "FILE", help: "Rows with question and answer columns (CSV or JSONL)." },
  out: { type: "string", value: "FILE", help: "The rows with the statement columns added (CSV or JSONL)." },
  gold: {
    type: "boolean",
    help: "Also write the gold answer's statement from a gold_answer column (premise, premise_rule, premise_flagged, premise_doubts, as capqa score names them), so that both can be reviewed before scoring.",
  },
  ...columnOptions(...GENERATE_ROLES),
  quiet: COMMON_OPTIONS.quiet,
});
export const STATEMENTS_GENERATE_OPTIONS = defineOptions({ ...GENERATE_OWN, ...STATEMENT_GENERATOR_OPTIONS });

export const STATEMENTS_REVIEW_OPTIONS = defineOptions({
  in: { type: "string", value: "FILE", help: "The output of capqa statements generate or capqa score (CSV or JSONL)." },
  out: { type: "string", value: "FILE", help: "Also write the statements listed to this file (CSV or JSONL)." },
  all: { type: "boolean", help: "List every statement, not only the flagged ones." },
  ...columnOptions(...REVIEW_ROLES),
});

const EVAL_OWN = defineOptions({
  data: {
    type: "string",
    value: "PATH",
    help: `A folder with CAP-Statements.{train,validation}.csv or the upstream CAP-Statements.csv (default $${STATEMENTS_DIR_ENV}, else data/cap-statements).`,
  },
  in: { type: "string", value: "FILE", help: "Your own (question, answer, statement[, form, style]) items instead of CAP-Statements." },
  split: { type: "string", value: "train|validation|test|all", help: "The CAP-Statements split (default validation)." },
  out: { type: "string", value: "DIR", help: "Output folder (default out/statements-eval)." },
  worst: { type: "string", value: "N", help: "How many of the worst statements are listed (default 25; with --in, misses: 30)." },
  ...columnOptions(...REFERENCE_STATEMENT_ROLES),
  quiet: COMMON_OPTIONS.quiet,
});
export const STATEMENTS_EVAL_OPTIONS = defineOptions({ ...EVAL_OWN, ...STATEMENT_GENERATOR_OPTIONS });

const AGREEMENT_OWN = defineOptions({
  "data-dir": COMMON_OPTIONS["data-dir"],
  out: { type: "string", value: "DIR", help: "Output folder (default out/statements-agreement)." },
  quiet: COMMON_OPTIONS.quiet,
});
export const STATEMENTS_AGREEMENT_OPTIONS = defineOptions({ ...AGREEMENT_OWN, ...STATEMENT_GENERATOR_OPTIONS });

export const STATEMENTS_HELP = `capqa statements generate --in FILE.csv|.jsonl --out FILE.csv|.jsonl [--gold] [--generator builtin|MODEL_DIR]
    Adds statement, question_type, statement_rule, statement_flagged, statement_doubts and
    statement_generator to rows with question and answer columns (row for row, input columns
    kept), and says how many statements were flagged for review; with --gold, the gold_answer
    column's statements too (premise, premise_rule, premise_flagged, premise_doubts). Columns of
    another spelling: --question-column, --answer-column, --gold-column.
${optionsHelp(GENERATE_OWN, { indent: 4 })}

capqa statements review --in FILE.csv|.jsonl [--all] [--out FILE.csv|.jsonl]
    Lists the flagged statements of a generate or score output (their rule and doubts) for a
    person to check; a file without flag columns is checked for ill-formed statements. A score
    output of a file whose columns are spelled otherwise takes the flags capqa score took.
${optionsHelp(STATEMENTS_REVIEW_OPTIONS, { indent: 4 })}

capqa statements eval [--data PATH] [--split train|validation|test|all] [--generator builtin|MODEL_DIR] [--out DIR] [--worst N]
    Corpus BLEU, ROUGE-L and exact match against CAP-Statements references, overall and per
    question type, beside the naive rule; writes DIR/statements-eval.{json,md}. PATH: a folder
    with CAP-Statements.{train,validation}.csv or the upstream CAP-Statements.csv (default
    $${STATEMENTS_DIR_ENV}, else data/cap-statements).
capqa statements eval --in FILE.csv|.jsonl [--generator …] [--out DIR]
    Your own (question, answer, statement[, form, style]) items: exact match (case, spacing and
    final period ignored), ROUGE-L and the ill-formed share, overall, per form and per style;
    columns of another spelling: --question-column, --answer-column, --statement-column.
${optionsHelp(EVAL_OWN, { indent: 4 })}

capqa statements agreement [--data-dir DIR] [--generator builtin|MODEL_DIR] [--out DIR]
    Compares generated statements with the released CAP-Correctness ones, per source dataset:
    agreement, repeated 4-grams and colon forms beside the released mT5 statements.
${optionsHelp(AGREEMENT_OWN, { indent: 4 })}

Options for the statement generator (generate, eval, agreement):
${optionsHelp(STATEMENT_GENERATOR_OPTIONS)}`;

async function generatorFrom(values: Record<string, unknown>) {
  return loadStatementGenerator((values.generator as string | undefined) ?? "builtin", {
    device: choiceFlag(values.device as string | undefined, "device", ["cpu", "cuda", "webgpu"] as const, DEFAULT_DEVICE),
    batchSize: intFlag(values.batch as string | undefined, "batch", 16, 1),
    log: err,
  });
}

/** "flagged 12 of 400 statements (3 %): 7 ill-formed: colon, 5 main verb guessed". */
export function flaggedSummary(made: readonly GeneratedStatement[] | StatementTally): string {
  const t = Array.isArray(made) ? tallyStatements(made) : (made as StatementTally);
  const top = [...t.doubts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([d, n]) => `${n} ${d}`);
  const pct = t.generated === 0 ? 0 : (100 * t.flagged) / t.generated;
  const cut = t.truncated > 0 ? `; ${t.truncated} made from an input truncated at the model's token limit` : "";
  return `flagged ${t.flagged} of ${t.generated} statements (${pct.toFixed(1)} %)${top.length ? `: ${top.join(", ")}` : ""}${cut}`;
}

export async function cmdStatements(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === "generate") {
    const { values } = parseArgs({ args: rest, options: parseOptions(STATEMENTS_GENERATE_OPTIONS), strict: true });
    if (!values.in || !values.out) throw new UsageError("capqa statements generate needs --in FILE and --out FILE");
    const columns = columnRolesFlag(values, GENERATE_ROLES);
    if (columns?.gold_answer !== undefined && !values.gold)
      throw new UsageError("--gold-column names the gold answer's column for --gold; add --gold");
    checkOutputFile(values.out, [values.in]);
    const read = readRowTable(values.in);
    const table = withColumnFlags(() => tableWithRoles(read, columns, { reads: values.gold ? GENERATE_ROLES : ["question", "answer"] }));
    const questions = stringColumn(table, "question");
    const answers = stringColumn(table, "answer");
    if (values.gold && !table.columns.includes("gold_answer"))
      throw new UsageError(`--gold needs a gold_answer column in ${values.in} (or --gold-column NAME); it has ${read.columns.join(", ")}`);
    const golds = values.gold ? stringColumn(table, "gold_answer") : undefined;
    const engine = await generatorFrom(values);
    const made = await engine.generateDetailed(questions, answers, values.quiet ? undefined : progressPrinter("statements"));
    const gold = golds
      ? await engine.generateDetailed(questions, golds, values.quiet ? undefined : progressPrinter("gold statements"))
      : undefined;
    await engine.dispose();
    const goldAdded = gold ? ["premise", "premise_rule", "premise_flagged", "premise_doubts"] : [];
    const added = [
      ...goldAdded,
      "statement",
      "question_type",
      "statement_rule",
      "statement_flagged",
      "statement_doubts",
      "statement_generator",
    ];
    const rows = table.rows.map((r, i) => ({
      ...r,
      ...(gold
        ? {
            premise: gold[i].statement,
            premise_rule: gold[i].rule,
            premise_flagged: gold[i].flagged,
            premise_doubts: gold[i].doubts.join("; "),
          }
        : {}),
      statement: made[i].statement,
      question_type: classifyQuestion(questions[i]),
      statement_rule: made[i].rule,
      statement_flagged: made[i].flagged,
      statement_doubts: made[i].doubts.join("; "),
      statement_generator: engine.name,
    }));
    writeRowTable(values.out, [...read.columns.filter((c) => !added.includes(c)), ...added], rows);
    const all = gold ? [...gold, ...made] : made;
    summary("statements generate", { output: values.out, rows: rows.length, generator: engine.name, statements: tallyStatements(all) });
    // (--quiet, as for capqa score: nothing said when all went well; flagged statements are still said, with where to review them.)
    if (values.quiet) {
      if (all.some((m) => m.flagged)) err(`${flaggedSummary(all)}; review them with: capqa statements review --in ${values.out}`);
      return 0;
    }
    err(`wrote ${all.length} statements to ${values.out}${gold ? ` (${gold.length} of gold answers)` : ""}; ${flaggedSummary(all)}`);
    if (all.some((m) => m.flagged)) err(`review them with: capqa statements review --in ${values.out}`);
    return 0;
  }
  if (sub === "review") {
    const { values } = parseArgs({ args: rest, options: parseOptions(STATEMENTS_REVIEW_OPTIONS), strict: true });
    if (!values.in)
      throw new UsageError("capqa statements review needs --in FILE (the output of capqa statements generate or capqa score)");
    const columns = columnRolesFlag(values, REVIEW_ROLES);
    if (values.out) checkOutputFile(values.out, [values.in]);
    const review = withColumnFlags(() => reviewStatements(readRowTable(values.in!), { all: values.all, columns }));
    if (values.out)
      writeRowTable(
        values.out,
        ["line", "column", "question", "answer", "statement", "rule", "doubts"],
        review.items.map((it) => ({ ...it, doubts: it.doubts.join("; ") })),
      );
    summary("statements review", {
      input: values.in,
      output: values.out ?? null,
      rows: review.rows,
      statements: review.statements,
      listed: review.items.length,
      all: Boolean(values.all),
      byDoubt: review.byDoubt,
      items: review.items,
    });
    if (!jsonOutput())
      for (const it of review.items) {
        out(`line ${it.line} (${it.column}${it.rule ? `, ${it.rule}` : ""}): ${it.doubts.join("; ") || "not flagged"}`);
        out(`  question:  ${it.question.replace(/\s+/g, " ")}`);
        out(`  answer:    ${it.answer.replace(/\s+/g, " ")}`);
        out(`  statement: ${it.statement}`);
      }
    const byDoubt = Object.entries(review.byDoubt)
      .sort((a, b) => b[1] - a[1])
      .map(([d, n]) => `${n} ${d}`);
    err(
      `${review.items.length} of ${review.statements} statements in ${review.rows} rows ${values.all ? "listed" : "flagged"}${byDoubt.length ? `: ${byDoubt.join(", ")}` : ""}`,
    );
    if (values.out) err(`wrote ${values.out}`);
    return 0;
  }
  if (sub === "eval") {
    const { values } = parseArgs({ args: rest, options: parseOptions(STATEMENTS_EVAL_OPTIONS), strict: true });
    const dir = resolve(values.out ?? "out/statements-eval");
    checkOutputFolder(dir);
    if (values.in) {
      // Your own reference statements.
      if (values.data || values.split)
        throw new UsageError("capqa statements eval: --in takes your own items; --data and --split are for CAP-Statements");
      const columns = columnRolesFlag(values, REFERENCE_STATEMENT_ROLES);
      const { items } = withColumnFlags(() => loadReferenceStatements(values.in!, { columns }));
      const engine = await generatorFrom(values);
      const e = await evaluateReferenceStatements(items, engine);
      await engine.dispose();
      mkdirSync(dir, { recursive: true });
      const md = referenceStatementsMarkdown(e, `Statements against ${values.in}`, intFlag(values.worst, "worst", 30, 0));
      writeFileAtomic(join(dir, "statements-eval.json"), JSON.stringify({ file: values.in, ...e }, null, 2) + "\n");
      writeFileAtomic(join(dir, "statements-eval.md"), md);
      summary("statements eval", {
        output: dir,
        input: values.in,
        items: items.length,
        generator: e.generator,
        overall: e.overall,
        byForm: e.byForm,
        byStyle: e.byStyle,
        misses: e.misses.length,
        seconds: e.seconds,
      });
      if (!values.quiet && !jsonOutput()) out(md.split("\n## Misses")[0]);
      err(`wrote ${dir}`);
      return 0;
    }
    refuseColumnFlags(values, REFERENCE_STATEMENT_ROLES, "to CAP-Statements");
    const split = choiceFlag(values.split, "split", ["train", "validation", "test", "all"] as const, "validation") as
      | StatementSplit
      | "all";
    const data = resolve(values.data ?? process.env[STATEMENTS_DIR_ENV] ?? "data/cap-statements");
    const { items, files } = loadStatementItems(data, split);
    const engine = await generatorFrom(values);
    const e = await evaluateStatementGenerator(items, engine, { worst: intFlag(values.worst, "worst", 25, 0) });
    await engine.dispose();
    mkdirSync(dir, { recursive: true });
    const md = statementEvaluationMarkdown(e, `Statement generation on CAP-Statements (${split}: ${files.join(", ")})`);
    writeFileAtomic(join(dir, "statements-eval.json"), JSON.stringify({ split, files, ...e }, null, 2) + "\n");
    writeFileAtomic(join(dir, "statements-eval.md"), md);
    summary("statements eval", {
      output: dir,
      data,
      split,
      files,
      items: items.length,
      generator: e.generator,
      overall: e.overall,
      byType: e.byType,
      naive: e.naive,
      wellFormed: e.wellFormed,
      seconds: e.seconds,
    });
    if (!values.quiet && !jsonOutput()) out(md.split("\n## Worst")[0]);
    err(`wrote ${dir}`);
    return 0;
  }
  if (sub === "agreement") {
    const { values } = parseArgs({ args: rest, options: parseOptions(STATEMENTS_AGREEMENT_OPTIONS), strict: true });
    const dir = resolve(values.out ?? "out/statements-agreement");
    checkOutputFolder(dir);
    const bench = loadBenchmark(values["data-dir"]);
    const engine = await generatorFrom(values);
    const a = await statementAgreement(bench, engine);
    await engine.dispose();
    mkdirSync(dir, { recursive: true });
    const md = statementAgreementMarkdown(a);
    writeFileAtomic(join(dir, "statements-agreement.json"), JSON.stringify(a, null, 2) + "\n");
    writeFileAtomic(join(dir, "statements-agreement.md"), md);
    summary("statements agreement", {
      output: dir,
      generator: a.generator,
      overall: a.overall,
      byDataset: a.byDataset,
      generatedBetter: a.generatedBetter.length,
      generatedWorse: a.generatedWorse.length,
      seconds: a.seconds,
      warnings: bench.warnings,
    });
    if (!values.quiet && !jsonOutput()) out(markdownForTerminal(md));
    const c = a.overall.candidate;
    err(
      `candidate answers: repeated 4-gram ${c.generatedRepeated4gram} (released ${c.releasedRepeated4gram}), colon form ${c.generatedColonForm} (released ${c.releasedColonForm}), flagged ${c.generatedFlagged}`,
    );
    err(`wrote ${dir}`);
    return 0;
  }
  throw new UsageError(`unknown statements command "${sub ?? ""}"; expected generate, review, eval or agreement`);
}
