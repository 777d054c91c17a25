/**
 * The explorer's data for a labelled score file of one's own (readLabelledScores, as
 * `capqa calibrate --in` reads it): each label its own row group, most correct first, the levels
 * those of the file's level set, the scores the metric's column (which α and λ do not move).
 */
import { RELEASED_METRICS } from "../constants.js";
import { labelledSplitRows, type LabelledScores } from "../calibrate/labelled.js";
import { isClassLevelSet } from "../calibrate/levels.js";
import { CLASSES } from "../taxonomy/index.js";
import type { ExploreData, ExploreRows } from "./compute.js";

export interface LabelledExploreOptions {
  /** With a split column: the split value of the rows shown and evaluated (default test). */
  readonly split?: string;
  /** With a split column: the split value of the rows cuts are refitted on (default validation). */
  readonly fitSplit?: string;
}

/** The score axis: [0, 1] for the paper's metrics (CAP's range), else the scores' range. */
function axisOf(table: LabelledScores): [number, number] {
  if ((RELEASED_METRICS as readonly string[]).includes(table.metric)) return [0, 1];
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of table.scores) (lo = Math.min(lo, x)), (hi = Math.max(hi, x));
  return hi > lo ? [lo, hi] : [lo - 0.5, lo + 0.5];
}

/** The explorer's data for a labelled file: without a split column every row is shown, and cuts are refitted on every row. */
export function exploreDataFromLabelled(table: LabelledScores, options: LabelledExploreOptions = {}): ExploreData {
  const split = table.splits ? (options.split ?? "test") : undefined;
  const fitSplit = table.splits ? (options.fitSplit ?? "validation") : undefined;
  // Most correct first, as the figures list classes (the paper's classes in taxonomy order).
  const names = [...table.labels].reverse();
  if (isClassLevelSet(table.levelSet)) names.sort((a, b) => CLASSES.indexOf(a as never) - CLASSES.indexOf(b as never));
  const column = names.map((name) => table.labels.indexOf(name));
  const classOf = new Map(column.map((labelIndex, c) => [labelIndex, c]));
  const levelOfLabel = table.labels.map((l) => table.levelSet.levels.findIndex((level) => level.classes.includes(l)));
  const rows = (idx: number[]): ExploreRows => ({
    cls: idx.map((i) => classOf.get(table.label[i])!),
    values: idx.map((i) => table.scores[i]),
  });
  const shown = labelledSplitRows(table, split, "rows shown");
  const fit = labelledSplitRows(table, fitSplit, "rows the cuts are refitted on");
  return {
    classNames: names,
    severity: column.map((labelIndex) => levelOfLabel[labelIndex]),
    ...rows(shown),
    fit: rows(fit),
    split: split ?? "all",
    fitSplit: fitSplit ?? "all",
    metric: table.metric,
    metricSource: `column ${table.metric} of ${table.file}`,
    axis: axisOf(table),
  };
}
