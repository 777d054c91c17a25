export * from "./segments.js";
export * from "./classifier.js";
export * from "./metrics.js";
export * from "./workflow.js";
export * from "./explorer.js";
