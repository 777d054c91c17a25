#!/usr/bin/env node
/** The capqa command line: the same library functions the notebooks call. */
import { parseArgs } from "node:util";
import { evaluationTable } from "./evaluation-table.js";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { DATA_FILES, DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_SEED, RELEASED_METRICS, DEFAULT_ALPHA, DEFAULT_LAMBDA, REFERENCE_METRIC } from "../lib/constants.js";
import { PINNED_FILES, STATEMENTS_FILES, fetchData, loadBenchmark, loadResultsJson, pinnedUrl, resolveDataDir, verifyData, dataProvenance, readMetricScores } from "../lib/data/index.js";
import { evaluateBenchmark, reproducePaper, reproductionVerdicts, writeEvaluation, writeReproduction, LIVE_TEXT_METRICS } from "../lib/eval/index.js";
import { checkOutputFolder, DataError, buildManifest, capqaVersion, fileDigest } from "../lib/io/index.js";
import { PAPER_ORDERING, checkHardPairs, parseHardPairs, parseOrdering, type Ordering } from "../lib/taxonomy/index.js";
import {
  cliMessage,
  didYouMean,
  joinNegativeNumbers,
  UsageError,
  choiceFlag,
  intFlag,
  listFlag,
  unitFlag,
  optionsHelp,
  parseOptions,
  progressPrinter,
  out,
  err,
  print,
  summary,
  jsonError,
  jsonOutput,
  jsonDone,
  takeJsonFlag,
  takeCsvFormulaGuardFlag,
} from "./args.js";
import { STATEMENTS_HELP, cmdStatements } from "./statements-commands.js";
import { SWEEP_HELP, cmdSweep } from "./sweep-commands.js";
import { CALIBRATE_HELP, cmdCalibrate } from "./calibrate-commands.js";
import { SCORERS_HELP, cmdScorers } from "./scorers-commands.js";
import { EXPLORE_HELP, cmdExplore } from "./explore-commands.js";
import { BASELINES_HELP, cmdBaselines } from "./baselines-commands.js";
import { CONSTRUCT_HELP, cmdConstruct } from "./construct-commands.js";
import { verdictText } from "./reproduce-verdict.js";
import { FIGURES_HELP, cmdFigures } from "./figures-commands.js";
import { CACHE_HELP, SCORE_HELP, VERIFY_HELP, cmdCache, cmdScore, cmdVerifyModel } from "./score-commands.js";
import { SETUP_HELP, SETUP_TARGETS, cmdSetup } from "./setup-commands.js";
import { EVALUATE_IN_HELP, cmdEvaluateLabelled } from "./evaluate-labelled.js";
import { DATA_OPTIONS, EVALUATE_ALL_OPTIONS, EVALUATE_BENCHMARK_OPTIONS, EVALUATE_OPTIONS, REPRODUCE_OPTIONS } from "./main-options.js";
import { COMPARE_HELP, cmdCompare } from "./compare-commands.js";
import { MANIFEST_HELP, cmdManifest } from "./manifest-commands.js";
import { evaluationSettings } from "../lib/eval/evaluate.js";
import { withConfig } from "./config-flag.js";
import { removePartials } from "../lib/io/partials.js";

