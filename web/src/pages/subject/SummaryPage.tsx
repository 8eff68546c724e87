// `/subject/{subjectId}/summary`: a revision sheet of the whole subject or of one ready file, every
// line citing its page. Saving a sheet is for Premium (spec §6 summary_save): the lock shows up
// front and the server's refusal opens the upgrade modal. Saved sheets are listed beside it, to
// reopen or delete; any sheet prints cleanly. The sheet on screen is named in the URL (`?sheet=`),
// so a citation's page and Back lead to the same sheet.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { subjectsApi, type FileView, type Subject } from '../../api/subjects';
import { studyApi, type FeatureUsage, type SheetRecord, type SheetSummary } from '../../api/study';
import ConfirmDialog from '../../components/ConfirmDialog';
import { Icon } from '../../components/ContentParts';
import { FormFeedback } from '../../components/FormFeedback';
import { isCapError, useUpgradeModal } from '../../components/UpgradeModal';
import { usePageTitle } from '../../components/usePageTitle';
import SheetView from '../../components/study/SheetView';
import UsageNote, { type UsageWords } from '../../components/study/UsageNote';
import { useI18n } from '../../i18n';
import { subjectPath, useSubject } from './SubjectLayout';
import '../../styles/study.css';

const sheetWords: UsageWords = {
  none: 'summary.usageNone',
  one: 'summary.usageOne',
  many: 'summary.usageMany',
  unlimited: 'summary.usageUnlimited',
};

const WHOLE_SUBJECT = '';

export default function SummaryPage() {
  const { subject } = useSubject();
  return <SummaryWorkspace key={subject.id} subject={subject} />;
}

