/**
 * Statements of answers that lean on the question, stop 51 (issue 23): rules found on new development sets written blind by helpers
 * (lean-73 and lean-75, short answers in the style of the issue's own table; lean-74 and lean-76, chat answers; flags-49 and flags-50).
 * Each rule is shown where it applies and where it must not.
 */
import { test } from "node:test";
import { assertStatements } from "./support/statement-cases.js";

test("a British -re spelling is no plural: 'The sabre allows …'", () => {
  assertStatements(
    [
      ["Which fencing weapon allows hits with the edge of the blade?", "The sabre.", "The sabre allows hits with the edge of the blade."],
      ["Which material carries light signals?", "Optical fibre.", "Optical fibre carries light signals."],
    ],
    true,
  );
});

test("'how many' and adjectives before an -s word: that word is the counted noun, not a verb", () => {
  assertStatements(
    [
      [
        "How many major crusades to the Holy Land are usually counted?",
        "Nine, I think.",
        "Nine major crusades to the Holy Land are usually counted, I think.",
      ],
      ["How many large moons orbit Jupiter?", "Four.", "Four large moons orbit Jupiter."],
    ],
    true,
  );
});

test("a counted passive with a number word says the count first, as with digits", () => {
  assertStatements(
    [
      ["How many hoops are used in croquet?", "Six.", "Six hoops are used in croquet."],
      ["How many moons are usually counted?", "Nine.", "Nine moons are usually counted."],
      ["How many languages are spoken in Papua New Guinea?", "Roughly 840.", "Roughly 840 languages are spoken in Papua New Guinea."],
      // (A place the question asks about stays existential.)
      ["How many bones are there in the human body?", "206.", "There are 206 bones in the human body."],
    ],
    true,
  );
});

test("'Tell me which X is …': the wh-phrase is the embedded clause's subject", () => {
  assertStatements(
    [
      ["Tell me which planet is the largest.", "Jupiter", "Jupiter is the largest planet."],
      ["Tell me which gas plants absorb.", "Carbon dioxide", "Plants absorb carbon dioxide."],
    ],
    true,
  );
});

test("a concession before the answer's pronoun clause opens the statement", () => {
  assertStatements(
    [
      [
        "How long did the Hundred Years' War actually last?",
        "Despite the name, it lasted 116 years — from 1337 to 1453.",
        "Despite the name, the Hundred Years' War actually lasted 116 years — from 1337 to 1453.",
      ],
      [
        "Where do salmon spawn?",
        "Despite living in the sea, they spawn in freshwater rivers.",
        "Despite living in the sea, salmon spawn in freshwater rivers.",
      ],
    ],
    true,
  );
});

test("a common noun's possessive that only opened the answer is lowered; a name's and Earth's are not", () => {
  assertStatements(
    [
      ["What milk is Roquefort made from?", "Sheep's milk.", "Roquefort is made from sheep's milk."],
      ["What do farmers use?", "Cow's milk", "Farmers use cow's milk."],
      ["What is this law?", "Newton's law", "This law is Newton's law."],
      ["What causes the seasons?", "Earth's tilt", "Earth's tilt causes the seasons."],
    ],
    false,
  );
});
