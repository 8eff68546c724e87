// FR / EN switch. The choice is kept locally (see i18n) and applies at once to the whole UI. Each
// button's accessible name starts with its visible text ("FR"), then says the language in full.
import { useI18n, type Lang } from '../i18n';

export default function LanguageSwitcher() {
  const { lang, setLang, t } = useI18n();
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
          aria-label={`${o.short} (${o.label})`}
          title={o.label}
          onClick={() => setLang(o.value)}
        >
          {o.short}
        </button>
      ))}
    </div>
  );
}
