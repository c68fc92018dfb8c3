import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/lib/paths';
import { apiUrl, server } from '@/test/server';
import { startSignInPage } from './start-sign-in-page';

// The sign-in page before the app (src/main.tsx): SignInScreen alone, signing in itself.
let container: HTMLElement | undefined;

function start() {
  container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = '<main class="boot-shell"><h1>Welcome back</h1></main>';
  document.body.append(container);
  const startApp = vi.fn(() => Promise.resolve());
  const prefetchApp = vi.fn();
  act(() => startSignInPage(container!, startApp, prefetchApp));
  return { startApp, prefetchApp, user: userEvent.setup() };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, username: string, password: string) {
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

afterEach(() => {
  container?.remove();
  container = undefined;
  window.history.replaceState(null, '', '/');
});

describe('sign-in page before the app', () => {
  it('replaces the static shell with the page, focused on the username', () => {
    start();
    expect(container!.querySelector('.boot-shell')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', paths.forgotPassword);
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', paths.signUp);
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', paths.help);
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', paths.contactUs);
  });

  it('shows the validation messages and checks a field again as it changes', async () => {
    const { user, startApp } = start();
    await fillAndSubmit(user, '', '');
    expect(screen.getAllByText('This field should not be empty')).toHaveLength(2);
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username')).toHaveFocus();
    await user.type(screen.getByLabelText('Password'), 'ab');
    expect(screen.getByText("Shouldn't be shorter than 3 characters")).toBeInTheDocument();
    expect(screen.getAllByText('This field should not be empty')).toHaveLength(1);
    await user.type(screen.getByLabelText('Username'), '   ');
    expect(screen.getAllByText('This field should not be empty')).toHaveLength(1);
    expect(startApp).not.toHaveBeenCalled();
  });

  it.each([
    [401, { status: 401, message: 'whatever' }, 'Login or password are incorrect'],
    [403, { status: 403, message: 'Your company declined your request.' }, 'Your company declined your request.'],
    [403, { status: 403, message: { field: ['x'] } }, 'Your company declined your request to join. Ask your fleet manager if you think this is a mistake.'],
    [429, { status: 429, message: 'Too many requests - Please try again later' }, 'Too many requests - Please try again later'],
    [429, {}, 'Too many requests - Please try again later'],
    [500, { status: 500, message: 'boom' }, "Couldn't sign in"],
  ])('shows the banner for a %i answer (%j)', async (status, body, banner) => {
    server.use(http.post(apiUrl('/authenticate'), () => HttpResponse.json(body, { status })));
    const { user, startApp } = start();
    await fillAndSubmit(user, 'owner@demo.test', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(banner);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(localStorage.getItem('token')).toBeNull();
    expect(startApp).not.toHaveBeenCalled();
  });

  it('says it could not sign in when the server does not answer', async () => {
    server.use(http.post(apiUrl('/authenticate'), () => HttpResponse.error()));
    const { user } = start();
    await fillAndSubmit(user, 'owner@demo.test', 'DemoPass1');
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't sign in");
  });

  it('stores the tokens as the app does, then starts the app', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('/authenticate'), async ({ request }) => {
        body = await request.json();
        await delay(50);
        return HttpResponse.json({ token: 't1', refreshToken: 'r1' });
      }),
    );
    localStorage.setItem('leftover', 'x');
    const { user, startApp, prefetchApp } = start();
    await fillAndSubmit(user, '  owner@demo.test ', 'DemoPass1');
    const button = screen.getByRole('button', { name: 'Log in' });
    expect(button).toBeDisabled();
    expect(button.querySelector('.signin-spinner')).not.toBeNull();
    await waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
    expect(body).toEqual({ username: 'owner@demo.test', password: 'DemoPass1' });
    expect(localStorage.getItem('token')).toBe('t1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(localStorage.getItem('leftover')).toBeNull();
    expect(prefetchApp).toHaveBeenCalled();
    // Still busy until the app replaces the page.
    expect(button).toBeDisabled();
  });

  it('starts the app on the followed link, at its path', async () => {
    const { user, startApp } = start();
    await user.click(screen.getByRole('link', { name: 'Create account' }));
    expect(window.location.pathname).toBe(paths.signUp);
    expect(startApp).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('link', { name: 'Help' }));
    expect(window.location.pathname).toBe(paths.help);
    expect(startApp).toHaveBeenCalledTimes(1);
  });

  it('leaves a modified click to the browser', async () => {
    const { user, startApp } = start();
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    let prevented: boolean | undefined;
    link.addEventListener('click', (event) => {
      prevented = event.defaultPrevented;
      event.preventDefault(); // jsdom would navigate
    });
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(prevented).toBe(false);
    expect(startApp).not.toHaveBeenCalled();
  });

  it('shows the notice the router state of this history entry carries (a reload after a password reset)', () => {
    window.history.replaceState({ usr: { notice: 'Your password has been changed.' }, key: 'k', idx: 0 }, '', '/signin');
    start();
    expect(screen.getByRole('alert')).toHaveTextContent('Your password has been changed.');
  });

  it('downloads the app on the first key press', async () => {
    const { user, prefetchApp } = start();
    expect(prefetchApp).not.toHaveBeenCalled();
    await user.keyboard('a');
    expect(prefetchApp).toHaveBeenCalled();
  });

  it('ends its own root once the app has replaced it', async () => {
    const { user, startApp } = start();
    const page = container!.firstElementChild!;
    await user.click(screen.getByRole('link', { name: 'Create account' }));
    expect(startApp).toHaveBeenCalled();
    expect(page.childNodes.length).toBeGreaterThan(0);
    // What the app's first render does to #root (React empties its container).
    act(() => container!.replaceChildren(Object.assign(document.createElement('p'), { textContent: 'app' })));
    // Unmounted: React removed what it had rendered into the page's own element.
    await waitFor(() => expect(page.childNodes).toHaveLength(0));
  });
});
