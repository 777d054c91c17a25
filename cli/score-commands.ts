/** capqa score, capqa cache, capqa verify-model. */
import { parseArgs } from "node:util";
import { type ThresholdClassifier, readClassifierFile } from "../lib/calibrate/index.js";
import {
  DEFAULT_NLI_BATCH_SIZE,
  DEFAULT_NLI_BATCH_TOKENS,
  DEFAULT_NLI_SERVER_CONCURRENCY,
  DEFAULT_NLI_SERVER_RETRIES,
  NLI_SERVER_OUTPUTS,
  NLI_SERVER_PROTOCOLS,
  DEFAULT_SEED,
  DEFAULT_NLI_MAX_LENGTH,
  DEFAULT_DEVICE,
  DEFAULT_DTYPE,
  MAX_NLI_BATCH_SIZE,
  MAX_NLI_MAX_LENGTH,
  MIN_NLI_MAX_LENGTH,
  PAPER_NLI_MODEL,
  DEFAULT_ALPHA,
  DEFAULT_LAMBDA,
  VERIFY_MIN_ARGMAX_AGREEMENT,
  VERIFY_MIN_CAP_SPEARMAN,
  VERIFY_MIN_ROWS,
} from "../lib/constants.js";
import { loadBenchmark } from "../lib/data/index.js";
import { formatOf, writeFileAtomic, checkOutputFile } from "../lib/io/index.js";
import {
  checkServerOptions,
  loadNliEngine,
  NliCache,
  PAPER_MODEL_KEY,
  importReleasedProbabilities,
  resolveCacheDir,
  type NliEngineOptions,
  type NliServerOptions,
} from "../lib/nli/index.js";
import { type DeviceChoice, type Dtype, demoModelWarning } from "../lib/runtime/index.js";
import {
  SCORE_COLUMNS,
  SCORE_FILE_ROLES,
  sampleReleasedRows,
  scoreFile,
  verifyModel,
  type ScoreFileReport,
  type NliServerReport,
} from "../lib/score/index.js";
import { loadStatementGenerator } from "../lib/statements/index.js";
import { flaggedSummary } from "./statements-commands.js";
import { columnOptions, columnRolesFlag, withColumnFlags } from "./column-flags.js";
import {
  COMMON_OPTIONS,
  NLI_MODEL_OPTIONS,
  UsageError,
  choiceFlag,
  defineOptions,
  intFlag,
  listFlag,
  numberFlag,
  unitFlag,
  optionsHelp,
  parseOptions,
} from "./args.js";
import { cliMessage, logLines, progressPrinter, out, err, summary, jsonOutput } from "./output.js";

/** Exit status of a run whose output is complete except for rows it could not score. */
export const EXIT_INCOMPLETE = 3;

/** The NLI model's flags, shared with evaluate --in (declared once, in cli/args.ts). */
export const MODEL_OPTIONS = NLI_MODEL_OPTIONS;

/** --onnx-file: a path inside the model folder or repository, ending in .onnx. */
function onnxFileFlag(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/\.onnx$/.test(value) || value.startsWith("/") || value.split("/").some((p) => p === ".." || p === "" || p === ".")) {
    throw new UsageError(
      `--onnx-file must be a path inside the model folder or repository ending in .onnx (e.g. onnx/model_qint8_avx512.onnx), got "${value}"`,
    );
  }
  return value;
}

export function modelOptions(values: Record<string, unknown>): NliEngineOptions {
  return {
    model: (values.model as string | undefined) ?? PAPER_NLI_MODEL,
    revision: values.revision as string | undefined,
    device: choiceFlag(
      values.device as string | undefined,
      "device",
      ["cpu", "cuda", "webgpu", "auto"] as const,
      DEFAULT_DEVICE,
    ) as DeviceChoice,
    dtype: choiceFlag(values.dtype as string | undefined, "dtype", ["fp32", "fp16", "q8"] as const, DEFAULT_DTYPE) as Dtype,
    // Absent flags stay absent: each engine has its own default (TEI: DEFAULT_TEI_BATCH_PAIRS).
    batchSize:
      values.batch === undefined ? undefined : intFlag(values.batch as string, "batch", DEFAULT_NLI_BATCH_SIZE, 1, MAX_NLI_BATCH_SIZE),
    batchTokens:
      values["batch-tokens"] === undefined
        ? undefined
        : intFlag(values["batch-tokens"] as string, "batch-tokens", DEFAULT_NLI_BATCH_TOKENS, 0, 1_000_000_000),
    maxLength: intFlag(
      values["max-length"] as string | undefined,
      "max-length",
      DEFAULT_NLI_MAX_LENGTH,
      MIN_NLI_MAX_LENGTH,
      MAX_NLI_MAX_LENGTH,
    ),
    modelsDir: values["models-dir"] as string | undefined,
    onnxFile: onnxFileFlag(values["onnx-file"] as string | undefined),
    server: serverFlags(values),
    log: logLines(values.quiet === true),
  };
}

