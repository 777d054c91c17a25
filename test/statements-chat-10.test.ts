/**
 * Statements of answers that lean on the question, stop 42 (issue 23): an answer's opening capital kept mid-sentence before the answer's
 * comment ("… because of Tiredness, mostly.") is flagged like one that closes the statement.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { reformulate } from "../lib/statements/builtin.js";
import { statementDoubts } from "../lib/statements/checks.js";

test("an answer's opening capital kept mid-sentence before its comment is flagged; lowered, it is not", () => {
  const cases: [string, string, string][] = [
    ["Why do we yawn?", "Tiredness, mostly.", "Tiredness"],
    ["What do giant pandas eat?", "Bamboo, almost exclusively.", "Bamboo"],
    ["Why did the Titanic sink?", "Icebergs, ultimately.", "Icebergs"],
  ];
  for (const [question, answer, word] of cases) {
    const made = reformulate(question, answer);
    assert.ok(made.statement.includes(` ${word}, `), made.statement);
    assert.ok(
      made.doubts.some((d) => d.includes(`"${word}" capitalised mid-sentence`)),
      `${made.statement}: ${made.doubts.join("; ")}`,
    );
    const lowered = made.statement.replace(` ${word}, `, ` ${word.toLowerCase()}, `);
    assert.deepEqual(statementDoubts(question, answer, lowered), [], lowered);
  }
  // A name keeps its capital, unflagged: "Mercury" for a planet.
  assert.deepEqual(reformulate("Which planet is closest to the Sun?", "Mercury, by far.").doubts, []);
});
