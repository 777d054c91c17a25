/**
 * SQuAD v1.1's exact match and token F1, as the official evaluation script (evaluate-v1.1.py)
 * computes them: both texts normalised (lower case; ASCII punctuation, Python's
 * `string.punctuation`, removed; the words "a", "an" and "the" removed; white space collapsed),
 * EM = 1 when the normalised texts are equal, F1 over the two token multisets, and the best over
 * several gold answers. Python's rules are kept where JavaScript's differ: `\b` and `str.split()`
 * are Unicode-aware (a letter or number of any script is a word character; U+001C–U+001F and
 * U+0085 are white space, U+FEFF is not), and Unicode punctuation ("—", "“") stays.
 */

/** Python's `string.punctuation`: the 32 ASCII punctuation characters, and only those. */
const ASCII_PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;
/** Python `\w` on `str`: letters, numbers and underscore of any script. */
const WORD = "[\\p{L}\\p{N}_]";
/** `\b(a|an|the)\b` with Python's Unicode word boundary. */
const ARTICLE = new RegExp(`(?<!${WORD})(?:a|an|the)(?!${WORD})`, "gu");
/** Characters Python's `str.split()` splits at. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: Python splits at U+001C–U+001F too
const PY_WHITE_SPACE = /[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;

/** The official script's `normalize_answer`: lower, punctuation, articles, white space, in its order. */
export function squadNormalize(text: string): string {
  const lowered = text.toLowerCase();
  const unpunctuated = lowered.replace(ASCII_PUNCTUATION, "");
  const withoutArticles = unpunctuated.replace(ARTICLE, " ");
  return squadTokens(withoutArticles).join(" ");
}

/** Python `str.split()` without arguments: runs of white space, no empty parts. */
function squadTokens(normalized: string): string[] {
  return normalized.split(PY_WHITE_SPACE).filter((token) => token.length > 0);
}

/** 1 when the normalised prediction equals the normalised gold, else 0 (two empty texts match). */
export function squadExactMatch(gold: string, prediction: string): number {
  return squadNormalize(prediction) === squadNormalize(gold) ? 1 : 0;
}

/**
 * Token F1 of the normalised texts over their token multisets; 0 when they share no token
 * (so an empty prediction or an empty gold scores 0, as in v1.1).
 */
export function squadF1(gold: string, prediction: string): number {
  const predicted = squadTokens(squadNormalize(prediction));
  const expected = squadTokens(squadNormalize(gold));
  const counts = new Map<string, number>();
  for (const token of expected) counts.set(token, (counts.get(token) ?? 0) + 1);
  let same = 0;
  for (const token of predicted) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      same++;
      counts.set(token, left - 1);
    }
  }
  if (same === 0) return 0;
  // The official script's arithmetic, in its order, so that the doubles are the same.
  const precision = same / predicted.length;
  const recall = same / expected.length;
  return (2 * precision * recall) / (precision + recall);
}

/** The best score over several gold answers (`metric_max_over_ground_truths`). */
function bestOver(golds: readonly string[], prediction: string, score: (gold: string, prediction: string) => number, name: string): number {
  if (golds.length === 0) throw new RangeError(`${name} needs at least one gold answer`);
  return Math.max(...golds.map((gold) => score(gold, prediction)));
}

/** Exact match against the best of several gold answers. */
export function squadExactMatchMulti(golds: readonly string[], prediction: string): number {
  return bestOver(golds, prediction, squadExactMatch, "SQuAD exact match");
}

/** Token F1 against the best of several gold answers. */
export function squadF1Multi(golds: readonly string[], prediction: string): number {
  return bestOver(golds, prediction, squadF1, "SQuAD F1");
}
