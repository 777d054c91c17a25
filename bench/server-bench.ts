/**
 * NLI throughput through each inference-server protocol, against the local stand-in servers
 * of the tests (test/support/nli-servers.ts) answering with a model folder through capqa's own
 * classifier, and the peak memory of long pairs with token-budget batches against fixed ones.
 * The stand-ins run in this process, so the figures measure capqa's client, HTTP and JSON on
 * top of the model (the same CPU computes both sides), not a real server's GPU.
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { resolve } from "node:path";
import { loadNliEngine } from "../lib/nli/load-engine.js";
import { loadNliClassifier } from "../lib/nli/transformers-engine.js";
import { startNliTestServer } from "../test/support/nli-servers.js";
import { benchPairs } from "./nli-bench.js";

export interface ServerThroughput {
  readonly backend: string;
  readonly pairs: number;
  readonly seconds: number;
  readonly pairsPerSecond: number;
  readonly requests: number;
}

/** Pairs per second in-process and through each protocol's local server, for one model folder. */
export async function measureServerThroughput(model: string, pairs: number): Promise<ServerThroughput[]> {
  const { premises, hypotheses } = benchPairs(pairs, 8);
  const out: ServerThroughput[] = [];
  const time = async (backend: string, options: Parameters<typeof loadNliEngine>[0]) => {
    const engine = await loadNliEngine(options);
    await engine.probabilities(premises.slice(0, 128), hypotheses.slice(0, 128)); // warm-up
    const requestsBefore = engine.server?.requests ?? 0;
    const t = performance.now();
    await engine.probabilities(premises, hypotheses);
    const seconds = (performance.now() - t) / 1000;
    out.push({ backend, pairs, seconds, pairsPerSecond: pairs / seconds, requests: (engine.server?.requests ?? 0) - requestsBefore });
    await engine.dispose();
  };
  await time("in-process CPU", { model });
  const classifier = await loadNliClassifier({ model });
  for (const protocol of ["kserve", "tei"] as const) {
    const server = await startNliTestServer({ protocol, classifier });
    await time(`${protocol} (local server)`, { model, server: { urls: [server.url], protocol, modelName: "nli" } });
    await server.close();
    // The client alone: a server that answers at once, so the figure is what one capqa process can feed.
    const instant = await startNliTestServer({ protocol, classifier, instant: true });
    await time(`${protocol} client alone (a server answering at once)`, {
      model,
      server: { urls: [instant.url], protocol, modelName: "nli", concurrency: 8 },
    });
    await instant.close();
  }
  await classifier.dispose();
  return out;
}

export interface MemoryPeak {
  readonly mode: string;
  readonly pairs: number;
  readonly batchSize: number;
  readonly seconds: number;
  readonly peakRssMiB: number;
  readonly batches: number;
}

/** Peak resident memory of one run over `pairs` long pairs, in a child process per mode. */
export function measureMemoryPeak(model: string, mode: "adaptive" | "fixed", pairs: number, batchSize: number): MemoryPeak {
  const r = spawnSync(process.execPath, [resolve("dist/bench/memory-run.js"), model, mode, String(pairs), String(batchSize)], {
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`memory run (${mode}) failed: ${r.stderr.slice(-500)}`);
  return JSON.parse(r.stdout.trim().split("\n").pop()!) as MemoryPeak;
}
