// Writes or edits a card by hand: its front (a question or a notion) and its back (the answer).
// The error of the save shows in the dialog.
import { useId, useState, type FormEvent } from 'react';
import { BACK_MAX, FRONT_MAX } from '../../api/cards';
import Dialog from '../Dialog';
import { FormFeedback } from '../FormFeedback';
import { useI18n } from '../../i18n';

interface CardDialogProps {
  title: string;
  initial?: { front: string; back: string };
  /** Resolves when saved (the caller closes the dialog); rejects with the message to show. */
  onSave(card: { front: string; back: string }): Promise<void>;
  onClose(): void;
}

export default function CardDialog({ title, initial, onSave, onClose }: CardDialogProps) {
  const { t } = useI18n();
  const ids = useId();
  const [front, setFront] = useState(initial?.front ?? '');
  const [back, setBack] = useState(initial?.back ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ front: boolean; back: boolean }>({ front: false, back: false });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = { front: front.trim(), back: back.trim() };
    if (!next.front || !next.back) {
      setMissing({ front: !next.front, back: !next.back });
      setError(t('cards.required'));
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
          <label htmlFor={`${ids}-front`}>{t('cards.front')}</label>
          <textarea
            id={`${ids}-front`}
            className="input card-field"
            rows={2}
            value={front}
            maxLength={FRONT_MAX}
            onChange={(e) => {
              setFront(e.target.value);
              setMissing((m) => ({ ...m, front: false }));
            }}
            aria-invalid={missing.front || undefined}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-back`}>{t('cards.back')}</label>
          <textarea
            id={`${ids}-back`}
            className="input card-field"
            rows={4}
            value={back}
            maxLength={BACK_MAX}
            onChange={(e) => {
              setBack(e.target.value);
              setMissing((m) => ({ ...m, back: false }));
            }}
            aria-invalid={missing.back || undefined}
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
