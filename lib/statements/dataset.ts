/**
 * CAP-Statements (question, answer, statement, question type). Upstream publishes one file of
 * 11,000 rows and no split; capqa's split (the one ../shared uses): rows ordered by the SHA-256
 * hex digest of the decimal row number, ascending; the first 1,100 are test, the next 1,100
 * validation, the rest train.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { parseCsv, requireColumns } from "../io/csv.js";
import { DataProblems } from "../io/errors.js";
import { QUESTION_TYPES, type QuestionType } from "./types.js";

export type StatementSplit = "train" | "validation" | "test";
export const STATEMENT_SPLITS: readonly StatementSplit[] = ["train", "validation", "test"];

export interface StatementItem {
  /** 0-based position in the upstream CAP-Statements.csv. */
  readonly row: number;
  readonly question: string;
  readonly answer: string;
  readonly statement: string;
  readonly questionType: QuestionType;
  readonly subject: string;
}

/** Split of every upstream row under capqa's SHA-256 rule. */
export function statementSplits(rows: number, testSize = 1100, validationSize = 1100): StatementSplit[] {
  const order = Array.from({ length: rows }, (_, r) => ({ r, h: createHash("sha256").update(String(r)).digest("hex") })).sort((a, b) =>
    a.h < b.h ? -1 : a.h > b.h ? 1 : 0,
  );
  const out: StatementSplit[] = new Array(rows);
  order.forEach(({ r }, k) => (out[r] = k < testSize ? "test" : k < testSize + validationSize ? "validation" : "train"));
  return out;
}

function parseItems(file: string, text: string): StatementItem[] {
  const t = parseCsv(text, file);
  const col = requireColumns(t, file, ["question", "answer", "statement", "label_question_type"]);
  const rowCol = t.header.indexOf("row");
  const subjectCol = t.header.indexOf("subject");
  const problems = new DataProblems();
  const items = t.records.map((rec, k) => {
    const type = rec.fields[col.label_question_type] as QuestionType;
    if (!QUESTION_TYPES.includes(type))
      problems.add({ file, line: rec.line, field: "label_question_type" }, `unknown question type "${type}"`);
    const row = rowCol >= 0 ? Number(rec.fields[rowCol]) : k;
    if (!Number.isInteger(row) || row < 0)
      problems.add({ file, line: rec.line, field: "row" }, `not a row number: "${rec.fields[rowCol]}"`);
    return {
      row,
      question: rec.fields[col.question],
      answer: rec.fields[col.answer],
      statement: rec.fields[col.statement],
      questionType: type,
      subject: subjectCol >= 0 ? rec.fields[subjectCol] : "",
    };
  });
  problems.throwIfAny(file);
  return items;
}

/**
 * Items of a split from a folder (CAP-Statements.{train,validation,test}.csv, or the upstream
 * CAP-Statements.csv split by the rule) or a file (a split file, taken whole, or the upstream file).
 */
export function loadStatementItems(path: string, split: StatementSplit | "all"): { items: StatementItem[]; files: string[] } {
  const wanted = split === "all" ? STATEMENT_SPLITS : [split];
  const fromUpstream = (file: string) => {
    const items = parseItems(file, readFileSync(file, "utf8"));
    const splits = statementSplits(items.length);
    return { items: items.filter((it) => wanted.includes(splits[it.row])), files: [file] };
  };
  if (statSync(path).isDirectory()) {
    const parts = wanted.map((s) => join(path, `CAP-Statements.${s}.csv`)).filter((f) => existsSync(f));
    if (parts.length > 0) return { items: parts.flatMap((f) => parseItems(f, readFileSync(f, "utf8"))), files: parts };
    const upstream = join(path, "CAP-Statements.csv");
    if (existsSync(upstream)) return fromUpstream(upstream);
    throw new Error(`${path} has neither CAP-Statements.${wanted.join("/")}.csv nor CAP-Statements.csv`);
  }
  const name = basename(path);
  if (name === "CAP-Statements.csv") return fromUpstream(path);
  const own = STATEMENT_SPLITS.find((s) => name.includes(`.${s}.`));
  if (split !== "all" && own !== undefined && own !== split) throw new Error(`${path} holds the ${own} split, not ${split}`);
  return { items: parseItems(path, readFileSync(path, "utf8")), files: [path] };
}
