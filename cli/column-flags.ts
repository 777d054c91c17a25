/**
 * The column flags (--question-column, --gold-column, --answer-column, --statement-column),
 * declared once for every command that reads a file of rows with --in: a command declares the
 * flags of the roles it reads (columnOptions), hands them to its library call as the `columns`
 * option (columnRolesFlag), and runs that call through withColumnFlags, so that a mapping that
 * cannot be right for the file (lib/io/column-roles.ts: two roles on one column, a role's own
 * name also another column) is a usage error naming the flag. The rules live in the library.
 */
import { ColumnRolesConflict, checkDistinctColumns, type ColumnRole, type ColumnRoles } from "../lib/io/column-roles.js";
import { UsageError, defineOptions, type OptionSpec } from "./args.js";
import { cliMessage } from "./output.js";

/** Every column flag with its help; a command declares those of the roles it reads (columnOptions). */
export const COLUMN_OPTIONS = defineOptions({
  "question-column": { type: "string", value: "NAME", help: "The column holding the question (default question)." },
  "gold-column": { type: "string", value: "NAME", help: "The column holding the gold answer (default gold_answer), e.g. reference." },
  "answer-column": { type: "string", value: "NAME", help: "The column holding the answer to judge (default answer), e.g. prediction." },
  "statement-column": { type: "string", value: "NAME", help: "The column holding the statement (default statement)." },
});

/** Each role's flag, without its dashes (library messages name it through OPTION_FLAGS' `columns.<role>`). */
export const COLUMN_FLAGS = {
  question: "question-column",
  gold_answer: "gold-column",
  answer: "answer-column",
  statement: "statement-column",
} as const satisfies Record<ColumnRole, keyof typeof COLUMN_OPTIONS>;

type FlagOf<R extends ColumnRole> = (typeof COLUMN_FLAGS)[R];

/** The column flags of these roles, in this order, for a command's declaration: `...columnOptions("gold_answer", "answer")`. */
export function columnOptions<const R extends ColumnRole>(
  ...roles: readonly R[]
): { readonly [F in FlagOf<R>]: (typeof COLUMN_OPTIONS)[F] } {
  return Object.fromEntries(roles.map((r) => [COLUMN_FLAGS[r], COLUMN_OPTIONS[COLUMN_FLAGS[r]] as OptionSpec])) as {
    readonly [F in FlagOf<R>]: (typeof COLUMN_OPTIONS)[F];
  };
}

/**
 * A mapping that cannot be right for the file (ColumnRolesConflict) as a usage error naming the
 * flag; every other error goes on as it is. Takes a synchronous call or one that returns a promise.
 */
export function withColumnFlags<T>(work: () => T): T {
  const usage = (e: unknown): never => {
    if (e instanceof ColumnRolesConflict) throw new UsageError(cliMessage(e.message));
    throw e;
  };
  try {
    const result = work();
    return (result instanceof Promise ? result.catch(usage) : result) as T;
  } catch (e) {
    return usage(e);
  }
}

/** Flags whose values name columns (the roles' and e.g. --label-column, --metric) name distinct columns: a usage error otherwise. */
export function distinctColumnFlags(values: Record<string, unknown>, flags: readonly string[]): void {
  withColumnFlags(() =>
    checkDistinctColumns(flags.map((f) => [`--${f}`, typeof values[f] === "string" ? (values[f] as string) : undefined] as const)),
  );
}

/**
 * The column flags of these roles as the library's `columns` option (undefined when none is
 * given), checked before any file is read: a flag needs a name, and the roles' flags and the
 * command's other column flags (`others`: label-column, …) name distinct columns.
 */
export function columnRolesFlag<R extends ColumnRole>(
  values: Record<string, unknown>,
  roles: readonly R[],
  others: readonly string[] = [],
): Pick<ColumnRoles, R> | undefined {
  const given = roles.filter((r) => values[COLUMN_FLAGS[r]] !== undefined);
  for (const role of given) {
    const column = values[COLUMN_FLAGS[role]];
    if (typeof column !== "string" || column.trim() === "") throw new UsageError(`--${COLUMN_FLAGS[role]} needs a column name`);
  }
  distinctColumnFlags(values, [...given.map((r) => COLUMN_FLAGS[r]), ...others]);
  return given.length ? (Object.fromEntries(given.map((r) => [r, values[COLUMN_FLAGS[r]] as string])) as Pick<ColumnRoles, R>) : undefined;
}

/** Column flags given where no file of rows is read (`where`: "with --split", …): a usage error naming the first. */
export function refuseColumnFlags(values: Record<string, unknown>, roles: readonly ColumnRole[], where: string): void {
  const given = roles.find((r) => values[COLUMN_FLAGS[r]] !== undefined);
  if (given !== undefined) throw new UsageError(`--${COLUMN_FLAGS[given]} names a column of --in FILE; it does not apply ${where}`);
}
