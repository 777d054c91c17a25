/**
 * Notebooks hold calls, not library logic: no code cell longer than 15 non-empty lines, and none
 * reaching into dist/ (notebooks import "capqa" and its subpaths, as a user of the package does).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const MAX_LINES = 15;
/** Code cells allowed to be longer because they hold data literals (notebook file, cell index): none so far. */
const DATA_LITERAL_CELLS: readonly [string, number][] = [];

const dir = resolve("notebooks");
const notebooks = readdirSync(dir)
  .filter((f) => f.endsWith(".ipynb"))
  .sort();
const codeCells = (file: string) => {
  const nb = JSON.parse(readFileSync(join(dir, file), "utf8")) as { cells: { cell_type: string; source: string | string[] }[] };
  return nb.cells
    .map((c, index) => ({ index, type: c.cell_type, source: Array.isArray(c.source) ? c.source.join("") : c.source }))
    .filter((c) => c.type === "code");
};

test("there are notebooks to check", () => assert.ok(notebooks.length >= 11, notebooks.join(", ")));

test(`no notebook code cell is longer than ${MAX_LINES} non-empty lines`, () => {
  const long: string[] = [];
  for (const file of notebooks) {
    for (const c of codeCells(file)) {
      const n = c.source.split("\n").filter((l) => l.trim() !== "").length;
      if (n > MAX_LINES && !DATA_LITERAL_CELLS.some(([f, i]) => f === file && i === c.index))
        long.push(`${file} cell ${c.index}: ${n} lines`);
    }
  }
  assert.deepEqual(long, []);
});

test("no notebook imports from dist/ (or any relative path into the build)", () => {
  const bad: string[] = [];
  const pattern = /(?:from\s+|import\s*\(\s*|require\s*\(\s*)["'][^"']*\bdist\//;
  for (const file of notebooks) for (const c of codeCells(file)) if (pattern.test(c.source)) bad.push(`${file} cell ${c.index}`);
  assert.deepEqual(bad, []);
});

test("notebooks are committed without outputs or execution counts (scripts/run-notebooks.py --strip clears them)", () => {
  const dirty: string[] = [];
  for (const file of notebooks) {
    const nb = JSON.parse(readFileSync(join(dir, file), "utf8")) as {
      cells: { cell_type: string; outputs?: unknown[]; execution_count?: number | null }[];
    };
    nb.cells.forEach((c, i) => {
      if (c.cell_type === "code" && ((c.outputs?.length ?? 0) > 0 || c.execution_count != null)) dirty.push(`${file} cell ${i}`);
    });
  }
  assert.deepEqual(dirty, []);
});
