// Reviewing the cards that are due, one at a time, with the keyboard alone: Space or Enter turns
// the card over, then 1 Again, 2 Hard, 3 Good or 4 Easy rates it. The server schedules the card
// (FSRS) and answers with its next date, said after each rating ("Next review: …") and announced
// to screen readers. The focus stays on the card from one to the next; at the end, the next date
// a card comes back. On a phone the review opens right below the site header, the card and its
// ratings in the same screen.
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { cardsApi, RATINGS, type Card, type Rating } from '../../api/cards';
import { Icon } from '../ContentParts';
import { FormFeedback } from '../FormFeedback';
import Citations from '../study/Citations';
import MathText from '../study/MathText';
import { IconNote } from '../study/StudyParts';
import { useI18n } from '../../i18n';
import { useTouchDevice } from '../useMediaQuery';

/** Screens where the review takes the whole screen below the site header (see cards.css). */
const PHONE_REVIEW = '(max-width: 560px)';
import { ratingLabel, sourceLabel } from './labels';
import { useWhen } from './when';

interface ReviewSessionProps {
  subjectId: string;
  /** The cards to review, in order (the due queue when the review started). */
  queue: readonly Card[];
  /** A card was rated: its new schedule. */
  onReviewed(card: Card): void;
  /** The earliest date a card of the subject is due, once the review is over. */
  nextDue: string | null;
  onExit(): void;
}

const KEYS = ['1', '2', '3', '4'];

/** Keys typed in a field (or a dialog) are not shortcuts. */
const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && Boolean(target.closest('textarea, select, input, [contenteditable="true"], [role="dialog"]'));
/** Space and Enter on a button or link press it. */
const isControl = (target: EventTarget | null): boolean => target instanceof HTMLElement && Boolean(target.closest('button, a'));

export default function ReviewSession({ subjectId, queue, onReviewed, nextDue, onExit }: ReviewSessionProps) {
  const { t } = useI18n();
  const touch = useTouchDevice();
  const when = useWhen();
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<{ rating: Rating; due: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const cardRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLElement>(null);

  // A phone: the review starts at the top of the screen, the subject's bar scrolled away.
  useEffect(() => {
    if (window.matchMedia(PHONE_REVIEW).matches) sectionRef.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, []);

  const card = queue[index] ?? null;
  const done = card === null;

  // The focus stays with the card being reviewed (turned over, then the next one), then moves to
  // the end of the review.
  useEffect(() => {
    if (done) doneRef.current?.focus();
    else cardRef.current?.focus();
  }, [index, flipped, done]);

  const flip = () => {
    if (!card || flipped) return;
    setFlipped(true);
    setAnnouncement(t('review.flipped', { text: card.back }));
  };

  const rate = async (rating: Rating) => {
    if (!card || !flipped || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { card: updated } = await cardsApi.review(subjectId, card.id, rating, card.reps);
      onReviewed(updated);
      setLast({ rating, due: updated.due });
      setAnnouncement(t('review.rated', { rating: t(ratingLabel[rating]), date: when(updated.due) }));
      setFlipped(false);
      setIndex((i) => i + 1);
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : t('review.error'));
    } finally {
      setBusy(false);
    }
  };

  const actions = useRef({ flip, rate });
  actions.current = { flip, rate };
  useEffect(() => {
    if (done) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if ((e.key === ' ' || e.key === 'Enter') && !isControl(e.target)) {
        e.preventDefault();
        actions.current.flip();
        return;
      }
      const at = KEYS.indexOf(e.key);
      if (at >= 0) {
        e.preventDefault();
        void actions.current.rate(RATINGS[at]);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [done]);

  const lastLine = last ? t('review.rated', { rating: t(ratingLabel[last.rating]), date: when(last.due) }) : null;

  return (
    <section ref={sectionRef} className="review" aria-labelledby="review-title" data-testid="review">
      <div className="review-head">
        <h3 id="review-title">{t('review.title')}</h3>
        <span className="review-count" data-testid="review-progress">
          {done ? t('review.progressDone', { total: queue.length }) : t('review.progress', { n: index + 1, total: queue.length })}
        </span>
        <button type="button" className="btn btn-ghost btn-sm review-quit" onClick={onExit}>
          {done ? t('review.backToCards') : t('review.quit')}
        </button>
      </div>
      <div className="progress review-bar" aria-hidden="true">
        <span style={{ width: `${(Math.min(index, queue.length) / Math.max(1, queue.length)) * 100}%` }} />
      </div>

      {lastLine && (
        <p className="review-last" data-testid="review-result">
          <Icon name="calendar" />
          {lastLine}
        </p>
      )}

      {card && (
        <>
          <div
            ref={cardRef}
            className={`flashcard${flipped ? ' flipped' : ''}`}
            role="group"
            tabIndex={-1}
            aria-label={t('review.cardLabel', { n: index + 1, total: queue.length })}
            aria-describedby="review-keys"
            data-testid="review-card"
          >
            <div className="flashcard-side flashcard-front">
              <p className="flashcard-label">
                {t('review.front')}
                <span className={`source-badge source-${card.source}`}>{t(sourceLabel[card.source])}</span>
              </p>
              <p className="flashcard-text">
                <MathText text={card.front} />
              </p>
            </div>
            {flipped && (
              <div className="flashcard-side flashcard-back" data-testid="review-back">
                <p className="flashcard-label">{t('review.back')}</p>
                <p className="flashcard-text">
                  <MathText text={card.back} />
                </p>
                <Citations subjectId={subjectId} citations={card.citations} />
              </div>
            )}
          </div>

          <FormFeedback error={error} />

          {flipped ? (
            <div className="review-ratings" role="group" aria-label={t('review.rateLegend')}>
              {RATINGS.map((rating, i) => (
                <button
                  key={rating}
                  type="button"
                  className={`btn review-rate rate-${rating}`}
                  disabled={busy}
                  onClick={() => void rate(rating)}
                  aria-keyshortcuts={KEYS[i]}
                >
                  <kbd aria-hidden="true">{KEYS[i]}</kbd>
                  {t(ratingLabel[rating])}
                </button>
              ))}
            </div>
          ) : (
            <button type="button" className="btn btn-primary review-flip" onClick={flip} aria-keyshortcuts="Space Enter">
              {t('review.flip')}
              <kbd aria-hidden="true">{t('review.spaceKey')}</kbd>
            </button>
          )}
          <p id="review-keys" className="hint review-keys">
            {touch ? t(flipped ? 'review.rateTouchHint' : 'review.flipTouchHint') : t(flipped ? 'review.rateHint' : 'review.flipHint')}
          </p>
        </>
      )}

      {done && (
        <IconNote icon="check" className="review-done" testId="review-done">
          <div>
            <h4 ref={doneRef} tabIndex={-1}>
              {t('review.doneTitle')}
            </h4>
            <p>{queue.length === 1 ? t('review.doneOne') : t('review.doneMany', { count: queue.length })}</p>
            <p className="muted" data-testid="review-next-due">
              {nextDue ? t('review.nextDue', { date: when(nextDue) }) : t('review.noneLeft')}
            </p>
            <button type="button" className="btn btn-primary" onClick={onExit}>
              {t('review.backToCards')}
            </button>
          </div>
        </IconNote>
      )}

      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
