#!/usr/bin/env python3
"""Writes test/fixtures/nltk-oracle.json: NLTK's own outputs for the inputs below.

Run from the repository root with a Python that has NLTK (Debian's
python3-nltk is enough) and WordNet 3.0 (Debian's wordnet-base,
/usr/share/wordnet, or WORDNET_DIR; read as scripts/oracles/baselines_oracle.py
reads it, for the multi-reference METEOR cases):

    /usr/bin/python3 scripts/oracles/nltk_oracle.py

It is a developer tool, not part of CI. The TypeScript ports in
lib/text/nltk-tokenize.ts and lib/baselines/bleu.ts are tested against the
fixture it writes, and bleuMulti / meteorMulti (several gold answers as
references) against its "multiReference" cases.

NLTK versions. The paper used NLTK 3.9.4; Debian ships 3.8. The oracle
reproduces 3.9.4 on either:
  - NLTKWordTokenizer: 3.9 added a whitespace collapse to ENDING_QUOTES and
    3.9.3 a dash rule to PUNCTUATION; on an older NLTK the two rules are added
    here, at the places 3.9.4 has them. A newer NLTK (3.10+) rewrote the
    opening-single-quote rule; it is set back to the 3.9.4 one.
  - Punkt: the trained English parameters (punkt_tab) are not used. The
    tokenizer runs with the small parameter set that the TypeScript port
    declares (read from its source), so the fixture checks the port's
    algorithm, not the parameters.
  - BLEU: 3.9 only replaced Fraction(..., _normalize=False) by a Fraction
    subclass that keeps the unreduced numerator and denominator: same numbers.
"""

import json
import random
import re
import sys
import warnings
from pathlib import Path

import nltk
from nltk.tokenize.destructive import NLTKWordTokenizer
from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer
from nltk.translate.bleu_score import SmoothingFunction, corpus_bleu, sentence_bleu
from nltk.translate.meteor_score import meteor_score, single_meteor_score

ROOT = Path(__file__).resolve().parents[2]
TS_TOKENIZER = ROOT / "lib" / "text" / "nltk-tokenize.ts"
OUT = ROOT / "test" / "fixtures" / "nltk-oracle.json"

ORTHO_BEG_UC = 1 << 1
ORTHO_MID_LC = 1 << 5


# ---------------------------------------------------------------------------
# NLTKWordTokenizer as in NLTK 3.9.4


def word_tokenizer_394():
    """An NLTKWordTokenizer whose rules are NLTK 3.9.4's."""
    tok = NLTKWordTokenizer()
    ws = re.compile(r"\s+")
    ending = list(tok.ENDING_QUOTES)
    if not any(p.pattern == r"\s+" for p, _ in ending):
        ending.insert(3, (ws, " "))
    punct = list(tok.PUNCTUATION)
    if not any("\u2012" in p.pattern or r"\u2012" in p.pattern for p, _ in punct):
        punct.insert(5, (re.compile(r"[\u2012-\u2015]", re.UNICODE), r" \g<0> "))
    starting = list(tok.STARTING_QUOTES)
    starting[4] = (re.compile(r"(?i)(\')(?!re|ve|ll|m|t|s|d|n)(\w)\b", re.U), r"\1 \2")
    tok.ENDING_QUOTES = ending
    tok.PUNCTUATION = punct
    tok.STARTING_QUOTES = starting
    return tok


# ---------------------------------------------------------------------------
# Punkt with the port's fixed parameters


def ts_string_array(name):
    """The string literals of `export const NAME ... = [ ... ];` in the TS port."""
    source = TS_TOKENIZER.read_text(encoding="utf-8")
    m = re.search(r"export const %s\b[^=]*=\s*\[(.*?)\];" % re.escape(name), source, re.S)
    if not m:
        sys.exit(f"cannot find {name} in {TS_TOKENIZER}")
    body = re.sub(r"//[^\n]*", "", m.group(1))
    return re.findall(r'"((?:[^"\\]|\\.)*)"', body)


