/**
 * Exact and near-duplicate removal of App. B.5: normalised-text Jaccard ≥ 0.9 on the question.
 * Normalised text: Unicode NFKC, lower case, every run of characters that are not letters or
 * digits as one space; the Jaccard similarity is over the sets of the resulting words. Exact
 * duplicates are questions whose normalised texts are equal. Items are offered in a fixed order
 * and an item is dropped when it is a duplicate of one kept before it.
 *
 * Candidates are found with a prefix-filter index (words in a fixed hash order; two sets with
 * Jaccard ≥ t share a word among their first |A| − ⌈t·|A|⌉ + 1), so n items cost far less than
 * n² comparisons while finding exactly the pairs a full scan finds.
 */

export function normaliseText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export function wordSet(text: string): Set<string> {
  const n = normaliseText(text);
  return new Set(n === "" ? [] : n.split(" "));
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const w of small) if (large.has(w)) inter++;
  return inter / (a.size + b.size - inter);
}

/** FNV-1a of a word, for the fixed word order of the prefix filter. */
function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function ordered(words: ReadonlySet<string>): string[] {
  return [...words].sort((x, y) => fnv(x) - fnv(y) || (x < y ? -1 : x > y ? 1 : 0));
}

export interface DuplicateVerdict {
  /** Index (in offering order) of the kept item this one duplicates. */
  readonly of: number;
  readonly kind: "exact" | "near";
  readonly similarity: number;
}

export class NearDuplicateIndex {
  private readonly exact = new Map<string, number>();
  private readonly sets: Set<string>[] = [];
  private readonly ids: number[] = [];
  private readonly postings = new Map<string, number[]>();

  constructor(readonly threshold = 0.9) {
    if (!(threshold > 0 && threshold <= 1)) throw new RangeError(`Jaccard threshold must be in (0, 1], got ${threshold}`);
  }

  private prefixLength(n: number): number {
    return n - Math.ceil(this.threshold * n - 1e-9) + 1;
  }

  /** The kept item `text` duplicates, if any (does not add it). */
  check(text: string): DuplicateVerdict | undefined {
    const norm = normaliseText(text);
    const same = this.exact.get(norm);
    if (same !== undefined) return { of: same, kind: "exact", similarity: 1 };
    const set = wordSet(text);
    if (set.size === 0) return undefined;
    const seen = new Set<number>();
    let best: DuplicateVerdict | undefined;
    for (const w of ordered(set).slice(0, this.prefixLength(set.size))) {
      for (const slot of this.postings.get(w) ?? []) {
        if (seen.has(slot)) continue;
        seen.add(slot);
        const other = this.sets[slot];
        if (other.size < this.threshold * set.size - 1e-9 || set.size < this.threshold * other.size - 1e-9) continue;
        const j = jaccard(set, other);
        if (
          j >= this.threshold - 1e-12 &&
          (best === undefined || j > best.similarity || (j === best.similarity && this.ids[slot] < best.of))
        )
          best = { of: this.ids[slot], kind: "near", similarity: j };
      }
    }
    return best;
  }

  /** Keeps `text` as item `id`. */
  add(text: string, id: number): void {
    const norm = normaliseText(text);
    if (!this.exact.has(norm)) this.exact.set(norm, id);
    const set = wordSet(text);
    if (set.size === 0) return;
    const slot = this.sets.length;
    this.sets.push(set);
    this.ids.push(id);
    for (const w of ordered(set).slice(0, this.prefixLength(set.size))) {
      const list = this.postings.get(w);
      if (list) list.push(slot);
      else this.postings.set(w, [slot]);
    }
  }
}

/** Keeps the first of every group of duplicates, in order; returns the verdict of each dropped item. */
export function dedupe(texts: readonly string[], threshold = 0.9): { keep: boolean[]; verdicts: (DuplicateVerdict | undefined)[] } {
  const index = new NearDuplicateIndex(threshold);
  const keep: boolean[] = [];
  const verdicts: (DuplicateVerdict | undefined)[] = [];
  texts.forEach((t, i) => {
    const v = index.check(t);
    verdicts.push(v);
    keep.push(v === undefined);
    if (v === undefined) index.add(t, i);
  });
  return { keep, verdicts };
}
