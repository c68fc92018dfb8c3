import { lazy, Suspense, type ReactNode } from 'react';

// notistack stays out of the first bundle (scripts/check-bundle-size.mjs); toasts raised
// before it mounts are queued by notify.
const Toaster = lazy(() => import('./Toaster'));

/** The app's toasts (notify) next to the page. */
export function NotifierProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  );
}
