/**
 * Doubts about words a statement got wrong while putting the answer into the question (issue 23,
 * part 6), each a kind of failure found on batches of statements labelled by hand blind to the
 * flags (flags-4.csv, flags-5.csv) that the earlier checks (./reading.ts) did not see: the
 * question's verb lost ("… water rusts on iron" for "What causes rust on iron?"), a question word
 * inflected twice ("a balloon filleds with helium"), the counted noun of "how many" left out ("The
 * human skull has 22."), a phrase said twice ("from sunlight from sunlight"), an answer's ellipsis
 * or short reply kept ("James Chadwick did, in 1932, which …", "… They don't, because …"), a chat
 * opener or the question's answer options kept, a hedge made the reason or glued after a subject,
 * a yes/no question's "ever" kept, an answer's comma phrase glued before the question's words, a
 * stranded preposition before an adjunct ("for in the 1990s"), a superlative, an of-phrase's noun
 * or the question's subject left out, "by" before a bare verb, and a capital kept where the
 * question asks for a kind or nothing says it is a name ("Hummingbirds mainly drink Nectar.").
 * Each test runs only once a plain substring test finds its words: these run on every statement. */
import { analyzeAnswer } from "./answer.js";
import { capitalDoubtful, listedWord } from "./names.js";
import { canBeVerb, HOW_OFTEN_ADVERBS } from "./nlp.js";
import { repeatsWord } from "./four-grams.js";
import { wordsOf } from "./wellformed.js";
import { hasSuffix, occurrences, withoutFinalStops, wordSet } from "./text.js";

