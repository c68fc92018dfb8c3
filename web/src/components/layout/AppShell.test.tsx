import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp, renderWithProviders } from '@/test/render';
import { setLanguage } from '@/lib/i18n';
import { apiUrl, driverAccount, ownerAccount, server } from '@/test/server';
import { AppShell, BOTTOM_BAR_MAX_ITEMS } from './AppShell';

/** A window whose width the test sets; MUI's useMediaQuery listens to matchMedia. */
function fakeWindowWidth(initial: number) {
  let width = initial;
  const lists = new Set<{ query: string; listeners: Set<(event: MediaQueryListEvent) => void> }>();
  const matches = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
  };
  vi.stubGlobal('matchMedia', (query: string) => {
    const list = { query, listeners: new Set<(event: MediaQueryListEvent) => void>() };
    lists.add(list);
    return {
      media: query,
      get matches() {
        return matches(query);
      },
      addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => list.listeners.add(listener),
      removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => list.listeners.delete(listener),
      addListener: (listener: (event: MediaQueryListEvent) => void) => list.listeners.add(listener),
      removeListener: (listener: (event: MediaQueryListEvent) => void) => list.listeners.delete(listener),
    };
  });
  return (next: number) => {
    width = next;
    for (const list of lists) {
      for (const listener of list.listeners) listener({ matches: matches(list.query), media: list.query } as MediaQueryListEvent);
    }
  };
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      Clicked {count}
    </button>
  );
}

describe('AppShell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the page mounted when the window crosses the phone breakpoint (an open dialog, a typed form survive)', async () => {
    const resize = fakeWindowWidth(1280);
    const { user } = renderWithProviders(
      <MemoryRouter initialEntries={['/dashboard']}>
        <AppShell>
          <Counter />
        </AppShell>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('navigation-drawer')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clicked 0' }));
    await user.click(screen.getByRole('button', { name: 'Clicked 1' }));

    act(() => resize(390));
    expect(screen.queryByTestId('navigation-drawer')).not.toBeInTheDocument();
    expect(screen.getByTestId('navigation-bar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clicked 2' })).toBeInTheDocument();

    act(() => resize(1280));
    expect(screen.getByTestId('navigation-drawer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clicked 2' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('button', { name: 'Clicked 2' }));
  });
});

const session = { token: 't1', refreshToken: 'r1' };

describe('the phones\' bottom bar', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The bar's items (links and the More and Account buttons) and their visible labels. */
  async function barItems() {
    const bar = await screen.findByTestId('navigation-bar');
    // The unread count's entry (Alerts, Inbox) joins once its first count answers.
    await waitFor(() => expect(within(bar).getAllByTestId('navigation-bar-item')).toHaveLength(BOTTOM_BAR_MAX_ITEMS));
    return within(bar).getAllByTestId('navigation-bar-label').map((label) => label.textContent);
  }

  it('gives an owner five destinations: the rest of the pages under More, Settings and Sign out under Account', async () => {
    fakeWindowWidth(320);
    const { user } = renderApp(paths.dashboard, { session });
    expect(await barItems()).toEqual(['Home', 'Stations', 'Alerts', 'More', 'Account']);

    await user.click(screen.getByRole('button', { name: 'More' }));
    const more = await screen.findByRole('menu');
    expect(within(more).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Trips', 'Compliance', 'Vehicles', 'IFTA', 'Statements']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Account' }));
    const account = await screen.findByRole('menu');
    expect(within(account).getByText('owner@demo.test')).toBeInTheDocument();
    expect(within(account).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', paths.settings);
    expect(within(account).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('gives a driver five destinations, their inbox among them', async () => {
    fakeWindowWidth(320);
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)));
    renderApp(paths.dashboard, { session });
    expect(await barItems()).toEqual(['Home', 'Stations', 'Trips', 'Inbox', 'Account']);
  });

  it('gives a driver waiting for approval no destinations: only the waiting page, with its Sign out', async () => {
    for (const width of [320, 1280]) {
      fakeWindowWidth(width);
      const { unmount } = renderWithProviders(
        <MemoryRouter initialEntries={['/dashboard']}>
          <AppShell>
            <p>Waiting</p>
          </AppShell>
        </MemoryRouter>,
        { preloadedState: { auth: { token: 't1', refreshToken: 'r1', user: { ...driverAccount, driverStatus: 'PENDING' }, signOutRedirect: null } } },
      );
      expect(screen.getByRole('main')).toHaveTextContent('Waiting');
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('signs out only once the confirmation is accepted', async () => {
    fakeWindowWidth(390);
    const { user, router, store } = renderApp(paths.dashboard, { session });
    await barItems();

    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(dialog).toHaveTextContent('You will need your email and password to sign in again.');
    // Cancel (focused first: a second stray tap keeps the session) closes it and nothing else.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().auth.token).toBe('t1');
    expect(router.state.location.pathname).toBe(paths.dashboard);

    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sign out?' })).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.root));
    expect(store.getState().auth.token).toBeNull();
  });

  it('labels the bar in Spanish with one short word each', async () => {
    fakeWindowWidth(320);
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json({ ...ownerAccount, language: 'es' })));
    try {
      renderApp(paths.dashboard, { session });
      await waitFor(() => expect(screen.getByTestId('navigation-bar')).toHaveTextContent('Inicio'));
      expect(await barItems()).toEqual(['Inicio', 'Paradas', 'Alertas', 'Más', 'Cuenta']);
    } finally {
      act(() => setLanguage('en'));
    }
  });
});
