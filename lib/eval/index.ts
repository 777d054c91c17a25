export { evaluateMetrics, evaluationSettings, TABLE_NAMES } from "./evaluate.js";
export type { Evaluation, EvaluationOptions, EvaluationTables, MetricColumn, TableName, TableRow } from "./evaluate.js";
export { evaluateBenchmark, LIVE_TEXT_METRICS, liveMetricColumn } from "./benchmark-eval.js";
export type { BenchmarkEvaluation, BenchmarkEvaluationOptions } from "./benchmark-eval.js";
export { labelAgreement } from "./label-agreement.js";
export type { LabelAgreement } from "./label-agreement.js";
export { compareWithReleased, isBootstrapField } from "./released-agreement.js";
export type { FieldComparison, ReleasedComparison } from "./released-agreement.js";
export { releasedComparisonMarkdown, reproducedMarkdown, reproducePaper, writeReproduction } from "./reproduce.js";
export type { ReproducedCell, ReproducedTable, ReproduceOptions, Reproduction } from "./reproduce.js";
export { printedDigits, reproductionVerdicts } from "./reproduce-verdict.js";
export type { TableVerdict } from "./reproduce-verdict.js";
export { evaluationMarkdown, writeEvaluation } from "./summary.js";
export { evaluateLabelledFile, KNOWN_METRIC_COLUMNS, readLabels, REQUIRED_TEXT_COLUMNS, withoutAbsentClasses } from "./labelled-eval.js";
export { withoutIncompleteRows } from "./labelled-eval.js";
export type { LabelledEvaluation, LabelledEvaluationOptions } from "./labelled-eval.js";
export { CONFIG_KEYS, configFlagValues, readExperimentConfig } from "./experiment-config.js";
export type { ConfigSetting } from "./experiment-config.js";
// Deprecated re-exports (moved to capqa/io, the plumbing floor); they go in the next minor version.
export { columnsOf, fixed, formatNumber, markdownTable, tableHtml, writeFileAtomic, writeTable } from "../io/format.js";
export type { Cell, TableHtmlOptions } from "../io/format.js";
export { checkOutputFolder, FOLDER_MANIFEST, writeFolder, writeFolderAsync } from "../io/folder.js";
export { buildManifest, capqaVersion, fileDigest, MANIFEST_CONSTANTS, manifestModel, modelFromKey, redactCommand } from "../io/manifest.js";
export type { FileDigest, Manifest, ManifestCap, ManifestInput, ManifestModel, ManifestModelInput } from "../io/manifest.js";
// Deprecated re-export (moved to capqa/data).
export { finiteScore, metricScoresFor, readMetricScores } from "../data/metric-scores.js";
export type { MetricScores, ReadMetricScoresOptions } from "../data/metric-scores.js";
// Deprecated re-export (moved to capqa/data).
export { benchmarkMetricColumn } from "../data/metric-columns.js";
