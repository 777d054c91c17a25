/**
 * The seq2seq statement generator through the real transformers.js + onnxruntime-node path, on
 * the tiny T5-style model the project builds (scripts/fixtures/tiny-seq2seq.ts), against an
 * independent float64 reference (own tokenizer, no cache, beam search transcribed from
 * transformers one input at a time).
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { spawnSync } from "node:child_process";
import {
  EOS_ID,
  referenceGenerate,
  referenceEncodeInput,
  referenceTokenize,
  writeTinySeq2Seq,
  type ReferenceGeneration,
} from "../scripts/fixtures/tiny-seq2seq.js";
import { loadSeq2SeqGenerator, statementInput, type Seq2SeqResult } from "../lib/statements/seq2seq.js";
import { loadStatementGenerator, tallyStatements } from "../lib/statements/generator.js";
import { parseCsv, toCsv } from "../lib/io/csv.js";

const root = mkdtempSync(join(tmpdir(), "capqa-seq2seq-"));
const model = join(root, "tiny-t5");
writeTinySeq2Seq(model);
after(() => rmSync(root, { recursive: true, force: true }));

const PAIRS: [string, string][] = [
  ["What is the color of the sky?", "blue"],
  ["How many legs has a spider?", "eight"],
  ["Which gas do plants breathe?", "oxygen"],
  ["What is the sun?", "A star"],
  ["Is water made of rock?", "no, it is not"],
  ["Zebra €uro", "42"],
  ["Water travels through the stem of a plant because of heat from the sun and light energy.", "yes"],
  ["", ""],
  // Found by search: on these, a search that stops one step later (is_done's length off by one)
  // ends differently, and with 3 beams on the last one an end-of-sequence candidate ranked below
  // the top num_beams would change the result if it were kept.
  ["is how through?", "earth sun cows"],
  ["made of no?", "which"],
  ["legs on?", "made made"],
];
const LONG = 6;
const questions = PAIRS.map((p) => p[0]);
const answers = PAIRS.map((p) => p[1]);

function reference(
  numBeams: number,
  o: { maxNewTokens?: number; lengthPenalty?: number; maxInputTokens?: number } = {},
): ReferenceGeneration[] {
  return PAIRS.map(([q, a]) =>
    referenceGenerate(q, a, {
      numBeams,
      maxNewTokens: o.maxNewTokens ?? 512,
      lengthPenalty: o.lengthPenalty,
      maxInputTokens: o.maxInputTokens,
    }),
  );
}

function assertSame(got: Seq2SeqResult[], want: ReferenceGeneration[], what: string): void {
  assert.equal(got.length, want.length);
  want.forEach((r, i) => {
    // The reference decides far from ties, so float32 inference must take the same path.
    assert.ok(r.margin > 1e-5, `${what}: reference input ${i} comes within ${r.margin} of a tie`);
    assert.deepEqual(got[i].tokens, r.tokens, `${what}: tokens of input ${i}`);
    assert.equal(got[i].text, r.text, `${what}: text of input ${i}`);
    assert.equal(got[i].finished, r.finished, `${what}: finished flag of input ${i}`);
    assert.ok(Math.abs(got[i].score - r.score) < 1e-4, `${what}: score of input ${i}: ${got[i].score} vs ${r.score}`);
    assert.equal(got[i].inputTokens, r.inputIds.length);
    assert.equal(got[i].truncated, r.truncated);
  });
}

for (const numBeams of [1, 3, 4]) {
  for (const batchSize of [1, 3]) {
    test(`${numBeams === 1 ? "greedy" : `${numBeams}-beam`} search, batch ${batchSize}, matches the independent reference`, async () => {
      const g = await loadSeq2SeqGenerator({ model, numBeams, batchSize });
      const got = await g.generateDetailed(questions, answers);
      assertSame(got, reference(numBeams), `beams ${numBeams} batch ${batchSize}`);
      assert.deepEqual(
        await g.generate(questions, answers),
        got.map((r) => r.text),
      );
      assert.equal(g.stats.encoderCalls, 2 * Math.ceil(PAIRS.length / batchSize));
      assert.equal(g.stats.unfinished, 0);
      await g.dispose();
    });
  }
}

test("beam search and greedy search differ on this model, so the beams are really searched", async () => {
  const greedy = reference(1);
  const beam = reference(4);
  assert.ok(beam.some((b, i) => b.text !== greedy[i].text));
  const g4 = await loadSeq2SeqGenerator({ model, batchSize: 8 });
  const g1 = await loadSeq2SeqGenerator({ model, numBeams: 1, batchSize: 8 });
  const [a, b] = [await g4.generate(questions, answers), await g1.generate(questions, answers)];
  const differing = a.filter((t, i) => t !== b[i]).length;
  assert.ok(differing >= 1, "beam and greedy outputs are all equal");
  await g4.dispose();
  await g1.dispose();
});

test("greedy output equals transformers.js's own generate() on the same folder", async () => {
  const tf = await import("@huggingface/transformers");
  tf.env.localModelPath = `${dirname(model)}/`;
  tf.env.allowRemoteModels = false;
  const tok = (await tf.AutoTokenizer.from_pretrained(basename(model), { local_files_only: true })) as unknown as {
    encode(t: string): number[];
    decode(ids: number[], o: object): string;
  };
  const m = (await tf.AutoModelForSeq2SeqLM.from_pretrained(basename(model), {
    local_files_only: true,
    dtype: "fp32",
    device: "cpu",
  })) as unknown as {
    generate(o: object): Promise<{ tolist(): bigint[][] }>;
    dispose(): Promise<unknown>;
  };
  const g = await loadSeq2SeqGenerator({ model, numBeams: 1 });
  const ours = await g.generate(questions, answers);
  for (let i = 0; i < PAIRS.length; i++) {
    const ids = tok.encode(statementInput(questions[i], answers[i]));
    const out = await m.generate({
      inputs: new tf.Tensor("int64", BigInt64Array.from(ids, BigInt), [1, ids.length]),
      attention_mask: new tf.Tensor(
        "int64",
        BigInt64Array.from(ids, () => 1n),
        [1, ids.length],
      ),
      max_new_tokens: 512,
      do_sample: false,
    });
    assert.equal(tok.decode(out.tolist()[0].map(Number), { skip_special_tokens: true }).trim(), ours[i], `input ${i}`);
  }
  await m.dispose();
  await g.dispose();
});

test("statements cut at maxNewTokens, and other length penalties, match the reference", async () => {
  for (const numBeams of [1, 4]) {
    const g = await loadSeq2SeqGenerator({ model, numBeams, maxNewTokens: 3, batchSize: 3 });
    const got = await g.generateDetailed(questions, answers);
    assertSame(got, reference(numBeams, { maxNewTokens: 3 }), `beams ${numBeams}, 3 new tokens`);
    assert.ok(got.every((r) => r.tokens.length <= 3));
    assert.equal(g.stats.unfinished, got.filter((r) => !r.finished).length);
    assert.ok(g.stats.unfinished > 0);
    await g.dispose();
  }
  const plain = reference(4);
  let changed = 0;
  for (const lengthPenalty of [0.5, 2]) {
    const g = await loadSeq2SeqGenerator({ model, lengthPenalty, batchSize: 4 });
    const want = reference(4, { lengthPenalty });
    assertSame(await g.generateDetailed(questions, answers), want, `length penalty ${lengthPenalty}`);
    changed += want.filter((r, i) => r.text !== plain[i].text).length;
    await g.dispose();
  }
  assert.ok(changed > 0, "the length penalty changes no output on this model");
});

test("inputs are truncated to maxInputTokens keeping the end-of-sequence token", async () => {
  const g = await loadSeq2SeqGenerator({ model, maxInputTokens: 8, batchSize: 3 });
  const long = LONG;
  const enc = g.encodeInput(questions[long], answers[long]);
  assert.equal(enc.ids.length, 8);
  assert.equal(enc.ids[7], EOS_ID);
  assert.equal(enc.truncated, true);
  assert.deepEqual(enc, referenceEncodeInput(questions[long], answers[long], 8));
  assert.deepEqual(g.encodeInput("What is the sun?", "A star"), referenceEncodeInput("What is the sun?", "A star", 8));
  const got = await g.generateDetailed(questions, answers);
  const want = reference(4, { maxInputTokens: 8 });
  assertSame(got, want, "max 8 input tokens");
  assert.equal(g.stats.truncatedInputs, got.filter((r) => r.truncated).length);
  assert.notEqual(want[long].text, reference(4)[long].text, "truncation should change this input's statement");
  await g.dispose();
  // Too small a limit to hold any text beside </s> is refused at load time.
  await assert.rejects(loadSeq2SeqGenerator({ model, maxInputTokens: 1 }), /maxInputTokens 1 leaves no room/);
});

test("white space is collapsed, order is kept, progress is reported", async () => {
  assert.equal(statementInput("  What is\n the   sun? ", "\tA  star "), "question: What is the sun? answer: A star");
  const g = await loadSeq2SeqGenerator({ model, batchSize: 3 });
  const [messy, clean] = await g.generate(["  What is\n the   sun? ", "What is the sun?"], ["\tA  star ", "A star"]);
  assert.equal(messy, clean);
  const progress: [number, number][] = [];
  const reversed = await g.generate([...questions].reverse(), [...answers].reverse(), (d, t) => progress.push([d, t]));
  assert.deepEqual(
    reversed,
    reference(4)
      .map((r) => r.text)
      .reverse(),
  );
  assert.deepEqual(progress, [
    [3, 11],
    [6, 11],
    [9, 11],
    [11, 11],
  ]);
  assert.deepEqual(await g.generate([], []), []);
  await g.dispose();
  await assert.rejects(g.generate(["q"], ["a"]), /disposed/);
});

test("clear errors: folders, files, configs, inputs, options", async () => {
  await assert.rejects(loadSeq2SeqGenerator({ model: join(root, "nowhere") }), /seq2seq model folder ".*nowhere" not found/);
  const broken = join(root, "broken");
  cpSync(model, broken, { recursive: true });
  rmSync(join(broken, "tokenizer.json"));
  rmSync(join(broken, "onnx", "decoder_model_merged.onnx"));
  await assert.rejects(loadSeq2SeqGenerator({ model: broken }), (err: Error) => {
    assert.match(err.message, /lacks tokenizer\.json, onnx\/decoder_model_merged\.onnx \(dtype fp32\)/);
    return true;
  });
  await assert.rejects(
    loadSeq2SeqGenerator({ model, dtype: "fp16" }),
    /lacks onnx\/encoder_model_fp16\.onnx, onnx\/decoder_model_merged_fp16\.onnx/,
  );
  const bert = join(root, "bert");
  cpSync(model, bert, { recursive: true });
  const config = JSON.parse(readFileSync(join(bert, "config.json"), "utf8"));
  writeFileSync(join(bert, "config.json"), JSON.stringify({ ...config, model_type: "bert", is_encoder_decoder: false }));
  await assert.rejects(loadSeq2SeqGenerator({ model: bert }), /model_type "bert", which is not a seq2seq \(encoder-decoder\) model/);
  writeFileSync(join(bert, "config.json"), JSON.stringify({ ...config, model_type: "bart" }));
  await assert.rejects(loadSeq2SeqGenerator({ model: bert }), /model_type "bart"; capqa's seq2seq decoder drives t5 and mt5 exports only/);
  await assert.rejects(loadSeq2SeqGenerator({ model, numBeams: 0 }), /numBeams must be a positive integer/);
  await assert.rejects(loadSeq2SeqGenerator({ model, batchSize: 1.5 }), /batchSize must be a positive integer/);
  await assert.rejects(loadSeq2SeqGenerator({ model, dtype: "int4" as "fp32" }), /unknown dtype "int4"/);
  const g = await loadSeq2SeqGenerator({ model });
  await assert.rejects(g.generate(["a", "b"], ["c"]), /2 questions but 1 answers/);
  await assert.rejects(g.generate(["a", 3 as unknown as string], ["b", "c"]), /question 1 is number, not a string/);
  await assert.rejects(g.generate(["a"], [null as unknown as string]), /answer 0 is null, not a string/);
  await assert.rejects(g.generate("a" as unknown as string[], ["b"]), /must be arrays of strings/);
  await g.dispose();
});

test("a model named models/NAME is found inside modelsDir, and generation_config.json settings it cannot apply are reported", async () => {
  const noted = join(root, "noted");
  cpSync(model, noted, { recursive: true });
  writeFileSync(
    join(noted, "generation_config.json"),
    JSON.stringify({ decoder_start_token_id: 0, eos_token_id: 1, pad_token_id: 0, no_repeat_ngram_size: 3, early_stopping: true }),
  );
  const lines: string[] = [];
  const g = await loadSeq2SeqGenerator({ model: "noted", modelsDir: root, log: (l) => lines.push(l) });
  assert.equal(g.modelDir, noted);
  assert.ok(
    lines.some((l) => /no_repeat_ngram_size=3, early_stopping=true, which capqa's decoder does not apply/.test(l)),
    lines.join("\n"),
  );
  await g.dispose();
});

// ---------------------------------------------------------------- issue 22, item 9 (part of the fault matrix)

/**
 * Tokens past the default 128-token limit that the tiny model's input for (q, a) loses: its text tokens beyond 127 (one place is </s>'s).
 */
