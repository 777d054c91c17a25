/**
 * The numbers README.md and docs/*.md state by hand, page by page, each with the measurement it
 * must equal. Numbers that are definitions (defaults from lib/constants.ts, limits, versions),
 * examples, citations of the paper or the issues, and timings are not here: timings name the
 * script and machine that measured them in the docs themselves. docs/statements.md's tables are
 * written by scripts/statements-numbers.ts and checked by its --check mode, not here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { TableRow } from "../../lib/eval/index.js";
import type { ReproducedTable } from "../../lib/eval/index.js";
import { atMost, literal, says, unchecked, type Claim, type Expected } from "./claims.js";
import type { Measurements } from "./measure.js";

/** A count as the docs write it (1,638). */
const count = (n: number) => n.toLocaleString("en-US");
/** A statistic ×100 with two decimals, as the paper prints it. */
const pct = (x: unknown) => (typeof x === "number" ? (100 * x).toFixed(2) : `(not a number: ${String(x)})`);
const fixed = (x: number, digits: number) => x.toFixed(digits);
/** The only value of a list, or all of them (which then matches no single number in the docs). */
const single = (values: readonly (string | number)[]) => (new Set(values).size === 1 ? String(values[0]) : values.join(" / "));

const NEEDS_FULL = "a 10,000-resample bootstrap quantity: checked with --full";

/** Pages and the claims on them; each page measures only what its claims need. */
export const PAGES: Record<string, (m: Measurements) => Promise<Claim[]> | Claim[]> = {
  "docs/data.md": dataPage,
  "docs/your-data.md": (m) => [says("docs/your-data.md")`exactly ${count(m.bench().rows.length)} rows in the CSV's order`],
  "docs/reproduce.md": reproducePage,
  "docs/speed.md": speedPage,
  "docs/baselines.md": baselinesPage,
  "docs/calibration.md": calibrationPage,
  "docs/scoring.md": scoringPage,
  "docs/notebooks.md": notebooksPage,
  "docs/statements.md": statementsPage,
};

function dataPage(m: Measurements): Claim[] {
  const bench = m.bench();
  const page = says("docs/data.md");
  const human = bench.rows.filter((r) => r.manualLabel !== null).length;
  const splitTest = bench.split.filter((s) => s === "test").length;
  const scoredTest = bench.scores.split.filter((s) => s === "test").length;
  const missing = bench.unscored.filter((u) => u.split === "test").map((u) => u.rowId);
  const cap = m.releasedCap();
  return [
    page`holds human labels for ${count(human)} rows.`,
    page`the released \`cap\` column to ≤ ${atMost(cap.maxDiff)} (the column holds single-precision values, at most ${String(cap.digits)} significant digits`,
    page`**Why ${count(scoredTest)} test rows, not ${count(splitTest)}.**`,
    page`The paper and the splits file have ${count(splitTest)} test rows; the released scores and results have ${count(scoredTest)}. The missing row is **row ${single(missing)}** (MMLU)`,
  ];
}

/** A cell of a reproduced table. */
function cellOf(tables: readonly ReproducedTable[], table: string, row: string, column: string) {
  const cell = tables.find((t) => t.id === table)?.cells.find((c) => c.row === row && c.column === column);
  if (!cell) throw new Error(`capqa reproduce has no ${table} cell ${row} / ${column}`);
  return cell;
}

