/**
 * How much the built-in flags mean, measured on statements a person labelled good or bad
 * (test/fixtures/statements/flags.csv and flags-2.csv, issue 23): the share of bad statements flagged (recall),
 * the share of good ones flagged (false alarms) and the share of flagged ones that are bad
 * (precision). A labelled statement that the rules still write is judged by the rules' own flag
 * (its rule's doubts and the checks on the result); one they no longer write is judged by the
 * checks a statement from any generator gets (`statementDoubts`), as `capqa statements review`
 * judges a file written elsewhere.
 *
 * @example
 * import { writeFileSync } from "node:fs";
 * writeFileSync(
 *   "labelled.csv",
 *   "question,answer,statement,label,reason\n" +
 *     "Who wrote Hamlet?,William Shakespeare,William Shakespeare wrote Hamlet.,good,\n" +
 *     "Who wrote Jane Eyre?,Charlotte Brontë wrote it.,Charlotte Brontë wrote it.,bad,context lost\n",
 * );
 * const { items } = loadFlagLabels("labelled.csv");
 * const e = evaluateFlagLabels(items);
 * console.log(`recall ${e.recall.toFixed(1)} %, good flagged ${e.goodFlaggedRate.toFixed(1)} %`);
 */
import { DataProblems } from "../io/errors.js";
import { readRowTable } from "../io/row-table.js";
import { reformulate } from "./builtin.js";
import { statementDoubts } from "./checks.js";

/**
 * The files of the development set of hand-labelled statements in a folder: flags.csv, then flags-2.csv, flags-3.csv … (each a
 * batch labelled on its own; the second was labelled blind, before the checks were tuned on it).
 */
export const FLAG_LABEL_FILE = /^flags(?:-(\d+))?\.csv$/;

/** The flag-label files in `names` (a folder's listing), in batch order: flags.csv, flags-2.csv, … */
export function flagLabelFiles(names: readonly string[]): string[] {
  const batch = (f: string) => Number(FLAG_LABEL_FILE.exec(f)?.[1] ?? 1);
  return names.filter((f) => FLAG_LABEL_FILE.test(f)).sort((a, b) => batch(a) - batch(b));
}

/** Why a statement was labelled bad (issue 23's kinds). */
export const BAD_REASONS = ["ungrammatical", "context lost", "meaning changed", "answer words dropped"] as const;

export interface FlagLabel {
  readonly question: string;
  readonly answer: string;
  readonly statement: string;
  readonly label: "good" | "bad";
  /** For a bad statement, one of BAD_REASONS; "" for a good one. */
  readonly reason: string;
  /** 1-based line in the file. */
  readonly line: number;
}

/** Reads question, answer, statement, label (good|bad) and reason columns; a bad row names a reason. */
export function loadFlagLabels(file: string): { items: FlagLabel[] } {
  const table = readRowTable(file);
  for (const c of ["question", "answer", "statement", "label", "reason"])
    if (!table.columns.includes(c)) throw new Error(`${file}: needs a column "${c}"; it has ${table.columns.join(", ")}`);
  const problems = new DataProblems();
  const items = table.rows.map((r, k) => {
    const get = (c: string) => (typeof r[c] === "string" ? (r[c] as string) : r[c] === null || r[c] === undefined ? "" : String(r[c]));
    const at = { file, line: table.lines[k] };
    const label = get("label");
    if (label !== "good" && label !== "bad") problems.add({ ...at, field: "label" }, `expected good or bad, got "${label}"`);
    const reason = get("reason");
    if (label === "bad" && !(BAD_REASONS as readonly string[]).includes(reason))
      problems.add({ ...at, field: "reason" }, `a bad statement names one of ${BAD_REASONS.join(", ")}; got "${reason}"`);
    if (get("question").trim() === "" || get("statement").trim() === "")
      problems.add({ ...at, field: "question" }, "question and statement must not be empty");
    return {
      question: get("question"),
      answer: get("answer"),
      statement: get("statement"),
      label: label as "good" | "bad",
      reason: label === "bad" ? reason : "",
      line: table.lines[k],
    };
  });
  problems.throwIfAny(file);
  return { items };
}

export interface FlagEvaluation {
  readonly n: number;
  readonly bad: number;
  readonly good: number;
  /** Labelled statements the rules write today (judged by their own flag). */
  readonly reproduced: number;
  readonly flaggedBad: number;
  readonly flaggedGood: number;
  /** flaggedBad / bad × 100. */
  readonly recall: number;
  /** flaggedGood / good × 100. */
  readonly goodFlaggedRate: number;
  /** flaggedBad / (flaggedBad + flaggedGood) × 100. */
  readonly precision: number;
  readonly recallByReason: Record<string, { n: number; flagged: number }>;
  /** Bad statements not flagged and good ones flagged, for review. */
  readonly wrong: (FlagLabel & { flagged: boolean; doubts: readonly string[] })[];
}

/** The flags of each labelled statement against its label. */
export function evaluateFlagLabels(items: readonly FlagLabel[]): FlagEvaluation {
  let reproduced = 0;
  let flaggedBad = 0;
  let flaggedGood = 0;
  const recallByReason: Record<string, { n: number; flagged: number }> = {};
  const wrong: FlagEvaluation["wrong"][number][] = [];
  for (const it of items) {
    const r = reformulate(it.question, it.answer);
    // A label is about the statement's exact words, capitals included ("… drink Nectar." is bad where "… drink nectar." is good).
    const same = r.statement.trim() === it.statement.trim();
    if (same) reproduced++;
    const doubts = same ? r.doubts : statementDoubts(it.question, it.answer, it.statement);
    const flagged = doubts.length > 0;
    if (it.label === "bad") {
      const k = (recallByReason[it.reason] ??= { n: 0, flagged: 0 });
      k.n++;
      if (flagged) k.flagged++, flaggedBad++;
      else wrong.push({ ...it, flagged, doubts });
    } else if (flagged) {
      flaggedGood++;
      wrong.push({ ...it, flagged, doubts });
    }
  }
  const bad = items.filter((it) => it.label === "bad").length;
  const good = items.length - bad;
  const pct = (k: number, of: number) => (of === 0 ? NaN : (100 * k) / of);
  return {
    n: items.length,
    bad,
    good,
    reproduced,
    flaggedBad,
    flaggedGood,
    recall: pct(flaggedBad, bad),
    goodFlaggedRate: pct(flaggedGood, good),
    precision: pct(flaggedBad, flaggedBad + flaggedGood),
    recallByReason,
    wrong,
  };
}