/** --nli-server URL (repeated or comma-separated) with --nli-protocol and the request settings; undefined without --nli-server. */
function serverFlags(values: Record<string, unknown>): NliServerOptions | undefined {
  const given = (values["nli-server"] as string[] | undefined) ?? [];
  const urls = given.flatMap((v) => listFlag(v) ?? []);
  const rest = [
    "nli-protocol",
    "nli-server-model",
    "nli-server-version",
    "nli-server-output",
    "nli-concurrency",
    "nli-timeout",
    "nli-retries",
    "nli-give-up",
  ].filter((f) => values[f] !== undefined);
  if (urls.length === 0) {
    if (given.length > 0) throw new UsageError("--nli-server needs a URL, e.g. --nli-server http://127.0.0.1:8080");
    if (rest.length > 0) throw new UsageError(`--${rest[0]} needs --nli-server URL`);
    return undefined;
  }
  if (values["nli-protocol"] === undefined) throw new UsageError("--nli-server needs --nli-protocol tei or kserve");
  const protocol = choiceFlag(values["nli-protocol"] as string, "nli-protocol", NLI_SERVER_PROTOCOLS, "tei");
  const timeout = numberFlag(values["nli-timeout"] as string | undefined, "nli-timeout");
  if (timeout !== undefined && !(timeout > 0))
    throw new UsageError(`--nli-timeout must be a positive number of seconds, got "${values["nli-timeout"]}"`);
  const giveUp = numberFlag(values["nli-give-up"] as string | undefined, "nli-give-up");
  if (giveUp !== undefined && !(giveUp > 0))
    throw new UsageError(`--nli-give-up must be a positive number of seconds, got "${values["nli-give-up"]}"`);
  const output = values["nli-server-output"] as string | undefined;
  const server: NliServerOptions = {
    urls,
    protocol,
    modelName: values["nli-server-model"] as string | undefined,
    modelVersion: values["nli-server-version"] as string | undefined,
    output: output === undefined ? undefined : choiceFlag(output, "nli-server-output", NLI_SERVER_OUTPUTS, "logits"),
    concurrency: intFlag(values["nli-concurrency"] as string | undefined, "nli-concurrency", DEFAULT_NLI_SERVER_CONCURRENCY, 1, 1024),
    timeoutMs: timeout === undefined ? undefined : timeout * 1000,
    retries: intFlag(values["nli-retries"] as string | undefined, "nli-retries", DEFAULT_NLI_SERVER_RETRIES, 0, 100),
    giveUpMs: giveUp === undefined ? undefined : giveUp * 1000,
  };
  try {
    checkServerOptions(server);
  } catch (e) {
    throw new UsageError(cliMessage((e as Error).message));
  }
  return server;
}

export const SCORE_OPTIONS = defineOptions({
  in: {
    type: "string",
    value: "FILE",
    help: "Rows to score (CSV or JSONL): premise/hypothesis statements, or question, gold_answer and answer.",
  },
  out: {
    type: "string",
    value: "FILE",
    help: "The scored rows (CSV or JSONL), written whole or not at all; FILE.manifest.json beside it.",
  },
  ...columnOptions(...SCORE_FILE_ROLES),
  alpha: COMMON_OPTIONS.alpha,
  lambda: COMMON_OPTIONS.lambda,
  ...MODEL_OPTIONS,
  "cache-dir": COMMON_OPTIONS["cache-dir"],
  "no-cache": COMMON_OPTIONS["no-cache"],
  generator: { type: "string", value: "G", help: "Statement generator for raw answers: builtin (default) or a seq2seq model folder." },
  classify: {
    type: "string",
    value: "FILE",
    help: 'A classifier from "capqa calibrate" or the explorer\'s "Save classifier": adds predicted_level to every row, from the score it classifies (cap, or another computed score) or, for another metric, from the input column of that name.',
  },
  "gold-separator": {
    type: "string",
    value: "SEP",
    help: 'Raw answers with several golds in gold_answer, split at SEP (e.g. "|"); a gold_answers column of JSON arrays (["Paris", "the city of Paris"]) needs no flag. CAP is the best gold\'s; best_gold (0-based), best_gold_answer and gold_caps (CAP per gold) are added.',
  },
  quiet: COMMON_OPTIONS.quiet,
});

