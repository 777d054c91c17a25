/**
 * White space as Python's `str` methods and Rust's `char::is_whitespace` see it, where the
 * Python stacks capqa follows strip or split a text and JavaScript's `trim()` and `\s` would
 * differ: Python's `str.isspace()` also takes U+001C–U+001F and U+0085 and not U+FEFF; Rust's
 * (Unicode White_Space, what HF tokenizers' Strip normalizer and WhitespaceSplit pre-tokenizer
 * use) takes U+0085 and neither U+001C–U+001F nor U+FEFF; JavaScript's takes U+FEFF and neither.
 *
 * Stripping walks character codes from both ends (a regular expression anchored at the end
 * rescans every run of white space, quadratic in a long run).
 */

/** Python's `str.isspace()` for one UTF-16 code unit (every such character is in the BMP). */
function isPythonSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d) || (code >= 0x1c && code <= 0x1f);
  return code === 0x85 || isUnicodeSpaceAbove0x7f(code);
}

/** Rust's `char::is_whitespace` (the Unicode White_Space property) for one UTF-16 code unit. */
export function isRustSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return code === 0x85 || isUnicodeSpaceAbove0x7f(code);
}

/** The White_Space characters above U+00FF, and U+00A0: Python's sets and JavaScript's \s share them. */
export function isUnicodeSpaceAbove0x7f(code: number): boolean {
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** `text` without the leading and trailing characters `isSpace` accepts. */
export function stripBy(text: string, isSpace: (code: number) => boolean, left = true, right = true): string {
  let start = 0;
  let end = text.length;
  if (left) while (start < end && isSpace(text.charCodeAt(start))) start++;
  if (right) while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Python's `str.strip()` with no arguments. */
export function pyStrip(text: string): string {
  return stripBy(text, isPythonSpace);
}

/** Python's `str.rstrip()` with no arguments. */
export function pyRstrip(text: string): string {
  return stripBy(text, isPythonSpace, false, true);
}

/** Python's `str.split()` with no arguments: the runs of non-space characters. */
export function pySplit(text: string): string[] {
  return splitBy(text, isPythonSpace);
}

/** The runs of characters `isSpace` rejects (Rust's `split_whitespace` with isRustSpace). */
export function splitBy(text: string, isSpace: (code: number) => boolean): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    if (isSpace(text.charCodeAt(i))) {
      if (start >= 0) out.push(text.slice(start, i));
      start = -1;
    } else if (start < 0) start = i;
  }
  if (start >= 0) out.push(text.slice(start));
  return out;
}
