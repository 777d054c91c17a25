/** Small text helpers for the reformulator: whitespace, capitalisation, punctuation. */

export function collapseSpaces(s: string): string {
  // Most texts are already clean: test before rewriting.
  return /\s\s|[\t\n\r\f\v\u00a0\u2000-\u200b\u3000]|^\s|\s$/.test(s) ? s.replace(/\s+/g, " ").trim() : s;
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

/** Splits context sentences from the final question sentence. */
export function splitFinalSentence(text: string): { context: string; last: string } {
  const t = collapseSpaces(text);
  // Sentence ends: . ! ? followed by space and an upper-case letter, digit or quote (not inside abbreviations like "e.g.").
  const re = /(?<!\b(?:e\.g|i\.e|etc|vs|Mr|Mrs|Ms|Dr|St|No|approx|U\.S))([.!?])\s+(?=[A-Z0-9"“(])/g;
  let cut = -1;
  for (let m = re.exec(t); m !== null; m = re.exec(t)) {
    if (m.index + 1 < t.length - 1) cut = m.index + 1;
  }
  if (cut < 0) return { context: "", last: t };
  return { context: t.slice(0, cut).trim(), last: t.slice(cut).trim() };
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
