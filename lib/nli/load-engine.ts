/**
 * One entry for every NLI engine: in-process (transformers.js over onnxruntime, a folder or hub
 * id) or inference servers (`server`: TEI or KServe v2 replicas), the same options and the same
 * NliEngine either way, so scoring, the cache and resume do not care which.
 *
 * @example
 * const local = await loadNliEngine({ model: "cross-encoder/nli-deberta-v3-large" });
 * const remote = await loadNliEngine({ server: { urls: ["http://127.0.0.1:8000"], protocol: "kserve" }, model: "cross-encoder/nli-deberta-v3-large" });
 */
import type { NliEngine } from "./engine.js";
import { connectNliServer, nliServerModelKey } from "./server/connect.js";
import type { NliServerOptions } from "./server/options.js";
import { loadTransformersNli, type TransformersNliOptions } from "./transformers-engine.js";

export interface NliEngineOptions extends TransformersNliOptions {
  /**
   * Inference servers instead of an in-process model. With "kserve", `model` names the served
   * model's tokenizer and config.json; with "tei" the server tokenizes, and `model`, `dtype`,
   * `device` and `onnxFile` are not used.
   */
  readonly server?: NliServerOptions;
}

export function loadNliEngine(options: NliEngineOptions = {}): Promise<NliEngine> {
  return options.server ? connectNliServer({ ...options, server: options.server }) : loadTransformersNli(options);
}

/** The cache identity of the servers' model (asked of them), for lookups before any engine is made. */
export function serverModelKeyFor(options: NliEngineOptions & { server: NliServerOptions }): Promise<string> {
  return nliServerModelKey({ ...options, server: options.server });
}
