export { bestRuns, cutsFromBoundaries, groupScores, groupScoresUnchecked } from "./segments.js";
export type { RunValue, ScoreGroups } from "./segments.js";
export { classifierMetric, classLevelSet, equalWidthClassifier, fitThresholds, levelOfClass, predictLevels, severityLevelSet } from "./classifier.js";
export type { CalibrationObjective, LevelSet, ThresholdClassifier } from "./classifier.js";
export { isClassLevelSet, labelCanonicaliser, labelIndexer, levelOrderText, levelSetLabels, parseLevelOrder } from "./levels.js";
export { stratifiedFolds } from "./folds.js";
export { classificationIntervals, classificationReport } from "./metrics.js";
export type { ClassificationIntervals, ClassificationReport } from "./metrics.js";
export {
  calibrateOnRows,
  calibrationBrief,
  calibrationConfusionMarkdown,
  calibrationCutsMarkdown,
  calibrationLevelsMarkdown,
  calibrationOverviewMarkdown,
  calibrationRangesMarkdown,
  calibrationReportMarkdown,
  calibrationSummaryMarkdown,
  calibrationTablesMarkdown,
  classifierRows,
  classifierSummary,
  cutText,
  equalWidthRange,
  runCalibration,
} from "./workflow.js";
export type { CalibrateOnRowsInput, CalibrationBase, CalibrationOutcome, CalibrationRun, CalibrationRunOptions, ClassifierBrief } from "./workflow.js";
export { labelledLevelSet, labelledSplitRows, readLabelledScores } from "./labelled.js";
export type { LabelledScores, LabelledScoresOptions } from "./labelled.js";
export { labelledCalibrationMarkdown, labelledValidationText, runLabelledCalibration } from "./labelled-workflow.js";
export type { LabelledCalibrationOptions, LabelledCalibrationRun, LabelledValidation } from "./labelled-workflow.js";
export { checkClassifier, classifierColumn, readClassifierFile } from "./classifier-file.js";
