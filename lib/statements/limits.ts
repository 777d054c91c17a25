/**
 * The bound that keeps the built-in reformulator linear in its input (issue 22). The question
 * parser, the answer analysis and the tagger under them take time quadratic or worse in runs of
 * punctuation, so none of them reads more than this many characters of one text: a question whose
 * final sentence is longer is not parsed (the colon form, flagged), and an answer longer than this
 * is analysed up to its last sentence end within the bound, the rest following the statement
 * (flagged when its first sentence does not end within the bound). What lies beyond passes through
 * steps linear in its length only. Texts longer than the bound are not memoised either: they
 * rarely recur, and a memo of 100,000 of them could hold gigabytes.
 *
 * The longest question in CAP-Correctness has 2,532 characters, the longest answer 527: texts
 * within the bound are reformulated as before.
 */
export const STATEMENT_MAX_ANALYSED_CHARS = 4000;
