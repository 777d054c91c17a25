/**
 * From a parsed question and an analysed answer to one declarative statement: the answer goes
 * where the question's wh-phrase stood (subject, object, adjunct or be-complement), a yes/no
 * becomes an affirmative or negated sentence, a full-sentence answer is used as it stands (its
 * leading pronoun replaced by what the question is about), a "why" answer becomes a
 * because-clause. Every result names its rule and the doubts met on the way.
 */
import {
  DEGREE_BEFORE_PHRASE,
  analyzeAnswer,
  clauseVerb,
  FLOATING_QUANTIFIER,
  STANDALONE_QUANTIFIER,
  isPluralPhrase,
  polarityMark,
  predicateOfDummySubject,
  LAPSED_NO,
  SOFTENED_NOT,
  saysYearOrTime,
  textAsWritten,
  tokenizePhrase,
  withAnswerFields,
  type AnswerParts,
} from "./answer.js";
import {
  canBeAdjective,
  canBeBaseVerb,
  canBeVerb,
  inWordList,
  isCommonWord,
  gerund,
  isParticipleOf,
  isProperWord,
  isVerbFirst,
  isUncountable,
  joinTokens,
  lexicalNumber,
  pastParticiple,
  pastTense,
  thirdPerson,
  looksPlural,
  PARTICLES,
  PERSON_PLURAL,
  regularPlural,
  type Token,
  verbForms,
} from "./nlp.js";
import {
  auxEllipsis,
  complementEllipsis,
  objectPronounEllipsis,
  substituteObjectPronoun,
  substituteCausedSubject,
  substitutePassiveSubject,
  superlativeEllipsis,
} from "./context.js";
import {
  asksTime,
  BLANK,
  HARD_BLANK,
  pluralPredicate,
  quotationEnd,
  splitBe,
  type Declarative,
  type Frame,
  type ParsedQuestion,
  type WhPhrase,
} from "./question.js";
import { COUNT_ONLY, cachedRegExp, capitalize, collapseSpaces, escapeRegExp, indefiniteArticle, MEASURE_UNITS, wordSet } from "./text.js";
import { statementWords } from "./wellformed.js";
import { classNamedIn, lowersCapital, opensCommonCompound, opensLowerCaseList, withKindArticle } from "./names.js";

export interface Realized {
  readonly sentence: string;
  readonly rule: string;
  /** Why the statement may be wrong; empty when the rule placed the answer with confidence. */
  readonly doubts: string[];
}

const text = (tokens: readonly Token[]) => joinTokens(tokens);

/** Words that start an answer with a capital only because it starts a sentence. */
const NUMBER_WORD_START =
  /^(?:Four|Five|Six|Seven|Eight|Nine|Ten|Eleven|Twelve|Thirteen|Fourteen|Fifteen|Sixteen|Seventeen|Eighteen|Nineteen|Twenty|Thirty|Forty|Fifty|Sixty|Seventy|Eighty|Ninety|Hundreds|Thousands|Millions|Billions|Dozens)\b/;
const FUNCTION_START =
  /^(?:Don't|Do not|The|A|An|It|Its|They|Their|This|These|That|Those|There|Only|Some|Most|All|Both|Either|Neither|Each|Every|Many|Much|Several|One|Two|Three|In|On|At|By|With|From|To|For|Into|Through|Using|Because|Due|Since|About|Around|Approximately|Nearly|Almost|Roughly|Over|Under|Up|Less|More|Between|During|After|Before|When|While|If|Yes|No|Not|Her|His|Our|Your|My|We|He|She|You|Just|Also|Mostly|Mainly|Probably|Usually|Always|Never|Somewhere|Anywhere|Well|Up to|At least|At most|Exactly|Precisely)\b/;

/**
 * "The Stradella bass system" for "What is the name of …?": a name before a common noun is its modifier, so the article is the phrase's,
 * lowered where a name as written keeps its own ("The Beatles").
 */
const NAME_THEN_COMMON_NOUN = /^The (?:[A-Z][\w'’.-]*\s)+(?!(?:of|and|or|the|in|on|at|for|to|a|an|with|from|by)\b)[a-z]/;

/**
 * The answer as it reads inside a sentence: a capital kept only for names and acronyms.
 * `classHead` is the noun the answer is an instance of, when the question names one ("planet"
 * in "Name one planet that has rings"; ./names.ts).
 */
export function midSentence(s: string, classHead?: string): string {
  // ("A, B, AB and O": a letter that is an item, not the article.)
  if (FUNCTION_START.test(s) && !/^[A-Z](?:[,;:]|\s+(?:and|or)\s|$)/.test(s)) return s[0].toLowerCase() + s.slice(1);
  // (A preposition before a lower-case word: "Along the Atlantic coast …", "Inside the nucleus".)
  if (
    /^(?:Along|Across|Below|Above|Beneath|Inside|Outside|Near|Behind|Beside|Beyond|Towards?|Against|Among|Within|Without|Upon|Throughout|Underneath|Via|Per) [a-z]/.test(
      s,
    )
  )
    return s[0].toLowerCase() + s.slice(1);
  // ("May 5", "March 2020": a month's name before its day or year is a name, not the modal or the verb.)
  if (MONTH_DATE.test(s)) return s;
  const first = s.split(/\s/, 1)[0].replace(/[,;:]+$/, "");
  // ("Be promoted …": the verb "be" before a lower-case word, not the symbol of beryllium.)
  if (/^Be [a-z]/.test(s)) return s[0].toLowerCase() + s.slice(1);
  // ("Vitamin D", "Vitamin B12": a vitamin's letter is its name, the word before it a common noun.)
  if (/^Vitamins? [A-K]\d*\b/.test(s)) return s[0].toLowerCase() + s.slice(1);
  // Two capitalised words make a name ("Tropic of Cancer", "Mount Etna").
  if (/^[A-Z][a-z]+(?: (?:of|the|de|van|von|da|di|del|della|du|des|la|le|al|el|bin|ibn|dos|das))* [A-Z]/.test(s)) return s;
  // An adverb before a phrase ("Officially from 1 June …", "Roughly 20 %"), unless a lexicon knows it as a name ("Italy in …").
  if (
    /^[A-Z][a-z]{3,}ly (?:from|in|on|at|about|around|between|by|under|over|the|a|an|\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b)/.test(
      s,
    ) &&
    !isProperWord(first.toLowerCase())
  )
    return s[0].toLowerCase() + s.slice(1);
  // A number word ("Eleven, I think", "Forty-two").
  if (NUMBER_WORD_START.test(s)) return s[0].toLowerCase() + s.slice(1);
  // A capitalised common word ("Evaporation caused …", "Artificial") loses the capital; names ("Spain", "Jupiter") and unknown words keep
  // it.
  // (Not a chemical symbol or other two-letter code: "Au", "Fe".)
  if (/^[A-Z][a-z]{2,}$|^[A-Z][a-z]+(?:-[a-z]{2,})+$/.test(first) && lowersCapital(first, classHead))
    return s[0].toLowerCase() + s.slice(1);
  // So one before a lower-case common noun ("Citrus fruit"), unless a lexicon knows it as a name.
  if (opensCommonCompound(s, classHead)) return s[0].toLowerCase() + s.slice(1);
  // So a plural subject before its verb ("Rivers carry dissolved minerals …"): a name in -s takes a verb in -s ("Athens is", "Williams
  // wrote").
  if (pluralSubjectOpens(s, first)) return s[0].toLowerCase() + s.slice(1);
  // So one that opens a list of lower-case items, unless it is a name ("Polonium and radium", not "Paris and its suburbs").
  if (opensLowerCaseList(s) && !isProperWord(first.toLowerCase())) return s[0].toLowerCase() + s.slice(1);
  return s;
}

/** Whether `s` opens with a capitalised plural common noun and then a verb in its plural form ("Rivers carry …", "Bees make …"). */
function pluralSubjectOpens(s: string, first: string): boolean {
  // (An adverb may come between: "Toads usually have …".)
  const m =
    /^[A-Z][a-z]{2,}[^su'’]s (?:(?:usually|often|always|never|mostly|mainly|also|only|generally|typically|sometimes) )?([a-z]{3,})\b/.exec(
      s,
    );
  if (!m || first !== m[0].split(" ")[0]) return false;
  const verb = m[1];
  return (
    !isProperWord(first.toLowerCase()) &&
    looksPlural(first.toLowerCase()) &&
    canBeBaseVerb(verb) &&
    !canBeAdjective(verb) &&
    !/(?:ed|ing|[^s]s)$/.test(verb)
  );
}

/** Verbs that take a clause as their object ("indicates the reaction is spontaneous"). */
const CLAUSE_VERBS = wordSet(
  "indicate show mean suggest say state prove imply predict claim find reveal demonstrate think",
  "believe know tell conclude assume hypothesize observe notice learn confirm explain argue propose",
  "expect discover realize recommend require ensure guarantee determine decide",
);

const DITRANSITIVE = wordSet(
  "take cost call name consider elect give tell show teach send offer bring make label nickname pay",
  "ask lend appoint declare title leave sell owe promise award grant hand crown proclaim dub christen rename",
);
const TEMPORAL_START = new Set(["each", "every", "per", "last", "next", "this", "that", "today", "tonight", "yesterday", "tomorrow"]);
const TIME_NOUNS =
  /^(?:day|days|week|weeks|month|months|year|years|hour|hours|minute|minutes|second|seconds|night|nights|morning|evening|time|times|century|centuries|date|dates|decade|decades|season|seasons)$/;

/** Index after a noun phrase starting at `j` (or `j` when none starts there). */
function nounPhraseEnd(tokens: readonly Token[], j: number): number {
  let k = j;
  let noun = false;
  while (k < tokens.length) {
    const t = tokens[k];
    if (
      t.pos === "DET" ||
      t.pos === "ADJ" ||
      t.pos === "NUM" ||
      t.text === "'s" ||
      t.text === "-" ||
      (t.pos === "PRON" && (k === j || t.text === "'s")) ||
      // ("his first/ADV French Open loss": an ordinal the tagger reads as an adverb, after a determiner.)
      (t.pos === "ADV" && k > j && /^(?:first|second|third|last|next)$/.test(t.lower) && /^(?:DET|PRON)$/.test(tokens[k - 1].pos)) ||
      // ("his six 'Haydn' string quartets": quotes around a modifier inside the phrase.)
      (/^['"‘’“”]$/.test(t.text) &&
        k > j &&
        (tokens[k + 1]?.pos === "PROPN" || tokens[k + 1]?.pos === "NOUN" || tokens[k - 1].pos === "PROPN")) ||
      // ("my down/ADP jacket": after a determiner, a preposition before a noun is the noun's modifier.)
      (t.pos === "ADP" && k > j && (tokens[k - 1].pos === "DET" || tokens[k - 1].pos === "PRON") && tokens[k + 1]?.pos === "NOUN") ||
      // ("his running/VERB machine": so is a participle in -ing.)
      (t.pos === "VERB" &&
        /ing$/.test(t.lower) &&
        k > j &&
        (tokens[k - 1].pos === "DET" || tokens[k - 1].pos === "PRON") &&
        tokens[k + 1]?.pos === "NOUN")
    )
      k++;
    else if (
      t.pos === "NOUN" ||
      t.pos === "PROPN" ||
      // ("my cast-iron pan/VERB in …": after a hyphenated modifier, the word before a preposition is its noun.)
      (t.pos === "VERB" &&
        k >= 2 &&
        tokens[k - 2].text === "-" &&
        tokens[k - 2].pre === "" &&
        (tokens[k + 1] === undefined || tokens[k + 1].pos === "ADP" || tokens[k + 1].pos === "PUNCT")) ||
      // ("broccoli leaves/VERB": an -s word after the noun, at the phrase's end, is its head.)
      (t.pos === "VERB" &&
        noun &&
        tokens[k - 1].pos === "NOUN" &&
        /[^s]s$/.test(t.lower) &&
        (tokens[k + 1] === undefined || tokens[k + 1].pos === "PUNCT"))
    ) {
      noun = true;
      k++;
    } else if (
      t.lower === "of" &&
      noun &&
      tokens[k + 1] &&
      (tokens[k + 1].pos === "DET" || tokens[k + 1].pos === "NOUN" || tokens[k + 1].pos === "PROPN" || tokens[k + 1].pos === "ADJ")
    )
      k++;
    // ("the 1962 Nobel Prize in Physiology or Medicine": "in" and "or" between capitalised words go on with a name.)
    else if (
      (t.lower === "in" || t.lower === "or") &&
      noun &&
      /^[A-Z]/.test(tokens[k - 1]?.text ?? "") &&
      /^[A-Z]/.test(tokens[k + 1]?.text ?? "")
    )
      k++;
    else break;
    if (t.pos === "PRON" && k === j + 1 && !/^(?:his|her|its|their|our|my|your)$/.test(t.lower)) {
      noun = true;
      break;
    }
  }
  return noun ? k : j;
}

function isTemporal(tokens: readonly Token[], j: number): boolean {
  const t = tokens[j];
  return (
    t !== undefined &&
    TEMPORAL_START.has(t.lower) &&
    (tokens[j + 1] === undefined || TIME_NOUNS.test(tokens[j + 1].lower) || t.pos !== "DET")
  );
}

/** Verbs that take an infinitive as their object ("tried to bring back", "wanted to eat"). */
const INFINITIVE_OBJECT = wordSet(
  "try want hope plan decide attempt refuse manage fail forget learn begin start continue expect wish prefer intend aim seek struggle",
  "promise agree offer choose like love hate",
);

/**
 * Where the object of an inverted question goes in its rest ("absorb _ from the air", "call a baby kangaroo _", "depend on _ to digest").
 */
/** Prepositional idioms that say how or when, never a verb's object: "drink at once", "eat at night", "grow on average". */
const ADVERBIAL_IDIOM = /^(?:at (?:once|first|last|night|home|times|all|a time|most|least)|in (?:total|time|one go|general)|on average)$/;

function objectGap(d: Declarative): number {
  const r = d.rest;
  // ("How much water can a camel drink at once?": the amount goes before the idiom.)
  if (ADVERBIAL_IDIOM.test(text(withoutFinalPunctuation(r)).toLowerCase())) return 0;
  // "try to bring back _ from the underworld": the object of the infinitive, after its particle (or after its own first object).
  // (Only after a verb whose object is the infinitive: "need _ to grow" is a purpose.)
  // (So after a phrasal verb's particle: "set out to avenge _", "go on to win _".)
  // (Only an infinitive that ends the question, lacking its object: "give up _ to join the army" is a purpose.)
  const phrasal =
    r[0] !== undefined &&
    PARTICLES.has(r[0].lower) &&
    r[1]?.lower === "to" &&
    r[2]?.pos === "VERB" &&
    r[2].lower === r[2].lemma &&
    r.slice(3).every((t) => t.pos === "PUNCT");
  const to = phrasal ? 1 : 0;
  if (
    r[to]?.lower === "to" &&
    r[to + 1]?.pos === "VERB" &&
    r[to + 1].lower === r[to + 1].lemma &&
    (phrasal || INFINITIVE_OBJECT.has(d.verb?.lemma ?? ""))
  ) {
    let k = to + 2;
    while (k < r.length && r[k].pos !== "NOUN" && PARTICLES.has(r[k].lower) && r[k + 1]?.pos === "ADP") k++;
    if (k < r.length && r[k].pos === "ADV" && PARTICLES.has(r[k].lower)) k++;
    const np = nounPhraseEnd(r, k);
    return np > k && !isTemporal(r, k) ? np : k;
  }
  // "add up to _", "look out for _": a rest of particles and prepositions only takes the object after them all.
  const words = r.filter((t) => t.pos !== "PUNCT");
  if (words.length >= 2 && words.every((t) => t.pos === "ADP" || t.pos === "PART" || PARTICLES.has(t.lower)))
    return r.indexOf(words[words.length - 1]) + 1;
  // ("use its ampullae of Lorenzini for _": the object's own of-phrases before a stranded preposition.)
  let objectEnd = nounPhraseEnd(r, 0);
  while (objectEnd > 0 && r[objectEnd]?.lower === "of" && nounPhraseEnd(r, objectEnd + 1) > objectEnd + 1)
    objectEnd = nounPhraseEnd(r, objectEnd + 1);
  for (let k = 0; k < r.length; k++) {
    if (k > 0 && k < objectEnd) continue;
    // (Not a split infinitive's "to": "use _ to accurately measure".)
    const infinitiveTo = r[k + 1]?.pos === "VERB" || (r[k + 1]?.pos === "ADV" && r[k + 2]?.pos === "VERB");
    const prepositionLike = r[k].pos === "ADP" || (r[k].lower === "to" && r[k].pos === "PART" && !infinitiveTo);
    if (!prepositionLike && !(r[k].pos === "ADV" && PARTICLES.has(r[k].lower) && k === r.length - 1)) continue;
    const next = r[k + 1];
    // ("should a fridge be set to _ (in winter)": a passive's participle before the preposition.)
    const passive = k > 0 && d.verb?.lemma === "be" && r.slice(0, k).every((t) => t.pos === "VERB" || t.pos === "ADV");
    if (
      !next ||
      (passive && prepositionLike && next.pos === "ADP" && r[k + 2] !== undefined && r[k + 2].pos !== "PUNCT") ||
      next.pos === "PART" ||
      next.pos === "SCONJ" ||
      (next.pos === "ADV" && !PARTICLES.has(next.lower)) ||
      next.pos === "PUNCT" ||
      // ("focus on _ in army hospitals": the verb's preposition, then a phrase of the question's own.)
      (k === 0 && prepositionLike && next.pos === "ADP" && next.lower !== "of" && r[k + 2] !== undefined && r[k + 2].pos !== "PUNCT")
    ) {
      // A stranded preposition: the object follows it — but only if nothing before it needs one ("write on _").
      // ("split white light into _": taggers read "white light" as two adjectives, "grow tired of _" has one: a phrase all the same.)
      const phrase = r.slice(0, k).every((t) => t.pos === "DET" || t.pos === "ADJ" || t.pos === "NUM");
      if (
        k === 0 ||
        nounPhraseEnd(r, 0) === k ||
        objectEnd === k ||
        phrase ||
        passive ||
        r.slice(0, k).every((t) => t.pos === "ADV" || t.pos === "ADP")
      )
        return k + 1;
    }
    if (next && next.pos !== "PART") break;
  }
  const verb = d.verb?.lemma ?? "";
  const np = nounPhraseEnd(r, 0);
  // ("develop a vaccine against _ in 1885": a preposition stranded after the object, before the question's own phrase.)
  if (np > 0 && r[np]?.pos === "ADP" && r[np].lower !== "of" && r[np + 1]?.pos === "ADP" && r[np + 2] && r[np + 2].pos !== "PUNCT")
    return np + 1;
  if (np > 0 && !isTemporal(r, 0)) {
    if (r[np] && r[np].pos === "VERB" && r[np].lower === r[np].lemma) {
      // "help the body produce _"
      const after = nounPhraseEnd(r, np + 1);
      return after > np + 1 ? 0 : np + 1;
    }
    if (/^(?:call|name|nickname|label|title)$/.test(verb)) return r.length;
    if (DITRANSITIVE.has(verb)) return np;
  }
  return 0;
}

/** The end of a rest, or the start of its subordinate clause ("stored _ until it is needed"): where a place or a time goes. */
function beforeSubordinate(rest: readonly Token[]): number {
  // (A clause right after the verb too: "lived _ when she wrote her later novels".)
  const k = rest.findIndex((t, i) => /^(?:until|when|while|if|because|unless|once)$/.test(t.lower) && (i > 0 || rest.length > 2));
  return k >= 0 ? k : rest.length;
}

/** Where a measure ("how long/far/fast/often") goes: after the verb and its object, before "to …". */
/** Where the object of the infinitive that opens `rest` ("to send humans next") ends: before a final "next", "first", "again". */
function infinitiveObjectEnd(rest: readonly Token[]): number {
  const end = 2 + objectPhraseEnd(rest.slice(2));
  return end > 2 && /^(?:next|first|again|later|soon|today|now)$/.test(rest[end - 1].lower) ? end - 1 : end;
}

/** Where the object phrase that opens `r` ends (0 without one). */
function objectPhraseEnd(r: readonly Token[]): number {
  // ("How much can a golf ball weigh at most?": the bound goes before the measure, "weigh at most 45.93 grams".)
  if (r[0]?.lower === "at" && /^(?:most|least)$/.test(r[1]?.lower ?? "")) return 2;
  // ('say "Here's looking at you, kid" to _': a quotation is the object.)
  if (/^["“]$/.test(r[0]?.text ?? "")) {
    const close = r.findIndex((t, k) => k > 0 && /^["”]$/.test(t.text));
    if (close > 1) return close + 1;
  }
  // ("leave most of his fortune to _": a quantifier and its of-phrase are the object.)
  const quantified = /^(?:most|much|many|some|all|half|part|each|none)$/.test(r[0]?.lower ?? "") && r[1]?.lower === "of";
  let np = quantified ? nounPhraseEnd(r, 2) : nounPhraseEnd(r, 0);
  if (np > 0 && !isTemporal(r, 0)) {
    // "find evidence of ancient life": the object keeps its of-phrase.
    while (r[np]?.lower === "of") {
      const more = nounPhraseEnd(r, np + 1);
      if (more <= np + 1) break;
      np = more;
    }
    // ("the term "peloton"": a quotation the phrase opened ends with it.)
    const quotes = r.slice(0, np).filter((t) => /^["“”]$/.test(t.text)).length;
    if (quotes % 2 === 1) {
      const close = r.findIndex((t, k) => k >= np && /^["”]$/.test(t.text));
      if (close >= 0) np = close + 1;
    }
    return np;
  }
  // ("save downloads by default": a plural the tagger read as a verb, right after the verb, is its object.)
  if (
    r[0]?.pos === "VERB" &&
    /[^s]s$/.test(r[0].lower) &&
    lexicalNumber(r[0].lower) === "plural" &&
    (!r[1] || /^(?:ADP|PUNCT)$/.test(r[1].pos))
  )
    return 1;
  return 0;
}

/** Words that open a place phrase said as it stands ("in …", "near …", "home"); the adverbs that are places themselves are PLACE_ADVERB's. */
const LOCATION_START =
  /^(?:straight|directly|right|just|halfway|home|away|high|low|in|on|at|near|inside|outside|under|underneath|beneath|above|below|along|off|between|among|across|around|behind|beside|next|over|throughout|within|into|from|to|toward|towards|up|down|here|there|far|close|deep|high|mostly|mainly|usually|mostly|only|just|all|both|either)\b/i;
const TIME_AS_IS =
  /^(?:back in|in|on|at|by|during|after|before|since|until|till|around|about|approximately|roughly|nearly|almost|circa|c\.|when|while|once|as|every|each|last|next|this|that|today|tonight|yesterday|tomorrow|now|then|soon|later|early|late|always|never|recently|currently|shortly|between|from|within|over|under|up|some|several|many|a few|a|an|the (?:same|following|next|previous)|only|just|sometime|(?:mostly|mainly|largely|chiefly|primarily|partly|usually|typically|generally|especially|probably|possibly|likely) (?=in|on|at|by|during|after|before|since|until|around|about|between|from|within|when|while|once)\b)\b/i;
const MONTH =
  "(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)";
/** A month's name before its day or year ("May 5", "March 2020"). */
const MONTH_DATE = new RegExp(`^${MONTH} \\d`);
/** The early, late or middle part of a month, year or decade ("Late August 2005", "the early 1900s" said bare, "mid-1400s"). */
const PART_OF_PERIOD = new RegExp(`^(?:early|late|mid)[ -](?:\\d|${MONTH}\\b)`, "i");
/** A month's or a weekday's name alone ("June", "Monday"): a time, not a place. */
export const CALENDAR_WORD = new RegExp(`^(?:${MONTH}|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$`);
const DAY_DATE = new RegExp(
  `^(?:${MONTH}\\.? \\d{1,2}(?:st|nd|rd|th)?\\b|(?:the )?\\d{1,2}(?:st|nd|rd|th)? (?:of )?${MONTH}\\b|(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\\b|the (?:first|second|third|fourth|fifth|last|final|\\d+(?:st|nd|rd|th)) (?:(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|day|night|weekend)\\b))`,
  "i",
);

/** A yes or no said again with nothing of its own: "very much so!", "absolutely!", "of course", "not at all". */
const EMPHATIC_YES_OR_NO =
  /^(?:very much so|absolutely|definitely|certainly|of course|indeed|totally|for sure|without a doubt|exactly|precisely|that['’]s right|that['’]s correct|not at all|absolutely not|definitely not|certainly not)\s*[.!]*$/i;

/** An amount and its unit, then a phrase of what it is measured for or by ("about 95 mg for an 8-ounce cup", "39 g per can"). */
const UNIT_THEN_PHRASE =
  /^((?:(?:about|around|roughly|approximately|nearly|almost|over|under|well over|up to|some|just) )?[\d.,]+\s*([A-Za-zµ°%]+))(\s+(?:for|per|in each|in one|by|at)\s.+)$/i;

/** "the first person", "the only woman": a person the question counts, whom a plural answer makes people. */
const PERSON_AFTER_ORDINAL = /^(the (?:first|last|only|youngest|oldest) )(person|man|woman)\b/;

/** Words said without an article before the question's stranded preposition: "part of", "home to", "full of", "capable of". */
const BARE_BEFORE_PREPOSITION = new Set(["part", "home", "full", "capable", "aware", "afraid", "fond", "proud", "short", "free", "famous"]);

/** "in 1914", "on April 15, 1912", "on the second Monday of October", "about 66 million years ago" — a time answer with the preposition it needs. */
function timePhrase(given: string): string {
  // ("The second Monday of October": the article opened the answer only.)
  const a = /^(?:The|A|An) [a-z\d]/.test(given) ? given[0].toLowerCase() + given.slice(1) : given;
  // ("usually April 15th" → "usually on April 15th": an adverb before the date keeps its place before the preposition.)
  const adverb = /^((?:usually|typically|generally|normally|often|mostly|probably|likely|always|traditionally) )(?=\S)/i.exec(a);
  if (adverb && !TIME_AS_IS.test(a)) return `${adverb[1].toLowerCase()}${timePhrase(a.slice(adverb[0].length))}`;
  // ("Late August 2005", "early 1900s", "mid-1400s": part of a month, year or decade is "in" it.)
  // (A decade or century takes "the": "in the mid-1400s".)
  if (PART_OF_PERIOD.test(a)) return `in ${/^\S+ ?\d+0s\b/.test(a) ? "the " : ""}${a[0].toLowerCase()}${a.slice(1)}`;
  // ("Right at the start", "Shortly after the war", "Soon after 1900": a degree before the answer's own preposition.)
  const degree = /^(\S+) (?=(?:at|from|after|before|in|on|when|as|until|since)\b)/i.exec(a);
  if (degree && DEGREE_BEFORE_PHRASE.test(degree[1].toLowerCase())) return `${degree[1].toLowerCase()}${a.slice(degree[1].length)}`;
  if (/\bago\b/i.test(a) || TIME_AS_IS.test(a)) return a;
  if (DAY_DATE.test(a)) return `on ${a}`;
  return `in ${a}`;
}

/** Adverbs that say a place by themselves ("indoors", "abroad", "upstairs"), with a degree before them ("pretty much everywhere"). */
const PLACE_ADVERB =
  /^(?:(?:almost|nearly|pretty much|just about|practically|virtually|basically|mostly|mainly|usually|probably) )?(?:indoors|outdoors|upstairs|downstairs|upstream|downstream|uphill|downhill|abroad|overseas|underground|underwater|offshore|onshore|ashore|aboard|inland|nearby|everywhere|anywhere|nowhere|somewhere|worldwide|globally)\b(?!\s+(?:of|the)\b)/i;

function placePhrase(a: string, tokens: readonly Token[]): string {
  // ("Near Hastings": the answer's opening capital is the preposition's, not a name's.)
  if (tokens[0]?.pos === "ADP" && /^[A-Z][a-z]+$/.test(tokens[0].text) && /^[A-Z]/.test(tokens[1]?.text ?? ""))
    return midSentence(a[0].toLowerCase() + a.slice(1));
  // ("Indoors", "Upstairs", "Abroad": a place adverb takes no preposition, and its capital was the answer's only.)
  const adverb = PLACE_ADVERB.exec(a);
  if (adverb) return `${adverb[0].toLowerCase()}${a.slice(adverb[0].length)}`;
  if (LOCATION_START.test(a) || tokens[0]?.pos === "ADP" || /^(?:north|south|east|west)(?:wards?)?$/i.test(a)) return a;
  // ("Worcester Country Club, Massachusetts": a venue takes "at".)
  if (
    /^(?:the )?(?:\p{Lu}[\w.'’-]* )+(?:Club|Stadium|Arena|Hall|Centre|Center|Course|Racecourse|Speedway|Airport|Station|Theatre|Theater|Coliseum|Colosseum|Field|Park|Bridge|Museum|Gallery|Zoo|Aquarium|Observatory)\b/iu.test(
      a,
    ) &&
    /^(?:the )?\p{Lu}/u.test(a)
  )
    return `at ${/^The [A-Z]/.test(a) ? `t${a.slice(1)}` : a}`;
  // ("The Valley of the Kings", "The Louvre": a place's article opened the answer only; not that of "The Hague" or "The Gambia".)
  return `in ${/^The [A-Z]/.test(a) && !/^The (?:Hague|Gambia)\b/.test(a) ? `t${a.slice(1)}` : a}`;
}

/**
 * The answer to "Where …?" as a place phrase; an instruction's destination is where it is ("Head to the Congress Avenue Bridge." → "at
 * the Congress Avenue Bridge", "Try northern Norway." → "in northern Norway").
 */
function wherePhrase(a: string, tokens: readonly Token[]): string {
  const sent = /^(?:head|go|try|visit|check out)\s+(?:over\s+)?(?:to\s+)?(?=\S)/i.exec(a);
  if (!sent) return placePhrase(a, tokens);
  const place = a.slice(sent[0].length);
  return placePhrase(place, tokenizePhrase(place));
}

function mannerPhrase(a: string, tokens: readonly Token[]): string {
  // ("Roughly like this: …": the answer's manner said as it stands, its capital only the answer's.)
  if (/^(?:(?:roughly|basically|essentially|mostly) )?like this\b/i.test(a)) return a[0].toLowerCase() + a.slice(1);
  // (So a clause of time or condition: "when magma … rises", not "by when …".)
  if (
    tokens[0]?.pos === "ADP" ||
    /^(?:by|through|with|using|via|thanks|because|due|as|from|in|on|like|without|when|whenever|if|once|after|before|while|until)\b/i.test(a)
  )
    return a;
  // "Mostly through fleas …", "Slowly": an adverb and what follows it say the manner themselves.
  if (tokens[0]?.pos === "ADV" && (tokens.length === 1 || tokens[1].pos === "ADP"))
    return `${tokens[0].lower}${a.slice(tokens[0].text.length)}`;
  // "use sunlight" → "by using sunlight": one base-form verb first (a coordination of verbs is left as written).
  const v = tokens[0];
  const oneVerb = !tokens.some(
    (t, i) =>
      i > 0 &&
      (t.lower === "and" || t.lower === "or") &&
      tokens[i + 1] &&
      tokens[i + 1].lower === tokens[i + 1].lemma &&
      tokens[i + 1].pos === "VERB",
  );
  if (
    v &&
    v.pos === "VERB" &&
    v.lower === v.lemma &&
    !/(?:ing|ed)$/.test(v.lower) &&
    tokens.length > 1 &&
    tokens[1].pos !== "AUX" &&
    oneVerb
  )
    return `by ${gerund(v.text.toLowerCase())}${a.slice(v.text.length)}`;
  // ("Blubber, mainly", "Echolocation": a common noun capitalised only as the answer's opening is lowered.)
  if (v?.pos === "NOUN" && !tokens.some((t) => t.pos === "VERB" || t.pos === "AUX")) return `by ${midSentence(a)}`;
  return `by ${a}`;
}

const SPEED_UNIT =
  /(?:\b(?:(?:kilo|centi|milli)?met(?:er|re)s?|km|cm|mm|m|miles?|feet|foot|ft|inch(?:es)?|yards?|knots?|light[- ]years?)\s*(?:\/|per|an|a)\s*(?:h|hr|hours?|s|sec|seconds?|min|minutes?|day|days|year|years)\b|\b(?:mph|kph|km\/h|km\/s|m\/s|knots?)\b)/i;
/** Adjectives English puts after a measure ("8,849 meters tall", "4.5 billion years old"). */
const POST_MEASURE = new Set(["old", "tall", "long", "deep", "high", "wide", "thick"]);

/** What may follow a measure and its unit, after the measure's adjective: a comma, a dash, or a preposition ("… tall at its highest point"). */
const MEASURE_ADJUNCT = /^(?:\s*[,;:—–(]| (?:at|in|on|for|from|above|below|during|with|including|across|along|when|depending|based)\b)/;

/** A measure that opens a phrase: "about 1,085 metres", "over 2,000 years", "30–40 cm", "13.8 billion years" (then what the answer says of it). */
const LEADING_MEASURE =
  /^(?:(?:about|around|roughly|almost|nearly|over|under|just over|just under|more than|less than|up to|some|approximately) )?(?:\d[\d,.]*|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|a hundred|a few|several)(?= ))(?:\s*(?:-|–|to)\s*(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve))?(?: (?:hundred|thousand|million|billion|trillion))?\s*(?:[a-zA-Z]+|°[CF]?|%)(?=[ ,;:—–(]|$)/i;

/** A count ("about 840", "two") and what the answer adds after a comma or dash. */
const COUNT_THEN_MORE =
  /^((?:(?:somewhere )?(?:about |around )|over |under |nearly |almost |roughly |approximately |more than |fewer than |less than |up to |at least |well over |just over |just under )?(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|a dozen|dozens|(?:hundreds|thousands|millions|billions|tens)(?: of (?:thousands|millions|billions))?)(?: (?:thousand|million|billion|trillion))?)(\s*(?:,|—|–)\s.+|\s+\(.+|\s+(?:a|an|per|each|every) (?:year|day|week|month|hour|minute|second|night|season|decade|century|lifetime)\b.*|\s+(?:at|under|on|in|by|during|within|across|according to|since|until|as of|for)\s.+)$/i;
/** Units whose name says the quantity a "how much" question asks ("volts" say voltage), which takes no "of" phrase after them. */
const UNIT_OF_QUANTITY: Readonly<Record<string, RegExp>> = {
  voltage: /^(?:volts?|kilovolts?|millivolts?|v)$/,
  time: /^(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?|centuries)$/,
  current: /^(?:amps?|amperes?|milliamps?)$/,
  resistance: /^(?:ohms?|kilohms?)$/,
  frequency: /^(?:hertz|hz|khz|mhz|ghz)$/,
};

/** Unit symbols and the unit names they say ("36 mm" says "millimetres", so "How many millimetres …?" adds no noun). */
const UNIT_SYMBOLS: Readonly<Record<string, RegExp>> = {
  mm: /^millimet(?:re|er)s?$/,
  cm: /^centimet(?:re|er)s?$/,
  km: /^kilomet(?:re|er)s?$/,
  m: /^met(?:re|er)s?$/,
  kg: /^kilo(?:gram)?s?$/,
  g: /^grams?$/,
  mg: /^milligrams?$/,
  lb: /^pounds?$/,
  lbs: /^pounds?$/,
  oz: /^ounces?$/,
  ft: /^f(?:oo|ee)t$/,
  mi: /^miles?$/,
  ml: /^millilit(?:re|er)s?$/,
  l: /^lit(?:re|er)s?$/,
  kwh: /^kilowatt-hours?$/,
  hz: /^hertz$/,
};

/** Verbs that go on doing what their gerund says ("keep erupting"), which a duration follows. */
const CONTINUING = /^(?:keep|continue|stay|remain|go|carry)$/;
/** Verbs of change whose amount, after their object, takes "by" ("cooled the planet by 0.5 °C"). */
const DEGREE_VERBS =
  /^(?:cool|warm|heat|raise|lower|reduce|increase|decrease|cut|shrink|lift|slow|speed|shorten|lengthen|extend|delay|shift|move|boost|drop)$/;

/** An amount that ends with a number or a unit (its bracket closed after it), where a measure's adjective goes ("five days long"). */
const MEASURE_END = new RegExp(`(?:\\d|\\b[a-z]*(?:${MEASURE_UNITS})\\)?)\\s*$`, "i");
/** A count that is a plural noun ("hundreds", "tens of thousands"): what it counts follows "of". */
const COUNT_NOUN_LAST = /\b(?:dozens|hundreds|thousands|millions|billions|tens)$/i;

/** A name as an owner: as it is when it says so already ("Jamaica's"), else with "'" after an -s ("Dickens'") or "'s". */
function possessive(name: string): string {
  return `${name}${/['’]s?$/.test(name) ? "" : /s$/.test(name) ? "'" : "'s"}`;
}

/** The answer as the wh-phrase it replaces: "Kepler's laws", "eight legs", "about 2 liters of water", "igneous rock". */
function slotPhrase(wh: WhPhrase, answer: string, aTokens: readonly Token[]): string {
  // "The woodwind one." for "Which instrument family …?": "one" stands for the wh-phrase's noun ("the woodwind family").
  const kind = wh.noun.filter((t, i) => t.pos === "NOUN" && !wh.noun.slice(0, i).some((x) => x.lower === "of")).at(-1);
  const ones = kind && /^(?:the|a|an) \S.* one$/i.test(answer) && !/\b(?:first|second|third|last|same|other|only) one$/i.test(answer);
  // ("The top one." for "Which layer of the ocean …?": "the top layer of the ocean".)
  const of = wh.noun.findIndex((t) => t.lower === "of");
  const whole = ones && of > 0 && wh.noun[of - 1] === kind ? ` ${text(wh.noun.slice(of))}` : "";
  // ("The near side." for "… on which side of the Moon?": the answer's noun is the which-noun, and takes its of-phrase.)
  const sameKind =
    !ones &&
    kind &&
    of > 0 &&
    wh.noun[of - 1] === kind &&
    // (A whole that the part is of, not a kind's own words: "of the Moon", not "of instruments".)
    (wh.noun[of + 1]?.lower === "the" || wh.noun[of + 1]?.pos === "PROPN") &&
    cachedRegExp(`^(?:the|a|an) (?:[\\w-]+ ){0,2}${escapeRegExp(kind.lower)}$`, "i").test(answer);
  const a = ones ? `${answer.slice(0, -3)}${kind.lemma}${whole}` : sameKind ? `${answer} ${text(wh.noun.slice(of))}` : answer;
  const noun = text(wh.noun);
  const head = wh.noun[wh.noun.length - 1];
  // (A counted noun with its of-phrase is said by its own noun: "seven to nine hours" says "hours of sleep".)
  const ofAt = wh.noun.findIndex((t, i) => i > 0 && t.lower === "of");
  // ("How many kilometres long …?": the unit is said, its adjective follows the amount.)
  const measureAdjective = wh.measure === "many" && wh.noun.length >= 2 && POST_MEASURE.has(head.lower) ? head : undefined;
  const said = ofAt > 0 ? wh.noun[ofAt - 1] : measureAdjective ? wh.noun[wh.noun.length - 2] : head;
  const says = (t: Token) =>
    said !== undefined && (t.lemma === said.lemma || t.lower === said.lower || UNIT_SYMBOLS[t.lower]?.test(said.lower));
  const mentions = aTokens.some(says);
  // A possessive answer ("George Washington's") is used as it is.
  // ("Hannibal's army" already names the noun after its possessive.)
  if (wh.word === "whose" && noun && mentions && /['’]s?\s/.test(a)) return a;
  // ("The Stevenson family" for "Whose family …?": an answer that ends in the question's noun names it already.)
  if (wh.word === "whose" && noun && head && cachedRegExp(`\\b${escapeRegExp(head.lower)}$`, "i").test(a)) return a;
  if (wh.word === "whose" && noun) return `${possessive(a)} ${noun}`;
  // ("Jamaica's" for "Which country's team …?": the answer owns what the question's possessive owns, "Jamaica's team".)
  const owned = wh.noun.findIndex((t, k) => k > 0 && /^['’]s$/.test(t.text));
  // (Only the which-noun's own possessive, "which country's": not "which stage of a frog's life cycle", nor "which of Saturn's moons".)
  if (owned === 1 && owned < wh.noun.length - 1 && !wh.partitive && /^(?:which|what)$/.test(wh.word)) {
    const possessed = text(wh.noun.slice(owned + 1));
    const comma = a.search(/\s*(?:,|\s[—–])\s/);
    const [name, more] = comma > 0 ? [a.slice(0, comma), a.slice(comma)] : [a, ""];
    return `${possessive(name)} ${possessed}${more}`;
  }
  // "None" → "no bones".
  if (wh.measure === "many" && noun && /^none$/i.test(a.trim())) return `no ${noun}`;
  // ("Four main ones: …" for "How many versions of The Scream …?": "ones" stands for the counted noun, "four main versions of The Scream".)
  const countedOnes = wh.measure === "many" && noun ? /^((?:[\w.,-]+ ){1,3})ones\b/i.exec(a) : null;
  if (countedOnes) return `${countedOnes[1]}${noun}${a.slice(countedOnes[0].length)}`;
  // ("Which language family does Basque belong to?" + "None that we know of" → "no language family that we know of".)
  if (/^(?:which|what)$/.test(wh.word) && noun && !wh.measure && /^none\b(?! of\b)/i.test(a.trim()))
    return `no ${noun}${a.trim().slice(4)}`;
  // ("Which countries border France?" + "Eight: Belgium, …": a count of the plural the question picks from names it, "Eight countries".)
  if (/^(?:which|what)$/.test(wh.word) && !wh.prep && noun && ofAt < 0 && isPluralPhrase(wh.noun) && COUNT_ONLY.test(a.trim()))
    return `${a} ${noun}`;
  // ("About seven to nine hours" for "How many hours of sleep …?": the of-phrase after the answer's own noun.)
  if (wh.measure === "many" && ofAt > 0 && mentions && !aTokens.some((t) => t.lemma === head.lemma)) {
    const m = cachedRegExp(`\\b${escapeRegExp((aTokens.find(says) ?? said).lower)}\\b`, "i").exec(a);
    if (m) return `${a.slice(0, m.index + m[0].length)} ${text(wh.noun.slice(ofAt))}${a.slice(m.index + m[0].length)}`;
  }
  // (Said in the count's own phrase, before what the answer adds: "32, including the wisdom teeth" counts no teeth yet.)
  const cut = aTokens.findIndex((t, k) => k > 0 && /^[,—–;(]$/.test(t.text));
  const countPart = aTokens.slice(0, cut < 0 ? aTokens.length : cut);
  const countSays = countPart.some((t) => t.pos === "VERB" || t.pos === "AUX") ? mentions : countPart.some(says);
  // ("About 6,650 km" → "about 6,650 km long": the symbol says the unit; the adjective goes after the amount, before what the answer adds.)
  if (measureAdjective && countSays && !aTokens.some((t) => t.lower === measureAdjective.lower)) {
    const at = a.search(/\s*(?:[,;]\s|\s[—–]\s)/);
    return at > 0 ? `${a.slice(0, at)} ${measureAdjective.text}${a.slice(at)}` : `${a} ${measureAdjective.text}`;
  }
  // ("Once", "twice": a count of times that says its noun.)
  if (wh.measure === "many" && head?.lower === "times" && /^(?:(?:just|only|exactly) )?(?:once|twice|thrice)\b/i.test(a.trim())) return a;
  // ("Twins, usually" or "Two cubs" for "How many young …?": a plural noun of the answer's own in the count's phrase names what it counts.)
  // (The noun right after the count or its adjectives and nouns, or the first word: "27 member states", not "500 these days".)
  const countAt = countPart.findIndex((t) => t.pos === "NUM");
  let nounAt = countAt + 1;
  // (A range: "two to five kits".)
  if (/^(?:to|or|-|–)$/.test(countPart[nounAt]?.lower ?? "") && countPart[nounAt + 1]?.pos === "NUM") nounAt += 2;
  while (
    nounAt > 0 &&
    nounAt < countPart.length - 1 &&
    /^(?:ADJ|NOUN)$/.test(countPart[nounAt].pos) &&
    countPart[nounAt + 1].pos === "NOUN"
  )
    nounAt++;
  const own = countPart[Math.max(nounAt, 0)];
  const ownNoun =
    own !== undefined &&
    (countAt >= 0 || countPart.length === 1) &&
    own.pos === "NOUN" &&
    /[^s]s$/.test(own.lower) &&
    own.lemma !== own.lower &&
    !COUNT_NOUN_LAST.test(own.lower);
  if (wh.measure === "many" && noun && !countSays && ownNoun && !/^(?:times|ones)$/.test(head?.lower ?? "")) return a;
  if (wh.measure === "many" && noun && !countSays) {
    // "Two — an atrium and a ventricle", "seven, including the goalkeeper": the noun goes after the number, before what it adds.
    const counted = COUNT_THEN_MORE.exec(a);
    // ("Just one" → "just one moon": one of them is singular.)
    const one = /^(?:(?:just|only|exactly|precisely) )?(?:one|1)$/i.test((counted?.[1] ?? a).trim());
    const said = one && head && head.lemma !== head.lower ? `${text(wh.noun.slice(0, -1))} ${head.lemma}`.trim() : noun;
    // ("Hundreds", "hundreds of billions", "thousands": a count noun takes "of" before what it counts.)
    const of = (count: string) => (COUNT_NOUN_LAST.test(count.trim()) ? " of" : "");
    // ("Sixteen each" for "How many pieces does each player start with?": the count's "each" is the question's, which says it.)
    const each = /^(.+?)\s+(?:each|apiece)$/i.exec((counted?.[1] ?? a).trim());
    if (each) return `${each[1]}${of(each[1])} ${said}${counted?.[2] ?? ""}`;
    return counted ? `${counted[1]}${of(counted[1])} ${said}${counted[2]}` : `${a}${of(a)} ${said}`;
  }
  // ("Less than ice cream — …" for "How much butterfat does gelato contain?": the comparison takes the noun, "less butterfat than ice cream".)
  const compared =
    (wh.measure === "much" || wh.measure === "many") && noun
      ? cachedRegExp(`^((?:(?:${DEGREE_WORDS}) )?(?:less|more|fewer)) than (.+)$`, "i").exec(a)
      : null;
  if (compared) return `${compared[1].toLowerCase()} ${noun} than ${compared[2]}`;
  if (wh.measure === "much" && noun && !mentions) {
    // ("Around 380 litres, which helps it …": the noun goes after the amount, before what the answer adds.)
    const addition = aTokens.findIndex((t, k) => k > 0 && /^[,—–]$/.test(t.text));
    const amount = addition > 0 ? a.search(/\s*[,—–]\s/) : -1;
    const [whole, added] = amount > 0 ? [a.slice(0, amount), a.slice(amount)] : [a, ""];
    // ("About 95 mg for an 8-ounce cup": so after the amount's unit, before its phrase of what it is measured for.)
    const unitThen = UNIT_THEN_PHRASE.exec(whole);
    const [measured, more] = unitThen ? [unitThen[1], `${unitThen[3]}${added}`] : [whole, added];
    // ("Roughly 21.5 kg (about 47.5 pounds)": the unit before the bracket's other one.)
    const end = amount > 0 ? addition : aTokens.length;
    const bracket =
      aTokens[end - 1]?.text === ")"
        ? aTokens
            .slice(0, end)
            .map((t) => t.text)
            .lastIndexOf("(")
        : -1;
    const last = unitThen ? aTokens.find((t) => t.text === unitThen[2]) : bracket > 0 ? aTokens[bracket - 1] : aTokens[end - 1];
    if (last && /^(?:percent|%)$/.test(last.lower)) return `${measured} ${noun}${more}`;
    // ("About 120 volts" for "How much voltage …?", "24 hours" for "How much time …?": a unit that names its quantity says the noun.)
    if (last && UNIT_OF_QUANTITY[noun.toLowerCase()]?.test(last.lower)) return a;
    // ("$1,500 in the standard edition" for "How much money …?": a sum of money says the noun.)
    if (/^(?:money|cash)$/i.test(noun) && /[$£€¥]\s?\d|\b(?:dollars?|pounds?|euros?|yen|cents?|pence)\b/i.test(a)) return a;
    // ("Roughly $18 million worth": "worth of" what the question measures.)
    return last && (last.pos === "NOUN" || last.lower === "worth") ? `${measured} of ${noun}${more}` : `${measured} ${noun}${more}`;
  }
  if (wh.ofPhrase.length > 0) {
    // ("About a quarter of it": the answer's pronoun stands for the question's of-phrase.)
    // (Before the answer's comma only: "Roughly 69%, most of it in Antarctica" adds its own phrase after the amount's.)
    const comma = a.search(/,\s/);
    const [amount, aside] = comma > 0 ? [a.slice(0, comma), a.slice(comma)] : [a, ""];
    const ofIt = /\bof (?:it|them)\b/i.exec(amount);
    if (ofIt) return `${amount.slice(0, ofIt.index)}of ${text(wh.ofPhrase)}${amount.slice(ofIt.index + ofIt[0].length)}${aside}`;
    // ("About 36 percent of the park" for "How much of Yellowstone …?": the answer's own whole is the question's, named as the question
    // names it; "of its surface" is the question's whole's surface.)
    const whole = /\bof (the|its|their) ([a-z]+)$/i.exec(amount);
    if (whole && whole[1].toLowerCase() === "the") return `${amount.slice(0, whole.index)}of ${text(wh.ofPhrase)}${aside}`;
    if (whole) return `${amount.slice(0, whole.index)}of ${text(wh.ofPhrase)}'s ${whole[2]}${aside}`;
    return `${amount} of ${text(wh.ofPhrase)}${aside}`;
  }
  // A bare modifier for "which body system" / "what type of rock": "respiratory system", "igneous rock".
  const attribute = head !== undefined && /^(?:type|kind|sort|form|class|category|variety|colou?r|shape)$/.test(head.lower) && !wh.typeOf;
  if (
    head &&
    !attribute &&
    !mentions &&
    aTokens.length <= 2 &&
    aTokens.every((t) => t.pos === "ADJ" || (t.pos === "NOUN" && aTokens.length === 1 && wh.typeOf)) &&
    aTokens[0]?.pos !== "DET" &&
    // A name is the thing itself ("Which language …?" + "Portuguese"), not a kind of it ("Metamorphic" rock).
    !(aTokens.length === 1 && /^[A-Z]/.test(aTokens[0].text) && !lowersCapital(aTokens[0].text, head.lemma))
  )
    // ("Which branch of the Indo-European family …?" + "Baltic": the noun before the of-phrase, and the of-phrase.)
    // (A singular one of a whole is the one: "the Baltic branch of the Indo-European family".)
    // (Not a quality or part of the whole, which the whole's noun says: "yellow light", "visible light".)
    return ofAt > 0 && !/^(?:type|kind|sort|form|class|category|variety|colou?r|shape|part|property|product|state)$/.test(said?.lower ?? "")
      ? `${said?.lemma === said?.lower ? "the " : ""}${a} ${text(wh.noun.slice(ofAt - 1))}`
      : `${a} ${head.text}`;
  // "Which two body systems …?" + "respiratory and nervous" → "respiratory and nervous systems".
  const coordinated = aTokens.length >= 3 && aTokens.length <= 7 && aTokens.some((t) => t.lower === "and" || t.lower === "or");
  if (
    head &&
    !attribute &&
    !mentions &&
    coordinated &&
    aTokens.every((t) => t.pos === "ADJ" || t.pos === "CCONJ" || t.text === ",") &&
    /s$/.test(head.lower)
  )
    return `${a} ${head.text}`;
  return a;
}

/** Nouns that ask for an action, which a gerund's phrase answers: "Which activity …?", "Which practice …?". */
const ACTION_NOUN = /^(?:activity|action|process|practice|method|behaviou?r|procedure|technique|step|task|habit|way)$/;

/** Subject–verb agreement of a predicate with its new subject (is/are, was/were, has/have, absorbs/absorb). */
function agree(predicate: readonly Token[], plural: boolean, whPlural: boolean): string {
  if (predicate.length === 0) return "";
  const [v, ...rest] = predicate;
  let verb = v.text;
  const lower = v.lower;
  if (plural) {
    verb = { is: "are", was: "were", has: "have", does: "do" }[lower] ?? (/[^s]s$/.test(lower) ? (pluralVerb(v) ?? verb) : verb);
  } else if (whPlural) {
    const singular = (t: Token) =>
      (t.pos === "VERB" || t.pos === "NOUN") && (t.lemma === t.lower || canBeBaseVerb(t.lower)) && canBeVerb(t.lower) && !/s$/.test(t.lower)
        ? thirdPerson(t.lower)
        : undefined;
    verb = { are: "is", were: "was", have: "has", do: "does" }[lower] ?? singular(v) ?? verb;
    // ("They cut, shape and lay stone" → "A stonemason cuts, shapes and lays stone": the verbs listed after the first agree too.)
    if (verb !== v.text && rest[0]?.text === ",") {
      const listed = [...rest];
      let k = 0;
      while (listed[k] && (listed[k].text === "," || listed[k].lower === "and" || listed[k].lower === "or") && listed[k + 1]) {
        const said = singular(listed[k + 1]);
        if (!said) break;
        listed[k + 1] = { ...listed[k + 1], text: said };
        k += 2;
        if (listed[k - 2].lower === "and" || listed[k - 2].lower === "or") break;
      }
      // (Only a list that ends with "and" or "or" and its verb: "cuts, shape …" alone is no list of verbs.)
      if (k >= 2 && /^(?:and|or)$/.test(listed[k - 2].lower)) rest.splice(0, rest.length, ...listed);
    } else if (verb !== v.text && /^(?:and|or)$/.test(rest[0]?.lower ?? "") && rest[1]?.pos === "VERB") {
      // ("They make and serve coffee drinks" → "A barista makes and serves …": the verb after "and" agrees too.)
      const said = singular(rest[1]);
      if (said) rest[1] = { ...rest[1], text: said };
    }
  }
  return [verb, text(rest)].filter((s) => s !== "").join(rest[0] && rest[0].pre === "" ? "" : " ");
}

/**
 * The plural form of a third-person verb: its lemma, or the -s form's stem where the tagger lemmatised a noun ("lives" → "life", but the
 * verb is "live").
 */
function pluralVerb(v: Token): string | undefined {
  if (v.lemma !== v.lower && canBeVerb(v.lemma) && v.lower.startsWith(v.lemma.slice(0, -1))) return v.lemma;
  const stems = [v.lower.replace(/ies$/, "y"), v.lower.replace(/es$/, ""), v.lower.slice(0, -1)];
  return stems.find(
    (x) => x !== v.lower && x.length > 1 && canBeVerb(x) && (x.length < v.lower.length - 1 ? /(?:s|x|z|ch|sh|o|y)$/.test(x) : true),
  );
}

/** "cannot", "does not", "will not"… */
function negate(aux: Token): string {
  if (aux.lower === "can" || aux.lower === "ca") return "cannot";
  if (aux.lower === "wo") return "will not";
  return `${aux.lower} not`;
}

function auxText(aux: Token): string {
  return aux.lower === "ca" ? "can" : aux.lower === "wo" ? "will" : aux.lower;
}

const NPI: Record<string, [string, string]> = {
  anyone: ["someone", "no one"],
  anybody: ["somebody", "nobody"],
  anything: ["something", "nothing"],
  any: ["some", "no"],
};

/** A declarative question in statement order, positive or negative, with `insert` placed at `gap` of its rest. */
function declarative(
  d: Declarative,
  positive: boolean,
  insert?: { text: string; gap: number },
  verbOverride?: { lemma: string; rest: string },
): string {
  // ("Kublai Khan's capital, Khanbaliq, was …": the subject's appositive name is closed before the verb.)
  const named = d.subject.length > 3 && d.subject.at(-2)?.text === "," && d.subject.at(-1)?.pos === "PROPN";
  let subject = named ? `${text(d.subject)},` : text(d.subject);
  const first = d.subject[0]?.lower ?? "";
  let negativeSubject = false;
  if (first in NPI && d.subject.length === 1) {
    subject = NPI[first][positive ? 0 : 1];
    negativeSubject = !positive;
  }
  // "Do all birds fly?" — No → "Not all birds fly."
  const allSubject = !positive && first === "all";
  if (allSubject) subject = `not ${subject}`;
  const restTokens = d.rest;
  let rest = text(restTokens);
  if (insert) {
    const before = text(restTokens.slice(0, insert.gap));
    const after = text(restTokens.slice(insert.gap));
    rest = [before, insert.text, after].filter((s) => s !== "").join(" ");
  }
  if (verbOverride) rest = [verbOverride.rest, rest].filter((s) => s !== "").join(" ");
  // "Which country did Napoleon not invade?": a "not" after the subject negates as "did not" does.
  const lateNot = d.preVerb.some((t) => t.lower === "not");
  // "Does lightning ever strike …?": a statement keeps "ever" only negated, as "never" ("Lightning never strikes …").
  let ever = d.preVerb.some((t) => t.lower === "ever");
  if (d.auxKind === "be" && /^ever\b/.test(rest)) {
    ever = true;
    rest = rest.slice(4).trimStart();
  }
  const pre = text(d.preVerb.filter((t) => t.lower !== "not" && t.lower !== "ever"));
  if (lateNot) positive = !positive;
  const makePositive = positive || negativeSubject || allSubject;
  const never = ever && !makePositive;
  const parts: string[] = [subject];
  if (d.auxKind === "be") {
    parts.push(
      `${auxText(d.aux)}${makePositive ? "" : never ? " never" : " not"}`,
      pre,
      verbOverride?.lemma ?? (d.verb ? d.verb.text : ""),
      rest,
    );
  } else if (d.auxKind === "do") {
    const lemma = verbOverride?.lemma ?? d.verb!.text;
    const finite = d.aux.lower === "did" ? pastTense(lemma) : d.aux.lower === "does" ? thirdPerson(lemma) : lemma;
    if (makePositive) parts.push(pre, finite, rest);
    else if (never) parts.push("never", pre, finite, rest);
    else parts.push(negate(d.aux), pre, lemma, rest);
  } else {
    parts.push(
      makePositive ? auxText(d.aux) : never ? `${auxText(d.aux)} never` : negate(d.aux),
      pre,
      verbOverride?.lemma ?? d.verb!.text,
      rest,
    );
  }
  return glueOpeningQuotes(
    parts
      .filter((s) => s !== "")
      .join(" ")
      // (Not before a decimal point that opens a number: "to hit .400".)
      .replace(/ (?=[,;:!?%]|\.(?!\d))| (?='s\b)/g, ""),
  );
}

/** The space after an opening quotation mark removed ('runners " hit the wall"' → 'runners "hit the wall"'): the question's quote split. */
function glueOpeningQuotes(sentence: string): string {
  if (!sentence.includes('" ') && !sentence.includes("“ ")) return sentence;
  let open = false;
  let out = "";
  for (let i = 0; i < sentence.length; i++) {
    const c = sentence[i];
    out += c;
    if (c === '"') open = !open;
    if (((c === '"' && open) || c === "“") && sentence[i + 1] === " " && (i === 0 || sentence[i - 1] === " ")) i++;
  }
  return out;
}

const PRONOUNS = new Set(["it", "they", "he", "she"]);
const PERSONISH =
  /^(?:man|woman|person|boy|girl|king|queen|scientist|student|teacher|president|author|leader|doctor|farmer|child|mother|father|explorer|inventor|writer|painter|composer|emperor)$/;
/**
 * People in general: what "we" and "you" stand for in an answer to a question about them ("How many bones do adult humans have?" + "We have
 * 206.").
 */
const PEOPLE = /^(?:humans?|people|adults?|children|kids|men|women|persons|individuals|babies|teenagers|we|you|us|one|i)$/;

/** True when the subject pronoun `p` can stand for `antecedent` (number, and a person for he/she, people for we/you). */
const COLLECTIVE =
  /^(?:crew|team|band|family|government|police|staff|army|navy|audience|public|committee|jury|council|company|class|choir|orchestra|tribe|population)$/;

function pronounFits(p: string, antecedent: readonly Token[], number?: "singular" | "plural"): boolean {
  if (antecedent.length === 0) return false;
  const plural = number
    ? number === "plural"
    : isPluralPhrase(antecedent) || (antecedent.length === 1 && /^(?:we|you|they)$/.test(antecedent[0].lower));
  if (p === "we" || p === "you") {
    const head = antecedent.filter((x) => /\w/.test(x.text)).at(-1);
    return head !== undefined && PEOPLE.test(head.lower);
  }
  // ("the Maya", "the Inca": a people's name, one word after "the", is "they" where the auxiliary does not say its number.)
  const people = number === undefined && antecedent.length === 2 && antecedent[0].lower === "the" && /^[A-Z]/.test(antecedent[1].text);
  // ("the Apollo 13 crew": a group of people is "they".)
  const group = p === "they" && COLLECTIVE.test(antecedent.filter((x) => /\w/.test(x.text)).at(-1)?.lower ?? "");
  if (group || singularThey(p, antecedent, plural)) return true;
  if (!PRONOUNS.has(p) || ((p === "they") !== plural && !(p === "they" && people))) return false;
  return !((p === "he" || p === "she") && !antecedent.some((x) => x.pos === "PROPN" || /^[A-Z]/.test(x.text) || PERSONISH.test(x.lower)));
}

/** A plural contraction after "they", spelled out so that its verb can agree with a singular subject. */
const SPELLED_CONTRACTION: Readonly<Record<string, string>> = { "'re": "are", "’re": "are", "'ve": "have", "’ve": "have" };

/**
 * "they" for a kind the question names with "a" or "an" ("What does a court stenographer do?" + "They make a word-for-word record …"): the
 * kind in general, said in the singular (the verb agrees again: "A court stenographer makes …").
 */
function singularThey(p: string, antecedent: readonly Token[], plural: boolean): boolean {
  return (
    p === "they" &&
    !plural &&
    antecedent.length >= 2 &&
    /^(?:a|an)$/.test(antecedent[0].lower) &&
    antecedent.at(-1)?.pos === "NOUN" &&
    !antecedent.some((x) => /^['’]s$/.test(x.text))
  );
}

/**
 * The number of an inverted question's subject as its auxiliary shows it ("do salmon" plural, "does a thermometer" singular); undefined
 * after a modal.
 */
function subjectNumber(d: Declarative): "singular" | "plural" | undefined {
  const aux = d.aux.lower;
  if (/^(?:do|are|were|have|'re)$/.test(aux))
    return d.subject.length === 1 && /^(?:i|you)$/.test(d.subject[0].lower) ? undefined : "plural";
  if (/^(?:does|is|was|has|'s)$/.test(aux)) return "singular";
  return undefined;
}

/** "our sense of smell" said by "we" who stand for people: "their sense of smell". */
function thirdPersonPossessives(s: string): string {
  return s.replace(/\b(?:our|your)\b/gi, "their").replace(/\b(?:ourselves|yourselves)\b/gi, "themselves");
}

/**
 * A clause answer to an inverted question that repeats the question's subject (or a pronoun for
 * it) and verb ("What gas do humans breathe in?" + "We breathe in oxygen."; "Where do salmon lay
 * their eggs?" + "They lay them in freshwater streams."): the words that fill the question's gap,
 * as a phrase answer, so that the statement keeps the question's own words around them ("Humans
 * breathe in oxygen.", "Salmon lay their eggs in freshwater streams."). Undefined for any other clause.
 */
/**
 * The answer's main verb when the answer is the question's clause said again with the same verb and its subject, or a pronoun for it
 * ("They lay their eggs in water."): its index and the pronoun; undefined otherwise.
 */
function echoedVerb(d: Declarative, a: AnswerParts): { m: number; pronoun?: string } | undefined {
  const t = a.tokens;
  const v = a.finiteVerb;
  if (!a.isClause || !d.verb || v < 1 || t.some((x) => /^(?:not|n't|never|no)$/.test(x.lower))) return undefined;
  // The answer's main verb: after an auxiliary and adverbs ("They can also fly") or the finite verb itself.
  let m = v;
  if (t[v].pos === "AUX" && d.auxKind !== "be") {
    m = v + 1;
    while (m < t.length && t[m].pos === "ADV") m++;
  }
  const main = t[m];
  if (!main || main.lemma !== d.verb.lemma) return undefined;
  // Adverbs the answer adds ("They usually eat …") would be lost.
  const said = new Set(d.preVerb.map((x) => x.lower));
  if (t.slice(0, m).some((x) => x.pos === "ADV" && !said.has(x.lower))) return undefined;
  const subject = t.slice(0, v).filter((x) => x.pos !== "ADV");
  const pronoun = subject.length === 1 && subject[0].pos === "PRON" ? subject[0].lower : undefined;
  const same = text(subject).toLowerCase() === text(d.subject).toLowerCase();
  if (!same && !(pronoun !== undefined && pronounFits(pronoun, d.subject, subjectNumber(d)))) return undefined;
  return { m, pronoun };
}

/**
 * The answer's words after its verb read against the question's ("It turns it into glycogen." against "turn excess glucose into _",
 * "it went on sale there in December 1994" against "go on sale in Japan"): the same words, a pronoun for the question's object, "there"
 * for its place phrase. Returns what the answer adds and where it goes in the question's rest, when the answer says the question's
 * words up to a gap and only a phrase after them.
 */
function alignedEcho(d: Declarative, a: AnswerParts): { phrase: string; gap: number } | undefined {
  const echoed = echoedVerb(d, a);
  if (!echoed) return undefined;
  const t = a.tokens.filter((x, i, all) => !(i === all.length - 1 && x.pos === "PUNCT"));
  const rest = d.rest;
  let f = echoed.m + 1;
  let r = 0;
  let matched = 0;
  while (f < t.length && r < rest.length) {
    if (rest[r].pos === "PUNCT") {
      r++;
      continue;
    }
    if (t[f].lower === rest[r].lower) {
      f++;
      r++;
      matched++;
      continue;
    }
    const np = nounPhraseEnd(rest, r);
    if (/^(?:it|them)$/.test(t[f].lower) && np > r && !isTemporal(rest, r)) {
      f++;
      r = np;
      matched++;
      continue;
    }
    if (t[f].lower === "there" && rest[r].pos === "ADP" && nounPhraseEnd(rest, r + 1) > r + 1) {
      f++;
      r = nounPhraseEnd(rest, r + 1);
      matched++;
      continue;
    }
    break;
  }
  const left = rest.slice(r).filter((x) => x.pos !== "PUNCT");
  const phrase = t.slice(f);
  // Something said again, a phrase left, and the question's rest either all said or going on with a preposition after the gap.
  if (matched === 0 || phrase.length === 0 || phrase[0].pos === "PUNCT" || (left.length > 0 && left[0].pos !== "ADP")) return undefined;
  if (phrase.some((x) => x.pos === "VERB" || x.pos === "AUX" || x.pos === "SCONJ")) return undefined;
  let out = text(phrase).replace(/(?<![A-Z]\.[A-Z])\.$/, "");
  if (echoed.pronoun === "we" || echoed.pronoun === "you") out = thirdPersonPossessives(out);
  return { phrase: out, gap: r };
}

/** Whether a noun phrase at `k` is followed by a bare verb, as an object of "help", "make", "let" is ("the animal hide"). */
function bareVerbAfterObject(t: readonly Token[], k: number): boolean {
  if (!/^(?:DET|NOUN|PROPN)$/.test(t[k]?.pos ?? "")) return false;
  const end = nounPhraseEnd(t, k);
  return end > k && t[end]?.pos === "VERB" && t[end].lower === t[end].lemma;
}

function answerFillingGap(d: Declarative, a: AnswerParts): AnswerParts | undefined {
  const echoed = echoedVerb(d, a);
  if (!echoed) return undefined;
  const t = a.tokens;
  const { m, pronoun } = echoed;
  let k = m + 1;
  // Particles the question has too ("breathe in").
  // (And a stranded preposition: "What do caterpillars turn into?" + "They turn into butterflies".)
  const stranded = d.rest.filter((x) => x.pos !== "PUNCT").at(-1);
  // ("It flows north into the Mediterranean Sea" for "… flow into?": a word of the answer's own before the stranded preposition leaves the
  // answer's clause as it is.)
  if (stranded?.pos === "ADP" && d.rest.length === 1 && t[k] && t[k + 1]?.lower === stranded.lower && /^(?:ADV|NOUN|ADJ)$/.test(t[k].pos))
    return undefined;
  while (
    k < t.length &&
    d.rest.some((x) => x.lower === t[k].lower && (PARTICLES.has(x.lower) || (x === stranded && x.pos === "ADP"))) &&
    t[k].pos !== "NOUN"
  )
    k++;
  // The question's object before the gap, in the answer as a pronoun or the same words ("lay them", "lay their eggs").
  const np = nounPhraseEnd(d.rest, 0);
  if (np > 0 && !isTemporal(d.rest, 0)) {
    const words = d.rest.slice(0, np).map((x) => x.lower);
    if (t[k] && /^(?:it|them|this|these|those)$/.test(t[k].lower)) k++;
    else if (words.every((w, i) => t[k + i]?.lower === w)) k += words.length;
    // ("They give the flowers a way …" for "give flowers": the same words after an article of the answer's own.)
    else if (t[k]?.pos === "DET" && d.rest[0].pos !== "DET" && words.every((w, i) => t[k + 1 + i]?.lower === w)) k += 1 + words.length;
    // ("It helps the animal hide …" for "How does this color change help the arctic hare?": the answer names the object its own way,
    // before the bare verb the question's verb takes, and what follows is no phrase of its own.)
    else if (bareVerbAfterObject(t, k)) return undefined;
    // ("They gave us the first alphabet." for "What did the Phoenicians give the world?": the answer's own indirect object.)
    else if (t[k] && /^(?:us|me|him|her|them|you)$/.test(t[k].lower) && t[k + 1] && t[k + 1].pos !== "PUNCT") k++;
    // ("brush them for two minutes" for "brush your teeth for _": the question's stranded preposition, said again.)
    if (stranded?.pos === "ADP" && t[k]?.lower === stranded.lower && t[k + 1]) k++;
  } else if (
    t[k] &&
    /^(?:it|them)$/.test(t[k].lower) &&
    d.rest.some((x) => x.pos === "NOUN" || x.pos === "PROPN" || x.pos === "NUM") &&
    t[k + 1]?.pos === "ADP"
  ) {
    // ("They made it at Kill Devil Hills" for "make their first powered flight": "it" for an object the phrase rules did not delimit;
    // so a title: "He published it in 1949" for "publish Nineteen Eighty-Four".)
    k++;
  }
  // ("They help flowers reproduce …": a bare verb after the object of "help", "make", "let" is the object's, no phrase of its own.)
  if (k > m + 1 && t[k]?.pos === "VERB" && t[k].lower === t[k].lemma && /^(?:help|make|let|have|see|watch|hear)$/.test(d.verb?.lemma ?? ""))
    return undefined;
  // (Only a final stop goes: a closing quote stays, "call it \"the Coathanger\"".)
  let filler = t.slice(k).filter((x, i, all) => !(i === all.length - 1 && /^[.?!;:,]+$/.test(x.text)));
  // The question's own words after the gap, which the answer repeats ("We get vitamin D from sunlight."), are the question's to say.
  const after = d.rest.filter((x) => x.pos !== "PUNCT").map((x) => x.lower);
  const repeated = after.length === 0 ? -1 : filler.findIndex((_, j) => j > 0 && after.every((w, i) => filler[j + i]?.lower === w));
  if (repeated > 0) filler = [...filler.slice(0, repeated), ...filler.slice(repeated + after.length)];
  // (So the first of them, which end the answer's phrase: "He left his Requiem unfinished" for "leave _ unfinished when he died".)
  // (Before the answer's own punctuation: "…; Süssmayr completed it afterwards" goes on after the question's words.)
  else {
    const stop = filler.findIndex((x) => x.pos === "PUNCT");
    const end = stop < 0 ? filler.length : stop;
    let said = Math.min(after.length, end - 1);
    while (said > 0 && !after.slice(0, said).every((w, i) => filler[end - said + i].lower === w)) said--;
    if (said > 0) filler = [...filler.slice(0, end - said), ...filler.slice(end)];
  }
  if (filler.length === 0 || filler[0].pos === "PUNCT") return undefined;
  // ("learn to do" + "They learned to salivate …": the answer's infinitive is the question's "to do"; the pronoun rule says it whole.)
  if (filler[0].lower === "to" && /^to do$/i.test(text(withoutMarks(d.rest)))) return undefined;
  // "She named polonium after Poland." for "… name after her home country?": the answer says the question's phrase its own way.
  // (Before the answer's comma only: "George Foreman, in Kinshasa, in 1974" adds its own place to the question's "in the Rumble …".)
  const lead = d.rest.find((x) => x.pos !== "PUNCT");
  const comma = filler.findIndex((x) => x.text === ",");
  if (lead?.pos === "ADP" && filler.some((x, i) => i > 0 && (comma < 0 || i < comma) && x.lower === lead.lower)) return undefined;
  // So its own when-clause for the question's ("… when skin is exposed to UVB light" for "… when skin is exposed to sunlight?").
  const clause = d.rest.find((x) => /^(?:when|whenever|if|while|before|after|because|until)$/.test(x.lower));
  if (clause && filler.some((x, i) => i > 0 && x.lower === clause.lower)) return undefined;
  // A final period the tokenizer kept on an abbreviation-like word ("vitamin D."): the phrase goes mid-sentence.
  let phrase = text(filler).replace(/(?<![A-Z]\.[A-Z])\.$/, "");
  if (pronoun === "we" || pronoun === "you") phrase = thirdPersonPossessives(phrase);
  // The filler was the clause's object or adjunct: a phrase, whatever the tagger makes of it ("eucalyptus leaves").
  return withAnswerFields(analyzeAnswer(phrase), { rest: a.rest, raw: a.raw, isClause: false, finiteVerb: -1 });
}

/**
 * A clause answer whose subject is a pronoun for what the question is about ("They absorb carbon
 * dioxide." → "Plants absorb carbon dioxide."); undefined when the pronoun does not fit.
 */
function resolvePronoun(a: AnswerParts, asked: readonly Token[], number?: "singular" | "plural"): string | undefined {
  const t = a.tokens;
  // ("He thought life was …" for "What was Schopenhauer's attitude toward life?": "he" is the named owner, not his attitude.)
  const antecedent = (t[0] && namedOwner(t[0].lower, asked)) ?? asked;
  // (The pronoun's adverb or floating quantifier goes with it: "They often …", "They both …".)
  const floating = a.finiteVerb === 2 && FLOATING_QUANTIFIER.test(t[1].lower);
  if (
    !a.isClause ||
    t.length < 2 ||
    antecedent.length === 0 ||
    (a.finiteVerb !== 1 && !(a.finiteVerb === 2 && (t[1].pos === "ADV" || floating)))
  )
    return undefined;
  const p = t[0].lower;
  // ("Most use echolocation" for "How do bats find their way …?": a quantifier alone is some of the question's plural subject.)
  if (
    STANDALONE_QUANTIFIER.test(p) &&
    a.finiteVerb === 1 &&
    isPluralPhrase(antecedent) &&
    !antecedent.some((x) => STANDALONE_QUANTIFIER.test(x.lower))
  )
    return `${t[0].text} ${text(antecedent[0].lower === "the" ? antecedent.slice(1) : antecedent)} ${text(t.slice(1))}`;
  // ("Both are rocky planets." for "What do Mars and Venus have in common?": "both" stands for the question's two things.)
  // (Only where the two things are the whole subject: not "the difference between baking and roasting", nor a subject cut at "and".)
  const coordinated =
    antecedent.some((x) => x.lower === "and") && !antecedent.some((x) => x.pos === "ADP") && antecedent.at(-1)?.pos !== "CCONJ";
  if (p === "both")
    return a.finiteVerb === 1 && coordinated && !/^both$/i.test(antecedent[0].text)
      ? `Both ${text(antecedent)} ${text(t.slice(1))}`
      : undefined;
  if (!pronounFits(p, antecedent, number)) return undefined;
  // ("It varies, but …", "It depends on …": no thing the question names; nor does the asker's "I" stand for "it".)
  if (p === "it" && /^(?:vary|depend)$/.test(t[a.finiteVerb].lemma)) return undefined;
  if (antecedent.length === 1 && /^(?:i|you|we|one)$/.test(antecedent[0].lower)) return undefined;
  const subject = text(antecedent);
  // ("Both the Moon and Earth" + "They both have …", "All vertebrate animals" + "They all have …": the quantifier is said once.)
  const saidTwice = floating && antecedent[0].lower === t[1].lower;
  let verb = text(t.slice(saidTwice ? 2 : 1));
  if (p === "we" || p === "you") verb = thirdPersonPossessives(verb);
  if (singularThey(p, antecedent, number ? number === "plural" : isPluralPhrase(antecedent))) {
    // The verb said of the singular kind, as agree says a predicate's ("make a record" → "makes a record", "'re" → "is").
    const k = t[1].pos === "ADV" || floating ? 2 : 1;
    const spelled = SPELLED_CONTRACTION[t[k].lower];
    const head = spelled ? { ...t[k], text: spelled, lower: spelled, lemma: spelled === "are" ? "be" : "have" } : t[k];
    verb = [k === 2 ? t[1].text : "", agree([head, ...t.slice(k + 1)], false, true)].filter((x) => x !== "").join(" ");
  }
  verb = verb
    .replace(/^'s\b/, "is")
    .replace(/^'re\b/, "are")
    .replace(/^'ve\b/, "have")
    .replace(/^'ll\b/, "will")
    .replace(/^'d\b/, "would");
  return `${subject} ${verb}`;
}

/** The name that owns a thing the question asks about ("Schopenhauer" of "Schopenhauer's attitude toward life"), for "he" or "she". */
function namedOwner(p: string, antecedent: readonly Token[]): readonly Token[] | undefined {
  if (p !== "he" && p !== "she") return undefined;
  const mark = antecedent.findIndex((x) => /^['’]s?$/.test(x.lower));
  const owner = antecedent.slice(0, mark);
  const owned = antecedent[mark + 1];
  return mark > 0 && owner.every((x) => x.pos === "PROPN" || /^[A-Z]/.test(x.text)) && owned && !PERSONISH.test(owned.lower)
    ? owner
    : undefined;
}

/**
 * "These are called predators." for "What are animals that hunt other animals for food called?": a demonstrative subject of "be"
 * stands for the question's subject when their numbers agree (not "This is because …", which explains).
 */
function demonstrativeSubject(a: AnswerParts, subject: readonly Token[]): string | undefined {
  const t = a.tokens;
  if (!a.isClause || a.finiteVerb !== 1 || t[1].lemma !== "be" || subject.length === 0) return undefined;
  const plural = /^(?:these|those)$/.test(t[0].lower);
  if (!plural && !/^(?:this|that)$/.test(t[0].lower)) return undefined;
  if (/^(?:because|why|how|what|when|where|due|the reason)$/.test(t[2]?.lower ?? "") || isPluralPhrase(subject) !== plural)
    return undefined;
  return `${text(subject)} ${text(t.slice(1)).replace(/^'s\b/, "is")}`;
}

/**
 * "it"/"them" after the subject of a resolved answer stands for the question's object where the answer has its own verb
 * ("How do plants get water?" + "They absorb it through their roots" → "Plants absorb water through their roots");
 * the sentence unchanged when the question has no object noun phrase, or names it in the answer already.
 */
/**
 * "What did the Knights Templar originally do?" + "They protected pilgrims …": the question's adverb goes before the answer's own verb
 * ("The Knights Templar originally protected …"), which says the question's "do".
 */
function withQuestionAdverb(sentence: string | undefined, d: Declarative, a: AnswerParts): string | undefined {
  // (Not an emphasis, which only asks: "What does a lightning rod actually do?")
  const adverbs = d.preVerb.filter(
    (t) => t.pos === "ADV" && /ly$/.test(t.lower) && !/^(?:actually|really|exactly|basically)$/.test(t.lower),
  );
  const verb = a.tokens[1];
  if (!sentence || d.verb?.lemma !== "do" || adverbs.length === 0 || adverbs.length !== d.preVerb.length) return sentence;
  if (a.finiteVerb !== 1 || verb?.pos !== "VERB" || a.tokens.some((t) => adverbs.some((x) => x.lower === t.lower))) return sentence;
  const at = sentence.indexOf(` ${verb.text} `);
  return at < 0 ? sentence : `${sentence.slice(0, at)} ${text(adverbs)}${sentence.slice(at)}`;
}

function questionObjectForPronoun(sentence: string, d: Declarative): string {
  // ("What do leafcutter ants do with the leaves they cut?", "What does the Moon's gravity do to Earth's oceans?": the object of "do
  // with" or "do to" is what "them" stands for.)
  const withObject = d.verb?.lemma === "do" && /^(?:with|to)$/.test(d.rest[0]?.lower ?? "") ? withoutFinalPunctuation(d.rest.slice(1)) : [];
  const np = withObject.length > 0 ? withObject.length : nounPhraseEnd(d.rest, 0);
  if (np <= 0 || (withObject.length === 0 && isTemporal(d.rest, 0))) return sentence;
  const object = withObject.length > 0 ? withObject : d.rest.slice(0, np);
  const objectText = text(object);
  if (sentence.toLowerCase().includes(objectText.toLowerCase())) return sentence;
  // (The number of the phrase's own noun, not of a relative clause after it: "the leaves they cut".)
  const own = nounPhraseEnd(object, 0);
  const plural = isPluralPhrase(own > 0 ? object.slice(0, own) : object);
  const pronoun = new RegExp(`(?<=\\S )${plural ? "them" : "it"}\\b(?! (?:is|was|has|will|can)\\b)`);
  const matches = sentence.match(new RegExp(pronoun.source, "g"));
  // (Not after a noun of the answer's own past its verb, which the pronoun may stand for: "pumps a refrigerant that absorbs heat inside
  // and releases it outside".)
  // (After the question's own verb it is the question's object: "… and lay them in gravel beds".)
  if (matches?.length === 1) {
    const before = sentence.slice(0, pronoun.exec(sentence)?.index);
    const wordBefore = /(\S+)\s*$/.exec(before)?.[1].toLowerCase() ?? "";
    const verbBefore = d.verb !== undefined && [...verbForms(d.verb.lemma), ...verbForms(d.verb.lower)].includes(wordBefore);
    return verbBefore || !nounAfterVerb(before) ? sentence.replace(pronoun, objectText) : sentence;
  }
  // (Of several, the one right after the first clause's verb: "Dung beetles eat them, and females also lay their eggs in them".)
  const first = matches && matches.length > 1 ? pronoun.exec(sentence) : null;
  const before = first ? sentence.slice(0, first.index) : "";
  return first && !/[,;:—–]/.test(before) && !/\b(?:in|on|at|of|to|for|with|from|by|into|about|onto|through)\s$/i.test(before)
    ? `${before}${objectText}${sentence.slice(first.index + first[0].length)}`
    : sentence;
}

/**
 * "Its magnetised needle lines up with …" for "How does a compass work?": a statement that opens with "Its" or "Their" gets the
 * question's subject as the owner ("A compass's magnetised needle …"), when the subject is a noun phrase whose number the pronoun fits.
 */
function possessiveOpenerNamed(r: Realized, d: Declarative): Realized {
  const opener = /^(Its|Their) (?=[a-z])/.exec(r.sentence);
  const subject = d.subject;
  if (!opener || subject.length === 0 || subject.some((t) => !["DET", "ADJ", "NOUN", "PROPN"].includes(t.pos))) return r;
  if (!subject.some((t) => t.pos === "NOUN" || t.pos === "PROPN") || (opener[1] === "Their") !== isPluralPhrase(subject)) return r;
  const owner = text(subject);
  const possessive = /s$/i.test(owner) && opener[1] === "Their" ? `${owner}'` : `${owner}'s`;
  return { ...r, sentence: `${capitalize(possessive)} ${r.sentence.slice(opener[0].length)}` };
}

/**
 * "We get vitamin D from it." for "Which vitamin do we get from sunlight?": the answer's "from it" after the question's own preposition
 * stands for the question's noun phrase after it, which the statement does not say ("… from sunlight").
 */
function prepositionObjectNamed(r: Realized, d: Declarative, a: AnswerParts): Realized {
  const at = a.isClause ? d.rest.findIndex((t) => t.pos === "ADP") : -1;
  if (at < 0) return r;
  const end = nounPhraseEnd(d.rest, at + 1);
  const object = end > at + 1 ? d.rest.slice(at + 1, end) : [];
  const nouns = object.filter((t) => t.pos === "NOUN" || t.pos === "PROPN");
  if (nouns.length === 0 || object.some((t) => t.pos === "PRON")) return r;
  const said = r.sentence.toLowerCase();
  if (nouns.some((n) => said.includes(n.lower))) return r;
  const pronoun = cachedRegExp(`\\b${escapeRegExp(d.rest[at].lower)} (${isPluralPhrase(object) ? "them" : "it"})\\b`, "gi");
  const found = [...r.sentence.matchAll(pronoun)];
  if (found.length !== 1) return r;
  const m = found[0];
  const where = (m.index ?? 0) + m[0].length - m[1].length;
  return { ...r, sentence: `${r.sentence.slice(0, where)}${text(object)}${r.sentence.slice(where + m[1].length)}` };
}

/**
 * True where a verb the tagger reads as one follows a noun and comes before a determiner, a pronoun or a noun of its own object, with no
 * relative word before it: "particles from the Sun hit gases", "… and make them glow" (not a participle's phrase: "a ship made of steel").
 */
function verbBeforeObject(tokens: readonly Token[]): boolean {
  return tokens.some(
    (t, k) =>
      k > 1 &&
      t.pos === "VERB" &&
      !/(?:ing|ed|en)$/.test(t.lower) &&
      (tokens[k - 1].pos === "NOUN" || tokens[k - 1].pos === "PROPN" || tokens[k - 1].lower === "and") &&
      /^(?:DET|PRON|NOUN)$/.test(tokens[k + 1]?.pos ?? "") &&
      !tokens.slice(0, k).some((x) => /^(?:that|which|who|whose|where|when)$/.test(x.lower)),
  );
}

/** True where a word after the first is a past form followed by its object or a preposition: "An asteroid hit the Earth", "A seal failed in". */
function pastVerbWithObject(tokens: readonly Token[]): boolean {
  return tokens.some(
    (t, k) =>
      k > 0 &&
      t.pos === "VERB" &&
      (t.lemma !== t.lower || pastTense(t.lemma) === t.lower) &&
      !/ing$/.test(t.lower) &&
      /^(?:DET|ADP|PRON)$/.test(tokens[k + 1]?.pos ?? "") &&
      !/^(?:that|which|who)$/.test(tokens[k - 1].lower),
  );
}

/** True when a noun follows the first verb of `before` (the words before a pronoun). */
function nounAfterVerb(before: string): boolean {
  const tokens = tokenizePhrase(before);
  const verb = tokens.findIndex((t) => t.pos === "VERB");
  return verb >= 0 && tokens.slice(verb + 1).some((t) => t.pos === "NOUN" || t.pos === "PROPN");
}

/** True when the answer names the head of the question's object ("water" of "get water", "honey" of "make honey"). */
function namesObject(answer: readonly Token[], d: Declarative): boolean {
  const np = nounPhraseEnd(d.rest, 0);
  const head =
    np > 0
      ? d.rest
          .slice(0, np)
          .filter((t) => t.pos === "NOUN" || t.pos === "PROPN")
          .at(-1)
      : undefined;
  return head !== undefined && answer.some((t) => t.lemma === head.lemma || t.lower === head.lower);
}

/** Content words (lower-cased lemmas of nouns, verbs, adjectives, names, numbers). */
function contentWords(tokens: readonly Token[]): Set<string> {
  return new Set(
    tokens.filter((t) => ["NOUN", "PROPN", "VERB", "ADJ", "NUM"].includes(t.pos) && !/^(?:be|have|do)$/.test(t.lemma)).map((t) => t.lemma),
  );
}

/** True when the clause already says most of what the question asks about. */
function restates(answer: readonly Token[], question: readonly Token[]): boolean {
  const q = contentWords(question);
  if (q.size === 0) return false;
  const a = new Set<string>();
  for (const t of answer) a.add(t.lemma).add(t.lower);
  let shared = 0;
  for (const w of q) if (a.has(w)) shared++;
  return shared / q.size >= 0.6;
}

/** Heads of statements that state something: "The Pythagorean theorem states that …". */
const STATING_HEAD =
  /^(?:law|laws|theorem|principle|rule|dogma|postulate|axiom|conjecture|lemma|identity|hypothesis|theory|equation|formula|paradox|effect)$/;

/**
 * The head noun of a subject, read through a possessive when singular ("law" in "Ohm's law", where the tagger ends the phrase at "'s"; not
 * "Newton's three laws", one of which an answer states).
 */
function statedHead(subject: readonly Token[]): Token | undefined {
  const head = headNoun(subject);
  const through = headNoun(subject.filter((t) => !/^['’]s$/.test(t.lower)));
  return through && through !== head && through.lemma === through.lower ? through : head;
}

const ABSTRACT_HEAD =
  /^(?:result|reason|effect|cause|explanation|outcome|consequence|difference|problem|advantage|benefit|disadvantage|purpose|idea|rule|law|principle|conclusion|evidence|fact|answer|change|observation|prediction|hypothesis|theory|finding|lesson|point|goal|aim|function|role|danger|risk|belief|claim|argument|reaction|response|similarity|relationship|importance|meaning|significance|origin|history|source)s?$/;

/**
 * Heads whose value is a proposition, so that "X is that <clause>" is English ("The main reason
 * the sky is blue is that …", "One property of X is that …"). Any other head with a clause answer
 * gets the clause as it stands: "The boiling point of water is that water boils at 100 °C" and
 * "A mammal that can fly is that bats …" are glued, not English.
 */
const PROPOSITION_HEAD =
  /^(?:result|reason|effect|cause|explanation|outcome|consequence|difference|problem|advantage|benefit|disadvantage|drawback|idea|rule|law|principle|conclusion|evidence|fact|observation|prediction|hypothesis|finding|lesson|danger|risk|belief|claim|argument|similarity|importance|significance|meaning|property|characteristic|feature|condition|requirement|postulate|assumption|issue|concern|implication|limitation|weakness|strength|rationale|justification|requirement|criterion|criteria)s?$/;

/** The noun an answer is an instance of: the head, or after "an example of", "one type of" the head of what follows ("language"). */
function classHead(tokens: readonly Token[]): Token | undefined {
  const of = tokens.findIndex((t) => t.lower === "of");
  const head = headNoun(tokens);
  if (of > 0 && (!head || /^(?:example|instance|type|kind|sort|form|one|variety|case)s?$/.test(head.lower)))
    return headNoun(tokens.slice(of + 1).filter((t) => t.pos !== "DET")) ?? head;
  return head;
}

/**
 * The last word before a preposition, relative or participle, whatever its tag ("characteristic" in "one characteristic of mammals", tagged
 * ADJ).
 */
function headWord(tokens: readonly Token[]): Token | undefined {
  const stop = tokens.findIndex(
    (t, i) => i > 0 && (t.pos === "ADP" || t.pos === "SCONJ" || t.pos === "PART" || /^(?:that|which|who|whom|whose)$/.test(t.lower)),
  );
  return (stop < 0 ? tokens : tokens.slice(0, stop)).filter((t) => /\w/.test(t.text) && t.pos !== "DET" && t.pos !== "NUM").at(-1);
}

function isPropositionHead(t: Token): boolean {
  return PROPOSITION_HEAD.test(t.lower) || PROPOSITION_HEAD.test(t.lemma);
}

function headNoun(tokens: readonly Token[]): Token | undefined {
  const stop = tokens.findIndex(
    (t, i) =>
      i > 0 &&
      (t.pos === "ADP" ||
        t.pos === "SCONJ" ||
        t.pos === "PART" ||
        // (A participle after the noun, not one before it: "the most spoken language in the world".)
        (t.pos === "VERB" && /(?:ing|ed|en)$/.test(t.lower) && tokens.slice(0, i).some((x) => x.pos === "NOUN" || x.pos === "PROPN")) ||
        // (A relative clause with no "that": "the pieces each player starts with", "the songs they sang".)
        (tokens[i - 1].pos === "NOUN" && /^(?:each|every|the|a|an|my|your|his|her|their|our|its|they|we|you|he|she|i)$/.test(t.lower)) ||
        /^(?:that|which|who|whom|whose)$/.test(t.lower)),
  );
  return tokens
    .slice(0, stop < 0 ? tokens.length : stop)
    .filter((t) => t.pos === "NOUN" || t.pos === "PROPN")
    .at(-1);
}

/** "because of gravity", "because it hit an iceberg", "to find food", "due to free fall". */
function becausePhrase(a: AnswerParts): string {
  // "As days get shorter, trees stop …", "When water freezes, its molecules …": a fronted clause before the reason's main clause, after
  // "because" ("because, as days get shorter, trees stop …", as a careful annotator writes it).
  const fronted = /^(as|when|whenever|once|after|before|if|while)\s[^,]{3,80},\s+(?!to\s)\S/i.exec(a.text);
  if (fronted) return `because${fronted[1].toLowerCase() === "as" ? "," : ""} ${a.text[0].toLowerCase()}${a.text.slice(1)}`;
  const s = midSentence(a.text).replace(/^So\b/, "so");
  // ("mostly because of …", "partly due to …": an adverb before the reason's own word.)
  if (a.because) return s;
  // (The purpose's or reason's own word, lowered: "… blue as sunlight passes …".)
  if (/^(?:to|in order to|so that|so as to|as|for)\b/i.test(s)) return `${s[0].toLowerCase()}${s.slice(1)}`;
  // ("So the referee can tell them apart": a purpose clause with "so" reads on as it is.)
  if (/^so (?:that )?(?:the|a|an|they|it|he|she|we|you|people|their|its)\b/i.test(s)) return s;
  // ("mainly to communicate": a purpose after the adverb too.)
  if (
    /^(?:mostly|mainly|largely|partly|partially|chiefly|primarily|probably|possibly|simply|likely|perhaps) (?:because|due to|since|thanks to|to|in order to|so that|so as to|for)\b/i.test(
      s,
    )
  )
    return s;
  // ("Mostly when they're content, but also …" for "Why do cats purr?": the time or condition of the question's action reads on as it is.)
  if (/^(?:(?:mostly|mainly|usually|often|typically|generally|largely|partly|only|especially) )?(?:when|whenever|if|while|once)\s/i.test(s))
    return s;
  // ("So passengers' eyes are already adjusted …", "So that flies …": the purpose's "so", which the fillers took for a filler, stays.)
  if (a.isClause && /^\s*so\s+(?![,.])/i.test(a.raw) && !/^so\b/i.test(s)) return `so ${s}`;
  if (a.isClause) return `because ${s}`;
  // ("Partly culture, partly acoustics." → "partly because of culture, partly because of acoustics".)
  const degree = /^(partly|partially|mostly|mainly|largely|chiefly|primarily) (?!because\b|due\b|since\b|thanks\b)/i.exec(s);
  if (degree)
    return s.replace(/(^|, (?:and )?)(partly|partially|mostly|mainly|largely|chiefly|primarily) (?!because\b|due\b)/gi, "$1$2 because of ");
  // ("Several reasons: …": reasons counted are given "for", "declined for several reasons: …".)
  if (/^(?:several|many|a few|a number of|various|multiple|two|three|four|five|a couple of|a combination of) (?:\w+ )?reasons\b/i.test(s))
    return `for ${s}`;
  return `because of ${s}`;
}

/** The yes/no answer's own words after the polarity, as they go after the statement. */
function elaboration(a: AnswerParts, statement: readonly Token[]): { joiner: string; text: string } | undefined {
  if (a.text === "" || a.echo) return undefined;
  if (a.because) return { joiner: " ", text: midSentence(a.text) };
  const content = new Set([
    ...contentWords(a.tokens),
    ...a.tokens.filter((t) => t.pos === "ADV" && !/^(?:not|n't|so|too|also|very|really)$/.test(t.lower)).map((t) => t.lower),
  ]);
  const covered = new Set([...contentWords(statement), ...statement.map((t) => t.lower)]);
  // (A negation the statement does not say is never covered: "Yes, but you should not.")
  const negation = a.tokens.some((t) => /^(?:not|n't|never)$/.test(t.lower)) && !statement.some((t) => /^(?:not|n't|never)$/.test(t.lower));
  if (!negation && [...content].every((w) => covered.has(w))) return undefined;
  // ("No, it's a giant herb — …": a contracted clause after the yes or no's comma follows the statement after a semicolon, as written.)
  if (a.isClause && /^(?:it|that|they|he|she)['’](?:s|re)\s/i.test(a.raw.trimStart())) return { joiner: "; ", text: textAsWritten(a) };
  // ("Yes, even though it's farther from the Sun, …": a concession goes on the statement after a comma, as the answer wrote it.)
  // (So a condition, perhaps an example's: "Yes, it can, for example if it suspects fraud …".)
  if (
    /^(?:even though|even if|although|though|whereas|unless|(?:(?:for example|for instance|especially|particularly|usually|typically|mainly|mostly|only|but only),? )?(?:if|when|as long as|provided|once))\s/i.test(
      a.text,
    )
  ) {
    const own = textAsWritten(a);
    return { joiner: ", ", text: `${own[0].toLowerCase()}${own.slice(1)}` };
  }
  if (a.isClause) return { joiner: ". ", text: capitalize(textAsWritten(a)) };
  // ("Yes, quite a lot." → "Caffeine affects sleep quite a lot": a degree goes on the verb without a comma.)
  // (Only after a verb of the question's own, not after "be": "Is it cold?" + "Yes, very much.")
  if (
    /^(?:quite )?(?:a lot|a bit|a little|a great deal|significantly|considerably|dramatically|hugely|enormously|massively|greatly|slightly)$/i.test(
      a.text,
    ) &&
    statement.some((t) => t.pos === "VERB")
  )
    return { joiner: " ", text: a.text.toLowerCase() };
  // "Yes, around 1000 AD, at L'Anse aux Meadows": a time or place phrase goes on the verb without a comma ("… reached North America
  // around 1000 AD, at …"; "… was classified as a planet until 2006").
  // (After the question's own time phrase a comma: "… before Columbus, around the year 1000".)
  const timed = statement.some((t) => /^(?:before|after|during|since|until)$/.test(t.lower));
  // ("Nope, in a vacuum they fall at …": a phrase, then a pronoun and its verb, is a clause of its own.)
  if (
    /^(?:in|on|at|during|for|with|after|before|under)\s[^,]{0,40}?\b(?:it|they|he|she|we|you)\s+(?:[a-z]+s|fall|are|were|can|do|don't|have|had|will|would)\b/i.test(
      a.text,
    )
  )
    return { joiner: ". ", text: capitalize(a.text) };
  // (Not an amount: "Yes, about one-sixth of Earth's" keeps its comma.)
  const amount = /^(?:around|about)\s/i.test(a.text) && !saysYearOrTime(a.text);
  if (!timed && !amount && /^(?:around|about|in|on|at(?! least)|since|until|till|during|before|after|from)\s/i.test(a.text))
    return { joiner: " ", text: midSentence(a.text) };
  // ("Yes, for about a week", "Yes, by more than a thousand years", "Yes, very well": a duration, a margin or a manner goes on the verb
  // without a comma.)
  if (
    /^(?:for (?:(?:about|around|roughly|nearly|almost|over|up to|at least|more than|less than|a|an|several|many|a few|\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|twelve) )+(?:\w+ )?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?|centuries)|by (?:(?:about|around|roughly|nearly|almost|over|more than|less than|at least|a|an|\d[\d,.]*) )+\S)|^(?:very|quite|pretty|really|fairly|extremely|incredibly|surprisingly) (?:well|fast|quickly|easily|far|high|long|slowly)\b/i.test(
      a.text,
    ) &&
    !timed
  )
    return { joiner: " ", text: midSentence(a.text) };
  return { joiner: ", ", text: midSentence(a.text) };
}

/** Replaces "X or Y" in a yes/no question by the alternative the answer picked ("a fruit or a vegetable" + "a fruit"). */
function pickAlternative(d: Declarative, a: AnswerParts): Declarative | undefined {
  if (a.isClause || a.text === "") return undefined;
  const p = [...d.preVerb, ...(d.verb ? [d.verb] : []), ...d.rest];
  const o = p.findIndex((t) => t.lower === "or");
  if (o <= 0 || o === p.length - 1) return undefined;
  const nominal = (t: Token) => ["DET", "ADJ", "NOUN", "PROPN", "NUM"].includes(t.pos);
  let lStart = o - 1;
  let rEnd = o + 2;
  if (nominal(p[o + 1])) {
    rEnd = Math.max(nounPhraseEnd(p, o + 1), o + 2);
    while (lStart - 1 >= 0 && nominal(p[lStart - 1]) && p[lStart - 1] !== d.verb) lStart--;
  }
  const words = new Set(a.tokens.filter((t) => /\w/.test(t.text) && !/^(?:a|an|the)$/.test(t.lower)).map((t) => t.lemma));
  const overlap = (xs: readonly Token[]) => xs.filter((t) => words.has(t.lemma)).length;
  const left = p.slice(lStart, o);
  const right = p.slice(o + 1, rEnd);
  const l = overlap(left);
  const r = overlap(right);
  if (l === r) return undefined;
  const chosen = l > r ? left : right;
  const predicate = [...p.slice(0, lStart), ...chosen, ...p.slice(rEnd)];
  if (d.auxKind === "be" || !d.verb) return { ...d, preVerb: [], rest: predicate };
  const v = predicate.indexOf(d.verb);
  if (v >= 0) return { ...d, preVerb: predicate.slice(0, v), rest: predicate.slice(v + 1) };
  const first = predicate.findIndex((t) => t.pos === "VERB" || canBeVerb(t.lower));
  if (first < 0) return undefined;
  return { ...d, preVerb: predicate.slice(0, first), verb: predicate[first], rest: predicate.slice(first + 1) };
}

/** True when the answer is a clause, perhaps after an adverb ("botanically a tomato is a fruit"). */
function hasFiniteVerb(a: AnswerParts): boolean {
  if (a.isClause) return true;
  let k = 0;
  while (k < a.tokens.length && (a.tokens[k].pos === "ADV" || a.tokens[k].text === ",")) k++;
  return k > 0 && clauseVerb(a.tokens.slice(k)) >= 0;
}

/** True when the clause says what the question asks, in so many words: every content word of the question's proposition occurs in it. */
function statesProposition(clause: readonly Token[], proposition: readonly Token[]): boolean {
  const q = contentWords(proposition);
  if (q.size === 0) return false;
  const a = new Set(clause.flatMap((t) => [t.lemma, t.lower]));
  // (A word said in a derived form counts: "conduct" in "conductor", "protect" in "protection".)
  const derived = (w: string) => w.length >= 5 && clause.some((t) => t.lower.length > w.length && t.lower.startsWith(w));
  // (So a closed compound that ends with it: "volcano" in "stratovolcano", "bird" in "songbird".)
  const compound = (w: string) => w.length >= 4 && clause.some((t) => t.lower.length >= w.length + 3 && t.lower.endsWith(w));
  for (const w of q) if (!a.has(w) && !derived(w) && !compound(w)) return false;
  return true;
}

/**
 * yes/no questions. Once the polarity is applied, "Yes"/"No" is gone ("Is the Earth round?" +
 * "Yes" → "The Earth is round."); an answer that states the proposition itself ("No, penguins
 * cannot fly, although …") is used as it stands, not repeated after the question's.
 */
const SUPERLATIVE_WORD = /^(?:\w+est|best|worst|first|last)$/;

/**
 * "The second-highest one is K2." for "What is the second-highest mountain in the world?": the answer's subject says the question's
 * with "one" for its noun; the question's subject takes its place.
 */
function oneForQuestionNoun(a: AnswerParts, subject: readonly Token[]): string | undefined {
  const t = a.tokens;
  // ("The oldest known is …": the tagger's "known" is no verb before "is".)
  const be = t.findIndex((x, k) => k >= a.finiteVerb && x.lemma === "be");
  const v = a.finiteVerb >= 0 && t[a.finiteVerb].lemma !== "be" && be > a.finiteVerb && be <= a.finiteVerb + 1 ? be : a.finiteVerb;
  if (!a.isClause || v < 2) return undefined;
  // ("The densest is osmium." for "What is the densest naturally occurring element?": a superlative cut short says it too.)
  const ones = t[v - 1].lower === "one";
  if (!ones && !(t.slice(1, v).some((x) => SUPERLATIVE_WORD.test(x.lower)) && t[0].lower === "the" && v < subject.length)) return undefined;
  const before = ones ? t.slice(0, v - 1) : t.slice(0, v);
  if (!before.every((x, i) => subject[i]?.lower === x.lower)) return undefined;
  // (The noun may follow its own adjective: "The smallest one is 2." for "What is the smallest prime number?".)
  const noun = subject.slice(before.length).findIndex((x) => x.pos !== "ADJ");
  if (ones && !["NOUN", "PROPN"].includes(subject[before.length + Math.max(noun, 0)]?.pos ?? "")) return undefined;
  return `${capitalize(text(subject))} ${text(t.slice(v))}`;
}

/** A made-up token with `word` as its text, taking its place from `like`. */
function word(like: Token, w: string, pos: Token["pos"]): Token {
  return { ...like, text: w, lower: w, lemma: w, pos, pre: " " };
}

/**
^ * The passive of a question about what "you" (or the asker) do ("Can you grow a pineapple from its top?" → "A pineapple can be grown from its
 * top"; "Should you put out a grease fire with water?" → "A grease fire should be put out with water"): the statement says it of the
 * object, impersonally. Undefined without a plain object after the verb (and its particle).
 */
function impersonalPassive(d: Declarative): Declarative | undefined {
  if (!d.verb || d.subject.length !== 1 || !/^(?:you|one|i|we)$/.test(d.subject[0].lower) || d.auxKind === "be" || d.auxKind === "have")
    return undefined;
  // "Do I need to peel ginger …?" → "Ginger does not need to be peeled …": the needed action in the passive.
  // (So "Do I have to pay tax on …?" → "Tax has to be paid on …".)
  if (
    (d.verb.lemma === "need" || d.verb.lemma === "have") &&
    d.auxKind === "do" &&
    d.rest[0]?.lower === "to" &&
    d.rest[1] &&
    d.rest[1].lower === d.rest[1].lemma
  ) {
    const inner = impersonalPassive({ ...d, auxKind: "modal", aux: word(d.aux, "must", "AUX"), verb: d.rest[1], rest: d.rest.slice(2) });
    if (!inner?.verb) return undefined;
    const aux = d.aux.lower === "did" ? "did" : isPluralPhrase(inner.subject) ? "do" : "does";
    return {
      ...d,
      subject: inner.subject,
      aux: word(d.aux, aux, "AUX"),
      rest: [word(d.aux, "to", "PART"), word(d.aux, "be", "AUX"), inner.verb, ...inner.rest],
    };
  }
  // (Nor a causative: "let bread dough rise".)
  if (
    /^(?:be|have|get|go|come|feel|become|live|do|need|want|like|know|think|let|see|hear|watch)$/.test(d.verb.lemma) ||
    !canBeVerb(d.verb.lemma)
  )
    return undefined;
  // ("make a battery" has a passive; "make bread rise" is a causative.)
  if (/^(?:make|help)$/.test(d.verb.lemma) && d.rest.some((t, i) => i > 0 && t.pos === "VERB" && t.lower === t.lemma)) return undefined;
  const particle = d.rest[0] && d.rest[0].pos !== "NOUN" && PARTICLES.has(d.rest[0].lower) && nounPhraseEnd(d.rest, 1) > 1 ? 1 : 0;
  let np = nounPhraseEnd(d.rest, particle);
  // ("bleach and ammonia": a coordination is one object.)
  while (np > particle && /^(?:and|or)$/.test(d.rest[np]?.lower ?? "") && nounPhraseEnd(d.rest, np + 1) > np + 1)
    np = nounPhraseEnd(d.rest, np + 1);
  // ("my succulents every day": a time phrase ends the object; so does a degree before one, "kimchi right after making it".)
  const time = d.rest.findIndex(
    (t, i) =>
      i > particle &&
      i < np &&
      (TEMPORAL_START.has(t.lower) ||
        (/^(?:right|just|straight|soon|immediately)$/.test(t.lower) &&
          /^(?:after|before|away|afterwards|now|then)$/.test(d.rest[i + 1]?.lower ?? ""))),
  );
  if (time > particle) np = time;
  // ("eat morels raw": an adjective after the object's noun is what the object is made, said after the participle.)
  if (
    np - particle >= 2 &&
    d.rest[np - 1].pos === "ADJ" &&
    d.rest[np - 2].pos === "NOUN" &&
    !/^(?:some|any|no)thing$/.test(d.rest[particle].lower)
  )
    np -= 1;
  // (The asker's "my roses" is anyone's: the statement's "my" becomes "a" or goes.)
  if (
    np <= particle ||
    isTemporal(d.rest, particle) ||
    d.rest.slice(particle, np).some((t) => t.pos === "PRON" && !/^(?:my|our)$/.test(t.lower))
  )
    return undefined;
  const object = d.rest.slice(particle, np);
  const rest = [...d.rest.slice(0, particle), ...d.rest.slice(np)];
  const participle = word(d.verb, pastParticiple(d.verb.lemma), "VERB");
  const subject = object.map((t, i) => (i === 0 ? { ...t, pre: "" } : t));
  if (d.auxKind === "modal") return { ...d, subject, preVerb: [...d.preVerb, word(d.aux, "be", "AUX")], verb: participle, rest };
  const plural = isPluralPhrase(object);
  const be = d.aux.lower === "did" ? (plural ? "were" : "was") : plural ? "are" : "is";
  return { ...d, subject, aux: word(d.aux, be, "AUX"), auxKind: "be", verb: participle, rest };
}

/** "It's a good idea …", "It's probably worth it …": a dummy "it" that judges an action with a noun or "worth". */
const JUDGED_ACTION =
  /^it(?:['’]s| is| would be| might be| could be| can be| may be)\s+((?:(?:probably|definitely|usually|generally|really|not|often|always|certainly) )*)(an? (?:good|great|bad|smart|wise|sensible|reasonable|safe) (?:idea|choice|option|investment)|worth it|worth the (?:money|cost|effort|price|investment|extra cost))\b/i;

/**
 * "It's a good idea if you plan to leave the Ring Road" to "Should I rent a 4x4?": the asker's action, as a gerund, is what the answer
 * judges ("Renting a 4x4 is a good idea if …"); undefined for any other answer.
 */
function withQuestionGerund(d: Declarative, a: AnswerParts): string | undefined {
  const m = JUDGED_ACTION.exec(a.text);
  if (!m || !d.verb || d.negated || d.subject.length !== 1 || !/^(?:i|you|we|one)$/.test(d.subject[0].lower) || d.auxKind === "be")
    return undefined;
  const verb = /^it(?:['’]s| is)\s/i.test(m[0]) ? "is" : m[0].slice(2, m[0].length - m[1].length - m[2].length).trim();
  const action = [gerund(d.verb.lemma), text(withoutFinalPunctuation(d.rest))].filter((x) => x !== "").join(" ");
  return `${capitalize(action)} ${verb} ${m[1]}${m[2]}${a.text.slice(m[0].length)}`;
}

/**
 * "It should be fine, since …" to "Can I leave my laptop plugged in all the time?", "It's not rude exactly, but …" to "Is it rude to tip
 * in Japan?": an answer that judges the question's action with a dummy "it" and an adjective gets the action as its infinitive, after the
 * adjective ("It should be fine to leave my laptop plugged in all the time, since …"); undefined for any other answer.
 */
function withQuestionInfinitive(d: Declarative, a: AnswerParts): string | undefined {
  const t = a.tokens;
  if (t[0]?.lower !== "it" || a.finiteVerb < 1 || a.finiteVerb > 2) return undefined;
  let k = a.finiteVerb + 1;
  if (t[k]?.lower === "be") k++;
  while (k < t.length && (t[k].pos === "ADV" || t[k].pos === "PART")) k++;
  if (t[k]?.pos !== "ADJ" || (t[a.finiteVerb].lemma !== "be" && t[a.finiteVerb].pos !== "AUX")) return undefined;
  let infinitive: Token[] | undefined;
  if (d.subject.length === 1 && d.subject[0].lower === "it") {
    const to = d.rest.findIndex((x, i) => x.lower === "to" && d.rest[i + 1]?.pos === "VERB");
    if (to >= 0) infinitive = withoutFinalPunctuation(d.rest.slice(to));
  } else if (d.subject.length === 1 && /^(?:i|you|we|one)$/.test(d.subject[0].lower) && d.verb && d.auxKind !== "be")
    infinitive = [word(d.verb, "to", "PART"), word(d.verb, d.verb.lemma, "VERB"), ...withoutFinalPunctuation(d.rest)];
  if (!infinitive || infinitive.length < 2 || restates(t, infinitive.slice(1))) return undefined;
  // After the adjective and the adverbs that follow it ("not rude exactly"), before the answer's first comma.
  let end = k + 1;
  while (end < t.length && t[end].pos === "ADV") end++;
  // ("It's better not to — …": the question's infinitive fills the reply's bare "to"; an infinitive of the reply's own is not the
  // question's action: "It's better to warm up first".)
  if (t[end]?.lower === "not" && (t[end + 1] === undefined || t[end + 1].lower === "to" || t[end + 1].pos === "PUNCT")) end++;
  const bareTo = t[end]?.lower === "to" && t[end + 1]?.pos !== "VERB";
  if (t[end]?.lower === "to" && !bareTo) return undefined;
  const before = text(t.slice(0, end));
  const after = t.slice(bareTo ? end + 1 : end);
  return `${capitalize(before)} ${text(infinitive)}${after.length > 0 ? `${/^[,.;:]/.test(after[0].text) ? "" : " "}${text(after)}` : ""}`;
}

/**
 * The words of `tokens` without their punctuation, but with a hyphen or slash inside a word kept ("first-aid", "and/or"): the tagger
 * splits those words.
 */
function withoutMarks(tokens: readonly Token[]): Token[] {
  return tokens.filter(
    (t, i) => t.pos !== "PUNCT" || (/^[-/]$/.test(t.text) && t.pre === "" && i > 0 && i + 1 < tokens.length && tokens[i + 1].pre === ""),
  );
}

/** The tokens without the stops that end them ("?"); a closing quote stays. */
function withoutFinalPunctuation(tokens: readonly Token[]): Token[] {
  let end = tokens.length;
  while (end > 0 && /^[.?!]+$/.test(tokens[end - 1].text)) end--;
  return tokens.slice(0, end);
}

/** A pronoun and an auxiliary that only say yes or no ("He did, …", "They don't."). */
const ECHO_REPLY =
  /^(?:it|they|he|she|we|you|this|that) ((?:do|does|did|is|are|was|were|can|could|may|might|will|would|has|have|had|should|must)(?:n't| not)?|can't|cannot|won't|(?:can|could|may|might|should|would|will|must) be)(?:,\s*|\s*$|\s+[—–]\s+|\s+(?=(?:for|if|when|as long as|but|only)\b))/i;

/** "Most don't, because …" to "Do cacti have leaves?": a quantifier and a short reply, for the question's subject. */
const QUANTIFIER_REPLY =
  /^(most|many|some|few|several|all)(?: of them)? (?:do|does|did|are|is|were|was|can|could|will|would|have|has)(n't| not)?(?=[,;.]|\s+because\b|$)[,;.]?\s*/i;

/** "much faster", "far bigger — …", "much less": a degree, the comparative it grades, and what the answer adds after it. */
/** Degree words before a comparative ("much bigger", "a bit heavier"), as a regex alternation. */
export const DEGREE_WORDS =
  "much|far|way|a lot|slightly|a bit|a little|considerably|significantly|substantially|somewhat|even|many times|several times";

const COMPARATIVE_DEGREE = new RegExp(
  `^(${DEGREE_WORDS})\\s+((?:more|less) [a-z]+|[a-z]{2,}er|more|less|fewer)\\b((?:\\s*[,;—–]\\s*[\\s\\S]*)?)[.!]?$`,
  "i",
);

/**
 * "Does a camel's hump store water?" + "No — it stores fat": the answer's verb is the word the parser put last in the subject ("a camel's
 * hump store"), so that word is the verb and the one after it its object.
 */
function verbSaidByAnswer(d: Declarative, answer: AnswerParts): Declarative {
  const last = d.subject.at(-1);
  if (d.auxKind !== "do" || !d.verb || !last || d.subject.length < 3 || last.pos !== "NOUN" || !canBeVerb(last.lower)) return d;
  const said = /^[\s—–,;:.!]*(?:it|they|he|she)\s+(?:(?:does|do|did)(?:n't| not)\s+)?([a-z]+)\b/i.exec(answer.afterPolarity);
  if (!said || !verbForms(last.lower).includes(said[1].toLowerCase())) return d;
  return {
    ...d,
    subject: d.subject.slice(0, -1),
    verb: { ...last, pos: "VERB", lemma: last.lower },
    rest: [{ ...d.verb, pos: "NOUN", lemma: d.verb.lower }, ...d.rest],
  };
}

function realizeYesNo(asked: Declarative, answer: AnswerParts): Realized {
  // Second-person questions become impersonal ("A pineapple can be grown from its top.").
  const d = verbSaidByAnswer((answer.polarity && impersonalPassive(asked)) || asked, answer);
  const doubts: string[] = d.guessed ? ["main verb guessed"] : [];
  // ("Yes, most of them did." too: after a yes, the quantifier's reply is the answer.)
  const replied = answer.polarity === "yes" ? answer.afterPolarity.trim() : answer.polarity ? "" : answer.text;
  const quantified = QUANTIFIER_REPLY.exec(replied);
  if (quantified && isPluralPhrase(d.subject) && d.subject.every((t) => t.pos !== "PRON")) {
    const subject = [word(d.subject[0], quantified[1].toLowerCase(), "DET"), ...d.subject.filter((t, i) => !(i === 0 && t.pos === "DET"))];
    const sentence = capitalize(declarative({ ...d, subject }, !quantified[2]));
    // ("Most of them were, yes.": the yes said after the reply says nothing more.)
    const more = replied
      .slice(quantified[0].length)
      .trim()
      .replace(/^[,;—–]?\s*(?:yes|yeah|yep)\b[.!]?$/i, "")
      .replace(/^[.!]$/, "");
    // ("Most do, but some give birth to live young": a clause joined by its conjunction stays in the sentence.)
    const joined = /^(?:because|but|although|though|while|whereas)\b/i.test(more);
    return {
      sentence: more === "" ? sentence : `${sentence}${joined ? ", " : ". "}${joined ? more : capitalize(more)}`,
      rule: "yes-no:quantified",
      doubts,
    };
  }
  const declTokens = [...d.subject, ...d.preVerb, ...(d.verb ? [d.verb] : []), ...d.rest];
  if (answer.polarity) {
    const positive = answer.polarity === "yes";
    // What the answer says after its yes/no: "No, it reflects light from the Sun." → "it reflects light from the Sun".
    // "No, they don't, because …": the short reply says only the polarity again; what follows it elaborates.
    const reply = SHORT_REPLY.exec(answer.afterPolarity);
    const e = analyzeAnswer(
      reply && reply[0].length < answer.afterPolarity.length ? answer.afterPolarity.slice(reply[0].length) : answer.afterPolarity,
    );
    const rule = positive ? "yes-no:affirmative" : "yes-no:negated";
    // "Not really." / "Not necessarily, …" / "Not genetically, …": the adverb stays on the statement's "not" ("It is not really safe …").
    // ("No, not always." alone: the same "not always".)
    const softened = positive
      ? undefined
      : (SOFTENED_NOT.exec(answer.text)?.[1] ??
        // (Not where the question says "only": "Do cats purr only when they are happy?" + "No, not always." denies the "only".)
        (/\bonly\b/i.test(text(declTokens)) ? undefined : /^\s*(?:no|nope)[,.!—–]?\s+not (always)\s*[.!]?\s*$/i.exec(answer.text)?.[1]));
    // ("Do giraffes make any sounds?" + "Yes" → "Giraffes make sounds": the question's "any" only asked.)
    // ("Did many people die in the fire?" + "No" → "Not many people died in the fire.": a quantified subject takes the "not".)
    const manyDenied = !positive && /^(?:many|much)$/i.test(d.subject[0]?.text ?? "");
    const plain = positive
      ? declarative(d, positive).replace(/\bany (?=[a-z]+[^s\W]s\b)/, "")
      : manyDenied
        ? `Not ${midSentence(declarative(d, true))}`
        : declarative(d, positive);
    // (The question's own "actually" gives way: "Was Napoleon actually short?" + "Not really" → "Napoleon was not really short"; so does
    // its "still" to "anymore": "Pluto is not a planet anymore".)
    // ("cannot": "Flying fish cannot really fly".)
    const lapsed = !positive && LAPSED_NO.test(answer.text);
    // ("Are bats blind?" + "Not at all." → "Bats are not blind at all.")
    const atAll = !positive && /^(?:(?:no|nope),?\s+)?not at all\b/i.test(answer.text);
    // ("Yes, that's completely normal — …" to "Is it normal for …?": the reply's adverb goes on the question's own adjective.)
    const degree = reply ? /^(?:it|that)(?:['’]s| is) (perfectly|totally|completely|generally|usually) ([a-z]+)/i.exec(reply[0]) : null;
    const degreeAt = degree ? plain.indexOf(` is ${degree[2].toLowerCase()}`) : -1;
    // ("Do all snakes lay eggs?" + "Not always; …": "Not all snakes lay eggs" says it already.)
    const sentence =
      softened && !/^not all\b/i.test(plain)
        ? plain.replace(/\b(cannot|not|n't)\b/, `$1 ${softened.toLowerCase()}`).replace(/ actually(?= )/, "")
        : lapsed
          ? `${plain.replace(/[.!]+$/, "").replace(/ still(?= )/, "")} anymore`
          : atAll
            ? `${plain.replace(/[.!]+$/, "")} at all`
            : degree && degreeAt >= 0
              ? `${plain.slice(0, degreeAt)} is ${degree[1].toLowerCase()}${plain.slice(degreeAt + 3)}`
              : // ("Is Pluto still a planet?" + "No." → "Pluto is no longer a planet.": a "still" denied is "no longer".)
                plain.replace(/\b(is|are|was|were) not still\b/, "$1 no longer");
    if (e.text !== "" && !e.echo && !e.because) {
      // "Yes, Venus is hotter than Mercury." / "No, not all birds fly; penguins cannot." state it themselves.
      const resolved = e.isClause ? (resolvePronoun(e, d.subject, subjectNumber(d)) ?? e.text) : e.text;
      const opens = resolved.toLowerCase().startsWith(sentence.toLowerCase().replace(/[.\s]+$/u, ""));
      // A "No" answer states the proposition only with a negation of its own ("No, it is a dwarf planet" does not say "not a planet").
      // (In its own first clause: "No, it's a giant herb — its trunk is … not wood" says no "not" of the question's.)
      // (Nor in a contrast after a comma: "…, while strawberries aren't".)
      const firstClause = e.tokens.findIndex(
        (t, k) => /^[—–;:]$/.test(t.text) || (t.text === "," && /^(?:while|whereas|but|unlike)$/.test(e.tokens[k + 1]?.lower ?? "")),
      );
      const negation = (firstClause > 0 ? e.tokens.slice(0, firstClause) : e.tokens).some((t) =>
        /^(?:not|n't|never|no|cannot|neither|nor)$/.test(t.lower),
      );
      // ("No, a guinea pig isn't a pig at all — …" to "Is a guinea pig a kind of pig?": a negated clause about the question's own subject
      // says the no itself.)
      const subjectText = text(d.subject).toLowerCase();
      const sameSubject = !positive && subjectText.length > 2 && e.text.toLowerCase().startsWith(`${subjectText} `);
      const stated =
        hasFiniteVerb(e) &&
        negation === !positive &&
        (sameSubject || statesProposition(resolved === e.text ? e.tokens : tokenizePhrase(resolved), declTokens));
      // ("Can the liver regenerate?" + "Yes, it can regrow even after …": the question's modal with a verb of the answer's own, said of the
      // question's subject, is the statement; the question's verb said first would say it twice.)
      const modal = e.tokens[e.finiteVerb];
      const ownVerb =
        positive &&
        d.auxKind === "modal" &&
        resolved !== e.text &&
        /^(?:it|they|he|she)$/.test(e.tokens[0]?.lower ?? "") &&
        e.finiteVerb === 1 &&
        modal?.lower === d.aux.lower &&
        e.tokens[2]?.pos === "VERB" &&
        e.tokens[2].lemma !== d.verb?.lemma;
      // (The answer's clause as the statement, its later sentences after it.)
      const statedAs = (said: string): Realized => ({
        sentence: `${capitalize(said)}${e.rest ? `. ${e.rest}` : ""}`,
        rule: `${rule}:stated`,
        doubts,
      });
      // ("No, neither of them ever married." to "Did the Wright brothers ever marry?": the quantifier's "them" is the question's subject,
      // and the clause says the no itself.)
      const ofThem = !positive ? /^(neither|none|not one) of (them|these|those)\b/i.exec(e.text) : null;
      if (ofThem && isPluralPhrase(d.subject) && /\w/.test(e.text.slice(ofThem[0].length))) {
        const named = text(d.subject).replace(/^(?:The|A|An)\b/, (w) => w.toLowerCase());
        const said = `${ofThem[1]} of ${named}${e.text.slice(ofThem[0].length)}`;
        return statedAs(said.replace(/[.!]+$/, ""));
      }
      if (opens || stated || ownVerb) {
        // ("Yes, they can seal them shut …" to "Can camels close their nostrils?": the object pronoun is the question's object.)
        // (The question's rest is that object alone: a determiner and up to three words, none a preposition.)
        const object = ownVerb ? withoutFinalPunctuation(d.rest) : [];
        const pronoun = e.tokens[3]?.lower;
        const said =
          object.length >= 2 &&
          object.length <= 4 &&
          /^(?:DET|PRON)$/.test(object[0].pos) &&
          object.every((t) => t.pos !== "ADP" && t.pos !== "PUNCT") &&
          (pronoun === "them" || pronoun === "it") &&
          (pronoun === "them") === isPluralPhrase(object)
            ? resolved.replace(
                cachedRegExp(`\\b${escapeRegExp(`${e.tokens[1].text} ${e.tokens[2].text}`)} ${pronoun}\\b`, ""),
                `${e.tokens[1].text} ${e.tokens[2].text} ${text(object)}`,
              )
            : resolved;
        return statedAs(said);
      }
      // "No, pawns can never move backwards." for "Can a pawn ever move backwards in chess?": all but the question's final phrase, which
      // is added.
      const pp = d.rest.map((t) => t.pos).lastIndexOf("ADP");
      const phrase = pp >= 0 ? withoutMarks(d.rest.slice(pp)) : [];
      const own = resolved === e.text ? e.tokens : tokenizePhrase(resolved);
      if (
        !e.rest &&
        phrase.length >= 2 &&
        hasFiniteVerb(e) &&
        negation === !positive &&
        !restates(own, phrase) &&
        // (Not a comparison's second term, "than in air", nor where the answer has a phrase of its own with the same preposition.)
        d.rest[pp - 1]?.lower !== "than" &&
        !own.some((t) => t.lower === phrase[0].lower) &&
        statesProposition(
          own,
          declTokens.filter((t) => !phrase.includes(t)),
        )
      )
        return { sentence: `${capitalize(resolved.replace(/[.!]+$/, ""))} ${text(phrase)}`, rule: `${rule}:stated`, doubts };
    }
    // "No, not for more than a minute or two, because …", "No, not without a two-stroke penalty": the answer's "not" is the statement's;
    // its phrase limits the negated verb.
    const limit = positive
      ? null
      : /^not ((?:for|in|on|at|since|until|after|before|during|within|by|beyond|past|with|without|under|over) .+)$/i.exec(e.text);
    if (limit) {
      // ("Can you freeze eggs in their shells?" + "Not in their shells — …": a limit the question says already is not said twice.)
      const said = /^[^—–,;.]+/.exec(limit[1])?.[0].trim() ?? "";
      const added = said !== "" && sentence.toLowerCase().includes(said.toLowerCase()) ? limit[1].slice(said.length).trimStart() : limit[1];
      const joined = added === "" ? sentence : /^[—–]/.test(added) ? `${sentence.replace(/[.!]+$/, "")} ${added}` : `${sentence} ${added}`;
      return { sentence: `${joined.replace(/[.!]+$/, "")}${e.rest ? `. ${e.rest}` : ""}`, rule, doubts };
    }
    // "Yes, you can freeze it for up to three months." to "Can I freeze milk?": the answer's clause says the question's verb again of
    // pronouns; the statement is the question's, with what the clause adds ("Milk can be frozen for up to three months.").
    const echoed = echoedVerbRest(e, asked, positive);
    if (echoed !== undefined) {
      const joined = echoed === "" ? sentence : `${sentence.replace(/[.!]+$/, "")}${/^[,;:]/.test(echoed) ? "" : " "}${echoed}`;
      return { sentence: `${joined.replace(/[.!]+$/, "")}${e.rest ? `. ${e.rest}` : ""}`, rule: `${rule}:echoed`, doubts };
    }
    // ("Yes, very much so!", "Yes, absolutely!": the yes said again, with nothing of its own.)
    // (So "you shouldn't", "they can": a pronoun and its auxiliary say the yes or no again.)
    const bareEcho =
      e.tokens.length >= 2 && ECHO_SUBJECT.test(e.tokens[0].lower) && e.tokens.slice(1).every((x) => /^(?:AUX|PART|PUNCT)$/.test(x.pos));
    const more = EMPHATIC_YES_OR_NO.test(e.text) || bareEcho ? undefined : elaboration(e, declTokens);
    // The answer's comma before its reason stays ("Fungi do not need sunlight, because …").
    // (So does the comma after a softened no: "Not strictly, because …".)
    const commaBefore = reply?.[0].includes(",") || (softened !== undefined && /^\s*not [a-z]+,\s+because\b/i.test(answer.text));
    // (And a long reason with a comma or dash of its own: "…, because it comes from a different plant family — …".)
    const reason = more?.text.startsWith("because") ? more.text : "";
    // ("Yes, since bread needs …", "Not really, since it lacks …": a reason with "since" keeps the answer's comma.)
    const since = more?.text.startsWith("since ") && /^[^,]{1,20},\s*since\b/i.test(answer.raw.trim());
    const joiner = since || (reason !== "" && (commaBefore || /[,;—–]/.test(reason))) ? ", " : more?.joiner;
    // A yes/no that ended its sentence, or went on after a dash or colon, keeps that break ("… dehydrate you. In normal amounts, …";
    // "… cannot end in a draw — if it's still level …"); a sentence of a few words after it stays one ("No. In 2006." → "… in 2006").
    // ("Yes, you can — it keeps for about three months": the short reply's dash stays before what follows it.)
    const mark = more && !reply ? polarityMark(answer) : more && reply && /[—–]\s*$/.test(reply[0]) ? "—" : "";
    const ownSentence = mark === "." && (hasFiniteVerb(e) || e.tokens.filter((t) => t.pos !== "PUNCT").length >= 5);
    // ("Is an SSD faster than a hard drive?" + "Yes, much faster.": the degree goes before the question's comparative.)
    const grade = more && !ownSentence ? COMPARATIVE_DEGREE.exec(more.text) : null;
    const compared = grade ? ` ${grade[2].toLowerCase()} ` : "";
    if (grade && sentence.includes(compared) && sentence.indexOf(compared) === sentence.lastIndexOf(compared)) {
      const graded = sentence.replace(compared, ` ${grade[1].toLowerCase()}${compared}`).replace(/[.!]+$/, "");
      const after = grade[3].trim() === "" ? "" : /^[,;]/.test(grade[3].trim()) ? grade[3].trim() : ` ${grade[3].trim()}`;
      return { sentence: `${graded}${after}${e.rest ? `. ${e.rest}` : ""}`, rule: `${rule}:degree`, doubts };
    }
    let full = !more
      ? sentence
      : ownSentence
        ? `${sentence}. ${capitalize(textAsWritten(e))}`
        : mark === "—" || mark === ":" || mark === ";"
          ? `${sentence}${mark === "—" ? " —" : mark} ${e.rest ? textAsWritten(e) : e.raw.trim().replace(/[.!]+$/, "")}`
          : `${sentence}${joiner}${more.text.replace(/!+$/, "")}`;
    if (e.rest) full = `${full}. ${e.rest}`;
    return { sentence: full, rule, doubts };
  }
  const a = answer;
  const alternative = pickAlternative(d, a);
  if (alternative) {
    // "Botanically, tomatoes are fruits, because they develop from the flower …" says more than which one: those words are dropped.
    const sentence = declarative(alternative, true);
    const said = new Set(statementWords(sentence));
    const dropped = a.tokens.filter(
      (t) => t.pos !== "PUNCT" && t.lower.length >= 3 && !said.has(t.lower) && !/^(?:the|and|are|is|it|they|its)$/.test(t.lower),
    );
    const more = dropped.length >= 3 || a.rest !== "";
    return {
      sentence,
      rule: "yes-no:alternative",
      doubts: more ? [...doubts, "answer words dropped: the answer says more than which one"] : doubts,
    };
  }
  // "He did, or at least …" / "It doesn't." to a yes/no question: the short reply is its yes or no.
  const echoed = a.isClause ? ECHO_REPLY.exec(a.text) : null;
  if (echoed) {
    const negative = /n't|not|cannot/i.test(echoed[1]);
    const more = a.text.slice(echoed[0].length);
    // ("Can you microwave eggs …?" + "You shouldn't": the answer's own modal, "Eggs should not be microwaved …".)
    // ("Does cotton shrink …?" + "It can, …": a modal the do-question did not have, "Cotton can shrink …".)
    const modal = (asked.auxKind === "do" ? /^(can|should|must|might|may|could|would)\b/i : /^(should|must|might|may|could|would)/i)
      .exec(echoed[1])?.[1]
      .toLowerCase();
    // ("Is coffee bad for you?" + "It can be, in large amounts.": a modal before the question's "be", "Coffee can be bad …".)
    const beModal = /^(\w+) be$/i.exec(echoed[1])?.[1].toLowerCase();
    const told =
      beModal && asked.auxKind === "be"
        ? { ...asked, aux: word(asked.aux, `${beModal} be`, "AUX") }
        : modal && asked.auxKind === "modal" && asked.aux.lower !== modal
          ? { ...asked, aux: word(asked.aux, modal, "AUX") }
          : modal && asked.auxKind === "do" && !negative
            ? { ...asked, aux: word(asked.aux, modal, "AUX"), auxKind: "modal" as const }
            : asked;
    // (Later sentences follow as the caller adds them; "You can for cleaning it" wrote no comma before its phrase, nor does the statement.)
    // ("They can't — they're too heavy": the reply stays whole after its yes or no, as "No, they can't — …" reads.)
    const dash = /[—–]\s*$/.test(echoed[0]);
    const r = realizeYesNo(told, analyzeAnswer(`${negative ? "No" : "Yes"}, ${dash ? a.text : more}`));
    const head = more.slice(0, 24);
    return echoed[0].includes(",") || dash || head === "" ? r : { ...r, sentence: r.sentence.replace(`, ${head}`, ` ${head}`) };
  }
  // ("Best not to — …", "Better not.": the dummy "it" the reply leaves out, "It is best not to put …".)
  const bare = /^(?:best|better) not\b/i.test(a.text) ? analyzeAnswer(`It is ${a.text[0].toLowerCase()}${a.text.slice(1)}`) : undefined;
  const judged = a.isClause
    ? (withQuestionGerund(d, a) ?? withQuestionInfinitive(d, a))
    : bare
      ? withQuestionInfinitive(d, bare)
      : undefined;
  if (judged) return { sentence: judged, rule: "yes-no:judged", doubts };
  if (a.isClause) {
    const resolved = resolvePronoun(a, d.subject, subjectNumber(d));
    return {
      sentence: resolved ?? a.text,
      rule: "yes-no:clause",
      doubts: resolved || !PRONOUNS.has(a.tokens[0]?.lower ?? "") ? doubts : [...doubts, "pronoun left unresolved"],
    };
  }
  if (a.because) return { sentence: `${declarative(d, true)} ${midSentence(a.text)}`, rule: "yes-no:because", doubts };
  // "Only a little, and only through their paw pads" to "Do cats sweat?": a limited yes, which follows the verb it limits.
  // (Not a count for the question's "any": "Did van Gogh sell any paintings?" + "Only one — …".)
  if (/^only\s(?!(?:one|two|three|four|five|six|a few|some|a couple|\d))/i.test(a.text) && !/\bany\b/i.test(declarative(d, true)))
    return { sentence: `${declarative(d, true)} ${midSentence(a.text)}`, rule: "yes-no:limited", doubts };
  return {
    sentence: `${declarative(d, true)}, ${midSentence(a.text)}`,
    rule: "yes-no:unplaced",
    doubts: [...doubts, "answer is neither yes nor no"],
  };
}

/**
 * Whether the question's words end in a preposition the wh-phrase is the object of ("What year was she born in?"), not in a verb's
 * particle ("What year did the first iPhone come out?": "came out in 2007").
 */
function strandsPreposition(rest: readonly Token[]): boolean {
  const last = rest.at(-1);
  return last !== undefined && last.pos === "ADP" && !(/^(?:up|down|out|off|away|back|over)$/.test(last.lower) && rest.length === 1);
}

/** Subjects that stand for the question's ("you", "they", "it") and objects that stand for its object ("it", "them"). */
const ECHO_SUBJECT = /^(?:you|they|it|we|i|he|she|one)$/;
const ECHO_OBJECT = /^(?:it|them|one|this|that|these|those|him|her)$/;

/**
 * What the answer's first clause adds after saying the question's verb again of pronouns ("you can freeze it for up to three months" →
 * "for up to three months"; "they can't eat it — it's toxic" → "— it's toxic"), without the question's own words it repeats ("you can't
 * run it on diesel" → ""); undefined when the clause is not such an echo, or its negation is not the answer's yes or no.
 */
function echoedVerbRest(e: AnswerParts, asked: Declarative, positive: boolean): string | undefined {
  const t = e.tokens;
  if (!asked.verb || t.length < 3 || !ECHO_SUBJECT.test(t[0].lower)) return undefined;
  let k = 1;
  let negated = false;
  while (k < t.length && (t[k].pos === "AUX" || t[k].pos === "PART" || t[k].pos === "ADV")) {
    if (/^(?:not|n't|never|cannot)$/.test(t[k].lower)) negated = true;
    k++;
  }
  if (k >= t.length || t[k].lemma !== asked.verb.lemma || negated === positive) return undefined;
  k++;
  if (k < t.length && ECHO_OBJECT.test(t[k].lower)) k++;
  // (Only pronouns before the verb and after it: "you can freeze whole milk" names an object of its own.)
  else if (asked.rest.length > 0 && asked.rest[0].pos !== "ADP") return undefined;
  const rest = joinTokens(t.slice(k)).trim();
  // (The question's phrase said again goes: "… run it on diesel" to "Can I run my car on diesel?".)
  const said = /^[^,;:—–.]+/.exec(rest)?.[0].trim() ?? "";
  const question = text(asked.rest).toLowerCase();
  if (said !== "" && question.includes(said.toLowerCase()))
    return rest
      .slice(said.length)
      .trim()
      .replace(/[.!]+$/, "");
  // (Not a phrase in place of the question's: "it works on any array" to "Does binary search work on unsorted arrays?".)
  const preposition = /^([a-z]+) /.exec(said)?.[1];
  if (preposition && asked.rest.some((x) => x.pos === "ADP" && x.lower === preposition)) return undefined;
  return rest.replace(/[.!]+$/, "");
}

/**
 * "acacia leaves", "fruit flies" for "What do giraffes eat?": two words read as a subject and its verb are a compound noun when the
 * second is a plural the lexicon lists and the question asks for the object of a verb the answer does not repeat.
 */
function compoundNounAnswer(d: Declarative, a: AnswerParts): AnswerParts | undefined {
  const t = a.tokens;
  // (Before the answer's afterthought too: "Eucalyptus leaves, almost exclusively".)
  const two = t.length === 2 || (t[2]?.text === "," && t.length <= 6);
  if (!a.isClause || !two || t[0].pos !== "NOUN" || !/[^s]s$/.test(t[1].lower) || !d.verb) return undefined;
  if (t[1].lemma === d.verb.lemma || lexicalNumber(t[1].lower) !== "plural") return undefined;
  return withAnswerFields(a, { isClause: false, finiteVerb: -1 });
}

/**
 * "How many bones does the human skull have?" + "It has 22.": the number the answer gives alone takes the noun the question counts
 * ("The human skull has 22 bones.").
 */
function countedNounAfterNumber(sentence: string, wh: WhPhrase, a: AnswerParts): string {
  if ((wh.measure !== "many" && wh.measure !== "much") || wh.noun.length === 0) return sentence;
  const noun = text(wh.noun);
  const head = wh.noun[wh.noun.length - 1].lemma;
  if (a.tokens.some((t) => t.lemma === head)) return sentence;
  // The answer's number, then nothing, a comma or its final period.
  const number = a.tokens.findIndex((t, k) => t.pos === "NUM" && (k === a.tokens.length - 1 || a.tokens[k + 1].pos === "PUNCT"));
  if (number < 0 || a.tokens.slice(0, number).some((t) => t.pos === "NUM")) return sentence;
  const said = a.tokens[number].text;
  const at = sentence.search(new RegExp(`(?<![\\w.,])${escapeRegExp(said)}(?![\\w])`));
  return at < 0 ? sentence : `${sentence.slice(0, at + said.length)} ${noun}${sentence.slice(at + said.length)}`;
}

/** A sentence and the words after it: a space between them, none before a comma. */
function followedBy(sentence: string, after: readonly Token[]): string {
  if (after.length === 0) return sentence;
  return `${sentence}${/^[,.;:!?]$/.test(after[0].text) ? "" : " "}${text(after)}`;
}

/**
 * A pronoun and an auxiliary that repeat a yes or no ("they don't, …", "it is not, …"), or a reply that says it is so ("it's fine — …"),
 * before more of the answer.
 */
const SHORT_REPLY =
  /^(?:(?:it|they|he|she|we|you|this|that|there) (?:can't|won't|cannot|(?:do|does|did|is|are|was|were|can|could|will|would|has|have|had|should|must)(?:n't| not)?)|(?:it|that)(?:['’]s| is) (?:(?:perfectly|totally|completely|generally|usually) )?(?:fine|okay|ok|safe|true|right|correct|normal))(?:,\s*|;\s*|\s+[—–]\s+)/i;

/** The clause an answer gives, for a question whose wh-phrase it replaces as a whole. */
/** A subordinator that opens a clause before the main one ("Once the tower is finished, it will be …"). */
const FRONTED_SUBORDINATOR = /^(?:once|when|whenever|if|after|before|as soon as|until|while|although|though)\s/i;

/**
 * "Once the central tower is finished, it'll be 172.5 m tall" for "How tall is the Sagrada Família going to be?": the main clause's
 * pronoun after a fronted subordinate clause stands for the question's subject.
 */
function pronounAfterFrontedClause(a: AnswerParts, antecedent: readonly Token[], number?: "singular" | "plural"): string | undefined {
  if (!FRONTED_SUBORDINATOR.test(a.text)) return pronounAfterFrontedPhrase(a, antecedent, number);
  const comma = a.text.indexOf(", ");
  if (comma < 8 || comma > 120) return undefined;
  const resolved = resolvePronoun(analyzeAnswer(a.text.slice(comma + 2)), antecedent);
  return resolved ? `${a.text.slice(0, comma)}, ${resolved}` : undefined;
}

/**
 * "With good care koi often live 25 years" for "How long do koi live?" + "With good care they often live 25 years": the subject pronoun
 * after the answer's opening phrase (no comma) stands for the question's subject as it does at the start.
 */
function pronounAfterFrontedPhrase(a: AnswerParts, antecedent: readonly Token[], number?: "singular" | "plural"): string | undefined {
  const t = a.tokens;
  if (!a.isClause || t[0]?.pos !== "ADP" || a.finiteVerb < 3) return undefined;
  const p = PRONOUNS.has(t[a.finiteVerb - 1].lower) ? a.finiteVerb - 1 : a.finiteVerb - 2;
  if (!/^(?:they|it|he|she)$/.test(t[p]?.lower ?? "") || t.slice(1, p).some((x) => x.pos === "PUNCT" || x.pos === "PRON")) return undefined;
  const at = cachedRegExp(`(?<= )${escapeRegExp(t[p].text)}\\b`, "").exec(a.text);
  const rest = at ? resolvePronoun(analyzeAnswer(a.text.slice(at.index)), antecedent, number) : undefined;
  return at && rest ? `${a.text.slice(0, at.index)}${rest}` : undefined;
}

/**
 * "Only about 660,000 people live there." for "How many people live in Luxembourg?": the answer's "there" after its verb stands for the
 * question's place, which takes its place ("… live in Luxembourg").
 */
function thereForPlace(a: AnswerParts, predicate: readonly Token[]): string | undefined {
  const t = a.tokens;
  const at = t.findIndex((x, i) => i > a.finiteVerb && x.lower === "there");
  if (at < 0 || t[at - 1].lemma !== predicate[0]?.lemma) return undefined;
  const prep = predicate.findIndex((x) => /^(?:in|at|on)$/.test(x.lower));
  const end = prep > 0 ? nounPhraseEnd(predicate, prep + 1) : 0;
  if (end <= prep + 1 || !predicate.slice(prep + 1, end).some((x) => x.pos === "PROPN" || x.pos === "NOUN")) return undefined;
  const place = text(predicate.slice(prep, end));
  if (a.text.toLowerCase().includes(place.toLowerCase())) return undefined;
  return a.text.replace(/\bthere\b/, place).replace(/[.!]+$/, "");
}

/**
 * "Give one reason why recycling is important." + "It reduces the amount of waste …": a reason's "it" is what the reason is about,
 * not the reason, so the reason is that the answer's clause holds ("One reason why recycling is important is that it reduces …");
 * undefined unless the question's phrase is a reason, a cause or an explanation and the answer opens with a pronoun and a verb other
 * than "be".
 */
function reasonThatClause(phrase: readonly Token[], a: AnswerParts): string | undefined {
  const head = phrase.find((t) => t.pos === "NOUN");
  if (
    !a.isClause ||
    !head ||
    !/^(?:reason|cause|explanation)s?$/.test(head.lower) ||
    !/^(?:it|they|he|she)$/.test(a.tokens[0]?.lower ?? "")
  )
    return undefined;
  // ("It's probably heat stress": "it" and "be" point at the answer, which the other rules place.)
  if (/^(?:['’]s|is|was|are|were|['’]re)$/.test(a.tokens[1]?.lower ?? "")) return undefined;
  return `${capitalize(text(phrase))} ${head.lower.endsWith("s") ? "are" : "is"} that ${midSentence(a.text).replace(/[.!]+$/, "")}`;
}

/**
 * "The word comes from …" for "Where does the word marathon come from?", "The treaty was signed in 1919" for "When was the Treaty of
 * Versailles signed?": an answer's subject that is the question's subject cut short to "the" and one of its nouns gets it whole.
 */
function subjectSaidWhole(a: AnswerParts, antecedent: readonly Token[]): string | undefined {
  const t = a.tokens;
  if (!a.isClause || a.finiteVerb !== 2 || antecedent.length < 3 || antecedent[0].lower !== "the") return undefined;
  // (A noun of the subject's own first phrase, not of a clause or phrase after it, nor a possessive or a pair: "the main reason we can see
  // the Moon", "the Moon's light", "the mass and weight of a rocket" are no such subject.)
  const end = antecedent.findIndex((x, i) => i > 0 && !/^(?:NOUN|PROPN|ADJ)$/.test(x.pos));
  const own = antecedent.slice(1, end < 0 ? antecedent.length : end);
  if (end >= 0 && /^(?:['’]s|and|or)$/.test(antecedent[end].lower)) return undefined;
  if (t[0].lower !== "the" || t[1].pos !== "NOUN" || !own.some((x) => x.lemma === t[1].lemma)) return undefined;
  const at = a.text.indexOf(t[1].text);
  return at > 0 ? `${capitalize(text(antecedent))}${a.text.slice(at + t[1].text.length)}` : undefined;
}

/**
 * "Apple released it in June 2007." for "When was the first iPhone released?": the object pronoun right after the answer's verb stands
 * for the question's subject, which the answer does not name (undefined where it does, or the pronoun's number differs).
 */
function objectPronounResolved(a: AnswerParts, antecedent: readonly Token[]): string | undefined {
  const at = a.finiteVerb + 1;
  const pronoun = a.isClause && a.finiteVerb > 0 ? a.tokens[at] : undefined;
  if (!pronoun || !/^(?:it|them)$/.test(pronoun.lower) || a.tokens[0].pos === "PRON") return undefined;
  const nouns = antecedent.filter((t) => t.pos === "NOUN" || t.pos === "PROPN");
  if (nouns.length === 0 || antecedent.some((t) => t.pos === "VERB" || t.pos === "PRON" || t.pos === "PUNCT")) return undefined;
  if ((pronoun.lower === "them") !== isPluralPhrase(antecedent) || nouns.some((n) => a.tokens.some((t) => t.lemma === n.lemma)))
    return undefined;
  const said = cachedRegExp(`\\b${escapeRegExp(a.tokens[a.finiteVerb].text)} ${pronoun.text}\\b`, "").exec(a.text);
  return said
    ? `${a.text.slice(0, said.index)}${a.tokens[a.finiteVerb].text} ${midSentence(text(antecedent))}${a.text.slice(said.index + said[0].length)}`
    : undefined;
}

/**
 * "The Bactrian camel has two." for "Which camel species has two humps?": the answer's final bare count is the question's, and takes the
 * noun the question counts ("has two humps").
 */
function countSaidAgain(r: Realized, predicate: readonly Token[], a: AnswerParts): Realized {
  const last = a.tokens.filter((t) => t.pos !== "PUNCT").at(-1);
  if (!last || !COUNT_ONLY.test(last.text)) return r;
  const at = predicate.findIndex((t) => t.lower === last.lower);
  let end = at + 1;
  while (/^(?:NOUN|ADJ)$/.test(predicate[end]?.pos ?? "")) end++;
  if (at < 0 || end === at + 1 || predicate[end - 1].pos !== "NOUN") return r;
  const counted = cachedRegExp(`\\b${escapeRegExp(last.text)}(?=[.!]?$)`, "").exec(r.sentence);
  return counted ? { ...r, sentence: `${r.sentence.slice(0, counted.index + last.text.length)} ${text(predicate.slice(at + 1, end))}` } : r;
}

function clauseAnswer(a: AnswerParts, antecedent: readonly Token[] | undefined, rule: string, doubts: string[]): Realized {
  const reason = antecedent ? reasonThatClause(antecedent, a) : undefined;
  if (reason) return { sentence: reason, rule: `${rule}:reason-that`, doubts };
  const resolved = antecedent ? resolvePronoun(a, antecedent) : undefined;
  if (resolved) return { sentence: resolved, rule: `${rule}:pronoun`, doubts };
  const unresolved = PRONOUNS.has(a.tokens[0]?.lower ?? "");
  return { sentence: a.text, rule: `${rule}:sentence`, doubts: unresolved ? [...doubts, "pronoun left unresolved"] : doubts };
}

/** Why-questions: the declarative plus a because-clause (or the answer, when it already says it all). */
/** True when `sentence` opens with the words of `phrase` (not with a longer word: "Lake Natron's" opens with "Lake Natron"). */
function startsWithWords(sentence: string, phrase: string): boolean {
  return phrase !== "" && sentence.toLowerCase().startsWith(phrase.toLowerCase()) && !/^[\p{L}\d]/u.test(sentence.slice(phrase.length));
}

/** A reason with a pronoun subject before a comma, then a clause of the answer's own: "Since it keeps the bran and germ, it has …". */
const FRONTED_REASON = /^(Since|Because|As) (it|they)(?= [^,]+, (?:it|they|this|that) [a-z])/i;

function realizeWhy(
  decl: string,
  declTokens: readonly Token[],
  a: AnswerParts,
  doubts: string[],
  subject?: { tokens: readonly Token[]; number?: "singular" | "plural"; verb?: Token },
): Realized {
  // "Why do cats purr?" + "They purr when they are content." → "Cats purr when they are content." (its own verb: "It was invaded by …" is a
  // reason).
  const resolved = a.isClause && (subject?.verb || subject?.tokens.length) ? resolvePronoun(a, subject.tokens, subject.number) : undefined;
  const ownTokens = resolved ? tokenizePhrase(resolved) : [];
  // "Why does a hot-air balloon rise?" + "It rises because …": the answer says the question's clause again, its pronoun resolved.
  // (It says the question's verb: "Cutting an onion releases a compound that irritates your eyes" gives the reason why eyes water.)
  // (With no verb, its adjective or its subject first: "Eating too much sugar causes tooth decay" gives the reason why sugar is bad for
  // teeth; "Lake Natron's water is so alkaline …" says why Lake Natron is dangerous itself.)
  const verbAt = declTokens.findIndex((t) => t.pos === "AUX" || t.pos === "VERB");
  const asked = subject?.tokens.length ? subject.tokens : declTokens.slice(0, Math.max(0, verbAt));
  const saysVerb = subject?.verb
    ? a.tokens.some((t) => t.lemma === subject.verb?.lemma)
    : declTokens.filter((t) => t.pos === "ADJ").every((adjective) => a.tokens.some((t) => t.lemma === adjective.lemma)) ||
      startsWithWords(a.text, text(asked));
  // (Not a gerund subject, which gives the reason: "Resting lets the juices redistribute through the meat" for "Why should meat rest …?".)
  const gerundSubject = a.finiteVerb === 1 && /ing$/.test(a.tokens[0]?.lower ?? "");
  if (a.isClause && saysVerb && !gerundSubject && restates(a.tokens, declTokens))
    return { sentence: resolved ?? a.text, rule: "why:sentence", doubts };
  // "Why was the Colosseum built?" + "The emperors built it to entertain the people.": the question's verb said of "it", the question's
  // subject ("The emperors built the Colosseum to entertain the people.").
  const own = a.isClause ? a.tokens[a.finiteVerb] : undefined;
  const done =
    own && subject?.tokens.length && declTokens.some((t) => t.pos === "VERB" && t.lemma === own.lemma)
      ? objectPronounResolved(a, subject.tokens)
      : undefined;
  if (done) return { sentence: done, rule: "why:sentence", doubts };
  if (resolved && /\bbecause\b/i.test(a.text) && restates(ownTokens, declTokens))
    return { sentence: resolved, rule: "why:sentence", doubts };
  // (A passive's participle is the question's verb: "It was built to keep out invaders" for "Why was the Great Wall built?".)
  const questionVerb = subject?.verb ?? declTokens.find((t) => t.pos === "VERB");
  if (resolved && ownTokens.some((t) => t.lemma === questionVerb?.lemma) && restates(ownTokens, declTokens))
    return { sentence: resolved, rule: "why:sentence", doubts };
  // "Why is brown rice more nutritious …?" + "Since it keeps the bran and germ, it has more fiber, …": a reason before the answer's own
  // clause says it all once its "it" is the question's subject ("Since brown rice keeps …, it has …"); no second reason glued before it.
  const fronted = subject?.tokens.length ? FRONTED_REASON.exec(a.text) : null;
  if (fronted && (fronted[2].toLowerCase() === "they") === isPluralPhrase(subject?.tokens ?? []))
    return {
      sentence: `${fronted[1]} ${midSentence(text(subject?.tokens ?? []))}${a.text.slice(fronted[0].length)}`,
      rule: "why:fronted-reason",
      doubts,
    };
  return { sentence: `${decl} ${becausePhrase(a)}`, rule: "why:because", doubts };
}

/**
 * The main verb of a predicate (after auxiliaries and adverbs) and its object noun phrase (up to a preposition other than "of", a clause or
 * punctuation).
 */
function predicateObject(predicate: readonly Token[]): { verb: Token | undefined; object: Token[] } {
  let v = 0;
  while (
    v < predicate.length &&
    (predicate[v].pos === "ADV" ||
      (predicate[v].pos === "AUX" && predicate[v + 1] && ["VERB", "AUX", "ADV"].includes(predicate[v + 1].pos)))
  )
    v++;
  const verb = predicate[v];
  if (!verb || !(verb.pos === "VERB" || canBeVerb(verb.lower))) return { verb: undefined, object: [] };
  let k = v + 1;
  while (k < predicate.length && predicate[k].pos === "ADV" && PARTICLES.has(predicate[k].lower)) k++;
  // ('"Take Five"': a quoted title is the object, quotes and all.)
  const close = quotationEnd(predicate, k);
  if (close > 0) return { verb, object: predicate.slice(k, close + 1) };
  let end = k;
  // A title runs on through its prepositions ("the Girl with a Pearl Earring").
  const titleGoesOn = (at: number) =>
    /^[A-Z]/.test(predicate[at - 1]?.text ?? "") &&
    /^[A-Z]/.test((predicate[at + 1]?.pos === "DET" ? predicate[at + 2] : predicate[at + 1])?.text ?? "");
  while (
    end < predicate.length &&
    !(predicate[end].pos === "ADP" && predicate[end].lower !== "of" && !titleGoesOn(end)) &&
    predicate[end].pos !== "SCONJ" &&
    // (A hyphen inside a word goes on: "Winnie-the-Pooh".)
    (predicate[end].pos !== "PUNCT" || (predicate[end].text === "-" && predicate[end].pre === "" && predicate[end + 1]?.pre === "")) &&
    // ("A Doll's House": a possessive goes on.)
    (predicate[end].pos !== "PART" || /^['’]s$/.test(predicate[end].text)) &&
    !/^(?:that|which|who|when|where|because|if)$/.test(predicate[end].lower)
  )
    end++;
  const object = predicate.slice(k, end);
  return { verb, object: object.some((t) => t.pos === "NOUN" || t.pos === "PROPN") ? object : [] };
}

/** "Thomas Edison is usually credited, though …": who is credited, and what the answer goes on to say ("credited with it" names the object). */
const CREDITED =
  /^(.+?) (is|was|are|were) ((?:(?:usually|generally|often|widely|most often|commonly|traditionally|also) )?)credited(?=\s*(?:[,;:—–.!]|$))/i;

/**
 * "Thomas Edison is usually credited, though Joseph Swan …" to "Who invented the light bulb?": what the person is credited with is the
 * question's predicate, as a gerund ("… is usually credited with inventing the light bulb, though …"); undefined for any other answer.
 */
function creditedWithPredicate(a: AnswerParts, predicate: readonly Token[]): string | undefined {
  // (So "Thomas Edison usually gets the credit, but …": "… gets the credit for inventing the light bulb, but …".)
  const m = a.isClause ? CREDITED.exec(a.text) : null;
  const got = a.isClause && !m ? GETS_CREDIT.exec(a.text) : null;
  const said = m ?? got;
  // (Past the adverbs before the verb, which stay before its gerund: "first proposing the Big Bang theory".)
  const at = predicate.findIndex((t) => t.pos !== "ADV");
  const verb = predicate[at];
  if (!said || !verb || verb.pos === "AUX" || /^(?:be|have|do)$/.test(verb.lemma) || /\b(?:he|she|it|they)\b/i.test(said[1]))
    return undefined;
  const rest = withoutMarks(predicate.slice(at + 1));
  const action = [text(predicate.slice(0, at)), gerund(verb.lemma), text(rest)].filter((x) => x !== "").join(" ");
  const after = a.text.slice(said[0].length).replace(/[.!]+$/, "");
  return m ? `${m[1]} ${m[2]} ${m[3]}credited with ${action}${after}` : `${said[0]} for ${action}${after}`;
}

/** "Thomas Edison usually gets the credit, but …": who gets the credit, and what the answer goes on to say. */
const GETS_CREDIT =
  /^(.+?) (?:(?:usually|generally|often|typically|most often|commonly|traditionally|also) )?(?:gets|got|takes|took|receives|received|deserves) (?:the |most of the |much of the )?credit(?=\s*(?:[,;:—–.!]|$))/i;

/**
 * The subject of a clause answer as a phrase answer, its number taken from the answer's own verb where it shows ("Haemoglobin in red blood
 * cells carries …").
 */
function asSubject(subject: readonly Token[], a: AnswerParts): AnswerParts {
  const phrase = analyzeAnswer(text(subject));
  const v = a.tokens[a.finiteVerb];
  const singular = /^(?:is|was|has|does|'s)$/.test(v.lower) || (/[^s]s$/.test(v.lower) && v.lemma !== v.lower);
  const plural = /^(?:are|were|have|do|'re)$/.test(v.lower) || (v.pos === "VERB" && v.lemma === v.lower);
  return singular || plural ? withAnswerFields(phrase, { plural: plural && !singular }) : phrase;
}

/**
 * A clause answer that leans on the question's predicate (./context.ts): "Michelangelo did." and
 * "Jupiter is the largest." stand for their subject; "Tolstoy wrote it." gets the question's object
 * back; "They are caused by the Moon." gets it as its subject. Undefined for any other clause.
 */
function leanOnPredicate(wh: WhPhrase, predicate: readonly Token[], a: AnswerParts): Realized | undefined {
  const be = /^(?:is|was|are|were)$/.test(predicate[0]?.lower ?? "");
  // "Antarctica is the coldest." to "Which continent is the coldest?": the class noun goes back after the superlative.
  const superlative = be && wh.noun.length > 0 ? superlativeEllipsis(a, predicate.slice(1)) : undefined;
  if (superlative) {
    const at = superlative.at + 1;
    const article = superlative.article ? [superlative.article] : [];
    const r = subjectRealize(
      wh,
      [predicate[0], ...article, ...(superlative.words ?? predicate.slice(1, at)), ...classAfterSuperlative(wh), ...predicate.slice(at)],
      asSubject(superlative.subject, a),
    );
    return { ...r, sentence: followedBy(r.sentence, superlative.after), rule: `${r.rule}:superlative` };
  }
  const cut = auxEllipsis(a) ?? complementEllipsis(a, predicate.slice(1), be ? "be" : predicate[0]?.lemma);
  if (cut) {
    const owner = possessiveOwner(cut.subject, predicate);
    if (owner) {
      // "What protects the Earth from the solar wind?" + "Its magnetic field does." → "The Earth's magnetic field protects it from …".
      const r = ownedSubjectRealize(wh, predicate, owner, (subject) => asSubject(subject, a), cut.subject);
      return { ...r, sentence: followedBy(r.sentence, cut.after), rule: `${r.rule}:ellipsis-possessive` };
    }
    const r = subjectRealize(wh, predicate, asSubject(cut.subject, a));
    // ("Michelangelo did, between 1508 and 1512." → "… the Sistine Chapel, between 1508 and 1512": the answer's comma stays, as after a
    // phrase answer.)
    return { ...r, sentence: followedBy(r.sentence, cut.after), rule: `${r.rule}:ellipsis` };
  }
  const { verb, object } = predicateObject(predicate);
  if (!verb) return undefined;
  const credited = creditedWithPredicate(a, predicate);
  if (credited) return { sentence: credited, rule: "wh-subject:credited", doubts: [] };
  const same = object.length > 0 ? objectPronounEllipsis(a, verb.lemma) : undefined;
  if (same) {
    const r = subjectRealize(wh, predicate, asSubject(same.subject, a));
    return { ...r, sentence: followedBy(r.sentence, same.after), rule: `${r.rule}:object-pronoun` };
  }
  const withObject = substituteObjectPronoun(a, object);
  if (withObject) return { sentence: withObject, rule: "wh-subject:object-pronoun", doubts: [] };
  const passive = substitutePassiveSubject(a, verb.lemma, object);
  if (passive) return { sentence: passive, rule: "wh-subject:passive-pronoun", doubts: [] };
  const caused = substituteCausedSubject(a, verb.lemma, object);
  if (caused) return { sentence: caused, rule: "wh-subject:caused-pronoun", doubts: [] };
  const prepositional = prepositionalPronoun(a, predicate);
  if (prepositional) return { sentence: prepositional, rule: "wh-subject:object-pronoun", doubts: [] };
  return undefined;
}

/**
 * "The President of the ECB's signature appears on them." for "Whose signature appears on euro banknotes?": the question's verb and
 * preposition with a final "it"/"them" for its noun phrase, which takes the pronoun's place; undefined otherwise.
 */
function prepositionalPronoun(a: AnswerParts, predicate: readonly Token[]): string | undefined {
  const t = a.tokens;
  const v = a.finiteVerb;
  const words = predicate.filter((x) => x.pos !== "PUNCT");
  if (v < 1 || words.length < 3 || t[v].lemma !== words[0].lemma || words[1].pos !== "ADP") return undefined;
  const end = t[t.length - 1].pos === "PUNCT" ? t.length - 1 : t.length;
  if (end !== v + 3 || t[v + 1].lower !== words[1].lower || !/^(?:it|them)$/.test(t[v + 2].lower)) return undefined;
  const object = words.slice(2);
  if (
    object.some((x) => x.pos === "VERB" || x.pos === "ADP" || x.pos === "SCONJ") ||
    (t[v + 2].lower === "them") !== isPluralPhrase(object)
  )
    return undefined;
  return `${text(t.slice(0, v + 2))} ${text(object)}`;
}

/**
 * The predicate's object a possessive opening the answer's subject stands for ("Its magnetic field" and "protects the Earth"), with the
 * pronoun that then takes the object's place; undefined when the numbers disagree or there is no object.
 */
/**
 * The answer's subject with its "its"/"their" said as the owner the question names, and the owner in the predicate said as "it"/"them"
 * ("Owls' feathers let them fly almost silently").
 */
function ownedSubjectRealize(
  wh: WhPhrase,
  predicate: readonly Token[],
  owner: Owner,
  asAnswer: (subject: Token[]) => AnswerParts,
  said: readonly Token[],
): Realized {
  const last = owner.object[owner.object.length - 1];
  const mark = owner.pronoun === "them" && /s$/.test(last.lower) ? "'" : "'s";
  const subject = [...owner.object, { ...word(owner.object[0], mark, "PART"), pre: "" }, ...said.slice(1)];
  const rest = [...predicate.slice(0, owner.from), word(owner.object[0], owner.pronoun, "PRON"), ...predicate.slice(owner.to)];
  // (A noun phrase by construction, though the tagger may read its "'s" as "is" or its first word as a verb: "Brown rice's …".)
  const r = subjectRealize(wh, rest, withAnswerFields(asAnswer(subject), { tokens: subject, isClause: false, finiteVerb: -1 }));
  return { ...r, doubts: r.doubts.filter((d) => d !== "a clause answer as the subject") };
}

/** The question's object that an answer's "its"/"their" stands for, where it stands in the predicate, and the pronoun it becomes there. */
interface Owner {
  readonly object: Token[];
  readonly from: number;
  readonly to: number;
  readonly pronoun: string;
}

function possessiveOwner(subject: readonly Token[], predicate: readonly Token[]): Owner | undefined {
  const p = subject[0]?.lower;
  if (p !== "its" && p !== "their") return undefined;
  const found = predicateObject(predicate).object;
  // (The first of two objects: "gives brown rice its brown color".)
  // (Or before its complement or its infinitive: "made the original Pyrex glassware resistant to …", "makes honey so resistant", "lets
  // owls fly".)
  const second = found.findIndex(
    (t, i) =>
      i > 0 &&
      (/^(?:its|their|his|her|a|an|the)$/.test(t.lower) ||
        ((t.pos === "ADJ" || t.pos === "ADV" || (t.pos === "VERB" && t.lower === t.lemma)) && /^(?:NOUN|PROPN)$/.test(found[i - 1].pos))),
  );
  const object = second > 0 ? found.slice(0, second) : found;
  // (Not an owner's own part: "keeps an owl's flight so quiet" + "Its feathers" are the owl's.)
  if (object.length === 0 || object.some((t) => /^['’]s?$/.test(t.text))) return undefined;
  const from = predicate.indexOf(object[0]);
  if (isPluralPhrase(object) !== (p === "their")) return undefined;
  return {
    object: object.map((x, i) => (i === 0 ? { ...x, text: x.lower === "the" ? "the" : x.text } : x)),
    from,
    to: from + object.length,
    pronoun: p === "its" ? "it" : "them",
  };
}

/** The wh-phrase's class after a superlative: "planet" ("the largest planet"), "of the Great Lakes", "of Saturn's moons". */
function classAfterSuperlative(wh: WhPhrase): Token[] {
  const like = wh.noun[0];
  const of = wh.partitive
    ? [word(like, "of", "ADP"), ...(like.pos === "DET" || wh.noun.some((x) => x.text === "'s") ? [] : [word(like, "the", "DET")])]
    : [];
  return [...of, ...wh.noun.map((x, i) => (i === 0 ? { ...x, pre: " " } : x))];
}

/** A superlative that ends the predicate or comes before a preposition ("is the largest", "is the largest by area"): its index. */
function bareSuperlative(predicate: readonly Token[]): number {
  if (!/^(?:is|are|was|were)$/.test(predicate[0]?.lower ?? "") || predicate[1]?.lower !== "the") return -1;
  const k = predicate[2]?.lower === "most" || predicate[2]?.lower === "least" ? 3 : 2;
  const sup = predicate[k];
  if (!sup || !(SUPERLATIVE_WORD.test(sup.lower) || k === 3) || sup.pos === "NOUN") return -1;
  const next = predicate[k + 1];
  // (Not before a relative clause: "the smallest for which it is most practical …".)
  if (next?.pos === "ADP" && /^(?:which|whom)$/.test(predicate[k + 2]?.lower ?? "")) return -1;
  // ("the oldest still operating": an adverb that goes on with the superlative's own phrase.)
  const goesOn = next?.pos === "ADV" && /^(?:still|ever|currently|alive|today|now|yet)$/.test(next.lower);
  // ("the most reliable to see erupt": an infinitive after it, which follows the class too.)
  const infinitive = next?.lower === "to" && predicate[k + 2]?.pos === "VERB";
  return !next || (next.pos === "ADP" && next.lower !== "of") || next.pos === "PUNCT" || goesOn || infinitive ? k : -1;
}

/** "is the largest living one": the index of the final "one" that stands for the class after a superlative and its adjectives, else -1. */
function superlativeOne(predicate: readonly Token[]): number {
  const words = predicate.filter((t) => t.pos !== "PUNCT");
  const one = words.length - 1;
  if (one < 3 || words[one].lower !== "one" || !/^(?:is|are|was|were)$/.test(words[0].lower) || words[1].lower !== "the") return -1;
  if (!SUPERLATIVE_WORD.test(words[2].lower) && !/^(?:most|least)$/.test(words[2].lower)) return -1;
  return words.slice(3, one).every((t) => t.pos === "ADJ" || /(?:ing|ed)$/.test(t.lower)) ? predicate.indexOf(words[one]) : -1;
}

/** "Which came earlier, the Iron Age or the Bronze Age?": the two options after the predicate's comma, and the predicate before it. */
function trailingOptions(predicate: readonly Token[]): { before: Token[]; options: [Token[], Token[]] } | undefined {
  // (Or after a colon: "Which is bigger: a tablespoon or a teaspoon?")
  const comma = Math.max(predicate.map((t) => t.text).lastIndexOf(","), predicate.map((t) => t.text).lastIndexOf(":"));
  if (comma < 1) return undefined;
  const tail = withoutMarks(predicate.slice(comma + 1));
  const or = tail.findIndex((t) => t.lower === "or");
  if (or < 1 || or === tail.length - 1 || tail.filter((t) => t.lower === "or").length > 1) return undefined;
  const [x, y] = [tail.slice(0, or), tail.slice(or + 1)];
  if (nounPhraseEnd(x, 0) !== x.length || nounPhraseEnd(y, 0) !== y.length) return undefined;
  return { before: predicate.slice(0, comma), options: [x, y] };
}

const FIRST_OPTION = /^(?:the )?(?:first|former|first one)$/i;
const SECOND_OPTION = /^(?:the )?(?:second|latter|second one|last one)$/i;

/** The scales and units a question asks its measure in: "in Fahrenheit", "in kilometres". */
const UNIT_ASKED_IN =
  /^(?:celsius|fahrenheit|kelvin|centigrade|metres|meters|feet|miles|kilometres|kilometers|kilograms|pounds|grams|litres|liters)$/i;

/** A phrase without the "in <unit>" it ends with ("water in Fahrenheit" → "water"). */
function withoutUnitAsked(phrase: readonly Token[]): readonly Token[] {
  const n = phrase.length;
  return n > 2 && phrase[n - 2].lower === "in" && UNIT_ASKED_IN.test(phrase[n - 1].lower) ? phrase.slice(0, -2) : phrase;
}

/** "Saturn currently holds that record, with 146.": the answer's subject, its adverb, and what it adds after "holds the record". */
const RECORD_HELD =
  /^(.+?) ((?:currently|still|now|also|officially|technically) )?(?:holds?|held) (?:that|the|this) (?:record|title|distinction|crown)(?![\w-])(.*)$/i;

/**
 * "Mercury is the only one.", "Bats are the only ones, …", "The hummingbird is the only one that can.": the answer's subject, its be, "one"
 * or "ones", and what it adds.
 */
const ONLY_ONE =
  /^(.+?) (is|are|was|were) the only (ones?)(?: (?:that|which|who) (?:can|could|does|do|did|is|are|was|were|has|have|had|will|would))?(?=$|[,;(]|\s[—–])(.*)$/i;

function subjectRealize(wh: WhPhrase, asked: readonly Token[], answer: AnswerParts): Realized {
  // "What's wrong?" + "Probably overwatering." → "The problem is probably overwatering.": what is wrong is the problem.
  const wrong = withoutMarks(asked).findIndex((t) => t.lower === "wrong");
  const before = withoutMarks(asked).slice(0, wrong);
  if (
    wh.word === "what" &&
    wh.noun.length === 0 &&
    !answer.isClause &&
    wrong > 0 &&
    before.every((t) => t.pos === "AUX" || t.lower === "'s") &&
    before.some((t) => t.lemma === "be" || t.lower === "'s")
  ) {
    const be = text(before).replace(/^'s$/, "is");
    const rest = text(withoutMarks(asked).slice(wrong + 1));
    return {
      sentence: `The problem${rest ? ` ${rest}` : ""} ${be} ${midSentence(answer.text)}`,
      rule: "wh-subject:problem",
      doubts: [],
    };
  }
  // "What metal is liquid at room temperature?" + "Mercury is the only one." → "Mercury is the only metal that is liquid at room
  // temperature.": "one" is the question's noun, and the question's predicate says what it alone does.
  const only = answer.isClause && wh.noun.length > 0 && wh.ofPhrase.length === 0 ? ONLY_ONE.exec(answer.text) : null;
  if (only && !PRONOUNS.has(only[1].toLowerCase()) && asked.length > 0) {
    const plural = only[3].toLowerCase() === "ones";
    const head = wh.noun[wh.noun.length - 1];
    const said = plural
      ? isPluralPhrase(wh.noun)
        ? head.text
        : (PERSON_PLURAL[head.lower] ?? regularPlural(head.text) ?? head.text)
      : head.lemma;
    const noun = [...wh.noun.slice(0, -1).map((t) => t.text), said].join(" ");
    return {
      sentence: `${capitalize(only[1])} ${only[2].toLowerCase()} the only ${noun} that ${agree(asked, plural, isPluralPhrase(wh.noun))}${only[4].replace(/[.!]+$/, "")}`,
      rule: "wh-subject:only-one",
      doubts: [],
    };
  }
  // "Which planet has the most moons?" + "Saturn currently holds that record." → "Saturn currently has the most moons.": the record is the
  // question's predicate.
  const record = answer.isClause ? RECORD_HELD.exec(answer.text) : null;
  if (record && !PRONOUNS.has(record[1].toLowerCase())) {
    const r = subjectRealize(wh, asked, withAnswerFields(analyzeAnswer(record[1]), { rest: answer.rest, raw: answer.raw }));
    const subject = capitalize(midSentence(record[1]));
    const said =
      record[2] && r.sentence.startsWith(`${subject} `) ? `${subject} ${record[2]}${r.sentence.slice(subject.length + 1)}` : r.sentence;
    return { ...r, sentence: `${said.replace(/[.!]+$/, "")}${record[3].replace(/[.!]+$/, "")}`, rule: `${r.rule}:record` };
  }
  // "Which came earlier, the Iron Age or the Bronze Age?" + "The second." → "The Bronze Age came earlier.": the options go, and an
  // ordinal stands for the one it names.
  const options = answer.isClause ? undefined : trailingOptions(asked);
  const picked = !options
    ? undefined
    : FIRST_OPTION.test(answer.text)
      ? options.options[0]
      : SECOND_OPTION.test(answer.text)
        ? options.options[1]
        : undefined;
  // (Only where the answer picks one: "Neither, they weigh the same" keeps them.)
  const names = (o: readonly Token[]) =>
    o.some((t) => (t.pos === "NOUN" || t.pos === "PROPN") && answer.tokens.some((x) => x.lower === t.lower));
  const chosen = options && (picked || options.options.some(names)) ? options.before : asked;
  // "Which is deeper, Lake Baikal or Lake Tanganyika?" + "The first one." (or "Lake Baikal.") → "… is deeper than Lake Tanganyika": a
  // comparison with "be" names the other option ("Which came earlier, …?" + "The second." → "The Bronze Age came earlier.").
  const namedOptions = options && !picked ? options.options.filter(names) : [];
  const one = picked ?? (namedOptions.length === 1 ? namedOptions[0] : undefined);
  const other = one && options ? options.options[one === options.options[0] ? 1 : 0] : undefined;
  const compared = chosen.filter((t) => t.pos !== "PUNCT");
  const comparative =
    compared.length === 2 && compared[0].lemma === "be" && compared[1].pos === "ADJ" && /[^e]er$|ier$/.test(compared[1].lower);
  const whole = other && comparative ? [...compared, word(compared[1], "than", "ADP"), ...other] : chosen;
  const a = picked ? withAnswerFields(analyzeAnswer(text(picked)), { rest: answer.rest, raw: answer.raw }) : answer;
  // "Which of Saturn's moons is the largest?" + "Titan" → "Titan is the largest of Saturn's moons." ("Which moon of Jupiter …" → "the largest
  // moon of Jupiter"): the superlative keeps the set it picks from; "Which lake is the largest in Africa?" + "Lake Victoria" → "Lake
  // Victoria is the largest lake in Africa": a bare superlative gets the question's noun back, as "Lake Victoria is the largest." does
  // (issue 23 part 1: "the largest" stands for the question's entity).
  // (So a class with a place: "Which planet in the Solar System is the densest?" + "Earth" → "the densest planet in the Solar System".)
  const placed = wh.noun.findIndex((t, i) => i > 0 && t.pos === "ADP" && t.lower !== "of");
  const sup = wh.noun.length > 0 && wh.word === "which" ? bareSuperlative(whole) : -1;
  const classOne = sup < 0 && wh.noun.length > 0 && wh.word === "which" && !wh.partitive ? superlativeOne(whole) : -1;
  const predicate =
    sup > 0
      ? [...whole.slice(0, sup + 1), ...classAfterSuperlative(wh), ...whole.slice(sup + 1)]
      : classOne > 0
        ? [...whole.slice(0, classOne), ...classAfterSuperlative(wh), ...whole.slice(classOne + 1)]
        : whole;
  const doubts: string[] = [];
  if (a.isClause) {
    const lean = leanOnPredicate(wh, whole, a);
    if (lean) return lean;
  }
  // "What is Down syndrome caused by?", "What is crossing over also referred to as?": "what" is the complement, the subject follows "is".
  const passive =
    wh.word === "what" && wh.noun.length === 0 && !a.isClause && /^(?:is|are|was|were)$/.test(predicate[0]?.lower ?? "")
      ? predicateAtEnd(predicate.slice(1), [])
      : undefined;
  if (passive && passive.subject.length > 0)
    return {
      sentence: `${capitalize(text(passive.subject))} ${predicate[0].lower} ${text(passive.predicate)} ${midSentence(a.text)}`,
      rule: "wh-subject:complement",
      doubts,
    };
  // "Which best explains why …?" + a clause: "… because <clause>".
  const explains = predicate.findIndex((t) => /^explains?$/.test(t.lower));
  if (a.isClause && explains >= 0 && predicate[explains + 1]?.lower === "why") {
    const y = predicate.slice(explains + 2).filter((t) => t.pos !== "PUNCT");
    return { sentence: `${capitalize(text(y))} ${becausePhrase(a)}`, rule: "wh-subject:explains-why", doubts };
  }
  // "What happens to X when Y?" + "It expands." → "X expands when Y."
  let happen = 0;
  while (
    happen < predicate.length &&
    (predicate[happen].pos === "AUX" || predicate[happen].pos === "ADV" || /^(?:most|more|likely|probably)$/.test(predicate[happen].lower))
  )
    happen++;
  if (predicate[happen]?.lemma !== "happen") happen = -1;
  // "What will happen to tree rings?" + "become narrow" → "Tree rings will become narrow."
  const vp = a.tokens[0];
  if (
    !a.isClause &&
    happen >= 0 &&
    predicate[happen + 1]?.lower === "to" &&
    vp &&
    vp.lower === vp.lemma &&
    (vp.pos === "VERB" || canBeVerb(vp.lower)) &&
    !/ing$/.test(vp.lower)
  ) {
    let end = happen + 2;
    while (
      end < predicate.length &&
      predicate[end].pos !== "PUNCT" &&
      predicate[end].pos !== "SCONJ" &&
      !/^(?:when|if|while|after|before|as|during|once|until|in|at|on)$/.test(predicate[end].lower)
    )
      end++;
    const target = predicate.slice(happen + 2, end);
    const aux = predicate
      .slice(0, happen)
      .filter((t) => t.pos === "AUX")
      .map((t) => t.lower);
    const verb =
      aux.length > 0
        ? `${aux.join(" ")} ${midSentence(a.text)}`
        : `${isPluralPhrase(target) ? vp.text : thirdPerson(vp.text)} ${text(a.tokens.slice(1))}`.trim();
    const adjunct = text(withoutMarks(predicate.slice(end)));
    return {
      sentence: [capitalize(text(target)), verb, adjunct].filter((x) => x !== "").join(" "),
      rule: "wh-subject:what-happens-verb",
      doubts,
    };
  }
  // (A clause the tagger misread is one too: "An asteroid hit the Earth", a past verb and its object.)
  if (happen >= 0 && (a.isClause || statesChange(a.tokens) || pastVerbWithObject(a.tokens))) {
    let k = happen + 1;
    let target: Token[] = [];
    if (predicate[k]?.lower === "to") {
      let end = k + 1;
      while (
        end < predicate.length &&
        predicate[end].pos !== "PUNCT" &&
        // (A relative clause stays with its noun: "the extra salt that smooth cordgrass takes up".)
        (predicate[end].pos !== "SCONJ" || /^(?:that|which|who)$/.test(predicate[end].lower)) &&
        !/^(?:when|if|while|after|before|as|during|once|until|in|at|on|after)$/.test(predicate[end].lower)
      )
        end++;
      target = predicate.slice(k + 1, end);
      k = end;
    }
    // ("What happened to Athens after it surrendered?": the adjunct's pronoun for the target is the target, and the adjunct opens the
    // statement: "After Athens surrendered, Sparta installed …".)
    const own = withoutMarks(predicate.slice(k));
    const resolved = target.length > 0 ? resolvePronoun(a, target) : undefined;
    // (Not where the answer's own pronoun is the target: "Water expands by about 9% when it freezes".)
    const targetPronoun =
      !resolved && target.length > 0 && own.length > 2 && /^(?:after|before|when|once|as|while)$/.test(own[0].lower)
        ? own.findIndex((t, i) => i === 1 && (isPluralPhrase(target) ? t.lower === "they" : t.lower === "it"))
        : -1;
    const adjunctTokens = targetPronoun > 0 ? [own[0], ...target.map((t, i) => (i === 0 ? { ...t, pre: " " } : t)), ...own.slice(2)] : own;
    const adjunct = text(adjunctTokens);
    let clause = resolved ?? a.text;
    // "What will most likely happen to the plant?" + "it will turn yellow" → "The plant will most likely turn yellow."
    const modal = predicate.slice(0, happen).find((t) => t.pos === "AUX");
    const adverbs = predicate.slice(0, happen).filter((t) => t.pos === "ADV" || /^(?:most|more|likely|probably)$/.test(t.lower));
    if (modal && adverbs.length > 0) {
      const at = new RegExp(`\\b${modal.lower}\\b(?! ${adverbs[0].lower}\\b)`);
      if (at.test(clause)) clause = clause.replace(at, `${modal.lower} ${text(adverbs)}`);
    }
    // "What happens to pH as a solution becomes more basic?" → "As a solution becomes more basic, pH decreases."; an adjunct
    // with a pronoun for the subject stays after it ("Water expands when it freezes").
    const fronted =
      adjunctTokens.length > 1 &&
      /^(?:when|as|if|during|after|before|while|in|once|whenever)$/.test(adjunctTokens[0].lower) &&
      !adjunctTokens.some((t) => PRONOUNS.has(t.lower) || /^(?:its|their|them|his|her)$/.test(t.lower));
    const repeated =
      adjunct !== "" && (a.text.toLowerCase().includes(adjunct.toLowerCase()) || restates(tokenizePhrase(adjunct), a.tokens));
    // (Before what the answer adds after its clause: "Water expands by about 9% when it freezes, which is why ice floats.")
    const adds = /(?:,\s+(?:which|so|and|but)\s|\s[—–]\s|;\s)/.exec(clause);
    // ("What happened at Lexington and Concord?" + "The first shots … were fired there.": the answer's "there" is the question's place.)
    const place = /^(?:at|in|on)\s/i.test(adjunct) ? /\bthere\b(?! (?:is|are|was|were|has|have|had)\b)/.exec(clause) : null;
    const placePart = place ? /^(?:at|in|on)\s[^,]*?(?=\s+(?:in|on|during)\s+(?:\d|[A-Z][a-z]+ \d)|$)/.exec(adjunct)?.[0] : undefined;
    if (place && placePart) {
      clause = `${clause.slice(0, place.index)}${placePart}${clause.slice(place.index + place[0].length)}`;
    }
    const rest = place && placePart ? adjunct.slice(placePart.length).trim() : adjunct;
    const withAdjunct =
      !rest || repeated
        ? clause
        : place && placePart
          ? `${clause} ${rest}`
          : fronted
            ? `${capitalize(adjunct)}, ${midSentence(clause)}`
            : adds
              ? `${clause.slice(0, adds.index)} ${adjunct}${clause.slice(adds.index)}`
              : `${clause} ${adjunct}`;
    return {
      sentence: withAdjunct,
      rule: resolved ? "wh-subject:what-happens" : "wh-subject:what-happens-sentence",
      doubts: target.length > 0 && !resolved && PRONOUNS.has(a.tokens[0]?.lower ?? "") ? ["pronoun left unresolved"] : doubts,
    };
  }
  // "What went wrong with the Challenger launch?" + "An O-ring seal failed in the cold.": the answer's clause says what went wrong.
  if (/^(?:went|goes|has gone|had gone) wrong\b/i.test(text(predicate)) && (a.isClause || pastVerbWithObject(a.tokens)))
    return { sentence: a.text.replace(/[.!]+$/, ""), rule: "wh-subject:went-wrong", doubts };
  // "Which is the most likely result?" + a clause → "The most likely result is that …".
  if (a.isClause && predicate.length > 1 && /^(?:is|was|are|were)$/.test(predicate[0].lower)) {
    const head = headNoun(predicate.slice(1));
    if (head && isPropositionHead(head) && predicate[1].pos === "DET")
      return {
        sentence: `${capitalize(text(predicate.slice(1)))} ${predicate[0].lower} that ${midSentence(a.text)}`,
        rule: "wh-subject:that-clause",
        doubts,
      };
  }
  if (a.isClause) {
    const placed = thereForPlace(a, predicate);
    if (placed) return { sentence: placed, rule: "wh-subject:there", doubts };
    return clauseAsSubject(wh, predicate, a, doubts) ?? countSaidAgain(clauseAnswer(a, undefined, "wh-subject", doubts), predicate, a);
  }
  // "Which procedure will help …?" + "have the students run …": an instruction as a subject is its gerund.
  if (isInstruction(a) && ["DET", "PRON"].includes(a.tokens[1]?.pos ?? "") && wh.word !== "whose") {
    const [verb, ...rest] = a.tokens;
    const subject = [gerund(verb.text), text(rest)].filter((x) => x !== "").join(" ");
    return {
      sentence: `${capitalize(subject)} ${agree(predicate, false, wh.noun.length > 0 && isPluralPhrase(wh.noun))}`,
      rule: "wh-subject:gerund",
      doubts,
    };
  }
  // "What type of blood vessel carries blood away from the heart?" + "artery" → "The type of blood vessel that carries … is an artery."
  const typeHead = wh.noun[wh.noun.length - 1];
  if (
    wh.typeOf &&
    typeHead &&
    a.tokens.length === 1 &&
    a.tokens[0].pos === "NOUN" &&
    /^[a-z]/.test(a.text) &&
    a.tokens[0].lemma !== typeHead.lemma &&
    !isUncountable(a.text) &&
    a.tokens[0].lemma === a.tokens[0].lower
  ) {
    const article = indefiniteArticle(a.text);
    const kind = wh.noun[0] && /^(?:type|kind|sort|form|class|category|variety)$/.test(wh.noun[0].lemma) ? wh.noun.slice(1) : wh.noun;
    return { sentence: `The type of ${text(kind)} that ${text(predicate)} is ${article} ${a.text}`, rule: "wh-subject:type-of", doubts };
  }
  const named = namedByKind(wh, predicate, a);
  if (named) return { sentence: named, rule: "wh-subject:kind-that", doubts };
  // (The class's place said after the superlative is not said again after the answer.)
  const placeSaid = placed > 0 && text(predicate).includes(text(wh.noun.slice(placed)));
  const subject = placeSaid ? slotPhrase(wh, a.text, a.tokens) : withQualifier(wh, slotPhrase(wh, a.text, a.tokens), a);
  // "Whose idea was the Scout movement?" + "Robert Baden-Powell's." → "The Scout movement was Robert Baden-Powell's idea.": after "be" a
  // noun phrase is what the question asks about, the subject ("Whose face is on the bill?" keeps the answer first).
  const be = predicate[0];
  const about = withoutMarks(predicate.slice(1));
  if (
    wh.word === "whose" &&
    be &&
    /^(?:is|are|was|were)$/.test(be.lower) &&
    about.length > 0 &&
    /^(?:DET|PROPN|NOUN)$/.test(about[0].pos) &&
    // (An of-phrase is the noun phrase's own: "the germ theory of disease".)
    // (Not after a wh-phrase with its own: "Whose laws of motion are the basis of classical mechanics?" names a role after "are".)
    about.every(
      (t) =>
        t.pos !== "VERB" && t.pos !== "AUX" && (t.pos !== "ADP" || (t.lower === "of" && wh.ofPhrase.length === 0 && wh.noun.length === 1)),
    ) &&
    !a.isClause
  )
    // (Said with its quotes: 'the famous fossil "Lucy"'.)
    return {
      sentence: `${capitalize(text(withoutFinalPunctuation(predicate.slice(1))))} ${be.lower} ${midSentence(subject)}`,
      rule: "wh-subject:whose-be",
      doubts,
    };
  // ("Whose dog was Argos in the Odyssey?" + "Odysseus's" → "Argos was Odysseus's dog in the Odyssey.": so with a phrase after the name.)
  const namedEnd = wh.word === "whose" && be && /^(?:is|are|was|were)$/.test(be.lower) && !a.isClause ? nounPhraseEnd(about, 0) : 0;
  if (
    namedEnd > 0 &&
    namedEnd < about.length &&
    about[0].pos === "PROPN" &&
    about[namedEnd].pos === "ADP" &&
    about.every((t) => t.pos !== "VERB" && t.pos !== "AUX")
  )
    return {
      sentence: `${capitalize(text(about.slice(0, namedEnd)))} ${be.lower} ${midSentence(subject)} ${text(about.slice(namedEnd))}`,
      rule: "wh-subject:whose-be",
      doubts,
    };
  // ("Whose job is it to file the return?" + "The owner's": the dummy "it" and its infinitive, "It is the owner's job to file …".)
  const dummy = wh.word === "whose" ? /^(is|was) it (to\s.+)$/i.exec(text(predicate)) : null;
  if (dummy) return { sentence: `It ${dummy[1].toLowerCase()} ${midSentence(subject)} ${dummy[2]}`, rule: "wh-subject:whose", doubts };
  // ("James Cook's ship, the Endeavour, struck the reef in 1770.": a clause with the question's verb says it all already.)
  const main = predicate.find((t) => t.pos === "VERB");
  // (The tagger may read no clause there: the question's verb form, said again, shows it.)
  if (wh.word === "whose" && main && a.tokens.some((t, k) => k > 1 && t.lower === main.lower))
    return { sentence: a.text.replace(/[.!]+$/, ""), rule: "wh-subject:whose-sentence", doubts };
  if (wh.word === "whose") return { sentence: `${capitalize(subject)} ${text(predicate)}`, rule: "wh-subject:whose", doubts };
  const whPlural = wh.noun.length > 0 && isPluralPhrase(wh.noun);
  // ("Which activity …?" + "planting trees": a gerund's phrase that names an action is one thing, whatever its object's number.)
  const action =
    !whPlural &&
    ACTION_NOUN.test(wh.noun.filter((t) => /\w/.test(t.text)).at(-1)?.lower ?? "") &&
    /^[a-z]+ing\b/i.test(a.text) &&
    !/,|\band\b|\bor\b/.test(a.text);
  // ("Sifakas" for "Which lemurs …?": one capitalised word in -s the lexicons do not know names the plural the question asks for.)
  const bareWord = a.text.replace(/[.!]+$/, "");
  const namedPlural =
    whPlural && /^[A-Z][a-z]+[a-rt-z]s$/.test(bareWord) && !isProperWord(bareWord.toLowerCase()) && !inWordList(bareWord.toLowerCase());
  const plural =
    (!action && a.plural) ||
    namedPlural ||
    (wh.measure === "many" && !/^(?:one|1|a|an)\b(?![,.]\d)/i.test(a.text)) ||
    (subject !== a.text && isPluralPhrase(tokenizePhrase(subject)) && !wh.ofPhrase.length);
  // ("Roughly 69% of Earth's fresh water, most of it in Antarctica": what the answer adds after an amount of the question's whole goes
  // after the question's words.)
  const aside = wh.ofPhrase.length > 0 && AMOUNT_START.test(a.text) ? /^([^,]+)(,\s.+)$/.exec(subject) : null;
  if (aside)
    return { sentence: `${capitalize(aside[1])} ${agree(predicate, plural, whPlural)}${aside[2]}`, rule: "wh-subject:aside", doubts };
  // "The pancreas, which also produces glucagon, produces insulin": close a non-restrictive relative clause.
  // So an appositive ("Capsaicin, a compound concentrated in the pith and seeds, gives …").
  // So a participle's phrase ("The Jazz Singer (1927), starring Al Jolson, was …"), unless the subject lists gerunds ("Swimming, running …").
  const participle =
    (/, \w+ing /.test(subject) ||
      /, (?:\w+ed|\w+en|known|born|built|made|found|held|led|sung|worn|grown|drawn|shown|seen|sold|told|taught|won|set) (?:\w+ly )?(?:by|in|as|to|for|from|with|on|at|about|of|after|during|around)\b/.test(
        subject,
      )) &&
    !/^\w+ing\b/i.test(subject);
  const closed =
    (/, (?:which|who|whose|where|an?|the|such as|including|especially|specifically|particularly|namely|notably|with|along with|together with|home to|one of|part of|(?:also |best |better )?known (?:as|for)|famous for) /.test(
      subject,
    ) ||
      participle ||
      // ("Chamonix, France, hosted …": a place and the country or state it is in; "Iron, and later steel, replaced …".)
      inPlace(subject) ||
      // (So an appositive with a possessive: "Kublai Khan, Genghis's grandson, founded …", "Ögedei, his third son, …"; and a place's
      // own place: "The Great Barrier Reef, off Queensland, is …".)
      /, (?:(?:his|her|their|its) |\p{Lu}[\w.-]*(?: \p{Lu}[\w.-]*)*['’]s |(?:off|near|in) (?:the )?\p{Lu}[\w.-]*(?: \p{Lu}[\w.-]*)*$|(?:modern|present-day|today['’]s|ancient|formerly) \p{Lu})/u.test(
        subject,
      ) ||
      /, (?:and|or) (?:later|then|sometimes|possibly|probably|perhaps|eventually) \w/.test(subject)) &&
    !/,\s*$/.test(subject)
      ? `${subject},`
      : subject;
  // "Rivers once flowed there is a likely conclusion", "Tax the firm is an action": a clause or an instruction cannot be a subject as it
  // stands.
  const relative = a.tokens.slice(0, Math.max(0, a.finiteVerb)).some((t) => /^(?:which|who|that|whose)$/.test(t.lower));
  // (So is one the tagger misread, a verb and its object after the subject's noun: "Charged particles from the Sun hit gases …".)
  if (
    (a.isClause && a.tokens.length >= 5 && !relative) ||
    // (Not a noun before its bracket or its possessive: "Iron (from the Latin ferrum)", "Earth's axial tilt".)
    (isInstruction(a) && !/^(?:\(|['’]s?)$/.test(a.tokens[1]?.text ?? "") && (isVerbFirst(a.tokens[0].lower) || a.tokens.length >= 4)) ||
    (!a.isClause && a.tokens.length >= 5 && verbBeforeObject(a.tokens)) ||
    // ("Conducts electricity is a physical property of copper.": a verb's -s form opening the answer, its subject left out.)
    (a.tokens.length >= 2 && a.tokens[0].pos === "VERB" && /[^s]s$/.test(a.tokens[0].lower) && a.tokens[0].lemma !== a.tokens[0].lower)
  )
    doubts.push("a clause answer as the subject");
  return { sentence: `${capitalize(closed)} ${agree(predicate, plural, whPlural)}`, rule: "wh-subject", doubts };
}

/**
 * "What <kind> <predicate>?" answered with a name keeps the kind as the subject, as CAP-Statements does: "What organ pumps blood?" +
 * "heart" → "The organ that pumps blood is the heart."; "What planet is closest to the Sun?" → "The planet closest to the Sun is …";
 * several kinds asked for and one named → "One factor that affects enzyme activity is temperature."; several named → "Factors that
 * affect … include A and B." Undefined for "which" questions, clauses, instructions and answers with a clause of their own.
 */
function namedByKind(wh: WhPhrase, predicate: readonly Token[], a: AnswerParts): string | undefined {
  if (wh.word !== "what" || wh.noun.length === 0 || wh.partitive || wh.prep || wh.ofPhrase.length > 0 || predicate.length === 0)
    return undefined;
  if (a.isClause || isInstruction(a) || a.tokens.length === 0 || a.tokens.some((t) => t.text === "," || t.text === ";")) return undefined;
  const [verb, ...rest] = predicate;
  if (!(verb.pos === "VERB" || verb.pos === "AUX" || canBeVerb(verb.lower)) || /^(?:do|does|did)$/.test(verb.lower)) return undefined;
  const past = /^(?:was|were)$/.test(verb.lower) || (verb.pos === "VERB" && verb.lower !== verb.lemma && /ed$/.test(verb.lower));
  const be = /^(?:is|are|was|were)$/.test(verb.lower);
  // "is known as the Red Planet" → "known as the Red Planet"; "carries genetic information" → "that carries genetic information".
  // "What type of rock …?" keeps the answer as the subject ("Igneous rock is formed from cooled lava").
  if (wh.typeOf) return undefined;
  const kinds = [...wh.noun];
  const head = kinds[kinds.length - 1];
  const plural = head.lemma !== head.lower && /s$/.test(head.lower);
  const several = a.tokens.some((t) => t.lower === "and" || t.lower === "or");
  if (plural) {
    const one = [...kinds.slice(0, -1).map((t) => t.text), head.lemma].join(" ");
    if (several) {
      const clause = be ? text(rest) : `that ${text(predicate)}`;
      return `${capitalize(text(kinds))} ${clause} ${past ? "included" : "include"} ${midSentence(a.text)}`;
    }
    const clause = be ? text(rest) : `that ${agree(predicate, false, true)}`;
    return `One ${one} ${clause} ${past ? "was" : "is"} ${midSentence(a.text)}`;
  }
  // One thing of a kind: only a bare common noun that cannot open a sentence without an article ("Heart pumps blood") is moved after "is";
  // a name, a mass noun or a phrase with its own article stays the subject ("Gravity pulls objects toward the ground").
  const member = several || a.plural ? a.text : kindMember(kinds, a);
  if (member === a.text) return undefined;
  // A lone member of a kind of substance is named bare ("The pigment that gives plants their green color is chlorophyll", not "a
  // chlorophyll").
  const substance = a.tokens.length === 1 && SUBSTANCE_KINDS.has(head.lemma);
  const clause = be ? text(rest) : `that ${text(predicate)}`;
  return `The ${text(kinds)} ${clause} ${past ? "was" : "is"} ${midSentence(substance ? a.text : member)}`;
}

/** The answer after "The <kind> that … is": "the heart" after a part-like kind, "a stack" after a kind of individuals, else as it is. */
function kindMember(kinds: readonly Token[], a: AnswerParts): string {
  const head = kinds[kinds.length - 1];
  const first = a.tokens[0];
  if (!/^[a-z]/.test(first.text) || first.pos === "DET" || first.pos === "PRON" || first.pos === "NUM" || a.tokens.length > 3)
    return a.text;
  const last = a.tokens[a.tokens.length - 1];
  if (isUncountable(last.lower) || MASS_SUFFIX.test(last.lower)) return a.text;
  if (DEFINITE_HEADS.test(head.lower)) return `the ${a.text}`;
  // A lone count noun ("stack") cannot open a sentence bare either: one of the kind.
  if (isIndividualKind(head.lower) || a.tokens.length === 1) return nameForOne(a.text, a.tokens);
  return a.text;
}

/** Kinds whose members are substances, named without an article (chlorophyll, hemoglobin, helicase, argon). */
const SUBSTANCE_KINDS = wordSet(
  "pigment protein enzyme hormone molecule chemical compound element gas metal mineral acid base sugar nutrient vitamin substance",
  "fuel material liquid fluid solvent neurotransmitter carbohydrate lipid polymer",
);

/**
 * "Which process in the water cycle returns water …?" + "evaporation" → "Evaporation in the water cycle returns water …": the phrase that
 * places the asked-for thing stays with the answer (issue 23, part 1: the question's context is kept), unless the answer says it already.
 */
/** Nouns that name a part of a whole ("which part of a plant cell", "which layer of the atmosphere"). */
const PART_NOUNS = wordSet(
  "part parts organ organs layer layers structure structures component components region section stage phase organelle",
  "property properties characteristic feature bone muscle gland tissue side system chamber lobe zone",
);

/**
 * "Which part of a plant cell controls …?" + "Nucleus" → "The nucleus of a plant cell": the whole the part belongs to stays after the
 * answer, which takes "the" when it has no determiner. Undefined for other wh-phrases and answers that name the whole already.
 */
function partOf(wh: WhPhrase, a: AnswerParts): string | undefined {
  const of = wh.noun.findIndex((t, i) => i > 0 && t.lower === "of");
  if (of < 1 || !PART_NOUNS.has(wh.noun[of - 1].lower) || of === wh.noun.length - 1) return undefined;
  const whole = wh.noun.slice(of + 1);
  const said = new Set(a.tokens.map((t) => t.lemma));
  if (whole.some((t) => (t.pos === "NOUN" || t.pos === "PROPN") && said.has(t.lemma))) return undefined;
  if (a.tokens.some((t) => t.pos === "ADP" || t.pos === "VERB" || t.pos === "PUNCT") || a.tokens.length > 4) return undefined;
  const first = a.tokens[0];
  if (!first || first.pos === "DET" || first.pos === "NUM" || first.pos === "PRON") return `${a.text} of ${text(whole)}`;
  // ("La Mancha", "Rioja" for "Which region of Spain …?": a place's name is in the whole, not a part of it named like a common noun.)
  if (/^[A-Z]/.test(first.text) && !isCommonWord(first.lower) && whole.some((t) => t.pos === "PROPN")) return `${a.text} in ${text(whole)}`;
  return `the ${partNamed(a.text, first)} of ${text(whole)}`;
}

/** A part is a common noun whatever its capital ("Kidneys", "Troposphere"), unless the lexicons know it as a name: `said` lowered. */
function partNamed(said: string, first: Token): string {
  return /^[A-Z][a-z]+$/.test(first.text) && !isProperWord(first.lower) ? first.lower + said.slice(first.text.length) : said;
}

function withQualifier(wh: WhPhrase, subject: string, a: AnswerParts): string {
  // A pronoun or relative clause in the answer ("those that can burrow into the mud") already says where.
  if (
    wh.word !== "which" ||
    subject !== a.text ||
    a.isClause ||
    a.tokens.some((t) => t.pos === "PRON" || /^(?:that|which|who|where)$/.test(t.lower))
  )
    return subject;
  const whole = partOf(wh, a);
  if (whole) return whole;
  const at = wh.noun.findIndex((t, i) => i > 0 && t.pos === "ADP" && t.lower !== "of");
  if (at < 0) return subject;
  const qualifier = wh.noun.slice(at);
  const said = new Set(a.tokens.map((t) => t.lemma));
  if (qualifier.some((t) => t.pos === "NOUN" && said.has(t.lemma))) return subject;
  return `${subject} ${text(qualifier)}`;
}

/** Predicates that say no more than that the answer was the one asked for ("Which statement is true?"). */
const DESCRIBING_VERBS = /^(?:describe|explain|state|summarize|summarise|show|represent|express|define|illustrate|demonstrate)$/;
const EMPTY_PREDICATE =
  /^(?:is|are|was|were|['’]s)(?: not| NOT)?(?: (?:probably|likely|most likely|usually|really))? (?:true|correct|false|incorrect|right|wrong|accurate|inaccurate|the (?:correct|best|right) (?:answer|statement|choice|option)|the (?:matter|problem|issue|cause))\s*[?.]?$|^(?:went|goes|has gone|is going|could go|might have gone) wrong\s*[?.]?$/i;

/**
 * "Which of these might be the cause?" + "All of the vegetation has been dying": a clause cannot
 * be the subject as it stands ("… has been dying might be the cause"), and the clause alone loses
 * what the question asked; the question's predicate follows it as a relative on the whole clause:
 * "All of the vegetation has been dying, which might be the cause." Undefined when the predicate
 * adds nothing ("… is true"), the answer already says it, or the answer opens with a pronoun that
 * stands for the question's words (left to the pronoun rules).
 */
function clauseAsSubject(wh: WhPhrase, predicate: readonly Token[], a: AnswerParts, doubts: string[]): Realized | undefined {
  if (!/^(?:which|what)$/.test(wh.word) || predicate.length < 2 || a.rest !== "") return undefined;
  const said = text(predicate);
  if (
    EMPTY_PREDICATE.test(said) ||
    restates(a.tokens, predicate) ||
    /^(?:it|they|he|she|this|these|that|those)$/.test(a.tokens[0]?.lower ?? "")
  )
    return undefined;
  // "Which statement best describes X?": the clause is the description itself; "What forms on it?" + "Droplets form on it": said already.
  const main = predicate.find((t) => t.pos !== "AUX" && t.pos !== "ADV" && t.pos !== "PART");
  const verbs = [...predicate.filter((t) => t.pos === "VERB"), ...(main ? [main] : [])].flatMap((t) => [
    t.lemma,
    t.lower.replace(/s$/, ""),
  ]);
  // ("Which statement best explains what happened to the water?" keeps what it explains: "…, which best explains what happened …".)
  const explainsEvent = predicate.some((t) => /^(?:what|why|how|this|these)$/.test(t.lower));
  if (
    (verbs.some((v) => DESCRIBING_VERBS.test(v)) && !explainsEvent) ||
    a.tokens.some((t) => verbs.includes(t.lemma) || verbs.includes(t.lower))
  )
    return undefined;
  // "have the students run for the same time": an instruction is the subject as its gerund ("Having the students run … will help …").
  const [first, ...rest] = a.tokens;
  if (
    first &&
    (first.pos === "VERB" || (first.pos === "AUX" && /^(?:have|make|let|get|keep)$/.test(first.lower))) &&
    first.lower === first.lemma &&
    ["DET", "PRON"].includes(rest[0]?.pos ?? "") &&
    a.finiteVerb > 1
  )
    return {
      sentence: `${capitalize([gerund(first.text), text(rest)].join(" "))} ${agree(predicate, false, false)}`,
      rule: "wh-subject:gerund",
      doubts,
    };
  return { sentence: `${a.text.replace(/[.!]+$/, "")}, which ${agree(predicate, false, false)}`, rule: "wh-subject:clause-which", doubts };
}

/** "What is the role of X?" + a verb phrase ("fight infection", "filters blood"): "X fight(s) …" (else undefined). */
function roleVerbPhrase(subject: readonly Token[], a: AnswerParts): string | undefined {
  const dummy = a.isClause ? predicateOfDummySubject(a) : undefined;
  const answerTokens = dummy ? dummy.tokens : a.tokens;
  const ofAt = subject.findIndex((t) => t.lower === "of");
  const first = answerTokens[0];
  if (
    ofAt <= 0 ||
    !/^(?:role|function|job|purpose|task|work)s?$/.test(subject[ofAt - 1].lower) ||
    !first ||
    answerTokens.length < 2 ||
    /ing$/.test(first.lower)
  )
    return undefined;
  const objectAfter = ["DET", "PRON", "ADP", "ADV", "PART", "NOUN"].includes(answerTokens[1].pos);
  const base =
    first.lower === first.lemma && (first.pos === "VERB" || (canBeVerb(first.lower) && objectAfter && answerTokens[1].pos !== "NOUN"));
  // A third-person form the tagger may call a noun ("Filters/NOUN blood"), also before an adjective ("absorbs light energy") or a second
  // verb ("processes and packages proteins").
  const second = answerTokens[2];
  const thirdObject =
    objectAfter ||
    answerTokens[1].pos === "ADJ" ||
    (answerTokens[1].lower === "and" && second !== undefined && /[^s]s$/.test(second.lower) && canBeVerb(second.lemma));
  const third =
    /[^s]s$/.test(first.lower) && first.lemma !== first.lower && canBeVerb(first.lemma) && thirdObject && /^[a-z]/.test(first.lemma);
  if (!base && !third) return undefined;
  const owner = subject.slice(ofAt + 1);
  const plural = isPluralPhrase(owner);
  const verb = base ? (plural ? first.text : thirdPerson(first.text)) : plural ? first.lemma : first.text.toLowerCase();
  return `${capitalize(text(owner))} ${verb} ${text(answerTokens.slice(1))}`;
}

/**
 * An answer the tagger read as a clause that names a thing: up to its first comma or relative word, every verb is a participle after a
 * noun ("the energy released when …", "the universal gas constant used in electrochemistry", "pi times radius squared"), so that
 * it follows "is" ("Nuclear binding energy is the energy released when …").
 */
function namesByPhrase(a: AnswerParts): boolean {
  const first = a.tokens[0];
  if (!first || !(/^(?:a|an|the)$/.test(first.lower) || (/^[a-z]/.test(first.text) && (first.pos === "NOUN" || first.pos === "ADJ"))))
    return false;
  const end = a.tokens.findIndex(
    (t) => t.text === "," || /^(?:which|that|who|whom|whose|when|where|while|if|because|whether|so)$/.test(t.lower),
  );
  const phrase = end < 0 ? a.tokens : a.tokens.slice(0, end);
  // "a test of whether a machine can …": the clause's verb comes after the noun phrase's own words.
  if (a.finiteVerb >= phrase.length && end > 1 && first.pos === "DET") return !phrase.some((t) => t.pos === "VERB" || t.pos === "AUX");
  if (a.tokens[a.finiteVerb]?.pos !== "VERB" || a.finiteVerb >= phrase.length) return false;
  // (A gerund after a preposition is a noun: "the technique of caching the results …".)
  return phrase.every(
    (t, i) =>
      (t.pos !== "VERB" && t.pos !== "AUX") ||
      (i > 0 &&
        (/(?:ed|en|ing)$/.test(t.lower) || pastParticiple(t.lemma) === t.lower) &&
        ["NOUN", "ADJ", "CCONJ", "VERB"].includes(phrase[i - 1].pos)) ||
      (i > 0 && /ing$/.test(t.lower) && phrase[i - 1].pos === "ADP") ||
      phrase[i - 1]?.lower === "to",
  );
}

/**
 * An answer the tagger read as a clause that is a noun phrase: one that namesByPhrase accepts, one whose "verb" is inside a hyphenated
 * word ("the chi-squared distribution", "the 3-SAT problem"), or a short one ending in a bare verb form that cannot agree with the singular
 * noun before it ("the Mandelbrot set", "IPv6 address").
 */
function readsAsNounPhrase(a: AnswerParts): boolean {
  if (namesByPhrase(a)) return true;
  const v = a.tokens[a.finiteVerb];
  const before = a.tokens[a.finiteVerb - 1];
  if (!v || !before || v.pos !== "VERB") return false;
  if (before.text === "-") return true;
  return (
    a.finiteVerb === a.tokens.length - 1 &&
    a.tokens.length <= 4 &&
    v.lower === v.lemma &&
    (before.pos === "NOUN" || before.pos === "PROPN") &&
    !/s$/.test(before.lower) &&
    a.tokens.slice(0, a.finiteVerb).every((t) => ["DET", "NOUN", "PROPN", "ADJ", "NUM"].includes(t.pos))
  );
}

/** "What is X [called]?", "Who was X?", "How old is X?", "What type of star is X?" */
function beComplementRealize(
  wh: WhPhrase,
  be: Token,
  questionSubject: readonly Token[],
  questionTail: readonly Token[],
  a: AnswerParts,
): Realized {
  const doubts: string[] = [];
  // "What is the derivative of x squared?", "Who was the leader of the Soviet Union when it collapsed?": a lone participle that names
  // nothing ("What is X called?" does) belongs to the subject.
  const lone = questionTail.length === 1 && /ed$/.test(questionTail[0].lower) && !NAMING_TAIL.test(questionTail[0].lower);
  const subjectTokens = lone ? [...questionSubject, ...questionTail] : questionSubject;
  const tail = lone ? [] : questionTail;
  // The subject ends before a subordinate clause ("How old was Mozart when he wrote …"; not "for", a preposition the tagger may call a
  // conjunction: "the chemical symbol for lead").
  const sub = subjectTokens.findIndex(
    (t, i) => i > 0 && ((t.pos === "SCONJ" && t.lower !== "for") || /^(?:when|while|if|after|before|because)$/.test(t.lower)),
  );
  let subject = sub > 0 ? subjectTokens.slice(0, sub) : subjectTokens;
  let after = sub > 0 ? text(subjectTokens.slice(sub)) : "";
  // "How far is X from Y?": "from Y" follows the measure.
  if (wh.measure && /^(?:far|close|near)$/.test(wh.measure)) {
    const from = subject.findIndex((t, i) => i > 0 && /^(?:from|to)$/.test(t.lower));
    if (from > 0) {
      after = [text(subject.slice(from)), after].filter((s) => s).join(" ");
      subject = subject.slice(0, from);
    }
  }
  // "What is the Holocaust also referred to as in Hebrew?": the naming participle goes after "is", its adjunct after the answer ("The
  // Holocaust is also referred to as the Shoah in Hebrew"); "What is the speed of sound … approximately?" → "… is approximately …".
  // "What is the term for a program that translates source code?" + "compiler": one of a kind named → "A program that … is called a
  // compiler".
  const termFor = tail.length === 0 && wh.word === "what" && wh.noun.length === 0 ? termForOne(subject, a) : undefined;
  if (termFor)
    return {
      sentence: `${capitalize(text(subject.slice(3)))} ${be.lower === "was" ? "was" : "is"} called ${termFor}`,
      rule: "wh-be:term-for",
      doubts,
    };
  // "What is kinetic energy proportional to?", "What is Bayes theorem also referred to as?": the parser left the predicate's preposition in
  // the subject; the predicate goes after "is" ("Kinetic energy is proportional to …").
  const predicate = wh.word === "what" && wh.noun.length === 0 && !after && !a.isClause ? predicateAtEnd(subject, tail) : undefined;
  if (predicate?.subject.some((t) => t.pos === "NOUN" || t.pos === "PROPN"))
    return {
      sentence: `${capitalize(text(predicate.subject))} ${be.lower === "'s" ? "is" : be.lower} ${text(predicate.predicate)} ${midSentence(a.text)}`,
      rule: "wh-be:predicative",
      doubts,
    };
  let tailTokens = tail;
  const naming = tail.length === 0 && wh.noun.length === 0 && !after ? namingParticiple(subject) : undefined;
  if (naming) {
    tailTokens = subject.slice(naming.start, naming.end);
    after = text(subject.slice(naming.end));
    subject = subject.slice(0, naming.start);
  }
  let x = text(subject);
  const beText = be.lower === "'s" ? "is" : be.lower === "'re" ? "are" : be.lower;
  let tailText = text(tailTokens);
  // "What is sound a type of?" → subject "sound", and "a type of" goes after the verb.
  if (tailTokens.length > 0 && tailTokens.every((t) => t.pos === "ADP") && subject.length > 1) {
    const split = splitBe(subject, be, false, 0);
    if (split.subject.length > 0 && split.rest.length > 0 && split.rest[0].pos === "DET") {
      x = text(split.subject);
      tailText = `${text(split.rest)} ${tailText}`;
      subject = [...split.subject];
    } else if (BARE_BEFORE_PREPOSITION.has(subject[subject.length - 1].lower)) {
      // "Which art movement was Piet Mondrian part of?" → "Piet Mondrian was part of De Stijl".
      tailText = `${subject[subject.length - 1].text} ${tailText}`;
      subject = subject.slice(0, -1);
      x = text(subject);
    }
  }
  // "What is the role of white blood cells?" + "fight infection" (or "filters blood …") → "White blood cells fight infection."
  const role = roleVerbPhrase(subject, a);
  if (role) return { sentence: role, rule: "wh-be:role", doubts };
  // "Augustus was." / "Yuri Gagarin was the first." to "Who was the first man in space?": the answer's subject, be, and the question's
  // subject.
  const cut = !tailText && a.isClause ? (auxEllipsis(a) ?? complementEllipsis(a, subject)) : undefined;
  if (cut && a.tokens[a.finiteVerb].lemma === "be") {
    const verb = a.tokens[a.finiteVerb].lower === "'s" ? "is" : a.tokens[a.finiteVerb].lower;
    // ("Edmund Hillary and Tenzing Norgay were the first": two people are "the first people to climb Everest".)
    const said = /^(?:are|were)$/.test(verb)
      ? midSentence(x).replace(PERSON_AFTER_ORDINAL, (_m, before: string, noun: string) => `${before}${PERSON_PLURAL[noun]}`)
      : midSentence(x);
    return {
      sentence: followedBy([text(cut.subject), verb, said, after].filter((s) => s !== "").join(" "), cut.after),
      rule: "wh-be:ellipsis",
      doubts,
    };
  }
  // ("What is another name for the harmonica?" + "It's also called a mouth organ.": what it is called is the name itself, "Another name for
  // the harmonica is a mouth organ.")
  const namedAsCalled =
    subject.some((t) => /^(?:name|nickname|term|word)$/.test(t.lower)) && subject.some((t) => /^(?:for|of)$/.test(t.lower))
      ? /^(?:it|this|that)(?:['’]s| is| was)(?: (?:also|sometimes|often|usually|commonly|generally))? (?:called|known as|named|nicknamed) (.+?)[.!]?$/i.exec(
          a.text,
        )
      : null;
  if (namedAsCalled && !a.rest)
    return {
      sentence: `${capitalize(x)} ${beText} ${tailText ? `${tailText} ` : ""}${namedAsCalled[1]}`,
      rule: "wh-be:called-name",
      doubts,
    };
  if (a.isClause && !namesByPhrase(a)) {
    const dummy = predicateOfDummySubject(a);
    if (!dummy) {
      // "What was the significance of the Peace of Westphalia?" + "it ended …": "it" is the Peace, not its significance.
      const of = subject.findIndex((t) => t.lower === "of");
      // (Without the unit the question asks in: "the freezing point of water in Fahrenheit" + "It freezes at 32 °F" is said of water.)
      const abstract = of > 0 && ABSTRACT_HEAD.test(subject[of - 1].lower) ? withoutUnitAsked(subject.slice(of + 1)) : subject;
      const reason = reasonThatClause(subject, a);
      if (reason) return { sentence: reason, rule: "wh-be:reason-that", doubts };
      // "What are the properties of photons?" + "they have …": not the properties themselves; one of them is stated (below).
      const several = beText === "are" && !tailText && pluralPropositionHead(subject) > 0;
      const resolved = abstract === subject && several ? undefined : (resolvePronoun(a, abstract) ?? demonstrativeSubject(a, abstract));
      if (resolved) return { sentence: resolved, rule: "wh-be:pronoun", doubts };
      const ones = oneForQuestionNoun(a, subject);
      if (ones) return { sentence: ones, rule: "wh-be:one", doubts };
      // "What's the best way to store fresh herbs?" + "The best way is to …": the answer's subject cut short is the question's.
      const v = a.finiteVerb;
      const words = (xs: readonly Token[]) => xs.filter((t) => /\w/.test(t.text)).map((t) => t.lower);
      const own = words(a.tokens.slice(0, v));
      const asked = words(subject);
      if (v >= 2 && a.tokens[v].lemma === "be" && own.length >= 2 && own.length < asked.length && own.every((w, i) => asked[i] === w))
        return { sentence: `${capitalize(x)} ${text(a.tokens.slice(v))}`, rule: "wh-be:subject-ellipsis", doubts };
      const subjectHead = headNoun(subject);
      if (restates(a.tokens, subject) && (!subjectHead || a.tokens.some((t) => t.lemma === subjectHead.lemma)))
        return { sentence: a.text, rule: "wh-be:sentence", doubts };
      const head = headNoun(subject);
      // "What is the first law of thermodynamics?" + a clause → "The first law of thermodynamics states that …" ("Ohm's law": the head after
      // the possessive).
      const stated = statedHead(subject);
      if (stated && STATING_HEAD.test(stated.lower) && !tailText)
        return {
          sentence: `${capitalize(x)} ${/s$/.test(stated.lower) && stated.lemma !== stated.lower ? "state" : "states"} that ${midSentence(a.text)}`,
          rule: "wh-be:states-that",
          doubts,
        };
      // "What are the properties of X?", "What are the key features of X?", "What are the conditions for X?" + one clause → "One property
      // of X is that …".
      const k = pluralPropositionHead(subject);
      const noun = subject[k];
      if (several)
        return {
          sentence: `One ${[...subject.slice(1, k).map((t) => t.text), noun.lemma].join(" ")} ${text(subject.slice(k + 1))} is that ${midSentence(a.text)}`,
          rule: "wh-be:one-of-that",
          doubts,
        };
      if (head && isPropositionHead(head) && !tailText)
        return { sentence: `${capitalize(x)} ${beText} that ${midSentence(a.text)}`, rule: "wh-be:that-clause", doubts };
      const afterFronted = pronounAfterFrontedClause(a, subject);
      if (afterFronted) return { sentence: afterFronted, rule: "wh-be:fronted-pronoun", doubts };
      const whole = subjectSaidWhole(a, subject);
      if (whole) return { sentence: whole, rule: "wh-be:subject-whole", doubts };
      return clauseAnswer(a, undefined, "wh-be", doubts);
    }
  }
  const dummy = a.isClause ? predicateOfDummySubject(a) : undefined;
  const answerText = dummy ? dummy.text : a.text;
  const answerTokens = dummy ? dummy.tokens : a.tokens;
  if (wh.ofPhrase.length > 0) {
    // "What percentage of X is Y?" → "A of X is Y." ("About 95% of it": the answer's "of it" is the question's whole.)
    const portion = answerText.replace(/ of (?:it|them)$/i, "");
    return { sentence: `${capitalize(portion)} of ${text(wh.ofPhrase)} ${beText} ${x}`, rule: "wh-be:portion", doubts };
  }
  // "What are the types of immunity?" + one item → "One type of immunity is innate immunity."
  const plainSubject =
    subject[0]?.lower === "the" &&
    subject.length >= 3 &&
    subject[1].pos === "NOUN" &&
    /s$/.test(subject[1].lower) &&
    subject[1].lemma !== subject[1].lower &&
    subject[2]?.lower === "of";
  // Several items for "What are the X of Y?" name some of them: "X of Y include A and B" (CAP-Statements' convention);
  // a number ("the three primary colors") makes the list complete: "are".
  const counted = subject
    .slice(0, 3)
    .some((t) => t.pos === "NUM" || /^(?:two|three|four|five|six|seven|eight|nine|ten|both)$/.test(t.lower));
  if (
    plainSubject &&
    (beText === "are" || beText === "were") &&
    !tailText &&
    a.plural &&
    !a.isClause &&
    // (Not a list with its own verb, which the analysis misses past the commas: "Thirst, dark urine and dizziness are the most common.")
    !/ (?:are|were) /.test(answerText) &&
    wh.word === "what" &&
    wh.noun.length === 0 &&
    !counted
  ) {
    return {
      sentence: `${capitalize(text(subject.slice(1)))} ${beText === "were" ? "included" : "include"} ${midSentence(answerText)}`,
      rule: "wh-be:include",
      doubts,
    };
  }
  // "What were the main causes of World War I?" + one cause → "One main cause of World War I was …": the adjectives stay with the noun.
  // "What are/were the …s of …?" asked of one thing: the statement names it as one of them.
  const oneOfPlural =
    (beText === "are" || beText === "were") && !tailText && !a.plural && !a.isClause && wh.word === "what" && wh.noun.length === 0;
  const graded = gradedPluralHead(subject);
  if (graded > 0 && oneOfPlural) {
    const noun = subject[graded];
    return {
      sentence: `One ${text(subject.slice(1, graded))} ${noun.lemma} ${text(subject.slice(graded + 1))} ${beText === "were" ? "was" : "is"} ${midSentence(answerText)}`,
      rule: "wh-be:one-of",
      doubts,
    };
  }
  if (plainSubject && oneOfPlural) {
    return {
      sentence: `One ${subject[1].lemma} ${text(subject.slice(2))} ${beText === "were" ? "was" : "is"} ${midSentence(withArticle([subject[1], ...subject.slice(2)], answerText, answerTokens))}`,
      rule: "wh-be:one-of",
      doubts,
    };
  }
  // "Which is an example of light being reflected?" + a phrase: "which" asks for the subject ("Looking into a mirror is an example of …").
  if (wh.word === "which" && wh.noun.length === 0 && !tailText && !after && !a.isClause && subject[0]?.pos === "DET")
    return { sentence: `${capitalize(answerText)} ${beText} ${midSentence(x)}`, rule: "wh-be:which", doubts };
  const restated = wh.word === "what" && wh.noun.length === 0 && !tailText && !after ? restatedHead(subject, answerTokens) : undefined;
  if (restated) return { sentence: `${capitalize(x)} ${restated}`, rule: "wh-be:restated-head", doubts };
  let slot = slotPhrase(wh, answerText, answerTokens);
  if (slot === answerText && (wh.word === "what" || wh.word === "which") && !wh.measure)
    slot = withArticle(subject, answerText, answerTokens);
  if (
    slot === answerText &&
    wh.word === "what" &&
    wh.noun.length === 0 &&
    !tailText &&
    isDefinedTerm(subject) &&
    namesAnEvent(answerTokens)
  )
    slot = `the ${answerText}`;
  // "A group of stars forming a pattern is called a constellation", "The term for … is a monopoly": a name for one thing of a kind takes
  // "a".
  // "What type of galaxy is the Milky Way?" + "spiral" → "a spiral galaxy".
  const head = wh.noun[wh.noun.length - 1];
  if (wh.typeOf && slot !== answerText && head && head.lemma === head.lower && !/^(?:a|an|the)\b/i.test(slot) && !/s$/.test(head.lower))
    slot = `${indefiniteArticle(slot)} ${midSentence(slot, head.lemma)}`;
  // "What is a group of stars forming a pattern called?" + "constellation": one of a kind is called "a constellation".
  if (slot === answerText && /\bcalled$/.test(tailText)) slot = calledName(subject, answerText, answerTokens);
  if (wh.word === "where") slot = placePhrase(slot, answerTokens);
  else if (wh.word === "when") slot = timePhrase(slot);
  else if (wh.measure) {
    const adj = wh.measure;
    const ends = new RegExp(`\\b${adj}$`, "i").test(slot);
    // A bare age takes its unit ("32" → "32 years old"); a bare number for another measure stays bare.
    if (adj === "old" && /^(?:about |around |almost |nearly )?\d+(?:\.\d+)?$/.test(slot)) slot = `${slot} years old`;
    // (Not after a definite phrase: "the distance light travels in one year" says what a light-year is, not how long.)
    else if (POST_MEASURE.has(adj) && !ends && !cachedRegExp(`\\b${adj}\\b`, "i").test(slot) && !/^the\s/i.test(slot)) {
      // ("About 1,085 metres at its highest point" → "about 1,085 metres tall at its highest point": the adjective follows the measure.)
      const measure = LEADING_MEASURE.exec(slot);
      // ("About 2.5 meters off the floor": a measure from a point says the height itself.)
      const fromPoint = measure && /^\s+(?:off|above|below|beneath|under|from)\s/i.test(slot.slice(measure[0].length));
      // ("About 7.3 metres (roughly 24 feet)" → "about 7.3 metres (roughly 24 feet) long": the measure's conversion in brackets stays
      // with it, as seven of eight references write it.)
      const converted = measure ? /^\s*\([^()]*\d[^()]*\)/.exec(slot.slice(measure[0].length)) : null;
      const measured = measure && converted ? measure[0] + converted[0] : measure?.[0];
      if (!fromPoint)
        slot =
          measured && (converted || MEASURE_ADJUNCT.test(slot.slice(measured.length)))
            ? `${measured} ${adj}${slot.slice(measured.length)}`
            : `${slot} ${adj}`;
    }
  }
  if (wh.prep && !(answerTokens[0]?.pos === "ADP")) slot = `${prepositionOfPlace(wh.prep.lower, wh)} ${slot}`;
  // "What is the best way to store fresh herbs?" + "Treat them like flowers": a way is said with "to" before the instruction.
  if (
    tailText === "" &&
    slot === answerText &&
    subject.some((t, k) => t.lemma === "way" && subject[k + 1]?.lower === "to") &&
    isInstruction(withAnswerFields(analyzeAnswer(answerText), {}))
  )
    slot = `to ${answerText[0].toLowerCase()}${answerText.slice(1)}`;
  // "Who was emperor of France …?" → "The emperor of France … was …".
  const bare =
    subject[0] &&
    subject[0].pos === "NOUN" &&
    /^[a-z]/.test(subject[0].text) &&
    subject[1]?.lower === "of" &&
    subject[0].lemma === subject[0].lower;
  // The answer is an instance of the wh-phrase's noun, or else of the subject's ("What is the largest planet?" + "Jupiter").
  // ("What is the name of Tintin's dog?" + "Snowy": a name keeps its capital; "the name of the process …" asks a term.)
  const named = /^(?:the )?(?:nick)?name of (?:[A-Z]|\S+['’]s?\s|the (?:first|last|only|famous|\w+est)\b)/i.test(x);
  const kind = wh.noun.at(-1)?.lemma ?? (tailText ? undefined : headNoun(subject)?.lemma);
  // "What is a hammer used for?" + "to drive nails": a purpose or a role says what "for" asked.
  if (FOR_ANSWERED.test(slot)) tailText = tailText.replace(/\s*\bfor$/, "");
  // "What was the Great Wall built for?" + "Mainly for defense": the answer says the stranded preposition itself, after its adverb.
  const stranded = /\b(for|on|in|at|from|to|with|by|about|into)$/.exec(tailText)?.[1];
  if (stranded && cachedRegExp(`^(?:[a-z]+ly )?${stranded}\\s`, "i").test(slot)) tailText = tailText.slice(0, -stranded.length).trimEnd();
  // ("Which continent are the Atlas Mountains on?" + "Africa": "in Africa".)
  else if (stranded && /^[A-Z]/.test(slot) && prepositionOfPlace(stranded, wh) !== stranded)
    tailText = `${tailText.slice(0, -stranded.length)}${prepositionOfPlace(stranded, wh)}`;
  // ("Who was emperor when Vesuvius erupted?" + "Titus": an office without an article is said of the answer, "Titus was emperor when …".)
  const office = wh.word === "who" && !tailText && subject.length === 1 && subject[0].pos === "NOUN" && /^[a-z]+$/.test(subject[0].text);
  if (office) return { sentence: [capitalize(slot), beText, x, after].filter((s) => s !== "").join(" "), rule: "wh-be:office", doubts };
  // (So does a team's or a people's plural name: "the Springboks".)
  const lowered = NAME_THEN_COMMON_NOUN.test(slot) || /^The [A-Z][a-z]+[a-rt-z]s[.!]?$/.test(slot);
  const said = named ? (lowered ? `t${slot.slice(1)}` : slot) : midSentence(slot, kind);
  const parts = [bare ? `The ${x}` : capitalize(x), beText, tailText, said, after].filter((s) => s !== "");
  return { sentence: parts.join(" "), rule: "wh-be", doubts };
}

/**
 * "What is a buffer solution?" + "a solution that resists changes in pH": the answer's head only repeats the term's own head, so its
 * relative clause is said of the term ("A buffer solution resists changes in pH"). The clause's words, or undefined when the answer is
 * not "[a|an|the] <the term's head> that <verb> …".
 */
function restatedHead(subject: readonly Token[], answer: readonly Token[]): string | undefined {
  if (subject.some((t) => t.lower === "of")) return undefined;
  const head = headNoun(subject);
  const k = answer[0]?.pos === "DET" ? 1 : 0;
  const noun = answer[k];
  const verb = answer[k + 2];
  if (!head || !noun || answer[k + 1]?.lower !== "that" || !verb || noun.lower !== head.lower) return undefined;
  // A finite verb: an auxiliary or modal ("cannot be expressed"), or an inflected verb ("resists", "absorbed").
  if (!(verb.pos === "AUX" || (verb.pos === "VERB" && verb.lower !== verb.lemma && !/ing$/.test(verb.lower)))) return undefined;
  return joinTokens(answer.slice(k + 2));
}

/**
 * A noun phrase and a final intransitive verb, with an adjective or adverb after it, that the tagger did not read as a clause ("pH
 * decreases", "The oil and water remain separate"): what happens, said as a clause.
 */
function statesChange(tokens: readonly Token[]): boolean {
  const v = tokens.length - (["ADJ", "ADV"].includes(tokens[tokens.length - 1]?.pos ?? "") ? 2 : 1);
  const verb = tokens[v];
  if (v < 1 || !verb || !canBeVerb(verb.lemma) || /(?:ing|ed|en)$/.test(verb.lower) || !["NOUN", "PROPN"].includes(tokens[v - 1].pos))
    return false;
  const third = /[^s]s$/.test(verb.lower) && verb.lemma !== verb.lower;
  if (!third && !(verb.pos === "VERB" && verb.lower === verb.lemma)) return false;
  return tokens.slice(0, v).every((t, i) => ["NOUN", "PROPN", "ADJ", "CCONJ"].includes(t.pos) || (i === 0 && t.pos === "DET"));
}

/**
 * A phrase that states something although the tagger found no clause in it: an equation ("log(ab) = log(a) + log(b)"), "there is …", a
 * condition with its own verb ("if two rows are identical, …"), or a noun followed by an inflected verb and its object or complement ("the
 * derivative equals zero", "Germany lost territory").
 */
function readsAsProposition(tokens: readonly Token[]): boolean {
  if (tokens.some((t) => t.text === "=")) return tokens[0]?.pos !== "DET" && !tokens.some((t) => t.text === ":");
  return tokens.some((t, i) => {
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    if (!prev) return false;
    if (t.pos === "AUX" && /^(?:is|are|was|were)$/.test(t.lower)) return prev.lower === "there" || tokens[0].pos === "SCONJ";
    return (
      t.pos === "VERB" &&
      t.lower !== t.lemma &&
      !/(?:ing|ed|en)$/.test(t.lower) &&
      (prev.pos === "NOUN" || prev.pos === "PROPN" || prev.pos === "ADJ") &&
      next !== undefined &&
      ["DET", "NOUN", "NUM", "ADJ"].includes(next.pos)
    );
  });
}

/**
 * "the properties of X", "the key features of X", "the conditions for X": the index of the plural proposition noun after "the" and any
 * adjectives, followed by "of" or "for"; 0 when the subject is not so.
 */
function pluralPropositionHead(subject: readonly Token[]): number {
  if (subject[0]?.lower !== "the") return 0;
  let k = 1;
  while (subject[k]?.pos === "ADJ" && !/^(?:two|three|four|five|several|many|both|other)$/.test(subject[k].lower)) k++;
  const noun = subject[k];
  if (noun?.pos !== "NOUN" || !/s$/.test(noun.lower) || noun.lemma === noun.lower || !isPropositionHead(noun)) return 0;
  return subject[k + 1]?.lower === "of" || subject[k + 1]?.lower === "for" ? k : 0;
}

/**
 * "the main causes of X", "the key features of X": the index of the plural noun after "the" and one or more adjectives, followed by "of";
 * 0 when the subject is not so.
 */
function gradedPluralHead(subject: readonly Token[]): number {
  if (subject[0]?.lower !== "the") return 0;
  let k = 1;
  while (subject[k] && subject[k].pos === "ADJ" && !/^(?:two|three|four|five|several|many|both|other)$/.test(subject[k].lower)) k++;
  const noun = subject[k];
  if (k === 1 || !noun || noun.pos !== "NOUN" || !/s$/.test(noun.lower) || noun.lemma === noun.lower || subject[k + 1]?.lower !== "of")
    return 0;
  return k;
}

/**
 * "the term for a dry area …", "the name for land surrounded by water" (no adjective before "term", an indefinite or bare noun after
 * "for") answered with a bare count noun: the answer with "a" ("a rain shadow"); undefined otherwise (mass nouns, names, "the term for
 * the …", "the scientific term for …").
 */
function termForOne(subject: readonly Token[], a: AnswerParts): string | undefined {
  const named = subject[3];
  if (subject.length < 5 || subject[0].lower !== "the" || !/^(?:term|name|word)$/.test(subject[1].lower) || subject[2].lower !== "for")
    return undefined;
  if (!named || !(/^(?:a|an)$/.test(named.lower) || (/^[a-z]/.test(named.text) && (named.pos === "NOUN" || named.pos === "ADJ"))))
    return undefined;
  if (a.isClause || a.tokens.length === 0) return undefined;
  const last = a.tokens[a.tokens.length - 1];
  if (isUncountable(last.lower) || MASS_SUFFIX.test(last.lower)) return undefined;
  const member = nameForOne(a.text, a.tokens);
  return member === a.text ? undefined : member;
}

/** Adjectives that take a preposition after "is" and that the tagger may call nouns ("proportional to", "equivalent to"). */
const PREDICATIVE = /^(?:proportional|equal|equivalent|similar|identical|analogous|parallel|perpendicular|related|opposite|comparable)$/;

/**
 * A subject the parser ended with a preposition ("kinetic energy proportional to", "Bayes theorem also referred to" + "as") or a naming
 * participle ("mutually exclusive events also called"): the words before the predicate, and the predicate (adverbs, an adjective or participle, prepositions) that goes after "is"; undefined otherwise.
 */
function predicateAtEnd(subject: readonly Token[], tail: readonly Token[]): { subject: Token[]; predicate: Token[] } | undefined {
  const preposition = (t: Token | undefined) =>
    t !== undefined && (t.pos === "ADP" || t.pos === "PART") && /^(?:to|as|of|for|with|by|from)$/.test(t.lower);
  const all = [...subject, ...tail];
  // "mutually exclusive events also called": a final naming participle needs no preposition.
  const named = tail.length === 0 && NAMING_TAIL.test(all[all.length - 1]?.lower ?? "");
  if (!named && (!preposition(subject[subject.length - 1]) || !tail.every(preposition))) return undefined;
  let k = all.length - 1;
  while (k > 0 && preposition(all[k])) k--;
  const word = all[k];
  if (!(word.pos === "ADJ" || PREDICATIVE.test(word.lower) || (word.pos === "VERB" && /(?:ed|en)$/.test(word.lower)))) return undefined;
  while (k > 1 && all[k - 1].pos === "ADV" && /(?:^also|^most|ly)$/.test(all[k - 1].lower)) k--;
  const head = all.slice(0, k);
  if (head.length === 0 || preposition(head[head.length - 1])) return undefined;
  return { subject: head, predicate: all.slice(k) };
}

/** Participles that end a "What is X …?" question and name what follows ("What is a baby kangaroo called?"). */
const NAMING_TAIL = /^(?:called|named|known|termed|titled|nicknamed|dubbed|abbreviated|denoted|labelled|labeled)$/;

const NAMING_PARTICIPLE = /^(?:called|known|referred|denoted|described|named|termed|abbreviated|written|expressed|represented)$/;
const HEDGE = /^(?:approximately|roughly|about|exactly|usually|typically|normally)$/;

/**
 * Where a naming participle ("also referred to as", "commonly called") or a final hedge ("approximately") sits inside the subject the
 * parser found, with its adverbs, "to", "as" and a following gerund; undefined when there is none.
 */
function namingParticiple(subject: readonly Token[]): { start: number; end: number } | undefined {
  const last = subject.length - 1;
  if (last >= 2 && subject[last].pos === "ADV" && HEDGE.test(subject[last].lower)) return { start: last, end: last + 1 };
  const k = subject.findIndex((t, i) => i > 0 && t.pos === "VERB" && NAMING_PARTICIPLE.test(t.lower));
  if (k < 1) return undefined;
  let start = k;
  while (start > 1 && subject[start - 1].pos === "ADV") start--;
  let end = k + 1;
  while (end < subject.length && /^(?:to|as)$/.test(subject[end].lower)) end++;
  if (end < subject.length && /ing$/.test(subject[end].lower) && subject[end].pos === "VERB") end++;
  if (end < subject.length && subject[end].pos !== "ADP") return undefined;
  // ("the largest animal known": a final "known" with no "as" after it says which animals, not what the thing is known as.)
  if (subject[k].lower === "known" && end === subject.length) return undefined;
  return { start, end };
}

/** "What is electrolysis?", "What is reduction in chemistry?": the question asks what a bare term is, with no determiner of its own. */
function isDefinedTerm(subject: readonly Token[]): boolean {
  const first = subject[0];
  return first !== undefined && first.pos !== "DET" && first.pos !== "PRON" && /^[a-z]/.test(first.text);
}

/** Nouns before "of" that classify rather than name one event ("a type of", "a branch of"): they take "a", not "the". */
const CLASSIFIER_NOUNS = wordSet(
  "type kind sort form variety part piece unit measure branch set group number amount lot member example instance state way means",
  "system method process field area study science mixture collection series class category",
);

/**
 * A definition that names one event or change of something ("loss of electrons", "splitting of a heavy nucleus", "delivery of computing
 * services") takes "the": its first word is a singular common noun followed by "of", and not a classifier ("branch of biology").
 */
function namesAnEvent(tokens: readonly Token[]): boolean {
  const [head, of] = tokens;
  if (!head || of?.lower !== "of" || !/^[a-z]/.test(head.text)) return false;
  if (head.pos !== "NOUN" && !(head.pos === "VERB" && /ing$/.test(head.lower))) return false;
  return head.lemma === head.lower && !CLASSIFIER_NOUNS.has(head.lower) && !isUncountable(head.lower);
}

/** "Chamonix, France", "Basel, Switzerland": a name and, after a comma, a place the lexicons know that it is in. */
function inPlace(subject: string): boolean {
  const m = /^[A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*)*, ([A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*)*)$/.exec(subject);
  return m !== null && isProperWord(m[1].toLowerCase());
}

/** "… is probably his best known": a work said to be its maker's best known, the maker a pronoun. */
const BEST_KNOWN =
  /^(.+? (?:is|was|are|were) (?:probably |perhaps |likely |arguably |easily )?)(?:his|her|their) ((?:best[- ]known|most famous|most celebrated|greatest|finest|most popular)(?: one)?)\b([\s\S]*)$/i;

/** Subjects that stand for anyone: "What do you call …?" asks what a thing is called. */
const GENERIC_SUBJECT = /^(?:you|we|people|one)$/;

/**
 * "What do you call a baby kangaroo?" + "a joey" → "A baby kangaroo is called a joey." (issue 23,
 * part 1: a second-person question becomes impersonal); undefined for any other question or a clause answer.
 */
function calledRealize(wh: WhPhrase, d: Declarative, answer: AnswerParts): Realized | undefined {
  // "It's called an octagon." says the same as "an octagon".
  const said = answer.isClause ? /^(?:it|they)(?:'s| is| are|'re) (?:usually |also |often )?called (.+?)[.!]?$/i.exec(answer.text) : null;
  const a = said ? analyzeAnswer(said[1]) : answer;
  if (wh.word !== "what" || wh.noun.length > 0 || a.isClause || d.verb?.lemma !== "call" || d.negated || d.preVerb.length > 0)
    return undefined;
  if (d.subject.length !== 1 || !GENERIC_SUBJECT.test(d.subject[0].lower) || !/^(?:do|does|did|would)$/.test(d.aux.lower)) return undefined;
  const object = withoutMarks(d.rest);
  // (Not a pronoun that stands for something else, but one for anyone: "someone who studies rocks".)
  if (
    object.length === 0 ||
    (object[0].pos === "PRON" && !/^(?:someone|somebody|something|anyone|anybody|anything)$/.test(object[0].lower))
  )
    return undefined;
  // (The number of the object's own noun phrase: "the line where the sky seems to meet the land" is one line.)
  const head = nounPhraseEnd(object, 0);
  const plural = isPluralPhrase(head > 0 ? object.slice(0, head) : object);
  const be = d.aux.lower === "did" ? (plural ? "were" : "was") : plural ? "are" : "is";
  const name = calledName(object, a.text, a.tokens);
  return { sentence: `${capitalize(text(object))} ${be} called ${midSentence(name)}`, rule: "wh-inverted:called", doubts: [] };
}

/**
 * The name after "X is called": "a" for one of a kind ("A polygon with three sides is called a triangle"), "the" for the one thing a
 * definite X names ("The layer of gases surrounding Earth is called the atmosphere"); mass nouns ("plasma", "subduction"), names and
 * plurals stay bare.
 */
const ABSTRACT_NAMED =
  /^(?:process|ratio|fear|rate|study|transfer|transport|change|loss|gain|flow|ability|tendency|use|act|art|practice|technique|method|style|craft|skill|science|sport|game|cuisine|language|movement|philosophy|belief|theory|condition|disease|phenomenon)$/;

function calledName(named: readonly Token[], answer: string, tokens: readonly Token[]): string {
  // ("What are baby frogs called?" + "Tadpoles": the name of plural things is a common noun's plural, whatever the lexicons know of it.)
  const term = /^[A-Z][a-z]{3,}s$/.test(answer.trim()) && isPluralPhrase(named) && looksPlural(answer.trim().toLowerCase());
  if (term && !isProperWord(answer.trim().toLowerCase())) return answer.trim().toLowerCase();
  if (isIndefinite(named)) return nameForOne(answer, tokens);
  const last = tokens[tokens.length - 1];
  // A process, ratio or feeling is named bare ("The fear of spiders is called arachnophobia", "… is also called efficiency").
  const head = headNoun(named);
  if (!head || ABSTRACT_NAMED.test(head.lower) || MASS_SUFFIX.test(head.lower)) return answer;
  if (named[0]?.lower !== "the" || !last || isUncountable(last.lower) || MASS_SUFFIX.test(last.lower)) return answer;
  const one = nameForOne(answer, tokens);
  return one === answer ? answer : `the ${answer}`;
}

/** "a group of stars …", "an equation of the form …": a phrase about any one thing of a kind. */
function isIndefinite(phrase: readonly Token[]): boolean {
  return phrase[0] !== undefined && /^(?:a|an)$/.test(phrase[0].lower);
}

/**
 * The name of one thing of a kind as a bare singular common noun takes "a" ("A polygon with three sides is called a triangle"); names,
 * plurals, mass nouns ("plasma", "refraction"), adjectives ("alkaline") and answers with a determiner of their own stay as they are.
 */
function nameForOne(answer: string, tokens: readonly Token[]): string {
  const first = tokens[0];
  if (!first || tokens.length > 4 || !/^[a-z]/.test(first.text) || tokens.some((t) => t.lower === "and" || t.text === ",")) return answer;
  if (["DET", "PRON", "NUM", "ADP", "PUNCT", "SYM"].includes(first.pos)) return answer;
  // The last word is the head ("even number", whose "number" is tagged a verb); a kind said with "a" in the question is countable, so a
  // "-tion" word names one of it too ("a constellation", "a cation").
  const head = tokens[tokens.length - 1];
  if (
    !["NOUN", "VERB"].includes(head.pos) ||
    isPluralPhrase(tokens) ||
    isUncountable(head.lower) ||
    /(?:ing|ism|ogy|sis|ics|phobia|philia|itis|graphy)$/.test(head.lower)
  )
    return answer;
  if (tokens.length === 1 && canBeAdjective(head.lower)) return answer;
  return `${indefiniteArticle(answer)} ${answer}`;
}

/**
 * True where a base verb is followed by a participle and its noun, which the tagger reads as a clause with the verb for its subject:
 * "mix coarsely ground coffee", "add finely chopped onion", "pour boiled water".
 */
function participleObject(tokens: readonly Token[]): boolean {
  let k = 1;
  while (tokens[k]?.pos === "ADV") k++;
  const participle = tokens[k];
  return (
    tokens[0].lower === tokens[0].lemma &&
    participle?.pos === "VERB" &&
    participle.lower !== participle.lemma &&
    !/(?:s|ing)$/.test(participle.lower) &&
    /^(?:NOUN|ADJ)$/.test(tokens[k + 1]?.pos ?? "")
  );
}

/** A phrase answer that is an instruction: a base-form verb first ("multiply by 0.62", "Boil water, …", "turn it off"). */
function isInstruction(a: AnswerParts): boolean {
  const v = a.tokens[0];
  // ("lower the screen brightness": a verb the tagger reads as a comparative adjective.)
  if (
    (a.isClause && !participleObject(a.tokens)) ||
    !v ||
    (v.lower !== v.lemma && !(v.pos === "ADJ" && canBeVerb(v.lower))) ||
    /(?:ing|ed)$/.test(v.lower)
  )
    return false;
  // A name is no instruction ("Mark Twain", "Don Juan Pond"): a capital, then another.
  if (/^[A-Z]/.test(v.text) && /^[A-Z]/.test(a.tokens[1]?.text ?? "") && v.pos !== "VERB") return false;
  // (The lexicon last: most answers fail on their second token.)
  return a.tokens[1] !== undefined && a.tokens[1].pos !== "AUX" && (v.pos === "VERB" || canBeVerb(v.lower));
}

/**
 * The asker's own words said to the one the instruction addresses ("if I've sprayed on too much perfume" → "if you've sprayed on too
 * much perfume"), so that the condition and the instruction speak of the same person.
 */
function askerAsAddressee(clause: string): string {
  const forms: Record<string, string> = { i: "you", "i've": "you've", "i'm": "you're", "i'd": "you'd", "i'll": "you'll" };
  // (The asker's "my" goes with the asker's "I": "if I burn my hand" → "if you burn your hand"; "if my car battery dies" stays for the
  // impersonal "a" of the statement.)
  const asker = /\bI\b/.test(clause);
  return clause.replace(/\b(?:I(?:['’](?:ve|m|d|ll))?|[Mm]y|me|myself)\b/g, (w) => {
    const key = w.toLowerCase().replace("’", "'");
    if (key === "my") return asker ? (w === "My" ? "Your" : "your") : w;
    return forms[key] ?? (key === "myself" ? "yourself" : "you");
  });
}

/**
 * "How do you calculate speed?" / "What can I do to fix it?" / "What should I do first?" asked by or
 * of anyone, answered with an instruction: "To calculate speed, divide the distance by the time.",
 * "To fix it, tighten the screws.", "First, turn it off." (impersonal, issue 23 part 1). Undefined otherwise.
 */
function instructionRealize(wh: WhPhrase, d: Declarative, a: AnswerParts): Realized | undefined {
  // (To "How do I …?" a capitalised verb before a name is an instruction too: "Press Windows key + Shift + S …".)
  const v = a.tokens[0];
  const named = wh.word === "how" && !a.isClause && v !== undefined && v.lower === v.lemma && canBeVerb(v.lower) && !isProperWord(v.lower);
  // "How is sparkling wine made …?" + "1. Make a still base wine. 2. …": the steps are how to make it ("To make sparkling wine …, make …").
  const made = d.rest[0];
  if (
    wh.word === "how" &&
    !wh.measure &&
    wh.noun.length === 0 &&
    !d.verb &&
    d.auxKind === "be" &&
    !d.negated &&
    made?.pos === "VERB" &&
    made.lemma !== made.lower &&
    d.subject.length > 0 &&
    !/^(?:it|they|he|she|this|that)$/.test(d.subject[0].lower) &&
    v?.pos === "VERB" &&
    isInstruction(a)
  ) {
    const purpose = text([{ ...made, text: made.lemma }, ...d.subject, ...withoutFinalPunctuation(d.rest.slice(1))]);
    return {
      sentence: `To ${midSentence(purpose)}, ${midSentence(a.text).replace(/[.!]+$/u, "")}`,
      rule: "wh-inverted:how-to",
      doubts: [],
    };
  }
  if (!d.verb || d.negated || d.subject.length !== 1 || !/^(?:you|i|we|one)$/.test(d.subject[0].lower)) return undefined;
  // "What should I do?" + "If it has feathers, …, so leave it alone.": the whole answer is what to do.
  if (
    wh.word === "what" &&
    wh.noun.length === 0 &&
    d.verb.lemma === "do" &&
    d.rest.every((t) => t.pos === "PUNCT") &&
    /^(?:if|when|unless|once|as long as|depending)\b/i.test(a.text)
  )
    return { sentence: a.text.replace(/[.!]+$/u, ""), rule: "wh-inverted:what-to-do", doubts: [] };
  if (!(isInstruction(a) || named)) return undefined;
  // (The question's quotes stay: "To say "good morning" in German, …"; so do marks inside a word: "24-hour time".)
  const rest = d.rest.filter(
    (t, i) =>
      t.pos !== "PUNCT" || (i < d.rest.length - 1 && (/^["“”'‘’]$/.test(t.text) || (i > 0 && t.pre === "" && d.rest[i + 1].pre === ""))),
  );
  const answer = (named ? `${a.text[0].toLowerCase()}${a.text.slice(1)}` : midSentence(a.text)).replace(/[.!]+$/u, "");
  if (wh.word === "how" && !wh.measure && wh.noun.length === 0) {
    const purpose = text([d.verb, ...rest]);
    return {
      sentence: `To ${purpose.toLowerCase() === purpose ? purpose : midSentence(purpose)}, ${answer}`,
      rule: "wh-inverted:how-to",
      doubts: [],
    };
  }
  if (wh.word !== "what" || wh.noun.length > 0 || d.verb.lemma !== "do") return undefined;
  if (rest.length === 0) return { sentence: answer, rule: "wh-inverted:what-to-do", doubts: [] };
  if (rest[0].lower === "to" && rest[1] && (rest[1].pos === "VERB" || canBeVerb(rest[1].lower)))
    return { sentence: `To ${text(rest.slice(1))}, ${answer}`, rule: "wh-inverted:what-to-do", doubts: [] };
  // "What should you do first?", "… if a pan of oil catches fire?": the adverb or the condition opens the instruction.
  if (
    rest.every((t) => t.pos === "ADV" || /^(?:first|next|then|now|instead)$/.test(t.lower)) ||
    /^(?:if|when|before|after)$/.test(rest[0].lower)
  ) {
    // ("If I get stung by a jellyfish" → "If stung by a jellyfish": the asker's passive said of anyone.)
    const condition = text(rest).replace(
      /^(if|when) (?:i|you|we) (?:get|got|am|'m|are|'re|was|were|have been|'ve been) (?=\w+(?:ed|en|ung|ten|ught|urt|ut|ost)\b)/i,
      "$1 ",
    );
    return { sentence: `${capitalize(askerAsAddressee(condition))}, ${answer}`, rule: "wh-inverted:what-to-do", doubts: [] };
  }
  // "What should I do with old batteries?" + "Recycle them at a supermarket." → "Recycle old batteries at a supermarket.": the thing
  // the question names takes the place of the instruction's first "it" or "them", else opens it ("With stale bread, make …").
  if (rest[0].lower === "with" && rest.length > 1) {
    const thing = text(rest.slice(1));
    const pronoun = /\b(?:it|them)\b/.exec(answer);
    const sentence = pronoun
      ? `${answer.slice(0, pronoun.index)}${thing}${answer.slice(pronoun.index + pronoun[0].length)}`
      : `With ${thing}, ${answer}`;
    return { sentence: capitalize(sentence), rule: "wh-inverted:what-to-do-with", doubts: [] };
  }
  return undefined;
}

/**
 * "You melt it, cool it and then gently rewarm it." to "How do you temper chocolate?", "You should cover it with a lid." to "What
 * should you do …?": an answer to "you" that tells "you" what to do is the instruction after its "you" (and modal).
 */
function youInstruction(a: AnswerParts): AnswerParts | undefined {
  const t = a.tokens;
  if (!a.isClause || t[0]?.lower !== "you") return undefined;
  let k = 1;
  if (/^(?:should|can|could|must|might|may|will|would)$/.test(t[k]?.lower ?? "")) k++;
  else if (/^(?:need|have|ought)$/.test(t[k]?.lower ?? "") && t[k + 1]?.lower === "to") k += 2;
  const verb = t[k];
  if (!verb || verb.lower !== verb.lemma || !(verb.pos === "VERB" || canBeVerb(verb.lower))) return undefined;
  return withAnswerFields(analyzeAnswer(text(t.slice(k))), { rest: a.rest, raw: a.raw });
}

/**
 * "What can you use to measure temperature?" + "a thermometer" → "A thermometer can be used to
 * measure temperature."; "Where can you see the Northern Lights?" → "The Northern Lights can be seen
 * in …": a question to anyone ("you", "one") is stated in the passive, without the asker (issue 23,
 * part 1). Undefined for other questions, clause answers and verbs without a passive.
 */
function impersonalRealize(wh: WhPhrase, d: Declarative, a: AnswerParts): Realized | undefined {
  // (The asker's "I" too: "What can I use instead of fabric softener?" + "White vinegar" → "White vinegar can be used instead …".)
  // ("What kind of fire should you never put out with water?": a modal's adverb stays before "be", "should never be put out".)
  const adverbs = d.auxKind === "modal" && d.preVerb.every((t) => t.pos === "ADV") ? d.preVerb : [];
  if (
    a.isClause ||
    !d.verb ||
    d.negated ||
    d.preVerb.length > adverbs.length ||
    d.subject.length !== 1 ||
    !/^(?:you|one|i)$/.test(d.subject[0].lower)
  )
    return undefined;
  if (/^(?:do|be|have|get|go|come|feel|become|live)$/.test(d.verb.lemma) || !canBeVerb(d.verb.lemma)) return undefined;
  const modal = d.auxKind === "modal" ? [d.aux.lower, ...adverbs.map((t) => t.lower)].join(" ") : undefined;
  const rest = withoutMarks(d.rest);
  const be = (plural: boolean) => (modal ? `${modal} be` : d.aux.lower === "did" ? (plural ? "were" : "was") : plural ? "are" : "is");
  const participle = pastParticiple(d.verb.lemma);
  if ((wh.word === "what" || wh.word === "which") && !wh.prep && !wh.measure && !asksTime(wh)) {
    // (A clause is no object: "Hard, closed-grain woods like maple … are the usual picks" says its own predicate, whatever the tagger read.)
    if (a.isClause || a.tokens.some((t) => t.pos === "AUX" && /^(?:is|are|was|were)$/.test(t.lower))) return undefined;
    // The answer is the verb's object only when no object follows the verb ("use to measure", not "use the scale to").
    // (So a time or condition after the verb: "What should you avoid when mixing muffin batter?")
    if (
      rest.length > 0 &&
      !(
        rest[0].lower === "to" ||
        rest[0].pos === "ADP" ||
        (rest[0].lower === "instead" && rest[1]?.lower === "of") ||
        // (For a noun phrase only: not an instruction, "Give a researched range", nor the answer's own "you should carry: …".)
        (/^(?:when|while|if|before|after|once|whenever)$/.test(rest[0].lower) &&
          !(a.tokens[0]?.pos === "VERB" && a.tokens[0].lower === a.tokens[0].lemma && !/ing$/.test(a.tokens[0].lower)) &&
          !a.tokens.some((t) => /^(?:you|i|we)$/.test(t.lower)))
      )
    )
      return undefined;
    // ("What should I use to clean …?" + "Use isopropyl alcohol, …": the answer's instruction with the question's purpose before it,
    // "To clean …, use isopropyl alcohol, …".)
    if (a.tokens[0]?.lemma === d.verb.lemma && a.tokens[0].lower === d.verb.lower && rest[0]?.lower === "to" && rest[1]?.pos === "VERB")
      return { sentence: `${capitalize(text(rest))}, ${midSentence(a.text)}`, rule: "wh-inverted:impersonal", doubts: [] };
    // ("An electrical one." for "What kind of fire …?": the wh-phrase's noun for "one".)
    const subject = wh.noun.length > 0 ? slotPhrase(wh, a.text, a.tokens) : a.text;
    return {
      sentence: [capitalize(subject), be(a.plural), participle, text(rest)].filter((x) => x !== "").join(" "),
      rule: "wh-inverted:impersonal",
      doubts: [],
    };
  }
  if (wh.word === "where" && !wh.prep) {
    const np = nounPhraseEnd(rest, 0);
    if (np <= 0) return undefined;
    // ("Where do I send my tax return to?" + "HMRC": the stranded "to" takes the place.)
    const stranded = np === rest.length - 1 && /^(?:to|from)$/.test(rest[np].lower) ? rest[np].lower : undefined;
    const object = rest.slice(0, np);
    return {
      sentence: [
        capitalize(text(object)),
        be(isPluralPhrase(object)),
        participle,
        stranded ? "" : text(rest.slice(np)),
        stranded
          ? `${stranded} ${new RegExp(`^${stranded}\\s`, "i").test(a.text) ? a.text.slice(stranded.length + 1) : a.text}`
          : midSentence(wherePhrase(a.text, a.tokens)),
      ]
        .filter((x) => x !== "")
        .join(" "),
      rule: "wh-inverted:impersonal",
      doubts: [],
    };
  }
  return undefined;
}

/**
 * The that-clause of an answer to "What does S V about X?" with X put for its pronoun subject ("that they are ellipses" → "that the
 * orbits of the planets are ellipses"), when the question's rest is only "about X" and the pronoun's number fits X; else undefined.
 */
function aboutThatClause(wh: WhPhrase, d: Declarative, answerText: string): string | undefined {
  if (wh.word !== "what" || !d.verb || d.rest[0]?.lower !== "about") return undefined;
  const topic = withoutMarks(d.rest.slice(1));
  // (A verb tag right after a determiner is a noun's: "the orbits".)
  const clauseInside = topic.some((t, k) => t.pos === "AUX" || t.pos === "SCONJ" || (t.pos === "VERB" && topic[k - 1]?.pos !== "DET"));
  if (topic.length === 0 || clauseInside) return undefined;
  const clause = /^that (it|they) (.+)$/i.exec(answerText.trim());
  if (!clause) return undefined;
  if ((clause[1].toLowerCase() === "they") !== isPluralPhrase(topic)) return undefined;
  return `that ${text(topic)} ${clause[2]}`;
}

/**
 * "does it take light from the Sun to reach Earth": the end of the noun phrase (its prepositional phrases included) that a dummy "it"
 * takes time for, before its infinitive; -1 for any other question.
 */
function dummyTake(d: Declarative): number {
  if (d.subject.length !== 1 || d.subject[0].lower !== "it" || d.verb?.lemma !== "take") return -1;
  // ("light/ADJ from the Sun": a word before a preposition is a noun, whatever its tag.)
  let np = d.rest[0]?.pos === "ADJ" && d.rest[1]?.pos === "ADP" ? 1 : nounPhraseEnd(d.rest, 0);
  while (np > 0 && d.rest[np]?.pos === "ADP" && d.rest[np].lower !== "to" && nounPhraseEnd(d.rest, np + 1) > np + 1)
    np = nounPhraseEnd(d.rest, np + 1);
  return np > 0 && d.rest[np]?.lower === "to" && d.rest[np + 1] !== undefined && !isTemporal(d.rest, 0) ? np : -1;
}

/** An answer to a stranded "for": a purpose ("to drive nails") or a role ("as currency"), which says what "for" asked. */
const FOR_ANSWERED = /^(?:to|as|like|in order to) \S/i;

/** The declarative without its stranded final "for" where `phrase` answers it (see FOR_ANSWERED), else `d` itself. */
function withoutAnsweredFor(d: Declarative, phrase: string): Declarative {
  return d.rest.at(-1)?.lower === "for" && FOR_ANSWERED.test(phrase) ? { ...d, rest: d.rest.slice(0, -1) } : d;
}

/** Verbs that say how something changes ("It gets shorter"): their answer keeps the question's complement ("… from summer to winter"). */
/** Verbs of effect, whose "how" an answer's own doing says: "affects fish by lowering …". */
const EFFECT_VERBS = wordSet("affect help protect harm benefit influence impact damage hurt");

const CHANGE_VERBS = wordSet("get become grow turn go increase decrease rise fall drop change shrink expand stay remain vary differ");

/** "By X, S mean that …" for "What do S mean by X?" answered "They mean that …"; else undefined. */
function meaningOf(wh: WhPhrase, d: Declarative, a: AnswerParts): string | undefined {
  if (wh.word !== "what" || d.verb?.lemma !== "mean" || d.rest[0]?.lower !== "by" || !a.isClause) return undefined;
  const t = a.tokens;
  if (a.finiteVerb !== 1 || t[1].lemma !== "mean" || !/^(?:they|he|she|we|it)$/.test(t[0].lower)) return undefined;
  const resolved = resolvePronoun(a, d.subject, subjectNumber(d));
  if (!resolved) return undefined;
  return `${capitalize(text(withoutFinalPunctuation(d.rest)))}, ${midSentence(resolved.replace(/[.!]+$/, ""))}`;
}

/** The answer with the question's "a/an" object for its "one" after the question's own verb ("It became one …"); else undefined. */
function oneForObject(d: Declarative, a: AnswerParts): AnswerParts | undefined {
  if (!d.verb || !a.isClause) return undefined;
  const t = a.tokens;
  const v = a.finiteVerb;
  if (t[v + 1]?.lower !== "one" || t[v].lemma !== d.verb.lemma || !/^(?:a|an)$/.test(d.rest[0]?.lower ?? "")) return undefined;
  const np = nounPhraseEnd(d.rest, 0);
  if (np <= 1) return undefined;
  const after = t.slice(v + 2);
  const said = `${text(t.slice(0, v + 1))} ${text(d.rest.slice(0, np))}${after.length > 0 ? `${/^[,.;:]/.test(after[0].text) ? "" : " "}${text(after)}` : ""}`;
  return withAnswerFields(analyzeAnswer(said), { rest: a.rest, raw: a.raw });
}

/**
 * Do-support, modal and be questions whose wh-phrase is an object or adjunct. `askerSpeaks`: the question's context is the asker's own
 * ("I have leftover egg whites …"), so its "I" stays in the statement.
 */
function invertedRealize(wh: WhPhrase, d: Declarative, answer: AnswerParts, askerSpeaks = false): Realized {
  const a = compoundNounAnswer(d, answer) ?? answer;
  const instruction = youInstruction(a);
  // "What does a red flag mean in Formula One?" + "A red flag in Formula One means that …": an answer that says the question's subject
  // and verb itself stands.
  if (
    d.verb &&
    (wh.word === "what" || wh.word === "which") &&
    d.subject.length > 0 &&
    d.subject[0].pos !== "PRON" &&
    // (The verb's object may be one word: "A thermometer measures temperature."; a pronoun subject is resolved below: "It means …".)
    a.tokens.length >= d.subject.length + 2 &&
    a.tokens[0].pos !== "PRON" &&
    restates(a.tokens.slice(0, d.subject.length + 4), [...d.subject, d.verb]) &&
    a.tokens.some((t) => t.lemma === d.verb?.lemma && t.lower !== t.lemma)
  )
    return { sentence: a.text, rule: "wh-inverted:stated", doubts: [] };
  // "What did the first photograph show?" + "The oldest surviving one, taken by …, shows the view …": a clause of the question's verb
  // with a subject of its own (not a pronoun) stands; its "one" gets the question's noun back (withOneNamed).
  if (
    d.verb &&
    (wh.word === "what" || wh.word === "which") &&
    wh.noun.length === 0 &&
    a.isClause &&
    a.finiteVerb > 1 &&
    a.finiteVerb <= 16 &&
    a.tokens[0].pos !== "PRON" &&
    a.tokens[a.finiteVerb].lemma === d.verb.lemma &&
    a.tokens[a.finiteVerb].lower !== d.verb.lemma &&
    a.tokens.slice(0, a.finiteVerb).some((t) => t.text === ",")
  )
    return { sentence: a.text, rule: "wh-inverted:stated", doubts: [] };
  const called =
    calledRealize(wh, d, a) ?? instructionRealize(wh, d, instruction ?? a) ?? (askerSpeaks ? undefined : impersonalRealize(wh, d, a));
  if (called) return called;
  // "How long should I rest a steak after cooking it?" + "Five to ten minutes": the asker's action said of its object ("A steak should be
  // rested five to ten minutes after cooking it").
  // (Only with an object right after the verb: "Where should I sit on a plane …?" has none.)
  if (
    !a.isClause &&
    !askerSpeaks &&
    wh.word !== "why" &&
    (wh.measure !== undefined || /^(?:when|where)$/.test(wh.word)) &&
    /^(?:i|we|you)$/.test(d.subject[0]?.lower ?? "") &&
    !["ADP", "ADV", "PART", "SCONJ", "PUNCT"].includes(d.rest[0]?.pos ?? "PUNCT") &&
    // (Not where the wh-phrase is the object: "How much water should we drink a day?" has none after the verb, only "a day".)
    !(wh.measure !== undefined && wh.noun.length > 0)
  ) {
    const passive = impersonalPassive(d);
    if (passive) {
      const r = invertedRealize(wh, passive, a);
      return { ...r, rule: `${r.rule}:impersonal` };
    }
  }
  // (Not for "What do you call …?": the impersonal rules read the phrase.)
  const personal = /^(?:you|we|i)$/.test(d.subject[0]?.lower ?? "") || /^(?:call|name)$/.test(d.verb?.lemma ?? "");
  // "What do economists mean by "moral hazard"?" + "They mean that …": what the question's "by" phrase means opens the statement ("By
  // "moral hazard", economists mean that …").
  const meant = meaningOf(wh, d, a);
  if (meant) return { sentence: meant, rule: "wh-inverted:meaning", doubts: [] };
  // "It became one in 27 BC" for "When did the Roman Republic become an empire?": "one" is the question's object.
  const whole = oneForObject(d, a);
  if (whole) return invertedRealize(wh, d, whole, askerSpeaks);
  // "Which side of the road do people drive on in Thailand?" + "In Thailand, people drive on the left side of the road.": the answer
  // says the question's subject, verb and the wh-phrase's noun itself.
  // (Whatever the tagger made of its verb: "People drive/NOUN on …".)
  const nouns = wh.noun.filter((t) => t.pos === "NOUN");
  if (
    d.verb &&
    nouns.length > 0 &&
    a.tokens.length > d.subject.length + 3 &&
    nouns.every((n) => a.tokens.some((t) => t.lemma === n.lemma)) &&
    restates(a.tokens, [...d.subject, d.verb])
  )
    return { sentence: a.text.replace(/[.!]+$/, ""), rule: "wh-inverted:sentence", doubts: [] };
  // "When did Sony release the Walkman?" + "Sony released the first Walkman in July 1979.": a when or where answer that says the
  // question's subject, verb and nouns itself stands (its object may say more: "the first Walkman").
  const restNouns = d.rest.filter((t) => t.pos === "NOUN" || t.pos === "PROPN");
  if (
    d.verb &&
    (wh.word === "when" || wh.word === "where") &&
    // (The subject and the question's verb, which the answer's analysis may read as a phrase: "Napoleon died on Saint Helena".)
    (a.isClause || a.tokens[d.subject.length]?.lemma === d.verb.lemma) &&
    (restNouns.length > 0 || a.text.toLowerCase().startsWith(`${text(d.subject).toLowerCase()} `)) &&
    restNouns.every((n) => a.tokens.some((t) => t.lemma === n.lemma)) &&
    restates(a.tokens, [...d.subject, d.verb])
  )
    return { sentence: a.text.replace(/[.!]+$/, ""), rule: "wh-inverted:sentence", doubts: [] };
  // (So with a pronoun for the subject: "When did Concorde make its last flight?" + "It made its last commercial flight on …".)
  const pronounSays =
    d.verb && (wh.word === "when" || wh.word === "where") && a.isClause && a.finiteVerb === 1 && a.tokens[1].lemma === d.verb.lemma
      ? resolvePronoun(a, d.subject, subjectNumber(d))
      : undefined;
  // (Or the question's stranded preposition alone, which the answer says: "Where did the word "quarantine" come from?" + "It comes from
  // …" keeps the answer's tense.)
  const restSaid =
    restNouns.length > 0
      ? restNouns.every((n) => a.tokens.some((t) => t.lemma === n.lemma))
      : d.rest.some((t) => t.pos === "ADP") && d.rest.every((t) => t.pos === "PUNCT" || a.tokens.some((x) => x.lower === t.lower));
  if (pronounSays && restSaid) return { sentence: pronounSays.replace(/[.!]+$/, ""), rule: "wh-inverted:sentence", doubts: [] };
  const aligned = a.isClause && wh.word !== "why" && wh.word !== "how" && !personal ? alignedEcho(d, a) : undefined;
  if (aligned) {
    const doubts: string[] = d.guessed ? ["main verb guessed"] : [];
    // (A stranded "for" answered by a purpose or a role: "They used them as currency." → "… used cacao beans as currency".)
    const e = withoutAnsweredFor(d, aligned.phrase);
    return {
      sentence: capitalize(declarative(e, !d.negated, { text: midSentence(aligned.phrase), gap: Math.min(aligned.gap, e.rest.length) })),
      rule: "wh-inverted:aligned-echo",
      doubts,
    };
  }
  const filler = a.isClause && wh.word !== "why" ? answerFillingGap(d, a) : undefined;
  if (filler) {
    // ("It cost about 7.8 million francs, and it earned …" for "… cost to build?": the question's words go before the answer's next
    // clause.)
    const more = d.rest.some((t) => t.pos !== "PUNCT") ? FILLER_THEN_CLAUSE.exec(filler.text) : null;
    const core = more ? withAnswerFields(analyzeAnswer(more[1]), { rest: filler.rest, raw: filler.raw }) : filler;
    // ("Each player starts with 16." for "… start with in chess?": the answer's phrase says the stranded preposition itself.)
    const stranded = core.tokens[0]?.pos === "ADP" && d.rest[0]?.lower === core.tokens[0].lower;
    const r = invertedRealize(wh, stranded ? { ...d, rest: d.rest.slice(1) } : d, core);
    return { ...r, sentence: more ? `${r.sentence.replace(/[.!]+$/, "")}${more[2]}` : r.sentence, rule: `${r.rule}:echo` };
  }
  const doubts: string[] = d.guessed ? ["main verb guessed"] : [];
  const declTokens = [...d.subject, ...d.preVerb, ...(d.verb ? [d.verb] : []), ...d.rest];
  // "It's because of the 1908 London Olympics, …": the reason alone.
  const reason = wh.word === "why" ? /^(?:it|that|this) (?:is|was) (?=(?:because|due to|owing to|thanks to)\b)/i.exec(a.text) : null;
  if (reason) return invertedRealize(wh, d, withAnswerFields(analyzeAnswer(a.text.slice(reason[0].length)), { rest: a.rest, raw: a.raw }));
  if (wh.word === "why") {
    // "It is blue because …" for "Why is the sky blue?": "it" is the sky, not a dummy subject, when the answer says the question again.
    const own = resolvePronoun(a, d.subject, subjectNumber(d));
    // (Not an adjective: "It's rare, doesn't corrode …" for "Why is gold valuable?" says "it" of gold, "because it's rare, …".)
    const predicate = a.isClause && !(own && restates(tokenizePhrase(own), declTokens)) ? predicateOfDummySubject(a) : undefined;
    // (Nor an adjective after its degree: "It was so valuable it was traded …" for "Why was pepper called 'black gold'?".)
    const adjective = predicate ? predicate.tokens.findIndex((t) => t.pos !== "ADV") : -1;
    const dummy =
      predicate &&
      predicate.tokens[adjective]?.pos === "ADJ" &&
      predicate.tokens[adjective + 1]?.pos !== "NOUN" &&
      predicate.tokens.slice(0, adjective).every((t) => DEGREE_ADVERB.test(t.lower))
        ? undefined
        : predicate;
    // (The predicate after "it is" is a noun phrase when an article opens it, a participle after its noun its own: "the hydrogen sulfide
    // gas dissolved in it".)
    const answer = dummy
      ? /^(?:the|a|an)\s/i.test(dummy.text)
        ? withAnswerFields(analyzeAnswer(dummy.text), { isClause: false, finiteVerb: -1 })
        : analyzeAnswer(dummy.text)
      : a;
    return realizeWhy(declarative(d, !d.negated), declTokens, answer, doubts, {
      tokens: d.subject,
      number: subjectNumber(d),
      verb: d.verb,
    });
  }
  if (a.isClause) {
    // "How did the Wars of the Roses end?" + "Henry VII married Elizabeth of York, …": an event that ends or begins with another, said
    // by a clause of its own subject, happens when that one does.
    if (
      wh.word === "how" &&
      !wh.measure &&
      d.verb &&
      d.auxKind === "do" &&
      !d.negated &&
      /^(?:end|begin|start|finish|stop|collapse|close|open)$/.test(d.verb.lemma) &&
      withoutMarks(d.rest).length === 0 &&
      a.finiteVerb > 0 &&
      a.tokens.slice(0, a.finiteVerb).every((t) => t.pos === "PROPN" || t.pos === "DET" || t.pos === "NOUN" || t.pos === "ADJ") &&
      !restates(a.tokens, d.subject)
    )
      return {
        sentence: `${capitalize(declarative(d, true)).replace(/[.!]+$/, "")} when ${midSentence(a.text)}`,
        rule: "wh-inverted:how-when",
        doubts,
      };
    // "What does "heeling" mean?" + "That's when the boat leans …" / "Heeling is when …": what the term is said to be is its meaning.
    if (d.verb?.lemma === "mean" && wh.word === "what" && !d.negated && d.rest.every((t) => t.pos === "PUNCT")) {
      const term = text(d.subject);
      const bare = term.replace(/^["“'‘]|["”'’]$/g, "");
      const pointed = /^(?:that|it|this)(?:['’]s| is) (?=(?:when|where|if|what|how)\b)/i.exec(a.text);
      if (pointed) return { sentence: `${capitalize(term)} is ${a.text.slice(pointed[0].length)}`, rule: "wh-inverted:meaning", doubts };
      if (a.text.toLowerCase().startsWith(`${bare.toLowerCase()} is `)) return { sentence: a.text, rule: "wh-inverted:meaning", doubts };
    }
    const dummy = asksWhatItDoes(wh, d) ? undefined : predicateOfDummySubject(a);
    if (!dummy) {
      const resolved = withQuestionAdverb(resolvePronoun(a, d.subject, subjectNumber(d)), d, a);
      if (resolved) {
        // "How does the length of daylight change from summer to winter?" + "It gets shorter." keeps "from summer to winter".
        const rest = d.rest;
        const carries =
          wh.word === "how" &&
          !wh.measure &&
          rest.length > 0 &&
          rest[0].pos === "ADP" &&
          !PARTICLES.has(rest[0].lower) &&
          !restates(a.tokens, rest);
        // "How do mangroves cope with salty seawater?" + "They filter …": an answer that does something else says how, by its gerund
        // ("Mangroves cope with salty seawater by filtering …"); one that says how the thing changes keeps the complement.
        const doing = a.tokens[a.finiteVerb];
        // (So does one for a verb of effect and its object: "How does pollution affect fish?" + "It lowers the oxygen …" → "Pollution affects
        // fish by lowering the oxygen …".)
        const effect =
          wh.word === "how" &&
          !wh.measure &&
          d.verb !== undefined &&
          EFFECT_VERBS.has(d.verb.lemma) &&
          withoutMarks(rest).length > 0 &&
          nounPhraseEnd(rest, 0) === withoutMarks(rest).length &&
          !restates(a.tokens, withoutMarks(rest));
        if (
          (carries || effect) &&
          d.verb &&
          d.auxKind === "do" &&
          d.preVerb.length === 0 &&
          a.finiteVerb === 1 &&
          doing &&
          // (The finite verb the analysis found, whatever its tag: "It decreases/NOUN soil erosion".)
          (doing.pos === "VERB" || effect) &&
          doing.lemma !== d.verb.lemma &&
          (effect || !CHANGE_VERBS.has(doing.lemma))
        )
          return {
            sentence:
              `${capitalize(declarative(d, !d.negated)).replace(/[.!]+$/, "")} by ${gerund(doing.lemma)} ${text(a.tokens.slice(2))}`.replace(
                /[.!]+$/,
                "",
              ),
            rule: "wh-inverted:pronoun-by",
            doubts,
          };
        // ("How do sailboats sail into the wind?" + "They can't sail straight into it.": "it" after the question's preposition is its noun.)
        const saidWith = carries ? cachedRegExp(`\\b(${rest[0].lower}) (?:it|them)\\b`, "i").exec(resolved) : null;
        const into = saidWith ? resolved.replace(saidWith[0], `${saidWith[1]} ${text(withoutMarks(rest.slice(1)))}`) : undefined;
        const carry = carries && !into ? ` ${text(withoutMarks(rest))}` : "";
        // "How do bats find their way in the dark?" + "They use echolocation." → "… use echolocation to find their way in the dark":
        // the means ("use", "rely on") says what it is for only with the question's verb phrase.
        // "How do plants get water?" + "They absorb it through their roots.": "it" is the question's object.
        const withObject = countedNounAfterNumber(questionObjectForPronoun(into ?? resolved, d), wh, a);
        const own = withObject === resolved ? a.tokens : tokenizePhrase(withObject);
        const means = a.tokens[a.finiteVerb];
        const purpose =
          !carry &&
          wh.word === "how" &&
          !wh.measure &&
          d.verb &&
          means &&
          means.lemma !== d.verb.lemma &&
          d.auxKind === "do" &&
          d.preVerb.length === 0 &&
          // A means ("use", "rely on") takes its purpose even bare ("to breathe"); another verb only with the question's complement ("to
          // stay warm in winter", not "to work").
          // ("How do noise-cancelling headphones work?" + "They use …": what a thing uses is how it works, not what for.)
          (/^(?:use|rely|need|depend)$/.test(means.lemma) || d.rest.some((t) => t.pos !== "PUNCT")) &&
          !(/^(?:work|function|operate|happen|occur)$/.test(d.verb.lemma) && !d.rest.some((t) => t.pos !== "PUNCT")) &&
          // (Nor does a comparison or an effect: "How does X compare to Y?" + "It has about 90 % …" is no way of comparing.)
          !/^(?:compare|differ|relate|affect|influence|impact|vary|react|respond|interact)$/.test(d.verb.lemma) &&
          // A verb or "most likely" in the complement is a sign the question was misread ("How does this color change most likely help
          // …?").
          !d.rest.some((t) => t.pos === "VERB" || t.pos === "AUX" || /^(?:most|likely|best)$/.test(t.lower)) &&
          !restates(own, [d.verb, ...d.rest]) &&
          !namesObject(own, d)
            ? ` to ${[d.verb.lemma, text(withoutMarks(d.rest))].filter((x) => x !== "").join(" ")}`
            : // ("What did ancient Egyptians use to treat wounds?" + "They often used honey": the question's purpose, as for "how".)
              !carry &&
                wh.word === "what" &&
                d.verb?.lemma === "use" &&
                means?.lemma === "use" &&
                d.rest[0]?.lower === "to" &&
                d.rest[1]?.pos === "VERB" &&
                !restates(own, d.rest.slice(1))
              ? ` ${text(withoutMarks(d.rest))}`
              : "";
        // "What do honeybees do in winter?" + "They cluster …": the question's time or place phrase, which the answer does not say, opens the
        // statement ("In winter, honeybees cluster …").
        const phrase = withoutFinalPunctuation(d.rest);
        // ("What did Robert the Bruce do at Greyfriars Church in 1306?" + "He killed his rival John Comyn there, …": the answer's "there"
        // is the question's place, and its time goes with it.)
        const there =
          wh.word === "what" &&
          !carry &&
          !purpose &&
          d.verb?.lemma === "do" &&
          phrase.length >= 2 &&
          /^(?:at|in|on)$/.test(phrase[0].lower) &&
          phrase.every((t) => t.pos !== "VERB" && t.pos !== "AUX" && t.pos !== "PUNCT")
            ? /\bthere\b(?! (?:is|are|was|were|has|have|had)\b)/.exec(withObject)
            : null;
        if (there)
          return {
            sentence: `${withObject.slice(0, there.index)}${text(phrase)}${withObject.slice(there.index + there[0].length)}`.replace(
              /[.!]+$/,
              "",
            ),
            rule: "wh-inverted:pronoun",
            doubts,
          };
        const opener =
          wh.word === "what" &&
          !carry &&
          !purpose &&
          phrase.length >= 2 &&
          /^(?:in|during)$/.test(phrase[0].lower) &&
          // (A time: "in winter", "during the night"; CAP-Statements leaves a place out or inside: "A router prevents …".)
          phrase.some((t) => TIME_NOUNS.test(t.lower) || /^(?:winter|summer|spring|autumn|fall|\d{3,4}s?)$/.test(t.lower)) &&
          phrase.every((t) => t.pos !== "VERB" && t.pos !== "AUX" && t.pos !== "PUNCT") &&
          !restates(own, phrase.slice(1));
        if (opener)
          return {
            sentence: `${capitalize(text(phrase))}, ${midSentence(withObject.replace(/[.!]+$/, ""))}`,
            rule: "wh-inverted:pronoun",
            doubts,
          };
        // "To change colour, octopuses use chromatophores — tiny sacs …": after an answer that goes on past its clause, the question's
        // purpose opens the statement.
        const bare = withObject.replace(/[.!]+$/, "");
        if (purpose && /[—–;:(]|, | (?:until|when|while|because|unless|so that|before|after|once) /.test(bare))
          return { sentence: `${capitalize(purpose.trim())}, ${midSentence(bare)}`, rule: "wh-inverted:pronoun", doubts };
        // ("When did the Statue of Liberty arrive in New York?" + "It arrived by ship in June 1885, …": the question's phrase the answer
        // does not say follows the verb, "… arrived in New York by ship …"; so for where: "… landed on the Moon in the Sea of Tranquility".)
        const verbAt = doing ? bare.indexOf(` ${doing.text} `) : -1;
        if (
          (wh.word === "when" || wh.word === "where") &&
          d.verb &&
          doing?.lemma === d.verb.lemma &&
          a.finiteVerb === 1 &&
          verbAt > 0 &&
          rest[0]?.pos === "ADP" &&
          withoutMarks(rest).length >= 2 &&
          !restates(a.tokens, withoutMarks(rest))
        ) {
          const after = verbAt + doing.text.length + 1;
          return {
            sentence: `${bare.slice(0, after)} ${text(withoutMarks(rest))}${bare.slice(after)}`,
            rule: "wh-inverted:pronoun",
            doubts,
          };
        }
        return { sentence: `${bare}${carry}${purpose}`, rule: "wh-inverted:pronoun", doubts };
      }
      // "What does a negative ΔG indicate?" + a clause → "A negative ΔG indicates <clause>"; what a law states follows "that" ("Lenz law
      // states that the direction of induced current opposes …").
      // ("A red flag in Formula One means that …" says the question's subject and verb itself: it stands.)
      if (d.verb && CLAUSE_VERBS.has(d.verb.lemma) && restates(a.tokens, [...d.subject, d.verb]))
        return { sentence: a.text, rule: "wh-inverted:clause-object", doubts };

      // ("They learned to salivate …" for "What did Pavlov's dogs learn to do?": the answer's own verb is the question's.)
      const ownVerb = a.tokens[a.finiteVerb];
      const same = d.verb && ownVerb?.lemma === d.verb.lemma ? resolvePronoun(a, d.subject, subjectNumber(d)) : undefined;
      if (same) return { sentence: same, rule: "wh-inverted:pronoun", doubts };
      if (d.verb && CLAUSE_VERBS.has(d.verb.lemma) && (wh.word === "what" || wh.word === "which")) {
        const that = d.verb.lemma === "state" && !/^that\b/i.test(a.text) ? "that " : "";
        return {
          sentence: capitalize(declarative(d, !d.negated, { text: `${that}${midSentence(a.text)}`, gap: 0 })),
          rule: "wh-inverted:clause-object",
          doubts,
        };
      }
      const afterFronted = d.subject[0]?.pos === "PRON" ? undefined : pronounAfterFrontedClause(a, d.subject, subjectNumber(d));
      if (afterFronted) return { sentence: afterFronted, rule: "wh-inverted:fronted-pronoun", doubts };
      const whole = subjectSaidWhole(a, d.subject);
      if (whole) return { sentence: whole, rule: "wh-inverted:subject-whole", doubts };
      // "When was the first iPhone released?" + "Apple released it in June 2007.": the question's verb said with a subject of the
      // answer's own and "it" for the question's subject ("Apple released the first iPhone in June 2007.").
      // (A passive question's participle is its verb, "was … released"; with no agent there, any verb of the answer's says what was
      // done to it: "When was the Magna Carta signed?" + "King John sealed it in June 1215".)
      const participles = d.verb ? [] : d.rest.filter((t) => t.pos === "VERB");
      const passive = participles.length > 0 && !d.rest.some((t) => t.lower === "by");
      const object =
        passive || d.verb?.lemma === ownVerb?.lemma || participles.some((t) => t.lemma === ownVerb?.lemma)
          ? objectPronounResolved(a, d.subject)
          : undefined;
      if (object) return { sentence: object, rule: "wh-inverted:object-pronoun", doubts };
      // ("How many keys does a standard piano have?" + "A standard piano has 88 — …": the number takes the noun the question counts.)
      const said = clauseAnswer(a, undefined, "wh-inverted", doubts);
      return { ...said, sentence: countedNounAfterNumber(said.sentence, wh, a) };
    }
  }
  const dummy = a.isClause ? predicateOfDummySubject(a) : undefined;
  const answerText = dummy ? dummy.text : a.text;
  const answerTokens = dummy ? dummy.tokens : a.tokens;
  // ("What am I doing wrong?" + "Probably not using enough water, …": what the asker is doing, said to the asker, its adverbs first.)
  let lead = 0;
  while (answerTokens[lead] && /^(?:not|probably|likely|possibly|maybe|perhaps|just|still|most likely)$/i.test(answerTokens[lead].lower))
    lead++;
  if (
    lead > 0 &&
    wh.word === "what" &&
    d.verb?.lower === "doing" &&
    d.subject.length === 1 &&
    d.subject[0].lower === "i" &&
    withoutMarks(d.rest).every((t) => t.lower === "wrong") &&
    answerTokens[lead]?.pos === "VERB" &&
    /ing$/.test(answerTokens[lead].lower)
  )
    return { sentence: `You are ${midSentence(answerText).replace(/[.!]+$/u, "")}`, rule: "wh-inverted:verb-phrase", doubts };
  // "What did X do?" + "invented the light bulb": the answer's verb phrase replaces "do".
  if (
    (wh.word === "what" || wh.word === "which") &&
    d.verb?.lemma === "do" &&
    nounPhraseEnd(d.rest, 0) === 0 &&
    answerTokens[0] &&
    (answerTokens[0].pos === "VERB" || canBeVerb(answerTokens[0].lower))
  ) {
    // ("What is she doing?" + "Reading a book": the progressive keeps the answer's -ing form; "What am I doing wrong?" + "Using too much
    // water": what the asker does is what is wrong, said to the asker.)
    const progressive = d.verb.lower === "doing" && /ing$/.test(answerTokens[0].lower);
    const lemma = progressive ? answerTokens[0].lower : answerTokens[0].lemma;
    // "What does an acid do to litmus paper?" + "turns blue litmus paper red": the answer already names the paper.
    let d2 = restates(answerTokens, d.rest) ? { ...d, rest: [] } : d;
    if (progressive && d2.rest[0]?.lower === "wrong") d2 = { ...d2, rest: d2.rest.slice(1) };
    if (progressive && d2.subject.length === 1 && d2.subject[0].lower === "i" && d2.aux.lower === "am")
      d2 = { ...d2, subject: [word(d2.subject[0], "you", "PRON")], aux: word(d2.aux, "are", "AUX") };
    return {
      sentence: declarative(d2, true, undefined, { lemma, rest: text(answerTokens.slice(1)) }),
      rule: "wh-inverted:verb-phrase",
      doubts,
    };
  }
  // "What does this help an octopus do?" + "hide from predators": the answer's verb phrase replaces the object's "do".
  const objectDo = d.rest.findIndex((t, k) => k > 0 && t.lower === "do" && ["NOUN", "PROPN", "PRON"].includes(d.rest[k - 1].pos));
  if (
    wh.word === "what" &&
    objectDo > 0 &&
    d.rest.slice(0, objectDo).some((t) => t.pos !== "PUNCT") &&
    answerTokens[0] &&
    answerTokens[0].lower === answerTokens[0].lemma &&
    (answerTokens[0].pos === "VERB" || canBeVerb(answerTokens[0].lower))
  ) {
    const rest = [...d.rest.slice(0, objectDo), ...d.rest.slice(objectDo + 1)];
    return {
      sentence: capitalize(declarative({ ...d, rest }, !d.negated, { text: answerText, gap: objectDo })),
      rule: "wh-inverted:object-do",
      doubts,
    };
  }
  // "What did Kepler discover about the orbits of the planets?" + "that they are ellipses": the pronoun is what the question asks
  // about ("… discovered that the orbits of the planets are ellipses").
  const about = aboutThatClause(wh, d, answerText);
  if (about)
    return {
      sentence: capitalize(declarative({ ...d, rest: [] }, !d.negated, { text: about, gap: 0 })),
      rule: "wh-inverted:about-that",
      doubts,
    };
  // Any other that-clause goes after the question's "about X" ("Darwin noticed about the finches that …"): a clause ends its sentence.
  // (A stranded "about", whose object the question asked, goes: "What did Rachel Carson warn about in Silent Spring?" + "that …" →
  // "Rachel Carson warned in Silent Spring that …".)
  if (wh.word === "what" && d.verb && d.rest[0]?.lower === "about" && /^that\s/i.test(answerText)) {
    const stranded = d.rest[1] === undefined || d.rest[1].pos === "ADP" || d.rest[1].pos === "PUNCT";
    const asked = stranded ? { ...d, rest: d.rest.slice(1) } : d;
    return {
      // (The answer's "That" opened the answer only: "… in 1610 that four moons orbit it".)
      sentence: capitalize(
        declarative(asked, !d.negated, {
          text: answerText.replace(/^That\b/, "that"),
          gap: asked.rest.filter((t) => t.pos !== "PUNCT").length,
        }),
      ),
      rule: "wh-inverted:about-that",
      doubts,
    };
  }
  let slot = slotPhrase(wh, answerText, answerTokens);
  let gap: number;
  if (wh.prep) {
    const prep = prepositionOfPlace(wh.prep.lower, wh);
    // ("Through which countries does the Rhine flow?" + "Six: …": a count takes the question's noun, "through six countries".)
    if (!wh.measure && COUNT_ONLY.test(answerText.trim()) && wh.noun.length > 0 && isPluralPhrase(wh.noun))
      slot = `${slot} ${text(wh.noun)}`;
    // ("In which part of a flower is pollen made?" + "anther": the one part the question picks is definite, "in the anther".)
    if (namesPickedPart(wh, answerTokens, slot)) slot = `the ${partNamed(slot, answerTokens[0])}`;
    // ("around 150 °C" is no place of its own: "at around 150 °C".)
    const approximate = prep !== "on" && /^(?:around|about|over|under|nearly|approximately|roughly|almost|just)\s/i.test(answerText);
    // ("on the Euphrates": the answer's opening capital goes with the preposition before it.)
    slot =
      (answerTokens[0]?.pos === "ADP" && !approximate) ||
      // ("just outside Paris", "mostly in Asia": an adverb before the answer's own preposition.)
      (answerTokens[0]?.pos === "ADV" &&
        answerTokens[1]?.pos === "ADP" &&
        !/^(?:around|about|over|under|nearly|approximately|roughly|almost)$/i.test(answerTokens[1].lower)) ||
      new RegExp(`^${prep}\\b`, "i").test(answerText) ||
      // ("counterclockwise", "upwards": an adverb needs no preposition.)
      (answerTokens.length === 1 && (answerTokens[0].pos === "ADV" || /(?:wise|wards?)$/i.test(answerTokens[0].text)))
        ? slot
        : FOCUS_BEFORE_PLACE.test(slot)
          ? // ("Only Tasmania" → "only on Tasmania": a focusing adverb goes before the preposition.)
            slot.replace(FOCUS_BEFORE_PLACE, (m) => `${m.toLowerCase()}${prep} `)
          : `${prep} ${midSentence(slot, wh.noun.at(-1)?.lemma)}`;
    // "At what temperature does water boil at sea level?" → "boils at 100 °C at sea level": after the verb and its object; after a
    // predicate with "be" ("would be best protected from predators in a snowy field"); a time after the verb's own complement ("switched
    // to decimal currency in 1971", but "begins in September in the Northern Hemisphere").
    const timed = wh.noun.length > 0 && TIME_NOUNS.test(wh.noun[0].lower);
    // ("To which planet do scientists hope to send humans next?": the phrase goes with the infinitive and its object, "hope to send
    // humans to Mars next".)
    const infinitive = d.rest[0]?.lower === "to" && d.rest[1]?.pos === "VERB" && d.rest[1].lower === d.rest[1].lemma;
    // ("To which Venetian island were glassmakers moved in 1291?": the phrase after a passive's participle, before the question's time.)
    // (Not an agent, which may follow the time: "was popularised in 1885 by John Kemp Starley".)
    const passiveThenTime =
      prep !== "by" &&
      d.auxKind === "be" &&
      !d.verb &&
      !timed &&
      d.rest[0]?.pos === "VERB" &&
      /(?:ed|en|wn|rn|lt|ght)$/.test(d.rest[0].lower) &&
      ((/^(?:after|before|during|since)$/.test(d.rest[1]?.lower ?? "") && /^(?:DET|PRON|NUM|PROPN)$/.test(d.rest[2]?.pos ?? "")) ||
        (d.rest[1]?.lower === "in" && /^\d{3,4}$/.test(d.rest[2]?.text ?? "")));
    gap = passiveThenTime
      ? 1
      : d.auxKind === "be" || d.verb?.lemma === "be" || (timed && /^(?:to|into|onto|from|with|for|about)$/.test(d.rest[0]?.lower ?? ""))
        ? d.rest.length
        : infinitive
          ? infinitiveObjectEnd(d.rest)
          : objectPhraseEnd(d.rest);
    // ("gained independence from Sweden in 1905": a time after the object's own phrase of source or goal.)
    if (timed && gap > 0 && /^(?:to|into|onto|from|with)$/.test(d.rest[gap]?.lower ?? "")) {
      const end = nounPhraseEnd(d.rest, gap + 1);
      if (end > gap + 1) gap = end;
    }
    // ("In what year did the Berlin Wall come down?": the verb's particle stays with it, "came down in 1989".)
    while (
      gap < d.rest.length &&
      PARTICLES.has(d.rest[gap].lower) &&
      d.rest[gap].pos !== "NOUN" &&
      (d.rest[gap + 1] === undefined || d.rest[gap + 1].pos === "PUNCT")
    )
      gap++;
    // ("give up the throne", "bring out the iPhone": the particle and its object.)
    // (Not a preposition that is a particle too: "begin in the Northern Hemisphere in September".)
    if (gap === 0 && /^(?:up|down|out|off|away|back)$/.test(d.rest[0]?.lower ?? "") && nounPhraseEnd(d.rest, 1) > 1)
      gap = nounPhraseEnd(d.rest, 1);
    // ("From whom did the crusaders capture Antioch in 1098?": the answer's phrase goes after the question's year, "captured Antioch in 1098
    // from the Seljuk Turks"; so after a contact relative, "got the salt it shipped across the Baltic from Lüneburg". A place or a role
    // stays after the answer: "says … to Ilsa in Casablanca", "sent Pandora to Epimetheus as a bride".)
    const end = withoutFinalPunctuation(d.rest).length;
    const after = d.rest.slice(gap, end);
    const year = after.length === 2 && /^(?:in|during)$/.test(after[0].lower) && /^\d{3,4}$/.test(after[1].text);
    const contact = after.length > 1 && /^(?:it|they|he|she|we|you)$/.test(after[0].lower) && after[1].pos === "VERB";
    if (!timed && !infinitive && d.verb && gap > 0 && (year || contact)) gap = end;
  } else if (wh.word === "where") {
    // ("Where should we go?" + "Get to an interior room on the lowest floor — …": an instruction says where itself.)
    if (isInstruction(a) && a.tokens[0]?.pos === "VERB" && /^(?:i|we|you)$/.test(d.subject[0]?.lower ?? ""))
      return { sentence: a.text.replace(/[.!]+$/u, ""), rule: "wh-inverted:where-instruction", doubts };
    // "Where did the Titanic set sail from on its maiden voyage?" + "Southampton": the answer goes after the stranded preposition.
    const stranded = d.rest.findIndex(
      (t, k) =>
        /^(?:from|to)$/.test(t.lower) &&
        (d.rest[k + 1] === undefined ||
          /^[?.!]+$/.test(d.rest[k + 1].text) ||
          (d.rest[k + 1].pos === "ADP" && d.rest[k + 2]?.pos !== "PUNCT") ||
          // ("Where do plants get energy from to make food?": before the question's purpose.)
          (d.rest[k + 1].lower === "to" && d.rest[k + 2]?.pos === "VERB")),
    );
    if (stranded >= 0) {
      const prep = d.rest[stranded].lower;
      // (A capital stays, as in any place answer: "from Arabic"; the answer's own preposition reads mid-sentence: "From Southampton".)
      slot = new RegExp(`^${prep}\\b`, "i").test(answerText) ? `${prep}${slot.slice(prep.length)}` : `${prep} ${slot}`;
      d = { ...d, rest: d.rest.filter((_, k) => k !== stranded) };
      gap = stranded;
      // ("On its maiden voyage, the Titanic set sail from Southampton (…), stopping …": the question's phrase after the answer's
      // additions would read as theirs.)
      const after = withoutFinalPunctuation(d.rest.slice(gap));
      if (after[0]?.pos === "ADP" && after.every((t) => t.pos !== "PUNCT") && /[(—–]|, [a-z]/.test(slot)) {
        const clause = declarative({ ...d, rest: d.rest.slice(0, gap) }, !d.negated, { text: slot, gap });
        return { sentence: `${capitalize(text(after))}, ${midSentence(clause.replace(/[.!]+$/, ""))}`, rule: "wh-inverted:where", doubts };
      }
    } else {
      slot = wherePhrase(slot, answerTokens);
      // (A place goes before the question's time phrase: "turned up in Harrogate after her disappearance in 1926".)
      const time = d.rest.findIndex(
        (t, i) =>
          (/^(?:after|before|during|since)$/.test(t.lower) && /^(?:DET|PRON|NUM|PROPN)$/.test(d.rest[i + 1]?.pos ?? "")) ||
          (t.lower === "in" && /^\d{3,4}$/.test(d.rest[i + 1]?.text ?? "")),
      );
      gap = Math.min(beforeSubordinate(d.rest), time >= 0 ? time : d.rest.length);
      // (After a place the answer adds to, the time phrase opens the statement: "After his solo flight across the Atlantic, Charles
      // Lindbergh landed at Le Bourget airfield, just outside Paris — …".)
      const timed = time >= 0 && gap === time ? withoutFinalPunctuation(d.rest.slice(time)) : [];
      if (timed.length >= 2 && timed.every((t) => t.pos !== "PUNCT") && /, |\s[—–]\s|\(/.test(slot)) {
        const clause = declarative({ ...d, rest: d.rest.slice(0, time) }, !d.negated, { text: midSentence(slot), gap: time });
        return { sentence: `${capitalize(text(timed))}, ${midSentence(clause.replace(/[.!]+$/, ""))}`, rule: "wh-inverted:where", doubts };
      }
    }
  } else if (wh.word !== "when" && asksTime(wh) && strandsPreposition(d.rest)) {
    // "What year was Shakespeare born in?" + "1564": the answer after the stranded preposition, "… was born in 1564".
    const prep = d.rest[d.rest.length - 1].lower;
    d = { ...d, rest: d.rest.slice(0, -1) };
    slot = new RegExp(`^${prep}\\b`, "i").test(answerText) ? `${prep}${slot.slice(prep.length)}` : `${prep} ${slot}`;
    gap = d.rest.length;
  } else if (wh.word === "when" || (asksTime(wh) && !strandsPreposition(d.rest))) {
    // ("When is the best time to visit Japan?" + "spring": a time that is the subject's own is said bare, "… is spring".)
    const timeSubject =
      d.auxKind === "be" && !d.verb && d.subject.some((t) => /^(?:time|season|month|day|year|period|moment)$/.test(t.lower));
    // ("Not until after chili peppers reached Korea" to "When did kimchi get its chili heat?": the question's clause negated, "until" its
    // time: "Kimchi did not get its chili heat until after …".)
    const notUntil =
      !timeSubject && !d.negated && (d.auxKind !== "be" || d.rest[0]?.pos === "VERB") ? /^not (until|till|before)\b/i.exec(slot) : null;
    if (notUntil) d = { ...d, negated: true };
    slot = notUntil ? slot.slice(4) : timeSubject ? slot : timePhrase(wh.word === "when" ? slot : answerText);
    gap = beforeSubordinate(d.rest);
  } else if (wh.word === "how" && !wh.measure) {
    // ("How does tamarind chutney taste?" + "Sweet and tangy": a verb of sensing takes the answer's adjective, "tastes sweet and tangy".)
    const sensed =
      /^(?:taste|smell|feel|look|sound|seem|appear)$/.test(d.verb?.lemma ?? "") &&
      (answerTokens[0]?.pos === "ADJ" || (answerTokens[0]?.pos === "ADV" && answerTokens[1]?.pos === "ADJ"));
    slot = sensed ? `${slot[0].toLowerCase()}${slot.slice(1)}` : mannerPhrase(slot, answerTokens);
    gap = d.rest.length;
  } else if (wh.measure && dummyTake(d) >= 0) {
    // "How long does it take light from the Sun to reach Earth?" + "about 8 minutes" → "It takes light from the Sun about 8 minutes to
    // reach Earth": the time after the one who takes it, its prepositional phrase included.
    gap = dummyTake(d);
  } else if (wh.measure === "long" && d.auxKind !== "be" && /^for$/i.test(withoutFinalPunctuation(d.rest).at(-1)?.text ?? "")) {
    // "How long do elephants live for?" + "About 60 years": the duration takes the stranded "for" ("live for about 60 years").
    const end = withoutFinalPunctuation(d.rest).length - 1;
    d = { ...d, rest: d.rest.filter((_, k) => k !== end) };
    slot = /^for\b/i.test(slot) ? slot : `for ${midSentence(slot)}`;
    gap = end;
  } else if (
    wh.measure === "long" &&
    d.auxKind !== "be" &&
    d.verb &&
    CONTINUING.test(d.verb.lemma) &&
    /ing$/.test(d.rest[0]?.lower ?? "")
  ) {
    // ("How long did Parícutin keep erupting?" + "Nine years": the duration after the gerund, with "for": "kept erupting for nine years".)
    slot = /^(?:for|until|till)\b/i.test(slot) ? midSentence(slot) : `for ${midSentence(slot)}`;
    gap = 1 + objectPhraseEnd(d.rest.slice(1));
  } else if (
    wh.measure === "long" &&
    d.auxKind !== "be" &&
    d.verb &&
    /^(?:stay|remain|keep|survive|hold)$/.test(d.verb.lemma) &&
    ((withoutFinalPunctuation(d.rest).length === 1 && /^(?:ADJ|ADV|VERB)$/.test(d.rest[0].pos)) ||
      // ("stay closed after the Six-Day War": the state, then the question's time.)
      (/^(?:ADJ|VERB)$/.test(d.rest[0]?.pos ?? "") && d.rest[1]?.pos === "ADP" && /^(?:stay|remain)$/.test(d.verb.lemma)) ||
      (/^(?:stay|remain)$/.test(d.verb.lemma) &&
        d.rest[0]?.pos === "ADP" &&
        withoutFinalPunctuation(d.rest).every((t) => t.pos !== "VERB")))
  ) {
    // ("How long can a nuclear submarine stay submerged?" + "Months": the duration after the state, with "for": "stay submerged for months";
    // so after the place one stays: "stay with their mother for about two years".)
    slot = /^(?:for|until|till)\b/i.test(slot) ? midSentence(slot) : `for ${midSentence(slot)}`;
    gap = /^(?:ADJ|VERB)$/.test(d.rest[0]?.pos ?? "") && d.rest[1]?.pos === "ADP" ? 1 : withoutFinalPunctuation(d.rest).length;
  } else if (
    wh.measure === "much" &&
    d.verb &&
    DEGREE_VERBS.test(d.verb.lemma) &&
    /^(?:DET|NOUN|PRON|PROPN)$/.test(d.rest[0]?.pos ?? "") &&
    objectPhraseEnd(d.rest) > 0
  ) {
    // ("How much did the eruption cool the planet?" + "About 0.5 °C": the amount of change after the object, with "by".)
    slot = /^by\b/i.test(slot) ? midSentence(slot) : `by ${midSentence(slot)}`;
    gap = objectPhraseEnd(d.rest);
  } else if (wh.measure && wh.measure !== "many" && wh.measure !== "much") {
    // ("How long should the pasta be boiled?": a modal's passive, whose participle takes the duration with "for".)
    const modalPassive =
      d.verb?.lower === "be" && d.rest[0]?.pos === "VERB" && /(?:ed|en|wn)$/.test(d.rest[0].lower) && isParticipleOf(d.rest[0].lower);
    if (modalPassive && wh.measure === "long" && DURATION_START.test(answerText)) slot = `for ${midSentence(slot)}`;
    // ("How long should you brush your teeth?" + "Two minutes": a verb and its object take the duration with "for"; "live", "last" and
    // "take" say it bare.)
    if (
      wh.measure === "long" &&
      d.auxKind !== "be" &&
      d.verb &&
      !/^(?:live|last|take|survive|sleep|go|run|stay|wait|hold|be)$/.test(d.verb.lemma) &&
      // (Its object, or the passive the asker's action was turned into: "A steak should be rested for …"; or nothing after it: "Lady Jane
      // Grey reigned for just nine days".)
      ((/^(?:DET|PRON|NOUN|ADJ)$/.test(d.rest[0]?.pos ?? "") && d.rest.some((t) => t.pos === "NOUN")) ||
        d.preVerb.at(-1)?.lower === "be" ||
        d.rest.every((t) => t.pos === "PUNCT")) &&
      DURATION_START.test(answerText)
    )
      slot = `for ${midSentence(slot)}`;
    if (wh.measure === "fast" && SPEED_UNIT.test(answerText) && !/^at\b/i.test(answerText))
      // ("often over 200 km/h" → "often at over 200 km/h".)
      slot = /^(?:often|usually|sometimes|typically|generally|normally|mostly)\s/i.test(slot)
        ? midSentence(slot).replace(/\s/, " at ")
        : `at ${midSentence(slot)}`;
    // ("How long is an elephant pregnant?": the state lasts "for" the answer's time, after its adjective.)
    const lasting =
      wh.measure === "long" && d.auxKind === "be" && !d.verb && withoutFinalPunctuation(d.rest).length === 1 && d.rest[0].pos === "ADJ";
    if (lasting) {
      slot = /^(?:for|until|till|up to)\b/i.test(slot) ? midSentence(slot) : `for ${midSentence(slot)}`;
    } else if (d.auxKind === "be" || (d.verb?.lower === "be" && d.rest[0]?.pos !== "VERB")) {
      // "How hot is the surface of the Sun?" — be-questions keep the measure after the verb.
      // (Not after more than the measure: "22 yards (20.12 metres) from stump to stump".)
      // (The adjective goes after the measure, before what the answer adds: "up to five days long, with three sessions …".)
      const addition = slot.search(/,\s|\s[—–]\s/);
      const amount = addition > 0 ? slot.slice(0, addition) : slot;
      const measured = MEASURE_END.test(amount);
      const adj = POST_MEASURE.has(wh.measure) && measured && !new RegExp(`\\b${wh.measure}$`).test(amount) ? ` ${wh.measure}` : "";
      slot = `${amount}${adj}${addition > 0 ? slot.slice(addition) : ""}`;
    }
    // ("has been in use since Roman times": after the perfect's "been", the measure follows its state.)
    gap =
      lasting || modalPassive
        ? 1
        : d.auxKind === "be"
          ? 0
          : d.verb?.lower === "been"
            ? withoutFinalPunctuation(d.rest).length
            : objectPhraseEnd(d.rest);
    // ("be left on for 30 to 45 minutes": the verb's final particle stays with it.)
    while (
      d.auxKind !== "be" &&
      PARTICLES.has(d.rest[gap]?.lower ?? "") &&
      d.rest[gap].pos !== "NOUN" &&
      (d.rest[gap + 1] === undefined || d.rest[gap + 1].pos === "PUNCT")
    )
      gap++;
  } else {
    // "He is able to calculate _": the object of an infinitive at the end.
    const infinitive =
      d.auxKind === "be" && !d.verb && d.rest.length >= 3 && d.rest[1]?.lower === "to" && d.rest[d.rest.length - 1].pos === "VERB";
    // ("How many points is a touchdown worth?" → "is worth six points".)
    const worth = d.auxKind === "be" && !d.verb && d.rest[0]?.lower === "worth";
    // ("How many times has Brazil won the World Cup?": a count of times is an adverbial, after the object: "won the World Cup five times".)
    // (So after a passive's participle and its complement: "was elected president four times".)
    const passive = d.auxKind === "be" && !d.verb && d.rest[0]?.pos === "VERB";
    const times = wh.measure === "many" && wh.noun.length === 1 && wh.noun[0].lower === "times" && (d.verb !== undefined || passive);
    const bound = d.rest[0]?.lower === "at" && /^(?:most|least)$/.test(d.rest[1]?.lower ?? "");
    gap = infinitive
      ? d.rest.length
      : worth
        ? 1
        : times || bound
          ? times && passive
            ? 1 + objectPhraseEnd(d.rest.slice(1))
            : objectPhraseEnd(d.rest)
          : d.auxKind === "be" && !d.verb
            ? // ("How many touches is a volleyball team allowed …?": a count after a passive's participle, "is allowed three touches".)
              strandedAfterParticiple(d.rest) ||
              (passive && (wh.measure === "many" || wh.measure === "much") && /(?:ed|en|wn)$/.test(d.rest[0].lower) ? 1 : 0)
            : objectGap(d);
    // ("It's worth six points." says "worth" itself.)
    if (worth) slot = slot.replace(/^worth\s+/i, "");
  }
  // ("refuse to do _" + "To give up her bus seat": the answer's verb phrase says the question's "do".)
  const done = gap >= 2 && d.rest[gap - 1].lower === "do" && d.rest[gap - 2].lower === "to" ? /^(?:to\s+)?([A-Za-z]+)\b/i.exec(slot) : null;
  // (A verb the lexicon lists only by its forms too: "Redistribute public land …".)
  if (done && (canBeBaseVerb(done[1].toLowerCase()) || (answerTokens[0]?.pos === "VERB" && canBeVerb(done[1].toLowerCase())))) {
    slot = `${done[1].toLowerCase()}${slot.slice(done[0].length)}`;
    d = { ...d, rest: [...d.rest.slice(0, gap - 1), ...d.rest.slice(gap)] };
    gap -= 1;
  }
  // "What did the Maya use cacao beans for?" + "as currency": the stranded "for" is answered by the purpose or the role.
  const answered = gap >= d.rest.length - 1 ? withoutAnsweredFor(d, slot) : d;
  if (answered !== d) {
    d = answered;
    gap = d.rest.length;
  }
  // "60, which is why we have 60 minutes in an hour" before "as the base of …": the answer's relative clause goes to the end.
  // (So an appositive or an addition: "the first computer program, an algorithm …" before "for Charles Babbage's Analytical Engine".)
  // (Not an appositive beside a name, which stays there: "Omai, a young man from Raiatea near Tahiti," before "to England".)
  const relative =
    gap < d.rest.filter((t) => t.pos !== "PUNCT").length && !NAME_THEN_APPOSITIVE.test(slot)
      ? /^(.+?), (which|who|where|an?|the|plus|including|such as|with|especially|particularly|mainly|mostly|notably|like) (.+)$/.exec(slot)
      : null;
  // "In 1867, Franz Joseph's empire became Austria-Hungary, a dual monarchy.": a name's appositive stays beside it, and the question's
  // time after it opens the statement instead (a careful annotator's order); any other phrase follows the closed appositive.
  const time = NAME_THEN_APPOSITIVE.test(slot) ? withoutFinalPunctuation(d.rest.slice(gap)) : [];
  if (time.length >= 2 && TIME_PHRASE_START.test(text(time)) && time.every((t) => t.pos !== "PUNCT" && t.pos !== "VERB")) {
    const clause = declarative({ ...d, rest: d.rest.slice(0, gap) }, !d.negated, { text: midSentence(slot, wh.noun.at(-1)?.lemma), gap });
    return {
      sentence: `${capitalize(text(time))}, ${midSentence(clause.replace(/[.!]+$/, ""))}`,
      rule: `wh-inverted:${wh.prep ? "prep" : wh.measure ? "measure" : wh.word}`,
      doubts,
    };
  }
  // "To prevent scurvy, sailors ate citrus fruit, especially lemons and limes": the question's purpose opens the statement, so that the
  // answer's addition stays on the answer.
  // (So a phrase: "After Oliver Twist, Charles Dickens published Nicholas Nickleby (1838–39), which …".)
  const purpose = relative ? withoutFinalPunctuation(d.rest.slice(gap)) : [];
  // (An apposition or an addition reads on after the question's phrase: "… has seven players in the pool, including the goalkeeper".)
  // (Not a which-clause about the whole statement, which follows it all: "… days to orbit the Sun, which is why we add a leap day".)
  if (
    relative &&
    !/^(?:an?|the|plus|including|such as|with)$/.test(relative[2]) &&
    !(relative[2] === "which" && /^(?:is why|is how|means|explains)\b/.test(relative[3])) &&
    ((purpose[0]?.lower === "to" && purpose[1]?.pos === "VERB") ||
      (purpose[0]?.pos === "ADP" &&
        !PARTICLES.has(purpose[0].lower) &&
        purpose[0].lower !== "of" &&
        purpose.length >= 2 &&
        purpose.length <= 6)) &&
    purpose.every((t) => (t.pos !== "PUNCT" && t.pos !== "VERB") || t === purpose[1])
  ) {
    const clause = declarative({ ...d, rest: d.rest.slice(0, gap) }, !d.negated, {
      text: midSentence(relative[1], wh.noun.at(-1)?.lemma),
      gap,
    });
    return {
      sentence: `${capitalize(text(purpose))}, ${midSentence(clause.replace(/[.!]+$/, ""))}, ${relative[2]} ${relative[3]}`,
      rule: `wh-inverted:${wh.prep ? "prep" : wh.measure ? "measure" : wh.word}`,
      doubts,
    };
  }
  // "Zeus sent Pandora as a bride to Epimetheus, the brother of Prometheus": a prepositional answer with an apposition goes after the
  // question's short phrase, so that the apposition stays beside its name.
  if (
    relative &&
    wh.prep &&
    /^(?:an?|the)$/.test(relative[2]) &&
    purpose[0]?.pos === "ADP" &&
    /^(?:DET|NUM|PROPN|NOUN|ADJ|PRON)$/.test(purpose[1]?.pos ?? "") &&
    purpose.length <= 5 &&
    purpose.every((t) => t.pos !== "PUNCT" && t.pos !== "VERB")
  ) {
    const end = gap + purpose.length;
    return {
      sentence: capitalize(declarative(d, !d.negated, { text: midSentence(slot, wh.noun.at(-1)?.lemma), gap: end })).replace(/[.!]+$/, ""),
      rule: "wh-inverted:prep",
      doubts,
    };
  }
  // (An addition after a dash too: "a caution — two in one match mean …" after "in football".)
  // (Not a dash inside a quotation: '"Mr. Watson, come here — I want to see you."'.)
  const inside = gap < d.rest.filter((t) => t.pos !== "PUNCT").length;
  const dashed = !relative && inside && !/^["“]/.test(slot) ? /^(.+?)( [—–] .+)$/.exec(slot) : null;
  // ("About 27.3 days, roughly" before "to orbit Earth": the answer's afterthought goes to the end.)
  // (So is a participle phrase after a measure, which says how the thing is done: "about 6 minutes, lowered into water …".)
  const afterthought =
    !relative && !dashed && inside
      ? (AFTERTHOUGHT.exec(slot) ?? (LEADING_MEASURE.test(slot.replace(/^(?:for|at|in) /, "")) ? PARTICIPLE_AFTER.exec(slot) : null))
      : null;
  const tail = relative ? `, ${relative[2]} ${relative[3]}` : (dashed?.[2] ?? (afterthought ? `, ${afterthought[2]}` : ""));
  if (relative) slot = relative[1];
  else if (dashed) slot = dashed[1];
  else if (afterthought) slot = afterthought[1];
  // ("cost about $35 million at the time" before "to build": the measure's own phrase goes after the question's infinitive.)
  const infinitive = wh.measure !== undefined && inside && d.rest[gap]?.lower === "to" && d.rest[gap + 1]?.pos === "VERB";
  const measured = infinitive && !relative && !dashed && !afterthought ? MEASURE_THEN_PHRASE.exec(slot) : null;
  if (
    measured &&
    (LEADING_MEASURE.test(measured[1]) || AMOUNT_START.test(measured[1].replace(/\$/, ""))) &&
    d.rest.slice(gap).every((t) => t.pos !== "PUNCT" || t === d.rest.at(-1))
  ) {
    slot = measured[1];
    const end = d.rest.at(-1)?.pos === "PUNCT" ? d.rest.length - 1 : d.rest.length;
    d = { ...d, rest: [...d.rest.slice(0, end), word(d.rest[gap], measured[2], "X"), ...d.rest.slice(end)] };
  }
  // ("Android Inc., founded by Andy Rubin, in 2005": the answer's participle phrase is closed before the question's words go on.)
  else if (inside && PARTICIPLE_AFTER.test(slot)) slot = `${slot},`;
  // ("James Phipps, his gardener's eight-year-old son," before "with cowpox": so is an appositive with a possessive, or the name after
  // one: "his third son, Ögedei," before "as his successor".)
  // (And a score after the name: "Michael van Gerwen, 7–3," before "in the final".)
  // (So an appositive with an article after a name: "Omai, a young man from Raiatea near Tahiti," before "to England".)
  else if (
    inside &&
    (/^[^,]+, (?:(?:his|her|their|its) [^,]+|\p{Lu}[^,]*|\d+\s*[–-]\s*\d+)$/u.test(slot) || NAME_THEN_APPOSITIVE.test(slot))
  )
    slot = `${slot},`;
  // ("Who should I call?" + "Call 911 right away.": an instruction that opens with the question's own verb says the object after it.)
  if (d.verb && gap === 0 && cachedRegExp(`^${escapeRegExp(d.verb.lemma)}\\s+(?=\\S)`, "i").test(slot) && /^[A-Z]/.test(slot))
    slot = slot.slice(d.verb.lemma.length).trimStart();
  // The question's polarity stays: "What don't plants need?" + "salt" → "Plants don't need salt."
  return {
    sentence: `${capitalize(declarative(d, !d.negated, { text: midSentence(slot, wh.noun.at(-1)?.lemma), gap })).replace(/[.!]+$/, "")}${tail}`,
    rule: `wh-inverted:${wh.prep ? "prep" : wh.measure ? "measure" : wh.word}`,
    doubts,
  };
}

/** A phrase of time: "in 1867", "during the long jump …", "on 6 June 1944", "in the 19th century". */
const TIME_PHRASE_START =
  /^(?:during|(?:in|on|by|before|after|until) (?:\d|(?:the )?(?:early|late|mid|\d+(?:st|nd|rd|th))\b|(?:January|February|March|April|May|June|July|August|September|October|November|December)\b))/i;

/** A name (capitalised words, a bracket after them) and an appositive with an article: "Maud Stevens (later Maud Wagner), a circus …". */
const NAME_THEN_APPOSITIVE = /^(?:\p{Lu}[\p{L}'’.-]*\s?)+(?: \([^()]+\))?, (?:a|an|the) [^,;:—–]+$/u;

/**
 * Things one does, which an instruction named as one of them takes "to" for ("An example of a strong password habit is to use …"). (A
 * "What is the first step …?" question keeps CAP-Statements' bare instruction: "The first step in designing a product is identify …".)
 */
const DONE_THINGS = /^(?:step|tip|habit|trick|remedy|precaution)$/;

/** An instruction whose verb takes its object or clause at once ("Use a long passphrase", "Check that …"), not a compound ("sign language"). */
function plainInstruction(a: AnswerParts): boolean {
  return isInstruction(a) && /^(?:DET|PRON|ADP|SCONJ|ADV|PART)$/.test(a.tokens[1]?.pos ?? "");
}

/** A phrase and a participle phrase after its comma: "Android Inc., founded by Andy Rubin", "about 6 minutes, lowered into water". */
const PARTICIPLE_AFTER = /^([^,]+), ((?:[a-z]+ed|born|built|known|made|written|sung|drawn|led|won|run|held) [^,;:—–]+)$/;

/**
 * A focusing adverb that opens a place answer and goes before the question's preposition ("only on Tasmania", "mainly in Asia"). (The
 * reformulator moves "mostly", "mainly" … itself when it finds the answer's phrase once in the statement, see FOCUS_BEFORE_PHRASE in
 * builtin.ts; "Tasmania" is also in "Tasmanian devils", so here the slot says it in place.)
 */
const FOCUS_BEFORE_PLACE = /^(?:only|just|mainly|mostly|chiefly|largely|primarily|exclusively) (?=[A-Z])/i;

/** A measure and a phrase of its own after it, without a comma: "about $35 million at the time", "six weeks for a simple fracture". */
const MEASURE_THEN_PHRASE = /^(.+?) ((?:at|for|in|during|on) (?:the|a|an|this|that|its|their) [^,;:—–()]+(?: \([^()]+\))?)$/;

/** A phrase answer's afterthought after a comma: "about 27.3 days, roughly", "honey, mostly", "1897, I think". */
const AFTERTHOUGHT =
  /^([^,]+), ((?:almost |nearly )?(?:exclusively|entirely)|roughly|approximately|more or less|give or take|on average|mostly|mainly|usually|typically|generally|probably|I think|I believe|at least|at most)$/;

/** An amount in figures, perhaps bounded or rounded: "400 mg", "up to about 400 mg", "more than 6 g". */
/** A duration that opens an answer: "Two minutes", "about 7 minutes", "up to an hour", "a few days". */
const DURATION_START =
  /^(?:(?:about|around|roughly|approximately|nearly|almost|over|well over|just over|just under|under|up to|at least|at most|only|just|usually|typically|no more than|less than|more than|fewer than) )*(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|a few|a couple of|several|an?) (?:(?:to|or|-|–) \w+ )?(?:\w+ )?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b)/i;

const AMOUNT_START =
  /^(?:(?:up to|about|around|over|under|more than|less than|at least|at most|roughly|approximately|nearly|almost|just over|just under) )*[\d.,]+\s?\S/i;

/** Adverbs of degree before an adjective ("so valuable", "too heavy", "very rare"). */
const DEGREE_ADVERB = /^(?:so|too|very|really|quite|extremely|incredibly|hugely|enormously|highly|fairly|pretty|rather)$/;

/** "built on _": after a passive's participle and the preposition it strands, the count goes last; else 0, right after "be". */
function strandedAfterParticiple(rest: readonly Token[]): number {
  const words = withoutFinalPunctuation(rest);
  let k = 0;
  while (words[k]?.pos === "ADV") k++;
  const participle = words[k]?.pos === "VERB" && /(?:ed|en|wn|lt|ght)$/.test(words[k].lower);
  // ("are badgers culled to control _ in England": after the participle's infinitive, which lacks its object.)
  if (participle && words[k + 1]?.lower === "to" && words[k + 2]?.pos === "VERB" && words[k + 2].lower === words[k + 2].lemma) return k + 3;
  // ("are children taught _ first": a verb of giving or naming keeps its second object after the participle.)
  if (
    participle &&
    DITRANSITIVE.has(words[k].lemma) &&
    words.slice(k + 1).every((t) => t.pos === "ADV" || /^(?:first|last)$/.test(t.lower))
  )
    return k + 1;
  return participle && words.length === k + 2 && words[k + 1].pos === "ADP" ? words.length : 0;
}

function existentialRealize(wh: WhPhrase, be: Token, rest: readonly Token[], answer: AnswerParts): Realized {
  // "Happy to help: there are five." — the answer's own "there are" says only the number.
  const own = answer.isClause ? /^there (?:are|is|were|was) (.+?)[.!]?$/i.exec(answer.text) : null;
  // ("There are 8 (on basically every modern system)": the count's parenthesis goes after the question's words, as a phrase answer's does.)
  const bracketed = own ? TRAILING_PARENTHESIS.exec(own[1]) : null;
  if (bracketed) {
    const r = existentialRealize(wh, be, rest, analyzeAnswer(bracketed[1]));
    return { ...r, sentence: `${r.sentence.replace(/[\s.]+$/u, "")}${bracketed[2]}` };
  }
  const a = own ? withAnswerFields(analyzeAnswer(own[1]), { rest: answer.rest, raw: answer.raw }) : answer;
  const dummy = a.isClause ? predicateOfDummySubject(a) : undefined;
  if (a.isClause && !dummy) {
    // ("How many bones are in the human body?" + "An adult has 206.": the number takes the noun the question counts.)
    // (Its own "there are" and a phrase the tagger read as a clause is the whole answer: "There are five interlocking rings on …".)
    const r = clauseAnswer(own ? answer : a, undefined, "existential", []);
    return { ...r, sentence: countedNounAfterNumber(r.sentence, wh, a) };
  }
  const answerText = dummy ? dummy.text : a.text;
  const answerTokens = dummy ? dummy.tokens : a.tokens;
  if ((wh.word === "what" || wh.word === "which") && wh.noun.length > 0 && rest.filter((t) => t.pos !== "PUNCT").length === 0) {
    // "What types of rocks are there?" + "igneous and metamorphic" → "The types of rocks are igneous and metamorphic."
    const noun = wh.typeOf && wh.noun.length > 1 ? `${wh.noun[0].text} of ${text(wh.noun.slice(1))}` : text(wh.noun);
    return { sentence: `The ${noun} ${be.lower} ${midSentence(answerText)}`, rule: "existential:which", doubts: [] };
  }
  const counted = slotPhrase(wh, answerText, answerTokens);
  // ("around 840 languages, which makes it …": what the answer adds goes after the question's words.)
  const adds = COUNT_THEN_MORE.test(answerText) ? /^(.+?)((?:,|\s—|\s–)\s.+)$/.exec(counted) : null;
  const slot = adds ? adds[1] : counted;
  const tail = adds ? adds[2] : "";
  // ("How much caffeine is …?" + "about 63 milligrams": a count of plural units is "there are".)
  const units =
    wh.measure === "much" && /^(?:(?:about|around|over|under|nearly|almost|roughly|approximately) )?[\d,.]+ [a-z]+s\b/i.test(answerText);
  const number =
    /^(?:one|1|a|an)\b(?![,.]\d)/i.test(answerText) && !/\band\b/.test(answerText)
      ? ({ are: "is", were: "was" }[be.lower] ?? be.lower)
      : units
        ? ({ is: "are", was: "were" }[be.lower] ?? be.lower)
        : be.lower;
  const after = withoutMarks(rest);
  // "How much rice is needed for 10 people?" + "750 g" → "750 g of rice is needed for 10 people.": a passive is said of the amount.
  // (So is an approximate count: "Roughly 840 languages are spoken in Papua New Guinea".)
  const countFirst =
    /^(?:(?:about|around|roughly|approximately|nearly|almost|over|under|more than|fewer than|up to|some|only|just) )?(?:[$£€¥]?[\d.,]+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:thir|four|fif|six|seven|eigh|nine)teen|(?:twen|thir|for|fif|six|seven|eigh|nine)ty(?:-[a-z]+)?)\s/i.test(
      slot,
    );
  // ("Nine major crusades are usually counted": an adverb may come before the participle.)
  const participle = after[0]?.pos === "ADV" && /ly$/.test(after[0].lower) ? after[1] : after[0];
  if (
    participle?.pos === "VERB" &&
    (/(?:ed|en)$/.test(participle.lower) || pastParticiple(participle.lemma) === participle.lower) &&
    participle.lemma !== participle.lower &&
    countFirst
  )
    return { sentence: `${[capitalize(slot), number, text(after)].join(" ")}${tail}`, rule: "existential:passive", doubts: [] };
  // "How many countries were founding members of NATO?" + "Twelve" → "Twelve countries were founding members of NATO.": what they were.
  if (wh.measure === "many" && pluralPredicate(after))
    return { sentence: `${[capitalize(slot), number, text(after)].join(" ")}${tail}`, rule: "existential:predicate", doubts: [] };
  // "How much caffeine is safe to have in a day?" + "Up to about 400 mg" → "Up to about 400 mg of caffeine is safe …": so is a judgement.
  if ((after[0]?.pos === "ADJ" || after[0]?.lower === "too") && AMOUNT_START.test(slot))
    return { sentence: `${[capitalize(slot), number, text(after)].join(" ")}${tail}`, rule: "existential:judged", doubts: [] };
  // ("There are 206 in an adult body" for "… in the human body?": the answer's own phrase of the question's place says it.)
  const head = after.at(-1);
  const placed =
    after[0]?.pos === "ADP" &&
    head?.pos === "NOUN" &&
    cachedRegExp(`\\b${escapeRegExp(after[0].lower)} (?:[\\w'’-]+ ){0,3}${escapeRegExp(head.lower)}\\b`, "i").test(slot);
  return {
    sentence: `${["There", number, midSentence(slot), placed ? "" : text(after)].filter((s) => s !== "").join(" ")}${tail}`,
    rule: "existential",
    doubts: [],
  };
}

/** The preposition a place of the wh-phrase's kind takes: a continent's "on" is "in" ("On which continent is Kenya?" → "in Africa"). */
function prepositionOfPlace(prep: string, wh: WhPhrase): string {
  return prep === "on" && wh.noun.some((t) => t.lemma === "continent") ? "in" : prep;
}

function inSituRealize(before: readonly Token[], wh: WhPhrase, asked: readonly Token[], a: AnswerParts): Realized {
  let after = asked;
  if (a.isClause) {
    // "The first synthetic dye was discovered by whom?" + "Perkin discovered it in 1856.": "it" is the question's subject.
    const be = before.findIndex((t, k) => k > 0 && t.pos === "AUX");
    const object = a.tokens.findIndex((t, k) => k > a.finiteVerb && t.lower === "it");
    if (be > 0 && object > 0 && a.finiteVerb > 0 && !isPluralPhrase(before.slice(0, be))) {
      const said = followedBy(`${text(a.tokens.slice(0, object))} ${midSentence(text(before.slice(0, be)))}`, a.tokens.slice(object + 1));
      return { sentence: said.replace(/[.!]+$/, ""), rule: "in-situ:pronoun", doubts: [] };
    }
    // "The first Eurovision Song Contest was won by which country?" + "It was won by Switzerland …": "it" is the question's subject.
    // ("The kiwi fruit originally comes from which country?" + "It's actually native to China": so it is before the question's verb.)
    // (Only a verb and its preposition right before the wh-phrase, after a subject with no demonstrative pointing back.)
    const verbThenPreposition =
      before.length > 2 &&
      before.at(-1)?.pos === "ADP" &&
      before.at(-2)?.pos === "VERB" &&
      !before.some((t) => /^(?:this|that|these|those)$/.test(t.lower));
    const verb = be > 0 ? be : verbThenPreposition ? before.length - 2 : -1;
    let subjectEnd = verb;
    while (subjectEnd > 1 && before[subjectEnd - 1].pos === "ADV") subjectEnd--;
    const subject = verb > 0 ? before.slice(0, subjectEnd) : [];
    const nounPhrase = subject.length > 0 && !subject.some((t) => ["SCONJ", "PUNCT", "VERB", "AUX", "PRON"].includes(t.pos));
    return clauseAnswer(a, nounPhrase ? subject : undefined, "in-situ", []);
  }
  let slot = slotPhrase(wh, a.text, a.tokens);
  let head = before;
  const last = head[head.length - 1];
  if (last && last.pos === "ADP" && new RegExp(`^${last.lower}\\b`, "i").test(slot)) head = head.slice(0, -1);
  // ("Leopard seals live mainly in which part of the world?" + "Around Antarctica": the answer's own preposition takes the question's.)
  else if (
    last?.pos === "ADP" &&
    !wh.prep &&
    a.tokens[0]?.pos === "ADP" &&
    /^(?:DET|PROPN|NOUN|ADJ)$/.test(a.tokens[1]?.pos ?? "") &&
    !/^(?:of|about|like|than|as)$/.test(a.tokens[0].lower) &&
    !/^in order\b/i.test(slot)
  ) {
    head = head.slice(0, -1);
    slot = `${slot[0].toLowerCase()}${slot.slice(1)}`;
  }
  // ("… make up the what?" + "The exposure triangle": the answer's own article takes the question's place.)
  else if (last && /^(?:the|a|an)$/.test(last.lower) && /^(?:the|a|an)\s/i.test(slot)) head = head.slice(0, -1);
  // ("Cola tastes tangy because of which ingredient?" + "Because of phosphoric acid": the answer says the question's words again.)
  else if (head.length > 2 && slot.toLowerCase().startsWith(`${text(head.slice(-2)).toLowerCase()} `)) head = head.slice(0, -2);
  // ("… helps it do what?" + "Sense prey": the answer's verb is the question's "do".)
  if (head.at(-1)?.lower === "do" && head.length > 1 && isInstruction(a)) head = head.slice(0, -1);
  if (wh.prep && !(a.tokens[0]?.pos === "ADP")) slot = `${wh.prep.lower} ${slot}`;
  // ("The Rocky Mountains are on which continent?" + "North America": "in North America".)
  else if (last && head.at(-1) === last && last.pos === "ADP" && prepositionOfPlace(last.lower, wh) !== last.lower && /^[A-Z]/.test(slot))
    head = [...head.slice(0, -1), { ...last, text: prepositionOfPlace(last.lower, wh) }];
  // ("… spend the winter where?" + "South Africa": a final where or when without its own preposition takes the answer's place or time.)
  else if (wh.word === "where" && head.at(-1)?.pos !== "ADP") slot = placePhrase(slot, a.tokens);
  else if (wh.word === "when" && head.at(-1)?.pos !== "ADP") slot = timePhrase(slot);
  // ("the milk of which animal?" + "The water buffalo's": after "of" the possessive's owner alone, "the milk of the water buffalo".)
  // ("… of which empire's army?" + "The Achaemenid Persian Empire's": the question's own "'s" is the answer's.)
  const owned = /^['’]s$/.test(after[0]?.text ?? "") && /['’]s$/.test(slot);
  if (owned) after = after.slice(1);
  else if (head.at(-1)?.lower === "of" && /^[^,;—–]+?['’]s(?=\s*(?:[,;—–]|$))/.test(slot))
    slot = slot.replace(/['’]s(?=\s*(?:[,;—–]|$))/, "");
  return {
    sentence: [capitalize(text(head)), midSentence(slot, wh.noun.at(-1)?.lemma), text(after)]
      .filter((s) => s !== "")
      .join(" ")
      .replace(/ (?=[,.;:])/g, ""),
    rule: "in-situ",
    // "vertical would Matt's demand curve look like", "will do flourish better": the question's word order or its "do" stays around the
    // answer.
    doubts:
      (after[0] && isAuxWord(after[0]) && after[1] && after[1].pos !== "VERB") || last?.lemma === "do"
        ? ["question word order around the answer"]
        : [],
  };
}

const isAuxWord = (t: Token) =>
  t.pos === "AUX" || /^(?:is|are|was|were|do|does|did|have|has|had|will|would|can|could|should|may|might|must)$/.test(t.lower);

/**
 * Whether the answer is a bare common noun naming the part a question's "which part", "which organ" picks, so that it takes "the": "in
 * the anther", "to the digestive system" (a modifier alone takes the question's noun: "the circulatory system"). A name ("Mars", "East
 * Africa"), a listed answer and a phrase with its own article stay as they are.
 */
function namesPickedPart(wh: WhPhrase, answerTokens: readonly Token[], slot: string): boolean {
  const of = wh.noun.findIndex((t) => t.lower === "of");
  const head = of > 0 ? wh.noun[of - 1] : wh.noun.at(-1);
  if (!head || wh.typeOf || !/^(?:which|what)$/.test(wh.word)) return false;
  // (Not a stage or a property, said bare: "in metaphase", "in colour".)
  if (!PART_NOUNS.has(head.lower) || /^(?:stage|phase|property|characteristic|feature)$/.test(head.lower)) return false;
  const cut = answerTokens.findIndex((t, k) => k > 0 && /^[,—–;(:]$/.test(t.text));
  const phrase = answerTokens.slice(0, cut < 0 ? answerTokens.length : cut).filter((t) => t.pos !== "PUNCT");
  const last = phrase.at(-1);
  return (
    last !== undefined &&
    phrase.length <= 3 &&
    phrase.every((t, k) => /^(?:NOUN|ADJ|PROPN)$/.test(t.pos) && (k === 0 || t.text === t.lower)) &&
    // (A modifier alone takes the question's noun, "circulatory system", or is no part at all: "in the digestive".)
    (slot.endsWith(` ${head.text}`) || (/^(?:NOUN|PROPN)$/.test(last.pos) && !canBeAdjective(last.lower))) &&
    // (Nor a mass noun, said bare: "in research", but an organ is one: "in the liver".)
    (head.lower === "organ" || !isUncountable(last.lower)) &&
    // (A capital that only opens the answer: "Anther", "Frontal lobe"; not a name, "Mars", "East Africa", nor a region's "Kashmir".)
    /^[a-z]/.test(partNamed(text(phrase), phrase[0])) &&
    !(head.lower === "region" && !inWordList(phrase[0].lower))
  );
}
const PLURAL_NUMBER = /^(?:two|three|four|five|six|seven|eight|nine|ten|several|some|many|\d+)$/i;

/** "The lungfish is a good example", "Bamboo is a classic example — …": an example said without what it is an example of. */
const EXAMPLE_WITHOUT_OF =
  /^(\S.*?\b(?:is|are|was|were) (?:a|an|one|another) (?:(?:good|great|classic|famous|well-known|common|perfect|prime|textbook|striking|notable) )?examples?)(?! of\b)([\s\S]*)$/i;

function imperativeRealize(f: Extract<Frame, { kind: "imperative" }>, a: AnswerParts): Realized {
  if (f.explain) {
    const clause = withoutMarks(f.explain.clause);
    const sentence = capitalize(text(clause));
    if (f.explain.how === "why") return realizeWhy(sentence, clause, a, []);
    if (a.isClause) return clauseAnswer(a, undefined, "imperative:explain-how", []);
    return { sentence: `${sentence} ${mannerPhrase(a.text, a.tokens)}`, rule: "imperative:explain-how", doubts: [] };
  }
  const object = f.object;
  // "Name the longest river in Asia." + "That's the Yangtze, at roughly 6,300 km.": the phrase after a dummy "that is" names it.
  // (Not "it", which may stand for the object: "Explain what a leap year is." + "It's a year with 366 days …".)
  const named = a.isClause && /^that(?:['’]s| is| would be|['’]d be)\s/i.test(a.text) ? predicateOfDummySubject(a) : undefined;
  if (
    named &&
    (named.tokens[0]?.pos === "DET" || named.tokens[0]?.pos === "PROPN") &&
    !/^an? (?:good|great|easy|simple)\b/i.test(named.text)
  )
    return imperativeRealize(f, withAnswerFields(analyzeAnswer(named.text), { rest: a.rest, raw: a.raw }));
  // "Name the first country to give women the vote." + "New Zealand was the first, in 1893.": the cut-short object said whole.
  const cut = a.isClause ? complementEllipsis(a, object) : undefined;
  if (cut) {
    const sentence = `${capitalize(text(cut.subject))} ${a.tokens[a.finiteVerb].text} ${text(withoutMarks(object))}`;
    return { sentence: followedBy(sentence, cut.after), rule: "imperative:ellipsis", doubts: [] };
  }
  // "Name a fish that can breathe air." + "The lungfish is a good example — …": the example is of the object asked for.
  const example = a.isClause ? EXAMPLE_WITHOUT_OF.exec(a.text) : null;
  if (example && object.length > 0)
    return {
      // ("Give an example of a mammal that lays eggs.": the object's own "an example of" is the answer's.)
      sentence: `${example[1]} of ${text(withoutMarks(object)).replace(/^(?:an?|one|another) examples? of /i, "")}${example[2]}`,
      rule: "imperative:example",
      doubts: [],
    };
  // (So is "X is a famous one.", whose verb the tagger may miss after a name's brackets and commas: "The Stone Forest (Shilin) in Yunnan,
  // China, is a famous one.")
  if ((a.isClause && !readsAsNounPhrase(a)) || / (?:is|are|was|were) (?:a|an|the) (?:[a-z]+(?:-[a-z]+)? )?one[.!]?$/.test(a.text)) {
    // "Name one property of gamma rays." + "they are highly penetrating" → "One property of gamma rays is that they are highly
    // penetrating."
    // "Give an example of an amphibian." + "A frog is an amphibian." names the instance itself; "Name one property of X." + a clause states
    // it.
    const head = headWord(object);
    const kind = classHead(object);
    const namesInstance = kind !== undefined && a.tokens.some((t) => t.lemma === kind.lemma);
    const propositional = head !== undefined && (isPropositionHead(head) || /^(?:example|instance|type|kind|sort|way)s?$/.test(head.lower));
    // ("Describe what the fuse in a plug does." + "It protects the flex.": "it" is the fuse in a plug.)
    const about = withoutFinalPunctuation(object);
    // ("Tell me about the Voyager Golden Record." + "It's a gold-plated copper disc …": "it" is the record, not "about" it.)
    const asked =
      about[0]?.lower === "what" && about.length > 2 && /^(?:does|do|did|is|are|was|were)$/.test(about[about.length - 1].lower)
        ? about.slice(1, -1)
        : about[0]?.lower === "about" && about.length > 1
          ? about.slice(1)
          : object;
    // ("Give me an example of a renewable energy source." + "Wind power is a good one.": "one" is one of the kind asked for.)
    const one = /^(.+? (?:is|are|was|were|would be|makes|make) (?:a |an |the )?(?:(?!no\b)[a-z]+(?:-[a-z]+)? )?)one\b([\s\S]*)$/i.exec(
      a.text,
    );
    // ("Name one film directed by Akira Kurosawa." + "Seven Samurai is probably his best known.": the maker's best known of the kind.)
    const best = BEST_KNOWN.exec(a.text);
    const maker = best ? / by ((?:[A-Z][\w'’.-]*)(?: [A-Z][\w'’.-]*)*)$/.exec(text(withoutFinalPunctuation(object))) : null;
    const kindNoun = maker ? headNoun(object) : undefined;
    if (best && maker && kindNoun?.pos === "NOUN") {
      const owner = /s$/.test(maker[1]) ? `${maker[1]}'` : `${maker[1]}'s`;
      return {
        sentence: `${best[1]}${owner} ${best[2].replace(/ one$/i, "")} ${kindNoun.lemma}${best[3]}`.replace(/[.!]+$/, ""),
        rule: "imperative:one-named",
        doubts: [],
      };
    }
    // (So for "Name a household product that's a base." + "Baking soda is a common one.": the thing named, in the question's words.)
    const named = /^(?:a|an|one)\s+(\S[\s\S]*)$/i.exec(text(withoutFinalPunctuation(object)));
    // ("Name one of the Great Lakes …" + "Lake Michigan is the only one.": "one" stays before the question's of-phrase.)
    if (one && named && !propositional && !namesInstance && /\b(?:a|an|the) [a-z]+(?:-[a-z]+)? $/i.test(one[1]))
      return {
        sentence: `${one[1]}${/^of\s/i.test(named[1]) ? "one " : ""}${named[1]}${one[2]}`.replace(/[.!]+$/, ""),
        rule: "imperative:one-named",
        doubts: [],
      };
    if (restates(a.tokens, object) || namesInstance || !propositional) return clauseAnswer(a, asked, "imperative", []);
    // (The kind itself: "101 is the smallest one." → "101 is the smallest prime number greater than 100.")
    // (An example stays one: "Measles is a classic example of a disease that vaccines prevent"; a type or kind is the kind itself.)
    const kindAsked = /^(?:(?:a|an|one|the)\s+)?(example|instance|type|kind|sort)s? of ((?:(?:a|an|the)\s+)?)(\S[\s\S]*)$/i.exec(
      text(withoutFinalPunctuation(object)),
    );
    if (one && kindAsked) {
      // ("101 is the smallest one": the smallest of the kind, not of its examples.)
      const example = /^(?:example|instance)$/i.test(kindAsked[1]) && /\b(?:a|an) (?:[a-z]+(?:-[a-z]+)? )?$/i.test(one[1]);
      const kind = example ? `${kindAsked[1].toLowerCase()} of ${kindAsked[2]}${kindAsked[3]}` : kindAsked[3];
      return { sentence: `${one[1]}${kind}${one[2]}`.replace(/[.!]+$/, ""), rule: "imperative:one-named", doubts: [] };
    }
    return { sentence: `${capitalize(text(object))} is that ${midSentence(a.text)}`, rule: "imperative:that-clause", doubts: [] };
  }
  // "Name one property of logarithms." + "log(ab) = log(a) + log(b)" / "the derivative equals zero": a proposition the tagger did not read
  // as a clause still follows "that".
  const propositionHead = headWord(object);
  if (propositionHead && isPropositionHead(propositionHead) && readsAsProposition(a.tokens))
    return { sentence: `${capitalize(text(object))} is that ${midSentence(a.text)}`, rule: "imperative:that-clause", doubts: [] };
  // "Name a quick way to chill a bottle of wine." + "Wrap it in …": a way is an infinitive ("is to wrap it …").
  // ("Give me three tips for falling asleep faster." + "get up at …, put screens away … and keep …": tips and steps are infinitives too.)
  const way =
    (/^(?:way|tip|step)$/.test(headNoun(object)?.lemma ?? "") && isInstruction(a)) ||
    // ("an example of a strong password habit": the kind the example is of.)
    ((DONE_THINGS.test(headNoun(object)?.lemma ?? "") ||
      (headNoun(object)?.lemma === "example" && DONE_THINGS.test(object.filter((t) => t.pos === "NOUN").at(-1)?.lemma ?? ""))) &&
      plainInstruction(a))
      ? `to ${a.text[0].toLowerCase()}${a.text.slice(1)}`
      : undefined;
  // ("Give an example of an anteater species." + "The silky anteater, for instance.": "an example of" says the answer's "for instance".)
  const exampleSaid = headNoun(object)?.lemma === "example" ? a.text.replace(/,\s*(?:for instance|for example|e\.g\.)[.!]?$/i, "") : a.text;
  const answer = way ?? (namesOneEvent(a.tokens) ? `the ${exampleSaid}` : withArticle(object, exampleSaid, a.tokens, true));
  const head = headNoun(object);
  // ("The five Great Lakes are …", "The three Musketeers are …": a count before the head, or a capitalised plural the tagger left whole,
  // which a list answer names.)
  const at = head === undefined ? -1 : object.indexOf(head);
  // (One of a kind is singular whatever its noun: "One endangered species is …".)
  const plural =
    object.some((t, i) => (i === 0 || (i < at && object[i - 1].pos === "DET")) && PLURAL_NUMBER.test(t.lower)) ||
    (head !== undefined &&
      !/^(?:one|a|an|each|every)$/.test(object[0]?.lower ?? "") &&
      /s$/.test(head.lower) &&
      !/(?:ss|us|is)$/.test(head.lower) &&
      (head.lemma !== head.lower || (head.pos === "PROPN" && (looksPlural(head.lower) || /,| and /.test(a.text)))));
  return {
    sentence: `${capitalize(text(object))} ${plural ? "are" : "is"} ${way ?? midSentence(answer, classHead(object)?.lemma)}`,
    rule: `imperative:${f.verb}`,
    doubts: [],
  };
}

/**
 * A bare process noun with its "of" phrase ("combustion of wood", "melting of ice"), which names one event and takes "the" as an
 * instance ("An example of an exothermic reaction is the combustion of wood").
 */
function namesOneEvent(tokens: readonly Token[]): boolean {
  return (
    tokens.length >= 3 &&
    tokens.length <= 6 &&
    tokens[1].lower === "of" &&
    /^[a-z]+(?:ing|tion|sion|ment|ance|ence|ure|ysis)$/.test(tokens[0].text) &&
    !tokens.some((t) => t.lower === "and" || t.text === ",")
  );
}

/**
 * Head nouns after which a bare answer takes "the" ("One part of the respiratory system is the trachea", "The site of photosynthesis is the
 * chloroplast").
 */
const DEFINITE_HEADS = /^(?:parts?|components?|organs?|units?|sites?|organelles?|layers?|currency|currencies|bones?|glands?)$/;
const MASS_SUFFIX = /(?:ity|ism|ness|ing|sis|ics|ogy|tion|sion|ment|ance|ence|ure|gy|py|try|ium|ine|ese)$/;

/**
 * "the" before a bare singular noun answer in "X is A" after a part-like head ("One part of the
 * respiratory system is the trachea"); the answer unchanged otherwise (names, mass nouns,
 * plurals, answers with their own determiner).
 */
function withArticle(subject: readonly Token[], answer: string, tokens: readonly Token[], instance = false): string {
  const head = headNoun(subject);
  if (!head || tokens.length === 0 || tokens.length > 4) return answer;
  // "the" after part-like heads. Whether a bare noun after "an example of" takes "a" depends on whether it is countable ("a crocodile" but
  // "copper", "gradient descent"), which no lexicon here records; an instance of a kind whose members are individuals (animals, devices,
  // shapes, landforms) is one, so it takes "a".
  const definite = DEFINITE_HEADS.test(head.lower);
  const kind = instance && !definite ? classHead(subject) : undefined;
  // A kind named alone and again as the answer's head is counted by it ("One type of lens is a convex lens").
  const individual = kind !== undefined && (isIndividualKind(kind.lower) || namesKindAgain(subject, tokens, kind));
  // A name for a thing takes the thing's own article ("The scientific name for the kneecap is the patella", "Another name for a Type I
  // error is a false positive").
  const named = definite || individual ? undefined : namedThingArticle(subject);
  if (!definite && !individual && !named) return answer;
  const first = tokens[0];
  if (
    ["DET", "PRON", "NUM", "ADP", "PUNCT", "SYM"].includes(first.pos) ||
    /^(?:a|an|the|one|some|any|its|their|his|her)$/i.test(first.lower) ||
    tokens.some((t) => t.lower === "and" || t.text === ",")
  )
    return answer;
  const nounHead = tokens.filter((t) => t.pos === "NOUN" || t.pos === "PROPN").at(-1) ?? tokens[tokens.length - 1];
  const capitalised = /^[A-Z]/.test(first.text);
  if (capitalised && tokens.length === 1) return answer;
  if (
    isPluralPhrase(tokens) ||
    isUncountable(nounHead.lower) ||
    (MASS_SUFFIX.test(nounHead.lower) && (named !== undefined || !tokens.some((t) => t.lower === "of"))) ||
    (named !== undefined && tokens.some((t) => /ing$/.test(t.lower)))
  )
    return answer;
  if (capitalised) return answer;
  if (individual || named === "a") return `${indefiniteArticle(answer)} ${answer}`;
  return `the ${answer}`;
}

/**
 * "the (scientific) name for the kneecap", "another term for a Type I error": the article of the thing named ("the" or "a");
 * undefined for other subjects.
 */
function namedThingArticle(subject: readonly Token[]): "the" | "a" | undefined {
  if (!/^(?:the|another)$/.test(subject[0]?.lower ?? "")) return undefined;
  const term = subject.findIndex((t) => /^(?:name|term|word)$/.test(t.lower));
  if (term < 1 || !subject.slice(1, term).every((t) => t.pos === "ADJ")) return undefined;
  const k = term + 1;
  if (subject[k]?.lower !== "for") return undefined;
  const det = subject[k + 1]?.lower;
  return det === "the" ? "the" : det === "a" || det === "an" ? "a" : undefined;
}

/**
 * Kinds whose members are countable individuals, so that one named member takes "a": living things by their class ("a crocodile" for a
 * reptile, "an earthworm" for an invertebrate) and made or shaped things ("a solar cell" for a device, "a caldera" for a landform). Kinds
 * of substances, processes or properties (gas, metal, hormone, algorithm, force) are left out: their members are named bare ("argon").
 */
const INDIVIDUAL_KINDS = wordSet(
  "animal mammal reptile amphibian bird fish insect invertebrate vertebrate herbivore carnivore omnivore predator marsupial primate rodent",
  "device tool machine appliance vehicle gadget landform quadrilateral polygon triangle graph wave",
);

/**
 * True when a compound answer ends with the kind's own singular noun ("convex lens" for "one type of lens"), the kind ends the request
 * and is not a substance or phenomenon ("paper chromatography", "magnetic force" stay bare). After a qualified kind ("one type of lens
 * used in a camera") CAP-Statements' references leave the article out, so the rule keeps to a kind named alone.
 */
function namesKindAgain(subject: readonly Token[], tokens: readonly Token[], kind: Token): boolean {
  return (
    tokens.length >= 2 &&
    kind.lower === kind.lemma &&
    tokens[tokens.length - 1].lower === kind.lower &&
    !subject.slice(subject.indexOf(kind) + 1).some((t) => /\w/.test(t.text)) &&
    !MASS_KINDS.has(kind.lower) &&
    !/(?:graphy|ide)$/.test(kind.lower)
  );
}

/** Kinds whose sub-kinds are named bare: forces, charges, processes and other phenomena. */
const MASS_KINDS = wordSet("force charge decay bias grammar memory tissue rainfall cartilage");

function isIndividualKind(word: string): boolean {
  const lemma = word.replace(/s$/, "");
  return INDIVIDUAL_KINDS.has(word) || INDIVIDUAL_KINDS.has(lemma) || /(?:bird|fish)$/.test(lemma);
}

/** Words that open a subordinate clause: a prompt or a question opening with one is a context to complete. */
export const SUBORDINATORS =
  /^(if|when|whenever|as|while|after|before|because|since|once|although|though|unless|until|during|in order to|so that)\b/i;

function completionRealize(prompt: string, a: AnswerParts): Realized {
  // An answer that repeats the prompt ("The largest organ … is" + "The largest organ … is the skin.") stands alone.
  const answerWords = a.text.toLowerCase().match(/[\p{L}\p{N}'’-]+/gu) ?? [];
  const promptWords = prompt.toLowerCase().match(/[\p{L}\p{N}'’-]+/gu) ?? [];
  const lead = Math.max(2, Math.ceil(promptWords.length * 0.6));
  if (promptWords.length >= 2 && promptWords.slice(0, lead).every((w, i) => answerWords[i] === w))
    return { sentence: a.text, rule: "completion:sentence", doubts: [] };
  const lastWord = promptWords.at(-1) ?? "";
  // "the stones would" + "would be gouged", "because it" + "It has …": the word the prompt ends with is not said twice.
  if (
    answerWords.length > 1 &&
    answerWords[0] === lastWord &&
    /^[\p{L}']+/u.exec(a.text)?.[0].toLowerCase() === lastWord &&
    new RegExp(`\\b${lastWord}$`, "i").test(prompt)
  )
    return completionRealize(prompt, analyzeAnswer(a.text.replace(/^[\p{L}']+\s*/u, "")));
  // "If placed in freshwater the cell will" ends inside its main clause: no comma before the answer.
  const open = COMPLEMENT_TAKING.test(lastWord);
  // (Not after a nominative pronoun, which has begun the main clause: "… brought together they repel each other".)
  if (SUBORDINATORS.test(prompt) && !prompt.includes(",") && !open && !/^(?:i|he|she|we|they)$/.test(lastWord))
    return { sentence: `${prompt}, ${a.text}`, rule: "completion:subordinate-clause", doubts: [] };
  // "… is about" + "Suicide accounts for …": a clause where the prompt wants a phrase.
  // The answer's own subject: no pronoun after its first word ("time it took" is a noun with its relative clause).
  // Asked only where the prompt's last word makes it matter: it needs the answer's tags, which most completions do not.
  const clauseStart = () => {
    const ownSubject =
      a.isClause &&
      a.finiteVerb > 0 &&
      a.finiteVerb <= 6 &&
      !a.tokens.slice(1, a.finiteVerb).some((t) => t.pos === "PRON" || /^(?:which|who|that)$/.test(t.lower));
    return ownSubject && a.tokens[0].pos !== "VERB" && a.tokens[0].pos !== "AUX";
  };
  // "… is that it" + "Electric cars are …": a subject pronoun, then a clause with a subject of its own.
  if (/^(?:it|they|he|she|we|you)$/.test(lastWord) && clauseStart())
    return { sentence: `${prompt} ${midSentence(a.text)}`, rule: "completion", doubts: ["a clause answer after a subject"] };
  const doubts =
    open && !/^(?:that|because|if|whether|when|since)$/.test(lastWord) && clauseStart() ? ["a clause answer completes a phrase"] : [];
  return { sentence: `${prompt} ${midSentence(a.text)}`, rule: "completion", doubts };
}

/** Words after which a sentence is unfinished: auxiliaries and modals, prepositions, determiners, "to". */
const COMPLEMENT_TAKING =
  /^(?:is|are|was|were|be|been|am|will|would|can|could|should|shall|may|might|must|do|does|did|has|have|had|to|of|in|on|at|by|for|with|from|into|about|as|than|the|a|an|its|their|his|her|this|these|that|because|if|whether|when|since)$/;

/**
 * "… is called a ___" + "It is called a barometer": what a sentence answer says after the words before the blank ("barometer"), when
 * it says them after its pronoun subject; else undefined.
 */
function fillAfterPromptWords(question: string, marker: RegExp, answer: string): string | undefined {
  if (!/^(?:it|they|he|she|this|that|these|those|we|you)\s/i.test(answer)) return undefined;
  const blank = marker.exec(question);
  if (!blank) return undefined;
  const before =
    question
      .slice(0, blank.index)
      .toLowerCase()
      .match(/[\p{L}\p{N}'’-]+/gu) ?? [];
  for (const n of [2, 1]) {
    if (before.length < n) continue;
    const words = before.slice(-n);
    // (One word only where it is not a function word: "called", not "is".)
    if (n === 1 && (words[0].length < 4 || COMPLEMENT_TAKING.test(words[0]))) continue;
    // (The words are letters, digits, apostrophes and hyphens: nothing to escape.)
    const at = new RegExp(`\\b${words.join("\\s+")}\\s+`, "i").exec(answer);
    if (!at) continue;
    const prefix = answer.slice(0, at.index).match(/\S+/g) ?? [];
    const rest = answer.slice(at.index + at[0].length).trim();
    if (prefix.length <= 5 && rest !== "") return rest.replace(/[.!]+$/, "");
  }
  return undefined;
}

function blankRealize(original: string, given: AnswerParts): Realized {
  const several = severalBlanksRealize(original, given.text);
  if (several) return several;
  const marker = HARD_BLANK.test(original) ? HARD_BLANK : BLANK;
  const filler = fillAfterPromptWords(original, marker, given.text);
  // ("It's gluten, which …": the phrase after a dummy "it is" fills the blank.)
  const dummy = filler ? undefined : /^(?:it|that|this)(?:['’]s| is| was) (?=\S)/i.exec(given.text);
  const chosen = filler ? analyzeAnswer(filler) : dummy ? analyzeAnswer(given.text.slice(dummy[0].length)) : given;
  // "in the ___ of plant cells" + "the chloroplasts", "… because ..." + "Because water …": the word before the blank is not said twice.
  const before = /\b([\p{L}]+)\s*$/iu.exec(original.slice(0, marker.exec(original)?.index ?? 0))?.[1];
  // (Nor an approximation said twice: "about ___ bones" + "Around 230" → "about 230 bones".)
  const rounded = (w: string) => /^(?:about|around|roughly|approximately|nearly|almost)$/i.test(w);
  const said =
    before && (new RegExp(`^${before}\\s+\\S`, "i").test(chosen.text) || (rounded(before) && rounded(chosen.text.split(/\s/, 1)[0])));
  const a = said ? analyzeAnswer(chosen.text.replace(/^\S+\s+/, "")) : chosen;
  const question = withoutRepeatedWord(original, marker, a.text);
  // "is_____" → "is unity of form": the answer gets spaces of its own where the blank had none.
  const fill = (text: string) =>
    question.replace(
      marker,
      (m, at: number) =>
        `${at > 0 && /\S/.test(question[at - 1]) ? " " : ""}${text}${/[\p{L}\p{N}]/u.test(question[at + m.length] ?? "") ? " " : ""}`,
    );
  return {
    // ("The largest planet is ___." + "Jupiter": the sentence's class says whether the capital is a name's.)
    sentence: capitalize(
      /^\s*(?:_{2,}|-{3,})/.test(question) ? fill(capitalize(a.text)) : fill(midSentence(a.text, classNamedIn(question))),
    ),
    rule: "fill-blank",
    // (A question with more blanks than the answer has parts: the others stay empty.)
    doubts: (original.match(EVERY_HARD_BLANK)?.length ?? 0) > 1 ? ["blanks left empty"] : [],
  };
}

/** A run of underscores or dashes, or empty brackets: each blank of a question with several. */
const EVERY_HARD_BLANK = new RegExp(HARD_BLANK.source, "g");

/**
 * "Epictetus claims that things within our power are ___ and things not in our power are ___." + "rational and irrational": a question
 * with several blanks takes one part of the answer in each, split at semicolons ("Interest; action"), else at commas and a final "and" or
 * "or" when each part is short. Any other answer fills the first blank and is flagged, for the others stay empty. Undefined for a question with one blank.
 */
function severalBlanksRealize(original: string, answer: string): Realized | undefined {
  const blanks = original.match(EVERY_HARD_BLANK)?.length ?? 0;
  if (blanks < 2) return undefined;
  const text = answer.trim().replace(/[.!]+$/, "");
  const bySemicolon = text.split(/\s*;\s*/);
  const parts = bySemicolon.length > 1 ? bySemicolon : text.split(/\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+/i);
  // (Split at "and" only into short phrases: "As of 2015, forests have remained stable … and have expanded …" is one clause.)
  const short = bySemicolon.length > 1 || parts.every((p) => p.split(/\s+/).length <= 4);
  if (parts.length !== blanks || !short || parts.some((p) => p === "")) return undefined;
  let k = 0;
  const filled = original.replace(
    EVERY_HARD_BLANK,
    (m, at: number) =>
      `${at > 0 && /\S/.test(original[at - 1]) ? " " : ""}${at === 0 ? capitalize(parts[k++]) : midSentence(parts[k++])}${/[\p{L}\p{N}]/u.test(original[at + m.length] ?? "") ? " " : ""}`,
  );
  return { sentence: capitalize(filled), rule: "fill-blanks", doubts: [] };
}

/** "used in ___ glasses to help …" + "glasses": the word after the blank that the answer ends with is not said twice. */
function withoutRepeatedWord(question: string, marker: RegExp, answer: string): string {
  const blank = marker.exec(question);
  const last = /([\p{L}\p{N}]+)\s*$/u.exec(answer)?.[1];
  if (!blank || !last) return question;
  const end = blank.index + blank[0].length;
  const after = /^\s+([\p{L}\p{N}]+)(?![\p{L}\p{N}'’-])/u.exec(question.slice(end));
  if (!after || after[1].toLowerCase() !== last.toLowerCase()) return question;
  return question.slice(0, end) + question.slice(end + after[0].length);
}

/** The colon form, only when the question could not be read: flagged. */
function colonFallback(body: string, a: AnswerParts): Realized {
  return { sentence: `${body.replace(/[\s?]+$/u, "")}: ${a.text}`, rule: "question-colon", doubts: ["question not parsed, colon form"] };
}

/**
 * A phrase answer with a clause after a comma ("Mars, because of the iron oxide on its surface";
 * "Euclid, since he wrote the Elements"; "Ankara, not Istanbul"): the phrase, and the clause that
 * goes at the end of the statement, never inside its subject.
 */
const TRAILING_CLAUSE =
  /^(.+?)(,\s*(?:because|since|as(?! well\b)|although|though|while|whereas|due to|owing to|thanks to|given that|not|so|but|then|after|before|until|once)\b.*|,\s*(?:mainly|mostly|especially|chiefly):\s.*|,\s*(?:and\s+)?(?:all|both|each|most of them|many of them|depending on)\b.*|,\s*(?:by (?:a lot|a long way|far|a mile|a wide margin)|of course|(?:mostly|mainly|largely)(?! from\b)|famously|notably|unsurprisingly|interestingly|supposedly|apparently|reportedly|arguably|technically|traditionally|allegedly|officially|originally|probably|possibly|(?:most|very|quite) likely|almost certainly|presumably)\b.*|,\s*(?:I think|I believe|I guess|I'd say|if I remember (?:correctly|rightly)|if I recall correctly)\b.*|\s*—\s*(?=[^\s\d]|\d[\d,.]*\s+[a-z]).*|\s+–\s+(?=[^\s\d]|\d[\d,.]*\s+[a-z]).*|;\s+(?=[^\s\d]).*)$/i;
/**
 * A short phrase, then a clause of the answer's own after ", and" ("Cobalt oxide, and only a tiny amount of it is needed"): tried before
 * TRAILING_CLAUSE, and only up to four words before the comma, where the tagger may miss a clause ("The organic matter … increases, and").
 */
const TRAILING_AND_CLAUSE =
  /^((?:[^\s,]+\s+){0,3}[^\s,]+)(,\s*and\s+(?=(?:it|they|he|she|this|that|there)\s+[a-z]|(?:only\s+)?(?:a|an|the|its|their|his|her)\s+(?:[\w'’-]+\s+){0,5}(?:is|are|was|were|has|have|had|can|could|will|would|does|do|did)(?:n['’]t)?\b).*)$/i;
/** A phrase that fills the question's gap, then a clause of the answer's own after a comma ("about 7.8 million francs, and it earned …"). */
// (Or a phrase of the answer's own after a comma: "He fought George Foreman, in Kinshasa, in 1974" → "… fought George Foreman in the
// Rumble in the Jungle, in Kinshasa, in 1974"; "He studied finches, mostly".)
const FILLER_THEN_CLAUSE =
  /^([^,;—–]+?)(,\s*(?:and|but|which|so|while|though|although|when|where|who|in|on|at|during|around|about|after|before|usually|probably)\s.*|,\s*(?:mostly|mainly|largely|usually|probably)[.!]?|\s*[;—–]\s.*)$/;
/** A possessive answer and what it adds ("Benjamin Franklin's (he was never president …)", "The Soviet Union's, in 1970: …"). */
const TRAILING_POSSESSIVE = /^(.+?['’]s?)(\s*[,(:;—–].*)$/;
/** "It's Yorick's, …", "That's Alan Turing's — …": a dummy subject and a possessive, then what the answer adds. */
const DUMMY_POSSESSIVE = /^(?:it|that|this)(?:['’]s| is| was)\s+([^,;:—–()]+?['’]s?(?:\s*[,(:;—–].*)?)$/i;
/** A short phrase answer and what it names after a colon ("Just one: F-sharp"). */
const TRAILING_COLON = /^((?:\S+\s+){0,4}[^\s:]+)(:\s+\S.*)$/;
/** A number answer and a parenthesis of three words or more that explains it ("13 (five vowels and eight consonants)"). */
// (After a unit only a parenthesis of its own, not the amount said again: "around 90 mg (smokers need an extra 35 mg)", but not "21.5 hours
// (21 hours and 36 minutes)" or "21.5 kg (about 47.5 pounds)".)
const TRAILING_PARENTHESIS =
  /^((?:about |around |roughly |nearly |over )?[\d.,]+(?:\s*(?:%|[a-zA-Z°µ]{1,12})(?=\s+\((?![\d.,]|(?:about|around|roughly|approximately|nearly|over|under|or|i\.e\.|c\.|circa|just|almost)\b)))?)(\s+\((?:[^()\s]+\s+){2,}[^()]*\))$/i;
/** "Edgar Allan Poe (it was published in 1845)": a bracketed clause of its own after the answer's phrase, said after the statement. */
const TRAILING_BRACKETED_CLAUSE = /^([^()]{2,80}?)(\s+\((?:it|he|she|they|this|that)\s+(?:[a-z]+\s+){1,}[^()]*\))$/i;

/** Frames whose statement takes the answer's trailing clause at its end. */
const SLOT_FRAMES = new Set<Frame["kind"]>(["wh-subject", "wh-be", "wh-inverted", "existential", "in-situ", "imperative"]);

/**
 * "Who invented the electronic spreadsheet?" said in the passive with `agent` after "by" ("The electronic spreadsheet was invented by Dan
 * Bricklin and Bob Frankston, who …"): how a careful annotator says a who-question's answer that goes on with a relative clause or an
 * apposition. Undefined for a question whose predicate is not a past verb and its object.
 */
export function passiveByAgent(q: ParsedQuestion, agent: string): string | undefined {
  const f = q.frame;
  if (f.kind !== "wh-subject" || f.wh.word !== "who" || q.context || q.fronted) return undefined;
  const predicate = withoutFinalPunctuation(f.predicate);
  const verb = predicate[0];
  // (A past tense: "pioneered", "wrote"; not a present "invents".)
  if (verb?.pos !== "VERB" || verb.lower === verb.lemma || /s$/.test(verb.lower)) return undefined;
  const end = nounPhraseEnd(predicate, 1);
  if (end <= 1 || end !== predicate.length || predicate.slice(1).some((t) => t.pos === "PRON" && t.lower !== "its")) return undefined;
  const object = predicate.slice(1, end);
  const be = isPluralPhrase(object) ? "were" : "was";
  return `${capitalize(text(object))} ${be} ${pastParticiple(verb.lemma)} by ${agent}`;
}

/**
 * The question as a clause inside another ("who wrote the Epic of Gilgamesh", "why cats knock things off tables"), for an answer that
 * says nobody knows it; undefined for other questions (a be-question's "what the origin … is" reads to the checks as a question left in).
 */
export function embeddedQuestion(q: ParsedQuestion): string | undefined {
  const f = q.frame;
  if (q.fronted || q.context) return undefined;
  const sentence = q.sentence.replace(/\s*\?\s*$/, "");
  const lead = (s: string) => (/^[A-Z][a-z]/.test(s) && !/^[A-Z][a-z]+ [A-Z]/.test(s) ? s[0].toLowerCase() + s.slice(1) : s);
  if (f.kind === "wh-subject") return lead(sentence);
  const before = (t: Token) => {
    const at = sentence.search(new RegExp(`\\s${t.text}\\b`));
    return at > 0 ? lead(sentence.slice(0, at)) : undefined;
  };
  // ("Who was the first person to circumnavigate the globe?" → "who the first person to circumnavigate the globe was".)
  if (f.kind === "wh-be" && f.tail.length === 0 && f.subject.length > 0 && f.wh.noun.length === 0 && !f.wh.prep) {
    const wh = before(f.be);
    const subject = text(f.subject).replace(/[\s?.!]+$/, "");
    return wh && subject !== ""
      ? `${wh} ${/^[A-Z]/.test(f.subject[0].text) && f.subject[0].pos !== "PROPN" ? midSentence(subject) : subject} ${f.be.lower}`
      : undefined;
  }
  if (f.kind === "wh-inverted") {
    const wh = before(f.decl.aux);
    if (!wh || f.decl.negated) return undefined;
    // (The subject as the question wrote it mid-sentence: "why Venus rotates backwards", "why cats bring …".)
    const said = declarative(f.decl, true).replace(/[.!]+$/, "");
    const written = f.decl.subject[0]?.text ?? "";
    return `${wh} ${/^[A-Z]/.test(written) ? said : /^[a-z]/.test(written) ? said[0].toLowerCase() + said.slice(1) : midSentence(said)}`;
  }
  return undefined;
}

/** Realises the final sentence of a question with an answer; the caller adds context and later sentences. */
export function realize(q: ParsedQuestion, answer: AnswerParts, question: string): Realized {
  const r = withNobodyNegated(realizeAnswer(q, answer, question));
  // "Why doesn't oil mix with water?" → "Oil doesn't mix with water because …": a why-question's own negation is said as it asked it.
  const f = q.frame;
  if (f.kind !== "wh-inverted" || f.wh.word !== "why" || !f.decl.negated) return r;
  const contracted = /\b(do|does|did|is|are|was|were|has|have|had|could|would|should|ca|wo)n['’]t\b/i.exec(q.sentence);
  if (!contracted) return r;
  const aux = contracted[1].toLowerCase();
  const spelled = aux === "ca" ? /\bcannot\b/ : aux === "wo" ? /\bwill not\b/ : new RegExp(`\\b${aux} not\\b`);
  return { ...r, sentence: r.sentence.replace(spelled, aux === "ca" ? "can't" : aux === "wo" ? "won't" : `${aux}n't`) };
}

/** A negated sentence whose subject is "something", "anyone" …, before its auxiliary's "not". */
const NEGATED_SOMEONE = /^(something|anything|someone|somebody|anyone|anybody) (is|was|can|could|will|would|has|had|should) not\b/i;

/** "Something is not really wrong" → "Nothing is really wrong": a no to "Is something …?" negates the pronoun, not its verb. */
function withNobodyNegated(r: Realized): Realized {
  const m = NEGATED_SOMEONE.exec(r.sentence);
  if (!m) return r;
  const none = /thing$/i.test(m[1]) ? "nothing" : "no one";
  return { ...r, sentence: `${/^[A-Z]/.test(m[1]) ? capitalize(none) : none} ${m[2]}${r.sentence.slice(m[0].length)}` };
}

/**
 * "What does the hippocampus do?": an answer's "It is …" says "it" of the question's subject ("It's mainly about memory" → "The
 * hippocampus is mainly about memory"), not of a dummy.
 */
function asksWhatItDoes(wh: WhPhrase, d: Declarative): boolean {
  return wh.word === "what" && d.verb?.lemma === "do" && d.rest.every((t) => t.pos === "PUNCT");
}

/** Adverbs of one kind: the answer's own opens it in place of the question's ("mainly eat" + "Mostly nectar"). */
const ADVERB_KINDS: readonly RegExp[] = [
  /^(?:mostly|mainly|primarily|largely|chiefly|predominantly)$/,
  /^(?:usually|typically|normally|generally|commonly)$/,
  /^(?:really|actually|truly)$/,
];

/** Whether two adverbs are of one kind ("mainly" and "mostly"). */
export function sameAdverbKind(a: string, b: string): boolean {
  return ADVERB_KINDS.some((kind) => kind.test(a.toLowerCase()) && kind.test(b.toLowerCase()));
}

/**
 * The question without its adverb before the verb where the answer opens with one of the same kind ("What do hummingbirds mainly eat?" +
 * "Mostly flower nectar", "Do owls really turn …?" + "Not quite — …"): the answer's adverb says it, once. Undefined otherwise.
 */
function withoutRestatedAdverb(q: ParsedQuestion, answer: string): ParsedQuestion | undefined {
  const f = q.frame;
  if (f.kind !== "wh-inverted" && f.kind !== "yes-no") return undefined;
  const opening = /^(?:not )?([a-z]+)\b/i.exec(answer)?.[1].toLowerCase() ?? "";
  const negatedDegree = /^not (?:quite|really|exactly|actually|entirely)\b/i.test(answer);
  const same = (t: Token) => sameAdverbKind(t.lower, opening) || (negatedDegree && sameAdverbKind(t.lower, "really"));
  if (!f.decl.preVerb.some(same)) return undefined;
  const decl = { ...f.decl, preVerb: f.decl.preVerb.filter((t) => !same(t)) };
  return { ...q, frame: { ...f, decl } };
}

/** "You'd call it a hoglet", "We call them kits": what someone calls the question's thing. */
const CALL_IT =
  /^(?:you|we|people|one|most people)(?:['’]d| would| could| can| might)?(?: (usually|often|generally|commonly|sometimes|typically))? call (it|them|her|him) (\S[\s\S]*)$/i;

/** An adverb and its comma before a phrase answer ("Basically, the whole environment …"). */
const COMMA_AFTER_ADVERB =
  /^(basically|essentially|mainly|mostly|largely|primarily|chiefly|usually|generally|typically|normally|roughly|simply),\s+(?!that\b)(?=[a-z0-9])/i;

/** "Not long at all", "Not much": a "not" before the question's own measure word. */
const NOT_MEASURE = /^not (?:very |that |so )?(long|much|far|often)\b/i;

function realizeAnswer(q: ParsedQuestion, answer: AnswerParts, question: string): Realized {
  const f = q.frame;
  // ("Knight." for "Which chess piece moves in an L shape?", "Kiwi." for "Name one bird that cannot fly.": a chat answer's one member of a
  // counted kind, as its subject or the one named, is "the knight". CAP-Statements' bare "ruler" and "Rabbit" stay as written, and so does
  // an object: "played piano".)
  const kindHead =
    f.kind === "wh-subject" && /^(?:which|what)$/.test(f.wh.word) && !f.wh.measure && !f.wh.partitive
      ? f.wh.noun.at(-1)?.lemma
      : f.kind === "imperative" && /^name$/i.test(f.verb)
        ? classHead(f.object)?.lemma
        : undefined;
  const counted = kindHead && /^[A-Z][a-z]+\.$/.test(answer.raw.trim()) ? withKindArticle(answer.text, kindHead) : undefined;
  if (counted) return realizeAnswer(q, withAnswerFields(analyzeAnswer(counted), { rest: answer.rest, raw: answer.raw }), question);
  // ("Where did the First Punic War mostly take place?" + "Mostly in and around Sicily.": the question's adverb stays where it stands and
  // the answer's phrase is read without its own.)
  const restated = withoutRestatedAdverb(q, answer.text);
  const saidAgain =
    restated && !answer.isClause
      ? /^(?:mostly|mainly|largely|chiefly|primarily|usually|typically|generally|normally|often)\s+(?=\S)/i.exec(answer.text)
      : null;
  if (saidAgain && "decl" in f && f.decl.preVerb.some((t) => t.lower === saidAgain[0].trim().toLowerCase()))
    return realizeAnswer(
      q,
      withAnswerFields(analyzeAnswer(answer.text.slice(saidAgain[0].length)), { rest: answer.rest, raw: answer.raw }),
      question,
    );
  if (restated) return realizeAnswer(restated, answer, question);
  // "What's a baby hedgehog called?" + "You'd call it a hoglet.": what one calls it is what it is called ("It is called a hoglet").
  const calling = /\bcalled\s*[?.]?\s*$/i.test(question) ? CALL_IT.exec(answer.text) : null;
  if (calling) {
    // ("You'd call her a cow" to "What is a female moose called?": her or him is the question's thing.)
    const said = `${calling[2].toLowerCase() === "them" ? "They are" : "It is"}${calling[1] ? ` ${calling[1].toLowerCase()}` : ""} called ${calling[3]}`;
    return realizeAnswer(q, withAnswerFields(analyzeAnswer(said), { rest: answer.rest, raw: answer.raw }), question);
  }
  // "Basically, the whole environment …": a phrase answer's opening adverb reads on without its comma ("… is basically the whole …").
  // (Its phrase up to a colon or dash: "…, the whole environment a vineyard's grapes grow in: soil, …" has a relative clause only.)
  const opening = COMMA_AFTER_ADVERB.exec(answer.text);
  const phrase = opening ? answer.text.slice(opening[0].length) : "";
  const bare = opening ? analyzeAnswer(phrase) : undefined;
  if (opening && bare && !analyzeAnswer(phrase.split(/\s*[:;—–]\s*/u)[0]).isClause) {
    // (Said without it, then put back before the phrase: with it, the tagger can read the phrase as a clause.)
    const r = realizeAnswer(q, withAnswerFields(bare, { rest: answer.rest, raw: answer.raw }), question);
    const at = r.sentence.indexOf(` ${phrase.split(" ").slice(0, 3).join(" ")}`);
    if (at > 0) return { ...r, sentence: `${r.sentence.slice(0, at)} ${opening[1].toLowerCase()}${r.sentence.slice(at)}` };
  }
  // "How dangerous are Irukandji jellyfish?" + "Very." → "… are very dangerous": a bare degree grades the question's adjective.
  const degreeOnly =
    "wh" in f && f.wh.word === "how" && f.wh.measure && !/^(?:many|much)$/.test(f.wh.measure)
      ? /^((?:not )?(?:very|extremely|quite|fairly|pretty|really|incredibly|highly|rather|somewhat|that|so|super))[.!]?$/i.exec(answer.text)
      : null;
  if (degreeOnly && "wh" in f && f.wh.measure) {
    const graded = analyzeAnswer(`${degreeOnly[1]} ${f.wh.measure}`);
    return realizeAnswer(q, withAnswerFields(graded, { rest: answer.rest, raw: answer.raw }), question);
  }
  // "How long do octopuses live?" + "Not long at all." → "Octopuses do not live long at all.": the answer's "not" negates the verb.
  const notMeasure = f.kind === "wh-inverted" && f.decl.verb && !f.decl.negated ? NOT_MEASURE.exec(answer.text) : null;
  if (notMeasure && f.kind === "wh-inverted" && notMeasure[1].toLowerCase() === f.wh.measure) {
    const negated = { ...q, frame: { ...f, decl: { ...f.decl, negated: true } } };
    const said = analyzeAnswer(answer.text.replace(/^not\s+/i, ""));
    return realizeAnswer(negated, withAnswerFields(said, { rest: answer.rest, raw: answer.raw }), question);
  }
  // (The regexes first: whether the answer is a clause needs its tags, which the frame may not.)
  const t = answer.text;
  const slot = SLOT_FRAMES.has(f.kind) && !(f.kind === "wh-inverted" && f.wh.word === "why");
  // "It's Yorick's, the old court jester, …" to a whose-question: the possessive after the dummy subject is the answer.
  const owner = "wh" in f && f.wh.word === "whose" ? DUMMY_POSSESSIVE.exec(t) : null;
  if (owner) return realizeAnswer(q, withAnswerFields(analyzeAnswer(owner[1]), { rest: answer.rest, raw: answer.raw }), question);
  // (An answer that opens with a condition is one clause: "If it has feathers, …, so leave it alone.")
  const trailing = /^(?:if|when|unless|once)\s/i.test(t)
    ? null
    : ((slot
        ? (TRAILING_AND_CLAUSE.exec(t) ??
          TRAILING_CLAUSE.exec(t) ??
          TRAILING_PARENTHESIS.exec(t) ??
          TRAILING_BRACKETED_CLAUSE.exec(t) ??
          TRAILING_COLON.exec(t))
        : null) ?? ("wh" in f && f.wh.word === "whose" ? TRAILING_POSSESSIVE.exec(t) : null));
  // (Not inside a quotation: '"Mr. Watson, come here — I want to see you."' is one phrase.)
  const quoted = trailing !== null && ((trailing[1].match(/"/g)?.length ?? 0) % 2 === 1 || /“[^”]*$/.test(trailing[1]));
  if (trailing && !answer.isClause && !quoted) {
    const core = withAnswerFields(analyzeAnswer(trailing[1]), { rest: answer.rest, raw: answer.raw });
    // (The core may end in an addition of its own: "Six: Switzerland, …" before "— though …".)
    const r = core.text.length < t.length ? realizeAnswer(q, core, question) : realizeFrame(q, core, question);
    const listed = trailing[2].startsWith(":") ? listAfterAdvice(f, r, core, trailing[2]) : undefined;
    if (listed) return { ...r, sentence: listed, rule: `${r.rule}:trailing-clause` };
    // ("What do leatherback turtles mainly eat?" + "Jellyfish, mostly.": the question's own adverb says the answer's afterthought.)
    const afterthought = /^,\s*([a-z]+)[.!]?$/i.exec(trailing[2])?.[1];
    if (afterthought && "decl" in f && f.decl.preVerb.some((t) => sameAdverbKind(t.lower, afterthought))) return r;
    return { ...r, sentence: `${r.sentence.replace(/[\s.]+$/u, "")}${trailing[2]}`, rule: `${r.rule}:trailing-clause` };
  }
  return realizeFrame(q, answer, question);
}

/**
 * "What should I pack for a day hike?" + "The essentials: 1. plenty of water 2. …": advice the asker asked for, named by a phrase and
 * listed after a colon, is what the phrase names ("The essentials to pack for a day hike are plenty of water, …"), not an order in the
 * passive ("The essentials should be packed for a day hike: …"); undefined for other answers.
 */
function listAfterAdvice(f: ParsedQuestion["frame"], r: Realized, core: AnswerParts, list: string): string | undefined {
  if (f.kind !== "wh-inverted" || r.rule !== "wh-inverted:impersonal" || f.decl.aux.lower !== "should" || !f.decl.verb) return undefined;
  // (A list after the colon, not a clause: "Ferns: they love shade.")
  if (!/^:\s+(?:1\.\s|(?!(?:they|it|he|she|you|we|this|that|these|those|there)\b)[^.;]*,)/i.test(list)) return undefined;
  const passive = `${capitalize(core.text)} should be ${pastParticiple(f.decl.verb.lemma)}`;
  if (!r.sentence.startsWith(`${passive} `) && r.sentence.replace(/[\s.]+$/u, "") !== passive) return undefined;
  const after = r.sentence.slice(passive.length).replace(/[\s.]+$/u, "");
  return `${capitalize(core.text)} to ${f.decl.verb.lemma}${after} ${core.plural ? "are" : "is"} ${list.replace(/^:\s+/, "")}`;
}

/** A phrase and its appositive after a comma: "An 11-year-old schoolgirl from Oxford, Venetia Burney", "Georgia, the country in the Caucasus". */
const APPOSITIVE_END =
  /^(?:[^,]{2,80}, (?:the|a|an|under|led by|captained by|coached by|alongside|along with|together with) [^,]{2,60}|(?:[Aa]n?|[Tt]he|[Oo]ne) [^,]{2,80}, [A-Z][\p{L}.'’-]+(?: [A-Z][\p{L}.'’-]+){0,3})$/u;
/** What opens a framing phrase or an adjunct, not a noun phrase: "As far as I know, Italy", "In 1928, …". */
const NOT_NOUN_PHRASE_START =
  /^(?:as|in|on|at|for|by|from|with|according|probably|maybe|perhaps|i|we|you|it|well|so|yes|no|if|when|because)\b/i;

/**
 * The comma that closes an appositive (or a leader's phrase: "India, under Kapil Dev,") before the verb: a phrase answer that ends with
 * one and opens the statement ("An 11-year-old
 * schoolgirl from Oxford, Venetia Burney, came up with …"), or a be-question's subject that does ("The currency of Georgia, the country
 * in the Caucasus, is the lari").
 */
function withAppositiveClosed(sentence: string, q: ParsedQuestion, a: AnswerParts): string {
  if (!sentence.includes(", ")) return sentence;
  const f = q.frame;
  const phrase =
    f.kind === "wh-subject" && !a.isClause
      ? a.text.replace(/[.!]+$/, "")
      : f.kind === "wh-be"
        ? capitalize(text(f.subject).replace(/[\s?.!]+$/, ""))
        : "";
  if (phrase === "" || / (?:and|or) /.test(phrase) || NOT_NOUN_PHRASE_START.test(phrase) || !APPOSITIVE_END.test(phrase)) return sentence;
  const opening = sentence.slice(0, phrase.length);
  if (opening.toLowerCase() !== phrase.toLowerCase() || sentence[phrase.length] !== " ") return sentence;
  return `${opening},${sentence.slice(phrase.length)}`;
}

/** "the left one", "the oldest surviving one": an adjective and "one" (not "the only one", "the one that …"). */
const ADJECTIVE_ONE =
  /\bthe ((?:[a-z]+ ){0,2}?)(?!only\b|same\b|other\b|right\b|wrong\b|very\b)([a-z]+) one\b(?! (?:of|another|who|that|which|where)\b)/i;

/**
 * The answer's "one" standing for the question's noun given back ("To which side of the heart …?" + "To the left one" → "to the left
 * side of the heart"; "What did the first photograph show?" + "The oldest surviving one …" → "The oldest surviving photograph …"): the
 * wh-phrase's singular noun, else the head of the question's subject. A question that says "one" itself keeps it. (A phrase answer
 * that is only "the … one" gets its noun in the wh-phrase's slot already: slotPhrase.)
 */
function withOneNamed(sentence: string, q: ParsedQuestion): string {
  if (!sentence.includes(" one")) return sentence;
  // ("Quite a few leafy ones can be grown in shade" for "Which vegetables …?": "ones" after an adjective is the wh-phrase's plural noun.)
  const ones = / ([a-z]+) ones\b/.exec(sentence.slice(0, 80));
  const f0 = q.frame;
  // ("Which board games …?" + "Some good ones": a compound's last noun plural, "board games".)
  const whNoun = "wh" in f0 ? f0.wh.noun : [];
  const last = whNoun.at(-1);
  const plural =
    last !== undefined &&
    whNoun.length <= 3 &&
    last.pos === "NOUN" &&
    last.lemma !== last.lower &&
    whNoun.every((t) => t.pos === "NOUN" || t.pos === "ADJ" || t.pos === "PROPN");
  if (ones && plural && canBeAdjective(ones[1]) && !/\bones\b/i.test(q.final)) {
    const start = ones.index + ones[0].length - "ones".length;
    return `${sentence.slice(0, start)}${text(whNoun)}${sentence.slice(start + 4)}`;
  }
  const m = ADJECTIVE_ONE.exec(sentence);
  // (Not after a name: "the Pacific one".)
  if (!m || /^[A-Z]/.test(m[2]) || /\bones?\b/i.test(q.final)) return sentence;
  // (Adjectives, participles and ordinals only: not "The Moon rotates one time".)
  const modifiers = `${m[1]}${m[2]}`.split(" ");
  if (!modifiers.every((w) => canBeAdjective(w) || /^[a-z]+(?:ing|est|st|nd|rd|th)$/.test(w))) return sentence;
  const f = q.frame;
  const wh = "wh" in f ? f.wh : undefined;
  let noun: readonly Token[] = [];
  // ("Which scientist developed the polio vaccine?" + "Jonas Salk developed the first effective one": a "one" after the subject stands
  // for the question's object, "the first effective polio vaccine".)
  // (The object's nouns only, its modifiers being the answer's own: "the largest one" for "the largest volcano".)
  if (f.kind === "wh-subject" && m.index > 0 && f.predicate[0] !== undefined && f.predicate[0].lemma !== "be") {
    const object = predicateObject(f.predicate).object;
    let from = object.length;
    while (from > 0 && (object[from - 1].pos === "NOUN" || object[from - 1].pos === "PROPN")) from--;
    if (from === object.length || object.length - from > 3) return sentence;
    noun = object.slice(from);
  } else if (wh && wh.noun.length > 0 && !wh.partitive) noun = wh.noun;
  else if (f.kind === "wh-inverted" && wh?.noun.length === 0) noun = f.decl.subject.slice(-1);
  const head = noun.findIndex((t) => t.lower === "of");
  const headWord = noun[head < 0 ? noun.length - 1 : head - 1];
  if (
    headWord?.pos !== "NOUN" ||
    looksPlural(headWord.lower) ||
    noun.some((t) => t.pos === "NUM" || (t.pos === "DET" && t !== noun[head + 1]))
  )
    return sentence;
  const named = noun
    .map((t) => t.text)
    .join(" ")
    .replace(/ (?=['’]s\b)/g, "");
  const start = m.index + m[0].length - "one".length;
  return `${sentence.slice(0, start)}${named}${sentence.slice(start + 3)}`;
}

function realizeFrame(q: ParsedQuestion, answer: AnswerParts, question: string): Realized {
  const only = realizeFrameOnly(q, answer, question);
  const r = { ...only, sentence: withAppositiveClosed(withOneNamed(only.sentence, q), q, answer) };
  const f = q.frame;
  const wh = "wh" in f ? f.wh : undefined;
  const doubt = wh ? whNounDoubt(wh, answer, r.sentence) : undefined;
  return doubt ? { ...r, doubts: [...r.doubts, doubt] } : r;
}

const TIME_OR_MEASURE_NOUN = /^(?:year|century|decade|month|day|time|date|age|percentage|percent|number|amount)$/;

/**
 * The wh-phrase's noun is what the answer replaces: "Which two body systems …?" + "respiratory
 * and nervous" or "What electrical charge …?" + "+1" have no noun of their own, so dropping the
 * question's ("Respiratory and nervous are involved …", "A proton has +1 …") loses what the answer
 * is; and a plural noun answer with the question's noun glued after it ("Proteins substances serve …")
 * reads as two nouns.
 */
function whNounDoubt(wh: WhPhrase, a: AnswerParts, sentence: string): string | undefined {
  const head = wh.noun.at(-1);
  if (!head || wh.measure !== undefined || !/^(?:what|which)$/.test(wh.word) || TIME_OR_MEASURE_NOUN.test(head.lemma)) return undefined;
  const tokens = a.tokens.filter((t) => t.pos !== "PUNCT");
  if (tokens.length === 0 || a.isClause) return undefined;
  const nounless = !tokens.some((t) => t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "PRON");
  const attribute = /^(?:color|colour|shape|size|state|phase|type|kind|sort|form)$/.test(head.lemma);
  // (The sentence's words are read only when the answer names nothing.)
  if (
    nounless &&
    !attribute &&
    !(sentence.toLowerCase().match(/[\p{L}\p{N}'’-]+/gu) ?? []).some((w) => w === head.lower || w === head.lemma)
  )
    return `the question's "${head.text}" left out: the answer names none`;
  const last = tokens.at(-1);
  const glued = last !== undefined && sentence.toLowerCase().includes(`${last.lower} ${head.lower}`);
  if (last && last.pos === "NOUN" && last.lemma !== last.lower && /s$/.test(last.lower) && glued)
    return `the question's "${head.text}" glued after the answer's noun`;
  return undefined;
}

/** Words that open a noun phrase, so that the word after them is inside it ("a drop cap"). */
const NOUN_PHRASE_OPENER = /^(?:a|an|the|this|that|these|those|my|your|his|her|its|our|their)$/;

/**
 * A wh-subject question's statement, after the answer's shapes that lean on the predicate: the question's own "ones" said as its noun,
 * a final "did" after an apposition, and "its"/"their" for the owner the question names.
 */
function whSubjectRealize(wh: WhPhrase, given: readonly Token[], a: AnswerParts): Realized {
  // ("Which mammals are the only ones capable of true flight?": the question's own "ones" is its noun, "the only mammals".)
  const head = wh.noun.at(-1);
  const plural = head !== undefined && head.lemma !== head.lower;
  const predicate = given
    .filter((t, i, all) => !(i === all.length - 1 && /^[?.!:]+$/.test(t.text)))
    .map((t, i, all) =>
      plural && t.lower === "ones" && /^(?:ADJ|ADV)$/.test(all[i - 1]?.pos ?? "") && head ? word(t, head.lower, "NOUN") : t,
    );
  // ("Which law created the FDIC?" + "The Banking Act of 1933, often called Glass-Steagall, did.": the subject before a final "did",
  // whose apposition between commas keeps the tagger from reading a clause.)
  const bareAux = /^(.+?)\s+(?:did|does|do)[.!]?$/i.exec(a.text);
  if (bareAux && !a.rest && /,/.test(bareAux[1])) {
    const subject = bareAux[1].replace(/,$/, "");
    const r = subjectRealize(wh, predicate, analyzeAnswer(subject));
    // (The apposition's closing comma stays.)
    const closed = subject !== bareAux[1] && r.sentence.startsWith(`${subject} `);
    return { ...r, sentence: closed ? `${subject},${r.sentence.slice(subject.length)}` : r.sentence, rule: `${r.rule}:ellipsis` };
  }
  // "What lets owls fly almost silently?" + "Their feathers." → "Owls' feathers let them fly almost silently."
  // (Only to a bare "what", whose answer is the cause: not "What soil property causes the difference?" + "Its acidity".)
  // (After an adverb too: "Mostly its low water content …" → "Mostly honey's low water content … make it …".)
  const adverb = a.tokens[0]?.pos === "ADV" && /^(?:its|their)$/.test(a.tokens[1]?.lower ?? "") ? a.tokens[0] : undefined;
  const said = adverb ? a.tokens.slice(1) : a.tokens;
  const owner = !a.isClause && wh.noun.length === 0 && !wh.partitive ? possessiveOwner(said, predicate) : undefined;
  if (owner) {
    const asAnswer = (subject: Token[]) => withAnswerFields(analyzeAnswer(text(subject)), { rest: a.rest, raw: a.raw });
    const r = ownedSubjectRealize(wh, predicate, owner, asAnswer, said);
    // (The owner as the question wrote it: "honey", "Mars".)
    const lowered = /^[a-z]/.test(owner.object[0].text) ? `${r.sentence[0].toLowerCase()}${r.sentence.slice(1)}` : r.sentence;
    const sentence = adverb ? `${capitalize(adverb.lower)} ${lowered}` : r.sentence;
    return { ...r, sentence, rule: `${r.rule}:possessive` };
  }
  return subjectRealize(wh, predicate, a);
}

function realizeFrameOnly(q: ParsedQuestion, answer: AnswerParts, question: string): Realized {
  const f = q.frame;
  // "It's Jupiter." / "It is in the Himalayas." to a wh-question: the phrase after "it is" is the answer.
  // ("What does this mean?" + "It was a sea." keeps the clause: "mean" takes one.)
  // (A why-question reads it itself: "It is blue because …" can say the question again.)
  const clauseObject =
    f.kind === "wh-inverted" &&
    ((f.decl.verb !== undefined && CLAUSE_VERBS.has(f.decl.verb.lemma)) || f.wh.word === "why" || asksWhatItDoes(f.wh, f.decl));
  // ("The largest moon of Saturn is" + "That's Titan.", "Name the Japanese term for …" + "That's irezumi.": so to a sentence to complete
  // or an instruction, where "it" or "that" points at the answer.)
  // (Only a noun phrase after a prompt that ends with "be", or after "Name …": "it is associative" completes "One property … is that".)
  const pointedAt = /^\s*(?:it|that|this)(?:['’]s| is| was| would be) (\S+)/i.exec(answer.raw)?.[1];
  const pointed =
    ((f.kind === "completion" && /\b(?:is|are|was|were)\s*$/i.test(f.prompt)) || (f.kind === "imperative" && /^name$/i.test(f.verb))) &&
    pointedAt !== undefined &&
    (/^(?:the|a|an)$/i.test(pointedAt) ||
      /^(?:\*\*)?[A-Z]/.test(pointedAt) ||
      // (So a bare term: "That's irezumi.")
      (answer.tokens.length <= 6 &&
        answer.tokens.slice(2).every((t) => /^(?:NOUN|PROPN|ADJ|PUNCT)$/.test(t.pos)) &&
        answer.tokens.slice(2).some((t) => /^(?:NOUN|PROPN)$/.test(t.pos))));
  const dummyFound =
    (f.kind !== "yes-no" && f.kind !== "completion" && f.kind !== "blank" && f.kind !== "imperative" && !clauseObject) || pointed
      ? predicateOfDummySubject(answer)
      : undefined;
  // ("The snowy owl is native to which region?" + "It's an Arctic bird, …": after "it is" a kind of thing, no region, says what the
  // question's subject is; "it" is that subject.)
  const describesSubject =
    f.kind === "in-situ" &&
    f.before.at(-1)?.pos === "ADP" &&
    /^(?:which|what)$/.test(f.wh.word) &&
    f.wh.noun.length > 0 &&
    dummyFound !== undefined &&
    /^(?:a|an)\s/i.test(dummyFound.text) &&
    !dummyFound.tokens.some((t) => t.lemma === f.wh.noun.at(-1)?.lemma);
  const dummy = describesSubject ? undefined : dummyFound;
  // "It is the Moon that causes them.": a cleft whose relative clause says the question again is its focus alone.
  const cleft = dummy ? /^(.+?)\s+(?:that|who)\s+(.+)$/.exec(dummy.text) : null;
  // (Not a word inside one of the question's noun phrases: "that drops down …" says no "drop" of "What is a drop cap?".)
  const asked = cleft
    ? new Set(
        tokenizePhrase(question)
          // (Nor a name's word: "the Culebra Cut"; nor "be" or "have", which every question has: "a narrow inlet that was carved …".)
          .filter(
            (t, i, ts) => !NOUN_PHRASE_OPENER.test(ts[i - 1]?.lower ?? "") && !/^[A-Z]/.test(t.text) && !/^(?:be|have|do)$/.test(t.lemma),
          )
          .flatMap((t) => [t.lemma, t.lower]),
      )
    : undefined;
  const relative = cleft ? tokenizePhrase(cleft[2]) : undefined;
  // (Nor a bare noun before a verb: "the gap that bees leave open" has "bees" for its subject.)
  const verb = relative && !(relative[0]?.pos === "NOUN" && /^(?:VERB|AUX)$/.test(relative[1]?.pos ?? "")) ? relative[0] : undefined;
  // (The relative clause's verb, not a subject of its own: "a ridge of rocks that a glacier has pushed along" is no cleft.)
  // (Not a relative clause after a comma, which adds to its name: "That's J. S. Fry & Sons, who made it in Bristol in 1847.")
  const focus =
    verb && !/^(?:DET|PRON|PROPN|NUM)$/.test(verb.pos) && (asked?.has(verb.lemma) || asked?.has(verb.lower)) && !cleft?.[1].endsWith(",")
      ? cleft?.[1]
      : dummy?.text;
  // ("It is an ancient Greek device … that predicted …": after "it is" a noun phrase, whatever verb its relative clause has.)
  const phrase = focus !== undefined && /^(?:a|an|the)\s/i.test(focus) ? { isClause: false, finiteVerb: -1 } : {};
  const a = focus !== undefined ? withAnswerFields(analyzeAnswer(focus), { rest: answer.rest, raw: answer.raw, ...phrase }) : answer;
  switch (f.kind) {
    case "blank":
      return blankRealize(collapseSpaces(question), a);
    case "completion": {
      const r = completionRealize(f.prompt, a);
      // "This is a form of targeted advertising … to the user." + "Contextual advertising.": a prompt that ended its sentence is no
      // sentence to complete.
      const ended = /[.:]\s*$/.test(q.sentence) && r.rule === "completion";
      return ended ? { ...r, doubts: [...r.doubts, "the answer follows a complete sentence"] } : r;
    }
    case "imperative":
      return imperativeRealize(f, a);
    case "yes-no":
      return realizeYesNo(f.decl, a);
    case "wh-subject":
      return whSubjectRealize(f.wh, f.predicate, a);
    case "wh-be":
      return beComplementRealize(f.wh, f.be, f.subject, f.tail, a);
    case "wh-inverted":
      // (A preposition before the gerund that the tagger called a conjunction, "for solving", is a preposition.)
      return copulaMisreadAsProgressive(f.decl)
        ? beComplementRealize(
            f.wh,
            f.decl.aux,
            [
              ...f.decl.subject.map((t, i, all) => (i === all.length - 1 && t.pos === "SCONJ" ? { ...t, pos: "ADP" } : t)),
              f.decl.verb as Token,
              ...f.decl.rest,
            ],
            [],
            a,
          )
        : possessiveOpenerNamed(
            prepositionObjectNamed(invertedRealize(f.wh, f.decl, a, /\b(?:I|I'm|my|me)\b/.test(q.context)), f.decl, a),
            f.decl,
          );
    case "existential":
      return existentialRealize(f.wh, f.be, f.rest, a);
    case "in-situ":
      return inSituRealize(f.before, f.wh, f.after, a);
    case "unparsed":
      return colonFallback(f.body, a);
  }
}

/**
 * "What are the steps for solving a linear equation?", "What is the result of an object reflecting light?", "What is machine learning?":
 * the parser read "is … -ing" as a progressive whose object "what" stands for, but the -ing word is a gerund after a preposition, has
 * its own object, or ends a bare compound noun, so "what" is the complement of "is".
 */
function copulaMisreadAsProgressive(d: Declarative): boolean {
  const { aux, verb, subject, rest } = d;
  if (d.auxKind !== "be" || !aux || !verb || d.negated || d.preVerb.length > 0 || !/ing$/.test(verb.lower) || subject.length === 0)
    return false;
  const last = subject[subject.length - 1];
  if (last.pos === "ADP" || last.pos === "SCONJ") return true;
  if (subject.length === 1) return /^[a-z]/.test(last.text) && last.pos !== "PRON" && rest.length === 0;
  // "an example of an animal adapting to …": what the -ing phrase is an example of.
  if (subject[0].pos === "DET" && subject[2]?.lower === "of" && /^(?:example|instance|sign|case)$/.test(subject[1]?.lower ?? ""))
    return true;
  return subject.some((t) => t.lower === "of") && ["DET", "NOUN", "ADJ", "PROPN"].includes(rest[0]?.pos ?? "");
}

export { splitBe };
