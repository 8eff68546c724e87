// `/subject/{subjectId}/files`: the subject's files with their display name, date and
// status (uploading, processing with a spinner, ready with pages and language, failed with the
// reason), refreshed every 1.5 s while a file is on its way. View opens the PDF viewer, also
// reachable as `?view={fileId}&page=N` so citations can link to a page; a ready file's outline
// unfolds under it ("Plan"), each heading opening the viewer at its page; delete asks first.
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { reloadSubjects, subjectsApi, type FileStatus, type FileView } from '../../api/subjects';
import ConfirmDialog from '../../components/ConfirmDialog';
import { Icon } from '../../components/ContentParts';
import PdfViewer from '../../components/files/PdfViewer';
import FileOutlinePanel from '../../components/files/OutlineList';
import { InlineLoading } from '../../components/LoadingScreen';
import RetryAlert from '../../components/RetryAlert';
import { usePageTitle } from '../../components/usePageTitle';
import { formatFileSize, pageCountLabel } from '../../components/subject-helpers';
import { useI18n, type MessageKey } from '../../i18n';
import { useStudyHeartbeat } from '../../components/progress/useStudyHeartbeat';
import { subjectPath, useSubject } from './SubjectLayout';

export const FILES_POLL_MS = 1500;

const statusLabel: Record<FileStatus, MessageKey> = {
  uploading: 'files.statusUploading',
  processing: 'files.statusProcessing',
  ready: 'files.statusReady',
  failed: 'files.statusFailed',
};

const inProgress = (f: FileView) => f.status === 'uploading' || f.status === 'processing';

function StatusBadge({ status }: { status: FileStatus }) {
  const { t } = useI18n();
  return (
    <span className={`status-badge status-${status}`} data-testid="file-status">
      {(status === 'uploading' || status === 'processing') && <span className="spinner spinner-sm" aria-hidden="true" />}
      {status === 'ready' && <Icon name="check" />}
      {status === 'failed' && <Icon name="cross" />}
      {t(statusLabel[status])}
    </span>
  );
}