def punkt_tokenizer(abbreviations, starters):
    params = PunktParameters()
    params.abbrev_types = set(abbreviations)
    for word in starters:
        params.add_ortho_context(word, ORTHO_BEG_UC | ORTHO_MID_LC)
    return PunktSentenceTokenizer(params)


# ---------------------------------------------------------------------------
# Inputs

TOKENIZER_TEXTS = [
    # quotes
    'He said, "Hello there."',
    '"Quoted at the start," she said.',
    "She said ''yes'' and ``no''.",
    "A `backtick' quote and ``double backticks''.",
    "The word \"fine\" (as in \"fine print\") is here.",
    "[\"nested\"] {\"braces\"} <\"angles\">",
    "'Hard' to tell",
    "He said 'hello' to me",
    "'Tis the season and 'twas the night.",
    "The '90s were 'great'.",
    "Rock 'n' roll",
    "the dogs' bowls and James' car",
    "“Curly quotes,” she said, ‘single ones’ too.",
    "«Guillemets» and „low quotes“ here.",
    "It’s John’s book; they’re here and we’ve gone.",
    "don’t can’t won’t",
    # contractions
    "I can't do it, won't do it, and shouldn't do it.",
    "I'm gonna wanna gotta lemme gimme",
    "We're gonna go. They'll see. You've seen. She'd know. He's here.",
    "Y'all ain't seen nothin'.",
    "I cannot believe it's more'n enough.",
    "D'ye ken John Peel?",
    "wanna go? I wanna.",
    "I'M HERE AND YOU'RE THERE, WE'LL SEE, I'VE GOT IT, CAN'T STOP, DON'T.",
    "he's\ta good boy.",
    "he's\na good boy.",
    "It's a dog's life, isn't it?",
    "o'clock O'Connor rock'n'roll",
    "'s 'm 'd 're 've 'll n't",
    # hyphens and dashes
    "A well-known state-of-the-art method.",
    "Wait -- what? No--never.",
    "The food—which was delicious—reminded me of home.",
    "Pages 10–20 and 1939‒1945 ― done.",
    "Use - as a minus: 5 - 3 = 2",
    "---triple---",
    # ellipses
    "Well... I don't know...",
    "Wait.... what?",
    "Hmm . . . maybe.",
    "End with ellipsis…",
    # numbers, currency, percent
    "It costs $5.99, or 3.5% more than 1,000 units.",
    "Pi is 3.14159; e is 2.718.",
    "The temperature was 100°C at 12:30 pm.",
    "Scores: 3-2, 10:1, 1/2 and 2,5.",
    "He paid £20 and €15 for #1 @home & more.",
    "Call 555-1234 or +1 (800) 555-0199.",
    "Version 2.0.1 was released in 2023.",
    "1,000,000 people; 1.000.000 people.",
    "It's 5 p.m. now.",
    # parentheses and brackets
    "Good muffins cost $3.88 (roughly 3,36 euros)\nin New York.  Please buy me\ntwo of them.\nThanks.",
    "See [1] and (2) and {3} and <4>.",
    "(Parenthetical sentence.)",
    "f(x) = [a, b]; g{y}",
    # urls, emails, handles
    "Visit https://example.com/path?q=1&r=2 now.",
    "Email me at john.doe@example.com.",
    "Follow @nltk_org and #NLP!",
    "The file is named setup.py.",
    "www.example.org is a site.",
    # trailing periods and punctuation
    "This ends with a period.",
    "This ends with a period and a quote.\"",
    "This ends with a period and a paren.)",
    "Is this a question?",
    "Wow!",
    "What?!",
    "Mr. Smith went to Washington.",
    "The U.S. is big.",
    "Ends with abbreviation etc.",
    "Items: apples, pears, etc.",
    "Colon at end:",
    "Comma at end,",
    "a.",
    ".",
    "..",
    "?",
    "!",
    "",
    " ",
    "   leading and trailing spaces   ",
    "multiple   spaces\tand\ttabs\nand newlines",
    "trailing newline.\n",
    "trailing period then spaces.   ",
    # asterisks and others
    "This is *important* and so is this*.",
    "Semi;colon and ampersand&co.",
    "x^2 + y_1 = z~3 | w \\ v",
    # unicode
    "Café résumé naïve coöperate façade.",
    "Ünïcödé ÀÉÎÕÜ straße.",
    "Emoji 😀 and 👍🏽 and 🇺🇸 flags.",
    "I ❤️ NLP!",
    "日本語のテキスト。",
    "Привет, мир!",
    "Arabic digits ٣,٤ and ١٢:٣٠.",
    "Non-breaking\u00a0space and thin\u2009space.",
    "Zero\u200bwidth and soft\u00adhyphen.",
    "ﬁne ligature and ſ long s.",
    "ǅemal and ǈj titlecase.",
    "Combining e\u0301 accent's here.",
    "CAN'T WON'T GONNA",
    "cannot Cannot CANNOT",
    # realistic QA answers and statements
    "Earth's rotation causes the alternation of morning and afternoon",
    "Earth's rotation causes the alternation of morning and afternoon.",
    "100°C",
    "a chunk of pork, since cows are herbivores and do not eat meat",
    "The answer is (B) photosynthesis.",
    "Because the Moon's gravity pulls on Earth's oceans.",
    "It boils at 100 degrees Celsius (212 °F) at sea level.",
    "George Washington was the first U.S. president.",
    "No, it isn't.",
    "Yes.",
    "The mitochondria is the powerhouse of the cell.",
    "Water (H2O) is made of hydrogen and oxygen.",
    "Approximately 8 minutes and 20 seconds.",
    "Shakespeare wrote \"Hamlet\" around 1600.",
    "The capital of France is Paris; its population is about 2.1 million.",
    "They didn't win because the team's best player was injured.",
    "E=mc^2 relates energy and mass.",
    "Dr. Jane Goodall studied chimpanzees in Tanzania.",
    "The Declaration of Independence was signed on July 4, 1776.",
    "A triangle's angles sum to 180°.",
    "It's 3:45 p.m. in New York.",
    "Mammals: whales, bats, and humans.",
    "i.e. the second option",
    "e.g., apples or oranges",
    "about 70% of Earth's surface",
    "ca. 3000 BC",
]