export const SCORE_HELP = `capqa score --in FILE.csv|FILE.jsonl --out FILE.csv|FILE.jsonl [options]

Scores every row with CAP. Rows carry statements (premise = gold answer's statement,
hypothesis = candidate's statement, as in CAP-Correctness.csv) or raw question, gold_answer and
answer, which are turned into statements first (--generator builtin, the default, or an mT5
model folder; the statements and the generator are added to the output). The output keeps the
input columns in order and adds ${SCORE_COLUMNS.join(", ")}.

Options:
${optionsHelp(SCORE_OPTIONS)}

Beside the output, FILE.manifest.json records what made it: capqa version, command, model (id,
revision, ONNX file and its SHA-256, dtype, device), α and λ, statement generator, the input's
and the output's SHA-256. It is replaced only after the output is: never one for another output.
With capqa's demo model (models/demo-nli, random weights: its CAP means nothing), a warning goes
to stderr and into the manifest's \`warning\`.

Exit status: 0 when every row is scored, ${EXIT_INCOMPLETE} when some rows could not be scored (they are
in the output with status not_scored and the reason), 1 on an error, 2 on a usage error.`;

export async function cmdScore(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: parseOptions(SCORE_OPTIONS), strict: true });
  if (!values.in || !values.out) throw new UsageError("capqa score needs --in FILE and --out FILE");
  if (values["gold-separator"] === "") throw new UsageError("--gold-separator needs a separator, e.g. --gold-separator '|'");
  // Every flag, path and file is checked before the first row is read and the first model call.
  const options = modelOptions(values);
  const columns = columnRolesFlag(values, SCORE_FILE_ROLES);
  const alpha = unitFlag(values.alpha, "alpha");
  const lambda = unitFlag(values.lambda, "lambda");
  formatOf(values.in);
  formatOf(values.out);
  checkOutputFile(values.out, [values.in]);
  const classifier = values.classify ? readClassifier(values.classify) : undefined;
  const generator = await loadStatementGenerator(values.generator ?? "builtin", {
    device: options.device === "auto" ? "cpu" : options.device,
    log: logLines(values.quiet === true),
  });
  const cache = values["no-cache"] ? null : openCache(values["cache-dir"]);
  warnDemoModel(options);
  let report: ScoreFileReport;
  try {
    report = await withColumnFlags(() =>
      scoreFile(values.in!, values.out!, {
        ...options,
        alpha,
        lambda,
        cache,
        generator,
        classifier,
        goldSeparator: values["gold-separator"],
        columns,
        onProgress: values.quiet ? undefined : progressPrinter("NLI pairs"),
        manifest: { command: ["score", ...argv], inputs: values.classify ? [values.classify] : [] },
      }),
    );
  } finally {
    cache?.close();
    await generator.dispose();
  }
  const warnings = [
    ...(report.warning ? [report.warning] : []),
    ...report.replacedColumns.map((c) => `input column "${c}" is replaced by the score of the same name`),
    ...(report.cacheWriteError ? [`${report.cacheWriteError}; those results are in ${values.out} but not in the cache`] : []),
  ];
  summary("score", {
    output: values.out,
    manifest: report.manifest,
    complete: report.notScoredCount === 0,
    exitStatus: report.notScoredCount > 0 ? EXIT_INCOMPLETE : 0,
    mode: report.mode,
    rows: report.rows,
    scored: report.scored,
    notScoredCount: report.notScoredCount,
    notScored: report.notScored,
    pairs: report.pairs,
    cacheHits: report.cacheHits,
    modelPairs: report.modelPairs,
    truncatedPairs: report.truncatedPairs,
    modelKey: report.modelKey,
    device: report.device,
    server: report.server,
    alpha: alpha ?? DEFAULT_ALPHA,
    lambda: lambda ?? DEFAULT_LAMBDA,
    generator: report.generator,
    statements: report.generator ? report.statements : null,
    seconds: report.seconds,
    warnings,
  });
  // --quiet: no progress and no account of a run that scored every row; warnings, and the account of an incomplete run, are still said.
  const info = values.quiet && report.notScoredCount === 0 ? () => {} : err;
  for (const c of report.replacedColumns) err(`note: input column "${c}" is replaced by the score of the same name`);
  if (report.generator) {
    info(`generated ${report.statements.generated} statements with ${report.generator}; ${flaggedSummary(report.statements)}`);
    if (report.statements.flagged > 0) err(`review them with: capqa statements review --in ${values.out}`);
    info(`statements by ${report.generator}`);
  }
  if (report.cacheWriteError) err(`warning: ${report.cacheWriteError}; those results are in ${values.out} but not in the cache`);
  info(
    `scored ${report.scored} of ${report.rows} rows in ${report.seconds.toFixed(1)} s: ${report.pairs} distinct NLI pairs, ` +
      `${report.cacheHits} from the cache, ${report.modelPairs} through the model` +
      (report.device ? ` on ${report.device}` : " (no model call)") +
      (report.truncatedPairs ? `, ${report.truncatedPairs} truncated to the length limit` : "") +
      `; model ${report.modelKey}`,
  );
  if (report.server) info(serverLine(report.server));
  if (report.notScoredCount > 0) {
    err(`${report.notScoredCount} row(s) NOT scored (status not_scored in ${values.out}):`);
    for (const { row, line, reason } of report.notScored.slice(0, 20)) err(`  row ${row} (line ${line}): ${reason}`);
    if (report.notScoredCount > 20) err(`  … and ${report.notScoredCount - 20} more`);
    err(`output incomplete: exit status ${EXIT_INCOMPLETE}`);
    return EXIT_INCOMPLETE;
  }
  info(`wrote ${values.out}${report.manifest ? ` and its manifest ${report.manifest}` : ""}`);
  return 0;
}

