// The questions of a session in order, each with its result (right, wrong, skipped, the score of
// a written answer, or still open): beside the quiz while it runs, and in the summary.
import { PASSING_SCORE } from '@core/limits.js';
import { isAnswered, type SessionQuestion } from '../../api/quiz';
import { Icon, type IconName } from '../ContentParts';
import { useI18n } from '../../i18n';
import { typeLabel } from './labels';

type Tone = 'right' | 'wrong' | 'skipped' | 'pending';

function resultOf(q: SessionQuestion): { tone: Tone; icon: IconName } {
  if (!isAnswered(q)) return { tone: 'pending', icon: 'timer' };
  if (q.status === 'skipped') return { tone: 'skipped', icon: 'help' };
  const right = q.status === 'correct' || (q.status === 'evaluated' && (q.evaluation?.score ?? 0) >= PASSING_SCORE);
  return right ? { tone: 'right', icon: 'check' } : { tone: 'wrong', icon: 'cross' };
}

export default function QuestionRecap({ questions, label }: { questions: readonly SessionQuestion[]; label: string }) {
  const { t } = useI18n();
  return (
    <ol className="quiz-recap" aria-label={label}>
      {questions.map((q) => {
        const { tone, icon } = resultOf(q);
        const score = isAnswered(q) && q.status === 'evaluated' && q.evaluation ? Math.round(q.evaluation.score) : null;
        const result =
          score !== null
            ? t('quiz.recap.score', { score })
            : t(tone === 'right' ? 'quiz.recap.right' : tone === 'wrong' ? 'quiz.recap.wrong' : tone === 'skipped' ? 'quiz.recap.skipped' : 'quiz.recap.pending');
        return (
          <li key={q.id} className={`quiz-recap-item recap-${tone}`} data-testid="quiz-recap-item">
            <span className="quiz-recap-icon" aria-hidden="true">
              <Icon name={icon} />
            </span>
            <span className="quiz-recap-text">
              <span className="quiz-recap-question">
                {q.index}. {q.question}
              </span>
              <span className="quiz-recap-meta">
                {t(typeLabel[q.type])} · {result}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
