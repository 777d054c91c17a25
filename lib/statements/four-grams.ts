/**
 * 4-grams (four words in a row) of a list of words, and words said twice, found with numbers
 * rather than strings: the checks ask of every statement whether a 4-gram or a word repeats, and
 * most statements repeat none. Each word gets a hash code (`wordCode`); a 4-gram's
 * four codes are hashed into a table reused from call to call, and words are compared as
 * strings only where their codes agree. Nothing is allocated per call once the tables are big
 * enough.
 */

/** A hash of a word's characters (FNV-1a): equal words share it, and unequal ones almost never do, so words compare as numbers. */
function wordCode(w: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 0x01000193);
  return h;
}

/**
 * The tables of the last call, grown as needed: the words' codes, the hash table, and each distinct 4-gram's first and last position
 * and count.
 */
let codes = new Int32Array(64);
let slots = new Int32Array(256);
let firsts = new Int32Array(64);
let lasts = new Int32Array(64);
let counts = new Int32Array(64);
/** Which distinct 4-gram starts at each position of the last scan. */
let gramAt = new Int32Array(64);

/**
 * The distinct 4-grams `scanFourGrams` found: `first[g]` and `last[g]` are where 4-gram g first and last occurs, `count[g]` how often
 * (valid until the next scan).
 */
export interface FourGramTable {
  readonly size: number;
  readonly first: Int32Array;
  readonly last: Int32Array;
  readonly count: Int32Array;
}

/** Whether the 4-grams of `words` at `i` and `j` are the same words (codes first). */
function sameFourGram(words: readonly string[], i: number, j: number): boolean {
  return (
    codes[i] === codes[j] &&
    codes[i + 1] === codes[j + 1] &&
    codes[i + 2] === codes[j + 2] &&
    codes[i + 3] === codes[j + 3] &&
    words[i] === words[j] &&
    words[i + 1] === words[j + 1] &&
    words[i + 2] === words[j + 2] &&
    words[i + 3] === words[j + 3]
  );
}

/**
 * The distinct 4-grams of `words` with where each first occurs and how often; with `stopAtRepeat`, undefined as soon as one occurs
 * a second time. The table is shared: read it before the next scan.
 */
