/**
 * Doubts about how a statement reads, beyond ill-formedness (./wellformed.ts), for any generator's
 * statement (issue 23, part 6: flags that mean something). Each names a way a statement goes bad
 * that a person labelling statements found: the question's context left out ("They have three
 * separate business districts." for "Which one of the statements below is characteristic of most
 * African cities?"), an answer that repeats the question glued after it, a word doubled ("would
 * would"), a comma after a word that cannot end a phrase ("in, shape"), a capitalised pronoun or
 * article inside a sentence ("in A puddle"), and a question word left in the statement ("has what
 * kind of impact on the plant positive"). Each is a doubt, not a verdict: the statement goes to review.
 */
import { STATEMENT_MAX_ANALYSED_CHARS } from "./limits.js";
import { canBeAdjective, isUncountable, isVerbFirst } from "./nlp.js";
import { splitFinalSentence } from "./text.js";
import { fourGramCounts, hasRepeatedFourGram, statementWords } from "./wellformed.js";

/** Words that carry no content of the question's proposition. */
const FUNCTION_WORDS = new Set(
  (
    "a an the of to in on at by for with from into onto about as and or but nor so than then that this these those there here " +
    "is are was were be been being am do does did done has have had can could will would shall should may might must " +
    "what which who whom whose where when why how not no yes it its they them their he she his her we our you your i me my " +
    "one ones some any all most more less least best better worst following below above statement statements example examples " +
    "likely likely describes describe explains explain shows show true false correct best following these those each other also " +
    "very much many most just only"
  ).split(" "),
);

/** Words of the question's proposition: its final sentence's content words (three letters or more). */
function contentWords(s: string): string[] {
  return statementWords(s).filter(isContentWord);
}

function isContentWord(w: string): boolean {
  const first = w.charCodeAt(0);
  return w.length >= 3 && !(first >= 48 && first <= 57) && !FUNCTION_WORDS.has(w);
}

/** A wh-word and the words of its phrase up to the auxiliary after it. */
const WH_PHRASE =
  /^\s*(?:what|which|whose)\s+(?:[\w'-]+\s+){1,3}?(?=(?:is|are|was|were|do|does|did|can|could|will|would|should|has|have|had|may|might|must)\b)/i;

/** A crude stem, so that "rates" and "rate", "describes" and "described" meet. */
const stem = (w: string) => w.replace(/(?:ies|es|s|ed|ing)$/, "");

/** What the checks read of a question, memoised: a question recurs for every answer to it. */
interface AskedQuestion {
  /** The stems of the content words of its final sentence, the wh-phrase left out. */
  readonly stems: readonly string[];
  /** The sentences before the final one, their question marks made periods (as a statement copies them). */
  readonly context: string;
  /** How often the question says "what". */
  readonly whats: number;
}

const askedQuestions = new Map<string, AskedQuestion>();
function askedQuestion(question: string): AskedQuestion {
  let asked = askedQuestions.get(question);
  if (asked) return asked;
  const { context, last } = splitFinalSentence(question);
  // The wh-phrase's noun ("gas" in "What gas do humans exhale?") is what the answer replaces.
  asked = {
    stems: contentWords(last.replace(WH_PHRASE, "")).map(stem),
    context: context.replace(/\?(?=\s|$)/g, "."),
    whats: count(WHAT, question),
  };
  if (askedQuestions.size > 50_000) askedQuestions.clear();
  if (question.length <= 4000) askedQuestions.set(question, asked);
  return asked;
}

/** Share of the question's content words the statement keeps (1 when the question has none). */
export function questionCoverage(statement: string, question: string): number {
  const asked = askedQuestion(question).stems;
  if (asked.length === 0) return 1;
  const kept = new Set<string>();
  for (const w of statementWords(statement)) if (isContentWord(w)) kept.add(stem(w));
  let n = 0;
  for (const s of asked) if (kept.has(s)) n++;
  return n / asked.length;
}

/**
 * True when a 4-gram occurs in the statement more often than in the question or the answer alone (the answer repeats the question after
 * it).
 */
export function repeatsQuestionInAnswer(statement: string, question: string, answer: string): boolean {
  const words = statementWords(statement);
  if (!hasRepeatedFourGram(words)) return false;
  const s = fourGramCounts(words);
  let q: Map<string, number> | undefined;
  let a: Map<string, number> | undefined;
  for (const [k, n] of s) {
    if (n < 2) continue;
    q ??= fourGramCounts(statementWords(question));
    a ??= fourGramCounts(statementWords(answer));
    if (n > Math.max(q.get(k) ?? 0, a.get(k) ?? 0)) return true;
  }
  return false;
}

const DOUBLED = /\b([a-z]{1,40}) \1\b/gi;

/**
 * Whether two neighbouring runs of ASCII letters are equal (case aside): DOUBLED can match only
 * then (its two words are whole runs, one space apart), and this scan is cheaper than its regex.
 */
function hasAdjacentEqualLetterRuns(s: string): boolean {
  let prevStart = -1;
  let prevEnd = -1;
  let start = -1;
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) | 32 : 0;
    const letter = c >= 97 && c <= 122;
    if (letter) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const length = i - start;
    if (prevStart >= 0 && prevEnd - prevStart === length && s.slice(prevStart, prevEnd).toLowerCase() === s.slice(start, i).toLowerCase())
      return true;
    prevStart = start;
    prevEnd = i;
    start = -1;
  }
  return false;
}
const COMMA_AFTER_FUNCTION = /\b(?:in|on|at|of|to|by|for|with|from|the|a|an|will|would|can|could|should|is|are|was|were)\s*,\s/i;
const CAPITAL_INSIDE = /[a-z,] (?:A|An|The|It|They|This|These|Those|We|He|She|There|Its|Their|Our) [a-z]/;