function SummaryWorkspace({ subject }: { subject: Subject }) {
  const { t, formatDate } = useI18n();
  const ids = useId();
  const upgrade = useUpgradeModal();
  usePageTitle(`${t('tool.summary')} · ${subject.name}`);
  const subjectId = subject.id;
  const [params, setParams] = useSearchParams();
  const urlId = params.get('sheet');

  const [files, setFiles] = useState<FileView[] | null>(null);
  const [scope, setScope] = useState(WHOLE_SUBJECT);
  const [usage, setUsage] = useState<FeatureUsage | null>(null);
  /** null until known; on any doubt the feature is treated as available (spec §6). */
  const [canSave, setCanSave] = useState<boolean | null>(null);
  const [sheet, setSheet] = useState<SheetRecord | null>(null);
  const [generating, setGenerating] = useState(false);
  const [opening, setOpening] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [savedList, setSavedList] = useState<SheetSummary[] | null>(null);
  const [listError, setListError] = useState(false);
  const [toDelete, setToDelete] = useState<SheetSummary | null>(null);
  const shownId = useRef<string | null>(null);

  const errorText = useCallback((err: unknown) => (err instanceof ApiError && err.message ? err.message : t('study.networkError')), [t]);

  const loadSaved = useCallback(async () => {
    setListError(false);
    try {
      const { sheets } = await studyApi.sheets(subjectId);
      setSavedList(sheets);
    } catch {
      setListError(true);
    }
  }, [subjectId]);

  useEffect(() => {
    void loadSaved();
    studyApi.usage().then(
      (u) => {
        setUsage(u.features.summary_generation);
        setCanSave(u.premium.summary_save);
      },
      () => setCanSave(true),
    );
    subjectsApi.files(subjectId).then(
      ({ files: list }) => setFiles(list),
      () => setFiles([]),
    );
  }, [subjectId, loadSaved]);

  // The sheet named in the URL: reopened from the server unless it is the one on screen.
  useEffect(() => {
    if (!urlId || urlId === shownId.current) return;
    let cancelled = false;
    let done = false;
    shownId.current = urlId;
    setOpening(true);
    setProblem(null);
    setNotice(null);
    setSheet(null);
    studyApi
      .sheet(subjectId, urlId)
      .then(
        (record) => {
          if (cancelled) return;
          setSheet(record);
          setScope(record.file_id ?? WHOLE_SUBJECT);
        },
        (err: unknown) => {
          if (cancelled) return;
          shownId.current = null;
          setProblem(errorText(err));
          setParams({}, { replace: true });
        },
      )
      .finally(() => {
        done = true;
        if (!cancelled) setOpening(false);
      });
    return () => {
      cancelled = true;
      if (!done && shownId.current === urlId) shownId.current = null;
    };
  }, [urlId, subjectId, errorText, setParams]);

  const readyFiles = files?.filter((f) => f.status === 'ready') ?? [];
  const processing = files?.some((f) => f.status === 'processing' || f.status === 'uploading') ?? false;

  const generate = async () => {
    if (generating) return;
    setGenerating(true);
    setProblem(null);
    setNotice(null);
    try {
      const res = await studyApi.generateSheet(subjectId, scope || undefined);
      shownId.current = res.sheet.id;
      setSheet(res.sheet);
      setUsage(res.usage);
      setParams({ sheet: res.sheet.id }, { replace: true });
    } catch (err) {
      if (isCapError(err)) {
        if (err.code === 'usage_limit_reached') setUsage((u) => (u && u.limit !== null ? { ...u, used: u.limit, remaining: 0 } : u));
        upgrade.open(err.message);
      } else {
        setProblem(errorText(err));
      }
    } finally {
      setGenerating(false);
    }
  };

  const save = async () => {
    if (!sheet || saving) return;
    setSaving(true);
    setProblem(null);
    try {
      const saved = await studyApi.saveSheet(subjectId, sheet.id);
      setSheet((s) => (s && s.id === saved.id ? { ...s, ...saved } : s));
      setSavedList((list) => [saved, ...(list ?? []).filter((s) => s.id !== saved.id)]);
      setNotice(t('summary.savedNotice'));
    } catch (err) {
      if (isCapError(err)) {
        if (err.code === 'premium_only') setCanSave(false);
        upgrade.open(err.message);
      } else {
        setProblem(errorText(err));
      }
    } finally {
      setSaving(false);
    }
  };

  const open = (id: string) => {
    if (id !== sheet?.id) setParams({ sheet: id }, { replace: true });
  };

  const remove = async (target: SheetSummary) => {
    try {
      await studyApi.removeSheet(subjectId, target.id);
    } catch (err) {
      throw new Error(errorText(err), { cause: err });
    }
    setSavedList((list) => list?.filter((s) => s.id !== target.id) ?? null);
    setToDelete(null);
    if (target.id === sheet?.id) {
      shownId.current = null;
      setSheet(null);
      setNotice(null);
      setParams({}, { replace: true });
    }
  };

  const sourceOf = (record: SheetRecord) => {
    if (!record.file_id) return t('summary.sourceSubject', { subject: subject.name });
    const file = files?.find((f) => f.id === record.file_id);
    return file ? t('summary.sourceFile', { file: file.display_name }) : null;
  };

  const locked = canSave === false;

  return (
    <div className="study-layout">
      <section className="study-main" aria-labelledby="summary-title">
        <div className="study-head no-print">
          <div className="study-head-text">
            <h2 id="summary-title">{t('tool.summary')}</h2>
            <p className="muted">{t('summary.intro')}</p>
          </div>
        </div>

        <form
          className="composer sheet-form no-print"
          onSubmit={(e) => {
            e.preventDefault();
            void generate();
          }}
        >
          <div className="field">
            <label htmlFor={`${ids}-scope`}>{t('summary.scopeLabel')}</label>
            <select id={`${ids}-scope`} className="select" value={scope} onChange={(e) => setScope(e.target.value)} disabled={generating}>
              <option value={WHOLE_SUBJECT}>{t('summary.scopeSubject')}</option>
              {readyFiles.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.display_name}
                </option>
              ))}
            </select>
            {files !== null && readyFiles.length === 0 && (
              <p className="hint">
                {processing ? (
                  t('study.filesProcessing')
                ) : (
                  <>
                    {t('study.noFiles')} <Link to={subjectPath(subjectId, 'upload')}>{t('subject.addFile')}</Link>
                  </>
                )}
              </p>
            )}
          </div>
          <div className="composer-foot">
            <UsageNote usage={usage} words={sheetWords} />
            <button type="submit" className="btn btn-primary" disabled={generating}>
              <Icon name="sparkles" />
              {generating ? t('summary.generating') : t('summary.generate')}
            </button>
          </div>
        </form>

        <FormFeedback error={problem} />

        {(generating || opening) && (
          <div className="loading-inline" role="status">
            <div className="spinner" aria-hidden="true" />
            <span>{generating ? t('summary.generatingLong') : t('summary.opening')}</span>
          </div>
        )}

        {sheet && !generating && (
          <div className="sheet-card">
            <div className="sheet-toolbar no-print">
              {sheet.saved ? (
                <span className="saved-badge" data-testid="sheet-saved">
                  <Icon name="check" />
                  {t('summary.saved')}
                </span>
              ) : (
                <button type="button" className={`btn btn-sm ${locked ? 'btn-secondary btn-locked' : 'btn-primary'}`} onClick={() => void save()} disabled={saving}>
                  {locked && <Icon name="lock" />}
                  {saving ? t('common.saving') : locked ? t('summary.saveLocked') : t('summary.save')}
                </button>
              )}
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => window.print()}>
                <Icon name="sheet" />
                {t('summary.print')}
              </button>
              {!sheet.saved && locked && <p className="hint sheet-lock-hint">{t('summary.lockedHint')}</p>}
            </div>
            {notice && (
              <div className="no-print">
                <FormFeedback success={notice} />
              </div>
            )}
            <SheetView subjectId={subjectId} sheet={sheet.content} source={sourceOf(sheet) ?? undefined} />
          </div>
        )}

        {!sheet && !generating && !opening && (
          <div className="study-empty no-print">
            <span className="study-empty-icon" aria-hidden="true">
              <Icon name="sheet" />
            </span>
            <p>{t('summary.empty')}</p>
          </div>
        )}
      </section>

      <aside className="card study-aside no-print" aria-labelledby="saved-sheets-title">
        <h2 id="saved-sheets-title">
          {t('summary.savedTitle')}
          {locked && (
            <span className="badge study-premium-badge">
              <Icon name="lock" />
              {t('study.premium')}
            </span>
          )}
        </h2>
        {savedList === null && !listError && <p className="muted">{t('app.loading')}</p>}
        {listError && (
          <div className="alert alert-error" role="alert">
            <p>{t('summary.savedError')}</p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void loadSaved()}>
              {t('common.retry')}
            </button>
          </div>
        )}
        {savedList?.length === 0 && <p className="muted">{locked ? t('summary.savedLocked') : t('summary.savedEmpty')}</p>}
        {savedList && savedList.length > 0 && (
          <ul className="saved-list" aria-label={t('summary.savedTitle')}>
            {savedList.map((s) => (
              <li key={s.id} className={`saved-item${s.id === sheet?.id ? ' current' : ''}`} data-testid="saved-sheet">
                <button type="button" className="saved-open" aria-current={s.id === sheet?.id || undefined} onClick={() => open(s.id)}>
                  <span className="saved-title">{s.title}</span>
                  <span className="saved-meta">{formatDate(s.created_at)}</span>
                </button>
                <button type="button" className="icon-btn icon-btn-sm saved-delete" aria-label={t('summary.deleteLabel', { title: s.title })} onClick={() => setToDelete(s)}>
                  <Icon name="trash" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </aside>

      {toDelete && (
        <ConfirmDialog
          title={t('summary.deleteTitle', { title: toDelete.title })}
          text={t('summary.deleteText')}
          confirmLabel={t('summary.deleteConfirm')}
          busyLabel={t('subjects.deleting')}
          onConfirm={() => remove(toDelete)}
          onClose={() => setToDelete(null)}
        />
      )}
    </div>
  );
}
