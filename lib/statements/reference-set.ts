/**
 * Your own (question, answer, reference statement) items, scored as the reformulator is held to:
 * exact match with case, spacing and the final period ignored, mean sentence ROUGE-L (rouge-score's
 * stemmed rougeL), and the share of ill-formed statements (./wellformed.ts), overall and per form
 * and answer style when the file names them (columns `form`, `style`).
 *
 * @example
 * const { items } = loadReferenceStatements("my-items.csv");
 * const report = await evaluateReferenceStatements(items, builtinGenerator);
 * console.log(referenceStatementsMarkdown(report, "my items"));
 */
import { rougeL } from "../baselines/rouge.js";
import { DataProblems } from "../io/errors.js";
import { readRowTable } from "../io/row-table.js";
import { tableWithRoles, type ColumnRoles } from "../io/column-roles.js";
import type { StatementGeneratorEngine } from "./generator.js";
import { illFormedReasons } from "./wellformed.js";

export interface ReferenceStatement {
  readonly question: string;
  readonly answer: string;
  readonly statement: string;
  /** The question's form ("which-subject", "yes-no-do", …), "" when not given. */
  readonly form: string;
  /** The answer's style ("phrase", "sentence", "list", …), "" when not given. */
  readonly style: string;
  /** 1-based line in the file. */
  readonly line: number;
}

/** The roles loadReferenceStatements reads from other columns when the `columns` option names them. */
export const REFERENCE_STATEMENT_ROLES = ["question", "answer", "statement"] as const;

/**
 * Reads a CSV or JSON Lines file with question, answer and statement columns (form and style
 * optional); `columns` names them when they are spelled otherwise (`{ statement: "reference" }`).
 */
export function loadReferenceStatements(
  file: string,
  options: { readonly columns?: Pick<ColumnRoles, (typeof REFERENCE_STATEMENT_ROLES)[number]> } = {},
): { items: ReferenceStatement[] } {
  const read = readRowTable(file);
  const table = tableWithRoles(read, options.columns, { reads: REFERENCE_STATEMENT_ROLES });
  const problems = new DataProblems();
  for (const c of ["question", "answer", "statement"])
    if (!table.columns.includes(c)) throw new Error(`${file}: needs a column "${c}"; it has ${read.columns.join(", ")}`);
  const items = table.rows.map((r, k) => {
    const get = (c: string) => {
      const v = r[c];
      if (v === undefined || v === null) return "";
      if (typeof v !== "string") {
        problems.add({ file, line: table.lines[k], field: c }, `expected text, got ${JSON.stringify(v)}`);
        return "";
      }
      return v;
    };
    for (const c of ["question", "statement"]) if (get(c).trim() === "") problems.add({ file, line: table.lines[k], field: c }, "empty");
    return {
      question: get("question"),
      answer: get("answer"),
      statement: get("statement"),
      form: get("form"),
      style: get("style"),
      line: table.lines[k],
    };
  });
  problems.throwIfAny(file);
  return { items };
}

/** Equality with case, spacing and a final period ignored. */
export function sameStatement(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/\s+/g, " ")
      .trim()
      .replace(/[.\s]+$/u, "");
  return norm(a) === norm(b);
}

export interface ReferenceScores {
  readonly n: number;
  /** Exact-match rate × 100. */
  readonly exactMatch: number;
  /** Mean sentence ROUGE-L F × 100. */
  readonly rougeL: number;
  /** Share of ill-formed statements × 100. */
  readonly illFormed: number;
  /** Share of statements the generator flagged for review × 100. */
  readonly flagged: number;
  /** Of the statements that miss their reference, the share flagged × 100 (the flags' recall of misses; NaN when none missed). */
  readonly missesFlagged: number;
  /** Of the statements that match their reference, the share flagged × 100 (false alarms; NaN when none matched). */
  readonly exactFlagged: number;
}

export interface ReferenceEvaluation {
  readonly generator: string;
  readonly overall: ReferenceScores;
  readonly byForm: Record<string, ReferenceScores>;
  readonly byStyle: Record<string, ReferenceScores>;
  /** Items the generated statement does not match, with what was generated. */
  readonly misses: {
    line: number;
    form: string;
    question: string;
    answer: string;
    reference: string;
    statement: string;
    rule: string;
    doubts: readonly string[];
  }[];
  readonly seconds: number;
}

