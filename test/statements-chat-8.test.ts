/**
 * Answers of the kinds the stop-40 development sets brought: a name in -s after a common noun ("the film Jaws") is one thing, so
 * "It" stands for it; the speaker's hedge ("I'm fairly sure that was …", "If I remember right, it was …") stays in front; a
 * prepositional answer's apposition stays beside its name; "In which city …?" counts the question's words past its wh-phrase; and
 * the tagger's misreadings, judged replies, stranded "for", scenes, counts with a rate, and "ones" for a compound noun.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { reformulate } from "../lib/statements/builtin.js";
import { statementDoubts } from "../lib/statements/checks.js";

/** Each (question, answer) gives the statement a careful annotator writes. */
function expectStatements(cases: readonly (readonly [string, string, string])[]): void {
  for (const [q, a, want] of cases) assert.equal(reformulate(q, a).statement, want, `${q} | ${a}`);
}

test("a name in -s after a common noun is one thing: 'It' gets it back", () => {
  const cases: [string, string, string][] = [
    ["What trend did the film Jaws start?", "It started the summer blockbuster.", "The film Jaws started the summer blockbuster."],
    [
      "What trend did the film Jaws start?",
      "Sure! It's usually credited with starting the summer blockbuster.",
      "The film Jaws is usually credited with starting the summer blockbuster.",
    ],
    // (A name after the noun that does not end in -s was already read as one thing, and a plural name stays plural.)
    [
      "Who wrote the opera The Magic Flute?",
      "It was written by Wolfgang Amadeus Mozart.",
      "The opera The Magic Flute was written by Wolfgang Amadeus Mozart.",
    ],
    ["Where do the Rolling Stones come from?", "They come from London.", "The Rolling Stones come from London."],
  ];
  expectStatements(cases);
});

test("the speaker's hedge before a reply stays in front of the statement: 'I'm fairly sure', 'If I remember right'", () => {
  const cases: [string, string, string][] = [
    [
      "The ukulele was first made on which islands?",
      "I'm fairly sure that was the Hawaiian Islands — Portuguese immigrants brought a small guitar there in 1879.",
      "I'm fairly sure the ukulele was first made on the Hawaiian Islands — Portuguese immigrants brought a small guitar there in 1879.",
    ],
    ["Who wrote Hamlet?", "I'm pretty sure it was Shakespeare, around 1600.", "I'm pretty sure Shakespeare wrote Hamlet, around 1600."],
    // A prepositional answer with an apposition goes after the question's short phrase, beside its apposition.
    [
      "To whom did Zeus send Pandora as a bride?",
      "If I remember right, it was Epimetheus, the brother of Prometheus.",
      "If I remember right, Zeus sent Pandora as a bride to Epimetheus, the brother of Prometheus.",
    ],
    ["In which city did Mozart die in 1791?", "Vienna, the capital of Austria.", "Mozart died in 1791 in Vienna, the capital of Austria."],
    // (Without an apposition the answer stays where it was.)
    ["To whom did Zeus send Pandora as a bride?", "Epimetheus.", "Zeus sent Pandora to Epimetheus as a bride."],
  ];
  expectStatements(cases);
});

test("a question's words after 'In which …' are read past the wh-phrase: the city an answer names is not a word left out", () => {
  const question = "In which country did sushi originate?";
  const answer = "Sushi actually developed from a fish-preservation method in Southeast Asia, but modern sushi comes from Japan.";
  assert.deepEqual(statementDoubts(question, answer, answer), []);
  assert.deepEqual(statementDoubts("In which city did Mozart die?", "Vienna.", "Mozart died in Vienna."), []);
});

test("do-support and portion questions the tagger misleads: the verb past a preposition's phrase, a noun in -th, 'How much of X lies …?'", () => {
  const cases: [string, string, string][] = [
    // A word after a preposition and before its noun is not the verb ("in dim light damage").
    ["Does reading in dim light damage your eyes?", "No.", "Reading in dim light does not damage the eyes."],
    // A hedged "not" with its adverb: the hedge on the verb, the adverb on the "not".
    [
      "Does reading in dim light damage your eyes?",
      "Probably not permanently. It can cause eye strain.",
      "Reading in dim light probably does not permanently damage the eyes. It can cause eye strain.",
    ],
    ["Does smoking stunt growth?", "Yes.", "Smoking stunts growth."],
    ["How much of the Netherlands lies below sea level?", "About a quarter.", "About a quarter of the Netherlands lies below sea level."],
    [
      "How much of the Netherlands lies below sea level?",
      "About **a quarter** of it — and without its dykes, roughly 60% of the country would flood.",
      "About a quarter of the Netherlands lies below sea level — and without its dykes, roughly 60% of the country would flood.",
    ],
    ["How much of the Earth is covered by water?", "About 71% of it.", "About 71% of the Earth is covered by water."],
  ];
  expectStatements(cases);
});