SENTENCE_TEXTS = [
    "Good muffins cost $3.88\nin New York.  Please buy me\ntwo of them.\n\nThanks.",
    "Punkt knows that the periods in Mr. Smith and Johann S. Bach\ndo not mark sentence boundaries.  And sometimes sentences\ncan start with non-capitalized words.  i is a good variable\nname.",
    "(How does it deal with this parenthesis?)  \"It should be part of the\nprevious sentence.\" \"(And the same with this one.)\" ('And this one!')\n\"('(And (this)) '?)\" [(and this. )]",
    "Mr. Smith went to Washington. He met Mrs. Jones there.",
    "Dr. Who is a show. It is on TV.",
    "I like fruits, e.g. apples. I also like nuts, i.e. almonds.",
    "They sell fruit, vegetables, etc. The shop is big.",
    "They sell fruit, vegetables, etc. and more.",
    "The U.S. is big. The U.K. is smaller.",
    "He lives in the U.S. He likes it.",
    "J. R. R. Tolkien wrote books. He was English.",
    "Plan B. The next plan.",
    "The value is 3.5 today. Tomorrow it may be 4.",
    "In 2003. Then in 2004.",
    "In 2003. then in 2004.",
    "It was 5 p.m. She left.",
    "It was 5 p.m. and she left.",
    "I waited... Then he came.",
    "I waited... John came.",
    "I waited... and waited.",
    "Really? Yes. Really!",
    "Really? yes.",
    "What?! No way!!! Fine.",
    "Very bad acting!!! I promise.",
    "He said \"Stop.\" Then he left.",
    "He said 'Stop.' Then he left.",
    "(This is one.) This is two.",
    "[First.] Second.",
    "This is it.Next sentence without space.",
    "Numbers like 1. 2. 3. are listed.",
    "See p. 5 and fig. 3 for details.",
    "Prices fell 5%. Analysts were surprised.",
    "It ended.   \n\n   A new paragraph began.",
    "One.\nTwo.\nThree.",
    "No terminal punctuation here",
    "Trailing whitespace.   ",
    "   Leading whitespace. Second.",
    "Wait -- what. Never--mind.",
    "A sentence. \"A quoted sentence.\" Another.",
    "He said: \"I am here.\" She said: \"So am I.\"",
    "Ms. Ana López, Ph.D., arrived. She spoke.",
    "Gov. Brown signed it. Sen. Smith did not.",
    "Earth's rotation causes the alternation of day and night. The Moon orbits Earth.",
    "Cows are herbivores. They do not eat meat, e.g. pork. A chunk of pork is meat.",
    "Water boils at 100°C. Ice melts at 0°C.",
    "The answer is B. The other options are wrong.",
    "The answer is b. the other options are wrong.",
    "It is 3 ft. tall. It weighs 10 lbs. total.",
    "Inc. and Corp. are abbreviations. Co. too.",
    "End of text?",
    "",
    "   ",
    "!",
    ". . .",
    "Hello world. 😀 Emoji start.",
    "¿Qué? ¡Sí! Bien.",
    "Naïve café. Résumé sent.",
    "The temp. is high. The pres. is low.",
    "Lt. Col. Sanders ate. Capt. Kirk did not.",
    "First sentence.Second sentence. Third sentence.",
    "A.B.C. is a company. It sells things.",
    "Call me at 5 p.m. Tomorrow is fine.",
    "This is a test.\"\" And another.",
    "a. b. c. d.",
    "Sept. 11 was a Tuesday. Oct. 12 was not.",
]

