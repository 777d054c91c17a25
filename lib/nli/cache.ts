/**
 * The persistent NLI cache: probabilities keyed by (model identity, premise, hypothesis) in
 * SQLite (better-sqlite3, write-ahead log). Each batch of results is committed in its own
 * transaction as soon as it is computed, so a run killed at any moment keeps every finished
 * pair, and a restarted run computes only what is missing. A key is stored once, so nothing is
 * duplicated. better-sqlite3 is optional (lib/optional.ts): it is loaded when a cache is opened,
 * so capqa without it imports and runs everything else.
 */
import type Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { CACHE_DIR_ENV, DEFAULT_CACHE_BUSY_TIMEOUT_MS, NLI_CACHE_SUM_TOLERANCE } from "../constants.js";
import { loadOptionalSync } from "../optional.js";

export const CACHE_FILE = "nli-cache.sqlite";

/** --cache-dir, then CAPQA_CACHE_DIR, then $XDG_CACHE_HOME/capqa, then ~/.cache/capqa. */
export function resolveCacheDir(flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (flag) return resolve(flag);
  if (env[CACHE_DIR_ENV]) return resolve(env[CACHE_DIR_ENV]!);
  return join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "capqa");
}

export interface CacheEntry {
  readonly premise: string;
  readonly hypothesis: string;
  /** (entailment, neutral, contradiction). */
  readonly probabilities: ArrayLike<number>;
}

export interface CacheStats {
  hits: number;
  /** Lookups that found no row, or a row without valid probabilities (counted in `invalid` too). */
  misses: number;
  writes: number;
  /** Rows read back that held no valid probabilities (checkCachedProbabilities): treated as missing, replaced when computed again. */
  invalid: number;
}

/**
 * Why a cache row's values are not the probabilities of one pair, or undefined when they are:
 * three numbers (entailment, neutral, contradiction), each finite and in [0, 1], summing to 1
 * within NLI_CACHE_SUM_TOLERANCE. The same rule holds where rows are written and where they are
 * read back: SQLite's REAL columns keep whatever a damaged or hand-edited file holds (text, a blob,
 * ±Infinity, any number), while a model's softmax sums to 1 within 1e-15 and the released
 * probabilities within 2e-7.
 */
export function checkCachedProbabilities(values: ArrayLike<unknown>): string | undefined {
  if (values.length !== 3) return `${values.length} values; a row holds 3 (entailment, neutral, contradiction)`;
  let sum = 0;
  for (let k = 0; k < 3; k++) {
    const v = values[k];
    if (typeof v !== "number") {
      const shown =
        typeof v === "string"
          ? JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)
          : v === null
            ? "null"
            : v instanceof Uint8Array
              ? `a blob of ${v.length} bytes`
              : `a ${typeof v}`;
      return `probability ${k} is ${shown}, not a number`;
    }
    if (!(v >= 0 && v <= 1)) return `probability ${k} is ${v}; not in [0, 1]`;
    sum += v;
  }
  if (Math.abs(sum - 1) > NLI_CACHE_SUM_TOLERANCE)
    return `the probabilities sum to ${Number(sum.toPrecision(12))}, not 1 (±${NLI_CACHE_SUM_TOLERANCE})`;
  return undefined;
}

type Sqlite = typeof Database;
let sqlite: Sqlite | undefined;

/** better-sqlite3 with its native module loaded (an in-memory database opened once), or one error naming the package. */
function loadSqlite(): Sqlite {
  sqlite ??= loadOptionalSync<Sqlite>("better-sqlite3", "the NLI cache", (D) => new D(":memory:").close());
  return sqlite;
}

function keyOf(model: string, premise: string, hypothesis: string): Buffer {
  return createHash("sha256").update(model).update("\u0000").update(premise).update("\u0000").update(hypothesis).digest();
}

export class NliCache {
  readonly path: string;
  readonly stats: CacheStats = { hits: 0, misses: 0, writes: 0, invalid: 0 };
  /** Why the first invalid row read back was refused (for the one warning a run gives). */
  firstInvalid: string | undefined;
  private readonly db: Database.Database;
  private readonly selectOne: Database.Statement<[Buffer], { pe: unknown; pn: unknown; pc: unknown }>;
  private readonly insertOne: Database.Statement<unknown[]>;
  private readonly replaceOne: Database.Statement<unknown[]>;

