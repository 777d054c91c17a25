import { test } from "node:test";
import assert from "node:assert/strict";
import { gerund, pastParticiple, pastTense } from "../lib/statements/nlp.js";
import { reformulate } from "../lib/statements/builtin.js";

/**
 * English strong verbs with one past and one participle (base, past, participle), written from a grammar's table of irregular
 * verbs. Verbs with two accepted forms (dreamed/dreamt, got/gotten, learned/learnt, lay/lied) are left out: either would be right.
 */
const STRONG = `
arise arose arisen|awake awoke awoken|bear bore borne|beat beat beaten|become became become|begin began begun|bend bent bent
bite bit bitten|bleed bled bled|blow blew blown|break broke broken|breed bred bred|bring brought brought|build built built
buy bought bought|catch caught caught|choose chose chosen|cling clung clung|come came come|creep crept crept|cut cut cut
deal dealt dealt|dig dug dug|do did done|draw drew drawn|drink drank drunk|drive drove driven|eat ate eaten|fall fell fallen
feed fed fed|feel felt felt|fight fought fought|find found found|flee fled fled|fling flung flung|fly flew flown
forbid forbade forbidden|forget forgot forgotten|forgive forgave forgiven|forgo forwent forgone|freeze froze frozen|give gave given
go went gone|grind ground ground|grow grew grown|hang hung hung|hear heard heard|hide hid hidden|hold held held|keep kept kept
kneel knelt knelt|know knew known|lead led led|leave left left|lend lent lent|lose lost lost|make made made|mean meant meant
meet met met|pay paid paid|ride rode ridden|ring rang rung|rise rose risen|run ran run|say said said|see saw seen
seek sought sought|sell sold sold|send sent sent|shake shook shaken|shoot shot shot|shrink shrank shrunk|sing sang sung
sink sank sunk|sit sat sat|sleep slept slept|slide slid slid|speak spoke spoken|spend spent spent|spin spun spun
spring sprang sprung|stand stood stood|steal stole stolen|stick stuck stuck|sting stung stung|stink stank stunk
stride strode stridden|strike struck struck|string strung strung|strive strove striven|swear swore sworn|sweep swept swept
swim swam swum|swing swung swung|take took taken|teach taught taught|tear tore torn|tell told told|think thought thought
throw threw thrown|tread trod trodden|understand understood understood|wake woke woken|wear wore worn|weave wove woven
wed wed wed|weep wept wept|win won won|wind wound wound|withdraw withdrew withdrawn|write wrote written
overcome overcame overcome|outrun outran outrun|overrun overran overrun|rerun reran rerun|undergo underwent undergone
undertake undertook undertaken|withstand withstood withstood|foresee foresaw foreseen|mistake mistook mistaken
overtake overtook overtaken|rebuild rebuilt rebuilt|retell retold retold|rewrite rewrote rewritten|uphold upheld upheld
`
  .trim()
  .split(/[|\n]/)
  .map((entry) => entry.trim().split(" ") as [string, string, string]);

test('strong verbs: past and past participle, prefixed ones too ("can be run", "has become", "was undertaken")', () => {
  const wrong = STRONG.filter(([base, past, participle]) => pastTense(base) !== past || pastParticiple(base) !== participle).map(
    ([base, past, participle]) => `${base}: ${pastTense(base)}/${pastParticiple(base)}, expected ${past}/${participle}`,
  );
  assert.deepEqual(wrong, []);
  assert.ok(STRONG.length > 120);
});

test("regular verbs stay regular, prefixed or not (relay, review, overreach, upset)", () => {
  assert.deepEqual(
    ["relay", "review", "overreach", "underline", "misplace", "upset", "reset", "recall"].map((v) => [pastTense(v), pastParticiple(v)]),
    [
      ["relayed", "relayed"],
      ["reviewed", "reviewed"],
      ["overreached", "overreached"],
      ["underlined", "underlined"],
      ["misplaced", "misplaced"],
      ["upset", "upset"],
      ["reset", "reset"],
      ["recalled", "recalled"],
    ],
  );
});

test('a passive of a strong verb in a statement: "A dishwasher can be run …"', () => {
  assert.equal(
    reformulate("Can I run my dishwasher on a short cycle?", "Yes, you can.").statement,
    "A dishwasher can be run on a short cycle.",
  );
});

test("regular verbs of one syllable double a consonant after one short vowel only; -ow verbs are strong only when old ones", () => {
  const verbs = ["grin", "pat", "skip", "hem", "slam", "heap", "boil", "fix", "snow", "flow", "know", "show", "hope", "tie"];
  assert.deepEqual(
    verbs.map((v) => [pastTense(v), pastParticiple(v), gerund(v)]),
    [
      ["grinned", "grinned", "grinning"],
      ["patted", "patted", "patting"],
      ["skipped", "skipped", "skipping"],
      ["hemmed", "hemmed", "hemming"],
      ["slammed", "slammed", "slamming"],
      ["heaped", "heaped", "heaping"],
      ["boiled", "boiled", "boiling"],
      ["fixed", "fixed", "fixing"],
      ["snowed", "snowed", "snowing"],
      ["flowed", "flowed", "flowing"],
      ["knew", "known", "knowing"],
      ["showed", "shown", "showing"],
      ["hoped", "hoped", "hoping"],
      ["tied", "tied", "tying"],
    ],
  );
});
