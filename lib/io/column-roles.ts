/**
 * Columns of another spelling: a file whose answers are in `prediction` and golds in `reference`
 * (Hugging Face style) is read as if they were `answer` and `gold_answer`, without renaming the
 * file's columns (outputs keep them as they are). Every reader of a file of rows takes the same
 * `columns` option (capqa score, evaluate --in, baselines --in, statements generate | review | eval
 * --in), and the mapping is checked once, before any work:
 * - each named column exists, else a DataError naming the file and listing its columns;
 * - one column plays one role, and a role's own name is not also another column of the file,
 *   else a ColumnRolesConflict: the mapping itself is wrong (the CLI reports it as a usage error).
 */
import { DataError, formatLocation } from "./errors.js";
import type { RowRecord, RowSource } from "./row-stream.js";

/** The roles a column can play under another name, each named as capqa spells its column. */
export const COLUMN_ROLES = ["question", "gold_answer", "answer", "statement"] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];

/** The columns that play capqa's roles, by role: `{ answer: "prediction", gold_answer: "reference" }`. */
export type ColumnRoles = Readonly<Partial<Record<ColumnRole, string>>>;

/** How messages name a role's setting: the library's option (the CLI rewrites it into the flag, cliMessage). */
export type RoleSettingName = (role: ColumnRole) => string;
const libraryOption: RoleSettingName = (role) => `the \`columns.${role}\` option`;

/** A role in words, for messages. */
const ROLE_WORDS: Readonly<Record<ColumnRole, string>> = {
  question: "question",
  gold_answer: "gold answer",
  answer: "answer",
  statement: "statement",
};

/** A column mapping that cannot be right for the file whatever its rows hold (a usage error on the CLI). */
export class ColumnRolesConflict extends Error {
  override name = "ColumnRolesConflict";
}

/** How a reader checks its mapping: the roles it reads (default all) and how messages name their settings. */
export interface ColumnRolesCheck {
  /** The roles the reader reads: a mapped column that is another of these roles' own column plays two roles. */
  readonly reads?: readonly ColumnRole[];
  readonly option?: RoleSettingName;
}

/** The roles whose column is given and differs from the role's own name. */
function mapped(roles: ColumnRoles | undefined): [ColumnRole, string][] {
  return Object.entries(roles ?? {}).filter((e): e is [ColumnRole, string] => typeof e[1] === "string" && e[1] !== e[0]);
}

/**
 * The columns several settings name (roles, a label column, a metric's column, …) are distinct:
 * the first column named twice is a ColumnRolesConflict naming both settings. Settings left
 * undefined are skipped.
 */
export function checkDistinctColumns(settings: readonly (readonly [setting: string, column: string | undefined])[]): void {
  const seen = new Map<string, string>();
  for (const [setting, column] of settings) {
    if (column === undefined) continue;
    const first = seen.get(column);
    if (first !== undefined)
      throw new ColumnRolesConflict(`${first} and ${setting} both name the column "${column}": one column plays one role`);
    seen.set(column, setting);
  }
}

/** Each given role's setting (as messages name it) and its column: what checkDistinctColumns takes. */
export function roleSettings(
  roles: ColumnRoles | undefined,
  option: RoleSettingName = libraryOption,
): [setting: string, column: string | undefined][] {
  return Object.entries(roles ?? {}).map(([role, column]) => [option(role as ColumnRole), column]);
}

/** No two roles given the same column: checked without reading any file. */
export function checkDistinctRoles(roles: ColumnRoles | undefined, option: RoleSettingName = libraryOption): void {
  checkDistinctColumns(roleSettings(roles, option));
}

/**
 * Checks the roles against a file's columns: no two roles share a column, each named column
 * exists, a role's own name is not another column of the file, and a mapped column is not a
 * role's own column that the reader reads as that role.
 */
export function checkColumnRoles(
  file: string,
  columns: readonly string[],
  roles: ColumnRoles | undefined,
  check: ColumnRolesCheck = {},
): void {
  const option = check.option ?? libraryOption;
  checkDistinctRoles(roles, option);
  const given = mapped(roles);
  for (const [role, column] of given) {
    if (!columns.includes(column))
      throw new DataError(
        { file, line: 1, field: column },
        `has no column "${column}" (named by ${option(role)}); it has ${columns.join(", ")}`,
      );
    if (columns.includes(role))
      throw new ColumnRolesConflict(
        `${formatLocation({ file, line: 1, field: role })}: has a column "${role}" and ${option(role)} names "${column}" for it: rename one of the two`,
      );
  }
  for (const [role, column] of given) {
    const other = (check.reads ?? COLUMN_ROLES).find((r) => r === column && r !== role && roles?.[r] === undefined);
    if (other !== undefined)
      throw new ColumnRolesConflict(
        `${file}: ${option(role)} names "${column}", the column the ${ROLE_WORDS[other]} is read from: one column plays one role (name the ${ROLE_WORDS[other]}'s column with ${option(other)})`,
      );
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
export function sourceWithRoles(source: RowSource, roles: ColumnRoles | undefined, check: ColumnRolesCheck = {}): RowSource {
  checkDistinctRoles(roles, check.option);
  if (mapped(roles).length === 0) return source;
  checkColumnRoles(source.file, source.columns, roles, check);
  const rows = async function* (): AsyncGenerator<RowRecord> {
    for await (const rec of source.rows()) yield { ...rec, row: rowWithRoles(rec.row, roles) };
  };
  return { ...source, rows };
}

/** A table read whole (readRowTable's RowTable, or any with these fields). */
interface RowsOfFile {
  readonly file: string;
  readonly columns: string[];
  readonly rows: Record<string, unknown>[];
}

/**
 * A table read whole as its reader sees it (checked first): its rows carry the roles' values and
 * its columns are the file's followed by the roles read from other columns (columnsWithRoles).
 * A writer that keeps the input's columns takes them from the table as read.
 */
export function tableWithRoles<T extends RowsOfFile>(table: T, roles: ColumnRoles | undefined, check: ColumnRolesCheck = {}): T {
  checkDistinctRoles(roles, check.option);
  if (mapped(roles).length === 0) return table;
  checkColumnRoles(table.file, table.columns, roles, check);
  return { ...table, columns: columnsWithRoles(table.columns, roles), rows: table.rows.map((row) => rowWithRoles(row, roles)) };
}

/** The file's own name of a role's column: the mapped one, else the role's. */
export function columnOfRole(role: ColumnRole, roles: ColumnRoles | undefined): string {
  return roles?.[role] ?? role;
}
