// True on a touch screen without a mouse (phones, tablets): such a device gets touch hints instead
// of keyboard ones. Follows changes live (a tablet docked to a keyboard and trackpad).
import { useEffect, useState } from 'react';

export const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';

const matches = (): boolean => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(TOUCH_QUERY).matches;

export function useTouchDevice(): boolean {
  const [touch, setTouch] = useState(matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(TOUCH_QUERY);
    const onChange = () => setTouch(query.matches);
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return touch;
}
