/** capqa figures: every figure the data supports, exported to SVG, PDF and PNG at paper sizes. */
import { parseArgs } from "node:util";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { DEFAULT_PNG_DPI, STATEMENTS_DIR_ENV } from "../lib/constants.js";
import { loadBenchmark } from "../lib/data/index.js";
import {
  COLUMN_WIDTHS,
  FIGURE_FORMATS,
  CHROMIUM_INSTALL_HINT,
  exportFigures,
  figureCatalogue,
  figuresPage,
  findChromium,
  type ColumnWidth,
  type FigureFormat,
  type FigureJob,
} from "../lib/figures/index.js";
import { writeFolderAsync, checkOutputFolder, writeFileAtomic } from "../lib/io/index.js";
import { loadStatementItems, type StatementItem } from "../lib/statements/index.js";
import { COMMON_OPTIONS, UsageError, choiceFlag, defineOptions, intFlag, listFlag, optionsHelp, parseOptions } from "./args.js";
import { out, err, summary, jsonOutput } from "./output.js";

export const FIGURES_OPTIONS = defineOptions({
  out: { type: "string", value: "DIR", help: "Output folder (default figures)." },
  "data-dir": COMMON_OPTIONS["data-dir"],
  "statements-dir": {
    ...COMMON_OPTIONS["statements-dir"],
    help: `CAP-Statements folder for Fig. 6 (default $${STATEMENTS_DIR_ENV}, else data/cap-statements); without it Fig. 6 is skipped and the reason printed.`,
  },
  formats: { type: "string", value: "LIST", help: "Any of svg, pdf, png (default all three)." },
  width: {
    type: "string",
    value: "W",
    help: "auto (default): each figure at the column width it is designed for; single (3.3 in), double (6.9 in), or both.",
  },
  only: { type: "string", value: "LIST", help: "Only figures whose id starts with one of these (e.g. fig3,sweep)." },
  dpi: { type: "string", value: "N", help: `PNG resolution (default ${DEFAULT_PNG_DPI}).` },
  chromium: { type: "string", value: "PATH", help: "Chromium binary (default $CAPQA_CHROMIUM, else /usr/bin/chromium)." },
  html: { type: "boolean", help: "Also write DIR/index.html, the figures as interactive plotly charts." },
  list: { type: "boolean", help: "List the figures and exit (needs no Chromium)." },
  quiet: COMMON_OPTIONS.quiet,
});

export const FIGURES_HELP = `capqa figures [--out DIR] [--data-dir DIR] [--statements-dir DIR] [--formats svg,pdf,png]
              [--width auto|single|double|both] [--only ID,…] [--dpi N] [--chromium PATH] [--html] [--list]

Exports every figure the released data supports (Fig. 3 score distributions, Fig. 4 class counts,
Fig. 5 sources, Fig. 6 question types, Fig. 7 statement validation, Table 15 statement errors,
the α–λ sweep heatmaps of Table 12, the calibration threshold plot and confusion matrix of
Sec. 8.2, Table 17's class means) as DIR/<id>-<width>.<format>, and DIR/index.json listing every
file with its size in inches and pixels, bytes and SHA-256. The same data gives the same files.

Options:
${optionsHelp(FIGURES_OPTIONS)}

Rendering uses headless Chromium (Debian's package, driven by playwright-core) and the bundled
plotly.js; fonts are Liberation Sans and DejaVu Sans (fonts-liberation, fonts-dejavu-core),
embedded in the PDFs.`;

