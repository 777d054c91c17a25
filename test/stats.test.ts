import { test } from "node:test";
import assert from "node:assert/strict";
import { midRanks, argsort } from "../lib/stats/ranks.js";
import { pearson, spearman, kendallTauB } from "../lib/stats/correlation.js";
import { erfc, normalTwoSidedP, studentTTwoSidedP } from "../lib/stats/distributions.js";
import { describe, quantileSorted, sampleStd } from "../lib/stats/descriptives.js";
import { cohenKappa } from "../lib/stats/kappa.js";
import { pairwiseAccuracy, ordinalSummary } from "../lib/stats/pairwise.js";
import { PAPER_ORDERING, CLASSES, parseOrdering } from "../lib/taxonomy/index.js";
import { bruteKendallTauB, brutePairs, brutePearson, bruteRanks, close, randomScored } from "./helpers.js";

const sev = (classes: ArrayLike<number>) => Array.from(classes, (c) => PAPER_ORDERING.severity[CLASSES[c]]);

// Reference values computed with scipy 1.17 / numpy 2.4 on the same inputs.
const X = [0.1, 0.4, 0.4, 0.9, 0.3, 0.3, 0.3, 0.8, 0.05, 0.6, 0.6, 0.2];
const Y = [1, 2, 2, 6, 1, 4, 0, 6, 0, 5, 4, 2];

test("Spearman and Kendall match scipy on a small tied sample, p-values included", () => {
  const rho = spearman(X, Y);
  assert.ok(close(rho.statistic, 0.8405071910040369, 1e-14));
  assert.ok(close(rho.pValue, 0.0006178417118943379, 1e-12));
  const tau = kendallTauB(X, Y);
  assert.ok(close(tau.statistic, 0.7501041883730803, 1e-14));
  assert.ok(close(tau.pValue, 0.001457366206927692, 1e-14));
  assert.ok(close(pearson(X, Y), 0.8805476082445628, 1e-14));
});

test("erfc keeps full relative precision into the far tail (scipy.special.erfc)", () => {
  const table: [number, number][] = [
    [0.5, 0.4795001221869535],
    [1, 0.15729920705028516],
    [2, 0.004677734981047266],
    [3, 2.2090496998585445e-5],
    [5, 1.5374597944280347e-12],
    [8, 1.1224297172982928e-29],
    [10, 2.0884875837625446e-45],
    [20, 5.395865611607901e-176],
  ];
  for (const [x, want] of table) assert.ok(Math.abs(erfc(x) / want - 1) < 1e-13, `erfc(${x}) = ${erfc(x)}, want ${want}`);
  assert.equal(erfc(0), 1);
  assert.ok(close(erfc(-1), 2 - 0.15729920705028516, 1e-15));
  assert.ok(close(normalTwoSidedP(1.959963984540054), 0.05, 1e-12));
  assert.ok(close(studentTTwoSidedP(2.228138851986274, 10), 0.05, 1e-9));
});

test("mid-ranks, Spearman and Kendall τ-b equal brute force on random data with ties", () => {
  for (let seed = 1; seed <= 20; seed++) {
    const { scores, classes } = randomScored(30 + seed * 7, seed, 5 + seed);
    const y = sev(classes);
    assert.deepEqual([...midRanks(scores)], bruteRanks(scores));
    const rho = spearman(scores, y).statistic;
    assert.ok(close(rho, brutePearson(bruteRanks(scores), bruteRanks(y)), 1e-12), `seed ${seed}`);
    assert.ok(close(kendallTauB(scores, y).statistic, bruteKendallTauB(scores, y), 1e-12), `seed ${seed}`);
  }
});

