/**
 * How a generator's statements compare with the statements released in CAP-Correctness.csv
 * (made by the authors' mT5): exact agreement and ROUGE-L per source dataset, for the gold
 * statements (premise) and the candidate statements (hypothesis), and the known mT5 failures
 * counted on both sides: a 4-word sequence repeated, the "question: answer" colon form (words
 * are runs of letters, digits and apostrophes, lower-cased; ./wellformed.ts), a clause repeated
 * beyond the question and answer, the answer left out; plus how many generated statements the
 * generator flagged for review.
 */
import type { Benchmark } from "../data/benchmark.js";
import type { StatementGeneratorEngine } from "./generator.js";
import { exactMatch, rougeLF, statementTokens } from "./metrics.js";
import { hasColonForm, repeatsFourGram } from "./wellformed.js";

/** Tokenises each distinct text once (the same questions and statements recur across rows). */
function memoTokens(): (s: string) => string[] {
  const memo = new Map<string, string[]>();
  return (s) => {
    let t = memo.get(s);
    if (t === undefined) memo.set(s, (t = statementTokens(s)));
    return t;
  };
}

/** True when some 4-token sequence occurs more often in the statement than in question + answer: a repeated clause. */
export function hasRepeatedClause(
  statement: string,
  question: string,
  answer: string,
  tokens: (s: string) => string[] = statementTokens,
): boolean {
  const count = (tokens: string[]) => {
    const m = new Map<string, number>();
    for (let i = 0; i + 4 <= tokens.length; i++) {
      const k = tokens.slice(i, i + 4).join(" ");
      m.set(k, (m.get(k) ?? 0) + 1);
    }
    return m;
  };
  const inStatement = count(tokens(statement).filter((t) => /\w/.test(t)));
  const inSource = count([...tokens(question), ...tokens(answer)].filter((t) => /\w/.test(t)));
  for (const [k, n] of inStatement) if (n > 1 && n > (inSource.get(k) ?? 0)) return true;
  return false;
}

/** True when a content word of the answer is missing from the statement. */
export function dropsAnswer(statement: string, answer: string, tokens: (s: string) => string[] = statementTokens): boolean {
  const words = new Set(tokens(statement));
  return tokens(answer)
    .filter((t) => /^[\p{L}\p{N}]{3,}$/u.test(t))
    .some((t) => !words.has(t));
}

export interface SideAgreement {
  readonly n: number;
  readonly exact: number;
  readonly rougeL: number;
  /** Statements with some 4-word sequence twice (released, generated). */
  readonly releasedRepeated4gram: number;
  readonly generatedRepeated4gram: number;
  /** Statements with a colon the question does not have. */
  readonly releasedColonForm: number;
  readonly generatedColonForm: number;
  /** Generated statements the generator flagged for review. */
  readonly generatedFlagged: number;
  readonly releasedRepeatedClause: number;
  readonly generatedRepeatedClause: number;
  readonly releasedDropsAnswer: number;
  readonly generatedDropsAnswer: number;
}

export interface StatementAgreement {
  readonly generator: string;
  readonly byDataset: { dataset: string; gold: SideAgreement; candidate: SideAgreement }[];
  readonly overall: { gold: SideAgreement; candidate: SideAgreement };
  /** Rows where the released statement has a known mT5 failure and the generated one does not. */
  readonly generatedBetter: { rowId: number; side: "gold" | "candidate"; problem: string; released: string; generated: string }[];
  /** Rows where the generated statement has the failure and the released one does not. */
  readonly generatedWorse: { rowId: number; side: "gold" | "candidate"; problem: string; released: string; generated: string }[];
  readonly seconds: number;
}