async function reproducePage(m: Measurements): Promise<Claim[]> {
  const r = await m.reproduction();
  const released = r.released;
  if (!released) throw new Error("capqa reproduce made no comparison with results.json");
  const page = says("docs/reproduce.md");
  const cell = (table: string, row: string, column: string) => cellOf(r.tables, table, row, column);
  const ours = (table: string, row: string, column: string, digits = 2) => fixed(cell(table, row, column).capqa!, digits);
  const paper = (table: string, row: string, column: string, digits = 2) => fixed(cell(table, row, column).paper!, digits);
  /** Table 14's count, which the docs say is as printed: a count the paper prints otherwise matches nothing. */
  const violations = (metric: string) => {
    const c = cell("table14", metric, "Violating class pairs (of 25)");
    return c.capqa === c.paper ? String(c.capqa) : `${c.capqa} (the paper prints ${c.paper})`;
  };
  const classPairs = released.fields.find((f) => f.table === "class_pairs" && f.field === "accuracy")?.compared ?? 0;
  const t16 = (row: string, of: (t: string, r: string, c: string) => string) =>
    ["Spearman ρ", "Kendall τ", "PairAcc"].map((c) => of("table16", row, c));
  const [ss, sk, sa] = t16("Synthetic", ours);
  const [sps, spk, spa] = t16("Synthetic", paper);
  const [hs, hk, ha] = t16("Human-labeled", ours);
  const [hps, hpk, hpa] = t16("Human-labeled", paper);
  const t17 = r.tables.find((t) => t.id === "table17")!.cells;
  const t17Others = Math.max(
    ...t17.filter((c) => !(c.row === "OV" && c.column === "Synthetic")).map((c) => Math.abs(Number(c.capqa!.toFixed(2)) - c.paper!)),
  );
  const kappa = (row: string) => fixed(cell("table8", row, "κ").capqa! / 100, 3);
  const kappaPaper = (row: string) => fixed(cell("table8", row, "κ").paper! / 100, 3);
  const [severity, index] = ["(Eq. 1 severity scale)", "(class index 0–7)"];
  return [
    page`descriptives, all ${count(classPairs)} class pairs, monotonicity) agrees to ≤ ${atMost(released.maxPointDiff)}; bootstrap interval bounds to ≤ ${m.sources.full ? atMost(released.maxBootstrapDiff) : unchecked(NEEDS_FULL)}`,
    page`Table 14: CAP ${violations("CAP")}/25 violations, BLEU ${violations("BLEU")}, ROUGE-L ${violations("ROUGE-L")}, METEOR ${violations("METEOR")}, BERTScore ${violations("BERTScore")}, as printed;`,
    page`Table 16 (all ${count(r.agreement.n)} human-labelled rows, validation and test): synthetic labels ${ss} / ${sk} / ${sa} (paper ${sps} / ${spk} / ${spa}); human labels ${hs} / ${hk} / ${ha} (paper ${hps} / ${hpk} / ${hpa}).`,
    page`Table 17 agrees to ±${fixed(t17Others, 2)} except OV (synthetic): the paper prints ${paper("table17", "OV", "Synthetic")}, the data give ${ours("table17", "OV", "Synthetic")};`,
    page`gives Cohen's κ ${kappa("Cohen's κ")}, and ${kappa(`Linear weighted κ ${severity}`)} linear / ${kappa(`Quadratic weighted κ ${severity}`)} quadratic with the weights on the Eq. 1 severity scale (${kappa(`Linear weighted κ ${index}`)} / ${kappa(`Quadratic weighted κ ${index}`)} on the class index 0–7), where the paper prints ${kappaPaper("Cohen's κ")} / ${kappaPaper(`Linear weighted κ ${severity}`)} / ${kappaPaper(`Quadratic weighted κ ${severity}`)}.`,
    page`(e.g. ROUGE-L pairwise accuracy ${paper("table2", "ROUGE-L", "Pairwise Acc.")} printed, ${ours("table2", "ROUGE-L", "Pairwise Acc.")} released; BLEU OV > OI ${paper("table4", "BLEU", "OV > OI")} printed, ${ours("table4", "BLEU", "OV > OI")} released; CAP Part > OI AUC ${paper("table3", "Part > OI", "CAP AUC")} printed, ${ours("table3", "Part > OI", "CAP AUC")} released)`,
  ];
}

function speedPage(m: Measurements): Claim[] {
  const bench = m.bench();
  const page = says("docs/speed.md");
  const test = bench.scores.split.filter((s) => s === "test").length;
  return [
    page`the full test-split evaluation: ${count(test)} rows × 5 metrics`,
    page`the built-in reformulator on all ${count(2 * bench.rows.length)} CAP-Correctness pairs`,
    page`BLEU + ROUGE-L + METEOR over all ${count(bench.rows.length)} rows`,
  ];
}

/** A row of an evaluation's table by metric (and, for class pairs, by the pair). */
function rowOf(rows: readonly TableRow[], metric: string, pair?: readonly [string, string]): TableRow {
  const row = rows.find((r) => r.metric === metric && (pair === undefined || (r.better === pair[0] && r.worse === pair[1])));
  if (!row) throw new Error(`no row for ${metric}${pair ? ` ${pair.join(" > ")}` : ""}`);
  return row;
}

