export { FEATURE_NAMES, scorerFeatures } from "./features.js";
export type { ScorerInput } from "./features.js";
export { fitLogistic, predictProba } from "./logistic.js";
export type { FitOptions, LogisticModel } from "./logistic.js";
export { applyScorer, fitScorer } from "./scorer.js";
export type { CapqaScorer, ScorerOutput } from "./scorer.js";
export { benchmarkScorerInputs } from "./benchmark.js";
