/** A table of (question, answer, statement) cases checked against the built-in reformulator, for the statements tests. */
import assert from "node:assert/strict";
import { reformulate } from "../../lib/statements/builtin.js";

/** Each (question, answer) gives its statement; with `unflagged`, without a doubt too. */
export function assertStatements(cases: readonly (readonly [string, string, string])[], unflagged = false): void {
  for (const [question, answer, statement] of cases) {
    const made = reformulate(question, answer);
    assert.equal(made.statement, statement);
    if (unflagged) assert.deepEqual(made.doubts, [], statement);
  }
}
