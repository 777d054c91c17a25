/** The Markdown summary and the files `capqa evaluate` writes. */
import { join } from "node:path";
import { writeFolder } from "../io/folder.js";
import { SHORT_NAMES, type CorrectnessClass } from "../taxonomy/index.js";
import type { Evaluation } from "./evaluate.js";
import { fixed, markdownTable, writeFileAtomic, writeTable } from "../io/format.js";

const ci = (low: unknown, high: unknown) => `[${fixed(low as number, 4)}, ${fixed(high as number, 4)}]`;

/** A readable summary of an evaluation: correlations, hard pairs, monotonicity, paired differences. */
export function evaluationMarkdown(ev: Evaluation, title: string, notes: string[] = []): string {
  const t = ev.tables;
  // The evaluation's own notes (hard pairs left out) too, once.
  const all = [...notes, ...(ev.notes ?? []).filter((n) => !notes.includes(n))];
  const parts = [`# ${title}`, "", ...all.map((n) => `- ${n}`), ""];
  parts.push(
    "## Correlations with the taxonomy order",
    "",
    markdownTable(
      ["metric", "Spearman ρ", "CI", "Kendall τ-b", "CI", "pairwise acc.", "CI", "wins / ties / losses"],
      t.correlations.map((r) => [
        r.metric as string,
        fixed(r.spearman, 4),
        ci(r.spearman_ci_low, r.spearman_ci_high),
        fixed(r.kendall, 4),
        ci(r.kendall_ci_low, r.kendall_ci_high),
        fixed(r.pairwise_accuracy, 4),
        ci(r.pairwise_accuracy_ci_low, r.pairwise_accuracy_ci_high),
        `${r.pair_wins} / ${r.pair_ties} / ${r.pair_losses}`,
      ]),
    ),
    "",
    "## Hard neighbouring pairs (accuracy)",
    "",
    markdownTable(
      ["metric", "pair", "accuracy", "CI", "AUC"],
      t.hard_pairs.map((r) => [
        r.metric as string,
        `${SHORT_NAMES[r.better as CorrectnessClass]} > ${SHORT_NAMES[r.worse as CorrectnessClass]}`,
        fixed(r.accuracy, 4),
        ci(r.accuracy_ci_low, r.accuracy_ci_high),
        fixed(r.auc, 4),
      ]),
    ),
    "",
    "## Monotonicity",
    "",
    markdownTable(
      ["metric", "violations", "rate", "row-level violation rate", "violating pairs"],
      t.monotonicity.map((r) => [
        r.metric as string,
        `${r.mean_violations} / ${r.class_pairs}`,
        fixed(r.mean_violation_rate, 2),
        fixed(r.row_level_violation_rate, 4),
        r.violating_pairs as string,
      ]),
    ),
    "",
  );
  if (t.paired_differences.length > 0) {
    parts.push(
      "## Paired bootstrap differences (reference − metric)",
      "",
      markdownTable(
        ["reference", "metric", "statistic", "mean difference", "CI", "p (reference not better)"],
        t.paired_differences.map((r) => [
          r.reference as string,
          r.metric as string,
          r.statistic as string,
          fixed(r.mean_difference, 4),
          ci(r.ci_low, r.ci_high),
          fixed(r.p_reference_not_better, 4),
        ]),
      ),
      "",
    );
  }
  return parts.join("\n");
}

/** Writes every table as DIR/<table>.csv and .json, DIR/summary.md and DIR/meta.json. */
export function writeEvaluation(ev: Evaluation, dir: string, meta: Record<string, unknown>, title: string, notes: string[] = []): void {
  // The folder changes as a whole: tables, summary and meta.json of one run.
  writeFolder(dir, (d) => {
    for (const [name, rows] of Object.entries(ev.tables)) writeTable(d, name, rows);
    writeFileAtomic(join(d, "summary.md"), evaluationMarkdown(ev, title, notes));
    writeFileAtomic(
      join(d, "meta.json"),
      JSON.stringify(
        {
          ...meta,
          n: ev.n,
          metrics: ev.metrics,
          resamples: ev.resamples,
          seed: ev.seed,
          confidence: ev.confidence,
          ordering: ev.ordering,
          hardPairs: ev.hardPairs,
        },
        null,
        2,
      ) + "\n",
    );
  });
}
