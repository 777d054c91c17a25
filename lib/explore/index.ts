export {
  EXPLORE_CUT_INFINITY,
  exploreCap,
  exploreClassification,
  exploreCutCandidates,
  exploreFitCuts,
  exploreFormatCut,
  exploreHistogram,
  exploreNearestIndex,
  exploreParseCut,
  explorePredict,
  exploreRanking,
  exploreScores,
  exploreSetCut,
} from "./compute.js";
export type { ClassificationStats, ExploreData, ExploreObjective, ExploreRows, ExploreSource, RankingStats } from "./compute.js";
export { buildExplorerPage, exploreDataFromBenchmark, explorerSettingsFromClassifier } from "./page.js";
export type { ExplorerClassifierSettings, ExplorerOptions } from "./page.js";
export { exploreDataFromLabelled } from "./labelled.js";
export type { LabelledExploreOptions } from "./labelled.js";
export { labelColors, rankColor } from "./label-colors.js";
export { displayExplorerPage, explorerBundle, explorerOutputHtml } from "./notebook.js";
export type { ExplorerOutputOptions, NotebookExplorer } from "./notebook.js";
export { benchmarkExplorer, displayExplorer } from "./benchmark.js";
export type { BenchmarkExplorerOptions } from "./benchmark.js";
export { explorerRequestVerdict, serveExplorerPage } from "./serve.js";
export type { ExplorerRequestVerdict, ExplorerServeOptions, ExplorerServer } from "./serve.js";
