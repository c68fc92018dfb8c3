import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { apiUrl, server } from '@/test/server';
import { renderApp } from '@/test/render';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], username: string, password: string) {
  if (username) await user.type(await screen.findByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('sign-in screen', () => {
  it('shows the links of docs/product.md §2.3', async () => {
    renderApp(paths.root);
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', paths.forgotPassword);
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', paths.signUp);
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', paths.help);
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', paths.contactUs);
  });

  it('requires both fields', async () => {
    const { user } = renderApp(paths.root);
    await fillAndSubmit(user, '', '');
    expect(await screen.findAllByText('This field should not be empty')).toHaveLength(2);
  });

  it('refuses a password shorter than 3 characters', async () => {
    const { user } = renderApp(paths.root);
    await fillAndSubmit(user, 'owner@demo.test', 'ab');
    expect(await screen.findByText("Shouldn't be shorter than 3 characters")).toBeInTheDocument();
  });

  it('toggles the password visibility', async () => {
    const { user } = renderApp(paths.root);
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it.each([
    [401, { status: 401, message: 'whatever' }, 'Login or password are incorrect'],
    [429, { status: 429, message: 'Too many requests - Please try again later' }, 'Too many requests - Please try again later'],
    [500, { status: 500, message: 'boom' }, "Couldn't sign in"],
  ])('shows the banner for a %i answer', async (status, body, banner) => {
    server.use(http.post(apiUrl('/authenticate'), () => HttpResponse.json(body, { status })));
    const { user } = renderApp(paths.root);
    await fillAndSubmit(user, 'owner@demo.test', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(banner);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('disables the button with a spinner while signing in', async () => {
    server.use(
      http.post(apiUrl('/authenticate'), async () => {
        await delay(100);
        return HttpResponse.json({ token: 't1', refreshToken: 'r1' });
      }),
    );
    const { user, router } = renderApp(paths.root);
    await fillAndSubmit(user, 'owner@demo.test', 'DemoPass1');
    const button = screen.getByRole('button', { name: 'Log in' });
    expect(button).toBeDisabled();
    expect(button.querySelector('.signin-spinner')).not.toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
  });

  it('sends the credentials as entered', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('/authenticate'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ token: 't1', refreshToken: 'r1' });
      }),
    );
    const { user } = renderApp(paths.signIn);
    await fillAndSubmit(user, 'owner@demo.test', 'DemoPass1');
    await waitFor(() => expect(body).toEqual({ username: 'owner@demo.test', password: 'DemoPass1' }));
  });
});
