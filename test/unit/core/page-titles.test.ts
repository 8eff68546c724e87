// What the coach says each page is about, on pages read through the document model: the heading
// that opens the page, or the part the page goes on with (never a running header or a cut line).
import { describe, expect, it } from 'vitest';
import type { PageSpan } from '../../../functions/core/document.js';
import { pageTitlesOf } from '../../../functions/core/coach.js';
import type { CoursePage } from '../../../functions/engine/types.js';

function page(n: number, blocks: [PageSpan['kind'], string][]): CoursePage {
  let text = '';
  const spans: PageSpan[] = [];
  for (const [kind, t] of blocks) {
    if (text) text += '\n\n';
    spans.push({ start: text.length, end: text.length + t.length, kind, ...(kind === 'heading' ? { level: 2 } : {}) });
    text += t;
  }
  return { file_id: 'f', file_name: 'Cours', page: n, text, language: 'fr', spans };
}

describe('page titles from the document model', () => {
  it('names a page by its opening heading, or by the part it goes on with', () => {
    const titles = pageTitlesOf({
      pages: [
        page(1, [['heading', '1. Les facteurs qui influencent la photosynthèse'], ['paragraph', 'La lumière est le premier facteur.']]),
        page(2, [['paragraph', 'La température joue aussi un rôle.'], ['heading', '2. La respiration'], ['paragraph', 'Elle libère de l’énergie.']]),
        page(3, [['paragraph', 'Elle consomme du dioxygène.']]),
      ],
    });
    expect([...titles.values()]).toEqual(['1. Les facteurs qui influencent la photosynthèse', '1. Les facteurs qui influencent la photosynthèse', '2. La respiration']);
  });
});
