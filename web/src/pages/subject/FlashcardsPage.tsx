// `/subject/{subjectId}/flashcards`: the subject's review cards — generated from a file or the
// whole subject, made from quiz mistakes, or written by hand — with how many are due now. The
// review goes through the due cards with the keyboard alone and schedules each one from its
// rating (FSRS on the server). Cards can be edited and deleted. `?review=1` (the quiz summary's
// "review my mistakes") starts the review as soon as the cards are known. The list shows the
// cards' fronts, each back on demand, and a search field narrows it.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DECK_SIZE } from '@core/limits.js';
import { cardsApi, isDue, type Card } from '../../api/cards';
import type { Subject } from '../../api/subjects';
import ConfirmDialog from '../../components/ConfirmDialog';
import { Icon } from '../../components/ContentParts';
import { FormFeedback } from '../../components/FormFeedback';
import RetryAlert from '../../components/RetryAlert';
import CardDialog from '../../components/cards/CardDialog';
import CardsExport from '../../components/cards/CardsExport';
import CardItem from '../../components/cards/CardItem';
import ReviewSession from '../../components/cards/ReviewSession';
import { searchCards } from '../../components/cards/deck-search';
import { useWhen } from '../../components/cards/when';
import { ComposerFoot, FileField, LoadingLine, NoFilesHint, StudyEmpty, submitWith } from '../../components/study/StudyParts';
import { useErrorText } from '../../components/study/useErrorText';
import { useFeatureUsage } from '../../components/study/useFeatureUsage';
import { useSubjectFiles } from '../../components/study/useSubjectFiles';
import { useI18n, type MessageKey } from '../../i18n';
import { studyPage, subjectPath } from './SubjectLayout';
import '../../styles/study.css';
import '../../styles/cards.css';

const WHOLE_SUBJECT = '';
const DECK_SIZES = [DECK_SIZE.min, 10, DECK_SIZE.default, 30, DECK_SIZE.max];

type Filter = 'all' | 'due' | 'mistake';
const filters: { value: Filter; label: MessageKey }[] = [
  { value: 'all', label: 'cards.filter.all' },
  { value: 'due', label: 'cards.filter.due' },
  { value: 'mistake', label: 'cards.filter.mistake' },
];

type Editing = { mode: 'add' } | { mode: 'edit'; card: Card };

const byDue = (a: Card, b: Card): number => a.due.localeCompare(b.due) || a.created_at.localeCompare(b.created_at);

export default studyPage('flashcards', FlashcardsWorkspace);

