/**
 * Chat answers of the kinds development round 16 brought (a degree or a hedge alone to a yes/no question, "Nobody knows for sure, but
 * …", a source or a focusing adverb before a phrase, a total, a where-question's stranded preposition, the asker's plural or mass noun,
 * the question's purpose or phrase fronted before an answer that adds more): the statement a careful annotator writes, and the flags on
 * the bad statements the earlier rules wrote.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { reformulate } from "../lib/statements/builtin.js";
import { assertFlagCases, type FlagCase } from "./flag-cases.js";

test("round 16 chat answers read as a careful annotator writes them", () => {
  const cases: [string, string, string][] = [
    // A degree or a hedge alone answers a yes/no question and stays on the verb.
    ["Is Istanbul in Europe?", "Partly — the Bosphorus splits the city.", "Istanbul is partly in Europe — the Bosphorus splits the city."],
    [
      "Is the Bible the best-selling book of all time?",
      "Almost certainly, with estimates of over five billion copies printed.",
      "The Bible is almost certainly the best-selling book of all time, with estimates of over five billion copies printed.",
    ],
    [
      "Do I need to peel ginger before grating it?",
      "No — the skin is thin.",
      "Ginger does not need to be peeled before grating it — the skin is thin.",
    ],
    // What nobody knows is the question, said as a clause.
    [
      "Who wrote the Epic of Gilgamesh?",
      "Nobody knows for sure, but it is credited to a scribe named Sin-leqi-unninni.",
      "Nobody knows for sure who wrote the Epic of Gilgamesh, but it is credited to a scribe named Sin-leqi-unninni.",
    ],
    [
      "Why do cats knock things off tables?",
      "Nobody's totally sure, but it's probably hunting instinct.",
      "Nobody's totally sure why cats knock things off tables, but it's probably hunting instinct.",
    ],
    // A source, a focusing adverb, "I think it was …" and a total around a phrase answer.
    [
      "What are the five mother sauces in French cooking?",
      "According to Escoffier: 1. béchamel 2. velouté 3. espagnole 4. hollandaise 5. tomato",
      "According to Escoffier, the five mother sauces in French cooking are béchamel, velouté, espagnole, hollandaise and tomato.",
    ],
    [
      "By whom was the Colosseum built?",
      "Mostly by the Flavian emperors: Vespasian started it around AD 72.",
      "The Colosseum was built mostly by the Flavian emperors: Vespasian started it around AD 72.",
    ],
    [
      "When was the first Oktoberfest held?",
      "I think it was 1810, to celebrate the wedding.",
      "I think the first Oktoberfest was held in 1810, to celebrate the wedding.",
    ],
    ["What is the capital of Germany?", "I think it's Berlin.", "The capital of Germany is Berlin."],
    [
      "How many dots are on a standard die?",
      "Good question — 21 in total, since the faces go from one to six.",
      "There are 21 dots on a standard die in total, since the faces go from one to six.",
    ],
    ["How much does a troy ounce weigh in grams?", "About 31.1 grams", "A troy ounce weighs about 31.1 grams."],
    // A where-question's stranded preposition takes the answer; its phrase opens the statement when the answer adds more.
    ["Where does the word algebra come from?", "From Arabic.", "The word algebra comes from Arabic."],
    [
      "Where did the Titanic set sail from on its maiden voyage?",
      "From Southampton (on 10 April 1912), stopping at Cherbourg.",
      "On its maiden voyage, the Titanic set sail from Southampton (on 10 April 1912), stopping at Cherbourg.",
    ],
    // The question's purpose or phrase opens the statement when the answer's phrase goes on after a comma.
    [
      "What did sailors eat to prevent scurvy?",
      "Citrus fruit, especially lemons and limes, because they're rich in vitamin C.",
      "To prevent scurvy, sailors ate citrus fruit, especially lemons and limes, because they're rich in vitamin C.",
    ],
    [
      "How do chameleons catch insects?",
      "They shoot out a sticky tongue, and it hits the prey in a fraction of a second.",
      "To catch insects, chameleons shoot out a sticky tongue, and it hits the prey in a fraction of a second.",
    ],
    // The asker's plural or mass noun takes no article; a word's hyphen survives.
    ["When should I replace my running shoes?", "Roughly every 500 km.", "Running shoes should be replaced roughly every 500 km."],
    ["What should I pack in a first-aid kit?", "Plasters.", "Plasters should be packed in a first-aid kit."],
    [
      "What do I do if I get stung by a jellyfish?",
      "Rinse the area with seawater.",
      "If stung by a jellyfish, rinse the area with seawater.",
    ],
    [
      "I'm going to Iceland in December. Should I rent a 4x4?",
      "It's a good idea if you plan to leave the Ring Road.",
      "I'm going to Iceland in December. Renting a 4x4 is a good idea if you plan to leave the Ring Road.",
    ],
    // Parsing and placing (a purpose's "so" stays: "because" would make it a reason).
    [
      "Why are manhole covers round?",
      "So they can't fall through their own opening.",
      "Manhole covers are round so they can't fall through their own opening.",
    ],
    ["In what year did the Berlin Wall come down?", "1989", "The Berlin Wall came down in 1989."],
    ["Which planet in the Solar System is the densest?", "Earth", "Earth is the densest planet in the Solar System."],
    ["What is the name of Tintin's dog?", "Snowy", "The name of Tintin's dog is Snowy."],
    [
      "What did Pavlov's dogs learn to do?",
      "They learned to salivate at the sound of a bell.",
      "Pavlov's dogs learned to salivate at the sound of a bell.",
    ],
    ["Describe what the fuse in a plug does.", "It protects the flex.", "The fuse in a plug protects the flex."],
    [
      "What year did the Sydney Harbour Bridge open?",
      'It opened in 1932, and locals call it "the Coathanger".',
      'The Sydney Harbour Bridge opened in 1932, and locals call it "the Coathanger".',
    ],
    [
      "Cola tastes tangy because of which ingredient?",
      "Because of phosphoric acid — it adds a sharp sourness.",
      "Cola tastes tangy because of phosphoric acid — it adds a sharp sourness.",
    ],
  ];
  for (const [q, a, want] of cases) assert.equal(reformulate(q, a).statement, want, `${q} + ${a}`);
});

test("the round 16 flags catch the bad statement and spare the good one beside it", () => {
  const cases: FlagCase[] = [
    // question, answer, bad statement, its doubt (a substring), a good statement of the same answer
    [
      "What does a notary public do?",
      "A notary public witnesses the signing of documents.",
      "A notary public does a notary public witnesses the signing of documents.",
      "said again",
      "A notary public witnesses the signing of documents.",
    ],
    [
      "How much does a troy ounce weigh in grams?",
      "About 31.1 grams",
      "A troy ounce weighs about 31.1 grams in grams.",
      '"grams in grams"',
      "A troy ounce weighs about 31.1 grams.",
    ],
    ["What is the name of Tintin's dog?", "Snowy", "The name of Tintin's dog is snowy.", "lowered", "The name of Tintin's dog is Snowy."],
    [
      "Why do pilots say Mayday in an emergency?",
      "From the French m'aidez.",
      "Pilots say Mayday in an emergency because of from the French m'aidez.",
      '"because of" before a clause',
      "Pilots say Mayday in an emergency because it comes from the French m'aidez.",
    ],
    [
      "Why are manhole covers round?",
      "So they can't fall through their own opening.",
      "Manhole are covers round because they can't fall through their own opening.",
      "split",
      "Manhole covers are round so they can't fall through their own opening.",
    ],
    [
      "When should I replace my running shoes?",
      "Roughly every 500 km.",
      "A running shoes should be replaced roughly every 500 km.",
      '"a running shoes"',
      "Running shoes should be replaced roughly every 500 km.",
    ],
    [
      "Why is it called a hamburger if there's no ham in it?",
      "Because it's named after Hamburg.",
      "It is called a hamburger if there's no ham in it because it's named after Hamburg.",
      'question\'s "it"',
      "A hamburger is called a hamburger because it's named after Hamburg.",
    ],
  ];
  assertFlagCases(cases);
});
