// The profile's danger zone: deleting the account, confirmed in a dialog by typing the word
// ("SUPPRIMER" in French). Guarantees: nothing is sent until the word is typed, the dialog cannot
// be closed while the deletion runs (closing it forgets what was typed; "Annuler" only hides it),
// and a deleted account is signed out and sent home.
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, call } from '../../api/client';
import { useSession } from '../../auth/session';
import { useI18n } from '../../i18n';
import Dialog from '../../components/Dialog';
import { deletionConfirmed } from './profile-state';

export default function DeleteCard() {
  const { t } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const word = t('profile.deleteWord');

  const confirmDelete = async (e: FormEvent) => {
    e.preventDefault();
    if (!deletionConfirmed(typed, word)) return;
    setBusy(true);
    setError(null);
    try {
      await call('DELETE /api/account', {});
      await session.signOut();
      navigate('/', { replace: true });
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiError ? err.message : t('common.genericError'));
    }
  };

  return (
    <section className="card danger-card" aria-labelledby="delete-title">
      <h2 id="delete-title">{t('profile.danger')}</h2>
      <p className="muted">{t('profile.deleteIntro')}</p>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        {t('profile.delete')}
      </button>
      {open && (
        <DeleteDialog
          word={word}
          typed={typed}
          onType={setTyped}
          busy={busy}
          error={error}
          onSubmit={confirmDelete}
          onCancel={() => setOpen(false)}
          onClose={() => {
            if (!busy) {
              setOpen(false);
              setTyped('');
              setError(null);
            }
          }}
        />
      )}
    </section>
  );
}

interface DeleteDialogProps {
  word: string;
  typed: string;
  onType: (typed: string) => void;
  busy: boolean;
  error: string | null;
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
  onClose: () => void;
}

/** The confirmation: the word to type, the error if the deletion failed, confirm and cancel. */
function DeleteDialog({ word, typed, onType, busy, error, onSubmit, onCancel, onClose }: DeleteDialogProps) {
  const { t } = useI18n();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog labelledBy={titleId} describedBy={textId} closeLabel={t('common.close')} onClose={onClose}>
      <h2 id={titleId} style={{ paddingRight: 'var(--space-5)' }}>
        {t('profile.deleteConfirmTitle')}
      </h2>
      <p id={textId} className="muted">
        {t('profile.deleteConfirmText', { word })}
      </p>
      <form className="form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="delete-confirm">{t('profile.deleteConfirmLabel')}</label>
          <input id="delete-confirm" className="input" type="text" autoComplete="off" value={typed} onChange={(e) => onType(e.target.value)} />
        </div>
        {error && (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        )}
        <div className="dialog-actions">
          <button type="submit" className="btn btn-danger" disabled={busy || !deletionConfirmed(typed, word)}>
            {busy ? t('profile.deleting') : t('profile.deleteConfirm')}
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={onCancel}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
