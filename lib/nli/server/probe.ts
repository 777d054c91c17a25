/**
 * The first look at every replica before any pair is sent: each must answer, and all must
 * describe the same model; a replica that does not answer is reported and kept (it may be
 * starting), as long as one does. Then the canary pairs go to every replica that answered: their
 * scores say whether the server sends logits or probabilities (taking one for the other gives a
 * wrong CAP on every row), and replicas that give other numbers for them (other weights behind the
 * same metadata) are refused.
 */
import { NLI_SERVER_REPLICA_TOLERANCE } from "../../constants.js";
import { NliFatalError } from "../engine.js";
import type { LabelOrder } from "../labels.js";
import { firstNonProbabilityRow, nliRows, notProbabilities, showRow, type NliServerOutput } from "./output.js";
import { ServerError, type ServerPool } from "./server-pool.js";

/** Retries of a replica's first request: enough to ride out a restart, short enough to start soon. */
const PROBE_RETRIES = 2;

/**
 * Pairs every replica scores at the start, of every class and of several lengths: logits for all of
 * them lying in [0, 1] and summing to 1 would be a coincidence no model makes.
 */
export const NLI_SERVER_CANARY_PAIRS: readonly (readonly [string, string])[] = [
  ["A man is playing a guitar on stage.", "A man is performing music."],
  ["A man is playing a guitar on stage.", "Nobody is playing an instrument."],
  ["A woman is reading a book in the park.", "The woman is waiting for a friend."],
  ["The sun rises in the east.", "The sun rises in the west."],
  ["Two dogs run across a snowy field while their owner throws a ball for them.", "Animals are outside."],
  ["Paris is the capital of France.", "The capital of France is Paris."],
];

/** A replica that answered the first look. */
export interface ReplicaAnswer<T> {
  readonly answer: T;
  readonly url: string;
  /** Its index in the pool. */
  readonly server: number;
}

/** How the first look judges the answers. */
export interface ProbeChecks<T> {
  /** Throws when one replica's answer is not usable (`url` names it). */
  readonly check?: (answer: unknown, url: string) => void;
  /** Words the error when two replicas' identities differ. */
  readonly differ?: (a: ReplicaAnswer<T>, b: ReplicaAnswer<T>) => string;
  readonly log?: (line: string) => void;
}

/**
 * Asks every replica for `path` and returns the first answer and all of them, after checking each
 * answer and that every answering replica's `identity` is the same; throws when none answers or
 * two differ.
 */
export async function probeReplicas<T>(
  pool: ServerPool,
  path: string,
  identity: (answer: T) => string,
  checks: ProbeChecks<T> = {},
): Promise<{ answer: T; url: string; answered: ReplicaAnswer<T>[] }> {
  const answers = await Promise.all(
    pool.servers.map((_, i) =>
      pool.request<T>(path, undefined, { server: i, retries: PROBE_RETRIES }).then(
        (answer) => ({ ok: true as const, answer }),
        (error: Error) => ({ ok: false as const, error }),
      ),
    ),
  );
  const failed = answers.flatMap((a, i) => (a.ok ? [] : [`${pool.servers[i].shown}: ${a.error.message}`]));
  const ok = answers.flatMap((a, i) => (a.ok ? [{ answer: a.answer, url: pool.servers[i].shown, server: i }] : []));
  if (ok.length === 0) {
    const fatal = answers.find((a) => !a.ok && a.error.name === "NliFatalError");
    if (fatal && !fatal.ok) throw fatal.error;
    throw new Error(`no NLI server answered: ${failed.join("; ")}`);
  }
  for (const o of ok) checks.check?.(o.answer, o.url);
  const first = identity(ok[0].answer);
  for (const o of ok.slice(1)) {
    const id = identity(o.answer);
    if (id !== first)
      throw new Error(
        checks.differ?.(ok[0], o) ??
          `the NLI servers serve different models: ${ok[0].url} serves ${first}, ${o.url} serves ${id}; replicas must serve one model`,
      );
  }
  for (const f of failed) checks.log?.(`warning: ${f}; it stays in the rotation and is retried`);
  return { answer: ok[0].answer, url: ok[0].url, answered: ok };
}

/** One replica's scores for some pairs, row-major [pairs, width], as the server sent them (logits or probabilities). */
export type ScoresOf = (
  server: number,
  premises: readonly string[],
  hypotheses: readonly string[],
) => Promise<{ values: ArrayLike<number>; width: number }>;

/**
 * A canary request that failed for a reason that may pass (the replica is down or busy): the replica is kept, as one that did not answer
 * the first look.
 */
function passing(err: unknown): boolean {
  if (!(err instanceof ServerError)) return false;
  return ["timeout", "connection", "429", "out-of-memory"].includes(err.kind) || (err.status !== undefined && err.status >= 500);
}

