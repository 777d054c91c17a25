/**
 * Statements of answers that lean on the question, stop 51 (issue 23): rules found on new development sets written blind by helpers
 * (lean-73 and lean-75, short answers in the style of the issue's own table; lean-74 and lean-76, chat answers; flags-49 and flags-50).
 * Each rule is shown where it applies and where it must not.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { reformulate } from "../lib/statements/builtin.js";
import { assertStatements } from "./support/statement-cases.js";

test("a British -re spelling is no plural: 'The sabre allows …'", () => {
  assertStatements(
    [
      ["Which fencing weapon allows hits with the edge of the blade?", "The sabre.", "The sabre allows hits with the edge of the blade."],
      ["Which material carries light signals?", "Optical fibre.", "Optical fibre carries light signals."],
    ],
    true,
  );
});

test("'how many' and adjectives before an -s word: that word is the counted noun, not a verb", () => {
  assertStatements(
    [
      [
        "How many major crusades to the Holy Land are usually counted?",
        "Nine, I think.",
        "Nine major crusades to the Holy Land are usually counted, I think.",
      ],
      ["How many large moons orbit Jupiter?", "Four.", "Four large moons orbit Jupiter."],
    ],
    true,
  );
});

test("a counted passive with a number word says the count first, as with digits", () => {
  assertStatements(
    [
      ["How many hoops are used in croquet?", "Six.", "Six hoops are used in croquet."],
      ["How many moons are usually counted?", "Nine.", "Nine moons are usually counted."],
      ["How many languages are spoken in Papua New Guinea?", "Roughly 840.", "Roughly 840 languages are spoken in Papua New Guinea."],
      // (A place the question asks about stays existential.)
      ["How many bones are there in the human body?", "206.", "There are 206 bones in the human body."],
    ],
    true,
  );
});

test("'Tell me which X is …': the wh-phrase is the embedded clause's subject", () => {
  assertStatements(
    [
      ["Tell me which planet is the largest.", "Jupiter", "Jupiter is the largest planet."],
      ["Tell me which gas plants absorb.", "Carbon dioxide", "Plants absorb carbon dioxide."],
    ],
    true,
  );
});

test("a concession before the answer's pronoun clause opens the statement", () => {
  assertStatements(
    [
      [
        "How long did the Hundred Years' War actually last?",
        "Despite the name, it lasted 116 years — from 1337 to 1453.",
        "Despite the name, the Hundred Years' War actually lasted 116 years — from 1337 to 1453.",
      ],
      [
        "Where do salmon spawn?",
        "Despite living in the sea, they spawn in freshwater rivers.",
        "Despite living in the sea, salmon spawn in freshwater rivers.",
      ],
    ],
    true,
  );
});

test("a common noun's possessive that only opened the answer is lowered; a name's and Earth's are not", () => {
  assertStatements(
    [
      ["What milk is Roquefort made from?", "Sheep's milk.", "Roquefort is made from sheep's milk."],
      ["What do farmers use?", "Cow's milk", "Farmers use cow's milk."],
      ["What is this law?", "Newton's law", "This law is Newton's law."],
      ["What causes the seasons?", "Earth's tilt", "Earth's tilt causes the seasons."],
    ],
    false,
  );
});

test("a phrase answer's opening adverb and comma read on before the phrase; a that-clause keeps its flag", () => {
  assertStatements(
    [
      [
        "What is terroir in winemaking?",
        "Basically, the whole environment a vineyard's grapes grow in: soil, climate, slope and sun exposure.",
        "Terroir in winemaking is basically the whole environment a vineyard's grapes grow in: soil, climate, slope and sun exposure.",
      ],
      ["What do hedgehogs eat?", "Mainly, beetles and worms.", "Hedgehogs eat mainly beetles and worms."],
      ["What do hedgehogs eat?", "Mainly, they eat beetles.", "Hedgehogs mainly eat beetles."],
    ],
    true,
  );
});

test("a manner answer's common noun, capitalised only as its opening, is lowered after 'by'", () => {
  assertStatements(
    [
      ["How do bats find their way in the dark?", "Echolocation.", "Bats find their way in the dark by echolocation."],
      ["How do seals stay warm?", "Blubber.", "Seals stay warm by blubber."],
    ],
    true,
  );
});

test("'Happy to!' and 'Here's the short version:' claim nothing", () => {
  assertStatements(
    [
      [
        "Explain the right-of-way rule in fencing.",
        "Happy to! Right of way applies in foil and sabre: the point goes to the fencer who had priority.",
        "Right of way applies in foil and sabre: the point goes to the fencer who had priority.",
      ],
    ],
    true,
  );
});

test("steps to 'Tell me how to …' and to a passive 'How is X made?' say the purpose first", () => {
  assertStatements(
    [
      [
        "Tell me how to start a hot compost pile.",
        "Sure! Here's the basic recipe:\n1. Build the pile.\n2. Turn it every few days.",
        "To start a hot compost pile, build the pile and turn it every few days.",
      ],
      ["Can you tell me how to get to the station?", "Take the second left.", "To get to the station, take the second left."],
      [
        "How is sparkling wine made by the traditional method?",
        "Sure! Here's the short version:\n1. Make a still base wine.\n2. Bottle it with extra yeast and sugar.\n3. Remove the dead yeast.",
        "To make sparkling wine by the traditional method, make a still base wine, bottle it with extra yeast and sugar and remove the dead yeast.",
      ],
      // (A description, not steps, stays passive.)
      ["How are bagels made?", "They are boiled, then baked.", "Bagels are boiled, then baked."],
      ["How is glass made?", "By melting sand.", "Glass is made by melting sand."],
    ],
    true,
  );
});

test("an in-situ wh-phrase after a preposition: the answer's own preposition takes its place", () => {
  assertStatements(
    [
      ["Leopard seals live mainly in which part of the world?", "Around Antarctica.", "Leopard seals live mainly around Antarctica."],
      ["The wreck lies off which country?", "Near Ireland.", "The wreck lies near Ireland."],
      ["The Nile flows into which sea?", "Into the Mediterranean.", "The Nile flows into the Mediterranean."],
    ],
    true,
  );
});

test("'Tell me what causes …': the wh-word is the subject of the verb after it", () => {
  assertStatements(
    [
      [
        "Tell me what causes the northern lights.",
        "Short answer: the solar wind. Charged particles make them glow.",
        "The solar wind causes the northern lights. Charged particles make them glow.",
      ],
      ["Tell me what plants need.", "Light and water.", "Plants need light and water."],
    ],
    true,
  );
});

test("'the Knights Templar' are plural, and the question's adverb goes before the answer's verb for its 'do'", () => {
  assertStatements(
    [
      [
        "What did the Knights Templar originally do?",
        "They protected pilgrims to the Holy Land.",
        "The Knights Templar originally protected pilgrims to the Holy Land.",
      ],
      ["What did the Vikings originally do?", "They originally raided monasteries.", "The Vikings originally raided monasteries."],
      // (An emphasis only asks.)
      [
        "What does a lightning rod actually do?",
        "It gives lightning a path to the ground.",
        "A lightning rod gives lightning a path to the ground.",
      ],
    ],
    true,
  );
});

test("'do to' a thing: the answer's 'them' or 'it' after its verb is that thing", () => {
  assertStatements(
    [
      [
        "What does the Moon's gravity do to Earth's oceans?",
        "It pulls them into two bulges, one on each side of the planet.",
        "The Moon's gravity pulls Earth's oceans into two bulges, one on each side of the planet.",
      ],
      ["What did the Romans do to Carthage?", "They destroyed it in 146 BC.", "The Romans destroyed Carthage in 146 BC."],
    ],
    true,
  );
});

test("compound nouns the taggers split: 'a bisque firing', 'the first Test match played', 'a camel's hump store' with the answer's verb", () => {
  assertStatements(
    [
      [
        "Tell me what a bisque firing is.",
        "It's the first firing, which turns raw clay into hard ware.",
        "A bisque firing is the first firing, which turns raw clay into hard ware.",
      ],
      ["What is the class testing?", "Whether plants need light.", "The class is testing whether plants need light."],
      [
        "On which ground was the first Test match played?",
        "That would be the Melbourne Cricket Ground, in 1877.",
        "The first Test match was played on the Melbourne Cricket Ground, in 1877.",
      ],
      ["When was the cat fed?", "At noon.", "The cat was fed at noon."],
      ["Does a camel's hump store water?", "No — it stores fat, not water.", "A camel's hump stores fat, not water."],
      ["Does the ice cream melt?", "Yes, it melts fast.", "The ice cream melts fast."],
    ],
    true,
  );
});

test("durations with 'nearly' or 'over' take 'for' as bare ones do; an idiom like 'at once' is no object; 'Well over' is a degree", () => {
  assertStatements(
    [
      ["How long did Franz Joseph reign?", "Nearly 68 years.", "Franz Joseph reigned for nearly 68 years."],
      ["How much water can a camel drink at once?", "About 100 litres.", "A camel can drink about 100 litres of water at once."],
      ["How many eggs does a hen lay at once?", "One.", "A hen lays one egg at once."],
      ["How much water can a thirsty camel drink?", "Well over 100 litres.", "A thirsty camel can drink well over 100 litres of water."],
      ["Who wrote Hamlet?", "Well, Shakespeare.", "Shakespeare wrote Hamlet."],
    ],
    true,
  );
});

test("a bare superlative after 'be' makes the wh-phrase the subject, 'species' included", () => {
  assertStatements(
    [
      ["Which seal species is the largest?", "The southern elephant seal.", "The southern elephant seal is the largest seal species."],
      ["Which species is the tallest?", "The giraffe.", "The giraffe is the tallest species."],
      ["What type of rock is granite?", "Igneous.", "Granite is an igneous rock."],
    ],
    true,
  );
});

test("what someone calls the question's thing is what it is called", () => {
  assertStatements(
    [
      ["What's a baby hedgehog called?", "You'd call it a hoglet.", "A baby hedgehog is called a hoglet."],
      ["What is a group of crows called?", "We call it a murder.", "A group of crows is called a murder."],
      ["What are baby foxes called?", "People usually call them kits.", "Baby foxes are usually called kits."],
    ],
    true,
  );
});

test("a term's field opens the statement, and 'That's when …' says what the term is", () => {
  assertStatements(
    [
      [
        'What does "heeling" mean in sailing?',
        "That's when the boat leans over to one side.",
        'In sailing, "heeling" is when the boat leans over to one side.',
      ],
      [
        'What does "heeling" mean in sailing?',
        "Heeling is when the boat leans over to one side because of the wind.",
        "In sailing, heeling is when the boat leans over to one side because of the wind.",
      ],
      ['What does "gracias" mean in Spanish?', "It means thank you.", 'In Spanish, "gracias" means thank you.'],
      [
        "What does OOP stand for in programming?",
        "Object-oriented programming.",
        "In programming, OOP stands for object-oriented programming.",
      ],
      ["What does DNA stand for?", "Deoxyribonucleic acid.", "DNA stands for deoxyribonucleic acid."],
    ],
    true,
  );
  // (The rules' own doubts on the statement stay.)
  assert.ok(reformulate("What does ISO mean in photography?", "ISO measures how sensitive the sensor is to light.").flagged);
});

test("'Short answer:' goes before the answer's hedge is read", () => {
  assertStatements(
    [
      [
        "Why did the southern Classic Maya cities decline?",
        "Short answer: probably a combination of prolonged drought and warfare.",
        "The southern Classic Maya cities probably declined because of a combination of prolonged drought and warfare.",
      ],
      ["Who wrote Hamlet?", "Short answer: Shakespeare.", "Shakespeare wrote Hamlet."],
    ],
    true,
  );
});

test("a degree before a preposition or subordinator makes a time phrase: no 'in' before it, no clause", () => {
  assertStatements(
    [
      [
        "When did fencing join the modern Olympic Games?",
        "Right at the start — it was on the programme in 1896.",
        "Fencing joined the modern Olympic Games right at the start — it was on the programme in 1896.",
      ],
      ["When did the war end?", "Soon after the treaty was signed.", "The war ended soon after the treaty was signed."],
      // ("Right of way …" is a clause's subject.)
      ["Explain the right-of-way rule in fencing.", "Right of way applies in foil and sabre.", "Right of way applies in foil and sabre."],
    ],
    true,
  );
});

test("the answer's bare count takes the noun the question counts; 'has two humps' is no glued noun", () => {
  assertStatements(
    [
      ["Which camel species has two humps?", "The Bactrian camel has two.", "The Bactrian camel has two humps."],
      ["Which planet has two moons?", "Mars has two.", "Mars has two moons."],
      ["How many strings does a bass guitar usually have?", "It usually has four.", "A bass guitar usually has four strings."],
    ],
    true,
  );
  // (A measure's adjective glued after a year is still flagged.)
  assert.ok(
    reformulate(
      "How long is a year on Neptune?",
      "It's about 165 Earth years, so Neptune has completed only one orbit since it was discovered in 1846.",
    ).flagged,
  );
});

test("'crown' names what its object becomes; an adverb before 'yes' goes on the verb; a measure from a point takes no adjective", () => {
  assertStatements(
    [
      ["What did Napoleon crown himself in 1804?", "Emperor of the French.", "Napoleon crowned himself Emperor of the French in 1804."],
      [
        "Did the crusaders ever retake Jerusalem after 1187?",
        "Briefly, yes: Frederick II got it back by treaty in 1229.",
        "The crusaders briefly retook Jerusalem after 1187: Frederick II got it back by treaty in 1229.",
      ],
      [
        "How high is the top bar?",
        "About 2.5 meters off the floor at the elite level.",
        "The top bar is about 2.5 meters off the floor at the elite level.",
      ],
      ["How tall is Everest?", "About 8,849 metres.", "Everest is about 8,849 metres tall."],
    ],
    true,
  );
});

test("parses the flags batches showed wrong: a strong verb's past is no participle, 'lives' can be a verb, 'US states' and 'running machine' are nouns", () => {
  assertStatements(
    [
      [
        "Tell me what a compass rose is.",
        "It's the figure on a map that shows the cardinal directions.",
        "A compass rose is the figure on a map that shows the cardinal directions.",
      ],
      ["What was the Titanic made of?", "Steel.", "The Titanic was made of steel."],
      ["Which owl lives in underground burrows?", "The burrowing owl", "The burrowing owl lives in underground burrows."],
      ["Which US states border Lake Tahoe?", "California and Nevada", "California and Nevada border Lake Tahoe."],
      ["In what year did Karl Drais first ride his running machine?", "1817", "Karl Drais first rode his running machine in 1817."],
    ],
    true,
  );
});

test("a singular wh-noun before a plural 'are' and a participle is the participle's object", () => {
  assertStatements(
    [
      [
        "What disease are badgers culled to control in England?",
        "Bovine tuberculosis",
        "Badgers are culled to control bovine tuberculosis in England.",
      ],
      ["Which animal is the largest?", "The blue whale.", "The blue whale is the largest animal."],
    ],
    true,
  );
  assert.equal(reformulate("Which language are children taught first?", "English.").statement, "Children are taught English first.");
});

test("'the only one of …' keeps its 'one'; an event ends when another clause's event happens", () => {
  assertStatements(
    [
      [
        "Name one of the Great Lakes that's entirely within the United States.",
        "Lake Michigan is the only one.",
        "Lake Michigan is the only one of the Great Lakes that's entirely within the United States.",
      ],
      [
        "How did the Wars of the Roses end?",
        "Henry VII married Elizabeth of York, which united the two houses.",
        "The Wars of the Roses ended when Henry VII married Elizabeth of York, which united the two houses.",
      ],
      [
        "Whom did Queen Elizabeth II marry?",
        "Queen Elizabeth II married Prince Philip in 1947.",
        "Queen Elizabeth II married Prince Philip in 1947.",
      ],
      ["How did the war end?", "It ended with a treaty.", "The war ended with a treaty."],
    ],
    true,
  );
});

test("stop 51's second round: comma before a time after 'did', period parts, 'try to do', 'mainly for', the question's own adverb, 'I believe … does'", () => {
  assertStatements(
    [
      [
        "Who founded the Wedgwood pottery company?",
        "Josiah Wedgwood did, in 1759.",
        "Josiah Wedgwood founded the Wedgwood pottery company, in 1759.",
      ],
      [
        "When did Hurricane Katrina hit New Orleans?",
        "Late August 2005 — August 29, to be exact.",
        "Hurricane Katrina hit New Orleans in late August 2005 — August 29, to be exact.",
      ],
      ["When was Machu Picchu built?", "Mid-1400s.", "Machu Picchu was built in the mid-1400s."],
      [
        "What did the Gracchi brothers try to do?",
        "Redistribute public land to poor citizens.",
        "The Gracchi brothers tried to redistribute public land to poor citizens.",
      ],
      [
        "Why is the Golden Gate Bridge painted orange?",
        "Mainly for visibility in the fog.",
        "The Golden Gate Bridge is painted orange mainly for visibility in the fog.",
      ],
      [
        "Where did the First Punic War mostly take place?",
        "Mostly in and around Sicily.",
        "The First Punic War mostly took place in and around Sicily.",
      ],
      ["What do leatherback turtles mainly eat?", "Mainly jellyfish.", "Leatherback turtles mainly eat jellyfish."],
      [
        "What locks the stones of a masonry arch bridge in place?",
        "I believe the keystone at the top does.",
        "I believe the keystone at the top locks the stones of a masonry arch bridge in place.",
      ],
      ["Who wrote Hamlet?", "I think it's Shakespeare.", "Shakespeare wrote Hamlet."],
      [
        "Which hurricane category is the strongest on the Saffir-Simpson scale?",
        "Category 5 is.",
        "Category 5 is the strongest hurricane category on the Saffir-Simpson scale.",
      ],
    ],
    true,
  );
});

test("a frequency said alone to a yes/no question goes on the verb; a capitalised plural before a base form is a clause", () => {
  assertStatements(
    [
      [
        "Do llamas spit at people?",
        "Rarely — they mostly spit at each other.",
        "Llamas rarely spit at people — they mostly spit at each other.",
      ],
      ["Do cats like water?", "Occasionally. Some breeds enjoy it.", "Cats occasionally like water. Some breeds enjoy it."],
      ["Is it cold in Oslo?", "Often, yes.", "It is often cold in Oslo."],
      [
        "Can you put porcelain in a microwave?",
        "Usually, as long as it has no metallic trim or glaze.",
        "Porcelain can usually be put in a microwave, as long as it has no metallic trim or glaze.",
      ],
    ],
    true,
  );
  assert.equal(
    reformulate("Explain photosynthesis.", "Plants use sunlight to make sugar.").statement,
    "Plants use sunlight to make sugar.",
  );
});

test("stop 51's second round, lean-79: a noun before 'only' and the verb, a modal's 'be' and its measure, hyphens and possessives kept", () => {
  assertStatements(
    [
      [
        "Why does maple sap only run in late winter?",
        "Since it needs freezing nights.",
        "Maple sap only runs in late winter since it needs freezing nights.",
      ],
      [
        "How old should a sugar maple be before it's tapped?",
        "Probably around 40 years.",
        "A sugar maple should probably be around 40 years old before it's tapped.",
      ],
      ["How long should the pasta be boiled?", "About 10 minutes.", "The pasta should be boiled for about 10 minutes."],
      [
        "Whose record of 45 top-division championships is the most in sumo history?",
        "Hakuhō's.",
        "Hakuhō's record of 45 top-division championships is the most in sumo history.",
      ],
      [
        "The Immortals were an elite unit of which empire's army?",
        "The Achaemenid Persian Empire's.",
        "The Immortals were an elite unit of the Achaemenid Persian Empire's army.",
      ],
      ["Bread is made from the flour of which plant?", "Wheat's.", "Bread is made from the flour of wheat."],
      ["How many grand sumo tournaments are held each year?", "Six.", "Six grand sumo tournaments are held each year."],
      [
        "How much maple syrup was stolen in the heist?",
        "Roughly $18 million worth.",
        "Roughly $18 million worth of maple syrup was stolen in the heist.",
      ],
      [
        "Who first made maple syrup in North America?",
        "Indigenous peoples, long before European settlers arrived.",
        "Indigenous peoples first made maple syrup in North America, long before European settlers arrived.",
      ],
      ["Which geyser is the most reliable to see erupt?", "Old Faithful.", "Old Faithful is the most reliable geyser to see erupt."],
      [
        "To which branch of the Indo-European family does Lithuanian belong?",
        "Baltic",
        "Lithuanian belongs to the Baltic branch of the Indo-European family.",
      ],
    ],
    true,
  );
});

test("stop 51's second round, lean-78 and lean-80: instructions to 'where', names with 'di', 'what am I doing wrong', 'my best', dash additions, a subject's place", () => {
  assertStatements(
    [
      [
        "We just heard the tornado siren and our house has no basement. Where should we go?",
        "Get to an interior room on the lowest floor — a bathroom or closet with no windows.",
        "We just heard the tornado siren and our house has no basement. Get to an interior room on the lowest floor — a bathroom or closet with no windows.",
      ],
      [
        "Fettuccine Alfredo was created by which Roman restaurateur?",
        "That's Alfredo di Lelio.",
        "Fettuccine Alfredo was created by Alfredo di Lelio.",
      ],
      ["Where should I put the plant?", "Somewhere bright.", "The plant should be put somewhere bright."],
      [
        "What wood did medieval English bowyers prefer for longbows?",
        "Yew, mostly. Its heartwood and sapwood work together like a natural spring.",
        "Medieval English bowyers preferred Yew for longbows, mostly. Its heartwood and sapwood work together like a natural spring.",
      ],
      ["What do leatherback turtles mainly eat?", "Jellyfish, mostly!", "Leatherback turtles mainly eat jellyfish."],
      [
        "Where is my best chance to see a koala?",
        "Probably Kennett River.",
        "The best chance to see a koala is probably in Kennett River.",
      ],
      [
        "Which orbiter flew the most Space Shuttle missions?",
        "Discovery — 39 flights in total.",
        "Discovery flew the most Space Shuttle missions — 39 flights in total.",
      ],
      [
        "Why is the sky between the two bows of a double rainbow darker?",
        "Because raindrops in that region don't send reflected sunlight toward the viewer.",
        "The sky between the two bows of a double rainbow is darker because raindrops in that region don't send reflected sunlight toward the viewer.",
      ],
      ["Is Paris in France?", "Yes.", "Paris is in France."],
    ],
    false,
  );
  assert.equal(
    reformulate(
      "My spaghetti always clumps together in the pot. What am I doing wrong?",
      "Probably not using enough water, or not stirring in the first couple of minutes.",
    ).statement,
    "My spaghetti always clumps together in the pot. You are probably not using enough water, or not stirring in the first couple of minutes.",
  );
});

test("no cleft read from 'be' or a name's word; a same-form participle ends a be-question; 'whose' opens no list", () => {
  assertStatements(
    [
      ["What is a fjord?", "It's a narrow inlet that was carved by a glacier.", "A fjord is a narrow inlet that was carved by a glacier."],
      [
        "What is the Culebra Cut?",
        "It's the artificial valley that cuts through the Continental Divide in Panama.",
        "The Culebra Cut is the artificial valley that cuts through the Continental Divide in Panama.",
      ],
      ["What causes tides?", "It is the Moon that causes them.", "The Moon causes tides."],
      ["How was the plague spread?", "Mainly by fleas that lived on rats.", "The plague was spread mainly by fleas that lived on rats."],
      [
        "Who is credited with controlling yellow fever during the Panama Canal's construction?",
        "William Gorgas, the US Army doctor, whose mosquito control efforts made it possible.",
        "William Gorgas, the US Army doctor, whose mosquito control efforts made it possible, is credited with controlling yellow fever during the Panama Canal's construction.",
      ],
    ],
    true,
  );
});

test("flags-53 and flags-54: 'what lake …' in a request, 'stay closed … after', and flags for a pronoun after a preposition and 'means … means'", () => {
  assertStatements(
    [
      [
        "Tell me what lake the Suez Canal passes through.",
        "It runs through the Great Bitter Lake.",
        "The Suez Canal runs through the Great Bitter Lake.",
      ],
      [
        "How long did the Suez Canal stay closed after the Six-Day War?",
        "About eight years",
        "The Suez Canal stayed closed for about eight years after the Six-Day War.",
      ],
      ["How long do cubs stay with their mother?", "About two years.", "Cubs stay with their mother for about two years."],
    ],
    true,
  );
  assert.ok(
    reformulate("How did the French army react when Napoleon came back?", "Mostly they rallied to him.").doubts.includes(
      'reads: "by they"',
    ),
  );
  assert.ok(
    reformulate(
      "What does the walrus's scientific name mean?",
      'Odobenus means "tooth-walker", since they use their tusks.',
    ).doubts.includes('reads: "means" twice'),
  );
});
