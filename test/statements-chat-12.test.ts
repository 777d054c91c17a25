/**
 * Statements of answers that lean on the question, stop 44 (issue 23): rules found on new answers written for them and on the
 * development sets' misses. Each rule is shown where it applies and where it must not.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { reformulate } from "../lib/statements/builtin.js";
import { statementDoubts } from "../lib/statements/checks.js";
import { assertStatements } from "./support/statement-cases.js";

/** Whether the checks give `statement` a doubt that says `kind`. */
function flaggedWith(statement: string, kind: string): boolean {
  return statementDoubts("Q?", "A", statement).some((d) => d.includes(kind));
}

test("the part a question picks is definite: 'in the anther', 'to the digestive system'", () => {
  assertStatements([
    ["In which part of a flower is pollen made?", "Anther", "Pollen is made in the anther."],
    [
      "In which organ is bile stored?",
      "Gallbladder — it concentrates the bile between meals.",
      "Bile is stored in the gallbladder — it concentrates the bile between meals.",
    ],
    ["In which organ system is the heart?", "Circulatory", "The heart is in the circulatory system."],
    ["In which part of the brain is Broca's area?", "Frontal lobe", "Broca's area is in the frontal lobe."],
    ["In which organs does gas exchange happen?", "lungs", "Gas exchange happens in the lungs."],
    // (Not a name, a stage, a mass noun, nor a modifier without its noun.)
    ["In which part of the world is Kenya?", "East Africa", "Kenya is in East Africa."],
    ["In which stage of mitosis do chromosomes line up?", "metaphase", "Chromosomes line up in metaphase."],
    ["In which part of the company do the scientists work?", "research", "The scientists work in research."],
    ["In which country is the Eiffel Tower located?", "France", "The Eiffel Tower is located in France."],
  ]);
});

test("a verb said with its bare noun is the question's verb: 'take place'", () => {
  assertStatements([
    ["Where does photosynthesis most likely take place?", "in the leaves", "Photosynthesis most likely takes place in the leaves."],
    [
      "In which of these organs does most absorption of nutrients take place?",
      "small intestine",
      "Most absorption of nutrients takes place in the small intestine.",
    ],
    ["Did the Dutch tulip bubble burst?", "Yes, in 1637.", "The Dutch tulip bubble burst in 1637."],
  ]);
});

test("a place that narrows the place answered keeps its comma; so does a year after a noun phrase answer", () => {
  assertStatements([
    ["In which city is the Louvre?", "Paris, on the right bank of the Seine.", "The Louvre is in Paris, on the right bank of the Seine."],
    [
      "Where did the Battle of Hastings take place?",
      "Near Hastings, in East Sussex.",
      "The Battle of Hastings took place near Hastings, in East Sussex.",
    ],
    ["Where were the first modern Olympics held?", "Athens, in 1896.", "The first modern Olympics were held in Athens, in 1896."],
  ]);
});

test("a base form after the subject's adverb is the verb; an infinitive takes the answered phrase with its object", () => {
  assertStatements([
    [
      "In what type of rock would a geologist most likely find evidence of ancient life?",
      "sedimentary",
      "A geologist would most likely find evidence of ancient life in sedimentary rock.",
    ],
    [
      "What would a warm air mass over the ocean most likely cause?",
      "rainfall",
      "A warm air mass over the ocean would most likely cause rainfall.",
    ],
    ["To which planet do scientists hope to send humans next?", "Mars", "Scientists hope to send humans to Mars next."],
    ["At what temperature does water begin to boil?", "100°C", "Water begins to boil at 100°C."],
    // (Not an adjective of the subject's noun: "the first step".)
    ["Does the first step take place in the nucleus?", "Yes.", "The first step takes place in the nucleus."],
    // (A split infinitive's "to" is no preposition.)
    [
      "Which unit should the student most likely use to accurately measure this distance?",
      "meter",
      "The student should most likely use meter to accurately measure this distance.",
    ],
  ]);
});

test("an answer that says the object its own way, before the bare verb of 'help', keeps its own words", () => {
  assertStatements([
    [
      "How does this color change help the arctic hare?",
      "It helps the animal hide from predators.",
      "This color change helps the animal hide from predators.",
    ],
    ["How do bees help flowers?", "They help flowers reproduce by carrying pollen.", "Bees help flowers reproduce by carrying pollen."],
    ["What do bees give flowers?", "They give the flowers a way to reproduce.", "Bees give flowers a way to reproduce."],
    // (A manner of its own stays the answer's: "by mixing it".)
    ["How do worms help the soil?", "They help the soil by mixing it and adding air.", "Worms help the soil by mixing it and adding air."],
  ]);
});

