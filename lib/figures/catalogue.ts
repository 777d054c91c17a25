/**
 * Every figure the released data supports, with what it shows and where it is in the paper.
 * `capqa figures` exports this list; notebook 10 displays it.
 */
import type { Benchmark } from "../data/benchmark.js";
import type { StatementItem } from "../statements/dataset.js";
import { DEFAULT_ALPHA, DEFAULT_LAMBDA } from "../constants.js";
import type { SweepPoint } from "../sweep/core.js";
import { computeSweep } from "../sweep/workflow.js";
import { sweepHeatmapSpec, SWEEP_HEATMAPS } from "./sweep-heatmaps.js";
import { runCalibration } from "../calibrate/workflow.js";
import type { PlotlyFigure } from "./heatmap.js";
import type { ColumnWidth } from "./palette.js";
import { classCounts, classMeans, questionTypeCounts, scoresByClass, sourceClassCounts, type CalibrationResult } from "./data.js";
import {
  classCountsFigure,
  classMeansFigure,
  confusionMatricesFigure,
  confusionMatrixFigure,
  questionTypesFigure,
  scoreDistributionFigure,
  sourcesFigure,
  statementErrorsByTypeFigure,
  statementValidationFigure,
  thresholdFigure,
} from "./builders.js";

export interface FigureEntry {
  /** Stable id, used as the file stem ("fig3-score-distributions"). */
  readonly id: string;
  /** Where the figure is in the paper ("Fig. 3", "Table 12", "Sec. 8.2"). */
  readonly paper: string;
  readonly title: string;
  /** What the reader sees, how it maps to the paper, and what differs from it. */
  readonly caption: string;
  /** The paper column the figure is designed for. */
  readonly width: ColumnWidth;
  /** The spec at a column width (default: the figure's own). */
  build(width?: ColumnWidth): PlotlyFigure;
}

export interface CatalogueInputs {
  readonly bench: Benchmark;
  /** CAP-Statements items (for Fig. 6); without them Fig. 6 is skipped, with the reason. */
  readonly statements?: readonly StatementItem[];
  /** Where the statements came from, for the caption (e.g. "train + validation"). */
  readonly statementsNote?: string;
  /** Grid step of the α–λ sweep (default 0.05, 21 × 21 points). */
  readonly sweepStep?: number;
}

export interface Catalogue {
  readonly figures: FigureEntry[];
  /** Figures the inputs do not support, with why. */
  readonly skipped: { id: string; paper: string; reason: string }[];
  /** The computed sweep and calibration, for notebooks that want the numbers too. */
  readonly sweep: { split: "validation"; points: SweepPoint[]; best: SweepPoint };
  readonly calibration: CalibrationResult;
}

