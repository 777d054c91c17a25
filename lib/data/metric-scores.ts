/**
 * Per-row scores of the user's own metrics for CAP-Correctness (Sec. 8.2: the benchmark re-used
 * for any metric), read from a CSV or JSONL file and aligned to the benchmark's rows by a
 * `row_id` column (0-based CSV row order of CAP-Correctness.csv), or by position when the file has
 * one row per benchmark row and no `row_id`. Every other column is a metric. Nothing is aligned
 * silently: a file of another length without `row_id`, a duplicate or out-of-range id, an empty,
 * non-numeric or non-finite score is an error naming the file, line, row and field.
 *
 * @example
 * const scores = readMetricScores("my-metric.csv", bench.rows.length);
 * const ev = await evaluateBenchmark(bench, { metrics: ["cap", "bleu"], scores, reference: "cap" });
 */
import { METRIC_SCORES_ROW_ID } from "../constants.js";
import { isDecimalText } from "../io/csv.js";
import { DataError } from "../io/errors.js";
import { readRowTable } from "../io/row-table.js";

/** The user's metric scores, one Float64Array per metric over every benchmark row (NaN where the file has no row). */
export interface MetricScores {
  readonly file: string;
  readonly names: readonly string[];
  /** Scores by benchmark row id. */
  readonly columns: Readonly<Record<string, Float64Array>>;
  /** Which benchmark rows the file scores. */
  readonly present: Uint8Array;
  /** How rows were aligned. */
  readonly alignment: "row_id" | "row order";
}

export interface ReadMetricScoresOptions {
  /** The metric columns to read (default: every column but the row id). */
  readonly columns?: readonly string[];
  /** Names a metric column may not take (the released metrics it would be confused with). */
  readonly reserved?: readonly string[];
}

/** A score cell as a finite number, or an error naming where it is (the rule of every metric column capqa reads). */
export function finiteScore(value: unknown, where: { file: string; line: number; row: number; field: string }): number {
  if (typeof value === "number") {
    if (Number.isFinite(value)) return value;
    throw new DataError(where, `score ${value} is not finite`);
  }
  const text = typeof value === "string" ? value.trim() : value === null || value === undefined ? "" : undefined;
  if (text === undefined) throw new DataError(where, `score ${JSON.stringify(value)} is not a number`);
  if (text === "") throw new DataError(where, "score is empty; every row needs a score for every metric column");
  if (!isDecimalText(text)) throw new DataError(where, `score "${text}" is not a number`);
  const x = Number(text);
  if (!Number.isFinite(x)) throw new DataError(where, `score "${text}" is not finite`);
  return x;
}

/** Reads a metric-scores file for a benchmark of `rowCount` rows. */
export function readMetricScores(file: string, rowCount: number, options: ReadMetricScoresOptions = {}): MetricScores {
  const table = readRowTable(file);
  const hasId = table.columns.includes(METRIC_SCORES_ROW_ID);
  const names = options.columns ?? table.columns.filter((c) => c !== METRIC_SCORES_ROW_ID);
  if (names.length === 0)
    throw new DataError(
      { file },
      `no metric columns: the file needs one column per metric${hasId ? ` besides ${METRIC_SCORES_ROW_ID}` : ""}`,
    );
  for (const n of names) {
    if (!table.columns.includes(n)) throw new DataError({ file, field: n }, `no such column; the file has ${table.columns.join(", ")}`);
    if (options.reserved?.includes(n))
      throw new DataError({ file, field: n }, `"${n}" is the name of a released metric; rename the column so the two are not confused`);
  }
  if (!hasId && table.rows.length !== rowCount) {
    throw new DataError(
      { file },
      `has ${table.rows.length} rows and no ${METRIC_SCORES_ROW_ID} column; a scores file either has a ${METRIC_SCORES_ROW_ID} column (0-based row of CAP-Correctness.csv) or exactly one row per benchmark row (${rowCount}), in the CSV's order`,
    );
  }
  const columns: Record<string, Float64Array> = {};
  for (const n of names) columns[n] = new Float64Array(rowCount).fill(NaN);
  const present = new Uint8Array(rowCount);
  const firstLine = new Int32Array(rowCount).fill(-1);
  table.rows.forEach((row, k) => {
    const line = table.lines[k];
    let id = k;
    if (hasId) {
      const raw = row[METRIC_SCORES_ROW_ID];
      const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
      if (!/^\d+$/.test(text) || Number(text) >= rowCount) {
        throw new DataError(
          { file, line, field: METRIC_SCORES_ROW_ID },
          `"${text}" is not a row of the benchmark (an integer from 0 to ${rowCount - 1})`,
        );
      }
      id = Number(text);
      if (present[id])
        throw new DataError(
          { file, line, row: id, field: METRIC_SCORES_ROW_ID },
          `row ${id} appears twice (first on line ${firstLine[id]})`,
        );
    }
    present[id] = 1;
    firstLine[id] = line;
    for (const n of names) columns[n][id] = finiteScore(row[n], { file, line, row: id, field: n });
  });
  return { file, names, columns, present, alignment: hasId ? "row_id" : "row order" };
}

/**
 * The scores of one metric for the given benchmark rows, in their order; rows the file lacks
 * are an error that names them (the first ten and how many).
 */
export function metricScoresFor(scores: MetricScores, name: string, rowIds: Int32Array): Float64Array {
  const col = scores.columns[name];
  if (!col) throw new Error(`${scores.file} has no metric "${name}"; it has ${scores.names.join(", ")}`);
  const missing: number[] = [];
  const out = new Float64Array(rowIds.length);
  for (let k = 0; k < rowIds.length; k++) {
    if (!scores.present[rowIds[k]]) missing.push(rowIds[k]);
    out[k] = col[rowIds[k]];
  }
  if (missing.length > 0) {
    throw new DataError(
      { file: scores.file },
      `lacks ${missing.length} of the ${rowIds.length} rows to evaluate: row ${missing.slice(0, 10).join(", ")}${missing.length > 10 ? ", …" : ""} (row ids are 0-based rows of CAP-Correctness.csv)`,
    );
  }
  return out;
}
