// One card of the subject in the list: front and back, where it comes from (generated, a quiz
// mistake, written by hand), the pages it cites, when it comes back, and edit and delete.
import type { Card } from '../../api/cards';
import { isDue } from '../../api/cards';
import Citations from '../study/Citations';
import MathText from '../study/MathText';
import { Icon } from '../ContentParts';
import { useI18n } from '../../i18n';
import { sourceLabel } from './labels';
import { useWhen } from './when';

/** A pencil, for "edit" (the shared icon set has none). */
function EditIcon() {
  return (
    <svg className="ct-icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M4 20h4L19 9l-4-4L4 16z M13.5 6.5l4 4" />
    </svg>
  );
}

interface CardItemProps {
  subjectId: string;
  card: Card;
  now: Date;
  onEdit(): void;
  onDelete(): void;
}

export default function CardItem({ subjectId, card, now, onEdit, onDelete }: CardItemProps) {
  const { t } = useI18n();
  const when = useWhen();
  const due = isDue(card, now);
  return (
    <li className={`deck-card${due ? ' is-due' : ''}`} data-testid="card-item" data-source={card.source}>
      <div className="deck-card-main">
        <p className="deck-card-front">
          <MathText text={card.front} />
        </p>
        <p className="deck-card-back">
          <MathText text={card.back} />
          <Citations subjectId={subjectId} citations={card.citations} />
        </p>
      </div>
      <div className="deck-card-foot">
        <span className={`source-badge source-${card.source}`} data-testid="card-source">
          {t(sourceLabel[card.source])}
        </span>
        <span className={`deck-card-due${due ? ' due-now' : ''}`} data-testid="card-due">
          {due ? (
            <>
              <Icon name="timer" />
              {t('cards.dueNow')}
            </>
          ) : (
            t('cards.dueOn', { date: when(card.due, now) })
          )}
        </span>
        <span className="deck-card-actions">
          <button type="button" className="icon-btn icon-btn-sm deck-card-btn" aria-label={t('cards.editLabel', { front: card.front })} title={t('cards.edit')} onClick={onEdit}>
            <EditIcon />
          </button>
          <button
            type="button"
            className="icon-btn icon-btn-sm deck-card-btn deck-card-delete"
            aria-label={t('cards.deleteLabel', { front: card.front })}
            title={t('cards.delete')}
            onClick={onDelete}
          >
            <Icon name="trash" />
          </button>
        </span>
      </div>
    </li>
  );
}
