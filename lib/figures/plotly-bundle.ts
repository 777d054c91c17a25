/** Where plotly.js lives, and its text (read once). */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

let cached: string | undefined;

/** Path of plotly.js-dist-min's bundle, resolved like an import from capqa. */
export function plotlyBundlePath(): string {
  return createRequire(import.meta.url).resolve("plotly.js-dist-min/plotly.min.js");
}

/** The plotly.js bundle's source (about 4.8 MB), read once per process. */
export function plotlyBundle(): string {
  cached ??= readFileSync(plotlyBundlePath(), "utf8");
  return cached;
}

/** plotly.js's version, from the bundle's header. */
export function plotlyVersion(): string {
  const m = /plotly\.js v(\d+\.\d+\.\d+)/.exec(plotlyBundle().slice(0, 200));
  return m ? m[1] : "unknown";
}
