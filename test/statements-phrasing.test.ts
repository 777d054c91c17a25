/**
 * The phrasing checks (lib/statements/phrasing.ts): each kind of failure found on flags-4.csv is flagged, and the good statement
 * next to it is not; on the human-written references of CAP-Statements almost none fire.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import test from "node:test";
import { parseCsv } from "../lib/io/csv.js";
import { phrasingDoubts } from "../lib/statements/phrasing.js";

/** [question, answer, bad statement, the doubt's start, good statement]. */
const CASES: readonly [string, string, string, string, string][] = [
  [
    "What causes rust on iron?",
    "a reaction between iron, oxygen and water",
    "A reaction between iron, oxygen and water rusts on iron.",
    `meaning: the question's verb "causes"`,
    "A reaction between iron, oxygen and water causes rust on iron.",
  ],
  [
    "Why does a balloon filled with helium rise?",
    "Because helium is lighter than air.",
    "A balloon filleds with helium rise because helium is lighter than air.",
    'reads: "filleds"',
    "A balloon filled with helium rises because helium is lighter than air.",
  ],
  [
    "How many bones does the human skull have?",
    "It has 22.",
    "The human skull has 22.",
    'context: "bones"',
    "The human skull has 22 bones.",
  ],
  [
    "What vitamin do humans get from sunlight?",
    "We get vitamin D from sunlight.",
    "Humans get vitamin D from sunlight from sunlight.",
    'reads: "from sunlight" twice',
    "Humans get vitamin D from sunlight.",
  ],
  [
    "Which continent is the coldest?",
    "Antarctica, by far.",
    "Antarctica is the coldest by far the coldest.",
    'reads: "the coldest" twice',
    "Antarctica is the coldest continent by far.",
  ],
  [
    "Which scientist discovered the neutron?",
    "James Chadwick did, in 1932.",
    "James Chadwick did, in 1932, which discovered the neutron.",
    `context: the answer's "did"`,
    "James Chadwick discovered the neutron in 1932.",
  ],
  [
    "Which language is spoken in Brazil?",
    "Portuguese",
    "Portuguese language is spoken in Brazil.",
    'reads: "Portuguese language" lacks "the"',
    "Portuguese is spoken in Brazil.",
  ],
  [
    "Who invented the phonograph?",
    "Great question! Thomas Edison invented it in 1877.",
    "Great question! invented the phonograph. Thomas Edison invented it in 1877.",
    "reads: the answer's opener kept",
    "Thomas Edison invented the phonograph in 1877.",
  ],
  [
    "Why did the Western Roman Empire fall?",
    "Historians point to many causes, including invasions.",
    "The Western Roman Empire fell because historians point to many causes, including invasions.",
    "meaning: a hedge made the reason",
    "The Western Roman Empire fell because of many causes, including invasions.",
  ],
  [
    "Does lightning ever strike the same place twice?",
    "Yes.",
    "Lightning ever strikes the same place twice.",
    `reads: the question's "ever" kept`,
    "Lightning strikes the same place twice.",
  ],
  [
    "A ball rolls across a carpet and stops. Which force causes the ball to stop? A) gravity B) friction C) magnetism",
    "friction",
    "A ball rolls across a carpet and stops. Which force causes the ball to stop. A) gravity B) friction C) magnetism friction.",
    "reads: the question's answer options kept",
    "A ball rolls across a carpet and stops. Friction causes the ball to stop.",
  ],
  [
    "Do fungi need sunlight?",
    "No, they don't, because they get their food from other organisms.",
    "Fungi do not need sunlight. They don't, because they get their food from other organisms.",
    "reads: the answer's short reply kept",
    "Fungi do not need sunlight, because they get their food from other organisms.",
  ],
  [
    "Who discovered insulin?",
    "Frederick Banting and Charles Best, in 1921.",
    "Frederick Banting and Charles Best, in 1921 discovered insulin.",
    "reads: the answer's comma phrase glued",
    "Frederick Banting and Charles Best discovered insulin in 1921.",
  ],
  [
    "My phone battery drains very fast. How can I make it last longer?",
    "lower the screen brightness",
    "My phone battery drains very fast. I can make it last longer by lower the screen brightness.",
    'reads: "by lower"',
    "My phone battery drains very fast. To make it last longer, lower the screen brightness.",
  ],
  [
    "Whose novels feature the detective Hercule Poirot?",
    "Agatha Christie's novels do.",
    "Agatha Christie's novels' novels feature the detective Hercule Poirot.",
    `reads: "novels' novels"`,
    "Agatha Christie's novels feature the detective Hercule Poirot.",
  ],
  [
    "What is the origin of the croissant?",
    "It is generally believed that it comes from the Austrian kipferl.",
    "The origin of the croissant is generally believed that it comes from the Austrian kipferl.",
    'reads: "is generally believed that"',
    "It is generally believed that the croissant comes from the Austrian kipferl.",
  ],
  [
    "What do silkworms feed on?",
    "Mulberry leaves",
    "Silkworms feed on Mulberry leaves.",
    'reads: "Mulberry" capitalised mid-sentence',
    "Silkworms feed on mulberry leaves.",
  ],
  [
    "Which team did Michael Jordan play for in the 1990s?",
    "the Chicago Bulls",
    "Michael Jordan played the Chicago Bulls for in the 1990s.",
    'reads: "for in"',
    "Michael Jordan played for the Chicago Bulls in the 1990s.",
  ],
  [
    "Which element is the most abundant in the Earth's crust?",
    "Oxygen is the most abundant.",
    "Oxygen is the most abundant in the Earth's crust.",
    'context: "the most abundant" without "element"',
    "Oxygen is the most abundant element in the Earth's crust.",
  ],
  [
    "What are the parts of a flower?",
    "The main parts are the petals, sepals, stamens and pistil.",
    "The main parts are the petals, sepals, stamens and pistil.",
    'context: "flower" left out',
    "The main parts of a flower are the petals, sepals, stamens and pistil.",
  ],
  [
    "How many calories are in a tablespoon of olive oil?",
    "approximately 120 kcal",
    "There are approximately 120 kcal calories in a tablespoon of olive oil.",
    'reads: "kcal calories"',
    "There are approximately 120 kcal in a tablespoon of olive oil.",
  ],
  [
    "When was chess invented?",
    "Most historians think it was invented in India around the 6th century.",
    "Most historians think it was invented in India around the 6th century.",
    'context: "it" stands for "chess"',
    "Most historians think chess was invented in India around the 6th century.",
  ],
  [
    "What force opposes motion between two surfaces?",
    "Friction",
    "The force that opposes motion between two surfaces is Friction.",
    'reads: "Friction" capitalised mid-sentence',
    "The force that opposes motion between two surfaces is friction.",
  ],
  [
    "What do hummingbirds mainly drink?",
    "Nectar",
    "Hummingbirds mainly drink Nectar.",
    'reads: "Nectar" capitalised mid-sentence',
    "Hummingbirds mainly drink nectar.",
  ],
];

