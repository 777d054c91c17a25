/**
 * Metric columns of the released benchmark: a metric's released scores, or CAP recomputed from
 * the released NLI probabilities at other weights. Evaluation, calibration and the figures read
 * them from here.
 */
import { COMET_EXPORT_COMMAND, PAPER_COMET_MODEL } from "../constants.js";
import { capScores, type CapWeights } from "../cap/index.js";
import { releasedColumn, type Benchmark } from "./benchmark.js";

/** One metric's scores over rows, and where they came from. */
export interface MetricColumn {
  readonly name: string;
  readonly scores: Float64Array;
  /** Where the scores came from (e.g. "released", "recomputed from released NLI probabilities"). */
  readonly source?: string;
}

/** Why there is no COMET column, and the command that adds one. */
export function cometUnavailable(): string {
  return [
    `COMET is unavailable: the authors released no COMET scores and capqa does not invent them; it computes COMET (${PAPER_COMET_MODEL}) from an exported model folder.`,
    `On a machine with Python, run \`pip install "unbabel-comet>=2" onnx\` and then \`${COMET_EXPORT_COMMAND}\` (downloads the checkpoint, about 2.3 GB, and writes ONNX files and comet.json);`,
    'copy models/wmt22-comet-da here and load it with loadCometEstimator({ model: "models/wmt22-comet-da" }).',
  ].join(" ");
}

/** The released column of a metric, or CAP recomputed from the released probabilities. */
export function benchmarkMetricColumn(bench: Benchmark, name: string, rowIds: Int32Array, capWeights?: CapWeights): MetricColumn {
  if (name === "cap" && capWeights !== undefined) {
    const p = (f: string) => releasedColumn(bench, f, rowIds);
    const { cap } = capScores({ peForward: p("pe_f"), pnForward: p("pn_f"), peReverse: p("pe_r"), pnReverse: p("pn_r") }, capWeights);
    return {
      name,
      scores: cap,
      source: `recomputed from the released NLI probabilities (alpha=${capWeights.alpha}, lambda=${capWeights.lambda})`,
    };
  }
  if (!bench.scores.metrics.includes(name)) {
    const hint = name === "comet" ? ` (the authors did not release COMET scores). ${cometUnavailable()}` : "";
    throw new Error(`metric "${name}" has no released scores${hint}; available: ${bench.scores.metrics.join(", ")}`);
  }
  return { name, scores: releasedColumn(bench, name, rowIds), source: "released" };
}
