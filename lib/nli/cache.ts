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
import { CACHE_DIR_ENV, DEFAULT_CACHE_BUSY_TIMEOUT_MS } from "../constants.js";
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
  misses: number;
  writes: number;
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
  readonly stats: CacheStats = { hits: 0, misses: 0, writes: 0 };
  private readonly db: Database.Database;
  private readonly selectOne: Database.Statement<[Buffer], { pe: number; pn: number; pc: number }>;
  private readonly insertOne: Database.Statement<unknown[]>;

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
    this.insertOne = this.db.prepare("INSERT OR IGNORE INTO nli (key, model, premise, hypothesis, pe, pn, pc, source, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
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

  /** Probabilities of one pair, or undefined. */
  get(model: string, premise: string, hypothesis: string): [number, number, number] | undefined {
    const row = this.selectOne.get(keyOf(model, premise, hypothesis));
    if (row === undefined) {
      this.stats.misses++;
      return undefined;
    }
    this.stats.hits++;
    return [row.pe, row.pn, row.pc];
  }

  /** Looks up many pairs: probabilities (NaN where missing) and the indices that missed. */
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
   * Stores entries in one transaction. An existing key is kept; one whose stored values differ
   * from the new ones by more than 1e-9 is counted as a conflict.
   */
  put(model: string, entries: readonly CacheEntry[], source: string): { inserted: number; conflicts: number } {
    let inserted = 0;
    let conflicts = 0;
    const now = new Date().toISOString();
    this.db.transaction(() => {
      for (const e of entries) {
        const p = e.probabilities;
        for (let k = 0; k < 3; k++) {
          if (!Number.isFinite(p[k]) || p[k] < 0 || p[k] > 1) throw new RangeError(`probability ${k} of a pair for ${model} is not in [0, 1]: ${p[k]}`);
        }
        const key = keyOf(model, e.premise, e.hypothesis);
        const info = this.insertOne.run(key, model, e.premise, e.hypothesis, p[0], p[1], p[2], source, now);
        if (info.changes === 1) inserted++;
        else {
          const old = this.selectOne.get(key)!;
          if (Math.abs(old.pe - p[0]) > 1e-9 || Math.abs(old.pn - p[1]) > 1e-9 || Math.abs(old.pc - p[2]) > 1e-9) conflicts++;
        }
      }
    })();
    this.stats.writes += inserted;
    return { inserted, conflicts };
  }

  /** Entries per model identity. */
  counts(): { model: string; entries: number; sources: string }[] {
    return this.db.prepare("SELECT model, COUNT(*) AS entries, GROUP_CONCAT(DISTINCT source) AS sources FROM nli GROUP BY model ORDER BY model").all() as {
      model: string;
      entries: number;
      sources: string;
    }[];
  }

  close(): void {
    this.db.close();
  }
}
