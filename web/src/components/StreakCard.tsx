// The login streak (on / and /subjects, updated at login): current run of days and the best one,
// from GET /api/streak.
import { useEffect, useState } from 'react';
import { call } from '../api/client';
import type { StreakInfo } from '../api/types';
import { useI18n } from '../i18n';

export default function StreakCard() {
  const { t, formatNumber } = useI18n();
  const [streak, setStreak] = useState<StreakInfo | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    call('GET /api/streak', {})
      .then((s) => alive && setStreak(s))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, []);

  if (failed) return null;
  const count = streak?.streak_count ?? 0;
  return (
    <section className="streak-card" aria-label={t('streak.title')} aria-busy={!streak} data-testid="streak-card">
      <div className="streak-flame" aria-hidden="true">
        <svg viewBox="0 0 24 24" focusable="false">
          <path
            d="M12.6 2.2c.4 3-1.1 4.7-2.6 6.3C8.5 10.1 7 11.7 7 14.3 7 17.5 9.2 20 12 20s5-2.3 5-5.3c0-1.7-.7-3.1-1.6-4.2-.2 1.3-.9 2.3-1.9 2.8.5-3.8-.6-7.3-.9-11.1Z"
            fill="#ff8a1f"
          />
          <path d="M12 20c-1.7 0-3-1.4-3-3.2 0-1.6 1-2.5 2-3.5.3 1.1 1 1.7 1.8 2 .2-.8.6-1.4 1.2-1.9.6.9 1 1.8 1 3 0 2-1.3 3.6-3 3.6Z" fill="#ffd166" />
        </svg>
      </div>
      <div>
        <p className="streak-title">{t('streak.title')}</p>
        <p className="streak-count">
          {streak ? t(count > 1 ? 'streak.currentPlural' : 'streak.current', { count: formatNumber(count) }) : '…'}
        </p>
      </div>
      {streak && <span className="streak-best">{t('streak.best', { count: formatNumber(streak.highest_streak) })}</span>}
    </section>
  );
}
