// The landing page for visitors: hero with the typed tagline, cycling message and live
// student counter; the nine promised features; the plan comparison; a closing call to action.
// Every call to action opens the sign-up modal in sign-up mode; Premium's also asks for the
// checkout right after sign-in (the "checkout requested" flag).
import { lazy, memo, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import Logo from '../components/Logo';
import { usePageHead } from '../components/PageHead';
import { AnimatedCount, AnswerPreview, Icon, TypedIntro } from '../components/ContentParts';
import { useAuthModal } from '../auth/AuthModal';
import { requestCheckout } from '../auth/pending-actions';
import { call } from '../api/client';
import { useI18n, type MessageKey } from '../i18n';
import '../styles/content.css';

// The features, the plans and the closing call to action: a chunk of their own (see LandingBelow).
const BelowTheHero = lazy(() => import('./LandingBelow'));

/**
 * The sections below the hero behind their Suspense boundary. On the prerendered page the app
 * hydrates this boundary once its chunk has arrived; until then it holds the server's HTML, and a
 * render reaching it (the counter's data, the session becoming known) would swap that HTML for the
 * empty fallback. Memoised with steady handlers, the landing's own renders stop above it.
 */
const LowerSections = memo(function LowerSections({ onSignUp, onPremium }: { onSignUp(): void; onPremium(): void }) {
  return (
    <Suspense fallback={null}>
      <BelowTheHero onSignUp={onSignUp} onPremium={onPremium} />
    </Suspense>
  );
});

const MESSAGES: MessageKey[] = [
  'landing.hero.message1',
  'landing.hero.message2',
  'landing.hero.message3',
  'landing.hero.message4',
  'landing.hero.message5',
  'landing.hero.message6',
];

/** The number of students who tried Révise (the server already adds the spec's 600); null until
 * known, and stays null when the server cannot be reached (the line is then left out). */
function useStudentCount(): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    call('GET /api/stats/students', {}, undefined, { signal: controller.signal })
      .then((res) => {
        if (typeof res?.count === 'number' && Number.isFinite(res.count) && res.count > 0) setCount(Math.round(res.count));
      })
      .catch(() => {
        /* the counter is a nicety: without it the page stays whole */
      });
    return () => controller.abort();
  }, []);
  return count;
}

export default function LandingPage() {
  const { t, lang } = useI18n();
  const auth = useAuthModal();
  const count = useStudentCount();
  const { open: openAuth } = auth;
  const open = useCallback(
    (checkout: boolean) => {
      requestCheckout(checkout);
      openAuth('signup');
    },
    [openAuth],
  );
  const signUp = useCallback(() => open(false), [open]);
  const premium = useCallback(() => open(true), [open]);

  usePageHead({ title: t('head.landing.title'), description: t('head.landing.description') });

  return (
    <div className="ct-page ct-landing">
      <section className="ct-hero" aria-labelledby="landing-title">
        <div className="container ct-hero-grid">
          <div className="ct-hero-copy">
            <Logo size={40} />
            <TypedIntro
              titleId="landing-title"
              tagline={t('landing.hero.tagline')}
              messagesLabel={t('landing.hero.messagesLabel')}
              messages={MESSAGES.map((key) => t(key))}
            />
            <p className="ct-lead">{t('landing.hero.description')}</p>
            <p className={count === null ? 'ct-counter ct-counter-pending' : 'ct-counter'}>
              {count !== null && (
                <>
                  <Icon name="users" />
                  <span>
                    <strong>
                      <AnimatedCount target={count} lang={lang} />
                    </strong>{' '}
                    {t('landing.hero.counterLabel')}
                  </span>
                </>
              )}
            </p>
            <div className="ct-cta-row">
              <button type="button" className="btn btn-primary ct-btn-lg" onClick={signUp}>
                {t('landing.hero.cta')}
                <Icon name="arrow" />
              </button>
              <Link to="/how-it-works" className="btn btn-secondary ct-btn-lg">
                {t('landing.hero.secondary')}
              </Link>
            </div>
            <p className="ct-cta-note">{t('content.ctaNote')}</p>
          </div>
          <div className="ct-hero-visual">
            <AnswerPreview
              label={t('landing.preview.label')}
              subject={t('landing.preview.subject')}
              question={t('landing.preview.question')}
              answer={t('landing.preview.answer')}
              source={t('landing.preview.source')}
              toolsLabel={t('landing.preview.tools')}
              tools={[t('landing.preview.sheet'), t('landing.preview.quiz'), t('landing.preview.cards'), t('landing.preview.podcast')]}
            />
          </div>
        </div>
        <div className="container">
          <ul className="ct-trust">
            <li>
              <Icon name="lock" />
              {t('landing.trust.private')}
            </li>
            <li>
              <Icon name="shield" />
              {t('landing.trust.gdpr')}
            </li>
            <li>
              <Icon name="globe" />
              {t('landing.trust.languages')}
            </li>
          </ul>
        </div>
      </section>
      {/* In the prerendered HTML too (web/src/prerender.tsx). */}
      <LowerSections onSignUp={signUp} onPremium={premium} />
    </div>
  );
}
