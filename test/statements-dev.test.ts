/**
 * The reformulator on capqa's own development sets (test/fixtures/statements/): items written
 * for this project, every form of question and style of answer, each with the statement a
 * careful annotator writes. The acceptance bar: exact match ≥ 65 % (case, spacing and final
 * period ignored), mean ROUGE-L ≥ 93, ill-formed ≤ 5 %, on each set. The per-form table is
 * printed as the test's diagnostics and in the README.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { builtinGenerator } from "../lib/statements/generator.js";
import { evaluateReferenceStatements, loadReferenceStatements, referenceStatementsMarkdown } from "../lib/statements/reference-set.js";
import { readdirSync } from "node:fs";
import { resolve } from "node:path";

/** The forms the issue names (part 1) and the answer styles (part 2). */
const FORMS = [
  "who-subject",
  "which-subject",
  "what-subject",
  "do-support-present",
  "do-support-past",
  "when-did",
  "be-what",
  "be-who",
  "be-where",
  "how-many",
  "how-much",
  "how-long",
  "how-far",
  "how-fast",
  "how-adjective",
  "what-kind",
  "what-year",
  "prep-which",
  "whom",
  "whose",
  "why",
  "how-manner",
  "yes-no-be",
  "yes-no-do",
  "yes-no-modal",
  "imperative",
  "blank",
  "completion",
  "context",
];
const STYLES = ["phrase", "sentence", "multi-sentence", "yes-no-lead", "because", "preamble", "list", "number"];

for (const name of ["dev", "holdout"]) {
  test(`the ${name} set: exact match ≥ 65 %, ROUGE-L ≥ 93, ill-formed ≤ 5 %, per form`, async (t) => {
    const file = resolve("test/fixtures/statements", `${name}.csv`);
    const { items } = loadReferenceStatements(file);
    const e = await evaluateReferenceStatements(items, builtinGenerator);
    t.diagnostic(referenceStatementsMarkdown(e, `${name}.csv`, 0));
    if (name === "dev") {
      assert.ok(items.length >= 300, `${items.length} items`);
      for (const f of FORMS) assert.ok((e.byForm[f]?.n ?? 0) >= 5, `form ${f}: ${e.byForm[f]?.n ?? 0} items`);
      for (const s of STYLES) assert.ok((e.byStyle[s]?.n ?? 0) >= 5, `style ${s}: ${e.byStyle[s]?.n ?? 0} items`);
    }
    assert.ok(e.overall.exactMatch >= 65, `exact match ${e.overall.exactMatch}`);
    assert.ok(e.overall.rougeL >= 93, `ROUGE-L ${e.overall.rougeL}`);
    assert.ok(e.overall.illFormed <= 5, `ill-formed ${e.overall.illFormed}`);
  });
}

test("answers that lean on the question (lean.csv, issue 23): exact match ≥ 85 %, ill-formed ≤ 2 %, exact statements flagged ≤ 10 %", async (t) => {
  const { items } = loadReferenceStatements(resolve("test/fixtures/statements", "lean.csv"));
  const e = await evaluateReferenceStatements(items, builtinGenerator);
  t.diagnostic(referenceStatementsMarkdown(e, "lean.csv", 0));
  assert.ok(items.length >= 100, `${items.length} items`);
  assert.ok(e.overall.exactMatch >= 85, `exact match ${e.overall.exactMatch}`);
  assert.ok(e.overall.illFormed <= 2, `ill-formed ${e.overall.illFormed}`);
  assert.ok(e.overall.exactFlagged <= 10, `exact flagged ${e.overall.exactFlagged}`);
});

// Issue 23 asks for ≥ 80 % of bad statements flagged and ≤ 10 % of good ones on the development set, the six batches together.
test("the hand-labelled flag sets (flags.csv … flags-23.csv, flags-27.csv, flags-29.csv, flags-30.csv; issue 23 part 6): on each ≥ 70 % of bad statements flagged and ≤ 10 % of good ones; on their union, ≥ 800 statements, ≥ 80 % and ≤ 10 %", async () => {
  const { evaluateFlagLabels, flagLabelFiles, loadFlagLabels } = await import("../lib/statements/flag-labels.js");
  const dir = resolve("test/fixtures/statements");
  const files = flagLabelFiles(readdirSync(dir));
  assert.deepEqual(files, [
    "flags.csv",
    "flags-2.csv",
    "flags-3.csv",
    "flags-4.csv",
    "flags-5.csv",
    "flags-6.csv",
    "flags-7.csv",
    "flags-8.csv",
    "flags-9.csv",
    "flags-10.csv",
    "flags-11.csv",
    "flags-12.csv",
    "flags-13.csv",
    "flags-14.csv",
    "flags-15.csv",
    "flags-16.csv",
    "flags-17.csv",
    "flags-18.csv",
    "flags-19.csv",
    "flags-20.csv",
    "flags-21.csv",
    "flags-22.csv",
    "flags-23.csv",
    "flags-27.csv",
    "flags-29.csv",
    "flags-30.csv",
  ]);
  const batches = files.map((f) => evaluateFlagLabels(loadFlagLabels(resolve(dir, f)).items));
  const union = evaluateFlagLabels(files.flatMap((f) => loadFlagLabels(resolve(dir, f)).items));
  for (const [name, e] of [...batches.map((e, k) => [files[k], e] as const), ["union", union] as const]) {
    assert.ok(e.n >= 50 && e.bad >= 12, `${name}: ${e.n} statements, ${e.bad} bad`);
    // The list to review is exactly the flagged good and the unflagged bad statements.
    assert.equal(e.wrong.filter((w) => w.label === "good" && w.flagged).length, e.flaggedGood, name);
    assert.equal(e.wrong.filter((w) => w.label === "bad" && !w.flagged).length, e.bad - e.flaggedBad, name);
    assert.ok(e.recall >= 70, `${name}: recall ${e.recall}`);
    assert.ok(e.goodFlaggedRate <= 10, `${name}: good flagged ${e.goodFlaggedRate}`);
  }
  // The union is the batches together: its counts are their sums.
  for (const k of ["n", "bad", "good", "flaggedBad", "flaggedGood", "reproduced"] as const)
    assert.equal(
      union[k],
      batches.reduce((sum, e) => sum + e[k], 0),
      k,
    );
  assert.ok(union.n >= 800, `union: ${union.n} statements`);
  assert.ok(union.recall >= 80, `union: recall ${union.recall}`);
});
