/** Question types of CAP-Statements (paper Table 9), as the data spells them. */
export const QUESTION_TYPES = ["short_question", "sentence_to_complete", "long_question_with_context", "blank_spaces_task"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** A generated statement and how it was made. */
export interface Reformulation {
  readonly statement: string;
  readonly questionType: QuestionType;
  /** Name of the rule that produced the statement, for debugging and error analysis. */
  readonly rule: string;
  /** True when no specific rule applied and the generic "question: answer" form was used. */
  readonly fallback: boolean;
}
