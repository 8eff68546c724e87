// The tiles of a subject page (spec §2), in order, with their route segment, and the tools whose
// page comes with a later part of the product (their route shows an honest placeholder).
import type { MessageKey } from '../../i18n';
import type { IconName } from '../../components/ContentParts';

export interface SubjectTile {
  segment: string;
  label: MessageKey;
  description: MessageKey;
  icon: IconName;
}

export const subjectTiles: readonly SubjectTile[] = [
  { segment: 'question', label: 'tool.question', description: 'tool.question.desc', icon: 'chat' },
  { segment: 'quiz', label: 'tool.quiz', description: 'tool.quiz.desc', icon: 'quiz' },
  { segment: 'summary', label: 'tool.summary', description: 'tool.summary.desc', icon: 'sheet' },
  { segment: 'flashcards', label: 'tool.flashcards', description: 'tool.flashcards.desc', icon: 'cards' },
  { segment: 'exam', label: 'tool.exam', description: 'tool.exam.desc', icon: 'timer' },
  { segment: 'case', label: 'tool.case', description: 'tool.case.desc', icon: 'school' },
  { segment: 'schedule', label: 'tool.schedule', description: 'tool.schedule.desc', icon: 'calendar' },
  { segment: 'todos', label: 'tool.todos', description: 'tool.todos.desc', icon: 'check' },
  { segment: 'stats', label: 'tool.stats', description: 'tool.stats.desc', icon: 'chart' },
  { segment: 'conversations', label: 'tool.conversations', description: 'tool.conversations.desc', icon: 'history' },
  { segment: 'podcast', label: 'tool.podcast', description: 'tool.podcast.desc', icon: 'headphones' },
  { segment: 'coach', label: 'tool.coach', description: 'tool.coach.desc', icon: 'bulb' },
];

/** Tools not available yet: route segment and label. `/conversations` redirects to `/question`. */
export const comingSoonTools: readonly (readonly [string, MessageKey])[] = [];

export type ComingSoonTool = string;

/** True when the tile's tool has its own page already. */
export const isAvailable = (segment: string): boolean => !comingSoonTools.some(([s]) => s === segment);
