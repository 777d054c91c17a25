/**
 * The interactive explorer of `capqa explore` (lib/explore) inside a notebook or another page:
 * the self-contained page in an iframe's srcdoc, the cuts starting at a calibrated classifier.
 */
import type { Benchmark, SplitChoice } from "../data/benchmark.js";
import { buildExplorerPage, exploreDataFromBenchmark } from "../explore/index.js";
import type { ThresholdClassifier } from "./classifier.js";
import { runCalibration } from "./workflow.js";

export interface ExplorerFrameOptions {
  /** Rows shown (default test). */
  readonly split?: SplitChoice;
  /** Severity-level classifier whose cuts the sliders start at (default: fitted for macro-F1 on the validation split). */
  readonly classifier?: ThresholdClassifier;
  readonly title?: string;
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
  if (classifier.cuts.length !== 5) throw new Error(`the explorer moves the five cuts of the six severity levels; this classifier has ${classifier.cuts.length} cuts`);
  // A cut at ±∞ (an empty level) sits at the end of CAP's range [0, 1]: the same levels.
  const cuts = classifier.cuts.map((c) => Math.min(1, Math.max(0, c)));
  const page = buildExplorerPage(exploreDataFromBenchmark(bench, split), { title: options.title ?? `CAP on the ${split} split`, cuts });
  return `<iframe srcdoc="${htmlAttribute(page)}" style="width:100%;height:${options.heightPx ?? 1150}px;border:0"></iframe>`;
}
