/**
 * One object for notebooks and scripts: a CAP scorer that holds the NLI model, its cache and a
 * statement generator, scores as many batches as asked, and is disposed once (in the spirit of
 * transformers.js's `pipeline()`). Nothing is loaded when it is created: the model is loaded on
 * the first pair the cache does not hold, the generator on the first answers, and both are kept.
 * Scoring goes through `scoreAnswers` / `scoreStatements`, so the rows (CapRow) and numbers are theirs to the bit.
 * A result's `warning` says when the model is capqa's demo model (models/demo-nli, random
 * weights), whose scores mean nothing; it is null for any other model.
 *
 * @example
 * import { createCapScorer } from "capqa";
 * const cap = await createCapScorer({ model: "cross-encoder/nli-deberta-v3-large", cache: "~/.cache/capqa" });
 * const { rows, mean } = await cap.score({
 *   questions: ["What travels through the stem of a plant?"],
 *   golds: ["water"],
 *   answers: ["Water and minerals."],
 * });
 * console.log(mean, rows[0].cap, rows[0].hypothesis);
 * await cap.dispose();
 */
import { meanOfScored } from "../stats/descriptives.js";
import { homedir } from "node:os";
import { DEFAULT_ALPHA, DEFAULT_LAMBDA } from "../constants.js";
import { checkWeights } from "../cap/index.js";
import { NliCache } from "../nli/cache.js";
import type { NliEngine } from "../nli/engine.js";
import { loadNliEngineOf, nliModelKeyOf, type NliEngineOptions } from "../nli/load-engine.js";
import { resolveNliModelSpec, type NliModelSpec } from "../nli/model-spec.js";
import {
  builtinGenerator,
  loadStatementGenerator,
  type GeneratedStatement,
  type StatementGeneratorEngine,
} from "../statements/generator.js";
import type { CapRow } from "./pair-score.js";
import { scoreAnswersOf, scoreStatementsOf, type ScoreOptions, type ScoreReport, type StatementGenerator } from "./score.js";
export type { CapRow } from "./pair-score.js";

export interface CapScorerOptions extends NliEngineOptions {
  /** CAP's forward (gold → candidate) weight α; default DEFAULT_ALPHA (0.85). */
  readonly alpha?: number;
  /** CAP's neutral-class weight λ; default DEFAULT_LAMBDA (0.3). */
  readonly lambda?: number;
  /**
   * The NLI cache: an open NliCache (the caller closes it), a folder (opened here and closed by
   * `dispose()`; a leading "~/" is the home folder), or null / absent for none (nothing persists).
   * `resolveCacheDir()` gives the folder the CLI uses.
   */
  readonly cache?: NliCache | string | null;
  /**
   * How answers become statements: "builtin" (default, capqa's rules), a seq2seq model folder
   * (loaded on first use, with this scorer's device and log, and disposed by `dispose()`), or an
   * already loaded generator (the caller disposes it).
   */
  readonly generator?: string | StatementGeneratorEngine;
  /** A function from (question, answer) to a statement; when given, it replaces `generator`. */
  readonly statements?: StatementGenerator;
  /** An already loaded NLI engine to use instead of loading one (the caller disposes it). */
  readonly engine?: NliEngine;
  /** Pairs computed per cache transaction (scoreStatements' chunkSize). */
  readonly chunkSize?: number;
}

/** Per call: progress of the NLI pairs (done, total). */
export interface CapCallOptions {
  readonly onProgress?: (done: number, total: number) => void;
}

/** An answer row: the texts it came from, and whether a generated statement is in doubt. */
export interface CapAnswerRow extends CapRow {
  readonly question: string;
  /** The gold answer, or the row's list of gold answers (then `premise` is the winning gold's statement). */
  readonly gold: string | readonly string[];
  readonly answer: string;
  /** True when the gold or the candidate statement was flagged by its generator (`capqa statements review`). */
  readonly flagged: boolean;
}

export interface CapStatementsResult<R extends CapRow = CapRow> {
  readonly rows: R[];
  /** CAP of every row, NaN where the row is not scored. */
  readonly scores: Float64Array;
  /** Mean CAP over the scored rows (NaN when none is). */
  readonly mean: number;
  /** DEMO_NLI_MODEL_WARNING when the scorer's model is capqa's demo model (its scores mean nothing), else null; as `report.warning`. */
  readonly warning: string | null;
  readonly report: ScoreReport;
}

