// A short-lived success message for the profile's forms: shown, then gone after SUCCESS_MESSAGE_MS;
// a new one restarts the clock, and no timer outlives the card.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessageKey } from '../../i18n';
import { SUCCESS_MESSAGE_MS } from './profile-state';

export function useFlash(): [MessageKey | null, (key: MessageKey) => void] {
  const [flash, setFlash] = useState<MessageKey | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const show = useCallback((key: MessageKey) => {
    setFlash(key);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setFlash(null), SUCCESS_MESSAGE_MS);
  }, []);
  return [flash, show];
}
