// The FAQ (/faq): six categories, one answer open at a time across the page, and a search
// box kept in the `q` query parameter, which is also the site's declared search action.
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageHead } from '../components/PageHead';
import { Accordion, Icon, Prose, type IconName } from '../components/ContentParts';
import { formatOfferEnd, matchesSearch, planParams } from '../components/content-helpers';
import { useI18n, type MessageKey } from '../i18n';
import '../styles/content.css';

interface Category {
  id: string;
  icon: IconName;
  title: MessageKey;
  questions: { id: string; q: MessageKey; a: MessageKey }[];
}

const CATEGORIES: Category[] = [
  {
    id: 'general',
    icon: 'sparkles',
    title: 'faq.cat.general',
    questions: [
      { id: 'what', q: 'faq.general.what.q', a: 'faq.general.what.a' },
      { id: 'levels', q: 'faq.general.levels.q', a: 'faq.general.levels.a' },
      { id: 'languages', q: 'faq.general.languages.q', a: 'faq.general.languages.a' },
      { id: 'reliable', q: 'faq.general.reliable.q', a: 'faq.general.reliable.a' },
    ],
  },
  {
    id: 'files',
    icon: 'folder',
    title: 'faq.cat.files',
    questions: [
      { id: 'formats', q: 'faq.files.formats.q', a: 'faq.files.formats.a' },
      { id: 'processing', q: 'faq.files.processing.q', a: 'faq.files.processing.a' },
      { id: 'quality', q: 'faq.files.quality.q', a: 'faq.files.quality.a' },
      { id: 'delete', q: 'faq.files.delete.q', a: 'faq.files.delete.a' },
    ],
  },
  {
    id: 'privacy',
    icon: 'lock',
    title: 'faq.cat.privacy',
    questions: [
      { id: 'courses', q: 'faq.privacy.courses.q', a: 'faq.privacy.courses.a' },
      { id: 'gdpr', q: 'faq.privacy.gdpr.q', a: 'faq.privacy.gdpr.a' },
      { id: 'data', q: 'faq.privacy.data.q', a: 'faq.privacy.data.a' },
    ],
  },
  {
    id: 'plans',
    icon: 'sheet',
    title: 'faq.cat.plans',
    questions: [
      { id: 'free', q: 'faq.plans.free.q', a: 'faq.plans.free.a' },
      { id: 'premium', q: 'faq.plans.premium.q', a: 'faq.plans.premium.a' },
      { id: 'limit', q: 'faq.plans.limit.q', a: 'faq.plans.limit.a' },
      { id: 'fair-use', q: 'faq.plans.fairUse.q', a: 'faq.plans.fairUse.a' },
      { id: 'model', q: 'faq.plans.model.q', a: 'faq.plans.model.a' },
      { id: 'cancel', q: 'faq.plans.cancel.q', a: 'faq.plans.cancel.a' },
    ],
  },
  {
    id: 'referral',
    icon: 'gift',
    title: 'faq.cat.referral',
    questions: [
      { id: 'how', q: 'faq.referral.how.q', a: 'faq.referral.how.a' },
      { id: 'promo', q: 'faq.referral.promo.q', a: 'faq.referral.promo.a' },
      { id: 'offer', q: 'faq.referral.offer.q', a: 'faq.referral.offer.a' },
    ],
  },
  {
    id: 'account',
    icon: 'user',
    title: 'faq.cat.account',
    questions: [
      { id: 'create', q: 'faq.account.create.q', a: 'faq.account.create.a' },
      { id: 'password', q: 'faq.account.password.q', a: 'faq.account.password.a' },
      { id: 'delete', q: 'faq.account.delete.q', a: 'faq.account.delete.a' },
    ],
  },
];

