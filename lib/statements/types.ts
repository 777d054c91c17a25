/** Question types of CAP-Statements (paper Table 9), as the data spells them. */
export const QUESTION_TYPES = ["short_question", "sentence_to_complete", "long_question_with_context", "blank_spaces_task"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** A generated statement and how it was made. */
export interface Reformulation {
  readonly statement: string;
  readonly questionType: QuestionType;
  /** Name of the rule that produced the statement, for review and error analysis. */
  readonly rule: string;
  /** True when the question could not be parsed and the "question: answer" colon form was used. */
  readonly fallback: boolean;
  /** True when the statement should be checked by a person: the rule guessed, or the result is ill-formed. */
  readonly flagged: boolean;
  /** Why it is flagged ("main verb guessed", "ill-formed: colon", …); empty when not flagged. */
  readonly doubts: readonly string[];
}
