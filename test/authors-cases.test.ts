/**
 * The authors' own test cases (ElitsaY/Correctness_eval, tests/), their inputs and expected
 * values run through capqa: floating-point noise as a tie, pair counts and rates, brute-force
 * pair counts on rounded scores.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { CLASSES, PAPER_ORDERING, checkHardPairs, defineOrdering, orderedPairs, parseOrdering } from "../lib/taxonomy/index.js";
import { configFlagValues, readExperimentConfig } from "../lib/eval/experiment-config.js";
import { ordinalSummary, pairwiseAccuracy } from "../lib/stats/pairwise.js";
import { roundToDecimals } from "../lib/stats/ties.js";
import { evaluateMetrics } from "../lib/eval/evaluate.js";
import { Xoshiro128 } from "../lib/stats/random.js";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { toCsv } from "../lib/io/csv.js";
import { buildManifest, fileDigest } from "../lib/io/manifest.js";
import { describeChanges, verifyManifest } from "../lib/io/manifest-verify.js";
import { readRowTable } from "../lib/io/row-table.js";
import { evaluateLabelledFile, withoutIncompleteRows } from "../lib/eval/labelled-eval.js";

const cls = (name: string) => CLASSES.indexOf(name as (typeof CLASSES)[number]);

test("floating-point noise is a tie: 0.49999999999999994 and 0.5 in pairwise accuracy, class pairs and ranks", async () => {
  assert.equal(0.49999999999999994 < 0.5, true); // raw doubles differ
  const raw = pairwiseAccuracy([0.49999999999999994, 0.5], [1, 0], { scoreDecimals: null });
  assert.deepEqual([raw.wins, raw.ties, raw.losses], [0, 0, 1]); // raw: a loss
  const tied = pairwiseAccuracy([0.49999999999999994, 0.5], [1, 0]);
  assert.deepEqual([tied.wins, tied.ties, tied.losses], [0, 1, 0]);

  // Class pairs: exact scores 0.1 + 0.2, partial 0.3: a tie, so accuracy 0 and AUC 0.5.
  const classes = Uint8Array.from([cls("exact"), cls("partial")]);
  const pair = ordinalSummary([0.1 + 0.2, 0.3], classes).classPairs.find((p) => p.better === "exact" && p.worse === "partial")!;
  assert.deepEqual([pair.wins, pair.ties, pair.losses, pair.auc], [0, 1, 0, 0.5]);
  const rawPair = ordinalSummary([0.1 + 0.2, 0.3], classes, PAPER_ORDERING, { scoreDecimals: null }).classPairs.find(
    (p) => p.better === "exact" && p.worse === "partial",
  )!;
  assert.deepEqual([rawPair.wins, rawPair.ties], [1, 0]);

  // Ranks: three rows, the first two equal to 10 decimals, so Spearman sees a tie.
  const three = Uint8Array.from([cls("exact"), cls("partial"), cls("invalid")]);
  const ev = await evaluateMetrics(three, [{ name: "m", scores: Float64Array.from([0.49999999999999994, 0.5, 0.1]), source: "test" }], {
    resamples: 0,
  });
  const evRaw = await evaluateMetrics(three, [{ name: "m", scores: Float64Array.from([0.49999999999999994, 0.5, 0.1]), source: "test" }], {
    resamples: 0,
    scoreDecimals: null,
  });
  assert.equal(ev.tables.correlations[0].pair_ties, 1);
  assert.equal(evRaw.tables.correlations[0].pair_ties, 0);
  assert.ok((ev.tables.correlations[0].spearman as number) > (evRaw.tables.correlations[0].spearman as number));
});

test("numpy's np.round(x, 10): half to even, idempotent", () => {
  assert.equal(roundToDecimals(0.49999999999999994, 10), 0.5);
  assert.equal(roundToDecimals(0.1 + 0.2, 10), 0.3);
  assert.equal(roundToDecimals(0.12345678905, 10), 0.123456789); // 1234567890.5 (as a double, just below) → 1234567890
  assert.equal(roundToDecimals(-2.5e-10, 10), -2e-10); // −2.5 → −2, the even neighbour
  assert.equal(roundToDecimals(3.5e-10, 10), 4e-10);
  assert.equal(roundToDecimals(1e300, 10), 1e300); // the product overflows: left as it is
  for (const x of [0.3, 0.1234567891, 1 / 3, 2 / 3]) assert.equal(roundToDecimals(roundToDecimals(x, 10), 10), roundToDecimals(x, 10));
});

test("pair counts and rates: 6 wins, 2 ties, 2 losses give accuracy 0.6, AUC 0.7, violation rate 0.2 (authors' test_pair_counts_rates)", () => {
  // exact (better) scores against partial (worse): 6 wins, 2 ties, 2 losses over 10 pairs.
  const scores = [3, 3, 2, 1, 1.5, 1, 2];
  const classes = Uint8Array.from([0, 0, 0, 0, 0, 4, 4]);
  const s = ordinalSummary(scores, classes);
  const p = s.classPairs.find((c) => c.better === "exact" && c.worse === "partial")!;
  assert.deepEqual([p.pairs, p.wins, p.ties, p.losses], [10, 6, 2, 2]);
  assert.equal(p.accuracy, 0.6);
  assert.equal(p.auc, 0.7);
  assert.equal(p.losses / p.pairs, 0.2);
  assert.equal(s.rowLevelViolationRate, 0.2);
  // No comparable pair: accuracy NaN.
  assert.ok(Number.isNaN(pairwiseAccuracy([1, 2], [0, 0]).accuracy));
  assert.equal(pairwiseAccuracy([], []).pairs, 0);
});

test("pairwise ranking equals brute force on scores rounded to one decimal and to integers (authors' seeds 0-4, our generator)", () => {
  for (let seed = 0; seed < 5; seed++) {
    const rng = new Xoshiro128(seed, 3);
    const severity = Array.from({ length: 120 }, () => rng.nextInt(5));
    const scores = severity.map((v) => Math.round(v + 4 * (rng.nextFloat() - 0.5)));
    let wins = 0;
    let ties = 0;
    let losses = 0;
    for (let i = 0; i < 120; i++)
      for (let j = i + 1; j < 120; j++) {
        if (severity[i] === severity[j]) continue;
        const [hi, lo] = severity[i] > severity[j] ? [i, j] : [j, i];
        if (scores[hi] > scores[lo]) wins++;
        else if (scores[hi] === scores[lo]) ties++;
        else losses++;
      }
    const r = pairwiseAccuracy(scores, severity);
    assert.deepEqual([r.wins, r.ties, r.losses], [wins, ties, losses]);
  }
});

/** The authors' _frame(labels, answers): question, gold_answer, answer, premise, hypothesis, label_semantic; and a metric column. */
function authorsFrame(labels: string[], answers?: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "capqa-authors-"));
  const file = join(dir, "data.csv");
  const rows = labels.map((label, i) => ({
    question: `q${i}`,
    gold_answer: "gold",
    answer: answers ? answers[i] : "ans",
    premise: "p",
    hypothesis: "h",
    label_semantic: label,
    m: i / 10,
  }));
  writeFileSync(file, toCsv(["question", "gold_answer", "answer", "premise", "hypothesis", "label_semantic", "m"], rows));
  return file;
}