export interface CapAnswersResult extends CapStatementsResult<CapAnswerRow> {
  /** The generator that made the statements ("builtin", a model folder, or "custom function"). */
  readonly generator: string;
  /** Statements some rule had to guess, or ill-formed ones (gold and candidate sides together). */
  readonly flaggedStatements: number;
  /** The generated statements with their rule and doubts; null for an empty answer. */
  readonly premiseDetails: (GeneratedStatement | null)[];
  readonly hypothesisDetails: (GeneratedStatement | null)[];
  /** When some row has a list of golds: the 0-based index of the gold whose CAP is the row's (first on a tie), null when not scored. */
  readonly bestGold?: (number | null)[];
  /** When some row has a list of golds: CAP against each of its golds, in order (null where not scored). */
  readonly goldCaps?: (number | null)[][];
}

export interface CapScorer {
  /** CAP's weights, as given or defaulted. */
  readonly alpha: number;
  readonly lambda: number;
  /** The cache scored through (null for none). */
  readonly cache: NliCache | null;
  /** The NLI engine once loaded (or given), else null. */
  readonly engine: NliEngine | null;
  /** How many times this scorer has loaded an NLI model: 0 before one was needed, then 1. */
  readonly loads: number;
  readonly disposed: boolean;
  /**
   * CAP of candidate answers against gold answers to the same questions: each (question, answer)
   * becomes a statement with the scorer's generator, then both NLI directions go through the
   * cache and the model (`scoreAnswers`). A row's gold may be a list of golds: its CAP is then
   * the best over them (`bestGold` says which).
   */
  score(
    input: {
      readonly questions: readonly string[];
      readonly golds: readonly (string | readonly string[])[];
      readonly answers: readonly string[];
    },
    options?: CapCallOptions,
  ): Promise<CapAnswersResult>;
  /** CAP of gold statements (premises) against candidate statements (hypotheses), row by row (`scoreStatements`). */
  scoreStatements(
    input: { readonly premises: readonly string[]; readonly hypotheses: readonly string[] },
    options?: CapCallOptions,
  ): Promise<CapStatementsResult>;
  /** Loads the NLI model now (scoring loads it when first needed); throws what loading throws. */
  load(): Promise<NliEngine>;
  /**
   * Waits for calls in flight, then releases what this scorer loaded or opened: the model, a
   * seq2seq generator, a cache opened from a folder. Idempotent; any later call is an error.
   */
  dispose(): Promise<void>;
}

function summary(rows: readonly CapRow[]): { scores: Float64Array; mean: number } {
  const scores = Float64Array.from(rows, (r) => r.cap ?? NaN);
  return { scores, mean: meanOfScored(scores) };
}

function expandHome(path: string): string {
  return path === "~" ? homedir() : path.startsWith("~/") ? homedir() + path.slice(1) : path;
}

/**
 * Creates a CAP scorer. Validates α and λ and opens the cache folder at once; loads nothing else
 * until it is needed.
 *
 * @example
 * const cap = await createCapScorer({ model: "models/nli-deberta-v3-large", dtype: "fp16", device: "cuda", cache: null });
 * const a = await cap.score({ questions: ["What is the sun?"], golds: ["a star"], answers: ["The sun is a star."] });
 * const b = await cap.scoreStatements({ premises: ["The sun is a star."], hypotheses: ["The sun is hot."] });
 * console.log(a.rows[0].cap, b.rows[0].cap, cap.loads); // the model was loaded once
 * await cap.dispose();
 */
