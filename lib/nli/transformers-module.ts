/** transformers.js, loaded on first use so that capqa without a model never pays for it (one loader for every model path). */
export type Transformers = typeof import("@huggingface/transformers");

let transformers: Transformers | undefined;

export async function loadTransformers(): Promise<Transformers> {
  transformers ??= await import("@huggingface/transformers");
  return transformers;
}