function droppedTokens(q: string, a: string): number {
  return Math.max(0, referenceTokenize(statementInput(q, a)).length - 127);
}

test("an input past the model's 128 tokens is flagged, its doubt says how many tokens were dropped, and the tally counts it", async () => {
  const long = "water travels through the stem of a plant because of heat from the sun ".repeat(20).trim();
  const qs = ["What is the sun?", "What moves water?", "What moves it?"];
  const as = ["A star", long, `${long} ${long}`];
  const dropped = qs.map((q, i) => droppedTokens(q, as[i]));
  assert.equal(dropped[0], 0);
  assert.ok(dropped[1] > 50 && dropped[2] > dropped[1], `dropped ${dropped}`);
  const engine = await loadStatementGenerator(model, { batchSize: 2 });
  const made = await engine.generateDetailed(qs, as);
  await engine.dispose();
  for (const i of [1, 2]) {
    assert.equal(made[i].flagged, true, `row ${i} (${dropped[i]} tokens dropped) is not flagged`);
    assert.ok(
      made[i].doubts.includes(`input truncated (${dropped[i]} tokens past the 128-token limit dropped)`),
      made[i].doubts.join("; "),
    );
    assert.equal(made[i].truncated, true);
  }
  assert.equal(made[0].truncated, false);
  assert.ok(!made[0].doubts.some((d) => d.startsWith("input truncated")));
  const tally = tallyStatements(made);
  assert.equal(tally.truncated, 2);
  assert.equal(tally.doubts.get("input truncated"), 2);
});

