// The back-to-school offer page (/offre-de-rentree): typed headline, what Premium
// unlocks, the offer's conditions and questions, a create-account button opening the sign-up
// modal. The page states the offer's real end (5 October 2025, 23:59 Paris time): once it has
// passed it says so, leads to the plans (shown on the page itself, #promo-plans) and invites to the
// free plan instead; the footer no longer links it then. A visitor's promo code typed here is
// redeemed after sign-up or login (the code is kept in this tab and the modal opens). A signed-in
// student is redirected to /onboarding, which sends an onboarded student on to their
// subjects; promo codes stay on the profile.
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { usePageHead } from '../components/PageHead';
import { Accordion, ClosingCallToAction, Icon, Prose, TypedIntro, type IconName } from '../components/ContentParts';
import { formatOfferEnd, isOfferOpen, planParams } from '../components/content-helpers';
import { useAuthModal } from '../auth/AuthModal';
import { keepPromoCode, requestCheckout } from '../auth/pending-actions';
import { useSession } from '../auth/session';
import PromoForm from '../components/PromoForm';
import PlanComparison from '../components/PlanComparison';
import { useI18n, type MessageKey } from '../i18n';
import '../styles/content.css';

const MESSAGES: MessageKey[] = ['promo.message1', 'promo.message2', 'promo.message3', 'promo.message4'];

const FEATURES: { icon: IconName; title: MessageKey; text: MessageKey }[] = [
  { icon: 'infinity', title: 'promo.features.unlimited.title', text: 'promo.features.unlimited.text' },
  { icon: 'folder', title: 'promo.features.files.title', text: 'promo.features.files.text' },
  { icon: 'headphones', title: 'promo.features.podcasts.title', text: 'promo.features.podcasts.text' },
  { icon: 'chart', title: 'promo.features.stats.title', text: 'promo.features.stats.text' },
  { icon: 'calendar', title: 'promo.features.planner.title', text: 'promo.features.planner.text' },
  { icon: 'timer', title: 'promo.features.exam.title', text: 'promo.features.exam.text' },
];

const QUESTIONS: { id: string; q: MessageKey; a: MessageKey }[] = [
  { id: 'still-valid', q: 'promo.faq.stillValid.q', a: 'promo.faq.stillValid.a' },
  { id: 'card', q: 'promo.faq.card.q', a: 'promo.faq.card.a' },
  { id: 'after', q: 'promo.faq.after.q', a: 'promo.faq.after.a' },
  { id: 'twice', q: 'promo.faq.twice.q', a: 'promo.faq.twice.a' },
];

export default function PromoPage() {
  const { t, lang } = useI18n();
  const session = useSession();
  const auth = useAuthModal();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = isOfferOpen(new Date());
  const params = { ...planParams(lang), date: formatOfferEnd(lang) };
  const signUp = () => {
    requestCheckout(false);
    auth.open('signup');
  };
  const signedIn = session.status === 'signedIn';
  const redeemAfterSignIn = (code: string) => {
    keepPromoCode(code);
    signUp();
  };

  usePageHead({ title: t('head.promo.title'), description: t('head.promo.description'), canonical: '/offre-de-rentree' });

  const choosePremium = () => {
    requestCheckout(true);
    auth.open('signup');
  };

  if (signedIn && !session.signingIn) return <Navigate to="/onboarding" replace />;

  return (
    <div className="ct-page ct-promo">
      <section className="ct-hero ct-hero-center" aria-labelledby="promo-title">
        <div className="container ct-narrow">
          <p className="eyebrow ct-eyebrow-pill">
            <Icon name="gift" />
            {t('promo.eyebrow')}
          </p>
          <TypedIntro
            titleId="promo-title"
            tagline={t(open ? 'promo.open.tagline' : 'promo.ended.tagline')}
            messagesLabel={t('promo.messagesLabel')}
            messages={MESSAGES.map((key) => t(key))}
          />
          <p className={open ? 'ct-status ct-status-open' : 'ct-status ct-status-ended'}>
            <Icon name={open ? 'timer' : 'calendar'} />
            <span>{t(open ? 'promo.open.status' : 'promo.ended.status', params)}</span>
          </p>
          <p className="ct-lead">{t(open ? 'promo.open.text' : 'promo.ended.text', params)}</p>
          <div className="ct-cta-row ct-cta-center">
            {!open && (
              <a className="btn btn-secondary ct-btn-lg" href="#promo-plans" data-testid="promo-see-plans">
                {t('promo.ended.seePlans')}
              </a>
            )}
            <button type="button" className="btn btn-primary ct-btn-lg" onClick={signUp}>
              {t('promo.cta')}
              <Icon name="arrow" />
            </button>
          </div>
          <p className="ct-cta-note">{t('content.ctaNote')}</p>
          <div className="ct-card ct-promo-code" data-testid="promo-code">
            <h2>{t('promo.code.title')}</h2>
            {!signedIn && <p className="muted">{t('promo.code.visitorHint')}</p>}
            <PromoForm onVisitor={signedIn ? undefined : redeemAfterSignIn} submitLabel={signedIn ? undefined : t('promo.code.visitorSubmit')} />
          </div>
          <p className="ct-hint-card">
            <Icon name="users" />
            <span>{t('promo.referralHint', params)}</span>
          </p>
        </div>
      </section>

      <section className="ct-section" aria-labelledby="promo-features">
        <div className="container">
          <div className="ct-section-head">
            <h2 id="promo-features">{t('promo.features.title')}</h2>
          </div>
          <ul className="ct-feature-grid">
            {FEATURES.map((f) => (
              <li className="ct-feature" key={f.title}>
                <span className="ct-icon-badge">
                  <Icon name={f.icon} />
                </span>
                <div>
                  <h3>{t(f.title)}</h3>
                  <p>{t(f.text)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="ct-section ct-section-tinted" aria-label={`${t('promo.conditions.title')} · ${t('promo.faq.title')}`}>
        <div className="container ct-two-col">
          <div className="ct-card ct-conditions">
            <h2>{t('promo.conditions.title')}</h2>
            <Prose text={t('promo.conditions.body', params)} className="ct-checklist" />
          </div>
          <div>
            <h2>{t('promo.faq.title')}</h2>
            <Accordion
              items={QUESTIONS.map((item) => ({ id: item.id, question: t(item.q), answer: t(item.a, params) }))}
              openId={openId}
              onChange={setOpenId}
            />
          </div>
        </div>
      </section>

      {!open && (
        <section className="ct-section" aria-labelledby="promo-plans">
          <div className="container">
            <div className="ct-section-head">
              <h2 id="promo-plans" tabIndex={-1}>
                {t('landing.plans.title')}
              </h2>
              <p>{t('landing.plans.intro')}</p>
            </div>
            <PlanComparison onChooseFree={signUp} onChoosePremium={choosePremium} />
          </div>
        </section>
      )}

      <ClosingCallToAction
        id="promo-closing"
        title={t('landing.closing.title')}
        text={t('landing.closing.text')}
        cta={t('promo.cta')}
        onClick={signUp}
      />
    </div>
  );
}
