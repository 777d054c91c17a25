/** --config FILE: a command's flags from an experiment config file (lib/eval/experiment-config.ts); flags on the command line win. */
import { configFlagValues, readExperimentConfig } from "../lib/eval/experiment-config.js";
import { UsageError, type OptionSpec } from "./args.js";

export const CONFIG_OPTION: OptionSpec & { type: "string" } = {
  type: "string",
  value: "FILE",
  help: "Settings from a YAML or JSON file, keyed as the authors' configs/default.yaml (seed, labels.severity, labels.hard_pairs, cap.forward_weight, cap.neutral_weight, evaluation.metrics, evaluation.reference_metric, evaluation.n_bootstrap, data.label_column) or split; a flag given here wins; an unknown key is refused by name.",
};

/** The parsed flags with those --config FILE sets and the command line does not. */
export function withConfig<T extends Record<string, unknown>>(values: T, options: Readonly<Record<string, unknown>>, command: string): T {
  const file = values.config;
  if (typeof file !== "string") return values;
  // data.label_column is for a labelled file of the user's (--in); the released benchmark has its labels.
  const settings = readExperimentConfig(file).filter((s) => s.flag !== "label-column" || values.in !== undefined);
  try {
    return { ...values, ...configFlagValues(settings, command, Object.keys(options), values) };
  } catch (error) {
    throw new UsageError(`--config ${file}: ${(error as Error).message}`);
  }
}
