// The grading of an open answer: the score as a gauge, what was good, what
// to improve, the notions missing, the pages to reread (cited), the key points expected and a
// model answer.
import type { ReactNode } from 'react';
import type { Evaluation } from '../../api/quiz';
import { Icon, type IconName } from '../ContentParts';
import Citations from '../study/Citations';
import MathText from '../study/MathText';
import { useI18n } from '../../i18n';
import ScoreGauge from './ScoreGauge';
import { scoreBand } from './labels';

function Part({ title, icon, className, children }: { title: string; icon: IconName; className: string; children: ReactNode }) {
  return (
    <section className={`eval-part ${className}`}>
      <h4 className="eval-part-title">
        <Icon name={icon} />
        {title}
      </h4>
      {children}
    </section>
  );
}

function Items({ items }: { items: readonly string[] }) {
  return (
    <ul className="eval-list">
      {items.map((item, i) => (
        <li key={i}>
          <MathText text={item} />
        </li>
      ))}
    </ul>
  );
}

export default function EvaluationView({ subjectId, evaluation }: { subjectId: string; evaluation: Evaluation }) {
  const { t } = useI18n();
  const band = scoreBand(evaluation.score);
  return (
    <div className="evaluation" data-testid="evaluation">
      <div className="eval-score">
        <ScoreGauge score={evaluation.score} />
        <div>
          <p className="eval-score-title">{t(band === 'good' ? 'quiz.score.good' : band === 'fair' ? 'quiz.score.fair' : 'quiz.score.weak')}</p>
          <p className="muted">{t('quiz.scoreHint')}</p>
        </div>
      </div>
      <div className="eval-grid">
        {evaluation.strengths.length > 0 && (
          <Part title={t('quiz.strengths')} icon="check" className="eval-strengths">
            <Items items={evaluation.strengths} />
          </Part>
        )}
        {evaluation.improvements.length > 0 && (
          <Part title={t('quiz.improvements')} icon="arrow" className="eval-improvements">
            <Items items={evaluation.improvements} />
          </Part>
        )}
      </div>
      {evaluation.missing_concepts.length > 0 && (
        <Part title={t('quiz.missing')} icon="search" className="eval-missing">
          <ul className="eval-chips">
            {evaluation.missing_concepts.map((concept, i) => (
              <li key={i}>{concept}</li>
            ))}
          </ul>
        </Part>
      )}
      {evaluation.further_study.length > 0 && (
        <Part title={t('quiz.furtherStudy')} icon="sheet" className="eval-study">
          <ul className="eval-list" data-testid="further-study">
            {evaluation.further_study.map((line, i) => (
              <li key={i}>
                <MathText text={line.text} />
                <Citations subjectId={subjectId} citations={line.citations} />
              </li>
            ))}
          </ul>
        </Part>
      )}
      <Part title={t('quiz.keyPoints')} icon="target" className="eval-keys">
        <Items items={evaluation.key_points} />
      </Part>
      <Part title={t('quiz.modelAnswer')} icon="bulb" className="eval-model">
        <p className="eval-model-text">
          <MathText text={evaluation.model_answer} />
        </p>
      </Part>
    </div>
  );
}