  private constructor(Sqlite: Sqlite, path: string, busyTimeoutMs: number) {
    this.path = path;
    try {
      this.db = new Sqlite(path);
    } catch (err) {
      throw new Error(`cannot open the NLI cache ${path}: ${(err as Error).message}`);
    }
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = NORMAL");
    // Another writer holding the lock is waited for this long, then the write fails with SQLITE_BUSY.
    this.db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    this.db.exec(`CREATE TABLE IF NOT EXISTS nli (
      key BLOB PRIMARY KEY,
      model TEXT NOT NULL,
      premise TEXT NOT NULL,
      hypothesis TEXT NOT NULL,
      pe REAL NOT NULL, pn REAL NOT NULL, pc REAL NOT NULL,
      source TEXT NOT NULL,
      created TEXT NOT NULL
    ) WITHOUT ROWID`);
    this.selectOne = this.db.prepare("SELECT pe, pn, pc FROM nli WHERE key = ?");
    this.insertOne = this.db.prepare(
      "INSERT OR IGNORE INTO nli (key, model, premise, hypothesis, pe, pn, pc, source, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    this.replaceOne = this.db.prepare("UPDATE nli SET pe = ?, pn = ?, pc = ?, source = ?, created = ? WHERE key = ?");
  }

  /** Opens (creating if needed) the cache in a folder. Without better-sqlite3, fails with one line saying how to install it. */
  static open(dir: string, options: { busyTimeoutMs?: number } = {}): NliCache {
    const Sqlite = loadSqlite();
    try {
      mkdirSync(dir, { recursive: true });
    } catch (err) {
      throw new Error(`cannot create the NLI cache folder ${dir}: ${(err as Error).message}`);
    }
    return new NliCache(Sqlite, join(dir, CACHE_FILE), options.busyTimeoutMs ?? DEFAULT_CACHE_BUSY_TIMEOUT_MS);
  }

  /** Probabilities of one pair, or undefined (no row, or a row without valid probabilities: counted in stats.invalid). */
  get(model: string, premise: string, hypothesis: string): [number, number, number] | undefined {
    const row = this.selectOne.get(keyOf(model, premise, hypothesis));
    if (row === undefined) {
      this.stats.misses++;
      return undefined;
    }
    const values = [row.pe, row.pn, row.pc];
    const invalid = checkCachedProbabilities(values);
    if (invalid !== undefined) {
      this.stats.misses++;
      this.stats.invalid++;
      this.firstInvalid ??= `the pair ${JSON.stringify(premise.length > 60 ? `${premise.slice(0, 60)}…` : premise)} → ${JSON.stringify(hypothesis.length > 60 ? `${hypothesis.slice(0, 60)}…` : hypothesis)} of ${model}: ${invalid}`;
      return undefined;
    }
    this.stats.hits++;
    return values as [number, number, number];
  }

  /** Looks up many pairs: probabilities (NaN where missing or invalid) and the indices that missed. */
  lookup(model: string, premises: readonly string[], hypotheses: readonly string[]): { probabilities: Float64Array; missing: number[] } {
    const probabilities = new Float64Array(3 * premises.length).fill(NaN);
    const missing: number[] = [];
    this.db.transaction(() => {
      for (let i = 0; i < premises.length; i++) {
        const p = this.get(model, premises[i], hypotheses[i]);
        if (p === undefined) missing.push(i);
        else probabilities.set(p, 3 * i);
      }
    })();
    return { probabilities, missing };
  }

  /**
   * Stores entries in one transaction; entries must pass checkCachedProbabilities (a RangeError
   * otherwise). An existing valid key is kept, and one whose stored values differ from the new
   * ones by more than 1e-9 is counted as a conflict; an existing row without valid probabilities
   * is replaced (counted as inserted).
   */
  put(model: string, entries: readonly CacheEntry[], source: string): { inserted: number; conflicts: number } {
    let inserted = 0;
    let conflicts = 0;
    const now = new Date().toISOString();
    this.db.transaction(() => {
      for (const e of entries) {
        const p = e.probabilities;
        const invalid = checkCachedProbabilities(p);
        if (invalid !== undefined) throw new RangeError(`the probabilities of a pair for ${model} are not a distribution: ${invalid}`);
        const key = keyOf(model, e.premise, e.hypothesis);
        const info = this.insertOne.run(key, model, e.premise, e.hypothesis, p[0], p[1], p[2], source, now);
        if (info.changes === 1) inserted++;
        else {
          const old = this.selectOne.get(key)!;
          if (checkCachedProbabilities([old.pe, old.pn, old.pc]) !== undefined) {
            this.replaceOne.run(p[0], p[1], p[2], source, now, key);
            inserted++;
          } else if (
            Math.abs((old.pe as number) - p[0]) > 1e-9 ||
            Math.abs((old.pn as number) - p[1]) > 1e-9 ||
            Math.abs((old.pc as number) - p[2]) > 1e-9
          )
            conflicts++;
        }
      }
    })();
    this.stats.writes += inserted;
    return { inserted, conflicts };
  }

  /** Entries per model identity. */
  counts(): { model: string; entries: number; sources: string }[] {
    return this.db
      .prepare("SELECT model, COUNT(*) AS entries, GROUP_CONCAT(DISTINCT source) AS sources FROM nli GROUP BY model ORDER BY model")
      .all() as {
      model: string;
      entries: number;
      sources: string;
    }[];
  }

  close(): void {
    this.db.close();
  }
}
