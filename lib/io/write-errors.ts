/**
 * A write that fails (a full disk, an I/O error, a quota) says which file it was writing: Node's
 * own message for a failed write() names no file ("ENOSPC: no space left on device, write"). The
 * system's code stays on the error (`code`), and the file is the one the user named, not a
 * temporary name beside it.
 */
import { sep } from "node:path";

/** A failed write of `file`, with the system's code. */
export class WriteError extends Error {
  readonly file: string;
  readonly code: string | undefined;
  constructor(file: string, cause: unknown) {
    const reason = cause instanceof WriteError ? cause.reason : cause instanceof Error ? cause.message : String(cause);
    super(`cannot write ${file}: ${reason}`, { cause });
    this.name = "WriteError";
    this.file = file;
    this.code = (cause as NodeJS.ErrnoException | undefined)?.code;
  }

  /** The system's message, without the file. */
  get reason(): string {
    return this.message.slice(`cannot write ${this.file}: `.length);
  }
}

/** `err` as a WriteError of `file` (an error already naming a file is kept as it is). */
export function writeError(file: string, err: unknown): Error {
  if (err instanceof WriteError) return err;
  return new WriteError(file, err);
}

/** A WriteError of a file inside `from` (a staging folder) as one of the same file inside `to` (the folder the user named). */
export function movedWriteError(err: unknown, from: string, to: string): unknown {
  if (!(err instanceof WriteError) || !(err.file === from || err.file.startsWith(`${from}${sep}`))) return err;
  return new WriteError(to + err.file.slice(from.length), err.cause);
}
