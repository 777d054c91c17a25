/**
 * Evaluation of the user's own labelled data: any CSV or JSONL whose rows carry a taxonomy label
 * (the eight classes, hyphenated or underscored, any case) and metric columns, or the texts from
 * which capqa computes them: CAP from `premise`/`hypothesis` statements or from `question`,
 * `gold_answer` and `answer` (capqa score's path: statements, the NLI cache, the model), and
 * BLEU, ROUGE-L and METEOR from `gold_answer` and `answer`. The tables are evaluate's, with the
 * same bootstrap. A class absent from the data is reported, and the class pairs involving it are
 * left out with a note.
 *
 * @example
 * const ev = await evaluateLabelledFile("my-labelled.csv", { labelColumn: "label", metrics: ["cap", "bleu", "my_metric"] });
 * ev.tables.correlations; // one row per metric
 */
import { DataError } from "../io/errors.js";
import { readRowTable, type RowTable } from "../io/row-table.js";
import { checkDistinctColumns, roleSettings, tableWithRoles, type ColumnRoles } from "../io/column-roles.js";
import { CLASSES, tryParseClass, type CorrectnessClass } from "../taxonomy/index.js";
import { LIVE_TEXT_METRICS } from "./benchmark-eval.js";
import { finiteScore } from "../data/metric-scores.js";
import { bleuMulti, meteorMulti, rougeLMulti } from "../baselines/index.js";
import { squadExactMatchMulti, squadF1Multi } from "../baselines/squad.js";
import { goldSourceFor, rowGolds, type GoldSource } from "../score/golds.js";
import { scoredFileWarning } from "../score/manifest-warning.js";
import type { RowRecord } from "../io/row-stream.js";
import { evaluateMetrics, type Evaluation, type EvaluationOptions, type TableRow } from "./evaluate.js";
import type { MetricColumn } from "../data/metric-columns.js";
import type { ScoreOptions } from "../score/score.js";
import type { StatementGeneratorEngine } from "../statements/generator.js";

/** Metric names read by default when `metrics` is not given and the file has such columns. */
export const KNOWN_METRIC_COLUMNS = ["cap", "bleu", "rouge_l", "meteor", "squad_em", "squad_f1", "bertscore", "comet"] as const;

/** The roles evaluateLabelledFile reads from other columns when the `columns` option names them. */
export const LABELLED_EVAL_ROLES = ["question", "gold_answer", "answer"] as const;

export interface LabelledEvaluationOptions extends EvaluationOptions {
  /** The column holding each row's class. */
  readonly labelColumn: string;
  /**
   * Columns of another spelling that hold the question, the gold answer and the answer CAP, BLEU,
   * ROUGE-L and METEOR are computed from (e.g. `{ answer: "prediction", gold_answer: "reference" }`).
   */
  readonly columns?: Pick<ColumnRoles, (typeof LABELLED_EVAL_ROLES)[number]>;
  /**
   * Metrics to evaluate: a column of the file, or cap, bleu, rouge_l, meteor computed from the
   * texts when the file has no such column. Default: the file's columns named like the paper's
   * metrics (cap, bleu, rouge_l, meteor, bertscore, comet).
   */
  readonly metrics?: readonly string[];
  /** How CAP is computed when the file has no cap column (model, cache, α, λ, …: capqa score's options). */
  readonly score?: ScoreOptions & { readonly generator?: StatementGeneratorEngine };
  /**
   * Several gold answers per row in `gold_answer`, split at this text (a `gold_answers` column of
   * JSON arrays needs no option). CAP then takes the best gold, BLEU and METEOR every gold (NLTK's
   * multi-reference functions), ROUGE-L the best (rouge-score's score_multi).
   */
  readonly goldSeparator?: string;
}

export interface LabelledEvaluation extends Evaluation {
  readonly file: string;
  /** Rows evaluated (of the file's), and rows left out with why (a row CAP could not score). */
  readonly rows: number;
  /** Rows left out, with the row's id (its row_id, else its 0-based position among the file's rows). */
  readonly excluded: { line: number; rowId: string | number; reason: string }[];
  /** Classes with no row in the data; pairs involving them are not in the tables. */
  readonly absentClasses: CorrectnessClass[];
  readonly notes: string[];
  /**
   * DEMO_NLI_MODEL_WARNING when CAP was computed with capqa's demo model, or read from a file its manifest says it scored (that CAP means
   * nothing); else null.
   */
  readonly warning: string | null;
}

