// `/onboarding`: preferred language, education level, specialization and optional school
// (onboarding's fields), saved with POST /api/onboarding; then the pricing step.
import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { onboardingSchema, SCHOOL_MAX, SPECIALIZATION_MAX, type EducationLevel } from '@core/profile.js';
import { ApiError, call } from '../api/client';
import { useSession } from '../auth/session';
import { useI18n, type Lang } from '../i18n';
import { usePageTitle } from '../components/usePageTitle';
import { InlineLoading } from '../components/LoadingScreen';
import EducationLevelSelect from '../components/EducationLevelSelect';
import { FormFeedback } from '../components/FormFeedback';

export default function OnboardingPage() {
  const { t, lang, setLang } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  usePageTitle(t('onboarding.title'));

  const profile = session.profile;
  const [language, setLanguage] = useState<Lang>(lang);
  const [level, setLevel] = useState<EducationLevel | ''>(profile?.education_level ?? '');
  const [specialization, setSpecialization] = useState(profile?.specialization ?? '');
  const [school, setSchool] = useState(profile?.school ?? '');
  const [errors, setErrors] = useState<{ level?: boolean; specialization?: boolean }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Decided once on arrival: a finished onboarding does not come back here.
  const alreadyDone = useRef<boolean | null>(null);
  if (alreadyDone.current === null && profile) alreadyDone.current = profile.onboarding_completed;

  if (!profile && !session.profileError) return <InlineLoading />;
  if (alreadyDone.current) return <Navigate to="/subjects" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = { level: !level, specialization: !specialization.trim() };
    setErrors(missing);
    if (missing.level || missing.specialization) return;
    setBusy(true);
    setError(null);
    try {
      await call('POST /api/onboarding', {}, {
        language,
        education_level: level as EducationLevel,
        specialization: specialization.trim(),
        school: school.trim() || null,
      }, { schema: onboardingSchema });
      setLang(language);
      await session.reloadProfile();
      navigate('/onboarding/pricing', { replace: true });
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiError ? err.message : t('common.genericError'));
    }
  };

  return (
    <div className="center-page">
      <div className="card center-card">
        <div className="steps" aria-hidden="true">
          <span className="done" />
          <span />
        </div>
        <p className="eyebrow">{t('onboarding.step', { n: 1 })}</p>
        <h1>{t('onboarding.title')}</h1>
        <p className="muted">{t('onboarding.intro')}</p>
        <form className="form" onSubmit={submit} noValidate>
          <fieldset className="field" style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className="label" style={{ marginBottom: 6 }}>
              {t('onboarding.language')}
            </legend>
            <div className="choice-row">
              {(['fr', 'en'] as const).map((l) => (
                <label key={l} className="choice">
                  <input type="radio" name="language" value={l} checked={language === l} onChange={() => setLanguage(l)} />
                  <span lang={l}>{l === 'fr' ? t('lang.fr') : t('lang.en')}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="field">
            <label htmlFor="onb-level">{t('onboarding.level')}</label>
            <EducationLevelSelect
              id="onb-level"
              value={level}
              onChange={setLevel}
              placeholder={t('onboarding.levelPlaceholder')}
              invalid={errors.level}
              describedBy={errors.level ? 'onb-level-err' : undefined}
            />
            {errors.level && (
              <p id="onb-level-err" className="hint" style={{ color: 'var(--color-danger)' }}>
                {t('onboarding.required')}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="onb-spec">{t('onboarding.specialization')}</label>
            <input
              id="onb-spec"
              className="input"
              type="text"
              maxLength={SPECIALIZATION_MAX}
              placeholder={t('onboarding.specializationPlaceholder')}
              aria-invalid={errors.specialization || undefined}
              aria-describedby={errors.specialization ? 'onb-spec-err' : undefined}
              value={specialization}
              onChange={(e) => setSpecialization(e.target.value)}
            />
            {errors.specialization && (
              <p id="onb-spec-err" className="hint" style={{ color: 'var(--color-danger)' }}>
                {t('onboarding.required')}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="onb-school">
              {t('onboarding.school')} <span className="optional">({t('common.optional')})</span>
            </label>
            <input
              id="onb-school"
              className="input"
              type="text"
              maxLength={SCHOOL_MAX}
              placeholder={t('onboarding.schoolPlaceholder')}
              value={school}
              onChange={(e) => setSchool(e.target.value)}
            />
          </div>
          <FormFeedback error={error} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? t('common.saving') : t('onboarding.submit')}
          </button>
        </form>
      </div>
    </div>
  );
}

