/**
 * Answer collection (Sec. 7.4, App. C.2): every row's question is sent with the exam-style
 * system prompt, temperature 0 and a 256-token output cap; the output is the input, row for row,
 * plus the answer and the model, in a form `capqa score` reads (question, gold_answer, answer).
 *
 * Input columns that describe another answer are kept under an "original_" name so that score
 * does not mistake them for this one: answer, hypothesis (the statement of the old candidate),
 * label_semantic and label_semantic_manual (its labels).
 */
import { DEFAULT_LLM_CONCURRENCY } from "../constants.js";
import { Checkpoint, type CheckpointRecord } from "./checkpoint.js";
import { AbortedError, type LlmClient, type Validation } from "./client.js";
import { ANSWER_MAX_TOKENS, ANSWER_SYSTEM_PROMPT, ANSWER_TEMPERATURE } from "./prompts.js";
import type { ChatReply, ChatRequest } from "./providers.js";
import { fingerprint, isFatal, runPool, runReport, type RunControl, type RunResult } from "./run.js";

export interface AnswerSettings {
  readonly maxTokens: number;
  readonly temperature?: number;
  readonly topP?: number;
}

export const DEFAULT_ANSWER_SETTINGS: AnswerSettings = { maxTokens: ANSWER_MAX_TOKENS, temperature: ANSWER_TEMPERATURE };

/** Input columns renamed in the output, because they describe a different answer. */
export const RENAMED_COLUMNS = ["answer", "hypothesis", "label_semantic", "label_semantic_manual"] as const;
export const ADDED_COLUMNS = ["answer", "model", "stop_reason"] as const;

export function answerRequest(question: string, settings: AnswerSettings): ChatRequest {
  return {
    system: ANSWER_SYSTEM_PROMPT,
    user: question,
    maxTokens: settings.maxTokens,
    temperature: settings.temperature,
    topP: settings.topP,
  };
}

export function validateAnswer(reply: ChatReply): Validation<string> {
  const text = reply.text.trim();
  if (text === "") return { ok: false, kind: "empty_string", reason: "the answer is empty" };
  return { ok: true, value: text };
}

export interface AnswerRunOptions extends RunControl {
  readonly client: LlmClient;
  readonly columns: readonly string[];
  readonly rows: readonly Record<string, unknown>[];
  readonly settings: AnswerSettings;
}

export type AnswerRunResult = RunResult<{ row: number }>;

function questionOf(row: Record<string, unknown>, i: number): string {
  const q = row.question;
  if (typeof q === "string") return q;
  if (typeof q === "number") return String(q);
  throw new Error(`row ${i}: no question`);
}

export function answersFingerprint(client: LlmClient, rows: readonly Record<string, unknown>[], settings: AnswerSettings): string {
  return fingerprint({
    kind: "answers",
    provider: client.provider.name,
    model: client.provider.model,
    settings,
    system: ANSWER_SYSTEM_PROMPT,
    questions: rows.map(questionOf),
  });
}

/** Output column order: the input's (renamed where needed), then answer, model, stop_reason. */
export function answerColumns(input: readonly string[]): { columns: string[]; renames: Map<string, string> } {
  const renames = new Map<string, string>();
  const columns = input.map((c) => {
    if ((RENAMED_COLUMNS as readonly string[]).includes(c)) {
      const to = `original_${c}`;
      if (input.includes(to)) throw new Error(`the input has both ${c} and ${to}; rename one of them`);
      renames.set(c, to);
      return to;
    }
    if (c === "model" || c === "stop_reason") throw new Error(`the input already has a "${c}" column`);
    return c;
  });
  return { columns: [...columns, ...ADDED_COLUMNS], renames };
}

export async function runAnswers(o: AnswerRunOptions): Promise<AnswerRunResult> {
  const started = Date.now();
  const log = o.log ?? (() => {});
  const { client, rows, settings } = o;
  if (!o.columns.includes("question")) throw new Error(`the input needs a "question" column; it has ${o.columns.join(", ")}`);
  const questions = rows.map(questionOf);
  const { columns, renames } = answerColumns(o.columns);
  const cp = Checkpoint.open(o.checkpoint, "answers", answersFingerprint(client, rows, settings), {
    restart: o.restart,
    extra: { provider: client.provider.name, model: client.provider.model, rows: rows.length },
  });
  try {
    const answers = new Map<number, { answer: string; stop: string | null }>();
    const take = (r: CheckpointRecord) => {
      if (r.type === "answer" && !answers.has(r.row as number))
        answers.set(r.row as number, { answer: r.answer as string, stop: (r.stop_reason as string | null) ?? null });
    };
    cp.records.forEach(take);
    const resumedUnits = answers.size;
    if (cp.resumed) log(`resuming ${cp.file}: ${resumedUnits} of ${rows.length} rows already answered`);
    const errors = new Map<number, string>();
    let done = answers.size;
    o.onProgress?.(done, rows.length);
    const pending = questions.map((_, i) => i).filter((i) => !answers.has(i));
    await runPool(pending, o.concurrency ?? DEFAULT_LLM_CONCURRENCY, async (i) => {
      try {
        const res = await client.call(answerRequest(questions[i], settings), { validate: validateAnswer });
        const rec = {
          type: "answer",
          row: i,
          answer: res.value,
          stop_reason: res.reply.stopReason,
          model: res.reply.model,
          key: res.key,
          cached: res.fromCache,
        };
        cp.append(rec);
        take(rec);
        done++;
        o.onProgress?.(done, rows.length);
      } catch (err) {
        if (err instanceof AbortedError || isFatal(err)) throw err;
        errors.set(i, (err as Error).message);
        cp.append({ type: "failed", row: i, reason: (err as Error).message });
        log(`row ${i} failed: ${(err as Error).message}`);
      }
    });
    const failed = [...errors].sort(([a], [b]) => a - b).map(([row, reason]) => ({ row, reason }));
    const out = rows.map((r, i) => {
      const row: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(r)) row[renames.get(k) ?? k] = v;
      const a = answers.get(i);
      row.answer = a?.answer ?? "";
      row.model = client.provider.model;
      row.stop_reason = a?.stop ?? "";
      if (a === undefined) row.error = errors.get(i) ?? "not answered";
      return row;
    });
    const outColumns = failed.length > 0 ? [...columns, "error"] : columns;
    const truncated = [...answers.values()].filter((a) => a.stop === "max_tokens" || a.stop === "length").length;
    const report = runReport("answers", client, cp, resumedUnits, started, {
      rows: rows.length,
      answered: answers.size,
      failedRows: failed.length,
      truncatedAnswers: truncated,
      renamedColumns: Object.fromEntries(renames),
    });
    return { columns: outColumns, rows: out, failed, report };
  } finally {
    cp.close();
  }
}
