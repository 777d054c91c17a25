/**
 * The manifest of an output: what produced it, so a number can be traced back to the capqa
 * version, the model file, the weights and the input bytes it came from. Folder outputs
 * (evaluate, reproduce, calibrate, sweep, scorers evaluate) carry it as `manifest` in their
 * meta.json; `capqa score` writes it beside its one output file as `<out>.manifest.json`
 * (MANIFEST_SIDECAR_SUFFIX), with the output's own SHA-256 so the pair can be checked.
 *
 * @example
 * const manifest = buildManifest({ command: ["evaluate", "--split", "test"], data: dataProvenance(bench), cap: { alpha: 0.85, lambda: 0.3 } });
 * const input = await fileDigest("answers.csv"); // { path, sha256, bytes }, streamed
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  DEFAULT_ALPHA,
  DEFAULT_BOOTSTRAP_RESAMPLES,
  DEFAULT_CONFIDENCE,
  DEFAULT_LAMBDA,
  DEFAULT_SEED,
  MANIFEST_REDACTED_FLAG_PATTERN,
  MODEL_KEY_PLAIN_DTYPE,
  SCORE_DECIMALS,
} from "../constants.js";

/**
 * What a run can say about the model it used (an NLI engine's `provenance` is one). Every field
 * is optional: a caller passes what it knows and the manifest fills the rest from the model key.
 */
export interface ManifestModelInput {
  /** "hub" or "local" (or "server"). */
  readonly source?: string;
  /** Hub id ("owner/name") or the local folder. */
  readonly id?: string;
  /** Hub revision as named; null for a local folder. */
  readonly revision?: string | null;
  /** The repository, revision and commit the files were read from, when the engine says. */
  readonly repo?: string;
  readonly repoRevision?: string;
  readonly commit?: string;
  /** The ONNX file read, relative to the folder or repository (onnx/model.onnx). */
  readonly file?: string | null;
  /** SHA-256 of that file (hex, 64 digits), when known. */
  readonly sha256?: string | null;
  readonly dtype?: string | null;
  /** Where inference ran; null when no pair went through the model (all from the cache). */
  readonly device?: string | null;
  readonly note?: string;
}

/** The model entry of a manifest: every field present, null where unknown. */
export interface ManifestModel {
  readonly id: string | null;
  readonly revision: string | null;
  readonly file: string | null;
  readonly sha256: string | null;
  readonly dtype: string | null;
  readonly device: string | null;
  /** The NLI cache identity of the model (hub id@revision, or local:NAME:sha256:… for a folder). */
  readonly key: string | null;
  /** Present when the run knew them (a loaded engine's provenance). */
  readonly source?: string;
  readonly repo?: string;
  readonly repoRevision?: string;
  readonly commit?: string;
  readonly note?: string;
}

/** A file read or written: absolute path, SHA-256 (hex) and size in bytes. */
export interface FileDigest {
  readonly path: string;
  readonly sha256: string;
  readonly bytes: number;
}

/** CAP's weights: one point, or the grid of a sweep. */
export interface ManifestCap {
  readonly alpha: number | readonly number[];
  readonly lambda: number | readonly number[];
}

export interface Manifest {
  /** capqa's version (package.json). */
  readonly capqa: string;
  /** When the manifest was made (ISO 8601, UTC). */
  readonly created: string;
  /** The subcommand and its flags, secret values redacted. */
  readonly command: readonly string[];
  /** The data folder's provenance (folder, checksums against the pins, warnings), or null. */
  readonly data: unknown;
  readonly model: ManifestModel | null;
  readonly cap: ManifestCap | null;
  /** The statement generator that turned raw answers into statements, or null. */
  readonly statementGenerator: string | null;
  /** Files given on the command line (besides the data folder, which `data` covers). */
  readonly inputs: readonly FileDigest[];
  /** The output this manifest describes, for single-file outputs (capqa score). */
  readonly output?: FileDigest & { readonly rows?: number };
  /** Present when the output's numbers cannot be trusted: DEMO_NLI_MODEL_WARNING when capqa's demo model scored them. */
  readonly warning?: string;
  /** The run's settings (split, metrics, resamples, seed, ordering …), as the run resolved them. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** capqa's defaults the run could fall back on (seed, α, λ, resamples, confidence, score decimals). */
  readonly constants: Readonly<Record<string, number>>;
}

/** The defaults every manifest records (lib/constants.ts). */
export const MANIFEST_CONSTANTS: Readonly<Record<string, number>> = Object.freeze({
  DEFAULT_SEED,
  DEFAULT_ALPHA,
  DEFAULT_LAMBDA,
  DEFAULT_BOOTSTRAP_RESAMPLES,
  DEFAULT_CONFIDENCE,
  SCORE_DECIMALS,
});

