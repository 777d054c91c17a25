/**
 * A port of NLTK's `PorterStemmer` (nltk/stem/porter.py), all three modes,
 * NLTK_EXTENSIONS (NLTK's default, used by METEOR and by rouge-score's
 * `use_stemmer=True`) included with its irregular-forms pool and its
 * departures from the published algorithm.
 *
 * Versions: NLTK 3.8 (Debian's) and 3.9.4 (the paper's) stem identically. A
 * later NLTK (nltk#3568, 2026) looks the pool up with the lower-cased word;
 * 3.9.4 looks up the word as given, so "Skies" stems to "ski" while "skies"
 * stems to "sky". That is kept here. NLTK 3.10 also made the consonant test
 * iterative, which does not change results.
 *
 * Python counts code points, JavaScript strings count UTF-16 units; a word
 * with astral characters is therefore stemmed with one-unit stand-ins for
 * them (`toCodeUnits`), so lengths, "last letter" and double-letter tests
 * agree with Python on any input. Checked against NLTK on ~203k words
 * (every WordNet 3.0 lemma and part, 50k random strings, odd Unicode) in all
 * three modes.
 */

export type PorterMode = "NLTK_EXTENSIONS" | "MARTIN_EXTENSIONS" | "ORIGINAL_ALGORITHM";

export interface PorterOptions {
  /** Default "NLTK_EXTENSIONS", as `PorterStemmer()`. */
  mode?: PorterMode;
  /** Lower-case before stemming (NLTK's default, `to_lowercase=True`). */
  toLowercase?: boolean;
}

type Condition = ((word: string, stemLength: number) => boolean) | null;
/** Suffix, replacement, condition on the stem (the word without the suffix, given by its length). */
type Rule = readonly [suffix: string, replacement: string, condition: Condition];

/**
 * The NLTK_EXTENSIONS table of irregular forms, form → stem: "the errors
 * actually drawn to Martin Porter's attention over a 20 year period".
 */
const IRREGULAR_FORMS: Readonly<Record<string, readonly string[]>> = {
  sky: ["sky", "skies"],
  die: ["dying"],
  lie: ["lying"],
  tie: ["tying"],
  news: ["news"],
  inning: ["innings", "inning"],
  outing: ["outings", "outing"],
  canning: ["cannings", "canning"],
  howe: ["howe"],
  proceed: ["proceed"],
  exceed: ["exceed"],
  succeed: ["succeed"],
};

const POOL: ReadonlyMap<string, string> = new Map(
  Object.entries(IRREGULAR_FORMS).flatMap(([stem, forms]) => forms.map((form) => [form, stem] as const)),
);

// The stemmer works on strings in which every character is one code point
// (see `toCodeUnits`), so indices and lengths are Python's.

/** Only lower-case a, e, i, o, u are vowels (an upper-case A is a consonant, as in NLTK). */
function isVowelLetter(ch: string): boolean {
  return ch === "a" || ch === "e" || ch === "i" || ch === "o" || ch === "u";
}

/** NLTK's `_is_consonant`: y is a consonant at the start or after a vowel. Looks at word[0..i] only. */
function isConsonant(word: string, i: number): boolean {
  // A run of y's alternates; walk back to the first non-y letter (or the start).
  let negate = false;
  while (word[i] === "y") {
    if (i === 0) return !negate;
    negate = !negate;
    i--;
  }
  return isVowelLetter(word[i]) === negate;
}

/** m of the stem word[0..n): the number of vowel-consonant transitions ([C](VC){m}[V]). */
function measure(word: string, n: number): number {
  let m = 0;
  let previousVowel = false;
  for (let i = 0; i < n; i++) {
    const consonant = isConsonant(word, i);
    if (consonant && previousVowel) m++;
    previousVowel = !consonant;
  }
  return m;
}

const positiveMeasure: Condition = (word, n) => measure(word, n) > 0;
const measureAbove1: Condition = (word, n) => measure(word, n) > 1;

function containsVowel(word: string, n: number): boolean {
  for (let i = 0; i < n; i++) if (!isConsonant(word, i)) return true;
  return false;
}

/** Condition *d: ends with a double consonant. */
function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** Condition *o on word[0..n): ends consonant-vowel-consonant, the last not w, x or y (NLTK also accepts a two-letter vc stem). */
function endsCvc(word: string, n: number, mode: PorterMode): boolean {
  return (
    (n >= 3 &&
      isConsonant(word, n - 3) &&
      !isConsonant(word, n - 2) &&
      isConsonant(word, n - 1) &&
      word[n - 1] !== "w" &&
      word[n - 1] !== "x" &&
      word[n - 1] !== "y") ||
    (mode === "NLTK_EXTENSIONS" && n === 2 && !isConsonant(word, 0) && isConsonant(word, 1))
  );
}

