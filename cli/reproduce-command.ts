/** capqa reproduce: the paper's tables rebuilt from the released data, ending with the verdict per table. */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { DATA_FILES, DEFAULT_ALPHA, DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_LAMBDA, DEFAULT_SEED } from "../lib/constants.js";
import { dataProvenance, loadBenchmark, loadResultsJson } from "../lib/data/index.js";
import { reproducePaper, reproductionVerdicts, writeReproduction } from "../lib/eval/index.js";
import { buildManifest, checkOutputFolder } from "../lib/io/index.js";
import { intFlag, optionsHelp, parseOptions } from "./args.js";
import { err, jsonOutput, out, progressPrinter, summary } from "./output.js";
import { REPRODUCE_OPTIONS } from "./main-options.js";
import { verdictText } from "./reproduce-verdict.js";

import { liveFlag, scoreDecimalsFlag } from "./main-options.js";

export const REPRODUCE_HELP = `capqa reproduce [--out DIR] [--bootstrap N] [--seed S] [--threads T] [--data-dir DIR]

Options:
${optionsHelp(REPRODUCE_OPTIONS)}`;

export async function cmdReproduce(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: parseOptions(REPRODUCE_OPTIONS), strict: true });
  const started = Date.now();
  const dir = resolve(values.out ?? "out/reproduce");
  checkOutputFolder(dir);
  const live = liveFlag(values, ["bleu", "rouge_l", "meteor"]);
  const resamples = intFlag(values.bootstrap, "bootstrap", DEFAULT_BOOTSTRAP_RESAMPLES, 0, 10_000_000);
  const seed = intFlag(values.seed, "seed", DEFAULT_SEED, 0);
  const threads = values.threads === undefined ? undefined : intFlag(values.threads, "threads", 1, 1, 256);
  const bench = loadBenchmark(values["data-dir"]);
  for (const w of bench.warnings) err(`warning: ${w}`);
  const resultsPath = join(bench.dir, DATA_FILES.results);
  const released = existsSync(resultsPath) ? loadResultsJson(resultsPath) : undefined;
  if (!released) err(`note: ${resultsPath} not found; the check against the authors' results is skipped`);
  const reproduction = await reproducePaper(bench, released, {
    scoreDecimals: scoreDecimalsFlag(values["score-decimals"]),
    live,
    resamples,
    seed,
    threads,
    onProgress: values.quiet ? undefined : progressPrinter("bootstrap"),
  });
  const data = dataProvenance(bench);
  const manifest = buildManifest({ command: ["reproduce", ...argv], data, cap: { alpha: DEFAULT_ALPHA, lambda: DEFAULT_LAMBDA } });
  writeReproduction(reproduction, dir, { data, manifest });
  const seconds = (Date.now() - started) / 1000;
  summary("reproduce", {
    output: dir,
    tables: reproduction.tables.map((t) => ({
      id: t.id,
      title: t.title,
      cells: t.cells.length,
      maxAbsDiff: Math.max(0, ...t.cells.map((c) => (c.diff === null ? 0 : Math.abs(c.diff)))),
    })),
    released: reproduction.released
      ? {
          maxPointDiff: reproduction.released.maxPointDiff,
          maxBootstrapDiff: reproduction.released.maxBootstrapDiff,
          missingHere: reproduction.released.missingHere.length,
          missingThere: reproduction.released.missingThere.length,
        }
      : null,
    resamples,
    seed,
    seconds,
    warnings: [...bench.warnings, ...(released ? [] : [`${resultsPath} not found; the check against the authors' results is skipped`])],
  });
  if (!values.quiet && !jsonOutput()) out(verdictText(reproductionVerdicts(reproduction), dir));
  err(`wrote ${dir} in ${seconds.toFixed(1)} s`);
  return 0;
}
