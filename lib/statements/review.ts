/**
 * The statements a person should check: rows of a `capqa statements generate` or `capqa score`
 * output whose statement was flagged (the rule guessed, or the statement is ill-formed). Files
 * written by other tools, without flag columns, are checked for ill-formedness here.
 *
 * @example
 * const flagged = reviewStatements(readRowTable("statements.csv"));
 * for (const f of flagged.items) console.log(f.line, f.statement, f.doubts.join("; "));
 */
import type { RowTable } from "../io/row-table.js";
import { columnOfRole, tableWithRoles, type ColumnRole, type ColumnRoles } from "../io/column-roles.js";
import { doubtKind } from "./generator.js";
import { statementDoubts } from "./checks.js";

export interface ReviewItem {
  /** 1-based line of the row in its file. */
  readonly line: number;
  /** "statement" (or the column the `columns` option names for it), "premise" (the gold answer's) or "hypothesis" (the candidate's). */
  readonly column: string;
  readonly question: string;
  readonly answer: string;
  readonly statement: string;
  readonly rule: string;
  readonly doubts: readonly string[];
}

export interface Review {
  readonly rows: number;
  readonly statements: number;
  readonly items: ReviewItem[];
  /** How often each kind of doubt occurs ("ill-formed: colon" → 12; details in parentheses left out). */
  readonly byDoubt: Record<string, number>;
}

/** Which statement columns a table has and where their answers, rules and doubts are. */
const LAYOUTS = [
  { column: "statement", answer: "answer", rule: "statement_rule", doubts: "statement_doubts" },
  { column: "premise", answer: "gold_answer", rule: "premise_rule", doubts: "premise_doubts" },
  { column: "hypothesis", answer: "answer", rule: "hypothesis_rule", doubts: "hypothesis_doubts" },
] as const;

const text = (v: unknown) => (typeof v === "string" ? v : v === null || v === undefined ? "" : String(v));

/** The roles reviewStatements reads from other columns when the `columns` option names them. */
export const REVIEW_ROLES = ["question", "gold_answer", "answer", "statement"] as const;

export interface ReviewOptions {
  /** List every statement, not only the flagged ones. */
  readonly all?: boolean;
  /**
   * Columns of another spelling that hold the question, the answers and a statement (e.g. `{ answer: "prediction" }`); items name the
   * file's column.
   */
  readonly columns?: Pick<ColumnRoles, (typeof REVIEW_ROLES)[number]>;
}

/** Flagged statements of a table, in row order. */
export function reviewStatements(read: RowTable, options: ReviewOptions = {}): Review {
  const table = tableWithRoles(read, options.columns, { reads: REVIEW_ROLES });
  const layouts = LAYOUTS.filter(
    (l) => table.columns.includes(l.column) && table.columns.includes("question") && table.columns.includes(l.answer),
  );
  if (layouts.length === 0) {
    throw new Error(
      `${table.file}: nothing to review: it needs question and answer columns with a statement column (statement, or premise/hypothesis with gold_answer/answer); it has ${read.columns.join(", ")}`,
    );
  }
  const items: ReviewItem[] = [];
  const byDoubt: Record<string, number> = {};
  let statements = 0;
  table.rows.forEach((row, k) => {
    for (const l of layouts) {
      const statement = text(row[l.column]);
      if (statement === "") continue;
      statements++;
      const question = text(row.question);
      const answer = text(row[l.answer]);
      // Doubts the generator wrote, else the ill-formedness check.
      const written = table.columns.includes(l.doubts)
        ? text(row[l.doubts])
            .split(/\s*;\s*/)
            .filter((d) => d !== "")
        : undefined;
      const doubts = written ?? statementDoubts(question, answer, statement);
      if (doubts.length === 0 && !options.all) continue;
      for (const d of doubts) byDoubt[doubtKind(d)] = (byDoubt[doubtKind(d)] ?? 0) + 1;
      const column = (REVIEW_ROLES as readonly string[]).includes(l.column)
        ? columnOfRole(l.column as ColumnRole, options.columns)
        : l.column;
      items.push({ line: table.lines[k], column, question, answer, statement, rule: text(row[l.rule]), doubts });
    }
  });
  return { rows: table.rows.length, statements, items, byDoubt };
}
