/**
 * The English NLP under the built-in reformulator: part-of-speech tags and lemmas from wink-nlp
 * (`wink-eng-lite-web-model`), and verb inflection plus word-class lexicon from compromise.
 *
 * Why these two, by measurement on the 17,654 (question, answer) texts of CAP-Correctness on a
 * 2-core machine (`npm run bench` repeats it): wink-nlp tags and lemmatises all of them in 1.6 s,
 * compromise needs 24 s for the same texts, too slow for the 3 s budget of the whole
 * reformulator; both mis-tag inverted questions (wink: "do fish/VERB use/NOUN"), which the
 * question parser corrects with grammar. For inflection compromise's conjugator is right on
 * irregular and doubled-consonant verbs where `english-verbs-helper` is not ("occured",
 * "focuss", "buzzs"), and its lexicon says whether a word can be a verb or an adjective at all
 * ("love: Noun|Verb", "round: Adj|Noun"), which the parser uses to find the main verb after
 * do-support. Both load synchronously (about 0.3 s and 0.4 s) on first use, so `reformulate()`
 * stays a plain function.
 */
import { createRequire } from "node:module";
import { isRegExpSpace, wordSet } from "./text.js";

/**
 * Universal POS tag as wink-nlp writes it (ADJ, ADP, ADV, AUX, CCONJ, DET, NOUN, NUM, PART, PRON, PROPN, PUNCT, SCONJ, SYM, VERB, X,
 * SPACE).
 */
export type Pos = string;

/** One token of a text: its characters, the spaces before it, tag and lemma. */
export interface Token {
  readonly text: string;
  readonly lower: string;
  readonly pos: Pos;
  readonly lemma: string;
  /** White space before the token in the source ("" for the first one). */
  readonly pre: string;
}

interface WinkTokens {
  out(f?: unknown): string[];
}
interface WinkDoc {
  tokens(): WinkTokens;
}
interface Wink {
  readDoc(text: string): WinkDoc;
  its: { pos: unknown; lemma: unknown; precedingSpaces: unknown };
}
type Conjugation = { Infinitive?: string; PastTense?: string; PresentTense?: string; Gerund?: string; Participle?: string };
interface CompromiseWorld {
  methods: { two: { transform: { verb: { conjugate(verb: string, model: unknown): Conjugation } } } };
  model: { one: { lexicon: Record<string, string> }; two: { switches: Record<string, string> } };
}

const require = createRequire(import.meta.url);
let wink: Wink | undefined;
let world: CompromiseWorld | undefined;

function getWink(): Wink {
  if (!wink) {
    // Only the tagger: sentence breaking, negation, sentiment and entity recognition are not used and cost a third of the time.
    const winkNLP = require("wink-nlp") as (model: unknown, pipe?: string[]) => Wink;
    wink = winkNLP(require("wink-eng-lite-web-model"), ["pos"]);
  }
  return wink;
}

function getWorld(): CompromiseWorld {
  if (!world) world = (require("compromise/two") as { world(): CompromiseWorld }).world();
  return world;
}

/** compromise's document parser, which `looksPlural` asks (its first document builds the tagger's models). */
function compromiseParser(): (text: string) => { has(match: string): boolean } {
  getWorld();
  return require("compromise/two") as (text: string) => { has(match: string): boolean };
}

/**
 * Loads both libraries now (they otherwise load on first use), e.g. before timing a run: compromise's tagger builds its models on
 * its first document (about 40 ms), so one word is parsed here (its lexicon is left as it was).
 */
export function warmUpNlp(): void {
  getWink();
  compromiseParser()("plural").has("#Plural");
}

/**
 * The longest run without white space handed to wink-nlp. Its tokenizer tries an e-mail and a URL
 * pattern on every such run, in time quadratic (cubic for URL-like runs) in the run's length: a
 * 20,000-character run of "http://a.b/" took 87 s (issue 22). The longest run in the texts of
 * CAP-Correctness and CAP-Statements has 26 characters; a longer one becomes one token tagged X.
 */
const TAGGER_MAX_RUN = 200;
const LONG_RUN = new RegExp(`\\S{${TAGGER_MAX_RUN + 1},}`);