export async function statementAgreement(bench: Benchmark, engine: StatementGeneratorEngine, examples = 20): Promise<StatementAgreement> {
  const started = Date.now();
  const rows = bench.rows;
  const goldMade = await engine.generateDetailed(
    rows.map((r) => r.question),
    rows.map((r) => r.goldAnswer),
  );
  const candMade = await engine.generateDetailed(
    rows.map((r) => r.question),
    rows.map((r) => r.answer),
  );
  const gold = goldMade.map((g) => g.statement);
  const cand = candMade.map((g) => g.statement);
  const better: StatementAgreement["generatedBetter"] = [];
  const worse: StatementAgreement["generatedWorse"] = [];
  type Acc = {
    n: number;
    exact: number;
    rouge: number;
    rr: number;
    gr: number;
    rd: number;
    gd: number;
    r4: number;
    g4: number;
    rc: number;
    gc: number;
    gf: number;
  };
  const acc = new Map<string, { gold: Acc; candidate: Acc }>();
  const fresh = (): Acc => ({ n: 0, exact: 0, rouge: 0, rr: 0, gr: 0, rd: 0, gd: 0, r4: 0, g4: 0, rc: 0, gc: 0, gf: 0 });
  const tok = memoTokens();
  rows.forEach((row, i) => {
    for (const [side, released, generated, answer, flagged] of [
      ["gold", row.premise, gold[i], row.goldAnswer, goldMade[i].flagged],
      ["candidate", row.hypothesis, cand[i], row.answer, candMade[i].flagged],
    ] as const) {
      if (answer.trim() === "") continue; // nothing to state (row 4306)
      const same = exactMatch(released, generated) ? 1 : 0;
      const rouge = rougeLF(tok(generated), tok(released));
      const rr = hasRepeatedClause(released, row.question, answer, tok);
      const gr = hasRepeatedClause(generated, row.question, answer, tok);
      const rd = dropsAnswer(released, answer, tok);
      const gd = dropsAnswer(generated, answer, tok);
      const r4 = repeatsFourGram(released);
      const g4 = repeatsFourGram(generated);
      const rc = hasColonForm(released, row.question);
      const gc = hasColonForm(generated, row.question);
      for (const key of [row.dataset, "all"]) {
        const a = (acc.get(key) ?? acc.set(key, { gold: fresh(), candidate: fresh() }).get(key)!)[side];
        a.n++;
        a.exact += same;
        a.rouge += rouge;
        a.rr += +rr;
        a.gr += +gr;
        a.rd += +rd;
        a.gd += +gd;
        a.r4 += +r4;
        a.g4 += +g4;
        a.rc += +rc;
        a.gc += +gc;
        a.gf += +flagged;
        if (key !== "all") continue;
        const problem = rr && !gr ? "repeated clause" : rd && !gd ? "answer left out" : undefined;
        if (problem && better.length < examples) better.push({ rowId: row.rowId, side, problem, released, generated });
        const own = gr && !rr ? "repeated clause" : gd && !rd ? "answer left out" : undefined;
        if (own && worse.length < examples) worse.push({ rowId: row.rowId, side, problem: own, released, generated });
      }
    }
  });
  const view = (a: Acc): SideAgreement => ({
    n: a.n,
    exact: (100 * a.exact) / a.n,
    rougeL: (100 * a.rouge) / a.n,
    releasedRepeated4gram: a.r4,
    generatedRepeated4gram: a.g4,
    releasedColonForm: a.rc,
    generatedColonForm: a.gc,
    generatedFlagged: a.gf,
    releasedRepeatedClause: a.rr,
    generatedRepeatedClause: a.gr,
    releasedDropsAnswer: a.rd,
    generatedDropsAnswer: a.gd,
  });
  const byDataset = [...acc.entries()]
    .filter(([k]) => k !== "all")
    .map(([dataset, v]) => ({ dataset, gold: view(v.gold), candidate: view(v.candidate) }));
  const all = acc.get("all")!;
  return {
    generator: engine.name,
    byDataset,
    overall: { gold: view(all.gold), candidate: view(all.candidate) },
    generatedBetter: better,
    generatedWorse: worse,
    seconds: (Date.now() - started) / 1000,
  };
}

export function statementAgreementMarkdown(a: StatementAgreement): string {
  const f = (x: number) => x.toFixed(2);
  const lines = ["# Generated vs released CAP-Correctness statements", "", `Generator: ${a.generator}; ${a.seconds.toFixed(2)} s.`, ""];
  lines.push(
    "| dataset | side | n | exact % | ROUGE-L | repeated 4-gram: released | generated | colon form: released | generated | repeated clause: released | generated | answer left out: released | generated | flagged |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  );
  const add = (d: string, side: string, s: SideAgreement) =>
    lines.push(
      `| ${d} | ${side} | ${s.n} | ${f(s.exact)} | ${f(s.rougeL)} | ${s.releasedRepeated4gram} | ${s.generatedRepeated4gram} | ${s.releasedColonForm} | ${s.generatedColonForm} | ${s.releasedRepeatedClause} | ${s.generatedRepeatedClause} | ${s.releasedDropsAnswer} | ${s.generatedDropsAnswer} | ${s.generatedFlagged} |`,
    );
  for (const d of a.byDataset) add(d.dataset, "gold", d.gold), add(d.dataset, "candidate", d.candidate);
  add("all", "gold", a.overall.gold);
  add("all", "candidate", a.overall.candidate);
  lines.push(
    "",
    "Repeated 4-gram: some 4-word sequence occurs twice in the statement. Colon form: a colon the question does not have. Repeated clause: a 4-word sequence more often than in question and answer together. Words are runs of letters, digits and apostrophes, lower-cased.",
  );
  const list = (title: string, xs: StatementAgreement["generatedBetter"]) => {
    lines.push("", `## ${title}`, "");
    for (const x of xs)
      lines.push(`- row ${x.rowId} (${x.side}, ${x.problem})`, `  - released: ${x.released}`, `  - generated: ${x.generated}`);
    if (xs.length === 0) lines.push("(none)");
  };
  list("Where the generated statement avoids a known mT5 failure", a.generatedBetter);
  list("Where the generated statement has a failure the released one does not", a.generatedWorse);
  return lines.join("\n") + "\n";
}
