/**
 * classifier.json as capqa calibrate and the explorer's "Save classifier" write it, read back and
 * checked whole (kind, levels and their labels, cuts, the metric it classifies) before any work,
 * for `capqa score --classify`, `capqa explore --classifier` and the library. Files of every
 * version load: a file without score.metric classifies CAP.
 */
import { readFileSync } from "node:fs";
import { classifierMetric, predictLevels, type ThresholdClassifier } from "./classifier.js";

/** Checks a parsed classifier (`what` names it in errors, e.g. its file) and returns it typed. */
export function checkClassifier(value: unknown, what = "the classifier"): ThresholdClassifier {
  const bad = (why: string): never => {
    throw new Error(`${what} is not a classifier written by capqa calibrate or the explorer: ${why}`);
  };
  const c = value as ThresholdClassifier;
  if (c === null || typeof c !== "object" || c.kind !== "capqa-threshold-classifier") bad('its "kind" is not "capqa-threshold-classifier"');
  const levels = c.levelSet?.levels;
  if (!Array.isArray(levels) || levels.length < 1) bad("its levelSet has no levels");
  const seen = new Set<string>();
  const names = new Map<string, number>();
  levels.forEach((l, k) => {
    if (typeof l?.name !== "string" || l.name.trim() === "") bad(`level ${k} has no name`);
    // predicted_level holds a level's name: two levels of one name could not be told apart.
    if (names.has(l.name)) bad(`level ${k} has the name "${l.name}" of level ${names.get(l.name)}`);
    names.set(l.name, k);
    if (!Array.isArray(l.classes) || l.classes.length === 0) bad(`level ${k} (${l.name}) names no labels`);
    for (const label of l.classes) {
      if (typeof label !== "string" || label.trim() === "") bad(`level ${k} (${l.name}) has a label that is not a text`);
      if (seen.has(label)) bad(`label "${label}" is in two levels`);
      seen.add(label);
    }
  });
  if (!Array.isArray(c.cuts) || c.cuts.length !== levels.length - 1)
    bad(`it has ${Array.isArray(c.cuts) ? c.cuts.length : "no"} cuts for ${levels.length} levels`);
  c.cuts.forEach((x, i) => {
    if (typeof x !== "number" || !Number.isFinite(x)) bad(`cut ${i + 1} is not a finite number`);
    if (i > 0 && x < c.cuts[i - 1]) bad(`cut ${i + 1} (${x}) is below cut ${i} (${c.cuts[i - 1]}); cuts are non-decreasing`);
  });
  try {
    predictLevels(c, [0]);
  } catch (e) {
    bad((e as Error).message);
  }
  if (c.score !== undefined && (c.score === null || typeof c.score !== "object")) bad("its score is not an object");
  if (c.score?.metric !== undefined && (typeof c.score.metric !== "string" || c.score.metric === ""))
    bad("its score.metric is not a column name");
  return c;
}

/** Reads and checks a classifier.json (errors name the file). */
export function readClassifierFile(file: string): ThresholdClassifier {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(
      `${file}: ${(e as NodeJS.ErrnoException).code ? `cannot read: ${(e as Error).message}` : `not valid JSON: ${(e as Error).message}`}`,
    );
  }
  return checkClassifier(parsed, file);
}

/**
 * The column a classifier needs among a table's columns, or an error naming the metric and the
 * columns there are (`where` says whose columns: "the input file x.csv").
 */
export function classifierColumn(
  c: Pick<ThresholdClassifier, "score">,
  columns: readonly string[],
  where: string,
  what = "the classifier",
): string {
  const metric = classifierMetric(c);
  if (!columns.includes(metric))
    throw new Error(`${what} classifies the metric ${metric}, but ${where} has no column ${metric}; its columns are ${columns.join(", ")}`);
  return metric;
}
