/**
 * `capqa score` as a library workflow: a row file in, the same rows with CAP out, streamed in
 * blocks of rows so that memory stays flat however long the file is. Everything that can be
 * checked is checked before the first model call: the input's columns, the output's place, the
 * classifier, the model folder. The output is written to a temporary file and renamed at the end;
 * every finished NLI batch is in the cache, so a killed run resumes where it stopped and writes
 * the output an uninterrupted run writes, byte for byte.
 *
 * @example
 * const report = await scoreFile("answers.csv", "scored.csv", { model: "cross-encoder/nli-deberta-v3-large", cache: NliCache.open(dir) });
 * console.log(report.scored, "of", report.rows, "rows scored");
 */
import { columnsWithRoles, sourceWithRoles, type ColumnRoles } from "../io/column-roles.js";
import { rmSync, statSync } from "node:fs";
import { DEFAULT_ALPHA, DEFAULT_LAMBDA, DEFAULT_SCORE_BLOCK_ROWS, MANIFEST_SIDECAR_SUFFIX } from "../constants.js";
import { buildManifest, fileDigest, type FileDigest, type ManifestModelInput } from "../io/manifest.js";
import { nliProvenanceOf } from "../nli/provenance.js";
import { writeFileAtomic } from "../io/format.js";
import type { ThresholdClassifier } from "../calibrate/classifier.js";
import { checkClassifyColumn, classifySource, predictedLevel } from "./classify.js";
import { DataError } from "../io/errors.js";
import { checkOutputFile } from "../io/output-file.js";
import type { NliEngine } from "../nli/engine.js";
import { loadNliEngineOf, nliModelKeyOf } from "../nli/load-engine.js";
import { demoWarningOf, resolveNliModelSpec, type NliModelSpec } from "../nli/model-spec.js";
import { demoModelWarning } from "../runtime/demo-model.js";
import {
  builtinGenerator,
  newStatementTally,
  tallyStatements,
  type GeneratedStatement,
  type StatementGeneratorEngine,
  type StatementTally,
} from "../statements/generator.js";
import { openRowSource, RowWriter, type RowRecord } from "../io/row-stream.js";
import { scoreStatementsOf, type NliServerReport, type NliWorkReport, type ScoreOptions } from "./score.js";
import { SCORE_COLUMNS, scoreColumnsOf, type CapRow } from "./pair-score.js";
import { bestOverGolds, checkGolds, GOLD_ANSWERS_COLUMN, goldSourceFor, MULTI_GOLD_COLUMNS, rowGolds, type GoldSource } from "./golds.js";
import { preflightModelOf } from "./preflight.js";

/** The roles scoreFile reads from a file of raw answers (the `columns` option). */
export const SCORE_FILE_ROLES = ["question", "gold_answer", "answer"] as const;

export interface ScoreFileOptions extends ScoreOptions {
  /**
   * Columns of another spelling that hold the question, the gold answer and the answer (e.g. `{ answer: "prediction", gold_answer:
   * "reference" }`); the output keeps the file's names.
   */
  readonly columns?: Pick<ColumnRoles, (typeof SCORE_FILE_ROLES)[number]>;
  /** Statement generator for raw answers (default: the built-in reformulator). */
  readonly generator?: StatementGeneratorEngine;
  /** A classifier from `capqa calibrate`: adds predicted_level to every scored row. */
  readonly classifier?: ThresholdClassifier;
  /** Rows scored together (default DEFAULT_SCORE_BLOCK_ROWS). */
  readonly blockRows?: number;
  /** Called after each block with the rows done so far. */
  readonly onRows?: (done: number) => void;
  /**
   * Raw answers with several golds in `gold_answer`, split at this text (see lib/score/golds.ts).
   * A `gold_answers` column (JSON arrays) needs no separator. Either adds MULTI_GOLD_COLUMNS.
   */
  readonly goldSeparator?: string;
  /**
   * The manifest written beside the output as `<output>.manifest.json` (see writeScoreManifest);
   * false writes none. `command` is recorded as given; `model` overrides what the run derives.
   */
  readonly manifest?:
    | false
    | { readonly command?: readonly string[]; readonly model?: ManifestModelInput; readonly inputs?: readonly string[] };
}

