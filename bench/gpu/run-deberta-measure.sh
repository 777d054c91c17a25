#!/usr/bin/env bash
# The real DeBERTa architecture on a GPU machine, in one prepared run (bench/gpu/deberta/README.md):
# DeBERTa-v3-large's configuration with random weights, built and exported to ONNX (fp32, fp16)
# in PyTorch, then the same token batches (CAP-Correctness pair lengths) through PyTorch on CUDA
# (fp32, fp16) and capqa on WebGPU and the CPU (fp32, fp16), batches 16 and 64: pairs/s and
# the largest probability difference from PyTorch's fp32. Every step is time-boxed and fails
# soft: a failure is a JSON line in results.jsonl and the next step runs.
#   bench/gpu/run-deberta-measure.sh OUTDIR      (from the repository root; about 6 min, at most BUDGET_S=470 s)
# Writes OUTDIR/results.jsonl, OUTDIR/log.txt, OUTDIR/table.md. Needs python3 with torch and
# transformers; for capqa's steps dist/ (npx tsc -p tsconfig.json) and node (or the bundle of
# bench/gpu/deberta/make-bundle.sh in out/deberta-device/ or .device/), and for WebGPU a Vulkan
# loader (out/deberta-device/gl/*.deb or .gl/*.deb when the machine has none).
set -u
T0=$(date +%s)
BUDGET=${BUDGET_S:-470}
OUT=${1:-out/deberta-measure}
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd)
WORK=${WORK:-/tmp/capqa-deberta}
R="$OUT/results.jsonl"
: > "$R"
exec > >(tee "$OUT/log.txt") 2>&1
left() { echo $((T0 + BUDGET - $(date +%s))); }
# note FIELDS MESSAGE: one JSON line for a failed or skipped step (FIELDS: '"step":"x",...').
note() { printf '{%s,"error":"%s"}\n' "$1" "$(printf '%s' "$2" | tr -d '"\\' | tr '\n' ' ')" >> "$R"; }
# step FIELDS SECONDS CMD...: CMD under a timeout cut to the time left in the budget.
step() {
  local fields=$1 t=$2
  shift 2
  local l
  l=$(left)
  ((t > l)) && t=$l
  if ((t < 15)); then note "$fields" "skipped: the run's ${BUDGET} s budget is spent"; return; fi
  echo "== $fields: timeout ${t} s, $(($(date +%s) - T0)) s into the run"
  local s rc
  s=$(date +%s)
  timeout -k 10 "$t" "$@" 2>&1 | tee /tmp/deberta-step.txt
  rc=${PIPESTATUS[0]}
  echo "== exit $rc after $(($(date +%s) - s)) s"
  local last
  last=$(grep -v '^[[:space:]]*$' /tmp/deberta-step.txt | tail -1 | cut -c1-300)
  if ((rc == 124 || rc == 137)); then note "$fields" "timed out after ${t} s"; elif ((rc != 0)); then note "$fields" "exit status $rc: $last"; fi
}

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv || true
for b in out/deberta-device/bundle.tar.xz .device/bundle.tar.xz; do
  if [ -f "$b" ] && [ ! -x .nodebin/node ]; then tar -xJf "$b" && echo "unpacked $b"; fi
done
[ -x .nodebin/node ] && export PATH="$PWD/.nodebin:$PATH"
echo "node $(node --version 2>&1); $(python3 --version 2>&1)"
if command -v nvidia-smi >/dev/null && ! ldconfig -p | grep -q libvulkan; then # (only on the GPU machine: this writes into /)
  for f in out/deberta-device/gl/*.deb .gl/*.deb; do [ -f "$f" ] && dpkg -x "$f" /; done
  ldconfig
fi
ICD=
for f in /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json /usr/share/vulkan/icd.d/nvidia_icd.json /etc/vulkan/icd.d/nvidia_icd.json; do
  [ -f "$f" ] && ICD=$f && export VK_DRIVER_FILES="$f" && break
done
printf '{"step":"vulkan","loader":%s,"icd":"%s"}\n' "$(ldconfig -p | grep -q libvulkan && echo true || echo false)" "$ICD" >> "$R"
echo "Vulkan loader: $(ldconfig -p | grep -c libvulkan) entries; ICD ${ICD:-none}; setup took $(($(date +%s) - T0)) s"

# PyTorch: model, inputs, CUDA fp32/fp16, ONNX export (must finish before capqa's steps).
rm -rf "$WORK"
step '"step":"pytorch-and-export","stack":"pytorch"' 300 \
  env PYTHONUNBUFFERED=1 python3 bench/gpu/deberta/measure_torch.py --work "$WORK" --results "$R" --deadline $((T0 + BUDGET - 200))

# capqa: WebGPU first (the point of the run), then the CPU on the small CPU set.
M=dist/bench/gpu/deberta/measure-capqa.js
if command -v node >/dev/null && [ -f "$M" ]; then
  step '"step":"capqa","stack":"capqa","device":"webgpu","dtype":"fp32"' 130 node "$M" --work "$WORK" --device webgpu --dtype fp32 --set full --warmup-pass --max-seconds 25 --results "$R"
  step '"step":"capqa","stack":"capqa","device":"webgpu","dtype":"fp16"' 120 node "$M" --work "$WORK" --device webgpu --dtype fp16 --set full --warmup-pass --max-seconds 25 --results "$R"
  step '"step":"capqa","stack":"capqa","device":"cpu","dtype":"fp32"' 80 node "$M" --work "$WORK" --device cpu --dtype fp32 --set cpu --max-seconds 20 --results "$R"
  step '"step":"capqa","stack":"capqa","device":"cpu","dtype":"fp16"' 80 node "$M" --work "$WORK" --device cpu --dtype fp16 --set cpu --max-seconds 20 --results "$R"
else
  note '"step":"capqa","stack":"capqa"' "no node or no $M: build dist/ (npx tsc -p tsconfig.json) and carry it, with the node bundle"
fi

python3 bench/gpu/deberta/table.py "$R" > "$OUT/table.md" && cat "$OUT/table.md"
echo "done in $(($(date +%s) - T0)) s"
sleep 1 # let tee write the end of log.txt
