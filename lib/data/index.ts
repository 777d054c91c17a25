export { PROBABILITY_FIELDS, SPLITS } from "./types.js";
export type { CorrectnessRow, ProbabilityField, ReleasedResults, ReleasedScores, Split } from "./types.js";
export { loadCorrectnessCsv, loadResultsJson, loadScoresJson, loadSplitsCsv, parseCorrectnessCsv, parseResultsJson, parseScoresJson, parseSplitsCsv } from "./loaders.js";
export { requireDataFiles, resolveDataDir } from "./locate.js";
export type { DataDirChoice } from "./locate.js";
export { dataProvenance, joinBenchmark, loadBenchmark, releasedColumn, selectRows } from "./benchmark.js";
export type { Benchmark, FileChecksum, LabelSource, Selection, SplitChoice, UnscoredRow } from "./benchmark.js";
export { fetchData, PINNED_FILES, pinnedUrl, RAW_BASE_URL, sha256, STATEMENTS_FILES, UPSTREAM_REPOSITORY, verifyData } from "./fetch.js";
export type { FetchOptions, FetchReport, PinnedFile } from "./fetch.js";
export { benchmarkColumns, benchmarkFrame, tableFrame } from "./frame.js";
export { finiteScore, metricScoresFor, readMetricScores } from "./metric-scores.js";
export type { MetricScores, ReadMetricScoresOptions } from "./metric-scores.js";
export { benchmarkMetricColumn, cometUnavailable } from "./metric-columns.js";
export type { MetricColumn } from "./metric-columns.js";
// Deprecated re-exports (moved to capqa/io, the plumbing floor); they go in the next minor version.
export { DataError, DataProblems, formatLocation } from "../io/errors.js";
export type { DataProblemLocation } from "../io/errors.js";
export { CSV_FORMULA_GUARD_ENV, csvCell, csvEscape, csvFormulaGuardDefault, guardFormula, isDecimalText, parseCsv, parseCsvRecords, requireColumns, toCsv } from "../io/csv.js";
export type { CsvRecord, CsvTable, CsvWriteOptions } from "../io/csv.js";