test("a reply that judges the asker's action without repeating it ('It's better not to', 'Best not to', 'Better not') gets the action", () => {
  const cases: [string, string, string][] = [
    [
      "Can I take ibuprofen on an empty stomach?",
      "It's better not to — take it with food.",
      "It is better not to take ibuprofen on an empty stomach — take it with food.",
    ],
    [
      "Can I put my wooden chopping board in the dishwasher?",
      "Best not to — the heat can warp it.",
      "It is best not to put a wooden chopping board in the dishwasher — the heat can warp it.",
    ],
    [
      "Can I put my wooden chopping board in the dishwasher?",
      "Better not.",
      "It is better not to put a wooden chopping board in the dishwasher.",
    ],
  ];
  expectStatements(cases);
  // A reply's own infinitive is not the asker's action: the statement does not put the question's action before it, and is flagged.
  const own = reformulate("Should I stretch before running?", "It's better to warm up first.");
  assert.ok(!own.statement.includes("stretch before running to warm up"), own.statement);
  assert.ok(own.flagged, own.statement);
});

test("'How long … for?': the duration takes the stranded 'for'", () => {
  const cases: [string, string, string][] = [
    ["How long do elephants live for?", "About 60 years.", "Elephants live for about 60 years."],
    ["How long can a camel go without water for?", "Up to two weeks.", "A camel can go without water for up to two weeks."],
    [
      "How long will a tetanus jab protect you for?",
      "About ten years, which is why boosters are recommended.",
      "A tetanus jab will protect you for about ten years, which is why boosters are recommended.",
    ],
    // (Without the "for" the duration stays bare.)
    ["How long do elephants live?", "About 60 years.", "Elephants live about 60 years."],
  ];
  expectStatements(cases);
});

test("'Think of … — that's TERM.' to 'What is TERM?' says the term is what the scene describes", () => {
  const cases: [string, string, string][] = [
    [
      "What is petrichor?",
      "Think of that earthy smell when rain falls on dry ground — that's petrichor. Part of it comes from geosmin.",
      "Petrichor is that earthy smell when rain falls on dry ground. Part of it comes from geosmin.",
    ],
    [
      "What is a mirage?",
      "Picture a shimmering pool on a hot road that vanishes as you approach — that's a mirage.",
      "A mirage is a shimmering pool on a hot road that vanishes as you approach.",
    ],
  ];
  expectStatements(cases);
});

test("'Picture one dropped on a beach: …': the scene's 'one' is the question's subject", () => {
  const r = reformulate(
    "How long does a plastic bottle take to break down?",
    "Picture one dropped on a beach: sunlight and waves slowly crack it into smaller pieces, and estimates put the whole process at around 450 years.",
  );
  assert.equal(
    r.statement,
    "For a plastic bottle dropped on a beach, sunlight and waves slowly crack it into smaller pieces, and estimates put the whole process at around 450 years.",
  );
});

test("a how-many count with a rate or a phrase after it takes the counted noun right after the number", () => {
  const cases: [string, string, string][] = [
    ["How many eggs does a hen lay?", "About 300 a year.", "A hen lays about 300 eggs a year."],
    [
      "How many stars can you see with the naked eye?",
      "About 2,500 at any one time.",
      "You can see about 2,500 stars at any one time with the naked eye.",
    ],
    [
      "How many eggs does a hen lay?",
      "If she's a modern laying breed, about 300 a year — roughly one a day.",
      "If she's a modern laying breed, a hen lays about 300 eggs a year — roughly one a day.",
    ],
  ];
  for (const [q, a, want] of cases) {
    const r = reformulate(q, a);
    assert.equal(r.statement, want, `${q} | ${a}`);
    assert.deepEqual(r.doubts, [], r.statement);
  }
});

