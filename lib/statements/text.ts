/** Small text helpers for the reformulator: whitespace, capitalisation, punctuation. */

import { isUnicodeSpaceAbove0x7f } from "../text/python-string.js";

export function collapseSpaces(s: string): string {
  // Most texts are already clean: test before rewriting.
  return needsCollapsing(s) ? s.replace(/\s+/g, " ").trim() : s;
}

/**
 * Whether `s` has white space other than single inner spaces: two in a row, one at either end, or a tab, line break, no-break or
 * wide space (or a zero-width space). The test /\s\s|[\t\n\r\f\v\u00a0\u2000-\u200b\u3000]|^\s|\s$/ as a character loop: it runs
 * on every text the reformulator reads.
 */
function needsCollapsing(s: string): boolean {
  let previous = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 9 && c <= 13) || c === 0xa0 || (c >= 0x2000 && c <= 0x200b) || c === 0x3000) return true;
    const space = isRegExpSpace(c);
    if (space && (previous || i === 0 || i === s.length - 1)) return true;
    previous = space;
  }
  return false;
}

/** Whether a UTF-16 code unit is white space as a regex's \s reads it. */
export function isRegExpSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  return c >= 160 && (c === 0xfeff || isUnicodeSpaceAbove0x7f(c));
}

/**
 * "a" or "an" before a word, by its first sound: "an apple", "a university", "an hour", "a US charger", "an MRI", "an 8".
 */
export function indefiniteArticle(word: string): "a" | "an" {
  // An initialism is read letter by letter: the letters whose names open with a vowel sound take "an".
  if (/^[A-Z]{2,}\b/.test(word)) return /^[AEFHILMNORSX]/.test(word) ? "an" : "a";
  if (/^(?:8|11|18)(?!\d)|^8\d/.test(word)) return "an";
  if (/^[aeiou]/i.test(word)) return /^(?:uni|use|usu|uti|uro|eu|one\b|once\b)/i.test(word) ? "a" : "an";
  return /^(?:hour|honest|hono(?:u)?r|heir)/i.test(word) ? "an" : "a";
}

export function capitalize(s: string): string {
  return s.length === 0 ? s : s[0].toUpperCase() + s.slice(1);
}

/** Ends a sentence with exactly one period (keeps a final ! or a closing quote/bracket before it). */
export function endSentence(s: string): string {
  // (?<!…): a run of marks is tried from its start only, so a long run inside the text costs linear time (issue 22); the same result.
  const t = s.replace(/(?<![\s.?:;,])[\s.?:;,]+$/u, "");
  if (/!$/.test(t)) return t;
  return `${t}.`;
}

/** The question's context sentences as a statement says them: their question marks become periods ("… the pane. What is it for?"). */
export function statedContext(context: string): string {
  return context.replace(/\?(?=\s|$)/g, ".");
}

/** The last few texts split and their parts: the parser and two checks split the same question (the result is shared, never changed). */
const RECENT_SPLITS = 4;
const splitTexts: string[] = [];
const splitParts: { readonly context: string; readonly last: string }[] = [];
let nextSplit = 0;

/** Splits context sentences from the final question sentence. */
export function splitFinalSentence(text: string): { readonly context: string; readonly last: string } {
  for (let k = 0; k < splitTexts.length; k++) if (splitTexts[k] === text) return splitParts[k];
  const parts = splitUncached(text);
  splitTexts[nextSplit] = text;
  splitParts[nextSplit] = parts;
  nextSplit = (nextSplit + 1) % RECENT_SPLITS;
  return parts;
}

