#!/usr/bin/env bash
# NLI throughput on a GPU machine, in one prepared run: capqa's engine (transformers.js +
# onnxruntime-node) on the tiny fixture and on a model of DeBERTa-v3-large's size, on CPU,
# CUDA (needs onnxruntime-node's CUDA provider) and WebGPU (Dawn over Vulkan), and the PyTorch
# reference of the paper's setup. Usage: bench/gpu/run-gpu-bench.sh OUTDIR
# Optional inputs beside the checkout: .device/bundle.tar.xz (a node binary and node_modules,
# for machines without Node.js), .gl/*.deb (the Vulkan loader), dist/ (the built project).
set -u
OUT=${1:-out/gpu-bench}
mkdir -p "$OUT"
R="$OUT/results.jsonl"
: > "$R"
exec > >(tee "$OUT/log.txt") 2>&1
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv || true
if ! command -v node >/dev/null && [ -f .device/bundle.tar.xz ]; then tar -xJf .device/bundle.tar.xz; fi
[ -x .nodebin/node ] && export PATH="$PWD/.nodebin:$PATH"
echo "node $(node --version)"
if [ -d .gl ]; then for f in .gl/*.deb; do dpkg -x "$f" /; done; ldconfig; fi
for f in /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json /usr/share/vulkan/icd.d/nvidia_icd.json /etc/vulkan/icd.d/nvidia_icd.json; do
  [ -f "$f" ] && export VK_DRIVER_FILES="$f" && echo "Vulkan ICD $f" && break
done
M=/tmp/capqa-models
t0=$(date +%s)
node dist/scripts/build-fixtures.js "$M" --large
echo "fixtures built in $(( $(date +%s) - t0 )) s"
bench() { timeout "$1" node dist/bench/nli-bench.js "${@:2}" | tee -a "$R"; }
bench 60  --model $M/tiny-nli  --device cuda   --dtypes fp32 --batches 16 --pairs 64
bench 90  --model $M/tiny-nli  --device webgpu --dtypes fp32 --batches 16,64 --pairs 2048
bench 60  --model $M/tiny-nli  --device cpu    --dtypes fp32 --batches 16,64 --pairs 4096
bench 240 --model $M/large-nli --device webgpu --dtypes fp32,fp16 --batches 16,64,128 --pairs 512
bench 150 --model $M/large-nli --device cpu    --dtypes fp32,fp16 --batches 16,64 --pairs 256
timeout 200 python3 bench/gpu/torch_reference.py | tee -a "$R"
echo "done in $(( $(date +%s) - t0 )) s"
