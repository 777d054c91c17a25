/**
 * Statements of answers that lean on the question, stop 43 (issue 23): numbered lists whose items have commas of their own, and the
 * rules and flags found on the development sets' unflagged misses and on new answers written for them. Each rule is shown where it
 * applies and where it must not.
 */
import { test } from "node:test";
import { assertStatements } from "./support/statement-cases.js";

test("a numbered list takes a comma before its last item where the item before has a comma of its own", () => {
  assertStatements([
    [
      "How do I descale a kettle?",
      "Here's how: 1. fill it halfway with vinegar and water 2. bring it to the boil, then leave it for an hour 3. empty it and rinse it",
      "To descale a kettle, fill it halfway with vinegar and water, bring it to the boil, then leave it for an hour, and empty it and rinse it.",
    ],
    // (No comma where the item before the last has none of its own.)
    [
      "How do you make cold brew coffee?",
      "Here's how: 1. mix ground coffee with cold water, about one part to eight 2. leave it in the fridge overnight 3. strain it",
      "To make cold brew coffee, mix ground coffee with cold water, about one part to eight, leave it in the fridge overnight and strain it.",
    ],
    // (The answer's own "and" before the last number is not said twice.)
    [
      "How do I thaw frozen pipes?",
      "Here's how: 1) shut off the main valve, 2) open the tap, and 3) warm the pipe with a hair dryer.",
      "To thaw frozen pipes, shut off the main valve, open the tap and warm the pipe with a hair dryer.",
    ],
  ]);
});
