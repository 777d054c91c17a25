/**
 * Chat answers of the kinds the blind rounds 10 and 11 brought (contractions, hedged yes/no, first-person questions, ellipses with more
 * after a comma or dash, fill-in-the-blank sentences): the statement a careful annotator writes, and the flags on the bad statements the
 * earlier rules wrote for them.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { reformulate } from "../lib/statements/builtin.js";
import { assertFlagCases, type FlagCase } from "./flag-cases.js";

test("chat answers read as a careful annotator writes them", () => {
  const cases: [string, string, string][] = [
    // A pronoun's contracted verb, spelled out so the rules read it.
    [
      "What causes the northern lights?",
      "They're caused by charged particles from the Sun.",
      "The northern lights are caused by charged particles from the Sun.",
    ],
    [
      "The instrument used to measure atmospheric pressure is called a ___.",
      "It's called a barometer.",
      "The instrument used to measure atmospheric pressure is called a barometer.",
    ],
    [
      "Complete the sentence: Plants absorb water through their ...",
      "They absorb it through their roots.",
      "Plants absorb water through their roots.",
    ],
    [
      "Fill in the blank: Photosynthesis takes place in the ___ of plant cells.",
      "That would be the chloroplasts.",
      "Photosynthesis takes place in the chloroplasts of plant cells.",
    ],
    ["The largest planet is ___.", "Jupiter", "The largest planet is Jupiter."],
    // Hedged and softened yes/no.
    [
      "Is coffee bad for the heart?",
      "Probably not. For most people, it is fine.",
      "Coffee is probably not bad for the heart. For most people, it is fine.",
    ],
    ["Can ostriches fly?", "Most likely not.", "Ostriches most likely cannot fly."],
    ["Is it safe to eat raw cookie dough?", "Not really.", "It is not really safe to eat raw cookie dough."],
    [
      "Could a person survive on Mars without a spacesuit?",
      "No, not for more than a minute or two.",
      "A person could not survive on Mars without a spacesuit for more than a minute or two.",
    ],
    ["Did the Vikings reach North America?", "Yes, around 1000 AD.", "The Vikings reached North America around 1000 AD."],
    ["Is Greenland part of the European Union?", "No", "Greenland is not part of the European Union."],
    ["Does adding salt make water boil faster?", "No, it doesn't.", "Adding salt does not make water boil faster."],
    // The asker said of anyone.
    ["Can I use olive oil instead of butter in brownies?", "Yes", "Olive oil can be used instead of butter in brownies."],
    [
      "How do I take a screenshot on Windows?",
      "Press Windows key + Shift + S.",
      "To take a screenshot on Windows, press Windows key + Shift + S.",
    ],
    ["Is it bad to charge my phone overnight?", "Honestly, not really.", "It is not really bad to charge a phone overnight."],
    // Ellipses and pronouns with more after them.
    [
      "Which of Jupiter's moons is the largest?",
      "Ganymede is the largest — it's even bigger than Mercury.",
      "Ganymede is the largest of Jupiter's moons — it's even bigger than Mercury.",
    ],
    [
      "Name the first country to give women the vote.",
      "New Zealand was the first, in 1893.",
      "New Zealand was the first country to give women the vote, in 1893.",
    ],
    ["Which country produces the most coffee?", "Brazil does, by a wide margin.", "Brazil produces the most coffee, by a wide margin."],
    [
      "Whose signature appears on euro banknotes?",
      "The ECB President's signature appears on them.",
      "The ECB President's signature appears on euro banknotes.",
    ],
    [
      "The first synthetic dye was discovered by whom?",
      "William Henry Perkin discovered it in 1856.",
      "William Henry Perkin discovered the first synthetic dye in 1856.",
    ],
    ["What did the Maya use cacao beans for?", "They used them as currency.", "The Maya used cacao beans as currency."],
    ["Which is deeper, Lake Baikal or Lake Tanganyika?", "The first one.", "Lake Baikal is deeper than Lake Tanganyika."],
    // Counts, measures and the question's own words.
    [
      "How many chambers does a fish heart have?",
      "Two — an atrium and a ventricle.",
      "A fish heart has two chambers — an atrium and a ventricle.",
    ],
    [
      "How many languages are spoken in Papua New Guinea?",
      "Around 840, which is the most of any country.",
      "Around 840 languages are spoken in Papua New Guinea, which is the most of any country.",
    ],
    [
      "How long does it take light from the Sun to reach Earth?",
      "about 8 minutes",
      "It takes light from the Sun about 8 minutes to reach Earth.",
    ],
    [
      "How much caffeine is in a shot of espresso?",
      "about 63 milligrams",
      "There are about 63 milligrams of caffeine in a shot of espresso.",
    ],
    ["At what temperature does sugar reach the hard-crack stage?", "around 150 °C", "Sugar reaches the hard-crack stage at around 150 °C."],
    [
      "What caused the Bronze Age collapse?",
      "Probably a mix of drought and invasions.",
      "The Bronze Age collapse was probably caused by a mix of drought and invasions.",
    ],
    [
      "A farmer's wheat is turning yellow. Which nutrient is the crop most likely lacking?",
      "It's most likely nitrogen.",
      "A farmer's wheat is turning yellow. The crop is most likely lacking nitrogen.",
    ],
    ["What does a flying buttress support?", "the upper walls of a building", "A flying buttress supports the upper walls of a building."],
    [
      "What did Johannes Kepler discover about the orbits of the planets?",
      "that they are ellipses",
      "Johannes Kepler discovered that the orbits of the planets are ellipses.",
    ],
    // (The question's own contraction stays, as lean-holdout-7 and -12 write it.)
    ["Why doesn't oil mix with water?", "Because oil is non-polar.", "Oil doesn't mix with water because oil is non-polar."],
    [
      "What gives chili peppers their heat?",
      "Capsaicin, a compound in the seeds",
      "Capsaicin, a compound in the seeds, gives chili peppers their heat.",
    ],
    [
      "What's the best way to store fresh herbs?",
      "The best way is to stand them in water.",
      "The best way to store fresh herbs is to stand them in water.",
    ],
    ["Who's the author of Dune?", "Frank Herbert", "The author of Dune is Frank Herbert."],
    ["Humans have how many pairs of chromosomes?", "23", "Humans have 23 pairs of chromosomes."],
    // A capital that only opened a list of lower-case items.
    ["What did Marie Curie discover?", "Polonium and radium", "Marie Curie discovered polonium and radium."],
    ["What are the three primary colors of light?", "Red, green and blue", "The three primary colors of light are red, green and blue."],
    ["Which cities did he visit?", "Paris and Rome", "He visited Paris and Rome."],
  ];
  for (const [q, a, want] of cases) assert.equal(reformulate(q, a).statement, want, `${q} + ${a}`);
});

test("the flags added for chat answers catch the bad statement and spare the good one beside it", () => {
  const cases: FlagCase[] = [
    // question, answer, bad statement, its doubt (a substring), a good statement of the same answer
    [
      "What causes ocean tides?",
      "They're mainly caused by the Moon.",
      "Ocean tides're mainly caused by the Moon.",
      "tides're",
      "Ocean tides are mainly caused by the Moon.",
    ],
    [
      "What did the ancient Egyptians use papyrus for?",
      "They used it to make paper.",
      "The ancient Egyptians used papyrus for to make paper.",
      "for to make",
      "The ancient Egyptians used papyrus to make paper.",
    ],
    [
      "What kind of rock is formed from cooled lava?",
      "Igneous rock, such as basalt",
      "Igneous rock, such as basalt is formed from cooled lava.",
      "comma phrase",
      "Igneous rock, such as basalt, is formed from cooled lava.",
    ],
    [
      "When did Brazil win its first World Cup?",
      "It won its first in 1958.",
      "Brazil won its first World Cup in its first in 1958.",
      "its first",
      "Brazil won its first World Cup in 1958.",
    ],
    [
      "Does lightning ever strike the same place twice?",
      "Yes, especially tall structures.",
      "Lightning strikes the same place twice. Especially tall structures.",
      "no sentence",
      "Lightning strikes the same place twice, especially tall structures.",
    ],
    [
      "How long should I boil an egg for a soft yolk?",
      "About 6 minutes.",
      "I should boil an egg about 6 minutes for a soft yolk.",
      "asker",
      "An egg should be boiled for about 6 minutes for a soft yolk.",
    ],
    [
      "Who is considered the father of economics?",
      "Adam Smith, mainly because of The Wealth of Nations.",
      "Adam Smith is considered the father, mainly because of The Wealth of Nations.",
      "of economics",
      "Adam Smith is considered the father of economics, mainly because of The Wealth of Nations.",
    ],
    [
      "Who wrote The Tale of Genji?",
      "Murasaki Shikibu",
      "The author of The Tale of Genji was written by Murasaki Shikibu.",
      "agent",
      "The Tale of Genji was written by Murasaki Shikibu.",
    ],
    [
      "What language do they speak in Quebec?",
      "They mainly speak French there.",
      "They mainly speak French there.",
      "there",
      "In Quebec, they mainly speak French.",
    ],
    [
      "How many teeth does an adult human have?",
      "Usually 32.",
      "An adult human has usually 32 teeth.",
      "has",
      "An adult human usually has 32 teeth.",
    ],
    [
      "What is the most likely cause?",
      "Most likely the yeast was dead.",
      "The most likely cause is most likely that the yeast was dead.",
      "hedge said twice",
      "The most likely cause is that the yeast was dead.",
    ],
  ];
  assertFlagCases(cases);
});
