/**
 * Statements of answers that lean on the question, stop 47 (issue 23): rules found on four new development sets written blind by
 * helpers (lean-42 to lean-45) and three new labelled flag batches (flags-38 to flags-40). Each rule is shown where it applies and where
 * it must not.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { reformulate } from "../lib/statements/builtin.js";
import { statementDoubts } from "../lib/statements/checks.js";
import { assertStatements } from "./support/statement-cases.js";

test("bare nouns between a compound's noun and the final verb go on the subject", () => {
  assertStatements(
    [
      [
        "How much voltage does a standard US wall outlet supply?",
        "About 120 volts.",
        "A standard US wall outlet supplies about 120 volts.",
      ],
      ["What does a car battery charger do?", "It charges the battery.", "A car battery charger charges the battery."],
    ],
    true,
  );
});

test("a unit that names the quantity asked takes no of-phrase; other units do", () => {
  assertStatements(
    [
      ["How much time does it take Earth to turn once?", "Twenty-four hours", "It takes Earth twenty-four hours to turn once."],
      ["How much water should an adult drink a day?", "About two litres", "An adult should drink about two litres of water a day."],
    ],
    false,
  );
});

test("a subject noun's relative clause does not end the subject: the main verb after it makes the answer a clause", () => {
  assertStatements(
    [
      [
        "Who pays an estate tax?",
        "The estate of the person who has died pays the estate tax.",
        "The estate of the person who has died pays the estate tax.",
      ],
    ],
    true,
  );
  // (A phrase with a relative clause and no verb after it stays a phrase: the question's predicate follows it.)
  assert.equal(
    reformulate("Who scored the goal?", "The player who came on as a substitute").statement,
    "The player who came on as a substitute scored the goal.",
  );
});

test("a past the same as its base, after a which-noun and before its object, is the question's verb", () => {
  assertStatements(
    [
      [
        "Which emperor split power among four rulers in the Tetrarchy?",
        "Diocletian",
        "Diocletian split power among four rulers in the Tetrarchy.",
      ],
      ["Which country cut ties with Britain in 1776?", "The United States", "The United States cut ties with Britain in 1776."],
    ],
    true,
  );
});

test("a unit's symbol says the unit a count asks for; a measure's adjective follows the amount", () => {
  assertStatements(
    [
      ["How many kilometres long is the Nile?", "About 6,650 km.", "The Nile is about 6,650 km long."],
      ["How many feet deep is the pool?", "About 12 ft (3.7 m).", "The pool is about 12 ft (3.7 m) deep."],
      [
        "How many millimetres wide is a full-frame sensor?",
        "About 36 mm — full frame is 36 × 24 mm, the same as 35 mm film.",
        "A full-frame sensor is about 36 mm wide — full frame is 36 × 24 mm, the same as 35 mm film.",
      ],
      ["How many metres tall is the Eiffel Tower?", "330", "The Eiffel Tower is 330 metres tall."],
      ["How many grams of oxygen were formed?", "0.7 g", "0.7 g of oxygen were formed."],
    ],
    true,
  );
});

test("a confirmation that only says the yes again goes with the yes", () => {
  assertStatements(
    [
      ["Is the Thames the river that flows through London?", "Yep, that's the one.", "The Thames is the river that flows through London."],
      [
        "Is Paris the capital of France?",
        "Yes, that's right — it has been since 987.",
        "Paris is the capital of France — it has been since 987.",
      ],
    ],
    true,
  );
  // (A confirmation of something else stays: "that's the one I meant" is not a bare yes.)
  assert.equal(
    reformulate("Is this the right key?", "Yes, that's the one for the front door.").statement,
    "This is the right key; that's the one for the front door.",
  );
});

test("a choice of two by a verb's comparison names the other option after 'than', the verb agreeing with the one picked", () => {
  assertStatements(
    [
      [
        "Which uses more power, an electric kettle or an LED bulb?",
        "An electric kettle",
        "An electric kettle uses more power than an LED bulb.",
      ],
      ["Which travels faster, light or sound?", "Light — by a huge margin.", "Light travels faster than sound — by a huge margin."],
      [
        "Which has more fibre, lentils or chickpeas?",
        "Lentils, by a small margin.",
        "Lentils have more fibre than chickpeas, by a small margin.",
      ],
    ],
    true,
  );
  // (No comparison, no "than": "Which came first, …?")
  assert.equal(reformulate("Which came first, the chicken or the egg?", "The egg").statement, "The egg came first.");
});

test("a 'no' that opens a noun phrase is no second no", () => {
  const made = reformulate("Could a 1700s ship of the line sail directly into the wind?", "No; no square-rigged ship could.");
  assert.match(made.statement, /; no square-rigged ship could\.$/);
  // (A no said again after a mark still goes: "Not botanically, no — …".)
  assert.equal(reformulate("Is it safe?", "Not botanically, no — it is not.").statement, "It is not botanically safe.");
});

test("'v.' in a case's name ends no sentence", () => {
  assertStatements(
    [
      [
        "What year did the Supreme Court decide Brown v. Board of Education?",
        "1954.",
        "The Supreme Court decided Brown v. Board of Education in 1954.",
      ],
      [
        "Can the U.S. Supreme Court overturn its own earlier decisions?",
        "Short answer: yes. Dobbs v. Jackson (2022), for example, overturned Roe v. Wade (1973).",
        "The U.S. Supreme Court can overturn its own earlier decisions. Dobbs v. Jackson (2022), for example, overturned Roe v. Wade (1973).",
      ],
    ],
    true,
  );
});

test("'You'd call that X' names what the question asks to be called", () => {
  assertStatements(
    [
      [
        "What would you call two consecutive rhyming lines in a poem?",
        "You'd call that a couplet.",
        "Two consecutive rhyming lines in a poem are called a couplet.",
      ],
      [
        "What do you call the self-finished edge of a woven fabric that stops it from fraying?",
        "You'd call that the selvage (or selvedge).",
        "The self-finished edge of a woven fabric that stops it from fraying is called the selvage (or selvedge).",
      ],
    ],
    true,
  );
});

test("a work said to be 'his best known' is its maker's best known of the kind asked", () => {
  assertStatements(
    [
      [
        "Name one film directed by Akira Kurosawa.",
        "Seven Samurai (1954) is probably his best known.",
        "Seven Samurai (1954) is probably Akira Kurosawa's best known film.",
      ],
      [
        "Name a famous sculpture by Michelangelo.",
        "**David** (1501–1504) is probably his best known — it's over 5 meters tall!",
        "David (1501–1504) is probably Michelangelo's best known sculpture — it's over 5 meters tall.",
      ],
    ],
    true,
  );
});

test("a means said after the answer's comma follows the question's predicate, and its comma stays", () => {
  assertStatements(
    [
      [
        "What gives a criminal suspect in the United States the right to remain silent?",
        "That would be the Fifth Amendment, through its protection against self-incrimination.",
        "The Fifth Amendment gives a criminal suspect in the United States the right to remain silent, through its protection against self-incrimination.",
      ],
      [
        "Who reached the bottom of the Challenger Deep first?",
        "Jacques Piccard and Don Walsh did, aboard the bathyscaphe Trieste in 1960.",
        "Jacques Piccard and Don Walsh reached the bottom of the Challenger Deep first, aboard the bathyscaphe Trieste in 1960.",
      ],
    ],
    true,
  );
  // ("with" often says what the answer's noun has, and stays with it.)
  assert.equal(
    reformulate("Who appoints the justices of the US Supreme Court?", "the President, with the advice and consent of the Senate").statement,
    "The President, with the advice and consent of the Senate, appoints the justices of the US Supreme Court.",
  );
});

test("a place and the country it is in, or an answer's later alternative, is closed by a comma before the verb", () => {
  assertStatements(
    [
      [
        "Which city hosted the first Winter Olympics?",
        "Chamonix, France, in 1924.",
        "Chamonix, France, hosted the first Winter Olympics in 1924.",
      ],
      [
        "Which city is home to the Bank for International Settlements?",
        "Basel, Switzerland",
        "Basel, Switzerland, is home to the Bank for International Settlements.",
      ],
    ],
    true,
  );
  assert.equal(
    reformulate("What replaced wood as the main material for warship hulls in the 19th century?", "Iron, and later steel.").statement,
    "Iron, and later steel, replaced wood as the main material for warship hulls in the 19th century.",
  );
  // (Not a list of two: "Animals, Fungi".)
  assert.doesNotMatch(reformulate("Which kingdoms contain only heterotrophs?", "Animals, Fungi").statement, /Fungi,/);
});

test("a chat answer's one member of a counted kind is 'the' member, as subject or the one named; stuff and CAP-Statements' bare words stay", () => {
  assertStatements(
    [
      ["Which chess piece moves in an L shape?", "Knight.", "The knight moves in an L shape."],
      ["Name one bird that cannot fly.", "Kiwi.", "One bird that cannot fly is the kiwi."],
      ["Which organ filters blood?", "Kidney.", "The kidney filters blood."],
      ["Which gas do plants absorb?", "Carbon dioxide.", "Plants absorb carbon dioxide."],
      ["Which animal eats only plants?", "Rabbit", "Rabbit eats only plants."],
    ],
    false,
  );
});

test("'It can, …' to a do-question keeps the answer's modal", () => {
  assertStatements(
    [
      ["Does cotton shrink in the wash?", "It can, especially in hot water.", "Cotton can shrink in the wash, especially in hot water."],
      ["Do cats eat grass?", "They can.", "Cats can eat grass."],
    ],
    true,
  );
  assert.equal(reformulate("Did Lincoln free the slaves?", "He did, in 1863.").statement, "Lincoln freed the slaves in 1863.");
});

test("the answer's adverb takes the place of the question's adverb of the same kind", () => {
  assertStatements(
    [
      [
        "What do hummingbirds mainly eat?",
        "Mostly flower nectar, but they also eat small insects and spiders for protein.",
        "Hummingbirds eat mostly flower nectar, but they also eat small insects and spiders for protein.",
      ],
      [
        "Do owls really turn their heads all the way around?",
        "Not quite — they can rotate their heads about 270 degrees, not a full 360.",
        "Owls do not quite turn their heads all the way around — they can rotate their heads about 270 degrees, not a full 360.",
      ],
    ],
    true,
  );
  // (A bare no keeps the question's adverb: "do not really turn".)
  assert.equal(
    reformulate("Do owls really turn their heads all the way around?", "No.").statement,
    "Owls do not really turn their heads all the way around.",
  );
});

test("a yes with a degree of the question's comparative grades it", () => {
  assertStatements(
    [
      ["Is an SSD faster than a hard drive?", "Yes, much faster.", "An SSD is much faster than a hard drive."],
      [
        "Is the Sun bigger than Earth?",
        "Yes, far bigger — about 109 times wider.",
        "The Sun is far bigger than Earth — about 109 times wider.",
      ],
      ["Is gold heavier than lead?", "Yes, slightly heavier, by density.", "Gold is slightly heavier than lead, by density."],
    ],
    true,
  );
});

test("a count that is its clause's subject counts the question's noun; an 'it' for the question's subject is flagged", () => {
  assertStatements(
    [
      ["How many oceans are there?", "Five are commonly recognized.", "Five oceans are commonly recognized."],
      [
        "How many Earths would fit inside the Sun?",
        "About 1.3 million Earths would fit inside the Sun.",
        "About 1.3 million Earths would fit inside the Sun.",
      ],
    ],
    true,
  );
  const made = reformulate("How many moons does Mars have?", "Two orbit it: Phobos and Deimos.");
  assert.equal(made.statement, "Two moons orbit it: Phobos and Deimos.");
  assert.ok(made.doubts.includes('context: "it" stands for "mars"'), made.doubts.join("; "));
});

test("an amount of change follows the object with 'by'; a duration follows a continuing verb's gerund with 'for'", () => {
  assertStatements(
    [
      [
        "How much did the 1991 eruption of Mount Pinatubo cool the planet?",
        "About 0.5 °C, for a year or two.",
        "The 1991 eruption of Mount Pinatubo cooled the planet by about 0.5 °C, for a year or two.",
      ],
      [
        "How long did Parícutin keep erupting?",
        "Nine years — from 1943 to 1952.",
        "Parícutin kept erupting for nine years — from 1943 to 1952.",
      ],
      ["How much did prices rise in 2022?", "About 8 percent.", "Prices rose about 8 percent in 2022."],
    ],
    true,
  );
});

test("'the pyroclastic surges': after 'the' and an adjective the tagger calls a noun, an -s word is the plural", () => {
  assertStatements(
    [
      [
        "What killed most of the victims at Pompeii in AD 79?",
        "Probably the pyroclastic surges from Vesuvius.",
        "The pyroclastic surges from Vesuvius probably killed most of the victims at Pompeii in AD 79.",
      ],
      [
        "How does a sundial tell time?",
        "A sundial tells time by the position of the shadow.",
        "A sundial tells time by the position of the shadow.",
      ],
    ],
    true,
  );
});

test("a bracketed clause after the answer's name goes after the statement; a possessive appositive is closed by a comma", () => {
  assertStatements(
    [
      [
        'Who wrote "The Raven"?',
        "That would be Edgar Allan Poe (it was published in 1845).",
        'Edgar Allan Poe wrote "The Raven" (it was published in 1845).',
      ],
      [
        "Whom did Edward Jenner first inoculate with cowpox in 1796?",
        "James Phipps, his gardener's eight-year-old son.",
        "Edward Jenner first inoculated James Phipps, his gardener's eight-year-old son, with cowpox in 1796.",
      ],
    ],
    true,
  );
});

test("a measure's adjective after a counted unit is no verb; an 'it' for a how-long question's subject is flagged", () => {
  assertStatements(
    [
      [
        "How long is the Nile?",
        "It's roughly 6,650 kilometres long, though estimates vary depending on how you measure it.",
        "The Nile is roughly 6,650 kilometres long, though estimates vary depending on how you measure it.",
      ],
    ],
    true,
  );
  const made = reformulate("How long was Argentinosaurus?", "Estimates vary, but it was probably around 30 to 35 metres long.");
  assert.ok(made.doubts.includes('context: "it" stands for "argentinosaurus"'), made.doubts.join("; "));
});

test("a request ('Can you name …?', 'Could you tell me who …?') is read as the instruction it asks for", () => {
  assertStatements(
    [
      ["Can you name a planet with rings?", "Saturn.", "A planet with rings is Saturn."],
      ["Could you tell me who painted the Mona Lisa?", "Leonardo da Vinci.", "Leonardo da Vinci painted the Mona Lisa."],
      ["Can you tell me how long a marathon is?", "26.2 miles.", "A marathon is 26.2 miles long."],
      [
        "Can you explain what an index fund is?",
        "It's a fund that simply tracks a market index.",
        "An index fund is a fund that simply tracks a market index.",
      ],
    ],
    true,
  );
  // (A question about an ability stays one: "Can you swim?")
  assert.equal(reformulate("Can you swim?", "Yes.").statement, "You can swim.");
});

test("a word of the answer's own before the question's stranded preposition keeps the answer's clause", () => {
  assertStatements(
    [
      [
        "Which sea does the Nile flow into?",
        "It flows north into the Mediterranean Sea.",
        "The Nile flows north into the Mediterranean Sea.",
      ],
      ["What do caterpillars turn into?", "They turn into butterflies.", "Caterpillars turn into butterflies."],
    ],
    true,
  );
});

test("'That's probably X' is the hedged phrase; a participle after a superlative's noun stays in the subject", () => {
  assertStatements(
    [
      ["Which is the largest planet?", "That's probably Jupiter.", "Jupiter is probably the largest planet."],
      ["What is the largest animal known?", "The blue whale.", "The largest animal known is the blue whale."],
      [
        "Which is the largest carnivorous dinosaur known?",
        "That's probably Spinosaurus, which may have reached about 14 to 15 metres in length.",
        "Spinosaurus, which may have reached about 14 to 15 metres in length, is probably the largest carnivorous dinosaur known.",
      ],
      ["What is Pluto now known as?", "A dwarf planet.", "Pluto is now known as a dwarf planet."],
    ],
    true,
  );
});

test("'the US federal income tax deadline' is one subject, and an adverb before a date keeps its place before 'on'", () => {
  assertStatements(
    [
      [
        "When is the US federal income tax deadline usually?",
        "It's usually April 15th, unless that falls on a weekend or holiday.",
        "The US federal income tax deadline is usually on April 15th, unless that falls on a weekend or holiday.",
      ],
      ["Is the US federal government large?", "Yes.", "The US federal government is large."],
    ],
    true,
  );
});

test("'Whose job is it to …?' keeps its dummy 'it'; the asker's 'my' before a mass noun and its head noun becomes 'a'", () => {
  assertStatements(
    [
      [
        "Whose job is it to file the tax return for a sole proprietorship in the US?",
        "The owner's.",
        "It is the owner's job to file the tax return for a sole proprietorship in the US.",
      ],
      ["Whose face is on the US one-dollar bill?", "George Washington's", "George Washington's face is on the US one-dollar bill."],
      [
        "What unit is my electricity bill measured in?",
        "It's measured in kilowatt-hours (kWh).",
        "An electricity bill is measured in kilowatt-hours (kWh).",
      ],
      ["How often should I change my water filter?", "Every six months.", "A water filter should be changed every six months."],
    ],
    true,
  );
});

test("a relative clause with no 'that' ends the head noun's phrase ('the pieces each player starts with', 'the main reason the sky is blue')", () => {
  assertStatements(
    [
      [
        "List the pieces each chess player starts with.",
        "8 pawns, 2 rooks, 2 knights, 2 bishops, 1 queen and 1 king.",
        "The pieces each chess player starts with are 8 pawns, 2 rooks, 2 knights, 2 bishops, 1 queen and 1 king.",
      ],
      [
        "What is the main reason the sky is blue?",
        "Air molecules scatter blue light more than red light.",
        "The main reason the sky is blue is that air molecules scatter blue light more than red light.",
      ],
    ],
    true,
  );
});

test("no false flags on institutions' names, a bank's name, a dam's number word or an answer that defines its term before a dash", () => {
  for (const [question, answer] of [
    ["What is the central bank of Japan called?", "The Bank of Japan"],
    ["Into which body of water does the Ganges flow?", "The Bay of Bengal"],
    ["Name one of the Big Four banks in Australia.", "Westpac"],
    ["What dam is on the Yangtze River?", "The Three Gorges Dam"],
    ["What does APR mean?", "**APR** means annual percentage rate — the yearly cost of borrowing, including interest and some fees."],
  ] as const)
    assert.deepEqual(reformulate(question, answer).doubts, [], question);
  // (A counted subject with "is" keeps its flag, capitalised noun or not.)
  const doubts = statementDoubts(
    "Name the four Gospels of the New Testament.",
    "Matthew, Mark, Luke and John",
    "The four Gospels of the New Testament is Matthew, Mark, Luke and John.",
  );
  assert.ok(doubts.includes("reads: a counted subject with a singular verb"), doubts.join("; "));
});

test("a listed instruction loses its line's capital, a shared subject is said once, and 'Roughly like this:' is the manner", () => {
  assertStatements(
    [
      [
        "How should I wash a wool sweater?",
        "Sure:\n1. Use cool water and a gentle wool detergent.\n2. Don't wring it.\n3. Dry it flat so it keeps its shape.",
        "To wash a wool sweater, use cool water and a gentle wool detergent, don't wring it and dry it flat so it keeps its shape.",
      ],
      [
        "How did the ancient Egyptians make papyrus?",
        "Roughly like this:\n1. They sliced the pith of the stalks into thin strips.\n2. They laid the strips in two crossing layers.\n3. They pressed and dried the sheet.",
        "The ancient Egyptians made papyrus roughly like this: they sliced the pith of the stalks into thin strips, laid the strips in two crossing layers and pressed and dried the sheet.",
      ],
    ],
    true,
  );
});

test("an instruction with the question's own verb follows the question's purpose: 'To clean …, use …'", () => {
  assertStatements(
    [
      [
        "What should I use to clean old thermal paste off my CPU?",
        "Use isopropyl alcohol, ideally 90% or stronger.",
        "To clean old thermal paste off a CPU, use isopropyl alcohol, ideally 90% or stronger.",
      ],
      [
        "What should I use to clean old thermal paste off my CPU?",
        "Isopropyl alcohol.",
        "Isopropyl alcohol should be used to clean old thermal paste off a CPU.",
      ],
    ],
    true,
  );
});

test("the final question's 'there' is the one place the asker's sentences name", () => {
  assertStatements(
    [
      [
        "I'm planning a trip to Sweden. How many people live there?",
        "About 10.5 million people.",
        "About 10.5 million people live in Sweden.",
      ],
      ["We're visiting Iceland in June. Is it light all night there?", "Yes, nearly.", "It is light all night in Iceland, nearly."],
    ],
    true,
  );
  // ("Is there …?" is no place; two places leave the question as it is.)
  assert.equal(reformulate("I'm going to Paris. Is there a metro?", "Yes.").statement, "I'm going to Paris. There is a metro.");
  assert.equal(reformulate("I'm flying from Rome to Oslo. Is it cold there?", "Yes.").statement, "It is cold in Oslo.");
  assert.match(
    reformulate("I'm going to Rome and then to Oslo. Is it cold there?", "Yes.").statement,
    /^I'm going to Rome and then to Oslo\./,
  );
});

test("a quotation's closing quote is closed up; an answer's capital kept before the question's words is flagged where the word list holds it", () => {
  assertStatements(
    [
      [
        'Why do actors call Macbeth "the Scottish play"?',
        'Because saying "Macbeth" inside a theatre is believed to bring bad luck.',
        'Actors call Macbeth "the Scottish play" because saying "Macbeth" inside a theatre is believed to bring bad luck.',
      ],
      // (A name wink-nlp's word list lacks is no doubt; nor is a person a who-question names.)
      [
        "Where did Agatha Christie turn up after her disappearance in 1926?",
        "Harrogate",
        "Agatha Christie turned up in Harrogate after her disappearance in 1926.",
      ],
      ["Whom did Perseus behead?", "Medusa", "Perseus beheaded Medusa."],
    ],
    true,
  );
  for (const [question, answer] of [
    ["Which openings do insects use to breathe?", "Spiracles"],
    ['What does the word "theropod" mean?', "Beast-footed"],
  ] as const)
    assert.ok(
      reformulate(question, answer).doubts.some((d) => d.includes("capitalised mid-sentence")),
      question,
    );
});

test("'Sort of.' and 'Kind of —' grade a yes, on the verb or before the complement", () => {
  assertStatements(
    [
      [
        "Is rayon a synthetic fiber?",
        "Sort of. It's made from regenerated wood cellulose, so it's usually called semi-synthetic.",
        "Rayon is sort of a synthetic fiber. It's made from regenerated wood cellulose, so it's usually called semi-synthetic.",
      ],
      ["Do fish sleep?", "Sort of. Most can't close their eyes.", "Fish sort of sleep. Most can't close their eyes."],
    ],
    true,
  );
});

test("a sum of money says 'money', a degree after a yes goes on the verb, and listed items in the word list lose their capitals", () => {
  assertStatements(
    [
      [
        "How much money does each player start with in Monopoly?",
        "$1,500 in the standard US edition.",
        "Each player starts with $1,500 in the standard US edition in Monopoly.",
      ],
      ["Does caffeine affect sleep?", "Yes, quite a lot.", "Caffeine affects sleep quite a lot."],
      ["Name three noble gases.", "- Helium\n- Neon\n- Argon", "Three noble gases are helium, neon and argon."],
    ],
    true,
  );
  // (After "be" the degree stays after its comma; the solar system's bodies keep their capitals.)
  assert.equal(reformulate("Is it cold?", "Yes, very much.").statement, "It is cold, very much.");
  assert.match(
    reformulate("What do birds use to navigate?", "- the sun\n- Earth's magnetic field\n- landmarks").statement,
    /Earth's magnetic field/,
  );
});

test("a phrase between dashes inside the subject leaves the answer a clause, and its closing dash is no misplaced predicate", () => {
  assertStatements(
    [
      [
        "What causes the seasons on Earth?",
        "Earth's axial tilt — roughly 23.4 degrees — causes them.",
        "Earth's axial tilt — roughly 23.4 degrees — causes the seasons on Earth.",
      ],
    ],
    true,
  );
});

test("a choice of two may follow a colon too", () => {
  assertStatements(
    [
      [
        "Which uses more power: an electric kettle or an LED bulb?",
        "An electric kettle, by far.",
        "An electric kettle uses more power than an LED bulb, by far.",
      ],
      ["Which is bigger: the Sun or the Moon?", "The Sun.", "The Sun is bigger than the Moon."],
    ],
    true,
  );
});
