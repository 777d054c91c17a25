/**
 * A small, fast, seedable generator (xoshiro128**) with one independent stream per bootstrap
 * resample: resample r always gets the same draws for a seed, however many threads share the
 * work. (numpy's PCG64 stream of the authors is not reproduced; their intervals are matched
 * statistically, not draw for draw.)
 *
 * Input follows the numeric input policy of ./validate: seeds and stream numbers are integers
 * (reduced modulo 2^32, so seeds that agree modulo 2^32 share a stream); nextInt's n and
 * resampleCounts' n are integers in range. The checks are O(1): the generator runs once per
 * resample, and resampleCounts draws its n integers through an unchecked path.
 */
import { checkInteger, checkSeed } from "./validate.js";

/** Murmur3's 32-bit finaliser: spreads the bits of a seed. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class Xoshiro128 {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** A generator for (seed, stream), both integers; distinct streams are statistically independent. */
  constructor(seed: number, stream = 0) {
    checkSeed("Xoshiro128", "seed", seed);
    checkSeed("Xoshiro128", "stream", stream);
    let h = fmix32((seed >>> 0) ^ 0x9e3779b9) ^ fmix32(((stream >>> 0) + 0x7f4a7c15) >>> 0);
    const next = () => (h = fmix32((h + 0x9e3779b9) >>> 0));
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  /** Next 32-bit unsigned integer. */
  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** Uniform integer in [0, n), without modulo bias (Lemire's method); n an integer in 1..2^21. */
  nextInt(n: number): number {
    checkInteger("Xoshiro128.nextInt", "n", n, 1, MAX_RESAMPLE_ROWS);
    return uniformInt(this, n);
  }

  /** Uniform double in [0, 1). */
  nextFloat(): number {
    return this.nextU32() / 4294967296;
  }
}

/** Lemire's method for an integer n in 1..2^21 (so that u32 · n is exact); the unchecked body of nextInt. */
function uniformInt(rng: Xoshiro128, n: number): number {
  const TWO32 = 4294967296;
  let m = rng.nextU32() * n;
  let low = m % TWO32;
  if (low < n) {
    const threshold = (TWO32 - n) % n;
    while (low < threshold) {
      m = rng.nextU32() * n;
      low = m % TWO32;
    }
  }
  return Math.floor(m / TWO32);
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

export const MAX_RESAMPLE_ROWS = 2 ** 21;

/**
 * How often each of n rows is drawn in a bootstrap resample of size n: the resample as a vector
 * of counts (written into `counts`, which is zeroed first and must hold exactly n values).
 * n is an integer in 0..2^21 (the bootstrap supports up to MAX_RESAMPLE_ROWS rows).
 */
export function resampleCounts(rng: Xoshiro128, n: number, counts: Float64Array): void {
  checkInteger("resampleCounts", "n", n, 0, MAX_RESAMPLE_ROWS);
  if (counts.length !== n)
    throw new RangeError(`resampleCounts: counts has ${counts.length} values, n is ${n}; counts must hold one count per row`);
  counts.fill(0);
  for (let k = 0; k < n; k++) counts[uniformInt(rng, n)] += 1;
}
