/**
 * Numbers behind the paper's figures that no released file holds, transcribed once from the
 * paper (../shared/paper/cap-paper.txt): the human validation of 1,353 generated statements
 * (App. B.5, Fig. 7, Table 15). Percentages as printed.
 */
import type { QuestionType } from "../statements/types.js";
import type { StatementLabel } from "./palette.js";

/** Fig. 7: statement-validation labels aggregated over question types (App. B.5). */
export const FIG7_STATEMENT_VALIDATION: { readonly n: number; readonly percent: Readonly<Record<StatementLabel, number>> } = Object.freeze({
  n: 1353,
  percent: Object.freeze({ correct: 90.0, syntactic: 1.2, semantic: 1.3, wrong: 7.5 }),
});

/** Table 15: share of statements labelled syntactic, semantic, wrong, per question type (%). */
export const TABLE15_STATEMENT_ERRORS: Readonly<Record<QuestionType, Readonly<Record<Exclude<StatementLabel, "correct">, number>>>> =
  Object.freeze({
    short_question: { syntactic: 3.0, semantic: 0.6, wrong: 10.5 },
    long_question_with_context: { syntactic: 3.6, semantic: 9.6, wrong: 32.9 },
    sentence_to_complete: { syntactic: 0.2, semantic: 0.0, wrong: 0.0 },
    blank_spaces_task: { syntactic: 0.4, semantic: 0.0, wrong: 0.0 },
  });

/** Fig. 6: CAP-Statements holds 11,000 triples; the largest question type is at most 27.4 % (App. B.5). */
export const FIG6_PAPER = Object.freeze({ total: 11000, maxTypeShare: 27.4 });
