/**
 * transformers.js, loaded on first use and configured here once, the only place that touches its
 * process-global `env`: capqa loads every model (NLI, seq2seq statements, BERTScore, COMET) from a
 * folder on disk, a local export or a hub snapshot that capqa's own hub client fetched into the
 * huggingface_hub cache, so transformers.js is never asked to download and never writes a cache
 * of its own (its default is a folder inside node_modules, lost on every reinstall).
 *
 * @example
 * const tf = await loadTransformers();
 * const model = await loadPretrainedModel(tf, "AutoModelForSequenceClassification", "/path/to/model", { dtype: "fp32", device: "cpu" });
 */
import { basename, dirname } from "node:path";
import { loadOptional } from "../optional.js";
import { ONNX_SUFFIX, type OnnxDtype } from "./model-ref.js";
import { followRustCore } from "./tokenizer-fidelity.js";

export type Transformers = typeof import("@huggingface/transformers");

let loading: Promise<Transformers> | undefined;

/** transformers.js, imported once and configured for loading from disk only. */
export function loadTransformers(): Promise<Transformers> {
  loading ??= loadOptional<Transformers>("@huggingface/transformers", "running a model").then(
    (tf) => {
      tf.env.allowLocalModels = true;
      tf.env.allowRemoteModels = false;
      tf.env.useFSCache = false;
      tf.env.useBrowserCache = false;
      return tf;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** The model classes capqa loads. */
export type PretrainedClass = "AutoModelForSequenceClassification" | "AutoModel" | "AutoModelForSeq2SeqLM";

export interface PretrainedLoadOptions {
  readonly dtype: OnnxDtype;
  readonly device: string;
  /**
   * The ONNX file to read, relative to the folder (default: transformers.js's name for the dtype,
   * onnx/model*.onnx). A file outside that naming (onnx/model_qint8_avx512.onnx) is read as it
   * is: its own bytes decide its arithmetic.
   */
  readonly onnxFile?: string;
  /** The ONNX file's weights are in `<file>_data` beside it. */
  readonly externalData?: boolean;
}

/** transformers.js's options for an ONNX file: its sub-folder, base name and the dtype whose suffix it carries. */
export function onnxFileOptions(onnxFile: string, dtype: OnnxDtype): { subfolder: string; model_file_name: string; dtype: OnnxDtype } {
  const subfolder = dirname(onnxFile) === "." ? "" : dirname(onnxFile);
  const base = basename(onnxFile).replace(/\.onnx$/, "");
  const suffix = ONNX_SUFFIX[dtype];
  if (suffix !== "" && base.endsWith(suffix)) return { subfolder, model_file_name: base.slice(0, -suffix.length), dtype };
  return { subfolder, model_file_name: base, dtype: "fp32" };
}

/** A model of a folder on disk (absolute path), on a device, from the dtype's (or the named) ONNX file. */
export async function loadPretrainedModel<T>(
  tf: Transformers,
  cls: PretrainedClass,
  dir: string,
  options: PretrainedLoadOptions,
): Promise<T> {
  const o: Record<string, unknown> = { local_files_only: true, dtype: options.dtype, device: options.device };
  if (options.onnxFile !== undefined) Object.assign(o, onnxFileOptions(options.onnxFile, options.dtype));
  if (options.externalData) o.use_external_data_format = true;
  return (await tf[cls].from_pretrained(dir, o)) as unknown as T;
}

/**
 * The tokenizer of a folder on disk (tokenizer.json and tokenizer_config.json), made to give the
 * ids and text of the Python stack's fast tokenizers where transformers.js differs
 * (./tokenizer-fidelity.ts).
 */
export async function loadPretrainedTokenizer<T>(tf: Transformers, dir: string): Promise<T> {
  const tokenizer = await tf.AutoTokenizer.from_pretrained(dir, { local_files_only: true });
  followRustCore(tokenizer as unknown as { _tokenizer?: unknown }, dir);
  return tokenizer as unknown as T;
}

/** config.json of a folder on disk, as transformers.js reads it. */
export async function loadPretrainedConfig<T>(tf: Transformers, dir: string): Promise<T> {
  return (await tf.AutoConfig.from_pretrained(dir, { local_files_only: true })) as unknown as T;
}