/**
 * Whether `text` has a run of more than TAGGER_MAX_RUN characters without white space (LONG_RUN's test, as a character loop: the
 * regex tried a 201-character match at every position of every text tagged).
 */
function hasLongRun(text: string): boolean {
  if (text.length <= TAGGER_MAX_RUN) return false;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    if (isRegExpSpace(text.charCodeAt(i))) run = 0;
    else if (++run > TAGGER_MAX_RUN) return true;
  }
  return false;
}

/** Tokens of `text` with tags and lemmas. */
export function tokenize(text: string): Token[] {
  if (text.trim() === "") return [];
  if (!hasLongRun(text)) return tag(text, "");
  // Runs too long for the tagger are tokens of their own; the text between them is tagged piece by piece.
  const out: Token[] = [];
  let from = 0;
  for (const m of text.matchAll(new RegExp(LONG_RUN, "g"))) {
    const at = m.index ?? 0;
    for (const t of tag(text.slice(from, at), out.length === 0 ? "" : undefined)) out.push(t);
    const pre = out.length === 0 ? "" : trailingSpace(text, from, at);
    out.push({ text: m[0], lower: m[0].toLowerCase(), pos: "X", lemma: m[0].toLowerCase(), pre });
    from = at + m[0].length;
  }
  for (const t of tag(text.slice(from), out.length === 0 ? "" : undefined)) out.push(t);
  return out;
}

/** The white space that ends text[from, to). */
function trailingSpace(text: string, from: number, to: number): string {
  let i = to;
  while (i > from && /\s/.test(text[i - 1])) i--;
  return text.slice(i, to);
}

/** A past tense with "co-" ("co-wrote", "co-founded"), which the tagger can read as a noun: the verb of its clause. */
const CO_PAST = /^co-(?:[a-z]{3,}ed|wrote|led|won|ran|made|built|taught|held|sang|drew|found)$/i;

/** Adverbs and "not" that follow a contracted "is" but not a possessive ("The yeast's probably dead"; "Earth's most abundant gas" is not one). */
const HEDGE_AFTER_BE =
  /^(?:probably|possibly|perhaps|likely|definitely|certainly|not|still|usually|actually|always|never|already|just|often|mostly|generally|typically|almost|also|really)$/i;

/** The tagger's lemma, less its Italian plurals of English singulars ("dive" read as the plural of "diva"). */
function nounLemma(lower: string, lemma: string): string {
  return lemma.length === lower.length && lower.endsWith("e") && lemma === `${lower.slice(0, -1)}a` ? lower : lemma;
}

/** Past participles the tagger can read as nouns ("lit", "fed", "bred", "built"). */
const PARTICIPLE_AS_NOUN = /^(?:lit|fed|led|bred|fled|built|bound|wound|shed|spread|sped)$/i;

/** Lower-case particles inside personal names ("da", "van", "von", "de", "bin"). */
const NAME_PARTICLE = /^(?:da|de|di|del|della|der|den|van|von|du|dos|das|bin|ibn|al|el|la|le|ter|ten)$/;

