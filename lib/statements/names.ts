/**
 * Whether a capitalised word at the start of an answer is a name (kept as written mid-sentence:
 * "One planet that has rings is Saturn.") or a common noun capitalised only because it opened
 * the answer (lowered: "Plants make glucose."). The lexicons alone cannot tell: compromise lists
 * "saturn" and "jupiter" among its uncountable nouns and knows neither "glucose" nor "helium".
 * So the question decides first: an answer to "which planet", "name a country", "what river"
 * names an instance of a class whose members have names; an answer to "which gas", "what
 * sugar", "what metal" names a kind of thing. Without such a class the lexicons decide, and a
 * word neither knows keeps its capital.
 */
import { inWordList, isCommonWord, isProperWord, isUncountable } from "./nlp.js";
import { wordSet } from "./text.js";

/** Classes whose members are named ("Which planet …?" + "Saturn"): their instances keep their capitals. */
const NAMED_CLASSES = wordSet(
  "planet moon star galaxy constellation comet spacecraft probe mission country nation state",
  "province region county city capital town village continent ocean sea river lake mountain volcano",
  "island desert canal strait bay peninsula language person man woman scientist physicist chemist",
  "biologist mathematician astronomer author writer poet novelist playwright president king queen",
  "emperor pharaoh leader general composer painter artist sculptor architect inventor explorer",
  "philosopher company team university war battle treaty empire dynasty ship book novel film movie",
  "month holiday festival religion god goddess deity protagonist character hero heroine villain",
  "game song album opera painting bank airline brand band newspaper magazine website network channel",
);

/**
 * Classes whose members are kinds of things, named by common nouns ("Which gas …?" + "Helium"): their instances lose a capital that only
 * opened the answer.
 */
const KIND_CLASSES = wordSet(
  "sugar gas element metal mineral fuel chemical compound substance material acid salt vitamin",
  "nutrient hormone enzyme protein organ tissue gland bone muscle organelle food fruit vegetable",
  "grain crop animal mammal bird insect reptile plant tree flower disease process force rock soil",
  "organism particle shape colour color sense instrument tool",
);

/**
 * Kinds whose members are counted ("Which organ …?" + "Kidney."): a member named by one singular common noun takes "the" ("The kidney
 * filters blood."), as a kind of stuff does not ("Which gas …?" + "Helium.").
 */
const COUNTED_KINDS = wordSet(
  "organ gland bone muscle organelle animal mammal bird insect reptile amphibian fish creature instrument tool piece part device",
  "machine vehicle weapon",
);

/**
 * The answer with "the" before it, when it is one singular common noun and the question's class noun (`classHead`) counts its members
 * ("Kidney." for "Which organ filters blood?" → "the kidney"); undefined otherwise.
 */
export function withKindArticle(answer: string, classHead: string | undefined): string | undefined {
  const head = classHead?.toLowerCase();
  if (!head || !COUNTED_KINDS.has(head)) return undefined;
  const m = /^([A-Za-z][a-z]{2,})[.!]?$/.exec(answer.trim());
  if (!m) return undefined;
  const lower = m[1].toLowerCase();
  // (Not a plural, a name, or a word the lexicons count as stuff: "Roots", "Jupiter", "Oxygen".)
  if (/s$/.test(lower) || isProperWord(lower) || isUncountable(lower) || namesBody(lower)) return undefined;
  return `the ${lower}`;
}

/**
 * Earth, Moon and Sun opening an answer without "the" are the bodies' names ("… because Earth rotates on its axis"); "the earth" as
 * soil keeps its article.
 */
const BARE_BODIES = wordSet("earth moon sun");
/** The planets' names, which the lexicon lists as common nouns ("saturn", "jupiter"); "mercury" the metal is a kind of thing. */
const PLANETS = wordSet("mercury venus mars jupiter saturn uranus neptune pluto");

/**
 * The answer as it reads after other words: its first word lowered when it is a common noun
 * capitalised only because it opened the answer. `classHead` is the noun the answer is an
 * instance of, when the question names one ("planet" in "Name one planet that has rings").
 */
export function lowersCapital(word: string, classHead?: string): boolean {
  const lower = word.toLowerCase();
  const head = classHead?.toLowerCase();
  if (head !== undefined && (NAMED_CLASSES.has(head) || NAMED_CLASSES.has(head.replace(/s$/, "")))) return false;
  if (isProperWord(lower) || BARE_BODIES.has(lower)) return false;
  // An answer to "which gas", "what sugar", "what metal": a kind of thing, not a name (so "mercury" the metal, not the planet).
  if (head !== undefined && (KIND_CLASSES.has(head) || KIND_CLASSES.has(head.replace(/s$/, "")))) return true;
  if (PLANETS.has(lower)) return false;
  return isCommonNoun(lower) || ABSTRACT_NOUN.test(lower) || commonCompound(lower);
}

/** A hyphenated word of common parts ("self-incrimination", "short-lived", "movable-type"): a common word as a whole. */
function commonCompound(lower: string): boolean {
  const parts = lower.split("-");
  return (
    parts.length >= 2 &&
    parts.every(
      (p, i) => (i === 0 && PREFIXES.test(p)) || (/^[a-z]{2,}$/.test(p) && !isProperWord(p) && (isCommonNoun(p) || ABSTRACT_NOUN.test(p))),
    )
  );
}