test("a row with an empty answer is left out with its row id and reported; labels are normalised (authors' test_load_drops_incomplete_rows_and_keeps_row_ids)", async () => {
  const file = authorsFrame([" Exact", "partial", "invalid"], ["a", "", "c"]);
  const ev = await evaluateLabelledFile(file, { labelColumn: "label_semantic", metrics: ["m"], resamples: 0 });
  assert.equal(ev.rows, 2);
  assert.deepEqual(
    ev.excluded.map((e) => [e.rowId, e.line, e.reason]),
    [[1, 3, "empty answer"]],
  );
  // The rows kept are 0 and 2: exact and invalid, one each.
  const n = (label: string) => ev.tables.descriptives.find((d) => d.label === label)?.n;
  assert.deepEqual([n("exact"), n("invalid")], [1, 1]);
  assert.equal(ev.tables.descriptives.find((d) => d.label === "exact")?.mean, 0);
  assert.equal(ev.tables.descriptives.find((d) => d.label === "invalid")?.mean, 0.2);
  assert.ok(ev.absentClasses.includes("partial"));
  // The same through withoutIncompleteRows, and a row_id column is kept as the id.
  const table = readRowTable(file);
  assert.deepEqual(withoutIncompleteRows(table).kept, [0, 2]);
  const withIds = { ...table, columns: [...table.columns, "row_id"], rows: table.rows.map((r, k) => ({ ...r, row_id: String(100 + k) })) };
  assert.deepEqual(
    withoutIncompleteRows(withIds).excluded.map((e) => e.rowId),
    ["101"],
  );
});

