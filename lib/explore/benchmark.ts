/**
 * The interactive explorer of `capqa explore` (lib/explore) for CAP-Correctness, its cuts starting
 * at a calibrated classifier: the page's data and settings, and the explorer shown in a notebook.
 */
import type { Benchmark, SplitChoice } from "../data/benchmark.js";
import type { ThresholdClassifier } from "../calibrate/classifier.js";
import { runCalibration } from "../calibrate/workflow.js";
import type { ExploreData } from "./compute.js";
import { displayExplorerPage, type ExplorerOutputOptions, type NotebookExplorer } from "./notebook.js";
import { exploreDataFromBenchmark, explorerSettingsFromClassifier, type ExplorerOptions } from "./page.js";

export interface BenchmarkExplorerOptions {
  /** Rows shown (default test). */
  readonly split?: SplitChoice;
  /**
   * The classifier whose exact cuts, levels, weights and score source the page starts at (default: fitted for macro-F1 on the validation
   * split).
   */
  readonly classifier?: ThresholdClassifier;
  readonly title?: string;
}

/**
 * The explorer's data and page settings for a split of the benchmark: the classifier's own cuts,
 * exactly (±∞ included), levels, weights and score source, so the page's numbers are capqa
 * calibrate's for it.
 */
export function benchmarkExplorer(
  bench: Benchmark,
  options: BenchmarkExplorerOptions = {},
): { data: ExploreData; options: ExplorerOptions } {
  const split = options.split ?? "test";
  const classifier =
    options.classifier ??
    runCalibration(bench, { levels: "severity", objective: "macro_f1", fitSplit: "validation", evalSplit: split, resamples: 0 }).calibrated;
  const settings = explorerSettingsFromClassifier(classifier);
  return {
    data: exploreDataFromBenchmark(bench, split, settings.fitSplit ?? "validation"),
    options: {
      title: options.title ?? `CAP on the ${split} split`,
      levelSet: settings.levelSet,
      cuts: settings.cuts,
      alpha: settings.alpha,
      lambda: settings.lambda,
      source: settings.source,
      objective: settings.objective,
    },
  };
}

/**
 * The explorer of a benchmark split in a tslab notebook (displayExplorerPage): the page in a
 * frame and a picture of its first state; the handle's classifier() gives the cuts the page shows.
 *
 * @example
 * import { loadBenchmark } from "capqa";
 * import { displayExplorer } from "capqa/explore";
 * const explorer = await displayExplorer(loadBenchmark(), { split: "test" });
 */
export async function displayExplorer(
  bench: Benchmark,
  options: BenchmarkExplorerOptions & Pick<ExplorerOutputOptions, "heightPx" | "picture"> = {},
): Promise<NotebookExplorer> {
  const page = benchmarkExplorer(bench, options);
  return displayExplorerPage(page.data, { ...page.options, heightPx: options.heightPx, picture: options.picture });
}