export interface ScoreFileReport extends NliWorkReport {
  readonly mode: "statements" | "answers";
  readonly rows: number;
  readonly scored: number;
  /** Rows not scored: count, and the first 1,000 with line and reason. */
  readonly notScoredCount: number;
  readonly notScored: { row: number; line: number; reason: string }[];
  /** NLI pairs needed, counted within each block. */
  readonly pairs: number;
  readonly cacheWriteError: string | null;
  readonly generator: string | null;
  /** Raw answers: one gold_answer, a gold_answers array, or gold_answer split at a separator; null for statements. */
  readonly goldSource: GoldSource["kind"] | null;
  /** Statements generated for raw answers: how many, how many flagged, and why. */
  readonly statements: StatementTally;
  /** Input columns replaced by score columns of the same name. */
  readonly replacedColumns: string[];
  /** DEMO_NLI_MODEL_WARNING when the model is capqa's demo model (its scores mean nothing; the manifest says so too), else null. */
  readonly warning: string | null;
  readonly seconds: number;
  /** The manifest file written beside the output, or null (options.manifest false). */
  readonly manifest: string | null;
}

const STATEMENT_COLUMNS = [
  "premise",
  "hypothesis",
  "premise_rule",
  "premise_doubts",
  "hypothesis_rule",
  "hypothesis_doubts",
  "statement_generator",
];

function text(record: RowRecord, file: string, field: string, index: number): string {
  const v = record.row[field];
  if (typeof v === "string") return v;
  if (v === undefined || v === null) throw new DataError({ file, line: record.line, row: index, field }, "is missing");
  throw new DataError({ file, line: record.line, row: index, field }, `is not a string: ${JSON.stringify(v)}`);
}

