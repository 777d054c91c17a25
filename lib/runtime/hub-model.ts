/**
 * A hub model as files on disk: which repository, revision and ONNX file a dtype reads, fetched
 * into the shared hub cache (or found there offline), so transformers.js loads the snapshot
 * folder like any local folder.
 *
 * The paper's model id is special: `cross-encoder/nli-deberta-v3-large` names its ONNX files the
 * sentence-transformers way (onnx/model.onnx, model_O1.onnx, model_qint8_avx512.onnx, …), so
 * transformers.js's fp16 and q8 names do not exist there. Its fp16 and q8 (and, when the pinned
 * revision has no onnx/ folder, its fp32) are read from the transformers.js conversion of the
 * same weights, and the choice is printed.
 */
import { PAPER_NLI_CONVERSION, PAPER_NLI_CONVERSION_REVISION, PAPER_NLI_MODEL } from "../constants.js";
import { isCommitHash } from "./hub-cache.js";
import type { HubClient } from "./hub-client.js";
import { HubError } from "./hub-client.js";
import { ONNX_FILE_FOR_DTYPE, type OnnxDtype } from "./model-ref.js";

/** One place an ONNX file of a model can come from. */
export interface OnnxSource {
  readonly repo: string;
  readonly revision: string;
  /** Path inside the repository, e.g. "onnx/model_fp16.onnx". */
  readonly file: string;
  /** Why this source, when it is not the repository the user named. */
  readonly note?: string;
}

/** The sources to try for a hub model and dtype, best first; an explicit file is the only source. */
export function onnxSources(id: string, revision: string, dtype: OnnxDtype, onnxFile?: string): OnnxSource[] {
  if (onnxFile !== undefined) return [{ repo: id, revision, file: onnxFile }];
  const own: OnnxSource = { repo: id, revision, file: `onnx/${ONNX_FILE_FOR_DTYPE[dtype]}` };
  if (id !== PAPER_NLI_MODEL) return [own];
  const conversion: OnnxSource = {
    repo: PAPER_NLI_CONVERSION,
    revision: PAPER_NLI_CONVERSION_REVISION,
    file: `onnx/${ONNX_FILE_FOR_DTYPE[dtype]}`,
    note: `${PAPER_NLI_MODEL} has no transformers.js ${dtype} file; ${PAPER_NLI_CONVERSION} is the transformers.js conversion of the same weights`,
  };
  return dtype === "fp32"
    ? [
        own,
        {
          ...conversion,
          note: `${PAPER_NLI_MODEL}@${revision} has no onnx/model.onnx; ${PAPER_NLI_CONVERSION} is the transformers.js conversion of the same weights`,
        },
      ]
    : [conversion];
}

/** A hub model fetched into the hub cache: the snapshot folder transformers.js loads, and where it came from. */
export interface FetchedHubModel {
  readonly dir: string;
  readonly repo: string;
  readonly revision: string;
  readonly commit: string;
  /** The ONNX file, relative to dir. */
  readonly onnxFile: string;
  /** The ONNX file's SHA-256, measured of its bytes (a blob is checked against its name before use). */
  readonly sha256: string;
  readonly externalData: boolean;
  readonly note?: string;
}

export interface FetchHubModelOptions {
  /** Files besides the ONNX file that must be there (default config.json, tokenizer.json, tokenizer_config.json). */
  readonly files?: readonly string[];
  readonly log?: (line: string) => void;
}

const NEEDED = ["config.json", "tokenizer.json", "tokenizer_config.json"];

/**
 * Finds the first source whose ONNX file exists, then fetches it and the files beside it (or,
 * with HF_HUB_OFFLINE, checks that the cache holds them all and names every missing one). A
 * branch is resolved to its commit once, and every file is then fetched at that commit, so the
 * snapshot holds one commit's files even when the branch moves meanwhile.
 */
