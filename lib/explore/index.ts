export * from "./compute.js";
export * from "./page.js";
export * from "./labelled.js";
export * from "./label-colors.js";
export * from "./notebook.js";
export * from "./benchmark.js";
export * from "./serve.js";
