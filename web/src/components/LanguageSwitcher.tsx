// FR / EN switch: the one language setting (auth/language-setting.tsx), applied at once to the
// whole UI and, for a signed-in student, saved in the profile. Each button is named by its own
// content, the visible "FR" followed by the language in full for screen readers, so the accessible
// name always contains the visible text.
import { useI18n, type Lang } from '../i18n';
import { useLanguageSetting } from '../auth/language-setting';

export default function LanguageSwitcher() {
  const { t } = useI18n();
  const { lang, choose } = useLanguageSetting();
  const options: { value: Lang; short: string; label: string }[] = [
    { value: 'fr', short: 'FR', label: t('lang.fr') },
    { value: 'en', short: 'EN', label: t('lang.en') },
  ];
  return (
    <div className="lang-switch" role="group" aria-label={t('lang.label')}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          lang={o.value}
          aria-pressed={lang === o.value}
          title={o.label}
          onClick={() => {
            if (o.value !== lang) choose(o.value).catch(() => undefined);
          }}
        >
          {o.short}
          <span className="visually-hidden"> ({o.label})</span>
        </button>
      ))}
    </div>
  );
}
