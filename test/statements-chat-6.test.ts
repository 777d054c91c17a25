/**
 * Chat answers of the kinds round 23 brought (a focusing adverb before an object and the question's infinitive, short exclamations that
 * open the answer, "they" for a kind, a question that only asks why its context is so, an answer that says the question is unsure, a
 * subject cut short, a why-question's own contraction): the statement a careful annotator writes, and the flags on the bad statements
 * the earlier rules wrote.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { reformulate } from "../lib/statements/builtin.js";
import { indefiniteArticle } from "../lib/statements/text.js";
import { assertFlagCases, type FlagCase } from "./flag-cases.js";

test("round 23 chat answers read as a careful annotator writes them", () => {
  const cases: [string, string, string][] = [
    // A focusing adverb goes on the verb when the question's infinitive follows the object; at the end it stays before the object.
    [
      "What did the ancient Romans use to sweeten food?",
      "Mostly honey. They also boiled grape juice down.",
      "The ancient Romans mostly used honey to sweeten food. They also boiled grape juice down.",
    ],
    ["What do moles eat?", "Mostly earthworms.", "Moles eat mostly earthworms."],
    // Short exclamations and fillers before the answer go; "Oh, Paris!" is the answer.
    [
      "How much honey does a single bee make in its lifetime?",
      "Fun fact time! Only about a twelfth of a teaspoon.",
      "A single bee makes only about a twelfth of a teaspoon of honey in its lifetime.",
    ],
    [
      "For whom did Mozart write his Requiem?",
      "Ah, the famous mystery! For Count Franz von Walsegg, who commissioned it anonymously in 1791.",
      "Mozart wrote his Requiem for Count Franz von Walsegg, who commissioned it anonymously in 1791.",
    ],
    [
      "What did Grace Hopper do?",
      "Quite a lot! She was a US Navy rear admiral and computer pioneer.",
      "Grace Hopper was a US Navy rear admiral and computer pioneer.",
    ],
    // "They" for a kind named with "a" is the kind, its verb singular.
    [
      "What does a court stenographer do?",
      "In short, they make a word-for-word record of everything said in court.",
      "A court stenographer makes a word-for-word record of everything said in court.",
    ],
    ["What do beekeepers do?", "They look after bees.", "Beekeepers look after bees."],
    // A who-answer's appositive and its time; an appositive that ends the statement keeps its comma.
    [
      "Who invented the Etch A Sketch?",
      "A French electrician, André Cassagnes, in the late 1950s.",
      "A French electrician, André Cassagnes, invented the Etch A Sketch in the late 1950s.",
    ],
    [
      "To whom did Bach present the Brandenburg Concertos?",
      "To Christian Ludwig, Margrave of Brandenburg, in 1721.",
      "Bach presented the Brandenburg Concertos to Christian Ludwig, Margrave of Brandenburg, in 1721.",
    ],
    // A question that only asks why its context is so.
    [
      "Airline pilots and co-pilots are usually served different meals. Why?",
      "So that if one meal causes food poisoning, the other pilot is still fit to fly.",
      "Airline pilots and co-pilots are usually served different meals so that if one meal causes food poisoning, the other pilot is still fit to fly.",
    ],
    [
      "In many Spanish towns, shops close in the early afternoon. Why?",
      "When the heat was at its worst, it made sense to rest.",
      "In many Spanish towns, shops close in the early afternoon. When the heat was at its worst, it made sense to rest.",
    ],
    // A passive's stranded preposition; a phrasal verb's infinitive.
    ["What temperature should a fridge be set to?", "Between 0 and 5 °C.", "A fridge should be set to between 0 and 5 °C."],
    ["Whose murder does Hamlet set out to avenge?", "His father's", "Hamlet sets out to avenge his father's murder."],
    ["What did the boy give up to join the army?", "His studies.", "The boy gave up his studies to join the army."],
    // "causes" before a gerund is the verb.
    ["What causes swelling after a bee sting?", "Histamine.", "Histamine causes swelling after a bee sting."],
    // An answer that says the question has no sure answer.
    [
      "Why do we dream?",
      "Honestly, scientists aren't entirely sure. One leading theory is that dreaming helps.",
      "Scientists aren't entirely sure why we dream. One leading theory is that dreaming helps.",
    ],
    ["Who wrote the Epic of Gilgamesh?", "Nobody knows.", "Nobody knows who wrote the Epic of Gilgamesh."],
    // A subject cut short gets the question's whole; "there" gets the question's place; "him" gets the name.
    [
      "Where does the word marathon come from?",
      "The word comes from the town of Marathon.",
      "The word marathon comes from the town of Marathon.",
    ],
    ["When was the Treaty of Versailles signed?", "The treaty was signed in 1919.", "The Treaty of Versailles was signed in 1919."],
    ["How many people live in Luxembourg?", "Only about 660,000 people live there.", "Only about 660,000 people live in Luxembourg."],
    ["Who created Winnie-the-Pooh?", "A. A. Milne created him.", "A. A. Milne created Winnie-the-Pooh."],
    // A when or where answer that says the question's subject and verb stands.
    ["Where did Napoleon die?", "Napoleon died on Saint Helena in 1821.", "Napoleon died on Saint Helena in 1821."],
    [
      "When did Concorde make its last flight?",
      "It made its last commercial flight on 24 October 2003.",
      "Concorde made its last commercial flight on 24 October 2003.",
    ],
    // A why-question's contraction stays; a hedge goes before a negated auxiliary.
    ["Why doesn't oil mix with water?", "Because oil is non-polar.", "Oil doesn't mix with water because oil is non-polar."],
    [
      "Why don't woodpeckers get brain damage?",
      "Probably a mix of things: a small brain.",
      "Woodpeckers probably don't get brain damage because of a mix of things: a small brain.",
    ],
    // Softened no on "cannot"; a yes's adverb; a no's dash keeps the answer's contraction.
    ["Can flying fish actually fly?", "Not really. They glide.", "Flying fish cannot really fly. They glide."],
    [
      "Is it safe to eat the white pith of an orange?",
      "Yes, completely — the pith is packed with fibre.",
      "It is completely safe to eat the white pith of an orange — the pith is packed with fibre.",
    ],
    [
      "Does shaving make hair grow back thicker?",
      "No — that's a myth. Shaving cuts the hair.",
      "Shaving does not make hair grow back thicker — that's a myth. Shaving cuts the hair.",
    ],
    // Prepositions that opened the answer are lowered; "a" or "an" by sound.
    [
      "Where is the Namib Desert?",
      "Along the Atlantic coast of southern Africa",
      "The Namib Desert is along the Atlantic coast of southern Africa.",
    ],
    ["How fast does a cheetah run?", "About 110 km/h.", "A cheetah runs at about 110 km/h."],
    [
      "Can I use my US phone charger in the UK?",
      "Usually, yes — most chargers handle 100 to 240 volts.",
      "A US phone charger can usually be used in the UK — most chargers handle 100 to 240 volts.",
    ],
    // A what-question's purpose after "use" goes with a clause that goes on.
    [
      "What did ancient Egyptians use to treat wounds?",
      "They often used honey, which has antibacterial properties.",
      "To treat wounds, ancient Egyptians often used honey, which has antibacterial properties.",
    ],
    ["Whose idea was the germ theory of disease?", "Louis Pasteur's", "The germ theory of disease was Louis Pasteur's idea."],
    // "that was" after "I believe" is the dummy subject; "It's hard to say —" and "almost always" as the other hedges are.
    [
      "The saxophone was invented by whom?",
      "I believe that was Adolphe Sax, a Belgian instrument maker.",
      "I believe the saxophone was invented by Adolphe Sax, a Belgian instrument maker.",
    ],
    [
      "Who invented the toothbrush?",
      "It's hard to say — people in China used bristle toothbrushes by the 1400s.",
      "It's hard to say who invented the toothbrush — people in China used bristle toothbrushes by the 1400s.",
    ],
    [
      "My smoke alarm chirps once every minute or so. What does that mean?",
      "Almost always that the battery is running low.",
      "My smoke alarm chirps once every minute or so. That almost always means that the battery is running low.",
    ],
    // A count before its list: the count is the answer.
    [
      "List the countries that border Switzerland.",
      "Sure! There are five: 1. **France** 2. **Germany** 3. **Austria** 4. **Liechtenstein** 5. **Italy**. The longest border is with Italy.",
      "There are five countries that border Switzerland: France, Germany, Austria, Liechtenstein and Italy. The longest border is with Italy.",
    ],
    ["How many moons does Mars have?", "There are two: Phobos and Deimos.", "Mars has two moons: Phobos and Deimos."],
    // A why-answer's fronted clause goes after "because"; the subject "a heat pump" stays whole before "heat a house".
    [
      "Why do leaves change colour in autumn?",
      "Great question! As days get shorter, trees stop producing chlorophyll.",
      "Leaves change colour in autumn because, as days get shorter, trees stop producing chlorophyll.",
    ],
    [
      "Why does ice float?",
      "When water freezes, its molecules spread out.",
      "Ice floats because when water freezes, its molecules spread out.",
    ],
    ["What does a Geiger counter detect?", "Ionizing radiation.", "A Geiger counter detects ionizing radiation."],
    ["How long does a professional soccer match last?", "90 minutes.", "A professional soccer match lasts 90 minutes."],
    [
      "Where did the Apollo 11 astronauts land on the Moon?",
      "They landed in the Sea of Tranquility on 20 July 1969.",
      "The Apollo 11 astronauts landed on the Moon in the Sea of Tranquility on 20 July 1969.",
    ],
    [
      "How does a heat pump heat a house?",
      "It moves heat from the outside air into the house.",
      "A heat pump moves heat from the outside air into the house.",
    ],
    [
      "What do we call the line where the sky seems to meet the land?",
      "We call it the horizon.",
      "The line where the sky seems to meet the land is called the horizon.",
    ],
  ];
  for (const [q, a, want] of cases) assert.equal(reformulate(q, a).statement, want, `${q} + ${a}`);
});

test("round 23 flags: the asker's advice after their own context, the question's verb left bare, a capitalised preposition; a fact about the asker is spared", () => {
  const cases: FlagCase[] = [
    [
      "I'm running my first 10K next week. What should I eat the night before?",
      "A normal meal with plenty of carbohydrates.",
      "I'm running my first 10K next week. I should eat a normal meal with plenty of carbohydrates the night before.",
      "says the advice to the asker",
      "I'm running my first 10K next week. The night before a 10K, eat a normal meal with plenty of carbohydrates.",
    ],
    [
      "I'm a British citizen flying to New York tomorrow. Do I need a visa?",
      "You don't need a visa, but you do need an ESTA.",
      "I'm a British citizen flying to New York tomorrow. You don't need a visa, but you do need an ESTA.",
      "says the advice to the asker",
      "I'm a British citizen flying to New York tomorrow. A British citizen does not need a visa, but does need an ESTA.",
    ],
    [
      "What does a Geiger counter detect?",
      "Ionizing radiation.",
      "A Geiger counters ionizing radiation detect.",
      "left bare at the end",
      "A Geiger counter detects ionizing radiation.",
    ],
    [
      "How long does a professional soccer match last?",
      "90 minutes.",
      "A professional soccer matches 90 minutes last.",
      "left bare at the end",
      "A professional soccer match lasts 90 minutes.",
    ],
    [
      "Where is the Namib Desert?",
      "Along the Atlantic coast of southern Africa",
      "The Namib Desert is Along the Atlantic coast of southern Africa.",
      "capitalised inside a sentence",
      "The Namib Desert is along the Atlantic coast of southern Africa.",
    ],
  ];
  assertFlagCases(cases);
  const fact = reformulate("I put $1,000 in a savings account that pays 5% a year. How much will I have after one year?", "$1,050");
  assert.ok(!fact.doubts.some((d) => d.includes("advice")), fact.doubts.join("; "));
});

test("indefiniteArticle chooses by the first sound", () => {
  const cases: [string, "a" | "an"][] = [
    ["apple", "an"],
    ["university", "a"],
    ["umbrella", "an"],
    ["hour", "an"],
    ["house", "a"],
    ["US phone charger", "a"],
    ["MRI scan", "an"],
    ["UK plug", "a"],
    ["8-year-old", "an"],
    ["one-way street", "a"],
    ["European", "a"],
  ];
  for (const [word, want] of cases) assert.equal(indefiniteArticle(word), want, word);
});
