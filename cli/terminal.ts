/**
 * Markdown reports made readable on a terminal: each table aligned in columns (escaped pipes
 * shown as pipes, no separator row), within 100 columns where the table's header allows it —
 * long column names become L1, L2, … with a legend under the table; longer lines wrapped.
 * The files keep the Markdown.
 */

import { wrapText } from "./args.js";

const WIDTH = 100;

/** The cells of one Markdown table row, `\|` inside a cell kept as `|`. */
function cellsOf(line: string): string[] {
  const inner = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return inner.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, "|").replace(/\\\\/g, "\\"));
}

/** Rows as lines, each column padded to its widest cell (the first row too: a header), two spaces apart. */
export function alignedRows(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0].map((_, k) => Math.max(...rows.map((r) => width(r[k]))));
  return rows.map((r) =>
    r
      .map((c, k) => c + " ".repeat(widths[k] - width(c)))
      .join("  ")
      .trimEnd(),
  );
}

/** A difference with its sign always written (+, − or ±), as the terminal's tables show them. */
export function signedNumber(x: number, digits: number): string {
  return `${x > 0 ? "+" : x < 0 ? "−" : "±"}${Math.abs(x).toFixed(digits)}`;
}

const isTableLine = (line: string) => line.trimStart().startsWith("|");
const isSeparator = (cells: string[]) => cells.every((c) => /^:?-{3,}:?$/.test(c));
const width = (s: string) => [...s].length;

/** One table as aligned lines (numbers right-aligned), its long header names shortened when it would not fit. */
function alignedTable(rows: string[][]): string[] {
  let header = rows[0];
  let body = rows.slice(1);
  const legend: string[] = [];
  const total = (h: string[], b: string[][]) =>
    h.reduce((sum, _, k) => sum + Math.max(width(h[k]), ...b.map((r) => width(r[k] ?? ""))), 0) + 2 * (h.length - 1);
  if (total(header, body) > WIDTH && header.length > 2) {
    const short = header.map((h, k) => (k === 0 ? h : `L${k}`));
    legend.push(...header.slice(1).map((h, k) => `L${k + 1} = ${h}`));
    header = short;
  }
  body = body.map((r) => header.map((_, k) => r[k] ?? ""));
  const widths = header.map((h, k) => Math.max(width(h), ...body.map((r) => width(r[k]))));
  const numeric = header.map((_, k) => body.length > 0 && body.every((r) => /^[-−+]?[\d.,]+%?$|^—$|^$/.test(r[k])));
  const line = (r: string[]) =>
    r
      .map((c, k) => (numeric[k] && k > 0 ? " ".repeat(widths[k] - width(c)) + c : c + " ".repeat(widths[k] - width(c))))
      .join("  ")
      .trimEnd();
  const legendLines = legend.length ? wrapText(`(${legend.join("; ")})`, WIDTH) : [];
  return [line(header), ...body.map(line), ...legendLines];
}

/** A Markdown report for the terminal: tables aligned, everything else unchanged. */
export function markdownForTerminal(markdown: string): string {
  const lines = markdown.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    if (!isTableLine(lines[i])) {
      const text = lines[i++];
      out.push(...(width(text) > WIDTH ? wrapText(text, WIDTH) : [text]));
      continue;
    }
    const rows: string[][] = [];
    while (i < lines.length && isTableLine(lines[i])) {
      const cells = cellsOf(lines[i++]);
      if (!isSeparator(cells)) rows.push(cells);
    }
    out.push(...alignedTable(rows));
  }
  return out.join("\n");
}

/**
 * A command's help within 100 columns: a longer line is wrapped at spaces, its continuation lines
 * indented under the description when the line is a row of a two-column list ("  score   Score …"),
 * else as the line itself is (a usage line "capqa cmd …" under its first option).
 */
export function helpForTerminal(help: string): string {
  return help
    .split("\n")
    .flatMap((line) => {
      if (width(line) <= WIDTH) return [line];
      const row = /^(\s*\S.*?\s{2,})(?=\S)/.exec(line);
      // Not a row: continuation lines keep the line's own indent (a usage line "capqa cmd …": under its first option).
      const own = /^\s*/.exec(line)?.[0].length ?? 0;
      const usage = line.startsWith("capqa ") ? line.indexOf(" ", 6) + 1 : 0;
      const indent = row && row[1].length <= WIDTH / 2 ? row[1].length : usage > 0 && usage <= WIDTH / 2 ? usage : own;
      const head = row && row[1].length <= WIDTH / 2 ? row[1] : "";
      const body = head ? line.slice(head.length) : line.trimStart();
      const lead = head || line.slice(0, line.length - line.trimStart().length);
      const [first, ...rest] = wrapText(body, WIDTH - indent);
      return [lead + first, ...rest.map((l) => " ".repeat(indent) + l)];
    })
    .join("\n");
}
