// A confirmation before an action that cannot be undone (deleting a subject or a file): the
// question, what will be lost, and the error where the action happened if it fails.
import { useId, useState, type ReactNode } from 'react';
import Dialog from './Dialog';
import { useI18n } from '../i18n';
import '../styles/subjects.css';

interface ConfirmDialogProps {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  /** Resolves when done (the caller closes the dialog); rejects with the message to show. */
  onConfirm(): Promise<void>;
  onClose(): void;
}

export default function ConfirmDialog({ title, text, confirmLabel, busyLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useI18n();
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t('common.genericError'));
      setBusy(false);
    }
  };

  return (
    <Dialog labelledBy={`${ids}-title`} describedBy={`${ids}-text`} closeLabel={t('common.close')} onClose={() => !busy && onClose()}>
      <h2 id={`${ids}-title`} className="confirm-title">
        {title}
      </h2>
      <p id={`${ids}-text`} className="muted">
        {text}
      </p>
      {error && (
        <div className="alert alert-error" role="alert" style={{ marginBottom: 'var(--space-4)', whiteSpace: 'pre-line' }}>
          {error}
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void confirm()}>
          {busy ? busyLabel : confirmLabel}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
