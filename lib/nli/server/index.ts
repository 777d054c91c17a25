export * from "./options.js";
export * from "./server-pool.js";
export * from "./tei-engine.js";
export * from "./kserve-engine.js";
export * from "./connect.js";
export type { NliServerOutput } from "./output.js";
