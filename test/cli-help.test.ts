/**
 * CLI help is generated from the option declarations (cli/args.ts: defineOptions, parseOptions,
 * optionsHelp): every option a command declares has its line in "capqa help <command>", --quiet and
 * --seed included; and the formatting of optionsHelp.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_SEED } from "../lib/constants.js";
import {
  COMMON_OPTIONS,
  defineOptions,
  didYouMean,
  joinNegativeNumbers,
  optionLabel,
  optionsHelp,
  parseOptions,
  wrapText,
  type OptionSpecs,
} from "../cli/args.js";
import { durationText, progressLine } from "../cli/output.js";
import { DATA_OPTIONS, EVALUATE_ALL_OPTIONS, REPRODUCE_OPTIONS } from "../cli/main-options.js";
import { SWEEP_OPTIONS } from "../cli/sweep-commands.js";
import { CALIBRATE_OPTIONS } from "../cli/calibrate-commands.js";
import { SCORERS_OPTIONS } from "../cli/scorers-commands.js";
import { EXPLORE_OPTIONS } from "../cli/explore-commands.js";
import { BASELINES_OPTIONS, BASELINES_PARITY_OPTIONS } from "../cli/baselines-commands.js";
import { CONSTRUCT_OPTIONS } from "../cli/construct-commands.js";
import { FIGURES_OPTIONS } from "../cli/figures-commands.js";
import {
  STATEMENTS_AGREEMENT_OPTIONS,
  STATEMENTS_EVAL_OPTIONS,
  STATEMENTS_GENERATE_OPTIONS,
  STATEMENTS_REVIEW_OPTIONS,
} from "../cli/statements-commands.js";
import { SETUP_OPTIONS } from "../cli/setup-commands.js";
import { COMPARE_OPTIONS } from "../cli/compare-commands.js";
import { CACHE_OPTIONS, SCORE_OPTIONS, VERIFY_OPTIONS } from "../cli/score-commands.js";

const CLI = resolve("dist/cli/main.js");
const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });

/** Every command and subcommand with declared options: the words after "capqa", and the declaration. */
const DECLARED: { readonly words: readonly string[]; readonly specs: OptionSpecs }[] = [
  { words: ["reproduce"], specs: REPRODUCE_OPTIONS },
  { words: ["evaluate"], specs: EVALUATE_ALL_OPTIONS },
  { words: ["data", "fetch"], specs: DATA_OPTIONS },
  { words: ["data", "verify"], specs: DATA_OPTIONS },
  { words: ["data", "info"], specs: DATA_OPTIONS },
  { words: ["sweep"], specs: SWEEP_OPTIONS },
  { words: ["calibrate"], specs: CALIBRATE_OPTIONS },
  { words: ["scorers", "fit"], specs: SCORERS_OPTIONS },
  { words: ["scorers", "evaluate"], specs: SCORERS_OPTIONS },
  { words: ["explore"], specs: EXPLORE_OPTIONS },
  { words: ["baselines"], specs: BASELINES_OPTIONS },
  { words: ["baselines", "parity"], specs: BASELINES_PARITY_OPTIONS },
  { words: ["construct", "prepare"], specs: CONSTRUCT_OPTIONS },
  { words: ["construct", "candidates"], specs: CONSTRUCT_OPTIONS },
  { words: ["construct", "statements"], specs: CONSTRUCT_OPTIONS },
  { words: ["construct", "answers"], specs: CONSTRUCT_OPTIONS },
  { words: ["figures"], specs: FIGURES_OPTIONS },
  { words: ["statements", "generate"], specs: STATEMENTS_GENERATE_OPTIONS },
  { words: ["statements", "review"], specs: STATEMENTS_REVIEW_OPTIONS },
  { words: ["statements", "eval"], specs: STATEMENTS_EVAL_OPTIONS },
  { words: ["statements", "agreement"], specs: STATEMENTS_AGREEMENT_OPTIONS },
  { words: ["setup"], specs: SETUP_OPTIONS },
  { words: ["compare"], specs: COMPARE_OPTIONS },
  { words: ["score"], specs: SCORE_OPTIONS },
  { words: ["cache", "stats"], specs: CACHE_OPTIONS },
  { words: ["cache", "import-released"], specs: CACHE_OPTIONS },
  { words: ["verify-model"], specs: VERIFY_OPTIONS },
];

