#!/usr/bin/env python3
"""Writes test/fixtures/baselines-oracle.json: NLTK's own outputs for the
Porter stemmer, WordNet lookups and METEOR, and ROUGE-L from a line-for-line
Python rendering of rouge-score 0.1.2.

Run from the repository root with a Python that has NLTK (Debian's
python3-nltk is enough) and with WordNet 3.0 installed (Debian's
wordnet-base, /usr/share/wordnet; or set WORDNET_DIR):

    /usr/bin/python3 scripts/oracles/baselines_oracle.py

It is a developer tool, not part of CI. lib/text/porter.ts,
lib/text/wordnet.ts, lib/baselines/meteor.ts and lib/baselines/rouge.ts are
tested against the fixture it writes.

NLTK versions. The paper used NLTK 3.9.4; Debian ships 3.8. The oracle
reproduces 3.9.4 on either:
  - PorterStemmer and meteor_score: identical in 3.8 and 3.9.4 (3.10 made
    both faster with the same results, and looks the irregular-forms pool up
    with the lower-cased word, nltk#3568; that is after 3.9.4 and not used).
  - WordNet morphy: NLTK 3.9 (nltk#3225) applies the detachment rules once;
    3.8 repeats them until a form is found. The 3.9 `_morphy` is installed
    below; the 3.8 results are written too ("morphy38"), for the port's
    "nltk-3.8" option.
  - WordNet data: NLTK's `wordnet` corpus is Princeton WordNet 3.0, the same
    database as Debian's wordnet-base. NLTK also wants a `lexnames` file,
    which Debian does not ship; it is written into a temporary folder that
    links the database files.
  - rouge-score is not packaged for Debian; its tokenizer and `_score_lcs`
    are rendered below from the 0.1.2 source, with NLTK's PorterStemmer.
"""

import hashlib
import json
import os
import random
import re
import tempfile
from pathlib import Path

from nltk.corpus.reader.wordnet import WordNetCorpusReader
from nltk.stem.porter import PorterStemmer
from nltk.translate.meteor_score import align_words, meteor_score

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "test" / "fixtures" / "baselines-oracle.json"
WORDNET_DIR = Path(os.environ.get("WORDNET_DIR", "/usr/share/wordnet"))
POS_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}

LEXNAMES = """adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact
noun.attribute noun.body noun.cognition noun.communication noun.event noun.feeling
noun.food noun.group noun.location noun.motive noun.object noun.person noun.phenomenon
noun.plant noun.possession noun.process noun.quantity noun.relation noun.shape noun.state
noun.substance noun.time verb.body verb.change verb.cognition verb.communication
verb.competition verb.consumption verb.contact verb.creation verb.emotion verb.motion
verb.perception verb.possession verb.social verb.stative verb.weather adj.ppl""".split()
LEX_POS = {"adj": 3, "adv": 4, "noun": 1, "verb": 2}


# ---------------------------------------------------------------------------
# WordNet 3.0 through NLTK, with NLTK 3.9's morphy


def wordnet_reader():
    """A WordNetCorpusReader on WORDNET_DIR (plus a generated lexnames file)."""
    tmp = Path(tempfile.mkdtemp(prefix="wn30-"))
    for pos in POS_FILES.values():
        for name in (f"index.{pos}", f"data.{pos}", f"{pos}.exc"):
            (tmp / name).symlink_to(WORDNET_DIR / name)
    if (WORDNET_DIR / "lexnames").exists():
        (tmp / "lexnames").symlink_to(WORDNET_DIR / "lexnames")
    else:
        lines = [f"{i:02d}\t{name}\t{LEX_POS[name.split('.')[0]]}" for i, name in enumerate(LEXNAMES)]
        (tmp / "lexnames").write_text("\n".join(lines) + "\n")
    return WordNetCorpusReader(str(tmp), None)


ORIGINAL_MORPHY = WordNetCorpusReader._morphy


