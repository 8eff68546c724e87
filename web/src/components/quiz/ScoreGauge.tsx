// The score of an evaluated answer as a ring filled to score/100, coloured by band (weak, fair,
// good), with the figure in the middle. Read as "Score: 72 out of 100".
import { useI18n } from '../../i18n';
import { scoreBand } from './labels';

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export default function ScoreGauge({ score }: { score: number }) {
  const { t } = useI18n();
  const value = Math.max(0, Math.min(100, Math.round(score)));
  return (
    <div className={`score-gauge score-${scoreBand(value)}`} role="img" aria-label={t('quiz.scoreLabel', { score: value })} data-testid="quiz-score">
      <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">
        <circle className="score-track" cx="50" cy="50" r={RADIUS} />
        <circle
          className="score-fill"
          cx="50"
          cy="50"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - value / 100)}
          transform="rotate(-90 50 50)"
        />
      </svg>
      <span className="score-figure" aria-hidden="true">
        <strong>{value}</strong>
        <span>/100</span>
      </span>
    </div>
  );
}
