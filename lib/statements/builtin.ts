/**
 * The built-in reformulator: (question, answer) → one declarative sentence, by rules, with no
 * model. The rules follow the conventions of CAP-Statements' reference statements (paper
 * Sec. 5, App. B.5): blanks are filled; sentence prompts are completed ("Give an example of X"
 * → "An example of X is A"); "which" questions put the answer in place of the wh-phrase;
 * "what is X" becomes "X is A"; other questions keep their words and take the answer after a
 * colon, as the references do. Context sentences before a final question are kept verbatim.
 */
import { capitalize, collapseSpaces, decapitalize, endSentence, splitFinalSentence, stripFinal } from "./text.js";
import type { QuestionType, Reformulation } from "./types.js";
import { pastTense, thirdPerson } from "./inflect.js";

const BLANK = /_{2,}|(?<![\w-])-{3,}(?![\w-])|…|\.{3,}(?=\s|$)|\(\s*\)|\[\s*\]/;
const SUBORDINATORS = /^(if|when|whenever|as|while|after|before|because|since|once|although|though|unless|until|during|in order to|so that)\b/i;
const WH = /^(what|which|who|whom|whose|where|when|why|how)\b/i;
const AUX = /^(is|are|was|were|do|does|did|can|could|will|would|should|shall|may|might|must|has|have|had)\b/i;

/**
 * Words that end the noun phrase after "which": auxiliaries, modals and the verbs and
 * adverbs that follow a wh-phrase in exam questions ("Which process causes…", "Which best describes…").
 */
const VERBISH = new Set(
  (
    "is are was were be been being do does did can could will would should shall may might must has have had " +
    "best most more least likely probably usually often always never also not " +
    "describes explains shows represents causes results produces makes helps contains contain includes include uses use " +
    "occurs occur happens happen allows allow provides provide requires require determines determine affects affect " +
    "forms form creates create changes change increases increase decreases decrease reduces reduce protects protect " +
    "carries carry moves move gives give takes take needs need depends depend lives live eats eat consists consist " +
    "belongs belong converts convert controls control transports transport absorbs absorb releases release stores store " +
    "supports support prevents prevent leads lead keeps keep holds hold travels travel comes come goes go turns turn " +
    "grows grow breaks break becomes become remains remain indicates indicate measures measure compares compare " +
    "would've could've"
  ).split(" "),
);

interface Parts {
  readonly context: string;
  readonly question: string;
  readonly answer: string;
}

/** The answer as it goes into the sentence: trimmed, final period removed. */
function cleanAnswer(answer: string): string {
  return collapseSpaces(answer).replace(/[.;]+$/u, "");
}

/** Joins context (kept verbatim) and the reformulated final sentence. */
function withContext(context: string, sentence: string): string {
  return context ? `${context} ${capitalize(sentence)}` : capitalize(sentence);
}

/**
 * The final form every statement has: one line, no question mark (a context sentence that asked
 * something becomes a plain sentence), no blank marker left, ending in a period.
 */
function result(statement: string, questionType: QuestionType, rule: string, fallback = false): Reformulation {
  let s = collapseSpaces(statement).replace(/\?(?=\s|$)/g, ".").replace(new RegExp(BLANK.source, "g"), "").replace(/\s+([,.;:])/g, "$1");
  s = collapseSpaces(s);
  return { statement: endSentence(s), questionType, rule, fallback };
}

/**
 * Classifies a question into the four CAP-Statements types (Table 9), by the surface cues that
 * separate them in the data: a final question mark (short; long with context sentences before
 * it), a blank (blank-space task; long with context), an imperative or a sentence to complete.
 * An incomplete sentence without a blank is ambiguous in the data itself; it is classified by
 * the majority: long when it opens with a subordinate clause, else a blank-space task.
 */
export function classifyQuestion(question: string): QuestionType {
  const q = collapseSpaces(question);
  const { context } = splitFinalSentence(q);
  const several = context !== "";
  if (/\?\s*$/.test(q)) return several ? "long_question_with_context" : "short_question";
  if (BLANK.test(q)) return several ? "long_question_with_context" : "blank_spaces_task";
  if (/^(name|give|list|state|identify|provide|mention)\b/i.test(q)) return "sentence_to_complete";
  if (several) return "sentence_to_complete";
  if (SUBORDINATORS.test(q)) return "long_question_with_context";
  return "blank_spaces_task";
}

/** Fills the first blank with the answer. */
function fillBlank(q: string, a: string): string {
  return q.replace(BLANK, a);
}

const DETERMINER = /^(a|an|the|one|two|three|some|any|its|their|his|her|this|that|these|those|each|every|both|no|many|several|\d)/i;

/**
 * The indefinite article a reference statement puts before a bare singular count noun
 * ("an octopus", "a cello"); none for names, plurals, mass nouns in -ing/-ion/-ism, clauses.
 */
export function withArticle(a: string): string {
  const words = a.split(" ");
  if (words.length > 3 || !/^[a-z]/.test(a) || DETERMINER.test(a)) return a;
  const last = words[words.length - 1];
  if (/(s|ing|ion|ism|ity|ness|ment|ence|ance|ics|ogy|ure|ty|ism)$/.test(last) || /[^a-z-]/.test(a.replace(/ /g, ""))) return a;
  return `${/^[aeiou]/.test(a) ? "an" : "a"} ${a}`;
}

