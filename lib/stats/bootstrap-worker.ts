/** Worker thread of ./bootstrap: evaluates one range of resamples into shared memory. */
import { parentPort, workerData } from "node:worker_threads";
import { runResampleRange, type BootstrapJob } from "./bootstrap.js";

const { job, from, to, shared } = workerData as { job: BootstrapJob; from: number; to: number; shared: SharedArrayBuffer };
const out = new Float64Array(shared);
let pending = 0;
runResampleRange(job, from, to, out, () => {
  if (++pending === 250) {
    parentPort?.postMessage({ done: pending });
    pending = 0;
  }
});
if (pending > 0) parentPort?.postMessage({ done: pending });