function summarise(rows: readonly { exact: boolean; rouge: number; ill: boolean; flagged: boolean }[]): ReferenceScores {
  const n = rows.length;
  const pct = (k: number, of = n) => (of === 0 ? NaN : (100 * k) / of);
  const exact = rows.filter((r) => r.exact);
  const misses = rows.filter((r) => !r.exact);
  return {
    n,
    exactMatch: pct(exact.length),
    rougeL: n === 0 ? NaN : (100 * rows.reduce((s, r) => s + r.rouge, 0)) / n,
    illFormed: pct(rows.filter((r) => r.ill).length),
    flagged: pct(rows.filter((r) => r.flagged).length),
    missesFlagged: pct(misses.filter((r) => r.flagged).length, misses.length),
    exactFlagged: pct(exact.filter((r) => r.flagged).length, exact.length),
  };
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    if (k === "") continue;
    (m.get(k) ?? m.set(k, []).get(k)!).push(it);
  }
  return m;
}

/** Scores a generator on reference items. */
export async function evaluateReferenceStatements(
  items: readonly ReferenceStatement[],
  engine: StatementGeneratorEngine,
): Promise<ReferenceEvaluation> {
  const started = Date.now();
  const made = await engine.generateDetailed(
    items.map((it) => it.question),
    items.map((it) => it.answer),
  );
  const seconds = (Date.now() - started) / 1000;
  const rows = items.map((it, i) => {
    const g = made[i];
    return {
      it,
      g,
      exact: sameStatement(g.statement, it.statement),
      rouge: rougeL(it.statement, g.statement).fmeasure,
      ill: illFormedReasons(g.statement, it.question, it.answer).length > 0,
      flagged: g.flagged,
    };
  });
  const table = (key: (r: (typeof rows)[number]) => string) =>
    Object.fromEntries([...groupBy(rows, key)].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, summarise(v)]));
  return {
    generator: engine.name,
    overall: summarise(rows),
    byForm: table((r) => r.it.form),
    byStyle: table((r) => r.it.style),
    misses: rows
      .filter((r) => !r.exact)
      .map((r) => ({
        line: r.it.line,
        form: r.it.form,
        question: r.it.question,
        answer: r.it.answer,
        reference: r.it.statement,
        statement: r.g.statement,
        rule: r.g.rule,
        doubts: r.g.doubts,
      })),
    seconds,
  };
}

/** Markdown tables of an evaluation (overall, per form, per answer style) and its misses. */
export function referenceStatementsMarkdown(e: ReferenceEvaluation, title: string, misses = 30): string {
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "—");
  const lines = [`# ${title}`, "", `Generator: ${e.generator}; ${e.overall.n} items; ${e.seconds.toFixed(2)} s.`, ""];
  const section = (name: string, rows: Record<string, ReferenceScores>) => {
    lines.push(
      `| ${name} | n | exact match % | ROUGE-L | ill-formed % | flagged % | misses flagged % | exact flagged % |`,
      "| --- | --- | --- | --- | --- | --- | --- | --- |",
    );
    const add = (k: string, s: ReferenceScores) =>
      lines.push(
        `| ${k} | ${s.n} | ${f(s.exactMatch)} | ${f(s.rougeL)} | ${f(s.illFormed)} | ${f(s.flagged)} | ${f(s.missesFlagged)} | ${f(s.exactFlagged)} |`,
      );
    add("**all**", e.overall);
    for (const [k, s] of Object.entries(rows)) add(k, s);
    lines.push("");
  };
  if (Object.keys(e.byForm).length > 0) section("question form", e.byForm);
  if (Object.keys(e.byStyle).length > 0) section("answer style", e.byStyle);
  if (Object.keys(e.byForm).length === 0 && Object.keys(e.byStyle).length === 0) section("items", {});
  lines.push(`## Misses (${e.misses.length}; first ${Math.min(misses, e.misses.length)})`, "");
  for (const m of e.misses.slice(0, misses))
    lines.push(
      `- line ${m.line}${m.form ? ` (${m.form})` : ""}: ${m.question} | ${m.answer.replace(/\n/g, " ⏎ ")}`,
      `  - reference: ${m.reference}`,
      `  - generated: ${m.statement} (${m.rule}${m.doubts.length ? `; ${m.doubts.join("; ")}` : ""})`,
    );
  return lines.join("\n") + "\n";
}
