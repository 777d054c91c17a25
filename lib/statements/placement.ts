/**
 * Checks on where the answer's parts went in a statement and what the question lost around them, from the bad statements of issue 23's
 * chat-answer batches (flags-12 … flags-19): an article before a comma ("are a, B, AB and O"), a superlative without the question's
 * noun ("Neptune has the strongest — …"), "It varies" given a subject, the question's predicate after the answer's dash or glued on as
 * a which-clause, the question's quoted term or hyphenated compound cut, a preposition before the verb, no count for "how many", the
 * answer's instruction, framing, question or capitals kept where they do not belong. Each regex runs only where a cheap test finds
 * what it needs: these checks run on every statement.
 */
import { clauseVerb, tokenizePhrase } from "./answer.js";
import { canBeVerb, isCommonWord, isProperWord, isUncountable, isVerbFirst, PERSON_PLURAL, verbForms } from "./nlp.js";
import { parseQuestion, PREPOSITIONS } from "./question.js";
import { cachedRegExp, capitalisedInside, escapeRegExp, MEASURE_UNITS, occurrences, splitFinalSentence, wordSet } from "./text.js";

/**
 * "A notary public does a notary public witnesses …": the words before one of the statement's "does", "did" or "do" (3 to 40
 * characters, the shortest first) said again, as whole words, within 30 characters after it and before any period — what
 * `^(.{3,40}?) (?:does|did|do) ([^.]{0,30}?)\b\1\b` (case-insensitive) matches, found without a back-reference: the match, the
 * subject and the words between.
 */
function subjectSaidAgain(own: string): [string, string, string] | null {
  const lower = own.toLowerCase();
  for (const m of lower.matchAll(/ (?:does|did|do) /g)) {
    const at = m.index ?? 0;
    if (at < 3) continue;
    if (at > 40) break;
    const from = at + m[0].length;
    const found = findWord(lower, lower.slice(0, at), from, 30);
    if (found >= 0) return [own.slice(0, found + at), own.slice(0, at), own.slice(from, found)];
  }
  return null;
}

/** Where `word` (lower-case) occurs as whole words in `lower` at most `within` characters after `from`, before any period; -1 if not. */
function findWord(lower: string, word: string, from: number, within: number): number {
  for (let k = lower.indexOf(word, from); k >= 0 && k - from <= within; k = lower.indexOf(word, k + 1)) {
    if (lower.slice(from, k).includes(".")) return -1;
    if (!/\w/.test(lower[k - 1] ?? "") || k === from) if (!/\w/.test(lower[k + word.length] ?? "")) return k;
  }
  return -1;
}

/** Whether `lower` has `words` (lower-case) where a word ends right after them (what a regex of `words` and `\b` finds). */
function endsWords(lower: string, words: string): boolean {
  for (let k = lower.indexOf(words); k >= 0; k = lower.indexOf(words, k + 1)) if (!/\w/.test(lower[k + words.length] ?? "")) return true;
  return false;
}

/** Whether `word` (lower-case) opens `lower` at `at` as whole words ("ISO means ISO measures …"). */
function saidAgainAt(lower: string, word: string, at: number): boolean {
  return lower.startsWith(word, at) && !/\w/.test(lower[at + word.length] ?? "");
}

/** A question about a work, whose title keeps its "The" ("Which show …?", "What novel …?"). */
const WORK_ASKED = /\b(?:book|novel|film|movie|play|show|musical|song|album|opera|painting|poem|story|series|title|work)s?\b/i;

/** Past participles without -ed, -en or -wn ("made", "kept", "cut"): after "be" they make a passive. */
const UNMARKED_PARTICIPLES = wordSet(
  "made built found held kept left lost meant paid said sent sold told taught thought brought bought caught led fed spent struck hung won",
  "dug spun stuck set put cut laid shut hit hurt read spread let cast run come become bid fit quit split burst shed slit knit beat heard",
  "felt dealt dwelt knelt slept swept wept crept meant lent bent burnt learnt spelt spilt spoilt smelt stood understood sat met shot lit",
  "slid fought sought bound ground wound sung rung swum begun drunk sunk shrunk stung strung swung clung flung slung done",
);

/** The answer lower-cased without a chat opener ("Great question! …") and its final stop. */
function withoutOpener(answer: string): string {
  return answer
    .trim()
    .toLowerCase()
    .replace(/^[^!?.]{0,40}!\s+/, "")
    .replace(/[.!]+$/, "");
}

/** The noun a how-many question counts ("How many players are on a rugby sevens team?" → "players"). */
function howManyNoun(question: string): string | undefined {
  return /[Hh]ow many/.test(question) ? /^how many ([a-z]+)/i.exec(splitFinalSentence(question).last.trim())?.[1].toLowerCase() : undefined;
}

/** "Which of the Seven Dwarfs …": the set's last word ("Dwarfs"); not "which of these" or "which of the following". */
const WHICH_OF_SET =
  /^\s*[Ww]hich of (?:the|his|her|its|their|our|your) (?!following\b|options\b|choices\b|statements?\b|answers\b)(?:[\w'’-]+ ){0,3}?([A-Za-z][\w'’-]{2,})(?= (?:is|was|are|were|has|have|had|does|do|did|can|could|will|would|[a-z]+s|[a-z]+ed)\b)/;

/** "… the oldest board game …": a superlative (or "the first", "the last") in the question and the word after it. */
const SUPERLATIVE_NOUN = /\bthe (\w+est|most \w+|least \w+|first|last) ([a-z][\w-]+)/i;
/** Words in -est that are not superlatives: "the forest", "the interest", "the harvest". */
const NOT_SUPERLATIVE =
  /^(?:\w*forest|interest|arrest|unrest|rest|\w*west|test|contest|protest|attest|detest|chest|nest|guest|vest|harvest|quest|conquest|request|bequest|priest|zest|modest|honest|manifest|digest|suggest|invest|crest|pest|jest|lest)$/i;
/** A word after such a superlative that is not its noun: a preposition, a verb, a pronoun, an adverb. */
const SUPERLATIVE_NOT_NOUN =
  /^(?:of|in|on|at|to|for|and|or|that|which|who|is|are|was|were|has|have|had|ever|one|ones|by|among|than|so|far|yet|from|known|recorded|when|where|while|if|because|though|although|but|as|still|outside|inside|today|now|here|there|again|overall|\w+ly)$/i;

/** "Which lake is the largest in Africa?": the class noun and its superlative. */
const WHICH_SUPERLATIVE =
  /^\s*which ([a-z]+) (?:is|was|are|were) the (\w+est|most \w+|least \w+)(?=\s*\?|\s+(?:in|on|at|among|by|ever)\b(?!\s+which\b))/i;

/** The question's last three words before its "?" ("most powerful bite"), lower-cased; "" for a shorter question. */
function questionTail(question: string): string {
  const words = question
    .toLowerCase()
    .replace(/[?.!\s]+$/u, "")
    .split(/\s+/);
  // ("What causes seasickness?": a three-word question's last two.)
  return words.length >= 4 ? words.slice(-3).join(" ") : words.length === 3 ? words.slice(-2).join(" ") : "";
}

