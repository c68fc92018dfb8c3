import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';

const fill = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Bea');
  await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Booker');
  await user.type(screen.getByLabelText(/^Password/), 'secret123');
  await user.type(screen.getByLabelText(/^Confirm password/), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Join and sign in' }));
};

describe('accepting an invitation', () => {
  it('sets names and password and signs in', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl('/invitations/tok-1/accept'), async ({ request }) => {
        sent.push({ auth: request.headers.get('authorization'), body: await request.json() });
        return HttpResponse.json({ token: 't9', refreshToken: 'r9' }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/invite/tok-1');
    await screen.findByRole('heading', { name: 'Join your company' });
    await fill(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sent).toEqual([{ auth: null, body: { firstName: 'Bea', lastName: 'Booker', password: 'secret123' } }]);
    expect(localStorage.getItem('token')).toBe('t9');
  });

  it('checks the fields before sending', async () => {
    const { user } = renderApp('/invite/tok-1');
    await user.click(await screen.findByRole('button', { name: 'Join and sign in' }));
    expect(await screen.findAllByText(/required/i)).not.toHaveLength(0);
  });

  it('says so when the link was used, revoked or expired', async () => {
    server.use(
      http.post(apiUrl('/invitations/tok-1/accept'), () =>
        HttpResponse.json({ status: 404, message: 'This invitation is no longer valid' }, { status: 404 }),
      ),
    );
    const { user } = renderApp('/invite/tok-1');
    await screen.findByRole('heading', { name: 'Join your company' });
    await fill(user);
    expect(await screen.findByTestId('invitation-invalid')).toHaveTextContent('This invitation link no longer works');
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
  });
});
