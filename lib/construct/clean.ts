/**
 * Source preparation (Sec. 5): read question sources (CSV or JSON Lines with a question, a gold
 * answer and a source name), apply the cleaning rules and report every dropped row with its
 * reason.
 *
 * Sec. 5: "We clean the collected data by removing questions such as "Which of the following".
 * Moreover, we remove gold answers in a form of "all of above", "none of above" which are MCQ
 * specific." The paper gives examples, not a list; the rules below are the examples and their
 * obvious variants (which one of the following, which of these, all of the following … except;
 * all/none of (the) above, all/none of these, all of the answers, both A and B), each with a
 * name that appears as the drop reason. Empty questions and gold answers are dropped too.
 */
import { basename } from "node:path";
import { readRowTable } from "../io/row-table.js";
import { DataError } from "../io/errors.js";

export interface SourceRow {
  /** 0-based position among all kept-or-dropped rows of all sources, in reading order. */
  readonly sourceRow: number;
  readonly question: string;
  readonly goldAnswer: string;
  readonly dataset: string;
  readonly file: string;
  readonly line: number;
}

export interface DroppedRow extends SourceRow {
  readonly rule: string;
  readonly reason: string;
}

export interface CleaningRule {
  readonly name: string;
  readonly field: "question" | "gold_answer";
  readonly test: (text: string) => boolean;
  readonly description: string;
}

