/**
 * The ordinal statistics of one unweighted sample, by name: pairwise ranking accuracy with
 * wins, ties and losses in O(n log n), class-pair accuracy and AUC, monotonicity violations.
 *
 * Input follows the numeric input policy of ./validate: scores and labels are equally long
 * arrays of finite numbers, class labels integers in 0..7; checked once, before sorting.
 */
import { CLASSES, PAPER_ORDERING, isHardPair, type ClassPair, type Ordering } from "../taxonomy/index.js";
import {
  K,
  STAT,
  newSweepSums,
  type PairCounts,
  ordinalLayout,
  ordinalStatistics,
  pairCounts,
  sortScoresUnchecked,
  statisticsWidth,
  sweepUnchecked,
} from "./ordinal.js";
import { checkFinite, checkOrdering, checkSameLength, checkScoresAndClasses } from "./validate.js";
import { SCORE_DECIMALS } from "../constants.js";
import { tieRounded } from "./ties.js";

/** How scores are compared. */
export interface TieOptions {
  /**
   * Decimals the scores are rounded to before they are compared, so that floating-point noise
   * counts as a tie (default SCORE_DECIMALS, 10, as the authors' evaluation); null compares raw doubles.
   */
  readonly scoreDecimals?: number | null;
}

/** Counts, accuracies and class means of one strictly ordered class pair. */
export interface ClassPairResult extends Omit<PairCounts, "pair"> {
  readonly better: string;
  readonly worse: string;
  readonly hardPair: boolean;
  /** wins / pairs. */
  readonly accuracy: number;
  /** (wins + ties/2) / pairs: the Mann–Whitney AUC. */
  readonly auc: number;
  readonly meanBetter: number;
  readonly meanWorse: number;
  /** mean(better) ≤ mean(worse). */
  readonly meanViolation: boolean;
}

export interface OrdinalSummary {
  readonly n: number;
  readonly spearman: number;
  readonly kendall: number;
  /** Wins over every strictly ordered row pair (ties count as not won, as in the authors' results). */
  readonly pairwiseAccuracy: number;
  readonly comparablePairs: number;
  readonly wins: number;
  readonly ties: number;
  readonly losses: number;
  /** losses / comparable pairs. */
  readonly rowLevelViolationRate: number;
  readonly meanViolations: number;
  readonly classMeans: Record<string, number>;
  readonly classPairs: ClassPairResult[];
}

/**
 * Every ordinal statistic of scores against class labels (indices into CLASSES) under an
 * ordering, from one sort and one sweep; scores equal to `scoreDecimals` decimals are tied.
 */
export function ordinalSummary(
  scores: ArrayLike<number>,
  classes: ArrayLike<number>,
  ordering: Ordering = PAPER_ORDERING,
  options: TieOptions = {},
): OrdinalSummary {
  checkScoresAndClasses("ordinalSummary", "scores", scores, classes);
  checkOrdering("ordinalSummary", ordering);
  const layout = ordinalLayout(ordering);
  const sums = newSweepSums();
  sweepUnchecked(
    layout,
    sortScoresUnchecked(tieRounded(scores, options.scoreDecimals === undefined ? SCORE_DECIMALS : options.scoreDecimals), classes),
    undefined,
    sums,
  );
  const stats = new Float64Array(statisticsWidth(layout));
  ordinalStatistics(layout, sums, stats);
  const counts = pairCounts(layout, sums);
  const P = layout.pairs.length;
  const meansAt = STAT.pairs + 2 * P;
  const classMeans: Record<string, number> = {};
  for (let c = 0; c < K; c++) classMeans[CLASSES[c]] = stats[meansAt + c];
  let wins = 0;
  let ties = 0;
  let losses = 0;
  let pairs = 0;
  const classPairs = counts.map((pc, p): ClassPairResult => {
    wins += pc.wins;
    ties += pc.ties;
    losses += pc.losses;
    pairs += pc.pairs;
    const meanBetter = classMeans[pc.pair.better];
    const meanWorse = classMeans[pc.pair.worse];
    return {
      better: pc.pair.better,
      worse: pc.pair.worse,
      hardPair: isHardPair(pc.pair.better, pc.pair.worse),
      nBetter: pc.nBetter,
      nWorse: pc.nWorse,
      pairs: pc.pairs,
      wins: pc.wins,
      ties: pc.ties,
      losses: pc.losses,
      accuracy: stats[STAT.pairs + p],
      auc: stats[STAT.pairs + P + p],
      meanBetter,
      meanWorse,
      meanViolation: !(meanBetter > meanWorse),
    };
  });
  return {
    n: scores.length,
    spearman: stats[STAT.spearman],
    kendall: stats[STAT.kendall],
    pairwiseAccuracy: stats[STAT.pairwiseAccuracy],
    comparablePairs: pairs,
    wins,
    ties,
    losses,
    rowLevelViolationRate: stats[STAT.rowViolationRate],
    meanViolations: stats[STAT.meanViolations],
    classMeans,
    classPairs,
  };
}

