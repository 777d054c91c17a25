/**
 * Checks on an output file, made before any work: a run that would fail at its last step (a
 * missing folder, a read-only place, the input named as the output) fails at its first.
 */
import { closeSync, existsSync, openSync, realpathSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { DataError } from "./errors.js";
import { outputNameProblem } from "./names.js";

/** True when two names reach the same file (through links, `.` and `..` too). */
export function samePath(a: string, b: string): boolean {
  const real = (f: string) => {
    try {
      return realpathSync(f);
    } catch {
      return resolve(f);
    }
  };
  return real(a) === real(b);
}

/**
 * Throws a DataError naming `output` when its name or a folder's on its way is longer than a file
 * system takes (with the names capqa writes beside it: ./names.ts), when it is a folder, one of
 * `inputs`, or in a folder that is missing (unless `createFolders`: the writer makes it; then its
 * nearest existing parent is the one probed) or not writable.
 *
 * @example
 * checkOutputFile("scored.csv", ["answers.csv"]);
 */
export function checkOutputFile(output: string, inputs: readonly string[] = [], options: { createFolders?: boolean } = {}): void {
  const tooLong = outputNameProblem(output, "file");
  if (tooLong) throw new DataError({ file: output }, tooLong);
  if (existsSync(output) && statSync(output).isDirectory()) throw new DataError({ file: output }, "is a folder; name the output file");
  for (const input of inputs) {
    if (samePath(input, output))
      throw new DataError({ file: output }, "is the input file: write the output to a new file, never over the rows being read");
  }
  let folder = dirname(resolve(output));
  if (options.createFolders) while (!existsSync(folder)) folder = dirname(folder);
  if (!existsSync(folder)) throw new DataError({ file: output }, `cannot write the output here: the folder ${folder} does not exist`);
  // A real probe, not access(): it also holds for root, read-only mounts and /proc.
  const probe = join(folder, `.capqa-probe-${process.pid}-${Date.now()}`);
  try {
    closeSync(openSync(probe, "wx"));
    rmSync(probe, { force: true });
  } catch (err) {
    throw new DataError({ file: output }, `cannot write the output here: the folder ${folder} is not writable (${(err as Error).message})`);
  }
}
