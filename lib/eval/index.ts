export * from "./evaluate.js";
export * from "./benchmark-eval.js";
export * from "./agreement.js";
export * from "./compare.js";
export * from "./reproduce.js";
export * from "./reproduce-verdict.js";
export * from "./summary.js";
export * from "./labelled-eval.js";
export * from "./experiment-config.js";
// Deprecated re-exports (moved to capqa/io, the plumbing floor); they go in the next minor version.
export * from "../io/format.js";
export * from "../io/folder.js";
export * from "../io/manifest.js";
// Deprecated re-export (moved to capqa/data).
export * from "../data/metric-scores.js";
// Deprecated re-export (moved to capqa/data).
export { benchmarkMetricColumn } from "../data/metric-columns.js";
