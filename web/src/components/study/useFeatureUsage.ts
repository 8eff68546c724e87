// What is left of one of the month's allowances (questions, sheets, quiz questions, decks), read
// once when the page opens and updated by each generation, with the student's Premium features.
// A generation refused by a plan limit opens the upgrade modal with the server's message.
import { useCallback, useEffect, useState } from 'react';
import { studyApi, type FeatureUsage, type MeteredFeature, type UsageSummary } from '../../api/study';
import { isCapError, useUpgradeModal } from '../UpgradeModal';

export interface FeatureAllowance {
  /** null until known, and when it cannot be read (nothing is shown then). */
  usage: FeatureUsage | null;
  /** What this student may use of Premium; null until known, and when it cannot be read. */
  premium: UsageSummary['premium'] | null;
  /** The usage after a generation, as the server counted it. */
  setUsage(usage: FeatureUsage): void;
  /**
   * True when `err` is a plan limit: the upgrade modal opens with the server's message, and the
   * allowance shows as spent when it was the month's limit.
   */
  capped(err: unknown): boolean;
  /** Reads the usage again (after a generation whose answer does not carry it). */
  reload(): Promise<void>;
}

export function useFeatureUsage(feature: MeteredFeature): FeatureAllowance {
  const upgrade = useUpgradeModal();
  const [usage, setUsage] = useState<FeatureUsage | null>(null);
  const [premium, setPremium] = useState<UsageSummary['premium'] | null>(null);

  const reload = useCallback(
    () =>
      studyApi.usage().then(
        (u) => {
          setUsage(u.features[feature]);
          setPremium(u.premium);
        },
        () => setUsage(null),
      ),
    [feature],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  const capped = useCallback(
    (err: unknown) => {
      if (!isCapError(err)) return false;
      if (err.code === 'usage_limit_reached') setUsage((u) => (u && u.limit !== null ? { ...u, used: u.limit, remaining: 0 } : u));
      upgrade.open(err.message);
      return true;
    },
    [upgrade],
  );

  return { usage, premium, setUsage, capped, reload };
}
