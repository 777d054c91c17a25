/**
 * `capqa score --classify`: the level each scored row gets from a classifier of any metric. The
 * classifier's metric (classifier.json's score.metric; CAP when a file does not say) is a score
 * capqa computes (cap, d_forward, …, pc_r) or a numeric column of the input; anything else is an
 * error before any scoring that names the metric and the columns there are, and an input column's
 * cells are checked (finite numbers) before the first row is scored.
 */
import { classifierMetric, predictLevels, type ThresholdClassifier } from "../calibrate/classifier.js";
import { checkClassifier } from "../calibrate/classifier-file.js";
import { DataError, DataProblems, formatLocation } from "../io/errors.js";
import { finiteScore } from "../data/metric-scores.js";
import type { RowRecord } from "../io/row-stream.js";
import { SCORE_COLUMN_FIELDS, type CapRow } from "./pair-score.js";

/** The numeric scores capqa score computes for every row, which a classifier may classify. */
const NUMERIC_SCORE_COLUMNS = ["cap", "d_forward", "d_reverse", "pe_f", "pn_f", "pc_f", "pe_r", "pn_r", "pc_r"] as const;
type NumericScoreColumn = (typeof NUMERIC_SCORE_COLUMNS)[number];

/** Where a classifier's scores come from: a score capqa computes, or a column of the input. */
export type ClassifySource =
  | { readonly kind: "score"; readonly column: NumericScoreColumn }
  | { readonly kind: "input"; readonly column: string };

/**
 * The source of a classifier's metric among the computed scores and the input's columns, or an
 * error naming both. The classifier is checked whole first (levels, names, cuts, metric: as
 * classifier.json is read), so a malformed one given to the library fails here, not after scoring.
 */
export function classifySource(classifier: ThresholdClassifier, inputColumns: readonly string[], file: string): ClassifySource {
  checkClassifier(classifier, "the `classifier` option");
  const metric = classifierMetric(classifier);
  if ((NUMERIC_SCORE_COLUMNS as readonly string[]).includes(metric)) return { kind: "score", column: metric as NumericScoreColumn };
  if (inputColumns.includes(metric)) return { kind: "input", column: metric };
  throw new DataError(
    { file, field: metric },
    `the classifier classifies the metric ${metric}, which is neither a score capqa computes (${NUMERIC_SCORE_COLUMNS.join(", ")}) nor a column of the input; the input's columns are ${inputColumns.join(", ")}`,
  );
}

/** Checks every cell of an input column a classifier reads (a finite number), all problems at once. */
export async function checkClassifyColumn(rows: AsyncIterable<RowRecord>, source: ClassifySource, file: string): Promise<void> {
  if (source.kind !== "input") return;
  const problems = new DataProblems();
  let index = 0;
  for await (const record of rows) {
    try {
      finiteScore(record.row[source.column], { file, line: record.line, row: index, field: source.column });
    } catch (err) {
      if (!(err instanceof DataError)) throw err;
      problems.add(err.location, err.message.slice(formatLocation(err.location).length + 2));
    }
    index++;
  }
  problems.throwIfAny(`the column ${source.column} of ${file} that the classifier reads`);
}

/** A row's predicted level name: from its computed score (null when not scored) or its input column. */
export function predictedLevel(
  classifier: ThresholdClassifier,
  source: ClassifySource,
  record: RowRecord,
  score: CapRow,
  file: string,
  index: number,
): string | null {
  const value =
    source.kind === "score"
      ? score[SCORE_COLUMN_FIELDS[source.column]]
      : finiteScore(record.row[source.column], { file, line: record.line, row: index, field: source.column });
  return value === null ? null : classifier.levelSet.levels[predictLevels(classifier, [value])[0]].name;
}
