/**
 * The built-in reformulator: (question, answer) → one declarative statement that says what the
 * answer claims about the question, by grammar and no model. The question is parsed (wh-phrase,
 * auxiliary, inverted subject, main verb, predicate; see ./question.ts), the answer analysed
 * (framing, yes/no, first sentence, clause or phrase; ./answer.ts), and the answer placed where
 * the wh-phrase stood (./realize.ts). Context sentences before a final question are kept
 * verbatim, later sentences of the answer follow the statement. Every statement names its rule
 * and is flagged when the rule had to guess or the result is ill-formed (./wellformed.ts).
 *
 * @example
 * reformulate("How many legs does a spider have?", "eight").statement  // "A spider has eight legs."
 * reformulate("Is the Earth flat?", "No").statement                     // "The Earth is not flat."
 */
import {
  analyzeAnswer,
  withoutFraming,
  isPluralPhrase,
  joinList,
  HEDGE_SAID_TWICE,
  lastSentenceEnd,
  predicateOfDummySubject,
  SOFTENED_NOT,
  saysYearOrTime,
  splitHedgeAdverb,
  splitIntroduction,
  splitTrailingAdjunct,
  tokenizePhrase,
} from "./answer.js";
import {
  canBeAdjective,
  canBeVerb,
  isUncountable,
  isProperWord,
  isVerbFirst,
  joinTokens,
  looksPlural,
  pastParticiple,
  pastTense,
  regularPlural,
  thirdPerson,
  type Token,
  verbForms,
  HOW_OFTEN_ADVERBS,
} from "./nlp.js";
import { aboutThingStatement } from "./about-thing.js";
import { comparedAmount } from "./comparison.js";
import { quantifiedSubject } from "./quantified.js";
import { parseQuestion, questionFocus, BLANK, type ParsedQuestion } from "./question.js";
import {
  CALENDAR_WORD,
  DEGREE_WORDS,
  embeddedQuestion,
  midSentence,
  passiveByAgent,
  realize,
  SUBORDINATORS,
  sameAdverbKind,
} from "./realize.js";
import {
  QUOTATION,
  cachedRegExp,
  capitalisedInside,
  capitalize,
  collapseSpaces,
  endSentence,
  escapeRegExp,
  indefiniteArticle,
  oneByteCopy,
  splitFinalSentence,
  statedContext,
  wordSet,
} from "./text.js";
import type { QuestionType, Reformulation } from "./types.js";
import { statementDoubts } from "./checks.js";
import { STATEMENT_MAX_ANALYSED_CHARS } from "./limits.js";

/**
 * Classifies a question into the four CAP-Statements types (Table 9), by the surface cues that
 * separate them in the data: a final question mark (short; long with context sentences before
 * it), a blank (blank-space task; long with context), an imperative or a sentence to complete.
 * An incomplete sentence without a blank is ambiguous in the data itself; it is classified by
 * the majority: long when it opens with a subordinate clause, else a blank-space task.
 */
export function classifyQuestion(question: string): QuestionType {
  const long = unparsableFocus(question);
  return classifyParsed(question, long ? unparsedQuestion(long) : parseQuestion(question));
}

/**
 * The context and final sentence of a question whose final sentence is too long to parse (else undefined); a question with a blank is
 * filled, not parsed.
 */
function unparsableFocus(question: string): { context: string; last: string } | undefined {
  if (question.length <= STATEMENT_MAX_ANALYSED_CHARS) return undefined;
  const focus = questionFocus(collapseSpaces(question));
  return !focus.blank && focus.last.length > STATEMENT_MAX_ANALYSED_CHARS ? focus : undefined;
}

/** A question left unparsed, as the parser returns one it cannot read (for the question type). */
function unparsedQuestion(focus: { context: string; last: string }): ParsedQuestion {
  return {
    final: focus.last,
    context: focus.context,
    fronted: "",
    sentence: focus.last,
    frame: { kind: "unparsed", body: focus.last, interrogative: false },
  };
}

function classifyParsed(question: string, parsed: ParsedQuestion): QuestionType {
  const q = question.trim();
  const several = parsed.frame.kind === "blank" ? splitFinalSentence(collapseSpaces(q)).context !== "" : parsed.context !== "";
  if (/\?\s*$/.test(q)) return several ? "long_question_with_context" : "short_question";
  if (BLANK.test(q)) return several ? "long_question_with_context" : "blank_spaces_task";
  if (/^(name|give|list|state|identify|provide|mention)\b/i.test(q)) return "sentence_to_complete";
  if (several) return "sentence_to_complete";
  if (SUBORDINATORS.test(q)) return "long_question_with_context";
  return "blank_spaces_task";
}

/** Blank markers left in a statement: underscores, dashes, empty brackets. */
const BLANK_MARKS = /_{2,}|(?<![\w-])-{3,}(?![\w-])|\(\s*\)|\[\s*\]/g;

