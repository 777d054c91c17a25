/**
 * capqa: the CAP semantic-correctness metric, its taxonomy, the released CAP-Correctness data and
 * the statistics of the paper "How Correct Is Your Answer?". This root lists what a user reaches
 * for; every helper behind it stays importable from its folder: "capqa/stats", "capqa/figures",
 * "capqa/runtime", "capqa/construct", … (package.json maps "capqa/<dir>" to lib/<dir>/index.ts).
 * test/public-api.test.ts keeps this list and the package's exports in step.
 *
 * Three entry points, each with the lower level under it: what it runs on, or its work on a file
 * or on the released data (reach for those when you need what they add; docs/library.md has the
 * same as a table):
 * - createCapScorer (a scorer holding model, cache and generator; camelCase rows):
 *   scoreAnswers and scoreStatements, which it calls, score one batch per call (a model loaded
 *   for the call unless `engine` gives one), with snake_case rows as the scored files' columns;
 *   scoreFile is `capqa score`: a CSV or JSONL file in, streamed, resumable, written whole with
 *   its manifest.
 * - metric(name).compute(): bleuPair, rougeLPair, meteorPair (one pair, synchronous), their
 *   …Multi forms (several golds), loadBertScorer and loadCometEstimator (a model you dispose).
 * - evaluateScores (labels and scores as plain arrays; camelCase rows): evaluateMetrics is what
 *   it runs on (class indices, tables keyed like the authors' results.json, which
 *   evaluationMarkdown and writeEvaluation take); evaluateBenchmark is `capqa evaluate` on the
 *   released data (split, label source, released, live or re-weighted columns);
 *   evaluateLabelledFile is `capqa evaluate --in` (a labelled file, CAP and baselines computed
 *   from its texts).
 * Calibration is runCalibration (`capqa calibrate`); calibrateCap is deprecated for it.
 *
 * @example
 * import { createCapScorer, metric, evaluateScores } from "capqa";
 * const cap = await createCapScorer({ model: "cross-encoder/nli-deberta-v3-large" });
 * const { rows } = await cap.score({ questions: ["What is the sun?"], golds: ["a star"], answers: ["a star"] });
 * await cap.dispose();
 */

// Scoring: the CAP scorer (one object holding model, cache and statements) and the functions under it
export { createCapScorer, scoreAnswers, scoreStatements, scoreFile } from "./score/index.js";
export type { CapRow, CapAnswerRow, CapScorer, CapScorerOptions, PairScore, ScoreReport, ScoreOptions } from "./score/index.js";
export type { ScoreFileOptions, ScoreFileReport } from "./score/index.js";

// One calling convention for every metric; evaluation over plain arrays
export { metric, listMetrics, registerMetric, evaluateScores } from "./metrics/index.js";
export type { Metric, MetricResult, ScoresEvaluation } from "./metrics/index.js";

// Defaults and the paper's model
export { DEFAULT_ALPHA, DEFAULT_LAMBDA, DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_SEED, DEFAULT_CONFIDENCE } from "./constants.js";
export { PAPER_NLI_MODEL, PAPER_NLI_REVISION, RELEASED_METRICS, DATA_FILES } from "./constants.js";

// The eight classes and their order (Eq. 1)
export { CLASSES, DEFINITIONS, SHORT_NAMES, PAPER_ORDERING, HARD_PAIRS, parseClass, tryParseClass, paperName } from "./taxonomy/index.js";
export { defineOrdering, parseOrdering, orderedPairs, isHardPair } from "./taxonomy/index.js";
export type { CorrectnessClass, Ordering } from "./taxonomy/index.js";

// CAP from NLI probabilities (Eqs. 2-3)
export { capScore, capScores, PAPER_WEIGHTS } from "./cap/index.js";
export type { CapWeights } from "./cap/index.js";

// NLI: the cache, the model (in-process or inference servers), the released probabilities
export { NliCache, resolveCacheDir, loadNliEngine, loadTransformersNli, importReleasedProbabilities } from "./nli/index.js";
export type { NliEngine, NliEngineOptions, NliServerOptions } from "./nli/index.js";
export type { Device, DeviceChoice, Dtype } from "./runtime/index.js";

// Statements: question + answer → declarative sentence
export { loadStatementGenerator, builtinGenerator, reformulate, loadStatementItems } from "./statements/index.js";

// Statistics
export { spearman, kendallTauB, pearson, pairwiseAccuracy, cohenKappa, describe, mean, percentileInterval } from "./stats/index.js";
export { pairedDifference, bootstrapOrdinal, Xoshiro128 } from "./stats/index.js";

// Evaluation against the taxonomy
export { evaluateBenchmark, evaluateLabelledFile, evaluateMetrics, reproducePaper, evaluationMarkdown } from "./eval/index.js";
export { writeEvaluation, labelAgreement, readMetricScores, markdownTable } from "./eval/index.js";
export type { Evaluation, EvaluationOptions, MetricColumn, TableRow, BenchmarkEvaluation, LabelledEvaluation } from "./eval/index.js";
export type { MetricScores } from "./eval/index.js";

// Comparing QA systems (Sec. 7.4)
export { compareSystems, readSystem, comparisonMarkdown, writeComparison } from "./compare/index.js";
export type { SystemScores, SystemComparison } from "./compare/index.js";

// Baselines
export { bleuPair, rougeLPair, meteorPair, bleuMulti, rougeLMulti, meteorMulti, loadBertScorer } from "./baselines/index.js";
export { loadCometEstimator } from "./baselines/index.js";

// Data
export { loadBenchmark, fetchData, verifyData, resolveDataDir, selectRows, releasedColumn, DataError, toCsv } from "./data/index.js";
export { parseCsv, benchmarkFrame, tableFrame } from "./data/index.js";
export type { Benchmark, SplitChoice, LabelSource } from "./data/index.js";

// Calibrated classification
export { runCalibration, fitThresholds, predictLevels, classificationReport } from "./calibrate/index.js";
export type { ThresholdClassifier, LevelSet } from "./calibrate/index.js";

// The α–λ sweep
export { sweepCap, bestPoint, unitGrid } from "./sweep/index.js";

// A learned scorer
export { fitScorer, applyScorer } from "./learned-scorer/index.js";

// Figures (calibrateCap: deprecated since 0.1.0 for runCalibration, removed in 0.2.0)
export { calibrateCap, figureCatalogue, figureToHtml, exportFigures, findChromium, classLabel } from "./figures/index.js";
export type { PlotlyFigure } from "./figures/index.js";

// The interactive explorer
export { buildExplorerPage, exploreDataFromBenchmark } from "./explore/index.js";

// The model runtime
export { DEMO_NLI_MODEL_DIR } from "./runtime/index.js";

// The paper's printed numbers, by table
export * as paper from "./paper/numbers.js";
