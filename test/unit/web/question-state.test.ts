// The question workspace's decisions (web/src/components/study/question-state.ts): a question is
// asked only with text and a mode (the message goes to the field at fault), the request continues
// the conversation on screen, leaving asks first only with turns not saved and never for a
// citation, Enter sends but Shift+Enter and an IME do not, a reopened conversation resumes in its
// last mode, and the save dialog offers a title.
import { describe, expect, it } from 'vitest';
import type { ConversationSummary, Turn } from '../../../functions/core/views.js';
import {
  askBody,
  checkAsk,
  composerLabel,
  isCitationTarget,
  isUnsaved,
  resumeMode,
  saveTitle,
  sendsOnEnter,
  summaryOf,
} from '../../../web/src/components/study/question-state.js';

const turn = (id: string, over: Partial<Turn> = {}): Turn => ({ id, question: `Question ${id}`, mode: 'course', answer: {} as Turn['answer'], created_at: '2026-03-04T10:00:00Z', ...over }) as Turn;
const conversation = (over: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id: 'c1',
  subject_id: 's1',
  title: '',
  saved: false,
  created_at: '2026-03-04T10:00:00Z',
  updated_at: '2026-03-04T10:00:00Z',
  turn_count: 1,
  ...over,
});
const mode: Turn['mode'] = 'course';

describe('asking a question', () => {
  it('refuses an empty question first, then a missing mode, each by its field', () => {
    expect(checkAsk('   ', null)).toEqual({ ok: false, problem: 'question.empty', field: 'question' });
    expect(checkAsk('   ', mode)).toEqual({ ok: false, problem: 'question.empty', field: 'question' });
    expect(checkAsk('Pourquoi ?', null)).toEqual({ ok: false, problem: 'question.modeRequired', field: 'mode' });
  });

  it('sends the trimmed question in the chosen mode, continuing the conversation on screen', () => {
    expect(checkAsk('  Pourquoi ?\n', mode)).toEqual({ ok: true, question: 'Pourquoi ?', mode });
    expect(askBody('Pourquoi ?', mode, null)).toEqual({ question: 'Pourquoi ?', mode });
    expect(askBody('Et ensuite ?', mode, conversation())).toEqual({ question: 'Et ensuite ?', mode, conversation_id: 'c1' });
  });

  it('sends on Enter, not on Shift+Enter, another key or while composing with an IME', () => {
    expect(sendsOnEnter('Enter', false, false)).toBe(true);
    expect(sendsOnEnter('Enter', true, false)).toBe(false);
    expect(sendsOnEnter('Enter', false, true)).toBe(false);
    expect(sendsOnEnter('a', false, false)).toBe(false);
  });

  it('labels the composer for a first question, then for a follow-up', () => {
    expect(composerLabel(0)).toBe('question.label');
    expect(composerLabel(2)).toBe('question.followUpLabel');
  });
});

describe('leaving the thread', () => {
  it('asks first only when turns are on screen and not saved', () => {
    expect(isUnsaved([], null)).toBe(false);
    expect(isUnsaved([turn('t1')], null)).toBe(true);
    expect(isUnsaved([turn('t1')], conversation())).toBe(true);
    expect(isUnsaved([turn('t1')], conversation({ saved: true }))).toBe(false);
  });

  it('lets a citation open the files viewer without asking', () => {
    const files = '/subject/s1/files';
    expect(isCitationTarget({ pathname: files, search: '?view=f1&page=3' }, files)).toBe(true);
    expect(isCitationTarget({ pathname: files, search: '' }, files)).toBe(false);
    expect(isCitationTarget({ pathname: '/subject/s1/quiz', search: '?view=f1' }, files)).toBe(false);
  });
});

describe('a conversation reopened or saved', () => {
  it('resumes in the mode of its last turn, or keeps the chosen one when empty', () => {
    const summarize: Turn['mode'] = 'step_by_step';
    expect(resumeMode([turn('t1'), turn('t2', { mode: summarize })])).toBe(summarize);
    expect(resumeMode([])).toBeNull();
  });

  it('keeps the summary without its turns', () => {
    const full = { ...conversation({ title: 'Cellule' }), turns: [turn('t1')] };
    expect(summaryOf(full)).toEqual(conversation({ title: 'Cellule' }));
  });

  it('offers its own title, else its first question, else nothing', () => {
    expect(saveTitle(conversation({ title: 'Cellule' }), [turn('t1')])).toBe('Cellule');
    expect(saveTitle(conversation(), [turn('t1'), turn('t2')])).toBe('Question t1');
    expect(saveTitle(conversation(), [])).toBe('');
  });
});
