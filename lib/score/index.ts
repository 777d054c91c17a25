export * from "./score.js";
export * from "./verify.js";
export * from "./score-file.js";
export * from "./golds.js";
export * from "./preflight.js";
export * from "./cap-scorer.js";
export * from "./manifest-warning.js";
// Deprecated re-exports (moved to capqa/io, the plumbing floor); they go in the next minor version.
export * from "../io/row-table.js";
export * from "../io/row-stream.js";
