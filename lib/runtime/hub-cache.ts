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
 *
 * Nothing leads out of the cache: a commit is 40 hex digits, a blob's name is a content hash, a
 * path stays inside its snapshot, no folder below the repository's folder may be a link, and a
 * snapshot file is read only when it is a link to one of the repository's own blobs (or a plain
 * file, as huggingface_hub copies where links fail). A blob is checked against its name before
 * it is used (checkFile).
 */
import { createHash } from "node:crypto";
import {
  copyFileSync,
  createReadStream,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

/** A full commit hash, as opposed to a branch or tag name. */
export function isCommitHash(revision: string): boolean {
  return /^[0-9a-f]{40}$/.test(revision);
}

/** A blob name capqa can check the bytes against: a SHA-256 (LFS files) or a SHA-1 (git blobs), lowercase hex. */
export function isBlobName(name: string): boolean {
  return /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(name);
}

/** `owner/name` → `models--owner--name`, as huggingface_hub names a model repository's folder. */
export function repoFolderName(repo: string): string {
  return `models--${repo.split("/").join("--")}`;
}

/**
 * Whether a path holds a character no path part from a user or a server may hold: a backslash (a separator elsewhere) or a control
 * character (NUL included).
 */
function hasUnsafeCharacter(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x5c) return true;
  }
  return false;
}

/** Whether a relative path stays where it is put: no empty, "." or ".." part, no leading "/", no backslash or control character. */
function staysInside(path: string): boolean {
  return (
    path !== "" && !path.startsWith("/") && !hasUnsafeCharacter(path) && !path.split("/").some((p) => p === ".." || p === "." || p === "")
  );
}

/** Checks a repository id and a file path before they become parts of a path or a URL. */
export function checkRepoPath(repo: string, file?: string): void {
  if (!/^[A-Za-z0-9][\w.-]*\/[\w.-]+$/.test(repo) || repo.includes(".."))
    throw new Error(`"${repo}" is not a hub repository id (owner/name)`);
  if (file !== undefined && !staysInside(file)) throw new Error(`${JSON.stringify(file)} is not a file path inside a repository`);
}

/** Checks a branch or tag name before it names a file in refs/ or (for a mirror that names no commit) a snapshot folder. */
export function checkRevision(revision: string): void {
  if (!staysInside(revision))
    throw new Error(`${JSON.stringify(revision)} is not a revision capqa can name a folder by (a branch, a tag or a 40-digit commit)`);
}

/** What checkFile found about a cached file. */
export interface CheckedFile {
  /** The SHA-256 measured of the bytes. */
  readonly sha256: string;
  /** The blob the snapshot file links to; absent for a plain file (a copy). */
  readonly blob?: string;
  /** true: the bytes match the blob's name; false: they do not (corrupt); null: the name is no hash (a copy, or an odd mirror's etag). */
  readonly matches: boolean | null;
  /** What was measured against the name, for a message: "SHA-256 …" or "git SHA-1 …". */
  readonly measured: string;
}

/** SHA-256, git blob SHA-1 and plain SHA-1 of a file, streamed in one pass (the SHA-1s only when asked). */
export async function fileDigests(path: string, withSha1 = true): Promise<{ sha256: string; gitSha1?: string; sha1?: string }> {
  const sha256 = createHash("sha256");
  const git = withSha1 ? createHash("sha1").update(`blob ${statSync(path).size}\0`) : undefined;
  const plain = withSha1 ? createHash("sha1") : undefined;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    sha256.update(chunk as Buffer);
    git?.update(chunk as Buffer);
    plain?.update(chunk as Buffer);
  }
  return { sha256: sha256.digest("hex"), gitSha1: git?.digest("hex"), sha1: plain?.digest("hex") };
}

/**
 * Whether `bytes` digests match a blob name: the SHA-256 for a 64-digit name; for a 40-digit
 * name the git blob SHA-1 (or a plain SHA-1, which some mirrors send).
 */
export function digestMatches(name: string, d: { sha256: string; gitSha1?: string; sha1?: string }): boolean {
  return name.length === 64 ? d.sha256 === name : d.gitSha1 === name || d.sha1 === name;
}

/** Blobs checked in this process, by path, size, modification time and inode: a large blob is hashed once per process. */
const checkedBlobs = new Map<string, { readonly stamp: string; readonly result: CheckedFile }>();

function stampOf(path: string): string {
  const s = statSync(path);
  return `${s.size}:${s.mtimeMs}:${s.ino}`;
}

