/**
 * Names capqa writes must fit the file system, or a run fails at its last step with a raw
 * ENAMETOOLONG (a 230-byte output name did, after the output was in place: its manifest's
 * temporary name was longer). Node cannot ask a file system its limits (no statvfs, no
 * pathconf), so one rule holds everywhere: a file or folder name (one component of a path) has at
 * most NAME_MAX_BYTES bytes of UTF-8, the NAME_MAX of Linux's file systems (ext4, xfs, btrfs,
 * tmpfs), of macOS's APFS and, as UTF-16 units, of Windows' NTFS; a whole path at most
 * PATH_MAX_BYTES, Linux's PATH_MAX. Beside an output capqa writes names longer than the output's
 * own, and those are counted in: an output is checked with its longest companion.
 */
import { basename, resolve, sep } from "node:path";

/** The most bytes one name of a path may have (NAME_MAX). */
export const NAME_MAX_BYTES = 255;
/** The most bytes a whole path may have (PATH_MAX, with its terminating zero). */
export const PATH_MAX_BYTES = 4096;
/**
 * The most bytes capqa adds to an output file's name for the files it writes beside it:
 * `.tmp-PID-MILLISECONDS` (RowWriter and the manifest's temporary file: 5 + 7 digits of a pid up
 * to Linux's 4194304 + 1 + 13 digits of a time) and `.manifest.json` (14) after it: 40.
 */
export const OUTPUT_FILE_SUFFIX_BYTES = 40;
/**
 * The most bytes capqa adds to an output folder's name for the staging folder beside it: `.capqa-partial-PID-MILLISECONDS`, 15 + 7 + 1 + 13
 * = 36.
 */
export const OUTPUT_FOLDER_SUFFIX_BYTES = 36;
/** Room kept in a folder's path for the names capqa writes inside it (`fig-….json.tmp-PID` and the like). */
const INNER_NAME_BYTES = 128;

const bytes = (s: string) => Buffer.byteLength(s, "utf8");

/**
 * Why `path` (an output file, or an output folder) cannot be written with the names capqa
 * derives from it, or undefined when it can (the caller names the path).
 */
export function outputNameProblem(path: string, kind: "file" | "folder"): string | undefined {
  const full = resolve(path);
  for (const part of full.split(sep)) {
    const n = bytes(part);
    if (n > NAME_MAX_BYTES)
      return `the name ${part.slice(0, 8)}… is ${n} bytes long; a file or folder name may have at most ${NAME_MAX_BYTES} bytes`;
  }
  const name = basename(full);
  const extra = kind === "file" ? OUTPUT_FILE_SUFFIX_BYTES : OUTPUT_FOLDER_SUFFIX_BYTES;
  const n = bytes(name);
  if (n + extra > NAME_MAX_BYTES) {
    const companions = kind === "file" ? ".tmp-….manifest.json" : ".capqa-partial-…";
    return (
      `the ${kind} name is ${n} bytes long; with the ${companions} names capqa writes beside it (up to ${extra} bytes more) ` +
      `it passes the ${NAME_MAX_BYTES} bytes a file name may have: name the output${kind === "folder" ? " folder" : ""} with at most ${NAME_MAX_BYTES - extra} bytes`
    );
  }
  const room = extra + (kind === "folder" ? INNER_NAME_BYTES : 0);
  if (bytes(full) + room >= PATH_MAX_BYTES)
    return `the path is ${bytes(full)} bytes long; with the names capqa writes there it passes the ${PATH_MAX_BYTES} bytes a path may have: choose a shorter one`;
  return undefined;
}
