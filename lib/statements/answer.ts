/**
 * What an answer says, before it is placed in a statement: framing removed ("The answer is",
 * "I think"), a leading yes/no split off, lists joined, the first sentence separated from the
 * rest (kept verbatim after the statement), and whether the first sentence is a full clause
 * (subject + finite verb) or a phrase to put in the question's slot.
 */
import { CONTRACTED_AUXILIARIES, FINITE_AUXILIARIES, NEGATED_MODAL_STEMS } from "./auxiliaries.js";
import {
  CAUSING_VERBS_S,
  canBeAdjective,
  canBeBaseVerb,
  canBeVerb,
  isCommonWord,
  isParticipleOf,
  isProperWord,
  isVerbFirst,
  joinTokens,
  lexicalNumber,
  looksPlural,
  PARTICLES,
  tokenize,
  type Token,
} from "./nlp.js";
import { STATEMENT_MAX_ANALYSED_CHARS } from "./limits.js";
import { listedWord, lowersCapital, namesBody } from "./names.js";
import { collapseSpaces, wordSet } from "./text.js";

export type Polarity = "yes" | "no";

export interface AnswerParts {
  /** The answer as given. */
  readonly raw: string;
  /** A leading yes/no ("Yes", "No,", "Nope."), if any. */
  readonly polarity?: Polarity;
  /** What follows the yes/no, all sentences ("" when there is no yes/no or nothing after it). */
  readonly afterPolarity: string;
  /** The first sentence without framing or final period: what goes into the statement. */
  readonly text: string;
  readonly tokens: readonly Token[];
  /** Later sentences, verbatim, to follow the statement. */
  readonly rest: string;
  /** True when `text` is a clause with its own subject and finite verb. */
  readonly isClause: boolean;
  /** Index in `tokens` of the clause's finite verb (clauses only). */
  readonly finiteVerb: number;
  /** True for "because …", "since …", "due to …", "as a result of …". */
  readonly because: boolean;
  /** True when the phrase names more than one thing ("A and B", a list) or a plural noun. */
  readonly plural: boolean;
  /** True when `text` only echoes a question ("it is", "they don't"). */
  readonly echo: boolean;
  /** True when framing ("The answer is", "I think") was removed. */
  readonly framed: boolean;
}