/** Text columns a row needs all of (those the file has), so that every metric sees the same rows, as the authors' loader. */
export const REQUIRED_TEXT_COLUMNS = ["question", "gold_answer", "answer", "premise", "hypothesis"] as const;

/** A row's id for reports: its row_id cell when the file has one, else its 0-based position among the file's rows. */
function rowIdOf(table: RowTable, k: number): string | number {
  const id = table.columns.includes("row_id") ? table.rows[k].row_id : undefined;
  return typeof id === "string" || typeof id === "number" ? id : k;
}

/**
 * The rows with every required text (question, gold_answer, answer, premise, hypothesis, where the
 * file has the column) non-empty, and the others left out with their row id and the empty field.
 */
export function withoutIncompleteRows(table: RowTable): { table: RowTable; kept: number[]; excluded: LabelledEvaluation["excluded"] } {
  const required = REQUIRED_TEXT_COLUMNS.filter((c) => table.columns.includes(c));
  const kept: number[] = [];
  const excluded: LabelledEvaluation["excluded"] = [];
  table.rows.forEach((row, k) => {
    const empty = required.filter((c) => row[c] === null || row[c] === undefined || String(row[c]).trim() === "");
    if (empty.length === 0) kept.push(k);
    else excluded.push({ line: table.lines[k], rowId: rowIdOf(table, k), reason: `empty ${empty.join(", ")}` });
  });
  if (excluded.length === 0) return { table, kept, excluded };
  return { table: { ...table, rows: kept.map((k) => table.rows[k]), lines: kept.map((k) => table.lines[k]) }, kept, excluded };
}

/** The class of every row, or an error naming the first row whose label is not one of the eight. */
export function readLabels(table: RowTable, column: string): Uint8Array {
  if (!table.columns.includes(column))
    throw new DataError({ file: table.file, field: column }, `no such column; the file has ${table.columns.join(", ")}`);
  return Uint8Array.from(table.rows, (row, k) => {
    const raw = row[column];
    const text = typeof raw === "string" ? raw : raw === null || raw === undefined ? "" : String(raw);
    const cls = tryParseClass(text);
    if (cls === undefined) {
      throw new DataError(
        { file: table.file, line: table.lines[k], row: k, field: column },
        `"${text}" is not a class of the taxonomy; expected one of ${CLASSES.join(", ")} (hyphens or underscores, any case)`,
      );
    }
    return CLASSES.indexOf(cls);
  });
}

/** A numeric column: every cell a finite number, or an error naming the row. */
function numericColumn(table: RowTable, column: string): Float64Array {
  return Float64Array.from(table.rows, (row, k) =>
    finiteScore(row[column], { file: table.file, line: table.lines[k], row: k, field: column }),
  );
}

function textColumn(table: RowTable, column: string): string[] {
  return table.rows.map((row, k) => {
    const v = row[column];
    if (typeof v !== "string") throw new DataError({ file: table.file, line: table.lines[k], row: k, field: column }, "needs a text");
    return v;
  });
}

const has = (table: RowTable, ...columns: string[]) => columns.every((c) => table.columns.includes(c));

/** The gold answers of every row: one each, or several (a gold_answers column, or gold_answer split at the separator). */
function goldsOf(table: RowTable, source: GoldSource): string[][] | string[] {
  if (source.kind === "single") return textColumn(table, "gold_answer");
  return table.rows.map((row, k) => rowGolds({ row, line: table.lines[k] } as RowRecord, source, table.file, k));
}

const MULTI_TEXT_METRICS: Record<string, (golds: readonly string[], candidate: string) => number> = {
  bleu: bleuMulti,
  rouge_l: rougeLMulti,
  meteor: meteorMulti,
  squad_em: squadExactMatchMulti,
  squad_f1: squadF1Multi,
};

