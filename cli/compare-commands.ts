/** capqa compare: several QA systems' scored answers side by side (Sec. 7.4, Tables 5 and 6). */
import { alignedRows, signedNumber } from "./terminal.js";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { compareSystems, readSystem, writeComparison, type SystemComparison } from "../lib/compare/index.js";
import { DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_SEED } from "../lib/constants.js";
import { buildManifest, checkOutputFolder, fileDigest } from "../lib/io/index.js";
import { PAPER_ORDERING, parseOrdering } from "../lib/taxonomy/index.js";
import { COMMON_OPTIONS, UsageError, defineOptions, intFlag, listFlag, optionsHelp, parseOptions } from "./args.js";
import { err, jsonOutput, out, summary } from "./output.js";
import { readClassifier } from "./score-commands.js";

export const COMPARE_OPTIONS = defineOptions({
  in: {
    type: "string",
    multiple: true,
    value: "FILE …",
    help: "The systems' scored outputs (capqa score's CSV or JSONL), one file per system.",
  },
  names: { type: "string", value: "LIST", help: "Display names, comma-separated, one per file (default: the file names)." },
  "label-column": { type: "string", value: "COL", help: "The human label column (default: label, when present)." },
  classify: {
    type: "string",
    value: "FILE",
    help: 'A classifier from "capqa calibrate": its levels count the answers of Table 6 when the files lack human labels (default: the files\' predicted_level column).',
  },
  key: { type: "string", value: "COL", help: "The column joining the systems' rows (default: id, else question)." },
  bootstrap: COMMON_OPTIONS.bootstrap,
  seed: COMMON_OPTIONS.seed,
  ordering: COMMON_OPTIONS.ordering,
  out: { type: "string", value: "DIR", help: "Output folder (default out/compare)." },
  quiet: COMMON_OPTIONS.quiet,
});

export const COMPARE_HELP = `capqa compare --in A.csv B.csv … [--names "A,B,…"] [--label-column COL] [--classify FILE]
              [--key COL] [--bootstrap N] [--seed S] [--ordering TEXT] [--out DIR]

Compares QA systems on the same questions (Sec. 7.4) from their scored outputs (capqa score's
CSV or JSONL: a cap column; rows not scored are left out). Writes DIR (default out/compare):
  table5_class_means   mean CAP per class per system with bootstrap intervals (human labels)
  table6_class_counts  answers per class per system: human labels when every file has them,
                       else the levels of --classify FILE (or the files' predicted_level column)
  class_pair_violations  the ordered class pairs (25 under Eq. 1) and whether each system inverts them
  paired_differences   mean CAP difference between every two systems on the questions both answered,
                       paired bootstrap interval and the share of resamples where the first is not better
  systems              rows, scored, labelled, mean CAP and violations per system
as CSV and JSON, summary.md (Tables 5 and 6 as the paper prints them), meta.json, and the figures
fig-class-distribution and fig-class-means as plotly JSON, with SVG and PNG in DIR/figures when
Chromium is installed.
A file scored with capqa's demo model (its FILE.manifest.json says so) gets a warning on stderr,
at the top of summary.md and in meta.json: its CAP means nothing.

Options:
${optionsHelp(COMPARE_OPTIONS)}`;

/**
 * The systems side by side (aligned), then each paired difference of mean CAP over the questions
 * both answered, with its bootstrap interval and how often a resample does not favour the first.
 */
function comparisonText(c: SystemComparison): string {
  const f4 = (x: number | null) => (x === null ? "—" : x.toFixed(4));
  const systems = alignedRows([
    ["system", "scored", "mean CAP", "class pairs inverted"],
    ...c.systems.map((s) => [s.system, String(s.scored), f4(s.meanCap), s.classPairs ? `${s.violations} of ${s.classPairs}` : "—"]),
  ]);
  if (c.differences.length === 0) return systems.join("\n");
  const signed = (x: number | null) => (x === null ? "—" : signedNumber(x, 4));
  const differences = alignedRows([
    ["paired difference", "questions", "mean CAP difference", "95 % interval", "P(not better)"],
    ...c.differences.map((d) => [
      `${d.system} − ${d.other}`,
      String(d.shared),
      signed(d.meanDifference),
      d.ciLow === null || d.ciHigh === null ? "—" : `[${signed(d.ciLow)}, ${signed(d.ciHigh)}]`,
      d.pSystemNotBetter === null ? "—" : d.pSystemNotBetter.toFixed(4),
    ]),
  ]);
  return [...systems, "", ...differences].join("\n");
}

export async function cmdCompare(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: parseOptions(COMPARE_OPTIONS), allowPositionals: true, strict: true });
  // --in A.csv B.csv: the files after the first are positionals.
  const files = [...(values.in ?? []), ...positionals];
  if (files.length === 0) throw new UsageError("capqa compare needs --in FILE [FILE …], the scored outputs of the systems");
  for (const f of files) if (!existsSync(f)) throw new UsageError(`--in: no such file ${f}`);
  const names = listFlag(values.names);
  if (names && names.length !== files.length) throw new UsageError(`--names gives ${names.length} names for ${files.length} files`);
  const dir = resolve(values.out ?? "out/compare");
  checkOutputFolder(dir);
  const resamples = intFlag(values.bootstrap, "bootstrap", DEFAULT_BOOTSTRAP_RESAMPLES, 0, 10_000_000);
  const seed = intFlag(values.seed, "seed", DEFAULT_SEED, 0);
  const ordering = values.ordering ? parseOrdering(values.ordering, "custom") : PAPER_ORDERING;
  const classifier = values.classify ? readClassifier(values.classify) : undefined;
  const systems = files.map((f, k) =>
    readSystem(f, { name: names?.[k], key: values.key, labelColumn: values["label-column"], classifier }),
  );
  const comparison = compareSystems(systems, { resamples, seed, ordering });
  const manifest = buildManifest({
    command: ["compare", ...argv],
    inputs: await Promise.all([...files, ...(values.classify ? [values.classify] : [])].map((f) => fileDigest(f))),
    warning: comparison.warning,
  });
  const figures = await writeComparison(comparison, dir, { manifest, log: (l) => err(`note: ${l}`) });
  summary("compare", {
    output: dir,
    systems: comparison.systems,
    countsFrom: comparison.countsFrom,
    classMeans: comparison.classMeans,
    differences: comparison.differences,
    figures,
    notes: comparison.notes,
    warnings: comparison.warning ? [comparison.warning] : [],
  });
  if (!values.quiet && !jsonOutput()) out(comparisonText(comparison));
  if (comparison.warning) err(`warning: ${comparison.warning}`);
  for (const n of comparison.notes) err(`note: ${n}`);
  err(`wrote ${dir}`);
  return 0;
}