/** The demo model's warning, one line on stderr, when `options` name it (its scores mean nothing). */
export function warnDemoModel(options: NliEngineOptions): void {
  const warning = demoModelWarning(options);
  if (warning) err(`warning: ${warning}`);
}

/** One line on what the inference servers did: requests, retries, failed attempts by kind, throughput. */
export function serverLine(s: NliServerReport): string {
  const errors = Object.entries(s.errors)
    .map(([k, n]) => `${k}: ${n}`)
    .join(", ");
  const rate = s.pairsPerSecond === null ? "" : `, ${s.pairsPerSecond.toFixed(0)} pairs/s`;
  return `NLI servers (${s.protocol}, ${s.urls.join(", ")}): ${s.requests} requests for ${s.pairs} pairs${rate}; ${s.retries} retried${errors ? ` (failed attempts: ${errors})` : ""}`;
}

/** A classifier file from capqa calibrate or the explorer, checked whole before any scoring (lib's readClassifierFile). */
export function readClassifier(file: string): ThresholdClassifier {
  return readClassifierFile(file);
}

/** The NLI cache, or one error naming its path and what to do. */
export function openCache(flag: string | undefined): NliCache {
  const dir = resolveCacheDir(flag);
  try {
    return NliCache.open(dir);
  } catch (e) {
    throw new Error(`${(e as Error).message} (choose another folder with --cache-dir or CAPQA_CACHE_DIR, or score without it: --no-cache)`);
  }
}

export const CACHE_OPTIONS = defineOptions({
  "data-dir": COMMON_OPTIONS["data-dir"],
  "cache-dir": COMMON_OPTIONS["cache-dir"],
});

export const CACHE_HELP = `capqa cache import-released [--data-dir DIR] [--cache-dir DIR]
    Loads the authors' released DeBERTa-v3-large probabilities into the NLI cache, keyed by the
    CSV's statements in both directions, as model ${PAPER_MODEL_KEY}.
capqa cache stats [--cache-dir DIR]
    Entries per model in the cache.

Options:
${optionsHelp(CACHE_OPTIONS)}`;

export async function cmdCache(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const { values } = parseArgs({ args: rest, options: parseOptions(CACHE_OPTIONS), strict: true });
  const dir = resolveCacheDir(values["cache-dir"]);
  if (sub === "import-released") {
    const bench = loadBenchmark(values["data-dir"]);
    const cache = NliCache.open(dir);
    const r = importReleasedProbabilities(bench, cache);
    cache.close();
    summary("cache import-released", {
      cache: dir,
      ...r,
      existing: r.pairs - r.inserted,
      unscored: bench.unscored,
      warnings: bench.warnings,
    });
    if (jsonOutput()) return 0;
    out(
      `imported the released probabilities of ${r.rows} rows (${r.pairs} directed pairs): ${r.inserted} new cache entries, ${r.pairs - r.inserted} already present` +
        (r.conflicts ? `, ${r.conflicts} present with other values (kept)` : "") +
        ` into ${dir}`,
    );
    for (const u of bench.unscored) out(`row ${u.rowId} has no released probabilities: ${u.reason}`);
    return 0;
  }
  if (sub === "stats") {
    const cache = NliCache.open(dir);
    const counts = cache.counts();
    summary("cache stats", { cache: cache.path, entries: counts.reduce((a, c) => a + c.entries, 0), models: counts });
    if (jsonOutput()) {
      cache.close();
      return 0;
    }
    out(`cache ${cache.path}`);
    for (const c of counts) out(`${String(c.entries).padStart(9)}  ${c.model}  (${c.sources})`);
    if (counts.length === 0) out("(empty)");
    cache.close();
    return 0;
  }
  throw new UsageError(`unknown cache command "${sub ?? ""}"; expected import-released or stats`);
}

