// One card of the subject in the list: its front, its back shown on demand (a student can test
// themselves on the list too), where it comes from (generated, a quiz mistake, written by hand),
// the pages it cites, when it comes back, and edit and delete.
import { useId, useState } from 'react';
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
  const backId = useId();
  const [open, setOpen] = useState(false);
  return (
    <li className={`deck-card${due ? ' is-due' : ''}`} data-testid="card-item" data-source={card.source}>
      <div className="deck-card-top">
        <p className="deck-card-front">
          <MathText text={card.front} />
        </p>
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
      <div className="deck-card-foot">
        <button
          type="button"
          className="link-btn deck-card-toggle"
          aria-expanded={open}
          aria-controls={backId}
          aria-label={t(open ? 'cards.hideAnswerLabel' : 'cards.showAnswerLabel', { front: card.front })}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name="chevron" className={open ? 'deck-card-chevron open' : 'deck-card-chevron'} />
          {open ? t('cards.hideAnswer') : t('cards.showAnswer')}
        </button>
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
      </div>
      <div id={backId} className="deck-card-back" hidden={!open} data-testid="card-back">
        <p className="deck-card-back-text">
          <MathText text={card.back} />
        </p>
        <Citations subjectId={subjectId} citations={card.citations} />
      </div>
    </li>
  );
}