const helpCache = new Map<string, string>();
/** "capqa help <command>", checked to exit 0 and print to standard output. */
function helpOf(command: string): string {
  let text = helpCache.get(command);
  if (text === undefined) {
    const r = run(["help", command]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, "");
    text = r.stdout;
    helpCache.set(command, text);
  }
  return text;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The help has the option's own line: indented, its label, then its help text or the end of the line. */
const hasOptionLine = (help: string, name: string, spec: OptionSpecs[string]) =>
  new RegExp(`^[ ]+${escapeRegExp(optionLabel(name, spec))}(?: |$)`, "m").test(help);

for (const { words, specs } of DECLARED) {
  test(`capqa help ${words[0]} documents every option of capqa ${words.join(" ")}`, () => {
    const help = helpOf(words[0]);
    assert.notEqual(help, helpOf("nonexistent-topic"), `capqa help ${words[0]} prints the top-level help`);
    const missing = Object.entries(specs).filter(([name, spec]) => !help.includes(`--${name}`) || !hasOptionLine(help, name, spec));
    assert.deepEqual(
      missing.map(([name]) => `--${name}`),
      [],
      `capqa ${words.join(" ")} declares options that "capqa help ${words[0]}" has no line for`,
    );
    // "capqa <command> [sub] --help" prints the same text.
    const viaFlag = run([...words, "--help"]);
    assert.equal(viaFlag.status, 0, viaFlag.stderr);
    assert.equal(viaFlag.stdout, help);
  });
}

test("every parseArgs call of cli/ parses a declaration", () => {
  for (const file of readdirSync(resolve("cli")).filter((f) => f.endsWith(".ts"))) {
    const source = readFileSync(resolve("cli", file), "utf8");
    for (const m of source.matchAll(/parseArgs\(\{[\s\S]*?\}\)/g)) {
      assert.match(
        m[0],
        /options: parseOptions\([A-Z_]+\)/,
        `cli/${file}: options declared inline, not with defineOptions: ${m[0].slice(0, 120)}`,
      );
    }
  }
});

test("--quiet and --seed are documented wherever they are declared, --seed with its default", () => {
  const quiet = DECLARED.filter((d) => "quiet" in d.specs);
  const seed = DECLARED.filter((d) => "seed" in d.specs);
  // The commands of issue 14's count (and a few more) declare them.
  assert.ok(quiet.length >= 8, `${quiet.length} commands declare --quiet`);
  assert.ok(seed.length >= 3, `${seed.length} commands declare --seed`);
  for (const { words, specs } of quiet)
    assert.ok(hasOptionLine(helpOf(words[0]), "quiet", specs.quiet), `capqa help ${words[0]}: no --quiet line`);
  for (const { words, specs } of seed) {
    const help = helpOf(words[0]);
    assert.ok(hasOptionLine(help, "seed", specs.seed), `capqa help ${words[0]}: no --seed line`);
    assert.match(specs.seed.help, new RegExp(`default ${DEFAULT_SEED}\\b`), `capqa ${words.join(" ")}: --seed's help gives no default`);
  }
});

test("every declaration: string options name their value, every option has help, shared options start with COMMON_OPTIONS' text", () => {
  for (const { words, specs } of DECLARED) {
    for (const [name, spec] of Object.entries(specs)) {
      const where = `capqa ${words.join(" ")} --${name}`;
      assert.ok(spec.help.trim().length > 0, `${where}: no help`);
      if (spec.type === "string") assert.ok(spec.value && spec.value.length > 0, `${where}: no value placeholder`);
      else assert.equal(spec.value, undefined, `${where}: a boolean takes no value`);
    }
    // (construct's --cache-dir and --no-cache are its LLM response cache, not the NLI cache.)
    for (const name of ["data-dir", "quiet", "threads", "ordering", "lambda", "bertscore-model", "comet-model"] as const) {
      // A command may add a sentence of its own after the shared text.
      if (name in specs)
        assert.ok(specs[name].help.startsWith(COMMON_OPTIONS[name].help), `capqa ${words.join(" ")} --${name}: not COMMON_OPTIONS' help`);
    }
  }
  assert.match(COMMON_OPTIONS.bootstrap.help, new RegExp(`default ${DEFAULT_BOOTSTRAP_RESAMPLES}\\b`));
});

test("parseOptions gives parseArgs its options: type, multiple, short; the help stays behind", () => {
  const specs = defineOptions({
    in: { type: "string", multiple: true, value: "FILE", help: "Input." },
    quiet: { type: "boolean", short: "q", help: "Quiet." },
    seed: { type: "string", value: "S", help: "Seed." },
  });
  assert.deepEqual(parseOptions(specs), {
    in: { type: "string", multiple: true },
    quiet: { type: "boolean", multiple: false, short: "q" },
    seed: { type: "string", multiple: false },
  });
  const { values } = parseArgs({ args: ["--in", "a", "-q", "--in", "b", "--seed", "7"], options: parseOptions(specs), strict: true });
  assert.deepEqual({ ...values }, { in: ["a", "b"], quiet: true, seed: "7" });
  assert.throws(() => parseArgs({ args: ["--nope"], options: parseOptions(specs), strict: true }), {
    code: "ERR_PARSE_ARGS_UNKNOWN_OPTION",
  });
});

test("optionsHelp: aligned labels, help wrapped at the width, long labels on a line of their own", () => {
  const specs = defineOptions({
    out: { type: "string", value: "DIR", help: "Output folder (default out/x)." },
    quiet: { type: "boolean", short: "q", help: "No progress." },
    "label-column": { type: "string", help: "No placeholder of its own." },
    objective: { type: "string", value: "spearman|kendall|pairwise_accuracy", help: "The statistic maximised (default spearman)." },
    bootstrap: {
      type: "string",
      value: "N",
      help: "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen",
    },
  });
  assert.equal(
    optionsHelp(specs, { width: 60, maxLabel: 20 }),
    [
      "  --out DIR             Output folder (default out/x).",
      "  -q, --quiet           No progress.",
      "  --label-column VALUE  No placeholder of its own.",
      "  --objective spearman|kendall|pairwise_accuracy",
      "                        The statistic maximised (default",
      "                        spearman).",
      "  --bootstrap N         one two three four five six seven",
      "                        eight nine ten eleven twelve",
      "                        thirteen fourteen fifteen",
    ].join("\n"),
  );
  // Every line within the width, except a label that is wider on its own.
  for (const line of optionsHelp(specs, { width: 60, maxLabel: 20 }).split("\n"))
    if (!line.includes("objective")) assert.ok(line.length <= 60, line);
  // The column follows the widest label (up to maxLabel); indent moves everything.
  assert.equal(
    optionsHelp(defineOptions({ a: { type: "boolean", help: "A." }, bb: { type: "string", value: "N", help: "B." } }), { indent: 4 }),
    "    --a     A.\n    --bb N  B.",
  );
  // Labels: short alias, boolean without value, default placeholder.
  assert.equal(optionLabel("quiet", { type: "boolean", short: "q", help: "" }), "-q, --quiet");
  assert.equal(optionLabel("x", { type: "string", help: "" }), "--x VALUE");
  // wrapText: words kept whole, "\n" starts a line, a word longer than the width stands alone.
  assert.deepEqual(wrapText("aa bb cc\ndd averyveryverylongword ee", 6), ["aa bb", "cc", "dd", "averyveryverylongword", "ee"]);
  // With the default width of 100, the generated help of every command keeps to it (labels aside).
  for (const { specs: s } of DECLARED) {
    for (const line of optionsHelp(s).split("\n")) {
      const label = /^ {2}(-\S.*?)(?: {2}|$)/.exec(line)?.[1];
      if (line.length > 100) assert.ok(label !== undefined && line.trimEnd() === `  ${label}`, `line over 100 columns: ${line}`);
    }
  }
});

test("progress lines give the rate and the time left; durations read as a person says them", () => {
  assert.equal(progressLine("NLI pairs", 0, 17654, 0), "NLI pairs: 0/17654 (0 %), 0.0 s");
  assert.equal(progressLine("NLI pairs", 1200, 17654, 12), "NLI pairs: 1200/17654 (6 %), 12.0 s, 100/s, about 2 min 45 s left");
  assert.equal(progressLine("bootstrap", 3, 10, 4), "bootstrap: 3/10 (30 %), 4.0 s, 0.8/s, about 9 s left");
  assert.equal(progressLine("bootstrap", 10, 10, 4), "bootstrap: 10/10 (100 %), 4.0 s, 2.5/s");
  assert.deepEqual(
    [durationText(0), durationText(59.4), durationText(60), durationText(3599), durationText(3660)],
    ["0 s", "59 s", "1 min 0 s", "59 min 59 s", "1 h 1 min"],
  );
});

test("did you mean: the nearest name within two edits and under half the word, else nothing; negative numbers join their flag", () => {
  assert.equal(didYouMean("--qiet", ["--quiet", "--out"]), ' (did you mean "--quiet"?)');
  assert.equal(didYouMean("scroe", ["score", "sweep", "explore"]), ' (did you mean "score"?)');
  assert.equal(didYouMean("frobnicate", ["score", "sweep"]), "");
  assert.equal(didYouMean("ab", ["cd"]), "");
  assert.equal(didYouMean("x", []), "");
  assert.deepEqual(joinNegativeNumbers(["--lambda", "-0.1", "--alpha", "-.5", "--in", "-", "--quiet", "a"]), [
    "--lambda=-0.1",
    "--alpha=-.5",
    "--in",
    "-",
    "--quiet",
    "a",
  ]);
});

test("every command's help, as printed, keeps within 100 columns; a wrapped row continues under its description", async () => {
  const { helpForTerminal } = await import("../cli/terminal.js");
  const commands = "reproduce evaluate data score cache verify-model compare statements sweep calibrate scorers explore baselines";
  for (const command of ["", ...commands.split(" "), "construct", "figures", "manifest", "setup"]) {
    const r = run(["help", ...(command ? [command] : [])]);
    assert.equal(r.status, 0, command);
    for (const line of r.stdout.split("\n"))
      assert.ok([...line].length <= 100, `capqa help ${command}: ${[...line].length} columns: ${line}`);
  }
  const row = `  score                ${"word ".repeat(30).trim()}`;
  assert.deepEqual(helpForTerminal(row).split("\n"), [
    `  score                ${"word ".repeat(15).trim()}`,
    `                       ${"word ".repeat(15).trim()}`,
  ]);
  assert.deepEqual(helpForTerminal(`capqa x ${"--flag ".repeat(20).trim()}`).split("\n"), [
    `capqa x ${"--flag ".repeat(12).trim()}`,
    `        ${"--flag ".repeat(8).trim()}`,
  ]);
  assert.equal(helpForTerminal("short line\n  kept"), "short line\n  kept");
});
