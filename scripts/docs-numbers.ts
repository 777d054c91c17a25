/**
 * Checks that the numbers README.md and docs/*.md state are what capqa measures today (issue 24,
 * part 4), as `.ci/run` runs it:
 *
 *   node dist/scripts/docs-numbers.js [--full] [--root DIR] [--only docs/PAGE.md …]
 *
 * - docs/statements.md's blocks written by scripts/statements-numbers.ts: that script's --check
 *   (regenerated in memory, compared line by line);
 * - every other number stated by hand (scripts/docs-numbers/pages.ts): found by the sentence
 *   around it and compared with what the released data, the fixtures and the library give.
 *   A changed number fails naming its file and line; a reworded sentence fails as missing.
 * Timings are not checked (machine-dependent); the docs name the script and machine that
 * measured each. Bootstrap intervals of 10,000 resamples are checked only with --full (about 20 s
 * more CPU time); without it the run takes about 20 s of CPU time on the 2-core machine,
 * statements-numbers --check on a second core beside the rest.
 *
 * --root DIR   read README.md and docs/ from DIR instead of this checkout (a copy under test)
 * --only FILE  check only these pages (repeatable)
 *
 * Data: $CAPQA_DATA_DIR (else ./data, else ../shared/data/cap-correctness) and
 * $CAPQA_STATEMENTS_DIR (else ../shared/data/cap-statements); without them it fails, saying so.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { DATA_FILES } from "../lib/constants.js";
import { releasedDataDir } from "../test/helpers.js";
import { checkClaims, type ClaimFailure, type ClaimsResult } from "./docs-numbers/claims.js";
import { Measurements } from "./docs-numbers/measure.js";
import { PAGES } from "./docs-numbers/pages.js";

const STATEMENTS_PAGE = "docs/statements.md";
/** The sections whose blocks docs/statements.md holds (as its block headers name them). */
const STATEMENTS_SECTIONS = ["--sets", "--held-out", "--tables", "--flags", "--cap", "--agreement"];

const started = performance.now();
const repo = fileURLToPath(new URL("../..", import.meta.url));
const args = process.argv.slice(2);
/** The value after a flag (the next argument), or undefined when the flag is not given. */
const flagValue = (flag: string, at = args.indexOf(flag)) => {
  if (at >= 0 && (args[at + 1] === undefined || args[at + 1].startsWith("--"))) usage(`${flag} needs a value`);
  return at >= 0 ? args[at + 1] : undefined;
};
function usage(message: string): never {
  console.error(`docs-numbers: ${message}\nusage: node dist/scripts/docs-numbers.js [--full] [--root DIR] [--only docs/PAGE.md …]`);
  process.exit(2);
}
const known = new Set(["--full", "--root", "--only"]);
args.forEach((a, i) => {
  if (a.startsWith("--") && !known.has(a)) usage(`unknown option ${a}`);
  if (!a.startsWith("--") && !["--root", "--only"].includes(args[i - 1])) usage(`unexpected argument ${a}`);
});
const full = args.includes("--full");
const root = resolve(flagValue("--root") ?? repo);
const only = args.flatMap((a, i) => (a === "--only" ? [flagValue(a, i)!] : []));
for (const page of only)
  if (!(page in PAGES)) usage(`--only ${page}: no such page with numbers; the pages are ${Object.keys(PAGES).join(", ")}`);
const pages = only.length > 0 ? only : Object.keys(PAGES);

const { dataDir, statementsDir } = dataFolders();
const statementsCheck = pages.includes(STATEMENTS_PAGE) ? runStatementsCheck() : undefined;

