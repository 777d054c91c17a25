/**
 * CAP-Statements synthesis (App. B.5). A (subject, question type) cell is one prompt; each call
 * asks for one triple, sampled with temperature 1.0 and top_p 0.95, and a cell is asked again
 * ("generating in batches") until it holds its target count after duplicates are removed.
 *
 * Targets: the total is apportioned over the subjects with 56.2 % general knowledge and the rest
 * evenly over the seven academic subjects, then evenly over the four question types (largest
 * remainder; B.5 gives target proportions, and quotas hit them exactly instead of drawing).
 *
 * Determinism and resumption: attempt k of cell c is a request of its own (the sample index k is
 * part of its cache identity), each round's new attempts are written to the checkpoint as a plan
 * before they are sent, and duplicates are decided over all triples in (cell, attempt) order, so
 * a run killed and started again sends only the attempts it had not finished and ends with the
 * rows an uninterrupted run would have (given the same replies).
 *
 * The final triples get a seeded 80/10/10 train/validation/test split.
 */
import { DEFAULT_SEED, DEFAULT_LLM_CONCURRENCY } from "../constants.js";
import { QUESTION_TYPES, type QuestionType } from "../statements/types.js";
import { Checkpoint, type CheckpointRecord } from "./checkpoint.js";
import { AbortedError, ContentError, type LlmClient, type Validation } from "./client.js";
import { NearDuplicateIndex } from "./dedupe.js";
import {
  GENERAL_KNOWLEDGE_SHARE,
  STATEMENTS_SYSTEM_PROMPT,
  STATEMENTS_TEMPERATURE,
  STATEMENTS_TOP_P,
  SUBJECTS,
  statementsUserPrompt,
} from "./prompts.js";
import type { ChatReply, ChatRequest } from "./providers.js";
import {
  apportion,
  fingerprint,
  isFatal,
  parseJsonReply,
  runPool,
  runReport,
  seededPermutation,
  type RunReport,
  type RunControl,
} from "./run.js";

export interface StatementSettings {
  readonly total: number;
  readonly subjects: readonly string[];
  /** Share of the first subject (general knowledge); the rest is split evenly. */
  readonly generalShare: number;
  readonly jaccard: number;
  /** Train, validation, test fractions. */
  readonly split: readonly [number, number, number];
  readonly seed: number;
  /** Attempts a cell may use: ⌈factor × target⌉ + 2. */
  readonly maxAttemptsFactor: number;
  readonly maxTokens: number;
  readonly temperature?: number;
  readonly topP?: number;
}

export const DEFAULT_STATEMENT_SETTINGS: StatementSettings = {
  total: 11000,
  subjects: SUBJECTS,
  generalShare: GENERAL_KNOWLEDGE_SHARE,
  jaccard: 0.9,
  split: [0.8, 0.1, 0.1],
  seed: DEFAULT_SEED,
  maxAttemptsFactor: 3,
  maxTokens: 1024,
  temperature: STATEMENTS_TEMPERATURE,
  topP: STATEMENTS_TOP_P,
};

export interface StatementCell {
  readonly index: number;
  readonly subject: string;
  readonly type: QuestionType;
  readonly target: number;
  readonly maxAttempts: number;
}

export interface Triple {
  readonly question: string;
  readonly answer: string;
  readonly statement: string;
}

/** The cells and their target counts. */
export function planCells(settings: StatementSettings): StatementCell[] {
  const n = settings.subjects.length;
  if (n === 0) throw new Error("no subjects");
  const weights = n === 1 ? [1] : [settings.generalShare, ...Array.from({ length: n - 1 }, () => (1 - settings.generalShare) / (n - 1))];
  const perSubject = apportion(settings.total, weights);
  const cells: StatementCell[] = [];
  settings.subjects.forEach((subject, s) => {
    const perType = apportion(
      perSubject[s],
      QUESTION_TYPES.map(() => 1),
    );
    QUESTION_TYPES.forEach((type, t) => {
      const target = perType[t];
      cells.push({
        index: cells.length,
        subject,
        type,
        target,
        maxAttempts: Math.ceil(settings.maxAttemptsFactor * target) + (target > 0 ? 2 : 0),
      });
    });
  });
  return cells;
}

export function statementRequest(cell: StatementCell, settings: StatementSettings): ChatRequest {
  return {
    system: STATEMENTS_SYSTEM_PROMPT,
    user: statementsUserPrompt(cell.subject, cell.type),
    maxTokens: settings.maxTokens,
    temperature: settings.temperature,
    topP: settings.topP,
  };
}