/** Scores a CSV or JSON Lines file of statement pairs or raw answers into `output`. */
export async function scoreFile(input: string, output: string, options: ScoreFileOptions = {}): Promise<ScoreFileReport> {
  const started = Date.now();
  checkOutputFile(output, [input]);
  const source = sourceWithRoles(await openRowSource(input), options.columns, { reads: SCORE_FILE_ROLES });
  const inputIsFile = statSync(input).isFile();
  const cols = new Set(columnsWithRoles(source.columns, options.columns));
  const mode =
    cols.has("premise") && cols.has("hypothesis")
      ? "statements"
      : cols.has("question") && (cols.has("gold_answer") || cols.has(GOLD_ANSWERS_COLUMN)) && cols.has("answer")
        ? "answers"
        : undefined;
  if (!mode)
    throw new DataError(
      { file: input, line: 1 },
      `needs columns premise and hypothesis (statements) or question, gold_answer (or ${GOLD_ANSWERS_COLUMN}) and answer; it has ${source.columns.join(", ")}`,
    );
  if (mode === "statements" && options.goldSeparator !== undefined) {
    throw new DataError(
      { file: input, line: 1 },
      "has statements (premise, hypothesis); a gold separator (the `goldSeparator` option) applies to raw answers (question, gold_answer, answer)",
    );
  }
  const goldSource: GoldSource = mode === "answers" ? goldSourceFor(input, [...cols], options.goldSeparator) : { kind: "single" };
  const multi = goldSource.kind !== "single";
  const multiColumns: readonly string[] = multi ? MULTI_GOLD_COLUMNS : [];
  const replaced = source.columns.filter(
    (c) => (SCORE_COLUMNS as readonly string[]).includes(c) || multiColumns.includes(c) || c === "predicted_level",
  );
  const kept = source.columns.filter((c) => !replaced.includes(c));
  const added = mode === "answers" ? STATEMENT_COLUMNS.filter((c) => !kept.includes(c)) : [];
  const columns = [...kept, ...added, ...SCORE_COLUMNS, ...multiColumns, ...(options.classifier ? ["predicted_level"] : [])];
  // The classifier's metric: a score computed here (cap, …) or an input column (its cells checked below, before any scoring).
  const classifyBy = options.classifier ? classifySource(options.classifier, source.columns, input) : undefined;
  // The model is resolved and checked, and its cache identity fixed, once before any row is scored.
  const spec = options.engine ? undefined : resolveNliModelSpec(options);
  if (spec) preflightModelOf(spec);
  // Several golds: every gold cell is checked before any statement or model call (a file read
  // ahead once; a stream that cannot be read twice is checked block by block as it is scored).
  if (multi && statSync(input).isFile()) await checkGolds(source.rows(), goldSource, input);
  if (classifyBy?.kind === "input" && statSync(input).isFile()) await checkClassifyColumn(source.rows(), classifyBy, input);
  const modelKey = options.engine?.modelKey ?? options.modelKey ?? (await nliModelKeyOf(spec!));
  const writer = RowWriter.open(output, columns);
  let engine: Promise<NliEngine> | undefined;
  const loadEngine = () => (engine ??= options.loadEngine ? options.loadEngine() : loadNliEngineOf(spec!));
  const generator = options.generator ?? builtinGenerator;
  const block = options.blockRows ?? DEFAULT_SCORE_BLOCK_ROWS;
  const report = {
    rows: 0,
    scored: 0,
    notScoredCount: 0,
    notScored: [] as { row: number; line: number; reason: string }[],
    pairs: 0,
    cacheHits: 0,
    modelPairs: 0,
    truncatedPairs: 0,
    device: null as string | null,
    server: null as NliServerReport | null,
    cacheWriteError: null as string | null,
    warning: null as string | null,
  };
  const statements = newStatementTally();
  let engineModel: ManifestModelInput | undefined;
  const flush = async (records: RowRecord[]) => {
    const first = report.rows;
    let premises: string[];
    let hypotheses: string[];
    let made: { premise: GeneratedStatement | null; hypothesis: GeneratedStatement | null }[] | undefined;
    // Several golds: row k's pairs are lists[k].length consecutive pairs from starts[k].
    let golds: { lists: string[][]; starts: number[]; details: (GeneratedStatement | null)[] } | undefined;
    if (mode === "statements") {
      premises = records.map((r, k) => text(r, input, "premise", first + k));
      hypotheses = records.map((r, k) => text(r, input, "hypothesis", first + k));
    } else {
      const questions = records.map((r, k) => text(r, input, "question", first + k));
      const make = async (qs: string[], list: string[]) => {
        const idx = list.flatMap((a, i) => (a.trim() === "" ? [] : [i]));
        const out = await generator.generateDetailed(
          idx.map((i) => qs[i]),
          idx.map((i) => list[i]),
        );
        const all: (GeneratedStatement | null)[] = list.map(() => null);
        idx.forEach((i, k) => (all[i] = out[k]));
        return all;
      };
      if (!multi) {
        const golds = records.map((r, k) => text(r, input, "gold_answer", first + k));
        const answers = records.map((r, k) => text(r, input, "answer", first + k));
        const p = await make(questions, golds);
        const h = await make(questions, answers);
        made = p.map((premise, i) => ({ premise, hypothesis: h[i] }));
        tallyStatements(p, statements);
        tallyStatements(h, statements);
        premises = p.map((g) => g?.statement ?? "");
        hypotheses = h.map((g) => g?.statement ?? "");
      } else {
        // One statement per gold; every (gold, candidate) pair of the block is scored in one call.
        const lists = records.map((r, k) => rowGolds(r, goldSource, input, first + k));
        const answers = records.map((r, k) => text(r, input, "answer", first + k));
        const owner = lists.flatMap((list, i) => list.map(() => i));
        const starts: number[] = [];
        lists.reduce((at, list) => (starts.push(at), at + list.length), 0);
        const p = await make(
          owner.map((i) => questions[i]),
          lists.flat(),
        );
        const h = await make(questions, answers);
        tallyStatements(p, statements);
        tallyStatements(h, statements);
        golds = { lists, starts, details: p };
        made = h.map((hypothesis) => ({ premise: null, hypothesis }));
        premises = p.map((g) => g?.statement ?? "");
        hypotheses = owner.map((i) => h[i]?.statement ?? "");
      }
    }
    const loaded = options.engine ?? (engine ? await engine.catch(() => undefined) : undefined);
    const { rows, report: r } = await scoreStatementsOf(premises, hypotheses, { ...options, modelKey, loadEngine, engine: loaded }, spec);
    // A model that cannot load when nothing has been scored is one clear error, not a file of
    // not_scored rows; once rows were scored from the cache, the rest are kept with the reason.
    if (r.modelError && report.scored === 0 && r.scored === 0) {
      throw new Error(`cannot load the NLI model ${options.model ?? "(default)"}: ${r.modelError}`);
    }
    report.pairs += r.uniquePairs;
    report.cacheHits += r.cacheHits;
    report.modelPairs += r.modelPairs;
    report.truncatedPairs += r.truncatedPairs;
    report.device ??= r.device;
    if (r.server) report.server = r.server;
    report.cacheWriteError ??= r.cacheWriteError;
    report.warning ??= r.warning;
    records.forEach((rec, k) => {
      let score: CapRow = rows[k];
      let premise = premises[k];
      let hypothesis = hypotheses[k];
      let premiseDetail = made?.[k].premise ?? null;
      const extra: Record<string, unknown> = {};
      if (golds) {
        // The row's CAP is the best gold's; the statement written is that gold's (the first gold's when not scored).
        const start = golds.starts[k];
        const list = golds.lists[k];
        const best = bestOverGolds(rows.slice(start, start + list.length));
        const winner = start + (best.index ?? 0);
        score = best.score;
        premise = premises[winner];
        premiseDetail = golds.details[winner];
        hypothesis = hypotheses[start];
        Object.assign(extra, {
          best_gold: best.index,
          best_gold_answer: best.index === null ? null : list[best.index],
          gold_caps: best.caps,
        });
      }
      if (score.status === "ok") report.scored++;
      else {
        report.notScoredCount++;
        if (report.notScored.length < 1000) report.notScored.push({ row: first + k, line: rec.line, reason: score.reason! });
      }
      if (made) {
        const m = made[k];
        Object.assign(extra, {
          premise,
          hypothesis,
          premise_rule: premiseDetail?.rule ?? "",
          premise_doubts: premiseDetail?.doubts.join("; ") ?? "",
          hypothesis_rule: m.hypothesis?.rule ?? "",
          hypothesis_doubts: m.hypothesis?.doubts.join("; ") ?? "",
          statement_generator: generator.name,
        });
      }
      if (classifyBy) extra.predicted_level = predictedLevel(options.classifier!, classifyBy, rec, score, input, first + k);
      // The score columns in the file's snake_case spelling (SCORE_COLUMNS); the statements are written as the mode says, above.
      writer.write({ ...rec.row, ...extra, ...scoreColumnsOf(score) });
    });
    report.rows += records.length;
    options.onRows?.(report.rows);
  };
  let inputDigest: FileDigest | undefined;
  try {
    let pending: RowRecord[] = [];
    for await (const rec of source.rows()) {
      pending.push(rec);
      if (pending.length >= block) {
        await flush(pending);
        pending = [];
      }
    }
    if (pending.length > 0) await flush(pending);
    // The input's hash is of the very bytes the rows were parsed from (flat memory, one read); a
    // file that changed while it was read is said to have changed (a pipe is not hashed).
    inputDigest = inputIsFile ? source.digest() : undefined;
    const now = inputDigest && statSync(input, { throwIfNoEntry: false });
    if (inputDigest && now?.size !== inputDigest.bytes)
      options.log?.(
        `warning: ${input} changed while it was scored (${inputDigest.bytes} bytes read, ${now ? `${now.size} bytes now` : "gone now"}); the output and its manifest describe the ${inputDigest.bytes} bytes read`,
      );
    // An old manifest goes before the new output is renamed in, so no manifest describes another output.
    if (options.manifest !== false) rmSync(manifestPathFor(output), { force: true });
    writer.commit();
  } catch (err) {
    writer.abort();
    throw err;
  } finally {
    if (engine && !options.engine) {
      const loaded = await engine.catch(() => undefined);
      engineModel = (loaded as { provenance?: ManifestModelInput } | undefined)?.provenance;
      await loaded?.dispose();
    }
  }
  const result = {
    mode: mode as ScoreFileReport["mode"],
    ...report,
    warning: report.warning ?? (spec ? demoWarningOf(spec) : demoModelWarning(options)),
    modelKey,
    generator: mode === "answers" ? generator.name : null,
    goldSource: mode === "answers" ? goldSource.kind : null,
    statements,
    replacedColumns: replaced,
    seconds: (Date.now() - started) / 1000,
  };
  if (options.manifest === false) return { ...result, manifest: null };
  const manifest = await writeScoreManifest(
    input,
    output,
    result,
    options,
    spec,
    inputDigest,
    engineModel ?? (options.engine as { provenance?: ManifestModelInput } | undefined)?.provenance,
  );
  return { ...result, manifest };
}