test("each phrasing check flags the failure it was written for and not the good statement beside it", () => {
  for (const [question, answer, bad, doubt, good] of CASES) {
    const doubts = phrasingDoubts(bad, question, answer);
    assert.ok(
      doubts.some((d) => d.startsWith(doubt)),
      `${bad}: ${JSON.stringify(doubts)}`,
    );
    assert.deepEqual(phrasingDoubts(good, question, answer), [], good);
  }
});

test("what the checks leave alone: names after a named class, 'what happens', a sentence answer's own verb, words said in the question", () => {
  const quiet: readonly [string, string, string][] = [
    ["Which planet has rings?", "Saturn", "One planet that has rings is Saturn."],
    ["Continental drift theory was proposed by Alfred ___.", "Wegener", "Continental drift theory was proposed by Alfred Wegener."],
    ["What happens to water at 100 °C?", "It boils.", "Water boils at 100 °C."],
    [
      "Who discovered America in 1492?",
      "Christopher Columbus reached the Americas in 1492.",
      "Christopher Columbus reached the Americas in 1492.",
    ],
    ["What colors does a rainbow contain?", "red and violet", "A rainbow contains red and violet."],
    ["Name one type of random variable.", "continuous random variable", "One type of random variable is a continuous random variable."],
    ["What does a plant need?", "water", "A plant needs water."],
    [
      "Which city is called the Eternal City?",
      "Rome, because people believed it would last forever.",
      "Rome is called the Eternal City, because people believed it would last forever.",
    ],
  ];
  for (const [question, answer, statement] of quiet) assert.deepEqual(phrasingDoubts(statement, question, answer), [], statement);
});

test("a yes/no question's alternative picked from an answer that says more is flagged: answer words dropped (a rule's doubt)", async () => {
  const { reformulate } = await import("../lib/statements/builtin.js");
  const r = reformulate(
    "Are tomatoes fruits or vegetables?",
    "Botanically, tomatoes are fruits, because they develop from the flower and contain seeds.",
  );
  assert.equal(r.statement, "Tomatoes are fruits.");
  assert.ok(
    r.doubts.some((d) => d.startsWith("answer words dropped")),
    JSON.stringify(r.doubts),
  );
  assert.deepEqual(reformulate("Are tomatoes fruits or vegetables?", "fruits").doubts, []);
});

const statementsDir = [process.env.CAPQA_STATEMENTS_DIR, resolve("../shared/data/cap-statements")].find(
  (d) => d && existsSync(join(d, "CAP-Statements.train.csv")),
);

// Human annotators paraphrase and keep names the lexicons do not know ("Kafka", "Sumer"), so a few of their statements draw a doubt.
test("on CAP-Statements' human-written statements (train and validation, 9,900) the phrasing checks fire on fewer than 1.5 %", {
  skip: statementsDir === undefined && "CAP-Statements not found (set CAPQA_STATEMENTS_DIR)",
}, () => {
  let n = 0;
  let flagged = 0;
  for (const part of ["train", "validation"]) {
    const t = parseCsv(readFileSync(join(statementsDir!, `CAP-Statements.${part}.csv`), "utf8"));
    const [q, a, s] = ["question", "answer", "statement"].map((c) => t.header.indexOf(c));
    for (const r of t.records) {
      n++;
      if (phrasingDoubts(r.fields[s], r.fields[q], r.fields[a]).length > 0) flagged++;
    }
  }
  assert.equal(n, 9900);
  assert.ok(flagged / n < 0.015, `${flagged} of ${n} flagged`);
});
