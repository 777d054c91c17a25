export { compareSystems, readSystem, UNLABELLED } from "./systems.js";
export type { ClassCountRow, ClassMeanRow, CompareOptions, PairViolationRow, ReadSystemOptions, SystemComparison } from "./systems.js";
export type { SystemDifferenceRow, SystemScores, SystemSummaryRow } from "./systems.js";
export { classDistributionFigure, classMeansBySystemFigure } from "./figures.js";
export { comparisonMarkdown, writeComparison } from "./report.js";
export type { WriteComparisonOptions } from "./report.js";
