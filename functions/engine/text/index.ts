// Text tools shared by the study engine's generators: word tokens, French/English stop words and
// stemming, sentence segmentation of extracted page text, and the BM25 passage index. Folding, which
// the server and the web app use too, is functions/core/fold.ts's.
export { words, terms } from './tokens.js';
export { isStopWord, stopWords } from './stopwords.js';
export { stem } from './stem.js';
export { sentences, type Sentence } from './sentences.js';
export { SearchIndex } from './search-index.js';