test("a wh-phrase that offers its noun's plural too ('which group or groups') is one phrase, its verb agreeing with the answer", () => {
  assertStatements([
    [
      "In which taxonomic group or groups could the cell be classified?",
      "bacteria or archaea",
      "The cell could be classified in bacteria or archaea.",
    ],
    ["Which planet or planets have rings?", "Saturn", "Saturn has rings."],
    ["Which planet or planets have rings?", "Jupiter, Saturn, Uranus and Neptune", "Jupiter, Saturn, Uranus and Neptune have rings."],
    ["Which organ or organs filter blood?", "the kidneys", "The kidneys filter blood."],
  ]);
});

test("a clause without 'that' after the subject's noun is the subject's own", () => {
  assertStatements([
    [
      "Where is the first place a scientist should present new research data?",
      "a peer-reviewed science journal",
      "The first place a scientist should present new research data is in a peer-reviewed science journal.",
    ],
    [
      "Where is the best place we can see the northern lights?",
      "Northern Norway",
      "The best place we can see the northern lights is in Northern Norway.",
    ],
    // (Its own infinitive after it is the predicate.)
    ["Is the first thing you should do to call 911?", "Yes", "The first thing you should do is to call 911."],
  ]);
});

test("a word joined by a hyphen inside the subject is no verb of the answer's clause", () => {
  assertStatements([
    [
      "Why might you want to wear safety goggles while working in a lab?",
      "Caustic liquid man-made substances can fly up",
      "You might want to wear safety goggles while working in a lab because caustic liquid man-made substances can fly up.",
    ],
  ]);
});

test("how a thing affects or helps another: the answer's own doing, by its gerund; a comparison takes no purpose", () => {
  assertStatements([
    [
      "How does pollution affect fish?",
      "It lowers the oxygen in the water.",
      "Pollution affects fish by lowering the oxygen in the water.",
    ],
    [
      "How does no-till farming help the environment?",
      "It decreases soil erosion.",
      "No-till farming helps the environment by decreasing soil erosion.",
    ],
    [
      "How do vaccines protect us?",
      "They train the immune system to recognise a germ.",
      "Vaccines protect us by training the immune system to recognise a germ.",
    ],
    // (Not an answer that says the object itself.)
    [
      "How does exercise help the heart?",
      "It makes the heart muscle stronger, so it pumps more blood with each beat.",
      "Exercise makes the heart muscle stronger, so it pumps more blood with each beat.",
    ],
    [
      "How does the energy in each trophic level compare to the energy in the preceding level?",
      "It has about 10% of the energy from the level below it.",
      "The energy in each trophic level has about 10% of the energy from the level below it.",
    ],
  ]);
});

test("a short reply with a which-clause, a viewpoint adverb before 'it's', and one inside a short reply after yes", () => {
  assertStatements([
    [
      "Which metal is liquid at room temperature?",
      "Mercury is, which is why it was used in thermometers.",
      "Mercury is liquid at room temperature, which is why it was used in thermometers.",
    ],
    [
      "What is the largest desert in the world?",
      "Technically it's Antarctica, since a desert is defined by low precipitation, not heat.",
      "The largest desert in the world is technically Antarctica, since a desert is defined by low precipitation, not heat.",
    ],
    [
      "Is a tomato a fruit?",
      "Yes, botanically it is, because it develops from the flower and contains seeds.",
      "A tomato is botanically a fruit because it develops from the flower and contains seeds.",
    ],
    [
      "Is Pluto a planet?",
      "No, officially it isn't — it was reclassified as a dwarf planet in 2006.",
      "Pluto is officially not a planet — it was reclassified as a dwarf planet in 2006.",
    ],
    // (Not an adverb before a clause of the answer's own, which keeps it.)
    [
      "Are tomatoes fruits or vegetables?",
      "Technically, tomatoes are fruits, because they develop from the flower.",
      "Technically, tomatoes are fruits, because they develop from the flower.",
    ],
    ["Is coffee bad for you?", "Usually, coffee is fine in moderation.", "Usually, coffee is fine in moderation."],
  ]);
});

