/**
 * capqa's demo NLI model: a 30 KB model folder in transformers.js's layout (config.json,
 * tokenizer.json, onnx/model.onnx) that ships with the package, so a notebook or a first try runs
 * the whole scoring path (tokenizer, ONNX runtime, cache, CAP) without downloading DeBERTa-v3.
 * It is NOT an NLI model: its probabilities come from a small seeded bag-of-words classifier
 * (the test suite's fixture, scripts/fixtures/tiny-nli.ts), so its CAP scores mean nothing.
 * Every run that scores with it says so (DEMO_NLI_MODEL_WARNING): a line on the CLI's stderr,
 * a `warning` in the library's results and in every output's metadata.
 *
 * @example
 * const { rows, report } = await scoreStatements(["The sun is a star."], ["The sun is a planet."], { model: DEMO_NLI_MODEL_DIR, cache: null });
 * report.warning; // DEMO_NLI_MODEL_WARNING: the scores mean nothing
 */
import { readFileSync, realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PAPER_NLI_MODEL } from "../constants.js";
import { resolveModelRef, type ModelRef } from "./model-ref.js";

/** The demo model's folder inside the installed package (dist/lib/runtime → the package root). */
export const DEMO_NLI_MODEL_DIR: string = fileURLToPath(new URL("../../../models/demo-nli", import.meta.url));

/**
 * The key in the demo model's config.json that marks it (value true), so a copy of the folder is
 * known too. scripts/fixtures/tiny-nli.ts writes it (`demo: true`); the test fixtures, with the
 * same weights, do not carry it.
 */
export const DEMO_NLI_MODEL_MARKER = "capqa_demo";

/** What every run that scores with the demo model says, the one text of it. */
export const DEMO_NLI_MODEL_WARNING = `capqa's demo NLI model (models/demo-nli) has random weights: its CAP scores mean nothing; use a real NLI model such as ${PAPER_NLI_MODEL}`;

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** True for capqa's demo model folder: the package's own, or any folder whose config.json carries the marker. */
export function isDemoModelFolder(dir: string): boolean {
  if (realPath(dir) === realPath(DEMO_NLI_MODEL_DIR)) return true;
  try {
    const config = JSON.parse(readFileSync(join(dir, "config.json"), "utf8")) as Record<string, unknown> | null;
    return config?.[DEMO_NLI_MODEL_MARKER] === true;
  } catch {
    return false; // no folder or no readable config.json: loading reports that, not this check
  }
}

/** What names the model of a run: scoring's options (model, modelsDir, server) or an engine already loaded. */
export interface DemoModelSource {
  readonly model?: string;
  readonly modelsDir?: string;
  /** Inference servers score with their own weights: never the demo model as far as capqa can tell. */
  readonly server?: unknown;
  /** A loaded engine says where its weights came from (its provenance); it wins over `model`. */
  readonly engine?: { readonly provenance?: { readonly source: string; readonly id: string } } | null;
}

/** DEMO_NLI_MODEL_WARNING when the model these options name (or the engine given) is capqa's demo model; else null. */
export function demoModelWarning(source: DemoModelSource): string | null {
  if (source.engine) {
    const origin = source.engine.provenance;
    return origin?.source === "local" && isDemoModelFolder(origin.id) ? DEMO_NLI_MODEL_WARNING : null;
  }
  if (source.server) return null;
  let ref: ModelRef;
  try {
    ref = resolveModelRef(source.model ?? PAPER_NLI_MODEL, { modelsDir: source.modelsDir });
  } catch {
    return null; // an unusable model name fails where the model is loaded, with its own message
  }
  return demoModelRefWarning(ref);
}

/** DEMO_NLI_MODEL_WARNING when a resolved model reference is capqa's demo model folder; else null. */
export function demoModelRefWarning(ref: ModelRef): string | null {
  return ref.kind === "local" && isDemoModelFolder(ref.dir) ? DEMO_NLI_MODEL_WARNING : null;
}
