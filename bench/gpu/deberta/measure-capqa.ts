/**
 * capqa's half of the DeBERTa measurement: the model folder that measure_torch.py exported
 * (DeBERTa-v3-large's architecture, random weights) through capqa's runtime (transformers.js
 * and onnxruntime-node, loaded as capqa loads every model), on one device and dtype, fed the
 * same token batches as PyTorch: pairs per second, and the largest probability (and logit)
 * difference from PyTorch's fp32 on the same batches. One JSON line per batch size, appended to
 * --results as soon as it is measured (a run cut short keeps what it finished) and printed.
 *
 *   node dist/bench/gpu/deberta/measure-capqa.js --work DIR --device webgpu|cpu --dtype fp32|fp16
 *     [--set full|cpu] [--batches 16,64] [--max-seconds 30] [--warmup-pass] [--results FILE]
 *
 * --max-seconds caps each timed pass (and half of it each warm-up): batches run in the seeded
 * random order measure_torch.py wrote, so a capped pass is an unbiased sample of the lengths.
 * --warmup-pass runs every batch once before timing (WebGPU builds shader programs for the
 * shapes it meets), otherwise the first two (the first is the longest).
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { checkDtype, ONNX_FILE_FOR_DTYPE, type OnnxDtype } from "../../../lib/runtime/model-ref.js";
import { floatValues, type OutputTensor } from "../../../lib/runtime/tensors.js";
import { loadPretrainedModel, loadTransformers, type Transformers } from "../../../lib/runtime/transformers.js";

/** WORK/inputs.json: token ids of every pair, the sets, and per set and batch size the batches in processing order. */
export interface MeasureInputs {
  readonly seed: number;
  readonly pad: number;
  readonly ids: number[][];
  readonly sets: Record<string, number[]>;
  readonly batches: Record<string, Record<string, number[][]>>;
}

/** WORK/reference.json: PyTorch's fp32 logits, per set, batch size and pair index. */
export interface MeasureReference {
  /** What computed it, e.g. "pytorch-cuda-fp32". */
  readonly name: string;
  readonly device: string;
  readonly dtype: string;
  readonly logits: Record<string, Record<string, Record<string, number[]>>>;
}

export interface MeasureOptions {
  readonly work: string;
  readonly device: "cpu" | "webgpu";
  readonly dtype: OnnxDtype;
  readonly set: string;
  readonly batches: readonly number[];
  readonly maxSeconds: number;
  readonly warmupPass: boolean;
  /** Called with each record as soon as it exists. */
  readonly onRecord?: (r: Record<string, unknown>) => void;
}

interface SequenceClassifier {
  (inputs: Record<string, unknown>): Promise<{ logits: OutputTensor }>;
  dispose(): Promise<unknown>;
}

function softmax64(v: ArrayLike<number>, at: number, width: number): number[] {
  let m = -Infinity;
  for (let k = 0; k < width; k++) m = Math.max(m, v[at + k]);
  const e = Array.from({ length: width }, (_, k) => Math.exp(v[at + k] - m));
  const z = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / z);
}

/** One batch's logits as float64, row-major [pairs, width], and the output's element type. */
async function runBatch(
  tf: Transformers,
  model: SequenceClassifier,
  inputs: MeasureInputs,
  batch: readonly number[],
): Promise<{ logits: Float64Array; width: number; type: string }> {
  let L = 0;
  for (const i of batch) L = Math.max(L, inputs.ids[i].length);
  const ids = new BigInt64Array(batch.length * L).fill(BigInt(inputs.pad));
  const mask = new BigInt64Array(batch.length * L);
  batch.forEach((i, r) => {
    inputs.ids[i].forEach((id, t) => {
      ids[r * L + t] = BigInt(id);
      mask[r * L + t] = 1n;
    });
  });
  const { logits } = await model({
    input_ids: new tf.Tensor("int64", ids, [batch.length, L]),
    attention_mask: new tf.Tensor("int64", mask, [batch.length, L]),
  });
  return { logits: Float64Array.from(floatValues(logits, "logits")), width: logits.dims[logits.dims.length - 1], type: logits.type };
}

/** Differences from the reference over the pairs seen: largest |Δp|, largest |Δlogit|, share of equal argmax. */
class Distance {
  maxProb = 0;
  maxLogit = 0;
  same = 0;
  seen = 0;
  missing = 0;

  add(got: Float64Array, width: number, r: number, want: number[] | undefined): void {
    if (want === undefined || want.length !== width) {
      this.missing++;
      return;
    }
    const p = softmax64(got, r * width, width);
    const q = softmax64(want, 0, width);
    let best = 0;
    let bestWant = 0;
    for (let k = 0; k < width; k++) {
      this.maxProb = Math.max(this.maxProb, Math.abs(p[k] - q[k]));
      this.maxLogit = Math.max(this.maxLogit, Math.abs(got[r * width + k] - want[k]));
      if (got[r * width + k] > got[r * width + best]) best = k;
      if (want[k] > want[bestWant]) bestWant = k;
    }
    this.seen++;
    if (best === bestWant) this.same++;
  }
}

