// Saving what only Premium keeps (a revision sheet, a podcast: summary_save, podcast_save):
// the server's refusal locks the save button and opens the upgrade modal with its message; any
// other failure is the page's to show.
import { useState } from 'react';
import { isCapError, useUpgradeModal } from '../UpgradeModal';

export interface PremiumSave {
  saving: boolean;
  /** The server refused to save: saving is for Premium. */
  refused: boolean;
  /** Runs `save` once at a time; `failed` gets what is not a plan's refusal. */
  run(save: () => Promise<void>, failed: (err: unknown) => void): Promise<void>;
}

export function usePremiumSave(): PremiumSave {
  const upgrade = useUpgradeModal();
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState(false);
  const run = async (save: () => Promise<void>, failed: (err: unknown) => void) => {
    if (saving) return;
    setSaving(true);
    try {
      await save();
    } catch (err) {
      if (isCapError(err)) {
        if (err.code === 'premium_only') setRefused(true);
        upgrade.open(err.message);
      } else {
        failed(err);
      }
    } finally {
      setSaving(false);
    }
  };
  return { saving, refused, run };
}
