export * from "./evaluate.js";
export * from "./benchmark-eval.js";
export * from "./agreement.js";
export * from "./compare.js";
export * from "./format.js";
export * from "./reproduce.js";
export * from "./summary.js";
export * from "./folder.js";
