import { configure, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, ownerAccount, server } from '@/test/server';

configure({ asyncUtilTimeout: 5000 });

describe('account details', () => {
  it('asks for the current password only when the email changes, and sends it', async () => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.put(apiUrl('/account'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...ownerAccount, email: 'new@demo.test', login: 'new@demo.test' });
      }),
    );
    const { user } = renderApp(paths.account, { session: { token: 't1', refreshToken: 'r1' } });
    const email = await screen.findByLabelText('Email');
    const details = screen.getByRole('form', { name: 'Your details' });
    expect(details.querySelector('input[name="currentPassword"]')).toBeNull();

    await user.clear(email);
    await user.type(email, 'new@demo.test');
    const password = details.querySelector('input[name="currentPassword"]') as HTMLInputElement;
    expect(password).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(sent).toBeNull();

    await user.type(password, 'Demo#Pass1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Your details have been saved');
    expect(sent).toMatchObject({ email: 'new@demo.test', currentPassword: 'Demo#Pass1' });
  }, 90_000);
});
