/**
 * The measurements behind the docs' numbers, each taken once and only when a page asks for it:
 * the released data, the reproduction (point estimates; with --full the 10,000-resample
 * intervals too), the baselines computed live, the sweep, the calibration, the learned scorer,
 * CAP-Statements and the statement fixtures, and a few files of the checkout.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_SEED, RELEASED_METRICS } from "../../lib/constants.js";
import { benchmarkMetricColumn, loadBenchmark, loadResultsJson, releasedColumn, selectRows, type Benchmark } from "../../lib/data/index.js";
import { capScore } from "../../lib/cap/index.js";
import { DATA_FILES } from "../../lib/constants.js";
import {
  evaluateBenchmark,
  evaluateMetrics,
  liveMetricColumn,
  reproducePaper,
  type Evaluation,
  type Reproduction,
} from "../../lib/eval/index.js";
import { baselineParity, type BaselineParity } from "../../lib/baselines/index.js";
import { computeSweep, type SweepResult } from "../../lib/sweep/index.js";
import {
  classificationIntervals,
  classificationReport,
  runCalibration,
  type CalibrationRun,
  type ClassificationIntervals,
} from "../../lib/calibrate/index.js";
import { applyScorer, benchmarkScorerInputs, fitScorer } from "../../lib/learned-scorer/index.js";
import { CLASSES } from "../../lib/taxonomy/index.js";
import { benchmarkExplorer } from "../../lib/explore/benchmark.js";
import { buildExplorerPage } from "../../lib/explore/page.js";
import { loadStatementItems, type StatementItem } from "../../lib/statements/dataset.js";
import { loadReferenceStatements, type ReferenceStatement } from "../../lib/statements/reference-set.js";
import { loadFlagLabels } from "../../lib/statements/flag-labels.js";

/** A value computed on first use and kept. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** Where the measurements read from. */
export interface MeasureSources {
  /** The checkout: fixtures, notebooks, models, node_modules. */
  readonly repo: string;
  /** The released CAP-Correctness folder. */
  readonly dataDir: string;
  /** The CAP-Statements folder. */
  readonly statementsDir: string;
  /** Also the numbers of 10,000 bootstrap resamples (about a minute on 2 cores), not only point estimates. */
  readonly full: boolean;
}

/** The scorer of `capqa scorers fit` (validation) evaluated on the test split as `capqa scorers evaluate` does. */
export interface ScorerMeasurement {
  readonly fittedOn: number;
  readonly evaluation: Evaluation;
  readonly accuracy: number;
  readonly accuracyInterval?: ClassificationIntervals;
}

export class Measurements {
  constructor(readonly sources: MeasureSources) {}

  /** The bootstrap resamples of the numbers the docs give with intervals (0 without --full: no interval). */
  get resamples(): number {
    return this.sources.full ? DEFAULT_BOOTSTRAP_RESAMPLES : 0;
  }

  readonly bench = once((): Benchmark => loadBenchmark(this.sources.dataDir));

  /** `capqa reproduce` (tables beside the paper, the check against results.json). */
  readonly reproduction = once(
    (): Promise<Reproduction> =>
      reproducePaper(this.bench(), loadResultsJson(join(this.sources.dataDir, DATA_FILES.results)), {
        resamples: this.resamples,
        seed: DEFAULT_SEED,
      }),
  );

  /** The five released metrics on the test split with BLEU, ROUGE-L and METEOR computed live, at 10 decimals and at full precision. */
  readonly live = once(async (): Promise<{ rounded: Evaluation; full: Evaluation }> => {
    const bench = this.bench();
    const sel = selectRows(bench, "test");
    const columns = await Promise.all(
      RELEASED_METRICS.map((m) =>
        ["bleu", "rouge_l", "meteor"].includes(m)
          ? liveMetricColumn(bench, m, sel.rowIds)
          : Promise.resolve(benchmarkMetricColumn(bench, m, sel.rowIds)),
      ),
    );
    const evaluate = (scoreDecimals?: null) =>
      evaluateMetrics(sel.classes, columns, { resamples: 0, ...(scoreDecimals === null ? { scoreDecimals } : {}) });
    return { rounded: await evaluate(), full: await evaluate(null) };
  });

  /** `capqa baselines parity`. */
  readonly parity = once((): BaselineParity => baselineParity(this.bench()));

  /** `capqa sweep --split validation`: the grid and Table 12 (no bootstrap). */
  readonly sweep = once((): SweepResult => computeSweep(this.bench()));

