/**
 * Class-conditioned candidate generation (App. B.3–B.4, Table 18). Every cleaned source row gets
 * one target class; classes are dealt round-robin over a seeded permutation of the rows, so the
 * eight counts differ by at most one (the balanced distribution of B.3). Rows of a class are
 * sent in batches through the B.4 template; the reply must be a JSON array of non-empty strings,
 * one per item, in order. A rejected reply is asked again (contentRetries), then the batch is
 * split in halves, down to single items; a single item that still fails is reported and left
 * for the next run. Output rows follow the CAP-Correctness schema.
 */
import { DEFAULT_SEED, DEFAULT_LLM_CONCURRENCY } from "../constants.js";
import { CLASSES, type CorrectnessClass } from "../taxonomy/index.js";
import { Checkpoint, type CheckpointRecord } from "./checkpoint.js";
import { AbortedError, ContentError, type LlmClient, type Validation } from "./client.js";
import type { SourceRow } from "./clean.js";
import { candidateMessages, type PromptRole } from "./prompts.js";
import type { ChatReply, ChatRequest } from "./providers.js";
import { fingerprint, isFatal, parseJsonReply, runPool, runReport, seededPermutation, type RunControl, type RunResult } from "./run.js";

/** CAP-Correctness columns written (statements come later, from `capqa score`), plus source_row. */
export const CANDIDATE_COLUMNS = [
  "question",
  "dataset",
  "gold_answer",
  "answer",
  "label_semantic",
  "label_semantic_manual",
  "source_row",
] as const;

export interface CandidateSettings {
  readonly seed: number;
  readonly batchSize: number;
  readonly promptRole: PromptRole;
  readonly maxTokens: number;
  readonly temperature?: number;
  readonly topP?: number;
  /** Classes to generate (default all eight). */
  readonly classes?: readonly CorrectnessClass[];
}

export const DEFAULT_CANDIDATE_SETTINGS: CandidateSettings = { seed: DEFAULT_SEED, batchSize: 10, promptRole: "user", maxTokens: 4096 };

export interface PlannedBatch {
  readonly id: string;
  readonly cls: CorrectnessClass;
  /** Indices into the rows given to planCandidates. */
  readonly rows: number[];
}

/** The target class of every row and the batches, from the rows and the settings alone. */
export function planCandidates(
  rows: readonly SourceRow[],
  settings: CandidateSettings,
): { classes: CorrectnessClass[]; batches: PlannedBatch[] } {
  const classes = settings.classes && settings.classes.length > 0 ? settings.classes : CLASSES;
  const perm = seededPermutation(rows.length, settings.seed);
  const target: CorrectnessClass[] = new Array(rows.length);
  perm.forEach((row, k) => (target[row] = classes[k % classes.length]));
  const batches: PlannedBatch[] = [];
  for (const cls of classes) {
    const mine = target.flatMap((c, i) => (c === cls ? [i] : []));
    for (let k = 0; k < mine.length; k += settings.batchSize)
      batches.push({ id: `${cls}:${k / settings.batchSize}`, cls, rows: mine.slice(k, k + settings.batchSize) });
  }
  return { classes: target, batches };
}

/** The request of a batch. */
export function candidateRequest(
  rows: readonly SourceRow[],
  cls: CorrectnessClass,
  indices: readonly number[],
  settings: CandidateSettings,
): ChatRequest {
  const m = candidateMessages(
    cls,
    indices.map((i) => ({ question: rows[i].question, gold_answer: rows[i].goldAnswer })),
    settings.promptRole,
  );
  return { ...m, maxTokens: settings.maxTokens, temperature: settings.temperature, topP: settings.topP };
}

/** Accepts a JSON array of `n` non-empty strings. */
export function validateCandidateReply(reply: ChatReply, n: number): Validation<string[]> {
  const parsed = parseJsonReply(reply.text, "[");
  if (!parsed.ok) return { ok: false, kind: reply.text.trim() === "" ? "empty_reply" : "not_json", reason: parsed.reason };
  const v = parsed.value;
  if (!Array.isArray(v)) return { ok: false, kind: "not_array", reason: "the reply is JSON but not an array" };
  if (v.length !== n) return { ok: false, kind: "wrong_length", reason: `the array has ${v.length} element(s) for ${n} item(s)` };
  const bad = v.findIndex((x) => typeof x !== "string");
  if (bad >= 0) return { ok: false, kind: "not_string", reason: `element ${bad} is not a string` };
  const empty = (v as string[]).findIndex((x) => x.trim() === "");
  if (empty >= 0) return { ok: false, kind: "empty_string", reason: `element ${empty} is an empty string` };
  return { ok: true, value: (v as string[]).map((s) => s.trim()) };
}

