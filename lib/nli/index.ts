export { checkPairs, NliFatalError } from "./engine.js";
export type { ModelOrigin, NliEngine, NliRunOptions, NliServerStats, NliStats } from "./engine.js";
export { argmaxLabel, labelOrder, NLI_CLASS_NAMES, nliSoftmax } from "./labels.js";
export type { LabelOrder } from "./labels.js";

export { longestFirstKeep, PairEncoder, pairEncodingOf } from "./pair-encoding.js";
export type { EncodedPair, HfTokenizer, PairEncoderOptions } from "./pair-encoding.js";
export { hubKeyInputs, hubWeightsIdentity, id2labelDigest, labelOrderDigest, modelKey, tokenizerDigest } from "./model-key.js";
export type { ModelKeyOptions } from "./model-key.js";
export { loadNliClassifier, loadTransformersNli } from "./transformers-engine.js";
export type { NliClassifier, TransformersNliOptions } from "./transformers-engine.js";
export { CACHE_FILE, checkCachedProbabilities, NliCache, resolveCacheDir } from "./cache.js";
export type { CacheEntry, CacheStats } from "./cache.js";
export { cachedProbabilities } from "./cached-run.js";
export type { CachedRunOptions, CachedRunResult } from "./cached-run.js";
export { importReleasedProbabilities, PAPER_MODEL_KEY, RELEASED_SOURCE } from "./released.js";
export { batchLimitsOf, checkBatchLimits, isOutOfMemoryError, splitToBudget, tokenBudget, tokenBudgetBatches } from "./batching.js";
export type { BatchLimits } from "./batching.js";
export { concatRows, EncodedPairsEngine, padBatch, runBatches, runBounded } from "./encoded-engine.js";
export type { BatchLogits, EncodedEngineSettings, ForwardPass, PairTokenizer, TokenBatch } from "./encoded-engine.js";
export { loadNliEngine, serverModelKeyFor } from "./load-engine.js";
export type { NliEngineOptions } from "./load-engine.js";
export {
  checkServerOptions,
  checkServerUrls,
  checkTeiInfo,
  connectKserveNli,
  connectNliServer,
  connectTeiNli,
  displayUrl,
  kserveModelKey,
  kserveModelPath,
  nliServerModelKey,
  probeKserve,
  probeTei,
  ServerError,
  serverHeaders,
  ServerPool,
  teiModelKey,
} from "./server/index.js";
export type {
  KserveConnectOptions,
  KserveModelMetadata,
  NliServerOptions,
  NliServerOutput,
  NliServerProtocol,
  ServerPoolOptions,
  ServerRequestSettings,
  TeiConnectOptions,
  TeiInfo,
} from "./server/index.js";
export { nliModelProvenance } from "./provenance.js";
export { resolveNliModelSpec } from "./model-spec.js";
export type { NliModelOptions, NliModelSpec, NliServerConnectOptions } from "./model-spec.js";