def morphy_39(self, form, pos, check_exceptions=True):
    """`_morphy` of NLTK 3.9 (nltk#3225): one pass of the detachment rules."""
    exceptions = self._exception_map[pos]
    substitutions = self.MORPHOLOGICAL_SUBSTITUTIONS[pos]

    def apply_rules(forms):
        return [
            form[: -len(old)] + new
            for form in forms
            for old, new in substitutions
            if form.endswith(old)
        ]

    def filter_forms(forms):
        result = []
        seen = set()
        for form in forms:
            if form in self._lemma_pos_offset_map:
                if pos in self._lemma_pos_offset_map[form]:
                    if form not in seen:
                        result.append(form)
                        seen.add(form)
        return result

    if check_exceptions and form in exceptions:
        forms = exceptions[form]
    else:
        forms = apply_rules([form])
    return filter_forms([form] + forms)


WordNetCorpusReader._morphy = morphy_39


def wordnet_words():
    """Every lemma of the index files and its parts, and every word of the exception lists."""
    words = set()
    for pos in POS_FILES.values():
        with open(WORDNET_DIR / f"index.{pos}", encoding="utf8") as fp:
            for line in fp:
                if line.startswith(" "):
                    continue
                lemma = line.split()[0]
                words.add(lemma)
                words.update(part for part in re.split(r"[_\-./']", lemma) if part)
        with open(WORDNET_DIR / f"{pos}.exc", encoding="utf8") as fp:
            for line in fp:
                words.update(line.split())
    return sorted(words)


# ---------------------------------------------------------------------------
# Porter


PORTER_SPECIAL = [
    # irregular forms and their case
    "sky", "skies", "Skies", "SKIES", "news", "News", "dying", "Dying", "lying", "tying",
    "innings", "inning", "outings", "cannings", "howe", "Howe", "proceed", "exceed", "succeed",
    # short words, y runs, suffix-only words
    "a", "I", "Ab", "by", "y", "yy", "yyy", "yyyy", "yyyyyyyy", "syzygy", "toy", "ing", "ed", "eed", "ied",
    "ies", "aed", "oing", "dies", "flies", "died", "spied", "feed", "agreed", "bled", "sing",
    # rules of the paper and NLTK's departures
    "caresses", "ponies", "ties", "caress", "cats", "plastered", "motoring", "conflated",
    "troubled", "sized", "hopping", "tanned", "falling", "hissing", "fizzed", "failing", "filing",
    "happy", "enjoy", "relational", "conditional", "rational", "valenci", "hesitanci",
    "digitizer", "conformabli", "radicalli", "differentli", "vileli", "analogousli",
    "vietnamization", "predication", "operator", "feudalism", "decisiveness", "hopefulness",
    "callousness", "formaliti", "sensitiviti", "sensibiliti", "triplicate", "formative",
    "formalize", "electriciti", "electrical", "hopeful", "goodness", "revival", "allowance",
    "inference", "airliner", "gyroscopic", "adjustable", "defensible", "irritant",
    "replacement", "adjustment", "dependent", "adoption", "homologou", "communism", "activate",
    "angulariti", "homologous", "effective", "bowdlerize", "probate", "rate", "cease",
    "controll", "roll", "geology", "theology", "archaeology", "generalli", "finalli",
    "beautifulli", "hopefulli", "logically", "traditional", "generously",
    # characters outside a-z
    "café", "naïve", "straße", "İstanbul", "ΣΑΣ", "ÉTÉ", "x2ing", "1990s", "c3po",
    "😀😀", "😀😀ing", "😀ing", "𐐀ing", "a😀😀ed", "ab*d", "ab*ded", "x*ding", "ſing",
    "Running", "RUNNING", "MixedCase",
]


