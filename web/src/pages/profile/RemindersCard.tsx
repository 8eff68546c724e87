// Study reminders by e-mail (Premium): a switch saved on the profile at once. A free account sees
// it locked, with the way to Premium; the server refuses to turn it on for them all the same.
// Guarantees: the switch waits until Premium is known, goes back when saving fails, and a refusal
// for a free account opens the upgrade offer.
import { useEffect, useId, useState } from 'react';
import { profileUpdateSchema } from '@core/profile.js';
import { ApiError, call } from '../../api/client';
import type { PublicProfile } from '../../api/types';
import { SUBSCRIPTION_REFRESH_EVENT, useSession } from '../../auth/session';
import { useI18n } from '../../i18n';
import { FormFeedback } from '../../components/FormFeedback';
import { Icon } from '../../components/ContentParts';
import { isCapError, useUpgradeModal } from '../../components/UpgradeModal';
import { useFlash } from './useFlash';
import { remindersFlash, remindersView } from './profile-state';

export default function RemindersCard({ profile }: { profile: PublicProfile }) {
  const { t } = useI18n();
  const session = useSession();
  const upgrade = useUpgradeModal();
  const ids = useId();
  const [premium, setPremium] = useState<boolean | null>(null);
  const [on, setOn] = useState(profile.study_reminders);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [flash, showFlash] = useFlash();

  useEffect(() => {
    const load = () => {
      call('GET /api/usage', {})
        .then((u) => setPremium(u.premium.study_reminders))
        .catch(() => setPremium(false));
    };
    load();
    window.addEventListener(SUBSCRIPTION_REFRESH_EVENT, load);
    return () => window.removeEventListener(SUBSCRIPTION_REFRESH_EVENT, load);
  }, []);

  const change = async (next: boolean) => {
    setBusy(true);
    setError(null);
    setOn(next);
    try {
      await call('PATCH /api/profile', {}, { study_reminders: next }, { schema: profileUpdateSchema });
      await session.reloadProfile();
      showFlash(remindersFlash(next));
    } catch (err) {
      setOn(!next);
      if (isCapError(err)) {
        setPremium(false);
        upgrade.open(err.message);
      } else setError(err instanceof ApiError ? err.message : t('common.genericError'));
    } finally {
      setBusy(false);
    }
  };

  const view = remindersView(premium, on, busy);
  return (
    <section className="card" aria-labelledby={`${ids}-title`} aria-busy={view.loading} data-testid="reminders-card">
      <h2 id={`${ids}-title`}>{t('profile.reminders')}</h2>
      <div className="field">
        <label className="switch-row">
          <input
            type="checkbox"
            role="switch"
            checked={view.checked}
            disabled={view.disabled}
            aria-describedby={`${ids}-hint`}
            onChange={(e) => void change(e.target.checked)}
          />
          <span>{t('profile.remindersLabel')}</span>
          {view.locked && <Icon name="lock" />}
        </label>
        <p id={`${ids}-hint`} className="hint">
          {t('profile.remindersHint')}
        </p>
      </div>
      {view.locked && (
        <div className="reminders-locked">
          <p className="muted" style={{ margin: 0 }}>
            {t('profile.remindersLocked')}
          </p>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => upgrade.open(t('profile.remindersLocked'))}>
            <Icon name="lock" /> {t('profile.remindersUnlock')}
          </button>
        </div>
      )}
      <FormFeedback error={error} success={flash ? t(flash) : null} />
    </section>
  );
}
