import { matchRoutes } from 'react-router';
import type { ReactElement } from 'react';
import { api } from '@/lib/api/api';
import { authApi } from '@/lib/auth/auth-api';
import { paths } from '@/lib/paths';
import { preloadOf } from './lazy-page';
import { sessionHint } from './role-hint';
import { SignedInShell } from './signed-in-shell';
import { routes } from './router';
import type { AppStore } from './store';

/**
 * A stored session opening a signed-in page would otherwise load one thing after another:
 * the account (RootLayout), then the drawer shell's code, then the page's code, then the
 * page's data. Called before React's first render, this loads the account and its permissions,
 * both chunks and (where the page says how) its first data at once; the components' queries then share the
 * requests already under way. The promise settles once all of it has (answered or failed; at
 * once without a stored session): src/start.tsx renders then.
 */
export function startSignedInLoad(store: AppStore, pathname: string): Promise<unknown> {
  const { token } = store.getState().auth;
  if (!token) return Promise.resolve();
  void store.dispatch(authApi.util.prefetch('getAccount', undefined, {}));
  // What the member's role may do: every signed-in page's navigation (and most pages) asks. Asked
  // for only when they first rendered, its answer came after the page's first paint and rendered
  // every part that reads it (the whole dashboard) a second time, in one task.
  void store.dispatch(authApi.util.prefetch('getPermissions', undefined, {}));
  const hint = sessionHint(token);
  // The code after the first frame: requested before it, it would compete with what that
  // frame needs (Lighthouse's simulated first paint counted it and came 0.5-1 s later).
  return new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))).then(() => {
    // A failed chunk load is reported when the page renders (lazy rethrows it), not here.
    const preload = (load: () => Promise<unknown>) => load().catch(() => undefined);
    const loads = [preload(SignedInShell.preload)];
    for (const match of matchRoutes(routes, signedInDestination(pathname)) ?? []) {
      const pagePreload = preloadOf((match.route.element as ReactElement | undefined)?.type);
      if (pagePreload) loads.push(preload(() => pagePreload(hint, store.dispatch)));
    }
    return Promise.all(loads).then(() => callsSettled(store));
  });
}

/**
 * Settles once no call of the api is under way: the account's and those the page's preload
 * started, each with its answer or error, and those an answer started (the driver's active trip,
 * then its detail).
 */
async function callsSettled(store: AppStore) {
  for (let running = store.dispatch(api.util.getRunningQueriesThunk()); running.length > 0; running = store.dispatch(api.util.getRunningQueriesThunk())) {
    await Promise.all(running);
  }
}

/**
 * The page a stored session opening `pathname` shows: the sign-in pages send it on
 * (RedirectIfSignedIn) to the page remembered in the history entry, else to the dashboard.
 */
function signedInDestination(pathname: string): string {
  if (pathname !== paths.root && pathname !== paths.signIn) return pathname;
  const from = (window.history.state as { usr?: { from?: { pathname?: unknown } } | null } | null)?.usr?.from?.pathname;
  return typeof from === 'string' ? from : paths.dashboard;
}
