// When a card comes back, said the way a student reads it: "now", "today at 14:35", "tomorrow at
// 09:00", or the date. A card failed a minute ago is due again within minutes, a known one in days.
import { useCallback } from 'react';
import { useI18n } from '../../i18n';

const sameDay = (a: Date, b: Date): boolean => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

export function useWhen(): (iso: string, now?: Date) => string {
  const { t, lang, formatDate } = useI18n();
  return useCallback(
    (iso: string, now: Date = new Date()) => {
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return '';
      if (date.getTime() <= now.getTime()) return t('when.now');
      const time = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { hour: '2-digit', minute: '2-digit' }).format(date);
      if (sameDay(date, now)) return t('when.today', { time });
      const tomorrow = new Date(now);
      tomorrow.setDate(now.getDate() + 1);
      if (sameDay(date, tomorrow)) return t('when.tomorrow', { time });
      return formatDate(date);
    },
    [t, lang, formatDate],
  );
}
