// The tools of a subject page (spec §2), in the order of its tiles, with their route segment.
import type { MessageKey } from '../../i18n';

export const subjectTools = [
  ['question', 'tool.question'],
  ['quiz', 'tool.quiz'],
  ['summary', 'tool.summary'],
  ['flashcards', 'tool.flashcards'],
  ['schedule', 'tool.schedule'],
  ['todos', 'tool.todos'],
  ['stats', 'tool.stats'],
  ['podcast', 'tool.podcast'],
  ['coach', 'tool.coach'],
  ['files', 'tool.files'],
  ['upload', 'tool.upload'],
] as const satisfies readonly (readonly [string, MessageKey])[];

export type SubjectTool = (typeof subjectTools)[number][0];
