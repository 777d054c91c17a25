import { MAX_NLI_LABELS } from "../constants.js";

/**
 * Where entailment, neutral and contradiction sit in a model's logits, read from config.json's
 * id2label: NLI cross-encoders do not share one order (cross-encoder/* use contradiction,
 * entailment, neutral; MNLI heads often entailment, neutral, contradiction).
 */
export interface LabelOrder {
  readonly entailment: number;
  readonly neutral: number;
  readonly contradiction: number;
  /** Number of logits the model returns. */
  readonly size: number;
}

const PATTERNS: [keyof Omit<LabelOrder, "size">, RegExp][] = [
  ["entailment", /entail/i],
  ["neutral", /neutral/i],
  ["contradiction", /contrad/i],
];

/** Maps id2label ({"0": "contradiction", …}) to logit positions; fails on a missing or ambiguous class. */
export function labelOrder(id2label: Record<string, string> | undefined, where = "config.json"): LabelOrder {
  if (id2label === undefined || typeof id2label !== "object" || Object.keys(id2label).length === 0) {
    throw new Error(`${where} has no id2label: capqa cannot tell which logit is entailment, neutral or contradiction`);
  }
  const keys = Object.keys(id2label);
  // The logits' width is the class count: keys must be 0 … n-1 (an index of 5,000,000 would size every batch's buffer).
  if (keys.length > MAX_NLI_LABELS)
    throw new Error(`${where}: id2label names ${keys.length} classes; a classifier's head has at most ${MAX_NLI_LABELS}`);
  const entries = Object.entries(id2label).map(([k, v]) => {
    const i = Number(k);
    if (!/^(0|[1-9][0-9]*)$/.test(k) || i < 0) throw new Error(`${where}: id2label key "${k.slice(0, 40)}" is not a class index`);
    if (i >= keys.length)
      throw new Error(
        `${where}: id2label key "${k}" is not a class index of its ${keys.length} classes (they are numbered 0 to ${keys.length - 1})`,
      );
    return [i, String(v)] as const;
  });
  const size = keys.length;
  const out: Partial<LabelOrder> = { size };
  for (const [name, re] of PATTERNS) {
    // "not_entailment" (two-class heads) names the absence of a class, not the class.
    const hits = entries.filter(([, label]) => re.test(label) && !/^(not|non)[\s_-]/i.test(label));
    if (hits.length === 0)
      throw new Error(`${where}: id2label ${JSON.stringify(id2label)} has no ${name} class (looked for /${re.source}/i)`);
    if (hits.length > 1)
      throw new Error(
        `${where}: id2label ${JSON.stringify(id2label)} has several ${name} classes: ${hits.map(([i, l]) => `${i}=${l}`).join(", ")}`,
      );
    (out as Record<string, number>)[name] = hits[0][0];
  }
  return out as LabelOrder;
}

/**
 * Softmax over one row of logits in float64, written as (entailment, neutral, contradiction)
 * into `out` at `offset`. Other classes, if a model has them, take part in the normalisation.
 */
export function nliSoftmax(logits: ArrayLike<number>, start: number, order: LabelOrder, out: Float64Array, offset: number): void {
  let max = -Infinity;
  for (let k = 0; k < order.size; k++) max = Math.max(max, logits[start + k]);
  let z = 0;
  for (let k = 0; k < order.size; k++) z += Math.exp(logits[start + k] - max);
  out[offset] = Math.exp(logits[start + order.entailment] - max) / z;
  out[offset + 1] = Math.exp(logits[start + order.neutral] - max) / z;
  out[offset + 2] = Math.exp(logits[start + order.contradiction] - max) / z;
}

export const NLI_CLASS_NAMES = ["entailment", "neutral", "contradiction"] as const;

/** The most probable class of a (entailment, neutral, contradiction) row. */
export function argmaxLabel(p: ArrayLike<number>, offset = 0): (typeof NLI_CLASS_NAMES)[number] {
  let best = 0;
  for (let k = 1; k < 3; k++) if (p[offset + k] > p[offset + best]) best = k;
  return NLI_CLASS_NAMES[best];
}
