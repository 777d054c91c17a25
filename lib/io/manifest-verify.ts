/**
 * `capqa manifest verify`: a run's manifest checked against its inputs as they are now. Every file
 * the manifest records (the data folder's files, the inputs given on the command line, the output
 * of `capqa score`) is hashed again, and each that changed or is gone is named.
 *
 * @example
 * import { writeFileSync } from "node:fs";
 * writeFileSync("rows.csv", "premise,hypothesis\nParis is the capital.,Paris is the capital.\n");
 * const manifest = buildManifest({ command: ["score", "--in", "rows.csv"], inputs: [await fileDigest("rows.csv")] });
 * writeFileSync("run.manifest.json", JSON.stringify(manifest));
 * writeFileSync("rows.csv", "premise,hypothesis\nParis is the capital.,Lyon is the capital.\n"); // the input changes
 * const v = await verifyManifest("run.manifest.json");
 * for (const c of v.changed) console.log(`${c.what} ${c.path}: ${c.status}`); // input …/rows.csv: changed
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileDigest, type Manifest } from "./manifest.js";

/** One recorded file, checked. */
export interface ManifestCheck {
  /** "data file", "input" or "output". */
  readonly what: string;
  readonly path: string;
  readonly recorded: string;
  /** The SHA-256 now; null when the file is gone. */
  readonly now: string | null;
  readonly status: "unchanged" | "changed" | "missing";
}

export interface ManifestVerification {
  /** The manifest read: a .manifest.json file, or the meta.json of an output folder. */
  readonly file: string;
  readonly manifest: Manifest;
  readonly checks: ManifestCheck[];
  /** The checks whose file changed or is missing. */
  readonly changed: ManifestCheck[];
  readonly ok: boolean;
}

/** The manifest of an output: DIR/meta.json's `manifest`, or a `.manifest.json` (or any JSON manifest) file itself. */
export function readManifest(target: string): { file: string; manifest: Manifest } {
  const path = resolve(target);
  if (!existsSync(path)) throw new Error(`${target}: no such file or folder`);
  const file = statSync(path).isDirectory() ? join(path, "meta.json") : path;
  if (!existsSync(file))
    throw new Error(
      `${target}: no meta.json in this folder (give an output folder of capqa evaluate, reproduce, sweep, calibrate …, or a .manifest.json file)`,
    );
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file}: not JSON (${(error as Error).message})`);
  }
  const record = json as { manifest?: unknown; capqa?: unknown; inputs?: unknown };
  const manifest = (record.manifest ?? (typeof record.capqa === "string" && Array.isArray(record.inputs) ? record : undefined)) as
    | Manifest
    | undefined;
  if (manifest === undefined || typeof manifest !== "object" || !Array.isArray(manifest.inputs))
    throw new Error(`${file}: holds no capqa manifest`);
  return { file, manifest };
}

/** The data folder's files as the manifest records them (dataProvenance: { dir, files: [{ name, sha256 }] }). */
function dataFiles(data: unknown): { path: string; sha256: string }[] {
  const d = data as { dir?: unknown; files?: unknown } | null;
  if (!d || typeof d.dir !== "string" || !Array.isArray(d.files)) return [];
  const dir = d.dir;
  return (d.files as { name?: unknown; sha256?: unknown }[])
    .filter((f) => typeof f.name === "string" && typeof f.sha256 === "string")
    .map((f) => ({ path: join(dir, f.name as string), sha256: f.sha256 as string }));
}

async function check(what: string, path: string, recorded: string): Promise<ManifestCheck> {
  if (!existsSync(path)) return { what, path, recorded, now: null, status: "missing" };
  const now = (await fileDigest(path)).sha256;
  return { what, path, recorded, now, status: now === recorded ? "unchanged" : "changed" };
}

/** Hashes every file a manifest records again and says which changed or is missing. */
export async function verifyManifest(target: string): Promise<ManifestVerification> {
  const { file, manifest } = readManifest(target);
  const checks: ManifestCheck[] = [];
  for (const f of dataFiles(manifest.data)) checks.push(await check("data file", f.path, f.sha256));
  for (const input of manifest.inputs) checks.push(await check("input", input.path, input.sha256));
  if (manifest.output) checks.push(await check("output", manifest.output.path, manifest.output.sha256));
  const changed = checks.filter((c) => c.status !== "unchanged");
  return { file, manifest, checks, changed, ok: changed.length === 0 };
}

/** One line per changed file, for a message. */
export function describeChanges(v: ManifestVerification): string[] {
  return v.changed.map((c) =>
    c.status === "missing"
      ? `${c.what} ${c.path} is missing`
      : `${c.what} ${c.path} changed since the run (sha256 ${c.recorded.slice(0, 12)}… then, ${c.now!.slice(0, 12)}… now)`,
  );
}