/** Lower case, curly quotes straightened, runs of white space as one space, trimmed. */
function norm(s: string): string {
  return s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** The gold answer without surrounding punctuation, quotes and option letters such as "(d)". */
function bareAnswer(s: string): string {
  return norm(s)
    .replace(/^\(?[a-e]\)\s+(?!and\b|or\b|&)|^[a-e][.:]\s+/, "")
    .replace(/^[\s"'“”.,;:!()[\]-]+|[\s"'“”.,;:!()[\]-]+$/g, "");
}

const OPTION = String.raw`\(?[a-e]\)?`;

export const CLEANING_RULES: readonly CleaningRule[] = [
  {
    name: "which-of-the-following",
    field: "question",
    description: 'the question refers to listed options ("which of the following", "which one of the following")',
    test: (q) => /\bwhich\s+(?:one\s+|two\s+|three\s+)?of\s+the\s+following\b/.test(norm(q)),
  },
  {
    name: "which-of-these",
    field: "question",
    description: 'the question refers to listed options ("which of these", "which one of these")',
    test: (q) => /\bwhich\s+(?:one\s+)?of\s+these\b/.test(norm(q)),
  },
  {
    name: "of-the-following-except",
    field: "question",
    description: 'an options question of the form "all/each of the following … except"',
    test: (q) => /\b(?:all|each|any|none)\s+of\s+(?:the\s+following|these|those)\b.*\bexcept\b/.test(norm(q)),
  },
  {
    name: "all-of-the-above",
    field: "gold_answer",
    description: 'the gold answer is "all of the above" or a variant (MCQ-specific)',
    test: (g) =>
      /^(?:all|both)\s+(?:of\s+)?(?:the\s+)?(?:above|these|those|options|choices|answers|answer choices|given options)(?:\s+(?:are|is)\s+(?:correct|true|right))?$|^all\s+the\s+above$/.test(
        bareAnswer(g),
      ),
  },
  {
    name: "none-of-the-above",
    field: "gold_answer",
    description: 'the gold answer is "none of the above" or a variant (MCQ-specific)',
    test: (g) =>
      /^(?:none|neither)\s+(?:of\s+)?(?:the\s+)?(?:above|these|those|options|choices|answers|answer choices|given options)(?:\s+(?:are|is)\s+(?:correct|true|right))?$|^none\s+the\s+above$/.test(
        bareAnswer(g),
      ),
  },
  {
    name: "option-letters",
    field: "gold_answer",
    description: 'the gold answer names options by letter ("both A and B", "A and C")',
    test: (g) =>
      new RegExp(String.raw`^(?:both\s+|options?\s+|choices?\s+)?${OPTION}(?:\s*,\s*${OPTION})*\s*(?:and|&|or)\s+${OPTION}$`).test(
        norm(g)
          .replace(/^\(?[a-e]\)\s+(?!and\b|or\b|&)/, "")
          .replace(/[.\s]+$/, ""),
      ),
  },
];

/** The first rule a row breaks, or undefined when it is kept. */
export function cleaningVerdict(
  question: string,
  goldAnswer: string,
  rules: readonly CleaningRule[] = CLEANING_RULES,
): { rule: string; reason: string } | undefined {
  if (question.trim() === "") return { rule: "empty-question", reason: "the question is empty" };
  if (goldAnswer.trim() === "") return { rule: "empty-gold", reason: "the gold answer is empty" };
  for (const r of rules) {
    const text = r.field === "question" ? question : goldAnswer;
    if (r.test(text)) return { rule: r.name, reason: r.description };
  }
  return undefined;
}

export interface SourceSpec {
  readonly file: string;
  /** Source name for every row of the file; else the dataset/source column; else the file name. */
  readonly dataset?: string;
}

export interface SourceColumns {
  readonly question?: string;
  readonly goldAnswer?: string;
  readonly dataset?: string;
}

const GOLD_ALIASES = ["gold_answer", "gold", "answer"];
const DATASET_ALIASES = ["dataset", "source"];

/** Reads the sources (CSV or JSONL each) into rows, in file order. */
export function readSources(specs: readonly SourceSpec[], columns: SourceColumns = {}): SourceRow[] {
  const rows: SourceRow[] = [];
  for (const spec of specs) {
    const t = readRowTable(spec.file);
    const has = (c: string) => t.columns.includes(c);
    const qCol = columns.question ?? "question";
    const gCol = columns.goldAnswer ?? GOLD_ALIASES.find(has);
    const dCol = columns.dataset ?? DATASET_ALIASES.find(has);
    if (!has(qCol))
      throw new DataError({ file: spec.file, line: 1 }, `no question column "${qCol}"; the columns are ${t.columns.join(", ")}`);
    if (gCol === undefined || !has(gCol))
      throw new DataError(
        { file: spec.file, line: 1 },
        `no gold-answer column (${columns.goldAnswer ?? GOLD_ALIASES.join(" / ")}); the columns are ${t.columns.join(", ")}`,
      );
    if (columns.dataset !== undefined && !has(columns.dataset))
      throw new DataError({ file: spec.file, line: 1 }, `no source column "${columns.dataset}"`);
    const fallback = spec.dataset ?? basename(spec.file).replace(/\.(csv|jsonl|ndjson)$/i, "");
    t.rows.forEach((r, i) => {
      const cell = (c: string) => {
        const v = r[c];
        if (v === undefined || v === null) return "";
        if (typeof v === "string") return v;
        if (typeof v === "number" || typeof v === "boolean") return String(v);
        throw new DataError({ file: spec.file, line: t.lines[i], field: c }, `is not text: ${JSON.stringify(v)}`);
      };
      const ds = spec.dataset ?? (dCol !== undefined ? cell(dCol) : "");
      rows.push({
        sourceRow: rows.length,
        question: cell(qCol),
        goldAnswer: cell(gCol),
        dataset: ds === "" ? fallback : ds,
        file: spec.file,
        line: t.lines[i],
      });
    });
  }
  return rows;
}

export interface CleaningResult {
  readonly kept: SourceRow[];
  readonly dropped: DroppedRow[];
  /** Dropped rows per rule. */
  readonly counts: Record<string, number>;
}

export function cleanSources(rows: readonly SourceRow[], rules: readonly CleaningRule[] = CLEANING_RULES): CleaningResult {
  const kept: SourceRow[] = [];
  const dropped: DroppedRow[] = [];
  const counts: Record<string, number> = {};
  for (const r of rows) {
    const v = cleaningVerdict(r.question, r.goldAnswer, rules);
    if (v === undefined) kept.push(r);
    else {
      dropped.push({ ...r, ...v });
      counts[v.rule] = (counts[v.rule] ?? 0) + 1;
    }
  }
  return { kept, dropped, counts };
}

/** Columns of the dropped-rows report. */
export const DROPPED_COLUMNS = ["source_row", "file", "line", "dataset", "question", "gold_answer", "rule", "reason"] as const;

export function droppedTableRows(dropped: readonly DroppedRow[]): Record<string, unknown>[] {
  return dropped.map((d) => ({
    source_row: d.sourceRow,
    file: d.file,
    line: d.line,
    dataset: d.dataset,
    question: d.question,
    gold_answer: d.goldAnswer,
    rule: d.rule,
    reason: d.reason,
  }));
}
