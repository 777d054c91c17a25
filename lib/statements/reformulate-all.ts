/**
 * The built-in reformulator over many (question, answer) pairs, in order: in this thread for
 * small batches; for large ones, worker threads join in as soon as each has loaded the NLP
 * libraries (about 0.7 s), taking chunks of pairs from the same queue as this thread, so a worker
 * that is slow to start costs nothing and the threads finish together.
 *
 * @example
 * const made = await reformulateAll(["Who wrote Hamlet?"], ["William Shakespeare"]);
 * made[0].statement; // "William Shakespeare wrote Hamlet."
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { REFORMULATE_CHUNK_PAIRS, REFORMULATE_PARALLEL_MIN } from "../constants.js";
import { reformulate } from "./builtin.js";
import type { Reformulation } from "./types.js";

export interface ReformulateAllOptions {
  /** Threads that reformulate, this one included; default: the machine's parallelism (at most 8); 1 works in this thread only. */
  readonly threads?: number;
  /** Batches smaller than this stay in this thread (default REFORMULATE_PARALLEL_MIN). */
  readonly parallelMin?: number;
  /** Pairs handed out at a time (default REFORMULATE_CHUNK_PAIRS). */
  readonly chunkPairs?: number;
  /**
   * Whether this thread reformulates too (default true). False leaves every pair to `threads` worker threads, so this
   * thread's event loop stays free (a server, a notebook kernel).
   */
  readonly inThisThread?: boolean;
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
  const inThisThread = options.inThisThread ?? true;
  const threads = Math.max(1, Math.min(options.threads ?? Math.min(availableParallelism(), 8), n < parallelMin ? 1 : Math.ceil(n / 100)));
  if (threads === 1 && inThisThread) {
    const out: Reformulation[] = [];
    for (let i = 0; i < n; i++) {
      out.push(reformulate(questions[i], answers[i]));
      if (options.onProgress && ((i + 1) % 500 === 0 || i + 1 === n)) options.onProgress(i + 1, n);
    }
    return out;
  }
  return reformulateShared(questions, answers, inThisThread ? threads - 1 : threads, inThisThread, options);
}

/** The pairs in chunks from one queue, taken by `workers` worker threads and (with `inThisThread`) this one. */
function reformulateShared(
  questions: readonly string[],
  answers: readonly string[],
  workers: number,
  inThisThread: boolean,
  options: ReformulateAllOptions,
): Promise<Reformulation[]> {
  const n = questions.length;
  const size = Math.max(1, options.chunkPairs ?? REFORMULATE_CHUNK_PAIRS);
  const parts: Reformulation[][] = new Array(Math.ceil(n / size));
  let next = 0;
  let done = 0;
  let finished = false;
  const threads: Worker[] = [];
  const claim = (): number | undefined => (next < parts.length ? next++ : undefined);
  return new Promise<Reformulation[]>((resolve, reject) => {
    const fail = (error: unknown) => {
      if (finished) return;
      finished = true;
      for (const w of threads) void w.terminate();
      reject(error);
    };
    const store = (chunk: number, part: Reformulation[]) => {
      parts[chunk] = part;
      done += part.length;
      options.onProgress?.(done, n);
      if (done < n || finished) return;
      finished = true;
      for (const w of threads) void w.terminate();
      resolve(parts.flat());
    };
    const give = (worker: Worker) => {
      const chunk = claim();
      if (chunk === undefined) return;
      const from = chunk * size;
      worker.postMessage({ chunk, questions: questions.slice(from, from + size), answers: answers.slice(from, from + size) });
    };
    for (let t = 0; t < workers; t++) {
      const worker = new Worker(new URL("./reformulate-worker.js", import.meta.url));
      threads.push(worker);
      worker.on("message", (message: { chunk?: number; part?: Reformulation[] }) => {
        if (message.chunk !== undefined && message.part) store(message.chunk, message.part);
        if (!finished) give(worker);
      });
      worker.once("error", fail);
      worker.once("exit", (code) => code !== 0 && fail(new Error(`reformulator worker exited with code ${code}`)));
    }
    if (!inThisThread) return;
    // This thread's share: a chunk at a time, letting the workers' messages in between.
    const work = () => {
      if (finished) return;
      const chunk = claim();
      if (chunk === undefined) return;
      const from = chunk * size;
      try {
        store(chunk, reformulateRange(questions, answers, from, Math.min(n, from + size)));
      } catch (error) {
        fail(error);
        return;
      }
      setImmediate(work);
    };
    work();
  });
}
