/** Evaluation of the released benchmark: choosing rows and metric columns, then evaluateMetrics. */
import { RELEASED_METRICS } from "../constants.js";
import type { CapWeights } from "../cap/index.js";
import { selectRows, type Benchmark, type LabelSource, type Selection, type SplitChoice } from "../data/benchmark.js";
import { evaluateMetrics, type Evaluation, type EvaluationOptions } from "./evaluate.js";
import { benchmarkMetricColumn, type MetricColumn } from "../data/metric-columns.js";
import { bleuPair, meteorPair, rougeLPair } from "../baselines/index.js";
import { squadExactMatch, squadF1 } from "../baselines/squad.js";
import { cometUnavailable } from "../data/metric-columns.js";
import { metricScoresFor, type MetricScores } from "../data/metric-scores.js";

export interface BenchmarkEvaluationOptions extends EvaluationOptions {
  readonly split?: SplitChoice;
  readonly labels?: LabelSource;
  /** Restrict to the 1,638 human-labelled rows even under synthetic labels (Table 16). */
  readonly onlyHumanLabelled?: boolean;
  readonly metrics?: readonly string[];
  /** When given, CAP is recomputed from the released NLI probabilities with these weights. */
  readonly capWeights?: CapWeights;
  /** Metrics computed live by capqa's own implementations instead of read from the release. */
  readonly live?: readonly string[];
  /** Local model folders for live BERTScore and COMET. */
  readonly bertscoreModel?: string;
  readonly cometModel?: string;
  /**
   * The user's own metrics (readMetricScores): their names may appear in `metrics`; without
   * `metrics`, every released metric and then every metric of the file are evaluated.
   */
  readonly scores?: MetricScores;
}

/** Lexical baselines computed by capqa from the answer texts (gold answer as reference), SQuAD v1.1 EM and F1 among them. */
export const LIVE_TEXT_METRICS: Record<string, (gold: string, candidate: string) => number> = {
  bleu: bleuPair,
  rouge_l: rougeLPair,
  meteor: meteorPair,
  squad_em: squadExactMatch,
  squad_f1: squadF1,
};

/** A metric column computed live for the selected rows. */
export async function liveMetricColumn(
  bench: Benchmark,
  name: string,
  rowIds: Int32Array,
  options: { bertscoreModel?: string; cometModel?: string } = {},
): Promise<MetricColumn> {
  const rows = Array.from(rowIds, (id) => bench.rows[id]);
  const text = LIVE_TEXT_METRICS[name];
  if (text) return { name, scores: Float64Array.from(rows, (r) => text(r.goldAnswer, r.answer)), source: "computed live by capqa" };
  if (name === "bertscore") {
    if (!options.bertscoreModel)
      throw new Error(
        "live BERTScore needs a model folder (the `bertscoreModel` option; export roberta-large truncated at layer 17 with scripts/export/export_bertscore.py); without it, use the released values (leave bertscore out of the `live` option)",
      );
    const { loadBertScorer } = await import("../baselines/bertscore.js");
    const scorer = await loadBertScorer({ model: options.bertscoreModel });
    const { f1 } = await scorer.score(
      rows.map((r) => r.goldAnswer),
      rows.map((r) => r.answer),
    );
    await scorer.dispose();
    return { name, scores: f1, source: `computed live by capqa (BERTScore F1, ${options.bertscoreModel})` };
  }
  if (name === "comet") {
    if (!options.cometModel) throw new Error(cometUnavailable());
    const { loadCometEstimator } = await import("../baselines/comet.js");
    const est = await loadCometEstimator({ model: options.cometModel });
    const scores = await est.score(
      rows.map((r) => r.question),
      rows.map((r) => r.answer),
      rows.map((r) => r.goldAnswer),
    );
    await est.dispose();
    return { name, scores, source: `computed live by capqa (COMET, ${options.cometModel})` };
  }
  throw new Error(
    `capqa cannot compute "${name}" live; it computes ${[...Object.keys(LIVE_TEXT_METRICS), "bertscore", "comet"].join(", ")}`,
  );
}

export interface BenchmarkEvaluation extends Evaluation {
  readonly selection: Selection;
}

/**
 * `capqa evaluate` as a library call: the metrics of the released data (or the user's own,
 * `scores`) against the taxonomy on a split, with bootstrap intervals, as typed rows.
 *
 * @example
 * const ev = await evaluateBenchmark(loadBenchmark(), { split: "test", metrics: ["cap", "bleu"], resamples: 1000 });
 * ev.tables.correlations; // one row per metric, as results.json
 */
export async function evaluateBenchmark(bench: Benchmark, options: BenchmarkEvaluationOptions = {}): Promise<BenchmarkEvaluation> {
  const selection = selectRows(bench, options.split ?? "test", options.labels ?? "synthetic", {
    onlyHumanLabelled: options.onlyHumanLabelled,
  });
  if (selection.rowIds.length === 0) throw new Error(`no rows to evaluate for split ${selection.split} with ${selection.labels} labels`);
  const names = options.metrics ?? [...RELEASED_METRICS, ...(options.scores?.names ?? [])];
  const live = new Set(options.live ?? []);
  const columns: MetricColumn[] = [];
  for (const name of names) {
    if (options.scores?.columns[name])
      columns.push({
        name,
        scores: metricScoresFor(options.scores, name, selection.rowIds),
        source: `from ${options.scores.file} (aligned by ${options.scores.alignment})`,
      });
    // A metric capqa computes from the texts and the release lacks (squad_em, squad_f1) is computed live.
    else if (live.has(name) || (LIVE_TEXT_METRICS[name] && !bench.scores.metrics.includes(name)))
      columns.push(await liveMetricColumn(bench, name, selection.rowIds, options));
    else columns.push(benchmarkMetricColumn(bench, name, selection.rowIds, options.capWeights));
  }
  const evaluation = await evaluateMetrics(selection.classes, columns, options);
  return { ...evaluation, selection };
}