test("'like' after the subject is the verb; a which-clause about the whole statement follows the question's purpose", () => {
  assertStatements([
    ["Do dogs like baths?", "Mostly not.", "Dogs mostly do not like baths."],
    ["What do koalas like to eat?", "Eucalyptus leaves.", "Koalas like to eat eucalyptus leaves."],
    ["Does it look like rain?", "Yes.", "It looks like rain."],
    // (Not before a noun phrase and the verb it is the subject of.)
    ["Does a fruit like a lemon contain vitamin C?", "Yes.", "A fruit like a lemon contains vitamin C."],
    [
      "How long does it take the Earth to orbit the Sun?",
      "About 365.25 days, which is why we add a leap day every four years.",
      "It takes the Earth about 365.25 days to orbit the Sun, which is why we add a leap day every four years.",
    ],
    [
      "What did sailors eat to prevent scurvy?",
      "Citrus fruit, which contains vitamin C.",
      "To prevent scurvy, sailors ate citrus fruit, which contains vitamin C.",
    ],
  ]);
});

test("the subject's adverb before a base form keeps it the verb: 'would you most likely find', 'look like'", () => {
  assertStatements([
    ["Where would you most likely find iron?", "a mine", "Iron would most likely be found in a mine."],
    ["What does a koala look like?", "A small grey bear.", "A koala looks like a small grey bear."],
    [
      "What would the beetle population most likely look like after several generations?",
      "It would be mostly light brown beetles.",
      "The beetle population would most likely look like mostly light brown beetles after several generations.",
    ],
    ["What does a Geiger counter detect?", "radiation", "A Geiger counter detects radiation."],
  ]);
});

test("a modal out of place is flagged: after 'to', or after the base form it governs", () => {
  const flagged = (statement: string) => flaggedWith(statement, "a modal out of place");
  assert.equal(flagged("The student most likely use to should accurately measure meter this distance."), true);
  assert.equal(flagged("You most likely find would iron in a mine."), true);
  assert.equal(flagged("You would most likely find iron in a mine."), false);
  assert.equal(flagged("The best months are March to May."), false);
});

test("two articles in a row are flagged, not a letter's name", () => {
  const flagged = (statement: string) => flaggedWith(statement, "two articles in a row");
  assert.equal(flagged("The smallest part of an element is the an atom."), true);
  assert.equal(flagged("The standard tuning frequency of the A above middle C is 440 Hz."), false);
});

test("neither option of a comparison, and a reply that says it is so ('it's fine', 'that's completely normal')", () => {
  assertStatements([
    [
      "What's heavier, a kilogram of feathers or a kilogram of steel?",
      "Neither — they both weigh a kilogram.",
      "Neither a kilogram of feathers nor a kilogram of steel is heavier — they both weigh a kilogram.",
    ],
    ["What's faster, light or sound?", "Light, by a huge margin.", "Light is faster than sound, by a huge margin."],
    [
      "Is it safe to swim after eating?",
      "Yes, it's fine — the idea that you'll get cramps is a myth.",
      "It is safe to swim after eating — the idea that you'll get cramps is a myth.",
    ],
    [
      "Is it normal for cats to sleep all day?",
      "Yes, that's completely normal — cats sleep 12 to 16 hours a day.",
      "It is completely normal for cats to sleep all day — cats sleep 12 to 16 hours a day.",
    ],
  ]);
});

test("a measure with a magnitude word takes the question's adjective after its unit", () => {
  assertStatements([
    [
      "How old is the universe?",
      "About 13.8 billion years, based on the cosmic microwave background.",
      "The universe is about 13.8 billion years old, based on the cosmic microwave background.",
    ],
    [
      "How tall is the Eiffel Tower?",
      "About 330 metres, including its antennas.",
      "The Eiffel Tower is about 330 metres tall, including its antennas.",
    ],
  ]);
});

test("an -ed word right after a personal pronoun is its past tense; a participle's phrase before a clause opens a sentence", () => {
  assertStatements([
    [
      "When did Australia become a federation?",
      "It federated on 1 January 1901, when the six colonies joined together as the Commonwealth of Australia.",
      "Australia federated on 1 January 1901, when the six colonies joined together as the Commonwealth of Australia.",
    ],
  ]);
  // (The answer's own sentence stays whole, flagged for the question's words it leaves out, rather than glued after "by".)
  const lamp = reformulate(
    "How does a lava lamp work?",
    "Heated by the bulb at the bottom, the wax expands and becomes less dense than the liquid around it, so it rises.",
  );
  assert.equal(
    lamp.statement,
    "Heated by the bulb at the bottom, the wax expands and becomes less dense than the liquid around it, so it rises.",
  );
  assert.equal(lamp.flagged, true);
});

