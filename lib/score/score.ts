/**
 * Scoring statements and answers with CAP: both NLI directions of every pair through the
 * cache and the model, then D(g→p), D(p→g) and CAP. Every row comes back: scored, or marked
 * not scored with the reason; a number is never made up.
 */
import { DEFAULT_ALPHA, DEFAULT_LAMBDA } from "../constants.js";
import { capOfDirections, directionalOf } from "../cap/formula.js";
import { checkWeights } from "../cap/index.js";
import type { NliCache } from "../nli/cache.js";
import { cachedProbabilities } from "../nli/cached-run.js";
import { checkPairs, type NliEngine, type NliServerStats } from "../nli/engine.js";
import { argmaxLabel } from "../nli/labels.js";
import { demoWarningOf, resolveNliModelSpec, type NliModelSpec } from "../nli/model-spec.js";
import { demoModelWarning } from "../runtime/demo-model.js";
import { loadNliEngineOf, nliModelKeyOf, type NliEngineOptions } from "../nli/load-engine.js";
import {
  builtinGenerator,
  describeModelStatements,
  type GeneratedStatement,
  type StatementGeneratorEngine,
} from "../statements/generator.js";
import { bestOverGolds } from "./golds.js";
import type { CapRow } from "./pair-score.js";
export { SCORE_COLUMNS, type CapRow, type PairScore } from "./pair-score.js";

