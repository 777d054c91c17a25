/**
 * A port of NLTK 3.9.4's `word_tokenize` (nltk/tokenize/__init__.py), its
 * `NLTKWordTokenizer` (nltk/tokenize/destructive.py) and the inference half of
 * the Punkt sentence splitter (nltk/tokenize/punkt.py).
 *
 * The word tokenizer is a rule-for-rule port: every regex of
 * `NLTKWordTokenizer.tokenize`, in NLTK's order. The rules are those of NLTK
 * 3.9.4, which differ from NLTK 3.8 in two places (both marked below): the
 * ENDING_QUOTES whitespace collapse (3.9, nltk#3224) and the figure/en/em dash
 * and horizontal bar padding (3.9.3, nltk#3461). The opening-single-quote rule
 * is still the 3.8 one: its rewrite (nltk#3687) came after 3.9.4.
 *
 * Python `re` and JavaScript regexes differ, so the patterns are rewritten with
 * the classes below: Python's `\s`, `\w`, `\d` and `\b` are Unicode-aware on
 * `str` patterns, JavaScript's are ASCII-only; Python's `$` also matches before
 * a final newline. A one-off comparison over all code points with CPython 3.11
 * (Unicode 14) found these classes, and the upper/lower-case tests Punkt uses,
 * equal except on characters added or recategorised after Unicode 14 (Node
 * knows a newer Unicode). One known residue: under `(?i)` Python also equates
 * `ı` (U+0131) with `i`, JavaScript does not; it only matters for input such
 * as "gımme" in the contraction rules.
 *
 * Sentence splitting: NLTK's `sent_tokenize` runs Punkt with parameters
 * trained on English text (the `punkt_tab` data), which is not available here.
 * `sentTokenize` runs the same Punkt decision procedure (ported, not
 * approximated) with a small fixed parameter set, `PUNKT_PARAMETERS`. It can
 * differ from NLTK's trained English model exactly where the parameters do:
 *  - abbreviations: only `PUNKT_ABBREVIATIONS` are known. A period-final word
 *    that the trained model knows as an abbreviation but this list lacks
 *    (US state abbreviations, say) ends a sentence here, and a listed word
 *    the model lacks does not;
 *  - orthographic context: the trained model records, for thousands of word
 *    types, whether each was seen capitalised or in lower case at sentence
 *    starts and inside sentences. Here only `PUNKT_SENTENCE_STARTERS` are
 *    recorded (lower case inside sentences, capitalised at their start). The
 *    context decides what follows an abbreviation, an ellipsis, an initial or
 *    a number: a capitalised listed word ("etc. The") starts a sentence; a
 *    capitalised word not listed is "unknown", so the sentence goes on after
 *    an abbreviation, an ellipsis or an initial ("J. Bach"), but ends after a
 *    number ("in 2003. Then"); a lower-case word never starts one there;
 *  - collocations and frequent sentence starters: none are known here; the
 *    trained model has learned lists of both.
 * Everything else is NLTK's code: which characters can end a sentence, how
 * words and candidate contexts are found, the two annotation passes and the
 * realignment of closing quotes and brackets. The fixture tests compare it
 * with NLTK's `PunktSentenceTokenizer` given these same parameters.
 */

import { pyRstrip, pySplit, pyStrip } from "./python-string.js";

// ---------------------------------------------------------------------------
// Python `re` character classes, for `str` patterns.

/** Characters matched by Python's `\s` (and stripped by `str.split/strip`). */
const PY_SPACE_CHARS = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
/** Python `\s`. */
const S = `[${PY_SPACE_CHARS}]`;
/** Python `\S`. */
const NS = `[^${PY_SPACE_CHARS}]`;
/** Python `\w`: letters, numbers (Nd, Nl, No) and underscore. */
const W = "[\\p{L}\\p{N}_]";
/** Python `\b`: a boundary between a `\w` and a non-`\w` (or the text's ends). */
const B = `(?:(?<=${W})(?!${W})|(?<!${W})(?=${W}))`;
/** Python `$` without MULTILINE: the end, or just before a final newline. */
const END = "(?=\\n?$)";

