/**
 * A worker thread for test/faults-text.test.ts: runs the built-in reformulator on one long text
 * and reports the result, what the tagger (wink-nlp) was handed, and timings at two sizes. It
 * runs apart so that the test can give up on a case that does not finish (a quadratic pass over
 * a megabyte takes half an hour) by terminating the thread, which a synchronous call in the
 * test's own thread would not allow.
 *
 * The tagger is watched by replacing wink-nlp in require's cache before lib/statements/nlp.ts
 * loads it: every text its readDoc is given is counted (characters, longest run without white
 * space).
 */
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { parentPort } from "node:worker_threads";

export interface ProbeRequest {
  /** What the text is: the answer (question fixed) or the question (answer fixed). */
  readonly role: "answer" | "question";
  /** The unit repeated to make the text. */
  readonly unit: string;
  /** Characters of the text checked. */
  readonly size: number;
  /** Smaller size timed against `size`. */
  readonly smallSize: number;
}

export interface ProbeReply {
  readonly statement: string;
  readonly flagged: boolean;
  readonly doubts: readonly string[];
  /** The text's length after white space is collapsed. */
  readonly collapsedLength: number;
  readonly tagger: { texts: number; chars: number; longest: number; longestRun: number };
  /** Best of five timings (a run that a loaded machine delays is outvoted), interleaved, in seconds. */
  readonly smallSeconds: number;
  readonly bigSeconds: number;
}

const seen = { texts: 0, chars: 0, longest: 0, longestRun: 0 };

function longestRun(text: string): number {
  let best = 0;
  for (const m of text.matchAll(/\S+/g)) if (m[0].length > best) best = m[0].length;
  return best;
}

// `node --test dist/test/` also runs this file (it lies under test/), in no worker: it does nothing then.
if (parentPort) {
  const require = createRequire(resolve("lib/statements/nlp.js"));
  const id = require.resolve("wink-nlp");
  const winkNLP = require(id) as (...args: unknown[]) => { readDoc(text: string): unknown };
  const watched = (...args: unknown[]) => {
    const nlp = winkNLP(...args);
    const readDoc = nlp.readDoc.bind(nlp);
    nlp.readDoc = (text: string) => {
      seen.texts++;
      seen.chars += text.length;
      seen.longest = Math.max(seen.longest, text.length);
      seen.longestRun = Math.max(seen.longestRun, longestRun(text));
      return readDoc(text);
    };
    return nlp;
  };
  require.cache[id]!.exports = Object.assign(watched, winkNLP);
}

const { reformulate } = await import("../../lib/statements/builtin.js");
const { warmUpNlp } = await import("../../lib/statements/nlp.js");
if (parentPort) warmUpNlp();

/** `unit` repeated to `n` characters, never ending inside a surrogate pair. */
export function repeatTo(unit: string, n: number): string {
  const s = unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
  return /[\ud800-\udbff]$/.test(s) ? s.slice(0, -1) : s;
}

let call = 0;
/** The reformulator on a fresh pair (its results are memoised per question and answer). */
function run(p: ProbeRequest, text: string) {
  call++;
  return p.role === "answer" ? reformulate(`What is item ${call}?`, text) : reformulate(`${text} What is item ${call}?`, "blue");
}

function seconds(f: () => void): number {
  const t = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t) / 1e9;
}

parentPort?.on("message", (p: ProbeRequest) => {
  const text = repeatTo(p.unit, p.size);
  Object.assign(seen, { texts: 0, chars: 0, longest: 0, longestRun: 0 });
  const r = run(p, text);
  const tagger = { ...seen };
  const small = repeatTo(p.unit, p.smallSize);
  let smallSeconds = Infinity;
  let bigSeconds = Infinity;
  for (let k = 0; k < 5; k++) {
    smallSeconds = Math.min(
      smallSeconds,
      seconds(() => run(p, small)),
    );
    bigSeconds = Math.min(
      bigSeconds,
      seconds(() => run(p, text)),
    );
  }
  const reply: ProbeReply = {
    statement: r.statement,
    flagged: r.flagged,
    doubts: r.doubts,
    collapsedLength: text.replace(/\s+/g, " ").trim().length,
    tagger,
    smallSeconds,
    bigSeconds,
  };
  parentPort?.postMessage(reply);
});