export default function FilesPage() {
  const { t, lang, formatDate } = useI18n();
  const { subject } = useSubject();
  const [params, setParams] = useSearchParams();
  const [files, setFiles] = useState<FileView[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [pollMisses, setPollMisses] = useState(0);
  const [toDelete, setToDelete] = useState<FileView | null>(null);
  // The files whose outline is unfolded.
  const [outlines, setOutlines] = useState<ReadonlySet<string>>(() => new Set());
  const toggleOutline = (fileId: string) =>
    setOutlines((open) => {
      const next = new Set(open);
      if (!next.delete(fileId)) next.add(fileId);
      return next;
    });
  usePageTitle(`${t('files.title')} · ${subject.name}`);

  const load = useCallback(async () => {
    try {
      const { files: list } = await subjectsApi.files(subject.id);
      setFiles(list);
      setLoadError(false);
    } catch {
      setLoadError(true);
      setPollMisses((n) => n + 1);
    }
  }, [subject.id]);

  useEffect(() => {
    setFiles(null);
    setLoadError(false);
    void load();
  }, [load]);

  // While a file is uploading or processing, look again every 1.5 s.
  const waiting = files?.some(inProgress) ?? false;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => void load(), FILES_POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, files, pollMisses, load]);

  // A file that just became ready or failed changes the subject's count elsewhere.
  const readyCount = files?.filter((f) => !inProgress(f)).length ?? 0;
  useEffect(() => {
    if (readyCount > 0) void reloadSubjects();
  }, [readyCount]);

  const viewId = params.get('view');
  const viewPage = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  // A citation's link carries its quote (history state): the viewer highlights it on the page.
  const location = useLocation();
  const viewQuote = (location.state as { quote?: unknown } | null)?.quote;
  const viewing = viewId ? (files?.find((f) => f.id === viewId) ?? null) : null;
  // Reading a course in the viewer is studying.
  useStudyHeartbeat(viewing ? subject.id : '');

  const openViewer = (file: FileView, page = 1) => setParams({ view: file.id, page: String(page) });
  const closeViewer = () => setParams({}, { replace: true });
  // Another page no longer shows the cited passage: its quote goes.
  const changePage = (page: number) => setParams({ view: viewId ?? '', page: String(page) }, { replace: true });

  const confirmDelete = async (file: FileView) => {
    try {
      await subjectsApi.removeFile(subject.id, file.id);
    } catch (err) {
      const detail = err instanceof ApiError && err.message ? `\n${err.message}` : '';
      throw new Error(`${t('files.deleteFailed')}${detail}`, { cause: err });
    }
    setFiles((list) => list?.filter((f) => f.id !== file.id) ?? null);
    setToDelete(null);
    void reloadSubjects();
  };

  const languageOf = (f: FileView) => (f.language ? t(f.language === 'fr' ? 'files.lang.fr' : f.language === 'en' ? 'files.lang.en' : 'files.lang.und') : null);

  return (
    <section className="card subject-panel" aria-labelledby="files-title">
      <div className="subject-panel-head">
        <h2 id="files-title">{t('files.title')}</h2>
        <div className="row">
          <Link to={subjectPath(subject.id, 'upload')} className="btn btn-primary btn-sm">
            <Icon name="plus" />
            {t('files.add')}
          </Link>
          <Link to={subjectPath(subject.id)} className="btn btn-ghost btn-sm">
            {t('files.close')}
          </Link>
        </div>
      </div>

      {loadError && !files && <RetryAlert message={t('files.loadError')} onRetry={() => void load()} />}
      {!files && !loadError && <InlineLoading />}

      {files && files.length === 0 && (
        <div className="empty-state">
          <Icon name="folder" className="empty-state-icon" />
          <p>{t('files.empty')}</p>
          <Link to={subjectPath(subject.id, 'upload')} className="btn btn-primary">
            {t('files.add')}
          </Link>
        </div>
      )}

      {files && files.length > 0 && (
        <ul className="file-list" aria-label={t('files.list')}>
          {files.map((file) => {
            const language = languageOf(file);
            const outlineOpen = file.status === 'ready' && outlines.has(file.id);
            const outlineId = `outline-${file.id}`;
            return (
              <li key={file.id} className={`file-row file-${file.status}`} data-testid="file-row" data-status={file.status}>
                <span className="file-icon" aria-hidden="true">
                  <Icon name="sheet" />
                </span>
                <div className="file-info">
                  <p className="file-name">{file.display_name}</p>
                  <p className="file-meta">
                    <span>{t('files.added', { date: formatDate(file.created_at) })}</span>
                    <span>{formatFileSize(file.size, lang)}</span>
                    {file.status === 'ready' && file.page_count !== null && <span data-testid="file-pages">{pageCountLabel(t, file.page_count)}</span>}
                    {file.status === 'ready' && language && <span>{language}</span>}
                  </p>
                  {file.status === 'failed' && <p className="file-error">{file.error?.message || t('files.failedDefault')}</p>}
                </div>
                <StatusBadge status={file.status} />
                <div className="file-actions">
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    aria-label={t('files.viewLabel', { name: file.display_name })}
                    disabled={file.status === 'uploading'}
                    onClick={() => openViewer(file)}
                  >
                    <Icon name="eye" />
                    {t('files.view')}
                  </button>
                  {file.status === 'ready' && (
                    <button
                      type="button"
                      className={`btn btn-ghost btn-sm outline-toggle${outlineOpen ? ' open' : ''}`}
                      aria-label={t('outline.toggleLabel', { name: file.display_name })}
                      aria-expanded={outlineOpen}
                      aria-controls={outlineOpen ? outlineId : undefined}
                      onClick={() => toggleOutline(file.id)}
                    >
                      {t('outline.toggle')}
                      <Icon name="chevron" className="outline-toggle-chevron" />
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm btn-danger-ghost"
                    aria-label={t('files.deleteLabel', { name: file.display_name })}
                    onClick={() => setToDelete(file)}
                  >
                    <Icon name="trash" />
                    {t('files.delete')}
                  </button>
                </div>
                {outlineOpen && (
                  <div id={outlineId} className="file-outline">
                    <FileOutlinePanel subjectId={subject.id} fileId={file.id} onOpen={(page) => openViewer(file, page)} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {loadError && files && (
        <p className="alert alert-error" role="alert">
          {t('files.loadError')}
        </p>
      )}

      {viewing && <PdfViewer subjectId={subject.id} file={viewing} page={viewPage} quote={typeof viewQuote === 'string' ? viewQuote : undefined} onPageChange={changePage} onClose={closeViewer} />}

      {toDelete && (
        <ConfirmDialog
          title={t('files.deleteTitle', { name: toDelete.display_name })}
          text={t('files.deleteText')}
          confirmLabel={t('files.deleteConfirm')}
          busyLabel={t('subjects.deleting')}
          onConfirm={() => confirmDelete(toDelete)}
          onClose={() => setToDelete(null)}
        />
      )}
    </section>
  );
}
