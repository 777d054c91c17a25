/**
 * Rows with several gold answers. A file of raw answers carries them either as a `gold_answers`
 * column holding a JSON array of strings (in CSV the cell is the array's JSON text; in JSON Lines
 * an array, or a string holding one, as capqa writes arrays into CSV), or as `gold_answer` split
 * by a separator the user names (`goldSeparator`, `capqa score --gold-separator SEP`).
 *
 * CAP with several golds is the best reference: one statement per gold, CAP of the candidate
 * against each, the row's CAP the maximum, and the winning gold recorded (0-based; on a tie the
 * first). A row is scored only when every one of its golds is: the maximum over part of the
 * golds would be a number the data do not support.
 */
import { DataError, DataProblems, formatLocation, type DataProblemLocation } from "../io/errors.js";
import type { RowRecord } from "../io/row-stream.js";
import type { CapRow } from "./pair-score.js";

/** The column of JSON arrays of gold answers. */
export const GOLD_ANSWERS_COLUMN = "gold_answers";

/**
 * Columns added to the output when the input has several golds per row: the index of the gold
 * whose CAP is the row's (0-based), its text, and the CAP against every gold (a JSON array).
 */
export const MULTI_GOLD_COLUMNS = ["best_gold", "best_gold_answer", "gold_caps"] as const;

/** Where a row's gold answers come from. */
export type GoldSource =
  | { readonly kind: "single" }
  | { readonly kind: "array" }
  | { readonly kind: "separator"; readonly separator: string };

/**
 * The gold source of a file of raw answers with these columns: the `gold_answers` column when
 * present, else `gold_answer` split by `separator` when one is given, else one `gold_answer`.
 * A separator with a `gold_answers` column is refused (it would be ignored).
 */
export function goldSourceFor(file: string, columns: readonly string[], separator: string | undefined): GoldSource {
  if (separator !== undefined && separator === "")
    throw new RangeError("the gold separator (the `goldSeparator` option) must not be empty");
  const hasArray = columns.includes(GOLD_ANSWERS_COLUMN);
  if (hasArray && separator !== undefined) {
    throw new DataError(
      { file, line: 1 },
      `has a ${GOLD_ANSWERS_COLUMN} column, and a gold separator (the \`goldSeparator\` option) was given, which splits gold_answer: use one of the two`,
    );
  }
  if (hasArray) return { kind: "array" };
  if (separator !== undefined) return { kind: "separator", separator };
  return { kind: "single" };
}

const preview = (value: unknown) => {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
};

/**
 * The gold answers of a `gold_answers` cell: a JSON array (JSON Lines) or its JSON text (CSV),
 * of one or more strings that are not blank. Anything else is a DataError at `where`.
 */
export function parseGoldAnswers(value: unknown, where: DataProblemLocation): string[] {
  const example = `write them as a JSON array, e.g. ["Paris", "the city of Paris"]`;
  if (value === undefined || value === null) throw new DataError(where, `is missing; ${example}`);
  let list: unknown = value;
  if (typeof value === "string") {
    if (value.trim() === "") throw new DataError(where, `is empty; each row needs at least one gold answer (${example})`);
    try {
      list = JSON.parse(value);
    } catch (err) {
      throw new DataError(where, `is not a JSON array of gold answers (${(err as Error).message}): ${preview(value)}; ${example}`);
    }
  }
  if (!Array.isArray(list)) throw new DataError(where, `is not a JSON array of gold answers: ${preview(list)}; ${example}`);
  if (list.length === 0) throw new DataError(where, "is an empty list; each row needs at least one gold answer");
  list.forEach((g, k) => {
    if (typeof g !== "string") throw new DataError(where, `${GOLD_ANSWERS_COLUMN}[${k}] is not a string: ${preview(g)}`);
    if (g.trim() === "") throw new DataError(where, `${GOLD_ANSWERS_COLUMN}[${k}] is empty`);
  });
  return list as string[];
}

/**
 * `gold_answer` split at every `separator` (literal text, not a pattern), each piece trimmed of
 * white space. An empty cell or an empty piece is a DataError at `where`.
 */
export function splitGoldAnswer(value: string, separator: string, where: DataProblemLocation): string[] {
  if (value.trim() === "") throw new DataError(where, "is empty; each row needs at least one gold answer");
  const pieces = value.split(separator).map((g) => g.trim());
  const empty = pieces.indexOf("");
  if (empty >= 0)
    throw new DataError(
      where,
      `gold answer ${empty + 1} of ${pieces.length} is empty (split at ${JSON.stringify(separator)}): ${preview(value)}`,
    );
  return pieces;
}

/** The gold answers of one row (`index` is the 0-based row, as in other row errors). */
export function rowGolds(record: RowRecord, source: GoldSource, file: string, index: number): string[] {
  const field = source.kind === "array" ? GOLD_ANSWERS_COLUMN : "gold_answer";
  const where: DataProblemLocation = { file, line: record.line, row: index, field };
  const value = record.row[field];
  if (source.kind === "array") return parseGoldAnswers(value, where);
  if (typeof value !== "string")
    throw new DataError(where, value === undefined || value === null ? "is missing" : `is not a string: ${preview(value)}`);
  return source.kind === "separator" ? splitGoldAnswer(value, source.separator, where) : [value];
}

/**
 * Checks the gold answers of every row, collecting the problems (all of them reported at once),
 * so that bad gold cells fail before any statement is made or any model is called.
 */
export async function checkGolds(rows: AsyncIterable<RowRecord>, source: GoldSource, file: string): Promise<void> {
  if (source.kind === "single") return;
  const problems = new DataProblems();
  let index = 0;
  for await (const record of rows) {
    try {
      rowGolds(record, source, file, index);
    } catch (err) {
      if (!(err instanceof DataError)) throw err;
      problems.add(err.location, err.message.slice(formatLocation(err.location).length + 2));
    }
    index++;
  }
  problems.throwIfAny(`the gold answers of ${file}`);
}

/** A row's score over several golds: the winner's row, its index, and every gold's CAP. */
export interface BestGold {
  /** The winning gold's score; when the row is not scored, the first unscored gold's, with the reason. */
  readonly score: CapRow;
  /** 0-based index of the winning gold; null when the row is not scored. */
  readonly index: number | null;
  /** CAP against each gold, in order (null for a gold that could not be scored). */
  readonly caps: (number | null)[];
}

/**
 * The best of a row's scores against its golds: the highest CAP, the first on a tie. When any
 * gold is not scored the row is not scored; the reason is the gold's own (alone when every gold
 * failed for the same reason, e.g. an empty candidate, else prefixed with its 0-based index).
 */
export function bestOverGolds(scores: readonly CapRow[]): BestGold {
  if (scores.length === 0) throw new RangeError("a row needs at least one gold answer");
  const caps = scores.map((s) => (s.status === "ok" ? s.cap : null));
  const failed = scores.findIndex((s) => s.status !== "ok");
  if (failed >= 0) {
    const reasons = new Set(scores.map((s) => (s.status === "ok" ? null : s.reason)));
    const reason = reasons.size === 1 ? scores[failed].reason : `gold ${failed} (0-based) not scored: ${scores[failed].reason}`;
    return { score: { ...scores[failed], reason }, index: null, caps };
  }
  let index = 0;
  for (let k = 1; k < scores.length; k++) if ((scores[k].cap as number) > (scores[index].cap as number)) index = k;
  return { score: scores[index], index, caps };
}
