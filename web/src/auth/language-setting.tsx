// One language setting (fr or en, anything else read as fr). Guarantees:
// - for a signed-in student the profile's language is the setting: the first time a student's
//   profile is read in a page, the interface takes its language (the profile is what follows the
//   student from one device to another; the local key only mirrors it);
// - the header's FR/EN switch and the profile's language field are the same control (`choose`):
//   the interface changes at once, the local key `language` follows, and for a signed-in student
//   the profile is saved (saves go one after the other, so the last choice is the one kept);
// - a visitor's choice is the local key alone;
// - every API call says the interface's language (`x-revise-language`, api/client.ts), so the
//   server's messages follow the same setting.
import { useCallback, useEffect } from 'react';
import { call } from '../api/client';
import { useI18n, type Lang } from '../i18n';
import { useSession } from './session';

/** Students whose profile language this page has already taken (or who chose since). */
const settled = new Set<string>();
let saving: Promise<unknown> = Promise.resolve();

/** The interface takes the signed-in student's profile language once per page and student. */
export function LanguageFromProfile() {
  const { status, userId, profile } = useSession();
  const { lang, setLang } = useI18n();
  useEffect(() => {
    if (status === 'signedOut') {
      settled.clear();
      return;
    }
    if (!userId || !profile || settled.has(userId)) return;
    settled.add(userId);
    if (profile.language !== lang) setLang(profile.language);
  }, [status, userId, profile, lang, setLang]);
  return null;
}

export interface LanguageSetting {
  lang: Lang;
  /** Shows `next` at once; for a signed-in student, resolves once the profile holds it (rejects if it could not be saved). */
  choose(next: Lang): Promise<void>;
}

export function useLanguageSetting(): LanguageSetting {
  const { lang, setLang } = useI18n();
  const { status, userId, reloadProfile } = useSession();
  const choose = useCallback(
    async (next: Lang) => {
      setLang(next);
      if (status !== 'signedIn' || !userId) return;
      settled.add(userId);
      const save = saving.then(() => call('PATCH /api/profile', {}, { language: next }));
      saving = save.catch(() => undefined);
      await save;
      await reloadProfile();
    },
    [setLang, status, userId, reloadProfile],
  );
  return { lang, choose };
}
