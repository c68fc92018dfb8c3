import { lazy, Suspense, useLayoutEffect, type ComponentProps, type ComponentType } from 'react';
import { FullScreenSpinner } from '@/components/feedback/FullScreenSpinner';
import { textsReady } from '@/lib/i18n';
import type { AppDispatch } from '@/lib/store';
import { removeBootSkeleton } from './boot-skeleton';
import type { SessionHint } from './role-hint';

const loaders: (() => Promise<unknown>)[] = [];

/**
 * A page whose code loads the first time it renders (code splitting per route): a route
 * guard in front of it decides first, so a signed-out visitor never downloads it. Its code
 * brings its namespaces' en-US texts; a viewer reading another language gets that language's
 * texts of them before the page first renders (textsReady).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<C extends ComponentType<any>>(load: () => Promise<C>) {
  let loading: Promise<C> | undefined;
  const loadOnce = () => (loading ??= load().then((page) => textsReady().then(() => page)));
  loaders.push(loadOnce);
  const Page = lazy(async () => {
    const Loaded = await loadOnce();
    // Once the page has mounted, index.html's signed-in skeleton gives way to it (same commit).
    function MountedPage(props: ComponentProps<C>) {
      useLayoutEffect(removeBootSkeleton, []);
      return <Loaded {...props} />;
    }
    return { default: MountedPage };
  });
  function LazyPage(props: ComponentProps<C>) {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <Page {...props} />
      </Suspense>
    );
  }
  /** Starts loading the page's code now (e.g. while the account loads), before it first renders. */
  LazyPage.preload = loadOnce;
  return LazyPage;
}

/**
 * Loads a page's code (and maybe its first data) before it first renders: what a lazy page,
 * or a route's own page component that picks one by role, has as `preload`.
 */
export type PagePreload = (hint: SessionHint, dispatch: AppDispatch) => Promise<unknown>;

/** The preload of a route's element type, if it has one. */
export const preloadOf = (type: unknown): PagePreload | undefined =>
  typeof type === 'function' && typeof (type as { preload?: unknown }).preload === 'function'
    ? (type as unknown as { preload: PagePreload }).preload
    : undefined;

/** Loads every lazy page's code now (tests, so that a first render is not a first import). */
export const preloadPages = () => Promise.all(loaders.map((load) => load()));
