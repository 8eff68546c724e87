// Retrieval: the BM25 passage index a subject's questions are answered from. A student's question,
// worded differently from the course and typed without accents or capitals, must bring back the
// page that holds the answer, quoted exactly as it is printed.
import { describe, expect, it } from 'vitest';
import { SearchIndex, sentences, words } from '../../../functions/engine/text/index.js';
import type { CoursePage, Passage } from '../../../functions/engine/types.js';
import { ENGLISH_HISTORY, FRENCH_CELL, FRENCH_GENETICS, pagesOf } from '../../support/retrieval-fixtures.js';

const where = (p: Passage) => `${p.file_id}#${p.page}`;
const top = (index: SearchIndex, query: string) => {
  const [best] = index.search(query, 5);
  return best ? where(best) : null;
};

describe('SearchIndex on a French course', () => {
  const index = SearchIndex.build([...FRENCH_CELL, ...FRENCH_GENETICS]);

  it('ranks first the page that answers a paraphrased question, accents and case aside', () => {
    expect(top(index, 'Où se déroule la PHOTOSYNTHESE ?')).toBe('svt-cellule#2');
    expect(top(index, 'quelles sont les etapes de la division cellulaire')).toBe('svt-cellule#3');
    expect(top(index, "Qui a decouvert la structure de l'adn ?")).toBe('svt-genetique#1');
    expect(top(index, 'difference entre procaryotes et eucaryotes')).toBe('svt-cellule#1');
    expect(top(index, 'Que disent les LOIS de Mendel ?')).toBe('svt-genetique#2');
    expect(top(index, 'combien d’alleles possede un individu')).toBe('svt-genetique#2');
  });

  it('returns the passage as printed on the page, with its file, page, language and score', () => {
    const [best] = index.search('chloroplastes', 3);
    const page = FRENCH_CELL[1];
    expect(best).toMatchObject({ file_id: 'svt-cellule', file_name: 'Biologie cellulaire', page: 2, language: 'fr' });
    expect(best.score).toBeGreaterThan(0);
    expect(page.text).toContain(best.text);
    expect(best.text).toContain('Elle se déroule dans les chloroplastes,\ndes organites');
  });

  it('returns nothing for a question made only of grammar words or of words absent from the course', () => {
    expect(index.search('le la les de du ? Qu’est-ce que', 5)).toEqual([]);
    expect(index.search('thermodynamique quantique', 5)).toEqual([]);
    expect(index.search('', 5)).toEqual([]);
  });

  it('ranks a page with a rare term above pages with a term found everywhere', () => {
    // "cellule" is on every page of the first file; "chromosomes" only on the mitosis page.
    const results = index.search('cellule chromosomes', 5);
    expect(where(results[0])).toBe('svt-cellule#3');
    const [common] = index.search('cellule', 1);
    const [rare] = index.search('chromosomes', 1);
    expect(rare.score).toBeGreaterThan(common.score);
  });

  it('respects the limit and orders by score', () => {
    const results = index.search('cellule gène ADN information génétique', 2);
    expect(results).toHaveLength(2);
    expect(results[0].score).toBeGreaterThanOrEqual(results[1].score);
    expect(index.search('cellule', 0)).toEqual([]);
  });

  it('counts pages and passages (a short page is one passage)', () => {
    expect(index.pageCount).toBe(5);
    expect(index.passageCount).toBe(5);
  });

  it('no longer returns a deleted page once the index is rebuilt without it', () => {
    expect(top(index, 'Watson Crick double hélice')).toBe('svt-genetique#1');
    const rebuilt = SearchIndex.build([...FRENCH_CELL, ...FRENCH_GENETICS.filter((p) => p.page !== 1)]);
    expect(rebuilt.search('Watson Crick double hélice', 5)).toEqual([]);
    expect(rebuilt.search('information génétique', 10).map(where)).not.toContain('svt-genetique#1');
    expect(rebuilt.pageCount).toBe(4);
  });
});

describe('SearchIndex on an English course', () => {
  const index = SearchIndex.build(ENGLISH_HISTORY);

  it('ranks first the page that answers a paraphrased question', () => {
    expect(top(index, 'Who assassinated the archduke?')).toBe('hist-modern#1');
    expect(top(index, 'what triggered the first world war')).toBe('hist-modern#1');
    expect(top(index, 'What did the treaty of VERSAILLES force Germany to do?')).toBe('hist-modern#2');
    expect(top(index, 'when did the stock market crash')).toBe('hist-modern#3');
    expect(top(index, 'What was the New Deal?')).toBe('hist-modern#3');
  });

  it('returns nothing for a question made only of grammar words', () => {
    expect(index.search('What is the...?', 5)).toEqual([]);
  });
});

describe('SearchIndex on a subject mixing French and English files', () => {
  const index = SearchIndex.build([...FRENCH_CELL, ...ENGLISH_HISTORY]);

  it('analyses the question in each language and scores each page in its own', () => {
    expect(top(index, 'la mitose')).toBe('svt-cellule#3');
    expect(top(index, 'the treaties')).toBe('hist-modern#2');
    const cells = index.search('cellules', 5);
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.every((p) => p.language === 'fr')).toBe(true);
  });
});

describe('passages', () => {
  // A long page: 12 numbered sentences of 20 words each (240 words).
  const sentence = (n: number) => `Phrase ${n} : ${Array.from({ length: 17 }, (_, i) => `mot${n}x${i}`).join(' ')} fin.`;
  const long = pagesOf('long', 'Long', 'fr', [Array.from({ length: 12 }, (_, i) => sentence(i + 1)).join('\n')]);
  const index = SearchIndex.build(long);

  it('cuts a long page into windows of whole sentences of about 60 to 120 words', () => {
    expect(index.passageCount).toBe(2);
    const page = long[0].text;
    const starts = new Set(sentences(page, 'fr').map((s) => s.start));
    const ends = new Set(sentences(page, 'fr').map((s) => s.end));
    for (let n = 1; n <= 12; n++) {
      const [hit] = index.search(`mot${n}x3`, 1);
      expect(hit.page).toBe(1);
      const at = page.indexOf(hit.text);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(starts.has(at)).toBe(true);
      expect(ends.has(at + hit.text.length)).toBe(true);
      const count = words(hit.text).length;
      expect(count).toBeGreaterThanOrEqual(60);
      expect(count).toBeLessThanOrEqual(120);
      expect(hit.text).toContain(sentence(n));
    }
  });

  it('breaks ties by file order, then page', () => {
    const text = 'La photosynthèse se déroule dans les chloroplastes.';
    const pages: CoursePage[] = [
      { file_id: 'b', file_name: 'B', page: 3, text, language: 'fr' },
      { file_id: 'b', file_name: 'B', page: 1, text, language: 'fr' },
      { file_id: 'a', file_name: 'A', page: 2, text, language: 'fr' },
    ];
    const results = SearchIndex.build(pages).search('photosynthèse', 5);
    expect(results.map(where)).toEqual(['b#1', 'b#3', 'a#2']);
    expect(new Set(results.map((r) => r.score)).size).toBe(1);
  });

  it('skips pages without text', () => {
    const pages = pagesOf('f', 'F', 'fr', ['', '  \n ', 'La mitose est une division cellulaire.']);
    const built = SearchIndex.build(pages);
    expect(built.pageCount).toBe(3);
    expect(built.passageCount).toBe(1);
    expect(built.search('mitose', 5).map(where)).toEqual(['f#3']);
    expect(SearchIndex.build([]).search('mitose', 5)).toEqual([]);
  });
});