export interface CandidateRunOptions extends RunControl {
  readonly client: LlmClient;
  /** Cleaned source rows. */
  readonly rows: readonly SourceRow[];
  readonly settings: CandidateSettings;
}

export type CandidateRunResult = RunResult<{ sourceRow: number }>;

export function candidatesFingerprint(client: LlmClient, rows: readonly SourceRow[], settings: CandidateSettings): string {
  return fingerprint({
    kind: "candidates",
    provider: client.provider.name,
    model: client.provider.model,
    settings: { ...settings, classes: settings.classes ?? null },
    rows: rows.map((r) => [r.sourceRow, r.question, r.goldAnswer, r.dataset]),
  });
}

export async function runCandidates(o: CandidateRunOptions): Promise<CandidateRunResult> {
  const started = Date.now();
  const log = o.log ?? (() => {});
  const { client, rows, settings } = o;
  if (!(settings.batchSize >= 1)) throw new RangeError("batch size must be at least 1");
  const plan = planCandidates(rows, settings);
  const cp = Checkpoint.open(o.checkpoint, "candidates", candidatesFingerprint(client, rows, settings), {
    restart: o.restart,
    extra: { provider: client.provider.name, model: client.provider.model, rows: rows.length },
  });
  try {
    const answers = new Map<number, string>();
    const lastError = new Map<number, string>();
    const take = (r: CheckpointRecord) => {
      if (r.type === "answers") {
        const idx = r.rows as number[];
        const ans = r.answers as string[];
        idx.forEach((i, k) => {
          if (!answers.has(i)) answers.set(i, ans[k]);
        });
      }
    };
    cp.records.forEach(take);
    const resumedUnits = answers.size;
    if (cp.resumed) log(`resuming ${cp.file}: ${resumedUnits} of ${rows.length} rows already done`);
    let done = answers.size;
    o.onProgress?.(done, rows.length);
    let splits = 0;

    const solve = async (cls: CorrectnessClass, idx: number[]): Promise<void> => {
      try {
        const res = await client.call(candidateRequest(rows, cls, idx, settings), {
          validate: (reply) => validateCandidateReply(reply, idx.length),
        });
        const rec = { type: "answers", class: cls, rows: idx, answers: res.value, key: res.key, cached: res.fromCache };
        cp.append(rec);
        take(rec);
        done += idx.length;
        o.onProgress?.(done, rows.length);
      } catch (err) {
        if (err instanceof AbortedError || isFatal(err)) throw err;
        const message = (err as Error).message;
        if (err instanceof ContentError && idx.length > 1) {
          splits++;
          const half = Math.ceil(idx.length / 2);
          log(`batch of ${idx.length} (${cls}) rejected: ${message}; splitting it`);
          await solve(cls, idx.slice(0, half));
          await solve(cls, idx.slice(half));
          return;
        }
        for (const i of idx) lastError.set(i, message);
        cp.append({ type: "failed", class: cls, rows: idx, reason: message });
        log(`${idx.length} row(s) failed (${cls}): ${message}`);
      }
    };

    const pending = plan.batches.map((b) => ({ ...b, rows: b.rows.filter((i) => !answers.has(i)) })).filter((b) => b.rows.length > 0);
    await runPool(pending, o.concurrency ?? DEFAULT_LLM_CONCURRENCY, (b) => solve(b.cls, b.rows));

    const failed: { sourceRow: number; reason: string }[] = [];
    const out = rows.map((r, i) => {
      const a = answers.get(i);
      const row: Record<string, unknown> = {
        question: r.question,
        dataset: r.dataset,
        gold_answer: r.goldAnswer,
        answer: a ?? "",
        label_semantic: plan.classes[i],
        label_semantic_manual: "",
        source_row: r.sourceRow,
      };
      if (a === undefined) {
        const reason = lastError.get(i) ?? "not generated";
        failed.push({ sourceRow: r.sourceRow, reason });
        row.error = reason;
      }
      return row;
    });
    const columns: string[] = [...CANDIDATE_COLUMNS, ...(failed.length > 0 ? ["error"] : [])];
    const counts: Record<string, number> = {};
    for (const c of plan.classes) counts[c] = (counts[c] ?? 0) + 1;
    const report = runReport("candidates", client, cp, resumedUnits, started, {
      rows: rows.length,
      generated: answers.size,
      failedRows: failed.length,
      batches: plan.batches.length,
      batchSplits: splits,
      classCounts: counts,
    });
    return { columns, rows: out, failed, report };
  } finally {
    cp.close();
  }
}