export interface ManifestInput {
  /** The subcommand and flags, e.g. ["score", "--in", "a.csv", …]; secret values are redacted here. */
  readonly command: readonly string[];
  readonly data?: unknown;
  /** What the run knows about its model; with `modelKey`, the rest is derived from the key. */
  readonly model?: ManifestModelInput | null;
  readonly modelKey?: string | null;
  readonly cap?: ManifestCap | null;
  readonly statementGenerator?: string | null;
  readonly inputs?: readonly FileDigest[];
  readonly output?: FileDigest & { readonly rows?: number };
  /** Why the output's numbers cannot be trusted (the demo model's warning); recorded when given. */
  readonly warning?: string | null;
  /** The run's settings, recorded as given. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Defaults: now, and capqa's package.json version. */
  readonly now?: Date;
  readonly version?: string;
}

/** Builds a manifest from what a run used. Pure given `now` and `version`. */
export function buildManifest(input: ManifestInput): Manifest {
  const model = input.model || input.modelKey ? manifestModel(input.modelKey ?? null, input.model ?? undefined) : null;
  return {
    capqa: input.version ?? capqaVersion(),
    created: (input.now ?? new Date()).toISOString(),
    command: redactCommand(input.command),
    data: input.data ?? null,
    model,
    cap: input.cap ?? null,
    statementGenerator: input.statementGenerator ?? null,
    inputs: [...(input.inputs ?? [])],
    ...(input.output ? { output: input.output } : {}),
    ...(input.warning ? { warning: input.warning } : {}),
    ...(input.settings ? { settings: input.settings } : {}),
    constants: MANIFEST_CONSTANTS,
  };
}

/**
 * The model entry: the fields given win, the rest come from the model key (hub id, revision,
 * dtype and device of fp16/q8; a local key only names the folder and a prefix of the hash).
 */
export function manifestModel(key: string | null, given: ManifestModelInput = {}): ManifestModel {
  const fromKey: ManifestModelInput = key ? modelFromKey(key) : {};
  const pick = (k: keyof ManifestModelInput): string | null => (given[k] !== undefined ? (given[k] ?? null) : (fromKey[k] ?? null));
  const extra = Object.fromEntries(
    (["source", "repo", "repoRevision", "commit", "note"] as const).flatMap((k) =>
      typeof (given[k] ?? fromKey[k]) === "string" ? [[k, given[k] ?? fromKey[k]]] : [],
    ),
  );
  return {
    id: pick("id"),
    revision: pick("revision"),
    file: pick("file"),
    sha256: pick("sha256"),
    dtype: pick("dtype"),
    device: pick("device"),
    key,
    ...extra,
  };
}

/**
 * What a model key says: `owner/name@revision[:dtype@device][:maxN]` for a hub model,
 * `local:NAME:sha256:<32 hex>:tok:…:labels:…[:dtype@device][:maxN]` for a local folder (the full
 * file hash is not in the key; `sha256` stays unset).
 */
export function modelFromKey(key: string): ManifestModelInput {
  const numerics = /:(fp16|q8)@(cpu|cuda|webgpu)(?::max\d+)?$/.exec(key);
  const dtype = numerics ? numerics[1] : MODEL_KEY_PLAIN_DTYPE;
  const device = numerics ? numerics[2] : undefined;
  if (key.startsWith("local:")) {
    const name = key.slice("local:".length).split(":sha256:")[0];
    return { source: "local", id: name, revision: null, dtype, ...(device ? { device } : {}) };
  }
  const at = key.indexOf("@");
  if (at <= 0) return { id: key, revision: null, dtype };
  return { source: "hub", id: key.slice(0, at), revision: key.slice(at + 1).split(":")[0] || null, dtype, ...(device ? { device } : {}) };
}

/** The command with the values of secret-looking flags (--api-key, --token, …) replaced. */
export function redactCommand(argv: readonly string[]): string[] {
  const secret = (flag: string) => MANIFEST_REDACTED_FLAG_PATTERN.test(flag);
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const eq = a.indexOf("=");
    if (a.startsWith("--") && eq > 0 && secret(a.slice(2, eq))) out.push(`${a.slice(0, eq)}=<redacted>`);
    else if (a.startsWith("--") && eq < 0 && secret(a.slice(2)) && i + 1 < argv.length && !argv[i + 1].startsWith("--")) {
      out.push(a, "<redacted>");
      i++;
    } else out.push(a.replace(/(https?:\/\/)[^/@\s,]+@/gi, "$1<redacted>@")); // credentials in a server URL
  }
  return out;
}

/** SHA-256 and size of a file, streamed (flat memory however large the file). */
export async function fileDigest(path: string): Promise<FileDigest> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { path: resolve(path), sha256: hash.digest("hex"), bytes };
}

let version: string | undefined;

/** capqa's version, from its package.json found relative to this module (so it holds when installed as a dependency). */
export function capqaVersion(): string {
  if (version !== undefined) return version;
  // dist/lib/eval/manifest.js → the package root three levels up; lib/eval/manifest.ts → two.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let k = 0; k < 5; k++) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      try {
        const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
        if (pkg.name === "capqa" && typeof pkg.version === "string") return (version = pkg.version);
      } catch {
        // not capqa's package.json: keep looking upwards
      }
    }
    dir = dirname(dir);
  }
  return (version = "unknown");
}
