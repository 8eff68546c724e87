// `/subject/{subjectId}/flashcards`: the subject's review cards — generated from a file or the
// whole subject, made from quiz mistakes, or written by hand — with how many are due now. The
// review goes through the due cards with the keyboard alone and schedules each one from its
// rating (FSRS on the server). Cards can be edited and deleted. `?review=1` (the quiz summary's
// "review my mistakes") starts the review as soon as the cards are known. The list shows the
// cards' fronts, each back on demand, and a search field narrows it.
// The decisions live in components/cards/flashcards-state.ts (unit-tested); this file holds the
// deck and renders it: the hero with the counts, the deck with its filters and search, the
// generation form, the card and delete dialogs, and the review in place of it all.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
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
import {
  DECK_SIZES,
  WHOLE_SUBJECT,
  deckView,
  filterCount,
  filters,
  generateBody,
  generatedNotice,
  reviewQueue,
  sortDeck,
  withAdded,
  withGenerated,
  withReplaced,
  withoutCard,
  type DeckView,
  type Editing,
  type Filter,
} from '../../components/cards/flashcards-state';
import { useWhen } from '../../components/cards/when';
import { ComposerFoot, FileField, LoadingLine, NoFilesHint, StudyEmpty, submitWith } from '../../components/study/StudyParts';
import { useErrorText } from '../../components/study/useErrorText';
import { useFeatureUsage } from '../../components/study/useFeatureUsage';
import { useSubjectFiles } from '../../components/study/useSubjectFiles';
import { useI18n } from '../../i18n';
import { studyPage, subjectPath } from './SubjectLayout';
import '../../styles/study.css';
import '../../styles/cards.css';

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

  const { cards, setCards, loadError, now, setNow, load } = useDeck(subjectId);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [toDelete, setToDelete] = useState<Card | null>(null);
  const [review, setReview] = useState<Card[] | null>(null);
  const deck = useGeneration({ subjectId, allowance, errorText, setCards, setNow, setNotice, setProblem });
  const { generating, shortfall } = deck;
  const reviewButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  const view = useMemo(() => deckView(cards, now, filter, query, isDue), [cards, now, filter, query]);

  const startReview = useCallback(() => {
    const queue = reviewQueue(cards, new Date(), isDue);
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

  const replaceCard = (card: Card) => setCards((list) => withReplaced(list, card));

  const save = async (body: { front: string; back: string }) => {
    if (!editing) return;
    try {
      if (editing.mode === 'add') {
        const card = await cardsApi.create(subjectId, body);
        setCards((list) => withAdded(list, card));
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
    setCards((list) => withoutCard(list, card));
    setToDelete(null);
  };

  if (review) {
    return (
      <div className="cards-page">
        <ReviewSession subjectId={subjectId} queue={review} onReviewed={replaceCard} nextDue={view.nextDue} onExit={exitReview} />
      </div>
    );
  }

  return (
    <div className="cards-page">
      <CardsHero subject={subject} view={view} known={cards !== null} now={now} reviewButton={reviewButton} onReview={startReview} onAdd={() => setEditing({ mode: 'add' })} />

      {generating && <LoadingLine text={t('cards.generatingLong')} className="cards-loading" />}
      <FormFeedback error={problem} success={notice} />
      {shortfall && (
        <p className="hint deck-short" role="status" data-testid="deck-short">
          {shortfall}
        </p>
      )}
      <div className="cards-layout">
        <Deck
          subjectId={subjectId}
          searchId={`${ids}-search`}
          view={view}
          known={cards !== null}
          loadError={loadError}
          onRetry={() => void load()}
          now={now}
          filter={filter}
          onFilter={setFilter}
          query={query}
          onQuery={setQuery}
          onEdit={(card) => setEditing({ mode: 'edit', card })}
          onDelete={setToDelete}
        />
        <DeckForm
          ids={ids}
          subjectId={subjectId}
          files={ready}
          settled={settled}
          scope={deck.scope}
          onScope={deck.setScope}
          count={deck.count}
          onCount={deck.setCount}
          generating={generating}
          usage={allowance.usage}
          onGenerate={deck.generate}
        />
      </div>

      <CardDialogs editing={editing} toDelete={toDelete} onSave={save} onRemove={remove} onCloseEdit={() => setEditing(null)} onCloseDelete={() => setToDelete(null)} />
    </div>
  );
}

/** The subject's cards in due order, the time the due counts are read at, and their loading. */
function useDeck(subjectId: string) {
  const [cards, setCards] = useState<Card[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [now, setNow] = useState(() => new Date());

  const load = useCallback(async () => {
    setLoadError(false);
    try {
      const list = await cardsApi.list(subjectId);
      setCards(sortDeck(list.cards));
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
  return { cards, setCards, loadError, now, setNow, load };
}

interface GenerationNeeds {
  subjectId: string;
  allowance: ReturnType<typeof useFeatureUsage>;
  errorText: ReturnType<typeof useErrorText>;
  setCards: Dispatch<SetStateAction<Card[] | null>>;
  setNow: (now: Date) => void;
  setNotice: (notice: string | null) => void;
  setProblem: (problem: string | null) => void;
}

/** The generation form's choices and the generation: the new deck joins the list, and the notice says how many came. */
function useGeneration({ subjectId, allowance, errorText, setCards, setNow, setNotice, setProblem }: GenerationNeeds) {
  const { t } = useI18n();
  const [scope, setScope] = useState(WHOLE_SUBJECT);
  const [count, setCount] = useState<number>(DECK_SIZE.default);
  const [generating, setGenerating] = useState(false);
  /** Why the last deck holds fewer cards than asked (the server's words). */
  const [shortfall, setShortfall] = useState<string | null>(null);

  const generate = async () => {
    if (generating) return;
    setGenerating(true);
    setProblem(null);
    setNotice(null);
    setShortfall(null);
    try {
      const res = await cardsApi.generate(subjectId, generateBody(scope, count));
      allowance.setUsage(res.usage);
      setCards((list) => withGenerated(list, res.cards));
      setNow(new Date());
      const said = generatedNotice(res.cards.length);
      setNotice(t(said.key, said.params));
      setShortfall(res.shortfall?.message ?? null);
    } catch (err) {
      if (!allowance.capped(err)) setProblem(errorText(err, 'cards.generateError'));
    } finally {
      setGenerating(false);
    }
  };
  return { scope, setScope, count, setCount, generating, shortfall, generate };
}

interface DialogsProps {
  editing: Editing | null;
  toDelete: Card | null;
  onSave: (body: { front: string; back: string }) => Promise<void>;
  onRemove: (card: Card) => Promise<void>;
  onCloseEdit: () => void;
  onCloseDelete: () => void;
}

/** The card being written or edited, and the card about to be deleted. */
function CardDialogs({ editing, toDelete, onSave, onRemove, onCloseEdit, onCloseDelete }: DialogsProps) {
  const { t } = useI18n();
  return (
    <>
    {editing && (
      <CardDialog
        title={editing.mode === 'add' ? t('cards.addTitle') : t('cards.editTitle')}
        initial={editing.mode === 'edit' ? { front: editing.card.front, back: editing.card.back } : undefined}
        onSave={onSave}
        onClose={onCloseEdit}
      />
    )}

    {toDelete && (
      <ConfirmDialog
        title={t('cards.deleteTitle')}
        text={t('cards.deleteText', { front: toDelete.front })}
        confirmLabel={t('cards.deleteConfirm')}
        busyLabel={t('subjects.deleting')}
        onConfirm={() => onRemove(toDelete)}
        onClose={onCloseDelete}
      />
    )}
    </>
  );
}

interface DeckFormProps {
  ids: string;
  subjectId: string;
  files: ReturnType<typeof useSubjectFiles>['ready'];
  /** The files are known (the "no file" hint waits for them). */
  settled: boolean;
  scope: string;
  onScope: (scope: string) => void;
  count: number;
  onCount: (count: number) => void;
  generating: boolean;
  usage: ReturnType<typeof useFeatureUsage>['usage'];
  onGenerate: () => Promise<void>;
}

/** The generation form: from one file or the whole subject, how many cards. */
function DeckForm({ ids, subjectId, files, settled, scope, onScope, count, onCount, generating, usage, onGenerate }: DeckFormProps) {
  const { t } = useI18n();
  return (
    <aside className="cards-aside" aria-labelledby={`${ids}-deck`}>
      <form className="composer deck-form" onSubmit={submitWith(onGenerate)}>
        <h3 id={`${ids}-deck`} className="deck-form-title">
          {t('cards.generateTitle')}
        </h3>
        <div className="deck-form-fields">
          <FileField
            id={`${ids}-scope`}
            label={t('cards.scopeLabel')}
            files={files}
            firstOption={t('cards.scopeSubject')}
            value={scope}
            onChange={(e) => onScope(e.target.value)}
            disabled={generating}
          />
          <div className="field deck-count">
            <label htmlFor={`${ids}-count`}>{t('cards.countLabel')}</label>
            <select id={`${ids}-count`} className="select" value={count} onChange={(e) => onCount(Number(e.target.value))} disabled={generating}>
              {DECK_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        </div>
        {settled && files.length === 0 && <NoFilesHint uploadHref={subjectPath(subjectId, 'upload')} />}
        <ComposerFoot
          usage={usage}
          words="cards"
          busy={generating}
          icon="sparkles"
          label={generating ? t('cards.generating') : t('cards.generate')}
        />
      </form>
    </aside>
  );
}

interface HeroProps {
  subject: Subject;
  view: DeckView;
  /** The cards are loaded (until then the counts read "…"). */
  known: boolean;
  now: Date;
  reviewButton: RefObject<HTMLButtonElement | null>;
  onReview: () => void;
  onAdd: () => void;
}

/** The page's head: the due and total counts, "review", "add a card", the export, the next due date. */
function CardsHero({ subject, view, known, now, reviewButton, onReview, onAdd }: HeroProps) {
  const { t } = useI18n();
  const { due, total } = view;
  return (
    <section className="cards-hero" aria-labelledby="cards-title">
      <div className="study-head-text">
        <h2 id="cards-title">{t('tool.flashcards')}</h2>
        <p className="muted">{t('cards.intro')}</p>
      </div>
      <div className="cards-stats">
        <p className="cards-due" data-testid="cards-due">
          <strong>{!known ? '…' : due}</strong>
          <span>{due === 1 ? t('cards.dueOne') : t('cards.dueMany')}</span>
        </p>
        <p className="cards-total" data-testid="cards-total">
          <strong>{!known ? '…' : total}</strong>
          <span>{total === 1 ? t('cards.totalOne') : t('cards.totalMany')}</span>
        </p>
      </div>
      <div className="cards-hero-actions">
        <button ref={reviewButton} type="button" className="btn btn-primary" onClick={onReview} disabled={due === 0}>
          <Icon name="cards" />
          {t('cards.review')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onAdd}>
          <Icon name="plus" />
          {t('cards.add')}
        </button>
        {total > 0 && <CardsExport subjectId={subject.id} subjectName={subject.name} />}
      </div>
      {view.showNextDue && view.nextDue && <NextDueNote date={view.nextDue} now={now} />}
    </section>
  );
}

interface DeckProps {
  subjectId: string;
  searchId: string;
  view: DeckView;
  known: boolean;
  loadError: boolean;
  onRetry: () => void;
  now: Date;
  filter: Filter;
  onFilter: (filter: Filter) => void;
  query: string;
  onQuery: (query: string) => void;
  onEdit: (card: Card) => void;
  onDelete: (card: Card) => void;
}

/** The deck: its filters with their counts, the search, and the cards shown (or why none is). */
function Deck({ subjectId, searchId, view, known, loadError, onRetry, now, filter, onFilter, query, onQuery, onEdit, onDelete }: DeckProps) {
  const { t } = useI18n();
  const { total, shown, filtered, searching } = view;
  return (
    <section className="deck" aria-labelledby="deck-title">
      <div className="deck-head">
        <h3 id="deck-title">{t('cards.listTitle')}</h3>
        {total > 0 && (
          <div className="deck-filters" role="group" aria-label={t('cards.filterLabel')}>
            {filters.map((f) => {
              const n = filterCount(view, f.value);
              return (
                <button key={f.value} type="button" className="deck-filter" aria-pressed={filter === f.value} onClick={() => onFilter(f.value)}>
                  {t(f.label)} <span className="deck-filter-count">{n}</span>
                </button>
              );
            })}
          </div>
        )}
      </div>
      {!known && !loadError && <p className="muted">{t('app.loading')}</p>}
      {loadError && <RetryAlert message={t('cards.loadError')} onRetry={onRetry} />}
      {known && total === 0 && <StudyEmpty icon="cards" text={t('cards.empty')} />}
      {total > 0 && (
        <div className="deck-search">
          <label htmlFor={searchId} className="visually-hidden">
            {t('cards.search')}
          </label>
          <Icon name="search" />
          <input
            id={searchId}
            type="search"
            className="input deck-search-input"
            placeholder={t('cards.search')}
            value={query}
            onChange={(e) => onQuery(e.target.value)}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {searching ? t('cards.searchCount', { shown: shown.length, total: filtered.length }) : ''}
      </p>
      {view.emptyKey && <p className="muted">{t(view.emptyKey, { query: query.trim() })}</p>}
      {shown.length > 0 && (
        <ul className="deck-list" aria-label={t('cards.listLabel')}>
          {shown.map((card) => (
            <CardItem key={card.id} subjectId={subjectId} card={card} now={now} onEdit={() => onEdit(card)} onDelete={() => onDelete(card)} />
          ))}
        </ul>
      )}
    </section>
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
