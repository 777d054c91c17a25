/**
 * What the figures show, computed from the released data: class counts, sources, per-class
 * scores, sweep inputs, a calibrated classifier. Plain functions of the data, shared by the
 * figure builders, the notebooks and `capqa figures`.
 */
import { DEFAULT_LAMBDA } from "../constants.js";
import { CLASSES, type CorrectnessClass } from "../taxonomy/index.js";
import { releasedColumn, selectRows, type Benchmark, type LabelSource, type SplitChoice } from "../data/benchmark.js";
import { benchmarkMetricColumn } from "../data/metric-columns.js";
import type { CapWeights } from "../cap/index.js";
import { directionalOf } from "../cap/formula.js";
import { classLabel } from "./palette.js";
import type { DirectionalInputs } from "../sweep/index.js";
import { QUESTION_TYPES, type QuestionType } from "../statements/types.js";
import type { CalibrationObjective } from "../calibrate/classifier.js";
import { calibrationOverviewMarkdown, runCalibration, type CalibrationRun } from "../calibrate/workflow.js";
import { benchmarkSweepInputs } from "../sweep/workflow.js";

/** Rows per class (CSV labels; `labels: "human"` counts the 1,638 human-labelled rows). */
export function classCounts(
  bench: Benchmark,
  split: SplitChoice = "all",
  labels: LabelSource = "synthetic",
): Record<CorrectnessClass, number> {
  const out = Object.fromEntries(CLASSES.map((c) => [c, 0])) as Record<CorrectnessClass, number>;
  for (const row of bench.rows) {
    if (split !== "all" && bench.split[row.rowId] !== split) continue;
    const label = labels === "human" ? row.manualLabel : row.label;
    if (label !== null) out[label]++;
  }
  return out;
}

/** Display names of the source datasets as the paper writes them. */
export const SOURCE_LABELS: Readonly<Record<string, string>> = Object.freeze({
  "ARC-Easy": "ARC-Easy",
  "ARC-Challenge": "ARC-Challenge",
  openbookqa: "OpenBookQA",
  mmlu: "MMLU",
});

export function sourceLabel(dataset: string): string {
  return SOURCE_LABELS[dataset] ?? dataset;
}

export interface SourceCounts {
  /** Source datasets as the data spells them, largest first (ties by name). */
  readonly sources: string[];
  /** counts[source][class]. */
  readonly counts: Record<string, Record<CorrectnessClass, number>>;
  readonly totals: Record<string, number>;
}

/** Rows per source dataset and class (paper Fig. 5). */
export function sourceClassCounts(bench: Benchmark, split: SplitChoice = "all"): SourceCounts {
  const counts: Record<string, Record<CorrectnessClass, number>> = {};
  const totals: Record<string, number> = {};
  for (const row of bench.rows) {
    if (split !== "all" && bench.split[row.rowId] !== split) continue;
    counts[row.dataset] ??= Object.fromEntries(CLASSES.map((c) => [c, 0])) as Record<CorrectnessClass, number>;
    counts[row.dataset][row.label]++;
    totals[row.dataset] = (totals[row.dataset] ?? 0) + 1;
  }
  const sources = Object.keys(totals).sort((a, b) => totals[b] - totals[a] || (a < b ? -1 : a > b ? 1 : 0));
  return { sources, counts, totals };
}

export interface ClassScores {
  readonly metric: string;
  readonly split: SplitChoice;
  readonly labels: LabelSource;
  /** Scores of each class's rows, in row order. */
  readonly byClass: Record<CorrectnessClass, Float64Array>;
  /** Where the scores come from (released, or CAP recomputed with given weights). */
  readonly source: string;
  /** Rows left out (no released scores), with why. */
  readonly excluded: { rowId: number; reason: string }[];
}

/** A metric's released scores grouped by class (paper Fig. 3). */
export function scoresByClass(
  bench: Benchmark,
  metric: string,
  options: { split?: SplitChoice; labels?: LabelSource; onlyHumanLabelled?: boolean; capWeights?: CapWeights } = {},
): ClassScores {
  const split = options.split ?? "test";
  const labels = options.labels ?? "synthetic";
  const sel = selectRows(bench, split, labels, { onlyHumanLabelled: options.onlyHumanLabelled });
  const col = benchmarkMetricColumn(bench, metric, sel.rowIds, options.capWeights);
  const lists = CLASSES.map(() => [] as number[]);
  sel.classes.forEach((c, i) => lists[c].push(col.scores[i]));
  const byClass = Object.fromEntries(CLASSES.map((c, k) => [c, Float64Array.from(lists[k])])) as Record<CorrectnessClass, Float64Array>;
  return { metric, split, labels, byClass, source: col.source ?? "released", excluded: sel.excluded };
}

/** NLI probabilities and classes of a split, as the α–λ sweep takes them (no model call). */
export function releasedSweepInputs(bench: Benchmark, split: SplitChoice = "validation"): DirectionalInputs {
  return benchmarkSweepInputs(bench, split);
}