function scanFourGrams(words: readonly string[], stopAtRepeat: boolean): FourGramTable | undefined {
  const grams = words.length - 3;
  if (grams <= 0) return { size: 0, first: firsts, last: lasts, count: counts };
  if (codes.length < words.length) codes = new Int32Array(2 * words.length);
  if (firsts.length < grams) {
    firsts = new Int32Array(2 * grams);
    lasts = new Int32Array(2 * grams);
    counts = new Int32Array(2 * grams);
    gramAt = new Int32Array(2 * grams);
  }
  let tableSize = 256;
  while (tableSize < 2 * grams) tableSize *= 2;
  if (slots.length < tableSize) slots = new Int32Array(tableSize);
  slots.fill(0, 0, tableSize);
  const mask = tableSize - 1;
  for (let i = 0; i < words.length; i++) codes[i] = wordCode(words[i]);
  let size = 0;
  for (let i = 0; i < grams; i++) {
    let slot = Math.imul(codes[i] ^ Math.imul(codes[i + 1] ^ Math.imul(codes[i + 2] ^ Math.imul(codes[i + 3], 31), 31), 31), 0x9e3779b1);
    slot = (slot ^ (slot >>> 15)) & mask;
    for (;;) {
      const entry = slots[slot];
      if (entry === 0) {
        slots[slot] = size + 1;
        firsts[size] = i;
        lasts[size] = i;
        counts[size] = 1;
        gramAt[i] = size;
        size++;
        break;
      }
      if (sameFourGram(words, firsts[entry - 1], i)) {
        if (stopAtRepeat) return undefined;
        lasts[entry - 1] = i;
        counts[entry - 1]++;
        gramAt[i] = entry - 1;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return { size, first: firsts, last: lasts, count: counts };
}

/** Whether a word of `minLength` characters or more occurs twice or more in `words` (hashed into the same reused table). */
export function repeatsWord(words: readonly string[], minLength: number): boolean {
  let tableSize = 256;
  while (tableSize < 2 * words.length) tableSize *= 2;
  if (slots.length < tableSize) slots = new Int32Array(tableSize);
  slots.fill(0, 0, tableSize);
  if (codes.length < words.length) codes = new Int32Array(2 * words.length);
  const mask = tableSize - 1;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w.length < minLength) continue;
    const code = wordCode(w);
    codes[i] = code;
    let slot = Math.imul(code, 0x9e3779b1);
    slot = (slot ^ (slot >>> 15)) & mask;
    for (;;) {
      const entry = slots[slot];
      if (entry === 0) {
        slots[slot] = i + 1;
        break;
      }
      if (codes[entry - 1] === code && words[entry - 1] === w) return true;
      slot = (slot + 1) & mask;
    }
  }
  return false;
}

/** Whether some 4-gram occurs twice or more in `words`. */
export function repeatsFourGramIn(words: readonly string[]): boolean {
  return words.length >= 5 && scanFourGrams(words, true) === undefined;
}

/** The distinct 4-grams of `words`, each with its first and last position and count (the table is shared: read it before the next call). */
export function distinctFourGrams(words: readonly string[]): FourGramTable {
  return scanFourGrams(words, false) as FourGramTable;
}

/** Put between two texts' words: no text has it as a word (words are runs of letters, digits and apostrophes), so no 4-gram spans two texts. */
const TEXT_BREAK = " ";

/**
 * The distinct 4-grams of several texts' words, read one text after the other (`first` and `last` are places in that sequence, where
 * each text but the last is followed by one break), with how often each occurs in each text: `inText[g * texts.length + t]` for
 * 4-gram g in text t. One hashed scan, no string key: the checks compare a statement's 4-grams with its question's and answer's.
 * The tables are shared: read them before the next scan.
 */
export interface FourGramsByText extends FourGramTable {
  readonly inText: Int32Array;
  /** Where each text's words start in the sequence. */
  readonly starts: readonly number[];
}

let inText = new Int32Array(64);

export function fourGramsByText(texts: readonly (readonly string[])[]): FourGramsByText {
  const words: string[] = [];
  const starts: number[] = [];
  for (const text of texts) {
    if (starts.length > 0) words.push(TEXT_BREAK);
    starts.push(words.length);
    for (const w of text) words.push(w);
  }
  const table = scanFourGrams(words, false) as FourGramTable;
  const n = texts.length;
  if (inText.length < table.size * n) inText = new Int32Array(2 * table.size * n);
  inText.fill(0, 0, table.size * n);
  // Each place's 4-gram counted for the text it starts in (one that spans a break starts in the text before it, never the last).
  let t = 0;
  for (let i = 0; i + 4 <= words.length; i++) {
    while (t + 1 < n && i >= starts[t + 1]) t++;
    inText[gramAt[i] * n + t]++;
  }
  return { ...table, inText, starts };
}

/** How often the 4-gram of `words` at `at` occurs in `text` (the words of another text). */
export function fourGramOccurrences(text: readonly string[], words: readonly string[], at: number): number {
  let n = 0;
  const a = words[at];
  const b = words[at + 1];
  const c = words[at + 2];
  const d = words[at + 3];
  for (let i = 0; i + 4 <= text.length; i++) if (text[i] === a && text[i + 1] === b && text[i + 2] === c && text[i + 3] === d) n++;
  return n;
}

/** The key `fourGramCounts` gives the 4-gram of `words` at `at`: its words joined by spaces. */
export function fourGramKey(words: readonly string[], at: number): string {
  return `${words[at]} ${words[at + 1]} ${words[at + 2]} ${words[at + 3]}`;
}

/** How often each 4-word sequence occurs in `words` (keys: the four words joined by spaces). */
export function fourGramCounts(words: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i + 4 <= words.length; i++) {
    const k = fourGramKey(words, i);
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}
