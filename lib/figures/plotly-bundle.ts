/**
 * Where plotly.js lives, and its text (read once). Two bundles of the same plotly.js release:
 * the full one (4.8 MB: every trace type), which figure export renders with, and the cartesian
 * partial bundle (1.4 MB: bar, box, heatmap, histogram, scatter, violin, …), which a notebook
 * carries once (./carrier.ts) and the explorer page inlines: every figure capqa draws is cartesian.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const texts = new Map<string, string>();

function read(path: string): string {
  let text = texts.get(path);
  if (text === undefined) {
    text = readFileSync(path, "utf8");
    texts.set(path, text);
  }
  return text;
}

/** Path of plotly.js-dist-min's bundle, resolved like an import from capqa. */
export function plotlyBundlePath(): string {
  return createRequire(import.meta.url).resolve("plotly.js-dist-min/plotly.min.js");
}

/** The plotly.js bundle's source (about 4.8 MB), read once per process. */
export function plotlyBundle(): string {
  return read(plotlyBundlePath());
}

/** Path of plotly.js-cartesian-dist-min's bundle. */
export function cartesianBundlePath(): string {
  return createRequire(import.meta.url).resolve("plotly.js-cartesian-dist-min/plotly-cartesian.min.js");
}

/** The cartesian partial bundle's source (about 1.4 MB), read once per process. */
export function cartesianBundle(): string {
  return read(cartesianBundlePath());
}

/** The trace types the cartesian bundle draws (Plotly.PlotSchema's traces; test/plotly-carrier.test.ts checks them in Chromium). */
export const CARTESIAN_TRACE_TYPES: readonly string[] = Object.freeze([
  "bar",
  "box",
  "contour",
  "heatmap",
  "histogram",
  "histogram2d",
  "histogram2dcontour",
  "image",
  "pie",
  "scatter",
  "scatterternary",
  "violin",
]);

/** The version in a bundle's header ("unknown" without one). */
function versionOf(text: string): string {
  const m = /plotly\.js(?: \([^)]*\))? v(\d+\.\d+\.\d+)/.exec(text.slice(0, 200));
  return m ? m[1] : "unknown";
}

/** plotly.js's version, from the bundle's header. */
export function plotlyVersion(): string {
  return versionOf(plotlyBundle());
}

/** The cartesian bundle's plotly.js version. */
export function cartesianVersion(): string {
  return versionOf(cartesianBundle());
}
