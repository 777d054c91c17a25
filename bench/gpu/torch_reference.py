"""Reference throughput of the paper's NLI setup in PyTorch (the authors' stack): a
DeBERTa-v3-large-shaped DebertaV2ForSequenceClassification (random weights: speed only)
on the GPU in fp32, fp16 and fp16 autocast (the paper's "mixed precision, batch size 16"),
sequence length 64. Prints one JSON object per configuration.
"""
import json
import time

import torch
from transformers import DebertaV2Config, DebertaV2ForSequenceClassification

cfg = DebertaV2Config(
    vocab_size=128100, hidden_size=1024, num_hidden_layers=24, num_attention_heads=16,
    intermediate_size=4096, max_position_embeddings=512, relative_attention=True,
    position_buckets=256, norm_rel_ebd="layer_norm", share_att_key=True, pos_att_type=["p2c", "c2p"],
    layer_norm_eps=1e-7, max_relative_positions=-1, position_biased_input=False, type_vocab_size=0,
    num_labels=3,
)
L = 64


def measure(model, batch, device, autocast=False, iters=10):
    ids = torch.randint(0, cfg.vocab_size, (batch, L), device=device)
    mask = torch.ones_like(ids)
    with torch.inference_mode():
        for _ in range(2):
            with torch.autocast("cuda", dtype=torch.float16, enabled=autocast):
                model(input_ids=ids, attention_mask=mask)
        if device == "cuda":
            torch.cuda.synchronize()
        t = time.perf_counter()
        for _ in range(iters):
            with torch.autocast("cuda", dtype=torch.float16, enabled=autocast):
                model(input_ids=ids, attention_mask=mask)
        if device == "cuda":
            torch.cuda.synchronize()
        s = time.perf_counter() - t
    return batch * iters / s


base = DebertaV2ForSequenceClassification(cfg).eval()
params = sum(p.numel() for p in base.parameters())
if torch.cuda.is_available():
    gpu = base.to("cuda")
    for b in (16, 64, 256):
        print(json.dumps({"stack": "pytorch", "device": "cuda", "dtype": "fp32", "batch": b, "seq": L, "params": params, "pairsPerSecond": measure(gpu, b, "cuda")}), flush=True)
        print(json.dumps({"stack": "pytorch", "device": "cuda", "dtype": "fp16-autocast", "batch": b, "seq": L, "params": params, "pairsPerSecond": measure(gpu, b, "cuda", autocast=True)}), flush=True)
    half = gpu.half()
    for b in (16, 64, 256):
        print(json.dumps({"stack": "pytorch", "device": "cuda", "dtype": "fp16", "batch": b, "seq": L, "params": params, "pairsPerSecond": measure(half, b, "cuda")}), flush=True)
    base = half.float().to("cpu")
torch.set_num_threads(max(1, torch.get_num_threads()))
print(json.dumps({"stack": "pytorch", "device": "cpu", "threads": torch.get_num_threads(), "dtype": "fp32", "batch": 16, "seq": L, "params": params, "pairsPerSecond": measure(base, 16, "cpu", iters=2)}), flush=True)
