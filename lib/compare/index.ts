export * from "./systems.js";
export * from "./figures.js";
export * from "./report.js";