/** Accepts one JSON object with non-empty question, answer and statement, honouring the prompt's checkable constraints. */
export function validateTriple(reply: ChatReply, type: QuestionType): Validation<Triple> {
  const parsed = parseJsonReply(reply.text, "{");
  if (!parsed.ok) return { ok: false, kind: reply.text.trim() === "" ? "empty_reply" : "not_json", reason: parsed.reason };
  const v = parsed.value as Record<string, unknown>;
  if (typeof v !== "object" || v === null || Array.isArray(v))
    return { ok: false, kind: "not_object", reason: "the reply is JSON but not an object" };
  for (const f of ["question", "answer", "statement"]) {
    if (typeof v[f] !== "string") return { ok: false, kind: "missing_field", reason: `field ${f} is missing or not a string` };
    if ((v[f] as string).trim() === "") return { ok: false, kind: "empty_string", reason: `field ${f} is empty` };
  }
  const t = { question: (v.question as string).trim(), answer: (v.answer as string).trim(), statement: (v.statement as string).trim() };
  if (t.statement.includes("?")) return { ok: false, kind: "statement_question_mark", reason: "the statement contains a question mark" };
  if (type === "blank_spaces_task" && /_{2,}/.test(t.statement))
    return { ok: false, kind: "blank_not_filled", reason: "the statement still has a blank" };
  return { ok: true, value: t };
}

export interface StatementRunOptions extends RunControl {
  readonly client: LlmClient;
  readonly settings: StatementSettings;
}

export interface StatementRow {
  readonly row: number;
  readonly subject: string;
  readonly question: string;
  readonly answer: string;
  readonly statement: string;
  readonly label_question_type: QuestionType;
  readonly split: "train" | "validation" | "test";
  readonly cell: number;
  readonly attempt: number;
}

export const STATEMENT_COLUMNS = ["row", "subject", "question", "answer", "statement", "label_question_type", "split"] as const;

export interface DroppedTriple {
  readonly cell: number;
  readonly attempt: number;
  readonly subject: string;
  readonly label_question_type: QuestionType;
  readonly question: string;
  readonly reason: string;
}

export interface StatementRunResult {
  /** False when some attempts failed for good (a new run retries them); rows are then empty. */
  readonly complete: boolean;
  readonly rows: StatementRow[];
  readonly dropped: DroppedTriple[];
  readonly shortfall: { cell: number; subject: string; type: QuestionType; target: number; kept: number }[];
  readonly report: RunReport;
}

interface Result {
  cell: number;
  attempt: number;
  triple?: Triple;
  invalid?: string;
}

/** Keeps triples in (cell, attempt) order, dropping duplicates of earlier ones; per cell, the kept list. */
function selectTriples(
  cells: readonly StatementCell[],
  results: ReadonlyMap<string, Result>,
  planned: readonly number[],
  threshold: number,
) {
  const index = new NearDuplicateIndex(threshold);
  const kept: { cell: number; attempt: number; triple: Triple }[][] = cells.map(() => []);
  const dropped: DroppedTriple[] = [];
  const keptText: string[] = [];
  for (const cell of cells) {
    for (let a = 0; a < planned[cell.index]; a++) {
      const r = results.get(`${cell.index}:${a}`);
      if (r === undefined) continue;
      if (r.triple === undefined) {
        dropped.push({
          cell: cell.index,
          attempt: a,
          subject: cell.subject,
          label_question_type: cell.type,
          question: "",
          reason: `invalid reply: ${r.invalid ?? "?"}`,
        });
        continue;
      }
      if (kept[cell.index].length >= cell.target) continue; // more than needed: not used (not a duplicate)
      const v = index.check(r.triple.question);
      if (v !== undefined) {
        dropped.push({
          cell: cell.index,
          attempt: a,
          subject: cell.subject,
          label_question_type: cell.type,
          question: r.triple.question,
          reason: `${v.kind} duplicate (Jaccard ${v.similarity.toFixed(3)}) of "${keptText[v.of]}"`,
        });
        continue;
      }
      index.add(r.triple.question, keptText.length);
      keptText.push(r.triple.question);
      kept[cell.index].push({ cell: cell.index, attempt: a, triple: r.triple });
    }
  }
  return { kept, dropped };
}

export function statementsFingerprint(client: LlmClient, settings: StatementSettings): string {
  return fingerprint({ kind: "statements", provider: client.provider.name, model: client.provider.model, settings });
}

