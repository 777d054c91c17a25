/**
 * Loaders for the four released files. Each validates what it reads and reports every problem
 * with file, line or row, and field; nothing is dropped silently.
 */
import { readFileSync } from "node:fs";
import { CLASSES, tryParseClass, type CorrectnessClass } from "../taxonomy/index.js";
import { parseCsv, requireColumns } from "../io/csv.js";
import { DataError, DataProblems } from "../io/errors.js";
import {
  PROBABILITY_FIELDS,
  SPLITS,
  type CorrectnessRow,
  type ProbabilityField,
  type ReleasedResults,
  type ReleasedScores,
  type Split,
} from "./types.js";

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    throw new DataError({ file }, `cannot read: ${(err as Error).message}`);
  }
}

const CSV_COLUMNS = ["question", "dataset", "gold_answer", "answer", "hypothesis", "premise", "label_semantic", "label_semantic_manual"];

/** Parses CAP-Correctness.csv text; `file` names it in errors. */
export function parseCorrectnessCsv(text: string, file: string): CorrectnessRow[] {
  const table = parseCsv(text, file);
  const col = requireColumns(table, file, CSV_COLUMNS);
  const problems = new DataProblems();
  const rows: CorrectnessRow[] = [];
  table.records.forEach((rec, rowId) => {
    const f = rec.fields;
    const where = (field: string) => ({ file, line: rec.line, row: rowId, field });
    const label = tryParseClass(f[col.label_semantic]);
    if (label === undefined)
      problems.add(where("label_semantic"), `unknown label "${f[col.label_semantic]}"; expected one of ${CLASSES.join(", ")}`);
    const manualText = f[col.label_semantic_manual].trim();
    const manual = manualText === "" ? null : tryParseClass(manualText);
    if (manual === undefined) problems.add(where("label_semantic_manual"), `unknown label "${manualText}"`);
    for (const field of ["question", "gold_answer", "premise", "hypothesis"]) {
      if (f[col[field]].trim() === "") problems.add(where(field), "is empty");
    }
    rows.push({
      rowId,
      question: f[col.question],
      dataset: f[col.dataset],
      goldAnswer: f[col.gold_answer],
      answer: f[col.answer],
      hypothesis: f[col.hypothesis],
      premise: f[col.premise],
      label: (label ?? "invalid") as CorrectnessClass,
      manualLabel: (manual ?? null) as CorrectnessClass | null,
    });
  });
  problems.throwIfAny(file);
  return rows;
}

export function loadCorrectnessCsv(file: string): CorrectnessRow[] {
  return parseCorrectnessCsv(readText(file), file);
}

/** Parses CAP-Correctness-splits.csv into a map row_id → split. */
export function parseSplitsCsv(text: string, file: string): Map<number, Split> {
  const table = parseCsv(text, file);
  const col = requireColumns(table, file, ["row_id", "split"]);
  const problems = new DataProblems();
  const out = new Map<number, Split>();
  for (const rec of table.records) {
    const idText = rec.fields[col.row_id].trim();
    const id = Number(idText);
    const split = rec.fields[col.split].trim() as Split;
    if (!/^\d+$/.test(idText)) {
      problems.add({ file, line: rec.line, field: "row_id" }, `not a non-negative integer: "${idText}"`);
      continue;
    }
    if (!SPLITS.includes(split))
      problems.add({ file, line: rec.line, row: id, field: "split" }, `unknown split "${split}"; expected ${SPLITS.join(" or ")}`);
    if (out.has(id)) problems.add({ file, line: rec.line, row: id, field: "row_id" }, "duplicate row_id");
    out.set(id, split);
  }
  problems.throwIfAny(file);
  return out;
}

export function loadSplitsCsv(file: string): Map<number, Split> {
  return parseSplitsCsv(readText(file), file);
}

function asObject(value: unknown, file: string, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new DataError({ file, field: what }, "expected a JSON object");
  return value as Record<string, unknown>;
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new DataError({ file }, `not valid JSON: ${(err as Error).message}`);
  }
}

/** How far a released direction's three probabilities may sum from 1 (8 decimals each: 1.6e-7 seen). */
const PROBABILITY_SUM_TOLERANCE = 1e-5;