export async function fetchHubModel(
  client: HubClient,
  sources: readonly OnnxSource[],
  options: FetchHubModelOptions = {},
): Promise<FetchedHubModel> {
  const log = options.log ?? (() => {});
  const tried: string[] = [];
  let chosen: { source: OnnxSource; commit: string } | undefined;
  for (const s of sources) {
    const commit = await client.locate(s.repo, s.revision, s.file);
    if (commit !== undefined) {
      chosen = { source: s, commit };
      break;
    }
    tried.push(`${s.repo}@${s.revision}: ${s.file}`);
  }
  const files = options.files ?? NEEDED;
  if (!chosen) {
    if (client.settings.offline) {
      throw new HubError(
        `HF_HUB_OFFLINE is set and the hub cache ${client.settings.cacheDir} lacks ${tried.join(" and ")} (with ${files.join(", ")}); run once with network access, or copy a huggingface_hub cache there`,
      );
    }
    throw new HubError(
      `no ONNX file for this model on ${client.settings.endpoint}: tried ${tried.join(", ")}; name one with the onnxFile option, or export the model to a local folder`,
    );
  }
  const { source, commit } = chosen;
  if (client.settings.offline) {
    const missing = files.filter((f) => !client.cache.cachedFile(source.repo, commit, f));
    if (missing.length > 0)
      throw new HubError(
        `HF_HUB_OFFLINE is set and the hub cache ${client.settings.cacheDir} lacks ${source.repo}@${source.revision}: ${missing.join(", ")}; run once with network access`,
      );
  }
  for (const f of files) await client.fetchFile(source.repo, commit, f);
  const onnx = await client.fetchFile(source.repo, commit, source.file);
  const dataFile = `${source.file}_data`;
  // Whether the hub has the weights' external data (a failed request counts as no; a link out of the cache is an error).
  const externalData = await client.has(source.repo, commit, dataFile).catch((err: unknown) => {
    if (err instanceof HubError) return false;
    throw err;
  });
  if (externalData) await client.fetchFile(source.repo, commit, dataFile);
  const note = source.note ? `; ${source.note}` : "";
  log(
    `model files: ${source.repo}@${source.revision}${commit !== source.revision ? ` (commit ${commit.slice(0, 12)})` : ""} ${source.file}, from ${client.settings.offline ? "the hub cache (offline)" : client.settings.endpoint} via ${client.settings.cacheDir}${note}`,
  );
  return {
    dir: client.cache.snapshotDir(source.repo, commit),
    repo: source.repo,
    revision: source.revision,
    commit,
    onnxFile: source.file,
    sha256: onnx.sha256,
    externalData,
    note: source.note,
  };
}

/**
 * The commit a hub model's revision names now, for the NLI cache's key: a commit hash is itself
 * (no request); a branch or tag is asked of the hub (one request), or, offline or when the hub
 * cannot be reached, read from the hub cache's refs, with a line saying which commit that is.
 * A mirror that names no commit gives the revision back.
 */
export async function resolveModelCommit(
  client: HubClient,
  repo: string,
  revision: string,
  log: (line: string) => void = () => {},
): Promise<string> {
  if (isCommitHash(revision)) return revision;
  const commit = await client.resolveCommit(repo, revision);
  if (client.settings.offline) {
    log(
      isCommitHash(commit)
        ? `model ${repo}@${revision}: commit ${commit}, as the hub cache ${client.settings.cacheDir} holds it (HF_HUB_OFFLINE is set: the hub was not asked whether ${revision} moved)`
        : `model ${repo}@${revision}: the hub cache's snapshot named ${revision} (its mirror named no commit; HF_HUB_OFFLINE is set)`,
    );
  }
  return commit;
}

/**
 * A hub model's tokenizer and config.json alone, in the hub cache (for engines whose weights are
 * elsewhere: a KServe server is sent token ids capqa makes): the snapshot folder and its commit.
 */
export async function fetchHubTokenizer(
  client: HubClient,
  repo: string,
  revision: string,
  options: { readonly log?: (line: string) => void } = {},
): Promise<{ dir: string; commit: string }> {
  const commit = await client.locate(repo, revision, NEEDED[0]);
  const missing = commit === undefined ? NEEDED : NEEDED.filter((f) => !client.cache.cachedFile(repo, commit, f));
  if (client.settings.offline && missing.length > 0) {
    throw new HubError(
      `HF_HUB_OFFLINE is set and the hub cache ${client.settings.cacheDir} lacks ${repo}@${revision}: ${missing.join(", ")}; run once with network access`,
    );
  }
  if (commit === undefined)
    throw new HubError(`${repo}@${revision}: ${NEEDED[0]}: no such file on ${client.settings.endpoint}`, 404, "EntryNotFound");
  for (const f of NEEDED) await client.fetchFile(repo, commit, f);
  options.log?.(
    `tokenizer files: ${repo}@${revision}${commit !== revision ? ` (commit ${commit.slice(0, 12)})` : ""} via ${client.settings.cacheDir}`,
  );
  return { dir: client.cache.snapshotDir(repo, commit), commit };
}
