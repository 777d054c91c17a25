/** capqa baselines: the paper's baselines per row, and their parity with the released values. */
import { parseArgs } from "node:util";
import { BASELINE_METRICS, baselineParity } from "../lib/baselines/index.js";
import { loadBenchmark, selectRows, cometUnavailable } from "../lib/data/index.js";
import { liveMetricColumn, LIVE_TEXT_METRICS } from "../lib/eval/index.js";
import {
  readRowTable,
  stringColumn,
  tableWithRoles,
  writeFileAtomic,
  writeRowTable,
  checkOutputFile,
  type RowRecord,
} from "../lib/io/index.js";
import { metric } from "../lib/metrics/index.js";
import { goldSourceFor, rowGolds } from "../lib/score/index.js";
import { columnOptions, columnRolesFlag, refuseColumnFlags, withColumnFlags } from "./column-flags.js";
import { COMMON_OPTIONS, UsageError, choiceFlag, defineOptions, listFlag, optionsHelp, parseOptions } from "./args.js";
import { out, err, summary, jsonOutput } from "./output.js";

/**
 * The columns baselines --in reads: the answer against the gold answer (several, with a gold_answers column or --gold-separator), and the
 * question for COMET.
 */
const BASELINES_ROLES = ["question", "gold_answer", "answer"] as const;

export const BASELINES_OPTIONS = defineOptions({
  metrics: {
    type: "string",
    value: "LIST",
    help: "Comma-separated: any of bleu, rouge_l, meteor, squad_em, squad_f1, bertscore, comet (default bleu,rouge_l,meteor).",
  },
  split: { type: "string", value: "test|validation|all", help: "The CAP-Correctness split scored (give --split or --in)." },
  in: {
    type: "string",
    value: "FILE",
    help: "Score the rows of this CSV/JSONL (gold_answer and answer columns, question for COMET) instead of a split.",
  },
  out: { type: "string", value: "FILE", help: "The table written, CSV or JSONL (needed)." },
  ...columnOptions(...BASELINES_ROLES),
  "gold-separator": {
    type: "string",
    value: "SEP",
    help: "With --in: several gold answers in gold_answer, split at SEP (a gold_answers column of JSON arrays needs no flag); BLEU and METEOR use every gold, ROUGE-L the best.",
  },
  "bertscore-model": COMMON_OPTIONS["bertscore-model"],
  "comet-model": COMMON_OPTIONS["comet-model"],
  "data-dir": COMMON_OPTIONS["data-dir"],
});

export const BASELINES_PARITY_OPTIONS = defineOptions({
  "data-dir": COMMON_OPTIONS["data-dir"],
  out: { type: "string", value: "FILE.json", help: "Also write the parity report to this file." },
});

export const BASELINES_HELP = `capqa baselines --metrics bleu,rouge_l,meteor[,squad_em,squad_f1,bertscore,comet] (--split test|validation|all | --in FILE) --out FILE
    One column per metric, named as the metric, for the rows of a CAP-Correctness split or of any
    CSV/JSONL with gold_answer and answer (and question, for COMET); the input columns are kept
    row for row (columns of another spelling: --gold-column, --answer-column, --question-column).
    The authors' settings: BLEU = NLTK sentence_bleu, method1, lower-cased NLTK tokens;
    ROUGE-L = rouge-score rougeL F with stemming; METEOR = NLTK meteor_score (WordNet 3.0);
    squad_em/squad_f1 = SQuAD v1.1's exact match and token F1 (the official normalisation; with
    several golds, the best);
    BERTScore F1 (--bertscore-model DIR) and COMET (--comet-model DIR) need local ONNX exports.
capqa baselines parity [--data-dir DIR] [--out FILE.json]
    Share of rows within 1e-6 of the released BLEU, ROUGE-L and METEOR, the largest difference and
    every differing row with its reason.

Options of capqa baselines:
${optionsHelp(BASELINES_OPTIONS)}

Options of capqa baselines parity:
${optionsHelp(BASELINES_PARITY_OPTIONS)}`;

