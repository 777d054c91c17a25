import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  ANSWER_SYSTEM_PROMPT,
  CLASS_INSTRUCTIONS,
  QUESTION_TYPE_DEFINITIONS,
  QUESTION_TYPE_LABELS,
  STATEMENTS_SYSTEM_PROMPT,
  STATEMENTS_USER_TEMPLATE,
  candidateMessages,
  candidatePrompt,
  promptLabel,
  pythonJsonDumps,
  statementsUserPrompt,
} from "../lib/construct/prompts.js";
import { CLASSES, DEFINITIONS } from "../lib/taxonomy/index.js";
import { QUESTION_TYPES } from "../lib/statements/types.js";

const PAPER = [process.env.CAPQA_PAPER, resolve("../shared/paper/cap-paper.txt"), "/work/shared/paper/cap-paper.txt"].find(
  (p) => p !== undefined && existsSync(p),
);
const paper = PAPER ? readFileSync(PAPER, "utf8") : undefined;
const skipNoPaper = paper === undefined && "paper text not found";

/** The text between two markers (the first `start` after `after`). */
function between(text: string, after: string, start: string, end: string): string {
  const a = text.indexOf(start, text.indexOf(after));
  assert.ok(a >= 0, `marker ${start} not found`);
  const b = text.indexOf(end, a + start.length);
  assert.ok(b > a, `marker ${end} not found`);
  return text.slice(a + start.length, b);
}

test("pythonJsonDumps writes what Python's json.dumps(indent=2) writes (ensure_ascii)", () => {
  const items = [
    { question: "What is “H₂O”?\tTab \\ back", gold_answer: 'water \x7f é 😀 "q"' },
    { question: "Empty?", gold_answer: "" },
  ];
  // Python 3: json.dumps(items, indent=2)
  assert.equal(
    pythonJsonDumps(items, 2),
    '[\n  {\n    "question": "What is \\u201cH\\u2082O\\u201d?\\tTab \\\\ back",\n    "gold_answer": "water \\u007f \\u00e9 \\ud83d\\ude00 \\"q\\""\n  },\n  {\n    "question": "Empty?",\n    "gold_answer": ""\n  }\n]',
  );
  assert.equal(
    pythonJsonDumps({ a: [], b: {}, c: [1, true, null] }, 2),
    '{\n  "a": [],\n  "b": {},\n  "c": [\n    1,\n    true,\n    null\n  ]\n}',
  );
  assert.equal(pythonJsonDumps({ a: [1, 2], b: "x" }), '{"a": [1, 2], "b": "x"}');
});

test("the B.4 prompt, filled for a class: lines, labels, Table 7 definition, Table 18 instruction", () => {
  const items = [
    { question: "What do plants need to make food?", gold_answer: "sunlight" },
    { question: "Which gas do we exhale?", gold_answer: "carbon dioxide" },
  ];
  assert.equal(
    candidatePrompt("overinclusive_invalid", items),
    [
      "Label: overinclusive-invalid",
      "Definition: Correct answer with additional incorrect information.",
      "Include the full content of the gold answer and add one short piece of additional information that is factually incorrect or unsupported.",
      "For each item below, generate one answer matching the label definition above.",
      "Return ONLY a valid JSON array of strings, one answer per item, in the same order.",
      "No explanation, no extra text — just the JSON array.",
      'Items:[\n  {\n    "question": "What do plants need to make food?",\n    "gold_answer": "sunlight"\n  },\n  {\n    "question": "Which gas do we exhale?",\n    "gold_answer": "carbon dioxide"\n  }\n]',
      "JSON array:",
    ].join("\n"),
  );
  for (const cls of CLASSES) {
    const p = candidatePrompt(cls, items).split("\n");
    assert.equal(p[0], `Label: ${promptLabel(cls)}`);
    assert.equal(p[1], `Definition: ${DEFINITIONS[cls]}`);
    assert.equal(p[2], CLASS_INSTRUCTIONS[cls]);
  }
  assert.equal(promptLabel("alternative_correct"), "alternative-correct");
  assert.equal(promptLabel("overinclusive_valid"), "overinclusive-valid");
  // Placement: user turn by default; as system prompt on request.
  assert.deepEqual(Object.keys(candidateMessages("exact", items)), ["user"]);
  const sys = candidateMessages("exact", items, "system");
  assert.equal(sys.system, candidatePrompt("exact", items));
  assert.equal(sys.user, "JSON array:");
});

