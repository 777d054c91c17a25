/**
 * A better scorer than CAP (issue: partial scored above overinclusive-valid, alternative-correct
 * below the top tier): multinomial logistic regression over the eight classes on NLI and text
 * features; its score is an expected class value Σ_c p(c)·v(c), rescaled to [0, 1], where v
 * starts at the Eq. 1 severities and is then tuned on the training rows (coordinate search in
 * steps of 0.25–1, maximising Spearman ρ + pairwise accuracy there); its class is the most
 * probable one. Everything is fitted on the training split (the validation split) only.
 */
import { CLASSES, PAPER_ORDERING, type CorrectnessClass } from "../taxonomy/index.js";
import { ordinalSummary } from "../stats/pairwise.js";
import { FEATURE_NAMES, scorerFeatures, type ScorerInput } from "./features.js";
import { fitLogistic, predictProba, type FitOptions, type LogisticModel } from "./logistic.js";

export interface CapqaScorer {
  readonly kind: "capqa-scorer";
  readonly version: 1;
  readonly name: string;
  readonly featureNames: string[];
  readonly classes: CorrectnessClass[];
  readonly severity: number[];
  /** Value of each class in the score (tuned from the severities on the training rows). */
  readonly classValues: number[];
  readonly model: LogisticModel;
  readonly fittedOn: Record<string, unknown>;
}

export function fitScorer(
  rows: readonly ScorerInput[],
  classes: ArrayLike<number>,
  fittedOn: Record<string, unknown> = {},
  options: FitOptions = {},
): CapqaScorer {
  if (rows.length !== classes.length) throw new RangeError(`${rows.length} rows but ${classes.length} labels`);
  const X = rows.map(scorerFeatures);
  const model = fitLogistic(X, classes, CLASSES.length, options);
  const severity = CLASSES.map((c) => PAPER_ORDERING.severity[c]);
  const probs = X.map((x) => predictProba(model, x));
  const classValues = tuneClassValues(probs, classes, severity);
  return {
    kind: "capqa-scorer",
    version: 1,
    name: "capqa-logit",
    featureNames: [...FEATURE_NAMES],
    classes: [...CLASSES],
    severity,
    classValues,
    model,
    fittedOn: { ...fittedOn, n: rows.length, l2: options.l2 ?? 1e-3 },
  };
}

/** Coordinate search over the class values on the training rows (deterministic, a few rounds). */
function tuneClassValues(probs: Float64Array[], classes: ArrayLike<number>, start: number[]): number[] {
  const score = (v: number[]) => Float64Array.from(probs, (p) => p.reduce((a, x, k) => a + x * v[k], 0));
  const objective = (v: number[]) => {
    const o = ordinalSummary(score(v), classes);
    return o.spearman + o.pairwiseAccuracy;
  };
  let v = start.slice();
  let best = objective(v);
  for (let round = 0; round < 4; round++) {
    for (let k = 0; k < v.length; k++) {
      for (const d of [-1, -0.5, -0.25, 0.25, 0.5, 1]) {
        const t = v.slice();
        t[k] += d;
        const o = objective(t);
        if (o > best + 1e-9) {
          best = o;
          v = t;
        }
      }
    }
  }
  return v;
}

export interface ScorerOutput {
  readonly score: Float64Array;
  /** Index into scorer.classes of the most probable class. */
  readonly predicted: Uint8Array;
  readonly probabilities: Float64Array[];
}

export function applyScorer(scorer: CapqaScorer, rows: readonly ScorerInput[]): ScorerOutput {
  if (scorer.kind !== "capqa-scorer") throw new Error("not a capqa scorer");
  const lo = Math.min(...scorer.classValues);
  const hi = Math.max(...scorer.classValues);
  const score = new Float64Array(rows.length);
  const predicted = new Uint8Array(rows.length);
  const probabilities = rows.map((r, i) => {
    const p = predictProba(scorer.model, scorerFeatures(r));
    let s = 0;
    let best = 0;
    for (let k = 0; k < p.length; k++) {
      s += p[k] * scorer.classValues[k];
      if (p[k] > p[best]) best = k;
    }
    score[i] = hi > lo ? (s - lo) / (hi - lo) : 0;
    predicted[i] = best;
    return p;
  });
  return { score, predicted, probabilities };
}
