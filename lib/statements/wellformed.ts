/**
 * Whether a statement reads as an English declarative, by the definition capqa is held to: a
 * statement is ill-formed when it has a question mark; when it opens (after the question's own
 * context sentences) with a wh-word or an auxiliary in question word order that the answer does
 * not call for; when it has a colon that neither the question nor the answer has; or when a
 * 4-word sequence occurs more often than in the question and answer together. Words are runs of
 * letters, digits and apostrophes, lower-cased. The same counts, without the comparison with the
 * source, describe a set of statements (`repeatsFourGram`, `hasColonForm`).
 */
import { FINITE_AUXILIARIES, NEGATED_AUXILIARIES } from "./auxiliaries.js";
import { STATEMENT_MAX_ANALYSED_CHARS } from "./limits.js";
import { distinctFourGrams, fourGramsByText, repeatsFourGramIn } from "./four-grams.js";
import { collapseSpaces, splitFinalSentence, wordSet } from "./text.js";

export type IllFormedReason = "question mark" | "question word order" | "colon" | "repeated 4-gram";

const WH = new Set(["what", "which", "who", "whom", "whose", "where", "when", "why", "how"]);
const AUX = new Set([...FINITE_AUXILIARIES, ...NEGATED_AUXILIARIES]);
const MEASURE = wordSet("many much long far fast old often tall big large deep high wide heavy hot cold");

const LETTER = /[\p{L}\p{N}]/u;

/** Lower-cased words: runs of letters, digits and apostrophes (a character loop: this runs on every statement). */
export function statementWords(s: string): string[] {
  return leadingWords(s, Number.POSITIVE_INFINITY);
}

/** The first word of `statementWords(s)`, or "" (the words after it are not made). */
function firstWord(s: string): string {
  return leadingWords(s, 1)[0] ?? "";
}

/** The first `max` words of `statementWords(s)`. */
function leadingWords(s: string, max: number): string[] {
  const out: string[] = [];
  const t = s.toLowerCase();
  let start = -1;
  for (let i = 0; i <= t.length; i++) {
    let width = 1;
    let word = false;
    if (i < t.length) {
      const c = t.charCodeAt(i);
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 39) word = true;
      else if (c > 127) {
        const cp = t.codePointAt(i)!;
        width = cp > 0xffff ? 2 : 1;
        word = LETTER.test(String.fromCodePoint(cp));
      }
    }
    if (word) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      out.push(t.slice(start, i));
      if (out.length >= max) return out;
      start = -1;
    }
    i += width - 1;
  }
  return out;
}

const RECENT_TEXTS = 4;
const recentTexts: string[] = [];
const recentWords: (readonly string[])[] = [];
/** Whether each of the recent word lists repeats a 4-gram, once asked (two checks ask it of the same statement). */
const recentRepeats: (boolean | undefined)[] = [];
let nextRecent = 0;

/**
 * `statementWords` of `s`, remembered for the last few texts: the checks of one statement ask for
 * the words of the same statement several times (the ill-formedness check, the question's coverage,
 * repeated 4-grams, words said twice). The array is shared: callers only read it.
 */
export function wordsOf(s: string): readonly string[] {
  for (let k = 0; k < recentTexts.length; k++) if (recentTexts[k] === s) return recentWords[k];
  const words = statementWords(s);
  recentTexts[nextRecent] = s;
  recentWords[nextRecent] = words;
  recentRepeats[nextRecent] = undefined;
  nextRecent = (nextRecent + 1) % RECENT_TEXTS;
  return words;
}

/** Whether some 4-word sequence occurs twice or more in `words` (asked of the same statement by two checks: the answer is kept). */
export function hasRepeatedFourGram(words: readonly string[]): boolean {
  if (words.length < 5) return false;
  // The words of a recent text (`wordsOf`, never changed): the answer is kept with them.
  const recent = recentWords.indexOf(words);
  if (recent < 0) return repeatsFourGramIn(words);
  const known = recentRepeats[recent] ?? repeatsFourGramIn(words);
  recentRepeats[recent] = known;
  return known;
}

/** True when some 4-word sequence occurs twice or more in `s`. */
export function repeatsFourGram(s: string): boolean {
  return hasRepeatedFourGram(statementWords(s));
}

/** True when the statement has a colon and the question has none (the "question: answer" form). */
export function hasColonForm(statement: string, question: string): boolean {
  return statement.includes(":") && !question.includes(":");
}