test("B.4 matches the literals printed in the paper, in order (braces restored)", { skip: skipNoPaper }, () => {
  const line = paper!.split("\n").find((l) => l.startsWith('f"Label: label"'));
  assert.ok(line, "the printed B.4 template line");
  const literals = [...line.matchAll(/(f?)"([^"]*)"/g)].map((m) => ({ f: m[1] === "f", text: m[2] }));
  assert.equal(literals.length, 7);
  const items = [{ question: "Q?", gold_answer: "G" }];
  for (const cls of CLASSES) {
    const fill: [string, string][] = [
      ["json.dumps(items, indent=2)", pythonJsonDumps(items, 2)],
      ["label_descriptions[label]", DEFINITIONS[cls]],
      ["label", promptLabel(cls)],
    ];
    const expected = literals.map(({ f, text }) => {
      if (!f) return text;
      for (const [ph, value] of fill) if (text.includes(ph)) return text.replace(ph, value);
      return text;
    });
    const ours = candidatePrompt(cls, items);
    // Ours = the printed literals, one per line, with Table 18's instruction after the definition.
    assert.equal(ours, [...expected.slice(0, 2), CLASS_INSTRUCTIONS[cls], ...expected.slice(2)].join("\n"));
  }
});

test("Table 18 and Table 7 as printed in the paper", { skip: skipNoPaper }, () => {
  const t18 = between(paper!, "Overinclusive-invalid is positioned correctly.", "Class\tClass-specific instruction\n", "\n\nTable 18:");
  const rows = t18.split("\n").map((l) => l.split("\t"));
  assert.equal(rows.length, 8);
  for (const [label, instruction] of rows) {
    const cls = CLASSES.find((c) => promptLabel(c) === label);
    assert.ok(cls, label);
    assert.equal(CLASS_INSTRUCTIONS[cls], instruction);
  }
  const t7 = between(paper!, "B.3 CAP-Correctness", "Label\tDefinition\n", "\n\nTable 7:");
  for (const [label, def] of t7.split("\n").map((l) => l.split("\t"))) {
    const cls = CLASSES.find((c) => promptLabel(c) === label)!;
    assert.equal(DEFINITIONS[cls], def);
  }
});

test("the B.5 prompt: system and user text as printed, placeholders filled from Table 9", () => {
  assert.ok(STATEMENTS_SYSTEM_PROMPT.startsWith("You generate training examples for a question-to-statement reformulation model."));
  assert.ok(STATEMENTS_SYSTEM_PROMPT.endsWith("Output ONLY the JSON object, with no preamble or surrounding text."));
  const u = statementsUserPrompt("Physics", "long_question_with_context").split("\n");
  assert.equal(u[0], "Subject: Physics");
  assert.equal(u[1], "Question type: long-question");
  assert.equal(u[2], "Question-type definition: Question preceded by contextual description or introductory sentences.");
  assert.equal(u.length, 10);
  assert.ok(!statementsUserPrompt("History", "blank_spaces_task").includes("{"));
  assert.deepEqual(
    QUESTION_TYPES.map((t) => QUESTION_TYPE_LABELS[t]),
    ["short-question", "sentence-to-complete", "long-question", "blank-spaces-task"],
  );
});

test("B.5 and Table 9 match the paper's text character for character", { skip: skipNoPaper }, () => {
  const b5 = paper!.slice(paper!.indexOf("B.5.1 Generation Pipeline"));
  assert.equal(between(b5, "Prompt template.", "SYSTEM:\n", "\n\nUSER:"), STATEMENTS_SYSTEM_PROMPT);
  assert.equal(between(b5, "Prompt template.", "USER:\n", "\n\nThe {question_type_definition}"), STATEMENTS_USER_TEMPLATE);
  const t9 = between(b5, "The four question types are listed", "Label\tDefinition\n", "\n\nTable 9:");
  for (const [label, def] of t9.split("\n").map((l) => l.split("\t"))) {
    const type = QUESTION_TYPES.find((t) => QUESTION_TYPE_LABELS[t] === label)!;
    assert.ok(type, label);
    assert.equal(QUESTION_TYPE_DEFINITIONS[type], def);
  }
});

test("the C.2 exam-style system prompt matches the paper", () => {
  assert.ok(ANSWER_SYSTEM_PROMPT.startsWith("Answer the question in the style of a person responding on an exam:"));
  assert.ok(ANSWER_SYSTEM_PROMPT.endsWith("no bold, italics, headers, lists, or code blocks."));
  if (paper !== undefined) {
    const c2 = paper.slice(paper.indexOf("LLM-generated answers."));
    assert.equal(between(c2, "Prompt template.", "SYSTEM:\n", "\n\nUSER:"), ANSWER_SYSTEM_PROMPT);
    assert.equal(between(c2, "Prompt template.", "USER:\n", "\n"), "{question}");
  }
});
