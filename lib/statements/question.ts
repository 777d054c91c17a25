/**
 * The grammar of a question, read from part-of-speech tags, lemmas and the lexicon: the
 * wh-phrase (who, which planet, how many legs, in which country, what type of rock), the
 * auxiliary and the inverted subject ("does [the heart] pump"), the main verb after do-support,
 * the predicate of a be-question, and where the answer goes. Taggers mis-tag words in inverted
 * questions ("do fish/VERB use/NOUN"), so the parser trusts structure first (after "does" comes
 * a subject, then a base-form verb) and tags second.
 */
import { BE_FORMS, DO_FORMS, HAVE_FORMS, MODALS, NEGATED_MODAL_STEMS } from "./auxiliaries.js";
import {
  CAUSING_VERBS_S,
  canBeAdjective,
  canBeBaseVerb,
  pastParticiple,
  canBeVerb,
  pastIsBase,
  gerundLemma,
  isParticipleOf,
  joinTokens,
  tokenize,
  type Token,
  isVerbFirst,
  PARTICLES,
} from "./nlp.js";
import { STATEMENT_MAX_ANALYSED_CHARS } from "./limits.js";
import { collapseSpaces, splitFinalSentence, wordSet } from "./text.js";

// (?<!\.): a run of dots is tried from its first dot only, so a megabyte of dots costs linear time (issue 22); it matches the same.
export const BLANK = /_{2,}|(?<![\w-])-{3,}(?![\w-])|…|(?<!\.)\.{3,}(?=\s|$)|\(\s*\)|\[\s*\]/;
/** Blank markers that are never anything else. */
export const HARD_BLANK = /_{2,}|(?<![\w-])-{3,}(?![\w-])|\(\s*\)|\[\s*\]/;
const WH_WORDS = new Set(["what", "which", "who", "whom", "whose", "where", "when", "why", "how"]);
const BE = new Set<string>([...BE_FORMS, "'s", "'re", "be"]);
const DO = new Set<string>(DO_FORMS);
const HAVE = new Set<string>(HAVE_FORMS);
const MODAL = new Set<string>([...MODALS, ...NEGATED_MODAL_STEMS]);
const AUXILIARIES = new Set([...BE, ...DO, ...HAVE, ...MODAL]);
const IMPERATIVES = wordSet(
  "name list give identify state define describe explain mention provide tell find calculate",
  "determine compute select choose pick write suggest",
);
/** Prepositions that may be moved in front with a wh-word ("In which country", "To whom"); taggers call some of them PART. */
export const PREPOSITIONS = wordSet(
  "in on at to from by with for during into onto under through about after before of over within",
  "near like since until across along around between among against toward towards upon without",
  "behind beside beyond inside outside",
);
/** Nouns after what/which that ask for a time ("What year did …") and so behave like "when". */
const TIME_NOUNS = wordSet("year month day date century decade time season era period age hour week millennium");
/** Nouns after what/how much that name a portion of what follows "of" ("what percentage of X"). */
const PORTION_NOUNS = new Set(["percentage", "percent", "fraction", "proportion", "portion"]);
const MEASURES = wordSet(
  "many much long far fast old tall big large deep high wide thick heavy often hot cold warm soon",
  "quickly strong bright loud small early late frequently close near",
);
/** Nouns after what/which that ask for an attribute of the subject ("What color is the sky?"). */
const ATTRIBUTE_NOUNS = wordSet(
  "type kind sort form class category color colour shape size part state phase variety species",
  "group example speech frequency voltage temperature",
);
/** Words that may sit between the subject and the main verb. */
const PRE_VERB = wordSet(
  "not n't also still usually often always never mainly mostly first most best least more likely",
  "probably typically generally normally primarily directly really actually only ever even just",
  "already commonly naturally eventually originally famously largely chiefly frequently sometimes",
  "rarely then now",
);

/** Adverbs said after the verb they modify, never before it: "run fast", "work hard", "fly high". */
const AFTER_VERB_ADVERB = /^(?:fast|well|hard|far|high|low|deep|long|straight|early|late)$/;

/** The adverbs of PRE_VERB that say nothing of a noun: a base form after them is the verb ("most likely find", not "first step"). */
const ADVERB_BEFORE_VERB = wordSet(
  "likely probably usually often always never mainly mostly typically generally normally primarily really actually also ever",
  "commonly naturally eventually originally largely chiefly frequently sometimes rarely still already",
);

/** A verb and its bare noun said as one predicate ("take place"): the noun is no verb of its own. */
const VERB_NOUN_PHRASES = new Set([
  "take place",
  "take part",
  "take root",
  "take shape",
  "take hold",
  "take effect",
  "make sense",
  "set sail",
  "set foot",
  "make landfall",
]);

/** Verbs of seeming, whose "like" is a preposition ("What does a koala look like?"). */
const SEEMING = /^(?:look|taste|sound|smell|feel|seem)$/;

export type AuxKind = "be" | "do" | "have" | "modal";

/** A question turned into declarative order: subject, auxiliary, adverbs, main verb, rest. */
export interface Declarative {
  readonly subject: readonly Token[];
  readonly aux: Token;
  readonly auxKind: AuxKind;
  /** The question itself was negative ("Isn't …", "Doesn't …"). */
  readonly negated: boolean;
  readonly preVerb: readonly Token[];
  /** Main verb in base form after do/modal/have; absent for be. */
  readonly verb?: Token;
  readonly rest: readonly Token[];
  /** True when no token looked like the main verb and the parser had to guess. */
  readonly guessed: boolean;
}

export interface WhPhrase {
  /** who, whom, whose, what, which, where, when, why, how. */
  readonly word: string;
  /** A preposition moved in front with the wh-word ("In which country", "To whom"). */
  readonly prep?: Token;
  /** Noun after which/what/whose/how many ("planet", "rock" of "type of rock"). */
  readonly noun: readonly Token[];
  /** "type of", "kind of", "sort of" before the noun. */
  readonly typeOf: boolean;
  /** After "how": many, much, long, far, fast, old …; absent for manner. */
  readonly measure?: string;
  /** "how much of X", "what percentage of X": X. */
  readonly ofPhrase: readonly Token[];
  /** "which of the following", "which of these". */
  readonly partitive: boolean;
}

export type Frame =
  | { readonly kind: "blank" }
  | { readonly kind: "completion"; readonly prompt: string }
  | {
      readonly kind: "imperative";
      readonly verb: string;
      readonly object: readonly Token[];
      readonly explain?: { how: "why" | "how"; decl?: Declarative; clause: readonly Token[] };
    }
  | { readonly kind: "yes-no"; readonly decl: Declarative }
  | { readonly kind: "wh-subject"; readonly wh: WhPhrase; readonly predicate: readonly Token[] }
  | {
      readonly kind: "wh-be";
      readonly wh: WhPhrase;
      readonly be: Token;
      readonly subject: readonly Token[];
      readonly tail: readonly Token[];
    }
  | { readonly kind: "wh-inverted"; readonly wh: WhPhrase; readonly decl: Declarative }
  | { readonly kind: "existential"; readonly wh: WhPhrase; readonly be: Token; readonly rest: readonly Token[] }
  | { readonly kind: "in-situ"; readonly before: readonly Token[]; readonly wh: WhPhrase; readonly after: readonly Token[] }
  | { readonly kind: "unparsed"; readonly body: string; readonly interrogative: boolean };

export interface ParsedQuestion {
  /** The final sentence as asked (with a fronted clause, if any). */
  readonly final: string;
  /** Sentences before the final one, kept verbatim. */
  readonly context: string;
  /** A clause before the question proper, with its comma ("When plants die,"), kept verbatim. */
  readonly fronted: string;
  /** The final sentence without the fronted clause. */
  readonly sentence: string;
  readonly frame: Frame;
}

function isAux(t: Token | undefined): boolean {
  return t !== undefined && AUXILIARIES.has(t.lower) && (t.pos === "AUX" || t.pos === "VERB" || t.pos === "NOUN" || t.pos === "PROPN");
}

function auxKind(t: Token): AuxKind {
  return BE.has(t.lower) ? "be" : DO.has(t.lower) ? "do" : HAVE.has(t.lower) ? "have" : "modal";
}

function isNegation(t: Token | undefined): boolean {
  return t !== undefined && (t.lower === "n't" || t.lower === "not");
}

/**
 * Verbs that follow "what" as its predicate far more often than they name things ("What causes rust on iron?", not "which causes
 * rust"): right after the wh-word they are the verb even when the next word could be one too.
 */
const WH_SUBJECT_VERBS = wordSet(CAUSING_VERBS_S, "caused gave helps protects kills stops");
const POSSESSIVE = new Set(["my", "your", "his", "her", "its", "our", "their"]);

/**
 * Whether a noun phrase at `k` is followed by a base form that can be a verb and takes an object ("a lemon contain vitamin C", "a crow
 * use tools"), whatever the tagger read; a final noun ("like water?") is no verb.
 */
function baseVerbAfterPhrase(tokens: readonly Token[], k: number): boolean {
  for (let j = k + 1; j < Math.min(tokens.length - 1, k + 5); j++) {
    const [t, before, after] = [tokens[j], tokens[j - 1], tokens[j + 1]];
    if (t.pos === "PUNCT" || t.pos === "ADP" || t.pos === "AUX") return false;
    if (
      /^(?:NOUN|PROPN)$/.test(before.pos) &&
      t.lower === t.lemma &&
      canBeBaseVerb(t.lower) &&
      /^(?:NOUN|DET|PRON|ADJ|ADP)$/.test(after.pos)
    )
      return true;
  }
  return false;
}

/** A word in base form that is (or is mis-tagged but can be) a verb: candidates for the main verb. */
function verbScore(tokens: readonly Token[], k: number, start: number, afterModal: boolean): number {
  const t = tokens[k];
  const prev = tokens[k - 1];
  if (k <= start) return 0;
  // ("How do New Caledonian crows/VERB use tools?": a plural before a base form and its object is the subject's noun; after "do" or a modal
  // the verb is a base form.)
  const following = tokens[k + 1];
  if (
    t.lower !== t.lemma &&
    /[^s]s$/.test(t.lower) &&
    following !== undefined &&
    following.lower === following.lemma &&
    canBeBaseVerb(following.lower) &&
    /^(?:NOUN|DET|ADJ|PRON)$/.test(tokens[k + 2]?.pos ?? "")
  )
    return 0;
  // ("Do cats like water?": "like" after the subject's noun is its verb, not the preposition the tagger read.)
  // (After a one-word subject whatever its tag: "Do dogs/VERB like baths?".)
  if (
    t.lower === "like" &&
    t.pos === "ADP" &&
    (k === start + 1 || /^(?:NOUN|PROPN|PRON)$/.test(prev.pos)) &&
    // (Not after a verb of seeming: "What does water taste like …?"; nor before a noun phrase and a base form, which is the verb:
    // "Does a fruit like a lemon contain vitamin C?".)
    !SEEMING.test(prev.lemma) &&
    tokens[k + 1]?.pos !== "PUNCT" &&
    !baseVerbAfterPhrase(tokens, k + 1) &&
    // (Nor after a base form that follows the subject's noun, which is the verb: "Does gluten-free flour rise like wheat flour?".)
    !(k - 2 > start && prev.lower === prev.lemma && canBeBaseVerb(prev.lower) && tokens[k - 2].pos === "NOUN")
  )
    return 6;
  if (
    t.pos === "PUNCT" ||
    t.pos === "ADP" ||
    t.pos === "DET" ||
    t.pos === "PART" ||
    t.pos === "CCONJ" ||
    t.pos === "SCONJ" ||
    t.pos === "NUM" ||
    t.pos === "PRON"
  )
    return 0;
  if (t.pos === "AUX" && !(["have", "do"].includes(t.lower) || (afterModal && t.lower === "be"))) return 0;
  if (prev.pos === "DET" || POSSESSIVE.has(prev.lower) || prev.lower === "of" || prev.lower === "to" || prev.text === "'s") return 0;
  // ("Does reading in dim light damage …?": a word between a preposition and its noun modifies the noun.)
  if (prev.pos === "ADP" && k > start && /^(?:NOUN|PROPN|ADJ)$/.test(tokens[k + 1]?.pos ?? "")) return 0;
  // (So is the noun after it, when a base verb follows: "light" in "in dim light damage".)
  const next1 = tokens[k + 1];
  if (
    k - 2 > start &&
    tokens[k - 2].pos === "ADP" &&
    /^(?:NOUN|ADJ)$/.test(prev.pos) &&
    next1 !== undefined &&
    next1.lower === next1.lemma &&
    canBeBaseVerb(next1.lower)
  )
    return 0;
  // ("feature-length": a word joined by a hyphen is part of a compound.)
  if (prev.text === "-" || tokens[k + 1]?.text === "-") return 0;
  if (/^[A-Z]/.test(t.text) && /^[A-Z]/.test(prev.text) && k > 0) return 0;
  // ("Did Watson and Crick share …?": a capitalised word after "and" and a name goes on with the names.)
  if (/^[A-Z]/.test(t.text) && /^(?:and|&)$/.test(prev.lower) && /^[A-Z]/.test(tokens[k - 2]?.text ?? "") && k > start) return 0;
  // ("the first Ford Model T roll off …": a capitalised word before another opens a name.)
  if (/^[A-Z]/.test(t.text) && /^[A-Z]/.test(tokens[k + 1]?.text ?? "") && k > start) return 0;
  // ("When did the earthquake strike Japan?": a name the tagger read as one is no verb, though "japan" can be.)
  if (/^[A-Z]/.test(t.text) && t.pos === "PROPN") return 0;
  if (PRE_VERB.has(t.lower) && t.lower !== "most") return 0;
  // ("Does coffee stunt growth?": a noun in -th is not the verb.)
  if (t.pos === "NOUN" && /[^o]th$/.test(t.lower)) return 0;
  let score = 0;
  if (t.pos === "VERB" || t.pos === "AUX") score += 3;
  // "Could dinosaurs have lived …": after a modal, "have"/"be" is the verb.
  if (afterModal && t.pos === "AUX" && (t.lower === "have" || t.lower === "be")) score += 3;
  if (canBeVerb(t.lower)) score += 2;
  if (score === 0) return 0;
  // A base form right after a one-word plural subject is its verb ("Can chameleons change colour?", not "colour").
  // ("Can cats drink milk?": more than a later bare noun that can be a verb too.)
  if (k === start + 1 && prev.pos === "NOUN" && /[^s]s$/.test(prev.lower) && prev.lemma !== prev.lower && t.lower === t.lemma) score += 3;
  // So is one right after a short noun phrase that opens the subject ("Does a river deposit …", "Does TCP guarantee …"), whatever its tag
  // (not an adjective before its noun: "a baby blue whale").
  else if (
    k <= start + 3 &&
    !(t.pos === "ADJ" && tokens[k + 1]?.pos === "NOUN") &&
    t.lower === t.lemma &&
    (prev.pos === "NOUN" || prev.pos === "PROPN") &&
    tokens.slice(start, k).every((x) => x.pos === "DET" || x.pos === "ADJ" || x.pos === "NOUN" || x.pos === "PROPN")
  )
    score += 2;
  // ("would a geologist most likely find evidence": a base form after the subject's adverb is the verb, whatever the tagger read.)
  if (k - 1 > start && t.lower === t.lemma && ADVERB_BEFORE_VERB.has(prev.lower) && canBeBaseVerb(t.lower)) score += 3;
  const next = tokens[k + 1];
  if (
    !next ||
    next.pos === "PUNCT" ||
    next.pos === "DET" ||
    next.pos === "PRON" ||
    next.pos === "ADP" ||
    next.pos === "PART" ||
    next.pos === "ADV" ||
    next.pos === "NUM" ||
    next.pos === "SCONJ"
  )
    score += 1;
  return score;
}