async function baselinesPage(m: Measurements): Promise<Claim[]> {
  const page = says("docs/baselines.md");
  const parity = m.parity();
  const metric = (name: "bleu" | "rouge_l" | "meteor") => {
    const p = parity.metrics[name];
    if (!p) throw new Error(`capqa baselines parity did not compare ${name}: ${JSON.stringify(parity.skipped)}`);
    return p;
  };
  const all = [metric("bleu"), metric("rouge_l"), metric("meteor")];
  const share = (p: (typeof all)[number]) => String(Number((100 * p.share).toFixed(3)));
  const differing = [...new Set(all.flatMap((p) => p.differing.map((d) => d.rowId)))];
  const live = await m.live();
  const released = await m.reproduction();
  const corr = (ev: typeof live.full, name: string) => {
    const row = rowOf(ev.tables.correlations, name);
    return [pct(row.spearman), pct(row.kendall), pct(row.pairwise_accuracy)];
  };
  const [bs, bk, ba] = corr(live.full, "bleu");
  const [rs, rk, ra] = corr(live.full, "rouge_l");
  const [ms, mk, ma] = corr(live.full, "meteor");
  const [rrs, rrk, rra] = corr(live.rounded, "rouge_l");
  const releasedRouge = (column: string) => fixed(cellOf(released.tables, "table2", "ROUGE-L", column).capqa!, 2);
  const paperCell = (table: string, row: string, column: string) => fixed(cellOf(released.tables, table, row, column).paper!, 2);
  const bleuOvOi = pct(rowOf(live.full.tables.hard_pairs, "bleu", ["overinclusive_valid", "overinclusive_invalid"]).accuracy);
  return [
    page`Parity with the released per-row values (${single(all.map((p) => count(p.compared)))} rows): **BLEU ${share(all[0])} %, ROUGE-L ${share(all[1])} %, METEOR ${share(all[2])} % within ${parity.tolerance.toExponential(0)}** (max difference among the matching rows ${Math.max(...all.map((p) => p.maxAbsDeltaWithin)).toExponential(0)}).`,
    page`The one differing row, ${single(differing)}, differs in BLEU and METEOR`,
    page`(BLEU ${bs} / ${bk} / ${ba}, ROUGE-L ${rs} / ${rk}, METEOR ${ms} / ${mk} / ${ma}), where the rounded release gives the authors' \`results.json\` (e.g. ROUGE-L ${releasedRouge("Spearman ρ")} / ${releasedRouge("Kendall τ")}).`,
    page`ROUGE-L pairwise accuracy ${paperCell("table2", "ROUGE-L", "Pairwise Acc.")} (${ra} live) and BLEU OV > OI ${paperCell("table4", "BLEU", "OV > OI")} (${bleuOvOi}).`,
    page`live BLEU, ROUGE-L and METEOR give the authors' \`results.json\` (ROUGE-L ${rrs} / ${rrk} / ${rra});`,
    page`\`bootstrapOrdinal\` (${rs} / ${rk} / ${ra};`,
  ];
}

