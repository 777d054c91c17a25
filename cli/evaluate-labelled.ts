/** capqa evaluate --in FILE --label-column COL: evaluate's tables for the user's own labelled data. */
import { existsSync } from "node:fs";
import { evaluationTable } from "./evaluation-table.js";
import { resolve } from "node:path";
import { DEFAULT_ALPHA, DEFAULT_LAMBDA } from "../lib/constants.js";
import { evaluateLabelledFile, evaluationSettings, writeEvaluation } from "../lib/eval/index.js";
import { LABELLED_EVAL_ROLES } from "../lib/eval/labelled-eval.js";
import { buildManifest, checkOutputFolder, fileDigest, formatOf } from "../lib/io/index.js";
import { loadStatementGenerator } from "../lib/statements/index.js";
import type { Ordering } from "../lib/taxonomy/index.js";
import { COMMON_OPTIONS, NLI_MODEL_OPTIONS, UsageError, defineOptions, unitFlag, optionsHelp } from "./args.js";
import { err, jsonOutput, out, progressPrinter, summary } from "./output.js";
import { modelOptions, openCache } from "./score-commands.js";
import { columnOptions, columnRolesFlag, withColumnFlags } from "./column-flags.js";

/** capqa evaluate's options for --in FILE (beside those it shares with the released benchmark, EVALUATE_OPTIONS in cli/main.ts). */
export const EVALUATE_IN_OPTIONS = defineOptions({
  in: { type: "string", value: "FILE", help: "Your own labelled rows (CSV or JSONL) instead of the released benchmark." },
  "label-column": { type: "string", value: "COL", help: "The column holding each row's class (needed with --in)." },
  ...columnOptions(...LABELLED_EVAL_ROLES),
  "gold-separator": {
    type: "string",
    value: "SEP",
    help: "Several gold answers in gold_answer, split at SEP (a gold_answers column of JSON arrays needs no flag): CAP takes the best gold, BLEU and METEOR every gold, ROUGE-L the best.",
  },
  "cache-dir": COMMON_OPTIONS["cache-dir"],
  "no-cache": COMMON_OPTIONS["no-cache"],
  ...NLI_MODEL_OPTIONS,
});

export const EVALUATE_IN_HELP = `capqa evaluate --in FILE.csv|FILE.jsonl --label-column COL [--metrics LIST] [--out DIR]
               [--bootstrap N] [--seed S] [--ordering TEXT] [--reference M]
               [--alpha A --lambda L] [model options of capqa score] [--cache-dir DIR | --no-cache]

Evaluates your own labelled data: every row's COL holds one of the eight classes (hyphens or
underscores, any case). --metrics names columns of the file, or cap, bleu, rouge_l, meteor,
which capqa computes when the file has no such column: CAP from premise/hypothesis statements
or from question, gold_answer and answer (capqa score's path: built-in statements, the NLI cache,
the model), the others from gold_answer and answer. Default: the file's columns named cap, bleu,
rouge_l, meteor, bertscore, comet. Texts in columns of another spelling (prediction, reference)
are named with --question-column, --gold-column, --answer-column. A class absent from the data is
reported, and the class pairs involving it are left out with a note; rows CAP cannot score are
left out with why.

Options of --in FILE (the NLI model's are those of capqa score):
${optionsHelp(EVALUATE_IN_OPTIONS)}`;