const FRAMING = [
  // "Ooh, good one!", "Ha, great question:", "Sure thing:": a chat opener that praises the question or agrees, before the answer.
  // ("Oh, a big one!", "Fun fact time!", "Classic question:".)
  /^(?:(?:ooh|oh|ha|ah|hmm|wow|so)[,!.]?\s+)?(?:(?:a|what a|that's a|such a) )?(?:good|great|nice|fun|interesting|excellent|fascinating|lovely|cool|tricky|big|classic|neat|fantastic|wonderful|awesome|brilliant|juicy|tough) (?:one|question|thing to ask|fact(?: time)?|topic)\s*[!:.,—–]+\s+/i,
  /^sure thing\s*[!:,.—–]+\s*/i,
  // "Oh, that's a classic — …", "That's one of my favourites! …", "What a great story: …": the answer's word on the question.
  /^(?:(?:ooh|oh|ha|ah|hmm|wow|so)[,!.]?\s+)?(?:that(?:['’]s| is)|this is|what) (?:a|an|one of my|my|such a) (?:(?:real|total|absolute|true|all-time|personal|great|good|fun|tough|tricky|easy|famous|big|lovely) )?(?:classic|favou?rite|one|story|mystery)s?\s*[!:.,—–]+\s+/i,
  // "Easy: 1. melt …", "Here's how: …": an announcement of the steps that follow.
  // ("That's easy: neon.")
  /^(?:that(?:['’]s| is) )?(?:easy|simple|here(?:['’]s| is) how|here(?:['’]s| is) what to do|here you go|here(?:['’]s| is) (?:the|a|my) (?:basic |simple |quick |easy |short |standard |classic )?(?:method|recipe|process|way|rundown|breakdown|gist|list|version|idea))\s*[!:]\s+/i,
  // "Oh, this one's fun!", "That one's easy!": a comment on the question before the answer.
  /^(?:(?:oh|ooh|ah|ha),?\s+)?(?:this|that) (?:one|question)(?:['’]s| is) (?:fun|easy|great|a good one|a classic|interesting|a fun one|tricky)\s*[!.]\s+/i,
  // "Ah, the famous mystery!", "Quite a lot!", "Quite a breakthrough!", "What a story!": a short exclamation about the question before the answer (before the interjection alone
  // goes: "Oh, Paris!" is an answer).
  /^(?:(?:ah|oh|ooh|wow|ha),\s+(?:the|an?|what an?|that's an?|such an?)\s+[\p{L}' -]{1,30}|quite (?:a|an|the) [\p{L}'’-]+(?: [\p{L}'’-]+)?|what (?:a|an) [\p{L}'’-]+(?: [\p{L}'’-]+)?|so many|lots|plenty)!\s+/iu,
  // ("Well over 100 litres", "well before 1900": a degree, not the filler.)
  /^(?:well(?!\s+(?:over|under|above|below|before|after|beyond|past|into|within|ahead|known|off|up|down|short|worth|enough)\b)|okay|ok|hmm|ah|oh|honestly|frankly|to be honest)[,.]?\s+/i,
  // ("In short, …", "In a nutshell: 1. …"; "Briefly:" only before its colon, not "Briefly boil …")
  /^(?:in short|in a nutshell|long story short|put simply|simply put|(?:in brief|briefly)(?=\s*:))\s*[,.:]?\s+/i,
  // ("So the referee can tell them apart" is a purpose, not a filler: a subject and a modal after "so".)
  /^so(?:[,.]\s+|\s+(?!(?:that\s+)?(?:the|a|an|they|it|he|she|we|you|people|their|its|his|her)\b[^.,;:]*?\b(?:can|could|will|would|may|might|won't|can't|don't|doesn't)\b))/i,
  // "That'd be Christopher Latham Sholes, …", "That would be the chloroplasts.": the answer after its announcement.
  /^(?:that|it)(?:['’]d| would) be\s+/i,
  /^i (?:think|believe|guess|suppose|would say|'d say)(?: that)?[,:]?\s+/i,
  /^(?:in my (?:opinion|view)|i'm (?:fairly |pretty )?sure(?: that)?|maybe)[,:]?\s+/i,
  /^(?:the )?(?:correct |right |best |final |short )?answer (?:is|would be|should be|will be)[:,]?\s+/i,
  /^(?:(?:the )?(?:short|quick|simple|long) )?answer\s*[:—–]\s*/i,
  // ("Short version: …", "TL;DR: …")
  /^(?:(?:the )?(?:short|quick|simple) version|tl;?dr)\s*[:—–]\s*/i,
  // A chat answer's opener: "Great question! Thomas Edison …".
  /^(?:that's an? |what an? )?(?:great|good|excellent|interesting|fascinating|nice) question\s*[!.,:;—–-]*\s+/i,
  // ("Happy to help with that one!", "Glad you asked!", "Love this question!", "Happy to!")
  /^(?:i'm |i am |i'd be )?(?:happy|glad) to\s*!+\s*/i,
  /^(?:(?:i'm |i am |i'd be |i would be )?(?:happy|glad) to (?:help|explain|answer)(?: with)?(?: (?:that|this)(?: one| question)?)?|glad you asked|(?:i )?love (?:this|that) (?:one|question)|no problem|good one)\s*[!.,:;\-–—]+\s*/i,
];
/** An introductory phrase before the answer's clause ("Based on radiometric dating, …", "As far as we know, …"), which it keeps. */
const INTRODUCTION =
  /^((?:based on|according to|as far as|in general|generally speaking|typically|in fact|actually|technically|essentially|basically|historically|on average|in most cases|as of)\b[^,.;:!?]{0,60}),\s+(?=\S)/i;
/** A hedge that reports the answer's clause ("It is generally believed that …", "Most historians think …"), which it keeps too. */
const HEDGE =
  /^((?:it is|it's|it was) (?:generally |widely |commonly |often |usually )?(?:believed|thought|said|known|accepted|assumed|agreed)(?: that)?(?= (?:it|they|he|she|the|this|[A-Z])\b)|(?:most|many|some) (?:historians|scientists|experts|researchers|scholars|people) (?:think|believe|say|agree|suggest)(?: that)?)\s+(?=\S)/i;

/**
 * The introductory phrase or hedge and the clause after it, when an answer opens with one ("Based on radiometric dating, the oldest
 * known rocks … are …", "Most historians think it was invented …"): the rules read the clause, and the statement keeps what came before
 * it, joined as the answer joined it.
 */
export function splitIntroduction(answer: string): { introduction: string; joiner: string; clause: string } | undefined {
  const text = answer.trim();
  const m = INTRODUCTION.exec(text) ?? HEDGE.exec(text);
  if (!m) return undefined;
  const clause = text.slice(m[0].length);
  return analyzeAnswer(clause).isClause
    ? { introduction: m[1], joiner: m[0].slice(m[1].length).startsWith(",") ? ", " : " ", clause }
    : undefined;
}

/** An adverb that hedges the answer's claim ("Probably around 2600 BC."): the statement keeps it, on its verb. */
const HEDGE_ADVERB =
  /^(?:(?:ah|oh|well|hmm|so),?\s+)?(probably|perhaps|possibly|likely|most likely|almost certainly|almost always|nearly always|usually|typically|generally|normally|often|(?:technically|strictly|scientifically|biologically|botanically|legally|generally|historically) speaking|technically|officially|legally|ideally|preferably|traditionally|reportedly|supposedly|allegedly|arguably|most often|most commonly|more often than not|(?:absolutely|definitely|certainly)(?= not\b))[,:]?\s+(?=\S)/i;
/**
 * An adverb that qualifies a yes or no ("Generally, no.", "Usually not.", "Definitely, yes", "Botanically, yes"): it stays on the
 * statement's verb.
 */
const POLAR_ADVERBS =
  "generally|roughly|approximately|more or less|usually|typically|normally|mostly|basically|essentially|largely|mainly|primarily|partly|practically|virtually|definitely|certainly|almost always|always|often|rarely|sometimes|technically|botanically|biologically|scientifically|legally|officially|chemically|medically|mathematically|geographically|historically|nutritionally|briefly|temporarily|occasionally|eventually|partially|theoretically|ultimately|seldom|frequently";
const POLAR_ADVERB = new RegExp(`^(?:(?:ah|oh|well|hmm|so),?\\s+)?(${POLAR_ADVERBS}),?\\s+(?=(?:yes|no|not)\\b)`, "i");
/** "Yes, botanically it is, …", "No, technically they aren't": the adverb on a short reply after the yes or no. */
const POLAR_THEN_ADVERB = new RegExp(
  `^(yes|no),?\\s+(${POLAR_ADVERBS})\\s+(?:it|they|he|she|this|that)\\s+(?:is|are|was|were|do|does|did|can|could|has|have)(?:n't| not)?(?=\\s*(?:[,;.!—–]|$))`,
  "i",
);

/** "Not really", "Not necessarily", "Not permanently": a no softened by its adverb, which stays on the statement's "not". */
export const SOFTENED_NOT = /^\s*not (really|necessarily|strictly|always|exactly|quite|entirely|(?!only\b)[a-z]{2,}ly)\b/i;
/** "Not anymore", "No longer": a no that once was a yes; the statement says "… anymore". */
export const LAPSED_NO = /^\s*(?:not any ?more|not any longer|no longer)\b/i;

/** A hedge said twice in a row of words ("The crop is most likely lacking most likely nitrogen"): the hedge, and the words between. */
export const HEDGE_SAID_TWICE = /\b(most likely|probably|possibly|usually|typically|generally|normally)\b(.*?)\s\1\b/i;

/** The hedging adverb an answer opens with and the answer after it; undefined when it opens with none. */
export function splitHedgeAdverb(answer: string): { hedge: string; rest: string } | undefined {
  const m = HEDGE_ADVERB.exec(answer.trim()) ?? POLAR_ADVERB.exec(answer.trim());
  if (m) return { hedge: m[1].toLowerCase(), rest: answer.trim().slice(m[0].length) };
  // (The reply said after its yes or no goes: "Yes, botanically it is, because …" reads as "Botanically, yes, because …".)
  const after = POLAR_THEN_ADVERB.exec(answer.trim());
  return after ? { hedge: after[2].toLowerCase(), rest: `${after[1]}${answer.trim().slice(after[0].length)}` } : undefined;
}

/**
 * A phrase answer and its adjunct after a comma: "Frederick Banting and Charles Best, in 1921.", "In Athens, in 1896.", "Pope Gregory
 * XIII, in 1582, to fix the drift …", "Haydn, by 24 years.", "Around 215,000 tonnes, by most estimates", "A French electrician, André
 * Cassagnes, in the late 1950s", "The peregrine falcon, when diving", "The U.S. Forest Service, working with …, back in 1944" (an
 * appositive's comma is the phrase's own). A number's own comma or point stays in the adjunct ("Everest, at 8,849 m").
 */
const TRAILING_ADJUNCT =
  /^((?:[^,;:—–]|,(?=\d{3}\b)|, (?!(?:in|on|at|around|about|during|by|according|with|along|together|who|which|whose|where|when|that|back|against|\w+ed|\w+ing)\b)){1,80}), ((?:(?:way )?back )?(?:in|on|at|(?:sometime |some time )?(?:around|about)|during|by(?= (?:\d|about |around |over |far\b|a (?:wide|long|few|large|small|huge|big|narrow|slim) |most (?:estimates|accounts)\b))|according to|up to) (?:[^,;:.!?]|[,.](?=\d)){1,40}(?:, (?:in|on|at|to|for|after|before|while|when|because|off|near|from|over|across|along|[a-z]{2,}ing) [^;:!?]{1,200})?|(?:with|along with|together with|[a-z]{3,}ing (?:with|alongside)) [^,;:.!?]{1,60}, (?:(?:way )?back )?(?:in|on|at|around|about|during) [^,;:.!?]{1,40}|with (?:(?:over|about|around|nearly|almost|roughly|some|just|only|more than|fewer than|less than|up to) )?(?:\d|a (?:billion|million|thousand|hundred)\b)(?:[^,;:.!?]|[,.](?=\d)){0,40}|(?:between|since) (?:about |around |c\. )?\d{3,4}\b[^,;:.!?]{0,30}|by far|(?:when|while|once) (?:[a-z]+ly )?[a-z]+(?:ing|ed|wn|en)\b[^,;:.!?]{0,30}|for (?:her|his|their|its) [^,;:.!?]{3,80}|(?:long|shortly|well|just|soon|right) (?:before|after) [^,;:.!?]{3,80}|(?:through|via|aboard|using|against) (?:[^;:.!?—–(]|[,.](?=\d)){3,120})[.!]?$/i;

/**
 * A phrase and a bracketed time or place after it: "Marie and Pierre Curie (in 1898)" (not an amount: "(about 40 kelvin)"); or a bracketed
 * limit or comment: "O negative (for red blood cells, at least)", "About 60% (somewhat less in women, …)".
 */
const BRACKETED_ADJUNCT =
  /^([^()]{1,80}?) (\((?:(?:in|on|at|during|from)(?! the (?:Latin|Greek|French|German|Arabic|Old|Middle|Spanish|Italian|Dutch|Hebrew|Sanskrit) ) [^()]{1,40}|(?:around|about|c\.|circa) \d{3,4}(?:\s*(?:BC|AD|BCE|CE))?|(?:for|though|although|but|somewhat|slightly|mostly|mainly|especially|depending|except|unless|if) [^()]{3,120})\))[.!]?$/i;

/** True when an adjunct names a year or a clock time after its first word ("in 1895", "between 1508 and 1512", "at 9 pm"). */
export function saysYearOrTime(adjunct: string): boolean {
  return /^(?:\S+ )+?(?:\d{1,4}\s*(?:BC|AD|BCE|CE)\b|(?:1\d{3}|20\d{2})s?\b|\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)\b)/i.test(
    adjunct,
  );
}

/** The phrase and its trailing adjunct, when a phrase answer adds one after a comma; the statement puts the adjunct at its end. */
export function splitTrailingAdjunct(answer: string): { phrase: string; adjunct: string } | undefined {
  const text = answer.trim();
  // ("Marie and Pierre Curie (in 1898)": a bracketed time or place after the phrase goes last, brackets and all.)
  const bracketed = BRACKETED_ADJUNCT.exec(text);
  if (bracketed && !analyzeAnswer(bracketed[1]).isClause) return { phrase: bracketed[1], adjunct: bracketed[2] };
  // ("Dietrich Nikolaus Winkel, around 1814 — but Johann Maelzel …": what follows the adjunct's dash goes with it.)
  const dash = /\s[—–]\s/.exec(text);
  const head = dash ? text.slice(0, dash.index) : text;
  const m = TRAILING_ADJUNCT.exec(head);
  if (!m || analyzeAnswer(m[1]).isClause) return undefined;
  return { phrase: m[1], adjunct: dash ? `${m[2]}${text.slice(dash.index)}` : m[2] };
}

const YES =
  /^(?:actually,?\s+)?(?:yes|yeah|yep|yup|correct|true|indeed|certainly|absolutely|definitely|of course|sure|right)\b(?:\s*[,.;:!\-–—]+\s*|\s+(?=because\b)|$)/i;
const NO =
  /^(?:actually,?\s+)?(?:no|nope|nah|false|incorrect|not at all|not (?:really|necessarily|strictly|always|exactly|quite|entirely|any ?more|any longer|(?!only\b)[a-z]{2,}ly)|no longer|never)\b(?:\s*[,.;:!\-–—]+\s*|\s+(?=because\b)|$)/i;
const LIMITED_NO = /^not (?:for|in|on|at|since|until|after|before|during|within|beyond|past|with|without|unless|if|when)\s/i;
const BECAUSE = /^(?:because|since|due to|owing to|as a result of|thanks to|on account of)\b/i;

/** A "no" said again after a softened one, and its mark: "Not botanically, no — …". */
// (Not the "no" of a noun phrase: "No; no square-rigged ship could.")
const SAID_AGAIN_NO = /^(?:no|nope)\b(?:\s*[,.!—–:]\s*|\s*$)/i;

/**
 * How the answer's yes/no ends: "." when a sentence of its own ("No. Caffeinated drinks …"), "—", ":" or ";" when it goes on after a
 * dash, colon or semicolon ("No — if it's still level …", "Not really; Mauna Kea is taller …"), else "" (a comma or nothing).
 */
export function polarityMark(a: AnswerParts): "." | "—" | ":" | ";" | "" {
  if (!a.polarity || a.afterPolarity === "") return "";
  const body = withoutConfirmation(stripFraming(collapseSpaces(a.raw)).text);
  const m = YES.exec(body) ?? NO.exec(body);
  if (!m) return "";
  // (A no said again ends it where that one ends: "Not botanically, no — …".)
  const again = a.polarity === "no" ? SAID_AGAIN_NO.exec(body.slice(m[0].length)) : null;
  const mark = again ? again[0] : m[0];
  return /[.!]/.test(mark) ? "." : /[—–]/.test(mark) ? "—" : /:/.test(mark) ? ":" : /;/.test(mark) ? ";" : "";
}

/**
 * Abbreviations after which a period does not end a sentence (an initial, or a run of them: "H.L. Hunley"; but not a letter that names
 * a kind: "vitamin C.", "type A.").
 */
const ABBREVIATIONS =
  /(?:\b(?:e\.g|i\.e|etc|vs|v|Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|No|Nos|approx|ca|cf|Fig|al|Inc|Ltd|Co|Mt|U\.S|U\.K|a\.m|p\.m|B\.C|A\.D)|(?:^|(?<!\b(?:[Vv]itamins?|[Tt]ype|[Gg]rade|[Cc]lass|[Pp]lan|[Oo]ption|[Ss]ection|[Hh]epatitis|[Cc]ategory|[Ss]ize)) )[A-Z]|\b[A-Z]\.[A-Z])$/;

/**
 * Splits text into sentences at . ! ? followed by white space and a capital, digit or quote; not after abbreviations or initials.
 * Linear in the text (issue 22): a run of end marks is tried from its first mark only (the lookbehind;
 * a match can only be a whole run anyway), and the abbreviation test reads the last 16 characters
 * before the mark (the longest abbreviation and the character before it fit), not all the text since
 * the last sentence end.
 */
export function splitSentences(text: string): string[] {
  const t = /\s\s|[\t\n\r]|^\s|\s$/.test(text) ? collapseSpaces(text) : text;
  const out: string[] = [];
  let start = 0;
  // The one global pattern, read to its end (which sets lastIndex back to 0): no copy per call.
  const re = SENTENCE_END;
  re.lastIndex = 0;
  for (let m = re.exec(t); m !== null; m = re.exec(t)) {
    const before = t.slice(Math.max(start, m.index - 16), m.index);
    if (m[0] === "." && ABBREVIATIONS.test(before)) continue;
    out.push(t.slice(start, m.index + m[0].length).trim());
    start = m.index + m[0].length;
  }
  const last = t.slice(start).trim();
  if (last) out.push(last);
  return out;
}

const SENTENCE_END = /(?<![.!?])[.!?]+(?=\s+["“(']?[A-Z0-9])/g;

/** Where the last sentence that ends within text[0, max) ends, as splitSentences sees sentence ends (just after its end marks), or -1. */
export function lastSentenceEnd(text: string, max: number): number {
  const t = text.slice(0, max);
  const re = SENTENCE_END;
  re.lastIndex = 0;
  let end = -1;
  for (let m = re.exec(t); m !== null; m = re.exec(t)) {
    if (m[0] === "." && ABBREVIATIONS.test(t.slice(Math.max(0, m.index - 16), m.index))) continue;
    end = m.index + m[0].length;
  }
  return end;
}

/** A numbered or bulleted list ("1. A 2. B", "- A\n- B") as one phrase "A, B and C"; other text unchanged. */
export function joinList(answer: string): string {
  const lines = answer
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "");
  const bullet = /^(?:[-*•·–]|\d+[.)])\s+/;
  let items: string[] | undefined;
  // (Sentences after the items follow the list: "Try these:\n- Hostas\n- Ferns\n\nAll three cope well with shade.")
  const listEnd = lines.findIndex((l, k) => k > 1 && !bullet.test(l));
  const after = listEnd > 0 && lines.slice(listEnd).every((l) => !bullet.test(l)) ? lines.slice(listEnd).join(" ") : "";
  const listed = after ? lines.slice(0, listEnd) : lines;
  // (A line that leads in to the items keeps its colon before them: "The three states are:\n* Solid\n* Liquid\n* Gas".)
  const leadIn =
    listed.length > 2 && /:$/.test(listed[0]) && !bullet.test(listed[0]) && listed.slice(1).every((l) => bullet.test(l)) ? listed[0] : "";
  if (leadIn) items = listed.slice(1).map((l) => l.replace(bullet, ""));
  else if (lines.length > 1 && lines.every((l) => bullet.test(l))) items = lines.map((l) => l.replace(bullet, ""));
  else {
    const flat = collapseSpaces(answer);
    if (/^1[.)]\s+\S/.test(flat) && /\s2[.)]\s+\S/.test(flat)) items = flat.split(/(?:^|\s+)\d+[.)]\s+/).filter((s) => s !== "");
  }
  if (!items || items.length < 2) return inlineList(answer);
  // (Items after the first lose an article's capital that only opened their line; the first is the answer's.)
  // (The answer's own conjunction before the last number goes: "2) open the faucet, and 3) warm the pipe".)
  const clean = items.map((s) => s.replace(/(?:[\s,]+(?:and|or)\b)?[\s.;,]*$/u, "")).map((s, k) => (k === 0 && !leadIn ? s : itemCase(s)));
  // ("They sliced …, they laid … and they pressed …": the subject all the items share is said once, "they sliced …, laid … and pressed …".)
  const shared = /^(they|it|we|you|he|she) [a-z]+/i.exec(clean[0])?.[1].toLowerCase();
  const once =
    shared && clean.every((x) => new RegExp(`^${shared} [a-z]+`, "i").test(x))
      ? clean.map((x, k) => (k === 0 ? x : x.slice(shared.length + 1)))
      : clean;
  const cased = itemsCased(once);
  // (A chat assistant's "Here are three that work:", "Here they are:", "Try these:" only frames the items, and goes.)
  // (So does "The most common ones:", whose "ones" the question's noun says.)
  const framing =
    /^(?:here(?: are| they are| you go|['’]s| is)|try these|try|some (?:good )?(?:options|ideas|choices|examples)|(?:the )?(?:most )?(?:common|main|key|important|basic|major) ones:$)/i;
  // ("Russia, against an alliance of:": a lead-in that ends in a preposition takes the items as its object, without the colon.)
  const object = /\b(?:of|with|against|between|among|including|like|such as)\s*:$/i.test(leadIn);
  const joined =
    leadIn && object
      ? `${leadIn.replace(/\s*:$/, "")} ${joinItems(cased, "and")}`
      : leadIn && !framing.test(leadIn)
        ? `${leadIn} ${joinItems(cased, "and")}`
        : joinItems(cased, "and");
  return after ? `${joined}. ${after}` : joined;
}

/**
 * Items as one phrase, "A, B and C"; a comma before the conjunction where the item before it has a comma of its own ("bring it to
 * the boil, then leave it for an hour, and empty it"), so that item does not run into the last.
 */
function joinItems(items: readonly string[], conjunction: "and" | "or"): string {
  const last = items[items.length - 1];
  const before = items[items.length - 2];
  return `${items.slice(0, -1).join(", ")}${before.includes(",") ? "," : ""} ${conjunction} ${last}`;
}

/** A list item with an article's opening capital lowered ("The fresh grass …" → "the fresh grass …"); any other word keeps its capital. */
function itemCase(s: string): string {
  // (So an instruction's verb: "1. Write a failing test. 2. Write just enough code …".)
  const word = /^[A-Z][a-z]+/.exec(s)?.[0];
  const verb = word !== undefined && /^[A-Z][a-z]+ [a-z]/.test(s) && isVerbFirst(word.toLowerCase());
  // (So "Don't wring it", "Dry it flat": a negated instruction, or a verb before its object pronoun or article.)
  const instruction =
    /^(?:Don['’]t|Do not|Never|Always|Avoid) [a-z]/.test(s) ||
    (word !== undefined && canBeBaseVerb(word.toLowerCase()) && /^[A-Z][a-z]+ (?:it|them|the|a|an|your|this|that|these|those)\b/.test(s));
  return /^(?:The|A|An) [a-z]/.test(s) || verb || instruction ? s[0].toLowerCase() + s.slice(1) : s;
}

/**
 * Items whose capitals only opened their lines ("- Solid", "- Yellow", "2. Vegetables"), lowered when every item opens with a common
 * word; a list with a name among its items keeps them all ("Superior, Michigan, Huron").
 */
function itemsCased(items: readonly string[]): readonly string[] {
  const first = (s: string) => /^[A-Z]?[a-z]+/.exec(s)?.[0];
  const common = items.every((s) => {
    const word = first(s);
    // (A one-word plural the lexicons do not know is a common noun too: "Hostas", "Hellebores".)
    // (Not "-os", "-us", "-is", the endings of names: "Phobos", "Deimos", "Olympus", "Tunis".)
    const plural =
      word !== undefined &&
      s === word &&
      /[^sou]s$/.test(word) &&
      !/is$/.test(word) &&
      looksPlural(word.toLowerCase()) &&
      !isProperWord(word);
    // (So a word wink-nlp's word list holds that no lexicon knows as a name: "Intake".)
    const listed =
      word !== undefined && !isProperWord(word.toLowerCase()) && !namesBody(word.toLowerCase()) && listedWord(word.toLowerCase());
    return word !== undefined && (/^[a-z]/.test(word) || lowersCapital(word) || plural || listed);
  });
  return common ? items.map((s) => s[0].toLowerCase() + s.slice(1)) : items;
}

/**
 * A numbered list inside a sentence ("People mark it by: 1. lighting oil lamps 2. setting off fireworks") as "… by lighting oil lamps
 * and setting off fireworks"; the colon stays after words that name the items ("Mainly two things: rainfall patterns and …").
 */
function inlineList(answer: string): string {
  const flat = collapseSpaces(answer);
  const first = /(^|:\s*|\s)1[.)]\s+(?=\S)/.exec(flat);
  if (!first) return answer;
  const body = flat.slice(first.index + first[0].length);
  const parts = body.split(/\s+(\d+)[.)]\s+(?=\S)/);
  // (Items and their numbers alternate: "a", "2", "b", "3", "c"; the numbers count on from 2.)
  const items = parts.filter((_, k) => k % 2 === 0);
  if (items.length < 2 || parts.some((p, k) => k % 2 === 1 && Number(p) !== (k + 3) / 2)) return answer;
  const clean = items.map((s) => itemCase(s.replace(/(?:[\s,]+(?:and|or)\b)?[\s.;,]*$/u, "")));
  const prefix = flat.slice(0, first.index).trimEnd().replace(/:$/, "");
  // (Alternatives after "either": "either of two things: 1. … 2. …" → "… or …", and no colon after a bare "Either".)
  const either = /\b(?:either|whether)\b(?: (?:of )?(?:two|the|these) [a-z]+)?$/i.test(prefix);
  const joined = joinItems(clean, either ? "or" : "and");
  if (prefix === "") return joined;
  if (/^(?:either|whether)$/i.test(prefix)) return `${prefix} ${joined}`;
  // (Not after a preposition or verb that takes the items, nor after "At minimum".)
  const colon =
    first[0].includes(":") &&
    !/\b(?:by|of|for|with|include|includes|including|are|is|to|like|on|about|from|in|into|at|between|among|against|over|through|via|as|than)$/i.test(
      prefix,
    ) &&
    !/^(?:at (?:minimum|least|most)|mainly|mostly|basically|essentially|typically|usually|for example)$/i.test(prefix);
  return `${prefix}${colon ? ":" : ""} ${joined}`;
}

/** The answer without the framing words in front ("Good question — 21 in total" → "21 in total"). */
export function withoutFraming(answer: string): string {
  return stripFraming(answer.trim()).text;
}

/** Removes framing words from the front, repeatedly ("I think the answer is X" → "X"). */
/** A chat answer's closing words after its last claim ("Hope this helps!", "Good luck with your training!", "Let me know if …"). */
const SIGN_OFF =
  /(?<=[.!?)])\s+(?:(?:I )?hope (?:this|that) helps|good luck(?: with [^.!?]{1,40})?|let me know if [^.!?]{1,80}|feel free to [^.!?]{1,80}|happy [a-z]+ing|enjoy(?: [^.!?]{1,30})?|have fun(?: [^.!?]{1,30})?)\s*[.!]*\s*$/i;

/** The answer without its sign-off, which claims nothing. */
function withoutSignOff(s: string): string {
  return /[.!?)]\s+\S/.test(s) ? s.replace(SIGN_OFF, "") : s;
}

function stripFraming(s: string): { text: string; framed: boolean } {
  let text = s;
  let framed = false;
  for (let again = true; again; ) {
    again = false;
    for (const re of FRAMING) {
      const next = text.replace(re, "");
      if (next !== text && next.trim() !== "") {
        text = next;
        framed = again = true;
      }
    }
  }
  return { text, framed };
}

const FINITE_AUX = new Set([...FINITE_AUXILIARIES, ...CONTRACTED_AUXILIARIES, ...NEGATED_MODAL_STEMS]);
const PERSONAL = new Set(["i", "you", "we", "they", "it", "he", "she", "this", "these", "those", "there", "that"]);
const NOT_SUBJECT_START = wordSet(
  "which who whom whose where when what why how that because if to by with for from in on at of as",
  "than while although since so",
);

const QUANTITY = wordSet(
  "about around approximately roughly nearly almost over under up to more less than at least most",
  "only just some a few",
);

/** A token that is a finite verb in a declarative clause, judged from its tag, form and neighbours. */
/** Past participles without -ed/-en that head a noun's modifier ("a landform made of …", "a tool built for …"). */
const IRREGULAR_PARTICIPLES = new Set(
  "made built found held kept left lost meant paid said sent sold told taught thought brought bought caught led fed spent struck hung won dug spun stuck set put cut laid".split(
    " ",
  ),
);

/** Adverbs before a participle that modifies the noun before them ("best known", "widely used", "commonly called"). */
const PARTICIPLE_ADVERB =
  /^(?:best|well|widely|commonly|popularly|famously|formerly|originally|traditionally|most|better|still|newly|recently|now)$/;

/** "man-made", "German-born": the word at i is written onto a hyphen before it, so it ends a compound and is no verb of its own. */
function joinedByHyphen(tokens: readonly Token[], i: number): boolean {
  return tokens[i - 1]?.text === "-" && tokens[i].pre === "";
}

/** A quantifier that can stand alone for some of a plural: "Most use echolocation", "Many eat seeds". */
export const STANDALONE_QUANTIFIER = /^(?:most|many|some|few|all|several)$/i;

/** "both", "all": a quantifier that floats after a plural pronoun subject ("They both …") and goes with it. */
export const FLOATING_QUANTIFIER = /^(?:both|all)$/;

function isFiniteAt(tokens: readonly Token[], i: number): boolean {
  const t = tokens[i];
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  if (t.pos === "AUX") return FINITE_AUX.has(t.lower) && !(prev && prev.lower === "to");
  if (/ing$/.test(t.lower) || prev?.lower === "to") return false;
  // ("the Enhanced Fujita (EF) scale": a capitalised participle right after an article opens a name.)
  if (/^(?:the|a|an)$/.test(prev?.lower ?? "") && /^[A-Z].*(?:ed|en)$/.test(t.text) && /^[A-Z]/.test(next?.text ?? "")) return false;
  // ("Most use echolocation", "All orbit the Sun": a base form after a quantifier that stands alone is the verb, unless a verb follows it:
  // "Most water evaporates".)
  if (
    i === 1 &&
    STANDALONE_QUANTIFIER.test(prev.text) &&
    t.lower === t.lemma &&
    canBeBaseVerb(t.lower) &&
    next !== undefined &&
    next.pos !== "VERB" &&
    next.pos !== "AUX" &&
    // (Nor before a word read first as a verb in its -s form: "All matter exhibits …".)
    !(/[^s]s$/.test(next.lower) && isVerbFirst(next.lemma))
  )
    return true;
  // ("They both transport water", "We all need sleep": a base form after a plural pronoun and its floating "both" or "all" is the verb.)
  if (
    i === 2 &&
    FLOATING_QUANTIFIER.test(prev.lower) &&
    /^(?:they|we|you)$/i.test(tokens[0].text) &&
    t.lower === t.lemma &&
    canBeBaseVerb(t.lower)
  )
    return true;
  // ("A physicist best known for relativity": a participle after a noun and its adverb modifies the noun.)
  if (PARTICIPLE_ADVERB.test(prev?.lower ?? "") && tokens[i - 2]?.pos === "NOUN" && t.pos === "VERB" && isParticipleOf(t.lower))
    return false;
  // ("man-made", "sun-dried": a word joined by a hyphen is part of a compound.)
  if ((joinedByHyphen(tokens, i) && prev?.pre === "") || (next?.text === "-" && next.pre === "")) return false;
  // "A dog named Laika was …": a naming participle between a noun and a name modifies the noun.
  // (So before a common noun: "An enzyme called polyphenol oxidase"; not before an object: "The shop called the police".)
  if (
    /^(?:named|called)$/.test(t.lower) &&
    prev?.pos === "NOUN" &&
    (next?.pos === "PROPN" || (next?.pos === "NOUN" && tokens[i - 2]?.pos === "DET"))
  )
    return false;
  // A capitalised word after a capitalised word is part of a name ("Alexander Graham Bell").
  if (/^[A-Z]/.test(t.text) && /^[A-Z]/.test(prev.text)) return false;
  const before = tokens.slice(0, i);
  // "8.3 pounds", "about 50 times per second": a number and a unit, not a clause.
  if (before.every((x) => x.pos === "NUM" || QUANTITY.has(x.lower) || x.pos === "SYM")) return false;
  const sForm = /[^s]s$/.test(t.lower) && t.lemma !== t.lower;
  const adpInSubject = before.some((x) => x.pos === "ADP" && x.lower !== "of");
  if (sForm && t.pos !== "VERB") {
    // An -s word the tagger calls a noun is a verb only right after a noun or pronoun with a complement after it (not "like", which
    // lists the plural's kinds: "Greenhouse gases like CO2 …").
    if (
      !(prev.pos === "NOUN" || prev.pos === "PROPN" || prev.pos === "PRON") ||
      !next ||
      next.lower === "like" ||
      !["DET", "PRON", "ADP", "ADV", "NUM", "ADJ", "PART"].includes(next.pos) ||
      // (Nor a noun first before a preposition, after an opening word the tagger took for a name: "Carotenoid pigments from their diet".)
      (i === 1 && /^[A-Z]/.test(prev.text) && next.pos === "ADP" && !PARTICLES.has(next.lower) && !isVerbFirst(t.lemma)) ||
      adpInSubject
    )
      return false;
  }
  // "pea plants", "deep roots", "planets and moons", "for web pages": a plural noun, not a verb.
  // At the very end, "cultural diversity increases" is a clause but "pea plants" a noun: the lexicon's first reading decides.
  const endNoun =
    (!next || next.pos === "PUNCT") &&
    (prev.pos === "NOUN" || prev.pos === "PROPN") &&
    !before.some((x) => x.pos === "DET" || x.pos === "PRON") &&
    // (Nor after a phrase that opens with an adverb, which no subject does: "Almost exclusively eucalyptus leaves".)
    (!isVerbFirst(t.lemma) || before[0]?.pos === "ADV");
  // ("the pyroclastic/NOUN surges from …": after "the" and a word with an adjective's ending, an -s word is the plural it modifies.)
  const adjectiveBefore =
    i === 2 && tokens[0].pos === "DET" && prev.pos === "NOUN" && /(?:ic|al|ous|ive)$/.test(prev.lower) && canBeAdjective(prev.lower);
  // An -s word ending a phrase after a preposition ("doors activated by light beams") ends the prepositional phrase.
  if (
    sForm &&
    (prev.pos === "ADJ" ||
      adjectiveBefore ||
      prev.pos === "DET" ||
      prev.pos === "CCONJ" ||
      prev.pos === "ADP" ||
      prev.pos === "NUM" ||
      (adpInSubject && (t.pos !== "VERB" || !next)) ||
      endNoun)
  )
    return false;
  // "Rodin sculpted/ADJ it": an -ed word the tagger calls an adjective is a past tense before an object pronoun.
  const pastBeforeObject =
    t.pos === "ADJ" &&
    /ed$/.test(t.lower) &&
    next !== undefined &&
    /^(?:it|them|him|her|this|these)$/.test(next.lower) &&
    isParticipleOf(t.lower);
  const verbLike =
    t.pos === "VERB" || (sForm && canBeVerb(t.lemma)) || (t.pos === "ADJ" && /ed$/.test(t.lower) && canBeVerb(t.lemma)) || pastBeforeObject;
  const inflected = t.lower !== t.lemma || pastBeforeObject;
  // "the first powered airplane": an -ed modifier before a bare noun.
  // ("a tree with ordered keys": after a preposition too.)
  if (
    /ed$/.test(t.lower) &&
    next &&
    next.pos === "NOUN" &&
    prev &&
    (prev.pos === "ADJ" ||
      prev.pos === "DET" ||
      prev.pos === "NUM" ||
      // ("a Byzantine oared warship": a name's adjective after "a".)
      (prev.pos === "PROPN" && /^(?:a|an)$/i.test(tokens[i - 2]?.text ?? "")) ||
      // (Not an adverb after a personal subject: "They often used honey".)
      (prev.pos === "ADV" && !/^(?:he|she|it|they|we|i|you)$/.test(tokens[i - 2]?.lower ?? "")) ||
      prev.pos === "ADP")
  )
    return false;
  if (verbLike && inflected) {
    if (/(?:ed|en)$/.test(t.lower) || IRREGULAR_PARTICIPLES.has(t.lower)) {
      const bareSubject = !before.some((x) => x.pos === "DET" || x.pos === "PRON" || x.pos === "PROPN");
      // A participle after a noun ("a core surrounded by", "energy stored due to", "iron oxide formed when", "an instrument used to").
      // (Not after a personal pronoun: "He tried to invent …" is a clause.)
      const personal = before.length === 1 && /^(?:he|she|it|they|we|i|you)$/.test(before[0].lower);
      if (
        !personal &&
        (tokens.slice(i + 1, i + 3).some((x) => x.lower === "by") || (next && (next.lower === "due" || next.lower === "to")))
      )
        return false;
      if (bareSubject && next && !["DET", "PRON", "NUM", "PUNCT"].includes(next.pos)) return false;
      // "milk with a tablespoon of lemon juice stirred in": a participle and its particle end a phrase whose noun has a preposition.
      if (
        adpInSubject &&
        next &&
        /^(?:in|out|up|off|down|away)$/.test(next.lower) &&
        (i + 2 >= tokens.length || tokens[i + 2].pos === "PUNCT")
      )
        return false;
      // A definition "a landform made of material …" is a noun phrase with a participle.
      if (/^(?:a|an)$/.test(tokens[0].lower) && next && next.pos === "ADP") return false;
    }
    return true;
  }
  // A base form is finite after a plural or personal subject ("they absorb", "plants need", "objects fall to").
  // ("drinks still count": an adverb between them.)
  const subjectEnd =
    prev?.pos === "ADV" &&
    (/^(?:still|also|often|usually|always|never|only|just|really|mostly|mainly|actually|sometimes)$/.test(prev.lower) ||
      /ly$/.test(prev.lower)) &&
    i >= 2
      ? tokens[i - 2]
      : prev;
  const pluralSubject =
    subjectEnd !== undefined &&
    (PERSONAL.has(subjectEnd.lower) ||
      (/s$/.test(subjectEnd.lower) && subjectEnd.lemma !== subjectEnd.lower) ||
      // ("About 660,000 people live there": a plural without -s, as the lexicon knows it.)
      (subjectEnd.pos === "NOUN" && !/s$/.test(subjectEnd.lower) && lexicalNumber(subjectEnd.lower) === "plural") ||
      // ("Decomposers break down …": a plural the lexicon does not know.)
      // (With words after the verb: "Krebs cycle" is a name.)
      (subjectEnd.pos === "NOUN" &&
        subjectEnd.lemma === subjectEnd.lower &&
        /[^su]s$/.test(subjectEnd.lower) &&
        looksPlural(subjectEnd.lower) &&
        next !== undefined &&
        next.pos !== "PUNCT") ||
      (subjectEnd.pos === "PROPN" && t.pos === "VERB"));
  if (!pluralSubject || inflected) return false;
  // ("6,650 kilometres long": a measure's adjective after a counted unit, not "long" the verb.)
  if (/^(?:long|tall|wide|deep|high|old|thick)$/.test(t.lower) && before.some((x) => x.pos === "NUM")) return false;
  if (t.pos === "VERB") return true;
  // A word the tagger calls a noun is a verb only after a pronoun or plural noun with no preposition before it ("objects fall to").
  return (
    canBeVerb(t.lower) &&
    !before.some((x) => x.pos === "ADP") &&
    (!next || ["DET", "PRON", "ADP", "ADV", "PART", "PUNCT", "NUM", "ADJ"].includes(next.pos))
  );
}

/** The -s verb after a short gerund phrase that is its subject ("Cutting an onion releases …"), else -1. */
function gerundSubjectVerb(tokens: readonly Token[]): number {
  for (let i = 2; i < Math.min(tokens.length, 7); i++) {
    const t = tokens[i];
    if (t.pos === "PUNCT" || t.pos === "AUX" || t.pos === "SCONJ" || t.pos === "PRON") return -1;
    // ("releases/NOUN a compound", "causes/NOUN tooth decay": an -s word the tagger calls a noun is the verb before its object.)
    const verb = t.pos === "VERB" || (t.pos === "NOUN" && /^(?:DET|NOUN|ADJ|PRON)$/.test(tokens[i + 1]?.pos ?? "") && canBeVerb(t.lemma));
    // (After the gerund's object: a noun, or "them"/"it" right after the gerund — "Cutting them releases a gas".)
    const object = tokens[i - 1].pos === "NOUN" || (i === 2 && /^(?:it|them)$/.test(tokens[1].lower));
    if (verb && /[^s]s$/.test(t.lower) && t.lemma !== t.lower && object) return i;
  }
  return -1;
}

/** Index of the finite verb when the tokens form a clause "subject + finite verb …", else -1. */
/** Where a past participle's phrase opened by the comma at `comma` closes, when a finite verb follows its comma; else -1. */
function parentheticalParticipleEnd(tokens: readonly Token[], comma: number): number {
  const p = tokens[comma + 1];
  if (p?.pos !== "VERB" || !/(?:ed|en|wn|ne|lt|ght|de)$/.test(p.lower)) return -1;
  for (let k = comma + 2; k < Math.min(tokens.length - 1, comma + 16); k++) {
    if (tokens[k].text !== ",") continue;
    return isFiniteAt(tokens, k + 1) && tokens[k + 1].pos !== "ADP" ? k : -1;
  }
  return -1;
}

/** The parts of speech of a list of noun phrases ("thirst, dark urine and dizziness"). */
const NOUN_LIST_POS = new Set(["DET", "ADJ", "NOUN", "PROPN", "CCONJ"]);

/** The kinds of token a relative clause's object is made of ("the estate tax", "in the 1850s"). */
const RELATIVE_OBJECT_POS = new Set(["DET", "ADJ", "NOUN", "PROPN", "ADP", "NUM", "ADV", "PART"]);

/**
 * The main verb after a noun's relative clause at `rel` ("the person who has died pays …", "the country that produces the most coffee
 * is …"): the clause's own verb group and object, then a finite verb in the third person; -1 when none follows (a phrase: "the boy who
 * cried wolf").
 */
function verbAfterRelative(tokens: readonly Token[], rel: number): number {
  if (rel < 2 || !/^(?:NOUN|PROPN)$/.test(tokens[rel - 1].pos) || !tokens[rel + 1] || !isFiniteAt(tokens, rel + 1)) return -1;
  let j = rel + 1;
  while (tokens[j + 1] && (tokens[j].pos === "AUX" || tokens[j].pos === "ADV") && /^(?:VERB|AUX|ADV)$/.test(tokens[j + 1].pos)) j++;
  for (let k = j + 1; k < tokens.length; k++) {
    const t = tokens[k];
    if (/^(?:is|are|was|were|has|have|had)$/.test(t.lower) || (t.pos === "VERB" && /(?:[^s]s|ed)$/.test(t.lower) && t.lemma !== t.lower))
      return isFiniteAt(tokens, k) ? k : -1;
    if (!RELATIVE_OBJECT_POS.has(t.pos)) return -1;
  }
  return -1;
}

/** True when the comma at `comma` separates the nouns of a list that runs, with "and" or "or", up to a verb ("A, B and C are …"). */
function listedSubject(tokens: readonly Token[], comma: number): boolean {
  const verb = tokens.findIndex((x, k) => k > comma && (x.pos === "VERB" || x.pos === "AUX"));
  if (verb < 0) return false;
  const subject = tokens.slice(0, verb);
  // (Three items at least, the last a noun: "negative, and electrons are …" is a phrase and a clause, not a list.)
  const and = subject.findIndex((x) => x.lower === "and" || x.lower === "or");
  const commas = subject.filter((x) => x.text === ",").length;
  return (
    and > 0 &&
    subject.every((x) => NOUN_LIST_POS.has(x.pos) || x.text === ",") &&
    (commas >= 2 || (commas === 1 && subject[and - 1].text !== ",")) &&
    /^(?:NOUN|PROPN)$/.test(subject.at(-1)?.pos ?? "")
  );
}

/** Degree adverbs that open a phrase of time or place: "shortly after …", "right at the start", "just before dawn". */
export const DEGREE_BEFORE_PHRASE = /^(?:right|just|shortly|soon|long|well|only|even|immediately|straight)$/;

export function clauseVerb(tokens: readonly Token[]): number {
  if (tokens.length < 2) return -1;
  const first = tokens[0];
  // ("Henry VII married/ADJ Elizabeth of York": a name, then a past the tagger read as an adjective before another name, is a clause.)
  let name = 0;
  while (tokens[name]?.pos === "PROPN") name++;
  const past = tokens[name];
  if (
    name > 0 &&
    past?.pos === "ADJ" &&
    /ed$/.test(past.lower) &&
    isParticipleOf(past.lower) &&
    /^(?:PROPN|DET|PRON)$/.test(tokens[name + 1]?.pos ?? "")
  )
    return name;
  // ("Plants/PROPN use/NOUN sunlight …": a capitalised common plural, then a base form the tagger took for a noun before its object, is a
  // clause.)
  if (
    (first.pos === "PROPN" || first.pos === "NOUN") &&
    /^[A-Z][a-z]+s$/.test(first.text) &&
    (first.lemma !== first.lower || capitalisedCommonPlural(first.lower)) &&
    tokens[1].pos !== "VERB" &&
    tokens[1].lower === tokens[1].lemma &&
    canBeBaseVerb(tokens[1].lower) &&
    /^(?:NOUN|DET|ADJ|PRON|NUM)$/.test(tokens[2]?.pos ?? "")
  )
    return 1;
  // ("Sweeping/ADJ warms the ice …": a gerund alone, then a verb's -s form before its object, is the subject of a clause.)
  if (
    /^[A-Za-z]+ing$/.test(first.text) &&
    first.pos !== "NOUN" &&
    tokens[1].pos === "VERB" &&
    /[^s]s$/.test(tokens[1].lower) &&
    tokens[1].lemma !== tokens[1].lower &&
    /^(?:DET|NOUN|ADJ|PRON|NUM)$/.test(tokens[2]?.pos ?? "")
  )
    return 1;
  // "That was Augustus.", "This happens when …": a demonstrative subject right before its verb.
  const demonstrative =
    /^(?:that|this)$/.test(first.lower) && (tokens[1].pos === "AUX" || tokens[1].pos === "VERB") && isFiniteAt(tokens, 1);
  // "In 1773, colonists dumped …": a phrase before a comma, then a clause with a subject of its own (a pronoun after the phrase
  // stands for the question's words: "At 25°C, they are moving faster" is read as CAP-Statements' annotators read it).
  if ((first.pos === "ADP" || /^(?:during|throughout|within|across)$/.test(first.lower)) && /^[A-Z]/.test(first.text)) {
    const comma = tokens.findIndex((t, i) => i > 1 && i <= 8 && t.text === ",");
    if (
      comma > 0 &&
      tokens[comma + 1]?.pos !== "PRON" &&
      tokens.slice(1, comma).every((t) => t.pos !== "VERB" && t.pos !== "AUX" && t.pos !== "PUNCT")
    ) {
      const v = clauseVerb(tokens.slice(comma + 1));
      if (v >= 0) return comma + 1 + v;
    }
    // ("With good care they often live 25 years": a short phrase with no comma, then a personal pronoun and its verb.)
    const pronoun = tokens.findIndex((t, i) => i > 1 && i <= 5 && /^(?:they|it|he|she|we|you|i)$/.test(t.lower) && t.pos === "PRON");
    if (
      comma < 0 &&
      pronoun > 0 &&
      tokens
        .slice(1, pronoun)
        .every((t) => !/^(?:VERB|AUX|PUNCT|PRON|SCONJ)$/.test(t.pos) && !/^(?:what|which|who|whom|whose|how|where|when)$/.test(t.lower))
    ) {
      let k = pronoun + 1;
      while (tokens[k]?.pos === "ADV") k++;
      if (tokens[k] && (tokens[k].pos === "VERB" || tokens[k].pos === "AUX") && isFiniteAt(tokens, k)) return k;
    }
    return -1;
  }
  // ("Botanically speaking, bananas are berries": the speaker's viewpoint before a comma, then the clause.)
  if (first.pos === "ADV" && tokens[1].lower === "speaking" && tokens[2]?.text === ",") {
    const v = clauseVerb(tokens.slice(3));
    return v >= 0 ? 3 + v : -1;
  }
  // ("Shortly after the treaty was signed", "Right at the start — …": a degree before a preposition or subordinator makes a phrase.)
  if (
    DEGREE_BEFORE_PHRASE.test(first.lower) &&
    /^(?:ADP|SCONJ)$/.test(tokens[1]?.pos ?? "") &&
    !/^(?:of|to|for)$/.test(tokens[1].lower) &&
    tokens[2]?.text !== ","
  )
    return -1;
  if (
    (NOT_SUBJECT_START.has(first.lower) && !demonstrative) ||
    first.pos === "ADP" ||
    first.pos === "SCONJ" ||
    first.pos === "PART" ||
    first.pos === "PUNCT" ||
    first.pos === "CCONJ"
  )
    return -1;
  // A leading verb ("dissolved minerals", "keep a cache", "eating fruit") makes a phrase, not a clause.
  // (Not a name the tagger reads as a verb: "Don Juan Pond …", "Mark Twain …".)
  // ("Cutting an onion releases a compound …": a gerund's phrase, then a verb's -s form after its noun, is the subject of a clause.)
  // ("Caffeinated drinks still count …": an -ed word before a plural noun is its modifier; the clause goes on.)
  const modifier = /ed$/.test(first.lower) && tokens[1].pos === "NOUN" && /[^s]s$/.test(tokens[1].lower) && tokens.length > 3;
  // ("Heated by the bulb at the bottom, the wax expands …": a participle's phrase before a comma, then a clause of its own.)
  if ((first.pos === "VERB" || first.pos === "ADJ") && /(?:ed|en)$/.test(first.lower) && isParticipleOf(first.lower)) {
    const comma = tokens.findIndex((t, i) => i > 1 && i <= 12 && t.text === ",");
    const after = comma > 0 ? tokens[comma + 1] : undefined;
    if (after && /^(?:DET|PRON|NOUN|PROPN)$/.test(after.pos) && tokens.slice(1, comma).every((t) => t.pos !== "VERB" && t.pos !== "AUX")) {
      const v = clauseVerb(tokens.slice(comma + 1));
      if (v >= 0) return comma + 1 + v;
    }
  }
  if (first.pos === "VERB" && first.lower !== "there" && !modifier && !(/^[A-Z]/.test(first.text) && /^[A-Z]/.test(tokens[1].text)))
    return /ing$/.test(first.lower) ? gerundSubjectVerb(tokens) : -1;
  // "They mainly eat bamboo.": a personal pronoun, adverbs, then a base-form verb is a present tense.
  if (/^(?:i|you|we|they)$/.test(first.lower)) {
    let k = 1;
    while (k < tokens.length - 1 && tokens[k].pos === "ADV") k++;
    if (k > 1 && tokens[k].pos === "VERB" && tokens[k].lower === tokens[k].lemma) return k;
  }
  // ("It federated/ADJ on 1 January 1901": an -ed word right after a personal pronoun is its past tense; an adjective needs a copula.)
  if (
    /^(?:it|he|she|they|we|i|you)$/.test(first.lower) &&
    tokens[1].pos === "ADJ" &&
    /ed$/.test(tokens[1].lower) &&
    isParticipleOf(tokens[1].lower)
  )
    return 1;
  if (misreadThirdPerson(tokens)) return 1;
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    // "The oldest photo, taken in 1826, shows …": a participle's phrase between commas inside the subject.
    if (t.text === ",") {
      const close = parentheticalParticipleEnd(tokens, i);
      if (close > 0) return contactRelative(tokens, close + 1) ? -1 : close + 1;
      // "Charles Walcott, an American palaeontologist, came across them …": a name's appositive between commas inside the subject.
      const named = tokens.slice(0, i).every((x) => x.pos === "PROPN" || /^[A-Z]/.test(x.text)) && tokens[i + 1]?.pos === "DET";
      const shut = named ? tokens.findIndex((x, k) => k > i + 2 && k <= i + 16 && x.text === ",") : -1;
      // (A hyphen joins the appositive's words too: "a 12-year-old enslaved boy on Réunion".)
      if (
        shut > 0 &&
        tokens
          .slice(i + 1, shut)
          .every((x) => ["DET", "ADJ", "NOUN", "PROPN", "ADP", "NUM"].includes(x.pos) || (x.text === "-" && x.pre === "")) &&
        isFiniteAt(tokens, shut + 1)
      )
        return shut + 1;
      // ("The Suez Canal Authority, which is owned by the state, runs it": the subject noun's relative clause between commas.)
      const relative =
        /^(?:which|who|whose)$/.test(tokens[i + 1]?.lower ?? "") && ["NOUN", "PROPN"].includes(tokens[i - 1].pos)
          ? tokens.findIndex((x, k) => k > i + 3 && k <= i + 16 && x.pos === "PUNCT")
          : -1;
      if (
        relative > 0 &&
        tokens[relative].text === "," &&
        tokens.slice(0, i).every((x) => ["DET", "ADJ", "NOUN", "PROPN", "NUM"].includes(x.pos)) &&
        isFiniteAt(tokens, relative + 1) &&
        // (Not the relative's own list of verbs: "bone, which provides support, protects organs, and produces …".)
        !tokens.slice(relative + 2, relative + 10).some((x, k, after) => x.text === "," && /^(?:and|or)$/.test(after[k + 1]?.lower ?? ""))
      )
        return relative + 1;
    }
    // ("Thirst, dark urine, tiredness and dizziness are …": a comma between the nouns of a listed subject goes on with it.)
    if (t.text === "," && listedSubject(tokens, i)) continue;
    // ("Bright, indirect light is ideal": so does one between the adjectives before the subject's noun.)
    if (t.text === "," && i <= 3 && canBeAdjective(tokens[i - 1].lower) && tokens[i + 1]?.pos === "ADJ") continue;
    // ("Earth's axial tilt — roughly 23.4 degrees — causes them": a phrase between dashes inside the subject.)
    if ((t.text === "—" || t.text === "–") && i > 0) {
      const close = tokens.findIndex((x, k) => k > i + 1 && k <= i + 8 && x.text === t.text);
      const between = close > 0 ? tokens.slice(i + 1, close) : [];
      // (The verb after the closing dash is read as if the phrase were not there: "tilt causes them".)
      const joined = close > 0 ? [...tokens.slice(0, i), ...tokens.slice(close + 1)] : [];
      if (
        between.length > 0 &&
        between.every((x) => x.pos !== "VERB" && x.pos !== "AUX" && x.pos !== "PRON") &&
        joined[i] &&
        isFiniteAt(joined, i)
      )
        return close + 1;
    }
    // ("Tinker v. Des Moines (1969) is …": a bracket after a name inside the subject.)
    if (t.text === "(" && i > 0 && /^[A-Z]/.test(tokens[i - 1].text)) {
      const close = tokens.findIndex((x, k) => k > i && x.text === ")");
      if (close > i + 1 && close <= i + 6 && tokens.slice(i + 1, close).every((x) => x.pos !== "VERB" && x.pos !== "AUX")) {
        i = close;
        continue;
      }
    }
    if (t.pos === "PUNCT" && t.text !== "'" && t.text !== "-" && t.text !== "’") return -1;
    // "The estate of the person who has died pays the tax.": the subject noun's relative clause, then the main verb.
    const main = /^(?:who|that|which)$/.test(t.lower) ? verbAfterRelative(tokens, i) : -1;
    if (main > 0) return main;
    if (
      NOT_SUBJECT_START.has(t.lower) &&
      (t.pos === "PRON" || t.pos === "SCONJ" || /^(?:which|who|whom|whose|where|when|that)$/.test(t.lower))
    )
      return -1;
    if (t.pos === "CCONJ") continue;
    // "Francis Crick/VERB": a capitalised word after a capitalised word goes on with a name.
    if (/^[A-Z]/.test(t.text) && /^[A-Z]/.test(tokens[i - 1].text) && t.pos !== "AUX") continue;
    // ("Jacques Piccard and Don/VERB Walsh did": so does one after "and" that follows a name, before another capitalised word.)
    if (
      /^[A-Z]/.test(t.text) &&
      t.pos !== "AUX" &&
      tokens[i - 1].lower === "and" &&
      /^[A-Z]/.test(tokens[i - 2]?.text ?? "") &&
      /^[A-Z]/.test(tokens[i + 1]?.text ?? "")
    )
      continue;
    if (isFiniteAt(tokens, i)) return contactRelative(tokens, i) ? -1 : i;
    // ("Caustic man-made substances can …": nor does a word joined by a hyphen, inside the subject; "Clear-cut forests" opens with a verb.)
    if (i >= 3 && joinedByHyphen(tokens, i)) continue;
    // A participle in the subject ("two negatively charged ingots repel") does not end it; a bare verb does.
    if ((t.pos === "VERB" && !/(?:ed|en|ing)$/.test(t.lower)) || t.pos === "AUX") return -1;
  }
  const plural = misreadPluralPresent(tokens);
  return plural >= 0 ? plural : misreadCausativeVerb(tokens);
}

/** Verbs of causing and enabling, which the tagger reads as plural nouns after a noun ("rotation causes day and night"). */
const CAUSATIVE_S = wordSet(CAUSING_VERBS_S, "enables");

/**
 * "Earth's rotation on its axis causes day and night": a verb of causing after the subject's noun, before its object, read by the
 * tagger as a noun (-1 when there is none; not "root causes of …").
 */
function misreadCausativeVerb(tokens: readonly Token[]): number {
  for (let k = 2; k < tokens.length - 1; k++) {
    const t = tokens[k];
    if (t.pos === "VERB" || t.pos === "AUX" || (t.pos === "PUNCT" && t.text !== "'" && t.text !== "’")) return -1;
    if (
      t.pos === "NOUN" &&
      CAUSATIVE_S.has(t.lower) &&
      tokens[k - 1].pos === "NOUN" &&
      /^(?:DET|NOUN|ADJ|PRON|NUM)$/.test(tokens[k + 1].pos)
    )
      return k;
  }
  return -1;
}

/**
 * "Many home ones use ionisation.": the tagger reads a plural subject's present-tense verb as a noun. Written as a sentence, a noun
 * phrase ending in a plural noun, then a base form that can be a verb and its object: the base form is the verb (-1 when not).
 */
function misreadPluralPresent(tokens: readonly Token[]): number {
  if (!/^[A-Z]/.test(tokens[0].text)) return -1;
  for (let k = 0; k < Math.min(tokens.length - 2, 4); k++) {
    const t = tokens[k];
    if (!["DET", "ADJ", "NOUN", "NUM"].includes(t.pos)) return -1;
    if (t.pos !== "NOUN" || !/[^s]s$/.test(t.lower) || t.lemma === t.lower) continue;
    const v = tokens[k + 1];
    const after = tokens[k + 2];
    if (v.pos === "NOUN" && v.lower === v.lemma && canBeBaseVerb(v.lower) && ["NOUN", "DET", "ADJ", "PRON"].includes(after.pos))
      return k + 1;
    return -1;
  }
  return -1;
}

/**
 * "Light travels at about 300000 km per second.": the taggers read a sentence's one-word subject
 * and its -s verb as adjective and noun. Five words or more written as a sentence (capital first)
 * whose second word is a verb's -s form followed by a preposition, determiner, adverb or number is a clause.
 */
function misreadThirdPerson(tokens: readonly Token[]): boolean {
  if (tokens.length < 5 || !/^[A-Z][a-z]/.test(tokens[0].text)) return false;
  const [first, second, third] = tokens;
  if (!["NOUN", "ADJ"].includes(first.pos) || second.pos !== "NOUN" || !/[^s]s$/.test(second.lower)) return false;
  // (Not "like" after a plural, which lists its kinds: "Greenhouse gases like CO2 and methane".)
  if (!["ADP", "DET", "ADV", "NUM"].includes(third.pos) || third.lower === "like") return false;
  const stem = second.lower.slice(0, -1);
  // (Before a preposition, in a short phrase with no verb after it, only a word read first as a verb: "Carotenoid pigments from their
  // diet" is a phrase; "Tiny muscles at the base of each hair contract" is not.)
  const end = tokens.findIndex((t) => t.pos === "PUNCT");
  const phrase = end < 0 ? tokens : tokens.slice(0, end);
  if (
    third.pos === "ADP" &&
    !PARTICLES.has(third.lower) &&
    !isVerbFirst(second.lemma) &&
    phrase.length <= 7 &&
    phrase.every((t) => t.pos !== "VERB" && t.pos !== "AUX")
  )
    return false;
  return canBeVerb(stem) || (/es$/.test(second.lower) && canBeVerb(second.lower.slice(0, -2)));
}

/**
 * "the maximum number of connections a server can handle": a noun phrase, then a second subject
 * and its verb with no "that" between: a relative clause of the first noun, so the whole is a phrase.
 */
function contactRelative(tokens: readonly Token[], verb: number): boolean {
  if (tokens[0].pos !== "DET") return false;
  for (let k = 2; k < verb; k++)
    if ((tokens[k].pos === "DET" || /^(?:i|you|we|they|he|she|it)$/.test(tokens[k].lower)) && tokens[k - 1].pos === "NOUN") return true;
  return false;
}

/** Tags a phrase with its first letter lower-cased (taggers read a capital as a name), keeping the original text. */
export function tokenizePhrase(text: string): Token[] {
  // (Not a name of several capitalised words: "Mount Everest is …".)
  const lowered = /^[A-Z][a-z]/.test(text) && !/^[A-Z][a-z]+ [A-Z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
  const tokens = tokenize(lowered);
  if (tokens.length > 0 && lowered !== text) tokens[0] = { ...tokens[0], text: text.slice(0, tokens[0].text.length) };
  return tokens;
}

/**
 * True when the phrase names several things or a plural noun is its head ("the tilt of the Earth's axis" is singular; "sunlight refracting
 * through raindrops" too).
 */
/** A word with British spellings made American ("sulphide" → "sulfide", "colour" → "color", "analyse" → "analyze", "centre" → "center"). */
function americanSpelling(word: string): string {
  return word
    .replace(/ph/g, "f")
    .replace(/our\b/g, "or")
    .replace(/([bt])re\b/g, "$1er")
    .replace(/is(e|ation)\b/g, "iz$1")
    .replace(/yse\b/g, "yze")
    .replace(/ae|oe/g, "e");
}

/** Words that follow the noun they qualify in a fixed name ("Knights Templar", "attorneys general"), which has the noun's number. */
const POSTPOSITIVE = wordSet("templar hospitaller general royal");

export function isPluralPhrase(tokens: readonly Token[]): boolean {
  // An infinitive or gerund phrase ("to remove harmful substances", "eating fruit") is one thing.
  // (Not a participle that can be an adjective before its plural noun: "living things", "flowing rivers".)
  const participle = canBeAdjective(tokens[0]?.lower ?? "") && tokens[1]?.pos === "NOUN" && looksPlural(tokens[1].lower);
  if (
    tokens[0] &&
    (tokens[0].lower === "to" || (tokens[0].pos === "VERB" && /ing$/.test(tokens[0].lower) && !participle)) &&
    !tokens.some((t) => t.lower === "and")
  )
    return false;
  const firstAdp = tokens.findIndex(
    (t, k) =>
      k > 0 &&
      (t.pos === "ADP" ||
        t.pos === "SCONJ" ||
        (t.text === "," && /^(?:which|who|whose|whom|where|that)$/.test(tokens[k + 1]?.lower ?? "")) ||
        // ("a word that reads the same backwards and forwards": a relative clause after the noun says nothing of its number.)
        (/^(?:that|which|who)$/.test(t.lower) && tokens[k - 1].pos === "NOUN")),
  );
  const top = firstAdp < 0 ? tokens : tokens.slice(0, firstAdp);
  if (top.some((t) => t.lower === "and") && !top.some((t) => t.lower === "between")) return true;
  if (top.filter((t) => t.text === ",").length >= 2) return true;
  if (tokens.length === 1 && /^(?:we|they|you|these|those)$/.test(tokens[0].lower)) return true;
  // "those that can burrow", "many kinds of fish", "several species": a plural determiner or quantifier first.
  if (tokens[0] && /^(?:those|these|many|several|few|both|various|numerous)$/.test(tokens[0].lower)) return true;
  // The head is the last word before the first preposition, participle, relative or comma.
  let end = tokens.length;
  for (let k = 1; k < tokens.length; k++) {
    const t = tokens[k];
    if (
      t.pos === "ADP" ||
      // (A possessive is not the head's end: "Pavlov's dogs".)
      (t.pos === "PART" && !/^['’]s?$/.test(t.text)) ||
      // (Not a comma between adjectives before the noun: "Young, soft ones".)
      (t.text === "," && !(tokens[k - 1]?.pos === "ADJ" && tokens[k + 1]?.pos === "ADJ")) ||
      // (Nor is a bracket's: "The pancreas (specifically its beta cells)" is one organ.)
      t.text === "(" ||
      /^(?:that|which|who|whom|whose)$/.test(t.lower) ||
      (t.pos === "VERB" && /(?:ing|ed|en)$/.test(t.lower))
    ) {
      end = k;
      break;
    }
  }
  const words = tokens.slice(0, end).filter((t) => t.pos !== "PUNCT");
  // (An adjective after the noun before a preposition modifies it: "oxygen atoms high in the atmosphere".)
  const postModified = end < tokens.length && words.length >= 2 && words.at(-1)?.pos === "ADJ" && words.at(-2)?.pos === "NOUN";
  let head = words.at(postModified ? -2 : -1);
  // "the film Jaws", "the game Risk": a name in -s after a common noun is in apposition; the common noun is the head.
  if (head && /^[A-Z].*s$/.test(head.text)) {
    let k = words.length - 1;
    while (k > 0 && /^[A-Z]/.test(words[k - 1].text)) k--;
    const before = words[k - 1];
    if (k > 0 && before.pos === "NOUN" && /^[a-z]+$/.test(before.text)) head = before;
  }
  if (!head || head.pos === "NUM") return false;
  // "the Knights Templar", "attorneys general": a plural before a word that follows its noun.
  const beforeHead = words.at(-2);
  if (
    POSTPOSITIVE.has(head.lower) &&
    beforeHead &&
    /[^s]s$/.test(beforeHead.lower) &&
    (beforeHead.lemma !== beforeHead.lower || isCommonWord(beforeHead.lower.slice(0, -1)))
  )
    return true;
  // (Not a river's, lake's or mountain's own name after its kind: "the River Thames", "Mount Olympus".)
  const kind = words.at(-2);
  if (/^[A-Z]/.test(head.text) && kind && /^(?:River|Lake|Mount|Mt|Cape|Port|Fort|Saint|St|Isle|Bay|Gulf|Strait)$/.test(kind.text))
    return false;
  // ("Barry Bonds", "Charles Dickens": a capitalised head in -s after a first name is a person's surname, however the lexicon reads it;
  // "the New York Yankees": after "the", a team or a people, unless a country or an institution ("the United States", "the Times").)
  if (
    /^[A-Z][a-z]+[^su]s$/.test(head.text) &&
    words.length >= 2 &&
    (words.at(-2)?.pos === "PROPN" || (tokens[0].lower === "the" && words.length >= 3)) &&
    /^[A-Z]/.test(words.at(-2)?.text ?? "")
  ) {
    if (tokens[0].lower !== "the") return false;
    if (
      !/^(?:states|netherlands|philippines|bahamas|maldives|seychelles|comoros|emirates|nations|times|news|games|olympics)$/.test(
        head.lower,
      )
    )
      return true;
  }
  const known = lexicalNumber(head.lower);
  if (known) return known === "plural";
  // An irregular plural the lemmatiser knows ("mitochondria" → "mitochondrion", "teeth" → "tooth").
  // (Not a British spelling the lemmatiser gives in American: "sulphide" → "sulfide", "colour" → "color".)
  if (
    !/s$/.test(head.lower) &&
    head.pos === "NOUN" &&
    head.lemma !== head.lower &&
    head.lemma.length > 2 &&
    americanSpelling(head.lower) !== americanSpelling(head.lemma) &&
    // (Nor a name the lemmatiser reads as a plural once lowered: "Carmen" → "carman".)
    !(/^[A-Z]/.test(head.text) && !isCommonWord(head.lower))
  )
    return true;
  // ("Zooxanthellae", "larvae", "vertebrae": a Latin plural in -ae.)
  if (/^[a-z]{3,}[^a]ae$/.test(head.lower) && !/^(?:sundae|reggae|brae)$/.test(head.lower)) return true;
  if (/(?:ss|us|is)$/.test(head.lower) || !/s$/.test(head.lower)) return false;
  // A capitalised head in -s is a name ("Michael Phelps") unless "the" makes it a people ("the Romans").
  if (/^[A-Z]/.test(head.text) && tokens[0] !== head && tokens[0].lower !== "the") return false;
  // (Unless its singular is a common word and no name: "Veins" or "Kidneys" as the whole answer, capitalised only as its opening.)
  if (/^[A-Z]/.test(head.text) && tokens.length === 1) return /^[A-Z][a-z]+s$/.test(head.text) && capitalisedCommonPlural(head.lower);
  // "the Ural Mountains", "the Great Lakes": a name after "the" whose head is a plural noun.
  if (/^[A-Z]/.test(head.text) && head.pos === "PROPN" && /[^s]s$/.test(head.lower) && looksPlural(head.lower)) return true;
  // A lemma that differs, or an -s word that cannot be a verb (a tagger that calls "caterpillars" a verb keeps its form as lemma).
  if (head.lemma !== head.lower || (head.pos === "VERB" && !canBeVerb(head.lower))) return true;
  // A word the lemmatiser does not know ("decomposers"): compromise's suffix rules decide.
  return head.pos === "NOUN" && !/(?:as|os)$/.test(head.lower) && looksPlural(head.lower);
}

/** True for a plural whose singular is a common noun and not a name ("veins", "kidneys"; not "phelps", "athens", "williams"). */
function capitalisedCommonPlural(lower: string): boolean {
  const singular = lower.replace(/(?:(?<=(?:ss|sh|ch|x))es|s)$/, "");
  if (isProperWord(lower) || isProperWord(singular)) return false;
  // (A singular the lexicon lacks: the tagger's lemma after "the" — "kidneys" → "kidney", not "phelps".)
  return isCommonWord(singular) || tokenize(`the ${lower}`)[1]?.lemma === singular;
}

const ECHO_WORDS = wordSet(
  "it they he she this that there so not n't too do does did is are was were can ca could will wo",
  "would should has have had must may might definitely certainly indeed really always usually",
  "generally mostly sometimes",
);

const analyses = new Map<string, AnswerParts>();

/** A yes and a confirmation that says only the yes again: "Yep, that's the one.", "Yes, that's right — …". */
const CONFIRMED_YES =
  /^((?:yes|yeah|yep|yup)\b)[,!.]?\s*(?:that['’]s|that is|you['’]re|you are) (?:the one|right|correct|it|true|spot on)(?=\s*(?:[.!,;—–]|$))([\s\S]*)$/i;

/** The answer without a confirmation that only repeats its yes (the yes and what follows the confirmation kept). */
function withoutConfirmation(body: string): string {
  const m = CONFIRMED_YES.exec(body);
  if (!m) return body;
  const rest = m[2].replace(/^[.!,;]*\s*/, "");
  return rest === "" ? m[1] : /^[—–]/.test(rest) ? `${m[1]} ${rest}` : `${m[1]}, ${rest}`;
}

/** Analyses an answer (memoised: the same gold answer recurs for every candidate). */
export function analyzeAnswer(answer: string): AnswerParts {
  let a = analyses.get(answer);
  if (!a) {
    a = analyzeUncached(answer);
    if (answer.length > STATEMENT_MAX_ANALYSED_CHARS) return a; // a long answer is not kept (issue 22)
    if (analyses.size > 100_000) analyses.clear();
    analyses.set(answer, a);
  }
  return a;
}

function analyzeUncached(answer: string): AnswerParts {
  const listed = /\n|(?:^|\s)1[.)]\s/.test(answer) ? joinList(answer) : answer;
  const { text: framedBody, framed } = stripFraming(withoutSignOff(collapseSpaces(listed)));
  // ("Sounds like a ladybug.": the dropped "it" of a chat answer's impression goes back, "It sounds like a ladybug.")
  const body = withoutConfirmation(framedBody).replace(/^(sounds|looks|seems) like\b/i, (m) => `It ${m[0].toLowerCase()}${m.slice(1)}`);
  // A leading yes/no is noted, not removed: "FALSE" or "No one" is the whole answer to a wh-question.
  const yes = YES.exec(body);
  const no = yes ? null : NO.exec(body);
  // "Not for short trips — …": a "not" that limits the question's verb answers no.
  const limitedNo = !yes && !no && LIMITED_NO.test(body);
  const polarity: Polarity | undefined = yes ? "yes" : no || limitedNo ? "no" : undefined;
  // (Its "no" said again after the limit goes: "Not with the naked eye, no.")
  // (A no said again after the softened one goes: "Not botanically, no — …"; so does a "not" said again before its source: "No, not
  // according to the research so far.")
  const afterNo = no ? body.slice(no[0].length).replace(SAID_AGAIN_NO, "") : "";
  const afterPolarity = yes
    ? body.slice(yes[0].length)
    : no
      ? /[.!]/.test(no[0])
        ? afterNo
        : afterNo.replace(/^not (?=according to\b)/i, "")
      : limitedNo
        ? body.replace(/,\s*(?:no|nope)(?=[.!]?(?:\s|$))/i, "")
        : "";
  const sentences = splitSentences(body);
  let first = sentences[0] ?? "";
  const rest = sentences.slice(1).join(" ").trim();
  first =
    /\.\.\.$|…$/.test(first) || (ABBREVIATIONS.test(first.replace(/\.$/, "")) && /\.$/.test(first))
      ? first.replace(/[\s;,:]+$/u, "")
      : first.replace(/[\s.;,:!]+$/u, "");
  first = expandLeadingContraction(adverbAfterPronoun(first));
  return new LazyAnswer(answer, polarity, afterPolarity, first, rest, BECAUSE.test(first), framed);
}

const FRONTED_ADVERB =
  /^(mainly|mostly|basically|usually|generally|primarily|essentially|typically|largely|partly|normally|often|sometimes|botanically|technically|scientifically|biologically|chemically|legally|officially|historically|medically),?\s+(it|they|he|she|we|you)(?![\w])(?:\s+(is|are|was|were|can|could|will|would|has|have|had|should|must|may|might|do|does|did)\b|(['’](?:s|re)))?\s*/i;

/**
 * "Mainly it filters the blood" → "it mainly filters the blood": an adverb before a pronoun subject goes on its verb, so the pronoun
 * opens the clause where the rules put the question's subject for it.
 */
function adverbAfterPronoun(first: string): string {
  const m = FRONTED_ADVERB.exec(first);
  if (!m) return first;
  const rest = first.slice(m[0].length);
  if (rest === "") return first;
  const adverb = m[1].toLowerCase();
  return m[3] ? `${m[2]} ${m[3]} ${adverb} ${rest}` : m[4] ? `${m[2]}${m[4]} ${adverb} ${rest}` : `${m[2]} ${adverb} ${rest}`;
}

/**
 * "It's carbon dioxide." → "It is carbon dioxide.": a pronoun's contracted verb at the start of the answer, which the rules replace
 * with the question's words (the statement never keeps that pronoun), spelled out so that they read the verb ("They're caused by …").
 */
function expandLeadingContraction(first: string): string {
  const m = /^(it|that|they|he|she|this)['’](s|re)\s+(\S+)/i.exec(first);
  // ("it's best to use eye protection": a dummy "it" before an infinitive stays as the answer wrote it.)
  if (!m || /^\S+\s+to\s/i.test(first.slice(m[0].length - m[3].length))) return first;
  const verb =
    m[2].toLowerCase() === "re"
      ? "are"
      : /^(?:been|got)$/i.test(m[3]) || perfectAfterS(first.slice(m[0].length - m[3].length))
        ? "has"
        : "is";
  return `${m[1]} ${verb}${first.slice(m[1].length + 1 + m[2].length)}`;
}

/**
 * Past participles that take an object after a pronoun's "'s" ("caught", "won", "taken"). Its own list: IRREGULAR_PARTICIPLES above
 * holds those that head a noun's modifier, and the passive list in ./placement.ts those that make a passive after "be".
 */
const PERFECT_PARTICIPLES = wordSet(
  "caught bought brought taught thought fought sought made had found left lost won done gone seen kept felt built sent spent held",
  "told sold paid said met led become come begun sung drunk swum grown shown flown drawn thrown taken given written eaten beaten",
  "broken chosen driven forgotten frozen hidden ridden risen spoken stolen sworn torn worn fallen proven",
);

/** Participles that name or rank their subject, a passive before its complement ("It's called a let", "It's listed as …"). */
const NAMING_PARTICIPLE =
  /^(?:called|named|known|listed|considered|labell?ed|nicknamed|dubbed|titled|rated|ranked|classed|classified|described|regarded|termed|deemed|used)$/;

/**
 * "She's caught J'ouvert", "He's won three titles": after a pronoun's "'s", a past participle before its object (an article, a name, a
 * number) is a perfect, "has"; before anything else it is a passive or an adjective ("It's made of steel", "It's caught in a trap").
 */
function perfectAfterS(after: string): boolean {
  const m = /^(\S+)\s+(\S+)/.exec(after.trimStart());
  if (!m) return false;
  const [participle, next] = [m[1].toLowerCase(), m[2]];
  const isParticiple =
    /^[a-z]/.test(m[1]) &&
    !NAMING_PARTICIPLE.test(participle) &&
    (PERFECT_PARTICIPLES.has(participle) || (/ed$/.test(participle) && isParticipleOf(participle)));
  return (
    isParticiple &&
    /^(?:a|an|the|his|her|its|their|my|your|our|this|these|those|some|no|every|[A-Z]|\d)/.test(next) &&
    !/^(?:I|In|On|At|By|For|With|From|To|As)$/.test(next)
  );
}

/**
 * The answer's first sentence with the contraction it opened with as the answer wrote it ("It's the ulnar nerve, …"): where the
 * statement keeps the answer's own sentence after its yes or no, its words stay as written (the reverse of expandLeadingContraction).
 */
export function textAsWritten(a: AnswerParts): string {
  const m = /^(it|that|they|he|she|this)(['’](?:s|re))\s/i.exec(a.raw.trimStart());
  if (!m) return a.text;
  const spelled = /^(\S+) (?:is|are|has)\s/i.exec(a.text);
  return spelled && spelled[1].toLowerCase() === m[1].toLowerCase() ? `${spelled[1]}${m[2]}${a.text.slice(spelled[0].length - 1)}` : a.text;
}

/**
 * Tags are computed on first use: a blank filled or a sentence completed needs none, and tagging
 * is most of the reformulator's time.
 */
class LazyAnswer implements AnswerParts {
  #tokens: Token[] | undefined;
  #verb: number | undefined;
  #plural: boolean | undefined;
  constructor(
    readonly raw: string,
    readonly polarity: Polarity | undefined,
    readonly afterPolarity: string,
    readonly text: string,
    readonly rest: string,
    readonly because: boolean,
    readonly framed: boolean,
  ) {}
  get tokens(): readonly Token[] {
    return (this.#tokens ??= tokenizePhrase(this.text));
  }
  get finiteVerb(): number {
    return (this.#verb ??= clauseVerb(this.tokens));
  }
  get isClause(): boolean {
    return this.finiteVerb >= 0;
  }
  get plural(): boolean {
    return (this.#plural ??= isPluralPhrase(this.tokens));
  }
  get echo(): boolean {
    return this.tokens.length > 0 && this.tokens.every((t) => ECHO_WORDS.has(t.lower) || t.pos === "PUNCT");
  }
}

/** A copy of an analysis with some fields replaced (all computed now). */
export function withAnswerFields(a: AnswerParts, over: Partial<AnswerParts>): AnswerParts {
  return {
    raw: a.raw,
    polarity: a.polarity,
    afterPolarity: a.afterPolarity,
    text: a.text,
    tokens: a.tokens,
    rest: a.rest,
    isClause: a.isClause,
    finiteVerb: a.finiteVerb,
    because: a.because,
    plural: a.plural,
    echo: a.echo,
    framed: a.framed,
    ...over,
  };
}

/** True where tokens open with an adjective (after an adverb or two) and its preposition: "actually native to", "famous for". */
function adjectiveThenPreposition(tokens: readonly Token[]): boolean {
  let k = 0;
  while (k < 2 && tokens[k]?.pos === "ADV") k++;
  return tokens[k]?.pos === "ADJ" && tokens[k + 1]?.pos === "ADP";
}

/** "It is X" / "It's X" / "That was X" where X is a phrase, not a clause: X (else undefined). */
export function predicateOfDummySubject(a: AnswerParts): { text: string; tokens: Token[] } | undefined {
  // The first token is "it", "that" or "this" only where the text opens so: most answers need no tags here.
  if (!/^\s*(?:it|that|this|he|she)/i.test(a.text)) return undefined;
  const t = a.tokens;
  if (
    !a.isClause ||
    t.length < 3 ||
    !/^(?:it|that|this|he|she)$/.test(t[0].lower) ||
    a.finiteVerb !== 1 ||
    !/^(?:is|'s|was)$/.test(t[1].lower)
  )
    return undefined;
  const tail = t.slice(2);
  // ("He was Antonio Vivaldi, …": a person's pronoun before a full name says who, as "It was" does.)
  if (/^(?:he|she)$/.test(t[0].lower) && !(tail[0]?.pos === "PROPN" && /^[A-Z]/.test(tail[1]?.text ?? "") && tail[1].pos === "PROPN"))
    return undefined;
  if (
    tail[0].pos === "VERB" ||
    (tail[0].pos === "ADV" && tail[1]?.pos === "VERB") ||
    tail[0].lower === "not" ||
    // (A participle, not a name in -en or -ed alone: "It was Steven Spielberg."; a name with a relative clause is read by the callers
    // that keep the clause: "That's Queen Elizabeth II, who reigned …".)
    (/(?:ed|en)$/.test(tail[0].lower) && !(tail[0].pos === "PROPN" && /^[A-Z]/.test(tail[0].text) && !tail.some((x) => x.text === ","))) ||
    // ("It's due to a spasm of the diaphragm": a cause said of the question's thing, not a phrase that names it.)
    (tail[0].lower === "due" && tail[1]?.lower === "to") ||
    // ("It's actually native to China": an adjective and its preposition said of the question's thing, not a phrase that names it.)
    adjectiveThenPreposition(tail)
  )
    return undefined;
  return { text: joinTokens(tail), tokens: tail };
}
