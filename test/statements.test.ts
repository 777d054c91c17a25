import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { reformulate, classifyQuestion } from "../lib/statements/builtin.js";
import { pastTense, thirdPerson } from "../lib/statements/nlp.js";
import { naiveStatement } from "../lib/statements/naive.js";
import { tokenLcsLength, rougeLF, exactMatch } from "../lib/statements/metrics.js";
import { loadStatementItems, statementSplits } from "../lib/statements/dataset.js";
import { evaluateStatementGenerator } from "../lib/statements/evaluate.js";
import { builtinGenerator } from "../lib/statements/generator.js";
import { QUESTION_TYPES } from "../lib/statements/types.js";
import { hasRepeatedClause, dropsAnswer } from "../lib/statements/agreement.js";
import { hasColonForm, illFormedReasons, repeatsFourGram, statementWords } from "../lib/statements/wellformed.js";
import { reformulateAll } from "../lib/statements/reformulate-all.js";
import { statementDoubts } from "../lib/statements/checks.js";
import { splitSentences, joinList } from "../lib/statements/answer.js";

// The examples of the issue, each a different grammar: what a careful annotator writes.
const issueExamples: [string, string, string][] = [
  ["Who wrote Hamlet?", "William Shakespeare", "William Shakespeare wrote Hamlet."],
  ["How many legs does a spider have?", "eight", "A spider has eight legs."],
  ["Which gas do plants absorb from the air?", "carbon dioxide", "Plants absorb carbon dioxide from the air."],
  ["What is the capital of France?", "The capital of France is Paris.", "The capital of France is Paris."],
  ["What do bees make?", "Bees make honey, and also wax for their hives.", "Bees make honey, and also wax for their hives."],
  [
    "Where is the Great Barrier Reef located?",
    "off the coast of Queensland, Australia",
    "The Great Barrier Reef is located off the coast of Queensland, Australia.",
  ],
  ["Is the Earth flat?", "No", "The Earth is not flat."],
  ["Why do objects fall to the ground?", "Because of gravity.", "Objects fall to the ground because of gravity."],
  ["Does the Moon produce its own light?", "No", "The Moon does not produce its own light."],
  ["What did Thomas Edison invent?", "the light bulb", "Thomas Edison invented the light bulb."],
  ["When did the Cold War end?", "1991", "The Cold War ended in 1991."],
  ["Which planet is closest to the Sun?", "Mercury", "Mercury is closest to the Sun."],
];

test("the issue's examples read as a careful annotator writes them", () => {
  for (const [q, a, want] of issueExamples) {
    const r = reformulate(q, a);
    assert.equal(r.statement, want, `${q} + ${a}`);
    assert.equal(r.flagged, false, `${q}: ${r.doubts.join("; ")}`);
    assert.deepEqual(illFormedReasons(r.statement, q, a), [], r.statement);
  }
});

test("every form of the question is read by its grammar", () => {
  const cases: [string, string, string, RegExp][] = [
    ["The chemical symbol for gold is ___.", "Au", "The chemical symbol for gold is Au.", /^fill-blank$/],
    ["Give an example of a noble gas.", "argon", "An example of a noble gas is argon.", /^imperative/],
    ["List the three states of matter.", "solid, liquid and gas", "The three states of matter are solid, liquid and gas.", /^imperative/],
    ["If a plant gets no light", "it cannot photosynthesize", "If a plant gets no light, it cannot photosynthesize.", /^completion/],
    [
      "Whose face is on the U.S. one-dollar bill?",
      "George Washington",
      "George Washington's face is on the U.S. one-dollar bill.",
      /whose/,
    ],
    ["Whom did Romeo love?", "Juliet", "Romeo loved Juliet.", /^wh-inverted/],
    ["In which country is the Eiffel Tower located?", "France", "The Eiffel Tower is located in France.", /prep/],
    ["On which continent is Kenya?", "Africa", "Kenya is in Africa.", /^wh-/],
    ["What year did World War II end?", "1945", "World War II ended in 1945.", /^wh-inverted/],
    ["What type of galaxy is the Milky Way?", "a spiral galaxy", "The Milky Way is a spiral galaxy.", /^wh-be/],
    ["How far is the Moon from the Earth?", "about 384,400 km", "The Moon is about 384,400 km from the Earth.", /^wh-be/],
    ["How old is the Earth?", "about 4.5 billion years", "The Earth is about 4.5 billion years old.", /^wh-be/],
    [
      "How fast does light travel?",
      "about 300,000 kilometers per second",
      "Light travels at about 300,000 kilometers per second.",
      /measure/,
    ],
    [
      "How much water should an adult drink each day?",
      "about 2 liters",
      "An adult should drink about 2 liters of water each day.",
      /^wh-inverted/,
    ],
    ["How do bees communicate?", "by dancing", "Bees communicate by dancing.", /how/],
    ["Can penguins fly?", "No", "Penguins cannot fly.", /^yes-no/],
    ["Do all birds fly?", "No", "Not all birds fly.", /^yes-no/],
    ["Is a tomato a fruit or a vegetable?", "a fruit", "A tomato is a fruit.", /alternative/],
    [
      "Maria heats a pot of water on the stove. Which process turns the water into steam?",
      "evaporation",
      "Maria heats a pot of water on the stove. Evaporation turns the water into steam.",
      /^wh-subject/,
    ],
    [
      "When plants and animals die, which organisms return nutrients to the soil?",
      "decomposers",
      "When plants and animals die, decomposers return nutrients to the soil.",
      /^wh-subject/,
    ],
    [
      "The nose, mouth and lungs are parts of which body system?",
      "the respiratory system",
      "The nose, mouth and lungs are parts of the respiratory system.",
      /^in-situ/,
    ],
  ];
  for (const [q, a, want, rule] of cases) {
    const r = reformulate(q, a);
    assert.equal(r.statement, want, q);
    assert.match(r.rule, rule, `${q}: rule ${r.rule}`);
    assert.ok(r.statement.endsWith(".") && !r.statement.includes("?") && !/_{2,}/.test(r.statement), r.statement);
  }
});

