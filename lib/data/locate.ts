/** Where the data folder is: the --data-dir flag, then CAPQA_DATA_DIR, then ./data. */
import { existsSync } from "node:fs";
import { resolve, join } from "node:path";
import { DATA_DIR_ENV, DEFAULT_DATA_DIR, DATA_FILES } from "../constants.js";

export interface DataDirChoice {
  readonly dir: string;
  /** Which rule chose it, for messages. */
  readonly source: "flag" | "environment" | "default";
}

export function resolveDataDir(flag?: string, env: NodeJS.ProcessEnv = process.env): DataDirChoice {
  if (flag !== undefined && flag !== "") return { dir: resolve(flag), source: "flag" };
  const fromEnv = env[DATA_DIR_ENV];
  if (fromEnv !== undefined && fromEnv !== "") return { dir: resolve(fromEnv), source: "environment" };
  return { dir: resolve(DEFAULT_DATA_DIR), source: "default" };
}

/** Throws a message that says how to get the data when a needed file is absent. */
export function requireDataFiles(choice: DataDirChoice, names: readonly (keyof typeof DATA_FILES)[]): void {
  const missing = names.map((k) => DATA_FILES[k]).filter((f) => !existsSync(join(choice.dir, f)));
  if (missing.length === 0) return;
  const how =
    choice.source === "flag"
      ? "named by the `dataDir` option"
      : choice.source === "environment"
        ? `named by ${DATA_DIR_ENV}`
        : "(the default ./data)";
  throw new Error(
    `data folder ${choice.dir} ${how} lacks ${missing.join(", ")}. ` +
      `Run "capqa data fetch" to download the released files, or point the \`dataDir\` option or ${DATA_DIR_ENV} at a folder that has them.`,
  );
}
