/**
 * Statements of answers that lean on the question, stop 50 (issue 23): rules found on new development sets written blind by helpers
 * (lean-61 and lean-63, short answers in the style of the issue's own table; lean-62 and lean-64, chat answers). Each rule is shown
 * where it applies and where it must not.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { reformulate } from "../lib/statements/builtin.js";
import { assertStatements } from "./support/statement-cases.js";

test("a relative clause whose verb is a word of the question's noun phrase is no cleft: the answer's words all stay", () => {
  assertStatements(
    [
      [
        "Tell me what a drop cap is.",
        "It's a large initial letter at the start of a paragraph that drops down across two or more lines of text.",
        "A drop cap is a large initial letter at the start of a paragraph that drops down across two or more lines of text.",
      ],
      // (A cleft that says the question's verb again is still its focus alone.)
      ["What causes tides?", "It is the Moon that causes them.", "The Moon causes tides."],
    ],
    true,
  );
});

test("an instruction's purpose keeps the question's hyphenated words whole", () => {
  assertStatements(
    [
      [
        "How do I convert 24-hour time to 12-hour time?",
        "Subtract 12 from any hour from 13 to 23 and add PM.",
        "To convert 24-hour time to 12-hour time, subtract 12 from any hour from 13 to 23 and add PM.",
      ],
      ["How do I fix a slow-moving drain?", "Use a plunger.", "To fix a slow-moving drain, use a plunger."],
      ['How do I say "good morning" in German?', 'Say "Guten Morgen".', 'To say "good morning" in German, say "Guten Morgen".'],
    ],
    true,
  );
});

test("a short phrase, then ', and' and a clause: the clause goes after the statement, never inside its subject", () => {
  assertStatements(
    [
      [
        "What gives cobalt glass its deep blue color?",
        "Cobalt oxide, and only a tiny amount of it is needed.",
        "Cobalt oxide gives cobalt glass its deep blue color, and only a tiny amount of it is needed.",
      ],
      ["Who wrote Hamlet?", "Shakespeare, and he wrote it around 1600.", "Shakespeare wrote Hamlet, and he wrote it around 1600."],
    ],
    true,
  );
  // (A longer clause before ", and" is left as it was: the tagger may not see its verb.)
  assertStatements([
    [
      "Which surgery is most like the way a transgenic organism is made?",
      "Hector receives a replacement heart valve from a cow, and the valve is made of plastic.",
      "Hector receives a replacement heart valve from a cow, and the valve is made of plastic is most like the way a transgenic organism is made.",
    ],
  ]);
});

test("how many counted things were a plural noun: the count is the subject, no 'there were'", () => {
  assertStatements(
    [
      ["How many countries were founding members of NATO in 1949?", "Twelve.", "Twelve countries were founding members of NATO in 1949."],
      ["How many people were passengers on the Titanic?", "About 1,300.", "About 1,300 people were passengers on the Titanic."],
      // (A place after "be" is still "there are".)
      ["How many players are on a soccer team?", "Eleven.", "There are eleven players on a soccer team."],
      ["How many moons are there around Mars?", "Two.", "There are two moons around Mars."],
    ],
    true,
  );
});

test("a counted noun's of-phrase may have an article and a name; 'ones' in the count stands for the counted noun", () => {
  assertStatements(
    [
      [
        "How many doses of the MMR vaccine do children in the US usually get?",
        "Two, I think.",
        "Children in the US usually get two doses of the MMR vaccine, I think.",
      ],
      ["How many doses of the vaccine do children get?", "Two.", "Children get two doses of the vaccine."],
      [
        "How many versions of The Scream did Munch make?",
        "Four main ones: two paintings and two pastels.",
        "Munch made four main versions of The Scream: two paintings and two pastels.",
      ],
      ["How many moons does Mars have?", "Two small ones.", "Mars has two small moons."],
    ],
    true,
  );
});

test("'It's a …' to an in-situ question after a preposition, naming no thing of the asked kind, says what the subject is", () => {
  assertStatements(
    [
      [
        "The snowy owl is native to which region?",
        "It's an Arctic bird, breeding on the tundra.",
        "The snowy owl is an Arctic bird, breeding on the tundra.",
      ],
      ["The Eiffel Tower is in which city?", "It's in Paris.", "The Eiffel Tower is in Paris."],
      // (A person fills "by whom"; a thing of the asked kind fills "into which sea".)
      [
        "Penicillin was discovered by whom?",
        "It was a Scottish scientist, Alexander Fleming.",
        "Penicillin was discovered by a Scottish scientist, Alexander Fleming.",
      ],
      ["The Nile flows into which sea?", "It's a sea called the Mediterranean.", "The Nile flows into a sea called the Mediterranean."],
    ],
    true,
  );
});

test("a why-answer that opens with its reason and goes on with its own clause is said once, its 'it' the question's subject", () => {
  assertStatements(
    [
      [
        "Why is brown rice more nutritious than white rice?",
        "Since it keeps the bran and germ, it has more fiber, vitamins and minerals.",
        "Since brown rice keeps the bran and germ, it has more fiber, vitamins and minerals.",
      ],
      ["Why do cats purr?", "Because they are content, they purr loudly.", "Because cats are content, they purr loudly."],
      ["Why is the sky blue?", "Because of Rayleigh scattering.", "The sky is blue because of Rayleigh scattering."],
    ],
    true,
  );
});

test("the answer's prepositional phrase goes after the verb's object, and after a passive's participle before the question's time", () => {
  assertStatements(
    [
      [
        "To whom did Rafael Nadal suffer his first French Open loss?",
        "Robin Söderling, in 2009.",
        "Rafael Nadal suffered his first French Open loss to Robin Söderling, in 2009.",
      ],
      ["To which Venetian island were glassmakers moved in 1291?", "Murano.", "Glassmakers were moved to Murano in 1291."],
      ["In which city was Mozart born in 1756?", "Salzburg.", "Mozart was born in Salzburg in 1756."],
      // (An agent may follow the time.)
      [
        "By whom was the safety bicycle popularised in 1885?",
        "John Kemp Starley.",
        "The safety bicycle was popularised in 1885 by John Kemp Starley.",
      ],
    ],
    true,
  );
});

test("a count's parenthesis of its own goes after the question's words; one that says the amount again stays beside it", () => {
  assertStatements(
    [
      [
        "How much vitamin C does an adult man need per day?",
        "Around 90 mg (smokers need an extra 35 mg).",
        "An adult man needs around 90 mg of vitamin C per day (smokers need an extra 35 mg).",
      ],
      [
        "How many bits are in a byte?",
        "There are 8 (on basically every modern system).",
        "There are 8 bits in a byte (on basically every modern system).",
      ],
      [
        "How much moon rock did Apollo 11 bring back?",
        "Roughly 21.5 kg (about 47.5 pounds).",
        "Apollo 11 brought back roughly 21.5 kg (about 47.5 pounds) of moon rock.",
      ],
    ],
    true,
  );
});

test("'Not long', 'Not much', 'Not very often' to a question of that measure negate its verb", () => {
  assertStatements(
    [
      ["How long do octopuses live?", "Not long at all.", "Octopuses do not live long at all."],
      ["How much does a stamp cost?", "Not much.", "A stamp does not cost much."],
      ["How often do comets appear?", "Not very often.", "Comets do not appear very often."],
    ],
    true,
  );
});

test("'for instance' after the example asked for is said by 'An example of'; after 'Name a …' it stays", () => {
  assertStatements(
    [
      [
        "Give an example of an anteater species.",
        "The silky anteater, for instance.",
        "An example of an anteater species is the silky anteater.",
      ],
      ["Give an example of a prime number.", "7, for example.", "An example of a prime number is 7."],
      ["Name a Baroque composer.", "Handel, for example.", "A Baroque composer is Handel, for example."],
    ],
    true,
  );
});

test("'Its …'/'Their …' to a bare what-question is the owner the question names; the owner in the predicate becomes 'it'/'them'", () => {
  assertStatements(
    [
      ["What gives brown rice its brown color?", "Its bran layer does.", "Brown rice's bran layer gives it its brown color."],
      ["What lets owls fly almost silently?", "Their feathers.", "Owls' feathers let them fly almost silently."],
      [
        "What made the original Pyrex glassware resistant to thermal shock?",
        "Its borosilicate composition.",
        "The original Pyrex glassware's borosilicate composition made it resistant to thermal shock.",
      ],
      ["What protects turtles from predators?", "Their shells.", "Turtles' shells protect them from predators."],
    ],
    true,
  );
  // (Not to a question with a noun of its own, nor where the owner is a part of something named: those stay as they were, flagged.)
  for (const [question, answer] of [
    ["What soil property causes the difference?", "Its acidity."],
    ["What keeps an owl's flight so quiet?", "Its feathers."],
  ])
    assert.ok(reformulate(question, answer).statement.startsWith("Its "), question);
});

test("a quoted title after 'was' is the whole subject, whatever its words", () => {
  assertStatements(
    [
      ['By whom was "The Owl and the Pussy-cat" written?', "Edward Lear.", '"The Owl and the Pussy-cat" was written by Edward Lear.'],
      ['In which year was "The Raven" published?', "1845.", '"The Raven" was published in 1845.'],
      ['Is "The Raven" a poem?', "Yes.", '"The Raven" is a poem.'],
    ],
    true,
  );
});

test("how long one stays in a state: the duration after the state, with 'for'", () => {
  assertStatements(
    [
      ["How long can a nuclear submarine stay submerged?", "Months.", "A nuclear submarine can stay submerged for months."],
      ["How long can a seal stay underwater?", "Up to two hours.", "A seal can stay underwater for up to two hours."],
      ["How long does milk stay fresh?", "A week or so.", "Milk stays fresh for a week or so."],
    ],
    true,
  );
});

test("'X did,' then a participle's phrase: the question's predicate for 'did', the phrase after it", () => {
  assertStatements(
    [
      [
        "Which ship rescued the survivors of the Titanic?",
        "The Carpathia did, arriving a few hours after the sinking.",
        "The Carpathia rescued the survivors of the Titanic, arriving a few hours after the sinking.",
      ],
      [
        "Who discovered the planet Neptune?",
        "Johann Galle did, using Le Verrier's predictions.",
        "Johann Galle discovered the planet Neptune, using Le Verrier's predictions.",
      ],
    ],
    true,
  );
});

test("the perfect's 'been' goes with the verb, not the subject", () => {
  assertStatements(
    [
      ["Where has the treaty been signed?", "In Paris.", "The treaty has been signed in Paris."],
      [
        "On which island have wolves and moose been studied since 1958?",
        "Isle Royale",
        "Wolves and moose have been studied on Isle Royale since 1958.",
      ],
      ["Has the treaty been signed?", "Yes.", "The treaty has been signed."],
      // (After "have" and a noun only: "has" stays the main verb, and "ever been" stays with the wh-phrase's subject.)
      ["What has four legs?", "A table.", "A table has four legs."],
      ["How much gold has ever been mined?", "Around 215,000 tonnes.", "Around 215,000 tonnes of gold have ever been mined."],
    ],
    true,
  );
});

test("'did it' and a final 'did' after an apposition stand for the question's predicate; a comma's relative clause is no cleft", () => {
  assertStatements(
    [
      ["Who invented milk chocolate?", "Daniel Peter did it in 1875.", "Daniel Peter invented milk chocolate in 1875."],
      [
        "Which law created the FDIC?",
        "The Banking Act of 1933, often called Glass-Steagall, did.",
        "The Banking Act of 1933, often called Glass-Steagall, created the FDIC.",
      ],
      [
        "Which company made the first solid chocolate bar?",
        "That's J. S. Fry & Sons, who made it in Bristol in 1847.",
        "J. S. Fry & Sons, who made it in Bristol in 1847, made the first solid chocolate bar.",
      ],
      ["Who painted the Mona Lisa?", "It was Leonardo who painted it.", "Leonardo painted the Mona Lisa."],
    ],
    true,
  );
});

test("a comparison's chosen option said in a sentence, with its degree word or without the other option's place, names the other", () => {
  assertStatements(
    [
      [
        "Which is bigger, a Goliath birdeater or a black widow?",
        "The Goliath birdeater is much bigger.",
        "A Goliath birdeater is much bigger than a black widow.",
      ],
      [
        "Which is saltier, the Dead Sea or Lake Assal in Djibouti?",
        "Lake Assal is saltier.",
        "Lake Assal in Djibouti is saltier than the Dead Sea.",
      ],
      ["Which is bigger, the Sun or the Moon?", "The Sun.", "The Sun is bigger than the Moon."],
    ],
    true,
  );
});

test("a verb's noun in an idiom is not the question's verb ('catch fire', 'take place', 'set sail')", () => {
  assertStatements(
    [
      ["When did the Hindenburg airship catch fire?", "On May 6, 1937.", "The Hindenburg airship caught fire on May 6, 1937."],
      ["When did Hurricane Katrina make landfall?", "August 29, 2005.", "Hurricane Katrina made landfall on August 29, 2005."],
      ["What year did the Kon-Tiki expedition set sail?", "1947.", "The Kon-Tiki expedition set sail in 1947."],
    ],
    true,
  );
});

test("flags: a pointing 'That' for the question's words, a rule's 'because' before the answer's own, auxiliaries out of order", () => {
  const doubts = (question: string, answer: string) => reformulate(question, answer).doubts;
  assert.ok(
    doubts("I found some old books with brown spots on the pages. What causes that?", "That's called foxing.").includes(
      'context: "That" stands for the question\'s words',
    ),
  );
  assert.ok(
    doubts("Why does a frozen lake not freeze solid from the bottom up?", "A lake freezes from the top down because ice floats.").some(
      (d) => d === 'reads: "because" twice',
    ),
  );
  assert.ok(
    doubts("Which biome is she most likely to be in?", "Tropical rainforest.").every((d) => d !== "reads: auxiliaries out of order") ||
      reformulate("Which biome is she most likely to be in?", "Tropical rainforest.").statement.includes("to be is"),
  );
  // (Not the reasons a rule shares out, nor a passive of "have".)
  assert.deepEqual(doubts("Why does a minor chord sound sad?", "Partly culture, partly acoustics."), []);
  assert.ok(
    !doubts("What act as cues?", "Sale signs act as cues that there is a bargain to be had.").includes("reads: auxiliaries out of order"),
  );
});

test("an appositive with a possessive, or the name after one, is closed with a comma before the question's words go on", () => {
  assertStatements(
    [
      [
        "Which Mongol ruler founded the Yuan dynasty?",
        "Kublai Khan, Genghis's grandson.",
        "Kublai Khan, Genghis's grandson, founded the Yuan dynasty.",
      ],
      [
        "Whom did Genghis Khan choose as his successor?",
        "His third son, Ögedei.",
        "Genghis Khan chose his third son, Ögedei, as his successor.",
      ],
      [
        "With whom did Amelia Earhart vanish in 1937?",
        "Her navigator, Fred Noonan.",
        "Amelia Earhart vanished with her navigator, Fred Noonan, in 1937.",
      ],
    ],
    true,
  );
});

test("after 'do' the verb is a base form: a plural before a base form and its object is the subject's noun", () => {
  assertStatements(
    [
      ["How do New Caledonian crows use tools?", "With twigs.", "New Caledonian crows use tools with twigs."],
      ["Do honey bees make wax?", "Yes.", "Honey bees make wax."],
    ],
    true,
  );
});

test("a coordinated subject stays whole, a place adverb takes no preposition, the subject's appositive name is closed", () => {
  assertStatements(
    [
      ["Are ravens and crows the same species?", "No.", "Ravens and crows are not the same species."],
      ["Are cats and dogs friends?", "Sometimes.", "Cats and dogs are sometimes friends."],
      ["Where do cats sleep?", "Indoors, mostly.", "Cats sleep indoors, mostly."],
      ["Where do salmon spawn?", "Upstream, in rivers.", "Salmon spawn upstream, in rivers."],
      ["Where do penguins live?", "Antarctica.", "Penguins live in Antarctica."],
      [
        "When was the Theatrum Orbis Terrarum, the first modern atlas, compiled?",
        "1570.",
        "The Theatrum Orbis Terrarum, the first modern atlas, was compiled in 1570.",
      ],
    ],
    true,
  );
  assert.equal(
    reformulate("In which modern city was Kublai Khan's capital, Khanbaliq?", "Beijing.").statement,
    "Kublai Khan's capital, Khanbaliq, was in Beijing.",
  );
});

test("an adverb before 'its' opens the owner's phrase; a regnal 'I' is no pronoun; a question's quotation stays whole", () => {
  assertStatements(
    [
      [
        "What makes honey so resistant to spoiling?",
        "Mostly its low water content and high acidity.",
        "Mostly honey's low water content and high acidity make it so resistant to spoiling.",
      ],
      ["What causes coral bleaching?", "Mostly heat stress.", "Mostly heat stress causes coral bleaching."],
      ["What does the liver do?", "Mainly it filters the blood.", "The liver mainly filters the blood."],
      [
        "Which emperor ordered the building of the Hagia Sophia?",
        "Justinian I did.",
        "Justinian I ordered the building of the Hagia Sophia.",
      ],
      ['When do runners "hit the wall"?', "Around mile 20.", 'Runners "hit the wall" around mile 20.'],
      ['Why does "Hamlet" end tragically?', "Because everyone dies.", '"Hamlet" ends tragically because everyone dies.'],
    ],
    true,
  );
  assert.equal(reformulate('What does "carpe diem" mean?', "Seize the day.").statement, '"carpe diem" means seize the day.');
});

test("an instruction's condition speaks to the addressee: the asker's 'I' and that 'I''s 'my' become 'you' and 'your'", () => {
  assertStatements(
    [
      [
        "What should I do if I've sprayed on too much perfume?",
        "Dab the spot with lotion.",
        "If you've sprayed on too much perfume, dab the spot with lotion.",
      ],
      [
        "What should I do if I burn my hand on the stove?",
        "Run it under cool water.",
        "If you burn your hand on the stove, run it under cool water.",
      ],
      // (A "my" with no "I" is said of anyone, as before; so is the asker's passive.)
      ["What should I do if my car battery dies?", "Jump-start it.", "If a car battery dies, jump-start it."],
      ["What should I do if I get stung by a jellyfish?", "Rinse with vinegar.", "If stung by a jellyfish, rinse with vinegar."],
    ],
    true,
  );
});

test("'X is a famous one' to 'Give an example of …' names the example, whatever the tagger reads; flags: two negations", () => {
  assertStatements(
    [
      [
        "Give an example of a karst landscape.",
        "Sure! The Stone Forest (Shilin) in Yunnan, China, is a famous one.",
        "The Stone Forest (Shilin) in Yunnan, China, is a famous example of a karst landscape.",
      ],
      [
        "Give me an example of a renewable energy source.",
        "Wind power is a good one.",
        "Wind power is a good example of a renewable energy source.",
      ],
    ],
    true,
  );
  assert.ok(reformulate("Do elephants really never forget?", "Nope — they can forget.").doubts.includes("reads: two negations"));
});

test("'No, not without …' limits the negated verb; a venue takes 'at'; a place's own place is closed; a bare verb's duration takes 'for'", () => {
  assertStatements(
    [
      [
        "Can a golfer ground the club in a bunker?",
        "No, not without a two-stroke penalty in stroke play.",
        "A golfer cannot ground the club in a bunker without a two-stroke penalty in stroke play.",
      ],
      [
        "Is honey safe to give to babies?",
        "No — not under 12 months, because of the risk of infant botulism.",
        "Honey is not safe to give to babies under 12 months, because of the risk of infant botulism.",
      ],
      [
        "Where did the first Ryder Cup take place?",
        "Worcester Country Club, Massachusetts.",
        "The first Ryder Cup took place at Worcester Country Club, Massachusetts.",
      ],
      ["Where is the Eiffel Tower?", "Paris.", "The Eiffel Tower is in Paris."],
      [
        "Which reef system is the largest in the world?",
        "Probably the Great Barrier Reef, off Queensland.",
        "The Great Barrier Reef, off Queensland, is probably the largest reef system in the world.",
      ],
      ["How long did Lady Jane Grey reign?", "Just nine days.", "Lady Jane Grey reigned for just nine days."],
      // ("live" and "last" say it bare.)
      ["How long do octopuses live?", "One to two years.", "Octopuses live one to two years."],
      ["How long did the war last?", "Six years.", "The war lasted six years."],
    ],
    true,
  );
});

test("flags-45/46: a perfect's 'been' before no participle, coordinated names, 'name X', initials, 'of it', a bare degree, a restated adverb", () => {
  assertStatements(
    [
      ["How long has the Tower of Hercules been in use?", "Since Roman times.", "The Tower of Hercules has been in use since Roman times."],
      ["How long have they been married?", "Ten years.", "They have been married for ten years."],
      ["Were Hamburg and Bremen Hanseatic cities?", "Yes.", "Hamburg and Bremen were Hanseatic cities."],
      ["Are New York and New Jersey neighbours?", "Yes.", "New York and New Jersey are neighbours."],
      ["Is Bosnia and Herzegovina a country?", "Yes.", "Bosnia and Herzegovina is a country."],
      ["Was Emperor Meiji's personal name Mutsuhito?", "Yes.", "Emperor Meiji's personal name was Mutsuhito."],
      [
        "Which submarine was the first to sink an enemy warship?",
        "The H.L. Hunley was. It sank the USS Housatonic in 1864.",
        "The H.L. Hunley was the first submarine to sink an enemy warship. It sank the USS Housatonic in 1864.",
      ],
      [
        "Whose family designed most of Scotland's lighthouses?",
        "The Stevenson family.",
        "The Stevenson family designed most of Scotland's lighthouses.",
      ],
      ["Whose face is on the US one-dollar bill?", "George Washington's", "George Washington's face is on the US one-dollar bill."],
      ["How much of a jellyfish's body is water?", "About 95% of it.", "About 95% of a jellyfish's body is water."],
      ["How dangerous are Irukandji jellyfish?", "Very.", "Irukandji jellyfish are very dangerous."],
      ["How deep is the lake?", "Not very.", "The lake is not very deep."],
      ["What do leatherback turtles mainly eat?", "Jellyfish, mostly.", "Leatherback turtles mainly eat jellyfish."],
    ],
    true,
  );
});

test("'What is she doing?' keeps the answer's -ing form; 'What am I doing wrong?' is said to the asker", () => {
  assertStatements(
    [
      ["What is she doing?", "Reading a book.", "She is reading a book."],
      ["What are the kids doing?", "Playing outside.", "The kids are playing outside."],
      ["What did Edison do?", "Invented the light bulb.", "Edison invented the light bulb."],
    ],
    true,
  );
  assert.equal(reformulate("What am I doing wrong?", "Using too much water.").statement, "You are using too much water.");
});

test("lean-70: 'there' is the question's place, the question's 'ones' its noun, an instruction's destination a place", () => {
  assertStatements(
    [
      [
        "What happened at Lexington and Concord in April 1775?",
        "The first shots of the Revolutionary War were fired there.",
        "The first shots of the Revolutionary War were fired at Lexington and Concord in April 1775.",
      ],
      ["What happened at Waterloo?", "Napoleon was defeated there in 1815.", "Napoleon was defeated at Waterloo in 1815."],
      ["Which mammals are the only ones capable of true flight?", "Bats are.", "Bats are the only mammals capable of true flight."],
      ["Which birds are the fastest ones?", "Peregrine falcons.", "Peregrine falcons are the fastest birds."],
      ["Where can I see the Northern Lights?", "Try northern Norway.", "The Northern Lights can be seen in northern Norway."],
      ["Where did the 1966 World Cup final take place?", "Wembley Stadium.", "The 1966 World Cup final took place at Wembley Stadium."],
    ],
    true,
  );
});

test("lean-69: a count after a passive's participle, ', and … doesn't' as the answer's own clause, a place one stays in, 'modern X'", () => {
  assertStatements(
    [
      [
        "How many touches is a volleyball team allowed before sending the ball over?",
        "Three, and a block doesn't count as one.",
        "A volleyball team is allowed three touches before sending the ball over, and a block doesn't count as one.",
      ],
      ["How long do tiger cubs stay with their mother?", "About two years.", "Tiger cubs stay with their mother for about two years."],
      [
        "Which city was the eastern end of the Silk Road?",
        "That would be Chang'an, modern Xi'an.",
        "Chang'an, modern Xi'an, was the eastern end of the Silk Road.",
      ],
    ],
    true,
  );
});

test("an auxiliary's ellipsis may take a bracketed aside, which follows the question's predicate", () => {
  assertStatements(
    [
      [
        "Which chess piece can jump over other pieces?",
        "Only the knight can (castling aside).",
        "Only the knight can jump over other pieces (castling aside).",
      ],
      ["Who wrote Hamlet?", "Shakespeare did (probably around 1600).", "Shakespeare wrote Hamlet (probably around 1600)."],
      ["Who wrote Hamlet?", "Shakespeare did.", "Shakespeare wrote Hamlet."],
    ],
    true,
  );
});

test("an adjective and the preposition it strands end a be-question, as a participle's do ('native to', 'rich in')", () => {
  assertStatements(
    [
      ["Which region is the olive tree native to?", "The Mediterranean Basin", "The olive tree is native to the Mediterranean Basin."],
      ["What is spinach rich in?", "Iron.", "Spinach is rich in iron."],
      ["Which city is Oxford close to?", "London.", "Oxford is close to London."],
      ["What is a periscope used for?", "Seeing above the surface.", "A periscope is used for seeing above the surface."],
      ["What is the capital of France?", "Paris.", "The capital of France is Paris."],
    ],
    true,
  );
});
