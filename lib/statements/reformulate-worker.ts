/** Worker thread of ./reformulate-all: reformulates one contiguous share of the pairs. */
import { parentPort, workerData } from "node:worker_threads";
import { reformulateRange } from "./reformulate-all.js";

const { questions, answers } = workerData as { questions: string[]; answers: string[] };
parentPort?.postMessage(reformulateRange(questions, answers, 0, questions.length));
