/** capqa manifest verify: a run's manifest checked against its inputs as they are now. */
import { parseArgs } from "node:util";
import { describeChanges, verifyManifest } from "../lib/io/index.js";
import { UsageError, defineOptions, optionsHelp, parseOptions } from "./args.js";
import { out, err, summary, jsonOutput } from "./output.js";

export const MANIFEST_OPTIONS = defineOptions({});

export const MANIFEST_HELP = `capqa manifest verify DIR|FILE
    Hashes again every file a run's manifest records (the data folder's files, the inputs given
    on the command line, capqa score's output) and names each that changed or is missing since
    the run. DIR is an output folder (its meta.json holds the manifest: evaluate, reproduce,
    sweep, calibrate, compare, scorers); FILE a .manifest.json beside a capqa score output.
    Exit status 0 when nothing changed, 1 when something did.

Options of capqa manifest verify:
${optionsHelp(MANIFEST_OPTIONS)}`;

export async function cmdManifest(argv: string[]): Promise<number> {
  if (argv[0] !== "verify")
    throw new UsageError(
      `capqa manifest takes the subcommand verify (capqa manifest verify DIR|FILE)${argv[0] ? `, not "${argv[0]}"` : ""}`,
    );
  const { positionals } = parseArgs({ args: argv.slice(1), options: parseOptions(MANIFEST_OPTIONS), strict: true, allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError("capqa manifest verify takes one output folder or manifest file");
  let v: Awaited<ReturnType<typeof verifyManifest>>;
  try {
    v = await verifyManifest(positionals[0]);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  summary("manifest verify", {
    manifest: v.file,
    ok: v.ok,
    checked: v.checks.length,
    changed: v.changed,
    settings: v.manifest.settings ?? null,
    constants: v.manifest.constants ?? null,
  });
  if (!jsonOutput()) {
    out(`${v.file}: ${v.checks.length} recorded file(s) checked, ${v.changed.length} changed or missing`);
    for (const line of describeChanges(v)) out(`  ${line}`);
  }
  if (!v.ok) err(`the run's inputs changed: ${describeChanges(v).join("; ")}`);
  return v.ok ? 0 : 1;
}
