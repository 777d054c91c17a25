/**
 * Downloads from the Hugging Face hub (or the mirror HF_ENDPOINT names) into the shared hub
 * cache, the way Python's `huggingface_hub` does: a HEAD request on
 * `{endpoint}/{repo}/resolve/{revision}/{path}` gives the commit (X-Repo-Commit), the etag
 * (X-Linked-Etag for LFS files, else ETag) and the size; the GET follows the redirect to the
 * file's storage. The token goes to the endpoint's origin only, never to the host a redirect
 * names, and never into a message. With HF_HUB_OFFLINE no request is made: cached files only.
 *
 * capqa downloads itself instead of through transformers.js, whose downloader keeps its own
 * cache layout (not huggingface_hub's) and reads a whole ONNX file into memory before the
 * runtime loads it; transformers.js then loads the cached snapshot folder from disk.
 *
 * @example
 * const client = new HubClient(hubSettings());
 * const path = await client.download("cross-encoder/nli-deberta-v3-large", "main", "config.json");
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DEFAULT_HUB_TIMEOUT_MS } from "../constants.js";
import { HubCache, checkRepoPath, isCommitHash } from "./hub-cache.js";
import type { HubSettings } from "./hub-settings.js";

/** What the hub says about a file before it is downloaded. */
export interface HubFileMetadata {
  /**
   * The commit (X-Repo-Commit). A mirror that sends none gets the revision itself as the
   * snapshot folder's name, which is where huggingface_hub looks when a revision has no ref.
   */
  readonly commit: string;
  /**
   * huggingface_hub's blob name: the LFS SHA-256, or the git blob SHA-1; undefined when the
   * mirror sends no etag, and the blob is then named by the SHA-256 of the bytes received.
   */
  readonly etag: string | undefined;
  readonly size: number | undefined;
  /** Where the bytes are (the storage a redirect names), or the resolve URL itself. */
  readonly location: string;
}

/** A hub request that failed for a reason the user can act on. */
export class HubError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "HubError";
  }
}

export interface HubClientOptions {
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
  readonly log?: (line: string) => void;
  readonly userAgent?: string;
}