// ---------------------------------------------------------------- manifest sidecar

/** `<output>.manifest.json`: the manifest beside a scored file. */
export function manifestPathFor(output: string): string {
  return `${output}${MANIFEST_SIDECAR_SUFFIX}`;
}

/**
 * Writes the manifest of a committed output. Order: the old manifest is removed before the
 * output is renamed into place; then the output is hashed and the manifest written to a
 * temporary file and renamed beside it. A run killed at any point leaves the previous output
 * with its manifest, or the new output with none, or the new output with its own manifest
 * (whose output.sha256 says so): never a manifest describing another output.
 */
async function writeScoreManifest(
  input: string,
  output: string,
  r: Omit<ScoreFileReport, "manifest">,
  options: ScoreFileOptions,
  spec: NliModelSpec | undefined,
  inputDigest: FileDigest | undefined,
  engineModel: ManifestModelInput | undefined,
): Promise<string> {
  const given = options.manifest === false ? undefined : options.manifest;
  // A model the options name (not an injected engine) and that did not load (all pairs cached) is described from its folder or hub id.
  const derived = engineModel || !spec || options.loadEngine ? undefined : await nliProvenanceOf(spec, r.device).catch(() => undefined);
  const model: ManifestModelInput = { ...(r.device ? { device: r.device } : {}), ...derived, ...engineModel, ...given?.model };
  const extra = await Promise.all((given?.inputs ?? []).map((f) => fileDigest(f)));
  const manifest = buildManifest({
    command: given?.command ?? ["score", "--in", input, "--out", output],
    model,
    modelKey: r.modelKey,
    cap: { alpha: options.alpha ?? DEFAULT_ALPHA, lambda: options.lambda ?? DEFAULT_LAMBDA },
    statementGenerator: r.generator,
    inputs: [...(inputDigest ? [inputDigest] : []), ...extra],
    output: { ...(await fileDigest(output)), rows: r.rows },
    warning: r.warning,
  });
  // The temporary file is named like the output's (<output>.tmp-PID-…), so the next run's RowWriter removes it if a kill leaves it.
  const path = manifestPathFor(output);
  writeFileAtomic(path, JSON.stringify(manifest, null, 2) + "\n", `${output}.tmp-${process.pid}-${Date.now()}${MANIFEST_SIDECAR_SUFFIX}`);
  return path;
}
