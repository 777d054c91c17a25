/**
 * Writes a system comparison as a folder that changes as a whole: Table 5 and Table 6 as the
 * paper lays them out (a column per system) in summary.md, every table as CSV and JSON, the two
 * figures as plotly specs and, where Chromium and playwright-core are present, as SVG and PNG.
 *
 * @example
 * await writeComparison(compareSystems(systems), "out/compare", { manifest: manifest }); // named: tslab 1.0.22 does not resolve { manifest } across cells
 */
import { join } from "node:path";
import { findChromium, exportFigures, type FigureFormat } from "../figures/export.js";
import { markdownTable, writeFileAtomic, writeTable } from "../io/format.js";
import { writeFolderAsync } from "../io/folder.js";
import { classLabel } from "../figures/palette.js";
import { CLASSES } from "../taxonomy/index.js";
import { classDistributionFigure, classMeansBySystemFigure } from "./figures.js";
import type { SystemComparison } from "./systems.js";

export interface WriteComparisonOptions {
  /** Image formats besides the JSON specs; default svg and png when Chromium is found, else none. */
  readonly imageFormats?: readonly FigureFormat[];
  readonly manifest?: unknown;
  readonly log?: (line: string) => void;
}

const f2 = (x: number | null) => (x === null ? "—" : (100 * x).toFixed(2));

/** Table 5 and Table 6 as the paper prints them, plus the per-system summary, violations and differences. */
export function comparisonMarkdown(c: SystemComparison): string {
  const names = c.systems.map((s) => s.system);
  const lines = [`# Comparing ${names.length} systems`, "", ...(c.warning ? [`> **Warning:** ${c.warning}.`, ""] : [])];
  lines.push(
    markdownTable(
      ["system", "rows", "scored", "labelled", "mean CAP", "CI", "violations"],
      c.systems.map((s) => [
        s.system,
        s.rows,
        s.scored,
        s.labelled,
        f2(s.meanCap),
        s.ciLow === null ? "—" : `[${f2(s.ciLow)}, ${f2(s.ciHigh)}]`,
        s.classPairs > 0 ? `${s.violations}/${s.classPairs}` : "—",
      ]),
    ),
    "",
  );
  if (c.classMeans.length > 0) {
    lines.push("## Table 5: mean CAP (×100) per class, human labels", "");
    lines.push(
      markdownTable(
        ["Class", ...names],
        CLASSES.map((cls) => [
          classLabel(cls),
          ...names.map((s) => {
            const r = c.classMeans.find((x) => x.system === s && x.class === cls)!;
            return r.mean === null ? "—" : `${f2(r.mean)} [${f2(r.ciLow)}, ${f2(r.ciHigh)}] (n = ${r.n})`;
          }),
        ]),
      ),
      "",
    );
  }
  if (c.classCounts.length > 0) {
    lines.push(`## Table 6: answers per class (${c.countsFrom})`, "");
    const classes = [...new Set(c.classCounts.map((r) => r.class))];
    lines.push(
      markdownTable(
        ["Class", ...names],
        classes.map((cls) => [
          (CLASSES as readonly string[]).includes(cls) ? classLabel(cls as (typeof CLASSES)[number]) : cls,
          ...names.map((s) => c.classCounts.find((x) => x.system === s && x.class === cls)?.count ?? 0),
        ]),
      ),
      "",
    );
  }
  const inverted = c.pairViolations.filter((p) => p.violation);
  if (c.pairViolations.length > 0) {
    lines.push("## Inverted class pairs (mean of the better class ≤ mean of the worse)", "");
    for (const s of c.systems)
      lines.push(
        `- ${s.system}: ${s.violations} of ${s.classPairs}${
          s.violations
            ? `: ${inverted
                .filter((p) => p.system === s.system)
                .map((p) => `${classLabel(p.better)} > ${classLabel(p.worse)}`)
                .join("; ")}`
            : ""
        }`,
      );
    lines.push("");
  }
  if (c.differences.length > 0) {
    lines.push("## Paired differences of mean CAP on shared questions (×100)", "");
    lines.push(
      markdownTable(
        ["system", "other", "shared", "difference", "CI", "p (system not better)"],
        c.differences.map((d) => [
          d.system,
          d.other,
          d.shared,
          f2(d.meanDifference),
          d.ciLow === null ? "—" : `[${f2(d.ciLow)}, ${f2(d.ciHigh)}]`,
          d.pSystemNotBetter === null ? "—" : d.pSystemNotBetter.toFixed(4),
        ]),
      ),
      "",
    );
  }
  lines.push(
    `${c.resamples} bootstrap resamples, seed ${c.seed}, ${Math.round(c.confidence * 100)} % intervals; ordering ${c.ordering.name}.`,
    "",
  );
  for (const n of c.notes) lines.push(`- ${n}`);
  return lines.join("\n") + "\n";
}

/** Writes the comparison into `dir`; returns the figure files written. */
export async function writeComparison(c: SystemComparison, dir: string, options: WriteComparisonOptions = {}): Promise<string[]> {
  const figures = [
    { id: "class-distribution", spec: classDistributionFigure(c), width: "double" as const, when: c.classCounts.length > 0 },
    { id: "class-means", spec: classMeansBySystemFigure(c), width: "single" as const, when: c.classMeans.length > 0 },
  ].filter((f) => f.when);
  const formats = options.imageFormats ?? (findChromium() ? (["svg", "png"] as const) : []);
  if (formats.length === 0 && options.imageFormats === undefined && figures.length > 0)
    options.log?.("no Chromium found: figures are written as plotly specs (JSON) only");
  return writeFolderAsync(dir, async (d) => {
    const written: string[] = [];
    writeTable(d, "systems", c.systems as unknown as Record<string, unknown>[]);
    writeTable(d, "table5_class_means", c.classMeans as unknown as Record<string, unknown>[]);
    writeTable(d, "table6_class_counts", c.classCounts as unknown as Record<string, unknown>[]);
    writeTable(d, "class_pair_violations", c.pairViolations as unknown as Record<string, unknown>[]);
    writeTable(d, "paired_differences", c.differences as unknown as Record<string, unknown>[]);
    for (const f of figures) {
      writeFileAtomic(join(d, `fig-${f.id}.json`), JSON.stringify(f.spec) + "\n");
      written.push(`fig-${f.id}.json`);
    }
    if (formats.length > 0 && figures.length > 0) {
      const index = await exportFigures(
        figures.map((f) => ({ id: `fig-${f.id}`, width: f.width, spec: f.spec })),
        join(d, "figures"),
        { formats },
      );
      written.push(...index.files.map((x) => `figures/${x.file}`));
    }
    writeFileAtomic(join(d, "summary.md"), comparisonMarkdown(c));
    writeFileAtomic(
      join(d, "meta.json"),
      JSON.stringify(
        {
          command: "compare",
          ...(c.warning ? { warning: c.warning } : {}),
          systems: c.systems.map((s) => ({ name: s.system, file: s.file })),
          countsFrom: c.countsFrom,
          resamples: c.resamples,
          seed: c.seed,
          confidence: c.confidence,
          ordering: c.ordering,
          notes: c.notes,
          figures: written,
          manifest: options.manifest ?? null,
        },
        null,
        2,
      ) + "\n",
    );
    return written;
  });
}
