// Asks before leaving a page with work that is not saved: router navigations are held by
// react-router's blocker (the page shows its confirmation and proceeds or stays), closing or
// reloading the tab gets the browser's own prompt.
import { useEffect } from 'react';
import { useBlocker, type Blocker, type Location } from 'react-router-dom';

/** `allow`: navigations that do not leave the work behind (same page, or a peek a Back returns from). */
export function useLeaveGuard(active: boolean, allow?: (next: Location, current: Location) => boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname && !allow?.(nextLocation, currentLocation),
  );
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
  // A blocker left over once the work is saved lets the navigation through.
  useEffect(() => {
    if (blocker.state === 'blocked' && !active) blocker.proceed();
  }, [blocker, active]);
  return blocker;
}
