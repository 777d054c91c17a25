/**
 * The prompts of the paper's construction pipelines, as printed:
 *
 * - App. B.4 — the candidate-answer template (one per target class, items sent in batches),
 *   filled with the Table 7 definition and the Table 18 class-specific instruction;
 * - App. B.5 — the CAP-Statements synthesis prompt (SYSTEM + USER), filled with a subject, a
 *   question type and its Table 9 definition;
 * - App. C.2 — the exam-style system prompt of the Sec. 7.4 answer collection.
 *
 * What the paper does not print, and how it is read here (see also lib/construct/README.md):
 *
 * B.4 is printed as a run of Python string literals whose braces (and any `\n`) were lost in
 * typesetting: f"Label: label" f"Definition: label_descriptions[label]" "For each item below, …"
 * … f"Items:json.dumps(items, indent=2)" "JSON array:". We read the f-strings as
 * `f"Label: {label}"`, `f"Definition: {label_descriptions[label]}"` and
 * `f"Items:{json.dumps(items, indent=2)}"`, and join the literals with one newline each (one
 * printed literal = one line). "Items:" is followed directly by the JSON, as the literal reads.
 * Table 18 says the template has a {class_instruction} placeholder, but the printed template
 * does not show it; we put it on its own line right after the Definition line (the label, its
 * definition and its instruction together, then the generic instructions, which refer to "the
 * label definition above"). `items` is a list of {"question", "gold_answer"} objects (B.3/B.4:
 * each call receives the question and the gold answer), dumped the way Python's
 * json.dumps(items, indent=2) does (ensure_ascii: every non-ASCII character as \uXXXX). The
 * label is the paper's hyphenated spelling (Table 7), e.g. "alternative-correct".
 *
 * B.4 is printed under "SYSTEM:" with no USER turn, but both APIs need a user message; by default
 * the whole template is the user message (no system prompt). `promptRole: "system"` sends it as
 * the system prompt instead, with the user message "JSON array:" (an inference either way).
 *
 * B.5 and C.2 are printed whole and are reproduced character for character, including the
 * typeset quotes ‘‘…’’ and "question--answer" of the printed text (what the authors' code sent
 * may have had plain quotes and a dash; the paper does not say).
 */
import { DEFINITIONS, paperName, type CorrectnessClass } from "../taxonomy/index.js";
import type { QuestionType } from "../statements/types.js";

// ---------------------------------------------------------------- Python json.dumps

/** Python's json.dumps string escaping with ensure_ascii=True (the default). */
function pyString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ch = s[i];
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\b") out += "\\b";
    else if (ch === "\f") out += "\\f";
    else if (c < 0x20 || c > 0x7e) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}

/**
 * json.dumps(value, indent=indent) of Python 3 for JSON-like values (objects in insertion order,
 * strings with ensure_ascii). Numbers are written as JavaScript writes them (integers agree).
 */
export function pythonJsonDumps(value: unknown, indent?: number): string {
  const nl = indent === undefined ? "" : "\n";
  const pad = (level: number) => (indent === undefined ? "" : " ".repeat(indent * level));
  const itemSep = indent === undefined ? ", " : ",";
  const walk = (v: unknown, level: number): string => {
    if (v === null || v === undefined) return "null";
    if (typeof v === "boolean") return v ? "true" : "false";
    if (typeof v === "number") {
      if (Number.isNaN(v)) return "NaN";
      if (!Number.isFinite(v)) return v > 0 ? "Infinity" : "-Infinity";
      return String(v);
    }
    if (typeof v === "string") return pyString(v);
    if (Array.isArray(v)) {
      if (v.length === 0) return "[]";
      return "[" + nl + v.map((x) => pad(level + 1) + walk(x, level + 1)).join(itemSep + nl) + nl + pad(level) + "]";
    }
    if (typeof v === "object") {
      const entries = Object.entries(v as Record<string, unknown>);
      if (entries.length === 0) return "{}";
      return (
        "{" +
        nl +
        entries.map(([k, x]) => pad(level + 1) + pyString(k) + ": " + walk(x, level + 1)).join(itemSep + nl) +
        nl +
        pad(level) +
        "}"
      );
    }
    throw new TypeError(`cannot dump a ${typeof v}`);
  };
  return walk(value, 0);
}

// ---------------------------------------------------------------- B.4 + Table 18

/** Table 18: the class-specific instruction of each target class. */
export const CLASS_INSTRUCTIONS: Readonly<Record<CorrectnessClass, string>> = {
  exact: "Reproduce the gold answer verbatim.",
  equivalent: "Express the same meaning as the gold answer using different wording. Do not omit or add information.",
  alternative_correct:
    "Produce a different but equally valid answer to the question. The answer must be factually correct and must not be entailed by the gold answer in either direction.",
  partial: "Reproduce a strict subset of the information in the gold answer. Do not add information beyond what the gold states.",
  overinclusive_valid:
    "Include the full content of the gold answer and add one short piece of additional information that is factually correct and relevant to the question.",
  overinclusive_invalid:
    "Include the full content of the gold answer and add one short piece of additional information that is factually incorrect or unsupported.",
  invalid: "Produce a plausible-sounding answer to the question that is factually wrong. Do not directly contradict the gold answer.",
  contradictory: "Produce an answer that directly contradicts the gold answer or rejects the premise of the question.",
};

/** The four fixed lines of B.4 after the class block, verbatim. */
export const B4_FIXED_LINES = [
  "For each item below, generate one answer matching the label definition above.",
  "Return ONLY a valid JSON array of strings, one answer per item, in the same order.",
  "No explanation, no extra text — just the JSON array.",
] as const;
export const B4_FINAL_LINE = "JSON array:";

