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
import { FINITE_AUXILIARIES } from "./auxiliaries.js";
import { HEDGE_SAID_TWICE } from "./answer.js";
import { askedThing } from "./about-thing.js";
import { answerPartDoubts } from "./placement.js";
import { choiceDoubts } from "./choice.js";
import { opensLowerCaseList } from "./names.js";
import { STATEMENT_MAX_ANALYSED_CHARS } from "./limits.js";
import { canBeAdjective, canBeVerb, isProperWord, isUncountable, isVerbFirst, lexicalNumber, looksPlural } from "./nlp.js";
import {
  COUNT_ONLY,
  QUOTATION,
  cachedRegExp,
  escapeRegExp,
  hasSuffix,
  occurrences,
  splitFinalSentence,
  statedContext,
  withoutFinalStops,
  wordSet,
} from "./text.js";
import { fourGramsByText } from "./four-grams.js";
import { hasRepeatedFourGram, statementWords, wordsOf } from "./wellformed.js";

/** Words that carry no content of the question's proposition. */
const FUNCTION_WORDS = new Set(
  (
    "a an the of to in on at by for with from into onto about as and or but nor so than then that this these those there here " +
    "is are was were be been being am do does did done doing has have had can could will would shall should may might must " +
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
  /^\s*(?:(?:in|on|at|to|from|for|with|by|of|into|during|under|through)\s+)?(?:what|which|whose)\s+(?:[\w'-]+\s+){1,3}?(?=(?:is|are|was|were|do|does|did|can|could|will|would|should|has|have|had|may|might|must)\b)/i;

/**
 * Choices listed after the question proper ("Which is a source of light: the Moon, a mirror, or a candle?" →
 * "the Moon, a mirror, or a candle"), or "": the text after the last colon or inner question mark, when it has a comma and an "or".
 */
function listedChoices(question: string): string {
  const q = question.trim().replace(/[?.]+$/, "");
  const at = Math.max(q.lastIndexOf(":"), q.lastIndexOf("?"));
  if (at < 0) return "";
  const tail = q.slice(at + 1).trim();
  return tail.includes(",") && /\bor\b/.test(tail) && tail.length < 200 ? tail : "";
}
/** A final sentence that asks two things: "What is the symbol for sodium, and why?" */
const TWO_QUESTIONS = /,\s*and\s+(?:why|how)\b|\band\s+(?:why|how)\s*\??\s*$/i;
/** A superlative with its noun ("the tallest mountain", "the first person"). */
const SUPERLATIVE_NOUN = /\bthe (?:[a-z]+est|first|last|only) (?!(?:of|in|on|at|to|by|and|or|one)\b)[a-z]{3,}/i;

/**
 * A crude stem, so that "rates" and "rate", "describes" and "described" meet: the longest of -ies, -ing, -es, -ed, -s cut
 * (suffix tests, not a regex: this runs on every word of every statement).
 */
function stem(w: string): string {
  const cut = stemCut(w);
  return cut === 0 ? w : w.slice(0, w.length - cut);
}

/** How many letters `stem` cuts from `w`: 3 for -ies and -ing, 2 for -es and -ed, 1 for -s (read by character codes). */
function stemCut(w: string): number {
  const n = w.length;
  const last = w.charCodeAt(n - 1);
  const before = n >= 2 ? w.charCodeAt(n - 2) : 0;
  if (last === 115 /* s */) {
    if (before !== 101 /* e */) return 1;
    return n >= 3 && w.charCodeAt(n - 3) === 105 /* i */ ? 3 : 2;
  }
  if (last === 103 /* g */) return before === 110 /* n */ && n >= 3 && w.charCodeAt(n - 3) === 105 /* i */ ? 3 : 0;
  return last === 100 /* d */ && before === 101 /* e */ ? 2 : 0;
}

/** What the checks read of a question, memoised: a question recurs for every answer to it. */
interface AskedQuestion {
  /** The stems of the content words of its final sentence, the wh-phrase left out. */
  readonly stems: readonly string[];
  /** The sentences before the final one, their question marks made periods (as a statement copies them). */
  readonly context: string;
  /** How often the question says "what" besides its own wh-word ("Which … best explains what happened …?" says it once). */
  readonly whats: number;
  /** The choices the question lists after its question ("…: coal, wind, or natural gas"), or "". */
  readonly choices: string;
  /** Whether the final sentence asks two things ("What is …, and why?"). */
  readonly twoQuestions: boolean;
  /** Whether the final sentence has a superlative with its noun ("the tallest mountain", "the first person"). */
  readonly superlativeNoun: boolean;
}

/** "What's wrong", "what could be wrong": the words that ask for the problem (see the coverage check). */
const WHAT_IS_WRONG = /\bwhat(?:['’]s|\s+is|\s+are|\s+could be|\s+might be|\s+can be|\s+may be)\s+wrong\b/i;

const askedQuestions = new Map<string, AskedQuestion>();
function askedQuestion(question: string): AskedQuestion {
  let asked = askedQuestions.get(question);
  if (asked) return asked;
  const { context, last } = splitFinalSentence(question);
  // The wh-phrase's noun ("gas" in "What gas do humans exhale?") is what the answer replaces.
  asked = {
    // ("What's special about Telstar 1?": only the thing is the question's; any fact about it answers.)
    stems: contentWords(askedThing(last) ?? last.replace(WH_PHRASE, "")).map((w) => stem(withoutPossessive(w))),
    context: statedContext(context),
    whats: Math.max(0, count(WHAT, question) - (ASKS_OTHER.test(last) ? 0 : 1)),
    choices: listedChoices(question),
    twoQuestions: TWO_QUESTIONS.test(last),
    superlativeNoun: SUPERLATIVE_NOUN.test(last),
  };
  if (askedQuestions.size > 50_000) askedQuestions.clear();
  if (question.length <= 4000) askedQuestions.set(question, asked);
  return asked;
}

/** Share of the question's content words the statement keeps (1 when the question has none). */
export function questionCoverage(statement: string, question: string): number {
  return coverageOf(statement, askedQuestion(question));
}

/** `questionCoverage` with the question read; `saidAs` is a stem the statement says in other words ("wrong" as "the problem"). */
function coverageOf(statement: string, question: AskedQuestion, saidAs?: string): number {
  const asked = question.stems;
  if (asked.length === 0) return 1;
  const words = wordsOf(statement);
  let n = 0;
  for (const s of asked) {
    const same = SAME_SUPERLATIVE[s];
    if (s === saidAs || keepsStem(words, s) || (same !== undefined && keepsStem(words, same))) n++;
  }
  return n / asked.length;
}

/** Superlatives that say the same size ("The moose is the biggest deer species" says the question's "largest"), by stem. */
const SAME_SUPERLATIVE: Readonly<Record<string, string>> = { largest: "biggest", biggest: "largest" };

/** Whether a content word of `words` has the stem `s` (no stem nor set made: most words differ from `s` in length already). */
/** A word without its possessive ending ("compass's" → "compass", "bees'" → "bees"). */
function withoutPossessive(word: string): string {
  return word.endsWith("'s") ? word.slice(0, -2) : word.endsWith("'") ? word.slice(0, -1) : word;
}

function keepsStem(words: readonly string[], s: string): boolean {
  for (const word of words) {
    // (A possessive keeps its noun: "a compass's needle" says "compass".)
    const w = withoutPossessive(word);
    const cut = w.length - s.length;
    if (cut >= 0 && cut <= 3 && stemCut(w) === cut && w.startsWith(s) && isContentWord(w)) return true;
  }
  return false;
}

/**
 * True when a 4-gram occurs in the statement more often than in the question or the answer alone (the answer repeats the question after
 * it).
 */
export function repeatsQuestionInAnswer(statement: string, question: string, answer: string): boolean {
  const words = wordsOf(statement);
  if (!hasRepeatedFourGram(words)) return false;
  // The 4-grams of the question, the answer and the statement told apart by numbers in one scan (no string key, no map).
  const grams = fourGramsByText([statementWords(question), statementWords(answer), words]);
  for (let g = 0; g < grams.size; g++) {
    const n = grams.inText[3 * g + 2];
    if (n >= 2 && n > Math.max(grams.inText[3 * g], grams.inText[3 * g + 1])) return true;
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
    if (prevStart >= 0 && prevEnd - prevStart === length && sameLettersCaseBlind(s, prevStart, start, length)) return true;
    prevStart = start;
    prevEnd = i;
    start = -1;
  }
  return false;
}
/** Whether the `length` ASCII letters of `s` at `a` and at `b` are the same letters, case aside (no string made). */
function sameLettersCaseBlind(s: string, a: number, b: number, length: number): boolean {
  for (let k = 0; k < length; k++) if ((s.charCodeAt(a + k) | 32) !== (s.charCodeAt(b + k) | 32)) return false;
  return true;
}

// ("in his will, famously": "will" after a determiner is the noun.)
const COMMA_AFTER_FUNCTION =
  /\b(?:in|on|at|of|to|by|for|with|from|the|a|an|(?<!\b(?:his|her|their|its|my|your|our|a|the) )will|would|can|could|should|is|are|was|were)\s*,\s/i;
// (Not a capital letter that names a kind after a capitalised word: "Vitamin A is …", "Type O blood".)
const CAPITAL_INSIDE =
  /(?<!\b[A-Z][a-z]*)[a-z,] (?:A|An|The|It|They|This|These|Those|We|He|She|There|Its|Their|Our|As|If|When|Because|Don't|Do|Never|Always|About|Along|Around|Approximately|Nearly|Almost|Roughly|Between|During|Since|Until|Only|Just|Mostly|Mainly|Usually|Probably|Most|Many|Yes|Not) [a-z0-9]/;

/** "Basque belongs to None — …": the answer's opening "None" (or "Nobody", "Nothing") left capitalised inside the sentence. */
const CAPITAL_NONE = /[a-z,] (?:None|Nobody|Nothing|Neither)(?=[\s.,;:!?—–]|$)/;

/**
 * Whether `words` say a content word of four letters or more twice that `saidTwice` reads as a verb: in -ed, or in -s where the
 * lexicon's first reading of its stem is a verb. The few words of that shape are compared with those before them (no set made: this
 * runs on every statement), and the lexicon is asked only of one said twice.
 */
function repeatsVerbForm(words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w.length < 4 || !(hasSuffix(w, "ed") || hasSuffix(w, "s"))) continue;
    let before = false;
    for (let j = 0; j < i && !before; j++) before = words[j].length === w.length && words[j] === w;
    if (before && isContentWord(w) && isVerbForm(w)) return true;
  }
  return false;
}

/** A word in -ed, or in -s whose stem is first a verb in the lexicon ("causes", not "cells"): the verbs `saidTwice` counts. */
function isVerbForm(w: string): boolean {
  return /ed$/.test(w) || (/s$/.test(w) && isVerbFirst(w.replace(/e?s$/, "")));
}

/**
 * A content word the statement says more often than the question or the answer alone does ("… discovered it in 1953
 * discovered the structure of DNA"): the answer's clause and the question's predicate glued together.
 */
function saidTwice(statement: string, question: string, answer: string): string | undefined {
  // A verb said twice in one sentence is said twice in the statement: most statements have none.
  if (!repeatsVerbForm(wordsOf(statement))) return undefined;
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
      if (n < 2 || !isVerbForm(w)) continue;
      q ??= counts(question);
      a ??= counts(answer);
      // (The question's verb in its base form, said again by the answer: "Which mountain did Cézanne paint over and over?" + "… — he
      // painted it dozens of times" → "Cézanne painted … — he painted it …".)
      const base = /[a-z]{3}ed$/.test(w) ? (q.get(w.slice(0, -2)) ?? q.get(w.slice(0, -1)) ?? 0) : 0;
      if (n > Math.max(q.get(w) ?? 0, a.get(w) ?? 0, base + (a.get(w) ?? 0))) return w;
    }
  }
  return undefined;
}

/** A sentence that is only an adverb or a concession after a yes or no: "surprisingly.", "despite the myth.". */
const PHRASE_SENTENCE = /^(?:\w+ly|(?:despite|in spite of|except|apart from) [^,;.!?]+)[.!]?$/i;

const WHAT = /\bwhat\b/gi;
/** A final sentence that opens with a wh-word other than "what" ("Which statement best explains what …?"): its "what"s are its own words. */
const ASKS_OTHER = /^\W*(?:[a-z]+\s+)?(?:which|who|whom|whose|where|when|why|how)\b/i;

function count(re: RegExp, s: string): number {
  return s.match(re)?.length ?? 0;
}

/** Auxiliaries and copulas that start a predicate. */
const PREDICATE_START = /^(?:is|are|was|were|would|will|can|could|should|may|might|must|does|do|did|shows?|means?|causes?)$/;
/** Words after which a bare verb ("turn", "tax") reads as a verb, not a noun: its object or particle. */
const AFTER_VERB =
  /^(?:the|a|an|your|their|his|her|its|our|my|this|these|those|both|all|some|each|every|any|it|them|off|up|out|down|away|back)$/;
/** Words that open a clause joined to the one before: "because …", "but …", "which …". */
const SUBORDINATE =
  /^(?:because|since|as|but|although|though|even though|even if|whereas|so|which|who|and|or|when|while|if|unless|like|such|especially|except|for|not|only|in|at|on|with)\b/i;
/** Words that may follow "it takes 8 minutes": "for light", "to boil", "on average", "or more". */
const TAKES_NEXT = /^(?:for|to|on|in|at|of|and|or|per|each|every|when|if|before|after|while|until|as|since|from)$/i;
/** Past forms that are not -ed, -en: "made up of" is no instruction ("cut", "put", "set" are left out: as often bare verbs). */
const IRREGULAR_PAST = wordSet("made held kept left built found brought bought taught thought caught sold told sent spent lost paid said");
/** Words that may follow an answer sentence in a statement: the question's adjunct or a clause ("… from sunlight", "… because …"). */
const MAY_FOLLOW =
  /^(?:in|on|at|by|for|with|from|into|onto|to|of|about|as|than|during|after|before|until|since|through|because|when|while|if|so|and|or|but|which|that|who|where|most|more|best)$/;
const FINITE = new Set(FINITE_AUXILIARIES);
const BE_OR_HAVE = /^(?:is|are|was|were|be|been|being|am|has|have|had|get|gets|got)$/;
const NUMBER_WORDS =
  /^(?:\d[\d,]*(?:\.\d+)?|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|hundreds?|thousands?|millions?|many|several|few|some)$/;

/**
 * Doubts of kinds the first checks missed on the hand-labelled sets (flags.csv, flags-2.csv), each a way a statement goes bad
 * that a cheap look at its words can see: the answer's opening capital kept mid-sentence while its other words are lower-case,
 * the question's list of choices copied, a question that asks two things, "does this" standing for the question's predicate,
 * "the only one" or a superlative left without the noun the question names, an imperative answer used as a noun, a full-sentence
 * answer made the subject of the question's predicate or followed by the question's last words, "it takes 8 minutes light",
 * a plural after "there is", one thing said to be a plural, "because of" before a clause, and a yes/no answer's clause spliced
 * on with a comma. Lexicon look-ups are memoised
 * and made only once the words' shape calls for them.
 */
function kindDoubts(statement: string, own: string, question: string, answer: string, asked: AskedQuestion): string[] {
  const out: string[] = [];
  const ans = withoutFinalStops(answer);
  // Each regex below runs only where a plain substring test finds its literal words, and the statement is lower-cased only where
  // a check needs it: these checks run on every statement.
  let lowered: string | undefined;
  const low = () => (lowered ??= own.toLowerCase());
  let answerWords: string[] | undefined;
  const words = () => (answerWords ??= statementWords(ans));
  // "The main gases in Earth's atmosphere are Nitrogen and oxygen.": a capital that only opened the answer, its other words lower-case.
  // The next word is a function word ("Nitrogen and oxygen", "Sunlight is reduced") or the answer a list, not a noun the capital
  // may name ("Doppler effect", "Golgi apparatus") nor a clause about it ("Lava, which …").
  // ("Jump-start it …": a hyphenated word too.)
  const opening = /^([A-Z][a-z]{2,}(?:-[a-z]+)?)(,?)\s+([a-z]+)/.exec(ans);
  // ("Iron, copper and tin": a list.)
  const opener = opening && (opening[2] === "," ? opensLowerCaseList(ans) : FUNCTION_WORDS.has(opening[3])) ? opening[1] : undefined;
  if (opener && !/\s[A-Z]/.test(ans) && !question.includes(opener)) {
    const at = statement.indexOf(opener);
    if (at > 1 && /[a-z,] $/.test(statement.slice(at - 2, at)) && !isProperWord(opener.toLowerCase().split("-")[0]))
      out.push(`reads: the answer's opening capital kept on "${opener}"`);
  }
  // "Wind is a renewable energy source: coal, wind, or natural gas.": the question's choices copied.
  if (asked.choices && statement.includes(asked.choices) && !answer.includes(asked.choices)) out.push("reads: the question's choices kept");
  // "The chemical symbol for sodium, and why is Na …": one statement cannot answer two questions.
  if (asked.twoQuestions) out.push("context: the question asks two things");
  // "The xylem does this, which carries water …": "does this" stands for the question's predicate (not "can do it", "to do so").
  const proVerb = /\bd(?:o|oes|id) (?:this|that|it|so)\b/i.exec(own);
  if (
    proVerb &&
    !/(?:\b(?:can|could|will|would|should|may|might|must|to)|n't) $/i.test(own.slice(Math.max(0, proVerb.index - 7), proVerb.index)) &&
    !new RegExp(`\\b${proVerb[0]}\\b`, "i").test(question)
  )
    out.push(`context: "${own.slice(proVerb.index, proVerb.index + proVerb[0].length)}" stands for the question's words`);
  // "Mercury is the only one that is liquid …": "one" stands for the noun the question names.
  // (An adjective between: "the first practical one".)
  const one = own.includes(" one") || own.includes(" One") ? /\bthe (?:only|first|last|[a-z]+est)(?: [a-z]+)? one\b/i.exec(own) : null;
  if (one && !/\bone\b/i.test(question)) out.push(`context: "${one[0].toLowerCase()}" stands for the question's noun`);
  else if (asked.superlativeNoun) {
    // "Mount Everest is the tallest, at about 8,849 meters." for "What is the tallest mountain in the world?": the noun left out.
    const bare = /\bthe (?:[a-z]{3,}est|first|last)(?=\s*(?:[,.;:]|$)|\s+(?:that|which|who|at|with|by)\b)/i.exec(own)?.[0].toLowerCase();
    if (bare && !/^the (?:rest|west|interest|forest|test|best)$/.test(bare)) out.push(`context: "${bare}" names no noun`);
  }
  // "One way to save water is turn off the tap.", "Tax the firm is an action …": an imperative answer used as a noun.
  if (AFTER_VERB.test(/^[A-Za-z]+ ([A-Za-z]+)/.exec(ans)?.[1]?.toLowerCase() ?? "")) {
    const [verb] = words();
    // (In -ne only "done", "gone" and "shone" are participles: "imagine", "determine" are instructions.)
    if (!/(?:ing|ed|en|wn)$|^(?:done|gone|shone)$/.test(verb) && !IRREGULAR_PAST.has(verb)) {
      const a = ans.toLowerCase();
      const lower = low();
      const k = lower.indexOf(a);
      const before = k > 0 ? statementWords(lower.slice(Math.max(0, k - 12), k)).at(-1) : undefined;
      const after = k >= 0 ? statementWords(lower.slice(k + a.length, k + a.length + 12))[0] : undefined;
      // "The first thing to do is plan the work": after "do … is" a bare verb is English.
      // (Not after "To know how far away a thunderstorm is, …": the purpose ends there.)
      const afterCopula =
        before !== undefined &&
        /^(?:is|are|was|were)$/.test(before) &&
        !/\bdo\b/.test(lower.slice(0, k)) &&
        !(lower.startsWith("to ") && lower.slice(Math.max(0, k - 2), k) === ", ");
      // (So where the statement says the answer after its opener: "Great question! Imagine the day …" → "… is imagine the day …".)
      const saidAfterCopula =
        k < 0 && cachedRegExp(`\\b(?:is|are|was|were) ${escapeRegExp(verb)}\\b`, "").test(lower) && !/\bdo\b/.test(lower);
      const asNoun = afterCopula || saidAfterCopula || (after !== undefined && PREDICATE_START.test(after));
      if (asNoun && canBeVerb(verb)) out.push("reads: an instruction used as a noun");
    }
  }
  const glued = gluedAfterAnswer(own, ans, words);
  if (glued) out.push(glued);
  // "It takes about 8 minutes light from the Sun to reach Earth.": a duration with no "for" before whom it takes.
  const takes =
    own.includes("ake") || own.includes("ook")
      ? /\bit (?:takes|took|will take|can take) (?:[a-z]+ ){0,2}[\d.,]+ [a-z]+(?: and [\d.,]+ [a-z]+)? ([a-z]+)/i.exec(own)
      : null;
  if (takes && !TAKES_NEXT.test(takes[1]) && !question.toLowerCase().includes(takes[0].toLowerCase()))
    out.push(`reads: "${own.slice(takes.index, takes.index + takes[0].length)}" lacks "for"`);
  // "There is 1,440 minutes in a day.": a plural after "there is".
  const there = own.includes("here ") ? /\bthere (?:is|was) ([\w,.]+)/i.exec(own)?.[1].toLowerCase() : undefined;
  if (there && NUMBER_WORDS.test(there) && !/^(?:1|one)$/.test(there) && !/\bthere (?:is|was)\b/i.test(answer))
    out.push('reads: a plural after "there is"');
  // "An animal that hibernates in winter is bears.": one thing said to be a plural.
  if (!ans.includes(" ") && /^\s*(?:A|An|One) /.test(own) && /[^s]s$/.test(ans)) {
    const word = words()[0] ?? "";
    const tail = new RegExp(`\\b(?:is|was) ${word}\\.?$`);
    if (tail.test(low().trim()) && (lexicalNumber(word) === "plural" || looksPlural(word))) out.push(`reads: one thing is "${word}"`);
  }
  // "Dolphins are related to whales, both are cetaceans." for "Yes, both are cetaceans.": the answer's clause spliced on
  // with a comma, where a careful annotator starts a sentence or joins it with "because".
  const after = /^(?:yes|no|yep|yeah|nope|not (?:really|quite|exactly|necessarily|always|strictly|entirely))\b[,.!]?\s+(\S.*)$/i.exec(
    ans,
  )?.[1];
  // (Not a phrase that ends its sentence: "Yes, surprisingly.", "Not really, despite the myth. They may …".)
  if (after && !SUBORDINATE.test(after) && !PHRASE_SENTENCE.test(after.split(/(?<=[.!?])\s/, 1)[0])) {
    const splice = `, ${after.toLowerCase()}`;
    // (A short noun phrase after the comma is an apposition: "…, a founding member", "…, a yellow dwarf star"; an amount is no clause:
    // "…, about one-sixth of Earth's".)
    if (
      low().includes(splice) &&
      !low().startsWith(splice.slice(2)) &&
      !/^(?:an?|the) [a-z]+(?: [a-z]+){0,2}[.!]?$/i.test(after) &&
      !/^(?:about|around|roughly|nearly|almost|over|under|up to|just|only) /i.test(after)
    )
      out.push("reads: the answer's clause spliced on with a comma");
  }
  // "Cats purr because of mostly to show …", "… because of when they're content": "because of" before what is not a noun.
  if (
    own.includes("ecause of ") &&
    /\bbecause of (?:to|they|it|he|she|we|because|when|whenever|if|while|[a-z]+ly|from|in|into|by|with|for|at|on|nobody|no one|there|that's|it's)\b|\bbecause of [A-Z][a-z]+['’]s (?:totally|really|not|sure|no)\b/i.test(
      own,
    ) &&
    !/\bbecause of\b/i.test(answer)
  )
    out.push('reads: "because of" before a clause');
  return out;
}

/**
 * Words of the question glued after an answer that is a sentence of its own: its subject made the subject of the question's
 * predicate ("Rivers once flowed through the area, and dinosaurs lived there is a likely conclusion …"), or the question's
 * last words put after it ("This tells the area was once covered by an ocean scientists."). The answer is found from its second
 * word on (its first may have been replaced: "They" → "Fish"); words that may follow a sentence ("from sunlight", "because …") pass.
 */
function gluedAfterAnswer(own: string, ans: string, answerWords: () => readonly string[]): string | undefined {
  const space = ans.indexOf(" ");
  if (space < 0) return undefined;
  const body = ans.slice(space + 1);
  const at = own.indexOf(body);
  if (at < 0) return undefined;
  const rest = own.slice(at + body.length);
  const next = /^ ([A-Za-z]+)/.exec(rest)?.[1]?.toLowerCase();
  // (A possessive takes the question's noun after it: "It was Albert Einstein's." → "… was Albert Einstein's idea.")
  if (next === undefined || MAY_FOLLOW.test(next) || /['’]s?$/.test(body)) return undefined;
  const words = answerWords();
  if (words.length < 4) return undefined;
  // A sentence has a finite verb: an auxiliary, or a past tense ("flowed"), not a participle ("is determined", "compared to").
  // Each comma-separated part is read alone: "stronger heart, improved endurance" has no verb.
  // A gerund's phrase is a noun phrase, whatever clause it holds ("Making sure trash is reused").
  const sentence =
    !/ing$/.test(words[0]) &&
    ans
      .replace(/\b(?:which|that|who|whose|where|when|because|if|than)\b.*$/i, "")
      .split(",")
      .some((part) => {
        const main = statementWords(part.replace(/[\w']+-[\w'-]+/g, "x")); // "long-sleeved" is an adjective
        return main.some(
          (w, k) =>
            k > 0 &&
            (FINITE.has(w) ||
              (/[a-z]{2}[^e]ed$/.test(w) &&
                !BE_OR_HAVE.test(main[k - 1]) &&
                !FUNCTION_WORDS.has(main[k - 1]) &&
                !/^(?:to|by|with|of|as|for|into|from)$/.test(main[k + 1] ?? ""))),
        );
      });
  if (!sentence) return undefined;
  if (PREDICATE_START.test(next)) return "reads: a sentence answer made the subject";
  // "Diamond is the hardest natural substance.": the question's noun after the answer's adjective completes it.
  const last = words[words.length - 1];
  // (So does the question's counted noun after the answer's count: "The Bactrian camel has two humps.")
  if (/est$|^(?:first|last|second|third)$/.test(last) || canBeAdjective(last)) return undefined;
  if (COUNT_ONLY.test(last) && /^ [a-z]+s[.!]?\s*$/.test(rest)) return undefined;
  return /^ [A-Za-z]+(?: [A-Za-z]+)?[.!]?\s*$/.test(rest) ? `reads: "${rest.trim()}" glued after the answer` : undefined;
}

/** "The author of X was written by …": an agent noun with the passive of its own verb. */
const AGENT_PASSIVE =
  /\bThe (?:author|writer|composer|painter|inventor|director|designer|architect|founder) of\b[^.]*\b(?:is|was|were|are) (?:written|composed|painted|invented|directed|designed|built|founded) by\b/;

/**
 * Doubts about the statement's own part (after the question's context) that chat answers bring: the asker's "I" or "my" kept where a
 * statement is impersonal; "tides're" and "for to make", which are not English; a hedge or "its first" said twice; a fragment sentence.
 */
function askerDoubts(statement: string, own: string, question: string, answer: string): string[] {
  const out: string[] = [];
  // "I should boil an egg about 6 minutes …", "If my car battery dies, …": the asker's "I" or "my" in the statement's own sentences (not
  // the question's context it copies) says it of the asker, where a statement says it of anyone. ("I" before a lower-case word and after no
  // capitalised one: "World War I began" names a war.)
  // (Not words in quotes, "I think, therefore I am"; nor where the question's context is the asker's own: "I put $1,000 … I will have".)
  const unquoted = (s: string) => (s.includes('"') || s.includes("“") || s.includes("'") || s.includes("‘") ? s.replace(QUOTATION, "") : s);
  const asks = /\b(?:I|my|me|My)\b/.test(question) ? unquoted(question) : "";
  if (asks !== "" && /\b(?:I|my|me|My)\b/.test(asks) && !/\b(?:I|my|me|My)\b/.test(splitFinalSentence(asks).context)) {
    const asker = own
      .split(/(?<=[.!?])\s+/)
      .some(
        (s) =>
          !question.includes(s.replace(/[.!]$/, "")) && /(?<![A-Z][a-z]* )\bI (?=[a-z'’])|\bI['’]m\b|\b[Mm]y\b|\bme\b/.test(unquoted(s)),
      );
    if (asker && !/\b(?:I|my|me|My)\b/.test(answer)) out.push('reads: the asker\'s "I" or "my" kept');
  } else if (asks !== "" && own !== statement) {
    // "I'm running my first 10K … . I should eat …", "… . You don't need a visa, …": after the asker's own context the advice is still
    // said to or of the asker, where a statement says what holds for anyone in the situation (a fact about the asker stays: "I will
    // have $1,050 after one year").
    const advice =
      /^\s*(?:I (?:should|shouldn't|need|needn't|must|can|cannot|can't|could|have to|do not|don't|probably|might|may|ought)\b|You(?:['’]ll|['’]d|['’]re)?\s)/.exec(
        own,
      );
    if (advice) out.push(`context: "${advice[0].trim()}" says the advice to the asker`);
  }
  if (statement.includes("'re") || statement.includes("’re")) {
    const contracted = /\b([a-z]{2,})['’]re\b/i.exec(statement);
    if (contracted && !/^(?:you|we|they|who|what|there|here)$/i.test(contracted[1])) out.push(`reads: "${contracted[0]}"`);
  }
  const preposition = statement.includes(" to ") ? /\b(?:for|of|with|by|from|at|on|in) to [a-z]+/i.exec(statement) : null;
  if (preposition && !question.includes(preposition[0]) && !answer.includes(preposition[0])) out.push(`reads: "${preposition[0]}"`);
  // (Said twice in the statement's own words, more often than the question or the answer says it.)
  const moreOften = (phrase: string) => {
    const times = (s: string) => occurrences(s.toLowerCase(), phrase.toLowerCase());
    return times(own) > Math.max(times(question), times(answer));
  };
  const hedge = HEDGE_SAID_TWICE.exec(own)?.[1];
  if (hedge && moreOften(hedge)) out.push("reads: a hedge said twice");
  // "Brazil won its first World Cup in its first in 1958": a possessive and its ordinal said twice.
  const ordinal = /\b(its|their|his|her) (first|second|third|last)\b.*\b\1 \2\b/i.exec(own);
  if (ordinal && moreOften(`${ordinal[1]} ${ordinal[2]}`)) out.push(`reads: "${ordinal[1]} ${ordinal[2]}" twice`);
  // "Lightning strikes the same place twice. Especially tall structures …": a fragment after the statement.
  const fragment = /[.!] (Especially|Particularly|Including|Except|Mainly|Mostly|Like) /.exec(statement);
  if (fragment && !answer.includes(fragment[0].slice(2))) out.push(`reads: "${fragment[1]} …" is no sentence`);
  return out;
}

/** The prepositions PLACED_TWICE reads, with their spaces: the regex runs only where one of them occurs twice. */
const PLACE_PREPOSITIONS = [" in ", " on ", " at ", " for ", " from ", " of ", " by ", " with "];

/** Whether `word` occurs at least twice in `text` (substring tests, cheaper than the regex they guard). */
function saidTwiceIn(text: string, word: string): boolean {
  const first = text.indexOf(word);
  return first >= 0 && text.indexOf(word, first + word.length - 1) >= 0;
}

/** A preposition and a phrase, then the same preposition and the phrase's noun again ("in a standard byte in a byte"). */
const PLACED_TWICE =
  /\b(in|on|at|for|from|of|by|with) (?:(?:a|an|the|its|their|his|her) )?(?:[\w'’-]+ ){0,2}([a-z]{3,}) \1 (?:(?:a|an|the|its|their|his|her) )?(?:[\w'’-]+ )?\2\b/i;

/** An auxiliary, an adverb in -ly and a bare "not" before a mark or the end ("is traditionally not —"). */
const HEDGED_NOT_ALONE = /\b(?:is|are|was|were|do|does|did|can|could|will|would|should|has|have) [a-z]+ly not\s*(?:[—–.;:,]|$)/;

/** An imperative's verb opening a sentence whose finite verb comes later ("Try citrus fruits … should be eaten …"); not "Use of …". */
const INSTRUCTION_AS_SUBJECT =
  /^(?:Try|Use|Eat|Add|Take|Get|Make|Keep|Put|Buy|Choose|Pick|Drink|Avoid|Consider|Wear|Apply|Place|Set|Turn|Check)\s(?!of\b)[^.;:—–]*?\b(?:should|can|could|must|will|would|is|are|was|were)\b/;

/** A word that ends at a hyphen before a space and another word ("let- is"), not a shared part ("two- and three-year-olds"). */
const CUT_AT_HYPHEN = /(?<![\w-])[A-Za-z]+- (?!and\b|or\b|to\b|and\/or\b)[a-z]+/;

/** Why a person should look at how `statement` reads as the statement of `answer` to `question` (empty when nothing is seen). */
export function readingDoubts(fullStatement: string, fullQuestion: string, fullAnswer: string): string[] {
  const out: string[] = [];
  if (fullStatement.trim() === "") return out;
  // Linear in the text whatever it holds (issue 22): the checks read the part the rules analyse.
  const statement = fullStatement.slice(0, 2 * STATEMENT_MAX_ANALYSED_CHARS);
  const question = fullQuestion.slice(0, 2 * STATEMENT_MAX_ANALYSED_CHARS);
  const answer = fullAnswer.slice(0, 2 * STATEMENT_MAX_ANALYSED_CHARS);
  // The question's context sentences, copied into the statement, say nothing about its final question.
  const asked = askedQuestion(question);
  const own = asked.context && statement.startsWith(asked.context) ? statement.slice(asked.context.length) : statement;
  // ("What's wrong?" + "The problem is probably overwatering.": a statement that names the problem says what was asked as wrong.)
  const coverage = coverageOf(own, asked, /\bproblem\b/i.test(own) && WHAT_IS_WRONG.test(question) ? "wrong" : undefined);
  if (coverage < 0.5) out.push(`context: ${Math.round(100 * (1 - coverage))} % of the question's words left out`);
  if (repeatsQuestionInAnswer(statement, question, answer)) out.push("reads: the answer repeats the question");
  // "A compound bow's let- is off …": a hyphenated word cut at its hyphen, which neither question nor answer writes so.
  const cut = statement.includes("- ") ? CUT_AT_HYPHEN.exec(statement) : null;
  if (cut && !question.includes(cut[0]) && !answer.includes(cut[0])) out.push(`reads: "${cut[0].trim()}" cut at its hyphen`);
  const doubled = (hasAdjacentEqualLetterRuns(statement) ? [...statement.matchAll(DOUBLED)] : []).find(
    (m) => !/^(?:that|had|is)$/i.test(m[1]) && ![question, answer].some((x) => new RegExp(`\\b${m[0]}\\b`, "i").test(x)),
  );
  if (doubled) out.push(`reads: "${doubled[0]}"`);
  const twice = saidTwice(statement, question, answer);
  if (twice) out.push(`reads: "${twice}" twice`);
  // ("There are 8 bits in a standard byte in a byte": the answer's phrase and the question's, with one preposition and one noun.)
  const placedTwice = PLACE_PREPOSITIONS.some((p) => saidTwiceIn(statement, p)) ? PLACED_TWICE.exec(statement) : null;
  if (placedTwice && !PLACED_TWICE.test(`${question} ${answer}`)) out.push(`reads: "${placedTwice[0]}", one phrase said twice`);
  // ("Parmesan vegetarian is traditionally not — …": a hedged "not" with nothing after it to negate.)
  if (statement.includes(" not") && HEDGED_NOT_ALONE.test(statement) && !HEDGED_NOT_ALONE.test(answer))
    out.push('reads: a hedged "not" negates nothing');
  // ("Try citrus fruits like oranges should be eaten …", "Wear safety goggles are most important …": an instruction as a subject.)
  if (INSTRUCTION_AS_SUBJECT.test(statement) && !INSTRUCTION_AS_SUBJECT.test(question)) out.push("reads: an instruction as the subject");
  // ("… is the usual advice. - Replace it sooner …": a list's bullet left in the statement.)
  if (statement.includes(" - ") && /[.!:;]\s+[-*•]\s+\S/.test(statement)) out.push("reads: a list's bullet left in");
  // As in kindDoubts, a regex runs only where a substring test finds the characters it needs: these checks run on every statement.
  if (
    statement.includes(",") &&
    COMMA_AFTER_FUNCTION.test(statement) &&
    !COMMA_AFTER_FUNCTION.test(`${question} ${answer}`) &&
    // ("Nobody knows for sure what its purpose was, but …": an embedded question's own last word.)
    !/\b(?:what|who|where|when|why|how|which|whether)\b[^,.;]* (?:is|are|was|were), /i.test(statement) &&
    // ("To know how far away a thunderstorm is, count …": the purpose's own last word.)
    !/^To [^,]+ (?:is|are|was|were), /.test(own.trim())
  )
    out.push("reads: a comma after a function word");
  const capital = CAPITAL_INSIDE.exec(statement) ?? CAPITAL_NONE.exec(statement);
  if (capital && !question.includes(capital[0].slice(2)) && !answer.includes(capital[0]))
    out.push(`reads: "${capital[0].slice(2).trim()}" capitalised inside a sentence`);
  // "The student is trying what color is the chemical. to determine.": a sentence end inside the statement.
  // ("Vitamin D. is produced …": after a capital letter too, but not after an abbreviation: "e.g. water", "approx. 5".)
  const inside = statement.includes(". ")
    ? /(?<!\b(?:e\.g|i\.e|etc|vs|v|approx|ca|cf|no|St|Dr|Mr|Mrs|Ms))(?:[a-z]|\b[A-Z])\. [a-z]/.exec(statement)
    : null;
  if (inside && !question.includes(inside[0]) && !answer.includes(inside[0])) out.push("reads: a sentence ends inside the statement");
  // "Respiratory and nervous are involved …": adjectives that named a kind of the question's noun, the noun left out.
  const pair = /^([A-Z][a-z]+) and ([a-z]+),? (?:are|were|would|will|can|could|work|help|is)\b/.exec(own.trim());
  if (pair && [pair[1], pair[2]].every((w) => canBeAdjective(w.toLowerCase()) && !isUncountable(w.toLowerCase())))
    out.push(`context: "${pair[1]} and ${pair[2]}" name no noun`);
  // "… a sign of concentration is NOT correct": the question's "NOT" kept, so the statement may say the opposite of the answer.
  if (
    statement.includes(" NOT ") &&
    /\b(?:is|are|was|were) NOT (?:correct|true|accurate|an? |the )/.test(statement) &&
    !/\bNOT\b/.test(answer)
  )
    out.push('meaning: the question\'s "NOT" kept in the statement');
  for (const doubt of askerDoubts(statement, own, question, answer)) out.push(doubt);
  // "A thermostat does a thermostat switches …": "do" before a noun phrase and its verb is a question's order left in.
  const order = statement.includes(" do") ? /\b(?:does|do|did) (?:a|an|the) [a-z]+ [a-z]+(?:s|ed)\b/.exec(own) : null;
  if (
    order &&
    !question.includes(order[0]) &&
    !answer.includes(order[0]) &&
    canBeVerb(
      order[0]
        .split(" ")
        .at(-1)
        ?.replace(/e?s$|ed$/, "") ?? "",
    )
  )
    out.push(`reads: "${order[0]}", a question's word order`);
  // "Adam Smith is usually considered the father, …" for "… the father of economics?": a relational noun without its "of".
  const relation = /\bthe (father|mother|founder|inventor|author|creator|birthplace|capital|home|king|queen) of ([a-z][\w-]*)/i.exec(
    question,
  );
  if (relation && new RegExp(`\\bthe ${relation[1]}\\b(?! of)`, "i").test(own) && !new RegExp(`\\b${relation[2]}\\b`, "i").test(own))
    out.push(`context: "the ${relation[1]}" without "of ${relation[2]}"`);
  // "The author of "The Tale of Genji" was written by …": an agent noun said with the passive of its own verb.
  if (AGENT_PASSIVE.test(own) && !AGENT_PASSIVE.test(answer)) out.push("meaning: the agent made the thing it made");
  // "We yawn because nobody knows for sure.": a reason that says there is none known.
  if (/\bbecause (?:nobody|no one) (?:knows|is sure)\b/i.test(own)) out.push('meaning: the answer\'s "nobody knows" made the reason');
  // "An adult human has usually 32": a hedge after "has" as the main verb goes before it.
  if (
    /\b(?:has|have|had) (?:usually|probably|possibly|likely|often|typically|generally|normally) (?:\d|a |an |the |about |around |over )/.test(
      own,
    )
  )
    out.push('reads: the adverb after "has", its main verb');
  // "They mainly speak French there." for "… in Quebec?": "there" for a place the statement does not name.
  const place = /\bthere[.!]?$/.test(own.trim()) ? /\b(?:in|at|on) ((?:[A-Z][\w'-]+ ?)+)/.exec(question)?.[1].trim() : undefined;
  if (place && !own.includes(place)) out.push(`context: "there" stands for "${place}"`);
  // "They mainly speak French there.": a pronoun subject with nothing before it to stand for ("Mainly it filters …" too).
  const bare =
    /^(?:(?:Mainly|Mostly|Basically|Usually|Generally|Primarily|Essentially|Typically|Largely|Normally),? (?=it|It))?(They|He|She|it|His|Her|Their|Its) [a-z]/.exec(
      own.trim(),
    );
  if (bare && !asked.context && !new RegExp(`\\b${bare[1]}\\b`, "i").test(question)) out.push(`context: "${bare[1]}" stands for nothing`);
  for (const doubt of answerPartDoubts(own, statement, question, answer)) out.push(doubt);
  for (const doubt of choiceDoubts(own, question, answer)) out.push(doubt);
  const whats = count(WHAT, statement);
  if (whats > 0 && whats > count(WHAT, answer) + asked.whats) out.push("reads: a question word left in");
  for (const doubt of kindDoubts(statement, own, question, answer, asked)) out.push(doubt);
  return out;
}
