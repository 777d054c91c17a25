/**
 * Every metric behind one calling convention, in the spirit of Hugging Face `evaluate.load()`:
 * `metric(name, options)` gives an object whose `compute({ references, predictions, questions })`
 * is async and returns `{ scores, mean }` (one score per row, and their mean), for BLEU, ROUGE-L,
 * METEOR, BERTScore, COMET and CAP alike, and for a metric a user registers. A metric that loads a
 * model loads it on the first compute, keeps it for the next, and releases it on `dispose()`.
 * BLEU, ROUGE-L, METEOR, SQuAD EM/F1 and CAP (from answers) also take several references per row
 * (`references: string[][]`, a row's list scored as NLTK's and rouge-score's multi-reference forms
 * do, and CAP as the best over the golds).
 *
 * @example
 * import { metric, listMetrics } from "capqa";
 * const bleu = metric("bleu");
 * const { scores, mean } = await bleu.compute({ references: ["water"], predictions: ["Water and minerals."] });
 * console.log(listMetrics().map((m) => m.name), scores[0], mean);
 */
import { meanOfScored } from "../stats/descriptives.js";
import { bleuMulti, bleuPair, meteorMulti, meteorPair, rougeLMulti, rougeLPair } from "../baselines/index.js";
import { squadExactMatch, squadExactMatchMulti, squadF1, squadF1Multi } from "../baselines/squad.js";
import { checkTexts } from "../baselines/bertscore.js";
import type { BertScorer, BertScorerOptions } from "../baselines/bertscore.js";
import { COMET_EXPORT_COMMAND, type CometEstimator, type CometEstimatorOptions } from "../baselines/comet.js";
import type { CapScorer, CapScorerOptions } from "../score/cap-scorer.js";
import { loadWordNet, type WordNet } from "../text/wordnet.js";

/**
 * What every metric's compute takes: a reference (gold answer) and a prediction per row.
 * `R` is what a row's reference is: a string, or (for metrics with `multiReference`) a list of them.
 */
export interface MetricInput<R extends string | readonly string[] = string | readonly string[]> {
  /** The gold answer of each row; or a list of gold answers per row for bleu, rouge_l, meteor and cap. */
  readonly references: readonly R[];
  /** The candidate answer of each row. */
  readonly predictions: readonly string[];
  /** The question of each row; COMET (as its source) and CAP (to make statements) need them. */
  readonly questions?: readonly string[];
}

/** What every metric's compute returns. */
export interface MetricResult {
  /** One score per row, in input order; NaN where the metric could not score a row (CAP only). */
  readonly scores: Float64Array;
  /** The mean of the scores that are not NaN (NaN when there is none). */
  readonly mean: number;
}

export interface Metric {
  /** The registered name ("bleu", "rouge_l", …). */
  readonly name: string;
  readonly description: string;
  /** True when a higher score means a more correct answer. */
  readonly higherIsBetter: boolean;
  /** True when a row's reference may be a list of references (`references: string[][]`). */
  readonly multiReference: boolean;
  /** Scores every row; checks that the texts are strings and pair up before any work. */
  compute(input: MetricInput): Promise<MetricResult>;
  /** Releases a model the metric loaded; idempotent. A lexical metric has nothing to release. */
  dispose(): Promise<void>;
}

/** What `listMetrics()` says of each metric. */
export interface MetricInfo {
  readonly name: string;
  readonly description: string;
  readonly higherIsBetter: boolean;
  /** True when a row's reference may be a list of references. */
  readonly multiReference: boolean;
  /** What the metric needs beyond references and predictions (options, inputs, installed data). */
  readonly needs: readonly string[];
  /** True for capqa's own metrics, false for one a user registered. */
  readonly builtin: boolean;
}

/** The scores of one compute: a number per row, in input order. */
export type RowScores = ArrayLike<number>;

/**
 * A user's metric. Give `compute` for a metric without state, or `create` for one that loads
 * something once (called by `metric(name, options)`; its `dispose` is called by the metric's).
 * It takes one reference per row: `metric(name).compute` refuses a list of references for it.
 */
