import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { paths } from './paths';

describe('routes', () => {
  it('sends a signed-out user from a protected page to "/" and remembers where they were going', async () => {
    const { router } = renderApp(paths.transactions);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.root));
    expect(router.state.location.state).toMatchObject({ from: { pathname: paths.transactions } });
  });

  it('shows the drawer once the stored session user is loaded', async () => {
    renderApp(paths.dashboard, { session: { token: 't1', refreshToken: 'r1' } });
    expect(await screen.findByTestId('navigation-drawer')).toBeInTheDocument();
  });
});