function splitUncached(text: string): { readonly context: string; readonly last: string } {
  const t = collapseSpaces(text);
  // Sentence ends: . ! ? followed by space and an upper-case letter, digit or quote (not inside abbreviations like "e.g.").
  // (Nor after a middle initial: "Franklin D. Roosevelt".)
  const re = /(?<!\b(?:e\.g|i\.e|etc|vs|v|Mr|Mrs|Ms|Dr|St|No|approx|U\.S)|\b[A-Z][a-z]+ [A-Z])([.!?])\s+(?=[A-Z0-9"“(])/g;
  let cut = -1;
  for (let m = re.exec(t); m !== null; m = re.exec(t)) {
    if (m.index + 1 < t.length - 1) cut = m.index + 1;
  }
  if (cut < 0) return { context: "", last: t };
  return { context: t.slice(0, cut).trim(), last: t.slice(cut).trim() };
}

/**
 * Whether `w` ends with `suffix` (String.prototype.endsWith as a loop over character codes, which the optimiser inlines: endsWith is a
 * call into a V8 builtin, and the checks ask it of every word of every statement).
 */
export function hasSuffix(w: string, suffix: string): boolean {
  const n = w.length;
  const k = suffix.length;
  if (k > n) return false;
  for (let i = 1; i <= k; i++) if (w.charCodeAt(n - i) !== suffix.charCodeAt(k - i)) return false;
  return true;
}

/** A set of words written as space-separated lines, so a long word list reads as a paragraph. */
export function wordSet(...lines: string[]): Set<string> {
  return new Set(
    lines
      .join(" ")
      .split(/\s+/)
      .filter((w) => w.length > 0),
  );
}

/** A text without its final periods or exclamation marks and without surrounding space ("Nectar." → "Nectar"), as an answer's words. */
export function withoutFinalStops(text: string): string {
  let end = text.trimEnd().length;
  while (end > 0 && (text[end - 1] === "." || text[end - 1] === "!")) end--;
  return text.slice(0, end).trim();
}

const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/**
 * `s` stored one byte per character where all its characters are Latin-1 (the same characters). V8 keeps a slice of a two-byte text
 * two-byte: every question and answer cut from a file with one character beyond Latin-1 anywhere is (CAP-Correctness has 99 rows
 * with one), and so is every string made from them (twice the memory for the garbage collector to copy, and V8's two-byte paths
 * for every pattern run on them). A Latin-1 buffer reads back as a one-byte string.
 */
export function oneByteCopy(s: string): string {
  return BEYOND_LATIN1.test(s) ? s : Buffer.from(s, "latin1").toString("latin1");
}

/** How often `part` occurs in `s`. */
export function occurrences(s: string, part: string): number {
  let n = 0;
  for (let at = s.indexOf(part); at >= 0; at = s.indexOf(part, at + part.length)) n++;
  return n;
}

/** A quotation in double or curly quotes, or in single quotes that stand apart from words ("'tease my ears'", not "it's"). */
export const QUOTATION = /["“][^"”]*["”]|‘[^’]*’|(?<![\p{L}])'[^']+'(?![\p{L}])/gu;

const regexps = new Map<string, RegExp>();

/** A regex built from words of the texts, kept for the next statement that needs the same one (building one costs more than a test). */
export function cachedRegExp(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  let re = regexps.get(key);
  if (!re) {
    if (regexps.size > 10_000) regexps.clear();
    re = new RegExp(source, flags);
    regexps.set(key, re);
  }
  return re;
}

/** `s` with the characters a regex reads specially escaped, to match it literally inside a built regex. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Units a measure ends with ("120 metres", "5 kg", "20 °C"), as a regex alternation: after them a measure's adjective reads ("long"). */
export const MEASURE_UNITS =
  "metres?|meters?|feet|foot|yards?|miles?|inches|inch|km|cm|mm|m|years?|days?|hours?|minutes?|seconds?|kg|g|tons?|tonnes?|degrees?|°[CF]?";

/** A count alone: "6", "six" (up to twelve, the counts said as words). */
export const COUNT_ONLY = /^(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)$/i;

/**
 * Whether `text` writes `word` with its capital inside a sentence, before a lower-case word or "and"/"or", as a name's adjective
 * ("Tahitian" in "between Tahitian and Madagascar vanilla"; not "Silk" in "the Silk Road", nor a sentence's first word).
 */
export function capitalisedInside(word: string, text: string): boolean {
  return !FUNCTION_WORD.test(word) && cachedRegExp(`(?<=[\\p{L}\\d,]\\s+)${escapeRegExp(word)}(?= (?:[a-z]|and\\b|or\\b))`, "u").test(text);
}

/** Words capitalised only for opening a sentence or a title ("The", "A", "In"). */
const FUNCTION_WORD =
  /^(?:The|A|An|This|That|These|Those|It|Its|Their|His|Her|Our|My|Your|In|On|At|Of|For|And|But|Or|To|From|With|By|As|If|When|While|After|Before)$/;
