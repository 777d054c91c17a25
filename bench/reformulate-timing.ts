/**
 * One timing of the built-in reformulator, run in a worker thread of its own so that every timing starts with empty caches (the
 * reformulator memoises per pair and per question within a thread). `npm run bench` starts one per thread setting.
 */
import { parentPort, workerData } from "node:worker_threads";
import { performance } from "node:perf_hooks";
import { warmUpNlp } from "../lib/statements/nlp.js";
import { reformulateAll } from "../lib/statements/reformulate-all.js";

export interface ReformulateTiming {
  readonly pairs: number;
  readonly seconds: number;
  readonly loadSeconds: number;
  readonly flagged: number;
}

const { questions, answers, threads } = workerData as { questions: string[]; answers: string[]; threads?: number };
let t = performance.now();
warmUpNlp();
const loadSeconds = (performance.now() - t) / 1000;
t = performance.now();
const made = await reformulateAll(questions, answers, { threads });
const seconds = (performance.now() - t) / 1000;
const timing: ReformulateTiming = { pairs: made.length, seconds, loadSeconds, flagged: made.filter((m) => m.flagged).length };
parentPort?.postMessage(timing);
