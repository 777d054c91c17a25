/**
 * Plumbing check of the DeBERTa measurement without a GPU or PyTorch: writes a work folder in
 * measure_torch.py's format (inputs.json, reference.json, model/) around capqa's tiny
 * DeBERTa-kind fixture, whose reference logits are computed independently in float64, then
 * runs measure-capqa's measurement on the CPU and fails unless fp32 agrees within 1e-5.
 * The token lengths are the committed CAP-Correctness ones; the batching rule is
 * measure_torch.py's (longest batch first, then a seeded random order).
 *
 *   node dist/bench/gpu/deberta/selftest.js [DIR] [--lengths bench/gpu/deberta/pair-lengths.json]
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Xoshiro128 } from "../../../lib/stats/random.js";
import { debertaVocabulary, writeTinyDeberta } from "../../../scripts/fixtures/tiny-deberta.js";
import { referenceLogitsOfIds, tinyWeights } from "../../../scripts/fixtures/tiny-nli.js";
import { measureCapqa, type MeasureInputs, type MeasureReference } from "./measure-capqa.js";

const [CLS, SEP, PAD, FIRST_ID] = [1, 2, 0, 4];

/** inputs.json as measure_torch.py writes it, for token ids below `vocab`. */
export function fakeInputs(lengths: readonly number[], vocab: number, cpuPairs = 128, batches = [16, 64], seed = 20261202): MeasureInputs {
  const rng = new Xoshiro128(seed, 5);
  const ids = [...lengths]
    .sort((a, b) => b - a)
    .map((n) => {
      const a = Math.max(1, Math.min(n - 4, Math.round((n - 3) * (0.35 + 0.3 * rng.nextFloat()))));
      const body = Array.from({ length: n - 3 }, () => FIRST_ID + rng.nextInt(vocab - 1 - FIRST_ID)); // [MASK] is the last id
      return [CLS, ...body.slice(0, a), SEP, ...body.slice(a), SEP];
    });
  const full = ids.map((_, i) => i);
  const m = Math.min(cpuPairs, ids.length);
  const cpu = [...new Set(Array.from({ length: m }, (_, k) => Math.round((k * (ids.length - 1)) / Math.max(1, m - 1))))];
  const sets: Record<string, number[]> = { full, cpu };
  const plan: MeasureInputs["batches"] = {};
  for (const [name, members] of Object.entries(sets)) {
    plan[name] = {};
    for (const b of batches) {
      const chunks: number[][] = [];
      for (let s = 0; s < members.length; s += b) chunks.push(members.slice(s, s + b));
      const rest = chunks.slice(1);
      for (let i = rest.length - 1; i > 0; i--) {
        const j = rng.nextInt(i + 1);
        [rest[i], rest[j]] = [rest[j], rest[i]];
      }
      plan[name][String(b)] = [chunks[0], ...rest];
    }
  }
  return { seed, pad: PAD, ids, sets, batches: plan };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { lengths: { type: "string", default: "bench/gpu/deberta/pair-lengths.json" } },
  });
  const work = resolve(positionals[0] ?? "out/deberta-selftest");
  mkdirSync(work, { recursive: true });
  writeTinyDeberta(join(work, "model"), ["fp32", "fp16"]);
  const vocab = debertaVocabulary().length;
  const lengths = (JSON.parse(readFileSync(values.lengths, "utf8")) as { lengths: number[] }).lengths;
  const inputs = fakeInputs(lengths, vocab);
  const w = tinyWeights("fp32", undefined, 16, vocab);
  // The tiny graph's masked mean ignores padding, so one logit row per pair serves every batch size.
  const logits = inputs.ids.map((ids) => referenceLogitsOfIds(ids, null, w));
  const perSet = (members: number[]) => Object.fromEntries(members.map((i) => [String(i), logits[i]]));
  const reference: MeasureReference = {
    name: "tiny-deberta float64 reference (scripts/fixtures/tiny-nli.ts referenceLogitsOfIds)",
    device: "cpu",
    dtype: "fp32",
    logits: Object.fromEntries(Object.entries(inputs.sets).map(([s, members]) => [s, { "16": perSet(members), "64": perSet(members) }])),
  };
  writeFileSync(join(work, "inputs.json"), JSON.stringify(inputs));
  writeFileSync(join(work, "reference.json"), JSON.stringify(reference));
  let failed = false;
  for (const dtype of ["fp32", "fp16"] as const) {
    for (const r of await measureCapqa({ work, device: "cpu", dtype, set: "full", batches: [16, 64], maxSeconds: 30, warmupPass: false })) {
      console.log(JSON.stringify(r));
      const ok =
        r.error === undefined && r.comparedPairs === inputs.ids.length && (dtype !== "fp32" || (r.maxAbsDiffProb as number) < 1e-5);
      if (!ok) failed = true;
    }
  }
  console.log(failed ? `selftest FAILED (work folder ${work})` : `selftest passed: work folder ${work} in measure_torch.py's format`);
  process.exitCode = failed ? 1 : 0;
}