export interface MetricDefinition<O = Record<string, unknown>> {
  readonly name: string;
  readonly description: string;
  /** Default true. */
  readonly higherIsBetter?: boolean;
  /** What it needs beyond references and predictions, for `listMetrics()`. */
  readonly needs?: readonly string[];
  readonly compute?: (input: MetricInput<string>, options: O) => RowScores | Promise<RowScores>;
  readonly create?: (options: O) => { compute(input: MetricInput<string>): RowScores | Promise<RowScores>; dispose?(): unknown };
}

/** Options of capqa's metrics; a user's metric receives whatever `metric(name, options)` is given. */
export interface MeteorMetricOptions {
  /** A WordNet 3.0 folder; default as lib/text/wordnet.ts finds one (CAPQA_WORDNET_DIR, /usr/share/wordnet, nltk_data). */
  readonly wordnetDir?: string;
}
export type BertScoreMetricOptions = BertScorerOptions;
export type CometMetricOptions = CometEstimatorOptions;
export interface CapMetricOptions extends CapScorerOptions {
  /**
   * "answers" (default): references and predictions are answers to `questions`, turned into
   * statements first (the paper's setup); "statements": they are statements already, scored as
   * premises (references) and hypotheses (predictions), and questions are not needed.
   */
  readonly from?: "answers" | "statements";
}

export interface MetricOptionsByName {
  readonly bleu: Record<string, never>;
  readonly rouge_l: Record<string, never>;
  readonly meteor: MeteorMetricOptions;
  readonly squad_em: Record<string, never>;
  readonly squad_f1: Record<string, never>;
  readonly bertscore: BertScoreMetricOptions;
  readonly comet: CometMetricOptions;
  readonly cap: CapMetricOptions;
}

/** What an entry's compute receives: lists of references only when its info says multiReference. */
interface Implementation {
  compute(input: MetricInput): RowScores | Promise<RowScores>;
  dispose?(): unknown;
}

interface Entry {
  readonly info: MetricInfo;
  readonly create: (options: Record<string, unknown>) => Implementation;
}

/** Registry key of a name: lower case, letters and digits only ("ROUGE-L", "rouge_l" and "rougeL" are one). */
function keyOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

const registry = new Map<string, Entry>();

/** Same-length arrays of strings; a row's reference may be a non-empty list of strings where the metric takes several. */
function checkInput(info: MetricInfo, input: MetricInput): void {
  const { name } = info;
  if (input === null || typeof input !== "object")
    throw new TypeError(`metric("${name}").compute() takes { references, predictions, questions? }`);
  const lists: Record<string, readonly unknown[]> = { references: input.references, predictions: input.predictions };
  if (input.questions !== undefined) lists.questions = input.questions;
  for (const [field, list] of Object.entries(lists))
    if (!Array.isArray(list)) throw new TypeError(`metric("${name}").compute(): ${field} must be an array of strings`);
  const several = () =>
    listMetrics()
      .filter((m) => m.multiReference)
      .map((m) => m.name)
      .join(", ");
  const flat: unknown[] = [];
  input.references.forEach((ref: unknown, i) => {
    if (!Array.isArray(ref)) return void flat.push(ref);
    if (!info.multiReference)
      throw new TypeError(
        `metric("${name}").compute(): references[${i}] is a list; ${name} takes one reference per row (${several()} take several)`,
      );
    if (ref.length === 0)
      throw new RangeError(`metric("${name}").compute(): references[${i}] is an empty list; give each row at least one reference`);
    ref.forEach((r: unknown, k) => {
      if (typeof r !== "string")
        throw new TypeError(`metric("${name}").compute(): references[${i}][${k}] is not a string: ${JSON.stringify(r)}`);
    });
    flat.push("");
  });
  // Lengths, and strings elsewhere (a list's strings are checked above; "" stands in for it).
  checkTexts({ ...lists, references: flat });
}

/** Row-by-row metrics over (reference, prediction), and (references, prediction) where a row has a list. */
const pairwise =
  (one: (reference: string, prediction: string) => number, several: (references: readonly string[], prediction: string) => number) =>
  () => ({
    compute: ({ references, predictions }: MetricInput) =>
      Float64Array.from(references, (r, i) => (typeof r === "string" ? one(r, predictions[i]) : several(r, predictions[i]))),
  });