test("answers in every style keep their own words", () => {
  // A full sentence is the statement; its pronoun stands for what the question is about, and the
  // question's words around the gap stay (issue 23, part 1).
  assert.equal(
    reformulate("Which gas do plants absorb from the air?", "They absorb carbon dioxide.").statement,
    "Plants absorb carbon dioxide from the air.",
  );
  assert.equal(reformulate("What is the capital of Italy?", "It is Rome.").statement, "The capital of Italy is Rome.");
  // Several sentences: the first answers, the rest follow.
  assert.equal(
    reformulate("How many moons does Mars have?", "Two. They are called Phobos and Deimos.").statement,
    "Mars has two moons. They are called Phobos and Deimos.",
  );
  // Framing words go.
  assert.equal(
    reformulate("What is the capital of Australia?", "The answer is Canberra.").statement,
    "The capital of Australia is Canberra.",
  );
  assert.equal(
    reformulate("What do caterpillars become?", "I believe they become butterflies.").statement,
    "Caterpillars become butterflies.",
  );
  // A list is joined; numbers and units stay as written.
  assert.equal(
    reformulate("Name the three largest planets.", "- Jupiter\n- Saturn\n- Uranus").statement,
    "The three largest planets are Jupiter, Saturn and Uranus.",
  );
  assert.equal(
    reformulate("What is the acceleration due to gravity on Earth?", "9.8 m/s²").statement,
    "The acceleration due to gravity on Earth is 9.8 m/s².",
  );
  // Yes/no with more said.
  assert.equal(
    reformulate("Does sound travel through space?", "No, because space is a vacuum.").statement,
    "Sound does not travel through space because space is a vacuum.",
  );
  assert.equal(reformulate("Can ostriches fly?", "No, they cannot.").statement, "Ostriches cannot fly.");
  assert.equal(reformulate("Is Python a compiled language?", "yes").statement, "Python is a compiled language.");
  // An answer that repeats the question before answering.
  assert.equal(
    reformulate("What is a way to be born besides live birth?", "What is a way to be born besides live birth? Hatching from an egg.")
      .statement,
    "A way to be born besides live birth is hatching from an egg.",
  );
  assert.equal(reformulate("Who wrote Hamlet?", "").rule, "empty-answer");
});

test("every statement names its rule; guesses and the colon fallback are flagged", () => {
  const ok = reformulate("What is the capital of France?", "Paris");
  assert.equal(ok.rule, "wh-be");
  assert.equal(ok.flagged, false);
  assert.deepEqual(ok.doubts, []);
  const colon = reformulate("Whither goest thou?", "home");
  assert.equal(colon.rule, "question-colon");
  assert.equal(colon.fallback, true);
  assert.equal(colon.flagged, true);
  assert.ok(
    colon.doubts.some((d) => /colon/.test(d)),
    colon.doubts.join("; "),
  );
  const unresolved = reformulate("Who was the first person on the Moon?", "He was an American astronaut.");
  assert.ok(unresolved.statement.length > 0);
});

test("the ill-formedness check finds each kind and spares what the question calls for", () => {
  assert.deepEqual(illFormedReasons("Is the Earth flat?", "Is the Earth flat?", "no"), ["question mark", "question word order"]);
  assert.deepEqual(illFormedReasons("Is the Earth flat: No.", "Is the Earth flat?", "No"), ["question word order", "colon"]);
  assert.deepEqual(illFormedReasons("Many legs does a spider have: eight.", "How many legs does a spider have?", "eight"), ["colon"]);
  assert.deepEqual(
    illFormedReasons(
      "The capital of France is The capital of France is Paris.",
      "What is the capital of France?",
      "The capital of France is Paris.",
    ),
    ["repeated 4-gram"],
  );
  assert.deepEqual(
    illFormedReasons(
      "When an atom has a neutral charge, protons and electrons have equal numbers.",
      "When an atom has a neutral charge, which particles have equal numbers?",
      "protons and electrons",
    ),
    [],
  );
  assert.deepEqual(illFormedReasons("The ratio is 3:1.", "What is the ratio?", "3:1"), []);
  // A 4-gram the question itself repeats may be repeated.
  assert.deepEqual(
    illFormedReasons(
      "Tom saw the red ball and the red ball rolled. It stopped.",
      "Tom saw the red ball and the red ball rolled. What did it do?",
      "It stopped.",
    ),
    [],
  );
  assert.ok(repeatsFourGram("a b c d a b c d"));
  assert.ok(!repeatsFourGram("a b c d e"));
  assert.ok(hasColonForm("X: y.", "What is X?"));
  assert.deepEqual(statementWords("It's 3.5 km, naïve!"), ["it's", "3", "5", "km", "naïve"]);
});

