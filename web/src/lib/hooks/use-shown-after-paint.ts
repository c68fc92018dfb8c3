import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` parts below a page's first screen to show: none at first, then one more
 * after each frame, so that the first commit (and its styles) holds only what the first screen
 * shows and each later part renders in a task of its own, after a paint, instead of all of them
 * in one long task before the first content is seen.
 */
export function useShownAfterPaint(total: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown((n) => n + 1)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, total]);
  return Math.min(shown, total);
}
