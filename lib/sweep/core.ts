/**
 * The α–λ sweep of CAP (paper App. C.3, Table 12): for every grid point, CAP recomputed from
 * NLI probabilities (released or cached, no model call) and its Spearman ρ, Kendall τ-b,
 * pairwise accuracy and monotonicity violations against the taxonomy.
 */
import { DEFAULT_ALPHA, DEFAULT_LAMBDA } from "../constants.js";
import { capScores, checkWeights } from "../cap/index.js";
import { PAPER_ORDERING, type Ordering } from "../taxonomy/index.js";
import { ordinalSummary } from "../stats/pairwise.js";

export interface DirectionalInputs {
  readonly peForward: Float64Array;
  readonly pnForward: Float64Array;
  readonly peReverse: Float64Array;
  readonly pnReverse: Float64Array;
  /** Class index (CLASSES order) of each row. */
  readonly classes: Uint8Array;
}

export interface SweepPoint {
  readonly alpha: number;
  readonly lambda: number;
  readonly spearman: number;
  readonly kendall: number;
  readonly pairwise_accuracy: number;
  readonly violations: number;
}

/**
 * The multiples of step in [0, 1]: 0, step, 2·step, … (rounded to 10 decimals so 0.15 prints as
 * 0.15). A step that divides 1 ends at 1 (0.05: 21 values); another ends below it (0.07: 0 … 0.98).
 */
export function unitGrid(step = 0.05): number[] {
  if (!(step > 0 && step <= 1)) throw new RangeError(`grid step must lie in (0, 1], got ${step}`);
  const n = Math.floor(1 / step + 1e-9);
  if (n + 1 > MAX_GRID_POINTS) throw new RangeError(`grid step ${step} gives ${n + 1} points; at most ${MAX_GRID_POINTS} per axis`);
  return Array.from({ length: n + 1 }, (_, i) => Number(Math.min(1, i * step).toFixed(10)));
}

/** Grid points one axis may have: a finer grid is a mistake (10 million points), not a sweep. */
export const MAX_GRID_POINTS = 10_001;

/**
 * Parses "0,0.3,0.5" or "0:1:0.05" (start:stop:step); a step of 0, a reversed range or a grid of more than MAX_GRID_POINTS values is
 * refused.
 */
export function parseGrid(text: string): number[] {
  const range = /^\s*([\d.]+)\s*:\s*([\d.]+)\s*:\s*([\d.]+)\s*$/.exec(text);
  const values = range
    ? (() => {
        const [a, b, s] = range.slice(1).map(Number);
        if (!(s > 0) || !Number.isFinite(s)) throw new RangeError(`grid step must be a positive number, got ${range[3]} (grid "${text}")`);
        if (!(b >= a)) throw new RangeError(`grid stop ${b} is below its start ${a} (grid "${text}")`);
        const n = Math.round((b - a) / s);
        if (n + 1 > MAX_GRID_POINTS) throw new RangeError(`grid "${text}" has ${n + 1} points; at most ${MAX_GRID_POINTS} per axis`);
        return Array.from({ length: n + 1 }, (_, i) => Number((a + i * s).toFixed(10)));
      })()
    : text.split(",").map((x) => {
        const v = /^\s*\d*\.?\d+(e-?\d+)?\s*$/i.test(x) ? Number(x) : NaN;
        if (!(v >= 0 && v <= 1))
          throw new RangeError(
            `grid entry "${x.trim()}" is not a number in [0, 1]; write START:STOP:STEP or a comma list (grid "${text.slice(0, 60)}")`,
          );
        return v;
      });
  if (values.length > MAX_GRID_POINTS)
    throw new RangeError(`grid "${text.slice(0, 40)}…" has ${values.length} points; at most ${MAX_GRID_POINTS} per axis`);
  for (const v of values) if (!(v >= 0 && v <= 1)) throw new RangeError(`grid value ${v} is not in [0, 1] (grid "${text}")`);
  return values;
}

export function sweepCap(
  inputs: DirectionalInputs,
  alphas: readonly number[],
  lambdas: readonly number[],
  ordering: Ordering = PAPER_ORDERING,
): SweepPoint[] {
  const points: SweepPoint[] = [];
  for (const alpha of alphas) {
    for (const lambda of lambdas) {
      checkWeights({ alpha, lambda });
      const { cap } = capScores(inputs, { alpha, lambda });
      const s = ordinalSummary(cap, inputs.classes, ordering);
      points.push({
        alpha,
        lambda,
        spearman: s.spearman,
        kendall: s.kendall,
        pairwise_accuracy: s.pairwiseAccuracy,
        violations: s.meanViolations,
      });
    }
  }
  return points;
}

export type SweepObjective = "spearman" | "kendall" | "pairwise_accuracy";

/**
 * The best point: highest objective; ties (within 1e-12) broken by fewer violations, then by
 * the other two statistics, then by the point closest to the paper's (α 0.85, λ 0.3).
 */
export function bestPoint(points: readonly SweepPoint[], objective: SweepObjective = "spearman"): SweepPoint {
  if (points.length === 0) throw new Error("empty sweep");
  const others = (["spearman", "kendall", "pairwise_accuracy"] as const).filter((k) => k !== objective);
  const dist = (p: SweepPoint) => Math.hypot(p.alpha - DEFAULT_ALPHA, p.lambda - DEFAULT_LAMBDA);
  return [...points].sort((a, b) => {
    const d = b[objective] - a[objective];
    if (Math.abs(d) > 1e-12) return d;
    if (a.violations !== b.violations) return a.violations - b.violations;
    for (const k of others) if (Math.abs(b[k] - a[k]) > 1e-12) return b[k] - a[k];
    return dist(a) - dist(b);
  })[0];
}
