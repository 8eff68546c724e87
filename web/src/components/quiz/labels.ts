// The words the quiz shows for its settings and results, as message keys.
import type { AnswerStatus, QuizDifficulty, QuizType } from '../../api/quiz';
import type { MessageKey } from '../../i18n';
import type { Choice } from './ChoiceCards';
import { statusLabel as quizStatusLabel } from './quiz-state';

/** What the student asks for: one type, or both in turn (mcq first). */
export type QuestionMode = QuizType | 'mixed';

export const difficultyChoices: readonly Choice<QuizDifficulty>[] = [
  { value: 'easy', label: 'quiz.difficulty.easy', description: 'quiz.difficulty.easy.desc' },
  { value: 'hard', label: 'quiz.difficulty.hard', description: 'quiz.difficulty.hard.desc' },
];

export const modeChoices: readonly Choice<QuestionMode>[] = [
  { value: 'mcq', label: 'quiz.type.mcq', description: 'quiz.type.mcq.desc' },
  { value: 'open', label: 'quiz.type.open', description: 'quiz.type.open.desc' },
  { value: 'mixed', label: 'quiz.type.mixed', description: 'quiz.type.mixed.desc' },
];

export const difficultyLabel: Record<QuizDifficulty, MessageKey> = { easy: 'quiz.difficulty.easy', hard: 'quiz.difficulty.hard' };
export const typeLabel: Record<QuizType, MessageKey> = { mcq: 'quiz.type.mcq', open: 'quiz.type.open' };

/** The verdict of each answer status (quiz-state.ts holds them, for the announcement it words). */
export const statusLabel: Record<AnswerStatus, MessageKey> = quizStatusLabel;

export const isQuestionMode = (value: string | null): value is QuestionMode => value === 'mcq' || value === 'open' || value === 'mixed';

/** The type of the n-th question (1-based): mixed alternates, starting with an mcq. */
export const typeForIndex = (mode: QuestionMode, index: number): QuizType => (mode === 'mixed' ? (index % 2 === 1 ? 'mcq' : 'open') : mode);

/** Score bands of an evaluated answer, for its colour: < 50 weak, < 75 fair, else good. */
export const scoreBand = (score: number): 'weak' | 'fair' | 'good' => (score < 50 ? 'weak' : score < 75 ? 'fair' : 'good');
