/**
 * Multinomial logistic regression with L2 regularisation, fitted by full-batch gradient descent
 * with Adam on standardised features (small data: the 1,000 validation rows), deterministic.
 */
export interface LogisticModel {
  readonly classes: number;
  readonly features: number;
  /** Standardisation fitted on the training rows. */
  readonly mean: number[];
  readonly std: number[];
  /** weights[k * (F + 1) + f]; the last column of each class is its intercept. */
  readonly weights: number[];
}

export interface FitOptions {
  readonly l2?: number;
  readonly iterations?: number;
  readonly learningRate?: number;
}

export function fitLogistic(X: readonly number[][], y: ArrayLike<number>, classes: number, options: FitOptions = {}): LogisticModel {
  const n = X.length;
  const F = X[0].length;
  const mean = Array.from({ length: F }, (_, f) => X.reduce((s, r) => s + r[f], 0) / n);
  const std = Array.from({ length: F }, (_, f) => Math.sqrt(X.reduce((s, r) => s + (r[f] - mean[f]) ** 2, 0) / n) || 1);
  const Z = X.map((r) => r.map((v, f) => (v - mean[f]) / std[f]));
  const W = new Float64Array(classes * (F + 1));
  const m = new Float64Array(W.length);
  const v = new Float64Array(W.length);
  const l2 = options.l2 ?? 1e-3;
  const lr = options.learningRate ?? 0.05;
  const iters = options.iterations ?? 1500;
  const p = new Float64Array(classes);
  const grad = new Float64Array(W.length);
  for (let it = 1; it <= iters; it++) {
    grad.fill(0);
    for (let i = 0; i < n; i++) {
      probabilities(W, Z[i], classes, F, p);
      for (let k = 0; k < classes; k++) {
        const g = p[k] - (y[i] === k ? 1 : 0);
        const base = k * (F + 1);
        for (let f = 0; f < F; f++) grad[base + f] += g * Z[i][f];
        grad[base + F] += g;
      }
    }
    for (let j = 0; j < W.length; j++) {
      const isBias = j % (F + 1) === F;
      const g = grad[j] / n + (isBias ? 0 : l2 * W[j]);
      m[j] = 0.9 * m[j] + 0.1 * g;
      v[j] = 0.999 * v[j] + 0.001 * g * g;
      const mh = m[j] / (1 - 0.9 ** it);
      const vh = v[j] / (1 - 0.999 ** it);
      W[j] -= (lr * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  return { classes, features: F, mean, std, weights: Array.from(W) };
}

function probabilities(W: ArrayLike<number>, z: ArrayLike<number>, K: number, F: number, out: Float64Array): void {
  let max = -Infinity;
  for (let k = 0; k < K; k++) {
    let s = W[k * (F + 1) + F];
    for (let f = 0; f < F; f++) s += W[k * (F + 1) + f] * z[f];
    out[k] = s;
    if (s > max) max = s;
  }
  let sum = 0;
  for (let k = 0; k < K; k++) sum += out[k] = Math.exp(out[k] - max);
  for (let k = 0; k < K; k++) out[k] /= sum;
}

/** Class probabilities of one raw (unstandardised) feature vector. */
export function predictProba(model: LogisticModel, x: readonly number[]): Float64Array {
  const z = x.map((v, f) => (v - model.mean[f]) / model.std[f]);
  const out = new Float64Array(model.classes);
  probabilities(model.weights, z, model.classes, model.features, out);
  return out;
}
