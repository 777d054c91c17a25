/**
 * Statements of answers that lean on the question, stop 46 (issue 23): rules found on four new development sets written blind by
 * helpers (lean-34 to lean-37), two new labelled flag batches and samples of CAP-Correctness statements. Each rule is shown where it
 * applies and where it must not.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { reformulate } from "../lib/statements/builtin.js";
import { assertStatements } from "./support/statement-cases.js";

test("'he' or 'she' for a named owner is the owner, not the thing owned", () => {
  assertStatements(
    [
      [
        "What was Schopenhauer's attitude toward life?",
        "He thought life was bereft of meaning.",
        "Schopenhauer thought life was bereft of meaning.",
      ],
      ["What is Marie Curie's legacy?", "She pioneered research on radioactivity.", "Marie Curie pioneered research on radioactivity."],
    ],
    true,
  );
  // (Not a person owned: "Lincoln's mother" is the "she".)
  assert.equal(
    reformulate("What was Lincoln's mother's name?", "She was called Nancy Hanks.").statement.startsWith("Lincoln's mother"),
    true,
  );
});

test("an asker's word on the asking goes where the question stands on its own; a situation stays", () => {
  assertStatements(
    [
      [
        "I'm writing a school report on volcanoes. Where is Mount Kilimanjaro?",
        "It's in Tanzania, near the border with Kenya.",
        "Mount Kilimanjaro is in Tanzania, near the border with Kenya.",
      ],
      [
        "My daughter asked me this at dinner. Why is the sky blue?",
        "Great question! It's because air molecules scatter blue light more strongly than red light.",
        "The sky is blue because air molecules scatter blue light more strongly than red light.",
      ],
    ],
    true,
  );
  // (A situation the question leans on, or a question with the asker in it, keeps its context.)
  assert.match(
    reformulate("I'm planning to hike Kilimanjaro next year. How long does the climb take?", "Most routes take 5 to 9 days.").statement,
    /^I'm planning to hike Kilimanjaro next year\. /,
  );
  assert.match(reformulate("I keep seeing this in quizzes. Can I name it?", "Yes.").statement, /^I keep seeing this in quizzes\. /);
});

test("a verb of becoming keeps its adjective; 'what gives' asks for a subject", () => {
  assertStatements(
    [
      ["Why does a cut apple turn brown?", "Since enzymes react with oxygen.", "A cut apple turns brown since enzymes react with oxygen."],
      ["Why does bread go stale?", "Because starch recrystallises.", "Bread goes stale because starch recrystallises."],
      ["What gives blood its red colour?", "Haemoglobin", "Haemoglobin gives blood its red colour."],
      ["What helps plants grow?", "Sunlight and water.", "Sunlight and water help plants grow."],
    ],
    true,
  );
  // (A noun read as the verb is still moved on: "Did the Dutch tulip bubble burst?")
  assert.equal(reformulate("Does the Dutch tulip bubble burst?", "Yes.").statement, "The Dutch tulip bubble bursts.");
});

test("a preposition stranded after the object takes the answer; so does 'to do'", () => {
  assertStatements(
    [
      ["What did Louis Pasteur develop a vaccine against in 1885?", "Rabies.", "Louis Pasteur developed a vaccine against rabies in 1885."],
      [
        "What did Usain Bolt run the 100 metres in at the 2009 World Championships?",
        "9.58 seconds.",
        "Usain Bolt ran the 100 metres in 9.58 seconds at the 2009 World Championships.",
      ],
      ["What did Rosa Parks refuse to do in 1955?", "To give up her bus seat.", "Rosa Parks refused to give up her bus seat in 1955."],
      [
        "What did Rosa Parks refuse to do in 1955?",
        "Move to the back of the bus.",
        "Rosa Parks refused to move to the back of the bus in 1955.",
      ],
    ],
    true,
  );
  // (A verb's own preposition before the gap is as before: "What do caterpillars turn into?")
  assert.equal(reformulate("What do caterpillars turn into?", "Butterflies.").statement, "Caterpillars turn into butterflies.");
});

test("an emphatic no keeps its adverb on the verb; a definite phrase takes no measure adjective", () => {
  assertStatements(
    [
      [
        "Is it safe to mix bleach and ammonia?",
        "Absolutely not. Together they release toxic vapours.",
        "It is absolutely not safe to mix bleach and ammonia. Together they release toxic vapours.",
      ],
      [
        "Can dogs eat grapes?",
        "Definitely not — they can cause kidney failure.",
        "Dogs definitely cannot eat grapes — they can cause kidney failure.",
      ],
      [
        "How long is a light-year?",
        "It's the distance light travels in one year — about 9.46 trillion kilometres.",
        "A light-year is the distance light travels in one year — about 9.46 trillion kilometres.",
      ],
      ["How tall is the Eiffel Tower?", "About 330 metres.", "The Eiffel Tower is about 330 metres tall."],
    ],
    true,
  );
  // ("Absolutely." alone is a yes.)
  assert.equal(reformulate("Is the Sun a star?", "Absolutely.").statement, "The Sun is a star.");
});

test("a pronoun and its auxiliary after a yes or no say it again, and go", () => {
  assertStatements(
    [
      [
        "Should I wash raw chicken before cooking it?",
        "No, you shouldn't. Washing it can splash bacteria around your sink.",
        "Raw chicken should not be washed before cooking it. Washing it can splash bacteria around your sink.",
      ],
      ["Do penguins fly?", "No, they don't.", "Penguins do not fly."],
    ],
    true,
  );
  // (A clause of its own after the yes stays: "Thaw it in the fridge.")
  assert.equal(
    reformulate("Can I freeze milk?", "Yes, you can. Thaw it in the fridge.").statement,
    "Milk can be frozen. Thaw it in the fridge.",
  );
});

test("a phrase answer's afterthought goes after the question's words; a counted noun keeps its adjective", () => {
  assertStatements(
    [
      [
        "How long does it take the Moon to orbit Earth?",
        "About 27.3 days, roughly.",
        "It takes the Moon about 27.3 days to orbit Earth, roughly.",
      ],
      ["What year did Bayer first make aspirin?", "1897, I think.", "Bayer first made aspirin in 1897, I think."],
      ["What do koalas eat?", "Eucalyptus leaves, almost exclusively.", "Koalas eat eucalyptus leaves, almost exclusively."],
      [
        "How many hours of direct sun do tomato plants need?",
        "At least 6–8 hours a day.",
        "Tomato plants need at least 6–8 hours of direct sun a day.",
      ],
      [
        "I keep seeing this in quizzes. What is the smallest planet in our solar system?",
        "That would be Mercury.",
        "The smallest planet in our solar system is Mercury.",
      ],
    ],
    true,
  );
  // (At the end of the statement the afterthought stays where it was.)
  assert.equal(reformulate("What do giraffes eat?", "Acacia leaves.").statement, "Giraffes eat acacia leaves.");
});

test("a hyphenated word of common parts, or an unknown word in -ture, -ment, -ity, loses the capital that opened the answer", () => {
  assertStatements(
    [
      [
        "What does the Fifth Amendment protect against?",
        "Self-incrimination, among other things.",
        "The Fifth Amendment protects against self-incrimination, among other things.",
      ],
      ["What does the word 'ephemeral' mean?", "Short-lived.", "The word 'ephemeral' means short-lived."],
      ["What does a thermometer measure?", "Temperature.", "A thermometer measures temperature."],
    ],
    true,
  );
  // (A name's compound keeps it: neither lexicon knows "Fibonacci" as a common word.)
  assert.match(
    reformulate("Name a sequence defined by adding the two previous terms.", "Fibonacci-type sequence").statement,
    /Fibonacci-type/,
  );
});

test("'how long' a state lasts: the adjective, then 'for' the time", () => {
  assertStatements(
    [
      ["How long is an elephant pregnant?", "About 22 months.", "An elephant is pregnant for about 22 months."],
      ["How long is cooked rice safe?", "About four days in the fridge.", "Cooked rice is safe for about four days in the fridge."],
    ],
    true,
  );
  // (A length is as before.)
  assert.equal(reformulate("How long is the Nile?", "About 6,650 km.").statement, "The Nile is about 6,650 km long.");
});

test("a short reply's clause after 'and' or a semicolon follows the statement; names in a list keep their capitals", () => {
  assertStatements(
    [
      [
        "Which amendment to the US Constitution abolished slavery?",
        "The 13th Amendment did, and it was ratified in 1865.",
        "The 13th Amendment to the US Constitution abolished slavery, and it was ratified in 1865.",
      ],
      [
        "Which scale is used to rate hurricane strength in the US?",
        "That's the Saffir–Simpson scale; it rates hurricanes by wind speed.",
        "The Saffir–Simpson scale is used to rate hurricane strength in the US; it rates hurricanes by wind speed.",
      ],
      ["How many moons does Mars have?", "Two:\n- Phobos\n- Deimos", "Mars has two moons: Phobos and Deimos."],
      [
        "How many keys does a standard piano have?",
        "A standard piano has 88 — 52 white and 36 black.",
        "A standard piano has 88 keys — 52 white and 36 black.",
      ],
    ],
    true,
  );
  // (Common plurals the lexicons do not know are lowered as before.)
  assert.equal(
    reformulate("Give me three good plants for a shady garden.", "Try these:\n- Hostas\n- Ferns\n- Hellebores").statement,
    "Three good plants for a shady garden are hostas, ferns and hellebores.",
  );
});

test("a count's own place phrase says the question's; a modal before 'be' hedges the question's predicate", () => {
  assertStatements(
    [
      ["How many bits are in a byte?", "There are 8 of them in a standard byte.", "There are 8 bits in a standard byte."],
      ["How many bones are in the human body?", "There are 206 in an adult body.", "There are 206 bones in an adult body."],
      ["Is coffee bad for you?", "It can be, in large amounts.", "Coffee can be bad for you in large amounts."],
      ["Are wolves dangerous to humans?", "They can be, but attacks are rare.", "Wolves can be dangerous to humans, but attacks are rare."],
      [
        "My kid keeps asking me this. Why do we have eyebrows?",
        "Great question! They help keep sweat and rain out of your eyes.",
        "We have eyebrows because they help keep sweat and rain out of your eyes.",
      ],
    ],
    true,
  );
  // (A bare number takes the question's place as before.)
  assert.equal(reformulate("How many bones are in the human body?", "206.").statement, "There are 206 bones in the human body.");
});

test("a middle initial ends no sentence; a passive's count of times goes after its complement; 'once' says its own noun", () => {
  assertStatements(
    [
      [
        "How many times was Franklin D. Roosevelt elected president?",
        "Four times.",
        "Franklin D. Roosevelt was elected president four times.",
      ],
      ["How many times was Rome sacked?", "Several times.", "Rome was sacked several times."],
      ["How many times was Babe Ruth named MVP?", "Once.", "Babe Ruth was named MVP once."],
      [
        "Whom did Robert E. Lee surrender to at Appomattox?",
        "Ulysses S. Grant",
        "Robert E. Lee surrendered to Ulysses S. Grant at Appomattox.",
      ],
    ],
    true,
  );
  // (An active count of times is as before.)
  assert.equal(
    reformulate("How many times has Brazil won the World Cup?", "Five times.").statement,
    "Brazil has won the World Cup five times.",
  );
});

test("a noun's participle phrase is closed before the question's words; after a measure it goes to the end", () => {
  assertStatements(
    [
      [
        "What company did Google acquire in 2005 to get Android?",
        "Android Inc., founded by Andy Rubin and others.",
        "Google acquired Android Inc., founded by Andy Rubin and others, in 2005 to get Android.",
      ],
      [
        "How long should I boil an egg for a runny yolk?",
        "About 6 minutes, lowered into water that's already boiling.",
        "An egg should be boiled for about 6 minutes for a runny yolk, lowered into water that's already boiling.",
      ],
      [
        "In which folder does Windows save downloads by default?",
        "The Downloads folder.",
        "Windows saves downloads in the Downloads folder by default.",
      ],
      [
        "What year was the first commercially available microwave oven introduced?",
        "1947.",
        "The first commercially available microwave oven was introduced in 1947.",
      ],
    ],
    true,
  );
  // (At the end of the statement the phrase needs no closing comma.)
  assert.equal(reformulate("What did Google acquire?", "YouTube, founded in 2005.").statement, "Google acquired YouTube, founded in 2005.");
});

test("an instruction named as an example of a habit or tip takes 'to'; a list of steps and CAP-Statements' first step stay bare", () => {
  assertStatements(
    [
      [
        "Give an example of a strong password habit.",
        "Use a long passphrase of four or more random words.",
        "An example of a strong password habit is to use a long passphrase of four or more random words.",
      ],
    ],
    true,
  );
  assert.equal(
    reformulate(
      "What are the three steps of the test-driven development cycle?",
      "write a failing test, write just enough code to make it pass and refactor",
    ).statement,
    "The three steps of the test-driven development cycle are write a failing test, write just enough code to make it pass and refactor.",
  );
  assert.equal(
    reformulate("What is the first step in designing a product?", "identify the need or want").statement,
    "The first step in designing a product is identify the need or want.",
  );
});

test("a measure after a subject's phrase of place is the predicate; 'Roughly, yes' hedges the yes", () => {
  assertStatements(
    [
      [
        "Is the boiling point of water at sea level 100 degrees Celsius?",
        "Yes.",
        "The boiling point of water at sea level is 100 degrees Celsius.",
      ],
      ["Is the speed of light in a vacuum 300,000 km/s?", "Roughly, yes.", "The speed of light in a vacuum is roughly 300,000 km/s."],
    ],
    true,
  );
  // (A place after the subject is the predicate, as before.)
  assert.equal(reformulate("Is the capital of France in Europe?", "Yes.").statement, "The capital of France is in Europe.");
  assert.equal(reformulate("Is the population of Tokyo over 10 million?", "Yes.").statement, "The population of Tokyo is over 10 million.");
});

test("'X is a great one' names one of the question's things; a concession before a phrase opens the statement", () => {
  assertStatements(
    [
      [
        "Name one herb that grows well indoors on a windowsill.",
        "Basil is a great one.",
        "Basil is a great herb that grows well indoors on a windowsill.",
      ],
      ["Name a planet with rings.", "Saturn is the obvious one.", "Saturn is the obvious planet with rings."],
      [
        "How long did the Hundred Years' War last?",
        "Despite the name, 116 years — from 1337 to 1453.",
        "Despite the name, the Hundred Years' War lasted 116 years — from 1337 to 1453.",
      ],
    ],
    true,
  );
  // ("Short version:" frames the answer; the clause that follows is flagged, for it leaves the question's words out.)
  const short = reformulate("How does a bill become law in the US?", "Short version: both houses pass it and the president signs it.");
  assert.equal(short.statement, "Both houses pass it and the president signs it.");
  assert.ok(short.flagged);
});

test("'Explain what X was', 'Tell me who X was' ask 'What was X?'; a hyphenated prefix word loses the capital; 'is imagine' is flagged", () => {
  assertStatements(
    [
      [
        "Explain what the Marshall Plan was.",
        "A US aid program that helped rebuild Western European economies after World War II.",
        "The Marshall Plan was a US aid program that helped rebuild Western European economies after World War II.",
      ],
      [
        "Tell me who Cleopatra was.",
        "She was the last active ruler of the Ptolemaic Kingdom of Egypt.",
        "Cleopatra was the last active ruler of the Ptolemaic Kingdom of Egypt.",
      ],
      [
        "Briefly describe what Samuel Morse is known for.",
        "Co-developing the telegraph and Morse code.",
        "Samuel Morse is known for co-developing the telegraph and Morse code.",
      ],
    ],
    true,
  );
  // (So is "Explain what makes the sky blue.": "What makes the sky blue?")
  assert.equal(
    reformulate("Explain what makes the sky blue.", "Rayleigh scattering.").statement,
    "Rayleigh scattering makes the sky blue.",
  );
  // (An instruction after "is", which an opener or a comment kept out of the statement's copy of the answer, is flagged.)
  assert.ok(
    reformulate("Explain what a solstice is.", "Imagine the longest day of the year.").doubts.includes(
      "reads: an instruction used as a noun",
    ),
  );
});

test("an asker's situation goes before a question that names its own thing; a chat answer's sign-off goes; the answer's 'the' before a superlative", () => {
  assertStatements(
    [
      [
        "I'm training for my first marathon. How far is a marathon?",
        "26.2 miles (42.195 km). Good luck with your training!",
        "A marathon is 26.2 miles (42.195 km).",
      ],
      [
        "My son just started piano lessons. How many black keys does a standard piano have?",
        "36 — the other 52 are white.",
        "A standard piano has 36 black keys — the other 52 are white.",
      ],
      ["Which planet is closest to the Sun?", "Mercury is the closest.", "Mercury is the closest planet to the Sun."],
      [
        "Which element has the chemical symbol Fe?",
        "Iron (from the Latin ferrum).",
        "Iron (from the Latin ferrum) has the chemical symbol Fe.",
      ],
    ],
    true,
  );
  // (A question that leans on the situation keeps it: "the climb", "the best time to go", "What's wrong?".)
  for (const [question, answer] of [
    ["I'm planning to hike Kilimanjaro next year. How long does the climb take?", "Most routes take 5 to 9 days."],
    ["I'm planning a trip to Petra next year. When is the best time to go?", "Spring or autumn."],
    ["My basil plant keeps wilting. What's wrong?", "Probably overwatering."],
  ])
    assert.match(reformulate(question, answer).statement, /^(?:I'm|My) /, question);
  // (A bracketed time still goes last.)
  assert.equal(
    reformulate("Who discovered radium?", "Marie and Pierre Curie (in 1898).").statement,
    "Marie and Pierre Curie discovered radium (in 1898).",
  );
});

test("'Tell me who painted X' asks 'Who painted X?'; 'That happened on …' gives a when-question its time; ';' after a short reply", () => {
  assertStatements(
    [
      ["Tell me who painted The Starry Night.", "Vincent van Gogh, in 1889.", "Vincent van Gogh painted The Starry Night, in 1889."],
      [
        "When did humans first land on the Moon?",
        "That happened on July 20, 1969, during the Apollo 11 mission.",
        "Humans first landed on the Moon on July 20, 1969, during the Apollo 11 mission.",
      ],
      [
        "Which organ produces bile?",
        "The liver does; the gallbladder just stores it.",
        "The liver produces bile; the gallbladder just stores it.",
      ],
      [
        "What year was the euro introduced?",
        "As an accounting currency, it was introduced in 1999.",
        "As an accounting currency, the euro was introduced in 1999.",
      ],
    ],
    true,
  );
  // (To a yes/no question "It happened in …" is the answer's clause.)
  assert.match(reformulate("Did the Moon landing happen?", "It happened in 1969.").statement, /1969/);
});

test("a verb of causing that the tagger reads as a noun after the subject's noun ends the subject", () => {
  assertStatements(
    [
      [
        "Which statement explains why daylight and darkness occur on Earth?",
        "Earth's rotation on its axis causes day and night cycles",
        "Daylight and darkness occur on Earth because Earth's rotation on its axis causes day and night cycles.",
      ],
    ],
    true,
  );
});

test("a verb's -s form opening a subject answer is flagged", () => {
  assert.ok(
    reformulate("Which feature is a physical property of copper?", "conducts electricity").doubts.includes(
      "a clause answer as the subject",
    ),
  );
  // (A plural noun is not: "Magnets attract iron.")
  assert.deepEqual(reformulate("Which objects attract iron?", "magnets").doubts, []);
});

test("a name in -en is no participle; 'Traditionally' hedges; a base form after a plural is its verb; a game is named", () => {
  assertStatements(
    [
      ["Who directed the film Jaws?", "That was Steven Spielberg.", "Steven Spielberg directed the film Jaws."],
      [
        "When did the Western Roman Empire fall?",
        "Traditionally in 476 AD, when Romulus Augustulus was deposed.",
        "The Western Roman Empire traditionally fell in 476 AD, when Romulus Augustulus was deposed.",
      ],
      ["Did the Romans use concrete?", "Yes, and a lot of it.", "The Romans used concrete, and a lot of it."],
      ["Give an example of a cooperative board game.", "Pandemic.", "An example of a cooperative board game is Pandemic."],
      ["How many senators does each US state have?", "Two.", "Each US state has two senators."],
    ],
    true,
  );
  // (A noun read as the verb after a singular noun moves on as before; a name with its relative clause keeps the clause.)
  assert.equal(reformulate("Did the Dutch tulip bubble burst?", "Yes.").statement, "The Dutch tulip bubble burst.");
  assert.match(
    reformulate("Who was the longest-reigning British monarch?", "That's Queen Elizabeth II, who reigned for 70 years.").statement,
    /, who reigned for 70 years\.$/,
  );
});

test("'a good one' for an example stays an example; a quotation is an object; the answer after 'the term \"…\"'", () => {
  assertStatements(
    [
      ["Give an example of a bird that can't fly.", "The emu is a good one.", "The emu is a good example of a bird that can't fly."],
      ['In which sport would you hear the term "peloton"?', "Cycling.", 'You would hear the term "peloton" in cycling.'],
      [
        'To whom does Rick say "Here\'s looking at you, kid" in Casablanca?',
        "To Ilsa.",
        'Rick says "Here\'s looking at you, kid" to Ilsa in Casablanca.',
      ],
    ],
    true,
  );
  // ("the smallest one" is the smallest of the kind.)
  assert.equal(
    reformulate("Give an example of a prime number greater than 100.", "101 is the smallest one.").statement,
    "101 is the smallest prime number greater than 100.",
  );
});

test("an adverb that only says the yes or no again goes ('Yes, always — …', 'No, never.')", () => {
  assertStatements(
    [
      ["Can a pawn move backwards in chess?", "No, never.", "A pawn cannot move backwards in chess."],
      [
        "Is Easter always on a Sunday?",
        "Yes, always — in Western churches it's the first Sunday after the full moon.",
        "Easter is always on a Sunday — in Western churches it's the first Sunday after the full moon.",
      ],
      ["Is Easter always on a Sunday?", "Always.", "Easter is always on a Sunday."],
    ],
    true,
  );
  // (An adverb of its own stays: "It occasionally snows in the Sahara.")
  assert.equal(reformulate("Does it ever snow in the Sahara?", "Yes, occasionally.").statement, "It occasionally snows in the Sahara.");
});

test("'Your X does.' says the question's predicate of the listener's X", () => {
  assertStatements(
    [
      [
        "What regulates the body's sleep-wake cycle?",
        "Your circadian rhythm does.",
        "Your circadian rhythm regulates the body's sleep-wake cycle.",
      ],
    ],
    true,
  );
});
