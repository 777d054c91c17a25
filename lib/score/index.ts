export { modelKeyFor, SCORE_COLUMNS, scoreAnswers, scoreStatements, snapshotServerStats } from "./score.js";
export type { NliServerReport, NliWorkReport, PairScore, ScoredAnswers, ScoreOptions, ScoreReport, StatementGenerator } from "./score.js";
export { modelVerdict, sampleReleasedRows, verifyModel } from "./verify.js";
export type { ModelVerdict, ModelVerification, VerdictCheck } from "./verify.js";
export { manifestPathFor, SCORE_FILE_ROLES, scoreFile } from "./score-file.js";
export type { ScoreFileOptions, ScoreFileReport } from "./score-file.js";
export { bestOverGolds, checkGolds, GOLD_ANSWERS_COLUMN, goldSourceFor, MULTI_GOLD_COLUMNS, parseGoldAnswers, rowGolds } from "./golds.js";
export { splitGoldAnswer } from "./golds.js";
export type { BestGold, GoldSource } from "./golds.js";
export { preflightModel } from "./preflight.js";
export { createCapScorer } from "./cap-scorer.js";
export type { CapAnswerRow, CapAnswersResult, CapCallOptions, CapRow, CapScorer, CapScorerOptions } from "./cap-scorer.js";
export type { CapStatementsResult } from "./cap-scorer.js";
export { scoredFileWarning } from "./manifest-warning.js";
// Deprecated re-exports (moved to capqa/io, the plumbing floor); they go in the next minor version.
export { readRowTable, stringColumn, writeRowTable } from "../io/row-table.js";
export type { RowTable } from "../io/row-table.js";
export { cellText, formatOf, locateInvalidUtf8, openRowSource, RowWriter } from "../io/row-stream.js";
export type { RowRecord, RowSource, TableFormat } from "../io/row-stream.js";
