export * from "./features.js";
export * from "./logistic.js";
export * from "./scorer.js";
export * from "./benchmark.js";
