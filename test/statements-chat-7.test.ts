/**
 * Answers of the kinds round 24 brought (a do-support question whose tagger reads a compound's noun as the verb, a fronted clause or
 * phrase whose pronoun stands for the question's subject, an amount before what the answer adds, the asker's "my" before a mass noun's
 * compound, an unsure answer, a meaning given as another language's words, a why-answer's purpose "so"): the statement a careful
 * annotator writes, and the flags on the bad statements the earlier rules wrote.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { reformulate } from "../lib/statements/builtin.js";
import { choiceDoubts } from "../lib/statements/choice.js";
import { assertFlagCases, type FlagCase } from "./flag-cases.js";

test("round 24 answers read as a careful annotator writes them", () => {
  const cases: [string, string, string][] = [
    // The main verb after do-support, past a compound the tagger splits ("sea turtle/NOUN lay/VERB(lie)", "baby blue/ADJ whale").
    ["How many eggs does a sea turtle lay?", "Around 100.", "A sea turtle lays around 100 eggs."],
    [
      "How much milk does a baby blue whale drink a day?",
      "Around 380 litres.",
      "A baby blue whale drinks around 380 litres of milk a day.",
    ],
    [
      "When did people first start eating bread?",
      "At least 14,000 years ago.",
      "People first started eating bread at least 14,000 years ago.",
    ],
    ["In which country is Lake Bled?", "In Slovenia.", "Lake Bled is in Slovenia."],
    ["Which Shakespeare play features Prospero?", "The Tempest", "The Tempest features Prospero."],
    // A fronted clause or phrase: its pronoun, or the main clause's, gets the question's subject back; the rest stays as written.
    [
      "How do cats manage to land on their feet?",
      "When they start to fall, their inner ear tells them which way is up, and they twist round.",
      "When cats start to fall, their inner ear tells them which way is up, and they twist round.",
    ],
    [
      "What does a pufferfish do when threatened?",
      "When it senses danger, it gulps water fast and swells up.",
      "When a pufferfish senses danger, it gulps water fast and swells up.",
    ],
    [
      "What does a stonemason do?",
      "On a building site, they cut, shape and lay stone — anything from walls to carvings.",
      "On a building site, a stonemason cuts, shapes and lays stone — anything from walls to carvings.",
    ],
    [
      "How many eggs does a sea turtle lay?",
      "In a single nest, around 100 — and a female may dig several nests in one season.",
      "In a single nest, a sea turtle lays around 100 eggs — and a female may dig several nests in one season.",
    ],
    // An amount's noun before what the answer adds to it.
    [
      "How much milk does a baby blue whale drink a day?",
      "Wow, a lot! Around 380 litres, which helps it put on weight.",
      "A baby blue whale drinks around 380 litres of milk a day, which helps it put on weight.",
    ],
    // The asker's "my": a mass noun before its noun is a modifier ("a wool jumper"); "down" after "my" is one too.
    ["Can I wash my wool jumper in the washing machine?", "Yes.", "A wool jumper can be washed in the washing machine."],
    [
      "Can I wash my down jacket in the washing machine?",
      "Yes, on a gentle cycle.",
      "A down jacket can be washed in the washing machine on a gentle cycle.",
    ],
    ["Can I eat broccoli leaves?", "Yes, you can.", "Broccoli leaves can be eaten."],
    // A subject's number past an adjective after its noun.
    [
      "What makes the northern lights green?",
      "oxygen atoms high in the atmosphere",
      "Oxygen atoms high in the atmosphere make the northern lights green.",
    ],
    // The answer's "!" and ";" end its phrase.
    [
      "Who designed the iron framework inside the Statue of Liberty?",
      "Great question — Gustave Eiffel, the same engineer behind the Eiffel Tower! His skeleton lets the skin move.",
      "Gustave Eiffel, the same engineer behind the Eiffel Tower, designed the iron framework inside the Statue of Liberty. His skeleton lets the skin move.",
    ],
    [
      "Whose idea was reviving the Olympic Games?",
      "It was Pierre de Coubertin's; he founded the IOC in 1894.",
      "Pierre de Coubertin's idea was reviving the Olympic Games; he founded the IOC in 1894.",
    ],
    ['How do you say "thank you" in Swahili?', 'You say "asante."', 'To say "thank you" in Swahili, say "asante."'],
    // An answer that says the question is unsure or debated.
    [
      "Why does Venus rotate backwards?",
      "Nobody is sure, but a giant collision may have flipped it.",
      "Nobody is sure why Venus rotates backwards, but a giant collision may have flipped it.",
    ],
    [
      "Why do cats bring dead animals home?",
      "Not entirely clear — but the leading theory is that it's instinct.",
      "It is not entirely clear why cats bring dead animals home — but the leading theory is that it's instinct.",
    ],
    [
      "Who invented the radio?",
      "It's a bit complicated — Guglielmo Marconi usually gets the credit.",
      "It's a bit complicated who invented the radio — Guglielmo Marconi usually gets the credit.",
    ],
    ["What is the largest city in Canada?", "Nobody knows for sure.", "Nobody knows for sure what the largest city in Canada is."],
    // A meaning given as another language's words.
    ['What does "carpe diem" mean?', 'It\'s Latin for "seize the day".', '"carpe diem" is Latin for "seize the day".'],
    // Round 24's last development batch: a plural subject's verb before a later noun; "most of them"; a reply's own modal; a "but"
    // with a negation kept; a when-clause after the question's words; figures that start a be-question's predicate.
    ["Can cats drink milk?", "Not really.", "Cats cannot really drink milk."],
    ["How long do hummingbirds live?", "Most of them live three to five years.", "Most hummingbirds live three to five years."],
    [
      "Where do monarch butterflies spend the winter?",
      "Most of them spend it in the mountain forests of central Mexico.",
      "Most monarch butterflies spend the winter in the mountain forests of central Mexico.",
    ],
    [
      "Can you microwave eggs in their shells?",
      "You shouldn't, because they can explode.",
      "Eggs should not be microwaved in their shells because they can explode.",
    ],
    ["Can I eat raw eggs?", "Yes, but you should not.", "Raw eggs can be eaten, but you should not."],
    [
      "Whom did Muhammad Ali beat to win his first world heavyweight title?",
      "He beat Sonny Liston in 1964, when he was still called Cassius Clay.",
      "Muhammad Ali beat Sonny Liston in 1964 to win his first world heavyweight title, when he was still called Cassius Clay.",
    ],
    [
      "Why is a marathon 26.2 miles?",
      "It's because of the 1908 London Olympics.",
      "A marathon is 26.2 miles because of the 1908 London Olympics.",
    ],
    ["How many hours of sleep do adults need?", "About seven to nine hours.", "Adults need about seven to nine hours of sleep."],
    [
      "How long do lions live?",
      "In the wild, usually 10 to 14 years. In captivity they can live past 20.",
      "In the wild, lions usually live 10 to 14 years. In captivity they can live past 20.",
    ],
    ["Do I have to pay tax on money from a side hustle?", "No.", "Tax does not have to be paid on money from a side hustle."],
    // A where-answer's place before the question's time phrase; after a place the answer adds to, the time phrase in front.
    [
      "Where did Agatha Christie turn up after her disappearance in 1926?",
      "Harrogate",
      "Agatha Christie turned up in Harrogate after her disappearance in 1926.",
    ],
    [
      "Where did Charles Lindbergh land after his solo flight across the Atlantic?",
      "At Le Bourget airfield, just outside Paris — he touched down at night.",
      "After his solo flight across the Atlantic, Charles Lindbergh landed at Le Bourget airfield, just outside Paris — he touched down at night.",
    ],
    ["An adult cat has about ___ bones.", "Around 230.", "An adult cat has about 230 bones."],
    // The question's object for the answer's "them" after its verb; a name's appositive inside the answer's subject.
    [
      "What do dung beetles use their dung balls for?",
      "They eat them, and females also lay their eggs in them.",
      "Dung beetles eat their dung balls, and females also lay their eggs in them.",
    ],
    [
      "What do leafcutter ants do with the leaves they cut?",
      "They use them to grow a fungus, which they eat.",
      "Leafcutter ants use the leaves they cut to grow a fungus, which they eat.",
    ],
    [
      "Who discovered the Burgess Shale fossils?",
      "Sure! Charles Walcott, an American palaeontologist, came across them in 1909.",
      "Charles Walcott, an American palaeontologist, came across the Burgess Shale fossils in 1909.",
    ],
    [
      "Which vegetables can be grown in shade?",
      "Quite a few leafy ones: 1. lettuce 2. spinach 3. kale.",
      "Quite a few leafy vegetables can be grown in shade: lettuce, spinach and kale.",
    ],
    [
      "Traditional mozzarella is made from the milk of which animal?",
      "The water buffalo's — most mozzarella is cow's milk.",
      "Traditional mozzarella is made from the milk of the water buffalo — most mozzarella is cow's milk.",
    ],
    // A chat exclamation goes; a why-answer's purpose "so" stays.
    [
      "What did Louis Daguerre invent?",
      "Quite a breakthrough! He developed the daguerreotype.",
      "Louis Daguerre developed the daguerreotype.",
    ],
    [
      "Why are cabin lights dimmed for landing?",
      "So passengers' eyes are already adjusted to the dark.",
      "Cabin lights are dimmed for landing so passengers' eyes are already adjusted to the dark.",
    ],
    [
      "Why do zebras have stripes?",
      "So that flies find them harder to land on.",
      "Zebras have stripes so that flies find them harder to land on.",
    ],
    ["Who wrote the Tao Te Ching?", "Laozi, traditionally", "Laozi wrote the Tao Te Ching, traditionally."],
    // "It depends": what depends is the question, said as a clause, or a be-question's subject.
    [
      "How much does a Stradivarius violin cost?",
      "It depends on the instrument, but most fetch millions.",
      "How much a Stradivarius violin costs depends on the instrument, but most fetch millions.",
    ],
    [
      "When is the best time to visit Ha Long Bay?",
      "It depends what you're after, but March to May is usually best.",
      "The best time to visit Ha Long Bay depends what you're after, but March to May is usually best.",
    ],
    // A choice between two options, compared.
    [
      "Which is heavier, a golf ball or a table tennis ball?",
      "The golf ball, by a long way.",
      "A golf ball is heavier than a table tennis ball, by a long way.",
    ],
    ["Which is deeper, Lake Baikal or Lake Tanganyika?", "The first one.", "Lake Baikal is deeper than Lake Tanganyika."],
    // Measures: the adjective before the answer's addition; a how-many's "in darts" is no unit; a name's adjectives in the subject.
    [
      "How long is a Test cricket match?",
      "Up to five days, with three sessions of play each day.",
      "A Test cricket match is up to five days long, with three sessions of play each day.",
    ],
    ["How many points is the bullseye worth in darts?", "50", "The bullseye is worth 50 points in darts."],
    ["How much is the US federal minimum wage?", "$7.25 an hour.", "The US federal minimum wage is $7.25 an hour."],
    [
      "When did George Orwell publish Nineteen Eighty-Four?",
      "He published it in 1949.",
      "George Orwell published Nineteen Eighty-Four in 1949.",
    ],
    [
      "To whom did Mozart dedicate his six 'Haydn' string quartets?",
      "He dedicated them to Joseph Haydn, his friend and mentor.",
      "Mozart dedicated his six 'Haydn' string quartets to Joseph Haydn, his friend and mentor.",
    ],
    // Chat openers and a source phrase.
    [
      "Which animal has the most powerful punch?",
      "Oh, this one's fun! The mantis shrimp — its club-like limbs strike fast.",
      "The mantis shrimp has the most powerful punch — its club-like limbs strike fast.",
    ],
    [
      "How do I make a pavlova?",
      "Here's the basic method: 1. whisk four egg whites 2. beat in sugar 3. bake it.",
      "To make a pavlova, whisk four egg whites, beat in sugar and bake it.",
    ],
    [
      "The Hanging Gardens are traditionally placed in which city?",
      "As far as I know, Babylon — though some historians now think they were at Nineveh.",
      "As far as I know, the Hanging Gardens are traditionally placed in Babylon — though some historians now think they were at Nineveh.",
    ],
    [
      "Who built the first mechanical calculator?",
      "Probably Wilhelm Schickard, in 1623, though Blaise Pascal's machine is better known.",
      "Wilhelm Schickard probably built the first mechanical calculator, in 1623, though Blaise Pascal's machine is better known.",
    ],
    [
      "What causes pins and needles?",
      "Usually pressure on a nerve — the squeezed nerve can't send signals.",
      "Pressure on a nerve usually causes pins and needles — the squeezed nerve can't send signals.",
    ],
  ];
  for (const [q, a, want] of cases) assert.equal(reformulate(q, a).statement, want, `${q} + ${a}`);
});

test('round 24 flags: a choice question\'s options said as "both" or "of the two", the question\'s words after the answer\'s aside', () => {
  const cases: FlagCase[] = [
    [
      "Which is healthier, tea or coffee?",
      "Both are fine, honestly.",
      "Both are fine, honestly.",
      'stands for the question\'s "tea" and "coffee"',
      "Both tea and coffee are fine, honestly.",
    ],
    [
      "Which is deeper, the Atlantic or the Pacific?",
      "The Pacific is the deeper of the two.",
      "The Pacific is the deeper of the two.",
      '"of the two" without',
      "The Pacific is deeper than the Atlantic.",
    ],
    [
      "How many countries are in Africa?",
      "There are 54 countries recognized by the UN, though some counts differ (Western Sahara is disputed, for example).",
      "There are 54 countries recognized by the UN, though some counts differ (Western Sahara is disputed, for example) in Africa.",
      "after the answer's parenthesis",
      "There are 54 countries in Africa recognized by the UN, though some counts differ (Western Sahara is disputed, for example).",
    ],
  ];
  assertFlagCases([
    ...cases,
    [
      "Why does Venus rotate backwards?",
      "Nobody is sure, but a giant collision may have flipped it.",
      "Nobody is sure why venus rotates backwards, but a giant collision may have flipped it.",
      'the question\'s "Venus" lost its capital',
      "Nobody is sure why Venus rotates backwards, but a giant collision may have flipped it.",
    ],
    [
      "Why do cats bring dead animals home?",
      "Not entirely clear — but the leading theory is that it's instinct.",
      "Cats bring dead animals home because of not entirely clear — but the leading theory is that it's instinct.",
      '"because of" before a clause',
      "It is not entirely clear why cats bring dead animals home — but the leading theory is that it's instinct.",
    ],
  ]);
  // An aside without a verb of its own reads before the question's words.
  assert.deepEqual(
    choiceDoubts(
      "The Apollo 11 astronauts spent about 21.5 hours (21 hours and 36 minutes) on the lunar surface.",
      "How long did the Apollo 11 astronauts spend on the lunar surface?",
      "about 21.5 hours (21 hours and 36 minutes)",
    ),
    [],
  );
  // A pronoun the question's context names is resolved there.
  const dog = reformulate("My dog keeps scratching his ears. What might be wrong?", "He most likely has an ear infection or ear mites.");
  assert.ok(!dog.doubts.includes("pronoun left unresolved"), dog.doubts.join("; "));
});