export async function cmdBaselines(argv: string[]): Promise<number> {
  if (argv[0] === "parity") {
    const { values } = parseArgs({ args: argv.slice(1), options: parseOptions(BASELINES_PARITY_OPTIONS), strict: true });
    if (values.out) checkOutputFile(values.out);
    const p = baselineParity(loadBenchmark(values["data-dir"]));
    if (values.out) writeFileAtomic(values.out, JSON.stringify(p, null, 2) + "\n");
    summary("baselines parity", { output: values.out ?? null, ...p });
    if (jsonOutput()) return 0;
    for (const m of BASELINE_METRICS) {
      const r = p.metrics[m];
      if (!r) continue;
      out(
        `${m.padEnd(8)} ${r.within}/${r.compared} rows within ${p.tolerance} (${(100 * r.share).toFixed(3)} %), max |Δ| ${r.maxAbsDelta.toExponential(2)}; reasons: ${JSON.stringify(r.reasons)}`,
      );
      for (const d of r.differing.slice(0, 10))
        out(`   row ${d.rowId}: released ${d.released}, capqa ${d.ours} (${d.reason}${d.detail ? `: ${d.detail}` : ""})`);
    }
    for (const s of p.skipped) out(`${s.metric}: skipped (${s.reason})`);
    return 0;
  }
  const { values } = parseArgs({ args: argv, options: parseOptions(BASELINES_OPTIONS), strict: true });
  const metrics = listFlag(values.metrics) ?? ["bleu", "rouge_l", "meteor"];
  if (!values.out) throw new UsageError("capqa baselines needs --out FILE");
  if ((values.in === undefined) === (values.split === undefined)) throw new UsageError("give either --split or --in");
  checkOutputFile(values.out, values.in === undefined ? [] : [values.in]);
  if (values.in === undefined) refuseColumnFlags(values, BASELINES_ROLES, "with --split");
  const columns = columnRolesFlag(values, BASELINES_ROLES);
  const models = { bertscoreModel: values["bertscore-model"], cometModel: values["comet-model"] };
  if (values.split) {
    const split = choiceFlag(values.split, "split", ["test", "validation", "all"] as const, "test");
    const bench = loadBenchmark(values["data-dir"]);
    const sel = selectRows(bench, split);
    const cols: Awaited<ReturnType<typeof liveMetricColumn>>[] = [];
    for (const m of metrics) cols.push(await liveMetricColumn(bench, m, sel.rowIds, models));
    const rows = Array.from(sel.rowIds, (id, i) => ({
      row_id: id,
      split: bench.split[id],
      label: bench.rows[id].label,
      gold_answer: bench.rows[id].goldAnswer,
      answer: bench.rows[id].answer,
      ...Object.fromEntries(cols.map((c) => [c.name, c.scores[i]])),
    }));
    writeRowTable(values.out, ["row_id", "split", "label", "gold_answer", "answer", ...metrics], rows);
    summary("baselines", { output: values.out, split, rows: rows.length, metrics, excluded: sel.excluded, warnings: bench.warnings });
    for (const e of sel.excluded) err(`row ${e.rowId} left out: ${e.reason}`);
    err(`wrote ${rows.length} rows to ${values.out}`);
    return 0;
  }
  // Any file: every metric through the registry's one calling convention; several golds per row
  // (a gold_answers column, or --gold-separator) reach the metrics that take several references.
  const read = readRowTable(values.in!);
  const table = withColumnFlags(() => tableWithRoles(read, columns, { reads: BASELINES_ROLES }));
  const source = goldSourceFor(values.in!, table.columns, values["gold-separator"]);
  const references: (string | string[])[] =
    source.kind === "single"
      ? stringColumn(table, "gold_answer")
      : table.rows.map((row, k) => rowGolds({ row, line: table.lines[k] } as RowRecord, source, values.in!, k));
  const answers = stringColumn(table, "answer");
  const questions = metrics.includes("comet") ? stringColumn(table, "question") : undefined;
  const added: Record<string, Float64Array> = {};
  for (const m of metrics) {
    if (!LIVE_TEXT_METRICS[m] && m !== "bertscore" && m !== "comet")
      throw new UsageError(`unknown metric "${m}"; expected ${Object.keys(LIVE_TEXT_METRICS).join(", ")}, bertscore or comet`);
    const options = m === "bertscore" ? { model: models.bertscoreModel } : m === "comet" ? { model: models.cometModel } : {};
    if (m === "comet" && !options.model) throw new Error(cometUnavailable());
    if (m === "bertscore" && !options.model)
      throw new Error(
        "BERTScore needs a model folder (--bertscore-model DIR; export roberta-large truncated at layer 17 with scripts/export/export_bertscore.py)",
      );
    const scorer = metric(m, options);
    try {
      added[m] = (await scorer.compute({ references, predictions: answers, questions })).scores;
    } finally {
      await scorer.dispose();
    }
  }
  writeRowTable(
    values.out,
    [...read.columns.filter((c) => !(c in added)), ...metrics],
    table.rows.map((r, i) => ({ ...r, ...Object.fromEntries(metrics.map((m) => [m, added[m][i]])) })),
  );
  summary("baselines", { output: values.out, input: values.in, rows: table.rows.length, metrics });
  err(`wrote ${table.rows.length} rows to ${values.out}`);
  return 0;
}
