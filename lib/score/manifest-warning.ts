/**
 * What capqa score's manifest says about a scored file's numbers: the `warning` it recorded (the
 * demo model scored the file), read by the commands that take scored files (compare, evaluate --in).
 */
import { existsSync, readFileSync } from "node:fs";
import { MANIFEST_SIDECAR_SUFFIX } from "../constants.js";
import { DataError } from "../io/errors.js";
import { DEMO_NLI_MODEL_WARNING, isDemoModelFolder } from "../runtime/demo-model.js";

/**
 * The warning capqa score recorded beside a scored file (FILE.manifest.json's `warning`), or the
 * demo model's when an older manifest names a demo model folder; null without a manifest. The
 * manifest is trusted even when the file was edited since (labels joined in): a warning errs on
 * the side of caution.
 */
export function scoredFileWarning(file: string): string | null {
  const path = `${file}${MANIFEST_SIDECAR_SUFFIX}`;
  if (!existsSync(path)) return null;
  let manifest: { warning?: unknown; model?: { source?: unknown; id?: unknown } | null } | null;
  try {
    manifest = JSON.parse(readFileSync(path, "utf8")) as typeof manifest;
  } catch (err) {
    throw new DataError(
      { file: path },
      `is not valid JSON (${(err as Error).message}); capqa reads it for what scored ${file}: fix or remove it`,
    );
  }
  if (typeof manifest?.warning === "string" && manifest.warning !== "") return manifest.warning;
  const model = manifest?.model;
  return model?.source === "local" && typeof model.id === "string" && isDemoModelFolder(model.id) ? DEMO_NLI_MODEL_WARNING : null;
}