/** The references of an entry without multiReference: checkInput let only strings through. */
const single = (input: MetricInput) => input.references as readonly string[];

function needQuestions(name: string, input: MetricInput, why: string): readonly string[] {
  if (input.questions === undefined) throw new TypeError(`metric("${name}").compute() needs questions (${why})`);
  return input.questions;
}

function needModel(name: string, options: Record<string, unknown>, hint: string): string {
  const model = options.model;
  if (typeof model !== "string" || model === "")
    throw new TypeError(`metric("${name}") needs the model option, a model folder: metric("${name}", { model: "models/..." }) (${hint})`);
  return model;
}

/** A loaded thing kept across computes and released once. */
function lazy<T extends { dispose(): Promise<void> }>(load: () => Promise<T>) {
  let loading: Promise<T> | null = null;
  return {
    get: () =>
      (loading ??= load().catch((err) => {
        loading = null;
        throw err;
      })),
    async dispose() {
      const was = loading;
      loading = null;
      if (was) await (await was.catch(() => null))?.dispose();
    },
  };
}

function define(info: Omit<MetricInfo, "builtin">, create: Entry["create"], builtin: boolean): void {
  registry.set(keyOf(info.name), { info: { ...info, builtin }, create });
}

define(
  {
    name: "bleu",
    description:
      "Sentence BLEU (NLTK sentence_bleu, uniform 4-gram weights, smoothing method 1) of the prediction against the reference(s), on capqa's baseline tokens",
    higherIsBetter: true,
    multiReference: true,
    needs: [],
  },
  pairwise(bleuPair, bleuMulti),
  true,
);
define(
  {
    name: "rouge_l",
    description: "ROUGE-L F-measure (rouge-score, Porter stemmer), the reference as target; with several, the best (score_multi)",
    higherIsBetter: true,
    multiReference: true,
    needs: [],
  },
  pairwise(rougeLPair, rougeLMulti),
  true,
);
define(
  {
    name: "meteor",
    description: "METEOR (NLTK meteor_score: exact, Porter-stem and WordNet-synonym matches) of the prediction against the reference(s)",
    higherIsBetter: true,
    multiReference: true,
    needs: ["WordNet 3.0 (apt-get install wordnet-base, or the wordnetDir option / CAPQA_WORDNET_DIR)"],
  },
  (options) => {
    const dir = (options as MeteorMetricOptions).wordnetDir;
    let wordnet: WordNet | undefined;
    return {
      compute: ({ references, predictions }: MetricInput) => {
        // Without a folder, meteorPair finds WordNet itself when a row needs it (an empty side does
        // not), or says how to install it; a folder given is loaded on the first compute.
        if (dir !== undefined) wordnet ??= loadWordNet(dir);
        const meteorOptions = wordnet ? { wordnet } : {};
        return Float64Array.from(references, (r, i) =>
          typeof r === "string" ? meteorPair(r, predictions[i], meteorOptions) : meteorMulti(r, predictions[i], meteorOptions),
        );
      },
    };
  },
  true,
);
define(
  {
    name: "squad_em",
    description:
      "SQuAD v1.1 exact match (the official evaluation's normalisation: lower case, ASCII punctuation and the articles a/an/the removed, white space collapsed); with several references, the best",
    higherIsBetter: true,
    multiReference: true,
    needs: [],
  },
  pairwise(squadExactMatch, squadExactMatchMulti),
  true,
);
define(
  {
    name: "squad_f1",
    description: "SQuAD v1.1 token F1 over the two normalised token multisets (as squad_em normalises); with several references, the best",
    higherIsBetter: true,
    multiReference: true,
    needs: [],
  },
  pairwise(squadF1, squadF1Multi),
  true,
);
define(
  {
    name: "bertscore",
    description: "BERTScore F1 (greedy cosine matching of contextual token embeddings) of the prediction against the reference",
    higherIsBetter: true,
    multiReference: false,
    needs: ["model option: a BERTScore model folder (scripts/export/export_bertscore.py)"],
  },
  (options) => {
    const model = needModel("bertscore", options, "export roberta-large truncated at layer 17 with scripts/export/export_bertscore.py");
    const scorer = lazy<BertScorer>(async () =>
      (await import("../baselines/bertscore.js")).loadBertScorer({ ...(options as unknown as BertScorerOptions), model }),
    );
    return {
      compute: async (input: MetricInput) => (await (await scorer.get()).score(single(input), input.predictions)).f1,
      dispose: () => scorer.dispose(),
    };
  },
  true,
);
define(
  {
    name: "comet",
    description:
      "COMET (unbabel-comet regression estimator): the question as source, the prediction as hypothesis, the reference as reference",
    higherIsBetter: true,
    multiReference: false,
    needs: ["model option: a COMET model folder", "questions"],
  },
  (options) => {
    const model = needModel("comet", options, `write one with ${COMET_EXPORT_COMMAND}`);
    const estimator = lazy<CometEstimator>(async () =>
      (await import("../baselines/comet.js")).loadCometEstimator({ ...(options as unknown as CometEstimatorOptions), model }),
    );
    return {
      compute: async (input: MetricInput) => {
        const questions = needQuestions("comet", input, "COMET's source texts");
        return (await estimator.get()).score(questions, input.predictions, single(input));
      },
      dispose: () => estimator.dispose(),
    };
  },
  true,
);
define(
  {
    name: "cap",
    description:
      "CAP: α·D(gold→candidate) + (1−α)·D(candidate→gold), D = P(entailment) + λ·P(neutral) of an NLI model over statements made from the question and each answer",
    higherIsBetter: true,
    multiReference: true,
    needs: ['questions (or the option from: "statements")', "the NLI model (model option; default the paper's, from the hub)"],
  },
  (options) => {
    const { from = "answers", ...scorerOptions } = options as CapMetricOptions;
    if (from !== "answers" && from !== "statements")
      throw new TypeError(`metric("cap"): the from option is "answers" or "statements", not ${JSON.stringify(from)}`);
    const scorer = lazy<CapScorer>(async () => (await import("../score/cap-scorer.js")).createCapScorer(scorerOptions));
    return {
      compute: async (input: MetricInput) => {
        if (from === "statements") {
          const listed = input.references.findIndex((r) => typeof r !== "string");
          if (listed >= 0)
            throw new TypeError(
              `metric("cap", { from: "statements" }).compute(): references[${listed}] is a list; statements are scored one premise per row (several golds are for answers, with questions)`,
            );
          return (await (await scorer.get()).scoreStatements({ premises: single(input), hypotheses: input.predictions })).scores;
        }
        const questions = needQuestions(
          "cap",
          input,
          'CAP makes a statement of each question and answer; create the metric with { from: "statements" } when references and predictions are statements already',
        );
        return (await (await scorer.get()).score({ questions, golds: input.references, answers: input.predictions })).scores;
      },
      dispose: () => scorer.dispose(),
    };
  },
  true,
);

