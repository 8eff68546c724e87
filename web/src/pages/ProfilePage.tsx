// `/profile`: profile fields, subscription status, referral programme, password change,
// sign-out, the export of every subject's cards, the download of all the student's data and account
// deletion.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { amplify } from '../auth/amplify';
import { profileUpdateSchema, SCHOOL_MAX, SPECIALIZATION_MAX, type EducationLevel } from '@core/profile.js';
import { ApiError, call } from '../api/client';
import type { PublicProfile, ReferralSummary, SubscriptionInfo } from '../api/types';
import { SUBSCRIPTION_REFRESH_EVENT, useSession } from '../auth/session';
import { useI18n, type MessageKey } from '../i18n';
import { useLanguageSetting } from '../auth/language-setting';
import { usePageTitle } from '../components/usePageTitle';
import { InlineLoading } from '../components/LoadingScreen';
import EducationLevelSelect from '../components/EducationLevelSelect';
import Dialog from '../components/Dialog';
import { FormFeedback } from '../components/FormFeedback';
import { useCheckout, useRedirectTo } from '../components/useCheckout';
import { createPortalSession } from '../api/billing';
import PromoForm from '../components/PromoForm';
import { Icon } from '../components/ContentParts';
import { isCapError, useUpgradeModal } from '../components/UpgradeModal';
import DataExportCard from '../components/profile/DataExportCard';
import CardsExportCard from '../components/profile/CardsExportCard';

export const SUCCESS_MESSAGE_MS = 3000;
/** How often the status is read again after checkout, until the webhook has landed. */
const CHECKOUT_REFRESH_MS = 2000;
const RESET_MIN_PASSWORD = 8;

function useFlash(): [MessageKey | null, (key: MessageKey) => void] {
  const [flash, setFlash] = useState<MessageKey | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const show = useCallback((key: MessageKey) => {
    setFlash(key);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setFlash(null), SUCCESS_MESSAGE_MS);
  }, []);
  return [flash, show];
}

export default function ProfilePage() {
  const { t } = useI18n();
  const session = useSession();
  usePageTitle(t('profile.title'));

  if (!session.profile) {
    if (!session.profileError) return <InlineLoading />;
    return (
      <div className="container page page-narrow">
        <h1>{t('profile.title')}</h1>
        <div className="alert alert-error" role="alert">
          <p>{t('profile.loadError')}</p>
        </div>
        <p style={{ marginTop: 'var(--space-4)' }}>
          <button type="button" className="btn btn-secondary" onClick={() => void session.reloadProfile()}>
            {t('common.retry')}
          </button>
        </p>
      </div>
    );
  }

  return (
    <div className="container page page-narrow">
      <div className="page-header">
        <h1>{t('profile.title')}</h1>
      </div>
      <CheckoutNotice />
      <AccountCard />
      <DetailsCard profile={session.profile} />
      <SubscriptionCard />
      <RemindersCard profile={session.profile} />
      <ReferralCard />
      <PasswordCard />
      <CardsExportCard />
      <DataExportCard />
      <DeleteCard />
    </div>
  );
}

function AccountCard() {
  const { t } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  return (
    <section className="card" aria-labelledby="account-title">
      <h2 id="account-title">{t('profile.account')}</h2>
      <dl className="kv">
        <dt>{t('profile.emailLabel')}</dt>
        <dd>{session.email}</dd>
      </dl>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={async () => {
          await session.signOut();
          navigate('/', { replace: true });
        }}
      >
        {t('profile.signOut')}
      </button>
    </section>
  );
}

