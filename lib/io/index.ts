export * from "./output-file.js";
export * from "./partials.js";
export * from "./names.js";
export * from "./write-errors.js";
export * from "./http.js";
