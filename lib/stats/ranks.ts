/**
 * Sorting and mid-ranks (the standard convention for ties: tied values share their mean rank).
 * Input follows the numeric input policy of ./validate: values must be finite.
 */
import { checkFinite } from "./validate.js";

/** Indices that sort `values` ascending; ties keep input order (stable). Values must be finite. */
export function argsort(values: ArrayLike<number>): Uint32Array {
  checkFinite("argsort", "values", values);
  return argsortUnchecked(values);
}

function argsortUnchecked(values: ArrayLike<number>): Uint32Array {
  const n = values.length;
  const idx = new Uint32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  // Sorting a typed array of indices with a comparator is stable in V8 (TimSort).
  return idx.sort((a, b) => values[a] - values[b] || a - b);
}

/** 1-based mid-ranks: tied values get the mean of the ranks they span. Values must be finite. */
export function midRanks(values: ArrayLike<number>): Float64Array {
  checkFinite("midRanks", "values", values);
  return midRanksUnchecked(values);
}

/** midRanks without the input check, for callers that validated `values` (see ./validate). */
export function midRanksUnchecked(values: ArrayLike<number>): Float64Array {
  const order = argsortUnchecked(values);
  const n = order.length;
  const ranks = new Float64Array(n);
  let i = 0;
  while (i < n) {
    let j = i + 1;
    const v = values[order[i]];
    while (j < n && values[order[j]] === v) j++;
    const r = (i + 1 + j) / 2; // mean of ranks i+1 … j
    for (let k = i; k < j; k++) ranks[order[k]] = r;
    i = j;
  }
  return ranks;
}

/** Sizes of the groups of tied values (only groups of 2 or more). Values must be finite. */
export function tieGroupSizes(values: ArrayLike<number>): number[] {
  checkFinite("tieGroupSizes", "values", values);
  return tieGroupSizesUnchecked(values);
}

/** tieGroupSizes without the input check, for callers that validated `values` (see ./validate). */
export function tieGroupSizesUnchecked(values: ArrayLike<number>): number[] {
  const order = argsortUnchecked(values);
  const sizes: number[] = [];
  let i = 0;
  while (i < order.length) {
    let j = i + 1;
    while (j < order.length && values[order[j]] === values[order[i]]) j++;
    if (j - i > 1) sizes.push(j - i);
    i = j;
  }
  return sizes;
}
