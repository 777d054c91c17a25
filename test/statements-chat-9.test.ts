/**
 * Flags for statements that glue the answer's own phrase into the question's words (issue 23, part 6): the phrase after the answer's
 * comma run on without its closing comma, an apposition or bracket moved away from its name, and a superlative kept without the noun
 * the question gives it, and others. Each check is shown on the statement it flags and on the one a careful annotator writes, which it
 * leaves. Also: advice asked with "should" and listed after a colon is what the answer's phrase names.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { reformulate } from "../lib/statements/builtin.js";
import { statementDoubts } from "../lib/statements/checks.js";

test("the answer's phrase after its comma, run into the question's words without a comma, is flagged", () => {
  const cases: [string, string, string, string, string][] = [
    [
      "Who discovered insulin?",
      "Frederick Banting and Charles Best, in 1921.",
      "Frederick Banting and Charles Best, in 1921 discovered insulin.",
      "Frederick Banting and Charles Best discovered insulin in 1921.",
      "in 1921",
    ],
    [
      'To whom did Shakespeare leave his "second-best bed"?',
      "To his wife, Anne Hathaway.",
      'Shakespeare left to his wife, Anne Hathaway his "second-best bed".',
      'Shakespeare left his "second-best bed" to his wife, Anne Hathaway.',
      "Anne Hathaway",
    ],
    [
      "Which planet has the most moons?",
      "It's Saturn, with over 140 confirmed moons.",
      "Saturn, with over 140 confirmed moons has the most moons.",
      "Saturn has the most moons, with over 140 confirmed moons.",
      "with over 140 confirmed moons",
    ],
    [
      "Whose law describes how Germanic consonants shifted from Proto-Indo-European?",
      "It's Grimm's law, set out by Jacob Grimm.",
      "Grimm's law, set out by Jacob Grimm describes how Germanic consonants shifted from Proto-Indo-European.",
      "Grimm's law, set out by Jacob Grimm, describes how Germanic consonants shifted from Proto-Indo-European.",
      "set out by Jacob Grimm",
    ],
  ];
  for (const [q, a, glued, closed, phrase] of cases) {
    assert.ok(statementDoubts(q, a, glued).includes(`reads: no comma after the answer's "${phrase}"`), glued);
    assert.ok(!statementDoubts(q, a, closed).some((d) => d.startsWith("reads: no comma after")), closed);
  }
});

test("a list, a polar answer's clause, a participle's own adjunct and an infinitive of purpose are not flagged as run on", () => {
  const none = (q: string, a: string, st: string) =>
    assert.ok(!statementDoubts(q, a, st).some((d) => d.startsWith("reads: no comma after")), st);
  none(
    "What type of image does a concave mirror form of a distant object?",
    "virtual, upright image",
    "A concave mirror forms a virtual, upright image of a distant object.",
  );
  none(
    "Does light travel faster in glass than in a vacuum?",
    "yes, light travels faster in glass",
    "Yes, light travels faster in glass than in a vacuum.",
  );
  none(
    "Which river did Julius Caesar cross in 49 BC?",
    "He crossed the Rubicon, starting a civil war.",
    "Julius Caesar crossed the Rubicon, starting a civil war in 49 BC.",
  );
  none(
    "How does a refrigerator keep food cold?",
    "It pumps a refrigerant through a cycle of compression and evaporation, which carries heat out of the inside compartment.",
    "A refrigerator pumps a refrigerant through a cycle of compression and evaporation, which carries heat out of the inside compartment to keep food cold.",
  );
  none("Who were the four Beatles?", "John, Paul, George and Ringo", "The four Beatles were John, Paul, George and Ringo.");
});

test("the answer's apposition or bracket moved away from its name is flagged; kept after its name it is not", () => {
  const q = "Whose skull does Hamlet hold in the graveyard scene?";
  const a = "It's Yorick's, the old court jester, who used to carry Hamlet on his back.";
  assert.ok(
    statementDoubts(
      q,
      a,
      "Hamlet holds Yorick's skull in the graveyard scene, the old court jester, who used to carry Hamlet on his back.",
    ).includes(`reads: the answer's "the old court jester" moved away from its name`),
  );
  assert.deepEqual(
    statementDoubts(
      q,
      a,
      "The skull Hamlet holds in the graveyard scene is Yorick's, the old court jester, who used to carry Hamlet on his back.",
    ),
    [],
  );
  const scale = "Whose scale measures how hot chilli peppers are?";
  const scoville = "Wilbur Scoville's (an American pharmacist who devised it in 1912).";
  assert.ok(
    statementDoubts(
      scale,
      scoville,
      "Wilbur Scoville's scale measures how hot chilli peppers are (an American pharmacist who devised it in 1912).",
    ).some((d) => d.includes("moved away from its name")),
  );
  assert.ok(
    !statementDoubts(
      scale,
      scoville,
      "The scale that measures how hot chilli peppers are is Wilbur Scoville's (an American pharmacist who devised it in 1912).",
    ).some((d) => d.includes("moved away")),
  );
  // (A bracket that is a comment of its own, not an apposition, may follow the statement: "(he was never president, …)".)
  assert.deepEqual(
    statementDoubts(
      "Whose portrait is on the US $100 bill?",
      "Benjamin Franklin's (he was never president, which surprises a lot of people).",
      "Benjamin Franklin's portrait is on the US $100 bill (he was never president, which surprises a lot of people).",
    ),
    [],
  );
});

test("a superlative kept without the noun the question gives it is flagged, whatever the question's wh-word", () => {
  const q = "What's the oldest board game still played today?";
  const a = "The oldest still widely played is probably Go, which originated in China more than 2,500 years ago.";
  assert.ok(statementDoubts(q, a, a).includes(`context: "the oldest" without the question's "board"`));
  assert.ok(
    !statementDoubts(
      q,
      a,
      "The oldest board game still widely played today is probably Go, which originated in China more than 2,500 years ago.",
    ).some((d) => d.includes('"the oldest"')),
  );
  // (A possessive after the superlative is its noun: "the most Wimbledon men's singles titles".)
  assert.deepEqual(
    statementDoubts(
      "Who has won the most Wimbledon men's singles titles?",
      "Roger Federer",
      "Roger Federer has won the most Wimbledon men's singles titles.",
    ),
    [],
  );
});

test("a superlative's 'the forest' is no superlative, and the answer's own superlative phrase may stand", () => {
  const clean = (q: string, a: string, st: string) =>
    assert.ok(!statementDoubts(q, a, st).some((d) => d.includes("without the question's")), st);
  clean(
    "In a forest community, fungi break the leaves down on the forest floor. What is the decomposer in this forest community?",
    "the fungi",
    "In a forest community, fungi break the leaves down on the forest floor. The decomposer in this forest community is the fungi.",
  );
  clean(
    "Which block raised the temperature of the water the greatest amount?",
    "the block with the greatest specific heat",
    "The block with the greatest specific heat raised the temperature of the water the greatest amount.",
  );
  assert.ok(
    statementDoubts(
      "What's the rarest blood type?",
      "AB negative is the rarest of the main types.",
      "AB negative is the rarest of the main types.",
    ).includes(`context: "the rarest" without the question's "blood"`),
  );
});

test("a doubled possessive, a year straight after its verb, an adverb after the modal's verb and a question's phrase after the answer's clause are flagged", () => {
  const has = (q: string, a: string, st: string, doubt: string) => assert.ok(statementDoubts(q, a, st).includes(doubt), st);
  const not = (q: string, a: string, st: string) => assert.deepEqual(statementDoubts(q, a, st), []);
  const voice = "Whose voice is on the oldest known sound recording of a song?";
  has(
    voice,
    "Probably the inventor's own.",
    "The inventor's own's voice is probably on the oldest known sound recording of a song.",
    `reads: "own's"`,
  );
  not(voice, "Probably the inventor's own.", "The voice on the oldest known sound recording of a song is probably the inventor's own.");
  const film = "What year did the first Star Wars film come out?";
  has(film, "Ah, that was 1977!", "The first Star Wars film came out 1977.", `reads: "out 1977" without "in"`);
  not(film, "Ah, that was 1977!", "The first Star Wars film came out in 1977.");
  const dose = "How much paracetamol can an adult take in a day?";
  const usually = "Usually no more than 4 grams.";
  has(
    dose,
    usually,
    "An adult can take usually no more than 4 grams of paracetamol in a day.",
    `reads: the answer's "usually" after the verb ("can take usually")`,
  );
  not(dose, usually, "An adult can usually take no more than 4 grams of paracetamol in a day.");
  const fan = "Which way should a ceiling fan turn in summer?";
  const anticlockwise = "Usually anticlockwise when you look up at it, so the blades push air straight down.";
  has(
    fan,
    anticlockwise,
    "A ceiling fan should usually turn anticlockwise when you look up at it in summer, so the blades push air straight down.",
    `reads: the question's "in summer" after the answer's when-clause`,
  );
  not(
    fan,
    anticlockwise,
    "In summer, a ceiling fan should usually turn anticlockwise when you look up at it, so the blades push air straight down.",
  );
  // (A possessive's apposition moved away from it, as a name's is.)
  has(
    "Whose grave did Greyfriars Bobby guard?",
    "His owner's, a night watchman named John Gray.",
    "Greyfriars Bobby guarded his owner's grave, a night watchman named John Gray.",
    `reads: the answer's "a night watchman named John Gray" moved away from its name`,
  );
});

test("advice asked with 'should', named by a phrase and listed after a colon, is what the phrase names; a clause after the colon stays", () => {
  const cases: [string, string, string][] = [
    [
      "What should I pack for a beach holiday?",
      "The essentials: 1. sun cream 2. a hat 3. a towel",
      "The essentials to pack for a beach holiday are sun cream, a hat and a towel.",
    ],
    [
      "What should I plant in a shady garden?",
      "A few favourites: ferns, hostas and foxgloves.",
      "A few favourites to plant in a shady garden are ferns, hostas and foxgloves.",
    ],
    ["What should I plant in a shady garden?", "Ferns: they love shade.", "Ferns should be planted in a shady garden: they love shade."],
    // (With "can" the passive stays: the annotators write it so.)
    [
      "What can I use instead of butter?",
      "A few things: olive oil, coconut oil or applesauce.",
      "A few things can be used instead of butter: olive oil, coconut oil or applesauce.",
    ],
  ];
  for (const [q, a, want] of cases) assert.equal(reformulate(q, a).statement, want, `${q} | ${a}`);
});

test("the answer's 'it does …' said of the question's reason, and an apostrophe on its own, are flagged", () => {
  const q = "Give one reason why recycling is important.";
  const a = "It reduces the amount of waste sent to landfills.";
  assert.ok(
    statementDoubts(q, a, "One reason why recycling is important reduces the amount of waste sent to landfills.").includes(
      `meaning: the answer's "it reduces" said of the question's noun`,
    ),
  );
  assert.deepEqual(
    statementDoubts(q, a, "One reason why recycling is important is that it reduces the amount of waste sent to landfills."),
    [],
  );
  const war = "In what year did the Treaty of Westphalia end the Thirty Years' War?";
  assert.ok(
    statementDoubts(war, "1648", "The Treaty of Westphalia ended the Thirty Years in 1648 ' War.").includes(
      "reads: an apostrophe on its own",
    ),
  );
  assert.deepEqual(statementDoubts(war, "1648", "The Treaty of Westphalia ended the Thirty Years' War in 1648."), []);
});

test("a reason's 'it' is what the reason is about: the reason is that the answer's clause holds; 'it's …' still names the answer", () => {
  const cases: [string, string, string][] = [
    [
      "Give one reason why recycling is important.",
      "It reduces the amount of waste sent to landfills.",
      "One reason why recycling is important is that it reduces the amount of waste sent to landfills.",
    ],
    [
      "A plant kept in a dark closet for a week turns yellow. What is the most likely reason?",
      "It cannot make chlorophyll without light.",
      "A plant kept in a dark closet for a week turns yellow. The most likely reason is that it cannot make chlorophyll without light.",
    ],
    [
      "I'm growing tomatoes and the leaves are curling. What's the likely cause?",
      "It's probably heat stress or uneven watering.",
      "I'm growing tomatoes and the leaves are curling. The likely cause is probably heat stress or uneven watering.",
    ],
  ];
  for (const [q, a, want] of cases) {
    const r = reformulate(q, a);
    assert.equal(r.statement, want, `${q} | ${a}`);
    assert.deepEqual(r.doubts, [], r.statement);
  }
});
