import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, ownerPermissions, server } from '@/test/server';

const session = { session: { token: 't1', refreshToken: 'r1' } };

describe('closing the company', () => {
  it('shows the server’s refusal and keeps the owner signed in', async () => {
    server.use(
      http.post(apiUrl('/wex/company/close'), () =>
        HttpResponse.json({ status: 409, message: 'The wallet still holds $120.00: move it out first' }, { status: 409 }),
      ),
    );
    const { user, router } = renderApp(paths.settings, session);
    await user.click(await screen.findByRole('button', { name: 'Close the company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the company?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close for good' }));
    expect(await screen.findByText('The wallet still holds $120.00: move it out first')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(paths.settings);
  });

  it('signs the owner out once the company is closed', async () => {
    let closed = false;
    server.use(
      http.post(apiUrl('/wex/company/close'), () => {
        closed = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderApp(paths.settings, session);
    await user.click(await screen.findByRole('button', { name: 'Close the company' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close for good' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.signIn));
    expect(closed).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('is not offered to a role that may not close the company', async () => {
    const admin = { ...ownerPermissions, role: 'admin' as const, actions: ownerPermissions.actions.filter((a) => a !== 'company.close') };
    server.use(http.get(apiUrl('/account/permissions'), () => HttpResponse.json(admin)));
    renderApp(paths.settings, session);
    await screen.findByRole('link', { name: /Coding and accounting/ });
    // Until the permissions answer, the page offers what the role may do; once they have, no Close.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Close the company' })).toBeNull());
    expect(screen.getByRole('link', { name: /Coding and accounting/ })).toBeInTheDocument();
  });
});
