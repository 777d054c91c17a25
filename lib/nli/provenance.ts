/**
 * Where the NLI model of a run came from, for its manifest (lib/io/manifest.ts records it): hub id,
 * revision, commit, file and SHA-256, a local folder's file and SHA-256, or the inference server.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_KSERVE_MODEL_NAME } from "../constants.js";
import { fileDigest, type ManifestModelInput } from "../io/manifest.js";
import type { Dtype } from "../runtime/device.js";
import { HubCache } from "../runtime/hub-cache.js";
import { onnxSources } from "../runtime/hub-model.js";
import { hubSettings } from "../runtime/hub-settings.js";
import { resolveNliModelSpec, type NliModelSpec } from "./model-spec.js";
import type { NliServerOptions } from "./server/options.js";
import { displayUrl } from "./server/server-pool.js";

/**
 * The provenance of the NLI model that `options` name (as scoreFile and loadTransformersNli read
 * them), for runs that did not load it (every pair from the cache): hub id and revision with the
 * ONNX file's path in the repository (its SHA-256 when the hub cache holds it), or a local folder with
 * the full SHA-256 of the ONNX file (streamed). `device` is where inference ran, if it did.
 */
export async function nliModelProvenance(
  options: {
    readonly model?: string;
    readonly revision?: string;
    readonly modelsDir?: string;
    readonly dtype?: Dtype;
    readonly onnxFile?: string;
    readonly server?: NliServerOptions;
  },
  device: string | null = null,
): Promise<ManifestModelInput> {
  return nliProvenanceOf(resolveNliModelSpec(options), device);
}

/** nliModelProvenance of a resolved spec. */
export async function nliProvenanceOf(spec: NliModelSpec, device: string | null = null): Promise<ManifestModelInput> {
  if (spec.server) {
    const { server } = spec.server;
    const urls = server.urls.map(displayUrl).join(", ");
    return {
      source: "server",
      id: server.protocol === "kserve" ? (server.modelName ?? DEFAULT_KSERVE_MODEL_NAME) : urls,
      revision: server.modelVersion ?? null,
      file: null,
      sha256: null,
      dtype: null,
      device: "server",
      note: `${server.protocol} at ${urls}`,
    };
  }
  const { ref, dtype, onnxFile: file } = spec;
  if (ref.kind === "hub") {
    // The files a load would read, when the hub cache already holds them (a file's SHA-256 is its blob's name).
    const cache = new HubCache(hubSettings().cacheDir);
    for (const s of onnxSources(ref.id, ref.revision, dtype, spec.namedOnnxFile)) {
      const cached = cache.cachedFile(s.repo, s.revision, s.file);
      if (!cached) continue;
      const sha256 = (await fileDigest(cached)).sha256;
      const commit = cache.commitOf(s.repo, s.revision);
      return {
        source: "hub",
        id: ref.id,
        revision: ref.revision,
        ...(s.repo !== ref.id || s.revision !== ref.revision ? { repo: s.repo, repoRevision: s.revision } : {}),
        ...(commit ? { commit } : {}),
        file: s.file,
        sha256,
        dtype,
        device,
        ...(s.note ? { note: s.note } : {}),
      };
    }
    return { source: "hub", id: ref.id, revision: ref.revision, file, sha256: null, dtype, device };
  }
  const path = join(ref.dir, file);
  const sha256 = existsSync(path) ? (await fileDigest(path)).sha256 : null;
  return { source: "local", id: ref.dir, revision: null, file, sha256, dtype, device };
}
