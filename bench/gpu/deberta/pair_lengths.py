"""Writes pair-lengths.json: token lengths of CAP-Correctness statement pairs, for the DeBERTa
measurement's inputs (their padding and sequence lengths decide the throughput).

No DeBERTa-v3 tokenizer is available offline, so the lengths are a PROXY: one piece per word,
one per punctuation mark, more for long words and long numbers. DeBERTa-v3's 128k SentencePiece
vocabulary keeps most English words whole, so this count is probably within about 15% of the
real one; it was not checked against the real tokenizer. A pair is `[CLS] premise [SEP]
hypothesis [SEP]` (3 special tokens), cut to 512 tokens (capqa's default maximum).

    python3 bench/gpu/deberta/pair_lengths.py [CSV] [--n 1024] [--seed 20261202]
"""
import argparse
import csv
import json
import math
import random
import re
from pathlib import Path

MAX_LENGTH = 512
PIECE = re.compile(r"[^\W\d_]+|\d+|[^\w\s]|_")


def pieces(text: str) -> int:
    """Proxy SentencePiece count: words up to 10 letters are one piece, longer ones one per 5
    more letters; numbers one piece per 3 digits; each punctuation mark one piece."""
    n = 0
    for tok in PIECE.findall(text):
        if tok.isdigit():
            n += math.ceil(len(tok) / 3)
        elif tok[0].isalpha():
            n += 1 + math.ceil(max(0, len(tok) - 10) / 5)
        else:
            n += 1
    return max(n, 1)


def pair_length(premise: str, hypothesis: str) -> int:
    return min(3 + pieces(premise) + pieces(hypothesis), MAX_LENGTH)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("csv", nargs="?", default="/work/shared/data/cap-correctness/CAP-Correctness.csv")
    ap.add_argument("--n", type=int, default=1024)
    ap.add_argument("--seed", type=int, default=20261202)
    ap.add_argument("--out", default=str(Path(__file__).with_name("pair-lengths.json")))
    a = ap.parse_args()
    with open(a.csv, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    all_lengths = [pair_length(r["premise"], r["hypothesis"]) for r in rows]
    picked = sorted(random.Random(a.seed).sample(range(len(rows)), a.n))
    lengths = [all_lengths[i] for i in picked]
    s = sorted(all_lengths)
    doc = {
        "description": "Token lengths (3 special tokens included) of a seeded sample of CAP-Correctness statement pairs (premise, hypothesis), by a proxy tokenizer: see pair_lengths.py. Not DeBERTa-v3's real tokenizer.",
        "source": "CAP-Correctness.csv (ElitsaY/Correctness_eval, commit 4491248acba112183356df05c1f74fc0d7ece826), columns premise and hypothesis",
        "proxy": "one piece per word of up to 10 letters, +1 per 5 further letters; ceil(digits/3) per number; 1 per punctuation mark; + 3 special tokens; cut at 512",
        "seed": a.seed,
        "allRows": {"count": len(rows), "mean": sum(s) / len(s), "median": s[len(s) // 2], "p90": s[int(0.9 * len(s))], "p99": s[int(0.99 * len(s))], "max": s[-1], "atMax": sum(x == MAX_LENGTH for x in s)},
        "rowIds": picked,
        "lengths": lengths,
    }
    Path(a.out).write_text(json.dumps(doc) + "\n", encoding="utf-8")
    print(f"wrote {a.out}: {len(lengths)} lengths, mean {sum(lengths) / len(lengths):.1f}, max {max(lengths)}; all rows: {doc['allRows']}")


if __name__ == "__main__":
    main()
