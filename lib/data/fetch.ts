/**
 * `capqa data fetch`: downloads the released files from the authors' public repository at
 * pinned commits and checks each against the SHA-256 of the copy capqa was tested with.
 * Files are written to a temporary name and renamed, so an interrupted fetch leaves no
 * half-written file behind; files already present with the right hash are not downloaded again.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DATA_FILES } from "../constants.js";

export const UPSTREAM_REPOSITORY = "ElitsaY/Correctness_eval";
export const RAW_BASE_URL = "https://raw.githubusercontent.com";

export interface PinnedFile {
  /** Name in the local data folder. */
  readonly name: string;
  /** Path in the upstream repository. */
  readonly path: string;
  readonly commit: string;
  /** SHA-256 of the copy capqa was tested with; null where capqa never saw the upstream file whole. */
  readonly sha256: string | null;
  readonly bytes: number | null;
}

/** The four files of the benchmark, pinned (see ../shared/data/README.md). */
export const PINNED_FILES: readonly PinnedFile[] = [
  {
    name: DATA_FILES.correctness,
    path: "data/CAP-Correctness.csv",
    commit: "4491248acba112183356df05c1f74fc0d7ece826",
    sha256: "6da2c39b28a5087cf44c659fad6701c389d2fb734a17cee5f832da7a7f952a2c",
    bytes: 3959643,
  },
  {
    name: DATA_FILES.splits,
    path: "data/CAP-Correctness-splits.csv",
    commit: "fef4a58cf08465cb829142a3f1548f800d4cdf04",
    sha256: "862afc488af728cb40b151d8f649a0eb9f8ff2d208b6c4022210a55ae34a8ebd",
    bytes: 93173,
  },
  {
    name: DATA_FILES.scores,
    path: "docs/data/scores.json",
    commit: "fef4a58cf08465cb829142a3f1548f800d4cdf04",
    sha256: "069fb36a79b53948767c084a40106f8a5738225b6aa67c96142b4dfff59f6330",
    bytes: 1332636,
  },
  {
    name: DATA_FILES.results,
    path: "docs/data/results.json",
    commit: "c7e8ed3fe970f2697489e0d207cf9cc349c90f4d",
    sha256: "e60418919faa7786203829ad57060477ed8ad4a7dccaef459f8376d412253915",
    bytes: 78938,
  },
];

/**
 * CAP-Statements as upstream publishes it (one file, 11,000 rows, no split; capqa splits it by
 * the SHA-256 rule of lib/statements/dataset). The commit is pinned; no checksum is, because the
 * copy capqa was built with came already split: the loader checks the row count instead.
 */
export const STATEMENTS_FILES: readonly PinnedFile[] = [
  {
    name: "CAP-Statements.csv",
    path: "data/CAP-Statements.csv",
    commit: "bdc6a5a4b68e74f868aa6d105d0bb6a15bcfd026",
    sha256: null,
    bytes: null,
  },
];

export function pinnedUrl(file: PinnedFile): string {
  return `${RAW_BASE_URL}/${UPSTREAM_REPOSITORY}/${file.commit}/${file.path}`;
}

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export interface FetchOptions {
  readonly dir: string;
  /** Keep a download whose hash differs from the pin (it is reported, not hidden). */
  readonly allowChanged?: boolean;
  readonly timeoutMs?: number;
  readonly log?: (line: string) => void;
  /** Injected for tests; defaults to the platform's fetch. */
  readonly fetchImpl?: typeof fetch;
  /** Which files (default: the four CAP-Correctness files). */
  readonly files?: readonly PinnedFile[];
}

export interface FetchReport {
  readonly name: string;
  readonly status: "present" | "downloaded" | "downloaded-changed";
  readonly sha256: string;
}

/** Downloads every pinned file not already present with the right hash. */
export async function fetchData(options: FetchOptions): Promise<FetchReport[]> {
  const { dir, log = () => {}, timeoutMs = 60_000 } = options;
  const doFetch = options.fetchImpl ?? fetch;
  mkdirSync(dir, { recursive: true });
  const reports: FetchReport[] = [];
  for (const file of options.files ?? PINNED_FILES) {
    const target = join(dir, file.name);
    if (existsSync(target) && file.sha256 === null) {
      log(`${file.name}: present (no checksum pinned; not downloaded again)`);
      reports.push({ name: file.name, status: "present", sha256: sha256(readFileSync(target)) });
      continue;
    }
    if (existsSync(target)) {
      const have = sha256(readFileSync(target));
      if (have === file.sha256) {
        log(`${file.name}: present, checksum ok`);
        reports.push({ name: file.name, status: "present", sha256: have });
        continue;
      }
      log(`${file.name}: present but its checksum differs from the pin; downloading again`);
    }
    const url = pinnedUrl(file);
    log(`${file.name}: downloading ${url}`);
    let bytes: Uint8Array;
    try {
      const res = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`);
      bytes = new Uint8Array(await res.arrayBuffer());
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      const cause = e.cause?.code ?? e.cause?.message ?? "";
      throw new Error(
        `cannot download ${file.name} from ${url}: ${e.message}${cause ? ` (${cause})` : ""}. ` +
          `This machine may be offline: copy the files of ${UPSTREAM_REPOSITORY} (paths and commits in "capqa data fetch --list") into ${dir}, ` +
          `or point the \`dataDir\` option or CAPQA_DATA_DIR at a folder that has them.`,
      );
    }
    const got = sha256(bytes);
    const changed = file.sha256 !== null && got !== file.sha256;
    if (changed && !options.allowChanged) {
      throw new Error(
        `${file.name}: downloaded ${bytes.length} bytes with SHA-256 ${got}, expected ${file.sha256} (${file.bytes} bytes); not saved. Set the \`allowChanged\` option to keep it anyway.`,
      );
    }
    const tmp = `${target}.partial`;
    writeFileSync(tmp, bytes);
    renameSync(tmp, target);
    log(
      `${file.name}: saved (${bytes.length} bytes${file.sha256 === null ? `, sha256 ${got}` : changed ? ", CHECKSUM DIFFERS FROM THE PIN" : ", checksum ok"})`,
    );
    reports.push({ name: file.name, status: changed ? "downloaded-changed" : "downloaded", sha256: got });
  }
  return reports;
}

/** Checks the files of a data folder against the pins without downloading. */
export function verifyData(dir: string): { name: string; ok: boolean; detail: string }[] {
  return PINNED_FILES.map((file) => {
    const target = join(dir, file.name);
    if (!existsSync(target)) return { name: file.name, ok: false, detail: "missing" };
    const have = sha256(readFileSync(target));
    return {
      name: file.name,
      ok: have === file.sha256,
      detail: have === file.sha256 ? "checksum ok" : `checksum ${have} differs from the pin ${file.sha256}`,
    };
  });
}
