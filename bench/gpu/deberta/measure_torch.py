"""PyTorch half of the DeBERTa measurement (run on the GPU machine by run-deberta-measure.sh).

Builds DebertaV2ForSequenceClassification with DeBERTa-v3-large's configuration and seeded
random weights, then:
  1. token inputs: random ids for the committed CAP-Correctness pair lengths, `[CLS] A [SEP] B
     [SEP]`, batches of 16 and 64 formed from length-sorted pairs (little padding, as capqa
     does) and processed in a seeded random order (so a time-capped run is an unbiased sample);
     written to WORK/inputs.json for capqa's step;
  2. PyTorch on CUDA, fp32 (TF32 off) and fp16 (model.half()): pairs/s and probabilities; the
     fp32 logits are the reference (WORK/reference.json);
  3. the model folder WORK/model for capqa's loader: config.json, onnx/model.onnx (fp32,
     checked against PyTorch with onnxruntime on a batch of other shape than the traced one)
     and onnx/model_fp16.onnx (onnxruntime's float16 converter, keep_io_types: int64 ids in,
     float32 logits out; fallback: a trace of the fp16 model on CUDA, float16 logits out);
  4. PyTorch on the CPU, fp32, on the small CPU set: pairs/s and its distance from CUDA's.
Every result, and every failure, is one JSON line appended to --results (and printed).

The classifier's weights are scaled so that the logits spread like a trained NLI model's
(standard deviation 2): with the plain random initialisation every probability is about 1/3
and hides differences.

    python3 bench/gpu/deberta/measure_torch.py --work /tmp/capqa-deberta --results out/results.jsonl
"""
import argparse
import copy
import importlib
import json
import shutil
import sys
import time
import traceback
from pathlib import Path

import numpy as np
import torch
from transformers import DebertaV2Config, DebertaV2ForSequenceClassification

HERE = Path(__file__).resolve().parent
LABELS = {0: "contradiction", 1: "entailment", 2: "neutral"}
PAD, CLS, SEP, FIRST_ID, LAST_ID = 0, 1, 2, 4, 128000  # DeBERTa-v3: [PAD] [CLS] [SEP] [UNK] ... [MASK]=128000


def config() -> DebertaV2Config:
    """DeBERTa-v3-large's configuration (microsoft/deberta-v3-large), three NLI labels."""
    return DebertaV2Config(
        vocab_size=128100, hidden_size=1024, num_hidden_layers=24, num_attention_heads=16,
        intermediate_size=4096, hidden_act="gelu", max_position_embeddings=512, relative_attention=True,
        position_buckets=256, norm_rel_ebd="layer_norm", share_att_key=True, pos_att_type=["p2c", "c2p"],
        layer_norm_eps=1e-7, max_relative_positions=-1, position_biased_input=False, type_vocab_size=0,
        pad_token_id=PAD, num_labels=3, id2label=LABELS, label2id={v: k for k, v in LABELS.items()},
        architectures=["DebertaV2ForSequenceClassification"],
    )


class Results:
    def __init__(self, path: str):
        self.path = path

    def emit(self, **rec) -> None:
        line = json.dumps(rec, default=float)
        print(line, flush=True)
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(line + "\n")

    def error(self, step: str, err: BaseException, **rec) -> None:
        traceback.print_exc(file=sys.stderr)
        self.emit(step=step, **rec, error=f"{type(err).__name__}: {err}"[:500])


