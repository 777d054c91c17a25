/**
 * scripts/docs-numbers.ts, the check that the docs' numbers are what capqa measures (issue 24,
 * part 4): it passes on this checkout; a copy of a page with one number changed fails naming the
 * file, the line and both numbers; a reworded sentence fails as missing; docs/statements.md's
 * script-written block is checked by statements-numbers --check; no data is a clear failure.
 * The claim matcher itself is checked on small texts (bounds, line numbers, literal labels).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { atMost, checkClaims, literal, says, unchecked } from "../scripts/docs-numbers/claims.js";
import { releasedDataDir, runNode } from "./helpers.js";

const CHECKER = resolve("dist/scripts/docs-numbers.js");
const STATEMENTS_NUMBERS = resolve("dist/scripts/statements-numbers.js");
const dataDir = releasedDataDir();
const statementsDir = [process.env.CAPQA_STATEMENTS_DIR, resolve("../shared/data/cap-statements")].find(
  (d) => d && existsSync(join(d, "CAP-Statements.validation.csv")),
);
const noData =
  dataDir && statementsDir ? false : "the released data or CAP-Statements is not present (set CAPQA_DATA_DIR and CAPQA_STATEMENTS_DIR)";
const env = { CAPQA_DATA_DIR: dataDir ?? "", CAPQA_STATEMENTS_DIR: statementsDir ?? "" };

const root = mkdtempSync(join(tmpdir(), "capqa-docs-numbers-"));
process.on("exit", () => rmSync(root, { recursive: true, force: true }));

/** A copy of README.md and docs/ with `from` replaced by `to` once in `page`; returns the folder and the line of the change. */
function copyWithChange(name: string, page: string, from: string, to: string): { dir: string; line: number } {
  const dir = join(root, name);
  mkdirSync(dir);
  cpSync("README.md", join(dir, "README.md"));
  cpSync("docs", join(dir, "docs"), { recursive: true });
  const text = readFileSync(join(dir, page), "utf8");
  const at = text.indexOf(from);
  assert.ok(at >= 0 && text.indexOf(from, at + 1) < 0, `${page} holds "${from}" once`);
  writeFileSync(join(dir, page), text.slice(0, at) + to + text.slice(at + from.length));
  return { dir, line: text.slice(0, at).split("\n").length };
}

test("claims: a number is found across line breaks and compared as text; a bound must hold and be within twice the measurement; labels stay literal", () => {
  const dir = join(root, "claims");
  mkdirSync(dir);
  writeFileSync(join(dir, "page.md"), "Intro.\nThe data hold 1,638\nhuman labels; CAP agrees to ≤ 3e-13 and to ≤ 1e-6.\n| row a | 0.5 |\n");
  const page = says("page.md");
  const ok = checkClaims(dir, [
    page`hold ${"1,638"} human labels; CAP agrees to ≤ ${atMost(2.5e-13)} and`,
    page`| ${literal("row a")} | ${"0.5"} |`,
  ]);
  assert.deepEqual(ok.failures, []);
  assert.equal(ok.checked, 3);

  const bad = checkClaims(dir, [
    page`hold ${"1,639"} human labels`,
    page`agrees to ≤ ${atMost(4e-13)} and`,
    page`and to ≤ ${atMost(1e-9)}.`,
    page`hold ${unchecked("later")} human labels`,
    page`| ${literal("row b")} | ${"0.5"} |`,
  ]);
  assert.equal(bad.checked, 3);
  assert.deepEqual(
    bad.failures.map((f) => [f.line, f.message.split(" (in ")[0]]),
    [
      [2, "the docs say 1,638 where the measurement gives 1,639"],
      [3, "the docs state the bound 3e-13, but the measurement is 4.00e-13, above it"],
      [3, "the docs state the bound 1e-6, more than twice the measurement 1.00e-9: state it closer"],
      [
        undefined,
        'the sentence "| row b | … |" is not there any more (reworded or moved? update scripts/docs-numbers/pages.ts with the docs)',
      ],
    ],
  );
  assert.deepEqual(
    bad.unchecked.map((u) => [u.line, u.stated]),
    [[2, "1,638"]],
  );
});

