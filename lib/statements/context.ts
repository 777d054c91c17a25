/**
 * Answers that lean on the question (issue 23, part 1): a full sentence whose subject or object is
 * a pronoun or an ellipsis standing for the question's entity. "Charlotte Brontë wrote it." is
 * neutral to "Charlotte Brontë wrote Jane Eyre." for an NLI model, so the statement gets the
 * entity back from the question; a pronoun that refers to something in the answer stays.
 *
 * - an auxiliary for the question's predicate: "Michelangelo did.", "Frogs can.", "Lincoln did in 1863."
 * - a complement cut short: "Buzz Aldrin was the first.", "The Gobi is the largest one."
 * - an object pronoun: "Leo Tolstoy wrote it.", "Jefferson wrote most of it."
 * - a subject pronoun of a passive: "They are caused by the Moon." (What causes tides?)
 *
 * These functions only find the parts; ./realize.ts puts them where the question's frame wants them.
 */
import type { AnswerParts } from "./answer.js";
import { isPluralPhrase } from "./answer.js";
import { joinTokens, type Token } from "./nlp.js";

const ELLIPSIS_AUX = /^(?:do|does|did|can|could|will|would|shall|should|may|might|must|is|are|was|were|has|have|had|am)$/;

/**
 * The answer's subject and what follows its auxiliary, when the clause is "SUBJECT AUX [adjunct]" ("Abraham Lincoln did in 1863."); else
 * undefined.
 */