/** Verbs a statement may well leave out: "What happens to water …?" + "It boils." */
const NOT_KEPT = wordSet("is was has does goes happens happened");
/** "What causes …", "Who invented …": a wh-word, then the question's own verb in -s or -ed (not a noun: "What colors does …"). */
const WH_VERB = /^\s*(?:what|who)\s+([a-z]{3,}(?:s|ed))\s+(?!(?:does|do|did|is|are|was|were|can|could|will|would|has|have)\b)/i;
/** The noun "how many"/"how much" counts ("how many bones"), not an auxiliary ("how much does"). */
const COUNTED = /\bhow (?:many|much) ([a-z]{3,})\b/i;
const NOT_COUNTED = wordSet("does did do can could will would should are were was has have more less time");
/** An auxiliary that ends a clause: an ellipsis ("James Chadwick did.", "Mercury is, by far."). */
const ELLIPSIS = /\b(?:did|does|do|was|were|is|are|can|could|has|have|had|will|would)(?:n't| not)?[,.;](?=\s|$)/i;
/** An answer to a wh-question that is a name and an ellipsis ("James Chadwick did, in 1932."). */
const NAMED_ELLIPSIS =
  /^[A-Z][\w.'-]*(?: [A-Z][\w.'-]*)* (?:did|does|do|was|were|is|are|can|could|has|have|had|will|would)(?:n't| not)?[,.;!]?(?:\s|$)/;
/** The openers of a chat answer. */
const OPENER = /^(?:great|good|excellent|interesting) question\b|^(?:sure|certainly|of course|absolutely|okay|ok|well)(?:[!,.]|\s*[—–])/i;
/** A hedge that reports who says what, not why ("… because historians point to many causes"). */
const HEDGE_REASON =
  /\bbecause (?:(?:many |some |most )?(?:historians|scientists|experts|researchers|sources) (?:point|cite|debate|disagree|offer|propose|give)|there (?:are|were) (?:many|several|various) (?:reasons|causes|factors|theories|explanations))\b/i;
/** A yes/no question that says "ever". */
const YES_NO = /^\s*(?:does|do|did|is|are|was|were|can|could|has|have|had|will|would)\b[^?]*\bever\b/;
/** "ever" as a question has it, not "than ever", "hardly ever", "ever since", "if ever". */
const BARE_EVER = /(?<!\b(?:than|hardly|if|as|forever|scarcely|rarely|whatsoever) )\bever\b(?! since| before| after)/i;

/** The stem a word's inflections share ("causes", "caused" → "caus"). */
const stemOf = (w: string) => w.replace(/(?:es|s|ed)$/, "");
/** Whether a word in -s or -ed is a verb's form ("causes", "invented"; not "virus"). */
const verbForm = (w: string) => [/s$/, /es$/, /d$/, /ed$/].some((end) => end.test(w) && canBeVerb(w.replace(end, "")));
/** "filled", "placed", "cooling": a verb's participle or gerund, not a word that only ends so ("speed", "need", "seed"). */
function isVerbInflection(w: string): boolean {
  const stems = w.endsWith("ing") ? [w.slice(0, -3), `${w.slice(0, -3)}e`] : [w.slice(0, -2), w.slice(0, -1)];
  return stems.some((stem) => stem.length >= 4 && canBeVerb(stem));
}
/** The wh-phrase's noun ("What language …?"), put after a name by a rule ("Portuguese language is spoken …"). */
const WH_NOUN = /^\s*(?:what|which) ([a-z]{3,}) (?:is|are|was|were|do|does|did|can|has|have)\b/i;

/**
 * What the checks read of a question, memoised (a question recurs for every answer to it); the costlier parts are read on first use,
 * which most statements never make.
 */
class QuestionWords {
  readonly lower: string;
  /** The question's own verb after "what"/"who" ("causes"), when it is one a statement must keep. */
  readonly verb: string | undefined;
  /** The noun "how many"/"how much" counts ("bones"). */
  readonly counted: string | undefined;
  /** The wh-phrase's noun ("language" in "What language is spoken …?"). */
  readonly whNoun: string | undefined;
  readonly asksWh: boolean;
  /** A yes/no question with "ever" in it. */
  readonly everYesNo: boolean;
  /** The noun closing the question's final of-phrase ("flower" in "What are the parts of a flower?"). */
  readonly ofNoun: string | undefined;
  #participles: readonly string[] | undefined;
  #whClass: string | null | undefined;
  #subjectNoun: string | null | undefined;

  constructor(question: string) {
    const lower = question.toLowerCase();
    this.lower = lower;
    const verb = WH_VERB.exec(question)?.[1]?.toLowerCase();
    this.verb = verb && !NOT_KEPT.has(verb) && verbForm(verb) ? verb : undefined;
    const counted = lower.includes("how m") ? COUNTED.exec(lower)?.[1] : undefined;
    this.counted = counted && !NOT_COUNTED.has(counted) ? counted : undefined;
    this.whNoun = WH_NOUN.exec(question)?.[1]?.toLowerCase();
    this.asksWh = /^\s*(?:who|what|which)\b/.test(lower);
    this.everYesNo = lower.includes("ever") && YES_NO.test(lower);
    this.ofNoun = /^\s*what (?:is|are) the /.test(lower) ? OF_NOUN.exec(lower)?.[1] : undefined;
  }

  /** Its participles and gerunds ("filled", "cooling"), which a statement must not make plural ("filleds"). */
  get participles(): readonly string[] {
    this.#participles ??= [...new Set(this.lower.match(/\b[a-z]{3,}(?:ed|ing)\b/g) ?? [])].filter(isVerbInflection);
    return this.#participles;
  }

  /** The noun of "Which N is/has …" ("element"), when the question asks with a superlative. */
  get whClass(): string | undefined {
    if (this.#whClass === undefined)
      this.#whClass = /\bthe (?:most|least|[a-z]+est)\b/.test(this.lower)
        ? (/^\s*(?:which|what) ([a-z]{3,}) (?:is|are|was|were|has|have|had)\b/.exec(this.lower)?.[1] ?? null)
        : null;
    return this.#whClass ?? undefined;
  }

  /** The one-word subject of "When/Where/Why/How was/did X …?" or "How many moons does X …?" ("chess"), which an answer's "it" stands for. */
  get subjectNoun(): string | undefined {
    if (this.#subjectNoun === undefined)
      this.#subjectNoun =
        /^\s*(?:(?:when|where|why|how(?: (?:long|old|tall|big|far|deep|high|heavy|wide|fast|large))?) (?:was|were|is|are|did|does|do)|(?:how (?:many|much)|what|which) [a-z]+ (?:did|does|do)) (?:the )?(?!(?:you|they|we|she|his|her|its|this|that|these|those|it|there|i)\b)([a-z]{3,})(?: [a-z]+|\s*\?)/.exec(
          this.lower,
        )?.[1] ?? null;
    return this.#subjectNoun ?? undefined;
  }
}

const questionWords = new Map<string, QuestionWords>();
function readQuestion(question: string): QuestionWords {
  let read = questionWords.get(question);
  if (read) return read;
  read = new QuestionWords(question);
  if (questionWords.size > 50_000) questionWords.clear();
  if (question.length <= 4000) questionWords.set(question, read);
  return read;
}

/** A phrase of up to three words said again after at most three others, closing a clause (the text ends with the second time). */
const SAID_AGAIN = /\b([a-z]+ (?:[a-z]+ )?[a-z]{3,})\b(?: [a-z]+){0,3} \1$/;

/**
 * A phrase said twice, a few words apart at most, the second time closing a clause ("… from sunlight from sunlight.", "the
 * coldest by far the coldest"). One scan of the characters finds each clause's last word and where it was said before; the
 * pattern reads only the few words between.
 */
function phraseSaidTwice(lower: string): string | undefined {
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 46;
    if (c !== 46 && c !== 44 && c !== 59 && c !== 33) continue; // . , ; ! or the end
    let k = i;
    while (k > 0 && lower.charCodeAt(k - 1) >= 97 && lower.charCodeAt(k - 1) <= 122) k--;
    if (i - k < 3) continue;
    const before = saidWithin(lower, k, i, 80);
    if (before < 0) continue;
    const phrase = SAID_AGAIN.exec(lower.slice(Math.max(0, before - 40), i))?.[1];
    if (phrase) return phrase;
  }
  return undefined;
}

/**
 * Where `lower`'s characters from `k` to `i` were last said before `k`, starting at most `reach` characters before it, or -1: a
 * bounded `lower.lastIndexOf(word, k - 1)` (a V8 runtime call that scans back to the start) as a loop over character codes.
 */
function saidWithin(lower: string, k: number, i: number, reach: number): number {
  const n = i - k;
  for (let at = k - 1; at >= 0 && k - at <= reach; at--) {
    let j = 0;
    while (j < n && lower.charCodeAt(at + j) === lower.charCodeAt(k + j)) j++;
    if (j === n) return at;
  }
  return -1;
}

/** An answer that ends with its number ("It has 22.", "four", "about a dozen"). */
const NUMBER_END =
  /(?:\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:thir|four|fif|six|seven|eigh|nine)teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen))\W*$/i;