/** One item of a candidate batch: the question and its gold answer. */
export interface CandidateItem {
  readonly question: string;
  readonly gold_answer: string;
}

/** The label as the prompt spells it: Table 7's hyphenated name. */
export function promptLabel(cls: CorrectnessClass): string {
  return paperName(cls);
}

/** The B.4 template for a target class and a batch of items (lines joined with "\n"). */
export function candidatePrompt(cls: CorrectnessClass, items: readonly CandidateItem[]): string {
  const label = promptLabel(cls);
  const dumped = pythonJsonDumps(
    items.map((it) => ({ question: it.question, gold_answer: it.gold_answer })),
    2,
  );
  return [
    `Label: ${label}`,
    `Definition: ${DEFINITIONS[cls]}`,
    CLASS_INSTRUCTIONS[cls],
    ...B4_FIXED_LINES,
    `Items:${dumped}`,
    B4_FINAL_LINE,
  ].join("\n");
}

export type PromptRole = "user" | "system";

/** The B.4 prompt as a (system, user) pair for the chosen placement. */
export function candidateMessages(
  cls: CorrectnessClass,
  items: readonly CandidateItem[],
  role: PromptRole = "user",
): { system?: string; user: string } {
  const text = candidatePrompt(cls, items);
  return role === "user" ? { user: text } : { system: text, user: B4_FINAL_LINE };
}

// ---------------------------------------------------------------- B.5 + Table 9

/** Table 9's labels, in the paper's spelling, for the data's question types. */
export const QUESTION_TYPE_LABELS: Readonly<Record<QuestionType, string>> = {
  short_question: "short-question",
  sentence_to_complete: "sentence-to-complete",
  long_question_with_context: "long-question",
  blank_spaces_task: "blank-spaces-task",
};

/** Table 9: the question-type definitions. */
export const QUESTION_TYPE_DEFINITIONS: Readonly<Record<QuestionType, string>> = {
  short_question: "Direct factual question.",
  sentence_to_complete: "Sentence completion or prompt-style question.",
  long_question_with_context: "Question preceded by contextual description or introductory sentences.",
  blank_spaces_task: "Question or statement containing blank spaces that must be filled.",
};

/** B.5: general knowledge plus the seven academic subjects, as the paper lists them. */
export const SUBJECTS = [
  "general knowledge",
  "Biology",
  "Physics",
  "History",
  "Geography",
  "Chemistry",
  "Mathematics",
  "Computer Science",
] as const;
/** B.5: the target share of general knowledge (the rest split evenly over the seven subjects). */
export const GENERAL_KNOWLEDGE_SHARE = 0.562;

/** B.5 SYSTEM, verbatim. */
export const STATEMENTS_SYSTEM_PROMPT = [
  "You generate training examples for a question-to-statement reformulation model. Each example is a JSON object with exactly three fields: question, answer, and statement.",
  "The statement must be a single declarative sentence that expresses the same proposition as the question--answer pair, with no question marks, no second-person address, and no meta-commentary (e.g., do not write ‘‘the answer is…’’).",
  "Output ONLY the JSON object, with no preamble or surrounding text.",
].join("\n");

/** B.5 USER, verbatim, with its placeholders. */
export const STATEMENTS_USER_TEMPLATE = [
  "Subject: {subject}",
  "Question type: {question_type}",
  "Question-type definition: {question_type_definition}",
  "Generate one (question, answer, statement) triple in the specified subject and following the specified question type. Constraints:",
  "- The question must match the surface form of the specified type (see definition above).",
  "- The answer should be a phrase or short sentence; do not explain or justify it.",
  "- The statement must be a single grammatical declarative sentence and must contain all the semantic content of the question--answer pair, with no extra information.",
  "- For the blank-spaces-task type, the statement must fill in the blank explicitly (no underscores remain).",
  "- For the long-question type, the statement must compress all contextual sentences and the question into one declarative clause.",
  "- Do not produce duplicates of well-known textbook examples (e.g., ‘‘What gas do plants release during photosynthesis?’’ already exists in the dataset).",
].join("\n");

/** The B.5 USER message for a (subject, question type) cell. */
export function statementsUserPrompt(subject: string, type: QuestionType): string {
  const fill: Record<string, string> = {
    subject,
    question_type: QUESTION_TYPE_LABELS[type],
    question_type_definition: QUESTION_TYPE_DEFINITIONS[type],
  };
  return STATEMENTS_USER_TEMPLATE.replace(/\{(subject|question_type|question_type_definition)\}/g, (_, k: string) => fill[k]);
}

// ---------------------------------------------------------------- C.2

/** App. C.2: the exam-style system prompt of the Sec. 7.4 answers, verbatim. */
export const ANSWER_SYSTEM_PROMPT =
  "Answer the question in the style of a person responding on an exam: concise, factually correct, and free of elaboration. Use a single short sentence when sufficient; never exceed three sentences. Do not restate the question, include preamble or qualifications, or open with phrases such as ‘‘the answer is…’’. Respond in plain prose without any markdown formatting: no bold, italics, headers, lists, or code blocks.";

/** C.2: temperature 0.0 and a 256-token output cap. */
export const ANSWER_TEMPERATURE = 0;
export const ANSWER_MAX_TOKENS = 256;

/** B.5: temperature 1.0, top_p 0.95. */
export const STATEMENTS_TEMPERATURE = 1.0;
export const STATEMENTS_TOP_P = 0.95;

/** Models the paper names (B.3: Claude Haiku 4.5; B.5: Claude Sonnet 4.6); API ids are ours. */
export const PAPER_CANDIDATE_MODEL = "claude-haiku-4-5";
export const PAPER_STATEMENTS_MODEL = "claude-sonnet-4-6";