export async function createCapScorer(options: CapScorerOptions = {}): Promise<CapScorer> {
  const {
    cache: cacheOption,
    generator: generatorOption,
    statements,
    engine: givenEngine,
    chunkSize,
    alpha: alphaOption,
    lambda: lambdaOption,
    ...nli
  } = options;
  const alpha = alphaOption ?? DEFAULT_ALPHA;
  const lambda = lambdaOption ?? DEFAULT_LAMBDA;
  checkWeights({ alpha, lambda });
  if (cacheOption !== undefined && cacheOption !== null && typeof cacheOption !== "string" && !(cacheOption instanceof NliCache)) {
    throw new TypeError("cache must be an NliCache, a folder path, or null for none");
  }
  const ownsCache = typeof cacheOption === "string";
  const cache = typeof cacheOption === "string" ? NliCache.open(expandHome(cacheOption)) : (cacheOption ?? null);

  let engine: NliEngine | null = givenEngine ?? null;
  let engineLoading: Promise<NliEngine> | null = null;
  let loads = 0;
  let key: Promise<string> | null = null;
  // The model the options name, resolved once, when first needed (a scorer given an engine never needs it).
  let spec: NliModelSpec | undefined;
  const specOf = (): NliModelSpec => (spec ??= resolveNliModelSpec(nli));
  let generator: StatementGeneratorEngine | null =
    typeof generatorOption === "object"
      ? generatorOption
      : generatorOption === undefined || generatorOption === "builtin"
        ? builtinGenerator
        : null;
  let generatorLoading: Promise<StatementGeneratorEngine> | null = null;
  const ownsGenerator = typeof generatorOption === "string" && generatorOption !== "builtin";
  let disposed = false;
  const inFlight = new Set<Promise<unknown>>();

  const loadEngine = (): Promise<NliEngine> => {
    if (engine) return Promise.resolve(engine);
    engineLoading ??= (async () => {
      loads++;
      const loaded = await loadNliEngineOf(specOf());
      if (disposed) {
        await loaded.dispose();
        throw new Error("this CapScorer was disposed while its model was loading");
      }
      engine = loaded;
      return loaded;
    })().finally(() => (engineLoading = null));
    return engineLoading;
  };
  const loadGenerator = (): Promise<StatementGeneratorEngine> => {
    if (generator) return Promise.resolve(generator);
    generatorLoading ??= loadStatementGenerator(generatorOption as string, {
      device: nli.device === "auto" ? "cpu" : nli.device,
      log: nli.log,
    })
      .then((g) => (generator = g))
      .finally(() => (generatorLoading = null));
    return generatorLoading;
  };
  /** scoreStatements' options: the loaded engine, or the model's spec, its cache key (computed once) and a loader. */
  const scoreOptions = async (call: CapCallOptions): Promise<{ options: ScoreOptions; spec?: NliModelSpec }> => {
    const base = { ...nli, alpha, lambda, cache, chunkSize, onProgress: call.onProgress };
    if (engine) return { options: { ...base, engine } };
    const resolved = specOf();
    key ??= nliModelKeyOf(resolved).catch((err) => {
      key = null;
      throw err;
    });
    return { options: { ...base, modelKey: await key, loadEngine }, spec: resolved };
  };
  const guard = <T>(what: string, run: () => Promise<T>): Promise<T> => {
    if (disposed)
      return Promise.reject(new Error(`CapScorer.${what}() was called after dispose(); create another scorer with createCapScorer()`));
    const p = run();
    inFlight.add(p);
    const forget = () => inFlight.delete(p);
    p.then(forget, forget);
    return p;
  };

  return {
    alpha,
    lambda,
    cache,
    get engine() {
      return engine;
    },
    get loads() {
      return loads;
    },
    get disposed() {
      return disposed;
    },
    score(input, call = {}) {
      return guard("score", async () => {
        const { questions, golds, answers } = input ?? ({} as never);
        if (!Array.isArray(questions) || !Array.isArray(golds) || !Array.isArray(answers))
          throw new TypeError("score() takes { questions, golds, answers }, three arrays of strings");
        const generatorEngine = statements ? undefined : await loadGenerator();
        const { options: scoring, spec: resolved } = await scoreOptions(call);
        const r = await scoreAnswersOf(questions, golds, answers, { ...scoring, statements, generator: generatorEngine }, resolved);
        const rows: CapAnswerRow[] = r.rows.map((row, i) => ({
          ...row,
          question: questions[i],
          gold: golds[i],
          answer: answers[i],
          flagged: (r.premiseDetails[i]?.flagged ?? false) || (r.hypothesisDetails[i]?.flagged ?? false),
        }));
        const several =
          r.bestGold && r.goldScores ? { bestGold: r.bestGold, goldCaps: r.goldScores.map((list) => list.map((g) => g.cap)) } : {};
        return {
          rows,
          ...summary(rows),
          warning: r.report.warning,
          report: r.report,
          generator: r.generator,
          flaggedStatements: r.flaggedStatements,
          premiseDetails: r.premiseDetails,
          hypothesisDetails: r.hypothesisDetails,
          ...several,
        };
      });
    },
    scoreStatements(input, call = {}) {
      return guard("scoreStatements", async () => {
        const { premises, hypotheses } = input ?? ({} as never);
        const { options: scoring, spec: resolved } = await scoreOptions(call);
        const r = await scoreStatementsOf(premises, hypotheses, scoring, resolved);
        const rows = r.rows;
        return { rows, ...summary(rows), warning: r.report.warning, report: r.report };
      });
    },
    load() {
      return guard("load", loadEngine);
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      await Promise.allSettled([...inFlight]);
      const errors: unknown[] = [];
      const attempt = async (release: () => unknown) => {
        try {
          await release();
        } catch (err) {
          errors.push(err);
        }
      };
      if (engine && engine !== givenEngine) await attempt(() => engine!.dispose());
      if (ownsGenerator && generator) await attempt(() => generator!.dispose());
      if (ownsCache && cache) await attempt(() => cache.close());
      engine = null;
      if (errors.length > 0) throw new AggregateError(errors, `CapScorer.dispose(): ${errors.map((e) => (e as Error).message).join("; ")}`);
    },
  };
}
