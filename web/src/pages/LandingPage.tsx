// The landing page for visitors (spec §2): hero with the typed tagline, cycling message and live
// student counter; the nine promised features; the plan comparison; a closing call to action.
// Every call to action opens the sign-up modal in sign-up mode; Premium's also asks for the
// checkout right after sign-in (spec §4's "checkout requested" flag).
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import Logo from '../components/Logo';
import PlanComparison from '../components/PlanComparison';
import { usePageHead } from '../components/PageHead';
import { AnimatedCount, AnswerPreview, ClosingCallToAction, Icon, prerenderedPage, TypedIntro, type IconName } from '../components/ContentParts';
import { useAuthModal } from '../auth/AuthModal';
import { requestCheckout } from '../auth/pending-actions';
import { api } from '../api/client';
import { useI18n, type MessageKey } from '../i18n';
import '../styles/content.css';

interface Feature {
  icon: IconName;
  title: MessageKey;
  text: MessageKey;
  premium?: boolean;
}

const HIGHLIGHTS: Feature[] = [
  { icon: 'sparkles', title: 'landing.features.adaptive.title', text: 'landing.features.adaptive.text' },
  { icon: 'sheet', title: 'landing.features.sheets.title', text: 'landing.features.sheets.text' },
  { icon: 'chat', title: 'landing.features.assistant.title', text: 'landing.features.assistant.text' },
];

const MORE_FEATURES: Feature[] = [
  { icon: 'quiz', title: 'landing.features.quizzes.title', text: 'landing.features.quizzes.text' },
  { icon: 'cards', title: 'landing.features.flashcards.title', text: 'landing.features.flashcards.text' },
  { icon: 'calendar', title: 'landing.features.planner.title', text: 'landing.features.planner.text' },
  { icon: 'chart', title: 'landing.features.tracking.title', text: 'landing.features.tracking.text' },
  { icon: 'headphones', title: 'landing.features.podcasts.title', text: 'landing.features.podcasts.text' },
  { icon: 'timer', title: 'landing.features.exam.title', text: 'landing.features.exam.text', premium: true },
];

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
    api
      .get<{ count: number }>('/stats/students', { signal: controller.signal })
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
  const open = (checkout: boolean) => {
    requestCheckout(checkout);
    auth.open('signup');
  };
  const signUp = () => open(false);

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
      {/* The build prerenders the first screen only (web/src/prerender.tsx). */}
      {!prerenderedPage.building && <BelowTheHero onSignUp={signUp} onPremium={() => open(true)} />}
    </div>
  );
}

/** The features, the plans and the closing call to action. */
function BelowTheHero({ onSignUp: signUp, onPremium }: { onSignUp(): void; onPremium(): void }) {
  const { t } = useI18n();
  return (
    <>
      <section className="ct-section" aria-labelledby="landing-features">
        <div className="container">
          <div className="ct-section-head">
            <h2 id="landing-features">{t('landing.features.title')}</h2>
            <p>{t('landing.features.intro')}</p>
          </div>
          <ul className="ct-highlights">
            {HIGHLIGHTS.map((f) => (
              <li className="ct-highlight" key={f.title}>
                <span className="ct-icon-badge ct-icon-badge-lg">
                  <Icon name={f.icon} />
                </span>
                <h3>{t(f.title)}</h3>
                <p>{t(f.text)}</p>
              </li>
            ))}
          </ul>
          <ul className="ct-feature-grid">
            {MORE_FEATURES.map((f) => (
              <li className="ct-feature" key={f.title}>
                <span className="ct-icon-badge">
                  <Icon name={f.icon} />
                </span>
                <div>
                  <h3>
                    {t(f.title)}
                    {f.premium && <span className="ct-badge-premium">{t('content.premiumBadge')}</span>}
                  </h3>
                  <p>{t(f.text)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="ct-section ct-section-tinted" aria-labelledby="landing-plans">
        <div className="container">
          <div className="ct-section-head">
            <h2 id="landing-plans">{t('landing.plans.title')}</h2>
            <p>{t('landing.plans.intro')}</p>
          </div>
          <PlanComparison onChooseFree={signUp} onChoosePremium={onPremium} />
        </div>
      </section>

      <ClosingCallToAction
        id="landing-closing"
        title={t('landing.closing.title')}
        text={t('landing.closing.text')}
        cta={t('landing.closing.cta')}
        onClick={signUp}
        note={t('content.ctaNote')}
      />
    </>
  );
}
