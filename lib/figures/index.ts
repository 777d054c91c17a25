export * from "./heatmap.js";