TREEBANK_PAREN_TEXTS = [
    "Good muffins cost $3.88 (roughly 3,36 euros)\nin New York.",
    "See [1] and {2}.",
]

QA_PAIRS = [
    ("Earth's rotation causes the alternation of morning and afternoon",
     ["The rotation of the Earth causes day and night.",
      "Earth's rotation causes day and night."]),
    ("100°C", ["100 °C", "100 degrees Celsius", "It boils at 100°C."]),
    ("a chunk of pork, since cows are herbivores and do not eat meat",
     ["A chunk of pork, because cows are herbivores.",
      "Pork; cows do not eat meat."]),
    ("Paris", ["Paris", "The capital is Paris."]),
    ("George Washington", ["George Washington was the first president."]),
    ("photosynthesis", ["The answer is photosynthesis."]),
    ("The mitochondria is the powerhouse of the cell.",
     ["Mitochondria are the powerhouse of the cell."]),
    ("It boils at 100 degrees Celsius.", ["Water boils at 100 degrees Celsius at sea level."]),
    ("No", ["Yes"]),
    ("", ["Something."]),
]


# ---------------------------------------------------------------------------
# BLEU cases


def bleu_value(fn, *args, smoothing, epsilon, weights):
    kwargs = {}
    if weights is not None:
        kwargs["weights"] = tuple(weights)
    if smoothing == "method1":
        kwargs["smoothing_function"] = (
            SmoothingFunction(epsilon=epsilon).method1 if epsilon is not None else SmoothingFunction().method1
        )
    return float(fn(*args, **kwargs))