/** CAP for every row through capqa score's path; null where a row cannot be scored (with why). */
async function capFromTexts(
  table: RowTable,
  options: ScoreOptions & { readonly generator?: StatementGeneratorEngine },
  golds: string[][] | string[] | null,
): Promise<{ cap: (number | null)[]; reasons: (string | null)[]; source: string; warning: string | null }> {
  const { scoreStatements, scoreAnswers } = await import("../score/score.js");
  if (has(table, "premise", "hypothesis")) {
    const { rows, report } = await scoreStatements(textColumn(table, "premise"), textColumn(table, "hypothesis"), options);
    return {
      cap: rows.map((r) => r.cap),
      reasons: rows.map((r) => r.reason),
      source: `computed by capqa from premise/hypothesis (${report.modelKey})`,
      warning: report.warning,
    };
  }
  if (golds && has(table, "question", "answer")) {
    const r = await scoreAnswers(textColumn(table, "question"), golds, textColumn(table, "answer"), options);
    const several = Array.isArray(golds[0]);
    return {
      cap: r.rows.map((x) => x.cap),
      reasons: r.rows.map((x) => x.reason),
      source: `computed by capqa from question/${several ? "the best of several golds" : "gold_answer"}/answer (statements: ${r.generator}; ${r.report.modelKey})`,
      warning: r.report.warning,
    };
  }
  throw new DataError(
    { file: table.file, field: "cap" },
    "no cap column, and neither premise/hypothesis nor question/gold_answer/answer columns to compute it from",
  );
}

/**
 * Leaves out of the tables the class pairs and descriptives of classes the data lack. A pair with
 * an absent class has no class mean, which evaluateMetrics counts as a violation in the point
 * estimate and in every resample alike, so monotonicity's counts and their intervals drop by
 * exactly the number of such pairs.
 */
export function withoutAbsentClasses(tables: Evaluation["tables"], absent: ReadonlySet<string>): Evaluation["tables"] {
  if (absent.size === 0) return tables;
  const involves = (better: string, worse: string) => absent.has(better) || absent.has(worse);
  const keepPair = (r: TableRow) => !involves(String(r.better), String(r.worse));
  const classPairs = tables.class_pairs.filter(keepPair);
  const monotonicity = tables.monotonicity.map((m) => {
    const pairs = classPairs.filter((p) => p.metric === m.metric).length;
    const dropped = tables.class_pairs.filter((p) => p.metric === m.metric).length - pairs;
    const less = (x: TableRow[string]) => (typeof x === "number" ? x - dropped : x);
    const violations = less(m.mean_violations);
    const violating = String(m.violating_pairs ?? "")
      .split("; ")
      .filter((v) => v !== "" && !involves(...(v.split(">") as [string, string])));
    return {
      ...m,
      class_pairs: pairs,
      mean_violations: violations,
      mean_violation_rate: pairs > 0 && typeof violations === "number" ? violations / pairs : null,
      mean_violations_ci_low: less(m.mean_violations_ci_low),
      mean_violations_ci_high: less(m.mean_violations_ci_high),
      violating_pairs: violating.join("; "),
    };
  });
  return {
    ...tables,
    class_pairs: classPairs,
    hard_pairs: tables.hard_pairs.filter(keepPair),
    descriptives: tables.descriptives.filter((r) => !absent.has(String(r.label))),
    monotonicity,
  };
}

