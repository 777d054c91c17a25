/** Text processing ported from NLTK: tokenizers, the Porter stemmer and a WordNet reader. */
export { PUNKT_ABBREVIATIONS, PUNKT_PARAMETERS, PUNKT_SENTENCE_STARTERS, sentTokenize, treebankWordTokenize } from "./nltk-tokenize.js";
export { wordTokenize } from "./nltk-tokenize.js";
export type { PunktParameters } from "./nltk-tokenize.js";
export { cachedPorterStemmer, porterStem } from "./porter.js";
export type { PorterMode, PorterOptions } from "./porter.js";
export { findWordNetDir, loadWordNet, requireWordNetDir, WordNet, WORDNET_FILES, WORDNET_POS, wordNetCandidates } from "./wordnet.js";
export { WordNetNotFoundError } from "./wordnet.js";
export type { MorphyVersion, WordNetOptions, WordNetPos } from "./wordnet.js";