/** Loads the model once and measures each batch size; failures become records with `error`. */
export async function measureCapqa(o: MeasureOptions): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  const emit = (r: Record<string, unknown>) => {
    out.push(r);
    o.onRecord?.(r);
  };
  const base = { stack: "capqa", device: o.device, dtype: o.dtype, set: o.set };
  const dir = join(o.work, "model");
  const onnxFile = `onnx/${ONNX_FILE_FOR_DTYPE[o.dtype]}`;
  let tf: Transformers;
  let model: SequenceClassifier;
  let inputs: MeasureInputs;
  let reference: MeasureReference | undefined;
  const t0 = performance.now();
  try {
    inputs = JSON.parse(readFileSync(join(o.work, "inputs.json"), "utf8")) as MeasureInputs;
    const refPath = join(o.work, "reference.json");
    reference = existsSync(refPath) ? (JSON.parse(readFileSync(refPath, "utf8")) as MeasureReference) : undefined;
    if (!existsSync(join(dir, onnxFile))) throw new Error(`${join(dir, onnxFile)} does not exist (the export step failed or did not run)`);
    tf = await loadTransformers();
    // capqa's loader reads <file>_data beside the ONNX file when the export put the weights there.
    model = await loadPretrainedModel<SequenceClassifier>(tf, "AutoModelForSequenceClassification", resolve(dir), {
      dtype: o.dtype,
      device: o.device,
      onnxFile,
      externalData: existsSync(join(dir, `${onnxFile}_data`)),
    });
  } catch (err) {
    emit({ ...base, step: "load", error: (err as Error).message.slice(0, 500) });
    return out;
  }
  const loadSeconds = (performance.now() - t0) / 1000;
  const runtime = { transformersJs: tf.env.version, node: process.version, onnxFile, loadSeconds };
  for (const b of o.batches) {
    const plan = inputs.batches[o.set]?.[String(b)];
    const rec: Record<string, unknown> = { ...base, batch: b, ...runtime };
    try {
      if (plan === undefined) throw new Error(`inputs.json has no batches for set ${o.set} and batch size ${b}`);
      const within = (t: number, cap: number) => (performance.now() - t) / 1000 < cap;
      const w0 = performance.now();
      let warmed = 0;
      for (const batch of o.warmupPass ? plan : plan.slice(0, 2)) {
        await runBatch(tf, model, inputs, batch);
        warmed += batch.length;
        if (!within(w0, o.maxSeconds / 2)) break;
      }
      const warmupSeconds = (performance.now() - w0) / 1000;
      const want = reference?.logits[o.set]?.[String(b)];
      const d = new Distance();
      let pairs = 0;
      let done = 0;
      let type = "";
      const t = performance.now();
      for (const batch of plan) {
        const got = await runBatch(tf, model, inputs, batch);
        type = got.type;
        batch.forEach((i, r) => d.add(got.logits, got.width, r, want?.[String(i)]));
        pairs += batch.length;
        done++;
        if (!within(t, o.maxSeconds)) break;
      }
      const seconds = (performance.now() - t) / 1000;
      Object.assign(rec, {
        pairs,
        batchesDone: done,
        batchesPlanned: plan.length,
        seconds,
        pairsPerSecond: pairs / seconds,
        warmupPairs: warmed,
        warmupSeconds,
        logitsType: type,
        reference: reference?.name ?? "none",
        comparedPairs: d.seen,
        maxAbsDiffProb: d.seen > 0 ? d.maxProb : null,
        maxAbsDiffLogit: d.seen > 0 ? d.maxLogit : null,
        argmaxAgreement: d.seen > 0 ? d.same / d.seen : null,
      });
      if (d.missing > 0) rec.pairsWithoutReference = d.missing;
    } catch (err) {
      rec.error = (err as Error).message.slice(0, 500);
    }
    emit(rec);
  }
  await model.dispose();
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      work: { type: "string" },
      device: { type: "string", default: "cpu" },
      dtype: { type: "string", default: "fp32" },
      set: { type: "string" },
      batches: { type: "string", default: "16,64" },
      "max-seconds": { type: "string", default: "30" },
      "warmup-pass": { type: "boolean", default: false },
      results: { type: "string" },
    },
  });
  if (!values.work) throw new Error("--work DIR (measure_torch.py's output folder) is required");
  if (values.device !== "cpu" && values.device !== "webgpu") throw new Error(`--device must be cpu or webgpu, got ${values.device}`);
  checkDtype(values.dtype);
  const results = values.results;
  await measureCapqa({
    work: values.work,
    device: values.device,
    dtype: values.dtype,
    set: values.set ?? (values.device === "cpu" ? "cpu" : "full"),
    batches: values.batches.split(",").map(Number),
    maxSeconds: Number(values["max-seconds"]),
    warmupPass: values["warmup-pass"],
    onRecord: (r) => {
      const line = JSON.stringify(r);
      console.log(line);
      if (results) appendFileSync(results, `${line}\n`);
    },
  });
}