/**
 * A content word the statement says more often than the question or the answer alone does ("… discovered it in 1953
 * discovered the structure of DNA"): the answer's clause and the question's predicate glued together.
 */
function saidTwice(statement: string, question: string, answer: string): string | undefined {
  // A word said twice in one sentence is said twice in the statement: most statements have none.
  const seen = new Set<string>();
  let repeated = false;
  for (const w of statementWords(statement)) {
    if (!isContentWord(w) || w.length < 4 || !(w.endsWith("ed") || w.endsWith("s"))) continue;
    if (seen.has(w)) {
      repeated = true;
      break;
    }
    seen.add(w);
  }
  if (!repeated) return undefined;
  const counts = (s: string) => {
    const m = new Map<string, number>();
    for (const w of contentWords(s)) if (w.length >= 4) m.set(w, (m.get(w) ?? 0) + 1);
    return m;
  };
  let q: Map<string, number> | undefined;
  let a: Map<string, number> | undefined;
  // Within one sentence: "Van Gogh painted the Starry Night. He painted it in 1889." says it once in each.
  for (const sentence of statement.split(/(?<=[.!?])\s+(?=[A-Z])/)) {
    for (const [w, n] of counts(sentence)) {
      // Verbs only: a noun may well recur ("Animals that are active at night are called nocturnal animals").
      if (n < 2 || !(/ed$/.test(w) || (/s$/.test(w) && isVerbFirst(w.replace(/e?s$/, ""))))) continue;
      q ??= counts(question);
      a ??= counts(answer);
      if (n > Math.max(q.get(w) ?? 0, a.get(w) ?? 0)) return w;
    }
  }
  return undefined;
}

const WHAT = /\bwhat\b/gi;

function count(re: RegExp, s: string): number {
  return s.match(re)?.length ?? 0;
}

/** Why a person should look at how `statement` reads as the statement of `answer` to `question` (empty when nothing is seen). */
export function readingDoubts(fullStatement: string, fullQuestion: string, fullAnswer: string): string[] {
  const out: string[] = [];
  if (fullStatement.trim() === "") return out;
  // Linear in the text whatever it holds (issue 22): the checks read the part the rules analyse.
  const [statement, question, answer] = [fullStatement, fullQuestion, fullAnswer].map((x) => x.slice(0, 2 * STATEMENT_MAX_ANALYSED_CHARS));
  // The question's context sentences, copied into the statement, say nothing about its final question.
  const asked = askedQuestion(question);
  const own = asked.context && statement.startsWith(asked.context) ? statement.slice(asked.context.length) : statement;
  const coverage = questionCoverage(own, question);
  if (coverage < 0.5) out.push(`context: ${Math.round(100 * (1 - coverage))} % of the question's words left out`);
  if (repeatsQuestionInAnswer(statement, question, answer)) out.push("reads: the answer repeats the question");
  const doubled = (hasAdjacentEqualLetterRuns(statement) ? [...statement.matchAll(DOUBLED)] : []).find(
    (m) => !/^(?:that|had|is)$/i.test(m[1]) && ![question, answer].some((x) => new RegExp(`\\b${m[0]}\\b`, "i").test(x)),
  );
  if (doubled) out.push(`reads: "${doubled[0]}"`);
  const twice = saidTwice(statement, question, answer);
  if (twice) out.push(`reads: "${twice}" twice`);
  if (COMMA_AFTER_FUNCTION.test(statement) && !COMMA_AFTER_FUNCTION.test(`${question} ${answer}`))
    out.push("reads: a comma after a function word");
  const capital = CAPITAL_INSIDE.exec(statement);
  if (capital && !question.includes(capital[0].slice(2)) && !answer.includes(capital[0]))
    out.push(`reads: "${capital[0].slice(2).trim()}" capitalised inside a sentence`);
  // "The student is trying what color is the chemical. to determine.": a sentence end inside the statement.
  const inside = /[a-z]\. [a-z]/.exec(statement);
  if (inside && !question.includes(inside[0]) && !answer.includes(inside[0])) out.push("reads: a sentence ends inside the statement");
  // "Respiratory and nervous are involved …": adjectives that named a kind of the question's noun, the noun left out.
  const pair = /^([A-Z][a-z]+) and ([a-z]+),? (?:are|were|would|will|can|could|work|help|is)\b/.exec(own.trim());
  if (pair && [pair[1], pair[2]].every((w) => canBeAdjective(w.toLowerCase()) && !isUncountable(w.toLowerCase())))
    out.push(`context: "${pair[1]} and ${pair[2]}" name no noun`);
  // "… a sign of concentration is NOT correct": the question's "NOT" kept, so the statement may say the opposite of the answer.
  if (/\b(?:is|are|was|were) NOT (?:correct|true|accurate|an? |the )/.test(statement) && !/\bNOT\b/.test(answer))
    out.push('meaning: the question\'s "NOT" kept in the statement');
  if (count(WHAT, statement) > count(WHAT, answer) + Math.max(0, asked.whats - 1)) out.push("reads: a question word left in");
  return out;
}
