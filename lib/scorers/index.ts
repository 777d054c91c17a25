/**
 * @deprecated since 0.1.0: import from "capqa/learned-scorer"; capqa/scorers is removed in 0.2.0.
 * The learned scorer moved to capqa/learned-scorer so that its name says what it is beside
 * capqa/score (CAP's scoring of answers). Each name below is the very same function or type
 * as there; each carries its own @deprecated so that editors flag the import, not only this file.
 */
import { applyScorer as learnedApplyScorer, benchmarkScorerInputs as learnedBenchmarkScorerInputs } from "../learned-scorer/index.js";
import { FEATURE_NAMES as LEARNED_FEATURE_NAMES, fitLogistic as learnedFitLogistic } from "../learned-scorer/index.js";
import { fitScorer as learnedFitScorer, predictProba as learnedPredictProba } from "../learned-scorer/index.js";
import { scorerFeatures as learnedScorerFeatures } from "../learned-scorer/index.js";
import type * as learned from "../learned-scorer/index.js";

/** @deprecated since 0.1.0: import from "capqa/learned-scorer"; removed in 0.2.0. */
export const FEATURE_NAMES = LEARNED_FEATURE_NAMES;
/** @deprecated since 0.1.0: import from "capqa/learned-scorer"; removed in 0.2.0. */
export const scorerFeatures = learnedScorerFeatures;
/** @deprecated since 0.1.0: import from "capqa/learned-scorer"; removed in 0.2.0. */
export type ScorerInput = learned.ScorerInput;
/** @deprecated since 0.1.0: import from "capqa/learned-scorer"; removed in 0.2.0. */
export const fitLogistic = learnedFitLogistic;
/** @deprecated since 0.1.0: import from "capqa/learned-scorer"; removed in 0.2.0. */
export const predictProba = learnedPredictProba;
/** @deprecated since 0.1.0: import from "capqa/learned-scorer"; removed in 0.2.0. */
export type FitOptions = learned.FitOptions;
/** @deprecated since 0.1.0: import from "capqa/learned-scorer"; removed in 0.2.0. */
export type LogisticModel = learned.LogisticModel;
/** @deprecated since 0.1.0: import from "capqa/learned-scorer"; removed in 0.2.0. */
export const applyScorer = learnedApplyScorer;
/** @deprecated since 0.1.0: import from "capqa/learned-scorer"; removed in 0.2.0. */
export const fitScorer = learnedFitScorer;
/** @deprecated since 0.1.0: import from "capqa/learned-scorer"; removed in 0.2.0. */
export type CapqaScorer = learned.CapqaScorer;
/** @deprecated since 0.1.0: import from "capqa/learned-scorer"; removed in 0.2.0. */
export type ScorerOutput = learned.ScorerOutput;
/** @deprecated since 0.1.0: import from "capqa/learned-scorer"; removed in 0.2.0. */
export const benchmarkScorerInputs = learnedBenchmarkScorerInputs;
