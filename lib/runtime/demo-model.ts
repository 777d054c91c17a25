/**
 * capqa's demo NLI model: a 30 KB model folder in transformers.js's layout (config.json,
 * tokenizer.json, onnx/model.onnx) that ships with the package, so a notebook or a first try runs
 * the whole scoring path (tokenizer, ONNX runtime, cache, CAP) without downloading DeBERTa-v3.
 * It is NOT an NLI model: its probabilities come from a small seeded bag-of-words classifier
 * (the test suite's fixture, scripts/fixtures/tiny-nli.ts), so its CAP scores mean nothing.
 *
 * @example
 * const { rows } = await scoreStatements(["The sun is a star."], ["The sun is a planet."], { model: DEMO_NLI_MODEL_DIR, cache: null });
 */
import { fileURLToPath } from "node:url";

/** The demo model's folder inside the installed package (dist/lib/runtime → the package root). */
export const DEMO_NLI_MODEL_DIR: string = fileURLToPath(new URL("../../../models/demo-nli", import.meta.url));