def sentence_case(references, hypothesis, smoothing="none", weights=None, epsilon=None):
    value = bleu_value(sentence_bleu, references, hypothesis, smoothing=smoothing, epsilon=epsilon, weights=weights)
    case = {"references": references, "hypothesis": hypothesis, "smoothing": smoothing, "expected": value}
    if weights is not None:
        case["weights"] = list(weights)
    if epsilon is not None:
        case["epsilon"] = epsilon
    return case


def corpus_case(list_of_references, hypotheses, smoothing="none", weights=None, epsilon=None):
    value = bleu_value(corpus_bleu, list_of_references, hypotheses, smoothing=smoothing, epsilon=epsilon, weights=weights)
    case = {"listOfReferences": list_of_references, "hypotheses": hypotheses, "smoothing": smoothing, "expected": value}
    if weights is not None:
        case["weights"] = list(weights)
    if epsilon is not None:
        case["epsilon"] = epsilon
    return case


def bleu_cases(tokenize):
    s = str.split
    ref1a = s("It is a guide to action that ensures that the military will forever heed Party commands")
    ref1b = s("It is the guiding principle which guarantees the military forces always being under the command of the Party")
    ref1c = s("It is the practical guide for the army always to heed the directions of the party")
    hyp1 = s("It is a guide to action which ensures that the military always obeys the commands of the party")
    hyp2 = s("It is to insure the troops forever hearing the activity guidebook that party direct")
    ref2a = s("he was interested in world history because he read the book")
    hyp3 = s("he read the book because he was interested in world history")

    sentence = []
    corpus = []
    for smoothing in ("none", "method1"):
        # NLTK's doctest examples
        sentence.append(sentence_case([ref1a, ref1b, ref1c], hyp1, smoothing))
        sentence.append(sentence_case([ref1a, ref1b, ref1c], hyp2, smoothing))
        sentence.append(sentence_case([ref1a], hyp1, smoothing))
        sentence.append(sentence_case([ref2a], hyp3, smoothing))
        sentence.append(sentence_case([ref1a, ref1b, ref1c], hyp1, smoothing, weights=[0.2] * 5))
        sentence.append(sentence_case([ref1a, ref1b, ref1c], hyp1, smoothing, weights=[0.1, 0.3, 0.5, 0.1]))
        corpus.append(corpus_case([[ref1a, ref1b, ref1c], [ref2a]], [hyp1, hyp3], smoothing))
        corpus.append(corpus_case([[ref1a, ref1b, ref1c], [ref2a]], [hyp2, hyp3], smoothing))
        # identical, short, empty, no overlap
        for hyp in ([], ["the"], ["the", "cat"], ["the", "cat", "sat"], ["the", "cat", "sat", "down"]):
            sentence.append(sentence_case([["the", "cat", "sat", "down"]], hyp, smoothing))
            sentence.append(sentence_case([["the", "cat"], ["a", "cat", "sat", "on", "the", "mat"]], hyp, smoothing))
        sentence.append(sentence_case([["a", "b", "c"]], ["x", "y", "z"], smoothing))
        sentence.append(sentence_case([["a", "b", "c"]], ["a", "b", "c"], smoothing))
        sentence.append(sentence_case([[]], ["a"], smoothing))
        sentence.append(sentence_case([[], ["a"]], ["a"], smoothing))
        sentence.append(sentence_case([["a"] * 13, ["a"] * 11], ["a"] * 12, smoothing))
        sentence.append(sentence_case([["a"] * 13, ["a"] * 2], ["a"] * 12, smoothing))
        sentence.append(sentence_case([["a"] * 28, ["a"] * 28], ["a"] * 12, smoothing))
        sentence.append(sentence_case([s("the cat is on the mat"), s("there is a cat on the mat")], s("the the the the the the the"), smoothing))
        sentence.append(sentence_case([s("the cat is on the mat")], s("the cat the cat on the mat"), smoothing, weights=[1.0]))
        sentence.append(sentence_case([s("the cat is on the mat")], s("the cat"), smoothing, weights=[0.5, 0.5]))
        sentence.append(sentence_case([s("the cat is on the mat")], s("cat the"), smoothing, weights=[0.5, 0.5]))
        sentence.append(sentence_case([s("the cat is on the mat")], s("the cat is on"), smoothing, weights=[1 / 3] * 3))
        # corpus with empty and short hypotheses
        corpus.append(corpus_case([[["a", "b"]], [["c", "d", "e"]]], [[], ["c", "d"]], smoothing))
        corpus.append(corpus_case([[["a", "b"]], [["c"]]], [[], []], smoothing))
        corpus.append(corpus_case([[["a", "b", "c", "d", "e"]], [["x", "y"]], [["p"]]],
                                  [["a", "b", "c"], ["x", "y"], ["q"]], smoothing))
    for epsilon in (0.01, 0.5):
        sentence.append(sentence_case([["the", "cat", "sat", "down"]], ["the", "cat"], "method1", epsilon=epsilon))
        sentence.append(sentence_case([ref1a, ref1b, ref1c], hyp2, "method1", epsilon=epsilon))

    # realistic QA answers, tokenized with the 3.9.4 tokenizer
    for hyp_text, ref_texts in QA_PAIRS:
        refs = [tokenize(t) for t in ref_texts]
        hyp = tokenize(hyp_text)
        for smoothing in ("none", "method1"):
            sentence.append(sentence_case(refs, hyp, smoothing))
    for smoothing in ("none", "method1"):
        corpus.append(corpus_case([[tokenize(t) for t in refs] for _, refs in QA_PAIRS],
                                  [tokenize(h) for h, _ in QA_PAIRS], smoothing))

    # pseudo-random cases over a small vocabulary: many shapes and overlaps
    rng = random.Random(394)
    vocab = ["the", "cat", "sat", "on", "mat", "a", "dog", "."]
    weight_choices = [None, None, None, [1.0], [0.5, 0.5], [1 / 3] * 3, [0.2] * 5]

    def sent(lo, hi):
        return [rng.choice(vocab) for _ in range(rng.randint(lo, hi))]

    for i in range(120):
        refs = [sent(0 if i % 17 == 0 else 1, 9) for _ in range(rng.randint(1, 3))]
        hyp = sent(0, 8)
        smoothing = "method1" if i % 2 else "none"
        sentence.append(sentence_case(refs, hyp, smoothing, weights=rng.choice(weight_choices)))
    for i in range(40):
        n = rng.randint(1, 4)
        lor = [[sent(1, 9) for _ in range(rng.randint(1, 3))] for _ in range(n)]
        hyps = [sent(0, 7) for _ in range(n)]
        smoothing = "method1" if i % 2 else "none"
        corpus.append(corpus_case(lor, hyps, smoothing, weights=rng.choice(weight_choices)))
    return sentence, corpus


