// Issue 25's study loop on a phone, in its decisions: which file the quiz and podcast pages choose
// by themselves.
import { describe, expect, it } from 'vitest';
import { soleFileChoice } from '../../../web/src/components/study/sole-file.js';

describe('the file chosen for the student', () => {
  it('is the only ready file when nothing is chosen', () => {
    expect(soleFileChoice([{ id: 'f1' }], '')).toBe('f1');
  });

  it('is nothing when there is a choice to make or a choice made', () => {
    expect(soleFileChoice([], '')).toBeNull();
    expect(soleFileChoice([{ id: 'f1' }, { id: 'f2' }], '')).toBeNull();
    expect(soleFileChoice([{ id: 'f1' }], 'f1')).toBeNull();
    expect(soleFileChoice([{ id: 'f1' }], '__subject__')).toBeNull();
  });
});