/** A global, Unicode regex: Python's `re.sub` replaces every match. */
function rx(source: string, flags = ""): RegExp {
  return new RegExp(source, `gu${flags}`);
}

/**
 * A rewrite rule: pattern, replacement, and optionally a guard, a cheap
 * pattern that any text the rule can match also matches (a literal the rule
 * needs, under the same flags). Guards only skip rules that cannot apply, for
 * speed; the rules with word-boundary lookarounds are costly to run.
 */
type Rule = readonly [RegExp, string, RegExp?];

function applyRules(text: string, rules: readonly Rule[]): string {
  let out = text;
  for (const [pattern, replacement, guard] of rules) {
    if (guard !== undefined && !guard.test(out)) continue;
    out = out.replace(pattern, replacement);
  }
  return out;
}

const NEEDS_PERIOD = /\./;
const NEEDS_COLON_OR_COMMA = /[:,]/;
const NEEDS_APOSTROPHE = /'/;

// ---------------------------------------------------------------------------
// NLTKWordTokenizer (nltk/tokenize/destructive.py, NLTK 3.9.4).

const STARTING_QUOTES: readonly Rule[] = [
  [rx("([«“‘„]|[`]+)"), " $1 ", /[«“‘„`]/u],
  [rx('^"'), "``"],
  [rx("(``)"), " $1 "],
  [rx(`([ ([{<])("|'{2})`), "$1 `` ", /["']/],
  // (?i)(\')(?!re|ve|ll|m|t|s|d|n)(\w)\b -- the NLTK 3.8 .. 3.9.4 form.
  [rx(`(')(?!re|ve|ll|m|t|s|d|n)(${W})${B}`, "i"), "$1 $2", NEEDS_APOSTROPHE],
];

const PUNCTUATION: readonly Rule[] = [
  [rx(`([^.])(\\.)([\\])}>"'»”’ ]*)${S}*${END}`), "$1 $2 $3 ", NEEDS_PERIOD],
  [rx("([:,])([^\\p{Nd}])"), " $1 $2", NEEDS_COLON_OR_COMMA],
  [rx(`([:,])${END}`), " $1 ", NEEDS_COLON_OR_COMMA],
  [rx("\\.{2,}"), " $& ", NEEDS_PERIOD],
  [rx("[;@#$%&]"), " $& "],
  // Figure dash, en dash, em dash, horizontal bar: added in NLTK 3.9.3.
  [rx("[\\u2012-\\u2015]"), " $& "],
  // The final period.
  [rx(`([^.])(\\.)([\\])}>"']*)${S}*${END}`), "$1 $2$3 ", NEEDS_PERIOD],
  [rx("[?!]"), " $& "],
  [rx("([^'])' "), "$1 ' ", NEEDS_APOSTROPHE],
  [rx("[*]"), " $& "],
];

const PARENS_BRACKETS: Rule = [rx("[\\][(){}<>]"), " $& "];

/** Optional in NLTK (`convert_parentheses=True`), off in `word_tokenize`. */
const CONVERT_PARENTHESES: readonly Rule[] = [
  [rx("\\("), "-LRB-"],
  [rx("\\)"), "-RRB-"],
  [rx("\\["), "-LSB-"],
  [rx("\\]"), "-RSB-"],
  [rx("\\{"), "-LCB-"],
  [rx("\\}"), "-RCB-"],
];

const DOUBLE_DASHES: Rule = [rx("--"), " -- "];

const ENDING_QUOTES: readonly Rule[] = [
  [rx("([»”’])"), " $1 "],
  [rx("''"), " '' "],
  [rx('"'), " '' "],
  // Collapse whitespace so the clitic rules below see a plain space: NLTK 3.9.
  [rx(`${S}+`), " "],
  [rx("([^' ])('[sS]|'[mM]|'[dD]|') "), "$1 $2 ", NEEDS_APOSTROPHE],
  [rx("([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) "), "$1 $2 ", NEEDS_APOSTROPHE],
];

/**
 * MacIntyre's contractions; CONTRACTIONS4 is unused in NLTK too. Each is
 * guarded by the word it splits, matched with the same (case-insensitive,
 * Unicode) flags: most text has none of them.
 */
const CONTRACTIONS: readonly Rule[] = [
  [`${B}(can)(not)${B}`, "cannot"],
  [`${B}(d)('ye)${B}`, "d'ye"],
  [`${B}(gim)(me)${B}`, "gimme"],
  [`${B}(gon)(na)${B}`, "gonna"],
  [`${B}(got)(ta)${B}`, "gotta"],
  [`${B}(lem)(me)${B}`, "lemme"],
  [`${B}(more)('n)${B}`, "more'n"],
  [`${B}(wan)(na)(?=${S})`, "wanna"],
  [` ('t)(is)${B}`, " 'tis"],
  [` ('t)(was)${B}`, " 'twas"],
].map(([source, word]) => [rx(source, "i"), " $1 $2 ", new RegExp(word, "iu")] as const);

/**
 * NLTK's `NLTKWordTokenizer().tokenize(text)`: the improved Treebank
 * tokenizer, for text that is already one sentence.
 */
export function treebankWordTokenize(text: string, options: { convertParentheses?: boolean } = {}): string[] {
  let out = applyRules(text, STARTING_QUOTES);
  out = applyRules(out, PUNCTUATION);
  out = applyRules(out, [PARENS_BRACKETS]);
  if (options.convertParentheses) out = applyRules(out, CONVERT_PARENTHESES);
  out = applyRules(out, [DOUBLE_DASHES]);
  out = ` ${out} `;
  out = applyRules(out, ENDING_QUOTES);
  out = applyRules(out, CONTRACTIONS);
  return pySplit(out);
}

// ---------------------------------------------------------------------------
// Punkt (nltk/tokenize/punkt.py): the sentence tokenizer's decision procedure.

/** Orthographic context flags, as in punkt.py. */
const ORTHO_BEG_UC = 1 << 1;
const ORTHO_MID_UC = 1 << 2;
const ORTHO_UNK_UC = 1 << 3;
const ORTHO_BEG_LC = 1 << 4;
const ORTHO_MID_LC = 1 << 5;
const ORTHO_UNK_LC = 1 << 6;
const ORTHO_UC = ORTHO_BEG_UC + ORTHO_MID_UC + ORTHO_UNK_UC;
const ORTHO_LC = ORTHO_BEG_LC + ORTHO_MID_LC + ORTHO_UNK_LC;

/** The parameters Punkt learns in training; see the module comment. */
export interface PunktParameters {
  /** Abbreviation types: lower case, without the final period. */
  readonly abbrevTypes: ReadonlySet<string>;
  /** Pairs `${type1}\n${type2}` where type1 ended in a period but no sentence. */
  readonly collocations: ReadonlySet<string>;
  readonly sentStarters: ReadonlySet<string>;
  /** Orthographic context flags by word type. */
  readonly orthoContext: ReadonlyMap<string, number>;
}

/** Common English abbreviations; the trained model knows many more. */
export const PUNKT_ABBREVIATIONS: readonly string[] = [
  // titles
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "jr",
  "sr",
  "st",
  "rev",
  "gen",
  "gov",
  "sen",
  "rep",
  "lt",
  "col",
  "capt",
  "sgt",
  "messrs",
  // Latin and references
  "e.g",
  "i.e",
  "etc",
  "vs",
  "cf",
  "al",
  "viz",
  "approx",
  "ca",
  "fig",
  "vol",
  "pp",
  // organisations and places
  "inc",
  "corp",
  "co",
  "ltd",
  "bros",
  "dept",
  "univ",
  "u.s",
  "u.k",
  "u.n",
  "u.s.a",
  "mt",
  "ft",
  // time
  "a.m",
  "p.m",
  "jan",
  "feb",
  "aug",
  "sept",
  "oct",
  "nov",
  "dec",
];

/**
 * Words that often start a sentence and are otherwise written in lower case,
 * marked as such: after an abbreviation, an ellipsis, an initial or a number,
 * their capitalised form signals a new sentence, as in the trained model.
 */
export const PUNKT_SENTENCE_STARTERS: readonly string[] = [
  "the",
  "a",
  "an",
  "this",
  "that",
  "these",
  "those",
  "it",
  "its",
  "he",
  "she",
  "they",
  "we",
  "you",
  "there",
  "here",
  "his",
  "her",
  "their",
  "our",
  "my",
  "in",
  "on",
  "at",
  "for",
  "but",
  "and",
  "or",
  "so",
  "if",
  "when",
  "while",
  "after",
  "before",
  "however",
  "then",
  "as",
  "what",
  "which",
  "who",
  "how",
  "why",
  "where",
  "some",
  "many",
  "most",
  "all",
  "each",
  "one",
  "to",
  "of",
  "with",
  "from",
  "by",
  "also",
  "both",
  "because",
];

/** The fixed parameters `sentTokenize` uses in place of the trained model. */
export const PUNKT_PARAMETERS: PunktParameters = {
  abbrevTypes: new Set(PUNKT_ABBREVIATIONS),
  collocations: new Set(),
  sentStarters: new Set(),
  orthoContext: new Map(PUNKT_SENTENCE_STARTERS.map((word) => [word, ORTHO_BEG_UC | ORTHO_MID_LC])),
};

const SENT_END_CHARS = [".", "?", "!"];
const HAS_SENT_END_CHAR = /[.?!]/;
const PUNKT_PUNCTUATION = [";", ":", ",", ".", "!", "?"];
/** `string.whitespace`, which `_get_last_whitespace_index` uses: ASCII only. */
const ASCII_WHITESPACE = " \t\n\r\v\f";

const NON_WORD = `(?:[)";}\\]*:@'({\\[?!])`;
const MULTI_CHAR = `(?:-{2,}|\\.{2,}|(?:\\.${S}){2,}\\.)`;
const WORD_START = '[^("`{\\[:;&#*@)}\\]\\-,]';
const PUNKT_WORD = rx(
  `${MULTI_CHAR}` +
    `|(?=${WORD_START})${NS}+?(?=${S}|${END}|${NON_WORD}|${MULTI_CHAR}|,(?=${END}|${S}|${NON_WORD}|${MULTI_CHAR}))` +
    `|${NS}`,
);
/** A potential sentence end; group 1 is `after_tok`, group 2 `next_tok`. */
const PERIOD_CONTEXT = rx(`[.?!](?=(${NON_WORD}|${S}+(${NS}+)))`);
/** Multiline `$`: before a newline or at the end. */
const BOUNDARY_REALIGNMENT = new RegExp(`^["')\\]}]+?(?:${S}+|(?=--)|(?=\\n|$))`, "u");

const RE_NUMERIC = new RegExp(`^-?[.,]?\\p{Nd}[\\p{Nd},.\\-]*\\.?${END}`, "u");
const RE_ELLIPSIS = /^\.\.+$/u;
/** `[^\W\d]\.$`: a word character that is not a decimal digit, then a period. */
const RE_INITIAL = /^[\p{L}\p{Nl}\p{No}_]\.$/u;
const RE_FIRST_UPPER = /^\p{Uppercase}/u;
const RE_FIRST_LOWER = /^\p{Lowercase}/u;

/** A Punkt token and its annotations (PunktToken). */
interface PunktToken {
  readonly tok: string;
  readonly type: string;
  readonly periodFinal: boolean;
  sentbreak: boolean;
  abbr: boolean;
  ellipsis: boolean;
}

function makeToken(tok: string): PunktToken {
  return {
    tok,
    type: tok.toLowerCase().replace(RE_NUMERIC, "##number##"),
    periodFinal: tok.endsWith("."),
    sentbreak: false,
    abbr: false,
    ellipsis: false,
  };
}

function typeNoPeriod(token: PunktToken): string {
  const { type } = token;
  return type.length > 1 && type.endsWith(".") ? type.slice(0, -1) : type;
}

function typeNoSentperiod(token: PunktToken): string {
  return token.sentbreak ? typeNoPeriod(token) : token.type;
}

/** Punkt's word segmentation, line by line (`_tokenize_words`). */
function punktWords(text: string): PunktToken[] {
  const tokens: PunktToken[] = [];
  for (const line of text.split("\n")) {
    if (pyStrip(line) === "") continue;
    for (const match of line.matchAll(PUNKT_WORD)) tokens.push(makeToken(match[0]));
  }
  return tokens;
}

/** Type-based annotation (`_first_pass_annotation`). */
function firstPass(token: PunktToken, params: PunktParameters): void {
  const { tok } = token;
  if (SENT_END_CHARS.includes(tok)) {
    token.sentbreak = true;
  } else if (RE_ELLIPSIS.test(tok)) {
    token.ellipsis = true;
  } else if (token.periodFinal && !tok.endsWith("..")) {
    const stem = tok.slice(0, -1).toLowerCase();
    const lastPart = stem.split("-").pop() ?? stem;
    if (params.abbrevTypes.has(stem) || params.abbrevTypes.has(lastPart)) token.abbr = true;
    else token.sentbreak = true;
  }
}

type Ortho = true | false | "unknown";

/** Whether a token starts a sentence, by its orthography (`_ortho_heuristic`). */
function orthoHeuristic(token: PunktToken, params: PunktParameters): Ortho {
  if (PUNKT_PUNCTUATION.includes(token.tok)) return false;
  const ortho = params.orthoContext.get(typeNoSentperiod(token)) ?? 0;
  const firstUpper = RE_FIRST_UPPER.test(token.tok);
  if (firstUpper && ortho & ORTHO_LC && !(ortho & ORTHO_MID_UC)) return true;
  if (RE_FIRST_LOWER.test(token.tok) && (ortho & ORTHO_UC || !(ortho & ORTHO_BEG_LC))) return false;
  return "unknown";
}

/** Token-pair reclassification (`_second_pass_annotation`), updating `tok1`. */
function secondPass(tok1: PunktToken, tok2: PunktToken, params: PunktParameters): void {
  if (!tok1.periodFinal) return;
  const type = typeNoPeriod(tok1);
  const nextType = typeNoSentperiod(tok2);
  const isInitial = RE_INITIAL.test(tok1.tok);

  // Types never hold a newline (Punkt tokenizes line by line), so it can join a pair.
  if (params.collocations.has(`${type}\n${nextType}`)) {
    tok1.sentbreak = false;
    tok1.abbr = true;
    return;
  }

  if ((tok1.abbr || tok1.ellipsis) && !isInitial) {
    if (orthoHeuristic(tok2, params) === true) {
      tok1.sentbreak = true;
      return;
    }
    if (RE_FIRST_UPPER.test(tok2.tok) && params.sentStarters.has(nextType)) {
      tok1.sentbreak = true;
      return;
    }
  }

  if (isInitial || type === "##number##") {
    const isSentStarter = orthoHeuristic(tok2, params);
    if (isSentStarter === false) {
      tok1.sentbreak = false;
      tok1.abbr = true;
      return;
    }
    if (
      isSentStarter === "unknown" &&
      isInitial &&
      RE_FIRST_UPPER.test(tok2.tok) &&
      !((params.orthoContext.get(nextType) ?? 0) & ORTHO_LC)
    ) {
      tok1.sentbreak = false;
      tok1.abbr = true;
    }
  }
}

/**
 * Whether `context` holds a sentence break before its last token
 * (`text_contains_sentbreak`). The second pass for a pair sees the next
 * token's first-pass annotation only, as NLTK's generator pipeline does.
 */
function containsSentbreak(context: string, params: PunktParameters): boolean {
  const tokens = punktWords(context);
  for (const token of tokens) firstPass(token, params);
  for (let i = 0; i + 1 < tokens.length; i++) {
    secondPass(tokens[i], tokens[i + 1], params);
    if (tokens[i].sentbreak) return true;
  }
  return false;
}

/** Index of the last ASCII whitespace in `text`, or 0 (`_get_last_whitespace_index`). */
function lastWhitespaceIndex(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) if (ASCII_WHITESPACE.includes(text[i])) return i;
  return 0;
}

interface Span {
  start: number;
  stop: number;
}

interface EndContext {
  /** Index just past the sentence-end character. */
  end: number;
  /** Start of the following token, or -1 when punctuation follows instead. */
  nextTokStart: number;
  context: string;
}

/**
 * Candidate sentence ends with the word before and the token after each
 * (`_match_potential_end_contexts`); of overlapping candidates
 * ("acting!!!") only the last is kept.
 */
function potentialEndContexts(text: string): EndContext[] {
  const out: EndContext[] = [];
  let previous: { match: RegExpMatchArray; slice: Span } | undefined;
  const emit = (match: RegExpMatchArray, slice: Span): void => {
    const start = match.index ?? 0;
    const afterTok = match[1];
    const nextTok = match[2];
    out.push({
      end: start + 1,
      nextTokStart: nextTok === undefined ? -1 : start + 1 + afterTok.length - nextTok.length,
      context: text.slice(slice.start, slice.stop) + match[0] + afterTok,
    });
  };
  let previousSlice: Span = { start: 0, stop: 0 };
  for (const match of text.matchAll(PERIOD_CONTEXT)) {
    const start = match.index ?? 0;
    const before = text.slice(previousSlice.stop, start);
    let wordStart = lastWhitespaceIndex(before);
    wordStart = wordStart ? wordStart + previousSlice.stop + 1 : previousSlice.start;
    const slice: Span = { start: wordStart, stop: start };
    if (previous && previousSlice.stop <= slice.start) emit(previous.match, previous.slice);
    previous = { match, slice };
    previousSlice = slice;
  }
  if (previous) emit(previous.match, previous.slice);
  return out;
}

/** Sentence spans before realignment (`_slices_from_text`). */
function sentenceSlices(text: string, params: PunktParameters): Span[] {
  const slices: Span[] = [];
  let lastBreak = 0;
  for (const { end, nextTokStart, context } of potentialEndContexts(text)) {
    if (!containsSentbreak(context, params)) continue;
    slices.push({ start: lastBreak, stop: end });
    lastBreak = nextTokStart >= 0 ? nextTokStart : end;
  }
  slices.push({ start: lastBreak, stop: pyRstrip(text).length });
  return slices;
}

/** Moves closing quotes and brackets after a break into the sentence before it (`_realign_boundaries`). */
function realignBoundaries(text: string, slices: Span[]): Span[] {
  const out: Span[] = [];
  let realign = 0;
  for (let i = 0; i < slices.length; i++) {
    const sentence1 = { start: slices[i].start + realign, stop: slices[i].stop };
    const sentence2 = slices[i + 1];
    if (!sentence2) {
      if (text.slice(sentence1.start, sentence1.stop)) out.push(sentence1);
      continue;
    }
    const m = BOUNDARY_REALIGNMENT.exec(text.slice(sentence2.start, sentence2.stop));
    if (m) {
      out.push({ start: sentence1.start, stop: sentence2.start + pyRstrip(m[0]).length });
      realign = m[0].length;
    } else {
      realign = 0;
      if (text.slice(sentence1.start, sentence1.stop)) out.push(sentence1);
    }
  }
  return out;
}

/**
 * Punkt's `PunktSentenceTokenizer.tokenize(text)` with the given parameters
 * (default: `PUNKT_PARAMETERS`). Sentences keep their inner whitespace.
 */
export function sentTokenize(text: string, params: PunktParameters = PUNKT_PARAMETERS): string[] {
  // Without ".", "?" or "!" there is no candidate break: one sentence, right-stripped.
  if (!HAS_SENT_END_CHAR.test(text)) {
    const sentence = pyRstrip(text);
    return sentence ? [sentence] : [];
  }
  const spans = realignBoundaries(text, sentenceSlices(text, params));
  return spans.map(({ start, stop }) => text.slice(start, stop));
}

/**
 * NLTK's `word_tokenize(text, preserve_line)`: split into sentences with
 * `sentTokenize` (unless `preserveLine`), then tokenize each sentence with
 * `treebankWordTokenize`.
 */
export function wordTokenize(text: string, options: { preserveLine?: boolean } = {}): string[] {
  const sentences = options.preserveLine ? [text] : sentTokenize(text);
  return sentences.flatMap((sentence) => treebankWordTokenize(sentence));
}
