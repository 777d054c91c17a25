export * from "./score.js";
export * from "./table-io.js";
export * from "./verify.js";