/** wink-nlp's tokens of `text`; the first token's `pre` is `firstPre`, or the white space before it when undefined. */
function tag(text: string, firstPre: string | undefined): Token[] {
  if (text.trim() === "") return [];
  const w = getWink();
  // (wink-nlp's tokenizer splits a word at a letter beyond Latin-1: "shodō" → "shod", "ō". The tagger reads such letters as their base
  // letter, one for one, and the tokens keep the text's own.)
  let plain = EXTENDED_LATIN.test(text) ? baseLetters(text) : text;
  let t = w.readDoc(plain).tokens();
  let words = t.out();
  let lemma = t.out(w.its.lemma);
  let pre = t.out(w.its.precedingSpaces);
  // (Where the tokens do not spell the copy out, the text is read as it is.)
  if (plain !== text && !restoreLetters(text, plain, words, lemma, pre)) {
    plain = text;
    t = w.readDoc(text).tokens();
    [words, lemma, pre] = [t.out(), t.out(w.its.lemma), t.out(w.its.precedingSpaces)];
  }
  const pos = t.out(w.its.pos);
  // ("Your starter's probably not active enough": an "'s" before a hedge or "not" is "is", not a possessive, which the tagger reads.)
  const isBe = (i: number) => /^['’]s$/.test(words[i]) && i > 0 && pos[i] === "PART" && HEDGE_AFTER_BE.test(words[i + 1] ?? "");
  // ("record-breaking", "well-known", "so-called": a participle joined by a hyphen to the word before it is that compound's adjective,
  // not a verb; the tagger splits the compound at its hyphen.)
  const joined = (i: number) => i > 1 && words[i - 1] === "-" && pre[i - 1] === "" && pre[i] === "" && /^[A-Za-z]/.test(words[i - 2]);
  // ("was first lit/NOUN", "When was the lighthouse lit/NOUN?": a participle the tagger read as a noun after "be", or after an inverted
  // "be" and its subject, before the end or a preposition.)
  const afterBe = (i: number) =>
    words.slice(0, i).some((w) => /^(?:is|are|was|were|be|been|being)$/i.test(w)) &&
    (i + 1 >= words.length || /^(?:[?.!,;]|by|in|on|at|with|for|during|when|until|after|before)$/i.test(words[i + 1]));
  // ("Leonardo da Vinci", "Ludwig van Beethoven": a name's particle between two capitalised words is part of the name.)
  const particle = (i: number) =>
    NAME_PARTICLE.test(words[i]) && /^\p{Lu}/u.test(words[i - 1] ?? "") && /^\p{Lu}/u.test(words[i + 1] ?? "");
  return words.map((word, i) => ({
    text: word,
    lower: lowerCase(word),
    pos:
      pos[i] === "NOUN" && word.startsWith("co-") && CO_PAST.test(word) && i > 0
        ? "VERB"
        : i > 0 && particle(i)
          ? "PROPN"
          : isBe(i)
            ? "AUX"
            : pos[i] === "VERB" && /(?:ing|ed|en|wn)$/.test(word) && joined(i)
              ? "ADJ"
              : pos[i] === "NOUN" && PARTICIPLE_AS_NOUN.test(word) && afterBe(i)
                ? "VERB"
                : pos[i],
    lemma: isBe(i) ? "be" : nounLemma(lowerCase(word), lowerCase(lemma[i] ?? word)),
    pre: sharedSpace(i === 0 ? (firstPre ?? pre[0] ?? " ") : (pre[i] ?? " ")),
  }));
}

/** A letter of Latin Extended-A or B or of Latin Extended Additional ("ō", "ā", "ř", "ł", "ạ"), which wink-nlp's tokenizer splits at. */
const EXTENDED_LATIN = /[\u0100-\u024F\u1E00-\u1EFF]/;
const EXTENDED_LATIN_ALL = /[\u0100-\u024F\u1E00-\u1EFF]/g;
/** Letters with no decomposition to a base letter, and theirs. */
const UNDECOMPOSED: Readonly<Record<string, string>> = {
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ħ: "h",
  Ħ: "H",
  ı: "i",
  ŀ: "l",
  Ŀ: "L",
  ø: "o",
  Ø: "O",
};

/** `text` with each extended Latin letter as its base letter, one UTF-16 unit for one ("shodō" → "shodo"). */
function baseLetters(text: string): string {
  return text.replace(EXTENDED_LATIN_ALL, (c) => {
    const base = c.normalize("NFD")[0];
    return UNDECOMPOSED[c] ?? (base !== c && /^[A-Za-z]$/.test(base) ? base : "e");
  });
}

/**
 * Puts `text`'s own letters back into the tokens read from `plain` (its base-letter copy of the same length), in place; false, with the
 * tokens unchanged, where they do not spell the copy out.
 */
function restoreLetters(text: string, plain: string, words: string[], lemma: string[], pre: string[]): boolean {
  const starts: number[] = [];
  let at = 0;
  for (let i = 0; i < words.length; i++) {
    at += (pre[i] ?? "").length;
    if (!plain.startsWith(words[i], at)) return false;
    starts.push(at);
    at += words[i].length;
  }
  words.forEach((word, i) => {
    const own = text.slice(starts[i], starts[i] + word.length);
    if (own === word) return;
    if (lemma[i] === word.toLowerCase()) lemma[i] = own.toLowerCase();
    words[i] = own;
  });
  return true;
}

/**
 * The common white space before a token, " " or "", as one string for all tokens: wink-nlp makes a new string for each token's
 * spaces, and tokens are kept with the parsed questions and answers (fewer strings for the garbage collector to copy).
 */
function sharedSpace(pre: string): string {
  return pre === " " ? " " : pre === "" ? "" : pre;
}

/**
 * `s` lower-cased: `s` itself when it has no capital. (V8's toLowerCase copies even an unchanged string, and every token's form
 * and lemma are lowered: most are lower-case already.)
 */
function lowerCase(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 65 && c <= 90) || c > 127) return s.toLowerCase();
  }
  return s;
}

