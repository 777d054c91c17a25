/**
 * Statements of answers that lean on the question, stop 48 (issue 23): rules found on two new development sets written blind by
 * helpers (lean-48, short answers in the style of the issue's own table, and lean-49). Each rule is shown where it applies and where
 * it must not.
 */
import { test } from "node:test";
import { assertStatements } from "./support/statement-cases.js";

test("an -s word after 'what' is the verb when the word after it is no verb's base form", () => {
  assertStatements(
    [
      ["What pumps blood through the human body?", "The heart.", "The heart pumps blood through the human body."],
      ["What sheds fur in warm weather?", "A Great Dane", "A Great Dane sheds fur in warm weather."],
      // (A base form after a plural noun is still its verb.)
      ["What cells fight infection?", "White blood cells.", "White blood cells fight infection."],
    ],
    true,
  );
});

test("a bracket after the answer's head says nothing of its number", () => {
  assertStatements(
    [
      [
        "Which organ produces insulin?",
        "The pancreas (specifically its beta cells).",
        "The pancreas (specifically its beta cells) produces insulin.",
      ],
      ["Which organs filter blood?", "The kidneys (two bean-shaped organs).", "The kidneys (two bean-shaped organs) filter blood."],
    ],
    true,
  );
});

test("an adverb that qualifies a yes goes on the statement's verb: basically, essentially, largely", () => {
  assertStatements(
    [
      ["Is fog just a cloud at ground level?", "Basically, yes.", "Fog is basically just a cloud at ground level."],
      ["Is English a Germanic language?", "Largely, yes.", "English is largely a Germanic language."],
      ["Is a tomato a fruit?", "Technically, yes.", "A tomato is technically a fruit."],
    ],
    true,
  );
});

test("a request around a wh-clause with its own subject is asked as the direct question", () => {
  assertStatements(
    [
      ["Tell me what a meteorologist studies.", "Weather and the atmosphere.", "A meteorologist studies weather and the atmosphere."],
      [
        "Could you tell me what a meteorologist studies?",
        "Weather and the atmosphere.",
        "A meteorologist studies weather and the atmosphere.",
      ],
      ["Tell me how many legs a spider has.", "Eight.", "A spider has eight legs."],
      ["Tell me when the Berlin Wall fell.", "In 1989.", "The Berlin Wall fell in 1989."],
      ["Tell me who Einstein married.", "Mileva Marić, in 1903.", "Einstein married Mileva Marić, in 1903."],
      ["Tell me what the heart does.", "It pumps blood.", "The heart pumps blood."],
      ["Do you know where penguins live?", "Mostly in the Southern Hemisphere.", "Penguins live mostly in the Southern Hemisphere."],
      // (The wh-word as the subject reads as it is.)
      ["Tell me who painted the Mona Lisa.", "Leonardo da Vinci.", "Leonardo da Vinci painted the Mona Lisa."],
    ],
    true,
  );
});

test("the question's stranded preposition is not said again where the answer opens with it", () => {
  assertStatements(
    [
      ["What was the Great Wall of China built for?", "For defense.", "The Great Wall of China was built for defense."],
      [
        "What was the Great Wall of China built for?",
        "Mainly for defense — it was built to protect Chinese states.",
        "The Great Wall of China was built mainly for defense — it was built to protect Chinese states.",
      ],
      ["What is the Eiffel Tower made of?", "Wrought iron.", "The Eiffel Tower is made of wrought iron."],
    ],
    true,
  );
});

test("an answer of 'Depends on …' or 'That depends on …' says what depends", () => {
  assertStatements(
    [
      ["How much RAM does a Raspberry Pi 4 have?", "Depends on the model.", "How much RAM a Raspberry Pi 4 has depends on the model."],
      ["How long do parrots live?", "That depends on the species.", "How long parrots live depends on the species."],
    ],
    true,
  );
});

test("a question's 'your' before a part of the body is anyone's; not the reader's own doing", () => {
  assertStatements(
    [
      ["Which vitamin can your skin make from sunlight?", "Vitamin D.", "The skin can make vitamin D from sunlight."],
      ["Is coffee bad for your heart?", "Probably not.", "Coffee is probably not bad for the heart."],
      ["How many bones are in your body?", "206.", "There are 206 bones in the body."],
    ],
    true,
  );
  assertStatements([
    ["Is it OK to eat sushi with your hands?", "Yes!", "It is OK to eat sushi with your hands."],
    ["How long should you brush your teeth?", "About two minutes.", "You should brush your teeth for about two minutes."],
  ]);
});