/** The figures of the paper (and of capqa's analyses) the inputs support. */
export function figureCatalogue(inputs: CatalogueInputs): Catalogue {
  const { bench } = inputs;
  const figures: FigureEntry[] = [];
  const skipped: { id: string; paper: string; reason: string }[] = [];
  const add = (e: Omit<FigureEntry, "build"> & { make: (w: ColumnWidth) => PlotlyFigure }) =>
    figures.push({ id: e.id, paper: e.paper, title: e.title, caption: e.caption, width: e.width, build: (w = e.width) => e.make(w) });

  const cap = scoresByClass(bench, "cap", { split: "test" });
  const bert = scoresByClass(bench, "bertscore", { split: "test" });
  add({
    id: "fig3-score-distributions",
    paper: "Fig. 3",
    title: "Per-class score distributions: CAP and BERTScore",
    caption:
      `Distribution of CAP (left) and BERTScore F1 (right) over the ${Object.values(cap.byClass)
        .reduce((a, v) => a + v.length, 0)
        .toLocaleString(
          "en-US",
        )} scored test rows, one violin per class in the taxonomy's order (Eq. 1), with the quartiles (box) and the mean (line). ` +
      "The paper's Fig. 3 sets CAP beside COMET; the authors released no COMET scores, so BERTScore, the released baseline with the highest pairwise accuracy (Table 2), takes its place. CAP's classes form ordered bands; BERTScore's overlap.",
    width: "double",
    make: (w) => scoreDistributionFigure([cap, bert], { width: w, note: "in place of COMET, not released" }),
  });

  const counts = classCounts(bench);
  add({
    id: "fig4-class-counts",
    paper: "Fig. 4",
    title: "Examples per class in CAP-Correctness",
    caption: `Examples per correctness class over all ${bench.rows.length.toLocaleString("en-US")} rows of CAP-Correctness (synthetic labels, label_semantic), in taxonomy order. The class-conditioned generation (App. B.4) makes the classes nearly balanced; none exceeds about 13 %.`,
    width: "single",
    make: (w) => classCountsFigure(counts, { width: w }),
  });

  const sources = sourceClassCounts(bench);
  add({
    id: "fig5-sources",
    paper: "Fig. 5",
    title: "Examples per source dataset",
    caption: "Examples per source dataset (ARC-Easy, OpenBookQA, MMLU), split by correctness class in the taxonomy's colours.",
    width: "single",
    make: (w) => sourcesFigure(sources, { width: w }),
  });

  if (inputs.statements && inputs.statements.length > 0) {
    const qt = questionTypeCounts(inputs.statements);
    const n = inputs.statements.length;
    add({
      id: "fig6-question-types",
      paper: "Fig. 6",
      title: "Question types of CAP-Statements",
      caption: `Triples per question type (Table 9) in the released CAP-Statements data (${n.toLocaleString("en-US")} triples${inputs.statementsNote ? `: ${inputs.statementsNote}` : ""}). The paper's Fig. 6 counts all 11,000 triples; the types are roughly balanced (none above 27.4 %).`,
      width: "single",
      make: (w) => questionTypesFigure(qt, { width: w }),
    });
  } else {
    skipped.push({
      id: "fig6-question-types",
      paper: "Fig. 6",
      reason: "no CAP-Statements data given (the `statementsDir` option or $CAPQA_STATEMENTS_DIR)",
    });
  }

  add({
    id: "fig7-statement-validation",
    paper: "Fig. 7",
    title: "Human validation of generated statements",
    caption:
      "Labels of 1,353 manually validated generated statements (Table 11's taxonomy), aggregated over question types. The per-statement labels are not released: the bars show the percentages the paper reports (App. B.5).",
    width: "single",
    make: (w) => statementValidationFigure(undefined, { width: w }),
  });

  add({
    id: "table15-statement-errors",
    paper: "Table 15",
    title: "Statement errors per question type",
    caption:
      "Share of generated statements labelled syntactic, semantic or wrong per question type, as printed in Table 15 (App. E): long questions with context are the reformulator's bottleneck.",
    width: "single",
    make: (w) => statementErrorsByTypeFigure(undefined, { width: w }),
  });

  const sweep = computeSweep(bench, { split: "validation", step: inputs.sweepStep ?? 0.05, objective: "spearman" });
  const { points, best } = sweep;
  const atPaper = best.alpha === DEFAULT_ALPHA && best.lambda === DEFAULT_LAMBDA;
  const marks = [
    { alpha: DEFAULT_ALPHA, lambda: DEFAULT_LAMBDA, label: "paper" },
    ...(atPaper ? [] : [{ alpha: best.alpha, lambda: best.lambda, label: "best" }]),
  ];
  for (const { statistic: stat, label } of SWEEP_HEATMAPS) {
    add({
      id: `sweep-${stat.replace(/_/g, "-")}`,
      paper: "Table 12, App. C.3",
      title: `CAP's ${label} over α and λ`,
      caption: `${label[0].toUpperCase()}${label.slice(1)} of CAP against the taxonomy order on the validation split (${points.length ? sweep.rows : 0} rows) for every α (weight of gold → candidate) and λ (weight of neutral) on a ${sweep.alphaGrid.length} × ${sweep.lambdaGrid.length} grid, CAP recomputed from the released NLI probabilities. Table 12 prints five of these points; the paper's choice (α 0.85, λ 0.3${sweep.paperPoint.onGrid ? "" : ", between grid points"}) and the best point by Spearman (α ${best.alpha}, λ ${best.lambda}) are marked.${stat === "violations" ? " Fewer is better: the colour scale is reversed so that bright is good in every panel." : ""}`,
      width: "single",
      make: (w) => sweepHeatmapSpec(sweep, stat, { marks, titles: false, width: w }),
    });
  }

  const calibration = runCalibration(bench, {
    levels: "severity",
    objective: "macro_f1",
    fitSplit: "validation",
    evalSplit: "test",
    resamples: 0,
  });
  add({
    id: "calibration-thresholds",
    paper: "Sec. 8.2",
    title: "CAP as a classifier: cut points on the score axis",
    caption: `CAP scores of the ${calibration.evaluation.scores.length} test rows stacked by class, with the cut points between the six severity levels of Eq. 1 fitted for macro-F1 on the validation split (solid) and the paper's equal-width bins (dashed). Sec. 8.2 proposes such thresholds; the paper reports no calibrated values.`,
    width: "double",
    make: (w) =>
      thresholdFigure(
        {
          scores: calibration.evaluation.scores,
          classes: calibration.evaluation.classes,
          cutSets: [
            { name: "calibrated cuts", cuts: calibration.calibrated.cuts },
            { name: "equal-width cuts", cuts: calibration.equalWidth.cuts },
          ],
        },
        { width: w },
      ),
  });
  add({
    id: "calibration-confusion",
    paper: "Sec. 8.2",
    title: "Confusion matrix of the calibrated CAP classifier",
    caption: `True against predicted severity level on the test split for the cut points fitted on the validation split (accuracy ${(100 * calibration.report.accuracy).toFixed(1)} %, macro-F1 ${(100 * calibration.report.macroF1).toFixed(1)} %, quadratic κ ${calibration.report.kappaQuadratic.toFixed(3)}). Colour: share of the true level's rows; numbers: rows. At double-column width the paper's equal-width bins (accuracy ${(100 * calibration.equalWidthReport.accuracy).toFixed(1)} %, macro-F1 ${(100 * calibration.equalWidthReport.macroF1).toFixed(1)} %) stand beside it.`,
    width: "single",
    make: (w) =>
      w === "double"
        ? confusionMatricesFigure(
            [
              { name: "calibrated cuts", confusion: calibration.report.confusion },
              { name: "equal-width bins", confusion: calibration.equalWidthReport.confusion },
            ],
            calibration.levelSet,
            { width: w },
          )
        : confusionMatrixFigure(calibration.report.confusion, calibration.levelSet, { width: w }),
  });

  const synth = scoresByClass(bench, "cap", { split: "all", labels: "synthetic", onlyHumanLabelled: true });
  const human = scoresByClass(bench, "cap", { split: "all", labels: "human" });
  add({
    id: "table17-class-means",
    paper: "Table 17",
    title: "Mean CAP per class under synthetic and human labels",
    caption:
      "Mean CAP per class on the 1,638 human-labelled rows, grouped by the synthetic label (dots) and by the human label (diamonds), as in Table 17. Partial sits above its place in the order and alternative-correct below it under both label sources.",
    width: "single",
    make: (w) =>
      classMeansFigure(
        { name: "synthetic labels", means: classMeans(synth) },
        { name: "human labels", means: classMeans(human) },
        { width: w },
      ),
  });

  return { figures, skipped, sweep: { split: "validation", points, best }, calibration };
}
