// Asks for the title under which something is saved (a conversation), prefilled with a default;
// the error of the save shows in the dialog.
import { useId, useState, type FormEvent } from 'react';
import Dialog from '../Dialog';
import { FormFeedback } from '../FormFeedback';
import { useI18n } from '../../i18n';

export const TITLE_MAX = 120;

interface TitleDialogProps {
  title: string;
  label: string;
  initial: string;
  /** Resolves when saved (the caller closes the dialog); rejects with the message to show. */
  onSave(title: string): Promise<void>;
  onClose(): void;
}

export default function TitleDialog({ title, label, initial, onSave, onClose }: TitleDialogProps) {
  const { t } = useI18n();
  const ids = useId();
  const [value, setValue] = useState(initial.slice(0, TITLE_MAX));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = value.trim();
    if (!next) {
      setError(t('study.titleRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave(next);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t('common.genericError'));
      setBusy(false);
    }
  };

  return (
    <Dialog labelledBy={`${ids}-title`} closeLabel={t('common.close')} onClose={() => !busy && onClose()}>
      <h2 id={`${ids}-title`} className="confirm-title">
        {title}
      </h2>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-input`}>{label}</label>
          <input
            id={`${ids}-input`}
            className="input"
            value={value}
            maxLength={TITLE_MAX}
            onChange={(e) => setValue(e.target.value)}
            onFocus={(e) => e.target.select()}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <FormFeedback error={error} />
        <div className="dialog-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.saving') : t('common.save')}
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
