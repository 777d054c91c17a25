/**
 * Statement generators behind one interface: the built-in rules, or a seq2seq model folder.
 * Every generated statement comes with the rule that made it and its doubts, so that a caller can
 * say how many statements a person should check (`capqa statements review`).
 */
import { reformulateAll } from "./reformulate-all.js";
import { statementDoubts } from "./checks.js";

/** One generated statement and how far to trust it. */
export interface GeneratedStatement {
  readonly statement: string;
  /** The built-in rule that produced it, or "model" for a seq2seq generator. */
  readonly rule: string;
  /** True when the rule had to guess or the statement is ill-formed. */
  readonly flagged: boolean;
  readonly doubts: readonly string[];
  /** True when the generator read only part of the input: a model's input cut at its token limit (the doubt says how many tokens). */
  readonly truncated?: boolean;
}

/** Counts over generated statements, kept instead of the statements when a file is streamed. */
export interface StatementTally {
  generated: number;
  flagged: number;
  /** Statements made from an input cut to fit the generator (all flagged). */
  truncated: number;
  /** Doubts of the flagged statements, with how often each occurs. */
  readonly doubts: Map<string, number>;
}

export function newStatementTally(): StatementTally {
  return { generated: 0, flagged: 0, truncated: 0, doubts: new Map() };
}

/**
 * What a doubt is counted as: its text without a final detail in parentheses, so that "answer too
 * long (1048576 characters, …)" and "input truncated (37 tokens …)" are counted by kind.
 */
export function doubtKind(doubt: string): string {
  return doubt.replace(/ \([^()]*\)$/, "");
}

/** Adds statements to a tally (in place) and returns it. */
export function tallyStatements(made: readonly (GeneratedStatement | null)[], tally: StatementTally = newStatementTally()): StatementTally {
  for (const m of made) {
    if (!m) continue;
    tally.generated++;
    if (m.truncated) tally.truncated++;
    if (!m.flagged) continue;
    tally.flagged++;
    for (const d of m.doubts) tally.doubts.set(doubtKind(d), (tally.doubts.get(doubtKind(d)) ?? 0) + 1);
  }
  return tally;
}

export interface StatementGeneratorEngine {
  /** "builtin", or the model folder. */
  readonly name: string;
  generate(questions: readonly string[], answers: readonly string[], onProgress?: (done: number, total: number) => void): Promise<string[]>;
  /** The statements with their rule and doubts. */
  generateDetailed(
    questions: readonly string[],
    answers: readonly string[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<GeneratedStatement[]>;
  dispose(): Promise<void>;
}

export const builtinGenerator: StatementGeneratorEngine = {
  name: "builtin",
  async generate(questions, answers, onProgress) {
    return (await reformulateAll(questions, answers, { onProgress })).map((r) => r.statement);
  },
  async generateDetailed(questions, answers, onProgress) {
    return (await reformulateAll(questions, answers, { onProgress })).map(({ statement, rule, flagged, doubts }) => ({
      statement,
      rule,
      flagged,
      doubts,
    }));
  },
  async dispose() {},
};

export interface GeneratorOptions {
  readonly device?: "cpu" | "cuda" | "webgpu";
  readonly batchSize?: number;
  readonly log?: (line: string) => void;
}

/** How much of one input a model read: the text tokens cut to fit its limit (0 when none). */
export interface InputTruncation {
  readonly droppedTokens: number;
  readonly maxInputTokens: number;
}

/**
 * A model's statements, flagged when ill-formed (a model gives no rule to doubt) or made from an
 * input cut at the model's token limit: the model never saw the rest (issue 22).
 */
export function describeModelStatements(
  questions: readonly string[],
  answers: readonly string[],
  statements: readonly string[],
  truncation?: readonly InputTruncation[],
): GeneratedStatement[] {
  return statements.map((statement, i) => {
    const cut = truncation?.[i];
    const doubts = statement.trim() === "" ? ["empty statement"] : statementDoubts(questions[i], answers[i], statement);
    if (cut && cut.droppedTokens > 0)
      doubts.unshift(`input truncated (${cut.droppedTokens} tokens past the ${cut.maxInputTokens}-token limit dropped)`);
    return { statement, rule: "model", flagged: doubts.length > 0, doubts, truncated: cut !== undefined && cut.droppedTokens > 0 };
  });
}

/** "builtin" or a seq2seq model folder (an mT5 export in the layout transformers.js reads). */
export async function loadStatementGenerator(spec: string, options: GeneratorOptions = {}): Promise<StatementGeneratorEngine> {
  if (spec === "builtin") return builtinGenerator;
  const { loadSeq2SeqGenerator } = await import("./seq2seq.js");
  const model = await loadSeq2SeqGenerator({ model: spec, device: options.device, batchSize: options.batchSize, log: options.log });
  return {
    name: spec,
    generate: (q, a, onProgress) => model.generate(q, a, onProgress),
    generateDetailed: async (q, a, onProgress) => {
      const made = await model.generateDetailed(q, a, onProgress);
      return describeModelStatements(
        q,
        a,
        made.map((r) => r.text),
        made.map((r) => ({ droppedTokens: r.droppedInputTokens, maxInputTokens: model.maxInputTokens })),
      );
    },
    dispose: () => model.dispose(),
  };
}