export interface ScoreOptions extends NliEngineOptions {
  readonly alpha?: number;
  readonly lambda?: number;
  /** The NLI cache; null scores without one (nothing persists, nothing resumes). */
  readonly cache?: NliCache | null;
  /** An already loaded engine (notebooks reuse one across calls); else one is loaded when needed. */
  readonly engine?: NliEngine;
  /** Loads the engine when a pair is missing from the cache (default: loadNliEngine with these options). */
  readonly loadEngine?: () => Promise<NliEngine>;
  /** The cache identity to look pairs up under, when the caller computed it once already. */
  readonly modelKey?: string;
  readonly chunkSize?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

/** What a scoring run says of its NLI work, in scoreStatements' report and scoreFile's. */
export interface NliWorkReport {
  readonly cacheHits: number;
  /** Pairs run through the model in this call. */
  readonly modelPairs: number;
  readonly truncatedPairs: number;
  readonly modelKey: string;
  readonly device: string | null;
  /** Inference servers: requests, retries, errors by kind and throughput; null in-process or when no pair was sent. */
  readonly server: NliServerReport | null;
}

export interface ScoreReport extends NliWorkReport {
  readonly rows: number;
  readonly scored: number;
  readonly notScored: { index: number; reason: string }[];
  /** Distinct directed statement pairs needed. */
  readonly uniquePairs: number;
  readonly modelError: string | null;
  /** Why some computed results were not stored in the cache (they are in the output all the same). */
  readonly cacheWriteError: string | null;
  /** DEMO_NLI_MODEL_WARNING when the model is capqa's demo model (random weights: the scores mean nothing); else null. */
  readonly warning: string | null;
  readonly seconds: number;
}

const NOT_SCORED = (reason: string, premise: string, hypothesis: string): CapRow => ({
  status: "not_scored",
  reason,
  cap: null,
  dForward: null,
  dReverse: null,
  peForward: null,
  pnForward: null,
  pcForward: null,
  peReverse: null,
  pnReverse: null,
  pcReverse: null,
  labelForward: null,
  labelReverse: null,
  premise,
  hypothesis,
});

/** What a run report says about the inference servers it used. */
export interface NliServerReport {
  readonly protocol: string;
  readonly urls: readonly string[];
  readonly requests: number;
  readonly pairs: number;
  readonly retries: number;
  readonly errors: Readonly<Record<string, number>>;
  /** Pairs answered per second of time with requests in flight. */
  readonly pairsPerSecond: number | null;
}

/** A copy of an engine's server counters, with throughput. */
export function snapshotServerStats(s: NliServerStats): NliServerReport {
  return {
    protocol: s.protocol,
    urls: [...s.urls],
    requests: s.requests,
    pairs: s.pairs,
    retries: s.retries,
    errors: { ...s.errors },
    pairsPerSecond: s.busyMs > 0 ? s.pairs / (s.busyMs / 1000) : null,
  };
}

/** The cache identity of the model options name, known without loading the model. */
export async function modelKeyFor(options: NliEngineOptions): Promise<string> {
  return nliModelKeyOf(resolveNliModelSpec(options));
}

/**
 * CAP of gold statements (premises) against candidate statements (hypotheses), row by row.
 * Forward = premise → hypothesis = gold → candidate, weighted α. Each row is a CapRow (camelCase,
 * with its two statements); scoreFile writes it under the snake_case SCORE_COLUMNS.
 *
 * @example
 * const { rows } = await scoreStatements(["The sun is a star."], ["The sun is a planet."], { model: "cross-encoder/nli-deberta-v3-large" });
 * rows[0].cap; // with D in each direction (dForward, dReverse) and the six probabilities, peForward … pcReverse
 */
export async function scoreStatements(
  premises: readonly string[],
  hypotheses: readonly string[],
  options: ScoreOptions = {},
): Promise<{ rows: CapRow[]; report: ScoreReport }> {
  return scoreStatementsOf(premises, hypotheses, options);
}

/**
 * scoreStatements with the model's spec resolved once by the caller (scoreFile, createCapScorer);
 * without one, it is resolved from `options` when no engine is given.
 */
export async function scoreStatementsOf(
  premises: readonly string[],
  hypotheses: readonly string[],
  options: ScoreOptions,
  given?: NliModelSpec,
): Promise<{ rows: CapRow[]; report: ScoreReport }> {
  const started = Date.now();
  checkPairs(premises, hypotheses);
  const alpha = options.alpha ?? DEFAULT_ALPHA;
  const lambda = options.lambda ?? DEFAULT_LAMBDA;
  checkWeights({ alpha, lambda });
  const n = premises.length;
  const rows: (CapRow | undefined)[] = new Array(n);
  // Distinct directed pairs: each row needs (gold → candidate) and (candidate → gold).
  const slot = new Map<string, number>();
  const ps: string[] = [];
  const hs: string[] = [];
  const pairOf = (a: string, b: string) => {
    const k = `${a}\u0000${b}`;
    let s = slot.get(k);
    if (s === undefined) {
      s = ps.length;
      slot.set(k, s);
      ps.push(a);
      hs.push(b);
    }
    return s;
  };
  const forward = new Int32Array(n).fill(-1);
  const reverse = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (premises[i].trim() === "") rows[i] = NOT_SCORED("empty gold statement (premise)", premises[i], hypotheses[i]);
    else if (hypotheses[i].trim() === "") rows[i] = NOT_SCORED("empty candidate statement (hypothesis)", premises[i], hypotheses[i]);
    else {
      forward[i] = pairOf(premises[i], hypotheses[i]);
      reverse[i] = pairOf(hypotheses[i], premises[i]);
    }
  }
  // An engine given is the model; otherwise the options name it, resolved once for the key, the loader and the warning.
  const spec = options.engine ? undefined : (given ?? resolveNliModelSpec(options));
  const key = options.engine?.modelKey ?? options.modelKey ?? (await nliModelKeyOf(spec!));
  let truncatedBefore = 0;
  const result = await cachedProbabilities(ps, hs, {
    cache: options.cache ?? null,
    modelKey: key,
    engine: async () => {
      const e = options.engine ?? (await (options.loadEngine ? options.loadEngine() : loadNliEngineOf(spec!)));
      truncatedBefore = e.stats.truncatedPairs; // an engine's counts run over its life; this call's are the difference
      return e;
    },
    chunkSize: options.chunkSize,
    onProgress: options.onProgress,
    log: options.log,
  });
  const p = result.probabilities;
  for (let i = 0; i < n; i++) {
    if (rows[i] !== undefined) continue;
    const f = forward[i];
    const r = reverse[i];
    const failure = result.failures.get(f) ?? result.failures.get(r);
    if (failure !== undefined || Number.isNaN(p[3 * f]) || Number.isNaN(p[3 * r])) {
      rows[i] = NOT_SCORED(failure ?? "no NLI probabilities for this pair", premises[i], hypotheses[i]);
      continue;
    }
    const dF = directionalOf(p[3 * f], p[3 * f + 1], lambda);
    const dR = directionalOf(p[3 * r], p[3 * r + 1], lambda);
    rows[i] = {
      status: "ok",
      reason: null,
      cap: capOfDirections(dF, dR, alpha),
      dForward: dF,
      dReverse: dR,
      peForward: p[3 * f],
      pnForward: p[3 * f + 1],
      pcForward: p[3 * f + 2],
      peReverse: p[3 * r],
      pnReverse: p[3 * r + 1],
      pcReverse: p[3 * r + 2],
      labelForward: argmaxLabel(p, 3 * f),
      labelReverse: argmaxLabel(p, 3 * r),
      premise: premises[i],
      hypothesis: hypotheses[i],
    };
  }
  const done = rows as CapRow[];
  const notScored = done.flatMap((r, index) => (r.status === "ok" ? [] : [{ index, reason: r.reason! }]));
  const engine = result.engine ?? options.engine;
  return {
    rows: done,
    report: {
      rows: n,
      scored: n - notScored.length,
      notScored,
      uniquePairs: ps.length,
      cacheHits: result.cacheHits,
      modelPairs: result.computed,
      truncatedPairs: result.engine ? result.engine.stats.truncatedPairs - truncatedBefore : 0,
      modelKey: engine?.modelKey ?? key,
      device: engine?.device ?? null,
      server: result.engine?.server ? snapshotServerStats(result.engine.server) : null,
      modelError: result.modelError ?? null,
      cacheWriteError: result.cacheWriteError ?? null,
      warning: engine ? demoModelWarning({ engine }) : demoWarningOf(spec!),
      seconds: (Date.now() - started) / 1000,
    },
  };
}