export function auxEllipsis(a: AnswerParts): { subject: Token[]; after: Token[] } | undefined {
  if (!a.isClause) return undefined;
  const t = a.tokens;
  const v = a.finiteVerb;
  if (v < 1 || !ELLIPSIS_AUX.test(t[v].lower) || t[v].pos !== "AUX") return undefined;
  const subject = t.slice(0, v);
  // ("Its magnetic field does.": a possessive opening the subject is read by the caller.)
  // ("Your circadian rhythm does.": so is the listener's, said of people in general.)
  const possessive = (x: Token, k: number) => k === 0 && /^(?:its|their|your|our|his|her)$/.test(x.lower) && subject.length > 1;
  // ("Justinian I did.": a regnal "I" after a name is no pronoun.)
  const regnal = (x: Token, k: number) => x.text === "I" && k > 0 && /^\p{Lu}/u.test(subject[k - 1].text);
  if (subject.some((x, k) => x.pos === "PRON" && !/^(?:one|ones)$/.test(x.lower) && !possessive(x, k) && !regnal(x, k))) return undefined;
  // ("James Chadwick did, in 1932.": the answer's comma stays before its time or place, as after a phrase answer.)
  const after = t.slice(v + 1).filter((x, k, all) => !(k === all.length - 1 && x.pos === "PUNCT" && !/^[)\]"”]$/.test(x.text)));
  // Only an adjunct may follow ("in 1863", "too", "when he was 20"); a negation or a predicate ("is usually credited with it") makes it a
  // clause of its own.
  const adjunct = after[0]?.text === "," ? after.slice(1) : after;
  const adverb =
    adjunct[0]?.pos === "ADV" &&
    !/^(?:not|n't|never)$/.test(adjunct[0].lower) &&
    (adjunct.length === 1 || ["ADP", "SCONJ", "PUNCT"].includes(adjunct[1].pos));
  // ("Atmospheric refraction does — the air bends …": what follows a dash is the answer's addition.)
  const dash = adjunct[0]?.text === "—" || adjunct[0]?.text === "–" || adjunct[0]?.text === ";";
  // (So does a which-clause after a comma: "Mercury is, which is why it was used in thermometers.")
  const which = after[0]?.text === "," && adjunct[0]?.lower === "which";
  // (So does a reason after a comma: "Horses can, thanks to a locking mechanism in their legs.")
  const reason = after[0]?.text === "," && /^(?:thanks|due|owing)$/.test(adjunct[0]?.lower ?? "") && adjunct[1]?.lower === "to";
  // (So does a clause joined by "and" or "but": "The 13th Amendment did, and it was ratified in 1865.")
  const joined = after[0]?.text === "," && /^(?:and|but)$/.test(adjunct[0]?.lower ?? "") && adjunct.length > 3;
  // (So does a participle's phrase after a comma: "The Carpathia did, arriving a few hours after the sinking."; and a bracketed aside:
  // "Only the knight can (castling aside).")
  const participial = after[0]?.text === "," && adjunct[0]?.pos === "VERB" && /ing$/.test(adjunct[0].lower) && adjunct.length > 1;
  const bracketed = adjunct[0]?.text === "(" && t.slice(v + 1).some((x) => x.text === ")");
  if (
    adjunct.length > 0 &&
    !(adjunct[0].pos === "ADP" || adjunct[0].pos === "SCONJ" || adverb || dash || which || reason || joined || participial || bracketed)
  )
    return undefined;
  // ("The Pacific is by far the largest": a degree phrase before the complement is no adjunct of a short reply.)
  if (/^(?:by far|far and away) the\b/i.test(joinTokens(adjunct).trim())) return undefined;
  return { subject, after };
}

const CUT_SHORT_END = /^(?:one|ones)$/;

/**
 * The answer's subject and what follows, when the clause is "SUBJECT be COMPLEMENT" (or has the
 * question's own verb: "Russia has the largest.") and its complement (without a final "one")
 * begins the question's complement and stops short of it ("the first" for "the first person to
 * walk on the Moon"); else undefined. What follows a comma after the cut-short complement stays
 * after it ("Venus is the hottest, even though …").
 */
export function complementEllipsis(
  a: AnswerParts,
  complement: readonly Token[],
  verbLemma = "be",
): { subject: Token[]; after: Token[] } | undefined {
  if (!a.isClause) return undefined;
  const t = a.tokens;
  const v = a.finiteVerb;
  if (v < 1 || (t[v].lemma !== "be" && t[v].lemma !== verbLemma) || t.slice(0, v).some((x) => x.pos === "PRON")) return undefined;
  let end = t.length;
  while (end > v + 1 && t[end - 1].pos === "PUNCT") end--;
  // "Montenegro is one — it adopted …" for "Name a country that uses the euro …": "one" stands for the whole complement.
  if (t[v + 1]?.lower === "one" && /^(?:a|an|one)$/.test(complement[0]?.lower ?? "") && (v + 2 >= end || t[v + 2].pos === "PUNCT"))
    return { subject: t.slice(0, v), after: t.slice(v + 2, end) };
  // (The short complement ends at a comma or a dash: "Neptune has the strongest — they reach …".)
  const comma = t.findIndex((x, k) => k > v && k < end && /^[,—–]$/.test(x.text));
  let short = t.slice(v + 1, comma > 0 ? comma : end);
  if (short.length > 1 && CUT_SHORT_END.test(short[short.length - 1].lower)) short = short.slice(0, -1);
  // ("The Pacific is by far the largest": a degree phrase before the complement goes after the question's noun, as one after it does.)
  const before = short.length > 3 && short[0].lower === "by" && short[1].lower === "far" ? short.slice(0, 2) : [];
  if (before.length > 0) short = short.slice(2);
  // ("Alaska has the longest by far, at …": a degree phrase after the complement goes on after the question's noun.)
  const degree = DEGREE_AFTER.exec(short.map((x) => x.lower).join(" "));
  const degreeWords = degree ? degree[0].trim().split(" ").length : 0;
  const kept = degreeWords > 0 ? short.slice(short.length - degreeWords) : [];
  if (degreeWords > 0) short = short.slice(0, short.length - degreeWords);
  const words = (xs: readonly Token[]) => xs.filter((x) => /\w/.test(x.text)).map((x) => x.lower);
  const have = words(short);
  const want = words(complement);
  if (have.length < 2 || have.length >= want.length || have.length > 5) return undefined;
  if (!have.every((w, i) => want[i] === w)) return undefined;
  return { subject: t.slice(0, v), after: [...before, ...kept, ...(comma > 0 ? t.slice(comma, end) : [])] };
}

/** A degree phrase that ends a short complement ("the longest by far"). */
const DEGREE_AFTER = / (?:by far|by a long way|by a wide margin|by a mile|easily)$/;

/** "it" stands for one thing, "them" for several; a title in capitals ("War and Peace") is one thing, unless plural ("The Four Seasons"). */
function fits(pronoun: string, antecedent: readonly Token[]): boolean {
  if (antecedent.length === 0 || antecedent.every((x) => x.pos === "PRON")) return false;
  const title = antecedent
    .filter((x) => /\w/.test(x.text) && !/^(?:and|of|the|a|an|with|in|on)$/.test(x.lower))
    .every((x) => /^[A-Z0-9]/.test(x.text));
  // (A title in the plural is one work or several: "The Four Seasons" is "it" or "them".)
  if (title && /[^s'’]s$/.test(antecedent.at(-1)?.lower ?? "")) return true;
  const plural = !title && isPluralPhrase(antecedent);
  return pronoun === "them" ? plural : !plural;
}

/**
 * The answer's subject and what follows its object pronoun, when the clause is "SUBJECT VERB it
 * [adjunct]" with the question's verb or "did" ("Hemingway wrote it in 1951." to "Who wrote …?"); else undefined.
 */
export function objectPronounEllipsis(a: AnswerParts, verbLemma: string): { subject: Token[]; after: Token[] } | undefined {
  if (!a.isClause) return undefined;
  const t = a.tokens;
  const v = a.finiteVerb;
  const pronoun = t[v + 1];
  // ("did it" says the question's verb too: "Daniel Peter did it in 1875." to "Who invented milk chocolate?".)
  const verb = t[v]?.lemma === verbLemma || (t[v]?.lemma === "do" && pronoun?.lower === "it");
  if (v < 1 || !verb || !pronoun || !/^(?:it|them)$/.test(pronoun.lower) || t.slice(0, v).some((x) => x.pos === "PRON")) return undefined;
  const after = t.slice(v + 2).filter((x, k, all) => !(k === all.length - 1 && x.pos === "PUNCT"));
  // ("…, in his book Liber Abaci.": an adjunct after a comma too.)
  const adjunct = after[0]?.text === "," ? after[1] : after[0];
  if (after.length > 0 && !(adjunct && (adjunct.pos === "ADP" || adjunct.pos === "SCONJ" || adjunct.pos === "ADV"))) return undefined;
  return { subject: t.slice(0, v), after };
}

/**
 * The answer with its first object pronoun after the finite verb ("wrote it", "wrote most of it",
 * "hosted them") replaced by `antecedent`, the question's object; undefined when there is none or
 * it does not fit in number. Pronouns after a subordinate clause starts stay.
 */
export function substituteObjectPronoun(a: AnswerParts, antecedent: readonly Token[]): string | undefined {
  if (!a.isClause || antecedent.length === 0) return undefined;
  const t = a.tokens;
  for (let k = a.finiteVerb + 1; k < t.length; k++) {
    const x = t[k];
    if (x.pos === "SCONJ" || x.pos === "PUNCT" || /^(?:that|which|who|when|while|because|after|before|if)$/.test(x.lower)) return undefined;
    // (So "him" or "her" for a name: "A. A. Milne created him" to "Who created Winnie-the-Pooh?"; not "her" before its noun.)
    const person =
      /^(?:him|her)$/.test(x.lower) &&
      !(x.lower === "her" && /^(?:NOUN|ADJ|PROPN|NUM)$/.test(t[k + 1]?.pos ?? "")) &&
      /^[A-Z]/.test(antecedent[0].text) &&
      fits("it", antecedent);
    if (person) return joinTokens([...t.slice(0, k), ...retext(antecedent, x.pre), ...t.slice(k + 1)]);
    if (x.pos === "PRON" && /^(?:it|them)$/.test(x.lower)) {
      if (!fits(x.lower, antecedent)) return undefined;
      return joinTokens([...t.slice(0, k), ...retext(antecedent, x.pre), ...t.slice(k + 1)]);
    }
  }
  return undefined;
}

/**
 * "They are caused by …" to "What causes tides?": the subject pronoun of a passive whose verb is the
 * question's verb stands for the question's object. The answer with the pronoun replaced, or undefined.
 */
export function substitutePassiveSubject(a: AnswerParts, verbLemma: string, object: readonly Token[]): string | undefined {
  if (!a.isClause || a.finiteVerb !== 1) return undefined;
  const t = a.tokens;
  const p = t[0].lower;
  if (!/^(?:it|they|this)$/.test(p) || t[1].lemma !== "be") return undefined;
  let k = 2;
  while (k < t.length && t[k].pos === "ADV") k++;
  const participle = t[k];
  if (!participle || participle.lemma !== verbLemma || participle.lower === participle.lemma) return undefined;
  if (!fits(p === "they" ? "them" : "it", object)) return undefined;
  const be = p === "they" ? t[1].text : t[1].lower === "'s" ? "is" : t[1].text;
  return joinTokens([...retext(object, ""), { ...t[1], text: be }, ...t.slice(2)]);
}

/** Verbs that ask what something comes from: "What causes …?", "What makes …?", "What produces …?". */
const CAUSE_VERBS = new Set(["cause", "make", "produce", "create", "trigger"]);
/** "It comes from …", "They result from …", "It's due to …", "It happens because …": a pronoun subject, then where it comes from. */
const COMES_FROM =
  /^(it|they|this)((?:\s+(?:is|are)|['’]s) (?:due to|the result of)\s|\s+(?:(?:comes?|results?|arises?|stems?|originates?) from|happens? (?:because|when))\s)/i;

/**
 * "It comes from chemicals called green leaf volatiles, …" to "What causes the smell of freshly cut grass?": the pronoun stands for
 * what the question asks the cause of, which takes its place ("The smell of freshly cut grass comes from …"); undefined otherwise.
 */
export function substituteCausedSubject(a: AnswerParts, verbLemma: string, object: readonly Token[]): string | undefined {
  if (!a.isClause || !CAUSE_VERBS.has(verbLemma)) return undefined;
  const m = COMES_FROM.exec(a.text);
  if (!m || !fits(m[1].toLowerCase() === "they" ? "them" : "it", object)) return undefined;
  const said = joinTokens(retext(object, ""));
  return `${said[0].toUpperCase()}${said.slice(1)}${m[2].replace(/^['’]s /, " is ")}${a.text.slice(m[0].length)}`;
}

/** Tokens of `tokens` with the first one's spacing replaced. */
function retext(tokens: readonly Token[], pre: string): Token[] {
  return tokens.map((x, i) => (i === 0 ? { ...x, pre } : x));
}

const SUPERLATIVE = /^(?:\w+est|best|worst|most|least|first|last)$/;

/**
 * "Antarctica is the coldest." to "Which continent is the coldest?": the answer's subject, and how
 * many tokens of the question's complement ("the coldest", "the farthest" of "the farthest from the
 * Sun") end at the superlative, after which the wh-phrase's noun goes back ("the coldest continent",
 * "the farthest planet from the Sun"). Undefined unless the answer is "SUBJECT be" + those words (a
 * final "one" allowed) and the question's complement names no noun right after them.
 */
export function superlativeEllipsis(
  a: AnswerParts,
  complement: readonly Token[],
): { subject: Token[]; at: number; after: Token[]; article?: Token; words?: Token[] } | undefined {
  if (!a.isClause) return undefined;
  const t = a.tokens;
  const v = a.finiteVerb;
  if (v < 1 || t[v].lemma !== "be" || t.slice(0, v).some((x) => x.pos === "PRON")) return undefined;
  // ("Ganymede is the largest, and it's even bigger than Mercury.": what follows a comma stays after it.)
  let end = t.length;
  while (end > v + 1 && t[end - 1].pos === "PUNCT") end--;
  // (A dash too: "Ganymede is the largest — it's even bigger than Mercury.")
  const comma = t.findIndex((x, k) => k > v && k < end && /^[,—–;]$/.test(x.text));
  const said = t.slice(v + 1, comma > 0 ? comma : end).filter((x) => /\w/.test(x.text) && x.lower !== "one");
  // ("Antarctica is by far the coldest": the degree phrase goes after the question's noun.)
  const before = said.length > 3 && said[0].lower === "by" && said[1].lower === "far" ? said.slice(0, 2) : [];
  const have = said.slice(before.length);
  // (So "the most populous": "most" or "least" and its adjective.)
  const last = have[have.length - 1];
  const periphrastic = have.length >= 3 && /^(?:most|least)$/.test(have[have.length - 2].lower) && last?.pos === "ADJ";
  if (have.length < 2 || have.length > 4 || have[0].lower !== "the" || !(SUPERLATIVE.test(last.lower) || periphrastic)) return undefined;
  if (last.pos !== "ADJ" && last.pos !== "ADV") return undefined;
  // ("Mercury is the closest." to "Which planet is closest to the Sun?": the answer's article, which the question leaves out.)
  const article = complement[0]?.lower !== "the" ? have[0] : undefined;
  const own = article ? have.slice(1) : have;
  // ("The moose is the biggest." to "Which deer species is the largest?": a superlative of the answer's own for the question's one alone.)
  const other =
    !article &&
    own.length === 2 &&
    complement.filter((x) => x.pos !== "PUNCT").length === 2 &&
    complement[0]?.lower === "the" &&
    /^\w+est$/.test(complement[1]?.lower ?? "") &&
    /^\w+est$/.test(own[1].lower);
  if (other) return { subject: t.slice(0, v), at: 2, after: [...before, ...(comma > 0 ? t.slice(comma, end) : [])], words: own };
  if (!own.every((w, i) => complement[i]?.lower === w.lower)) return undefined;
  const next = complement[own.length];
  if (next && (next.pos === "NOUN" || next.pos === "PROPN" || next.pos === "ADJ")) return undefined;
  return { subject: t.slice(0, v), at: own.length, after: [...before, ...(comma > 0 ? t.slice(comma, end) : [])], article };
}
