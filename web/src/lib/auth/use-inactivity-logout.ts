import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { expireSession } from './session';

/** Sign out after 30 minutes without user activity (docs/decisions.md). */
export const INACTIVITY_TIMEOUT_MS = 30 * 60 * 1000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

export function useInactivityLogout(timeoutMs: number = INACTIVITY_TIMEOUT_MS): void {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => Boolean(state.auth.token));

  useEffect(() => {
    if (!signedIn) return undefined;
    let timer = window.setTimeout(() => dispatch(expireSession()), timeoutMs);
    let lastReset = Date.now();
    const onActivity = () => {
      // Moving the mouse fires often: re-arm at most once a second.
      if (Date.now() - lastReset < 1000) return;
      lastReset = Date.now();
      window.clearTimeout(timer);
      timer = window.setTimeout(() => dispatch(expireSession()), timeoutMs);
    };
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, { passive: true, capture: true }));
    return () => {
      window.clearTimeout(timer);
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity, { capture: true }));
    };
  }, [dispatch, signedIn, timeoutMs]);
}