test("question types follow the surface cues of Table 9", () => {
  assert.equal(classifyQuestion("What is the capital of France?"), "short_question");
  assert.equal(classifyQuestion("Maria heats water. Which process turns the water into steam?"), "long_question_with_context");
  assert.equal(classifyQuestion("The chemical symbol for gold is ___."), "blank_spaces_task");
  assert.equal(classifyQuestion("Give an example of a noble gas."), "sentence_to_complete");
  assert.equal(classifyQuestion("When the demand for corn rises"), "long_question_with_context");
  for (const t of QUESTION_TYPES) assert.ok(typeof t === "string");
});

test("verb inflection from compromise's conjugator, with American spelling", () => {
  assert.deepEqual(["cause", "carry", "go", "push", "have", "play", "absorb"].map(thirdPerson), [
    "causes",
    "carries",
    "goes",
    "pushes",
    "has",
    "plays",
    "absorbs",
  ]);
  assert.deepEqual(["fall", "stop", "carry", "discover", "bring", "create", "travel", "control", "occur"].map(pastTense), [
    "fell",
    "stopped",
    "carried",
    "discovered",
    "brought",
    "created",
    "traveled",
    "controlled",
    "occurred",
  ]);
});

test("sentences split at real ends only; lists join", () => {
  assert.deepEqual(splitSentences("Water boils at 100 °C. At altitude it is lower."), [
    "Water boils at 100 °C.",
    "At altitude it is lower.",
  ]);
  assert.deepEqual(splitSentences("J. J. Thomson found it, e.g. in 1897. Then more."), [
    "J. J. Thomson found it, e.g. in 1897.",
    "Then more.",
  ]);
  assert.deepEqual(splitSentences("It is 3.14 exactly."), ["It is 3.14 exactly."]);
  assert.equal(joinList("1. Mercury 2. Venus 3. Earth"), "Mercury, Venus and Earth");
  assert.equal(joinList("- roots\n- stem\n- leaves"), "roots, stem and leaves");
  assert.equal(joinList("solid, liquid and gas"), "solid, liquid and gas");
});

test("reformulateAll keeps input order, in one thread and spread over workers", async () => {
  const questions = Array.from({ length: 900 }, (_, i) =>
    i % 3 === 0 ? "Who wrote Hamlet?" : i % 3 === 1 ? "How many legs does a spider have?" : `What is item ${i}?`,
  );
  const answers = questions.map((_, i) => (i % 3 === 0 ? "William Shakespeare" : i % 3 === 1 ? "eight" : `thing ${i}`));
  const one = await reformulateAll(questions, answers, { threads: 1 });
  const two = await reformulateAll(questions, answers, { threads: 3, parallelMin: 100 });
  assert.deepEqual(
    two.map((r) => r.statement),
    one.map((r) => r.statement),
  );
  // Every chunk in the workers (this thread free): chunks of 50 from one queue, stitched back in order, progress counted once each.
  const progress: number[] = [];
  const workers = await reformulateAll(questions, answers, {
    threads: 2,
    parallelMin: 100,
    chunkPairs: 50,
    inThisThread: false,
    onProgress: (done) => progress.push(done),
  });
  assert.deepEqual(workers, one);
  assert.equal(progress.length, 18);
  assert.equal(progress.at(-1), 900);
  assert.equal(one[5].statement, "Item 5 is thing 5.");
  await assert.rejects(reformulateAll(["a?"], []), /pair up/);
});

test("ROUGE-L, LCS and exact match", () => {
  assert.equal(tokenLcsLength("a b c d e".split(" "), "a c e f".split(" ")), 3);
  assert.ok(Math.abs(rougeLF("a b c d".split(" "), "a c d e f".split(" ")) - (2 * (3 / 4) * (3 / 5)) / (3 / 4 + 3 / 5)) < 1e-15);
  assert.equal(rougeLF([], ["a"]), 0);
  assert.ok(exactMatch("The  Sun is hot.", "the sun is hot."));
  assert.equal(naiveStatement("What is 2 + 2?", "4"), "What is 2 + 2 4.");
  assert.ok(hasRepeatedClause("The sun of the solar system is big of the solar system is big.", "What is big?", "the sun"));
  assert.ok(!hasRepeatedClause("The sun is big.", "What is big?", "the sun"));
  assert.ok(dropsAnswer("The capital is Rome.", "Paris"));
});

