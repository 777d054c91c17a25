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
import { existsSync, rmSync, statSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { DEFAULT_HUB_DOWNLOAD_ATTEMPTS, DEFAULT_HUB_TIMEOUT_MS } from "../constants.js";
import { digestMatches, fileDigests, HubCache, checkRepoPath, isBlobName, isCommitHash } from "./hub-cache.js";
import type { HubSettings } from "./hub-settings.js";

/** What the hub says about a file before it is downloaded. */
export interface HubFileMetadata {
  /**
   * The commit (X-Repo-Commit, 40 hex digits; any other value is refused). A mirror that sends
   * none gets the revision itself as the snapshot folder's name, which is where huggingface_hub
   * looks when a revision has no ref.
   */
  readonly commit: string;
  /**
   * huggingface_hub's blob name: the LFS SHA-256, or the git blob SHA-1; undefined when the
   * mirror sends no etag, or one that is not a content hash, and the blob is then named by the
   * SHA-256 of the bytes received.
   */
  readonly etag: string | undefined;
  readonly size: number | undefined;
  /** Where the bytes are (the storage a redirect names), or the resolve URL itself. */
  readonly location: string;
}

/** A file in the hub cache and the SHA-256 measured of its bytes. */
export interface HubFile {
  readonly path: string;
  readonly sha256: string;
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
  /**
   * How long a request waits for the answer's headers (default DEFAULT_HUB_TIMEOUT_MS); the bytes after are watched by the settings'
   * stallTimeoutMs.
   */
  readonly timeoutMs?: number;
  readonly log?: (line: string) => void;
  readonly userAgent?: string;
}

/** The hub's etag header without W/ and quotes. */
function normalizeEtag(value: string | null): string | undefined {
  if (!value) return undefined;
  return value.replace(/^W\//, "").replace(/^"|"$/g, "") || undefined;
}

/** A size header as a byte count, or undefined when it is not one. */
function sizeOf(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** How one request for a file's bytes ended. */
interface Received {
  /** Bytes of the file in the .incomplete file now. */
  readonly have: number;
  /** Whether those bytes joined ones already there (an answer to a Range request). */
  readonly joined: boolean;
  /** Why the body ended before the file did; undefined when the file is whole. */
  readonly short?: string;
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

  private log(line: string): void {
    this.options.log?.(line);
  }

  /** `{endpoint}/{repo}/resolve/{revision}/{file}`, the URL huggingface_hub and transformers.js fetch. */
  fileUrl(repo: string, revision: string, file: string): string {
    checkRepoPath(repo, file);
    return `${this.settings.endpoint}/${repo}/resolve/${encodeURIComponent(revision)}/${file.split("/").map(encodeURIComponent).join("/")}`;
  }

  /** Headers for a request to `url`: the token only on the endpoint's own origin. */
  private headers(url: string, range?: string): Record<string, string> {
    const h: Record<string, string> = { "user-agent": this.options.userAgent ?? "capqa", "accept-encoding": "identity" };
    if (this.settings.token && new URL(url).origin === this.origin) h.authorization = `Bearer ${this.settings.token}`;
    if (range) h.range = range;
    return h;
  }

  /** One request; its headers must come within the time limit, its body is the caller's (stopped through `signal`). */
  private async request(url: string, method: "HEAD" | "GET", range?: string, signal?: AbortSignal): Promise<Response> {
    const limit = this.options.timeoutMs ?? DEFAULT_HUB_TIMEOUT_MS;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), limit);
    try {
      return await this.fetchImpl(url, {
        method,
        headers: this.headers(url, range),
        redirect: "manual",
        signal: signal ? AbortSignal.any([signal, abort.signal]) : abort.signal,
      });
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      const why = abort.signal.aborted ? `no answer within ${limit / 1000} s` : (e.cause?.code ?? e.message);
      throw new HubError(
        `cannot reach ${new URL(url).origin} (${why}); set HF_HUB_OFFLINE=1 to use only the files already in ${this.settings.cacheDir}, or HF_ENDPOINT to use a mirror`,
        undefined,
        "Unreachable",
      );
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
    if (code === "RevisionNotFound")
      return new HubError(`${repo}: no revision "${revision}" on ${this.settings.endpoint}`, res.status, code);
    if (res.status === 404) return new HubError(`${what}: no such file on ${this.settings.endpoint}`, 404, code ?? "EntryNotFound");
    return new HubError(`${what}: HTTP ${res.status} from ${this.settings.endpoint}`, res.status, code);
  }

  /**
   * The commit a server names, checked: 40 hex digits (a name that becomes a folder), and the
   * commit asked for when a commit was asked for; undefined when it names none.
   */
  private checkedCommit(sent: string | null, repo: string, revision: string, file: string): string | undefined {
    if (sent === null || sent === "") return undefined;
    if (!isCommitHash(sent)) {
      throw new HubError(
        `${repo}@${revision}: ${file}: ${this.settings.endpoint} answered X-Repo-Commit ${JSON.stringify(sent.slice(0, 100))}, which is not a commit (40 lowercase hex digits); capqa makes no folder of it. Check HF_ENDPOINT`,
        undefined,
        "BadCommit",
      );
    }
    if (isCommitHash(revision) && sent !== revision) {
      throw new HubError(
        `${repo}: asked for commit ${revision} (${file}), ${this.settings.endpoint} answered commit ${sent}; a mirror must serve the commit asked for. Check HF_ENDPOINT`,
        undefined,
        "BadCommit",
      );
    }
    return sent;
  }

  /**
   * The commit, etag and size of a file, or null when the revision has no such file. Redirects on
   * the endpoint's own origin are followed (a renamed repository); one to another origin is the
   * file's storage, where the bytes are fetched later without the token.
   */
  async metadata(repo: string, revision: string, file: string): Promise<HubFileMetadata | null> {
    if (this.settings.offline)
      throw new HubError(`HF_HUB_OFFLINE is set: cannot ask ${this.settings.endpoint} about ${repo}@${revision}: ${file}`);
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
      const sentCommit = this.checkedCommit(res.headers.get("x-repo-commit"), repo, revision, file);
      const commit = sentCommit ?? revision;
      // Only a content hash names a blob: anything else (an nginx or S3 etag, a name with dots) is checked by the bytes' SHA-256 instead.
      const sentEtag = normalizeEtag(res.headers.get("x-linked-etag")) ?? normalizeEtag(res.headers.get("etag"));
      const etag = sentEtag !== undefined && isBlobName(sentEtag) ? sentEtag : undefined;
      const size = sizeOf(res.headers.get("x-linked-size") ?? res.headers.get("content-length"));
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, url).toString();
        if (new URL(next).origin === this.origin && !res.headers.get("x-linked-etag") && !sentCommit) {
          url = next; // same host, a renamed repository or revision: ask again
          continue;
        }
        return { commit, etag, size, location: next };
      }
      if (!res.ok) throw this.failure(res, repo, revision, file);
      return { commit, etag, size, location: url };
    }
    throw new HubError(`${repo}@${revision}: ${file}: too many redirects on ${this.settings.endpoint}`);
  }

  /**
   * The commit a revision names now: itself for a commit hash; online, what the hub answers for
   * `probeFile` (and refs/{revision} records it); offline, or when the hub cannot be reached,
   * what refs/{revision} holds (said in a line, as the hub was not asked whether it moved).
   * A mirror that names no commit gives the revision itself.
   */
  async resolveCommit(repo: string, revision: string, probeFile = "config.json"): Promise<string> {
    if (isCommitHash(revision)) return revision;
    const cached = this.cache.commitOf(repo, revision);
    if (this.settings.offline) {
      if (cached) return cached;
      throw new HubError(
        `HF_HUB_OFFLINE is set and the hub cache ${this.settings.cacheDir} has no record of ${repo}@${revision}; run once with network access (or copy a huggingface_hub cache there)`,
      );
    }
    let meta: HubFileMetadata | null;
    try {
      meta = await this.metadata(repo, revision, probeFile);
    } catch (err) {
      if (!(err instanceof HubError && err.code === "Unreachable" && cached)) throw err;
      this.log(`warning: ${err.message}; using ${repo}@${revision} as the hub cache holds it: commit ${cached}`);
      return cached;
    }
    if (!meta) throw new HubError(`${repo}@${revision} has no ${probeFile}`);
    this.cache.writeRef(repo, revision, meta.commit);
    return meta.commit;
  }

  /**
   * The commit at which `revision` has `file`, or undefined when it has no such file: a commit
   * hash is itself; online one request answers both (refs/{revision} records the commit);
   * offline (or unreachable) the cache answers.
   */
  async locate(repo: string, revision: string, file: string): Promise<string | undefined> {
    if (isCommitHash(revision) || this.settings.offline) {
      const commit = this.cache.commitOf(repo, revision);
      if (commit && this.cache.cachedFile(repo, commit, file)) return commit;
      if (this.settings.offline) return undefined;
    }
    let meta: HubFileMetadata | null;
    try {
      meta = await this.metadata(repo, revision, file);
    } catch (err) {
      const commit = err instanceof HubError && err.code === "Unreachable" ? this.cache.commitOf(repo, revision) : undefined;
      if (!commit || !this.cache.cachedFile(repo, commit, file)) throw err;
      this.log(`warning: ${(err as Error).message}; using ${repo}@${revision} as the hub cache holds it: commit ${commit}`);
      return commit;
    }
    if (!meta) return undefined;
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
    return (await this.fetchFile(repo, revision, file)).path;
  }

  /**
   * The file in the hub cache with the SHA-256 measured of its bytes, downloading it first when
   * needed. A cached blob is checked against its name before it is used: offline a corrupt one
   * is an error naming it; online it is removed and fetched again, with a warning.
   */
  async fetchFile(repo: string, revision: string, file: string): Promise<HubFile> {
    const what = `${repo}@${revision}: ${file}`;
    const cached = this.cache.cachedFile(repo, revision, file);
    if (cached && (this.settings.offline || isCommitHash(revision))) {
      const checked = await this.cache.checkFile(repo, cached);
      if (checked.matches !== false) return { path: cached, sha256: checked.sha256 };
      if (this.settings.offline) {
        throw new HubError(
          `${what}: the hub cache blob ${checked.blob} does not match its name (its ${checked.measured}); it is corrupt: delete it and run once with network access to fetch it again`,
        );
      }
      this.log(
        `warning: ${what}: the hub cache blob ${checked.blob} does not match its name (its ${checked.measured}); removing it and fetching it again`,
      );
      rmSync(checked.blob!, { force: true });
    }
    if (this.settings.offline) {
      throw new HubError(
        `HF_HUB_OFFLINE is set and the hub cache ${this.settings.cacheDir} lacks ${what}; run once with network access (or copy a huggingface_hub cache there)`,
      );
    }
    const meta = await this.metadata(repo, revision, file);
    if (!meta) throw new HubError(`${what}: no such file on ${this.settings.endpoint}`, 404, "EntryNotFound");
    this.cache.writeRef(repo, revision, meta.commit);
    if (meta.etag !== undefined) {
      const blob = this.cache.blobPath(repo, meta.etag);
      if (existsSync(blob) && (meta.size === undefined || statSync(blob).size === meta.size)) {
        const checked = await this.cache.checkBlob(blob);
        if (checked.matches !== false) return { path: this.cache.linkSnapshot(repo, meta.commit, file, meta.etag), sha256: checked.sha256 };
        this.log(
          `warning: ${what}: the hub cache blob ${blob} does not match its name (its ${checked.measured}); removing it and fetching it again`,
        );
        rmSync(blob, { force: true });
      }
    }
    return this.receive(meta, repo, revision, file);
  }

  /**
   * Downloads a file's bytes into a .incomplete file beside its blob, then checks them and moves
   * them into place. Bytes that stop coming for the settings' stallTimeoutMs end a request; the
   * file is asked for again from the byte where it stopped (Range), up to
   * DEFAULT_HUB_DOWNLOAD_ATTEMPTS requests, and what a killed run left is resumed the same way.
   * Joined bytes that fail the hash are fetched again whole once. On failure nothing is left.
   */
  private async receive(meta: HubFileMetadata, repo: string, revision: string, file: string): Promise<HubFile> {
    const what = `${repo}@${revision}: ${file}`;
    const name = meta.etag;
    const stallMs = this.settings.stallTimeoutMs;
    const temp = this.cache.incompletePath(repo, name ?? "download");
    try {
      const left = this.cache.adoptIncomplete(repo, name ?? "download", temp, stallMs);
      if (left === 0) writeFileSync(temp, "");
      // Only bytes whose whole can be checked against a name are resumed.
      let have = name !== undefined && (meta.size === undefined || left <= meta.size) ? left : 0;
      if (have > 0) this.log(`${what}: resuming the ${have} bytes an earlier run left`);
      let joined = false;
      for (let attempt = 1; ; attempt++) {
        const got = await this.receiveOnce(meta, temp, have, repo, revision, file);
        have = got.have;
        joined ||= got.joined;
        if (got.short === undefined) {
          const d = await fileDigests(temp);
          if (name === undefined || digestMatches(name, d))
            return { path: this.cache.commitBlob(repo, meta.commit, file, name ?? d.sha256, temp, d.sha256), sha256: d.sha256 };
          const measured = name.length === 64 ? `SHA-256 ${d.sha256}` : `git SHA-1 ${d.gitSha1}`;
          if (!joined || attempt >= DEFAULT_HUB_DOWNLOAD_ATTEMPTS)
            throw new HubError(`${what}: the bytes received do not match the etag ${name} the hub gave (${measured}); run again`);
          this.log(
            `warning: ${what}: the bytes joined from several requests do not match the etag ${name} (${measured}); fetching the whole file again`,
          );
          have = 0;
          joined = false;
          continue;
        }
        const progress = `after ${have}${meta.size === undefined ? "" : ` of ${meta.size}`} bytes`;
        if (attempt >= DEFAULT_HUB_DOWNLOAD_ATTEMPTS) {
          throw new HubError(
            `${what}: ${got.short} ${progress}, ${attempt} requests in all; the partial file was removed. Check the connection to ${this.settings.endpoint} (or allow a slower one more time: HF_HUB_DOWNLOAD_TIMEOUT, in seconds, or the hub option stallTimeoutMs), then run again`,
          );
        }
        if (name === undefined) have = 0;
        this.log(`${what}: ${got.short} ${progress}; asking again${have > 0 ? ` from byte ${have}` : ""}`);
      }
    } catch (err) {
      rmSync(temp, { force: true });
      throw err;
    }
  }

  /** One GET of the bytes from `offset` (a Range request when above 0) into `temp`, watched for stalls. */
  private async receiveOnce(
    meta: HubFileMetadata,
    temp: string,
    offset: number,
    repo: string,
    revision: string,
    file: string,
  ): Promise<Received> {
    const stallMs = this.settings.stallTimeoutMs;
    const abort = new AbortController();
    const res = await this.fetchBytes(meta.location, repo, revision, file, offset > 0 ? `bytes=${offset}-` : undefined, abort.signal);
    const rangeStart = res.status === 206 ? Number(/^bytes (\d+)-/.exec(res.headers.get("content-range") ?? "")?.[1] ?? Number.NaN) : 0;
    if (res.status === 206 && rangeStart !== offset) {
      abort.abort();
      return { have: 0, joined: false, short: `the server answered bytes from ${rangeStart} when asked from ${offset}` };
    }
    // A whole answer (200) starts again from the first byte, as does a server without ranges.
    let have = rangeStart;
    const out = await open(temp, "r+");
    const timer = setTimeout(() => abort.abort(), stallMs);
    let short: string | undefined;
    try {
      await out.truncate(have);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        timer.refresh();
        if (meta.size !== undefined && have + value.length > meta.size) {
          abort.abort();
          throw new HubError(
            `${repo}@${revision}: ${file}: ${this.settings.endpoint} sent more than the ${meta.size} bytes it announced; nothing was kept. Check HF_ENDPOINT`,
          );
        }
        for (let written = 0; written < value.length; )
          written += (await out.write(value, written, value.length - written, have + written)).bytesWritten;
        have += value.length;
      }
      if (meta.size !== undefined && have < meta.size) short = "the connection closed";
    } catch (err) {
      if (err instanceof HubError || !(err instanceof Error)) throw err;
      if ("errno" in err)
        throw new HubError(
          `${repo}@${revision}: ${file}: cannot write ${temp} (${(err as NodeJS.ErrnoException).code}); free space there, or set HF_HUB_CACHE to another folder`,
        );
      short = abort.signal.aborted
        ? `no bytes for ${stallMs / 1000} s`
        : `the connection failed (${(err as Error & { cause?: { code?: string } }).cause?.code ?? err.message})`;
    } finally {
      clearTimeout(timer);
      await out.close();
    }
    return { have, joined: rangeStart > 0, ...(short ? { short } : {}) };
  }

  /** GET the bytes, following redirects; the token is dropped when a redirect leaves the endpoint's origin. */
  private async fetchBytes(
    start: string,
    repo: string,
    revision: string,
    file: string,
    askRange: string | undefined,
    signal: AbortSignal,
  ): Promise<Response> {
    let url = start;
    let range = askRange;
    for (let hop = 0; hop < 6; hop++) {
      const res = await this.request(url, "GET", range, signal);
      if (res.status >= 300 && res.status < 400 && res.headers.get("location")) {
        await res.body?.cancel();
        url = new URL(res.headers.get("location")!, url).toString();
        continue;
      }
      if (res.status === 416 && range) {
        // The range is past the file's end: the bytes left are not the file's; start again.
        await res.body?.cancel();
        range = undefined;
        continue;
      }
      if (!res.ok || !res.body) throw this.failure(res, repo, revision, file);
      return res;
    }
    throw new HubError(`${repo}@${revision}: ${file}: too many redirects`);
  }
}
