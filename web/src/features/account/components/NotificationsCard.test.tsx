import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
// The browser's side of push (subscribing), as the switch and useTurnOnPush both call it.
import * as push from '@/lib/push/device';
import { paths } from '@/lib/paths';
import { apiUrl, server } from '@/test/server';
import { renderApp } from '@/test/render';


vi.mock('@/lib/push/device', async (original) => ({ ...(await original<typeof import('@/lib/push/device')>()) }));

afterEach(() => {
  vi.restoreAllMocks();
});

/** A browser's subscription as pushManager.subscribe gives it. */
function fakeSubscription(endpoint: string) {
  const unsubscribe = vi.fn(async () => true);
  const sub = { endpoint, unsubscribe, toJSON: () => ({ endpoint, keys: { p256dh: 'BKey', auth: 'auth' } }) };
  return sub as unknown as PushSubscription & { unsubscribe: typeof unsubscribe };
}

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

  it("subscribes afresh when this browser's endpoint is another account's (409)", async () => {
    const taken = fakeSubscription('https://fcm.googleapis.com/fcm/send/taken');
    const fresh = fakeSubscription('https://fcm.googleapis.com/fcm/send/fresh');
    vi.spyOn(push, 'devicePushState').mockResolvedValue('off');
    vi.spyOn(push, 'subscribeDevice').mockResolvedValueOnce(taken).mockResolvedValueOnce(fresh);
    const saved: string[] = [];
    server.use(
      http.get(apiUrl('/push/public-key'), () => HttpResponse.json({ publicKey: 'BPublic' })),
      http.post(apiUrl('/push/subscriptions'), async ({ request }) => {
        const { endpoint } = (await request.json()) as { endpoint: string };
        saved.push(endpoint);
        return endpoint === taken.endpoint
          ? HttpResponse.json({ status: 409, message: "This browser's notifications belong to another account" }, { status: 409 })
          : new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp(paths.account, { session: { token: 't1', refreshToken: 'r1' } });
    const toggle = await screen.findByRole('switch', { name: 'Notify me on this device' });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    await userEvent.click(toggle);
    await waitFor(() => expect(saved).toEqual([taken.endpoint, fresh.endpoint]));
    expect(taken.unsubscribe).toHaveBeenCalledOnce();
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
  });
});
