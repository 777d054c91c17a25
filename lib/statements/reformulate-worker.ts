/** Worker thread of ./reformulate-all: loads the NLP libraries, says so, then reformulates each chunk of pairs it is sent. */
import { parentPort } from "node:worker_threads";
import { warmUpNlp } from "./nlp.js";
import { reformulateRange } from "./reformulate-all.js";

warmUpNlp();
parentPort?.on("message", (job: { chunk: number; questions: string[]; answers: string[] }) => {
  parentPort?.postMessage({ chunk: job.chunk, part: reformulateRange(job.questions, job.answers, 0, job.questions.length) });
});
parentPort?.postMessage({ ready: true });
