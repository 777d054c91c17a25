#!/usr/bin/env node
/** The capqa command line: the same library functions the notebooks call. */
import { DataError, capqaVersion } from "../lib/io/index.js";
import { removePartials } from "../lib/io/partials.js";
import { UsageError, didYouMean, joinNegativeNumbers } from "./args.js";
import { cliMessage, err, jsonDone, jsonError, jsonOutput, print, summary, takeCsvFormulaGuardFlag, takeJsonFlag } from "./output.js";
import { BASELINES_HELP, cmdBaselines } from "./baselines-commands.js";
import { CALIBRATE_HELP, cmdCalibrate } from "./calibrate-commands.js";
import { COMPARE_HELP, cmdCompare } from "./compare-commands.js";
import { CONSTRUCT_HELP, cmdConstruct } from "./construct-commands.js";
import { DATA_HELP, cmdData } from "./data-command.js";
import { EVALUATE_HELP, cmdEvaluate } from "./evaluate-command.js";
import { EXPLORE_HELP, cmdExplore } from "./explore-commands.js";
import { FIGURES_HELP, cmdFigures } from "./figures-commands.js";
import { MANIFEST_HELP, cmdManifest } from "./manifest-commands.js";
import { REPRODUCE_HELP, cmdReproduce } from "./reproduce-command.js";
import { CACHE_HELP, SCORE_HELP, VERIFY_HELP, cmdCache, cmdScore, cmdVerifyModel } from "./score-commands.js";
import { SCORERS_HELP, cmdScorers } from "./scorers-commands.js";
import { SETUP_HELP, SETUP_TARGETS, cmdSetup } from "./setup-commands.js";
import { STATEMENTS_HELP, cmdStatements } from "./statements-commands.js";
import { SWEEP_HELP, cmdSweep } from "./sweep-commands.js";
import { helpForTerminal } from "./terminal.js";

const HELP = `capqa — how correct is your answer? (CAP metric, taxonomy, evaluation)

Usage: capqa <command> [options]

Commands:
  reproduce            Rebuild the paper's evaluation tables (2, 3, 4, 8, 13, 14, 16, 17) from the
                       released data, each beside the paper's numbers; writes Markdown, CSV, JSON.
  evaluate             Evaluate metrics against the taxonomy order on a split.
  score                Score your own rows with CAP (a local or hub NLI model, or servers; cached).
  cache                import-released: seed the NLI cache with the paper's probabilities; stats.
  verify-model         Compare a model's NLI probabilities with the released ones.
  compare              Several QA systems' scored answers side by side (Sec. 7.4, Tables 5 and 6).
  statements           generate | eval | agreement: question + answer → declarative statement.
  sweep                CAP's α–λ grid (Table 12), best point, heatmaps.
  calibrate            Fit CAP's cut points to taxonomy levels; compare with equal-width bins.
  scorers              fit | evaluate: a scorer on both NLI directions and answer features.
  explore              An interactive HTML explorer of α, λ and cut points (file or localhost).
  baselines            BLEU, ROUGE-L, METEOR (BERTScore, COMET with a model) per row; parity.
  construct            prepare | candidates | statements | answers: the datasets and LLM answers.
  figures              Export every figure (SVG, PDF, PNG at paper sizes) and index.json.
  data fetch           Download the released files at pinned commits into the data folder.
  data verify          Check the data folder's files against the pinned checksums.
  data info            Summarise the data folder (rows, splits, labels, unscored rows).
  manifest verify DIR  Check a run's manifest against its inputs: which input changed since the run.
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

/** Commands that print no JSON summary: --json is a usage error there rather than an empty object. */
const NO_JSON = new Set(["construct"]);

/** Help and --version: the text itself, or inside one JSON object with --json. */
function printText(command: string, text: string): number {
  if (jsonOutput()) summary(command, { text });
  else print(command === "help" ? helpForTerminal(text) : text);
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
  reproduce: { run: cmdReproduce, help: REPRODUCE_HELP },
  evaluate: { run: cmdEvaluate, help: EVALUATE_HELP },
  data: { run: cmdData, help: DATA_HELP, subcommands: ["fetch", "verify", "info"] },
  score: { run: cmdScore, help: SCORE_HELP },
  cache: { run: cmdCache, help: CACHE_HELP, subcommands: ["import-released", "stats"] },
  "verify-model": { run: cmdVerifyModel, help: VERIFY_HELP },
  statements: { run: cmdStatements, help: STATEMENTS_HELP, subcommands: ["generate", "review", "eval", "agreement"] },
  sweep: { run: cmdSweep, help: SWEEP_HELP },
  calibrate: { run: cmdCalibrate, help: CALIBRATE_HELP },
  scorers: { run: cmdScorers, help: SCORERS_HELP, subcommands: ["fit", "evaluate"] },
  explore: { run: cmdExplore, help: EXPLORE_HELP },
  baselines: { run: cmdBaselines, help: BASELINES_HELP },
  construct: { run: cmdConstruct, help: CONSTRUCT_HELP, subcommands: ["prepare", "candidates", "statements", "answers", "help"] },
  figures: { run: cmdFigures, help: FIGURES_HELP },
  setup: { run: cmdSetup, help: SETUP_HELP, subcommands: SETUP_TARGETS },
  compare: { run: cmdCompare, help: COMPARE_HELP },
  manifest: { run: cmdManifest, help: MANIFEST_HELP, subcommands: ["verify"] },
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
    ...(["data", "cache", "statements", "scorers", "construct", "baselines", "figures", "manifest"].includes(command) &&
    rest[0] &&
    !rest[0].startsWith("-")
      ? [rest[0]]
      : []),
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
  if (subs && command !== "setup" && !subs.includes(rest[0]))
    throw new UsageError(`unknown ${command} command "${rest[0]}"; expected ${subs.join(", ")}${didYouMean(rest[0], subs)}`);
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
    err(
      `capqa: stopped by ${signal}${n ? `; removed ${n} unfinished output(s)` : ""} (finished NLI batches stay in the cache, accepted LLM replies in the checkpoint: the same command resumes)`,
    );
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