async function calibrationPage(m: Measurements): Promise<Claim[]> {
  const page = says("docs/calibration.md");
  const full = m.sources.full;
  const sweep = m.sweep();
  const t12 = sweep.table12;
  const t12Diff = Math.max(
    ...t12.flatMap((t) => [
      Math.abs(Number(pct(t.ours.spearman)) - t.spearman),
      Math.abs(Number(pct(t.ours.pairwise_accuracy)) - t.pairwiseAccuracy),
    ]),
  );
  const t12Violations = single(t12.flatMap((t) => [t.ours.violations, t.violations]));
  const { best } = sweep;
  const sweepTest = await m.sweepTest();
  const at = (e: typeof sweepTest.best) => e.tables.correlations[0];
  const bound = (x: unknown): Expected | string => (full ? pct(x) : unchecked(NEEDS_FULL));

  const cal = m.calibration();
  const calRow = (run: typeof cal.severity, which: "calibrated" | "equalWidth") => {
    const report = which === "calibrated" ? run.report : run.equalWidthReport;
    const iv = run.intervals![which];
    const f3 = (x: number) => fixed(x, 3);
    return [
      f3(report.accuracy),
      f3(iv.accuracy[0]),
      f3(iv.accuracy[1]),
      f3(report.macroF1),
      f3(iv.macroF1[0]),
      f3(iv.macroF1[1]),
      f3(report.kappaQuadratic),
      f3(iv.kappaQuadratic[0]),
      f3(iv.kappaQuadratic[1]),
    ];
  };
  const calClaim = (label: string, v: string[]) =>
    page`| ${literal(label)} | ${v[0]} [${v[1]}, ${v[2]}] | ${v[3]} [${v[4]}, ${v[5]}] | ${v[6]} [${v[7]}, ${v[8]}] |`;

  const sc = await m.scorer();
  const tables = sc.evaluation.tables;
  const scorerName = String(tables.correlations[0].metric);
  const scorerRow = (metric: string) => {
    const c = rowOf(tables.correlations, metric);
    const hard = (b: string, w: string) => pct(rowOf(tables.hard_pairs, metric, [b, w]).accuracy);
    return {
      spearman: pct(c.spearman),
      spearmanCi: [bound(c.spearman_ci_low), bound(c.spearman_ci_high)],
      kendall: pct(c.kendall),
      pairwise: pct(c.pairwise_accuracy),
      pairwiseCi: [bound(c.pairwise_accuracy_ci_low), bound(c.pairwise_accuracy_ci_high)],
      hard: [
        hard("equivalent", "partial"),
        hard("overinclusive_valid", "partial"),
        hard("overinclusive_valid", "overinclusive_invalid"),
        hard("alternative_correct", "invalid"),
      ],
      violations: String(rowOf(tables.monotonicity, metric).mean_violations),
    };
  };
  const scorerClaim = (label: string, s: ReturnType<typeof scorerRow>) =>
    page`| ${literal(label)} | ${s.spearman} [${s.spearmanCi[0]}, ${s.spearmanCi[1]}] | ${s.kendall} | ${s.pairwise} [${s.pairwiseCi[0]}, ${s.pairwiseCi[1]}] | ${s.hard[0]} | ${s.hard[1]} | ${s.hard[2]} | ${s.hard[3]} | ${s.violations}/25 |`;
  const diff = (statistic: string) => tables.paired_differences.find((d) => d.metric === "cap" && d.statistic === statistic);
  const signed = (x: unknown) => (typeof x === "number" ? `${x >= 0 ? "+" : ""}${pct(x)}` : String(x));
  const diffValues = (statistic: string): (Expected | string)[] => {
    const d = diff(statistic);
    return full && d
      ? [signed(d.mean_difference), pct(d.ci_low), pct(d.ci_high)]
      : [unchecked(NEEDS_FULL), unchecked(NEEDS_FULL), unchecked(NEEDS_FULL)];
  };
  const [sd, sdLo, sdHi] = diffValues("spearman");
  const [pd, pdLo, pdHi] = diffValues("pairwise_accuracy");
  /** "p < 1e-4": no resample of 10,000 found CAP at least as good. */
  const pBound = (): Expected | string => {
    if (!full) return unchecked(NEEDS_FULL);
    const ps = ["spearman", "pairwise_accuracy"].map((s) => Number(diff(s)?.p_reference_not_better));
    return ps.every((p) => p === 0) ? (1 / m.resamples).toExponential(0) : `p = ${ps.join(", ")}`;
  };
  const accuracyCi = sc.accuracyInterval
    ? sc.accuracyInterval.accuracy.map((x) => fixed(x, 3))
    : [unchecked(NEEDS_FULL), unchecked(NEEDS_FULL)];
  const scorer = rowOf(tables.correlations, scorerName);

  return [
    page`(default 0 to 1 by 0.05, ${count(sweep.points.length)} points,`,
    page`Table 12 beside the paper (all five rows within ${atMost(t12Diff)} points, ${t12Violations}/25 violations each)`,
    page`the best Spearman is at α ${String(best.alpha)}, λ ${String(best.lambda)} (${pct(best.spearman)}, ${String(best.violations)}/25 violations); on the test split it gives ${pct(at(sweepTest.best).spearman)} [${bound(at(sweepTest.best).spearman_ci_low)}, ${bound(at(sweepTest.best).spearman_ci_high)}] against the paper's point ${pct(at(sweepTest.paper).spearman)} [${bound(at(sweepTest.paper).spearman_ci_low)}, ${bound(at(sweepTest.paper).spearman_ci_high)}].`,
    page`| test split (${count(cal.severity.evaluation.levels.length)} rows) | accuracy | macro-F1 | quadratic κ |`,
    calClaim("6 severity levels, calibrated (macro-F1)", calRow(cal.severity, "calibrated")),
    calClaim("6 severity levels, equal-width bins", calRow(cal.severity, "equalWidth")),
    calClaim("8 classes, calibrated (macro-F1)", calRow(cal.classes, "calibrated")),
    calClaim("8 classes, equal-width bins", calRow(cal.classes, "equalWidth")),
    page`one self-contained HTML page (${fixed(m.explorerBytes() / 1e6, 0)} MB: plotly, the data and the arithmetic inlined)`,
    page`It is fitted on the ${count(sc.fittedOn)} validation rows only.`,
    scorerClaim("capqa scorer", scorerRow(scorerName)),
    scorerClaim("CAP", scorerRow("cap")),
    page`Paired difference scorer − CAP: Spearman ${sd} [${sdLo}, ${sdHi}], pairwise accuracy ${pd} [${pdLo}, ${pdHi}] points (p < ${pBound()}).`,
    page`As an 8-class classifier it reaches accuracy ${fixed(sc.accuracy, 3)} [${accuracyCi[0]}, ${accuracyCi[1]}].`,
    page`Spearman ${fixed(Number(scorer.spearman), 4)} and pairwise accuracy ${fixed(Number(scorer.pairwise_accuracy), 4)} fall just short`,
  ];
}