test("an unknown label is refused by name (authors' test_load_rejects_unknown_labels)", async () => {
  const file = authorsFrame(["exact", "mystery"]);
  await assert.rejects(
    evaluateLabelledFile(file, { labelColumn: "label_semantic", metrics: ["m"], resamples: 0 }),
    /"mystery" is not a class of the taxonomy/,
  );
});

/** The authors' SEVERITY: a severity map over four of the eight classes. */
const SEVERITY = { exact: 2, equivalent: 2, partial: 1, invalid: 0 };
const FOUR = defineOrdering("authors-4", SEVERITY, { subset: true });

/** The authors' _scored_frame: 200 rows of the four classes, a perfect metric (severity + U(0, 0.5)) and a noisy one (U(0, 1)). */
function scoredFrame(): string {
  const rng = new Xoshiro128(0, 11);
  const names = Object.keys(SEVERITY) as (keyof typeof SEVERITY)[];
  const rows = Array.from({ length: 200 }, () => {
    const label = names[rng.nextInt(4)];
    return { label, perfect: SEVERITY[label] + 0.5 * rng.nextFloat(), noisy: rng.nextFloat() };
  });
  const file = join(mkdtempSync(join(tmpdir(), "capqa-authors-")), "scored.csv");
  writeFileSync(file, toCsv(["label", "perfect", "noisy"], rows));
  return file;
}

test("a severity map over four classes, named hard pairs, a perfect metric ranked first (authors' test_evaluate_is_deterministic_and_ranks_a_perfect_metric_first)", async () => {
  const file = scoredFrame();
  const options = {
    labelColumn: "label",
    metrics: ["perfect", "noisy"],
    reference: "perfect",
    ordering: FOUR,
    hardPairs: [["equivalent", "partial"]],
    resamples: 50,
    seed: 1,
    threads: 1,
  };
  const first = await evaluateLabelledFile(file, options);
  const second = await evaluateLabelledFile(file, options);
  assert.deepEqual(first.tables, second.tables);
  // Class pairs skip equal severity (exact, equivalent) and every unranked class.
  const pairs = new Set(first.tables.class_pairs.filter((r) => r.metric === "perfect").map((r) => `${r.better}>${r.worse}`));
  assert.deepEqual(pairs, new Set(["exact>partial", "exact>invalid", "equivalent>partial", "equivalent>invalid", "partial>invalid"]));
  const corr = first.tables.correlations.find((r) => r.metric === "perfect")!;
  assert.equal(corr.pairwise_accuracy, 1);
  assert.equal(corr.pairwise_accuracy_ci_low, 1);
  assert.equal(first.tables.monotonicity.find((r) => r.metric === "perfect")!.mean_violations, 0);
  assert.ok(first.tables.hard_pairs.length > 0 && first.tables.hard_pairs.every((r) => r.better === "equivalent" && r.worse === "partial"));
  assert.ok(first.tables.paired_differences.length > 0 && first.tables.paired_differences.every((r) => (r.mean_difference as number) > 0));
  // A row of a class outside the map is refused by name.
  const other = join(mkdtempSync(join(tmpdir(), "capqa-authors-")), "other.csv");
  writeFileSync(other, "label,perfect\nexact,1\nalternative_correct,2\n");
  await assert.rejects(
    evaluateLabelledFile(other, { labelColumn: "label", metrics: ["perfect"], ordering: FOUR, resamples: 0 }),
    /line 3.*class alternative_correct has no severity in the ordering "authors-4"/,
  );
});

