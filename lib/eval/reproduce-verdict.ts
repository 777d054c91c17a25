/**
 * The verdict of `capqa reproduce`, table by table: does capqa's number equal the one the paper
 * prints, to the paper's last digit (to the bootstrap's noise for intervals), and where it does
 * not, why, when that is known. What a reader of the paper wants first, before any table.
 *
 * @example
 * import { loadBenchmark } from "capqa";
 * import { reproducePaper, reproductionVerdicts } from "capqa/eval";
 * const reproduction = await reproducePaper(loadBenchmark(), undefined, { resamples: 0 });
 * for (const v of reproductionVerdicts(reproduction)) console.log(v.label, v.reproduces ? "reproduces" : `differs by up to ${v.maxAbsDiff}`);
 */
import { REPRODUCE_BOOTSTRAP_TOLERANCE } from "../constants.js";
import type { ReproducedCell, ReproducedTable, Reproduction } from "./reproduce.js";

/** One table's verdict. */
export interface TableVerdict {
  readonly id: string;
  /** "Table 2". */
  readonly label: string;
  /** Cells with both the paper's number and capqa's. */
  readonly compared: number;
  /** Of those, the cells that round to within `tolerance` of the paper's number (one unit of its last digit: the paper rounded too). */
  readonly within: number;
  /** The largest |capqa − paper| (the table's units, mostly ×100). */
  readonly maxAbsDiff: number;
  /** One unit of the paper's last printed digit, the bootstrap's tolerance for intervals, 0 for counts. */
  readonly tolerance: number;
  readonly reproduces: boolean;
  /** The cells beyond the tolerance, largest difference first. */
  readonly differing: readonly ReproducedCell[];
  /** Why the differing cells differ, when it is known; null when the table reproduces. */
  readonly why: string | null;
}

/** The unit of the paper's last printed digit in a table (Table 8 prints one decimal, violation counts none). */
function printedUnit(table: Pick<ReproducedTable, "id">, cell: ReproducedCell): number {
  if (table.id === "table8") return 0.1;
  if (table.id === "table14" || cell.column.startsWith("Violating")) return 1;
  return 0.01;
}

/** Whether capqa's number, rounded as the paper prints it, lies within the table's tolerance of the printed one. */
function withinPrint(table: ReproducedTable, cell: ReproducedCell): boolean {
  if (table.id === "table13") return Math.abs(cell.diff!) <= REPRODUCE_BOOTSTRAP_TOLERANCE;
  if (table.id === "table14") return cell.diff === 0; // counts of violating pairs and their share: exactly
  const unit = printedUnit(table, cell);
  const digits = Math.max(0, Math.round(-Math.log10(unit)));
  return Math.abs(Number(cell.capqa!.toFixed(digits)) - cell.paper!) <= unit + 1e-9;
}

/** The number of decimals the paper prints in a table's cell. */
export function printedDigits(table: Pick<ReproducedTable, "id">, cell: ReproducedCell): number {
  return Math.max(0, Math.round(-Math.log10(printedUnit(table as ReproducedTable, cell))));
}

/** What is known of a table's differences. */
function whyDiffers(table: ReproducedTable, r: Reproduction): string {
  const releasedAgrees = r.released !== undefined && r.released.maxPointDiff < 1e-9;
  switch (table.id) {
    case "table2":
    case "table3":
    case "table4":
    case "table14":
      return releasedAgrees
        ? `the printed paper differs here from the authors' own results.json, which capqa equals (largest difference of a point estimate ${r.released?.maxPointDiff.toExponential(1)})`
        : "unknown: the authors' results.json was not there to tell a printing difference from capqa's";
    case "table13":
      return "bootstrap intervals: capqa's random generator is not numpy's, so bounds agree statistically, not digit for digit";
    default:
      return table.notes[0] ?? "unknown";
  }
}

/** Every table's verdict, in the order of the reproduction. */
export function reproductionVerdicts(r: Reproduction): TableVerdict[] {
  return r.tables.map((table) => {
    const cells = table.cells.filter((c) => c.diff !== null);
    const differing = cells.filter((c) => !withinPrint(table, c)).sort((a, b) => Math.abs(b.diff!) - Math.abs(a.diff!));
    const maxAbsDiff = Math.max(0, ...cells.map((c) => Math.abs(c.diff!)));
    return {
      id: table.id,
      label: table.title.split(":")[0],
      compared: cells.length,
      within: cells.length - differing.length,
      maxAbsDiff,
      tolerance:
        table.id === "table13"
          ? REPRODUCE_BOOTSTRAP_TOLERANCE
          : table.id === "table14"
            ? 0
            : printedUnit(table, cells[0] ?? table.cells[0]),
      reproduces: differing.length === 0,
      differing,
      why: differing.length === 0 ? null : whyDiffers(table, r),
    };
  });
}