/** Prefixes written with a hyphen before a common word ("co-developing", "non-native", "re-entry"). */
const PREFIXES = /^(?:co|re|pre|non|anti|semi|multi|sub|inter|ultra|micro|macro|mid|post|pro|de|un)$/;

/**
 * The class a sentence with a blank names, read from its words ("planet" in "The largest planet is ___."): the first of them that names a
 * class of named or of kind members, else undefined.
 */
export function classNamedIn(sentence: string): string | undefined {
  for (const m of sentence.toLowerCase().matchAll(/[a-z]+/g)) {
    const w = m[0].replace(/s$/, "");
    if (NAMED_CLASSES.has(m[0]) || NAMED_CLASSES.has(w) || KIND_CLASSES.has(m[0]) || KIND_CLASSES.has(w)) return m[0];
  }
  return undefined;
}

/**
 * True when `s` is a list whose first item alone has a capital ("Polonium and radium", "Red, green and blue"): the capital only opened
 * the answer.
 */
export function opensLowerCaseList(s: string): boolean {
  return /^[A-Z][a-z]{2,}(?:, [a-z][a-z -]*)*,? (?:and|or) [a-z]/.test(s) && !/\s[A-Z]/.test(s);
}

/**
 * True when `s` opens with a capitalised word the lexicons do not know as a name and then a lower-case common noun ("Citrus fruit",
 * "Bamboo shoots", "Sheep's milk"): a modifier capitalised only because it opened the answer. Not for an instance of a named class ("Which river …?").
 */
export function opensCommonCompound(s: string, classHead?: string): boolean {
  // (The two words are the whole phrase: "Suicide accounts for …" is a clause.)
  const m = /^([A-Z][a-z]{2,}(?:-[a-z]{2,})*)(['’]s)? ([a-z]{3,})(?=\s*$|\s*[,.;:!—–(]| (?:and|or)\s)/.exec(s);
  if (!m) return false;
  const head = classHead?.toLowerCase();
  if (head !== undefined && (NAMED_CLASSES.has(head) || NAMED_CLASSES.has(head.replace(/s$/, "")))) return false;
  // (A hyphenated modifier of common parts only: "Assembly-line production", not "Fibonacci-type sequence".)
  const modifier = m[1].toLowerCase();
  // (A possessive only of a common noun: "Sheep's milk", not "Hawking's radiation" or "Earth's axis".)
  if (m[2] !== undefined && (!isCommonNoun(modifier) || BARE_BODIES.has(modifier))) return false;
  return !isProperWord(modifier) && (!modifier.includes("-") || commonCompound(modifier)) && isCommonNoun(m[3]) && !isProperWord(m[3]);
}

/** A word wink-nlp's word list holds in lower case, or whose singular it holds ("nectar", "spiracles"): few names are in that list. */
export function listedWord(lower: string): boolean {
  if (inWordList(lower)) return true;
  const singular = /ies$/.test(lower) ? `${lower.slice(0, -3)}y` : /[^s]s$/.test(lower) ? lower.slice(0, -1) : undefined;
  return singular !== undefined && inWordList(singular);
}

/** Whether `lower` names a body of the solar system ("earth", "mars"), a name whatever the word lists say. */
export function namesBody(lower: string): boolean {
  return BARE_BODIES.has(lower) || PLANETS.has(lower);
}

/** A word the lexicons know as common, or the plural of one ("webs": the lexicon lists only "web"). */
function isCommonNoun(lower: string): boolean {
  // (A regular plural's singular: "trees", "grasses"; not one in -ies, which names keep: "the Rockies".)
  const singular = /[^s]s$/.test(lower) ? [lower.slice(0, -1)] : [];
  if (/(?:ss|sh|ch|x|z)es$/.test(lower)) singular.push(lower.slice(0, -2));
  return isCommonWord(lower) || singular.some((w) => isCommonWord(w));
}

/**
 * A word the lexicons do not know, with the ending of an abstract common noun: "precipitation", "erosion", "hydrolysis", "symbiosis".
 * (Not -ism, which many movements named after people keep capitalised: "Calvinism", "Keynesianism".)
 */
const ABSTRACT_NOUN = /^[a-z]{4,}(?:tion|sion|ness|osis|ysis|ture|ment|ity)$/;

/**
 * True when a capitalised answer word kept mid-sentence needs a person's look: the question names a class of kinds of things ("Which
 * force …?" + "Friction": the capital is wrong), or nothing tells (no class named, neither lexicon knows the word: "Nectar", "Kafka").
 * False for a name the lexicons know or an instance of a class whose members are named ("Which planet …?" + "Venus").
 */
export function capitalDoubtful(word: string, question: string): boolean {
  const lower = word.toLowerCase();
  if (isProperWord(lower) || /\bname of\b/i.test(question) || /^\s*(?:who|whom|whose)\b/i.test(question)) return false;
  for (const m of question.toLowerCase().matchAll(/[a-z]+/g))
    if (NAMED_CLASSES.has(m[0]) || NAMED_CLASSES.has(m[0].replace(/s$/, ""))) return false;
  // The class the wh-phrase names ("Which force …?", "What kind of gas …?").
  const asked = /^\s*(?:which|what) (?:(?:type|kind|sort) of )?([a-z]+)/i.exec(question)?.[1]?.toLowerCase() ?? "";
  const kind = KIND_CLASSES.has(asked) || KIND_CLASSES.has(asked.replace(/s$/, ""));
  return kind || !(isCommonNoun(lower) || isCommonWord(lower));
}
