/**
 * The interactive explorer of `capqa explore` (lib/explore) inside a notebook or another page:
 * the self-contained page in an iframe's srcdoc, the cuts starting at a calibrated classifier.
 */
import type { Benchmark, SplitChoice } from "../data/benchmark.js";
import { buildExplorerPage, exploreDataFromBenchmark, explorerSettingsFromClassifier } from "../explore/index.js";
import type { ThresholdClassifier } from "./classifier.js";
import { runCalibration } from "./workflow.js";

export interface ExplorerFrameOptions {
  /** Rows shown (default test). */
  readonly split?: SplitChoice;
  /** The classifier whose exact cuts, levels, weights and score source the page starts at (default: fitted for macro-F1 on the validation split). */
  readonly classifier?: ThresholdClassifier;
  readonly title?: string;
  /**
   * Where the page gets plotly.js (default: inlined, 4.8 MB): in a notebook, the sources its
   * figures load from (capqa/figures' plotlySources({ local: true })), so the saved notebook stays small.
   */
  readonly plotlySources?: readonly { readonly src: string; readonly integrity?: string }[];
  /** Height of the frame in CSS px (default 1150). */
  readonly heightPx?: number;
}

/** Escapes text for a double-quoted HTML attribute. */
export function htmlAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
}

/** The explorer page for a split, as an iframe (its whole page in srcdoc). */
export function explorerFrame(bench: Benchmark, options: ExplorerFrameOptions = {}): string {
  const split = options.split ?? "test";
  const classifier = options.classifier ?? runCalibration(bench, { levels: "severity", objective: "macro_f1", fitSplit: "validation", evalSplit: split, resamples: 0 }).calibrated;
  // The classifier's own cuts, exactly (±∞ included), levels, weights and score source: the page's
  // numbers are then capqa calibrate's for it.
  const settings = explorerSettingsFromClassifier(classifier);
  const page = buildExplorerPage(exploreDataFromBenchmark(bench, split, settings.fitSplit ?? "validation"), {
    title: options.title ?? `CAP on the ${split} split`,
    levelSet: settings.levelSet,
    cuts: settings.cuts,
    alpha: settings.alpha,
    lambda: settings.lambda,
    source: settings.source,
    objective: settings.objective,
    ...(options.plotlySources ? { plotlySources: options.plotlySources } : {}),
  });
  return `<iframe srcdoc="${htmlAttribute(page)}" style="width:100%;height:${options.heightPx ?? 1150}px;border:0"></iframe>`;
}
