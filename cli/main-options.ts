/**
 * The options of reproduce, evaluate and data fetch | verify | info, and the flag parsers they
 * share (--live, --score-decimals), declared apart from the commands so that tests can import them.
 */
import { REFERENCE_METRIC, RELEASED_METRICS } from "../lib/constants.js";
import { LIVE_TEXT_METRICS } from "../lib/eval/index.js";
import { COMMON_OPTIONS, UsageError, defineOptions, intFlag, listFlag, splitOption } from "./args.js";
import { CONFIG_OPTION } from "./config-flag.js";
import { EVALUATE_IN_OPTIONS } from "./evaluate-labelled.js";

export const REPRODUCE_OPTIONS = defineOptions({
  out: {
    type: "string",
    value: "DIR",
    help: "Output folder (default out/reproduce): one .md/.csv/.json per table, README.md with every table, test-evaluation/ with the full tables.",
  },
  bootstrap: COMMON_OPTIONS.bootstrap,
  seed: COMMON_OPTIONS.seed,
  threads: COMMON_OPTIONS.threads,
  live: {
    type: "string",
    value: "LIST",
    help: "Compute these baselines with capqa's implementations instead of taking the released values: any of bleu, rouge_l, meteor, squad_em, squad_f1.",
  },
  "score-decimals": {
    type: "string",
    value: "N|none",
    help: "Decimals scores are rounded to before they are compared, so floating-point noise ties (default 10, as the authors' evaluation); none compares full precision (live baselines then reproduce the paper's printed values).",
  },
  "data-dir": COMMON_OPTIONS["data-dir"],
  quiet: COMMON_OPTIONS.quiet,
});

/** capqa evaluate's options that apply with and without --in FILE. */
export const EVALUATE_OPTIONS = defineOptions({
  metrics: {
    type: "string",
    value: "LIST",
    help: `Comma-separated metrics (default ${RELEASED_METRICS.join(",")}, then every metric of --scores FILE; with --in, the file's columns named cap, bleu, rouge_l, meteor, squad_em, squad_f1, bertscore, comet).`,
  },
  bootstrap: COMMON_OPTIONS.bootstrap,
  seed: COMMON_OPTIONS.seed,
  threads: COMMON_OPTIONS.threads,
  alpha: {
    ...COMMON_OPTIONS.alpha,
    help: `${COMMON_OPTIONS.alpha.help} With --alpha or --lambda (the other keeps the paper's value), CAP is recomputed from the released NLI probabilities with these weights.`,
  },
  lambda: COMMON_OPTIONS.lambda,
  ordering: COMMON_OPTIONS.ordering,
  config: CONFIG_OPTION,
  "score-decimals": {
    type: "string",
    value: "N|none",
    help: "Decimals scores are rounded to before they are compared, so floating-point noise ties (default 10, as the authors' evaluation); none compares full precision.",
  },
  "hard-pairs": {
    type: "string",
    value: "PAIRS",
    help: 'The hard neighbouring pairs reported in hard_pairs, "better>worse,..." (default: Table 4\'s four, less those --ordering does not order, with a note); a pair --ordering contradicts is refused.',
  },
  reference: { type: "string", value: "M", help: `The metric paired differences are taken against (default ${REFERENCE_METRIC}).` },
  out: {
    type: "string",
    value: "DIR",
    help: "Output folder (default out/evaluate-<split>, with --in out/evaluate-in): <table>.csv/.json for correlations, descriptives, class_pairs, hard_pairs, monotonicity, paired_differences; summary.md; meta.json.",
  },
  quiet: COMMON_OPTIONS.quiet,
});

/** capqa evaluate's options for the released benchmark (usage errors with --in FILE). */
export const EVALUATE_BENCHMARK_OPTIONS = defineOptions({
  "data-dir": COMMON_OPTIONS["data-dir"],
  split: splitOption(["test", "validation", "all"], "test", "Rows to evaluate"),
  labels: {
    type: "string",
    value: "synthetic|human",
    help: "synthetic (label_semantic, default) or human (label_semantic_manual; 1,638 rows).",
  },
  "human-subset": { type: "boolean", help: "With synthetic labels, keep only the human-labelled rows (Table 16)." },
  live: {
    type: "string",
    value: "LIST",
    help: "Compute these metrics with capqa's implementations instead of the released values (bleu, rouge_l, meteor, squad_em, squad_f1; bertscore with --bertscore-model DIR; comet with --comet-model DIR).",
  },
  "bertscore-model": COMMON_OPTIONS["bertscore-model"],
  "comet-model": COMMON_OPTIONS["comet-model"],
  scores: {
    type: "string",
    value: "FILE",
    help: "Your own metrics' scores for CAP-Correctness (CSV or JSONL): a row_id column (0-based row of CAP-Correctness.csv) or exactly 8,827 rows in the CSV's order, and one column per metric; evaluated beside --metrics (default: the released metrics, then every metric of the file), with the same bootstrap resamples.",
  },
});

export const EVALUATE_ALL_OPTIONS = defineOptions({ ...EVALUATE_OPTIONS, ...EVALUATE_BENCHMARK_OPTIONS, ...EVALUATE_IN_OPTIONS });

/** capqa data fetch | verify | info take the same flags. */
export const DATA_OPTIONS = defineOptions({
  "data-dir": {
    ...COMMON_OPTIONS["data-dir"],
    help: `${COMMON_OPTIONS["data-dir"].help} With fetch --statements, the CAP-Statements folder.`,
  },
  list: { type: "boolean", help: "fetch: list the files with their pinned URLs and checksums; download nothing." },
  "allow-changed": { type: "boolean", help: "fetch: keep a download whose checksum differs from the pin (it is reported)." },
  statements: {
    type: "boolean",
    help: "fetch: the upstream CAP-Statements.csv, into --data-dir, else $CAPQA_STATEMENTS_DIR, else data/cap-statements.",
  },
});

/** --live names: each a metric capqa computes, requested in --metrics, with the model folder it needs. */
export function liveFlag(
  values: { live?: string; "bertscore-model"?: string; "comet-model"?: string },
  metrics: readonly string[],
): string[] | undefined {
  const live = listFlag(values.live);
  if (!live) return undefined;
  const known = [...Object.keys(LIVE_TEXT_METRICS), "bertscore", "comet"];
  for (const name of live) {
    if (!known.includes(name)) throw new UsageError(`--live ${name}: capqa computes ${known.join(", ")} live`);
    if (!metrics.includes(name))
      throw new UsageError(`--live ${name}: not among the metrics evaluated (${metrics.join(", ")}); add it to --metrics`);
  }
  if (live.includes("bertscore") && !values["bertscore-model"]) throw new UsageError("--live bertscore needs --bertscore-model DIR");
  if (live.includes("comet") && !values["comet-model"]) throw new UsageError("--live comet needs --comet-model DIR");
  return live;
}

/** --score-decimals N|none: undefined when not given (the default, SCORE_DECIMALS), null for none. */
export function scoreDecimalsFlag(text: string | undefined): number | null | undefined {
  if (text === undefined) return undefined;
  if (text === "none") return null;
  return intFlag(text, "score-decimals", 10, 0, 300);
}
