import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths, resetPasswordPath } from '@/lib/paths';
import { apiUrl, server } from '@/test/server';
import { renderApp } from '@/test/render';

describe('forgot password screen', () => {
  it('asks for the email, sends the code and opens the reset screen with the email', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('/account/reset-password/init'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'If an account exists for this email, a code has been sent.' });
      }),
    );
    const { user, router } = renderApp(paths.forgotPassword);
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'driver@demo.test');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.resetPassword));
    expect(body).toEqual({ email: 'driver@demo.test' });
    expect(router.state.location.search).toBe('?email=driver%40demo.test');
    expect(await screen.findByText('If an account exists for this email, a code has been sent.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('driver@demo.test');
  });
});

describe('password reset screen', () => {
  it('prefills email and code from the query string and links back to "/"', async () => {
    renderApp(resetPasswordPath('driver@demo.test', '123456'));
    expect(await screen.findByLabelText('Email')).toHaveValue('driver@demo.test');
    expect(screen.getByLabelText('Code')).toHaveValue('123456');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.root);
    expect(screen.getByText(/Remember your password\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
  });

  it('shows the password rules and the must-match message', async () => {
    const { user } = renderApp(resetPasswordPath('driver@demo.test', '123456'));
    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    expect(await screen.findAllByText('This field should not be empty')).toHaveLength(2);
    await user.type(screen.getByLabelText('New password'), 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Password1');
    expect(await screen.findByText('At least one character and one number are required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), '!');
    await user.type(screen.getByLabelText('Confirm new password'), 'Password2!');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
  });

  it('sends email, code and password, then goes to /signin with a success message', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('/reset-password/complete'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({});
      }),
    );
    const { user, router } = renderApp(resetPasswordPath('driver@demo.test', '123456'));
    await user.type(await screen.findByLabelText('New password'), 'NewPass1!');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewPass1!');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.signIn));
    expect(body).toEqual({ email: 'driver@demo.test', otpCode: '123456', password: 'NewPass1!' });
    // Once: the sign-in banner, no toast as well.
    expect(await screen.findAllByText('Your password has been changed. Sign in with your new password.')).toHaveLength(1);
  });

  it('shows the server message for a wrong code', async () => {
    server.use(
      http.post(apiUrl('/reset-password/complete'), () =>
        HttpResponse.json({ status: 400, message: 'Invalid or expired code' }, { status: 400 }),
      ),
    );
    const { user } = renderApp(resetPasswordPath('driver@demo.test', '999999'));
    await user.type(await screen.findByLabelText('New password'), 'NewPass1!');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewPass1!');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Invalid or expired code')).toBeInTheDocument();
  });
});
