// Text tools shared by the study engine's generators: folding, word tokens, French/English stop
// words and stemming, sentence segmentation of extracted page text, and the BM25 passage index.
export { foldText, words, terms } from './tokens.js';
export { isStopWord, stopWords } from './stopwords.js';
export { stem } from './stem.js';
export { sentences, type Sentence } from './sentences.js';
export { SearchIndex } from './search-index.js';