/**
 * The metric of this name (any case; "-" and "_" ignored, so "ROUGE-L" is rouge_l). Options go
 * to the metric: `{ model }` for bertscore and comet (required), CapScorerOptions for cap,
 * `{ wordnetDir }` for meteor. An unknown name is an error listing the known ones.
 *
 * @example
 * const rouge = metric("rouge_l");
 * const bert = metric("bertscore", { model: "models/bertscore-roberta-large-L17" });
 * const cap = metric("cap", { model: "cross-encoder/nli-deberta-v3-large", cache: null });
 * const input = { questions: ["What is the sun?"], references: ["a star"], predictions: ["The sun is a star."] };
 * for (const m of [rouge, bert, cap]) console.log(m.name, (await m.compute(input)).mean);
 * await Promise.all([rouge, bert, cap].map((m) => m.dispose()));
 */
export function metric<N extends keyof MetricOptionsByName>(name: N, options?: MetricOptionsByName[N]): Metric;
export function metric(name: string, options?: Record<string, unknown>): Metric;
export function metric(name: string, options: object = {}): Metric {
  if (typeof name !== "string") throw new TypeError("metric() takes a metric name");
  const entry = registry.get(keyOf(name));
  if (!entry) throw new RangeError(`unknown metric "${name}"; known metrics: ${[...registry.values()].map((e) => e.info.name).join(", ")}`);
  const { info } = entry;
  const impl = entry.create(options as Record<string, unknown>);
  let disposed = false;
  const inFlight = new Set<Promise<unknown>>();
  const run = async (input: MetricInput): Promise<MetricResult> => {
    checkInput(info, input);
    const got = await impl.compute(input);
    if (got === null || typeof got !== "object" || typeof got.length !== "number")
      throw new TypeError(`metric "${info.name}" returned ${got === null ? "null" : typeof got}, not one score per row`);
    if (got.length !== input.predictions.length)
      throw new RangeError(`metric "${info.name}" returned ${got.length} scores for ${input.predictions.length} rows`);
    const scores = got instanceof Float64Array ? got : Float64Array.from(got);
    return { scores, mean: meanOfScored(scores) };
  };
  return {
    name: info.name,
    description: info.description,
    higherIsBetter: info.higherIsBetter,
    multiReference: info.multiReference,
    compute(input) {
      if (disposed)
        return Promise.reject(
          new Error(`metric("${info.name}").compute() was called after dispose(); create it again with metric("${info.name}")`),
        );
      const p = run(input);
      inFlight.add(p);
      const forget = () => inFlight.delete(p);
      p.then(forget, forget);
      return p;
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      // A model is released only after the computes that use it have finished.
      await Promise.allSettled([...inFlight]);
      await impl.dispose?.();
    },
  };
}

