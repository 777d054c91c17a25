/**
 * What capqa prints on a terminal, within 100 columns: reproduce's verdict (a table reproduces
 * when every number, rounded as the paper prints it, lies within one unit of the paper's last
 * digit; bootstrap bounds within REPRODUCE_BOOTSTRAP_TOLERANCE, violation counts exactly;
 * otherwise the differing numbers are named with the reason), evaluate's aligned metrics with
 * intervals, and Markdown reports (calibrate, sweep, statements eval) as aligned tables.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { reproductionVerdicts, type ReproducedCell, type ReproducedTable, type Reproduction } from "../lib/eval/index.js";
import { REPRODUCE_BOOTSTRAP_TOLERANCE } from "../lib/constants.js";
import { releasedDataDir } from "./helpers.js";
import { markdownForTerminal } from "../cli/terminal.js";

const cell = (table: string, row: string, column: string, paper: number, capqa: number): ReproducedCell => ({
  table,
  row,
  column,
  paper,
  capqa,
  diff: Number((capqa - paper).toFixed(4)),
});
const table = (id: string, cells: ReproducedCell[], notes: string[] = []): ReproducedTable => ({
  id,
  title: `Table ${id.slice(5)}: test`,
  rowHeader: "metric",
  cells,
  notes,
});
const reproduction = (tables: ReproducedTable[], maxPointDiff = 1e-13) =>
  ({
    tables,
    released: { maxPointDiff, maxBootstrapDiff: 0.002, missingHere: [], missingThere: [], fields: [] },
  }) as unknown as Reproduction;

test("the verdict's rules: one unit of the printed digit after rounding, the bootstrap tolerance, counts exactly", () => {
  const [t2, t8, t13, t14] = reproductionVerdicts(
    reproduction([
      // 87.1461 prints as 87.15, one unit from 87.16: reproduced; 53.2255 prints as 53.23, 2.12 from 55.35: not.
      table("table2", [
        cell("table2", "CAP", "Pairwise Acc.", 87.16, 87.1461),
        cell("table2", "ROUGE-L", "Pairwise Acc.", 55.35, 53.2255),
        cell("table2", "BLEU", "Kendall τ", 13, 13.0251),
      ]),
      table(
        "table8",
        [cell("table8", "κ", "κ", 77.9, 77.96), cell("table8", "κ lin", "κ", 82.5, 82.68)],
        ["Table 8 does NOT reproduce from the released labels."],
      ),
      table("table13", [
        cell("table13", "CAP", "Spearman CI low", 60, 60 + REPRODUCE_BOOTSTRAP_TOLERANCE),
        cell("table13", "CAP", "Spearman CI high", 70, 70.51),
      ]),
      table("table14", [
        cell("table14", "BLEU", "Violating class pairs (of 25)", 14, 14),
        cell("table14", "BLEU", "Violation rate", 56, 56),
      ]),
    ]),
  );
  assert.equal(t2.label, "Table 2");
  assert.equal(t2.reproduces, false);
  assert.deepEqual(
    t2.differing.map((c) => c.row),
    ["ROUGE-L", "BLEU"],
  );
  assert.equal(t2.within, 1);
  assert.equal(t2.maxAbsDiff, 2.1245);
  assert.match(t2.why ?? "", /printed paper differs here from the authors' own results\.json/);
  // Table 8 prints one decimal: 77.96 → 78.0 is 0.1 away (reproduced), 82.68 → 82.7 is 0.2 away (not).
  assert.deepEqual([t8.within, t8.tolerance, t8.why], [1, 0.1, "Table 8 does NOT reproduce from the released labels."]);
  assert.deepEqual([t13.within, t13.reproduces, t13.differing[0].column], [1, false, "Spearman CI high"]);
  assert.deepEqual([t14.reproduces, t14.tolerance, t14.why], [true, 0, null]);
  // Without results.json capqa cannot tell a printing difference from its own.
  assert.match(
    reproductionVerdicts({ ...reproduction([table("table2", [cell("table2", "X", "Y", 1, 2)])]), released: undefined })[0].why ?? "",
    /unknown/,
  );
});

const data = releasedDataDir();

test("capqa reproduce ends with a verdict per table, within 100 columns, naming what differs and why", {
  skip: data === undefined && "released data not found",
}, () => {
  const out = mkdtempSync(join(tmpdir(), "capqa-verdict-"));
  const r = spawnSync(
    process.execPath,
    [resolve("dist/cli/main.js"), "reproduce", "--bootstrap", "1000", "--data-dir", data!, "--out", out],
    { encoding: "utf8" },
  );
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trimEnd().split("\n");
  for (const l of lines) assert.ok([...l].length <= 100, `a line over 100 columns: ${l}`);
  const verdict = (label: string) => lines.find((l) => l.startsWith(`  ${label} `)) ?? "";
  for (const label of ["Table 13", "Table 14", "Table 16"]) assert.match(verdict(label), /reproduces: (\d+) of \1 numbers/, label);
  assert.match(verdict("Table 14"), /equal to the paper's/);
  assert.match(verdict("Table 8"), /differs: 0 of 3 numbers within 0\.1/);
  assert.match(r.stdout, /ROUGE-L, Pairwise Acc\.: 55\.35 printed, 53\.23 here \(−2\.12\)/);
  assert.match(r.stdout, /OV, Synthetic: 50\.07 printed, 50\.79 here \(\+0\.72\)/);
  assert.match(r.stdout, /Table 8 does NOT reproduce from the released labels/);
  assert.ok(lines.at(-1)?.endsWith(`${out}/README.md`));
  // The tables themselves stay in the files, not on the terminal.
  assert.doesNotMatch(r.stdout, /^\|/m);
});

test("capqa evaluate prints each metric's ρ, τ and pairwise accuracy with their intervals and its violations, aligned within 100 columns", {
  skip: data === undefined && "released data not found",
}, () => {
  const out = mkdtempSync(join(tmpdir(), "capqa-evaluate-table-"));
  const r = spawnSync(
    process.execPath,
    [
      resolve("dist/cli/main.js"),
      "evaluate",
      "--split",
      "test",
      "--metrics",
      "cap,bleu",
      "--bootstrap",
      "200",
      "--data-dir",
      data!,
      "--out",
      out,
    ],
    {
      encoding: "utf8",
    },
  );
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trimEnd().split("\n");
  assert.deepEqual(lines[0].split(/\s{2,}/), ["metric", "Spearman ρ", "Kendall τ", "pairwise accuracy", "violations"]);
  // Table 2 and Table 14 of the paper: CAP ρ 60.38, 4 violating class pairs; BLEU 10.95, 14.
  assert.match(
    lines[1],
    /^cap\s+0\.6038 \[0\.\d{3}, 0\.\d{3}\]\s+0\.4884 \[0\.\d{3}, 0\.\d{3}\]\s+0\.7770 \[0\.\d{3}, 0\.\d{3}\]\s+4 of 25$/,
  );
  assert.match(lines[2], /^bleu\s+0\.1095 \[.*\]\s+14 of 25$/);
  for (const l of lines) assert.ok([...l].length <= 100, l);
  const column = (l: string) => l.indexOf("0.", 8);
  assert.equal(column(lines[1]), column(lines[2]), "the columns line up");
});

test("Markdown reports on a terminal: tables aligned, escaped pipes shown, numbers right-aligned, long headers as L1… with a legend", () => {
  const md = ["# Title", "", "| level | F1 | n |", "| --- | --- | --- |", "| a\\|b | 0.5 | 12 |", "| longer level | 0.25 | 3 |", ""].join(
    "\n",
  );
  assert.equal(
    markdownForTerminal(md),
    ["# Title", "", "level           F1   n", "a|b            0.5  12", "longer level  0.25   3", ""].join("\n"),
  );
  const names = [
    "contradictory",
    "invalid",
    "overinclusive_invalid",
    "partial",
    "overinclusive_valid",
    "exact|equivalent|alternative_correct",
  ];
  const wide = [
    "| true \\ predicted | " + names.map((n) => n.replace(/\|/g, "\\|")).join(" | ") + " |",
    "| --- |" + " --- |".repeat(6),
    ...names.map((n, k) => `| ${n.replace(/\|/g, "\\|")} | ${[1, 2, 3, 4, 5, 6].map((x) => x * k).join(" | ")} |`),
  ].join("\n");
  const lines = markdownForTerminal(wide).split("\n");
  assert.match(lines[0], /^true \\ predicted\s+L1\s+L2\s+L3\s+L4\s+L5\s+L6$/);
  assert.match(lines.slice(7).join(" "), /^\(L1 = contradictory; L2 = invalid; .* L6 = exact\|equivalent\|alternative_correct\)$/);
  for (const l of lines) assert.ok([...l].length <= 100, l);
});

test("capqa calibrate's report on a terminal: no Markdown escapes, aligned, within 100 columns", {
  skip: data === undefined && "released data not found",
}, () => {
  const out = mkdtempSync(join(tmpdir(), "capqa-calibrate-terminal-"));
  const r = spawnSync(process.execPath, [resolve("dist/cli/main.js"), "calibrate", "--bootstrap", "0", "--data-dir", data!, "--out", out], {
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stdout, /\\\||^\|/m);
  assert.match(r.stdout, /^exact\|equivalent\|alternative_correct\s+0\.\d{4}/m);
  for (const l of r.stdout.split("\n")) assert.ok([...l].length <= 100, l);
});
