#!/usr/bin/env bash
# Packs, HERE (not on the GPU machine), what run-deberta-measure.sh needs there and cannot fetch:
#   out/deberta-device/bundle.tar.xz  .nodebin/node and only the node_modules capqa's model
#       runtime loads: transformers.js (node build), onnxruntime-node (linux-x64 binaries only),
#       onnxruntime-common, sharp (linux-x64), about 40 MB;
#   out/deberta-device/gl/*.deb       the Vulkan and EGL loaders (Debian amd64 packages), which
#       WebGPU (Dawn over Vulkan) needs where the machine has none; skipped with --no-gl.
# out/ is ignored by git, so the folder travels as a carried path next to dist/:
#   npx tsc -p tsconfig.json && bench/gpu/deberta/make-bundle.sh
#   then run with carry ["dist", "out/deberta-device"] (see bench/gpu/deberta/README.md).
set -euo pipefail
cd "$(dirname "$0")/../../.."
D=out/deberta-device
S=$(mktemp -d)
trap 'rm -rf "$S"' EXIT
mkdir -p "$D" "$S/.nodebin" "$S/node_modules/@huggingface/transformers/dist" "$S/node_modules/@img" "$S/node_modules/onnxruntime-node/bin"
cp "$(command -v node)" "$S/.nodebin/node"
for p in onnxruntime-common sharp @img/colour @img/sharp-linux-x64 @img/sharp-libvips-linux-x64 detect-libc semver; do
  cp -r "node_modules/$p" "$S/node_modules/$p"
done
T=node_modules/@huggingface/transformers
cp "$T/package.json" "$S/$T/"
cp "$T"/dist/transformers.node.* "$T"/dist/ort-wasm-* "$S/$T/dist/"
O=node_modules/onnxruntime-node
cp -r "$O/package.json" "$O/dist" "$O/lib" "$S/$O/"
for napi in "$O"/bin/napi-v*; do
  mkdir -p "$S/$napi/linux"
  cp -r "$napi/linux/x64" "$S/$napi/linux/"
done
tar -C "$S" -cf - .nodebin node_modules | xz -T0 -6 > "$D/bundle.tar.xz"
echo "wrote $D/bundle.tar.xz ($(du -h "$D/bundle.tar.xz" | cut -f1); node $(node --version))"
if [ "${1:-}" != "--no-gl" ]; then
  # As the device notes say: amd64 packages of the loaders, downloaded (not installed) here.
  L=$(mktemp -d)
  mkdir -p "$L/partial" "$D/gl"
  o="-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=$L"
  apt-get $o update >/dev/null
  (cd "$D/gl" && rm -f ./*.deb && apt-get $o download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2 >/dev/null)
  rm -rf "$L"
  echo "wrote $D/gl/: $(ls "$D/gl" | tr '\n' ' ')"
fi
du -sh "$D"
