/** Text processing ported from NLTK: tokenizers, the Porter stemmer and a WordNet reader. */
export * from "./nltk-tokenize.js";
export * from "./porter.js";
export * from "./wordnet.js";