test("a plural subject's present-tense verb the tagger reads as a noun ('Many home ones use ionisation') makes a sentence answer", () => {
  const r = reformulate("How does a smoke detector work?", "Many home ones use ionisation. A tiny amount of americium ionises the air.");
  assert.ok(!/\bby Many\b/.test(r.statement), r.statement);
  assert.equal(r.statement, "Many home ones use ionisation. A tiny amount of americium ionises the air.");
});

test("'Some good ones' for 'Which board games …?' names the compound noun", () => {
  assert.equal(
    reformulate("Which board games are good for two players?", "Some good ones: chess, backgammon and Go.").statement,
    "Some good board games are good for two players: chess, backgammon and Go.",
  );
});

test("a superlative ellipsis with a degree phrase ('the longest by far') gets the question's noun before the degree", () => {
  assert.equal(
    reformulate("Which US state has the longest coastline?", "Alaska has the longest by far, at over 6,600 miles.").statement,
    "Alaska has the longest coastline by far, at over 6,600 miles.",
  );
});

test("a superlative or ordinal left without its noun before a colon gets the question's ('Chicago had the first skyscraper: …')", () => {
  const r = reformulate(
    "In which city was the first skyscraper built?",
    "Chicago had the first: the ten-storey Home Insurance Building, finished in 1885, is usually given the title.",
  );
  assert.equal(
    r.statement,
    "Chicago had the first skyscraper: the ten-storey Home Insurance Building, finished in 1885, is usually given the title.",
  );
  assert.ok(!r.doubts.some((d) => d.includes('"the first"')), JSON.stringify(r.doubts));
});

test("a portion 'of it' stands for what the question's portion is of", () => {
  assert.equal(
    reformulate("Which gas makes up most of the Earth's atmosphere?", "Nitrogen makes up about 78 percent of it.").statement,
    "Nitrogen makes up about 78 percent of the Earth's atmosphere.",
  );
});

test("the question's noun glued after the answer's name is flagged ('The Tempest play features Prospero.'); the name alone is not", () => {
  const q = "Which Shakespeare play features Prospero?";
  assert.ok(statementDoubts(q, "The Tempest", "The Tempest play features Prospero.").some((d) => d.includes('"play" glued after')));
  assert.deepEqual(statementDoubts(q, "The Tempest", "The Tempest features Prospero."), []);
  assert.deepEqual(
    statementDoubts("Which Beatle wrote the song Something?", "George Harrison", "George Harrison wrote the song Something."),
    [],
  );
});

test("a comma between a name and its verb with only an adverb after it is flagged ('Laozi, traditionally wrote …')", () => {
  const q = "Who wrote the Tao Te Ching?";
  assert.ok(
    statementDoubts(q, "Laozi, traditionally", "Laozi, traditionally wrote the Tao Te Ching.").some((d) => d.includes("a comma between")),
  );
  assert.deepEqual(statementDoubts(q, "Laozi, traditionally", "Laozi wrote the Tao Te Ching, traditionally."), []);
});

test("the answer's 'only a … one' glued after the question's noun is flagged", () => {
  const q = "Does Mercury have an atmosphere?";
  const a = "It has only a very thin one, called an exosphere.";
  assert.ok(
    statementDoubts(q, a, "Mercury has an atmosphere only a very thin one, called an exosphere.").some((d) =>
      d.includes("only a very thin one"),
    ),
  );
  assert.deepEqual(statementDoubts(q, a, "Mercury has only a very thin atmosphere, called an exosphere."), []);
});

test("the answer's 'Those are …' made a reason, and its comment on the question made the predicate, are flagged", () => {
  const q1 = "Why do planes leave white trails in the sky?";
  const a1 = "Those are contrails. Hot exhaust freezes into ice crystals.";
  assert.ok(
    statementDoubts(
      q1,
      a1,
      "Planes leave white trails in the sky because those are contrails. Hot exhaust freezes into ice crystals.",
    ).some((d) => d.includes("made a reason")),
  );
  const q2 = "Who was the first person to circumnavigate the globe?";
  const a2 = "That's trickier than it sounds — Magellan led the expedition, but Elcano completed it.";
  assert.ok(
    statementDoubts(
      q2,
      a2,
      "The first person to circumnavigate the globe was trickier than it sounds — Magellan led the expedition, but Elcano completed it.",
    ).some((d) => d.includes("comment on the question")),
  );
});

