/**
 * Statements of answers that lean on the question, stop 49 (issue 23): rules found on new development sets written blind by helpers
 * (lean-56 and lean-58, short answers in the style of the issue's own table, and lean-57), and on the labelled flag batches flags-41
 * and flags-42. Each rule is shown where it applies and where it must not.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { reformulate } from "../lib/statements/builtin.js";
import { assertStatements } from "./support/statement-cases.js";

test("a capitalised name is the verb's object, never the verb, though its word can be one ('Japan')", () => {
  assertStatements(
    [
      ["What year did the earthquake strike Japan?", "2011", "The earthquake struck Japan in 2011."],
      ["When did the tsunami hit Japan?", "In 2011.", "The tsunami hit Japan in 2011."],
      // (A lower-case word that can be a verb still is one.)
      ["When did the Dutch tulip bubble burst?", "In 1637.", "The Dutch tulip bubble burst in 1637."],
    ],
    true,
  );
});

test("the asker's situation goes when the question names its own thing, a 'the' phrase that a name ends or an acronym included", () => {
  assertStatements(
    [
      [
        "I'm planning a trip to Europe. What is the highest peak in the Alps?",
        "That would be Mont Blanc, at about 4,800 metres.",
        "The highest peak in the Alps is Mont Blanc, at about 4,800 metres.",
      ],
      [
        "I'm opening my first account next week. What does FDIC insurance cover per depositor?",
        "It covers up to $250,000.",
        "FDIC insurance covers up to $250,000 per depositor.",
      ],
    ],
    true,
  );
  // (A "the" phrase of the asker's situation stays: "the climb" is the one they plan.)
  assertStatements([
    [
      "I'm planning to hike Kilimanjaro next year. How long does the climb take?",
      "Usually five to seven days.",
      "I'm planning to hike Kilimanjaro next year. The climb usually takes five to seven days.",
    ],
  ]);
});

test("a name's particle stays in the name, a singular noun is its own lemma, a name is no irregular plural", () => {
  assertStatements(
    [
      ["Was Leonardo da Vinci left-handed?", "Yes, he was.", "Leonardo da Vinci was left-handed."],
      ["Did Vincent van Gogh cut off his ear?", "Yes, he did.", "Vincent van Gogh cut off his ear."],
      // (The tagger reads "dive" as the plural of the Italian "diva".)
      ["How long can a leatherback turtle dive?", "Up to about 85 minutes", "A leatherback turtle can dive for up to about 85 minutes."],
      // (Lowered, "Carmen" reads as the plural of "carman".)
      ["Which opera by Bizet is set in Seville?", "Carmen", "Carmen by Bizet is set in Seville."],
      // (A common word capitalised as the answer's opening is still plural.)
      ["Who are the most social animals?", "Children", "The most social animals are children."],
    ],
    true,
  );
});

test("'Why is there …?' is said as its own clause with the answer's reason after it", () => {
  assertStatements(
    [
      [
        "Why is there no wind on the Moon?",
        "Because it has almost no atmosphere.",
        "There is no wind on the Moon because it has almost no atmosphere.",
      ],
      ["Why are there tides?", "Because of the Moon's gravity.", "There are tides because of the Moon's gravity."],
    ],
    true,
  );
});

test("a why-answer's 'it was so …' is its reason, and 'It was built to …' says a passive question again", () => {
  assertStatements(
    [
      [
        "Why was pepper sometimes called 'black gold'?",
        "Short answer: it was so valuable it was traded almost like currency.",
        "Pepper was sometimes called 'black gold' because it was so valuable it was traded almost like currency.",
      ],
      ["Why was pepper called black gold?", "It was very valuable.", "Pepper was called black gold because it was very valuable."],
      [
        "Why was the Great Wall built?",
        "It was built to keep out invaders from the north.",
        "The Great Wall was built to keep out invaders from the north.",
      ],
      ["Why was the Colosseum built?", "It was built for public games.", "The Colosseum was built for public games."],
    ],
    true,
  );
});

test("an adjective after the object of 'you' is said after the impersonal passive's participle ('eaten raw')", () => {
  assertStatements(
    [
      ["Can you eat morels raw?", "You shouldn't.", "Morels should not be eaten raw."],
      ["Should you store tomatoes cold?", "No.", "Tomatoes should not be stored cold."],
      ["Can you grow a pineapple from its top?", "Yes.", "A pineapple can be grown from its top."],
    ],
    true,
  );
});

test("a demonstrative before an article is a be-question's whole subject ('Were those the first Games …?')", () => {
  assertStatements(
    [
      ["Were those the first Games after World War II?", "They were!", "Those were the first Games after World War II."],
      ["Are these the oldest trees on Earth?", "Yes.", "These are the oldest trees on Earth."],
    ],
    true,
  );
});

test("a whose-question's subject keeps its quotes", () => {
  assertStatements(
    [
      ['Whose skeleton is the famous fossil "Lucy"?', "An early hominin's.", 'The famous fossil "Lucy" is an early hominin\'s skeleton.'],
      ['Whose pen name was "Boz"?', "Charles Dickens's", '"Boz" was Charles Dickens\'s pen name.'],
    ],
    true,
  );
});

test("an amount's bracket comes before the measured noun's 'of'; a count's 'each' is the question's", () => {
  assertStatements(
    [
      [
        "How much moon rock did Apollo 11 bring back?",
        "Roughly 21.5 kg (about 47.5 pounds).",
        "Apollo 11 brought back roughly 21.5 kg (about 47.5 pounds) of moon rock.",
      ],
      [
        "How many pieces does each player start a chess game with?",
        "Sixteen each — eight pawns and eight other pieces.",
        "Each player starts a chess game with sixteen pieces — eight pawns and eight other pieces.",
      ],
      ["How many cards does each player get?", "Seven each.", "Each player gets seven cards."],
    ],
    true,
  );
});

test("'like' after a noun that can be the verb is that verb's preposition; 'Yes, exactly.' says nothing of its own", () => {
  assertStatements(
    [
      ["Does the queen move like a rook and a bishop combined?", "Yes, exactly.", "The queen moves like a rook and a bishop combined."],
      ["Is Paris the capital of France?", "Yes, that's right.", "Paris is the capital of France."],
      ["Do house cats like water?", "Not usually.", "House cats do not usually like water."],
    ],
    true,
  );
});

test("a place's article that opened the answer is lowered after 'in', not that of The Hague", () => {
  assertStatements(
    [
      [
        "Where did the ancient Egyptians bury their pharaohs?",
        "The Valley of the Kings.",
        "The ancient Egyptians buried their pharaohs in the Valley of the Kings.",
      ],
      ["Where is the Mona Lisa kept?", "The Louvre, in Paris.", "The Mona Lisa is kept in the Louvre, in Paris."],
      ["Where do the Dutch royals live?", "The Hague.", "The Dutch royals live in The Hague."],
    ],
    true,
  );
});

test("a stranded preposition after an object with its own of-phrase takes the answer", () => {
  assertStatements(
    [
      [
        "What does a shark use its ampullae of Lorenzini for?",
        "Sensing prey's electric fields.",
        "A shark uses its ampullae of Lorenzini for sensing prey's electric fields.",
      ],
      ["What does a shark use its fins for?", "Swimming.", "A shark uses its fins for swimming."],
    ],
    true,
  );
});

test("a participle's agent stays in the subject before a passive's final participle", () => {
  assertStatements(
    [
      [
        "Where was the Sydney Opera House designed by Jørn Utzon built?",
        "Sydney, Australia",
        "The Sydney Opera House designed by Jørn Utzon was built in Sydney, Australia.",
      ],
      ["When was the bridge designed by Eiffel finished?", "In 1884.", "The bridge designed by Eiffel was finished in 1884."],
    ],
    true,
  );
});

test("a continent takes 'in' wherever the question's 'on' stands", () => {
  assertStatements(
    [
      ["The Rocky Mountains are on which continent?", "North America.", "The Rocky Mountains are in North America."],
      ["Which continent are the Atlas Mountains on?", "Africa", "The Atlas Mountains are in Africa."],
      ["On which continent is Kenya?", "Africa.", "Kenya is in Africa."],
    ],
    true,
  );
});

test("'In short:' claims nothing; 'It's generally agreed' reports the clause after it, with or without 'that'", () => {
  assertStatements(
    [
      [
        "In which city did the Renaissance begin?",
        "It's generally agreed it began in Florence, Italy.",
        "It's generally agreed the Renaissance began in Florence, Italy.",
      ],
      [
        "When was the wheel invented?",
        "It is generally believed that it was invented around 3500 BC.",
        "It is generally believed that the wheel was invented around 3500 BC.",
      ],
    ],
    true,
  );
  assertStatements([
    [
      "How were the Alps formed?",
      "In short: the African Plate collided with the Eurasian Plate.",
      "The African Plate collided with the Eurasian Plate.",
    ],
  ]);
});

test("a which-question's 'one' after a superlative is its class, and so goes the class before 'still'", () => {
  assertStatements(
    [
      [
        "Which reptile is the largest living one?",
        "That's the saltwater crocodile.",
        "The saltwater crocodile is the largest living reptile.",
      ],
      ["Which reptile is the largest living one?", "The saltwater crocodile is.", "The saltwater crocodile is the largest living reptile."],
      ["Which ocean is the deepest one?", "The Pacific.", "The Pacific is the deepest ocean."],
      [
        "Which bank is the oldest still operating?",
        "Banca Monte dei Paschi di Siena, founded in 1472.",
        "Banca Monte dei Paschi di Siena, founded in 1472, is the oldest bank still operating.",
      ],
    ],
    true,
  );
});

test("an in-place 'do what' takes the answer's verb; a which-noun said again takes the whole it is part of", () => {
  assertStatements([
    [
      "The hammerhead shark's wide head helps it do what?",
      "Probably sense prey and turn sharply.",
      "The hammerhead shark's wide head probably helps it sense prey and turn sharply.",
    ],
    ["Organisms require energy in order to do what?", "grow and reproduce", "Organisms require energy in order to grow and reproduce."],
  ]);
  assertStatements(
    [
      ["The Sea of Tranquility is on which side of the Moon?", "The near side.", "The Sea of Tranquility is on the near side of the Moon."],
      // (Not a kind's own words: "the string family", not "the string family of instruments".)
      ["To which family of instruments does the violin belong?", "the string family", "The violin belongs to the string family."],
    ],
    true,
  );
});

test("an echoed answer's last words that open the question's own after the gap are the question's to say", () => {
  assertStatements(
    [
      [
        "What did Mozart leave unfinished when he died in 1791?",
        "He left his Requiem unfinished; Süssmayr completed it afterwards.",
        "Mozart left his Requiem unfinished when he died in 1791; Süssmayr completed it afterwards.",
      ],
      ["What do bees make from nectar?", "They make honey from nectar.", "Bees make honey from nectar."],
    ],
    true,
  );
});

test("'What is X likely to be?' keeps 'likely to be' with its verb, and the answer's own hedge says it", () => {
  assertStatements(
    [
      ["What is the bird likely to be?", "A magpie.", "The bird is likely to be a magpie."],
      ["What is the bird likely to be?", "Probably a magpie.", "The bird is probably a magpie."],
      ["Which type of rock is it most likely to be?", "sedimentary", "It is most likely to be a sedimentary rock."],
      [
        "We saw a spiky animal near Adelaide. What was it likely to be?",
        "Most likely a short-beaked echidna.",
        "We saw a spiky animal near Adelaide. It was most likely a short-beaked echidna.",
      ],
    ],
    true,
  );
});

test("a yes's condition, an example's included, goes on the statement after a comma", () => {
  assertStatements(
    [
      [
        "Can a bank freeze your account?",
        "Yes, it can, for example if it suspects fraud or receives a court order.",
        "A bank can freeze your account, for example if it suspects fraud or receives a court order.",
      ],
    ],
    true,
  );
});

test("what an answer adds after an amount of the question's whole goes after the question's words", () => {
  assertStatements(
    [
      [
        "What percentage of Earth's fresh water is stored in glaciers and ice sheets?",
        "Roughly 69%, most of it in Antarctica.",
        "Roughly 69% of Earth's fresh water is stored in glaciers and ice sheets, most of it in Antarctica.",
      ],
      ["How much of the Earth is covered by oceans?", "About 71% of it.", "About 71% of the Earth is covered by oceans."],
    ],
    true,
  );
});

test("a quoted title is the question's object for the answer's 'it', and the answer's own verb is no verb lost", () => {
  assertStatements(
    [
      ['Who composed "Take Five"?', "Paul Desmond wrote it.", 'Paul Desmond wrote "Take Five".'],
      [
        'Who painted "The Garden of Earthly Delights"?',
        "Hieronymus Bosch painted it around 1500.",
        'Hieronymus Bosch painted "The Garden of Earthly Delights" around 1500.',
      ],
    ],
    true,
  );
});

test("a passive's participle before a final phrase of place ends a subject with a measure in it", () => {
  assertStatements(
    [
      [
        "What year was the record 56.7 °C reading taken in Death Valley?",
        "1913.",
        "The record 56.7 °C reading was taken in Death Valley in 1913.",
      ],
    ],
    true,
  );
});

test("a chat answer's impression without its 'it' gets it back ('Sounds like a ladybug.')", () => {
  assertStatements([
    [
      "My kid found a bug with a hard red shell and black spots in our garden. What is it?",
      "Sounds like a ladybug. That's good news — they eat aphids.",
      "My kid found a bug with a hard red shell and black spots in our garden. It sounds like a ladybug. That's good news — they eat aphids.",
    ],
    ["What is this rash?", "Looks like eczema.", "This rash looks like eczema."],
  ]);
});

test("a number that labels a noun ('size 8') stays in the subject before the subject's other nouns", () => {
  assertStatements(
    [
      ["How many millimetres is a US size 8 knitting needle?", "5 millimetres", "A US size 8 knitting needle is 5 millimetres."],
      // (A number after a common noun still starts the predicate.)
      ["Why is a marathon 26.2 miles?", "Because of the 1908 Olympics.", "A marathon is 26.2 miles because of the 1908 Olympics."],
    ],
    true,
  );
});

test("the question's 'its' stands for the one place the asker's situation names", () => {
  assertStatements(
    [
      [
        "I'm planning a trip to Japan. What is its highest mountain?",
        "Mount Fuji — it's about 3,776 metres tall.",
        "Japan's highest mountain is Mount Fuji — it's about 3,776 metres tall.",
      ],
      ["I'm visiting Iceland. What is its capital?", "Reykjavík.", "Iceland's capital is Reykjavík."],
    ],
    true,
  );
});

test("a yes's clause states the question's noun with a closed compound that ends with it ('stratovolcano')", () => {
  assertStatements(
    [
      ["Is Mount Kilimanjaro a volcano?", "Yes, it's a dormant stratovolcano.", "Mount Kilimanjaro is a dormant stratovolcano."],
      ["Is a robin a bird?", "Yes, it's a songbird.", "A robin is a songbird."],
    ],
    true,
  );
});

test("the question's pointing word said as the answer's complement is flagged", () => {
  const r = reformulate(
    "We're driving across Canada this summer and want to stop in the capital. Which city is that?",
    "That'd be Ottawa, in Ontario.",
  );
  assert.ok(r.doubts.includes('reads: "is that" for the question\'s pointing word'), r.statement);
  // (Not a "that" the answer says itself.)
  assert.deepEqual(reformulate("What is the capital of Canada?", "Ottawa is the capital.").doubts, []);
});

test("a verb the tagger read before a final word that is no verb's base form stays the verb ('feel pain', 'look blue')", () => {
  assertStatements(
    [
      [
        "Does the brain feel pain?",
        "No, it doesn't — brain tissue has no pain receptors.",
        "The brain does not feel pain — brain tissue has no pain receptors.",
      ],
      ["Why does the ocean look blue?", "Because water absorbs red light.", "The ocean looks blue because water absorbs red light."],
      // (A final word that can be the verb still is it: "shower" read as a verb before "peak".)
      ["When does the Perseid meteor shower peak?", "mid-August", "The Perseid meteor shower peaks in mid-August."],
      ["What does a Geiger counter detect?", "Radiation.", "A Geiger counter detects radiation."],
    ],
    true,
  );
});

test("a count after a passive's participle and the preposition it strands goes last, and no count phrase is flagged there", () => {
  assertStatements(
    [
      [
        "How many hills was ancient Rome built on?",
        "Seven — that's why it's called the City of Seven Hills.",
        "Ancient Rome was built on seven hills — that's why it's called the City of Seven Hills.",
      ],
      ["How many islands is Venice built on?", "118.", "Venice is built on 118 islands."],
    ],
    true,
  );
});

test("an office without an article is said of the answer ('Titus was emperor when …')", () => {
  assertStatements(
    [
      [
        "Who was emperor when Vesuvius erupted?",
        "Titus — he'd only been emperor for a few months.",
        "Titus was emperor when Vesuvius erupted — he'd only been emperor for a few months.",
      ],
      // (With its of-phrase the office keeps its place: "The president of France is …".)
      ["Who is president of France?", "Emmanuel Macron.", "The president of France is Emmanuel Macron."],
    ],
    true,
  );
});

test("a wh-phrase's noun goes on through a hyphen and through a compound up to 'did'; a modal's progressive keeps its '-ing' verb", () => {
  assertStatements(
    [
      [
        "Which Greek city-state was famous for the harsh military training of its boys?",
        "Sparta — boys entered the agoge at about age seven.",
        "Sparta was famous for the harsh military training of its boys — boys entered the agoge at about age seven.",
      ],
      ["In which present-day country is Samarkand?", "Uzbekistan", "Samarkand is in Uzbekistan."],
      ["Whose home run record did Roger Maris break in 1961?", "Babe Ruth's.", "Roger Maris broke Babe Ruth's home run record in 1961."],
      ["What could the stations be measuring?", "heat", "The stations could be measuring heat."],
      ["Which Shakespeare play features Prospero?", "The Tempest.", "The Tempest features Prospero."],
    ],
    true,
  );
});

test("a count's bracket is what the answer adds: the counted noun goes before it", () => {
  assertStatements(
    [
      ["How many bones are in the human body?", "206 (in adults).", "There are 206 bones in the human body (in adults)."],
      [
        "How many legs does a spider have?",
        "Eight (unlike insects, which have six).",
        "A spider has eight legs (unlike insects, which have six).",
      ],
    ],
    true,
  );
});

test("a capitalised participle after an article opens a name, no clause ('the Enhanced Fujita scale')", () => {
  assertStatements(
    [
      [
        "What is the scale used to rate tornado strength in the United States?",
        "That would be the Enhanced Fujita (EF) scale.",
        "The scale used to rate tornado strength in the United States is the Enhanced Fujita (EF) scale.",
      ],
    ],
    true,
  );
});

test("a measure's own phrase goes after the question's infinitive ('cost about $35 million to build at the time')", () => {
  assertStatements(
    [
      [
        "How much did the Golden Gate Bridge cost to build?",
        "About $35 million at the time (it opened in 1937).",
        "The Golden Gate Bridge cost about $35 million to build at the time (it opened in 1937).",
      ],
      [
        "How long does a broken bone take to heal?",
        "Usually six to eight weeks for a simple fracture, but it depends on the bone.",
        "A broken bone usually takes six to eight weeks to heal for a simple fracture, but it depends on the bone.",
      ],
    ],
    true,
  );
});

test("a focusing adverb that opens a place answer goes before the question's preposition ('only on Tasmania')", () => {
  assertStatements(
    [
      ["On which island do Tasmanian devils live in the wild?", "Only Tasmania.", "Tasmanian devils live only on Tasmania in the wild."],
      ["In which countries do pandas live?", "Only China.", "Pandas live only in China."],
    ],
    true,
  );
});