/** True when the words start in question order: an auxiliary first, or a wh-word (with a measure) before an auxiliary. */
function interrogativeOrder(words: readonly string[]): boolean {
  if (words.length === 0) return false;
  // ("Don't count your chickens before they hatch.": a negative imperative, not a question.)
  if (
    /^(?:don['’]t|do)$/.test(words[0]) &&
    (words[0] !== "do" || words[1] === "not") &&
    !/^(?:you|we|they|i)$/.test(words[words[0] === "do" ? 2 : 1] ?? "")
  )
    return false;
  if (AUX.has(words[0])) return true;
  if (!WH.has(words[0])) return false;
  const k = MEASURE.has(words[1] ?? "") ? 2 : 1;
  if (AUX.has(words[k] ?? "")) return true;
  // "which gas do", "what type of rock is": a noun may come between; "when an atom has" is a subordinate clause.
  return /^(?:what|which|whose)$/.test(words[0]) || k === 2
    ? AUX.has(words[k + 1] ?? "") || AUX.has(words[k + 2] ?? "") || AUX.has(words[k + 3] ?? "")
    : false;
}

/**
 * What the check keeps of a question, memoised for every question of a batch: only what it reads again (the final sentence's first
 * word, not all its words; no 4-gram counts), as what a memo holds is copied by the garbage collector while it is young.
 */
interface QuestionSide {
  /** How many words the context has. */
  readonly contextWordCount: number;
  readonly contextLower: string;
  readonly contextLength: number;
  /** The final sentence's first word (undefined when it has none). */
  readonly lastWord: string | undefined;
  readonly interrogative: boolean;
  readonly hasColon: boolean;
  readonly question: string;
  /** The question's words, made when a statement repeats a 4-gram. */
  questionWords?: readonly string[];
}

const sides = new Map<string, QuestionSide>();

/** What the check needs of a question, computed once per question (the same question recurs for every answer). */
function questionSide(question: string): QuestionSide {
  let side = sides.get(question);
  if (!side) {
    const q = collapseSpaces(question);
    const { context, last } = splitFinalSentence(q);
    const ctx = context.replace(/\?/g, ".");
    const lastWords = statementWords(last);
    side = {
      contextWordCount: statementWords(ctx).length,
      contextLower: ctx.toLowerCase(),
      contextLength: ctx.length,
      lastWord: lastWords[0],
      interrogative: interrogativeOrder(lastWords),
      hasColon: q.includes(":"),
      question: q,
    };
    if (question.length > STATEMENT_MAX_ANALYSED_CHARS) return side; // a long question is not kept (issue 22)
    if (sides.size > 50_000) sides.clear();
    sides.set(question, side);
  }
  return side;
}

/**
 * The words of the question's context followed by those of the statement's own part, for a statement that starts with the context:
 * the statement's words (which the other checks read too) where a space follows the context, which ends with a sentence end, so
 * that the words and their lower case are the same whether the two parts are read apart or together.
 */
function contextThenOwnWords(statement: string, side: QuestionSide, ownWords: readonly string[]): readonly string[] {
  if (statement.charCodeAt(side.contextLength) === 32) return wordsOf(statement);
  return [...statementWords(side.contextLower), ...ownWords];
}

/** The reasons `statement` is ill-formed as the statement of `answer` to `question` (empty when it is well-formed). */
export function illFormedReasons(statement: string, question: string, answer: string): IllFormedReason[] {
  const reasons: IllFormedReason[] = [];
  // (Not one inside quotes: "… only asked "Where is everybody?" over lunch".)
  if (statement.includes("?") && /\?/.test(statement.replace(/["“][^"”]*["”]/g, ""))) reasons.push("question mark");
  const side = questionSide(question);
  let own = statement;
  if (side.contextLength > 0 && own.slice(0, side.contextLength).toLowerCase() === side.contextLower) own = own.slice(side.contextLength);
  const lead = firstWord(own.slice(0, 40));
  if (WH.has(lead) || AUX.has(lead)) {
    const answerLead = firstWord(answer.slice(0, 40));
    const subordinate = side.lastWord === lead && !side.interrogative;
    const calledFor = answerLead === lead || subordinate;
    if (!calledFor && interrogativeOrder(statementWords(own.slice(0, 80)))) reasons.push("question word order");
  }
  if (statement.includes(":") && !side.hasColon && !answer.includes(":")) reasons.push("colon");
  // The context is copied verbatim, so only 4-grams that touch the statement's own part can occur more often than in the question:
  // those are counted over the context's words followed by the statement's own, and read where one occurs in the own part (from
  // the context's last three words on). (The counts are hashed: a scan of the source per repeated 4-gram took time quadratic in a
  // long answer, issue 22.)
  const verbatim = own !== statement;
  const ownWords = wordsOf(own);
  // Without the context, a 4-gram can only be repeated if one occurs twice in the statement's own words (most have none).
  if (!verbatim && !hasRepeatedFourGram(ownWords)) return reasons;
  const words = verbatim ? contextThenOwnWords(statement, side, ownWords) : ownWords;
  const ownFrom = verbatim ? Math.max(0, side.contextWordCount - 3) : 0;
  // (The 4-grams are told apart by numbers; the source is read only where one is said twice there.)
  const grams = distinctFourGrams(words);
  let twice = false;
  for (let g = 0; g < grams.size && !twice; g++) twice = grams.count[g] >= 2 && grams.last[g] >= ownFrom;
  if (!twice) return reasons;
  // Compared with the question's words followed by the answer's (a 4-gram across the two counts), all counted in one scan.
  const questionWords = (side.questionWords ??= statementWords(side.question));
  const both = fourGramsByText([[...questionWords, ...statementWords(answer)], words]);
  const ownStart = both.starts[1] + ownFrom;
  for (let g = 0; g < both.size; g++) {
    const total = both.inText[2 * g + 1];
    if (total >= 2 && both.last[g] >= ownStart && total > both.inText[2 * g]) {
      reasons.push("repeated 4-gram");
      break;
    }
  }
  return reasons;
}

/** True when the statement is ill-formed for any reason. */
export function isIllFormed(statement: string, question: string, answer: string): boolean {
  return illFormedReasons(statement, question, answer).length > 0;
}