test("Kendall's p-value without ties is scipy's exact one (n ≤ 33, or at most one discordant pair): permutations counted by brute force", () => {
  const factorial = (n: number) => Array.from({ length: n }, (_, i) => i + 1).reduce((a, b) => a * b, 1);
  const inversions = (p: number[]) => p.reduce((s, v, i) => s + p.slice(i + 1).filter((w) => w < v).length, 0);
  const permutations = (n: number): number[][] =>
    n === 0 ? [[]] : permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, k) => [...p.slice(0, k), n - 1, ...p.slice(k)]));
  for (let n = 2; n <= 7; n++) {
    const all = permutations(n);
    const counts = new Map<number, number>();
    for (const p of all) counts.set(inversions(p), (counts.get(inversions(p)) ?? 0) + 1);
    const pairs = (n * (n - 1)) / 2;
    const x = Array.from({ length: n }, (_, i) => i);
    for (const y of all) {
      const c = Math.min(inversions(y), pairs - inversions(y));
      let atMost = 0;
      for (let k = 0; k <= c; k++) atMost += counts.get(k) ?? 0;
      const want = 4 * c === n * (n - 1) ? 1 : Math.min(1, (2 * atMost) / factorial(n)); // scipy's _kendall_p_exact, two-sided
      assert.equal(kendallTauB(x, y).pValue, want, `n = ${n}, y = ${y}`);
    }
  }
  // Beyond 33 values, exact only with at most one discordant (or concordant) pair: 2/n! and 2/(n−1)!.
  const x40 = Array.from({ length: 40 }, (_, i) => i);
  assert.equal(kendallTauB(x40, x40).pValue, 2 / factorial(40));
  assert.equal(kendallTauB(x40, [1, 0, ...x40.slice(2)]).pValue, 2 / factorial(39));
  assert.ok(
    close(
      kendallTauB(x40, [2, 1, 0, ...x40.slice(3)]).pValue,
      normalTwoSidedP((((40 * 39) / 2 - 6) * 1) / Math.sqrt((40 * 39 * 85) / 18)),
      1e-14,
    ),
    "else asymptotic",
  );
});

test("argsort is stable and rejects NaN", () => {
  assert.deepEqual([...argsort([2, 1, 2, 1])], [1, 3, 0, 2]);
  assert.throws(() => argsort([1, NaN]), /argsort: values\[1\] is NaN; values must be finite numbers/);
});

test("pairwise accuracy (Fenwick sweep) and the class-pair sweep equal brute-force pair counts", () => {
  for (let seed = 1; seed <= 15; seed++) {
    const { scores, classes } = randomScored(50 + seed * 11, seed + 100, 4 + seed);
    const y = sev(classes);
    const brute = brutePairs(scores, y);
    const fen = pairwiseAccuracy(scores, y);
    assert.deepEqual({ wins: fen.wins, ties: fen.ties, losses: fen.losses }, brute);
    const s = ordinalSummary(scores, classes);
    assert.deepEqual({ wins: s.wins, ties: s.ties, losses: s.losses }, brute);
    assert.equal(s.pairwiseAccuracy, brute.wins / (brute.wins + brute.ties + brute.losses));
    assert.ok(close(s.kendall, bruteKendallTauB(scores, y), 1e-12));
    assert.ok(close(s.spearman, spearman(scores, y).statistic, 1e-12));
    for (const cp of s.classPairs) {
      const b = CLASSES.indexOf(cp.better as (typeof CLASSES)[number]);
      const w = CLASSES.indexOf(cp.worse as (typeof CLASSES)[number]);
      const sub = [...scores].map((v, i) => [v, classes[i]] as const).filter(([, c]) => c === b || c === w);
      const counts = brutePairs(
        sub.map(([v]) => v),
        sub.map(([, c]) => (c === b ? 1 : 0)),
      );
      assert.deepEqual({ wins: cp.wins, ties: cp.ties, losses: cp.losses }, counts, `${cp.better}>${cp.worse}`);
      if (cp.pairs > 0) assert.ok(close(cp.auc, (counts.wins + counts.ties / 2) / cp.pairs, 1e-15));
    }
  }
});

