/** Pieces every construction run shares: a worker pool, fingerprints, reports, reply parsing. */
import { canonicalJson, sha256Hex } from "./cache.js";
import type { Checkpoint } from "./checkpoint.js";
import { CallError, type ClientStats, type LlmClient } from "./client.js";
import { Xoshiro128 } from "../stats/random.js";

/**
 * Runs `fn` over the tasks with at most `n` at once, in order of the list. A fatal CallError (or
 * any error that is not a CallError) stops new tasks from starting and is rethrown once the
 * running ones have settled.
 */
export async function runPool<T>(tasks: readonly T[], n: number, fn: (task: T) => Promise<void>): Promise<void> {
  let next = 0;
  let stop: unknown;
  const worker = async () => {
    while (stop === undefined && next < tasks.length) {
      const task = tasks[next++];
      try {
        await fn(task);
      } catch (err) {
        if (stop === undefined) stop = err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, tasks.length)) }, worker));
  if (stop !== undefined) throw stop;
}

/** True for an error that should end the run rather than one row. */
export function isFatal(err: unknown): boolean {
  return !(err instanceof CallError) || err.fatal;
}

export function fingerprint(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/** A seeded permutation of 0..n-1 (Fisher–Yates over Xoshiro128). */
export function seededPermutation(n: number, seed: number, stream = 0): number[] {
  const rng = new Xoshiro128(seed, stream);
  const p = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [p[i], p[j]] = [p[j], p[i]];
  }
  return p;
}

/** Splits `total` into parts proportional to `weights` (largest remainder, ties to the first). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map((x) => Math.floor(x + 1e-9));
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x + 1e-9) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) out[order[k].i]++;
  return out;
}

/** What every run reports. */
export interface RunReport {
  readonly kind: string;
  readonly provider: string;
  readonly model: string;
  readonly checkpoint: string;
  readonly resumed: boolean;
  /** Units (rows, or attempts for statements) already done when the run started. */
  readonly resumedUnits: number;
  readonly stats: ClientStats;
  readonly seconds: number;
  readonly [key: string]: unknown;
}

/**
 * A run's report: the fields every construction run reports around the ones of its kind, in the
 * order report.json has always had (kind, provider, model, checkpoint, resumed, resumedUnits,
 * the kind's own fields, stats, summary, seconds).
 */
export function runReport(
  kind: string,
  client: LlmClient,
  checkpoint: Pick<Checkpoint, "file" | "resumed">,
  resumedUnits: number,
  startedMs: number,
  fields: Readonly<Record<string, unknown>>,
): RunReport {
  return {
    kind,
    provider: client.provider.name,
    model: client.provider.model,
    checkpoint: checkpoint.file,
    resumed: checkpoint.resumed,
    resumedUnits,
    ...fields,
    stats: client.stats,
    summary: describeStats(client.stats),
    seconds: (Date.now() - startedMs) / 1000,
  };
}

/** A human summary of a client's counters. */
export function describeStats(s: ClientStats): string {
  const faults = Object.entries(s.faults)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  return (
    `${s.httpRequests} HTTP request(s), ${s.succeeded} accepted (${s.cacheHits} from the cache${s.coalesced ? `, ${s.coalesced} shared` : ""}), ` +
    `${s.retries} retr${s.retries === 1 ? "y" : "ies"}, ${s.failed} failed; faults: ${faults || "none"}; tokens in ${s.inputTokens}, out ${s.outputTokens}`
  );
}

/** The text between code fences, if the reply is fenced. */
function unfence(text: string): string {
  const m = /^\s*```[a-zA-Z]*\s*\n([\s\S]*?)\n?```\s*$/.exec(text);
  return m ? m[1] : text;
}

/** Parses a reply that should be one JSON value of the given kind (fences and surrounding text tolerated). */
export function parseJsonReply(text: string, open: "[" | "{"): { ok: true; value: unknown } | { ok: false; reason: string } {
  const close = open === "[" ? "]" : "}";
  const body = unfence(text).trim();
  if (body === "") return { ok: false, reason: "the reply is empty" };
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    const a = body.indexOf(open);
    const b = body.lastIndexOf(close);
    if (a >= 0 && b > a) {
      try {
        return { ok: true, value: JSON.parse(body.slice(a, b + 1)) };
      } catch {
        /* fall through */
      }
    }
    return {
      ok: false,
      reason: `the reply is not valid JSON (${body.length} characters${body.length > 0 ? `, ends ${JSON.stringify(body.slice(-20))}` : ""})`,
    };
  }
}

/** What every construction run takes besides its inputs: where to checkpoint, how hard to push, whom to tell. */
export interface RunControl {
  /** JSONL checkpoint file; a rerun resumes from it. */
  readonly checkpoint: string;
  /** Discard an existing checkpoint instead of resuming. */
  readonly restart?: boolean;
  readonly concurrency?: number;
  readonly onProgress?: (done: number, total: number) => void;
  readonly log?: (line: string) => void;
}

/** What every construction run returns: the output table, the items that failed and why, the report. */
export interface RunResult<Failure> {
  readonly columns: string[];
  readonly rows: Record<string, unknown>[];
  readonly failed: (Failure & { reason: string })[];
  readonly report: RunReport;
}
