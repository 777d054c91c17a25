import { test } from "node:test";
import assert from "node:assert/strict";
import {
  CLASSES,
  DEFINITIONS,
  HARD_PAIRS,
  PAPER_ORDERING,
  defineOrdering,
  isHardPair,
  orderedPairs,
  paperName,
  parseClass,
  parseOrdering,
  severityLevels,
  tryParseClass,
} from "../lib/taxonomy/index.js";

test("Eq. 1 as severities gives the 25 strictly ordered pairs of the paper", () => {
  const pairs = orderedPairs();
  assert.equal(pairs.length, 25);
  // 28 unordered pairs of 8 classes less the 3 ties among exact, equivalent and alternative_correct.
  for (const { better, worse } of pairs) assert.ok(PAPER_ORDERING.severity[better] > PAPER_ORDERING.severity[worse]);
  assert.deepEqual(pairs[0], { better: "exact", worse: "overinclusive_valid" });
  assert.deepEqual(pairs.at(-1), { better: "invalid", worse: "contradictory" });
  assert.deepEqual(severityLevels(), [0, 1, 2, 4, 5, 6]);
});

test("the four hard pairs of Table 4 are strictly ordered pairs", () => {
  assert.equal(HARD_PAIRS.length, 4);
  const pairs = orderedPairs();
  for (const [b, w] of HARD_PAIRS) {
    assert.ok(
      pairs.some((p) => p.better === b && p.worse === w),
      `${b} > ${w}`,
    );
    assert.ok(isHardPair(b, w));
  }
  assert.equal(isHardPair("exact", "invalid"), false);
});

test("every class has a Table 7 definition", () => {
  for (const c of CLASSES) assert.ok(DEFINITIONS[c].length > 10);
});

test("class names parse from the data's, the paper's and the short spellings", () => {
  assert.equal(parseClass("alternative-correct"), "alternative_correct");
  assert.equal(parseClass("alternative_correct"), "alternative_correct");
  assert.equal(parseClass(" Overinclusive-Valid "), "overinclusive_valid");
  assert.equal(parseClass("overinclusive_invalid"), "overinclusive_invalid");
  assert.equal(parseClass("OV"), "overinclusive_valid");
  assert.equal(parseClass("Alt"), "alternative_correct");
  assert.equal(tryParseClass("wrong"), undefined);
  assert.throws(() => parseClass("mostly right"), /unknown correctness class "mostly right"/);
  for (const c of CLASSES) assert.equal(parseClass(paperName(c)), c);
  assert.equal(paperName("alternative_correct"), "alternative-correct");
});

test("an ordering written like Eq. 1 parses to the same pairs", () => {
  const eq1 = parseOrdering(
    "exact = equivalent = alternative-correct >= overinclusive_valid > partial > overinclusive_invalid > invalid >= contradictory",
  );
  assert.deepEqual(orderedPairs(eq1), orderedPairs(PAPER_ORDERING));
});

test("a user ordering may swap neighbours; invalid orderings are refused", () => {
  const swapped = parseOrdering(
    "exact = equivalent = alternative_correct > partial > overinclusive_valid > overinclusive_invalid > invalid > contradictory",
    "partial-first",
  );
  assert.ok(swapped.severity.partial > swapped.severity.overinclusive_valid);
  assert.equal(orderedPairs(swapped).length, 25);
  const strict = parseOrdering(CLASSES.join(" > "));
  assert.equal(orderedPairs(strict).length, 28);
  assert.throws(() => parseOrdering("exact > partial"), /missing classes/);
  assert.throws(() => parseOrdering(CLASSES.join(" > ") + " > exact"), /appears twice/);
  assert.throws(() => defineOrdering("x", Object.fromEntries(CLASSES.map((c) => [c, 1]))), /nothing is ordered/);
  assert.throws(() => defineOrdering("x", { ...Object.fromEntries(CLASSES.map((c, i) => [c, i])), exact: NaN }), /finite number/);
});