/**
 * Sends the canary pairs to each replica in `replicas` and returns what their scores are: the
 * `output` option when given (probabilities checked to be such), else logits, refusing scores
 * that are probabilities for every canary pair. Throws, before any pair of the run is sent, when
 * a replica's answer is malformed or two replicas' probabilities differ by more than
 * NLI_SERVER_REPLICA_TOLERANCE.
 */
export async function checkCanaries(
  pool: ServerPool,
  replicas: readonly number[],
  scoresOf: ScoresOf,
  order: LabelOrder,
  declared: NliServerOutput | undefined,
  log?: (line: string) => void,
): Promise<NliServerOutput> {
  const premises = NLI_SERVER_CANARY_PAIRS.map(([p]) => p);
  const hypotheses = NLI_SERVER_CANARY_PAIRS.map(([, h]) => h);
  // A replica short of memory even for these few pairs gets them one at a time.
  const canaryScores = async (server: number) => {
    try {
      return await scoresOf(server, premises, hypotheses);
    } catch (err) {
      if (!(err instanceof ServerError && err.kind === "out-of-memory")) throw err;
      const rows: number[] = [];
      let width = 0;
      for (let i = 0; i < premises.length; i++) {
        const one = await scoresOf(server, [premises[i]], [hypotheses[i]]);
        rows.push(...Array.from(one.values));
        width = one.width;
      }
      return { values: rows, width };
    }
  };
  const results = await Promise.all(
    replicas.map((server) =>
      canaryScores(server).then(
        (scores) => ({ server, url: pool.servers[server].shown, ok: true as const, ...scores }),
        (error: Error) => ({ server, url: pool.servers[server].shown, ok: false as const, error }),
      ),
    ),
  );
  const answered: { url: string; values: ArrayLike<number>; width: number }[] = [];
  for (const r of results) {
    if (r.ok) answered.push(r);
    else if (r.error instanceof NliFatalError) throw r.error;
    else if (passing(r.error))
      log?.(`warning: ${r.url} did not answer the canary pairs (${r.error.message}); it stays in the rotation and is retried`);
    else
      throw new Error(
        `${r.url}: the answer to capqa's canary pairs (${NLI_SERVER_CANARY_PAIRS.length} pairs sent to every replica at the start) is not usable: ${r.error.message}`,
      );
  }
  if (answered.length === 0)
    throw new Error(
      `no NLI server answered capqa's canary pairs: ${results.map((r) => `${r.url}: ${r.ok ? "" : r.error.message}`).join("; ")}`,
    );
  const n = premises.length;
  for (const a of answered) {
    if (a.width !== order.size || a.values.length !== n * a.width)
      throw new Error(
        `${a.url}: the answer to capqa's canary pairs holds ${a.values.length} scores of width ${a.width} for ${n} pairs; the model's id2label names ${order.size} classes`,
      );
    const nonProbability = firstNonProbabilityRow(a.values, a.width);
    if (declared === "probabilities" && nonProbability >= 0)
      throw new Error(notProbabilities(a.values, nonProbability, a.width, `${a.url} (capqa's canary pairs)`));
    if (declared === undefined && nonProbability < 0) {
      throw new Error(
        `${a.url} answers probabilities, not logits: its scores for all ${n} of capqa's canary pairs lie in [0, 1] and sum to 1 (the first: ${showRow(a.values, 0, a.width)}), as from a TEI server that ignores raw_scores or a model whose output is a softmax. Taking them for logits would give a wrong CAP on every row: if the server sends probabilities, set the \`output\` option to "probabilities"; if these are logits, to "logits"`,
      );
    }
    if (declared === "logits" && nonProbability < 0)
      log?.(
        `warning: ${a.url}'s scores for all ${n} canary pairs look like probabilities; they are taken for logits, as the \`output\` option says`,
      );
  }
  const output = declared ?? "logits";
  const probabilities = answered.map((a) => nliRows(a.values, a.width, order, output, a.url));
  for (let r = 1; r < answered.length; r++) {
    let worst = 0;
    let at = 0;
    for (let i = 0; i < probabilities[r].length; i++) {
      const d = Math.abs(probabilities[r][i] - probabilities[0][i]);
      if (!(d <= worst)) [worst, at] = [d, i];
    }
    if (worst > NLI_SERVER_REPLICA_TOLERANCE) {
      const pair = Math.floor(at / 3);
      throw new Error(
        `the NLI servers give different probabilities for capqa's canary pair ${pair} ("${premises[pair]}" → "${hypotheses[pair]}"): ${answered[0].url} gives ${showRow(probabilities[0], pair, 3)}, ${answered[r].url} gives ${showRow(probabilities[r], pair, 3)} (entailment, neutral, contradiction; |Δ| up to ${worst.toPrecision(3)} > ${NLI_SERVER_REPLICA_TOLERANCE}); replicas must serve one model with the same weights`,
      );
    }
  }
  return output;
}