/** Items per question type of CAP-Statements (paper Fig. 6). */
export function questionTypeCounts(items: readonly { questionType: QuestionType }[]): Record<QuestionType, number> {
  const out = Object.fromEntries(QUESTION_TYPES.map((t) => [t, 0])) as Record<QuestionType, number>;
  for (const it of items) out[it.questionType]++;
  return out;
}

/** @deprecated since 0.1.0: calibrateCap's options; use runCalibration's (CalibrationRunOptions, "capqa/calibrate"); removed in 0.2.0. */
export interface CalibrationOptions {
  /** "severity": the six levels of Eq. 1 (default); "classes": the eight classes in a strict order. */
  readonly levels?: "severity" | "classes";
  readonly objective?: CalibrationObjective;
  readonly fitSplit?: SplitChoice;
  readonly evalSplit?: SplitChoice;
  /** CAP recomputed from the released probabilities with these weights (default: the released CAP). */
  readonly capWeights?: CapWeights;
  /** Bootstrap resamples of the intervals: runCalibration's default (DEFAULT_BOOTSTRAP_RESAMPLES); 0: none. */
  readonly resamples?: number;
  readonly seed?: number;
}

/** A calibration: what runCalibration (lib/calibrate) returns. */
export type CalibrationResult = CalibrationRun;

/**
 * CAP as a classifier (paper Sec. 8.2): runCalibration with `capWeights` spelled as its `alpha`
 * and `lambda`. Every default is runCalibration's, the resample count included.
 *
 * @deprecated since 0.1.0: use runCalibration (from "capqa" or "capqa/calibrate"), which takes
 * `alpha` and `lambda` for `capWeights`; removed in 0.2.0.
 */
export function calibrateCap(bench: Benchmark, options: CalibrationOptions = {}): CalibrationResult {
  const { capWeights, ...rest } = options;
  return runCalibration(bench, { ...rest, alpha: capWeights?.alpha, lambda: capWeights?.lambda });
}

/**
 * A calibration as Markdown: each level's scores under the calibrated cuts and under the
 * equal-width bins, then accuracy, macro-F1 and Cohen's κ of both on the evaluation split (with
 * intervals when computed); numbers with 4 decimals, as `capqa calibrate` writes them.
 */
export function calibrationMarkdown(c: CalibrationResult): string {
  return calibrationOverviewMarkdown(c);
}

/** Mean of each class's scores (NaN for an empty class). */
export function classMeans(scores: ClassScores): Record<CorrectnessClass, number> {
  return Object.fromEntries(
    CLASSES.map((c) => {
      const v = scores.byClass[c];
      let s = 0;
      for (let i = 0; i < v.length; i++) s += v[i];
      return [c, v.length ? s / v.length : NaN];
    }),
  ) as Record<CorrectnessClass, number>;
}

/** A CAP-Correctness row with its released scores, for showing examples. */
export interface ExampleRow {
  readonly rowId: number;
  readonly split: string;
  readonly dataset: string;
  readonly label: CorrectnessClass;
  readonly manualLabel: CorrectnessClass | null;
  readonly question: string;
  readonly goldAnswer: string;
  readonly answer: string;
  /** Gold statement (NLI premise) and candidate statement (hypothesis), as released. */
  readonly premise: string;
  readonly hypothesis: string;
  /** Released metric scores (null where none were released). */
  readonly scores: Readonly<Record<string, number | null>>;
}

function exampleRow(bench: Benchmark, rowId: number): ExampleRow {
  const r = bench.rows[rowId];
  const k = bench.scoreIndex[rowId];
  const scores = Object.fromEntries(bench.scores.metrics.map((m) => [m, k < 0 ? null : bench.scores.values[m][k]]));
  return {
    rowId,
    split: bench.split[rowId],
    dataset: r.dataset,
    label: r.label,
    manualLabel: r.manualLabel,
    question: r.question,
    goldAnswer: r.goldAnswer,
    answer: r.answer,
    premise: r.premise,
    hypothesis: r.hypothesis,
    scores,
  };
}

