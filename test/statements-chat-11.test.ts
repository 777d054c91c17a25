/**
 * Statements of answers that lean on the question, stop 43 (issue 23): numbered lists whose items have commas of their own, and the
 * rules and flags found on the development sets' unflagged misses and on new answers written for them. Each rule is shown where it
 * applies and where it must not.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { reformulate } from "../lib/statements/builtin.js";
import { statementDoubts } from "../lib/statements/checks.js";
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

test("a do-question's verb: past a compound noun, a particle and a gerund object", () => {
  assertStatements([
    // (A word read first as a noun goes on the subject when one the tagger read as an adverb can be the verb.)
    [
      "Why does a safety match light when struck?",
      "Because friction turns a little red phosphorus into white phosphorus.",
      "A safety match lights when struck because friction turns a little red phosphorus into white phosphorus.",
    ],
    // (A final particle is not the verb.)
    [
      "Why does a rubber band snap back?",
      "Because its long molecules coil up again.",
      "A rubber band snaps back because its long molecules coil up again.",
    ],
    // (A gerund after the verb is its object.)
    ["What year did Ireland ban smoking in pubs?", "2004", "Ireland banned smoking in pubs in 2004."],
    // (A verb read first as a verb keeps its object.)
    ["Why does a dog wag its tail?", "To show how it feels.", "A dog wags its tail to show how it feels."],
  ]);
});

test("a fronted phrase, then the answer's clause with a pronoun for the question's subject", () => {
  assertStatements([
    [
      "In which city did the Wright brothers run their bicycle shop?",
      "From 1892, they ran it in Dayton, Ohio.",
      "From 1892, the Wright brothers ran their bicycle shop in Dayton, Ohio.",
    ],
    ["In which city did Mozart die?", "In 1791, he died in Vienna, aged just 35.", "In 1791, Mozart died in Vienna, aged just 35."],
    [
      "What year did Ireland ban smoking in pubs?",
      "In 2004, it became the first country to ban smoking in all enclosed workplaces.",
      "In 2004, Ireland became the first country to ban smoking in all enclosed workplaces.",
    ],
  ]);
});

test("an in-situ question's subject stands for the answer's 'it' before an adjective and its preposition", () => {
  assertStatements([
    [
      "The kiwi fruit originally comes from which country?",
      "It's actually native to China — it was called the Chinese gooseberry.",
      "The kiwi fruit is actually native to China — it was called the Chinese gooseberry.",
    ],
    // (Not a subject with a demonstrative that points back to the context.)
    [
      "A researcher found shark fossils on a mountain. This evidence suggests which of the following about this region?",
      "It was once covered by an ocean.",
      "A researcher found shark fossils on a mountain. It was once covered by an ocean.",
    ],
  ]);
});

test("an instruction whose verb the tagger reads as a subject before a participle: 'mix coarsely ground coffee'", () => {
  assertStatements([
    [
      "How do you make cold brew coffee?",
      "Easy: 1. mix coarsely ground coffee with cold water 2. leave it in the fridge overnight 3. strain it",
      "To make cold brew coffee, mix coarsely ground coffee with cold water, leave it in the fridge overnight and strain it.",
    ],
    [
      "How do you make tea?",
      "Pour boiled water over a tea bag and wait three minutes.",
      "To make tea, pour boiled water over a tea bag and wait three minutes.",
    ],
  ]);
});

test("'that's what makes it …' and 'called that' get the question's words back", () => {
  assertStatements(
    [
      [
        "What makes a kettle whistle?",
        "Steam forced through the spout makes the air vibrate, and that's what makes it whistle.",
        "Steam forced through the spout makes the air vibrate, and that's what makes a kettle whistle.",
      ],
      [
        "What causes thunder?",
        "Lightning heats the air so fast that it expands explosively, and that's what causes it.",
        "Lightning heats the air so fast that it expands explosively, and that's what causes thunder.",
      ],
      [
        "What makes popcorn pop?",
        "The water inside each kernel turns to steam until the hull bursts — that's what makes it pop.",
        "The water inside each kernel turns to steam until the hull bursts — that's what makes popcorn pop.",
      ],
      [
        "Who is known as the father of computers?",
        "Charles Babbage is often called that.",
        "Charles Babbage is often called the father of computers.",
      ],
      ["Who is called the Maid of Orléans?", "Joan of Arc is known by that name.", "Joan of Arc is known as the Maid of Orléans."],
    ],
    true,
  );
  // (Words after the pronoun that are not the question's: the rules' statement, not the answer's.)
  assertStatements([
    ["What makes bread rise?", "Yeast — that's what makes it soft.", "Yeast makes bread rise — that's what makes it soft."],
  ]);
});

test("a capitalised plural answer that is a common noun takes a plural verb; a name in -s does not", () => {
  assertStatements([
    ["Which blood vessels carry blood back to the heart?", "Veins", "Veins carry blood back to the heart."],
    ["Which organs filter the blood?", "Kidneys", "Kidneys filter the blood."],
    ["Which animal is the tallest?", "Giraffes", "Giraffes are the tallest animal."],
    ["Which swimmer holds the most Olympic gold medals?", "Phelps", "Phelps holds the most Olympic gold medals."],
    ["Which city hosts the headquarters of the Red Cross?", "Geneva", "Geneva hosts the headquarters of the Red Cross."],
  ]);
});

test("an asker's amount question whose wh-phrase is the object is not made passive of its adjunct", () => {
  assertStatements([
    ["How much water should we drink a day?", "We should drink about two litres.", "We should drink about two litres of water a day."],
    ["How much water should we drink a day?", "About two litres.", "We should drink about two litres of water a day."],
    // (The object after the verb still takes the passive.)
    [
      "How long should I rest a steak after cooking it?",
      "Five to ten minutes.",
      "A steak should be rested for five to ten minutes after cooking it.",
    ],
  ]);
});

test("flags: a stop after a quotation's stop, 'because of' before a clause, a possessive on the answer's year", () => {
  const cases: [string, string, string, string][] = [
    [
      'How do you say "please" in Italian?',
      'You say "per favore."',
      'To say "please" in Italian, say "per favore.".',
      "a stop after a quotation's stop",
    ],
    [
      "Why do raisins rise in fizzy lemonade?",
      "The gas bubbles stuck to them make them less dense than the lemonade.",
      "Raisins rise in fizzy lemonade because of the gas bubbles stuck to them make them less dense than the lemonade.",
      '"because of" before a clause',
    ],
    [
      "Whose idea was reviving the Olympic Games?",
      "It was Pierre de Coubertin's; he founded the IOC in 1894.",
      "Pierre de Coubertin's; he founded the IOC in 1894's idea was reviving the Olympic Games.",
      "a possessive on the answer's year",
    ],
  ];
  for (const [question, answer, statement, doubt] of cases)
    assert.ok(
      statementDoubts(question, answer, statement).some((d) => d.includes(doubt)),
      statement,
    );
  // (Not where the quotation ends with its own mark, nor where "because of" is the question's, nor a reason said with a pronoun.)
  const fine: [string, string, string][] = [
    [
      "What is Sojourner Truth known for?",
      'Her 1851 speech "Ain\'t I a Woman?"',
      'Sojourner Truth is known for her 1851 speech "Ain\'t I a Woman?".',
    ],
    [
      "Why do beavers matter to an ecosystem?",
      "The changes they make.",
      "Beavers matter to an ecosystem because of the changes they make.",
    ],
  ];
  for (const [question, answer, statement] of fine) assert.deepEqual(statementDoubts(question, answer, statement), [], statement);
});

test("object pronouns: the question's subject for 'it' after the question's verb; not for an 'it' after a noun of the answer's own", () => {
  assertStatements(
    [
      ["When was the first iPhone released?", "Apple released it in June 2007.", "Apple released the first iPhone in June 2007."],
      ["When were the pyramids built?", "The Egyptians built them around 2500 BC.", "The Egyptians built the pyramids around 2500 BC."],
      [
        "How does a refrigerator keep food cold?",
        "It pumps a refrigerant that absorbs heat inside and releases it outside.",
        "A refrigerator pumps a refrigerant that absorbs heat inside and releases it outside to keep food cold.",
      ],
      ["How do plants get water?", "They absorb it through their roots.", "Plants absorb water through their roots."],
    ],
    true,
  );
});

test("a gerund's phrase before an -s verb the tagger read as a noun is a clause; a why-question's adjective must be said to restate it", () => {
  assertStatements(
    [
      [
        "Why do onions make you cry?",
        "Cutting them releases a gas that irritates your eyes.",
        "Onions make you cry because cutting them releases a gas that irritates your eyes.",
      ],
      [
        "Why is sugar bad for teeth?",
        "Eating too much sugar causes tooth decay.",
        "Sugar is bad for teeth because eating too much sugar causes tooth decay.",
      ],
      [
        "Why is Lake Natron dangerous to most animals?",
        "Lake Natron's water is so alkaline that it can burn the skin and eyes of animals that aren't adapted to it.",
        "Lake Natron's water is so alkaline that it can burn the skin and eyes of animals that aren't adapted to it.",
      ],
    ],
    true,
  );
});

test("yes/no and counts: 'still' gives way to 'anymore', a limited no's repeated 'no' goes, '1,440' is plural", () => {
  assertStatements(
    [
      [
        "Is Pluto still a planet?",
        "Not anymore — it was reclassified as a dwarf planet in 2006.",
        "Pluto is not a planet anymore — it was reclassified as a dwarf planet in 2006.",
      ],
      [
        "Can you see the Great Wall of China from space?",
        "Not with the naked eye, no.",
        "You cannot see the Great Wall of China from space with the naked eye.",
      ],
      ["How many minutes are there in a day?", "There are 1,440.", "There are 1,440 minutes in a day."],
      ["How many moons does Earth have?", "1", "Earth has 1 moon."],
    ],
    true,
  );
});

test("an answer's amount after 'with', a time range or 'by far' goes after the question's words, after the answer's comma", () => {
  assertStatements(
    [
      ["Which country has the most people?", "India, with over 1.4 billion.", "India has the most people, with over 1.4 billion."],
      [
        "What language has the most native speakers?",
        "Mandarin Chinese, with nearly a billion.",
        "Mandarin Chinese has the most native speakers, with nearly a billion.",
      ],
      [
        "Who painted the ceiling of the Sistine Chapel?",
        "Michelangelo, between 1508 and 1512.",
        "Michelangelo painted the ceiling of the Sistine Chapel, between 1508 and 1512.",
      ],
      [
        "Who painted the ceiling of the Sistine Chapel?",
        "Michelangelo did, between 1508 and 1512.",
        // (So after "did": stop 51's blind sets keep the answer's comma, 10 of the 14 human-written references with "X did, in …".)
        "Michelangelo painted the ceiling of the Sistine Chapel, between 1508 and 1512.",
      ],
      // (A participle's phrase with a year in it keeps its comma.)
      [
        "Which was the first web browser?",
        "WorldWideWeb was the first, written by Tim Berners-Lee in 1990.",
        "WorldWideWeb was the first web browser, written by Tim Berners-Lee in 1990.",
      ],
    ],
    true,
  );
});

test("'from it' after the question's own preposition gets the question's noun back", () => {
  assertStatements(
    [
      ["Which vitamin do we get from sunlight?", "We get vitamin D from it.", "We get vitamin D from sunlight."],
      ["What do bees make from nectar?", "They make honey from it.", "Bees make honey from nectar."],
      ["What do people make from grapes?", "They make wine from them.", "People make wine from grapes."],
    ],
    true,
  );
});

test("'almost all of them', an appositive after 'specifically', and a viewpoint adverb on a yes", () => {
  assertStatements(
    [
      [
        "Where do penguins live?",
        "Almost all of them live in the Southern Hemisphere, mostly around Antarctica.",
        "Almost all penguins live in the Southern Hemisphere, mostly around Antarctica.",
      ],
      [
        "Which country invented pizza?",
        "Italy, specifically Naples, in the 18th century.",
        "Italy, specifically Naples, invented pizza in the 18th century.",
      ],
      ["Is the tomato a fruit?", "Botanically, yes.", "The tomato is botanically a fruit."],
      ["Is the tomato a fruit?", "Technically yes, because it has seeds.", "The tomato is technically a fruit because it has seeds."],
    ],
    true,
  );
});

test("'what happened' and 'what went wrong' take the answer's clause; a way is said with 'to' before an instruction", () => {
  assertStatements([
    ["What happened to the dinosaurs?", "They died out 66 million years ago.", "The dinosaurs died out 66 million years ago."],
    [
      "What happens at the boiling point of a substance?",
      "liquid becomes a gas",
      "Liquid becomes a gas at the boiling point of a substance.",
    ],
    ["What went wrong with the Challenger launch?", "An O-ring seal failed in the cold.", "An O-ring seal failed in the cold."],
    [
      "What is the best way to store fresh herbs?",
      "Treat soft herbs like flowers — trim the stems and stand them in water.",
      "The best way to store fresh herbs is to treat soft herbs like flowers — trim the stems and stand them in water.",
    ],
    ["What is the best way to get to Paris?", "The Eurostar from London.", "The best way to get to Paris is the Eurostar from London."],
  ]);
});

test("a case phrase before a what-answer's reply goes first: 'In a vacuum, the speed of light is …'", () => {
  assertStatements(
    [
      [
        "What is the speed of light?",
        "In a vacuum, about 300,000 km per second.",
        "In a vacuum, the speed of light is about 300,000 km per second.",
      ],
      ["What is the boiling point of water?", "At sea level, 100 °C.", "At sea level, the boiling point of water is 100 °C."],
      [
        "What are the three primary colours?",
        "In painting, red, yellow and blue.",
        "In painting, the three primary colours are red, yellow and blue.",
      ],
    ],
    true,
  );
  // (Not a place that answers where, nor a year.)
  assertStatements([
    ["Where is the Eiffel Tower?", "In Paris, on the Champ de Mars.", "The Eiffel Tower is in Paris, on the Champ de Mars."],
    ["What year did the war end?", "In 1945, after six years.", "The war ended in 1945, after six years."],
  ]);
});

test("a passive question's subject for the answer's 'it' after any verb of its own, why-questions too", () => {
  assertStatements(
    [
      [
        "When was the Magna Carta signed?",
        "King John sealed it in June 1215 at Runnymede.",
        "King John sealed the Magna Carta in June 1215 at Runnymede.",
      ],
      [
        "Why was the Colosseum built?",
        "The emperors built it to entertain the people.",
        "The emperors built the Colosseum to entertain the people.",
      ],
    ],
    true,
  );
});

test("the head of a subject past a participle before it keeps a language's capital; one of a kind is singular", () => {
  assertStatements([
    [
      "What is the most spoken language in the world?",
      "English, if you count second-language speakers.",
      "The most spoken language in the world is English, if you count second-language speakers.",
    ],
    ["Name one endangered species.", "mountain gorilla", "One endangered species is mountain gorilla."],
  ]);
});

test("a statement that opens with 'Its' or 'Their' gets the question's subject as the owner, and a possessive says its noun", () => {
  assertStatements(
    [
      [
        "How does a compass work?",
        "Its magnetised needle lines up with Earth's magnetic field, so it points north.",
        "A compass's magnetised needle lines up with Earth's magnetic field, so it points north.",
      ],
      ["How much does the Earth weigh?", "Its mass is about 5.97 × 10^24 kg.", "The Earth's mass is about 5.97 × 10^24 kg."],
      ["How do bees make honey?", "Their stomachs turn nectar into honey.", "Bees' stomachs turn nectar into honey."],
    ],
    true,
  );
});

test("a clause the tagger misread, put before the question's predicate, is flagged; a noun phrase with a participle is not", () => {
  const made = reformulate(
    "What makes the Northern Lights?",
    "Charged particles from the Sun hit gases in our atmosphere and make them glow.",
  );
  assert.ok(made.doubts.includes("a clause answer as the subject"), made.statement);
  assert.deepEqual(reformulate("What floats on water?", "A ship made of steel.").doubts, []);
  assert.deepEqual(
    reformulate(
      "Which two body systems are directly involved in movement?",
      "The muscular and skeletal systems, where the skeletal system provides the framework.",
    ).doubts,
    [],
  );
});

test("a listed subject before its verb is a clause, not a list the question's words are put around", () => {
  assertStatements([
    [
      "The brain, spinal cord, and nerves are organs that perform which primary function?",
      "The brain, spinal cord, and nerves help digest food.",
      "The brain, spinal cord, and nerves help digest food.",
    ],
    // (A phrase and a clause after "and" is no list.)
    [
      "What is the charge of an electron?",
      "negative, and electrons orbit the nucleus",
      "The charge of an electron is negative, and electrons orbit the nucleus.",
    ],
  ]);
  const made = reformulate("What are the symptoms of dehydration?", "Thirst, dark urine, tiredness and dizziness are the most common.");
  assert.equal(made.statement, "Thirst, dark urine, tiredness and dizziness are the most common.");
  assert.ok(made.flagged, "the question's noun is missing, and flagged");
});

test("'most of them' for a singular kind with 'a' makes it plural; an irregular one is flagged", () => {
  assertStatements(
    [["How long does a hummingbird live?", "Most of them live three to five years.", "Most hummingbirds live three to five years."]],
    true,
  );
  const made = reformulate("How long does a goldfish live?", "Most of them live ten years.");
  assert.ok(
    made.doubts.some((d) => d.includes("of them")),
    made.statement,
  );
});

test("'What do you call someone who …?' is said impersonally, as for any noun", () => {
  assertStatements(
    [
      ["What do you call someone who studies rocks?", "A geologist.", "Someone who studies rocks is called a geologist."],
      [
        "What do you call someone who studies earthquakes?",
        "That's a seismologist.",
        "Someone who studies earthquakes is called a seismologist.",
      ],
    ],
    true,
  );
});

test("'one' of the kind asked for, and a quantifier right before the question's verb", () => {
  assertStatements(
    [
      // (Stop 46: an example stays one, as the helpers' references write it.)
      [
        "Give me an example of a renewable energy source.",
        "Wind power is a good one.",
        "Wind power is a good example of a renewable energy source.",
      ],
      [
        "Give an example of a prime number greater than 100.",
        "101 is the smallest one.",
        "101 is the smallest prime number greater than 100.",
      ],
      ["How long do cats live?", "Most live 12 to 18 years.", "Most cats live 12 to 18 years."],
      [
        "How much sleep do teenagers need?",
        "Most need eight to ten hours a night.",
        "Most teenagers need eight to ten hours a night of sleep.",
      ],
    ],
    true,
  );
});
