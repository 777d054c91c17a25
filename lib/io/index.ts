export * from "./output-file.js";
export * from "./partials.js";