# ---------------------------------------------------------------------------
# Several gold answers: multi-reference BLEU and METEOR on the paper's tokens
#
# The baselines with several gold answers (lib/baselines/index.ts bleuMulti,
# meteorMulti): every gold is a reference, tokenized as the single-gold
# baselines are (word_tokenize of the lower-cased text), BLEU with smoothing
# method1 and uniform 4-gram weights, METEOR as NLTK's meteor_score (the best
# single_meteor_score). WordNet comes from WORDNET_DIR as in
# scripts/oracles/baselines_oracle.py (which also installs NLTK 3.9's morphy).

MULTI_GOLD_HAND = [
    # (candidate, golds)
    ("Earth's rotation causes the alternation of morning and afternoon",
     ["The rotation of the Earth causes day and night.", "Earth's rotation causes day and night.",
      "Because the Earth rotates."]),
    ("100°C", ["100 °C", "100 degrees Celsius", "It boils at 100°C."]),
    ("Paris", ["Paris", "The capital is Paris."]),
    ("The capital of France is Paris.", ["Paris", "The capital is Paris.", "It is Paris, France."]),
    ("George Washington", ["Washington", "George Washington was the first president.", "President Washington"]),
    ("It is the car", ["It is the automobile.", "The car.", "A motorcar"]),
    ("He bought a big house", ["He purchased a large home.", "He bought a house.", "A big home was bought."]),
    ("the the the the the the the", ["The cat is on the mat.", "There is a cat on the mat."]),
    ("a a a a a a a a a a a a", ["a a a a a a a a a a a a a", "a a a a a a a a a a a"]),
    ("a a a a a a a a a a a a", ["a a a a a a a a a a a", "a a a a a a a a a a a a a"]),
    ("a a a a a a a a a a a a", ["a a", "a a a a a a a a a a a a a"]),
    ("No", ["Yes", "Nope", "No."]),
    ("No", ["Yes", "Absolutely not"]),
    ("", ["Something.", "Anything else."]),
    ("photosynthesis", ["The answer is photosynthesis.", "Photosynthesis", "It is called photosynthesis."]),
    ("The mitochondria is the powerhouse of the cell.",
     ["Mitochondria are the powerhouse of the cell.", "The mitochondrion.", "Mitochondria"]),
    ("It boils at 100 degrees Celsius.",
     ["Water boils at 100 degrees Celsius at sea level.", "100 degrees", "At 212 degrees Fahrenheit."]),
    ("Running dogs chase cats", ["Dogs run after cats.", "A running dog chases a cat.", "Hounds pursue felines."]),
    ("Shakespeare wrote Hamlet in 1600", ["William Shakespeare", "Shakespeare wrote it around 1600.", "Hamlet is by Shakespeare."]),
    ("same same", ["same same", "same same"]),
    ("the correct answer", ["the right answer", "the correct reply", "an answer that is correct"]),
    ("It's John's book.", ["It is John's book.", "The book belongs to John.", "John's."]),
    ("U.S. Geological Survey", ["The US Geological Survey", "USGS", "U.S. Geological Survey (USGS)"]),
    ("a chunk of pork, since cows are herbivores and do not eat meat",
     ["A chunk of pork, because cows are herbivores.", "Pork; cows do not eat meat.", "Cows are herbivores."]),
    ("The Pacific Ocean", ["Pacific", "The Pacific Ocean is the largest.", "the Pacific", "Pacific Ocean"]),
    ("Mount Everest is the highest mountain on Earth.",
     ["Everest", "Mount Everest.", "The highest mountain is Mount Everest, in the Himalayas."]),
]

