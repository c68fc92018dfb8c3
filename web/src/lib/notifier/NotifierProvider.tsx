import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { anyToastRaised, subscribeToFirstToast } from './notify';

// notistack stays out of the first bundle (scripts/check-bundle-size.mjs) and loads with the
// first toast; toasts raised before it mounts are queued by notify.
const Toaster = lazy(() => import('./Toaster'));

/** The app's toasts (notify) next to the page. */
export function NotifierProvider({ children }: { children: ReactNode }) {
  const needed = useSyncExternalStore(subscribeToFirstToast, anyToastRaised);
  return (
    <>
      {children}
      {needed && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
