/**
 * One look for every figure: the taxonomy's colours and order, the fonts, the paper sizes.
 * Every builder in lib/figures takes its colours and labels from here, so a class has the same
 * colour and the same place in every figure (Eq. 1 order, most correct first).
 */
import { CLASSES, SHORT_NAMES, paperName, type CorrectnessClass } from "../taxonomy/index.js";
import { QUESTION_TYPES, type QuestionType } from "../statements/types.js";

/**
 * Colours of the eight classes in taxonomy order (CLASSES, Eq. 1): greens for the correct tier
 * (exact, equivalent, alternative-correct), blues for the incomplete-or-verbose but correct
 * answers (overinclusive-valid, partial), warm colours darkening towards contradictory for the
 * answers that carry false content. Distinguishable under the common colour-vision deficiencies
 * by lightness as well as hue.
 */
export const CLASS_COLORS: Readonly<Record<CorrectnessClass, string>> = Object.freeze({
  exact: "#1b7837",
  equivalent: "#5aae61",
  alternative_correct: "#a6d96a",
  overinclusive_valid: "#2166ac",
  partial: "#74add1",
  overinclusive_invalid: "#fdae61",
  invalid: "#d6604d",
  contradictory: "#67001f",
});

/** CLASS_COLORS as a list in CLASSES order. */
export const CLASS_COLOR_LIST: readonly string[] = Object.freeze(CLASSES.map((c) => CLASS_COLORS[c]));

/** The paper's spelling of a class (Table 7): "alternative-correct", "overinclusive-valid", … */
export function classLabel(cls: CorrectnessClass): string {
  return paperName(cls).replace(/_/g, "-");
}

/** Short class names as in Tables 3, 4, 17 (Exact, Eq, Alt, OV, Part, OI, Inv, Contr). */
export function classShortLabel(cls: CorrectnessClass): string {
  return SHORT_NAMES[cls];
}

/** Display names of the metrics. */
export const METRIC_LABELS: Readonly<Record<string, string>> = Object.freeze({
  cap: "CAP",
  bleu: "BLEU",
  rouge_l: "ROUGE-L",
  meteor: "METEOR",
  bertscore: "BERTScore",
  comet: "COMET",
});

export function metricLabel(metric: string): string {
  return METRIC_LABELS[metric] ?? metric;
}

/** The paper's spelling of the question types (Table 9). */
const TYPE_LABELS: Readonly<Record<QuestionType, string>> = Object.freeze({
  short_question: "short-question",
  sentence_to_complete: "sentence-to-complete",
  long_question_with_context: "long-question",
  blank_spaces_task: "blank-spaces-task",
});

/** The paper's spelling of a question type (Table 9): "short-question", "long-question", … */
export function questionTypeLabel(type: QuestionType): string {
  return TYPE_LABELS[type];
}

/** Question-type colours (Okabe–Ito), never reused for classes. */
export const QUESTION_TYPE_COLORS: Readonly<Record<QuestionType, string>> = Object.freeze({
  short_question: "#0072b2",
  sentence_to_complete: "#e69f00",
  long_question_with_context: "#cc79a7",
  blank_spaces_task: "#009e73",
});

export const QUESTION_TYPE_ORDER: readonly QuestionType[] = QUESTION_TYPES;

/** Statement-validation labels (Table 11) and their colours. */
export const STATEMENT_LABELS = ["correct", "syntactic", "semantic", "wrong"] as const;
export type StatementLabel = (typeof STATEMENT_LABELS)[number];
export const STATEMENT_LABEL_COLORS: Readonly<Record<StatementLabel, string>> = Object.freeze({
  correct: "#1b7837",
  syntactic: "#e69f00",
  semantic: "#0072b2",
  wrong: "#67001f",
});

/**
 * Fonts: Liberation Sans (metric-compatible with Arial/Helvetica) and DejaVu Sans for the glyphs
 * it lacks, both from Debian (fonts-liberation, fonts-dejavu-core). Exports embed them.
 */
export const FONT_FAMILY = "Liberation Sans, DejaVu Sans, sans-serif";
/** Font sizes in CSS px at print size (1 px = 0.75 pt): 11 px = 8.25 pt text, 10 px = 7.5 pt ticks. */
export const FONT_SIZE = 11;
export const TICK_FONT_SIZE = 10;
export const TITLE_FONT_SIZE = 12;

/** Column widths of a two-column paper, in inches. */
export const COLUMN_WIDTH_IN = Object.freeze({ single: 3.3, double: 6.9 });
export type ColumnWidth = keyof typeof COLUMN_WIDTH_IN;
export const COLUMN_WIDTHS: readonly ColumnWidth[] = ["single", "double"];
/** CSS pixels per inch: plotly lays figures out in CSS px, PDF pages are sized at 96 px per inch. */
export const CSS_PX_PER_INCH = 96;

/** Figure size in CSS px for a column width and a height in inches. */
export function figureSize(width: ColumnWidth, heightIn: number): { width: number; height: number } {
  return { width: Math.round(COLUMN_WIDTH_IN[width] * CSS_PX_PER_INCH), height: Math.round(heightIn * CSS_PX_PER_INCH) };
}

/** An axis in the shared style (thin black lines, outside ticks, light grid). */
export function axisStyle(title: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: { text: title, font: { size: FONT_SIZE }, standoff: 4 },
    tickfont: { size: TICK_FONT_SIZE },
    showline: true,
    linecolor: "#000000",
    linewidth: 0.75,
    ticks: "outside",
    ticklen: 3,
    tickwidth: 0.75,
    tickcolor: "#000000",
    gridcolor: "#e5e5e5",
    gridwidth: 0.5,
    zeroline: false,
    automargin: true,
    mirror: false,
    ...extra,
  };
}

/** The layout every figure starts from, sized for a paper column. */
export function baseLayout(width: ColumnWidth, heightIn: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const size = figureSize(width, heightIn);
  return {
    width: size.width,
    height: size.height,
    autosize: false,
    font: { family: FONT_FAMILY, size: FONT_SIZE, color: "#000000" },
    paper_bgcolor: "#ffffff",
    plot_bgcolor: "#ffffff",
    margin: { l: 8, r: 8, t: 8, b: 8, pad: 0 },
    showlegend: false,
    legend: { font: { size: TICK_FONT_SIZE }, bgcolor: "rgba(255,255,255,0)", borderwidth: 0, tracegroupgap: 2, itemwidth: 30 },
    hoverlabel: { font: { family: FONT_FAMILY } },
    ...extra,
  };
}
