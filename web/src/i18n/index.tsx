// The UI language: French by default, English on request. The choice is kept in localStorage under
// `language` (only fr and en are accepted, anything else falls back to fr), mirrored on
// `<html lang>`, and read by the API client so server messages come back in the same language.
// French is in the start-up chunk; the English texts are loaded on demand (`loadLang`), before the
// first render for an English visitor and before switching to English.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fr } from './fr';
import { fillTemplate } from '@core/text.js';

export type Lang = 'fr' | 'en';
export type MessageKey = keyof typeof fr;

const dictionaries: Partial<Record<Lang, Record<MessageKey, string>>> = { fr };
let loadingEn: Promise<void> | null = null;

/** Makes `lang`'s texts available; resolves at once for French or when already loaded. */
export function loadLang(lang: Lang): Promise<void> {
  if (dictionaries[lang]) return Promise.resolve();
  loadingEn ??= import('./en')
    .then(({ en }) => {
      dictionaries.en = en;
    })
    .catch((err: unknown) => {
      loadingEn = null;
      throw err;
    });
  return loadingEn;
}
const STORAGE_KEY = 'language';

export function normalizeLang(value: unknown): Lang {
  return value === 'en' ? 'en' : 'fr';
}

/** The stored language, for code outside React (the API client, Cognito client metadata). */
export function currentLang(): Lang {
  try {
    return normalizeLang(localStorage.getItem(STORAGE_KEY));
  } catch {
    return 'fr';
  }
}

export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  const text = dictionaries[lang]?.[key] ?? fr[key] ?? key;
  if (!params) return text;
  return fillTemplate(lang, text, params);
}

interface I18nValue {
  lang: Lang;
  setLang(l: Lang): void;
  t(key: MessageKey, params?: Record<string, string | number>): string;
  formatDate(d: string | Date): string;
  formatNumber(n: number): string;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setShownLang] = useState<Lang>(() => currentLang());
  // A language is shown once its texts are loaded (French stays meanwhile, and if loading fails).
  const setLangState = useCallback((next: Lang) => {
    loadLang(next).then(
      () => setShownLang(next),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  // Another tab changing the language changes this one too.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEY) setLangState(normalizeLang(e.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [setLangState]);

  const setLang = useCallback((l: Lang) => {
    const next = normalizeLang(l);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      /* private mode: the choice lasts for this page only */
    }
    setLangState(next);
  }, [setLangState]);

  const value = useMemo<I18nValue>(() => {
    const locale = lang === 'fr' ? 'fr-FR' : 'en-GB';
    const dateFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' });
    const numberFormat = new Intl.NumberFormat(locale);
    return {
      lang,
      setLang,
      t: (key, params) => translate(lang, key, params),
      formatDate: (d) => {
        const date = typeof d === 'string' ? new Date(d) : d;
        return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
      },
      formatNumber: (n) => numberFormat.format(n),
    };
  }, [lang, setLang]);

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}