test("docs-numbers passes on this checkout: every number the docs state is what capqa measures today", {
  skip: noData,
  timeout: 300_000,
}, async () => {
  const r = await runNode(CHECKER, [], env);
  assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
  assert.match(r.stdout, /docs-numbers: \d+ numbers on \d+ pages agree with what capqa measures .*docs\/statements\.md's blocks agree/);
});

test("a page with one number changed fails naming the file, the line, the number stated and the one measured", {
  skip: noData,
  timeout: 120_000,
}, async () => {
  const { dir, line } = copyWithChange(
    "changed",
    "docs/reproduce.md",
    "Table 14: CAP 4/25 violations, BLEU 14,",
    "Table 14: CAP 4/25 violations, BLEU 15,",
  );
  const r = await runNode(CHECKER, ["--root", dir, "--only", "docs/reproduce.md"], env);
  assert.equal(r.code, 1, `${r.stdout}\n${r.stderr}`);
  assert.match(
    r.stderr,
    new RegExp(`^docs/reproduce\\.md:${line}: the docs say 15 where the measurement gives 14 \\(in ".*BLEU 15.*"\\)$`, "m"),
  );
  assert.match(r.stderr, /docs-numbers: 1 number or sentence differs from what capqa measures/);
});

test("a reworded sentence fails as missing, naming the page and the sentence", { skip: noData, timeout: 120_000 }, async () => {
  const { dir } = copyWithChange(
    "reworded",
    "docs/your-data.md",
    "exactly 8,827 rows in the CSV's order",
    "exactly 8,827 rows, in the CSV's order",
  );
  const r = await runNode(CHECKER, ["--root", dir, "--only", "docs/your-data.md"], env);
  assert.equal(r.code, 1, `${r.stdout}\n${r.stderr}`);
  assert.match(r.stderr, /^docs\/your-data\.md: the sentence "exactly … rows in the CSV's order" is not there any more/m);
});

test("statements-numbers --check: a number changed in docs/statements.md's written block fails with the line and both versions, and writes nothing", {
  skip: noData,
  timeout: 120_000,
}, async () => {
  const page = readFileSync("docs/statements.md", "utf8");
  const row = /^\| dev\.csv \| (\d+) \|.*$/m.exec(page);
  assert.ok(row, "docs/statements.md has the dev.csv row of its sets' table");
  const changed = row[0].replace(`| dev.csv | ${row[1]} |`, `| dev.csv | ${Number(row[1]) + 1} |`);
  const { dir, line } = copyWithChange("statements", "docs/statements.md", row[0], changed);
  const before = readFileSync(join(dir, "docs/statements.md"), "utf8");
  const r = await runNode(STATEMENTS_NUMBERS, ["--sets", "--held-out", "--tables", "--flags", "--cap", "--check", "--root", dir], env);
  assert.equal(r.code, 1, `${r.stdout}\n${r.stderr}`);
  assert.match(
    r.stderr,
    /docs\/statements\.md: the statements-numbers block \(line \d+\) is not what the script measures today; regenerate it with node dist\/scripts\/statements-numbers\.js --sets --held-out --tables --flags --cap --readme/,
  );
  assert.ok(r.stderr.includes(`  - docs, line ${line}: ${changed}`), r.stderr);
  assert.ok(r.stderr.includes(`  + measured:       ${row[0]}`), r.stderr);
  assert.equal(readFileSync(join(dir, "docs/statements.md"), "utf8"), before, "--check writes nothing");
});

test("without the released data docs-numbers fails, saying what is missing and what to set", async () => {
  const empty = join(root, "no-data");
  mkdirSync(empty);
  const r = await runNode(CHECKER, [], { CAPQA_DATA_DIR: empty, CAPQA_STATEMENTS_DIR: empty });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /docs-numbers: the docs' numbers cannot be checked without the data they are measured on/);
  assert.ok(
    r.stderr.includes(
      `the released CAP-Correctness data is not in ${empty} (CAP-Correctness.csv, CAP-Correctness-splits.csv, scores.json, results.json missing): set CAPQA_DATA_DIR`,
    ),
    r.stderr,
  );
  assert.ok(r.stderr.includes(`CAP-Statements is not in ${empty}`), r.stderr);
  assert.equal(r.stdout, "");
});
