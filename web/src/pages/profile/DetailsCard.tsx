// The profile's details section: the language (applied and saved at once, like the header's
// switch), the education level, the specialization (required) and the school (optional), saved
// together with "Enregistrer". Guarantees: nothing is sent without a specialization, and every
// failure is said in the card.
import { useState, type FormEvent } from 'react';
import { profileUpdateSchema, SCHOOL_MAX, SPECIALIZATION_MAX, type EducationLevel } from '@core/profile.js';
import { ApiError, call } from '../../api/client';
import type { PublicProfile } from '../../api/types';
import { useSession } from '../../auth/session';
import { useI18n } from '../../i18n';
import { useLanguageSetting } from '../../auth/language-setting';
import EducationLevelSelect from '../../components/EducationLevelSelect';
import { FormFeedback } from '../../components/FormFeedback';
import { useFlash } from './useFlash';
import { chosenLanguage, detailsPayload, detailsProblem } from './profile-state';

export default function DetailsCard({ profile }: { profile: PublicProfile }) {
  const { t } = useI18n();
  const session = useSession();
  // The language is the one setting the header's switch changes too: applied and saved at once.
  const { lang: language, choose } = useLanguageSetting();
  const [level, setLevel] = useState<EducationLevel | ''>(profile.education_level ?? '');
  const [specialization, setSpecialization] = useState(profile.specialization ?? '');
  const [school, setSchool] = useState(profile.school ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [flash, showFlash] = useFlash();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (detailsProblem({ specialization })) return setError(`${t('onboarding.specialization')} : ${t('onboarding.required')}`);
    setBusy(true);
    setError(null);
    try {
      await call('PATCH /api/profile', {}, detailsPayload({ language, level, specialization, school }), { schema: profileUpdateSchema });
      await session.reloadProfile();
      showFlash('profile.saved');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common.genericError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title">{t('profile.details')}</h2>
      <form className="form" onSubmit={submit} noValidate>
        <LanguageField
          language={language}
          onChange={(value) => {
            setError(null);
            choose(chosenLanguage(value)).then(
              () => showFlash('profile.saved'),
              (err: unknown) => setError(err instanceof ApiError ? err.message : t('common.genericError')),
            );
          }}
        />
        <div className="field">
          <label htmlFor="prof-level">{t('onboarding.level')}</label>
          <EducationLevelSelect id="prof-level" value={level} onChange={setLevel} placeholder={t('onboarding.levelPlaceholder')} />
        </div>
        <div className="field">
          <label htmlFor="prof-spec">{t('onboarding.specialization')}</label>
          <input id="prof-spec" className="input" type="text" maxLength={SPECIALIZATION_MAX} value={specialization} onChange={(e) => setSpecialization(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="prof-school">
            {t('onboarding.school')} <span className="optional">({t('common.optional')})</span>
          </label>
          <input id="prof-school" className="input" type="text" maxLength={SCHOOL_MAX} value={school} onChange={(e) => setSchool(e.target.value)} />
        </div>
        <FormFeedback error={error} success={flash ? t(flash) : null} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The language setting: French or English, the select's value being the app's current language. */
function LanguageField({ language, onChange }: { language: string; onChange: (value: string) => void }) {
  const { t } = useI18n();
  return (
    <div className="field">
      <label htmlFor="prof-lang">{t('onboarding.language')}</label>
      <select id="prof-lang" className="select" value={language} onChange={(e) => onChange(e.target.value)}>
        <option value="fr">{t('lang.fr')}</option>
        <option value="en">{t('lang.en')}</option>
      </select>
    </div>
  );
}
