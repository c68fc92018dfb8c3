import { useEffect, useState, type RefObject } from 'react';

/**
 * The part of the viewport that counts as on screen: not the bottom 96 px, where the phone's
 * navigation bar (64 px) covers the page, so that a box just below the first screen is not
 * started by the sliver of it under the bar.
 */
const ON_SCREEN_MARGIN = '0px 0px -96px 0px';

/** Runs `callback` once the browser is idle (at the latest after `timeout` ms); returns its cancel. */
function whenIdle(callback: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 0);
  return () => clearTimeout(id);
}

/**
 * Whether something heavy that draws into `box` (the planner's map) may start: once `ready` holds,
 * `box` is on screen and, after that, the browser has been idle (the page's first frames painted,
 * the input they allow handled). Stays true once it is. Without IntersectionObserver `box` counts
 * as on screen.
 */
export function useStartWhenShown(box: RefObject<Element | null>, ready: boolean): boolean {
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (shown || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown(true);
      },
      { rootMargin: ON_SCREEN_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, shown]);
  useEffect(() => {
    if (started || !shown || !ready) return undefined;
    return whenIdle(() => setStarted(true), 2000);
  }, [started, shown, ready]);
  return started;
}
