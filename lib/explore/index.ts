export * from "./compute.js";
export * from "./page.js";