export async function cmdFigures(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: parseOptions(FIGURES_OPTIONS), strict: true });
  const dir = resolve(values.out ?? "figures");
  checkOutputFolder(dir);
  const formats = (listFlag(values.formats) ?? [...FIGURE_FORMATS]) as FigureFormat[];
  for (const f of formats)
    if (!FIGURE_FORMATS.includes(f)) throw new UsageError(`--formats: unknown format "${f}"; expected ${FIGURE_FORMATS.join(", ")}`);
  const widthChoice = choiceFlag(values.width, "width", ["auto", "single", "double", "both"] as const, "auto");
  const dpi = intFlag(values.dpi, "dpi", DEFAULT_PNG_DPI, 30);
  const only = listFlag(values.only);

  const started = Date.now();
  const bench = loadBenchmark(values["data-dir"]);
  const statementsDir = resolve(values["statements-dir"] ?? process.env[STATEMENTS_DIR_ENV] ?? "data/cap-statements");
  let statements: StatementItem[] | undefined;
  let statementsNote: string | undefined;
  if (existsSync(statementsDir)) {
    const loaded = loadStatementItems(statementsDir, "all");
    statements = loaded.items;
    statementsNote = loaded.files.map((f) => f.replace(/^.*CAP-Statements\.?/, "").replace(/\.csv$/, "") || "all").join(" + ");
  } else if (values["statements-dir"] !== undefined) {
    throw new UsageError(`--statements-dir: ${statementsDir} does not exist`);
  }
  const catalogue = figureCatalogue({ bench, statements, statementsNote });
  const entries = catalogue.figures.filter((f) => !only || only.some((o) => f.id.startsWith(o)));
  if (only && entries.length === 0)
    throw new UsageError(`--only ${values.only}: no figure id starts with that; ids: ${catalogue.figures.map((f) => f.id).join(", ")}`);
  for (const s of catalogue.skipped) err(`skipped ${s.id} (${s.paper}): ${s.reason}`);

  if (values.list) {
    summary("figures", {
      figures: entries.map((f) => ({ id: f.id, paper: f.paper, width: f.width, title: f.title })),
      skipped: catalogue.skipped,
    });
    if (!jsonOutput()) for (const f of entries) out(`${f.id.padEnd(28)} ${f.paper.padEnd(18)} ${f.width.padEnd(7)} ${f.title}`);
    return 0;
  }
  const chromium = findChromium(values.chromium);
  if (chromium === undefined) {
    err(`capqa figures: no Chromium found${values.chromium ? ` at ${values.chromium}` : ""}: ${CHROMIUM_INSTALL_HINT}`);
    return 1;
  }
  const widthsOf = (own: ColumnWidth): ColumnWidth[] =>
    widthChoice === "auto" ? [own] : widthChoice === "both" ? [...COLUMN_WIDTHS] : [widthChoice];
  const jobs: FigureJob[] = entries.flatMap((f) =>
    widthsOf(f.width).map((w) => ({ id: f.id, width: w, spec: f.build(w), title: f.title })),
  );
  // The folder changes as a whole: a killed export leaves the previous figures, not half of new ones.
  const index = await writeFolderAsync(dir, async (d) => {
    const written = await exportFigures(jobs, d, {
      formats,
      dpi,
      executablePath: chromium,
      onFile: values.quiet
        ? undefined
        : (file, done, total) =>
            err(`[${done}/${total}] ${file.file} (${file.widthIn} × ${file.heightIn} in, ${file.bytes.toLocaleString("en-US")} bytes)`),
    });
    if (values.html) {
      const page = figuresPage(
        entries.map((f) => ({ title: `${f.paper}: ${f.title}`, caption: f.caption, spec: f.build() })),
        "capqa figures",
      );
      writeFileAtomic(join(d, "index.html"), page);
    }
    const captions = entries.map(
      (f) =>
        `## ${f.paper}: ${f.title}\n\nFiles: ${written.files
          .filter((x) => x.figure === f.id)
          .map((x) => `\`${x.file}\``)
          .join(", ")}\n\n${f.caption}\n`,
    );
    writeFileAtomic(
      join(d, "captions.md"),
      `# capqa figures\n\n${captions.join("\n")}${catalogue.skipped.map((s) => `\nSkipped ${s.id} (${s.paper}): ${s.reason}\n`).join("")}`,
    );
    return written;
  });
  summary("figures", {
    output: dir,
    figures: jobs.length,
    files: index.files,
    skipped: catalogue.skipped,
    seconds: (Date.now() - started) / 1000,
  });
  if (!values.quiet && !jsonOutput())
    out(
      `wrote ${index.files.length} files for ${jobs.length} figures to ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s (index.json, captions.md${values.html ? ", index.html" : ""})`,
    );
  return 0;
}
