// Media queries as React state, following changes live: reduced motion (the landing's animations)
// and touch screens without a mouse (phones, tablets), which get touch hints instead of keyboard
// ones.
import { useEffect, useState } from 'react';
import { prerenderedPage } from './prerendered';

export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
export const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';

const matches = (media: string): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(media).matches;

/** True while `media` matches; false in the build's render and while the app hydrates it (the
 * HTML was rendered without knowing the visitor's screen), then the visitor's value. */
export function useMediaQuery(media: string): boolean {
  const [match, setMatch] = useState(() => !prerenderedPage.building && !prerenderedPage.hydrating && matches(media));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(media);
    const onChange = () => setMatch(query.matches);
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [media]);
  return match;
}

/** A touch screen without a mouse. */
export const useTouchDevice = (): boolean => useMediaQuery(TOUCH_QUERY);
