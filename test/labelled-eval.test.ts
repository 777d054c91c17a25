/**
 * `capqa evaluate --in FILE --label-column COL`: the user's own labelled data. The released test
 * rows written out as a labelled CSV give `evaluate --split test`'s tables exactly; texts are
 * turned into BLEU/ROUGE-L and CAP (through capqa score's path, here with the fixture model);
 * absent classes and unknown labels are handled as documented.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadBenchmark, releasedColumn, selectRows } from "../lib/data/benchmark.js";
import { toCsv } from "../lib/io/csv.js";
import { TABLE_NAMES } from "../lib/eval/evaluate.js";
import { bleuPair, rougeLPair } from "../lib/baselines/index.js";
import { CLASSES, paperName } from "../lib/taxonomy/index.js";
import { readRowTable } from "../lib/io/row-table.js";
import { writeTinyModel } from "../scripts/fixtures/tiny-nli.js";
import { releasedDataDir } from "./helpers.js";

const CLI = resolve("dist/cli/main.js");
const dataDir = releasedDataDir();
const root = mkdtempSync(join(tmpdir(), "capqa-labelled-"));
const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });
const readJson = (dir: string, table: string) => JSON.parse(readFileSync(join(dir, `${table}.json`), "utf8"));

test("the released test rows as a labelled CSV reproduce evaluate --split test exactly, table by table", {
  skip: dataDir ? false : "no released data",
}, () => {
  const bench = loadBenchmark(dataDir!);
  const sel = selectRows(bench, "test");
  const metrics = ["cap", "bleu", "rouge_l", "meteor", "bertscore"];
  const cols = Object.fromEntries(metrics.map((m) => [m, releasedColumn(bench, m, sel.rowIds)]));
  // Labels as people write them: the paper's hyphens, capitals, spaces.
  const spell = (c: string, k: number) =>
    [c, paperName(c as (typeof CLASSES)[number]).toUpperCase(), ` ${paperName(c as (typeof CLASSES)[number])} `][k % 3];
  const rows = Array.from(sel.rowIds, (_, k) => ({
    my_label: spell(CLASSES[sel.classes[k]], k),
    ...Object.fromEntries(metrics.map((m) => [m, cols[m][k]])),
  }));
  const file = join(root, "test-rows.csv");
  writeFileSync(file, toCsv(["my_label", ...metrics], rows));
  const a = join(root, "in");
  const b = join(root, "split");
  const r1 = run(["evaluate", "--in", file, "--label-column", "my_label", "--bootstrap", "300", "--quiet", "--out", a]);
  assert.equal(r1.status, 0, r1.stderr);
  const r2 = run(["evaluate", "--data-dir", dataDir!, "--split", "test", "--bootstrap", "300", "--quiet", "--out", b]);
  assert.equal(r2.status, 0, r2.stderr);
  for (const t of TABLE_NAMES) assert.deepEqual(readJson(a, t), readJson(b, t), t);
});

test("texts become BLEU, ROUGE-L and CAP (capqa score's path); an absent class is reported and its pairs left out; unknown labels name the row", () => {
  const model = join(root, "tiny-nli");
  writeTinyModel(model, { precisions: ["fp32"] });
  const base = [
    ["What is the sun?", "a star", "a star", "exact"],
    ["What is the sun?", "a star", "the star", "equivalent"],
    ["What is water?", "H2O", "liquid H2O and ice", "overinclusive-valid"],
    ["What do cows eat?", "grass", "grass and meat", "overinclusive_invalid"],
    ["What do plants need?", "light and water", "light", "Partial"],
    ["What is the sun?", "a star", "a moon", "invalid"],
    ["Where does rain come from?", "clouds", "from the clouds", "alternative correct"],
  ];
  // Three of each, so every present class has rows; no contradictory row at all.
  const rows = [0, 1, 2].flatMap((rep) =>
    base.map(([question, gold_answer, answer, label], i) => ({
      question,
      gold_answer: `${gold_answer}${rep ? ` ${rep}` : ""}`,
      answer,
      label,
      mine: (i * 7 + rep * 3) % 10,
    })),
  );
  const file = join(root, "texts.csv");
  writeFileSync(file, toCsv(["question", "gold_answer", "answer", "label", "mine"], rows));
  const out = join(root, "texts-out");
  const r = run([
    "evaluate",
    "--in",
    file,
    "--label-column",
    "label",
    "--metrics",
    "cap,bleu,rouge_l,mine",
    "--model",
    model,
    "--no-cache",
    "--bootstrap",
    "100",
    "--quiet",
    "--out",
    out,
  ]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /No row has class contradictory: the class pairs involving it are left out/);
  const pairs = readJson(out, "class_pairs");
  assert.ok(
    pairs.length > 0 && pairs.every((p: { better: string; worse: string }) => p.better !== "contradictory" && p.worse !== "contradictory"),
  );
  assert.equal(
    pairs.filter((p: { metric: string }) => p.metric === "cap").length,
    25 - 7,
    "Eq. 1: contradictory is below the 7 other classes",
  );
  const mono = readJson(out, "monotonicity");
  for (const m of mono) {
    assert.equal(m.class_pairs, 18);
    assert.equal(
      m.mean_violations,
      pairs.filter((p: { metric: string; mean_violation: boolean }) => p.metric === m.metric && p.mean_violation).length,
      `${m.metric}: violations counted over present pairs`,
    );
  }
  const meta = JSON.parse(readFileSync(join(out, "meta.json"), "utf8"));
  assert.deepEqual(meta.absentClasses, ["contradictory"]);
  // BLEU and ROUGE-L from the texts, CAP as capqa score computes it: class means against a direct computation.
  const scored = join(root, "texts-scored.csv");
  const s = run(["score", "--in", file, "--out", scored, "--model", model, "--no-cache", "--quiet"]);
  assert.equal(s.status, 0, s.stderr);
  const capOf = (readRowTable(scored).rows as Record<string, string>[]).map((x) => Number(x.cap));
  const desc = readJson(out, "descriptives");
  for (const cls of ["exact", "partial", "invalid"]) {
    const idx = rows
      .map((x, k) => [x, k] as const)
      .filter(([x]) => x.label.toLowerCase().replace(/[ -]/g, "_") === cls)
      .map(([, k]) => k);
    const mean = (f: (k: number) => number) => idx.reduce((a, k) => a + f(k), 0) / idx.length;
    const get = (metric: string) => desc.find((d: { metric: string; label: string }) => d.metric === metric && d.label === cls).mean;
    assert.ok(Math.abs(get("cap") - mean((k) => capOf[k])) < 1e-12, `cap ${cls}`);
    assert.ok(Math.abs(get("bleu") - mean((k) => bleuPair(rows[k].gold_answer, rows[k].answer))) < 1e-12, `bleu ${cls}`);
    assert.ok(Math.abs(get("rouge_l") - mean((k) => rougeLPair(rows[k].gold_answer, rows[k].answer))) < 1e-12, `rouge_l ${cls}`);
  }

  const bad = join(root, "bad-label.csv");
  writeFileSync(bad, "label,cap\nexact,0.9\nmostly right,0.5\n");
  const rb = run(["evaluate", "--in", bad, "--label-column", "label", "--bootstrap", "0", "--out", join(root, "bad-out")]);
  assert.equal(rb.status, 1);
  assert.match(rb.stderr, /bad-label\.csv, line 3, row 1, field label: "mostly right" is not a class of the taxonomy/);
  const rm = run(["evaluate", "--in", bad, "--label-column", "lbl", "--bootstrap", "0", "--out", join(root, "bad-out")]);
  assert.match(rm.stderr, /field lbl: no such column/);
  const rs = run(["evaluate", "--in", bad, "--label-column", "label", "--split", "test", "--out", join(root, "bad-out")]);
  assert.equal(rs.status, 2);
  assert.match(rs.stderr, /--split applies to the released benchmark, not to --in FILE/);
});

test("several gold answers in your own data: BLEU and METEOR against every gold (NLTK), ROUGE-L the best (score_multi), CAP the best gold", async () => {
  const { bleuMulti, meteorMulti, rougeLMulti } = await import("../lib/baselines/index.js");
  const model = join(root, "tiny-nli-multi");
  writeTinyModel(model, { precisions: ["fp32"] });
  const base = [
    ["What is the capital of France?", ["Paris", "the city of Paris"], "Paris is the capital", "exact"],
    ["What do cows eat?", ["grass", "hay and grass"], "they eat hay", "partial"],
    ["What is water?", ["H2O", "a liquid made of hydrogen and oxygen"], "a gas", "invalid"],
    ["Which planet is red?", ["Mars", "the planet Mars"], "Venus", "contradictory"],
  ] as const;
  const rows = [0, 1, 2].flatMap((rep) =>
    base.map(([question, golds, answer, label]) => ({
      question: `${question}${rep ? ` (${rep})` : ""}`,
      gold_answers: JSON.stringify(golds),
      answer,
      label,
    })),
  );
  const file = join(root, "multi.csv");
  writeFileSync(file, toCsv(["question", "gold_answers", "answer", "label"], rows));
  const out = join(root, "multi-out");
  const r = run([
    "evaluate",
    "--in",
    file,
    "--label-column",
    "label",
    "--metrics",
    "bleu,meteor,rouge_l,cap",
    "--model",
    model,
    "--no-cache",
    "--bootstrap",
    "0",
    "--quiet",
    "--out",
    out,
  ]);
  assert.equal(r.status, 0, r.stderr);
  const desc = readJson(out, "descriptives");
  for (const cls of ["exact", "partial"]) {
    const idx = rows
      .map((x, k) => [x, k] as const)
      .filter(([x]) => x.label === cls)
      .map(([, k]) => k);
    const mean = (f: (golds: string[], answer: string) => number) =>
      idx.reduce((a, k) => a + f(JSON.parse(rows[k].gold_answers), rows[k].answer), 0) / idx.length;
    const get = (metric: string) => desc.find((d: { metric: string; label: string }) => d.metric === metric && d.label === cls).mean;
    assert.ok(Math.abs(get("bleu") - mean(bleuMulti)) < 1e-12, `bleu ${cls}`);
    assert.ok(Math.abs(get("meteor") - mean((g, a) => meteorMulti(g, a))) < 1e-12, `meteor ${cls}`);
    assert.ok(Math.abs(get("rouge_l") - mean(rougeLMulti)) < 1e-12, `rouge_l ${cls}`);
  }
  // CAP: the same file through capqa score (the best gold per row).
  const scored = join(root, "multi-scored.csv");
  const s = run(["score", "--in", file, "--out", scored, "--model", model, "--no-cache", "--quiet"]);
  assert.equal(s.status, 0, s.stderr);
  const capOf = (readRowTable(scored).rows as Record<string, string>[]).map((x) => Number(x.cap));
  const idx = rows
    .map((x, k) => [x, k] as const)
    .filter(([x]) => x.label === "exact")
    .map(([, k]) => k);
  const capMean = idx.reduce((a, k) => a + capOf[k], 0) / idx.length;
  assert.ok(
    Math.abs(desc.find((d: { metric: string; label: string }) => d.metric === "cap" && d.label === "exact").mean - capMean) < 1e-12,
  );
  const meta = JSON.parse(readFileSync(join(out, "meta.json"), "utf8"));
  assert.ok(meta.metrics.some((m: { name: string; source: string }) => m.name === "bleu" && /every gold answer/.test(m.source)));
});
