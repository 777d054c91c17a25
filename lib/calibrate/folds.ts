/**
 * Stratified k-fold assignment for cross-validated calibration: the rows of each level shuffled
 * with a seeded generator (lib/stats/random, so a seed gives the same folds everywhere) and dealt
 * round the folds, the deal carrying on from one level to the next so fold sizes differ by at
 * most one and every fold holds its share of each level.
 */
import { Xoshiro128 } from "../stats/random.js";
import { checkInteger, checkSeed } from "../stats/validate.js";

/** The fold (0..folds − 1) of each row, stratified by level (levels: integers ≥ 0). */
export function stratifiedFolds(levels: ArrayLike<number>, folds: number, seed: number): Uint16Array {
  const fn = "stratifiedFolds";
  checkInteger(fn, "folds", folds, 2, 65_535);
  checkSeed(fn, "seed", seed);
  if (levels.length < folds)
    throw new RangeError(`${fn}: ${levels.length} rows cannot fill ${folds} folds; give at least as many rows as folds`);
  const byLevel = new Map<number, number[]>();
  for (let i = 0; i < levels.length; i++) {
    const list = byLevel.get(levels[i]) ?? [];
    list.push(i);
    byLevel.set(levels[i], list);
  }
  const rng = new Xoshiro128(seed, 0x5f01d);
  const out = new Uint16Array(levels.length);
  let deal = 0;
  for (const level of [...byLevel.keys()].sort((a, b) => a - b)) {
    const rows = byLevel.get(level)!;
    for (let i = rows.length - 1; i > 0; i--) {
      const j = rng.nextInt(i + 1);
      [rows[i], rows[j]] = [rows[j], rows[i]];
    }
    for (const r of rows) out[r] = deal++ % folds;
  }
  return out;
}
