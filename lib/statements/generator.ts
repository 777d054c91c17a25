/** Statement generators behind one interface: the built-in rules, or a seq2seq model folder. */
import { reformulate } from "./builtin.js";

export interface StatementGeneratorEngine {
  /** "builtin", or the model folder. */
  readonly name: string;
  generate(questions: readonly string[], answers: readonly string[], onProgress?: (done: number, total: number) => void): Promise<string[]>;
  dispose(): Promise<void>;
}

export const builtinGenerator: StatementGeneratorEngine = {
  name: "builtin",
  async generate(questions, answers) {
    if (questions.length !== answers.length) throw new RangeError(`${questions.length} questions but ${answers.length} answers`);
    return questions.map((q, i) => reformulate(q, answers[i]).statement);
  },
  async dispose() {},
};

export interface GeneratorOptions {
  readonly device?: "cpu" | "cuda" | "webgpu";
  readonly batchSize?: number;
  readonly log?: (line: string) => void;
}

/** "builtin" or a seq2seq model folder (an mT5 export in the layout transformers.js reads). */
export async function loadStatementGenerator(spec: string, options: GeneratorOptions = {}): Promise<StatementGeneratorEngine> {
  if (spec === "builtin") return builtinGenerator;
  const { loadSeq2SeqGenerator } = await import("./seq2seq.js");
  const model = await loadSeq2SeqGenerator({ model: spec, device: options.device, batchSize: options.batchSize, log: options.log });
  return {
    name: spec,
    generate: (q, a, onProgress) => model.generate(q, a, onProgress),
    dispose: () => model.dispose(),
  };
}
