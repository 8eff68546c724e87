// "Télécharger mes données" on the profile: starts an export of the whole account (built in the
// background by the server), shows its progress, then offers the zip through a signed link the
// server gives its owner for the day the export stays downloadable. Decisions live in
// data-export-state.ts; this component renders them.
import { useCallback, useEffect, useState } from 'react';
import { EXPORT_DAILY_LIMIT, EXPORT_DOWNLOAD_HOURS } from '@core/data-export.js';
import { exportsApi, type ExportView } from '../../api/exports';
import { Icon } from '../ContentParts';
import { useErrorText } from '../study/useErrorText';
import { useI18n } from '../../i18n';
import { canStartExport, EXPORT_POLL_MS, exportCardState, shouldPoll, sizeLabel } from './data-export-state';

/** Follows a link the browser downloads (the storage answers it as an attachment). */
function follow(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

export default function DataExportCard() {
  const { t, lang, formatDate } = useI18n();
  const errorText = useErrorText(true);
  const [exports, setExports] = useState<ExportView[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setExports(await exportsApi.list());
    } catch (err) {
      setError(errorText(err, 'profile.exportLoadError'));
      // The student may still ask for an export (the server refuses a second one if one runs).
      setExports((list) => list ?? []);
    }
  }, [errorText]);

  useEffect(() => {
    void load();
  }, [load]);

  const state = exportCardState(exports ?? []);
  useEffect(() => {
    if (!shouldPoll(state)) return;
    const timer = setTimeout(() => void load(), EXPORT_POLL_MS);
    return () => clearTimeout(timer);
  }, [state, load]);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const started = await exportsApi.start();
      setExports((list) => [started, ...(list ?? [])]);
    } catch (err) {
      setError(errorText(err, 'profile.exportError'));
    } finally {
      setBusy(false);
    }
  };

  const download = async (id: string) => {
    setBusy(true);
    setError(null);
    try {
      follow((await exportsApi.link(id)).url);
    } catch (err) {
      setError(errorText(err, 'profile.exportError'));
      void load();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="export-title" aria-busy={exports === null} data-testid="data-export-card">
      <h2 id="export-title">{t('profile.exportTitle')}</h2>
      <p className="muted">{t('profile.exportIntro', { hours: EXPORT_DOWNLOAD_HOURS, limit: EXPORT_DAILY_LIMIT })}</p>
      {state.kind === 'running' && (
        <div className="form-row" role="status">
          <label htmlFor="export-progress">{t('profile.exportRunning', { percent: state.percent })}</label>
          <progress id="export-progress" max={100} value={state.percent} style={{ width: '100%' }} />
        </div>
      )}
      {state.kind === 'ready' && (
        <p role="status">
          {t('profile.exportReady', { until: state.until ? formatDate(state.until) : '' })}
          {state.size !== null ? ` (${sizeLabel(state.size, lang)})` : ''}
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="alert alert-error" role="alert">
          {t('profile.exportFailed')}
        </p>
      )}
      {state.kind === 'expired' && <p className="muted">{t('profile.exportExpired')}</p>}
      <div className="actions" style={{ display: 'flex', gap: 'var(--space-3)', flexWrap: 'wrap' }}>
        {state.kind === 'ready' && (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void download(state.id)} data-testid="data-export-download">
            <Icon name="download" />
            {t('profile.exportDownload')}
          </button>
        )}
        <button type="button" className="btn btn-secondary" disabled={busy || exports === null || !canStartExport(state)} onClick={() => void start()} data-testid="data-export-start">
          {state.kind === 'none' ? t('profile.exportStart') : t('profile.exportAgain')}
        </button>
      </div>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
    </section>
  );
}
