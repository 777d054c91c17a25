/**
 * Answers of the kinds the stop-40 development sets brought: a name in -s after a common noun ("the film Jaws") is one thing, so
 * "It" stands for it.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { reformulate } from "../lib/statements/builtin.js";

test("a name in -s after a common noun is one thing: 'It' gets it back", () => {
  const cases: [string, string, string][] = [
    ["What trend did the film Jaws start?", "It started the summer blockbuster.", "The film Jaws started the summer blockbuster."],
    [
      "What trend did the film Jaws start?",
      "Sure! It's usually credited with starting the summer blockbuster.",
      "The film Jaws is usually credited with starting the summer blockbuster.",
    ],
    // (A name after the noun that does not end in -s was already read as one thing, and a plural name stays plural.)
    [
      "Who wrote the opera The Magic Flute?",
      "It was written by Wolfgang Amadeus Mozart.",
      "The opera The Magic Flute was written by Wolfgang Amadeus Mozart.",
    ],
    ["Where do the Rolling Stones come from?", "They come from London.", "The Rolling Stones come from London."],
  ];
  for (const [q, a, want] of cases) assert.equal(reformulate(q, a).statement, want, `${q} | ${a}`);
});
