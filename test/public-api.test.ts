/**
 * The root export is a curated list (lib/index.ts): this snapshot changes only when someone means
 * to change what "capqa" offers. Every folder's subpath ("capqa/<dir>", plus "capqa/constants"
 * and "capqa/paper") resolves through package.json's exports, and everything capqa's CLI uses
 * (lib/all.ts) is reachable from the root or a subpath.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { resolve } from "node:path";

const ROOT = [
  "CLASSES",
  "DATA_FILES",
  "DEFAULT_ALPHA",
  "DEFAULT_BOOTSTRAP_RESAMPLES",
  "DEFAULT_CONFIDENCE",
  "DEFAULT_LAMBDA",
  "DEFAULT_SEED",
  "DEFINITIONS",
  "DEMO_NLI_MODEL_DIR",
  "DataError",
  "HARD_PAIRS",
  "NliCache",
  "PAPER_NLI_MODEL",
  "PAPER_NLI_REVISION",
  "PAPER_ORDERING",
  "PAPER_WEIGHTS",
  "RELEASED_METRICS",
  "SHORT_NAMES",
  "Xoshiro128",
  "applyScorer",
  "benchmarkFrame",
  "bestPoint",
  "bleuMulti",
  "bleuPair",
  "bootstrapOrdinal",
  "buildExplorerPage",
  "builtinGenerator",
  "calibrateCap",
  "capScore",
  "capScores",
  "classLabel",
  "classificationReport",
  "cohenKappa",
  "compareSystems",
  "comparisonMarkdown",
  "createCapScorer",
  "defineOrdering",
  "describe",
  "evaluateBenchmark",
  "evaluateLabelledFile",
  "evaluateMetrics",
  "evaluateScores",
  "evaluationMarkdown",
  "exploreDataFromBenchmark",
  "exportFigures",
  "fetchData",
  "figureCatalogue",
  "figureToHtml",
  "findChromium",
  "fitScorer",
  "fitThresholds",
  "importReleasedProbabilities",
  "isHardPair",
  "kendallTauB",
  "labelAgreement",
  "listMetrics",
  "loadBenchmark",
  "loadBertScorer",
  "loadCometEstimator",
  "loadNliEngine",
  "loadStatementGenerator",
  "loadStatementItems",
  "loadTransformersNli",
  "markdownTable",
  "mean",
  "meteorMulti",
  "meteorPair",
  "metric",
  "orderedPairs",
  "pairedDifference",
  "pairwiseAccuracy",
  "paper",
  "paperName",
  "parseClass",
  "parseCsv",
  "parseOrdering",
  "pearson",
  "percentileInterval",
  "predictLevels",
  "readMetricScores",
  "readSystem",
  "reformulate",
  "registerMetric",
  "releasedColumn",
  "reproducePaper",
  "resolveCacheDir",
  "resolveDataDir",
  "rougeLMulti",
  "rougeLPair",
  "runCalibration",
  "scoreAnswers",
  "scoreFile",
  "scoreStatements",
  "selectRows",
  "spearman",
  "sweepCap",
  "tableFrame",
  "toCsv",
  "tryParseClass",
  "unitGrid",
  "verifyData",
  "writeComparison",
  "writeEvaluation",
];

test("the root export is the curated list", async () => {
  const root = await import("capqa");
  assert.deepEqual(Object.keys(root).sort(), ROOT);
});

test("every folder's subpath resolves, constants and paper too; all of lib/all.ts is reachable from the root or a subpath", async () => {
  const dirs = readdirSync(resolve("dist/lib")).filter((d) => existsSync(resolve("dist/lib", d, "index.js")));
  const reachable = new Set<string>(Object.keys(await import("capqa")));
  for (const d of dirs) {
    const mod = await import(`capqa/${d}`);
    assert.ok(Object.keys(mod).length > 0, `capqa/${d} exports nothing`);
    for (const k of Object.keys(mod)) reachable.add(k);
  }
  const constants = await import("capqa/constants");
  assert.equal(constants.DEFAULT_ALPHA, 0.85);
  for (const k of Object.keys(constants)) reachable.add(k);
  const paper = await import("capqa/paper");
  assert.ok(Object.keys(paper).length > 0);
  const all = await import("../lib/all.js");
  const unreachable = Object.keys(all).filter((k) => k !== "paper" && !reachable.has(k));
  assert.deepEqual(unreachable, [], "names only lib/all.ts offers");
});