function DetailsCard({ profile }: { profile: PublicProfile }) {
  const { t } = useI18n();
  const session = useSession();
  // The language is the one setting the header's switch changes too: applied and saved at once.
  const { lang: language, choose } = useLanguageSetting();
  const [level, setLevel] = useState<EducationLevel | ''>(profile.education_level ?? '');
  const [specialization, setSpecialization] = useState(profile.specialization ?? '');
  const [school, setSchool] = useState(profile.school ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [flash, showFlash] = useFlash();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!specialization.trim()) return setError(`${t('onboarding.specialization')} : ${t('onboarding.required')}`);
    setBusy(true);
    setError(null);
    try {
      await call('PATCH /api/profile', {}, {
        language,
        ...(level ? { education_level: level } : {}),
        specialization: specialization.trim(),
        school: school.trim() || null,
      }, { schema: profileUpdateSchema });
      await session.reloadProfile();
      showFlash('profile.saved');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common.genericError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title">{t('profile.details')}</h2>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="prof-lang">{t('onboarding.language')}</label>
          <select
            id="prof-lang"
            className="select"
            value={language}
            onChange={(e) => {
              setError(null);
              choose(e.target.value === 'en' ? 'en' : 'fr').then(
                () => showFlash('profile.saved'),
                (err: unknown) => setError(err instanceof ApiError ? err.message : t('common.genericError')),
              );
            }}
          >
            <option value="fr">{t('lang.fr')}</option>
            <option value="en">{t('lang.en')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="prof-level">{t('onboarding.level')}</label>
          <EducationLevelSelect id="prof-level" value={level} onChange={setLevel} placeholder={t('onboarding.levelPlaceholder')} />
        </div>
        <div className="field">
          <label htmlFor="prof-spec">{t('onboarding.specialization')}</label>
          <input id="prof-spec" className="input" type="text" maxLength={SPECIALIZATION_MAX} value={specialization} onChange={(e) => setSpecialization(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="prof-school">
            {t('onboarding.school')} <span className="optional">({t('common.optional')})</span>
          </label>
          <input id="prof-school" className="input" type="text" maxLength={SCHOOL_MAX} value={school} onChange={(e) => setSchool(e.target.value)} />
        </div>
        <FormFeedback error={error} success={flash ? t(flash) : null} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * Study reminders by e-mail (Premium): a switch saved on the profile at once. A free account sees
 * it locked, with the way to Premium; the server refuses to turn it on for them all the same.
 */
function RemindersCard({ profile }: { profile: PublicProfile }) {
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
      showFlash(next ? 'profile.remindersOn' : 'profile.remindersOff');
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

  const locked = premium === false;
  return (
    <section className="card" aria-labelledby={`${ids}-title`} aria-busy={premium === null} data-testid="reminders-card">
      <h2 id={`${ids}-title`}>{t('profile.reminders')}</h2>
      <div className="field">
        <label className="switch-row">
          <input
            type="checkbox"
            role="switch"
            checked={!locked && on}
            disabled={busy || premium === null || locked}
            aria-describedby={`${ids}-hint`}
            onChange={(e) => void change(e.target.checked)}
          />
          <span>{t('profile.remindersLabel')}</span>
          {locked && <Icon name="lock" />}
        </label>
        <p id={`${ids}-hint`} className="hint">
          {t('profile.remindersHint')}
        </p>
      </div>
      {locked && (
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

const STATUS_KEYS: Record<string, MessageKey> = {
  not_subscribed: 'profile.status.not_subscribed',
  active: 'profile.status.active',
  trialing: 'profile.status.trialing',
  canceled: 'profile.status.canceled',
  past_due: 'profile.status.past_due',
};

/**
 * Back from checkout (success_url /profile?success=true, cancel_url ?canceled=true): the notice is
 * the first thing on the page, where the student lands; the address is cleaned, and the status is
 * read again until the webhook has made the student Premium (a few seconds at most with Stripe).
 */
function CheckoutNotice() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const [returned] = useState(() => (params.get('success') === 'true' ? 'success' : params.get('canceled') === 'true' ? 'canceled' : null));
  const [premium, setPremium] = useState(false);

  useEffect(() => {
    if (!returned) return;
    setParams({}, { replace: true });
    if (returned !== 'success') return;
    let live = true;
    const read = () => {
      call('GET /api/subscription', {})
        .then((s) => {
          if (live) setPremium(s.is_subscribed && s.subscription_status !== 'trialing');
        })
        .catch(() => undefined);
    };
    read();
    window.addEventListener(SUBSCRIPTION_REFRESH_EVENT, read);
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      window.dispatchEvent(new Event(SUBSCRIPTION_REFRESH_EVENT));
      if (tries >= 10) clearInterval(timer);
    }, CHECKOUT_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener(SUBSCRIPTION_REFRESH_EVENT, read);
    };
  }, [returned, setParams]);

  if (returned === 'success') {
    return (
      <div className="alert alert-success" role="status" data-testid="checkout-notice">
        {premium ? t('profile.checkoutSuccess') : t('profile.checkoutPending')}
      </div>
    );
  }
  if (returned === 'canceled') {
    return (
      <div className="alert alert-warning" role="status" data-testid="checkout-notice">
        {t('profile.checkoutCanceled')}
      </div>
    );
  }
  return null;
}

function SubscriptionCard() {
  const { t, formatDate } = useI18n();
  const [sub, setSub] = useState<SubscriptionInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const checkout = useCheckout();
  const portal = useRedirectTo(createPortalSession);

  const load = useCallback(() => {
    call('GET /api/subscription', {})
      .then((s) => {
        setSub(s);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, []);

  useEffect(() => {
    load();
    window.addEventListener(SUBSCRIPTION_REFRESH_EVENT, load);
    return () => window.removeEventListener(SUBSCRIPTION_REFRESH_EVENT, load);
  }, [load]);

  const trial = sub?.subscription_status === 'trialing';
  const plan: MessageKey = !sub?.is_subscribed ? 'profile.plan.free' : trial ? 'profile.plan.trial' : 'profile.plan.premium';
  const statusKey = sub ? STATUS_KEYS[sub.subscription_status] : undefined;
  const card = sub?.payment_method && sub.payment_method !== 'Free trial' ? sub.payment_method : null;

  return (
    <section className="card" aria-labelledby="sub-title" aria-busy={!sub && !failed} data-testid="subscription-card">
      <h2 id="sub-title">{t('profile.subscription')}</h2>
      {failed ? (
        <div className="alert alert-error" role="alert">
          {t('profile.subscriptionError')}
        </div>
      ) : !sub ? (
        <p className="muted">{t('profile.subscriptionLoading')}</p>
      ) : (
        <>
          <p className="plan-pill">
            {t(plan)}
            {sub.is_subscribed && <span className="badge">Premium</span>}
          </p>
          <p className="muted">{t('profile.status', { status: statusKey ? t(statusKey) : sub.subscription_status })}</p>
          {sub.trial_end && trial && <p>{t('profile.trialEnd', { date: formatDate(sub.trial_end) })}</p>}
          {sub.current_period_end && !trial && (
            <p data-testid="period-end">
              {sub.cancel_at_period_end
                ? t('profile.cancelAtEnd', { date: formatDate(sub.current_period_end) })
                : t('profile.periodEnd', { date: formatDate(sub.current_period_end) })}
            </p>
          )}
          {card && <p data-testid="payment-method">{t('profile.card', { card })}</p>}
          <div className="upgrade-actions">
            {!sub.is_subscribed || trial ? (
              <button type="button" className="btn btn-primary" disabled={checkout.busy} onClick={() => void checkout.start()}>
                {checkout.busy ? t('upgrade.ctaBusy') : t('profile.subscribe')}
              </button>
            ) : null}
            {sub.can_manage && (
              <button type="button" className="btn btn-secondary" disabled={portal.busy} onClick={() => void portal.start()}>
                {t('profile.manage')}
              </button>
            )}
          </div>
          {(checkout.error || portal.error) && (
            <div className="alert alert-error" role="alert">
              {checkout.error ?? portal.error}
            </div>
          )}
        </>
      )}
      <PromoForm onRedeemed={load} />
    </section>
  );
}

function ReferralCard() {
  const { t } = useI18n();
  const [data, setData] = useState<ReferralSummary | null>(null);
  const [failed, setFailed] = useState(false);
  const [copied, setCopied] = useState(false);
  const linkRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    call('GET /api/referrals', {})
      .then(setData)
      .catch(() => setFailed(true));
  }, []);

  if (failed) {
    return (
      <section className="card" aria-labelledby="ref-title">
        <h2 id="ref-title">{t('profile.referral')}</h2>
        <div className="alert alert-error" role="alert">
          {t('profile.referralError')}
        </div>
      </section>
    );
  }

  const link = data ? `${window.location.origin}/?ref=${encodeURIComponent(data.code)}` : '';
  const pending = data ? data.referrals.filter((r) => r.status === 'pending').length : 0;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      linkRef.current?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    setTimeout(() => setCopied(false), SUCCESS_MESSAGE_MS);
  };

  return (
    <section className="card" aria-labelledby="ref-title" aria-busy={!data}>
      <h2 id="ref-title">{t('profile.referral')}</h2>
      {!data ? (
        <p className="muted">{t('app.loading')}</p>
      ) : (
        <div className="stack" style={{ gap: 'var(--space-4)' }}>
          <p className="muted" style={{ margin: 0 }}>
            {t('profile.referralIntro', { goal: data.goal, months: data.reward_months })}
          </p>
          <dl className="kv" style={{ margin: 0 }}>
            <dt>{t('profile.referralCode')}</dt>
            <dd data-testid="referral-code">{data.code}</dd>
          </dl>
          <div className="field">
            <label htmlFor="ref-link">{t('profile.referralLink')}</label>
            <div className="copy-row">
              <input id="ref-link" ref={linkRef} className="input" type="text" readOnly value={link} onFocus={(e) => e.target.select()} />
              <button type="button" className="btn btn-secondary" onClick={copy}>
                {copied ? t('profile.copied') : t('profile.copy')}
              </button>
            </div>
          </div>
          <div>
            <p style={{ marginBottom: 'var(--space-2)', fontWeight: 600 }}>
              {t('profile.referralProgress', { count: data.completed % data.goal, goal: data.goal })}
              {pending > 0 && <span className="muted" style={{ fontWeight: 400 }}> · {t('profile.referralPending', { count: pending })}</span>}
            </p>
            <div
              className="progress"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={data.goal}
              aria-valuenow={data.completed % data.goal}
              aria-label={t('profile.referral')}
            >
              <span style={{ width: `${((data.completed % data.goal) / data.goal) * 100}%` }} />
            </div>
            {(data.rewards_earned ?? 0) > 0 && (
              <p data-testid="referral-rewards" style={{ marginTop: 'var(--space-2)' }}>
                {t('profile.referralRewards', { count: data.rewards_earned ?? 0, months: (data.rewards_earned ?? 0) * data.reward_months })}
              </p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

function PasswordCard() {
  const { t } = useI18n();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [flash, showFlash] = useFlash();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (newPassword.length < RESET_MIN_PASSWORD) return setError(t('reset.tooShort'));
    setBusy(true);
    setError(null);
    try {
      await (await amplify()).updatePassword({ oldPassword, newPassword });
      setOldPassword('');
      setNewPassword('');
      showFlash('profile.passwordChanged');
    } catch (err) {
      const name = err && typeof err === 'object' && 'name' in err ? String(err.name) : '';
      setError(name === 'NotAuthorizedException' ? t('profile.passwordWrong') : t('profile.passwordFailed'));
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
          <button type="submit" className="btn btn-secondary" disabled={busy || !oldPassword || !newPassword}>
            {busy ? t('common.saving') : t('profile.passwordSubmit')}
          </button>
        </div>
      </form>
    </section>
  );
}

function DeleteCard() {
  const { t } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const textId = useId();
  const word = t('profile.deleteWord');

  const confirmDelete = async (e: FormEvent) => {
    e.preventDefault();
    if (typed.trim().toUpperCase() !== word) return;
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
        <Dialog
          labelledBy={titleId}
          describedBy={textId}
          closeLabel={t('common.close')}
          onClose={() => {
            if (!busy) {
              setOpen(false);
              setTyped('');
              setError(null);
            }
          }}
        >
          <h2 id={titleId} style={{ paddingRight: 'var(--space-5)' }}>
            {t('profile.deleteConfirmTitle')}
          </h2>
          <p id={textId} className="muted">
            {t('profile.deleteConfirmText', { word })}
          </p>
          <form className="form" onSubmit={confirmDelete}>
            <div className="field">
              <label htmlFor="delete-confirm">{t('profile.deleteConfirmLabel')}</label>
              <input id="delete-confirm" className="input" type="text" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
            </div>
            {error && (
              <div className="alert alert-error" role="alert">
                {error}
              </div>
            )}
            <div className="dialog-actions">
              <button type="submit" className="btn btn-danger" disabled={busy || typed.trim().toUpperCase() !== word}>
                {busy ? t('profile.deleting') : t('profile.deleteConfirm')}
              </button>
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </section>
  );
}