test("capqa's CAP-Statements split rule: SHA-256 of the row number, 1,100 test, 1,100 validation, the rest train", () => {
  const s = statementSplits(11000);
  assert.deepEqual(
    ["test", "validation", "train"].map((x) => s.filter((y) => y === x).length),
    [1100, 1100, 8800],
  );
});

const statementsDir = [process.env.CAPQA_STATEMENTS_DIR, resolve("../shared/data/cap-statements")].find(
  (d) => d && existsSync(join(d, "CAP-Statements.validation.csv")),
);

test("on the CAP-Statements validation part: BLEU ≥ 94, exact match ≥ 80 %, above the naive rule on every question type", {
  skip: statementsDir === undefined && "CAP-Statements not found",
}, async () => {
  const { items } = loadStatementItems(statementsDir!, "validation");
  assert.equal(items.length, 1100);
  const splits = statementSplits(11000);
  assert.ok(
    items.every((it) => splits[it.row] === "validation"),
    "the shared validation rows follow the split rule",
  );
  const e = await evaluateStatementGenerator(items, builtinGenerator);
  assert.ok(e.overall.bleu >= 94, `BLEU ${e.overall.bleu}`);
  assert.ok(e.overall.exactMatch >= 80, `EM ${e.overall.exactMatch}`);
  assert.ok(e.overall.rougeL >= 96, `ROUGE-L ${e.overall.rougeL}`);
  for (const t of QUESTION_TYPES) {
    const mine = e.byType[t];
    const naive = e.naive.byType[t];
    assert.ok(
      mine.bleu > naive.bleu && mine.rougeL > naive.rougeL && mine.exactMatch > naive.exactMatch,
      `${t}: ${JSON.stringify(mine)} vs naive ${JSON.stringify(naive)}`,
    );
  }
  assert.deepEqual([e.wellFormed.endsWithPeriod, e.wellFormed.noQuestionMark, e.wellFormed.noBlankMarker], [1100, 1100, 1100]);
  // No type worse than when issue 23 began, but short questions, which lost the 11 "Yes," that CAP-Statements keeps (issue 23, part 3).
  const before: Record<string, [number, number]> = {
    sentence_to_complete: [98.0, 89.6],
    long_question_with_context: [95.5, 82.2],
    blank_spaces_task: [99.9, 99.6],
  };
  for (const [t, [bleu, em]] of Object.entries(before)) {
    const mine = e.byType[t as keyof typeof e.byType];
    assert.ok(mine.bleu >= bleu && mine.exactMatch >= em, `${t}: BLEU ${mine.bleu}, EM ${mine.exactMatch}`);
  }
  // The naive rule reproduces the issue's reference numbers (92.1 ROUGE-L, 33.8 % EM; short
  // questions 68.5 BLEU / 81.1 ROUGE-L), which checks the metric definitions.
  assert.equal(e.naive.overall.exactMatch.toFixed(1), "33.8");
  assert.equal(e.naive.overall.rougeL.toFixed(1), "92.1");
  assert.equal(e.naive.byType.short_question.rougeL.toFixed(1), "81.1");
  assert.equal(e.naive.byType.short_question.bleu.toFixed(1), "68.5");
});

const correctness = [process.env.CAPQA_DATA_DIR, resolve("../shared/data/cap-correctness")].find(
  (d) => d && existsSync(join(d, "CAP-Correctness.csv")),
);

test("on the CAP-Correctness candidate answers: fewer repeated 4-grams and colon forms than the released mT5 statements", {
  skip: correctness === undefined && "released data not found",
}, async () => {
  const { loadBenchmark } = await import("../lib/data/benchmark.js");
  const { statementAgreement } = await import("../lib/statements/agreement.js");
  const a = await statementAgreement(loadBenchmark(correctness!), builtinGenerator, 5);
  assert.deepEqual(a.byDataset.map((d) => d.dataset).sort(), ["ARC-Easy", "mmlu", "openbookqa"]);
  assert.equal(a.overall.gold.n, 8827);
  const c = a.overall.candidate;
  assert.equal(c.n, 8826); // row 4306 has no candidate answer
  // The issue's counts of the released statements check the definitions.
  assert.equal(c.releasedRepeated4gram, 789);
  assert.equal(c.releasedColonForm, 1496);
  assert.ok(c.generatedRepeated4gram < c.releasedRepeated4gram, `repeated 4-gram ${c.generatedRepeated4gram}`);
  assert.ok(c.generatedColonForm < c.releasedColonForm, `colon form ${c.generatedColonForm}`);
  assert.ok(c.releasedRepeatedClause > c.generatedRepeatedClause);
  assert.ok(c.releasedDropsAnswer > c.generatedDropsAnswer);
  assert.equal(a.generatedBetter.length, 5);
});

