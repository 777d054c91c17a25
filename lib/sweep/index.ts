export * from "./core.js";
export * from "./workflow.js";
