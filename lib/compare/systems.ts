/**
 * Comparing QA systems on the same questions (Sec. 7.4, Tables 5 and 6): the scored outputs of
 * several systems (capqa score's output, with a human label column or a calibrated classifier),
 * joined on a key, give mean CAP per class per system with bootstrap intervals (Table 5), the
 * class distribution per system (Table 6: human labels when present, else the classifier's
 * levels), the ordered class pairs whose class means are inverted per system, and paired
 * differences of mean CAP between systems on the questions both answered.
 *
 * @example
 * const systems = [readSystem("gpt.csv", { name: "GPT-4o", labelColumn: "label" }), readSystem("qwen.csv", { name: "Qwen 3", labelColumn: "label" })];
 * const c = compareSystems(systems, { resamples: 2000, seed: 42 });
 * c.classMeans; // Table 5 rows: { system, class, n, mean, ciLow, ciHigh }
 */
import { DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_CONFIDENCE, DEFAULT_SEED } from "../constants.js";
import { predictLevels, type ThresholdClassifier } from "../calibrate/classifier.js";
import { checkClassifier, classifierColumn } from "../calibrate/classifier-file.js";
import { finiteScore } from "../data/metric-scores.js";
import { isDecimalText } from "../io/csv.js";
import { DataError } from "../io/errors.js";
import { scoredFileWarning } from "../score/manifest-warning.js";
import { readRowTable } from "../io/row-table.js";
import { percentileIntervalUnchecked } from "../stats/bootstrap.js";
import { Xoshiro128 } from "../stats/random.js";
import { CLASSES, PAPER_ORDERING, orderedPairs, tryParseClass, type CorrectnessClass, type Ordering } from "../taxonomy/index.js";

/** One system's scored answers. */
export interface SystemScores {
  readonly name: string;
  readonly file: string;
  /** The join key of each row (question id or text). */
  readonly keys: readonly string[];
  /** CAP per row; NaN where the row was not scored. */
  readonly cap: Float64Array;
  /** Human class per row (index into CLASSES), 255 where the row has no label; null without a label column. */
  readonly labels: Uint8Array | null;
  /** Level names predicted by the classifier (score --classify's predicted_level, or classifier applied to cap). */
  readonly predicted: (string | null)[] | null;
  /** The classifier's level names, in its order (least correct first), when a classifier was given. */
  readonly levelOrder: readonly string[] | null;
  readonly labelColumn: string | null;
  readonly keyColumn: string;
  /** The warning of the manifest beside the file (capqa score's FILE.manifest.json): the demo model scored it. */
  readonly warning?: string | null;
}

export interface ReadSystemOptions {
  /** Display name (default: the file's name without folder and extension). */
  readonly name?: string;
  /** Column joining the systems' rows (default: id, else question, when the file has it). */
  readonly key?: string;
  /** Column of human labels (default: `label` when the file has it). */
  readonly labelColumn?: string;
  /**
   * A calibrated classifier (capqa calibrate's classifier.json) giving each row a level from its metric's column (cap, or the column the
   * classifier names).
   */
  readonly classifier?: ThresholdClassifier;
}

export const UNLABELLED = 255;