function FlashcardsWorkspace({ subject }: { subject: Subject }) {
  const { t } = useI18n();
  const ids = useId();
  const subjectId = subject.id;
  const [params, setParams] = useSearchParams();
  const wantsReview = params.get('review') === '1';
  const allowance = useFeatureUsage('flashcard_generation');
  const { ready, settled } = useSubjectFiles(subjectId);
  const errorText = useErrorText(true);

  const [cards, setCards] = useState<Card[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [now, setNow] = useState(() => new Date());
  const [scope, setScope] = useState(WHOLE_SUBJECT);
  const [count, setCount] = useState<number>(DECK_SIZE.default);
  const [generating, setGenerating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** Why the last deck holds fewer cards than asked (the server's words). */
  const [shortfall, setShortfall] = useState<string | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [toDelete, setToDelete] = useState<Card | null>(null);
  const [review, setReview] = useState<Card[] | null>(null);
  const reviewButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  const load = useCallback(async () => {
    setLoadError(false);
    try {
      const list = await cardsApi.list(subjectId);
      setCards([...list.cards].sort(byDue));
      setNow(new Date());
    } catch {
      setLoadError(true);
    }
  }, [subjectId]);

  useEffect(() => {
    void load();
  }, [load]);

  // Cards come due as time passes: the counts follow, once a minute.
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const dueCards = useMemo(() => (cards ?? []).filter((c) => isDue(c, now)), [cards, now]);
  const mistakes = useMemo(() => (cards ?? []).filter((c) => c.source === 'mistake'), [cards]);
  const filtered = filter === 'due' ? dueCards : filter === 'mistake' ? mistakes : (cards ?? []);
  const shown = useMemo(() => searchCards(filtered, query), [filtered, query]);
  const searching = query.trim() !== '';
  const nextDue = useMemo(() => (cards && cards.length > 0 ? [...cards].sort(byDue)[0].due : null), [cards]);

  const startReview = useCallback(() => {
    const queue = (cards ?? []).filter((c) => isDue(c, new Date())).sort(byDue);
    if (queue.length === 0) return;
    setNotice(null);
    setProblem(null);
    setReview(queue);
  }, [cards]);

  // `?review=1`: straight into the review of the due cards, once; the URL forgets it.
  useEffect(() => {
    if (!wantsReview || cards === null) return;
    startReview();
    setParams({}, { replace: true });
  }, [wantsReview, cards, startReview, setParams]);

  useEffect(() => {
    if (review || !returnFocus.current) return;
    returnFocus.current = false;
    reviewButton.current?.focus();
  }, [review]);

  const exitReview = () => {
    setReview(null);
    setNow(new Date());
    returnFocus.current = true;
    void load();
  };

  const replaceCard = (card: Card) => setCards((list) => list && list.map((c) => (c.id === card.id ? card : c)));

  const generate = async () => {
    if (generating) return;
    setGenerating(true);
    setProblem(null);
    setNotice(null);
    setShortfall(null);
    try {
      const res = await cardsApi.generate(subjectId, { ...(scope ? { file_id: scope } : {}), count });
      allowance.setUsage(res.usage);
      setCards((list) => [...(list ?? []).filter((c) => !res.cards.some((n) => n.id === c.id)), ...res.cards].sort(byDue));
      setNow(new Date());
      const added = res.cards.length;
      setNotice(added === 0 ? t('cards.generatedNone') : added === 1 ? t('cards.generatedOne') : t('cards.generatedMany', { count: added }));
      setShortfall(res.shortfall?.message ?? null);
    } catch (err) {
      if (!allowance.capped(err)) setProblem(errorText(err, 'cards.generateError'));
    } finally {
      setGenerating(false);
    }
  };

  const save = async (body: { front: string; back: string }) => {
    if (!editing) return;
    try {
      if (editing.mode === 'add') {
        const card = await cardsApi.create(subjectId, body);
        setCards((list) => [...(list ?? []), card].sort(byDue));
        // A new card is due from the moment it was made.
        setNow(new Date());
        setNotice(t('cards.added'));
      } else {
        replaceCard(await cardsApi.update(subjectId, editing.card.id, body));
        setNotice(t('cards.updated'));
      }
    } catch (err) {
      throw new Error(errorText(err, 'study.networkError'), { cause: err });
    }
    setProblem(null);
    setEditing(null);
  };

  const remove = async (card: Card) => {
    try {
      await cardsApi.remove(subjectId, card.id);
    } catch (err) {
      throw new Error(errorText(err, 'files.deleteFailed'), { cause: err });
    }
    setCards((list) => list?.filter((c) => c.id !== card.id) ?? null);
    setToDelete(null);
  };

  const total = cards?.length ?? 0;
  const due = dueCards.length;

  if (review) {
    return (
      <div className="cards-page">
        <ReviewSession subjectId={subjectId} queue={review} onReviewed={replaceCard} nextDue={nextDue} onExit={exitReview} />
      </div>
    );
  }

  return (
    <div className="cards-page">
      <section className="cards-hero" aria-labelledby="cards-title">
        <div className="study-head-text">
          <h2 id="cards-title">{t('tool.flashcards')}</h2>
          <p className="muted">{t('cards.intro')}</p>
        </div>
        <div className="cards-stats">
          <p className="cards-due" data-testid="cards-due">
            <strong>{cards === null ? '…' : due}</strong>
            <span>{due === 1 ? t('cards.dueOne') : t('cards.dueMany')}</span>
          </p>
          <p className="cards-total" data-testid="cards-total">
            <strong>{cards === null ? '…' : total}</strong>
            <span>{total === 1 ? t('cards.totalOne') : t('cards.totalMany')}</span>
          </p>
        </div>
        <div className="cards-hero-actions">
          <button ref={reviewButton} type="button" className="btn btn-primary" onClick={startReview} disabled={due === 0}>
            <Icon name="cards" />
            {t('cards.review')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setEditing({ mode: 'add' })}>
            <Icon name="plus" />
            {t('cards.add')}
          </button>
          {total > 0 && <CardsExport subjectId={subjectId} subjectName={subject.name} />}
        </div>
        {cards !== null && total > 0 && due === 0 && nextDue && <NextDueNote date={nextDue} now={now} />}
      </section>

      {generating && <LoadingLine text={t('cards.generatingLong')} className="cards-loading" />}
      <FormFeedback error={problem} success={notice} />
      {shortfall && (
        <p className="hint deck-short" role="status" data-testid="deck-short">
          {shortfall}
        </p>
      )}
      <div className="cards-layout">
        <section className="deck" aria-labelledby="deck-title">
          <div className="deck-head">
            <h3 id="deck-title">{t('cards.listTitle')}</h3>
            {total > 0 && (
              <div className="deck-filters" role="group" aria-label={t('cards.filterLabel')}>
                {filters.map((f) => {
                  const n = f.value === 'due' ? due : f.value === 'mistake' ? mistakes.length : total;
                  return (
                    <button key={f.value} type="button" className="deck-filter" aria-pressed={filter === f.value} onClick={() => setFilter(f.value)}>
                      {t(f.label)} <span className="deck-filter-count">{n}</span>
                    </button>
                  );
                })}
              </div>
            )}
          </div>
          {cards === null && !loadError && <p className="muted">{t('app.loading')}</p>}
          {loadError && <RetryAlert message={t('cards.loadError')} onRetry={() => void load()} />}
          {cards !== null && total === 0 && <StudyEmpty icon="cards" text={t('cards.empty')} />}
          {total > 0 && (
            <div className="deck-search">
              <label htmlFor={`${ids}-search`} className="visually-hidden">
                {t('cards.search')}
              </label>
              <Icon name="search" />
              <input
                id={`${ids}-search`}
                type="search"
                className="input deck-search-input"
                placeholder={t('cards.search')}
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                autoComplete="off"
                enterKeyHint="search"
              />
            </div>
          )}
          <p className="visually-hidden" aria-live="polite">
            {searching ? t('cards.searchCount', { shown: shown.length, total: filtered.length }) : ''}
          </p>
          {cards !== null && total > 0 && shown.length === 0 && (
            <p className="muted">{searching && filtered.length > 0 ? t('cards.searchEmpty', { query: query.trim() }) : t('cards.filterEmpty')}</p>
          )}
          {shown.length > 0 && (
            <ul className="deck-list" aria-label={t('cards.listLabel')}>
              {shown.map((card) => (
                <CardItem key={card.id} subjectId={subjectId} card={card} now={now} onEdit={() => setEditing({ mode: 'edit', card })} onDelete={() => setToDelete(card)} />
              ))}
            </ul>
          )}
        </section>
        <aside className="cards-aside" aria-labelledby={`${ids}-deck`}>
          <form className="composer deck-form" onSubmit={submitWith(generate)}>
            <h3 id={`${ids}-deck`} className="deck-form-title">
              {t('cards.generateTitle')}
            </h3>
            <div className="deck-form-fields">
              <FileField
                id={`${ids}-scope`}
                label={t('cards.scopeLabel')}
                files={ready}
                firstOption={t('cards.scopeSubject')}
                value={scope}
                onChange={(e) => setScope(e.target.value)}
                disabled={generating}
              />
              <div className="field deck-count">
                <label htmlFor={`${ids}-count`}>{t('cards.countLabel')}</label>
                <select id={`${ids}-count`} className="select" value={count} onChange={(e) => setCount(Number(e.target.value))} disabled={generating}>
                  {DECK_SIZES.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {settled && ready.length === 0 && <NoFilesHint uploadHref={subjectPath(subjectId, 'upload')} />}
            <ComposerFoot
              usage={allowance.usage}
              words="cards"
              busy={generating}
              icon="sparkles"
              label={generating ? t('cards.generating') : t('cards.generate')}
            />
          </form>
        </aside>
      </div>

      {editing && (
        <CardDialog
          title={editing.mode === 'add' ? t('cards.addTitle') : t('cards.editTitle')}
          initial={editing.mode === 'edit' ? { front: editing.card.front, back: editing.card.back } : undefined}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}

      {toDelete && (
        <ConfirmDialog
          title={t('cards.deleteTitle')}
          text={t('cards.deleteText', { front: toDelete.front })}
          confirmLabel={t('cards.deleteConfirm')}
          busyLabel={t('subjects.deleting')}
          onConfirm={() => remove(toDelete)}
          onClose={() => setToDelete(null)}
        />
      )}
    </div>
  );
}

function NextDueNote({ date, now }: { date: string; now: Date }) {
  const { t } = useI18n();
  const when = useWhen();
  return (
    <p className="cards-next" data-testid="cards-next-due">
      <Icon name="calendar" />
      {t('cards.nextDue', { date: when(date, now) })}
    </p>
  );
}
