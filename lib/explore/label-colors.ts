/**
 * Colours of labels in the explorer: the figures' colour of each of the paper's classes
 * (lib/figures/palette.ts), and for labels of one's own a colour by rank on a scale drawn from the
 * same palette, least correct dark red through orange and light green to dark green.
 */
import { CLASS_COLORS } from "../figures/palette.js";

/** Stops of the derived scale, least correct first (colours of the paper's palette). */
const STOPS = [
  CLASS_COLORS.contradictory,
  CLASS_COLORS.invalid,
  CLASS_COLORS.overinclusive_invalid,
  CLASS_COLORS.alternative_correct,
  CLASS_COLORS.equivalent,
  CLASS_COLORS.exact,
];

const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const hex2 = (x: number) => Math.round(x).toString(16).padStart(2, "0");

/** The colour at t in [0, 1] on the derived scale (0: least correct). */
export function rankColor(t: number): string {
  const x = Math.max(0, Math.min(1, t)) * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(x));
  const [a, b] = [channels(STOPS[i]), channels(STOPS[i + 1])];
  return `#${a.map((v, k) => hex2(v + (b[k] - v) * (x - i))).join("")}`;
}

/**
 * A colour for each label: with `paperClasses` (the labels are the paper's classes) each class's
 * own colour, else by the label's rank among the labels (`rank` 0 … n − 1, least correct first),
 * so a label of one's own that happens to share a class's name is not coloured as that class.
 */
export function labelColors(labels: readonly string[], rank: readonly number[], paperClasses: boolean): string[] {
  const n = Math.max(...rank) + 1;
  return labels.map(
    (label, i) =>
      (paperClasses ? (CLASS_COLORS as Record<string, string>)[label] : undefined) ?? rankColor(n > 1 ? rank[i] / (n - 1) : 0.5),
  );
}
