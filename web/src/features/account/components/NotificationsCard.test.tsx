import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';

configure({ asyncUtilTimeout: 5000 });

describe('notifications on this device', () => {
  it('says when the browser cannot receive notifications, with the switch off and disabled', async () => {
    // jsdom has no service worker and no Push API.
    renderApp(paths.account, { session: { token: 't1', refreshToken: 'r1' } });
    expect(await screen.findByRole('heading', { name: 'Notifications on this device' })).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: 'Notify me on this device' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect(await screen.findByText(/This browser cannot receive notifications from the app/)).toBeTruthy();
  });
});
