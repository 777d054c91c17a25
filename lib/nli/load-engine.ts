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
import { specModelKeyBeforeLoading } from "./model-key.js";
import { resolveNliModelSpec, type NliModelSpec } from "./model-spec.js";
import { connectNliServer, nliServerModelKey } from "./server/connect.js";
import type { NliServerOptions } from "./server/options.js";
import { loadTransformersNliOf, type TransformersNliOptions } from "./transformers-engine.js";

export interface NliEngineOptions extends TransformersNliOptions {
  /**
   * Inference servers instead of an in-process model. With "kserve", `model` names the served
   * model's tokenizer and config.json; with "tei" the server tokenizes, and `model`, `dtype`,
   * `device` and `onnxFile` are not used.
   */
  readonly server?: NliServerOptions;
}

export async function loadNliEngine(options: NliEngineOptions = {}): Promise<NliEngine> {
  return loadNliEngineOf(resolveNliModelSpec(options));
}

/** loadNliEngine of a resolved spec. */
export function loadNliEngineOf(spec: NliModelSpec): Promise<NliEngine> {
  return spec.server ? connectNliServer(spec.server) : loadTransformersNliOf(spec);
}

/** The cache identity of a spec's model, known without loading it: asked of the servers, or from the folder or hub id. */
export function nliModelKeyOf(spec: NliModelSpec): Promise<string> {
  return spec.server ? nliServerModelKey(spec.server) : specModelKeyBeforeLoading(spec);
}

/** The cache identity of the servers' model (asked of them), for lookups before any engine is made. */
export function serverModelKeyFor(options: NliEngineOptions & { server: NliServerOptions }): Promise<string> {
  return nliServerModelKey({ ...options, server: options.server });
}
