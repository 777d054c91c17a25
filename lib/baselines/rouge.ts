/**
 * ROUGE-L as computed by Google's `rouge-score` package (0.1.2):
 * `RougeScorer(["rougeL"], use_stemmer=True).score(target, prediction)["rougeL"]`.
 *
 * Its default tokenizer (rouge/tokenize.py) lower-cases, turns every run of
 * characters other than [a-z0-9] into a space, splits on whitespace, stems
 * tokens longer than 3 characters with NLTK's `PorterStemmer()` and keeps the
 * tokens that match ^[a-z0-9]+$. So non-ASCII letters separate words ("café"
 * gives "caf"), and the score is the plain LCS of the two token lists
 * (`_score_lcs`), not the summary-level rougeLsum.
 */
import { cachedPorterStemmer } from "../text/porter.js";

export interface RougeScore {
  precision: number;
  recall: number;
  fmeasure: number;
}

const NON_ALPHANUM = /[^a-z0-9]+/g;
const VALID_TOKEN = /^[a-z0-9]+$/;

const stem = cachedPorterStemmer();

/**
 * rouge-score's `tokenize.tokenize(text, stemmer)`: with `stem` (the default,
 * as `use_stemmer=True`) tokens longer than 3 characters are Porter-stemmed.
 */
export function rougeTokenize(text: string, options: { stem?: boolean } = {}): string[] {
  const useStemmer = options.stem ?? true;
  // After the substitution only a-z, 0-9 and spaces are left, so splitting on
  // spaces is Python's re.split(r"\s+"), and lengths are plain ASCII lengths.
  const pieces = text.toLowerCase().replace(NON_ALPHANUM, " ").split(" ");
  const tokens: string[] = [];
  for (const piece of pieces) {
    const token = useStemmer && piece.length > 3 ? stem(piece) : piece;
    if (VALID_TOKEN.test(token)) tokens.push(token);
  }
  return tokens;
}

/** Length of the longest common subsequence, with one row of the DP table. */
export function lcsLength(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const row = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = 0; // table[i-1][j-1]
    const ai = a[i - 1];
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]; // table[i-1][j]
      row[j] = ai === b[j - 1] ? diagonal + 1 : Math.max(up, row[j - 1]);
      diagonal = up;
    }
  }
  return row[b.length];
}

/** `scoring.fmeasure`: the harmonic mean, 0 when both are 0. */
function fmeasure(precision: number, recall: number): number {
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/**
 * `_score_lcs(target_tokens, prediction_tokens)`: all three are 0 when either
 * side has no tokens (empty, or nothing but punctuation and non-ASCII text).
 */
export function rougeLTokens(targetTokens: readonly string[], predictionTokens: readonly string[]): RougeScore {
  if (targetTokens.length === 0 || predictionTokens.length === 0) return { precision: 0, recall: 0, fmeasure: 0 };
  const lcs = lcsLength(targetTokens, predictionTokens);
  const precision = lcs / predictionTokens.length;
  const recall = lcs / targetTokens.length;
  return { precision, recall, fmeasure: fmeasure(precision, recall) };
}

/**
 * `RougeScorer(["rougeL"], use_stemmer=stem).score(target, prediction)["rougeL"]`;
 * `stem` defaults to true. Precision is over the prediction's tokens, recall
 * over the target's.
 */
export function rougeL(target: string, prediction: string, options: { stem?: boolean } = {}): RougeScore {
  return rougeLTokens(rougeTokenize(target, options), rougeTokenize(prediction, options));
}

/**
 * rouge-score's `RougeScorer(["rougeL"], use_stemmer=stem).score_multi(targets, prediction)["rougeL"]`:
 * each target scored alone, and the score of the one with the highest F-measure kept (numpy's
 * `argmax`, so on a tie the first such target). `index` says which target that is. Throws for
 * no targets, where `argmax` of an empty list raises.
 */
export function rougeLMultiTarget(
  targets: readonly string[],
  prediction: string,
  options: { stem?: boolean } = {},
): RougeScore & { readonly index: number } {
  if (targets.length === 0) throw new RangeError("ROUGE-L needs at least one target");
  const predictionTokens = rougeTokenize(prediction, options);
  let best: RougeScore | undefined;
  let index = 0;
  targets.forEach((target, k) => {
    const score = rougeLTokens(rougeTokenize(target, options), predictionTokens);
    if (best === undefined || score.fmeasure > best.fmeasure) {
      best = score;
      index = k;
    }
  });
  return { ...(best as RougeScore), index };
}
