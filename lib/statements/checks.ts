/**
 * Checks any generated statement gets, whoever wrote it: whether it is ill-formed (./wellformed.ts)
 * and how it reads (./reading.ts: context left out, the question repeated, words doubled …).
 */
import { readingDoubts } from "./reading.js";
import { illFormedReasons } from "./wellformed.js";

/** Why a person should look at `statement` as the statement of `answer` to `question` (empty when nothing is wrong that the checks see). */
export function statementDoubts(question: string, answer: string, statement: string): string[] {
  const doubts = illFormedReasons(statement, question, answer).map((x) => `ill-formed: ${x}`);
  for (const doubt of readingDoubts(statement, question, answer)) doubts.push(doubt);
  return doubts;
}
