// The passage index of a subject: what `Course.search` answers from. Each page is cut into
// passages — runs of consecutive sentences of that page, about 60 to 120 words, a sentence never
// split across two passages, a short page one passage — and passages are ranked by BM25 (k1 1.2,
// b 0.75, idf ln(1 + (N - df + 0.5) / (df + 0.5))) over their `terms()`.
//
// Languages: a page is indexed with its own language's stop words and stemmer; a query is
// analysed once per language present in the index, and each passage is scored with the terms of
// its page's language, so a subject mixing French and English files is searched in both.
//
// Layout: one vocabulary Map (term → id) and postings packed in typed arrays (for each term, the
// passages it occurs in and how often), passage offsets in typed arrays too; the
// passage text is read back from its page when returned. Building is a single pass over the
// sentences; a search touches only the postings of the query's terms. Ties are broken by the
// order of the pages given (file by file, then page), then position in the page.
import type { CourseLanguage } from '../../core/artefacts.js';
import type { CoursePage, Passage } from '../types.js';
import { sentenceBounds } from './sentences.js';
import { scanWords, termOf, terms } from './tokens.js';

const K1 = 1.2;
const B = 0.75;
/** A page of at most this many words is one passage; longer pages are cut in passages of at most this size when sentences allow. */
const MAX_PASSAGE_WORDS = 120;

const LANGUAGES: readonly CourseLanguage[] = ['fr', 'en'];

/** A growable Uint32Array. */
class U32List {
  data = new Uint32Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  trimmed(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}

/**
 * Where a page's passages end (sentence indexes, exclusive): as few passages as keep each under
 * MAX_PASSAGE_WORDS, cut at the sentence boundaries nearest to equal shares of the words.
 */
export function passageCuts(wordCounts: readonly number[]): number[] {
  const total = wordCounts.reduce((a, b) => a + b, 0);
  const n = Math.max(1, Math.ceil(total / MAX_PASSAGE_WORDS));
  const step = total / n;
  const cuts: number[] = [];
  let last = 0;
  let acc = 0;
  let target = step;
  for (let i = 0; i < wordCounts.length; i++) {
    const before = acc;
    acc += wordCounts[i];
    while (cuts.length < n - 1 && acc >= target) {
      let cut = acc - target <= target - before ? i + 1 : i;
      if (cut <= last) cut = i + 1;
      if (cut > last && cut < wordCounts.length) {
        cuts.push(cut);
        last = cut;
      }
      target += step;
    }
  }
  cuts.push(wordCounts.length);
  return cuts;
}

/** Page indexes file by file (files in the order they first appear), then by page number. */
function readingOrder(pages: readonly CoursePage[]): number[] {
  const fileRank = new Map<string, number>();
  for (const page of pages) if (!fileRank.has(page.file_id)) fileRank.set(page.file_id, fileRank.size);
  const order = pages.map((_, i) => i);
  return order.sort((a, b) => fileRank.get(pages[a].file_id)! - fileRank.get(pages[b].file_id)! || pages[a].page - pages[b].page || a - b);
}

export class SearchIndex {
  /** Number of pages indexed. */
  readonly pageCount: number;
  /** Number of passages the pages were cut into. */
  readonly passageCount: number;

  private constructor(
    private readonly pages: readonly CoursePage[],
    private readonly vocabulary: Map<string, number>,
    /** postingStart[t] .. postingStart[t + 1]: term t's entries in postingPassage/postingFreq. */
    private readonly postingStart: Uint32Array,
    private readonly postingPassage: Uint32Array,
    private readonly postingFreq: Uint16Array,
    private readonly passagePage: Uint32Array,
    private readonly passageStart: Uint32Array,
    private readonly passageEnd: Uint32Array,
    /** BM25 length normalisation of each passage: k1 × (1 − b + b × length / average length). */
    private readonly passageNorm: Float64Array,
    private readonly passageLanguage: Uint8Array,
    private readonly languages: readonly CourseLanguage[],
  ) {
    this.pageCount = pages.length;
    this.passageCount = passagePage.length;
    this.scores = new Float64Array(this.passageCount);
    this.languageCount = [0, 0];
    for (const code of passageLanguage) this.languageCount[code]++;
  }

  /** Number of passages in each language (index 0 French, 1 English): BM25's N for that language's terms. */
  private readonly languageCount: [number, number];

  /** Scratch scores for `search` (searches are synchronous, so one buffer serves them all). */
  private readonly scores: Float64Array;

