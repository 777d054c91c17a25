/**
 * Numbers the docs state by hand, each found by the sentence around it and compared with what a
 * measurement gives: a claim is written as the docs' own text with the numbers as placeholders
 * (`` says("docs/data.md")`human labels for ${count(n)} rows` ``), so a reworded sentence is reported as
 * missing rather than passed over, and a changed number is reported with its file and line.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** What one number of a claim must be. */
export type Expected =
  /** The docs show exactly this text (formatted as the docs format it). */
  | { readonly kind: "text"; readonly text: string }
  /** A bound the docs state ("≤ 3e-13"): the measurement lies under it, and it is at most twice the measurement. */
  | { readonly kind: "atMost"; readonly measured: number }
  /** A number found but not checked in this run (e.g. a 10,000-resample interval without --full), with why. */
  | { readonly kind: "unchecked"; readonly why: string };

/** A sentence (or table row) of a docs file with the numbers it states. */
export interface Claim {
  readonly file: string;
  /** The text between the numbers, as in the docs (white space matches any white space). */
  readonly parts: readonly string[];
  readonly numbers: readonly Expected[];
}

/** One number checked: where, what the docs say, what it must be. */
export interface ClaimFailure {
  readonly file: string;
  /** 1-based line of the number (of the sentence, for a claim not found). */
  readonly line?: number;
  readonly message: string;
}

export interface ClaimsResult {
  readonly checked: number;
  readonly unchecked: { readonly file: string; readonly line: number; readonly stated: string; readonly why: string }[];
  readonly failures: ClaimFailure[];
}

/** A number as it may be written in the docs: signs, thousands separators, decimals, an exponent. */
const NUMBER = String.raw`([-+−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:e[-+]?\d+)?)`;

/** The exact text a number must have. */
export const text = (value: string): Expected => ({ kind: "text", text: value });
/** A bound the docs state for a measurement. */
export const atMost = (measured: number): Expected => ({ kind: "atMost", measured });
/** A number matched but not checked in this run. */
export const unchecked = (why: string): Expected => ({ kind: "unchecked", why });

/** Text of the docs put into a claim's template as it is, not as a number (a table row's label). */
export interface Literal {
  readonly literal: string;
}
export const literal = (text: string): Literal => ({ literal: text });

/** Writes a claim of `file` as a tagged template: literal text, the numbers as Expected values or their exact text. */
export function says(file: string) {
  return (strings: TemplateStringsArray, ...values: (Expected | Literal | string)[]): Claim => {
    const parts = [strings[0]];
    const numbers: Expected[] = [];
    values.forEach((v, i) => {
      if (typeof v === "object" && "literal" in v) parts[parts.length - 1] += v.literal + strings[i + 1];
      else {
        numbers.push(typeof v === "string" ? text(v) : v);
        parts.push(strings[i + 1]);
      }
    });
    return { file, parts, numbers };
  };
}

/** The claim's pattern: its text literally, any run of white space matching any run, each number a group. */
function claimPattern(claim: Claim): RegExp {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, String.raw`\s+`);
  return new RegExp(claim.parts.map(literal).join(NUMBER), "gd");
}

/** The claim's text with its numbers as "…", for messages. */
export function claimText(claim: Claim): string {
  return claim.parts.join("…").replace(/\s+/g, " ").trim();
}

const numberValue = (s: string) => Number(s.replace(/,/g, "").replace("−", "-"));

/** Why a stated number is not what the measurement gives, or undefined when it is. */
function mismatch(stated: string, expected: Expected): string | undefined {
  if (expected.kind === "text")
    return stated === expected.text ? undefined : `the docs say ${stated} where the measurement gives ${expected.text}`;
  if (expected.kind === "atMost") {
    const bound = numberValue(stated);
    const m = expected.measured;
    if (!(m <= bound)) return `the docs state the bound ${stated}, but the measurement is ${m.toPrecision(3)}, above it`;
    if (bound > 2 * m) return `the docs state the bound ${stated}, more than twice the measurement ${m.toPrecision(3)}: state it closer`;
  }
  return undefined;
}

/** Line (1-based) of a character offset. */
function lineAt(content: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (content.charCodeAt(i) === 10) line++;
  return line;
}

/** Checks every claim against the files under `root`; a claim whose text is not found is a failure too. */
export function checkClaims(root: string, claims: readonly Claim[]): ClaimsResult {
  const contents = new Map<string, string>();
  const read = (file: string) => contents.get(file) ?? contents.set(file, readFileSync(join(root, file), "utf8")).get(file)!;
  const failures: ClaimFailure[] = [];
  const skipped: ClaimsResult["unchecked"] = [];
  let checked = 0;
  for (const claim of claims) {
    const content = read(claim.file);
    const matches = [...content.matchAll(claimPattern(claim))];
    if (matches.length === 0) {
      failures.push({
        file: claim.file,
        message: `the sentence "${claimText(claim)}" is not there any more (reworded or moved? update scripts/docs-numbers/pages.ts with the docs)`,
      });
      continue;
    }
    for (const match of matches) {
      claim.numbers.forEach((expected, k) => {
        const stated = match[k + 1];
        const line = lineAt(content, match.indices![k + 1]![0]);
        if (expected.kind === "unchecked") {
          skipped.push({ file: claim.file, line, stated, why: expected.why });
          return;
        }
        checked++;
        const why = mismatch(stated, expected);
        if (why)
          failures.push({
            file: claim.file,
            line,
            message: `${why} (in "${excerpt(match[0], match.indices![k + 1]![0] - match.index!)}")`,
          });
      });
    }
  }
  return { checked, unchecked: skipped, failures };
}

/** About 100 characters of a matched sentence around a number, white space collapsed. */
function excerpt(sentence: string, at: number): string {
  const from = Math.max(0, at - 60);
  const to = Math.min(sentence.length, at + 40);
  return `${from > 0 ? "…" : ""}${sentence.slice(from, to).replace(/\s+/g, " ")}${to < sentence.length ? "…" : ""}`;
}