/** Prepositions that need an object, and those that open an adjunct after them ("for in the 1990s", "with in chess"). */
const NEEDS_OBJECT = wordSet("for with to from about into of");
const OPENS_ADJUNCT = [" in ", " on ", " at ", " during "];
const ADJUNCT_OPENERS = wordSet("in on at during");

/** The word before `at` (the index of a space) in `lower`, or "". */
function wordBefore(lower: string, at: number): string {
  let k = at;
  while (k > 0 && lower.charCodeAt(k - 1) >= 97 && lower.charCodeAt(k - 1) <= 122) k--;
  return lower.slice(k, at);
}

/** "for in", "with in": found from each adjunct's preposition and the word before it, with no pattern run over the statement. */
function strandedPreposition(lower: string): string | undefined {
  for (const p of OPENS_ADJUNCT)
    for (let at = lower.indexOf(p); at > 0; at = lower.indexOf(p, at + 1)) {
      const before = wordBefore(lower, at);
      if (NEEDS_OBJECT.has(before)) return `${before}${p.trimEnd()}`;
    }
  return undefined;
}

/** "novels' novels": the word before a possessive's apostrophe said again right after it. */
function possessiveSaidTwice(lower: string): string | undefined {
  for (let at = lower.indexOf("' "); at > 0; at = lower.indexOf("' ", at + 1)) {
    const word = wordBefore(lower, lower[at - 1] === "s" && lower[at - 2] === "'" ? at - 2 : at);
    if (word.length >= 3 && lower.startsWith(`${word} `, at + 2)) return `${word}' ${word}`;
  }
  return undefined;
}
/** A superlative standing alone: "the most abundant", "the largest", not followed by a noun of its own. */
const SUPERLATIVE = /\bthe (?:(?:most|least) [a-z]+|[a-z]{3,}est)(?=\s*(?:[.,;]|$| in | of | on | at | by | with | among | to | for ))/;
/** "What are the parts of a flower?": the noun at the end of the question's of-phrase. */
const OF_NOUN = /\bof (?:a |an |the )?([a-z]{3,})\s*\?\s*$/i;

