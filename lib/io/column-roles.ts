/**
 * Columns of another spelling: a file whose answers are in `prediction` and golds in `reference`
 * (Hugging Face style) is read as if they were `answer` and `gold_answer`, without renaming the
 * file's columns (outputs keep them as they are). A role's column is checked once, before any
 * work: it must exist, and the file must not also have a different column of the role's name.
 */
import { DataError } from "./errors.js";
import type { RowRecord, RowSource } from "./row-stream.js";

/** The columns that play capqa's roles, by role: `{ answer: "prediction", gold_answer: "reference" }`. */
export type ColumnRoles = Readonly<Partial<Record<"question" | "gold_answer" | "answer", string>>>;

/** The roles whose column is given and differs from the role's own name. */
function mapped(roles: ColumnRoles | undefined): [string, string][] {
  return Object.entries(roles ?? {}).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== e[0]);
}

/**
 * Checks the roles against a file's columns: each named column exists, and the role's own name is
 * not another column of the file. `option` names the setting in errors (a CLI flag or the library's option).
 */
export function checkColumnRoles(file: string, columns: readonly string[], roles: ColumnRoles | undefined, option = (role: string) => `the \`columns.${role}\` option`): void {
  for (const [role, column] of mapped(roles)) {
    if (!columns.includes(column)) throw new DataError({ file, line: 1, field: column }, `has no column "${column}" (named by ${option(role)}); it has ${columns.join(", ")}`);
    if (columns.includes(role)) throw new DataError({ file, line: 1, field: role }, `has a column "${role}" and ${option(role)} names "${column}" for it: rename one of the two`);
  }
}

/** The file's columns and the roles read from other columns: what a reader may look for. */
export function columnsWithRoles(columns: readonly string[], roles: ColumnRoles | undefined): string[] {
  return [...columns, ...mapped(roles).map(([role]) => role)];
}

/** A row with each role's value taken from its column (the row's own columns unchanged). */
export function rowWithRoles(row: Readonly<Record<string, unknown>>, roles: ColumnRoles | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const [role, column] of mapped(roles)) out[role] = row[column];
  return out;
}

/** A row source whose rows carry the roles' values (checked first); its columns stay the file's. */
export function sourceWithRoles(source: RowSource, roles: ColumnRoles | undefined, option?: (role: string) => string): RowSource {
  if (mapped(roles).length === 0) return source;
  checkColumnRoles(source.file, source.columns, roles, option);
  const rows = async function* (): AsyncGenerator<RowRecord> {
    for await (const rec of source.rows()) yield { ...rec, row: rowWithRoles(rec.row, roles) };
  };
  return { ...source, rows };
}
