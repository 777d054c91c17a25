/**
 * Dataset construction and LLM-answer collection (paper Sec. 5, App. B.3–B.5, Sec. 7.4, App. C.2):
 * source cleaning, class-conditioned candidates, CAP-Statements synthesis and answers, over the
 * Anthropic Messages and OpenAI chat-completions APIs, resumable through JSONL checkpoints.
 */
export { ANSWER_MAX_TOKENS, ANSWER_SYSTEM_PROMPT, ANSWER_TEMPERATURE, B4_FINAL_LINE, B4_FIXED_LINES } from "./prompts.js";
export { candidateMessages, candidatePrompt, CLASS_INSTRUCTIONS, GENERAL_KNOWLEDGE_SHARE, PAPER_CANDIDATE_MODEL } from "./prompts.js";
export { PAPER_STATEMENTS_MODEL, promptLabel, pythonJsonDumps, QUESTION_TYPE_DEFINITIONS, QUESTION_TYPE_LABELS } from "./prompts.js";
export { STATEMENTS_SYSTEM_PROMPT, STATEMENTS_TEMPERATURE, STATEMENTS_TOP_P, STATEMENTS_USER_TEMPLATE } from "./prompts.js";
export { statementsUserPrompt, SUBJECTS } from "./prompts.js";
export type { CandidateItem, PromptRole } from "./prompts.js";
export { CLEANING_RULES, cleaningVerdict, cleanSources, DROPPED_COLUMNS, droppedTableRows, readSources } from "./clean.js";
export type { CleaningResult, CleaningRule, DroppedRow, SourceColumns, SourceRow, SourceSpec } from "./clean.js";
export { ANTHROPIC_VERSION, BadResponseError, BASE_URL_ENV, KEY_ENV, Provider, PROVIDERS, REDACTED } from "./providers.js";
export type { ChatReply, ChatRequest, HttpRequest, ProviderName, ProviderOptions } from "./providers.js";
export { canonicalJson, requestKey, ResponseCache, sha256Hex } from "./cache.js";
export type { CacheRecord } from "./cache.js";
export { AbortedError, CallError, ContentError, emptyStats, estimateTokens, LlmClient, TokenBucket } from "./client.js";
export type { CallOptions, CallResult, ClientOptions, ClientStats, Validation } from "./client.js";
export { errorSignature, RepeatedErrors } from "./guards.js";
export { Checkpoint } from "./checkpoint.js";
export type { CheckpointHeader, CheckpointRecord } from "./checkpoint.js";
export { dedupe, jaccard, NearDuplicateIndex, normaliseText, wordSet } from "./dedupe.js";
export type { DuplicateVerdict } from "./dedupe.js";
export { apportion, describeStats, fingerprint, isFatal, parseJsonReply, runPool, runReport, seededPermutation } from "./run.js";
export type { RunControl, RunReport, RunResult } from "./run.js";
export { CANDIDATE_COLUMNS, candidateRequest, candidatesFingerprint, DEFAULT_CANDIDATE_SETTINGS, planCandidates } from "./candidates.js";
export { runCandidates, validateCandidateReply } from "./candidates.js";
export type { CandidateRunOptions, CandidateRunResult, CandidateSettings, PlannedBatch } from "./candidates.js";
export { DEFAULT_STATEMENT_SETTINGS, planCells, runStatements, STATEMENT_COLUMNS, statementRequest } from "./statements.js";
export { statementsFingerprint, validateTriple } from "./statements.js";
export type { DroppedTriple, StatementCell, StatementRow, StatementRunOptions, StatementRunResult } from "./statements.js";
export type { StatementSettings, Triple } from "./statements.js";
export { ADDED_COLUMNS, answerColumns, answerRequest, answersFingerprint, DEFAULT_ANSWER_SETTINGS, RENAMED_COLUMNS } from "./answers.js";
export { runAnswers, validateAnswer } from "./answers.js";
export type { AnswerRunOptions, AnswerRunResult, AnswerSettings } from "./answers.js";
export { checkConfig, clientOptions, loadConfig, makeClient, mergeConfig, resolveLlmCacheDir, sampling } from "./config.js";
export type { ConstructConfig } from "./config.js";
