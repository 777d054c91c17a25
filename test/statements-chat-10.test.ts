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

test("a hedge goes after the question's be past the answer's comma phrase; a number's comma stays in a trailing adjunct", () => {
  const cases: [string, string, string][] = [
    [
      "Which city is the largest?",
      "Probably Tokyo, with 37 million people.",
      "Tokyo, with 37 million people, is probably the largest city.",
    ],
    [
      "Which dinosaur was the biggest?",
      "Probably Argentinosaurus, a titanosaur from Argentina.",
      "Argentinosaurus, a titanosaur from Argentina, was probably the biggest dinosaur.",
    ],
    ["Which dinosaur was the biggest?", "Probably Argentinosaurus.", "Argentinosaurus was probably the biggest dinosaur."],
    ["Which mountain is the tallest?", "Probably Everest, at 8,849 m.", "Everest is probably the tallest mountain, at 8,849 m."],
    ["Which mountain is the tallest?", "Everest, at 8,849 m.", "Everest is the tallest mountain, at 8,849 m."],
  ];
  for (const [question, answer, statement] of cases) {
    const made = reformulate(question, answer);
    assert.equal(made.statement, statement);
    assert.deepEqual(made.doubts, [], statement);
  }
});
