export * from "./score.js";
export * from "./table-io.js";
export * from "./verify.js";
export * from "./row-stream.js";
export * from "./score-file.js";
export * from "./golds.js";
export * from "./preflight.js";
export * from "./cap-scorer.js";
