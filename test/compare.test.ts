/**
 * capqa compare (Sec. 7.4): two systems' answers scored by capqa score (with the fixture model),
 * with human labels, give Table 5 (class means, checked against a direct computation), Table 6,
 * the class-pair inversions, paired differences on shared questions and both figures.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { toCsv } from "../lib/io/csv.js";
import { classLevelSet, type ThresholdClassifier } from "../lib/calibrate/classifier.js";
import { compareSystems, readSystem } from "../lib/compare/index.js";
import { readRowTable } from "../lib/io/row-table.js";
import { CLASSES, orderedPairs, tryParseClass } from "../lib/taxonomy/index.js";
import { writeTinyModel } from "../scripts/fixtures/tiny-nli.js";

const CLI = resolve("dist/cli/main.js");
const root = mkdtempSync(join(tmpdir(), "capqa-compare-"));
const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });
const model = join(root, "tiny-nli");
writeTinyModel(model, { precisions: ["fp32"] });

const QUESTIONS = [
  ["What is the sun?", "a star"],
  ["What is water made of?", "hydrogen and oxygen"],
  ["What do cows eat?", "grass"],
  ["What do plants need to grow?", "light and water"],
  ["Where does rain come from?", "clouds"],
  ["What is the boiling point of water?", "100 degrees"],
  ["Which planet is the largest?", "Jupiter"],
  ["What gas do plants take in?", "carbon dioxide"],
];
/** Each system's answer and the human label for it, per question, cycling through the classes. */
const SYSTEM_A = ["a star", "hydrogen and oxygen atoms", "grass and hay", "light", "the sky", "100 degrees celsius", "Saturn", "oxygen"];
const LABELS_A = [
  "exact",
  "equivalent",
  "overinclusive-valid",
  "partial",
  "alternative-correct",
  "Overinclusive-Invalid",
  "invalid",
  "contradictory",
];
const SYSTEM_B = ["the sun is a star", "water", "meat", "light and water", "clouds", "50 degrees", "Jupiter", "carbon dioxide gas"];
const LABELS_B = ["equivalent", "partial", "invalid", "exact", "exact", "invalid", "exact", "overinclusive_valid"];

function scored(name: string, answers: string[], labels: string[], repeat = 3): string {
  const rows = Array.from({ length: repeat }, (_, r) =>
    QUESTIONS.map(([q, g], i) => ({ id: `q${r}-${i}`, question: q, gold_answer: g, answer: answers[i], label: labels[i] })),
  ).flat();
  const input = join(root, `${name}-answers.csv`);
  writeFileSync(input, toCsv(["id", "question", "gold_answer", "answer", "label"], rows));
  const out = join(root, `${name}.csv`);
  const r = run(["score", "--in", input, "--out", out, "--model", model, "--no-cache", "--quiet"]);
  assert.equal(r.status, 0, r.stderr);
  return out;
}

test("compare two scored systems with human labels: Table 5 equals a direct computation; Table 6, inversions, differences and both figures are written", () => {
  const a = scored("sys-a", SYSTEM_A, LABELS_A);
  const b = scored("sys-b", SYSTEM_B, LABELS_B);
  const out = join(root, "cmp");
  const r = run(["compare", "--in", a, b, "--names", "System A,System B", "--bootstrap", "500", "--out", out]);
  assert.equal(r.status, 0, r.stderr);
  const t5 = JSON.parse(readFileSync(join(out, "table5_class_means.json"), "utf8"));
  const t6 = JSON.parse(readFileSync(join(out, "table6_class_counts.json"), "utf8"));
  for (const [file, name] of [
    [a, "System A"],
    [b, "System B"],
  ]) {
    const rows = readRowTable(file).rows as Record<string, string>[];
    for (const cls of CLASSES) {
      const caps = rows.filter((x) => tryParseClass(x.label) === cls).map((x) => Number(x.cap));
      const row = t5.find((x: { system: string; class: string }) => x.system === name && x.class === cls);
      assert.equal(row.n, caps.length, `${name} ${cls} n`);
      if (caps.length === 0) assert.equal(row.mean, null);
      else {
        assert.ok(Math.abs(row.mean - caps.reduce((s, x) => s + x, 0) / caps.length) < 1e-12, `${name} ${cls} mean`);
        assert.ok(row.ciLow <= row.mean + 1e-12 && row.mean <= row.ciHigh + 1e-12);
      }
      assert.equal(t6.find((x: { system: string; class: string }) => x.system === name && x.class === cls).count, caps.length);
    }
  }
  // Inversions over the pairs whose classes both systems have.
  const viol = JSON.parse(readFileSync(join(out, "class_pair_violations.json"), "utf8"));
  const bClasses = new Set(LABELS_B.map((l) => tryParseClass(l)));
  const presentPairs = orderedPairs().filter((p) => bClasses.has(p.better) && bClasses.has(p.worse)).length;
  assert.equal(viol.filter((v: { system: string }) => v.system === "System B").length, presentPairs);
  assert.equal(viol.filter((v: { system: string }) => v.system === "System A").length, 25, "System A has every class");
  // Paired differences on the 24 shared questions.
  const diff = JSON.parse(readFileSync(join(out, "paired_differences.json"), "utf8"));
  assert.equal(diff.length, 1);
  assert.equal(diff[0].shared, 24);
  const capA = (readRowTable(a).rows as Record<string, string>[]).map((x) => Number(x.cap));
  const capB = (readRowTable(b).rows as Record<string, string>[]).map((x) => Number(x.cap));
  assert.ok(Math.abs(diff[0].meanDifference - capA.reduce((s, x, k) => s + x - capB[k], 0) / 24) < 1e-12);
  // The terminal: both systems aligned, then the paired difference with its interval.
  const lines = r.stdout.trimEnd().split("\n");
  assert.deepEqual(lines[0].split(/\s{2,}/), ["system", "scored", "mean CAP", "class pairs inverted"]);
  const signed = (x: number) => `${x > 0 ? "+" : x < 0 ? "−" : "±"}${Math.abs(x).toFixed(4)}`;
  const line = lines.find((l) => l.startsWith("System A − System B")) ?? "";
  assert.deepEqual(line.split(/\s{2,}/), [
    "System A − System B",
    "24",
    signed(diff[0].meanDifference),
    `[${signed(diff[0].ciLow)}, ${signed(diff[0].ciHigh)}]`,
    diff[0].pSystemNotBetter.toFixed(4),
  ]);
  for (const l of lines) assert.ok([...l].length <= 100, l);
  for (const f of ["fig-class-distribution.json", "fig-class-means.json", "summary.md", "meta.json"])
    assert.ok(existsSync(join(out, f)), f);
  const means = JSON.parse(readFileSync(join(out, "fig-class-means.json"), "utf8"));
  assert.equal(means.data.length, 2, "one trace per system");
  assert.match(
    readFileSync(join(out, "summary.md"), "utf8"),
    /## Table 5: mean CAP \(×100\) per class, human labels[\s\S]*\| Class \| System A \| System B \|/,
  );
  const meta = JSON.parse(readFileSync(join(out, "meta.json"), "utf8"));
  assert.equal(meta.manifest.inputs.length, 2);
});

