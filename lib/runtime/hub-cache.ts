/**
 * The download cache in the layout Python's `huggingface_hub` writes, so that a file downloaded
 * by either is found by the other:
 *
 *   {cacheDir}/models--{owner}--{name}/blobs/{etag}                  the file's bytes
 *   {cacheDir}/models--{owner}--{name}/snapshots/{commit}/{path}     a relative link to the blob
 *   {cacheDir}/models--{owner}--{name}/refs/{branch}                 the commit a branch pointed at
 *
 * The etag is the hub's: the SHA-256 of the bytes for files stored with Git LFS (ONNX weights),
 * the git blob SHA-1 for small files. Blobs are written under a temporary name and renamed, so
 * a killed download never leaves a file that looks complete.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/** A full commit hash, as opposed to a branch or tag name. */
export function isCommitHash(revision: string): boolean {
  return /^[0-9a-f]{40}$/.test(revision);
}

/** `owner/name` → `models--owner--name`, as huggingface_hub names a model repository's folder. */
export function repoFolderName(repo: string): string {
  return `models--${repo.split("/").join("--")}`;
}

/** Checks a repository id and a file path before they become parts of a path or a URL. */
export function checkRepoPath(repo: string, file?: string): void {
  if (!/^[A-Za-z0-9][\w.-]*\/[\w.-]+$/.test(repo) || repo.includes("..")) throw new Error(`"${repo}" is not a hub repository id (owner/name)`);
  if (file !== undefined && (file === "" || file.startsWith("/") || file.split("/").some((p) => p === ".." || p === "." || p === ""))) {
    throw new Error(`"${file}" is not a file path inside a repository`);
  }
}

export class HubCache {
  constructor(readonly dir: string) {}

  repoDir(repo: string): string {
    checkRepoPath(repo);
    return join(this.dir, repoFolderName(repo));
  }

  /**
   * The snapshot a revision names in the cache: itself for a commit hash, else the commit in
   * refs/{revision}, else a snapshot folder named by the revision (what a mirror that sends no
   * commit leaves; huggingface_hub looks there too).
   */
  commitOf(repo: string, revision: string): string | undefined {
    if (isCommitHash(revision)) return revision;
    const ref = join(this.repoDir(repo), "refs", revision);
    if (existsSync(ref)) {
      const commit = readFileSync(ref, "utf8").trim();
      if (isCommitHash(commit)) return commit;
    }
    checkRepoPath(repo, revision);
    return existsSync(this.snapshotDir(repo, revision)) ? revision : undefined;
  }

  snapshotDir(repo: string, commit: string): string {
    return join(this.repoDir(repo), "snapshots", commit);
  }

  /** The cached file of `repo` at `revision`, or undefined when it is not in the cache. */
  cachedFile(repo: string, revision: string, file: string): string | undefined {
    checkRepoPath(repo, file);
    const commit = this.commitOf(repo, revision);
    if (!commit) return undefined;
    const path = join(this.snapshotDir(repo, commit), file);
    return existsSync(path) ? path : undefined;
  }

  blobPath(repo: string, etag: string): string {
    if (!/^[\w.-]+$/.test(etag)) throw new Error(`"${etag}" is not an etag the hub cache can name a blob by`);
    return join(this.repoDir(repo), "blobs", etag);
  }

  /** A temporary name beside the blob, for the bytes while they arrive. */
  incompletePath(repo: string, etag: string): string {
    return `${this.blobPath(repo, etag)}.${process.pid}.${Date.now()}.incomplete`;
  }

  /** Moves finished bytes into blobs/{etag} and links snapshots/{commit}/{file} to them. */
  commitBlob(repo: string, commit: string, file: string, etag: string, incomplete: string): string {
    const blob = this.blobPath(repo, etag);
    mkdirSync(dirname(blob), { recursive: true });
    renameSync(incomplete, blob);
    return this.linkSnapshot(repo, commit, file, etag);
  }

  /** Links snapshots/{commit}/{file} to an existing blob (a relative link, as huggingface_hub makes; a copy where links fail). */
  linkSnapshot(repo: string, commit: string, file: string, etag: string): string {
    checkRepoPath(repo, file);
    const blob = this.blobPath(repo, etag);
    const target = join(this.snapshotDir(repo, commit), file);
    mkdirSync(dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    rmSync(temp, { force: true });
    try {
      symlinkSync(relative(dirname(target), blob), temp);
    } catch {
      copyFileSync(blob, temp);
    }
    renameSync(temp, target);
    return target;
  }

  /** Records the commit a branch or tag pointed at (nothing for a commit hash). */
  writeRef(repo: string, revision: string, commit: string): void {
    if (isCommitHash(revision) || revision === commit) return;
    checkRepoPath(repo, revision);
    const ref = join(this.repoDir(repo), "refs", revision);
    mkdirSync(dirname(ref), { recursive: true });
    writeFileSync(`${ref}.${process.pid}.tmp`, commit);
    renameSync(`${ref}.${process.pid}.tmp`, ref);
  }
}
