/**
 * Statements of answers that lean on the question, stop 45 (issue 23): rules found on new answers written for them and on samples of the
 * statements capqa writes for CAP-Correctness. Each rule is shown where it applies and where it must not.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { reformulate } from "../lib/statements/builtin.js";
import { statementDoubts } from "../lib/statements/checks.js";
import { assertStatements } from "./support/statement-cases.js";

test("a question with several blanks takes one part of the answer in each", () => {
  assertStatements(
    [
      [
        "Epictetus claims that things within our power are ____ and things not in our power are ____.",
        "rational and irrational",
        "Epictetus claims that things within our power are rational and things not in our power are irrational.",
      ],
      ["AIDA stands for awareness, ____, desire and ____.", "Interest; action.", "AIDA stands for awareness, interest, desire and action."],
      [
        "There were many graduates in ____, but hardly any in ____.",
        "India, Congo",
        "There were many graduates in India, but hardly any in Congo.",
      ],
      ["____ and ____ are the two main gases in air.", "Nitrogen and oxygen", "Nitrogen and oxygen are the two main gases in air."],
    ],
    true,
  );
  // (An answer with fewer parts, or one clause, fills the first blank; the statement is flagged, for the others stay empty.)
  const one = reformulate("Immorality is ____, and expediency is ____.", "repugnant to Nature");
  assert.equal(one.statement, "Immorality is repugnant to Nature, and expediency is.");
  assert.deepEqual(one.doubts, ["blanks left empty"]);
  const clause = reformulate(
    "Since 1990 forests have ____ in Europe and have ____ in Africa.",
    "Forests have remained stable in Asia and have expanded in America.",
  );
  assert.ok(clause.doubts.includes("blanks left empty"), clause.statement);
  // (One blank is filled as before.)
  assertStatements([["The chemical symbol for gold is ___.", "Au", "The chemical symbol for gold is Au."]], true);
});

test("'they both', 'they all' and 'both' stand for the question's things", () => {
  assertStatements(
    [
      [
        "What do the long vine of an ivy plant and the trunk of an oak tree have in common?",
        "They both transport water and nutrients in plants",
        "The long vine of an ivy plant and the trunk of an oak tree both transport water and nutrients in plants.",
      ],
      ["What do whales and dolphins have in common?", "They both breathe air.", "Whales and dolphins both breathe air."],
      ["How are light and sound similar?", "Both are forms of wave energy.", "Both light and sound are forms of wave energy."],
      // (The quantifier is said once.)
      ["What do all vertebrate animals have in common?", "They all have backbones.", "All vertebrate animals have backbones."],
      [
        "Which characteristic do both the Moon and Earth share?",
        "They both have rocky surfaces.",
        "Both the Moon and Earth have rocky surfaces.",
      ],
    ],
    true,
  );
  // (Not where the two things are not the whole subject: "the difference between baking and roasting".)
  const difference = reformulate("What's the difference between baking and roasting?", "Both are dry-heat oven methods.");
  assert.ok(!difference.statement.startsWith("Both the difference"), difference.statement);
});

test("a gerund's phrase that answers 'which activity' is one thing", () => {
  assertStatements(
    [
      ["Which action illustrates a chemical change?", "burning wood chips", "Burning wood chips illustrates a chemical change."],
      [
        "Which activity is most likely to add pollutants to the environment?",
        "planting trees",
        "Planting trees is most likely to add pollutants to the environment.",
      ],
      // (Not a plural noun after a participle, nor a plural wh-noun.)
      ["Which animals live in the ocean?", "whales", "Whales live in the ocean."],
      ["Which things need food?", "living things", "Living things need food."],
    ],
    true,
  );
});

test("an abstract noun the lexicons do not know, and the verb 'be', lose the capital that opened the answer", () => {
  assertStatements([
    [
      "The force that opposes motion between two surfaces is",
      "Friction",
      "The force that opposes motion between two surfaces is friction.",
    ],
    ["What is the medical term for high blood pressure?", "Hypertension", "The medical term for high blood pressure is hypertension."],
    [
      "Older workers are more likely to",
      "Be promoted to higher positions",
      "Older workers are more likely to be promoted to higher positions.",
    ],
    // (Not a movement named after a person, nor a name before a common noun, nor beryllium's symbol.)
    [
      "Give an example of a reform movement besides Lutheranism.",
      "Calvinism",
      "An example of a reform movement besides Lutheranism is Calvinism.",
    ],
    ["Name one type of map projection.", "Mercator projection", "One type of map projection is Mercator projection."],
    ["The chemical symbol of beryllium is ___.", "Be", "The chemical symbol of beryllium is Be."],
  ]);
});

test("an abstract noun lowered before the answer's comment is not flagged", () => {
  assertStatements([["Why do we yawn?", "Tiredness, mostly.", "We yawn because of tiredness, mostly."]], true);
});

test("an adverb said after its verb stays in the subject's infinitive ('the ability to run fast')", () => {
  assertStatements(
    [
      [
        "How will the ability to run fast most likely benefit the rabbit?",
        "by making it easier to escape",
        "The ability to run fast will most likely benefit the rabbit by making it easier to escape.",
      ],
      // (Not an adverb before the verb: "the need to eat often" is not asked here.)
      ["How will the rabbit most likely escape?", "by running", "The rabbit will most likely escape by running."],
    ],
    true,
  );
});

test("'of them' after the answer's count is the noun the question counts; 'There are N nouns' is said once", () => {
  assertStatements(
    [
      ["How many bones are in the adult human body?", "An adult has 206 of them.", "An adult has 206 bones."],
      ["How many moons does Mars have?", "It has two of them.", "Mars has two moons."],
      ["How many moons does Earth have?", "Just one of them.", "Earth has just one moon."],
      ["How many continents are there?", "There are seven of them.", "There are seven continents."],
      ["How many oceans are there?", "There are five oceans.", "There are five oceans."],
      [
        "How many rings are on the Olympic flag?",
        "There are five interlocking rings on the Olympic flag.",
        "There are five interlocking rings on the Olympic flag.",
      ],
      // (Not "them" after the answer's own count: the things it counted.)
      ["How many legs does a crab have?", "Ten. Two of them are claws.", "A crab has ten legs. Two of them are claws."],
    ],
    true,
  );
});

test("'holds that record' is the question's predicate; 'it' of a measure asked in a unit is the thing measured", () => {
  assertStatements(
    [
      ["Which planet has the most moons?", "Saturn currently holds that record.", "Saturn currently has the most moons."],
      [
        "Who has won the most Olympic gold medals?",
        "Michael Phelps holds the record, with 23.",
        "Michael Phelps has won the most Olympic gold medals, with 23.",
      ],
      ["Which animal is the fastest on land?", "The cheetah holds that title.", "The cheetah is the fastest animal on land."],
      [
        "What is the freezing point of water in Fahrenheit?",
        "It freezes at 32 degrees Fahrenheit.",
        "Water freezes at 32 degrees Fahrenheit.",
      ],
    ],
    true,
  );
  // (A pronoun that holds the record stands for nothing the question names.)
  assert.ok(reformulate("Which planet has the most moons?", "It holds the record.").flagged);
});

test("'the smallest one' is the question's noun with its adjective; where the thing answered is keeps its comma", () => {
  assertStatements(
    [
      ["What is the smallest prime number?", "The smallest one is 2.", "The smallest prime number is 2."],
      [
        "What is the longest bone in the human body?",
        "The femur, in the thigh.",
        "The longest bone in the human body is the femur, in the thigh.",
      ],
      // (Not after an amount, nor before a year.)
      [
        "How long is a regulation NBA game?",
        "48 minutes, in four 12-minute quarters",
        "A regulation NBA game is 48 minutes long, in four 12-minute quarters.",
      ],
    ],
    true,
  );
});

test("a viewpoint adverb before the answer's pronoun goes on its verb; an appositive's comma is closed before the question's predicate", () => {
  assertStatements(
    [
      [
        "Is tomato a fruit or a vegetable?",
        "Botanically it's a fruit, but cooks treat it as a vegetable.",
        "Tomato is botanically a fruit, but cooks treat it as a vegetable.",
      ],
      [
        "Which ocean is the deepest?",
        "The Pacific, home to the Mariana Trench.",
        "The Pacific, home to the Mariana Trench, is the deepest ocean.",
      ],
      [
        "Which city is the capital of Italy?",
        "Rome, one of the oldest cities in Europe.",
        "Rome, one of the oldest cities in Europe, is the capital of Italy.",
      ],
    ],
    true,
  );
});

test("'the only one' is the question's noun, and the question's predicate says what it alone does", () => {
  assertStatements(
    [
      [
        "What metal is liquid at room temperature?",
        "Mercury is the only one.",
        "Mercury is the only metal that is liquid at room temperature.",
      ],
      ["Which mammal can fly?", "Bats are the only ones.", "Bats are the only mammals that can fly."],
      [
        "Which mammals lay eggs?",
        "Monotremes are the only ones, like the platypus.",
        "Monotremes are the only mammals that lay eggs, like the platypus.",
      ],
      [
        "Which bird can fly backwards?",
        "The hummingbird is the only one that can.",
        "The hummingbird is the only bird that can fly backwards.",
      ],
    ],
    true,
  );
  // (Not a denial: "Saturn isn't the only one — …" is flagged for a person.)
  assert.ok(reformulate("Which planet has rings?", "Saturn isn't the only one — Jupiter, Uranus and Neptune do too.").flagged);
});

test("an answer that says the question's subject and verb stands; the name of plural things is a common plural", () => {
  assertStatements(
    [
      ["What does a thermometer measure?", "A thermometer measures temperature.", "A thermometer measures temperature."],
      ["What are baby frogs called?", "Tadpoles.", "Baby frogs are called tadpoles."],
      ["What do we call animals that eat only plants?", "Herbivores.", "Animals that eat only plants are called herbivores."],
      // (A name of one thing keeps its capital.)
      ["What is the Greek messenger god called?", "Hermes", "The Greek messenger god is called Hermes."],
    ],
    true,
  );
});

test("a why-answer's time or condition reads on as it is; an unknown before a semicolon; 'because of' before a clause is flagged", () => {
  assertStatements(
    [
      [
        "Why do cats purr?",
        "Mostly when they're content, but also to soothe themselves when stressed.",
        "Cats purr mostly when they're content, but also to soothe themselves when stressed.",
      ],
      ["Why do dogs pant?", "When they're hot, to cool down.", "Dogs pant when they're hot, to cool down."],
      [
        "Why do we dream?",
        "Scientists aren't sure; theories include memory processing and emotional regulation.",
        "Scientists aren't sure why we dream. Theories include memory processing and emotional regulation.",
      ],
      [
        "What was the purpose of Stonehenge?",
        "Nobody knows for sure, but it may have been a ceremonial site or a calendar.",
        "Nobody knows for sure what the purpose of Stonehenge was, but it may have been a ceremonial site or a calendar.",
      ],
    ],
    true,
  );
  const flagged = (statement: string) => statementDoubts("Q?", "A", statement).some((d) => d.includes('"because of" before a clause'));
  assert.equal(flagged("Cats purr because of when they're content."), true);
  assert.equal(flagged("Cats purr because of contentment."), false);
});

test("a concession after yes stays on the statement; a viewpoint 'X speaking' opens the answer's own clause", () => {
  assertStatements(
    [
      [
        "Is Venus hotter than Mercury?",
        "Yes, even though it's farther from the Sun, because of its thick carbon dioxide atmosphere.",
        "Venus is hotter than Mercury, even though it's farther from the Sun, because of its thick carbon dioxide atmosphere.",
      ],
      [
        "Are bananas berries?",
        "Yes — botanically speaking, bananas are berries, while strawberries aren't.",
        "Botanically speaking, bananas are berries, while strawberries aren't.",
      ],
      ["Is a tomato a fruit?", "Technically speaking, it is a fruit.", "Technically speaking, a tomato is a fruit."],
    ],
    true,
  );
});

test("the question's time clause goes before what the answer adds after its own clause", () => {
  assertStatements(
    [
      [
        "What happens to water when it freezes?",
        "It expands by about 9%, which is why ice floats.",
        "Water expands by about 9% when it freezes, which is why ice floats.",
      ],
      ["What happens to water when it freezes?", "It expands.", "Water expands when it freezes."],
    ],
    true,
  );
});

test("an auxiliary's reason after a comma, a then-clause and a letter's stop are read as the answer wrote them", () => {
  assertStatements(
    [
      [
        "Which animal can sleep standing up?",
        "Horses can, thanks to a locking mechanism in their legs.",
        "Horses can sleep standing up, thanks to a locking mechanism in their legs.",
      ],
      [
        "What can you use to clean a cast iron pan?",
        "Hot water and a stiff brush, then dry it and oil it lightly.",
        "Hot water and a stiff brush can be used to clean a cast iron pan, then dry it and oil it lightly.",
      ],
      ["Which vitamin deficiency causes scurvy?", "A lack of vitamin C.", "A lack of vitamin C causes scurvy."],
      ["Who wrote The Hobbit?", "J. R. R. Tolkien.", "J. R. R. Tolkien wrote The Hobbit."],
    ],
    true,
  );
});

test("a list's framing lead-in goes, sentences after the list follow it, and unknown one-word plurals are common nouns", () => {
  assertStatements(
    [
      [
        "List the primary colors of light.",
        "Here they are:\n- Red\n- Green\n- Blue",
        "The primary colors of light are red, green and blue.",
      ],
      [
        "Give me three good plants for a shady garden.",
        "Try these:\n- Hostas\n- Ferns\n- Hellebores\n\nAll three cope well with little direct sun.",
        "Three good plants for a shady garden are hostas, ferns and hellebores. All three cope well with little direct sun.",
      ],
    ],
    true,
  );
});

test("a no said again goes, 'still' denied is 'no longer', and 'ideally not' stays after the modal", () => {
  assertStatements(
    [
      [
        "Is a peanut a nut?",
        "Not botanically, no — it's a legume, in the same family as peas and beans.",
        "A peanut is not botanically a nut — it's a legume, in the same family as peas and beans.",
      ],
      [
        "Does cracking your knuckles cause arthritis?",
        "No, not according to the research so far.",
        "Cracking your knuckles does not cause arthritis, according to the research so far.",
      ],
      [
        "Is Pluto still a planet?",
        "No. In 2006 it was reclassified as a dwarf planet.",
        "Pluto is no longer a planet. In 2006 it was reclassified as a dwarf planet.",
      ],
      ["Is Pluto still a planet?", "Not anymore.", "Pluto is not a planet anymore."],
      [
        "Should I repot a cactus in winter?",
        "Ideally not. Spring is better.",
        "A cactus should ideally not be repotted in winter. Spring is better.",
      ],
      ["Can I eat raw eggs?", "Probably not.", "Raw eggs probably cannot be eaten."],
    ],
    true,
  );
});

test("a limit in brackets, an approximate count of a passive, a 'for' reason and 'That's X' to a 'Name …' are placed as an annotator does", () => {
  assertStatements(
    [
      [
        "Which blood type is known as the universal donor?",
        "**O negative** (for red blood cells, at least).",
        "O negative is known as the universal donor (for red blood cells, at least).",
      ],
      [
        "How much of the adult human body is water?",
        "About 60% (somewhat less in women, who tend to carry more body fat).",
        "About 60% of the adult human body is water (somewhat less in women, who tend to carry more body fat).",
      ],
      [
        "How many languages are spoken in Papua New Guinea?",
        "Roughly 840, which makes it the most linguistically diverse country on Earth.",
        "Roughly 840 languages are spoken in Papua New Guinea, which makes it the most linguistically diverse country on Earth.",
      ],
      [
        "Who is considered the first computer programmer?",
        "Usually Ada Lovelace, for her 1843 notes on Charles Babbage's Analytical Engine.",
        "Ada Lovelace is usually considered the first computer programmer, for her 1843 notes on Charles Babbage's Analytical Engine.",
      ],
      [
        "Who painted The Garden of Earthly Delights?",
        "Hieronymus Bosch, sometime around 1490–1510.",
        "Hieronymus Bosch painted The Garden of Earthly Delights, sometime around 1490–1510.",
      ],
      [
        "Name the longest river in Asia.",
        "That's the Yangtze, at roughly 6,300 km.",
        "The longest river in Asia is the Yangtze, at roughly 6,300 km.",
      ],
      ["Give an example of a noble gas.", "That's easy: neon.", "An example of a noble gas is neon."],
      // (Not "it", which may be the thing to explain.)
      ["Explain what a leap year is.", "It's a year with 366 days.", "A leap year is a year with 366 days."],
    ],
    true,
  );
});

test("the answer's adverb of how often replaces the question's; a yes or no's semicolon stays", () => {
  assertStatements(
    [
      [
        "How long do dogs typically live?",
        "Usually 10 to 13 years, but small breeds often live longer than giant ones.",
        "Dogs usually live 10 to 13 years, but small breeds often live longer than giant ones.",
      ],
      [
        "Is Mount Everest the tallest mountain from base to peak?",
        "Not really; Mauna Kea is taller measured from its base.",
        "Mount Everest is not really the tallest mountain from base to peak; Mauna Kea is taller measured from its base.",
      ],
    ],
    true,
  );
  assert.ok(statementDoubts("Q?", "A", "Dogs usually typically live 10 years.").some((d) => d.includes("two adverbs of how often")));
});

test("'What's wrong?' asks for the problem; a phrase that opens with an adverb is no clause; a participle's phrase is closed", () => {
  assertStatements(
    [
      [
        "My basil plant keeps wilting even though I water it every day. What's wrong?",
        "Probably overwatering. Soggy soil suffocates the roots.",
        "My basil plant keeps wilting even though I water it every day. The problem is probably overwatering. Soggy soil suffocates the roots.",
      ],
      ["What is wrong with this sentence?", "A missing comma.", "The problem with this sentence is a missing comma."],
      [
        "What do koalas eat?",
        "Almost exclusively eucalyptus leaves. They sleep up to 20 hours a day.",
        "Koalas eat almost exclusively eucalyptus leaves. They sleep up to 20 hours a day.",
      ],
      [
        "What makes a chili pepper hot?",
        "It's a compound called **capsaicin**, concentrated mostly in the white pith.",
        "A compound called capsaicin, concentrated mostly in the white pith, makes a chili pepper hot.",
      ],
    ],
    true,
  );
});

test("the question's adjunct goes before the answer's 'after …' phrase; 'None' to a which-noun question is 'no' and the noun", () => {
  assertStatements(
    [
      [
        "Whom did Napoleon marry in 1810?",
        "Marie Louise of Austria, after divorcing Josephine.",
        "Napoleon married Marie Louise of Austria in 1810, after divorcing Josephine.",
      ],
      [
        "Which language family does Basque belong to?",
        "None that we know of — it's a language isolate.",
        "Basque belongs to no language family that we know of — it's a language isolate.",
      ],
      // (A participle after the answer's noun stays with it.)
      [
        "Who won the Battle of Bannockburn?",
        "The Scots, led by Robert the Bruce.",
        "The Scots, led by Robert the Bruce, won the Battle of Bannockburn.",
      ],
    ],
    true,
  );
});

test("a quantifier alone is some of the question's plural subject; a reply's 'but' clause stays in its sentence", () => {
  assertStatements(
    [
      [
        "How do bats find their way in the dark?",
        "Most use echolocation: they emit high-pitched calls and listen for the echoes.",
        "To find their way in the dark, most bats use echolocation: they emit high-pitched calls and listen for the echoes.",
      ],
      ["What do birds eat?", "Many eat seeds and insects.", "Many birds eat seeds and insects."],
      ["Do snakes lay eggs?", "Most do, but some give birth to live young.", "Most snakes lay eggs, but some give birth to live young."],
    ],
    true,
  );
  // (Not a quantifier before its own noun: "Most water evaporates.")
  assert.equal(
    reformulate("What happens to most water in a lake?", "Most water evaporates.").statement,
    "In a lake, most water evaporates.",
  );
});

test("a where-question's stranded preposition before its purpose takes the answer", () => {
  assertStatements(
    [
      ["Where do plants get energy from to make food?", "sunlight", "Plants get energy from sunlight to make food."],
      ["Where do birds fly to in winter?", "Africa", "Birds fly to Africa in winter."],
    ],
    true,
  );
});

test("'Not at all' keeps 'at all'; 'Not always' to an 'all' question says 'Not all'; an opener before an amount goes", () => {
  assertStatements(
    [
      ["Are bats blind?", "Not at all. All bats can see.", "Bats are not blind at all. All bats can see."],
      ["Do all snakes lay eggs?", "Not always; about 70% of snake species do.", "Not all snakes lay eggs; about 70% of snake species do."],
      [
        "How long does it take light from the Sun to reach Earth?",
        "Ah, about 8 minutes and 20 seconds — so we see the Sun as it was.",
        "It takes light from the Sun about 8 minutes and 20 seconds to reach Earth — so we see the Sun as it was.",
      ],
      ["How far is the Moon?", "Ah, about 384,000 km.", "The Moon is about 384,000 km."],
      [
        "How many official languages does South Africa have?",
        "Twelve since 2023, when South African Sign Language was added.",
        "South Africa has twelve official languages since 2023, when South African Sign Language was added.",
      ],
      [
        "What did the Romans use to make their concrete so durable?",
        "Volcanic ash, mainly from around Pozzuoli near Naples, mixed with lime.",
        "To make their concrete so durable, the Romans used volcanic ash, mainly from around Pozzuoli near Naples, mixed with lime.",
      ],
    ],
    true,
  );
  // (A clause is no object of the impersonal passive: flagged for a person instead.)
  const clause = reformulate(
    "Which wood should I use for a cutting board?",
    "Hard, closed-grain woods like maple, walnut or cherry are the usual picks — they're durable.",
  );
  assert.ok(!clause.statement.includes("picks should be used"), clause.statement);
});

test("a dash inside a quoted answer is the quotation's own", () => {
  const made = reformulate("What did Bell say in the first phone call?", '"Mr. Watson, come here — I want to see you."');
  assert.ok(made.statement.includes('"Mr. Watson, come here — I want to see you."'), made.statement);
});

test("a noun in -en is no participle of a verb it only looks like ('dozen', 'heaven')", () => {
  assertStatements(
    [
      [
        "What's a baker's dozen?",
        "Thirteen — one more than a regular dozen.",
        "A baker's dozen is thirteen — one more than a regular dozen.",
      ],
    ],
    true,
  );
});

test("options after a colon are compared; 'Tell me how long X is' is asked as 'How long is X?'", () => {
  assertStatements(
    [
      [
        "Which is bigger: a tablespoon or a teaspoon?",
        "The first one — a tablespoon is three teaspoons.",
        "A tablespoon is bigger than a teaspoon — a tablespoon is three teaspoons.",
      ],
      ["Tell me how long a marathon is.", "It's 42.195 km — that's 26.2 miles.", "A marathon is 42.195 km long — that's 26.2 miles."],
      [
        "I'm curious. Tell me how old the universe is.",
        "About 13.8 billion years.",
        // (The asker's word on the asking goes: stop 46.)
        "The universe is about 13.8 billion years old.",
      ],
    ],
    true,
  );
});

test("a pronoun subject of the question's own verb is resolved before the answer is taken as stating it", () => {
  assertStatements([["What does DNA stand for?", "It stands for deoxyribonucleic acid.", "DNA stands for deoxyribonucleic acid."]], true);
  assert.equal(
    reformulate("What does 'per se' mean?", "It means 'by itself' — it's Latin.").statement,
    "'per se' means 'by itself' — it's Latin.",
  );
});

test("the answer's condition joins the question's; two conditions in a row are flagged", () => {
  assertStatements(
    [
      [
        "What should you do if someone is choking?",
        "If they can't cough or speak, give up to 5 back blows, then call for help.",
        "If someone is choking and they can't cough or speak, give up to 5 back blows, then call for help.",
      ],
    ],
    true,
  );
  assert.ok(
    statementDoubts("Q?", "A", "If they can't cough, if someone is choking, give back blows.").some((d) => d.includes("two conditions")),
  );
});
