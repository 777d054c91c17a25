/**
 * Checks any generated statement gets, whoever wrote it: whether it is ill-formed (./wellformed.ts)
 * how it reads (./reading.ts: context left out, the question repeated, words doubled …) and how it
 * puts the answer into the question (./phrasing.ts: the question's verb lost, an ellipsis kept …).
 */
import { phrasingDoubts } from "./phrasing.js";
import { readingDoubts } from "./reading.js";
import { illFormedReasons } from "./wellformed.js";

/** Why a person should look at `statement` as the statement of `answer` to `question` (empty when nothing is wrong that the checks see). */
export function statementDoubts(question: string, answer: string, statement: string): string[] {
  const doubts = illFormedReasons(statement, question, answer).map((x) => `ill-formed: ${x}`);
  for (const doubt of readingDoubts(statement, question, answer)) doubts.push(doubt);
  for (const doubt of phrasingDoubts(statement, question, answer)) doubts.push(doubt);
  return doubts;
}