/** The final form of every statement: one line, no question mark, no blank marker, one final period. */
function finish(statement: string): string {
  // Blank markers go (the answer fills them); an ellipsis the answer wrote ("0.333...") stays. (The first two patterns run only
  // where a plain substring test finds the characters they need: this runs on every statement.)
  // ((?<!\s): a run of white space is tried from its start only, linear in a long statement, issue 22.)
  let t = statement;
  if (t.includes("?")) t = t.replace(/\?(?=\s|$)/g, ".");
  if (t.includes("__") || t.includes("---") || t.includes("(") || t.includes("[")) t = t.replace(BLANK_MARKS, "");
  // ("The three parts of an insect's body are: the head, …": no colon between a copula and what it says.)
  if (t.includes(":")) t = t.replace(/\b(is|are|was|were):\s+(?=[a-z0-9"“])/g, "$1 ");
  if (t.includes('"')) t = tightQuotes(t);
  // (Not a decimal point that opens a number: "to hit .400".)
  const s = collapseSpaces(t.replace(/(?<!\s)\s+([,.;:!%])(?!\.|(?<=\.)\d)/g, "$1"));
  // (Nor after a stop inside the closing quote: 'say "asante."'.)
  if (/\.\.\.$|…$|[.!?]["”’]$/.test(s)) return s;
  return endSentence(s.replace(/(?<!\.)\.\s*\.$/, "."));
}

/**
 * A quotation whose closing straight quote came after a space ('call Macbeth "the Scottish play "' → '"the Scottish play"'), where the
 * quotes pair up and the opening one is attached to its first word; the text as it is otherwise.
 */
function tightQuotes(t: string): string {
  if ((t.match(/"/g)?.length ?? 0) % 2 !== 0) return t;
  return t.replace(/(^|\s)"(\S[^"]*?)\s+"(?=[\s.,;:!?]|$)/g, '$1"$2"');
}

/** A count before "of them" or "of those": "206 of them", "two of those". */
const COUNT_OF_THEM =
  /\b(\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-[a-z]+)?|(?:a )?hundred|(?:a )?dozen) of (?:them|those)\b/i;

/** A count that opens a clause as its subject ("Five are …", "About 200 live …"), and the word after it. */
const COUNT_AS_SUBJECT =
  /^((?:(?:about|around|roughly|over|nearly|almost|only|just|exactly|some|at least|more than) )?)(\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|a hundred|hundreds|thousands|dozens) ([a-z]+)\b/i;

/** Whether `word`, after the answer's opening count, is the count's verb: a clause, or a verb before a pronoun ("Two orbit it"). */
function countIsSubject(answer: string, word: string): boolean {
  if (analyzeAnswer(answer).isClause) return true;
  const tokens = tokenizePhrase(answer);
  const at = tokens.findIndex((t) => t.lower === word.toLowerCase());
  return at > 0 && canBeVerb(word.toLowerCase()) && tokens[at + 1]?.pos === "PRON";
}

/**
 * "There are 206 of them." for "How many bones are in the adult human body?": "of them" after the count stands for the noun the question
 * counts ("206 bones"; "one moon" for one).
 */
function withCountedNoun(q: ParsedQuestion, answer: string): string {
  const wh = "wh" in q.frame ? q.frame.wh : undefined;
  if (wh?.measure !== "many" || wh.noun.length === 0 || wh.noun.some((t) => t.lower === "of")) return answer;
  const head = wh.noun[wh.noun.length - 1];
  // (One of them is singular: "one moon".)
  const counted = (count: string) =>
    /^(?:one|1)$/i.test(count) && head.lemma !== head.lower
      ? [...wh.noun.slice(0, -1).map((t) => t.text), head.lemma].join(" ")
      : joinTokens(wh.noun);
  // ("Five are commonly recognized.", "Two orbit it: …": a count as the clause's subject counts the question's noun.)
  const bare = COUNT_AS_SUBJECT.exec(answer);
  if (
    bare &&
    !/^(?:of|more|less|fewer|times|percent|hundred|thousand|million|billion|trillion|dozen)$/i.test(bare[3]) &&
    bare[3].toLowerCase() !== head.lower &&
    countIsSubject(answer, bare[3])
  )
    return `${bare[1]}${bare[2]} ${counted(bare[2])} ${answer.slice(bare[1].length + bare[2].length).trimStart()}`;
  const m = COUNT_OF_THEM.exec(answer);
  // (Only the answer's own count: in "Ten. Two of them are claws." or "7,641 — though only 2,000 of them …", "them" is the counted things.)
  if (
    !m ||
    /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundreds?|thousands?|millions?|billions?|dozens?|several|many)\b/i.test(
      answer.slice(0, m.index),
    )
  )
    return answer;
  return `${answer.slice(0, m.index)}${m[1]} ${counted(m[1])}${answer.slice(m.index + m[0].length)}`;
}

/** An answer that starts by repeating the question ("What is X? X is …"): the repetition removed. */
function withoutEchoedQuestion(last: string, answer: string): string {
  // (?<!…): a run of marks is tried from its start only (linear in a long blank question, issue 22).
  const q = last.replace(/(?<![?.!\s])[?.!\s]+$/u, "");
  if (q.length <= 8 || answer.length < q.length) return answer;
  const a = collapseSpaces(answer);
  if (a.toLowerCase().startsWith(q.toLowerCase())) {
    const rest = a.slice(q.length).replace(/^[\s?.:!,-]+/u, "");
    if (rest !== "") return rest;
  }
  return answer;
}

const memo = new Map<string, Map<string, Reformulation>>();
let memoSize = 0;

/** The last question given and its one-byte copy: a question comes once for each of its answers, often one after the other. */
let lastQuestion = "";
let lastQuestionCopy = "";

/**
 * Turns a question and its answer into one declarative statement, with the rule used and any
 * doubts. Results are memoised: a gold answer recurs for every candidate answer to its question.
 */
export function reformulate(givenQuestion: string, givenAnswer: string): Reformulation {
  // The rules read one-byte copies where the texts allow (see oneByteCopy): the same characters, read faster.
  if (givenQuestion !== lastQuestion) {
    lastQuestion = givenQuestion;
    lastQuestionCopy = oneByteCopy(givenQuestion);
  }
  const question = lastQuestionCopy;
  const answer = oneByteCopy(givenAnswer);
  if (question.length > STATEMENT_MAX_ANALYSED_CHARS || answer.length > STATEMENT_MAX_ANALYSED_CHARS)
    return reformulateUncached(question, answer);
  let byAnswer = memo.get(question);
  const hit = byAnswer?.get(answer);
  if (hit) return hit;
  const r = reformulateUncached(question, answer);
  if (memoSize > 100_000) {
    memo.clear();
    memoSize = 0;
  }
  if (!byAnswer) memo.set(question, (byAnswer = new Map()));
  byAnswer.set(answer, r);
  memoSize++;
  return r;
}

function reformulateUncached(question: string, answer: string): Reformulation {
  const long = unparsableFocus(question);
  if (long) return reformulateLongQuestion(question, answer, long);
  if (answer.length > STATEMENT_MAX_ANALYSED_CHARS) return reformulateLongAnswer(question, answer);
  return reformulateWithin(question, answer);
}

/** A question whose final sentence is too long to parse: "question: answer", flagged. */
function reformulateLongQuestion(question: string, answer: string, focus: { context: string; last: string }): Reformulation {
  const questionType = classifyParsed(question, unparsedQuestion(focus));
  const text = collapseSpaces(answer);
  if (text === "") return { statement: "", questionType, rule: "empty-answer", fallback: false, flagged: true, doubts: ["empty answer"] };
  const statement = finish(`${collapseSpaces(question).replace(/(?<![\s?])[\s?]+$/u, "")}: ${text}`);
  const doubts = [
    `question too long to parse (final sentence of ${focus.last.length} characters, colon form)`,
    ...statementDoubts(question, answer, statement),
  ];
  return { statement, questionType, rule: "question-colon", fallback: true, flagged: true, doubts };
}

/**
 * An answer longer than the bound: the statement is made from its sentences up to the last
 * sentence end within the bound (else its first STATEMENT_MAX_ANALYSED_CHARS characters, cut at
 * a space, flagged), and the rest follows it as later sentences do.
 */
function reformulateLongAnswer(question: string, answer: string): Reformulation {
  const text = answer.trimStart();
  if (text.length <= STATEMENT_MAX_ANALYSED_CHARS) return reformulateWithin(question, text);
  const end = lastSentenceEnd(text, STATEMENT_MAX_ANALYSED_CHARS);
  const at = end > 0 ? end : cutAtSpace(text, STATEMENT_MAX_ANALYSED_CHARS);
  const r = reformulateWithin(question, text.slice(0, at));
  const rest = finishRest(text.slice(at));
  const statement = rest === "" ? r.statement : r.statement === "" ? rest : `${r.statement} ${rest}`;
  const doubts = [
    ...r.doubts.filter((d) => !d.startsWith("ill-formed: ") && !d.startsWith("context: ") && !d.startsWith("reads: ")),
    ...(end > 0 ? [] : [`answer too long (${answer.length} characters, the first ${at} analysed, the rest follows the statement)`]),
    ...statementDoubts(question, answer, statement),
  ];
  return { ...r, statement, flagged: doubts.length > 0, doubts };
}

/** Where to cut text to at most `max` characters: at its last white space, else at `max` (never inside a surrogate pair). */
function cutAtSpace(text: string, max: number): number {
  for (let i = max; i > max / 2; i--) if (/\s/.test(text[i])) return i;
  return /[\ud800-\udbff]/.test(text[max - 1]) ? max - 1 : max;
}

/** The part of a long answer after the analysed one, in a statement's final form ("" when nothing but blank markers and white space). */
function finishRest(rest: string): string {
  const s = finish(rest);
  return s === "." ? "" : s;
}

/** A realized sentence with an adjunct the answer gave after its phrase, at the end ("… won the first Tour de France in 1903"). */
function withAdjunct(r: ReturnType<typeof realize>, adjunct: string, phrase: string): ReturnType<typeof realize> {
  // (An adjunct of several comma parts keeps its commas: "…, with his cousin Timothy Folger, around 1770"; so does one after an
  // answer that is itself an adjunct: "In 1900, at the Paris Games" → "… in the Olympics in 1900, at the Paris Games".)
  // (Not before a year: "In Athens, in 1896" → "… held in Athens in 1896".)
  // (Nor does one after an appositive that ends the statement: "… to Christian Ludwig, Margrave of Brandenburg, in 1721".)
  const closesAppositive = phrase.includes(", ") && r.sentence.replace(/[.!]+$/, "").endsWith(phrase.slice(phrase.lastIndexOf(", ") + 2));
  // (So does an amount said of the answer, not a year or a time: "Nitrogen, about 78 percent" → "… most of the air, about 78 percent";
  // "Vatican City, at about 0.44 square kilometres".)
  // ("with nearly a billion" counts too.)
  const amount =
    /^(?:(?:at|with) )?(?:(?:about|around|roughly|nearly|almost|over|under|up to|some|just|only|more than|fewer than|less than) )?(?:\d|a (?:billion|million|thousand|hundred)\b)/i.test(
      adjunct,
    ) &&
    !/^(?:at|with|about|around) /i.test(phrase) &&
    !saysYearOrTime(adjunct);
  // (So does a place that narrows a place answered: "Paris, on the right bank of the Seine" → "… is in Paris, on the right bank …".)
  // (So does where the thing answered is: "The femur, in the thigh" → "… is the femur, in the thigh".)
  const narrowsPlace =
    (/^wh-inverted:(?:where|prep)\b/.test(r.rule) || (r.rule === "wh-be" && !/^\d/.test(phrase))) &&
    /^(?:in|on|at|near)\s/i.test(adjunct) &&
    !saysYearOrTime(adjunct);
  // (A noun phrase answer keeps the comma it wrote before its adjunct, as annotators who change little keep it: "New Zealand, in 1893" →
  // "New Zealand was the first country …, in 1893"; not one with commas of its own: "René Laennec, a French physician, in 1816".)
  const nounPhraseComma = !/^(?:in|on|at|around|about|during|by|from|after|before|since)\s/i.test(phrase) && !phrase.includes(", ");
  const comma =
    !adjunct.startsWith("(") &&
    (nounPhraseComma ||
      adjunct.includes(",") ||
      // (A reason said with "for": "… the first computer programmer, for her 1843 notes …"; a means or company: ", through …".)
      /^(?:for|through|via|aboard|using) /i.test(adjunct) ||
      closesAppositive ||
      amount ||
      narrowsPlace ||
      (/^(?:in|on|at|around|about|during|by|from|after|before|since)\s/i.test(phrase) &&
        !/^(?:in|on|around|about) (?:\d|the \d)/i.test(adjunct)));
  return { ...r, sentence: `${r.sentence.replace(/[.!]+$/, "")}${comma ? "," : ""} ${adjunct}` };
}

/** Options listed after a colon in a "which of the following" question. */
const LISTED_OPTIONS =
  /^((?:[^?]*\.\s+)?which of (?:the following|these|those)\b[^:?]{3,200}):\s*[^:?]{1,120},[^:?]{1,120}\bor\b[^:?]{1,120}\?\s*$/i;

/** Lettered options after the question's question mark: "? A) gravity B) friction", "? (A) respiration (B) photosynthesis". */
const OPTIONS_AFTER = /^([\s\S]*\?)\s*((?:\(?[A-Ea-e][).]\s*[^()?]+?\s*){2,})$/;
const OPTION = /\(?([A-Ea-e])[).]\s*(.+?)(?=\s*\(?[A-Ea-e][).]\s|\s*$)/g;
const LETTERED_ANSWER = /^\s*\(?([A-Ea-e])(?:[).](?:\s+(.+?))?|\s*\.?)\s*$/;

/** The question without its lettered options and the answer without its letter (the option's words where it gave only the letter). */
function withoutAnswerOptions(question: string, answer: string): { question: string; answer: string } {
  // "Which of the following is a ferromagnetic metal: copper, iron or zinc?": the options after a colon go too.
  const listed = question.length < 2000 ? LISTED_OPTIONS.exec(question) : null;
  if (listed) return { question: `${listed[1]}?`, answer };
  const m = question.length < 2000 ? OPTIONS_AFTER.exec(question) : null;
  if (!m) return { question, answer };
  const options = new Map([...m[2].matchAll(OPTION)].map((o) => [o[1].toUpperCase(), o[2].trim()]));
  if (options.size < 2) return { question, answer };
  const lettered = LETTERED_ANSWER.exec(answer);
  const choice = lettered ? (lettered[2] ?? options.get(lettered[1].toUpperCase())) : answer;
  return { question: m[1], answer: choice ?? answer };
}

/** "Context: … Question: …": the labels a prompt puts before its parts, not words of the question. */
const CONTEXT_LABEL = /^\s*(?:context|passage|background)\s*:\s*(?=\S)/i;
const QUESTION_LABEL = /(?<=[.!?])\s+question\s*:\s*(?=\S)/i;

/** "Most need …" for a question whose verb is "need": the quantifier and the rest of the answer, as "most of them" would give them. */
function quantifierBeforeQuestionVerb(answer: string, q: ParsedQuestion): [string, string, string] | null {
  const m = /^((?:(?:almost|nearly|virtually) )?(?:most|many|some|all|few))\s+([a-z]+)\b([\s\S]*)$/i.exec(answer);
  const verb = q.frame.kind === "wh-inverted" || q.frame.kind === "yes-no" ? q.frame.decl.verb : undefined;
  if (!m || !verb || !verbForms(verb.lemma).includes(m[2].toLowerCase())) return null;
  return [m[0], m[1], `${m[2]}${m[3]}`];
}

/**
 * The question's subject as a plural kind, for "most of them" said of it: a plural as it is ("hummingbirds"), a singular kind with "a"
 * or "an" made plural by the regular rule ("a hummingbird" → "hummingbirds"); undefined for anything else.
 */
function pluralKind(subject: readonly Token[]): string | undefined {
  if (
    subject.length === 0 ||
    !subject.every((t) => t.pos === "NOUN" || t.pos === "ADJ" || (t === subject[0] && /^(?:a|an)$/.test(t.lower)))
  )
    return undefined;
  if (isPluralPhrase(subject) && !/^(?:a|an)$/.test(subject[0].lower)) return joinTokens(subject);
  const noun = subject.at(-1);
  if (!noun || subject.length < 2 || !/^(?:a|an)$/.test(subject[0].lower) || noun.pos !== "NOUN") return undefined;
  const plural = regularPlural(noun.text);
  return plural === undefined ? undefined : [...subject.slice(1, -1).map((t) => t.text), plural].join(" ");
}

/** "Complete the sentence: …", "Fill in the blank: …": an instruction before the words to complete, not one of them. */
const INSTRUCTION_LABEL =
  /^\s*(?:(?:complete|finish) the (?:sentence|statement|saying|phrase|proverb|quote|quotation|idiom|lyrics?|line)|fill in the blanks?)\s*[:.—–-]\s*(?=\S)/i;

/** "What's likely wrong with it?": a wh-word's contracted "is" (spelled out so the parser reads the verb), at a sentence's start. */
const WH_CONTRACTED = /(^|[.!?]\s+)(What|Who|Where|Which|How|Why|When)['’]s(?=\s)/g;

/**
 * The question without the labels of its parts ("Context: Water is heated. Question: What happens?" → "Water is heated. What
 * happens?") or the instruction before a sentence to complete, and with a wh-word's "'s" spelled out.
 */
function withoutPartLabels(question: string): string {
  const labelled = CONTEXT_LABEL.test(question) ? question.replace(CONTEXT_LABEL, "").replace(QUESTION_LABEL, " ") : question;
  const instructed = INSTRUCTION_LABEL.test(labelled) ? labelled.replace(INSTRUCTION_LABEL, "") : labelled;
  return instructed.includes("'s") || instructed.includes("’s") ? instructed.replace(WH_CONTRACTED, "$1$2 is") : instructed;
}

const HEDGE_AUX = /^(?:is|are|was|were|will|would|can|could|should|may|might|must|has|have|had)$/;

/** Marks that end the main clause ("It usually takes about five weeks — the route is …"). */
const MAIN_CLAUSE_END = new Set([",", "—", "–", ";", ":"]);
/** Words that open a clause after the main one: a hedge before them belongs to the main clause. */
const CLAUSE_AFTER_MAIN = new Set(["because", "since", "although", "though", "whereas", "unless"]);

/**
 * The statement with the answer's hedge on its verb ("The pyramids were probably built …", "There are probably …", "Homer probably
 * composed …"): after the main clause's first auxiliary, or before the question's verb where that comes first, else before the first
 * verb; undefined when the statement has none of them.
 */
/** An adverb of how often (HOW_OFTEN_ADVERBS): one said by the answer replaces one the question said. */
const HOW_OFTEN = new RegExp(`^(?:${HOW_OFTEN_ADVERBS.join("|")})$`);

function withHedge(sentence: string, hedge: string, verbForms: ReadonlySet<string>): string | undefined {
  const t = tokenizePhrase(sentence);
  // In the main clause, before its first comma, dash or reason ("Cats probably have slit-shaped pupils because a slit can …"); the
  // question's verb in any of its forms, whatever its tag ("wove/NOUN").
  const end = t.findIndex((x, k) => MAIN_CLAUSE_END.has(x.text) || (k > 0 && CLAUSE_AFTER_MAIN.has(x.lower)));
  const main = (k: number) => k > 0 && (end < 0 || k < end);
  // (After "is" rather than before a participle in the subject: "The oldest known musical instrument is most likely …".)
  // ("has" before its object is the main verb, not an auxiliary: "An adult human usually has 32 teeth.")
  const auxiliary = (k: number) =>
    HEDGE_AUX.test(t[k].lower) &&
    !(
      /^ha[sdv]e?$/.test(t[k].lower) &&
      // (A strong participle counts: "has won"; not a base form the tagger calls a verb: "have slit-shaped pupils".)
      !(
        t[k + 1]?.pos === "VERB" &&
        (/(?:ed|en|wn)$/.test(t[k + 1].lower) || (t[k + 1].lemma !== t[k + 1].lower && pastParticiple(t[k + 1].lemma) === t[k + 1].lower))
      )
    );
  const aux = t.findIndex((_, k) => main(k) && auxiliary(k));
  // (The question's verb wherever it is: "A mix of drought, invasions and earthquakes caused …".)
  const named = t.findIndex((x, k) => k > 0 && verbForms.has(x.lower));
  const verb = named >= 0 && (aux < 0 || named < aux) ? named : t.findIndex((x, k) => main(k) && x.pos === "VERB");
  if (aux < 0 && verb < 0) return undefined;
  // (Before the adverbs that lead up to the verb: "Catalan mapmakers probably first drew …".)
  // (An auxiliary after the question's verb is a later clause's: "… used honey … before sugar was common".)
  const onAux = aux >= 0 && !(named >= 0 && named < aux);
  // (Before a negated auxiliary other than be: "A car usually won't start", "… probably cannot …"; after be: "is probably not".)
  // (A contraction keeps its two halves together: "Pluto probably isn't a planet".)
  const negatedAux =
    onAux && (t[aux + 1]?.lower === "n't" || (t[aux + 1]?.lower === "not" && !/^(?:is|are|was|were|am)$/.test(t[aux].lower)));
  let at = negatedAux ? aux : onAux ? aux + 1 : verb;
  while (!onAux && at > 1 && (t[at - 1].pos === "ADV" || t[at - 1].lower === "first")) at--;
  // (Before a negated "do" or a contraction: "Woodpeckers probably don't get brain damage", "A car usually won't start".)
  if (!onAux && at > 2 && /^(?:not|n't)$/.test(t[at - 1].lower) && (/^(?:do|does|did)$/.test(t[at - 2].lower) || t[at - 1].lower === "n't"))
    at -= 2;
  // (After the question's "be" found past the subject's comma phrase: "Tokyo, with 37 million people, is probably the largest city".)
  if (!onAux && at === named && /^(?:is|are|was|were|am)$/.test(t[at].lower) && t[at + 1]?.lower !== "n't") at++;
  const word = { ...t[at], text: hedge, lower: hedge, lemma: hedge, pos: "ADV" as const, pre: " " };
  // ("How long do dogs typically live?" + "Usually 10 to 13 years": the answer's word of how often takes the question's place.)
  if (HOW_OFTEN.test(hedge) && HOW_OFTEN.test(t[at].lower)) return joinTokens([...t.slice(0, at), word, ...t.slice(at + 1)]);
  // ("What was it likely to be?" + "Most likely an echidna": the hedge says the question's likelihood, "was most likely an echidna".)
  if (
    /^(?:(?:most |very |quite )?likely|probably|possibly|perhaps|almost certainly)$/i.test(hedge) &&
    t[at]?.lower === "likely" &&
    t[at + 1]?.lower === "to" &&
    t[at + 2]?.lower === "be"
  )
    return joinTokens([...t.slice(0, at), word, { ...t[at + 3], pre: " " }, ...t.slice(at + 4)]);
  return joinTokens([...t.slice(0, at), word, { ...t[at], pre: " " }, ...t.slice(at + 1)]);
}

/** The forms of the question's main verb ("weave": weave, weaves, wove, woven). */
function questionVerbForms(q: ParsedQuestion): Set<string> {
  const f = q.frame;
  const verb = f.kind === "wh-inverted" || f.kind === "yes-no" ? f.decl.verb : f.kind === "wh-subject" ? f.predicate[0] : undefined;
  if (!verb) return new Set();
  return new Set([verb.lower, ...verbForms(verb.lemma)]);
}

/**
 * "What caused the Bronze Age collapse?" + "Probably a combination of factors: …" → "The Bronze Age collapse was probably caused by a
 * combination of factors: …": a hedged cause is said in the passive, the hedge on its verb, the long phrase last. Undefined for any other
 * question or a clause answer.
 */
function causedBy(q: ParsedQuestion, hedged: { hedge: string; rest: string }): string | undefined {
  const f = q.frame;
  if (f.kind !== "wh-subject" || f.wh.word !== "what" || f.wh.noun.length > 0) return undefined;
  const verb = f.predicate[0]?.lower;
  if (verb !== "caused" && verb !== "causes" && verb !== "cause") return undefined;
  // (A hedge of likelihood, not of frequency: "Usually pressure on a nerve" → "Pressure on a nerve usually causes …".)
  if (!/^(?:probably|possibly|perhaps|likely|most likely|almost certainly)$/.test(hedged.hedge)) return undefined;
  const object = f.predicate.slice(1).filter((t) => t.pos !== "PUNCT");
  if (object.length === 0 || object.some((t) => t.pos === "VERB" || t.pos === "AUX") || analyzeAnswer(hedged.rest).isClause)
    return undefined;
  const plural = isPluralPhrase(object);
  const be = verb === "caused" ? (plural ? "were" : "was") : plural ? "are" : "is";
  return `${capitalize(joinTokens(object))} ${be} ${hedged.hedge} caused by ${midSentence(hedged.rest.replace(/[.!]+$/, ""))}.`;
}

/** The first sentence of a statement after the question's context it copies (with the context's question marks made periods). */
function ownFirstSentence(statement: string, q: ParsedQuestion): string {
  const context = statedContext(q.context);
  const own = context && statement.startsWith(context) ? statement.slice(context.length).trimStart() : statement;
  return own.split(/(?<=[.!?])\s+/)[0];
}

/** The reformulation with its sentence replaced by the hedged one, checked again as it now reads. */
function withHedgedSentence(
  r: Reformulation,
  asked: string,
  hedged: { hedge: string; rest: string },
  sentence: string,
  kept: string,
): Reformulation {
  const statement = r.statement.replace(sentence, kept);
  const doubts = [...new Set([...r.doubts, ...statementDoubts(asked, `${hedged.hedge} ${hedged.rest}`, statement)])];
  return { ...r, statement, flagged: doubts.length > 0, doubts };
}

/** The statement of the answer after its hedge, the hedge put back on the verb of the answer's own sentence (or flagged as dropped). */
function withHedgeKept(asked: string, hedged: { hedge: string; rest: string }): Reformulation {
  const r = reformulateWithin(asked, hedged.rest);
  const q = parseQuestion(withoutPartLabels(asked));
  const sentence = ownFirstSentence(r.statement, q);
  const caused = causedBy(q, hedged);
  if (caused) {
    const statement = r.statement.replace(sentence, caused);
    const doubts = statementDoubts(asked, `${hedged.hedge} ${hedged.rest}`, statement);
    return { ...r, statement, rule: "wh-subject:caused-by", flagged: doubts.length > 0, doubts };
  }
  // ("What is the most likely cause?" + "Most likely the yeast was dead …": the question says the hedge already.)
  if (new RegExp(`\\b${hedged.hedge}\\b`, "i").test(q.final)) return r;
  // (An answer's own clause to a yes/no question keeps the hedge where it opened it: "Technically, tomatoes are fruits, because …".)
  const opening =
    r.rule === "yes-no:clause"
      ? `${capitalize(hedged.hedge)}, ${/^[a-z]/.test(hedged.rest) ? sentence[0].toLowerCase() + sentence.slice(1) : sentence}`
      : undefined;
  const kept = q.frame.kind === "yes-no" ? opening : withHedge(sentence, hedged.hedge, questionVerbForms(q));
  if (kept) return withHedgedSentence(r, asked, hedged, sentence, kept);
  return { ...r, flagged: true, doubts: [...r.doubts, `answer words dropped: "${hedged.hedge}"`] };
}

/** A negated auxiliary ("is not", "does not", "can't"): the hedge goes after be ("is probably not"), before the others ("probably cannot"). */
const NEGATED_AUX =
  /\b(?:(do|does|did|can|could|will|would|should|must|may|might|has|have|had)|(is|are|was|were))( not|n't|(?<=can)not)\b/i;

/**
 * A hedged yes or no ("Probably not. For most people, …") to a yes/no question: the statement of the plain yes or no with the hedge
 * on its verb ("Coffee is probably not bad for the heart."), or undefined when the question is not yes/no or no verb takes it.
 */
function withHedgedPolarity(asked: string, hedged: { hedge: string; rest: string }): Reformulation | undefined {
  const q = parseQuestion(withoutPartLabels(asked));
  if (q.frame.kind !== "yes-no") return undefined;
  const no = /^(?:not|no)\b/i.test(hedged.rest);
  // ("Probably not. For most people, …": the later sentences follow the statement of the plain "No".)
  const said = /^(?:not|no|yes)\b[.!]\s+(?=\S)/i.exec(hedged.rest);
  // ("Probably not for long — …": a limited no reads as it stands, the hedge then goes on its verb.)
  // ("Probably not permanently." so: its adverb stays on the "not", as in "Not permanently.")
  const limited =
    /^not (?:for|in|on|at|since|until|after|before|during|within|without|unless|if|when)\s/i.test(hedged.rest) ||
    SOFTENED_NOT.test(hedged.rest);
  const r0 = reformulateWithin(
    asked,
    limited ? hedged.rest : no ? `No${said ? "" : hedged.rest.replace(/^\w+/, "")}` : said ? "Yes" : hedged.rest,
  );
  const r = said ? { ...r0, statement: `${r0.statement} ${hedged.rest.slice(said[0].length).trim()}` } : r0;
  const sentence = ownFirstSentence(r.statement, q);
  const negated = no ? NEGATED_AUX.exec(sentence) : null;
  if (no && !negated) return undefined;
  // ("Ideally not." → "… should ideally not be repotted": an adverb of what is best goes after a modal, as after "be".)
  const afterModal = negated?.[1] !== undefined && /^(?:ideally|preferably)$/.test(hedged.hedge) && !/^(?:do|does|did)$/i.test(negated[1]);
  const kept = negated
    ? sentence.slice(0, negated.index) +
      (negated[1] && !afterModal
        ? `${hedged.hedge} ${negated[0]}`
        : `${negated[1] ?? negated[2]} ${hedged.hedge}${negated[3] === "n't" || negated[3] === "not" ? " not" : negated[3]}`) +
      sentence.slice(negated.index + negated[0].length)
    : withHedge(sentence, hedged.hedge, questionVerbForms(q));
  return kept ? withHedgedSentence(r, asked, hedged, sentence, kept) : undefined;
}

/**
 * "Nitrogen makes up about 78 percent of it." for "Which gas makes up most of the Earth's atmosphere?": a portion "of it" (or "of
 * them") stands for what the question's portion is of ("of the Earth's atmosphere"); the sentence as it is otherwise.
 */
function withPortionOf(sentence: string, question: string): string {
  const pronoun = PORTION_OF_PRONOUN.exec(sentence);
  if (!pronoun) return sentence;
  const whole = PORTION_OF_WHOLE.exec(question.trim());
  if (!whole || sentence.toLowerCase().includes(whole[1].toLowerCase())) return sentence;
  const at = pronoun.index + pronoun[0].length - pronoun[1].length;
  return `${sentence.slice(0, at)}${whole[1]}${sentence.slice(at + pronoun[1].length)}`;
}
const PORTION_OF_PRONOUN = /\b(?:percent|per cent|%|most|much|all|half|a quarter|a third|part|the majority|the rest) of (it|them)\b/i;
const PORTION_OF_WHOLE =
  /\b(?:most|much|all|half|part|percent|per cent|%|the majority|what fraction|what share) of ((?:the |a |an )?[^?,]{3,60}?)\s*\?$/i;

/**
 * "Chicago had the first: …" for "In which city was the first skyscraper built?": a superlative or ordinal the statement leaves without
 * a noun, before a stop, a colon or a dash, gets the one the question gives it ("the first skyscraper"); the sentence as it is otherwise.
 */
function withSuperlativeNoun(sentence: string, question: string): string {
  // "Which country was the first to give women the vote?" + "New Zealand." → "… was the first country to give …": the which-noun
  // after an ordinal the predicate says without it.
  const ordinal = /^\s*(?:which|what) ([a-z]{3,}) (?:was|were|is|are) the (first|last|only|second|third) to\b/i.exec(question);
  if (ordinal && !/^(?:one|ones|of)$/.test(ordinal[1])) {
    const bare = cachedRegExp(`\\bthe ${ordinal[2]} to\\b`, "i").exec(sentence);
    if (bare) return `${sentence.slice(0, bare.index)}the ${ordinal[2]} ${ordinal[1]} to${sentence.slice(bare.index + bare[0].length)}`;
  }
  const cut = /\bthe (\w+est|first|last)(?=\s*[—–,.;:]|\s+by far\b|\s*$)/i.exec(sentence);
  if (!cut) return sentence;
  const named = cachedRegExp(`\\bthe ${cut[1]} (?!of\\b|in\\b|to\\b|on\\b|at\\b|for\\b|and\\b|or\\b|one\\b|time\\b)([a-z]+)\\b`, "i").exec(
    question,
  );
  if (!named || !/^[a-z]+$/.test(named[1]) || (canBeVerb(named[1]) && !/s$/.test(named[1]) && isVerbFirst(named[1]))) return sentence;
  const at = cut.index + cut[0].length;
  // (With the place that ends the question, where the sentence lacks it: "the longest river in the world".)
  const place =
    /^ (?:in|on) (?:the |our )?[A-Za-z ]{2,30}(?=\s*\?\s*$)/.exec(question.slice((named.index ?? 0) + named[0].length))?.[0] ?? "";
  const said = place !== "" && sentence.toLowerCase().includes(place.toLowerCase());
  return `${sentence.slice(0, at)} ${named[1]}${said ? "" : place}${sentence.slice(at)}`;
}

/**
 * The statement with a hedge the question already says dropped where the answer says it again ("Which nutrient is the crop most likely
 * lacking?" + "It's most likely nitrogen." → "… is most likely lacking nitrogen").
 */
function saidOnce(sentence: string, question: string): string {
  const twice = HEDGE_SAID_TWICE.exec(sentence);
  if (!twice || !new RegExp(`\\b${twice[1]}\\b`, "i").test(question)) return sentence;
  return `${sentence.slice(0, twice.index)}${twice[1]}${twice[2]}${sentence.slice(twice.index + twice[0].length)}`;
}

/**
 * "To make my phone battery last longer, …" for "How can I make my phone battery last longer?": the asker's "my" becomes "a" in a
 * statement that says it of anyone (issue 23 part 1), unless the sentence keeps the asker's "I" or the answer says "my" itself. Parts
 * of the body take "the": the asker's ("Where is my pancreas?" → "The pancreas …", with the answer's "your stomach" → "the stomach"),
 * and the one a short answer names as the reader's ("Your skin!" → "… is the skin").
 */
function impersonal(given: string, answer: string, question: string): string {
  // "Which vitamin can your skin make from sunlight?", "Is coffee bad for your heart?": a question's "your" before a part of the body
  // asks of anyone's ("The skin can make vitamin D …", "… bad for the heart"), where the asker says nothing of themselves; not the
  // reader's own doing ("How long should you brush your teeth?", "Is it OK to eat sushi with your hands?").
  const yourAt = question.search(/\b[Yy]our\b/);
  const yours =
    yourAt >= 0 &&
    /\?\s*$/.test(question) &&
    !/\b(?:I|I'm|I've|my|me|we|our)\b/i.test(question) &&
    !/\b(?:you|to)\b|\b[a-z]{3,}ing $/i.test(question.slice(0, yourAt));
  const everyone = yours
    ? withBodyPartsAnyones(given, (owner, side, noun) => owner === "y" && cachedRegExp(`\\byour ${side}${noun}\\b`, "i").test(question))
    : given;
  // (Not where the sentence keeps another "your": "Your circulatory system makes sure that the tips of your toes …".)
  if (everyone !== given && !/\b[Yy]our\b/.test(everyone.split(/(?<=[.!?])\s+/)[0])) return everyone;
  // ("What is the largest organ of the human body?" + "Your skin!": the part of the body the answer names as the reader's is anyone's.)
  const named = /^\s*[Yy]our ((?:(?:left|right|upper|lower|inner|outer) ){0,2}[a-z]+)\b/.exec(answer);
  if (named && BODY_PARTS.has(named[1].split(" ").at(-1) ?? "") && !/\b(?:you|your|yours|I|my|me)\b/i.test(question)) {
    const at = given.search(new RegExp(`\\b[Yy]our ${named[1]}\\b`));
    if (at >= 0) return `${given.slice(0, at)}${given[at] === "Y" ? "The" : "the"}${given.slice(at + 4)}`;
  }
  if (!/\b[Mm]y\b/.test(given) || /\b(?:I|I'm|me)\b/.test(given) || /\b[Mm]y\b/.test(answer)) return given;
  // ("Where is my pancreas?" + "Deep in your upper abdomen, behind your stomach": where the asker asks of a part of the body, parts of the
  // body are everyone's, "the pancreas … the upper abdomen … the stomach".)
  const sentence = asksOfBodyPart(given)
    ? withBodyPartsAnyones(given, (owner, _side, noun) => owner === "y" || !PLURAL_BODY_PARTS.has(noun))
    : given;
  // ("my roses" → "roses", "my running shoes" → "running shoes", "my checked luggage" → "checked luggage": a plural or a mass noun
  // takes no article.)
  // (Not inside quotes: "like 'tease my ears' for 'ease my tears'" quotes someone's words.)
  const quoted = [...sentence.matchAll(QUOTATION)].map((q) => [q.index ?? 0, (q.index ?? 0) + q[0].length] as const);
  const inQuotes = (at: number) => quoted.some(([from, to]) => at > from && at < to);
  return sentence.replace(
    /\b([Mm])y (\S)([\p{L}'’-]*)((?: [\p{L}'’-]+)?)/gu,
    (whole: string, m: string, next: string, more: string, after: string, at: number) =>
      inQuotes(at)
        ? whole
        : // ("my best chance" → "the best chance": a superlative is the one, whoever's it is.)
          /^(?:best|worst|first|last|only|[a-z]+est)$/i.test(next + more)
          ? `${m === "M" ? "The" : "the"} ${next}${more}${after}`
          : takesNoArticle(next + more, after.trim(), /^\s+[a-z]/.test(sentence.slice(at + whole.length)))
            ? `${m === "M" ? next.toUpperCase() : next}${more}${after}`
            : `${m === "M" ? capitalize(indefiniteArticle(next + more)) : indefiniteArticle(next + more)} ${next}${more}${after}`,
  );
}

const PLURAL_ENDING = /[^su'’]s$/;
/** "my" or "your" before a part of the body, with a side ("your upper abdomen"). */
const BODY_PART_OWNED = /\b([MmYy])(?:y|our) ((?:(?:left|right|upper|lower|inner|outer|middle|front|back) ){0,2})([a-z]+)\b/g;
/** Plural parts of the body: the asker's "my eyes" stays without an article ("Eyes water …"). */
const PLURAL_BODY_PARTS = wordSet(
  "eyes ears lips teeth gums shoulders arms elbows wrists hands fingers thumbs nails hips legs thighs knees ankles feet toes heels lungs",
  "kidneys bowels intestines ribs ovaries pupils eardrums sinuses tonsils eyelids",
);
/** Parts of the body, which "the" names for anyone ("the pancreas", "the upper abdomen"). */
const BODY_PARTS = wordSet(
  "head hair face forehead eye eyes eyelid eyelids ear ears nose mouth lip lips tongue tooth teeth gum gums jaw neck throat shoulder",
  "shoulders arm arms elbow elbows wrist wrists hand hands finger fingers thumb thumbs nail nails chest breast back spine stomach belly",
  "abdomen waist hip hips leg legs thigh thighs knee knees ankle ankles foot feet toe toes heel heels skin brain heart lung lungs liver",
  "kidney kidneys pancreas spleen gallbladder bladder bowel bowels intestine intestines colon appendix thyroid hippocampus cortex skull",
  "ribs pelvis uterus womb prostate ovary ovaries retina cornea pupil pupils iris eardrum eardrums sinuses tonsils larynx oesophagus",
  "esophagus trachea windpipe diaphragm cerebellum amygdala hypothalamus pituitary body bloodstream gut",
);
/**
 * `s` with "my" or "your" before a part of the body said as "the" ("your skin" → "the skin"), where `anyones` says so of its owner's
 * first letter ("m" or "y", lower-cased), its side words and its noun.
 */
function withBodyPartsAnyones(s: string, anyones: (owner: string, side: string, noun: string) => boolean): string {
  return s.replace(BODY_PART_OWNED, (whole: string, m: string, side: string, noun: string) =>
    BODY_PARTS.has(noun) && anyones(m.toLowerCase(), side, noun) ? `${m === m.toUpperCase() ? "The" : "the"} ${side}${noun}` : whole,
  );
}

/** Whether `s` says the asker's own part of the body, in the singular ("my pancreas", "my left knee"; not "my eyes"). */
function asksOfBodyPart(s: string): boolean {
  for (const m of s.matchAll(/\b[Mm]y (?:(?:left|right|upper|lower) )?([a-z]+)\b/g))
    if (BODY_PARTS.has(m[1]) && !PLURAL_BODY_PARTS.has(m[1])) return true;
  return false;
}

/** Words after a noun that are not a noun it modifies. */
const NOT_HEAD = wordSet(
  "and but the with from into onto over under after before during without every each than that this then when while because since until",
);

/** Whether the noun phrase starting `word` (`next` the word after it) is a plural or a mass noun: "roses", "running shoes", "luggage". */
function takesNoArticle(word: string, next: string, followed: boolean): boolean {
  if (PLURAL_ENDING.test(word) && word.length > 2) return true;
  const lower = word.toLowerCase();
  // (A mass noun before a noun that is not a verb is that noun's modifier: "my wool jumper" → "a wool jumper".)
  if (isUncountable(lower))
    // ("my electricity bill measured …" → "an electricity bill": a noun that can be a verb but is read first as a noun, with words after it,
    // is the head; "my milk curdle?" ends with the question's verb.)
    return !(
      /^[a-z]{3,}$/.test(next) &&
      !PLURAL_ENDING.test(next) &&
      !/ed$/.test(next) &&
      (!canBeVerb(next) || (followed && !isVerbFirst(next))) &&
      !canBeAdjective(next) &&
      !NOT_HEAD.has(next)
    );
  // A modifier, then the noun: "running shoes", "indoor plants", "checked luggage", "garden tools" (after a noun, a word in -s is a
  // plural only where the lexicon says so: "my dog bites").
  if (!/^[a-z]+$/.test(next) || next.length <= 3) return false;
  const describes = /(?:ing|ed)$/.test(lower) || canBeAdjective(lower);
  return (PLURAL_ENDING.test(next) && (describes || looksPlural(next))) || (describes && isUncountable(next));
}

/**
 * "Nobody knows for sure, but …", "No one's totally sure, but …", "Scientists aren't entirely sure. …", "It's unclear.": an answer that says the
 * question has no sure answer, then its guess or its later sentences.
 */
const UNKNOWN_OPENER =
  /^((?:(?:nobody|no one|no-one)(?:['’]s| is)? (?:knows|really knows|(?:totally|entirely|completely|fully|really|quite|exactly|100%) (?:sure|certain)|sure|certain)|(?:scientists|researchers|experts|historians|biologists|we) (?:aren['’]t|are not|don['’]t|do not) (?:yet )?(?:entirely |completely |really |fully |quite |totally )?(?:sure|certain|know)|(?:it(?:['’]s| is) )?(?:not (?:entirely |fully |completely |totally |really |yet )?clear|unclear)|it(?:['’]s| is) (?:hard|difficult|impossible) to say|it(?:['’]s| is) (?:a bit |rather |quite |a little )?(?:complicated|tricky|debated|disputed|contested))(?: (?:for sure|for certain|exactly|precisely|yet))?)(?:,\s+but\s+(\S[\s\S]*)|[.!;]\s+(\S[\s\S]*)|\s+([—–]\s+\S[\s\S]*)|[.!]?\s*$)/i;

/**
 * "There are five: 1. France …", "There are two — Phobos and Deimos.": a count, then its list after a colon or dash, then more sentences
 * (not the count's own noun: "There are 206 bones.").
 */
const THERE_ARE_COUNT =
  /^there (?:are|were) (\d[\d,]*|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|[a-z]+ty(?:-[a-z]+)?)(\s*[:—–]\s*[^.!]+)?(?:[.!]?$|[.!]\s+(\S[\s\S]*)$)/i;
/** "List the countries that border Switzerland.", "Name all the planets with rings.": what the count counts. */
const LIST_REQUEST = /^(?:list|name)(?: all)? the (\S[\s\S]*)$/i;

/** "How much does a troy ounce weigh in grams?": a measure question that names its unit at the end. */
const UNIT_ASKED = /^(how (?:much|many|long|far|tall|high|big|heavy|old|deep|wide|fast|hot|cold|large)\b.*?)\s+in\s+([a-z]+)\s*\?\s*$/i;

/**
 * The unit a measure question asks in ("… in grams?") said once, with the number: the question without it where the answer says it
 * ("About 31.1 grams"), and a bare number answer with it ("About 330" → "About 330 metres").
 */
function withUnitAnswered(question: string, answer: string): { question: string; answer: string } {
  const m = UNIT_ASKED.exec(question);
  // ("How many points is the bullseye worth in darts?": a count of a noun the question names is in no unit.)
  if (!m || m[2].length < 3 || /^how many (?!(?:do|does|did|is|are|was|were|can|will|would|should|has|have)\b)[a-z]+/i.test(m[1]))
    return { question, answer };
  const unit = m[2].toLowerCase().replace(/(?:es|s)$/, "");
  if (new RegExp(`\\d\\s*${unit}`, "i").test(answer)) return { question: `${m[1]}?`, answer };
  const bare = /^((?:about |around |roughly |approximately |nearly |over |just |almost )?\d(?:[\d,]|\.(?=\d))*)([.!]?)$/i.exec(
    answer.trim(),
  );
  return bare ? { question: `${m[1]}?`, answer: `${bare[1]} ${m[2]}${bare[2]}` } : { question, answer };
}

/** A source before a phrase answer: "According to most historians, Augustus.", "According to Escoffier: …". */
const SOURCE_BEFORE_PHRASE =
  /^((?:according to|by most accounts|in most accounts)\b[^,.;:!?]{0,60}|as far as (?:I|we|anyone|anybody) (?:know|knows|can tell))[,:]\s+(\S[\s\S]*)$/i;

/** A count and "in total" ("21 in total", "about 206 altogether"), then what the answer adds. */
const COUNT_IN_TOTAL =
  /^((?:about |around |roughly |over |nearly |exactly |just )?(?:\d[\d,.]*|[a-z]+(?:-[a-z]+)?)) (in total|altogether|in all)\b\s*([\s\S]*)$/i;

/** A count, said alone or as "there are …", before a colon and a list: "There are three: …", "Six of them: …". */
const COUNT_BEFORE_LIST =
  /^(?:there (?:are|were) )?(two|three|four|five|six|seven|eight|nine|ten|\d+)(?: (?:of them|main ones|kinds|types|parts|stages|steps))?:\s+(\S[\s\S]*)$/i;

/** Frequency adverbs among the hedges: on the verb of a question's statement ("Owls usually hunt at night."). */
const FREQUENCY_ADVERB = /^(?:usually|typically|generally|normally|often)$/;

/** A focusing adverb before a phrase answer ("Mostly by …", "Partly the big power users"); not before yes or no. */
const FOCUS_BEFORE_PHRASE = /^(mostly|mainly|largely|primarily|chiefly|partly|especially)\s+(?!(?:yes|no|not)\b)(\S[\s\S]*)$/i;

/**
 * "For most healthy adults, up to about 400 mg, …", "For an earlobe, usually six to eight weeks, …": the case the reply is about (not a
 * name and its relative clause: "For Count Franz von Walsegg, who commissioned it …").
 */
const CASE_THEN_REPLY =
  /^(for (?!example\b|instance\b|one thing\b|starters\b|now\b|sure\b|the most part\b)[^,;:!?—–.]{3,60}),\s+(?!(?:who|which|whose|whom|where|when|that)\b)(\S[\s\S]*)$/i;

/**
 * "If the race is long enough, yes — …", "If you start from Saint-Jean, usually about five weeks — …": a condition the answer puts before
 * a reply that is not a clause of its own; the statement of the reply follows the condition.
 */
const CONDITION_THEN_REPLY = /^((?:if|when|once|unless|as long as|provided(?: that)?|assuming)\s[^,;:!?—–.]{3,150}),\s+(\S[\s\S]*)$/i;

/** "Despite the name, 116 years": a concession before the reply, which opens the statement. */
const CONCESSION_THEN_REPLY = /^((?:despite|in spite of|notwithstanding)\s[^,;:!?—–.]{3,60}),\s+(\S[\s\S]*)$/i;

/** "On a building site, they cut …": a phrase of place or time, then a clause whose subject is a pronoun. */
const FRONTED_PHRASE_THEN_PRONOUN =
  /^((?:on|in|at|during|after|before|with|under|over|across|throughout|outside|inside|from|since|until|by|as an?|despite|in spite of) [^,;:!?—–.]{2,60}),\s+((?:they|it|he|she)\s[\s\S]*)$/i;

/** "When they start to fall, their inner ear …": a fronted clause opened by a subordinator, then the answer's main clause. */
const FRONTED_CLAUSE =
  /^((?:if|when|whenever|once|as soon as|after|before|while|until|although|though)\s+)([^,;:!?—–.]{3,120}),\s+(\S[\s\S]*)$/i;
/** A clause's pronoun subject (with a contracted "is" or "are"), then the rest of the clause. */
const PRONOUN_SUBJECT = /^(they|it|he|she)(['’]s|['’]re)?(?=\s)/i;

/**
 * `clause` with its pronoun subject replaced by `said`, the words of the noun phrase `subject`, where the pronoun can stand for it
 * ("they" for a plural, "it", "he" or "she" for a singular); undefined where the clause opens with no such pronoun.
 */
function withSubjectFor(clause: string, subject: readonly Token[], said: string): string | undefined {
  const m = PRONOUN_SUBJECT.exec(clause);
  if (!m || (m[1].toLowerCase() === "they") !== isPluralPhrase(subject)) return undefined;
  const be = m[2] ? (/r/i.test(m[2]) ? " are" : " is") : "";
  return `${said}${be}${clause.slice(m[0].length)}`;
}

/** "In a single nest, around 100 — …": a phrase of place or time before an amount, which the statement keeps in front. */
const PLACE_THEN_AMOUNT =
  /^((?:in|on|at|during|per|over|across) [^,;:!?—–.]{2,60}),\s+((?:(?:usually|typically|generally|normally|often|probably) )?(?:(?:about|around|roughly|approximately|nearly|almost|over|up to|more than|at least|just|only) )?\d[\s\S]*)$/i;

/** "In a vacuum, …", "At sea level, …", "In painting, …": a phrase of a common noun (no name, no number) that says the case, then the reply. */
const CASE_PHRASE_THEN_REPLY =
  /^((?:[Ii]n|[Aa]t|[Oo]n|[Uu]nder) (?:(?:a|an|the) )?(?![a-z]+ly\b)[a-z][a-z-]*(?: [a-z][a-z-]*){0,2}),\s+(?!(?:who|which|whose|whom|where|when|that|it|they|he|she)\b)(\S[\s\S]*)$/;

/**
 * The statement of an answer to "Which is heavier, A or B?": the option it picks compared with the other ("A golf ball is heavier than a
 * table tennis ball, by a long way"), or neither ("Neither a kilogram of feathers nor a kilogram of steel is heavier — …"); undefined for
 * another question or an answer that picks no option.
 */
function comparedChoice(asked: string, answer: string): string | undefined {
  const c = comparison(asked.trim());
  if (!c) return undefined;
  const { verb, degree, first, second } = c;
  const neither = /^neither(?: (really|exactly|quite))?\b[.!]?/i.exec(answer.trim());
  // ("The Goliath birdeater is much bigger.": the answer's own "is" and comparative, with its degree word.)
  const restated = verb === "" ? escapeRegExp(degree) : `(?:is|was|are|were) (?:(?:${DEGREE_WORDS}) )?${degree}`;
  const picked = neither ? { index: -1, rest: answer.trim().slice(neither[0].length) } : pickedOption(answer, [first, second], restated);
  if (!picked) return undefined;
  // (The answer's exclamation ends the statement's sentence with a stop: "…, just barely! The largest …".)
  const rest = picked.rest.replace(/^([^.!?]*)!(?=\s|$)/, "$1.");
  if (picked.index < 0) {
    const verbThen = verb === "" ? "" : `${verb} `;
    if (verb === "") return undefined;
    return `Neither ${first} nor ${second} ${verbThen}${neither?.[1] ? `${neither[1].toLowerCase()} ` : ""}${degree}${rest}`;
  }
  const [chosen, other] = picked.index === 0 ? [first, second] : [second, first];
  // (The question's "is" agrees with a plural option: "Tigers are bigger than lions", "Bath's Roman baths are older …".)
  const plural = isPluralPhrase(tokenizePhrase(chosen));
  const said = plural ? ({ is: "are", was: "were" } as Record<string, string>)[verb.toLowerCase()] : undefined;
  const verbThen = verb === "" ? "" : `${said ?? verb} `;
  const much = picked.restated ? cachedRegExp(` (${DEGREE_WORDS}) `, "i").exec(picked.restated)?.[1] : undefined;
  // (The question's -s form agrees with a plural option: "Lentils have more fibre than chickpeas".)
  const [head, ...tail] = degree.split(" ");
  const agreed = verb === "" && /[^s]s$/.test(head) && plural ? [tokenizePhrase(head)[0]?.lemma ?? head, ...tail].join(" ") : degree;
  return `${capitalize(chosen)} ${verbThen}${much ? `${much.toLowerCase()} ` : ""}${agreed} than ${other}${rest}`;
}

/** "Which is heavier, a golf ball or a table tennis ball?": the verb, the comparative and the two options. */
const COMPARED_CHOICE =
  /^(?:which|what)(?:['’](s)| (is|was|are|were)) ((?:more|less) [a-z]+|[a-z]+er)[,:] ((?:the |a |an )?[^,?]{2,60}?) or ((?:the |a |an )?[^,?]{2,60}?)\s*\?$/i;

/** "Which uses more power, an electric kettle or a LED bulb?": a verb's -s or past form and its comparative, then the two options. */
const COMPARED_BY_VERB =
  /^(?:which|what) ([a-z]+(?:s|ed)|grew|ran|flew|swam|held|kept|won|lost|came|went|took|made|sold|spent|cost|had) ((?:[a-z]+ ){0,2}?(?:more|less|fewer|better|worse|[a-z]{2,}er)(?: [a-z]+){0,2})[,:] ((?:the |a |an )?[^,?]{2,60}?) or ((?:the |a |an )?[^,?]{2,60}?)\s*\?$/i;

/**
 * A question that picks one of two options by a comparison: its verb ("" when the comparison is a verb's phrase, "uses more power"),
 * the comparative or the verb's phrase, and the two options.
 */
function comparison(asked: string): { verb: string; degree: string; first: string; second: string } | undefined {
  const be = COMPARED_CHOICE.exec(asked);
  if (be) return { verb: be[2]?.toLowerCase() ?? "is", degree: be[3], first: be[4], second: be[5] };
  const m = COMPARED_BY_VERB.exec(asked);
  if (!m || /^(?:is|was)$/i.test(m[1])) return undefined;
  return { verb: "", degree: `${m[1].toLowerCase()} ${m[2]}`, first: m[3], second: m[4] };
}

/**
 * Which option the answer picks ("The golf ball, …", "The first one. …", "The water is heavier, because …") and what it says after the
 * option (and after its own "is heavier"), when that opens with a mark; undefined when it picks none or both.
 */
function pickedOption(
  answer: string,
  options: readonly string[],
  restatedSource: string,
): { index: number; rest: string; restated?: string } | undefined {
  const text = answer.trim().replace(/[.!]+$/, "");
  const ordinal = /^(?:the )?(first|former|second|latter)(?: one)?\b/i.exec(text);
  const heads = options.map((o) => o.toLowerCase().split(/\s+/).at(-1) ?? "");
  // (The whole option first: "The golf ball" picks "a golf ball", not "a table tennis ball".)
  // (Or the option without its place: "Lake Assal" picks "Lake Assal in Djibouti".)
  const whole = options.map((o) => {
    const bare = o.replace(/^(?:the|a|an)\s+/i, "");
    return (
      cachedRegExp(`^(?:the |a |an )?${escapeRegExp(bare)}\\b`, "i").exec(text) ??
      cachedRegExp(`^(?:the |a |an )?${escapeRegExp(bare.replace(/\s+(?:in|on|at|near|from)\s.+$/i, ""))}\\b`, "i").exec(text)
    );
  });
  const named = ordinal
    ? undefined
    : whole.filter((m) => m !== null).length === 1
      ? whole
      : heads.map((head) => cachedRegExp(`^(?:the |a |an )?(?:[\\w'’-]+ ){0,4}?${escapeRegExp(head)}\\b`, "i").exec(text));
  const index = ordinal ? (/^(?:first|former)$/i.test(ordinal[1]) ? 0 : 1) : named?.[0] && !named[1] ? 0 : named?.[1] && !named[0] ? 1 : -1;
  if (index < 0) return undefined;
  const said = ordinal?.[0] ?? named?.[index]?.[0] ?? "";
  const restated = cachedRegExp(`^\\s+${restatedSource}\\b`, "i").exec(text.slice(said.length));
  const rest = text.slice(said.length + (restated?.[0].length ?? 0));
  return rest === "" || /^[,.;:—–(]|^\s+[—–]/.test(rest) ? { index, rest, restated: restated?.[0] } : undefined;
}

/** The speaker's hedge before a reply ("I think it was …", "I'm fairly sure that was …", "If I remember right, it was …"), and the reply. */
const BELIEVED =
  /^(I (?:think|believe|reckon)|I['’]m (?:fairly|pretty|quite|almost) (?:sure|certain)|If I (?:remember|recall) (?:right|rightly|correctly),)(?: that(?! (?:was|is)\b))?,?\s+(\S[\s\S]*)$/;

/** "It's French for …", "That's Old Norse for …": the answer says whose words the question's term is. */
const LANGUAGE_FOR = /^(?:[Ii]t|[Tt]hat)(?:['’]s| is) ((?:(?:Old|Middle|Ancient|Classical|Modern|old|ancient) )?[A-Z][a-z]+ for\s[\s\S]*)$/;

/** "We have them because …", "They do it because …": a pronoun and the question's verb, then the reason. */
const RESTATED_THEN_REASON = /^(we|they|it|he|she)\s+([a-z]+)(?:\s+(?:it|them|one|so|this|that))?,?\s+(because\s[\s\S]*)$/i;

/** "You call it a puggle, …", "We call them joeys": the name said as the asker would say it. */
const CALLED_BY_ASKER =
  /^(?:you|we|people|they)(?:['’]d| would| usually| normally| generally)? call (?:it|them|this|these|that|one)\s+(\S[\s\S]*)$/i;

/** "You'll find it in south-west Bolivia, …": a where-question's place said as where the asker finds the thing; the place is the answer. */
const FOUND_AT =
  /^you(?:['’]ll| will| can| could|['’]d| would)? (?:find|see|spot) (?:it|them|one|some|these|those) ((?:in|on|at|near|under|along|across|throughout|all over|off|inside|around) \S[\s\S]*)$/i;

/**
 * "Picture an ordinary cumulus cloud about a kilometre across: all its water droplets …": a scene the answer sets before its clause
 * (issue 23, answers that lean on the question); the statement says it as the case the clause is about ("For an ordinary …, all its …").
 */
/** "Think of that earthy smell … — that's petrichor. Part of it …": the scene, the term it names, and the sentences after. */
const THINK_OF_THEN_TERM =
  /^(?:think of|picture|imagine)\s+([^—–.!?]{3,240}?)\s+[—–]\s+that(?:['’]s| is)\s+([^.!?]{2,60}?)(?:[.!]\s+(\S[\s\S]*)|[.!]?\s*)$/i;
const SCENE_THEN_CLAUSE = /^(?:picture|imagine|take|consider)\s+((?:a|an|the|one)\s[^:;!?]{3,120}):\s+(\S[\s\S]*)$/i;

/**
 * Where the phrase `phrase` (its first words) starts in `statement`, moved back over a preposition the statement put before it ("focused
 * _on_ hygiene" → before "on"); -1 when the statement does not say its first words.
 */
function phraseStart(statement: string, phrase: string): number {
  const words = phrase
    .replace(/[*_]/g, "")
    .split(/[.,;:!?—–(]/, 1)[0]
    .trim()
    .split(/\s+/)
    .slice(0, 3)
    .join(" ")
    .toLowerCase();
  if (words.length < 2) return -1;
  const lower = statement.toLowerCase();
  let at = lower.indexOf(words);
  if (at <= 0 || lower.indexOf(words, at + 1) >= 0) return -1;
  const before = /\b(on|in|at|for|to|from|by|with|of|about|into) $/.exec(lower.slice(0, at));
  if (before && !words.startsWith(`${before[1]} `)) at -= before[0].length;
  return at;
}

/** "Yes, technically —", "No, probably not …": a yes or no, then a sentence adverb alone before a mark. */
const YES_NO_THEN_ADVERB =
  /^(yes|yeah|yep|no|nope),?\s+(technically|partly|partially|mostly|usually|generally|sometimes|often|occasionally|probably|definitely|certainly|basically|essentially|mainly|largely|completely|totally|entirely|perfectly|absolutely|always)\s*([—–.:;,]|$)\s*([\s\S]*)$/i;

/** "It was Joseph Lister, who began …", "It was Percy Spencer, a Raytheon engineer who …": a dummy subject, a name, a relative or apposition. */
const DUMMY_AGENT = /^(?:[Ii]t|[Tt]hat)(?:['’]s| is| was)\s+([A-Z][^,;:—–()]{1,60}?)(, (?:who|whose|an?|the)\s[\s\S]+)$/;

/**
 * A dummy subject and what it names ("It was Leonardo da Vinci"), then a dash or semicolon and what the answer adds (a dash inside a
 * word is the word's own: "Saffir–Simpson").
 */
const DUMMY_THEN_DASH = /^((?:it|that)(?:['’]s| is| was)\s(?:[^—–;]|(?<=\S)[—–](?=\S))+?)(\s+[—–]\s+\S[\s\S]*|;\s+\S[\s\S]*)$/i;

/** A yes/no answer that is a degree or a hedge alone before its mark ("Partly —", "Mostly.", "Almost certainly, …"): a yes in part. */
const DEGREE_ANSWER =
  /^(partly|partially|mostly|largely|mainly|sometimes|occasionally|usually|often|almost certainly|most likely|very likely|probably|definitely|certainly|sort of|kind of|somewhat)\s*(?:([—–.:;,])(?!\s*(?:yes|no|not)\b)\s*|$)/i;

/** Markdown emphasis a chat answer puts on words ("**Sedimentary rocks** — …"): the words alone. */
function withoutEmphasis(text: string): string {
  const bold = text.includes("**") || text.includes("__") ? text.replace(/\*\*(?=\S)([^*]+?)\*\*|__(?=\S)([^_]+?)__/g, "$1$2") : text;
  // ("(*Quercus suber*)", "*The Martian*": single-star italics around words, not a multiplication "2 * 3" or a footnote star.)
  return bold.includes("*") ? bold.replace(/(?<![\w*])\*(?=[^\s*])([^*\n]+?)(?<=[^\s*])\*(?![\w*])/g, "$1") : bold;
}

/**
 * The shapes of chat answers that the rules read through a part of the answer and then restate around it: "Nobody knows for sure, but …",
 * "I think it was …", "According to …", "21 in total", "Mostly by …", "It was X — …", "Yes, technically —", "It was X, who …", "Partly —"
 * (issue 23). Undefined for an answer of no such shape.
 */
/** "Who is known as the father of computers?": the verb of naming and what the question says the thing is called. */
const ASKED_NAME =
  /^\s*(?:who|what|which(?: [a-z]+)?)\s+(?:is|was|are|were)\s+(?:(?:often|commonly|usually|sometimes|also|widely|popularly)\s+)?(?:known as|called|nicknamed|referred to as|dubbed)\s+([^?]+?)\s*\?\s*$/i;
/** The answer's "called that", "known by that name": naming said of a pronoun for the question's name. */
const NAME_POINTED_BACK =
  /\b(called|known as|nicknamed|referred to as|dubbed|known by) (?:that name|this name|the name|that|this)(?=[\s.,;:!—–]|$)/i;

/** The answer with the question's name for its "called that" ("Charles Babbage is often called the father of computers."), or undefined. */
function pointedName(asked: string, answer: string): string | undefined {
  const name = ASKED_NAME.exec(asked);
  const said = name ? NAME_POINTED_BACK.exec(answer) : null;
  if (!name || !said) return undefined;
  const verb = said[1].toLowerCase() === "known by" ? "known as" : said[1];
  return `${answer.slice(0, said.index)}${verb} ${name[1]}${answer.slice(said.index + said[0].length)}`;
}

/**
 * The answer with its "that's what makes it …" saying the question's own predicate of the question's thing, for a wh-subject question
 * ("What makes a kettle whistle?"); undefined where the answer has no such clause or its words after the pronoun are not the question's.
 */
function pointedBack(q: ParsedQuestion, answer: string): string | undefined {
  if (q.frame.kind !== "wh-subject" || q.frame.wh.noun.length > 0) return undefined;
  const [verb, ...rest] = q.frame.predicate.filter((t) => t.pos !== "PUNCT");
  if (!verb || rest.length === 0) return undefined;
  const forms = verbForms(verb.lemma).map(escapeRegExp).join("|");
  const m = cachedRegExp(`\\b(?:that['’]s|that is|this is|which is) what (?:${forms}) (it|them)\\b([^.,;:!?—–]*)`, "i").exec(answer);
  if (!m) return undefined;
  const asked = joinTokens(rest);
  const after = m[2].trim();
  const object = after === "" ? asked : asked.toLowerCase().endsWith(` ${after.toLowerCase()}`) ? asked.slice(0, -after.length - 1) : "";
  if (object === "") return undefined;
  const at = m.index + m[0].length - m[2].length - m[1].length;
  return `${answer.slice(0, at)}${object}${answer.slice(at + m[1].length)}`;
}

function chatAnswerShape(asked: string, given: string): Reformulation | undefined {
  // (The question parsed once, when a shape needs it.)
  let parsedOnce: ParsedQuestion | undefined;
  const parsed = (): ParsedQuestion => (parsedOnce ??= parseQuestion(withoutPartLabels(asked)));
  // (A statement the rules write whole for a wh-question of one sentence, which a shape then restates.)
  const restatable = () => !parsed().context && !parsed().fronted && parsed().frame.kind !== "yes-no";
  // "Nobody knows for sure, but …" to "Who wrote the Epic of Gilgamesh?": what nobody knows is the question, said as a clause.
  const unframed = withoutFraming(given);
  const unknown = UNKNOWN_OPENER.exec(unframed);
  const asked0 = unknown ? parsed() : undefined;
  const embedded = asked0 && embeddedQuestion(asked0);
  if (unknown && embedded) {
    // ("… , but …", "… . One leading theory is …", or nothing after it.)
    const after =
      unknown[2] !== undefined
        ? `, but ${unknown[2]}`
        : unknown[3] !== undefined
          ? `. ${capitalize(unknown[3])}`
          : unknown[4]
            ? ` ${unknown[4]}`
            : "";
    // ("Not entirely clear — …": the bare adjective gets its dummy subject, "It is not entirely clear why …".)
    const opener = /^(?:not|unclear)\b/i.test(unknown[1]) ? `It is ${unknown[1][0].toLowerCase()}${unknown[1].slice(1)}` : unknown[1];
    const statement = finish(`${capitalize(opener)} ${embedded}${after}`);
    // (The embedded question's word is the statement's own: "Nobody knows for sure what the largest … is.")
    const doubts = statementDoubts(asked, given, statement).filter((d) => d !== "reads: a question word left in");
    const questionType = classifyParsed(asked, asked0);
    return { statement, questionType, rule: "unknown", fallback: false, flagged: doubts.length > 0, doubts };
  }
  // "…, and that's what makes it whistle." to "What makes a kettle whistle?": the answer says the question's predicate of a pronoun, which
  // gets the question's thing back; the answer is then the statement ("…, and that's what makes a kettle whistle.").
  // So is "Charles Babbage is often called that." to "Who is known as the father of computers?".
  const pointed = restatable() ? (pointedBack(parsed(), unframed) ?? pointedName(asked, unframed)) : undefined;
  if (pointed)
    return checked(
      {
        statement: finish(pointed),
        questionType: classifyParsed(asked, parsed()),
        rule: "wh-subject:pointed-back",
        fallback: false,
        flagged: false,
        doubts: [],
      },
      asked,
      given,
    );
  // "The golf ball, by a long way." to "Which is heavier, a golf ball or a table tennis ball?": the option the answer picks, compared with
  // the other in the question's words ("A golf ball is heavier than a table tennis ball, by a long way.").
  const compared = comparedChoice(asked, unframed);
  if (compared) {
    const statement = finish(compared);
    return checked(
      {
        statement,
        questionType: classifyParsed(asked, parsed()),
        rule: "wh-subject:compared",
        fallback: false,
        flagged: false,
        doubts: [],
      },
      asked,
      given,
    );
  }
  // "Most of them live three to five years." to "How long do hummingbirds live?": the quantifier said of the question's plural subject
  // ("Most hummingbirds live three to five years.").
  // (So is "Most need eight to ten hours a night." to "How much sleep does a teenager need?": the quantifier right before the question's
  // verb.)
  const ofThem =
    /^((?:(?:almost|nearly|virtually|practically) )?(?:most|many|some|all|few|several|both)) of them\s+(\S[\s\S]*)$/i.exec(unframed) ??
    quantifierBeforeQuestionVerb(unframed, parsed());
  const them = ofThem ? parsed().frame : undefined;
  const subject = them && (them.kind === "wh-inverted" || them.kind === "yes-no") ? pluralKind(them.decl.subject) : undefined;
  if (ofThem && subject !== undefined) {
    // (Read as "They spend it in …" first, whose pronouns the rules resolve, then the quantifier before the subject.)
    const asThey = reformulateWithin(asked, `They ${ofThem[2]}`);
    const said = `${capitalize(subject)} `;
    if (!asThey.fallback && asThey.statement.startsWith(said)) {
      const statement = `${capitalize(ofThem[1].toLowerCase())} ${subject} ${asThey.statement.slice(said.length)}`;
      return checked({ ...asThey, statement }, asked, given);
    }
    const r = reformulateWithin(asked, `${capitalize(ofThem[1])} ${subject} ${ofThem[2]}`);
    if (!r.fallback) return checked(r, asked, given);
  }
  // "It depends on the instrument, but …" to "How much does a Stradivarius violin cost?": what depends is the question, said as a clause
  // ("How much a Stradivarius violin costs depends on …"), or a be-question's subject ("The best time to visit Ha Long Bay depends …").
  // (A numbered list after it reads as a list: "It depends on the food: 1. cooked meat … 2. soups …". "Depends on the model." and
  // "That depends on …" say the same.)
  const depends = /^(?:it |that )?(depends|varies)\b([\s\S]*)$/i.exec(/(?:^|\s)1[.)]\s/.test(unframed) ? joinList(unframed) : unframed);
  if (depends && restatable()) {
    const f = parsed().frame;
    // ("When is the best time to visit …?": the time itself depends, "The best time to visit … depends".)
    const timeOrPlace = f.kind === "wh-inverted" && /^(?:when|where)$/.test(f.wh.word) && f.decl.auxKind === "be" && !f.decl.verb;
    const what =
      f.kind === "wh-be" && f.tail.length === 0 && f.wh.noun.length === 0
        ? joinTokens(f.subject).replace(/[\s?.!]+$/, "")
        : timeOrPlace
          ? joinTokens([...f.decl.subject, ...f.decl.rest]).replace(/[\s?.!]+$/, "")
          : f.kind === "wh-inverted"
            ? embeddedQuestion(parsed())
            : undefined;
    if (what) {
      const statement = finish(`${capitalize(what)} ${depends[1].toLowerCase()}${depends[2]}`);
      const questionType = classifyParsed(asked, parsed());
      // (What depends is the question's, so neither its question word nor its "depends" is a fault here.)
      const doubts = statementDoubts(asked, given, statement).filter(
        (d) => d !== "reads: a question word left in" && !d.startsWith('meaning: "it varies"'),
      );
      return { statement, questionType, rule: "depends", fallback: false, flagged: doubts.length > 0, doubts };
    }
  }
  // "It's French for "already seen" — …" to "What does "deja vu" mean?": the term is what the language's words mean ("deja vu" is French
  // for …), not a meaning of "French".
  const term = /^\s*what does (.+?) mean\s*\?\s*$/i.exec(asked)?.[1];
  const language = term ? LANGUAGE_FOR.exec(unframed) : null;
  if (term && language) {
    const statement = finish(`${capitalize(term)} is ${language[1]}`);
    return checked(
      { statement, questionType: classifyParsed(asked, parsed()), rule: "meaning:language", fallback: false, flagged: false, doubts: [] },
      asked,
      given,
    );
  }
  // "I think it was 1810, to celebrate …": a chat answer's "I think" before what it elaborates stays in front of the statement ("I think
  // the first Oktoberfest was held in 1810, …"); before a bare reply ("I think it's Berlin.") it only frames the answer and goes.
  // ("I believe that was Adolphe Sax, …": "that" is the dummy subject there, not the conjunction.)
  // ("I'm fairly sure that was …" and "If I remember right, it was …" are such hedges too; the latter keeps its comma.)
  const believed = BELIEVED.exec(given.trim());
  // ("I believe the keystone at the top does.": so is a clause whose auxiliary says the question's predicate.)
  const first = believed ? believed[2].split(/(?<=[.!?])\s/)[0] : "";
  if (
    believed &&
    (/^(?:it|that) was\b/i.test(believed[2]) ||
      /,/.test(first) ||
      /^(?!(?:it|they|he|she|this|that)\b)\S.* (?:does|did|do|is|was|are|were|can|could|has|had)[.!]?$/i.test(first))
  ) {
    const r = restatable() ? reformulateWithin(asked, believed[2]) : undefined;
    if (r && !r.fallback && r.statement !== "" && !BELIEVED.test(r.statement)) {
      const statement = `${believed[1]} ${midSentence(r.statement)}`;
      return checked({ ...r, statement }, asked, given);
    }
  }
  // "According to most historians, Augustus." / "According to Escoffier: 1. béchamel …": the source opens the statement of the phrase.
  const source = SOURCE_BEFORE_PHRASE.exec(unframed);
  if (source && !analyzeAnswer(source[2]).isClause) {
    const r = restatable() ? reformulateWithin(asked, source[2]) : undefined;
    if (r && !r.fallback && r.statement !== "") {
      const statement = `${capitalize(source[1])}, ${midSentence(r.statement)}`;
      return checked({ ...r, statement, rule: `${r.rule}:source` }, asked, given);
    }
  }
  // "21 in total, since …" to "How many dots are on a die?": the total goes after the statement's clause ("There are 21 dots on a standard
  // die in total, since …").
  const total = /^\s*how many\b/i.test(asked) ? COUNT_IN_TOTAL.exec(unframed) : null;
  if (total) {
    const after = /^[.!]*$/.test(total[3]) ? "" : total[3];
    const joined = after === "" || /^[,.;:!]/.test(after) ? "" : " ";
    const r = reformulateWithin(asked, `${total[1]}${joined}${after}`);
    const at = after === "" ? r.statement.search(/[.!]?$/) : r.statement.indexOf(after.replace(/[.!]+$/, ""));
    if (!r.fallback && at > 0) {
      const statement = `${r.statement.slice(0, at).trimEnd()} ${total[2].toLowerCase()}${joined}${r.statement.slice(at)}`;
      return checked({ ...r, statement }, asked, given);
    }
  }
  // "There are two: Phobos and Deimos." to "How many moons does Mars have?", "There are five: France, …" to "List the countries that
  // border Switzerland.": the count is the answer, its list follows ("Mars has two moons: Phobos and Deimos.", "There are five countries
  // that border Switzerland: France, …").
  // (The list as the answer's analysis joins its numbered items; after "Sure!".)
  const counting = unframed.replace(/^(?:sure|certainly|of course)[!,.]\s+/i, "");
  const read = /^there (?:are|were) /i.test(counting) ? analyzeAnswer(counting) : undefined;
  const thereAre = read ? THERE_ARE_COUNT.exec(read.rest ? `${read.text}. ${read.rest}` : read.text) : null;
  if (thereAre && restatable()) {
    const list = (thereAre[2] ?? "").replace(/[.!]+$/, "");
    const listed = LIST_REQUEST.exec(parsed().sentence);
    const r = listed ? undefined : /^\s*how many\b/i.test(asked) ? reformulateWithin(asked, thereAre[1]) : undefined;
    const said = listed
      ? `There are ${thereAre[1].toLowerCase()} ${listed[1].replace(/[\s.!?]+$/, "")}`
      : r && !r.fallback && !r.flagged
        ? r.statement.replace(/[.!]+$/, "")
        : undefined;
    if (said) {
      const statement = finish(`${said}${list}${thereAre[3] ? `. ${thereAre[3]}` : ""}`);
      return checked(
        {
          statement,
          questionType: classifyParsed(asked, parsed()),
          rule: r?.rule ?? "imperative:count",
          fallback: false,
          flagged: false,
          doubts: [],
        },
        asked,
        given,
      );
    }
  }
  const amounted = /^\s*how (?:many|much|long|far|big|hot|cold|tall|deep|high|fast|old|heavy|often)\b/i.test(asked)
    ? PLACE_THEN_AMOUNT.exec(unframed)
    : null;
  // "In a vacuum, about 300,000 km per second." to "What is the speed of light?", "In painting, red, yellow and blue." to "What are the
  // three primary colours?": the case the answer is about, before its phrase, goes first (not to a question of place or time, whose
  // answer such a phrase is).
  const cased = /^\s*(?:what|which)\b(?! (?:year|time|day|month|century|place|city|country)\b)/i.test(parsed().sentence)
    ? CASE_PHRASE_THEN_REPLY.exec(unframed)
    : null;
  const conceded = CONCESSION_THEN_REPLY.exec(unframed);
  const condition = CONDITION_THEN_REPLY.exec(unframed) ?? CASE_THEN_REPLY.exec(unframed) ?? conceded ?? amounted ?? cased;
  // (A condition with a clause of its own, not "Once a day, …" or "When warm, …"; not a definition's "when": "What is a hash collision?"
  // + "when two inputs map to the same hash value, …"; a case "for" names, to a question that is not why.)
  if (
    condition &&
    !parsed().context &&
    !parsed().fronted &&
    (condition === cased || !/^\s*(?:what (?:is|are|was|were)|why)\b/i.test(parsed().sentence)) &&
    (/^for\s/i.test(condition[1]) ||
      condition === amounted ||
      condition === cased ||
      condition === conceded ||
      analyzeAnswer(condition[1].replace(/^\S+\s+(?:that\s+)?/, "")).isClause) &&
    !analyzeAnswer(condition[2]).isClause
  ) {
    const r = reformulateWithin(asked, condition[2]);
    if (!r.fallback && r.statement !== "" && !r.statement.toLowerCase().includes(condition[1].toLowerCase())) {
      // ("What should you do if someone is choking?" + "If they can't cough or speak, give …": the answer's condition joins the
      // question's, "If someone is choking and they can't cough or speak, give …".)
      const asksIf = /^\s*if\s/i.test(condition[1]) ? /^(If [^,]{3,120}), (\S[\s\S]*)$/.exec(r.statement) : null;
      const statement = asksIf
        ? `${asksIf[1]} and ${condition[1].replace(/^\s*if\s+/i, "")}, ${asksIf[2]}`
        : `${capitalize(condition[1])}, ${continuedAfter(r.statement, asked)}`;
      return checked({ ...r, statement, rule: `${r.rule}:condition` }, asked, given);
    }
  }
  // "On a building site, they cut, shape and lay stone …" to "What does a stonemason do?": a phrase of place or time before the answer's
  // clause, whose pronoun stands for the question's subject; the clause is read as any answer and the phrase stays in front.
  const placed = FRONTED_PHRASE_THEN_PRONOUN.exec(unframed);
  if (placed && restatable() && parsed().frame.kind === "wh-inverted") {
    const r = reformulateWithin(asked, placed[2]);
    // (Or says the question's verb again of it: "From 1892, they ran it in Dayton" to "In which city did the Wright brothers run …?".)
    if (!r.fallback && /:(?:pronoun|aligned-echo|echo)\b/.test(r.rule) && !r.statement.toLowerCase().includes(placed[1].toLowerCase())) {
      const statement = `${capitalize(placed[1])}, ${continuedAfter(r.statement, asked)}`;
      return checked({ ...r, statement, rule: `${r.rule}:fronted-phrase` }, asked, given);
    }
  }
  // "When they start to fall, their inner ear tells them …" to "How do cats manage to land on their feet?", "When it gets cold, they
  // cluster …" to "What do bees do in winter?": the answer's own clause after a fronted clause, where a pronoun stands for the question's
  // subject. The first such pronoun gets the subject back ("When cats start to fall, …", "When it gets cold, bees cluster …"); the rest
  // stays as written, the question's words it does not say included.
  const fronted = FRONTED_CLAUSE.exec(unframed);
  const frame = fronted ? parsed().frame : undefined;
  if (
    fronted &&
    frame?.kind === "wh-inverted" &&
    // (What the subject does, or how: not what a principle states, whose content the clause is.)
    (frame.decl.verb?.lemma === "do" ||
      /^\s*how\s+(?:do|does|did|can|could)\b/i.test(parsed().sentence) ||
      // ("Although it's named after Panama, it actually comes from Ecuador" to "Where did the Panama hat originate?".)
      (/^(?:although|though)\s/i.test(fronted[1]) && /^(?:where|when)$/.test(frame.wh.word))) &&
    restatable() &&
    frame.decl.subject.length > 0 &&
    frame.decl.subject.every((t) => t.pos !== "PRON") &&
    analyzeAnswer(fronted[3]).isClause
  ) {
    const subject = joinTokens(frame.decl.subject);
    const inClause = withSubjectFor(fronted[2], frame.decl.subject, subject);
    const inMain = inClause === undefined ? withSubjectFor(fronted[3], frame.decl.subject, subject) : undefined;
    if (inClause !== undefined || inMain !== undefined) {
      const statement = finish(`${capitalize(fronted[1].toLowerCase())}${inClause ?? fronted[2]}, ${inMain ?? fronted[3]}`);
      const doubts = statementDoubts(asked, given, statement).filter((d) => !/^context: \d+ % of the question's words left out$/.test(d));
      const questionType = classifyParsed(asked, parsed());
      return { statement, questionType, rule: "fronted-clause", fallback: false, flagged: doubts.length > 0, doubts };
    }
  }
  // "We have them because our ancestors had bigger jaws …" to "Why do humans have wisdom teeth?": the answer's restatement of the
  // question goes, its reason stays, said of the question's subject ("… because their ancestors had bigger jaws …").
  const restated = /^\s*why\b/i.test(asked) ? RESTATED_THEN_REASON.exec(unframed) : null;
  if (restated && cachedRegExp(`\\b${restated[2].toLowerCase()}\\b`, "i").test(asked)) {
    const we = restated[1].toLowerCase() === "we";
    const reason = we
      ? restated[3]
          .replace(/\bour\b/g, "their")
          .replace(/\bwe\b/g, "they")
          .replace(/\bus\b/g, "them")
      : restated[3];
    const r = reformulateWithin(asked, reason);
    if (!r.fallback) return checked(r, asked, given);
  }
  // "You call it a puggle, though …" to "What do you call a baby platypus?": the name is the answer ("A baby platypus is called a puggle,
  // though …").
  const named = /^\s*what (?:do|would|did) (?:you|we|people|they) call\b/i.test(asked) ? CALLED_BY_ASKER.exec(unframed) : null;
  if (named) {
    const r = reformulateWithin(asked, named[1]);
    if (!r.fallback) return checked(r, asked, given);
  }
  const found = FOUND_AT.exec(unframed);
  if (found && /^\s*where\b/i.test(parsed().sentence)) {
    const r = reformulateWithin(asked, found[1]);
    if (!r.fallback) return checked(r, asked, given);
  }
  // "Think of that earthy smell when rain falls … — that's petrichor." to "What is petrichor?": the term is what the scene describes.
  const termAsked = /^\s*what(?:['’]s| is| are) (.+?)\s*\?\s*$/i.exec(asked)?.[1];
  const thought = termAsked ? THINK_OF_THEN_TERM.exec(unframed) : null;
  if (
    termAsked &&
    thought &&
    thought[2].toLowerCase().replace(/^(?:an?|the) /, "") === termAsked.toLowerCase().replace(/^(?:an?|the) /, "")
  ) {
    const be = /^\s*what are\b/i.test(asked) ? "are" : "is";
    const statement = finish(`${capitalize(termAsked)} ${be} ${thought[1]}.${thought[3] ? ` ${thought[3]}` : ""}`);
    return checked(
      { statement, questionType: classifyParsed(asked, parsed()), rule: "scene:term", fallback: false, flagged: false, doubts: [] },
      asked,
      given,
    );
  }
  const scene0 = SCENE_THEN_CLAUSE.exec(unframed);
  // ("Picture one dropped on a beach: …" to "How long does a plastic bottle take …?": "one" is the question's subject.)
  const frame0 = scene0 && /^one\s/i.test(scene0[1]) ? parsed().frame : undefined;
  const subjectOfOne = frame0 && "decl" in frame0 && frame0.decl ? joinTokens(frame0.decl.subject) : "";
  const scene =
    scene0 && /^one\s/i.test(scene0[1])
      ? /^(?:an?|the)\s/i.test(subjectOfOne)
        ? ([scene0[0], `${subjectOfOne.replace(/^A/, "a").replace(/^The/, "the")} ${scene0[1].slice(4)}`, scene0[2]] as const)
        : null
      : scene0;
  // ("When did people start keeping cats?" + "Picture the first farming villages …, about 10,000 years ago: their grain stores …": to a
  // when- or where-question the scene is the answer, and the clause follows its statement after the colon.)
  const sceneAnswered = scene && /^\s*(?:when|where)\b/i.test(parsed().sentence) ? reformulateWithin(asked, `in ${scene[1]}`) : undefined;
  if (scene && sceneAnswered && !sceneAnswered.fallback && /[^.!]\.$/.test(sceneAnswered.statement)) {
    const statement = `${sceneAnswered.statement.slice(0, -1)}: ${scene[2]}`;
    return checked({ ...sceneAnswered, statement: finish(statement), rule: `${sceneAnswered.rule}:scene` }, asked, given);
  }
  // (A clause after the colon: a verb in its first sentence, "all its water droplets together weigh …" included.)
  const sceneClause = scene && !sceneAnswered && parsed().frame.kind !== "yes-no" ? analyzeAnswer(scene[2]) : undefined;
  if (scene && sceneClause && (sceneClause.isClause || sceneClause.tokens.some((t) => t.pos === "VERB" || t.pos === "AUX"))) {
    const context = parsed().context;
    // ("Take a dairy cow …: she can drink …": the clause's pronoun subject is the scene's thing → "A dairy cow … can drink …".)
    const pronoun = /^(?:she|he|it|they)\s+(?=\S)/i.exec(scene[2]);
    const said = pronoun ? `${capitalize(scene[1])} ${scene[2].slice(pronoun[0].length)}` : `For ${scene[1]}, ${midSentence(scene[2])}`;
    const statement = `${context ? `${statedContext(context)} ` : ""}${finish(said)}`;
    return checked(
      { statement, questionType: classifyParsed(asked, parsed()), rule: "scene", fallback: false, flagged: false, doubts: [] },
      asked,
      given,
    );
  }
  // "Mostly by the Flavian emperors: …", "Typically the big power users: …": a focusing adverb goes back before the answer's phrase,
  // after the rules placed the phrase ("The Colosseum was built mostly by the Flavian emperors: …").
  const focused = FOCUS_BEFORE_PHRASE.exec(unframed);
  // (Not an adverb the question says already: "When do they usually bloom?" + "Usually late March".)
  if (
    focused &&
    !new RegExp(`\\b${focused[1]}\\b`, "i").test(asked) &&
    !analyzeAnswer(focused[2]).isClause &&
    parsed().frame.kind !== "yes-no" &&
    // (A why-question's reason takes the adverb before "because of": "partly because of culture, partly because of acoustics".)
    !/^why\b/i.test(parsed().sentence)
  ) {
    const r = reformulateWithin(asked, focused[2]);
    const at = r.fallback ? -1 : phraseStart(r.statement, focused[2]);
    if (at > 0) {
      // An object the question's infinitive follows takes the adverb on its verb: "The ancient Romans mostly used honey to sweeten
      // food", where "used mostly honey to …" splits the verb from its object.
      const phrase = focused[2].split(/[.,;:!?—–(]/, 1)[0].trim();
      const verb = /(?:^|\s)([a-z]+ed|[a-z]+s|ate|made|took|wore|drank|ran|built|kept|fed|got|gave|put|found|brought|chose)\s$/.exec(
        r.statement.slice(0, at),
      );
      const onVerb =
        verb && !/^(?:is|was|has|does)$/.test(verb[1]) && /^ to [a-z]/.test(r.statement.slice(at + phrase.length)) && canBeVerb(verb[1]);
      const where = onVerb ? at - verb[1].length - 1 : at;
      // (The question's adverb of the same kind gives way: "What do hummingbirds mainly eat?" + "Mostly nectar" → "… eat mostly nectar".)
      const before = r.statement
        .slice(0, where)
        .replace(/\b([a-z]+ly) (?=\S+ $|$)/, (m, adverb: string) => (sameAdverbKind(adverb, focused[1]) ? "" : m));
      const statement = `${before}${focused[1].toLowerCase()} ${r.statement.slice(where)}`;
      return checked({ ...r, statement }, asked, given);
    }
  }
  // "It was Leonardo da Vinci — he worked on it for years.": the dummy subject's clause is read as any answer, the addition after its
  // dash (or semicolon) follows the statement ("Leonardo da Vinci painted the Mona Lisa — he worked on it for years.").
  const dummyDashed = DUMMY_THEN_DASH.exec(unframed);
  if (dummyDashed && parsed().frame.kind !== "yes-no") {
    const r = reformulateWithin(asked, dummyDashed[1]);
    if (!r.fallback && /[.!]$/.test(r.statement) && !r.statement.includes(dummyDashed[2].trim())) {
      const statement = finish(`${r.statement.replace(/[.!]+$/, "")}${dummyDashed[2]}`);
      return checked({ ...r, statement, rule: `${r.rule}:trailing-clause` }, asked, given);
    }
  }
  // "Yes, technically — orcas are toothed whales.": an adverb after the yes or no stays on the statement's verb.
  const qualified = YES_NO_THEN_ADVERB.exec(unframed);
  if (qualified) {
    const mark = qualified[3] === "," ? "," : qualified[3] ? ` ${qualified[3]}` : "";
    const polar = withHedgedPolarity(asked, { hedge: qualified[2].toLowerCase(), rest: `${qualified[1]}${mark} ${qualified[4]}`.trim() });
    if (polar) return polar;
  }
  // "It was Joseph Lister, who began …" to "Who pioneered antiseptic surgery?": the question in the passive, the agent and what the answer
  // says of them after it ("Antiseptic surgery was pioneered by Joseph Lister, who began …").
  const agent = DUMMY_AGENT.exec(unframed);
  const passive = agent ? passiveByAgent(parsed(), agent[1]) : undefined;
  if (agent && passive) {
    const statement = finish(`${passive}${agent[2]}`);
    const questionType = classifyParsed(asked, parsed());
    return checked(
      { statement, questionType, rule: "wh-subject:passive-agent", fallback: false, flagged: false, doubts: [] },
      asked,
      given,
    );
  }
  // "There are three: 1. skeletal 2. cardiac 3. smooth." to "What are the three types of muscle tissue?": the count the question names
  // already opens the answer; the list is the answer ("The three types of muscle tissue are skeletal, cardiac and smooth.").
  const counted = COUNT_BEFORE_LIST.exec(unframed);
  if (counted && cachedRegExp(`\\b${counted[1]}\\b`, "i").test(asked) && restatable()) {
    const r = reformulateWithin(asked, counted[2]);
    if (!r.fallback) return checked(r, asked, given);
  }
  // "Partly — the Bosphorus splits the city." to "Is Istanbul in Europe?": a degree says yes in part, and stays on the verb.
  const degree = DEGREE_ANSWER.exec(unframed);
  // ("Usually, coffee is fine in moderation": an adverb before a clause of the answer's own is the clause's, no degree of a yes.)
  const ownClause =
    degree?.[2] === "," &&
    analyzeAnswer(unframed.slice(degree[0].length)).isClause &&
    !/^(?:it|they|he|she|yes|no)\b/i.test(unframed.slice(degree[0].length));
  if (degree && !ownClause && parsed().frame.kind === "yes-no") {
    const after = unframed.slice(degree[0].length);
    const polar = withHedgedPolarity(asked, {
      hedge: degree[1].toLowerCase(),
      rest: after ? `Yes${degree[2] === "," ? "," : ` ${degree[2]}`} ${after}` : "Yes",
    });
    if (polar) return polar;
  }
  return undefined;
}

/**
 * The statement going on after a phrase put before it: lower-cased as midSentence does, and where it opens with a word the question
 * writes in lower case ("Is coffee bad for your heart?" + "For most people, no." → "For most people, coffee is not …").
 */
function continuedAfter(statement: string, asked: string): string {
  const s = midSentence(statement);
  const first = /^[A-Z][a-z]+\b/.exec(s)?.[0];
  return first && cachedRegExp(`\\b${first.toLowerCase()}\\b`, "").test(asked) ? s[0].toLowerCase() + s.slice(1) : s;
}

/** A reformulation whose statement was restated around the rules' own: its doubts are the checks' on the new statement. */
/**
 * A statement made without its opening phrase, with that phrase and a comma put back in front ("In cricket, LBW stands for …",
 * "Surprisingly, wombats can run fast …"); the rules' doubts on the statement without it stay ("ISO means ISO measures …").
 */
function openedWith(r: Reformulation, opening: string, asked: string, given: string): Reformulation {
  const opened = checked({ ...r, statement: `${capitalize(opening)}, ${continuedAfter(r.statement, asked)}` }, asked, given);
  const doubts = [...new Set([...r.doubts, ...opened.doubts])];
  return { ...opened, flagged: doubts.length > 0, doubts };
}

function checked(r: Reformulation, asked: string, given: string): Reformulation {
  const doubts = statementDoubts(asked, given, r.statement);
  return { ...r, flagged: doubts.length > 0, doubts };
}

/** The statement one of the rules on the whole answer wrote, under its rule's name, with the checks' doubts. */
function ruleStatement(statement: string, rule: string, asked: string, given: string): Reformulation {
  const questionType = classifyParsed(asked, parseQuestion(asked));
  return checked({ statement, questionType, rule, fallback: false, flagged: false, doubts: [] }, asked, given);
}

/** A comment on the whole claim before a yes or no ("Surprisingly, yes", "Sadly, no"), which opens the statement. */
const SENTENCE_COMMENT =
  /^(surprisingly|interestingly|amazingly|remarkably|oddly enough|strangely enough|fortunately|unfortunately|sadly|happily|luckily|believe it or not),?\s+(?=(?:yes|yep|yeah|no|nope)\b)/i;

/** A final question that only asks why its context is so: "… are usually served different meals. Why?", "Why not?", "How come?". */
const WHY_ABOUT_CONTEXT = /^(?:why(?: not)?|how come|why is that|why so)\s*\?$/i;
/** An answer that gives the context's reason or purpose in a phrase that goes on the context's last sentence. */
const REASON_ON_CONTEXT = /^(?:because|so that|in order to|since)\b/i;

/**
 * The context's own sentences and the answer, when the question only asks why the context is so (the context is the proposition):
 * a reason or purpose goes on the context's last sentence ("… different meals so that if one meal causes food poisoning, …"), any
 * other answer follows it ("… in the early afternoon. When the afternoon heat was at its worst, …").
 */
function whyAboutContext(asked: string, given: string): Reformulation | undefined {
  const { context, last } = splitFinalSentence(asked);
  if (context === "" || !WHY_ABOUT_CONTEXT.test(last)) return undefined;
  const trimmed = given.trim();
  // ("So that …" is a purpose, which the fillers' "so" would drop.)
  const body = /^so that\b/i.test(trimmed) ? trimmed : withoutFraming(trimmed);
  if (body === "") return undefined;
  const stated = statedContext(context);
  const said = REASON_ON_CONTEXT.test(body)
    ? `${stated.replace(/[.!]+$/, "")} ${body[0].toLowerCase()}${body.slice(1)}`
    : `${stated} ${capitalize(body)}`;
  const questionType = classifyParsed(asked, parseQuestion(asked));
  return checked({ statement: finish(said), questionType, rule: "why-context", fallback: false, flagged: false, doubts: [] }, asked, given);
}

/**
 * Whether the question's context names a noun phrase that the answer's opening pronoun can stand for: "He …" or "It …" after "My dog
 * keeps …", "They …" after "… my tomato plants".
 */
function antecedentInContext(answer: string, context: string): boolean {
  const pronoun = /^(he|she|it|they)\b/i.exec(answer.trim())?.[1].toLowerCase();
  if (!pronoun) return false;
  // (The noun after the determiner, or the word after it: "my dog keeps", "my tomato plants".)
  const heads = [...context.matchAll(/\b(?:my|our|your|a|an|the|his|her|their)\s+([a-z-]+)(?:\s+([a-z-]+))?/gi)].flatMap((m) =>
    [m[1], m[2]].filter((w) => w !== undefined).map((w) => w.toLowerCase()),
  );
  return heads.some(
    (head) => (pronoun === "they") === (/[^s]s$/.test(head) || /^(?:people|children|men|women|feet|teeth|mice)$/.test(head)),
  );
}

/** A phrase answer, then the answer's concession after a comma: ", though Blaise Pascal's machine is better known". */
const CONCESSION_AFTER = /^(.+?)(,\s*(?:though|although|but|while|whereas)\s[\s\S]*)$/i;

/** The realised sentence with the answer's concession after it, before its final stop. */
function withConcession(r: ReturnType<typeof realize>, concession: string): ReturnType<typeof realize> {
  return { ...r, sentence: `${r.sentence.replace(/[\s.]+$/u, "")}${concession.replace(/[\s.]+$/u, "")}` };
}

/** "It was in 1215 that King John agreed to it": a time or place put in focus, then the clause said of it. */
const CLEFT_TIME_OR_PLACE =
  /^(?:it|that)(?: was|['’]s| is) ((?:in|on|at|during|around|about|between|near) [^,;:—–]{2,60}?) that (\S[\s\S]*)$/i;

/**
 * A cleft answer to a when or where question read as the time or place and a clause about it: "It was in 1215 that King John agreed to
 * it at Runnymede." → "in 1215, when King John agreed to it at Runnymede" ("at Runnymede, where …" for a place); other answers unchanged.
 */
function withoutCleft(asked: string, answer: string): string {
  const m = CLEFT_TIME_OR_PLACE.exec(answer.trim());
  if (!m) return answer;
  const frame = parseQuestion(withoutPartLabels(asked)).frame;
  if (frame.kind !== "wh-inverted") return answer;
  const time =
    frame.wh.word === "when" || (frame.wh.noun.length > 0 && /^(?:year|month|day|date|century|decade|time)$/.test(frame.wh.noun[0].lower));
  if (!time && frame.wh.word !== "where") return answer;
  return `${m[1]}, ${time ? "when" : "where"} ${m[2]}`;
}

/**
 * The sentences before an imperative question, kept (its first group), and what may open the imperative: a request ("Could you tell me
 * …?") and an adverb ("Briefly describe …").
 */
const TOLD_CONTEXT = String.raw`(\s*(?:[^.?!]*[.?!]\s+)?)`;
const TOLD_ADVERB = String.raw`(?:(?:can|could|would|will) you (?:please )?)?(?:(?:briefly|quickly|simply)\s+)?`;

/** "Tell me how long a marathon is.": an imperative around a measure question, its subject and its "be". */
const TOLD_MEASURE = new RegExp(
  String.raw`^${TOLD_CONTEXT}${TOLD_ADVERB}(?:tell me|explain|say|guess)\s+(how (?:long|far|tall|big|old|much|many|deep|high|fast|heavy|wide|large|hot|cold))\s+(.+?)\s+(is|are|was|were)\s*[.?!]?\s*$`,
  "i",
);

/** "Explain what the Marshall Plan was.", "Tell me who Cleopatra was.", "Briefly describe what Samuel Morse is known for." */
const TOLD_WHAT = new RegExp(
  String.raw`^${TOLD_CONTEXT}${TOLD_ADVERB}(?:tell me|explain|describe|say)\s+(what|who)\s+(.+?)\s+(is|are|was|were)(\s+(?:best )?(?:known|famous|remembered|used|called|named) for)?\s*[.?!]?\s*$`,
  "i",
);

/** "That happened on July 20, 1969": the event the question asks the time or place of, said as "that". */
const HAPPENED =
  /^(?:that|it|this) (?:happened|took place|occurred)\s+(?=(?:on|in|at|during|around|about|back in|between|sometime|near)\b)/i;

/** The answer's time or place without "That happened" to a when- or where-question, whose own words say what happened. */
function withoutHappened(asked: string, answer: string): string {
  return HAPPENED.test(answer) && /^\s*(?:when|where|(?:in )?what year|(?:in )?which year)\b/i.test(splitFinalSentence(asked).last)
    ? answer.replace(HAPPENED, "")
    : answer;
}

/** A yes or no, then an adverb of time said alone ("Yes, always — …", "No, never.", "Always."). */
const POLAR_THEN_TIME_ADVERB = /^(?:(yes|yep|yeah|no|nope)[,.!]?\s+)?(not\s+)?(always|never|ever|still)\b\s*([.!]|[—–;:,])?\s*/i;

/**
 * The answer without an adverb that only says its yes or no again: the question's own "always" ("Is Easter always on a Sunday?" +
 * "Yes, always — …"), or "never" after a no ("No, never."), which the negated statement says.
 */
function withoutAdverbSaidAgain(asked: string, answer: string): string {
  const m = POLAR_THEN_TIME_ADVERB.exec(answer);
  if (
    !m ||
    !/\?\s*$/.test(asked) ||
    !/^\s*(?:is|are|was|were|do|does|did|can|could|will|would|should|has|have|must)\b/i.test(splitFinalSentence(asked).last)
  )
    return answer;
  const adverb = m[3].toLowerCase();
  const no = m[1] !== undefined && /^n/i.test(m[1]);
  // ("Nope, not always — …", "Not always.": a no whose "not always" says the question's "always" again.)
  if (m[2] && (adverb !== "always" || (m[1] !== undefined && !no))) return answer;
  const said = cachedRegExp(`\\b${adverb}\\b`, "i").test(asked) || (no && adverb === "never");
  const rest = answer.slice(m[0].length);
  // (Only the adverb alone before a mark: "No, never was." says more.)
  if (!said || (m[1] === undefined && adverb === "never") || (m[4] === undefined && rest !== "")) return answer;
  const polarity = m[1] ?? (m[2] ? "No" : "Yes");
  if (rest === "") return polarity;
  return m[4] && /[—–;:]/.test(m[4]) ? `${polarity} ${m[4]} ${rest}` : `${polarity}. ${rest}`;
}

/** A frequency adverb said alone as the reply to a yes/no question ("Rarely — they mostly spit at each other."). */
const FREQUENCY_REPLY =
  /^(rarely|seldom|occasionally|sometimes|often|frequently|usually)\s*([—–;:.!])\s*(?=\S)(?!(?:yes|yep|yeah|no|nope|not)\b)/i;

/**
 * "Do llamas spit at people?" + "Rarely — …": a frequency said alone is a yes that the adverb qualifies ("Rarely, yes — …"), which the
 * statement says on its verb ("Llamas rarely spit at people — …").
 */
function withFrequencyAsYes(asked: string, answer: string): string {
  const m = FREQUENCY_REPLY.exec(answer);
  if (
    !m ||
    !/\?\s*$/.test(asked) ||
    !/^\s*(?:is|are|was|were|do|does|did|can|could|will|would|has|have)\b/i.test(splitFinalSentence(asked).last)
  )
    return answer;
  const rest = answer.slice(m[0].length);
  return /[—–;:]/.test(m[2]) ? `${m[1]}, yes ${m[2]} ${rest}` : `${m[1]}, yes. ${rest}`;
}

/** "Tell me who painted The Starry Night.", "Explain what causes the tides.": a wh-word and its past or present verb. */
const TOLD_WHO_DID = new RegExp(
  String.raw`^${TOLD_CONTEXT}${TOLD_ADVERB}(?:tell me|explain|say)\s+(who|what)\s+((?:[a-z]+ed|[a-z]+[^s]s|wrote|made|built|drew|sang|won|found|led|gave|took|invented|discovered)\s+\S.*?)\s*[.?!]?\s*$`,
  "i",
);

/** "Tell me what a meteorologist studies.", "Do you know where the Nile ends?": a request around a wh-clause with its own subject. */
/** The verbs of a request around an embedded question ("Tell me what …", "Describe how …"). */
const TELLING = "tell me|explain|describe|say|guess";
const TOLD_CLAUSE = new RegExp(
  String.raw`^${TOLD_CONTEXT}(?:${TOLD_ADVERB}(?:${TELLING})|do you know)\s+((?:what|where|when|how|who|whom|which)\b.*?)\s*[.?!]?\s*$`,
  "i",
);
/** A cheap test for TOLD_CLAUSE's request anywhere in the question, before the whole pattern is tried. */
const TOLD_CLAUSE_SEEN = new RegExp(String.raw`\b(?:${TELLING}|you know)\s+(?:what|where|when|how|who|whom|which)\b`, "i");

const EMBEDDED_AUXILIARIES = wordSet("is are was were can could should would will may might must has have had does do did");

/**
 * "what a meteorologist studies" asked as "What does a meteorologist study?": a wh-clause with a subject before its verb, said in a
 * question's order (the verb's tense on "do", an auxiliary before the subject); undefined where the wh-word is the subject ("who
 * painted …", which reads as it is) or no verb follows a subject.
 */
function embeddedAsDirect(clause: string): string | undefined {
  const tokens = tokenizePhrase(clause);
  // The wh-phrase: the word, "how" and its adjective ("how long"), "how many/much" and its noun, "which" and its noun.
  let i = 1;
  const first = tokens[0].lower;
  // "how to start a compost pile" asked as "How do you start a compost pile?", whose answer the how-to rule reads.
  if (first === "how" && tokens[1]?.lower === "to" && tokens[2]?.pos === "VERB") return `How do you ${joinTokens(tokens.slice(2))}?`;
  // ("what causes the northern lights", "who wrote Hamlet": the wh-word is the subject of the -s or past verb after it, which the request's
  // own pattern reads.)
  if (
    (first === "what" || first === "who") &&
    /(?:[^s]s|ed)$/.test(tokens[1]?.lower ?? "") &&
    canBeVerb(tokens[1].lemma) &&
    /^(?:DET|PRON|ADJ|NUM|PROPN)$/.test(tokens[2]?.pos ?? "")
  )
    return undefined;
  if (first === "how" && /^(?:many|much)$/.test(tokens[1]?.lower ?? "")) {
    i = 2;
    while (tokens[i]?.pos === "ADJ") i++;
    if (tokens[i]?.pos === "NOUN") i++;
  } else if (first === "how" && /^(?:ADJ|ADV)$/.test(tokens[1]?.pos ?? "")) {
    i = 2;
  } else if (first === "what" && tokens[1]?.pos === "NOUN" && /^(?:DET|PROPN|PRON)$/.test(tokens[2]?.pos ?? "")) {
    // ("what lake the Suez Canal passes through": "what" and its noun, then the clause's own subject.)
    i = 2;
  } else if (first === "which") {
    while (tokens[i]?.pos === "ADJ") i++;
    if (tokens[i]?.pos !== "NOUN") return undefined;
    i++;
    // "which amino acid in tea is known for …": the wh-phrase is the clause's subject, so the clause is already a question's order.
    let k = i;
    while (tokens[k]?.pos === "ADP" && /^(?:DET|NOUN|PROPN|ADJ)$/.test(tokens[k + 1]?.pos ?? "")) {
      k++;
      while (/^(?:DET|ADJ)$/.test(tokens[k]?.pos ?? "")) k++;
      while (/^(?:NOUN|PROPN)$/.test(tokens[k]?.pos ?? "")) k++;
    }
    if (EMBEDDED_AUXILIARIES.has(tokens[k]?.lower ?? "") && k + 1 < tokens.length) return `${capitalize(clause)}?`;
  }
  const start = i;
  for (; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.pos === "PUNCT" || t.pos === "SCONJ" || t.pos === "CCONJ") return undefined;
    const verb = i > start ? embeddedVerb(t, tokens[i - 1], tokens[i + 1]) : undefined;
    if (!verb) {
      if (t.pos === "VERB" || t.pos === "AUX") return undefined;
      continue;
    }
    const wh = capitalize(joinTokens(tokens.slice(0, start)));
    const subjectTokens = tokens.slice(start, i);
    const subject = joinTokens(subjectTokens);
    const rest = joinTokens(tokens.slice(i + 1));
    const tail = rest === "" ? "" : ` ${rest}`;
    if (verb.auxiliary) return `${wh} ${t.lower} ${subject}${tail}?`;
    const doForm =
      verb.tense === "present-s"
        ? "does"
        : verb.tense === "past"
          ? "did"
          : isPluralPhrase(subjectTokens) || /^(?:i|you|we|they)$/.test(subject)
            ? "do"
            : undefined;
    return doForm ? `${wh} ${doForm} ${subject} ${verb.base}${tail}?` : undefined;
  }
  return undefined;
}

/**
 * The finite verb `t` of an embedded clause, after `before` and before `after`: an auxiliary (inverted: "where the Nile is"), or a
 * lexical verb with its base form and tense (said with "do"). "have" and "do" without a verb after them are lexical ("how many legs a
 * spider has", "what the heart does"); an -s word the tagger read as a noun at the clause's end is a verb ("what a meteorologist
 * studies"), as is an -ed word read as an adjective after a name ("who Einstein married").
 */
function embeddedVerb(
  t: Token,
  before: Token,
  after: Token | undefined,
): { auxiliary: true } | { auxiliary: false; base: string; tense: "present-s" | "past" | "base" } | undefined {
  const verbAfter = after !== undefined && (after.pos === "VERB" || after.pos === "AUX" || /(?:ed|en)$/.test(after.lower));
  if (/^(?:has|have|had|does|do|did)$/.test(t.lower) && !verbAfter) {
    const base = /^(?:has|have|had)$/.test(t.lower) ? "have" : "do";
    return {
      auxiliary: false,
      base,
      tense: /^(?:has|does)$/.test(t.lower) ? "present-s" : /^(?:had|did)$/.test(t.lower) ? "past" : "base",
    };
  }
  if (EMBEDDED_AUXILIARIES.has(t.lower)) return { auxiliary: true };
  // (The tagger can read the subject's noun as an adjective before the verb it took for a noun: "a plane records".)
  const nounBefore = /^(?:NOUN|PROPN|PRON|ADJ)$/.test(before.pos);
  if (t.pos === "VERB") {
    if (/ing$/.test(t.lower)) return undefined;
    const tense = t.lower === t.lemma ? "base" : /[^s]s$/.test(t.lower) && thirdPerson(t.lemma) === t.lower ? "present-s" : "past";
    return { auxiliary: false, base: t.lemma, tense };
  }
  if (!nounBefore) return undefined;
  if (t.pos === "NOUN" && /[^s]s$/.test(t.lower) && (after === undefined || /^(?:ADP|DET|ADV)$/.test(after.pos)) && canBeVerb(t.lemma))
    return thirdPerson(t.lemma) === t.lower ? { auxiliary: false, base: t.lemma, tense: "present-s" } : undefined;
  if (t.pos === "ADJ" && /ed$/.test(t.lower)) {
    const base = [t.lower.replace(/ied$/, "y"), t.lower.replace(/d$/, ""), t.lower.replace(/ed$/, "")].find(
      (b) => b !== t.lower && canBeVerb(b) && pastTense(b) === t.lower,
    );
    return base ? { auxiliary: false, base, tense: "past" } : undefined;
  }
  return undefined;
}

/**
 * The question an imperative asks ("How long is a marathon?", "What was the Marshall Plan?", "Who painted The Starry Night?"), so that
 * its frame is read; other questions as they are.
 */
function directQuestion(asked: string): string {
  const told = TOLD_CLAUSE_SEEN.test(asked) ? TOLD_CLAUSE.exec(asked) : null;
  const direct = told ? embeddedAsDirect(told[2]) : undefined;
  if (told && direct) return `${told[1]}${direct}`;
  const m = TOLD_MEASURE.exec(asked);
  if (m) return `${m[1]}${capitalize(m[2])} ${m[4].toLowerCase()} ${m[3]}?`;
  const did = TOLD_WHO_DID.exec(asked);
  if (did && !/\b(?:is|are|was|were)$/i.test(did[3])) return `${did[1]}${capitalize(did[2])} ${did[3]}?`;
  const w = TOLD_WHAT.exec(asked);
  // (Not a clause before the verb: "Explain what makes the sky blue.")
  return w && !/\b(?:is|are|was|were|do|does|did|makes?|causes?)\b/i.test(w[3])
    ? `${w[1]}${capitalize(w[2])} ${w[4].toLowerCase()} ${w[3]}${w[5] ?? ""}?`
    : asked;
}

/**
 * "I'm planning a trip to Sweden. How many people live there?" asked as "How many people live in Sweden?": the asker's sentences name
 * one place, which the final question's "there" stands for; the question as it was otherwise.
 */
function withPlaceFromContext(asked: string): string {
  const { context, last } = splitFinalSentence(asked);
  // (So its "its": "I'm planning a trip to Japan. What is its highest mountain?" asked as "What is Japan's highest mountain?".)
  const its = /\bits\b/i.test(last) && !/\b(?:the|a|an)\s[a-z]+\s.*\bits\b/i.test(last);
  if (!context || (!its && !/\sthere\b/.test(last)) || /\b(?:is|are|was|were) there\b|\bthere (?:is|are|was|were)\b/i.test(last))
    return asked;
  if (!context.split(/(?<=[.!?])\s+/).every((x) => ASKERS_SENTENCE.test(x))) return asked;
  const places = new Set(
    [...context.matchAll(/\b(?:to|in|at|visit|visiting)\s+((?:the )?[A-Z][a-z]+(?: [A-Z][a-z]+)*)/g)]
      .map((m) => m[1])
      .filter((x) => !CALENDAR_WORD.test(x)),
  );
  if (places.size !== 1) return asked;
  const place = [...places][0];
  if (!/ /.test(place) && !isProperWord(place.toLowerCase())) return asked;
  return its ? last.replace(/\b[Ii]ts\b/, `${place}'s`) : last.replace(/\sthere\b/, ` in ${place}`);
}

/** "Roughly: 1. slip 2. plastic …": a hedge written as a label before the answer, which hedges it ("roughly slip, plastic …"). */
const HEDGE_LABEL = /^(\s*(?:roughly|basically|mainly|mostly|broadly|usually|typically|generally))\s*:\s*(?=\S)/i;

/** "Good question!", "Great question —": a compliment on the question before the answer, which says nothing. */
const QUESTION_COMPLIMENT = /^\s*(?:(?:a |that's a |what a )?(?:good|great|excellent|interesting|fun|fair) question)\s*[!.,—–-]+\s*(?=\S)/i;

/**
 * "Short answer: probably …", "Good news: nothing at all!": a label before the answer, which says nothing (so the answer's hedge is read
 * as the answer's own).
 */
const ANSWER_LABEL =
  /^\s*(?:(?:the )?(?:short|quick|simple) (?:answer|version)|tl;?dr|(?:good|bad|great) news|fun fact|in short|in a word|(?:the )?bottom line|(?:the )?answer)\s*[:—–]\s*(?=\S)/i;

/** "What does "heeling" mean in sailing?": the question without its field, and the field. */
const MEANING_IN_FIELD = /^(\s*(?:[^.?!]*[.?!]\s+)?)(what (?:does|do) .+? (?:mean|stand for)) (in [a-z][^?,]{1,40}?)\s*\?\s*$/i;

/** The rules on a question and answer within the bound. */
function reformulateWithin(givenAsked: string, markedUp: string): Reformulation {
  // ("Tell me how long a marathon is." is asked as "How long is a marathon?", "Explain what X was." as "What was X?")
  const asked = withPlaceFromContext(directQuestion(givenAsked));
  // "What does LBW stand for in cricket?": the field opens the statement ("In cricket, LBW stands for leg before wicket."), so that it
  // neither follows the answer's own clause nor reads as part of it.
  const field = MEANING_IN_FIELD.exec(asked);
  if (field) {
    const r = reformulateWithin(`${field[1]}${field[2]}?`, markedUp);
    if (!r.fallback && r.statement !== "" && !r.statement.toLowerCase().includes(field[3].toLowerCase()))
      return openedWith(r, field[3], asked, markedUp);
  }
  // ("Surprisingly, yes — up to about 40 km/h …" to "Can wombats run fast?": a comment on the whole claim opens the statement.)
  const comment = SENTENCE_COMMENT.exec(markedUp.trim());
  if (comment) {
    const r = reformulateWithin(
      givenAsked,
      markedUp
        .trim()
        .slice(comment[1].length)
        .replace(/^[,\s]+/, ""),
    );
    if (!r.fallback && r.statement !== "") return openedWith(r, comment[1], asked, markedUp);
  }
  const given = withFrequencyAsYes(
    asked,
    withoutAdverbSaidAgain(
      asked,
      withoutHappened(
        asked,
        withCountedNoun(
          parseQuestion(asked),
          withoutCleft(asked, withoutEmphasis(markedUp.replace(ANSWER_LABEL, "").replace(HEDGE_LABEL, "$1 "))),
        ),
      ),
    ),
  );
  const shaped = chatAnswerShape(asked, given);
  if (shaped) return shaped;
  const about = whyAboutContext(asked, given);
  if (about) return about;
  // ("How much saltier than the ocean is the Dead Sea?" + "Roughly nine to ten times saltier.": an amount of a comparison.)
  const compared = comparedAmount(asked, given);
  if (compared) return ruleStatement(compared, "compared-amount", asked, given);
  // ("What's special about Telstar 1?" + "It was the first satellite …": the fact said of the thing.)
  const fact = aboutThingStatement(asked, given);
  if (fact) return ruleStatement(finish(fact), "about-thing", asked, given);
  // ("How long can lichens live?" + "Some, for thousands of years.": the claim of some of the question's plural subject.)
  const quantified = quantifiedSubject(asked, given, (q, a) => reformulate(q, a).statement);
  if (quantified) return ruleStatement(finish(quantified), "quantified-subject", asked, given);
  // "Probably around 2600 BC.": the rules read the answer after its hedge, which goes back on the statement's verb.
  // ("That's probably Jupiter." so: the pointing "that's" says nothing the hedge's phrase does not.)
  const pointed =
    /^\s*(?:[Tt]hat|[Ii]t)(?:['’]s| is| was| would be) (probably|possibly|likely|most likely|almost certainly) (?=[A-Z])/.exec(given);
  // ("Good question! Probably Mesopotamia …": after a compliment on the question, the hedge opens the answer.)
  const complimented = QUESTION_COMPLIMENT.exec(given);
  const split = splitHedgeAdverb(
    pointed ? `${capitalize(pointed[1])} ${given.slice(pointed[0].length)}` : complimented ? given.slice(complimented[0].length) : given,
  );
  // (A frequency adverb that opens a completion belongs to the sentence it completes: "… and are" + "typically materialized with stone".)
  const hedged = split && !(FREQUENCY_ADVERB.test(split.hedge) && !/\?\s*$/.test(asked)) ? split : undefined;
  if (hedged && !/^(?:yes|no|not)\b/i.test(hedged.rest)) return withHedgeKept(asked, hedged);
  // "Probably not." / "Probably, yes, …" to a yes/no question: the polarity applied, the hedge on its verb.
  if (hedged && /^(?:yes|no|not)\b/i.test(hedged.rest)) {
    const polar = withHedgedPolarity(asked, hedged);
    if (polar) return polar;
  }
  // "Which force causes the ball to stop? A) gravity B) friction" + "B) friction": the options are the question's apparatus, not its
  // proposition; the answer's letter stands for its option.
  const options = withoutAnswerOptions(withoutPartLabels(asked), given);
  const { question, answer } = withUnitAnswered(options.question, options.answer);
  const q = parseQuestion(question);
  const questionType = classifyParsed(question, q);
  const read = analyzeAnswer(withoutEchoedQuestion(q.final, answer));
  // "Sure! The main function of …": to a question that is not yes/no, an exclamation is a chat answer's opener, not a "yes".
  const a =
    q.frame.kind !== "yes-no" &&
    read.polarity === "yes" &&
    read.afterPolarity !== "" &&
    (/^\s*[A-Za-z ]+!\s/.test(answer) || /^\s*(?:sure|certainly|absolutely|of course)\s*[,:—–-]/i.test(answer))
      ? analyzeAnswer(read.afterPolarity)
      : read;
  if (a.text === "" && a.rest === "") {
    return { statement: "", questionType, rule: "empty-answer", fallback: false, flagged: true, doubts: ["empty answer"] };
  }
  // (After an opener the answer proper is read: "Sure! Fibonacci introduced them, in his book …".)
  const own = a === read ? answer : read.afterPolarity;
  const introduced = q.frame.kind === "yes-no" ? undefined : splitIntroduction(own);
  // "Maurice Garin, in 1903.": the phrase takes the question's place and its adjunct goes at the end.
  // ("It was Leon Festinger, in 1957." to a who-question: the phrase after "it was" and its adjunct.)
  const focus =
    q.frame.kind === "wh-subject" && /^(?:it|that)\s+(?:is|was)\s[^,]+, /i.test(a.text) ? predicateOfDummySubject(a)?.text : undefined;
  // (In the answer's first sentence: "That'd be J. M. W. Turner, in 1839. It shows …".)
  const adjunct =
    q.frame.kind === "yes-no" || introduced || q.fronted ? undefined : splitTrailingAdjunct(focus ?? (a.rest || a.framed ? a.text : own));
  // ("Wilhelm Schickard, in 1623, though Blaise Pascal's machine …": the adjunct before the answer's own concession.)
  const conceded =
    adjunct || introduced || q.fronted || q.frame.kind === "yes-no" || a.isClause
      ? null
      : CONCESSION_AFTER.exec(focus ?? (a.rest || a.framed ? a.text : own));
  const beforeConcession = conceded ? splitTrailingAdjunct(conceded[1]) : undefined;
  const r = introduced
    ? realize(q, analyzeAnswer(introduced.clause), question)
    : adjunct
      ? withAdjunct(realize(q, analyzeAnswer(adjunct.phrase), question), adjunct.adjunct, adjunct.phrase)
      : conceded && beforeConcession
        ? withConcession(
            withAdjunct(realize(q, analyzeAnswer(beforeConcession.phrase), question), beforeConcession.adjunct, beforeConcession.phrase),
            conceded[2],
          )
        : realize(q, a, question);
  // After the introduction a capital the answer wrote stays ("…, Venus has"); else the clause reads on mid-sentence ("…, the Moon is").
  let sentence = introduced
    ? `${capitalize(introduced.introduction)}${introduced.joiner}${/^[a-z]/.test(introduced.clause) ? midSentence(r.sentence) : r.sentence}`
    : r.sentence;
  // After a fronted clause the statement goes on in lower case, unless it opens with a name.
  if (q.fronted)
    sentence = `${q.fronted} ${/^[a-z]/.test(a.text) && sentence.startsWith(capitalize(a.text)) ? a.text[0] + sentence.slice(1) : midSentence(sentence)}`;
  sentence = capitalize(withPortionOf(withSuperlativeNoun(impersonal(saidOnce(sentence, q.final), answer, q.final), q.final), q.final));
  sentence = withQuestionsCapital(sentence, q.final, a.text);
  // Later sentences follow; a yes/no realiser has placed them already.
  if (a.rest && !(q.frame.kind === "yes-no" && a.polarity)) sentence = `${endSentence(sentence)} ${a.rest}`;
  // The context is the question's own, already clean: only its question marks become periods. The asker's framing goes, where the
  // question stands without it.
  const framing = q.context !== "" && askersFraming(q);
  const statement = q.context && !framing ? `${statedContext(q.context)} ${finish(sentence)}` : finish(sentence);
  // ("My dog keeps scratching his ears." + "He most likely has …": the statement keeps the context, where the pronoun's noun is.)
  const ruleDoubts =
    q.context && r.doubts.includes("pronoun left unresolved") && antecedentInContext(a.text, q.context)
      ? r.doubts.filter((d) => d !== "pronoun left unresolved")
      : r.doubts;
  const doubts = [...ruleDoubts, ...statementDoubts(framing ? q.final : question, answer, statement)];
  return { statement, questionType, rule: r.rule, fallback: r.rule === "question-colon", flagged: doubts.length > 0, doubts };
}

/**
 * "… is that Tahitian vanilla is more floral …" for "What's the difference between Tahitian and Madagascar vanilla?": the answer's first
 * word, lowered mid-sentence as a common word, keeps the capital the question gives it inside its own sentence (a name or its adjective).
 */
function withQuestionsCapital(sentence: string, question: string, answer: string): string {
  const word = /^([A-Z][a-z]{2,})\b/.exec(answer.trim())?.[1];
  if (!word || !capitalisedInside(word, question)) return sentence;
  // (Only where the statement has the word once, lowered: that is the answer's.)
  const lowered = [...sentence.matchAll(cachedRegExp(`(?<=\\S\\s+)${word.toLowerCase()}\\b`, "g"))];
  if (lowered.length !== 1) return sentence;
  const at = lowered[0].index ?? 0;
  return `${sentence.slice(0, at)}${word}${sentence.slice(at + word.length)}`;
}

/** A context sentence about the asker ("I'm training for my first half marathon.", "My daughter asked me this at dinner."). */
const ASKERS_SENTENCE = /^(?:I|I['’](?:m|ve|d|ll)|My|We|We['’](?:re|ve|d)|Our)\s/;
/** What an asker's sentence says about the asking itself: who asked, for what, why they wonder ("My daughter asked me this at dinner."). */
const ABOUT_THE_ASKING =
  /\b(?:asked me|asks me|asking me|keeps? seeing|mentioned|(?:reading|learning|read) about|wonder(?:ing|ed)?|curious|quiz(?:zes)?|trivia|homework|report|essay|exam|test|mixing (?:these|them|those|the two) up|settle (?:a|an|the) (?:bet|argument|debate)|pub quiz|seeing this|heard this|came up)\b/i;
/**
 * Words of a final question that lean on what came before it, or on the asker (not "we" or "you", people in general after words on the
 * asking alone: "My kid keeps asking me this. Why do we have eyebrows?").
 */
const LEANS_ON_CONTEXT =
  /\b(?:I|me|my|mine|it|its|this|that|these|those|they|them|their|he|him|his|she|her|one|such|there|here|so|else|also|too|instead)\b/i;
/**
 * Whether the question's context only tells who asks and why, so that the statement does not claim the asker's story: every context
 * sentence is about the asker, the final question leans on none of it, and the sentences are words on the asking ("I keep seeing this
 * in quizzes. What is the smallest planet …?") or the question names its own thing (see standsAlone). (A situation the question leans
 * on stays: "I'm planning to hike Kilimanjaro next year. How long does the climb take?")
 */
function askersFraming(q: ParsedQuestion): boolean {
  const sentences = q.context.split(/(?<=[.!?])\s+/);
  if (!sentences.every((x) => ASKERS_SENTENCE.test(x)) || LEANS_ON_CONTEXT.test(q.final) || q.frame.kind === "unparsed") return false;
  return sentences.every((x) => ABOUT_THE_ASKING.test(x)) || standsAlone(q.final);
}

/**
 * Whether a question names what it asks about by itself, so that the asker's situation before it adds nothing to the statement ("I'm
 * training for my first marathon. How far is a marathon?"): a thing named with "a" or a capital, and no "the" before a common word, nor
 * the asker or the listener ("How long does the climb take?", "When is the best time to go?" lean on the situation).
 */
function standsAlone(final: string): boolean {
  // (A "the" phrase that a name ends is the question's own: "What is the highest peak in the Alps?".)
  const unanchored = final.replace(/\bthe [a-z][\w-]*(?: [a-z][\w-]*){0,2} (?:in|of|on) (?:the )?[A-Z]/g, "");
  return (
    /\b(?:a|an) [a-z]|\s[A-Z][a-z]|\s[A-Z]{2,}\b/.test(final) &&
    !/\bthe [a-z]/i.test(unanchored) &&
    !/\b(?:we|us|our|you|your)\b/i.test(final)
  );
}
