/**
 * JSON numbers as HF tokenizers' Rust core reads them. It parses tokenizer.json with serde_json
 * without the `float_roundtrip` feature: the digits are gathered into a u64 significand (the
 * ones past 19 or 20 digits dropped), converted to f64 once and then multiplied or divided by a
 * power of ten, so a decimal can end one unit in the last place away from the nearest double
 * (t5-small's tokenizer.json: 8,334 of 32,100 Unigram scores). Two segmentations whose scores
 * tie in exact arithmetic are then told apart by that last bit ("as____________:" in T5), so a
 * Unigram model reproduces the Python stack's tokens only with the Rust core's scores.
 *
 * parseJsonAsRust parses a whole JSON text that way (numbers with a fraction or an exponent, and
 * integers, all as the f64 serde_json gives a field typed f64).
 */

const U64_MAX = 18446744073709551615n;
const U64_MAX_DIV_10 = U64_MAX / 10n;
const U64_MAX_MOD_10 = U64_MAX % 10n;

/** serde_json's POW10 table: 1e0 … 1e308, each the nearest double. */
const POW10: number[] = Array.from({ length: 309 }, (_, k) => Number(`1e${k}`));

/** serde_json's f64_from_parts (no float_roundtrip): significand as f64, then one multiplication or division by a power of ten. */
function f64FromParts(positive: boolean, significand: bigint | number, exponent: number): number {
  let f = Number(significand); // u64 → f64: nearest, ties to even, as Rust's `as f64`
  for (;;) {
    const pow = POW10[Math.abs(exponent)];
    if (pow !== undefined) {
      if (exponent >= 0) {
        f *= pow;
        if (!Number.isFinite(f)) throw new RangeError("number out of range");
      } else f /= pow;
      break;
    }
    if (f === 0) break;
    if (exponent >= 0) throw new RangeError("number out of range");
    f /= 1e308;
    exponent += 308;
  }
  return positive ? f : -f;
}

const SIMPLE_NUMBER = /^(-?)(0|[1-9]\d{0,18})(?:\.(\d{1,19}))?(?:[eE]([+-]?\d{1,4}))?$/;
const LEADING_ZEROS = /^0+/;

/** A JSON number literal's value as serde_json gives a field typed f64 (the literal must be valid JSON). */
export function rustJsonNumber(literal: string): number {
  // Up to 19 significant digits a u64 holds them all: the significand is the digits, read once.
  const parts = SIMPLE_NUMBER.exec(literal);
  if (parts) {
    const [, sign, whole, fraction = "", exp] = parts;
    const digits = (whole + fraction).replace(LEADING_ZEROS, "");
    if (digits.length <= 19) {
      if (fraction === "" && exp === undefined) return Number(literal);
      const significand = digits.length <= 15 ? Number(digits) : BigInt(digits);
      return f64FromParts(sign === "", significand, Number(exp ?? 0) - fraction.length);
    }
  }
  let i = 0;
  const positive = literal[0] !== "-";
  if (!positive) i++;
  let significand = 0n;
  let exponent = 0;
  const digit = () => literal.charCodeAt(i) - 48;
  const isDigit = () => i < literal.length && digit() >= 0 && digit() <= 9;
  /** serde_json's overflow! check: whether significand × 10 + d passes u64::MAX. */
  const overflows = (d: bigint) => significand > U64_MAX_DIV_10 || (significand === U64_MAX_DIV_10 && d > U64_MAX_MOD_10);
  // Integer digits past a full u64 only scale the value (parse_long_integer).
  let longInteger = false;
  for (; isDigit(); i++) {
    const d = BigInt(digit());
    if (longInteger || overflows(d)) {
      longInteger = true;
      exponent++;
    } else significand = significand * 10n + d;
  }
  let isFloat = longInteger;
  if (literal[i] === ".") {
    isFloat = true;
    i++;
    // Fraction digits past a full u64 are dropped (parse_decimal_overflow).
    let dropping = false;
    for (; isDigit(); i++) {
      const d = BigInt(digit());
      if (dropping || overflows(d)) dropping = true;
      else {
        significand = significand * 10n + d;
        exponent--;
      }
    }
  }
  if (literal[i] === "e" || literal[i] === "E") {
    isFloat = true;
    i++;
    let sign = 1;
    if (literal[i] === "+") i++;
    else if (literal[i] === "-") (sign = -1), i++;
    let e = 0;
    while (isDigit()) {
      e = Math.min(e * 10 + digit(), 1e9); // saturating, as serde_json's i32 arithmetic
      i++;
    }
    exponent += sign * e;
  }
  if (!isFloat) return positive ? Number(significand) : -Number(significand);
  return f64FromParts(positive, significand, exponent);
}

/** JSON.parse, with every number as HF tokenizers' Rust core reads an f64 (see the top of this file). */
export function parseJsonAsRust(text: string): unknown {
  let i = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at position ${i} of the JSON text`);
  };
  const space = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else return;
    }
  };
  const stringLiteral = (): string => {
    const start = i;
    const close = text.indexOf('"', start + 1);
    if (close < 0) fail("unterminated string");
    const raw = text.slice(start + 1, close);
    if (!raw.includes("\\")) {
      i = close + 1;
      return raw;
    }
    i = start + 1;
    for (;;) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c)) fail("unterminated string");
      if (c === 0x5c) i += 2;
      else if (c === 0x22) break;
      else i++;
    }
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): unknown => {
    space();
    const c = text[i];
    if (c === "{") {
      i++;
      const out: Record<string, unknown> = {};
      space();
      if (text[i] === "}") return (i++, out);
      for (;;) {
        space();
        if (text[i] !== '"') fail("expected a key");
        const key = stringLiteral();
        space();
        if (text[i] !== ":") fail("expected ':'");
        i++;
        out[key] = value();
        space();
        if (text[i] === ",") i++;
        else if (text[i] === "}") return (i++, out);
        else fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      i++;
      const out: unknown[] = [];
      space();
      if (text[i] === "]") return (i++, out);
      for (;;) {
        out.push(value());
        space();
        if (text[i] === ",") i++;
        else if (text[i] === "]") return (i++, out);
        else fail("expected ',' or ']'");
      }
    }
    if (c === '"') return stringLiteral();
    if (text.startsWith("true", i)) return ((i += 4), true);
    if (text.startsWith("false", i)) return ((i += 5), false);
    if (text.startsWith("null", i)) return ((i += 4), null);
    const m = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    m.lastIndex = i;
    const hit = m.exec(text);
    if (!hit) return fail("unexpected character");
    i += hit[0].length;
    return rustJsonNumber(hit[0]);
  };
  const out = value();
  space();
  if (i !== text.length) fail("unexpected text after the value");
  return out;
}
