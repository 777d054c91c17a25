/** The naive baseline of the issue: the question without its question mark, a space, the answer, a period. */
export function naiveStatement(question: string, answer: string): string {
  return `${question.trim().replace(/\?\s*$/, "")} ${answer.trim()}.`;
}
