/** `capqa statements eval`: a generator against CAP-Statements references, overall and per question type. */
import { QUESTION_TYPES, type QuestionType } from "./types.js";
import type { StatementItem } from "./dataset.js";
import type { StatementGeneratorEngine } from "./generator.js";
import { scoreStatementsAgainst, type StatementScores } from "./metrics.js";
import { naiveStatement } from "./naive.js";

const BLANK_MARK = /_{2,}|(?<![\w-])-{3,}(?![\w-])/;

export interface StatementEvaluation {
  readonly generator: string;
  readonly overall: StatementScores;
  readonly byType: Record<QuestionType, StatementScores>;
  /** The naive rule ("question without ?, answer, period") on the same items, for comparison. */
  readonly naive: { overall: StatementScores; byType: Record<QuestionType, StatementScores> };
  /** Share of outputs that end in a period, contain no question mark and no blank marker. */
  readonly wellFormed: { total: number; endsWithPeriod: number; noQuestionMark: number; noBlankMarker: number };
  readonly worst: {
    row: number;
    questionType: QuestionType;
    question: string;
    answer: string;
    reference: string;
    statement: string;
    rougeL: number;
  }[];
  readonly seconds: number;
}

function byType(items: readonly StatementItem[], hyps: readonly string[]): Record<QuestionType, StatementScores> {
  const out = {} as Record<QuestionType, StatementScores>;
  for (const t of QUESTION_TYPES) {
    const idx = items.flatMap((it, i) => (it.questionType === t ? [i] : []));
    const { n, bleu, rougeL, exactMatch } = scoreStatementsAgainst(
      idx.map((i) => hyps[i]),
      idx.map((i) => items[i].statement),
    );
    out[t] = { n, bleu, rougeL, exactMatch };
  }
  return out;
}

export async function evaluateStatementGenerator(
  items: readonly StatementItem[],
  engine: StatementGeneratorEngine,
  options: { worst?: number; onProgress?: (d: number, t: number) => void } = {},
): Promise<StatementEvaluation> {
  const started = Date.now();
  const hyps = await engine.generate(
    items.map((it) => it.question),
    items.map((it) => it.answer),
    options.onProgress,
  );
  const seconds = (Date.now() - started) / 1000;
  const all = scoreStatementsAgainst(
    hyps,
    items.map((it) => it.statement),
  );
  const naive = items.map((it) => naiveStatement(it.question, it.answer));
  const naiveAll = scoreStatementsAgainst(
    naive,
    items.map((it) => it.statement),
  );
  const order = Array.from(all.perItemRougeL.keys()).sort((a, b) => all.perItemRougeL[a] - all.perItemRougeL[b]);
  return {
    generator: engine.name,
    overall: { n: all.n, bleu: all.bleu, rougeL: all.rougeL, exactMatch: all.exactMatch },
    byType: byType(items, hyps),
    naive: {
      overall: { n: naiveAll.n, bleu: naiveAll.bleu, rougeL: naiveAll.rougeL, exactMatch: naiveAll.exactMatch },
      byType: byType(items, naive),
    },
    wellFormed: {
      total: hyps.length,
      endsWithPeriod: hyps.filter((s) => s.endsWith(".")).length,
      noQuestionMark: hyps.filter((s) => !s.includes("?")).length,
      noBlankMarker: hyps.filter((s) => !BLANK_MARK.test(s)).length,
    },
    worst: order.slice(0, options.worst ?? 25).map((i) => ({
      row: items[i].row,
      questionType: items[i].questionType,
      question: items[i].question,
      answer: items[i].answer,
      reference: items[i].statement,
      statement: hyps[i],
      rougeL: all.perItemRougeL[i],
    })),
    seconds,
  };
}

/** Markdown report of an evaluation. */
export function statementEvaluationMarkdown(e: StatementEvaluation, title: string): string {
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : "—");
  const lines = [`# ${title}`, "", `Generator: ${e.generator}; ${e.overall.n} items; ${e.seconds.toFixed(2)} s.`, ""];
  lines.push(
    "| question type | n | BLEU | ROUGE-L | exact match % | naive BLEU | naive ROUGE-L | naive EM % |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  );
  const row = (name: string, s: StatementScores, n: StatementScores) =>
    lines.push(
      `| ${name} | ${s.n} | ${f(s.bleu)} | ${f(s.rougeL)} | ${f(s.exactMatch)} | ${f(n.bleu)} | ${f(n.rougeL)} | ${f(n.exactMatch)} |`,
    );
  row("all", e.overall, e.naive.overall);
  for (const t of QUESTION_TYPES) row(t, e.byType[t], e.naive.byType[t]);
  const w = e.wellFormed;
  lines.push(
    "",
    `Well-formed: ${w.endsWithPeriod}/${w.total} end in a period, ${w.noQuestionMark}/${w.total} have no question mark, ${w.noBlankMarker}/${w.total} have no blank marker.`,
    "",
    "## Worst cases (lowest sentence ROUGE-L)",
    "",
  );
  for (const c of e.worst)
    lines.push(
      `- row ${c.row} (${c.questionType}, ROUGE-L ${(100 * c.rougeL).toFixed(1)}): Q: ${c.question} | A: ${c.answer}`,
      `  - reference: ${c.reference}`,
      `  - generated: ${c.statement}`,
    );
  return lines.join("\n") + "\n";
}