export async function runStatements(o: StatementRunOptions): Promise<StatementRunResult> {
  const started = Date.now();
  const log = o.log ?? (() => {});
  const { client, settings } = o;
  const [ft, fv, fs] = settings.split;
  if (!(ft >= 0 && fv >= 0 && fs >= 0 && Math.abs(ft + fv + fs - 1) < 1e-9))
    throw new RangeError(`split fractions must be ≥ 0 and sum to 1, got ${settings.split.join("/")}`);
  const cells = planCells(settings);
  const cp = Checkpoint.open(o.checkpoint, "statements", statementsFingerprint(client, settings), {
    restart: o.restart,
    extra: { provider: client.provider.name, model: client.provider.model, total: settings.total },
  });
  try {
    const results = new Map<string, Result>();
    const planned = cells.map(() => 0);
    let rounds = 0;
    const take = (r: CheckpointRecord) => {
      if (r.type === "plan") {
        rounds = Math.max(rounds, (r.round as number) + 1);
        for (const [c, , to] of r.attempts as [number, number, number][]) planned[c] = Math.max(planned[c], to);
      } else if (r.type === "result") {
        const key = `${r.cell as number}:${r.attempt as number}`;
        if (!results.has(key))
          results.set(key, {
            cell: r.cell as number,
            attempt: r.attempt as number,
            triple: r.triple as Triple | undefined,
            invalid: r.invalid as string | undefined,
          });
      }
    };
    cp.records.forEach(take);
    const resumedUnits = results.size;
    if (cp.resumed) log(`resuming ${cp.file}: ${resumedUnits} attempt(s) already done over ${rounds} round(s)`);

    const total = cells.reduce((a, c) => a + c.target, 0);
    // Progress: valid triples per cell, capped at the target (duplicates are only known at the end of a round).
    const valid = cells.map(() => 0);
    for (const r of results.values()) if (r.triple !== undefined) valid[r.cell]++;
    const progress = () =>
      o.onProgress?.(
        cells.reduce((a, c) => a + Math.min(c.target, valid[c.index]), 0),
        total,
      );
    progress();
    const failedAttempts = new Map<string, string>();
    let invalid = 0;

    const attemptOne = async ({ cell, attempt }: { cell: StatementCell; attempt: number }) => {
      try {
        const res = await client.call(statementRequest(cell, settings), {
          sample: attempt,
          validate: (reply) => validateTriple(reply, cell.type),
        });
        const rec = { type: "result", cell: cell.index, attempt, triple: res.value, key: res.key, cached: res.fromCache };
        cp.append(rec);
        take(rec);
        valid[cell.index]++;
      } catch (err) {
        if (err instanceof AbortedError || isFatal(err)) throw err;
        if (err instanceof ContentError) {
          invalid++;
          const rec = { type: "result", cell: cell.index, attempt, invalid: err.message };
          cp.append(rec);
          take(rec);
        } else {
          failedAttempts.set(`${cell.index}:${attempt}`, (err as Error).message);
          log(`attempt ${attempt} of cell ${cell.index} (${cell.subject}, ${cell.type}) failed: ${(err as Error).message}`);
        }
      }
      progress();
    };

    for (;;) {
      // 1. Finish every planned attempt that has no result yet.
      const pending: { cell: StatementCell; attempt: number }[] = [];
      for (const cell of cells)
        for (let a = 0; a < planned[cell.index]; a++) if (!results.has(`${cell.index}:${a}`)) pending.push({ cell, attempt: a });
      await runPool(pending, o.concurrency ?? DEFAULT_LLM_CONCURRENCY, attemptOne);
      if (failedAttempts.size > 0) break;
      // 2. Plan the next round: each cell short of its target asks for what it lacks.
      const { kept } = selectTriples(cells, results, planned, settings.jaccard);
      const next: [number, number, number][] = [];
      for (const cell of cells) {
        const need = cell.target - kept[cell.index].length;
        const room = cell.maxAttempts - planned[cell.index];
        if (need > 0 && room > 0) next.push([cell.index, planned[cell.index], planned[cell.index] + Math.min(need, room)]);
      }
      if (next.length === 0) break;
      const rec = { type: "plan", round: rounds, attempts: next };
      cp.append(rec);
      take(rec);
    }

    const { kept, dropped } = selectTriples(cells, results, planned, settings.jaccard);
    o.onProgress?.(
      kept.reduce((a, k) => a + k.length, 0),
      total,
    );
    const shortfall = cells
      .filter((c) => kept[c.index].length < c.target)
      .map((c) => ({ cell: c.index, subject: c.subject, type: c.type, target: c.target, kept: kept[c.index].length }));
    const complete = failedAttempts.size === 0;
    let rows: StatementRow[] = [];
    if (complete) {
      const flat = kept.flat();
      const perm = seededPermutation(flat.length, settings.seed, 1);
      const nTrain = Math.round(ft * flat.length);
      const nVal = Math.round(fv * flat.length);
      const split: StatementRow["split"][] = new Array(flat.length);
      perm.forEach((i, k) => (split[i] = k < nTrain ? "train" : k < nTrain + nVal ? "validation" : "test"));
      rows = flat.map((k, i) => ({
        row: i,
        subject: cells[k.cell].subject,
        question: k.triple.question,
        answer: k.triple.answer,
        statement: k.triple.statement,
        label_question_type: cells[k.cell].type,
        split: split[i],
        cell: k.cell,
        attempt: k.attempt,
      }));
    }
    const splitCounts: Record<string, number> = {};
    for (const r of rows) splitCounts[r.split] = (splitCounts[r.split] ?? 0) + 1;
    const report = runReport("statements", client, cp, resumedUnits, started, {
      complete,
      target: total,
      rows: rows.length,
      attempts: results.size,
      rounds,
      invalidReplies: invalid,
      duplicatesDropped: dropped.filter((d) => !d.reason.startsWith("invalid")).length,
      failedAttempts: [...failedAttempts].map(([k, reason]) => ({ attempt: k, reason })),
      shortfall,
      splitCounts,
    });
    return { complete, rows, dropped, shortfall, report };
  } finally {
    cp.close();
  }
}
