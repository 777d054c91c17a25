/**
 * What `capqa evaluate` (and `scorers evaluate`) print on the terminal: one aligned row per metric
 * with Spearman's ρ, Kendall's τ and pairwise accuracy, each with its bootstrap interval when
 * there is one, and the class pairs whose means are inverted (Table 14), within 100 columns.
 */
import type { EvaluationTables } from "../lib/eval/index.js";
import { alignedRows } from "./terminal.js";

const f4 = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x.toFixed(4) : "—");
const f3 = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x.toFixed(3) : "—");

/** "0.6038 [0.590, 0.617]", or "0.6038" without an interval. */
function withInterval(row: Record<string, unknown>, field: string): string {
  const low = row[`${field}_ci_low`];
  const high = row[`${field}_ci_high`];
  return typeof low === "number" && typeof high === "number" ? `${f4(row[field])} [${f3(low)}, ${f3(high)}]` : f4(row[field]);
}

/** The metrics' table, its columns padded to their widest cell; "violations" counts class pairs out of order. */
export function evaluationTable(tables: Pick<EvaluationTables, "correlations" | "monotonicity">): string {
  const violations = new Map(tables.monotonicity.map((m) => [m.metric, `${m.mean_violations} of ${m.class_pairs}`]));
  const header = ["metric", "Spearman ρ", "Kendall τ", "pairwise accuracy", "violations"];
  const rows = tables.correlations.map((r) => [
    String(r.metric),
    withInterval(r, "spearman"),
    withInterval(r, "kendall"),
    withInterval(r, "pairwise_accuracy"),
    violations.get(r.metric as string) ?? "—",
  ]);
  const intervals = tables.correlations.some((r) => typeof r.spearman_ci_low === "number");
  return [...alignedRows([header, ...rows]), ...(intervals ? ["[ ]: 95 % percentile bootstrap interval"] : [])].join("\n");
}
