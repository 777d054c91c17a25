/**
 * One entry for NLI over inference servers: `connectNliServer` returns an NliEngine for either
 * protocol, and `nliServerModelKey` the cache identity of what the servers serve (asked of them,
 * before any pair is sent), so the cache and resume work as with in-process models.
 *
 * @example
 * const engine = await connectNliServer({ server: { urls: ["http://gpu1:8080", "http://gpu2:8080"], protocol: "tei" } });
 */
import { batchLimitsOf } from "../batching.js";
import type { NliEngine } from "../engine.js";
import { connectKserveNli, kserveModelKey, probeKserve } from "./kserve-engine.js";
import type { NliServerConnectOptions } from "../model-spec.js";
import { checkServerOptions } from "./options.js";
import { ServerPool } from "./server-pool.js";
import { connectTeiNli, probeTei, teiModelKey } from "./tei-engine.js";

/** An engine that sends pairs to the servers of `options.server`, after checking every replica. */
export async function connectNliServer(options: NliServerConnectOptions): Promise<NliEngine> {
  checkServerOptions(options.server);
  if (options.server.protocol === "tei") return connectTeiNli({ server: options.server, batchSize: options.batchSize, log: options.log });
  return connectKserveNli({ ...options, limits: batchLimitsOf(options) });
}

/** The cache identity of the model the servers serve, asked of them (GET /info or the KServe model metadata). */
export async function nliServerModelKey(options: NliServerConnectOptions): Promise<string> {
  checkServerOptions(options.server);
  const pool = new ServerPool(options.server.urls, options.server.protocol, options.server);
  if (options.server.protocol === "tei") {
    const { info } = await probeTei(pool);
    return teiModelKey(info, options.server.output);
  }
  const { metadata } = await probeKserve(pool, options.server);
  return kserveModelKey(options.server, metadata, options);
}