def make_inputs(lengths: list, seed: int, cpu_pairs: int, batches: list) -> dict:
    """Random ids per length (pairs sorted longest first), the CPU set (evenly spread over the
    lengths), and for each set and batch size the batches in processing order."""
    rng = np.random.default_rng(seed)
    ordered = sorted(lengths, reverse=True)
    ids = []
    for n in ordered:
        a = max(1, min(n - 4, int(round((n - 3) * rng.uniform(0.35, 0.65)))))
        b = n - 3 - a
        body = rng.integers(FIRST_ID, LAST_ID, size=n - 3).tolist()
        ids.append([CLS, *body[:a], SEP, *body[a:a + b], SEP])
    full = list(range(len(ids)))
    cpu = sorted(set(np.linspace(0, len(ids) - 1, min(cpu_pairs, len(ids))).round().astype(int).tolist()))
    sets = {"full": full, "cpu": cpu}
    plan = {}
    for name, members in sets.items():
        plan[name] = {}
        for b in batches:
            chunks = [members[s:s + b] for s in range(0, len(members), b)]
            order = rng.permutation(len(chunks)).tolist()
            plan[name][str(b)] = [chunks[0]] + [chunks[i] for i in order if i != 0]  # longest batch first: memory fails at once
    return {"seed": seed, "pad": PAD, "ids": ids, "sets": sets, "batches": plan}


def tensors(ids: list, batch: list, device: str):
    L = max(len(ids[i]) for i in batch)
    x = torch.full((len(batch), L), PAD, dtype=torch.long)
    m = torch.zeros((len(batch), L), dtype=torch.long)
    for r, i in enumerate(batch):
        x[r, : len(ids[i])] = torch.tensor(ids[i])
        m[r, : len(ids[i])] = 1
    return x.to(device), m.to(device)


def softmax64(logits: np.ndarray) -> np.ndarray:
    z = logits.astype(np.float64)
    z = np.exp(z - z.max(axis=-1, keepdims=True))
    return z / z.sum(axis=-1, keepdims=True)


def run(model, inputs: dict, set_name: str, b: int, device: str, warmup: int = 2):
    """Logits per pair (dict index -> row) and seconds of one timed pass; each batch's logits are
    read back to the host, as capqa's engine does."""
    ids, plan = inputs["ids"], inputs["batches"][set_name][str(b)]
    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    with torch.inference_mode():
        for batch in plan[:warmup]:
            model(*tensors(ids, batch, device))
        sync()
        out = {}
        t = time.perf_counter()
        for batch in plan:
            logits = model(*tensors(ids, batch, device)).float().cpu().numpy()
            for r, i in enumerate(batch):
                out[i] = logits[r]
        sync()
        return out, time.perf_counter() - t


def compare(got: dict, ref: dict) -> dict:
    keys = sorted(got)
    g = np.stack([got[k] for k in keys]).astype(np.float64)
    r = np.stack([ref[k] for k in keys]).astype(np.float64)
    return {
        "maxAbsDiffProb": float(np.abs(softmax64(g) - softmax64(r)).max()),
        "maxAbsDiffLogit": float(np.abs(g - r).max()),
        "argmaxAgreement": float((g.argmax(-1) == r.argmax(-1)).mean()),
    }


