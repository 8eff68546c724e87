// Free versus Premium: Free at 0,00 € a month with the limits the server enforces,
// Premium at 6,99 € a month marked 'Recommandé' with the Premium content list. Used by the landing
// page and by onboarding's pricing step; a choice button appears only when its handler is given.
import { useId } from 'react';
import { useI18n, type MessageKey } from '../i18n';
import { Icon } from './ContentParts';
import { formatPrice, PLAN_FACTS, planParams } from './content-helpers';
import '../styles/content.css';

export interface PlanComparisonProps {
  onChooseFree?: () => void;
  onChoosePremium?: () => void;
  freeLabel?: string;
  premiumLabel?: string;
  /** Level of the plan names' headings (3 under a section's h2, the default; 2 under a page's h1). */
  headingLevel?: 2 | 3;
}

const FREE_INCLUDED: MessageKey[] = [
  'plans.free.questions',
  'plans.free.sheets',
  'plans.free.quizzes',
  'plans.free.flashcards',
  'plans.free.podcasts',
  'plans.free.subjects',
  'plans.free.scans',
  'plans.free.model',
  'plans.free.planner',
  'plans.free.referral',
];

const FREE_EXCLUDED: MessageKey[] = ['plans.free.noStats', 'plans.free.noSave', 'plans.free.noExam'];

const PREMIUM_INCLUDED: MessageKey[] = [
  'plans.premium.unlimited',
  'plans.premium.model',
  'plans.premium.subjects',
  'plans.premium.podcasts',
  'plans.premium.stats',
  'plans.premium.save',
  'plans.premium.planner',
  'plans.premium.exam',
  'plans.premium.support',
  'plans.premium.referral',
];

export default function PlanComparison({ onChooseFree, onChoosePremium, freeLabel, premiumLabel, headingLevel = 3 }: PlanComparisonProps) {
  const { t, lang } = useI18n();
  const ids = useId();
  const params = planParams(lang);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const list = (keys: MessageKey[], included: boolean) => (
    <ul className={included ? 'ct-plan-list' : 'ct-plan-list ct-plan-list-excluded'} aria-label={t(included ? 'plans.included' : 'plans.notIncluded')}>
      {keys.map((key) => (
        <li key={key}>
          <Icon name={included ? 'check' : 'cross'} className="ct-plan-mark" />
          <span>{t(key, params)}</span>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="ct-plans" role="group" aria-label={t('plans.label')}>
      <article className="ct-plan" aria-labelledby={`${ids}-free`}>
        <div className="ct-plan-head">
          <Heading id={`${ids}-free`} className="ct-plan-name">
            {t('plans.free.name')}
          </Heading>
          <p className="ct-plan-tagline">{t('plans.free.tagline')}</p>
        </div>
        <p className="ct-plan-price">
          <span className="ct-plan-amount">{formatPrice(0, lang)}</span>
          <span className="ct-plan-period">{t('plans.perMonth')}</span>
        </p>
        {list(FREE_INCLUDED, true)}
        {list(FREE_EXCLUDED, false)}
        <div className="ct-plan-foot">
          {onChooseFree && (
            <button type="button" className="btn btn-secondary btn-block" onClick={onChooseFree}>
              {freeLabel ?? t('plans.free.cta')}
            </button>
          )}
          <p className="ct-plan-note">{t('plans.free.note')}</p>
        </div>
      </article>

      <article className="ct-plan ct-plan-premium" aria-labelledby={`${ids}-premium`}>
        <p className="ct-plan-flag">
          <Icon name="sparkles" />
          {t('plans.recommended')}
        </p>
        <div className="ct-plan-head">
          <Heading id={`${ids}-premium`} className="ct-plan-name">
            {t('plans.premium.name')}
          </Heading>
          <p className="ct-plan-tagline">{t('plans.premium.tagline')}</p>
        </div>
        <p className="ct-plan-price">
          <span className="ct-plan-amount">{formatPrice(PLAN_FACTS.premiumMonthlyPriceCents, lang)}</span>
          <span className="ct-plan-period">{t('plans.perMonth')}</span>
        </p>
        {list(PREMIUM_INCLUDED, true)}
        <div className="ct-plan-foot">
          {onChoosePremium && (
            <button type="button" className="btn btn-primary btn-block" onClick={onChoosePremium}>
              {premiumLabel ?? t('plans.premium.cta')}
            </button>
          )}
          <p className="ct-plan-note">{t('plans.premium.note')}</p>
        </div>
      </article>
    </div>
  );
}
