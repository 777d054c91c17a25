/**
 * "How long can lichens live?" + "Some, for thousands of years." / "Most stay under 60 cm.": an answer that opens with a quantifier
 * alone says its claim of some of the question's plural subject. The statement names them: "Some lichens can live for thousands of
 * years.", "Most koi stay under 60 cm." (as an annotator writes it; the rules would read "some" as the answer's amount). Used by
 * ./builtin.ts, whose `reformulate` is the entry point: `reformulate("How long can lichens live?", "Some, for thousands of years.")`
 * gives "Some lichens can live for thousands of years."
 */
import { isPluralPhrase } from "./answer.js";
import { joinTokens } from "./nlp.js";
import { parseQuestion } from "./question.js";

/** A quantifier alone, then a comma and the claim, or the claim's verb at once ("Most stay …", "Some, like the mako, reach …"). */
const QUANTIFIER_OPENING =
  /^\s*(some|most|many|a few|several)(?:,\s+(?!(?:like|such as|including|especially)\b)|\s+(?=(?:can|could|will|would|do|does|did|are|were|may|might|live|grow|reach|stay|get|weigh|last|survive|have)\b))(\S[\s\S]*)$/i;

/**
 * The statement, or undefined when the answer opens otherwise or the question's subject is no bare plural. `reformulateRest` writes
 * the statement of the rest of the answer after a comma ("for thousands of years").
 */
export function quantifiedSubject(
  question: string,
  answer: string,
  reformulateRest: (question: string, answer: string) => string,
): string | undefined {
  const m = QUANTIFIER_OPENING.exec(answer);
  if (!m) return undefined;
  const frame = parseQuestion(question).frame;
  // (Not a reason or a manner: "Why don't ships sail around Africa?" + "Some do, but …" says why.)
  if (frame.kind !== "wh-inverted" || frame.wh.word === "why" || (frame.wh.word === "how" && frame.wh.measure === undefined))
    return undefined;
  const subject = frame.decl.subject;
  // (A bare plural only: "lichens", "koi" after "do"; not "the whale", "a shark", "you".)
  const plural = isPluralPhrase(subject) || /^(?:do|are|were|have)$/i.test(frame.decl.aux.text);
  if (subject.length === 0 || subject[0].pos === "DET" || subject[0].pos === "PRON" || !plural) return undefined;
  const named = joinTokens(subject);
  const quantifier = m[1][0].toUpperCase() + m[1].slice(1).toLowerCase();
  const lowered = /^\p{Lu}\p{Ll}/u.test(named) && subject[0].pos !== "PROPN" ? named[0].toLowerCase() + named.slice(1) : named;
  // ("Most stay under 60 cm": the claim's own verb follows the subject.)
  if (!/,\s*$/.test(answer.slice(0, answer.length - m[2].length))) return `${quantifier} ${lowered} ${m[2]}`;
  const rest = reformulateRest(question, m[2]);
  const opening = named[0].toUpperCase() + named.slice(1);
  return rest.startsWith(`${opening} `) ? `${quantifier} ${lowered}${rest.slice(opening.length)}` : undefined;
}
