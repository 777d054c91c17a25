/**
 * SentencePiece's precompiled character map, applied as HF tokenizers' Rust core applies it (its
 * Precompiled normalizer, from the `spm_precompiled` crate). transformers.js approximates the map
 * with NFKC and a few replacements; the map itself is what DeBERTa-v3's and T5's tokenizer.json
 * carry (`precompiled_charsmap`, base64): a Darts double-array trie over UTF-8 bytes, whose values
 * point into a blob of NUL-terminated replacement strings.
 *
 * The Rust core walks the text by extended grapheme cluster: a cluster shorter than 6 UTF-8
 * bytes whose bytes start with a key of the trie is replaced whole by the shortest such key's
 * replacement; any other cluster is replaced character by character (a character without a key
 * is kept). Clusters come from Intl.Segmenter, given SEGMENT_PIECE_CHARS characters of the text
 * at a time: its iterator's cost per cluster grows with the string's length (Node 20: 40 µs a
 * cluster in 60,000 characters, minutes for a text past 65,536), so a 150,000-character text took
 * minutes whole. Unicode's cluster rules (UAX #29) decide a boundary from the text before it and
 * the one character after it, so a boundary found before a piece's last two code units, the piece
 * starting at a boundary, is one of the whole text; the clusters after it are segmented again
 * with the next piece.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A SentencePiece precompiled charsmap (tokenizer.json's `precompiled_charsmap`, base64). */
export class PrecompiledCharsmap {
  private readonly units: Uint32Array;
  private readonly normalized: Uint8Array;
  /** The replacement of each ASCII character (index = code), or undefined when it has none. */
  private readonly ascii: (string | undefined)[] = [];
  /** Whether any printable ASCII character (U+0020–U+007E) has a replacement. */
  private readonly asciiMapped: boolean;

  constructor(base64: string) {
    const bytes = Buffer.from(base64, "base64");
    if (bytes.length < 4) throw new Error("precompiled_charsmap is shorter than its 4-byte header");
    const trieSize = bytes.readUInt32LE(0);
    if (trieSize % 4 !== 0 || 4 + trieSize > bytes.length)
      throw new Error(`precompiled_charsmap says its trie has ${trieSize} bytes; it holds ${bytes.length - 4}`);
    this.units = new Uint32Array(trieSize / 4);
    for (let k = 0; k < this.units.length; k++) this.units[k] = bytes.readUInt32LE(4 + 4 * k);
    this.normalized = new Uint8Array(bytes.subarray(4 + trieSize));
    let mapped = false;
    for (let c = 0; c < 0x80; c++) {
      this.ascii[c] = this.transform(encoder.encode(String.fromCharCode(c)));
      if (c >= 0x20 && c < 0x7f && this.ascii[c] !== undefined) mapped = true;
    }
    this.asciiMapped = mapped;
  }

  /** The value of the shortest key that is a prefix of `key` (Darts' commonPrefixSearch, first result), else undefined. */
  private shortestPrefixValue(key: Uint8Array): number | undefined {
    const a = this.units;
    let pos = 0;
    let unit = a[pos];
    pos ^= offsetOf(unit);
    for (const c of key) {
      if (c === 0) break;
      pos ^= c;
      unit = a[pos];
      if (unit === undefined || (unit & 0x800000ff) !== c) return undefined;
      pos ^= offsetOf(unit);
      if (((unit >>> 8) & 1) === 1) return a[pos] & 0x7fffffff;
    }
    return undefined;
  }

  /** The replacement of a chunk (one cluster or one character) as UTF-8 bytes, or undefined. */
  private transform(chunk: Uint8Array): string | undefined {
    const at = this.shortestPrefixValue(chunk);
    if (at === undefined) return undefined;
    let end = at;
    while (end < this.normalized.length && this.normalized[end] !== 0) end++;
    return decoder.decode(this.normalized.subarray(at, end));
  }

  /** The text as the Rust core's Precompiled normalizer leaves it. */
  normalize(text: string): string {
    if (!this.asciiMapped && PRINTABLE_ASCII.test(text)) return text;
    let out = "";
    for (const cluster of graphemeClusters(text)) out += this.cluster(cluster);
    return out;
  }

  /** One grapheme cluster as the Rust core's Precompiled normalizer leaves it. */
  private cluster(segment: string): string {
    if (segment.length === 1 && segment.charCodeAt(0) < 0x80) return this.ascii[segment.charCodeAt(0)] ?? segment;
    const bytes = encoder.encode(segment);
    if (bytes.length < 6) {
      const whole = this.transform(bytes);
      if (whole !== undefined) return whole;
    }
    let out = "";
    for (const ch of segment) out += this.transform(encoder.encode(ch)) ?? ch;
    return out;
  }
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Characters given to Intl.Segmenter at a time (see the top of this file). */
const SEGMENT_PIECE_CHARS = 1024;

let segmenter: Intl.Segmenter | undefined;

/**
 * The extended grapheme clusters of a text, as Intl.Segmenter gives them for the whole text, found SEGMENT_PIECE_CHARS characters at a
 * time.
 */
export function* graphemeClusters(text: string): Generator<string> {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let length = SEGMENT_PIECE_CHARS;
  for (let start = 0; start < text.length; ) {
    const end = Math.min(text.length, start + length);
    // A boundary before the last two code units is the whole text's (the last character may be half of a pair).
    const sure = end === text.length ? end : end - 2;
    let next = start;
    for (const { segment, index } of segmenter.segment(text.slice(start, end))) {
      if (start + index + segment.length > sure) break;
      yield segment;
      next = start + index + segment.length;
    }
    // One cluster longer than the piece (a letter under thousands of combining marks): a longer piece.
    length = next === start ? 2 * length : SEGMENT_PIECE_CHARS;
    start = next;
  }
}

/** Darts' offset of a unit. */
function offsetOf(unit: number): number {
  return (unit >>> 10) << ((unit & (1 << 9)) >>> 6);
}