test("a hard pair that contradicts the ordering is refused with a message saying so (authors' test_evaluate_rejects_inconsistent_hard_pairs)", async () => {
  const file = scoredFrame();
  await assert.rejects(
    evaluateLabelledFile(file, {
      labelColumn: "label",
      metrics: ["noisy"],
      ordering: FOUR,
      hardPairs: [["partial", "equivalent"]],
      resamples: 1,
    }),
    /hard pair partial > equivalent contradicts the ordering "authors-4": partial \(severity 1\) does not outrank equivalent \(severity 2\)/,
  );
  assert.deepEqual(checkHardPairs([["Equivalent", "partial"]], PAPER_ORDERING), [["equivalent", "partial"]]);
  assert.throws(() => checkHardPairs([["partial", "partial"]], PAPER_ORDERING), /contradicts the ordering "paper-eq1"/);
});

test("the paper's hard pairs a user ordering does not order are left out with a note, not silently", async () => {
  const swapped = parseOrdering(
    "exact = equivalent = alternative_correct > partial > overinclusive_valid > overinclusive_invalid > invalid > contradictory",
  );
  const classes = Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7]);
  const ev = await evaluateMetrics(classes, [{ name: "m", scores: Float64Array.from([8, 7, 6, 5, 4, 3, 2, 1]), source: "test" }], {
    resamples: 0,
    ordering: swapped,
  });
  assert.deepEqual(
    ev.hardPairs.map(([b, w]) => `${b}>${w}`),
    ["equivalent>partial", "overinclusive_valid>overinclusive_invalid", "alternative_correct>invalid"],
  );
  assert.match(ev.notes.join(" "), /does not order the paper's hard pair overinclusive_valid > partial/);
  assert.deepEqual(
    new Set(ev.tables.hard_pairs.map((r) => `${r.better}>${r.worse}`)),
    new Set(["equivalent>partial", "alternative_correct>invalid", "overinclusive_valid>overinclusive_invalid"]),
  );
  // Named pairs under the paper's ordering replace Table 4's four.
  const named = await evaluateMetrics(classes, [{ name: "m", scores: Float64Array.from([8, 7, 6, 5, 4, 3, 2, 1]), source: "test" }], {
    resamples: 0,
    hardPairs: [["Exact", "partial"]],
  });
  assert.deepEqual(
    named.tables.hard_pairs.map((r) => `${r.better}>${r.worse}`),
    ["exact>partial"],
  );
  assert.throws(() => defineOrdering("four", SEVERITY), /missing classes .* subset option/);
});