def porter_section(rng, all_words):
    nltk_stem = PorterStemmer()
    sample = sorted(set(rng.sample(all_words, 2500)) | set(PORTER_SPECIAL))
    alphabet = "aeiouybcdlstzmnrgpwx"
    synthetic = sorted({"".join(rng.choice(alphabet) for _ in range(rng.randint(3, 11))) for _ in range(500)})
    words = sorted(set(sample) | set(synthetic))
    modes_words = sorted(set(rng.sample(all_words, 300)) | set(PORTER_SPECIAL))
    chunk = 5000
    stems = [nltk_stem.stem(w) for w in all_words]
    digests = [
        hashlib.sha256("\n".join(stems[i : i + chunk]).encode("utf8")).hexdigest()[:16]
        for i in range(0, len(stems), chunk)
    ]
    # Parallel newline-joined lists keep the fixture small (no word holds a newline).
    joined = lambda xs: "\n".join(xs)
    return {
        "words": joined(words),
        "nltk": joined(nltk_stem.stem(w) for w in words),
        "modeWords": joined(modes_words),
        "martin": joined(PorterStemmer(PorterStemmer.MARTIN_EXTENSIONS).stem(w) for w in modes_words),
        "original": joined(PorterStemmer(PorterStemmer.ORIGINAL_ALGORITHM).stem(w) for w in modes_words),
        "noLowercase": joined(nltk_stem.stem(w, to_lowercase=False) for w in modes_words),
        "wordnetDigest": {"count": len(all_words), "chunk": chunk, "sha256_16": digests},
    }


# ---------------------------------------------------------------------------
# WordNet


WORDNET_SPECIAL = [
    "dog", "dogs", "Dogs", "run", "ran", "running", "better", "best", "geese", "went", "aurar",
    "catss", "possesses", "ramesses", "iss", "anchoresses", "askeses", "tablesss", "men",
    "women", "wolves", "boxes", "churches", "dishes", "quizzes", "flies", "tried", "making",
    "hoping", "bigger", "nicest", "quickly", "fast", "car", "automobile", "buy", "purchase",
    "answer", "correct", "right", "big", "large", "small", "happy", "glad", "start", "begin",
    "u.s.", "e.g.", "hood", "'hood", "ph.d.", "a", "i", "be", "is", "are", "was", "were", "has",
    "does", "doing", "did", "done", "the", "of", "and", "to", "in", "", "xyzzy", "new_york",
    "united_states", "café", "état", "1990s", "101", "aed", "ies", "s", "ses", "ing", "ed",
    "es", "er", "est", "studi", "realli", "onli", "compani", "peopl", "hous", "ani",
]


def wordnet_section(rng, wn, all_words):
    morphy38 = {}
    words = sorted(set(WORDNET_SPECIAL) | set(rng.sample(all_words, 70)))
    for w in words:
        morphy38[w] = {p: ORIGINAL_MORPHY(wn, w.lower(), p) for p in POS_FILES}
    cases = []
    for w in words:
        synsets = wn.synsets(w)
        cases.append(
            {
                "word": w,
                "morphy": {p: wn._morphy(w.lower(), p) for p in POS_FILES},
                "morphy38": morphy38[w],
                "synsets": [[s.pos().replace("s", "a"), s.offset()] for s in synsets],
                "names": [lemma.name() for s in synsets for lemma in s.lemmas()],
            }
        )
    return cases


# ---------------------------------------------------------------------------
# METEOR


METEOR_HAND = [
    # NLTK's docstring example
    (
        [
            "It is a guide to action that ensures that the military will forever heed Party commands".split(),
            "It is the guiding principle which guarantees the military forces always being under the command of the Party".split(),
            "It is the practical guide for the army always to heed the directions of the party".split(),
        ],
        "It is a guide to action which ensures that the military always obeys the commands of the party".split(),
    ),
    (
        ["It is a guide to action that ensures that the military will forever heed Party commands".split()],
        "It is to insure the troops forever hearing the activity guidebook that party direct".split(),
    ),
    ([["this", "is", "a", "cat"]], ["non", "matching", "hypothesis"]),
    ([[]], []),
    ([["a"]], []),
    ([[]], ["a"]),
    ([["the", "cat"]], ["the", "cat"]),
    ([["the", "the", "the"]], ["the"]),
    ([["the"]], ["the", "the", "the"]),
    ([["a", "b", "a", "b"]], ["b", "a", "b", "a"]),
    ([["The", "CAT", "sat"]], ["the", "cat", "Sat"]),
    ([["running", "dogs"]], ["runs", "dog"]),
    ([["the", "car", "is", "fast"]], ["the", "automobile", "is", "quick"]),
    ([["he", "bought", "a", "house"]], ["he", "purchased", "a", "home"]),
    ([["big", "dogs", "run"]], ["large", "hounds", "running"]),
    ([["correct", "answer"]], ["right", "reply"]),
    ([["studies"]], ["studying"]),
    ([["geese"]], ["goose"]),
    ([["better"]], ["good"]),
    ([["good"]], ["better"]),
    ([["went"]], ["go"]),
    ([["go"]], ["went"]),
    ([[".", ",", "!"]], [",", "."]),
    ([["a", "b"], ["b", "a"]], ["a", "b"]),
    ([["a", "b", "c"], ["x"], []], ["c", "b", "a"]),
]


