/**
 * Statements of answers that lean on the question, stop 53 (issue 23): rules found on new development sets written blind by helpers
 * (lean-97 to lean-100; flags-61 and flags-62) and on the older flag batches' bad statements. Each rule is shown where it applies and,
 * where it could reach too far, where it must not.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { reformulate } from "../lib/statements/builtin.js";
import { tokenize } from "../lib/statements/nlp.js";
import { assertStatements } from "./support/statement-cases.js";

test("a fact asked about a thing is said of the thing where the answer's pronoun stood; an answer with no such pronoun is left to the rules", () => {
  assertStatements(
    [
      [
        "What's special about Telstar 1?",
        "It was the first satellite to relay live TV.",
        "Telstar 1 was the first satellite to relay live TV.",
      ],
      [
        "What's special about Telstar 1?",
        "In 1962 it relayed the first live transatlantic television broadcast.",
        "In 1962 Telstar 1 relayed the first live transatlantic television broadcast.",
      ],
      [
        "What is unique about the platypus?",
        "It lays eggs even though it is a mammal.",
        "The platypus lays eggs even though it is a mammal.",
      ],
      ["Tell me something interesting about koalas.", "They sleep up to 22 hours a day.", "Koalas sleep up to 22 hours a day."],
      ["What's special about Telstar 1?", "Nothing much.", "Nothing much is special about Telstar 1."],
    ],
    true,
  );
});

test("a pronoun after a short opening phrase with no comma stands for the question's subject; not after a phrase with a wh-word", () => {
  assertStatements(
    [
      [
        "How long do koi live?",
        "Quite a long time! With good care they often live 25 to 35 years, and some live much longer.",
        "With good care koi often live 25 to 35 years, and some live much longer.",
      ],
      [
        "What year was the euro introduced?",
        "Good question! As an accounting currency it was introduced in 1999.",
        "As an accounting currency the euro was introduced in 1999.",
      ],
    ],
    true,
  );
});

test("a degree before a place adverb takes no 'in'", () => {
  assertStatements(
    [
      [
        "Where do red foxes live?",
        "Pretty much everywhere in the Northern Hemisphere.",
        "Red foxes live pretty much everywhere in the Northern Hemisphere.",
      ],
      ["Where do cockroaches live?", "Worldwide.", "Cockroaches live worldwide."],
    ],
    true,
  );
});

test("after do-support, a noun known only as a noun, or a compound's noun, is not the verb beside one read first as a verb", () => {
  assertStatements(
    [
      ["Does sourdough bread use commercial yeast?", "No, it doesn't.", "Sourdough bread does not use commercial yeast."],
      [
        "Do the drones of a bagpipe change pitch while playing?",
        "No, they don't.",
        "The drones of a bagpipe do not change pitch while playing.",
      ],
      ["Does vanilla extract contain alcohol?", "Yes.", "Vanilla extract contains alcohol."],
      [
        "What do contour lines on a topographic map show?",
        "They connect points of equal elevation.",
        "Contour lines on a topographic map connect points of equal elevation.",
      ],
      ["Does salt water freeze?", "Yes, but at a lower temperature.", "Salt water freezes, but at a lower temperature."],
    ],
    true,
  );
});

test("a subject noun's relative clause between commas stays inside the subject, unless it lists verbs of its own", () => {
  assertStatements(
    [
      [
        "Who operates the Suez Canal today?",
        "The Suez Canal Authority, which is owned by the Egyptian state, runs it.",
        "The Suez Canal Authority, which is owned by the Egyptian state, runs the Suez Canal today.",
      ],
    ],
    true,
  );
});

test("a letter beyond Latin-1 stays inside its word; a capitalised common plural in -es is lowered", () => {
  assertStatements(
    [
      ["What is shodō?", "It's the Japanese art of calligraphy.", "Shodō is the Japanese art of calligraphy."],
      ["What do kangaroos eat?", "Grasses, mostly.", "Kangaroos eat grasses, mostly."],
    ],
    true,
  );
});

test("a label before the answer goes; a pronoun's 's before a participle and its object is 'has', not before a naming passive", () => {
  assertStatements(
    [
      [
        "How much does it cost to watch the Notting Hill Carnival?",
        "Good news: nothing at all! It's free to watch from the street.",
        "It costs nothing at all to watch the Notting Hill Carnival. It's free to watch from the street.",
      ],
      ["What is a group of owls called?", "It's called a parliament.", "A group of owls is called a parliament."],
    ],
    true,
  );
});

test("a yes/no question's compound subject ends where an article, a participle or an adjective opens the predicate", () => {
  assertStatements(
    [
      ["Is tree pose a balancing pose?", "Yes.", "Tree pose is a balancing pose."],
      [
        "Is Bourbon vanilla made with bourbon whiskey?",
        "No! The name refers to the Île Bourbon.",
        "Bourbon vanilla is not made with bourbon whiskey. The name refers to the Île Bourbon.",
      ],
      ["Is risotto alla milanese made with saffron?", "It is!", "Risotto alla milanese is made with saffron."],
      ["Is the Moon a planet?", "No.", "The Moon is not a planet."],
    ],
    true,
  );
});

test("a why-answer's 'It's the X …' gives its noun phrase, a participle after the noun its own", () => {
  assertStatements(
    [
      [
        "Why does hot spring water smell like rotten eggs?",
        "It's the hydrogen sulfide gas dissolved in it.",
        "Hot spring water smells like rotten eggs because of the hydrogen sulfide gas dissolved in it.",
      ],
      [
        "Why do onions make you cry?",
        "It's a gas released when you cut them.",
        "Onions make you cry because of a gas released when you cut them.",
      ],
    ],
    true,
  );
});

test("the answer's first word keeps the capital the question gives it inside a sentence", () => {
  assertStatements(
    [
      [
        "What's the difference between Tahitian and Madagascar vanilla?",
        "Tahitian vanilla is more floral and fruity, while Madagascar vanilla is creamier and richer.",
        "The difference between Tahitian and Madagascar vanilla is that Tahitian vanilla is more floral and fruity, while Madagascar vanilla is creamier and richer.",
      ],
    ],
    true,
  );
});

test("a relative clause with a subject of its own is no cleft: its words stay; a cleft that says the question again is its focus", () => {
  assertStatements(
    [
      ["What is bee space?", "It's the gap that bees leave open as a passage.", "Bee space is the gap that bees leave open as a passage."],
      ["What causes tides?", "It is the Moon that causes them.", "The Moon causes tides."],
    ],
    true,
  );
});

test("a pointing 'That's X' to a sentence ending in 'be' or to 'Name …' gives X; not an adjective after 'it is'", () => {
  assertStatements(
    [
      ["The largest moon of Saturn is", "That's Titan.", "The largest moon of Saturn is Titan."],
      [
        "Name the Japanese term for traditional full-body tattooing.",
        "That's **irezumi**.",
        "The Japanese term for traditional full-body tattooing is irezumi.",
      ],
      [
        "Name one property of matrix multiplication.",
        "it is associative",
        "One property of matrix multiplication is that it is associative.",
      ],
    ],
    true,
  );
});

test("a name's appositive stays beside it; a time phrase after it opens the statement", () => {
  assertStatements(
    [
      [
        "Whom did Cook's second voyage bring to England from the South Pacific?",
        "Omai, a young man from Raiatea near Tahiti.",
        "Cook's second voyage brought Omai, a young man from Raiatea near Tahiti, to England from the South Pacific.",
      ],
      [
        "What did Franz Joseph's empire become in 1867?",
        "Austria-Hungary, a dual monarchy.",
        "In 1867, Franz Joseph's empire became Austria-Hungary, a dual monarchy.",
      ],
    ],
    true,
  );
});

test("a compliment on the question before a hedge leaves the hedge to open the answer", () => {
  assertStatements(
    [
      [
        "Where did falconry originate?",
        "Good question! Probably Mesopotamia or the Central Asian steppes.",
        "Falconry probably originated in Mesopotamia or the Central Asian steppes.",
      ],
    ],
    true,
  );
});

test("a quantifier alone says the claim of some of the question's plural subject; not to a why-question, where it gives the reason", () => {
  assertStatements(
    [["How long can lichens live?", "Some, for thousands of years.", "Some lichens can live for thousands of years."]],
    true,
  );
  const why = reformulate(
    "Why don't ships going from Europe to Asia just sail around Africa?",
    "Some do, but going through the canal saves thousands of kilometres.",
  );
  assert.notEqual(why.rule, "quantified-subject");
});

test("flagged where a person should look: a word cut at its hyphen, a quantified claim that leaves the question's measure out", () => {
  const cut = reformulate("What is a compound bow's let-off?", "The reduction in holding weight at full draw.");
  assert.ok(cut.doubts.includes('reads: "let- is" cut at its hyphen'), cut.doubts.join("; "));
  const most = reformulate("How big do koi get?", "Most stay under 60 cm.");
  assert.equal(most.statement, "Most koi stay under 60 cm.");
  assert.ok(most.flagged);
  const caught = reformulate(
    "Maria is in Notting Hill at dawn. What is going on?",
    "She's caught J'ouvert, the early-morning opening of the carnival.",
  );
  assert.match(caught.statement, /She has caught J'ouvert/);
});

test("a comparison's plural option takes 'are'; a hedge written as a label hedges the answer", () => {
  assertStatements(
    [
      ["Which is bigger, lions or tigers?", "Tigers.", "Tigers are bigger than lions."],
      [
        "What are the main stages of mitosis?",
        "Roughly: prophase, metaphase, anaphase and telophase.",
        "The main stages of mitosis are roughly prophase, metaphase, anaphase and telophase.",
      ],
    ],
    true,
  );
});

test("'Yes, always' and 'No, not always.' keep their adverb on the verb", () => {
  assertStatements(
    [
      ["Do fencers wear masks?", "Yes, always", "Fencers always wear masks."],
      ["Do cats land on their feet?", "No, not always.", "Cats do not always land on their feet."],
    ],
    true,
  );
});

test("a name in -s after its kind is one thing; a participle read as a noun after 'be' is the verb", () => {
  assertStatements(
    [
      [
        "Which river runs alongside the area destroyed by the Great Fire?",
        "The River Thames",
        "The River Thames runs alongside the area destroyed by the Great Fire.",
      ],
      ["In which year was the lighthouse lit?", "1698", "The lighthouse was lit in 1698."],
    ],
    true,
  );
});

test("a no about many is 'Not many'; a yes with a quantifier's reply says the claim of the quantified subject", () => {
  assertStatements(
    [
      [
        "Did many people die in the Great Fire of London?",
        "No, only six deaths were officially recorded.",
        "Not many people died in the Great Fire of London. Only six deaths were officially recorded.",
      ],
      ["Were the houses in 1666 London made of wood?", "Most of them were, yes.", "Most houses in 1666 London were made of wood."],
      ["Did lighthouse keepers live at the lighthouse?", "Yes, most of them did.", "Most lighthouse keepers lived at the lighthouse."],
    ],
    true,
  );
});

test("after do-support: 'first' is no adjective before the verb; a noun read as a verb after a name ends the subject", () => {
  assertStatements(
    [
      [
        "When did sea otters first get protection under an international treaty?",
        "In 1911.",
        "Sea otters first got protection under an international treaty in 1911.",
      ],
      ["Does a Test match last five days?", "Yes.", "A Test match lasts five days."],
      ["Where did the Brian Boru harp end up?", "Trinity College Dublin.", "The Brian Boru harp ended up in Trinity College Dublin."],
    ],
    true,
  );
});

test("'ones' after adjectives is the wh-phrase's noun; a comma between adjectives keeps the head; a second-person question with a condition is impersonal", () => {
  assertStatements(
    [
      [
        "In which habitats do wolverines usually live?",
        "Cold, remote ones: boreal forest, alpine mountains and Arctic tundra.",
        "Wolverines usually live in cold, remote habitats: boreal forest, alpine mountains and Arctic tundra.",
      ],
      ["Which cheeses melt best?", "Young, soft ones like mozzarella.", "Young, soft cheeses like mozzarella melt best."],
      ["What should you avoid when mixing muffin batter?", "Overmixing.", "Overmixing should be avoided when mixing muffin batter."],
    ],
    true,
  );
});

test("the tagger keeps a word with letters beyond Latin-1 whole and its own spelling ('shodō', 'Dvořák', 'Łódź')", () => {
  const tokens = tokenize("Dvořák wrote about shodō in Łódź.");
  assert.deepEqual(
    tokens.map((t) => t.text),
    ["Dvořák", "wrote", "about", "shodō", "in", "Łódź", "."],
  );
  assert.equal(tokens[3].lemma, "shodō");
});

test("a measure's bracketed conversion stays before its adjective; a leader's phrase after a name is closed before the verb", () => {
  assertStatements(
    [
      [
        "How long is the Great Isaiah Scroll?",
        "About 7.3 metres (roughly 24 feet).",
        "The Great Isaiah Scroll is about 7.3 metres (roughly 24 feet) long.",
      ],
      ["How tall is Everest?", "About 8,849 m at its highest point.", "Everest is about 8,849 m tall at its highest point."],
      ["Which team won the 1983 Cricket World Cup?", "India, under Kapil Dev.", "India, under Kapil Dev, won the 1983 Cricket World Cup."],
    ],
    true,
  );
});
