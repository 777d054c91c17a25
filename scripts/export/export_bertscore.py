#!/usr/bin/env python3
"""Export the encoder of BERTScore as capqa reads it (lib/baselines/bertscore.ts).

Run on a machine with Python, network access and enough memory (not in capqa's tests):

    pip install torch "transformers>=4.30" onnx
    python scripts/export/export_bertscore.py --model roberta-large --layer 17 \
        --out models/bertscore-roberta-large-L17

then copy the folder to capqa and load it with
loadBertScorer({ model: "models/bertscore-roberta-large-L17" }).

What it writes (the folder contract of lib/baselines/bertscore.ts):
    config.json              num_hidden_layers = the layer (the encoder is truncated there)
    tokenizer.json, tokenizer_config.json, ...   the model's fast tokenizer
    onnx/model.onnx          input_ids, attention_mask int64 [batch, sequence]
                             -> last_hidden_state float32 [batch, sequence, hidden]

The truncation is what bert_score itself does (utils.get_model keeps
model.encoder.layer[:num_layers]), so last_hidden_state here is bert_score's embedding at
that layer. roberta-large truncated after layer 17 is about 1.1 GB of float32 weights, below
ONNX's 2 GB limit for one file. The paper's setting: roberta-large, layer 17
(bert_score.utils.model2layers), no idf, no baseline rescaling.

With --check, bert_score (pip install bert-score) scores a few pairs with the same model so
that the numbers can be compared with capqa's on the same pairs.

An equivalent route through Optimum:
    python -c "from transformers import AutoModel, AutoTokenizer; \\
      AutoModel.from_pretrained('roberta-large', num_hidden_layers=17, add_pooling_layer=False).save_pretrained('rl17'); \\
      AutoTokenizer.from_pretrained('roberta-large').save_pretrained('rl17')"
    optimum-cli export onnx --model rl17 --task feature-extraction OUT
    mkdir OUT/onnx && mv OUT/model.onnx OUT/onnx/
"""
import argparse
import os

import torch
from transformers import AutoModel, AutoTokenizer


class LastHiddenState(torch.nn.Module):
    """The truncated encoder, returning only its last hidden state."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, input_ids, attention_mask):
        return self.model(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default="roberta-large")
    ap.add_argument("--layer", type=int, default=17, help="bert_score's num_layers (roberta-large: 17)")
    ap.add_argument("--out", default="models/bertscore-roberta-large-L17")
    ap.add_argument("--opset", type=int, default=17)
    ap.add_argument("--check", action="store_true", help="print bert_score's scores of a few pairs for comparison")
    args = ap.parse_args()

    # num_hidden_layers=L loads the embeddings and the first L layers only, as bert_score keeps them.
    model = AutoModel.from_pretrained(args.model, num_hidden_layers=args.layer, add_pooling_layer=False)
    model.eval()
    tokenizer = AutoTokenizer.from_pretrained(args.model, use_fast=True)
    os.makedirs(os.path.join(args.out, "onnx"), exist_ok=True)
    model.config.save_pretrained(args.out)
    tokenizer.save_pretrained(args.out)  # tokenizer.json, tokenizer_config.json (cls/sep/pad, model_max_length)

    example = tokenizer(["a short example", "and a second, longer example sentence"], padding=True, return_tensors="pt")
    with torch.no_grad():
        torch.onnx.export(
            LastHiddenState(model),
            (example["input_ids"], example["attention_mask"]),
            os.path.join(args.out, "onnx", "model.onnx"),
            input_names=["input_ids", "attention_mask"],
            output_names=["last_hidden_state"],
            dynamic_axes={
                "input_ids": {0: "batch_size", 1: "sequence_length"},
                "attention_mask": {0: "batch_size", 1: "sequence_length"},
                "last_hidden_state": {0: "batch_size", 1: "sequence_length"},
            },
            opset_version=args.opset,
            do_constant_folding=True,
        )
    print(f"wrote {args.out}: {args.model} truncated after layer {args.layer}")

    if args.check:
        from bert_score import score

        refs = ["The sun is a star.", "Water travels through the stem of a plant.", "Cows are herbivores."]
        cands = ["The sun is hot.", "Water and food travel through the stem.", "A cow would not eat pork."]
        p, r, f = score(cands, refs, model_type=args.model, num_layers=args.layer, idf=False, lang="en")
        for i in range(len(refs)):
            print(f"bert_score P={p[i]:.6f} R={r[i]:.6f} F1={f[i]:.6f}  ref={refs[i]!r} cand={cands[i]!r}")


if __name__ == "__main__":
    main()