test("'means German for', a measure's adjective after a phrase, and a capitalised 'None' inside the sentence are flagged", () => {
  const flagged = (q: string, a: string, st: string) => statementDoubts(q, a, st).length > 0;
  assert.ok(
    flagged(
      'What does "schadenfreude" mean?',
      "It's German for taking pleasure in someone else's misfortune.",
      '"schadenfreude" means German for taking pleasure in someone else\'s misfortune.',
    ),
  );
  assert.ok(
    flagged(
      "How long is a cricket pitch?",
      "22 yards (20.12 metres) from stump to stump.",
      "A cricket pitch is 22 yards (20.12 metres) from stump to stump long.",
    ),
  );
  assert.ok(
    flagged(
      "Which language family does Basque belong to?",
      "None — it's a language isolate.",
      "Basque belongs to None — it's a language isolate.",
    ),
  );
  // (The adjective after its unit, or after a bracket that follows one, reads.)
  assert.ok(
    !flagged("How high is a basketball hoop?", "10 feet (3.05 metres).", "A regulation basketball hoop is 10 feet (3.05 metres) high."),
  );
  assert.ok(!flagged("How long is the Nile?", "About 6,650 km.", "The Nile is about 6,650 km long."));
});

test("an instruction after a passive of the question's verb is flagged ('should be cleaned scoop it')", () => {
  const q = "How often should I clean my cat's litter box?";
  const a = "Scoop it at least once a day.";
  assert.ok(
    statementDoubts(q, a, "A cat's litter box should be cleaned scoop it at least once a day.").some((d) =>
      d.includes("an instruction after"),
    ),
  );
});

test("the answer's letter lowered before a comma reads as an article: flagged", () => {
  const q = "What are the four main blood groups in the ABO system?";
  const a = "A, B, AB and O.";
  assert.ok(
    statementDoubts(q, a, "The four main blood groups in the ABO system are a, B, AB and O.").some((d) =>
      d.includes("article before a comma"),
    ),
  );
  assert.deepEqual(statementDoubts(q, a, "The four main blood groups in the ABO system are A, B, AB and O."), []);
});

test("the answer's 'That was 1666' after the question's noun, its source before the question's phrase, and its explanation or purpose made a reason are flagged", () => {
  const flagged = (q: string, a: string, st: string) => statementDoubts(q, a, st).length > 0;
  assert.ok(
    flagged(
      "In which year did the Great Fire of London take place?",
      "That was 1666.",
      "The Great Fire of London took place in the year that was 1666.",
    ),
  );
  assert.ok(
    flagged(
      "How long do hard-boiled eggs keep in the fridge?",
      "Up to a week, according to the USDA.",
      "Hard-boiled eggs keep up to a week, according to the USDA in the fridge.",
    ),
  );
  assert.ok(
    flagged(
      "Why does my homemade pizza come out soggy in the middle?",
      "A soggy centre usually means the oven isn't hot enough.",
      "A homemade pizza comes out soggy in the middle because a soggy centre usually means the oven isn't hot enough.",
    ),
  );
  assert.ok(
    flagged(
      "Why do goalkeepers wear a different colour from their teammates?",
      "So the referee can tell them apart from the outfield players.",
      "Goalkeepers wear a different colour from their teammates because the referee can tell them apart from the outfield players.",
    ),
  );
  // (The statements a careful annotator writes are not.)
  assert.ok(
    !flagged("In which year did the Great Fire of London take place?", "That was 1666.", "The Great Fire of London took place in 1666."),
  );
  assert.ok(
    !flagged(
      "How long do hard-boiled eggs keep in the fridge?",
      "Up to a week, according to the USDA.",
      "Hard-boiled eggs keep in the fridge for up to a week, according to the USDA.",
    ),
  );
});

test("the answer's comparison glued after the question's without a comma is flagged as said twice; with its comma it is not", () => {
  const q = "Does sound travel faster in water than in air?";
  const a = "Yes, about four times faster.";
  assert.ok(
    statementDoubts(q, a, "Sound travels faster in water than in air about four times faster.").some((d) => d.includes('"faster" twice')),
  );
  assert.ok(!statementDoubts(q, a, "Sound travels faster in water than in air, about four times faster.").some((d) => d.includes("twice")));
});
