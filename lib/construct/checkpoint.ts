/**
 * JSON Lines checkpoints. The first line names the run (its kind and a fingerprint of what
 * decides its output); each later line is one record, appended with a single synchronous write
 * the moment a result is known, so a run killed at any moment loses at most the request it was
 * waiting for. A torn last line (the process died mid-write) is cut off when the file is
 * reopened. A lock file with the owner's pid keeps two live runs off one checkpoint; the lock
 * of a dead process is taken over.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";

export interface CheckpointHeader {
  readonly type: "run";
  readonly kind: string;
  readonly fingerprint: string;
  readonly created: string;
  readonly [key: string]: unknown;
}

export type CheckpointRecord = { readonly type: string; readonly [key: string]: unknown };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class Checkpoint {
  readonly file: string;
  readonly records: CheckpointRecord[];
  readonly resumed: boolean;
  private fd: number;
  private readonly lockFile: string;

  private constructor(file: string, records: CheckpointRecord[], resumed: boolean, fd: number, lockFile: string) {
    this.file = file;
    this.records = records;
    this.resumed = resumed;
    this.fd = fd;
    this.lockFile = lockFile;
  }

  /**
   * Opens (or starts) the checkpoint of a run. A checkpoint of another run (kind or fingerprint
   * differ) is an error unless `restart`, which discards it.
   */
  static open(
    file: string,
    kind: string,
    fingerprint: string,
    options: { restart?: boolean; extra?: Record<string, unknown> } = {},
  ): Checkpoint {
    mkdirSync(dirname(file), { recursive: true });
    const lockFile = `${file}.lock`;
    if (existsSync(lockFile)) {
      const pid = Number(readFileSync(lockFile, "utf8").trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new Error(`${file} is in use by process ${pid} (lock ${lockFile}); wait for it or stop it`);
      }
    }
    writeFileSync(lockFile, `${process.pid}\n`);
    try {
      if (options.restart) rmSync(file, { force: true });
      let records: CheckpointRecord[] = [];
      let resumed = false;
      if (existsSync(file)) {
        let text = readFileSync(file, "utf8");
        const lastNl = text.lastIndexOf("\n");
        if (lastNl < text.length - 1) {
          // A torn last line: cut it off so appends start on a fresh line.
          truncateSync(file, Buffer.byteLength(text.slice(0, lastNl + 1)));
          text = text.slice(0, lastNl + 1);
        }
        const lines = text.split("\n").filter((l) => l.trim() !== "");
        if (lines.length > 0) {
          let header: CheckpointHeader;
          try {
            header = JSON.parse(lines[0]) as CheckpointHeader;
          } catch {
            throw new Error(`${file}: the first line is not a checkpoint header; remove the file or set the \`restart\` option`);
          }
          if (header.type !== "run" || header.kind !== kind)
            throw new Error(
              `${file} is a checkpoint of a "${String(header.kind)}" run, not ${kind}; use another file for the \`checkpoint\` option, or set the \`restart\` option`,
            );
          if (header.fingerprint !== fingerprint) {
            throw new Error(
              `${file} belongs to a run with other inputs or settings (fingerprint ${String(header.fingerprint).slice(0, 12)}…, this run ${fingerprint.slice(0, 12)}…); use another file for the \`checkpoint\` option, or set the \`restart\` option to discard it`,
            );
          }
          records = lines.slice(1).map((l, k) => {
            try {
              return JSON.parse(l) as CheckpointRecord;
            } catch {
              throw new Error(`${file}, line ${k + 2}: not valid JSON; the checkpoint is damaged`);
            }
          });
          resumed = true;
        }
      }
      const fd = openSync(file, "a");
      const cp = new Checkpoint(file, records, resumed, fd, lockFile);
      if (!resumed) cp.append({ type: "run", kind, fingerprint, created: new Date().toISOString(), ...(options.extra ?? {}) });
      return cp;
    } catch (err) {
      rmSync(lockFile, { force: true });
      throw err;
    }
  }

  /** Appends one record (one write; on disk as soon as this returns, barring a machine crash). */
  append(record: CheckpointRecord): void {
    if (this.fd < 0) throw new Error(`${this.file} is closed`);
    const buf = Buffer.from(JSON.stringify(record) + "\n", "utf8");
    let off = 0;
    while (off < buf.length) off += writeSync(this.fd, buf, off, buf.length - off);
  }

  close(): void {
    if (this.fd >= 0) {
      try {
        fsyncSync(this.fd);
      } catch {
        /* not every file system syncs */
      }
      closeSync(this.fd);
      this.fd = -1;
    }
    rmSync(this.lockFile, { force: true });
  }
}
