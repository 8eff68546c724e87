// The login and sign-up dialog as the build writes it after the prerendered landing (French, a
// first visit; web/src/prerender.tsx): hidden, with the app's dialog's look (the same classes,
// texts and field order as ./AuthDialog, its Google button excepted: it depends on the runtime
// configuration) so that the page's gate script (lib/prerender-gate.ts) can open it on the first
// tap, before any script of the app has run, and the app can swap in its own without a visible
// change (./prerendered-dialog). Elements shown in one mode only carry `data-for` (the gate shows
// and hides them as it opens the dialog); texts that differ by mode carry both in `data-signup` /
// `data-login`. `data-actions` names the page's buttons that open it: their accessible name (as
// the gate reads it) and what they ask for.
import { SIGNUP_MIN_PASSWORD } from './auth-steps';
import Logo from '../components/Logo';
import { translate, type MessageKey } from '../i18n';
import { PRE_AUTH_FIELDS, PRE_AUTH_ID, type PreAuthAction } from './prerendered-dialog';

const t = (key: MessageKey) => translate('fr', key);

/** The landing's calls to action, by their label (the same label may appear on several buttons). */
export function prerenderedActions(): Record<string, PreAuthAction> {
  return {
    [t('nav.login')]: 'login',
    [t('landing.hero.cta')]: 'signup',
    [t('landing.closing.cta')]: 'signup',
    [t('plans.free.cta')]: 'signup',
    [t('plans.premium.cta')]: 'premium',
  };
}

export default function PrerenderedAuthDialog() {
  const title = `${PRE_AUTH_ID}-title`;
  return (
    <div id={PRE_AUTH_ID} hidden data-actions={JSON.stringify(prerenderedActions())}>
      <div className="modal-backdrop">
        <div className="modal" role="dialog" aria-modal="true" aria-labelledby={title}>
          <button type="button" className="modal-close" aria-label={t('auth.close')} data-close="">
            ×
          </button>
          <div className="modal-head">
            <Logo size={40} markOnly />
            <h2 id={title} data-signup={t('auth.signupTitle')} data-login={t('auth.loginTitle')}>
              {t('auth.signupTitle')}
            </h2>
          </div>
          <form className="form" noValidate>
            <div className="field">
              <label htmlFor={PRE_AUTH_FIELDS.email}>{t('auth.email')}</label>
              <input id={PRE_AUTH_FIELDS.email} className="input" type="email" name="email" autoComplete="email" required />
            </div>
            <div className="field">
              <label htmlFor={PRE_AUTH_FIELDS.password}>{t('auth.password')}</label>
              <input
                id={PRE_AUTH_FIELDS.password}
                className="input"
                type="password"
                name="password"
                autoComplete="new-password"
                required
                minLength={SIGNUP_MIN_PASSWORD}
                aria-describedby={`${PRE_AUTH_FIELDS.password}-hint`}
              />
              <p id={`${PRE_AUTH_FIELDS.password}-hint`} className="hint" data-for="signup">
                {t('auth.passwordHint')}
              </p>
              <div className="field-row-end" data-for="login" hidden>
                <button type="button" className="link-btn" data-go="forgot">
                  {t('auth.forgotLink')}
                </button>
              </div>
            </div>
            <div className="field" data-for="signup">
              <label htmlFor={PRE_AUTH_FIELDS.referral}>
                {t('auth.referral')} <span className="optional">({t('common.optional')})</span>
              </label>
              <input
                id={PRE_AUTH_FIELDS.referral}
                className="input"
                type="text"
                name="referral"
                autoComplete="off"
                autoCapitalize="characters"
                aria-describedby={`${PRE_AUTH_FIELDS.referral}-hint`}
              />
              <p id={`${PRE_AUTH_FIELDS.referral}-hint`} className="hint">
                {t('auth.referralHint')}
              </p>
            </div>
            <button type="submit" className="btn btn-primary btn-block" data-signup={t('auth.signupSubmit')} data-login={t('auth.loginSubmit')} data-pending={t('auth.pending')}>
              {t('auth.signupSubmit')}
            </button>
          </form>
          <div className="modal-foot">
            <button type="button" className="link-btn" data-go="signup" data-for="login" hidden>
              {t('auth.toSignup')}
            </button>
            <button type="button" className="link-btn" data-go="login" data-for="signup">
              {t('auth.toLogin')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