/** A stable pseudo-random rank of a row id (no generator state: the same rows every time). */
function rowRank(rowId: number, seed: number): number {
  let h = (rowId + 1) * 0x9e3779b1 + seed * 0x85ebca6b;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A few example rows of every class, the same ones on every run (a seeded choice within the split). */
export function classExamples(bench: Benchmark, options: { perClass?: number; split?: SplitChoice; seed?: number } = {}): ExampleRow[] {
  const perClass = options.perClass ?? 2;
  const split = options.split ?? "test";
  const seed = options.seed ?? 0;
  return CLASSES.flatMap((c) =>
    bench.rows
      .filter((r) => r.label === c && (split === "all" || bench.split[r.rowId] === split) && r.answer.trim() !== "")
      .sort((a, b) => rowRank(a.rowId, seed) - rowRank(b.rowId, seed) || a.rowId - b.rowId)
      .slice(0, perClass)
      .map((r) => exampleRow(bench, r.rowId)),
  );
}

/** The rows of a class a metric scores highest (or lowest): where a metric's failure modes show. */
export function extremeExamples(
  bench: Benchmark,
  cls: CorrectnessClass,
  options: { metric?: string; order?: "highest" | "lowest"; n?: number; split?: SplitChoice } = {},
): ExampleRow[] {
  const metric = options.metric ?? "cap";
  const split = options.split ?? "test";
  const sign = (options.order ?? "highest") === "highest" ? -1 : 1;
  const values = bench.scores.values[metric];
  if (values === undefined) throw new Error(`no released scores for "${metric}"; available: ${bench.scores.metrics.join(", ")}`);
  return bench.rows
    .filter((r) => r.label === cls && (split === "all" || bench.split[r.rowId] === split) && bench.scoreIndex[r.rowId] >= 0)
    .sort((a, b) => sign * (values[bench.scoreIndex[a.rowId]] - values[bench.scoreIndex[b.rowId]]) || a.rowId - b.rowId)
    .slice(0, options.n ?? 3)
    .map((r) => exampleRow(bench, r.rowId));
}

const EXAMPLE_COLUMNS: Record<string, { header: string; get: (r: ExampleRow) => string | number | null }> = {
  rowId: { header: "row", get: (r) => r.rowId },
  label: { header: "class", get: (r) => classLabel(r.label) },
  manualLabel: { header: "human label", get: (r) => (r.manualLabel ? classLabel(r.manualLabel) : "") },
  dataset: { header: "source", get: (r) => r.dataset },
  question: { header: "question", get: (r) => r.question },
  goldAnswer: { header: "gold answer", get: (r) => r.goldAnswer },
  answer: { header: "candidate answer", get: (r) => r.answer },
  premise: { header: "gold statement", get: (r) => r.premise },
  hypothesis: { header: "candidate statement", get: (r) => r.hypothesis },
};

/**
 * Example rows as a Markdown table: columns by field name ("label", "question", "goldAnswer",
 * "answer", "premise", "hypothesis", …) or metric name ("cap", "bertscore"); long texts shortened.
 */
export function examplesMarkdown(
  rows: readonly ExampleRow[],
  columns: readonly string[] = ["label", "question", "goldAnswer", "answer", "cap"],
  maxChars = 160,
): string {
  const clip = (s: string) => {
    const t = s.replace(/\s+/g, " ").trim();
    return t.length > maxChars ? `${t.slice(0, maxChars - 1)}…` : t;
  };
  const cell = (r: ExampleRow, c: string): string => {
    const col = EXAMPLE_COLUMNS[c];
    const v = col ? col.get(r) : (r.scores[c] ?? null);
    if (v === null) return "—";
    if (typeof v === "number") return col ? String(v) : v.toFixed(3);
    return clip(v).replace(/\|/g, "\\|");
  };
  const header = columns.map(
    (c) => EXAMPLE_COLUMNS[c]?.header ?? c.toUpperCase().replace("ROUGE_L", "ROUGE-L").replace("BERTSCORE", "BERTScore"),
  );
  return [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${columns.map((c) => cell(r, c)).join(" | ")} |`),
  ].join("\n");
}

/**
 * Mean directional scores per class (App. E's mechanism): D(gold → candidate), carrying weight α,
 * and D(candidate → gold), carrying 1 − α, from the released NLI probabilities.
 */
export function directionalMeans(
  bench: Benchmark,
  options: { split?: SplitChoice; lambda?: number } = {},
): { forward: Record<CorrectnessClass, number>; reverse: Record<CorrectnessClass, number>; n: Record<CorrectnessClass, number> } {
  const sel = selectRows(bench, options.split ?? "test");
  const lambda = options.lambda ?? DEFAULT_LAMBDA;
  const col = (f: string) => releasedColumn(bench, f, sel.rowIds);
  const pe = [col("pe_f"), col("pe_r")];
  const pn = [col("pn_f"), col("pn_r")];
  const sums = [new Float64Array(CLASSES.length), new Float64Array(CLASSES.length)];
  const n = new Float64Array(CLASSES.length);
  sel.classes.forEach((c, i) => {
    n[c]++;
    for (let d = 0; d < 2; d++) sums[d][c] += directionalOf(pe[d][i], pn[d][i], lambda);
  });
  const mean = (d: number) =>
    Object.fromEntries(CLASSES.map((c, k) => [c, n[k] ? sums[d][k] / n[k] : NaN])) as Record<CorrectnessClass, number>;
  return {
    forward: mean(0),
    reverse: mean(1),
    n: Object.fromEntries(CLASSES.map((c, k) => [c, n[k]])) as Record<CorrectnessClass, number>,
  };
}