/** Every registered metric, capqa's first, in registration order. */
export function listMetrics(): MetricInfo[] {
  return [...registry.values()].map((e) => e.info);
}

/**
 * Registers a user's metric under a new name, so that `metric(name)` and everything built on the
 * registry serve it with the same convention. A name already taken (in any spelling) is an
 * error; `{ replace: true }` replaces a metric the user registered before (a notebook cell run
 * twice), never one of capqa's.
 *
 * @example
 * registerMetric({
 *   name: "exact_match",
 *   description: "1 when the prediction equals the reference, ignoring case and outer spaces",
 *   compute: ({ references, predictions }) => references.map((r, i) => Number(r.trim().toLowerCase() === predictions[i].trim().toLowerCase())),
 * });
 * const { mean } = await metric("exact_match").compute({ references: ["Paris"], predictions: ["paris"] }); // 1
 */
export function registerMetric<O = Record<string, unknown>>(
  definition: MetricDefinition<O>,
  options: { readonly replace?: boolean } = {},
): MetricInfo {
  const { name, description } = definition ?? ({} as MetricDefinition<O>);
  if (typeof name !== "string" || keyOf(name) === "")
    throw new TypeError("registerMetric(): the definition needs a name with letters or digits");
  if (typeof description !== "string") throw new TypeError(`registerMetric("${name}"): the definition needs a description`);
  const hasCompute = typeof definition.compute === "function";
  const hasCreate = typeof definition.create === "function";
  if (hasCompute === hasCreate)
    throw new TypeError(
      `registerMetric("${name}"): give exactly one of compute (a function of the input) or create (a function of the options returning { compute, dispose? })`,
    );
  const taken = registry.get(keyOf(name));
  if (taken && (taken.info.builtin || !options.replace)) {
    throw new Error(
      `registerMetric(): the name "${name}" is taken by ${taken.info.builtin ? "capqa's" : "the registered"} metric "${taken.info.name}"${taken.info.builtin ? "" : "; pass { replace: true } to replace it"}`,
    );
  }
  // checkInput refuses lists of references for a user's metric, so its compute sees strings only.
  const create: Entry["create"] = hasCreate
    ? (o) => definition.create!(o as O) as Implementation
    : (o) => ({ compute: (input: MetricInput) => definition.compute!(input as MetricInput<string>, o as O) });
  const info: MetricInfo = {
    name,
    description,
    higherIsBetter: definition.higherIsBetter ?? true,
    multiReference: false,
    needs: definition.needs ?? [],
    builtin: false,
  };
  registry.set(keyOf(name), { info, create });
  return info;
}
