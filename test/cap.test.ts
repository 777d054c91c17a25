import { test } from "node:test";
import assert from "node:assert/strict";
import { capScore, capScores, directionalScore, checkWeights } from "../lib/cap/index.js";

test("CAP = α·(pe_f + λ·pn_f) + (1−α)·(pe_r + λ·pn_r)", () => {
  // 0.85·(0.2 + 0.3·0.5) + 0.15·(0.7 + 0.3·0.1) = 0.85·0.35 + 0.15·0.73 = 0.2975 + 0.1095
  assert.ok(Math.abs(capScore(0.2, 0.5, 0.7, 0.1) - 0.407) < 1e-15);
  const s = capScores({ peForward: [1, 0], pnForward: [0, 1], peReverse: [1, 0], pnReverse: [0, 0] }, { alpha: 0.5, lambda: 1 });
  assert.deepEqual([...s.cap], [1, 0.5]);
  assert.deepEqual([...s.forward], [1, 1]);
  assert.deepEqual([...s.reverse], [1, 0]);
});

test("CAP stays in [0, 1] for any probabilities and weights in [0, 1] (App. A)", () => {
  for (let k = 0; k < 1000; k++) {
    const p = () => {
      const a = Math.random(),
        b = Math.random() * (1 - a);
      return [a, b];
    };
    const [ef, nf] = p();
    const [er, nr] = p();
    const v = capScore(ef, nf, er, nr, { alpha: Math.random(), lambda: Math.random() });
    assert.ok(v >= 0 && v <= 1, String(v));
  }
});

test("weights outside [0, 1] and arrays of different lengths are refused", () => {
  assert.throws(
    () => checkWeights({ alpha: 1.2, lambda: 0.3 }),
    /checkWeights: weights\.alpha is 1\.2; weights\.alpha must lie in \[0, 1\]/,
  );
  assert.throws(() => checkWeights({ alpha: 0.5, lambda: -0.1 }), /lambda must lie in \[0, 1\]/);
  assert.throws(() => checkWeights({ alpha: NaN, lambda: 0.3 }), /alpha/);
  assert.throws(() => directionalScore([0.1, 0.2], [0.3], 0.3), /directionalScore: pEntail has 2 values, pNeutral has 1/);
  assert.throws(() => capScores({ peForward: [0.1], pnForward: [0.1], peReverse: [0.1, 0.2], pnReverse: [0.1] }), /peReverse has 2 values/);
});
