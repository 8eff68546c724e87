// What is left of a monthly allowance ("7 questions restantes ce mois-ci"), or unlimited for
// Premium, as the study pages show it beside the action that uses it.
import type { FeatureUsage } from '../../api/study';
import { Icon } from '../ContentParts';
import { useI18n } from '../../i18n';

/** The page whose words say it: `{section}.usageNone`, `.usageOne`, `.usageMany`, `.usageUnlimited`. */
export type UsageSection = 'question' | 'summary' | 'quiz' | 'cards' | 'podcast';

export default function UsageNote({ usage, words }: { usage: FeatureUsage | null; words: UsageSection }) {
  const { t } = useI18n();
  if (!usage) return null;
  const { remaining, limit } = usage;
  const unlimited = limit === null || remaining === null;
  const text = unlimited
    ? t(`${words}.usageUnlimited`)
    : remaining <= 0
      ? t(`${words}.usageNone`)
      : remaining === 1
        ? t(`${words}.usageOne`)
        : t(`${words}.usageMany`, { count: remaining });
  return (
    <p className={`usage-note${!unlimited && remaining <= 0 ? ' usage-note-empty' : ''}`} data-testid="usage-left" aria-live="polite">
      <Icon name={unlimited ? 'infinity' : 'sparkles'} />
      {text}
    </p>
  );
}