/**
 * The source text of a token run, with its own spacing (the first token's leading space dropped). Joined as one flat string: one
 * concatenated token by token is a tree of a string per token, five times the memory where a parsed question keeps it.
 */
export function joinTokens(tokens: readonly Token[]): string {
  const n = tokens.length;
  if (n === 0) return "";
  const parts = new Array<string>(2 * n - 1);
  parts[0] = tokens[0].text;
  for (let i = 1; i < n; i++) {
    parts[2 * i - 1] = tokens[i].pre;
    parts[2 * i] = tokens[i].text;
  }
  return parts.join("");
}

function lexicon(word: string): { tag?: string; switches?: string } {
  // The lexicon holds a tag or a list of tags ("children: [Plural, Actor]").
  const w = getWorld();
  const key = word.toLowerCase();
  return { tag: w.model.one.lexicon[key], switches: w.model.two.switches[key] };
}

/**
 * Verbs of causing in their -s form, which the tagger reads as plural nouns after a noun ("What causes …?", "rotation causes day and
 * night"); the question's and the answer's readings each add their own.
 */
export const CAUSING_VERBS_S = "causes makes produces creates prevents controls determines allows drives triggers keeps gives";

const VERB_TAGS = wordSet("Infinitive PresentTense PastTense Gerund Participle Verb Copula Modal Auxiliary PhrasalVerb");

const verbMemo = new Map<string, boolean>();
const adjectiveMemo = new Map<string, boolean>();

/** The tag wink gives `word` inside a template sentence ("they ___ it"), where only some readings fit. */
function tagInTemplate(before: string, word: string, after: string): string {
  if (word.length > TAGGER_MAX_RUN) return "";
  const w = getWink();
  const pos = w.readDoc(`${before} ${word} ${after}`).tokens().out(w.its.pos);
  return pos.length === before.split(" ").length + after.split(" ").length + 1 ? pos[before.split(" ").length] : "";
}

/** Adverb particles of phrasal verbs ("snap back", "wake up", "fill in"): no verb or noun of their own. */
export const PARTICLES: ReadonlySet<string> = new Set([
  "up",
  "down",
  "out",
  "off",
  "away",
  "back",
  "over",
  "on",
  "in",
  "around",
  "through",
]);

/**
 * True when `word` can be a verb: compromise's lexicon says so ("love: Noun|Verb"), or wink tags
 * it as a verb in "they ___ it" ("it ___ it" for an -s form), which covers the regular verbs
 * the lexicon leaves to suffix rules ("describe", "migrate").
 */
export function canBeVerb(word: string): boolean {
  const key = word.toLowerCase();
  let v = verbMemo.get(key);
  if (v === undefined) {
    const { tag, switches } = lexicon(key);
    v = (tag !== undefined && VERB_TAGS.has(tag)) || (switches !== undefined && /Verb|Present|Past|Gerund/.test(switches));
    if (!v && /^[a-z]+$/.test(key) && tag !== "Determiner" && tag !== "Preposition" && tag !== "Pronoun" && tag !== "Conjunction") {
      v = tagInTemplate(/[^s]s$/.test(key) ? "it" : "they", key, "it") === "VERB";
    }
    verbMemo.set(key, v);
  }
  return v;
}

