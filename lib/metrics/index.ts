/**
 * Metrics behind one calling convention (`metric(name).compute({ references, predictions })`,
 * async, `{ scores, mean }`), and the paper's evaluation of metric scores against taxonomy labels
 * from plain arrays, with typed camelCase rows.
 */
export { metric, listMetrics, registerMetric } from "./registry.js";
export type {
  Metric,
  MetricInput,
  MetricResult,
  MetricInfo,
  MetricDefinition,
  RowScores,
  MetricOptionsByName,
  MeteorMetricOptions,
  BertScoreMetricOptions,
  CometMetricOptions,
  CapMetricOptions,
} from "./registry.js";
export { evaluateScores } from "./evaluate-arrays.js";
export type { EvaluateScoresOptions, ScoresEvaluation, CorrelationRow, DescriptiveRow, ClassPairRow, MonotonicityRow, PairedDifferenceRow } from "./evaluate-arrays.js";
