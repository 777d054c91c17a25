export { bestPoint, MAX_GRID_POINTS, parseGrid, sweepCap, unitGrid } from "./core.js";
export type { DirectionalInputs, SweepObjective, SweepPoint } from "./core.js";
export { alphaTradeoff, alphaTradeoffMarkdown, benchmarkSweepInputs, computeSweep, runSweep, sweepBestMarkdown } from "./workflow.js";
export { sweepMarkdown, sweepPointsMarkdown, sweepTable12Markdown, sweepTestMarkdown } from "./workflow.js";
export type { AlphaTradeoffRow, SweepOptions, SweepPaperPoint, SweepResult, SweepTestSplit, Table12Row } from "./workflow.js";