/** Two or more lettered options in a row ("(A) respiration (B) photosynthesis", "A. melting B. freezing", "A) gravity B) friction"). */
const OPTIONS = /(?:\(A\)|\bA[.)]) [^()]{1,60}?(?:\(B\)|\bB[.)]) /;
const OPTIONS_LOWER = /\(a\) [^()]{1,60}?\(b\) /;
/** A pronoun and an auxiliary that end a clause, after a sentence of the statement ("… sunlight. They don't, because …"). */
const SHORT_REPLY =
  /[.!] (?:It|They|He|She|We|You|This|That) (?:do|does|did|is|are|was|were|can|could|will|would|has|have|had)(?:n't| not)?(?:[,.]|\s*[—–])/;
/** What opens an adjunct after an answer's comma ("…, in 1921", "…, mainly in winter"), not a list's next item. */
const ADJUNCT_AFTER_COMMA =
  /^(?:in|on|at|around|about|during|by|from|after|before|since|because|which|who|mostly|mainly|probably|perhaps|although|though|while|when|as|such as|including|like|especially|with|supposedly|apparently|reportedly|arguably|technically|made|led|known|followed)\b/;
/** "by" before a word that may be a bare verb. */
const BY_VERB = /\bby ([a-z]{3,}) (?:the|a|an|your|their|its|it|them)\b/;
/** "… is generally believed that …" after its subject. */
const GLUED_HEDGE = /(\S+) (?:is|are|was|were) (?:generally |widely |commonly |often |usually )?(?:believed|thought|said|assumed) that\b/i;

/** The text up to its first sentence end. */
function firstSentence(s: string): string {
  const end = /[.!?](?:\s|$)/.exec(s);
  return end ? s.slice(0, end.index) : s;
}

/** What the checks ask of a statement's words, found in one pass over them (they are split once for all the checks: `wordsOf`). */
interface StatementWords {
  /** Whether it says "it" or "they". */
  readonly itOrThey: boolean;
  /** A word of three letters or more said twice: the sign a phrase may be. */
  readonly repeats: boolean;
  /** A word in -eds or -ings ("filleds"). */
  readonly pluralForm: boolean;
  /** A superlative: "most", "least" or a word in -est. */
  readonly superlative: boolean;
  /** A preposition that needs an object right before one that opens an adjunct ("for in"). */
  readonly strandable: boolean;
}

function readWords(statement: string): StatementWords {
  const words = wordsOf(statement);
  let itOrThey = false;
  let pluralForm = false;
  let superlative = false;
  let strandable = false;
  for (let k = 0; k < words.length; k++) {
    const w = words[k];
    if (w === "it" || w === "they") itOrThey = true;
    if (hasSuffix(w, "eds") || hasSuffix(w, "ings")) pluralForm = true;
    if (hasSuffix(w, "est") || w === "most" || w === "least") superlative = true;
    if (NEEDS_OBJECT.has(w) && k + 1 < words.length && ADJUNCT_OPENERS.has(words[k + 1])) strandable = true;
  }
  return { itOrThey, repeats: repeatsWord(words, 3), pluralForm, superlative, strandable };
}

/** An answer that opens with a quantifier of "them": "Most of them live …", "Almost all of them …". */
const OF_THEM_OPENER = /^\s*(?:(?:almost|nearly|virtually) )?(?:most|many|some|all|few|several|both) of them\b/i;

/** "because of" and a noun phrase with no pronoun in it, then a finite verb: the clause the answer gave a reason with. */
const BECAUSE_OF_CLAUSE =
  /\bbecause of (?:(?:the|a|an|their|its|his|her) (?:(?!(?:they|it|we|you|he|she|that|which|who|how|what)\b)[\w-]+ ){0,5}?(?:make|makes|made|is|are|was|were|has|have|cause|causes|caused|lets|keeps|helps)\b|(?:(?!(?:they|it|we|you|he|she|that|which|who|how|what)\b)[\w-]+ ){1,6}?(?:can|could|will|would|should|must|might)\b|[a-z]+ed by\b)/;

/** A modal after "to" ("to should"), or after the base form it governs and its adverb ("most likely find would"). */
const MISPLACED_MODAL =
  /\bto (?:should|would|could|will|can|must|might|shall)\b|\b(?:most likely|likely|probably) [a-z]+ (?:would|could|should|will|can|might|must)\b/;

/** A condition right after another at the start ("If they can't cough, if someone is choking, …"). */
const TWO_CONDITIONS = /^(?:if|when) [^,.;]+, (?:if|when) /i;

/**
 * Two adverbs of how often in a row ("usually typically"): the answer's hedge put beside the question's own. (Not "often" nor
 * "mostly", which a sentence may say after another: "… are usually mostly water".)
 */
const SAYS_HOW_OFTEN = HOW_OFTEN_ADVERBS.filter((w) => w !== "often" && w !== "mostly").join("|");
const TWO_HOW_OFTEN = new RegExp(`\\b(?:${SAYS_HOW_OFTEN}) (?:${SAYS_HOW_OFTEN})\\b`);

/** Two articles in a row, "the an", "a the" (not a letter's name: "the A above middle C", "a A/C unit"). */
const TWO_ARTICLES = /\b(?:the|a|an) (?:the|an|a)\b(?! ?[-–—/])/;

/** A "because" that is not joined to another reason ("and because", "also because", "partly because"). */
const CHAINED_BECAUSE = /(?<!\b(?:and|also|or|but|partly|mainly|mostly|largely|only|just|not) )\bbecause\b/g;

/** Why a person should look at how `statement` puts `answer` into `question` (empty when these checks see nothing). */
export function phrasingDoubts(statement: string, question: string, answer: string): string[] {
  const out: string[] = [];
  const lower = statement.toLowerCase();
  const seen = readWords(statement);
  const asked = readQuestion(question);
  const q = asked.lower;
  let answerLower: string | undefined;
  const a = () => (answerLower ??= answer.toLowerCase());
  // "… for an ecosystem, very much so!.": an exclamation closed again.
  if (statement.includes("!.")) out.push('reads: "!."');
  // 'To say "please" in Italian, say "per favore.".': a quotation's stop, then the sentence's.
  if (/\.["”’']\.(?:\s|$)/.test(statement)) out.push("reads: a stop after a quotation's stop");
  // "Ottawa is that, in Ontario." for "… Which city is that?": the question's pointing word said as the answer's complement.
  if (
    /\b(?:is|are|was|were) (?:that|this|these|those)(?=[,.;!]|\s[—–]|$)/.test(lower) &&
    !/\b(?:is|are|was|were) (?:that|this|these|those)(?=[,.;!]|\s[—–]|$)/i.test(answer)
  )
    out.push('reads: "is that" for the question\'s pointing word');
  // "My uncle always talks about the first Moon landing. That was in 1969." for "… What year was that?": the answer's "That" stands for
  // the question's words.
  if (/(?:^|[.!?]\s+)that(?:['’]s| is| was| were)\b/.test(lower) && /\bthat\s*\?\s*$/.test(q))
    out.push('context: "That" stands for the question\'s words');
  // "… because a lake freezes from the top down because ice is less dense …": a "because" of the rule's own, then the answer's.
  // (Not reasons joined or shared out: "because they raised us and because …", "partly because of culture, partly because of …".)
  const reasons = (text: string) => text.match(CHAINED_BECAUSE)?.length ?? 0;
  if (a().includes("because") && reasons(lower) > reasons(a()) + reasons(q)) out.push('reads: "because" twice');
  // "Elephants do not really never forget": the question's "never" negated again.
  if (/\bnot (?:\w+ )?never\b/.test(lower) && !/\bnot (?:\w+ )?never\b/.test(a())) out.push("reads: two negations");
  // "Wolves and moose been have studied …", "Romulus and Remus said to be were nursed …": auxiliaries out of order.
  // (Not a passive of "have": "a bargain to be had".)
  if (/\b(?:been|be) (?:have|has|is|are|was|were)\b/.test(lower) && !/\b(?:been|be) (?:have|has|is|are|was|were)\b/.test(a()))
    out.push("reads: auxiliaries out of order");
  // "A goldfish lives most of them live ten years.": the answer's "most of them" put after the question's words.
  if (lower.includes(" of them ") && OF_THEM_OPENER.test(answer) && !OF_THEM_OPENER.test(statement))
    out.push("context: the answer's \"… of them\" after the question's words");
  // "The raisins rise because of the gas bubbles stuck to them make them less dense": "because of" before the answer's clause.
  const becauseOf = lower.includes("because of ") ? BECAUSE_OF_CLAUSE.exec(lower) : null;
  if (becauseOf && !a().includes("because of") && !q.includes(becauseOf[0])) out.push('reads: "because of" before a clause');
  // "The student most likely use to should accurately measure …", "You most likely find would iron …": a modal after "to" or after the
  // verb it should come before (the question's words put in the wrong order).
  const modal = MISPLACED_MODAL.exec(statement);
  if (modal && !answer.includes(modal[0]) && !question.includes(modal[0])) out.push(`reads: "${modal[0]}", a modal out of place`);
  // "If they can't cough, if someone is choking, give …": the answer's condition and the question's, one after the other.
  if (TWO_CONDITIONS.test(statement) && !TWO_CONDITIONS.test(answer)) out.push("reads: two conditions in a row");
  // "Dogs usually typically live …": the answer's adverb of how often beside the question's.
  const often = lower.includes("ly ") ? TWO_HOW_OFTEN.exec(lower) : null;
  if (often && !question.toLowerCase().includes(often[0]) && !answer.toLowerCase().includes(often[0]))
    out.push(`reads: "${often[0]}", two adverbs of how often`);
  // "… is the an atom": the question's article before the answer's own.
  const articles = TWO_ARTICLES.exec(statement);
  if (articles && !question.includes(articles[0]) && !answer.includes(articles[0]))
    out.push(`reads: "${articles[0]}", two articles in a row`);
  // "Pierre de Coubertin's; he founded the IOC in 1894's idea": a possessive on the answer's year, its clause inside the subject.
  const yearPossessive = /\b\d{3,4}['’]s\b/.exec(statement);
  if (yearPossessive && !answer.includes(yearPossessive[0]) && !question.includes(yearPossessive[0]))
    out.push(`reads: "${yearPossessive[0]}", a possessive on the answer's year`);
  // "Brazil has won five times the men's World Cup": a count of times before the verb's object.
  // (After a verb: "three times the height", "many times its size" multiply; "hit many times a year" is a rate.)
  const times = lower.includes(" times ")
    ? /\b(?:[a-z]+ed|won|lost|made|held|hit|set|took|seen|taken|beaten|broken|climbed|visited) (?:[a-z]+|\d+) times (?:the|a(?! (?:year|day|week|month|minute|second|decade|century|season|night|lifetime)\b)|an(?! hour\b)|his|her|its|their|this|that)\b/.exec(
        lower,
      )
    : null;
  if (times) out.push(`reads: "${times[0]}", a count before the verb's object`);
  // "It is not bad to eat eggs every day, not for most healthy people.": the answer's "not" after the statement's own.
  const notTwice = lower.includes(", not ")
    ? /^[^,;—]*\bnot\b[^,;—]*, not (?:for|in|on|at|if|when|unless|without|by|with)\b/.exec(lower)
    : null;
  if (notTwice && !q.includes(", not ")) out.push('reads: "not" said again after the statement\'s own');
  // "… reacted when Napoleon came back by they mostly rallied …": a subject pronoun after a preposition.
  const pronounAfter = / (?:by|of|for|with|to|from|in|on|about) (?:they|he|she|we)\b/.exec(statement);
  if (
    pronounAfter &&
    !statement.slice(0, pronounAfter.index).includes('"') &&
    !answer.includes(pronounAfter[0].trim()) &&
    !q.includes(pronounAfter[0].trim())
  )
    out.push(`reads: "${pronounAfter[0].trim()}"`);
  // "The walrus's scientific name means Odobenus means …": the question's verb said again, one word on.
  const verbTwice = /\b(means|stands for|is called) (?:[\w"'“”-]+ ){1,2}\1\b/.exec(statement);
  if (verbTwice && !answer.includes(verbTwice[0])) out.push(`reads: "${verbTwice[1]}" twice`);
  // "A reaction … rusts on iron." for "What causes rust on iron?": the question's verb is gone.
  // (Not when the answer is a sentence with its own verb: "Christopher Columbus reached the Americas in 1492.")
  const verb = asked.verb;
  if (verb && !lower.includes(stemOf(verb)) && !a().includes(stemOf(verb)) && !analyzeAnswer(answer).isClause)
    out.push(`meaning: the question's verb "${verb}" left out`);
  // "filleds", "coolings": a question's participle or gerund given a plural -s.
  for (const w of seen.pluralForm ? asked.participles : []) {
    if (!lower.includes(`${w}s`)) continue;
    const plural = new RegExp(`\\b${w}s\\b`);
    if (plural.test(lower) && !plural.test(q) && !plural.test(a())) {
      out.push(`reads: "${w}s"`);
      break;
    }
  }
  // "The human skull has 22." for "How many bones …?": the counted noun left out.
  const counted = asked.counted;
  const name = withoutFinalStops(answer);
  // (Not when the answer ends with a unit of its own: "approximately 120 kcal".)
  const ownUnit = counted !== undefined && /[a-z°%]\W*$/i.test(name) && !NUMBER_END.test(name);
  if (counted && !ownUnit && !lower.includes(stemOf(counted)) && !a().includes(stemOf(counted)))
    out.push(`context: "${counted}", what the question counts, left out`);
  // "… from sunlight from sunlight.", "the coldest by far the coldest": a phrase said twice, a few words apart at most, the second
  // time closing the clause, more often than the question and the answer say it.
  // Said twice in a row it is always wrong; with words between, only when neither the question nor the answer brought both ("One type
  // of random variable is a continuous random variable.").
  const twice = seen.repeats ? phraseSaidTwice(lower) : undefined;
  if (twice && (lower.includes(`${twice} ${twice}`) || occurrences(lower, twice) > occurrences(q, twice) + occurrences(a(), twice)))
    out.push(`reads: "${twice}" twice`);
  // "James Chadwick did, in 1932, which discovered …": the answer's "did" stands for the question's verb.
  if (asked.asksWh && NAMED_ELLIPSIS.test(answer.trim())) {
    const ellipsis = ELLIPSIS.exec(statement);
    if (ellipsis && !q.includes(ellipsis[0].slice(0, -1).toLowerCase()))
      out.push(`context: the answer's "${ellipsis[0].slice(0, -1)}" stands for the question's words`);
  }
  // "Portuguese language is spoken in Brazil.": the question's noun after a name, with no article.
  const whNoun = asked.whNoun;
  if (
    whNoun &&
    /^[A-Z][a-z]+$/.test(name) &&
    statement.includes(`${name} ${whNoun}`) &&
    !lower.includes(`the ${name} ${whNoun}`.toLowerCase())
  )
    out.push(`reads: "${name} ${whNoun}" lacks "the"`);
  // "Great question! invented the phonograph.": a chat answer's opener, or an exclamation, kept.
  if (OPENER.test(statement) || (statement.includes("! ") && /[a-z]! [a-z]/i.test(statement))) out.push("reads: the answer's opener kept");
  // "… fell because historians point to many causes": who says it made the reason.
  if (lower.includes("because ") && HEDGE_REASON.test(statement)) out.push("meaning: a hedge made the reason");
  // "Lightning ever strikes the same place twice.": the question's "ever" kept once the answer said yes.
  if (asked.everYesNo && lower.includes("ever") && !a().includes("ever") && BARE_EVER.test(statement))
    out.push('reads: the question\'s "ever" kept');
  // "Hummingbirds mainly drink Nectar.", "… feed on Mulberry leaves.": an answer's opening capital kept where it closes the statement,
  // the word neither a name nor a common noun the lexicons know (the answer's first sentence; its other words lower-case).
  // (The phrase before the answer's dash: "Basking sharks eat Plankton — they swim …".)
  const phrase = firstSentence(name).split(/\s[—–]\s/, 1)[0];
  // (The answer's comment after a comma may follow: "… because of Tiredness, mostly.")
  const capital = /^([A-Z][a-z]{2,}(?:-[a-z]{2,})*)(?: [a-z][a-z -]*)?(?:, [a-z][a-z -]*)?$/.exec(phrase)?.[1];
  // (A compound's first part a common word: "Beast-footed", not "Fibonacci-type".)
  if (capital && !question.includes(capital) && (!capital.includes("-") || listedWord(capital.split("-")[0].toLowerCase()))) {
    // Where the answer closes the question's predicate ("… drink Nectar."), not in a blank that may hold a name ("The Breakdown method").
    const at = statement.lastIndexOf(` ${phrase}`);
    const after = statement.slice(at + phrase.length + 1);
    // (Or goes on with the question's words, where wink-nlp's word list holds it: "Insects use Spiracles to breathe.", not "Goliath".)
    const closes =
      at > 0 && (/^(?:[.,;!]?\s*$|[.;!] |\s[—–]\s)/.test(after) || (/^\s[a-z]/.test(after) && listedWord(capital.toLowerCase())));
    if (closes && /(?:^|\s)[a-z][a-z,]*$/.test(statement.slice(0, at)) && capitalDoubtful(capital, question))
      out.push(`reads: "${capital}" capitalised mid-sentence, a name or a common noun?`);
  }
  // "… (A) respiration (B) photosynthesis …": the question's answer options copied into the statement.
  const lettered = statement.includes("(A)") || statement.includes("A) ") || statement.includes("A. ");
  if ((lettered && OPTIONS.test(statement)) || (statement.includes("(a)") && OPTIONS_LOWER.test(statement)))
    out.push("reads: the question's answer options kept");
  // "Fungi do not need sunlight. They don't, because …": the answer's short reply kept after the statement.
  if ((statement.includes(". ") || statement.includes("! ")) && SHORT_REPLY.test(statement))
    out.push("reads: the answer's short reply kept");
  // "Frederick Banting and Charles Best, in 1921 discovered insulin.": the answer's comma phrase glued before the question's words.
  // (Any part of the answer up to a later comma: "Larry Page and Sergey Brin, in 1998 co-founded Google, while …".)
  // (After the answer's dummy "It's": "It's Saturn, with over 140 confirmed moons.")
  // (Within the answer's first sentence, before a dash: "The blue whale, by a lot. It can …".)
  const named = name
    .replace(/^(?:it|that)(?:['’]s| is| was) /i, "")
    .split(/(?<=[.!?])\s|\s[—–]\s/, 1)[0]
    .replace(/[.!?]+$/, "");
  if (named.includes(", ") && named.length < 160) {
    for (let cut = named.indexOf(", "); cut > 0; cut = named.indexOf(", ", cut + 2)) {
      const next = named.indexOf(", ", cut + 2);
      const part = next > 0 ? named.slice(0, next) : named;
      if (!ADJUNCT_AFTER_COMMA.test(named.slice(cut + 2))) continue;
      const at = statement.indexOf(part);
      if (at >= 0 && /^ [a-z]/.test(statement.slice(at + part.length, at + part.length + 2))) {
        out.push("reads: the answer's comma phrase glued to the question's words");
        break;
      }
    }
  }
  // "… last longer by lower the screen brightness.": "by" before a bare verb.
  if (lower.includes("by ")) {
    const after = BY_VERB.exec(lower)?.[1];
    if (after && !a().includes(`by ${after}`) && !q.includes(`by ${after}`) && canBeVerb(after) && !/(?:ing|ion|ment|ness)$/.test(after))
      out.push(`reads: "by ${after}"`);
  }
  // "Agatha Christie's novels' novels": a possessive said twice.
  const possessive = lower.includes("' ") ? possessiveSaidTwice(lower) : undefined;
  if (possessive && !a().includes(possessive) && !q.includes(possessive)) out.push(`reads: "${possessive}"`);
  // "The origin of the croissant is generally believed that it comes …": a hedge glued after another subject.
  const hedge =
    lower.includes("ed that ") || lower.includes("ght that ") || lower.includes("aid that ") ? GLUED_HEDGE.exec(statement) : null;
  if (hedge && !/^it$/i.test(hedge[1])) out.push(`reads: "${hedge[0].slice(hedge[1].length + 1)}" after a subject`);
  // "Most historians think it was invented in India …" for "When was chess invented?": the answer used as it is, its "it" standing
  // for a word of the question that the statement never says.
  if (seen.itOrThey && asked.subjectNoun && !lower.includes(asked.subjectNoun)) {
    const body = a()
      .trim()
      .replace(/[.!]+$/, "");
    if (body.length > 0 && /\b(?:it|they)\b/.test(body)) out.push(`context: "it" stands for "${asked.subjectNoun}"`);
  }
  // "Michael Jordan played the Chicago Bulls for in the 1990s.": a stranded preposition with its object gone.
  const stranded = seen.strandable ? strandedPreposition(lower) : undefined;
  if (stranded && !a().includes(stranded)) out.push(`reads: "${stranded}"`);
  // "Oxygen is the most abundant in the Earth's crust." for "Which element is the most abundant …?": a superlative without the noun
  // the question asks about.
  const whClass = seen.superlative ? asked.whClass : undefined;
  if (whClass && !lower.includes(stemOf(whClass))) {
    const superlative = SUPERLATIVE.exec(lower);
    // (Only the answer's own: "Oxygen is the most abundant." A phrase answer reads as CAP-Statements' references do: "Antarctica is the
    // coldest.")
    if (superlative && a().includes(superlative[0]) && !a().includes(stemOf(whClass)))
      out.push(`context: "${superlative[0]}" without "${whClass}"`);
  }
  // "The main parts are the petals, …" for "What are the parts of a flower?": the question's last noun left out.
  const owner = asked.ofNoun;
  if (owner && !lower.includes(stemOf(owner)) && !a().includes(stemOf(owner))) out.push(`context: "${owner}" left out`);
  // "There are approximately 120 kcal calories …": the counted noun after the answer's own unit.
  // (Not a comparative said of the amount: "about 240 metres taller than K2".)
  if (counted && ownUnit && lower.includes(` ${counted}`) && !lower.includes(` ${counted} than `)) {
    const unit = /([a-z°%]+)\W*$/i.exec(name)?.[1]?.toLowerCase();
    // (Not a percentage, which the counted noun follows: "about 6 percent butterfat".)
    if (
      unit &&
      unit !== counted &&
      stemOf(unit) !== stemOf(counted) &&
      lower.includes(`${unit} ${counted}`) &&
      !/^\d/.test(unit) &&
      !/^(?:percent|%)$/.test(unit)
    )
      out.push(`reads: "${unit} ${counted}"`);
  }
  // "Context: … Question: …": a prompt's part labels kept.
  if (statement.includes(":") && PART_LABEL.test(statement) && !PART_LABEL.test(answer)) out.push("reads: a prompt's label kept");
  // "Helium is the lightest noble gases.": one thing called the superlative of a plural.
  const plural = statement.includes(" the ") ? SINGULAR_SUPERLATIVE_PLURAL.exec(statement) : null;
  // (Not a noun whose singular ends in -s too: "species", "series".)
  if (plural && !/(?:ss|us|is|ics|species|series)$/.test(plural[1])) out.push(`reads: "${plural[0].trim()}"`);
  // "… add up 180 degrees to.": a preposition that ends the statement.
  if (FINAL_PREPOSITION.test(statement.slice(-8)) && !FINAL_PREPOSITION.test(answer.slice(-8)))
    out.push("reads: a preposition ends the statement");
  // "… which was average for his time tall.": the question's measure after the answer's clause.
  if ((lower.includes(", wh") || lower.includes(", that ")) && MEASURE_AFTER_CLAUSE.test(statement))
    out.push("reads: the question's measure after the answer's clause");
  // "Olive oil can partially solidify, yes, but …", "Only one does: …", "Apollo 11 was the first, which …": the answer's reply or
  // ellipsis spliced into the statement.
  if ((lower.includes(", yes, ") || lower.includes(", no, ")) && YES_NO_INSIDE.test(statement))
    out.push("reads: the answer's yes or no kept inside");
  if (ELLIPSIS_OPENING.test(statement) || /^(?:neither|both|none|all of them)\b,/i.test(statement))
    out.push("context: the answer's ellipsis opens the statement");
  // "The first is bigger, the Pacific or the Atlantic.": the question's options kept after the statement.
  const options = question.includes(" or ") ? OPTIONS_AFTER_COMMA.exec(question)?.[1] : undefined;
  // (So before the answer's dash: "The Colosseum is older, the Colosseum or the Pantheon … — it was finished …".)
  if (options && (statement.endsWith(`${options}.`) || statement.includes(`, ${options} —`) || statement.includes(`, ${options}.`)))
    out.push("reads: the question's options kept");
  // "Transport is, designed by …": the answer's ellipsis spliced in; "An Italian team's, led by …, in 1954's expedition": a possessive cut
  // from its noun.
  if (lower.includes(", ") && ELLIPSIS_SPLICED.test(statement)) out.push("reads: the answer's ellipsis spliced in");
  if (lower.includes("'s, ") && POSSESSIVE_CUT.test(statement)) out.push("reads: a possessive cut from its noun");
  // "The jet stream blows at often over 200 km/h.": a preposition before an adverb.
  if (PREPOSITION_ADVERB.test(statement) && !PREPOSITION_ADVERB.test(answer)) out.push("reads: a preposition before an adverb");
  // "Iron is a ferromagnetic metal: copper.": the question's listed options after a colon.
  if (statement.includes(": ") && !answer.includes(":") && /,[^,?]+\bor\b[^?]*\?\s*$/.test(question) && question.includes(":"))
    out.push("reads: the question's options kept");
  // "The Panama Canal opened in 1914 (on August 15.": a bracket the answer opened left open.
  if (
    (statement.includes("(") || statement.includes(")")) &&
    occurrences(statement, "(") !== occurrences(statement, ")") &&
    occurrences(answer, "(") === occurrences(answer, ")")
  )
    out.push("reads: a bracket left open");
  // "Complete the sentence: …": the question's instruction kept.
  if (INSTRUCTION_KEPT.test(statement)) out.push("reads: the question's instruction kept");
  // "The ninth one includes …", "… belongs to the Uralic one.": the answer's "one" standing for the question's noun.
  const one = lower.includes(" one") ? ONE_FOR_NOUN.exec(statement) : null;
  if (one && !question.toLowerCase().includes(one[0].toLowerCase())) out.push(`context: "${one[0]}" stands for the question's noun`);
  // "The three Fates … is Clotho, Lachesis and Atropos": a counted subject with a singular verb.
  if (COUNTED_SINGULAR.test(statement)) out.push("reads: a counted subject with a singular verb");
  // "The harp one of the is oldest …": an article right before a verb.
  if (
    (lower.includes("the is") || lower.includes("the are") || lower.includes("the was") || lower.includes("the were")) &&
    ARTICLE_VERB.test(statement)
  )
    out.push("reads: an article before a verb");
  if (lower.includes(", which") && CUT_SHORT_THEN_WHICH.test(statement) && !question.toLowerCase().includes(", which"))
    out.push('context: a cut-short superlative before "which"');
  return out;
}

const OPTIONS_AFTER_COMMA = /, ((?:the |a |an )?[^,?]{1,40} or (?:the |a |an )?[^,?]{1,40})\?\s*$/i;
const ELLIPSIS_SPLICED =
  /\b(?:is|are|was|were|did|does|do), (?!however\b|in fact\b|of course\b|therefore\b|thus\b|for example\b|for instance\b|too\b|and\b|but\b|or\b)[a-z]+(?:ed|en|ing)\b/;
const POSSESSIVE_CUT = /'s, [^.]*(?<!\b(?:[Ii]t|[Tt]hat|[Tt]here|[Hh]e|[Ss]he|[Ww]hat|[Ww]ho|[Hh]ere|[Ww]here|[Ll]et))(?:'s|s') [a-z]/;
// ("written in mostly C" reads; "by Mostly through fleas" kept the answer's opening capital.)
const PREPOSITION_ADVERB =
  /\b(?:[Aa]t|[Ii]n|[Oo]n|[Bb]y|[Oo]f|[Ff]or) (?:[Oo]ften|[Uu]sually|[Ss]ometimes|[Tt]ypically|[Gg]enerally|[Aa]lways|[Nn]ever|[Pp]robably|Mostly|Mainly)\b/;
const INSTRUCTION_KEPT = /^(?:complete|finish|fill in) the (?:sentence|blank|statement)\b/i;
const ONE_FOR_NOUN = /\bthe (?!only\b|same\b|other\b|last\b|first\b|right\b|wrong\b)[a-z]+ one\b(?! (?:of|another)\b)/i;
// (A number word in a name is no count: "The Three Gorges Dam is …".)
const COUNTED_SINGULAR = /^[Tt]he (?:two|three|four|five|six|seven|eight|nine|ten|twelve|\d+) [A-Za-z][a-z]*s\b[^,.;]* (?:is|was)\b/;
const ARTICLE_VERB = /\bthe (?:is|are|was|were)\b/i;

const PART_LABEL = /(?:^|[.?!]\s+)(?:Context|Question|Passage|Answer)\s*:/;
const SINGULAR_SUPERLATIVE_PLURAL =
  /\b(?:is|was) the (?:\w+est|most \w+|least \w+)(?: [a-z]+)? ([a-z]+[^s\W]s)(?=[.,;]|$| (?:in|on|at|by|for|to)\b)/;
const FINAL_PREPOSITION = /\s(?:to|into|of|from|with|about|at|by|for)[.!]?$/;
const MEASURE_AFTER_CLAUSE = /, (?:which|that|who) [^.]* (?:tall|old|long|wide|deep|high|far|heavy)[.!]?$/;
const YES_NO_INSIDE = /[a-z], (?:yes|no), (?:but|and|because|although)\b/i;
const ELLIPSIS_OPENING = /^(?:only )?(?:one|some|most|none|all|both) (?:do|does|did|is|are|was|were|can|could|has|have)\s*[:,—–-]/i;
const CUT_SHORT_THEN_WHICH = /\bthe (?:first|last|\w+est), which\b/;