/**
 * `_apply_rule_list`: the first rule whose suffix matches decides, whether or
 * not its condition holds. (The "*d" pseudo-suffix of step 1b is handled there.)
 */
function applyRuleList(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (word.endsWith(suffix)) {
      const n = word.length - suffix.length;
      return condition === null || condition(word, n) ? word.slice(0, n) + replacement : word;
    }
  }
  return word;
}

const STEP1A_RULES: readonly Rule[] = [
  ["sses", "ss", null],
  ["ies", "i", null],
  ["ss", "ss", null],
  ["s", "", null],
];

function step1a(word: string, mode: PorterMode): string {
  // NLTK: 'flies' -> 'fli' but 'dies' -> 'die'.
  if (mode === "NLTK_EXTENSIONS" && word.length === 4 && word.endsWith("ies")) return word.slice(0, 1) + "ie";
  return applyRuleList(word, STEP1A_RULES);
}

function step1b(word: string, mode: PorterMode): string {
  // NLTK: 'spied' -> 'spi' but 'died' -> 'die'.
  if (mode === "NLTK_EXTENSIONS" && word.endsWith("ied")) return word.slice(0, -3) + (word.length === 4 ? "ie" : "i");
  if (word.endsWith("eed")) {
    const n = word.length - 3;
    return measure(word, n) > 0 ? word.slice(0, n) + "ee" : word;
  }
  let stem: string | undefined;
  for (const suffix of ["ed", "ing"]) {
    if (word.endsWith(suffix) && containsVowel(word, word.length - suffix.length)) {
      stem = word.slice(0, word.length - suffix.length);
      break;
    }
  }
  if (stem === undefined) return word;
  // NLTK's rule list on the stem, in order: AT -> ATE, BL -> BLE, IZ -> IZE,
  // (*d and not (*L or *S or *Z)) -> single letter, (m=1 and *o) -> E.
  // The stem contains a vowel, so it is not empty.
  const last = stem[stem.length - 1];
  if (stem.endsWith("at")) return stem.slice(0, -2) + "ate";
  if (stem.endsWith("bl")) return stem.slice(0, -2) + "ble";
  if (stem.endsWith("iz")) return stem.slice(0, -2) + "ize";
  const keepsDouble = last === "l" || last === "s" || last === "z";
  // NLTK tests the double consonant first, then the literal suffix "*d".
  if (endsDoubleConsonant(stem) || stem.endsWith("*d")) return keepsDouble ? stem : stem.slice(0, -2) + last;
  return measure(stem, stem.length) === 1 && endsCvc(stem, stem.length, mode) ? stem + "e" : stem;
}

function step1c(word: string, mode: PorterMode): string {
  // NLTK: y -> i only after a consonant that is not the whole stem ('happy' -> 'happi', 'enjoy' stays).
  const condition: Condition = mode === "NLTK_EXTENSIONS" ? (w, n) => n > 1 && isConsonant(w, n - 1) : containsVowel;
  return applyRuleList(word, [["y", "i", condition]]);
}

const STEP2_HEAD: readonly Rule[] = [
  ["ational", "ate", positiveMeasure],
  ["tional", "tion", positiveMeasure],
  ["enci", "ence", positiveMeasure],
  ["anci", "ance", positiveMeasure],
  ["izer", "ize", positiveMeasure],
];
const STEP2_TAIL: readonly Rule[] = [
  ["alli", "al", positiveMeasure],
  ["entli", "ent", positiveMeasure],
  ["eli", "e", positiveMeasure],
  ["ousli", "ous", positiveMeasure],
  ["ization", "ize", positiveMeasure],
  ["ation", "ate", positiveMeasure],
  ["ator", "ate", positiveMeasure],
  ["alism", "al", positiveMeasure],
  ["iveness", "ive", positiveMeasure],
  ["fulness", "ful", positiveMeasure],
  ["ousness", "ous", positiveMeasure],
  ["aliti", "al", positiveMeasure],
  ["iviti", "ive", positiveMeasure],
  ["biliti", "ble", positiveMeasure],
];
const STEP2_RULES: Readonly<Record<PorterMode, readonly Rule[]>> = {
  ORIGINAL_ALGORITHM: [...STEP2_HEAD, ["abli", "able", positiveMeasure], ...STEP2_TAIL],
  MARTIN_EXTENSIONS: [...STEP2_HEAD, ["bli", "ble", positiveMeasure], ...STEP2_TAIL, ["logi", "log", positiveMeasure]],
  NLTK_EXTENSIONS: [
    ...STEP2_HEAD,
    ["bli", "ble", positiveMeasure],
    ...STEP2_TAIL,
    ["fulli", "ful", positiveMeasure],
    // The 'l' of 'logi' stays with the stem, so 'geo', 'theo' work like 'archaeo'.
    ["logi", "log", (w) => measure(w, w.length - 3) > 0],
  ],
};

