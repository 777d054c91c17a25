export * from "./half.js";
export * from "./tensors.js";
export * from "./model-ref.js";
export * from "./hub-settings.js";
export * from "./hub-cache.js";
export * from "./hub-client.js";
export * from "./hub-model.js";
export * from "./transformers.js";