/** The verb an -ing word is the present participle of ("testing" → "test", "coming" → "come", "running" → "run"), or undefined. */
export function gerundLemma(word: string): string | undefined {
  const w = word.toLowerCase();
  if (!/^[a-z]{3,}ing$/.test(w)) return undefined;
  const stem = w.slice(0, -3);
  const candidates = [stem, `${stem}e`, stem.replace(/([bdgklmnprt])\1$/, "$1"), stem.replace(/y$/, "ie")];
  return candidates.find((c) => c.length > 1 && canBeVerb(c));
}

/** True when an -ed/-en word is the participle of a verb ("abbreviated", "carried", "stopped", "known"). */
export function isParticipleOf(word: string): boolean {
  const w = word.toLowerCase();
  if (!/(?:ed|en|wn|ne)$/.test(w)) return false;
  const stems = [w.replace(/ied$/, "y"), w.replace(/ed$/, "e"), w.replace(/ed$/, ""), w.replace(/([bdgklmnprt])\1ed$/, "$1")];
  if (canBeVerb(w) || stems.some((s) => s !== w && s.length > 2 && canBeVerb(s))) return true;
  // (A strong participle in -n or -en is its verb's own: "taken", "seen", but not "dozen" from "doze" nor "heaven" from "heave".)
  return [w.replace(/n$/, ""), w.replace(/en$/, "")].some((s) => s !== w && s.length > 2 && canBeVerb(s) && pastParticiple(s) === w);
}

/** True when the lexicon says `word` can be a verb's base form ("lay", "set", "ground"), not only a past form ("made", "left"). */
export function canBeBaseVerb(word: string): boolean {
  const { tag, switches } = lexicon(word);
  return tag === "Infinitive" || tag === "PresentTense" || (switches !== undefined && /Present|Verb/.test(switches));
}

/** True when the lexicon's first reading of `word` is a verb ("increase", "boil"), not a noun ("plant", "rock"). */
export function isVerbFirst(word: string): boolean {
  const { tag } = lexicon(word);
  return tag !== undefined && VERB_TAGS.has(tag);
}

/** True when `word` can be an adjective: by the lexicon, or as wink tags it in "it is very ___". */
export function canBeAdjective(word: string): boolean {
  const key = word.toLowerCase();
  let v = adjectiveMemo.get(key);
  if (v === undefined) {
    const { tag, switches } = lexicon(key);
    v = tag === "Adjective" || tag === "Comparative" || tag === "Superlative" || (switches !== undefined && /Adj/.test(switches));
    // Adjective suffixes ("equivalent", "soluble", "magnetic") where the lexicon says noun or nothing.
    if (
      !v &&
      (tag === undefined || tag === "Singular" || tag === "Noun") &&
      /(?:ous|ive|able|ible|ic|ful|less|ent|ant|ary)$/.test(key) &&
      key.length > 5
    )
      v = true;
    if (!v && tag === undefined && /^[a-z]+$/.test(key)) v = tagInTemplate("it is very", key, "today") === "ADJ";
    adjectiveMemo.set(key, v);
  }
  return v;
}

/** True when the lexicon knows `word` as a noun that takes no plural (water, oxygen). */
export function isUncountable(word: string): boolean {
  return lexicon(word).tag === "Uncountable";
}

const PROPER_TAGS =
  /Place|Country|City|Region|Person|FirstName|LastName|MaleName|FemaleName|Organization|Company|Month|WeekDay|ProperNoun|Honorific|Demonym|Holiday|Religion|Currency/;

/** True when the lexicon knows `word` (lower-case) as a common word, not a name ("evaporation" is unknown, "spain" a country). */
export function isCommonWord(word: string): boolean {
  const { tag } = lexicon(word);
  if (tag === undefined) return canBeVerb(word) || canBeAdjective(word);
  const tags = Array.isArray(tag) ? (tag as string[]).join(",") : tag;
  return !PROPER_TAGS.test(tags);
}

let lexiconDoc: { isOOV(text: string): boolean } | undefined;