test("issue 23's examples: the question's context kept, no glued constructions, no Yes/No, words as written", () => {
  const cases: [string, string, string][] = [
    ["Who wrote Jane Eyre?", "Charlotte Brontë wrote it.", "Charlotte Brontë wrote Jane Eyre."],
    [
      "Who was the first person to walk on the Moon?",
      "Buzz Aldrin was the first.",
      "Buzz Aldrin was the first person to walk on the Moon.",
    ],
    ["Which is the largest ocean?", "The Atlantic Ocean is the largest.", "The Atlantic Ocean is the largest ocean."],
    ["Which continent is the coldest?", "Antarctica is the coldest.", "Antarctica is the coldest continent."],
    ["What gas do humans exhale?", "We breathe out carbon dioxide.", "Humans breathe out carbon dioxide."],
    [
      "Which planet is known as the Red Planet?",
      "Mars, because of the iron oxide on its surface.",
      "Mars is known as the Red Planet, because of the iron oxide on its surface.",
    ],
    ["Whose face is on the US one-dollar bill?", "George Washington's", "George Washington's face is on the US one-dollar bill."],
    ["Is the Earth round?", "Yes", "The Earth is round."],
    [
      "Can penguins fly?",
      "No, penguins cannot fly, although they are excellent swimmers.",
      "Penguins cannot fly, although they are excellent swimmers.",
    ],
    ["What do you call a baby kangaroo?", "a joey", "A baby kangaroo is called a joey."],
    ["What do you call a shape with eight sides?", "It's called an octagon.", "A shape with eight sides is called an octagon."],
    ["Name one planet that has rings.", "Saturn", "One planet that has rings is Saturn."],
    ["What sugar do plants make?", "Glucose", "Plants make glucose."],
    [
      "I have a shirt that is now too small, what can I do to conserve and reuse the fabric?",
      "cut it into cleaning rags",
      "I have a shirt that is now too small. To conserve and reuse the fabric, cut it into cleaning rags.",
    ],
    [
      "How do you convert Celsius to Fahrenheit?",
      "Multiply by 9/5 and add 32.",
      "To convert Celsius to Fahrenheit, multiply by 9/5 and add 32.",
    ],
    ["What can you use to measure temperature?", "a thermometer", "A thermometer can be used to measure temperature."],
    ["Where is the best place to shoot animals?", "forest", "The best place to shoot animals is in forest."],
    [
      "If a glacier brushed up against some boulders, the stones would",
      "would be gouged",
      "If a glacier brushed up against some boulders, the stones would be gouged.",
    ],
  ];
  for (const [q, a, want] of cases) {
    const r = reformulate(q, a);
    assert.equal(r.statement, want, `${q} + ${a}`);
    assert.equal(r.flagged, false, `${q}: ${r.doubts.join("; ")}`);
  }
});

test("flags that mean something (issue 23, part 6): context left out, a clause as a subject, a question word order left in", () => {
  const flagged = (q: string, a: string) => reformulate(q, a).doubts.join("; ");
  assert.match(
    flagged("Which one of the statements below is characteristic of most African cities?", "They have three separate business districts."),
    /context/,
  );
  // (An instruction as the subject, once flagged, is now written as its gerund: see the test of clauses and instructions below.)
  assert.match(
    flagged("A calf born in a warm season will do what better than a calf born in a cold season?", "flourish"),
    /question word order/,
  );
  assert.match(
    flagged("As of 2017, the share of global deaths by suicide is about", "Suicide accounts for roughly 1.40% of deaths worldwide"),
    /clause answer completes a phrase/,
  );
});

/** Each (question, answer) gives its statement exactly. */
function assertStatements(cases: readonly (readonly [string, string, string])[]): void {
  for (const [q, a, want] of cases) assert.equal(reformulate(q, a).statement, want, q);
}

test("what the taggers misread: a progressive's -ing verb, a noun-lemmatised -s verb, a sentence's one-word subject", () => {
  const cases: [string, string, string][] = [
    // "testing" and "coming" are tagged nouns; "likely" an adjective.
    [
      "A class grows beans in a cupboard and by a window. What is the class testing?",
      "the effect of light",
      "A class grows beans in a cupboard and by a window. The class is testing the effect of light.",
    ],
    ["What kind of weather is likely coming?", "a thunderstorm", "A thunderstorm is likely coming."],
    // A final -ing noun after a preposition stays a noun.
    ["What is the purpose of testing?", "to find faults", "The purpose of testing is to find faults."],
    // "lives" is lemmatised as "life"; "goes" has the stem "go".
    ["What lives in a coral reef?", "many kinds of fish", "Many kinds of fish live in a coral reef."],
    ["What goes up a chimney?", "smoke and ash", "Smoke and ash go up a chimney."],
    // "Light/ADJ travels/NOUN at …": the answer is a sentence, not a noun phrase after "is".
    [
      "What is the speed of light in a vacuum?",
      "Light travels at about 300000 km per second.",
      "Light travels at about 300000 km per second.",
    ],
  ];
  assertStatements(cases);
});