/** Reads one system's scored output (CSV or JSONL, as capqa score writes it). */
export function readSystem(file: string, options: ReadSystemOptions = {}): SystemScores {
  if (options.classifier) checkClassifier(options.classifier, "the `classifier` option");
  const table = readRowTable(file);
  const where = (k: number, field: string) => ({ file, line: table.lines[k], row: k, field });
  if (!table.columns.includes("cap")) throw new DataError({ file, field: "cap" }, "no cap column: compare reads capqa score's output");
  const keyColumn = options.key ?? ["id", "question"].find((c) => table.columns.includes(c));
  if (!keyColumn || !table.columns.includes(keyColumn))
    throw new DataError(
      { file, field: options.key ?? "id" },
      `no ${options.key ? `"${options.key}"` : "id or question"} column to join the systems' rows on; name one with the key option`,
    );
  const seen = new Map<string, number>();
  const keys = table.rows.map((row, k) => {
    const v = row[keyColumn];
    const key = typeof v === "string" ? v : v === null || v === undefined ? "" : String(v);
    if (key === "") throw new DataError(where(k, keyColumn), "the join key is empty");
    const first = seen.get(key);
    if (first !== undefined)
      throw new DataError(
        where(k, keyColumn),
        `"${key.length > 60 ? `${key.slice(0, 60)}…` : key}" appears twice (first on line ${table.lines[first]}); join on a unique column with the key option`,
      );
    seen.set(key, k);
    return key;
  });
  const cap = Float64Array.from(table.rows, (row, k) => {
    const v = row.cap;
    if (v === "" || v === null || v === undefined) return NaN; // not scored: capqa score says why in its reason column
    const x = typeof v === "number" ? v : Number(v);
    if (typeof v === "string" && !isDecimalText(v)) throw new DataError(where(k, "cap"), `"${v}" is not a number`);
    if (!Number.isFinite(x) || x < 0 || x > 1) throw new DataError(where(k, "cap"), `CAP ${v} is not a number in [0, 1]`);
    return x;
  });
  const labelColumn = options.labelColumn ?? (table.columns.includes("label") ? "label" : null);
  let labels: Uint8Array | null = null;
  if (labelColumn !== null) {
    if (!table.columns.includes(labelColumn))
      throw new DataError({ file, field: labelColumn }, `no such column; the file has ${table.columns.join(", ")}`);
    labels = Uint8Array.from(table.rows, (row, k) => {
      const v = row[labelColumn];
      const text = typeof v === "string" ? v.trim() : v === null || v === undefined ? "" : String(v);
      if (text === "") return UNLABELLED;
      const cls = tryParseClass(text);
      if (!cls)
        throw new DataError(where(k, labelColumn), `"${text}" is not a class of the taxonomy; expected one of ${CLASSES.join(", ")}`);
      return CLASSES.indexOf(cls);
    });
  }
  let predicted: (string | null)[] | null = null;
  if (options.classifier) {
    const names = options.classifier.levelSet.levels.map((l) => l.name);
    // The classifier's own metric: cap, or the file's column of that name (a row without a score gets no level).
    const metric = classifierColumn(options.classifier, table.columns, file, "the classifier");
    const scores =
      metric === "cap"
        ? cap
        : Float64Array.from(table.rows, (row, k) => {
            const v = row[metric];
            return v === "" || v === null || v === undefined ? NaN : finiteScore(v, where(k, metric));
          });
    const levels = predictLevels(
      options.classifier,
      Array.from(scores, (x) => (Number.isNaN(x) ? 0 : x)),
    );
    predicted = Array.from(scores, (x, k) => (Number.isNaN(x) ? null : names[levels[k]]));
  } else if (table.columns.includes("predicted_level")) {
    predicted = table.rows.map((row) =>
      typeof row.predicted_level === "string" && row.predicted_level !== "" ? row.predicted_level : null,
    );
  }
  const name = options.name ?? (file.split(/[\\/]/).pop() ?? file).replace(/\.(csv|jsonl)$/i, "");
  const levelOrder = options.classifier ? options.classifier.levelSet.levels.map((l) => l.name) : null;
  return { name, file, keys, cap, labels, predicted, levelOrder, labelColumn, keyColumn, warning: scoredFileWarning(file) };
}

/** One warning for the comparison: each distinct warning with the systems it concerns. */
function comparisonWarning(systems: readonly SystemScores[]): string | null {
  const byText = new Map<string, string[]>();
  for (const s of systems) if (s.warning) byText.set(s.warning, [...(byText.get(s.warning) ?? []), s.name]);
  if (byText.size === 0) return null;
  return [...byText].map(([text, names]) => `${text} (it scored ${names.join(", ")})`).join("; ");
}

export interface CompareOptions {
  readonly resamples?: number;
  readonly seed?: number;
  readonly confidence?: number;
  readonly ordering?: Ordering;
}

export interface ClassMeanRow {
  readonly system: string;
  readonly class: CorrectnessClass;
  readonly n: number;
  readonly mean: number | null;
  readonly ciLow: number | null;
  readonly ciHigh: number | null;
}

export interface ClassCountRow {
  readonly system: string;
  /** A class (human labels) or a classifier level name. */
  readonly class: string;
  readonly count: number;
  readonly share: number;
}

export interface PairViolationRow {
  readonly system: string;
  readonly better: CorrectnessClass;
  readonly worse: CorrectnessClass;
  readonly meanBetter: number;
  readonly meanWorse: number;
  /** mean(better) ≤ mean(worse), as in App. C.1. */
  readonly violation: boolean;
}

export interface SystemSummaryRow {
  readonly system: string;
  readonly file: string;
  readonly rows: number;
  readonly scored: number;
  readonly labelled: number;
  readonly meanCap: number | null;
  readonly ciLow: number | null;
  readonly ciHigh: number | null;
  /** Ordered class pairs with both classes present, and how many of them are inverted. */
  readonly classPairs: number;
  readonly violations: number;
}

export interface SystemDifferenceRow {
  readonly system: string;
  readonly other: string;
  /** Questions both systems answered and CAP scored. */
  readonly shared: number;
  /** mean(CAP system − CAP other) over the shared questions. */
  readonly meanDifference: number | null;
  readonly ciLow: number | null;
  readonly ciHigh: number | null;
  /** Share of paired resamples in which `system` is not better (difference ≤ 0). */
  readonly pSystemNotBetter: number | null;
}

