/** The row capqa scores: a statement pair's CAP, directional scores and probabilities, as the output files name them. */

/** One scored row; numbers are null when the row is not scored. */
export interface PairScore {
  readonly status: "ok" | "not_scored";
  readonly reason: string | null;
  readonly cap: number | null;
  readonly d_forward: number | null;
  readonly d_reverse: number | null;
  readonly pe_f: number | null;
  readonly pn_f: number | null;
  readonly pc_f: number | null;
  readonly pe_r: number | null;
  readonly pn_r: number | null;
  readonly pc_r: number | null;
  readonly label_f: string | null;
  readonly label_r: string | null;
}

export const SCORE_COLUMNS = ["cap", "d_forward", "d_reverse", "pe_f", "pn_f", "pc_f", "pe_r", "pn_r", "pc_r", "label_f", "label_r", "status", "reason"] as const;