const HELP = `capqa — how correct is your answer? (CAP metric, taxonomy, evaluation)

Usage: capqa <command> [options]

Commands:
  reproduce            Rebuild the paper's evaluation tables (2, 3, 4, 8, 13, 14, 16, 17) from the
                       released data, each beside the paper's numbers; writes Markdown, CSV, JSON.
  evaluate             Evaluate metrics against the taxonomy order on a split.
  score                Score your own rows with CAP (NLI through the cache and a local or hub model).
  cache                import-released: seed the NLI cache with the paper's probabilities; stats.
  verify-model         Compare a model's NLI probabilities with the released ones.
  compare              Several QA systems' scored answers side by side (Sec. 7.4, Tables 5 and 6).
  statements           generate | eval | agreement: question + answer → declarative statement.
  sweep                CAP's α–λ grid (Table 12), best point, heatmaps.
  calibrate            Fit CAP's cut points to taxonomy levels; compare with equal-width bins.
  scorers              fit | evaluate: a scorer on both NLI directions and answer features.
  explore              An interactive HTML explorer of α, λ and cut points (file or localhost).
  baselines            BLEU, ROUGE-L, METEOR (BERTScore, COMET with a model) per row; parity.
  construct            prepare | candidates | statements | answers: build the datasets / collect LLM answers.
  figures              Export every figure (SVG, PDF, PNG at paper sizes) and index.json.
  data fetch           Download the released files at pinned commits into the data folder.
  data verify          Check the data folder's files against the pinned checksums.
  data info            Summarise the data folder (rows, splits, labels, unscored rows).
  manifest verify DIR  Check a run's manifest against its inputs now: which input changed since the run.
  setup TARGET...      Install optional features into your project: notebooks, kernel, dataframes,
                       cache, figures, models, all (with the overrides danfojs-node's install needs).
  help [command]       Show help.
  version              Print capqa's version (also --version).

Common options:
  --data-dir DIR       Data folder (default: $CAPQA_DATA_DIR, then ./data).
  --json               Print the summary as one JSON object on standard output (progress and notes
                       go to standard error); on failure that object is {"error": {"message",
                       "kind": "usage"|"data"|"error"}} and the exit status is the usual one.
  --csv-formula-guard  Guard every CSV written against formula injection for spreadsheets (OWASP): a
                       text cell starting with = + - @, tab or CR gets a leading ' and every text
                       cell is quoted; numbers are not altered (also $CAPQA_CSV_FORMULA_GUARD=1).

Every output records its manifest (capqa version, command, data checksums, model id, revision,
file hash, dtype and device, α and λ, statement generator, input file hashes): "manifest" in
meta.json of a folder output, FILE.manifest.json beside "capqa score --out FILE".

Run "capqa help <command>" for a command's options.`;

const COMMAND_HELP: Record<string, string> = {
  reproduce: `capqa reproduce [--out DIR] [--bootstrap N] [--seed S] [--threads T] [--data-dir DIR]

Options:
${optionsHelp(REPRODUCE_OPTIONS)}`,
  evaluate: `capqa evaluate [--split test|validation|all] [--metrics LIST] [--labels synthetic|human]
               [--bootstrap N] [--seed S] [--out DIR] [--alpha A --lambda L] [--ordering TEXT]

Options (with or without --in):
${optionsHelp(EVALUATE_OPTIONS)}

Options of the released benchmark (not with --in):
${optionsHelp(EVALUATE_BENCHMARK_OPTIONS)}

${EVALUATE_IN_HELP}`,
  score: SCORE_HELP,
  cache: CACHE_HELP,
  "verify-model": VERIFY_HELP,
  statements: STATEMENTS_HELP,
  sweep: SWEEP_HELP,
  calibrate: CALIBRATE_HELP,
  scorers: SCORERS_HELP,
  explore: EXPLORE_HELP,
  baselines: BASELINES_HELP,
  construct: CONSTRUCT_HELP,
  figures: FIGURES_HELP,
  setup: SETUP_HELP,
  compare: COMPARE_HELP,
  manifest: MANIFEST_HELP,
  data: `capqa data fetch [--data-dir DIR] [--list] [--allow-changed] [--statements]
capqa data verify [--data-dir DIR]
capqa data info [--data-dir DIR]

Options:
${optionsHelp(DATA_OPTIONS)}`,
};