  /** CAP at the sweep's best and at the paper's point on the test split (intervals with --full). */
  readonly sweepTest = once(async () => {
    const { best, paperPoint } = this.sweep();
    const at = (alpha: number, lambda: number) =>
      evaluateBenchmark(this.bench(), {
        split: "test",
        metrics: ["cap"],
        capWeights: { alpha, lambda },
        resamples: this.resamples,
        seed: DEFAULT_SEED,
      });
    return { best: await at(best.alpha, best.lambda), paper: await at(paperPoint.alpha, paperPoint.lambda) };
  });

  /** `capqa calibrate` for severity levels and for the eight classes, at the 2,000 resamples docs/calibration.md shows. */
  readonly calibration = once((): { severity: CalibrationRun; classes: CalibrationRun } => ({
    severity: runCalibration(this.bench(), { levels: "severity", resamples: 2000, seed: DEFAULT_SEED }),
    classes: runCalibration(this.bench(), { levels: "classes", resamples: 2000, seed: DEFAULT_SEED }),
  }));

  /** `capqa scorers fit`, then `capqa scorers evaluate` on the test split. */
  readonly scorer = once(async (): Promise<ScorerMeasurement> => {
    const bench = this.bench();
    const fit = selectRows(bench, "validation");
    const scorer = fitScorer(benchmarkScorerInputs(bench, fit.rowIds), fit.classes, { split: "validation", dataDir: bench.dir });
    const test = selectRows(bench, "test");
    const applied = applyScorer(scorer, benchmarkScorerInputs(bench, test.rowIds));
    const evaluation = await evaluateMetrics(
      test.classes,
      [
        { name: scorer.name, scores: applied.score, source: "scorer" },
        { name: "cap", scores: releasedColumn(bench, "cap", test.rowIds), source: "released" },
      ],
      { resamples: this.resamples, seed: DEFAULT_SEED, reference: scorer.name },
    );
    const accuracy = classificationReport(test.classes, applied.predicted, [...CLASSES]).accuracy;
    const accuracyInterval = this.sources.full
      ? classificationIntervals(test.classes, applied.predicted, CLASSES.length, this.resamples, DEFAULT_SEED)
      : undefined;
    return { fittedOn: fit.rowIds.length, evaluation, accuracy, accuracyInterval };
  });

  /**
   * The largest |CAP from the released probabilities − the released cap| over the released rows, and the most significant digits a released
   * cap has.
   */
  readonly releasedCap = once(() => {
    const { scores } = this.bench();
    const p = scores.probabilities;
    const cap = scores.values.cap;
    let maxDiff = 0;
    let digits = 0;
    for (let i = 0; i < scores.rowIds.length; i++) {
      maxDiff = Math.max(maxDiff, Math.abs(capScore(p.pe_f[i], p.pn_f[i], p.pe_r[i], p.pn_r[i]) - cap[i]));
      digits = Math.max(digits, significantDigits(cap[i]));
    }
    return { maxDiff, digits };
  });

  /** The explorer page `capqa explore` writes, in bytes. */
  readonly explorerBytes = once(() => {
    const page = benchmarkExplorer(this.bench());
    return Buffer.byteLength(buildExplorerPage(page.data, page.options));
  });

  /** CAP-Statements items of a split. */
  readonly statementItems = (split: "train" | "validation"): StatementItem[] => this.statementSplits()[split];
  private readonly statementSplits = once(() => ({
    train: loadStatementItems(this.sources.statementsDir, "train").items,
    validation: loadStatementItems(this.sources.statementsDir, "validation").items,
  }));

  /** A statement development set of test/fixtures/statements. */
  readonly statementSet = (file: string): ReferenceStatement[] =>
    loadReferenceStatements(join(this.sources.repo, "test/fixtures/statements", file)).items;
  /** A batch of hand-labelled statements (flags.csv, flags-2.csv, …). */
  readonly flagLabels = (file: string) => loadFlagLabels(join(this.sources.repo, "test/fixtures/statements", file)).items;

  /** Notebooks in notebooks/. */
  readonly notebooks = once(() => readdirSync(join(this.sources.repo, "notebooks")).filter((f) => f.endsWith(".ipynb")).length);

  /** Bytes of a file, or of every file under a folder, of the checkout. */
  readonly bytes = (path: string): number => folderBytes(join(this.sources.repo, path));
}

function folderBytes(path: string): number {
  if (!existsSync(path)) throw new Error(`${path} is not there`);
  const s = statSync(path);
  return s.isDirectory() ? readdirSync(path).reduce((sum, f) => sum + folderBytes(join(path, f)), 0) : s.size;
}

/** Significant digits of a number as JavaScript writes it shortest (0.0073781544 and 3.01288e-05 have 8 and 6). */
function significantDigits(x: number): number {
  return String(x)
    .split("e")[0]
    .replace(/^[-0.]+/, "")
    .replace(".", "").length;
}