test("a noun phrase answer keeps its comma before the adjunct; a phrase with a preposition or commas of its own does not", () => {
  assertStatements(
    [
      [
        "Which country was the first to give women the vote in national elections?",
        "New Zealand, in 1893.",
        "New Zealand was the first country to give women the vote in national elections, in 1893.",
      ],
      [
        "What year were the first modern Olympic Games held?",
        "1896, in Athens.",
        "The first modern Olympic Games were held in 1896, in Athens.",
      ],
      ["Where did Napoleon die?", "On Saint Helena, in 1821.", "Napoleon died on Saint Helena in 1821."],
      [
        "Who invented the stethoscope?",
        "René Laennec, a French physician, in 1816.",
        "René Laennec, a French physician, invented the stethoscope in 1816.",
      ],
    ],
    true,
  );
});

test("the which-noun goes after an ordinal that the predicate says without it", () => {
  assertStatements(
    [
      [
        "Which planet was the first to be discovered with a telescope?",
        "Uranus.",
        "Uranus was the first planet to be discovered with a telescope.",
      ],
      [
        "Which country was the first to give women the vote?",
        "New Zealand was the first.",
        "New Zealand was the first country to give women the vote.",
      ],
    ],
    true,
  );
});

test("a participle joined by a hyphen is its compound's adjective, not the question's verb", () => {
  assertStatements(
    [
      [
        "Whose design was the record-breaking locomotive Mallard?",
        "Sir Nigel Gresley's.",
        "The record-breaking locomotive Mallard was Sir Nigel Gresley's design.",
      ],
      ["Give an example of a filter-feeding animal.", "baleen whale", "An example of a filter-feeding animal is a baleen whale."],
    ],
    true,
  );
});

test("'Nobody's completely sure, but …' says what nobody is sure of; 'Nope, not always' says the question's 'always' once", () => {
  assertStatements(
    [
      [
        "How do homing pigeons find their way home?",
        "Nobody's completely sure, but they seem to use the sun.",
        "Nobody's completely sure how homing pigeons find their way home, but they seem to use the sun.",
      ],
      [
        "Were castle moats always filled with water?",
        "Nope, not always — plenty were just dry ditches.",
        "Castle moats were not always filled with water — plenty were just dry ditches.",
      ],
      ["Is the sky always blue?", "Not always.", "The sky is not always blue."],
    ],
    true,
  );
});

test("a final 'where' or 'when' asked in place takes the answer's place or time", () => {
  assertStatements(
    [
      [
        "Swallows that breed in Britain spend the winter where?",
        "South Africa, mostly.",
        "Swallows that breed in Britain spend the winter in South Africa, mostly.",
      ],
      ["The Titanic sank when?", "1912.", "The Titanic sank in 1912."],
      ["The Beatles came from where?", "Liverpool.", "The Beatles came from Liverpool."],
    ],
    true,
  );
});

test("a hedge goes after 'has' before a strong participle; 'of course' after a phrase goes to the end; a phrase that says the stranded preposition", () => {
  assertStatements(
    [
      [
        "Which country has won the most men's FIFA World Cups?",
        "Probably Brazil — they have five titles.",
        "Brazil has probably won the most men's FIFA World Cups — they have five titles.",
      ],
      ["How many teeth does an adult have?", "Usually 32.", "An adult usually has 32 teeth."],
      ["What do honeybees make from nectar?", "Honey, of course!", "Honeybees make honey from nectar, of course."],
      [
        "How many pieces does each player start with in chess?",
        "Each player starts with 16.",
        "Each player starts with 16 pieces in chess.",
      ],
    ],
    true,
  );
});

test("'has' before an article and a participle's noun is the main verb; an adverb before the answer's own preposition; 'That' opens a clause only", () => {
  assertStatements(
    [
      ["Which planet has the most known moons?", "Saturn.", "Saturn has the most known moons."],
      ["Which country has NASA visited?", "Russia.", "NASA has visited Russia."],
      ["In which city is Charles de Gaulle Airport?", "It's just outside Paris.", "Charles de Gaulle Airport is just outside Paris."],
      ["In which country is Angkor Wat?", "Mostly in Cambodia.", "Angkor Wat is mostly in Cambodia."],
    ],
    true,
  );
  assertStatements([
    [
      "What did Galileo discover about Jupiter in 1610?",
      "That four moons orbit it.",
      "Galileo discovered about Jupiter in 1610 that four moons orbit it.",
    ],
  ]);
});

test("an 's before a hedge or 'not' is 'is'; 'leave' takes two objects; 'famously' goes to the end; 'Describe what …' asks the direct question", () => {
  assertStatements(
    [
      [
        "My sourdough loaves keep coming out flat. What am I doing wrong?",
        "Your starter's probably not active enough.",
        "My sourdough loaves keep coming out flat. Your starter's probably not active enough.",
      ],
      [
        "What did Shakespeare leave his wife in his will?",
        "His second-best bed, famously.",
        "Shakespeare left his wife his second-best bed in his will, famously.",
      ],
      [
        "Describe what a food chain shows.",
        "how energy passes from one living thing to another",
        "A food chain shows how energy passes from one living thing to another.",
      ],
    ],
    false,
  );
});