  /** Cuts `pages` into passages and indexes their terms, each page in its own language. */
  static build(pages: CoursePage[]): SearchIndex {
    const vocabulary = new Map<string, number>();
    // Word as written → term id (-1: stop word), per language: one lookup per token.
    const wordIds: Record<CourseLanguage, Map<string, number>> = { fr: new Map(), en: new Map() };
    // Every (term, passage) pair with its frequency, in passage order.
    const pairTerm = new U32List();
    const pairPassage = new U32List();
    const pairFreq = new U32List();
    const passagePage = new U32List();
    const passageStart = new U32List();
    const passageEnd = new U32List();
    const passageLength = new U32List();
    const passageLanguage = new U32List();
    const languages = new Set<CourseLanguage>();
    let tf = new Uint32Array(1024);
    const touched: number[] = [];
    // The current page's term ids, sentence by sentence.
    const pageTerms = new U32List();
    const sentenceTermEnd: number[] = [];
    const sentenceWords: number[] = [];

    for (const p of readingOrder(pages)) {
      const page = pages[p];
      const lang = page.language;
      const ids = wordIds[lang];
      const bounds = sentenceBounds(page.text, lang);
      if (bounds.length === 0) continue;
      languages.add(lang);
      pageTerms.length = 0;
      sentenceTermEnd.length = 0;
      sentenceWords.length = 0;
      for (let i = 0; i < bounds.length; i += 2) {
        let count = 0;
        scanWords(page.text, bounds[i], bounds[i + 1], (word) => {
          count++;
          let id = ids.get(word);
          if (id === undefined) {
            const term = termOf(word, lang);
            if (term === null) id = -1;
            else {
              id = vocabulary.get(term);
              if (id === undefined) {
                id = vocabulary.size;
                vocabulary.set(term, id);
              }
            }
            ids.set(word, id);
          }
          if (id >= 0) pageTerms.push(id);
        });
        sentenceTermEnd.push(pageTerms.length);
        sentenceWords.push(count);
      }
      if (tf.length < vocabulary.size) {
        const next = new Uint32Array(Math.max(vocabulary.size, tf.length * 2));
        next.set(tf);
        tf = next;
      }
      let from = 0;
      for (const to of passageCuts(sentenceWords)) {
        const passage = passagePage.length;
        const termFrom = from === 0 ? 0 : sentenceTermEnd[from - 1];
        const termTo = sentenceTermEnd[to - 1];
        for (let t = termFrom; t < termTo; t++) {
          const id = pageTerms.data[t];
          if (tf[id]++ === 0) touched.push(id);
        }
        for (const id of touched) {
          pairTerm.push(id);
          pairPassage.push(passage);
          pairFreq.push(tf[id]);
          tf[id] = 0;
        }
        touched.length = 0;
        passagePage.push(p);
        passageStart.push(bounds[2 * from]);
        passageEnd.push(bounds[2 * to - 1]);
        passageLength.push(termTo - termFrom);
        passageLanguage.push(lang === 'fr' ? 0 : 1);
        from = to;
      }
    }

    // Postings grouped by term (a counting sort keeps each term's passages in order).
    const termCount = vocabulary.size;
    const postingStart = new Uint32Array(termCount + 1);
    for (let i = 0; i < pairTerm.length; i++) postingStart[pairTerm.data[i] + 1]++;
    for (let t = 0; t < termCount; t++) postingStart[t + 1] += postingStart[t];
    const fill = postingStart.slice(0, termCount);
    const postingPassage = new Uint32Array(pairTerm.length);
    const postingFreq = new Uint16Array(pairTerm.length);
    for (let i = 0; i < pairTerm.length; i++) {
      const slot = fill[pairTerm.data[i]]++;
      postingPassage[slot] = pairPassage.data[i];
      postingFreq[slot] = Math.min(pairFreq.data[i], 0xffff);
    }

    const lengths = passageLength.trimmed();
    const average = lengths.length > 0 ? lengths.reduce((a, b) => a + b, 0) / lengths.length || 1 : 1;
    const norm = new Float64Array(lengths.length);
    for (let i = 0; i < lengths.length; i++) norm[i] = K1 * (1 - B + (B * lengths[i]) / average);

    return new SearchIndex(
      pages,
      vocabulary,
      postingStart,
      postingPassage,
      postingFreq,
      passagePage.trimmed(),
      passageStart.trimmed(),
      passageEnd.trimmed(),
      norm,
      Uint8Array.from(passageLanguage.trimmed()),
      LANGUAGES.filter((l) => languages.has(l)),
    );
  }

  /** The `limit` best passages for `query`, best first; [] when no query term occurs in the course. */
  search(query: string, limit: number): Passage[] {
    if (limit <= 0 || this.passageCount === 0) return [];
    const scores = this.scores;
    const touched: number[] = [];
    for (const lang of this.languages) {
      const code = lang === 'fr' ? 0 : 1;
      const n = this.languageCount[code];
      for (const term of new Set(terms(query, lang))) {
        const id = this.vocabulary.get(term);
        if (id === undefined) continue;
        const from = this.postingStart[id];
        const to = this.postingStart[id + 1];
        // Document frequency among this language's passages only.
        let df = 0;
        for (let i = from; i < to; i++) if (this.passageLanguage[this.postingPassage[i]] === code) df++;
        if (df === 0) continue;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        for (let i = from; i < to; i++) {
          const passage = this.postingPassage[i];
          if (this.passageLanguage[passage] !== code) continue;
          const f = this.postingFreq[i];
          if (scores[passage] === 0) touched.push(passage);
          scores[passage] += (idf * f * (K1 + 1)) / (f + this.passageNorm[passage]);
        }
      }
    }
    const ranked = touched.map((passage) => ({ passage, score: scores[passage] }));
    for (const passage of touched) scores[passage] = 0;
    ranked.sort((a, b) => b.score - a.score || a.passage - b.passage);
    return ranked.slice(0, limit).map(({ passage, score }) => this.passage(passage, score));
  }

  private passage(index: number, score: number): Passage {
    const page = this.pages[this.passagePage[index]];
    return {
      file_id: page.file_id,
      file_name: page.file_name,
      page: page.page,
      text: page.text.slice(this.passageStart[index], this.passageEnd[index]),
      score,
      language: page.language,
    };
  }
}
