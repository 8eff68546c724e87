// The profile's referral section: the student's code, the link to share (copied with one button,
// or selected for a manual copy where the clipboard is refused), the progress towards the next
// reward and the rewards earned. Guarantees: a failed read is said instead of a blank card.
import { useEffect, useRef, useState } from 'react';
import { call } from '../../api/client';
import type { ReferralSummary } from '../../api/types';
import { useI18n } from '../../i18n';
import { referralView, SUCCESS_MESSAGE_MS, type ReferralView } from './profile-state';

export default function ReferralCard() {
  const { t } = useI18n();
  const [data, setData] = useState<ReferralSummary | null>(null);
  const [failed, setFailed] = useState(false);

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

  return (
    <section className="card" aria-labelledby="ref-title" aria-busy={!data}>
      <h2 id="ref-title">{t('profile.referral')}</h2>
      {!data ? <p className="muted">{t('app.loading')}</p> : <ReferralDetails data={data} view={referralView(data, window.location.origin)} />}
    </section>
  );
}

/** The programme once read: its rules, the code and link, and the progress. */
function ReferralDetails({ data, view }: { data: ReferralSummary; view: ReferralView }) {
  const { t } = useI18n();
  return (
    <div className="stack" style={{ gap: 'var(--space-4)' }}>
      <p className="muted" style={{ margin: 0 }}>
        {t('profile.referralIntro', { goal: data.goal, months: data.reward_months })}
      </p>
      <dl className="kv" style={{ margin: 0 }}>
        <dt>{t('profile.referralCode')}</dt>
        <dd data-testid="referral-code">{data.code}</dd>
      </dl>
      <ReferralLink link={view.link} />
      <div>
        <p style={{ marginBottom: 'var(--space-2)', fontWeight: 600 }}>
          {t('profile.referralProgress', { count: view.progress, goal: view.goal })}
          {view.pending > 0 && <span className="muted" style={{ fontWeight: 400 }}> · {t('profile.referralPending', { count: view.pending })}</span>}
        </p>
        <div
          className="progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={view.goal}
          aria-valuenow={view.progress}
          aria-label={t('profile.referral')}
        >
          <span style={{ width: `${view.percent}%` }} />
        </div>
        {view.rewards && (
          <p data-testid="referral-rewards" style={{ marginTop: 'var(--space-2)' }}>
            {t('profile.referralRewards', { count: view.rewards.count, months: view.rewards.months })}
          </p>
        )}
      </div>
    </div>
  );
}

/** The link to share and its copy button, "Copié" for a few seconds after a copy. */
function ReferralLink({ link }: { link: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const linkRef = useRef<HTMLInputElement>(null);

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
    <div className="field">
      <label htmlFor="ref-link">{t('profile.referralLink')}</label>
      <div className="copy-row">
        <input id="ref-link" ref={linkRef} className="input" type="text" readOnly value={link} onFocus={(e) => e.target.select()} />
        <button type="button" className="btn btn-secondary" onClick={copy}>
          {copied ? t('profile.copied') : t('profile.copy')}
        </button>
      </div>
    </div>
  );
}
