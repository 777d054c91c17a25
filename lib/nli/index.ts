export * from "./engine.js";
export * from "./labels.js";

export * from "./pair-encoding.js";
export * from "./model-key.js";
export * from "./transformers-engine.js";
export * from "./cache.js";
export * from "./cached.js";
export * from "./released.js";
export * from "./batching.js";
export * from "./encoded-engine.js";
export * from "./load-engine.js";
export * from "./server/index.js";
export * from "./provenance.js";