export interface SystemComparison {
  readonly systems: SystemSummaryRow[];
  /** Table 5: mean CAP per class per system (human labels). Empty without labels. */
  readonly classMeans: ClassMeanRow[];
  /** Table 6: rows per class (human labels) or per predicted level, per system. */
  readonly classCounts: ClassCountRow[];
  readonly countsFrom: "human labels" | "classifier" | "none";
  readonly pairViolations: PairViolationRow[];
  readonly differences: SystemDifferenceRow[];
  readonly resamples: number;
  readonly seed: number;
  readonly confidence: number;
  readonly ordering: Ordering;
  readonly notes: string[];
  /** When some system was scored with capqa's demo model: its warning, naming those systems; else null. */
  readonly warning: string | null;
}

const mean = (xs: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i];
  return xs.length > 0 ? s / xs.length : NaN;
};
const orNull = (x: number) => (Number.isFinite(x) ? x : null);

/** Percentile interval of the mean of `xs` over `resamples` resamples drawn from `rng`. */
function meanInterval(xs: Float64Array, resamples: number, rng: Xoshiro128, confidence: number): { low: number; high: number } {
  if (resamples === 0 || xs.length === 0) return { low: NaN, high: NaN };
  const means = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    let s = 0;
    for (let i = 0; i < xs.length; i++) s += xs[rng.nextInt(xs.length)];
    means[b] = s / xs.length;
  }
  return percentileIntervalUnchecked(means, confidence);
}