/** Parses the released scores.json (parallel arrays), checking lengths, ids, labels, finiteness and probability ranges. */
export function parseScoresJson(text: string, file: string): ReleasedScores {
  const obj = asObject(parseJson(text, file), file, "(top level)");
  const problems = new DataProblems();
  const array = (field: string): unknown[] => {
    const v = obj[field];
    if (!Array.isArray(v)) throw new DataError({ file, field }, "missing or not an array");
    return v;
  };
  const ids = array("row_id");
  const n = ids.length;
  const sameLength = (field: string): unknown[] => {
    const v = array(field);
    if (v.length !== n) throw new DataError({ file, field }, `has ${v.length} entries, row_id has ${n}`);
    return v;
  };
  const rowIds = new Int32Array(n);
  const seen = new Set<number>();
  ids.forEach((id, k) => {
    if (typeof id !== "number" || !Number.isInteger(id) || id < 0)
      problems.add({ file, field: `row_id[${k}]` }, `not a row id: ${JSON.stringify(id)}`);
    else if (seen.has(id)) problems.add({ file, row: id, field: `row_id[${k}]` }, "duplicate row_id");
    seen.add(id as number);
    rowIds[k] = id as number;
  });
  const split = sameLength("split").map((s, k) => {
    if (!SPLITS.includes(s as Split)) problems.add({ file, row: rowIds[k], field: "split" }, `unknown split ${JSON.stringify(s)}`);
    return s as Split;
  });
  const label = sameLength("label").map((s, k) => {
    const c = typeof s === "string" ? tryParseClass(s) : undefined;
    if (c === undefined) problems.add({ file, row: rowIds[k], field: "label" }, `unknown label ${JSON.stringify(s)}`);
    return (c ?? "invalid") as CorrectnessClass;
  });
  const dataset = sameLength("dataset").map(String);
  const metricsField = array("metrics");
  const metrics = metricsField.map(String);
  const numeric = (field: string): Float64Array => {
    const v = sameLength(field);
    const out = new Float64Array(n);
    v.forEach((x, k) => {
      if (typeof x !== "number" || !Number.isFinite(x))
        problems.add({ file, row: rowIds[k], field }, `not a finite number: ${JSON.stringify(x)}`);
      out[k] = typeof x === "number" ? x : NaN;
    });
    return out;
  };
  const values: Record<string, Float64Array> = {};
  for (const m of metrics) values[m] = numeric(m);
  const probabilities = {} as Record<ProbabilityField, Float64Array>;
  for (const p of PROBABILITY_FIELDS) probabilities[p] = numeric(p);
  // Probabilities lie in [0, 1] and each direction's three sum to 1 (the released ones to 1.6e-7).
  for (const p of PROBABILITY_FIELDS) {
    probabilities[p].forEach((x, k) => {
      if (Number.isFinite(x) && (x < 0 || x > 1))
        problems.add({ file, row: rowIds[k], field: p }, `a probability must be in [0, 1], got ${x}`);
    });
  }
  for (const dir of ["f", "r"] as const) {
    const [e, nn, c] = [probabilities[`pe_${dir}`], probabilities[`pn_${dir}`], probabilities[`pc_${dir}`]];
    for (let k = 0; k < n; k++) {
      const sum = e[k] + nn[k] + c[k];
      if (Number.isFinite(sum) && Math.abs(sum - 1) > PROBABILITY_SUM_TOLERANCE)
        problems.add({ file, row: rowIds[k], field: `pe_${dir}+pn_${dir}+pc_${dir}` }, `the three probabilities sum to ${sum}, not 1`);
    }
  }
  problems.throwIfAny(file);
  return { file, rowIds, split, label, dataset, metrics, values, probabilities };
}

export function loadScoresJson(file: string): ReleasedScores {
  return parseScoresJson(readText(file), file);
}

const RESULT_TABLES = ["correlations", "descriptives", "class_pairs", "monotonicity", "paired_differences"];

/** Parses the authors' results.json, checking that its tables are arrays of objects. */
export function parseResultsJson(text: string, file: string): ReleasedResults {
  const obj = asObject(parseJson(text, file), file, "(top level)");
  for (const table of RESULT_TABLES) {
    const v = obj[table];
    if (!Array.isArray(v)) throw new DataError({ file, field: table }, "missing or not an array");
    v.forEach((row, k) => asObject(row, file, `${table}[${k}]`));
  }
  return obj as unknown as ReleasedResults;
}

export function loadResultsJson(file: string): ReleasedResults {
  return parseResultsJson(readText(file), file);
}
