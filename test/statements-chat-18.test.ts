/**
 * Statements of answers that lean on the question, stop 50 (issue 23): rules found on new development sets written blind by helpers
 * (lean-61 and lean-63, short answers in the style of the issue's own table; lean-62 and lean-64, chat answers). Each rule is shown
 * where it applies and where it must not.
 */
import { test } from "node:test";
import { assertStatements } from "./support/statement-cases.js";

test("a relative clause whose verb is a word of the question's noun phrase is no cleft: the answer's words all stay", () => {
  assertStatements(
    [
      [
        "Tell me what a drop cap is.",
        "It's a large initial letter at the start of a paragraph that drops down across two or more lines of text.",
        "A drop cap is a large initial letter at the start of a paragraph that drops down across two or more lines of text.",
      ],
      // (A cleft that says the question's verb again is still its focus alone.)
      ["What causes tides?", "It is the Moon that causes them.", "The Moon causes tides."],
    ],
    true,
  );
});

test("an instruction's purpose keeps the question's hyphenated words whole", () => {
  assertStatements(
    [
      [
        "How do I convert 24-hour time to 12-hour time?",
        "Subtract 12 from any hour from 13 to 23 and add PM.",
        "To convert 24-hour time to 12-hour time, subtract 12 from any hour from 13 to 23 and add PM.",
      ],
      ["How do I fix a slow-moving drain?", "Use a plunger.", "To fix a slow-moving drain, use a plunger."],
      ['How do I say "good morning" in German?', 'Say "Guten Morgen".', 'To say "good morning" in German, say "Guten Morgen".'],
    ],
    true,
  );
});

test("a short phrase, then ', and' and a clause: the clause goes after the statement, never inside its subject", () => {
  assertStatements(
    [
      [
        "What gives cobalt glass its deep blue color?",
        "Cobalt oxide, and only a tiny amount of it is needed.",
        "Cobalt oxide gives cobalt glass its deep blue color, and only a tiny amount of it is needed.",
      ],
      ["Who wrote Hamlet?", "Shakespeare, and he wrote it around 1600.", "Shakespeare wrote Hamlet, and he wrote it around 1600."],
    ],
    true,
  );
  // (A longer clause before ", and" is left as it was: the tagger may not see its verb.)
  assertStatements([
    [
      "Which surgery is most like the way a transgenic organism is made?",
      "Hector receives a replacement heart valve from a cow, and the valve is made of plastic.",
      "Hector receives a replacement heart valve from a cow, and the valve is made of plastic is most like the way a transgenic organism is made.",
    ],
  ]);
});

test("how many counted things were a plural noun: the count is the subject, no 'there were'", () => {
  assertStatements(
    [
      ["How many countries were founding members of NATO in 1949?", "Twelve.", "Twelve countries were founding members of NATO in 1949."],
      ["How many people were passengers on the Titanic?", "About 1,300.", "About 1,300 people were passengers on the Titanic."],
      // (A place after "be" is still "there are".)
      ["How many players are on a soccer team?", "Eleven.", "There are eleven players on a soccer team."],
      ["How many moons are there around Mars?", "Two.", "There are two moons around Mars."],
    ],
    true,
  );
});

test("a counted noun's of-phrase may have an article and a name; 'ones' in the count stands for the counted noun", () => {
  assertStatements(
    [
      [
        "How many doses of the MMR vaccine do children in the US usually get?",
        "Two, I think.",
        "Children in the US usually get two doses of the MMR vaccine, I think.",
      ],
      ["How many doses of the vaccine do children get?", "Two.", "Children get two doses of the vaccine."],
      [
        "How many versions of The Scream did Munch make?",
        "Four main ones: two paintings and two pastels.",
        "Munch made four main versions of The Scream: two paintings and two pastels.",
      ],
      ["How many moons does Mars have?", "Two small ones.", "Mars has two small moons."],
    ],
    true,
  );
});

test("'It's a …' to an in-situ question after a preposition, naming no thing of the asked kind, says what the subject is", () => {
  assertStatements(
    [
      [
        "The snowy owl is native to which region?",
        "It's an Arctic bird, breeding on the tundra.",
        "The snowy owl is an Arctic bird, breeding on the tundra.",
      ],
      ["The Eiffel Tower is in which city?", "It's in Paris.", "The Eiffel Tower is in Paris."],
      // (A person fills "by whom"; a thing of the asked kind fills "into which sea".)
      [
        "Penicillin was discovered by whom?",
        "It was a Scottish scientist, Alexander Fleming.",
        "Penicillin was discovered by a Scottish scientist, Alexander Fleming.",
      ],
      ["The Nile flows into which sea?", "It's a sea called the Mediterranean.", "The Nile flows into a sea called the Mediterranean."],
    ],
    true,
  );
});

test("a why-answer that opens with its reason and goes on with its own clause is said once, its 'it' the question's subject", () => {
  assertStatements(
    [
      [
        "Why is brown rice more nutritious than white rice?",
        "Since it keeps the bran and germ, it has more fiber, vitamins and minerals.",
        "Since brown rice keeps the bran and germ, it has more fiber, vitamins and minerals.",
      ],
      ["Why do cats purr?", "Because they are content, they purr loudly.", "Because cats are content, they purr loudly."],
      ["Why is the sky blue?", "Because of Rayleigh scattering.", "The sky is blue because of Rayleigh scattering."],
    ],
    true,
  );
});

test("the answer's prepositional phrase goes after the verb's object, and after a passive's participle before the question's time", () => {
  assertStatements(
    [
      [
        "To whom did Rafael Nadal suffer his first French Open loss?",
        "Robin Söderling, in 2009.",
        "Rafael Nadal suffered his first French Open loss to Robin Söderling, in 2009.",
      ],
      ["To which Venetian island were glassmakers moved in 1291?", "Murano.", "Glassmakers were moved to Murano in 1291."],
      ["In which city was Mozart born in 1756?", "Salzburg.", "Mozart was born in Salzburg in 1756."],
      // (An agent may follow the time.)
      [
        "By whom was the safety bicycle popularised in 1885?",
        "John Kemp Starley.",
        "The safety bicycle was popularised in 1885 by John Kemp Starley.",
      ],
    ],
    true,
  );
});
