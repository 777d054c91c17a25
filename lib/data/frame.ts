/**
 * DataFrame views of the benchmark for notebooks (danfojs). danfojs-node is optional
 * (lib/optional.ts) and loaded on first use, so the CLI and the statistics never pay for it;
 * without it a view fails with one line saying how to install it (`npx capqa setup dataframes`).
 */
import { loadOptional } from "../optional.js";
import type { Benchmark } from "./benchmark.js";

type Danfo = typeof import("danfojs-node");
let danfo: Danfo | undefined;

async function loadDanfo(): Promise<Danfo> {
  danfo ??= await loadOptional<Danfo>("danfojs-node", "a DataFrame view");
  return danfo;
}

/** Plain column-oriented records of the benchmark: one entry per CSV row. */
export function benchmarkColumns(bench: Benchmark): Record<string, (string | number | null)[]> {
  const cols: Record<string, (string | number | null)[]> = {
    row_id: [],
    split: [],
    dataset: [],
    question: [],
    gold_answer: [],
    answer: [],
    label: [],
    manual_label: [],
  };
  for (const m of bench.scores.metrics) cols[m] = [];
  for (const row of bench.rows) {
    cols.row_id.push(row.rowId);
    cols.split.push(bench.split[row.rowId]);
    cols.dataset.push(row.dataset);
    cols.question.push(row.question);
    cols.gold_answer.push(row.goldAnswer);
    cols.answer.push(row.answer);
    cols.label.push(row.label);
    cols.manual_label.push(row.manualLabel);
    const k = bench.scoreIndex[row.rowId];
    for (const m of bench.scores.metrics) cols[m].push(k < 0 ? null : bench.scores.values[m][k]);
  }
  return cols;
}

/** The benchmark as a danfojs DataFrame (one row per CSV row; unscored rows hold null scores). */
export async function benchmarkFrame(bench: Benchmark) {
  const dfd = await loadDanfo();
  return new dfd.DataFrame(benchmarkColumns(bench));
}

/** Any table of row objects (e.g. an evaluation table) as a danfojs DataFrame. */
export async function tableFrame(rows: readonly Record<string, unknown>[]) {
  const dfd = await loadDanfo();
  return new dfd.DataFrame(rows as Record<string, unknown>[]);
}