/**
 * True when wink-nlp's lexicon lists `word` (lower-case): its vocabulary of English words in lower case, which holds common nouns
 * compromise does not know ("nectar", "lecithin") and few names ("goliath", "thimphu" are not in it).
 */
export function inWordList(word: string): boolean {
  // (Its own vocabulary, not the words it has met since: the tagger adds each word it reads to the lexicon as "out of vocabulary".)
  lexiconDoc ??= getWink().readDoc("") as unknown as { isOOV(text: string): boolean };
  return !lexiconDoc.isOOV(word);
}

const properMemo = new Map<string, boolean>();

/**
 * True when a lexicon knows `word` (lower-case) as a name: compromise tags it as a place, person,
 * organisation … ("rome", "einstein"), or wink-nlp tags it as a proper noun even in lower case
 * ("argentina", "nigeria").
 */
export function isProperWord(word: string): boolean {
  const key = word.toLowerCase();
  let v = properMemo.get(key);
  if (v === undefined) {
    const { tag } = lexicon(key);
    const tags = Array.isArray(tag) ? (tag as string[]).join(",") : (tag ?? "");
    v = PROPER_TAGS.test(tags) || (/^[a-z]+$/.test(key) && tagInTemplate("they saw", key, "there") === "PROPN");
    properMemo.set(key, v);
  }
  return v;
}

const pluralMemo = new Map<string, boolean>();

/** compromise's guess, from its lexicon and suffix rules, that a word unknown to the lemmatiser is a plural noun ("decomposers"). */
export function looksPlural(word: string): boolean {
  const key = word.toLowerCase();
  let v = pluralMemo.get(key);
  if (v === undefined) {
    v = compromiseParser()(key).has("#Plural");
    pluralMemo.set(key, v);
  }
  return v;
}

/**
 * Number of a noun as the lexicon records it: "plural" (mice, criteria), "singular" (gas, species, physics), or undefined when it does not
 * say.
 */
export function lexicalNumber(word: string): "plural" | "singular" | undefined {
  const { tag } = lexicon(word);
  const tags = Array.isArray(tag) ? (tag as string[]) : tag ? [tag] : [];
  if (tags.includes("Plural")) return "plural";
  if (tags.some((t) => t === "Singular" || t === "Uncountable")) return "singular";
  return undefined;
}

/**
 * Strong verbs whose past or past participle compromise gets wrong ("can be ran", "has became", "was undertook"): base, past,
 * participle. Checked against a list of English irregular verbs in test/statements-verbs.test.ts.
 */
const STRONG_VERB_FORMS: Record<string, readonly [string, string]> = {
  bear: ["bore", "borne"],
  become: ["became", "become"],
  come: ["came", "come"],
  forgo: ["forwent", "forgone"],
  run: ["ran", "run"],
  spring: ["sprang", "sprung"],
  stink: ["stank", "stunk"],
  stride: ["strode", "stridden"],
  string: ["strung", "strung"],
  strive: ["strove", "striven"],
  tread: ["trod", "trodden"],
  wake: ["woke", "woken"],
  wed: ["wed", "wed"],
};

/** Prefixes that keep a strong verb strong ("overrun", "undertake", "foresee", "retell", "mistake"). */
const STRONG_PREFIX = /^(re|out|over|under|mis|fore|with|up)(.{3,})$/;
/** Prefixed verbs that are not the strong verb they end in: "relay" is regular. */
const NOT_PREFIXED = wordSet("relay");

const conjugations = new Map<string, Conjugation>();
function conjugate(lemma: string): Conjugation {
  const key = lemma.toLowerCase();
  let c = conjugations.get(key);
  if (!c) {
    c = strongForms(key) ?? compromiseConjugation(key);
    conjugations.set(key, c);
  }
  return c;
}

function compromiseConjugation(key: string): Conjugation {
  const w = getWorld();
  return w.methods.two.transform.verb.conjugate(key, w.model) ?? {};
}