test("capqa evaluate --hard-pairs: named pairs reported, a contradicting pair refused before any file is read", () => {
  const run = (args: string[]) => spawnSync(process.execPath, [resolve("dist/cli/main.js"), "evaluate", ...args], { encoding: "utf8" });
  const refused = run(["--hard-pairs", "partial>equivalent", "--data-dir", "/nonexistent"]);
  assert.equal(refused.status, 2, refused.stderr);
  assert.match(refused.stderr, /--hard-pairs: hard pair partial > equivalent contradicts the ordering "paper-eq1"/);
  const file = scoredFrame();
  const out = join(mkdtempSync(join(tmpdir(), "capqa-authors-")), "ev");
  const ok = run([
    "--in",
    file,
    "--label-column",
    "label",
    "--metrics",
    "perfect",
    "--hard-pairs",
    "equivalent>partial",
    "--bootstrap",
    "0",
    "--out",
    out,
    "--quiet",
  ]);
  assert.equal(ok.status, 0, ok.stderr);
  const hard = JSON.parse(readFileSync(join(out, "hard_pairs.json"), "utf8")) as { better: string; worse: string }[];
  assert.deepEqual(
    hard.map((r) => `${r.better}>${r.worse}`),
    ["equivalent>partial"],
  );
});

test("a run's manifest records settings and constants and says which input changed (authors' test_manifest_detects_changed_input)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "capqa-authors-"));
  const data = join(dir, "data.csv");
  writeFileSync(data, "a\n1\n");
  const manifestFile = join(dir, "run.manifest.json");
  writeFileSync(manifestFile, JSON.stringify(buildManifest({ command: ["x"], settings: { x: 1 }, inputs: [await fileDigest(data)] })));
  const recorded = JSON.parse(readFileSync(manifestFile, "utf8"));
  assert.deepEqual(recorded.settings, { x: 1 });
  assert.equal(recorded.constants.DEFAULT_SEED, 42);
  assert.equal(recorded.constants.DEFAULT_ALPHA, 0.85);
  assert.equal(recorded.constants.DEFAULT_LAMBDA, 0.3);
  assert.equal((await verifyManifest(manifestFile)).ok, true);
  writeFileSync(data, "a\n2\n");
  const changed = await verifyManifest(manifestFile);
  assert.equal(changed.ok, false);
  assert.deepEqual(
    changed.changed.map((c) => [c.what, c.path, c.status]),
    [["input", data, "changed"]],
  );
  assert.match(describeChanges(changed)[0], /input .*data\.csv changed since the run/);

  // Through the CLI: evaluate --in writes the manifest into meta.json; manifest verify checks it.
  const file = scoredFrame();
  const out = join(dir, "ev");
  const cli = (args: string[]) => spawnSync(process.execPath, [resolve("dist/cli/main.js"), ...args], { encoding: "utf8" });
  const ev = cli([
    "evaluate",
    "--in",
    file,
    "--label-column",
    "label",
    "--metrics",
    "perfect,noisy",
    "--reference",
    "perfect",
    "--bootstrap",
    "0",
    "--seed",
    "7",
    "--out",
    out,
    "--quiet",
  ]);
  assert.equal(ev.status, 0, ev.stderr);
  const meta = JSON.parse(readFileSync(join(out, "meta.json"), "utf8"));
  assert.equal(meta.manifest.settings.seed, 7);
  assert.equal(meta.manifest.settings.scoreDecimals, 10);
  assert.deepEqual(meta.manifest.settings.metrics, ["perfect", "noisy"]);
  assert.equal(meta.manifest.constants.DEFAULT_SEED, 42);
  const same = cli(["manifest", "verify", out]);
  assert.equal(same.status, 0, same.stderr);
  assert.match(same.stdout, /1 recorded file\(s\) checked, 0 changed/);
  writeFileSync(file, readFileSync(file, "utf8").replace("\n", "\n\n"));
  const differs = cli(["manifest", "verify", out]);
  assert.equal(differs.status, 1);
  assert.match(differs.stderr, /the run's inputs changed: input .*scored\.csv changed since the run/);
});

