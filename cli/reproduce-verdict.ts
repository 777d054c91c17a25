/**
 * `capqa reproduce`'s last words on the terminal: one verdict per table, aligned and within
 * 100 columns, the differing cells named with their difference and why, when that is known.
 * The tables themselves are in the output folder's README.md.
 */
import { printedDigits, type TableVerdict } from "../lib/eval/index.js";
import { wrapText } from "./args.js";
import { signedNumber } from "./terminal.js";

const WIDTH = 100;

/** The verdict block: a line per table, then for each differing table its worst cells and the reason. */
export function verdictText(verdicts: readonly TableVerdict[], dir: string): string {
  const labelWidth = Math.max(...verdicts.map((v) => v.label.length)) + 2;
  const indent = " ".repeat(2 + labelWidth);
  const lines = ["", "Verdict, table by table (capqa against the numbers the paper prints):"];
  for (const v of verdicts) {
    const digits = v.tolerance === 0 ? 0 : v.tolerance >= 0.1 ? 1 : 2;
    const agree = v.tolerance === 0 ? "equal to the paper's" : `within ${v.tolerance.toFixed(digits)} of the paper's`;
    const head = v.reproduces
      ? `reproduces: ${v.within} of ${v.compared} numbers ${agree}`
      : `differs: ${v.within} of ${v.compared} numbers ${agree}; ${v.differing.length} by up to ${v.maxAbsDiff.toFixed(Math.max(digits, 2))}`;
    const body = wrapText(head, WIDTH - indent.length);
    lines.push(`  ${v.label.padEnd(labelWidth)}${body[0]}`, ...body.slice(1).map((l) => indent + l));
    if (v.reproduces) continue;
    const worst = v.differing.slice(0, 3).map((c) => {
      const d = Math.max(printedDigits(v, c), 1);
      return `${c.row}, ${c.column}: ${c.paper?.toFixed(d)} printed, ${c.capqa?.toFixed(d)} here (${signedNumber(c.diff ?? 0, d)})`;
    });
    if (v.differing.length > 3) worst.push(`… and ${v.differing.length - 3} more`);
    for (const w of worst) lines.push(...wrapText(w, WIDTH - indent.length - 2).map((l, i) => `${indent}${i === 0 ? "- " : "  "}${l}`));
    lines.push(...wrapText(`why: ${v.why}`, WIDTH - indent.length).map((l) => indent + l));
  }
  lines.push("", `Every table, each number beside the paper's: ${dir}/README.md`);
  return lines.join("\n");
}
