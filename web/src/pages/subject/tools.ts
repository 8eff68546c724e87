// The tiles of a subject page, in order, with their route segment: every tool has its page.
import type { MessageKey } from '../../i18n';
import type { IconName } from '../../components/ContentParts';
import type { UsageSummary } from '../../api/study';

export interface SubjectTile {
  segment: string;
  label: MessageKey;
  description: MessageKey;
  icon: IconName;
  /** The Premium feature the tool needs: the tile is marked Premium for a student without it. */
  premium?: keyof UsageSummary['premium'];
}

export const subjectTiles: readonly SubjectTile[] = [
  { segment: 'question', label: 'tool.question', description: 'tool.question.desc', icon: 'chat' },
  { segment: 'quiz', label: 'tool.quiz', description: 'tool.quiz.desc', icon: 'quiz' },
  { segment: 'summary', label: 'tool.summary', description: 'tool.summary.desc', icon: 'sheet' },
  { segment: 'flashcards', label: 'tool.flashcards', description: 'tool.flashcards.desc', icon: 'cards' },
  { segment: 'exam', label: 'tool.exam', description: 'tool.exam.desc', icon: 'timer', premium: 'exam_mode' },
  { segment: 'case', label: 'tool.case', description: 'tool.case.desc', icon: 'school', premium: 'practical_cases' },
  { segment: 'schedule', label: 'tool.schedule', description: 'tool.schedule.desc', icon: 'calendar' },
  { segment: 'todos', label: 'tool.todos', description: 'tool.todos.desc', icon: 'check' },
  { segment: 'stats', label: 'tool.stats', description: 'tool.stats.desc', icon: 'chart' },
  { segment: 'conversations', label: 'tool.conversations', description: 'tool.conversations.desc', icon: 'history' },
  { segment: 'podcast', label: 'tool.podcast', description: 'tool.podcast.desc', icon: 'headphones' },
  { segment: 'coach', label: 'tool.coach', description: 'tool.coach.desc', icon: 'bulb' },
];
