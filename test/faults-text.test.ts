/**
 * Part of the fault matrix (see faults.test.ts): text that attacks the tools reading it. Issue 22:
 * the built-in statement generator on megabyte runs of punctuation (linear time, the row flagged,
 * nothing but blank markers dropped), CSV cells a spreadsheet would run as formulas (the
 * `formulaGuard` option / --csv-formula-guard), and an API key echoed by an LLM in base64.
 *
 * Linear time is checked by work, not by the clock, where the work can be seen: the tagger
 * (wink-nlp) is wrapped to record every text it is handed, and must never see more than a bounded
 * amount per row nor a run without spaces longer than its bound. capqa's own regular expressions
 * cannot be counted, so each case also runs under two loose clocks. (1) The whole case (one run
 * of 1 MiB, then three of 64 KiB and three of 1 MiB) must finish within ROW_LIMIT_S = 60 s in a
 * worker thread (test/support/reformulate-probe.ts, terminated past the limit, so that a quadratic
 * case fails by name instead of hanging the suite for half an hour); a linear pass over 1 MiB takes
 * well under a second here, the quadratic ones took from 15 s to half an hour. (2) 1 MiB may take
 * at most 100 times as long as 64 KiB (best of three each, interleaved, 64 KiB counted as at least
 * 2 ms): a quadratic pass takes 256 times as long for 16 times the text, a linear one 1 to 30 times
 * as measured here (V8's global replace and its heap are cheaper per character while the strings
 * are small; from 1 MiB on the cost per character is flat, measured up to 16 MiB).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { parseCsv, toCsv } from "../lib/data/csv.js";
import { reformulate } from "../lib/statements/builtin.js";
import type { ProbeReply, ProbeRequest } from "./support/reformulate-probe.js";

const CLI = resolve("dist/cli/main.js");
const root = mkdtempSync(join(tmpdir(), "capqa-faults-text-"));
const MIB = 1 << 20;
/** Seconds a 1 MiB case may take in all (one run, then two timed runs at each size). */
const ROW_LIMIT_S = 60;

// ---------------------------------------------------------------- item 8: runs of punctuation

let worker: Worker | undefined;

/** One case in the probe worker; a case past ROW_LIMIT_S terminates the worker (a new one serves the next case). */
async function probe(p: ProbeRequest): Promise<ProbeReply> {
  worker ??= new Worker(new URL("./support/reformulate-probe.js", import.meta.url));
  const w = worker;
  w.unref();
  try {
    return await new Promise<ProbeReply>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`a ${p.size}-character ${p.role} of ${JSON.stringify(p.unit)} runs did not finish within ${ROW_LIMIT_S} s`)), ROW_LIMIT_S * 1000);
      w.once("message", (m: ProbeReply) => (clearTimeout(timer), done(m)));
      w.once("error", (e) => (clearTimeout(timer), fail(e)));
      w.postMessage(p);
    });
  } catch (e) {
    worker = undefined;
    await w.terminate();
    throw e;
  }
}

/** Answers made of one unit repeated: the four shapes the issue names first, then others of the same families. */
const ANSWER_SHAPES: [string, string][] = [
  ["dashes", "-"],
  ["dots", "."],
  ["x-", "x-"],
  ["'s", "'s"],
  ["!?", "!?"],
  ["dots with spaces", "... "],
  ["unicode ellipsis", "…"],
  ["dotted digits", "1."],
  ["em dashes", "—"],
  ["double dashes with spaces", "-- "],
  ["emoji", "😀"],
  ["one long word", "a"],
  ["URL-like", "http://a.b/"],
  ["e-mail-like", "a@b."],
  ["mixed punctuation", "-.x'@!?/,;:"],
  ["abbreviations", "Mr. A "],
  ["initials", "A."],
  ["words without a verb", "big red "],
  ["question marks", "? "],
  ["underscores", "_"],
  ["brackets", "( ) "],
  ["numbered list", "1. a\n"],
  ["bullets", "- a\n"],
  ["white space", " \t\n "],
  ["possessives with spaces", "x's "],
  ["sentences", "It is blue. "],
  ["yes and a run", "Yes, -x-"],
];

/** Shapes whose text finish() removes by design (blank markers: runs of 3+ dashes, 2+ underscores, empty brackets) or that are only white space. */
const REMOVED = new Set(["dashes", "underscores", "brackets", "white space"]);
/** Shapes whose first sentence ends within the bound (or that are empty): the statement is made as before, with no doubt added. */
const NOT_FLAGGED = new Set(["white space", "sentences"]);

/** What every long case must show: a bounded tagger, a linear time, a well-formed statement on one line. */
function assertBounded(r: ProbeReply): void {
  assert.ok(r.tagger.chars <= 64_000, `the tagger read ${r.tagger.chars} characters for one row`);
  assert.ok(r.tagger.longestRun <= 200, `the tagger read a run of ${r.tagger.longestRun} characters without a space`);
  assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(r.statement), "no lone surrogate: the statement is well-formed UTF-16");
  assert.ok(!/[\n\r\t]/.test(r.statement), "one line");
  const ratio = r.bigSeconds / Math.max(r.smallSeconds, 2e-3);
  assert.ok(ratio < 100, `1 MiB took ${r.bigSeconds.toFixed(3)} s, 64 KiB ${r.smallSeconds.toFixed(3)} s: ${ratio.toFixed(1)} times as long for 16 times the text`);
}

