// The landing below its first screen: the nine promised features, the plan comparison
// and the closing call to action. Loaded on demand by LandingPage: a phone's start-up scripts hold
// only what the first screen shows. The build prerenders it with the rest of the page; on that
// page the app hydrates it once its chunk has arrived (`data-late`: until then the gate keeps any
// press on its buttons, and replays it once the mark is gone).
import { useEffect, useRef } from 'react';
import PlanComparison from '../components/PlanComparison';
import { ClosingCallToAction, Icon, type IconName } from '../components/ContentParts';
import { useI18n, type MessageKey } from '../i18n';

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

/** The features, the plans and the closing call to action. */
export default function BelowTheHero({ onSignUp: signUp, onPremium }: { onSignUp(): void; onPremium(): void }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  // Hydrated (or rendered): the gate's mark goes, so the buttons answer and a kept press is replayed.
  useEffect(() => ref.current?.removeAttribute('data-pre'), []);
  return (
    <div className="ct-landing-below" data-late="" ref={ref}>
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
    </div>
  );
}
