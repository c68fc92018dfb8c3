import { Children, startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children one at a time after the first paint, one more a frame: parts of a page
 * below its first screen. The first commit (and its styles) then holds only what the first screen
 * shows, and each later part renders in a task of its own instead of all of them in one long task
 * before anything is seen. Only this component re-renders as the parts come, not the page.
 */
export function ShownAfterPaint({ children }: { children: ReactNode }) {
  const parts = Children.toArray(children);
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= parts.length) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown((n) => n + 1)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, parts.length]);
  return parts.slice(0, shown);
}
