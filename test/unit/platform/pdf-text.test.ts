// Tidying a page's text: invisible characters removed, blanks and blank lines collapsed.
import { describe, expect, it } from 'vitest';
import { tidyText } from '../../../functions/platform/pdf/text.js';


describe('tidyText', () => {
  it('removes invisible characters, collapses blanks and blank lines, trims lines', () => {
    expect(tidyText('  mot\u00ad-clé\u200b  et\u00a0\u00a0espace  \n\n\n\n  fin\u0000\u0002  ')).toBe('mot-clé et espace\n\nfin');
  });
});
