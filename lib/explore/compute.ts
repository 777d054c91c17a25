/**
 * The explorer's arithmetic, self-contained (no imports) so that the same compiled code runs in
 * Node and, inlined, in the browser page: CAP for given α and λ, Spearman ρ and pairwise
 * accuracy against ordinal levels, mean-based monotonicity violations, and a threshold
 * classification's accuracy, macro-F1, quadratic κ and confusion matrix. Tests check it
 * against capqa's library implementations.
 */

export interface ExploreData {
  /** Class names, least to most correct order is given by `severity`. */
  readonly classNames: string[];
  readonly severity: number[];
  /** Per row: class index and the four probabilities CAP needs. */
  readonly cls: number[];
  readonly peF: number[];
  readonly pnF: number[];
  readonly peR: number[];
  readonly pnR: number[];
}

export function exploreCap(d: ExploreData, alpha: number, lambda: number): number[] {
  const out = new Array<number>(d.cls.length);
  for (let i = 0; i < d.cls.length; i++) out[i] = alpha * (d.peF[i] + lambda * d.pnF[i]) + (1 - alpha) * (d.peR[i] + lambda * d.pnR[i]);
  return out;
}

function midRanks(values: number[]): number[] {
  const idx = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  const r = new Array<number>(values.length);
  let i = 0;
  while (i < idx.length) {
    let j = i + 1;
    while (j < idx.length && values[idx[j]] === values[idx[i]]) j++;
    for (let k = i; k < j; k++) r[idx[k]] = (i + 1 + j) / 2;
    i = j;
  }
  return r;
}

function pearson(x: number[], y: number[]): number {
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) (mx += x[i]), (my += y[i]);
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

export interface RankingStats {
  spearman: number;
  pairwiseAccuracy: number;
  violations: number;
  classMeans: number[];
}

/** ρ on mid-ranks, pairwise accuracy (ties not won) over rows of different severity, violations of mean order. */
export function exploreRanking(d: ExploreData, scores: number[]): RankingStats {
  const sev = d.cls.map((c) => d.severity[c]);
  const spearman = pearson(midRanks(scores), midRanks(sev));
  // Pairwise accuracy by sorting once and counting, per severity level, the rows strictly below.
  const levels = [...new Set(d.severity)].sort((a, b) => a - b);
  const L = levels.length;
  const lev = sev.map((s) => levels.indexOf(s));
  const order = scores.map((_, i) => i).sort((a, b) => scores[a] - scores[b]);
  const below = new Array<number>(L).fill(0);
  let wins = 0;
  let i = 0;
  while (i < order.length) {
    let j = i + 1;
    while (j < order.length && scores[order[j]] === scores[order[i]]) j++;
    for (let k = i; k < j; k++) for (let l = 0; l < lev[order[k]]; l++) wins += below[l];
    for (let k = i; k < j; k++) below[lev[order[k]]]++;
    i = j;
  }
  const count = new Array<number>(L).fill(0);
  for (const l of lev) count[l]++;
  let pairs = 0;
  let seen = 0;
  for (let l = 0; l < L; l++) (pairs += count[l] * seen), (seen += count[l]);
  const K = d.classNames.length;
  const sum = new Array<number>(K).fill(0);
  const num = new Array<number>(K).fill(0);
  d.cls.forEach((c, r) => ((sum[c] += scores[r]), num[c]++));
  const classMeans = sum.map((s, k) => s / num[k]);
  let violations = 0;
  for (let a = 0; a < K; a++) for (let b = 0; b < K; b++) if (d.severity[a] > d.severity[b] && !(classMeans[a] > classMeans[b])) violations++;
  return { spearman, pairwiseAccuracy: wins / pairs, violations, classMeans };
}

export interface ClassificationStats {
  accuracy: number;
  macroF1: number;
  quadraticKappa: number;
  confusion: number[][];
}

/** Level of each row under cuts (level = number of cuts ≤ score) against true levels. */
export function exploreClassification(trueLevels: number[], scores: number[], cuts: number[], K: number): ClassificationStats {
  const conf = Array.from({ length: K }, () => new Array<number>(K).fill(0));
  for (let i = 0; i < scores.length; i++) {
    let p = 0;
    while (p < cuts.length && scores[i] >= cuts[p]) p++;
    conf[trueLevels[i]][p]++;
  }
  const n = scores.length;
  let correct = 0;
  const rows = new Array<number>(K).fill(0);
  const cols = new Array<number>(K).fill(0);
  for (let t = 0; t < K; t++) for (let p = 0; p < K; p++) (rows[t] += conf[t][p]), (cols[p] += conf[t][p]), t === p && (correct += conf[t][p]);
  let f1sum = 0;
  let present = 0;
  for (let k = 0; k < K; k++) {
    if (rows[k] + cols[k] === 0) continue;
    present++;
    f1sum += (2 * conf[k][k]) / (rows[k] + cols[k]);
  }
  let wo = 0;
  let we = 0;
  for (let t = 0; t < K; t++) for (let p = 0; p < K; p++) (wo += ((t - p) ** 2 * conf[t][p]) / n), (we += ((t - p) ** 2 * rows[t] * cols[p]) / (n * n));
  return { accuracy: correct / n, macroF1: f1sum / present, quadraticKappa: 1 - wo / we, confusion: conf };
}