test("'because of' before a clause with a modal or a participle is flagged", () => {
  const flagged = (statement: string) => flaggedWith(statement, '"because of" before a clause');
  assert.equal(flagged("It is not safe because of leaking fuel could contaminate the groundwater."), true);
  assert.equal(flagged("Some rocks are rounder than others because of eroded by water."), true);
  assert.equal(flagged("Some rocks are rounder than others because of erosion by water."), false);
});

test("a duration of the asker's action on an object takes 'for', after the verb's particle; 'live' and 'take' say it bare", () => {
  assertStatements([
    ["How long should you brush your teeth?", "Two minutes, twice a day.", "You should brush your teeth for two minutes, twice a day."],
    [
      "How long should I rest a steak after cooking it?",
      "Five to ten minutes, so the juices settle.",
      "A steak should be rested for five to ten minutes after cooking it, so the juices settle.",
    ],
    ["How long should I leave hair dye on?", "Usually 30 to 45 minutes.", "Hair dye should usually be left on for 30 to 45 minutes."],
    ["How long do elephants live?", "About 60 years.", "Elephants live about 60 years."],
    ["How long does it take to boil an egg?", "About ten minutes.", "It takes about ten minutes to boil an egg."],
  ]);
});

test("who gets the credit takes the question's predicate; a 'when' participle after the answer follows the question's words", () => {
  assertStatements([
    [
      "Who invented the light bulb?",
      "Thomas Edison usually gets the credit, but many inventors, including Joseph Swan, worked on it before him.",
      "Thomas Edison usually gets the credit for inventing the light bulb, but many inventors, including Joseph Swan, worked on it before him.",
    ],
    [
      "Which animal is the fastest?",
      "The peregrine falcon, when diving — it can exceed 300 km/h.",
      "The peregrine falcon is the fastest animal, when diving — it can exceed 300 km/h.",
    ],
    ["Which bird is the largest?", "The ostrich, when fully grown.", "The ostrich is the largest bird, when fully grown."],
  ]);
});

test("'He was' before a full name says who; a cleft time or place is the answer and its clause follows it", () => {
  assertStatements([
    [
      "Who composed the Four Seasons?",
      "He was Antonio Vivaldi, an Italian Baroque composer.",
      "Antonio Vivaldi, an Italian Baroque composer, composed the Four Seasons.",
    ],
    [
      "Who was Cleopatra?",
      "She was the last active ruler of the Ptolemaic Kingdom of Egypt.",
      "Cleopatra was the last active ruler of the Ptolemaic Kingdom of Egypt.",
    ],
    [
      "When was the Magna Carta signed?",
      "It was in 1215 that King John agreed to it at Runnymede.",
      "The Magna Carta was signed in 1215, when King John agreed to it at Runnymede.",
    ],
  ]);
});

test("'you' asking when, where or how long of an action on an object is said in the passive, as 'I' is", () => {
  assertStatements([
    [
      "When should you plant tulip bulbs?",
      "In autumn, about six weeks before the ground freezes.",
      "Tulip bulbs should be planted in autumn, about six weeks before the ground freezes.",
    ],
    ["How long should you rest a steak?", "Five to ten minutes.", "A steak should be rested for five to ten minutes."],
    // (Not the reader's own body: "your teeth" stays the reader's.)
    ["How long should you brush your teeth?", "Two minutes, twice a day.", "You should brush your teeth for two minutes, twice a day."],
  ]);
});

test("a base form after a plural wh-noun is its verb; a plural before 'like' lists its kinds", () => {
  assertStatements([
    ["Which organs filter waste from the blood?", "the kidneys", "The kidneys filter waste from the blood."],
    [
      "Which two activities use most of the water used in an average household?",
      "flushing toilets and washing clothes",
      "Flushing toilets and washing clothes use most of the water used in an average household.",
    ],
    [
      "Which gases trap heat in the atmosphere?",
      "Greenhouse gases like CO2 and methane.",
      "Greenhouse gases like CO2 and methane trap heat in the atmosphere.",
    ],
    ["Which cells carry oxygen?", "Red blood cells.", "Red blood cells carry oxygen."],
  ]);
});

