/**
 * "How much saltier than the ocean is the Dead Sea?", "How much taller is Everest than K2?": a question that asks by how much one thing
 * outdoes another. The parser reads neither word order as a clause (the comparative is no noun), so the statement is made here: the
 * subject, "be", the answer's amount with the comparative, then the compared thing ("The Dead Sea is roughly nine to ten times saltier
 * than the ocean."). Used by ./builtin.ts, whose `reformulate` is the entry point: `reformulate("How much taller is Everest than K2?",
 * "About 240 metres.")` gives "Everest is about 240 metres taller than K2."
 */

/** "How much saltier than the ocean is the Dead Sea?" and "How much taller is Everest than K2?", with "more"/"less" and an adjective. */
const COMPARED_FIRST = /^how much ((?:more|less) [a-z]+|[a-z]+er) (than [^?]+?) (is|are|was|were) ([^?]+?)\s*\?\s*$/i;
const COMPARED_LAST = /^how much ((?:more|less) [a-z]+|[a-z]+er) (is|are|was|were) ([^?]+?) (than [^?]+?)\s*\?\s*$/i;

/** An answer that is an amount or a degree only ("About 240 metres", "Roughly nine to ten times saltier", "Twice as heavy"). */
const AMOUNT =
  /^(?:(?:about|around|roughly|approximately|nearly|almost|over|more than|less than|just under|just over|some|at least|up to) )*(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|many|a|an|half|twice|three times|four times)\b/i;

/** The statement, or undefined when the question is not such a comparison or the answer is more than its amount. */
export function comparedAmount(question: string, answer: string): string | undefined {
  const q = question.trim();
  const first = COMPARED_FIRST.exec(q);
  const last = first ? null : COMPARED_LAST.exec(q);
  if (!first && !last) return undefined;
  const [comparative, than, be, subject] = first ? [first[1], first[2], first[3], first[4]] : [last![1], last![4], last![2], last![3]];
  // (Only the answer's first sentence, and only an amount: a clause is left to the rules.)
  const said = answer
    .trim()
    .replace(/^\*\*|\*\*$/g, "")
    .replace(/[.!]+$/, "");
  if (!AMOUNT.test(said) || /[.;!?]\s/.test(said) || said.split(/\s+/).length > 12) return undefined;
  const degree = said.replace(/^(\S)/, (c) => c.toLowerCase());
  const comparedWord = comparative.split(" ").at(-1)?.toLowerCase() ?? "";
  // ("nine to ten times saltier": the answer says the comparative; "twice as heavy": an equality of degree takes "as".)
  const asDegree = /\bas [a-z]+$/i.test(degree);
  const ownComparative =
    /\b(?:[a-z]+er|more [a-z]+|less [a-z]+)$/i.test(degree) &&
    !/\b(?:over|under|per|liter|litre|meter|metre|kilometer|kilometre|dollar)$/i.test(degree);
  const amount = asDegree
    ? `${degree} ${than.replace(/^than\b/i, "as")}`
    : ownComparative || degree.toLowerCase().endsWith(comparedWord)
      ? `${degree} ${than}`
      : `${degree} ${comparative.toLowerCase()} ${than}`;
  const opening = subject.replace(/^(\S)/, (c) => c.toUpperCase());
  return `${opening} ${be.toLowerCase()} ${amount}.`;
}
