/**
 * Level sets of one's own: any ordered set of labels a user declares ("bad < ok = fine < good",
 * least correct first, or "good > ok > bad", most correct first, the direction of
 * `capqa evaluate --ordering`), beside the paper's level sets of the eight classes. Where every
 * label is one of the paper's classes (any spelling parseClass takes), the labels are the classes'
 * canonical names, and an order that is the paper's eight classes or its six severity levels is
 * exactly classLevelSet's or severityLevelSet's level set.
 */
import { CLASSES, tryParseClass, type CorrectnessClass } from "../taxonomy/index.js";
import { classLevelSet, severityLevelSet, type LevelSet } from "./classifier.js";

/** True when every label of the level set is one of the paper's classes (canonically spelled). */
export function isClassLevelSet(levelSet: LevelSet<string>): levelSet is LevelSet<CorrectnessClass> {
  return levelSet.levels.every((l) => l.classes.every((c) => (CLASSES as readonly string[]).includes(c)));
}

/** The labels of a level set, least correct level first (labels of one level in their given order). */
export function levelSetLabels(levelSet: LevelSet<string>): string[] {
  return levelSet.levels.flatMap((l) => [...l.classes]);
}

/** A level set as the text parseLevelOrder reads: "a < b = c < d". */
export function levelOrderText(levelSet: LevelSet<string>): string {
  return levelSet.levels.map((l) => l.classes.join(" = ")).join(" < ");
}

const sameLevels = (a: LevelSet<string>, b: LevelSet<string>) =>
  a.levels.length === b.levels.length &&
  a.levels.every((l, k) => l.name === b.levels[k].name && l.classes.join("\n") === b.levels[k].classes.join("\n"));

/**
 * Parses a declared order of labels: "<" between a less and a more correct label (or ">" the other
 * way, not both in one order), "=" or "≈" between labels of one level. At least two levels; every
 * label once. Labels that are all the paper's classes are canonicalised (see the module's note).
 */
export function parseLevelOrder(text: string): LevelSet<string> {
  const parts = text.split(/\s*(<|>|=|≈)\s*/);
  const labels = parts.filter((_, i) => i % 2 === 0).map((t) => t.trim());
  const ops = parts.filter((_, i) => i % 2 === 1);
  if (labels.some((l) => l === ""))
    throw new Error(`order "${text}": a label is empty; write labels separated by "<" (less correct first), e.g. "bad < ok < good"`);
  const strict = new Set(ops.filter((o) => o === "<" || o === ">"));
  if (strict.size > 1)
    throw new Error(`order "${text}" mixes "<" and ">"; write it least correct first with "<" (or most correct first with ">")`);
  // Groups of tied labels, least correct first.
  let groups: string[][] = [[labels[0]]];
  ops.forEach((op, i) => (op === "<" || op === ">" ? groups.push([labels[i + 1]]) : groups[groups.length - 1].push(labels[i + 1])));
  if (strict.has(">")) groups = groups.reverse();
  if (groups.length < 2)
    throw new Error(`order "${text}" has one level; declare at least two, least correct first, e.g. "bad < ok < good"`);
  const classes = labels.map((l) => tryParseClass(l));
  const paper = classes.every((c) => c !== undefined);
  const canonical = paper
    ? groups.map((g) => g.map((l) => tryParseClass(l)!).sort((a, b) => CLASSES.indexOf(a) - CLASSES.indexOf(b)) as string[])
    : groups;
  const seen = new Set<string>();
  for (const label of canonical.flat()) {
    if (seen.has(label)) throw new Error(`order "${text}": label "${label}" appears twice`);
    seen.add(label);
  }
  const declared: LevelSet<string> = { name: "", levels: canonical.map((g) => ({ name: g.join("|"), classes: g })) };
  if (paper && seen.size === CLASSES.length) {
    const severity = severityLevelSet();
    if (sameLevels(declared, severity)) return severity;
    if (canonical.every((g) => g.length === 1)) return classLevelSet(canonical.map((g) => g[0] as CorrectnessClass));
  }
  return { name: levelOrderText(declared), levels: declared.levels };
}

/**
 * A label as the level set declares it: the label itself (surrounding spaces ignored), or, where
 * the level set's labels are the paper's classes, the class of any spelling; undefined for a
 * label outside the level set.
 */
export function labelCanonicaliser(levelSet: LevelSet<string>): (label: string) => string | undefined {
  const known = new Set(levelSetLabels(levelSet));
  const classes = isClassLevelSet(levelSet);
  return (label) => {
    const text = label.trim();
    if (known.has(text)) return text;
    const cls = classes ? tryParseClass(text) : undefined;
    return cls !== undefined && known.has(cls) ? cls : undefined;
  };
}

/** The level index of a label under a level set (labelCanonicaliser's spellings), or undefined. */
export function labelIndexer(levelSet: LevelSet<string>): (label: string) => number | undefined {
  const index = new Map<string, number>();
  levelSet.levels.forEach((l, k) => l.classes.forEach((c) => index.set(c, k)));
  const canonical = labelCanonicaliser(levelSet);
  return (label) => {
    const c = canonical(label);
    return c === undefined ? undefined : index.get(c);
  };
}
