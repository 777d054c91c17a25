/**
 * Metrics behind one calling convention (`metric(name).compute({ references, predictions })`,
 * async, `{ scores, mean }`), and the paper's evaluation of metric scores against taxonomy labels
 * from plain arrays, with typed camelCase rows.
 */
export { metric, listMetrics, registerMetric } from "./registry.js";
export type { Metric, MetricInput, MetricResult, MetricInfo, MetricDefinition, RowScores, MetricOptionsByName } from "./registry.js";
export type { MeteorMetricOptions, BertScoreMetricOptions, CometMetricOptions, CapMetricOptions } from "./registry.js";
export { evaluateScores } from "./evaluate-arrays.js";
export type { EvaluateScoresOptions, ScoresEvaluation, CorrelationRow, DescriptiveRow, ClassPairRow } from "./evaluate-arrays.js";
export type { MonotonicityRow, PairedDifferenceRow } from "./evaluate-arrays.js";