test("an experiment config file: capqa's example loads, flags win, unknown keys, strings for numbers and contradicting hard pairs are refused by name (authors' tests/test_config.py)", () => {
  const example = readExperimentConfig("configs/experiment.yaml");
  const flag = (name: string) => example.find((s) => s.flag === name)?.value;
  assert.equal(flag("seed"), "42");
  assert.equal(flag("alpha"), "0.85");
  assert.equal(flag("lambda"), "0.3");
  assert.equal(flag("bootstrap"), "10000");
  assert.equal(flag("metrics"), "cap,bleu,rouge_l,meteor,bertscore");
  assert.equal(
    flag("hard-pairs"),
    "equivalent>partial,overinclusive_valid>partial,overinclusive_valid>overinclusive_invalid,alternative_correct>invalid",
  );
  // The authors' severity map orders the classes as Eq. 1.
  const ordering = parseOrdering(flag("ordering")!);
  assert.deepEqual(orderedPairs(ordering), orderedPairs(PAPER_ORDERING));
  // The reference metric is among the metrics, as the authors' test_default_config_loads checks.
  assert.ok(flag("metrics")!.split(",").includes(flag("reference")!));

  const dir = mkdtempSync(join(tmpdir(), "capqa-config-"));
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  // Flags given on the command line win (the authors' overrides).
  assert.deepEqual(
    configFlagValues(
      example,
      "evaluate",
      ["seed", "split", "ordering", "hard-pairs", "alpha", "lambda", "metrics", "reference", "bootstrap"],
      { seed: "3" },
    ).seed,
    undefined,
  );
  assert.throws(() => readExperimentConfig(write("typo.yaml", "cap:\n  batch_sise: 2\n")), /unknown key cap\.batch_sise/);
  assert.throws(() => readExperimentConfig(write("top.yaml", "seed: 1\ntypo: 1\n")), /unknown key typo/);
  assert.throws(
    () => readExperimentConfig(write("string.yaml", 'cap:\n  forward_weight: "0.85"\n')),
    /cap\.forward_weight.*must be a number in \[0, 1\] \(a number, not a string\)/,
  );
  assert.throws(
    () => readExperimentConfig(write("pairs.yaml", "labels:\n  hard_pairs:\n    - [partial, equivalent]\n")),
    /labels\.hard_pairs.*partial > equivalent contradicts/,
  );
  assert.throws(
    () =>
      configFlagValues(
        readExperimentConfig(write("m.json", '{"evaluation": {"metrics": ["cap"]}}')),
        "sweep",
        ["seed", "split", "bootstrap"],
        {},
      ),
    /config key evaluation\.metrics does not apply to capqa sweep/,
  );
  assert.deepEqual(readExperimentConfig(write("same.json", '{"seed": 5, "evaluation": {"n_bootstrap": 0}}')), [
    { key: "seed", flag: "seed", value: "5" },
    { key: "evaluation.n_bootstrap", flag: "bootstrap", value: "0" },
  ]);

  // Through the CLI: the file's settings, a flag overriding one.
  const data = scoredFrame();
  const cfg = write(
    "run.yaml",
    "seed: 7\nlabels:\n  hard_pairs: [[equivalent, partial]]\nevaluation:\n  metrics: [perfect, noisy]\n  reference_metric: perfect\n  n_bootstrap: 0\n",
  );
  const out = join(dir, "ev");
  const run = spawnSync(
    process.execPath,
    [
      resolve("dist/cli/main.js"),
      "evaluate",
      "--in",
      data,
      "--label-column",
      "label",
      "--config",
      cfg,
      "--seed",
      "9",
      "--out",
      out,
      "--quiet",
    ],
    {
      encoding: "utf8",
    },
  );
  assert.equal(run.status, 0, run.stderr);
  const settings = JSON.parse(readFileSync(join(out, "meta.json"), "utf8")).manifest.settings;
  assert.equal(settings.seed, 9);
  assert.deepEqual(settings.metrics, ["perfect", "noisy"]);
  assert.deepEqual(settings.hardPairs, [["equivalent", "partial"]]);
  const refused = spawnSync(process.execPath, [resolve("dist/cli/main.js"), "sweep", "--config", cfg], { encoding: "utf8" });
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /--config .*run\.yaml: config key labels\.hard_pairs does not apply to capqa sweep/);
});
