/**
 * Columns of another spelling, the rule (lib/io/column-roles.ts) and the flags' one declaration
 * (cli/column-flags.ts): a mapped table reads as the canonical one, a missing column is a
 * DataError naming the file, the setting and the file's columns, and a mapping that cannot be
 * right (two roles on one column, a role's own name also another column) is a ColumnRolesConflict,
 * which the CLI turns into a usage error naming the flag. The commands themselves:
 * test/column-flags-cli.test.ts.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OPTION_FLAGS } from "../lib/constants.js";
import { readLabelledScores } from "../lib/calibrate/index.js";
import { evaluateLabelledFile } from "../lib/eval/index.js";
import {
  COLUMN_ROLES,
  ColumnRolesConflict,
  DataError,
  checkColumnRoles,
  checkDistinctColumns,
  readRowTable,
  tableWithRoles,
  type ColumnRoles,
  type RowTable,
} from "../lib/io/index.js";
import { loadReferenceStatements, reviewStatements } from "../lib/statements/index.js";
import { UsageError } from "../cli/args.js";
import {
  COLUMN_FLAGS,
  COLUMN_OPTIONS,
  columnOptions,
  columnRolesFlag,
  distinctColumnFlags,
  refuseColumnFlags,
  withColumnFlags,
} from "../cli/column-flags.js";
import { SCORE_OPTIONS } from "../cli/score-commands.js";
import { EVALUATE_ALL_OPTIONS } from "../cli/main-options.js";
import { BASELINES_OPTIONS } from "../cli/baselines-commands.js";
import { STATEMENTS_EVAL_OPTIONS, STATEMENTS_GENERATE_OPTIONS, STATEMENTS_REVIEW_OPTIONS } from "../cli/statements-commands.js";

const root = mkdtempSync(join(tmpdir(), "capqa-column-flags-"));

const table = (columns: string[], rows: Record<string, unknown>[]): RowTable => ({
  file: "rows.jsonl",
  format: "jsonl",
  columns,
  rows,
  lines: rows.map((_, k) => k + 1),
});

test("tableWithRoles: each role's value comes from its column, the row's own cells stay, the columns are the file's then the mapped roles; no mapping is the table itself", () => {
  const read = table(["id", "prompt", "reference", "prediction"], [{ id: 1, prompt: "Q?", reference: "gold", prediction: "cand" }]);
  const seen = tableWithRoles(read, { question: "prompt", gold_answer: "reference", answer: "prediction" });
  assert.deepEqual(seen.columns, ["id", "prompt", "reference", "prediction", "question", "gold_answer", "answer"]);
  assert.deepEqual(seen.rows[0], {
    id: 1,
    prompt: "Q?",
    reference: "gold",
    prediction: "cand",
    question: "Q?",
    gold_answer: "gold",
    answer: "cand",
  });
  assert.deepEqual(read.columns, ["id", "prompt", "reference", "prediction"], "the table read is not changed");
  assert.equal(tableWithRoles(read, undefined), read);
  // A role named by its own column is no mapping.
  assert.equal(tableWithRoles(table(["answer"], [{ answer: "a" }]), { answer: "answer" }).columns.length, 1);
});

test("checkColumnRoles: a missing column is a DataError naming the file, the option and the file's columns; two roles on one column and a clashing role name are ColumnRolesConflicts", () => {
  const columns = ["question", "gold_answer", "resp"];
  const missing = (() => {
    try {
      checkColumnRoles("a.csv", columns, { answer: "pred" });
    } catch (e) {
      return e as Error;
    }
  })();
  assert.ok(missing instanceof DataError);
  assert.equal(
    missing.message,
    'a.csv, line 1, field pred: has no column "pred" (named by the `columns.answer` option); it has question, gold_answer, resp',
  );
  // Two roles given one column: refused before the file's columns are looked at.
  assert.throws(
    () => checkColumnRoles("a.csv", columns, { gold_answer: "resp", answer: "resp" }),
    (e: Error) => {
      assert.ok(e instanceof ColumnRolesConflict);
      assert.equal(
        e.message,
        'the `columns.gold_answer` option and the `columns.answer` option both name the column "resp": one column plays one role',
      );
      return true;
    },
  );
  // A role's own name is another column of the file.
  assert.throws(
    () => checkColumnRoles("a.csv", columns, { gold_answer: "resp" }),
    (e: Error) =>
      e instanceof ColumnRolesConflict &&
      /field gold_answer: has a column "gold_answer" and the `columns.gold_answer` option names "resp" for it: rename one of the two/.test(
        e.message,
      ),
  );
  // A mapped column that is another role's own column, that role read from it by default.
  assert.throws(
    () => checkColumnRoles("a.csv", columns, { answer: "gold_answer" }),
    (e: Error) => {
      assert.ok(e instanceof ColumnRolesConflict);
      assert.equal(
        e.message,
        'a.csv: the `columns.answer` option names "gold_answer", the column the gold answer is read from: one column plays one role (name the gold answer\'s column with the `columns.gold_answer` option)',
      );
      return true;
    },
  );
  // ... unless the reader does not read that role.
  checkColumnRoles("a.csv", columns, { answer: "gold_answer" }, { reads: ["question", "answer"] });
  checkColumnRoles("a.csv", columns, { answer: "resp" });
  // The CLI's wording: the option's name through OPTION_FLAGS.
  for (const role of COLUMN_ROLES) assert.equal(OPTION_FLAGS[`columns.${role}`], `--${COLUMN_FLAGS[role]}`);
  assert.throws(
    () =>
      checkDistinctColumns([
        ["a", "x"],
        ["b", undefined],
        ["c", "x"],
      ]),
    /^ColumnRolesConflict: a and c both name the column "x"/,
  );
});

test("the library readers take the `columns` option: a file of another spelling reads as the canonical one", async () => {
  const canonical = join(root, "canonical.jsonl");
  const renamed = join(root, "renamed.jsonl");
  const rows = [
    ["Who wrote Jane Eyre?", "Charlotte Brontë", "Charlotte Brontë wrote it.", "Charlotte Brontë wrote Jane Eyre.", "exact"],
    ["What is the capital of France?", "Paris", "Lyon", "The capital of France is Lyon.", "contradictory"],
    ["How many legs does a spider have?", "eight", "Spiders have eight legs, I think.", "Spiders have eight legs.", "partial"],
    ["Who painted the Mona Lisa?", "Leonardo da Vinci", "da Vinci", "Da Vinci painted the Mona Lisa.", "equivalent"],
  ];
  writeFileSync(
    canonical,
    rows
      .map(([question, gold_answer, answer, statement, label]) => JSON.stringify({ question, gold_answer, answer, statement, label }))
      .join("\n") + "\n",
  );
  writeFileSync(
    renamed,
    rows
      .map(([prompt, reference, prediction, target, human]) => JSON.stringify({ prompt, reference, prediction, target, human }))
      .join("\n") + "\n",
  );
  const columns = { question: "prompt", gold_answer: "reference", answer: "prediction" } as const;
  const a = await evaluateLabelledFile(canonical, { labelColumn: "label", metrics: ["bleu", "rouge_l", "squad_f1"], resamples: 0 });
  const b = await evaluateLabelledFile(renamed, { labelColumn: "human", metrics: ["bleu", "rouge_l", "squad_f1"], resamples: 0, columns });
  assert.deepEqual(b.tables, a.tables);
  await assert.rejects(
    evaluateLabelledFile(renamed, { labelColumn: "human", columns: { answer: "human" } }),
    /the `labelColumn` option and the `columns.answer` option both name the column "human"/,
  );
  assert.deepEqual(
    loadReferenceStatements(renamed, { columns: { question: "prompt", answer: "prediction", statement: "target" } }),
    loadReferenceStatements(canonical),
  );
  const review = reviewStatements(readRowTable(renamed), {
    all: true,
    columns: { question: "prompt", answer: "prediction", statement: "target" },
  });
  assert.deepEqual(
    review.items.map((it) => ({ ...it, column: it.column === "target" ? "statement" : it.column })),
    reviewStatements(readRowTable(canonical), { all: true }).items,
  );
  assert.ok(
    review.items.every((it) => it.column === "target"),
    "an item names the file's column",
  );
  // calibrate --in / explore --in: label, metric and split name three columns.
  assert.throws(
    () => readLabelledScores(canonical, { labelColumn: "label", metric: "label" }),
    (e: Error) => e instanceof ColumnRolesConflict,
  );
});

test("the flags are declared once: each command that reads --in takes the roles it reads, with COLUMN_OPTIONS' own declarations", () => {
  const expected: [string, Record<string, unknown>, string[]][] = [
    ["score", SCORE_OPTIONS, ["question-column", "gold-column", "answer-column"]],
    ["evaluate", EVALUATE_ALL_OPTIONS, ["question-column", "gold-column", "answer-column"]],
    ["baselines", BASELINES_OPTIONS, ["question-column", "gold-column", "answer-column"]],
    ["statements generate", STATEMENTS_GENERATE_OPTIONS, ["question-column", "answer-column", "gold-column"]],
    ["statements review", STATEMENTS_REVIEW_OPTIONS, ["question-column", "gold-column", "answer-column", "statement-column"]],
    ["statements eval", STATEMENTS_EVAL_OPTIONS, ["question-column", "answer-column", "statement-column"]],
  ];
  for (const [command, specs, flags] of expected) {
    assert.deepEqual(
      Object.keys(specs).filter((k) => k in COLUMN_OPTIONS),
      flags,
      command,
    );
    for (const f of flags)
      assert.equal(specs[f], COLUMN_OPTIONS[f as keyof typeof COLUMN_OPTIONS], `${command} --${f}: COLUMN_OPTIONS' declaration`);
  }
  assert.deepEqual(Object.keys(columnOptions("answer", "question")), ["answer-column", "question-column"]);
});

test("the flags' parsing: the library's `columns` option, an empty name or two flags on one column a usage error, a conflict found in the file a usage error naming the flag", async () => {
  assert.equal(columnRolesFlag({}, ["answer"]), undefined);
  assert.deepEqual(
    columnRolesFlag({ "answer-column": "prediction", "gold-column": "reference", "statement-column": "ignored" }, [
      "gold_answer",
      "answer",
    ]),
    {
      gold_answer: "reference",
      answer: "prediction",
    } satisfies ColumnRoles,
  );
  assert.throws(
    () => columnRolesFlag({ "answer-column": " " }, ["answer"]),
    (e: Error) => e instanceof UsageError && e.message === "--answer-column needs a column name",
  );
  assert.throws(
    () => columnRolesFlag({ "answer-column": "x", "label-column": "x" }, ["answer"], ["label-column"]),
    (e: Error) =>
      e instanceof UsageError && e.message === '--answer-column and --label-column both name the column "x": one column plays one role',
  );
  assert.throws(() => distinctColumnFlags({ "label-column": "s", metric: "s" }, ["label-column", "metric", "split-column"]), UsageError);
  assert.throws(() => refuseColumnFlags({ "gold-column": "r" }, ["answer", "gold_answer"], "with --split"), {
    message: "--gold-column names a column of --in FILE; it does not apply with --split",
  });
  refuseColumnFlags({ "statement-column": "r" }, ["answer", "gold_answer"], "with --split");
  // withColumnFlags: a conflict (thrown, or a rejected promise) becomes a UsageError in the flags' words; any other error passes.
  const conflict = () => checkColumnRoles("f.csv", ["answer", "prediction"], { answer: "prediction" });
  assert.throws(
    () => withColumnFlags(conflict),
    (e: Error) => e instanceof UsageError && /--answer-column names "prediction" for it/.test(e.message),
  );
  await assert.rejects(
    withColumnFlags(async () => conflict()),
    (e: Error) => e instanceof UsageError,
  );
  assert.throws(
    () => withColumnFlags(() => checkColumnRoles("f.csv", ["a"], { answer: "b" })),
    (e: Error) => e instanceof DataError,
  );
  assert.equal(
    withColumnFlags(() => 7),
    7,
  );
});
