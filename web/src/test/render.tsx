import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { beforeAll } from 'vitest';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { preloadPages } from '@/app/lazy-page';
import { routes } from '@/app/router';
import { makeStore, type AppStore } from '@/app/store';
import type { RootState } from '@/lib/store';

// Pages load their code on first render (src/app/router.tsx): import them all before the
// tests of a file that renders the app, so that no test waits for a first import.
beforeAll(() => preloadPages(), 120_000);

interface RenderAppOptions {
  /** Pretend a session is stored (token + refreshToken in local storage) before the store is made. */
  session?: { token: string; refreshToken: string };
  preloadedState?: Partial<RootState>;
  /** Test-only pages added under the root layout. */
  extraRoutes?: RouteObject[];
}

/** Renders the whole app (real routes, guards, store) at `path`. */
export function renderApp(path: string, { session, preloadedState, extraRoutes = [] }: RenderAppOptions = {}) {
  if (session) {
    localStorage.setItem('token', session.token);
    localStorage.setItem('refreshToken', session.refreshToken);
  }
  const store = makeStore(preloadedState);
  const [root] = routes;
  const router = createMemoryRouter(
    [{ element: root.element, errorElement: root.errorElement, children: [...extraRoutes, ...(root.children ?? [])] }],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const view = render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, store, router, user };
}

/**
 * Renders one component inside the app's providers (store, i18n, theme, toasts) with a fresh store,
 * or with `store` (one a test has already dispatched to: what a page's prefetch left in it).
 */
export function renderWithProviders(ui: ReactElement, { preloadedState, store = makeStore(preloadedState) }: Pick<RenderAppOptions, 'preloadedState'> & { store?: AppStore } = {}) {
  const user = userEvent.setup();
  const view = render(<AppProvider store={store}>{ui}</AppProvider>);
  return { ...view, store, user };
}

/** A fresh store as the app makes it, for a test that dispatches before rendering (renderWithProviders' `store`). */
export const makeTestStore = () => makeStore();