/** --live names: each a metric capqa computes, requested in --metrics, with the model folder it needs. */
function liveFlag(values: { live?: string; "bertscore-model"?: string; "comet-model"?: string }, metrics: readonly string[]): string[] | undefined {
  const live = listFlag(values.live);
  if (!live) return undefined;
  const known = [...Object.keys(LIVE_TEXT_METRICS), "bertscore", "comet"];
  for (const name of live) {
    if (!known.includes(name)) throw new UsageError(`--live ${name}: capqa computes ${known.join(", ")} live`);
    if (!metrics.includes(name)) throw new UsageError(`--live ${name}: not among the metrics evaluated (${metrics.join(", ")}); add it to --metrics`);
  }
  if (live.includes("bertscore") && !values["bertscore-model"]) throw new UsageError("--live bertscore needs --bertscore-model DIR");
  if (live.includes("comet") && !values["comet-model"]) throw new UsageError("--live comet needs --comet-model DIR");
  return live;
}

async function cmdReproduce(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: parseOptions(REPRODUCE_OPTIONS), strict: true });
  const started = Date.now();
  const dir = resolve(values.out ?? "out/reproduce");
  checkOutputFolder(dir);
  const live = liveFlag(values, ["bleu", "rouge_l", "meteor"]);
  const resamples = intFlag(values.bootstrap, "bootstrap", DEFAULT_BOOTSTRAP_RESAMPLES, 0, 10_000_000);
  const seed = intFlag(values.seed, "seed", DEFAULT_SEED, 0);
  const threads = values.threads === undefined ? undefined : intFlag(values.threads, "threads", 1, 1, 256);
  const bench = loadBenchmark(values["data-dir"]);
  for (const w of bench.warnings) err(`warning: ${w}`);
  const resultsPath = join(bench.dir, DATA_FILES.results);
  const released = existsSync(resultsPath) ? loadResultsJson(resultsPath) : undefined;
  if (!released) err(`note: ${resultsPath} not found; the check against the authors' results is skipped`);
  const reproduction = await reproducePaper(bench, released, {
    scoreDecimals: scoreDecimalsFlag(values["score-decimals"]),
    live,
    resamples,
    seed,
    threads,
    onProgress: values.quiet ? undefined : progressPrinter("bootstrap"),
  });
  const data = dataProvenance(bench);
  const manifest = buildManifest({ command: ["reproduce", ...argv], data, cap: { alpha: DEFAULT_ALPHA, lambda: DEFAULT_LAMBDA } });
  writeReproduction(reproduction, dir, { data, manifest });
  const seconds = (Date.now() - started) / 1000;
  summary("reproduce", {
    output: dir,
    tables: reproduction.tables.map((t) => ({ id: t.id, title: t.title, cells: t.cells.length, maxAbsDiff: Math.max(0, ...t.cells.map((c) => (c.diff === null ? 0 : Math.abs(c.diff)))) })),
    released: reproduction.released
      ? {
          maxPointDiff: reproduction.released.maxPointDiff,
          maxBootstrapDiff: reproduction.released.maxBootstrapDiff,
          missingHere: reproduction.released.missingHere.length,
          missingThere: reproduction.released.missingThere.length,
        }
      : null,
    resamples,
    seed,
    seconds,
    warnings: [...bench.warnings, ...(released ? [] : [`${resultsPath} not found; the check against the authors' results is skipped`])],
  });
  if (!values.quiet && !jsonOutput()) out(verdictText(reproductionVerdicts(reproduction), dir));
  err(`wrote ${dir} in ${seconds.toFixed(1)} s`);
  return 0;
}

/** --score-decimals N|none: undefined when not given (the default, SCORE_DECIMALS), null for none. */
function scoreDecimalsFlag(text: string | undefined): number | null | undefined {
  if (text === undefined) return undefined;
  if (text === "none") return null;
  return intFlag(text, "score-decimals", 10, 0, 300);
}

/** --hard-pairs, checked against the ordering before any file is read. */
function hardPairsFlag(text: string | undefined, ordering: Ordering): string[][] | undefined {
  if (text === undefined) return undefined;
  try {
    return checkHardPairs(parseHardPairs(text), ordering).map((p) => [...p]);
  } catch (error) {
    throw new UsageError(`--hard-pairs: ${(error as Error).message}`);
  }
}

