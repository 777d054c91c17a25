/**
 * An experiment config file: the settings of `capqa evaluate`, `sweep` and `calibrate` in one
 * YAML or JSON file, keyed as the authors' configs/default.yaml where a key means the same
 * (seed, data.label_column, labels.severity, labels.hard_pairs, cap.forward_weight,
 * cap.neutral_weight, evaluation.metrics, evaluation.reference_metric, evaluation.n_bootstrap)
 * plus capqa's `split`. Each key stands for one flag; a flag given on the command line wins. An
 * unknown key, a value of the wrong type, and a hard pair the severity map contradicts are
 * refused by name before any work.
 *
 * @example
 * import { writeFileSync } from "node:fs";
 * writeFileSync("experiment.yaml", "seed: 7\nevaluation:\n  n_bootstrap: 1000\n");
 * const settings = readExperimentConfig("experiment.yaml");
 * console.log(settings); // [{ key: "seed", flag: "seed", value: "7" }, { key: "evaluation.n_bootstrap", flag: "bootstrap", value: "1000" }]
 */
import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { DataError } from "../io/errors.js";
import { CLASSES, PAPER_ORDERING, checkHardPairs, defineOrdering } from "../taxonomy/index.js";

/** One setting of a config file, as the flag it stands for. */
export interface ConfigSetting {
  /** The key's dotted path in the file ("evaluation.n_bootstrap"). */
  readonly key: string;
  /** The flag it sets, without dashes ("bootstrap"). */
  readonly flag: string;
  /** The flag's value as the command line would give it. */
  readonly value: string;
}

type Kind = "integer" | "unit" | "string" | "strings" | "severity" | "pairs";

/** Every key a config file may hold: the flag it sets and the value it takes. */
export const CONFIG_KEYS: Readonly<Record<string, { readonly flag: string; readonly kind: Kind }>> = {
  seed: { flag: "seed", kind: "integer" },
  split: { flag: "split", kind: "string" },
  "data.label_column": { flag: "label-column", kind: "string" },
  "labels.severity": { flag: "ordering", kind: "severity" },
  "labels.hard_pairs": { flag: "hard-pairs", kind: "pairs" },
  "cap.forward_weight": { flag: "alpha", kind: "unit" },
  "cap.neutral_weight": { flag: "lambda", kind: "unit" },
  "evaluation.metrics": { flag: "metrics", kind: "strings" },
  "evaluation.reference_metric": { flag: "reference", kind: "string" },
  "evaluation.n_bootstrap": { flag: "bootstrap", kind: "integer" },
};

const SECTIONS = new Set(Object.keys(CONFIG_KEYS).flatMap((k) => (k.includes(".") ? [k.split(".")[0]] : [])));

/** Reads and checks a config file (.yaml, .yml or .json): the settings it holds, in the file's order. */
export function readExperimentConfig(file: string): ConfigSetting[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new DataError({ file }, `cannot read the config file (${(error as Error).message})`);
  }
  let raw: unknown;
  try {
    raw = /\.json$/i.test(file) ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new DataError({ file }, `not valid ${/\.json$/i.test(file) ? "JSON" : "YAML"}: ${(error as Error).message}`);
  }
  if (raw === null || raw === undefined) return [];
  if (!isRecord(raw)) throw new DataError({ file }, "a config file holds a mapping of keys (seed, labels, cap, evaluation …)");
  const found: [string, unknown][] = [];
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (SECTIONS.has(key)) {
      if (!isRecord(value)) throw new DataError({ file, field: key }, "must be a mapping");
      for (const [sub, v] of Object.entries(value))
        CONFIG_KEYS[`${key}.${sub}`] ? found.push([`${key}.${sub}`, v]) : unknown.push(`${key}.${sub}`);
    } else if (CONFIG_KEYS[key]) found.push([key, value]);
    else unknown.push(key);
  }
  if (unknown.length > 0)
    throw new DataError(
      { file },
      `unknown key${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}; known: ${Object.keys(CONFIG_KEYS).join(", ")}`,
    );
  const settings = found.map(([key, value]) => ({
    key,
    flag: CONFIG_KEYS[key].flag,
    value: flagValue(file, key, CONFIG_KEYS[key].kind, value),
  }));
  // Hard pairs against the file's severity map (else the paper's), so a contradiction names the key.
  const pairs = found.find(([k]) => k === "labels.hard_pairs");
  if (pairs) {
    const severity = found.find(([k]) => k === "labels.severity");
    const ordering = severity ? defineOrdering("labels.severity", severity[1] as Record<string, number>) : PAPER_ORDERING;
    try {
      checkHardPairs(pairs[1] as string[][], ordering, "labels.hard_pairs:");
    } catch (error) {
      throw new DataError({ file, field: "labels.hard_pairs" }, (error as Error).message);
    }
  }
  return settings;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** A key's value written as its flag's text, or an error naming the key. */
function flagValue(file: string, key: string, kind: Kind, value: unknown): string {
  const bad = (what: string) => new DataError({ file, field: key }, `must be ${what}, got ${JSON.stringify(value)}`);
  switch (kind) {
    case "integer":
      if (typeof value !== "number" || !Number.isInteger(value) || value < 0) throw bad("a whole number ≥ 0");
      return String(value);
    case "unit":
      if (typeof value !== "number" || !(value >= 0 && value <= 1)) throw bad("a number in [0, 1] (a number, not a string)");
      return String(value);
    case "string":
      if (typeof value !== "string" || value.trim() === "") throw bad("a text");
      return value;
    case "strings":
      if (!Array.isArray(value) || value.length === 0 || value.some((v) => typeof v !== "string" || v.trim() === ""))
        throw bad("a list of names");
      return value.join(",");
    case "pairs":
      if (!Array.isArray(value) || value.some((p) => !Array.isArray(p) || p.length !== 2 || p.some((c) => typeof c !== "string")))
        throw bad("a list of [better, worse] class pairs");
      return value.map(([b, w]) => `${b}>${w}`).join(",");
    case "severity": {
      if (!isRecord(value)) throw bad("a mapping of class to severity");
      let ordering: ReturnType<typeof defineOrdering>;
      try {
        ordering = defineOrdering("labels.severity", value as Record<string, number>);
      } catch (error) {
        throw new DataError({ file, field: key }, (error as Error).message);
      }
      // As --ordering's text: classes from most to least correct, "=" within a level.
      const levels = [...new Set(CLASSES.map((c) => ordering.severity[c]))].sort((a, b) => b - a);
      return levels.map((level) => CLASSES.filter((c) => ordering.severity[c] === level).join(" = ")).join(" > ");
    }
  }
}

/**
 * The flag values a command takes from a config: for each setting, its flag's value unless the
 * command line gave that flag. A setting the command has no flag for is refused by its key.
 */
export function configFlagValues(
  settings: readonly ConfigSetting[],
  command: string,
  flags: readonly string[],
  given: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of settings) {
    if (!flags.includes(s.flag)) throw new Error(`config key ${s.key} does not apply to capqa ${command} (it has no --${s.flag})`);
    if (given[s.flag] === undefined) out[s.flag] = s.value;
  }
  return out;
}
