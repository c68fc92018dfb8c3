import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiUrl, driverAccount, server } from '@/test/server';
import { renderApp } from '@/test/render';
import { useSignOut } from '@/lib/auth';
import { RequireAuth } from './guards';
import { paths } from '@/lib/paths';

const session = { token: 't1', refreshToken: 'r1' };

describe('route guards', () => {
  it.each([paths.dashboard, paths.transactions, '/transactions/42', paths.settings, paths.account, paths.navigation, paths.fuelCards])(
    'sends a signed-out user from %s to "/" and remembers the location',
    async (path) => {
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.root));
      expect(router.state.location.state).toMatchObject({ from: { pathname: path } });
      expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    },
  );

  it.each([paths.signUp, paths.forgotPassword, paths.resetPassword, paths.help, paths.contactUs, paths.termsAndConditions, paths.privacyPolicy])(
    'keeps the open page %s for a signed-out user',
    async (path) => {
      const { router } = renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('after sign-in goes to the remembered location', async () => {
    const { router, user } = renderApp(paths.transactions);
    await user.type(await screen.findByLabelText('Username'), 'owner@demo.test');
    await user.type(screen.getByLabelText('Password'), 'DemoPass1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.transactions));
    expect(localStorage.getItem('token')).toBe('t1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
  });

  it('after sign-in without a remembered location goes to /dashboard', async () => {
    const { router, user } = renderApp(paths.signIn);
    await user.type(await screen.findByLabelText('Username'), 'owner@demo.test');
    await user.type(screen.getByLabelText('Password'), 'DemoPass1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
    expect(await screen.findByTestId('navigation-drawer')).toBeInTheDocument();
  });

  it.each([paths.root, paths.signIn])('sends a signed-in user from %s to /dashboard', async (path) => {
    const { router } = renderApp(path, { session });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
  });

  it('sends an unknown path to /dashboard', async () => {
    const { router } = renderApp('/no/such/page', { session });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
  });

  it('sends /wex to /transactions', async () => {
    const { router } = renderApp(paths.wex, { session });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.transactions));
  });

  it('lets a company user open /fuel-cards', async () => {
    const { router } = renderApp(paths.fuelCards, { session });
    expect(await screen.findByRole('heading', { name: 'Fuel Cards' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.fuelCards);
  });

  it('sends a user without the company role from /fuel-cards to /dashboard', async () => {
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)));
    const { router } = renderApp(paths.fuelCards, { session });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
  });

  it('opens the planner lazily on /navigation, /wex/locations and /assistant', async () => {
    for (const path of [paths.navigation, paths.wexLocations]) {
      const view = renderApp(path, { session });
      expect(await screen.findByRole('heading', { name: 'Fuel Locations' })).toBeInTheDocument();
      view.unmount();
    }
    renderApp(paths.assistant, { session });
    expect(await screen.findByRole('heading', { name: 'Smart Route Assistant' })).toBeInTheDocument();
  });
});

describe('app shell', () => {
  it('shows a full-screen spinner while the stored session user loads', async () => {
    server.use(
      http.get(apiUrl('/account'), async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return HttpResponse.json(driverAccount);
      }),
    );
    renderApp(paths.dashboard, { session });
    expect(screen.getByRole('progressbar', { name: 'Loading...' })).toBeInTheDocument();
    expect(await screen.findByTestId('navigation-drawer')).toBeInTheDocument();
  });

  it('logs a failed start-up user load and offers to try again, with no drawer', async () => {
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json({ status: 500, message: 'boom' }, { status: 500 })));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(paths.dashboard, { session });
    // Since the offline work the page says so instead of spinning for ever.
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByTestId('navigation-drawer')).not.toBeInTheDocument();
    error.mockRestore();
  });

  it('shows the drawer entries and remembers its collapsed state', async () => {
    const { user, unmount } = renderApp(paths.dashboard, { session });
    const drawer = await screen.findByTestId('navigation-drawer');
    const nav = within(drawer).getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', paths.dashboard);
    expect(within(nav).getByRole('link', { name: 'Fuel Locations' })).toHaveAttribute('href', paths.navigation);
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', paths.settings);
    expect(drawer).toHaveAttribute('data-state', 'open');

    await user.click(within(drawer).getByRole('button', { name: 'Collapse menu' }));
    expect(drawer).toHaveAttribute('data-state', 'closed');
    expect(localStorage.getItem('navigationDrawerOpen')).toBe('false');
    unmount();

    renderApp(paths.dashboard);
    expect(await screen.findByTestId('navigation-drawer')).toHaveAttribute('data-state', 'closed');
  });

  it('signs out to "/" once confirmed, empties the session and clears storage', async () => {
    const { router, user, store } = renderApp(paths.dashboard, { session });
    const drawer = await screen.findByTestId('navigation-drawer');
    localStorage.setItem('other', 'value');
    await user.click(within(drawer).getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.root));
    expect(store.getState().auth).toMatchObject({ token: null, refreshToken: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(localStorage.getItem('other')).toBeNull());
    expect(router.state.location.state).toBeNull();
  });
});

function ForceButton() {
  const { forceSignOut } = useSignOut();
  return <button onClick={() => forceSignOut('Unauthorized - Please sign in again')}>force</button>;
}

describe('forced sign-out', () => {
  it('sends the user to /signin, not "/", without remembering the page', async () => {
    const { router, user } = renderApp('/force', {
      session,
      extraRoutes: [{ element: <RequireAuth />, children: [{ path: '/force', element: <ForceButton /> }] }],
    });
    await user.click(await screen.findByRole('button', { name: 'force' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.signIn));
    expect(router.state.location.state).toBeNull();
    expect(await screen.findByText('Unauthorized - Please sign in again')).toBeInTheDocument();
  });
});