async function cmdEvaluate(argv: string[]): Promise<number> {
  const values = withConfig(parseArgs({ args: argv, options: parseOptions(EVALUATE_ALL_OPTIONS), strict: true }).values, EVALUATE_ALL_OPTIONS, "evaluate");
  if (values.in !== undefined) {
    const ordering = values.ordering ? parseOrdering(values.ordering, "custom") : PAPER_ORDERING;
    return cmdEvaluateLabelled(values, argv, {
      metrics: listFlag(values.metrics),
      ordering,
      hardPairs: hardPairsFlag(values["hard-pairs"], ordering),
      scoreDecimals: scoreDecimalsFlag(values["score-decimals"]),
      resamples: intFlag(values.bootstrap, "bootstrap", DEFAULT_BOOTSTRAP_RESAMPLES, 0, 10_000_000),
      seed: intFlag(values.seed, "seed", DEFAULT_SEED, 0),
      threads: values.threads === undefined ? undefined : intFlag(values.threads, "threads", 1, 1, 256),
      reference: values.reference,
    });
  }
  const split = choiceFlag(values.split, "split", ["test", "validation", "all"] as const, "test");
  const labels = choiceFlag(values.labels, "labels", ["synthetic", "human"] as const, "synthetic");
  const dir = resolve(values.out ?? `out/evaluate-${split}`);
  checkOutputFolder(dir);
  const alpha = unitFlag(values.alpha, "alpha");
  const lambda = unitFlag(values.lambda, "lambda");
  // One of the two given: the other keeps the paper's value.
  const capWeights = alpha !== undefined || lambda !== undefined ? { alpha: alpha ?? DEFAULT_ALPHA, lambda: lambda ?? DEFAULT_LAMBDA } : undefined;
  const ordering = values.ordering ? parseOrdering(values.ordering, "custom") : PAPER_ORDERING;
  const hardPairs = hardPairsFlag(values["hard-pairs"], ordering);
  if (values.scores !== undefined && !existsSync(values.scores)) throw new UsageError(`--scores: no such file ${values.scores}`);
  // Usage errors before any file is read (the metrics of --scores join the list once it is).
  const metricsFlag = listFlag(values.metrics);
  const live = liveFlag(values, metricsFlag ?? RELEASED_METRICS);
  const reference = values.reference ?? REFERENCE_METRIC;
  if (metricsFlag && !metricsFlag.includes(reference)) throw new UsageError(`--reference ${reference} is not among the metrics evaluated (${metricsFlag.join(", ")})`);
  const resamples = intFlag(values.bootstrap, "bootstrap", DEFAULT_BOOTSTRAP_RESAMPLES, 0, 10_000_000);
  const seed = intFlag(values.seed, "seed", DEFAULT_SEED, 0);
  const threads = values.threads === undefined ? undefined : intFlag(values.threads, "threads", 1, 1, 256);
  const bench = loadBenchmark(values["data-dir"]);
  for (const w of bench.warnings) err(`warning: ${w}`);
  const scores = values.scores === undefined ? undefined : readMetricScores(values.scores, bench.rows.length, { reserved: [...RELEASED_METRICS, "comet"] });
  const metrics = metricsFlag ?? [...RELEASED_METRICS, ...(scores?.names ?? [])];
  if (!metrics.includes(reference)) throw new UsageError(`--reference ${reference} is not among the metrics evaluated (${metrics.join(", ")})`);
  const ev = await evaluateBenchmark(bench, {
    scores,
    reference,
    split,
    labels,
    onlyHumanLabelled: values["human-subset"],
    metrics,
    resamples,
    seed,
    threads,
    capWeights,
    ordering,
    hardPairs,
    scoreDecimals: scoreDecimalsFlag(values["score-decimals"]),
    live,
    bertscoreModel: values["bertscore-model"],
    cometModel: values["comet-model"],
    onProgress: values.quiet ? undefined : progressPrinter("bootstrap"),
  });
  const notes = [
    `Split ${split}, ${labels} labels${values["human-subset"] ? " (human-labelled rows only)" : ""}: ${ev.n} rows.`,
    ...ev.selection.excluded.map((e) => `Row ${e.rowId} left out: ${e.reason}.`),
    ...ev.metrics.map((m) => `${m.name}: ${m.source}.`),
    `Ordering: ${ordering.name}; ${ev.resamples} bootstrap resamples, seed ${ev.seed}.`,
  ];
  const data = dataProvenance(bench);
  // The released CAP column is the paper's weights; --alpha/--lambda recompute it.
  const manifest = buildManifest({
    command: ["evaluate", ...argv],
    data,
    cap: metrics.includes("cap") ? (capWeights ?? { alpha: DEFAULT_ALPHA, lambda: DEFAULT_LAMBDA }) : null,
    inputs: scores ? [await fileDigest(scores.file)] : [],
    settings: { split, labels, humanSubset: Boolean(values["human-subset"]), reference, live: live ?? [], ...evaluationSettings(ev) },
  });
  writeEvaluation(
    ev,
    dir,
    { command: "evaluate", split, labels, humanSubset: Boolean(values["human-subset"]), data, excluded: ev.selection.excluded, manifest },
    `capqa evaluate: ${split} split`,
    notes,
  );
  summary("evaluate", {
    output: dir,
    split,
    labels,
    humanSubset: Boolean(values["human-subset"]),
    n: ev.n,
    metrics: ev.metrics,
    ordering: ordering.name,
    resamples: ev.resamples,
    seed: ev.seed,
    correlations: ev.tables.correlations,
    monotonicity: ev.tables.monotonicity,
    excluded: ev.selection.excluded,
    warnings: bench.warnings,
  });
  if (!values.quiet && !jsonOutput()) {
    out(evaluationTable(ev.tables));
  }
  for (const e of ev.selection.excluded) err(`row ${e.rowId} left out: ${e.reason}`);
  err(`wrote ${dir}`);
  return 0;
}

