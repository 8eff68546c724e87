// The profile's password section: the current password and a new one, changed through Cognito.
// Guarantees: a new password under RESET_MIN_PASSWORD characters is refused before Cognito is
// asked, the fields are emptied once it is changed, and a wrong current password is named as such.
import { useState, type FormEvent } from 'react';
import { amplify } from '../../auth/amplify';
import { useI18n } from '../../i18n';
import { FormFeedback } from '../../components/FormFeedback';
import { useFlash } from './useFlash';
import { canSubmitPassword, passwordErrorKey, passwordProblem } from './profile-state';

export default function PasswordCard() {
  const { t } = useI18n();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [flash, showFlash] = useFlash();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = passwordProblem(newPassword);
    if (problem) return setError(t(problem));
    setBusy(true);
    setError(null);
    try {
      await (await amplify()).updatePassword({ oldPassword, newPassword });
      setOldPassword('');
      setNewPassword('');
      showFlash('profile.passwordChanged');
    } catch (err) {
      setError(t(passwordErrorKey(err)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="pwd-title">
      <h2 id="pwd-title">{t('profile.password')}</h2>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="pwd-old">{t('profile.currentPassword')}</label>
          <input id="pwd-old" className="input" type="password" autoComplete="current-password" value={oldPassword} onChange={(e) => setOldPassword(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="pwd-new">{t('profile.newPassword')}</label>
          <input
            id="pwd-new"
            className="input"
            type="password"
            autoComplete="new-password"
            aria-describedby="pwd-new-hint"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
          <p id="pwd-new-hint" className="hint">
            {t('profile.newPasswordHint')}
          </p>
        </div>
        <FormFeedback error={error} success={flash ? t(flash) : null} />
        <div>
          <button type="submit" className="btn btn-secondary" disabled={!canSubmitPassword(oldPassword, newPassword, busy)}>
            {busy ? t('common.saving') : t('profile.passwordSubmit')}
          </button>
        </div>
      </form>
    </section>
  );
}
