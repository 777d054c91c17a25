/**
 * The eight-class semantic-correctness taxonomy of the paper (Sec. 3, Table 7) and the
 * ordering of Eq. 1, realised as integer severities (App. C.2). Orderings are values, so a
 * user can reorder neighbouring classes (the paper allows it) and every statistic follows.
 */

/** Class names as the data spells them (underscored). */
export const CLASSES = [
  "exact",
  "equivalent",
  "alternative_correct",
  "overinclusive_valid",
  "partial",
  "overinclusive_invalid",
  "invalid",
  "contradictory",
] as const;
export type CorrectnessClass = (typeof CLASSES)[number];

/** Table 7 definitions. */
export const DEFINITIONS: Readonly<Record<CorrectnessClass, string>> = {
  exact: "Semantically identical to the gold answer.",
  equivalent: "Same meaning expressed through linguistic variation or paraphrasing.",
  alternative_correct: "Different but still semantically correct answer.",
  partial: "Contains only part of the required information.",
  overinclusive_valid: "Correct answer with additional valid information.",
  overinclusive_invalid: "Correct answer with additional incorrect information.",
  invalid: "Semantically incorrect answer.",
  contradictory: "Explicitly contradicts the gold answer or question premise.",
};

/** Short names used in the paper's tables (Tables 3, 4, 17). */
export const SHORT_NAMES: Readonly<Record<CorrectnessClass, string>> = {
  exact: "Exact",
  equivalent: "Eq",
  alternative_correct: "Alt",
  overinclusive_valid: "OV",
  partial: "Part",
  overinclusive_invalid: "OI",
  invalid: "Inv",
  contradictory: "Contr",
};

/** A total preorder over the classes: higher severity = more correct. */
export interface Ordering {
  readonly name: string;
  readonly severity: Readonly<Record<CorrectnessClass, number>>;
  /**
   * Classes a severity map over a subset of the classes left out (defineOrdering's `subset`):
   * they carry a placeholder severity below every other, and rows of them are refused by evaluation.
   */
  readonly unranked?: readonly CorrectnessClass[];
}

/** Eq. 1 as the integer severity map of App. C.2. */
export const PAPER_ORDERING: Ordering = Object.freeze({
  name: "paper-eq1",
  severity: Object.freeze({
    exact: 6,
    equivalent: 6,
    alternative_correct: 6,
    overinclusive_valid: 5,
    partial: 4,
    overinclusive_invalid: 2,
    invalid: 1,
    contradictory: 0,
  }),
});

/** The four hard neighbouring pairs of Table 4, as [better, worse]. */
export const HARD_PAIRS: readonly (readonly [CorrectnessClass, CorrectnessClass])[] = [
  ["equivalent", "partial"],
  ["overinclusive_valid", "partial"],
  ["overinclusive_valid", "overinclusive_invalid"],
  ["alternative_correct", "invalid"],
];

/** Index of each class in CLASSES, for typed-array code. */
export const CLASS_INDEX: Readonly<Record<CorrectnessClass, number>> = Object.freeze(
  Object.fromEntries(CLASSES.map((c, i) => [c, i])) as Record<CorrectnessClass, number>,
);

const ALIASES: ReadonlyMap<string, CorrectnessClass> = new Map<string, CorrectnessClass>([
  ...CLASSES.map((c) => [c, c] as [string, CorrectnessClass]),
  ["alternative", "alternative_correct"],
  ["alt", "alternative_correct"],
  ["ov", "overinclusive_valid"],
  ["oi", "overinclusive_invalid"],
  ["eq", "equivalent"],
  ["part", "partial"],
  ["inv", "invalid"],
  ["contr", "contradictory"],
]);

/** Canonical key of a spelling: lower case, hyphens and spaces as underscores. */
function normaliseName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** Parses a class name in the data's (underscored), the paper's (hyphenated) or short form. */
export function parseClass(name: string): CorrectnessClass {
  const found = tryParseClass(name);
  if (found === undefined) {
    throw new Error(`unknown correctness class "${name}"; expected one of ${CLASSES.join(", ")}`);
  }
  return found;
}

/** Like parseClass, but returns undefined for an unknown name. */
export function tryParseClass(name: string): CorrectnessClass | undefined {
  return ALIASES.get(normaliseName(name));
}

/** The paper's hyphenated spelling, e.g. "alternative-correct" (underscores kept in overinclusive_*). */
export function paperName(cls: CorrectnessClass): string {
  return cls.startsWith("overinclusive") ? cls.replace("_", "-") : cls.replace(/_/g, "-");
}

/** A strictly ordered class pair: `better` outranks `worse` under an ordering. */
export interface ClassPair {
  readonly better: CorrectnessClass;
  readonly worse: CorrectnessClass;
}

/**
 * Every pair of classes whose severities differ, the more correct first, in the order of
 * CLASSES (the order of the authors' results). Under Eq. 1 there are 25.
 */
export function orderedPairs(ordering: Ordering = PAPER_ORDERING): ClassPair[] {
  const pairs: ClassPair[] = [];
  for (const a of CLASSES) {
    for (const b of CLASSES) {
      if (ordering.severity[a] > ordering.severity[b]) pairs.push({ better: a, worse: b });
    }
  }
  return pairs;
}

/**
 * Hard pairs named by the user ([better, worse], class names in any spelling), checked against an
 * ordering: a pair whose first class does not outrank the second contradicts it and is refused,
 * with a message that says so.
 */
