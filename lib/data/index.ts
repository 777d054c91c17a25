export * from "./types.js";
export * from "./errors.js";
export * from "./csv.js";
export * from "./loaders.js";
export * from "./locate.js";
export * from "./benchmark.js";
export * from "./fetch.js";
export * from "./frame.js";
