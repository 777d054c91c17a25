/**
 * Statements of answers that lean on the question, stop 49 (issue 23): rules found on new development sets written blind by helpers
 * (lean-56 and lean-58, short answers in the style of the issue's own table, and lean-57), and on the labelled flag batches flags-41
 * and flags-42. Each rule is shown where it applies and where it must not.
 */
import { test } from "node:test";
import { assertStatements } from "./support/statement-cases.js";

test("a capitalised name is the verb's object, never the verb, though its word can be one ('Japan')", () => {
  assertStatements(
    [
      ["What year did the earthquake strike Japan?", "2011", "The earthquake struck Japan in 2011."],
      ["When did the tsunami hit Japan?", "In 2011.", "The tsunami hit Japan in 2011."],
      // (A lower-case word that can be a verb still is one.)
      ["When did the Dutch tulip bubble burst?", "In 1637.", "The Dutch tulip bubble burst in 1637."],
    ],
    true,
  );
});