/**
 * Pairwise ranking accuracy of scores against ordinal labels (any finite numbers; higher = better);
 * scores equal to `scoreDecimals` decimals are tied.
 */
export function pairwiseAccuracy(
  rawScores: ArrayLike<number>,
  labels: ArrayLike<number>,
  options: TieOptions = {},
): { accuracy: number; wins: number; ties: number; losses: number; pairs: number } {
  checkSameLength("pairwiseAccuracy", "scores", rawScores, "labels", labels);
  checkFinite("pairwiseAccuracy", "scores", rawScores);
  checkFinite("pairwiseAccuracy", "labels", labels);
  const scores = tieRounded(rawScores, options.scoreDecimals === undefined ? SCORE_DECIMALS : options.scoreDecimals);
  // Compress labels to ranks and sweep with a per-label Fenwick tree: O(n log L).
  const distinct = [...new Set(Array.from(labels as ArrayLike<number>))].sort((a, b) => a - b);
  const L = distinct.length;
  const level = new Map(distinct.map((v, i) => [v, i]));
  const order = Array.from({ length: scores.length }, (_, i) => i).sort((a, b) => scores[a] - scores[b]);
  const below = new Float64Array(L + 1); // Fenwick tree over label levels of rows with strictly smaller score
  const add = (i: number, v: number) => {
    for (i++; i <= L; i += i & -i) below[i] += v;
  };
  const prefix = (i: number) => {
    let s = 0;
    for (; i > 0; i -= i & -i) s += below[i];
    return s;
  };
  const levelCount = new Float64Array(L);
  for (let i = 0; i < labels.length; i++) levelCount[level.get(labels[i])!] += 1;
  let wins = 0;
  let ties = 0;
  let p = 0;
  while (p < order.length) {
    let q = p;
    while (q < order.length && scores[order[q]] === scores[order[p]]) q++;
    const groupLevels = new Float64Array(L);
    for (let k = p; k < q; k++) {
      const l = level.get(labels[order[k]])!;
      wins += prefix(l); // rows below in score with a lower label
      groupLevels[l] += 1;
    }
    let cumulative = 0;
    for (let l = 0; l < L; l++) {
      ties += groupLevels[l] * cumulative; // tied score, lower label
      cumulative += groupLevels[l];
    }
    for (let k = p; k < q; k++) add(level.get(labels[order[k]])!, 1);
    p = q;
  }
  let pairs = 0;
  let seen = 0;
  for (let l = 0; l < L; l++) {
    pairs += levelCount[l] * seen;
    seen += levelCount[l];
  }
  const losses = pairs - wins - ties;
  return { accuracy: pairs > 0 ? wins / pairs : NaN, wins, ties, losses, pairs };
}

export type { ClassPair };
