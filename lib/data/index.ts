export * from "./types.js";
export * from "./loaders.js";
export * from "./locate.js";
export * from "./benchmark.js";
export * from "./fetch.js";
export * from "./frame.js";
export * from "./metric-scores.js";
export * from "./metric-columns.js";
// Deprecated re-exports (moved to capqa/io, the plumbing floor); they go in the next minor version.
export * from "../io/errors.js";
export * from "../io/csv.js";