/** True at the question's end or before a subordinate clause. */
function endsClause(t: Token | undefined): boolean {
  return t === undefined || t.pos === "PUNCT" || /^(?:when|whenever|if|unless|because|while|once|after|before)$/.test(t.lower);
}

/** Subject, adverbs, main verb and rest after do/modal/have-aux at `aux` (the subject starts at `start`). */
/** The closing mark of a quotation that opens at `start` ('"The Raven"'); -1 when none does. */
export function quotationEnd(tokens: readonly Token[], start: number): number {
  return /^["“]$/.test(tokens[start]?.text ?? "") ? tokens.findIndex((t, i) => i > start + 1 && /^["”]$/.test(t.text)) : -1;
}

function invert(tokens: readonly Token[], aux: Token, negated: boolean, start: number, objectAsked = false): Declarative {
  const kind = auxKind(aux);
  let best = -1;
  let bestScore = 0;
  // ("How long has the Tower of Hercules been in use?": a perfect's "been" before no participle is the verb itself.)
  const been = kind === "have" ? tokens.findIndex((t, i) => i > start && t.lower === "been") : -1;
  // (Not before a participle the tagger reads as an adjective: "How long have they been married?")
  const beenIsVerb =
    been > 0 && tokens[been + 1] !== undefined && tokens[been + 1].pos !== "VERB" && !/(?:ed|en)$/.test(tokens[been + 1].lower);
  if (beenIsVerb) [best, bestScore] = [been, Number.POSITIVE_INFINITY];
  // ('What does "break a leg" mean?': a quotation is the whole subject; the word after it is the verb.)
  const close = quotationEnd(tokens, start);
  if (best < 0 && close > 0 && tokens[close + 1] && tokens[close + 1].pos !== "PUNCT" && canBeVerb(tokens[close + 1].lower))
    [best, bestScore] = [close + 1, Number.POSITIVE_INFINITY];
  // "What do we call animals that eat only meat?": after a personal pronoun the next word (past adverbs) is the verb.
  else if (best < 0 && /^(?:i|you|we|they|he|she|it)$/.test(tokens[start]?.lower ?? "")) {
    let k = start + 1;
    while (k < tokens.length && tokens[k].pos === "ADV") k++;
    if (tokens[k] && tokens[k].pos !== "AUX" && (tokens[k].pos === "VERB" || canBeVerb(tokens[k].lower)))
      [best, bestScore] = [k, Number.POSITIVE_INFINITY];
  }
  for (let k = start + 1; k < tokens.length && bestScore !== Number.POSITIVE_INFINITY; k++) {
    // "Why do my eyes water when I cut onions?": a verb after a subordinator is its clause's, once the main clause has one.
    if (bestScore > 0 && /^(?:when|whenever|if|because|while|although|though|unless|until)$/.test(tokens[k].lower)) break;
    let s = verbScore(tokens, k, start, kind === "modal");
    // "What does this help an octopus do?": after help/make/let/see … a final "do" belongs to the object.
    if (
      tokens[k].lower === "do" &&
      tokens.slice(start + 1, k).some((x) => /^(?:help|make|let|see|watch|hear|allow|cause|have|get)$/.test(x.lemma))
    )
      s = 0;
    // After do or a modal the main verb is a base form: "added" after "is" in "Does K change when a catalyst is added?" is not it.
    if (kind !== "have" && /(?:ed|ing)$/.test(tokens[k].lower) && tokens[k].lemma !== tokens[k].lower && BE.has(tokens[k - 1]?.lower ?? ""))
      s = 0;
    // Nor is an -ing form after do ("according" in "Does the induced current flow according to Lenz law?").
    // (Tagged as a noun too, when it is a verb's: "smoking" in "did Ireland ban smoking in pubs".)
    if (
      kind === "do" &&
      /ing$/.test(tokens[k].lower) &&
      (tokens[k].lemma !== tokens[k].lower || gerundLemma(tokens[k].lower) !== undefined) &&
      bestScore > 0
    )
      s = 0;
    // Nor an -s form ("smells" in "Which sense do people use to detect smells?").
    // (Before any other candidate, it is one only where nothing later can be: "What do contour lines on a map show?")
    if ((kind === "do" || kind === "modal") && /[^s]s$/.test(tokens[k].lower) && tokens[k].lemma !== tokens[k].lower)
      s = bestScore > 0 ? 0 : Math.min(s, 1);
    // Nor a participle or gerund that ends a subject's modifier ("a balloon filled with helium", "a ship made of steel"): a base
    // form after it is the verb, and the participle only one when nothing else can be.
    // (Not a base form the tagger lemmatised as another verb's past: "lay", read as "lie".)
    if (
      (kind === "do" || kind === "modal") &&
      tokens[k].pos === "VERB" &&
      tokens[k].lemma !== tokens[k].lower &&
      !/s$/.test(tokens[k].lower) &&
      !canBeBaseVerb(tokens[k].lower)
    )
      s = Math.min(s, 1);
    // Nor the object of a gerund after a verb is found ("bread" in "When did people first start eating bread?").
    if (bestScore > 0 && k - 1 > start && /ing$/.test(tokens[k - 1].lower) && tokens[k - 1].pos === "VERB" && tokens[k].pos !== "VERB")
      s = 0;
    // "split white light": a word after an adjective after a noun is the adjective's noun, not the verb.
    // (Not after "first", "ever" or "still", adverbs the tagger reads as adjectives: "did sea otters first get protection".)
    if (
      tokens[k - 1]?.pos === "ADJ" &&
      k - 2 > start &&
      tokens[k - 2].pos === "NOUN" &&
      !/^(?:first|ever|once|still|also|really|finally|just|already|never|last)$/.test(tokens[k - 1].lower)
    )
      s = Math.max(0, s - 2);
    // ("the black box on a plane record": so is a noun after an article's adjective, before its own preposition's phrase.)
    else if (
      tokens[k - 1]?.pos === "ADJ" &&
      tokens[k - 2]?.pos === "DET" &&
      k - 2 >= start &&
      tokens[k].pos === "NOUN" &&
      tokens[k + 1]?.pos === "ADP"
    )
      s = Math.max(0, s - 1);
    // ("Does a Test match last five days?", "Where did the Brian Boru harp end up?": a word first a noun that the tagger read as a verb
    // after a name, before a base form that goes on with more words, ends the subject; the base form is the verb.)
    if (
      (kind === "do" || kind === "modal") &&
      s > 2 &&
      tokens[k].pos === "VERB" &&
      /^[a-z]/.test(tokens[k].text) &&
      k - 1 >= start &&
      tokens[k - 1].pos === "PROPN" &&
      /^\p{Lu}/u.test(tokens[k - 1].text) &&
      !isVerbFirst(tokens[k].lower) &&
      tokens[k + 1] !== undefined &&
      tokens[k + 1].lower === tokens[k + 1].lemma &&
      canBeBaseVerb(tokens[k + 1].lower) &&
      tokens[k + 2] !== undefined &&
      tokens[k + 2].pos !== "PUNCT" &&
      !VERB_NOUN_PHRASES.has(`${tokens[k].lower} ${tokens[k + 1].lower}`)
    )
      s = 2;
    // ("Does sourdough bread use yeast?", "Do the drones change pitch?": of two nouns in a row, one the lexicon knows only as a noun
    // and one first a verb, the first verb is the verb: "bread" and "pitch" are verbs only by the tagger's guess. So is a noun that
    // can be a verb before one first a verb: "Does vanilla extract contain alcohol?")
    if ((kind === "do" || kind === "modal") && s > 1 && (tokens[k].pos === "NOUN" || tokens[k].pos === "VERB")) {
      const verbFirst = (x: Token | undefined) => x !== undefined && x.lower === x.lemma && canBeBaseVerb(x.lower) && isVerbFirst(x.lower);
      const nounOnly = tokens[k].pos === "NOUN" && !canBeBaseVerb(tokens[k].lower);
      const inCompound = k - 1 >= start && /^(?:NOUN|PROPN)$/.test(tokens[k - 1].pos);
      if (
        (nounOnly && k - 1 > start && tokens[k - 1].pos === "NOUN" && verbFirst(tokens[k - 1])) ||
        ((nounOnly ||
          (inCompound &&
            tokens[k].lower === tokens[k].lemma &&
            !isVerbFirst(tokens[k].lower) &&
            !/^(?:help|make|let|see|watch|hear)$/.test(tokens[k].lower))) &&
          /^(?:NOUN|VERB)$/.test(tokens[k + 1]?.pos ?? "") &&
          verbFirst(tokens[k + 1]))
      )
        s = 1;
    }
    if (s > bestScore) [best, bestScore] = [k, s];
  }
  // ("Where does photosynthesis most likely take place?": a verb said with its bare noun is the verb, whatever the tagger read.)
  if (best > start + 1 && VERB_NOUN_PHRASES.has(`${tokens[best - 1].lower} ${tokens[best].lower}`)) best -= 1;
  // "Does adding salt make water boil faster?": make, let or help before its object and a bare verb is the main verb.
  const causative = tokens.findIndex(
    (x, k) =>
      k > start &&
      k < best - 1 &&
      /^(?:make|let|help)$/.test(x.lower) &&
      tokens
        .slice(k + 1, best)
        .every((y) => y.pos === "DET" || y.pos === "ADJ" || y.pos === "NOUN" || y.pos === "PROPN" || y.pos === "PRON"),
  );
  if (causative > 0 && tokens[best].lower === tokens[best].lemma && verbScore(tokens, causative, start, kind === "modal") > 0)
    best = causative;
  // ("Where would you most likely find iron?": the later rules leave a base form after the subject's adverb the verb.)
  const afterAdverb = () => ADVERB_BEFORE_VERB.has(tokens[best - 1].lower);
  // "Did the Dutch tulip bubble burst?": of two base forms in a row after a noun, the second is the verb and the first ends the subject.
  // So when the wh-phrase is the object ("What does a flying buttress support?"): a final bare noun cannot be a second object.
  const after = tokens[best + 1];
  if (
    best > start + 1 &&
    // (Not a verb and the noun it takes as one phrase: "Where does photosynthesis most likely take place?"; nor a base form after the
    // subject's adverb: "Where would you most likely find iron?".)
    !(after !== undefined && VERB_NOUN_PHRASES.has(`${tokens[best].lower} ${after.lower}`)) &&
    !afterAdverb() &&
    (tokens[best].pos === "NOUN" ||
      // ("a cast-iron pan": a hyphenated modifier needs its noun.)
      (tokens[best].pos === "VERB" && tokens[best - 1].pos === "NOUN" && (objectAsked || tokens[best - 2]?.text === "-"))) &&
    after !== undefined &&
    after.lower === after.lemma &&
    (after.pos === "VERB" || ((after.pos === "NOUN" || after.pos === "ADJ") && canBeVerb(after.lower))) &&
    // (Before the end or a subordinate clause: "Will a cast-iron pan rust if it's left wet?")
    (tokens[best + 2] === undefined || tokens[best + 2].pos === "PUNCT" || /^(?:if|when|unless|because)$/.test(tokens[best + 2].lower))
  )
    best += 1;
  // "Can a World Cup knockout match end in a draw?": a verb-tagged word that is first a noun, after a noun, before a base form and its
  // preposition, goes on the subject.
  const next = tokens[best + 1];
  if (
    best > start + 1 &&
    tokens[best].pos === "VERB" &&
    tokens[best].lower === tokens[best].lemma &&
    tokens[best - 1].pos === "NOUN" &&
    next !== undefined &&
    next.lower === next.lemma &&
    canBeVerb(next.lower) &&
    // (Even a word read first as a verb, before a base form and its object: "a heat pump heat a house".)
    (((!isVerbFirst(tokens[best].lower) || tokens[best + 2]?.pos === "DET") &&
      next.pos === "NOUN" &&
      (tokens[best + 2]?.pos === "ADP" || tokens[best + 2]?.pos === "DET")) ||
      // ("Why does a safety match light when struck?": after a word read first as a noun, one that can be a verb though the tagger read it
      // as an adverb, before the end or a subordinate clause.)
      (next.pos === "ADV" && !isVerbFirst(tokens[best].lower) && !PARTICLES.has(next.lower) && endsClause(tokens[best + 2])))
  )
    best += 1;
  // "Will a cast iron skillet work on …?": a noun-tagged word chosen after a noun goes on the compound when bare nouns follow it and a
  // word that can be the verb comes before a determiner or preposition.
  if (
    best > start + 1 &&
    tokens[best].pos === "NOUN" &&
    ["NOUN", "ADJ", "PROPN"].includes(tokens[best - 1].pos) &&
    // (Not after the subject's adverb: "most likely look like after …".)
    !afterAdverb()
  ) {
    let k = best + 1;
    while (tokens[k]?.pos === "NOUN" && tokens[k].lower === tokens[k].lemma && !canBeVerb(tokens[k].lower)) k++;
    const v = tokens[k];
    // ("a World Cup knockout match end in a draw": the word right after the compound too.)
    if (
      k >= best + 1 &&
      v &&
      v.lower === v.lemma &&
      canBeVerb(v.lower) &&
      // (Not "like" read as a preposition after a noun that can be the verb: "Does the queen move like a rook …?".)
      !(v.pos === "ADP" && k === best + 1 && canBeBaseVerb(tokens[best].lower)) &&
      (k > best + 1 || !isVerbFirst(tokens[best].lower)) &&
      (tokens[k + 1]?.pos === "DET" || tokens[k + 1]?.pos === "ADP")
    )
      best = k;
  }
  // A coordination "warm or cool": the first verb of it.
  if (best > start + 2 && /^(?:or|and)$/.test(tokens[best - 1].lower) && verbScore(tokens, best - 2, start, kind === "modal") > 0)
    best -= 2;
  // ("Why does maple sap only run in late winter?": a noun that can be a verb, then an adverb and a base form, is the subject's; the base
  // form after the adverb is the verb.)
  if (
    best > start &&
    (tokens[best].pos === "NOUN" || tokens[best].lower === tokens[best].lemma) &&
    /^(?:NOUN|ADJ|PROPN)$/.test(tokens[best - 1].pos) &&
    /^(?:only|usually|always|never|often|also|still|just|sometimes|mostly|mainly|rarely|even)$/.test(tokens[best + 1]?.lower ?? "") &&
    tokens[best + 2]?.pos === "VERB" &&
    tokens[best + 2].lower === tokens[best + 2].lemma
  )
    best += 2;
  // "What does a Geiger counter detect?", "How long does a professional soccer match last?": a word read first as a noun, after the
  // subject's noun or adjective, goes on the subject when a base form that can be the verb ends the question.
  // (So do the bare nouns after it: "How much voltage does a standard US wall outlet supply?".)
  let last = best + 1;
  while (
    last + 1 < tokens.length &&
    tokens[last].pos === "NOUN" &&
    tokens[last].lower === tokens[last].lemma &&
    !canBeVerb(tokens[last].lower)
  )
    last++;
  const final = tokens[last];
  if (
    best > start + 1 &&
    last + 1 === tokens.length &&
    final !== undefined &&
    // (Not a particle: "Why does a rubber band snap back?"; nor the "like" of a verb of seeming: "What does a koala look like?"; nor after
    // the subject's adverb: "most likely look like".)
    !PARTICLES.has(final.lower) &&
    !(final.lower === "like" && SEEMING.test(tokens[best].lemma)) &&
    !afterAdverb() &&
    final.lower === final.lemma &&
    // (Nor a name, which is the verb's object: "When did the tsunami hit Japan?".)
    !/^[A-Z]/.test(final.text) &&
    canBeVerb(final.lower) &&
    /^(?:NOUN|PROPN|ADJ)$/.test(tokens[best - 1].pos) &&
    !isVerbFirst(tokens[best].lower) &&
    // (Not a word the tagger read as the verb before a noun that ends the question: "Does the brain feel pain?"; nor one it read as the verb
    // right after a plural, the subject's head: "How do brown pelicans catch fish?".)
    !(tokens[best].pos === "VERB" && canBeBaseVerb(tokens[best].lower) && !canBeBaseVerb(final.lower) && last === best + 1) &&
    !(
      tokens[best].pos === "VERB" &&
      tokens[best].lower === tokens[best].lemma &&
      /[^s]s$/.test(tokens[best - 1].lower) &&
      tokens[best - 1].lemma !== tokens[best - 1].lower &&
      tokens[best - 1].pos === "NOUN"
    ) &&
    // (Nor a verb's noun in an idiom: "When did the Hindenburg catch fire?", "When did the battle take place?".)
    !(last === best + 1 && VERB_NOUN_IDIOM.test(`${tokens[best].lower} ${final.lower}`))
  )
    best = last;
  // ("Did the Romans use concrete?": a base form read first as a verb, after a plural or a people's name, is the verb, and the last word
  // its object.)
  const before = tokens[best - 2];
  if (
    best > start + 2 &&
    tokens[best - 1].pos === "NOUN" &&
    isVerbFirst(tokens[best - 1].lower) &&
    canBeBaseVerb(tokens[best - 1].lower) &&
    /^(?:PROPN|NOUN)$/.test(before.pos) &&
    /[^s]s$/.test(before.lower) &&
    /[a-z]/.test(before.text) &&
    best + 2 >= tokens.length &&
    tokens[best].pos !== "VERB"
  )
    best -= 1;
  // ("When did the Byzantines first use Greek fire?": "first" after the subject's noun, then a base form, is the verb's adverb; the base form
  // is the verb.)
  const firstAt = tokens.findIndex(
    (x, k) => k > start + 1 && k + 1 < best && x.lower === "first" && /^(?:NOUN|PROPN)$/.test(tokens[k - 1].pos),
  );
  if (firstAt > 0 && tokens[firstAt + 1].lower === tokens[firstAt + 1].lemma && canBeBaseVerb(tokens[firstAt + 1].lower))
    best = firstAt + 1;
  // ("Why does a cut apple turn brown?": a verb of becoming before its adjective is the verb.)
  if (best > start + 1 && tokens[best].pos === "ADJ" && tokens[best - 1].pos === "VERB" && BECOMING.test(tokens[best - 1].lower)) best -= 1;
  // (The later readings are for a verb found by its score, not for the perfect's "been": "How long has Japan been a democracy?".)
  if (beenIsVerb) best = been;
  let guessed = false;
  if (best < 0) {
    // No verb-like word: the last word before any final preposition.
    guessed = true;
    best = tokens.length - 1;
    while (best > start + 1 && tokens[best].pos === "ADP") best--;
  }
  // ("What could the stations be measuring?": after a modal, "be" before an -ing form is the progressive's; the -ing form is the verb.)
  if (
    kind === "modal" &&
    tokens[best]?.lower === "be" &&
    tokens[best + 1]?.pos === "VERB" &&
    /ing$/.test(tokens[best + 1].lower) &&
    endsClause(tokens[best + 2])
  )
    best += 1;
  const v = best;
  let subjectEnd = v;
  // (The progressive's "be" goes with the verb, not the subject.)
  if (kind === "modal" && tokens[v - 1]?.lower === "be" && /ing$/.test(tokens[v].lower)) subjectEnd = v - 1;
  // (So does the perfect's "been": "Where have wolves been studied?" → "Wolves have been studied …".)
  if (tokens[v - 1]?.lower === "been" && v - 1 > start) subjectEnd = v - 1;
  // (So does a quotation's opening mark: 'Why do marathon runners "hit the wall"?'.)
  if (/^["“]$/.test(tokens[v - 1]?.text ?? "") && tokens[v].pre === "" && v - 1 > start) subjectEnd = v - 1;
  while (subjectEnd - 1 > start && (PRE_VERB.has(tokens[subjectEnd - 1].lower) || tokens[subjectEnd - 1].pos === "ADV")) subjectEnd--;
  // ("How will the ability to run fast most likely benefit …?": an adverb said after its verb ends the subject's infinitive.)
  if (
    subjectEnd < v &&
    AFTER_VERB_ADVERB.test(tokens[subjectEnd].lower) &&
    tokens[subjectEnd - 2]?.lower === "to" &&
    canBeBaseVerb(tokens[subjectEnd - 1].lower)
  )
    subjectEnd++;
  return {
    subject: tokens.slice(start, subjectEnd),
    aux,
    auxKind: kind,
    negated,
    preVerb: tokens.slice(subjectEnd, v),
    verb: tokens[v],
    rest: tokens.slice(v + 1),
    guessed,
  };
}

/** A verb and the noun it takes in an idiom, whose noun could be read as the verb ("catch fire", "take place"). */
const VERB_NOUN_IDIOM =
  /^(?:catch fire|take (?:place|part|root|shape|effect|hold|flight|office)|make (?:sense|landfall|contact|history)|set sail|give (?:birth|way)|pay attention|lose weight|gain weight)$/;

/** Verbs of becoming or staying, which take an adjective ("turn brown", "go sour", "stay fresh"). */
const BECOMING = /^(?:turn|go|grow|get|become|stay|keep|fall|remain)$/;

/** A personal pronoun that can be a clause's subject. */
const PERSONAL_SUBJECT = /^(?:i|you|we|they|he|she|one)$/;

/**
 * The verb of a clause without "that" at `cut`, after a noun: its subject, a modal and a base form ("a scientist should present");
 * -1 when there is none.
 */
function contactClauseVerb(tokens: readonly Token[], cut: number): number {
  // (A pronoun subject the split read as the noun phrase's: "the best place we | can see".)
  const k = cut >= 2 && MODAL.has(tokens[cut]?.lower ?? "") && PERSONAL_SUBJECT.test(tokens[cut - 1].lower) ? cut - 1 : cut;
  if (k === 0 || tokens[k - 1].pos !== "NOUN") return -1;
  let j = k;
  if (tokens[j]?.pos === "PRON" && PERSONAL_SUBJECT.test(tokens[j].lower)) j++;
  else if (tokens[j]?.pos === "DET") {
    j++;
    while (tokens[j]?.pos === "ADJ") j++;
    if (tokens[j]?.pos !== "NOUN") return -1;
    while (tokens[j]?.pos === "NOUN") j++;
  } else return -1;
  return MODAL.has(tokens[j]?.lower ?? "") && tokens[j + 1] !== undefined && canBeBaseVerb(tokens[j + 1].lower) ? j + 1 : -1;
}

/** Subject and predicate of "be SUBJECT PREDICATE" (tokens from the subject on). */
/**
 * "Is tree pose a balancing pose?", "Is Bourbon vanilla made with …?", "Are the hot springs open in summer?": a subject of two words or
 * more with no article or preposition inside, whatever their tags, ends where an article, a participle before its phrase, or an adjective
 * before its phrase opens the predicate; -1 where the words do not run so.
 */
function compoundSubjectEnd(tokens: readonly Token[], start: number): number {
  let k = start;
  if (/^(?:the|a|an)$/.test(tokens[k]?.lower ?? "")) k++;
  const from = k;
  while (
    k < tokens.length &&
    (/^(?:NOUN|PROPN|ADJ)$/.test(tokens[k].pos) ||
      (tokens[k].pos === "VERB" &&
        // (A plural the tagger read as a verb's -s form after an adjective: "the hot springs/VERB".)
        (tokens[k].lower === tokens[k].lemma || (/[^s]s$/.test(tokens[k].lower) && tokens[k - 1]?.pos === "ADJ"))))
  )
    k++;
  const t = tokens[k];
  if (k - from < 2 || !t) return -1;
  const after = tokens[k + 1];
  // (Not an article that opens a relative clause without "that": "the first place a scientist should present …".)
  if (/^(?:a|an|the)$/.test(t.lower) && after !== undefined && after.pos !== "PUNCT" && !tokens.slice(k).some((x) => x.pos === "AUX"))
    return k;
  if (t.pos === "VERB" && t.lower !== t.lemma && !/ing$/.test(t.lower) && (after === undefined || /^(?:ADP|PUNCT)$/.test(after.pos)))
    return k;
  // (The adjective the run ended with, after a plural: "the hot springs open in summer".)
  const last = tokens[k - 1];
  if (
    t.pos === "ADP" &&
    k - from >= 3 &&
    last.pos === "ADJ" &&
    tokens[k - 2].lower !== tokens[k - 2].lemma &&
    /s$/.test(tokens[k - 2].lower)
  )
    return k - 1;
  return -1;
}

export function splitBe(given: readonly Token[], aux: Token, negated: boolean, start: number, yesNo = false): Declarative {
  // ("Where is my best chance …?": a possessive opening the subject is its determiner, before the noun it owns.)
  const owner = given[start];
  const tokens =
    owner?.pos === "PRON" && POSSESSIVE.has(owner.lower) && /^(?:ADJ|NOUN|PROPN)$/.test(given[start + 1]?.pos ?? "")
      ? given.map((t, k) => (k === start ? { ...t, pos: "DET" as const } : t))
      : given;
  const n = tokens.length;
  let cut = n;
  let sawNoun = false;
  // "Are there eight planets …?": "there" is the subject; so is a demonstrative before an article ("Were those the first Games after …?").
  // ('In which year was "The Raven" published?': so is a quoted title, whatever its words.)
  const close = quotationEnd(tokens, start);
  const whole =
    tokens[start]?.lower === "there" ||
    (/^(?:this|that|these|those)$/.test(tokens[start]?.lower ?? "") && /^(?:the|a|an)$/.test(tokens[start + 1]?.lower ?? ""))
      ? start + 1
      : close > 0 && close < n - 1 && tokens[close + 1].pos !== "PUNCT"
        ? close + 1
        : -1;
  // ("Why is the sky between the two bows of a double rainbow darker?": a final adjective after a noun, with a preposition before it, is
  // the predicate; the phrase of place belongs to the subject.)
  let adjective = n;
  while (adjective > start && tokens[adjective - 1].pos === "PUNCT") adjective--;
  adjective--;
  const placedSubject =
    adjective > start + 2 &&
    tokens[adjective].pos === "ADJ" &&
    /^(?:NOUN|PROPN)$/.test(tokens[adjective - 1].pos) &&
    tokens.slice(start + 1, adjective - 1).some((t) => t.pos === "ADP" && t.lower !== "of") &&
    tokens.slice(start, adjective).every((t) => /^(?:DET|ADJ|NOUN|PROPN|ADP|NUM)$/.test(t.pos) || t.text === "'s");
  // ("How was the plague spread?": a participle that is its verb's base form too, after the subject's noun, ends the subject.)
  const sameForm =
    adjective > start + 1 &&
    /^(?:NOUN|VERB)$/.test(tokens[adjective].pos) &&
    pastIsBase(tokens[adjective].lower) &&
    pastParticiple(tokens[adjective].lemma) === tokens[adjective].lower &&
    /^(?:NOUN|PROPN)$/.test(tokens[adjective - 1].pos);
  // ("Is the Great Blue Hole in Belize a sinkhole?": a place's name after the subject's noun, then an article, is the subject's own place.)
  let p = start;
  while (p < n && (/^(?:DET|ADJ|NOUN|PROPN)$/.test(tokens[p].pos) || /^['’]s$/.test(tokens[p].text))) p++;
  let q = p + 1;
  while (q < n && tokens[q].pos === "PROPN" && /^\p{Lu}/u.test(tokens[q].text)) q++;
  const namedPlace =
    p > start &&
    tokens[p]?.pos === "ADP" &&
    /^(?:in|on|at|near|off)$/.test(tokens[p].lower) &&
    q > p + 1 &&
    /^(?:a|an|the)$/.test(tokens[q]?.lower ?? "");
  // ("Is miso gluten-free?": a noun joined by a hyphen to a final adjective opens the predicate.)
  const joined =
    adjective > start + 2 &&
    tokens[adjective].pos === "ADJ" &&
    tokens[adjective - 1].text === "-" &&
    tokens[adjective - 1].pre === "" &&
    tokens[adjective].pre === "" &&
    /^(?:NOUN|PROPN|ADJ|VERB)$/.test(tokens[adjective - 2].pos)
      ? adjective - 2
      : -1;
  // (Its adverbs go with it: "first mass-produced", "completely caffeine-free".)
  let predicateStart = joined;
  while (
    predicateStart - 1 > start &&
    (tokens[predicateStart - 1].pos === "ADV" || /^(?:first|still|already|ever|now|once)$/.test(tokens[predicateStart - 1].lower))
  )
    predicateStart--;
  const subjectEnd =
    whole > 0
      ? whole
      : placedSubject || sameForm
        ? adjective
        : namedPlace
          ? q
          : predicateStart > start
            ? predicateStart
            : yesNo
              ? compoundSubjectEnd(tokens, start)
              : -1;
  if (subjectEnd > 0)
    return {
      subject: tokens.slice(start, subjectEnd),
      aux,
      auxKind: "be",
      negated,
      preVerb: [],
      rest: tokens.slice(subjectEnd),
      guessed: false,
    };
  for (let k = start; k < n; k++) {
    const t = tokens[k];
    const prev = tokens[k - 1];
    const nominalPrev =
      k > start &&
      (prev.pos === "NOUN" || prev.pos === "PROPN" || prev.pos === "PRON" || prev.pos === "NUM" || (sawNoun && prev.pos === "ADV"));
    if (k > start && prev.lower === "of") continue;
    // The word right after "is" belongs to the subject whatever its tag ("Is water/VERB a compound?").
    const next = tokens[k + 1];
    const modifier =
      (t.pos === "ADJ" || t.pos === "ADV" || (t.pos === "VERB" && /(?:ing|ed)$/.test(t.lower))) &&
      next !== undefined &&
      (next.pos === "ADJ" || next.pos === "NOUN" || next.pos === "PROPN");
    const nominal =
      t.pos === "NOUN" ||
      t.pos === "PROPN" ||
      t.pos === "PRON" ||
      t.pos === "NUM" ||
      (k === start && t.pos !== "DET" && !modifier) ||
      (k === start + 1 && prev.pos === "DET" && !modifier && t.pos !== "ADJ") ||
      // ("Lake Bled/VERB": a capitalised word after a name's capitalised noun goes on with the name.)
      (k > start && t.pos === "VERB" && /^[A-Z]/.test(t.text) && /^[A-Z]/.test(prev.text) && (prev.pos === "PROPN" || prev.pos === "NOUN"));
    // "a BST equivalent to …", "larger than …": a word before "than"/"to" after a noun is the predicate.
    if (sawNoun && next !== undefined && (next.lower === "than" || (next.lower === "to" && canBeAdjective(t.lower))) && k > start) {
      cut = k;
      break;
    }
    if (t.text === "'s" || t.text === "’s") continue;
    // ("Are ravens and crows/VERB the same species?": the word after a noun's "and" goes on with the subject, whatever its tag.)
    if (sawNoun && k > start + 1 && /^(?:and|or)$/.test(prev.lower) && /^(?:NOUN|PROPN|VERB)$/.test(t.pos)) {
      // ("Were Hamburg and Bremen Hanseatic cities?": a second name as long as the first ends the subject, before the predicate's words.)
      let first = 0;
      while (k - 2 - first >= start && /^\p{Lu}/u.test(tokens[k - 2 - first].text)) first++;
      const end = k + first;
      if (first > 0 && tokens.slice(k, end).every((x) => /^\p{Lu}/u.test(x.text)) && /^(?:ADJ|PROPN|NOUN)$/.test(tokens[end]?.pos ?? "")) {
        cut = end;
        break;
      }
      sawNoun = true;
      continue;
    }
    // ("Was Emperor Meiji's personal name Mutsuhito?": a name after the noun "name" is what the name is.)
    if (sawNoun && k > start + 1 && t.pos === "PROPN" && /^(?:name|nickname|surname|title|motto)$/.test(prev.lower)) {
      cut = k;
      break;
    }
    // "Is passing the Turing test sufficient …?": a gerund opening the subject takes its object with it.
    if (
      k === start &&
      t.pos === "VERB" &&
      /ing$/.test(t.lower) &&
      next !== undefined &&
      (next.pos === "DET" || next.pos === "NOUN" || next.pos === "PROPN")
    )
      continue;
    // "Is Newton second law valid …?": an ordinal between a name and a noun is inside the subject (a possessive without 's).
    if (
      sawNoun &&
      prev.pos === "PROPN" &&
      /^(?:first|second|third|fourth|fifth)$/.test(t.lower) &&
      next !== undefined &&
      next.pos === "NOUN"
    )
      continue;
    // "the Theatrum Orbis Terrarum, the first modern atlas, compiled": an appositive between commas belongs to the subject.
    if (sawNoun && t.text === "," && tokens[k + 1]?.pos === "DET") {
      const close = tokens.findIndex((x, j) => j > k + 1 && x.text === ",");
      const between = close > 0 ? tokens.slice(k + 1, close) : [];
      const phrase = (x: Token) => ["DET", "ADJ", "ADV", "NOUN", "PROPN", "NUM"].includes(x.pos) || x.lower === "of";
      if (between.length >= 2 && between.every(phrase) && tokens[close + 1]) {
        k = close;
        continue;
      }
    }
    // "Is Damascus one of the oldest …?": "one of" after a noun phrase starts the predicate.
    if (sawNoun && k > start && t.lower === "one" && next?.lower === "of") {
      cut = k;
      break;
    }
    if (nominal) {
      // "Why is a marathon 26.2 miles?": a number after a common noun starts the predicate (not after a name: "Apollo 11").
      // (Nor after a noun that a number labels, before the rest of the subject's nouns: "a US size 8 knitting needle".)
      const labelled =
        /^(?:size|number|model|type|class|grade|level|chapter|version|category|gate|route|platform|page|room|stage)$/.test(
          prev?.lower ?? "",
        ) && next?.pos === "NOUN";
      if (k > start && sawNoun && t.pos === "NUM" && /^\d/.test(t.text) && prev.pos === "NOUN" && /^[a-z]/.test(prev.text) && !labelled) {
        cut = k;
        break;
      }
      // "Is Greenland part of the European Union?": a bare common noun with "of" after a name starts the predicate.
      if (k > start && prev.pos === "PROPN" && t.pos === "NOUN" && /^[a-z]/.test(t.text) && next?.lower === "of") {
        cut = k;
        break;
      }
      // After a complete noun phrase, a word that is really an adjective ("the Earth round") starts the predicate.
      if (nominalPrev && sawNoun && canBeAdjective(t.lower) && !/^[A-Z]/.test(t.text)) {
        cut = k;
        break;
      }
      // Two plural nouns in a row: the second is the predicate ("Are whales mammals?").
      if (k > start && sawNoun && prev.pos !== "DET" && /[^s]s$/.test(prev.lower) && prev.lemma !== prev.lower && t.pos === "NOUN") {
        cut = k;
        break;
      }
      sawNoun = true;
      continue;
    }
    if (!sawNoun) continue;
    if (t.pos === "ADJ" && tokens[k + 1] && (tokens[k + 1].pos === "NOUN" || tokens[k + 1].pos === "PROPN") && !nominalPrev) continue;
    // ("the US federal income tax deadline": after "the" and a name that modifies, an adjective before a noun goes on with the subject.)
    if (t.pos === "ADJ" && tokens[k + 1]?.pos === "NOUN" && prev.pos === "PROPN" && tokens[k - 2]?.lower === "the" && k - 2 === start)
      continue;
    // ("the US federal minimum wage?": adjectives after a name, before the noun that ends the question, go on the subject.)
    if (t.pos === "ADJ" && prev.pos === "PROPN") {
      let j = k;
      while (tokens[j]?.pos === "ADJ") j++;
      if (tokens[j]?.pos === "NOUN" && (tokens[j + 1] === undefined || tokens[j + 1].pos === "PUNCT")) {
        k = j;
        continue;
      }
    }
    // "Why are manhole covers round?": after "be", a plural noun the tagger took for a verb goes on the subject before its adjective.
    if (
      t.pos === "VERB" &&
      nominalPrev &&
      prev.pos === "NOUN" &&
      /[^s]s$/.test(t.lower) &&
      next !== undefined &&
      (next.pos === "ADJ" || canBeAdjective(next.lower)) &&
      (tokens[k + 2] === undefined || tokens[k + 2].pos === "PUNCT")
    )
      continue;
    // ("the first commercially available microwave oven": an adverb in -ly before the adjectives of a noun is the noun's.)
    if (t.pos === "ADV" && /ly$/.test(t.lower) && next?.pos === "ADJ") {
      let j = k + 1;
      while (tokens[j]?.pos === "ADJ") j++;
      if (tokens[j]?.pos === "NOUN") continue;
    }
    if (t.pos === "ADJ" || t.pos === "ADV" || t.pos === "VERB" || t.pos === "DET" || t.pos === "PART" || t.pos === "AUX") {
      cut = k;
      break;
    }
    if (t.pos === "ADP" && t.lower !== "of" && t.lower !== "per") {
      // A prepositional phrase may belong to the subject ("the speed of light in a vacuum constant"): look ahead for a predicate word.
      const ahead = tokens
        .slice(k + 1)
        .findIndex(
          (x, j) =>
            (x.pos === "ADJ" || x.pos === "VERB") &&
            j > 0 &&
            !(tokens[k + j + 2] && (tokens[k + j + 2].pos === "NOUN" || tokens[k + j + 2].pos === "PROPN")),
        );
      if (ahead >= 0 && !tokens.slice(k + 1, k + 1 + ahead + 1).some((x) => x.pos === "ADP")) continue;
      // ("the boiling point of water at sea level 100 degrees Celsius": a phrase of nouns, then a measure, which is the predicate.)
      let j = k + 1;
      if (tokens[j]?.pos === "DET") j++;
      const nouns = j;
      while (tokens[j]?.pos === "NOUN") j++;
      if (j > nouns && tokens[j]?.pos === "NUM" && /^\d/.test(tokens[j].text)) {
        cut = j;
        break;
      }
      cut = k;
      break;
    }
  }
  // "was the first known writing system developed", "was Alexander the Great tutored": a passive's participle ends the question; the
  // words before it are the subject's.
  const end = tokens.length - (tokens[tokens.length - 1]?.pos === "PUNCT" ? 1 : 0);
  // ("was the record 56.7 °C reading taken in Death Valley": so before a final phrase of place or time, after a number the loop cut at.)
  let phrase = -1;
  for (let j = end - 2; j > cut && phrase < 0; j--) if (tokens[j].pos === "ADP") phrase = j;
  const participleEnd =
    phrase > 0 &&
    tokens[cut]?.pos === "NUM" &&
    tokens[phrase - 1].pos === "VERB" &&
    tokens.slice(phrase + 1, end).every((x) => /^(?:DET|ADJ|NOUN|PROPN|NUM)$/.test(x.pos))
      ? phrase
      : end;
  const final = tokens[participleEnd - 1];
  if (
    cut < participleEnd - 1 &&
    final &&
    final.pos === "VERB" &&
    final.lemma !== final.lower &&
    (/(?:ed|en|wn|ght|lt|pt)$/.test(final.lower) || pastParticiple(final.lemma) === final.lower) &&
    tokens.slice(cut, participleEnd - 1).every(
      (x, j, between) =>
        ["DET", "ADJ", "NOUN", "PROPN", "NUM", "SYM"].includes(x.pos) ||
        (x.pos === "VERB" && /(?:ed|wn|en|ing)$/.test(x.lower)) ||
        // ("the T. rex known as Sue found": a name whatever its tag, and "as" after a participle of naming.)
        /^[A-Z]/.test(x.text) ||
        (x.lower === "as" && /^(?:known|called|named|nicknamed|dubbed|described)$/.test(between[j - 1]?.lower ?? "")) ||
        // ("the Sydney Opera House designed by Jørn Utzon built": the agent of the subject's own participle.)
        (x.lower === "by" && between[j - 1]?.pos === "VERB" && /(?:ed|en|wn)$/.test(between[j - 1].lower)),
    )
  )
    cut = participleEnd - 1;
  // ("Where is the first place a scientist should present new data?": a clause after the subject's noun, with no "that", is the subject's
  // own; the question asks what the whole subject is.)
  // (Its own infinitive after it is the predicate: "Is the first thing you should do to call 911?".)
  const clauseVerb = contactClauseVerb(tokens, cut);
  if (clauseVerb > 0) {
    const to = tokens.findIndex((x, j) => j > clauseVerb && j < end && x.lower === "to" && tokens[j + 1]?.pos === "VERB");
    cut = to > 0 ? to : end;
  }
  // ("When was the first Test match played?": a base form the tagger read as a verb, between the subject's noun and the participle, is the
  // subject's own noun.)
  if (
    cut > start &&
    tokens[cut]?.pos === "VERB" &&
    tokens[cut].lower === tokens[cut].lemma &&
    !/(?:ing|ed|en)$/.test(tokens[cut].lower) &&
    /^(?:NOUN|PROPN)$/.test(tokens[cut - 1].pos) &&
    tokens[cut + 1]?.pos === "VERB" &&
    tokens[cut + 1].lemma !== tokens[cut + 1].lower &&
    /(?:ed|en|wn|ung|ught)$/.test(tokens[cut + 1].lower)
  )
    cut++;
  const rest = tokens.slice(cut);
  // "is Jenny most likely observing", "was the telephone invented": adverbs, then the verb.
  let v = 0;
  while (v < rest.length && (rest[v].pos === "ADV" || PRE_VERB.has(rest[v].lower))) v++;
  const verb = rest[v];
  if (verb && verb.pos === "VERB" && /ing$/.test(verb.lower))
    return {
      subject: tokens.slice(start, cut),
      aux,
      auxKind: "be",
      negated,
      preVerb: rest.slice(0, v),
      verb,
      rest: rest.slice(v + 1),
      guessed: !sawNoun,
    };
  return { subject: tokens.slice(start, cut), aux, auxKind: "be", negated, preVerb: [], rest, guessed: !sawNoun };
}

/** Parses a wh-phrase at `i` (after an optional preposition). Returns the phrase and the index after it. */
function whPhrase(tokens: readonly Token[], i: number): { wh: WhPhrase; end: number } | undefined {
  let prep: Token | undefined;
  if (tokens[i] && (tokens[i].pos === "ADP" || PREPOSITIONS.has(tokens[i].lower)) && WH_WORDS.has(tokens[i + 1]?.lower ?? ""))
    prep = tokens[i++];
  const word = tokens[i]?.lower;
  if (!word || !WH_WORDS.has(word)) return undefined;
  i++;
  let measure: string | undefined;
  let partitive = false;
  let typeOf = false;
  const noun: Token[] = [];
  let ofPhrase: Token[] = [];
  if (word === "how") {
    const m = tokens[i]?.lower;
    const degree = tokens[i] !== undefined && (tokens[i].pos === "ADJ" || tokens[i].pos === "ADV") && isAux(tokens[i + 1]);
    if (m !== undefined && (MEASURES.has(m) || degree) && !isAux(tokens[i])) {
      measure = m;
      i++;
    }
  }
  if (word === "which" || word === "what" || word === "whose" || measure === "many" || measure === "much") {
    if (
      tokens[i]?.lower === "of" &&
      /^(?:the|these|those|this|them)$/.test(tokens[i + 1]?.lower ?? "") &&
      word !== "what" &&
      measure === undefined
    ) {
      partitive = true;
      i += 2;
      if (tokens[i]?.lower === "following") i++;
    } else if (
      // "Which of Saturn's moons": a possessor's members.
      tokens[i]?.lower === "of" &&
      tokens[i + 1]?.pos === "PROPN" &&
      /^['’]s$/.test(tokens[i + 2]?.text ?? "") &&
      word === "which"
    ) {
      partitive = true;
      noun.push(tokens[i + 1], tokens[i + 2]);
      i += 3;
    }
    const startNoun = i;
    // ("Whose home run record did Roger Maris break?": nouns, adjectives and base forms up to the auxiliary are all the noun's phrase.)
    let run = i;
    while (
      run < tokens.length &&
      (/^(?:NOUN|PROPN|ADJ)$/.test(tokens[run].pos) ||
        (tokens[run].pos === "VERB" && tokens[run].lower === tokens[run].lemma && run > i) ||
        (tokens[run].text === "-" && tokens[run].pre === "" && tokens[run + 1]?.pre === ""))
    )
      run++;
    const wholeRun = run > i + 2 && tokens[run - 1].pos === "NOUN" && isAux(tokens[run]) && /^(?:do|does|did)$/.test(tokens[run].lower);
    if (wholeRun) {
      noun.push(...tokens.slice(i, run));
      i = run;
    }
    while (!wholeRun && i < tokens.length) {
      const t = tokens[i];
      const next = tokens[i + 1];
      if (isAux(t)) break;
      // ("Which planet or planets have rings?": the noun is its plural offered too, which the question's verb agrees with.)
      if (
        t.lower === "or" &&
        i > startNoun &&
        next !== undefined &&
        next.lemma === tokens[i - 1].lemma &&
        next.lower !== tokens[i - 1].lower
      ) {
        noun[noun.length - 1] = next;
        i += 2;
        // (A base form after it is the plural's verb: "Which organ or organs filter blood?".)
        if (tokens[i] && tokens[i].lower === tokens[i].lemma && canBeVerb(tokens[i].lower)) break;
        continue;
      }
      // ("Which country's team entered …?": a possessive inside the phrase goes on with the noun it owns.)
      if (/^['’]s$/.test(t.text) && i > startNoun && (next?.pos === "NOUN" || next?.pos === "PROPN")) {
        noun.push(t);
        i++;
        continue;
      }
      // ("Which Greek city-state …": a hyphen inside a word goes on the noun.)
      if (t.text === "-" && i > startNoun && t.pre === "" && next?.pre === "" && /^[a-z]/i.test(next.text)) {
        noun.push(t, next);
        i += 2;
        continue;
      }
      if (
        t.pos === "PUNCT" ||
        t.pos === "ADP" ||
        t.pos === "DET" ||
        t.pos === "PRON" ||
        t.pos === "PART" ||
        t.pos === "SCONJ" ||
        t.pos === "CCONJ" ||
        t.pos === "ADV"
      )
        break;
      // "Which Shakespeare play features Prospero?": a base form after a singular noun, before an -s verb, goes on the noun (a singular
      // subject would say "plays").
      const agreesNot =
        i > startNoun &&
        t.lower === t.lemma &&
        !/s$/.test(t.lower) &&
        !/s$/.test(tokens[i - 1].lower) &&
        (tokens[i - 1].pos === "PROPN" || tokens[i - 1].pos === "NOUN") &&
        next !== undefined &&
        /[^s]s$/.test(next.lower) &&
        canBeVerb(next.lower.slice(0, -1));
      // ("Which organs filter waste …": a base form after a plural noun, before its object, is the plural's verb.)
      if (
        i > startNoun &&
        t.lower === t.lemma &&
        canBeVerb(t.lower) &&
        /[^s]s$/.test(tokens[i - 1].lower) &&
        tokens[i - 1].lemma !== tokens[i - 1].lower &&
        tokens[i - 1].pos === "NOUN" &&
        next !== undefined &&
        /^(?:NOUN|DET|ADP|PRON|ADJ)$/.test(next.pos) &&
        !isVerbFirst(tokens[i - 1].lemma)
      )
        break;
      // ("Which emperor split power among …?": a past the same as its base, after a singular noun and before its object, is the verb when
      // no other verb follows.)
      if (
        i > startNoun &&
        pastIsBase(t.lower) &&
        /^(?:NOUN|PROPN)$/.test(tokens[i - 1].pos) &&
        tokens[i - 1].lemma === tokens[i - 1].lower &&
        next !== undefined &&
        /^(?:NOUN|DET|PRON|PROPN)$/.test(next.pos) &&
        !tokens.slice(i + 1).some((x) => x.pos === "VERB" || x.pos === "AUX")
      )
        break;
      // "Which organ pumps blood": a verb form ends the noun.
      // (Not the first noun after "how many" and adjectives: "How many major crusades to the Holy Land …".)
      if (
        !agreesNot &&
        i > startNoun &&
        !(measure === "many" && noun.every((x) => x.pos === "ADJ")) &&
        // (Nor a plural noun after a name's modifier, before a base form and its object: "Which US states border Lake Tahoe?")
        !(
          noun.every((x) => x.pos === "ADJ" || x.pos === "PROPN") &&
          t.pos === "NOUN" &&
          t.lemma !== t.lower &&
          next !== undefined &&
          next.lower === next.lemma &&
          canBeBaseVerb(next.lower) &&
          /^(?:DET|PROPN|NOUN|ADJ|NUM)$/.test(tokens[i + 2]?.pos ?? "")
        ) &&
        // (Nor a noun before a noun and the auxiliary: "Which Chicago blues musician was known …?")
        !(t.pos === "NOUN" && next?.pos === "NOUN" && tokens[i + 2] !== undefined && isAux(tokens[i + 2])) &&
        // ("Which owl lives in …": an -s word whose lemma is a noun, "life", can still be a verb's form.)
        (canBeVerb(t.lemma) || (/[^s]s$/.test(t.lower) && canBeVerb(t.lower.slice(0, -1)))) &&
        (t.pos === "VERB" || /(?:[^s]s|ed)$/.test(t.lower)) &&
        (!next ||
          next.pos === "DET" ||
          next.pos === "NOUN" ||
          next.pos === "ADP" ||
          next.pos === "PRON" ||
          next.pos === "NUM" ||
          next.pos === "ADJ" ||
          next.pos === "PART" ||
          next.pos === "PUNCT" ||
          next.pos === "ADV" ||
          next.pos === "PROPN" ||
          // "Which scientist helped develop this model": a verb that takes a bare verb after it.
          (next.pos === "VERB" && next.lower === next.lemma && /ed$/.test(t.lower)))
      )
        break;
      if (i === startNoun && t.pos === "VERB" && !(next && (next.pos === "NOUN" || isAux(next)))) break;
      if (
        i === startNoun &&
        (word === "what" || word === "which") &&
        (canBeVerb(t.lemma) || canBeVerb(t.lower)) &&
        /(?:[^s]s|ed)$/.test(t.lower) &&
        t.lemma !== t.lower &&
        (!next ||
          ["DET", "PRON", "ADP", "NUM", "PROPN", "ADJ", "PART", "PUNCT", "NOUN", "SCONJ"].includes(next.pos) ||
          /^(?:when|where|while|whenever|until)$/.test(next.lower) ||
          // ("What causes ringing in the ears?": a gerund after a verb that follows "what" far more often than it names things.)
          (next.pos === "VERB" && next.lower.endsWith("ing") && WH_SUBJECT_VERBS.has(t.lower))) &&
        next?.lower !== "of" &&
        !(
          next &&
          next.pos === "NOUN" &&
          canBeVerb(next.lower) &&
          // (After an -s word, a verb's base form by the lexicon: "What cells fight infection?"; not "blood" in "What pumps blood
          // through …?", whose -s word is the verb.)
          (canBeBaseVerb(next.lower) || !/[^s]s$/.test(t.lower)) &&
          next.lower === next.lemma &&
          tokens[i + 2] &&
          tokens[i + 2].pos !== "PUNCT" &&
          !WH_SUBJECT_VERBS.has(t.lower)
        )
      )
        break;
      noun.push(t);
      i++;
      if (
        ["type", "kind", "sort", "form", "class", "category", "variety"].includes(t.lemma) &&
        tokens[i]?.lower === "of" &&
        tokens[i + 1] &&
        tokens[i + 1].pos !== "DET"
      ) {
        typeOf = true;
        i++;
      }
    }
    const headLemma = noun[noun.length - 1]?.lemma ?? "";
    // (So a counted noun's bare of-phrase: "how many minutes of exercise", "how many cups of coffee".)
    // (Not before a dummy subject: "how many cups of coffee is it safe to drink" stays unparsed.)
    // (With an adjective before it too: "how many hours of direct sun"; or an article and a name: "how many doses of the MMR vaccine".)
    let ofNoun = tokens[i + 1]?.pos === "DET" && /^(?:the|a|an)$/.test(tokens[i + 1].lower) ? i + 2 : i + 1;
    while (/^(?:ADJ|PROPN|NOUN)$/.test(tokens[ofNoun]?.pos ?? "") && /^(?:NOUN|PROPN|ADJ)$/.test(tokens[ofNoun + 1]?.pos ?? "")) ofNoun++;
    const countedOf =
      measure === "many" &&
      /^(?:NOUN|PROPN)$/.test(tokens[ofNoun]?.pos ?? "") &&
      isAux(tokens[ofNoun + 1]) &&
      !/^(?:it|there)$/.test(tokens[ofNoun + 2]?.lower ?? "");
    if (
      tokens[i]?.lower === "of" &&
      noun.length > 0 &&
      !PORTION_NOUNS.has(headLemma) &&
      (measure === undefined || countedOf) &&
      !partitive
    ) {
      // "which layer of the atmosphere", "which family of instruments": the of-phrase belongs to the noun.
      let j = i + 1;
      // "Whose laws of motion form the basis …": a noun-tagged verb that agrees with the plural head, before a determiner, is the verb.
      const pluralHead = noun.length > 0 && noun[noun.length - 1].lemma !== noun[noun.length - 1].lower;
      const verbHere = (k: number) =>
        k > i + 1 &&
        pluralHead &&
        tokens[k].pos === "NOUN" &&
        tokens[k - 1].pos === "NOUN" &&
        tokens[k].lower === tokens[k].lemma &&
        tokens[k + 1]?.pos === "DET" &&
        canBeVerb(tokens[k].lower);
      // ("Which species of manatee lives only in fresh water?": so is an -s word after a singular noun, before an adverb, a preposition or a
      // determiner.)
      const sVerbHere = (k: number) =>
        k > i + 1 &&
        tokens[k].pos === "NOUN" &&
        /[^s]s$/.test(tokens[k].lower) &&
        tokens[k].lemma !== tokens[k].lower &&
        tokens[k - 1].pos === "NOUN" &&
        tokens[k - 1].lemma === tokens[k - 1].lower &&
        /^(?:ADV|ADP|DET)$/.test(tokens[k + 1]?.pos ?? "") &&
        (canBeVerb(tokens[k].lemma) || canBeVerb(tokens[k].lower.slice(0, -1)));
      // (A hyphen inside a word stays: "top-division championships".)
      const inWord = (k: number) => tokens[k].text === "-" && tokens[k].pre === "" && tokens[k + 1]?.pre === "";
      while (
        j < tokens.length &&
        !isAux(tokens[j]) &&
        (tokens[j].pos !== "PUNCT" || inWord(j)) &&
        tokens[j].pos !== "VERB" &&
        tokens[j].pos !== "ADP" &&
        !verbHere(j) &&
        !sVerbHere(j)
      )
        j++;
      if (j > i + 1 && (j === tokens.length || isAux(tokens[j]) || tokens[j].pos === "VERB" || verbHere(j) || sVerbHere(j))) {
        noun.push(...tokens.slice(i, j));
        i = j;
      }
    }
    if (tokens[i]?.lower === "of" && (PORTION_NOUNS.has(headLemma) || measure === "much") && !partitive) {
      // "how much of the Earth's surface", "what percentage of the atmosphere"
      let j = i + 1;
      while (
        j < tokens.length &&
        !isAux(tokens[j]) &&
        tokens[j].pos !== "PUNCT" &&
        !(tokens[j].pos === "VERB" && tokens[j].lower !== tokens[j].lemma)
      )
        j++;
      // (Or before a finite verb: "How much of the Netherlands lies below sea level?")
      if (j < tokens.length && (isAux(tokens[j]) || (j > i + 1 && tokens[j].pos === "VERB" && /(?:[^s]s|ed)$/.test(tokens[j].lower)))) {
        ofPhrase = tokens.slice(i + 1, j);
        i = j;
      }
    }
  }
  return { wh: { word, prep, noun, typeOf, measure, ofPhrase, partitive }, end: i };
}

/** A token after "is" that starts a noun phrase (not a predicate: participle, adjective, preposition). */
function startsNounPhrase(tokens: readonly Token[], j: number): boolean {
  const t = tokens[j];
  if (!t) return false;
  if (t.lower === "there") return false;
  if (/^(?:most|some|all|many|much|part|half|none|each|both|any|few|several|one)$/.test(t.lower) && tokens[j + 1]?.lower === "of")
    return true;
  if (t.pos === "DET" || t.pos === "PRON" || t.pos === "PROPN" || t.pos === "NUM") return !WH_WORDS.has(t.lower);
  if (t.pos === "NOUN") return true;
  const next = tokens[j + 1];
  if (t.pos === "ADJ") {
    if (/^(?:most|least|more|less|best|better|worse|worst)$/.test(t.lower)) return false;
    let k = j + 1;
    while (tokens[k] && tokens[k].pos === "ADJ") k++;
    return tokens[k] !== undefined && (tokens[k].pos === "NOUN" || tokens[k].pos === "PROPN" || tokens[k].pos === "NUM");
  }
  if (t.pos === "VERB") {
    // A base-form word after "is" cannot be a verb: "What is water made of?" tags "water" as a verb.
    if ((t.lower === t.lemma && !/(?:ed|en|ing)$/.test(t.lower)) || (/[^s]s$/.test(t.lower) && t.lemma !== t.lower)) return true;
    // "What is programmed cell death also called?": a participle before a noun is a modifier.
    if (/(?:ed|en)$/.test(t.lower) && next && (next.pos === "NOUN" || next.pos === "ADJ")) return true;
    // "What is crossing over?": a gerund with nothing but a particle or noun after it names a thing.
    if (
      /ing$/.test(t.lower) &&
      tokens.slice(j + 1).every((x) => x.pos === "ADP" || x.pos === "NOUN" || x.pos === "PUNCT") &&
      tokens.length - j <= 3
    )
      return true;
  }
  return false;
}

/** After a modal or "has", a subject (not the verb: "What could he plant", but "Which tool would best measure"). */
function subjectAfterModal(tokens: readonly Token[], j: number): boolean {
  const t = tokens[j];
  if (!t || WH_WORDS.has(t.lower)) return false;
  if (t.pos === "DET" || t.pos === "PRON" || t.pos === "PROPN" || t.pos === "NUM") return true;
  if (t.pos === "NOUN") return !(t.lower === t.lemma && canBeVerb(t.lower) && tokens[j + 1]?.pos === "DET");
  if (t.pos === "ADJ")
    return !PRE_VERB.has(t.lower) && tokens[j + 1] !== undefined && (tokens[j + 1].pos === "NOUN" || tokens[j + 1].pos === "PROPN");
  if (t.pos === "VERB" && t.lower !== t.lemma && /s$/.test(t.lower)) return true;
  // ("What temperature should ground beef reach?": a word the tagger calls a verb, a noun, and a base-form verb ending the question.)
  let last = tokens.length - 1;
  while (last > j && tokens[last].pos === "PUNCT") last--;
  return (
    t.pos === "VERB" &&
    last >= j + 2 &&
    tokens[j + 1]?.pos === "NOUN" &&
    tokens[last].pos === "VERB" &&
    tokens[last].lower === tokens[last].lemma &&
    tokens.slice(j + 1, last).every((x) => x.pos === "NOUN" || x.pos === "ADJ")
  );
}

/**
 * Trailing participle with its adverbs and prepositions ("chemically known as", "also called", "made of", "located"), or a stranded
 * preposition.
 */
function participleTail(tokens: readonly Token[]): number {
  const words = tokens.filter((t) => t.pos !== "PUNCT");
  // ("What is the bird likely to be?": an adjective of likelihood and its "to be" go with "is".)
  if (
    words.length >= 4 &&
    /^(?:likely|unlikely|going|supposed|expected|meant|bound|sure|certain|thought|believed|said)$/.test(words.at(-3)?.lower ?? "") &&
    words.at(-2)?.lower === "to" &&
    words.at(-1)?.lower === "be"
  ) {
    // (With its degree: "most likely to be".)
    let k = tokens.indexOf(words.at(-3) as Token);
    while (k > 1 && /^(?:most|more|very|quite|less|least)$/.test(tokens[k - 1].lower)) k--;
    return k;
  }
  const n = tokens.length;
  // ("Which region is the olive tree native to?", "What is spinach rich in?": an adjective after the subject's noun and the preposition it
  // strands end the question, as a participle's do.)
  let stranding = n;
  while (stranding > 0 && (tokens[stranding - 1].pos === "ADP" || tokens[stranding - 1].lower === "to")) stranding--;
  if (stranding < n && stranding >= 2 && tokens[stranding - 1].pos === "ADJ" && /^(?:NOUN|PROPN)$/.test(tokens[stranding - 2].pos))
    return stranding - 1;
  // "What is statistical mechanics used to describe?": an infinitive after the participle is part of the tail.
  if (n >= 4 && tokens[n - 2].lower === "to" && tokens[n - 1].pos === "VERB" && tokens[n - 1].lower === tokens[n - 1].lemma) {
    const p = tokens[n - 3];
    if (p.pos === "VERB" && p.lower !== p.lemma && /(?:ed|en)$/.test(p.lower) && isParticipleOf(p.lower)) {
      let k = n - 3;
      while (k > 1 && tokens[k - 1].pos === "ADV") k--;
      if (k > 0) return k;
    }
  }
  let k = tokens.length;
  while (k > 0 && tokens[k - 1].pos === "ADP") k--;
  const stranded = k;
  const p = tokens[k - 1];
  const participle =
    p !== undefined &&
    // (Not a strong verb's past, whose participle differs: "a compass rose" is no "risen".)
    ((p.pos === "VERB" && p.lower !== p.lemma && !/(?:ing|[^s]s)$/.test(p.lower) && pastParticiple(p.lemma) === p.lower) ||
      ((p.pos === "ADJ" || p.pos === "NOUN" || p.pos === "VERB") && /(?:ed|en)$/.test(p.lower) && isParticipleOf(p.lower)));
  // ("the largest carnivorous dinosaur known", "the oldest tree ever recorded": a participle after a superlative's noun is the noun's.)
  const superlative = tokens
    .slice(0, k - 1)
    .some((t) => /^(?:most|least|first|last)$/.test(t.lower) || (t.pos === "ADJ" && /est$/.test(t.lower)));
  if (
    participle &&
    k === tokens.length &&
    superlative &&
    /^(?:known|recorded|discovered|documented|found|built|seen|measured)$/.test(p.lower)
  )
    return tokens.length;
  if (participle && k - 1 > 0) {
    k--;
    while (k > 1 && tokens[k - 1].pos === "ADV") k--;
    return k;
  }
  return Math.min(stranded, tokens.length);
}

/**
 * True when a past participle follows somewhere after `j` ("Which city has the team visited" vs "Which country has the largest
 * population").
 */
function participleLater(tokens: readonly Token[], j: number): boolean {
  // ("six-sided crystals": a hyphenated compound's -ed part is no participle; nor is one before its noun after an article or a degree
  // word: "the most known moons".)
  // (The perfect's "been" is one: "What have scientists been studying?".)
  return tokens
    .slice(j + 1)
    .some(
      (t, k) =>
        t.lower === "been" ||
        (t.pos === "VERB" &&
          t.lower !== t.lemma &&
          !/(?:ing|s)$/.test(t.lower) &&
          tokens[j + k]?.text !== "-" &&
          !(tokens[j + k + 2]?.pos === "NOUN" && /^(?:DET|ADV)$/.test(tokens[j + k]?.pos ?? "") && tokens[j + k - 1]?.pos !== "PRON")),
    );
}

/** A wh-phrase asking for a time ("what year", "which century"). */
function asksTime(wh: WhPhrase): boolean {
  return (
    (wh.word === "what" || wh.word === "which") && wh.noun.length > 0 && !wh.typeOf && TIME_NOUNS.has(wh.noun[wh.noun.length - 1].lemma)
  );
}

/** The question ends with a preposition ("Which country is X in?"): the wh-phrase is its object, not the subject. */
function endsWithPreposition(tokens: readonly Token[]): boolean {
  const last = tokens[tokens.length - 1];
  return last !== undefined && (last.pos === "ADP" || PREPOSITIONS.has(last.lower)) && tokens.length > 3;
}

/** Adjectives that take an of-phrase ("full of water", "made of steel"). */
const OF_ADJECTIVES = wordSet(
  "full capable afraid aware proud fond free independent typical characteristic short devoid rich empty tired sure made composed",
);

/** Adjectives that stand where an adverb would, before a verb ("is likely coming"). */
const ADVERB_LIKE = /^(?:likely|unlikely|probably|currently|still|now|also|usually|often|mostly)$/;

/**
 * The taggers read a final -ing word after "be" + subject as a noun ("What is the class
 * testing/NOUN?") and "likely coming" as adjective and noun: where the -ing word ends the question
 * and is a verb's participle, it is the verb of a progressive ("The class is testing …", "A
 * thunderstorm is likely coming").
 */
function progressiveRetagged(tokens: readonly Token[], j: number): readonly Token[] {
  let end = tokens.length;
  while (end > j && tokens[end - 1].pos === "PUNCT") end--;
  const last = tokens[end - 1];
  if (!last || end - j < 2 || last.pos === "VERB" || !/ing$/.test(last.lower)) return tokens;
  const lemma = gerundLemma(last.lower);
  if (!lemma) return tokens;
  // ("Jenny most likely observing": the subject's adverbs before the -ing word.)
  let adverbs = end - 1;
  while (adverbs > j + 1 && (ADVERB_LIKE.test(tokens[adverbs - 1].lower) || tokens[adverbs - 1].lower === "most")) adverbs--;
  const before = tokens.slice(j, adverbs < end - 1 && adverbs > j ? adverbs : end - 1);
  const adverbOnly = before.length === 1 && ADVERB_LIKE.test(before[0].lower) && adverbs === end - 1;
  // "the class", "Jenny", "she": a short noun phrase with no preposition, so "the purpose of testing" stays a noun.
  const subject =
    before.length <= 3 &&
    before.at(-1) !== undefined &&
    ["NOUN", "PROPN", "PRON"].includes(before.at(-1)?.pos ?? "") &&
    before.every((x) => ["DET", "NOUN", "PROPN", "PRON"].includes(x.pos));
  if (!adverbOnly && !subject) return tokens;
  // ("What is a bisque firing?", "What is a maiden over?": after "a", a compound noun to define, not someone doing something.)
  if (!adverbOnly && /^(?:a|an)$/.test(before[0].lower) && before.length >= 2) return tokens;
  const out = tokens.slice();
  out[end - 1] = { ...last, pos: "VERB", lemma };
  if (adverbOnly) out[j] = { ...before[0], pos: "ADV" };
  return out;
}

/** Adjectives in -ed that say what a thing has ("webbed", "striped"), not a passive's participle. */
const HAVING_ADJECTIVES = wordSet(
  "webbed winged horned hooded feathered striped spotted bearded scaled armoured armored toothed clawed hoofed furred",
  "haired legged eyed tailed finned barbed forked ringed",
);

/** What follows a wh-phrase ending at `i`. */
function afterWh(questionTokens: readonly Token[], wh: WhPhrase, i: number): Frame | undefined {
  const t = questionTokens[i];
  if (!t) return undefined;
  const tokens = auxKind(t) === "be" ? progressiveRetagged(questionTokens, i + 1) : questionTokens;
  // Adverbs between the wh-phrase and the verb ("Who first proposed", "Which best explains", "which plants usually grow").
  let k = i;
  while (tokens[k] && (tokens[k].pos === "ADV" || (PRE_VERB.has(tokens[k].lower) && tokens[k].pos !== "AUX")) && !isAux(tokens[k])) k++;
  if (k > i && tokens[k] && !isAux(tokens[k]) && (tokens[k].pos === "VERB" || canBeVerb(tokens[k].lemma) || canBeVerb(tokens[k].lower)))
    return { kind: "wh-subject", wh, predicate: tokens.slice(i) };
  if (isAux(t) && !(t.pos === "NOUN" && !AUXILIARIES.has(t.lower))) {
    const negated = isNegation(tokens[i + 1]);
    const j = negated ? i + 2 : i + 1;
    const kind = auxKind(t);
    const adjunct =
      ["where", "when", "why"].includes(wh.word) ||
      (wh.word === "how" && wh.measure !== "many" && wh.measure !== "much") ||
      wh.prep !== undefined ||
      asksTime(wh);
    if (kind === "be") {
      // (Not for a reason: "Why is there no wind on the Moon?" asks why there is none, said as its own clause.)
      if (tokens[j]?.lower === "there" && wh.word !== "why") return { kind: "existential", wh, be: t, rest: tokens.slice(j + 1) };
      // ("What is it called when a player scores three goals?": a dummy "it" and its naming participle, "It is called … when …".)
      if (
        tokens[j]?.lower === "it" &&
        /^(?:called|named|termed)$/.test(tokens[j + 1]?.lower ?? "") &&
        /^(?:when|if)$/.test(tokens[j + 2]?.lower ?? "")
      )
        return {
          kind: "wh-inverted",
          wh,
          decl: { ...splitBe(tokens, t, negated, j), subject: [tokens[j]], verb: tokens[j + 1], rest: tokens.slice(j + 2) },
        };
      if (wh.ofPhrase.length > 0 && startsNounPhrase(tokens, j)) return { kind: "wh-be", wh, be: t, subject: tokens.slice(j), tail: [] };
      if (startsNounPhrase(tokens, j) || (adjunct && tokens[j])) {
        if (adjunct && !wh.measure) {
          const split = splitBe(tokens, t, negated, j);
          // "In which country is the temple complex of Angkor Wat?": an adjective-like word before "of" that ends the question is the
          // subject's noun ("full of water" takes its "of").
          const nounOf =
            wh.prep !== undefined &&
            split.rest[0]?.pos === "ADJ" &&
            split.rest[1]?.lower === "of" &&
            !OF_ADJECTIVES.has(split.rest[0].lower) &&
            split.rest.slice(2).every((x) => x.pos !== "VERB" && x.pos !== "ADJ" && x.pos !== "ADP");
          const d = nounOf ? { ...split, subject: [...split.subject, ...split.rest], rest: [] } : split;
          // "Where is the best place to shoot animals?": an infinitive after the noun belongs to the subject.
          if (d.rest[0]?.lower === "to" && d.rest[1]?.pos === "VERB" && d.subject.at(-1)?.pos === "NOUN")
            return { kind: "wh-inverted", wh, decl: { ...d, subject: [...d.subject, ...d.rest], rest: [] } };
          // "Where is the tallest building in the world?", "When is hurricane season in the Atlantic?": with no verb, a phrase of "in",
          // "of", "on" or "during" that ends in a noun belongs to the subject (not "When is the sun at its highest?").
          const placeOrTime =
            (wh.word === "where" || wh.word === "when") &&
            !wh.prep &&
            !d.verb &&
            d.subject.length > 0 &&
            /^(?:in|of|on|during|for)$/.test(d.rest[0]?.lower ?? "") &&
            d.rest.every((x) => x.pos !== "VERB" && x.pos !== "AUX") &&
            /^(?:NOUN|PROPN)$/.test(d.rest.at(-1)?.pos ?? "");
          if (placeOrTime) return { kind: "wh-inverted", wh, decl: { ...d, subject: [...d.subject, ...d.rest], rest: [] } };
          return { kind: "wh-inverted", wh, decl: d };
        }
        // "What type of precipitation is Jenny most likely observing?", "Which objects was she referring to …?": be + -ing.
        const asBe = splitBe(tokens, t, negated, j);
        // ("Which of the following is a cause of the ocean levels periodically rising …?" picks an option: the -ing word is inside it.)
        const optionSubject = wh.partitive && /^(?:a|an)$/.test(asBe.subject[0]?.lower ?? "") && asBe.subject.some((x) => x.pos === "ADP");
        if (asBe.verb && !optionSubject && participleTail(tokens.slice(j)) === tokens.length - j)
          return { kind: "wh-inverted", wh, decl: asBe };
        // "What is he able to calculate?": the wh-phrase is the object of the infinitive.
        const r0 = asBe.rest;
        if (
          !wh.prep &&
          r0.length >= 3 &&
          r0[0].pos === "ADJ" &&
          r0[1]?.lower === "to" &&
          r0[2].pos === "VERB" &&
          r0[2].lower === r0[2].lemma &&
          r0[r0.length - 1].pos === "VERB"
        )
          return { kind: "wh-inverted", wh, decl: asBe };
        const stranded = endsWithPreposition(tokens);
        // "Which is a solid?" asks to pick one: the answer is the subject ("Ice is a solid").
        if (wh.word === "which" && wh.noun.length === 0 && !wh.prep && !stranded && participleTail(tokens.slice(j)) === tokens.length - j)
          return { kind: "wh-subject", wh, predicate: tokens.slice(i) };
        // ("Which seal species is the largest?": a bare superlative after "be" says which one, so the wh-phrase is the subject.)
        const after = tokens.slice(j).filter((x) => x.pos !== "PUNCT");
        // (So with a phrase after it: "Which hurricane category is the strongest on the Saffir-Simpson scale?")
        // (And "the most"/"the least" before an adjective: "Which flamingo species is the most numerous?")
        const degree = /^(?:most|least)$/.test(after[1]?.lower ?? "") && after[2]?.pos === "ADJ" ? 1 : 0;
        const superlativeOnly =
          after.length >= 2 + degree &&
          after[0].lower === "the" &&
          after[1 + degree].pos === "ADJ" &&
          (degree === 1 || /(?:est)$/.test(after[1].lower)) &&
          (after.length === 2 + degree || after[2 + degree].pos === "ADP");
        const complement =
          !wh.prep &&
          (wh.measure !== undefined ||
            wh.noun.length === 0 ||
            wh.typeOf ||
            (ATTRIBUTE_NOUNS.has(wh.noun[wh.noun.length - 1].lower) && !superlativeOnly) ||
            stranded) &&
          !wh.partitive;
        // ("What disease are badgers culled to control?": a singular noun before a plural "are", then a plural and a participle, is the
        // participle's object, not the subject.)
        const head = wh.noun.at(-1);
        const disagrees =
          /^(?:are|were)$/.test(t.lower) &&
          head !== undefined &&
          head.lemma === head.lower &&
          !/s$/.test(head.lower) &&
          /^(?:NOUN|PROPN|PRON)$/.test(tokens[j]?.pos ?? "") &&
          tokens[j].lemma !== tokens[j].lower &&
          participleLater(tokens, j);
        if (!complement && !disagrees && ["what", "which", "whose"].includes(wh.word) && wh.measure === undefined)
          return { kind: "wh-subject", wh, predicate: tokens.slice(i) };
        // ("How long is an elephant pregnant?": a state that lasts, said by an adjective after the subject's noun.)
        const lasting = tokens.slice(j).filter((x) => x.pos !== "PUNCT");
        if (
          wh.measure === "long" &&
          lasting.length >= 2 &&
          lasting.at(-1)?.pos === "ADJ" &&
          /^(?:NOUN|PROPN|VERB)$/.test(lasting.at(-2)?.pos ?? "")
        ) {
          const d = splitBe(tokens, t, negated, j);
          if (d.rest.length === 1 || (d.rest.length === 2 && d.rest[1].pos === "PUNCT")) return { kind: "wh-inverted", wh, decl: d };
        }
        // "How many people were passengers on the Titanic?": a plural noun after "be" says what the counted ones were.
        if (wh.measure === "many" && wh.noun.length > 0 && wh.ofPhrase.length === 0 && pluralPredicate(tokens.slice(j)))
          return { kind: "existential", wh, be: t, rest: tokens.slice(j) };
        if (complement && (wh.measure === undefined || (wh.measure !== "much" && wh.measure !== "many"))) {
          const body = tokens.slice(j);
          const cut = participleTail(body);
          return { kind: "wh-be", wh, be: t, subject: body.slice(0, cut), tail: body.slice(cut) };
        }
        return { kind: "wh-inverted", wh, decl: splitBe(tokens, t, negated, j) };
      }
      // ("How many toes on a pelican's foot are webbed?": a state said of the counted ones alone is their predicate, not where they are.)
      const stated = tokens.slice(j).filter((x) => x.pos !== "PUNCT");
      const state =
        stated.length === 1 &&
        (stated[0].pos === "ADJ" ||
          // (An adjective in -ed from a noun, "webbed", not a passive's participle: "How many games are played?")
          HAVING_ADJECTIVES.has(stated[0].lower));
      if ((wh.measure === "many" || wh.measure === "much") && wh.noun.length > 0 && wh.ofPhrase.length === 0 && !state)
        return { kind: "existential", wh, be: t, rest: tokens.slice(j) };
      return { kind: "wh-subject", wh, predicate: tokens.slice(i) };
    }
    // "Which doesn't contain water?", "Who didn't sign it?": no subject after "do", the wh-phrase is the subject.
    const bare = tokens[j];
    if (
      kind === "do" &&
      negated &&
      !adjunct &&
      bare &&
      (bare.pos === "VERB" || bare.lower === "have") &&
      bare.lower === bare.lemma &&
      tokens[j + 1]?.pos !== "VERB"
    )
      return { kind: "wh-subject", wh, predicate: tokens.slice(i) };
    if (kind === "do") return { kind: "wh-inverted", wh, decl: invert(tokens, t, negated, j, !adjunct && wh.measure === undefined) };
    // "has" is the main verb unless a participle follows ("Which country has the largest population?").
    if (kind === "have" && !participleLater(tokens, j)) return { kind: "wh-subject", wh, predicate: tokens.slice(i) };
    // ("What have scientists been studying?": a subject, then the perfect's "been".)
    const perfect =
      kind === "have" &&
      /^(?:NOUN|PROPN|PRON|DET|ADJ|NUM)$/.test(tokens[j]?.pos ?? "") &&
      tokens.slice(j + 1).some((x) => x.lower === "been");
    if (adjunct || perfect || subjectAfterModal(tokens, j)) return { kind: "wh-inverted", wh, decl: invert(tokens, t, negated, j) };
    return { kind: "wh-subject", wh, predicate: tokens.slice(i) };
  }
  if (t.pos === "VERB" || t.pos === "AUX" || canBeVerb(t.lemma) || canBeVerb(t.lower))
    return { kind: "wh-subject", wh, predicate: tokens.slice(i) };
  return undefined;
}

function parseInterrogative(tokens: readonly Token[]): Frame | undefined {
  const first = tokens[0];
  if (!first) return undefined;
  // Yes/no: an auxiliary first.
  if (isAux(first) && !WH_WORDS.has(first.lower)) {
    const negated = isNegation(tokens[1]);
    const start = negated ? 2 : 1;
    if (!tokens[start]) return undefined;
    const decl = auxKind(first) === "be" ? splitBe(tokens, first, negated, start, true) : invert(tokens, first, negated, start);
    return { kind: "yes-no", decl };
  }
  const parsed = whPhrase(tokens, 0);
  if (!parsed) return undefined;
  const frame = afterWh(tokens, parsed.wh, parsed.end);
  if (frame) return frame;
  // A prepositional phrase after the noun ("Whose experiments with pea plants founded …"): take it into the noun.
  if (parsed.wh.noun.length > 0 && tokens[parsed.end]?.pos === "ADP") {
    for (let m = parsed.end + 2; m < tokens.length; m++) {
      const t = tokens[m];
      if (t.pos === "PUNCT" || t.pos === "ADP") continue;
      if (!(t.pos === "VERB" || isAux(t) || (/(?:[^s]s|ed)$/.test(t.lower) && canBeVerb(t.lemma)))) continue;
      const wh: WhPhrase = { ...parsed.wh, noun: tokens.slice(parsed.end - parsed.wh.noun.length, m).filter((x) => x.pos !== "PUNCT") };
      const f = afterWh(tokens, wh, m);
      // (So "How many species of birds are there?".)
      if (f && (f.kind === "wh-subject" || f.kind === "existential")) return f;
      break;
    }
  }
  // The noun ran into the verb ("Whose laws describe", "Which blood cells fight"): end the noun earlier.
  const noun = parsed.wh.noun;
  for (let cut = noun.length - 1; cut >= 1; cut--) {
    if (!canBeVerb(noun[cut].lemma) && !canBeVerb(noun[cut].lower)) continue;
    const wh: WhPhrase = { ...parsed.wh, noun: noun.slice(0, cut) };
    const f = afterWh(tokens, wh, parsed.end - (noun.length - cut));
    if (f) return f;
  }
  return undefined;
}

/** A wh-phrase inside a declarative ("… are parts of which body system?"). */
function parseInSitu(tokens: readonly Token[]): Frame | undefined {
  for (let p = 1; p < tokens.length; p++) {
    const w = tokens[p].lower;
    // ("… is roughly how many metres per second?": a count asked in place.)
    const count = w === "how" && /^(?:many|much)$/.test(tokens[p + 1]?.lower ?? "");
    // ("Swallows spend the winter where?", "The Titanic sank when?": a final where or when asked in place.)
    const final = (w === "where" || w === "when") && tokens.slice(p + 1).every((t) => t.pos === "PUNCT");
    if (!["which", "what", "whom", "who", "whose"].includes(w) && !count && !final) continue;
    const prev = tokens[p - 1];
    // A relative pronoun after a noun ("the gas which …") is not a question word.
    if ((w === "which" || w === "who") && (prev.pos === "NOUN" || prev.pos === "PROPN" || prev.text === ",")) continue;
    let parsed = whPhrase(tokens, p);
    if (!parsed) continue;
    if (
      parsed.wh.noun.length === 0 &&
      tokens[parsed.end] &&
      (tokens[parsed.end].pos === "VERB" || tokens[parsed.end].pos === "NOUN") &&
      (tokens[parsed.end + 1] === undefined || tokens[parsed.end + 1].lower === "of")
    ) {
      // "which set of islands": a noun the tagger took for a verb.
      let e = parsed.end + 1;
      if (tokens[e]?.lower === "of")
        while (e < tokens.length && tokens[e].pos !== "PUNCT" && !(tokens[e].pos === "VERB" && e > parsed.end + 2)) e++;
      parsed = { wh: { ...parsed.wh, noun: tokens.slice(parsed.end, e) }, end: e };
    }
    if (parsed.wh.partitive) {
      // "which of the rock's other properties": the whole of-phrase is replaced.
      let e = parsed.end;
      while (
        e < tokens.length &&
        tokens[e].pos !== "PUNCT" &&
        tokens[e].pos !== "VERB" &&
        tokens[e].pos !== "AUX" &&
        tokens[e].pos !== "ADP" &&
        tokens[e].pos !== "PART" &&
        // "… animals that live in the area": a relative clause stays after the answer.
        !/^(?:that|which|who|whose|where)$/.test(tokens[e].lower)
      )
        e++;
      parsed = { wh: { ...parsed.wh, noun: [] }, end: e };
    }
    let after = tokens.slice(parsed.end);
    while (
      after.length > 0 &&
      (after[after.length - 1].pos === "PUNCT" || /^(?:below|above|shown|listed|given)$/.test(after[after.length - 1].lower))
    )
      after = after.slice(0, -1);
    return { kind: "in-situ", before: tokens.slice(0, p), wh: parsed.wh, after };
  }
  return undefined;
}

const SUBORDINATE_START = wordSet(
  "when if as while after before during in on at for from according since once because although",
  "though unless until whenever to with without by under over among between within throughout",
);

/** "When plants die, which …?": the fronted clause (with its comma) and the question after it. */
function splitFronted(tokens: readonly Token[]): number {
  if (!SUBORDINATE_START.has(tokens[0]?.lower ?? "") || WH_WORDS.has(tokens[1]?.lower ?? "")) return 0;
  for (let k = 1; k < tokens.length - 1; k++) {
    if (tokens[k].text !== ",") continue;
    const next = tokens[k + 1];
    if (
      WH_WORDS.has(next.lower) ||
      (isAux(next) && k + 2 < tokens.length) ||
      (next.pos === "ADP" && WH_WORDS.has(tokens[k + 2]?.lower ?? ""))
    )
      return k + 1;
    return 0;
  }
  return 0;
}

function parseImperative(tokens: readonly Token[]): Frame | undefined {
  const verb = tokens[0]?.lower;
  if (!verb || !IMPERATIVES.has(verb)) return undefined;
  let i = 1;
  if (/^(?:me|us)$/.test(tokens[i]?.lower ?? "")) i++;
  const object = tokens.slice(i).filter((t, k, all) => !(k === all.length - 1 && /^[.?!:;]+$/.test(t.text)));
  if (object.length === 0) return undefined;
  if (verb === "explain" || verb === "describe") {
    const how = object[0].lower;
    if (how === "why" || how === "how") {
      const clause = object.slice(1);
      return { kind: "imperative", verb, object: [], explain: { how, clause } };
    }
  }
  return { kind: "imperative", verb, object };
}

/** A wh-word (after an optional preposition) or an auxiliary first. */
function startsLikeQuestion(body: readonly Token[]): boolean {
  return (
    WH_WORDS.has(body[0].lower) ||
    (PREPOSITIONS.has(body[0].lower) && WH_WORDS.has(body[1]?.lower ?? "")) ||
    (isAux(body[0]) && /^[A-Z]/.test(body[0].text))
  );
}

/**
 * Without a question mark, a question only in question word order ("what does a cactus do with
 * water"), not a subordinate clause ("When water freezes, it", "When a dam is removed from a river,").
 */
function inQuestionOrder(body: readonly Token[]): boolean {
  if (!startsLikeQuestion(body) || body[body.length - 1]?.text === ",") return false;
  if (isAux(body[0])) return body.length > 2 && !body.some((t) => t.text === ",");
  let k = PREPOSITIONS.has(body[0].lower) ? 2 : 1;
  const w = body[k - 1].lower;
  if (w === "how" && body[k] && (MEASURES.has(body[k].lower) || body[k].pos === "ADJ" || body[k].pos === "ADV")) k++;
  // what/which/whose/how many may take a noun before the auxiliary.
  if (/^(?:what|which|whose|many|much)$/.test(body[k - 1].lower))
    while (body[k] && (body[k].pos === "NOUN" || body[k].pos === "ADJ") && !isAux(body[k])) k++;
  if (isAux(body[k])) return true;
  return /^(?:who|what|which)$/.test(body[0].lower) && body[1]?.pos === "VERB" && body[1].lower !== body[1].lemma;
}

function completion(final: string, context: string, last: string): ParsedQuestion {
  return { final, context, fronted: "", sentence: last, frame: { kind: "completion", prompt: last.replace(/[\s:.]+$/u, "") } };
}

const cache = new Map<string, ParsedQuestion>();

/** Parses a question (memoised: the same question recurs for every answer to it). */
export function parseQuestion(question: string): ParsedQuestion {
  const hit = cache.get(question);
  if (hit) return hit;
  const parsed = parseUncached(collapseSpaces(question));
  if (question.length > STATEMENT_MAX_ANALYSED_CHARS) return parsed; // a long question is not kept (issue 22)
  if (cache.size > 50_000) cache.clear();
  cache.set(question, parsed);
  return parsed;
}

/**
 * What the parser reads of a question (white space collapsed): its final sentence after the
 * context sentences, or the whole question when it has a blank (the answer fills it in place).
 * Underscores, dashes or empty brackets anywhere are a blank; an ellipsis only in the final
 * sentence ("… show the influence of" after a quoted passage with "…" is a sentence to complete).
 */
export function questionFocus(q: string): { context: string; last: string; blank: boolean } {
  const { context, last } = splitPersonalContext(withoutDiscourseWord(splitFinalSentence(q)));
  return { context, last, blank: HARD_BLANK.test(q) || BLANK.test(last) };
}

/** "So why do Mediterranean cooks fry with it?": a word that links the question to what came before, then the question proper. */
const DISCOURSE_WORD =
  /^(?:so|and|but|then|okay,? so|ok,? so),?\s+(?=(?:why|what|who|where|when|how|which|whose|whom|is|are|was|were|do|does|did|can|could|should|would|will|has|have)\s)/i;

/** The final sentence without a linking word before its question ("So why …?" → "Why …?"). */
function withoutDiscourseWord(parts: { context: string; last: string }): { context: string; last: string } {
  const m = DISCOURSE_WORD.exec(parts.last);
  if (!m) return parts;
  const last = parts.last.slice(m[0].length);
  return { context: parts.context, last: last[0].toUpperCase() + last.slice(1) };
}

/** "I have a shirt that is now too small, what can I do …?": a clause about the asker, a comma, then the question. */
const PERSONAL_CONTEXT = /^((?:I|I'm|I've|My|We|Our)\b[^?]*?),\s+((?:what|which|how|where|when|who|why)\b[^,]*\?)\s*$/;

/**
 * A final sentence that tells the asker's situation before a comma and then asks ("My tomatoes have
 * black spots on the bottom, what is the likely cause?"): the situation becomes a context sentence
 * of its own, so that the statement keeps it and answers the question after it (issue 23, part 1).
 */
function splitPersonalContext(parts: { context: string; last: string }): { context: string; last: string } {
  const m = PERSONAL_CONTEXT.exec(parts.last);
  if (!m) return parts;
  const situation = `${m[1]}.`;
  return { context: parts.context ? `${parts.context} ${situation}` : situation, last: m[2][0].toUpperCase() + m[2].slice(1) };
}

function parseUncached(q: string): ParsedQuestion {
  const { context, last, blank } = questionFocus(q);
  if (blank) return { final: q, context: "", fronted: "", sentence: q, frame: { kind: "blank" } };
  const final = last;
  const asks = /\?\s*$/.test(last);
  // A sentence to complete needs no tags: only a question mark, a wh-word, an auxiliary or an imperative first makes a question.
  const firstWord = (/^[\p{L}']+/u.exec(last)?.[0] ?? "").toLowerCase();
  const secondWord = (/^[\p{L}']+[^\p{L}']+([\p{L}']+)/u.exec(last)?.[1] ?? "").toLowerCase();
  const leadsIn = (PREPOSITIONS.has(firstWord) || SUBORDINATE_START.has(firstWord)) && !WH_WORDS.has(firstWord);
  if (
    !asks &&
    !WH_WORDS.has(firstWord) &&
    !AUXILIARIES.has(firstWord) &&
    !IMPERATIVES.has(firstWord) &&
    (!leadsIn || !WH_WORDS.has(secondWord))
  )
    return completion(final, context, last);
  const all = tokenize(asks ? last.replace(/\s*\?+\s*$/u, "") : last.replace(/[\s.:;]+$/u, ""));
  const cut = splitFronted(all);
  const fronted = cut > 0 ? joinTokens(all.slice(0, cut)) : "";
  const tokens = all.slice(cut);
  const sentence = joinTokens(tokens);
  const body = tokens.filter((t, k) => !(k === tokens.length - 1 && t.pos === "PUNCT" && /^[?.:]+$/.test(t.text)));
  // "Can you name a river that …?": a request, read as the instruction it asks for ("Name a river that …").
  const request = /^(?:can|could|would|will) you (?:please )?(?:name|list|give|suggest|recommend)\b/i.exec(sentence);
  if (request) {
    const skip = /\bplease\b/i.test(request[0]) ? 3 : 2;
    const asked = parseImperative(body.slice(skip));
    if (asked) return { final, context, fronted, sentence, frame: asked };
  }
  const interrogativeStart = body.length > 0 && (asks ? startsLikeQuestion(body) : inQuestionOrder(body));
  if (asks || interrogativeStart) {
    const frame = (interrogativeStart ? parseInterrogative(body) : undefined) ?? (!interrogativeStart ? parseInSitu(body) : undefined);
    if (frame) return { final, context, fronted, sentence, frame };
    if (asks || interrogativeStart)
      return { final, context, fronted, sentence, frame: { kind: "unparsed", body: joinTokens(body), interrogative: interrogativeStart } };
  }
  const imperative = parseImperative(body);
  if (imperative) return { final, context, fronted, sentence, frame: imperative };
  return completion(final, context, last);
}

/** The text of tokens (re-exported for the realiser). */
export { joinTokens, asksTime };

/** A predicate of plural nouns: "passengers …", "founding members …" (a plural noun, or a modifier and one). */
export function pluralPredicate(rest: readonly Token[]): boolean {
  const plural = (t: Token | undefined) => t !== undefined && t.pos === "NOUN" && t.lemma !== t.lower && /s$/.test(t.lower);
  return plural(rest[0]) || (/^(?:ADJ|VERB)$/.test(rest[0]?.pos ?? "") && rest[0].lower.endsWith("ing") && plural(rest[1]));
}