/** The hub's etag header without W/ and quotes. */
function normalizeEtag(value: string | null): string | undefined {
  if (!value) return undefined;
  return value.replace(/^W\//, "").replace(/^"|"$/g, "") || undefined;
}

export class HubClient {
  readonly cache: HubCache;
  private readonly fetchImpl: typeof fetch;
  private readonly origin: string;

  constructor(
    readonly settings: HubSettings,
    private readonly options: HubClientOptions = {},
  ) {
    this.cache = new HubCache(settings.cacheDir);
    this.fetchImpl = options.fetch ?? fetch;
    this.origin = new URL(settings.endpoint).origin;
  }

  /** `{endpoint}/{repo}/resolve/{revision}/{file}`, the URL huggingface_hub and transformers.js fetch. */
  fileUrl(repo: string, revision: string, file: string): string {
    checkRepoPath(repo, file);
    return `${this.settings.endpoint}/${repo}/resolve/${encodeURIComponent(revision)}/${file.split("/").map(encodeURIComponent).join("/")}`;
  }

  /** Headers for a request to `url`: the token only on the endpoint's own origin. */
  private headers(url: string): Record<string, string> {
    const h: Record<string, string> = { "user-agent": this.options.userAgent ?? "capqa", "accept-encoding": "identity" };
    if (this.settings.token && new URL(url).origin === this.origin) h.authorization = `Bearer ${this.settings.token}`;
    return h;
  }

  private async request(url: string, method: "HEAD" | "GET"): Promise<Response> {
    // The time limit covers the answer's headers only: a large file's bytes may take minutes.
    const limit = this.options.timeoutMs ?? DEFAULT_HUB_TIMEOUT_MS;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), limit);
    try {
      return await this.fetchImpl(url, { method, headers: this.headers(url), redirect: "manual", signal: abort.signal });
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      const why = abort.signal.aborted ? `no answer within ${limit / 1000} s` : (e.cause?.code ?? e.message);
      throw new HubError(`cannot reach ${new URL(url).origin} (${why}); set HF_HUB_OFFLINE=1 to use only the files already in ${this.settings.cacheDir}, or HF_ENDPOINT to use a mirror`);
    } finally {
      clearTimeout(timer);
    }
  }

  /** A failed answer as an error naming the repository, revision or file and what to do. */
  private failure(res: Response, repo: string, revision: string, file: string): HubError {
    const code = res.headers.get("x-error-code") ?? undefined;
    const what = `${repo}@${revision}: ${file}`;
    if (res.status === 401 || res.status === 403 || code === "GatedRepo") {
      return new HubError(
        `${what}: the hub refused access (HTTP ${res.status}${code ? `, ${code}` : ""}); ${this.settings.token ? "the token in HF_TOKEN is not allowed to read this repository" : "set HF_TOKEN to a token that may read it"}`,
        res.status,
        code,
      );
    }
    if (code === "RepoNotFound") return new HubError(`${repo}: no such repository on ${this.settings.endpoint}`, res.status, code);
    if (code === "RevisionNotFound") return new HubError(`${repo}: no revision "${revision}" on ${this.settings.endpoint}`, res.status, code);
    if (res.status === 404) return new HubError(`${what}: no such file on ${this.settings.endpoint}`, 404, code ?? "EntryNotFound");
    return new HubError(`${what}: HTTP ${res.status} from ${this.settings.endpoint}`, res.status, code);
  }

  /**
   * The commit, etag and size of a file, or null when the revision has no such file. Redirects on
   * the endpoint's own origin are followed (a renamed repository); one to another origin is the
   * file's storage, where the bytes are fetched later without the token.
   */
  async metadata(repo: string, revision: string, file: string): Promise<HubFileMetadata | null> {
    if (this.settings.offline) throw new HubError(`HF_HUB_OFFLINE is set: cannot ask ${this.settings.endpoint} about ${repo}@${revision}: ${file}`);
    let url = this.fileUrl(repo, revision, file);
    for (let hop = 0; hop < 6; hop++) {
      let res = await this.request(url, "HEAD");
      // A mirror that serves GET only (HEAD unrouted, refused or unimplemented): the headers of a GET, body dropped.
      if ([400, 405, 501].includes(res.status) || (res.status === 404 && !res.headers.get("x-error-code"))) {
        res = await this.request(url, "GET");
        await res.body?.cancel();
      }
      if (res.status === 404 && (res.headers.get("x-error-code") ?? "EntryNotFound") === "EntryNotFound") return null;
      const location = res.headers.get("location");
      const sentCommit = res.headers.get("x-repo-commit") ?? undefined;
      const commit = sentCommit ?? revision;
      const etag = normalizeEtag(res.headers.get("x-linked-etag")) ?? normalizeEtag(res.headers.get("etag"));
      const size = Number(res.headers.get("x-linked-size") ?? res.headers.get("content-length") ?? NaN);
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, url).toString();
        if (new URL(next).origin === this.origin && !res.headers.get("x-linked-etag") && !sentCommit) {
          url = next; // same host, a renamed repository or revision: ask again
          continue;
        }
        return { commit, etag, size: Number.isFinite(size) ? size : undefined, location: next };
      }
      if (!res.ok) throw this.failure(res, repo, revision, file);
      return { commit, etag, size: Number.isFinite(size) ? size : undefined, location: url };
    }
    throw new HubError(`${repo}@${revision}: ${file}: too many redirects on ${this.settings.endpoint}`);
  }

  /** The commit a revision names: from the cache when offline or when it is a commit hash, else from the hub. */
  async resolveCommit(repo: string, revision: string, probeFile = "config.json"): Promise<string> {
    const cached = this.cache.commitOf(repo, revision);
    if (cached && (this.settings.offline || isCommitHash(revision))) return cached;
    if (this.settings.offline)
      throw new HubError(
        `HF_HUB_OFFLINE is set and the hub cache ${this.settings.cacheDir} has no record of ${repo}@${revision}; run once with network access (or copy a huggingface_hub cache there)`,
      );
    const meta = await this.metadata(repo, revision, probeFile);
    if (!meta) throw new HubError(`${repo}@${revision} has no ${probeFile}`);
    this.cache.writeRef(repo, revision, meta.commit);
    return meta.commit;
  }

  /**
   * Whether the revision has the file: in the cache, or (online) by a HEAD request. An offline
   * question about a file not in the cache answers false.
   */
  async has(repo: string, revision: string, file: string): Promise<boolean> {
    if (this.cache.cachedFile(repo, revision, file)) return true;
    if (this.settings.offline) return false;
    return (await this.metadata(repo, revision, file)) !== null;
  }

  /** The file's path in the hub cache, downloading it first when needed (a commit's cached file is never fetched again). */
  async download(repo: string, revision: string, file: string): Promise<string> {
    const cached = this.cache.cachedFile(repo, revision, file);
    if (cached && (this.settings.offline || isCommitHash(revision))) return cached;
    if (this.settings.offline) {
      throw new HubError(`HF_HUB_OFFLINE is set and the hub cache ${this.settings.cacheDir} lacks ${repo}@${revision}: ${file}; run once with network access (or copy a huggingface_hub cache there)`);
    }
    const meta = await this.metadata(repo, revision, file);
    if (!meta) throw new HubError(`${repo}@${revision}: ${file}: no such file on ${this.settings.endpoint}`, 404, "EntryNotFound");
    this.cache.writeRef(repo, revision, meta.commit);
    if (meta.etag !== undefined) {
      const blob = this.cache.blobPath(repo, meta.etag);
      if (existsSync(blob) && (meta.size === undefined || statSync(blob).size === meta.size)) return this.cache.linkSnapshot(repo, meta.commit, file, meta.etag);
    }
    const temp = this.cache.incompletePath(repo, meta.etag ?? "download");
    try {
      const res = await this.fetchBytes(meta.location, repo, revision, file);
      mkdirSync(dirname(temp), { recursive: true });
      let bytes = 0;
      const sha256 = createHash("sha256");
      const body = Readable.fromWeb(res.body as import("node:stream/web").ReadableStream<Uint8Array>);
      body.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        sha256.update(chunk);
      });
      await pipeline(body, createWriteStream(temp));
      if (meta.size !== undefined && bytes !== meta.size) throw new HubError(`${repo}@${revision}: ${file}: the download stopped after ${bytes} of ${meta.size} bytes; run again to fetch it`);
      const etag = meta.etag ?? sha256.digest("hex");
      if (meta.etag !== undefined) await this.checkContent(temp, { ...meta, etag }, repo, revision, file);
      return this.cache.commitBlob(repo, meta.commit, file, etag, temp);
    } catch (err) {
      rmSync(temp, { force: true });
      throw err;
    }
  }

  /** GET the bytes, following redirects; the token is dropped when a redirect leaves the endpoint's origin. */
  private async fetchBytes(start: string, repo: string, revision: string, file: string): Promise<Response> {
    let url = start;
    for (let hop = 0; hop < 6; hop++) {
      const res = await this.request(url, "GET");
      if (res.status >= 300 && res.status < 400 && res.headers.get("location")) {
        await res.body?.cancel();
        url = new URL(res.headers.get("location")!, url).toString();
        continue;
      }
      if (!res.ok || !res.body) throw this.failure(res, repo, revision, file);
      return res;
    }
    throw new HubError(`${repo}@${revision}: ${file}: too many redirects`);
  }

  /**
   * An etag that is a content hash must match the bytes: SHA-256 (LFS files), or SHA-1 of the
   * git blob (other files; a plain SHA-1 of the bytes is accepted too, as some mirrors send).
   */
  private async checkContent(path: string, meta: HubFileMetadata & { etag: string }, repo: string, revision: string, file: string): Promise<void> {
    const long = /^[0-9a-f]{64}$/.test(meta.etag);
    if (!long && !/^[0-9a-f]{40}$/.test(meta.etag)) return;
    const main = createHash(long ? "sha256" : "sha1");
    const plain = createHash("sha1");
    if (!long) main.update(`blob ${statSync(path).size}\0`);
    for await (const chunk of createReadStream(path)) {
      main.update(chunk as Buffer);
      if (!long) plain.update(chunk as Buffer);
    }
    const got = main.digest("hex");
    if (got === meta.etag || (!long && plain.digest("hex") === meta.etag)) return;
    throw new HubError(`${repo}@${revision}: ${file}: the bytes received do not match the etag ${meta.etag} the hub gave (${long ? "SHA-256" : "git SHA-1"} ${got}); run again`);
  }
}