function step2(word: string, mode: PorterMode): string {
  if (mode === "NLTK_EXTENSIONS" && word.endsWith("alli") && measure(word, word.length - 4) > 0) {
    // NLTK applies ALLI -> AL first and runs step 2 again on the result.
    return step2(word.slice(0, -4) + "al", mode);
  }
  return applyRuleList(word, STEP2_RULES[mode]);
}

const STEP3_RULES: readonly Rule[] = [
  ["icate", "ic", positiveMeasure],
  ["ative", "", positiveMeasure],
  ["alize", "al", positiveMeasure],
  ["iciti", "ic", positiveMeasure],
  ["ical", "ic", positiveMeasure],
  ["ful", "", positiveMeasure],
  ["ness", "", positiveMeasure],
];

const STEP4_RULES: readonly Rule[] = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
].map((suffix) =>
  suffix === "ion"
    ? ([suffix, "", (w: string, n: number) => measure(w, n) > 1 && (w[n - 1] === "s" || w[n - 1] === "t")] as const)
    : ([suffix, "", measureAbove1] as const),
);

function step5a(word: string, mode: PorterMode): string {
  // Both rules are tried here, unlike _apply_rule_list.
  if (word.endsWith("e")) {
    const n = word.length - 1;
    const m = measure(word, n);
    if (m > 1) return word.slice(0, n);
    if (m === 1 && !endsCvc(word, n, mode)) return word.slice(0, n);
  }
  return word;
}

const STEP5B_RULES: readonly Rule[] = [["ll", "l", (w) => measure(w, w.length - 1) > 1]];

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Rewrites `text` so that every code point is one UTF-16 unit: each astral
 * character becomes a private-use character the text does not contain. The
 * stemmer only compares characters with each other and with ASCII letters,
 * so it treats the stand-ins exactly as Python treats the originals.
 */
function toCodeUnits(text: string): { text: string; restore: (stem: string) => string } {
  if (!SURROGATE.test(text)) return { text, restore: (stem) => stem };
  const standIn = new Map<string, string>();
  const original = new Map<string, string>();
  let next = 0xe000;
  let out = "";
  for (const ch of text) {
    if (ch.length === 1) {
      out += ch;
      continue;
    }
    let mapped = standIn.get(ch);
    if (mapped === undefined) {
      while (text.includes(String.fromCharCode(next))) next++;
      mapped = String.fromCharCode(next++);
      standIn.set(ch, mapped);
      original.set(mapped, ch);
    }
    out += mapped;
  }
  return { text: out, restore: (stem) => Array.from(stem, (ch) => original.get(ch) ?? ch).join("") };
}

/**
 * NLTK's `PorterStemmer(mode).stem(word, to_lowercase)`. Words of one or two
 * code points are only lower-cased (except in ORIGINAL_ALGORITHM mode).
 */
export function porterStem(word: string, options: PorterOptions = {}): string {
  const mode = options.mode ?? "NLTK_EXTENSIONS";
  const lowered = options.toLowercase === false ? word : word.toLowerCase();
  // NLTK 3.9.4 tests the word as given, not lower-cased (see the module comment).
  if (mode === "NLTK_EXTENSIONS") {
    const irregular = POOL.get(word);
    if (irregular !== undefined) return irregular;
  }
  if (mode !== "ORIGINAL_ALGORITHM" && codePointLength(word) <= 2) return lowered;
  const { text, restore } = toCodeUnits(lowered);
  let stem = step1a(text, mode);
  stem = step1b(stem, mode);
  stem = step1c(stem, mode);
  stem = step2(stem, mode);
  stem = applyRuleList(stem, STEP3_RULES);
  stem = applyRuleList(stem, STEP4_RULES);
  stem = step5a(stem, mode);
  stem = applyRuleList(stem, STEP5B_RULES);
  return restore(stem);
}

function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/**
 * A memoising `porterStem` for one mode: metrics stem the same few thousand
 * word types over and over. The cache is dropped when it grows past `limit`.
 */
export function cachedPorterStemmer(options: PorterOptions = {}, limit = 200_000): (word: string) => string {
  const cache = new Map<string, string>();
  return (word) => {
    let stem = cache.get(word);
    if (stem === undefined) {
      if (cache.size >= limit) cache.clear();
      stem = porterStem(word, options);
      cache.set(word, stem);
    }
    return stem;
  };
}
