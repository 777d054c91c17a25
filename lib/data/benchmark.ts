/**
 * The CAP-Correctness benchmark joined by row_id: CSV rows, their split, and the released
 * per-row scores where they exist. Rows without released scores are kept and listed with a
 * reason; selections report what they leave out.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DATA_FILES } from "../constants.js";
import { PINNED_FILES, sha256 } from "./fetch.js";
import { CLASS_INDEX, type CorrectnessClass } from "../taxonomy/index.js";
import { DataProblems } from "../io/errors.js";
import { loadCorrectnessCsv, loadScoresJson, loadSplitsCsv } from "./loaders.js";
import { requireDataFiles, resolveDataDir } from "./locate.js";
import type { CorrectnessRow, ReleasedScores, Split } from "./types.js";

export interface UnscoredRow {
  readonly rowId: number;
  readonly split: Split;
  readonly reason: string;
}

export interface Benchmark {
  readonly dir: string;
  readonly rows: CorrectnessRow[];
  /** Split of each CSV row. */
  readonly split: Split[];
  readonly scores: ReleasedScores;
  /** For each CSV row, its index in the scores arrays, or -1 when no scores were released. */
  readonly scoreIndex: Int32Array;
  /** CSV rows with no released scores, with why. */
  readonly unscored: UnscoredRow[];
  /** Disagreements that do not stop loading (a file whose checksum differs from capqa's pin). */
  readonly warnings: string[];
  /** SHA-256 of each file read, and whether it is the copy capqa pins (empty when joined in memory). */
  readonly checksums: FileChecksum[];
}

export interface FileChecksum {
  readonly name: string;
  readonly sha256: string;
  readonly pinned: string | null;
  readonly matchesPin: boolean;
}

/** Joins the three per-row files and checks that they describe the same rows. */
export function joinBenchmark(
  dir: string,
  rows: CorrectnessRow[],
  splits: Map<number, Split>,
  scores: ReleasedScores,
  files = DATA_FILES,
): Benchmark {
  const problems = new DataProblems();
  const splitsFile = join(dir, files.splits);
  const split: Split[] = new Array(rows.length);
  for (let id = 0; id < rows.length; id++) {
    const s = splits.get(id);
    if (s === undefined) problems.add({ file: splitsFile, row: id, field: "row_id" }, "CSV row has no split");
    else split[id] = s;
  }
  for (const id of splits.keys()) {
    if (id >= rows.length)
      problems.add({ file: splitsFile, row: id, field: "row_id" }, `no such CSV row (the CSV has ${rows.length} rows)`);
  }
  const warnings: string[] = [];
  const scoreIndex = new Int32Array(rows.length).fill(-1);
  scores.rowIds.forEach((id, k) => {
    if (id >= rows.length) {
      problems.add({ file: scores.file, row: id, field: "row_id" }, `no such CSV row (the CSV has ${rows.length} rows)`);
      return;
    }
    scoreIndex[id] = k;
    if (split[id] !== undefined && scores.split[k] !== split[id]) {
      problems.add({ file: scores.file, row: id, field: "split" }, `says ${scores.split[k]}, ${files.splits} says ${split[id]}`);
    }
    // The released scores and the CSV must describe the same row: a reordered or edited CSV would
    // otherwise be evaluated against another row's scores without a word.
    if (scores.label[k] !== rows[id].label) {
      problems.add(
        { file: scores.file, row: id, field: "label" },
        `"${scores.label[k]}" differs from ${files.correctness}'s label_semantic "${rows[id].label}" for row_id ${id}: the two files do not describe the same rows`,
      );
    }
    if (scores.dataset[k] !== rows[id].dataset) {
      problems.add(
        { file: scores.file, row: id, field: "dataset" },
        `"${scores.dataset[k]}" differs from ${files.correctness}'s dataset "${rows[id].dataset}" for row_id ${id}: the two files do not describe the same rows`,
      );
    }
  });
  problems.throwIfAny(`the data in ${dir} (the files do not line up; fetch them again with capqa data fetch)`);
  const unscored: UnscoredRow[] = [];
  for (let id = 0; id < rows.length; id++) {
    if (scoreIndex[id] >= 0) continue;
    const r = rows[id];
    const reason =
      r.answer.trim() === ""
        ? "empty candidate answer: the authors released no NLI probabilities or metric scores for it"
        : "not present in the released scores";
    unscored.push({ rowId: id, split: split[id], reason });
  }
  return { dir, rows, split, scores, scoreIndex, unscored, warnings, checksums: [] };
}

