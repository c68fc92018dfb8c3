import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { FullScreenSpinner } from '@/components/feedback/FullScreenSpinner';
import { loadAllTexts } from '@/lib/i18n';

const loaders: (() => Promise<unknown>)[] = [];

/**
 * A page whose code loads the first time it renders (code splitting per route): a route
 * guard in front of it decides first, so a signed-out visitor never downloads it. The
 * en-US texts beyond the sign-in page's load with it (loadAllTexts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<C extends ComponentType<any>>(load: () => Promise<C>) {
  let loading: Promise<C> | undefined;
  const loadOnce = () => (loading ??= Promise.all([load(), loadAllTexts()]).then(([page]) => page));
  loaders.push(loadOnce);
  const Page = lazy(async () => ({ default: await loadOnce() }));
  return function LazyPage(props: ComponentProps<C>) {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <Page {...props} />
      </Suspense>
    );
  };
}

/** Loads every lazy page's code now (tests, so that a first render is not a first import). */
export const preloadPages = () => Promise.all(loaders.map((load) => load()));
