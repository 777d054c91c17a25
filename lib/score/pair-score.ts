/**
 * The one row capqa scores: a statement pair's CAP, directional scores and probabilities, camelCase
 * in TypeScript. The scored files spell its fields in snake_case (SCORE_COLUMNS); that spelling
 * lives here, and only the writer of a scored file (scoreFile) and the classifier of its rows use it.
 */

/** One scored row, camelCase; numbers are null when the row is not scored (see `reason`). */
export interface CapRow {
  readonly status: "ok" | "not_scored";
  readonly reason: string | null;
  readonly cap: number | null;
  /** D(g→p) = P(e) + λ·P(n), gold statement → candidate statement. */
  readonly dForward: number | null;
  /** D(p→g), candidate statement → gold statement. */
  readonly dReverse: number | null;
  readonly peForward: number | null;
  readonly pnForward: number | null;
  readonly pcForward: number | null;
  readonly peReverse: number | null;
  readonly pnReverse: number | null;
  readonly pcReverse: number | null;
  /** The most probable NLI label in each direction. */
  readonly labelForward: string | null;
  readonly labelReverse: string | null;
  /** The gold statement (NLI premise of the forward direction). */
  readonly premise: string;
  /** The candidate statement (NLI hypothesis of the forward direction). */
  readonly hypothesis: string;
}

/**
 * The scored row under its former name.
 * @deprecated Use CapRow: the rows are camelCase (dForward, peForward, …) and carry their statements; this alias goes in the next minor
 * version.
 */
export type PairScore = CapRow;

/** The score columns a scored file adds, in their order. */
export const SCORE_COLUMNS = [
  "cap",
  "d_forward",
  "d_reverse",
  "pe_f",
  "pn_f",
  "pc_f",
  "pe_r",
  "pn_r",
  "pc_r",
  "label_f",
  "label_r",
  "status",
  "reason",
] as const;
export type ScoreColumn = (typeof SCORE_COLUMNS)[number];

/** The CapRow field each score column of a scored file holds. */
export const SCORE_COLUMN_FIELDS = {
  cap: "cap",
  d_forward: "dForward",
  d_reverse: "dReverse",
  pe_f: "peForward",
  pn_f: "pnForward",
  pc_f: "pcForward",
  pe_r: "peReverse",
  pn_r: "pnReverse",
  pc_r: "pcReverse",
  label_f: "labelForward",
  label_r: "labelReverse",
  status: "status",
  reason: "reason",
} as const satisfies Record<ScoreColumn, keyof CapRow>;

/** A row's score columns as a scored file names them (its statements are written by the caller, as the file's mode says). */
export function scoreColumnsOf(row: CapRow): Record<ScoreColumn, CapRow[(typeof SCORE_COLUMN_FIELDS)[ScoreColumn]]> {
  const out = {} as Record<ScoreColumn, CapRow[(typeof SCORE_COLUMN_FIELDS)[ScoreColumn]]>;
  for (const column of SCORE_COLUMNS) out[column] = row[SCORE_COLUMN_FIELDS[column]];
  return out;
}