function scoringPage(m: Measurements): Claim[] {
  const page = says("docs/scoring.md");
  const bench = m.bench();
  const unscored = bench.unscored.map((u) => u.rowId);
  return [
    // `capqa score` computes CAP from the imported released probabilities with the same arithmetic (capScore).
    page`scoring all ${count(bench.rows.length)} CAP-Correctness rows with the paper's model id reproduces the released CAP of every released row (max |Δ| ${m.releasedCap().maxDiff.toExponential(2)})`,
    page`row ${single(unscored)} (empty candidate answer, no released probabilities) is reported not scored`,
    page`HF's ids for all ${count(2 * bench.rows.length)} CAP-Correctness pairs (both directions)`,
    ...gpuRecordClaims(m),
  ];
}

/**
 * The H200 table and the PyTorch line of docs/scoring.md against the result files bench/gpu/run-gpu-bench.sh wrote (a transcription check:
 * the speeds themselves are the H200's).
 */
function gpuRecordClaims(m: Measurements): Claim[] {
  const page = says("docs/scoring.md");
  type Result = {
    model?: string;
    stack?: string;
    device: string;
    dtype: string;
    batch: number;
    threads?: number;
    pairsPerSecond: number | null;
    maxAbsDiffVsCpu?: number;
  };
  const read = (file: string): Result[] =>
    readFileSync(join(m.sources.repo, "bench/gpu", file), "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as Result);
  const results = read("results-h200-2026-11-29.jsonl");
  const checks = read("webgpu-check-h200-2026-11-29.jsonl");
  const speed = (
    device: string,
    dtype: string,
    batch: number,
    where: (r: Result) => boolean = (r) => r.model?.endsWith("/large-nli") === true,
  ) => {
    const r = results.find((x) => where(x) && x.device === device && x.dtype === dtype && x.batch === batch);
    return r?.pairsPerSecond == null ? `(no result for ${device} ${dtype} batch ${batch})` : count(Math.round(r.pairsPerSecond));
  };
  const torch = (device: string, dtype: string, batch: number) => speed(device, dtype, batch, (r) => r.stack === "pytorch");
  const agreement = (dtypes: string[]) =>
    Math.max(...checks.filter((c) => dtypes.includes(c.dtype)).map((c) => c.maxAbsDiffVsCpu ?? 0)).toExponential(1);
  return [
    page`| capqa, WebGPU on the H200 | ${speed("webgpu", "fp32", 16)} | ${speed("webgpu", "fp32", 64)} | ${speed("webgpu", "fp16", 16)} | ${speed("webgpu", "fp16", 64)} |`,
    page`| capqa, CPU (16 cores) | ${speed("cpu", "fp32", 16)} | ${speed("cpu", "fp32", 64)} | ${speed("cpu", "fp16", 16)} | ${speed("cpu", "fp16", 64)} |`,
    page`WebGPU and CPU probabilities agree to ${agreement(["fp32", "q8"])} (fp32, q8) and ${agreement(["fp16"])} (fp16 arithmetic)`,
    page`${torch("cuda", "fp16-autocast", 16)} pairs/s in the paper's setting (fp16 autocast, batch 16), ${torch("cuda", "fp16-autocast", 64)} at batch 64, ${torch("cuda", "fp16", 256)} in pure fp16 at batch 256; ${torch("cpu", "fp32", 16)} pairs/s on the 16 CPU cores.`,
  ];
}

function notebooksPage(m: Measurements): Claim[] {
  const page = says("docs/notebooks.md");
  return [
    page`The ${String(m.notebooks())} TypeScript notebooks (tslab) walk through the paper`,
    page`with capqa's ${fixed(m.bytes("models/demo-nli") / 1000, 0)} KB demo model, \`models/demo-nli\``,
    page`(\`plotly.js-cartesian-dist-min\`, ${fixed(m.bytes("node_modules/plotly.js-cartesian-dist-min/plotly-cartesian.min.js") / 1e6, 1)} MB:`,
  ];
}

/** docs/statements.md outside the blocks statements-numbers writes. */
function statementsPage(m: Measurements): Claim[] {
  const page = says("docs/statements.md");
  const bench = m.bench();
  const yesAnswers = m.statementItems("train").filter((it) => /^yes\b/i.test(it.answer.trim()));
  const yesKept = yesAnswers.filter((it) => /^yes\b/i.test(it.statement.trim()));
  const dev = m.statementSet("dev.csv");
  const size = (file: string) => String(m.statementSet(file).length);
  return [
    page`wink tags all ${count(2 * bench.rows.length)} CAP-Correctness texts`,
    page`where ${String(yesKept.length)} of ${String(yesAnswers.length)} training references keep "Yes,"`,
    page`\`flags.csv\` (${String(m.flagLabels("flags.csv").length)} statements the rules write`,
    page`\`flags-2.csv\` (${String(m.flagLabels("flags-2.csv").length)}, new questions`,
    page`\`flags-3.csv\` (${String(m.flagLabels("flags-3.csv").length)},`,
    page`\`flags-4.csv\` (${String(m.flagLabels("flags-4.csv").length)}: the statements`,
    page`\`flags-5.csv\` (${String(m.flagLabels("flags-5.csv").length)}, labelled the same`,
    page`\`flags-6.csv\` (${String(m.flagLabels("flags-6.csv").length)}, the same`,
    page`\`flags-7.csv\` (${String(m.flagLabels("flags-7.csv").length)}, LLM-style answers`,
    page`\`flags-8.csv\` (${String(m.flagLabels("flags-8.csv").length)}, the same)`,
    page`\`flags-9.csv\` (${String(m.flagLabels("flags-9.csv").length)}, the same)`,
    page`\`flags-10.csv\` (${String(m.flagLabels("flags-10.csv").length)}, the same)`,
    page`\`flags-11.csv\` (${String(m.flagLabels("flags-11.csv").length)}, the same)`,
    page`\`flags-12.csv\` (${String(m.flagLabels("flags-12.csv").length)}, the same)`,
    page`\`flags-13.csv\` (${String(m.flagLabels("flags-13.csv").length)}, the same)`,
    page`\`flags-14.csv\` (${String(m.flagLabels("flags-14.csv").length)}, the same)`,
    page`\`flags-15.csv\` (${String(m.flagLabels("flags-15.csv").length)}, the same)`,
    page`\`flags-16.csv\` (${String(m.flagLabels("flags-16.csv").length)}, the same)`,
    page`\`flags-17.csv\` (${String(m.flagLabels("flags-17.csv").length)}, the same)`,
    page`\`flags-18.csv\` (${String(m.flagLabels("flags-18.csv").length)}, the same)`,
    page`\`flags-19.csv\` (${String(m.flagLabels("flags-19.csv").length)}, the same)`,
    page`\`flags-20.csv\` (${String(m.flagLabels("flags-20.csv").length)}, the same)`,
    page`\`flags-21.csv\` (${String(m.flagLabels("flags-21.csv").length)}, the same)`,
    page`\`flags-22.csv\` (${String(m.flagLabels("flags-22.csv").length)}, the same)`,
    page`\`flags-23.csv\` (${String(m.flagLabels("flags-23.csv").length)}, the same)`,
    page`\`flags-27.csv\` (${String(m.flagLabels("flags-27.csv").length)}, the same)`,
    page`\`flags-29.csv\` (${String(m.flagLabels("flags-29.csv").length)}, the same)`,
    page`\`flags-30.csv\` (${String(m.flagLabels("flags-30.csv").length)}, the same)`,
    page`\`dev.csv\` (${size("dev.csv")} items over ${String(new Set(dev.map((d) => d.form)).size)} question forms and ${String(new Set(dev.map((d) => d.style)).size)} answer styles`,
    page`\`holdout.csv\` (${size("holdout.csv")}, written in two later rounds), \`lean.csv\` (${size("lean.csv")} answers`,
    page`\`lean-holdout.csv\` (${size("lean-holdout.csv")})`,
    page`\`holdout-2.csv\` (${size("holdout-2.csv")})`,
    page`\`holdout-3.csv\` (${size("holdout-3.csv")}, ordinary`,
    page`\`holdout-4.csv\` (${size("holdout-4.csv")}`,
    page`\`lean-holdout-2.csv\` (${size("lean-holdout-2.csv")} leaning)`,
    page`\`holdout-5.csv\` (${size("holdout-5.csv")} ordinary)`,
    page`\`lean-holdout-3.csv\` (${size("lean-holdout-3.csv")}`,
    page`\`holdout-6.csv\` (${size("holdout-6.csv")} ordinary)`,
    page`\`lean-holdout-4.csv\` (${size("lean-holdout-4.csv")} leaning)`,
    page`\`holdout-7.csv\` (${size("holdout-7.csv")} ordinary)`,
    page`\`lean-holdout-5.csv\` (${size("lean-holdout-5.csv")} leaning)`,
    page`\`holdout-8.csv\` (${size("holdout-8.csv")} ordinary`,
    page`\`lean-holdout-6.csv\` (${size("lean-holdout-6.csv")}`,
    page`\`holdout-9.csv\` (${size("holdout-9.csv")} ordinary)`,
    page`\`lean-holdout-7.csv\` (${size("lean-holdout-7.csv")} leaning,`,
    page`\`holdout-10.csv\` (${size("holdout-10.csv")} ordinary)`,
    page`\`lean-holdout-8.csv\` (${size("lean-holdout-8.csv")} leaning)`,
    page`\`lean-holdout-9.csv\` (${size("lean-holdout-9.csv")} leaning)`,
    page`\`holdout-11.csv\` (${size("holdout-11.csv")} ordinary)`,
    page`\`lean-holdout-10.csv\` (${size("lean-holdout-10.csv")} leaning)`,
    page`\`lean-holdout-11.csv\` (${size("lean-holdout-11.csv")} leaning`,
    page`\`lean-holdout-12.csv\` (${size("lean-holdout-12.csv")} leaning`,
    page`\`lean-holdout-13.csv\` (${size("lean-holdout-13.csv")} leaning)`,
    page`\`lean-holdout-14.csv\` (${size("lean-holdout-14.csv")} leaning)`,
    page`\`lean-holdout-15.csv\` (${size("lean-holdout-15.csv")} leaning)`,
    page`\`lean-holdout-16.csv\` (${size("lean-holdout-16.csv")} leaning)`,
    page`\`lean-holdout-17.csv\` (${size("lean-holdout-17.csv")} leaning)`,
    page`\`lean-holdout-18.csv\` (${size("lean-holdout-18.csv")} leaning)`,
    page`\`lean-holdout-19.csv\` (${size("lean-holdout-19.csv")} leaning,`,
    page`\`lean-holdout-20.csv\` (${size("lean-holdout-20.csv")} leaning)`,
    page`\`lean-holdout-21.csv\` (${size("lean-holdout-21.csv")} leaning,`,
    page`\`lean-holdout-22.csv\` (${size("lean-holdout-22.csv")} leaning)`,
    page`\`lean-holdout-23.csv\` (${size("lean-holdout-23.csv")} leaning,`,
    page`\`lean-holdout-24.csv\` (${size("lean-holdout-24.csv")} leaning,`,
    page`\`lean-holdout-25.csv\` (${size("lean-holdout-25.csv")} leaning)`,
    page`\`lean-holdout-26.csv\` (${size("lean-holdout-26.csv")} leaning)`,
    page`\`holdout-12.csv\` (${size("holdout-12.csv")} ordinary)`,
    page`\`lean-holdout-27.csv\` (${size("lean-holdout-27.csv")} leaning)`,
    page`\`lean-holdout-28.csv\` (${size("lean-holdout-28.csv")} leaning)`,
    page`\`lean-holdout-29.csv\` (${size("lean-holdout-29.csv")} leaning)`,
    page`Speed: all ${count(2 * bench.rows.length)} pairs in`,
  ];
}
