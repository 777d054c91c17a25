/**
 * Files and folders being written right now (temporary outputs, staging folders), so that a run
 * stopped by Ctrl-C or SIGTERM can remove them before it exits. (A SIGKILL leaves them; the next
 * write to the same place removes what a dead process left.)
 */
import { rmSync } from "node:fs";

const partials = new Set<string>();

/** Marks a temporary file or folder as in progress. */
export function trackPartial(path: string): void {
  partials.add(path);
}

/** The path was renamed into place or removed. */
export function untrackPartial(path: string): void {
  partials.delete(path);
}

/** Whether another process with this id is running (a leftover of a dead one may be removed). */
export function otherProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM"; // alive, owned by another user
  }
}

/** Removes every temporary output still in progress; returns how many there were. */
export function removePartials(): number {
  const n = partials.size;
  for (const p of partials) rmSync(p, { recursive: true, force: true });
  partials.clear();
  return n;
}
