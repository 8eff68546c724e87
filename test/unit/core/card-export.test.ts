// The pure parts of a flashcards export (functions/core/card-export.ts): CSV rows, the source
// field, Anki field escaping and the download's name.
import { describe, expect, it } from 'vitest';
import { ankiField, attachmentDisposition, cardSourceText, cardsToCsv } from '../../../functions/core/card-export.js';

const cited = (file_name: string, page: number) => ({ file_id: 'f', file_name, page });

describe('card export', () => {
  it('names the first citation as the source, nothing for a card without one', () => {
    expect(cardSourceText({ citations: [cited('Cours 1', 3), cited('Cours 2', 5)] })).toBe('Cours 1 · p. 3');
    expect(cardSourceText({ citations: [] })).toBe('');
  });

  it('writes a header and one tab-separated line per card, tabs and line breaks as spaces', () => {
    const csv = cardsToCsv([
      { front: 'A\tb', back: 'ligne 1\r\nligne 2\nligne 3\r', citations: [cited('Fichier\tX', 2)] },
      { front: 'Sans "source"', back: 'ok', citations: [] },
    ]);
    expect(csv).toBe('front\tback\tsource\nA b\tligne 1 ligne 2 ligne 3 \tFichier X · p. 2\nSans "source"\tok\t\n');
    expect(cardsToCsv([])).toBe('front\tback\tsource\n');
  });

  it('escapes Anki fields as HTML, line breaks as <br>', () => {
    expect(ankiField('a < b && c > d\nfin\r\nok')).toBe('a &lt; b &amp;&amp; c &gt; d<br>fin<br>ok');
  });

  it('names the download after the subject: plain ASCII in filename, the exact name in filename*', () => {
    expect(attachmentDisposition('COURS DE BIOLOGIE', 'csv')).toBe(`attachment; filename="COURS DE BIOLOGIE.csv"; filename*=UTF-8''COURS%20DE%20BIOLOGIE.csv`);
    expect(attachmentDisposition('ÉCO "1"/2 : 日本', 'apkg')).toBe(`attachment; filename="ECO 1-2 -.apkg"; filename*=UTF-8''${encodeURIComponent('ÉCO "1"/2 : 日本.apkg')}`);
    expect(attachmentDisposition('日本', 'csv')).toMatch(/^attachment; filename="cartes\.csv"/);
  });
});
