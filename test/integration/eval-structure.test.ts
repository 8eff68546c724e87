// The document model on the evaluation set (../shared/eval), through the real handlers: a ratchet
// that holds each total at or above what the model reaches today (`npm run eval` prints the table).
import { describe, expect, it } from 'vitest';
import { evalDir, hasEvalSet } from '../eval/courses.js';
import { structureScores } from '../eval/run.js';

describe('the document model on the evaluation set', () => {
  it('recovers headings, whole sentences, list items and table cells, and keeps headers and footers out of the text', async () => {
    expect(hasEvalSet(), `the evaluation set is expected at ${evalDir()}`).toBe(true);
    const rows = await structureScores();
    expect(rows.filter((r) => r.status !== 'ready').map((r) => r.id)).toEqual([]);
    const total = (pick: (s: (typeof rows)[number]['score']) => { expected: number; found: number }) => {
      const counts = rows.map((r) => pick(r.score));
      return counts.reduce((n, c) => n + c.found, 0) / counts.reduce((n, c) => n + c.expected, 0);
    };
    expect(total((s) => s.headings)).toBeGreaterThanOrEqual(0.99);
    expect(total((s) => s.sentences)).toBeGreaterThanOrEqual(0.99);
    expect(total((s) => s.items)).toBeGreaterThanOrEqual(0.98);
    expect(total((s) => s.cells)).toBeGreaterThanOrEqual(0.99);
    expect(rows.reduce((n, r) => n + r.score.furnitureInBody, 0)).toBe(0);
  }, 240_000);
});