/** Turns a question and an answer into one declarative statement. */
export type StatementGenerator = (question: string, answer: string) => string;

/** What scoreAnswers returns; the multi-gold fields are there when some row has a list of golds. */
export interface ScoredAnswers {
  /** The scored rows; a row's `premise` is its gold statement (with several golds, the winning gold's, else the first's). */
  readonly rows: CapRow[];
  readonly report: ScoreReport;
  /** The gold statement of each row (with several golds, the winning gold's, else the first's). */
  readonly premises: string[];
  readonly hypotheses: string[];
  readonly generator: string;
  readonly premiseDetails: (GeneratedStatement | null)[];
  readonly hypothesisDetails: (GeneratedStatement | null)[];
  readonly flaggedStatements: number;
  /** Several golds: the 0-based index of the gold whose CAP is the row's (first on a tie); null when not scored. */
  readonly bestGold?: (number | null)[];
  /** Several golds: each row's score against every one of its golds, in order. */
  readonly goldScores?: CapRow[][];
}

/**
 * CAP of candidate answers against gold answers to the same questions: each (question, answer)
 * becomes a statement first (paper Sec. 4), with `statements` (a function), `generator` (an
 * engine, e.g. an mT5 model folder) or, by default, capqa's built-in reformulator. An empty
 * answer gets no statement, and its row is reported as not scored.
 *
 * A row's gold may be a list of golds: one statement per gold, CAP against each, and the row's
 * CAP is the maximum (see lib/score/golds.ts `bestOverGolds`; `bestGold` says which won). A row
 * is scored only when all its golds are. Rows of one string score as they always have.
 *
 * @example
 * const scored = await scoreAnswers(["Who wrote Hamlet?"], ["William Shakespeare"], ["Shakespeare wrote it."], { model: "cross-encoder/nli-deberta-v3-large" });
 * console.log(scored.rows[0].cap, scored.premises[0], scored.hypotheses[0]);
 */
export async function scoreAnswers(
  questions: readonly string[],
  golds: readonly (string | readonly string[])[],
  candidates: readonly string[],
  options: ScoreAnswersOptions = {},
): Promise<ScoredAnswers> {
  return scoreAnswersOf(questions, golds, candidates, options);
}

/** scoreAnswers' options: scoreStatements' and how answers become statements. */
type ScoreAnswersOptions = ScoreOptions & { statements?: StatementGenerator; generator?: StatementGeneratorEngine };