test("a count of the plural a which-question picks from names it", () => {
  assertStatements([
    [
      "Which countries border France?",
      "Eight: Belgium, Luxembourg, Germany, Switzerland, Italy, Monaco, Spain and Andorra.",
      "Eight countries border France: Belgium, Luxembourg, Germany, Switzerland, Italy, Monaco, Spain and Andorra.",
    ],
    ["In which countries is the Alps?", "Eight.", "The Alps is in eight countries."],
  ]);
});

test("list items: a lead-in line keeps its colon, 'Here are three:' goes, and line capitals are lowered only when every item is a common word", () => {
  assertStatements([
    [
      "What are the three states of matter?",
      "The three states are:\n\n* Solid\n* Liquid\n* Gas",
      "The three states of matter are solid, liquid and gas.",
    ],
    ["What are the primary colours?", "- Red\n- Yellow\n- Blue", "The primary colours are red, yellow and blue."],
    ["Which planets have rings?", "- Jupiter\n- Saturn\n- Uranus\n- Neptune", "Jupiter, Saturn, Uranus and Neptune have rings."],
    [
      "Name the five Great Lakes.",
      "Sure! 1. Superior 2. Michigan 3. Huron 4. Erie 5. Ontario",
      "The five Great Lakes are Superior, Michigan, Huron, Erie and Ontario.",
    ],
    [
      "List three ways to save money on groceries.",
      "Here are three that actually work:\n1. Plan your meals and shop with a list.\n2. Buy store brands.\n3. Never shop hungry!",
      "Three ways to save money on groceries are to plan your meals and shop with a list, buy store brands and never shop hungry.",
    ],
  ]);
});

test("planets keep their capitals, the metal does not; a vitamin's word is common; a participle after its adverb modifies the noun", () => {
  assertStatements([
    ["The largest planet in our solar system is", "Jupiter", "The largest planet in our solar system is Jupiter."],
    ["Name a metal that is liquid at room temperature.", "Mercury", "A metal that is liquid at room temperature is mercury."],
    ["Which vitamin does sunlight help our bodies make?", "Vitamin D.", "Sunlight helps our bodies make vitamin D."],
    [
      "Who was Albert Einstein?",
      "A German-born physicist best known for the theory of relativity.",
      "Albert Einstein was a German-born physicist best known for the theory of relativity.",
    ],
  ]);
});

test("superlative ellipses: 'the most populous', a plural's 'first people', the question's place, 'by far' before the complement", () => {
  assertStatements([
    ["Which city is the most populous?", "Tokyo is the most populous.", "Tokyo is the most populous city."],
    [
      "Who was the first person to climb Everest?",
      "Edmund Hillary and Tenzing Norgay were the first, in 1953.",
      "Edmund Hillary and Tenzing Norgay were the first people to climb Everest, in 1953.",
    ],
    [
      "Which is the longest river in the world?",
      "The Nile is usually considered the longest, though some measurements favour the Amazon.",
      "The Nile is usually considered the longest river in the world, though some measurements favour the Amazon.",
    ],
    ["What is the largest ocean?", "The Pacific is by far the largest.", "The Pacific is the largest ocean by far."],
  ]);
});

test("a verb after 'and' agrees with the resolved subject too", () => {
  assertStatements([
    ["What does a barista do?", "They make and serve coffee drinks.", "A barista makes and serves coffee drinks."],
    ["What do bakers do?", "They make and sell bread.", "Bakers make and sell bread."],
  ]);
});

test("an amount after yes keeps its comma and is no spliced clause; an adverb before a number word is lowered", () => {
  assertStatements(
    [
      ["Does the Moon have gravity?", "Yes, about one-sixth of Earth's.", "The Moon has gravity, about one-sixth of Earth's."],
      ["Is the Sun a star?", "Yes, a yellow dwarf star.", "The Sun is a star, a yellow dwarf star."],
      [
        "How many colours are in a rainbow?",
        "Traditionally seven, though the spectrum is really continuous.",
        "There are traditionally seven colours in a rainbow, though the spectrum is really continuous.",
      ],
    ],
    true,
  );
  assertStatements([
    [
      "Did the Vikings reach America?",
      "Yes, around 1000 AD, at L'Anse aux Meadows.",
      "The Vikings reached America around 1000 AD, at L'Anse aux Meadows.",
    ],
  ]);
});
