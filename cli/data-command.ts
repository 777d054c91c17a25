/** capqa data fetch | verify | info: the released CAP-Correctness files. */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { PINNED_FILES, STATEMENTS_FILES, fetchData, loadBenchmark, pinnedUrl, resolveDataDir, verifyData } from "../lib/data/index.js";
import { UsageError, optionsHelp, parseOptions } from "./args.js";
import { err, jsonOutput, out, summary } from "./output.js";
import { DATA_OPTIONS } from "./main-options.js";

export const DATA_HELP = `capqa data fetch [--data-dir DIR] [--list] [--allow-changed] [--statements]
capqa data verify [--data-dir DIR]
capqa data info [--data-dir DIR]

Options:
${optionsHelp(DATA_OPTIONS)}`;

export async function cmdData(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const { values } = parseArgs({ args: rest, options: parseOptions(DATA_OPTIONS), strict: true });
  const choice = resolveDataDir(values["data-dir"]);
  if (sub === "fetch") {
    const files = values.statements ? STATEMENTS_FILES : PINNED_FILES;
    const dir = values.statements ? resolve(values["data-dir"] ?? process.env.CAPQA_STATEMENTS_DIR ?? "data/cap-statements") : choice.dir;
    if (values.list) {
      summary("data fetch", { dir, files: files.map((f) => ({ name: f.name, url: pinnedUrl(f), sha256: f.sha256 ?? null })) });
      if (!jsonOutput()) for (const f of files) out(`${f.name}\t${pinnedUrl(f)}\tsha256 ${f.sha256 ?? "(not pinned)"}`);
      return 0;
    }
    const fetched = await fetchData({ dir, allowChanged: values["allow-changed"], log: err, files });
    summary("data fetch", { dir, files: fetched });
    out(`data ready in ${dir}`);
    return 0;
  }
  if (sub === "verify") {
    const report = verifyData(choice.dir);
    const ok = report.every((r) => r.ok);
    summary("data verify", { dir: choice.dir, source: choice.source, ok, files: report });
    if (!jsonOutput()) for (const r of report) out(`${r.ok ? "ok  " : "FAIL"} ${r.name}: ${r.detail}`);
    return ok ? 0 : 1;
  }
  if (sub === "info") {
    const bench = loadBenchmark(values["data-dir"]);
    const count = (xs: string[]) => Object.entries(xs.reduce<Record<string, number>>((a, x) => ((a[x] = (a[x] ?? 0) + 1), a), {}));
    summary("data info", {
      dir: bench.dir,
      source: choice.source,
      rows: bench.rows.length,
      splits: Object.fromEntries(count(bench.split)),
      datasets: Object.fromEntries(count(bench.rows.map((r) => r.dataset))),
      syntheticLabels: Object.fromEntries(count(bench.rows.map((r) => r.label))),
      humanLabelled: bench.rows.filter((r) => r.manualLabel !== null).length,
      releasedMetrics: bench.scores.metrics,
      scoredRows: bench.scores.rowIds.length,
      unscored: bench.unscored,
      files: bench.checksums,
      warnings: bench.warnings,
    });
    if (jsonOutput()) return 0;
    out(`data folder: ${bench.dir} (${choice.source})`);
    out(
      `rows: ${bench.rows.length}; splits: ${count(bench.split)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
    out(
      `datasets: ${count(bench.rows.map((r) => r.dataset))
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
    out(
      `synthetic labels: ${count(bench.rows.map((r) => r.label))
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
    out(`human labels: ${bench.rows.filter((r) => r.manualLabel !== null).length} rows`);
    out(`released metrics: ${bench.scores.metrics.join(", ")} for ${bench.scores.rowIds.length} rows`);
    for (const u of bench.unscored) out(`unscored: row ${u.rowId} (${u.split}): ${u.reason}`);
    for (const w of bench.warnings) out(`warning: ${w}`);
    return 0;
  }
  throw new UsageError(`unknown data command "${sub ?? ""}"; expected fetch, verify or info`);
}
