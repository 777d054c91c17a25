/**
 * Agreement of an evaluation with the authors' results.json, field by field: point estimates
 * (which must agree to rounding) apart from bootstrap quantities (intervals, mean paired
 * differences and bootstrap p-values, which agree only statistically: another generator).
 */
import type { ReleasedResults } from "../data/types.js";
import type { EvaluationTables, TableRow } from "./evaluate.js";

const KEYS: Record<string, string[]> = {
  correlations: ["metric"],
  descriptives: ["metric", "label"],
  class_pairs: ["metric", "better", "worse"],
  monotonicity: ["metric"],
  paired_differences: ["reference", "metric", "statistic"],
};

/** Fields whose value depends on the bootstrap draws. */
export function isBootstrapField(table: string, field: string): boolean {
  return /_ci_(low|high)$/.test(field) || (table === "paired_differences" && field !== "reference");
}

export interface FieldComparison {
  readonly table: string;
  readonly field: string;
  readonly kind: "point" | "bootstrap";
  readonly compared: number;
  readonly maxAbsDiff: number;
  /** Key of the row with the largest difference. */
  readonly worst: string;
}

export interface ReleasedComparison {
  readonly fields: FieldComparison[];
  /** Rows of results.json with no counterpart here, and the reverse. */
  readonly missingHere: string[];
  readonly missingThere: string[];
  /** Largest differences over point and over bootstrap fields. */
  readonly maxPointDiff: number;
  readonly maxBootstrapDiff: number;
}

export function compareWithReleased(
  tables: EvaluationTables,
  released: ReleasedResults,
  options: { metrics?: readonly string[] } = {},
): ReleasedComparison {
  const fields = new Map<string, { table: string; field: string; compared: number; maxAbsDiff: number; worst: string }>();
  const missingHere: string[] = [];
  const missingThere: string[] = [];
  const wanted = (row: Record<string, unknown>) => options.metrics === undefined || options.metrics.includes(String(row.metric));
  for (const [table, keyFields] of Object.entries(KEYS)) {
    const key = (r: Record<string, unknown>) => `${table}[${keyFields.map((k) => String(r[k])).join(",")}]`;
    const ours = new Map<string, TableRow>();
    for (const r of (tables as Record<string, TableRow[]>)[table]) if (wanted(r)) ours.set(key(r), r);
    const theirs = (released as unknown as Record<string, Record<string, unknown>[]>)[table].filter(wanted);
    const seen = new Set<string>();
    for (const t of theirs) {
      const k = key(t);
      const o = ours.get(k);
      if (o === undefined) {
        missingHere.push(k);
        continue;
      }
      seen.add(k);
      for (const [field, value] of Object.entries(t)) {
        if (typeof value !== "number" && typeof value !== "boolean") continue;
        const mine = o[field];
        const a = typeof value === "boolean" ? Number(value) : value;
        const b = typeof mine === "boolean" ? Number(mine) : typeof mine === "number" ? mine : NaN;
        const diff = Math.abs(a - b);
        const id = `${table}.${field}`;
        const f = fields.get(id) ?? { table, field, compared: 0, maxAbsDiff: 0, worst: "" };
        f.compared++;
        if (!(diff <= f.maxAbsDiff)) {
          f.maxAbsDiff = Number.isNaN(diff) ? Infinity : diff;
          f.worst = k;
        }
        fields.set(id, f);
      }
    }
    for (const k of ours.keys()) if (!seen.has(k)) missingThere.push(k);
  }
  const list: FieldComparison[] = [...fields.values()].map((f) => ({
    ...f,
    kind: isBootstrapField(f.table, f.field) ? "bootstrap" : "point",
  }));
  const max = (kind: string) => Math.max(0, ...list.filter((f) => f.kind === kind).map((f) => f.maxAbsDiff));
  return { fields: list, missingHere, missingThere, maxPointDiff: max("point"), maxBootstrapDiff: max("bootstrap") };
}
