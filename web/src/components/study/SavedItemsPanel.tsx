// A subject's saved conversations or revision sheets, listed beside the page that makes them:
// each one reopens into the page, or is deleted after a confirmation. `useSavedItems` reads the
// list; the page puts in it what it saves, the panel takes out what it deletes.
import { useState } from 'react';
import { studyApi, type ConversationSummary, type SheetSummary } from '../../api/study';
import { podcastApi, type PodcastView } from '../../api/podcasts';
import ConfirmDialog from '../ConfirmDialog';
import { Icon } from '../ContentParts';
import RetryAlert from '../RetryAlert';
import { useLoaded } from '../useLoaded';
import { useI18n, type MessageKey } from '../../i18n';
import { useErrorText } from './useErrorText';

interface SavedItemOf {
  conversation: ConversationSummary;
  sheet: SheetSummary;
  podcast: PodcastView;
}

export type SavedKind = keyof SavedItemOf;
type SavedItem<K extends SavedKind> = SavedItemOf[K];
type I18n = ReturnType<typeof useI18n>;

interface KindSpec<T> {
  /** The section of the page's words: `{section}.savedTitle`, `{section}.deleteLabel`… */
  section: 'question' | 'summary' | 'podcast';
  headingId: string;
  testId: string;
  /** The empty list's words when saving is for Premium and the student has not got it. */
  lockedEmpty?: MessageKey;
  list(subjectId: string): Promise<T[]>;
  remove(subjectId: string, id: string): Promise<unknown>;
  /** The line under the title. */
  meta(item: T, i18n: I18n): string;
}

const kinds: { [K in SavedKind]: KindSpec<SavedItem<K>> } = {
  conversation: {
    section: 'question',
    headingId: 'saved-conversations-title',
    testId: 'saved-conversation',
    list: (subjectId) => studyApi.conversations(subjectId).then(({ conversations }) => conversations),
    remove: (subjectId, id) => studyApi.removeConversation(subjectId, id),
    meta: (c, { t, formatDate }) =>
      `${formatDate(c.updated_at)} · ${c.turn_count === 1 ? t('question.turnsOne') : t('question.turnsMany', { count: c.turn_count })}`,
  },
  sheet: {
    section: 'summary',
    headingId: 'saved-sheets-title',
    testId: 'saved-sheet',
    lockedEmpty: 'summary.savedLocked',
    list: (subjectId) => studyApi.sheets(subjectId).then(({ sheets }) => sheets),
    remove: (subjectId, id) => studyApi.removeSheet(subjectId, id),
    meta: (s, { formatDate }) => formatDate(s.created_at),
  },
  // A subject's podcasts: the saved ones and the drafts of the last 24 hours.
  podcast: {
    section: 'podcast',
    headingId: 'subject-podcasts-title',
    testId: 'subject-podcast',
    list: (subjectId) => podcastApi.ofSubject(subjectId).then(({ podcasts }) => podcasts),
    remove: (_subjectId, id) => podcastApi.remove(id),
    meta: (p, { t, formatDate }) =>
      [
        t(`podcast.duration.${p.duration}`),
        formatDate(p.created_at),
        p.status === 'ready' ? t(p.saved ? 'podcast.saved' : 'podcast.draft') : t(`podcast.status.${p.status}`),
      ].join(' · '),
  },
};

export interface SavedItems<K extends SavedKind> {
  kind: K;
  subjectId: string;
  /** null until the list is known. */
  items: SavedItem<K>[] | null;
  /** The list could not be read. */
  error: boolean;
  reload(): Promise<void>;
  /** An item just saved: first in the list. */
  put(item: SavedItem<K>): void;
  /** A saved item that changed: first in the list, once the list is known. */
  refresh(item: SavedItem<K>): void;
  /** An item deleted: out of the list. */
  drop(id: string): void;
}

const first = <T extends { id: string }>(item: T, list: T[]): T[] => [item, ...list.filter((i) => i.id !== item.id)];

export function useSavedItems<K extends SavedKind>(kind: K, subjectId: string): SavedItems<K> {
  const spec: KindSpec<SavedItem<K>> = kinds[kind];
  const { value: items, error, reload, update } = useLoaded(subjectId, spec.list);
  return {
    kind,
    subjectId,
    items,
    error,
    reload,
    put: (item) => update((list) => first(item, list ?? [])),
    refresh: (item) => update((list) => list && first(item, list)),
    drop: (id) => update((list) => list?.filter((i) => i.id !== id) ?? null),
  };
}

interface SavedItemsPanelProps<K extends SavedKind> {
  saved: SavedItems<K>;
  /** The item on screen. */
  currentId?: string;
  onOpen(item: SavedItem<K>): void;
  /** After a deletion (the page clears the item if it was on screen). */
  onDeleted?(item: SavedItem<K>): void;
  /** Saving is for Premium and the student has not got it. */
  locked?: boolean;
  className?: string;
}

export default function SavedItemsPanel<K extends SavedKind>({ saved, currentId, onOpen, onDeleted, locked = false, className }: SavedItemsPanelProps<K>) {
  const i18n = useI18n();
  const { t } = i18n;
  const errorText = useErrorText();
  const spec: KindSpec<SavedItem<K>> = kinds[saved.kind];
  const { section } = spec;
  const { items } = saved;
  const [toDelete, setToDelete] = useState<SavedItem<K> | null>(null);

  const remove = async (item: SavedItem<K>) => {
    try {
      await spec.remove(saved.subjectId, item.id);
    } catch (err) {
      throw new Error(errorText(err), { cause: err });
    }
    saved.drop(item.id);
    setToDelete(null);
    onDeleted?.(item);
  };

  return (
    <>
      <aside className={`card study-aside${className ? ` ${className}` : ''}`} aria-labelledby={spec.headingId}>
        <h2 id={spec.headingId}>
          {t(`${section}.savedTitle`)}
          {locked && (
            <span className="badge study-premium-badge">
              <Icon name="lock" />
              {t('study.premium')}
            </span>
          )}
        </h2>
        {items === null && !saved.error && <p className="muted">{t('app.loading')}</p>}
        {saved.error && <RetryAlert message={t(`${section}.savedError`)} onRetry={() => void saved.reload()} />}
        {items?.length === 0 && <p className="muted">{t(locked && spec.lockedEmpty ? spec.lockedEmpty : `${section}.savedEmpty`)}</p>}
        {items && items.length > 0 && (
          <ul className="saved-list" aria-label={t(`${section}.savedTitle`)}>
            {items.map((item) => (
              <li key={item.id} className={`saved-item${item.id === currentId ? ' current' : ''}`} data-testid={spec.testId}>
                <button type="button" className="saved-open" aria-current={item.id === currentId || undefined} onClick={() => onOpen(item)}>
                  <span className="saved-title">{item.title}</span>
                  <span className="saved-meta">{spec.meta(item, i18n)}</span>
                </button>
                <button
                  type="button"
                  className="icon-btn icon-btn-sm saved-delete"
                  aria-label={t(`${section}.deleteLabel`, { title: item.title })}
                  onClick={() => setToDelete(item)}
                >
                  <Icon name="trash" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </aside>

      {toDelete && (
        <ConfirmDialog
          title={t(`${section}.deleteTitle`, { title: toDelete.title })}
          text={t(`${section}.deleteText`)}
          confirmLabel={t(`${section}.deleteConfirm`)}
          busyLabel={t('subjects.deleting')}
          onConfirm={() => remove(toDelete)}
          onClose={() => setToDelete(null)}
        />
      )}
    </>
  );
}
