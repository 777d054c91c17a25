#!/usr/bin/env python3
"""Export a COMET regression metric (Unbabel/wmt22-comet-da) as capqa reads it (lib/baselines/comet.ts).

Run on a machine with Python, network access and about 8 GB of memory (not in capqa's tests):

    pip install "unbabel-comet>=2" onnx
    python scripts/export/export_comet.py --model Unbabel/wmt22-comet-da --out models/wmt22-comet-da

then copy the folder to capqa and load it with
loadCometEstimator({ model: "models/wmt22-comet-da" }).

What it writes (the folder contract of lib/baselines/comet.ts):
    config.json, tokenizer.json, tokenizer_config.json, ...   the encoder's (XLM-R large)
    onnx/model.onnx + onnx/model.onnx_data   the encoder: input_ids, attention_mask int64
        [batch, sequence] -> hidden_states float32 [layers, batch, sequence, hidden], every
        hidden state stacked (embeddings + 24 layers = 25); the weights (2.2 GB) go to the
        external data file, as ONNX files are limited to 2 GB
    onnx/estimator.onnx   the feed-forward head: features float32 [batch, 6*hidden] -> score [batch, 1]
    comet.json            layer-wise attention parameters and the checkpoint's hyper-parameters

Everything that decides the numbers is read from the loaded checkpoint (model.hparams,
model.layerwise_attention, model.encoder.max_positions), never assumed: for wmt22-comet-da
that is layer "mix", layer_transformation "sparsemax", layer_norm false, pool "avg",
hidden_sizes [3072, 1024], activations Tanh, no final activation. The script stops if the
checkpoint is not a RegressionMetric with average pooling, which is what capqa implements.

With --check it also scores a few triples with comet itself, to compare with capqa's numbers
on the same triples (question as source, candidate answer as MT output, gold answer as reference).
"""
import argparse
import json
import os

import onnx
import torch
from comet import download_model, load_from_checkpoint


class AllHiddenStates(torch.nn.Module):
    """The encoder, returning every hidden state stacked: [layers, batch, sequence, hidden]."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, input_ids, attention_mask):
        out = self.model(input_ids=input_ids, attention_mask=attention_mask, output_hidden_states=True, return_dict=True)
        return torch.stack(out.hidden_states, dim=0)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default="Unbabel/wmt22-comet-da")
    ap.add_argument("--out", default="models/wmt22-comet-da")
    ap.add_argument("--opset", type=int, default=17)
    ap.add_argument("--check", action="store_true", help="print comet's own scores of a few triples")
    args = ap.parse_args()

    checkpoint = download_model(args.model)
    comet = load_from_checkpoint(checkpoint)
    comet.eval()
    hp = comet.hparams
    kind = hp.get("class_identifier")
    if kind != "regression_metric":
        raise SystemExit(f"{args.model} is a {kind}; capqa implements regression_metric (wmt22-comet-da) only")
    if hp.get("pool") != "avg":
        raise SystemExit(f"{args.model} pools with {hp.get('pool')!r}; capqa implements 'avg' only")
    transformation = hp.get("layer_transformation", "softmax")
    if transformation not in ("softmax", "sparsemax"):
        raise SystemExit(f"layer_transformation {transformation!r} is not softmax or sparsemax")

    encoder = comet.encoder.model  # XLMRobertaModel (no pooler)
    tokenizer = comet.encoder.tokenizer  # XLMRobertaTokenizerFast
    os.makedirs(os.path.join(args.out, "onnx"), exist_ok=True)
    encoder.config.save_pretrained(args.out)
    tokenizer.save_pretrained(args.out)

    # The encoder, every hidden state stacked; weights as external data (one file, model.onnx_data).
    example = tokenizer(["a short example", "and a second, longer example sentence"], padding=True, return_tensors="pt")
    tmp = os.path.join(args.out, "onnx", "tmp")
    os.makedirs(tmp, exist_ok=True)
    with torch.no_grad():
        torch.onnx.export(
            AllHiddenStates(encoder),
            (example["input_ids"], example["attention_mask"]),
            os.path.join(tmp, "model.onnx"),
            input_names=["input_ids", "attention_mask"],
            output_names=["hidden_states"],
            dynamic_axes={
                "input_ids": {0: "batch_size", 1: "sequence_length"},
                "attention_mask": {0: "batch_size", 1: "sequence_length"},
                "hidden_states": {1: "batch_size", 2: "sequence_length"},
            },
            opset_version=args.opset,
            do_constant_folding=True,
        )
    graph = onnx.load(os.path.join(tmp, "model.onnx"), load_external_data=True)
    onnx.save_model(graph, os.path.join(args.out, "onnx", "model.onnx"), save_as_external_data=True, all_tensors_to_one_file=True, location="model.onnx_data")
    for f in os.listdir(tmp):
        os.remove(os.path.join(tmp, f))
    os.rmdir(tmp)

    # The feed-forward head (dropout is off in eval mode).
    hidden = encoder.config.hidden_size
    with torch.no_grad():
        torch.onnx.export(
            comet.estimator,
            (torch.zeros(2, 6 * hidden),),
            os.path.join(args.out, "onnx", "estimator.onnx"),
            input_names=["features"],
            output_names=["score"],
            dynamic_axes={"features": {0: "batch_size"}, "score": {0: "batch_size"}},
            opset_version=args.opset,
        )

    attention = comet.layerwise_attention
    settings = {
        "format": "capqa-comet-1",
        "source": args.model,
        "class_identifier": kind,
        "layer": hp.get("layer"),
        "layer_transformation": transformation,
        "layer_norm": bool(attention.layer_norm) if attention is not None else False,
        "pool": hp.get("pool"),
        "num_layers": comet.encoder.num_layers,
        "hidden_size": hidden,
        # Encoder.prepare_sample truncates at max_positions - 2 tokens, special tokens included.
        "max_length": comet.encoder.max_positions - 2,
        "layerwise_weights": [float(p.item()) for p in attention.scalar_parameters] if attention is not None else [0.0] * comet.encoder.num_layers,
        "gamma": float(attention.gamma.item()) if attention is not None else 1.0,
        "estimator": {
            "hidden_sizes": list(hp.get("hidden_sizes")),
            "activations": hp.get("activations"),
            "final_activation": hp.get("final_activation"),
        },
    }
    with open(os.path.join(args.out, "comet.json"), "w") as f:
        json.dump(settings, f, indent=2)
    print(f"wrote {args.out}: {args.model}, layer {settings['layer']} ({transformation}, layer_norm {settings['layer_norm']})")

    if args.check:
        data = [
            {"src": "What is the sun?", "mt": "The sun is hot.", "ref": "The sun is a star."},
            {"src": "What travels through the stem of a plant?", "mt": "Water and food travel through the stem.", "ref": "Water travels through the stem of a plant."},
        ]
        out = comet.predict(data, batch_size=8, gpus=1 if torch.cuda.is_available() else 0)
        for d, s in zip(data, out.scores):
            print(f"comet {s:.6f}  {d}")


if __name__ == "__main__":
    main()