/** The --in branch of capqa evaluate; `values` are evaluate's parsed flags. */
export async function cmdEvaluateLabelled(
  values: Record<string, string | string[] | boolean | undefined>,
  argv: string[],
  common: {
    metrics?: string[];
    ordering: Ordering;
    hardPairs?: string[][];
    scoreDecimals?: number | null;
    resamples: number;
    seed: number;
    threads?: number;
    reference?: string;
  },
): Promise<number> {
  const file = values.in as string;
  for (const flag of ["split", "labels", "human-subset", "scores", "live"]) {
    if (values[flag] !== undefined) throw new UsageError(`--${flag} applies to the released benchmark, not to --in FILE`);
  }
  if (!values["label-column"])
    throw new UsageError("capqa evaluate --in FILE needs --label-column COL (the column holding each row's class)");
  const columns = columnRolesFlag(values, LABELLED_EVAL_ROLES, ["label-column"]);
  if (!existsSync(file)) throw new UsageError(`--in: no such file ${file}`);
  formatOf(file);
  const dir = resolve((values.out as string | undefined) ?? "out/evaluate-in");
  checkOutputFolder(dir);
  const alpha = unitFlag(values.alpha as string | undefined, "alpha");
  const lambda = unitFlag(values.lambda as string | undefined, "lambda");
  const model = modelOptions(values);
  // The cache and the statement generator are opened only if CAP has to be computed.
  const cache = values["no-cache"] ? null : undefined;
  let opened: ReturnType<typeof openCache> | undefined;
  const generator = await loadStatementGenerator("builtin", { log: err });
  let ev: Awaited<ReturnType<typeof evaluateLabelledFile>>;
  try {
    ev = await withColumnFlags(() =>
      evaluateLabelledFile(file, {
        labelColumn: values["label-column"] as string,
        columns,
        goldSeparator: values["gold-separator"] as string | undefined,
        metrics: common.metrics,
        ordering: common.ordering,
        hardPairs: common.hardPairs,
        scoreDecimals: common.scoreDecimals,
        resamples: common.resamples,
        seed: common.seed,
        threads: common.threads,
        reference: common.reference,
        onProgress: values.quiet ? undefined : progressPrinter("bootstrap"),
        score: {
          ...model,
          alpha,
          lambda,
          generator,
          get cache() {
            if (cache === null) return null;
            opened ??= openCache(values["cache-dir"] as string | undefined);
            return opened;
          },
        },
      }),
    );
  } finally {
    opened?.close();
    await generator.dispose();
  }
  // The demo model's warning heads the summary, meta.json, the manifest and stderr (once).
  const warning = ev.warning;
  const notes = [
    ...(warning ? [`**Warning:** ${warning}.`] : []),
    `${file}, labels from column ${values["label-column"]}: ${ev.rows} rows evaluated.`,
    ...ev.excluded.map((e) => `Line ${e.line} (row ${e.rowId}) left out: ${e.reason}.`),
    ...ev.notes,
    ...ev.metrics.map((m) => `${m.name}: ${m.source}.`),
    `Ordering: ${common.ordering.name}; ${ev.resamples} bootstrap resamples, seed ${ev.seed}.`,
  ];
  const computedCap = ev.metrics.some((m) => m.name === "cap" && m.source.startsWith("computed"));
  const manifest = buildManifest({
    command: ["evaluate", ...argv],
    cap: computedCap ? { alpha: alpha ?? DEFAULT_ALPHA, lambda: lambda ?? DEFAULT_LAMBDA } : null,
    inputs: [await fileDigest(file)],
    warning,
    settings: {
      labelColumn: values["label-column"],
      columns: columns ?? null,
      goldSeparator: values["gold-separator"] ?? null,
      reference: common.reference ?? null,
      ...evaluationSettings(ev),
    },
  });
  writeEvaluation(
    ev,
    dir,
    {
      command: "evaluate",
      ...(warning ? { warning } : {}),
      input: resolve(file),
      labelColumn: values["label-column"],
      columns: columns ?? null,
      excluded: ev.excluded,
      absentClasses: ev.absentClasses,
      notes: ev.notes,
      manifest,
    },
    `capqa evaluate: ${file}`,
    notes,
  );
  summary("evaluate", {
    output: dir,
    input: resolve(file),
    n: ev.n,
    metrics: ev.metrics,
    ordering: common.ordering.name,
    resamples: ev.resamples,
    seed: ev.seed,
    correlations: ev.tables.correlations,
    monotonicity: ev.tables.monotonicity,
    excluded: ev.excluded,
    absentClasses: ev.absentClasses,
    warnings: [...(warning ? [warning] : []), ...ev.notes],
  });
  if (!values.quiet && !jsonOutput()) {
    out(evaluationTable(ev.tables));
  }
  if (warning) err(`warning: ${warning}`);
  for (const n of ev.notes) err(`note: ${n}`);
  for (const e of ev.excluded) err(`line ${e.line} (row ${e.rowId}) left out: ${e.reason}`);
  err(`wrote ${dir}`);
  return 0;
}
