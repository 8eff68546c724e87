// A course file's outline (`GET …/files/{fileId}/outline`): its headings as a list nested by
// level, each one a button or a link that shows its text and its page and opens the file there
// (the PDF viewer). A file without headings, a file still being read and an outline cut short
// each say so. Used by the files page (under a file), the PDF viewer (beside the page) and the
// subject page ("Plan du cours").
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { subjectsApi, type FileOutline, type OutlineEntry } from '../../api/subjects';
import { useI18n } from '../../i18n';
import RetryAlert from '../RetryAlert';
import '../../styles/subjects.css';

/** Looked again every 3 s while the file is still being read. */
export const OUTLINE_POLL_MS = 3000;

// A file's outline does not change once it is read: asked once per file and tab.
const known = new Map<string, Promise<FileOutline>>();

/** The file's outline; shared by every reader of the tab (a pending one is asked again). */
export function loadOutline(subjectId: string, fileId: string): Promise<FileOutline> {
  const key = `${subjectId}/${fileId}`;
  let promise = known.get(key);
  if (!promise) {
    promise = subjectsApi.outline(subjectId, fileId);
    known.set(key, promise);
    promise.then(
      (outline) => {
        if (outline.pending) known.delete(key);
      },
      () => known.delete(key),
    );
  }
  return promise;
}

export interface OutlineState {
  outline: FileOutline | null;
  error: boolean;
  retry(): void;
}

/** The file's outline, loaded while `enabled`, asked again while it is pending. */
export function useOutline(subjectId: string, fileId: string, enabled = true): OutlineState {
  const [outline, setOutline] = useState<FileOutline | null>(null);
  const [error, setError] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setOutline(null);
    setError(false);
  }, [subjectId, fileId]);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    loadOutline(subjectId, fileId).then(
      (loaded) => {
        if (cancelled) return;
        setOutline(loaded);
        setError(false);
      },
      () => {
        if (!cancelled) setError(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [subjectId, fileId, enabled, attempt]);

  const pending = outline?.pending ?? false;
  useEffect(() => {
    if (!enabled || !pending) return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), OUTLINE_POLL_MS);
    return () => clearTimeout(timer);
  }, [enabled, pending, outline]);

  const retry = useCallback(() => {
    setError(false);
    setAttempt((n) => n + 1);
  }, []);
  return { outline, error, retry };
}

interface OutlineNode {
  entry: OutlineEntry;
  index: number;
  children: OutlineNode[];
}

/** The entries as a tree: each heading holds the deeper ones that follow it. */
export function outlineTree(entries: OutlineEntry[]): OutlineNode[] {
  const roots: OutlineNode[] = [];
  const open: OutlineNode[] = [];
  entries.forEach((entry, index) => {
    const node: OutlineNode = { entry, index, children: [] };
    while (open.length > 0 && open[open.length - 1].entry.level >= entry.level) open.pop();
    (open.length > 0 ? open[open.length - 1].children : roots).push(node);
    open.push(node);
  });
  return roots;
}

/** The index of the heading whose section holds `page`: the last one at or before it. */
export function currentEntry(entries: OutlineEntry[], page: number | undefined): number {
  if (page === undefined) return -1;
  let found = -1;
  entries.forEach((entry, i) => {
    if (entry.page <= page) found = i;
  });
  return found;
}

export interface OutlineTarget {
  /** Where an entry leads (another page of the app)… */
  to?(page: number): string;
  /** …or what it does (the viewer or the files page open the page themselves). */
  onOpen?(page: number): void;
}

interface OutlineListProps extends OutlineTarget {
  outline: FileOutline;
  /** The page shown beside the list (the viewer): its section is marked. */
  currentPage?: number;
  className?: string;
}

/** The outline's headings nested by level, or what stands in for them. */
export function OutlineList({ outline, currentPage, to, onOpen, className }: OutlineListProps) {
  const { t } = useI18n();
  const current = currentEntry(outline.entries, currentPage);

  if (outline.pending) return <p className={`outline-note${className ? ` ${className}` : ''}`}>{t('outline.pending')}</p>;
  if (outline.entries.length === 0) return <p className={`outline-note${className ? ` ${className}` : ''}`}>{t('outline.empty')}</p>;

  const renderEntry = ({ entry, index }: OutlineNode) => {
    const label = t('outline.entry', { text: entry.text, page: entry.page });
    const body = (
      <>
        <span className="outline-text">{entry.text}</span>{' '}
        <span className="outline-page" aria-hidden="true">
          {t('outline.page', { page: entry.page })}
        </span>
      </>
    );
    const common = {
      className: `outline-entry outline-level-${Math.min(3, Math.max(1, entry.level))}`,
      'aria-label': label,
      'aria-current': index === current ? ('location' as const) : undefined,
      'data-testid': 'outline-entry',
    };
    return to ? (
      <Link {...common} to={to(entry.page)}>
        {body}
      </Link>
    ) : (
      <button {...common} type="button" onClick={() => onOpen?.(entry.page)}>
        {body}
      </button>
    );
  };

  const renderNodes = (nodes: OutlineNode[], depth: number) => (
    <ul className={depth === 0 ? 'outline-list' : 'outline-list outline-sublist'} aria-label={depth === 0 ? t('outline.list', { name: outline.file_name }) : undefined}>
      {nodes.map((node) => (
        <li key={node.index}>
          {renderEntry(node)}
          {node.children.length > 0 && renderNodes(node.children, depth + 1)}
        </li>
      ))}
    </ul>
  );

  return (
    <div className={`outline${className ? ` ${className}` : ''}`}>
      {renderNodes(outlineTree(outline.entries), 0)}
      {outline.truncated && <p className="outline-note">{t('outline.truncated')}</p>}
    </div>
  );
}

interface FileOutlineProps extends OutlineTarget {
  subjectId: string;
  fileId: string;
  currentPage?: number;
  className?: string;
}

/** A file's outline, loaded here: a spinner first, an error with a retry button. */
export default function FileOutlinePanel({ subjectId, fileId, ...rest }: FileOutlineProps) {
  const { t } = useI18n();
  const { outline, error, retry } = useOutline(subjectId, fileId);
  if (error && !outline) return <RetryAlert message={t('outline.loadError')} onRetry={retry} className="outline-error" />;
  if (!outline) {
    return (
      <div className="outline-loading" role="status">
        <span className="spinner spinner-sm" aria-hidden="true" />
        <span>{t('app.loading')}</span>
      </div>
    );
  }
  return <OutlineList outline={outline} {...rest} />;
}
