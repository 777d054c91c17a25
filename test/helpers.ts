/** Shared helpers for tests: a seeded generator for data with ties, brute-force references, the data folder. */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { toCsv } from "../lib/io/csv.js";
import { CACHE_FILE } from "../lib/nli/cache.js";
import { Xoshiro128 } from "../lib/stats/random.js";
import type { ExploreRows } from "../lib/explore/compute.js";

/** Random scores on a coarse grid (so ties are common) and class indices 0..7. */
export function randomScored(n: number, seed: number, grid = 20): { scores: Float64Array; classes: Uint8Array } {
  const rng = new Xoshiro128(seed, 7);
  const classes = new Uint8Array(n);
  const scores = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    classes[i] = rng.nextInt(8);
    // Scores drift with the class so correlations are not all near zero.
    scores[i] = Math.round(((7 - classes[i]) / 7 + rng.nextFloat()) * grid) / grid;
  }
  return { scores, classes };
}

/** O(n²) mid-ranks. */
export function bruteRanks(x: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < x.length; i++) {
    let less = 0;
    let equal = 0;
    for (let j = 0; j < x.length; j++) {
      if (x[j] < x[i]) less++;
      else if (x[j] === x[i]) equal++;
    }
    out.push(less + (equal + 1) / 2);
  }
  return out;
}

export function brutePearson(x: number[], y: number[]): number {
  const n = x.length;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** O(n²) Kendall τ-b from its definition. */
export function bruteKendallTauB(x: ArrayLike<number>, y: ArrayLike<number>): number {
  let c = 0;
  let d = 0;
  let tx = 0;
  let ty = 0;
  const n = x.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const sx = Math.sign(x[i] - x[j]);
      const sy = Math.sign(y[i] - y[j]);
      if (sx === 0 && sy === 0) continue;
      if (sx === 0) tx++;
      else if (sy === 0) ty++;
      else if (sx === sy) c++;
      else d++;
    }
  }
  return (c - d) / Math.sqrt((c + d + tx) * (c + d + ty));
}

/** O(n²) wins / ties / losses of row pairs whose labels differ (higher label should score higher). */
export function brutePairs(scores: ArrayLike<number>, labels: ArrayLike<number>): { wins: number; ties: number; losses: number } {
  let wins = 0;
  let ties = 0;
  let losses = 0;
  for (let i = 0; i < scores.length; i++) {
    for (let j = 0; j < scores.length; j++) {
      if (!(labels[i] > labels[j])) continue;
      if (scores[i] > scores[j]) wins++;
      else if (scores[i] === scores[j]) ties++;
      else losses++;
    }
  }
  return { wins, ties, losses };
}

/** Repeats each row as often as its count says: the expanded form of a bootstrap resample. */
export function expand<T extends ArrayLike<number>>(values: T, counts: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) for (let k = 0; k < counts[i]; k++) out.push(values[i]);
  return out;
}

/** The released data folder for integration tests: CAPQA_DATA_DIR, else ../shared beside the repo. */
export function releasedDataDir(): string | undefined {
  // $CAPQA_DATA_DIR, else ./data (where `capqa data fetch` puts it), else the development checkout's shared copy.
  const candidates = [process.env.CAPQA_DATA_DIR, resolve("data"), resolve("../shared/data/cap-correctness")].filter(
    (d): d is string => !!d,
  );
  return candidates.find((d) => existsSync(join(d, "CAP-Correctness.csv")) && existsSync(join(d, "scores.json")));
}

export function close(actual: number, expected: number, tol: number): boolean {
  return Math.abs(actual - expected) <= tol;
}

/** A seeded CSV of statement pairs of 4–15 words, long enough that a run can be killed halfway. */
export function statementPairsCsv(rows: number, seed = 5): string {
  const words = "the water sun plant travels through stem light heat rain cloud energy animal cow eats food cell neuron communicate".split(
    " ",
  );
  const rng = new Xoshiro128(seed);
  const sentence = () => Array.from({ length: 4 + rng.nextInt(12) }, () => words[rng.nextInt(words.length)]).join(" ") + ".";
  return toCsv(
    ["id", "premise", "hypothesis"],
    Array.from({ length: rows }, (_, i) => ({ id: i, premise: sentence(), hypothesis: sentence() })),
  );
}

/** Entries in an NLI cache folder (0 while it does not exist or is being created). */
export function cacheEntries(dir: string): number {
  const file = join(dir, CACHE_FILE);
  if (!existsSync(file)) return 0;
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    const n = (db.prepare("SELECT COUNT(*) AS n FROM nli").get() as { n: number }).n;
    db.close();
    return n;
  } catch {
    return 0;
  }
}

/** Runs a node script to its end, collecting its exit status and output. */
export function runNode(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise((r) => child.on("close", (code) => r({ code, stdout, stderr })));
}

/** Synthetic rows with CAP-like probabilities that drift with the class. */
export function syntheticExploreRows(n: number, seed: number): ExploreRows {
  const rng = new Xoshiro128(seed);
  const rows = { cls: [] as number[], peF: [] as number[], pnF: [] as number[], peR: [] as number[], pnR: [] as number[] };
  for (let i = 0; i < n; i++) {
    const c = rng.nextInt(8);
    const q = (7 - c) / 7;
    const e1 = Math.min(1, q * rng.nextFloat() * 1.4);
    const e2 = Math.min(1, q * rng.nextFloat() * 1.2);
    rows.cls.push(c);
    rows.peF.push(Math.round(e1 * 1e6) / 1e6);
    rows.pnF.push(Math.round((1 - e1) * rng.nextFloat() * 1e6) / 1e6);
    rows.peR.push(Math.round(e2 * 1e6) / 1e6);
    rows.pnR.push(Math.round((1 - e2) * rng.nextFloat() * 1e6) / 1e6);
  }
  return rows;
}