test("monotonicity counts class pairs whose means invert, and follows a user ordering", () => {
  // Class means: exact 0.9, equivalent 0.8, alternative 0.7, OV 0.4, partial 0.6, OI 0.3, invalid 0.2, contradictory 0.1.
  const means = [0.9, 0.8, 0.7, 0.4, 0.6, 0.3, 0.2, 0.1];
  const classes = Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7]);
  const scores = Float64Array.from(classes, (c, i) => means[c] + (i < 8 ? 0.01 : -0.01));
  const s = ordinalSummary(scores, classes);
  assert.equal(s.meanViolations, 1); // OV > partial is inverted
  assert.deepEqual(
    s.classPairs.filter((p) => p.meanViolation).map((p) => `${p.better}>${p.worse}`),
    ["overinclusive_valid>partial"],
  );
  const swapped = parseOrdering(
    "exact = equivalent = alternative_correct > partial > overinclusive_valid > overinclusive_invalid > invalid > contradictory",
  );
  assert.equal(ordinalSummary(scores, classes, swapped).meanViolations, 0);
});

test("descriptives follow numpy: sample std (ddof 1) and linear percentiles", () => {
  const v = [3, 1, 4, 1, 5, 9, 2, 6];
  const s = Float64Array.from(v).sort();
  assert.deepEqual(
    [0.05, 0.25, 0.5].map((q) => quantileSorted(s, q)),
    [1, 1.75, 3.5],
  );
  assert.ok(close(quantileSorted(s, 0.95), 7.95, 1e-12));
  assert.ok(close(sampleStd(v), 2.748376143938713, 1e-14));
  const d = describe(v);
  assert.deepEqual([d.n, d.min, d.max, d.median], [8, 1, 9, 3.5]);
  assert.ok(Number.isNaN(describe([]).mean));
});

test("Cohen's κ: a textbook 2×2 table and the agreement form of weighted κ", () => {
  // 50 items: both yes 20, A yes B no 5, A no B yes 10, both no 15 → po = 0.7, pe = 0.5, κ = 0.4.
  const a = [...Array(20).fill(0), ...Array(5).fill(0), ...Array(10).fill(1), ...Array(15).fill(1)];
  const b = [...Array(20).fill(0), ...Array(5).fill(1), ...Array(10).fill(0), ...Array(15).fill(1)];
  assert.ok(close(cohenKappa(a, b, 2).kappa, 0.4, 1e-15));
  // Weighted κ in agreement form, (po_w − pe_w) / (1 − pe_w) with w = 1 − d/dmax, equals 1 − Σ w·O / Σ w·E.
  const { classes } = randomScored(300, 9);
  const other = Uint8Array.from(classes, (c, i) => (i % 4 === 0 ? (c + 1) % 8 : c));
  const scale = CLASSES.map((c) => PAPER_ORDERING.severity[c]);
  for (const kind of ["linear", "quadratic"] as const) {
    const d = (i: number, j: number) => (kind === "linear" ? Math.abs(scale[i] - scale[j]) / 6 : ((scale[i] - scale[j]) / 6) ** 2);
    const n = classes.length;
    const ma = new Array(8).fill(0);
    const mb = new Array(8).fill(0);
    let po = 0;
    for (let k = 0; k < n; k++) {
      ma[classes[k]]++;
      mb[other[k]]++;
      po += 1 - d(classes[k], other[k]);
    }
    po /= n;
    let pe = 0;
    for (let i = 0; i < 8; i++) for (let j = 0; j < 8; j++) pe += (ma[i] / n) * (mb[j] / n) * (1 - d(i, j));
    assert.ok(close(cohenKappa(classes, other, 8, kind, scale).kappa, (po - pe) / (1 - pe), 1e-12), kind);
  }
  assert.throws(() => cohenKappa([0, 1], [0], 2), /cohenKappa: a has 2 values, b has 1; a and b must have equal lengths/);
  assert.throws(() => cohenKappa([0, 5], [0, 1], 2), /cohenKappa: a\[1\] is 5; a must be integers in 0\.\.1/);
});