/** Why a person should look at where `own` (the statement's own sentences of `statement`) put the parts of `answer` to `question`. */
/** The noun of a which- or what-phrase, past the names before it ("Which Shakespeare play …" → "play"). */
const WHICH_NOUN =
  /^\s*(?:[Ww]hich|[Ww]hat)\s+(?:[A-Z][\w'’-]*\s+)*(?!(?:would|could|should|will|does|did|was|were|are|has|have|can|may|might|must)\b)([a-z]{3,})\s+(?=(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|[a-z]+s|[a-z]+ed)\b)/;
/** An answer that is a name: capitalised words, with "the", "of" or "and" between them ("The Tempest", "George Harrison"). */
const NAME_ONLY = /^(?:The |A |An )?[A-Z][\w'’-]*(?: (?:(?:of|the|and|de|von|van) )*[A-Z][\w'’-]*)*$/;

export function answerPartDoubts(own: string, statement: string, question: string, answer: string): string[] {
  const out: string[] = [];
  // (In the case the statement writes it: "are a, B, AB and O" for the answer's "A, B, AB and O" is the answer's letter lowered.)
  const articleComma = own.includes(",") ? /\b(?:a|an|the|A|An|The), /.exec(own) : null;
  if (articleComma && !cachedRegExp(`\\b${articleComma[0]}`, "").test(`${question} ${answer}`))
    out.push("reads: an article before a comma");
  // (A cheap test first: these checks run on every statement.)
  const cut = /(?:est|most \w+|least \w+|first|last)(?:\s*[—–,.;:]|\s*$)/.test(own)
    ? /\bthe (\w+est|most \w+|least \w+|first|last)(?=\s*[—–,.;:]|\s*$)/i.exec(own)
    : null;
  const cutFlagged =
    cut !== null &&
    !/\bthan $/i.test(own.slice(0, cut.index)) &&
    cachedRegExp(`\\bthe ${cut[1]} (?!of\\b|in\\b|to\\b|on\\b|at\\b|for\\b|and\\b|or\\b)[a-z]`, "i").test(question);
  if (cutFlagged) out.push(`context: "the ${cut[1]}" without the question's noun`);
  // "Doc wears glasses." for "Which of the Seven Dwarfs wears glasses?": the set the question picks from left out.
  const set = /^\s*which of/i.test(question) ? WHICH_OF_SET.exec(question) : null;
  if (set && !own.toLowerCase().includes(set[1].toLowerCase()) && !answer.toLowerCase().includes(set[1].toLowerCase()))
    out.push(`context: the "${set[1]}" the question picks from left out`);
  // "Lake Victoria is the largest in Africa." for "Which lake is the largest in Africa?": the superlative without the noun it picks.
  const picked = !cutFlagged && /^\s*which\s/i.test(question) ? WHICH_SUPERLATIVE.exec(question) : null;
  // (The noun after other modifiers counts: "the largest single flower"; so does the superlative before a comma: "the deepest, at …".)
  if (
    picked &&
    cachedRegExp(`\\bthe ${escapeRegExp(picked[2].toLowerCase())}[ ,;—–]`, "").test(own.toLowerCase()) &&
    !cachedRegExp(`\\bthe ${picked[2]} (?:[\\w-]+ ){0,2}${picked[1]}`, "i").test(own)
  )
    out.push(`context: "the ${picked[2].toLowerCase()}" without the question's "${picked[1]}"`);
  // "The oldest still widely played is probably Go." for "What's the oldest board game still played today?": the answer's superlative
  // kept without the noun the question gives it.
  const superlative = !cutFlagged && !picked && !/^\s*which\s/i.test(question) ? SUPERLATIVE_NOUN.exec(question) : null;
  if (superlative && !SUPERLATIVE_NOT_NOUN.test(superlative[2]) && !NOT_SUPERLATIVE.test(superlative[1])) {
    const [, degree, noun] = superlative;
    const lower = own.toLowerCase();
    const at = lower.indexOf(`the ${degree.toLowerCase()} `);
    const next = at < 0 ? "" : (/^[^\s,.;:]*/.exec(lower.slice(at + degree.length + 5))?.[0] ?? "");
    // (The answer's own phrase may follow: "the block with the greatest specific heat" for "… the greatest amount?".)
    const answersOwn =
      next !== "" && !SUPERLATIVE_NOT_NOUN.test(next) && answer.toLowerCase().includes(`the ${degree.toLowerCase()} ${next}`);
    // (Its plural is the noun too: "the first people to climb Everest" for "the first person …".)
    const plural = PERSON_PLURAL[noun.toLowerCase()] ?? `${noun.toLowerCase()}s`;
    if (
      at >= 0 &&
      !answersOwn &&
      !next.startsWith(noun.toLowerCase()) &&
      next !== plural &&
      !cachedRegExp(`\\bthe ${degree} (?:[\\w-]+ ){1,2}${noun}`, "i").test(own)
    )
      out.push(`context: "the ${degree.toLowerCase()}" without the question's "${noun.toLowerCase()}"`);
  }
  if (
    /^it (?:varies|depends)\b/i.test(answer.trim()) &&
    !/^it (?:varies|depends)\b/i.test(own.trim()) &&
    /\b(?:varies|depends)\b/.test(own)
  )
    out.push('meaning: "it varies" said of the question\'s subject');
  const dashOrWhich = own.includes(" — ") || own.includes(" – ") || own.includes(", which ");
  const tail = dashOrWhich ? questionTail(question) : "";
  const lower = dashOrWhich ? own.toLowerCase() : "";
  const dash = dashOrWhich ? lower.search(/ [—–] /) : -1;
  const tailAfterDash = tail !== "" && dash > 0 ? lower.indexOf(tail, dash) : -1;
  // (Not where the answer says it after "that's what": "… — that's what makes popcorn pop".)
  // (Not after a pair of dashes, which closes its phrase: "Earth's axial tilt — roughly 23.4 degrees — causes the seasons …".)
  const paired = tailAfterDash > dash && (lower.slice(dash, tailAfterDash).match(/ [—–] /g)?.length ?? 0) % 2 === 0;
  if (
    tailAfterDash > dash &&
    !paired &&
    !lower.slice(0, dash).includes(tail) &&
    !/\b(?:that['’]s|that is|this is|which is) what $/.test(lower.slice(dash, tailAfterDash))
  )
    out.push("reads: the question's predicate after the answer's dash");
  // "Mexico is best known for it, …, which is famous for the Day of the Dead.": the question's predicate as a which-clause the answer
  // never had.
  if (
    tail !== "" &&
    !/^\s*why\b/i.test(question) &&
    lower.endsWith(`${tail.split(" ").slice(-2).join(" ")}.`) &&
    /, which (?!is why)(?:is|are|was|were|has|have|had|\w+s) /.test(lower.slice(Math.max(0, lower.length - tail.length - 40))) &&
    !answer.toLowerCase().includes(", which ") &&
    // (The answer's own words, then the which-clause: "Mexico is best known for it, with …, which is famous for …".)
    lower.startsWith(`${withoutOpener(answer)}, which `)
  )
    out.push("reads: the question's predicate as a which-clause");
  // "You can see the Milky Way from a city, usually not, because …", "… healthier than regular potatoes, not dramatically.": the
  // answer's yes or no left inside the statement.
  const polar = !own.includes(", ")
    ? null
    : /, (?:(?:usually|probably|generally|mostly|often|definitely|certainly|really|better|best) )?(?:not|no|yes)(?: (?!only\b)[a-z]{2,}ly)?(?=[,.;]| —)/i.exec(
        own,
      );
  if (polar && !question.includes(polar[0]) && /^(?:(?:\w+ ){0,3}\w+,? )?(?:not|no|yes)\b/i.test(answer.trim()))
    out.push("meaning: the answer's yes or no left inside the statement");
  const whichTail = tail !== "" ? lower.lastIndexOf(", which ") : -1;
  if (
    whichTail > 0 &&
    lower.indexOf(", which ") < whichTail &&
    lower.endsWith(`${tail}.`) &&
    !answer.toLowerCase().includes(lower.slice(whichTail).replace(/\.$/, "")) &&
    // (Only after a noun phrase with no verb of its own: "Each kernel has a little water inside, which …, which makes popcorn pop." reads.)
    clauseVerb(tokenizePhrase(own.slice(0, lower.indexOf(", which ")))) < 0
  )
    out.push("reads: the question's predicate as a second which-clause");
  if (question.includes('"') || question.includes("“"))
    for (const m of question.matchAll(/["“]([^"”]{2,40})["”]/g))
      if (!statement.toLowerCase().includes(m[1].toLowerCase()) && !answer.toLowerCase().includes(m[1].toLowerCase())) {
        out.push(`context: the question's "${m[1]}" left out`);
        break;
      }
  // "The first transcontinental railroad in was the United States completed": a preposition before the finite verb.
  // (Not after a verb whose preposition ends a relative clause: "One factor the rate constant k depends on is temperature.")
  // (The preposition and verb found first; the word before them read after.)
  const strandedAt = own.search(/ (?:in|on|at|of|for|with|from|by|into) (?:is|are|was|were)\b/);
  const stranded = strandedAt > 0 ? /^(\w+) \w+ \w+/.exec(own.slice(own.lastIndexOf(" ", strandedAt - 1) + 1)) : null;
  if (
    stranded &&
    !question.includes(stranded[0]) &&
    !answer.includes(stranded[0]) &&
    !(/(?:s|ed)$/.test(stranded[1]) && canBeVerb(stranded[1].replace(/(?:s|ed)$/, "")))
  )
    out.push(`reads: "${stranded[0].split(" ").slice(1).join(" ")}"`);
  // "In tennis, it called is deuce": a pronoun, a participle, then "is".
  const participle = /(?:called|named|termed|known|considered) (?:is|are|was|were)\b/.test(own)
    ? /\b(?:it|they) (?:called|named|termed|known|considered) (?:is|are|was|were)\b/.exec(own)
    : null;
  if (participle && !question.includes(participle[0])) out.push(`reads: "${participle[0]}"`);
  // "There are hard to say words …" for "How many …?": the count is missing.
  const noun = howManyNoun(question);
  if (noun !== undefined) {
    // (The clause the count is in: up to a dash, a semicolon or a comma, after an opening phrase such as "On average, ".)
    const clauses = own.split(/\s[—–]\s|;|, /);
    const counted =
      /^\s*(?:on average|in total|in all|altogether|today|at most|at least|in (?:the|a|an) [a-z]+(?: [a-z]+)?)\s*$/i.test(
        clauses[0] ?? "",
      ) ||
      // (After a condition: "If she's a modern laying breed, a hen lays about 300 eggs a year".)
      /^\s*(?:if|when|unless|once)\s/i.test(clauses[0] ?? "")
        ? `${clauses[0]}, ${clauses[1] ?? ""}`
        : clauses[0];
    if (!COUNT_WORD.test(counted)) out.push('answer words: no count for "how many"');
    // "Its key signature has just one: F-sharp." for "How many sharps …?": the counted noun left out.
    const stem = noun.replace(/(?:es|s)$/, "");
    if (COUNT_WORD.test(counted) && stem.length >= 3 && !own.toLowerCase().includes(stem) && /\b(?:one|1)\s*[:;,—–.]/.test(counted + "."))
      out.push(`context: "${noun}" left out of the count`);
  }
  // "… hurricanes–Simpson scale": the answer's compound with a dash split apart.
  for (const m of answer.includes("-") || answer.includes("–") ? answer.matchAll(/\b[\p{L}]+[–-][\p{L}]+\b/gu) : [])
    if (!statement.toLowerCase().includes(m[0].toLowerCase())) {
      out.push(`answer words: "${m[0]}" split`);
      break;
    }
  // "A red flag means a red flag in Formula One means that …": the answer's own sentence put inside the question's words.
  const said = answer.trim().replace(/[.!]+$/, "");
  const at =
    said.length >= 15 && own.length > said.length + 5 && occurrences(said, " ") >= 3 ? own.toLowerCase().indexOf(said.toLowerCase()) : -1;
  const verbBefore = at > 0 ? /(\S+)\s*$/.exec(own.slice(0, at))?.[1].toLowerCase() : undefined;
  if (
    verbBefore !== undefined &&
    own.toLowerCase().startsWith(said.split(" ").slice(0, 2).join(" ").toLowerCase()) &&
    ` ${said.toLowerCase()} `.includes(` ${verbBefore} `)
  )
    out.push("reads: the answer's sentence inside the question's");
  // "A volcano forms by when magma …": "by" before a clause.
  if (
    own.includes("by ") &&
    /\bby (?:when|if|because|while|whenever)\b/.test(own) &&
    !/\bby (?:when|if|because|while|whenever)\b/.test(answer)
  )
    out.push('reads: "by" before a clause');
  for (const doubt of gluedAnswerDoubts(own, question, answer)) out.push(doubt);
  // "The kidneys waste from the blood." for "Which organs filter waste from the blood?" + "the kidneys": the question's verb lost.
  const lostVerb = questionVerbLost(own, question, answer);
  if (lostVerb) out.push(`meaning: the question's "${lostVerb}" left out`);
  // "It is often said that the Earl of Sandwich invented it." for "Who invented the sandwich?": the question's object left as "it".
  const objectIt = objectLeftAsPronoun(own, question);
  if (objectIt) out.push(`context: "${objectIt}" for the question's object`);
  // "**Hindi**": markdown left in.
  if ((own.includes("**") || own.includes("__")) && /\*\*\S|__[A-Za-z]/.test(own)) out.push("reads: markdown left in");
  // "To saygood morning": two of the question's words glued together.
  // (Where the question has quotes or brackets, whose tokens the rules join: "To saygood morning".)
  const qWords = /["“”()]/.test(question) ? (question.toLowerCase().match(/[a-z]{3,}/g) ?? []) : [];
  const lowerOwn = qWords.length > 0 ? own.toLowerCase() : "";
  for (let k = 0; k + 1 < qWords.length; k++) {
    const glued = qWords[k] + qWords[k + 1];
    if (lowerOwn.includes(glued) && !question.toLowerCase().includes(glued) && !answer.toLowerCase().includes(glued)) {
      out.push(`reads: "${glued}", two words glued`);
      break;
    }
  }
  // "A telescope first probably should not be bought": the question's "first" inside the subject.
  if (own.includes(" first ") && /^[A-Z][^,]* first (?:probably )?(?:should|can|must|will|would)\b/.test(own.trim()))
    out.push('reads: "first" inside the subject');
  // "… because the leading explanation is that …": the answer's framing of its reason made the reason.
  if (own.includes("because ") && /\bbecause (?:the|a|one) (?:\w+ )?(?:explanation|reason|theory|answer|idea) (?:is|was)\b/.test(own))
    out.push('reads: the answer\'s framing of its reason kept after "because"');
  // "Mostly leaves — three-toed sloths eat …": the answer's bare phrase, no statement of the question's.
  const bareDash = own.indexOf(" — ");
  // (Not a sentence of the answer's own before its dash: "APR means annual percentage rate — …".)
  if (
    bareDash > 0 &&
    bareDash < 40 &&
    own.trim() === answer.trim() &&
    !/\b(?:is|are|was|were|has|have|had|means|stands)\b/.test(own.slice(0, bareDash))
  )
    out.push("context: the answer's phrase without the question's words");
  // "Benjamin Franklin is usually credited with it": "it" for what the question names.
  const creditedIt =
    own.includes(" for it") || own.includes(" with it")
      ? /\b(?:credited with|known for|famous for|responsible for|blamed for|remembered for) it\b/.exec(own)
      : null;
  if (creditedIt && !question.toLowerCase().includes(creditedIt[0])) out.push(`context: "${creditedIt[0]}"`);
  // "Jaywalking illegal in the UK is not.": a bare negated copula ends the sentence.
  if (own.includes(" not.") && /\b(?:is|are|was|were) not\.(?:\s|$)/.test(own)) out.push('reads: a sentence ends in "is not"');
  // "It means adding liquid … to deglaze a pan.": "it" for the question's infinitive.
  if (/^It means\b/.test(own.trim()) && /\bit mean to\b/i.test(question)) out.push('context: "It means" for the question\'s infinitive');
  // "Bread dough should be knead …": a base form after "be".
  const beBase = own.includes(" be ") ? /\bbe ([a-z]{3,})\b/.exec(own) : null;
  if (
    beBase &&
    !/(?:ed|en|wn|ne|ng)$/.test(beBase[1]) &&
    !UNMARKED_PARTICIPLES.has(beBase[1]) &&
    isVerbFirst(beBase[1]) &&
    !question.includes(`be ${beBase[1]}`)
  )
    out.push(`reads: "be ${beBase[1]}"`);
  // "… items can people hold in short-term memory": the question's word order around the answer.
  const order = / (?:people|you|we|they|humans|I) /.test(own)
    ? /\b(?:can|could|do|does|did|will|would|should|must) (?:people|you|we|they|humans|I) [a-z]+/.exec(own)
    : null;
  if (order && !answer.includes(order[0]) && !/[?]\s*$/.test(own) && !own.includes(": "))
    out.push(`reads: "${order[0]}", a question's word order`);
  // "… would you divert a runaway trolley … instead of five.": the answer's question made a statement.
  if (answer.includes("?") && !statement.includes("?")) out.push("meaning: the answer's question ends with a period");
  // "\"tabula rasa\" means latin for …": a capital the answer wrote inside its sentence lost.
  for (const m of / [A-Z][a-z]{2}/.test(answer) ? answer.matchAll(/(?<=[a-z,] )([A-Z][a-z]{2,})\b/g) : [])
    if (!own.includes(m[1]) && own.includes(` ${m[1].toLowerCase()}`)) {
      out.push(`answer words: "${m[1]}" lost its capital`);
      break;
    }
  // "Nobody is sure why venus rotates backwards": a name the question capitalised inside its sentence, lowered.
  for (const m of / [A-Z][a-z]{2}/.test(question) ? question.matchAll(/(?<=[a-z,] )([A-Z][a-z]{2,})\b/g) : [])
    if (!own.includes(m[1]) && cachedRegExp(`\\b${m[1].toLowerCase()}\\b`, "").test(own) && !answer.includes(m[1].toLowerCase())) {
      out.push(`context: the question's "${m[1]}" lost its capital`);
      break;
    }
  // "Sudan, surprisingly has the most pyramids": the answer's comment after its phrase left open before the statement's verb.
  const comment = own.includes("ly ")
    ? /, ([a-z]{3,}ly) (?:is|are|was|were|has|have|had|does|do|did|can|could|will|would|should|must|may|might)\b/.exec(own)
    : null;
  if (comment && !answer.includes(comment[0]) && !question.includes(comment[0]))
    out.push(`reads: ", ${comment[1]}" left open before the verb`);
  // "Jacques Cousteau co-invented the Aqua with …": the question's compound cut at its hyphen.
  for (const m of question.includes("-") ? question.matchAll(/\b([\p{L}]{2,})-[\p{L}]+\b/gu) : [])
    if (!statement.includes(m[0]) && new RegExp(`\\b${m[1]}\\b(?!-)`).test(own) && !answer.includes(m[1])) {
      out.push(`context: "${m[0]}" cut at its hyphen`);
      break;
    }
  // "Succulents every day should not be watered": a time phrase inside the subject.
  const timed = !(own.includes(" every ") || own.includes(" each "))
    ? null
    : /^[A-Z][a-z]+ (?:every|each) [a-z]+ (?:should|can|could|must|will|would|is|are|was|were)\b/.exec(own.trim());
  if (timed && !question.includes(timed[0])) out.push("reads: a time phrase inside the subject");
  // "A yellow card means a caution — … in football.": the question's last phrase after the answer's dash.
  const lastPhrase = / ((?:in|on|at|for|during|from) [\w'’ -]{2,30})\?\s*$/.exec(question)?.[1];
  const dashAt = own.search(/ [—–] /);
  if (
    lastPhrase &&
    dashAt > 0 &&
    // (A pair of dashes closes its phrase.)
    (own.match(/ [—–] /g)?.length ?? 0) % 2 === 1 &&
    own
      .trim()
      .replace(/[.!]+$/, "")
      .endsWith(lastPhrase) &&
    !own.slice(0, dashAt).includes(lastPhrase)
  )
    out.push("reads: the question's last phrase after the answer's dash");
  // "They speak Dutch there — …" for "… in Flanders?": "there" for a place the sentence names only later, if at all.
  const placeAsked = /\b(?:in|at|on) ([A-Z][a-z]+)/.exec(question)?.[1];
  if (/\bthere\s*[—–,;]/.test(own) && placeAsked && !own.includes(placeAsked) && !/\bthere\s*[—–,;]/.test(question))
    out.push('context: "there" stands for the question\'s place');
  // "A notary public does a notary public witnesses …": the subject said again after the question's "does".
  const doSaid = own.includes(" does ") || own.includes(" did ") || own.includes(" do ") ? subjectSaidAgain(own) : null;
  if (doSaid && !doSaid[2].includes(",")) out.push(`reads: "${doSaid[1]}" said again after "${/ (does|did|do) /.exec(doSaid[0])?.[1]}"`);
  else if (doSaid && / (?:did|does) (?:in|on|at) /.test(doSaid[0])) out.push(`reads: "${doSaid[1]}" said again after the question's verb`);
  // "A troy ounce weighs about 31.1 grams in grams": a word said again around "in".
  const twiceIn = own.includes(" in ") ? /\b([a-z]{3,}) in \1\b/i.exec(own) : null;
  if (twiceIn && !question.includes(twiceIn[0]) && !answer.includes(twiceIn[0])) out.push(`reads: "${twiceIn[0]}"`);
  // "The name of Tintin's dog is snowy.": a name the answer capitalised, lowered.
  const named = /\bname of\b/i.test(question) ? /^\s*([A-Z][a-z]+)\b/.exec(answer) : null;
  if (named && own.includes(` ${named[1].toLowerCase()}`) && !own.includes(named[1])) out.push(`reads: the name "${named[1]}" lowered`);
  // "It is called a hamburger if there's no ham in it because …": the question's own "it" kept as the subject.
  if (/^\s*why (?:is|was) it called\b/i.test(question) && /^\s*It (?:is|was) called\b/.test(own))
    out.push('context: the question\'s "it" kept as the subject');
  // "Manhole are covers round": the question's words split by the verb.
  // (A plural noun after the verb, then the question's last word: "Canberra is the capital …" reads.)
  const split =
    own.includes(" are ") || own.includes(" is ")
      ? /^(?:(?:A|An|The) )?([A-Za-z]+) (are|is) ([a-z]+[^s\W]s) ([a-z]+)\b/.exec(own.trim())
      : null;
  if (split && question.toLowerCase().includes(` ${split[1].toLowerCase()} ${split[3]} ${split[4]}?`))
    out.push(`reads: the question's "${split[1]} ${split[3]}" split by "${split[2]}"`);
  // "I need a plug adapter in Australia if I'm coming from the US.": a yes/no question's asker as the statement's subject.
  if (
    own.startsWith("I ") &&
    /^\s*(?:do|does|did|can|could|should|would|will|must|am|may|might) I\b/i.test(question) &&
    !/^\s*(?:yes|no)?[,.!\s]*I\b/i.test(answer)
  )
    out.push("context: the asker's \"I\" as the statement's subject");
  // "Piet Mondrian part was of De Stijl": the question's noun and its preposition split by the verb.
  const splitOf = / (?:is|are|was|were) (?:of|to|for|with|in|on) /.exec(own);
  if (splitOf) {
    const noun = own.slice(0, splitOf.index).split(" ").at(-1) ?? "";
    const preposition = splitOf[0].trim().split(" ")[1];
    if (/^[a-z]{3,}$/.test(noun) && question.toLowerCase().includes(` ${noun} ${preposition}`))
      out.push(`reads: the question's "${noun} ${preposition}" split by "${splitOf[0].trim().split(" ")[0]}"`);
  }
  // "A running shoes should be replaced", "in a checked luggage": the asker's "my" made "a" before a plural or a mass noun.
  if (question.includes("my ") && (own.includes("a ") || own.includes("A ")))
    for (const m of question.matchAll(/\bmy ((?:[a-z]+ )?([a-z]+))\b/g)) {
      const plural = /[^su'’]s$/.test(m[2]) || isUncountable(m[2]);
      if (plural && new RegExp(`\\b[Aa]n? ${m[1]}\\b`).test(own)) {
        out.push(`reads: "a ${m[1]}"`);
        break;
      }
    }
  // "I fix it by Nine times out of ten, it's the flapper.": the answer's own sentence put after the question's preposition.
  const opening = /^([A-Z][a-z]+) [a-z]+ [a-z]+/.exec(answer.trim());
  if (opening && answer.includes(", ") && / (?:by|in|at|on|for|to|of|is|are) [A-Z]/.test(own)) {
    const after = / (by|in|at|on|for|to|of|is|are) $/.exec(own.slice(0, own.indexOf(opening[0])))?.[1];
    if (after && !isProperWord(opening[1].toLowerCase()) && !question.includes(opening[0]))
      out.push(`reads: the answer's sentence after "${after}"`);
  }
  // "Wood glue needs keep it clamped …", "should be cleaned scoop it …": the answer's instruction after the question's verb or participle.
  const commanded = /^([A-Z][a-z]+) /.exec(answer.trim())?.[1].toLowerCase();
  if (
    commanded &&
    own.includes(` ${commanded}`) &&
    isVerbFirst(commanded) &&
    cachedRegExp(`\\b(?:(?:needs?|has to|have to|should|must|can|will)|(?:be|been) [a-z]+(?:ed|en|t)) ${commanded}\\b`, "").test(own)
  )
    out.push(`reads: "${commanded}", the answer's instruction after the question's verb`);
  // "It is rude to …" for "Yes, very": the answer's degree left out.
  const degree = /^(?:yes|no),?\s+(very|really|extremely|absolutely|quite|totally|completely|hugely)[.!]?$/i.exec(answer.trim());
  if (degree && !own.toLowerCase().includes(degree[1].toLowerCase())) out.push(`answer words: "${degree[1]}" left out`);
  // "An adult cat has about around 230": the question's approximation and the answer's, both kept.
  const rounded = /\b(?:about|around|roughly|approximately|nearly|almost) (?:about|around|roughly|approximately|nearly|almost)\b/i.exec(
    own,
  );
  if (rounded && !answer.toLowerCase().includes(rounded[0].toLowerCase())) out.push(`reads: "${rounded[0]}"`);
  // "Horses sleep can standing up": a modal before an -ing word.
  const modalIng = /\b(?:can|could|will|would|should|must|may|might) [a-z]+ing\b/.exec(own);
  if (modalIng && !/\b(?:be|being)\b/.test(modalIng[0]) && !question.includes(modalIng[0]) && !answer.includes(modalIng[0]))
    out.push(`reads: "${modalIng[0]}"`);
  // "four of them time zones": "of them" before the counted noun.
  const ofThem = own.includes(" of them ")
    ? /\bof (?:them|it) (?!(?:is|are|was|were|has|have|had|can|will|would|could|do|does|did|and|or|in|on|at|to|for|with|from|by|all)\b)[a-z]+/.exec(
        own,
      )
    : null;
  if (ofThem && !answer.includes(ofThem[0])) out.push(`reads: "${ofThem[0]}"`);
  // "… because of resting lets the juices …": "because of" before a gerund's clause.
  // (So before a pronoun or a "not": "because of not entirely clear", "because of it's instinct".)
  if (
    own.includes("because of ") &&
    (/\bbecause of [a-z]+ing (?:[a-z]+ )?(?:lets|makes|helps|allows|is|are|means|causes|keeps|gives)\b/.test(own) ||
      /\bbecause of (?:not|nobody|no one|it['’]s|they['’]re|he['’]s|she['’]s|we|you|I)\b/.test(own))
  )
    out.push('reads: "because of" before a clause');
  // "Aretha Franklin's 1967 recording ofRespect": two words glued where a quote was.
  const camel = /\b[a-z]{2,}[A-Z][a-z]+\b/.exec(own);
  if (camel && !question.includes(camel[0]) && !answer.includes(camel[0])) out.push(`reads: "${camel[0]}", two words glued`);
  // "ISO means ISO measures …": the subject said again after "means".
  const meansAt = own.trim().indexOf(" means ");
  // (Not a demonstrative before its clause's "that": "That almost always means that the battery …".)
  const meant = meansAt >= 2 && meansAt <= 30 && !/^(?:that|this)\b/i.test(own.trim()) ? own.trim().slice(0, meansAt) : "";
  const means = meant !== "" && saidAgainAt(own.trim().toLowerCase(), meant.toLowerCase(), meansAt + 7) ? [meant, meant] : null;
  if (means) out.push(`reads: "${means[1]}" said again after "means"`);
  // "A few good ones: spider plants …": "ones" for the question's noun.
  const ones = own.includes("ones")
    ? /\b(?:a few|some|several|many|the best|good|great|the main)(?: good| great| common| popular)? ones\b/i.exec(own)
    : null;
  if (ones && !question.toLowerCase().includes(ones[0].toLowerCase())) out.push(`context: "${ones[0]}" stands for the question's noun`);
  // "Babies drink cow's milk before they cannot turn one.": the answer's "no" put in the question's clause.
  const sunk =
    / (?:before|after|until|when|if|once) (?:they|it|he|she|you|we) (?:cannot|can't|do not|don't|does not|doesn't|did not|didn't)\b/.exec(
      own,
    );
  if (sunk && !question.includes(sunk[0].trim()) && !answer.includes(sunk[0].trim()))
    out.push("meaning: the answer's no put in the question's clause");
  // "The longest-running show … is the Phantom of the Opera": a title's "The" lowered (a work's; "the Bank of Japan" is no title).
  const title = WORK_ASKED.test(question) ? /^The ([A-Z][\w'’-]* (?:of|and|in|on) (?:the |a )?[A-Z][\w'’-]*)/.exec(answer.trim()) : null;
  if (title && own.includes(`the ${title[1]}`) && !own.startsWith(`the ${title[1]}`) && !question.includes(`the ${title[1]}`))
    out.push(`reads: the title "The ${title[1]}" lowered`);
  // "The best way … is a low-cost index fund … is a great start", "It means net income is …": the answer's own sentence as the complement.
  const opens = /^([A-Za-z]+(?: [a-z]+){2})\b/.exec(answer.trim());
  if (opens && ["is", "are", "was", "were", "means"].some((verb) => endsWords(own.toLowerCase(), ` ${verb} ${opens[1].toLowerCase()}`))) {
    const rest = answer
      .trim()
      .slice(opens[0].length)
      .split(/[.;:,—–(]/, 1)[0];
    const before = rest.split(/ (?:is|are|was|were) /, 1)[0];
    if (
      / (?:is|are|was|were) /.test(rest) &&
      before.split(" ").length <= 6 &&
      !/\b(?:that|which|who|whose|where|when|what|how|why)\b/.test(`${opens[1]} ${before}`)
    )
      out.push("reads: the answer's own sentence after the question's verb");
  }
  // "Liquid water is — that's why ice floats.": the subject and its auxiliary, the question's predicate left out.
  const bareAux = /^(?:[A-Z][a-z]+)(?: [a-z]+)? (?:is|are|was|were|does|do|did|has|have|can)\s*[—–]/.exec(own.trim());
  if (bareAux) out.push(`context: the question's predicate left out after "${bareAux[0].replace(/\s*[—–]$/, "")}"`);
  // "A moon has called Dysnomia Eris.": "has called" where the question's passive was.
  const hasCalled = /\b(?:has|have|had) (?:called|named|known)\b/.exec(own);
  if (hasCalled && !question.includes(hasCalled[0]) && !answer.includes(hasCalled[0])) out.push(`reads: "${hasCalled[0]}"`);
  // "Economists use inflation for …": the term the question asks for, left out.
  // (Not a type's class: "What type of animal is a whale?" + "A mammal" says it without "animal".)
  const kindAsked = /^\s*(?:what|which) (term|word|name|phrase|expression) (?:do|does|did)\b/i.exec(question);
  const kindNoun = kindAsked ? kindAsked[1] : "";
  if (kindNoun.length >= 4 && !own.toLowerCase().includes(kindNoun) && !answer.toLowerCase().includes(kindNoun))
    out.push(`context: the question's "${kindNoun}" left out`);
  // "That happens because it is often stress, …" for "Why does that happen?" + "It's often stress, …": the answer's "it" for the cause
  // kept after "because".
  if (
    /^\s*why\b/i.test(splitFinalSentence(question).last) &&
    /^\s*it(?:['’]s| is| was)\s+(?:a|an|the|often|usually|probably|likely|mostly|mainly|just|partly)\b/i.test(answer) &&
    /\bbecause it(?:['’]s| is| was)\s/i.test(own)
  )
    out.push('context: the answer\'s "it" for the cause kept after "because"');
  // "There are seven on the field players on a rugby sevens team": a phrase between the count and the question's noun.
  const counted = howManyNoun(question);
  const between = counted
    ? cachedRegExp(`\\b(?:\\d+|${COUNT_WORDS}) (?:on|in|at|of|for) (?:the |a |an )?[a-z]+ ${counted}\\b`, "").exec(own)
    : null;
  if (between && !question.includes(between[0])) out.push(`reads: "${between[0]}", a phrase inside the count`);
  // "Juliet's parents wanted Count Paris her to marry": the answer put before the question's "her to marry".
  const objectTo = / (her|him|them) to ([a-z]+)\b/.exec(question);
  if (objectTo && cachedRegExp(`\\b[A-Z][\\w'’-]* ${objectTo[1]} to ${objectTo[2]}\\b`, "").test(own))
    out.push(`reads: the answer before the question's "${objectTo[0].trim()}"`);
  // "It is safe …, for most people it's fine.": a clause spliced on after a comma phrase.
  const spliced = own.includes(", ") ? /, (?:for|in|on|at) [a-z ]{3,30} (?:it's|it is|they're|they are)\b/.exec(own) : null;
  if (spliced) out.push("reads: the answer's clause spliced on with a comma");
  // "The safest way is the best way to thaw …": the answer's subject before the question's.
  if (
    /^The [a-z]+ (?:way|thing|method|option|time|place|choice) is the [a-z]+ (?:way|thing|method|option|time|place|choice)\b/.test(
      own.trim(),
    )
  )
    out.push("reads: the answer's subject before the question's");
  // "Copyright lasts in the EU, copyright lasts …", "… was in 1618, Protestant nobles threw …": the answer's opening phrase inside.
  // (Its clause after it in the statement: a capital, or words the statement said already.)
  const openingPhrase = /^(?:In|On|At|During|After|Before|By|Since) [^,]{1,30}, /.exec(answer.trim());
  const inside = openingPhrase ? ` ${openingPhrase[0][0].toLowerCase()}${openingPhrase[0].slice(1)}` : "";
  const insideAt = inside && !own.startsWith(openingPhrase?.[0] ?? "") ? own.indexOf(inside) : -1;
  // (Not where the phrase's place goes on with its country: "… began in ancient Olympia, Greece, around 776 BC.")
  const goesOn =
    openingPhrase !== null &&
    insideAt > 0 &&
    /^[A-Z][\w-]*(?: [A-Z][\w-]*)*,/.test(answer.trim().slice(openingPhrase[0].length)) &&
    own.slice(insideAt + 2).startsWith(answer.trim().slice(1, openingPhrase[0].length + 12));
  if (insideAt > 0 && !goesOn) {
    const next = own
      .slice(insideAt + inside.length)
      .split(" ")
      .slice(0, 2)
      .join(" ");
    if (/^[A-Z][a-z]/.test(next) || own.slice(0, insideAt).toLowerCase().includes(next.toLowerCase()))
      out.push("reads: the answer's opening phrase inside the statement");
  }
  // "… is that Brad nails are thinner": the answer's opening capital kept after "that".
  const thatCapital = own.includes(" that ") ? /\bthat ([A-Z][a-z]+) [a-z]/.exec(own) : null;
  if (
    thatCapital &&
    answer.trim().startsWith(thatCapital[1]) &&
    !isProperWord(thatCapital[1].toLowerCase()) &&
    isCommonWord(thatCapital[1].toLowerCase()) &&
    // (Not a word the question writes with a capital inside its sentence: "between Tahitian and Madagascar vanilla".)
    !capitalisedInside(thatCapital[1], question)
  )
    out.push(`reads: "${thatCapital[1]}" capitalised after "that"`);
  // "Kids should eat aim for at least five portions": the answer's instruction after the question's verb.
  const instruction = /^([A-Z][a-z]+) /.exec(answer.trim());
  // (The regex is built only where the statement has the instruction's verb after another word.)
  const verbAt = instruction ? own.indexOf(` ${instruction[1].toLowerCase()} `) : -1;
  if (instruction && verbAt > 0) {
    // (The two words before it, read without a regex.)
    const [modal, verb] = own.slice(0, verbAt).split(" ").slice(-2);
    if (
      verb !== undefined &&
      // (So after a passive: "A cat's litter box should be cleaned scoop it …".)
      (/^(?:should|can|could|must|will|would|may|might|do|does)$/.test(modal) ||
        (/^(?:be|been)$/.test(modal) && /(?:ed|en)$/.test(verb))) &&
      !/^(?:not|also|still|just|only|really|always|never|probably)$/.test(verb) &&
      canBeVerb(verb) &&
      canBeVerb(instruction[1].toLowerCase())
    )
      out.push(`reads: "${modal} ${verb} ${instruction[1].toLowerCase()}", an instruction after the question's verb`);
  }
  out.push(...answerClauseGlued(own, question, answer));
  // "160°F should ground beef reach": the question's inverted words (after "do", "does", "did" or a modal) kept in their order.
  const inverted = INVERTED_REST.test(question) ? invertedWords(question) : undefined;
  if (inverted && own.toLowerCase().includes(inverted)) out.push("reads: the question's word order kept");
  // "Eggs cannot be frozen in their shells in their shells": a phrase said twice in a row.
  const twiceInRow = / ([a-z]+ [a-z]+(?: [a-z]+)?) \1\b/i.exec(own);
  if (twiceInRow && !question.toLowerCase().includes(twiceInRow[0].trim().toLowerCase()) && !answer.includes(twiceInRow[0].trim()))
    out.push(`reads: "${twiceInRow[1]}" said twice in a row`);
  // "Bowhead whales live for more than 200 years." for "… can live for more than 200 years.": the answer's modal dropped from its verb.
  // (Not "you can …", "you should …": the asker's instruction is said without them.)
  const modal = /(?<!\b(?:you|we|i|one|they|people)) (can|could|may|might|must|should) ([a-z]{3,})\b/i.exec(answer);
  if (modal && !/\b(?:can|could|may|might|must|should|cannot|can't)\b/i.test(own) && cachedRegExp(`\\b${modal[2]}\\b`, "").test(own))
    out.push(`meaning: the answer's "${modal[1]}" dropped`);
  // "can weigh at 45.93 grams most": the question's "at most" split by the answer.
  const bound = / at (most|least)\b/.exec(question);
  if (bound && cachedRegExp(`\\bat (?:\\S+ ){1,4}${bound[1]}\\b`, "").test(own) && !own.includes(`at ${bound[1]}`))
    out.push(`reads: the question's "at ${bound[1]}" split`);
  // "A Geiger counters ionizing radiation detect.", "A professional soccer matches 90 minutes last.": the subject's noun made the verb and
  // the question's verb left bare at the end, where "does" or "did" needed it said in its own form.
  const bare = / (?:does|did) /.test(question) && INVERTED_REST.test(question) ? bareVerbAtEnd(own, question) : undefined;
  if (bare) out.push(`reads: "${bare}" left bare at the end`);
  return out;
}

/** The question's verb when the statement's first sentence ends with it bare after "does" or "did" asked it ("… detect."), else undefined. */
function bareVerbAtEnd(own: string, question: string): string | undefined {
  // (The question's last word, whatever the parse made of it: "What does a Geiger counter detect?" may read "counter" as the verb.)
  // (Only where the verb ends the question right after its subject: "… does a professional soccer match last?", not "… float on water?".)
  const asked = /\b(?:does|did)\s+((?:(?:a|an|the|this|that|your|my|their|its)\s+)?(?:[\w'’-]+\s+){1,4})([a-z]+)\s*\?\s*$/.exec(question);
  if (
    !asked ||
    !canBeVerb(asked[2]) ||
    /\b(?:a|an|the|in|on|at|of|to|for|with|by|from|after|before|into|than|and|or|through|over|under|across|around|about|via|like|as|near|behind|during|without|within|his|her|their|its|my|your|our|this|that|these|those|each|every|some|any)\s/i.test(
      asked[1].replace(/^(?:a|an|the|this|that|your|my|their|its)\s+/i, ""),
    )
  )
    return undefined;
  const verb = asked[2];
  const first = own.trim().split(/(?<=[.!?])\s+/, 1)[0];
  const words = first.replace(/[.!?]+$/, "").split(/\s+/);
  if (words.length < 4 || words[words.length - 1].toLowerCase() !== verb) return undefined;
  // (An infinitive or a modal's verb is bare of its own: "… to grow", "… can fly", "… helps it grow".)
  const before = words[words.length - 2].toLowerCase();
  if (/^(?:to|not|n't|can|could|will|would|should|must|may|might|do|does|did|it|them|him|her|us|you|me)$/.test(before)) return undefined;
  return verb;
}

/** A wh-question with "do", "does", "did" or a modal: the parse below is asked only of these. */
const INVERTED_REST =
  /^\s*(?:what|which|how|where|when|why|whom|whose)\b[^?]*\b(?:do|does|did|should|can|could|would|will|must|may|might)\b/i;

/** "should ground beef reach": the inverted auxiliary, subject and verb of a wh-question, lower-cased; undefined for any other. */
function invertedWords(question: string): string | undefined {
  const f = parseQuestion(question).frame;
  if (f.kind !== "wh-inverted" || (f.decl.auxKind !== "do" && f.decl.auxKind !== "modal") || !f.decl.verb || f.decl.subject.length === 0)
    return undefined;
  if (f.decl.subject[0].pos === "PRON") return undefined;
  return [f.decl.aux, ...f.decl.subject, ...f.decl.preVerb, f.decl.verb].map((t) => t.lower).join(" ");
}

/**
 * The question's verb and the pronoun the statement says after it ("invented it") where the question asks who or what did something to
 * an object the statement never names; else undefined.
 */
function objectLeftAsPronoun(own: string, question: string): string | undefined {
  if (!/ (?:it|them)\b/.test(own)) return undefined;
  const f = parseQuestion(question).frame;
  if (f.kind !== "wh-subject" || f.predicate[0]?.pos !== "VERB") return undefined;
  const verb = f.predicate[0];
  const nouns = f.predicate.slice(1).filter((t) => t.pos === "NOUN" || t.pos === "PROPN");
  const head = nouns[0];
  if (!head || f.predicate[1]?.pos === "ADP" || cachedRegExp(`\\b${escapeRegExp(head.lower.slice(0, 4))}`, "i").test(own)) return undefined;
  const forms = [verb.lower, ...verbForms(verb.lemma)];
  const said = forms.map((w) => cachedRegExp(`\\b${escapeRegExp(w)} (?:it|them)\\b`, "i").exec(own)?.[0]).find((m) => m !== undefined);
  return said?.toLowerCase();
}

/**
 * The question's main verb (of a wh-question whose answer fills its subject or object) when the statement says it in no form and a
 * short answer (up to five words) does not either; else undefined.
 */
function questionVerbLost(own: string, question: string, answer: string): string | undefined {
  // (Not a clause of the answer's own, which says the verb its way: "We breathe out carbon dioxide.")
  if (occurrences(answer.trim(), " ") > 4 || /^\s*(?:we|they|it|he|she|you|i|people)\s/i.test(answer)) return undefined;
  const f = parseQuestion(question).frame;
  const verb =
    f.kind === "wh-subject"
      ? f.predicate[0]?.pos !== "AUX" && f.predicate[0]?.pos !== "ADV"
        ? f.predicate[0]
        : undefined
      : f.kind === "wh-inverted" && /^(?:what|which|who|whom)$/.test(f.wh.word) && (f.decl.auxKind === "do" || f.decl.auxKind === "modal")
        ? f.decl.verb
        : undefined;
  // (Not "play" of a role or part, which "be" says: "The mushrooms are decomposers.")
  if (!verb || !/^[a-z]{3,}$/.test(verb.lower) || /^(?:be|have|do|happen)$/.test(verb.lemma)) return undefined;
  if (verb.lemma === "play" && /\b(?:role|part)\b/i.test(question)) return undefined;
  // (Nor a verb of naming, which "is" or "is called" says, nor one the statement says as a noun: "The leader of …" for "Who led …?".)
  if (/^(?:call|name|describe|term|mean|stand|refer|know)$/.test(verb.lemma)) return undefined;
  for (const w of [verb.lower, verb.lemma])
    if (cachedRegExp(`\\b${escapeRegExp(w.slice(0, Math.max(4, w.length - 2)))}`, "i").test(own)) return undefined;
  const lemma = verb.pos === "VERB" ? verb.lemma : verb.lower.replace(/(?<=[^s])s$/, "");
  // (Nor where the answer's own clause says its verb, which the statement keeps: "Paul Desmond wrote it." for "Who composed …?".)
  const answerTokens = tokenizePhrase(answer.trim());
  const ownVerb = clauseVerb(answerTokens);
  // (A verb with something after it: "acacia leaves" is no clause.)
  const followed = /^(?:PRON|DET|NOUN|PROPN|ADP|ADV|NUM|ADJ)$/.test(answerTokens[ownVerb + 1]?.pos ?? "");
  if (
    ownVerb > 0 &&
    followed &&
    answerTokens[ownVerb].pos === "VERB" &&
    cachedRegExp(`\\b${escapeRegExp(answerTokens[ownVerb].text)}\\b`, "").test(own)
  )
    return undefined;
  // (The verb as the question spells it too: "specialise" whose lemma reads "specialize", "found" whose lemma reads "find".)
  const forms = [lemma, verb.lower].flatMap((v) => verbForms(v, true));
  const says = (s: string) => {
    const words = wordSet(s.toLowerCase().replace(/[^a-z'’ -]+/g, " "));
    return forms.some((w) => words.has(w));
  };
  return says(own) || says(answer) ? undefined : lemma;
}

/**
 * "Decomposers play Decomposers break down dead organisms …", "The difference between … is "Affect" is usually a verb …", "… until a
 * stable community develops happens during ecological succession.": the answer's whole first sentence (as written, with a capital, its
 * own subject and verb, six words or more) glued after "is", after its own subject said once already, or before the question's
 * predicate.
 */
function answerClauseGlued(ownSentences: string, question: string, answer: string): string[] {
  // (After the question's context the statement's own sentences start with a space.)
  const own = ownSentences.trimStart();
  const first = answer
    .trim()
    .replace(/\*\*|__/g, "")
    .split(/(?<=[.!?]["”]?)\s+/, 1)[0]
    .replace(/[.!]+$/, "");
  // (Not a quotation, which "is" may introduce: "The opening line … is "Happy families are all alike; …"".)
  if (first.length < 24 || !/^["“]?[A-Z]\S* \S+ \S+ \S+ \S+ \S+/.test(first) || /^["“][^"”]*["”]$/.test(first)) return [];
  // (Found as written, or with its capital lowered after the question's words: "Concrete takes concrete reaches …".)
  const lowered = first[0].toLowerCase() + first.slice(1);
  const written = own.indexOf(first);
  const at = written >= 0 ? written : own.indexOf(` ${lowered}`) + 1;
  if (at < 0 || (written < 0 && at === 0)) return [];
  const before = own.slice(0, at);
  const opening = first.split(" ", 1)[0];
  // ("… glow in the dark because of Cats' eyes glow because …", "Concrete takes concrete reaches …": after a word that opens no
  // clause; not after a mark or a connective, nor where the answer's sentence opens with its own: "… pupils because a slit …".)
  const unjoined =
    at > 0 &&
    !/(?:[.!?:;,—–(]|\b(?:because|that|so|and|but|or|while|when|if|since|as|although|though|whereas|then|where|which|who|whom|(?:show|mean|suggest|prove|indicate|say|think|believe|know|find|hope|feel)s?|showed|meant|said|found|knew|thought))\s*$/i.test(
      before,
    ) &&
    !SUBORDINATING_OPENING.test(first);
  // (The answer's sentence names again what the words before it said: "The function of the gallbladder is the gallbladder stores …"; a
  // sign the rules read it as a phrase, whatever the tagger says of its verb.)
  const subject = /^["“]?(?:(?:the|a|an) )?([\p{L}'’-]{4,})/iu.exec(first)?.[1].toLowerCase();
  // (So where the words before it end with the answer's own verb: "Mayflies live most live only a day or two".)
  const verb = first.split(" ", 2)[1]?.toLowerCase() ?? "";
  const beforeWords = before.toLowerCase().split(/[^\p{L}'’-]+/u);
  const saidAgain =
    unjoined &&
    ((subject !== undefined && beforeWords.includes(subject)) ||
      (verb.length >= 3 && beforeWords.at(-2) === verb && !FUNCTION_OPENING.test(verb)));
  // (Lowered, only where it names its subject again: "A fresco is a painting done on wet plaster, so …" reads.)
  if (written < 0 && !saidAgain) return [];
  const inside =
    at > 0 &&
    (/\b(?:is|are|was|were) $/.test(before) ||
      (/^[A-Z]/.test(opening) && !FUNCTION_OPENING.test(opening) && before.startsWith(`${opening} `)) ||
      unjoined);
  const after =
    at === 0
      ? own
          .slice(first.length)
          .replace(/[.!]+$/, "")
          .replace(/^,/, "")
          .trim()
      : "";
  // ("Only about 660,000 people live there live in Luxembourg." for "How many people live in Luxembourg?": so after a counted noun.)
  const asked = /^(?:what|who|which|how (?:many|much) [a-z]+)\s+(.*?)\s*\?$/i.exec(question.trim())?.[1];
  const predicate = after !== "" && asked?.toLowerCase() === after.toLowerCase();
  if (!inside && !predicate) return [];
  // (Its verb read without its asides: "David (1501–1504) is probably his best known".)
  if (!saidAgain && clauseVerb(tokenizePhrase(first.replace(/["“”]/g, "").replace(/\s*\([^()]*\)/g, ""))) < 0) return [];
  return [inside ? "reads: the answer's sentence inside the question's words" : "reads: the question's words after the answer's sentence"];
}

/** A sentence that opens with its own connective, which may follow the question's words: "Because a slit can open …". */
const SUBORDINATING_OPENING =
  /^(?:because|since|so|when|whenever|if|once|while|although|though|as|after|before|until|unless|by|to|in order to|whereas)\b/i;

/** Words that open many sentences, so that opening two says nothing: "The …", "It …". */
const FUNCTION_OPENING = /^(?:The|A|An|This|That|These|Those|It|Its|Their|His|Her|Our|Your|My|In|On|At|There|They|He|She|We|You)$/;

/** Words a count is said in ("seven", "dozens", "a couple"); a phrase inside a count opens with one ("seven on the field players"). */
const COUNT_WORDS =
  "no|none|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|dozens?|hundreds?|thousands?|millions?|billions?|several|many|few|a couple|some|countless|numerous|a single|once|twice|thrice|a pair|both|all";
/** A number in figures or words, or a quantity word. */
const COUNT_WORD = new RegExp(`\\d|\\b(?:${COUNT_WORDS})\\b`, "i");

/**
 * The answer's words glued into the question's where they do not read: the question's noun after the answer's name ("The Tempest play
 * features …"), a comma between a name and its verb ("Laozi, traditionally wrote …"), "only a … one" after the question's noun, the
 * answer's "Those are …", explanation or purpose made a reason, its comment on the question ("trickier than it sounds") made the
 * predicate, "means German for", "the year that was 1666", its source before the question's phrase, its comparison glued after the
 * question's, and a measure's adjective after a phrase rather than its unit; also its last phrase run on without its closing comma,
 * its apposition or bracket moved away from its name, a doubled possessive ("own's"), a year straight after its verb ("came out
 * 1977"), its frequency adverb after the modal's verb, the question's final phrase after its subordinate clause, its "it does …"
 * said of the question's reason, and an apostrophe on its own.
 */
function gluedAnswerDoubts(own: string, question: string, answer: string): string[] {
  const out: string[] = [];
  // "The Tempest play features Prospero." for "Which Shakespeare play …?" + "The Tempest": the question's noun glued after the answer's name.
  const whichNoun = /^[A-Z]/.test(answer.trim()) ? WHICH_NOUN.exec(question) : null;
  if (whichNoun) {
    const name = answer.trim().replace(/[.!]+$/, "");
    const noun = whichNoun[1].toLowerCase();
    if (
      name.length <= 60 &&
      NAME_ONLY.test(name) &&
      !cachedRegExp(`\\b${escapeRegExp(noun)}\\b`, "i").test(name) &&
      own.toLowerCase().startsWith(`${name.toLowerCase()} ${noun} `)
    )
      out.push(`reads: the question's "${noun}" glued after the answer's name`);
  }
  // "Laozi, traditionally wrote the Tao Te Ching.": a comma between a name and its verb, with only an adverb after it.
  const commaSplit = /^((?:[A-Z][\w'’.-]*\s)*[A-Z][\w'’.-]*), ([a-z]+ly) ([a-z]{3,})\b/.exec(own);
  if (
    commaSplit &&
    !/^(?:the|a|an|and|or|but|who|which|that|not)$/.test(commaSplit[3]) &&
    /^[a-z]{3,}(?:ed|s)$|^(?:wrote|made|built|drew|took|gave|found|led|won|ran|saw|began|became|came|went|sang|held|brought|thought|taught)$/.test(
      commaSplit[3],
    ) &&
    !answer.includes(`, ${commaSplit[2]} ${commaSplit[3]}`)
  )
    out.push(`reads: a comma between "${commaSplit[1]}" and its verb`);
  // "Maurice Garin, in 1903 won …", "Shakespeare left to his wife, Anne Hathaway his …": the answer's last phrase after a comma run into
  // the question's words without the comma that closes it.
  const unclosed = own.includes(", ") ? unclosedAnswerPhrase(own, answer) : undefined;
  if (unclosed) out.push(`reads: no comma after the answer's "${unclosed}"`);
  // "Hamlet holds Yorick's skull in the graveyard scene, the old court jester, …", "… how hot chilli peppers are (an American
  // pharmacist …)": the answer's apposition or bracket moved away from the name it follows.
  const moved = own.includes(", ") || own.includes(" (") ? movedApposition(own, answer) : undefined;
  if (moved) out.push(`reads: the answer's "${moved}" moved away from its name`);
  // "The inventor's own's voice …": a possessive made of a possessive.
  const possessive = own.includes("'s") || own.includes("’s") ? DOUBLE_POSSESSIVE.exec(own) : null;
  if (possessive && !answer.includes(possessive[0]) && !question.includes(possessive[0])) out.push(`reads: "${possessive[0]}"`);
  // "The first Star Wars film came out 1977.": a year straight after the verb, its "in" lost.
  const year = YEAR_AFTER_VERB.exec(own);
  if (year && !answer.includes(year[0]) && !question.includes(year[0])) out.push(`reads: "${year[0]}" without "in"`);
  // "An adult can take usually no more than 4 grams …" for "Usually no more than 4 grams": the answer's adverb after the verb.
  const adverb = /^\s*(?:usually|generally|typically|normally|often|mostly)\b/i.test(answer) ? ADVERB_AFTER_MODAL_VERB.exec(own) : null;
  if (adverb && !answer.includes(adverb[0].trim())) out.push(`reads: the answer's "${adverb[2]}" after the verb ("${adverb[0].trim()}")`);
  // "A ceiling fan should usually turn anticlockwise when you look up at it in summer, …": the question's final phrase put at the end
  // of the answer's subordinate clause, which it now seems to belong to.
  const subordinate = question.trimEnd().endsWith("?") ? phraseAfterAnswerClause(own, question, answer) : undefined;
  if (subordinate) out.push(`reads: the question's "${subordinate.phrase}" after the answer's ${subordinate.word}-clause`);
  // "One reason why recycling is important reduces the amount of waste …" for "It reduces …": the answer's "it" (the thing the reason
  // is about) dropped, its verb made the reason's.
  const reasonDoes = REASON_SUBJECT.test(own) ? ANSWER_IT_DOES.exec(answer) : null;
  if (reasonDoes) {
    const predicate = `${reasonDoes[1]} ${reasonDoes[2].slice(0, 15)}`;
    const at = own.indexOf(predicate);
    if (at > 0 && !/\b(?:it|that|is|was)\s*$/i.test(own.slice(0, at)))
      out.push(`meaning: the answer's "it ${reasonDoes[1]}" said of the question's noun`);
  }
  // "… ended the Thirty Years in 1648 ' War.": an apostrophe left on its own.
  if ((own.includes(" ' ") || own.includes(" ’ ")) && !/\s['’]\s/.test(`${question} ${answer}`))
    out.push("reads: an apostrophe on its own");
  // "Mercury has an atmosphere only a very thin one, …": the answer's "only a … one" glued after the question's noun.
  const onlyOne = own.includes(" one") ? /\b([a-z]{3,}) (?:only|just) (?:a|an) (?:[a-z-]+ ){0,3}one\b/.exec(own) : null;
  if (onlyOne && !canBeVerb(onlyOne[1]) && !/^(?:and|but|not|with|for|from|than|into|onto|that|also|there)$/.test(onlyOne[1]))
    out.push(`reads: "${onlyOne[0]}" glued after the question's words`);
  // "Planes leave white trails … because those are contrails.": the answer's "Those are …" naming the thing made a reason.
  if (
    own.includes("because ") &&
    /\bbecause (?:those|these|that|this) (?:is|are|was|were)\b/i.test(own) &&
    /^\s*(?:those|these|that|this)(?: is|['’]s| are)\b/i.test(answer)
  )
    out.push('meaning: the answer\'s "those are …" made a reason');
  // "The first person to circumnavigate the globe was trickier than it sounds — …": the answer's comment on the question made its
  // predicate.
  const aside =
    /^\s*(?:that|it)(?:['’]s| is) (?:a bit |actually |much )?((?:trickier|harder|more complicated|more complex|simpler|easier|less simple) than (?:it sounds|you(?:['’]d| would| might) think|it seems))/i.exec(
      answer,
    );
  if (aside && own.toLowerCase().includes(aside[1].toLowerCase()) && !/^\s*(?:that|it)\b/i.test(own))
    out.push("meaning: the answer's comment on the question made its predicate");
  // ""schadenfreude" means German for …", "… means a Danish word for …": the answer's "It's German for" glued after "means".
  if (own.includes(" means ") && /\bmeans (?:an? )?[A-Z][a-z]+ (?:word |term |expression )?for\b/.test(own))
    out.push('reads: "means" before the answer\'s "… for"');
  // "… took place in the year that was 1666.": the answer's "That was 1666" glued after the question's noun.
  const thatWas = own.includes(" that was ") || own.includes(" which was ") ? THE_NOUN_THAT_WAS.exec(own) : null;
  if (thatWas && !answer.toLowerCase().includes(thatWas[0].toLowerCase())) out.push(`reads: "${thatWas[0]}"`);
  // "Hard-boiled eggs keep up to a week, according to the USDA in the fridge": the question's phrase after the answer's source.
  const source = own.includes("according to ") ? /, according to ([^,—–.;]+?) ((?:in|on|at|for|during) [^,—–.;]+)/.exec(own) : null;
  if (source && question.toLowerCase().includes(source[2].toLowerCase()) && !answer.includes(`${source[1]} ${source[2]}`))
    out.push("reads: the question's phrase after the answer's source");
  // "… because a soggy centre usually means …", "… because the referee can tell them apart" (the answer's "So the referee …"): the
  // answer's explanation or purpose made a reason.
  if (own.includes("because ") && /\bbecause (?:[a-z]+ ){1,4}(?:usually |often |typically |generally )?means\b/.test(own))
    out.push('meaning: the answer\'s "… means" made a reason');
  const purpose = /^\s*so (?:that )?([a-z][^,.;—–]{9,40})/i.exec(answer);
  if (purpose && own.toLowerCase().includes(`because ${purpose[1].toLowerCase()}`))
    out.push('meaning: the answer\'s purpose "so" made a reason');
  // "Sound travels faster in water than in air about four times faster.": the answer's comparison glued after the question's.
  const compared = own.includes(" times ")
    ? /\b([a-z]{3,}er) (?:[^,.;—–]+? )?than [^,.;—–]+? (?:about |around |roughly |nearly |almost |some )?\S+ times \1\b/.exec(own)
    : null;
  if (compared && !answer.includes(compared[0])) out.push(`reads: "${compared[1]}" twice`);
  // "A cricket pitch is 22 yards (20.12 metres) from stump to stump long.": the measure's adjective after a phrase, not after its unit.
  const measured = MEASURE_ADJECTIVE_END.exec(own);
  if (measured && !MEASURE_BEFORE_ADJECTIVE.test(measured[1].replace(/(?<=\w)\)$/, "")) && !answer.includes(measured[0].trim()))
    out.push(`reads: "${measured[2]}" after "${measured[1]}", not after its measure`);
  return out;
}

/**
 * The answer's last phrase after its one comma ("in 1903", "Anne Hathaway", "set out by Jacob Grimm") where the statement runs it
 * into a word of the question's with no comma between; undefined when the statement closes it (or the answer itself has those words).
 */
function unclosedAnswerPhrase(own: string, answer: string): string | undefined {
  const text = answer.trim().replaceAll("**", "");
  const head = text.split(/\s[—–]\s|[.!?;:](?:\s|$)|\s\(|\)/)[0];
  // (Not a list the answer goes on with, not a polar answer's clause: "yes, light travels faster in glass than …".)
  if (text.charAt(head.length) === ":" || /^(?:yes|no|not)\b/i.test(head)) return undefined;
  const comma = head.indexOf(", ");
  if (comma < 0 || head.indexOf(", ", comma + 1) >= 0) return undefined;
  const phrase = head.slice(comma + 2).trim();
  if (!phrase.includes(" ") || /\b(?:and|or)\b/.test(phrase) || !UNCLOSED_PHRASE_OPENER.test(phrase.slice(0, phrase.indexOf(" "))))
    return undefined;
  const at = own.indexOf(`, ${phrase} `);
  const next = at < 0 ? undefined : /^[a-z]+/.exec(own.slice(at + phrase.length + 3))?.[0];
  // (An infinitive of purpose may follow a clause: "…, which carries heat out of the inside compartment to keep food cold"; and a
  // participle's clause its own adjunct: "…, starting a civil war in 49 BC".)
  // (Not after a number's phrase, which takes no purpose: "…, 6 for soft to boil an egg".)
  if (
    !next ||
    (next === "to" && !/^\d/.test(phrase)) ||
    (/^[a-z]+ing$/.test(phrase.slice(0, phrase.indexOf(" "))) && PREPOSITIONS.has(next))
  )
    return undefined;
  return answer.includes(`${phrase} ${next}`) ? undefined : phrase;
}

/**
 * How a phrase set off by a comma opens when it is one the answer adds to its name: an article, a preposition, a participle, a
 * name, a number ("6 for soft"). (Not an adjective of a list: "virtual, upright image".)
 */
const UNCLOSED_PHRASE_OPENER =
  /^(?:\d[\d,.]*|[Aa]|[Aa]n|[Tt]he|if|unless|depending|up|in|on|at|by|with|from|for|including|such|which|who|whose|where|when|one|some|mostly|usually|about|around|roughly|nearly|over|under|after|before|during|since|while|though|although|because|according|compared|then|set|made|built|known|called|named|written|found|held|led|run|given|taken|seen|[a-z]+ing|[a-z]+ed|[A-Z][\w-]+)$/;

/**
 * The answer's apposition after a name ("the old court jester" after "Yorick's") or bracket after a word ("(an American pharmacist …)"
 * after "Scoville's") where the statement puts it after another word; else undefined.
 */
function movedApposition(own: string, answer: string): string | undefined {
  const text = answer.trim().replaceAll("**", "");
  for (const m of [APPOSITION_AFTER_NAME.exec(text), BRACKET_AFTER_WORD.exec(text)]) {
    if (!m) continue;
    const at = own.indexOf(m[2].startsWith("(") ? ` ${m[2]}` : `, ${m[2]}`);
    const before = at > 0 ? /[\p{L}'’-]+$/u.exec(own.slice(0, at))?.[0] : undefined;
    if (before && before.toLowerCase() !== m[1].toLowerCase()) return m[2];
  }
  return undefined;
}

/**
 * "Yorick's, the old court jester", "His owner's, a night watchman": a capitalised word (not "Yes" or "No") or a possessive, a comma,
 * and a phrase with an article.
 */
const APPOSITION_AFTER_NAME = /(?<![\p{L}-])(?!(?:Yes|No)\b)([A-Z][\p{L}'’-]+|\p{L}+['’]s), ((?:the|a|an) [a-z][^,.;—–()]{3,})/u;
/** "Scoville's (an American pharmacist …)": a word and a bracket that opens with an article. */
const BRACKET_AFTER_WORD = /([\p{L}'’-]+) (\((?:an?|the) [^()]{6,}\))/u;

/**
 * The question's final short phrase ("in summer") where the statement puts it straight after a subordinate clause of the answer's
 * ("when you look up at it"), with the clause's opening word; else undefined.
 */
function phraseAfterAnswerClause(own: string, question: string, answer: string): { phrase: string; word: string } | undefined {
  const phrase = QUESTION_FINAL_PHRASE.exec(question)?.[1];
  if (!phrase || answer.toLowerCase().includes(phrase.toLowerCase())) return undefined;
  const at = own.indexOf(` ${phrase}`);
  if (at < 0) return undefined;
  const before = own.slice(0, at);
  const clause = SUBORDINATE_CLAUSE_END.exec(
    before.slice(Math.max(before.lastIndexOf(","), before.lastIndexOf("—"), before.lastIndexOf(";")) + 1),
  );
  return clause && answer.includes(clause[0]) && !question.includes(`${clause[1]} `) ? { phrase, word: clause[1] } : undefined;
}

/** "… turn in summer?": a short phrase of time or place that ends a question. */
const QUESTION_FINAL_PHRASE = /\b((?:in|on|at|during|for) (?:the |a )?[a-z]+)\s*\?\s*$/i;
/** "when you look up at it": a subordinate clause that ends a text, and its opening word. */
const SUBORDINATE_CLAUSE_END = /\b(when|if|while|because|since|after|before|until|unless|although) .+$/;

/** "One reason why …", "The most likely reason …": a statement about a reason, a way, a role, which cannot act itself. */
const REASON_SUBJECT = /^\s*(?:One|The(?: [a-z]+){0,2}) (?:reason|way|role|function|purpose|cause|result|effect|advantage|benefit)\b/;
/** "It reduces the amount of waste …": an answer that says what "it" does, its verb and the words after it. */
const ANSWER_IT_DOES = /^\s*it (?!(?:is|was|has|'s|’s)\b)(\w+) (.{8,})$/i;

/** "own's", "Jane's's": a possessive after "own" or after another possessive. */
const DOUBLE_POSSESSIVE = /\b(?:own|[\p{L}]+['’]s)['’]s\b/iu;
/** "came out 1977", "founded 1891": a particle or past verb, then a year (not a title: "opens 2001: A Space Odyssey"). */
const YEAR_AFTER_VERB = /\b(?:out|up|off|down|back|began|came|went|became|took|won|[a-z]+ed) (?:1[0-9]|20)[0-9]{2}\b(?![-–%:]| ?[-–%])/;
/** "can take usually": a modal, its verb, then a frequency adverb. */
const ADVERB_AFTER_MODAL_VERB =
  /\b(?:can|could|should|will|would|may|might|must) ([a-z]+) (usually|generally|typically|normally|often|mostly) /;

/** "the year that was 1666": a noun of the question's wh-phrase, then the answer's "that was …". */
const THE_NOUN_THAT_WAS = /\bthe (?:year|month|day|century|decade|country|city|person|place|one) (?:that|which) (?:was|is|were) \S+/;
/** A measure's adjective that ends a sentence, and the word before it. */
const MEASURE_ADJECTIVE_END = /([\w')’]+) (long|tall|wide|deep|high|old|thick|heavy)(?=[.!](?:\s|$)|\s*$|\s+[—–]\s)/;
/** What may come before such an adjective: a unit or a number, a closing bracket after one, or a degree adverb. */
const MEASURE_BEFORE_ADJECTIVE = new RegExp(
  `^(?:\\d[\\d,.]*|[a-z]*(?:${MEASURE_UNITS}|ft|in|months?|weeks?|pounds?|lbs?|storeys?|stories|floors?)|\\)|very|so|too|quite|extremely|incredibly|really|fairly|pretty|enough|as|how|that|this|centuries|millennia|decades|light-years?)$`,
  "i",
);