/** scoreAnswers with the model's spec resolved once by the caller (createCapScorer); as scoreStatementsOf. */
export async function scoreAnswersOf(
  questions: readonly string[],
  golds: readonly (string | readonly string[])[],
  candidates: readonly string[],
  options: ScoreAnswersOptions,
  spec?: NliModelSpec,
): Promise<ScoredAnswers> {
  if (questions.length !== golds.length || golds.length !== candidates.length) {
    throw new RangeError(
      `${questions.length} questions, ${golds.length} gold answers and ${candidates.length} candidate answers: they must pair up row by row`,
    );
  }
  const multi = golds.some((g) => Array.isArray(g));
  if (!multi) checkPairs(questions, golds);
  checkPairs(questions, candidates);
  const lists: readonly (readonly string[])[] = golds.map((g, i) => {
    if (!Array.isArray(g)) {
      if (typeof g !== "string") throw new TypeError(`gold answer of row ${i} is not a string or a list of strings: ${JSON.stringify(g)}`);
      return [g];
    }
    if (g.length === 0) throw new RangeError(`row ${i} has an empty list of gold answers; each row needs at least one`);
    g.forEach((v, k) => {
      if (typeof v !== "string") throw new TypeError(`gold answer ${k} of row ${i} is not a string: ${JSON.stringify(v)}`);
    });
    return g;
  });
  const fn = options.statements;
  const engine = options.generator ?? builtinGenerator;
  const generate = async (qs: readonly string[], answers: readonly string[]): Promise<(GeneratedStatement | null)[]> => {
    const idx = answers.flatMap((a, i) => (a.trim() === "" ? [] : [i]));
    const made: GeneratedStatement[] = fn
      ? describeModelStatements(
          idx.map((i) => qs[i]),
          idx.map((i) => answers[i]),
          idx.map((i) => fn(qs[i], answers[i])),
        ).map((g) => ({ ...g, rule: "custom function" }))
      : await engine.generateDetailed(
          idx.map((i) => qs[i]),
          idx.map((i) => answers[i]),
        );
    const out: (GeneratedStatement | null)[] = answers.map(() => null);
    idx.forEach((i, k) => (out[i] = made[k]));
    return out;
  };
  const generatorName = fn ? "custom function" : engine.name;
  const reasonFor = (gold: string, candidate: string, r: CapRow): CapRow =>
    r.status === "ok"
      ? r
      : { ...r, reason: gold.trim() === "" ? "empty gold answer" : candidate.trim() === "" ? "empty candidate answer" : r.reason };
  if (!multi) {
    const single = golds as readonly string[];
    const premiseDetails = await generate(questions, single);
    const hypothesisDetails = await generate(questions, candidates);
    const premises = premiseDetails.map((g) => g?.statement ?? "");
    const hypotheses = hypothesisDetails.map((g) => g?.statement ?? "");
    const scored = await scoreStatementsOf(premises, hypotheses, options, spec);
    const rows = scored.rows.map((r, i) => reasonFor(single[i], candidates[i], r));
    const notScored = rows.flatMap((r, index) => (r.status === "ok" ? [] : [{ index, reason: r.reason! }]));
    const flaggedStatements = [...premiseDetails, ...hypothesisDetails].filter((g) => g?.flagged).length;
    return {
      rows,
      report: { ...scored.report, notScored },
      premises,
      hypotheses,
      generator: generatorName,
      premiseDetails,
      hypothesisDetails,
      flaggedStatements,
    };
  }
  // Several golds: every (gold, candidate) pair in one scoreStatements call.
  const owner = lists.flatMap((list, i) => list.map(() => i));
  const flatGolds = lists.flat();
  const starts: number[] = [];
  lists.reduce((at, list) => (starts.push(at), at + list.length), 0);
  const goldDetails = await generate(
    owner.map((i) => questions[i]),
    flatGolds,
  );
  const hypothesisDetails = await generate(questions, candidates);
  const goldStatements = goldDetails.map((g) => g?.statement ?? "");
  const hypotheses = hypothesisDetails.map((g) => g?.statement ?? "");
  const scored = await scoreStatementsOf(
    goldStatements,
    owner.map((i) => hypotheses[i]),
    options,
    spec,
  );
  const flat = scored.rows.map((r, j) => reasonFor(flatGolds[j], candidates[owner[j]], r));
  const goldScores = lists.map((list, i) => flat.slice(starts[i], starts[i] + list.length));
  const best = goldScores.map((scores) => bestOverGolds(scores));
  const winner = best.map((b, i) => starts[i] + (b.index ?? 0));
  // A row not scored names the first gold's statement (the reason is the failing gold's).
  const rows = best.map((b, i) => ({ ...b.score, premise: goldStatements[winner[i]] }));
  const notScored = rows.flatMap((r, index) => (r.status === "ok" ? [] : [{ index, reason: r.reason! }]));
  const flaggedStatements = [...goldDetails, ...hypothesisDetails].filter((g) => g?.flagged).length;
  return {
    rows,
    report: { ...scored.report, rows: rows.length, scored: rows.length - notScored.length, notScored },
    premises: winner.map((j) => goldStatements[j]),
    hypotheses,
    generator: generatorName,
    premiseDetails: winner.map((j) => goldDetails[j]),
    hypothesisDetails,
    flaggedStatements,
    bestGold: best.map((b) => b.index),
    goldScores,
  };
}