/**
 * Loads the benchmark from a data folder (flag, then CAPQA_DATA_DIR, then ./data).
 *
 * @example
 * const bench = loadBenchmark(); // npx capqa data fetch writes ./data
 * console.log(bench.rows.length, "rows; the first asks", bench.rows[0].question);
 */
export function loadBenchmark(dataDir?: string): Benchmark {
  const choice = resolveDataDir(dataDir);
  requireDataFiles(choice, ["correctness", "splits", "scores"]);
  const dir = choice.dir;
  const rows = loadCorrectnessCsv(join(dir, DATA_FILES.correctness));
  const splits = loadSplitsCsv(join(dir, DATA_FILES.splits));
  const scores = loadScoresJson(join(dir, DATA_FILES.scores));
  const bench = joinBenchmark(dir, rows, splits, scores);
  // The checksums go into every run's meta.json; a file that is not the pinned copy is named.
  const checksums = [DATA_FILES.correctness, DATA_FILES.splits, DATA_FILES.scores].map((name) => {
    const sum = sha256(readFileSync(join(dir, name)));
    const pinned = PINNED_FILES.find((f) => f.name === name)?.sha256 ?? null;
    return { name, sha256: sum, pinned, matchesPin: pinned === sum };
  });
  const warnings = [...bench.warnings];
  for (const c of checksums)
    if (!c.matchesPin)
      warnings.push(
        `${join(dir, c.name)} is not the copy capqa pins (SHA-256 ${c.sha256.slice(0, 16)}…, pinned ${c.pinned?.slice(0, 16) ?? "none"}…); its rows line up with the other files, so it is used, and results may differ from the paper's`,
      );
  return { ...bench, warnings, checksums };
}

/** Where a run's data came from, for its meta.json: folder, checksums against capqa's pins, warnings. */
export function dataProvenance(bench: Benchmark): { dir: string; files: FileChecksum[]; warnings: string[] } {
  return { dir: bench.dir, files: bench.checksums, warnings: bench.warnings };
}

export type SplitChoice = Split | "all";
export type LabelSource = "synthetic" | "human";

export interface Selection {
  readonly split: SplitChoice;
  readonly labels: LabelSource;
  /** CSV row ids of the selected rows, ascending. */
  readonly rowIds: Int32Array;
  /** Class index (CLASSES order) of each selected row under the chosen label source. */
  readonly classes: Uint8Array;
  /** Rows of the split left out, with why (no human label, no released scores). */
  readonly excluded: { rowId: number; reason: string }[];
}

/**
 * The rows of a split that can be evaluated under a label source. Human labels exist for 1,638
 * rows only; `onlyHumanLabelled` restricts synthetic labels to those rows too (Table 16).
 */
export function selectRows(
  bench: Benchmark,
  split: SplitChoice,
  labels: LabelSource = "synthetic",
  options: { onlyHumanLabelled?: boolean } = {},
): Selection {
  const ids: number[] = [];
  const classes: number[] = [];
  const excluded: { rowId: number; reason: string }[] = [];
  const unscoredReason = new Map(bench.unscored.map((u) => [u.rowId, u.reason]));
  for (const row of bench.rows) {
    if (split !== "all" && bench.split[row.rowId] !== split) continue;
    if (options.onlyHumanLabelled && row.manualLabel === null) continue;
    const label: CorrectnessClass | null = labels === "human" ? row.manualLabel : row.label;
    if (label === null) continue; // human labels exist for a documented subset only; not an exclusion
    if (bench.scoreIndex[row.rowId] < 0) {
      excluded.push({ rowId: row.rowId, reason: unscoredReason.get(row.rowId) ?? "no released scores" });
      continue;
    }
    ids.push(row.rowId);
    classes.push(CLASS_INDEX[label]);
  }
  return { split, labels, rowIds: Int32Array.from(ids), classes: Uint8Array.from(classes), excluded };
}

/** A released metric column (or NLI probability) for the selected rows. */
export function releasedColumn(bench: Benchmark, name: string, rowIds: Int32Array): Float64Array {
  const source = bench.scores.values[name] ?? (bench.scores.probabilities as Record<string, Float64Array>)[name];
  if (source === undefined) {
    throw new Error(
      `no released column "${name}" in ${bench.scores.file}; it has ${[...bench.scores.metrics, ...Object.keys(bench.scores.probabilities)].join(", ")}`,
    );
  }
  const out = new Float64Array(rowIds.length);
  for (let k = 0; k < rowIds.length; k++) {
    const idx = bench.scoreIndex[rowIds[k]];
    if (idx < 0) throw new Error(`row ${rowIds[k]} has no released scores`);
    out[k] = source[idx];
  }
  return out;
}
