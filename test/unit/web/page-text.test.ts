import { describe, expect, it } from 'vitest';
import { ocrLanguages, textPagesForUpload } from '../../../web/src/components/upload/page-text.js';

describe('photo mode OCR languages', () => {
  it('reads French first, English first only for a student whose profile is in English', () => {
    expect(ocrLanguages('fr')).toBe('fra+eng');
    expect(ocrLanguages('en')).toBe('eng+fra');
    // Profile not loaded yet, or a language the app does not offer: French first.
    expect(ocrLanguages(null)).toBe('fra+eng');
    expect(ocrLanguages(undefined)).toBe('fra+eng');
    expect(ocrLanguages('de')).toBe('fra+eng');
  });
});

describe('page texts sent with a photo PDF (text_pages)', () => {
  it('sends one entry per page, trimmed, with blank pages left empty for the server to read', () => {
    expect(textPagesForUpload(['  La mitochondrie produit\nl’énergie.\n\n', '', ' Le noyau '], 3)).toEqual([
      'La mitochondrie produit\nl’énergie.',
      '',
      'Le noyau',
    ]);
  });

  it('sends nothing when nothing was read, or when the texts do not match the pages', () => {
    expect(textPagesForUpload(undefined, 2)).toBeUndefined();
    expect(textPagesForUpload([], 0)).toBeUndefined();
    expect(textPagesForUpload(['', ' \n '], 2)).toBeUndefined();
    expect(textPagesForUpload(['La cellule'], 2)).toBeUndefined();
  });

  it('sends texts right at the limits: 500 pages, 20,000 characters a page, 200,000 bytes in all', () => {
    const pages = Array.from({ length: 500 }, (_, i) => (i === 0 ? 'a'.repeat(20_000) : ''));
    expect(textPagesForUpload(pages, 500)).toEqual(pages);
    // 'é' is 2 bytes in UTF-8: ten pages of 10,000 make 200,000 bytes exactly.
    const accented = Array.from({ length: 10 }, () => 'é'.repeat(10_000));
    expect(textPagesForUpload(accented, 10)).toEqual(accented);
  });

  it('sends nothing beyond the limits (the server then reads the PDF itself)', () => {
    expect(textPagesForUpload(Array.from({ length: 501 }, () => 'page'), 501)).toBeUndefined();
    expect(textPagesForUpload(['a'.repeat(20_001)], 1)).toBeUndefined();
    const accented = Array.from({ length: 11 }, () => 'é'.repeat(10_000));
    expect(textPagesForUpload(accented, 11)).toBeUndefined();
  });
});