test("flags on the wh-phrase's noun: left out where the answer names none, glued after a plural noun answer", () => {
  const doubts = (q: string, a: string) => reformulate(q, a).doubts.join("; ");
  assert.match(doubts("What electrical charge does a proton have in an atom?", "+1"), /"charge" left out/);
  assert.match(doubts("Which type of substances serves as a catalyst?", "proteins"), /"substances" glued/);
  // Kept, or an answer with a noun of its own: nothing to say.
  assert.equal(doubts("Which two body systems work together in breathing?", "respiratory and circulatory"), "");
  assert.equal(doubts("Which gas do plants absorb from the air?", "carbon dioxide"), "");
  assert.equal(doubts("What color is the sky on a clear day?", "blue"), "");
});

test("definitions with a participle or a relative clause without 'that' are noun phrases, not sentences", () => {
  const cases: [string, string, string][] = [
    [
      "What is a glacial moraine?",
      "a landform made of material deposited by a glacier",
      "A glacial moraine is a landform made of material deposited by a glacier.",
    ],
    [
      "What is the CAP theorem about?",
      "the maximum number of connections a server can handle",
      "The CAP theorem is about the maximum number of connections a server can handle.",
    ],
    ["What is a heap?", "a tree with ordered keys", "A heap is a tree with ordered keys."],
    // A sentence stays one (the question's predicate after it).
    [
      "What makes a magnet stick to a fridge?",
      "The magnet attracts the iron in the door.",
      "The magnet attracts the iron in the door, which makes a magnet stick to a fridge.",
    ],
  ];
  assertStatements(cases);
});

test("a clause or an instruction answering a wh-subject question keeps the question's predicate without gluing (issue 23, parts 2 and 5)", () => {
  const cases: [string, string, string][] = [
    // A clause cannot be a subject as it stands: the predicate follows as a relative on the whole clause.
    [
      "A herd of wild horses has been decreasing in size rapidly. Which of these might be the cause?",
      "All of the vegetation has been dying",
      "A herd of wild horses has been decreasing in size rapidly. All of the vegetation has been dying, which might be the cause.",
    ],
    [
      "Which of these occurs if myosin fails to bind to actin?",
      "The muscle cells will remain relaxed.",
      "The muscle cells will remain relaxed, which occurs if myosin fails to bind to actin.",
    ],
    // An instruction is the subject as its gerund.
    [
      "Which procedure will most likely help the class compare the results?",
      "have the students run for the same amount of time",
      "Having the students run for the same amount of time will most likely help the class compare the results.",
    ],
    [
      "Which is an action by government that would move the market to an efficient outcome?",
      "Tax the firm.",
      "Taxing the firm is an action by government that would move the market to an efficient outcome.",
    ],
    // The clause alone where the predicate adds nothing, describes it, or is said in it.
    ["Which statement is true?", "The Earth orbits the Sun.", "The Earth orbits the Sun."],
    [
      "Which statement best describes the motion of the Earth?",
      "The Earth rotates on its axis and revolves around the Sun.",
      "The Earth rotates on its axis and revolves around the Sun.",
    ],
    // A noun phrase whose first word can be a verb stays a noun phrase.
    ["Which blood cells fight infection?", "white blood cells", "White blood cells fight infection."],
  ];
  assertStatements(cases);
});

test("reading checks for any generator: adjectives left without their noun, a question's NOT kept", () => {
  const doubts = (q: string, a: string, s: string) => statementDoubts(q, a, s).join("; ");
  assert.match(
    doubts(
      "Which two body systems are most directly involved when a person is walking?",
      "skeletal and muscular",
      "Skeletal and muscular are most directly involved when a person is walking.",
    ),
    /name no noun/,
  );
  assert.equal(
    doubts(
      "Which two body systems are most directly involved when a person is walking?",
      "skeletal and muscular",
      "The skeletal and muscular systems are most directly involved when a person is walking.",
    ),
    "",
  );
  assert.match(
    doubts("Which of the following is NOT correct?", "It is a sign of concentration", "A sign of concentration is NOT correct."),
    /"NOT" kept/,
  );
  assert.equal(doubts("Which gas is NOT a greenhouse gas?", "NOT oxygen", "Oxygen is NOT a greenhouse gas."), "");
});

test("a negated wh-question keeps its polarity; a negated which-subject question has no subject after 'do'", () => {
  const cases: [string, string, string][] = [
    ["What don't plants need?", "salt", "Plants do not need salt."],
    ["Which country did Napoleon not invade?", "Sweden", "Napoleon did not invade Sweden."],
    ["Where didn't the Vikings settle?", "in Australia", "The Vikings did not settle in Australia."],
    ["Which planet doesn't have a moon?", "Venus", "Venus doesn't have a moon."],
    ["Which doesn't contain water?", "the Sea of Tranquility", "The Sea of Tranquility doesn't contain water."],
    // A hyphenated compound's -ed part is no participle: "has" stays the main verb.
    ["Which mineral has six-sided transparent crystals?", "quartz", "Quartz has six-sided transparent crystals."],
  ];
  assertStatements(cases);
});

