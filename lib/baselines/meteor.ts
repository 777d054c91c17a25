/**
 * A port of NLTK's `nltk.translate.meteor_score` (3.9.4; the algorithm is
 * unchanged since 3.6 and equal to Debian's 3.8): `meteor_score` and
 * `single_meteor_score`, alpha 0.9, beta 3, gamma 0.5.
 *
 * The alignment is NLTK's greedy one, kept exactly because it decides the
 * score: three stages (exact words, Porter stems, WordNet synonyms), each
 * walking the unmatched hypothesis words from the last to the first and
 * pairing each with the LAST still-unmatched reference word that fits. Two
 * NLTK quirks are part of the algorithm:
 *  - the synonym stage sees the stems left over from the stem stage, not the
 *    words: it looks up WordNet synsets of the hypothesis word's stem and
 *    compares their lemma names (those without "_") with the reference
 *    word's stem;
 *  - the chunk count walks the matches sorted by hypothesis position and
 *    counts a break wherever either side is not consecutive.
 * (NLTK 3.10 indexed the stages for speed, with the same pairing.)
 */
import { cachedPorterStemmer } from "../text/porter.js";
import { loadWordNet, type WordNet } from "../text/wordnet.js";

export interface MeteorOptions {
  /** Applied to every token first; NLTK's default is `str.lower`. */
  preprocess?: (token: string) => string;
  /** NLTK's default is `PorterStemmer()`. */
  stem?: (token: string) => string;
  /** Default: `loadWordNet()` (WordNet 3.0, found as described in lib/text/wordnet.ts). */
  wordnet?: WordNet;
  alpha?: number;
  beta?: number;
  gamma?: number;
}

/** An enumerated token: its position in the sentence and its (preprocessed, maybe stemmed) text. */
type Enum = [position: number, word: string];
/** A match: hypothesis position, reference position. */
export type MeteorMatch = [hypothesis: number, reference: number];

const defaultStem = cachedPorterStemmer();
const lower = (token: string) => token.toLowerCase();

/**
 * `_match_enums`: for each hypothesis word from the last, the last reference
 * word equal to it; both are removed from the lists (which are modified).
 */
function matchEnums(hypothesis: Enum[], reference: Enum[], fits: (hyp: string, ref: string) => boolean): MeteorMatch[] {
  const matches: MeteorMatch[] = [];
  for (let i = hypothesis.length - 1; i >= 0; i--) {
    for (let j = reference.length - 1; j >= 0; j--) {
      if (fits(hypothesis[i][1], reference[j][1])) {
        matches.push([hypothesis[i][0], reference[j][0]]);
        hypothesis.splice(i, 1);
        reference.splice(j, 1);
        break;
      }
    }
  }
  return matches;
}

const synonymSets = new WeakMap<WordNet, Map<string, Set<string>>>();

/** METEOR's synonym set of a word: lemma names without "_" of all its synsets, plus the word. */
function synonymSet(wordnet: WordNet, word: string): Set<string> {
  let cache = synonymSets.get(wordnet);
  if (cache === undefined) {
    cache = new Map();
    synonymSets.set(wordnet, cache);
  }
  let set = cache.get(word);
  if (set === undefined) {
    set = new Set(wordnet.synonyms(word).filter((name) => !name.includes("_")));
    set.add(word);
    cache.set(word, set);
  }
  return set;
}

/**
 * `_enum_align_words` on already preprocessed tokens: exact, stem, then
 * synonym matches, sorted by hypothesis position.
 */
export function alignWords(
  hypothesis: readonly string[],
  reference: readonly string[],
  stem: (token: string) => string,
  wordnet: WordNet,
): MeteorMatch[] {
  let hyp: Enum[] = hypothesis.map((word, k) => [k, word]);
  let ref: Enum[] = reference.map((word, k) => [k, word]);
  const exact = matchEnums(hyp, ref, (h, r) => h === r);
  // From here on the lists hold stems, as in NLTK's `_enum_stem_match`.
  hyp = hyp.map(([k, word]) => [k, stem(word)]);
  ref = ref.map(([k, word]) => [k, stem(word)]);
  const stems = matchEnums(hyp, ref, (h, r) => h === r);
  const synonyms = matchEnums(hyp, ref, (h, r) => synonymSet(wordnet, h).has(r));
  // Hypothesis positions are unique, so the order of equal keys never matters.
  return [...exact, ...stems, ...synonyms].sort((a, b) => a[0] - b[0]);
}

/** `_count_chunks`: runs of matches adjacent in both sentences. */
export function countChunks(matches: readonly MeteorMatch[]): number {
  let chunks = 1;
  for (let i = 0; i < matches.length - 1; i++) {
    const adjacent = matches[i + 1][0] === matches[i][0] + 1 && matches[i + 1][1] === matches[i][1] + 1;
    if (!adjacent) chunks++;
  }
  return chunks;
}

/**
 * NLTK's `single_meteor_score(reference, hypothesis)` on pre-tokenized
 * input. 0 where NLTK catches a ZeroDivisionError: an empty side, or no match.
 */
export function singleMeteorScore(reference: readonly string[], hypothesis: readonly string[], options: MeteorOptions = {}): number {
  const preprocess = options.preprocess ?? lower;
  const alpha = options.alpha ?? 0.9;
  const beta = options.beta ?? 3.0;
  const gamma = options.gamma ?? 0.5;
  const hyp = hypothesis.map(preprocess);
  const ref = reference.map(preprocess);
  const translationLength = hyp.length;
  const referenceLength = ref.length;
  if (translationLength === 0 || referenceLength === 0) return 0;
  const wordnet = options.wordnet ?? loadWordNet();
  const matches = alignWords(hyp, ref, options.stem ?? defaultStem, wordnet);
  const matchesCount = matches.length;
  const precision = matchesCount / translationLength;
  const recall = matchesCount / referenceLength;
  const denominator = alpha * precision + (1 - alpha) * recall;
  if (denominator === 0 || matchesCount === 0) return 0;
  const fmean = (precision * recall) / denominator;
  const fragFrac = countChunks(matches) / matchesCount;
  const penalty = gamma * fragFrac ** beta;
  return (1 - penalty) * fmean;
}

/**
 * NLTK's `meteor_score(references, hypothesis)`: the best single score over
 * the references. Throws for no references (NLTK's `max()` of nothing).
 */
export function meteorScore(
  references: readonly (readonly string[])[],
  hypothesis: readonly string[],
  options: MeteorOptions = {},
): number {
  if (references.length === 0) throw new Error("METEOR needs at least one reference");
  let best = -Infinity;
  for (const reference of references) best = Math.max(best, singleMeteorScore(reference, hypothesis, options));
  return best;
}
