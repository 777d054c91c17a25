/**
 * Chat answers of the kinds round 21 brought (a hedge before a reason, a scene before a colon, a condition before the reply, a limited
 * yes, "you'll find it in …", a measure with an adjunct): the statement a careful annotator writes, and the flags on the bad statements
 * the earlier rules wrote.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { reformulate } from "../lib/statements/builtin.js";
import { statementDoubts } from "../lib/statements/checks.js";
import { assertFlagCases, type FlagCase } from "./flag-cases.js";

test("round 21 chat answers read as a careful annotator writes them", () => {
  const cases: [string, string, string][] = [
    // A hedge before the reason goes on the main clause's verb, before its dash.
    [
      "Why do cats have slit-shaped pupils?",
      "Probably because a slit can open very wide in the dark.",
      "Cats probably have slit-shaped pupils because a slit can open very wide in the dark.",
    ],
    [
      "How long does it take to walk the Camino de Santiago?",
      "Usually about five weeks — the route is roughly 780 km.",
      "It usually takes about five weeks to walk the Camino de Santiago — the route is roughly 780 km.",
    ],
    // Chat openers.
    [
      "Where did the bagel originate?",
      "Happy to help with that one! In Kraków, Poland — bagels are first mentioned there in 1610.",
      "The bagel originated in Kraków, Poland — bagels are first mentioned there in 1610.",
    ],
    ["Who painted the Mona Lisa?", "Glad you asked! Leonardo da Vinci painted it.", "Leonardo da Vinci painted the Mona Lisa."],
    // A limited yes follows its verb; a count for the question's "any" does not.
    ["Do cats sweat?", "Only a little, and only through their paw pads.", "Cats sweat only a little, and only through their paw pads."],
    ["Is the museum open on Mondays?", "Only in summer.", "The museum is open on Mondays only in summer."],
    // Where the asker finds the thing.
    [
      "Where is the Salar de Uyuni?",
      "You'll find it in south-west Bolivia, high on the Altiplano.",
      "The Salar de Uyuni is in south-west Bolivia, high on the Altiplano.",
    ],
    ["Where do puffins nest?", "You can find them on steep sea cliffs.", "Puffins nest on steep sea cliffs."],
    // A scene before a colon: the case its clause is about, its pronoun subject, or the answer to when.
    [
      "How much does a cloud weigh?",
      "Picture an ordinary cumulus cloud about a kilometre across: all its droplets together weigh roughly 500 tonnes.",
      "For an ordinary cumulus cloud about a kilometre across, all its droplets together weigh roughly 500 tonnes.",
    ],
    [
      "How much water does a cow drink a day?",
      "Take a dairy cow in milk on a hot day: she can drink well over 100 litres.",
      "A dairy cow in milk on a hot day can drink well over 100 litres.",
    ],
    [
      "When did people start keeping cats?",
      "Picture the first farming villages in the Near East: their grain stores drew in mice.",
      "People started keeping cats in the first farming villages in the Near East: their grain stores drew in mice.",
    ],
    // A condition with its own clause opens the reply's statement; "Once a day, …" and a definition's "when" are no condition.
    [
      "Could a person outrun a horse?",
      "If the race is long enough and the day hot enough, yes — humans sweat far better than horses do.",
      "If the race is long enough and the day hot enough, a person could outrun a horse — humans sweat far better than horses do.",
    ],
    ["Is it safe to swim after eating?", "If it was a light meal, yes.", "If it was a light meal, it is safe to swim after eating."],
    [
      "How often should I wind a mechanical watch?",
      "Once a day, ideally at about the same time.",
      "A mechanical watch should be wound once a day, ideally at about the same time.",
    ],
    // The measure's adjective follows the measure, before what the answer adds.
    [
      "How tall is Table Mountain?",
      "About 1,085 metres at its highest point.",
      "Table Mountain is about 1,085 metres tall at its highest point.",
    ],
    [
      "How deep is Lake Baikal?",
      "About 1,642 metres, which makes it the deepest lake in the world.",
      "Lake Baikal is about 1,642 metres deep, which makes it the deepest lake in the world.",
    ],
    ["How old is the Sun?", "about 4.6 billion years", "The Sun is about 4.6 billion years old."],
    // The answer's own sentence after its yes or no keeps its contraction; after a comma it follows a semicolon.
    [
      "Is the funny bone actually a bone?",
      "Nope! It's the ulnar nerve, which runs close to the surface.",
      "The funny bone is not actually a bone. It's the ulnar nerve, which runs close to the surface.",
    ],
    [
      "Is a starfish a fish?",
      "No, it's an echinoderm, related to sea urchins.",
      "A starfish is not a fish; it's an echinoderm, related to sea urchins.",
    ],
    ["Is the Moon a star?", "No, it is a natural satellite.", "The Moon is not a star. It is a natural satellite."],
    // A bare superlative gets the question's noun back (issue 23 part 1), not before a relative clause.
    ["Which lake is the largest in Africa?", "Lake Victoria", "Lake Victoria is the largest lake in Africa."],
    ["Which continent is the coldest?", "Antarctica", "Antarctica is the coldest continent."],
    // An amount judged is the subject; a case before the reply opens its statement.
    ["How much caffeine is safe to have in a day?", "Up to about 400 mg.", "Up to about 400 mg of caffeine is safe to have in a day."],
    [
      "How long does a new ear piercing take to heal?",
      "For an earlobe, usually six to eight weeks, but cartilage piercings can take longer.",
      "For an earlobe, a new ear piercing usually takes six to eight weeks to heal, but cartilage piercings can take longer.",
    ],
    ["Is coffee bad for your heart?", "For most people, no.", "For most people, coffee is not bad for the heart."],
    [
      "Is white chocolate real chocolate?",
      "Not strictly, because it contains no cocoa solids.",
      "White chocolate is not strictly real chocolate, because it contains no cocoa solids.",
    ],
    // "What should I do with X?": X takes the place of the instruction's "it" or "them".
    ["What should I do with old batteries?", "Recycle them at a supermarket.", "Recycle old batteries at a supermarket."],
    [
      "What should I do with old batteries?",
      "Don't put them in your household bin — they can leak.",
      "Don't put old batteries in your household bin — they can leak.",
    ],
    ["What can I do with stale bread?", "make breadcrumbs", "With stale bread, make breadcrumbs."],
    [
      "Tell me about Marie Curie.",
      "She was a physicist and chemist who won two Nobel Prizes.",
      "Marie Curie was a physicist and chemist who won two Nobel Prizes.",
    ],
    // Tips and steps are infinitives; "Easy:" announces the steps.
    [
      "Give me three tips for falling asleep faster.",
      "Sure: 1. get up at the same time every day 2. put screens away an hour before bed 3. keep the bedroom cool",
      "Three tips for falling asleep faster are to get up at the same time every day, put screens away an hour before bed and keep the bedroom cool.",
    ],
    [
      "How do you make ghee?",
      "Easy: 1. melt unsalted butter over low heat 2. strain it through muslin",
      "To make ghee, melt unsalted butter over low heat and strain it through muslin.",
    ],
    // A name with "in" and "or" stays whole before the answer's phrase.
    [
      "With whom did Watson and Crick share the 1962 Nobel Prize in Physiology or Medicine?",
      "With Maurice Wilkins.",
      "Watson and Crick shared the 1962 Nobel Prize in Physiology or Medicine with Maurice Wilkins.",
    ],
    // "It comes from …" to "What causes X?": the pronoun is X.
    [
      "What causes the smell of freshly cut grass?",
      "It comes from chemicals called green leaf volatiles.",
      "The smell of freshly cut grass comes from chemicals called green leaf volatiles.",
    ],
    ["What causes morning sickness?", "It's due to hormonal changes.", "Morning sickness is due to hormonal changes."],
    // A negated clause about the question's own subject says the no itself.
    [
      "Is a guinea pig a kind of pig?",
      "No, a guinea pig isn't a pig at all — it's a rodent from the Andes.",
      "A guinea pig isn't a pig at all — it's a rodent from the Andes.",
    ],
    // The name after "be" in a whose-question is the subject; "You call it …" names the answer; a why-answer's restatement goes.
    ["Whose dog was Argos in the Odyssey?", "Odysseus's", "Argos was Odysseus's dog in the Odyssey."],
    ["What do you call a baby platypus?", "You call it a puggle.", "A baby platypus is called a puggle."],
    [
      "Why do humans have wisdom teeth?",
      "We have them because our ancestors had bigger jaws.",
      "Humans have wisdom teeth because their ancestors had bigger jaws.",
    ],
    ["In what year did Norway gain independence from Sweden?", "In 1905.", "Norway gained independence from Sweden in 1905."],
    // A count that is a plural noun takes "of"; "Complete the saying:" is an instruction.
    [
      "How many languages are spoken in India?",
      "Hundreds — the constitution recognizes 22 of them.",
      "There are hundreds of languages spoken in India — the constitution recognizes 22 of them.",
    ],
    ["How many stars are in the Milky Way?", "Hundreds of billions.", "There are hundreds of billions of stars in the Milky Way."],
    ["Complete the saying: Don't count your chickens ___", "before they hatch", "Don't count your chickens before they hatch."],
    [
      "When did the Statue of Liberty arrive in New York?",
      "It arrived by ship in June 1885.",
      "The Statue of Liberty arrived in New York by ship in June 1885.",
    ],
    // A short reply before a dash goes; the dash stays. Markdown italics go.
    ["Can I freeze milk?", "Yes, you can — it keeps for about three months.", "Milk can be frozen — it keeps for about three months."],
    ["Which tree produces cork?", "**The cork oak** (*Quercus suber*).", "The cork oak (Quercus suber) produces cork."],
    // A name for an art or a practice is said bare.
    ["What is the Japanese art of flower arranging called?", "ikebana", "The Japanese art of flower arranging is called ikebana."],
  ];
  for (const [q, a, want] of cases) assert.equal(reformulate(q, a).statement, want, `${q} + ${a}`);
});

test("the round 21 flags catch the answer's sentence glued after the question's words, a capital and an open comment", () => {
  const cases: FlagCase[] = [
    [
      "How long does concrete take to cure?",
      "Concrete reaches most of its strength after about 28 days of curing.",
      "Concrete takes concrete reaches most of its strength after about 28 days of curing to cure.",
      "the answer's sentence inside the question's words",
      "Concrete reaches most of its strength after about 28 days of curing.",
    ],
    [
      "What is the function of the gallbladder?",
      "The gallbladder stores and concentrates bile made by the liver.",
      "The function of the gallbladder is the gallbladder stores and concentrates bile made by the liver.",
      "the answer's sentence inside the question's words",
      "The function of the gallbladder is to store and concentrate bile made by the liver.",
    ],
    [
      "Why do cats' eyes glow in the dark?",
      "Cats' eyes glow because a reflective layer behind the retina bounces light back through it.",
      "Cats' eyes glow in the dark because of Cats' eyes glow because a reflective layer behind the retina bounces light back through it.",
      "the answer's sentence inside the question's words",
      "Cats' eyes glow in the dark because a reflective layer behind the retina bounces light back through it.",
    ],
    [
      "What do basking sharks eat?",
      "Plankton — they swim with their mouths open and filter it out of the water.",
      "Basking sharks eat Plankton — they swim with their mouths open and filter it out of the water.",
      '"Plankton" capitalised mid-sentence',
      "Basking sharks eat plankton — they swim with their mouths open and filter it out of the water.",
    ],
    [
      "Which country has the most pyramids?",
      "Sudan, surprisingly — it has over 200 Nubian pyramids.",
      "Sudan, surprisingly has the most pyramids — it has over 200 Nubian pyramids.",
      '", surprisingly" left open before the verb',
      "Surprisingly, Sudan has the most pyramids — it has over 200 Nubian pyramids.",
    ],
    [
      "Which lake is the largest in Africa?",
      "Lake Victoria",
      "Lake Victoria is the largest in Africa.",
      '"the largest" without the question\'s "lake"',
      "Lake Victoria is the largest lake in Africa.",
    ],
    [
      "Which mountain did Cézanne paint over and over?",
      "Mont Sainte-Victoire — he painted it dozens of times.",
      "Cézanne painted Mont Sainte-Victoire painted over and over — he painted it dozens of times.",
      '"painted" twice',
      "Cézanne painted Mont Sainte-Victoire over and over — he painted it dozens of times.",
    ],
    [
      "Do Icelanders have surnames?",
      "Not really, most use patronymics — so a son of Jón is Jónsson.",
      "Icelanders do not really have surnames, most use patronymics — so a son of Jón is Jónsson.",
      "spliced on with a comma",
      "Icelanders do not really have surnames; most use patronymics — so a son of Jón is Jónsson.",
    ],
    [
      "I keep waking up at 3 a.m. Why does that happen?",
      "It's often stress, alcohol, or a room that's too warm.",
      "I keep waking up at 3 a.m. That happens because it is often stress, alcohol, or a room that's too warm.",
      'the answer\'s "it" for the cause',
      "I keep waking up at 3 a.m. That often happens because of stress, alcohol, or a room that's too warm.",
    ],
    [
      "How many players are on a rugby sevens team?",
      "Seven on the field, plus up to five substitutes.",
      "There are seven on the field players on a rugby sevens team, plus up to five substitutes.",
      "a phrase inside the count",
      "There are seven players on the field on a rugby sevens team, plus up to five substitutes.",
    ],
    [
      "Whom did Juliet's parents want her to marry?",
      "Count Paris, a kinsman of the Prince.",
      "Juliet's parents wanted Count Paris her to marry, a kinsman of the Prince.",
      'the answer before the question\'s "her to marry"',
      "Juliet's parents wanted her to marry Count Paris, a kinsman of the Prince.",
    ],
    [
      "Whose ghost appears in the first act of Hamlet?",
      "His father's — the ghost of Hamlet's murdered father.",
      "His father's ghost appears in the first act of Hamlet — the ghost of Hamlet's murdered father.",
      '"His" stands for nothing',
      "Hamlet's father's ghost appears in the first act of Hamlet — the ghost of Hamlet's murdered father.",
    ],
    [
      "Which of the Seven Dwarfs wears glasses?",
      "Doc",
      "Doc wears glasses.",
      'the "Dwarfs" the question picks from left out',
      "Of the Seven Dwarfs, Doc wears glasses.",
    ],
  ];
  assertFlagCases(cases);
  // (A passive answer's "it" is the question's thing: "The dodo became extinct because it was hunted by humans." reads.)
  assert.deepEqual(
    statementDoubts(
      "Why did the dodo become extinct?",
      "It was hunted by humans.",
      "The dodo became extinct because it was hunted by humans.",
    ),
    [],
  );
  // (A verb of showing takes the answer's sentence as its clause; a definition's phrase after "is" is no sentence of its own.)
  for (const [q, a, good] of [
    [
      "Anna puts a metal spoon in hot soup and it soon feels hot. What does this show?",
      "Metal is a good conductor of heat.",
      "Anna puts a metal spoon in hot soup and it soon feels hot. This shows metal is a good conductor of heat.",
    ],
    [
      "What is a fresco?",
      "A painting done on wet plaster, so the pigments become part of the wall.",
      "A fresco is a painting done on wet plaster, so the pigments become part of the wall.",
    ],
  ])
    assert.deepEqual(statementDoubts(q, a, good), [], good);
});