export function checkHardPairs(
  pairs: readonly (readonly string[])[],
  ordering: Ordering,
  what = "hard pair",
): (readonly [CorrectnessClass, CorrectnessClass])[] {
  return pairs.map((pair) => {
    if (!Array.isArray(pair) || pair.length !== 2)
      throw new Error(`${what} ${JSON.stringify(pair)}: give [better, worse], two class names`);
    const [better, worse] = pair.map((c) => parseClass(c)) as [CorrectnessClass, CorrectnessClass];
    for (const c of [better, worse])
      if (ordering.unranked?.includes(c))
        throw new Error(`${what} ${better} > ${worse}: ${c} has no severity in the ordering "${ordering.name}"`);
    const [b, w] = [ordering.severity[better], ordering.severity[worse]];
    if (!(b > w))
      throw new Error(
        `${what} ${better} > ${worse} contradicts the ordering "${ordering.name}": ${better} (severity ${b}) does not outrank ${worse} (severity ${w}); a hard pair names the more correct class first`,
      );
    return [better, worse] as const;
  });
}

/** Hard pairs written "better>worse, better>worse" (a flag's or a config file's text), as [better, worse] names. */
export function parseHardPairs(text: string): string[][] {
  return text
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((p) => {
      const parts = p.split(">").map((c) => c.trim());
      if (parts.length !== 2 || parts.some((c) => c === "")) throw new Error(`hard pair "${p}": write it as better>worse`);
      return parts;
    });
}

/**
 * The hard pairs an evaluation reports: the ones named (checked by checkHardPairs), else Table 4's
 * four, less those a user ordering does not order (listed in `dropped`, for a note).
 */
export function hardPairsFor(
  ordering: Ordering,
  named?: readonly (readonly string[])[],
): { pairs: (readonly [CorrectnessClass, CorrectnessClass])[]; dropped: string[] } {
  if (named !== undefined) return { pairs: checkHardPairs(named, ordering), dropped: [] };
  const ordered = (p: readonly [CorrectnessClass, CorrectnessClass]) =>
    ordering.severity[p[0]] > ordering.severity[p[1]] && !ordering.unranked?.some((c) => p.includes(c));
  return { pairs: HARD_PAIRS.filter(ordered), dropped: HARD_PAIRS.filter((p) => !ordered(p)).map(([b, w]) => `${b} > ${w}`) };
}

/** True when [better, worse] is one of Table 4's hard pairs. */
export function isHardPair(better: CorrectnessClass, worse: CorrectnessClass): boolean {
  return HARD_PAIRS.some(([b, w]) => b === better && w === worse);
}

/**
 * Builds a user-defined ordering from a severity map (any finite numbers; only their order
 * matters). Every class must be given, unless `subset` is set: then the classes left out are
 * `unranked` (rows of them are refused by evaluation, and their class pairs left out as absent).
 * The result must still order something.
 */
export function defineOrdering(name: string, severity: Record<string, number>, options: { readonly subset?: boolean } = {}): Ordering {
  const out = {} as Record<CorrectnessClass, number>;
  for (const [key, value] of Object.entries(severity)) {
    const cls = parseClass(key);
    if (cls in out) throw new Error(`ordering "${name}": class ${cls} is given twice`);
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw new Error(`ordering "${name}": severity of ${cls} must be a finite number, got ${String(value)}`);
    }
    out[cls] = value;
  }
  const missing = CLASSES.filter((c) => !(c in out));
  if (missing.length > 0 && !options.subset)
    throw new Error(`ordering "${name}": missing classes ${missing.join(", ")} (a map over some classes only needs the subset option)`);
  if (new Set(Object.values(out)).size < 2) throw new Error(`ordering "${name}": all classes tie, nothing is ordered`);
  if (missing.length === 0) return Object.freeze({ name, severity: Object.freeze(out) });
  const below = Math.min(...Object.values(out)) - 1;
  for (const c of missing) out[c] = below;
  return Object.freeze({ name, severity: Object.freeze(out), unranked: Object.freeze(missing) });
}

/**
 * Parses an ordering written like Eq. 1: classes from most to least correct, separated by
 * ">" (strictly better) or "=" / "≈" (tied), e.g. "exact = equivalent > partial > ...".
 * Severities count down from the number of strict steps, so the paper's gaps are not kept:
 * only order matters to every statistic in capqa.
 */
export function parseOrdering(text: string, name = "custom"): Ordering {
  const tokens = text
    .split(/\s*(>=|≥|>|=|≈)\s*/)
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
  const severity: Record<string, number> = {};
  let level = 0;
  const levels: number[] = [];
  for (let i = 0; i < tokens.length; i += 2) {
    if (i > 0) {
      const op = tokens[i - 1];
      if (op === ">" || op === ">=" || op === "≥") level -= 1;
      else if (op !== "=" && op !== "≈") throw new Error(`ordering "${name}": unexpected "${op}"`);
    }
    const cls = parseClass(tokens[i]);
    if (cls in severity) throw new Error(`ordering "${name}": class ${cls} appears twice`);
    severity[cls] = level;
    levels.push(level);
  }
  const min = Math.min(...levels);
  for (const k of Object.keys(severity)) severity[k] -= min;
  return defineOrdering(name, severity);
}

/** The distinct severity levels of an ordering, from least to most correct. */
export function severityLevels(ordering: Ordering = PAPER_ORDERING): number[] {
  return [...new Set(CLASSES.map((c) => ordering.severity[c]))].sort((a, b) => a - b);
}
