/**
 * The built-in reformulator over many (question, answer) pairs, in order: in this thread for
 * small batches, spread over worker threads for large ones (each worker loads the NLP libraries
 * once, about 0.7 s, while this thread works on its own share).
 *
 * @example
 * const made = await reformulateAll(["Who wrote Hamlet?"], ["William Shakespeare"]);
 * made[0].statement; // "William Shakespeare wrote Hamlet."
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { REFORMULATE_PARALLEL_MIN } from "../constants.js";
import { reformulate } from "./builtin.js";
import type { Reformulation } from "./types.js";

export interface ReformulateAllOptions {
  /** Worker threads; default: the machine's parallelism (at most 8); 1 works in this thread only. */
  readonly threads?: number;
  /** Batches smaller than this stay in this thread (default REFORMULATE_PARALLEL_MIN). */
  readonly parallelMin?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

function checkLengths(questions: readonly string[], answers: readonly string[]): void {
  if (questions.length !== answers.length)
    throw new RangeError(`${questions.length} questions but ${answers.length} answers: they must pair up one to one`);
  questions.forEach((q, i) => {
    if (typeof q !== "string") throw new TypeError(`questions[${i}] is not a string`);
    if (typeof answers[i] !== "string") throw new TypeError(`answers[${i}] is not a string`);
  });
}

/** Reformulates pairs [from, to) in this thread. */
export function reformulateRange(questions: readonly string[], answers: readonly string[], from: number, to: number): Reformulation[] {
  const out: Reformulation[] = [];
  for (let i = from; i < to; i++) out.push(reformulate(questions[i], answers[i]));
  return out;
}

/** Statements (with rule and doubts) for every pair, in input order. */
export async function reformulateAll(
  questions: readonly string[],
  answers: readonly string[],
  options: ReformulateAllOptions = {},
): Promise<Reformulation[]> {
  checkLengths(questions, answers);
  const n = questions.length;
  const parallelMin = options.parallelMin ?? REFORMULATE_PARALLEL_MIN;
  const threads = Math.max(1, Math.min(options.threads ?? Math.min(availableParallelism(), 8), n < parallelMin ? 1 : Math.ceil(n / 100)));
  if (threads === 1) {
    const out: Reformulation[] = [];
    for (let i = 0; i < n; i++) {
      out.push(reformulate(questions[i], answers[i]));
      if (options.onProgress && ((i + 1) % 500 === 0 || i + 1 === n)) options.onProgress(i + 1, n);
    }
    return out;
  }
  const chunk = Math.ceil(n / threads);
  let done = 0;
  const report = (k: number) => {
    done += k;
    options.onProgress?.(done, n);
  };
  const parts = await Promise.all(
    Array.from({ length: threads }, (_, t) => {
      const from = t * chunk;
      const to = Math.min(n, from + chunk);
      if (t === 0) {
        // This thread's share, after the workers have been started.
        return new Promise<Reformulation[]>((resolve) =>
          setImmediate(() => {
            const part = reformulateRange(questions, answers, from, to);
            report(part.length);
            resolve(part);
          }),
        );
      }
      return new Promise<Reformulation[]>((resolve, reject) => {
        const worker = new Worker(new URL("./reformulate-worker.js", import.meta.url), {
          workerData: { questions: questions.slice(from, to), answers: answers.slice(from, to) },
        });
        worker.once("message", (part: Reformulation[]) => {
          report(part.length);
          resolve(part);
        });
        worker.once("error", reject);
        worker.once("exit", (code) => code !== 0 && reject(new Error(`reformulator worker exited with code ${code}`)));
      });
    }),
  );
  return parts.flat();
}
