/**
 * Chat answers of the kinds the development rounds 13 and 14 brought (a phrase answer with an addition after a dash or colon, a yes/no
 * with a sentence of its own, the asker's action said of anyone, markdown, numbered lists inside a sentence, a dummy "it" judging the
 * question's action): the statement a careful annotator writes, and the flags on the bad statements the earlier rules wrote.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { reformulate } from "../lib/statements/builtin.js";
import { assertFlagCases, type FlagCase } from "./flag-cases.js";

test("round 13–14 chat answers read as a careful annotator writes them", () => {
  const cases: [string, string, string][] = [
    // An addition after a dash, a trailing hedge, a colon or a number's parenthesis goes after the statement.
    ["Which country has won the most FIFA World Cups?", "Brazil — five titles.", "Brazil has won the most FIFA World Cups — five titles."],
    [
      "How many official languages does South Africa have?",
      "Eleven, I think — though sign language was added recently.",
      "South Africa has eleven official languages, I think — though sign language was added recently.",
    ],
    [
      "How many letters are in the Hawaiian alphabet?",
      "13 (five vowels and eight consonants).",
      "There are 13 letters in the Hawaiian alphabet (five vowels and eight consonants).",
    ],
    [
      "A song is in the key of G major. How many sharps does its key signature have?",
      "Just one: F-sharp.",
      "A song is in the key of G major. Its key signature has just one sharp: F-sharp.",
    ],
    [
      "How many people have walked on the Moon?",
      "Twelve, all between 1969 and 1972.",
      "Twelve people have walked on the Moon, all between 1969 and 1972.",
    ],
    // An en dash inside a name is no addition.
    [
      "What scale is used to rate the strength of Atlantic hurricanes?",
      "the Saffir–Simpson scale",
      "The Saffir–Simpson scale is used to rate the strength of Atlantic hurricanes.",
    ],
    // A yes/no keeps the answer's sentence break, dash or colon; a qualifying adverb stays on the verb.
    [
      "Does caffeine dehydrate you?",
      "Not really. In normal amounts, caffeinated drinks still count towards your daily fluid intake.",
      "Caffeine does not really dehydrate you. In normal amounts, caffeinated drinks still count towards your daily fluid intake.",
    ],
    [
      "Can a World Cup knockout match end in a draw?",
      "No — if it's still level after extra time, it goes to a penalty shootout.",
      "A World Cup knockout match cannot end in a draw — if it's still level after extra time, it goes to a penalty shootout.",
    ],
    [
      "Is Greenland a continent?",
      "Actually, no: it's the world's largest island.",
      "Greenland is not a continent: it's the world's largest island.",
    ],
    [
      "Is it OK to give my cat milk?",
      "Generally, no. Most adult cats are lactose intolerant.",
      "It is generally not OK to give a cat milk. Most adult cats are lactose intolerant.",
    ],
    [
      "Did Shakespeare invent new words?",
      "He did, or at least he's the earliest recorded user of many.",
      "Shakespeare invented new words, or at least he's the earliest recorded user of many.",
    ],
    // The asker's action said of anyone.
    [
      "What can I use instead of fabric softener?",
      "White vinegar — half a cup in the rinse cycle.",
      "White vinegar can be used instead of fabric softener — half a cup in the rinse cycle.",
    ],
    ["When should I prune my roses?", "In late winter.", "Roses should be pruned in late winter."],
    [
      "Can I leave my laptop plugged in all the time?",
      "It should be fine, since most modern laptops stop charging once the battery is full.",
      "It should be fine to leave a laptop plugged in all the time, since most modern laptops stop charging once the battery is full.",
    ],
    // Ellipses and pronouns.
    [
      "Name a country that uses the euro but isn't in the EU.",
      "Montenegro is one.",
      "Montenegro is a country that uses the euro but isn't in the EU.",
    ],
    ["When did the Roman Republic become an empire?", "It became one in 27 BC.", "The Roman Republic became an empire in 27 BC."],
    [
      "Which planet has the strongest winds?",
      "Neptune has the strongest — they reach over 2,000 km/h.",
      "Neptune has the strongest winds — they reach over 2,000 km/h.",
    ],
    ["What does the spleen do?", "Mainly it filters the blood.", "The spleen mainly filters the blood."],
    [
      "What's the oldest known fermented drink?",
      "The oldest known is a mix of rice, honey and fruit.",
      "The oldest known fermented drink is a mix of rice, honey and fruit.",
    ],
    [
      "The first Eurovision Song Contest was won by which country?",
      "It was won by Switzerland, in 1956.",
      "The first Eurovision Song Contest was won by Switzerland, in 1956.",
    ],
    // Markdown, numbered lists inside a sentence, a possessive's addition, a participle's phrase closed by a comma.
    [
      "Which language has the most speakers in India?",
      "**Hindi**, spoken by about 44% of the population.",
      "Hindi, spoken by about 44% of the population, has the most speakers in India.",
    ],
    [
      "What is Diwali?",
      "It's the Hindu festival of lights. People mark it by: 1. lighting oil lamps 2. setting off fireworks 3. sharing sweets",
      "Diwali is the Hindu festival of lights. People mark it by lighting oil lamps, setting off fireworks and sharing sweets.",
    ],
    [
      "Whose portrait is on the US $100 bill?",
      "Benjamin Franklin's (he was never president).",
      "Benjamin Franklin's portrait is on the US $100 bill (he was never president).",
    ],
    // The question's own parse: a passive's participle ends the subject; a noun before the verb is the subject's.
    ["When did the first cash machine open?", "In 1967.", "The first cash machine opened in 1967."],
    ["By whom was Alexander the Great tutored?", "Aristotle", "Alexander the Great was tutored by Aristotle."],
    ["When is the best time to visit Japan?", "Spring.", "The best time to visit Japan is spring."],
    [
      'What do economists mean by "moral hazard"?',
      "They mean that people take more risks.",
      'By "moral hazard", economists mean that people take more risks.',
    ],
    ["What do honeybees do in winter?", "They cluster together in the hive.", "In winter, honeybees cluster together in the hive."],
  ];
  for (const [q, a, want] of cases) assert.equal(reformulate(q, a).statement, want, `${q} + ${a}`);
});

test("the round 13–14 flags catch the bad statement and spare the good one beside it", () => {
  const cases: FlagCase[] = [
    // question, answer, bad statement, its doubt (a substring), a good statement of the same answer
    [
      "In what year was the first transcontinental railroad in the United States completed?",
      "1869",
      "The first transcontinental railroad in was the United States completed in 1869.",
      '"in was"',
      "The first transcontinental railroad in the United States was completed in 1869.",
    ],
    [
      "What scale is used to rate the strength of Atlantic hurricanes?",
      "the Saffir–Simpson scale",
      "The Saffir is used to rate the strength of Atlantic hurricanes–Simpson scale.",
      "split",
      "The Saffir–Simpson scale is used to rate the strength of Atlantic hurricanes.",
    ],
    [
      "What does a red flag mean in Formula One?",
      "A red flag in Formula One means that the session has been stopped.",
      "A red flag means a red flag in Formula One means that the session has been stopped in Formula One.",
      "inside the question's",
      "A red flag in Formula One means that the session has been stopped.",
    ],
    [
      "How does a volcano form?",
      "It forms when magma rises through cracks to the surface.",
      "A volcano forms by when magma rises through cracks to the surface.",
      '"by" before a clause',
      "A volcano forms when magma rises through cracks to the surface.",
    ],
    [
      "How many words are there in the English language?",
      "Hard to say — the Oxford English Dictionary has over 600,000 entries.",
      "There are hard to say words in the English language — the Oxford English Dictionary has over 600,000 entries.",
      "no count",
      "It is hard to say how many words there are in the English language — the Oxford English Dictionary has over 600,000 entries.",
    ],
    [
      'How do I say "good morning" in German?',
      'You say "Guten Morgen".',
      'To saygood morning in German, say "Guten Morgen".',
      "glued",
      'To say "good morning" in German, say "Guten Morgen".',
    ],
    [
      "Which language has the most speakers in India?",
      "**Hindi**, spoken by about 44% of the population.",
      "**Hindi**, spoken by about 44% of the population has the most speakers in India.",
      "markdown",
      "Hindi, spoken by about 44% of the population, has the most speakers in India.",
    ],
    [
      "Which planet has the strongest winds?",
      "Neptune has the strongest — they reach over 2,000 km/h.",
      "Neptune has the strongest — they reach over 2,000 km/h.",
      "without the question's noun",
      "Neptune has the strongest winds — they reach over 2,000 km/h.",
    ],
    [
      'What do economists mean by "moral hazard"?',
      "They mean that people take more risks when they are protected from the consequences.",
      "Economists mean that people take more risks when they are protected from the consequences.",
      "moral hazard",
      'By "moral hazard", economists mean that people take more risks when they are protected from the consequences.',
    ],
    [
      "Which country is famous for the Day of the Dead?",
      "Mexico is best known for it, with families building altars.",
      "Mexico is best known for it, with families building altars, which is famous for the Day of the Dead.",
      "which-clause",
      "Mexico is famous for the Day of the Dead, with families building altars.",
    ],
    [
      "Can you see the Milky Way from a city?",
      "Usually not, because of light pollution.",
      "You can see the Milky Way from a city, usually not, because of light pollution.",
      "yes or no left inside",
      "The Milky Way usually cannot be seen from a city, because of light pollution.",
    ],
    [
      "What does a yellow card mean in football?",
      "It's a caution — two in one match mean a red card.",
      "A yellow card means a caution — two in one match mean a red card in football.",
      "last phrase after the answer's dash",
      "A yellow card means a caution in football — two in one match mean a red card.",
    ],
  ];
  assertFlagCases(cases);
});
