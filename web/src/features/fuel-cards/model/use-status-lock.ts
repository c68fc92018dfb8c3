import { useCallback, useEffect, useRef, useState } from 'react';

/** How long the Activate/Deactivate button stays disabled after an update (docs/product.md §2.10, §9). */
export const STATUS_LOCK_MS = 1000;

export type StatusAction = 'activating' | 'deactivating';

/**
 * Per-card lock of the status toggle: `lock` when the update starts, `releaseLater`
 * when it has finished; the card unlocks STATUS_LOCK_MS afterwards.
 */
export function useStatusLock() {
  const [locks, setLocks] = useState<Readonly<Record<string, StatusAction>>>({});
  const timers = useRef(new Map<string, number>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const lock = useCallback((cardNumber: string, action: StatusAction) => {
    window.clearTimeout(timers.current.get(cardNumber));
    timers.current.delete(cardNumber);
    setLocks((current) => ({ ...current, [cardNumber]: action }));
  }, []);

  const releaseLater = useCallback((cardNumber: string) => {
    const timer = window.setTimeout(() => {
      timers.current.delete(cardNumber);
      setLocks((current) => {
        const { [cardNumber]: _released, ...rest } = current;
        return rest;
      });
    }, STATUS_LOCK_MS);
    timers.current.set(cardNumber, timer);
  }, []);

  return { locks, lock, releaseLater };
}
