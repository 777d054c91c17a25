/**
 * Problems found in input data. Each names the file and, where it applies, the line (1-based,
 * as an editor shows it), the row and the field, so a user can go straight to the cell.
 */
export interface DataProblemLocation {
  readonly file: string;
  readonly line?: number;
  readonly row?: number;
  readonly field?: string;
}

export class DataError extends Error {
  readonly location: DataProblemLocation;
  constructor(location: DataProblemLocation, message: string) {
    super(`${formatLocation(location)}: ${message}`);
    this.name = "DataError";
    this.location = location;
  }
}

/** "file, line 12, row 10, field label_semantic" with the parts that are known. */
export function formatLocation(loc: DataProblemLocation): string {
  const parts = [loc.file];
  if (loc.line !== undefined) parts.push(`line ${loc.line}`);
  if (loc.row !== undefined) parts.push(`row ${loc.row}`);
  if (loc.field !== undefined) parts.push(`field ${loc.field}`);
  return parts.join(", ");
}

/** Collects several problems so that a user sees all of them at once, not one per run. */
export class DataProblems {
  private readonly errors: DataError[] = [];
  add(location: DataProblemLocation, message: string): void {
    this.errors.push(new DataError(location, message));
  }
  get count(): number {
    return this.errors.length;
  }
  /** Throws one error listing every problem (the first 50 in full) when there are any. */
  throwIfAny(what: string): void {
    if (this.errors.length === 0) return;
    const shown = this.errors.slice(0, 50).map((e) => `  - ${e.message}`);
    const more = this.errors.length > 50 ? [`  … and ${this.errors.length - 50} more`] : [];
    const err = new DataError(this.errors[0].location, `${this.errors.length} problem(s) in ${what}:\n${[...shown, ...more].join("\n")}`);
    throw err;
  }
}