const measurements = new Measurements({ repo, dataDir, statementsDir, full });
const results: ClaimsResult[] = [];
for (const page of pages) {
  try {
    results.push(checkClaims(root, await PAGES[page](measurements)));
  } catch (error) {
    results.push({
      checked: 0,
      unchecked: [],
      failures: [{ file: page, message: `measuring its numbers failed: ${error instanceof Error ? error.message : String(error)}` }],
    });
  }
}
const failures: ClaimFailure[] = results.flatMap((r) => r.failures);
const checked = results.reduce((n, r) => n + r.checked, 0);
const leftToFull = results.reduce((n, r) => n + r.unchecked.length, 0);
const statements = statementsCheck ? await statementsCheck : undefined;

for (const f of failures) console.error(`${f.file}${f.line ? `:${f.line}` : ""}: ${f.message}`);
if (statements && !statements.ok) console.error(statements.output.trimEnd());
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const blocks = statements
  ? `; ${STATEMENTS_PAGE}'s blocks ${statements.ok ? "agree" : "differ"} (scripts/statements-numbers.ts --check)`
  : "";
const left = leftToFull > 0 ? ` (${leftToFull} bootstrap numbers left to --full)` : "";
if (failures.length > 0 || (statements && !statements.ok)) {
  const problems = failures.length === 1 ? "1 number or sentence differs" : `${failures.length} numbers or sentences differ`;
  console.error(`docs-numbers: ${problems} from what capqa measures (${checked} numbers checked)${blocks}; ${seconds} s`);
  process.exitCode = 1;
} else
  console.log(`docs-numbers: ${checked} numbers on ${pages.length} pages agree with what capqa measures${left}${blocks}; ${seconds} s`);

/** The released data and CAP-Statements folders; a clear error when either is missing, since nothing can be checked without them. */
function dataFolders(): { dataDir: string; statementsDir: string } {
  const fromEnv = process.env.CAPQA_DATA_DIR;
  const dataDir = fromEnv ?? releasedDataDir();
  const missingData =
    dataDir === undefined ? Object.values(DATA_FILES) : Object.values(DATA_FILES).filter((f) => !existsSync(join(dataDir, f)));
  const statementsDir = resolve(process.env.CAPQA_STATEMENTS_DIR ?? join(repo, "../shared/data/cap-statements"));
  const statementFiles = ["CAP-Statements.train.csv", "CAP-Statements.validation.csv"];
  const hasStatements =
    statementFiles.every((f) => existsSync(join(statementsDir, f))) || existsSync(join(statementsDir, "CAP-Statements.csv"));
  const problems = [
    ...(missingData.length > 0
      ? [
          `the released CAP-Correctness data is not in ${dataDir ?? "CAPQA_DATA_DIR, ./data or ../shared/data/cap-correctness"} (${missingData.join(", ")} missing): set CAPQA_DATA_DIR to the folder \`capqa data fetch\` fills`,
        ]
      : []),
    ...(hasStatements
      ? []
      : [`CAP-Statements is not in ${statementsDir} (${statementFiles.join(" and ")}, or CAP-Statements.csv): set CAPQA_STATEMENTS_DIR`]),
  ];
  if (problems.length > 0 || dataDir === undefined) {
    console.error(
      `docs-numbers: the docs' numbers cannot be checked without the data they are measured on:\n${problems.map((p) => `  ${p}`).join("\n")}`,
    );
    process.exit(1);
  }
  return { dataDir: resolve(dataDir), statementsDir };
}

/** scripts/statements-numbers.ts --check in a child process (it runs beside the measurements here, on another core). */
function runStatementsCheck(): Promise<{ ok: boolean; output: string }> {
  const child = spawn(
    process.execPath,
    [join(repo, "dist/scripts/statements-numbers.js"), ...STATEMENTS_SECTIONS, "--check", "--root", root],
    {
      cwd: repo,
      env: { ...process.env, CAPQA_DATA_DIR: dataDir, CAPQA_STATEMENTS_DIR: statementsDir },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise((done) => {
    child.on("error", (error) => done({ ok: false, output: `scripts/statements-numbers.ts could not run: ${error.message}` }));
    child.on("close", (code) => done({ ok: code === 0, output }));
  });
}
