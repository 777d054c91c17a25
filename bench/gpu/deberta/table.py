"""The DeBERTa measurement's results.jsonl as a markdown table (for the README), with the export
steps, the acceptance check (capqa's fp32 within 1e-4 of PyTorch's) and every error below it.

    python3 bench/gpu/deberta/table.py OUT/results.jsonl
"""
import json
import sys

ROWS = [
    ("PyTorch, CUDA", "pytorch", "cuda", "fp32"),
    ("PyTorch, CUDA", "pytorch", "cuda", "fp16"),
    ("capqa, WebGPU", "capqa", "webgpu", "fp32"),
    ("capqa, WebGPU", "capqa", "webgpu", "fp16"),
    ("capqa, CPU", "capqa", "cpu", "fp32"),
    ("capqa, CPU", "capqa", "cpu", "fp16"),
    ("PyTorch, CPU", "pytorch", "cpu", "fp32"),
]
BATCHES = (16, 64)
TOLERANCE = 1e-4


def num(x, digits=3):
    return "—" if x is None else f"{x:,.0f}" if x >= 100 else f"{x:.{digits}g}"


def sci(x):
    return "—" if x is None else f"{x:.1e}"


def main(path: str) -> None:
    recs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("{"):
                try:
                    recs.append(json.loads(line))
                except json.JSONDecodeError:
                    pass
    out = ["| stack, device | dtype | pairs/s, batch 16 | pairs/s, batch 64 | max \\|Δp\\| vs PyTorch fp32 | max \\|Δlogit\\| | pairs compared |", "|---|---|---:|---:|---:|---:|---:|"]
    errors = [r for r in recs if r.get("error")]
    accept = []
    for label, stack, device, dtype in ROWS:
        mine = [r for r in recs if r.get("stack") == stack and r.get("device") == device and r.get("dtype") == dtype]
        if stack == "pytorch" and device == "cpu" and not mine:
            continue
        ok = [r for r in mine if not r.get("error") and r.get("pairsPerSecond") is not None]
        speed = {r["batch"]: r["pairsPerSecond"] for r in ok}
        dp = [r["maxAbsDiffProb"] for r in ok if r.get("maxAbsDiffProb") is not None]
        dl = [r["maxAbsDiffLogit"] for r in ok if r.get("maxAbsDiffLogit") is not None]
        pairs = sorted({r.get("comparedPairs", r.get("pairs")) for r in ok if r.get("comparedPairs", r.get("pairs"))})
        ref = stack == "pytorch" and device == "cuda" and dtype == "fp32"
        cells = [num(speed.get(b)) for b in BATCHES]
        if not ok:
            cells = ["failed" if mine else "not run"] * 2
        out.append(f"| {label} | {dtype} | {cells[0]} | {cells[1]} | {'reference' if ref else sci(max(dp) if dp else None)} | {'reference' if ref else sci(max(dl) if dl else None)} | {', '.join(map(str, pairs)) or '—'} |")
        if stack == "capqa" and dtype == "fp32":
            accept.append((label, max(dp) if dp else None))
    out.append("")
    for label, d in accept:
        verdict = "not measured" if d is None else ("yes" if d <= TOLERANCE else "NO")
        out.append(f"- {label} fp32 within {TOLERANCE:g} of PyTorch's fp32 probabilities: {verdict}" + ("" if d is None else f" (max |Δp| {d:.2e})"))
    for r in recs:
        if r.get("step") == "export" and not r.get("error"):
            check = f", onnxruntime CPU vs PyTorch on {r['checkShape']}: max |Δlogit| {r['ortMaxAbsDiffLogit']:.1e}" if "ortMaxAbsDiffLogit" in r else (f", {r['ortCheck']}" if "ortCheck" in r else "")
            out.append(f"- export {r['dtype']}: {r['method']}, {r['seconds']:.0f} s, {r['bytes'] / 1e9:.2f} GB{check}")
        if r.get("step") == "env":
            out.append(f"- versions: {', '.join(f'{k} {v}' for k, v in r.get('versions', {}).items())}; GPU {r.get('gpu')}")
        if r.get("step") == "model":
            out.append(f"- model: {r['params'] / 1e6:.0f} M parameters, {r['pairs']} pairs (mean {r['meanLength']:.1f} tokens, max {r['maxLength']}), CPU set {r['cpuPairs']} pairs; classifier scaled by {r['classifierScale']:.3g}")
    if errors:
        out.append("")
        out.append("Errors:")
        for r in errors:
            what = " ".join(dict.fromkeys(str(r[k]) for k in ("step", "stack", "device", "dtype", "set", "batch", "method") if r.get(k) is not None))
            out.append(f"- {what}: {' '.join(str(r['error']).split())}")
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "results.jsonl")