MULTI_GOLD_WORDS = (
    "the a of is was it in and to that big large great small little car automobile auto house home "
    "buy bought purchase purchased answer reply correct right fast quick quickly run running ran runs "
    "dog dogs hound cat cats begin start started happy glad river stream city town capital paris france"
).split()


def multi_gold_wordnet():
    """WordNet 3.0 as the METEOR oracle reads it (baselines_oracle.py: Debian's files, NLTK 3.9's morphy)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from baselines_oracle import wordnet_reader

    wn = wordnet_reader()
    assert wn.get_version() == "3.0", wn.get_version()
    return wn


def multi_reference_cases(word_tokenize, wn):
    cases = []
    for candidate, golds in MULTI_GOLD_HAND:
        cases.append((golds, candidate))
    rng = random.Random(14)
    punct = ["", "", "", ".", ",", "!", "?"]

    def text(lo, hi):
        words = [rng.choice(MULTI_GOLD_WORDS) for _ in range(rng.randint(lo, hi))]
        if words and rng.random() < 0.3:
            words[0] = words[0].capitalize()
        return " ".join(words) + (rng.choice(punct) if words else "")

    for _ in range(130):
        golds = [text(1, 9) for _ in range(rng.randint(2, 4))]
        if rng.random() < 0.4:
            # a candidate that borrows from the golds, so several references match parts of it
            pool = [w for g in golds for w in g.rstrip(".,!?").split()]
            candidate = " ".join(rng.choice(pool) for _ in range(rng.randint(1, 8)))
        else:
            candidate = text(0 if rng.random() < 0.05 else 1, 8)
        cases.append((golds, candidate))

    smooth = SmoothingFunction().method1
    out = []
    for golds, candidate in cases:
        refs = [word_tokenize(g.lower()) for g in golds]
        hyp = word_tokenize(candidate.lower())
        out.append({
            "golds": golds,
            "candidate": candidate,
            "references": refs,
            "hypothesis": hyp,
            "bleu": sentence_bleu(refs, hyp, smoothing_function=smooth),
            "bleuEach": [sentence_bleu([r], hyp, smoothing_function=smooth) for r in refs],
            "meteor": meteor_score(refs, hyp, wordnet=wn),
            "meteorEach": [single_meteor_score(r, hyp, wordnet=wn) for r in refs],
        })
    return out


# ---------------------------------------------------------------------------


def dump(fixture):
    """JSON with one case per line: compact, yet reviewable in diffs."""
    compact = lambda value: json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    lines = ["{"]
    keys = list(fixture)
    for i, key in enumerate(keys):
        value = fixture[key]
        comma = "," if i < len(keys) - 1 else ""
        if isinstance(value, list):
            lines.append(f" {compact(key)}:[")
            lines.extend(f"  {compact(item)}{',' if j < len(value) - 1 else ''}" for j, item in enumerate(value))
            lines.append(f" ]{comma}")
        else:
            lines.append(f" {compact(key)}:{compact(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    warnings.simplefilter("ignore")
    word_tok = word_tokenizer_394()
    stock = NLTKWordTokenizer()
    abbreviations = ts_string_array("PUNKT_ABBREVIATIONS")
    starters = ts_string_array("PUNKT_SENTENCE_STARTERS")
    punkt = punkt_tokenizer(abbreviations, starters)

    def word_tokenize(text):
        return [t for s in punkt.tokenize(text) for t in word_tok.tokenize(s)]

    tokenizer_cases = []
    for text in TOKENIZER_TEXTS:
        case = {"text": text, "tokens": word_tok.tokenize(text)}
        installed = stock.tokenize(text)
        if installed != case["tokens"]:
            case["installedNltk"] = installed
        tokenizer_cases.append(case)
    paren_cases = [
        {"text": t, "tokens": word_tok.tokenize(t, convert_parentheses=True)} for t in TREEBANK_PAREN_TEXTS
    ]
    sentence_cases = [
        {"text": t, "sentences": punkt.tokenize(t), "words": word_tokenize(t)}
        for t in SENTENCE_TEXTS + TOKENIZER_TEXTS
    ]
    bleu_sentence, bleu_corpus = bleu_cases(word_tok.tokenize)
    multi_reference = multi_reference_cases(word_tokenize, multi_gold_wordnet())

    fixture = {
        "generator": "scripts/oracles/nltk_oracle.py",
        "nltkVersion": nltk.__version__,
        "pythonVersion": sys.version.split()[0],
        "emulates": "NLTK 3.9.4",
        "punktParameters": {"abbreviations": abbreviations, "sentenceStarters": starters,
                            "orthoFlags": ORTHO_BEG_UC | ORTHO_MID_LC},
        "treebank": tokenizer_cases,
        "treebankConvertParentheses": paren_cases,
        "sentences": sentence_cases,
        "bleuSentence": bleu_sentence,
        "bleuCorpus": bleu_corpus,
        "multiReference": multi_reference,
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(dump(fixture), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(tokenizer_cases)} treebank, {len(sentence_cases)} sentence, "
          f"{len(bleu_sentence)} sentence-BLEU, {len(bleu_corpus)} corpus-BLEU, "
          f"{len(multi_reference)} multi-reference BLEU and METEOR cases "
          f"({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
