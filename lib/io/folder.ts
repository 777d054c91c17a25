/**
 * Output folders that change as a whole. A command that writes several files (evaluate,
 * reproduce, sweep, calibrate, figures) writes them into a staging folder beside the target and
 * then swaps it in with two renames, so a reader (or a run killed half-way) never sees new
 * tables beside the previous run's meta.json. Files in the target that the previous capqa run
 * did not write (a README, your notes) are carried over; leftovers of killed runs are removed.
 *
 * @example
 * writeFolder("out/evaluate-test", (dir) => writeTable(dir, "correlations", rows));
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { otherProcessAlive, trackPartial, untrackPartial } from "./partials.js";
import { outputNameProblem } from "./names.js";
import { movedWriteError, writeError } from "./write-errors.js";

/** The list of files a run wrote, kept in the folder so the next run knows which are its own. */
export const FOLDER_MANIFEST = ".capqa-outputs.json";

function listFiles(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(p, base));
    else out.push(relative(base, p));
  }
  return out;
}

/** Removes staging and old folders that killed runs left beside `target`. */
function removeLeftovers(target: string): void {
  const parent = dirname(target);
  if (!existsSync(parent)) return;
  const prefix = `${basename(target)}.capqa-`;
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(/-(\d+)-/.exec(name.slice(prefix.length))?.[1]);
    if (otherProcessAlive(pid)) continue; // another run is writing
    rmSync(join(parent, name), { recursive: true, force: true });
  }
}

/**
 * Throws when `dir` cannot take a run's outputs: the working directory, the home folder or one of
 * their parents (a swap would replace them), an existing file, a name longer than a file system
 * takes with the staging name beside it (../io/names.ts), or a place that cannot be written.
 * Workflows call it before their work, so a bad output folder costs nothing.
 */
export function checkOutputFolder(dir: string): void {
  const target = resolve(dir);
  const tooLong = outputNameProblem(target, "folder");
  if (tooLong) throw new Error(`${target}: ${tooLong}`);
  const forbidden = [process.cwd(), homedir(), "/"];
  if (forbidden.some((f) => !relative(target, resolve(f)).startsWith(".."))) {
    throw new Error(
      `${target} cannot be an output folder (it is the working directory, your home or one of their parents): name a folder of its own for the outputs`,
    );
  }
  if (existsSync(target) && !statSync(target).isDirectory())
    throw new Error(`${target} is a file, not a folder: name a folder for the outputs`);
  let place = dirname(target);
  while (!existsSync(place)) place = dirname(place);
  // A real probe, not access(): it also holds for root, read-only mounts and /proc.
  try {
    rmSync(mkdtempSync(join(place, ".capqa-probe-")), { recursive: true, force: true });
  } catch (err) {
    throw new Error(`cannot write the outputs into ${target}: ${place} is not writable (${(err as Error).message})`);
  }
}

/** Moves files of `from` that its manifest does not list (files a person put there) into `to`; returns the ones moved. */
function carryForeignFiles(from: string, to: string): string[] {
  const manifest = join(from, FOLDER_MANIFEST);
  let own = new Set<string>();
  if (existsSync(manifest)) {
    try {
      own = new Set((JSON.parse(readFileSync(manifest, "utf8")) as { files?: string[] }).files ?? []);
    } catch {
      own = new Set();
    }
  } else {
    // A folder capqa did not write before: keep everything that the new run does not replace.
    own = new Set();
  }
  const moved: string[] = [];
  for (const file of listFiles(from)) {
    if (file === FOLDER_MANIFEST || own.has(file) || existsSync(join(to, file))) continue;
    mkdirSync(dirname(join(to, file)), { recursive: true });
    renameSync(join(from, file), join(to, file));
    moved.push(file);
  }
  return moved;
}

function prepare(dir: string): { target: string; staging: string } {
  const target = resolve(dir);
  checkOutputFolder(target);
  removeLeftovers(target);
  const staging = `${target}.capqa-partial-${process.pid}-${Date.now()}`;
  mkdirSync(staging, { recursive: true });
  trackPartial(staging);
  return { target, staging };
}

/**
 * Swaps a finished staging folder in. The list of the run's files is written first, so a disk that
 * fills there fails before anything of the target moved; a person's files carried into the
 * staging folder go back if the swap then fails, and the previous folder is put back if the
 * staging folder cannot take its place. Throws with the target unchanged.
 */
function commit(target: string, staging: string): void {
  const written = listFiles(staging).filter((f) => f !== FOLDER_MANIFEST);
  const list = join(staging, FOLDER_MANIFEST);
  try {
    writeFileSync(list, JSON.stringify({ files: written, written: new Date().toISOString() }, null, 2) + "\n");
  } catch (err) {
    throw writeError(list, err);
  }
  const carried = existsSync(target) ? carryForeignFiles(target, staging) : [];
  const old = `${target}.capqa-old-${process.pid}-${Date.now()}`;
  try {
    if (existsSync(target)) renameSync(target, old);
    try {
      renameSync(staging, target);
    } catch (err) {
      if (existsSync(old)) renameSync(old, target);
      throw err;
    }
  } catch (err) {
    for (const file of carried) renameSync(join(staging, file), join(target, file));
    throw err;
  }
  untrackPartial(staging);
  rmSync(old, { recursive: true, force: true });
}

/**
 * Swaps a finished staging folder in, or removes it when the writer or the swap failed; an error
 * of writing a file in the staging folder names that file in the target (the staging folder is gone).
 */
function finish<T>(target: string, staging: string, outcome: { ok: true; value: T } | { ok: false; error: unknown }): T {
  let error = outcome.ok ? undefined : outcome.error;
  if (outcome.ok) {
    try {
      commit(target, staging);
      return outcome.value;
    } catch (err) {
      error = err;
    }
  }
  rmSync(staging, { recursive: true, force: true });
  untrackPartial(staging);
  throw movedWriteError(error, staging, target);
}

/** Runs `write` on a staging folder and swaps it in for `dir` when it returns; on an error nothing changes. */
export function writeFolder<T>(dir: string, write: (staging: string) => T): T {
  const { target, staging } = prepare(dir);
  let outcome: { ok: true; value: T } | { ok: false; error: unknown };
  try {
    outcome = { ok: true, value: write(staging) };
  } catch (error) {
    outcome = { ok: false, error };
  }
  return finish(target, staging, outcome);
}

/** writeFolder for writers that await (figure export through Chromium). */
export async function writeFolderAsync<T>(dir: string, write: (staging: string) => Promise<T>): Promise<T> {
  const { target, staging } = prepare(dir);
  const outcome = await write(staging).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return finish(target, staging, outcome);
}
