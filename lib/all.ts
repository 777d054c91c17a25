/**
 * Every module of capqa in one place, for capqa's own CLI. Users import the curated root
 * ("capqa", lib/index.ts) or a folder's subpath ("capqa/figures", "capqa/runtime", …).
 */
export * from "./constants.js";
export * from "./taxonomy/index.js";
export * from "./data/index.js";
export * from "./cap/index.js";
export * from "./stats/index.js";
export * from "./eval/index.js";
export * as paper from "./paper/numbers.js";
export * from "./nli/index.js";
export * from "./runtime/index.js";
export * from "./score/index.js";
export * from "./statements/index.js";
export * from "./sweep/index.js";
export * from "./figures/index.js";
export * from "./calibrate/index.js";
export * from "./learned-scorer/index.js";
export * from "./explore/index.js";
export * from "./baselines/index.js";
export * from "./text/index.js";
export * from "./construct/index.js";
export * from "./io/index.js";
export * from "./compare/index.js";
export * from "./metrics/index.js";
export * from "./setup/index.js";
