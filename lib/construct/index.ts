/**
 * Dataset construction and LLM-answer collection (paper Sec. 5, App. B.3–B.5, Sec. 7.4, App. C.2):
 * source cleaning, class-conditioned candidates, CAP-Statements synthesis and answers, over the
 * Anthropic Messages and OpenAI chat-completions APIs, resumable through JSONL checkpoints.
 */
export * from "./prompts.js";
export * from "./clean.js";
export * from "./providers.js";
export * from "./cache.js";
export * from "./client.js";
export * from "./guards.js";
export * from "./checkpoint.js";
export * from "./dedupe.js";
export * from "./run.js";
export * from "./candidates.js";
export * from "./statements.js";
export * from "./answers.js";
export * from "./config.js";
