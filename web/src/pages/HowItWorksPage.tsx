// How Révise works (/how-it-works): the six steps from a course file to revision, an example of
// an answer citing its page, and what the tool cannot do. Visitors get the sign-up button,
// signed-in students a link to their subjects.
import { Link } from 'react-router-dom';
import { usePageHead } from '../components/PageHead';
import { AnswerPreview, Icon, Prose, type IconName } from '../components/ContentParts';
import { planParams } from '../components/content-helpers';
import { useAuthModal } from '../auth/AuthModal';
import { useSession } from '../auth/session';
import { useI18n, type MessageKey } from '../i18n';
import '../styles/content.css';

const STEPS: { icon: IconName; title: MessageKey; text: MessageKey }[] = [
  { icon: 'folder', title: 'how.subject.title', text: 'how.subject.text' },
  { icon: 'upload', title: 'how.upload.title', text: 'how.upload.text' },
  { icon: 'scan', title: 'how.extract.title', text: 'how.extract.text' },
  { icon: 'sparkles', title: 'how.generate.title', text: 'how.generate.text' },
  { icon: 'calendar', title: 'how.plan.title', text: 'how.plan.text' },
  { icon: 'chart', title: 'how.track.title', text: 'how.track.text' },
];

export default function HowItWorksPage() {
  const { t, lang } = useI18n();
  const session = useSession();
  const auth = useAuthModal();
  const params = planParams(lang);

  usePageHead({ title: t('head.how.title'), description: t('head.how.description'), canonical: '/how-it-works' });

  return (
    <div className="ct-page ct-how">
      <header className="ct-page-header">
        <div className="container ct-narrow">
          <span className="ct-icon-badge ct-icon-badge-lg">
            <Icon name="bulb" />
          </span>
          <h1>{t('how.title')}</h1>
          <p className="ct-lead">{t('how.intro')}</p>
        </div>
      </header>

      <div className="container">
        <ol className="ct-steps">
          {STEPS.map((step, i) => (
            <li className="ct-step" key={step.title}>
              <div className="ct-step-marker" aria-hidden="true">
                <span>{i + 1}</span>
              </div>
              <div className="ct-step-card">
                <p className="ct-step-label">
                  <Icon name={step.icon} />
                  {t('how.step', { n: i + 1 })}
                </p>
                <h2>{t(step.title)}</h2>
                <p>{t(step.text, params)}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>

      <section className="ct-section ct-section-tinted" aria-labelledby="how-example">
        <div className="container ct-example">
          <div>
            <h2 id="how-example">{t('how.example.title')}</h2>
            <p className="ct-lead">{t('how.example.text')}</p>
          </div>
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
      </section>

      <section className="ct-section" aria-labelledby="how-honest">
        <div className="container ct-narrow">
          <div className="ct-card ct-honest">
            <h2 id="how-honest">
              <Icon name="help" />
              {t('how.honest.title')}
            </h2>
            <Prose text={t('how.honest.body')} />
          </div>
        </div>
      </section>

      <section className="ct-section ct-section-last" aria-labelledby="how-cta">
        <div className="container">
          <div className="ct-closing">
            <h2 id="how-cta">{t('how.cta.title')}</h2>
            {session.status === 'signedIn' ? (
              <Link to="/subjects" className="btn ct-btn-light ct-btn-lg">
                {t('content.toSubjects')}
                <Icon name="arrow" />
              </Link>
            ) : (
              <>
                <p>{t('how.cta.text')}</p>
                <button type="button" className="btn ct-btn-light ct-btn-lg" onClick={() => auth.open('signup')}>
                  {t('landing.hero.cta')}
                  <Icon name="arrow" />
                </button>
              </>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}
