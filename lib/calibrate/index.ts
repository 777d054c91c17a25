export * from "./segments.js";
export * from "./classifier.js";
export * from "./metrics.js";