/** Whether a path is a symbolic link (false when there is nothing there). */
function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Whether a process of this host is alive (a run that died leaves its .incomplete files behind). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class HubCache {
  constructor(readonly dir: string) {}

  repoDir(repo: string): string {
    checkRepoPath(repo);
    return join(this.dir, repoFolderName(repo));
  }

  /**
   * Throws when a folder between the repository's folder and `path` is a link or not a folder:
   * a link planted in the cache could lead a write or a read out of it. Folders that do not
   * exist yet are fine (they are made as real folders).
   */
  private checkFolders(repo: string, path: string): void {
    const base = this.repoDir(repo);
    const rel = relative(base, dirname(path));
    if (rel.startsWith("..") || isAbsolute(rel)) throw new Error(`${path} is outside the hub cache folder ${base}`);
    let at = base;
    for (const part of rel === "" ? [] : rel.split(sep)) {
      at = join(at, part);
      let stat: import("node:fs").Stats;
      try {
        stat = lstatSync(at);
      } catch {
        return; // not there yet: made as a real folder
      }
      if (stat.isSymbolicLink()) {
        throw new Error(
          `${at} is a link (to ${readlinkSync(at)}); capqa follows no link out of the hub cache, whose folders are real folders: remove the link`,
        );
      }
      if (!stat.isDirectory()) throw new Error(`${at} is not a folder; the hub cache under ${base} is damaged: remove ${at}`);
    }
  }

  /** Makes the folders above `path` (real folders, checked for links on the way). */
  private makeFolders(repo: string, path: string): void {
    this.checkFolders(repo, path);
    mkdirSync(dirname(path), { recursive: true });
  }

  /**
   * The snapshot a revision names in the cache: itself for a commit hash, else the commit in
   * refs/{revision}, else a snapshot folder named by the revision (what a mirror that sends no
   * commit leaves; huggingface_hub looks there too).
   */
  commitOf(repo: string, revision: string): string | undefined {
    if (isCommitHash(revision)) return revision;
    checkRevision(revision);
    const ref = join(this.repoDir(repo), "refs", revision);
    this.checkFolders(repo, ref);
    if (existsSync(ref) || isLink(ref)) {
      if (isLink(ref))
        throw new Error(
          `${ref} is a link (to ${readlinkSync(ref)}); capqa follows no link out of the hub cache, whose refs are files: remove it`,
        );
      const commit = readFileSync(ref, "utf8").trim();
      if (isCommitHash(commit)) return commit;
    }
    return existsSync(this.snapshotDir(repo, revision)) ? revision : undefined;
  }

  /** snapshots/{commit}: a commit hash, or a revision's own name for a mirror that sends no commit (checked as a path). */
  snapshotDir(repo: string, commit: string): string {
    if (!isCommitHash(commit)) checkRevision(commit);
    return join(this.repoDir(repo), "snapshots", commit);
  }

  /**
   * The cached file of `repo` at `revision`, or undefined when it is not in the cache. A file
   * that leads out of the cache (a link to anything but one of the repository's blobs) is an error.
   */
  cachedFile(repo: string, revision: string, file: string): string | undefined {
    checkRepoPath(repo, file);
    const commit = this.commitOf(repo, revision);
    if (!commit) return undefined;
    const path = join(this.snapshotDir(repo, commit), file);
    this.checkFolders(repo, path);
    let stat: import("node:fs").Stats;
    try {
      stat = lstatSync(path);
    } catch {
      return undefined;
    }
    if (stat.isSymbolicLink()) {
      const blob = this.linkedBlob(repo, path);
      return existsSync(blob) ? path : undefined; // a link to a blob that is gone: not cached
    }
    if (!stat.isFile()) throw new Error(`${path} is not a file; the hub cache is damaged: remove it`);
    return path;
  }

  /** The blob a snapshot link points at; an error when it points anywhere but the repository's blobs/ folder. */
  private linkedBlob(repo: string, link: string): string {
    const blobs = join(this.repoDir(repo), "blobs");
    const target = resolve(dirname(link), readlinkSync(link));
    const inBlobs =
      dirname(target) === blobs ||
      (existsSync(dirname(target)) && existsSync(blobs) && realpathSync(dirname(target)) === realpathSync(blobs));
    if (!inBlobs || basename(target).startsWith(".")) {
      throw new Error(
        `${link} is a link out of the hub cache (to ${target}); capqa reads only the repository's blobs in ${blobs}: remove the link, and run with network access to fetch the file again`,
      );
    }
    if (existsSync(target) && lstatSync(target).isSymbolicLink())
      throw new Error(
        `${target} is a link; a blob in the hub cache must be a file: remove it, and run with network access to fetch it again`,
      );
    return target;
  }

  blobPath(repo: string, name: string): string {
    if (!isBlobName(name)) throw new Error(`"${name}" is not a content hash the hub cache can name a blob by`);
    return join(this.repoDir(repo), "blobs", name);
  }

  /**
   * Checks a cached file (cachedFile's answer) against its blob's name, measuring its SHA-256.
   * The result is remembered for this process while the blob's size, time and inode stay.
   */
  async checkFile(repo: string, path: string): Promise<CheckedFile> {
    if (lstatSync(path).isSymbolicLink()) return this.checkBlob(this.linkedBlob(repo, path));
    const d = await fileDigests(path, false);
    return { sha256: d.sha256, matches: null, measured: `SHA-256 ${d.sha256}` };
  }

  /** Checks a blob (blobs/{name}) against its name; a name that is no hash is measured only. */
  async checkBlob(blob: string): Promise<CheckedFile> {
    const name = basename(blob);
    const stamp = stampOf(blob);
    const known = checkedBlobs.get(blob);
    if (known && known.stamp === stamp) return known.result;
    const hashed = isBlobName(name);
    const d = await fileDigests(blob, hashed && name.length === 40);
    const matches = hashed ? digestMatches(name, d) : null;
    const measured = hashed && name.length === 40 ? `git SHA-1 ${d.gitSha1}` : `SHA-256 ${d.sha256}`;
    const result: CheckedFile = { sha256: d.sha256, blob, matches, measured };
    if (matches !== false) checkedBlobs.set(blob, { stamp, result });
    return result;
  }

  /** A temporary name beside the blob, for the bytes while they arrive (`download` when the name is not known yet). */
  incompletePath(repo: string, name: string): string {
    const base = name === "download" ? join(this.repoDir(repo), "blobs", name) : this.blobPath(repo, name);
    const path = `${base}.${process.pid}.${Date.now()}.incomplete`;
    this.makeFolders(repo, path);
    return path;
  }

  /**
   * What earlier runs left of blob `name` (or of unnamed downloads): a .incomplete file whose
   * process is gone, or that has not grown for `staleAfterMs`. The longest is moved to `into`
   * and its length returned (its bytes are resumed and then checked against the name); the rest
   * are removed. Files of live, growing downloads are left alone.
   */
  adoptIncomplete(repo: string, name: string, into: string, staleAfterMs: number): number {
    const blobs = join(this.repoDir(repo), "blobs");
    if (!existsSync(blobs)) return 0;
    const pattern = /^(.+)\.(\d+)\.(\d+)\.incomplete$/;
    const stale: { path: string; size: number }[] = [];
    for (const entry of readdirSync(blobs)) {
      const m = pattern.exec(entry);
      const path = join(blobs, entry);
      if (!m || (m[1] !== name && m[1] !== "download") || path === into) continue;
      try {
        const s = lstatSync(path);
        if (!s.isFile()) continue;
        if (processAlive(Number(m[2])) && Date.now() - s.mtimeMs < staleAfterMs) continue;
        stale.push({ path, size: m[1] === name ? s.size : -1 });
      } catch {
        // gone meanwhile (another run took it)
      }
    }
    stale.sort((a, b) => b.size - a.size);
    let adopted = 0;
    for (const s of stale) {
      try {
        if (adopted === 0 && s.size > 0) {
          renameSync(s.path, into);
          adopted = s.size;
        } else rmSync(s.path, { force: true });
      } catch {
        // another run took it first
      }
    }
    return adopted;
  }

  /** Moves finished bytes into blobs/{name} and links snapshots/{commit}/{file} to them. */
  commitBlob(repo: string, commit: string, file: string, name: string, incomplete: string, sha256: string): string {
    const blob = this.blobPath(repo, name);
    this.makeFolders(repo, blob);
    renameSync(incomplete, blob);
    checkedBlobs.set(blob, { stamp: stampOf(blob), result: { sha256, blob, matches: true, measured: `SHA-256 ${sha256}` } });
    return this.linkSnapshot(repo, commit, file, name);
  }

  /** Links snapshots/{commit}/{file} to an existing blob (a relative link, as huggingface_hub makes; a copy where links fail). */
  linkSnapshot(repo: string, commit: string, file: string, name: string): string {
    checkRepoPath(repo, file);
    const blob = this.blobPath(repo, name);
    const target = join(this.snapshotDir(repo, commit), file);
    this.makeFolders(repo, target);
    if (existsSync(target) && !lstatSync(target).isSymbolicLink() && !lstatSync(target).isFile())
      throw new Error(`${target} is not a file; the hub cache is damaged: remove it`);
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

  /** Records the commit a branch or tag pointed at (nothing for a commit hash, or a mirror that names no commit). */
  writeRef(repo: string, revision: string, commit: string): void {
    if (isCommitHash(revision) || !isCommitHash(commit)) return;
    checkRevision(revision);
    const ref = join(this.repoDir(repo), "refs", revision);
    this.makeFolders(repo, ref);
    writeFileSync(`${ref}.${process.pid}.tmp`, commit);
    renameSync(`${ref}.${process.pid}.tmp`, ref);
  }
}
