/**
 * A labelled score file of one's own (CSV or JSON Lines, read as `capqa evaluate --in` reads it):
 * per row a label of a declared ordered set (or one of the paper's classes, any spelling), a
 * metric's score and, optionally, the split the row belongs to. Read whole and checked before
 * any work: a missing column, a label outside the level set, a score that is not a finite
 * number is an error naming the file, line, row and field.
 *
 * @example
 * const table = readLabelledScores("labelled.csv", { labelColumn: "label", metric: "my_metric", splitColumn: "split", order: "bad < ok < good" });
 * table.levels; // level index of each row, least correct level 0
 */
import { DataError } from "../io/errors.js";
import { checkDistinctColumns } from "../io/column-roles.js";
import { finiteScore } from "../data/metric-scores.js";
import { readRowTable, type RowTable } from "../io/row-table.js";
import { CLASSES } from "../taxonomy/index.js";
import { classLevelSet, severityLevelSet, type LevelSet } from "./classifier.js";
import { labelCanonicaliser, levelSetLabels, parseLevelOrder } from "./levels.js";

export interface LabelledScoresOptions {
  /** The column holding each row's label. */
  readonly labelColumn: string;
  /** The column holding each row's score (the metric calibrated). */
  readonly metric: string;
  /** The column naming each row's split (e.g. validation, test); none: every row is one pool. */
  readonly splitColumn?: string;
  /**
   * The labels' order, least correct first ("bad < ok = fine < good", see parseLevelOrder), or a
   * level set. Default: the paper's classes, grouped as `levels` says.
   */
  readonly order?: string | LevelSet<string>;
  /** Without `order`: the paper's six severity levels of Eq. 1 (default) or its eight classes. */
  readonly levels?: "severity" | "classes";
}

export interface LabelledScores {
  readonly file: string;
  readonly labelColumn: string;
  readonly metric: string;
  readonly splitColumn?: string;
  readonly levelSet: LevelSet<string>;
  /** How the level set was given: the paper's severity levels or classes, or declared by the user. */
  readonly levelsKind: "severity" | "classes" | "declared";
  /** The level set's labels, least correct first; `label` indexes them. */
  readonly labels: string[];
  /** Per row: its score, its level (index into levelSet.levels), its label (index into labels), its split, its line. */
  readonly scores: Float64Array;
  readonly levels: Uint8Array;
  readonly label: Uint16Array;
  readonly splits?: string[];
  readonly lines: number[];
}

/** The level set of options: the declared order, or the paper's severity levels or classes. */
export function labelledLevelSet(options: Pick<LabelledScoresOptions, "order" | "levels">): {
  levelSet: LevelSet<string>;
  kind: LabelledScores["levelsKind"];
} {
  if (options.order !== undefined)
    return { levelSet: typeof options.order === "string" ? parseLevelOrder(options.order) : options.order, kind: "declared" };
  return options.levels === "classes" ? { levelSet: classLevelSet(), kind: "classes" } : { levelSet: severityLevelSet(), kind: "severity" };
}

function requireColumn(table: RowTable, column: string, what: string): void {
  if (!table.columns.includes(column))
    throw new DataError({ file: table.file, field: column }, `no such column (the ${what}); the file has ${table.columns.join(", ")}`);
}

function cellText(raw: unknown): string {
  return typeof raw === "string" ? raw : raw === null || raw === undefined ? "" : String(raw);
}

/** Reads and checks a labelled score file. */
export function readLabelledScores(file: string, options: LabelledScoresOptions): LabelledScores {
  checkDistinctColumns([
    ["the `labelColumn` option", options.labelColumn],
    ["the `metric` option", options.metric],
    ["the `splitColumn` option", options.splitColumn],
  ]);
  const { levelSet, kind } = labelledLevelSet(options);
  const table = readRowTable(file);
  requireColumn(table, options.labelColumn, "labels");
  requireColumn(table, options.metric, "metric's scores");
  if (options.splitColumn !== undefined) requireColumn(table, options.splitColumn, "splits");
  if (table.rows.length === 0) throw new DataError({ file }, "has no rows");
  const canonical = labelCanonicaliser(levelSet);
  const labels = levelSetLabels(levelSet);
  const labelIndex = new Map(labels.map((l, i) => [l, i]));
  const levelOf = new Map(levelSet.levels.flatMap((l, k) => l.classes.map((c) => [c, k] as const)));
  const outside =
    kind === "declared"
      ? `is not one of the declared labels (${labels.join(", ")})`
      : `is not a class of the taxonomy (${CLASSES.join(", ")}; hyphens or underscores, any case); declare other labels and their order with the \`order\` option ("bad < ok < good")`;
  const levels = new Uint8Array(table.rows.length);
  const label = new Uint16Array(table.rows.length);
  const scores = new Float64Array(table.rows.length);
  table.rows.forEach((row, k) => {
    const where = { file, line: table.lines[k], row: k };
    const text = cellText(row[options.labelColumn]);
    const c = canonical(text);
    if (c === undefined) throw new DataError({ ...where, field: options.labelColumn }, `"${text}" ${outside}`);
    levels[k] = levelOf.get(c)!;
    label[k] = labelIndex.get(c)!;
    scores[k] = finiteScore(row[options.metric], { ...where, field: options.metric });
  });
  const splits = options.splitColumn === undefined ? undefined : table.rows.map((row) => cellText(row[options.splitColumn!]).trim());
  return {
    file,
    labelColumn: options.labelColumn,
    metric: options.metric,
    ...(options.splitColumn !== undefined ? { splitColumn: options.splitColumn } : {}),
    levelSet,
    levelsKind: kind,
    labels,
    scores,
    levels,
    label,
    ...(splits ? { splits } : {}),
    lines: table.lines,
  };
}

/** The rows of one split (all rows for undefined), or an error naming the split column's values. */
export function labelledSplitRows(table: LabelledScores, split: string | undefined, what: string): number[] {
  const idx: number[] = [];
  for (let k = 0; k < table.scores.length; k++) if (split === undefined || table.splits?.[k] === split) idx.push(k);
  if (idx.length === 0) {
    const values = [...new Set(table.splits ?? [])].slice(0, 20);
    throw new DataError(
      { file: table.file, field: table.splitColumn },
      `no row has split "${split}" (the ${what}); the column's values are ${values.map((v) => `"${v}"`).join(", ")}`,
    );
  }
  return idx;
}
