/**
 * Chat answers of the kinds rounds 18 to 20 brought (a frequency adverb before the answer, "the left one" for the question's noun, a
 * subject with a participle's phrase, "X does — …", a "not" with an adverb, a count before its list, "a good example", a pronoun after
 * a fronted clause, a degree before a reason): the statement a careful annotator writes, and the flags on the bad statements the
 * earlier rules wrote.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { reformulate } from "../lib/statements/builtin.js";
import { statementDoubts } from "../lib/statements/checks.js";
import { assertFlagCases, type FlagCase } from "./flag-cases.js";

test("round 18 to 20 chat answers read as a careful annotator writes them", () => {
  const cases: [string, string, string][] = [
    // A frequency adverb is a hedge on the verb; a completion's stays where it is.
    ["When do owls hunt?", "Usually at night.", "Owls usually hunt at night."],
    [
      "What makes hollandaise sauce split?",
      "Usually heat, because the egg proteins tighten up.",
      "Heat usually makes hollandaise sauce split, because the egg proteins tighten up.",
    ],
    [
      "A child who grows up in a multilingual environment",
      "often finds it easier to learn additional languages later in life",
      "A child who grows up in a multilingual environment often finds it easier to learn additional languages later in life.",
    ],
    // "one" for the question's noun; a subject with a participle's phrase.
    [
      "To which side of the heart does oxygenated blood return from the lungs?",
      "To the left one — it enters the left atrium.",
      "Oxygenated blood returns to the left side of the heart from the lungs — it enters the left atrium.",
    ],
    [
      "What did the first photograph show?",
      "The oldest surviving one, taken by Niépce around 1826, shows the view from a window.",
      "The oldest surviving photograph, taken by Niépce around 1826, shows the view from a window.",
    ],
    [
      "How many times does the Moon rotate on its axis during a lunar month?",
      "one",
      "The Moon rotates one time on its axis during a lunar month.",
    ],
    // The question's predicate for "does", a completion's word said once, a no with an adverb, a limited no, an emphatic yes.
    [
      "What causes the green flash at sunset?",
      "Atmospheric refraction does — the air bends green light more than red.",
      "Atmospheric refraction causes the green flash at sunset — the air bends green light more than red.",
    ],
    [
      "Complete the sentence: Coastal areas have milder winters than inland areas because ...",
      "Because water heats up slowly.",
      "Coastal areas have milder winters than inland areas because water heats up slowly.",
    ],
    ["Are tomatoes vegetables?", "Not botanically — they are fruits.", "Tomatoes are not botanically vegetables — they are fruits."],
    [
      "Is it bad to eat eggs every day?",
      "No, not for most healthy people. An egg a day is fine.",
      "It is not bad to eat eggs every day for most healthy people. An egg a day is fine.",
    ],
    ["Is the Sun a star?", "Yes, absolutely! It is a G-type star.", "The Sun is a star. It is a G-type star."],
    // Where and when: the phrase in the subject, "on" a day, a lowered adverb; how many times; "part of".
    ["Where is the tallest building in the world?", "In Dubai.", "The tallest building in the world is in Dubai."],
    [
      "When is hurricane season in the Atlantic?",
      "Officially from 1 June to 30 November.",
      "Hurricane season in the Atlantic is officially from 1 June to 30 November.",
    ],
    ["When is Thanksgiving in Canada?", "The second Monday of October.", "Thanksgiving in Canada is on the second Monday of October."],
    ["How many times did Federer win Wimbledon?", "Eight times.", "Federer won Wimbledon eight times."],
    ["Which art movement was Piet Mondrian part of?", "De Stijl", "Piet Mondrian was part of De Stijl."],
    ["What colour is the sky?", "Blue", "The sky is blue."],
    ['What part of speech is the word "quickly"?', "An adverb", 'The word "quickly" is an adverb.'],
    // Why: a purpose's "so", a degree before "because of".
    [
      "Why do goalkeepers wear a different colour from their teammates?",
      "So the referee can tell them apart.",
      "Goalkeepers wear a different colour from their teammates so the referee can tell them apart.",
    ],
    [
      "Why does a minor chord sound sad?",
      "Partly culture, partly acoustics.",
      "A minor chord sounds sad partly because of culture, partly because of acoustics.",
    ],
    // An adjunct before a dash, a count before its list, an example of what, a preposition's "it", a pronoun after a fronted clause.
    [
      "Who invented the metronome?",
      "Probably Dietrich Nikolaus Winkel, around 1814 — but Johann Maelzel patented it.",
      "Dietrich Nikolaus Winkel probably invented the metronome, around 1814 — but Johann Maelzel patented it.",
    ],
    [
      "What are the three types of muscle tissue?",
      "There are three: 1. skeletal 2. cardiac 3. smooth.",
      "The three types of muscle tissue are skeletal, cardiac and smooth.",
    ],
    [
      "Name a fish that can breathe air.",
      "Sure! The lungfish is a good example — it has true lungs.",
      "The lungfish is a good example of a fish that can breathe air — it has true lungs.",
    ],
    ["How do sailboats sail into the wind?", "They can't sail straight into it.", "Sailboats can't sail straight into the wind."],
    [
      "How tall is the Sagrada Família going to be?",
      "Great question! Once the central tower is finished, it'll be 172.5 m tall.",
      "Once the central tower is finished, the Sagrada Família will be 172.5 m tall.",
    ],
    // Round 20: openers, a comparison's other option, an appositive's comma, whose + be, a bound, a stranded "about", "steeped".
    [
      "What year were the Lascaux cave paintings discovered?",
      "Ooh, good one! It was 1940.",
      "The Lascaux cave paintings were discovered in 1940.",
    ],
    ["Which is bigger, Mercury or Ganymede?", "Ganymede. Mercury is smaller.", "Ganymede is bigger than Mercury. Mercury is smaller."],
    ["Who was older, Mozart or Haydn?", "Haydn, by 24 years.", "Haydn was older than Mozart, by 24 years."],
    [
      "What is the currency of Georgia, the country in the Caucasus?",
      "the lari",
      "The currency of Georgia, the country in the Caucasus, is the lari.",
    ],
    [
      "Who came up with the name Pluto?",
      "An 11-year-old schoolgirl from Oxford, Venetia Burney.",
      "An 11-year-old schoolgirl from Oxford, Venetia Burney, came up with the name Pluto.",
    ],
    ["Whose idea was the Scout movement?", "Robert Baden-Powell's.", "The Scout movement was Robert Baden-Powell's idea."],
    ["How much can a regulation golf ball weigh at most?", "45.93 grams", "A regulation golf ball can weigh at most 45.93 grams."],
    [
      "What did Rachel Carson warn about in Silent Spring?",
      "She warned that pesticides were poisoning birds.",
      "Rachel Carson warned in Silent Spring that pesticides were poisoning birds.",
    ],
    ["How long should I steep green tea?", "About three minutes.", "Green tea should be steeped for about three minutes."],
    ["In what year did Britain switch to decimal currency?", "1971", "Britain switched to decimal currency in 1971."],
    [
      "Can you freeze eggs in their shells?",
      "Not in their shells — the liquid expands and cracks them.",
      "Eggs cannot be frozen in their shells — the liquid expands and cracks them.",
    ],
    [
      "With whom did Watson and Crick share the 1962 Nobel Prize?",
      "With Maurice Wilkins.",
      "Watson and Crick shared the 1962 Nobel Prize with Maurice Wilkins.",
    ],
    ["What temperature should ground beef reach?", "160°F", "Ground beef should reach 160°F."],
    [
      "Fill in the blank: A slip of the tongue, like 'tease my ears' for 'ease my tears', is called a ___.",
      "spoonerism",
      "A slip of the tongue, like 'tease my ears' for 'ease my tears', is called a spoonerism.",
    ],
  ];
  for (const [q, a, want] of cases) assert.equal(reformulate(q, a).statement, want, `${q} + ${a}`);
});

test("the round 18 flags catch the bad statement and spare the good one beside it", () => {
  const cases: FlagCase[] = [
    [
      "What role do decomposers play in an ecosystem?",
      "Decomposers break down dead organisms and waste, returning their nutrients to the soil.",
      "Decomposers play Decomposers break down dead organisms and waste, returning their nutrients to the soil in an ecosystem.",
      "the answer's sentence inside the question's words",
      "Decomposers break down dead organisms and waste, returning their nutrients to the soil.",
    ],
    [
      'What is the difference between "affect" and "effect"?',
      '"Affect" is usually a verb, while "effect" is usually a noun.',
      'The difference between "affect" and "effect" is "Affect" is usually a verb, while "effect" is usually a noun.',
      "the answer's sentence inside the question's words",
      '"Affect" is usually a verb, while "effect" is usually a noun.',
    ],
    [
      "What happens during ecological succession?",
      "During ecological succession, communities of species gradually replace one another until a stable community develops.",
      "During ecological succession, communities of species gradually replace one another until a stable community develops happens during ecological succession.",
      "the question's words after the answer's sentence",
      "During ecological succession, communities of species gradually replace one another until a stable community develops.",
    ],
    [
      "Are wolves good for an ecosystem?",
      "Yes, very much so! They keep elk from overgrazing.",
      "Wolves are good for an ecosystem, very much so!. They keep elk from overgrazing.",
      '"!."',
      "Wolves are good for an ecosystem. They keep elk from overgrazing.",
    ],
    [
      "How many times has Brazil won the men's World Cup?",
      "Five times.",
      "Brazil has won five times the men's World Cup.",
      "a count before the verb's object",
      "Brazil has won the men's World Cup five times.",
    ],
    [
      "Is it bad to eat eggs every day?",
      "No, not for most healthy people.",
      "It is not bad to eat eggs every day, not for most healthy people.",
      '"not" said again',
      "It is not bad to eat eggs every day for most healthy people.",
    ],
    [
      "Are sweet potatoes healthier than regular potatoes?",
      "Not dramatically. Sweet potatoes have far more vitamin A.",
      "Sweet potatoes are healthier than regular potatoes, not dramatically. Sweet potatoes have far more vitamin A.",
      "yes or no left inside",
      "Sweet potatoes are not dramatically healthier than regular potatoes. Sweet potatoes have far more vitamin A.",
    ],
    [
      "Which art movement was Piet Mondrian part of?",
      "De Stijl",
      "Piet Mondrian part was of De Stijl.",
      'the question\'s "part of" split by "was"',
      "Piet Mondrian was part of De Stijl.",
    ],
    [
      "Do I need a plug adapter in Australia if I'm coming from the US?",
      "Yes, you'll need a Type I adapter.",
      "I need a plug adapter in Australia if I'm coming from the US. You'll need a Type I adapter.",
      "the asker's \"I\" as the statement's subject",
      "A plug adapter is needed in Australia when coming from the US. You'll need a Type I adapter.",
    ],
    [
      "What internal temperature should ground beef reach?",
      "160°F (71°C) — check it with a thermometer.",
      "160°F (71°C) should ground beef reach — check it with a thermometer.",
      "the question's word order kept",
      "Ground beef should reach 160°F (71°C) — check it with a thermometer.",
    ],
    [
      "Can you freeze eggs in their shells?",
      "Not in their shells — the liquid expands and cracks them.",
      "Eggs cannot be frozen in their shells in their shells — the liquid expands and cracks them.",
      "said twice in a row",
      "Eggs cannot be frozen in their shells — the liquid expands and cracks them.",
    ],
    [
      "How long do bowhead whales live?",
      "Bowhead whales can live for more than 200 years.",
      "Bowhead whales live for more than 200 years.",
      'the answer\'s "can" dropped',
      "Bowhead whales can live for more than 200 years.",
    ],
    [
      "How much can a regulation golf ball weigh at most?",
      "45.93 grams",
      "A regulation golf ball can weigh at 45.93 grams most.",
      'the question\'s "at most" split',
      "A regulation golf ball can weigh at most 45.93 grams.",
    ],
  ];
  assertFlagCases(cases);
  // Spared: a question inside quotes, "it's" after a possessive's comma, a multiplier's "times the".
  const spared: [string, string, string][] = [
    [
      "Whose paradox asks why we haven't found alien civilisations?",
      'Enrico Fermi\'s — he asked "Where is everybody?" over lunch.',
      "Enrico Fermi's paradox asks why we haven't found alien civilisations — he asked \"Where is everybody?\" over lunch.",
    ],
    [
      "Why is Venus so hot?",
      "Its thick atmosphere traps heat. Its surface is hotter than Mercury's, even though it's farther from the Sun.",
      "Venus is so hot because its thick atmosphere traps heat. Its surface is hotter than Mercury's, even though it's farther from the Sun.",
    ],
    [
      "How deep should I plant daffodil bulbs?",
      "About 6 inches deep — roughly three times the height of the bulb.",
      "Daffodil bulbs should be planted about 6 inches deep — roughly three times the height of the bulb.",
    ],
  ];
  for (const [q, a, s] of spared) assert.deepEqual(statementDoubts(q, a, s), [], s);
});