for (const [name, unit] of ANSWER_SHAPES) {
  test(`a 1 MiB answer of ${name} (${JSON.stringify(unit)} repeated): linear time, the tagger sees a bounded text, the row flagged, nothing dropped`, { timeout: 300_000 }, async () => {
    const r = await probe({ role: "answer", unit, size: MIB, smallSize: 64 * 1024 });
    assertBounded(r);
    if (NOT_FLAGGED.has(name)) assert.ok(!r.doubts.some((d) => d.startsWith("answer too long")), `doubts: ${r.doubts.join("; ")}`);
    else {
      assert.equal(r.flagged, true);
      assert.ok(
        r.doubts.some((d) => /^answer too long \(1048576 characters, the first \d+ analysed, the rest follows the statement\)$/.test(d)),
        `doubts: ${r.doubts.join("; ")}`,
      );
    }
    if (!REMOVED.has(name)) assert.ok(r.statement.length >= 0.5 * r.collapsedLength, `statement of ${r.statement.length} characters`);
    // The answer's last sentence, cut at 1 MiB ("… It is blue. It i"), ends the statement.
    if (name === "sentences") assert.ok(r.statement.endsWith(`${unit.repeat(Math.ceil(MIB / unit.length)).slice(MIB - 30, MIB)}.`), r.statement.slice(-40));
  });
}

/**
 * Questions: a long run, then " What is item N?". Whether the final sentence is the whole run (not
 * parsed: the colon form) depends on the shape: dashes make a blank (filled in place, no parse),
 * dots and sentences end before the final question (a long context, copied).
 */
const QUESTION_SHAPES: [string, string, boolean][] = [
  ["dashes", "-", false],
  ["dots", ".", false],
  ["x-", "x-", true],
  ["'s", "'s", true],
  ["words without a verb", "big red ", true],
  ["sentences ending in a question", "It is blue. ", false],
  ["abbreviations", "Mr. A ", true],
  ["URL-like", "http://a.b/", true],
];

for (const [name, unit, colon] of QUESTION_SHAPES) {
  test(`a 1 MiB question of ${name} (${JSON.stringify(unit)} repeated): linear time, the tagger sees a bounded text${colon ? ", the row flagged" : ""}`, { timeout: 300_000 }, async () => {
    const r = await probe({ role: "question", unit, size: MIB, smallSize: 64 * 1024 });
    assertBounded(r);
    if (colon) {
      assert.equal(r.flagged, true);
      assert.ok(
        r.doubts.some((d) => /^question too long to parse \(final sentence of \d+ characters, colon form\)$/.test(d)),
        `doubts: ${r.doubts.join("; ")}`,
      );
      assert.ok(r.statement.endsWith(": blue."), r.statement.slice(-40));
    } else assert.ok(!r.doubts.some((d) => d.includes("too long")), `doubts: ${r.doubts.join("; ")}`);
  });
}

test("capqa statements generate: four 1 MiB answers (-, ., x-, 's runs) finish, each row flagged and counted in the summary", { timeout: 300_000 }, () => {
  const input = join(root, "runs.csv");
  const shapes = ["-", ".", "x-", "'s"];
  writeFileSync(
    input,
    toCsv(
      ["question", "answer"],
      shapes.map((u) => ({ question: "What is it?", answer: u.repeat(MIB / u.length) })),
    ),
  );
  const out = join(root, "runs-statements.csv");
  const r = spawnSync(process.execPath, [CLI, "statements", "generate", "--in", input, "--out", out, "--json", "--quiet"], { encoding: "utf8", timeout: 280_000, killSignal: "SIGKILL" });
  assert.equal(r.status, 0, r.stderr);
  const summary = JSON.parse(r.stdout) as { statements: { generated: number; flagged: number; doubts: Record<string, number> } };
  assert.equal(summary.statements.generated, 4);
  assert.equal(summary.statements.flagged, 4);
  assert.equal(summary.statements.doubts["answer too long"], 4);
  const t = parseCsv(readFileSync(out, "utf8"));
  const doubts = t.header.indexOf("statement_doubts");
  for (const rec of t.records) assert.match(rec.fields[doubts], /answer too long \(1048576 characters/);
});

test("ordinary answers are analysed whole: no bound reached, no doubt added", () => {
  const long = "Water evaporates from the sea. ".repeat(120); // 3,720 characters, many sentences
  const r = reformulate("What happens to water?", long);
  assert.ok(!r.doubts.some((d) => /too long/.test(d)), r.doubts.join("; "));
  assert.ok(r.statement.endsWith("Water evaporates from the sea."));
});
