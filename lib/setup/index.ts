export * from "./jupyter-kernel.js";
