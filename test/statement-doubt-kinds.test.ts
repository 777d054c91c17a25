/**
 * The reading checks by kind of failure (lib/statements/reading.ts, issue 23 part 6): each kind is
 * seen on a statement that has it and spared on the statement a careful annotator writes for the
 * same question and answer. The examples are written for this test, not taken from the labelled sets.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readingDoubts } from "../lib/statements/reading.js";

/** [kind (a substring of the doubt), question, answer, bad statement, good statement]. */
const CASES: readonly (readonly [string, string, string, string, string])[] = [
  [
    "negates nothing",
    "Is Parmesan vegetarian?",
    "Traditionally, no — it is made with animal rennet.",
    "Parmesan vegetarian is traditionally not — it is made with animal rennet.",
    "Parmesan is traditionally not vegetarian — it is made with animal rennet.",
  ],
  [
    "one phrase said twice",
    "How many bits are in a byte?",
    "There are 8 of them in a standard byte.",
    "There are 8 bits in a standard byte in a byte.",
    "There are 8 bits in a standard byte.",
  ],
  [
    "an instruction as the subject",
    "What should I eat to get more vitamin C?",
    "Try citrus fruits like oranges.",
    "Try citrus fruits like oranges should be eaten to get more vitamin C.",
    "Citrus fruits like oranges should be eaten to get more vitamin C.",
  ],
  [
    "a list's bullet left in",
    "How often should you replace a toothbrush?",
    "Every 3–4 months.\n- Sooner if the bristles are frayed.\n- Also after being sick.",
    "A toothbrush should be replaced every 3–4 months. - Sooner if the bristles are frayed. - Also after being sick.",
    "A toothbrush should be replaced every 3–4 months, sooner if the bristles are frayed, and also after being sick.",
  ],
  [
    "opening capital",
    "What metals are in bronze?",
    "Copper and tin",
    "The metals in bronze are Copper and tin.",
    "The metals in bronze are copper and tin.",
  ],
  [
    "choices kept",
    "Which of these is a mammal: a shark, a dolphin, or a trout?",
    "a dolphin",
    "A dolphin is a mammal: a shark, a dolphin, or a trout.",
    "A dolphin is a mammal.",
  ],
  [
    "stands for the question's words",
    "Which organ pumps blood around the body?",
    "The heart does this.",
    "The heart does this.",
    "The heart pumps blood around the body.",
  ],
  [
    "stands for the question's noun",
    "Which bird can fly backwards?",
    "The hummingbird is the only one that can fly backwards.",
    "The hummingbird is the only one that can fly backwards.",
    "The hummingbird is the only bird that can fly backwards.",
  ],
  [
    "names no noun",
    "What is the longest river in Asia?",
    "The Yangtze is the longest, at about 6,300 km.",
    "The Yangtze is the longest, at about 6,300 km.",
    "The Yangtze is the longest river in Asia, at about 6,300 km.",
  ],
  [
    "instruction used as a noun",
    "What is the safest way to cross a street?",
    "look both ways first",
    "The safest way to cross a street is look both ways first.",
    "The safest way to cross a street is to look both ways first.",
  ],
  [
    "sentence answer made the subject",
    "Which is the best evidence that the lake was once larger?",
    "Old shorelines formed high above the water",
    "Old shorelines formed high above the water is the best evidence that the lake was once larger.",
    "Old shorelines that formed high above the water are the best evidence that the lake was once larger.",
  ],
  [
    "glued after the answer",
    "What does the experiment tell scientists?",
    "The plants needed light to grow.",
    "The experiment tells the plants needed light to grow scientists.",
    "The experiment tells scientists that the plants needed light to grow.",
  ],
  [
    'lacks "for"',
    "How long does it take the Moon to orbit the Earth?",
    "about 27 days",
    "It takes about 27 days the Moon to orbit the Earth.",
    "It takes the Moon about 27 days to orbit the Earth.",
  ],
  [
    'plural after "there is"',
    "How many players are on a soccer team?",
    "11 players",
    "There is 11 players on a soccer team.",
    "There are 11 players on a soccer team.",
  ],
  ["one thing is", "Name an insect that makes honey.", "Bees", "An insect that makes honey is bees.", "Bees are insects that make honey."],
  [
    "spliced on with a comma",
    "Are dolphins related to whales?",
    "Yes, both are cetaceans.",
    "Dolphins are related to whales, both are cetaceans.",
    "Dolphins are related to whales. Both are cetaceans.",
  ],
  [
    '"because of" before a clause',
    "Why do birds migrate?",
    "Mainly to find food in winter",
    "Birds migrate because of mainly to find food in winter.",
    "Birds migrate mainly to find food in winter.",
  ],
];

test("each kind of failure is seen where it is and spared where the statement reads well", () => {
  for (const [kind, question, answer, bad, good] of CASES) {
    const seen = readingDoubts(bad, question, answer);
    assert.ok(
      seen.some((d) => d.includes(kind)),
      `${kind}: not seen in "${bad}" (${seen.join("; ")})`,
    );
    const spared = readingDoubts(good, question, answer);
    assert.ok(!spared.some((d) => d.includes(kind)), `${kind}: seen in "${good}" (${spared.join("; ")})`);
  }
});

test("a question that asks two things is flagged whatever the statement; one that asks one is not", () => {
  const two = readingDoubts("Lima is the capital of Peru.", "What is the capital of Peru, and why was it chosen?", "Lima");
  assert.ok(two.includes("context: the question asks two things"), two.join("; "));
  assert.deepEqual(readingDoubts("Lima is the capital of Peru.", "What is the capital of Peru?", "Lima"), []);
});

test("what the kinds spare: a modal's 'do it', a bare superlative the question leaves bare, a past participle, a bare verb after 'do … is', a name before its noun, the question's noun after a superlative", () => {
  const none = (statement: string, question: string, answer: string, kind: string) => {
    const doubts = readingDoubts(statement, question, answer);
    assert.ok(!doubts.some((d) => d.includes(kind)), `${kind}: seen in "${statement}" (${doubts.join("; ")})`);
  };
  none("Anyone who practises can do it well.", "Who can learn to juggle?", "Anyone who practises can do it well.", "stands for");
  none("The Nile is the longest.", "Which river is the longest?", "The Nile", "names no noun");
  none("A bicycle is made up of several simple machines.", "A bicycle is", "made up of several simple machines", "instruction");
  none("The first thing a cook should do is wash the vegetables.", "What should a cook do first?", "wash the vegetables", "instruction");
  none("The change in pitch is called the Doppler effect.", "The change in pitch is called the", "Doppler effect", "opening capital");
  none("Diamond is the hardest natural mineral.", "What is the hardest natural mineral?", "Diamond is the hardest.", "glued");
});
