/**
 * Statements of answers that lean on the question, stop 52 (issue 23): rules found on new development sets written blind by helpers
 * (lean-85 to lean-92; flags-55 to flags-58) and on the older sets' references. Each rule is shown where it applies and, where it could
 * reach too far, where it must not.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { reformulate } from "../lib/statements/builtin.js";
import { assertStatements } from "./support/statement-cases.js";

test("'the most' and its adjective after a which-noun's 'be' is a bare superlative: the answer is the subject", () => {
  assertStatements(
    [
      [
        "Which flamingo species is the most numerous?",
        "The lesser flamingo.",
        "The lesser flamingo is the most numerous flamingo species.",
      ],
      ["Which breed is the most popular in the UK?", "The Labrador.", "The Labrador is the most popular breed in the UK."],
      ["Which city is the capital of France?", "Paris.", "Paris is the capital of France."],
    ],
    true,
  );
});

test("a plural after an opening word the tagger took for a name, before a preposition, is a noun, unless a verb follows", () => {
  assertStatements(
    [
      [
        "What gives flamingos their pink color?",
        "Carotenoid pigments from their diet.",
        "Carotenoid pigments from their diet give flamingos their pink color.",
      ],
      [
        "Why do we get goosebumps?",
        "Tiny muscles at the base of each hair contract, usually from cold.",
        "We get goosebumps because tiny muscles at the base of each hair contract, usually from cold.",
      ],
      ["What does DNS resolve?", "IP addresses to MAC addresses", "DNS resolves IP addresses to MAC addresses."],
    ],
    true,
  );
});

test("'Yes, it can <a verb of its own>' is the statement, its object pronoun the question's object; the question's own verb is echoed", () => {
  assertStatements(
    [
      [
        "Can the liver regenerate?",
        "Yes, it can regrow even after a large part is removed.",
        "The liver can regrow even after a large part is removed.",
      ],
      [
        "Can camels close their nostrils?",
        "Yes, they can seal them shut to keep out sand.",
        "Camels can seal their nostrils shut to keep out sand.",
      ],
      ["Can penguins fly?", "No, they can't.", "Penguins cannot fly."],
      ["Can sharks smell blood?", "Yes, they can smell it from far away.", "Sharks can smell blood from far away."],
    ],
    true,
  );
});

test("'first' after the subject, then a base form: the base form is the verb", () => {
  assertStatements(
    [
      ["When did the Byzantines first use Greek fire?", "In 672.", "The Byzantines first used Greek fire in 672."],
      ["When did the first Olympics take place?", "In 776 BC.", "The first Olympics took place in 776 BC."],
    ],
    true,
  );
});

test("a count's own plural noun names what it counts ('Twins, usually'); words after the count are not its noun", () => {
  assertStatements(
    [
      [
        "How many young does a nine-banded armadillo usually have in a litter?",
        "Twins, usually.",
        "A nine-banded armadillo usually has twins in a litter.",
      ],
      ["How many babies does a raccoon have at once?", "Usually two to five kits.", "A raccoon usually has two to five kits at once."],
    ],
    true,
  );
});

test("another superlative of the answer's for the question's takes the which-noun; the question's own too", () => {
  assertStatements(
    [
      ["Which deer species is the largest?", "The moose is the biggest.", "The moose is the biggest deer species."],
      ["Which ocean is the largest?", "The Pacific is the largest.", "The Pacific is the largest ocean."],
    ],
    true,
  );
});

test("'a Byzantine oared warship' is a phrase; 'You'd call her a cow' is what a female moose is called", () => {
  assertStatements(
    [
      ["What is a dromon?", "A Byzantine oared warship.", "A dromon is a Byzantine oared warship."],
      ["What is a female moose called?", "You'd call her a cow.", "A female moose is called a cow."],
    ],
    true,
  );
});

test("a gerund subject before its verb is a clause, and a why-answer's reason", () => {
  assertStatements(
    [
      [
        "Why do curlers sweep the ice?",
        "Sweeping warms the ice slightly and cuts friction.",
        "Curlers sweep the ice because sweeping warms the ice slightly and cuts friction.",
      ],
      [
        "Why should meat rest after cooking?",
        "Resting lets the juices redistribute through the meat.",
        "Meat should rest after cooking because resting lets the juices redistribute through the meat.",
      ],
    ],
    true,
  );
});

test("a prepositional answer goes after the question's year and after a contact relative; not after a role or a date", () => {
  assertStatements(
    [
      [
        "From whom did the crusaders capture Antioch in 1098?",
        "From the Seljuk Turks.",
        "The crusaders captured Antioch in 1098 from the Seljuk Turks.",
      ],
      [
        "From which town did Lübeck get the salt it shipped across the Baltic?",
        "Lüneburg, via the Old Salt Road.",
        "Lübeck got the salt it shipped across the Baltic from Lüneburg, via the Old Salt Road.",
      ],
      ["To whom did Zeus send Pandora as a bride?", "Epimetheus.", "Zeus sent Pandora to Epimetheus as a bride."],
      [
        "On what date did Napoleon enter Paris at the start of the Hundred Days?",
        "20 March 1815",
        "Napoleon entered Paris on 20 March 1815 at the start of the Hundred Days.",
      ],
    ],
    true,
  );
});

test("'Not until …' negates a when-question's clause; a plain time does not", () => {
  assertStatements(
    [
      [
        "When did kimchi get its chili heat?",
        "Not until after chili peppers reached Korea.",
        "Kimchi did not get its chili heat until after chili peppers reached Korea.",
      ],
      ["When was the Eiffel Tower built?", "Not until 1889.", "The Eiffel Tower was not built until 1889."],
      ["When was the Eiffel Tower built?", "In 1889.", "The Eiffel Tower was built in 1889."],
    ],
    true,
  );
});

test("counted reasons take 'for', other reasons 'because of'", () => {
  assertStatements(
    [
      [
        "Why did the Hanseatic League decline?",
        "Several reasons: rising territorial states and Dutch competition.",
        "The Hanseatic League declined for several reasons: rising territorial states and Dutch competition.",
      ],
      ["Why did Rome fall?", "Invasions and a weak economy.", "Rome fell because of invasions and a weak economy."],
    ],
    true,
  );
});

test("'of the park' in a how-much-of answer is the question's whole; 'of its surface' that whole's surface", () => {
  assertStatements(
    [
      [
        "How much of Yellowstone burned in the 1988 fires?",
        "About 36 percent of the park.",
        "About 36 percent of Yellowstone burned in the 1988 fires.",
      ],
      [
        "How much of the Earth is covered by water?",
        "About 71 percent of its surface.",
        "About 71 percent of the Earth's surface is covered by water.",
      ],
      ["How much of the Earth is covered by water?", "About 71 percent.", "About 71 percent of the Earth is covered by water."],
    ],
    true,
  );
});

test("a degree before 'after' ends the object of an impersonal passive; 'back in 1944' is a trailing time", () => {
  assertStatements(
    [
      [
        "Can you eat kimchi right after making it?",
        "Sure — fresh kimchi is popular too.",
        "Kimchi can be eaten right after making it — fresh kimchi is popular too.",
      ],
      [
        "Who created the Smokey Bear campaign?",
        "The U.S. Forest Service, back in 1944.",
        "The U.S. Forest Service created the Smokey Bear campaign, back in 1944.",
      ],
    ],
    true,
  );
});

test("a duration, margin or manner after 'Yes,' takes no comma; a condition keeps it", () => {
  assertStatements(
    [
      ["Do moose swim?", "Yes, very well.", "Moose swim very well."],
      ["Can a cockroach survive without its head?", "Yes, for about a week.", "A cockroach can survive without its head for about a week."],
      ["Is Ur older than Babylon?", "Yes, by more than a thousand years.", "Ur is older than Babylon by more than a thousand years."],
      [
        "Do we need a visa to visit Iceland from Canada?",
        "No, for stays of up to 90 days.",
        "We do not need a visa to visit Iceland from Canada, for stays of up to 90 days.",
      ],
    ],
    true,
  );
});

test("'How much saltier than X is Y?' and 'How much taller is Y than X?' with an amount; a clause is left to the rules", () => {
  assertStatements(
    [
      [
        "How much saltier than the ocean is the Dead Sea?",
        "Roughly nine to ten times saltier.",
        "The Dead Sea is roughly nine to ten times saltier than the ocean.",
      ],
      ["How much taller is Everest than K2?", "About 240 metres.", "Everest is about 240 metres taller than K2."],
      ["How much heavier is an elephant than a rhino?", "Roughly twice as heavy.", "An elephant is roughly twice as heavy as a rhino."],
      [
        "How much taller is Everest than K2?",
        "Everest is about 240 metres taller, since K2 is 8,611 m.",
        "Everest is about 240 metres taller, since K2 is 8,611 m.",
      ],
    ],
    true,
  );
});

test("'there' in an answer to 'What did X do at <place>?' is that place; a score after a name closes its comma", () => {
  assertStatements(
    [
      [
        "What did Robert the Bruce do at Greyfriars Church in Dumfries in 1306?",
        "He killed his rival John Comyn there.",
        "Robert the Bruce killed his rival John Comyn at Greyfriars Church in Dumfries in 1306.",
      ],
      [
        "Whom did Luke Littler beat in the 2025 PDC World Championship final?",
        "Michael van Gerwen, 7–3.",
        "Luke Littler beat Michael van Gerwen, 7–3, in the 2025 PDC World Championship final.",
      ],
    ],
    true,
  );
});

test("a decimal point that opens a number keeps its space; a surname in -s is one person, a team after 'the' many, a country one", () => {
  assertStatements(
    [
      ["Was Ted Williams the last player to hit .400?", "Yes.", "Ted Williams was the last player to hit .400."],
      [
        "Who holds the record for most career home runs in MLB?",
        "Barry Bonds, with 762.",
        "Barry Bonds holds the record for most career home runs in MLB, with 762.",
      ],
      ["Which team has won the most World Series?", "The New York Yankees.", "The New York Yankees have won the most World Series."],
      ["Which country has the largest economy?", "The United States.", "The United States has the largest economy."],
    ],
    true,
  );
});

test("Latin plurals in -ae; a name before a common noun, or a plural name, takes a lower-case 'the'", () => {
  assertStatements(
    [
      ["What kind of algae live inside coral?", "Zooxanthellae", "Zooxanthellae live inside coral."],
      [
        "What is the name of the bass system on most accordions?",
        "The Stradella bass system",
        "The name of the bass system on most accordions is the Stradella bass system.",
      ],
      ["What is the name of the band?", "The Beatles", "The name of the band is the Beatles."],
    ],
    true,
  );
});

test("a whose-answer that says the question's verb is the statement; a bare possessive takes the question's noun", () => {
  assertStatements(
    [
      [
        "Whose ship struck the Great Barrier Reef in 1770?",
        "James Cook's ship, the Endeavour, struck the reef in 1770.",
        "James Cook's ship, the Endeavour, struck the reef in 1770.",
      ],
      ["Whose ship struck the reef in 1770?", "James Cook's.", "James Cook's ship struck the reef in 1770."],
    ],
    true,
  );
});

test("a list's 'The most common ones:' goes; 'The usual ones:' says more and stays", () => {
  assertStatements(
    [
      [
        "What are the main ways a batter can reach first base?",
        "The most common ones:\n- a hit\n- a walk\n- an error",
        "The main ways a batter can reach first base are a hit, a walk and an error.",
      ],
      [
        "List the main defences of a castle gatehouse.",
        "The usual ones:\n- a drawbridge\n- a portcullis\n- murder holes",
        "The main defences of a castle gatehouse are the usual ones: a drawbridge, a portcullis and murder holes.",
      ],
    ],
    true,
  );
});

test("'No, neither of them …' is the statement, with the question's subject for 'them'; a bare no negates the question", () => {
  assertStatements(
    [
      ["Did the Wright brothers ever marry?", "No, neither of them ever married.", "Neither of the Wright brothers ever married."],
      ["Did the Wright brothers ever marry?", "No.", "The Wright brothers never married."],
    ],
    true,
  );
});

test("a place's name for 'Which region of X …?' is in X, and 'in which region' keeps the name; a part of a whole is 'the' part", () => {
  assertStatements(
    [
      ["Which region of Spain is famous for its saffron?", "La Mancha", "La Mancha in Spain is famous for its saffron."],
      ["Which part of a plant cell controls its activities?", "Nucleus", "The nucleus of a plant cell controls its activities."],
      ["In which region is saffron grown?", "Kashmir", "Saffron is grown in Kashmir."],
      ["In which part of a flower is pollen made?", "Anther", "Pollen is made in the anther."],
    ],
    true,
  );
});

test("a verb the tagger reads right after a plural subject stays the verb: 'How do brown pelicans catch fish?'", () => {
  assertStatements(
    [
      [
        "How do brown pelicans catch fish?",
        "They dive headfirst into the water and scoop fish into their pouch.",
        "Brown pelicans dive headfirst into the water and scoop fish into their pouch.",
      ],
    ],
    true,
  );
});

test("'It's also called X' for 'another name for' is the name; 'It's called X' for another question stays", () => {
  assertStatements(
    [
      ["What is another name for the harmonica?", "It's also called a mouth organ.", "Another name for the harmonica is a mouth organ."],
      ["What is the capital of France?", "It's called Paris.", "The capital of France is called Paris."],
    ],
    true,
  );
});

test("'What is it called when …?'; a noun before a noun and the auxiliary stays in the which-phrase", () => {
  assertStatements(
    [
      [
        "What is it called when a hockey player scores three goals in one game?",
        "A hat trick",
        "It is called a hat trick when a hockey player scores three goals in one game.",
      ],
      [
        "Which Chicago blues musician was known as a harmonica pioneer?",
        "Little Walter",
        "Little Walter was known as a harmonica pioneer.",
      ],
    ],
    true,
  );
});

test("a state of the counted ones ('webbed') is their predicate; a passive's participle keeps 'there are' out", () => {
  assertStatements(
    [
      ["How many toes on a pelican's foot are webbed?", "All four.", "All four toes on a pelican's foot are webbed."],
      ["How many games are played?", "28 in total.", "28 games are played in total."],
    ],
    true,
  );
});

test("'Which species of manatee lives …'; 'Which country's team …' + 'Jamaica's'; 'Which of Saturn's moons …' picks one", () => {
  assertStatements(
    [
      ["Which species of manatee lives only in fresh water?", "The Amazonian manatee.", "The Amazonian manatee lives only in fresh water."],
      ["Which country's team entered Olympic bobsleigh in 1988?", "Jamaica's.", "Jamaica's team entered Olympic bobsleigh in 1988."],
      ["Which of Saturn's moons is the largest?", "Titan.", "Titan is the largest of Saturn's moons."],
    ],
    true,
  );
});

test("the perfect's 'been' right after the subject is the verb, unless a participle follows", () => {
  assertStatements(
    [
      ["How long has bobsleigh been in the Winter Olympics?", "Since 1924.", "Bobsleigh has been in the Winter Olympics since 1924."],
      ["How long have they been married?", "Ten years.", "They have been married for ten years."],
    ],
    true,
  );
});

test("a named place after a be-question's subject is the subject's own; a bare place is the predicate", () => {
  assertStatements(
    [
      ["Is the Great Blue Hole in Belize a sinkhole?", "Yes.", "The Great Blue Hole in Belize is a sinkhole."],
      ["Is Mount Everest in Nepal?", "Partly, yes.", "Mount Everest is partly in Nepal."],
    ],
    true,
  );
});

test("'most likely' after the answer is an afterthought; a verb of sensing takes the answer's adjective; a manner keeps its 'by'", () => {
  assertStatements(
    [
      [
        "Who introduced rice-growing to the Valencia region?",
        "The Moors, most likely.",
        "The Moors introduced rice-growing to the Valencia region, most likely.",
      ],
      ["How does tamarind chutney taste?", "Sweet and tangy.", "Tamarind chutney tastes sweet and tangy."],
      ["How do bees find flowers?", "Mostly by smell.", "Bees find flowers mostly by smell."],
    ],
    true,
  );
});

test("a hyphened adjective after a be-question's subject is the predicate, with its adverb", () => {
  assertStatements(
    [
      ["Is miso gluten-free?", "Not always.", "Miso is not always gluten-free."],
      [
        "When was penicillin first mass-produced?",
        "During the Second World War.",
        "Penicillin was first mass-produced during the Second World War.",
      ],
    ],
    true,
  );
});

test("'Surprisingly, yes' opens the statement with its comment; a plain yes does not", () => {
  assertStatements(
    [
      ["Can wombats run fast?", "Surprisingly, yes — up to about 40 km/h.", "Surprisingly, wombats can run fast — up to about 40 km/h."],
      ["Can wombats run fast?", "Yes, up to about 40 km/h.", "Wombats can run fast, up to about 40 km/h."],
    ],
    true,
  );
});

test("'less than ice cream' compares the counted noun; a percentage takes it after the amount, unflagged", () => {
  assertStatements(
    [
      ["How much butterfat does gelato usually contain?", "Less than ice cream.", "Gelato usually contains less butterfat than ice cream."],
      ["How much butterfat does gelato usually contain?", "About 6 percent.", "Gelato usually contains about 6 percent butterfat."],
    ],
    true,
  );
});

test("a what-happens target keeps its relative clause; an adjunct's pronoun for it names it, unless the answer's own pronoun does", () => {
  assertStatements(
    [
      [
        "What happens to the extra salt that smooth cordgrass takes up?",
        "It gets pushed out through salt glands on the leaves.",
        "The extra salt that smooth cordgrass takes up gets pushed out through salt glands on the leaves.",
      ],
      [
        "What happened to Athens after it surrendered?",
        "Sparta installed an oligarchy called the Thirty Tyrants.",
        "After Athens surrendered, Sparta installed an oligarchy called the Thirty Tyrants.",
      ],
      ["What happens to water when it freezes?", "It expands by about 9%.", "Water expands by about 9% when it freezes."],
    ],
    true,
  );
});

test("an instruction that opens with the question's own verb is not said twice", () => {
  assert.equal(
    reformulate("Who should I call if I see a fire?", "Call 911 right away.").statement,
    "I should call 911 right away if I see a fire.",
  );
});