test("without labels the classifier's levels give Table 6; duplicate keys and bad labels name the row", () => {
  const rows = (caps: number[]) =>
    toCsv(
      ["id", "cap"],
      caps.map((cap, i) => ({ id: i, cap })),
    );
  const a = join(root, "plain-a.csv");
  const b = join(root, "plain-b.csv");
  writeFileSync(a, rows([0.05, 0.2, 0.5, 0.9, 0.95, 0.99]));
  writeFileSync(b, rows([0.1, 0.1, 0.3, 0.6, 0.7, 0.98]));
  const levelSet = classLevelSet();
  const classifier: ThresholdClassifier = {
    kind: "capqa-threshold-classifier",
    version: 1,
    levelSet,
    cuts: [0.1, 0.2, 0.3, 0.4, 0.6, 0.8, 0.95],
    objective: "macro_f1",
    score: { metric: "cap" },
  };
  const c = compareSystems([readSystem(a, { classifier }), readSystem(b, { classifier })], { resamples: 100 });
  assert.equal(c.countsFrom, "classifier");
  assert.equal(c.classMeans.length, 0);
  const count = (sys: string, level: string) => c.classCounts.find((x) => x.system === sys && x.class === level)?.count;
  // plain-a: 0.05 → below every cut (contradictory); 0.99 → above 0.95 (exact).
  assert.equal(count("plain-a", "contradictory"), 1);
  assert.equal(count("plain-a", "exact"), 2);
  assert.equal(
    c.classCounts.filter((x) => x.system === "plain-a").reduce((s, x) => s + x.count, 0),
    6,
  );
  assert.equal(c.classCounts[0].class, "exact", "most correct level first");

  // A classifier of another metric labels rows from that metric's column, not from CAP; without the column, an error names it.
  const judged = join(root, "judged.csv");
  writeFileSync(
    judged,
    toCsv(
      ["id", "cap", "judge"],
      [0.05, 0.2, 0.5, 0.9].map((cap, i) => ({ id: i, cap, judge: [9, 1, 5, ""][i] })),
    ),
  );
  const judge: ThresholdClassifier = {
    kind: "capqa-threshold-classifier",
    version: 1,
    levelSet: {
      name: "mine",
      levels: [
        { name: "bad", classes: ["bad"] },
        { name: "good", classes: ["good"] },
      ],
    },
    cuts: [4.5],
    objective: "explorer",
    score: { metric: "judge" },
  };
  assert.deepEqual(readSystem(judged, { classifier: judge }).predicted, ["good", "bad", "good", null]);
  assert.throws(
    () => readSystem(a, { classifier: judge }),
    /classifies the metric judge, but .*plain-a\.csv has no column judge; its columns are id, cap/,
  );

  const dup = join(root, "dup.csv");
  writeFileSync(dup, "id,cap,label\n1,0.5,exact\n1,0.4,partial\n");
  assert.throws(() => readSystem(dup), /dup\.csv, line 3, row 1, field id: "1" appears twice \(first on line 2\)/);
  const bad = join(root, "bad.csv");
  writeFileSync(bad, "id,cap,label\n1,0.5,great\n");
  assert.throws(() => readSystem(bad), /bad\.csv, line 2, row 0, field label: "great" is not a class/);
  const r = run(["compare", "--in", a, b, "--names", "only-one", "--out", join(root, "x")]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--names gives 1 names for 2 files/);
});