export default function FaqPage() {
  const { t, lang } = useI18n();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('q') ?? '';
  const [openId, setOpenId] = useState<string | null>(null);

  usePageHead({ title: t('head.faq.title'), description: t('head.faq.description'), canonical: '/faq' });

  const sections = useMemo(() => {
    const params = { ...planParams(lang), offerEnd: formatOfferEnd(lang) };
    return CATEGORIES.map((cat) => ({
      ...cat,
      items: cat.questions
        .map((item) => ({ id: `${cat.id}-${item.id}`, question: t(item.q), answer: t(item.a, params) }))
        .filter((item) => matchesSearch(`${item.question}\n${item.answer}`, query)),
    }));
  }, [t, lang, query]);

  const searching = query.trim().length > 0;
  const total = sections.reduce((sum, s) => sum + s.items.length, 0);
  const onlyMatch = searching && total === 1 ? (sections.find((s) => s.items.length > 0)?.items[0]?.id ?? null) : null;

  // A search that leaves a single answer opens it.
  useEffect(() => {
    if (onlyMatch) setOpenId(onlyMatch);
  }, [onlyMatch]);

  const setQuery = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set('q', value);
    else next.delete('q');
    setSearchParams(next, { replace: true });
  };

  return (
    <div className="ct-page ct-faq">
      <header className="ct-page-header">
        <div className="container ct-narrow">
          <span className="ct-icon-badge ct-icon-badge-lg">
            <Icon name="help" />
          </span>
          <h1>{t('faq.title')}</h1>
          <p className="ct-lead">{t('faq.intro')}</p>
          <form className="ct-search" role="search" onSubmit={(e) => e.preventDefault()}>
            <label htmlFor="faq-search" className="visually-hidden">
              {t('faq.searchLabel')}
            </label>
            <Icon name="search" className="ct-search-icon" />
            <input
              id="faq-search"
              className="input ct-search-input"
              type="search"
              value={query}
              placeholder={t('faq.searchPlaceholder')}
              autoComplete="off"
              onChange={(e) => setQuery(e.target.value)}
            />
            {searching && (
              <button type="button" className="ct-search-clear" onClick={() => setQuery('')} aria-label={t('faq.searchClear')}>
                <Icon name="cross" />
              </button>
            )}
          </form>
          <p className="ct-search-status" aria-live="polite">
            {searching && total > 0 ? t(total === 1 ? 'faq.resultsOne' : 'faq.results', { count: total, query: query.trim() }) : ''}
          </p>
        </div>
      </header>

      <div className="container ct-faq-layout">
        {!searching && (
          <nav className="ct-faq-nav" aria-label={t('faq.categories')}>
            <ul>
              {CATEGORIES.map((cat) => (
                <li key={cat.id}>
                  <a href={`#faq-${cat.id}`}>
                    <Icon name={cat.icon} />
                    {t(cat.title)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}

        <div className="ct-faq-body">
          {searching && total === 0 && (
            <div className="ct-card ct-empty">
              <p>
                <strong>{t('faq.noResults', { query: query.trim() })}</strong>
              </p>
              <Prose text={t('faq.noResultsHelp')} />
            </div>
          )}
          {sections
            .filter((s) => s.items.length > 0)
            .map((s) => (
              <section className="ct-faq-section" id={`faq-${s.id}`} key={s.id} aria-labelledby={`faq-${s.id}-title`}>
                <h2 id={`faq-${s.id}-title`}>
                  <span className="ct-icon-badge">
                    <Icon name={s.icon} />
                  </span>
                  {t(s.title)}
                </h2>
                <Accordion items={s.items} openId={openId} onChange={setOpenId} />
              </section>
            ))}

          <aside className="ct-help-card" aria-labelledby="faq-help-title">
            <Icon name="mail" className="ct-help-icon" />
            <div>
              <h2 id="faq-help-title">{t('faq.moreHelp.title')}</h2>
              <p>{t('faq.moreHelp.text')}</p>
            </div>
            <Link to="/contact" className="btn btn-primary">
              {t('faq.moreHelp.cta')}
            </Link>
          </aside>
        </div>
      </div>
    </div>
  );
}