/** Compares systems; each bootstrap draws from its own seeded stream, so results do not depend on the systems' order. */
export function compareSystems(systems: readonly SystemScores[], options: CompareOptions = {}): SystemComparison {
  if (systems.length === 0) throw new Error("compareSystems needs at least one system");
  const names = new Set<string>();
  for (const s of systems) {
    if (names.has(s.name)) throw new Error(`two systems are named "${s.name}"; give each its own name`);
    names.add(s.name);
  }
  const resamples = options.resamples ?? DEFAULT_BOOTSTRAP_RESAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  const ordering = options.ordering ?? PAPER_ORDERING;
  const notes: string[] = [];
  const labelled = systems.every((s) => s.labels !== null);
  if (!labelled && systems.some((s) => s.labels !== null))
    notes.push("Only some systems carry human labels: Table 5 and the class pairs need them for every system, so they are left out.");
  const classMeans: ClassMeanRow[] = [];
  const pairViolations: PairViolationRow[] = [];
  const summaries: SystemSummaryRow[] = [];
  systems.forEach((s, si) => {
    const scored = Float64Array.from(Array.from(s.cap).filter((x) => !Number.isNaN(x)));
    const overall = meanInterval(scored, resamples, new Xoshiro128(seed, 1000 + si), confidence);
    const notScored = s.cap.length - scored.length;
    if (notScored > 0)
      notes.push(`${s.name}: ${notScored} of ${s.cap.length} rows have no CAP (not scored) and are left out of every statistic.`);
    let classPairs = 0;
    let violations = 0;
    let nLabelled = 0;
    if (labelled && s.labels) {
      const byClass = CLASSES.map(() => [] as number[]);
      s.labels.forEach((c, k) => {
        if (c !== UNLABELLED && !Number.isNaN(s.cap[k])) byClass[c].push(s.cap[k]);
      });
      nLabelled = byClass.reduce((a, b) => a + b.length, 0);
      const unlabelled = s.labels.filter((c) => c === UNLABELLED).length;
      if (unlabelled > 0) notes.push(`${s.name}: ${unlabelled} rows have no label and are left out of Table 5 and the class pairs.`);
      const means = byClass.map((xs) => mean(xs));
      CLASSES.forEach((cls, c) => {
        const ci = meanInterval(Float64Array.from(byClass[c]), resamples, new Xoshiro128(seed, si * CLASSES.length + c), confidence);
        classMeans.push({
          system: s.name,
          class: cls,
          n: byClass[c].length,
          mean: orNull(means[c]),
          ciLow: orNull(ci.low),
          ciHigh: orNull(ci.high),
        });
      });
      const absent = CLASSES.filter((_, c) => byClass[c].length === 0);
      if (absent.length > 0)
        notes.push(
          `${s.name}: no answer labelled ${absent.join(", ")}; the class pairs involving ${absent.length > 1 ? "them" : "it"} are left out.`,
        );
      for (const p of orderedPairs(ordering)) {
        const mb = means[CLASSES.indexOf(p.better)];
        const mw = means[CLASSES.indexOf(p.worse)];
        if (Number.isNaN(mb) || Number.isNaN(mw)) continue;
        const violation = !(mb > mw);
        classPairs++;
        if (violation) violations++;
        pairViolations.push({ system: s.name, better: p.better, worse: p.worse, meanBetter: mb, meanWorse: mw, violation });
      }
    }
    summaries.push({
      system: s.name,
      file: s.file,
      rows: s.cap.length,
      scored: scored.length,
      labelled: nLabelled,
      meanCap: orNull(mean(scored)),
      ciLow: orNull(overall.low),
      ciHigh: orNull(overall.high),
      classPairs,
      violations,
    });
  });

  // Table 6: human labels when every system has them, else the classifier's levels.
  const classCounts: ClassCountRow[] = [];
  let countsFrom: SystemComparison["countsFrom"] = "none";
  if (labelled) {
    countsFrom = "human labels";
    for (const s of systems) {
      const total = s.labels!.filter((c) => c !== UNLABELLED).length;
      CLASSES.forEach((cls, c) => {
        const count = s.labels!.filter((x) => x === c).length;
        classCounts.push({ system: s.name, class: cls, count, share: total > 0 ? count / total : 0 });
      });
    }
  } else if (systems.every((s) => s.predicted !== null)) {
    countsFrom = "classifier";
    // The classifier's order (most correct first), else the taxonomy's, else first appearance.
    const seen = [...new Set(systems.flatMap((s) => s.predicted!.filter((x): x is string => x !== null)))];
    const declared = systems.find((s) => s.levelOrder)?.levelOrder;
    const rank = (l: string) => (declared ? declared.length - declared.indexOf(l) : CLASSES.indexOf(l as CorrectnessClass));
    const levels = [...(declared ? [...declared].reverse() : []), ...seen].filter((l, k, all) => all.indexOf(l) === k);
    levels.sort((a, b) => (rank(a) < 0 ? 1e9 : rank(a)) - (rank(b) < 0 ? 1e9 : rank(b)));
    for (const s of systems) {
      const given = s.predicted!.filter((x) => x !== null).length;
      for (const level of levels) {
        const count = s.predicted!.filter((x) => x === level).length;
        classCounts.push({ system: s.name, class: level, count, share: given > 0 ? count / given : 0 });
      }
    }
    notes.push("Class distribution from the calibrated classifier's predicted levels (no human labels).");
  } else {
    notes.push(
      "No human labels and no classifier: the class distribution is left out (give a label column, or a classifier from capqa calibrate).",
    );
  }

  // Paired differences of mean CAP on shared questions.
  const differences: SystemDifferenceRow[] = [];
  for (let i = 0; i < systems.length; i++) {
    for (let j = i + 1; j < systems.length; j++) {
      const a = systems[i];
      const b = systems[j];
      const indexB = new Map(b.keys.map((k, idx) => [k, idx]));
      const d: number[] = [];
      a.keys.forEach((key, ia) => {
        const ib = indexB.get(key);
        if (ib !== undefined && !Number.isNaN(a.cap[ia]) && !Number.isNaN(b.cap[ib])) d.push(a.cap[ia] - b.cap[ib]);
      });
      if (d.length === 0) {
        notes.push(`${a.name} and ${b.name} share no scored question (joined on ${a.keyColumn}).`);
        differences.push({
          system: a.name,
          other: b.name,
          shared: 0,
          meanDifference: null,
          ciLow: null,
          ciHigh: null,
          pSystemNotBetter: null,
        });
        continue;
      }
      const diffs = Float64Array.from(d);
      let notBetter = 0;
      const rng = new Xoshiro128(seed, 100_000 + i * systems.length + j);
      const means = new Float64Array(resamples);
      for (let r = 0; r < resamples; r++) {
        let sum = 0;
        for (let k = 0; k < diffs.length; k++) sum += diffs[rng.nextInt(diffs.length)];
        means[r] = sum / diffs.length;
        if (means[r] <= 0) notBetter++;
      }
      const ci = resamples > 0 ? percentileIntervalUnchecked(means, confidence) : { low: NaN, high: NaN };
      differences.push({
        system: a.name,
        other: b.name,
        shared: diffs.length,
        meanDifference: mean(diffs),
        ciLow: orNull(ci.low),
        ciHigh: orNull(ci.high),
        pSystemNotBetter: resamples > 0 ? notBetter / resamples : null,
      });
    }
  }
  return {
    systems: summaries,
    classMeans,
    classCounts,
    countsFrom,
    pairViolations,
    differences,
    resamples,
    seed,
    confidence,
    ordering,
    notes,
    warning: comparisonWarning(systems),
  };
}
