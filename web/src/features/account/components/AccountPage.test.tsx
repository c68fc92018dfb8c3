import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, ownerAccount, server } from '@/test/server';


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
  });
});

describe('language', () => {
  afterEach(() => setLanguage('en'));

  it('switches the app to Spanish at once, keeps it on the account, and back', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.put(apiUrl('/account'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ ...ownerAccount, language: body.language });
      }),
    );
    const { user } = renderApp(paths.account, { session: { token: 't1', refreshToken: 'r1' } });
    const languages = await screen.findByRole('group', { name: 'App language' });
    expect(within(languages).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(languages).getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('heading', { name: 'Cuenta', level: 1 })).toBeTruthy();
    await screen.findByText('Idioma guardado');
    expect(sent).toEqual([{ firstName: 'Olivia', lastName: 'Owner', email: 'owner@demo.test', phoneNumber: '+1 (407) 555-0100', language: 'es' }]);
    expect(localStorage.getItem('language')).toBe('es');

    await user.click(within(screen.getByRole('group', { name: 'Idioma de la aplicación' })).getByRole('button', { name: 'English' }));
    await screen.findByText('Language saved');
    expect(sent.at(-1)).toMatchObject({ language: 'en' });
  });

  it('stays on the language shown when the server refuses it', async () => {
    server.use(http.put(apiUrl('/account'), () => HttpResponse.json({ status: 400, message: { language: ['Language must be en or es'] } }, { status: 400 })));
    const { user } = renderApp(paths.account, { session: { token: 't1', refreshToken: 'r1' } });
    const languages = await screen.findByRole('group', { name: 'App language' });
    await user.click(within(languages).getByRole('button', { name: 'Español' }));
    await screen.findByText('Language must be en or es');
    expect(screen.getByRole('heading', { name: 'Account', level: 1 })).toBeTruthy();
  });
});