/** The past and participle of a strong verb, prefixed or not ("undertake" → "undertook", "undertaken"); undefined for others. */
function strongForms(key: string): Conjugation | undefined {
  const own = STRONG_VERB_FORMS[key];
  if (own) return { ...compromiseConjugation(key), PastTense: own[0], Participle: own[1] };
  const prefixed = NOT_PREFIXED.has(key) ? null : STRONG_PREFIX.exec(key);
  if (!prefixed) return undefined;
  const [, prefix, base] = prefixed;
  const baseForms = STRONG_VERB_FORMS[base];
  const c = baseForms ? undefined : compromiseConjugation(base);
  const past = baseForms?.[0] ?? c?.PastTense;
  const participle = baseForms?.[1] ?? c?.Participle ?? past;
  // (Only a strong base, whose past is not base + "ed": "re" + "view" is left to compromise.)
  if (!past || !participle || past === `${base}ed` || past === `${base}d` || past === `${base.replace(/y$/, "")}ied`) return undefined;
  return { ...compromiseConjugation(key), PastTense: prefix + past, Participle: prefix + participle };
}

/** Keeps the capitalisation of `like` on an inflected form. */
function sameCase(form: string, like: string): string {
  return /^[A-Z]/.test(like) ? form[0].toUpperCase() + form.slice(1) : form;
}

const IRREGULAR_PRESENT: Record<string, string> = { be: "is", have: "has", do: "does", go: "goes" };

/** Third person singular present: absorb → absorbs, carry → carries, have → has. */
export function thirdPerson(verb: string): string {
  const v = verb.toLowerCase();
  return sameCase(IRREGULAR_PRESENT[v] ?? conjugate(v).PresentTense ?? `${v}s`, verb);
}

/**
 * A verb's finite and participle forms: "weave" → weave, weaves, wove, woven; with `withGerund`, weaving too. The checks ask whether a
 * statement says a question's verb in any of them.
 */
export function verbForms(lemma: string, withGerund = false): string[] {
  const forms = [lemma, thirdPerson(lemma), pastTense(lemma), pastParticiple(lemma)];
  return withGerund ? [...forms, gerund(lemma)] : forms;
}

/** Gerund: use → using, run → running, make → making. */
export function gerund(verb: string): string {
  const v = verb.toLowerCase();
  let form = conjugate(v).Gerund ?? "";
  // (compromise gives some verbs of one syllable no -ing, or a regular one with a wrong consonant: "grinning", "slamming", "heaping".)
  if (!form.endsWith("ing") || (oneSyllable(v) && (form === `${v}ing` || form === `${v}${v.at(-1)}ing`)))
    form = `${oneSyllable(v) ? doubledStem(v.replace(/(?<=[^e])e$/, "")) : v.replace(/(?<=[^e])e$/, "")}ing`;
  return sameCase(form, verb);
}

/** Nouns whose plural is not the regular -s or -es ("fish", "mouse", "child", "cactus", "potato", "leaf"). */
const IRREGULAR_PLURAL =
  /(?:fish|sheep|deer|moose|mouse|goose|man|person|child|tooth|foot|ox|cactus|fungus|species|series|[^aeiou]o|f|fe|is|us)$/;

/** Adverbs that say how often or how generally ("usually", "typically"): an answer's one takes the place of a question's. */
export const HOW_OFTEN_ADVERBS = ["usually", "typically", "generally", "normally", "often", "commonly", "mostly"] as const;

/** The plural of a noun for a person the question counts: "the first person" → "the first people". */
export const PERSON_PLURAL: Readonly<Record<string, string>> = { person: "people", man: "men", woman: "women" };

/** A noun's regular plural ("hummingbird" → "hummingbirds", "box" → "boxes", "fly" → "flies"); undefined for nouns with another one. */
export function regularPlural(noun: string): string | undefined {
  const lower = noun.toLowerCase();
  if (IRREGULAR_PLURAL.test(lower)) return undefined;
  return /(?:s|x|z|ch|sh)$/.test(lower) ? `${noun}es` : /[^aeiou]y$/.test(lower) ? `${noun.slice(0, -1)}ies` : `${noun}s`;
}