async function cmdData(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const { values } = parseArgs({ args: rest, options: parseOptions(DATA_OPTIONS), strict: true });
  const choice = resolveDataDir(values["data-dir"]);
  if (sub === "fetch") {
    const files = values.statements ? STATEMENTS_FILES : PINNED_FILES;
    const dir = values.statements ? resolve(values["data-dir"] ?? process.env.CAPQA_STATEMENTS_DIR ?? "data/cap-statements") : choice.dir;
    if (values.list) {
      summary("data fetch", { dir, files: files.map((f) => ({ name: f.name, url: pinnedUrl(f), sha256: f.sha256 ?? null })) });
      if (!jsonOutput()) for (const f of files) out(`${f.name}\t${pinnedUrl(f)}\tsha256 ${f.sha256 ?? "(not pinned)"}`);
      return 0;
    }
    const fetched = await fetchData({ dir, allowChanged: values["allow-changed"], log: err, files });
    summary("data fetch", { dir, files: fetched });
    out(`data ready in ${dir}`);
    return 0;
  }
  if (sub === "verify") {
    const report = verifyData(choice.dir);
    const ok = report.every((r) => r.ok);
    summary("data verify", { dir: choice.dir, source: choice.source, ok, files: report });
    if (!jsonOutput()) for (const r of report) out(`${r.ok ? "ok  " : "FAIL"} ${r.name}: ${r.detail}`);
    return ok ? 0 : 1;
  }
  if (sub === "info") {
    const bench = loadBenchmark(values["data-dir"]);
    const count = (xs: string[]) => Object.entries(xs.reduce<Record<string, number>>((a, x) => ((a[x] = (a[x] ?? 0) + 1), a), {}));
    summary("data info", {
      dir: bench.dir,
      source: choice.source,
      rows: bench.rows.length,
      splits: Object.fromEntries(count(bench.split)),
      datasets: Object.fromEntries(count(bench.rows.map((r) => r.dataset))),
      syntheticLabels: Object.fromEntries(count(bench.rows.map((r) => r.label))),
      humanLabelled: bench.rows.filter((r) => r.manualLabel !== null).length,
      releasedMetrics: bench.scores.metrics,
      scoredRows: bench.scores.rowIds.length,
      unscored: bench.unscored,
      files: bench.checksums,
      warnings: bench.warnings,
    });
    if (jsonOutput()) return 0;
    out(`data folder: ${bench.dir} (${choice.source})`);
    out(
      `rows: ${bench.rows.length}; splits: ${count(bench.split)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
    out(
      `datasets: ${count(bench.rows.map((r) => r.dataset))
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
    out(
      `synthetic labels: ${count(bench.rows.map((r) => r.label))
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
    out(`human labels: ${bench.rows.filter((r) => r.manualLabel !== null).length} rows`);
    out(`released metrics: ${bench.scores.metrics.join(", ")} for ${bench.scores.rowIds.length} rows`);
    for (const u of bench.unscored) out(`unscored: row ${u.rowId} (${u.split}): ${u.reason}`);
    for (const w of bench.warnings) out(`warning: ${w}`);
    return 0;
  }
  throw new UsageError(`unknown data command "${sub ?? ""}"; expected fetch, verify or info`);
}

/** Commands that print no JSON summary: --json is a usage error there rather than an empty object. */
const NO_JSON = new Set(["construct"]);

/** Help and --version: the text itself, or inside one JSON object with --json. */
function printText(command: string, text: string): number {
  if (jsonOutput()) summary(command, { text });
  else print(text);
  return 0;
}

/** One command: what runs it, its help, and for a group the subcommands it takes. */
interface Command {
  readonly run: (argv: string[]) => number | Promise<number>;
  readonly help: string;
  readonly subcommands?: readonly string[];
}

/** The command table: `capqa NAME …` runs COMMANDS[NAME].run with the arguments after NAME. */
const COMMANDS: Readonly<Record<string, Command>> = {
  reproduce: { run: cmdReproduce, help: COMMAND_HELP.reproduce },
  evaluate: { run: cmdEvaluate, help: COMMAND_HELP.evaluate },
  data: { run: cmdData, help: COMMAND_HELP.data, subcommands: ["fetch", "verify", "info"] },
  score: { run: cmdScore, help: COMMAND_HELP.score },
  cache: { run: cmdCache, help: COMMAND_HELP.cache, subcommands: ["import-released", "stats"] },
  "verify-model": { run: cmdVerifyModel, help: COMMAND_HELP["verify-model"] },
  statements: { run: cmdStatements, help: COMMAND_HELP.statements, subcommands: ["generate", "review", "eval", "agreement"] },
  sweep: { run: cmdSweep, help: COMMAND_HELP.sweep },
  calibrate: { run: cmdCalibrate, help: COMMAND_HELP.calibrate },
  scorers: { run: cmdScorers, help: COMMAND_HELP.scorers, subcommands: ["fit", "evaluate"] },
  explore: { run: cmdExplore, help: COMMAND_HELP.explore },
  baselines: { run: cmdBaselines, help: COMMAND_HELP.baselines },
  construct: { run: cmdConstruct, help: COMMAND_HELP.construct, subcommands: ["prepare", "candidates", "statements", "answers", "help"] },
  figures: { run: cmdFigures, help: COMMAND_HELP.figures },
  setup: { run: cmdSetup, help: COMMAND_HELP.setup, subcommands: SETUP_TARGETS },
  compare: { run: cmdCompare, help: COMMAND_HELP.compare },
  manifest: { run: cmdManifest, help: COMMAND_HELP.manifest, subcommands: ["verify"] },
};

/** The flags a command documents in its help, for "did you mean" (--json, --csv-formula-guard and --help are everyone's). */
function documentedFlags(command: string): string[] {
  const help = COMMANDS[command]?.help ?? HELP;
  return [...new Set([...(help.match(/--[a-z][a-z0-9-]*/g) ?? []), "--json", "--csv-formula-guard", "--help"])];
}

let commandName = "";

export async function main(argvWithJson: string[]): Promise<number> {
  const argv = joinNegativeNumbers(takeCsvFormulaGuardFlag(takeJsonFlag(argvWithJson)));
  const [command, ...rest] = argv;
  commandName = [
    command,
    ...(["data", "cache", "statements", "scorers", "construct", "baselines", "figures", "manifest"].includes(command) && rest[0] && !rest[0].startsWith("-") ? [rest[0]] : []),
  ].join(" ");
  if (command === "--version" || command === "version" || command === "-V") {
    if (jsonOutput()) summary("version", { version: capqaVersion() });
    else print(capqaVersion());
    return 0;
  }
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    const topic = rest[0];
    return printText("help", (topic && COMMANDS[topic]?.help) || HELP);
  }
  if (rest.includes("--help") || rest.includes("-h")) return printText("help", COMMANDS[command]?.help ?? HELP);
  if (jsonOutput() && NO_JSON.has(command)) throw new UsageError(`--json: capqa ${command} has no JSON summary; run it without --json`);
  const entry = COMMANDS[command];
  if (entry === undefined) throw new UsageError(`unknown command "${command}"${didYouMean(command, Object.keys(COMMANDS))}`);
  const subs = entry.subcommands;
  // A group with nothing to do shows its help; a subcommand that is not one of the group's is named with the nearest.
  if (subs && (rest.length === 0 || (command !== "setup" && rest[0].startsWith("-")))) return printText("help", entry.help);
  if (subs && command !== "setup" && !subs.includes(rest[0])) throw new UsageError(`unknown ${command} command "${rest[0]}"; expected ${subs.join(", ")}${didYouMean(rest[0], subs)}`);
  return entry.run(rest);
}

// Ctrl-C or SIGTERM: remove the outputs being written (they would be incomplete), then exit; every
// finished NLI batch is already in the cache and every accepted LLM reply in its checkpoint.
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.once(signal, () => {
    const n = removePartials();
    err(`capqa: stopped by ${signal}${n ? `; removed ${n} unfinished output(s)` : ""} (finished NLI batches stay in the cache, accepted LLM replies in the checkpoint: the same command resumes)`);
    process.exit(code);
  });
}

// A reader that goes away (`capqa … | head`) closes the pipe: the next write fails with EPIPE.
// That ends the output quietly: the stream is marked closed, later writes to it are dropped
// (cli/args.ts), and the command finishes its files and exits with its own status, without a
// stack trace. Any other failure of standard output or error is still an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE" || e.code === "ERR_STREAM_DESTROYED") {
      stream.destroy();
      return;
    }
    throw e;
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    // --json promises one object on standard output; a command without a summary of its own says what it returned.
    if (jsonOutput() && !jsonDone()) summary(commandName, { exitStatus: code });
    process.exitCode = code;
  },
  (e: unknown) => {
    const error = e as Error & { code?: string };
    if (
      error instanceof UsageError ||
      error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" ||
      error.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" ||
      error.code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL"
    ) {
      const unknownFlag = error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" ? /'(--?[^']+)'/.exec(error.message)?.[1] : undefined;
      const message = error.message + (unknownFlag ? didYouMean(unknownFlag, documentedFlags(commandName.split(" ")[0])) : "");
      err(`capqa: ${message}\nRun "capqa help${COMMANDS[commandName.split(" ")[0]] ? ` ${commandName.split(" ")[0]}` : ""}" for usage.`);
      jsonError(message, "usage");
      process.exitCode = 2;
      return;
    }
    const message = cliMessage(error?.message ?? String(e));
    err(`capqa: ${error instanceof DataError ? "data error: " : ""}${message}`);
    jsonError(message, error instanceof DataError ? "data" : "error");
    if (process.env.CAPQA_DEBUG) err(String(error.stack));
    process.exitCode = 1;
  },
);