class Logits(torch.nn.Module):
    """The model as ONNX sees it: (input_ids, attention_mask) -> logits."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, input_ids, attention_mask):
        return self.model(input_ids=input_ids, attention_mask=attention_mask).logits


def export_onnx(model, path: Path, method: str, example) -> None:
    """One ONNX export: "legacy" (TorchScript tracer, opset 17, dynamic_axes) or "dynamo"
    (torch.export, opset 18, dynamic_shapes), into a scratch folder and then to `path`: one
    file (fp32 is 1.7 GB, under protobuf's 2 GiB), or where an exporter wrote its weights apart,
    the weights in `<file>_data`, where transformers.js and capqa's loader look for them."""
    scratch = path.parent / f".export-{method}"
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    for stale in path.parent.glob(path.name + "*"):
        stale.unlink()
    f = scratch / path.name
    common = dict(input_names=["input_ids", "attention_mask"], output_names=["logits"])
    with torch.no_grad():
        if method == "legacy":
            axes = {"input_ids": {0: "batch_size", 1: "sequence_length"}, "attention_mask": {0: "batch_size", 1: "sequence_length"}, "logits": {0: "batch_size"}}
            torch.onnx.export(model, example, str(f), opset_version=17, dynamic_axes=axes, do_constant_folding=True, dynamo=False, **common)
        else:
            from torch.export import Dim

            batch, seq = Dim("batch_size", min=1, max=1024), Dim("sequence_length", min=2, max=512)
            shapes = {"input_ids": {0: batch, 1: seq}, "attention_mask": {0: batch, 1: seq}}
            torch.onnx.export(model, example, str(f), opset_version=18, dynamic_shapes=shapes, dynamo=True, external_data=False, **common)
    if [p.name for p in scratch.iterdir()] == [path.name]:
        f.replace(path)
    else:
        import onnx

        m = onnx.load(str(f), load_external_data=True)
        onnx.save_model(m, str(path), save_as_external_data=True, all_tensors_to_one_file=True, location=path.name + "_data")
    shutil.rmtree(scratch, ignore_errors=True)


def ort_check(path: Path, inputs: dict, batch: list, want: np.ndarray) -> dict:
    """The ONNX file's logits on onnxruntime's CPU provider for one batch, against PyTorch's."""
    import onnxruntime as ort

    t = time.perf_counter()
    s = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    x, m = tensors(inputs["ids"], batch, "cpu")
    got = s.run(["logits"], {"input_ids": x.numpy(), "attention_mask": m.numpy()})[0].astype(np.float64)
    return {"ortMaxAbsDiffLogit": float(np.abs(got - want).max()), "ortMaxAbsDiffProb": float(np.abs(softmax64(got) - softmax64(want)).max()), "ortSeconds": time.perf_counter() - t, "checkShape": list(x.shape)}


def versions() -> dict:
    v = {"python": sys.version.split()[0], "numpy": np.__version__, "torch": torch.__version__}
    for name in ("transformers", "onnx", "onnxruntime", "onnxscript"):
        try:
            v[name] = importlib.import_module(name).__version__
        except Exception as e:  # noqa: BLE001 - a missing package is a result here
            v[name] = f"missing ({type(e).__name__})"
    return v


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default="/tmp/capqa-deberta")
    ap.add_argument("--results", default="results.jsonl")
    ap.add_argument("--lengths", default=str(HERE / "pair-lengths.json"))
    ap.add_argument("--seed", type=int, default=20261202)
    ap.add_argument("--batches", default="16,64")
    ap.add_argument("--cpu-pairs", type=int, default=128)
    ap.add_argument("--deadline", type=float, default=0, help="epoch seconds after which optional checks are skipped")
    a = ap.parse_args()
    res = Results(a.results)
    work = Path(a.work)
    work.mkdir(parents=True, exist_ok=True)
    model_dir = work / "model"
    batches = [int(b) for b in a.batches.split(",")]
    late = lambda: a.deadline > 0 and time.time() > a.deadline  # noqa: E731
    cuda = torch.cuda.is_available()
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.set_float32_matmul_precision("highest")
    res.emit(step="env", versions=versions(), cuda=cuda, gpu=torch.cuda.get_device_name(0) if cuda else None, cpuThreads=torch.get_num_threads(), tf32=False)

    t = time.perf_counter()
    torch.manual_seed(a.seed)
    cfg = config()
    model = DebertaV2ForSequenceClassification(cfg).eval()
    lengths = json.loads(Path(a.lengths).read_text())["lengths"]
    inputs = make_inputs(lengths, a.seed, a.cpu_pairs, batches)
    if not cuda:  # no GPU: everything on the small set, so the run still ends
        inputs["sets"]["full"] = inputs["sets"]["cpu"]
        inputs["batches"]["full"] = inputs["batches"]["cpu"]
        res.emit(step="cuda", error="torch.cuda.is_available() is False: the reference is computed on the CPU, on the CPU set only")
    with torch.no_grad():  # scale the classifier so logits have standard deviation 2
        sample = inputs["batches"]["cpu"][str(batches[0])][-1]
        std = float(model(*tensors(inputs["ids"], sample, "cpu")).logits.std())
        scale = 2.0 / max(std, 1e-6)
        model.classifier.weight.mul_(scale)
        model.classifier.bias.mul_(scale)
    params = sum(p.numel() for p in model.parameters())
    (work / "inputs.json").write_text(json.dumps(inputs))
    res.emit(step="model", params=params, classifierScale=scale, pairs=len(inputs["ids"]), cpuPairs=len(inputs["sets"]["cpu"]), meanLength=float(np.mean([len(x) for x in inputs["ids"]])), maxLength=max(len(x) for x in inputs["ids"]), seconds=time.perf_counter() - t)

    # PyTorch on the GPU: fp32 (the reference) and fp16.
    device = "cuda" if cuda else "cpu"
    ref = {}
    try:
        gpu = Logits(copy.deepcopy(model)).to(device).eval()
        for dtype in ("fp32", "fp16") if cuda else ("fp32",):
            if dtype == "fp16":
                gpu = gpu.half()
            for set_name in ("full", "cpu"):
                for b in batches:
                    try:
                        logits, s = run(gpu, inputs, set_name, b, device)
                        rec = dict(stack="pytorch", device=device, dtype=dtype, set=set_name, batch=b, pairs=len(logits), seconds=s, pairsPerSecond=len(logits) / s)
                        if dtype == "fp32":
                            ref[(set_name, b)] = logits
                        else:
                            rec.update(compare(logits, ref[(set_name, b)]))
                        if set_name == "full":  # the CPU set is only there for capqa's CPU runs' reference
                            res.emit(**rec, reference="pytorch-fp32")
                    except Exception as e:  # noqa: BLE001
                        res.error("pytorch", e, device=device, dtype=dtype, set=set_name, batch=b)
                        if device == "cuda":
                            torch.cuda.empty_cache()
        del gpu
        if cuda:
            torch.cuda.empty_cache()
    except Exception as e:  # noqa: BLE001
        res.error("pytorch", e, device=device)
    reference = {"name": f"pytorch-{device}-fp32", "device": device, "dtype": "fp32", "logits": {s: {str(b): {str(i): v.tolist() for i, v in ref[(s, b)].items()} for b in batches if (s, b) in ref} for s in ("full", "cpu")}}
    (work / "reference.json").write_text(json.dumps(reference))

    # The model folder for capqa: config.json and the fp32 ONNX file, checked on a batch that
    # mixes the longest pair (log-bucketed relative positions) with short ones.
    cpu_model = Logits(model).eval()
    check = [0, len(inputs["ids"]) // 2, len(inputs["ids"]) - 1]
    with torch.inference_mode():
        want = cpu_model(*tensors(inputs["ids"], check, "cpu")).double().numpy()
    model.config.save_pretrained(model_dir)
    conf = json.loads((model_dir / "config.json").read_text())
    conf["_capqa_note"] = f"DeBERTa-v3-large's architecture with seeded random weights (seed {a.seed}, classifier scaled by {scale:.4g}); for measurement, not a real NLI model"
    (model_dir / "config.json").write_text(json.dumps(conf, indent=2))
    fp32 = model_dir / "onnx" / "model.onnx"
    exported = None
    rejected = []  # (max |Δlogit|, folder) of exports that ran but failed the check, kept aside
    example = tensors(inputs["ids"], [1, 2], "cpu")  # batch 2, padded to pair 1's length: not the check's shape
    for method in ("legacy", "dynamo"):
        t = time.perf_counter()
        try:
            export_onnx(cpu_model, fp32, method, example)
        except Exception as e:  # noqa: BLE001
            res.error("export", e, dtype="fp32", method=method, seconds=time.perf_counter() - t)
            continue
        rec = dict(step="export", dtype="fp32", method=method, seconds=time.perf_counter() - t, bytes=sum(p.stat().st_size for p in fp32.parent.glob("model.onnx*")))
        diff = 0.0  # stays 0 where onnxruntime is missing: the export is taken unchecked
        try:
            rec.update(ort_check(fp32, inputs, check, want))
            diff = rec["ortMaxAbsDiffLogit"]
        except ImportError as e:
            rec["ortCheck"] = f"skipped: {e}"
        except Exception as e:  # noqa: BLE001 - onnxruntime could not load or run it
            rec["ortCheck"] = f"{type(e).__name__}: {e}"[:300]
            diff = float("inf")
        ok = diff < 1e-3
        res.emit(**rec, ok=ok)
        if ok:
            exported = method
            break
        aside = model_dir / f"rejected-{method}"
        aside.mkdir(exist_ok=True)
        for p in fp32.parent.glob("model.onnx*"):
            p.replace(aside / p.name)
        rejected.append((diff, aside))
    if exported is None and rejected:  # none passed: capqa still measures the closest one
        best = min(rejected, key=lambda r: r[0])[1]
        for p in best.iterdir():
            p.replace(fp32.parent / p.name)
        exported = best.name
        res.emit(step="export", dtype="fp32", error=f"no export passed the onnxruntime check; capqa measures {best.name}")

    # fp16: onnxruntime's converter on the fp32 file; else a trace of the fp16 model on CUDA.
    fp16 = model_dir / "onnx" / "model_fp16.onnx"
    done16 = False
    if exported is not None:
        t = time.perf_counter()
        try:
            import onnx
            from onnxruntime.transformers.float16 import convert_float_to_float16

            m16 = convert_float_to_float16(onnx.load(str(fp32)), keep_io_types=True)
            onnx.save_model(m16, str(fp16))
            del m16
            rec = dict(step="export", dtype="fp16", method="onnxruntime.transformers.float16 (keep_io_types)", seconds=time.perf_counter() - t, bytes=fp16.stat().st_size)
            done16 = True
            if not late():
                try:  # onnxruntime's CPU provider lacks some float16 kernels: a failure here is a finding, not fatal
                    rec.update(ort_check(fp16, inputs, check, want))
                except Exception as e:  # noqa: BLE001
                    rec["ortCheck"] = f"{type(e).__name__}: {e}"[:300]
            res.emit(**rec)
        except Exception as e:  # noqa: BLE001
            res.error("export", e, dtype="fp16", method="onnxruntime.transformers.float16", seconds=time.perf_counter() - t)
    if not done16 and cuda:
        t = time.perf_counter()
        try:
            half = Logits(copy.deepcopy(model)).to("cuda").half().eval()
            export_onnx(half, fp16, "legacy", tuple(x.to("cuda") for x in example))
            del half
            torch.cuda.empty_cache()
            res.emit(step="export", dtype="fp16", method="legacy trace of model.half() on CUDA (float16 logits)", seconds=time.perf_counter() - t, bytes=fp16.stat().st_size)
        except Exception as e:  # noqa: BLE001
            res.error("export", e, dtype="fp16", method="legacy trace of model.half()", seconds=time.perf_counter() - t)

    # PyTorch on the CPU (fp32): the distance between two fp32 implementations, for scale.
    if cuda and not late():
        b = batches[0]
        try:
            logits, s = run(cpu_model, inputs, "cpu", b, "cpu", warmup=1)
            res.emit(stack="pytorch", device="cpu", dtype="fp32", set="cpu", batch=b, pairs=len(logits), seconds=s, pairsPerSecond=len(logits) / s, threads=torch.get_num_threads(), reference="pytorch-fp32", **compare(logits, ref[("cpu", b)]))
        except Exception as e:  # noqa: BLE001
            res.error("pytorch", e, device="cpu", dtype="fp32", set="cpu", batch=b)


if __name__ == "__main__":
    main()
