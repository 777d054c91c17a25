/**
 * The CAP formula, the one place it is written (paper Eq. 2–3). Import-free and unchecked, so
 * that lib/cap's checked vector functions, the scoring workflow, the figures and the explorer
 * page (which inlines this compiled file) all compute it with the same arithmetic, to the bit.
 * Not exported from capqa/cap: the checked forms are capScore, capScores and directionalScore.
 */

/** D(a→b) = P_entail(a→b) + λ·P_neutral(a→b) (Eq. 2). */
export function directionalOf(pEntail: number, pNeutral: number, lambda: number): number {
  return pEntail + lambda * pNeutral;
}

/** CAP = α·D(gold→candidate) + (1−α)·D(candidate→gold) (Eq. 3). */
export function capOfDirections(forward: number, reverse: number, alpha: number): number {
  return alpha * forward + (1 - alpha) * reverse;
}