/** Evaluates a labelled file's metrics against the taxonomy order (evaluate's tables). */
export async function evaluateLabelledFile(file: string, options: LabelledEvaluationOptions): Promise<LabelledEvaluation> {
  checkDistinctColumns([["the `labelColumn` option", options.labelColumn], ...roleSettings(options.columns)]);
  const read = tableWithRoles(readRowTable(file), options.columns, { reads: LABELLED_EVAL_ROLES });
  if (read.rows.length === 0) throw new DataError({ file }, "has no rows");
  // Rows with an empty text are left out of every metric (and reported with their row id) before anything else.
  const { table, kept: positions, excluded: incomplete } = withoutIncompleteRows(read);
  if (table.rows.length === 0)
    throw new DataError(
      { file },
      `no row is left to evaluate: every row has an empty ${REQUIRED_TEXT_COLUMNS.filter((c) => read.columns.includes(c)).join(", ")} cell`,
    );
  const classes = readLabels(table, options.labelColumn);
  // A severity map over some classes only: a row of another class is refused by name.
  const unranked = options.ordering?.unranked;
  if (unranked) {
    const k = classes.findIndex((c) => unranked.includes(CLASSES[c]));
    if (k >= 0)
      throw new DataError(
        { file, line: table.lines[k], row: positions[k], field: options.labelColumn },
        `class ${CLASSES[classes[k]]} has no severity in the ordering "${options.ordering!.name}" (it ranks ${CLASSES.filter((c) => !unranked.includes(c)).join(", ")})`,
      );
  }
  const names = options.metrics ?? KNOWN_METRIC_COLUMNS.filter((m) => table.columns.includes(m) && m !== options.labelColumn);
  if (names.length === 0)
    throw new DataError(
      { file },
      `no metric columns named like ${KNOWN_METRIC_COLUMNS.join(", ")}; name the metrics to evaluate with the metrics option`,
    );
  // Gold answers (one or several per row), checked whole before any metric is computed.
  const goldSource = goldSourceFor(file, table.columns, options.goldSeparator);
  const golds = goldSource.kind !== "single" || table.columns.includes("gold_answer") ? goldsOf(table, goldSource) : null;
  // Every metric is checked (columns, texts) before CAP is computed: that is the expensive one.
  const plan = names.map((name) => {
    if (table.columns.includes(name)) return { name, kind: "column" as const };
    if (name === "cap") return { name, kind: "cap" as const };
    if (LIVE_TEXT_METRICS[name]) {
      if (!golds || !has(table, "answer"))
        throw new DataError(
          { file, field: name },
          `no ${name} column, and no gold_answer (or gold_answers) and answer columns to compute it from`,
        );
      return { name, kind: "text" as const };
    }
    throw new DataError(
      { file, field: name },
      `no such column, and capqa computes only cap, ${Object.keys(LIVE_TEXT_METRICS).join(", ")} from texts; the file has ${table.columns.join(", ")}`,
    );
  });
  const values = new Map<string, { scores: Float64Array; source: string }>();
  for (const p of plan)
    if (p.kind === "column") values.set(p.name, { scores: numericColumn(table, p.name), source: `column ${p.name} of ${file}` });
  for (const p of plan) {
    if (p.kind !== "text") continue;
    const answer = textColumn(table, "answer");
    const list = golds!;
    const scores = Array.isArray(list[0])
      ? Float64Array.from(list as string[][], (g, k) => MULTI_TEXT_METRICS[p.name](g, answer[k]))
      : Float64Array.from(list as string[], (g, k) => LIVE_TEXT_METRICS[p.name](g, answer[k]));
    values.set(p.name, {
      scores,
      source: Array.isArray(list[0])
        ? "computed live by capqa against every gold answer"
        : "computed live by capqa from gold_answer/answer",
    });
  }
  // Rows CAP cannot score (an empty statement, a pair with no model) are left out of every metric, with why.
  const keep = Uint8Array.from(table.rows, () => 1);
  const excluded: LabelledEvaluation["excluded"] = [...incomplete];
  // CAP read from the column of a file capqa score wrote with the demo model: its manifest says so.
  let warning = plan.some((p) => p.kind === "column" && p.name === "cap") ? scoredFileWarning(file) : null;
  if (plan.some((p) => p.kind === "cap")) {
    const cap = await capFromTexts(table, options.score ?? {}, golds);
    warning = cap.warning;
    values.set("cap", { scores: Float64Array.from(cap.cap, (x) => x ?? NaN), source: cap.source });
    cap.cap.forEach((x, k) => {
      if (x === null) {
        keep[k] = 0;
        excluded.push({
          line: table.lines[k],
          rowId: rowIdOf(read, positions[k]),
          reason: `CAP could not score it: ${cap.reasons[k] ?? "no reason given"}`,
        });
      }
    });
  }
  const idx = Array.from(keep.keys()).filter((k) => keep[k]);
  if (idx.length === 0) throw new DataError({ file }, "no row is left to evaluate");
  const kept = Uint8Array.from(idx, (k) => classes[k]);
  const columns: MetricColumn[] = names.map((name) => {
    const v = values.get(name)!;
    return { name, scores: Float64Array.from(idx, (k) => v.scores[k]), source: v.source };
  });
  const evaluation = await evaluateMetrics(kept, columns, options);
  const present = new Set(Array.from(kept, (c) => CLASSES[c]));
  const absentClasses = CLASSES.filter((c) => !present.has(c));
  const notes = [
    ...evaluation.notes,
    ...(absentClasses.length > 0
      ? [
          `No row has class ${absentClasses.join(", ")}: the class pairs involving ${absentClasses.length > 1 ? "them" : "it"} are left out of class_pairs, hard_pairs, monotonicity and descriptives.`,
        ]
      : []),
  ];
  return {
    ...evaluation,
    tables: withoutAbsentClasses(evaluation.tables, new Set(absentClasses)),
    file,
    rows: idx.length,
    excluded,
    absentClasses,
    notes,
    warning,
  };
}