def meteor_section(rng, wn):
    """Pairs built around WordNet synonyms, inflections and repeats, plus hand cases."""
    # Single-word lemma groups of real synsets.
    groups = []
    offsets = {}
    for p in POS_FILES:
        with open(WORDNET_DIR / f"index.{POS_FILES[p]}", encoding="utf8") as fp:
            for line in fp:
                if not line.startswith(" "):
                    fields = line.split()
                    offsets.setdefault(p, []).append(int(fields[-1]))
    for _ in range(260):
        p = rng.choice(list(POS_FILES))
        synset = wn.synset_from_pos_and_offset(p, rng.choice(offsets[p]))
        names = [l.name() for l in synset.lemmas() if "_" not in l.name()]
        if len(names) >= 2:
            groups.append(names)
    fillers = "the a of to in and is was it that for on with as by at be this from".split()
    suffixes = ["", "", "s", "es", "ed", "ing", "er", "ly"]

    def inflect(word):
        return word + rng.choice(suffixes)

    cases = []
    for refs, hyp in METEOR_HAND:
        cases.append({"references": refs, "hypothesis": hyp})
    while len(cases) < 420:
        n = rng.randint(1, 9)
        ref, hyp = [], []
        for _ in range(n):
            kind = rng.random()
            if kind < 0.35 and groups:
                group = rng.choice(groups)
                a, b = rng.sample(group, 2)
                ref.append(inflect(a) if rng.random() < 0.3 else a)
                hyp.append(inflect(b) if rng.random() < 0.3 else b)
            elif kind < 0.55:
                w = rng.choice(fillers)
                ref.append(w)
                hyp.append(w)
            elif kind < 0.75 and groups:
                w = rng.choice(rng.choice(groups))
                ref.append(inflect(w))
                hyp.append(inflect(w))
            else:
                (ref if rng.random() < 0.5 else hyp).append(rng.choice(fillers + ["x", "y", "zz"]))
        if rng.random() < 0.5:
            rng.shuffle(hyp)
        if rng.random() < 0.15:
            hyp = hyp + hyp[: rng.randint(1, 3)]
        if rng.random() < 0.1:
            ref = [w.capitalize() for w in ref]
        refs = [ref]
        if rng.random() < 0.1:
            other = ref[:]
            rng.shuffle(other)
            refs.append(other)
        cases.append({"references": refs, "hypothesis": hyp})

    out = []
    for k, case in enumerate(cases):
        refs, hyp = case["references"], case["hypothesis"]
        entry = {"references": refs, "hypothesis": hyp, "score": meteor_score(refs, hyp, wordnet=wn)}
        if k % 3 == 0:
            entry["alpha"], entry["beta"], entry["gamma"] = 0.8, 2.0, 0.4
            entry["scoreCustom"] = meteor_score(refs, hyp, wordnet=wn, alpha=0.8, beta=2.0, gamma=0.4)
        if k % 4 == 0 and len(refs) == 1:
            matches, _, _ = align_words(hyp, refs[0], wordnet=wn)
            entry["alignment"] = [list(m) for m in matches]
        out.append(entry)
    return out


# ---------------------------------------------------------------------------
# ROUGE-L as rouge-score 0.1.2 computes it

_STEMMER = PorterStemmer()