/** "Give an example of X." → "An example of X is A."; "Name one X." → "One X is A." */
function completeImperative(q: string, a: string): string | undefined {
  const s = stripFinal(q);
  let m = /^give (?:an |one )?examples? of (.+)$/i.exec(s);
  if (m) return `An example of ${m[1]} is ${a}`;
  m = /^name (one|a|an|two|three|the) (.+)$/i.exec(s);
  if (m) return `${capitalize(m[1].toLowerCase())} ${m[2]} is ${a}`;
  m = /^(?:name|identify|state) (.+)$/i.exec(s);
  if (m) return `${capitalize(m[1])} is ${a}`;
  return undefined;
}

/** Splits "Which [of these|of the following] NP VERB…" into the wh-phrase and the rest starting at the verb. */
function splitWhichPhrase(q: string): { rest: string } | undefined {
  const words = q.split(" ");
  if (!/^which$/i.test(words[0])) return undefined;
  let i = 1;
  if (/^of$/i.test(words[1] ?? "") && /^(these|the|those)$/i.test(words[2] ?? "")) {
    i = 3;
    if (/^following$/i.test(words[3] ?? "")) i = 4;
  }
  const np = i;
  while (i < words.length && i - np < 4 && !isVerbish(words[i], words[i - 1])) i++;
  if (i >= words.length || !isVerbish(words[i], words[i - 1])) return undefined;
  return { rest: words.slice(i).join(" ") };
}

const PARTICIPLE_TAIL = /^(.+?) ((?:also |commonly |usually |often |best |approximately |roughly )?(?:called|known as|named|described as|defined as|translated as|referred to as|used (?:for|to [a-z]+(?: [a-z]+)?)|equal to|measured in|made of|composed of|characterized as|considered|responsible for|associated with))$/i;

/** "What is/are X …?" → "X is/are … A". */
function whatIs(q: string, a: string): string | undefined {
  const m = /^what (is|are|was|were) (.+)$/i.exec(q);
  if (!m) return undefined;
  const verb = m[1].toLowerCase();
  let x = m[2];
  const tail = PARTICIPLE_TAIL.exec(x);
  if (tail) return `${tail[1]} ${verb} ${tail[2]} ${a}`;
  const named = /^the names? (?:of|for) (.+)$/i.exec(x);
  if (named) x = named[1];
  return `${x} ${verb} ${a}`;
}

/**
 * "What does X V?" → "X Vs A"; "What do X V?" → "X V A"; "When/What did X V?" → "X Ved A".
 * The subject is everything up to the last word before the object slot, so the verb is the last word.
 */
function undoDoSupport(body: string, a: string): string | undefined {
  const m = /^(?:what|when|where) (does|do|did) (.+) ([a-z]+)((?: (?:to|for|of|in|on|with|from|into|by|about|as|at))?)$/i.exec(body);
  if (!m) return undefined;
  const aux = m[1].toLowerCase();
  const verb = aux === "does" ? thirdPerson(m[3]) : aux === "did" ? pastTense(m[3]) : m[3];
  return `${m[2]} ${verb}${m[4]} ${a}`;
}

/** A word that can start the predicate after a wh-phrase. */
function isVerbish(word: string, previous: string): boolean {
  const w = word.toLowerCase();
  if (VERBISH.has(w)) return true;
  // "Which organelle performs…": a third-person -s verb after a singular noun.
  return /[a-z]{3,}[^su]s$/.test(w) && !/s$/.test(previous.toLowerCase()) && !/^(this|its|his|has|was|is|as|us|thus|plus)$/.test(w);
}

/** Reformulates the final question sentence (context handled by the caller). */
function reformulateQuestion(q: string, a: string): { sentence: string; rule: string; fallback?: boolean } {
  const body = stripFinal(q);
  const doSupport = undoDoSupport(body, a);
  if (doSupport) return { sentence: doSupport, rule: "do-support" };
  const which = splitWhichPhrase(body);
  if (which) return { sentence: `${capitalize(a)} ${which.rest}`, rule: "which-phrase" };
  const whatIsSentence = whatIs(body, a);
  if (whatIsSentence) return { sentence: whatIsSentence, rule: "what-is" };
  const who = /^who (.+)$/i.exec(body);
  if (who && VERBISH.has(who[1].split(" ")[0].toLowerCase())) return { sentence: `${capitalize(a)} ${who[1]}`, rule: "who" };
  const wh = WH.exec(body);
  if (wh && !/^why$/i.test(wh[1])) {
    const rest = body.slice(wh[0].length).trim();
    if (rest) return { sentence: `${capitalize(rest)}: ${a}`, rule: "wh-drop" };
  }
  return { sentence: `${body}: ${a}`, rule: "question-colon", fallback: !wh };
}

/** Turns a question and its answer into one declarative sentence. */
export function reformulate(question: string, answer: string): Reformulation {
  const q = collapseSpaces(question);
  const a = cleanAnswer(answer);
  const questionType = classifyQuestion(q);
  if (BLANK.test(q)) return result(capitalize(fillBlank(q, a)), questionType, "fill-blank");
  const { context, last } = splitFinalSentence(q);
  if (/\?\s*$/.test(last)) {
    const r = reformulateQuestion(last, a);
    return result(withContext(context, r.sentence), questionType, r.rule, r.fallback ?? false);
  }
  const imperative = completeImperative(last, a);
  if (imperative) return result(withContext(context, imperative), questionType, "imperative");
  const prompt = last.replace(/[\s:.]+$/u, "");
  // An open subordinate clause ("If electrical current is running") is closed with a comma before the main clause.
  if (SUBORDINATORS.test(prompt) && !prompt.includes(",")) {
    return result(withContext(context, `${prompt}, ${a}`), questionType, "subordinate-clause");
  }
  return result(withContext(context, `${prompt} ${a}`), questionType, "complete-sentence");
}

export { decapitalize };