export const VERIFY_OPTIONS = defineOptions({
  "data-dir": COMMON_OPTIONS["data-dir"],
  sample: { type: "string", value: "N", help: "Rows of CAP-Correctness to score, a seeded sample (default 200; all = every row)." },
  seed: { type: "string", value: "S", help: `Seed of the sample (default ${DEFAULT_SEED}).` },
  out: { type: "string", value: "FILE", help: "Write the report as JSON to FILE." },
  ...MODEL_OPTIONS,
  quiet: COMMON_OPTIONS.quiet,
});

export const VERIFY_HELP = `capqa verify-model --model PATH [--sample N] [--seed S] [--out FILE.json] [model options]

Scores a seeded sample of CAP-Correctness statement pairs (both directions) with your model,
bypassing the cache, and reports how far its probabilities are from the released DeBERTa-v3-large
ones: mean and max absolute difference, argmax agreement, CAP Spearman against the released CAP.
--sample all uses every row. The last line is the verdict (also \`verdict\` in --json and --out):
OK when the model behaves as an NLI model (argmax agreement ≥ ${100 * VERIFY_MIN_ARGMAX_AGREEMENT} % in both directions,
CAP Spearman ≥ ${VERIFY_MIN_CAP_SPEARMAN}), NOT an NLI model for capqa's demo model or a failed check,
UNDETERMINED on fewer than ${VERIFY_MIN_ROWS} rows.

Exit status: 0 once the model was verified, whatever the verdict (read it from the last line or
\`verdict.status\` in --json: nli, not_nli or undetermined); 1 on an error, 2 on a usage error.

Options:
${optionsHelp(VERIFY_OPTIONS)}`;

export async function cmdVerifyModel(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: parseOptions(VERIFY_OPTIONS), strict: true });
  if (!values.model) throw new UsageError("capqa verify-model needs --model PATH (a local model folder or hub id)");
  if (values.out) checkOutputFile(values.out);
  const bench = loadBenchmark(values["data-dir"]);
  const sample = values.sample === "all" ? Number.MAX_SAFE_INTEGER : intFlag(values.sample, "sample", 200, 1);
  const ids = sampleReleasedRows(bench, sample, intFlag(values.seed, "seed", DEFAULT_SEED, 0));
  const model = modelOptions(values);
  warnDemoModel(model);
  const engine = await loadNliEngine(model);
  const v = await verifyModel(bench, engine, ids, values.quiet ? undefined : progressPrinter("NLI pairs"));
  await engine.dispose();
  if (values.out) writeFileAtomic(values.out, JSON.stringify(v, null, 2) + "\n");
  summary("verify-model", { output: values.out ?? null, ...v });
  if (jsonOutput()) return 0;
  const pct = (x: number) => `${(100 * x).toFixed(2)} %`;
  out(
    `model ${v.model} on ${v.device}: ${v.rows} rows, ${v.pairs} pairs in ${v.seconds.toFixed(1)} s (${v.pairsPerSecond.toFixed(1)} pairs/s)`,
  );
  out(
    `probabilities vs released: mean |Δ| ${v.meanAbsDiff.toExponential(3)}, max |Δ| ${v.maxAbsDiff.toExponential(3)} (entailment ${v.meanAbsDiffByClass.entailment.toExponential(2)}, neutral ${v.meanAbsDiffByClass.neutral.toExponential(2)}, contradiction ${v.meanAbsDiffByClass.contradiction.toExponential(2)})`,
  );
  out(`argmax agreement: forward ${pct(v.argmaxAgreementForward)}, reverse ${pct(v.argmaxAgreementReverse)}`);
  out(
    `CAP vs released CAP: Spearman ${v.capSpearman.toFixed(4)}, Pearson ${v.capPearson.toFixed(4)}, max |Δ| ${v.capMaxAbsDiff.toExponential(3)}`,
  );
  if (v.truncatedPairs) out(`${v.truncatedPairs} pairs were truncated to the length limit`);
  out(
    `cache identity: ${v.model}${v.model === PAPER_MODEL_KEY ? " — the identity the released probabilities are imported under (capqa cache import-released), so they serve this model" : ` — not ${PAPER_MODEL_KEY}, under which the released probabilities are imported`}`,
  );
  out(`verdict: ${v.verdict.text}`);
  return 0;
}