test("answers that lean on the question: the means with its purpose, names the tagger splits, a verb glued twice is flagged", () => {
  const cases: [string, string, string][] = [
    ["How do bats find their way in the dark?", "They use echolocation.", "Bats use echolocation to find their way in the dark."],
    ["How do fish breathe?", "They use their gills.", "Fish use their gills to breathe."],
    // Another verb takes the question's verb phrase when it has a complement; a misread question or an answer naming the object does not.
    ["How do camels survive in the desert?", "They store fat in their humps.", "Camels store fat in their humps to survive in the desert."],
    ["How do plants get water?", "They absorb it through their roots.", "Plants absorb water through their roots."],
    [
      "How do bicycle reflectors work?",
      "They bounce light back from other sources.",
      "Bicycle reflectors bounce light back from other sources.",
    ],
    // A stranded preposition the answer repeats is said once.
    ["What do caterpillars turn into?", "They turn into butterflies or moths.", "Caterpillars turn into butterflies or moths."],
    // "Crick" is tagged a verb: a capitalised word after a capitalised word goes on with the name.
    [
      "Who discovered the structure of DNA?",
      "James Watson and Francis Crick discovered it in 1953.",
      "James Watson and Francis Crick discovered the structure of DNA in 1953.",
    ],
  ];
  assertStatements(cases);
  const glued = statementDoubts(
    "Who discovered the structure of DNA?",
    "James Watson and Francis Crick discovered it in 1953.",
    "James Watson and Francis Crick discovered it in 1953 discovered the structure of DNA.",
  );
  assert.ok(
    glued.some((d) => /"discovered" twice/.test(d)),
    glued.join("; "),
  );
  // Once in each of two sentences, or a noun said twice, is no glue.
  assert.deepEqual(
    statementDoubts(
      "Who painted the Starry Night?",
      "Van Gogh. He painted it in 1889.",
      "Van Gogh painted the Starry Night. He painted it in 1889.",
    ),
    [],
  );
});

test("a named member of a kind of individuals takes 'a'; members of kinds of substances stay bare", () => {
  assertStatements([
    ["Give an example of a flightless bird.", "ostrich", "An example of a flightless bird is an ostrich."],
    ["Name one animal that hibernates in winter.", "brown bear", "One animal that hibernates in winter is a brown bear."],
    ["Give an example of a device that uses air pressure.", "barometer", "An example of a device that uses air pressure is a barometer."],
    ["Name one type of polygon.", "pentagon", "One type of polygon is a pentagon."],
    // Plurals, names and kinds of substances are left as they are.
    ["Give an example of a marine mammal.", "whales", "An example of a marine mammal is whales."],
    ["Give an example of a noble gas.", "neon", "An example of a noble gas is neon."],
    ["Name one tool used in gardening.", "Swiss Army knife", "One tool used in gardening is Swiss Army knife."],
  ]);
});

test("a bare term defined by one event or change of something takes 'the'", () => {
  assertStatements([
    ["What is erosion?", "removal of soil by wind or water", "Erosion is the removal of soil by wind or water."],
    ["What is melting in physics?", "change of a solid into a liquid", "Melting in physics is the change of a solid into a liquid."],
    // A term with its own determiner, or an answer with one, is left as it is.
    ["What is the first step?", "removal of the lid", "The first step is removal of the lid."],
    ["What is erosion?", "the wearing away of rock", "Erosion is the wearing away of rock."],
  ]);
});

test("the name asked for one thing of a kind ('What is a … called?') takes 'a'", () => {
  assertStatements([
    ["What is a young frog called?", "tadpole", "A young frog is called a tadpole."],
    ["What is an animal that eats only plants called?", "herbivore", "An animal that eats only plants is called a herbivore."],
    ["What do we call a scientist who studies rocks?", "geologist", "A scientist who studies rocks is called a geologist."],
    ["What is a shape with eight sides called?", "octagon", "A shape with eight sides is called an octagon."],
    // Adjectives, mass nouns, plurals and answers with their own article are left as they are.
    ["What do we call a solution with a pH below 7?", "acidic", "A solution with a pH below 7 is called acidic."],
    ["What is a study of living things called?", "biology", "A study of living things is called biology."],
    ["What is a young frog called?", "a tadpole", "A young frog is called a tadpole."],
  ]);
});

test("a definition whose head only repeats the term's head says its relative clause of the term", () => {
  assertStatements([
    ["What is a prime number?", "a number that has exactly two divisors", "A prime number has exactly two divisors."],
    ["What is a food chain?", "a chain that shows who eats whom", "A food chain shows who eats whom."],
    ["What is an inert gas?", "a gas that does not react easily", "An inert gas does not react easily."],
    // Another head, or an object relative, keeps "is".
    [
      "What is a prime number?",
      "a whole number that has exactly two divisors",
      "A prime number is a whole number that has exactly two divisors.",
    ],
    ["What is a food chain?", "a chain that scientists draw", "A food chain is a chain that scientists draw."],
  ]);
});

test("a proposition the tagger reads as no clause still follows 'that' after a propositional head", () => {
  assertStatements([
    ["Name one property of addition.", "x + y = y + x", "One property of addition is that x + y = y + x."],
    [
      "Name one property of a square.",
      "each diagonal bisects the other",
      "One property of a square is that each diagonal bisects the other.",
    ],
    [
      "Name one property of a rhombus.",
      "if one angle is right, all angles are right",
      "One property of a rhombus is that if one angle is right, all angles are right.",
    ],
    // A noun phrase answer stays a noun phrase.
    ["Name one property of metals.", "high electrical conductivity", "One property of metals is high electrical conductivity."],
  ]);
});