test("'What does X do?' + 'It's …' says 'it' of X; a relative clause with its own subject is no cleft; ', and both …' follows the statement", () => {
  assertStatements(
    [
      ["What does the hippocampus do?", "It is mainly about memory.", "The hippocampus is mainly about memory."],
      ["What does a barometer do?", "It measures air pressure.", "A barometer measures air pressure."],
      [
        "What is a moraine?",
        "It's a ridge of rocks that a glacier has pushed along.",
        "A moraine is a ridge of rocks that a glacier has pushed along.",
      ],
      ["What causes the tides?", "It is the Moon that causes them.", "The Moon causes the tides."],
      [
        "Who were the first two people on the Moon?",
        "Neil Armstrong and Buzz Aldrin, and both were Americans.",
        "The first two people on the Moon were Neil Armstrong and Buzz Aldrin, and both were Americans.",
      ],
    ],
    true,
  );
});

test("a no to 'Is something …?' says 'nothing'; 'the what?' takes the answer's article; 'Yes, much less' grades the question's comparative", () => {
  assertStatements(
    [
      ["Is something wrong with it?", "Not really.", "Nothing is really wrong with it."],
      ["Is anyone living on Mars?", "No.", "No one is living on Mars."],
      [
        "Shutter speed, aperture and ISO together make up the what?",
        "The exposure triangle.",
        "Shutter speed, aperture and ISO together make up the exposure triangle.",
      ],
      ["Do cacti need less water in winter?", "Yes, much less.", "Cacti need much less water in winter."],
    ],
    true,
  );
});

test("coordinate adjectives before the subject's noun; 'like' after the verb's base form; a reason with 'since' keeps the answer's comma", () => {
  assertStatements([
    ["What can I use instead of a rolling pin?", "A clean, dry wine bottle works well.", "A clean, dry wine bottle works well."],
  ]);
  assertStatements(
    [
      [
        "Does gluten-free flour rise like wheat flour?",
        "Not really, since it lacks the gluten that traps gas.",
        "Gluten-free flour does not really rise like wheat flour, since it lacks the gluten that traps gas.",
      ],
      ["Do cats like water?", "Mostly not.", "Cats mostly do not like water."],
      [
        "Does sound travel through space?",
        "No, because space is a vacuum.",
        "Sound does not travel through space because space is a vacuum.",
      ],
    ],
    true,
  );
});

test("a modal's adverb stays before the impersonal passive's 'be'; 'one' takes the wh-phrase's noun", () => {
  assertStatements(
    [
      [
        "What kind of fire should you never put out with water?",
        "An electrical one.",
        "An electrical fire should never be put out with water.",
      ],
      ["Which fires should you never fight with water?", "Electrical fires.", "Electrical fires should never be fought with water."],
      [
        "What should you use to put out a grease fire?",
        "A lid or baking soda.",
        "A lid or baking soda should be used to put out a grease fire.",
      ],
    ],
    true,
  );
});

test("'of' and the measured noun go right after the amount's unit, before what it is measured per", () => {
  assertStatements(
    [
      [
        "How much salt is in seawater?",
        "About 35 grams per kilogram, on average.",
        "There are about 35 grams of salt per kilogram in seawater, on average.",
      ],
      ["How much caffeine is in a cup of coffee?", "About 95 mg.", "There is about 95 mg of caffeine in a cup of coffee."],
    ],
    true,
  );
});

test("a passive's final participle ends the subject past a participle of naming and its name", () => {
  assertStatements(
    [
      ["In which country was the skeleton nicknamed Lucy found?", "Ethiopia.", "The skeleton nicknamed Lucy was found in Ethiopia."],
      ["When was the telephone invented?", "1876.", "The telephone was invented in 1876."],
      [
        "After whom is the Verrazzano-Narrows Bridge named?",
        "Giovanni da Verrazzano.",
        "The Verrazzano-Narrows Bridge is named after Giovanni da Verrazzano.",
      ],
    ],
    true,
  );
});

test("a noun after an article's adjective, before its own preposition's phrase, is not the question's verb", () => {
  assertStatements(
    [
      [
        "What does the black box on a plane record?",
        "It records flight data and cockpit audio.",
        "The black box on a plane records flight data and cockpit audio.",
      ],
      [
        "Tell me what the black box on a plane records.",
        "Sure! It records flight data and cockpit audio.",
        "The black box on a plane records flight data and cockpit audio.",
      ],
    ],
    true,
  );
});
