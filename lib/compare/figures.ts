/**
 * The figures of a system comparison, in the project's class palette and order: the class
 * distribution per system (one stacked bar per system, a segment per class) and the class means
 * per system (a dot per class and system, bootstrap intervals as error bars).
 */
import { CLASSES, type CorrectnessClass } from "../taxonomy/index.js";
import { round4, keyAnnotations } from "../figures/builders.js";
import type { PlotlyFigure } from "../figures/heatmap.js";
import { CLASS_COLORS, axisStyle, baseLayout, classLabel, figureSize } from "../figures/palette.js";
import type { SystemComparison } from "./systems.js";

/** Marker symbols told apart in print, one per system. */
const SYSTEM_SYMBOLS = ["circle", "diamond-open", "square", "triangle-up-open", "x-thin-open", "star", "cross-thin-open", "hexagon-open"];
const SYMBOL_GLYPHS = ["●", "◇", "■", "△", "×", "★", "+", "⬡"];
const LEVEL_GREYS = ["#1a1a1a", "#4d4d4d", "#878787", "#bababa", "#e0e0e0", "#f5f5f5"];

function classColor(name: string, k: number): string {
  return (CLASS_COLORS as Record<string, string>)[name] ?? LEVEL_GREYS[k % LEVEL_GREYS.length];
}

function label(name: string): string {
  return (CLASSES as readonly string[]).includes(name) ? classLabel(name as CorrectnessClass) : name.replace(/_/g, "-");
}

/** Class distribution per system: a stacked horizontal bar of class shares for each system. */
export function classDistributionFigure(c: SystemComparison): PlotlyFigure {
  const systems = c.systems.map((s) => s.system);
  const classes = [...new Set(c.classCounts.map((r) => r.class))];
  const data = classes.map((cls, k) => {
    const rows = systems.map((s) => c.classCounts.find((r) => r.system === s && r.class === cls));
    return {
      type: "bar",
      orientation: "h",
      name: label(cls),
      y: systems,
      x: rows.map((r) => round4(100 * (r?.share ?? 0))),
      customdata: rows.map((r) => r?.count ?? 0),
      marker: { color: classColor(cls, k), line: { color: "#ffffff", width: 0.5 } },
      hovertemplate: `%{y} · ${label(cls)}: %{customdata} (%{x:.1f}%)<extra></extra>`,
      showlegend: false,
    };
  });
  const heightIn = 1.3 + 0.3 * systems.length;
  const size = figureSize("double", heightIn);
  const marginL = 96;
  const marginR = 10;
  const key = keyAnnotations(
    classes.map((cls, k) => ({ label: label(cls), color: classColor(cls, k), symbol: "■" })),
    { width: size.width, marginL, marginR, columns: 4 },
  );
  const layout = baseLayout("double", heightIn, {
    barmode: "stack",
    bargap: 0.3,
    margin: { l: marginL, r: marginR, t: 8, b: key.marginB, pad: 0 },
    xaxis: axisStyle(`answers (%, ${c.countsFrom})`, { range: [0, 100], dtick: 20, showgrid: true }),
    yaxis: axisStyle("", {
      type: "category",
      categoryorder: "array",
      categoryarray: [...systems].reverse(),
      showgrid: false,
      ticks: "",
      title: { text: "" },
    }),
    annotations: key.annotations,
  });
  return { data, layout };
}

/** Mean CAP per class per system (Table 5) with bootstrap intervals; classes most correct at the top. */
export function classMeansBySystemFigure(c: SystemComparison): PlotlyFigure {
  const systems = c.systems.map((s) => s.system);
  const data = systems.map((s, k) => {
    const rows = CLASSES.map((cls) => c.classMeans.find((r) => r.system === s && r.class === cls)).filter(
      (r) => r !== undefined && r.mean !== null,
    );
    return {
      type: "scatter",
      mode: "markers",
      name: s,
      x: rows.map((r) => round4(r!.mean!)),
      y: rows.map((r) => classLabel(r!.class)),
      customdata: rows.map((r) => r!.n),
      error_x: {
        type: "data",
        symmetric: false,
        array: rows.map((r) => round4((r!.ciHigh ?? r!.mean!) - r!.mean!)),
        arrayminus: rows.map((r) => round4(r!.mean! - (r!.ciLow ?? r!.mean!))),
        thickness: 1,
        width: 2,
        color: "#555555",
      },
      marker: {
        symbol: SYSTEM_SYMBOLS[k % SYSTEM_SYMBOLS.length],
        size: 8,
        color: rows.map((r) => CLASS_COLORS[r!.class]),
        line: { color: "#000000", width: 0.75 },
      },
      hovertemplate: `%{y} · ${s}: %{x:.3f} (n = %{customdata})<extra></extra>`,
      showlegend: false,
    };
  });
  const heightIn = 2.6;
  const size = figureSize("single", heightIn);
  const marginL = 112;
  const marginR = 10;
  const key = keyAnnotations(
    systems.map((s, k) => ({ label: s, color: "#000000", symbol: SYMBOL_GLYPHS[k % SYMBOL_GLYPHS.length] })),
    { width: size.width, marginL, marginR, columns: Math.min(3, systems.length), leftPx: 20 },
  );
  const layout = baseLayout("single", heightIn, {
    margin: { l: marginL, r: marginR, t: 8, b: key.marginB, pad: 0 },
    xaxis: axisStyle("mean CAP score", { range: [0, 1.02], dtick: 0.2, showgrid: true, automargin: false }),
    yaxis: axisStyle("", {
      type: "category",
      categoryorder: "array",
      categoryarray: [...CLASSES].reverse().map(classLabel),
      showgrid: true,
      ticks: "",
      title: { text: "" },
      automargin: false,
    }),
    annotations: key.annotations,
  });
  return { data, layout };
}