test("one item for 'What are/were the (main) Xs of Y?' names one X, in the question's tense", () => {
  assertStatements([
    ["What are the main causes of soil erosion?", "deforestation", "One main cause of soil erosion is deforestation."],
    ["What were the key results of the reform?", "a rise in trade", "One key result of the reform was a rise in trade."],
    ["What were the effects of the drought?", "crop failure", "One effect of the drought was crop failure."],
  ]);
});

test("'What <kinds> <verb> …?' names one or several of the kind; one thing of a kind as a bare count noun follows 'is'", () => {
  assertStatements([
    ["What factors affect plant growth?", "sunlight", "One factor that affects plant growth is sunlight."],
    ["What minerals are found in granite?", "quartz", "One mineral found in granite is quartz."],
    ["What factors affect plant growth?", "temperature and rainfall", "Factors that affect plant growth include temperature and rainfall."],
    ["What organ pumps blood around the body?", "heart", "The organ that pumps blood around the body is the heart."],
    ["What data structure uses last-in first-out order?", "stack", "The data structure that uses last-in first-out order is a stack."],
    // A name, a mass noun, an answer with its article, or a type asked for stays the subject.
    ["What force pulls objects toward the ground?", "gravity", "Gravity pulls objects toward the ground."],
    ["What organ pumps blood around the body?", "the heart", "The heart pumps blood around the body."],
    ["What type of rock is formed from cooled lava?", "igneous rock", "Igneous rock is formed from cooled lava."],
  ]);
});

test("'Which <thing> <in …> <verb> …?' keeps the phrase that places the thing with the answer", () => {
  assertStatements([
    ["Which organ in the chest pumps blood?", "the heart", "The heart in the chest pumps blood."],
    ["Which gas in the atmosphere traps heat?", "carbon dioxide", "Carbon dioxide in the atmosphere traps heat."],
    // The answer that says it already, or a pronoun answer, is left as it is.
    ["Which gas in the atmosphere traps heat?", "carbon dioxide in the atmosphere", "Carbon dioxide in the atmosphere traps heat."],
  ]);
});

test("a naming participle or a hedge inside 'What is X …?' goes after 'is', its adjunct after the answer", () => {
  assertStatements([
    ["What is the Moon also called in Latin?", "Luna", "The Moon is also called Luna in Latin."],
    [
      "What is table salt commonly known as in chemistry?",
      "sodium chloride",
      "Table salt is commonly known as sodium chloride in chemistry.",
    ],
    ["What is the distance to the Moon approximately?", "384,000 km", "The distance to the Moon is approximately 384,000 km."],
  ]);
});

test("'What is the term for a …?' answered with a bare count noun says the thing is called one", () => {
  assertStatements([
    ["What is the term for a baby frog?", "tadpole", "A baby frog is called a tadpole."],
    ["What is the name for an animal that eats only meat?", "carnivore", "An animal that eats only meat is called a carnivore."],
    // A mass noun, or a term asked for "the" thing, keeps "the term".
    ["What is the term for a cell splitting into two?", "division", "The term for a cell splitting into two is division."],
  ]);
});

test("'What is the … called?' answered with a bare count noun names the one thing with 'the'; processes and mass nouns stay bare", () => {
  assertStatements([
    ["What is the outer layer of the skin called?", "epidermis", "The outer layer of the skin is called the epidermis."],
    ["What do we call the centre of an atom?", "nucleus", "The centre of an atom is called the nucleus."],
    ["What is the fear of heights called?", "acrophobia", "The fear of heights is called acrophobia."],
    ["What is the loss of water from leaves called?", "transpiration", "The loss of water from leaves is called transpiration."],
  ]);
});

test("a country's currency, a bone or a gland named bare takes 'the'", () => {
  assertStatements([
    ["What is the currency of Japan?", "yen", "The currency of Japan is the yen."],
    ["Name one bone in the human leg.", "femur", "One bone in the human leg is the femur."],
  ]);
});

test("lettered options after a question are not part of its statement, and an answer's letter stands for its option", () => {
  const ball = "A ball rolls across a carpet and slowly stops. Which force causes the ball to stop? A) gravity B) friction C) magnetism";
  for (const answer of ["friction", "B) friction", "B", "(b) friction"])
    assert.equal(
      reformulate(ball, answer).statement,
      "A ball rolls across a carpet and slowly stops. Friction causes the ball to stop.",
      answer,
    );
  assert.equal(
    reformulate("Which organ produces bile? (A) the pancreas (B) the liver (C) the stomach", "B").statement,
    "The liver produces bile.",
  );
  // Without a second option nothing is taken for one.
  assert.equal(reformulate("Which force causes the ball to stop? A) gravity", "friction").statement.includes("A) gravity"), true);
});
