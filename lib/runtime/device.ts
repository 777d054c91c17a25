/**
 * Choosing where inference runs. CUDA needs onnxruntime-node's CUDA execution provider, which
 * is not in the npm package: its install script downloads it when asked
 * (ONNXRUNTIME_NODE_INSTALL=cuda12). Asking for "cuda" without it fails with that instruction;
 * "auto" takes CUDA when present and otherwise says it falls back to the CPU.
 */
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** Where a model runs: in-process on the CPU, CUDA or WebGPU, or on an inference server. */
export type Device = "cpu" | "cuda" | "webgpu" | "server";
/** The device a user asks for ("auto": the best this machine has). */
export type DeviceChoice = "cpu" | "cuda" | "webgpu" | "auto";
/** A model file's precision. */
export type Dtype = "fp32" | "fp16" | "q8";

/** Folder of onnxruntime-node's native libraries for this platform, if found. */
export function onnxRuntimeBinaryDir(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const pkg = dirname(require.resolve("onnxruntime-node/package.json"));
    const bin = join(pkg, "bin");
    for (const napi of readdirSync(bin)) {
      const dir = join(bin, napi, process.platform, process.arch);
      if (existsSync(dir)) return dir;
    }
  } catch {
    // not installed
  }
  return undefined;
}

export const CUDA_INSTALL_HINT =
  "install onnxruntime-node's CUDA execution provider (needs CUDA 12 and cuDNN 9, and network access once): " +
  "ONNXRUNTIME_NODE_INSTALL=cuda12 npm rebuild onnxruntime-node";

/** Whether the CUDA execution provider's library sits beside onnxruntime-node's binary. */
export function cudaProviderInstalled(binDir = onnxRuntimeBinaryDir()): boolean {
  return (
    binDir !== undefined &&
    existsSync(join(binDir, "libonnxruntime_providers_cuda.so")) &&
    existsSync(join(binDir, "libonnxruntime_providers_shared.so"))
  );
}

/** Resolves "auto" and checks that "cuda" can work; `log` hears about any fallback. */
export function resolveDevice(choice: DeviceChoice, log: (line: string) => void = () => {}, hasCuda = cudaProviderInstalled): Device {
  if (choice === "cpu" || choice === "webgpu") return choice;
  if (choice === "cuda") {
    if (!hasCuda()) throw new Error(`device cuda was requested, but onnxruntime-node has no CUDA execution provider: ${CUDA_INSTALL_HINT}`);
    return "cuda";
  }
  if (choice === "auto") {
    if (hasCuda()) return "cuda";
    log("device auto: onnxruntime-node's CUDA execution provider is not installed, so inference runs on the CPU");
    return "cpu";
  }
  throw new Error(`unknown device "${String(choice)}"; expected cpu, cuda, webgpu or auto`);
}
