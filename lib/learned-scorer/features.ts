/**
 * Features for a scorer that uses what CAP throws away: both NLI directions separately, all six
 * probabilities (and their logs and cross-direction products), and cheap features of the answer
 * texts (partial answers are shorter than the gold answer, overinclusive ones longer and contain it).
 */
import { directionalOf } from "../cap/formula.js";
import { DEFAULT_LAMBDA } from "../constants.js";

export interface ScorerInput {
  readonly pe_f: number;
  readonly pn_f: number;
  readonly pc_f: number;
  readonly pe_r: number;
  readonly pn_r: number;
  readonly pc_r: number;
  readonly goldAnswer: string;
  readonly answer: string;
}

const STOP = new Set("a an the of to in on at for and or is are was were be it its this that with by as from".split(" "));

function contentTokens(s: string): string[] {
  return (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => !STOP.has(t));
}

const NEGATION = /\b(not|no|never|none|cannot|can't|doesn't|don't|isn't|aren't|won't|without)\b/i;

// biome-ignore format: one group of features a line, in the order scorerFeatures returns them
export const FEATURE_NAMES = [
  "pe_f", "pn_f", "pc_f", "pe_r", "pn_r", "pc_r",
  "log_pe_f", "log_pn_f", "log_pc_f", "log_pe_r", "log_pn_r", "log_pc_r",
  "pe_f*pe_r", "pn_f*pn_r", "pc_f*pc_r", "pe_f*pn_r", "pn_f*pe_r", "pe_f*pc_r", "pc_f*pe_r",
  "d_forward", "d_reverse", "d_forward-d_reverse",
  "log_length_ratio", "gold_in_candidate", "candidate_in_gold", "jaccard", "exact", "extra_tokens", "negation_added",
  "gold_string_in_candidate", "candidate_string_in_gold", "log_candidate_tokens", "log_gold_tokens", "numbers_differ",
  "gold_in_candidate*pe_r", "candidate_in_gold*pe_f", "extra_tokens*pc_r",
] as const;

/** The feature vector of one row, in FEATURE_NAMES order. */
export function scorerFeatures(x: ScorerInput): number[] {
  const L = (p: number) => Math.log(p + 1e-6);
  const g = contentTokens(x.goldAnswer);
  const c = contentTokens(x.answer);
  const gs = new Set(g);
  const cs = new Set(c);
  const inter = [...gs].filter((t) => cs.has(t)).length;
  const union = new Set([...gs, ...cs]).size;
  const dF = directionalOf(x.pe_f, x.pn_f, DEFAULT_LAMBDA);
  const dR = directionalOf(x.pe_r, x.pn_r, DEFAULT_LAMBDA);
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  const ng = norm(x.goldAnswer);
  const nc = norm(x.answer);
  const numbers = (s: string) => (s.match(/\d+(?:[.,]\d+)?/g) ?? []).sort().join(" ");
  // biome-ignore format: the groups of FEATURE_NAMES, one a line
  return [
    x.pe_f, x.pn_f, x.pc_f, x.pe_r, x.pn_r, x.pc_r,
    L(x.pe_f), L(x.pn_f), L(x.pc_f), L(x.pe_r), L(x.pn_r), L(x.pc_r),
    x.pe_f * x.pe_r, x.pn_f * x.pn_r, x.pc_f * x.pc_r, x.pe_f * x.pn_r, x.pn_f * x.pe_r, x.pe_f * x.pc_r, x.pc_f * x.pe_r,
    dF, dR, dF - dR,
    Math.log((c.length + 1) / (g.length + 1)),
    gs.size ? inter / gs.size : 0,
    cs.size ? inter / cs.size : 0,
    union ? inter / union : 0,
    norm(x.goldAnswer) === norm(x.answer) ? 1 : 0,
    Math.log1p([...cs].filter((t) => !gs.has(t)).length),
    NEGATION.test(x.answer) && !NEGATION.test(x.goldAnswer) ? 1 : 0,
    ng.length > 0 && nc.includes(ng) ? 1 : 0,
    nc.length > 0 && ng.includes(nc) ? 1 : 0,
    Math.log1p(c.length),
    Math.log1p(g.length),
    numbers(x.goldAnswer) !== numbers(x.answer) ? 1 : 0,
    (gs.size ? inter / gs.size : 0) * x.pe_r,
    (cs.size ? inter / cs.size : 0) * x.pe_f,
    Math.log1p([...cs].filter((t) => !gs.has(t)).length) * x.pc_r,
  ];
}
