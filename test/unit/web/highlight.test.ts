// The viewer's highlight of a cited passage: the pdf.js text items that hold the quote.
import { describe, expect, it } from 'vitest';
import { quotedItems } from '../../../web/src/components/files/highlight.js';

const page = ['Chapitre 4 — Énergie', "L'énergie ciné-", 'tique d’un corps de masse m', 'et de vitesse v vaut Ec = ½ m v².', 'Elle s’exprime en joules.'];

describe('quotedItems', () => {
  it('finds a quote across lines, hyphenation, accents and apostrophes', () => {
    expect(quotedItems(page, "L'énergie cinétique d'un corps de masse m et de vitesse v")).toEqual([1, 2, 3]);
    expect(quotedItems(page, 'ELLE S EXPRIME EN JOULES')).toEqual([4]);
  });

  it('falls back to the longest start of the quote that is on the page', () => {
    expect(quotedItems(page, 'et de vitesse v vaut Ec = ½ m v², soit la moitié du produit')).toEqual([3]);
  });

  it('finds nothing for a quote from another page or too short to be sure', () => {
    expect(quotedItems(page, 'La puissance est le quotient du travail par la durée.')).toEqual([]);
    expect(quotedItems(page, 'm')).toEqual([]);
    expect(quotedItems([], 'Elle s’exprime en joules.')).toEqual([]);
  });
});