/** Past participle: see → seen, call → called, build → built. */
export function pastParticiple(verb: string): string {
  const v = verb.toLowerCase();
  if (v === "be") return sameCase("been", verb);
  if (v.endsWith("eep") && !STRONG_EEP.has(v)) return pastTense(verb);
  const c = conjugate(v);
  // (compromise's participle of "flow" is fly's "flown"; a regular past is the participle too.)
  return c.Participle && !(v.endsWith("ow") && !STRONG_OW.test(v) && !/^(?:show|sow|sew|mow)$/.test(v))
    ? sameCase(c.Participle, verb)
    : pastTense(verb);
}

/** Verbs in -eep whose past is -ept ("slept", "swept"); the others are regular ("steeped"). */
const STRONG_EEP = wordSet("sleep keep sweep weep creep oversleep");

/**
 * Verbs whose past is the infinitive. compromise gives the infinitive for some others too ("knead" → "knead", read as "read"), whose
 * past is the regular one.
 */
const UNCHANGED_PAST = wordSet(
  "read reread spread put cut set hit let shut cost hurt quit split burst cast bet bid broadcast thrust upset rid shed slit",
  "knit fit beat hurt forecast offset outbid input output preset reset typeset wed",
);

/** True when `word` (lower-case) is a verb whose past is its base form ("split", "cut"), which a tagger can read as a noun. */
export function pastIsBase(word: string): boolean {
  return UNCHANGED_PAST.has(word);
}

/** Verbs stressed on a final -l syllable, which double the l in American English too. */
const STRESSED_FINAL_L = wordSet(
  "compel expel repel propel excel dispel impel rebel control patrol extol annul enthral distil",
  "instil fulfil enrol",
);

/** Simple past: invent → invented, fall → fell, stop → stopped. */
export function pastTense(verb: string): string {
  const v = verb.toLowerCase();
  if (v === "be") return sameCase("was", verb);
  let past = conjugate(v).PastTense ?? `${v}ed`;
  if (past === v && !UNCHANGED_PAST.has(v)) past = /e$/.test(v) ? `${v}d` : `${v}ed`;
  // (compromise's "-eep → -ept" rule is right only for the old strong verbs: "steeped", "beeped", not "stept".)
  if (past.endsWith("ept") && v.endsWith("eep") && !STRONG_EEP.has(v)) past = `${v}ed`;
  // American spelling: traveled, canceled, labeled (compromise doubles the l), but compelled, controlled.
  if (/[aeiou]l$/.test(v) && past === `${v}led` && !STRESSED_FINAL_L.has(v)) past = `${v}ed`;
  // (Nor is its "-ow → -ew" rule right beyond the old strong verbs: "snowed", not "snew".)
  if (v.endsWith("ow") && past.endsWith("ew") && !STRONG_OW.test(v)) past = `${v}ed`;
  // (A verb of one syllable doubles its consonant after one short vowel only: "grinned", "patted", "heaped", not "grined", "heapped".)
  if (oneSyllable(v) && (past === `${v}ed` || past === `${v}${v.at(-1)}ed`)) past = `${doubledStem(v)}ed`;
  return sameCase(past, verb);
}

/** Verbs in -ow whose past is -ew ("knew", "grew", "outgrew"); the others are regular ("snowed", "flowed"). */
const STRONG_OW = /(?:know|grow|blow|throw)$/;

/** One vowel letter before one final consonant, in one syllable ("grin", "pat", "skip"): the consonant doubles before -ed and -ing. */
const SHORT_SYLLABLE = /^[^aeiouy]*[aeiou][bdgklmnprtvz]$/;

/** The stem a regular -ed or -ing goes on for a verb of one syllable: "grin" → "grinn", "heap" → "heap". */
function doubledStem(v: string): string {
  return SHORT_SYLLABLE.test(v) ? `${v}${v.at(-1)}` : v;
}

/** True for a word of one syllable: one group of vowel letters, a final silent "e" aside ("grin", "heap", "shine"). */
function oneSyllable(v: string): boolean {
  return /^[a-z]+$/.test(v) && (v.replace(/(?<=[^aeiouy])e$/, "").match(/[aeiouy]+/g) ?? []).length === 1;
}
