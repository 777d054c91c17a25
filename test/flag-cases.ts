/** Shared by the chat-answer tests: each check fires on its bad statement and not on the good one beside it. */
import assert from "node:assert/strict";
import { statementDoubts } from "../lib/statements/checks.js";

/** question, answer, bad statement, its doubt (a substring), a good statement of the same answer */
export type FlagCase = [string, string, string, string, string];

export function assertFlagCases(cases: readonly FlagCase[]): void {
  for (const [q, a, bad, doubt, good] of cases) {
    const badDoubts = statementDoubts(q, a, bad);
    assert.ok(
      badDoubts.some((d) => d.includes(doubt)),
      `${bad}: ${badDoubts.join("; ") || "no doubt"}`,
    );
    const goodDoubts = statementDoubts(q, a, good);
    assert.ok(!goodDoubts.some((d) => d.includes(doubt)), `${good}: ${goodDoubts.join("; ")}`);
  }
}