def rouge_tokenize(text, stem=True):
    """rouge/tokenize.py: lower-case, non-[a-z0-9] to spaces, split, stem tokens longer than 3."""
    text = text.lower()
    text = re.sub(r"[^a-z0-9]+", " ", text)
    tokens = re.split(r"\s+", text)
    if stem:
        tokens = [_STEMMER.stem(x) if len(x) > 3 else x for x in tokens]
    return [x for x in tokens if re.match(r"^[a-z0-9]+$", x)]


def score_lcs(target_tokens, prediction_tokens):
    """rouge/rouge_scorer.py `_score_lcs` with `_lcs_table` and scoring.fmeasure."""
    if not target_tokens or not prediction_tokens:
        return 0, 0, 0
    rows, cols = len(target_tokens), len(prediction_tokens)
    table = [[0] * (cols + 1) for _ in range(rows + 1)]
    for i in range(1, rows + 1):
        for j in range(1, cols + 1):
            if target_tokens[i - 1] == prediction_tokens[j - 1]:
                table[i][j] = table[i - 1][j - 1] + 1
            else:
                table[i][j] = max(table[i - 1][j], table[i][j - 1])
    lcs = table[-1][-1]
    precision = lcs / len(prediction_tokens)
    recall = lcs / len(target_tokens)
    fmeasure = 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0
    return precision, recall, fmeasure


ROUGE_HAND = [
    ("The quick brown fox jumps over the lazy dog", "The quick brown dog jumps on the log."),
    ("", ""),
    ("", "something"),
    ("something", ""),
    ("!!! ---", "..."),
    ("café au lait", "cafe au lait"),
    ("Straße", "strasse"),
    ("İstanbul is big", "istanbul is big"),
    ("The 1990s were good", "the 1990's were good"),
    ("running runners ran", "run runner runs"),
    ("U.S. Geological Survey", "US geological surveys"),
    ("a a a", "a"),
    ("one two three", "three two one"),
    ("New-York's finest", "new york s finest"),
    ("tab\tseparated\nlines", "tab separated lines"),
    ("Skies and NEWS", "skies and news"),
    ("x y z", "x\u00a0y\u2003z"),
]


def rouge_section(rng, all_words):
    vocab = rng.sample(all_words, 300) + ["the", "a", "of", "and", "is", "was", "running", "runs", "ran"]
    pairs = list(ROUGE_HAND)
    punct = [" ", " ", " ", ", ", ". ", "-", "'", " (", ") ", "; ", "\n"]
    for _ in range(200):
        def sentence():
            n = rng.randint(0, 9)
            return "".join(rng.choice(vocab) + rng.choice(punct) for _ in range(n))

        target = sentence()
        prediction = sentence() if rng.random() < 0.4 else " ".join(
            w if rng.random() < 0.7 else rng.choice(vocab) for w in target.split()
        )
        if rng.random() < 0.2:
            prediction = prediction.upper()
        pairs.append((target, prediction))
    out = []
    for k, (target, prediction) in enumerate(pairs):
        p, r, f = score_lcs(rouge_tokenize(target), rouge_tokenize(prediction))
        entry = {"target": target, "prediction": prediction, "precision": p, "recall": r, "fmeasure": f}
        if k < len(ROUGE_HAND) or k % 5 == 0:
            entry["targetTokens"] = rouge_tokenize(target)
            entry["unstemmed"] = rouge_tokenize(target, stem=False)
        out.append(entry)
    return out


def main():
    rng = random.Random(20240517)
    wn = wordnet_reader()
    assert wn.get_version() == "3.0", wn.get_version()
    all_words = wordnet_words()
    oracle = {
        "generator": "scripts/oracles/baselines_oracle.py",
        "nltkVersion": __import__("nltk").__version__,
        "morphy": "NLTK 3.9 (one pass); morphy38 holds NLTK 3.8's results",
        "porter": porter_section(rng, all_words),
        "wordnet": wordnet_section(rng, wn, all_words),
        "meteor": meteor_section(rng, wn),
        "rouge": rouge_section(rng, all_words),
    }
    text = json.dumps(oracle, ensure_ascii=False, separators=(",", ":"))
    OUT.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({len(text.encode('utf8')) / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
