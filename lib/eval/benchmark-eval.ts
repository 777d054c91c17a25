/** Evaluation of the released benchmark: choosing rows and metric columns, then evaluateMetrics. */
import { RELEASED_METRICS } from "../constants.js";
import { capScores, type CapWeights } from "../cap/index.js";
import { releasedColumn, selectRows, type Benchmark, type LabelSource, type Selection, type SplitChoice } from "../data/benchmark.js";
import { evaluateMetrics, type Evaluation, type EvaluationOptions, type MetricColumn } from "./evaluate.js";

export interface BenchmarkEvaluationOptions extends EvaluationOptions {
  readonly split?: SplitChoice;
  readonly labels?: LabelSource;
  /** Restrict to the 1,638 human-labelled rows even under synthetic labels (Table 16). */
  readonly onlyHumanLabelled?: boolean;
  readonly metrics?: readonly string[];
  /** When given, CAP is recomputed from the released NLI probabilities with these weights. */
  readonly capWeights?: CapWeights;
}

export interface BenchmarkEvaluation extends Evaluation {
  readonly selection: Selection;
}

/** The released column of a metric, or CAP recomputed from the released probabilities. */
export function benchmarkMetricColumn(bench: Benchmark, name: string, rowIds: Int32Array, capWeights?: CapWeights): MetricColumn {
  if (name === "cap" && capWeights !== undefined) {
    const p = (f: string) => releasedColumn(bench, f, rowIds);
    const { cap } = capScores({ peForward: p("pe_f"), pnForward: p("pn_f"), peReverse: p("pe_r"), pnReverse: p("pn_r") }, capWeights);
    return { name, scores: cap, source: `recomputed from the released NLI probabilities (alpha=${capWeights.alpha}, lambda=${capWeights.lambda})` };
  }
  if (!bench.scores.metrics.includes(name)) {
    const hint = name === "comet" ? " (the authors did not release COMET scores)" : "";
    throw new Error(`metric "${name}" has no released scores${hint}; available: ${bench.scores.metrics.join(", ")}`);
  }
  return { name, scores: releasedColumn(bench, name, rowIds), source: "released" };
}

export async function evaluateBenchmark(bench: Benchmark, options: BenchmarkEvaluationOptions = {}): Promise<BenchmarkEvaluation> {
  const selection = selectRows(bench, options.split ?? "test", options.labels ?? "synthetic", { onlyHumanLabelled: options.onlyHumanLabelled });
  if (selection.rowIds.length === 0) throw new Error(`no rows to evaluate for split ${selection.split} with ${selection.labels} labels`);
  const names = options.metrics ?? RELEASED_METRICS;
  const columns = names.map((name) => benchmarkMetricColumn(bench, name, selection.rowIds, options.capWeights));
  const evaluation = await evaluateMetrics(selection.classes, columns, options);
  return { ...evaluation, selection };
}
