// The number of cards due now in each of the student's subjects (for the subject tiles and the
// subjects grid). Null while unknown or when it cannot be read: the badges simply do not show.
import { useEffect, useState } from 'react';
import { cardsApi, type DueCount } from '../../api/cards';

export function useDueCounts(): Map<string, DueCount> | null {
  const [counts, setCounts] = useState<Map<string, DueCount> | null>(null);
  useEffect(() => {
    let live = true;
    cardsApi.dueCounts().then(
      ({ subjects }) => {
        if (live) setCounts(new Map(subjects.map((s) => [s.subject_id, s])));
      },
      () => {
        if (live) setCounts(null);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return counts;
}