test("capqa statements generate with a model: truncated inputs flagged in the rows and counted in the summary", () => {
  const dir = join(root, "truncation-cli");
  const input = join(dir, "in.csv");
  const out = join(dir, "out.csv");
  const long = "the sun is a star and the earth is a rock ".repeat(30).trim();
  cpSync(model, join(dir, "model"), { recursive: true });
  writeFileSync(
    input,
    toCsv(
      ["question", "answer"],
      [
        { question: "What is the sun?", answer: "A star" },
        { question: "What is the sun?", answer: long },
      ],
    ),
  );
  const r = spawnSync(
    process.execPath,
    ["dist/cli/main.js", "statements", "generate", "--in", input, "--out", out, "--generator", join(dir, "model"), "--json", "--quiet"],
    { encoding: "utf8" },
  );
  assert.equal(r.status, 0, r.stderr);
  const t = parseCsv(readFileSync(out, "utf8"));
  const col = (name: string) => t.header.indexOf(name);
  // (The toy model's statements are ill-formed, so the short row may be flagged too, for that.)
  assert.doesNotMatch(t.records[0].fields[col("statement_doubts")], /input truncated/);
  assert.equal(t.records[1].fields[col("statement_flagged")], "true", "the truncated row is flagged");
  assert.match(
    t.records[1].fields[col("statement_doubts")],
    new RegExp(`input truncated \\(${droppedTokens("What is the sun?", long)} tokens past the 128-token limit dropped\\)`),
  );
  const summary = JSON.parse(r.stdout) as { statements: { generated: number; truncated: number; doubts: Record<string, number> } };
  assert.equal(summary.statements.generated, 2);
  assert.equal(summary.statements.truncated, 1);
  assert.equal(summary.statements.doubts["input truncated"], 1);
  const text = spawnSync(
    process.execPath,
    ["dist/cli/main.js", "statements", "generate", "--in", input, "--out", join(dir, "out2.csv"), "--generator", join(dir, "model")],
    { encoding: "utf8" },
  );
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stderr, /1 input truncated/);
});
